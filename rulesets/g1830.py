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
from typing import Any, ClassVar, NamedTuple

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
from rulesets.exchange import ExchangeRule, PrivateExchange
from rulesets.grid import GridRules, grid_from_text
from rulesets.private_trade import PrivateTrades


class FreeCertificate(NamedTuple):
    """A certificate a private brings its first buyer: the corporation, as the rules name
    it, what the private is called in the line, and the rule."""

    corp: str
    name: str
    source: str
    rule: str


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
GRID, ZONES, PAR_CELL = grid_from_text(_MARKET)
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
PHASE_NOTES = {
    "3": ("green tiles; corporations may buy privates (23.1)",),
    "5": ("brown tiles; every private closes (23.2); red places pay more (20.3)",),
    "6": ("D-trains on sale beside the 6s, $800 with a 4, 5 or 6 traded in (21.0)",),
}

RULE_NUMBERS = {
    "removed": "2.0",
    "players": "2.0, Table 3",
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
    **dict.fromkeys(("private_trade", "private_sale"), "23.1"),
    **dict.fromkeys(("closed", "closed_or"), "23.2"),
    "private_score": "23.3",
    **dict.fromkeys(("bankrupt", "forced_sale", "president_pays", "forced_cheapest"), "24.0"),
    **dict.fromkeys(("bank_broken", "bank_runs_out", "game_end"), "25.0"),
}
"""The Avalon Hill rule of each shared mechanism."""
FAMILY_RULE_KEYS = ("players", "private_sale", "private_score")
"""The keys the hooks of 1830's family ask besides the shared modules' (every title of the
family names them: the players' range, privates sold to corporations, a private's score)."""


class G1830(PrivateAuction, PrivateTrades, PrivateExchange, FullCapitalisation, GridRules, Engine):
    """1830 for 2-6 players; options ``brownpool`` and ``sixes3``.  Its tables are class
    attributes, so a title of its family (1889) gives its own and the hooks where it
    differs."""

    # the tables, read by the hooks below (a title of the family replaces them)
    corporations: ClassVar[tuple[tuple[str, str], ...]] = CORPORATIONS
    privates: ClassVar[tuple[tuple[str, str, int, int], ...]] = PRIVATES
    bank_total: ClassVar[int] = BANK_TOTAL
    cert_limits: ClassVar[dict[int, int]] = CERT_LIMIT
    market_grid: ClassVar[tuple[tuple[int | None, ...], ...]] = GRID
    market_zones: ClassVar[tuple[str, ...]] = ZONES
    par_cells: ClassVar[dict[int, tuple[int, int]]] = PAR_CELL
    train_counts: ClassVar[dict[str, int]] = COUNTS
    ors_per_set: ClassVar[dict[str, int]] = ORS_PER_SET
    options: ClassVar[tuple[str, ...]] = OPTIONS
    phase_note: ClassVar[dict[str, tuple[str, ...]]] = PHASE_NOTES
    holding_limit: ClassVar[tuple[int, str]] = (HOLDING_LIMIT, "certificates")
    """10.0: five certificates of one corporation (1889: 60 percent)."""
    unlimited_zones: ClassVar[str] = "ob"
    """10.0: zones where one corporation's certificates are held without limit."""
    private_shares: ClassVar[dict[str, FreeCertificate]] = {
        "CA": FreeCertificate("PRR", "PRR", "CA", "Table 1 note 4")
    }
    """Privates whose first buyer gets a 10% share free."""
    private_presidents: ClassVar[dict[str, FreeCertificate]] = {
        "BOP": FreeCertificate("BO", "B&O", "the B&O private", "Table 1 note 5")
    }
    """Privates whose first buyer gets a president's certificate and announces its par."""
    first_train_closes: ClassVar[dict[str, str]] = {"BOP": "BO"}
    """23.2: a private closing when a corporation buys its first train."""
    never_to_corporations: ClassVar[dict[str, str]] = {
        "BOP": "the B&O private may not be sold to a corporation (Table 1 note 5)"
    }
    """Privates never sold to a corporation, and the refusal."""
    private_sale_phases: ClassVar[tuple[str, ...]] = ("3", "4", "5", "6", "D")
    """23.1: corporations buy privates from the first 3-train on."""
    exchanges: ClassVar[dict[str, ExchangeRule]] = {
        "MH": ExchangeRule("NYC", ("ipo", "pool"), 60, "Table 1 note 3")
    }
    """Table 1 note 3: M&H for an NYC 10% from the initial offering or the bank pool, its
    owner under 60% of NYC (facts D6)."""

    title: ClassVar[str] = "1830"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    rule_numbers: ClassVar[dict[str, str]] = RULE_NUMBERS
    train_prices: ClassVar[dict[str, int]] = TRAINS
    """Table 4: each train's price (one variant a card: :meth:`__init_subclass__`)."""
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

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A title of the family gives :attr:`train_prices`; its cards are its variants."""
        super().__init_subclass__(**kwargs)
        if "train_prices" in cls.__dict__:
            cls.train_variants = {t: ((t, p),) for t, p in cls.train_prices.items()}

    def __init__(self) -> None:
        super().__init__(aliases={"BMAINE": "BM", "NYNHH": "NYNH", "CP": "CPR", "PENN": "PRR"})

    # ================================================================= setup
    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """``brownpool`` and ``sixes3`` after the players (the contract's options)."""
        players = [w for w in words if w.lower() not in self.options]
        return players, tuple(w.lower() for w in words if w.lower() in self.options)

    def new_state(self, players: list[str], options: tuple[str, ...] = ()) -> GameState:
        n = len(players)
        if n not in self.cert_limits:
            raise Refusal(f"{self.title} is played by 2 to 6 players ({self.r('players')})")
        ledger = Ledger(bank=self.bank_total, reserve=0, starting_total=self.bank_total)
        for cid, name in self.corporations:
            company = Company(id=cid, name=name, kind="corporation")
            company.certificates = [Certificate(20, president=True, holder=cid)] + [
                Certificate(10, holder=cid) for _ in range(8)
            ]
            ledger.companies[cid] = company
        for pid, name, face, income in self.privates_in_play(n, options):
            ledger.companies[pid] = Company(
                id=pid, name=name, kind="private", value=face, income=income
            )
        taken = {cid.lower() for cid in ledger.companies} | {BANK, POOL, SCRAP, "bo&p", "b&o"}
        for name in players:
            if name.lower() in taken:
                raise Refusal(f"a player may not be called {name!r}: it names a company or account")
            taken.add(name.lower())
            ledger.players.append(Player(name=name))
            ledger.transfer(BANK, name, *self.starting_cash(n))
        state = GameState(
            title=self.title,
            ledger=ledger,
            market=GridMarket(
                rows=self.market_grid,
                zones=self.market_zones,
                par_cells=tuple(self.par_cells.values()),
            ),
            phase="2",
            priority=players[0],  # 7.0: the first seat is offered the first private
            ors_in_set=1,
        )
        for card in PHASES:
            count = self.train_counts[card] + (card == "6" and "sixes3" in options)
            for _ in range(count):
                state.depot.append(self._new_train(state, card, ""))
        state.extra.update(
            {"options": list(options), "floated": [], "capital_due": [], "par_due": None}
        )
        state.current_player = players[0]
        self.open_sale(state)
        self.setup_done(state)
        self.begin_from_setup(state)
        state.extra["stock_rounds_started"] = 0
        ledger.events.clear()
        return state

    def privates_in_play(
        self, players: int, options: tuple[str, ...]
    ) -> tuple[tuple[str, str, int, int], ...]:
        """Table 1: every private, whatever the number of players."""
        return self.privates

    def starting_cash(self, players: int) -> tuple[int, str]:
        """2.0: $2,400 shared equally: each player's cash and the line's reason."""
        return PLAYERS_CASH // players, "starting cash: $2,400 shared (2.0)"

    def setup_done(self, state: GameState) -> None:
        """What a title of the family does once companies, players and trains are set
        (default: nothing)."""

    def option(self, state: GameState, word: str) -> bool:
        """Whether the game is played with the option ``word``."""
        return word in state.extra["options"]  # type: ignore[operator]

    # ================================================================= helpers
    def cert_limit(self, state: GameState) -> int:
        """Table 3: 28 / 20 / 16 / 13 / 11 certificates for 2-6 players."""
        return self.cert_limits[len(state.ledger.players)]

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
        pid = private.id
        return 1 + (pid in self.private_shares) + (pid in self.private_presidents)

    def president_with(self, state: GameState, pid: str) -> FreeCertificate | None:
        """The president's certificate a private brings its first buyer (Table 1 note 5)."""
        return self.private_presidents.get(pid)

    def private_sold(self, state: GameState, player: str, private: Company) -> None:
        """Table 1 note 4: CA's first buyer gets a PRR 10% free; note 5: BOP's the B&O
        president's certificate, and he must announce B&O's par at once (8.1)."""
        pid = private.id
        share = self.private_shares.get(pid)
        if share is not None:
            corp = state.company(share.corp)
            cert = next(x for x in corp.certs_of(corp.id) if not x.president)
            reason = f"free with {share.source} ({share.rule})"
            state.ledger.move_certificate(corp, cert, player, reason)
            state.ledger.events.append(
                Noted(text=f"{player} receives a {share.name} 10% share {reason}")
            )
        free = self.president_with(state, pid)
        if free is not None:
            corp = state.company(free.corp)
            cert = next(x for x in corp.certificates if x.president)
            reason = f"free with {free.source} ({free.rule})"
            state.ledger.move_certificate(corp, cert, player, reason)
            state.ledger.events.append(
                PresidentChanged(company=corp.id, before=None, after=player, reason=reason)
            )
            state.extra["par_due"] = player
            state.extra["par_due_corp"] = corp.id
            pars = sorted(self.par_cells)
            told = (
                f"{pars[0]} to {pars[-1]}"
                if len(pars) > 3
                else f"{', '.join(map(str, pars[:-1]))} or {pars[-1]}"
            )
            state.ledger.events.append(
                Noted(
                    text=f"{player} receives {free.name}'s president's certificate and now "
                    f"announces its par: `par {player} {corp.id} PRICE`, {told}, at no cost "
                    f"({self.r('par')})"
                )
            )

    def _free_president(self, state: GameState) -> tuple[str, FreeCertificate] | None:
        """The corporation whose par is due, and what brought its certificate."""
        cid = state.extra.get("par_due_corp") or "BO"
        for pid, free in (*self.private_presidents.items(), *self.drawn_presidents(state)):
            if free.corp == cid:
                return pid, free
        return None

    def drawn_presidents(self, state: GameState) -> tuple[tuple[str, FreeCertificate], ...]:
        """Privates whose president's certificate is drawn at setup (18Chesapeake's CV)."""
        return ()

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

    def _stock_turn(self, state: GameState, word: str, verb: str) -> str:
        """B&O's par comes first once BOP is sold (8.1, Table 1 note 5)."""
        due = state.extra["par_due"]
        if due is not None:
            cid, free = state.extra.get("par_due_corp") or "BO", self._free_president(state)
            parts = (self.r("par"), free[1].rule if free else "")
            rule = ", ".join(x for x in dict.fromkeys(parts) if x)
            name = free[1].name if free else cid
            raise Refusal(f"{due} announces {name}'s par first: `par {due} {cid} PRICE` ({rule})")
        return super()._stock_turn(state, word, verb)

    def free_corporations(self, state: GameState) -> dict[str, tuple[str, FreeCertificate]]:
        """Corporations whose president's certificate comes with a private, by id."""
        pairs = (*self.private_presidents.items(), *self.drawn_presidents(state))
        return {free.corp: (pid, free) for pid, free in pairs}

    def cmd_par(self, state: GameState, cmd: c.Par) -> None:
        """``par``: a president's certificate at twice the par (8.1); B&O's is BOP's, and its
        owner announces the par at no cost, out of turn (8.1, Table 1 note 5)."""
        company = self.corp(state, cmd.corp)
        due = state.extra["par_due"]
        free = self.free_corporations(state).get(company.id)
        if free is None or due is None or state.extra.get("par_due_corp", "BO") != company.id:
            if free is not None and not company.launched:
                pid, why = free
                rules = ", ".join(dict.fromkeys((self.r("corporation"), why.rule)))
                raise Refusal(f"{why.name}'s president's certificate comes with {pid} ({rules})")
            super().cmd_par(state, cmd)
            return
        pid, why = free
        player = self.player_name(state, cmd.player)
        if player != due:
            rules = ", ".join(dict.fromkeys((self.r("par"), why.rule)))
            raise Refusal(f"{due} owns {pid} and announces {why.name}'s par ({rules})")
        if cmd.price not in self.par_cells:
            pars = ", ".join(map(str, sorted(self.par_cells)))
            raise Refusal(f"{why.name}'s par is one of {pars} ({self.r('par')})")
        state.extra["par_due"] = None
        company.launched = True
        company.value = cmd.price
        self.place_price(state, company, cmd.price)
        self.after_free_par(state, company)

    def after_free_par(self, state: GameState, company: Company) -> None:
        """After a par announced for a certificate that came with a private (default:
        nothing; 18Chesapeake's CV)."""

    def par_choices(self, state: GameState, company: Company) -> tuple[int, ...]:
        """8.1: 67, 71, 76, 82, 90 or 100; B&O's comes with BOP."""
        if company.id in self.free_corporations(state):
            return ()
        return tuple(sorted(self.par_cells))

    def place_price(self, state: GameState, company: Company, price: int) -> None:
        """8.1: the marker on the red-edged space of its par."""
        self._place(state, company.id, self.par_cells[price], f"par ({self.r('par')})")

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
        if why is None and self.zone(state, company.id) not in self.unlimited_zones:
            most, unit = self.holding_limit
            held = 0
            for cert in company.certificates:  # a plain loop: asked after every turn
                if cert.holder == player:
                    held += 1 if unit == "certificates" else cert.percent
            if held + (1 if unit == "certificates" else 10) > most:
                zones = "orange and brown zones" if "b" in self.unlimited_zones else "orange zone"
                what = (
                    f"{held} {company.id} certificates"
                    if unit == "certificates"
                    else (f"{held}% of {company.id}")
                )
                why = (
                    f"{player} holds {what}, the most of one "
                    f"corporation outside the {zones} ({self.r('hold_limit')})"
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
            more = (
                ", more only of the same corporation in the brown zone"
                if "b" in (self.unlimited_zones)
                else ""
            )
            rules = f"{self.r('turn')}, {self.r('hold_limit')}" if more else self.r("turn")
            return f"{player} has bought a certificate this turn: one a turn{more} ({rules})"
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
        if not first:
            return None
        rules = f"{self.r('sale_first')}, {self.r('sell')}"
        return f"no certificate is sold in the first stock round ({rules})"

    def after_stock_round(self, state: GameState) -> None:
        """22.0: the set's operating rounds by the phase the stock round ends in."""
        state.ors_in_set = self.ors_per_set[state.phase]
        self._start_operating_round(state, 1)

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
                f"buys the cheapest train the bank sells, at {self.money(cheapest)} "
                f"({self.r('forced_cheapest')})"
            )
        return super().president_share(state, company, name, price, seller)

    def cmd_train(self, state: GameState, cmd: c.BuyTrain) -> None:
        """``train``: 21.0; BOP closes when B&O buys its first train (23.2)."""
        super().cmd_train(state, cmd)
        for pid, cid in self.first_train_closes_now(state).items():
            private = state.ledger.companies.get(pid)
            if private and state.company(cid).trains and not private.closed and private.owner:
                why = f"{cid} bought its first train ({self.r('closed')})"
                self._close_private(state, private, why)

    def cmd_buyprivate(self, state: GameState, cmd: c.BuyPrivate) -> None:
        """``buyprivate``: a corporation buys a player's private in its operating turn, from
        the first 3 on, at half to twice its face value, declared; never BOP (23.1)."""
        company = self.operating_company(state, cmd.corp)
        private = state.company(self.company_id(state, cmd.private))
        pid, owner = private.id, private.owner
        rule = self.r("private_sale")
        if private.kind != "private":
            raise Refusal(f"{pid} is not a private company ({rule})")
        if pid in self.never_to_corporations:
            raise Refusal(self.never_to_corporations[pid])
        if state.phase not in self.private_sale_phases:
            first, last = self.private_sale_phases[0], self.private_sale_phases[-1]
            until = "" if last == self.phases[-1] else f" until the first {self.next_card(last)}"
            raise Refusal(
                f"corporations buy privates from the first {first}-train on{until} ({rule})"
            )
        if private.closed or owner is None or not state.ledger.is_player(owner):
            raise Refusal(f"{pid} is not a player's to sell ({rule}, {self.r('closed')})")
        low, high = -(-private.value // 2), 2 * private.value
        if not low <= cmd.price <= high:
            raise Refusal(f"{pid} sells for {self.money(low)} to {self.money(high)} ({rule})")
        if company.cash < cmd.price:
            raise Refusal(
                f"{company.id} has {self.money(company.cash)}, cannot pay "
                f"{self.money(cmd.price)} ({rule})"
            )
        state.ledger.transfer(company.id, owner, cmd.price, f"buys {pid} ({rule})")
        private.owner = company.id
        state.ledger.events.append(
            PrivateMoved(company=pid, source=owner, target=company.id, reason=f"bought ({rule})")
        )

    def first_train_closes_now(self, state: GameState) -> dict[str, str]:
        """Private -> the corporation whose first train closes it (23.2)."""
        return self.first_train_closes

    def next_card(self, card: str) -> str:
        """The phase after ``card``."""
        return self.phases[self.phases.index(card) + 1]

    def phase_started(self, state: GameState, phase: str) -> None:
        """23.2: the first 5 closes every private still open."""
        if phase != "5":
            return
        for co in state.ledger.companies.values():
            if co.kind == "private" and not co.closed and co.owner is not None:
                self._close_private(state, co, "the first 5-train closes every private (23.2)")

    def phase_notes(self, phase: str) -> list[str]:
        ors = self.ors_per_set[phase]
        return [
            *self.phase_note.get(phase, ()),
            f"{ors} operating round{'s' if ors > 1 else ''} a set from the next stock round",
        ]

    # ================================================================= the end
    def private_score(self, state: GameState, private: Company) -> tuple[int | None, str]:
        """23.3: a private still open counts at face value."""
        return private.value, f"face value ({self.r('private_score')})"

    def score_items(self, state: GameState, name: str) -> list[ScoreItem]:
        """25.0: a bankrupt player scores only the stock he still holds and may not sell;
        reading: his cash stays in front of him, not counted (the rules say nowhere else;
        facts D9)."""
        items = super().score_items(state, name)
        if not state.ledger.player(name).bankrupt:
            return items
        rule = self.r("game_end")
        why = f"not counted: a bankrupt player scores the stock he may not sell ({rule})"
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
            cid = str(state.extra.get("par_due_corp") or "BO")
            return [c.Par(player=due, corp=cid, price=p) for p in sorted(self.par_cells)]
        out += self.exchange_candidates(state)
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
