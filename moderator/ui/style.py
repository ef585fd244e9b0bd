"""Presentation data: company colours and small text helpers (no rules here).

Each company is drawn as a badge in its livery colour, as on the physical
charters, so a player finds "their" row at a glance.  The colours are the one palette's
(:mod:`moderator.palette`), the same as the table view's badges and the charts' lines.
"""

from __future__ import annotations

from rich.text import Text

from moderator import palette


def _badge_style(livery: palette.Livery) -> str:
    """A badge's Rich style: the livery's text colour on its colour."""
    return f"bold {'white' if livery.fg == '#ffffff' else 'black'} on {livery.bg}"


COMPANY_STYLE: dict[str, str] = {
    cid: _badge_style(livery) for cid, livery in palette.COMPANIES.items()
}
"""Badge style per company id; unknown ids get :data:`DEFAULT_STYLE`."""

DEFAULT_STYLE = "bold"
CHANGED = "reverse"
"""Style laid over figures that changed with the last command."""
ACTING = "bold yellow"


TITLE_STYLE: dict[str, str] = {}
"""Badge styles of the title on screen where it has its own livery for an id
(:data:`moderator.palette.TITLE_COMPANIES`, set by :func:`use_title`)."""

TITLE_FOREGROUND: dict[str, str] = {}
"""Text styles of those: the livery's line on a dark background."""


def use_title(title: str | None) -> None:
    """Draw the companies as ``title`` does: its own liveries over the shared ones (the app
    shows one game at a time; a session sets this for its game)."""
    own = palette.TITLE_COMPANIES.get(title or "", {})
    TITLE_STYLE.clear()
    TITLE_STYLE.update({cid: _badge_style(livery) for cid, livery in own.items()})
    TITLE_FOREGROUND.clear()
    TITLE_FOREGROUND.update({cid: f"bold {livery.line('dark')}" for cid, livery in own.items()})


def badge(cid: str, width: int = 0) -> Text:
    """A company id in its colours, padded to ``width``."""
    label = f" {cid} " if width == 0 else f" {cid} ".center(width)
    return Text(label, style=TITLE_STYLE.get(cid) or COMPANY_STYLE.get(cid, DEFAULT_STYLE))


FOREGROUND: dict[str, str] = {
    cid: f"bold {palette.COMPANIES[cid].line('dark')}" for cid in ("NYC", "MS", "Bess", "DLW", "WC")
}
"""Foreground colour where the badge colour is too dark to read as text."""


def company_text(cid: str) -> Text:
    """A company id coloured in the foreground only (for dense lists)."""
    if cid in TITLE_FOREGROUND:
        return Text(cid, style=TITLE_FOREGROUND[cid])
    if cid in FOREGROUND:
        return Text(cid, style=FOREGROUND[cid])
    style = COMPANY_STYLE.get(cid, DEFAULT_STYLE)
    if " on " in style:
        colour = style.split(" on ")[1]
        style = f"bold {colour}"
    return Text(cid, style=style)
