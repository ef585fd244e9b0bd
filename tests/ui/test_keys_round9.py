"""Ninth keys round (every title): the command bar, History and corrections, the new-game
form and the saves list, the screens over the main one, typed at once.

* 1846: while an independent railroad (MS, BIG4) operates, ``v`` was refused ("BIG4 is an
  independent railroad and cannot buy private companies") where the engine accepts the
  next corporation's purchase as the contract's implicit ``done`` (``: buyprivate GT MAIL
  60`` ended BIG4's turn and bought).  Now ``v`` offers the next corporation's purchases
  and says the independent's turn ends; before the independent has run it is refused with
  the engine's reason for both.
* A paste on a screen that types it nowhere (History, help, score, projection, rounds,
  the saves list) was dropped silently, so the keys typed behind it acted: ``h ↑``, a
  pasted ``y``, ``Enter y`` rewound a line; ``F1``, a paste, ``Esc e 4 0 Enter`` spent
  40.  Now it is refused as a key that is no key there (the main screen's own refusal of
  a paste outside the command bar, ``MainScreen.refuse_paste``).
* In the command bar, Tab after a space typed twice (the one Tab adds after a word and
  the one the banker types) completed nothing and rang: the words were counted by single
  spaces, where the script reads spaces repeated as one.
* In the new-game form, Enter in a text field did nothing and the keys typed behind it
  went into the field (``n Amy Bob Cy Enter Enter x``: the ``x`` meant for the game joined
  the names); now it rings, says Tab and ctrl+s, and the keys behind it are not used.
* A control character in a paste into a dialog was left out, so the digits around it
  made another amount: ``e`` and a pasted ``4 ctrl+c 0`` spent 40.  It is now a key the
  dialog refuses, and the keys pasted behind it are not used.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from bursting import send
from positions import Cut, save_at
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input
from ui_helpers import (
    RULEBOOK,
    main_screen,
    rulebook_save,
    running,
    save_from_script,
    saved_lines,
)

from moderator.ui.screens.checker import CheckerDialog
from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog
from moderator.ui.screens.history import HistoryScreen
from moderator.ui.screens.start import OpenScreen

CPR_SPENDS = Cut("1830", 1, 35)
"""1830 (seed 1) in OR 1.1, CPR to act: a spend is legal (its last line CPR's train)."""


async def type_at_once(pilot: Pilot[None], *keys: str | events.Paste) -> None:
    """Post Textual's key names (and pastes) all at once (a terminal's burst), then
    settle."""
    await send(
        pilot, [("paste", key.text) if isinstance(key, events.Paste) else key for key in keys]
    )


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


SPEND = ("e", "4", "0", "enter")


def said(app: object) -> str:
    return " | ".join(n.message for n in app._notifications)  # type: ignore[attr-defined]


@pytest.mark.parametrize("opening", ["f1", "f", "w", "g", "h"])
async def test_a_paste_on_a_screen_over_the_main_one_is_refused(
    tmp_path: Path, opening: str
) -> None:
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await type_at_once(pilot, opening, events.Paste("x"), "escape", *SPEND)
        assert saved_lines(path) == before and app.screen is not main_screen(app)
        # the projection's cell has the focus: the paste is its keys, `x` no key of it
        # (tenth keys round: the paste came before the cells were built)
        refused = "'x' is no key here" if opening == "w" else "a paste is typed only into a field"
        assert refused in said(app), said(app)
        await type_at_once(pilot, "escape", *SPEND)  # typed after the toast: as usual
    assert saved_lines(path)[len(before) :] == ["spend CPR 40"]


async def test_a_paste_on_history_rewinds_nothing(tmp_path: Path) -> None:
    """``h ↑``, a pasted ``y``, ``Enter y``: the rewind typed behind the paste is not used."""
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await type_at_once(pilot, "h", "up", events.Paste("y"), "enter", "y")
        assert isinstance(app.screen, HistoryScreen) and saved_lines(path) == before
        await type_at_once(pilot, "enter", "y")
    assert saved_lines(path) == before[:-1]


async def test_a_paste_in_the_saves_list_opens_nothing(tmp_path: Path) -> None:
    newer = save_at(CPR_SPENDS, tmp_path / "saves")
    older = save_at(Cut("1830", 1, 20), tmp_path / "other").rename(newer.parent / "older.json")
    os.utime(older, (1_700_000_000, 1_700_000_000))
    os.utime(newer, (1_700_100_000, 1_700_100_000))
    async with running(newer.parent) as (app, pilot):
        await type_at_once(pilot, "ctrl+o", "down", events.Paste("older"), "enter")
        assert isinstance(app.screen, OpenScreen)
        await type_at_once(pilot, "enter")
        assert main_screen(app).session.game.path == older


async def test_a_paste_into_the_checker_is_typed(tmp_path: Path) -> None:
    """A field on the screen takes the paste: nothing refused."""
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    async with running(path.parent) as (app, pilot):
        await type_at_once(pilot, "c", events.Paste("spend CPR 40"))
        assert isinstance(app.screen, CheckerDialog)
        assert app.screen.query_one("#checker-input", Input).value == "spend CPR 40"
        assert "Paste not used" not in [n.title for n in app._notifications]


async def test_a_control_character_pasted_into_an_amount_is_refused(tmp_path: Path) -> None:
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await type_at_once(pilot, "e", events.Paste("4\x030"), "enter")
        assert isinstance(app.screen, AmountDialog) and saved_lines(path) == before
        assert "control character U+0003 is no key of this dialog" in said(app)
        await type_at_once(pilot, "0", "enter")  # typed after the refusal: the amount goes on
    assert saved_lines(path)[len(before) :] == ["spend CPR 40"]


async def test_tab_completes_after_a_space_typed_twice(tmp_path: Path) -> None:
    """``: par Tab Space G Tab Space 6 Tab Enter``: Tab adds a space after the player, the
    banker types one more; the next Tab rang (the words were counted by single spaces),
    and the keys typed behind it were not used.  Players named like script words."""
    path = tmp_path / "g.json"
    text = RULEBOOK.read_text(encoding="utf-8")
    for old, new in (("Amy", "Pass"), ("Bob", "Sell"), ("Carlos", "Done")):
        text = re.sub(rf"\b{old}\b", new, text)
    save_from_script(path, text, "par Pass GT 60").close()
    before = saved_lines(path)
    keys = ["colon", "p", "a", "r", "space", "tab", "space", "g", "tab", "space", "6", "tab"]
    async with running(tmp_path) as (app, pilot):
        await type_at_once(pilot, *keys, "enter")
        assert "Keys not used" not in [n.title for n in app._notifications]
    assert saved_lines(path)[len(before) :] == ["par Pass GT 60"]


async def test_enter_in_a_text_field_of_the_new_game_form_is_refused(tmp_path: Path) -> None:
    """``n Amy Bob Cy Enter Enter x``: Enter did nothing in the players' field, and the
    ``x`` typed for the game went into the names."""
    saves = tmp_path / "saves"
    saves.mkdir()
    async with running(saves) as (app, pilot):
        names = ["A", "m", "y", "space", "B", "o", "b", "space", "C", "y"]
        await type_at_once(pilot, "n", *names, "enter", "enter", "x")
        field = app.screen.query_one("#players", Input)
        assert field.value == "Amy Bob Cy"
        assert "Enter is no key of a text field" in said(app)
        await type_at_once(pilot, "space", "D", "e", "e")  # typed after the toast: as usual
        assert field.value == "Amy Bob Cy Dee"
