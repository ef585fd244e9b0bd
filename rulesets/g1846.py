"""1846: The Race for the Midwest — the money side of the GMT 2016 rules.

Rule numbers in comments and refusals are those of the GMT rulebook
(``shared/rules/001_c74c63d146e1fff5.txt``).  Component numbers come from
``shared/facts/1846.md``.  Where the rules are silent the choice an
experienced banker would make is written down next to the code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import (
    CompanyClosed,
    DividendPaid,
    Noted,
    Passed,
    PhaseChanged,
    PresidentChanged,
    PriorityChanged,
    PrivateMoved,
    RoundStarted,
    TrainMoved,
    TurnStarted,
)
from moderator.ledger import BANK, POOL, RESERVE, SCRAP, Certificate, Company, Ledger, Player, Train
from moderator.market import LinearMarket
from moderator.state import GameState
from rulesets.base import Receipt, ReceiptLine, Ruleset

# --------------------------------------------------------------------- tables
MARKET = (
    0,
    10,
    20,
    30,
    40,
    50,
    60,
    70,
    80,
    90,
    100,
    112,
    124,
    137,
    150,
    165,
    180,
    195,
    212,
    230,
    250,
    270,
    295,
    320,
    345,
    375,
    405,
    440,
    475,
    510,
    550,
)
PARS = (40, 50, 60, 70, 80, 90, 100, 112, 124, 137, 150)
MONEY_IN_BOX = 12_000
"""All the play money (1.4); what the bank does not get at setup is the reserve (2.2)."""
BANK_SIZE = {3: 6500, 4: 7500, 5: 9000}
STARTING_CASH = 400

CORPORATIONS: tuple[tuple[str, str], ...] = (
    ("PRR", "Pennsylvania Railroad"),
    ("NYC", "New York Central Railroad"),
    ("BO", "Baltimore & Ohio Railroad"),
    ("CO", "Chesapeake & Ohio Railroad"),
    ("ERIE", "Erie Railroad"),
    ("GT", "Grand Trunk Railway"),
    ("IC", "Illinois Central Railroad"),
)


@dataclass(frozen=True)
class PrivateData:
    """A private company card: list price, income, and the independents' debt."""

    id: str
    name: str
    value: int
    income: int
    debt: int = 0

    @property
    def independent(self) -> bool:
        """Michigan Southern and Big 4 operate as independent railroads (3.1)."""
        return self.debt > 0


PRIVATES: tuple[PrivateData, ...] = (
    PrivateData("MS", "Michigan Southern", 60, 0, debt=80),
    PrivateData("BIG4", "Big 4", 40, 0, debt=60),
    PrivateData("CWI", "Chicago and Western Indiana", 60, 10),
    PrivateData("MAIL", "Mail Contract", 80, 0),
    PrivateData("TBC", "Tunnel Blasting Company", 60, 20),
    PrivateData("MPC", "Meat Packing Company", 60, 15),
    PrivateData("SC", "Steamboat Company", 40, 10),
    PrivateData("LSL", "Lake Shore Line", 40, 15),
    PrivateData("MC", "Michigan Central", 40, 15),
    PrivateData("OI", "Ohio & Indiana", 40, 15),
)
INDEPENDENTS = ("MS", "BIG4")
"""In operating order (4.2 B)."""

REMOVAL_GROUPS: dict[str, tuple[str, ...]] = {
    "corporations": ("CO", "ERIE", "PRR"),
    "blue": ("MPC", "SC", "TBC"),
    "orange": ("LSL", "MC", "OI"),
}
"""Groups from which 3 and 4 player games remove companies (2.3)."""
REMOVALS_PER_GROUP = {3: 2, 4: 1, 5: 0}

CERT_LIMIT = {
    3: {5: 14, 4: 11},
    4: {6: 12, 5: 10, 4: 8},
    5: {7: 11, 6: 10, 5: 8, 4: 6},
}
"""Certificate limit by players, then corporations in play (5.4); 4 means 4 or fewer."""

TRAIN_VARIANTS: dict[str, tuple[tuple[str, int], ...]] = {
    "2": (("2", 80),),
    "4": (("4", 180), ("3/5", 160)),
    "5": (("5", 500), ("4/6", 450)),
    "6": (("6", 800), ("7/8", 900)),
}
"""Each train card and its variants with list prices (6.82 chart)."""
CARD_PHASE = {"2": "I", "4": "II", "5": "III", "6": "IV"}
PHASES = ("I", "II", "III", "IV")
TRAIN_LIMIT = {"I": 4, "II": 4, "III": 3, "IV": 2}
CARD_COUNTS = {
    3: {"2": 5, "4": 4, "5": 3, "6": 9},
    4: {"2": 6, "4": 5, "5": 4, "6": 9},
    5: {"2": 7, "4": 6, "5": 5, "6": 9},
}
"""Trains for sale per player count, after the two 2-trains given to MS and Big 4."""
PHASE_OUT = {"III": ("2",), "IV": ("4",)}
"""Cards phased out when a phase begins (chart 6.82)."""
RUST = {"IV": ("2",)}
"""Cards removed when a phase begins (chart 6.82, section 9)."""
VARIANT_CARD = {name: card for card, variants in TRAIN_VARIANTS.items() for name, _ in variants}


def _seat_order_from(players: list[Player], start: str) -> list[Player]:
    """Players clockwise starting after ``start`` (not including it)."""
    names = [p.name for p in players]
    i = names.index(start)
    return [players[(i + k) % len(players)] for k in range(1, len(players))]


class G1846(Ruleset):
    """1846 with 3-5 players."""

    title: ClassVar[str] = "1846"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    removal_groups: ClassVar[dict[str, tuple[str, ...]]] = REMOVAL_GROUPS
    removals_per_group: ClassVar[dict[int, int]] = REMOVALS_PER_GROUP

    def __init__(self) -> None:
        super().__init__(
            aliases={
                "CWI": "CWI",
                "BIG": "BIG4",
                "B4": "BIG4",
                "PENN": "PRR",
                "PA": "PRR",
                "CANDO": "CO",
                "BANDO": "BO",
            }
        )

    # ================================================================= setup
    def new_state(self, players: list[str]) -> GameState:
        n = len(players)
        if n not in BANK_SIZE:
            raise Refusal("1846 is played by 3 to 5 players (1.1)")
        bank = BANK_SIZE[n]
        ledger = Ledger(bank=bank, reserve=MONEY_IN_BOX - bank, starting_total=MONEY_IN_BOX)
        for cid, name in CORPORATIONS:
            company = Company(id=cid, name=name, kind="corporation")
            company.certificates = [Certificate(20, president=True, holder=cid)] + [
                Certificate(10, holder=cid) for _ in range(8)
            ]
            ledger.companies[cid] = company
        for data in PRIVATES:
            kind = "independent" if data.independent else "private"
            ledger.companies[data.id] = Company(
                id=data.id,
                name=data.name,
                kind=kind,
                value=data.value,
                income=data.income,
                debt=data.debt,
            )
        taken = {cid.lower() for cid in ledger.companies} | {BANK, POOL, RESERVE, SCRAP}
        for name in players:
            if name.lower() in taken:
                raise Refusal(f"a player may not be called {name!r}: it names a company or account")
            taken.add(name.lower())
            ledger.players.append(Player(name=name))
            ledger.transfer(BANK, name, STARTING_CASH, "starting cash (2.2)")
        state = GameState(
            title=self.title,
            ledger=ledger,
            market=LinearMarket(values=MARKET, pars=PARS),
            phase="I",
            priority=players[0],
        )
        for card, count in CARD_COUNTS[n].items():
            for _ in range(count):
                state.depot.append(self._new_train(state, card, ""))
        for ind in INDEPENDENTS:  # each independent has its own 2-train (2.4)
            ledger.companies[ind].trains.append(self._new_train(state, "2", "2"))
        ledger.events.clear()
        return state

    @staticmethod
    def _new_train(state: GameState, card: str, name: str) -> Train:
        state.train_serial += 1
        return Train(serial=state.train_serial, card=card, name=name)

    def cmd_remove(self, state: GameState, cmd: c.Remove) -> None:
        """``remove``: setup removals (2.3)."""
        if state.round_kind != "setup" or any(
            co.owner for co in state.ledger.companies.values() if co.kind != "corporation"
        ):
            raise Refusal("removals are made at setup, before the private distribution (2.3)")
        n = len(state.ledger.players)
        quota = REMOVALS_PER_GROUP[n]
        if quota == 0:
            raise Refusal("with 5 players nothing is removed (2.3)")
        ids = [self.company_id(state, w) for w in cmd.companies]
        if len(set(ids)) != len(ids):
            raise Refusal("a company is named twice (2.3)")
        for cid in ids:
            group = next((g for g, m in REMOVAL_GROUPS.items() if cid in m), None)
            if group is None:
                raise Refusal(f"{cid} is in every game and cannot be removed (2.3)")
            company = state.company(cid)
            if company.removed:
                raise Refusal(f"{cid} is already removed (2.3)")
            company.removed = True
            gone = sum(state.company(m).removed for m in REMOVAL_GROUPS[group])
            if gone > quota:
                raise Refusal(
                    f"with {n} players only {quota} of {', '.join(REMOVAL_GROUPS[group])} "
                    f"are removed (2.3)"
                )
            state.ledger.events.append(CompanyClosed(company=cid, reason="removed at setup (2.3)"))

    def _check_removals(self, state: GameState) -> None:
        n = len(state.ledger.players)
        quota = REMOVALS_PER_GROUP[n]
        for members in REMOVAL_GROUPS.values():
            gone = sum(state.company(m).removed for m in members)
            if gone != quota:
                raise Refusal(
                    f"with {n} players remove {quota} of {', '.join(members)} first "
                    f"(2.3): `remove ...`"
                )

    def cmd_private(self, state: GameState, cmd: c.PrivateResult) -> None:
        """``private PLAYER PRIVATE [PRICE]``: a distribution result (3.2, 3.22, 3.23)."""
        if state.round_kind != "setup":
            raise Refusal(
                "the private distribution is over: it comes before the first stock round (3)"
            )
        self._check_removals(state)
        player = self.player_name(state, cmd.player)
        company = state.company(self.company_id(state, cmd.private))
        if company.kind == "corporation":
            raise Refusal(f"{company.id} is a corporation, not a private company (3)")
        if company.removed:
            raise Refusal(f"{company.id} was removed at setup (2.3)")
        if company.owner is not None:
            raise Refusal(f"{company.id} already belongs to {company.owner} (3.2)")
        price = company.value if cmd.price is None else cmd.price
        if price > company.value:
            raise Refusal(
                f"{company.id} costs at most its list price {self.money(company.value)} (3.22)"
            )
        if (company.value - price) % 10:
            raise Refusal(
                "a passed private is reduced in steps of "
                f"$10 from {self.money(company.value)} (3.22)"
            )
        total = price + company.debt
        cash = state.ledger.player(player).cash
        if cash < total:
            raise Refusal(
                f"{player} has {self.money(cash)}, {company.id} costs {self.money(total)} (3.23)"
            )
        state.ledger.transfer(player, BANK, price, f"buys {company.id} (3.23)")
        if company.debt:
            state.ledger.transfer(player, BANK, company.debt, f"pays {company.id}'s debt (3.1)")
        company.owner = player
        state.ledger.events.append(
            PrivateMoved(
                company=company.id, source=None, target=player, reason="private distribution (3.23)"
            )
        )
        if company.kind == "independent":
            # 3.23: the treasury is the list price even when the price paid was reduced.
            self.bank_pays(state, company.id, company.value, "initial treasury (3.23)")

    # ================================================================= helpers
    def cert_limit(self, state: GameState) -> int:
        """Certificate limit for the corporations now in play (5.4, 8.2; 7.12)."""
        n = len(state.ledger.players)
        corps = sum(1 for _ in state.ledger.corporations())
        table = CERT_LIMIT[n]
        return table.get(corps, table[4] if corps <= 4 else table[max(table)])

    def cert_count(self, state: GameState, player: str) -> int:
        """Certificates a player holds; privates count, 20% certificates count one (5.41)."""
        total = 0
        for company in state.ledger.companies.values():
            if company.kind == "corporation":
                if not company.closed:
                    total += sum(1 for cert in company.certificates if cert.holder == player)
            elif company.owner == player and not company.closed:
                total += 1
        return total

    def corp(self, state: GameState, word: str) -> Company:
        """A corporation in play, by any spelling."""
        company = state.company(self.company_id(state, word))
        if company.kind != "corporation":
            raise Refusal(f"{company.id} is not a corporation (5.31)")
        if company.removed:
            raise Refusal(f"{company.id} was removed at setup (2.3)")
        if company.closed:
            raise Refusal(f"{company.id} has closed (8)")
        return company

    def launched(self, state: GameState, word: str) -> Company:
        """A corporation that has been launched."""
        company = self.corp(state, word)
        if not company.launched:
            raise Refusal(f"{company.id} has not been launched (5.34)")
        return company

    @staticmethod
    def shares(company: Company, holder: str) -> int:
        """Number of 10% shares a holder has (the president's certificate is two)."""
        return company.holder_percent(holder) // 10

    def player_shares(self, state: GameState, company: Company) -> int:
        """Shares held by players (6.31)."""
        return sum(self.shares(company, p.name) for p in state.ledger.players)

    def in_receivership(self, company: Company) -> bool:
        """President's certificate in the Stock Market after a bankruptcy (7.13)."""
        return company.launched and company.president() == POOL

    def all_trains(self, state: GameState) -> list[Train]:
        """Trains the bank can sell now: returned ones, then the current card (6.81)."""
        avail = list(state.returned)
        if state.depot:
            avail.append(state.depot[0])
        return avail

    def available_variants(self, state: GameState) -> list[tuple[str, int, Train]]:
        """Every (variant, price, card) the bank sells now."""
        out = []
        seen: set[tuple[str, str]] = set()
        for train in self.all_trains(state):
            for name, price in TRAIN_VARIANTS[train.card]:
                key = (train.card, name)
                if key not in seen:
                    seen.add(key)
                    out.append((name, price, train))
        return out

    def cheapest_train(self, state: GameState) -> int | None:
        """Price of the cheapest train the bank sells now."""
        prices = [p for _, p, _ in self.available_variants(state)]
        return min(prices) if prices else None

    def dearest_train(self, state: GameState) -> int | None:
        """Price of the dearest train the bank sells now."""
        prices = [p for _, p, _ in self.available_variants(state)]
        return max(prices) if prices else None

    def counted_trains(self, company: Company) -> int:
        """Trains counting toward the limit: phased out ones do not (6.83)."""
        return sum(1 for t in company.trains if not t.phased_out)

    def train_limit(self, state: GameState) -> int:
        """Train limit of the current phase (6.82 chart)."""
        return TRAIN_LIMIT[state.phase]

    def over_limit(self, state: GameState) -> list[Company]:
        """Corporations holding more trains than the limit after a phase change (6.83)."""
        limit = self.train_limit(state)
        return [co for co in state.ledger.corporations() if self.counted_trains(co) > limit]

    def active_players(self, state: GameState) -> list[Player]:
        """Players not bankrupt, in seat order."""
        return [p for p in state.ledger.players if not p.bankrupt]

    # ================================================================= dispatch
    def apply(self, state: GameState, cmd: c.Command) -> None:
        state.extra["stock_rounds_started"] = 0
        if state.ended and not isinstance(cmd, c.Expect | c.Note):
            why = state.end_reason or ""
            raise Refusal(
                f"the game has ended{f' ({why})' if why else ''}; only checks and notes are "
                f"accepted (10.1, 10.2)"
            )
        if not isinstance(cmd, c.Expect | c.Note | c.Discard | c.Adjust) and not state.ended:
            over = self.over_limit(state)
            if over:
                co = over[0]
                raise Refusal(
                    f"{co.id} holds {self.counted_trains(co)} trains over the limit of "
                    f"{self.train_limit(state)}: `discard {co.id} TYPE` first (6.83)"
                )
        super().apply(state, cmd)

    def cmd_assign(self, state: GameState, cmd: c.Assign) -> None:
        """``assign``: the Steamboat marker is map-only; journaled as a remark."""
        private = state.company(self.company_id(state, cmd.private))
        target = self.company_id(state, cmd.company)
        state.ledger.events.append(Noted(text=f"{private.id} assigned to {target} (map only)"))

    # ================================================================= stock round
    def _begin_stock_round_from_setup(self, state: GameState) -> None:
        self._check_removals(state)
        state.round_kind = "SR"
        state.round_number = 1
        self._start_stock_round(state, first=True)

    def _start_stock_round(self, state: GameState, *, first: bool = False) -> None:
        if not first:
            state.round_number += 1
        state.round_kind = "SR"
        state.or_number = None
        state.operating = None
        state.operated = []
        state.consecutive_passes = 0
        state.sold_this_round = set()
        state.turn_sold = []
        state.last_actor = None
        state.auto_passed = set()
        state.ledger.events.append(RoundStarted(round_kind="SR", number=state.round_number))
        active = self.active_players(state)
        if state.priority is None or state.ledger.player(state.priority).bankrupt:
            state.priority = active[0].name if active else None
        state.current_player = state.priority
        # One command may run through a stock round where nobody can act and operating
        # rounds where nothing operates; a second such cycle waits for an explicit `pass`
        # instead of repeating itself without end.
        started = int(state.extra.get("stock_rounds_started", 0)) + 1  # type: ignore[call-overload]
        state.extra["stock_rounds_started"] = started
        if state.current_player:
            state.ledger.events.append(TurnStarted(who=state.current_player))
            if started <= 1:
                self._auto_pass(state)

    def _stock_turn(self, state: GameState, word: str, verb: str) -> str:
        """The player acting in the stock round; refuses out-of-turn actions (5.11)."""
        if state.round_kind == "setup":
            self._begin_stock_round_from_setup(state)
        elif state.round_kind == "OR":
            self._finish_operating_for_stock_round(state, verb)
        player = self.player_name(state, word)
        if state.ledger.player(player).bankrupt:
            raise Refusal(f"{player} is bankrupt and out of the game (6.89)")
        if state.current_player != player:
            raise Refusal(
                f"it is {state.current_player}'s turn in the stock round, not {player}'s (5.11)"
            )
        return player

    def _finish_operating_for_stock_round(
        self, state: GameState, verb: str, *, passing: str | None = None
    ) -> None:
        """A stock-round command in an operating round ends the last turns, if the rules allow.

        Only the turns of the operating round the command was given in are ended (never past
        a compulsory step, see :meth:`_end_company_turn`).  ``passing``: the player a
        ``pass`` names; when the stock round that follows ended at once because the tool
        passed every player (5.11, 5.13), a ``pass`` for one of them is accepted and
        changes nothing more (the contract), and this returns with the next OR begun.
        """
        start = (state.round_number, state.or_number)
        while (
            state.round_kind == "OR"
            and not state.ended
            and state.operating is not None
            and (state.round_number, state.or_number) == start
        ):
            self._end_company_turn(state, implicit_by=f"a `{verb}`")
        if state.ended:
            raise Refusal(
                f"`{verb}` belongs to a stock round, and none follows: the bank has broken and "
                f"the game ends with this operating round (10.1)"
            )
        if state.round_kind == "SR":
            return
        if state.round_number > start[0]:
            if passing is not None and passing in state.auto_passed:
                return
            raise Refusal(
                f"`{verb}` belongs to stock round {state.round_number}, which ended at once: "
                f"no player had a legal sale or purchase, so the tool passed them all "
                f"(5.11, 5.13)"
            )
        raise Refusal(
            f"`{verb}` belongs to a stock round; the operating rounds are not over (4)"
        )

    # ----------------------------------------------------------- checks (pure)
    def check_buy(self, state: GameState, player: str, company: Company, source: str) -> str | None:
        """Why ``player`` may not buy a ``company`` share from ``source`` now, or ``None``."""
        cid = company.id
        if (player, cid) in state.sold_this_round:
            return f"{player} already sold {cid} this stock round (5.38)"
        holder = cid if source == "ipo" else POOL
        certs = company.certs_of(holder)
        ordinary = [x for x in certs if not x.president]
        held = company.holder_percent(player)
        if not ordinary:
            if source == "pool" and certs and held >= 10:
                pass  # 7.13 NOTE: a virtual share swapping for the president's certificate
            elif source == "ipo":
                return f"{cid} has no share left in its treasury (5.33)"
            elif certs:
                return (
                    f"the {cid} president's certificate cannot "
                    "be bought from the Stock Market (7.13)"
                )
            else:
                return f"no {cid} share is in the Stock Market (5.32)"
        if held + 10 > 60:
            return f"{player} would own more than 60% of {cid} (5.36)"
        limit = self.cert_limit(state)
        if self.cert_count(state, player) + 1 > limit:
            return f"{player} is at the certificate limit of {limit} (5.39)"
        price = state.price(cid)
        cash = state.ledger.player(player).cash
        if cash < price:
            rule = "5.33" if source == "ipo" else "5.32"
            return (
                f"{player} has {self.money(cash)}, a {cid} share costs {self.money(price)} ({rule})"
            )
        return None

    def check_par(self, state: GameState, player: str, company: Company, price: int) -> str | None:
        """Why ``player`` may not launch ``company`` at ``price``, or ``None`` (5.34)."""
        if company.launched:
            return f"{company.id} is already launched (5.34)"
        if price not in PARS:
            return f"{company.id} must start at one of {', '.join(map(str, PARS))} (5.34)"
        limit = self.cert_limit(state)
        if self.cert_count(state, player) + 1 > limit:
            return f"{player} is at the certificate limit of {limit} (5.39)"
        cash = state.ledger.player(player).cash
        if cash < 2 * price:
            return (
                f"{player} has {self.money(cash)}, the president's "
                f"certificate costs {self.money(2 * price)} (5.12)"
            )
        return None

    def check_sell(
        self, state: GameState, player: str, company: Company, n: int, *, protect: str | None = None
    ) -> str | None:
        """Why ``player`` may not sell ``n`` shares of ``company``, or ``None`` (5.2)."""
        cid = company.id
        if not company.launched:
            return f"{cid} has not been launched (5.34)"
        if self.in_receivership(company):
            return (
                f"{cid}'s president's certificate is in the "
                "Stock Market: its shares cannot be sold (7.13)"
            )
        held = company.holder_percent(player)
        if held < 10 * n:
            plural = "s" if n > 1 else ""
            return f"{player} holds {held}% of {cid}, cannot sell {n} share{plural} (5.21)"
        president = company.president()
        if not company.operated and president != player:
            return f"only {cid}'s president may sell it before it has operated (5.23)"
        if company.holder_percent(POOL) + 10 * n > 50:
            return f"the Stock Market may hold at most 50% of {cid} (5.25)"
        if president == player:
            new = self._successor(state, company, player, held - 10 * n)
            if new is None and held - 10 * n < 20:
                return (
                    f"{player}'s president's certificate of "
                    f"{cid} cannot go to the Stock Market (5.25)"
                )
            if new is not None and protect == cid:
                return (
                    f"{player} may not sell {cid} shares that change "
                    "the presidency of the operating corporation (6.88)"
                )
        return None

    def _successor(
        self, state: GameState, company: Company, seller: str, remaining: int
    ) -> str | None:
        """Who takes the presidency when the president keeps ``remaining`` percent (5.24).

        The player holding the most, at least 20% and more than the president keeps,
        ties resolved clockwise from the seller.
        """
        best: str | None = None
        best_pct = max(remaining, 19)
        for p in _seat_order_from(state.ledger.players, seller):
            pct = company.holder_percent(p.name)
            if pct > best_pct:
                best, best_pct = p.name, pct
        return best

    # ----------------------------------------------------------- commands
    def cmd_par(self, state: GameState, cmd: c.Par) -> None:
        """``par``: launch a corporation (5.34, 5.35)."""
        player = self._stock_turn(state, cmd.player, "par")
        company = self.corp(state, cmd.corp)
        why = self.check_par(state, player, company, cmd.price)
        if why:
            raise Refusal(why)
        pres = next(x for x in company.certificates if x.president)
        state.ledger.transfer(player, company.id, 2 * cmd.price, f"launches {company.id} (5.34)")
        state.ledger.move_certificate(company, pres, player, "president's certificate (5.34)")
        company.launched = True
        company.value = cmd.price
        state.place_price(company.id, cmd.price, "starting price (5.34)")
        state.ledger.events.append(
            PresidentChanged(company=company.id, before=None, after=player, reason="launch (5.34)")
        )
        if company.id == "IC":
            self.bank_pays(state, "IC", cmd.price, "land grant bonus (5.35)")
        state.last_actor = player
        self._end_stock_turn(state, player, bought=True)

    def cmd_buy(self, state: GameState, cmd: c.Buy) -> None:
        """``buy``: one certificate from the treasury or the Stock Market (5.31-5.39)."""
        player = self._stock_turn(state, cmd.player, "buy")
        company = self.launched(state, cmd.corp)
        source = cmd.source
        if source is None:
            source = "ipo" if company.certs_of(company.id) else "pool"
        why = self.check_buy(state, player, company, source)
        if why:
            raise Refusal(why)
        self._buy_share(state, player, company, source)
        state.last_actor = player
        self._end_stock_turn(state, player, bought=True)

    def _buy_share(self, state: GameState, player: str, company: Company, source: str) -> None:
        cid = company.id
        price = state.price(cid)
        holder = cid if source == "ipo" else POOL
        if source == "ipo":
            state.ledger.transfer(
                player, cid, price, f"buys a {cid} share from its treasury (5.33)"
            )
        else:
            state.ledger.transfer(
                player, BANK, price, f"buys a {cid} share from the Stock Market (5.32)"
            )
        ordinary = [x for x in company.certs_of(holder) if not x.president]
        if ordinary:
            state.ledger.move_certificate(company, ordinary[0], player, "bought")
        else:  # 7.13 NOTE: only the president's certificate is in the pool
            own = next(x for x in company.certs_of(player) if not x.president)
            state.ledger.move_certificate(
                company, own, POOL, "swapped for the president's certificate (7.13)"
            )
            pres = next(x for x in company.certs_of(POOL) if x.president)
            state.ledger.move_certificate(company, pres, player, "virtual share (7.13)")
            state.ledger.events.append(
                PresidentChanged(company=cid, before=POOL, after=player, reason="7.13")
            )
            return
        president = company.president()
        held = company.holder_percent(player)
        if president == POOL:
            if held >= 20:
                self._swap_presidency(
                    state, company, POOL, player, "a holder of 20% takes over (7.13)"
                )
        elif president != player and president is not None:
            if held > company.holder_percent(president):
                self._swap_presidency(state, company, president, player, "holds more (5.37)")

    def _swap_presidency(
        self, state: GameState, company: Company, old: str, new: str, reason: str
    ) -> None:
        """The new president gives two 10% shares for the president's certificate (5.24, 5.37)."""
        pres = next(x for x in company.certificates if x.president)
        ordinary = [x for x in company.certs_of(new) if not x.president][:2]
        for cert in ordinary:
            state.ledger.move_certificate(
                company, cert, old, f"exchanged for the president's certificate ({reason})"
            )
        state.ledger.move_certificate(company, pres, new, f"presidency ({reason})")
        state.ledger.events.append(
            PresidentChanged(company=company.id, before=old, after=new, reason=reason)
        )

    def cmd_sell(self, state: GameState, cmd: c.Sell) -> None:
        """``sell``: shares to the Stock Market (5.2), or a president's sale for a train (6.88)."""
        if state.round_kind == "OR" and self._forced_purchase(state) is not None:
            self._sell_for_train(state, cmd)
            return
        player = self._stock_turn(state, cmd.player, "sell")
        company = self.launched(state, cmd.corp)
        if company.id in state.turn_sold:
            raise Refusal(
                f"{player} already sold {company.id} this turn: sell all of it in one action (5.22)"
            )
        why = self.check_sell(state, player, company, cmd.count)
        if why:
            raise Refusal(why)
        self._sell_shares(state, player, company, cmd.count)
        state.sold_this_round.add((player, company.id))
        state.turn_sold.append(company.id)
        state.last_actor = player
        self._auto_pass_if_stuck_after_sale(state, player)

    def _sell_shares(self, state: GameState, player: str, company: Company, n: int) -> None:
        """Carry out a checked sale: presidency first (5.24), then cash, then the price (5.22)."""
        cid = company.id
        was_president = company.president() == player
        if was_president:
            remaining = company.holder_percent(player) - 10 * n
            new = self._successor(state, company, player, remaining)
            if new is not None:
                self._swap_presidency(state, company, player, new, "sale by the president (5.24)")
        price = state.price(cid)
        ordinary = [x for x in company.certs_of(player) if not x.president][:n]
        for cert in ordinary:
            state.ledger.move_certificate(company, cert, POOL, "sold (5.21)")
        self.bank_pays(
            state,
            player,
            price * n,
            f"sells {n} {cid} share{'s' if n > 1 else ''} at {self.money(price)} (5.21)",
        )
        if was_president:
            state.move_price(cid, -1, "sale by the president (5.22)")
            closed = self._close_if_zero(state, company, "price fell to $0 (5.26)")
            if closed and state.operating == cid:
                # A president selling the operating corporation's own shares for its train
                # (6.88) can close it (5.26): its turn is over and the next company operates.
                self._next_operator(state)

    def cmd_pass(self, state: GameState, cmd: c.Pass) -> None:
        """``pass``: ends a stock turn (5.11, 5.13)."""
        if state.round_kind == "setup":
            # Starting the first stock round may already pass players with no legal move.
            self._begin_stock_round_from_setup(state)
        if state.round_kind in ("SR", "OR"):
            name = self.player_name(state, cmd.player)
            if name in state.auto_passed and state.current_player != name:
                return  # the tool already passed this player (spec: accepted, changes nothing)
            if state.round_kind == "OR":
                self._finish_operating_for_stock_round(state, "pass", passing=name)
                if state.round_kind == "OR":
                    return  # the stock round came and went, this player passed by the tool
        player = self._stock_turn(state, cmd.player, "pass")
        limit = self.cert_limit(state)
        # 5.43 names an excess caused by a presidency change; the rules are silent on one
        # left by a closing (8.2).  A banker asks the same: sell down, if possible, on the
        # player's next stock turn.
        if self.cert_count(state, player) > limit and self._can_sell_anything(state, player):
            raise Refusal(
                f"{player} holds more than {limit} certificates and must sell first (5.43)"
            )
        self._end_stock_turn(state, player, bought=False)

    def _can_sell_anything(self, state: GameState, player: str) -> bool:
        return any(
            self.check_sell(state, player, co, 1) is None
            for co in state.ledger.corporations()
            if co.launched and co.holder_percent(player) and co.id not in state.turn_sold
        )

    def _can_buy_anything(self, state: GameState, player: str) -> bool:
        # Cheap necessary conditions first (the same ones check_buy/check_par refuse on):
        # at the certificate limit nothing can be bought (5.39), nor what costs more than
        # the player's cash.
        if self.cert_count(state, player) + 1 > self.cert_limit(state):
            return False
        cash = state.ledger.player(player).cash
        for co in state.ledger.corporations():
            if co.launched:
                if cash < state.price(co.id):
                    continue
                for src in ("ipo", "pool"):
                    if self.check_buy(state, player, co, src) is None:
                        return True
            elif self.check_par(state, player, co, PARS[0]) is None:
                return True
        return False

    def _end_stock_turn(self, state: GameState, player: str, *, bought: bool) -> None:
        """After a purchase or a pass the turn goes clockwise (5.11); all passing ends the round."""
        acted = bought or bool(state.turn_sold)
        if acted:
            state.consecutive_passes = 0
        else:
            state.consecutive_passes += 1
            state.ledger.events.append(Passed(player=player))
        self._next_stock_player(state, player)

    def _next_stock_player(self, state: GameState, player: str) -> None:
        state.turn_sold = []
        active = self.active_players(state)
        if state.consecutive_passes >= len(active):
            self._end_stock_round(state)
            return
        following = [p for p in _seat_order_from(state.ledger.players, player) if not p.bankrupt]
        state.current_player = following[0].name if following else player
        state.ledger.events.append(TurnStarted(who=state.current_player))
        self._auto_pass(state)

    def _auto_pass(self, state: GameState) -> None:
        """Pass a player with no legal sale or purchase (spec: the tool passes them)."""
        player = state.current_player
        if player is None or state.round_kind != "SR":
            return
        if self._can_buy_anything(state, player) or self._can_sell_anything(state, player):
            return
        state.auto_passed.add(player)
        state.consecutive_passes += 1
        state.ledger.events.append(
            Passed(player=player, auto=True, reason="no legal sale or purchase")
        )
        self._next_stock_player(state, player)

    def _auto_pass_if_stuck_after_sale(self, state: GameState, player: str) -> None:
        """5.11: a turn is sales and then one purchase; with neither left, the turn is over.

        After a sale, when the player can neither buy a certificate nor sell anything more
        this turn, the tool ends the turn.  It is a turn with an action, not a pass: the sale
        keeps the round going (5.13).  A ``pass`` the banker then writes for the player is
        accepted and changes nothing (see :meth:`cmd_pass`).
        """
        if state.round_kind != "SR" or state.current_player != player:
            return
        if self._can_buy_anything(state, player) or self._can_sell_anything(state, player):
            return
        state.auto_passed.add(player)
        state.ledger.events.append(
            Noted(text=f"{player} can neither buy nor sell more: the turn ends (5.11)")
        )
        self._end_stock_turn(state, player, bought=False)

    def _end_stock_round(self, state: GameState) -> None:
        """Priority deal (5.51), then price moves in stock price order (5.52), then the ORs."""
        if state.last_actor is not None:
            following = [
                p
                for p in _seat_order_from(state.ledger.players, state.last_actor)
                if not p.bankrupt
            ]
            new = following[0].name if following else state.last_actor
            if new != state.priority:
                state.priority = new
                state.ledger.events.append(PriorityChanged(player=new))
        market = state.linear()
        done: set[str] = set()
        while True:
            left = [
                co.id for co in state.ledger.corporations() if co.launched and co.id not in done
            ]
            if not left:
                break
            cid = market.order(left)[0]
            done.add(cid)
            company = state.company(cid)
            if company.holder_percent(POOL):
                state.move_price(cid, -1, "shares in the Stock Market (5.52)")
                self._close_if_zero(state, company, "price fell to $0 (5.26)")
            elif self.player_shares(state, company) == 10:
                state.move_price(cid, 1, "100% held by players (5.52)")
        state.current_player = None
        self._start_operating_round(state, 1)

    # ================================================================= operating rounds
    def _start_operating_round(self, state: GameState, number: int) -> None:
        state.round_kind = "OR"
        state.or_number = number
        if number > 1:
            state.auto_passed = set()
        state.operated = []
        state.operating = None
        state.ledger.events.append(
            RoundStarted(round_kind="OR", number=state.round_number, or_number=number)
        )
        self._private_income(state)
        self._next_operator(state)

    def _private_income(self, state: GameState) -> None:
        """4.2 A: owners of private companies receive income, players in seat order first."""
        privates = [
            co
            for co in state.ledger.companies.values()
            if co.kind in ("private", "independent") and co.owner and not co.closed and co.income
        ]
        order = {p.name: i for i, p in enumerate(state.ledger.players)}
        privates.sort(key=lambda co: (0, order[co.owner]) if co.owner in order else (1, 0))
        for co in privates:
            assert co.owner is not None
            self.bank_pays(
                state, co.owner, co.income, f"{co.id} income to {co.owner} (6.1 A)"
            )

    def operating_order(self, state: GameState) -> list[str]:
        """Who still operates this round: independents, then stock price order (4.2, 4.3)."""
        order = [
            i
            for i in INDEPENDENTS
            if self._independent_operates(state, i) and i not in state.operated
        ]
        corps = [
            co.id
            for co in state.ledger.corporations()
            if co.launched and co.id not in state.operated
        ]
        first_or = state.round_number == 1 and state.or_number == 1
        return order + state.linear().order(corps, descending=not first_or)

    def _independent_operates(self, state: GameState, cid: str) -> bool:
        co = state.company(cid)
        return (
            not co.closed
            and not co.removed
            and co.owner is not None
            and state.ledger.is_player(co.owner)
        )

    def _next_operator(self, state: GameState) -> None:
        order = self.operating_order(state)
        if not order:
            self._end_operating_round(state)
            return
        cid = order[0]
        state.operating = cid
        state.operated.append(cid)
        state.ran = False
        state.issued = 0
        state.redeemed = 0
        state.emergency_issued = False
        state.president_paid = False
        state.bought_private_this_turn = []
        state.ledger.events.append(TurnStarted(who=cid))

    def _end_operating_round(self, state: GameState) -> None:
        state.operating = None
        if state.or_number is not None and state.or_number < state.ors_in_set:
            self._start_operating_round(state, state.or_number + 1)
            return
        if state.bank_broken:
            self._end_game(
                state,
                f"the bank broke in round set {state.broken_in_round} (10.1); the game ended "
                f"after that set's operating rounds",
            )
            return
        self._start_stock_round(state)

    def _end_company_turn(self, state: GameState, implicit_by: str | None = None) -> None:
        """End the operating company's turn, unless a compulsory step is left (6.2 D, 6.86)."""
        cid = state.operating
        assert cid is not None
        company = state.company(cid)
        if not company.closed:
            if not state.ran:
                hint = f" before {implicit_by}" if implicit_by else ""
                raise Refusal(
                    f"{cid} has not run yet{hint}: its dividend step is compulsory "
                    f"(6.2 D; `run {cid} 0` without a route)"
                )
            if self._forced_purchase(state) is not None:
                raise Refusal(f"{cid} has no train and must buy one (6.86)")
            company.operated = True
        self._next_operator(state)

    def _forced_purchase(self, state: GameState) -> Company | None:
        """The operating corporation if it must still buy a train (6.86)."""
        cid = state.operating
        if cid is None or not state.ran:
            return None
        company = state.company(cid)
        if (
            company.kind != "corporation"
            or company.closed
            or company.trains
            or self.in_receivership(company)
            or not self.all_trains(state)
        ):
            return None
        return company

    def operating_company(self, state: GameState, word: str) -> Company:
        """The company named, which must be operating now; later companies end earlier turns."""
        if state.round_kind != "OR":
            if state.round_kind == "setup":
                raise Refusal("the game has not reached an operating round yet (4)")
            raise Refusal(
                f"{word} can act only in an operating round; "
                f"this is stock round {state.round_number} (4)"
            )
        cid = self.company_id(state, word)
        company = state.company(cid)
        if company.closed:
            raise Refusal(f"{cid} has closed (8.1)")
        if cid == state.operating:
            return company
        if cid in state.operated or cid not in self.operating_order(state):
            self._into_next_operating_round(state, cid)
            if cid == state.operating:
                return company
        if cid in state.operated:
            raise Refusal(f"{cid} has already operated in this operating round (6.1)")
        if cid not in self.operating_order(state):
            raise Refusal(f"{cid} does not operate in this round (6.1)")
        while state.operating != cid:
            if state.operating is None or state.round_kind != "OR":
                raise Refusal(f"{cid} does not operate in this round (6.1)")
            self._end_company_turn(state, implicit_by=f"{cid} operates")
            if state.operating != cid and state.operating is not None:
                raise Refusal(
                    f"{state.operating} operates before {cid} (4.3): it has not run yet (6.2 D)"
                )
        return company

    def _into_next_operating_round(self, state: GameState, cid: str) -> None:
        """A command for a company of the next operating round ends this one, if it may.

        The contract (``done``): a command for the next round ends the current company's
        turn.  When the company now operating is the last of the round (4.2, 6.1) its turn
        ends as ``done`` would (never past its dividend step, 6.2 D, or a forced train
        purchase, 6.86), the round ends and the next operating round starts (private
        income, 6.1 A).  Nothing happens when others are still to operate this round, or
        when the next round is a stock round; the caller then refuses as before.
        """
        current = state.operating
        if current is None or self.operating_order(state):
            return
        if state.or_number is None or state.or_number >= state.ors_in_set:
            if cid in state.operated or self._operates_next_set(state, cid):
                raise Refusal(
                    f"{cid} has already operated in operating round {state.round_number}."
                    f"{state.or_number}, the last of this set; a stock round comes next (4)"
                )
            return
        if not self._operates_next_set(state, cid):
            return
        self._end_company_turn(state, implicit_by=f"{cid} operates in the next round")
        if state.round_kind != "OR" or state.ended:  # pragma: no cover - guarded above
            raise Refusal(f"{cid} does not operate in this round (6.1)")

    def _operates_next_set(self, state: GameState, cid: str) -> bool:
        """Whether ``cid`` operates in a following operating round (it is in play)."""
        company = state.company(cid)
        if company.kind == "independent":
            return self._independent_operates(state, cid)
        return company.kind == "corporation" and company.launched and not company.closed

    # ----------------------------------------------------------- OR commands
    def cmd_done(self, state: GameState, cmd: c.Done) -> None:
        """``done``: end the company's operating turn."""
        self.operating_company(state, cmd.company)
        self._end_company_turn(state)

    def cmd_spend(self, state: GameState, cmd: c.Spend) -> None:
        """``spend``: track, tokens, terrain or fees paid to the bank (6.4, 6.5)."""
        company = self.operating_company(state, cmd.company)
        if self.in_receivership(company):
            raise Refusal(
                f"{company.id} is in receivership: it lays no track and places no tokens (7.14)"
            )
        if cmd.amount < 1:
            # The script language refuses it too ("amount must be at least 1"): a spend of
            # nothing moves no money, and a journal line that moves nothing could not be
            # written back as a script.  One rule for the dialog, the bar and the script.
            raise Refusal(
                f"a spend of {self.money(cmd.amount)} changes nothing: the amount must be at "
                f"least {self.money(1)} (6.4, 6.5)"
            )
        # The rules put track and tokens before the run (6.2 B); the tool accepts a cost
        # entered later in the turn, as bankers often do, since only the amount matters.
        if company.cash < cmd.amount:
            raise Refusal(
                f"{company.id} has {self.money(company.cash)}, "
                f"cannot spend {self.money(cmd.amount)} (6.4, 6.5)"
            )
        state.ledger.transfer(
            company.id, BANK, cmd.amount, cmd.purpose or "track and tokens (6.4-6.5)"
        )

    def cmd_issue(self, state: GameState, cmd: c.Issue) -> None:
        """``issue``: treasury shares to the Stock Market (6.31), or for a train (6.86)."""
        company = self.operating_company(state, cmd.corp)
        self._must_be_corporation(company, "issue shares")
        if self.in_receivership(company):
            raise Refusal(f"{company.id} is in receivership and cannot issue shares (7.14)")
        n = cmd.count
        limit = self.issue_limit(state, company)
        if state.ran:
            if self._forced_purchase(state) is None:
                raise Refusal(f"{company.id} issues shares before its dividend step (6.2 A, 6.31)")
            self._emergency_issue(state, company, n, limit)
            return
        if state.redeemed:
            raise Refusal(f"{company.id} redeemed shares this turn and may not also issue (6.3)")
        if n > limit:
            raise Refusal(
                f"{company.id} may issue at most {limit} share{'s' if limit != 1 else ''} now "
                f"(shares held by players minus those in the Stock Market, 6.31)"
            )
        value = state.linear().value_at_offset(company.id, -1)
        certs = [x for x in company.certs_of(company.id) if not x.president][:n]
        for cert in certs:
            state.ledger.move_certificate(company, cert, POOL, "issued (6.31)")
        self.bank_pays(state, company.id, value * n, f"issues {n} at {self.money(value)} (6.31)")
        state.issued += n

    def issue_limit(self, state: GameState, company: Company) -> int:
        """Shares held by players minus those in the Stock Market, at most the treasury's (6.31)."""
        treasury = len([x for x in company.certs_of(company.id) if not x.president])
        return max(
            0, min(treasury, self.player_shares(state, company) - self.shares(company, POOL))
        )

    def _emergency_issue(
        self, state: GameState, company: Company, n: int, limit: int, *, advance: bool = True
    ) -> None:
        """6.86: the price moves left a column per share first; each brings one value less.

        6.87 lets a corporation that can afford only the cheaper type of train issue shares
        toward the dearer one, so the issue is refused only when every train is affordable.
        ``advance``: when the issue closes the corporation, start the next company's turn.
        """
        if state.emergency_issued:
            raise Refusal(f"{company.id} has already issued shares for this train purchase (6.86)")
        dearest = self.dearest_train(state) or 0
        if company.cash >= dearest:
            raise Refusal(
                f"{company.id} can pay for any train itself; it issues before its dividend "
                f"step (6.31, 6.87)"
            )
        if n > limit:
            raise Refusal(
                f"{company.id} may issue at most {limit} "
                f"share{'s' if limit != 1 else ''} (6.86, 6.31)"
            )
        market = state.linear()
        fewer = company.cash + (n - 1) * market.value_at_offset(company.id, -n)
        if n > 1 and fewer >= dearest:
            raise Refusal(
                f"{n - 1} share{'s' if n > 2 else ''} would already pay for any train: "
                f"issue no more than needed (6.86)"
            )
        state.move_price(company.id, -n, f"issues {n} for a forced train purchase (6.86)")
        value = market.value_at_offset(company.id, -1)
        certs = [x for x in company.certs_of(company.id) if not x.president][:n]
        for cert in certs:
            state.ledger.move_certificate(
                company, cert, POOL, "issued for a forced train purchase (6.86)"
            )
        self.bank_pays(state, company.id, value * n, f"issues {n} at {self.money(value)} (6.86)")
        state.emergency_issued = True
        state.issued += n
        closed = self._close_if_zero(state, company, "price fell to $0 issuing shares (6.86)")
        if closed and advance:
            self._next_operator(state)

    def cmd_redeem(self, state: GameState, cmd: c.Redeem) -> None:
        """``redeem``: buy shares back from the Stock Market at one value more (6.32)."""
        company = self.operating_company(state, cmd.corp)
        self._must_be_corporation(company, "redeem shares")
        if self.in_receivership(company):
            raise Refusal(f"{company.id} is in receivership and cannot redeem shares (7.14)")
        if state.ran:
            raise Refusal(f"{company.id} redeems shares before its dividend step (6.2 A, 6.32)")
        if state.issued:
            raise Refusal(f"{company.id} issued shares this turn and may not also redeem (6.3)")
        n = cmd.count
        in_pool = [x for x in company.certs_of(POOL) if not x.president]
        if n > len(in_pool):
            raise Refusal(
                f"only {len(in_pool)} {company.id} "
                f"share{'s are' if len(in_pool) != 1 else ' is'} in the Stock Market (6.32)"
            )
        # At $550 there is no value further right; the rules are silent, and the price
        # stops at $550 elsewhere (6.75), so a redemption there costs $550 a share.
        value = state.linear().value_at_offset(company.id, 1)
        if company.cash < value * n:
            raise Refusal(
                f"{company.id} has {self.money(company.cash)}, "
                f"redeeming {n} costs {self.money(value * n)} (6.32)"
            )
        state.ledger.transfer(
            company.id, BANK, value * n, f"redeems {n} at {self.money(value)} (6.32)"
        )
        for cert in in_pool[:n]:
            state.ledger.move_certificate(company, cert, company.id, "redeemed (6.32)")
        state.redeemed += n

    @staticmethod
    def _must_be_corporation(company: Company, what: str) -> None:
        if company.kind != "corporation":
            raise Refusal(f"{company.id} is an independent railroad and cannot {what} (6.2 NOTE)")

    # ----------------------------------------------------------- run
    def dividend_plan(
        self, state: GameState, company: Company, revenue: int, option: str | None
    ) -> Receipt:
        """Compute a run's payouts and price move without changing anything (6.7, 6.72)."""
        cid = company.id
        if revenue % 10:
            raise Refusal(f"1846 revenues are multiples of $10, not {self.money(revenue)} (6.64)")
        if revenue and not company.trains:
            raise Refusal(f"{cid} has no train to run (6.61)")
        if company.kind == "independent":
            if option not in (None, "full"):
                raise Refusal(
                    f"{cid} splits its revenue with its owner (6.72): write `run {cid} {revenue}`"
                )
            kept = revenue // 2
            owner = company.owner or "?"
            lines = (
                ReceiptLine(owner, 0, revenue - kept, "owner's half"),
                ReceiptLine(cid, 0, kept, "treasury half"),
            )
            return Receipt(
                cid, revenue, "split", 0, 0, lines, None, None, "6.72", currency=self.currency
            )
        receivership = self.in_receivership(company)
        if receivership:
            if option not in (None, "withhold"):
                raise Refusal(f"{cid} is in receivership and always withholds (7.14)")
            option = "withhold"
        option = option or "full"
        if revenue == 0:
            option = "withhold"
        if option == "full":
            retained, paid = 0, revenue
        elif option == "half":
            retained = (revenue // 2) // 10 * 10
            paid = revenue - retained
        else:
            retained, paid = revenue, 0
        per_share = paid // 10
        lines: list[ReceiptLine] = []
        notes: list[str] = []
        if per_share:
            for p in state.ledger.players:
                n = self.shares(company, p.name)
                if n:
                    lines.append(ReceiptLine(p.name, n, n * per_share))
            n = self.shares(company, cid)
            if n:
                lines.append(ReceiptLine(cid, n, n * per_share, "treasury shares (6.71)"))
            n = self.shares(company, POOL)
            if n:
                lines.append(
                    ReceiptLine(
                        "pool", n, 0, f"{self.money(n * per_share)} stays in the bank (6.73)"
                    )
                )
        if option == "half":
            notes.append(
                f"half: {self.money(revenue)} / 2 rounded down to "
                f"$10 = {self.money(retained)} retained (6.71)"
            )
        price = state.price(cid)
        if receivership and not company.trains:
            steps, rule = -2, "no train in receivership (7.14)"
        else:
            steps, rule = self.price_steps(price, paid)
        after = state.linear().value_at_offset(cid, steps)
        return Receipt(
            cid,
            revenue,
            option,
            per_share,
            retained,
            tuple(lines),
            price,
            after,
            rule,
            tuple(notes),
            currency=self.currency,
            price_steps=steps,
        )

    @staticmethod
    def price_steps(price: int, paid: int) -> tuple[int, str]:
        """6.75: columns to move for a payout against the current price."""
        if paid == 0 or 2 * paid < price:
            return -1, "payout below half the price: 1 left (6.75)"
        if paid < price:
            return 0, "payout at least half the price: no move (6.75)"
        if paid < 2 * price:
            return 1, "payout at least the price: 1 right (6.75)"
        if price >= 165 and paid >= 3 * price:
            return 3, "payout at least 3x a price of $165 or more: 3 right (6.75)"
        return 2, "payout at least double the price: 2 right (6.75)"

    def payout_options(self, state: GameState, company_id: str) -> tuple[str, ...]:
        """What the company may do with its revenue: the run dialog offers exactly these.

        An independent railroad splits its revenue with its owner (6.72; 6.2 NOTE: it
        "must split"), written ``run MS 40`` with no option.  A corporation whose
        president's certificate lies in the Stock Market retains its earnings (7.14).
        Any other corporation pays, pays half or retains (6.2 D, 6.71).
        """
        company = state.company(self.company_id(state, company_id))
        if company.kind == "independent":
            return ("split",)
        if company.kind != "corporation":
            return ()
        if self.in_receivership(company):
            return ("withhold",)
        return super().payout_options(state, company.id)

    def bank_broke_text(self, state: GameState) -> str:
        added = (
            f"; the {self.money_grouped(state.reserve_added)} put aside at setup is added "
            f"(2.2) so it can keep paying"
            if state.reserve_added
            else ""
        )
        return (
            f"The bank has broken (10.1): it holds "
            f"{self.money_grouped(state.bank_ran_out_at or 0)}{added}; the game ends after "
            f"the operating rounds of round set {state.broken_in_round}."
        )

    def bank_note(self, state: GameState) -> str:
        base = super().bank_note(state)
        if state.ended:
            return f"{base} (10.1)"
        return f"{base}; the game ends after the operating rounds of this set (10.1)"

    def receipt(self, state: GameState, company: str, revenue: int, option: str | None) -> Receipt:
        co = state.company(self.company_id(state, company))
        return self.dividend_plan(state, co, revenue, option)

    def cmd_run(self, state: GameState, cmd: c.Run) -> None:
        """``run``: revenue and dividend (6.6, 6.7); receivership runs withhold (7.14)."""
        if cmd.mail is not None:
            raise Refusal(
                "1846 has no separate mail run: the Mail "
                "Contract bonus is part of the revenue (6.66)"
            )
        company = self.operating_company(state, cmd.company)
        cid = company.id
        if state.ran:
            raise Refusal(f"{cid} has already run this turn (6.61)")
        plan = self.dividend_plan(state, company, cmd.revenue, cmd.option)
        payouts: dict[str, int] = {}
        if company.kind == "independent":
            for line in plan.lines:
                self.bank_pays(state, line.who, line.amount, f"{cid} run split (6.72)")
                payouts[line.who] = line.amount
        else:
            for line in plan.lines:
                if line.amount:
                    self.bank_pays(
                        state,
                        line.who,
                        line.amount,
                        f"{cid} dividend {self.money(plan.per_share)}/share (6.71)",
                    )
                    payouts[line.who] = line.amount
            if plan.retained:
                self.bank_pays(state, cid, plan.retained, f"{cid} retains (6.71)")
        state.ledger.events.append(
            DividendPaid(
                company=cid,
                revenue=cmd.revenue,
                option=plan.option,
                per_share=plan.per_share,
                retained=plan.retained,
                payouts=payouts,
            )
        )
        state.ran = True
        if company.kind == "independent":
            return
        if plan.price_after != plan.price_before:  # at $550 a move right stays put (6.75)
            state.move_price(cid, plan.price_steps, plan.rule)
        # 6.69: phased-out trains are removed after the run
        self._scrap_trains(
            state,
            company,
            [t for t in company.trains if t.phased_out],
            "phased out, removed after the run (6.69)",
        )
        if self._close_if_zero(state, company, "price fell to $0 (8)"):
            self._next_operator(state)
            return
        if self.in_receivership(company) and not company.trains:
            self._receivership_buys_train(state, company)

    def _receivership_buys_train(self, state: GameState, company: Company) -> None:
        """7.14: without a train it buys the cheapest the bank has, if it can afford it."""
        variants = sorted(self.available_variants(state), key=lambda v: v[1])
        if variants and company.cash >= variants[0][1]:
            name, price, train = variants[0]
            self._buy_from_bank(
                state,
                company,
                name,
                price,
                train,
                president_pays=0,
                reason=f"in receivership buys the cheapest train, a {name}, for "
                f"{self.money(price)} (7.14)",
            )

    # ----------------------------------------------------------- trains
    def cmd_train(self, state: GameState, cmd: c.BuyTrain) -> None:
        """``train``: buy a train from the bank or another corporation (6.8)."""
        company = self.operating_company(state, cmd.corp)
        cid = company.id
        if company.kind != "corporation":
            raise Refusal(f"{cid} is an independent railroad and cannot buy trains (6.2 NOTE)")
        if cmd.credit:
            raise Refusal("1846 has no trains on credit (6.81)")
        if cmd.source == "pool":
            raise Refusal("1846 has no train pool: trains given back return to the bank (6.83)")
        if self.in_receivership(company):
            raise Refusal(
                f"{cid} is in receivership: it buys the cheapest train itself when it can (7.14)"
            )
        if not state.ran:
            raise Refusal(f"{cid} buys trains after its dividend step (6.2 E)")
        limit = self.train_limit(state)
        if self.counted_trains(company) >= limit:
            raise Refusal(f"{cid} is at the train limit of {limit} (6.83)")
        name = cmd.train.upper().replace("-", "")
        if name not in VARIANT_CARD:
            raise Refusal(f"no {cmd.train} train in 1846 (trains: {', '.join(VARIANT_CARD)})")
        if cmd.source is not None:
            self._buy_from_company(state, company, name, cmd.source, cmd.price or 0)
            return
        match = [v for v in self.available_variants(state) if v[0] == name]
        if not match:
            offer = (
                ", ".join(f"{n} {self.money(p)}" for n, p, _ in self.available_variants(state))
                or "none"
            )
            raise Refusal(f"the bank does not sell a {name} train now (6.81); it sells: {offer}")
        _, price, train = match[0]
        president_pays = 0
        if company.cash < price:
            president_pays = self._president_share(state, company, name, price)
        self._buy_from_bank(state, company, name, price, train, president_pays)

    def _president_share(self, state: GameState, company: Company, name: str, price: int) -> int:
        """How much the president adds in a forced purchase, or a refusal (6.86-6.88)."""
        cid = company.id
        short = f"{cid} has {self.money(company.cash)}, the {name} costs {self.money(price)}"
        if self._forced_purchase(state) is None:
            raise Refusal(f"{short}; a president adds money only to a forced purchase (6.86)")
        # The "Experienced players" summary says a corporation that can pay itself "must buy
        # the earliest available train of a type it can afford"; 6.86 lets it buy either type
        # with its own cash, and the tool follows the full rule.
        # 6.87 before 6.86: a corporation that can afford the cheaper train need not issue,
        # and its president may not pay toward the dearer one.
        cheapest = self.cheapest_train(state) or 0
        if company.cash >= cheapest:
            raise Refusal(
                f"{short}: it can afford a train for {self.money(cheapest)}, so its president "
                f"may not pay toward a dearer one (6.87)"
            )
        if self.can_still_issue(state, company):
            raise Refusal(f"{short}: it must first issue shares (6.86): `issue {cid} N`")
        president = company.president()
        assert president is not None and president != POOL
        need = price - company.cash
        cash = state.ledger.player(president).cash
        if cash < need:
            raise Refusal(
                f"{short}; {president} has {self.money(cash)} of the {self.money(need)} needed: "
                f"sell shares (6.88) or declare bankruptcy (6.89)"
            )
        return need

    def can_still_issue(self, state: GameState, company: Company) -> bool:
        """Whether a forced purchase still requires an emergency issue first (6.86).

        An issue that would bring $0 a share is not required (BGG ruling noted in the
        facts); the rulebook is silent on it.
        """
        if state.emergency_issued or self.issue_limit(state, company) < 1:
            return False
        return state.linear().value_at_offset(company.id, -2) > 0

    def _buy_from_bank(
        self,
        state: GameState,
        company: Company,
        name: str,
        price: int,
        train: Train,
        president_pays: int,
        reason: str = "",
    ) -> None:
        """Sell ``train`` as ``name``; ``reason``: why the tool bought it by itself."""
        cid = company.id
        if president_pays:
            president = company.president()
            assert president is not None
            state.ledger.transfer(
                cid,
                BANK,
                company.cash,
                f"{cid} pays all its {self.money(company.cash)} toward its {name}-train (6.86)",
            )
            state.ledger.transfer(
                president,
                BANK,
                president_pays,
                f"{president} pays {self.money(president_pays)} toward {cid}'s {name}-train "
                f"(6.86)",
            )
            state.president_paid = True
        elif reason:
            state.ledger.transfer(cid, BANK, price, f"{cid} {reason}")
        else:
            state.ledger.transfer(cid, BANK, price, f"buys a {name} train (6.81)")
        new_phase = None
        if train in state.returned:
            state.returned.remove(train)
        else:
            state.depot.remove(train)
            card_phase = CARD_PHASE[train.card]
            if PHASES.index(card_phase) > PHASES.index(state.phase):
                new_phase = card_phase
            if train.card == "6" and not state.depot:  # 6.84: phase IV trains are unlimited
                state.depot.append(self._new_train(state, "6", ""))
        train.name = name
        train.phased_out = False
        company.trains.append(train)
        state.ledger.events.append(
            TrainMoved(
                train=name,
                source="bank",
                target=cid,
                price=price,
                reason=reason or "bought from the bank (6.81)",
            )
        )
        if new_phase:
            self._set_phase(state, new_phase, f"{cid} bought the first {name}-train")

    def _buy_from_company(
        self, state: GameState, company: Company, name: str, source: str, price: int
    ) -> None:
        cid = company.id
        seller = state.company(self.company_id(state, source))
        if seller.id == cid:
            raise Refusal(f"{cid} cannot buy a train from itself (6.81)")
        if seller.kind != "corporation" or seller.closed:
            raise Refusal(f"{seller.id} is not a corporation in play (6.81)")
        if self.in_receivership(seller):
            raise Refusal(
                f"{seller.id} is in receivership: no president can agree to sell its trains "
                f"(7.14; the rules are silent, the tool follows common practice)"
            )
        if price < 1:
            raise Refusal("a train bought from another corporation costs at least $1 (6.81)")
        trains = [t for t in seller.trains if t.name == name]
        if not trains:
            raise Refusal(f"{seller.id} has no {name} train (6.81)")
        fresh = [t for t in trains if not t.phased_out]
        if not fresh:
            raise Refusal(f"{seller.id}'s {name} is phased out and cannot be sold (6.82)")
        if company.cash < price:
            raise Refusal(
                f"{cid} has {self.money(company.cash)}, cannot pay {self.money(price)}; "
                f"the president pays only toward a train from the bank (6.86)"
            )
        train = fresh[0]
        state.ledger.transfer(cid, seller.id, price, f"buys a {name} from {seller.id} (6.81)")
        seller.trains.remove(train)
        company.trains.append(train)
        state.ledger.events.append(
            TrainMoved(
                train=name,
                source=seller.id,
                target=cid,
                price=price,
                reason="bought from another corporation (6.81)",
            )
        )

    def cmd_discard(self, state: GameState, cmd: c.Discard) -> None:
        """``discard``: give back a train over the limit after a phase change (6.83)."""
        company = self.corp(state, cmd.corp)
        limit = self.train_limit(state)
        if self.counted_trains(company) <= limit:
            raise Refusal(
                f"{company.id} is within the train limit of {limit}; trains may not be "
                f"given back voluntarily (6.83)"
            )
        name = cmd.train.upper()
        trains = [t for t in company.trains if t.name == name and not t.phased_out]
        if not trains:
            raise Refusal(f"{company.id} has no {name} train that counts toward the limit (6.83)")
        train = trains[0]
        company.trains.remove(train)
        state.returned.append(train)
        state.ledger.events.append(
            TrainMoved(
                train=name, source=company.id, target="bank", reason="over the train limit (6.83)"
            )
        )

    @staticmethod
    def phase_effects(phase: str) -> list[str]:
        """What entering ``phase`` does, in words (section 9, chart 6.82)."""
        effects = [f"train limit {TRAIN_LIMIT[phase]}"]
        for card in RUST.get(phase, ()):
            names = "/".join(n for n, _ in TRAIN_VARIANTS[card])
            effects.append(f"{names}-trains rust and leave the game")
        for card in PHASE_OUT.get(phase, ()):
            names = ", ".join(n for n, _ in TRAIN_VARIANTS[card])
            effects.append(f"{names}-trains are phased out (removed after their next run, 6.69)")
        if phase == "III":
            effects.append(
                "private companies close (a corporation's Mail Contract stays)"
            )
        return effects

    def _set_phase(self, state: GameState, phase: str, cause: str = "") -> None:
        """Section 9: what each new phase does to money, trains and privates."""
        before = state.phase
        state.phase = phase
        what = f"{cause}: " if cause else "first train of the phase bought: "
        state.ledger.events.append(
            PhaseChanged(
                before=before,
                after=phase,
                reason=f"{what}{'; '.join(self.phase_effects(phase))} (6.82, 9)",
            )
        )
        for card in RUST.get(phase, ()):
            for co in state.ledger.companies.values():
                rusted = [t for t in co.trains if t.card == card]
                self._scrap_trains(state, co, rusted, f"rusts (phase {phase}, 9)")
        for card in PHASE_OUT.get(phase, ()):
            for co in state.ledger.companies.values():
                for train in co.trains:
                    if train.card == card and not train.phased_out:
                        train.phased_out = True
                        state.ledger.events.append(
                            TrainMoved(
                                train=train.name,
                                source=co.id,
                                target=co.id,
                                reason=(
                                    f"phased out (phase {phase}, 9): it runs once more and "
                                    f"leaves after that run (6.69)"
                                ),
                            )
                        )
        gone = set(RUST.get(phase, ())) | set(PHASE_OUT.get(phase, ()))
        for train in [t for t in state.returned if t.card in gone]:
            state.returned.remove(train)
            state.ledger.events.append(
                TrainMoved(
                    train=train.name,
                    source="bank",
                    target=SCRAP,
                    reason=f"returned train phased out (6.83, phase {phase})",
                )
            )
        if phase == "III":
            self._close_privates(state)

    def _close_privates(self, state: GameState) -> None:
        """Phase III removes private companies, except a corporation-owned Mail Contract (9)."""
        for co in state.ledger.companies.values():
            if co.kind not in ("private", "independent") or co.closed or co.removed:
                continue
            if co.id == "MAIL" and co.owner and not state.ledger.is_player(co.owner):
                continue
            self._close_private(state, co, "private companies close in phase III (9)")

    @staticmethod
    def _scrap_trains(state: GameState, company: Company, trains: list[Train], reason: str) -> None:
        """Remove ``trains`` of ``company`` from the game (rust, phase-out removal, closing)."""
        for train in trains:
            company.trains.remove(train)
            state.ledger.events.append(
                TrainMoved(train=train.name, source=company.id, target=SCRAP, reason=reason)
            )

    def _close_private(self, state: GameState, co: Company, reason: str) -> None:
        if co.cash:
            state.ledger.transfer(
                co.id, BANK, co.cash, f"{co.id} closes: its treasury goes to the bank ({reason})"
            )
        self._scrap_trains(state, co, list(co.trains), reason)
        co.closed = True
        state.ledger.events.append(CompanyClosed(company=co.id, reason=reason))

    # ----------------------------------------------------------- privates
    def cmd_buyprivate(self, state: GameState, cmd: c.BuyPrivate) -> None:
        """``buyprivate``: a corporation buys a private from a player (6.91-6.93)."""
        company = self.operating_company(state, cmd.corp)
        cid = company.id
        if company.kind != "corporation":
            raise Refusal(
                f"{cid} is an independent railroad and cannot buy private companies (6.2 NOTE)"
            )
        if self.in_receivership(company):
            raise Refusal(f"{cid} is in receivership and cannot buy private companies (7.14)")
        if state.phase not in ("I", "II"):
            raise Refusal("private companies are bought in phases I and II only (6.91)")
        private = state.company(self.company_id(state, cmd.private))
        if private.kind == "corporation":
            raise Refusal(f"{private.id} is a corporation, not a private company (6.91)")
        if private.closed or private.removed or private.owner is None:
            raise Refusal(f"{private.id} is not in play (6.91)")
        owner = private.owner
        if not state.ledger.is_player(owner):
            raise Refusal(
                f"{private.id} belongs to {owner}; corporations buy privates from players (6.91)"
            )
        if not 1 <= cmd.price <= private.value:
            debt = " (not including its debt)" if private.debt else ""
            raise Refusal(
                f"{private.id} sells for $1 to its list price "
                f"{self.money(private.value)}{debt} (6.91)"
            )
        if company.cash < cmd.price:
            raise Refusal(
                f"{cid} has {self.money(company.cash)}, cannot pay {self.money(cmd.price)} (6.91)"
            )
        if private.kind == "independent":
            limit = self.train_limit(state)
            if self.counted_trains(company) >= limit:
                raise Refusal(
                    f"{cid} is at the train limit of {limit} and "
                    f"cannot take {private.id}'s train (6.92)"
                )
        state.ledger.transfer(cid, owner, cmd.price, f"buys {private.id} (6.91)")
        private.owner = cid
        state.ledger.events.append(
            PrivateMoved(company=private.id, source=owner, target=cid, reason="bought (6.91)")
        )
        if private.kind == "independent":
            if private.cash:
                state.ledger.transfer(
                    private.id, cid, private.cash, f"{private.id}'s treasury (6.92)"
                )
            for train in list(private.trains):
                private.trains.remove(train)
                company.trains.append(train)
                state.ledger.events.append(
                    TrainMoved(
                        train=train.name,
                        source=private.id,
                        target=cid,
                        reason=f"{private.id}'s train (6.92)",
                    )
                )

    # ----------------------------------------------------------- forced sales, bankruptcy
    def _sell_for_train(self, state: GameState, cmd: c.Sell) -> None:
        """6.88: the president sells shares to raise the money for a forced train purchase."""
        company = self._forced_purchase(state)
        assert company is not None
        player = self.player_name(state, cmd.player)
        if company.president() != player:
            raise Refusal(
                f"only {company.id}'s president sells shares in an operating round, "
                f"to pay for its train (6.88)"
            )
        if self.can_still_issue(state, company):
            raise Refusal(f"{company.id} must first issue shares (6.86): `issue {company.id} N`")
        cheapest = self.cheapest_train(state) or 0
        if company.cash >= cheapest:
            raise Refusal(
                f"{company.id} can pay for a train itself; its president raises no money (6.87)"
            )
        dearest = self.dearest_train(state) or 0
        cash = state.ledger.player(player).cash
        if company.cash + cash >= dearest:
            raise Refusal(f"{player} already has the money needed; no further sales (6.88)")
        target = self.launched(state, cmd.corp)
        why = self.check_sell(state, player, target, cmd.count, protect=company.id)
        if why:
            raise Refusal(why)
        # "Once the amount needed has been raised, no further sales may be made" (6.88): a
        # sale of several shares at once is refused when one share fewer already raises it.
        # The amount needed is that of the dearest train on offer, since the president may
        # then buy either type (6.87, and the IC example of 6.88 selling toward a 7/8).
        fewer = company.cash + cash + (cmd.count - 1) * state.price(target.id)
        if cmd.count > 1 and fewer >= dearest:
            raise Refusal(
                f"{cmd.count - 1} share{'s' if cmd.count > 2 else ''} already "
                f"raise{'' if cmd.count > 2 else 's'} the money needed; no further sales (6.88)"
            )
        self._sell_shares(state, player, target, cmd.count)

    def best_emergency_issue(self, state: GameState, company: Company) -> tuple[int, int]:
        """The emergency issue that brings the most money: (shares, money); (0, 0) if none.

        6.86 moves the price a column left per share first and pays one value below the new
        price for each, so more shares can bring less.  A bundle that takes the price to $0
        closes the corporation (6.86, 8) and is never chosen; of bundles bringing the same
        money the smallest is (6.88: raise no more than needed, read for issues too).
        """
        if not self.can_still_issue(state, company):
            return 0, 0
        market = state.linear()
        best_n, best_cash = 0, 0
        for k in range(1, self.issue_limit(state, company) + 1):
            if market.value_at_offset(company.id, -k) <= 0:
                break
            money = k * market.value_at_offset(company.id, -(k + 1))
            if money > best_cash:
                best_n, best_cash = k, money
        return best_n, best_cash

    def raisable(self, state: GameState, player: str, protect: str) -> int:
        """Cash a president could raise by selling shares now (6.88), one sale per corporation."""
        total = 0
        for co in state.ledger.corporations():
            if not co.launched:
                continue
            best = 0
            for n in range(co.holder_percent(player) // 10, 0, -1):
                if self.check_sell(state, player, co, n, protect=protect) is None:
                    best = n
                    break
            total += best * state.price(co.id)
        return total

    def cmd_bankrupt(self, state: GameState, cmd: c.Bankrupt) -> None:
        """``bankrupt``: the president cannot pay for the forced train (6.89, 7.11-7.14)."""
        player = self.player_name(state, cmd.player)
        company = self._forced_purchase(state) if state.round_kind == "OR" else None
        if company is None or company.president() != player:
            raise Refusal(
                f"{player} can go bankrupt only as president of a corporation that must buy a "
                f"train (6.89)"
            )
        cid = company.id
        cheapest = self.cheapest_train(state) or 0
        issue_n, issue_cash = self.best_emergency_issue(state, company)
        cash = state.ledger.player(player).cash
        could = company.cash + issue_cash + cash + self.raisable(state, player, cid)
        if could >= cheapest:
            raise Refusal(
                f"{player} can still raise {self.money(could)} toward the {self.money(cheapest)} "
                f"train: issue shares (6.86), pay and sell shares (6.88)"
            )
        if issue_n:
            # 6.86 comes first: the corporation issues before its president pays.  It issues
            # the bundle that brings the most, never one that takes its price to $0: that
            # would close it (8) and raise nothing.
            self._emergency_issue(state, company, issue_n, issue_n, advance=False)
        if company.closed:
            # The rules are silent on this; a banker reads 6.86 and 8 together: a closed
            # corporation buys no train, so nobody is forced to pay for one and its president
            # is not bankrupt.  (The bundle above never reaches $0; this guards the rule.)
            state.ledger.events.append(
                Noted(
                    text=f"{cid} closed while issuing shares for its train (6.86, 8): "
                    f"{player} is not bankrupt"
                )
            )
            self._next_operator(state)
            return
        state.ledger.events.append(
            Noted(
                text=f"{player} is bankrupt (6.89): {cid} needs {self.money(cheapest)} for "
                f"a train and {player} can raise only {self.money(could)} with it"
            )
        )

        def receiver() -> str:
            # 7.11: the player's cash and share proceeds go to the corporation.  The rules
            # are silent when it has closed on the way ($0, section 8): a closed
            # corporation's treasury goes to the bank (8.1), so the money goes there.
            return BANK if company.closed else cid

        if cash:
            state.ledger.transfer(player, receiver(), cash, "bankrupt president's cash (7.11)")
        market = state.linear()
        held = [
            co.id for co in state.ledger.corporations() if co.launched and co.holder_percent(player)
        ]
        for hid in market.order(held):
            co = state.company(hid)
            if co.closed:
                continue
            n = co.holder_percent(player) // 10
            price = state.price(hid)
            was_president = co.president() == player
            for cert in co.certs_of(player):
                state.ledger.move_certificate(co, cert, POOL, "bankruptcy sale (7.11)")
            self.bank_pays(
                state,
                player,
                price * n,
                f"bankruptcy sale of {n} {hid} at {self.money(price)} (7.11)",
            )
            state.ledger.transfer(
                player, receiver(), price * n, "bankruptcy proceeds to the corporation (7.11)"
            )
            if was_president:
                new = self._successor(state, co, player, 0)
                if new is not None:
                    self._swap_presidency(state, co, POOL, new, "after a bankruptcy (7.11)")
                else:
                    state.ledger.events.append(
                        PresidentChanged(
                            company=hid, before=player, after=POOL, reason="receivership (7.13)"
                        )
                    )
                # The rules are silent on the price: 7.11 calls it a sale and 5.22 moves the
                # price one column left for a sale by the president; other holdings sold
                # in the bankruptcy do not move it (5.22).
                state.move_price(hid, -1, "sale by the president (5.22, 7.11)")
                self._close_if_zero(state, co, "price fell to $0 (8)")
        # The rules are silent on a bankrupt player's privates: they close, as a banker would.
        for co in list(state.ledger.companies.values()):
            if co.kind in ("private", "independent") and co.owner == player and not co.closed:
                self._close_private(
                    state, co, f"its owner {player} is bankrupt (6.89; closed, as a banker would)"
                )
        state.ledger.player(player).bankrupt = True
        active = self.active_players(state)
        if len(active) <= 1:
            left = active[0].name if active else "nobody"
            self._end_game(
                state, f"bankruptcy (10.2): all players but {left} are bankrupt; the game "
                f"ended at once",
            )
            return
        if state.priority == player:
            following = [
                p for p in _seat_order_from(state.ledger.players, player) if not p.bankrupt
            ]
            state.priority = following[0].name
            state.ledger.events.append(PriorityChanged(player=state.priority))
        if company.closed:
            self._next_operator(state)
        elif self.in_receivership(company) and not company.trains:
            self._receivership_buys_train(state, company)
        elif self._forced_purchase(state) is company:
            new = company.president()
            state.ledger.events.append(
                Noted(text=f"{new}, {cid}'s new president, must buy its train now (6.89, 7.11)")
            )

    # ----------------------------------------------------------- closing, game end
    def _close_if_zero(self, state: GameState, company: Company, reason: str) -> bool:
        """8.1: a corporation at $0 closes; returns whether it did."""
        if company.closed or state.price(company.id) > 0:
            return False
        cid = company.id
        if company.cash:
            state.ledger.transfer(
                cid, BANK, company.cash, f"{cid} closes: its treasury goes to the bank (8.1)"
            )
        self._scrap_trains(state, company, list(company.trains), "closed (8.1)")
        for co in state.ledger.companies.values():
            if co.owner == cid and not co.closed:
                self._close_private(state, co, f"owner {cid} closed (8.1)")
        for cert in company.certificates:
            if cert.holder != SCRAP:
                state.ledger.move_certificate(company, cert, SCRAP, "closed (8.1)")
        state.market.remove(cid)
        company.closed = True
        state.ledger.events.append(CompanyClosed(company=cid, reason=reason))
        return True

    def _end_game(self, state: GameState, reason: str) -> None:
        """10.1-10.3: the game is over; each player's score is fixed."""
        state.ended = True
        state.end_reason = reason
        state.operating = None
        state.current_player = None
        state.result = {p.name: self.player_value(state, p.name) for p in state.ledger.players}
        state.ledger.events.append(Noted(text=f"The game ends: {reason}."))

    def player_value(self, state: GameState, name: str) -> int:
        """Cash + shares at current prices + privates at list price before phase III (10.3)."""
        total = state.ledger.player(name).cash
        for co in state.ledger.companies.values():
            if co.closed or co.removed:
                continue
            if co.kind == "corporation":
                if co.launched:
                    total += co.holder_percent(name) // 10 * state.price(co.id)
            elif co.owner == name and state.phase in ("I", "II"):
                total += co.value
        return total

    # ================================================================= views
    def state_json(self, state: GameState) -> dict[str, Any]:
        ledger = state.ledger
        players = []
        for p in ledger.players:
            shares = {
                co.id: co.holder_percent(p.name)
                for co in ledger.companies.values()
                if co.kind == "corporation" and not co.closed and co.holder_percent(p.name)
            }
            privates = [
                co.id
                for co in ledger.companies.values()
                if co.kind != "corporation" and co.owner == p.name and not co.closed
            ]
            players.append(
                {
                    "name": p.name,
                    "cash": p.cash,
                    "value": self.player_value(state, p.name),
                    "shares": shares,
                    "privates": privates,
                    "certificates": self.cert_count(state, p.name),
                    "bankrupt": p.bankrupt,
                }
            )
        companies = []
        for co in ledger.companies.values():
            if co.removed:
                continue
            if co.kind != "corporation" and co.owner is None and not co.closed:
                in_play = False
            else:
                in_play = True
            entry: dict[str, Any] = {
                "id": co.id,
                "kind": co.kind,
                "name": co.name,
                "cash": co.cash,
                "price": state.price(co.id) if state.market.has(co.id) else None,
                "president": co.president() if co.kind == "corporation" else None,
                "ipo": co.holder_percent(co.id) if co.kind == "corporation" else 0,
                "pool": co.holder_percent(POOL) if co.kind == "corporation" else 0,
                "trains": [t.name for t in co.trains],
                "phased_out": [t.name for t in co.trains if t.phased_out],
                "privates": [
                    x.id for x in ledger.companies.values() if x.owner == co.id and not x.closed
                ],
                "owner": co.owner,
                "closed": co.closed,
                "launched": co.launched,
                "operated": co.operated,
                "value": co.value,
                "debt": co.debt,
                "income": co.income,
                "in_play": in_play,
            }
            companies.append(entry)
        market = state.linear()
        depot = []
        for train in self.all_trains(state):
            for name, price in TRAIN_VARIANTS[train.card]:
                depot.append({"train": name, "price": price, "returned": train in state.returned})
        remaining: dict[str, int] = {}
        for train in state.depot:
            remaining[train.card] = remaining.get(train.card, 0) + 1
        upcoming = None
        if state.depot:
            card = state.depot[0].card
            phase = CARD_PHASE[card]
            if phase != state.phase:
                upcoming = {
                    "card": card,
                    "phase": phase,
                    "train_limit": TRAIN_LIMIT[phase],
                    "phases_out": [
                        n for c in PHASE_OUT.get(phase, ()) for n, _ in TRAIN_VARIANTS[c]
                    ],
                    "rusts": [n for c in RUST.get(phase, ()) for n, _ in TRAIN_VARIANTS[c]],
                    "privates_close": phase == "III",
                }
        return {
            "title": self.title,
            "round": {
                "kind": "SR" if state.round_kind == "setup" else state.round_kind,
                "number": state.round_number,
                "or": state.or_number,
                "setup": state.round_kind == "setup",
            },
            "phase": state.phase,
            "bank": self.bank_json(state),
            "players": players,
            "companies": companies,
            "ended": state.ended,
            "result": state.result,
            "end_reason": state.end_reason,
            "ranking": self.ranking(state),
            "priority": state.priority,
            "turn": state.current_player if state.round_kind == "SR" else state.operating,
            # the acting company first, then those still to operate (4.3)
            "operating_order": (
                ([state.operating] if state.operating else []) + self.operating_order(state)
                if state.round_kind == "OR"
                else []
            ),
            "cert_limit": self.cert_limit(state),
            "train_limit": self.train_limit(state),
            "market": {
                "values": list(market.values),
                "stacks": {str(market.values[i]): list(s) for i, s in market.stacks.items() if s},
            },
            "depot": depot,
            "depot_remaining": remaining,
            "next_phase": upcoming,
            "total_cash": ledger.total_cash(),
            "starting_total": ledger.starting_total,
        }

    def candidates(self, state: GameState) -> list[c.Command]:
        """Plausible commands for the acting player or company; the game filters by the rules."""
        out: list[c.Command] = []
        if state.ended:
            return out
        over = self.over_limit(state)
        if over:
            for co in over:
                for t in {t.name for t in co.trains if not t.phased_out}:
                    out.append(c.Discard(corp=co.id, train=t))
            return out
        corps = list(state.ledger.corporations())
        if state.round_kind in ("setup", "SR"):
            player = state.current_player or state.priority
            if player is None:
                return out
            for co in corps:
                if co.launched:
                    out.append(c.Buy(player=player, corp=co.id, source="ipo"))
                    out.append(c.Buy(player=player, corp=co.id, source="pool"))
                    for n in range(1, co.holder_percent(player) // 10 + 1):
                        out.append(c.Sell(player=player, corp=co.id, count=n))
                else:
                    out.extend(c.Par(player=player, corp=co.id, price=p) for p in PARS)
            out.append(c.Pass(player=player))
            return out
        cid = state.operating
        if cid is None:
            return out
        company = state.company(cid)
        if not state.ran:
            out.append(c.Run(company=cid, revenue=0))
        if company.kind == "corporation":
            for n in range(1, 9):
                out.append(c.Issue(corp=cid, count=n))
                out.append(c.Redeem(corp=cid, count=n))
            for name, _, _ in self.available_variants(state):
                out.append(c.BuyTrain(corp=cid, train=name))
            for other in corps:
                if other.id != cid:
                    for t in {t.name for t in other.trains if not t.phased_out}:
                        out.append(c.BuyTrain(corp=cid, train=t, source=other.id, price=1))
            for pv in state.ledger.companies.values():
                if pv.kind != "corporation" and pv.owner and state.ledger.is_player(pv.owner):
                    out.append(c.BuyPrivate(corp=cid, private=pv.id, price=pv.value))
            president = company.president()
            if president and president != POOL and self._forced_purchase(state) is not None:
                for co in corps:
                    for n in range(1, co.holder_percent(president) // 10 + 1):
                        out.append(c.Sell(player=president, corp=co.id, count=n))
                out.append(c.Bankrupt(player=president))
        out.append(c.Done(company=cid))
        return out
