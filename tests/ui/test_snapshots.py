"""Snapshot tests of the main screens (committed SVGs under ``__snapshots__``).

The games are the rulebook example (1846) or the shipped 1847 AE and 1853 demos stopped at
fixed lines, saved under a fixed name, so nothing on screen depends on the clock or on
temporary paths.
"""

from __future__ import annotations

from pathlib import Path

from ui_helpers import REPO, rulebook_save, save_from_script, settle

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

    async def typed(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("r", "3", "7", "0", "down")
        await settle(pilot)  # the keys held while the dialog opened, all handed out
        # the cursor steady: its blink (every 0.5 s) made the picture depend on the clock
        pilot.app.screen.query_one("#amount").cursor_blink = False

    assert snap_compare(app, terminal_size=SIZE, run_before=typed)


DEMO_1847AE = (REPO / "moderator" / "demo" / "demo-1847ae.script").read_text(encoding="utf-8")


def test_1847ae_stock_round_with_the_starting_package(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The first stock round after its short operating round: the package with what is
    sold and to whom, L floated, Krauss & Co. on the grid."""
    saves = tmp_path / "saves"
    saves.mkdir()
    save_from_script(saves / "1847ae.json", DEMO_1847AE, "buy Bob MNR").close()
    assert snap_compare(ModeratorApp(saves=saves), terminal_size=SIZE)


def test_1847ae_operating_round_with_the_grid(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """OR 2.1, Saar to act: the grid with L, Saar (lit) and Krauss & Co., the investor
    shares, the privates with their income."""
    saves = tmp_path / "saves"
    saves.mkdir()
    save_from_script(saves / "1847ae.json", DEMO_1847AE).close()
    assert snap_compare(ModeratorApp(saves=saves), terminal_size=SIZE)


DEMO_1853 = (REPO / "moderator" / "demo" / "demo-1853.script").read_text(encoding="utf-8")


def test_1853_contract_stage(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The contract claims: the bonds, each bid's cities and shares (Bob's and Amy's
    complete), Carlos with the Elephant, the provisional tracks."""
    saves = tmp_path / "saves"
    saves.mkdir()
    save_from_script(saves / "1853.json", DEMO_1853, "claim Carlos Ajmer").close()
    assert snap_compare(ModeratorApp(saves=saves), terminal_size=SIZE)


def test_1853_operating_round_with_the_tracks(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """OR 2.1, SIR to act: the eight tracks with EIR at 112 and SIR at 64, the bonds held
    aside, the minor's special token."""
    saves = tmp_path / "saves"
    saves.mkdir()
    save_from_script(saves / "1853.json", DEMO_1853).close()
    assert snap_compare(ModeratorApp(saves=saves), terminal_size=SIZE)
