"""Eighth keys round (1830, 1889, 18Chesapeake, 1817): a burst commits what it spells or
nothing, in every position, whatever the players are called.

* The main screen dropped a sign, a space, a character not ASCII, Insert, Delete,
  Backspace, F2 and a shifted arrow silently, so the keys typed behind them acted: ``. e 4
  0 Enter`` and ``Space e 4 0 Enter`` spent 40 (only a letter, a digit or a ``ctrl`` key
  was refused).  Now each rings, a toast names it, and the keys typed behind it are not
  used; a key typed after the toast acts as usual.  The same on the screens over the main
  one (History, help, score, projection, rounds, sharing, the what-if comparison): ``h ↑
  Space Enter y`` rewound a line, ``F1 . Esc e 4 0 Enter`` spent 40; in the saves list
  (``ctrl+o``) ``ctrl+o ↓ . Enter`` opened the older save.
* The list of every legal command (``l``) with a player called From, whose forced sale
  and another company's train are both legal (1889, facts §9): ``l f r o m Enter`` took
  ``train KO 2 from AR 1`` (``from`` is a word of that line).  A name that is also a word
  of the script's lines (``from``, a spend's purpose, ``noroute``) names no line for sure,
  as a verb or ``trade`` does since the seventh round: Enter rings and says so.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from bursting import send
from positions import Cut, save_at
from textual.pilot import Pilot
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines

from moderator.ui.screens.dialogs import ChoiceDialog
from moderator.ui.screens.start import OpenScreen

CPR_SPENDS = Cut("1830", 1, 35)
"""1830 (seed 1) in OR 1.1, CPR to act: a spend is legal."""


async def type_at_once(pilot: Pilot[None], *keys: str) -> None:
    """Post Textual's key names all at once (a terminal's burst), then settle."""
    await send(pilot, list(keys))


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


@pytest.mark.parametrize("stray", ["space", "full_stop", "question_mark", "insert", "f2"])
async def test_a_sign_or_a_named_key_in_history_is_refused(tmp_path: Path, stray: str) -> None:
    """``h ↑ Space Enter y``: the rewind typed behind the key that did nothing is not
    used (``?``, the main screen's help, is no key of History either)."""
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await type_at_once(pilot, "h", "up", stray, "enter", "y")
        assert saved_lines(path) == before
        said = [n.message for n in app._notifications]
        assert any("is no key here" in m for m in said), said
        await type_at_once(pilot, "enter", "y")  # typed after the toast: the rewind
    assert saved_lines(path) == before[:-1]


@pytest.mark.parametrize("stray", ["full_stop", "space", "insert"])
async def test_a_sign_on_the_help_screen_is_refused(tmp_path: Path, stray: str) -> None:
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await type_at_once(pilot, "f1", stray, "escape", *SPEND)
        assert saved_lines(path) == before
        await type_at_once(pilot, "escape", *SPEND)
        assert app.screen is main_screen(app)
    assert saved_lines(path)[len(before) :] == ["spend CPR 40"]


async def test_a_sign_in_the_saves_list_is_refused(tmp_path: Path) -> None:
    newer = save_at(CPR_SPENDS, tmp_path / "saves")
    older = save_at(Cut("1830", 1, 20), tmp_path / "other")
    older = older.rename(newer.parent / "older.json")
    os.utime(older, (1_700_000_000, 1_700_000_000))
    os.utime(newer, (1_700_100_000, 1_700_100_000))
    async with running(newer.parent) as (app, pilot):
        await type_at_once(pilot, "ctrl+o", "down", "full_stop", "enter")
        assert isinstance(app.screen, OpenScreen)
        assert "'.' is no key" in str(app.screen.query_one("#open-error").render())
        await type_at_once(pilot, "escape")
        assert main_screen(app).session.game.path == newer
