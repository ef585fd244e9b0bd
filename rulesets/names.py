"""The titles as people read them, beside their ids.

The id is what ``game TITLE`` writes and the saves and the state JSON keep (``1847Pfalz``);
the name is what a person reads on a screen, a page or a sheet (``1847 Pfalz``), as the
README and the rulebooks write it.  Plain data: the saves list reads it without loading
any title's rules.
"""

from __future__ import annotations

import unicodedata

TITLE_NAMES: dict[str, str] = {
    "1846": "1846",
    "1847AE": "1847 AE",
    "1847PFALZ": "1847 Pfalz",
    "1847RRRRB": "1847 RRRR&B",
    "1853": "1853",
    "1830": "1830",
    "1889": "1889",
    "18CHESAPEAKE": "18Chesapeake",
    "1817": "1817",
}
"""Each title's name, by its id in upper case (the key of ``rulesets.RULESETS``)."""


def title_name(title: str) -> str:
    """The name of ``title`` (an id in any case: ``1847Pfalz`` -> ``1847 Pfalz``); a title
    moderator does not know, as given."""
    return TITLE_NAMES.get(title.upper(), title)


def player_key(name: str) -> str:
    """What a player's name is told apart by (issue 42.4): without surrounding spaces, in
    Unicode's composed form (NFC: ``é`` typed as one character or as ``e`` and an accent
    are one name) and case-folded (``Straße`` is ``STRASSE``).  Two names of one key look
    the same in every table, so a new game refuses them."""
    folded = unicodedata.normalize("NFC", name.strip()).casefold()
    return unicodedata.normalize("NFC", folded)
