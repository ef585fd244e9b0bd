"""The command bar's own keys in a burst (fifth keys round).

Tab with nothing to complete, and ↑ or ↓ with no line further to recall, rang and did
nothing, and the keys typed behind them went on: ``: spend MS 1 Tab 0 Enter`` spent 10
(the ``0`` typed behind the Tab made another amount), and with one line recalled ``↑ ↑
Enter`` gave it again although the second ↑, which the Enter was typed to follow, found
nothing.  Now such a key is refused as a dimmed key is: a bell, and the keys typed
behind it are not used; the line stays in the bar and a key typed after it acts.
"""

from __future__ import annotations

from pathlib import Path

from ui_helpers import main_screen, rulebook_save, running, saved_lines, send_burst


async def test_tab_with_nothing_to_complete_refuses_the_keys_behind_it(saves: Path) -> None:
    path = rulebook_save(saves, "spend MS 20")
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        bar = main_screen(app).bar
        await send_burst(pilot, ":", "spend MS 1", "tab", "0", "enter")
        assert bar.input.value == "spend MS 1" and saved_lines(path) == before
        await send_burst(pilot, "0", "enter")  # typed after the bell: as usual
        assert bar.input.value == ""
    assert saved_lines(path)[len(before) :] == ["spend MS 10"]


async def test_recall_past_the_first_line_refuses_the_keys_behind_it(saves: Path) -> None:
    path = rulebook_save(saves, "spend MS 20")
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        bar = main_screen(app).bar
        await send_burst(pilot, ":spend MS 10", "enter")
        await send_burst(pilot, "up", "up", "enter")
        assert bar.input.value == "spend MS 10"
        assert saved_lines(path)[len(before) :] == ["spend MS 10"]
        await send_burst(pilot, "down", "down", "x")  # past the last: the x is not typed
        assert bar.input.value == ""
        await send_burst(pilot, "up", "enter")  # one line back: given again
    assert saved_lines(path)[len(before) :] == ["spend MS 10", "spend MS 10"]


async def test_the_bars_own_key_typed_again_at_once_starts_the_next_line(saves: Path) -> None:
    """``: spend MS 10 Enter : spend MS 20 Enter`` in one burst: the bar stays open after
    the first line, so the second ``:`` went into the line, and ``:spend MS 20`` was
    refused as an unknown command.  The ``:`` is the bar's key: both lines are given."""
    path = rulebook_save(saves, "spend MS 20")
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        bar = main_screen(app).bar
        await send_burst(pilot, ":spend MS 10", "enter", ":spend MS 20", "enter")
        assert bar.input.value == ""
    assert saved_lines(path)[len(before) :] == ["spend MS 10", "spend MS 20"]
