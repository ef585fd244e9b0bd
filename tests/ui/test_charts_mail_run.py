"""The rounds screen's run column says 1853's mail run (4.6.6) beside the revenue, as the
receipt does: EIR's £280 paid out with a £40 mail run in OR 2.1 of
``1853-operating.script``."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable
from ui_helpers import REPO, running, save_from_script

from moderator.ui.screens.charts import RoundsScreen

OPERATING = (REPO / "tests" / "scripts" / "1853-operating.script").read_text(encoding="utf-8")


async def test_the_run_column_says_the_mail_run(saves: Path) -> None:
    text = OPERATING[: OPERATING.index("\ntrain EIR 2 from GIP 100\n") + 1]
    save_from_script(saves / "g.json", text).close()
    async with running(saves) as (app, pilot):
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundsScreen)
        table = screen.query_one("#companies-table", DataTable)
        shown = table.get_cell(str(len(screen.records) - 1), "EIR:run")  # OR 2.1, going on
        assert getattr(shown, "plain", str(shown)) == "£280 full £28 a share + £40 mail run"
