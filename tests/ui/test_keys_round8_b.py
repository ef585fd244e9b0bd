"""Eighth keys round (1830, 1889, 18Chesapeake, 1817): a burst commits what it spells or
nothing, in every position, whatever the players are called.

* The main screen dropped a sign, a space, a character not ASCII, Insert, Delete,
  Backspace, F2 and a shifted arrow silently, so the keys typed behind them acted: ``. e 4
  0 Enter`` and ``Space e 4 0 Enter`` spent 40 (only a letter, a digit or a ``ctrl`` key
  was refused).  Now each rings, a toast names it, and the keys typed behind it are not
  used; a key typed after the toast acts as usual.
* The list of every legal command (``l``) with a player called From, whose forced sale
  and another company's train are both legal (1889, facts §9): ``l f r o m Enter`` took
  ``train KO 2 from AR 1`` (``from`` is a word of that line).  A name that is also a word
  of the script's lines (``from``, a spend's purpose, ``noroute``) names no line for sure,
  as a verb or ``trade`` does since the seventh round: Enter rings and says so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bursting import key_event, settle
from positions import Cut, save_at
from textual.pilot import Pilot
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines

from moderator.ui.screens.dialogs import ChoiceDialog

CPR_SPENDS = Cut("1830", 1, 35)
"""1830 (seed 1) in OR 1.1, CPR to act: a spend is legal."""


async def type_at_once(pilot: Pilot[None], *keys: str) -> None:
    """Post Textual's key names all at once (a terminal's burst), then settle."""
    app = pilot.app
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app.post_message(event)
    await settle(pilot)


SPEND = ("e", "4", "0", "enter")


@pytest.mark.parametrize(
    "stray", ["full_stop", "space", "plus", "euro_sign", "backspace", "insert", "f2", "shift+up"]
)
async def test_a_sign_or_a_named_key_that_is_no_key_of_the_main_screen_is_refused(
    tmp_path: Path, stray: str
) -> None:
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await type_at_once(pilot, stray, *SPEND)
        assert app.screen is main_screen(app) and saved_lines(path) == before
        said = [n.message for n in app._notifications]
        assert any("is no key here" in m for m in said), said
        await type_at_once(pilot, *SPEND)  # typed after the toast: as usual
    assert saved_lines(path)[len(before) :] == ["spend CPR 40"]


async def test_a_player_called_from_is_no_line_for_sure(tmp_path: Path) -> None:
    text = (REPO / "tests" / "scripts" / "1889-forced-train.script").read_text("utf-8")
    path = tmp_path / "g.json"
    save_from_script(path, re.sub(r"\bCy\b", "From", text), "sell From KO 2").close()
    before = saved_lines(path)
    async with running(tmp_path) as (app, pilot):
        lines = [main_screen(app).session.line(x) for x in main_screen(app).session.legal()]
        assert {"train KO 2 from AR 1", "sell From KO 1"} <= set(lines), lines
        await type_at_once(pilot, "l", "f", "r", "o", "m", "enter", "a", "r", "enter")
        assert isinstance(app.screen, ChoiceDialog)  # nothing taken, the keys behind unused
        assert saved_lines(path) == before
        said = [n.message for n in app._notifications]
        assert any("a player's name and a word of the script" in m for m in said), said
        await type_at_once(pilot, "k", "o", "enter")  # his sale's next word
        assert app.screen is main_screen(app)
    assert saved_lines(path)[len(before) :] == ["sell From KO 1"]
