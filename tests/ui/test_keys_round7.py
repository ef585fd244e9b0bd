"""Seventh keys round: a burst commits what it spells or nothing, in every position,
whatever the players are called.

* 1830's train list: ``t t r a d e Enter`` (the word "trade" typed to pick the D with a
  4 traded in) took the trade-in at the ``d`` and ended NYC's turn, the ``e`` and the
  Enter falling on the next company.  A ``d`` that goes on spelling a word begun is a
  letter of it; ``t d`` and ``t ↓ d`` still end the turn.
* The list of every legal command (``l``) with a player called Trade: ``l t r a d e
  Enter`` gave ``exchange Trade MH ipo`` (his name is a word of that line).  A word that
  is both a player's name and a word of the script names no line for sure: Enter rings
  and says so; the next word, or ↑↓, chooses.
* 1847 AE's nationalisation (8.4) was no line of the list of legal commands: it could only
  be typed in the command bar.  It is offered where the rules take it.
* The command bar's Tab completed a word of free text to a player's name: ``: adjust Amy
  10 a Tab Enter`` gave ``adjust Amy 10 Amy``.  Tab completes a name only where the
  contract expects one; in an adjust's reason or a note it completes nothing and rings.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.game import Game
from moderator.ui.screens.dialogs import ChoiceDialog
from moderator.ui.session import Session
from moderator.ui.widgets.commandbar import ScriptSuggester

SCRIPTS = REPO / "tests" / "scripts"
TRAINS = (SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8")


async def test_trade_typed_in_the_train_list_spells_the_trade_in(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, TRAINS, "train NYC D trade 4").close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "t", "trade", "enter")
        assert app.screen is main_screen(app)  # the turn goes on: NYC to act
        assert main_screen(app).session.data["turn"] == "NYC"
    assert saved_lines(path)[len(before) :] == ["train NYC D trade 4"]


@pytest.mark.parametrize(
    ("script", "line"),
    [
        ("1889-late-trains.script", "train AR D trade 4"),
        ("18chesapeake-late-trains.script", "train PRR D trade 4"),
    ],
)
async def test_trade_spells_the_trade_in_in_1889_and_18chesapeake(
    saves: Path, script: str, line: str
) -> None:
    path = saves / "g.json"
    save_from_script(path, (SCRIPTS / script).read_text(encoding="utf-8"), line).close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "t", "trade", "enter")
        assert app.screen is main_screen(app)
    assert saved_lines(path)[len(before) :] == [line]


async def test_trade_then_done_in_one_burst(saves: Path) -> None:
    """The word and the turn's end: ``t t r a d e Enter d``; ``t r a d`` then Enter
    also takes the trade-in (a word begun)."""
    path = saves / "g.json"
    save_from_script(path, TRAINS, "train NYC D trade 4").close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "t", "trade", "enter", "d")
        assert app.screen is main_screen(app)
    assert saved_lines(path)[len(before) :] == ["train NYC D trade 4", "done NYC"]


async def test_a_player_called_like_a_word_of_the_script_is_no_line_for_sure(
    saves: Path,
) -> None:
    text = re.sub(r"\bCy\b", "Trade", (SCRIPTS / "1830-stock-market.script").read_text())
    path = saves / "g.json"
    save_from_script(path, text, "exchange Trade MH").close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", "trade", "enter", "x")
        assert isinstance(app.screen, ChoiceDialog)  # nothing taken, the x not used
        assert saved_lines(path) == before
        said = [n.message for n in app._notifications]
        assert any("a player's name and a word of the script" in m for m in said), said
        await send_burst(pilot, "m", "h", "enter")  # the line's next word: his exchange
        assert app.screen is main_screen(app)
    assert saved_lines(path)[len(before) :] == ["exchange Trade MH ipo"]


async def test_1847ae_nationalisation_is_in_the_list_of_legal_commands(saves: Path) -> None:
    path = saves / "g.json"
    text = (SCRIPTS / "1847ae-nationalize-top-row.script").read_text(encoding="utf-8")
    save_from_script(path, text, "nationalize C L A").close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        lines = [session.line(x) for x in session.legal()]
        assert "nationalize C L A 10" in lines, lines
        await send_burst(pilot, "l", "nationalizecla", "enter")
        assert app.screen is main_screen(app)
    assert saved_lines(path)[len(before) :] == ["nationalize C L A 10"]


async def test_tab_in_an_adjusts_reason_completes_no_name(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, TRAINS, "train NYC D trade 4").close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, ":", "adjust Amy 10 a", "tab", "enter")
        assert saved_lines(path) == before  # the Enter behind the refused Tab: not used
        assert main_screen(app).bar.input.value == "adjust Amy 10 a"
        await send_burst(pilot, "enter")  # typed after the bell: the reason as typed
    assert saved_lines(path)[len(before) :] == ["adjust Amy 10 a"]


def test_tab_completes_names_only_where_the_contract_expects_one() -> None:
    game = Game.new("1830", ["Amy", "Bob", "Cy"])
    session = Session(game)
    bar = ScriptSuggester(lambda: session)
    assert bar.complete("adjust A") == "adjust Amy"  # ENTITY: a name
    assert bar.complete("adjust Amy 10 a") is None  # REASON...: free text
    assert bar.complete("adjust Amy 10 paid Bo") is None
    assert bar.complete("note B") is None  # TEXT...
    assert bar.complete("spend PRR 1") is None  # an amount
    assert bar.complete("bankrupt C") == "bankrupt Cy"
    game.close()
