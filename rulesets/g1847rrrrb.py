"""1847 RRRR&B (section 12): 1847 Pfalz's package board and corporations with 1847 AE's trains.

:mod:`rulesets.g1847versions` with the coloured side of the train cards, the 6E and 1847 AE's
Phase Table (12.1, 12.2.3), the quarries sold to any railway (4.2) and the stations at the
charters' 1847 AE prices; its box values are the Pfalz package's prices and, with the
option ``optional``, the two train cards marked optional (3, 12.1).
"""

from __future__ import annotations

from moderator.errors import Refusal
from moderator.state import GameState
from rulesets.box import BoxKey, Reading
from rulesets.g1847ae import OPTIONAL_CARDS
from rulesets.g1847versions import (
    COMMON_READINGS,
    INTRO_WORDS,
    OPTIONAL_WORDS,
    PACKAGE_KEYS,
    PfalzPackageVersion,
)

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

OPTIONAL_KEY = BoxKey(
    "optional",
    "the two train cards marked optional, played with the game option `optional` "
    "(12.1: all train cards; 3), e.g. 5,6+6",
    None,
    "none",
    "3, 12.1",
    "the train cards' coloured side: the two marked optional",
)
RRRRB_READINGS: tuple[Reading, ...] = (
    Reading(
        "optional cards",
        "12.1, 3, 10",
        "'All train cards turned to their coloured side' (12.1) without section 3's "
        "exclusion of the cards marked optional",
        "left out, as in 1847 AE (3; including them is 1847 AE's variant, 10); the game "
        "option `optional` includes them, their types given as box value optional",
    ),
    Reading(
        "train cards",
        "2, 3, 12.1",
        "the trains of the coloured cards",
        "1847 AE's counts, 21 trains on 17 cards (19, 2 optional): count 9 of the 6+6 is "
        "the last train as 18xx.games plays it, sold until the bank ends the game (9)",
    ),
    Reading(
        "stations",
        "4.5.1, 6.5, 12.1",
        "station prices and tokens on the charters' 1847 AE side",
        "the tokens of 4.5.1 are checked; the prices are the charters', typed and not "
        "checked; a station at Weidenthal's half cost is typed `spend CORP AMOUNT token W` "
        "and closes Weidenthal (4.2)",
    ),
    Reading(
        "quarries sold",
        "4.2, 12.2",
        "to which railways quarries are sold",
        "to any railway (4.2): 11.2.4 is not among section 12's changes",
    ),
)


class G1847RRRRB(PfalzPackageVersion):
    """1847 RRRR&B with 3-5 players (section 12): the Pfalz package board, 1847 AE's trains
    (with the 6E) and Phase Table, trains limited only by the train limit; ``optional``
    in the ``game`` line plays the two cards marked optional too (12.1: "all train
    cards")."""

    title: ClassVar[str] = "1847RRRRB"
    edition: ClassVar[str] = "1847 RRRR&B"
    rule: ClassVar[str] = "12"
    lay_rule: ClassVar[str] = "12.2.1"
    lays_fix: ClassVar[str] = "1847RRRRB-12.2.1-lays"
    readings: ClassVar[tuple[Reading, ...]] = COMMON_READINGS + RRRRB_READINGS

    def box_keys(self, intro: bool, players: int, optional: bool = False) -> list[BoxKey]:
        """12: the Pfalz package's prices (the package sells as in 1847 AE, 3.3), and with
        the option ``optional`` the two cards marked optional (3, 12.1)."""
        return [*PACKAGE_KEYS, *([OPTIONAL_KEY] if optional else [])]

    once: ClassVar[str] = "write `optional` once in the `game` line (12.1)"

    def option_word(self, low: str) -> str | None:
        """``optional`` (or ``optional:TYPE,TYPE``): the two train cards marked optional
        are played too (12.1: "all train cards"; their types are a box value)."""
        head, _, cards = low.partition(":")
        if head in OPTIONAL_WORDS:
            return "optional" + (f":{cards}" if cards else "")
        if low in INTRO_WORDS or low in ("variant", "v10") or low.startswith("variant:"):
            raise Refusal(
                f"{self.edition} has no Introductory Game and no variant: its only option "
                f"in the `game` line is `optional`, the cards marked optional (12)"
            )
        return None

    def game_readings(self, state: GameState) -> list[Reading]:
        readings = list(self.readings)
        if state.extra.get("optional"):
            readings[readings.index(RRRRB_READINGS[0])] = Reading(
                "optional cards",
                "12.1, 3",
                RRRRB_READINGS[0].what,
                "included: the game option `optional` (their types: box value optional)",
            )
        return readings

    def box_word(self, state: GameState, key: str, word: str) -> int | str | None:
        """The two cards marked optional (3, 12.1)."""
        if key != "optional":
            return None
        value = self.cards_value(word, {t: 9 for t in self.phases}, "3, 12.1", allow_none=False)
        if len(value.split(",")) != OPTIONAL_CARDS:
            raise Refusal(
                f"{OPTIONAL_CARDS} train cards are marked optional: name both, e.g. "
                f"`box optional 5,6+6` (3, 12.1)"
            )
        return value

    # 12.2: quarries sell to any railway, as in 1847 AE (4.2: its cmd_buyprivate); 12.1:
    # the charters' 1847 AE side, their printed station prices (6.5, checked from rules
    # level 11: 1847 AE's _check_charter_price) and
    # `token W` for Weidenthal's half cost (4.2: 1847 AE's station_price).

    def stations_rule(self, cid: str) -> str:
        return "4.5.1; the charters' 1847 AE side, 12.1"

    quarry_note: ClassVar[str] = "quarries may be sold to railways (4.2)"
