"""Sixteenth keys round: what ``l`` commits, and the hunts where earlier rounds did not look.

* ``l`` (every legal command) listed lines whose amount the engine only stands in for, and
  Enter gave them at once: the zero run (``run UR 0``), the least bid (``bid Buy MH 115``),
  the lowest bond, a private's list price, 1817's IPO and opening-sale prices.  ``l r u n u
  r Enter 5 0 Enter``, the revenue typed behind the line, ran UR for nothing and rang on the
  ``5`` (docs/keys.md: an amount filled in is committed only by a key typed into that
  dialog).  Enter on such a line now opens the dialog its own key opens (``r``, ``a``,
  ``n``, ``v``), filled with the line's amount, selected: ``Enter`` again takes it, digits
  replace it (``MainScreen.line_amount``).  The palette's lines the same.
* In 1817's opening sale the header names the player to choose, but ``x`` rang when his
  pass ended the sale (every player passing in a row, facts §1), with 1846's reason ("the
  setup comes first: the privates distributed"), and the keys typed behind it were not
  used: ``x l i p o b o b a s Enter 2 2 0 Enter`` lost the stock round's first IPO.
  ``x`` now passes him (``MainScreen.setup_first``, ``panels.setup_names_actor``).
* History's ``e`` selected a player called by digits named after the verb's first word:
  1830's ``trade SV 3 12 30`` (a private sold from player 3 to player 12), ``h e 5 0 Enter
  k y`` typed ``trade SV 50 12 30`` and rang "no player called '50'" (with a player called
  50, it would have sold his private); 1853's ``elephant FROM TO PRICE``, 1847 AE's
  ``nationalize PLAYER CORP FROM`` the same.  The amount is now the price (or none:
  ``moderator.amend.amount_span``, ``PLAYER_WORDS``).  A negative amount was no amount:
  ``h e 4 0 0 Enter k y`` on ``adjust NYC -670 treasury emptied…`` kept ``… emptied…400``,
  the digits typed at the reason's end; now its digits are selected, the sign kept
  (``adjust NYC -400 …``).
* The new-game form's private field (1846 3.2, ``player [price]``) read a last word of
  digits as the price even where the words were a player's name whole: with players ``Ü``
  and ``Ü 50``, ``n Ü "Ü 50" Cy Dee Eve Tab Tab Ü 50 ctrl+s`` started the game with ``private
  Ü MS 50``.  A player's name typed whole is his (``screens.start.private_result``).
* 1817's ``l`` listed the opening sale's results of the first four unsold privates and the
  IPOs of the first three corporations not started: with MINC and OBC sold, ``l private
  cat mail Enter 9 5 Enter`` wrote ``private Cat MINM 95`` ("mail" a word of the Minor Mail
  Contract's name, MAIL not listed), and ``l ipo amy ur Enter`` rang.  Every unsold private
  and every corporation not started is listed now (``SaleByResult.sale_candidates``,
  ``IpoResult.stock_candidates``; the simulated games are the same).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.amend import amount_span
from moderator.ui.screens.dialogs import AmountDialog
from moderator.ui.widgets.panels import StatusBar


def script(name: str) -> str:
    return (REPO / "tests" / "scripts" / f"{name}.script").read_text(encoding="utf-8")


async def test_l_asks_a_runs_revenue(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, script("1817-half-pay"), "run UR 50 half").close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", *"runur", "enter")
        assert isinstance(app.screen, AmountDialog)  # the run dialog, filled with 0
        assert saved_lines(path) == before
        await send_burst(pilot, "5", "0", "right", "enter")
        assert saved_lines(path)[len(before) :] == ["run UR 50 half"]
        assert app.screen is main_screen(app)


async def typed_at(saves: Path, text: str, stop: str | None, *keys: str) -> list[str]:
    """The lines a burst of ``keys`` writes at the position ``text`` reaches (before the
    line that starts with ``stop``); the app is back on the main screen after it."""
    path = saves / "g.json"
    save_from_script(path, text, stop).close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, *keys)
        assert app.screen is main_screen(app)
    return saved_lines(path)[len(before) :]


@pytest.mark.parametrize(
    ("text", "stop", "keys", "lines"),
    [
        (  # the least bid is filled in: Enter again takes it (1830 7.2)
            "game 1830 Buy Pass Cy\n",
            None,
            ["l", *"bidbuymh", "enter", "1", "2", "0", "enter", "l", *"bidpassca", "enter"],
            ["bid Buy MH 120", "bid Pass CA 165"],
        ),
        ("game 1853 Amy Bob Cy\n", None, ["l", *"bondamy", "enter", "150"], ["bond Amy 150"]),
        (
            "1846-2e-free-big4-privates-bought",
            "buyprivate IC LM",
            ["l", *"buyprivateiclm", "enter", "30"],
            ["buyprivate IC LM 30"],
        ),
    ],
)
async def test_l_asks_a_bid_a_bond_a_privates_price(
    saves: Path, text: str, stop: str | None, keys: list[str], lines: list[str]
) -> None:
    text = text if text.startswith("game") else script(text)
    assert await typed_at(saves, text, stop, *keys, "enter") == lines


async def test_l_asks_1817s_sale_and_ipo_prices(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, "game 1817 Amy Bob Cat\n").close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", *"privateamymte", "enter", "4", "5", "enter")
        assert saved_lines(path) == ["private Amy MTE 45"]
        await send_burst(pilot, "x", "x", "x")  # Bob, Cat, Amy pass: the sale is over
        await send_burst(pilot, "l", *"ipobobas", "enter", "2", "2", "0", "enter")
        assert saved_lines(path)[4:] == ["ipo Bob AS 220 2"]


SALE = "game 1817 Amy Bob Cat\nprivate Amy MTE 45\n"
"""1817's opening sale (facts §1), one private sold: Bob chooses next."""


async def test_x_passes_the_chooser_whose_pass_ends_1817s_opening_sale(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, SALE + "pass Bob\npass Cat\n").close()
    async with running(saves) as (app, pilot):
        text = app.screen.query_one("#status", StatusBar).build().plain
        assert "to choose Amy" in text, text
        await send_burst(pilot, "x", "l", *"ipobobas", "enter", "2", "2", "0", "enter")
        assert saved_lines(path)[3:] == ["pass Amy", "ipo Bob AS 220 2"]


def digit_players_trade() -> str:
    """1830's privates script up to its first trade between players, Amy called 3 and Cy
    called 12: ``trade SV 3 12 30``."""
    lines = script("1830-privates").splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("trade "))
    text = "\n".join(lines[: cut + 1]) + "\n"
    return re.sub(r"\bCy\b", "12", re.sub(r"\bAmy\b", "3", text))


@pytest.mark.parametrize(
    ("text", "stop", "keys", "old", "new"),
    [
        ("trade by digits", None, "50", "trade SV 3 12 30", "trade SV 3 12 50"),
        ("1830-forced-private-sale", "adjust Amy -450", "400", "-670 ", "-400 "),
    ],
)
async def test_a_correction_selects_the_amount(
    saves: Path, text: str, stop: str | None, keys: str, old: str, new: str
) -> None:
    """History's ``e`` on the last line, the digits typed, the correction kept."""
    path = saves / "g.json"
    text = digit_players_trade() if text == "trade by digits" else script(text)
    save_from_script(path, text, stop).close()
    before = saved_lines(path)
    assert old in before[-1]
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", "e", keys, "enter", "k", "y")
        assert saved_lines(path) == [*before[:-1], before[-1].replace(old, new)]
        assert app.screen is main_screen(app)


@pytest.mark.parametrize(
    ("line", "amount"),
    [
        ("elephant 3 12 60", "60"),
        ("nationalize 3 HLB 12 20", "20"),
        ("nationalize 3 HLB 12", None),
        ('trade SV "Ü 2" 3 30', "30"),
        ("adjust 3 -20 fixed 2 errors", "20"),
    ],
)
def test_the_amount_of_a_line_naming_players_by_digits(line: str, amount: str | None) -> None:
    span = amount_span(line, ("3", "12", "Ü 2"))
    assert (line[span[0] : span[1]] if span else None) == amount


async def test_a_players_name_ending_in_digits_in_a_private_field(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", 'Ü "Ü 50" Cy Dee Eve', "tab", "tab", "Ü 50", "ctrl+s")
        session = main_screen(app).session
        assert session.game.players[:2] == ["Ü", "Ü 50"]
        assert [e.line for e in session.game.journal] == ['private "Ü 50" MS']


async def test_l_lists_every_private_of_1817s_sale_and_every_ipo(saves: Path) -> None:
    path = saves / "g.json"
    script = "game 1817 Amy Bob Cat\nprivate Amy MINC 20\nprivate Bob OBC 30\n"
    save_from_script(path, script).close()
    async with running(saves) as (_app, pilot):
        await send_burst(pilot, "l", *"privatecatmail", "enter", "9", "5", "enter")
        assert saved_lines(path)[2:] == ["private Cat MAIL 95"]
        await send_burst(pilot, "x", "x", "x")  # the sale over: Amy's stock turn
        await send_burst(pilot, "l", *"ipoamyur", "enter", "2", "0", "0", "enter")
        assert saved_lines(path)[6:] == ["ipo Amy UR 200 2"]
