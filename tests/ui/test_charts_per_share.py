"""The rounds screen's run column says a payout its shares do not divide to the cent, as the
receipt does (1817 facts §8): GT's $133 on 5 shares in OR 5.2 of
``1817-dividend-zones.script`` is "$26.60 a share", never "$26 a share"; and 1853's mail
run (4.6.6) beside the revenue: EIR's £280 paid out with a £40 mail run in OR 2.1 of
``1853-operating.script``."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable
from ui_helpers import REPO, running, save_from_script

from moderator.ui.screens.charts import RoundsScreen

SCRIPTS = REPO / "tests" / "scripts"
ZONES = (SCRIPTS / "1817-dividend-zones.script").read_text(encoding="utf-8")
OPERATING = (SCRIPTS / "1853-operating.script").read_text(encoding="utf-8")


async def run_cells(saves: Path, text: str, cells: list[tuple[int, str]]) -> list[str]:
    """The rounds screen's Companies cells of the game ``text`` plays: (how many records
    before the last, column key) each."""
    save_from_script(saves / "g.json", text).close()
    async with running(saves) as (app, pilot):
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundsScreen)
        table = screen.query_one("#companies-table", DataTable)
        last = len(screen.records) - 1
        shown = [table.get_cell(str(last - back), key) for back, key in cells]
        return [getattr(cell, "plain", str(cell)) for cell in shown]


async def test_the_run_column_says_26_60_a_share(saves: Path) -> None:
    text = ZONES[: ZONES.index("\nrun GT 133\n") + 1] + "run GT 133\n"
    # OR 5.2, the round going on; OR 5.1: $80 on 5
    assert await run_cells(saves, text, [(0, "GT:run"), (1, "GT:run")]) == [
        "$133 full $26.60 a share",
        "$80 full $16 a share",
    ]


async def test_the_run_column_says_the_mail_run(saves: Path) -> None:
    text = OPERATING[: OPERATING.index("\ntrain EIR 2 from GIP 100\n") + 1]
    assert await run_cells(saves, text, [(0, "EIR:run")]) == [  # OR 2.1, going on
        "£280 full £28 a share + £40 mail run"
    ]
