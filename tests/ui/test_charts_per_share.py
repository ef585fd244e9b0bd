"""The rounds screen's run column says a payout its shares do not divide to the cent, as the
receipt does (1817 facts §8): GT's $133 on 5 shares in OR 5.2 of
``1817-dividend-zones.script`` is "$26.60 a share", never "$26 a share"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable
from ui_helpers import REPO, running, save_from_script

from moderator.ui.screens.charts import RoundsScreen

ZONES = (REPO / "tests" / "scripts" / "1817-dividend-zones.script").read_text(encoding="utf-8")


async def test_the_run_column_says_26_60_a_share(saves: Path) -> None:
    text = ZONES[: ZONES.index("\nrun GT 133\n") + 1] + "run GT 133\n"
    save_from_script(saves / "g.json", text).close()
    async with running(saves) as (app, pilot):
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundsScreen)
        table = screen.query_one("#companies-table", DataTable)
        row = str(len(screen.records) - 1)  # OR 5.2, the round going on
        shown = table.get_cell(row, "GT:run")
        assert getattr(shown, "plain", str(shown)) == "$133 full $26.60 a share"
        before = table.get_cell(str(len(screen.records) - 2), "GT:run")  # OR 5.1: $80 on 5
        assert getattr(before, "plain", str(before)) == "$80 full $16 a share"
