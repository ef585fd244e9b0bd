"""Tenth keys round: players named like the keys, Esc typed at once, the header's player.

* 18Chesapeake before the draw for Cornelius Vanderbilt (``vanderbilt CORP`` right after
  ``game``, §7.1): the header named the first player "to act" although the engine takes
  the draw first and no player's line (``rulesets.drawn.DrawnPresident.next_actor``).  Now
  it names no one and says the draw comes first; ``x`` passes nobody (the engine's reason),
  and ``l`` lists the draw.
* A key no priority binding takes goes to the focused widget and comes back to the app
  for the screen's other bindings; in a burst the next key was handed out before, so
  ``F1 ↓ Esc`` closed the help before the ``↓`` was handled, ``↑ l`` opened the list
  before the ``↑`` scrolled the log, ``o Esc l`` in a sandbox the same with the Esc: each
  such key rang, "typed for the main screen came after it had closed: not used", where
  typed one at a time it was used.  Now the next key waits until it is handled
  (``ModeratorApp._wait_for``).
* 1817: ``j`` in a stock turn (and in the merger rounds' pause before a stock round)
  said "Loan is for an operating round; this is a stock round" where the engine takes a
  president's ``loan CORP`` for his corporation (facts §6).  Now it lists those loans,
  spelled by the corporation's letters.
* 1830's auction (7.2): ``b`` said "the rules allow no buy now (Bob to act)"; now the
  engine's reason, the auction first.  After the sale ``a`` said "the rules allow no bid
  now"; now that the sale is over.
* The projection (``w``) took keys as soon as it was mounted, before its revenue cells
  were built and focused: ``w 1 Esc e 4 0 Enter`` in one burst refused the ``1`` ("no key
  here") and used none of the keys behind it, where typed one at a time the digit went
  into the first cell and the spend was given.  It now holds them until its first
  projection, and a paste there is the keys that type it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bursting import send
from positions import Cut, save_at
from ui_helpers import main_screen, running, saved_lines

from moderator.game import Game
from moderator.ui.widgets.panels import StatusBar


def said(app: object) -> str:
    return " | ".join(n.message for n in app._notifications)  # type: ignore[attr-defined]


def header(app: object) -> str:
    return main_screen(app).query_one("#status", StatusBar).build().plain  # type: ignore[arg-type]


def fresh(title: str, players: list[str], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.json"
    game = Game.new(title, players)
    game.save(path)
    game.close()
    return path


async def test_18chesapeake_before_the_draw_names_no_player(tmp_path: Path) -> None:
    path = fresh("18Chesapeake", ["Amy", "Bob", "Cy"], tmp_path / "saves")
    async with running(path.parent) as (app, pilot):
        text = header(app)
        assert "to act" not in text and "the draw first" in text, text
        await send(pilot, ["x", "l", "c", "o", "enter"])  # the `l` typed behind the `x`
        assert saved_lines(path) == [] and app.screen is main_screen(app)
        assert "drawn first: `vanderbilt CORP`" in said(app), said(app)
        await send(pilot, ["l", "c", "o", "enter"])  # typed after the toast: the draw
        assert saved_lines(path) == ["vanderbilt CO"]
        assert "to act Amy" in header(app) and "the draw first" not in header(app)


CPR_SPENDS = Cut("1830", 1, 35)
"""1830 (seed 1) in OR 1.1, CPR to act: a spend is legal."""


@pytest.mark.parametrize(
    "keys",
    [
        ["f1", "down", "up", "escape"],  # the help's scroll keys, then its Esc
        ["up", "pageup", "home"],  # the log's keys on the main screen
        ["c", "up", "escape"],  # the checker's line recalled, then Esc
    ],
)
async def test_a_key_handed_to_a_widget_is_used_before_the_next(
    tmp_path: Path, keys: list[str]
) -> None:
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await send(pilot, [*keys, "e", "4", "0", "enter"])
        assert "not used" not in said(app), said(app)
    assert saved_lines(path)[len(before) :] == ["spend CPR 40"]


async def test_esc_on_a_sandbox_then_a_key_at_once(tmp_path: Path) -> None:
    """``o Esc e 4 0 Enter``: the Esc does nothing on the sandbox, the spend is the
    sandbox's, the real save unchanged, and no key is said unused."""
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await send(pilot, ["o", "escape", "e", "4", "0", "enter"])
        assert "not used" not in said(app), said(app)
        sandbox = app.screen
        assert sandbox.session.game.journal[-1].line == "spend CPR 40"  # type: ignore[attr-defined]
    assert saved_lines(path) == before


async def test_1817_j_in_the_pause_before_a_stock_round_takes_the_presidents_loan(
    tmp_path: Path,
) -> None:
    """1817 (seed 1) after OR 1.2, in the merger and conversion round before anyone has
    converted or merged: Amy to act, SR's loan legal (the next stock round's line)."""
    path = save_at(Cut("1817", 1, 47), tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        assert "Merger and conversion round 1.2" in header(app)
        await send(pilot, ["j", "s", "r", "enter"])
        assert "is for an operating round" not in said(app), said(app)
    assert saved_lines(path)[len(before) :] == ["loan SR 1"]


async def test_1830_b_in_an_auction_says_the_engines_reason(tmp_path: Path) -> None:
    """1830 (seed 1) after three bids on DH: its auction comes first (7.2)."""
    path = save_at(Cut("1830", 1, 5), tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await send(pilot, ["b", "x"])  # the `x` typed behind the refused `b`: not used
        assert "the auction for DH comes first" in said(app), said(app)
        await send(pilot, ["x"])  # typed after the toast: Bob drops out
    assert saved_lines(path)[len(before) :] == ["pass Bob"]


async def test_a_digit_typed_at_once_after_w_goes_into_the_projections_cell(
    tmp_path: Path,
) -> None:
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await send(pilot, ["w", "1", "escape", "e", "4", "0", "enter"])
        assert "no key here" not in said(app), said(app)
    assert saved_lines(path)[len(before) :] == ["spend CPR 40"]


async def test_a_paste_of_digits_on_the_projection_is_typed_into_its_cell(
    tmp_path: Path,
) -> None:
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    async with running(path.parent) as (app, pilot):
        await send(pilot, ["w", ("paste", "7"), "end"])
        cell = app.screen.focused
        assert cell is not None and "7" in cell.value, cell  # type: ignore[attr-defined]
        assert "not used" not in said(app), said(app)


async def test_1830_a_after_the_opening_sale_says_it_is_over(tmp_path: Path) -> None:
    path = save_at(Cut("1830", 1, 22), tmp_path / "saves")
    async with running(path.parent) as (app, pilot):
        await send(pilot, ["a"])
        assert "the sale of the private companies, which is over (7.2)" in said(app), said(app)
