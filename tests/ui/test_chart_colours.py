"""The rounds screen's charts in colour (issue 21.6): each company's line in its livery and
each player's in a colour of their own, from the one palette the XLSX export and the table
view use too (``moderator.palette``), for every title's demo game.

The colours are read from what plotext draws (its ANSI output: ``ESC[38;2;R;G;Bm``), so a
line drawn in the theme's default colour fails the test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual_plotext import PlotextPlot
from ui_helpers import REPO, running, save_from_script

from moderator import palette, scoring
from moderator.ui.screens.charts import RoundsScreen

DEMO = REPO / "moderator" / "demo"

TRUE_COLOUR = re.compile(r"\x1b\[38;2;(\d+);(\d+);(\d+)m")


def drawn_colours(plot: PlotextPlot) -> set[tuple[int, int, int]]:
    """Every foreground colour in the plot as plotext draws it."""
    out = plot.plt.build()
    return {(int(r), int(g), int(b)) for r, g, b in TRUE_COLOUR.findall(out)}


def test_one_palette_for_every_view() -> None:
    """The table view's badge colours are the palette's liveries; each title's companies
    differ from one another on both backgrounds, and the players' colours all differ."""
    from moderator.web.colours import COLOURS

    assert COLOURS == {cid: (liv.bg, liv.fg) for cid, liv in palette.COMPANIES.items()}
    from moderator.ui.style import COMPANY_STYLE  # the terminal's badges too (issue 28.8)

    assert {cid: s.rsplit(" ", 1)[1] for cid, s in COMPANY_STYLE.items()} == {
        cid: liv.bg for cid, liv in palette.COMPANIES.items()
    }
    titles = {
        "1846": ["PRR", "NYC", "BO", "CO", "ERIE", "GT", "IC", "MS", "BIG4"],
        "1847AE": ["L", "Saar", "HLB", "M", "NDB", "N", "RNB", "LFK"],
        "1853": ["EIR", "GIP", "NWR", "BNR", "BBCI", "MSM", "SIR", "ECR"],
        "1830": ["PRR", "NYC", "CPR", "BO", "CO", "ERIE", "NYNH", "BM"],
    }
    for background in ("light", "dark"):
        for cids in titles.values():
            lines = [palette.company_line(cid, 0, background) for cid in cids]
            assert len(set(lines)) == len(lines), (background, cids)
    assert len(set(palette.PLAYERS)) == len(palette.PLAYERS) >= 6
    assert palette.company_line("XYZ", 1) == palette.SPARE[1]  # no livery: a spare colour


@pytest.mark.parametrize("title", ["1846", "1847ae", "1853", "1830", "1817"])
async def test_rounds_charts_draw_companies_and_players_in_their_colours(
    title: str, saves: Path
) -> None:
    """g on a demo game: the price chart has a line in every priced company's livery (the
    dark-background variant), the value chart one in each player's colour, no two alike."""
    path = saves / f"demo-{title}.json"
    script = (DEMO / f"demo-{title}.script").read_text(encoding="utf-8")
    save_from_script(path, script).close()
    async with running(saves) as (app, pilot):
        await pilot.press("g")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundsScreen)
        records = screen.records
        assert records
        companies = screen.companies(records)
        assert len(companies) >= 2
        prices = drawn_colours(screen.query_one("#prices-plot", PlotextPlot))
        game_title = screen.session.game.title  # 1817's UR: 1817's own livery, not 1889's
        expected = [
            palette.rgb(palette.company_line(cid, n, "dark", game_title))
            for n, cid in enumerate(companies)
        ]
        assert len(set(expected)) == len(expected)
        for cid, colour in zip(companies, expected, strict=True):
            assert colour in prices, cid
            assert palette.livery(cid, game_title), cid  # a livery, not a spare colour
        names = [p.name for p in scoring.score(screen.session.game).players]
        values = drawn_colours(screen.query_one("#values-plot", PlotextPlot))
        players = [palette.rgb(palette.player_line(n)) for n in range(len(names))]
        assert len(set(players)) == len(players)
        for name, colour in zip(names, players, strict=True):
            assert colour in values, name
