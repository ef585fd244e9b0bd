"""Snapshot tests of the main screens (committed SVGs under ``__snapshots__``).

The games are the rulebook example stopped at fixed lines, saved under a fixed
name, so nothing on screen depends on the clock or on temporary paths.
"""

from __future__ import annotations

from pathlib import Path

from ui_helpers import rulebook_save

from moderator.ui.app import ModeratorApp

SIZE = (120, 40)


def test_main_screen_in_a_stock_round(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rulebook_save(tmp_path / "saves", "buy Carlos NYC ipo")
    app = ModeratorApp(saves=tmp_path / "saves")
    assert snap_compare(app, terminal_size=SIZE)


def test_main_screen_in_an_operating_round(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rulebook_save(tmp_path / "saves", "run NYC 370 half")
    app = ModeratorApp(saves=tmp_path / "saves")
    assert snap_compare(app, terminal_size=SIZE)


def test_run_dialog_with_its_receipt(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rulebook_save(tmp_path / "saves", "run NYC 370 half")
    app = ModeratorApp(saves=tmp_path / "saves")
    assert snap_compare(app, terminal_size=SIZE, press=["r", "3", "7", "0", "down"])
