"""A title's own liveries on the terminal (moderator.ui.style, the charts): an id two
titles use for different companies is drawn in the livery of the game on screen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from moderator import palette
from moderator.game import Game
from moderator.ui import style
from moderator.ui.screens.charts import company_colour
from moderator.ui.session import Session


@pytest.fixture(autouse=True)
def shared_liveries() -> Iterator[None]:
    """Every test leaves the terminal drawing the shared liveries."""
    yield
    style.use_title(None)


def test_a_session_draws_its_titles_own_liveries() -> None:
    Session(Game.new("1817", ["A", "B", "C"]))
    red = palette.TITLE_COMPANIES["1817"]["SR"]
    assert style.badge("SR").style == f"bold white on {red.bg}"
    assert style.company_text("SR").style == f"bold {red.line('dark')}"
    assert style.badge("H").style != style.DEFAULT_STYLE  # 1847's private id: a livery here
    Session(Game.new("1889", ["A", "B", "C"]))
    assert style.badge("SR").style == style.COMPANY_STYLE["SR"]
    assert style.badge("H").style == style.DEFAULT_STYLE


def test_1817s_dark_liveries_read_as_text_on_a_dark_terminal() -> None:
    Session(Game.new("1817", ["A", "B", "C"]))
    for cid in ("Bess", "DLW", "WC", "R", "UR"):
        colour = str(style.company_text(cid).style).split()[-1]
        assert palette.distance(colour, "#000000") >= 25, cid


def test_the_charts_draw_a_titles_own_liveries() -> None:
    assert company_colour("SR", 0, "1817") == palette.rgb(
        palette.TITLE_COMPANIES["1817"]["SR"].line("dark")
    )
    assert company_colour("SR", 0, "1889") == palette.rgb(palette.COMPANIES["SR"].line("dark"))
