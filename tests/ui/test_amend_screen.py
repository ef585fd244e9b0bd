"""Correcting a past line in the TUI (issue 39): History's ``e``, ``i`` and ``Delete``.

The rulebook's example (70 lines); line 49 is ``run NYC 370 half``, after which NYC buys
the Mail Contract at $80 and the Chicago & Western Indiana at $60 (OR 2.1).

`h`, ↑ to the line, `e` in one burst: a what-if sandbox just before it, the command bar
holding the line; the edit's ⏎ gives it to the sandbox only and every later line again;
a later line that no longer applies stops in the bar, selected, with the rule, the lines
after it waiting; ⌫ ⏎ ⏎ drops it and goes on.  Nothing reaches the save until the keep
question's `y`: then the save holds the corrected game, a backup the old one, and the
journal the record of the amendment, shown in History.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList
from ui_helpers import main_screen, rulebook_save, running, saved_lines, send_burst

from moderator.game import Game
from moderator.ui.screens.dialogs import ConfirmDialog
from moderator.ui.screens.history import HistoryScreen
from moderator.ui.screens.sandbox import SandboxScreen, WhatIfScreen

RUN_NYC = 49


def ups(total: int, number: int) -> list[str]:
    """The arrows from History's last line up to line ``number``."""
    return ["up"] * (total - number)


async def test_h_arrows_e_edits_the_line_and_keep_is_asked(saves: Path) -> None:
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    total = len(old)
    assert old[RUN_NYC - 1] == "run NYC 370 half"
    async with running(saves) as (app, pilot):
        real = main_screen(app)
        # one burst: History, the arrows, `e`, the digits typed over the line's end, ⏎
        edit = ["backspace"] * len("70 half") + ["60 half"]
        await send_burst(pilot, "h", *ups(total, RUN_NYC), "e", *edit, "enter")
        view = app.screen
        assert isinstance(view, WhatIfScreen), type(view)
        box = view.sandbox_screen
        assert box.amended is not None and box.amended.done
        assert box.session.game.journal[RUN_NYC - 1].line == "run NYC 360 half"
        assert saved_lines(path) == old  # the edit's ⏎ reached the sandbox only
        assert [e.line for e in real.session.game.journal] == old
        assert view.comparison is not None and view.comparison.differences()
        await send_burst(pilot, "k")
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        await send_burst(pilot, "n")  # declined: nothing kept
        assert saved_lines(path) == old
        await send_burst(pilot, "k", "y")
        assert app.screen is real
        new = saved_lines(path)
        assert new == [*old[: RUN_NYC - 1], "run NYC 360 half", *old[RUN_NYC:]]
        backup = saves / f"rulebook.before-amend-{RUN_NYC}.json"
        assert saved_lines(backup) == old
        record = Game.load(path, read_only=True).journal[RUN_NYC - 1].amended
        assert record and (record[-1].old, record[-1].new) == (old[RUN_NYC - 1], new[RUN_NYC - 1])
        # History shows the record on the line
        await send_burst(pilot, "h")
        history = app.screen
        assert isinstance(history, HistoryScreen)
        journal = history.query_one("#journal", OptionList)
        shown = str(journal.get_option(str(RUN_NYC)).prompt)
        assert "✎ amended line 49: run NYC 370 half -> run NYC 360 half" in shown


async def test_a_line_that_no_longer_applies_stops_in_the_bar_and_is_dropped(
    saves: Path,
) -> None:
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    total = len(old)
    async with running(saves) as (app, pilot):
        edit = ["backspace"] * len("370 half") + ["10 half"]
        await send_burst(pilot, "h", *ups(total, RUN_NYC), "e", *edit, "enter")
        box = app.screen
        assert isinstance(box, SandboxScreen) and box.amended is not None
        stop = box.amended.stop
        assert stop is not None and stop.number == RUN_NYC + 1
        bar = box.bar
        assert bar.input.value == "buyprivate NYC MAIL 80"
        assert bar.input.selected_text == "buyprivate NYC MAIL 80"
        verdict = bar.verdict_text.plain
        assert "no longer applies" in verdict and "(6.91)" in verdict
        assert len(bar.waiting) == total - RUN_NYC - 1
        assert saved_lines(path) == old
        dropped = []
        for _ in range(10):  # drop each line that stops until every later line is given
            if not isinstance(app.screen, SandboxScreen):
                break
            assert box.amended.stop is not None
            dropped.append(box.amended.stop.number)
            await send_burst(pilot, "backspace", "enter", "enter")
        assert isinstance(app.screen, WhatIfScreen)
        await send_burst(pilot, "k", "enter")
        assert app.screen is main_screen(app)
        new = saved_lines(path)
        want = [x for n, x in enumerate(old, 1) if n not in dropped]
        want[RUN_NYC - 1] = "run NYC 10 half"
        assert new == want
        record = Game.load(path, read_only=True).journal[RUN_NYC - 1].amended[-1]
        assert [int(x.split(":")[0]) for x in record.dropped] == dropped


async def test_insert_and_delete_from_history(saves: Path) -> None:
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    total = len(old)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", *ups(total, 60), "i", "note late", "enter")
        assert isinstance(app.screen, WhatIfScreen)
        await send_burst(pilot, "k", "y")
        assert saved_lines(path) == [*old[:59], "note late", *old[59:]]
        await send_burst(pilot, "h", *ups(total + 1, 60), "delete")
        assert isinstance(app.screen, WhatIfScreen)
        await send_burst(pilot, "k", "y")
        assert saved_lines(path) == old
        # in a sandbox, History's e says a correction is made from the real game's
        await send_burst(pilot, "o", "h", "e")
        assert isinstance(app.screen, HistoryScreen) and app.screen.whatif is not None
