"""Seventeenth keys round: bursts that commit something other than what they spell.

* 1817's ``l`` offered an IPO's result (facts §3) won by the nominator, with his first
  private alone, or by the first other player, without privates, where ``p`` lists every
  player and every set of the winner's privates: with Bob to nominate, ``l i p o c a t u r
  Enter Enter`` rang (no line won by Cat) and ``l i p o a m y u r 1 0 0 2 p s m Enter Enter`` rang
  (Amy's PSM offered with no line).  Every player may win, with each of his privates or
  all of them (``IpoByResult.offered_sets``; the other sets are ``p``'s, docs/keys.md).
* 1830 23.1/4.0, asked and found right: after a trade between players at a stock turn's
  start the header names the engine's ``next_actor`` and ``x`` passes him (pinned).
* A correction (History's ``Delete`` or ``e``) whose later line no longer applies stops in
  the bar with the rule and the keys typed behind it are not used, but typed one key at a
  time it did not ring: ``h ↑ Delete Esc l i p o …`` (the hunt's ``--r17``-like rewinds,
  seed 1712) dropped 17 keys in a burst where nothing rang slowly.  It rings now
  (``SandboxScreen._give_again``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.ui.app import ModeratorApp
from moderator.ui.screens.sandbox import SandboxScreen
from moderator.ui.widgets.panels import StatusBar

SALE_OVER = (
    "game 1817 Amy Bob Cat\nprivate Amy MINC 20\nprivate Bob OBC 30\nprivate Cat MTE 45\n"
    "private Amy PSM 40\npass Bob\npass Cat\npass Amy\n"
)
"""1817's opening sale over (facts §1): Amy holds MINC and PSM, Bob OBC, Cat MTE; Bob
nominates first in stock round 1."""


async def typed_at(saves: Path, text: str, *keys: str) -> list[str]:
    """The lines a burst of ``keys`` writes at the position ``text`` reaches; the app is
    back on the main screen after it."""
    path = saves / "g.json"
    save_from_script(path, text).close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, *keys)
        assert app.screen is main_screen(app)
    return saved_lines(path)[len(before) :]


def script(name: str) -> str:
    return (REPO / "tests" / "scripts" / f"{name}.script").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("keys", "line"),
    [
        ("ipocatur", "ipo Cat UR 100 2 by Bob"),
        ("ipoamyur1002psm", "ipo Amy UR 100 2 PSM by Bob"),
        ("ipoamyur1002mincpsm", "ipo Amy UR 100 2 MINC PSM by Bob"),
    ],
)
async def test_l_offers_every_ipo_winner_and_private(saves: Path, keys: str, line: str) -> None:
    assert await typed_at(saves, SALE_OVER, "l", *keys, "enter", "enter") == [line]


def trade_at_a_turns_start(line: str) -> str:
    """1830's privates script at stock round 2's first turn (Amy's), then ``line``."""
    lines = script("1830-privates").splitlines()
    cut = next(i for i, text in enumerate(lines) if text.startswith("trade "))
    return "\n".join([*lines[:cut], line]) + "\n"


@pytest.mark.parametrize(
    ("line", "actor", "passed", "then"),
    [
        # a sale in the seller's turn (23.1): she may still buy (4.0), her pass closes it
        ("trade SV Amy Cy 30", "to act Amy", "pass Amy", "to act Bob"),
        # a purchase in the buyer's turn (23.1): his one purchase (4.0, facts D17); he may
        # still sell, and the next player's line closes his turn
        ("trade DH Cy Amy 100", "to act Bob (Amy may still sell)", "pass Bob", "to act Cy"),
    ],
)
async def test_the_header_after_a_trade_at_a_turns_start(
    saves: Path, line: str, actor: str, passed: str, then: str
) -> None:
    """Not a fix (seventeenth keys round, asked): the header names the engine's
    ``next_actor`` after a trade between players as after a sale or a purchase, and ``x``
    passes him."""
    path = saves / "g.json"
    save_from_script(path, trade_at_a_turns_start(line)).close()
    async with running(saves) as (app, pilot):
        assert f"{actor} " in status(app)
        await send_burst(pilot, "x")
        assert saved_lines(path)[-2:] == [line, passed]
        assert f"{then} " in status(app)


def status(app: object) -> str:
    """The header's text."""
    return main_screen(app).query_one("#status", StatusBar).build().plain


async def test_a_correction_stopped_by_a_later_line_rings(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """History's Delete on 1817's first sale: the later ``pass Bob`` no longer applies (Amy
    chooses, facts §1) and stops in the bar; typed one key at a time it rings, as the keys
    typed behind the Delete in a burst are not used."""
    path = saves / "g.json"
    save_from_script(path, "game 1817 Amy Bob Cat\nprivate Amy MTE 45\npass Bob\n").close()
    rung: list[int] = []
    monkeypatch.setattr(ModeratorApp, "bell", lambda self: rung.append(1))
    async with running(saves) as (app, pilot):
        for key in ("h", "up", "delete"):
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SandboxScreen)
        assert app.screen.bar.input.value == "pass Bob"  # stopped, with its rule
        assert rung, "the stopped line is a refusal: it rings"


@pytest.mark.parametrize("way", ["undo", "redo"])
async def test_nothing_to_undo_or_redo_rings_as_every_refused_key(
    saves: Path, monkeypatch: pytest.MonkeyPatch, way: str
) -> None:
    """The last guard of ``ctrl+z``/``ctrl+y`` (the key's dimming said it could act, the
    journal had nothing to take back or give again): a toast and a bell, as every other
    refused key; it gave the toast alone."""
    save_from_script(saves / "g.json", "game 1846 Amy Bob Cy\n")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        rung: list[bool] = []
        monkeypatch.setattr(app, "bell", lambda: rung.append(True))
        getattr(screen, f"action_{way}")()
        await pilot.pause()
        assert rung == [True]
        assert any(f"nothing to {way}" in str(n.message) for n in app._notifications)
