"""Company colours of the table view: each company drawn in its colour, as on its charter.

The same colours as the terminal screen (``moderator/ui``) so a player who glances at
the laptop and at the phone finds the same company in the same colour; defined once in
:mod:`moderator.palette`, which the export's and the terminal's charts use too.  Every pair is a
background and a text colour chosen to be readable in daylight (contrast of at least
4.5:1, WCAG AA).
"""

from __future__ import annotations

import re

from moderator.palette import COMPANIES, TITLE_COMPANIES, UNKNOWN

COLOURS: dict[str, tuple[str, str]] = {
    cid: (livery.bg, livery.fg) for cid, livery in COMPANIES.items()
}
"""Background and text colour per company id (from :mod:`moderator.palette`)."""

DEFAULT = (UNKNOWN.bg, UNKNOWN.fg)
"""A company this table does not know (a private, a new title): light grey, black text."""

_SAFE = re.compile(r"[A-Za-z0-9]{1,16}")


def css_class(cid: str, title: str | None = None) -> str:
    """The CSS class that paints company ``cid`` (``co-PRR``) in ``title`` (``co-1817-SR``
    where the title has its own livery for the id); ``co`` alone for an id the stylesheet
    has no rule for."""
    if not _SAFE.fullmatch(cid):
        return "co"
    if title is not None and cid in TITLE_COMPANIES.get(title, {}) and _SAFE.fullmatch(title):
        return f"co co-{title}-{cid}"
    return f"co co-{cid}" if cid in COLOURS else "co"


def stylesheet() -> str:
    """The CSS rules of every company colour (served as ``/static/colours.css``)."""
    bg, fg = DEFAULT
    rules = [f".co{{background:{bg};color:{fg}}}"]
    for cid, (bg, fg) in COLOURS.items():
        if _SAFE.fullmatch(cid):
            rules.append(f".co-{cid}{{background:{bg};color:{fg}}}")
            rules.append(f".mk-{cid}{{border-color:{bg}}}")
    for title, own in TITLE_COMPANIES.items():
        for cid, livery in own.items():
            if _SAFE.fullmatch(cid) and _SAFE.fullmatch(title):
                rules.append(f".co-{title}-{cid}{{background:{livery.bg};color:{livery.fg}}}")
    return "\n".join(rules) + "\n"
