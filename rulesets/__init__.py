"""Rulesets: one module per title, data tables plus small hooks.

:data:`RULESETS` maps a title as written in ``game TITLE`` (upper case) to its
ruleset class.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from rulesets.base import Ruleset
from rulesets.names import title_name as title_name

_MODULES = {
    "1846": ("rulesets.g1846", "G1846"),
    "1847AE": ("rulesets.g1847ae", "G1847AE"),
    "1853": ("rulesets.g1853", "G1853"),
    "1847PFALZ": ("rulesets.g1847pfalz", "G1847Pfalz"),
    "1847RRRRB": ("rulesets.g1847rrrrb", "G1847RRRRB"),
    "1830": ("rulesets.g1830", "G1830"),
    "1889": ("rulesets.g1889", "G1889"),
    "18CHESAPEAKE": ("rulesets.g18chesapeake", "G18Chesapeake"),
    "1817": ("rulesets.g1817", "G1817"),
}
"""Every title, in the order moderator gained them (the new-game form lists them so)."""
_ALIASES = {
    "1847-PFALZ": "1847PFALZ",
    "PFALZ": "1847PFALZ",
    "1847RRRR&B": "1847RRRRB",
    "1847-RRRR&B": "1847RRRRB",
    "1847-RRRRB": "1847RRRRB",
    "RRRR&B": "1847RRRRB",
    "RRRRB": "1847RRRRB",
    "SHIKOKU": "1889",
    "SHIKOKU1889": "1889",
    "18CHES": "18CHESAPEAKE",
    "CHESAPEAKE": "18CHESAPEAKE",
}
"""Other spellings of a title in ``game TITLE`` (looked up, never listed)."""


class _Titles(Mapping[str, type[Ruleset]]):
    """The titles, each module imported the first time its title is asked for (a game of
    one title never pays for loading the others)."""

    def __getitem__(self, title: str) -> type[Ruleset]:
        module, name = _MODULES[_ALIASES.get(title, title)]
        cls: type[Ruleset] = getattr(importlib.import_module(module), name)
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


RULESETS: Mapping[str, type[Ruleset]] = _Titles()


def ruleset_for(title: str) -> Ruleset:
    """A fresh ruleset for ``title``; refuses a title the tool does not know yet."""
    from moderator.errors import Refusal

    cls = RULESETS.get(title.upper())
    if cls is None:
        known = ", ".join(sorted(RULESETS))
        squeezed = title.upper().replace("-", "").replace("_", "").replace(" ", "")
        if squeezed.startswith("18CHESAPEAKE") and squeezed != "18CHESAPEAKE":
            # 18xx.games' 18ChesapeakeOffTheRails: a variant, not a spelling of the title
            raise Refusal(
                f"unknown title {title!r}: Off the Rails, 18Chesapeake's variant, is not "
                f"played by this tool (facts: Off the Rails); known: {known}"
            )
        raise Refusal(f"unknown title {title!r} (known: {known})")
    return cls()
