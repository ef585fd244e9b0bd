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
    "1817": ["A", "B", "C"],
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
    """The companies of ``title`` that have a livery (its own or a shared one)."""
    game = Game.new(title, TITLES[title])
    return [cid for cid in game.state.ledger.companies if palette.livery(cid, title)]


def test_the_titles_here_are_every_title() -> None:
    """A new title comes into the distance test below (1817 was missing once)."""
    from moderator.simulate import BOX_TITLES
    from moderator.simulate import TITLES as SIMULATED

    assert set(SIMULATED) | set(BOX_TITLES) <= set(TITLES)


@pytest.mark.parametrize("title", list(TITLES))
def test_every_two_companies_of_a_title_are_clearly_apart(title: str) -> None:
    """Issue 28.8: ERIE's and GT's lines on paper were near-identical oranges (8.6 apart).
    Badges, lines on light and lines on dark backgrounds: every pair of the title's
    companies is at least MIN_DISTANCE apart."""
    cids = liveried(title)
    assert len(cids) >= 6
    uses = {
        "badge": lambda cid: palette.title_companies(title)[cid].bg,
        "light": lambda cid: palette.company_line(cid, 0, "light", title),
        "dark": lambda cid: palette.company_line(cid, 0, "dark", title),
    }
    for use, colour in uses.items():
        for one, other in combinations(cids, 2):
            apart = palette.distance(colour(one), colour(other))
            assert apart >= palette.MIN_DISTANCE, (use, one, other, round(apart, 1))


def test_erie_and_gt_lines_on_paper_were_the_case() -> None:
    assert palette.distance("#f9a825", "#fb8c00") < palette.MIN_DISTANCE  # before
    assert palette.distance(palette.company_line("ERIE"), palette.company_line("GT")) >= 20


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""

    def luminance(colour: str) -> float:
        def linear(v: int) -> float:
            c = v / 255
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (linear(v) for v in palette.rgb(colour))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((luminance(one), luminance(other)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_badge_is_readable_and_every_line_shows() -> None:
    """Badge text at least 4.5:1 (WCAG AA) on every livery, the titles' own ones too."""
    liveries = list(palette.COMPANIES.items())
    for own in palette.TITLE_COMPANIES.values():
        liveries += own.items()
    for cid, livery in liveries:
        assert contrast(livery.bg, livery.fg) >= 4.5, cid


def test_every_1817_corporation_has_its_livery() -> None:
    """Issue 44: none of 1817's twenty corporations is drawn in the grey default."""
    from rulesets.g1817 import CORPORATIONS

    for cid, _ in CORPORATIONS:
        assert palette.livery(cid, "1817") is not None, cid
    assert len(CORPORATIONS) == 20


def test_a_title_has_its_own_livery_for_a_shared_id() -> None:
    """1817's Strasburg (red) and 1889's Sanuki Railway (green) are both SR; 1817's H and
    R are 1847's privates' ids, drawn without a livery there."""
    assert palette.livery("SR", "1889") == palette.COMPANIES["SR"]
    assert palette.livery("SR") == palette.COMPANIES["SR"]
    red, green = palette.livery("SR", "1817"), palette.livery("SR", "1889")
    assert red is not None and green is not None
    assert palette.distance(red.bg, green.bg) >= palette.MIN_DISTANCE
    assert palette.company_line("SR", 0, "dark", "1817") == red.line("dark")
    for cid in ("H", "R"):
        assert palette.livery(cid, "1847AE") is None
        assert palette.livery(cid, "1817") is not None
        assert palette.company_line(cid, 2, "light", "1847AE") == palette.SPARE[2]
    assert palette.title_companies("1817")["UR"] == palette.TITLE_COMPANIES["1817"]["UR"]
    assert palette.title_companies(None) == palette.COMPANIES
