"""1830's family: the opening sale of privates, full capitalisation, a 2-D market, the D
trade-in, as one base for the titles that play it (1830, 1889, 18Chesapeake).

:class:`Family1830` is the flow of 1830 (Avalon Hill "1830 Rules of Play"; its rule
numbers cite 1830 in docstrings, each title's own through ``rule_numbers``) over the shared
modules: the opening sale (:mod:`rulesets.auction`), privates sold between players
(:mod:`rulesets.private_trade`), a private exchanged for a share (:mod:`rulesets.exchange`),
full capitalisation (:mod:`rulesets.capital`), the 2-D market (:mod:`rulesets.grid`), the
station tokens of each charter (:mod:`rulesets.charter_tokens`), the map's terrain costs
(:mod:`rulesets.terrain`), the trains
(:mod:`rulesets.trains`) and operating rounds (:mod:`rulesets.operating`).  A title
of the family gives its tables as class attributes (see the annotations below, and
``docs/titles.md``) and overrides only the hooks where its rules differ.
"""

from __future__ import annotations

from collections.abc import Collection

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import Noted, PresidentChanged, PrivateMoved
from moderator.fixes import follows
from moderator.ledger import BANK, POOL, SCRAP, Certificate, Company, Ledger, Player
from moderator.market import GridMarket
from moderator.state import GameState
from moderator.text import with_article
from rulesets.auction import PrivateAuction
from rulesets.base import ScoreItem
from rulesets.capital import FullCapitalisation
from rulesets.charter_tokens import CharterTokens
from rulesets.engine import Engine
from rulesets.exchange import ExchangeRule, PrivateExchange
from rulesets.grid import GridRules
from rulesets.private_trade import PrivateTrades
from rulesets.terrain import TerrainCosts

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar


class FreeCertificate(c.Record):
    """A certificate a private brings its first buyer: the corporation, as the rules name
    it, what the private is called in the line, and the rule (a record, as
    :class:`rulesets.exchange.ExchangeRule`)."""

    corp: str
    name: str
    source: str
    rule: str


PHASES = ("2", "3", "4", "5", "6", "D")
TRAIN_LIMIT = {"2": 4, "3": 4, "4": 3, "5": 2, "6": 2, "D": 2}
"""21.0: four trains, three from the first 4, two from the first 5."""
RUST = {"4": ("2",), "6": ("3",), "D": ("4",)}
"""22.0, Table 4 notes 2, 4, 5: trains taken out of play."""

FAMILY_RULE_KEYS = ("players", "private_sale", "private_score")
"""The keys the hooks of 1830's family ask besides the shared modules' (every title of the
family names them: the players' range, privates sold to corporations, a private's score)."""


class Family1830(
    PrivateAuction,
    PrivateTrades,
    PrivateExchange,
    FullCapitalisation,
    GridRules,
    CharterTokens,
    TerrainCosts,
    Engine,
):
    """The flow of 1830's family; a title gives the tables annotated here."""

    # the tables, read by the hooks below (each title gives its own)
    corporations: ClassVar[tuple[tuple[str, str], ...]]
    privates: ClassVar[tuple[tuple[str, str, int, int], ...]]
    bank_total: ClassVar[int]
    players_cash: ClassVar[int] = 2_400
    """The players' money shared out equally (1830 2.0, 18Chesapeake §3)."""
    cert_limits: ClassVar[dict[int, int]]
    market_grid: ClassVar[tuple[tuple[int | None, ...], ...]]
    market_zones: ClassVar[tuple[str, ...]]
    par_cells: ClassVar[dict[int, tuple[int, int]]]
    train_prices: ClassVar[dict[str, int]]
    """Each train's price (one variant a card: :meth:`__init_subclass__`)."""
    train_counts: ClassVar[dict[str, int]]
    ors_per_set: ClassVar[dict[str, int]] = {"2": 1, "3": 2, "4": 2, "5": 3, "6": 3, "D": 3}
    """Operating rounds a set by phase (1830 22.0; 1889 and 18Chesapeake facts §8 alike)."""
    options: ClassVar[tuple[str, ...]] = ()
    phase_note: ClassVar[dict[str, tuple[str, ...]]]
    holding_limit: ClassVar[tuple[int, str]]
    """Most of one corporation a player holds: ``(5, "certificates")`` or ``(60, "percent")``."""
    unlimited_zones: ClassVar[str] = ""
    """Zones where one corporation's certificates are held without limit."""
    private_shares: ClassVar[dict[str, FreeCertificate]] = {}
    """Privates whose first buyer gets a 10% share free."""
    private_presidents: ClassVar[dict[str, FreeCertificate]] = {}
    """Privates whose first buyer gets a president's certificate and announces its par."""
    first_train_closes: ClassVar[dict[str, str]] = {}
    """A private closing when a corporation buys its first train."""
    never_to_corporations: ClassVar[dict[str, str]] = {}
    """Privates never sold to a corporation, and the refusal."""
    private_sale_phases: ClassVar[tuple[str, ...]]
    """The phases in which corporations buy privates."""
    exchanges: ClassVar[dict[str, ExchangeRule]] = {}

    # the same in every title of the family (1830 20.2, 20.3, 21.0, 22.0; 1889 and
    # 18Chesapeake facts §7, §8)
    card_phase: ClassVar[dict[str, str]] = {t: t for t in PHASES}
    phases: ClassVar[tuple[str, ...]] = PHASES
    train_limits: ClassVar[dict[str, int]] = TRAIN_LIMIT
    rust: ClassVar[dict[str, tuple[str, ...]]] = RUST
    available_beside: ClassVar[dict[str, str]] = {"D": "6"}  # 21.0
    returned_from_pool: ClassVar[bool] = True  # 21.0: given back, sold again at face value
    pool_pays_company: ClassVar[bool] = True  # 20.3
    ipo_pays_company: ClassVar[bool] = False  # 20.3: nothing is paid for unsold stock
    payout_kinds: ClassVar[tuple[str, ...]] = ("full", "withhold")  # 20.3: no half pay
    route_excuses_train: ClassVar[bool] = True  # 20.2: "unless there is no route"
    costs_before_run: ClassVar[bool] = True  # 17.0: revenue "cannot be spent on track"
    pool_limit: ClassVar[int] = 50  # 13.0: never above 50% in the pool (12.0(2): facts D14)
    down_per_share: ClassVar[bool] = True  # 8.2, 15.0: one row down per 10% sold

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A title of the family gives :attr:`train_prices`; its cards are its variants."""
        super().__init_subclass__(**kwargs)
        if "train_prices" in cls.__dict__:
            cls.train_variants = {t: ((t, p),) for t, p in cls.train_prices.items()}
        if "par_cells" in cls.__dict__:
            cls.par_prices = tuple(sorted(cls.par_cells))
        cls._free_corporations = frozenset(free.corp for free in cls.private_presidents.values())

    par_prices: ClassVar[tuple[int, ...]] = ()
    """The par prices in order (from :attr:`par_cells`; asked after every stock turn)."""
    _free_corporations: ClassVar[frozenset[str]] = frozenset()
    """The corporations of :attr:`private_presidents` (worked out once per title)."""

    def free_corporation(self, state: GameState, cid: str) -> bool:
        """Whether ``cid``'s president's certificate comes with a private (asked for every
        unlaunched corporation after every stock turn: a set made once per title)."""
        return cid in self._free_corporations

    # ================================================================= setup
    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """``brownpool`` and ``sixes3`` after the players (the contract's options)."""
        players = [w for w in words if w.lower() not in self.options]
        # each once (a save from before rules level 10 may write one twice)
        return players, tuple(dict.fromkeys(w.lower() for w in words if w.lower() in self.options))

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
        """The players' money shared equally (1830 2.0): each player's cash and the line's
        reason (1889: a table, its own hook)."""
        shared = self.money(self.players_cash)
        return self.players_cash // players, f"starting cash: {shared} shared ({self.r('removed')})"

    def setup_done(self, state: GameState) -> None:
        """What a title of the family does once companies, players and trains are set
        (default: nothing)."""

    def option(self, state: GameState, word: str) -> bool:
        """Whether the game is played with the option ``word``."""
        return word in state.extra["options"]  # type: ignore[operator]

    # ================================================================= helpers
    def operates(self, state: GameState, cid: str) -> bool:
        """11.0, 16.0: a corporation with its capital operates (floated, its capital paid:
        :meth:`FullCapitalisation.capitalised` read in one call, for every corporation
        before every operating turn)."""
        extra = state.extra
        return cid in extra["floated"] and cid not in extra["capital_due"]  # type: ignore[operator]

    order_kept_through_turn_end = True  # operating_candidates: floated, capital, operated

    def operating_candidates(self, state: GameState) -> list[str]:
        """16.0: the corporations still to operate this round in market order, as the 2-D
        market's rule (:meth:`GridRules.operating_candidates`) asks them, but of the floated
        ones alone: only a floated corporation operates (:meth:`operates`), and this is
        asked before every operating turn."""
        operated, companies, extra = state.operated, state.ledger.companies, state.extra
        if type(self).operates is Family1830.operates:
            # operates() read in place: of the floated, those whose capital is paid
            due = extra["capital_due"]
            corps = [
                cid
                for cid in extra["floated"]  # type: ignore[union-attr]
                if cid not in operated and cid not in due and not companies[cid].closed  # type: ignore[operator]
            ]
        else:
            operates = self.operates
            corps = [
                cid
                for cid in extra["floated"]  # type: ignore[union-attr]
                if cid not in operated and not companies[cid].closed and operates(state, cid)
            ]
        return self.grid(state).order(corps)

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

    def brown_apart(self, state: GameState) -> bool:
        """10.0 as the Avalon Hill text reads (rules level 15, ``1830-10.0-brown``): stock
        valued in the brown zone "is exempt from the rules limiting stock buying", so a
        brown-zone certificate is not the turn's one purchase (4.0): any number of them, of
        any corporations, besides one other certificate (or a par, or a private bought from
        a player).  Before, and with ``brownpool`` (18xx.games' reading, facts D8): more
        only of the corporation bought, itself brown, and never after a par."""
        return (
            "b" in self.unlimited_zones
            and follows(state, "1830-10.0-brown")
            and not self.option(state, "brownpool")
        )

    def ordinary_purchase_made(self, state: GameState) -> bool:
        """Whether this turn has bought its one certificate that is not brown-zone stock
        (4.0, 10.0).  A purchase is read by its corporation's zone now: within a turn only
        the player's own sales move a price, and a certificate he bought and then sold
        down into the brown zone (facts D13) is the one case this reads as brown."""
        return any(self.zone(state, cid) != "b" for cid, _ in state.turn_bought)

    def purchase_made(self, state: GameState) -> bool:
        if self.brown_apart(state):
            return self.ordinary_purchase_made(state)
        return super().purchase_made(state)

    def buys_after_purchase(self, state: GameState) -> frozenset[str]:
        """10.0: more shares after a purchase only of a corporation in the brown zone (the
        Avalon Hill reading, :meth:`brown_apart`: any brown-zone corporation, and any at all
        while the turn has bought brown stock only)."""
        if self.brown_apart(state):
            ids = state.ledger.corporations()
            if not self.ordinary_purchase_made(state):
                return frozenset(co.id for co in ids)
            return frozenset(co.id for co in ids if self.zone(state, co.id) == "b")
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
                Noted(text=f"{player} receives {with_article(share.name)} 10% share {reason}")
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
                f"{self.money(pars[0])} to {self.money(pars[-1])}"
                if len(pars) > 3
                else f"{', '.join(map(self.money, pars[:-1]))} or {self.money(pars[-1])}"
            )
            state.ledger.events.append(
                Noted(
                    text=f"{player} receives {free.name}'s president's certificate {reason} "
                    f"and now announces its par: `par {player} {corp.id} PRICE`, {told}, at no "
                    f"cost ({self.r('par')})"
                )
            )

    def _free_president(self, state: GameState) -> tuple[str, FreeCertificate] | None:
        """The corporation whose par is due, and what brought its certificate."""
        cid = state.extra.get("par_due_corp")
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

    def next_actor(self, state: GameState) -> str | None:
        """The owner of a private that brought a president's certificate announces its par
        before anyone else acts (8.1, Table 1 note 5; 18Chesapeake's BOR and CV): the
        header names him, not the player whose turn follows (lost when the family's hooks
        moved here: `buy Carlos BOP` left "to act Dana" over Carlos's par)."""
        due = state.extra["par_due"]
        if due is not None and not state.ended:
            return str(due)
        return super().next_actor(state)

    def _stock_turn(self, state: GameState, word: str, verb: str) -> str:
        """B&O's par comes first once BOP is sold (8.1, Table 1 note 5)."""
        due = state.extra["par_due"]
        if due is not None:
            cid, free = state.extra.get("par_due_corp"), self._free_president(state)
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
        if free is None or due is None or state.extra.get("par_due_corp") != company.id:
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
        if self.free_corporation(state, company.id):
            return ()
        return self.par_prices

    def place_price(self, state: GameState, company: Company, price: int) -> None:
        """8.1: the marker on the red-edged space of its par."""
        self._place(state, company.id, self.par_cells[price], f"par ({self.r('par')})")

    # ================================================================= stock rounds
    def share_price(self, state: GameState, company: Company, source: str, cert: Any) -> int:
        """8.2: new stock at par, stock from the pool at the market price."""
        return company.value if source == "ipo" else state.price(company.id)

    def after_share_bought(self, state: GameState, player: str, company: Company) -> None:
        self.check_float(state, company)

    keeps_stock_refusals: ClassVar[bool] = True  # check_buy below only adds a refusal

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
                zones = (
                    ""  # 18Chesapeake: no zone lifts the limit (facts §1)
                    if not self.unlimited_zones
                    else " outside the orange and brown zones"
                    if "b" in self.unlimited_zones
                    else " outside the orange zone"
                )
                what = (
                    f"{held} {company.id} certificates"
                    if unit == "certificates"
                    else (f"{held}% of {company.id}")
                )
                why = (
                    f"{player} holds {what}, the most of one "
                    f"corporation{zones} ({self.r('hold_limit')})"
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
        if self.brown_apart(state):
            if (source is not None and brown) or not self.ordinary_purchase_made(state):
                return None
            return (
                f"{player} has bought a certificate this turn: one a turn, more only of "
                f"brown-zone stock ({self.r('turn')}, {self.r('hold_limit')})"
            )
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
            return (
                f"with brownpool, several brown-zone shares are bought from the {self.pool_name} "
                "only (10.0)"
            )
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
            rules = ", ".join(dict.fromkeys((rule, self.r("closed"))))  # 1889: one section
            raise Refusal(f"{pid} is not a player's to sell ({rules})")
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
        """23.2: the first 5 closes every private still open (the line names the title's
        rule: 18Chesapeake's is facts §2, not 1830's 23.2)."""
        if phase != "5":
            return
        why = f"the first 5-train closes every private ({self.r('closed')})"
        for co in state.ledger.companies.values():
            if co.kind == "private" and not co.closed and co.owner is not None:
                self._close_private(state, co, why)

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
        facts D9).  A share of a corporation that never had a par (CA's PRR 10%, BOR's B&O
        10%) has no market value and scores nothing (1.0 counts certificates "at current
        market values"; reading, docs/script.md)."""
        items = super().score_items(state, name)
        if not state.ledger.player(name).bankrupt:
            return items
        rule = self.r("game_end")
        why = f"a bankrupt player scores only the stock he still holds ({rule})"
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
            cid = str(state.extra.get("par_due_corp"))
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
