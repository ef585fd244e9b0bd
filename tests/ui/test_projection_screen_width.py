"""The projection screen fits the terminal (issue 21.7): a table wider than the screen
puts the players' columns that do not fit in further tables below, each repeating the
company column, a player's shrs and amt together; every cell of the rulebook's table is
shown once, and a wider terminal joins them again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import DataTable
from ui_helpers import REPO, main_screen, running, save_from_script

from moderator import scoring
from moderator.ui.screens.project import ProjectionScreen

LONG_NAMES = {
    "Pam": "Pamela",
    "Quin": "Quintessa",
    "Rex": "Rexford",
    "Sue": "Susannah",
    "Tom": "Tomasz",
}


def five_players(saves: Path) -> None:
    """The 1853 phases script (5 players, the last set of ORs) with long names."""
    text = (REPO / "tests" / "scripts" / "1853-phases.script").read_text()
    for short, long in LONG_NAMES.items():
        text = re.sub(rf"\b{short}\b", long, text)
    save_from_script(saves / "five.json", text).close()


def plain(value: object) -> str:
    return getattr(value, "plain", str(value))


@pytest.mark.parametrize("width", [80, 100])
async def test_five_players_fit_the_screen(saves: Path, width: int) -> None:
    five_players(saves)
    async with running(saves, size=(width, 40)) as (app, pilot):
        expected = scoring.project(main_screen(app).session.game)
        await pilot.press("w")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProjectionScreen)
        await pilot.pause()
        tables = list(screen.query(DataTable))
        assert len(tables) == 2
        for table in tables:
            assert table.virtual_size.width <= table.size.width  # nothing off to the side
        rows = expected.table()
        seen: dict[str, str] = {}
        for table in tables:
            assert [str(c.key.value) for c in table.columns.values()][0] == "Corp"
            for column in list(table.columns)[1:]:
                for row in table.rows:
                    seen[f"{row.value}|{column.value}"] = plain(table.get_cell(row, column))
        for row in rows[1:]:
            key = (
                row[0]
                or {"Cash on hand": "cash", "Final total": "total", "Privates": "privates"}[
                    next(c for c in row if c)
                ]
            )
            for n, head in enumerate(rows[0][1:], start=1):
                if row[0] or head.endswith(" amt"):  # the footers' figures are the amounts
                    assert seen[f"{key}|{head}"] == row[n], (key, head)
        await pilot.resize_terminal(200, 40)
        await pilot.pause()
        assert len(list(screen.query(DataTable))) == 1  # wide enough: one table again
