"""The colours of companies and players: one definition for every view that draws them.

Each company has its livery colour, as on its charter, with a text colour readable on
it (contrast of at least 4.5:1, WCAG AA): the table view paints its badges with the pair
(``moderator/web/colours.py``), the XLSX export (``moderator/export.py``) and the
terminal's charts (``moderator/ui/screens/charts.py``) draw each company's line in it.
A livery too pale to see on white paper (Krauss & Co.'s light grey) has a darker line for
light backgrounds, one too dark to see on a dark terminal (NYC's charcoal) a lighter line for
dark ones, and one too near another company's of its title on one background (ERIE's yellow
darkened for paper came near GT's orange) another shade there; the hue stays the company's.

Players have no livery: they get :data:`PLAYERS`, eight clearly different colours, in
seating order (the same player the same colour in the workbook and on the screen).

Every two companies of a title are clearly apart in each use: badges, lines on light and
lines on dark backgrounds differ by at least :data:`MIN_DISTANCE` in CIEDE2000
(:func:`distance`), the colour difference the CIE defined to follow what eyes see.

Plain data and functions: the core imports this, so nothing here imports Textual or Rich.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

Background = Literal["light", "dark"]
"""What a line is drawn on: paper or a spreadsheet (light), a terminal (dark)."""


@dataclass(frozen=True)
class Livery:
    """A company's colours: its badge (``bg``, text ``fg``) and, where the badge colour does
    not show as a line on one background, the line colour to use there instead."""

    bg: str
    fg: str
    on_light: str | None = None
    on_dark: str | None = None

    def line(self, background: Background) -> str:
        """The colour of this company's line drawn on ``background``."""
        special = self.on_light if background == "light" else self.on_dark
        return special or self.bg


COMPANIES: dict[str, Livery] = {
    # 1846 corporations and independents
    "PRR": Livery("#c62828", "#ffffff"),
    "NYC": Livery("#424242", "#ffffff", on_dark="#e0e0e0"),
    "BO": Livery("#1565c0", "#ffffff", on_dark="#448aff"),
    "CO": Livery("#81d4fa", "#000000", on_light="#039be5"),
    "ERIE": Livery("#fdd835", "#000000", on_light="#c0b000"),
    "GT": Livery("#f57c00", "#000000"),
    "IC": Livery("#2e7d32", "#ffffff", on_dark="#43a047"),
    "MS": Livery("#9c27b0", "#ffffff", on_dark="#ce93d8"),
    "BIG4": Livery("#a1887f", "#000000", on_light="#8d6e63"),
    # 1847 AE corporations and Krauss & Co.
    "L": Livery("#1565c0", "#ffffff", on_dark="#448aff"),
    "Saar": Livery("#ad1457", "#ffffff", on_dark="#ec407a"),
    "HLB": Livery("#66bb6a", "#000000"),
    "M": Livery("#4fc3f7", "#000000", on_light="#039be5", on_dark="#80deea"),
    "NDB": Livery("#5d4037", "#ffffff", on_dark="#a1887f"),
    "N": Livery("#ffb300", "#000000"),
    "RNB": Livery("#8e24aa", "#ffffff", on_dark="#ba68c8"),
    "LFK": Livery("#e0e0e0", "#000000", on_light="#757575"),
    # 1853 companies
    "EIR": Livery("#b71c1c", "#ffffff", on_dark="#d32f2f"),
    "GIP": Livery("#43a047", "#000000"),
    "NWR": Livery("#ffca28", "#000000", on_light="#ffa000"),
    "BNR": Livery("#1a237e", "#ffffff", on_dark="#536dfe"),
    "BBCI": Livery("#29b6f6", "#000000"),
    "MSM": Livery("#8d6e3f", "#ffffff", on_dark="#bcaaa4"),
    "SIR": Livery("#ff7043", "#000000", on_dark="#ff8a65"),
    "ECR": Livery("#ab47bc", "#ffffff", on_dark="#ce93d8"),
    # 1830 corporations not in 1846 (PRR, NYC, B&O, C&O and Erie keep 1846's liveries)
    "CPR": Livery("#880e4f", "#ffffff", on_dark="#f06292"),
    "NYNH": Livery("#ef6c00", "#000000"),
    "BM": Livery("#2e7d32", "#ffffff", on_dark="#43a047"),
    # 1889 corporations, shades kept apart from each other and from SIR's (1853's livery,
    # which 1889's South Iyo Railway private shares by its id)
    "AR": Livery("#37383a", "#ffffff", on_dark="#e0e0e0"),
    "IR": Livery("#fdd835", "#000000", on_light="#f9a825"),
    "SR": Livery("#76a042", "#000000"),
    "KO": Livery("#c62828", "#ffffff", on_dark="#e91e63"),
    "TR": Livery("#00a993", "#000000"),
    "KU": Livery("#0189d1", "#000000"),
    "UR": Livery("#6a1b9a", "#ffffff", on_dark="#ba68c8"),
    # 18Chesapeake corporations not in 1830 (PRR, B&O, C&O keep theirs); CA, the 1830
    # private's id too, kept apart from 1830's corporations
    "PLE": Livery("#212121", "#ffffff", on_dark="#e0e0e0"),
    "SRR": Livery("#ffb300", "#000000"),
    "LV": Livery("#2e7d32", "#ffffff", on_dark="#9ccc65"),
    "CA": Livery("#00838f", "#ffffff", on_dark="#26a69a"),
    "NW": Livery("#6a1b9a", "#ffffff", on_dark="#ba68c8"),
    # 1817 corporations, from their charter colours (as 18xx.games prints them, in the
    # comments): twenty companies pairwise MIN_DISTANCE apart leave few shades free, so
    # most moved in lightness or chroma, each keeping its hue (searched systematically);
    # text black where the printed white did not reach 4.5:1. GT keeps 1846's Grand Trunk
    # orange (3.9 from 1817's); H, PLE, R, SR and UR are 1817's own (TITLE_COMPANIES).
    "AS": Livery("#f42782", "#000000"),  # #ee3e80
    "AA": Livery("#b702cb", "#ffffff"),  # #904098
    "Belt": Livery("#ffc562", "#000000", on_light="#e2b029", on_dark="#fdc03f"),  # #f2a847
    "Bess": Livery("#16190e", "#ffffff", on_light="#030500", on_dark="#62645f"),  # #16190e
    "BA": Livery("#ff5247", "#000000", on_dark="#ff665b"),  # #ef4223
    "DLW": Livery("#834d69", "#ffffff", on_dark="#87546e"),  # #984573
    "J": Livery("#b6cd89", "#000000", on_light="#79806c", on_dark="#bbcf90"),  # #bedb86
    "ME": Livery("#fff3e2", "#000000", on_light="#beb6ac", on_dark="#fefcf8"),  # #ffdea8
    "NYOW": Livery("#0095da", "#000000", on_light="#077fba"),  # #0095da
    "NYSW": Livery("#fffd1c", "#000000", on_light="#889900", on_dark="#fbff01"),  # #fff36b
    "PSNR": Livery("#109151", "#000000", on_light="#00742d", on_dark="#00ac5f"),  # #0a884b
    "PW": Livery("#a2a2a2", "#000000", on_light="#4d4d4d"),  # #bec8cc
    "WT": Livery("#9d745e", "#000000", on_dark="#edbaa2"),  # #e96f2c
    "WC": Livery("#5b392a", "#ffffff", on_light="#542915", on_dark="#9a6f59"),  # #984d2d
}
"""Every company's livery, by id (the titles' corporations and privates that have one)."""

TITLE_COMPANIES: dict[str, dict[str, Livery]] = {
    # 1817's companies whose id another title uses for another livery or for a company
    # drawn without one (1847's privates H and R, 1889's SR and UR, 18Chesapeake's black
    # P&LE): 1817's charters differ, so 1817 has its own (same search as above).
    "1817": {
        "H": Livery("#c1e6fe", "#000000", on_light="#76c0ea", on_dark="#a1dbfe"),  # #bedef3
        "PLE": Livery("#00afad", "#000000", on_light="#00a7a3"),  # #00afad
        "R": Livery("#155432", "#ffffff", on_light="#0b371f", on_dark="#1e7145"),  # #165633
        "SR": Livery("#bb0010", "#ffffff", on_dark="#c90212"),  # #e31f21
        "UR": Livery("#023d83", "#ffffff", on_dark="#4761a5"),  # #003d84
    },
}
"""A title's own liveries for ids whose shared livery (:data:`COMPANIES`) is another
title's: :func:`livery` with the title looks here first."""


def livery(cid: str, title: str | None = None) -> Livery | None:
    """Company ``cid``'s livery in ``title`` (its own if the title has one for that id,
    else the shared one), or ``None`` for a company without one."""
    if title is not None:
        own = TITLE_COMPANIES.get(title, {}).get(cid)
        if own is not None:
            return own
    return COMPANIES.get(cid)


def title_companies(title: str | None) -> dict[str, Livery]:
    """Every livery by id as ``title`` draws them: the shared ones, the title's own over them."""
    return {**COMPANIES, **TITLE_COMPANIES.get(title or "", {})}


UNKNOWN = Livery("#eceff1", "#000000")
"""A company without a livery here (a private, a new title): light grey, black text; its
chart line takes a colour of :data:`SPARE` instead."""

PLAYERS: tuple[str, ...] = (
    "#1e88e5",  # blue
    "#e53935",  # red
    "#43a047",  # green
    "#fb8c00",  # orange
    "#8e24aa",  # purple
    "#00acc1",  # teal
    "#d81b60",  # pink
    "#6d4c41",  # brown
)
"""The players' line colours in seating order (a ninth player starts over)."""

SPARE: tuple[str, ...] = ("#00897b", "#c0ca33", "#5e35b1", "#f06292", "#546e7a", "#ff5722")
"""Line colours for companies without a livery, in turn."""


def company_line(
    cid: str, n: int = 0, background: Background = "light", title: str | None = None
) -> str:
    """The ``#rrggbb`` colour of company ``cid``'s line on ``background`` (in ``title``:
    see :func:`livery`); a company without a livery takes the ``n``-th spare colour."""
    own = livery(cid, title)
    if own is None:
        return SPARE[n % len(SPARE)]
    return own.line(background)


def player_line(n: int) -> str:
    """The ``#rrggbb`` colour of the ``n``-th player's line (seating order, from 0)."""
    return PLAYERS[n % len(PLAYERS)]


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as a red, green, blue triple of 0-255."""
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


# ================================================================= colour difference
MIN_DISTANCE = 20.0
"""The least CIEDE2000 difference between two companies of a title, in every use.  About
2 is the smallest difference a trained eye sees side by side; two thin chart lines apart
on a screen or a printout need far more (ERIE's and GT's lines on paper, once 9 apart,
were read as one; they are 30 apart now)."""


def lab(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` (sRGB) in CIELAB (D65 white): lightness L* and the a*, b* axes."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(one: tuple[float, float, float], other: tuple[float, float, float]) -> float:
    """The CIEDE2000 colour difference of two CIELAB colours (CIE 142-2001)."""
    l1, a1, b1 = one
    l2, a2, b2 = other
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dh_big / sh) ** 2 + rt * (dc / sc) * (dh_big / sh)
    )


def distance(one: str, other: str) -> float:
    """How far apart two ``#rrggbb`` colours look: CIEDE2000 (0: the same; see
    :data:`MIN_DISTANCE`)."""
    return delta_e(lab(one), lab(other))
