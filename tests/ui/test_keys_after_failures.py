"""Keys typed behind a command that failed as it was given (second round of issue 37).

A rewind whose save cannot be written, and a dialog's command the game refuses as it is
given (its save could not be written), drop the keys typed behind them, as a refused key
does (``ModeratorApp.keys_refused``): those keys were typed for what did not happen.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input
from ui_helpers import (
    main_screen,
    rulebook_save,
    running,
    save_from_script,
    saved_lines,
    send_burst,
    settle,
)

from moderator.game import Game
from moderator.ui.saves import demo_script
from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog
from moderator.ui.screens.history import HistoryScreen
from moderator.ui.screens.sandbox import SandboxScreen
from moderator.ui.screens.start import NewGameScreen, OpenScreen
from moderator.ui.session import UndoFailed


def fail_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The next command's write fails as on a full disk (the game refuses it, unchanged);
    later writes work."""
    accept = Game._accept
    calls = []

    def once(self: Game, *args: object, **kwargs: object) -> object:
        if self.path is not None:  # not a preview's copy
            calls.append(1)
        if len(calls) == 1 and self.path is not None:
            raise OSError(errno.ENOSPC, "No space left on device", str(self.path))
        return accept(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "_accept", once)


async def test_keys_behind_a_failed_rewind_are_not_used(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``h ↑ ↑ Enter y Esc x`` with the rewind's save not writable: History stayed open
    and the ``Esc x`` typed for the rewound game closed it and passed the player to act.
    Now they are not used: History stays open, nothing is journaled."""
    path = rulebook_save(saves, "pass Bob")
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        session = main_screen(app).session

        def broken(upto: int) -> Path | None:
            raise UndoFailed("rewind not done: cannot write the save (No space left on device)")

        monkeypatch.setattr(session, "rewind", broken)
        await send_burst(pilot, "h", "up", "up", "enter", "y", "escape", "x")
        assert isinstance(app.screen, HistoryScreen)
        assert len(session.game.journal) == len(old)
        await send_burst(pilot, "escape", "x")  # typed after: used
        assert len(session.game.journal) == len(old) + 1
    assert saved_lines(path) == [*old, "pass Bob"]


async def test_keys_behind_a_dialog_command_refused_as_given_are_not_used(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``e 2 0 Enter r 6 0 Enter`` when the spend's save cannot be written: the spend was
    refused, the dialog closed, and the run typed to follow the spend was given without
    it.  Now the run's keys are not used; the same keys typed after are."""
    path = rulebook_save(saves, "spend MS 20")
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        fail_once(monkeypatch)
        await send_burst(pilot, "e", "20", "enter", "r", "60", "enter")
        assert app.screen is main_screen(app)
        assert len(session.game.journal) == len(old)
        await send_burst(pilot, "e", "20", "enter", "r", "60", "enter")
    assert saved_lines(path) == [*old, "spend MS 20", "run MS 60"]


async def test_keys_behind_a_refused_done_of_a_dialog_are_not_used(saves: Path) -> None:
    """``e 2 0 d r 6 0 Enter``: ``d`` gives the spend, then MS's ``done``, which the rules
    refuse (MS has not run, 6.2 D); the ``r 6 0 Enter`` typed for the next company ran MS.
    Now those keys are not used, as behind the main screen's refused ``d``."""
    path = rulebook_save(saves, "spend MS 20")
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "e", "20", "d", "r", "60", "enter")
        assert app.screen is main_screen(app)
    assert saved_lines(path) == [*old, "spend MS 20"]


async def test_keys_behind_a_save_that_cannot_be_opened_are_not_used(saves: Path) -> None:
    """``ctrl+o ↓ Enter h Esc x``: the older save is held by another moderator, so it is not
    opened and the list stays; the ``h`` typed for its game did nothing there, the ``Esc``
    closed the list and the ``x`` passed Bob in the game still shown.  Now the keys typed
    behind the refused Enter are not used: the list stays, the game shown is unchanged."""
    newer = rulebook_save(saves, "pass Bob", name="newer.json")
    older = rulebook_save(saves, "# Stock Round 1", name="older.json")
    os.utime(older, (1_700_000_000, 1_700_000_000))
    os.utime(newer, (1_700_100_000, 1_700_100_000))
    lines = saved_lines(newer)
    holder = Game.load(older)  # another moderator has it open
    try:
        async with running(saves) as (app, pilot):
            assert main_screen(app).session.game.path == newer
            await send_burst(pilot, "ctrl+o", "down", "enter", "h", "escape", "x")
            assert isinstance(app.screen, OpenScreen)
            await send_burst(pilot, "escape", "x")  # typed after: used
            assert app.screen is main_screen(app)
    finally:
        holder.close()
    assert saved_lines(newer) == [*lines, "pass Bob"]


async def test_keys_behind_a_refused_start_are_not_typed_into_the_form(saves: Path) -> None:
    """``n Amy Bob ctrl+s x``: 1846 needs 3 players, the start is refused, and the ``x``
    typed for the new game's first pass went into the players' field ("Amy Bobx").  Now
    it is not used; a key typed after the refusal is the field's."""
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "Amy Bob", "ctrl+s", "x")
        assert isinstance(app.screen, NewGameScreen)
        players = app.screen.query_one("#players", Input)
        assert players.value == "Amy Bob"
        await send_burst(pilot, " Carlos")
        assert players.value == "Amy Bob Carlos"
    assert list(saves.iterdir()) == []


async def test_keys_behind_an_amount_refused_are_not_typed_into_it(saves: Path) -> None:
    """``e 0 Enter r 4 0 Enter``: the spend of 0 is refused and the dialog stays open; the
    run's ``4 0 Enter`` typed behind it went into the amount and spent 40.  Now they are
    not used: nothing is given, the dialog shows the refusal; keys typed after are its."""
    path = rulebook_save(saves, "spend MS 20")
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "e", "0", "enter", "r", "40", "enter")
        assert isinstance(app.screen, AmountDialog)
        assert saved_lines(path) == old
        await send_burst(pilot, "20", "enter")
    assert saved_lines(path) == [*old, "spend MS 20"]


async def test_keys_behind_a_correction_whose_later_line_stops_are_not_used(
    saves: Path,
) -> None:
    """``h ↑… e 1 0 Enter k y`` in one burst, where a later line no longer applies: the
    replay stops on it in the command bar, selected, and the ``k y`` typed for the
    comparison replaced it ("ky").  Now they are not used: the stopped line stays."""
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        ups = ["up"] * (len(old) - 49)  # line 49: run NYC
        await send_burst(pilot, "h", *ups, "e", "10", "enter", "k", "y")
        box = app.screen
        assert isinstance(box, SandboxScreen) and box.amended is not None
        assert box.amended.stop is not None
        assert box.bar.input.value == "buyprivate NYC MAIL 80"
    assert saved_lines(path) == old


async def test_keys_behind_a_refused_bar_line_are_not_used(saves: Path) -> None:
    """``: pass Zed Enter`` is refused and stays in the bar, selected; the keys typed behind
    the Enter replaced it: ``x`` left "x" in the bar, and a second line ``pass Bob Enter``
    was given without the banker seeing the first refused (pasted lines wait behind a
    refused one).  Now they are not used, in the real game and in a sandbox."""
    path = rulebook_save(saves, "pass Bob")
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await send_burst(pilot, ":pass Zed", "enter", "x")
        assert screen.bar.input.value == "pass Zed"
        await send_burst(pilot, "enter", "pass Bob", "enter")
        assert screen.bar.input.value == "pass Zed" and saved_lines(path) == old
        await send_burst(pilot, "escape", "o", ":pass Zed", "enter", "pass Bob", "enter")
        box = app.screen
        assert isinstance(box, SandboxScreen)
        assert box.bar.input.value == "pass Zed"
        assert len(box.session.game.journal) == len(old)
    assert saved_lines(path) == old


async def demo_after_run(tmp_path: Path) -> tuple[Path, list[str]]:
    """The 1846 demo (OR 3.1) after PRR's run of 90: the bank's next train (a 5) is
    refused to PRR, which may end its turn (it holds a train)."""
    path = tmp_path / "g.json"
    save_from_script(path, demo_script() + "\nrun PRR 90 full\n").close()
    return path, saved_lines(path)


@pytest.mark.parametrize(
    "keys",
    [
        ("t", "enter", "escape", "d"),  # Enter on the refused train
        ("t", "d", "escape", "d"),  # d on it
        ("t", "z", "escape", "d"),  # a letter that matches nothing
        ("t", "z", "backspace", "escape", "d"),  # the miss erased: still typed behind it
        ("t", "5", "z", "enter", "escape", "d"),  # Enter on a miss
    ],
)
async def test_keys_behind_a_refused_choice_are_not_used(
    tmp_path: Path, keys: tuple[str, ...]
) -> None:
    """``t Enter Esc d`` with the bank's 5 refused to PRR: the list stayed, the ``Esc``
    typed for what follows the train closed it and the ``d`` ended PRR's turn without
    the train it was typed after.  Now the keys typed behind a refused choice (Enter or
    ``d`` on a refused line, a letter that matches nothing, Enter on such a miss) are not
    used: the list stays, nothing is given; keys typed after the refusal are the list's."""
    path, old = await demo_after_run(tmp_path)
    async with running(tmp_path) as (app, pilot):
        await send_burst(pilot, *keys)
        assert isinstance(app.screen, ChoiceDialog), app.screen
        assert saved_lines(path) == old
        await send_burst(pilot, "escape")  # typed after the refusal: used
        assert app.screen is main_screen(app)
        await send_burst(pilot, "d")
    assert saved_lines(path) == [*old, "done PRR"]


@pytest.mark.parametrize("key", ["full_stop", "minus", "space", "x"])
async def test_a_character_that_is_no_digit_in_an_amount_is_refused(saves: Path, key: str) -> None:
    """Round 4: a character an amount dialog has no key for was ignored, so the digits
    around it made another amount: ``e 4 . 5 Enter`` spent 45 (``4 - 5``, ``4 , 5``,
    ``4 x 5`` the same).  Now it is a refused key: a bell, the dialog says so under the
    amount, nothing is typed and the keys typed behind it are not used; a digit typed
    once the refusal is shown goes on with the amount (``0 Enter`` spends 40)."""
    path = rulebook_save(saves, "spend MS 20")
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        for part in ("e", "4", key, "5", "enter"):
            event = events.Key(part, None if len(part) > 1 else part)
            event.set_sender(app)
            app.post_message(event)
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, AmountDialog) and dialog.amount == 4
        assert "is no digit" in dialog.reason_text
        assert saved_lines(path) == old
        await send_burst(pilot, "0", "enter")
    assert saved_lines(path) == [*old, "spend MS 40"]


async def test_keys_behind_a_letter_the_saves_list_has_no_key_for_are_not_used(
    saves: Path,
) -> None:
    """Round 4: ``ctrl+o ↓ x Enter``: ``x`` is no key of the saves list; it did nothing and
    the Enter typed behind it opened the older save.  Now it is refused: a bell, the line
    under the list says so, and the Enter is not used; the game shown is unchanged."""
    newer = rulebook_save(saves, "pass Bob", name="newer.json")
    older = rulebook_save(saves, "# Stock Round 1", name="older.json")
    os.utime(older, (1_700_000_000, 1_700_000_000))
    os.utime(newer, (1_700_100_000, 1_700_100_000))
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "ctrl+o", "down", "x", "enter")
        assert isinstance(app.screen, OpenScreen)
        assert "'x' is no key" in str(app.screen.query_one("#open-error").render())
        await send_burst(pilot, "escape")
        assert main_screen(app).session.game.path == newer
