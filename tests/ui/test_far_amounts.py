"""An amount far outside the game asks once, and typed-ahead keys never answer (37.5).

The rule (``dialogs.far_outside``): a run's revenue more than twice the highest run of
the game so far, a price agreed for a train more than twice the dearest train of the
title, a private's price more than twice its value (the top of its range) — and over
1,000 — is asked about before it is given.  Only a key typed after the question is on
screen answers it: ``y`` gives the command, ``n`` or Esc goes back to the amount; the
keys typed before it (the rest of the burst) are counted and not taken.  In the 1846
demo ``r 5 0 Esc r 6 0 Enter`` once journaled ``run PRR 5060 full`` unasked.
"""

from __future__ import annotations

from pathlib import Path

from test_same_keys import demo
from textual.pilot import Pilot
from ui_helpers import main_screen, running, save_from_script, saved_lines, send_burst

from moderator import commands as c
from moderator.ui.saves import demo_script
from moderator.ui.screens.dialogs import FarAmountQuestion, RunDialog, far_outside
from moderator.ui.screens.main import MainScreen


async def shown(pilot: Pilot[None]) -> FarAmountQuestion:
    """The question on top, once it is drawn (a key typed from then on answers it)."""
    for _ in range(50):
        question = pilot.app.screen
        if isinstance(question, FarAmountQuestion) and question.shown_at is not None:
            return question
        await pilot.pause()
    raise AssertionError(f"no question drawn: {pilot.app.screen!r}")


async def test_a_revenue_far_outside_asks_and_the_keys_typed_ahead_do_not_answer(
    tmp_path: Path,
) -> None:
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "r", "5", "0", "6", "0", "enter", "y", "d", "x")
        question = await shown(pilot)
        assert question.dropped == 3 and saved_lines(path) == before
        assert "more than twice the highest run of the game so far" in question.why
        await pilot.press("y")  # typed after the question is shown: the answer
        await pilot.pause()
        assert saved_lines(path)[len(before) :] == ["run PRR 5060 full"]
        assert isinstance(app.screen, MainScreen)


async def test_no_goes_back_to_the_amount(tmp_path: Path) -> None:
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "r", "5", "0", "6", "0", "d")
        await shown(pilot)
        await pilot.press("enter")  # Enter is no answer
        assert isinstance(app.screen, FarAmountQuestion)
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RunDialog) and dialog.amount == 5060
        await send_burst(pilot, "6", "0", "d")  # the amount selected: typing replaces it
        assert saved_lines(path)[len(before) :] == ["run PRR 60 full", "done PRR"]


async def test_d_answered_yes_runs_and_ends_the_turn(tmp_path: Path) -> None:
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "r", "5", "0", "6", "0", "d")
        await shown(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert saved_lines(path)[len(before) :] == ["run PRR 5060 full", "done PRR"]


async def test_an_amount_within_the_game_is_not_asked(tmp_path: Path) -> None:
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "r", "9", "9", "0", "enter")
        assert saved_lines(path)[len(before) :] == ["run PRR 990 full"]
        assert not any(isinstance(s, FarAmountQuestion) for s in app.screen_stack)
        main_screen(app)


def test_the_rule(tmp_path: Path) -> None:
    """Over 1,000 and more than twice the most seen: both, or no question."""
    from moderator.ui.session import Session

    game = save_from_script(tmp_path / "g.json", demo_script())
    session = Session(game)
    best = max(e.command.revenue for e in game.journal if isinstance(e.command, c.Run))
    assert 2 * best < 1000  # the demo's runs are small: the floor decides
    assert far_outside(session, c.Run(company="PRR", revenue=1000)) is None
    why = far_outside(session, c.Run(company="PRR", revenue=1010))
    assert (
        why
        == f"$1,010 is more than twice the highest run of the game so far (${best}) and over $1,000"
    )
    assert far_outside(session, c.Spend(company="PRR", amount=5000)) is None  # not a kind asked
    game.close()


def test_the_highest_run_decides_above_the_floor(tmp_path: Path) -> None:
    """A game whose runs reach 700: 1,400 is not asked, 1,410 is."""
    from moderator.ui.session import Session

    game = save_from_script(tmp_path / "g.json", demo_script())
    session = Session(game)
    runs = [e.command for e in game.journal if isinstance(e.command, c.Run)]
    high = runs[0].model_copy(update={"revenue": 700})
    entry = next(e for e in game.journal if e.command == runs[0])
    object.__setattr__(entry, "command", high)  # as if the game had run 700 (read only)
    assert far_outside(session, c.Run(company="PRR", revenue=1400)) is None
    assert far_outside(session, c.Run(company="PRR", revenue=1410)) is not None
    game.close()


def test_scripts_are_never_asked(tmp_path: Path) -> None:
    """The engine (scripts, ``play``) takes the run as written: only the TUI asks."""
    game = save_from_script(tmp_path / "g.json", demo_script())
    assert game.try_command(c.Run(company="PRR", revenue=5060, option="full")) is None
    game.close()


async def test_the_keys_typed_behind_a_key_that_is_no_answer_are_not_used(
    tmp_path: Path,
) -> None:
    """Fifth keys round: with the question on screen, ``Enter y`` (or ``z y``) typed at once
    gave the run with the ``y`` typed behind a key that answered nothing.  Now the keys
    behind it are not used; ``y`` typed after the bell answers."""
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "r", "5", "0", "6", "0", "enter")
        await shown(pilot)
        for stray in ("enter", "z", "ctrl+z"):
            await send_burst(pilot, stray, "y")
            assert isinstance(app.screen, FarAmountQuestion), stray
            assert saved_lines(path) == before
        await send_burst(pilot, "y")
        assert saved_lines(path)[len(before) :] == ["run PRR 5060 full"]
