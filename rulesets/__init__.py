"""Rulesets: one module per title, data tables plus small hooks.

:data:`RULESETS` maps a title as written in ``game TITLE`` (upper case) to its
ruleset class.
"""

from __future__ import annotations

from rulesets.base import Ruleset
from rulesets.g1846 import G1846
from rulesets.g1847ae import G1847AE
from rulesets.g1853 import G1853

RULESETS: dict[str, type[Ruleset]] = {"1846": G1846, "1847AE": G1847AE, "1853": G1853}


def ruleset_for(title: str) -> Ruleset:
    """A fresh ruleset for ``title``; refuses a title the tool does not know yet."""
    from moderator.errors import Refusal

    cls = RULESETS.get(title.upper())
    if cls is None:
        known = ", ".join(sorted(RULESETS))
        raise Refusal(f"unknown title {title!r} (known: {known})")
    return cls()
