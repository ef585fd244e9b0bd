"""The screens read money as every line does: the title's sign, thousands grouped.

The 1846 demo (OR 3.1) then a correction and a $12,000 run that breaks the bank: the
header, the players' and companies' panels, the log, the score, the projection and the
rounds screen each show four-figure amounts grouped (``$5,001``, ``-$3,860``), never
``$5001`` (:func:`moderator.text.money`).
"""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import DataTable
from ui_helpers import REPO, running, save_from_script

from moderator.ui.screens.charts import RoundsScreen
from moderator.ui.screens.project import ProjectionScreen
from moderator.ui.screens.score import ScoreScreen

UNGROUPED = re.compile(r"[$£¥]-?\d{4}")
BIG = ["adjust Amy 2500 test", "run PRR 12000 full"]


def screen_text(app) -> str:  # type: ignore[no-untyped-def]
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


def grouped(text: str) -> str:
    assert not UNGROUPED.search(text), UNGROUPED.search(text)
    return text


async def test_the_main_screen_and_the_end_screens_group_the_thousands(tmp_path: Path) -> None:
    demo = (REPO / "moderator" / "demo" / "demo-1846.script").read_text(encoding="utf-8")
    save_from_script(tmp_path / "big.json", demo).close()
    async with running(tmp_path, size=(120, 70)) as (app, pilot):
        for line in BIG:  # typed, so the log says them
            await pilot.press(":", *("space" if ch == " " else ch for ch in line), "enter")
        await pilot.press("escape")  # out of the command bar
        await pilot.pause()
        main = grouped(screen_text(app))
        assert "Bank -$3,860" in main  # the header
        assert "$5,001" in main and "$3,918" in main  # a player's and PRR's cash
        assert "PRR runs $12,000, full" in main and "$1,200 a share" in main  # the log
        assert "The reserve pays the bank $4,500" in main
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        table = app.screen.query_one("#score-table", DataTable)
        assert str(table.get_cell("cash", "Amy")) == "$5,001"
        grouped(screen_text(app))
        await pilot.press("escape")
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ProjectionScreen)
        shown = grouped(screen_text(app))
        assert re.search(r"1st \w+ \$\d{1,3},\d{3}", shown)  # the places
        assert "5,001" in shown  # Amy's cash on hand in the 10.1 table
        assert "· amounts in $" in shown  # the table's figures carry no sign: the unit said
        await pilot.press("escape")
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RoundsScreen)
        await pilot.press("2")  # the players' table
        await pilot.pause()
        grouped(screen_text(app))
        table = app.screen.query_one("#players-table", DataTable)
        now = str(table.row_count - 1)  # the row of the round under way
        assert table.get_cell(now, "Amy:cash").plain == "$5,001 +4,998"  # since SR 3
        assert table.get_cell(now, "bank").plain == "-$3,860 -9,269"
