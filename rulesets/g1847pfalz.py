"""1847 Pfalz (section 11) with its Introductory Game (11.3): a version in the 1847 AE box.

The Pfalz package board's versions (:mod:`rulesets.g1847versions`) with the black/white
side of the train cards: a normal 6 in place of the 6E, the Pfalz Phase Table, stations at
100 (11.2.5), quarries sold to the four Pfalzbahnen only (11.2.4), the package sold row
by row with 3 players (11.2.3); rule numbers are those of
``shared/rules/003_dd92f8c809fb884e.txt``.

Printed only on the components, and so *box values* (:mod:`rulesets.box`) the banker
confirms or corrects before the first purchase: the rows of the package board, the
black/white cards' prices and counts, the Pfalz Phase Table, the charters' station
tokens, and which cards carry "V6" (11.3).  Where 1847 AE's figure is the best available
guess (11.2.7: only "some" train prices differ; 11.2.8: the phases are "slightly
different") it is shipped and shown PROVISIONAL until confirmed; where nothing
establishes a value (the board's rows; the V6 cards) there is none, and the game does
not start until the banker gives it.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.fixes import follows
from moderator.ledger import Company
from moderator.state import GameState
from moderator.text import counted
from rulesets.box import BoxKey, Reading, given_or_shipped, phase_tables, rows_value, series
from rulesets.g1847ae import (
    BOX_TRAIN_CARDS,
    ORS_PER_SET,
    STATIONS,
    TRAIN_COUNTS,
    TRAIN_LIMIT,
    TRAIN_VARIANTS,
)
from rulesets.g1847versions import (
    COMMON_READINGS,
    INTRO_WORDS,
    OPTIONAL_WORDS,
    PACKAGE_KEYS,
    PFALZ_CHARTERS,
    QUARRIES,
    ROWS_KEY,
    PfalzPackageVersion,
)

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar

PFALZBAHNEN = ("L", "M", "NDB", "N")
"""11.2.4: the four Bavarian railways, a light blue hexagon on their charters (4.5)."""
PFALZ_PHASES = ("3", "3+3", "4", "4+4", "5", "5+5", "6", "6+6")
"""11.1: the black/white train cards, a normal 6 in place of the 6E (11.2.7)."""


def _ae(table: dict[str, int], card: str) -> int:
    """1847 AE's figure for the Pfalz card in the same place (the 6 takes the 6E's)."""
    return table["6E" if card == "6" else card]


V6_KEY = BoxKey(
    "V6",
    "the train cards marked V6, removed in the introductory game (11.3), e.g. 6+6,6+6 or none",
    None,
    "none",
    "11.3",
    "the train cards' black/white side: those marked V6",
)
PHASE_TABLE = "the Game Phases table, 1847 Pfalz side (black)"
PFALZ_RUST: dict[str, str] = {"3": "4+4", "3+3": "5+5", "4": "6+6"}
"""1847 AE's rusting (Phase Table), the shipped Pfalz values: card -> the phase it rusts at."""
PFALZ_CLOSE: dict[str, str] = {"R": "never", "K": "6", "H": "6", "W": "6"}
"""1847 AE's Phase Table closes K, H and W at the 6E: the shipped Pfalz values, at the 6."""
AE_TABLE = "1847 AE's Phase Table"
COUNT_NOTE = {"6+6": "; more trains than cards: the last train is sold until the end"}
TRAIN_KEYS: tuple[BoxKey, ...] = (
    *series(
        "price.{t}",
        PFALZ_PHASES,
        "price of a {t}-train (11.2.7)",
        lambda t: TRAIN_VARIANTS["6E" if t == "6" else t][0][1],
        lambda t: "1847 AE's card" + (" (the 6E's)" if t == "6" else ""),
        "11.2.7",
        "the {t}-train card, black/white side: its price",
    ),
    *series(
        "count.{t}",
        PFALZ_PHASES,
        "number of {t}-trains (11.1: the train cards)",
        lambda t: _ae(TRAIN_COUNTS, t),
        lambda t: "1847 AE's count as 18xx.games plays it (facts §7)" + COUNT_NOTE.get(t, ""),
        "2, 11.1",
        "the number of {t}-train cards, black/white side",
    ),
    *series(
        "limit.{t}",
        PFALZ_PHASES,
        "train limit in phase {t} (11.2.8)",
        lambda t: _ae(TRAIN_LIMIT, t),
        AE_TABLE,
        "11.2.8",
        PHASE_TABLE + ": the train limit in phase {t}",
    ),
    *series(
        "ors.{t}",
        PFALZ_PHASES,
        "operating rounds a set in phase {t} (11.2.8)",
        lambda t: _ae(ORS_PER_SET, t),
        AE_TABLE,
        "11.2.8",
        PHASE_TABLE + ": the operating rounds in phase {t}",
    ),
    *series(
        "rust.{t}",
        PFALZ_PHASES,
        "the phase whose first train rusts the {t}-trains, or never (11.2.8, 7)",
        lambda t: PFALZ_RUST.get(t, "never"),
        lambda t: AE_TABLE + (" (the 6E's place)" if t == "6" else ""),
        "11.2.8",
        PHASE_TABLE + ": where the {t}-trains rust",
    ),
    *series(
        "close.{t}",
        QUARRIES,
        "the phase whose start closes the quarry {t}, or never (11.2.8)",
        PFALZ_CLOSE.__getitem__,
        AE_TABLE + " (K, H, W at the 6E: here the 6)",
        "11.2.8",
        PHASE_TABLE + ": where the quarries close",
    ),
)
STATION_KEYS: tuple[BoxKey, ...] = series(
    "stations.{t}",
    [ch.id for ch in PFALZ_CHARTERS],
    "{t}'s station tokens, the home station's included (6.5)",
    STATIONS.__getitem__,
    "the charter's 1847 AE side (4.5.1)",
    "4.5.1, 11.1",
    "{t}'s charter, 1847 Pfalz side: its station token spaces",
    high=10,
)
BLACK_WHITE_CARDS = 18
"""2: 19 train cards; 11.1: one coloured card has a blank back: 18 black/white sides."""

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
    Reading(
        "phases without cards",
        "11.3, 7",
        "a phase whose every train card is a V6 card",
        "passed by the first train of a later type: that phase's Phase Table row (rusting, "
        "quarries closing) happens then, a line of the log",
    ),
)


class G1847Pfalz(PfalzPackageVersion):
    """1847 Pfalz with 3-5 players; ``intro`` in the ``game`` line plays the
    Introductory Game (11.3)."""

    title: ClassVar[str] = "1847Pfalz"
    edition: ClassVar[str] = "1847 Pfalz"
    phases: ClassVar[tuple[str, ...]] = PFALZ_PHASES
    card_phase: ClassVar[dict[str, str]] = {t: t for t in PFALZ_PHASES}
    rust: ClassVar[dict[str, tuple[str, ...]]] = {"4+4": ("3",), "5+5": ("3+3",), "6+6": ("4",)}
    closings: ClassVar[dict[str, tuple[str, ...]]] = {"6": ("K", "H", "W")}
    station_prices: ClassVar[dict[str, tuple[int, ...]] | None] = None  # 11.2.5: its own
    lays_fix: ClassVar[str] = "1847Pfalz-11.2.6-lays"
    readings: ClassVar[tuple[Reading, ...]] = COMMON_READINGS + PFALZ_READINGS
    rule_numbers: ClassVar[dict[str, str]] = {
        **PfalzPackageVersion.rule_numbers,
        "players": "8.3, 11",  # 11: first for 3 players, "later ... up to 5 players"
    }

    # ================================================================= box values
    def box_keys(self, intro: bool, players: int, optional: bool = False) -> list[BoxKey]:
        """The values this game needs from the box (11.2.3 rows only with 3 players)."""
        keys = [*PACKAGE_KEYS, *([ROWS_KEY] if players == 3 else []), *TRAIN_KEYS]
        keys.extend(k for k in STATION_KEYS if not (intro and k.key == "stations.RNB"))
        return [*keys, V6_KEY] if intro else keys

    def _configure(self, intro: bool, box: dict[str, Any]) -> None:
        """The Pfalz Phase Table and the cards from the box values, less the V6 cards."""
        super()._configure(intro, box)
        get = given_or_shipped((*TRAIN_KEYS, *STATION_KEYS), box)
        values = phase_tables(get, PFALZ_PHASES, QUARRIES)
        counts = values["train_counts"]
        for card in _v6(intro, box):
            if card in counts:
                counts[card] = max(counts[card] - 1, 0)
        values["stations"] = {ch.id: int(get[f"stations.{ch.id}"]) for ch in PFALZ_CHARTERS}
        vars(self).update(values)

    def game_readings(self, state: GameState) -> list[Reading]:
        """The readings of this game (the Introductory Game's too)."""
        extra = INTRO_READINGS if state.extra.get("intro") else ()
        return [*self.readings, *extra]

    def box_terse(self, state: GameState) -> bool:
        return not self.level2(state)  # as recorded before rules level 2

    def box_word(self, state: GameState, key: str, word: str) -> int | str | None:
        """The package board's rows (11.2.3) and the V6 cards (11.3)."""
        if key == "rows":
            return rows_value(word, self.package_items, "11.2.3")
        if key == "V6":
            return self.cards_value(word, self.game_train_counts(state), "11.3", allow_none=True)
        return None

    def game_train_counts(self, state: GameState) -> dict[str, int]:
        """The trains of each black/white card as the box values count them, before the
        Introductory Game takes out the V6 cards (11.1, 11.3)."""
        get = given_or_shipped(TRAIN_KEYS, self.box(state))
        return {t: int(get[f"count.{t}"]) for t in self.phases}

    def train_cards_json(self, state: GameState) -> dict[str, Any]:
        """1847 Pfalz: the black/white cards, 18 of the box's 19 (2, 11.1)."""
        trains, cards = sum(self.game_train_counts(state).values()), BLACK_WHITE_CARDS
        why = f"2: {BOX_TRAIN_CARDS} train cards; 11.1: one coloured card has a blank back"
        rule, removed = "2, 11.1", self._v6_cards(state)
        if removed and follows(state, "1847Pfalz-11.3"):  # 11.3: the V6 cards are out
            trains, cards = sum(self.train_counts.values()), cards - len(removed)
            why += f"; 11.3: the {counted(len(removed), 'V6 card')} removed"
            rule += ", 11.3"
        return self._cards_json(trains, cards, "black/white", why, rule)

    def _set_phase(self, state: GameState, phase: str, cause: str = "") -> None:
        """11.3: the V6 cards removed may take every card of a type (box value V6); the
        first train of a later type then passes that phase on its way (7: the Phase Table's
        phases follow one another), so its row's rusting and closings happen, each phase
        a line of the log.  A game recorded before rules level 9 skipped them."""
        if follows(state, "1847Pfalz-11.3-V6"):
            order = self.phases
            for skipped in order[order.index(state.phase) + 1 : order.index(phase)]:
                super()._set_phase(
                    state, skipped, f"{cause}; every {skipped}-card is a V6 card, out (11.3)"
                )
        super()._set_phase(state, phase, cause)

    def next_phase_json(self, state: GameState) -> dict[str, Any] | None:
        """The next phase with what the phases it passes bring too (11.3, 7: see
        :meth:`_set_phase`): their rusting and closings come with it."""
        data = super().next_phase_json(state)
        if data is None or not follows(state, "1847Pfalz-11.3-V6"):
            return data
        order = self.phases
        passed = order[order.index(state.phase) + 1 : order.index(data["phase"])]
        for skipped in reversed(passed):
            data["rusts"][:0] = [
                n for c in self.rust.get(skipped, ()) for n, _ in self.train_variants[c]
            ]
            data["effects"][:0] = self.closing_note(skipped)
        return data

    def _v6_cards(self, state: GameState) -> list[str]:
        """The cards the Introductory Game takes out (11.3: those marked V6)."""
        return _v6(bool(state.extra.get("intro")), self.box(state))

    # ================================================================= setup
    once: ClassVar[str] = "write `intro` once in the `game` line (11.3)"

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
        return follows(state, "1847Pfalz-4.2")

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

    def no_nationalisation(self, state: GameState) -> str | None:
        if state.extra["intro"]:
            return "there is no nationalisation in the Introductory Game (11.3)"
        return None

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

    def weidenthal_use(self, corp: str) -> str:
        return f"spend {corp} 50 token"  # 11.2.5: the price is checked, W need not be named


def _v6(intro: bool, box: dict[str, Any]) -> list[str]:
    """The V6 cards the Introductory Game removes (11.3), as the box value names them."""
    v6 = str(box.get("V6") or "") if intro else ""
    return [card for card in v6.split(",") if card and card.lower() != "none"]
