"""Fifteenth keys round: the titles added later, the palette, names that begin one another.

The hunt (``tests/ui/keys_hunt.py --r15`` and ``--r15 --spell15``: 1889, 18Chesapeake,
1817's loans, shorts, mergers and acquisitions, 1853's contract bids and mail, 1847 Pfalz
and RRRR&B, with players called ``Jo``, ``Jon``, ``Jonas``, ``Jon 2``, ``Ny``, ``U``,
``Undo``, ``Loan``, ``3``, ``A 1``...; by hand, the command palette) found:

* The command palette (``ctrl+p``, Textual's) searches its lines in a worker after each key,
  and its Enter took the line highlighted in the list shown then: in a burst the list of
  the letters typed before the last.  With players Jo, Jon and Jonas and Jo to act, ``ctrl+p
  p a s s Space j o n a s Enter`` gave ``pass Jo`` (typed one at a time: nothing, Jonas has
  no line).  The keys typed behind its Enter reached it while it closed: ``... j o Enter
  x`` lost the ``x`` (one at a time it passes Jon), ``... j o Enter Enter`` chose the line
  again and closed the main screen under it (the app stopped on ``NoMatches '#log'``).  The
  palette now takes the next key once its list shows its line, and the keys typed behind
  the Enter that chose wait for the command (``moderator.ui.screens.palette``).  The same
  for the list of themes the palette's "Theme" opens (Textual's palette too): ``ctrl+p t h e
  m e Enter n o r d Enter x`` lost the ``x``.  (The hunt then found a space typed or erased
  in the palette's line, which searches the same words again: its Enter took the line an
  arrow had highlighted in the list drawn before.)
* The palette's line of a train bought from another company gave the engine's placeholder
  price at once (``train CPR 6 from PRR 1``; ``... Enter 2 0 0 Enter`` rang on the digits),
  as ``l``'s did before the fourteenth round, and 1817's ``acquire`` its lowest bid: it now
  asks the amount next, as ``l`` does (``MainScreen.take_line``).
* 18Chesapeake's export at the end of a set of operating rounds (§10.9) may change the
  phase and leave a company over the train limit as the stock round begins (§10.7): the
  header said "to act Bob" alone, and his ``x`` and ``b`` rang "the rules allow no pass
  now (Bob to act)".  The header now says "PRR discards first", as in an operating round,
  and the keys give the engine's reason.
* History's ``e`` selects the line's amount so the digits typed replace it: the line's first
  number, which for a player called by digits is his name.  With 1853's bonds written by
  players 3 and 12, ``h ↑ e 2 0 0 Enter k y`` (``bond 12 220`` corrected to 200) typed
  ``bond 200 220`` and rang "no player called '200'".  The player's name after the verb is
  no amount now (``moderator.amend.amount_span``).
"""

from __future__ import annotations

from pathlib import Path

from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.ui.screens.palette import Palette
from moderator.ui.widgets.panels import StatusBar

PREFIXES = "game 1830 Jo Jon Jonas\n"
"""1830's opening sale, its players' names beginning one another (Jo to act)."""


async def test_the_palette_takes_the_line_typed_not_the_list_before(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, PREFIXES).close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "ctrl+p", "pass jonas", "enter")
        assert isinstance(app.screen, Palette)  # no line of Jonas's: nothing taken
        assert saved_lines(path) == []
        await send_burst(pilot, "escape", "ctrl+p", "pass jo", "enter", "x")
        assert saved_lines(path) == ["pass Jo", "pass Jon"]  # the x: the next player's pass
        assert app.screen is main_screen(app)


async def test_a_space_erased_in_the_palette_draws_its_list_anew(saves: Path) -> None:
    """A space typed or erased searches the same words again and the list is drawn anew,
    its first line highlighted: Enter waits for it (the hunt: ``... P L E Space ↑ ⌫ Enter``
    took 18Chesapeake's last par of PLE, the line ↑ highlighted in the list before)."""
    path = saves / "g.json"
    save_from_script(path, PREFIXES).close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "ctrl+p", "pa ", "up", "backspace", "enter")
        assert saved_lines(path) == ["pass Jo"]


async def test_a_key_typed_behind_the_themes_list_acts_after_it(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, PREFIXES).close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "ctrl+p", "theme", "enter", "nord", "enter", "x")
        assert app.theme == "nord"
        assert saved_lines(path) == ["pass Jo"]


async def test_enter_twice_in_the_palette_gives_the_line_once(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, PREFIXES).close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "ctrl+p", "pass jo", "enter", "enter")
        assert app.is_running and app._exception is None
        assert saved_lines(path) == ["pass Jo"]
        assert app.screen is main_screen(app)
        assert main_screen(app).session.data.get("to_act") == "Jon"


TRAINS = (REPO / "tests" / "scripts" / "1830-trains-phases.script").read_text(encoding="utf-8")


async def test_the_palettes_train_from_a_company_asks_the_agreed_price(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, TRAINS, "train CPR D").close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "ctrl+p", "train cpr 6", "enter", "2", "0", "0", "enter")
        assert saved_lines(path)[len(before) :] == ["train CPR 6 from PRR 200"]
        assert app.screen is main_screen(app)


EXPORT = (REPO / "tests" / "scripts" / "18chesapeake-export-phase-four.script").read_text(
    encoding="utf-8"
)


async def test_a_discard_before_a_stock_round_is_in_the_header(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, EXPORT, "discard PRR 3").close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        text = app.screen.query_one("#status", StatusBar).build().plain
        assert "to act Bob" in text and "PRR discards first" in text, text
        await send_burst(pilot, "x")
        said = [n.message for n in app._notifications]  # type: ignore[attr-defined]
        assert said and "`discard PRR TYPE` first (§10.7)" in said[-1], said
        await send_burst(pilot, "l", *"discardprr3", "enter", "x")
        assert saved_lines(path)[len(before) :] == ["discard PRR 3", "pass Bob"]


async def test_a_correction_selects_the_amount_not_a_players_digits(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, "game 1853 3 12 Lee\nbond 12 220\nbond 3 100\n").close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", "up", "e", "2", "0", "0", "enter", "k", "y")
        assert saved_lines(path) == ["bond 12 200", "bond 3 100"]
        assert app.screen is main_screen(app)
