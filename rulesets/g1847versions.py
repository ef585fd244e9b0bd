"""The versions played with the 1847 Pfalz package board: 1847 Pfalz (section 11, with its
Introductory Game, :mod:`rulesets.g1847pfalz`) and 1847 RRRR&B (section 12,
:mod:`rulesets.g1847rrrrb`), each 1847 AE (:mod:`rulesets.g1847ae`) with other tables.

What both share, from the text (``shared/rules/003_dd92f8c809fb884e.txt``):

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
  1847 AE (facts §5); trains limited only by the train limit (11.2.7, 12.2.2).

The Pfalz package's prices are printed only on the components: they are *box values*
(:mod:`rulesets.box`), given or confirmed with ``box KEY VALUE`` before the first purchase;
the Pfalz package board's are kept once for both versions (12.1).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.fixes import follows
from moderator.state import GameState
from rulesets.box import BoxedRuleset, BoxKey, Reading, mark_provisional
from rulesets.g1847ae import CHARTERS, G1847AE, PLP_PRICE, PRIVATES, Charter

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar

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
QUARRIES = ("R", "K", "H", "W")
PFALZ_PRIVATES = tuple(p for p in PRIVATES if p[0] in QUARRIES or p[0] == "SPR")
"""The Pfalz package's private companies; SPR's price and income are box values (4.3)."""
PFALZ_PACKAGE = ("PLP", "R", "SPR", "K", "H", "W")
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
        low=0,
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
INTRO_WORDS = ("intro", "introductory", "11.3")
OPTIONAL_WORDS = ("optional", "optionals")

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


class PfalzPackageVersion(BoxedRuleset, G1847AE):
    """What 1847 Pfalz and RRRR&B share over 1847 AE: the Pfalz package board and its box
    values, the six corporations, the quarries' phase notes, Weidenthal's use (4.2)."""

    rule: ClassVar[str] = "11"
    """The section of this version's rule changes, cited in its refusals."""
    charters: ClassVar[tuple[Charter, ...]] = PFALZ_CHARTERS
    needs_floated: ClassVar[dict[str, tuple[str, ...]]] = PFALZ_NEEDS_FLOATED
    privates: ClassVar[tuple[tuple[str, str, int, int], ...]] = PFALZ_PRIVATES
    package_items: ClassVar[tuple[str, ...]] = PFALZ_PACKAGE
    investor_of: ClassVar[dict[str, str]] = {}
    tradeable: ClassVar[tuple[str, ...]] = QUARRIES
    one_train_per_type: ClassVar[bool] = False  # 11.2.7, 12.2.2: only the train limit
    quarry_note: ClassVar[str] = "quarries may be sold to the Pfalzbahnen (11.2.4)"
    """What the green phase brings for quarries, in the phase notes."""
    # 6.3: the costs printed on the 1847 Pfalz and 1847 RRR&B maps (11.1, 12.1) are in
    # neither the rules nor the facts: no amount is checked, only how many (terrain_lays).
    terrain_costs: ClassVar[dict[int, str]] = {}
    lay_rule: ClassVar[str] = "11.2.6"
    # 11.2.6, 12.2.1: two tiles a turn "during the yellow phase only" (it ends with the first
    # 4-train, 6.4), no extra lay for a corporation starting later; a quarry's tile is free.
    first_turn_lays: ClassVar[bool] = False
    readings: ClassVar[tuple[Reading, ...]] = COMMON_READINGS
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
        """The values a game needs from the box: the Pfalz package's prices (4.3, 11.1)."""
        return list(PACKAGE_KEYS)

    def box_keys_of(self, state: GameState) -> list[BoxKey]:
        extra = state.extra
        return self.box_keys(
            bool(extra["intro"]), len(state.ledger.players), bool(extra.get("optional"))
        )

    def kept_as(self, key: str) -> str:
        """The Pfalz package board's values serve 1847 Pfalz and RRRR&B alike (12.1)."""
        return "1847 Pfalz package" if key in PACKAGE_KEY_NAMES else self.title

    def _configure(self, intro: bool, box: dict[str, Any]) -> None:
        """Set this game's tables from its box values (the ruleset serves one game)."""
        charters = tuple(ch for ch in type(self).charters if not (intro and ch.id == "RNB"))
        prices = {k: box.get(k) for k in ("PLP", "SPR")}
        vars(self).update(charters=charters, box_prices=prices)
        self._configured = (intro, dict(box))

    _synced_box: dict[str, Any] | None = None
    """The box values (the state's own dict, held) the tables were last checked against by
    :meth:`sync`."""

    def sync(self, state: GameState) -> None:
        extra = state.extra
        if "box" in extra:
            # Every command asks (issue 41): the same values as last time, in place, are
            # not compared again; they change in place only by a `box` command, whose
            # box_changed compares them (a copy of the state has a dict of its own).
            box = extra["box"]
            if box is self._synced_box is not None and bool(extra["intro"]) == self._configured[0]:
                return
            self._sync_values(state)

    def _sync_values(self, state: GameState) -> None:
        """The tables worked out again when the values they come from changed."""
        if "box" in state.extra:
            intro, box = bool(state.extra["intro"]), self.box(state)
            # every command used to ask, a box value changes them (a third of a replay)
            if self._configured != (intro, box):
                self._configure(intro, box)
            self._synced_box = box

    def game_readings(self, state: GameState) -> list[Reading]:
        return list(self.readings)

    def level2(self, state: GameState) -> bool:
        """Whether the game is played under rules level 2 (issue 29: the box's readings and
        warnings are shown)."""
        return True

    def box_noted(self, state: GameState, keys: list[str]) -> None:
        """A count the box cannot hold: a warning the log shows (2, 11.1), no refusal."""
        if self.level2(state) and any(k.startswith("count.") or k == "optional" for k in keys):
            warning = self.train_cards_json(state)["warning"]
            if warning:
                self.note(state, f"Warning: {warning}.")

    def box_changed(self, state: GameState, key: str) -> None:
        """Put a changed value into the game: the SPR certificate, the depot."""
        self._sync_values(state)  # changed in place: compared, not taken as the same
        box = self.box(state)
        if key in ("SPR", "SPR.income"):
            spr = state.company("SPR")
            spr.value = int(box["SPR"] or 0)
            spr.income = int(box["SPR.income"] or 0)
        if key.startswith("count.") or key in ("V6", "optional"):
            optional = str(box.get("optional") or "")
            state.extra["optional_trains"] = [t for t in optional.split(",") if t]
            extra: list[str] = state.extra["optional_trains"]  # type: ignore[assignment]
            counts = {t: self.train_counts[t] + extra.count(t) for t in self.phases}
            state.depot[:] = [
                self._new_train(state, t, "") for t in counts for _ in range(counts[t])
            ]

    # ================================================================= setup
    def new_state(self, players: list[str], options: tuple[str, ...] = ()) -> GameState:
        intro = "intro" in options
        optional = next((o for o in options if o.split(":")[0] == "optional"), None)
        keys = self.box_keys(intro, len(players), optional is not None)
        self._configure(intro, {k.key: k.shipped for k in keys})
        state = super().new_state(players, ())
        box = self.open_box(state, keys, intro=intro, optional=optional is not None)
        self.box_changed(state, "SPR")
        _, _, cards = (optional or "").partition(":")
        if cards:  # `optional:5,6+6`: the cards named in the game line
            box["optional"] = self.box_value(state, "optional", cards)
            state.extra["box_confirmed"].append("optional")  # type: ignore[attr-defined]
            self.box_changed(state, "optional")
        state.ledger.events.clear()
        return state

    def start_game(self, state: GameState) -> None:
        G1847AE.open_first_round(self, state)

    def open_first_round(self, state: GameState) -> None:
        """The first stock round opens with the first command after the box values
        (11.1, 12.1): what a player can afford depends on them."""

    def state_json(self, state: GameState) -> dict[str, Any]:
        """The state JSON; each figure taken from a box value not confirmed says so
        (``provisional``: a train's price, the train limit, the next phase's effects)."""
        self.sync(state)
        data = super().state_json(state)
        mark_provisional(data, state.phase, self.rust, self.closings)
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

    # ================================================================= 4.2
    def cmd_close(self, state: GameState, cmd: c.ClosePrivate) -> None:
        """4.2: quarries are never closed voluntarily; Weidenthal's use is the station at
        half cost, which closes it, so a bare ``close W`` - no station placed, nothing
        paid - is no use of it.  A game recorded before rules level 3 accepted it."""
        if self.company_id(state, cmd.private) == "W" and follows(state, f"{self.title}-4.2-W"):
            owner = state.company("W").owner
            corp = owner if owner and not state.ledger.is_player(owner) else "CORP"
            raise Refusal(
                "Weidenthal closes only by its use, the station its owning railway places at "
                f"half cost: `{self.weidenthal_use(corp)}` (4.2); quarries are never closed "
                "voluntarily"
            )
        super().cmd_close(state, cmd)

    def weidenthal_use(self, corp: str) -> str:
        """The line of Weidenthal's use: half the charter's price, naming W (4.2)."""
        return f"spend {corp} AMOUNT token W"

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
        intro = " (Introductory Game, 11.3)" if state.extra["intro"] else ""
        out.update({"version": self.edition + intro, **self.box_title_json(state)})
        out["package_offer"] = self.offered_items(state) if self.package(state) else []
        return out
