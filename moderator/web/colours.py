"""Company colours of the table view: each company drawn in its colour, as on its charter.

The same colours as the terminal screen (``moderator/ui``) so a player who glances at
the laptop and at the phone finds the same company in the same colour; kept here
because the web package never imports the Textual front end.  Every pair is a
background and a text colour chosen to be readable in daylight (contrast of at least
4.5:1, WCAG AA).
"""

from __future__ import annotations

import re

COLOURS: dict[str, tuple[str, str]] = {
    # 1846 corporations and independents
    "PRR": ("#c62828", "#ffffff"),
    "NYC": ("#37474f", "#ffffff"),
    "BO": ("#1565c0", "#ffffff"),
    "CO": ("#81d4fa", "#000000"),
    "ERIE": ("#fdd835", "#000000"),
    "GT": ("#fb8c00", "#000000"),
    "IC": ("#2e7d32", "#ffffff"),
    "MS": ("#6a1b9a", "#ffffff"),
    "BIG4": ("#bcaaa4", "#000000"),
    # 1847 AE corporations and Krauss & Co.
    "L": ("#1565c0", "#ffffff"),
    "Saar": ("#ad1457", "#ffffff"),
    "HLB": ("#66bb6a", "#000000"),
    "M": ("#4fc3f7", "#000000"),
    "NDB": ("#5d4037", "#ffffff"),
    "N": ("#ffb300", "#000000"),
    "RNB": ("#8e24aa", "#ffffff"),
    "LFK": ("#e0e0e0", "#000000"),
    # 1853 companies
    "EIR": ("#b71c1c", "#ffffff"),
    "GIP": ("#43a047", "#000000"),
    "NWR": ("#ffca28", "#000000"),
    "BNR": ("#283593", "#ffffff"),
    "BBCI": ("#29b6f6", "#000000"),
    "MSM": ("#6d4c41", "#ffffff"),
    "SIR": ("#ff7043", "#000000"),
    "ECR": ("#7b1fa2", "#ffffff"),
}
"""Background and text colour per company id."""

DEFAULT = ("#eceff1", "#000000")
"""A company this table does not know (a private, a new title): light grey, black text."""

_SAFE = re.compile(r"[A-Za-z0-9]{1,16}")


def css_class(cid: str) -> str:
    """The CSS class that paints company ``cid`` (``co-PRR``); ``co`` alone for an id the
    stylesheet has no rule for."""
    return f"co co-{cid}" if cid in COLOURS and _SAFE.fullmatch(cid) else "co"


def stylesheet() -> str:
    """The CSS rules of every company colour (served as ``/static/colours.css``)."""
    bg, fg = DEFAULT
    rules = [f".co{{background:{bg};color:{fg}}}"]
    for cid, (bg, fg) in COLOURS.items():
        if _SAFE.fullmatch(cid):
            rules.append(f".co-{cid}{{background:{bg};color:{fg}}}")
            rules.append(f".mk-{cid}{{border-color:{bg}}}")
    return "\n".join(rules) + "\n"
