"""Snapshot tests of the end-of-game screens (committed SVGs under ``__snapshots__``).

The shipped 1846 demo (stopped in OR 3.1, as the README shows it) saved under a fixed
name, so nothing on screen depends on the clock or on temporary paths; and the final score
of a 1817 game ended with a short held.
"""

from __future__ import annotations

from pathlib import Path

from conftest import ended_1817_with_a_short
from textual.widgets import Input
from ui_helpers import REPO, save_from_script, settle

from moderator.ui.app import ModeratorApp

SIZE = (120, 40)
DEMO_1846 = (REPO / "moderator" / "demo" / "demo-1846.script").read_text(encoding="utf-8")


def demo_app(tmp_path: Path) -> ModeratorApp:
    """The app on the 1846 demo game."""
    saves = tmp_path / "saves"
    saves.mkdir()
    save_from_script(saves / "demo-1846.json", DEMO_1846).close()
    return ModeratorApp(saves=saves)


def typed_then_settled(*keys: str):  # type: ignore[no-untyped-def]
    """A ``run_before`` pressing ``keys``, then waiting until the app has handed out every
    key it held while a screen opened (``press=`` waits one pause: on a loaded machine the
    picture could be taken before the held keys were handled)."""

    async def typed(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press(*keys)
        await settle(pilot)

    return typed


def test_rounds_screen_with_the_charts(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """g: share price per company and value per player over the rounds (plotext)."""
    assert snap_compare(demo_app(tmp_path), terminal_size=SIZE, run_before=typed_then_settled("g"))


def test_rounds_screen_players_table(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """g then 2: each player's cash and value per round with the changes."""
    assert snap_compare(
        demo_app(tmp_path), terminal_size=SIZE, run_before=typed_then_settled("g", "2")
    )


def test_score_screen(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """f: the score if the game ended now, item by item, with the places."""
    assert snap_compare(demo_app(tmp_path), terminal_size=SIZE, run_before=typed_then_settled("f"))


def test_score_screen_1817_final_with_a_short(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """f at the real end of a 1817 game (a cut of the recorded 15528, facts §14): the final
    score, Four's AS short a negative row at its price, the places."""
    saves = tmp_path / "saves"
    saves.mkdir()
    save_from_script(saves / "end-1817.json", ended_1817_with_a_short()).close()
    assert snap_compare(ModeratorApp(saves=saves), terminal_size=SIZE, press=["f"])


def test_projection_screen(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """w: the remaining rounds of set 3 projected, PRR's second run edited to 400 half."""
    keys = ["w", "down", "down", "end", "backspace", "backspace", "backspace", "4", "0", "0", "h"]

    async def typed(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press(*keys)
        # the keys typed while the screen opened are held by the app and handed out once
        # its first projection is shown: wait for every one (one pause was not enough on a
        # loaded machine: the picture showed the focus a row short)
        await settle(pilot)
        # the cursors steady: their blink (every 0.5 s) made the picture depend on the clock
        # (it failed so on a loaded machine)
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False

    assert snap_compare(demo_app(tmp_path), terminal_size=SIZE, run_before=typed)


def test_checker_dialog(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """c: a half payout checked, the dividend claimed wrong."""
    keys = [{" ": "space"}.get(ch, ch) for ch in "run NYC 100 half paid 6 price 50"]
    assert snap_compare(
        demo_app(tmp_path), terminal_size=SIZE, run_before=typed_then_settled("c", *keys)
    )
