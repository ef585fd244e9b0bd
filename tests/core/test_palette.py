"""The company colours (moderator.palette): every two companies of a title clearly apart,
measured with CIEDE2000, checked against the published test data of its formula."""

from __future__ import annotations

from itertools import combinations

import pytest

from moderator import palette
from moderator.game import Game

TITLES = {
    "1846": ["A", "B", "C"],
    "1847AE": ["A", "B", "C"],
    "1847Pfalz": ["A", "B", "C"],
    "1847RRRRB": ["A", "B", "C", "D", "E"],
    "1853": ["A", "B", "C"],
    "1830": ["A", "B", "C"],
    "1889": ["A", "B", "C"],
    "18Chesapeake": ["A", "B", "C"],
}

# Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula: implementation notes,
# supplementary test data, and mathematical observations" (2005), pairs 1, 7, 17-20.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
]


@pytest.mark.parametrize(("one", "other", "expected"), SHARMA)
def test_ciede2000_gives_the_published_differences(
    one: tuple[float, float, float], other: tuple[float, float, float], expected: float
) -> None:
    assert round(palette.delta_e(one, other), 4) == expected
    assert round(palette.delta_e(other, one), 4) == expected


def test_lab_of_white_black_and_red() -> None:
    white, black, red = (palette.lab(c) for c in ("#ffffff", "#000000", "#ff0000"))
    assert [round(v, 1) for v in white] == [100.0, 0.0, 0.0]
    assert [round(v, 1) for v in black] == [0.0, 0.0, 0.0]
    assert [round(v) for v in red] == [53, 80, 67]


def liveried(title: str) -> list[str]:
    """The companies of ``title`` that have a livery."""
    game = Game.new(title, TITLES[title])
    return [cid for cid in game.state.ledger.companies if cid in palette.COMPANIES]


@pytest.mark.parametrize("title", list(TITLES))
def test_every_two_companies_of_a_title_are_clearly_apart(title: str) -> None:
    """Issue 28.8: ERIE's and GT's lines on paper were near-identical oranges (8.6 apart).
    Badges, lines on light and lines on dark backgrounds: every pair of the title's
    companies is at least MIN_DISTANCE apart."""
    cids = liveried(title)
    assert len(cids) >= 6
    uses = {
        "badge": lambda cid: palette.COMPANIES[cid].bg,
        "light": lambda cid: palette.company_line(cid, 0, "light"),
        "dark": lambda cid: palette.company_line(cid, 0, "dark"),
    }
    for use, colour in uses.items():
        for one, other in combinations(cids, 2):
            apart = palette.distance(colour(one), colour(other))
            assert apart >= palette.MIN_DISTANCE, (use, one, other, round(apart, 1))


def test_erie_and_gt_lines_on_paper_were_the_case() -> None:
    assert palette.distance("#f9a825", "#fb8c00") < palette.MIN_DISTANCE  # before
    assert palette.distance(palette.company_line("ERIE"), palette.company_line("GT")) >= 20
