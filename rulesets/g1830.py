"""1830 (Railways & Robber Barons): the Avalon Hill rulebook's tables and its exceptions.

Rule numbers are those of the Avalon Hill "1830 Rules of Play" (sections 1.0-25.0, Tables
1-8); component numbers come from ``shared/facts/1830.md``, whose §12 lists where the
public implementation reads the rules otherwise.  The shared engine plays the rest: the
opening sale of the privates (:mod:`rulesets.auction`, 7.0-7.3), privates sold between
players (:mod:`rulesets.private_trade`, 23.1), stock turns buying and selling in either
order (:mod:`rulesets.stock`, 4.0), full capitalisation
(:mod:`rulesets.capital`, 8.1, 11.0), the 2-D market (:mod:`rulesets.grid`, 8.2), the D
trade-in (:mod:`rulesets.trains`, 21.0) and a bankrupt president's sales
(:mod:`rulesets.operating`, 24.0).  Where the rules are silent, the reading a banker
expects is written beside the code (and in ``docs/script.md``).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, ClassVar

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import Noted, PresidentChanged, PrivateMoved
from moderator.ledger import BANK, POOL, SCRAP, Certificate, Company, Ledger, Player
from moderator.market import GridMarket
from moderator.state import GameState
from rulesets.auction import PrivateAuction
from rulesets.base import ScoreItem
from rulesets.capital import FullCapitalisation
from rulesets.engine import Engine
from rulesets.grid import GridRules
from rulesets.private_trade import PrivateTrades

# --------------------------------------------------------------------- tables
_MARKET = """
60y 67 71 76 82 90 100p 112 126 142 160 180 200 225 250 275 300 325 350
53y 60y 66 70 76 82 90p 100 112 126 142 160 180 200 220 240 260 280 300
46y 55y 60y 65 70 76 82p 90 100 111 125 140 155 170 185 200
39o 48y 54y 60y 66 71 76p 82 90 100 110 120 130
32o 41o 48y 55y 62 67 71p 76 82 90 100
25b 34o 42o 50y 58y 65 67p 71 75 80
18b 27b 36o 45o 54y 63 67 69 70
10b 20b 30b 40o 50y 60y 67 68
- 10b 20b 30b 40o 50y 60y
- - 10b 20b 30b 40o 50y
- - - 10b 20b 30b 40o
"""
"""The stock market (facts §4), row 0 at the top: ``y`` yellow, ``o`` orange, ``b`` brown
(10.0), ``p`` a red-edged par space (8.1), ``-`` no space."""
_SPACES = [line.split() for line in _MARKET.strip().splitlines()]
GRID = tuple(tuple(None if w == "-" else int(w.rstrip("yobp")) for w in r) for r in _SPACES)
ZONES = tuple("".join(w[-1] if w[-1] in "yob" else "." for w in r) for r in _SPACES)
PAR_CELL = {
    GRID[r][c]: (r, c)
    for r, row in enumerate(_SPACES)
    for c, w in enumerate(row)
    if w.endswith("p")
}
"""8.1: the par prices, 67 to 100, each on its red-edged space."""

CORPORATIONS = (
    ("PRR", "Pennsylvania"),
    ("NYC", "New York Central"),
    ("CPR", "Canadian Pacific"),
    ("BO", "Baltimore & Ohio"),
    ("CO", "Chesapeake & Ohio"),
    ("ERIE", "Erie"),
    ("NYNH", "New York, New Haven & Hartford"),
    ("BM", "Boston & Maine"),
)
"""Table 2; each has a 20% president's certificate and eight 10% ones (8.0)."""
PRIVATES = (
    ("SV", "Schuylkill Valley", 20, 5),
    ("CS", "Champlain & St. Lawrence", 40, 10),
    ("DH", "Delaware & Hudson", 70, 15),
    ("MH", "Mohawk & Hudson", 110, 20),
    ("CA", "Camden & Amboy", 160, 25),
    ("BOP", "Baltimore & Ohio private", 220, 30),
)
"""Table 1: id, name, face value, revenue.  ``BOP`` is the private, ``BO`` the railroad."""
BANK_TOTAL = 12_000
"""Table 8; the players' $2,400 comes out of it (2.0)."""
PLAYERS_CASH = 2_400
CERT_LIMIT = {2: 28, 3: 20, 4: 16, 5: 13, 6: 11}
"""Table 3; privates count (its note), the yellow zone does not (10.0).  Two players: 28,
and $1,200 each by 2.0's equal shares (facts D3)."""
HOLDING_LIMIT = 5
"""10.0: certificates of one corporation a player may hold, outside orange and brown: 60%
for a president, 50% for anyone else (10.0 counts certificates: facts D6)."""
TRAINS = {"2": 80, "3": 180, "4": 300, "5": 450, "6": 630, "D": 1100}
COUNTS = {"2": 6, "3": 5, "4": 4, "5": 3, "6": 2, "D": 6}
"""Table 4: six Ds (facts D4; the option ``sixes3`` adds a third 6)."""
PHASES = ("2", "3", "4", "5", "6", "D")
TRAIN_LIMIT = {"2": 4, "3": 4, "4": 3, "5": 2, "6": 2, "D": 2}
"""21.0: four trains, three from the first 4, two from the first 5."""
RUST = {"4": ("2",), "6": ("3",), "D": ("4",)}
"""22.0, Table 4 notes 2, 4, 5: trains taken out of play."""
ORS_PER_SET = {"2": 1, "3": 2, "4": 2, "5": 3, "6": 3, "D": 3}
"""22.0: two operating rounds from the stock round after the first 3, three after the 5."""
OPTIONS = ("brownpool", "sixes3")

RULE_NUMBERS = {
    "removed": "2.0",
    "rounds": "3.0",
    **dict.fromkeys(("turn", "all_passed", "sold_then_buy"), "4.0"),
    "sale_first": "7.0",
    "sale_buy": "7.1",
    "sale_bid": "7.2",
    "sale_unsold": "7.3",
    "corporation": "8.0",
    "float": "8.0, 11.0",
    **dict.fromkeys(("par", "par_cost"), "8.1"),
    **dict.fromkeys(("buy_ipo", "buy_pool", "dividend_move", "sale_move", "sold_out"), "8.2"),
    **dict.fromkeys(("hold_limit", "over_cert_limit"), "10.0"),
    "cert_limit": "10.0, Table 3",
    "capital": "11.0",
    **dict.fromkeys(("sell", "pool_limit", "president_sale", "one_sale"), "12.0"),
    **dict.fromkeys(("president_swap", "president_change"), "13.0"),
    **dict.fromkeys(("income", "order", "order_detail"), "16.0"),
    **dict.fromkeys(("run_step", "spend", "train_step"), "17.0"),
    "spend_purpose": "18.0, 19.0",
    "forced_purchase": "20.2",
    **dict.fromkeys(("dividend", "pool_dividend", "run"), "20.3"),
    **dict.fromkeys(("train_limit", "train_order", "train_buy", "train_trade"), "21.0"),
    **dict.fromkeys(("trade_in", "discard", "phase_out_sale"), "21.0"),
    **dict.fromkeys(("phase_out", "phases", "rust"), "22.0"),
    "private_trade": "23.1",
    **dict.fromkeys(("closed", "closed_or"), "23.2"),
    **dict.fromkeys(("bankrupt", "forced_sale", "president_pays", "forced_cheapest"), "24.0"),
    **dict.fromkeys(("bank_broken", "bank_runs_out", "game_end"), "25.0"),
}
"""The Avalon Hill rule of each shared mechanism."""


class G1830(PrivateAuction, PrivateTrades, FullCapitalisation, GridRules, Engine):
    """1830 for 2-6 players; options ``brownpool`` and ``sixes3``."""

    title: ClassVar[str] = "1830"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    rule_numbers: ClassVar[dict[str, str]] = RULE_NUMBERS
    train_variants: ClassVar[dict[str, tuple[tuple[str, int], ...]]] = {
        t: ((t, p),) for t, p in TRAINS.items()
    }
    card_phase: ClassVar[dict[str, str]] = {t: t for t in PHASES}
    phases: ClassVar[tuple[str, ...]] = PHASES
    train_limits: ClassVar[dict[str, int]] = TRAIN_LIMIT
    rust: ClassVar[dict[str, tuple[str, ...]]] = RUST
    available_beside: ClassVar[dict[str, str]] = {"D": "6"}  # 21.0
    trade_in: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = {"D": (("4", "5", "6"), 300)}
    returned_from_pool: ClassVar[bool] = True  # 21.0: given back, sold again at face value
    pool_pays_company: ClassVar[bool] = True  # 20.3
    ipo_pays_company: ClassVar[bool] = False  # 20.3: nothing is paid for unsold stock
    payout_kinds: ClassVar[tuple[str, ...]] = ("full", "withhold")  # 20.3: no half pay
    route_excuses_train: ClassVar[bool] = True  # 20.2: "unless there is no route"
    president_pays_other_company: ClassVar[bool] = True  # 24.0(2), (4)
    sell_after_buy: ClassVar[bool] = True  # 4.0: "in either order", so also the one just
    # bought (only buying after a sale is barred: facts D13)
    pool_limit: ClassVar[int] = 50  # 13.0: never above 50% in the pool (12.0(2): facts D14)
    one_sale_per_turn: ClassVar[bool] = False  # 8.2: one row per 10% sold
    down_per_share: ClassVar[bool] = True  # 8.2, 15.0
    ipo_name: ClassVar[str] = "initial offering"
    pool_name: ClassVar[str] = "bank pool"
    # 25.0's bank "runs out" once it holds $0 or less; later payments are its debts, scored
    # (rulesets.base.bank_pays; facts D11)
    bank_ends_game: ClassVar[str] = (
        "the game ends when the set of operating rounds under way (broken in a stock round: "
        "the next set) is complete (25.0)"
    )

    def __init__(self) -> None:
        super().__init__(aliases={"BMAINE": "BM", "NYNHH": "NYNH", "CP": "CPR", "PENN": "PRR"})

    # ================================================================= setup
    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """``brownpool`` and ``sixes3`` after the players (the contract's options)."""
        players = [w for w in words if w.lower() not in OPTIONS]
        return players, tuple(w.lower() for w in words if w.lower() in OPTIONS)

    def new_state(self, players: list[str], options: tuple[str, ...] = ()) -> GameState:
        n = len(players)
        if n not in CERT_LIMIT:
            raise Refusal("1830 is played by 2 to 6 players (2.0, Table 3)")
        ledger = Ledger(bank=BANK_TOTAL, reserve=0, starting_total=BANK_TOTAL)
        for cid, name in CORPORATIONS:
            company = Company(id=cid, name=name, kind="corporation")
            company.certificates = [Certificate(20, president=True, holder=cid)] + [
                Certificate(10, holder=cid) for _ in range(8)
            ]
            ledger.companies[cid] = company
        for pid, name, face, income in PRIVATES:
            ledger.companies[pid] = Company(
                id=pid, name=name, kind="private", value=face, income=income
            )
        taken = {cid.lower() for cid in ledger.companies} | {BANK, POOL, SCRAP, "bo&p", "b&o"}
        for name in players:
            if name.lower() in taken:
                raise Refusal(f"a player may not be called {name!r}: it names a company or account")
            taken.add(name.lower())
            ledger.players.append(Player(name=name))
            ledger.transfer(BANK, name, PLAYERS_CASH // n, "starting cash: $2,400 shared (2.0)")
        state = GameState(
            title=self.title,
            ledger=ledger,
            market=GridMarket(rows=GRID, zones=ZONES, par_cells=tuple(PAR_CELL.values())),
            phase="2",
            priority=players[0],  # 7.0: the first seat is offered the first private
            ors_in_set=1,
        )
        for card in PHASES:
            count = COUNTS[card] + (card == "6" and "sixes3" in options)
            for _ in range(count):
                state.depot.append(self._new_train(state, card, ""))
        state.extra.update(
            {"options": list(options), "floated": [], "capital_due": [], "par_due": None}
        )
        state.current_player = players[0]
        self.open_sale(state)
        self.begin_from_setup(state)
        state.extra["stock_rounds_started"] = 0
        ledger.events.clear()
        return state

    def option(self, state: GameState, word: str) -> bool:
        """Whether the game is played with the option ``word``."""
        return word in state.extra["options"]  # type: ignore[operator]

    # ================================================================= helpers
    def cert_limit(self, state: GameState) -> int:
        """Table 3: 28 / 20 / 16 / 13 / 11 certificates for 2-6 players."""
        return CERT_LIMIT[len(state.ledger.players)]

    def zone(self, state: GameState, cid: str) -> str:
        """The zone of a corporation's price (``.`` none or no price): 10.0."""
        return state.market.zone(cid)  # type: ignore[attr-defined, no-any-return]

    def free_of_limit(self, state: GameState) -> Collection[str]:
        """Table 3 counts certificates and open privates held, but not a corporation whose
        price is in the yellow zone (or below, orange and brown: the lower zones keep the
        upper ones' freedoms, facts D7; 10.0).  The zoned markers are asked once a count."""
        return state.market.zoned()  # type: ignore[attr-defined, no-any-return]

    def counts_toward_limit(self, state: GameState, company: Company) -> int:
        return int(self.zone(state, company.id) == ".")

    def some_outside_limit(self, state: GameState) -> bool:
        return bool(self.free_of_limit(state))  # a marker in a zone: 10.0

    def buys_after_purchase(self, state: GameState) -> frozenset[str]:
        """10.0: more shares after a purchase only of a corporation in the brown zone."""
        return frozenset(cid for cid, _ in state.turn_bought if self.zone(state, cid) == "b")

    # ================================================================= the opening sale
    def private_certificates(self, private: Company) -> int:
        """CA and BOP bring a share with them (Table 1 notes 4, 5)."""
        return 2 if private.id in ("CA", "BOP") else 1

    def private_sold(self, state: GameState, player: str, private: Company) -> None:
        """Table 1 note 4: CA's first buyer gets a PRR 10% free; note 5: BOP's the B&O
        president's certificate, and he must announce B&O's par at once (8.1)."""
        if private.id == "CA":
            prr = state.company("PRR")
            cert = next(x for x in prr.certs_of("PRR") if not x.president)
            state.ledger.move_certificate(prr, cert, player, "free with CA (Table 1 note 4)")
            state.ledger.events.append(
                Noted(text=f"{player} receives a PRR 10% share free with CA (Table 1 note 4)")
            )
        elif private.id == "BOP":
            bo = state.company("BO")
            cert = next(x for x in bo.certificates if x.president)
            reason = "free with the B&O private (Table 1 note 5)"
            state.ledger.move_certificate(bo, cert, player, reason)
            state.ledger.events.append(
                PresidentChanged(company="BO", before=None, after=player, reason=reason)
            )
            state.extra["par_due"] = player
            state.ledger.events.append(
                Noted(
                    text=f"{player} receives B&O's president's certificate and now announces "
                    f"its par: `par {player} BO PRICE`, 67 to 100, at no cost (8.1)"
                )
            )

    def cmd_buy(self, state: GameState, cmd: c.Buy) -> None:
        """``buy``: the private on offer in the opening sale (7.1), else a share (4.0)."""
        if self.sale_open(state):
            self.sale_buy(state, cmd)
            return
        super().cmd_buy(state, cmd)

    def cmd_pass(self, state: GameState, cmd: c.Pass) -> None:
        """``pass``: in the opening sale (7.1-7.3), else a stock turn's (4.0)."""
        if self.sale_open(state) and state.round_kind == "SR":
            self.sale_pass(state, cmd)
            return
        super().cmd_pass(state, cmd)

    def next_actor(self, state: GameState) -> str | None:
        """BOP's owner announces B&O's par before anyone else acts (8.1, Table 1 note 5)."""
        due = state.extra["par_due"]
        return due if due is not None and not state.ended else super().next_actor(state)

    def _stock_turn(self, state: GameState, word: str, verb: str) -> str:
        """B&O's par comes first once BOP is sold (8.1, Table 1 note 5)."""
        due = state.extra["par_due"]
        if due is not None:
            raise Refusal(
                f"{due} announces B&O's par first: `par {due} BO PRICE` (8.1, Table 1 note 5)"
            )
        return super()._stock_turn(state, word, verb)

    def cmd_par(self, state: GameState, cmd: c.Par) -> None:
        """``par``: a president's certificate at twice the par (8.1); B&O's is BOP's, and its
        owner announces the par at no cost, out of turn (8.1, Table 1 note 5)."""
        company = self.corp(state, cmd.corp)
        due = state.extra["par_due"]
        if company.id != "BO" or due is None:
            if company.id == "BO" and not company.launched:
                raise Refusal("B&O's president's certificate comes with BOP (8.0, Table 1 note 5)")
            super().cmd_par(state, cmd)
            return
        player = self.player_name(state, cmd.player)
        if player != due:
            raise Refusal(f"{due} owns BOP and announces B&O's par (8.1, Table 1 note 5)")
        if cmd.price not in PAR_CELL:
            raise Refusal(f"B&O's par is one of {', '.join(map(str, sorted(PAR_CELL)))} (8.1)")
        state.extra["par_due"] = None
        company.launched = True
        company.value = cmd.price
        self.place_price(state, company, cmd.price)

    def par_choices(self, state: GameState, company: Company) -> tuple[int, ...]:
        """8.1: 67, 71, 76, 82, 90 or 100; B&O's comes with BOP."""
        return () if company.id == "BO" else tuple(sorted(PAR_CELL))

    def place_price(self, state: GameState, company: Company, price: int) -> None:
        """8.1: the marker on the red-edged space of its par."""
        self._place(state, company.id, PAR_CELL[price], f"par ({self.r('par')})")

    # ================================================================= stock rounds
    def share_price(self, state: GameState, company: Company, source: str, cert: Any) -> int:
        """8.2: new stock at par, stock from the pool at the market price."""
        return company.value if source == "ipo" else state.price(company.id)

    def after_share_bought(self, state: GameState, player: str, company: Company) -> None:
        self.check_float(state, company)

    def check_buy(self, state: GameState, player: str, company: Company, source: str) -> str | None:
        """10.0: five certificates of one corporation at most, unless its price is in the
        orange or brown zone ("held without limit"; the president's counts one; facts D7).
        The ban on buying back what was sold this round (4.0) holds in every zone (facts D18)."""
        why = super().check_buy(state, player, company, source)
        if why is None and self.zone(state, company.id) not in "ob":
            held = 0
            for cert in company.certificates:  # a plain loop: asked after every turn
                held += cert.holder == player
            if held >= HOLDING_LIMIT:
                why = (
                    f"{player} holds {held} {company.id} certificates, the most of one "
                    f"corporation outside the orange and brown zones ({self.r('hold_limit')})"
                )
        return why

    def another_purchase(
        self, state: GameState, player: str, company: Company, source: str | None
    ) -> str | None:
        """10.0: brown-zone stock "may be bought in any available quantity during the same
        turn": more shares of the corporation bought this turn while its price is brown.
        With ``brownpool`` (facts D8) only from the pool, every one of them."""
        bought = state.turn_bought
        brown = self.zone(state, company.id) == "b"
        if source is None or not brown or any(cid != company.id for cid, _ in bought):
            return (
                f"{player} has bought a certificate this turn: one a turn, more only of the "
                f"same corporation in the brown zone (4.0, 10.0)"
            )
        if self.option(state, "brownpool") and (
            source != "pool" or any(src != "pool" for _, src in bought)
        ):
            return "with brownpool, several brown-zone shares are bought from the pool only (10.0)"
        return None

    def _can_sell_anything(self, state: GameState, player: str) -> bool:
        return state.round_number > 1 and super()._can_sell_anything(state, player)  # 12.0

    def may_sell(self, state: GameState, player: str, company: Company) -> str | None:
        """12.0(1): none in the first stock round; a president's forced sales in the operating
        round after it stand (24.0)."""
        first = state.round_number == 1 and state.round_kind == "SR"
        return "no certificate is sold in the first stock round (7.0, 12.0)" if first else None

    def after_stock_round(self, state: GameState) -> None:
        """22.0: the set's operating rounds by the phase the stock round ends in."""
        state.ors_in_set = ORS_PER_SET[state.phase]
        self._start_operating_round(state, 1)

    def cmd_exchange(self, state: GameState, cmd: c.Exchange) -> None:
        """``exchange PLAYER MH [ipo|pool]``: M&H for an NYC 10% from the bank or the pool,
        at any time between other commands, not a purchase; it closes M&H (Table 1 note 3,
        23.2).  Readings: not during the opening sale (no stock is on sale before every
        private is sold, 8.0); note 3's own test, under 60% of NYC, is the limit (facts D6)."""
        rule = "Table 1 note 3"
        private = state.company(self.company_id(state, cmd.private))
        player = self.player_name(state, cmd.player)
        if private.id != "MH":
            raise Refusal(f"{private.id} is not exchanged; the Mohawk & Hudson is ({rule})")
        if self.sale_open(state):
            raise Refusal(f"M&H is exchanged once every private is sold (8.0, {rule})")
        if private.closed or private.owner != player:
            raise Refusal(f"{player} does not own M&H ({rule})")
        nyc = state.company("NYC")
        if nyc.holder_percent(player) >= 60:
            raise Refusal(f"{player} already holds 60% of NYC ({rule})")
        unsold = any(not x.president for x in nyc.certs_of("NYC"))
        source = cmd.source or ("ipo" if unsold else "pool")
        holder = "NYC" if source == "ipo" else POOL
        cert = next((x for x in nyc.certs_of(holder) if not x.president), None)
        if cert is None:
            where = "initial offering" if source == "ipo" else "bank pool"
            raise Refusal(f"no NYC 10% is left in the {where} ({rule})")
        self._close_private(state, private, f"exchanged for an NYC 10% ({rule}, 23.2)")
        state.ledger.move_certificate(nyc, cert, player, f"for M&H ({rule})")
        self._presidency_after_gain(state, nyc, player)
        self.check_float(state, nyc)

    # ================================================================= operating rounds
    def forced_need(self, state: GameState) -> int:
        """24.0: the president must choose the cheapest train the bank sells."""
        return self.cheapest_train(state) or 0

    def president_share(
        self, state: GameState, company: Company, name: str, price: int, seller: str | None = None
    ) -> int:
        """24.0: from the bank the president's money goes only toward its cheapest train;
        from another corporation (2: at no more than face value) toward any."""
        cheapest = self.cheapest_train(state) or 0
        if seller is None and price > cheapest and self._forced_purchase(state) is not None:
            raise Refusal(
                f"{company.id} has {self.money(company.cash)}: with its president's money it "
                f"buys the cheapest train the bank sells, at {self.money(cheapest)} (24.0)"
            )
        return super().president_share(state, company, name, price, seller)

    def cmd_train(self, state: GameState, cmd: c.BuyTrain) -> None:
        """``train``: 21.0; BOP closes when B&O buys its first train (23.2)."""
        super().cmd_train(state, cmd)
        bop = state.company("BOP")
        if state.company("BO").trains and not bop.closed and bop.owner is not None:
            self._close_private(state, bop, "B&O bought its first train (23.2)")

    def cmd_buyprivate(self, state: GameState, cmd: c.BuyPrivate) -> None:
        """``buyprivate``: a corporation buys a player's private in its operating turn, from
        the first 3 on, at half to twice its face value, declared; never BOP (23.1)."""
        company = self.operating_company(state, cmd.corp)
        private = state.company(self.company_id(state, cmd.private))
        pid, owner = private.id, private.owner
        if private.kind != "private":
            raise Refusal(f"{pid} is not a private company (23.1)")
        if pid == "BOP":
            raise Refusal("the B&O private may not be sold to a corporation (Table 1 note 5)")
        if state.phase == "2":
            raise Refusal("corporations buy privates from the first 3-train on (23.1)")
        if private.closed or owner is None or not state.ledger.is_player(owner):
            raise Refusal(f"{pid} is not a player's to sell (23.1, 23.2)")
        low, high = -(-private.value // 2), 2 * private.value
        if not low <= cmd.price <= high:
            raise Refusal(f"{pid} sells for {self.money(low)} to {self.money(high)} (23.1)")
        if company.cash < cmd.price:
            raise Refusal(
                f"{company.id} has {self.money(company.cash)}, cannot pay "
                f"{self.money(cmd.price)} (23.1)"
            )
        state.ledger.transfer(company.id, owner, cmd.price, f"buys {pid} (23.1)")
        private.owner = company.id
        state.ledger.events.append(
            PrivateMoved(company=pid, source=owner, target=company.id, reason="bought (23.1)")
        )

    def phase_started(self, state: GameState, phase: str) -> None:
        """23.2: the first 5 closes every private still open."""
        if phase != "5":
            return
        for co in state.ledger.companies.values():
            if co.kind == "private" and not co.closed and co.owner is not None:
                self._close_private(state, co, "the first 5-train closes every private (23.2)")

    def phase_notes(self, phase: str) -> list[str]:
        notes = {
            "3": ["green tiles; corporations may buy privates (23.1)"],
            "5": ["brown tiles; every private closes (23.2); red places pay more (20.3)"],
            "6": ["D-trains on sale beside the 6s, $800 with a 4, 5 or 6 traded in (21.0)"],
        }
        ors = ORS_PER_SET[phase]
        return [
            *notes.get(phase, []),
            f"{ors} operating round{'s' if ors > 1 else ''} a set from the next stock round",
        ]

    # ================================================================= the end
    def private_score(self, state: GameState, private: Company) -> tuple[int | None, str]:
        """23.3: a private still open counts at face value."""
        return private.value, "face value (23.3)"

    def score_items(self, state: GameState, name: str) -> list[ScoreItem]:
        """25.0: a bankrupt player scores only the stock he still holds and may not sell;
        reading: his cash stays in front of him, not counted (the rules say nowhere else;
        facts D9)."""
        items = super().score_items(state, name)
        if not state.ledger.player(name).bankrupt:
            return items
        why = "a bankrupt player scores only the stock he still holds (25.0)"
        return [
            i
            if i.kind == "shares"
            else ScoreItem(i.kind, i.what, i.value, i.count, i.price, False, why)
            for i in items
        ]

    # ================================================================= views and offers
    def company_json(self, state: GameState, entry: dict[str, Any]) -> None:
        cid = entry["id"]
        company = state.company(cid)
        if company.kind == "corporation":
            entry["floated"] = self.floated(state, cid)
            due = self.floated(state, cid) and not self.capitalised(state, cid)
            entry["capital_due"] = self.capital_times_par * company.value if due else None
            entry["par"] = company.value if company.launched else None
            entry["zone"] = self.zone(state, cid)
        entry["cell"] = list(self.grid(state).cell(cid)) if state.market.has(cid) else None

    def title_json(self, state: GameState) -> dict[str, Any]:
        return {
            "sale": self.sale_json(state),
            "par_due": state.extra["par_due"],
            "options": list(state.extra["options"]),  # type: ignore[call-overload]
            "first_stock_round": state.round_number == 1 and state.round_kind == "SR",
        }

    def title_candidates(self, state: GameState) -> list[c.Command]:
        out: list[c.Command] = []
        due = state.extra["par_due"]
        if due is not None:
            return [c.Par(player=due, corp="BO", price=p) for p in sorted(PAR_CELL)]
        mh = state.company("MH")
        if not mh.closed and mh.owner and state.ledger.is_player(mh.owner):
            out += [c.Exchange(player=mh.owner, private="MH", source=s) for s in ("ipo", "pool")]
        if state.round_kind == "SR":
            if self.sale_open(state):
                out += self.sale_candidates(state)
            return out
        cid = state.operating
        if cid is None:
            return out
        company = state.company(cid)
        for co in state.ledger.companies.values():
            if co.kind == "private" and co.owner and state.ledger.is_player(co.owner):
                out.append(c.BuyPrivate(corp=cid, private=co.id, price=-(-co.value // 2)))
        if state.phase in ("6", "D"):  # 21.0: D-trains from the first 6 on
            for given in dict.fromkeys(t.name for t in company.trains):
                out.append(c.BuyTrain(corp=cid, train="D", trade=given))
        out.append(c.Done(company=cid, noroute=True))
        return out
