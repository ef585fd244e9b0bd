"""1817 — part 1: the opening sale, IPOs, shares, loans and interest, operating rounds.

No rulebook text was found: every figure comes from ``shared/facts/1817.md``, and
refusals cite its sections (``facts §6``) or the rule number the facts quote (``R 6.8``).
The merger and conversion round, shorts, acquisitions, the cash crisis and the game end
are later steps: their commands are refused by name (:meth:`G1817.cmd_later`), and a
set of operating rounds goes straight on to the next operating or stock round.

Shared modules: :mod:`rulesets.unlimited` (the bank), :mod:`rulesets.sale_results` (the
opening sale by results with seed money), :mod:`rulesets.loans` (loans and the interest
track), :mod:`rulesets.sharecount` (2/5/10-share corporations and their dividends),
:mod:`rulesets.zoned_row` (the market row with its zones), :mod:`rulesets.ipo_result`
(IPOs by result, stations, acting for a corporation in a stock round),
:mod:`rulesets.loan_turns` (interest, paybacks and liquidation in an operating turn).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import ExpectationFailed, Refusal
from moderator.events import CompanyClosed
from moderator.ledger import BANK, POOL, SCRAP, Company, Ledger, Player
from moderator.state import GameState
from rulesets.base import Receipt
from rulesets.engine import Engine
from rulesets.ipo_result import IpoByResult
from rulesets.loan_turns import LoanTurns
from rulesets.sale_results import SaleByResult
from rulesets.sharecount import ShareCount, share_unit, size_of
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
    "turn": "facts §4",
    "bankrupt": "facts §12",
    "bank_broken": "facts §0",
    "bank_runs_out": "facts §0, RDL 13.2",
    "all_passed": "facts §4",
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
    "sell_after": "facts §2, D1",
    "sizes": "facts §2",
}
"""Where each mechanism's figures are in the facts (no rulebook text was found)."""
OPTIONS = ("short_squeeze", "five_shorts", "modern_trains", "volatility")
LATER = {
    "short": "short selling (facts §5)",
    "cover": "short selling (facts §5): with no short to cover, `buy` buys the share",
    "convert": "the merger and conversion round (facts §9)",
    "merge": "the merger and conversion round (facts §9)",
    "acquire": "the acquisition round (facts §10)",
    "liquidate": "the acquisition round (facts §10, §11)",
}


class G1817(UnlimitedBank, SaleByResult, IpoByResult, LoanTurns, ShareCount, Engine):
    """1817 with 3-7 players, part 1 (the money of the stock and operating rounds)."""

    title: ClassVar[str] = "1817"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 7
    rule_numbers: ClassVar[dict[str, str]] = RULE_NUMBERS
    train_variants: ClassVar[dict[str, tuple[tuple[str, int], ...]]] = TRAIN_VARIANTS
    card_phase: ClassVar[dict[str, str]] = {p: p for p in PHASES}
    phases: ClassVar[tuple[str, ...]] = PHASES
    train_limits: ClassVar[dict[str, int]] = TRAIN_LIMIT
    phase_out: ClassVar[dict[str, tuple[str, ...]]] = OBSOLETE
    rust: ClassVar[dict[str, tuple[str, ...]]] = RUST
    unlimited_card: ClassVar[str | None] = "8"
    excess_to_pool: ClassVar[bool] = True
    max_holding: ClassVar[int | None] = None
    """60% of a 5- or 10-share corporation (:meth:`check_buy`); a 2-share one's single
    certificate is 100% (facts §0)."""
    ipo_name: ClassVar[str] = "treasury"
    pool_name: ClassVar[str] = "market"
    seed_money: ClassVar[int] = 200
    sizes_by_phase: ClassVar[dict[str, tuple[int, ...]]] = SIZES
    station_cost: ClassVar[int] = 50
    stations_by_size: ClassVar[dict[int, int]] = {2: 1, 5: 2, 10: 4}
    extra_station_private: ClassVar[str | None] = "TS"
    bid_range: ClassVar[tuple[int, int]] = (100, 400)

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
        options = tuple(w.lower() for w in words if w.lower() in OPTIONS)
        return [w for w in words if w.lower() not in OPTIONS], options

    def company_id(self, state: GameState, word: str) -> str:
        """Ids are case-insensitive (``belt``, ``BELT``: Belt)."""
        if word in state.ledger.companies:  # as written: no two ids differ by case alone
            return word
        key = word.upper().replace("&", "").replace(" ", "")
        for cid in state.ledger.companies:
            if cid.upper() == key:
                return cid
        return super().company_id(state, word)

    def new_state(self, players: list[str], options: tuple[str, ...] = ()) -> GameState:
        n = len(players)
        if n not in STARTING_CASH:
            raise Refusal("1817 is played by 3 to 7 players (facts §0, D2)")
        if "volatility" in options:
            raise Refusal(
                "the Volatility expansion (13 more privates, a tiered auction) is part of a "
                "later step of moderator's 1817 (facts §15)"
            )
        ledger = Ledger(bank=0, starting_total=0)
        for cid, name in CORPORATIONS:
            ledger.companies[cid] = Company(id=cid, name=name, kind="corporation")
        for pid, name, face in PRIVATES:
            ledger.companies[pid] = Company(id=pid, name=name, kind="private", value=face)
        taken = {cid.lower() for cid in ledger.companies} | {BANK, POOL, SCRAP, "market"}
        for name in players:
            if name.lower() in taken:
                raise Refusal(f"a player may not be called {name!r}: it names a company or account")
            taken.add(name.lower())
            ledger.players.append(Player(name=name))
            ledger.transfer(BANK, name, STARTING_CASH[n], "starting cash (facts §0)")
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

    def _can_move(self, state: GameState, player: str) -> bool:
        """An IPO to open or a corporation to act for, asked first (the cheap answer)."""
        return self.other_purchase_possible(state, player) or super()._can_move(state, player)

    def par_choices(self, state: GameState, company: Company) -> tuple[int, ...]:
        """No `par` in 1817: corporations start by IPO auction (facts §3)."""
        return ()

    def cmd_par(self, state: GameState, cmd: c.Par) -> None:
        raise Refusal(
            "1817 starts a corporation by an IPO auction: write its result "
            "`ipo PLAYER CORP PRICE SIZE [PRIVATE...] [by NOMINATOR]` (facts §3)"
        )

    def cmd_later(self, state: GameState, cmd: c.Later) -> None:
        """Commands of the later steps, refused by name."""
        what = LATER.get(cmd.verb, cmd.verb)
        raise Refusal(
            f"`{cmd.verb}` belongs to {what}, part of a later step of moderator's 1817: "
            f"not played yet"
        )

    # ================================================================= stock round
    def stock_round_started(self, state: GameState) -> None:
        """Outside an operating round the rate follows the loans out (facts §6)."""
        self.release_rate(state)
        super().stock_round_started(state)

    def may_sell(self, state: GameState, player: str, company: Company) -> str | None:
        """Not in its IPO round, not in the zones, not in a turn acting for a corporation."""
        ipo_round = self.ipo_rounds(state).get(company.id)
        if ipo_round == state.round_number and state.round_kind == "SR":
            return (
                f"{company.id} was started in this stock round: its shares may be sold from "
                f"the next one ({self.r('sell_after')})"
            )
        zone = self.zone(state, company.id)
        if zone:
            return (
                f"{company.id} is in the {zone} zone: its shares are not sold ({self.r('zones')})"
            )
        return self.acting_for_refusal(state, player)

    def check_buy(self, state: GameState, player: str, company: Company, source: str) -> str | None:
        zone = self.zone(state, company.id)
        if zone:
            return (
                f"{company.id} is in the {zone} zone: its shares are not bought ({self.r('zones')})"
            )
        if company.launched and company.holder_percent(player) + share_unit(company) > 60:
            return f"{player} would hold more than 60% of {company.id} ({self.r('hold_limit')})"
        return super().check_buy(state, player, company, source)

    def stock_round_end_moves(self, state: GameState) -> None:
        """Sold out right 1, then left 1 per market share; unbought stations liquidate;
        the Train Station private closes in a corporation (facts §4)."""
        market = state.linear()
        corps = [co.id for co in state.ledger.corporations() if co.launched]
        for cid in market.order(corps):
            if self.in_liquidation(state, cid):
                continue
            co = state.company(cid)
            held = sum(self.shares(co, p.name) for p in state.ledger.players)
            if size_of(co) > 2 and held >= size_of(co):
                state.move_price(cid, 1, f"players hold every share ({self.r('turn')})")
            pool = self.shares(co, POOL)
            if pool:
                state.move_price(cid, -pool, f"{pool} share(s) in the market ({self.r('turn')})")
        for cid in corps:
            co = state.company(cid)
            if (
                self.stations_owed(state, cid)
                and not co.operated
                and not self.in_liquidation(state, cid)
            ):
                self.liquidate(state, co, "its stations were not bought in its IPO stock round")
        ts = state.ledger.companies.get("TS")
        if ts and not ts.closed and ts.owner in state.ledger.companies:
            ts.closed = True
            state.ledger.events.append(
                CompanyClosed(company="TS", reason=f"its station placed ({self.r('stations')})")
            )

    # ================================================================= operating round
    def operating_candidates(self, state: GameState) -> list[str]:
        """Price order; the liquidation cell does not operate (facts §7)."""
        corps = [
            co.id
            for co in state.ledger.corporations()
            if co.launched and co.id not in state.operated
        ]
        market = state.linear()
        zones, position = market.zones, market.position  # type: ignore[attr-defined]
        return [cid for cid in market.order(corps) if zones[position[cid]] != "liquidation"]

    def operating_round_started(self, state: GameState) -> None:
        """The rate is fixed; mail contracts pay corporations that have a train."""
        self.fix_rate(state)
        for pid, amount in MAIL_INCOME.items():
            private = state.ledger.companies[pid]
            owner = state.ledger.companies.get(private.owner or "")
            if private.closed or owner is None:
                continue
            if owner.trains:
                self.bank_pays(state, owner.id, amount, f"{pid} income ({self.r('mail')})")
            else:
                self.note(
                    state, f"{pid} pays {owner.id} nothing: it has no train ({self.r('mail')})"
                )

    def counted_trains(self, company: Company) -> int:
        """Obsolete trains still count for the limit (facts §13)."""
        return len(company.trains)

    def max_loans(self, state: GameState, company: Company) -> int:
        """One loan per share (facts §6)."""
        return size_of(company)

    def after_loan(self, state: GameState, company: Company) -> None:
        self.buy_stations(state, company)

    def after_operating_round(self, state: GameState) -> None:
        """The next train is exported (all the 2s while they are next), starting its
        phase as a purchase would (facts §8, R 6.11)."""
        rule = self.r("export")
        if state.depot:
            card = state.depot[0].card
            gone = [t for t in state.depot if t.card == card] if card == "2" else [state.depot[0]]
            for train in gone:
                state.depot.remove(train)
            self.note(
                state, f"{len(gone)} {card}-train{'s' if len(gone) > 1 else ''} exported ({rule})"
            )
            if card == self.unlimited_card:
                state.depot.append(self._new_train(state, card, ""))
            if self.phases.index(card) > self.phases.index(state.phase):
                self._set_phase(state, card, f"the first {card}-train was exported ({rule})")
        if state.extra.get("done_ends_or") and any(
            co.launched for co in state.ledger.corporations()
        ):
            # the merger and acquisition rounds follow (facts §8): a later step, with nothing
            # to do yet; the OR's rate holds, the next round (its mail income) waits for a line
            state.extra["ma_round"] = True
            self.note(
                state,
                f"merger and acquisition rounds {state.round_number}.{state.or_number}: part of "
                f"a later step of moderator's 1817; the next round begins with its first line",
            )
            return
        super().after_operating_round(state)

    def cmd_done(self, state: GameState, cmd: c.Done) -> None:
        """``done``: a round ended by it pauses for the merger and acquisition rounds (a
        line of another round passes through them at once)."""
        state.extra["done_ends_or"] = True
        try:
            super().cmd_done(state, cmd)
        finally:
            state.extra.pop("done_ends_or", None)

    def apply(self, state: GameState, cmd: c.Command) -> Receipt | None:
        """A line after an operating round's merger and acquisition rounds begins the next
        round (checks and notes do not: the rate stays the one of the OR just played)."""
        if state.extra.get("ma_round") and not isinstance(cmd, c.Expect | c.Note):
            self.leave_ma_round(state)
        return super().apply(state, cmd)

    def leave_ma_round(self, state: GameState) -> None:
        """The next operating round or stock round begins."""
        state.extra["ma_round"] = False
        super().after_operating_round(state)

    def candidates(self, state: GameState) -> list[c.Command]:
        """Between rounds: what the next round offers (any line begins it); over the limit,
        obsolete trains may be given up too."""
        if state.extra.get("ma_round"):
            trial = state.clone()
            self.leave_ma_round(trial)
            return self.candidates(trial)
        out = super().candidates(state)
        for co in self.over_limit(state):
            for name in dict.fromkeys(t.name for t in co.trains if t.phased_out):
                out.append(c.Discard(corp=co.id, train=name))
        return out

    def cmd_discard(self, state: GameState, cmd: c.Discard) -> None:
        """Over the limit an obsolete train, which counts toward it, may be the one given
        up: it leaves the game (facts §13)."""
        company = self.corp(state, cmd.corp)
        name = cmd.train.upper()
        trains = [t for t in company.trains if t.name == name]
        over = self.counted_trains(company) > self.train_limit(state)
        if over and trains and all(t.phased_out for t in trains):
            rule = self.r("discard")
            self._scrap_trains(
                state, company, trains[:1], f"obsolete, given up over the limit ({rule})"
            )
            return
        super().cmd_discard(state, cmd)

    def next_actor(self, state: GameState) -> str | None:
        if state.extra.get("ma_round"):
            trial = state.clone()
            self.leave_ma_round(trial)
            return super().next_actor(trial)
        return super().next_actor(state)

    def phase_notes(self, phase: str) -> list[str]:
        words = [f"corporations start with {' or '.join(map(str, SIZES[phase]))} shares"]
        if phase == "8":
            words.append("no new shorts; the game end is signalled (facts §14, a later step)")
        return words

    def after_run(self, state: GameState, company: Company, plan: Receipt) -> None:
        """Obsolete trains leave once they have run (facts §13)."""
        gone = [t for t in company.trains if t.phased_out]
        self._scrap_trains(state, company, gone, f"obsolete, ran its last ({self.r('phase_out')})")

    def price_move(self, state: GameState, company: Company, paid: int) -> tuple[int, str]:
        """By the amount paid out: none left 1, at least the price right 1, twice right 2;
        the acquisition zone counts as $40 (facts §8, R 6.6)."""
        price = 40 if self.zone(state, company.id) == "acquisition" else state.price(company.id)
        rule = self.r("dividend")
        if paid == 0:
            return -1, f"nothing paid out: left 1 ({rule})"
        if paid >= 2 * price:
            return 2, f"{self.money(paid)} paid out, at least twice {self.money(price)} ({rule})"
        if paid >= price:
            return 1, f"{self.money(paid)} paid out, at least {self.money(price)} ({rule})"
        return 0, f"{self.money(paid)} paid out, under {self.money(price)} ({rule})"

    def cmd_bonus(self, state: GameState, cmd: c.Bonus) -> None:
        """``bonus CORP MTE``: $20 from the bank after a yellow mountain tile (facts §1)."""
        company = self.operating_company(state, cmd.corp)
        rule = self.r("bonus")
        private = state.company(self.company_id(state, cmd.private))
        if private.id != "MTE":
            raise Refusal(f"{private.id} pays no bonus; the Mountain Engineers (MTE) do ({rule})")
        if private.owner != company.id or private.closed:
            raise Refusal(f"{company.id} does not own the Mountain Engineers ({rule})")
        if cmd.amount not in (None, MTE_BONUS):
            raise Refusal(f"the Mountain Engineers pay {self.money(MTE_BONUS)} ({rule})")
        self.bank_pays(state, company.id, MTE_BONUS, f"Mountain Engineers bonus ({rule})")

    def title_candidates(self, state: GameState) -> list[c.Command]:
        """The sale's results, IPOs, loans; in an operating turn loans, interest, paybacks."""
        if state.round_kind != "OR":
            return self.sale_candidates(state) + self.stock_candidates(state)
        cid = state.operating
        if cid is None:
            return []
        out: list[c.Command] = [c.Loan(corp=cid), c.Interest(corp=cid), c.Payback(corp=cid)]
        if state.ledger.companies["MTE"].owner == cid:
            out.append(c.Bonus(corp=cid, private="MTE"))
        return out

    # ================================================================= views and checks
    def private_score(self, state: GameState, private: Company) -> tuple[int | None, str]:
        return private.value, "a private a player holds scores its face (facts §14)"

    def check_expect(self, state: GameState, cmd: c.Expect) -> None:
        if self.check_loan_expect(state, cmd):
            return
        if cmd.field in ("size", "stations", "shorts"):
            if cmd.field == "shorts":
                label, actual = f"{cmd.subject} shorts {cmd.corp}", 0
                self.player_name(state, cmd.subject)
                self.company_id(state, cmd.corp or "")
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

    def title_json(self, state: GameState) -> dict[str, Any]:
        return {
            "interest": self.loans_json(state),
            "seed_money": self.sale(state)["seed"],
            "sizes": list(SIZES[state.phase]),
            "merger_round": bool(state.extra.get("ma_round")),
        }

    def company_json(self, state: GameState, entry: dict[str, Any]) -> None:
        if entry["kind"] != "corporation":
            return
        cid = entry["id"]
        entry["loans"] = self.loans_of(state, cid)
        entry["size"] = size_of(state.company(cid))
        entry["stations"] = self.stations_of(state, cid)
        entry["stations_owed"] = self.stations_owed(state, cid)
        entry["interest_due"] = self.interest_due(state, cid)
        entry["zone"] = self.zone(state, cid)

    def state_json(self, state: GameState) -> dict[str, Any]:
        data = super().state_json(state)
        for player in data["players"]:
            player["shorts"] = {}
        return data
