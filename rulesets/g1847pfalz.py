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
from moderator.state import GameState
from moderator.text import counted
from rulesets.g1847ae import (
    CHARTERS,
    G1847AE,
    ORS_PER_SET,
    PHASES,
    PLP_PRICE,
    PRIVATES,
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
    (``None``: nothing establishes one) and where the shipped value comes from."""

    def __init__(self, key: str, what: str, shipped: int | str | None, source: str) -> None:
        self.key, self.what, self.shipped, self.source = key, what, shipped, source


PACKAGE_KEYS: tuple[BoxKey, ...] = (
    BoxKey(
        "PLP",
        "price of the Ludwigsbahn director's certificate (Pfalz package board)",
        PLP_PRICE,
        "1847 AE's package: 2 x par 86 (facts §5)",
    ),
    BoxKey(
        "SPR", "price of the Saarbrücken Private Railway (Pfalz certificate, 4.3)", None, "none"
    ),
    BoxKey("SPR.income", "income of the Saarbrücken Private Railway (Pfalz, 4.3)", None, "none"),
)
ROWS_KEY = BoxKey(
    "rows",
    "the Pfalz package board's rows, top first (11.2.3), e.g. PLP,SPR/R,K,H,W",
    None,
    "none",
)
V6_KEY = BoxKey(
    "V6",
    "the train cards marked V6, removed in the introductory game (11.3), e.g. 6+6,6+6 or none",
    None,
    "none",
)
TRAIN_KEYS: tuple[BoxKey, ...] = (
    *(
        BoxKey(
            f"price.{t}",
            f"price of a {t}-train (11.2.7)",
            TRAIN_VARIANTS["6E" if t == "6" else t][0][1],
            "1847 AE's card" + (" (the 6E's)" if t == "6" else ""),
        )
        for t in PFALZ_PHASES
    ),
    *(
        BoxKey(f"count.{t}", f"{t}-train cards (11.1)", _ae(TRAIN_COUNTS, t), "1847 AE's count")
        for t in PFALZ_PHASES
    ),
    *(
        BoxKey(
            f"limit.{t}",
            f"train limit in phase {t} (11.2.8)",
            _ae(TRAIN_LIMIT, t),
            "1847 AE's Phase Table",
        )
        for t in PFALZ_PHASES
    ),
    *(
        BoxKey(
            f"ors.{t}",
            f"operating rounds a set in phase {t} (11.2.8)",
            _ae(ORS_PER_SET, t),
            "1847 AE's Phase Table",
        )
        for t in PFALZ_PHASES
    ),
)
INTRO_WORDS = ("intro", "introductory", "11.3")


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
    closing_phase: ClassVar[str] = "6"
    trains_in_box: ClassVar[bool] = True
    """Whether the train prices, counts and the Phase Table are box values (11.2.7-11.2.8)."""
    quarry_note: ClassVar[str] = "quarries may be sold to the Pfalzbahnen (11.2.4)"
    """What the green phase brings for quarries, in the phase notes."""

    box_prices: dict[str, Any]
    """The box's prices of the package items PLP and SPR for the game being played."""

    def __init__(self) -> None:
        super().__init__()
        self._configure(False, {})

    # ================================================================= box values
    def box_keys(self, intro: bool, players: int) -> list[BoxKey]:
        """The values this game needs from the box (11.2.3 rows only with 3 players)."""
        keys = list(PACKAGE_KEYS)
        if players == 3:
            keys.append(ROWS_KEY)
        if self.trains_in_box:
            keys.extend(TRAIN_KEYS)
        if intro:
            keys.append(V6_KEY)
        return keys

    @staticmethod
    def box(state: GameState) -> dict[str, Any]:
        """The box values of this game: key -> value (``None`` until given)."""
        return state.extra.get("box", {})  # type: ignore[return-value]

    def _configure(self, intro: bool, box: dict[str, Any]) -> None:
        """Set this game's tables from its box values (the ruleset serves one game)."""
        charters = tuple(ch for ch in type(self).charters if not (intro and ch.id == "RNB"))
        values: dict[str, Any] = {}
        if self.trains_in_box:
            get = {
                k.key: (box[k.key] if box.get(k.key) is not None else k.shipped) for k in TRAIN_KEYS
            }
            removed = str(box.get("V6") or "") if intro else ""
            counts = {t: int(get[f"count.{t}"]) for t in PFALZ_PHASES}
            for card in filter(None, removed.split(",")):
                if card in counts and card.lower() != "none":
                    counts[card] = max(counts[card] - 1, 0)
            values = {
                "train_variants": {t: ((t, int(get[f"price.{t}"])),) for t in PFALZ_PHASES},
                "train_limits": {t: int(get[f"limit.{t}"]) for t in PFALZ_PHASES},
                "ors_per_set": {t: int(get[f"ors.{t}"]) for t in PFALZ_PHASES},
                "train_counts": counts,
            }
        prices = {k: box.get(k) for k in ("PLP", "SPR")}
        vars(self).update(charters=charters, box_prices=prices, **values)

    def _sync(self, state: GameState) -> None:
        if "box" in state.extra:
            self._configure(bool(state.extra["intro"]), self.box(state))

    def missing(self, state: GameState) -> list[str]:
        """The box values this game needs and nobody has given."""
        return [k for k, v in self.box(state).items() if v is None]

    def box_json(self, state: GameState) -> list[dict[str, Any]]:
        """Each box value, its status (``missing``, ``PROVISIONAL`` or ``confirmed``)."""
        confirmed: list[str] = state.extra["box_confirmed"]  # type: ignore[assignment]
        keys = {
            k.key: k for k in self.box_keys(bool(state.extra["intro"]), len(state.ledger.players))
        }
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
                }
            )
        return out

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
            self.note(state, f"Box values confirmed as shown: {len(given)}.")
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
            if word.lower() == "none":
                return "none"
            cards = [w.strip().upper() for w in word.split(",") if w.strip()]
            counts = {t: int(self.box(state).get(f"count.{t}") or 0) for t in self.phases}
            for card in cards:
                if card not in counts:
                    raise Refusal(
                        f"{card!r} is not a card of the game's trains "
                        f"({', '.join(self.phases)}; 11.3)"
                    )
                if cards.count(card) > counts[card]:
                    raise Refusal(
                        f"the game has {counted(counts[card], f'{card} card')}, not "
                        f"{cards.count(card)} "
                        f"to remove (11.3)"
                    )
            return ",".join(cards)
        try:
            value = int(word.lstrip("M"))
        except ValueError:
            raise Refusal(f"{key} is a whole number, not {word!r} ({self.rule}.1)") from None
        low = 0 if key == "SPR.income" else 1
        if value < low or value > 10_000:
            raise Refusal(
                f"{key} is a whole number from {low} to 10,000, not {value} ({self.rule}.1)"
            )
        return value

    def _box_changed(self, state: GameState, key: str) -> None:
        """Put a changed value into the game: the SPR certificate, the depot."""
        self._sync(state)
        box = self.box(state)
        if key in ("SPR", "SPR.income"):
            spr = state.company("SPR")
            spr.value = int(box["SPR"] or 0)
            spr.income = int(box["SPR.income"] or 0)
        if key.startswith("count.") or key == "V6":
            state.depot[:] = [
                self._new_train(state, card, "")
                for card in self.phases
                for _ in range(self.train_counts[card])
            ]

    # ================================================================= setup
    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """``intro`` (also ``introductory``, ``11.3``) plays the Introductory Game."""
        players: list[str] = []
        options: list[str] = []
        for word in words:
            low = word.lower().lstrip("+")
            if low in INTRO_WORDS:
                options.append("intro")
            elif low in ("variant", "v10") or low.startswith("variant:"):
                raise Refusal(
                    f"section 10 is a variant of 1847 AE; in {self.edition} trains are limited "
                    f"only by the train limit anyway ({self.rule}.2)"
                )
            else:
                players.append(word)
        if len(options) > 1:
            raise Refusal("write `intro` once in the `game` line (11.3)")
        return players, tuple(options)

    def new_state(self, players: list[str], options: tuple[str, ...] = ()) -> GameState:
        intro = "intro" in options
        keys = self.box_keys(intro, len(players))
        box: dict[str, Any] = {k.key: k.shipped for k in keys}
        self._configure(intro, box)
        state = super().new_state(players, ())
        state.extra.update(
            {
                "intro": intro,
                "box": box,
                "box_confirmed": [],
                "box_open": True,
            }
        )
        self._box_changed(state, "SPR")
        state.ledger.events.clear()
        return state

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
        self._sync(state)
        return super().state_json(state)

    def _item_price(self, item: str) -> int:
        """The Pfalz package's prices: the box values (4.3, 11.1)."""
        if item in ("PLP", "SPR"):
            return int(self.box_prices.get(item) or 0)
        return super()._item_price(item)

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

    # ================================================================= 11.2.5
    def cmd_spend(self, state: GameState, cmd: c.Spend) -> None:
        """11.2.5: every station but the home station costs 100 (Weidenthal halves one,
        4.2: 50)."""
        if cmd.purpose == "token":
            company = state.company(self.company_id(state, cmd.company))
            weidenthal = state.ledger.companies.get("W")
            half = (
                weidenthal is not None and weidenthal.owner == company.id and not weidenthal.closed
            )
            allowed = (100, 50) if half else (100,)
            if cmd.amount not in allowed:
                with_w = f" (with Weidenthal {self.money(50)}, 4.2)" if half else ""
                raise Refusal(
                    f"a station costs {self.money(100)} in {self.edition}{with_w}, the home "
                    f"station nothing (11.2.5)"
                )
        super().cmd_spend(state, cmd)

    # ================================================================= phases
    def phase_notes(self, phase: str) -> list[str]:
        notes = {
            "3+3": ["trains may be bought from other corporations (6.8)"],
            "4": [f"green tiles; {self.quarry_note}"],
            "5": ["brown tiles; Rammelsbach may earn 50 (4.2)"],
            self.closing_phase: ["Königsbach, Hochstätten and Weidenthal close"],
        }
        ors = self.ors_per_set[phase]
        return [
            *notes.get(phase, []),
            f"{ors} operating round{'s' if ors > 1 else ''} a set from the next stock round",
        ]

    # ================================================================= views
    def title_json(self, state: GameState) -> dict[str, Any]:
        out = super().title_json(state)
        box = self.box_json(state)
        out.update(
            {
                "version": self.edition
                + (" (Introductory Game, 11.3)" if state.extra["intro"] else ""),
                "box": box,
                "box_open": bool(state.extra["box_open"]),
                "provisional": [b["key"] for b in box if b["status"] == "PROVISIONAL"],
                "missing": [b["key"] for b in box if b["status"] == "missing"],
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
    (with the 6E) and Phase Table, trains limited only by the train limit."""

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
    closing_phase: ClassVar[str] = "6E"
    trains_in_box: ClassVar[bool] = False  # 12.1, 12.2.3: the coloured cards, AE's table

    def box_keys(self, intro: bool, players: int) -> list[BoxKey]:
        """12: the Pfalz package's prices only; the package sells as in 1847 AE (3.3)."""
        return list(PACKAGE_KEYS)

    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        for word in words:
            low = word.lower().lstrip("+")
            if low in INTRO_WORDS or low in ("variant", "v10") or low.startswith("variant:"):
                raise Refusal(f"{self.edition} has no options in the `game` line (12)")
        return list(words), ()

    def cmd_buyprivate(self, state: GameState, cmd: c.BuyPrivate) -> None:
        """12.2: quarries sell to any railway, as in 1847 AE (4.2)."""
        G1847AE.cmd_buyprivate(self, state, cmd)

    def cmd_spend(self, state: GameState, cmd: c.Spend) -> None:
        """12.1: the charters' 1847 AE side: their printed station prices (4.5.1)."""
        G1847AE.cmd_spend(self, state, cmd)

    quarry_note: ClassVar[str] = "quarries may be sold to railways (4.2)"
