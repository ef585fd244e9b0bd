"""Pasted lines that wait in the command bar (issue 27): a refused line stops a paste and
the lines after it wait; ``Esc``, ``ctrl+u`` and another paste drop them, saying how many,
so a script the banker gave up never comes back; while they wait the bar shows how many
and the key that drops them.  A paste keeps its place among the keys typed around it.

Every game is the rulebook's example stopped after ``pass Bob``: Carlos can do nothing
(passed for him, 5.11), so it is Amy's turn and ``buy Bob NYC`` is refused.
"""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import Static
from ui_helpers import burst_keys, main_screen, rulebook_save, running, saved_lines, settle

from moderator.ui.app import ModeratorApp
from moderator.ui.widgets.commandbar import CommandBar

SCRIPT = "pass Bob\nbuy Bob NYC\npass Amy\nnote done\n"
"""``pass Bob`` is given, ``buy Bob NYC`` refused, ``pass Amy`` and ``note done`` wait."""


async def burst(pilot, *parts: str | events.Paste) -> None:  # type: ignore[no-untyped-def]
    """Keys and pastes all at once, in this order, as a terminal delivers them (a part
    that is a string is typed as :func:`ui_helpers.burst_keys` reads it)."""
    app = pilot.app
    for part in parts:
        keys = [part] if isinstance(part, events.Paste) else burst_keys(part)
        for key in keys:
            if isinstance(key, events.Paste):
                event: events.Event = key
            else:
                character = {"enter": "\r", "escape": "\x1b", "space": " ", "colon": ":"}
                event = events.Key(key, character.get(key, key if len(key) == 1 else None))
            event.set_sender(app)
            app.post_message(event)
    await settle(pilot)


def waiting_shown(bar: CommandBar) -> str:
    """What the bar shows beside the input about waiting lines (empty when nothing)."""
    found = list(bar.query("#waiting").results(Static))
    if not found or not found[0].display:
        return ""
    return str(found[0].render())


def screen_text(app: ModeratorApp) -> str:
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_waiting_lines_are_counted_with_the_key_that_drops_them(saves: Path) -> None:
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        bar = main_screen(app).bar
        assert waiting_shown(bar) == ""  # nothing pasted: nothing shown (nor mounted)
        assert not bar.query("#waiting")
        await burst(pilot, ":", events.Paste(SCRIPT))
        assert saved_lines(path)[-1] == "pass Bob"
        assert bar.input.value == "buy Bob NYC"
        assert bar.waiting == ["pass Amy", "note done"]
        assert bar.verdict_text.plain.endswith(
            "— 2 pasted lines wait: Enter on an empty bar takes the next, Esc drops them"
        )
        assert waiting_shown(bar) == "2 pasted lines wait · Esc drops"
        assert "2 pasted lines wait · Esc drops" in screen_text(app)
        # the count stays while the banker types (the verdict line follows the typing)
        await burst(pilot, "buy")
        assert "wait" not in bar.verdict_text.plain
        assert waiting_shown(bar) == "2 pasted lines wait · Esc drops"
        # Enter on an empty bar takes the next line: one waits now
        await burst(pilot, "ctrl+w", "enter")
        assert bar.input.value == "pass Amy"
        assert bar.waiting == ["note done"]
        assert waiting_shown(bar) == "1 pasted line waits · Esc drops"
        # given, the last one comes into the bar and nothing waits any more
        await burst(pilot, "enter")
        assert saved_lines(path)[-2:] == ["pass Bob", "pass Amy"]
        assert bar.input.value == "note done" and bar.waiting == []
        assert waiting_shown(bar) == ""


async def test_esc_drops_the_waiting_lines_and_says_how_many(saves: Path) -> None:
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        bar = screen.bar
        await burst(pilot, ":", events.Paste(SCRIPT), "escape")
        assert bar.waiting == [] and waiting_shown(bar) == ""
        assert bar.verdict_text.plain.endswith("— 2 pasted lines dropped")
        assert bar.verdict_text.plain.startswith("✗ refused:")  # the line kept in the bar
        assert app.focused is screen.query_one("#body")  # Esc left the bar, as always
        # back in the bar, the refused line cleared: Enter on the empty bar brings nothing
        before = saved_lines(path)
        await burst(pilot, ":", "ctrl+u", "enter")
        assert bar.input.value == "" and saved_lines(path) == before


async def test_ctrl_u_then_a_new_line_in_a_burst(saves: Path) -> None:
    """``ctrl+u`` and the line typed after it come at once: the waiting lines are dropped
    before the new line is given, so none of them comes into the bar after it."""
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        bar = main_screen(app).bar
        await burst(pilot, ":", events.Paste(SCRIPT))
        assert bar.waiting == ["pass Amy", "note done"]
        await burst(pilot, "ctrl+u")
        assert bar.input.value == "" and bar.waiting == []
        assert bar.verdict_text.plain == "2 pasted lines dropped"
        await burst(pilot, events.Paste(SCRIPT.replace("pass Bob\n", "")))  # again, and:
        await burst(pilot, "ctrl+u", "pass Amy", "enter", "enter")
        assert saved_lines(path)[-2:] == ["pass Bob", "pass Amy"]
        assert bar.input.value == "" and bar.waiting == []  # nothing came back
        assert waiting_shown(bar) == ""


async def test_a_new_paste_drops_the_lines_of_the_one_before(saves: Path) -> None:
    """The new paste's lines are given, the old ones are not kept behind them (they came
    back in front of the banker's new script's own waiting lines)."""
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        bar = main_screen(app).bar
        await burst(pilot, ":", events.Paste(SCRIPT))
        # a new script: its first line refused too, one line of its own waits
        await burst(pilot, events.Paste("buy Bob GT\nnote mine\n"))
        assert bar.input.value == "buy Bob GT"
        assert bar.waiting == ["note mine"]
        plain = bar.verdict_text.plain
        assert plain.startswith("✗ refused:")
        assert "— 2 earlier pasted lines dropped — 1 pasted line waits:" in plain
        assert waiting_shown(bar) == "1 pasted line waits · Esc drops"
        # a third paste, accepted: the one line left is dropped and it is said
        await burst(pilot, events.Paste("pass Amy\n"))
        assert saved_lines(path)[-2:] == ["pass Bob", "pass Amy"]
        assert bar.verdict_text.plain == "✓ pass Amy — 1 earlier pasted line dropped"
        await burst(pilot, "enter")
        assert bar.input.value == "" and bar.waiting == []
        # a paste of one line (no newline) drops them too
        await burst(pilot, events.Paste(SCRIPT.replace("pass Bob\n", "")))
        assert bar.waiting == ["pass Amy", "note done"]
        await burst(pilot, events.Paste("note"))
        assert bar.waiting == [] and bar.input.value == "note"
        assert bar.verdict_text.plain.endswith("— 2 earlier pasted lines dropped")


async def test_a_paste_keeps_its_place_among_the_keys_typed_around_it(saves: Path) -> None:
    """Keys typed right after a paste come after it: the paste was left in the input's
    queue while the keys after it were acted on at once (``note afterpass Carlos``)."""
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        await burst(pilot, ":", events.Paste("note first\n"), "note after", "enter")
        assert saved_lines(path)[-2:] == ["note first", "note after"]
        # and a paste after a ctrl+u in the same burst is not dropped by it
        await burst(pilot, events.Paste(SCRIPT), "ctrl+u", events.Paste("note again\n"))
        bar = main_screen(app).bar
        assert saved_lines(path)[-1] == "note again"
        assert bar.waiting == [] and bar.input.value == ""
