"""1847 AE (Anniversary Edition): the rulebook's tables and its exceptions.

Rule numbers are those of ``shared/rules/003_dd92f8c809fb884e.txt`` (1847 AE,
sections 1-10); component numbers come from ``shared/facts/1847ae.md``.  The
shared engine (:mod:`rulesets.engine`) runs the stock and operating rounds;
this module adds the starting package (3.3), Krauss & Co. (4.1), quarries
(4.2), the Saarbrücken Private Railway (4.3), investor shares (4.4, 4.5.2),
floating (4.6), nationalisation (8.4), the 2-D market and the end (9).
Where the rules are silent the choice an experienced banker would make is
written next to the code.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import ExpectationFailed, Refusal
from moderator.events import Noted, PrivateMoved
from moderator.fixes import follows
from moderator.ledger import BANK, POOL, Certificate, Company, Ledger, Player
from moderator.market import Cell, GridMarket
from moderator.state import GameState
from moderator.text import MOVED
from rulesets.base import ReceiptLine
from rulesets.engine import Engine
from rulesets.grid import GridRules
from rulesets.private_trade import sell_private
from rulesets.stock import seat_order_from
from rulesets.terrain import TERRAIN_LINES, TerrainCosts

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any, ClassVar

# --------------------------------------------------------------------- tables
_ = None
GRID: tuple[tuple[int | None, ...], ...] = (
    (_, _, _, _, 130, 150, 170, 190, 210, 230, 255, 285, 315, 350, 385, 420),
    (_, _, 98, 108, 120, 135, 150, 170, 190, 210, 235, 260, 285, 315, 350, 385),
    (82, 86, 92, 100, 110, 125, 140, 155, 170, 190, 210, 235, 260, 290, 320),
    (78, 84, 88, 94, 104, 112, 125, 140, 155, 170, 190, 215),
    (72, 80, 86, 90, 96, 104, 115, 125, 140),
    (62, 74, 82, 88, 92, 98, 105),
    (50, 66, 76, 84, 90),
)
"""The stock market board, row 0 at the top (facts §2)."""
KRAUSS_CELL: Cell = (2, 3)
"""Krauss & Co.'s grey starting space, 100 (4.1)."""

BANK_TOTAL = 8_000
STARTING_CASH = {3: 500, 4: 390, 5: 320}
CERT_LIMIT = {3: 16, 4: 12, 5: 9}
"""8.3: the certificate limit by players, the same all game."""
INVESTOR = "investor"
"""Holder of the investor certificates not yet exchanged (4.5.2)."""


class Charter:
    """A corporation's charter: par (fixed, on its printed space) and its certificates."""

    def __init__(
        self, cid: str, name: str, par: int, cell: Cell, certs: tuple[int, ...], investors: int = 0
    ) -> None:
        self.id, self.name, self.par, self.cell = cid, name, par, cell
        self.certs = certs
        """Percent of each certificate in the order of sale, the director's first (8.1)."""
        self.investors = investors
        """10% investor certificates set aside under the bank pool (3, 4.5.2)."""


_STD = (20, 10, 10, 10, 10, 10, 10, 20)
_SMALL = (20, 20, 10, 10, 10, 10, 20)
CHARTERS: tuple[Charter, ...] = (
    Charter("L", "Pfälzische Ludwigsbahn", 86, (2, 1), (20,) + (10,) * 8),
    Charter("Saar", "Saarbrücker Eisenbahn", 84, (3, 1), (20, 10, 10, 10, 10, 20), investors=2),
    Charter("HLB", "Hessische Ludwigsbahn", 80, (4, 1), (20, 10, 10, 10, 10, 10, 20), investors=1),
    Charter("M", "Pfälzische Maximiliansbahn", 80, (4, 1), _STD),
    Charter("NDB", "Neustadt-Dürkheimer Bahn", 74, (5, 1), _SMALL),
    Charter("N", "Pfälzische Nordbahn", 66, (6, 1), _SMALL),
    Charter("RNB", "Rhein-Nahe-Bahn", 66, (6, 1), _SMALL),
)
CHARTER = {ch.id: ch for ch in CHARTERS}
NEEDS_FLOATED: dict[str, tuple[str, ...]] = {
    "HLB": ("Saar",),
    "M": ("Saar", "HLB"),
    "NDB": ("Saar", "HLB"),
    "N": ("Saar", "HLB"),
    "RNB": ("Saar", "HLB"),
}
"""4.5.1: which corporations must have floated before a corporation's certificates sell."""

PRIVATES: tuple[tuple[str, str, int, int], ...] = (
    ("LFK", "Locomotive Firm Krauss & Co.", 130, 0),
    ("R", "Rammelsbach", 150, 30),
    ("SPR", "Saarbrücken Private Railway", 190, 15),
    ("K", "Königsbach", 110, 5),
    ("H", "Hochstätten", 160, 15),
    ("W", "Weidenthal", 135, 10),
    ("MNR", "Main-Neckar-Railway", 90, 20),
    ("SCR", "Saarland Coal Mines", 75, 15),
    ("VIW", "Völklinger Iron Works", 85, 20),
)
"""Private companies: id, name, price in the starting package, income (4.1-4.4)."""
PACKAGE: tuple[str, ...] = ("PLP", "LFK", "R", "SPR", "K", "H", "W", "MNR", "SCR", "VIW")
"""The starting package (3, 3.3): PLP is the Ludwigsbahn director's certificate."""
PLP_PRICE = 172
PACKAGE_SHARE: dict[str, tuple[str, bool]] = {
    "PLP": ("L", True),
    "SPR": ("Saar", True),
    "K": ("L", False),
    "H": ("L", False),
    "W": ("L", False),
}
"""Certificates lying under a package item (3): (corporation, director's certificate)."""
QUARRY_RANGE: dict[str, tuple[int, int]] = {
    "R": (100, 200),
    "K": (15, 40),
    "H": (40, 120),
    "W": (25, 75),
}
"""4.2: what a railway may pay for a quarry (the back of its certificate)."""
TOKEN_QUARRIES = ("K", "H", "W")
"""Quarries whose ability closes them (4.2) and which close when phase 6E begins."""
CLOSINGS: dict[str, tuple[str, ...]] = {"6E": TOKEN_QUARRIES}
"""The Phase Table: the privates each phase closes as it begins."""
STATIONS: dict[str, int] = {"L": 4, "Saar": 4, "HLB": 4, "M": 3, "NDB": 2, "N": 3, "RNB": 3}
"""4.5.1: the station tokens of each charter, the home station's (two for HLB, 6.5)
included."""
TURN_COSTS = "turn_costs"
"""``state.extra`` key: ``[paid, station]``, what the operating corporation has paid the bank
this turn in ``terrain``, ``token`` and bare ``spend`` lines, and of it for its station
(:meth:`G1847AE._check_turn_costs`, 6.2-6.5)."""

STATION_PRICES: dict[str, tuple[int, ...]] = {
    "L": (0, 60, 80, 100),
    "Saar": (0, 60, 80, 100),
    "HLB": (0, 0, 80, 100),
    "M": (0, 60, 80),
    "NDB": (0, 60),
    "N": (0, 60, 80),
    "RNB": (0, 60, 80),
}
"""6.5: "The prices for placing a station tokens is stated on the charters", one under each
token, the home stations' free (facts §4.1); a corporation places the next one."""
INVESTOR_OF: dict[str, str] = {"MNR": "HLB", "SCR": "Saar", "VIW": "Saar"}
"""4.4: private companies exchanged for an investor certificate."""
TRADEABLE = ("R", "K", "H", "W", "MNR", "SCR", "VIW")
"""4.2, 4.4: privates players may sell to each other in a stock round (not SPR, 4.3)."""

TRAIN_VARIANTS: dict[str, tuple[tuple[str, int], ...]] = {
    t: ((t, p),)
    for t, p in (
        ("3", 150),
        ("3+3", 300),
        ("4", 300),
        ("4+4", 500),
        ("5", 450),
        ("5+5", 550),
        ("6E", 550),
        ("6+6", 700),
    )
}
TRAIN_COUNTS = {"3": 3, "3+3": 2, "4": 2, "4+4": 1, "5": 2, "5+5": 1, "6E": 1, "6+6": 9}
BOX_TRAIN_CARDS = 19
"""2: "19 Train cards" in the box (coloured side 1847 AE, black/white side 1847 Pfalz)."""
OPTIONAL_CARDS = 2
"""3: two coloured cards are marked "optional", left out unless played (10)."""
PHASES = ("3", "3+3", "4", "4+4", "5", "5+5", "6E", "6+6")
TRAIN_LIMIT = {"3": 4, "3+3": 4, "4": 3, "4+4": 3, "5": 2, "5+5": 2, "6E": 2, "6+6": 2}
RUST = {"4+4": ("3",), "5+5": ("3+3",), "6+6": ("4",)}
ORS_PER_SET = {"3": 1, "3+3": 1, "4": 2, "4+4": 2, "5": 3, "5+5": 3, "6E": 3, "6+6": 3}
"""Operating rounds in a set by phase (2; the Phase Table), fixed when a stock round ends."""
EXCHANGE_PHASES = ("3+3", "4", "4+4", "5")
"""4.5.2: voluntary investor exchange from the first 3+3 until the 5+5 is bought."""

RULE_NUMBERS = {
    "players": "8.3",  # the certificate limits of 3, 4 and 5 players
    "turn": "8",
    "bankrupt": "6.8.2",
    "bank_broken": "9",
    "bank_runs_out": "9",
    "all_passed": "8",
    "priority": "3.3, 8",
    "rounds": "2",
    "sold_then_buy": "8.1",
    "hold_limit": "8.3",
    "cert_limit": "8.3",
    "buy_ipo": "8.1",
    "buy_pool": "8.1",
    "par": "4.5.1",
    "par_cost": "8.1",
    "sell": "8.2",
    "pool_limit": "8.2",
    "president_sale": "8.2",
    "president_swap": "5.1",
    "president_change": "5.1",
    "one_sale": "8.2",
    "over_cert_limit": "8.3",
    "forced_sale": "6.8.2",
    "corporation": "4.5",
    "removed": "3",
    "closed": "9",
    "closed_or": "9",
    "income": "6.1",
    "order": "6.1",
    "order_detail": "6.1",
    "run_step": "6.2",
    "forced_purchase": "6.8.1",
    "president_pays": "6.8.2",
    "forced_cheapest": "6.8.2",
    "spend": "6.3-6.5",
    "terrain": "6.3",
    "run_income": "6.2, 6.3",
    "spend_purpose": "6.3-6.5",
    "dividend": "6.7.4",
    "dividend_move": "6.7.4",
    "sale_move": "8.2",
    "sold_out": "8.5",
    "pool_dividend": "6.7.4",
    "run": "6.6.1",
    "train_step": "6.2",
    "train_limit": "6.8",
    "train_order": "6.8",
    "train_buy": "6.8",
    "train_trade": "6.8",
    "discard": "6.8",
    "phase_out": "7",
    "phase_out_sale": "6.8",
    "phases": "7",
    "rust": "7",
    "game_end": "9",
}
"""The 1847 AE rulebook section of each shared mechanism."""


class G1847AE(TerrainCosts, GridRules, Engine):
    """1847 AE with 3-5 players; ``variant`` in the ``game`` line plays section 10."""

    title: ClassVar[str] = "1847AE"
    costs_before_run: ClassVar[bool] = True  # 6.3: "may not ... pay later in the same turn"
    currency: ClassVar[str] = "M"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    rule_numbers: ClassVar[dict[str, str]] = RULE_NUMBERS
    train_variants: ClassVar[dict[str, tuple[tuple[str, int], ...]]] = TRAIN_VARIANTS
    card_phase: ClassVar[dict[str, str]] = {t: t for t in PHASES}
    phases: ClassVar[tuple[str, ...]] = PHASES
    train_limits: ClassVar[dict[str, int]] = TRAIN_LIMIT
    rust: ClassVar[dict[str, tuple[str, ...]]] = RUST
    excess_to_pool: ClassVar[bool] = True
    max_holding: ClassVar[int | None] = None  # 8.3: up to 100% of a corporation
    # buyable_certificate below refuses a source holding no certificate of the
    # corporation, check_par ends with the stock round's (the certificate limit)
    keeps_stock_refusals: ClassVar[bool] = True
    pool_pays_company: ClassVar[bool] = True  # 6.7.4
    forced_sales_one_turn: ClassVar[bool] = True  # 6.8.2 with 8.2: docs/titles/1847ae.md
    ipo_pays_company: ClassVar[bool] = False  # 6.7.4
    payout_kinds: ClassVar[tuple[str, ...]] = ("full", "withhold")  # 6.7.4: no half pay
    ipo_name: ClassVar[str] = "initial offering"
    pool_name: ClassVar[str] = "bank pool"
    # The box's tables: the other versions played with it (1847 Pfalz, RRRR&B,
    # :mod:`rulesets.g1847pfalz`) replace these and keep every hook below.
    charters: ClassVar[tuple[Charter, ...]] = CHARTERS
    needs_floated: ClassVar[dict[str, tuple[str, ...]]] = NEEDS_FLOATED
    privates: ClassVar[tuple[tuple[str, str, int, int], ...]] = PRIVATES
    package_items: ClassVar[tuple[str, ...]] = PACKAGE
    package_share: ClassVar[dict[str, tuple[str, bool]]] = PACKAGE_SHARE
    quarry_range: ClassVar[dict[str, tuple[int, int]]] = QUARRY_RANGE
    token_quarries: ClassVar[tuple[str, ...]] = TOKEN_QUARRIES
    investor_of: ClassVar[dict[str, str]] = INVESTOR_OF
    tradeable: ClassVar[tuple[str, ...]] = TRADEABLE
    train_counts: ClassVar[dict[str, int]] = TRAIN_COUNTS
    ors_per_set: ClassVar[dict[str, int]] = ORS_PER_SET
    exchange_phases: ClassVar[tuple[str, ...]] = EXCHANGE_PHASES
    route_excuses_train: ClassVar[bool] = True  # 6.8.1: `done C noroute`
    president_word: ClassVar[str] = "director"
    presidency_word: ClassVar[str] = "directorship"
    one_train_per_type: ClassVar[bool] = True
    """6.8: one new train of each type per turn (not in section 10, 11.2.7, 12.2.2)."""
    closings: ClassVar[dict[str, tuple[str, ...]]] = CLOSINGS
    """The privates each phase closes as it begins (the Phase Table: Königsbach,
    Hochstätten and Weidenthal at the 6E)."""
    stations: ClassVar[dict[str, int]] = STATIONS
    station_prices: ClassVar[dict[str, tuple[int, ...]] | None] = STATION_PRICES
    """The charters' station prices (6.5); ``None`` where the version checks its own (1847
    Pfalz: 100 each, 11.2.5)."""
    edition: ClassVar[str] = "1847 AE"
    """The version's name in refusals."""
    # 6.3: "costs printed" on the mountain and Rhine/Saar hexes, paid for the first tile
    # only; the 1847 AE map's (facts §9): the rules print no other figure.
    terrain_costs: ClassVar[dict[int, str]] = {
        40: "a mountain or the water of B18, B20, D18, F18, F20",
        50: "the water of C3, G3, H4, I5",
        70: "a high mountain",
        80: "the water of G19, I19",
    }
    terrain_fix: ClassVar[str] = "1847AE-6.3"
    lays_fix: ClassVar[str] = "1847AE-6.2-lays"
    lay_rule: ClassVar[str] = "6.2"
    """The version's rule on tile lays a turn (6.2; 1847 Pfalz 11.2.6, RRRR&B 12.2.1)."""
    first_turn_lays: ClassVar[bool] = True
    """6.2: two tiles in a corporation's first operating round whatever the phase (not in
    1847 Pfalz 11.2.6, RRRR&B 12.2.1)."""

    def __init__(self) -> None:
        super().__init__(
            aliases={
                "SAAR": "Saar",
                "LFKC": "LFK",
                "KRAUSS": "LFK",
                "KRAUSSCO": "LFK",
                "WEIDENTHAL": "W",
            }
        )

    # ================================================================= setup
    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """``variant`` (also ``+variant``, ``v10``) plays the section 10 variant; the two
        optional train cards may be named ``variant:TYPE,TYPE``."""
        players: list[str] = []
        options: list[str] = []
        for word in words:
            low = word.lower().lstrip("+")
            if low in ("variant", "v10") or low.startswith("variant:"):
                options.append(word)
            else:
                players.append(word)
        if len(options) > 1:
            raise Refusal("write the section 10 variant once in the `game` line (10)")
        return players, tuple(options)

    def optional_trains(self, options: tuple[str, ...]) -> list[str]:
        """The optional train cards named with ``variant:TYPE,TYPE`` (10).

        The rulebook's text does not print which two cards are marked "optional", so the
        banker names them from the cards in the box; plain ``variant`` plays the rule
        change (no limit per type) with the cards as dealt.
        """
        cards: list[str] = []
        for word in options:
            _, _, rest = word.partition(":")
            for name in filter(None, rest.upper().split(",")):
                if name not in self.train_variants:
                    raise Refusal(f"no {name} train in 1847 AE (trains: {', '.join(self.phases)})")
                cards.append(name)
        if len(cards) not in (0, 2):
            raise Refusal("section 10 adds the two optional train cards: variant:TYPE,TYPE")
        return cards

    def new_state(self, players: list[str], options: tuple[str, ...] = ()) -> GameState:
        n = len(players)
        if n not in STARTING_CASH:
            raise Refusal(f"{self.edition} is played by 3 to 5 players ({self.r('players')})")
        ledger = Ledger(bank=BANK_TOTAL, reserve=0, starting_total=BANK_TOTAL)
        for ch in self.charters:
            company = Company(id=ch.id, name=ch.name, kind="corporation")
            company.certificates = [
                Certificate(pct, president=(i == 0), holder=ch.id) for i, pct in enumerate(ch.certs)
            ] + [Certificate(10, holder=INVESTOR) for _ in range(ch.investors)]
            ledger.companies[ch.id] = company
        for pid, name, price, income in self.privates:
            ledger.companies[pid] = Company(
                id=pid, name=name, kind="private", value=price, income=income
            )
        self.seat_players(ledger, players, STARTING_CASH[n], "starting cash (3)", {"plp", INVESTOR})
        state = GameState(
            title=self.title,
            ledger=ledger,
            market=GridMarket(rows=GRID, pars={ch.id: ch.par for ch in self.charters}),
            phase="3",
            priority=players[0],  # 3.1: seats run clockwise from the Priority Deal
            ors_in_set=1,
        )
        optional = self.optional_trains(options)
        for card in self.phases:
            for _ in range(self.train_counts[card] + optional.count(card)):
                state.depot.append(self._new_train(state, card, ""))
        state.extra.update(
            {
                "variant": bool(options),
                "optional_trains": optional,
                "package": list(self.package_items),
                "first_sr": True,
                # 3.3: the last seat starts, anticlockwise to the Priority Deal, who goes twice
                "opening": [*reversed(players), players[0]],
                "floated": [],
                "traded": [],
                "pool_trains": [],
                "bought_types": [],
                "krauss_paid": False,
                "force_exchange": "no",
                "noroute": None,
                "last_passer": None,
                "stations": {},
                "station_this_turn": False,
            }
        )
        self.open_first_round(state)
        state.extra["stock_rounds_started"] = 0
        ledger.events.clear()
        return state

    def open_first_round(self, state: GameState) -> None:
        """3.3: the game opens with the first stock round, the last seat to act; there is
        nothing to record at setup, so the round starts with the `game` line."""
        self.begin_from_setup(state)

    # ================================================================= helpers
    def cert_limit(self, state: GameState) -> int:
        """8.3: 16 / 12 / 9 certificates for 3 / 4 / 5 players."""
        return CERT_LIMIT[len(state.ledger.players)]

    @staticmethod
    def floated(state: GameState, cid: str) -> bool:
        """Whether the corporation has floated (4.6)."""
        return cid in state.extra["floated"]  # type: ignore[operator]

    @staticmethod
    def package(state: GameState) -> list[str]:
        """Starting package items not yet sold (3.3)."""
        return state.extra["package"]  # type: ignore[return-value]

    def offered_items(self, state: GameState) -> list[str]:
        """The package items the player on turn may buy (3.3: any of them)."""
        return self.package(state)

    def in_first_sr(self, state: GameState) -> bool:
        """The first stock round, while the starting package is sold (3.3)."""
        return bool(state.extra["first_sr"]) and state.round_kind in ("setup", "SR")

    def place_price(self, state: GameState, company: Company, price: int) -> None:
        """A launched corporation's marker on its printed par space (4.5.1)."""
        self._place(state, company.id, self.charter(company.id).cell, f"par ({self.r('par')})")

    def available(self, state: GameState, company: Company) -> str | None:
        """Why ``company``'s certificates are not on sale yet, or ``None`` (3.3, 4.5.1)."""
        cid = company.id
        if self.package(state):
            return f"{cid}'s certificates are sold once the starting package is sold (3.3, 4.5.1)"
        need = self.needs_floated.get(cid)
        if not need:  # most corporations need none: asked for each after every stock turn
            return None
        need = [x for x in need if not self.floated(state, x)]
        if need:
            verb = "have" if len(need) > 1 else "has"
            return f"{cid} is available once {' and '.join(need)} {verb} floated (4.5.1)"
        return None

    def _fix_presidency(self, state: GameState, company: Company) -> None:
        """5.1: a player holding more than the director takes over; among equals, the first
        clockwise from the old director."""
        president = company.president()
        if president is None or not state.ledger.is_player(president):
            return
        best, best_pct = None, company.holder_percent(president)
        for p in seat_order_from(state.ledger.players, president):
            pct = company.holder_percent(p.name)
            if pct > best_pct:
                best, best_pct = p.name, pct
        if best is not None:
            self._swap_presidency(state, company, president, best, "holds more (5.1)")

    def _check_float(self, state: GameState, company: Company) -> None:
        """4.6: at 50% sold (package and investor certificates count) the bank pays the
        corporation the value of every certificate sold so far.

        The rules check at the end of a stock round, and 6.5 places the home token
        "immediately" when it floats during one; the tool floats the corporation the
        moment its 50% is sold (as the 18xx.games implementation does), so the next
        corporations become available at once (4.5.1).  The treasury at the end of the
        round is the same either way.
        """
        cid = company.id
        if self.floated(state, cid) or not company.launched:
            return
        sold = 100 - company.holder_percent(cid)
        if sold < 50:
            return
        state.extra["floated"].append(cid)  # type: ignore[attr-defined]
        par = self.charter(cid).par
        self.bank_pays(
            state,
            cid,
            par * sold // 10,
            f"{cid} floats: {sold}% sold at {self.money(par)} (4.6)",
        )
        state.ledger.events.append(
            Noted(
                text=f"{cid} has floated (4.6): its director takes the charter; place its "
                f"home station token (6.5)"
            )
        )

    # ================================================================= stock rounds
    def first_stock_player(self, state: GameState) -> str | None:
        opening: list[str] = state.extra["opening"]  # type: ignore[assignment]
        if opening:
            return opening.pop(0)
        return state.priority

    def next_stock_players(self, state: GameState, player: str) -> list[Player]:
        """3.3: the opening order of the first stock round, then clockwise."""
        opening: list[str] = state.extra["opening"]  # type: ignore[assignment]
        if opening:
            return [state.ledger.player(opening.pop(0))]
        return super().next_stock_players(state, player)

    def _end_stock_turn(self, state: GameState, player: str, *, bought: bool) -> None:
        """3.3: "A Stock Round ends when all players have passed consecutively".

        The Priority Deal holder's two turns in a row at the start of the first stock round
        are one player passing: a second pass there does not count as another player's, so
        the round goes on until every player has passed (C buys, B buys, A passes twice,
        B passes: C still has a turn).
        """
        passed = not bought and not state.turn_sold
        if passed and state.extra.get("last_passer") == player:
            state.consecutive_passes -= 1  # the shared turn adds it back: still one pass
        state.extra["last_passer"] = player if passed else None
        super()._end_stock_turn(state, player, bought=bought)

    def stock_round_started(self, state: GameState) -> None:
        """4.2: each quarry changes hands once a stock round; 4.5.2: the forced exchange."""
        state.extra["traded"] = []
        state.extra["last_passer"] = None  # 3.3: passes are counted within one round
        if state.extra["force_exchange"] == "due":
            state.extra["force_exchange"] = "done"
            for pid in self.investor_of:
                private = state.company(pid)
                if not private.closed and private.owner and state.ledger.is_player(private.owner):
                    self._exchange(
                        state,
                        private.owner,
                        private,
                        "exchanged, compulsory since the 5+5 was bought (4.5.2)",
                    )

    def par_choices(self, state: GameState, company: Company) -> tuple[int, ...]:
        """The printed par; none for L and Saar, whose directors come in the package (3)."""
        if company.id in ("L", "Saar"):
            return ()
        return (self.charter(company.id).par,)

    def check_par(self, state: GameState, player: str, company: Company, price: int) -> str | None:
        if company.id in ("L", "Saar") and not company.launched:
            item = "PLP" if company.id == "L" else "SPR"
            return (
                f"{company.id}'s director's certificate comes with {item} in the starting "
                f"package (3)"
            )
        if not company.launched:
            why = self.available(state, company)
            if why:
                return why
        return super().check_par(state, player, company, price)

    def buyable_certificate(
        self, state: GameState, player: str, company: Company, source: str
    ) -> Certificate | str:
        """8.1: initial-offering certificates in their printed order; pool ones at will."""
        why = self.available(state, company)
        if why:
            return why
        # plain loops, no lists: asked for every corporation after every stock turn
        if source == "ipo":
            cid = company.id
            for x in company.certificates:  # the first in printed order
                if x.holder == cid and not x.president:
                    return x
            return f"no {company.id} certificate is left in the initial offering (8.1)"
        smallest = None
        for x in company.certificates:  # the smallest, the first of equals
            if x.holder == POOL and not x.president:
                if smallest is None or x.percent < smallest.percent:
                    smallest = x
        if smallest is not None:
            return smallest
        return f"no {company.id} certificate is in the bank pool (8.1)"

    def share_price(
        self, state: GameState, company: Company, source: str, cert: Certificate
    ) -> int:
        """8.1: the initial offering sells at par, the pool at the stock price, per 10%."""
        each = company.value if source == "ipo" else state.price(company.id)
        return each * cert.percent // 10

    def ipo_payee(self, state: GameState, company: Company) -> str:
        """8.1: before floating the bank is paid, afterwards the corporation."""
        return company.id if self.floated(state, company.id) else BANK

    def after_share_bought(self, state: GameState, player: str, company: Company) -> None:
        self._fix_presidency(state, company)
        self._check_float(state, company)

    def may_sell(self, state: GameState, player: str, company: Company) -> str | None:
        """3.3: no sale in a turn of the first stock round; 8.2: none of a corporation that
        has not operated.  A short operating round of the first stock round (3.3) is no
        stock-round turn: a director short of a forced purchase there sells what 6.8.2 and
        8.2 allow (a game saved before rules level 7 refused it, :mod:`moderator.fixes`)."""
        if state.extra["first_sr"] and (
            state.round_kind == "SR" or not follows(state, f"{self.title}-3.3-forced")
        ):
            return "there are no sales in the first stock round (3.3)"
        if not company.operated:
            return f"{company.id} has not operated yet: its certificates cannot be sold (8.2)"
        return None

    def unsold_holders(self, company: Company) -> tuple[str, ...]:
        """8.5: investor certificates not yet exchanged keep a corporation from being sold
        out (Krauss & Co. never moves so, 4.1: it is no corporation)."""
        return (company.id, POOL, INVESTOR)

    def after_stock_round(self, state: GameState) -> None:
        """3.3: with package items unsold a short operating round follows, and then the
        first stock round goes on; after it, the sets of operating rounds (2)."""
        if state.extra["first_sr"]:
            if self.package(state):
                state.ledger.events.append(
                    Noted(
                        text="Items of the starting package are unsold: a short operating "
                        "round, then the first stock round goes on (3.3)"
                    )
                )
                self._start_operating_round(state, 0)
                return
            state.extra["first_sr"] = False
        state.ors_in_set = self.ors_per_set[state.phase]
        self._start_operating_round(state, 1)

    def other_purchase_possible(self, state: GameState, player: str) -> bool:
        cash = state.ledger.player(player).cash
        limit = self.cert_limit(state)
        count = self.cert_count(state, player)
        if self.package(state):
            return any(
                self._item_price(item) <= cash and count + self._item_certs(item) <= limit
                for item in self.offered_items(state)
            )
        krauss = self.krauss(state)
        if (
            krauss is not None
            and krauss.owner == POOL
            and count < limit
            and cash >= state.price("LFK")
            and (player, "LFK") not in state.sold_this_round
        ):
            return True
        if any(self._why_no_exchange(state, player, pid) is None for pid in self.investor_of):
            return True
        return self._may_buy_a_private(state, player) or self._may_nationalise(state, player)

    def _may_buy_a_private(self, state: GameState, player: str) -> bool:
        """4.2, 4.4: a private another player owns may be bought "for any agreed price" in
        the buyer's stock turn (not the first stock round), so a player with room for a
        certificate has a legal purchase even without the cash for a share."""
        if state.extra["first_sr"] or self.cert_count(state, player) >= self.cert_limit(state):
            return False
        traded: list[str] = state.extra["traded"]  # type: ignore[assignment]
        for pid in self.tradeable:
            private = state.company(pid)
            owner = private.owner
            if private.closed or pid in traded or owner in (None, player):
                continue
            if state.ledger.is_player(owner):
                return True
        return False

    def _can_sell_anything(self, state: GameState, player: str) -> bool:
        return (
            super()._can_sell_anything(state, player)
            or self._why_no_krauss_sale(state, player) is None
        )

    # ----------------------------------------------------------- the starting package
    def _item_price(self, item: str) -> int:
        """The price printed on the package item (3)."""
        return PLP_PRICE if item == "PLP" else next(p for i, _, p, _ in self.privates if i == item)

    def charter(self, cid: str) -> Charter:
        """The corporation's charter."""
        charters = self.charters
        known = self.__dict__.get("_charter_of")
        if known is None or known[0] is not charters:  # 1847 Pfalz sets its charters per game
            known = self._charter_of = (charters, {ch.id: ch for ch in charters})
        found = known[1].get(cid)
        if found is None:
            raise StopIteration(cid)  # as the search over the charters it replaces
        return found

    @staticmethod
    def krauss(state: GameState) -> Company | None:
        """Krauss & Co. (4.1); ``None`` in a version without it (1847 Pfalz, 4.1: "a
        speciality of 1847 AE")."""
        return state.ledger.companies.get("LFK")

    def _item_certs(self, item: str) -> int:
        """Certificates the item brings (8.3): the private and any share under it."""
        return (item != "PLP") + (item in self.package_share)

    def cmd_buy(self, state: GameState, cmd: c.Buy) -> None:
        """``buy``: a package item (3.3), Krauss & Co. from the pool (4.1), or a share."""
        word = cmd.corp.upper()
        item = "PLP" if word == "PLP" else None
        if item is None:
            try:
                cid = self.company_id(state, cmd.corp)
            except Refusal:
                cid = None
            if cid is not None and state.company(cid).kind == "private":
                item = cid
        if item is None:
            super().cmd_buy(state, cmd)
            return
        player = self._stock_turn(state, cmd.player, "buy")
        if item in self.package(state):
            self._buy_item(state, player, item, cmd.source)
        elif item == "LFK":
            self._buy_krauss(state, player, cmd.source)
        elif item == "PLP":
            raise Refusal("PLP, the Ludwigsbahn director's certificate, is sold (3.3)")
        else:
            owner = state.company(item).owner
            raise Refusal(
                f"{item} belongs to {owner}: privates change hands between players with "
                f"`trade {item} {owner} {player} PRICE` (4.2, 4.4)"
            )
        state.last_actor = player
        self._end_stock_turn(state, player, bought=True)

    def _buy_item(self, state: GameState, player: str, item: str, source: str | None) -> None:
        """3.3: an item of the starting package at its printed price, paid to the bank."""
        if source is not None:
            raise Refusal(
                f"a starting package item is bought as it is: `buy {player} {item}` (3.3)"
            )
        price = self._item_price(item)
        limit = self.cert_limit(state)
        count = self.cert_count(state, player)
        if count + self._item_certs(item) > limit:
            raise Refusal(f"{player} would hold more than {limit} certificates (8.3)")
        cash = state.ledger.player(player).cash
        if cash < price:
            raise Refusal(
                f"{player} has {self.money(cash)}, {item} costs {self.money(price)} (3.3)"
            )
        state.ledger.transfer(player, BANK, price, f"buys {item} from the starting package (3.3)")
        self.package(state).remove(item)
        if item != "PLP":
            private = state.company(item)
            private.owner = player
            state.ledger.events.append(
                PrivateMoved(
                    company=item, source=None, target=player, reason="starting package (3.3)"
                )
            )
            if item == "LFK":
                self._place(
                    state,
                    "LFK",
                    KRAUSS_CELL,
                    "Krauss & Co.'s initial stock value (4.1)",
                )
        if item in self.package_share:
            cid, director = self.package_share[item]
            company = state.company(cid)
            if director:
                cert = next(x for x in company.certificates if x.president)
                state.ledger.move_certificate(company, cert, player, f"comes with {item} (3)")
                company.launched = True
                company.value = self.charter(cid).par
                self.place_price(state, company, company.value)
                state.ledger.events.append(Noted(text=f"{player} is {cid}'s director (5)"))
            else:
                cert = next(x for x in company.certs_of(cid) if not x.president and x.percent == 10)
                state.ledger.move_certificate(company, cert, player, f"comes with {item} (3)")
            self._fix_presidency(state, company)
            self._check_float(state, company)
        if not self.package(state):
            state.ledger.events.append(
                Noted(
                    text="The starting package is sold: L and Saar certificates are on sale "
                    "(3.3, 4.5.1)"
                )
            )

    # ----------------------------------------------------------- Krauss & Co.
    def _buy_krauss(self, state: GameState, player: str, source: str | None) -> None:
        """4.1: Krauss & Co. is bought back from the bank pool at its price."""
        krauss = state.company("LFK")
        if source == "ipo":
            raise Refusal("Krauss & Co. is bought from the bank pool: `buy PLAYER LFK pool` (4.1)")
        if krauss.owner != POOL:
            raise Refusal(f"Krauss & Co. belongs to {krauss.owner}, not to the bank pool (4.1)")
        if (player, "LFK") in state.sold_this_round:
            raise Refusal(f"{player} already sold LFK this stock round (8.1)")
        limit = self.cert_limit(state)
        if self.cert_count(state, player) + 1 > limit:
            raise Refusal(f"{player} is at the certificate limit of {limit} (8.3)")
        price = state.price("LFK")
        cash = state.ledger.player(player).cash
        if cash < price:
            raise Refusal(f"{player} has {self.money(cash)}, LFK costs {self.money(price)} (4.1)")
        state.ledger.transfer(player, BANK, price, "buys Krauss & Co. from the bank pool (4.1)")
        krauss.owner = player
        state.ledger.events.append(
            PrivateMoved(company="LFK", source=POOL, target=player, reason="bought (4.1)")
        )

    def _why_no_krauss_sale(self, state: GameState, player: str) -> str | None:
        krauss = self.krauss(state)
        if krauss is None:
            return f"there is no Krauss & Co. in {self.edition} (4.1)"
        if state.round_kind != "SR" or state.extra["first_sr"]:
            return "there are no sales in the first stock round (3.3)"
        if krauss.owner != player:
            return f"{player} does not own Krauss & Co. (4.1)"
        if "LFK" in state.turn_sold:
            return f"{player} already sold LFK this turn (8.2)"
        return None

    def pool_in_forced_purchase(self, state: GameState) -> bool:
        """6.8.1, 6.8.2: the forced purchase is of "a train from the bank", the contrast
        being a train "from another company"; the Bank Pool's trains are the bank's (6.8:
        "bought at full price"), so the director's money may go toward one, and he is
        bankrupt only when he cannot reach the cheapest of them all (as 18xx.games plays
        it).  A game saved before rules level 8 took only the new trains."""
        return follows(state, f"{self.title}-6.8.2-pool")

    def president_pays_toward_pool(self, state: GameState) -> bool:
        return self.pool_in_forced_purchase(state)

    def cheapest_train(self, state: GameState) -> int | None:
        """The cheapest train the bank sells: its new trains, and (rules level 8) the Bank
        Pool's, which a forced purchase may take (6.8.1, 6.8.2)."""
        cheapest = super().cheapest_train(state)
        if not self.pool_in_forced_purchase(state):
            return cheapest
        prices = [self.list_price(t.name) for t in self.pool_trains(state)]
        if cheapest is not None:
            prices.append(cheapest)
        return min(prices) if prices else None

    def _pool_train_it_can_pay(self, state: GameState, company: Company) -> Any:
        """6.8.1: a train in the bank pool the corporation can pay for from its treasury."""
        return next(
            (t for t in self.pool_trains(state) if self.list_price(t.name) <= company.cash),
            None,
        )

    def _no_forced_purchase_with_a_pool_train(self, state: GameState) -> None:
        """6.8.1: the forced purchase (6.8.2) comes only when the treasury cannot pay for a
        train "from the Bank or the Bank Pool"; while it can pay for a pool train, the
        director neither sells nor goes bankrupt."""
        forced = self._forced_purchase(state) if state.round_kind == "OR" else None
        if forced is None:
            return
        train = self._pool_train_it_can_pay(state, forced)
        if train is not None:
            raise Refusal(
                f"{forced.id} has {self.money(forced.cash)} and can buy the "
                f"{self.train_pool_name}'s {train.name} at "
                f"{self.money(self.list_price(train.name))} itself: there is no forced purchase, "
                f"so its director sells nothing (6.8.1)"
            )

    def cmd_sell(self, state: GameState, cmd: c.Sell) -> None:
        """``sell``: Krauss & Co. to the pool (4.1), or shares (8.2, 6.8.2)."""
        self._no_forced_purchase_with_a_pool_train(state)
        try:
            is_krauss = self.company_id(state, cmd.corp) == "LFK"
        except Refusal:
            is_krauss = False
        if not is_krauss:
            super().cmd_sell(state, cmd)
            return
        if cmd.count != 1:
            raise Refusal("Krauss & Co. is one certificate: `sell PLAYER LFK 1` (4.1)")
        forced = self._forced_purchase(state) if state.round_kind == "OR" else None
        if forced is not None:
            self._sell_krauss_for_train(state, forced, self.player_name(state, cmd.player))
            return
        player = self._stock_turn(state, cmd.player, "sell")
        why = self._why_no_krauss_sale(state, player)
        if why:
            raise Refusal(why)
        self._krauss_to_pool(state, player, "4.1")
        state.sold_this_round.add((player, "LFK"))
        state.turn_sold.append("LFK")
        state.last_actor = player
        self._auto_pass_if_stuck_after_sale(state, player)

    def _sell_krauss_for_train(self, state: GameState, company: Company, player: str) -> None:
        """6.8.2: a director short of the forced purchase may sell Krauss & Co. too (4.1:
        it is sold to the pool like a railway certificate)."""
        if company.president() != player:
            raise Refusal(
                f"only {company.id}'s director sells in an operating round, to pay for its "
                f"train (6.8.2)"
            )
        if state.company("LFK").owner != player:
            raise Refusal(f"{player} does not own Krauss & Co. (4.1)")
        dearest = self.dearest_train(state) or 0
        if company.cash + state.ledger.player(player).cash >= dearest:
            raise Refusal(f"{player} already has the money needed; no further sales (6.8.2)")
        self._krauss_to_pool(state, player, "6.8.2")

    def _krauss_to_pool(self, state: GameState, player: str, rule: str) -> None:
        """Krauss & Co. sold to the pool at its price, its marker one row down (4.1)."""
        price = state.price("LFK")
        state.company("LFK").owner = POOL
        state.ledger.events.append(
            PrivateMoved(company="LFK", source=player, target=POOL, reason="sold (4.1)")
        )
        self.bank_pays(state, player, price, f"sells Krauss & Co. at {self.money(price)} ({rule})")
        self._market_move(state, "LFK", "down", "Krauss & Co. sold: one row down (4.1)")

    def raisable(self, state: GameState, player: str, protect: str) -> int:
        """6.8.2: what the director could sell, Krauss & Co. included."""
        lfk = self.krauss(state)
        krauss = state.price("LFK") if lfk is not None and lfk.owner == player else 0
        return super().raisable(state, player, protect) + krauss

    def new_train_bought(self, state: GameState, company: Company, train: Any, price: int) -> None:
        """6.8: one new train of a type per turn; 4.1: the first new train of an operating
        round pays Krauss & Co.'s owner 10% of its price and moves its marker right."""
        state.extra["bought_types"].append(train.name)  # type: ignore[attr-defined]
        krauss = self.krauss(state)
        if krauss is None or state.extra["krauss_paid"] or not state.market.has("LFK"):
            return
        state.extra["krauss_paid"] = True
        owner = krauss.owner
        if owner and state.ledger.is_player(owner):
            self.bank_pays(
                state,
                owner,
                price // 10,
                f"Krauss & Co. dividend: 10% of {company.id}'s {train.name} at "
                f"{self.money(price)} (4.1)",
            )
        else:
            state.ledger.events.append(
                Noted(
                    text="Krauss & Co. lies in the bank pool: its dividend stays with the bank "
                    "(4.1)"
                )
            )
        words = self.step_words(state, "LFK", 1)
        self._market_move(state, "LFK", "right", f"Krauss & Co. paid a dividend: {words} (4.1)")

    def operating_round_ended(self, state: GameState) -> None:
        """4.1: no dividend this operating round moves Krauss & Co. one space left."""
        if state.market.has("LFK") and not state.extra["krauss_paid"]:
            words = self.step_words(state, "LFK", -1)
            self._market_move(
                state, "LFK", "left", f"no Krauss & Co. dividend this round: {words} (4.1)"
            )
        state.extra["krauss_paid"] = False

    # ----------------------------------------------------------- privates
    def cmd_trade(self, state: GameState, cmd: c.Trade) -> None:
        """``trade``: a private sold between players in the buyer's stock turn (4.2, 4.4)."""
        buyer = self._stock_turn(state, cmd.target, "trade")
        if state.extra["first_sr"]:
            raise Refusal("in the first stock round a player buys or passes only (3.3)")
        seller = self.player_name(state, cmd.source)
        private = state.company(self.company_id(state, cmd.private))
        pid = private.id
        if pid == "SPR":
            raise Refusal("the Saarbrücken Private Railway cannot be sold (4.3)")
        if pid not in self.tradeable:
            raise Refusal(f"{pid} is not a private players sell to each other (4.2, 4.4)")
        rule = "4.2" if pid in self.quarry_range else "4.4"
        if private.closed or private.owner != seller:
            raise Refusal(f"{pid} does not belong to {seller} ({rule})")
        if seller == buyer:
            raise Refusal(f"{buyer} already owns {pid} ({rule})")
        # 4.2: "A quarry may be sold only once during a Stock Round"; 4.4 sets no such limit
        # for the Main-Neckar, Saarland Coal and Völklingen certificates.
        if pid in self.quarry_range and pid in state.extra["traded"]:  # type: ignore[operator]
            raise Refusal(f"{pid} has already changed hands this stock round (4.2)")
        sell_private(self, state, private, seller, buyer, cmd.price, rule)
        state.extra["traded"].append(pid)  # type: ignore[attr-defined]
        state.last_actor = buyer
        self._end_stock_turn(state, buyer, bought=True)

    def cmd_buyprivate(self, state: GameState, cmd: c.BuyPrivate) -> None:
        """``buyprivate``: a railway buys a quarry from a player, from the green phase (4.2)."""
        company = self.operating_company(state, cmd.corp)
        cid = company.id
        if company.kind != "corporation":
            raise Refusal(f"{cid} is not a railway (4.2)")
        private = state.company(self.company_id(state, cmd.private))
        pid = private.id
        if pid not in self.quarry_range:
            raise Refusal(
                f"{pid} may never be sold to a railway; only quarries may (4.2, 4.3, 4.4)"
            )
        if self.phases.index(state.phase) < self.phases.index("4"):
            raise Refusal(
                "quarries are sold to railways from the green phase on, the first 4-train (4.2)"
            )
        owner = private.owner
        if private.closed or owner is None or not state.ledger.is_player(owner):
            raise Refusal(
                f"{pid} is not a player's to sell ({'closed' if private.closed else owner}; 4.2)"
            )
        low, high = self.quarry_range[pid]
        if not low <= cmd.price <= high:
            raise Refusal(
                f"{pid} sells to a railway for {self.money(low)} to {self.money(high)} (4.2)"
            )
        if company.cash < cmd.price:
            raise Refusal(
                f"{cid} has {self.money(company.cash)}, cannot pay {self.money(cmd.price)} (4.2)"
            )
        state.ledger.transfer(cid, owner, cmd.price, f"buys {pid} (4.2)")
        private.owner = cid
        state.ledger.events.append(
            PrivateMoved(company=pid, source=owner, target=cid, reason="bought by a railway (4.2)")
        )

    # ----------------------------------------------------------- stations (6.5)
    def stations_on_charter(self, state: GameState, cid: str) -> int:
        """4.5.1: the station tokens on ``cid``'s charter, its home station's included."""
        return self.stations[cid]

    @staticmethod
    def home_stations(cid: str) -> int:
        """6.5: one home station token each, two for the Hessische Ludwigsbahn."""
        return 2 if cid == "HLB" else 1

    def stations_rule(self, cid: str) -> str:
        """Where the count of ``cid``'s station tokens is printed, for a refusal."""
        return "4.5.1"

    def station_price(self, state: GameState, company: Company, cmd: c.Spend) -> Company | None:
        """Check a station's price; Weidenthal when the station uses its ability (4.2).

        1847 AE and RRRR&B: the price is the charter's (6.5, checked by
        :meth:`_check_charter_price` from rules level 11), so a station at Weidenthal's half
        cost is one that says so: ``spend L 40 token W``.
        """
        if cmd.private is None:
            return None
        pid = self.company_id(state, cmd.private)
        if pid != "W":
            raise Refusal(f"{pid}'s ability places no station; Weidenthal's does (4.2)")
        weidenthal = state.company(pid)
        if weidenthal.closed:
            raise Refusal("Weidenthal has closed: its half-cost station cannot be used (4.2)")
        if weidenthal.owner != company.id:
            raise Refusal(
                f"Weidenthal belongs to {weidenthal.owner or 'nobody yet'}: only the railway "
                f"that owns it places a station at half cost with it (4.2)"
            )
        return weidenthal

    def _check_station(self, state: GameState, company: Company) -> None:
        """6.5: one station token per operating round; 4.5.1: no more than the charter's."""
        if not follows(state, f"{self.title}-6.5"):
            return  # rules level 1: recorded games placed stations unchecked
        cid = company.id
        if state.extra["station_this_turn"]:
            raise Refusal(
                f"{cid} has placed a station token this operating round: one per operating "
                f"round (6.5)"
            )
        placed: dict[str, int] = state.extra["stations"]  # type: ignore[assignment]
        total = self.stations_on_charter(state, cid)
        home = self.home_stations(cid)
        if placed.get(cid, 0) + home >= total:
            homes = "its home station's" if home == 1 else f"its {home} home stations'"
            raise Refusal(
                f"{cid}'s charter holds {total} station tokens, {homes} and "
                f"{total - home} more, all placed ({self.stations_rule(cid)})"
            )

    def _check_charter_price(
        self, state: GameState, company: Company, amount: int, weidenthal: bool
    ) -> None:
        """6.5: the station costs the price printed under the charter's next token (4.2:
        half of it with Weidenthal).  Games before rules level 11 took any amount."""
        if self.station_prices is None or not follows(state, f"{self.title}-6.5-price"):
            return
        cid = company.id
        full = self.next_station_price(state, cid)
        if full is None:
            return  # no token left: _check_station has refused it already
        price = full // 2 if weidenthal else full
        if amount != price:
            which = f"half the {self.money(full)} (4.2)" if weidenthal else "(6.5)"
            raise Refusal(
                f"{cid}'s next station token costs {self.money(price)}, the price on its "
                f"charter {which}, not {self.money(amount)}"
            )

    def next_station_price(self, state: GameState, cid: str) -> int | None:
        """The price on ``cid``'s charter of its next station token (6.5); ``None``: no
        token left, or a version without the charters' prices (1847 Pfalz, 11.2.5)."""
        prices = self.station_prices
        if prices is None:
            return None
        placed: dict[str, int] = state.extra["stations"]  # type: ignore[assignment]
        charter = prices.get(cid, ())
        index = self.home_stations(cid) + placed.get(cid, 0)
        return charter[index] if index < len(charter) else None

    def _check_turn_costs(self, state: GameState, cmd: c.Spend) -> list[int] | None:
        """6.2-6.5: what a corporation pays the bank in its turn is the terrain of the tiles
        it lays (6.2 step 1, 6.3) and one station (6.5); a ``spend`` line without purpose is
        one of them (the contract: money for the turn's track or stations).  The turn's
        ``terrain``, ``token`` and bare lines together come to no more than its lays at the
        map's dearest terrain plus its next station, if none is placed yet.  The amount of a
        bare line is not otherwise checked: it may pay a terrain and a station together.
        Returns the turn's total with the line and what its station cost, to be kept once it
        is paid; ``None``: not counted (before rules level 14, or a map whose costs are not
        known: Pfalz, RRRR&B)."""
        if (
            cmd.purpose not in (None, "terrain", "token")
            or not self.terrain_costs
            or state.operating is None
            or not follows(state, f"{self.title}-6.2-costs")
        ):
            return None
        lays = self.terrain_lays(state)
        if lays is None:
            return None
        cid = state.operating
        most, rule = lays
        dearest = max(self.terrain_costs)
        placed = bool(state.extra["station_this_turn"])
        held = state.extra.get(TURN_COSTS)
        paid, station_paid = (int(x) for x in held) if isinstance(held, list) else (0, 0)
        station = station_paid if placed else self.next_station_price(state, cid) or 0
        total = paid + cmd.amount
        most_paid = most * dearest + station
        if total > most_paid:
            tiles = "one tile" if most == 1 else f"{most} tiles"
            if placed:
                stations = f"its station of the round {self.money(station)} (6.5)"
            elif station:
                stations = f"its next station {self.money(station)} (6.5)"
            else:
                stations = "no station token left (6.5)"
            raise Refusal(
                f"{cid} may pay the bank {self.money(most_paid)} at most this turn: {tiles} "
                f"({rule}) at the map's dearest terrain {self.money(dearest)} "
                f"({self.r('terrain')}), {stations}; it has paid {self.money(paid)}, so not "
                f"{self.money(cmd.amount)} more"
            )
        return [total, cmd.amount if cmd.purpose == "token" else station_paid]

    def _pay_counted(self, state: GameState, cmd: c.Spend) -> None:
        """Pay ``cmd`` as every title does (terrain checked, :class:`TerrainCosts`), within
        the turn's costs (:meth:`_check_turn_costs`), which then count it."""
        total = self._check_turn_costs(state, cmd)
        super().cmd_spend(state, cmd)
        if total is not None:
            state.extra[TURN_COSTS] = total

    def terrain_lays(self, state: GameState) -> tuple[int, str] | None:
        """6.2 step 1: two yellow tiles a turn during the yellow phase, one tile from the
        green phase (the first 4-train, 6.4), two in a corporation's first operating round
        whatever the phase (:attr:`first_turn_lays`).  A quarry's free tile on a mountain
        (4.2) pays no terrain."""
        if state.operating is None:
            return None
        if self.first_turn_lays and not state.company(state.operating).operated:
            return 2, f"{self.lay_rule}: its first operating round"
        yellow = self.phases.index(state.phase) < self.phases.index("4")
        return (2, f"{self.lay_rule}: the yellow phase") if yellow else (1, self.lay_rule)

    def cmd_spend(self, state: GameState, cmd: c.Spend) -> None:
        """``spend``: track and terrain (6.3); a station token (``token``): one per operating
        round, no more than the charter holds (6.5, 4.5.1); ``token W``: a station at
        Weidenthal's half cost, which closes it (4.2) by itself, a line the log shows."""
        if cmd.private is not None and cmd.purpose != "token":
            raise Refusal(
                f"a private's ability is named with a station: `spend {cmd.company} AMOUNT "
                f"token W` (4.2)"
            )
        if cmd.purpose in ("tile", "fee") and follows(state, f"{self.title}-6.3-tile"):
            # 6.3: a tile costs nothing; a corporation pays the bank the terrain printed on
            # the map for the first tile laid in the hex, and its stations (6.5).  No rule of
            # the box (sections 10-12 included) names a fee.
            raise Refusal(
                f"{self.edition} charges nothing for a tile and no fee: {cmd.company} pays the "
                f"bank the terrain printed on the map ({self.r('terrain')}: `spend "
                f"{cmd.company} AMOUNT terrain`) and its stations (6.5: `token`) only"
            )
        if cmd.purpose != "token":
            self._pay_counted(state, cmd)
            return
        company = self.operating_company(state, cmd.company)
        weidenthal = self.station_price(state, company, cmd)
        self._check_station(state, company)
        self._check_charter_price(state, company, cmd.amount, weidenthal is not None)
        self._pay_counted(state, cmd)
        placed: dict[str, int] = state.extra["stations"]  # type: ignore[assignment]
        placed[company.id] = placed.get(company.id, 0) + 1
        state.extra["station_this_turn"] = True
        if weidenthal is not None:
            self._close_private(
                state,
                weidenthal,
                f"{company.id} placed a station at half cost with it: the action closes the "
                f"quarry (4.2)",
            )

    def cmd_close(self, state: GameState, cmd: c.ClosePrivate) -> None:
        """``close``: a railway used Königsbach's, Hochstätten's or Weidenthal's ability (4.2)."""
        private = state.company(self.company_id(state, cmd.private))
        pid = private.id
        if pid not in self.token_quarries:
            raise Refusal(f"{pid} has no ability that closes it; K, H and W do (4.2)")
        if private.closed:
            raise Refusal(f"{pid} has already closed (4.2)")
        if private.owner is None or state.ledger.is_player(private.owner):
            raise Refusal(f"{pid}'s ability is used by the railway that owns it (4.2)")
        self._close_private(state, private, f"its ability was used by {private.owner} (4.2)")

    def cmd_income(self, state: GameState, cmd: c.Income) -> None:
        """``income``: Rammelsbach earns 50 once its town is connected, from brown (4.2)."""
        private = state.company(self.company_id(state, cmd.private))
        if private.id != "R":
            raise Refusal(f"{private.id}'s income is fixed; only Rammelsbach's changes (4.2)")
        if private.closed:
            raise Refusal("Rammelsbach has closed (4.2)")
        if self.phases.index(state.phase) < self.phases.index("5"):
            raise Refusal("Rammelsbach's town cannot be connected before the brown phase (4.2)")
        if cmd.amount < 0:
            raise Refusal("an income cannot be negative (4.2)")
        before = private.income
        private.income = cmd.amount
        # A note is words for the banker: a save written with the old `->` replays the same
        # (``Game._reworded``) and opens with today's arrow.
        moved = f"{self.money(before)} {MOVED} {self.money(cmd.amount)}"
        state.ledger.events.append(Noted(text=f"Rammelsbach's income {moved} (4.2)"))

    def _why_no_exchange(self, state: GameState, player: str, pid: str) -> str | None:
        private = state.company(pid)
        target = self.investor_of[pid]
        if state.extra["first_sr"]:
            return "in the first stock round a player buys or passes only (3.3)"
        if private.closed or private.owner != player:
            return f"{player} does not own {pid} (4.4)"
        if self.phases.index(state.phase) < self.phases.index("3+3"):
            return f"{pid} is exchanged once the first 3+3-train has been bought (4.5.2)"
        if state.phase not in self.exchange_phases:
            return (
                "after the 5+5-train the exchange is made by the bank at the next stock round "
                "(4.5.2)"
            )
        if not self.floated(state, target):
            return f"{pid} is exchanged once {target} has floated (4.5.2)"
        return None

    def cmd_exchange(self, state: GameState, cmd: c.Exchange) -> None:
        """``exchange``: an investor private for its 10% certificate; the turn's purchase
        (4.5.2)."""
        player = self._stock_turn(state, cmd.player, "exchange")
        private = state.company(self.company_id(state, cmd.private))
        if private.id not in self.investor_of:
            raise Refusal(f"{private.id} has no investor certificate; MNR, SCR and VIW do (4.4)")
        why = self._why_no_exchange(state, player, private.id)
        if why:
            raise Refusal(why)
        self._exchange(state, player, private, "exchanged (4.5.2)")
        state.last_actor = player
        self._end_stock_turn(state, player, bought=True)

    def _exchange(self, state: GameState, player: str, private: Company, reason: str) -> None:
        target = state.company(self.investor_of[private.id])
        cert = next(x for x in target.certs_of(INVESTOR))
        self._close_private(state, private, f"{private.id} {reason}")
        state.ledger.move_certificate(
            target, cert, player, f"investor certificate for {private.id} (4.4)"
        )
        self._fix_presidency(state, target)

    def no_nationalisation(self, state: GameState) -> str | None:
        """Why this game has no nationalisation at all (1847 Pfalz's Introductory Game,
        11.3), or ``None``: 8.4 applies."""
        return None

    def _why_no_nationalisation(
        self, state: GameState, player: str, company: Company, seller: str, percent: int
    ) -> str | None:
        """8.4: why ``player`` may not buy ``seller``'s ``percent``% certificate of
        ``company`` now, or ``None``: the purchase is legal.  One list of conditions for the
        command and for the automatic pass (a player who could nationalise is not passed)."""
        cid = company.id
        held = company.holder_percent(player)
        if held < 70:
            return f"{player} holds {held}% of {cid}; nationalisation needs 70% (8.4)"
        if seller == player:
            return f"{player} cannot buy from themselves (8.4)"
        if (player, cid) in state.sold_this_round:
            return f"{player} sold {cid} this stock round and may not buy it (8.1)"
        if percent not in (10, 20):
            return "a certificate is 10% or 20% (8.4)"
        if not self._nationalisable(company, seller, percent):
            return f"{seller} holds no {percent}% {cid} certificate (8.4)"
        limit = self.cert_limit(state)
        if self.cert_count(state, player) + 1 > limit:
            return f"{player} would exceed the certificate limit of {limit} (8.4)"
        price = self._nationalisation_price(self._certificate_value(state, cid, percent))
        cash = state.ledger.player(player).cash
        if cash < price:
            return (
                f"{player} has {self.money(cash)}, the certificate costs {self.money(price)} (8.4)"
            )
        return None

    @staticmethod
    def _nationalisable(company: Company, seller: str, percent: int) -> list[Certificate]:
        """``seller``'s certificates of ``company`` of ``percent``% other than the
        director's (8.4)."""
        return [x for x in company.certs_of(seller) if not x.president and x.percent == percent]

    @staticmethod
    def _certificate_value(state: GameState, cid: str, percent: int) -> int:
        """A ``percent``% certificate of ``cid`` at its share price (8.4's base)."""
        return state.price(cid) * percent // 10

    @staticmethod
    def _nationalisation_price(value: int) -> int:
        """8.4: 150% of the certificate's ``value``, rounded up."""
        return -(-3 * value // 2)

    def nationalisations(self, state: GameState, player: str) -> list[c.Nationalize]:
        """8.4's purchases worth offering ``player`` (the list of legal commands, ``l``):
        each certificate of another player's in a corporation he holds 70% of; the game
        keeps those the rules accept (:meth:`_why_no_nationalisation`)."""
        return [
            c.Nationalize(player=player, corp=company.id, source=seller, percent=percent)
            for company, seller, percent in self._nationalisation_offers(state, player)
        ]

    def _nationalisation_offers(
        self, state: GameState, player: str
    ) -> Iterator[tuple[Company, str, int]]:
        """:meth:`nationalisations` as (corporation, seller, percent), no command made: the
        automatic pass asks after every stock turn (:meth:`_may_nationalise`)."""
        if state.extra["first_sr"]:
            return
        for company in state.ledger.corporations():
            if not company.launched or company.holder_percent(player) < 70:
                continue
            for other in state.ledger.players:
                if other.name == player:
                    continue
                for percent in (10, 20):
                    if self._nationalisable(company, other.name, percent):
                        yield company, other.name, percent

    def _may_nationalise(self, state: GameState, player: str) -> bool:
        """Whether ``player`` has a legal nationalisation now (8.4): the tool does not pass
        him by itself (a game saved before rules level 10 passed him, :mod:`moderator.fixes`)."""
        if state.extra["first_sr"] or self.no_nationalisation(state) is not None:
            return False
        if not follows(state, f"{self.title}-8.4-pass"):
            return False
        return any(
            self._why_no_nationalisation(state, player, company, seller, percent) is None
            for company, seller, percent in self._nationalisation_offers(state, player)
        )

    def cmd_nationalize(self, state: GameState, cmd: c.Nationalize) -> None:
        """``nationalize``: a holder of 70% buys a certificate from another at 150% (8.4)."""
        refused = self.no_nationalisation(state)
        if refused is not None:
            raise Refusal(refused)
        player = self._stock_turn(state, cmd.player, "nationalize")
        if state.extra["first_sr"]:
            raise Refusal("in the first stock round a player buys or passes only (3.3)")
        company = self.launched(state, cmd.corp)
        cid = company.id
        seller = self.player_name(state, cmd.source)
        why = self._why_no_nationalisation(state, player, company, seller, cmd.percent)
        if why is not None:
            raise Refusal(why)
        certs = self._nationalisable(company, seller, cmd.percent)
        value = self._certificate_value(state, cid, cmd.percent)
        price = self._nationalisation_price(value)
        state.ledger.transfer(
            player,
            seller,
            price,
            f"nationalises a {cmd.percent}% {cid} certificate at 150% of {self.money(value)} (8.4)",
        )
        state.ledger.move_certificate(company, certs[0], player, "nationalisation (8.4)")
        state.last_actor = player
        self._end_stock_turn(state, player, bought=True)

    # ================================================================= operating rounds
    def operates(self, state: GameState, cid: str) -> bool:
        """6.1: floated corporations operate, by price; the top marker of a space first; the
        same price on different spaces, the rightmost first.  Krauss & Co. does not."""
        return self.floated(state, cid)

    def operates_next_set(self, state: GameState, cid: str) -> bool:
        return self.floated(state, cid) and not state.company(cid).closed

    def operating_turn_started(self, state: GameState, cid: str) -> None:
        state.extra["bought_types"] = []
        state.extra["station_this_turn"] = False
        # The two short operating rounds of the first stock round (3.3) share a round and
        # an OR number: the turn's terrain lines (6.2, 6.3) are counted from its start.
        state.extra.pop(TERRAIN_LINES, None)
        state.extra.pop(TURN_COSTS, None)

    def after_operating_round(self, state: GameState) -> None:
        """3.3: after a short operating round the first stock round goes on."""
        if state.or_number == 0:
            self._start_stock_round(state, first=True)
            return
        super().after_operating_round(state)

    def must_own_train(self, state: GameState, company: Company) -> bool:
        """6.8.1: a floated corporation with a route must own a train at the end of its turn."""
        return (
            company.kind == "corporation"
            and not company.trains
            and not self.said_noroute(state, company)
            and bool(self.all_trains(state) or self.pool_trains(state))
        )

    def extra_dividend_lines(
        self, state: GameState, company: Company, per_share: int
    ) -> list[ReceiptLine]:
        units = company.holder_percent(INVESTOR) // 10
        if not units:
            return []
        return [
            ReceiptLine(
                INVESTOR,
                units,
                0,
                f"{self.money(units * per_share)} stays in the bank: not yet exchanged (4.5.2)",
            )
        ]

    def check_run(self, state: GameState, company: Company, cmd: c.Run) -> None:
        if cmd.mail is not None:
            raise Refusal("1847 AE has no mail run: every bonus is part of the revenue (6.7.1)")

    # ----------------------------------------------------------- trains
    def check_train_purchase(
        self, state: GameState, company: Company, cmd: c.BuyTrain, name: str
    ) -> None:
        if cmd.credit:
            raise Refusal("1847 AE has no trains on credit (3.2: no borrowing)")
        if (
            cmd.source is None
            and name in state.extra["bought_types"]  # type: ignore[operator]
            and self.one_train_per_type
            and not state.extra["variant"]
        ):
            raise Refusal(
                f"{company.id} already bought a new {name}-train this turn: one new train of "
                f"each type per turn (6.8)"
            )

    def may_buy_from_company(self, state: GameState, buyer: Company, seller: Company) -> None:
        if state.phase == "3":
            raise Refusal("trains change hands between corporations after the first 3+3 (6.8)")

    def cmd_train(self, state: GameState, cmd: c.BuyTrain) -> None:
        """``train``: 6.8; 4.3: the Saarbrücken Private Railway closes at Saar's first train."""
        super().cmd_train(state, cmd)
        spr = state.company("SPR")
        saar = state.company("Saar")
        if saar.trains and not spr.closed and spr.owner is not None:
            self._close_private(state, spr, "Saar bought its first train (4.3)")

    def before_president_pays(self, state: GameState, company: Company, short: str) -> None:
        """6.8.1: a corporation that can pay for a pool train buys that itself."""
        train = self._pool_train_it_can_pay(state, company)
        if train is not None:
            raise Refusal(
                f"{short}; it can buy the {self.train_pool_name}'s {train.name} itself (6.8.1)"
            )

    def game_train_counts(self, state: GameState) -> dict[str, int]:
        """The trains of each card in the game as set up, the optional cards included."""
        optional: list[str] = state.extra["optional_trains"]  # type: ignore[assignment]
        return {t: self.train_counts[t] + optional.count(t) for t in self.phases}

    def train_cards_json(self, state: GameState) -> dict[str, Any]:
        """The game's trains beside the cards the box holds for them (2, 3), with a warning
        when they are more: a card may stand for more than one train, so it is no refusal.

        The shipped 6+6 count, 9, is 1847 AE's as 18xx.games plays it (facts §7): more
        6+6 trains than the box has cards for, read as the last train being sold until
        the game ends by the bank (9).
        """
        optional = len(state.extra["optional_trains"])  # type: ignore[arg-type]
        cards = BOX_TRAIN_CARDS - OPTIONAL_CARDS + optional
        return self._cards_json(
            sum(self.game_train_counts(state).values()),
            cards,
            "coloured",
            f"2: {BOX_TRAIN_CARDS} train cards; 3: {OPTIONAL_CARDS} of them marked optional"
            + (", played" if optional else ", left out"),
            "2, 3",
        )

    def _cards_json(
        self, trains: int, cards: int, side: str, why: str, rule: str
    ) -> dict[str, Any]:
        warning = None
        if trains > cards:
            warning = (
                f"the game has {trains} trains, the box {cards} train cards with a {side} side "
                f"({why}): each card past that stands for more than one train ({rule})"
            )
        return {
            "trains": trains,
            "cards": cards,
            "box": BOX_TRAIN_CARDS,
            "side": side,
            "rule": rule,
            "warning": warning,
        }

    def phase_notes(self, phase: str) -> list[str]:
        notes = {
            "3+3": [
                "investor certificates may be exchanged (4.5.2)",
                "trains may be bought from other corporations (6.8)",
            ],
            "4": ["green tiles; quarries may be sold to railways (4.2)"],
            "5": ["brown tiles; Rammelsbach may earn 50 (4.2)"],
            "5+5": [
                "investor certificates are exchanged at the start of the next stock round (4.5.2)"
            ],
        }
        ors = self.ors_per_set[phase]
        return [
            *notes.get(phase, []),
            *self.closing_note(phase),
            f"{ors} operating round{'s' if ors > 1 else ''} a set from the next stock round",
        ]

    def phase_started(self, state: GameState, phase: str) -> None:
        if phase == "5+5":
            state.extra["force_exchange"] = "due"
        for pid in self.closings.get(phase, ()):
            private = state.ledger.companies.get(pid)
            if private is not None and not private.closed and private.owner is not None:
                # a game recorded before rules level 2 named the 1847 AE phase, as written
                name = phase if follows(state, f"{self.title}-6.5") else "6E"
                self._close_private(state, private, f"phase {name} begins (Phase Table)")

    def closing_note(self, phase: str) -> list[str]:
        """The Phase Table's privates closing as ``phase`` begins, in words."""
        closing = [
            p[1] for pid in self.closings.get(phase, ()) for p in self.privates if p[0] == pid
        ]
        if not closing:
            return []
        names = ", ".join(closing[:-1]) + " and " + closing[-1] if len(closing) > 1 else closing[0]
        return [f"{names} close{'s' if len(closing) == 1 else ''}"]

    # ----------------------------------------------------------- bankruptcy, end
    def before_bankruptcy(self, state: GameState) -> None:
        """6.8.1: no bankruptcy while the corporation can pay for a pool train itself.

        6.8.2: "If a Director has sold all possible shares but cannot raise the cash needed,
        the player is declared bankrupt."  So ``bankrupt`` first makes every sale still
        possible, Krauss & Co. last (:meth:`sell_more_before_bankruptcy`), and only then
        ends the game (9); a game saved before this fix (rules level 0) ends without the
        sales, as it was played (:meth:`bankrupt_sells`, :mod:`moderator.fixes`).
        """
        self._no_forced_purchase_with_a_pool_train(state)

    def bankrupt_sells(self, state: GameState) -> bool:
        """Rules level 0: the game ended without the sales (kept so old saves replay)."""
        return follows(state, "1847AE-6.8.2")

    def one_turn_forced_sales(self, state: GameState) -> bool:
        """6.8.2 with 8.2 (:attr:`forced_sales_one_turn`): the director's sales toward the
        forced purchase are one turn: one row down per corporation, all its shares at the
        price before that move.  A game saved before rules level 7 moved the marker, and
        sold at the price of the moment, for every ``sell`` line (:mod:`moderator.fixes`)."""
        return self.forced_sales_one_turn and follows(state, f"{self.title}-6.8.2-turn")

    def sell_more_before_bankruptcy(self, state: GameState, player: str) -> str | None:
        """4.1: Krauss & Co. goes to the pool as well, last (its price before the sale)."""
        lfk = self.krauss(state)
        if lfk is None or lfk.owner != player:
            return None
        words = f"Krauss & Co. at {self.money(state.price('LFK'))}"
        self._krauss_to_pool(state, player, "6.8.2")
        return words

    def has_more_to_sell(self, state: GameState, player: str) -> bool:
        lfk = self.krauss(state)
        return lfk is not None and lfk.owner == player

    def bank_broke_text(self, state: GameState) -> str:
        return (
            f"The bank has broken (9): it holds {self.money(state.bank_ran_out_at or 0)} "
            f"and keeps paying; the game ends after the operating rounds of this set."
        )

    def bank_note(self, state: GameState) -> str:
        return f"{super().bank_note(state)} (9)"

    def private_score(self, state: GameState, private: Company) -> tuple[int | None, str]:
        """9: certificates at their stock value; Krauss & Co. at its price (4.1).  The other
        privates have no stock value and add nothing (2, 9: "cash and certificates at
        market price"; the 18xx.games implementation counts their face value).  A private
        still held for its investor certificate (4.4: Main-Neckar, Saarland Coal, Völklingen)
        is no share either: the game can end before the exchange (4.5.2: voluntary from the
        first 3+3, compulsory only at the stock round after the 5+5), and 9 counts the
        certificates held, at stock value, not one a player might have had in exchange
        (a reading: the rules are silent on an unexchanged private at the end)."""
        if private.id == "LFK" and state.market.has("LFK"):
            return state.price("LFK"), "Krauss & Co. at its market price (4.1, 9)"
        target = self.investor_of.get(private.id)
        if target is not None:
            return None, f"not exchanged for its {target} investor share: no stock value (4.4, 9)"
        return None, "no stock value: only certificates at market price score (9)"

    def check_expect(self, state: GameState, cmd: c.Expect) -> None:
        """``expect P shares LFK 100``: Krauss & Co. is one 100% certificate (4.1);
        ``expect round SR`` holds from the start: the game begins with the first stock
        round (3.3), there is no setup to record."""
        if cmd.field == "round" and state.round_kind == "setup":
            if cmd.value.upper() != "SR":
                raise ExpectationFailed(f"expected round {cmd.value}, but it is SR")
            return
        if cmd.field == "shares" and cmd.corp and self.company_id(state, cmd.corp) == "LFK":
            krauss = state.company("LFK")
            held = 100 if krauss.owner == self.player_name(state, cmd.subject) else 0
            if held != int(cmd.value):
                raise ExpectationFailed(
                    f"expected {cmd.subject} shares LFK {cmd.value}, but it is {held}"
                )
            return
        super().check_expect(state, cmd)

    # ================================================================= views
    def company_json(self, state: GameState, entry: dict[str, Any]) -> None:
        cid = entry["id"]
        company = state.company(cid)
        if company.kind == "corporation":
            entry["floated"] = self.floated(state, cid)
            entry["par"] = self.charter(cid).par
            entry["investor"] = company.holder_percent(INVESTOR)
            entry["available"] = self.available(state, company) is None and (
                company.launched or bool(self.par_choices(state, company))
            )
        entry["cell"] = list(self.grid(state).cell(cid)) if state.market.has(cid) else None
        entry["range"] = list(self.quarry_range[cid]) if cid in self.quarry_range else None
        entry["investor_of"] = self.investor_of.get(cid)

    def title_json(self, state: GameState) -> dict[str, Any]:
        package = []
        for item in self.package_items:
            if item in self.package_share:
                cid, director = self.package_share[item]
                with_ = f"{cid} {'20% director' if director else '10%'} certificate"
            else:
                with_ = None
            owner = None
            if item not in self.package(state):
                if item == "PLP":
                    owner = next(
                        (x.holder for x in state.company("L").certificates if x.president), None
                    )
                    owner = owner if owner and state.ledger.is_player(owner) else "sold"
                else:
                    owner = state.company(item).owner or "sold"
            name = (
                "Ludwigsbahn director's certificate" if item == "PLP" else state.company(item).name
            )
            package.append(
                {
                    "item": item,
                    "name": name,
                    "price": self._item_price(item),
                    "with": with_,
                    "owner": owner,
                }
            )
        krauss = self.krauss(state)
        return {
            "package": package,
            "package_open": bool(self.package(state)),
            "krauss": None
            if krauss is None
            else {
                "owner": krauss.owner,
                "price": state.price("LFK") if state.market.has("LFK") else None,
                "paid_this_or": bool(state.extra["krauss_paid"]),
            },
            "first_stock_round": bool(state.extra["first_sr"]),
            "optional_trains": list(state.extra["optional_trains"]),  # type: ignore[call-overload]
            "train_cards": self.train_cards_json(state),
        }

    def title_candidates(self, state: GameState) -> list[c.Command]:
        out: list[c.Command] = []
        if state.round_kind in ("setup", "SR"):
            player = state.current_player or state.priority
            if player is None:
                return out
            for item in self.offered_items(state):
                out.append(c.Buy(player=player, corp=item))
            if not self.package(state) and self.krauss(state) is not None:
                out.append(c.Buy(player=player, corp="LFK", source="pool"))
                out.append(c.Sell(player=player, corp="LFK", count=1))
            if not self.package(state):
                for pid in self.investor_of:
                    out.append(c.Exchange(player=player, private=pid))
            out.extend(self.nationalisations(state, player))
            return out
        cid = state.operating
        if cid is None:
            return out
        for pid, (low, _) in self.quarry_range.items():
            private = state.company(pid)
            if private.owner and state.ledger.is_player(private.owner) and not private.closed:
                out.append(c.BuyPrivate(corp=cid, private=pid, price=low))
        out.append(c.Done(company=cid, noroute=True))
        return out
