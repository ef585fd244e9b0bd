"""Ninth keys round (every title): the command bar, History and corrections, the new-game
form and the saves list, the screens over the main one, typed at once.

* 1846: while an independent railroad (MS, BIG4) operates, ``v`` was refused ("BIG4 is an
  independent railroad and cannot buy private companies") where the engine accepts the
  next corporation's purchase as the contract's implicit ``done`` (``: buyprivate GT MAIL
  60`` ended BIG4's turn and bought).  Now ``v`` offers the next corporation's purchases
  and says the independent's turn ends; before the independent has run it is refused with
  the engine's reason for both.
"""

from __future__ import annotations

from pathlib import Path

from bursting import key_event, settle
from textual.pilot import Pilot
from ui_helpers import main_screen, rulebook_save, running, saved_lines

from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog


async def type_at_once(pilot: Pilot[None], *keys: str) -> None:
    """Post Textual's key names all at once (a terminal's burst), then settle."""
    app = pilot.app
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app.post_message(event)
    await settle(pilot)


async def type_one_by_one(pilot: Pilot[None], *keys: str) -> None:
    """The same keys, the app settled between each."""
    for key in keys:
        await type_at_once(pilot, key)


BUY_MAIL = ("v", "m", "a", "i", "l", "enter", "5", "0", "enter")


async def test_v_while_an_independent_operates_offers_the_next_corporations_purchase(
    tmp_path: Path,
) -> None:
    """BIG4 has run and still operates (1846 rulebook example, OR 1.1): GT is next."""
    at_once = rulebook_save(tmp_path / "a", "issue GT 2")
    one_by_one = rulebook_save(tmp_path / "b", "issue GT 2")
    before = saved_lines(at_once)
    async with running(at_once.parent) as (app, pilot):
        await type_at_once(pilot, "v")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        first = dialog.query_one("OptionList").get_option_at_index(0).prompt
        assert "BIG4's turn ends" in str(first)
        await type_at_once(pilot, *BUY_MAIL[1:])
        assert app.screen is main_screen(app)
    async with running(one_by_one.parent) as (app, pilot):
        await type_one_by_one(pilot, *BUY_MAIL)
        assert app.screen is main_screen(app)
    assert saved_lines(at_once)[len(before) :] == ["buyprivate GT MAIL 50"]
    assert saved_lines(one_by_one) == saved_lines(at_once)


async def test_v_before_the_independent_has_run_says_why_for_both(tmp_path: Path) -> None:
    path = rulebook_save(tmp_path / "saves", "run BIG4 40")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await type_at_once(pilot, *BUY_MAIL)
        assert app.screen is main_screen(app) and saved_lines(path) == before
        said = " ".join(n.message for n in app._notifications)
        assert "BIG4 is an independent railroad" in said, said
        assert "nor GT before BIG4's turn ends: BIG4 has not run yet" in said, said
        assert not isinstance(app.screen, AmountDialog)
