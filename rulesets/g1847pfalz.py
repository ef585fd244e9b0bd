"""1847 Pfalz (section 11) and 1847 RRRR&B (section 12): the other versions in the 1847 AE box.

Both are 1847 AE (:mod:`rulesets.g1847ae`) with other tables and a few hooks; rule
numbers are those of ``shared/rules/003_dd92f8c809fb884e.txt``.

What the text establishes, and where each table comes from:

* six corporations, no Hessische Ludwigsbahn (11.1, 12.1); the Saar shares no. 2 and 3
  are turned to their 1847 Pfalz side (11.1, 12.1), so there are no investor
  certificates (4.5.2 is an 1847 AE rule) and Saar's stack is the director's
  certificate, six 10% and the 20% certificate, all sold from the initial offering;
* no Krauss & Co. (4.1: "a speciality of 1847 AE") and none of the "other private
  companies of 1847 AE" (4.4): the Pfalz starting package holds the Ludwigsbahn
  director's certificate, the four quarries and the Saarbrücken Private Railway, whose
  Pfalz certificate has its own price and income (4.3);
* pars, starting cash, the bank and the certificate limit are on the one Stock Market
  board of the box (11.1: "as shown on the stock market board"): 1847 AE's
  (``shared/facts/1847ae.md`` §1-2);
* the quarries' certificates are the box's only ones (4.3 names the Saarbrücken Private
  Railway as the one certificate that differs): prices, incomes and sale ranges as in
  1847 AE (facts §5);
* RRRR&B plays the trains' coloured side with the 6E and the 1847 AE Phase Table
  (12.1, 12.2.3): 1847 AE's figures (facts §7-8).

The rest is printed only on the components: the Pfalz package's prices (the
Saarbrücken Private Railway's price and income, the Ludwigsbahn director's certificate),
the rows of the Pfalz package board (11.2.3 sells it row by row with 3 players), the
black/white train cards' prices and counts, the Pfalz Phase Table, and which cards
carry "V6" (11.3).  Those are *box values* (``box KEY VALUE``): the banker confirms or
corrects each from the box before the first purchase, the way 1853's ``market`` and
``setpar`` give that board's values.  Where 1847 AE's figure is the best available
guess (11.2.7: only "some" train prices differ; 11.2.8: the phases are "slightly
different") it is shipped and shown PROVISIONAL until confirmed; where nothing
establishes a value (the Pfalz SPR, 4.3; the board's rows; the V6 cards) there is
none, and the game does not start until the banker gives it.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from moderator import commands as c
from moderator.errors import Refusal
from moderator.fixes import follows
from moderator.ledger import Company
from moderator.state import GameState
from moderator.text import counted
from rulesets.g1847ae import (
    BOX_TRAIN_CARDS,
    CHARTERS,
    G1847AE,
    OPTIONAL_CARDS,
    ORS_PER_SET,
    PHASES,
    PLP_PRICE,
    PRIVATES,
    STATIONS,
    TRAIN_COUNTS,
    TRAIN_LIMIT,
    TRAIN_VARIANTS,
    Charter,
)

# --------------------------------------------------------------------- tables
SAAR_PFALZ = Charter("Saar", "Saarbrücker Eisenbahn", 84, (3, 1), (20,) + (10,) * 6 + (20,))
"""11.1: Saar's shares no. 2 and 3 on their Pfalz side join the initial offering."""
PFALZ_CHARTERS: tuple[Charter, ...] = tuple(
    SAAR_PFALZ if ch.id == "Saar" else ch for ch in CHARTERS if ch.id != "HLB"
)
"""11.1, 12.1: the six corporations, without the Hessische Ludwigsbahn."""
PFALZ_NEEDS_FLOATED: dict[str, tuple[str, ...]] = {
    cid: ("Saar",) for cid in ("M", "NDB", "N", "RNB")
}
"""4.5.1 without the Hessische Ludwigsbahn: the later corporations wait for Saar only
(the reading of 4.5.1's order with its middle link out of the game)."""
PFALZBAHNEN = ("L", "M", "NDB", "N")
"""11.2.4: the four Bavarian railways, a light blue hexagon on their charters (4.5)."""
QUARRIES = ("R", "K", "H", "W")
PFALZ_PRIVATES = tuple(p for p in PRIVATES if p[0] in QUARRIES or p[0] == "SPR")
"""The Pfalz package's private companies; SPR's price and income are box values (4.3)."""
PFALZ_PACKAGE = ("PLP", "R", "SPR", "K", "H", "W")

PFALZ_PHASES = ("3", "3+3", "4", "4+4", "5", "5+5", "6", "6+6")
"""11.1: the black/white train cards, a normal 6 in place of the 6E (11.2.7)."""


def _ae(table: dict[str, int], card: str) -> int:
    """1847 AE's figure for the Pfalz card in the same place (the 6 takes the 6E's)."""
    return table["6E" if card == "6" else card]


class BoxKey:
    """A value printed only on the components: its key, what it is, the shipped value
    (``None``: nothing establishes one), where the shipped value comes from, the rule
    that leaves it to the components and the card or board to read it from."""

    def __init__(
        self,
        key: str,
        what: str,
        shipped: int | str | None,
        source: str,
        rule: str = "11.1",
        card: str = "",
    ) -> None:
        self.key, self.what, self.shipped, self.source = key, what, shipped, source
        self.rule, self.card = rule, card


PACKAGE_BOARD = "the Starting Package board, 1847 Pfalz side (black)"
SPR_CARD = "the Saarbrücken Private Railway certificate marked 1847 Pfalz"
PACKAGE_KEYS: tuple[BoxKey, ...] = (
    BoxKey(
        "PLP",
        "price of the Ludwigsbahn director's certificate (Pfalz package board)",
        PLP_PRICE,
        "1847 AE's package: 2 x par 86 (facts §5)",
        "3, 11.1",
        f"{PACKAGE_BOARD}: the price on the L director's space",
    ),
    BoxKey(
        "SPR",
        "price of the Saarbrücken Private Railway (Pfalz certificate, 4.3)",
        None,
        "none",
        "4.3",
        f"{SPR_CARD}: its price",
    ),
    BoxKey(
        "SPR.income",
        "income of the Saarbrücken Private Railway (Pfalz, 4.3)",
        None,
        "none",
        "4.3",
        f"{SPR_CARD}: its revenue",
    ),
)
PACKAGE_KEY_NAMES = tuple(k.key for k in PACKAGE_KEYS) + ("rows",)
"""The Pfalz package board's values: one board serves 1847 Pfalz and RRRR&B (12.1)."""
ROWS_KEY = BoxKey(
    "rows",
    "the Pfalz package board's rows, top first (11.2.3), e.g. PLP,SPR/R,K,H,W",
    None,
    "none",
    "11.2.3",
    f"{PACKAGE_BOARD}: its rows of spaces, top first",
)
V6_KEY = BoxKey(
    "V6",
    "the train cards marked V6, removed in the introductory game (11.3), e.g. 6+6,6+6 or none",
    None,
    "none",
    "11.3",
    "the train cards' black/white side: those marked V6",
)
TRAIN_CARD = "the {t}-train card, black/white side"
PHASE_TABLE = "the Game Phases table, 1847 Pfalz side (black)"
PFALZ_RUST: dict[str, str] = {"3": "4+4", "3+3": "5+5", "4": "6+6"}
"""1847 AE's rusting (Phase Table), the shipped Pfalz values: card -> the phase it rusts at."""
PFALZ_CLOSE: dict[str, str] = {"R": "never", "K": "6", "H": "6", "W": "6"}
"""1847 AE's Phase Table closes K, H and W at the 6E: the shipped Pfalz values, at the 6."""
TRAIN_KEYS: tuple[BoxKey, ...] = (
    *(
        BoxKey(
            f"price.{t}",
            f"price of a {t}-train (11.2.7)",
            TRAIN_VARIANTS["6E" if t == "6" else t][0][1],
            "1847 AE's card" + (" (the 6E's)" if t == "6" else ""),
            "11.2.7",
            TRAIN_CARD.format(t=t) + ": its price",
        )
        for t in PFALZ_PHASES
    ),
    *(
        BoxKey(
            f"count.{t}",
            f"{t}-trains (11.1: the train cards)",
            _ae(TRAIN_COUNTS, t),
            "1847 AE's count as 18xx.games plays it (facts §7)"
            + (
                "; more trains than cards: the last train is sold until the end"
                if t == "6+6"
                else ""
            ),
            "2, 11.1",
            f"the number of {t}-train cards, black/white side",
        )
        for t in PFALZ_PHASES
    ),
    *(
        BoxKey(
            f"limit.{t}",
            f"train limit in phase {t} (11.2.8)",
            _ae(TRAIN_LIMIT, t),
            "1847 AE's Phase Table",
            "11.2.8",
            f"{PHASE_TABLE}: the train limit in phase {t}",
        )
        for t in PFALZ_PHASES
    ),
    *(
        BoxKey(
            f"ors.{t}",
            f"operating rounds a set in phase {t} (11.2.8)",
            _ae(ORS_PER_SET, t),
            "1847 AE's Phase Table",
            "11.2.8",
            f"{PHASE_TABLE}: the operating rounds in phase {t}",
        )
        for t in PFALZ_PHASES
    ),
    *(
        BoxKey(
            f"rust.{t}",
            f"the phase whose first train rusts the {t}-trains, or never (11.2.8, 7)",
            PFALZ_RUST.get(t, "never"),
            "1847 AE's Phase Table" + (" (the 6E's place)" if t == "6" else ""),
            "11.2.8",
            f"{PHASE_TABLE}: where the {t}-trains rust",
        )
        for t in PFALZ_PHASES
    ),
    *(
        BoxKey(
            f"close.{q}",
            f"the phase whose start closes the quarry {q}, or never (11.2.8)",
            PFALZ_CLOSE[q],
            "1847 AE's Phase Table (K, H, W at the 6E: here the 6)",
            "11.2.8",
            f"{PHASE_TABLE}: where the quarries close",
        )
        for q in ("R", "K", "H", "W")
    ),
)
STATION_KEYS: tuple[BoxKey, ...] = tuple(
    BoxKey(
        f"stations.{ch.id}",
        f"{ch.id}'s station tokens, the home station's included (6.5)",
        STATIONS[ch.id],
        "the charter's 1847 AE side (4.5.1)",
        "4.5.1, 11.1",
        f"{ch.id}'s charter, 1847 Pfalz side: its station token spaces",
    )
    for ch in PFALZ_CHARTERS
)
OPTIONAL_KEY = BoxKey(
    "optional",
    "the two train cards marked optional, played with the game option `optional` "
    "(12.1: all train cards; 3), e.g. 5,6+6",
    None,
    "none",
    "3, 12.1",
    "the train cards' coloured side: the two marked optional",
)
BLACK_WHITE_CARDS = 18
"""2: 19 train cards; 11.1: one coloured card has a blank back: 18 black/white sides."""
INTRO_WORDS = ("intro", "introductory", "11.3")
OPTIONAL_WORDS = ("optional", "optionals")


class Reading:
    """A question the rules leave open in these versions, the rule that leaves it, and
    the reading the program plays (listed in the state JSON's ``box`` and in
    docs/script.md)."""

    def __init__(self, key: str, rule: str, what: str, value: str) -> None:
        self.key, self.rule, self.what, self.value = key, rule, what, value


COMMON_READINGS: tuple[Reading, ...] = (
    Reading(
        "availability",
        "4.5.1, 11.1, 12.1",
        "when M, NDB, N and RNB are on sale, the Hessische Ludwigsbahn being out of the game",
        "once Saar has floated: 4.5.1's order with its middle link left out",
    ),
    Reading(
        "package shares",
        "3, 11.1, 12.1",
        "the certificates lying under the Pfalz package's items (11.1 does not list them)",
        "as on 1847 AE's board: PLP is the L director's certificate, SPR comes with the Saar "
        "director's, K, H and W with an L 10% each",
    ),
    Reading(
        "Saar shares",
        "11.1, 12.1, 4.5.2",
        "Saar's shares no. 2 and 3 turned to their 1847 Pfalz side",
        "ordinary 10% shares in the initial offering: no investor certificates (4.5.2 is "
        "1847 AE's)",
    ),
    Reading(
        "privates",
        "4.1, 4.4",
        "Krauss & Co. and MNR, SCR, VIW",
        "not in the game: Krauss & Co. is 'a speciality of 1847 AE' (4.1), the others are "
        "'Other Private Companies of 1847 AE' (4.4)",
    ),
    Reading(
        "stations per round",
        "6.5",
        "how many stations a corporation places in an operating round",
        "one (6.5, unchanged by sections 11 and 12), the home station placed free at floating",
    ),
)
PFALZ_READINGS: tuple[Reading, ...] = (
    Reading(
        "Weidenthal",
        "4.2, 11.2.5",
        "Weidenthal's 'half costs' where every station costs 100",
        "M50; the station closes Weidenthal (4.2: 'This action does close the quarry')",
    ),
    Reading(
        "stations per charter",
        "4.5.1, 11.1",
        "how many station tokens a charter's 1847 Pfalz side holds",
        "box values stations.*, shipped as the 1847 AE side's (4.5.1), PROVISIONAL",
    ),
    Reading(
        "train cards",
        "2, 11.1",
        "the trains of the black/white cards",
        f"18 cards ({BOX_TRAIN_CARDS} less the coloured card with a blank back); the shipped "
        "counts are 1847 AE's, 21 trains: count.6+6 9 is the last train as 18xx.games "
        "plays it, more trains than cards (the last train is sold until the bank ends the "
        "game, 9); a table playing its cards as printed gives each count (box count.*)",
    ),
    Reading(
        "prices and phases",
        "11.2.7, 11.2.8",
        "the black/white cards' prices and the 1847 Pfalz Phase Table",
        "1847 AE's figures, the 6 at the 6E's, PROVISIONAL until confirmed (box price.*, "
        "limit.*, ors.*, rust.*, close.*)",
    ),
    Reading(
        "nationalisation",
        "8.4, 11.3",
        "nationalisation in the standard game",
        "as in 1847 AE (8.4): 11.3 takes it out of the Introductory Game only",
    ),
)
INTRO_READINGS: tuple[Reading, ...] = (
    Reading(
        "intro quarries",
        "11.3",
        "which quarries their owners use for a free mountain tile",
        "all four, Rammelsbach too (11.3: 'the quarries'), by the owner directing the "
        "corporation operating (`close QUARRY`); no railway owns one, so Weidenthal's "
        "station ability is never used",
    ),
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


class G1847Pfalz(G1847AE):
    """1847 Pfalz with 3-5 players; ``intro`` in the ``game`` line plays the
    Introductory Game (11.3)."""

    title: ClassVar[str] = "1847Pfalz"
    edition: ClassVar[str] = "1847 Pfalz"
    rule: ClassVar[str] = "11"
    """The section of this version's rule changes, cited in its refusals."""
    charters: ClassVar[tuple[Charter, ...]] = PFALZ_CHARTERS
    needs_floated: ClassVar[dict[str, tuple[str, ...]]] = PFALZ_NEEDS_FLOATED
    privates: ClassVar[tuple[tuple[str, str, int, int], ...]] = PFALZ_PRIVATES
    package_items: ClassVar[tuple[str, ...]] = PFALZ_PACKAGE
    investor_of: ClassVar[dict[str, str]] = {}
    tradeable: ClassVar[tuple[str, ...]] = QUARRIES
    one_train_per_type: ClassVar[bool] = False  # 11.2.7, 12.2.2: only the train limit
    phases: ClassVar[tuple[str, ...]] = PFALZ_PHASES
    card_phase: ClassVar[dict[str, str]] = {t: t for t in PFALZ_PHASES}
    rust: ClassVar[dict[str, tuple[str, ...]]] = {"4+4": ("3",), "5+5": ("3+3",), "6+6": ("4",)}
    closings: ClassVar[dict[str, tuple[str, ...]]] = {"6": ("K", "H", "W")}
    trains_in_box: ClassVar[bool] = True
    """Whether the train prices, counts and the Phase Table are box values (11.2.7-11.2.8)."""
    quarry_note: ClassVar[str] = "quarries may be sold to the Pfalzbahnen (11.2.4)"
    """What the green phase brings for quarries, in the phase notes."""
    readings: ClassVar[tuple[Reading, ...]] = COMMON_READINGS + PFALZ_READINGS
    """The readings this version plays where the rules leave a question open."""

    box_prices: dict[str, Any]
    """The box's prices of the package items PLP and SPR for the game being played."""
    _configured: tuple[bool, dict[str, Any]]
    """The box values the tables were last worked out from (:meth:`_configure`)."""

    def __init__(self) -> None:
        super().__init__()
        self._configure(False, {})

    # ================================================================= box values
    def box_keys(self, intro: bool, players: int, optional: bool = False) -> list[BoxKey]:
        """The values this game needs from the box (11.2.3 rows only with 3 players)."""
        keys = list(PACKAGE_KEYS)
        if players == 3:
            keys.append(ROWS_KEY)
        if self.trains_in_box:
            keys.extend(TRAIN_KEYS)
            keys.extend(k for k in STATION_KEYS if not (intro and k.key == "stations.RNB"))
        if intro:
            keys.append(V6_KEY)
        return keys

    @staticmethod
    def box(state: GameState) -> dict[str, Any]:
        """The box values of this game: key -> value (``None`` until given)."""
        return state.extra.get("box", {})  # type: ignore[return-value]

    def _keys_of(self, state: GameState) -> dict[str, BoxKey]:
        keys = self.box_keys(
            bool(state.extra["intro"]),
            len(state.ledger.players),
            bool(state.extra.get("optional")),
        )
        return {k.key: k for k in keys}

    def _configure(self, intro: bool, box: dict[str, Any]) -> None:
        """Set this game's tables from its box values (the ruleset serves one game)."""
        charters = tuple(ch for ch in type(self).charters if not (intro and ch.id == "RNB"))
        values: dict[str, Any] = {}
        if self.trains_in_box:
            keys = (*TRAIN_KEYS, *STATION_KEYS)
            get = {k.key: (box[k.key] if box.get(k.key) is not None else k.shipped) for k in keys}
            removed = str(box.get("V6") or "") if intro else ""
            counts = {t: int(get[f"count.{t}"]) for t in PFALZ_PHASES}
            for card in filter(None, removed.split(",")):
                if card in counts and card.lower() != "none":
                    counts[card] = max(counts[card] - 1, 0)
            rust: dict[str, tuple[str, ...]] = {}
            for t in PFALZ_PHASES:
                at = str(get[f"rust.{t}"])
                if at != "never":
                    rust[at] = (*rust.get(at, ()), t)
            closings: dict[str, tuple[str, ...]] = {}
            for q in QUARRIES:
                at = str(get[f"close.{q}"])
                if at != "never":
                    closings[at] = (*closings.get(at, ()), q)
            values = {
                "train_variants": {t: ((t, int(get[f"price.{t}"])),) for t in PFALZ_PHASES},
                "train_limits": {t: int(get[f"limit.{t}"]) for t in PFALZ_PHASES},
                "ors_per_set": {t: int(get[f"ors.{t}"]) for t in PFALZ_PHASES},
                "train_counts": counts,
                "rust": rust,
                "closings": closings,
                "stations": {ch.id: int(get[f"stations.{ch.id}"]) for ch in PFALZ_CHARTERS},
            }
        prices = {k: box.get(k) for k in ("PLP", "SPR")}
        vars(self).update(charters=charters, box_prices=prices, **values)
        self._configured = (intro, dict(box))

    def _sync(self, state: GameState) -> None:
        if "box" in state.extra:
            intro, box = bool(state.extra["intro"]), self.box(state)
            # the tables are worked out again only when the values they come from changed:
            # every command asks, a box value changes them (a third of a replay, issue 41)
            if self._configured != (intro, box):
                self._configure(intro, box)

    def missing(self, state: GameState) -> list[str]:
        """The box values this game needs and nobody has given."""
        return [k for k, v in self.box(state).items() if v is None]

    def box_json(self, state: GameState) -> list[dict[str, Any]]:
        """Each box value, its status (``missing``, ``PROVISIONAL`` or ``confirmed``), its
        rule and the card to read it from; then each reading (status ``reading``)."""
        confirmed: list[str] = state.extra["box_confirmed"]  # type: ignore[assignment]
        keys = self._keys_of(state)
        out = []
        for key, value in self.box(state).items():
            status = (
                "missing" if value is None else "confirmed" if key in confirmed else "PROVISIONAL"
            )
            out.append(
                {
                    "key": key,
                    "what": keys[key].what,
                    "value": value,
                    "status": status,
                    "shipped": keys[key].shipped,
                    "source": keys[key].source,
                    "rule": keys[key].rule,
                    "card": keys[key].card,
                    "kept_as": "1847 Pfalz package" if key in PACKAGE_KEY_NAMES else self.title,
                }
            )
        for reading in self.game_readings(state):
            out.append(
                {
                    "key": f"reading:{reading.key}",
                    "what": reading.what,
                    "value": reading.value,
                    "status": "reading",
                    "rule": reading.rule,
                }
            )
        return out

    def game_readings(self, state: GameState) -> list[Reading]:
        """The readings of this game (the Introductory Game's too)."""
        extra = INTRO_READINGS if state.extra.get("intro") else ()
        return [*self.readings, *extra]

    def cmd_box(self, state: GameState, cmd: c.BoxValue) -> None:
        """``box KEY [VALUE]``, ``box confirm``: a component value from the box, before the
        game starts (11.1, 12.1: the boards and cards of the version)."""
        if not state.extra["box_open"]:
            raise Refusal(
                "box values are given before the first purchase: the game has started with "
                f"the box's values ({self.rule}.1)"
            )
        box = self.box(state)
        confirmed: list[str] = state.extra["box_confirmed"]  # type: ignore[assignment]
        if cmd.key.lower() in ("confirm", "all"):
            if cmd.value is not None:
                raise Refusal(
                    f"`box confirm` takes no value: it confirms every value shown ({self.rule}.1)"
                )
            given = [k for k, v in box.items() if v is not None and k not in confirmed]
            confirmed.extend(given)
            if not self.level2(state):  # as recorded before rules level 2
                self.note(state, f"Box values confirmed as shown: {len(given)}.")
                return
            shown = ", ".join(f"{k} {box[k]}" for k in given) or "none left to confirm"
            self.note(state, f"Box values confirmed as shown ({len(given)}): {shown}.")
            self._cards_warning(state, any(k.startswith("count.") for k in given))
            return
        key = next((k for k in box if k.lower() == cmd.key.lower()), None)
        if key is None:
            raise Refusal(
                f"{self.edition} has no box value {cmd.key!r} (values: {', '.join(box)}; "
                f"{self.rule}.1)"
            )
        if cmd.value is None:
            if box[key] is None:
                raise Refusal(
                    f"{key} has no value yet to confirm: `box {key} VALUE` ({self.rule}.1)"
                )
            value: Any = box[key]
        else:
            value = self._box_value(state, key, cmd.value)
        box[key] = value
        if key not in confirmed:
            confirmed.append(key)
        self._box_changed(state, key)
        self.note(state, f"Box value {key} = {value} (confirmed).")
        self._cards_warning(state, key.startswith("count.") or key == "optional")

    def _cards_warning(self, state: GameState, counts_changed: bool) -> None:
        """A count the box cannot hold: a warning the log shows (2, 11.1), no refusal."""
        if not counts_changed or not self.level2(state):
            return
        warning = self.train_cards_json(state)["warning"]
        if warning:
            self.note(state, f"Warning: {warning}.")

    def _box_value(self, state: GameState, key: str, word: str) -> int | str:
        """Check one value as the banker typed it."""
        if key == "rows":
            rows = [
                [i.strip().upper() for i in row.split(",") if i.strip()] for row in word.split("/")
            ]
            flat = [i for row in rows for i in row]
            if sorted(flat) != sorted(self.package_items) or not all(rows):
                raise Refusal(
                    f"the rows hold each package item once: {', '.join(self.package_items)}, "
                    f"rows split by / (11.2.3)"
                )
            return "/".join(",".join(row) for row in rows)
        if key == "V6":
            return self._cards_value(state, word, "V6", "11.3", allow_none=True)
        if key == "optional":
            value = self._cards_value(state, word, "optional", "3, 12.1", allow_none=False)
            if len(value.split(",")) != OPTIONAL_CARDS:
                raise Refusal(
                    f"{OPTIONAL_CARDS} train cards are marked optional: name both, e.g. "
                    f"`box optional 5,6+6` (3, 12.1)"
                )
            return value
        if key.startswith(("rust.", "close.")):
            return self._phase_value(key, word)
        try:
            value = int(word.lstrip("M"))
        except ValueError:
            raise Refusal(f"{key} is a whole number, not {word!r} ({self.rule}.1)") from None
        low = 0 if key == "SPR.income" else 1
        high = 10 if key.startswith("stations.") else 10_000
        if value < low or value > high:
            raise Refusal(
                f"{key} is a whole number from {low} to {high:,}, not {value} ({self.rule}.1)"
            )
        return value

    def _cards_value(
        self, state: GameState, word: str, key: str, rule: str, *, allow_none: bool
    ) -> str:
        """Train cards named as the box's cards show them (``6+6,6+6``; ``none``)."""
        if allow_none and word.lower() == "none":
            return "none"
        cards = [w.strip().upper() for w in word.split(",") if w.strip()]
        counts = self.game_train_counts(state) if key == "V6" else {t: 9 for t in self.phases}
        for card in cards:
            if card not in counts:
                raise Refusal(
                    f"{card!r} is not a card of the game's trains ({', '.join(self.phases)}; "
                    f"{rule})"
                )
            if cards.count(card) > counts[card]:
                raise Refusal(
                    f"the game has {counted(counts[card], f'{card} card')}, not "
                    f"{cards.count(card)} to remove ({rule})"
                )
        return ",".join(cards)

    def _phase_value(self, key: str, word: str) -> str:
        """``rust.T`` / ``close.Q``: a phase of the game or ``never`` (11.2.8)."""
        if word.lower() == "never":
            return "never"
        phase = next((p for p in self.phases if p.lower() == word.lower()), None)
        if phase is None:
            raise Refusal(
                f"{key} is a phase of the game ({', '.join(self.phases)}) or never (11.2.8)"
            )
        card = key.partition(".")[2]
        if key.startswith("rust.") and self.phases.index(phase) <= self.phases.index(card):
            raise Refusal(
                f"a {card}-train rusts when a later phase begins, not at {phase} (7, 11.2.8)"
            )
        return phase

    def game_train_counts(self, state: GameState) -> dict[str, int]:
        """The trains of each black/white card as the box values count them, before the
        Introductory Game takes out the V6 cards (11.1, 11.3)."""
        if not self.trains_in_box:
            return super().game_train_counts(state)
        box = self.box(state)
        shipped = {k.key: k.shipped for k in TRAIN_KEYS}
        return {
            t: int(box.get(f"count.{t}") or shipped[f"count.{t}"])  # type: ignore[arg-type]
            for t in self.phases
        }

    def train_cards_json(self, state: GameState) -> dict[str, Any]:
        """1847 Pfalz: the black/white cards, 18 of the box's 19 (2, 11.1)."""
        if not self.trains_in_box:
            return super().train_cards_json(state)
        return self._cards_json(
            sum(self.game_train_counts(state).values()),
            BLACK_WHITE_CARDS,
            "black/white",
            f"2: {BOX_TRAIN_CARDS} train cards; 11.1: one coloured card has a blank back",
            "2, 11.1",
        )

    def _box_changed(self, state: GameState, key: str) -> None:
        """Put a changed value into the game: the SPR certificate, the depot."""
        self._sync(state)
        box = self.box(state)
        if key in ("SPR", "SPR.income"):
            spr = state.company("SPR")
            spr.value = int(box["SPR"] or 0)
            spr.income = int(box["SPR.income"] or 0)
        if key.startswith("count.") or key in ("V6", "optional"):
            optional = str(box.get("optional") or "")
            state.extra["optional_trains"] = [t for t in optional.split(",") if t]
            extra: list[str] = state.extra["optional_trains"]  # type: ignore[assignment]
            state.depot[:] = [
                self._new_train(state, card, "")
                for card in self.phases
                for _ in range(self.train_counts[card] + extra.count(card))
            ]

    # ================================================================= setup
    once: ClassVar[str] = "write `intro` once in the `game` line (11.3)"
    """The refusal of an option written twice."""

    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """The ``game`` line's words: players, and the version's options
        (:meth:`option_word`), each once."""
        players: list[str] = []
        options: list[str] = []
        for word in words:
            option = self.option_word(word.lower().lstrip("+"))
            if option is None:
                players.append(word)
            else:
                options.append(option)
        if len(options) > 1:
            raise Refusal(self.once)
        return players, tuple(options)

    def option_word(self, low: str) -> str | None:
        """``intro`` (also ``introductory``, ``11.3``) plays the Introductory Game; any
        other word is a player's (``None``), the other versions' options refused."""
        if low in INTRO_WORDS:
            return "intro"
        if low in ("variant", "v10") or low.startswith("variant:"):
            raise Refusal(
                f"section 10 is a variant of 1847 AE; in {self.edition} trains are limited "
                f"only by the train limit anyway ({self.rule}.2)"
            )
        if low.split(":")[0] in OPTIONAL_WORDS:
            raise Refusal(
                f"{self.edition} plays the black/white side of the train cards (11.1); the "
                f"cards marked optional are RRRR&B's (12.1)"
            )
        return None

    def new_state(self, players: list[str], options: tuple[str, ...] = ()) -> GameState:
        intro = "intro" in options
        optional = next((o for o in options if o.split(":")[0] == "optional"), None)
        keys = self.box_keys(intro, len(players), optional is not None)
        box: dict[str, Any] = {k.key: k.shipped for k in keys}
        self._configure(intro, box)
        state = super().new_state(players, ())
        state.extra.update(
            {
                "intro": intro,
                "optional": optional is not None,
                "box": box,
                "box_confirmed": [],
                "box_open": True,
            }
        )
        self._box_changed(state, "SPR")
        _, _, cards = (optional or "").partition(":")
        if cards:  # `optional:5,6+6`: the cards named in the game line
            box["optional"] = self._box_value(state, "optional", cards)
            state.extra["box_confirmed"].append("optional")  # type: ignore[attr-defined]
            self._box_changed(state, "optional")
        state.ledger.events.clear()
        return state

    def at_rules_level(self, state: GameState) -> None:
        """A game recorded before rules level 2 had no box values for stations and the
        Phase Table's effects (1847 AE's were played): its box is the one it had."""
        if not self.level2(state):
            box = self.box(state)
            for key in [k for k in box if k.startswith(("rust.", "close.", "stations."))]:
                del box[key]

    def level2(self, state: GameState) -> bool:
        """Whether the game is played under rules level 2 (issue 29: Weidenthal closes,
        the stations are counted, the box's readings and warnings are shown)."""
        return follows(state, "1847Pfalz-4.2") if self.title == "1847Pfalz" else True

    def apply(self, state: GameState, cmd: c.Command) -> Any:
        """Box values come first; any other command starts the game, once every value
        it needs has one."""
        self._sync(state)
        opening = bool(state.extra.get("box_open")) and not isinstance(
            cmd, c.BoxValue | c.Expect | c.Note
        )
        if opening:
            missing = self.missing(state)
            if missing:
                raise Refusal(
                    f"the game starts once the box's values are given: {', '.join(missing)} "
                    f"missing (`box KEY VALUE`; {self.rule}.1)"
                )
            state.extra["box_open"] = False
            G1847AE.open_first_round(self, state)
        return super().apply(state, cmd)

    def open_first_round(self, state: GameState) -> None:
        """The first stock round opens with the first command after the box values
        (11.1, 12.1): what a player can afford depends on them."""

    def state_json(self, state: GameState) -> dict[str, Any]:
        """The state JSON; each figure taken from a box value not confirmed says so
        (``provisional``: a train's price, the train limit, the next phase's effects)."""
        self._sync(state)
        data = super().state_json(state)
        prov = set(data["provisional"])
        for entry in data["depot"]:
            entry["provisional"] = f"price.{entry['train']}" in prov
        data["train_limit_provisional"] = f"limit.{state.phase}" in prov
        nxt = data.get("next_phase")
        if nxt is not None:
            phase = nxt["phase"]
            keys = {f"limit.{phase}", f"ors.{phase}"}
            keys |= {f"rust.{t}" for t in self.rust.get(phase, ())}
            keys |= {f"close.{q}" for q in self.closings.get(phase, ())}
            nxt["provisional"] = sorted(keys & prov)
        return data

    def _item_price(self, item: str) -> int:
        """The Pfalz package's prices: the box values (4.3, 11.1)."""
        if item in ("PLP", "SPR"):
            return int(self.box_prices.get(item) or 0)
        return super()._item_price(item)

    def absent(self, state: GameState, key: str) -> str | None:
        """The companies of the box this version leaves out, with their rule."""
        if key == "RNB" and state.extra.get("intro"):
            return "the Rhein-Nahe-Bahn is not in the Introductory Game (11.3)"
        if key == "HLB":
            return f"the Hessische Ludwigsbahn is not in {self.edition} ({self.rule}.1)"
        if key == "LFK":
            return f"Krauss & Co. is a speciality of 1847 AE: {self.edition} has none (4.1)"
        if key in ("MNR", "SCR", "VIW"):
            return (
                f"{key} is one of 1847 AE's other private companies, none in {self.edition} (4.4)"
            )
        return None

    # ================================================================= 11.2.3
    def package_rows(self, state: GameState) -> list[list[str]] | None:
        """11.2.3: with 3 players the board's rows, unsold items only, top first."""
        if len(state.ledger.players) != 3 or not self.box(state).get("rows"):
            return None
        unsold = self.package(state)
        rows = [
            [i for i in row.split(",") if i in unsold] for row in self.box(state)["rows"].split("/")
        ]
        return [row for row in rows if row]

    def offered_items(self, state: GameState) -> list[str]:
        """11.2.3: 3 players buy from the top row; with one item left in it, that one or
        the leftmost of the next row.  4 or 5 players choose freely."""
        rows = self.package_rows(state)
        if rows is None:
            return self.package(state)
        if not rows:
            return []
        offer = list(rows[0])
        if len(offer) == 1 and len(rows) > 1:
            offer.append(rows[1][0])
        return offer

    def _buy_item(self, state: GameState, player: str, item: str, source: str | None) -> None:
        offer = self.offered_items(state)
        if item not in offer:
            raise Refusal(
                f"with 3 players the starting package is sold from its top row: {player} may "
                f"buy {' or '.join(offer)} (11.2.3)"
            )
        super()._buy_item(state, player, item, source)

    # ================================================================= 11.2.4, 11.3
    def cmd_buyprivate(self, state: GameState, cmd: c.BuyPrivate) -> None:
        """11.2.4: quarries are sold to the four Pfalzbahnen only; 11.3: not at all."""
        if state.extra["intro"]:
            raise Refusal(
                "in the Introductory Game quarries are not sold to corporations: their owner "
                "uses them as a director (`close QUARRY`, 11.3)"
            )
        company = self.operating_company(state, cmd.corp)
        if company.id not in PFALZBAHNEN:
            raise Refusal(
                f"quarries are sold only to the four Pfalzbahnen ({', '.join(PFALZBAHNEN)}), "
                f"not to {company.id} (11.2.4)"
            )
        super().cmd_buyprivate(state, cmd)

    def cmd_close(self, state: GameState, cmd: c.ClosePrivate) -> None:
        """11.3: the owner, as a director, places a free tile on a mountain hex with a
        quarry, which closes it."""
        if not state.extra["intro"]:
            super().cmd_close(state, cmd)
            return
        private = state.company(self.company_id(state, cmd.private))
        pid = private.id
        if pid not in QUARRIES:
            raise Refusal(f"{pid} is not a quarry; only quarries are used for a free tile (11.3)")
        if private.closed:
            raise Refusal(f"{pid} has already closed (11.3)")
        operating = state.operating if state.round_kind == "OR" else None
        director = state.company(operating).president() if operating else None
        if operating is None or director != private.owner:
            raise Refusal(
                f"{pid}'s owner {private.owner} uses it while directing the corporation "
                f"operating (11.3)"
            )
        self._close_private(
            state, private, f"{private.owner} placed a free mountain tile for {operating} (11.3)"
        )

    def cmd_nationalize(self, state: GameState, cmd: c.Nationalize) -> None:
        if state.extra["intro"]:
            raise Refusal("there is no nationalisation in the Introductory Game (11.3)")
        super().cmd_nationalize(state, cmd)

    # ================================================================= 11.2.5, 4.2
    def stations_rule(self, cid: str) -> str:
        return f"4.5.1; the charter's 1847 Pfalz side: box value stations.{cid}"

    def station_price(self, state: GameState, company: Company, cmd: c.Spend) -> Company | None:
        """11.2.5: every station but the home station costs 100; Weidenthal halves one
        (4.2: 50), and that station closes it, whether the line names it (``token W``) or
        not.  A game recorded before the fix (rules level 1) kept Weidenthal open."""
        named = super().station_price(state, company, cmd)
        weidenthal = state.ledger.companies.get("W")
        owns = weidenthal is not None and weidenthal.owner == company.id and not weidenthal.closed
        if named is not None:
            if cmd.amount != 50:
                raise Refusal(
                    f"with Weidenthal a station costs {self.money(50)}, half the "
                    f"{self.money(100)} of 11.2.5 (4.2)"
                )
            return named
        if cmd.amount == 50 and owns:
            return weidenthal if follows(state, "1847Pfalz-4.2") else None
        if cmd.amount != 100:
            with_w = f" (with Weidenthal {self.money(50)}, 4.2)" if owns else ""
            raise Refusal(
                f"a station costs {self.money(100)} in {self.edition}{with_w}, the home "
                f"station nothing (11.2.5)"
            )
        return None

    # ================================================================= phases
    def phase_notes(self, phase: str) -> list[str]:
        notes = {
            "3+3": ["trains may be bought from other corporations (6.8)"],
            "4": [f"green tiles; {self.quarry_note}"],
            "5": ["brown tiles; Rammelsbach may earn 50 (4.2)"],
        }
        ors = self.ors_per_set[phase]
        return [
            *notes.get(phase, []),
            *self.closing_note(phase),
            f"{ors} operating round{'s' if ors > 1 else ''} a set from the next stock round",
        ]

    # ================================================================= views
    def title_json(self, state: GameState) -> dict[str, Any]:
        out = super().title_json(state)
        box = self.box_json(state)
        values = [b for b in box if b["status"] != "reading"]
        out.update(
            {
                "version": self.edition
                + (" (Introductory Game, 11.3)" if state.extra["intro"] else ""),
                "box": box,
                "box_open": bool(state.extra["box_open"]),
                "provisional": [b["key"] for b in values if b["status"] == "PROVISIONAL"],
                "missing": [b["key"] for b in values if b["status"] == "missing"],
                "package_offer": self.offered_items(state) if self.package(state) else [],
            }
        )
        return out

    def candidates(self, state: GameState) -> list[c.Command]:
        """Before the first purchase, the first stock round's moves as they will be once it
        opens (worked on a copy); none while a box value is missing."""
        self._sync(state)
        if not state.extra.get("box_open"):
            return super().candidates(state)
        if self.missing(state):
            return []
        opened = copy.deepcopy(state)
        G1847AE.open_first_round(self, opened)
        return super().candidates(opened)


class G1847RRRRB(G1847Pfalz):
    """1847 RRRR&B with 3-5 players (section 12): the Pfalz package board, 1847 AE's trains
    (with the 6E) and Phase Table, trains limited only by the train limit; ``optional``
    in the ``game`` line plays the two cards marked optional too (12.1: "all train
    cards")."""

    title: ClassVar[str] = "1847RRRRB"
    edition: ClassVar[str] = "1847 RRRR&B"
    rule: ClassVar[str] = "12"
    phases: ClassVar[tuple[str, ...]] = PHASES
    card_phase: ClassVar[dict[str, str]] = {t: t for t in PHASES}
    train_variants: ClassVar[dict[str, tuple[tuple[str, int], ...]]] = TRAIN_VARIANTS
    train_limits: ClassVar[dict[str, int]] = TRAIN_LIMIT
    train_counts: ClassVar[dict[str, int]] = TRAIN_COUNTS
    ors_per_set: ClassVar[dict[str, int]] = ORS_PER_SET
    rust: ClassVar[dict[str, tuple[str, ...]]] = G1847AE.rust
    closings: ClassVar[dict[str, tuple[str, ...]]] = G1847AE.closings
    stations: ClassVar[dict[str, int]] = STATIONS
    trains_in_box: ClassVar[bool] = False  # 12.1, 12.2.3: the coloured cards, AE's table
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

    def cmd_buyprivate(self, state: GameState, cmd: c.BuyPrivate) -> None:
        """12.2: quarries sell to any railway, as in 1847 AE (4.2)."""
        G1847AE.cmd_buyprivate(self, state, cmd)

    def station_price(self, state: GameState, company: Company, cmd: c.Spend) -> Company | None:
        """12.1: the charters' 1847 AE side: their printed station prices (6.5), not
        checked, and ``token W`` for Weidenthal's half cost (4.2)."""
        return G1847AE.station_price(self, state, company, cmd)

    def stations_rule(self, cid: str) -> str:
        return "4.5.1; the charters' 1847 AE side, 12.1"

    quarry_note: ClassVar[str] = "quarries may be sold to railways (4.2)"
