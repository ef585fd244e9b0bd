"""The colours of companies and players: one definition for every view that draws them.

Each company has its livery colour, as on its charter, with a text colour readable on
it (contrast of at least 4.5:1, WCAG AA): the table view paints its badges with the pair
(``moderator/web/colours.py``), the XLSX export (``moderator/export.py``) and the
terminal's charts (``moderator/ui/screens/charts.py``) draw each company's line in it.
A livery too pale to see on white paper (Krauss & Co.'s light grey) has a darker line for
light backgrounds, one too dark to see on a dark terminal (NYC's slate) a lighter line for
dark ones; the hue stays the company's.

Players have no livery: they get :data:`PLAYERS`, eight clearly different colours, in
seating order (the same player the same colour in the workbook and on the screen).

Plain data and functions: the core imports this, so nothing here imports Textual or Rich.
"""

from __future__ import annotations

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
    "NYC": Livery("#37474f", "#ffffff", on_dark="#b0bec5"),
    "BO": Livery("#1565c0", "#ffffff", on_dark="#42a5f5"),
    "CO": Livery("#81d4fa", "#000000", on_light="#039be5"),
    "ERIE": Livery("#fdd835", "#000000", on_light="#f9a825"),
    "GT": Livery("#fb8c00", "#000000"),
    "IC": Livery("#2e7d32", "#ffffff", on_dark="#43a047"),
    "MS": Livery("#6a1b9a", "#ffffff", on_dark="#ce93d8"),
    "BIG4": Livery("#bcaaa4", "#000000", on_light="#8d6e63"),
    # 1847 AE corporations and Krauss & Co.
    "L": Livery("#1565c0", "#ffffff", on_dark="#42a5f5"),
    "Saar": Livery("#ad1457", "#ffffff", on_dark="#ec407a"),
    "HLB": Livery("#66bb6a", "#000000"),
    "M": Livery("#4fc3f7", "#000000", on_light="#039be5"),
    "NDB": Livery("#5d4037", "#ffffff", on_dark="#a1887f"),
    "N": Livery("#ffb300", "#000000"),
    "RNB": Livery("#8e24aa", "#ffffff", on_dark="#ba68c8"),
    "LFK": Livery("#e0e0e0", "#000000", on_light="#757575"),
    # 1853 companies
    "EIR": Livery("#b71c1c", "#ffffff", on_dark="#e53935"),
    "GIP": Livery("#43a047", "#000000"),
    "NWR": Livery("#ffca28", "#000000", on_light="#ffa000"),
    "BNR": Livery("#283593", "#ffffff", on_dark="#7986cb"),
    "BBCI": Livery("#29b6f6", "#000000"),
    "MSM": Livery("#6d4c41", "#ffffff", on_dark="#a1887f"),
    "SIR": Livery("#ff7043", "#000000"),
    "ECR": Livery("#7b1fa2", "#ffffff", on_dark="#ba68c8"),
}
"""Every company's livery, by id (the three titles' corporations and privates that have one)."""

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


def company_line(cid: str, n: int = 0, background: Background = "light") -> str:
    """The ``#rrggbb`` colour of company ``cid``'s line on ``background``; a company
    without a livery takes the ``n``-th spare colour."""
    livery = COMPANIES.get(cid)
    if livery is None:
        return SPARE[n % len(SPARE)]
    return livery.line(background)


def player_line(n: int) -> str:
    """The ``#rrggbb`` colour of the ``n``-th player's line (seating order, from 0)."""
    return PLAYERS[n % len(PLAYERS)]


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as a red, green, blue triple of 0-255."""
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
