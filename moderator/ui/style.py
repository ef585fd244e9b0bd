"""Presentation data: company colours and small text helpers (no rules here).

Each company is drawn as a badge in its livery colour, as on the physical
charters, so a player finds "their" row at a glance.
"""

from __future__ import annotations

from rich.text import Text

COMPANY_STYLE: dict[str, str] = {
    # 1846 corporations
    "PRR": "bold white on #c62828",
    "NYC": "bold white on #37474f",
    "BO": "bold white on #1565c0",
    "CO": "bold black on #81d4fa",
    "ERIE": "bold black on #fdd835",
    "GT": "bold black on #fb8c00",
    "IC": "bold white on #2e7d32",
    # 1846 independents
    "MS": "bold white on #6a1b9a",
    "BIG4": "bold black on #bcaaa4",
}
"""Badge style per company id; unknown ids get :data:`DEFAULT_STYLE`."""

DEFAULT_STYLE = "bold"
CHANGED = "reverse"
"""Style laid over figures that changed with the last command."""
ACTING = "bold yellow"


def badge(cid: str, width: int = 0) -> Text:
    """A company id in its colours, padded to ``width``."""
    label = f" {cid} " if width == 0 else f" {cid} ".center(width)
    return Text(label, style=COMPANY_STYLE.get(cid, DEFAULT_STYLE))


FOREGROUND: dict[str, str] = {"NYC": "bold #b0bec5", "MS": "bold #ce93d8"}
"""Foreground colour where the badge colour is too dark to read as text."""


def company_text(cid: str) -> Text:
    """A company id coloured in the foreground only (for dense lists)."""
    if cid in FOREGROUND:
        return Text(cid, style=FOREGROUND[cid])
    style = COMPANY_STYLE.get(cid, DEFAULT_STYLE)
    if " on " in style:
        colour = style.split(" on ")[1]
        style = f"bold {colour}"
    return Text(cid, style=style)
