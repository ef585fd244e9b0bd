"""1817 — parts 1, 2 and 4: the opening sale, IPOs, shares, loans and interest, operating
rounds; the merger and conversion round; shorts, the cash crisis and bankruptcy, the game
end and the score.

No rulebook text was found: every figure comes from ``shared/facts/1817.md``, and
refusals cite its sections (``facts §6``) or the rule number the facts quote (``R 6.8``).
After each operating round the merger and conversion round plays conversions and mergers
(:mod:`rulesets.merger_round`); shorts, covers, the cash crisis, bankruptcy and the end
after the 8-train are :mod:`rulesets.shorts`.  The acquisition round (part 3) is a later
step: its commands are refused by name, and the round is a pause the next round's first
line ends (:mod:`rulesets.later_rounds`).

Shared modules, each over its own tables here: :mod:`rulesets.unlimited` (the bank),
:mod:`rulesets.sale_results` (the opening sale by results with seed money),
:mod:`rulesets.ipo_result` (IPOs by result, acting for a corporation),
:mod:`rulesets.stations_owed` (the stations a new corporation owes),
:mod:`rulesets.sharecount` (2/5/10-share corporations, the stock round's end moves),
:mod:`rulesets.incremental_dividend` (dividends per share, the price by the amount paid
out), :mod:`rulesets.loans` (loans and the interest track), :mod:`rulesets.loan_turns`
(interest and paybacks in an operating turn), :mod:`rulesets.liquidation` (the zones and
the liquidation cell), :mod:`rulesets.zoned_row` (the market row), :mod:`rulesets.export`
(a train exported after each OR), :mod:`rulesets.obsolete_trains` (the 2+),
:mod:`rulesets.corp_privates` (mail income, the Mountain Engineers' bonus),
:mod:`rulesets.later_rounds` (the later steps' rounds and commands, refused by name),
:mod:`rulesets.merger_round` (conversions, mergers and what follows them),
:mod:`rulesets.shorts` (shorts, the cash crisis and bankruptcy, the game end).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import ExpectationFailed, Refusal
from moderator.ledger import Company, Ledger
from moderator.state import GameState
from rulesets.acquisition_round import ACQUISITION_RULES, AcquisitionRound
from rulesets.corp_privates import CorporationPrivates
from rulesets.engine import Engine
from rulesets.export import TrainExport
from rulesets.incremental_dividend import IncrementalDividend
from rulesets.ipo_result import IpoByResult
from rulesets.loan_turns import LoanTurns
from rulesets.obsolete_trains import ObsoleteTrains
from rulesets.sale_results import SaleByResult
from rulesets.sharecount import ShareCount, size_of
from rulesets.shorts import SHORT_RULES, ShortSelling
from rulesets.unlimited import UnlimitedBank
from rulesets.zoned_row import ZonedRow

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar

# --------------------------------------------------------------------- tables
MARKET = (0, 0, 0, 0, 40, 45, 50, 55, 60, 65, 70, 80, 90, 100, 110, 120)
MARKET += (135, 150, 165, 180, 200, 220, 245, 270, 300, 330, 360, 400, 440, 490, 540, 600)
"""The market row, columns 0-31 (facts §7)."""
ZONES = ("liquidation", "acquisition", "acquisition", "acquisition") + ("",) * 28
"""Each column's zone: the liquidation cell, three acquisition cells (facts §7)."""
PARS = (50, 55, 60, 65, 70, 80, 90, 100, 110, 120, 135, 150, 165, 180, 200)
"""The par (p) and safe par (s) cells; an IPO pars at any cell at or below half its bid
(facts §3, O1)."""
STARTING_CASH = {3: 420, 4: 315, 5: 252, 6: 210, 7: 180}
CERT_LIMIT = {3: 21, 4: 16, 5: 13, 6: 11, 7: 9}
"""Facts §0: the printed tables cover 3-7 players."""

CORPORATIONS: tuple[tuple[str, str], ...] = (
    ("AS", "Alton & Southern"),
    ("AA", "Arcade & Attica"),
    ("Belt", "Belt Railway of Chicago"),
    ("Bess", "Bessemer & Lake Erie"),
    ("BA", "Boston & Albany"),
    ("DLW", "Delaware, Lackawanna & Western"),
    ("J", "Elgin, Joliet & Eastern"),
    ("GT", "Grand Trunk Western"),
    ("H", "Housatonic"),
    ("ME", "Morristown & Erie"),
    ("NYOW", "New York, Ontario & Western"),
    ("NYSW", "New York, Susquehanna & Western"),
    ("PSNR", "Pittsburgh, Shawmut & Northern"),
    ("PLE", "Pittsburgh & Lake Erie"),
    ("PW", "Providence & Worcester"),
    ("R", "Rutland"),
    ("SR", "Strasburg"),
    ("UR", "Union Railroad"),
    ("WT", "Warren & Trumbull"),
    ("WC", "West Chester"),
)
"""Facts §2 (ids without ``&``)."""
PRIVATES: tuple[tuple[str, str, int], ...] = (
    ("MINC", "Minor Coal Mine", 30),
    ("OBC", "Ohio Bridge Company", 40),
    ("MTE", "Mountain Engineers", 40),
    ("PSM", "Pittsburgh Steel Mill", 40),
    ("CM", "Coal Mine", 60),
    ("MINM", "Minor Mail Contract", 60),
    ("TS", "Train Station", 80),
    ("UBC", "Union Bridge Company", 80),
    ("MAIL", "Mail Contract", 90),
    ("MAJC", "Major Coal Mine", 90),
    ("MAJM", "Major Mail Contract", 120),
)
"""Facts §1: P1-P11, no income to players."""
MAIL_INCOME = {"MINM": 10, "MAIL": 15, "MAJM": 20}
"""Paid to the owning corporation at each OR's start while it has a train (facts §1)."""
MTE_BONUS = 20
"""Mountain Engineers: the bank pays its corporation $20 after a yellow mountain tile."""

TRAIN_VARIANTS: dict[str, tuple[tuple[str, int], ...]] = {
    "2": (("2", 100),),
    "2+": (("2+", 100),),
    "3": (("3", 250),),
    "4": (("4", 400),),
    "5": (("5", 600),),
    "6": (("6", 750),),
    "7": (("7", 900),),
    "8": (("8", 1100),),
}
"""Facts §13."""
TRAIN_COUNTS = {"2": 40, "2+": 4, "3": 12, "4": 8, "5": 5, "6": 4, "7": 3, "8": 1}
"""The 8 is unlimited (refilled, :attr:`TrainDepot.unlimited_card`)."""
PHASES = ("2", "2+", "3", "4", "5", "6", "7", "8")
TRAIN_LIMIT = {"2": 4, "2+": 4, "3": 4, "4": 3, "5": 3, "6": 2, "7": 2, "8": 2}
SIZES = {
    "2": (2,),
    "2+": (2,),
    "3": (2, 5),
    "4": (5,),
    "5": (5, 10),
    "6": (10,),
    "7": (10,),
    "8": (10,),
}
"""The sizes a corporation may start at in each phase (facts §2)."""
RUST = {"4": ("2",), "6": ("3",), "8": ("4",)}
OBSOLETE = {"4": ("2+",)}
"""Facts §13: the 2+ are obsolete on the first 4: they run once more, then leave."""

RULE_NUMBERS = {
    "players": "facts §0, D2",
    "turn": "facts §4",
    "bankrupt": "facts §12",
    "bank_broken": "facts §0",
    "bank_runs_out": "facts §0, RDL 13.2",
    "all_passed": "facts §4",
    "priority": "facts §4, RDL 2.11",
    "rounds": "facts §8",
    "sold_then_buy": "facts §4",
    "hold_limit": "facts §0",
    "cert_limit": "facts §0",
    "buy_ipo": "facts §2",
    "buy_pool": "facts §2",
    "par": "facts §3",
    "par_cost": "facts §3",
    "sell": "facts §4",
    "pool_limit": "facts §0",
    "president_sale": "facts §4",
    "president_swap": "facts §4",
    "president_change": "facts §4",
    "one_sale": "facts §4",
    "over_cert_limit": "facts §0",
    "forced_sale": "facts §12",
    "corporation": "facts §2",
    "removed": "facts §1",
    "closed": "facts §11",
    "closed_or": "facts §11",
    "income": "facts §1",
    "order": "facts §7",
    "order_detail": "facts §7",
    "run_step": "facts §8, R 6.6",
    "forced_purchase": "facts §8, R 6.7: no forced purchase",
    "president_pays": "facts §8, R 6.7",
    "forced_cheapest": "facts §8",
    "spend": "facts §8",
    "spend_purpose": "facts §8",
    "dividend": "facts §8, R 6.6",
    "pool_dividend": "facts §8",
    "run": "facts §8",
    "train_step": "facts §8",
    "train_limit": "facts §13",
    "train_order": "facts §13",
    "train_buy": "facts §13",
    "train_trade": "facts §13, RDL 9.1",
    "discard": "facts §13",
    "phase_out": "facts §13",
    "phase_out_sale": "facts §13",
    "phases": "facts §13",
    "rust": "facts §13",
    "game_end": "facts §14",
    "export": "facts §8, R 6.11",
    "interest_rate": "facts §6",
    "loan": "facts §6",
    "payback": "facts §6, R 6.9",
    "interest": "facts §6, R 6.8",
    "half": "facts §8, RDL 8.4",
    "private_sale": "facts §1",
    "seed_money": "facts §1, RDL 1.4",
    "ipo": "facts §3",
    "stations": "facts §3, RDL 6.1",
    "liquidation": "facts §11",
    "no_train": "facts §8, R 6.10",
    "zones": "facts §7",
    "company_action": "facts §4, R 5.6",
    "mail": "facts §1",
    "bonus": "facts §1",
    "run_income": "facts §8",
    "sell_after": "facts §2, D1",
    "sizes": "facts §2",
    "merger": "facts §9, R 7.1",
    "convert": "facts §9, R 7.1.1",
    "merge": "facts §9, R 7.1.2, R 7.1.3",
    "after_conversion": "facts §9, R 7.1.4",
    "converted_stations": "facts §9, R 7.1.4",
    **SHORT_RULES,
    **ACQUISITION_RULES,
}
"""Where each mechanism's figures are in the facts (no rulebook text was found)."""
OPTIONS = ("short_squeeze", "five_shorts", "modern_trains", "volatility")
LATER: dict[str, str] = {}
"""Refused by name, with the section numbers of the rules' contents the facts quote: none
left since the fourth part (the acquisition round, shorts, the cash crisis and the end)."""


class G1817(
    ShortSelling,
    TrainExport,
    AcquisitionRound,
    UnlimitedBank,
    SaleByResult,
    IpoByResult,
    CorporationPrivates,
    ObsoleteTrains,
    LoanTurns,
    IncrementalDividend,
    ShareCount,
    Engine,
):
    """1817 with 3-7 players, its four parts: the money of the stock and operating rounds,
    the merger and conversion round, the acquisition round and liquidations, shorts, the
    cash crisis and the game end."""

    title: ClassVar[str] = "1817"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 7
    rule_numbers: ClassVar[dict[str, str]] = RULE_NUMBERS
    priority_last: ClassVar[str] = "the last to act, for himself or a corporation"  # facts §4
    train_variants: ClassVar[dict[str, tuple[tuple[str, int], ...]]] = TRAIN_VARIANTS
    card_phase: ClassVar[dict[str, str]] = {p: p for p in PHASES}
    phases: ClassVar[tuple[str, ...]] = PHASES
    train_limits: ClassVar[dict[str, int]] = TRAIN_LIMIT
    phase_out: ClassVar[dict[str, tuple[str, ...]]] = OBSOLETE
    rust: ClassVar[dict[str, tuple[str, ...]]] = RUST
    unlimited_card: ClassVar[str | None] = "8"
    excess_to_pool: ClassVar[bool] = True
    share_cap: ClassVar[int | None] = 60
    ipo_name: ClassVar[str] = "treasury"
    pool_name: ClassVar[str] = "market"
    seed_money: ClassVar[int] = 200
    sizes_by_phase: ClassVar[dict[str, tuple[int, ...]]] = SIZES
    station_cost: ClassVar[int] = 50
    stations_by_size: ClassVar[dict[int, int]] = {2: 1, 5: 2, 10: 4}
    extra_station_private: ClassVar[str | None] = "TS"
    bid_range: ClassVar[tuple[int, int]] = (100, 400)
    export_each_round: ClassVar[bool] = True
    costs_before_run: ClassVar[bool] = True  # facts §8: track (2.2) before the run (2.4)
    exported_together: ClassVar[tuple[str, ...]] = ("2",)
    corp_income: ClassVar[dict[str, int]] = MAIL_INCOME
    corp_bonus: ClassVar[dict[str, int]] = {"MTE": MTE_BONUS}
    zone_prices: ClassVar[dict[str, int]] = {"acquisition": 40}
    later_steps: ClassVar[dict[str, str]] = LATER
    later_rounds: ClassVar[str] = "merger and acquisition rounds"

    def __init__(self) -> None:
        super().__init__(
            aliases={
                **{f"P{i}": pid for i, (pid, _, _) in enumerate(PRIVATES, start=1)},
                "DLW": "DLW",
                "BELT": "Belt",
                "BESS": "Bess",
            }
        )

    # ================================================================= setup
    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """The option words of facts §15 after the players."""
        # each once (a save from before rules level 10 may write one twice)
        options = tuple(dict.fromkeys(w.lower() for w in words if w.lower() in OPTIONS))
        return [w for w in words if w.lower() not in OPTIONS], options

    def company_id(self, state: GameState, word: str) -> str:
        """Ids are case-insensitive (``belt``, ``BELT``: Belt)."""
        if word in state.ledger.companies:  # written as it is (no two ids differ by case)
            return word
        key = word.upper().replace("&", "").replace(" ", "")
        for cid in state.ledger.companies:
            if cid.upper() == key:
                return cid
        return super().company_id(state, word)

    def new_state(self, players: list[str], options: tuple[str, ...] = ()) -> GameState:
        n = len(players)
        if n not in STARTING_CASH:
            raise Refusal(f"1817 is played by 3 to 7 players ({self.r('players')})")
        if "volatility" in options:
            raise Refusal(
                "the Volatility expansion (13 more privates, a tiered auction) is not offered "
                "by moderator (facts §15)"
            )
        ledger = Ledger(bank=0, starting_total=0)
        for cid, name in CORPORATIONS:
            ledger.companies[cid] = Company(id=cid, name=name, kind="corporation")
        for pid, name, face in PRIVATES:
            ledger.companies[pid] = Company(id=pid, name=name, kind="private", value=face)
        self.seat_players(ledger, players, STARTING_CASH[n], "starting cash (facts §0)", {"market"})
        state = GameState(
            title=self.title,
            ledger=ledger,
            market=ZonedRow(values=MARKET, pars=PARS, floor=1, zones=ZONES),
            phase="2",
            priority=players[0],
        )
        state.extra["options"] = list(options)
        state.extra["pool_trains"] = []
        for card, count in TRAIN_COUNTS.items():
            for _ in range(count):
                state.depot.append(self._new_train(state, card, ""))
        self.open_sale(state)
        ledger.events.clear()
        return state

    def cert_limit(self, state: GameState) -> int:
        """Facts §0, read again for the players left."""
        return CERT_LIMIT[max(3, len(self.active_players(state)))]

    def cert_count(self, state: GameState, player: str) -> int:
        """Certificates of corporations only: privates do not count (facts §0, O2)."""
        total = 0
        for co in state.ledger.companies.values():  # plain loops: asked after every turn
            if co.kind == "corporation" and not co.closed:
                for cert in co.certificates:
                    if cert.holder == player:
                        total += 1
        return total

    # ================================================================= hooks
    def max_loans(self, state: GameState, company: Company) -> int:
        """One loan per share (facts §6)."""
        return size_of(company)

    def phase_notes(self, phase: str) -> list[str]:
        words = [f"corporations start with {' or '.join(map(str, SIZES[phase]))} shares"]
        if phase == "8":
            words.append("no new shorts; the game end is signalled")  # facts §13, the 8 row
        return words

    def title_candidates(self, state: GameState) -> list[c.Command]:
        """The sale's results, IPOs, loans; in an operating turn loans, interest, paybacks."""
        if state.round_kind != "OR":
            return self.sale_candidates(state) + self.stock_candidates(state)
        cid = state.operating
        if cid is None:
            return []
        loans = [c.Loan(corp=cid), c.Interest(corp=cid), c.Payback(corp=cid)]
        return [*loans, *self.bonus_candidates(state, cid)]

    def cmd_buyprivate(self, state: GameState, cmd: c.BuyPrivate) -> None:
        """The contract's every-title ``buyprivate``, refused naming facts §1 (audit)."""
        raise Refusal(
            "in 1817 privates are never sold to corporations: a private enters one only when "
            "contributed at its IPO, at face (`ipo ... PRIVATE`; facts §1, §3)"
        )

    def cmd_trade(self, state: GameState, cmd: c.Trade) -> None:
        """Privates are not traded between players (facts §1)."""
        raise Refusal("in 1817 privates are never traded between players (facts §1)")

    # ================================================================= views and checks
    def private_score(self, state: GameState, private: Company) -> tuple[int | None, str]:
        return private.value, "a private a player holds scores its face (facts §14)"

    def check_expect(self, state: GameState, cmd: c.Expect) -> None:
        if self.check_loan_expect(state, cmd):
            return
        if cmd.field in ("size", "stations", "shorts"):
            if cmd.field == "shorts":
                name = self.player_name(state, cmd.subject)
                cid = self.company_id(state, cmd.corp or "")
                label, actual = f"{name} shorts {cid}", self.shorts_of(state, name, cid)
            else:
                cid = self.company_id(state, cmd.subject)
                label = f"{cid} {cmd.field}"
                actual = (
                    size_of(state.company(cid))
                    if cmd.field == "size"
                    else self.stations_of(state, cid)
                )
            if actual != int(cmd.value):
                raise ExpectationFailed(f"expected {label} {cmd.value}, but it is {actual}")
            return
        super().check_expect(state, cmd)

    def market_cell(self, state: GameState, cid: str) -> str:
        """``expect CORP cell 0 COL``: the one row's column as facts §7 numbers it (0-31),
        so a script tells the three $0 acquisition cells apart (the next move starts
        from the column, not the price)."""
        market = state.market
        assert isinstance(market, ZonedRow)
        return f"0 {market.position[cid]}" if market.has(cid) else "none"

    def title_json(self, state: GameState) -> dict[str, Any]:
        return {
            "interest": self.loans_json(state),
            "seed_money": self.sale(state)["seed"],
            "sizes": list(SIZES[state.phase]),
            "merger_round": bool(state.extra.get("ma_round")),
            "merger": self.merger_json(state),
            "acquisition": self.acquisition_json(state),
            "crisis": self.crisis_json(state),
        }

    def crisis_json(self, state: GameState) -> dict[str, Any] | None:
        """The state JSON's ``crisis``: the player in a cash crisis, his cash, what his
        crisis sales could raise and whether ``bankrupt`` is his line (facts §12: when
        they cannot clear the debt); ``None`` outside a crisis."""
        who = self.crisis_player(state)
        if who is None:
            return None
        cash = state.ledger.player(who).cash
        could = sum(
            self.sellable(state, who, co) * state.price(co.id)
            for co in state.ledger.corporations()
            if self.sellable(state, who, co)
        )
        return {"player": who, "cash": cash, "may_raise": could, "bankrupt": cash + could < 0}

    def company_json(self, state: GameState, entry: dict[str, Any]) -> None:
        if entry["kind"] != "corporation":
            return
        cid = entry["id"]
        entry["loans"] = self.loans_of(state, cid)
        entry["size"] = size_of(state.company(cid))
        entry["stations"] = self.stations_of(state, cid)
        entry["stations_owed"] = self.stations_owed(state, cid) + self.merger_due(state, cid)
        entry["interest_due"] = self.interest_due(state, cid)
        entry["zone"] = self.zone(state, cid)

    def state_json(self, state: GameState) -> dict[str, Any]:
        data = super().state_json(state)
        book = self.short_book(state) if state.extra.get("shorts") else {}
        for player in data["players"]:
            player["shorts"] = dict(book.get(player["name"], {}))
        return data
