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

import pytest
from amend_games import RECORDED, SCRIPTS, recorded_game
from textual.widgets import OptionList
from ui_helpers import (
    main_screen,
    rulebook_save,
    running,
    save_from_script,
    saved_lines,
    send_burst,
)

from moderator.amend import amend
from moderator.errors import Refusal
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
        # one burst: History, the arrows, `e`, the digits (the amount comes selected), ⏎
        await send_burst(pilot, "h", *ups(total, RUN_NYC), "e", "360", "enter")
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
        assert dialog.question == f"Keep the correction of line {RUN_NYC}?"
        assert "amended line 49: run NYC 370 half -> run NYC 360 half" in dialog.detail
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
        await send_burst(pilot, "h", *ups(total, RUN_NYC), "e", "10", "enter")
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


async def test_h_up_up_e_edits_the_line_two_up(saves: Path) -> None:
    """Acceptance 4: the keys typed ahead spell the line; the bar holds it, its amount
    selected; Esc leaves it and nothing is given (the real game untouched)."""
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", "up", "up", "e")
        box = app.screen
        assert isinstance(box, SandboxScreen) and box.amended is not None
        assert box.amended.number == len(old) - 2
        assert box.bar.input.value == old[-3]
        assert box.focused is box.bar.input
        assert len(box.session.game.journal) == len(old) - 3
    assert saved_lines(path) == old


@pytest.mark.parametrize("title", sorted(RECORDED))
async def test_history_e_on_every_title_s_recorded_game(saves: Path, title: str) -> None:
    """Acceptance 1 through the keys: the last run of each title's recorded game whose
    revenue can move (by $10, $20 or -$10) with every later line applying, edited with
    `h ↑… e digits ⏎`
    and kept with `k y`: the save is the core's amended game."""
    game = recorded_game(title)
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "game.json"
    game.save(path)
    total = len(game.journal)
    found = None
    for number in range(total, 0, -1):
        words = game.journal[number - 1].line.split()
        if words[0] != "run":
            continue
        for step in (10, 20, -10):
            digits = str(int(words[2]) + step)
            try:
                done = amend(game, number, " ".join([*words[:2], digits, *words[3:]]))
            except Refusal:
                continue
            if done.done and int(digits) >= 0:
                found = number, digits, done
                break
        if found:
            break
    assert found is not None, f"no run of {title} to amend"
    number, digits, done = found
    want = [e.line for e in done.game.journal]
    game.close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", *ups(total, number), "e", digits, "enter")
        assert isinstance(app.screen, WhatIfScreen), title
        await send_burst(pilot, "k", "y")
        assert app.screen is main_screen(app)
    assert saved_lines(path) == want
    assert Game.load(path, read_only=True).state_json() == done.game.state_json()


async def test_the_whole_correction_typed_in_one_burst(saves: Path) -> None:
    """``h ↑… e 3 6 0 Enter k y ctrl+z`` typed at once: the keys after the edit's Enter
    went to the sandbox before its later lines were given again (``k y`` did nothing
    there, ``ctrl+z`` undid the edited line and the replay then crashed the app); now they
    wait for the compare view, as when typed one at a time: the correction is kept, then
    the real game's last line is undone."""
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    total = len(old)
    async with running(saves) as (app, pilot):
        burst = ["h", *ups(total, RUN_NYC), "e", "360", "enter", "k", "y", "ctrl+z"]
        await send_burst(pilot, *burst)
        assert app.screen is main_screen(app)
    want = [*old[: RUN_NYC - 1], "run NYC 360 half", *old[RUN_NYC:]]
    assert saved_lines(path) == want[:-1]


async def test_a_deletion_typed_in_one_burst(saves: Path) -> None:
    """``h ↑… Delete k y`` typed at once: ``k y`` reached the sandbox before the later
    lines were given again (nothing was kept, the compare view stayed open); now they
    answer the compare view, as typed one at a time."""
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", *ups(len(old), 60), "delete", "k", "y")
        assert app.screen is main_screen(app)
    assert saved_lines(path) == [*old[:59], *old[60:]]


async def test_the_table_s_changes_are_shown_before_the_keep_and_logged_after(
    saves: Path,
) -> None:
    """The bank never acts unseen: the what-if view of a correction lists what the keep
    changes on the table (each holder's figures before and after, computed by the engine),
    and the real game's log keeps the list once kept."""
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        real = main_screen(app)
        await send_burst(pilot, "h", *ups(len(old), RUN_NYC), "e", "360", "enter")
        view = app.screen
        assert isinstance(view, WhatIfScreen)
        amended = view.sandbox_screen.amended
        assert amended is not None
        changes = [c.text() for c in amended.on_table()]
        assert any(c.startswith("NYC: treasury ") for c in changes), changes
        shown = str(view.query_one("#whatif-lines").render())
        assert "On the table, the keep changes (" in shown
        for change in changes:
            assert change in shown
        await send_burst(pilot, "k", "y")
        assert app.screen is real
        logged = real.log_panel.plain_lines
        assert any(line.startswith("on the table, change (") for line in logged), logged
        for change in changes:
            assert f"  {change}" in logged


async def test_a_correction_to_what_the_line_was_keeps_nothing(saves: Path) -> None:
    """``e ⏎``: the line given again as it was, every later line as before: the question
    says nothing changes, and its ``y`` writes nothing (no backup, no record)."""
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    before = {p.name: p.read_bytes() for p in saves.iterdir() if not p.name.startswith(".")}
    async with running(saves) as (app, pilot):
        real = main_screen(app)
        await send_burst(pilot, "h", *ups(len(old), RUN_NYC), "e", "enter")
        view = app.screen
        assert isinstance(view, WhatIfScreen)
        assert "Nothing changes" in str(view.query_one("#whatif-lines").render())
        await send_burst(pilot, "k")
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert dialog.question == f"Line {RUN_NYC} is unchanged: leave the correction?"
        await send_burst(pilot, "y")
        assert app.screen is real
        assert any("nothing changed" in line for line in real.log_panel.plain_lines)
    after = {p.name: p.read_bytes() for p in saves.iterdir() if not p.name.startswith(".")}
    assert after == before


async def test_ctrl_z_in_a_correction_never_takes_back_the_corrected_line(saves: Path) -> None:
    """``ctrl+z`` at a stop (the corrected line the last given) or while the line is being
    edited would take back the corrected line or the one before it, and the keep's record
    would name a line the kept game does not hold: not undone, the log says why.  A later
    line given again may be taken back: the keep records it dropped."""
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    total = len(old)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", *ups(total, RUN_NYC), "e", "10", "enter")
        box = app.screen
        assert isinstance(box, SandboxScreen) and box.amended is not None
        assert box.amended.stop is not None and len(box.session.game.journal) == RUN_NYC
        await send_burst(pilot, "ctrl+z")
        assert len(box.session.game.journal) == RUN_NYC
        assert box.session.game.journal[-1].line == "run NYC 10 half"
        assert (
            "not undone: ctrl+z here would take back the corrected line 49 itself"
            in (box.log_panel.plain_lines[-1])
        )
        await send_burst(pilot, "escape", "o", "x", "y")  # leave it: nothing kept
        assert app.screen is main_screen(app)
        await send_burst(pilot, "h", *ups(total, RUN_NYC), "e")
        box = app.screen
        assert isinstance(box, SandboxScreen)
        await send_burst(pilot, "ctrl+z")  # the line is being edited: line 48 stays
        assert len(box.session.game.journal) == RUN_NYC - 1
        assert "a line before line 49" in box.log_panel.plain_lines[-1]
        await send_burst(pilot, "360", "enter")
        assert isinstance(app.screen, WhatIfScreen)
        await send_burst(pilot, "escape", "ctrl+z", "o")  # the last line given is taken back
        assert isinstance(app.screen, WhatIfScreen)
        await send_burst(pilot, "k", "y")
        assert app.screen is main_screen(app)
    want = [*old[: RUN_NYC - 1], "run NYC 360 half", *old[RUN_NYC:-1]]
    assert saved_lines(path) == want
    record = Game.load(path, read_only=True).journal[RUN_NYC - 1].amended[-1]
    assert record.new == "run NYC 360 half" and record.dropped == (f"{total}: {old[-1]}",)


async def test_the_log_never_cuts_the_changed_lines_silently(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log narrates the first later lines given again with other figures (20); the
    rest are counted, never left out unsaid (here the bound is 0: every one is counted).
    Line 19, ``run MS 60``, paid $70: a later line of MS pays otherwise."""
    from moderator.ui.screens import sandbox as sandbox_screen

    monkeypatch.setattr(sandbox_screen, "SHOWN_CHANGED", 0)
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    assert old[18] == "run MS 60"
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", *ups(len(old), 19), "e", "70", "enter")
        view = app.screen
        assert isinstance(view, WhatIfScreen)
        logged = view.sandbox_screen.log_panel.plain_lines
        assert (
            "  … 1 more line with other figures (History shows each; o lists what changes "
            "on the table)" in logged
        ), [x for x in logged if "given again" in x]


async def test_e_on_a_train_bought_from_a_company_selects_its_price(saves: Path) -> None:
    """``train UR 3 from GT 1``: `e` selects the price, and the digits typed correct it
    (they replaced the train's type `3`, and the line was refused)."""
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "game.json"
    text = (SCRIPTS / "1817-trains-buyback.script").read_text(encoding="utf-8")
    save_from_script(path, text).close()
    old = saved_lines(path)
    number = old.index("train UR 3 from GT 1") + 1
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", *ups(len(old), number), "e", "11", "enter")
        box = app.screen
        if isinstance(box, WhatIfScreen):
            box = box.sandbox_screen
        assert isinstance(box, SandboxScreen) and box.amended is not None
        assert box.session.game.journal[number - 1].line == "train UR 3 from GT 11"
    assert saved_lines(path) == old


async def test_a_later_run_that_pays_otherwise_shows_its_payments(saves: Path) -> None:
    """Line 22, ``issue GT 2``, corrected to 3: GT's treasury holds a share more when
    line 58, ``run GT 160 full``, pays; the log lists that run with what the bank pays
    each holder now (its receipt's payments: the bank never acts unseen), not its line
    alone."""
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    assert old[21] == "issue GT 2" and old[57] == "run GT 160 full"
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", *ups(len(old), 22), "e", "3", "enter")
        view = app.screen
        assert isinstance(view, WhatIfScreen)
        game = view.sandbox_screen.session.game
        assert game.journal[21].line == "issue GT 3"
        logged = view.sandbox_screen.log_panel.plain_lines
        at = logged.index("  58 run GT 160 full")
        paid = [x.strip() for x in logged[at + 1 : at + 3]]
        assert paid == ["The bank pays Amy $48", "The bank pays GT $64"], logged[at:]
