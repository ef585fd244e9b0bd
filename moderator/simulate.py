"""Random but legal games of 1846, 1847 AE, 1853, 1830, 1889 and 18Chesapeake, for
property tests, benchmarks and demos.

:class:`Simulation` plays a game from a seed.  1846 (either edition; ``second_edition``
plays ``2e``): setup removals, a private distribution, then stock and operating rounds.
1847 AE: the starting package with its short operating rounds (3.3), then stock rounds
with pars, sales, Krauss & Co., investor exchanges, trades and nationalisations, and operating
rounds with runs, trains from the bank, the pool and other corporations,
quarries bought by railways and the forced train purchase (or ``done C
noroute``).  Every command is chosen at random among plausible ones and kept
only if the rules accept it.  Revenues are made up per train (multiples of 10),
so the game moves through the phases and the bank eventually breaks (or a
director goes bankrupt).  1853: contract bids (bonds, claims, some of them
sealed, each bid closed by ``pass``, ``settle``), stock rounds with new and pool
shares, sales and redemptions, and operating rounds with runs (full or withheld,
mail), track, tokens, fees and frontier payments, trains from the bank (with the
director's gift), the pool, other companies and on credit, discards, contracts
fulfilled, the Elephant sold and the extra operating round.  The same seed
gives the same game.

A command the engine answers with an internal error is a bug, never a choice:
the simulation stops there with a :class:`SimulationError` naming the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, cast

from moderator import commands as c
from moderator.game import Game
from moderator.ledger import POOL, Company
from moderator.market import TrackMarket
from moderator.script import format_command
from moderator.simulate_1817 import Sim1817
from moderator.simulate_1830 import Sim1830
from rulesets.g1847ae import G1847AE, INVESTOR_OF, QUARRY_RANGE, TOKEN_QUARRIES, TRADEABLE
from rulesets.g1847ae import PHASES as AE_PHASES

NAMES = ("Amy", "Bob", "Carlos", "Dana", "Eve", "Finn", "Gus")
"""The players' names, seated in this order (seven: 1817 seats 3-7)."""
TRAIN_REVENUE = {"2": (30, 90), "4": (60, 150), "5": (120, 260), "6": (180, 400)}
"""Made-up revenue range per train card (enough to break the bank in a normal length)."""
TRAIN_REVENUE_1847AE = {
    "3": (30, 90),
    "3+3": (50, 140),
    "4": (60, 150),
    "4+4": (90, 210),
    "5": (100, 230),
    "5+5": (140, 290),
    "6E": (160, 330),
    "6+6": (200, 400),
}
"""1847 AE: made-up revenue range per train card (a double train scores its cities twice)."""
TRAIN_REVENUE_1853 = {
    "2": (20, 80),
    "3": (40, 120),
    "4": (60, 160),
    "5": (90, 220),
    "6": (120, 280),
    "1M": (10, 50),
    "2M": (20, 80),
    "3M": (40, 120),
    "4M": (60, 160),
}
"""1853: made-up revenue range per train (broad and metre gauge)."""
CORPS_1853 = ("EIR", "GIP", "NWR", "BNR", "BBCI", "MSM", "SIR", "ECR")
CITY_VALUE_1853 = {
    "Calcutta": 50,
    "Bombay": 40,
    "Delhi": 40,
    "Madras": 30,
    "Waltair": 30,
    **{
        city: 20
        for city in (
            "Patna",
            "Allahabad",
            "Cawnpore",
            "Lucknow",
            "Benares",
            "Lahore",
            "Karachi",
            "Nagpur",
            "Ajmer",
            "Jaipur",
            "Hyderabad",
            "Trichinopoly",
        )
    },
}
"""The named cities a bid may hold and what each adds to the bond (2.5.9)."""
CITY_COMPANIES_1853 = {
    "Calcutta": ("EIR",),
    "Patna": ("EIR",),
    "Bombay": ("BBCI",),
    "Jaipur": ("BBCI",),
    "Lahore": ("NWR",),
    "Delhi": ("EIR", "GIP", "NWR", "BBCI"),
}
"""The city-company links the rules' examples give (2.5.8, 2.5.12); any company is
claimed with the other cities (the table knows the board, the tool notes them)."""
GANGES_1853 = frozenset(("Cawnpore", "Lucknow", "Allahabad", "Benares", "Patna", "Calcutta"))
"""The Ganges valley cities, at most two in a bid (2.5.7)."""
BID_SIZE_1853 = {3: (4, 6), 4: (3, 6), 5: (3, 5), 6: (3, 4)}
"""Fewest and most cities in a bid by number of players (2.5.6)."""
MIN_BOND_1853 = 80
"""The least bond (2.5.2 as the decisions read it)."""
TERRAIN_1853 = (30, 40, 50, 60, 70, 80, 100, 140, 240)
"""Table 4 costs, broad and metre gauge, and Calcutta's first promotion (4.2.13)."""
METRE_NEXT_1853 = ("2M", "3M", "4M")
"""1853: the metre trains a minor's special token may buy ahead of their phase (4.8.19)."""
TITLES = ("1846", "1847AE", "1853", "1830", "1889", "18Chesapeake", "1817")
SOURCES: tuple[Literal["ipo", "pool"], ...] = ("ipo", "pool")


class SimulationError(RuntimeError):
    """A random game found what a table could not get past: a crash or a dead end."""


@dataclass
class Simulation(Sim1817, Sim1830):
    """A seeded random player of 1846 (the default), 1847 AE (3-5 players), 1853 (3-6
    players), 1830 (2-6 players, :mod:`moderator.simulate_1830`), 1889, 18Chesapeake or
    1817 (3-7 players, :mod:`moderator.simulate_1817`)."""

    seed: int
    players: int = 4
    max_commands: int = 2000
    greed: float = 0.8
    """Chance of buying in a stock turn when a purchase is possible."""
    revenue_scale: float = 1.0
    """Smaller revenues make longer games (the bank breaks later)."""
    rng: random.Random | None = None
    """Source of the choices; a ``random.Random(seed)`` when not given."""
    check: Callable[[Game], None] | None = None
    """Called after every accepted command (tests pass their invariants here)."""
    title: str = "1846"
    """``1846``, ``1847AE``, ``1853``, ``1830``, ``1889`` or ``18Chesapeake``."""
    variant: bool = False
    """1847 AE: play the section 10 variant (no limit of one new train per type a turn)."""
    noroute: float = 0.5
    """1847 AE: chance that a corporation without a train that cannot pay for one says it
    has no route (``done C noroute``) instead of the forced purchase (6.8.1, 6.8.2)."""
    short: bool = False
    """1853: the shortened game of 2.4 (bank £7,760)."""
    second_edition: bool = False
    """1846: the second edition (``2e``: Boomtown and Little Miami in the private groups)."""
    options: tuple[str, ...] = ()
    """More option words for the ``game`` line (1889: ``beginner``)."""
    final_set: bool = False
    """1817: stop where the game ends, after the set of operating rounds that follows the
    first 8-train's (facts §14; from rules level 13 the game ends there by itself)."""

    def __post_init__(self) -> None:
        if self.title not in TITLES:
            raise ValueError(f"no simulation of {self.title!r}: {', '.join(TITLES)}")
        if self.players > len(NAMES):  # a silent cut would play fewer players than asked
            raise ValueError(f"a simulation seats at most {len(NAMES)} players")
        if self.rng is None:
            self.rng = random.Random(self.seed)
        words = list(NAMES[: self.players])
        if self.variant:
            words.append("variant")
        if self.short:
            words.append("short")
        if self.second_edition:
            words.append("2e")
        words += self.options
        self._sealed: dict[str, list[str]] = {}
        """1853: each player's sealed cities, revealed in order at ``fulfil``."""
        self.game = Game.new(self.title, words)
        if self.title == "18Chesapeake":  # the draw at setup, written (facts §0)
            corps = [co.id for co in self.game.state.ledger.corporations()]
            assert self.game.execute(c.Vanderbilt(corp=self.rng.choice(corps))).ok

    @property
    def _ae(self) -> G1847AE:
        return cast(G1847AE, self.game.ruleset)

    # ---------------------------------------------------------------- driving
    def run(self) -> Game:
        """Play until the game ends or ``max_commands`` commands were accepted.

        Raises:
            SimulationError: the engine crashed on a command, or no command was accepted
                several times in a row (a game that cannot go on).
        """
        step = self._step
        if self.title == "1846":
            self._setup()
        elif self.title == "1853":
            self._in_setup()
            step = self._in_step
        elif self.title in ("1830", "1889", "18Chesapeake"):
            step = self._g30_step
        elif self.title == "1817":
            step = self._g17_step
        else:
            step = self._ae_step
        stuck = 0
        while not self.game.state.ended and len(self.game.journal) < self.max_commands:
            if self.final_set and self._g17_over():
                break
            if step():
                stuck = 0
            else:
                stuck += 1
                if stuck > 5:
                    raise SimulationError(
                        f"simulation stuck at {self.game.round_label()} "
                        f"({self.title}, seed {self.seed}, {self.players} players)"
                    )
        return self.game

    def _try(self, cmds: list[c.Command]) -> bool:
        for cmd in cmds:
            outcome = self.game.execute(cmd)
            if outcome.ok:
                if self.check is not None:
                    self.check(self.game)
                return True
            if outcome.message.startswith("internal error"):
                raise SimulationError(
                    f"{self.title}, seed {self.seed}, {self.players} players, at "
                    f"{self.game.round_label()} after {len(self.game.journal)} commands: "
                    f"{outcome.message}"
                )
        return False

    def _try_or_offered(self, choices: list[c.Command]) -> bool:
        """The first of ``choices`` the rules accept; when none is, one of the game's own
        offers (slower, as it tries every candidate), so a gap in the choices does not end
        the game."""
        if self._try(choices):
            return True
        legal = self.game.legal_commands()
        return bool(legal) and self._try([self.rng.choice(legal)])  # type: ignore[union-attr]

    def _setup(self) -> None:
        rng = self.rng
        # the groups and quotas of the game's edition (2.3; second edition: facts §5)
        groups = self.game.state_json()["removal_groups"].values()
        removed = [x for g in groups for x in rng.sample(g["members"], g["remove"])]
        if removed:
            assert self.game.execute(c.Remove(companies=tuple(removed))).ok
        privates = [
            co.id
            for co in self.game.state.ledger.companies.values()
            if co.kind != "corporation" and not co.removed
        ]
        rng.shuffle(privates)
        names = [p.name for p in self.game.state.ledger.players]
        for pid in privates:
            if rng.random() < 0.85:
                order = names[:]
                rng.shuffle(order)
                self._try([c.PrivateResult(player=n, private=pid) for n in order])

    def _step(self) -> bool:
        state = self.game.state
        ruleset = self.game.ruleset
        over = ruleset.over_limit(state)  # type: ignore[attr-defined]
        if over:
            co = over[0]
            names = [t.name for t in co.trains if not t.phased_out]
            return self._try([c.Discard(corp=co.id, train=self.rng.choice(names))])
        if state.round_kind in ("setup", "SR"):
            return self._try(list(self._stock_choices()))
        return self._try(list(self._operating_choices()))

    # ---------------------------------------------------------------- stock rounds
    def _stock_choices(self) -> Iterator[c.Command]:
        state = self.game.state
        rng = self.rng
        player = state.current_player or state.priority
        assert player is not None
        if state.round_kind == "setup":
            # Starting the stock round may pass players with nothing to do, so offer
            # every player a pass and a purchase; the rules keep the one whose turn it is.
            others = [p.name for p in state.ledger.players if p.name != player]
            for name in others:
                yield c.Pass(player=name)
        corps = [co for co in state.ledger.corporations()]
        buys: list[c.Command] = []
        for co in corps:
            if co.launched:
                buys.append(c.Buy(player=player, corp=co.id, source="ipo"))
                buys.append(c.Buy(player=player, corp=co.id, source="pool"))
            else:
                buys.append(
                    c.Par(
                        player=player, corp=co.id, price=rng.choice((40, 50, 60, 70, 80, 90, 100))
                    )
                )
        rng.shuffle(buys)
        ruleset = self.game.ruleset
        over = ruleset.cert_count(state, player) > ruleset.cert_limit(state)  # type: ignore[attr-defined]
        if over:  # 5.43: over the limit, sell first
            for co in corps:
                if co.launched and co.holder_percent(player) >= 10 and co.id not in state.turn_sold:
                    yield c.Sell(player=player, corp=co.id, count=1)
        if rng.random() < 0.12 and not state.turn_sold:
            held = [co for co in corps if co.launched and co.holder_percent(player) >= 10]
            if held:
                co = rng.choice(held)
                yield c.Sell(
                    player=player,
                    corp=co.id,
                    count=rng.randint(1, max(1, co.holder_percent(player) // 20)),
                )
        if rng.random() < self.greed:
            yield from buys
        yield c.Pass(player=player)

    # ---------------------------------------------------------------- operating rounds
    def _operating_choices(self) -> Iterator[c.Command]:
        state = self.game.state
        rng = self.rng
        cid = state.operating
        assert cid is not None
        company = state.company(cid)
        ruleset = self.game.ruleset
        corporation = company.kind == "corporation"
        if not state.ran:
            if corporation and rng.random() < 0.25 and not state.issued and not state.redeemed:
                yield c.Issue(corp=cid, count=rng.randint(1, 3))
            if corporation and rng.random() < 0.1 and not state.issued:
                yield c.Redeem(corp=cid, count=1)
            if company.cash >= 20 and rng.random() < 0.5:
                yield c.Spend(
                    company=cid, amount=min(company.cash, rng.choice((20, 40, 60, 80))) // 10 * 10
                )
            if corporation and state.phase in ("I", "II") and rng.random() < 0.1:
                yield from self._private_offers(cid)
            revenue = sum(rng.randint(*TRAIN_REVENUE[t.card]) for t in company.trains)
            revenue = int(revenue * self.revenue_scale) // 10 * 10
            option: str | None = None
            if corporation:
                # only what the rules let this company do (a receivership withholds, 7.14)
                allowed = ruleset.payout_options(state, cid)
                weights = {"full": 7, "half": 2, "withhold": 1}
                option = rng.choices(allowed, [weights.get(o, 1) for o in allowed])[0]
            yield c.Run(company=cid, revenue=revenue, option=option)  # type: ignore[arg-type]
            if revenue:  # no train may run (1846 6.93: an independent's, the round it came)
                yield c.Run(company=cid, revenue=0, option=option)  # type: ignore[arg-type]
            return
        if corporation:
            forced = ruleset._forced_purchase(state) is not None  # type: ignore[attr-defined]
            variants = ruleset.available_variants(state)  # type: ignore[attr-defined]
            names = [n for n, _, _ in sorted(variants, key=lambda v: v[1])]
            if forced:
                yield from (c.BuyTrain(corp=cid, train=n) for n in names)
                yield c.Issue(corp=cid, count=rng.randint(1, 2))
                # 6.86: a bundle that stops short of what a larger one raises is refused
                yield from (c.Issue(corp=cid, count=k) for k in range(1, 9))
                president = company.president()
                if president and president != POOL:
                    for co in state.ledger.corporations():
                        n = co.holder_percent(president) // 10
                        for k in range(n, 0, -1):
                            yield c.Sell(player=president, corp=co.id, count=k)
                    yield c.Bankrupt(player=president)
                    # 1846 6.89: his own independent railroad, bought for $1, brings a train
                    for pv in state.ledger.companies.values():
                        if pv.kind == "independent" and pv.owner == president and not pv.closed:
                            yield c.BuyPrivate(corp=cid, private=pv.id, price=1)
                return
            if rng.random() < 0.6:
                rng.shuffle(names)
                yield from (c.BuyTrain(corp=cid, train=n) for n in names[:2])
            if rng.random() < 0.05:
                for other in state.ledger.corporations():
                    if other.id != cid and other.trains:
                        t = rng.choice(other.trains)
                        yield c.BuyTrain(
                            corp=cid,
                            train=t.name,
                            source=other.id,
                            price=max(1, min(company.cash, rng.randint(1, 200))),
                        )
            if state.phase in ("I", "II") and rng.random() < 0.2:
                yield from self._private_offers(cid)
        yield c.Done(company=cid)

    def _private_offers(self, cid: str) -> Iterator[c.Command]:
        state = self.game.state
        for pv in state.ledger.companies.values():
            if (
                pv.kind != "corporation"
                and pv.owner
                and state.ledger.is_player(pv.owner)
                and not pv.closed
            ):
                yield c.BuyPrivate(corp=cid, private=pv.id, price=self.rng.randint(1, pv.value))

    # ================================================================ 1847 AE
    # The choices below follow the 1847 AE rulebook (shared/rules/003): each list is
    # what a table might plausibly do now, tried in order until the rules accept one.
    # Cheap pure checks of the ruleset filter the lists first, so most first tries pass.

    def _ae_step(self) -> bool:
        state = self.game.state
        over = self._ae.over_limit(state)
        if over:  # 6.8: trains over the limit after a phase change go to the pool
            co = over[0]
            names = sorted({t.name for t in co.trains if not t.phased_out})
            return self._try([c.Discard(corp=co.id, train=self.rng.choice(names))])
        if state.round_kind in ("setup", "SR"):
            choices = list(self._ae_stock_choices())
        else:
            choices = list(self._ae_operating_choices())
        return self._try_or_offered(choices)

    # ---------------------------------------------------------------- 1847 AE stock rounds
    def _ae_player(self) -> str:
        """Who acts in the stock round; before the first command, the last seat (3.3)."""
        state = self.game.state
        if state.round_kind == "setup":
            opening = cast(list[str], state.extra.get("opening") or [])
            if opening:
                return opening[0]
        player = state.current_player or state.priority
        assert player is not None
        return player

    def _ae_stock_choices(self) -> Iterator[c.Command]:
        state = self.game.state
        rng = self.rng
        rs = self._ae
        player = self._ae_player()
        cash = state.ledger.player(player).cash
        package = rs.package(state)
        if package:
            # 3.3: one item of the starting package, or pass; the tool passes the broke
            items = [i for i in package if rs._item_price(i) <= cash]
            rng.shuffle(items)
            if rng.random() < self.greed:
                yield from (c.Buy(player=player, corp=item) for item in items)
            yield c.Pass(player=player)
            return
        first = bool(state.extra["first_sr"])
        corps = list(state.ledger.corporations())
        held = [co for co in corps if co.launched and co.holder_percent(player) >= 10]
        if not first:
            if rs.cert_count(state, player) > rs.cert_limit(state):
                for co in held:  # 8.3: over the limit, sell first
                    yield c.Sell(player=player, corp=co.id, count=1)
            yield from self._ae_private_deals(player, cash)
            if rng.random() < 0.12 and not state.turn_sold:
                sellable = [co for co in held if co.operated]
                if sellable:
                    co = rng.choice(sellable)
                    units = co.holder_percent(player) // 10
                    yield c.Sell(player=player, corp=co.id, count=rng.randint(1, units))
            if state.company("LFK").owner == player and rng.random() < 0.03:
                yield c.Sell(player=player, corp="LFK", count=1)  # 4.1
        if rng.random() < self.greed:
            buys: list[c.Command] = []
            for co in corps:
                if co.launched:
                    for source in SOURCES:
                        if rs.check_buy(state, player, co, source) is None:
                            buys.append(c.Buy(player=player, corp=co.id, source=source))
                else:
                    for par in rs.par_choices(state, co):
                        if rs.check_par(state, player, co, par) is None:
                            buys.append(c.Par(player=player, corp=co.id, price=par))
            krauss = state.company("LFK")
            if krauss.owner == POOL and state.market.has("LFK") and cash >= state.price("LFK"):
                buys.append(c.Buy(player=player, corp="LFK", source="pool"))
            rng.shuffle(buys)
            yield from buys
        yield c.Pass(player=player)

    def _ae_private_deals(self, player: str, cash: int) -> Iterator[c.Command]:
        """Exchanges (4.5.2), nationalisations (8.4) and trades (4.2, 4.4) for ``player``."""
        state = self.game.state
        rng = self.rng
        rs = self._ae
        if rng.random() < 0.5:
            for pid in INVESTOR_OF:
                if rs._why_no_exchange(state, player, pid) is None:
                    yield c.Exchange(player=player, private=pid)
        if rng.random() < 0.4:
            for co in state.ledger.corporations():
                if co.holder_percent(player) < 70 or (player, co.id) in state.sold_this_round:
                    continue
                for other in state.ledger.players:
                    if other.name == player:
                        continue
                    for pct in sorted(
                        {x.percent for x in co.certs_of(other.name) if not x.president}
                    ):
                        cost = -(-3 * state.price(co.id) * pct // 20)
                        if cost <= cash:
                            yield c.Nationalize(
                                player=player, corp=co.id, source=other.name, percent=pct
                            )
        if rng.random() < 0.06 and cash >= 1:
            offers = [
                pv
                for pv in state.ledger.companies.values()
                if pv.id in TRADEABLE
                and not pv.closed
                and pv.owner
                and pv.owner != player
                and state.ledger.is_player(pv.owner)
            ]
            if offers:
                pv = rng.choice(offers)
                price = rng.randint(1, max(1, min(cash, pv.value)))
                yield c.Trade(private=pv.id, source=str(pv.owner), target=player, price=price)

    # ---------------------------------------------------------------- 1847 AE operating rounds
    def _ae_operating_choices(self) -> Iterator[c.Command]:
        state = self.game.state
        rng = self.rng
        rs = self._ae
        cid = state.operating
        assert cid is not None
        company = state.company(cid)
        phase_index = AE_PHASES.index(state.phase)
        if not state.ran:
            # Track and tokens; a railway without a train mostly keeps the price of one
            # (a careless one now and then leaves its director to pay, 6.8.2).
            keep = 0
            if not company.trains and rng.random() < 0.9:
                keep = rs.cheapest_train(state) or 0
            budget = company.cash - keep
            if budget >= 20 and rng.random() < 0.4:
                amount = min(budget, rng.choice((20, 40, 60, 80, 100, 120))) // 10 * 10
                yield c.Spend(company=cid, amount=amount)
            if phase_index >= AE_PHASES.index("4") and rng.random() < 0.15:
                yield from self._ae_quarry_offers(cid)
            yield from self._ae_private_extras(cid)
            revenue = sum(rng.randint(*TRAIN_REVENUE_1847AE[t.card]) for t in company.trains)
            revenue = int(revenue * self.revenue_scale) // 10 * 10
            allowed = rs.payout_options(state, cid)
            option = rng.choices(allowed, [4 if o == "full" else 1 for o in allowed])[0]
            yield c.Run(company=cid, revenue=revenue, option=option)  # type: ignore[arg-type]
            return
        at_limit = rs.counted_trains(company) >= rs.train_limit(state)
        new = [] if at_limit else self._ae_new_trains(company)
        pool = (
            []
            if at_limit
            else sorted(
                {t.name for t in state.extra["pool_trains"]},
                key=rs.list_price,
            )
        )
        if rs._forced_purchase(state) is not None:
            yield from self._ae_forced(company, new, pool)
            return
        if rng.random() < 0.55:
            offers: list[c.Command] = [
                c.BuyTrain(corp=cid, train=name) for name, price in new if price <= company.cash
            ]
            offers += [
                c.BuyTrain(corp=cid, train=name, source="pool")
                for name in pool
                if rs.list_price(name) <= company.cash
            ]
            rng.shuffle(offers)
            yield from offers[:2]
            if phase_index > 0 and not at_limit and rng.random() < 0.1 and company.cash >= 1:
                yield from self._ae_company_train(company)
        if phase_index >= AE_PHASES.index("4") and rng.random() < 0.05:
            yield from self._ae_quarry_offers(cid)
        yield c.Done(company=cid)

    def _ae_new_trains(self, company: Company) -> list[tuple[str, int]]:
        """New trains the bank sells now that ``company`` may still buy this turn (6.8)."""
        state = self.game.state
        rs = self._ae
        bought = state.extra["bought_types"]
        variant = bool(state.extra["variant"])
        return [
            (name, price)
            for name, price, _ in rs.available_variants(state)
            if variant or name not in bought
        ]

    def _ae_company_train(self, company: Company) -> Iterator[c.Command]:
        """A train from another corporation, at any price from 1 (6.8)."""
        state = self.game.state
        rng = self.rng
        cid = company.id
        cash = company.cash
        others = [
            co
            for co in state.ledger.corporations()
            if co.id != cid and any(not t.phased_out for t in co.trains)
        ]
        if not others:
            return
        other = rng.choice(others)
        train = rng.choice([t for t in other.trains if not t.phased_out])
        list_price = self._ae.list_price(train.name)
        price = rng.randint(1, max(1, min(cash, list_price * 3 // 2)))
        yield c.BuyTrain(corp=cid, train=train.name, source=other.id, price=price)

    def _ae_forced(
        self, company: Company, new: list[tuple[str, int]], pool: list[str]
    ) -> Iterator[c.Command]:
        """6.8.1-6.8.2: a corporation without a train buys one; its director helps, sells,
        or goes bankrupt; or, when it cannot pay, the banker says it has no route."""
        state = self.game.state
        rng = self.rng
        rs = self._ae
        cid = company.id
        cash = company.cash
        affordable = [
            c.BuyTrain(corp=cid, train=n, source="pool") for n in pool if rs.list_price(n) <= cash
        ]
        affordable += [c.BuyTrain(corp=cid, train=n) for n, p in new if p <= cash]
        if affordable:
            yield from affordable
            return
        if rng.random() < self.noroute:
            yield c.Done(company=cid, noroute=True)
            return
        if AE_PHASES.index(state.phase) > 0 and cash >= 1 and rng.random() < 0.3:
            yield from self._ae_company_train(company)
        yield from (c.BuyTrain(corp=cid, train=n) for n, _ in new)
        director = company.president()
        if director and state.ledger.is_player(director):
            corps = [co for co in state.ledger.corporations() if co.holder_percent(director)]
            rng.shuffle(corps)
            for co in corps:
                for k in range(co.holder_percent(director) // 10, 0, -1):
                    yield c.Sell(player=director, corp=co.id, count=k)
            yield c.Bankrupt(player=director)
        yield c.Done(company=cid, noroute=True)

    def _ae_quarry_offers(self, cid: str) -> Iterator[c.Command]:
        """4.2: a quarry bought from a player within the price on its certificate."""
        state = self.game.state
        cash = state.company(cid).cash
        for pid, (low, high) in QUARRY_RANGE.items():
            pv = state.company(pid)
            if pv.closed or not pv.owner or not state.ledger.is_player(pv.owner) or cash < low:
                continue
            yield c.BuyPrivate(corp=cid, private=pid, price=self.rng.randint(low, min(high, cash)))

    def _ae_private_extras(self, cid: str) -> Iterator[c.Command]:
        """Now and then, before the run: a quarry's ability used (4.2: it closes) or
        Rammelsbach's town connected (50 from the brown phase, 4.2)."""
        state = self.game.state
        rng = self.rng
        for pid in TOKEN_QUARRIES:
            pv = state.company(pid)
            if pv.owner == cid and not pv.closed and rng.random() < 0.1:
                yield c.ClosePrivate(private=pid)
        rammelsbach = state.company("R")
        if (
            not rammelsbach.closed
            and rammelsbach.income != 50
            and rammelsbach.owner
            and AE_PHASES.index(state.phase) >= AE_PHASES.index("5")
            and rng.random() < 0.3
        ):
            yield c.Income(private="R", amount=50)

    # ================================================================ 1853
    # The choices below follow the 1853 rulebook (shared/rules/004) as the lead's
    # decisions read it: contract bids (2.5-2.7), stock rounds (3), operating rounds (4).

    def _in_setup(self) -> None:
        """Bonds, claims (sometimes sealed), each bid closed by ``pass``, then ``settle``.

        Every bid is planned legal before its bond is written (2.5.4, 2.5.6, 2.5.7,
        2.5.9), so each line is one a careful table writes; a refusal of one of them is
        an engine error and stops the game with the seed.
        """
        rng = self.rng
        state = self.game.state
        names = [p.name for p in state.ledger.players]
        claimed: dict[str, int] = {}
        plans: dict[str, list[tuple[str, str, bool]]] = {}
        bonds: dict[str, int] = {}
        for name in names:
            cash = state.ledger.player(name).cash
            plans[name], bonds[name] = self._in_plan_bid(cash, claimed)
        self._sealed = {n: [city for city, _, sealed in plans[n] if sealed] for n in names}
        order = names[:]
        rng.shuffle(order)  # bonds are written in any order; ties follow it (2.5.3)
        for name in order:
            self._in_must(c.Bond(player=name, amount=bonds[name]))
        seats = [p.name for p in self.game.state.ledger.players]
        todo = {n: list(plans[n]) for n in seats}
        open_bids = list(seats)
        while open_bids:  # round and round from the Elephant holder (2.5.4)
            for name in list(open_bids):
                if todo[name]:
                    city, corp, sealed = todo[name].pop(0)
                    self._in_must(
                        c.Claim(player=name, city="sealed" if sealed else city, corp=corp)
                    )
                else:
                    self._in_must(c.Pass(player=name))
                    open_bids.remove(name)
        self._in_must(c.Settle())

    def _in_plan_bid(
        self, cash: int, claimed: dict[str, int]
    ) -> tuple[list[tuple[str, str, bool]], int]:
        """A legal contract bid: (city, company, sealed) triples and the bond.

        ``claimed`` counts the shares of each company the bids so far take (ten at
        most); it is updated.
        """
        rng = self.rng
        low, high = BID_SIZE_1853[self.players]
        size = low if rng.random() < 0.5 else rng.randint(low, high)
        cities = list(CITY_VALUE_1853)
        rng.shuffle(cities)
        bid: list[tuple[str, str, bool]] = []
        for city in cities:
            if len(bid) == size:
                break
            ganges = sum(1 for x, _, _ in bid if x in GANGES_1853)
            beige = sum(1 for x, _, _ in bid if x in GANGES_1853 and x != "Calcutta")
            if city in GANGES_1853 and ganges >= 2:
                continue  # 2.5.7: at most two Ganges valley cities
            if size == 3 and city in GANGES_1853 and city != "Calcutta" and beige >= 1:
                continue  # 2.5.7: in a three-city bid one beige city at most
            corps = [x for x in CITY_COMPANIES_1853.get(city, CORPS_1853) if claimed.get(x, 0) < 10]
            if not corps:
                continue
            corp = rng.choice(corps)
            claimed[corp] = claimed.get(corp, 0) + 1
            bid.append((city, corp, False))
        real = sum(CITY_VALUE_1853[x] for x, _, _ in bid)
        # Some cities are kept secret until the contract is fulfilled (2.5.4: written down
        # secretly); the bond covers their real values all the same.
        bid = [(city, corp, rng.random() < 0.15) for city, corp, _ in bid]
        floor = max(MIN_BOND_1853, real)
        if len(bid) == high:
            top = cash if rng.random() < 0.25 else min(cash, floor + 60)
        else:  # 2.5.4: below the most cities a bid stops with less than £40 unaccounted for
            top = min(cash, real + 39)
        return bid, rng.randint(floor, max(floor, top))

    def _in_must(self, cmd: c.Command) -> None:
        """A setup line planned legal: refused, it is an engine error."""
        outcome = self.game.execute(cmd)
        if not outcome.ok:
            raise SimulationError(
                f"{self.title}, seed {self.seed}, {self.players} players: the legal setup "
                f"line `{format_command(cmd)}` was refused: {outcome.message}"
            )
        if self.check is not None:
            self.check(self.game)

    def _in_step(self) -> bool:
        state = self.game.state
        rs = self.game.ruleset
        over = rs.over_limit(state)  # type: ignore[attr-defined]
        if over:  # 4.8.6: excess trains after a phase change go back to the bank
            co = over[0]
            names = sorted({t.name for t in co.trains if not t.phased_out})
            return self._try([c.Discard(corp=co.id, train=self.rng.choice(names))])
        if state.round_kind in ("setup", "SR"):
            choices = list(self._in_stock_choices())
        else:
            choices = list(self._in_operating_choices())
        return self._try_or_offered(choices)

    # ---------------------------------------------------------------- 1853 stock rounds
    def _in_stock_choices(self) -> Iterator[c.Command]:
        state = self.game.state
        rng = self.rng
        rs = self.game.ruleset
        player = state.current_player or state.priority
        assert player is not None
        untouched = not (state.last_actor or state.consecutive_passes or state.sold_this_round)
        if untouched and state.round_number > 1 and rng.random() < 0.1:
            yield c.Extra()  # 4.9: called before anyone acts in the stock round
        if rng.random() < 0.01:
            yield from self._in_fulfil()
        cash = state.ledger.player(player).cash
        corps = list(state.ledger.corporations())
        unredeemed = self._in_unredeemed(player)
        if unredeemed and rng.random() < 0.8:
            # 2.7.4: un-redeemed shares are paid for before any other purchase
            pars = cast(TrackMarket, state.market).par_of
            for cid in sorted(unredeemed):
                if cash >= pars[cid]:
                    yield c.RedeemShare(player=player, corp=cid)
        held = [co for co in corps if co.holder_percent(player) and co.id not in state.turn_sold]
        if rs.cert_count(state, player) > rs.cert_limit(state):  # type: ignore[attr-defined]
            for co in held:  # 3.2.3: an excess left by a director change is sold first
                yield c.Sell(player=player, corp=co.id, count=1)
        if held and rng.random() < 0.12:
            co = rng.choice(held)
            units = co.holder_percent(player) // 10
            yield c.Sell(player=player, corp=co.id, count=rng.randint(1, units))
        if rng.random() < self.greed:
            buys: list[c.Command] = []
            for co in corps:
                for source in SOURCES:
                    if rs.check_buy(state, player, co, source) is None:  # type: ignore[attr-defined]
                        buys.append(c.Buy(player=player, corp=co.id, source=source))
            rng.shuffle(buys)
            yield from buys
        yield c.Pass(player=player)

    def _in_unredeemed(self, player: str) -> dict[str, int]:
        """The player's un-redeemed shares by company (2.7.3)."""
        table = cast(dict[str, dict[str, int]], self.game.state.extra.get("unredeemed") or {})
        return {cid: n for cid, n in table.get(player, {}).items() if n}

    # ---------------------------------------------------------------- 1853 operating rounds
    def _in_operating_choices(self) -> Iterator[c.Command]:
        state = self.game.state
        rng = self.rng
        cid = state.operating
        assert cid is not None
        company = state.company(cid)
        yield from self._in_table_business()
        if not state.ran:
            if company.cash >= 20 and rng.random() < 0.4:
                yield from self._in_spends(company)
            if rng.random() < 0.04:
                yield c.Frontier(corp=cid, amount=rng.randint(1, 20) * 10)  # 4.1.14
            revenue = sum(rng.randint(*TRAIN_REVENUE_1853[t.name]) for t in company.trains)
            revenue = int(revenue * self.revenue_scale) // 10 * 10
            mail = None
            if revenue and rng.random() < 0.4:  # 4.6.6: the first and last stations again
                mail = min(revenue, rng.randint(1, 8) * 10)
            option = "withhold"  # 3.4.2: a manager declares no dividend
            if company.president() is not None and rng.random() < 0.8:
                option = "full"
            yield c.Run(company=cid, revenue=revenue, option=option, mail=mail)
            return
        # Trains are eagerly bought in the first operating round (4.8.16, 4.8.17)
        if rng.random() < (0.9 if state.round_number == 1 else 0.55):
            yield from self._in_train_offers(company)
        yield c.Done(company=cid)

    def _in_table_business(self) -> Iterator[c.Command]:
        """What the table does between companies now and then: a contract fulfilled
        (4.3), the Elephant sold (3.1.11), the extra operating round called (4.9)."""
        state = self.game.state
        rng = self.rng
        if rng.random() < 0.03:
            yield from self._in_fulfil()
        if rng.random() < 0.01 and state.priority:
            others = [p for p in state.ledger.players if p.name != state.priority]
            buyer = rng.choice(others)
            price = rng.randint(0, min(buyer.cash, 60))
            yield c.Elephant(source=state.priority, target=buyer.name, price=price)
        if rng.random() < 0.04:
            yield c.Extra()

    def _in_fulfil(self) -> Iterator[c.Command]:
        """4.3: a contract's cities are connected; the sealed ones are revealed in order."""
        bids = cast(dict[str, dict[str, object]], self.game.state.extra.get("bids") or {})
        waiting = [name for name, bid in bids.items() if not bid.get("fulfilled")]
        if waiting:
            name = self.rng.choice(waiting)
            yield c.Fulfil(player=name, cities=tuple(self._sealed.get(name, ())))

    def _in_spends(self, company: Company) -> Iterator[c.Command]:
        """Track, terrain, base tokens and the two-tile fee (4.1.3, 4.1.12, 4.4.4)."""
        rng = self.rng
        cid = company.id
        cash = company.cash
        kind = rng.random()
        if kind < 0.3:
            for amount in (40, 70, 100):
                if amount <= cash:
                    yield c.Spend(company=cid, amount=amount, purpose="token")
        elif kind < 0.4:
            fee = 50 if cid == "EIR" else 20
            if fee <= cash:
                yield c.Spend(company=cid, amount=fee, purpose="fee")
        elif kind < 0.85:
            costs = [x for x in TERRAIN_1853 if x <= cash]
            if costs:
                amount = rng.choice(costs)
                if rng.random() < 0.2 and amount * 2 <= cash:
                    amount += rng.choice([x for x in TERRAIN_1853 if x <= cash - amount])
                yield c.Spend(company=cid, amount=amount, purpose=rng.choice(("terrain", "tile")))
        else:
            yield c.Spend(company=cid, amount=rng.randint(1, min(cash, 120)))

    def _in_train_offers(self, company: Company) -> Iterator[c.Command]:
        """New trains (with the director's gift when short, 4.8.8), pool trains, a train
        on credit for a managed company (3.4.3) and trains from other companies (4.8.9)."""
        state = self.game.state
        rng = self.rng
        rs = self.game.ruleset
        cid = company.id
        cash = company.cash
        director = company.president()
        help_ = 0
        if director and state.ledger.is_player(director) and rng.random() < 0.5:
            help_ = state.ledger.player(director).cash
        offers: list[c.Command] = []
        for name, price, _ in rs.available_variants(state):  # type: ignore[attr-defined]
            if price <= cash + help_:
                offers.append(c.BuyTrain(corp=cid, train=name))
            elif rng.random() < 0.5:
                offers.append(c.BuyTrain(corp=cid, train=name, credit=True))
        for name in sorted(set(rs.pool_train_names(state))):  # type: ignore[attr-defined]
            offers.append(c.BuyTrain(corp=cid, train=name, source="pool"))
        rng.shuffle(offers)
        yield from offers[:3]
        if state.phase == "2" and rng.random() < 0.5:
            # 4.8.17: in the first operating round, more 2/1M cards once the seven are sold
            yield from (c.BuyTrain(corp=cid, train=name) for name in ("2", "1M"))
        if rng.random() < 0.2:
            # 4.8.19: a minor's special token buys the next phase's metre train (the bank
            # refuses it to a major, or while metre trains of the phase are on sale)
            yield from (c.BuyTrain(corp=cid, train=name) for name in METRE_NEXT_1853)
        if cash >= 10 and rng.random() < 0.15:
            others = [
                co
                for co in state.ledger.corporations()
                if co.id != cid and any(not t.phased_out for t in co.trains)
            ]
            if others:
                other = rng.choice(others)
                train = rng.choice([t for t in other.trains if not t.phased_out])
                price = rng.randint(10, max(10, min(cash, 600)))
                yield c.BuyTrain(corp=cid, train=train.name, source=other.id, price=price)


def simulate(
    seed: int,
    players: int = 4,
    max_commands: int = 2000,
    revenue_scale: float = 1.0,
    title: str = "1846",
) -> Game:
    """A random legal game of ``title`` from ``seed`` (played to the end or
    ``max_commands``)."""
    return Simulation(
        seed=seed,
        players=players,
        max_commands=max_commands,
        revenue_scale=revenue_scale,
        title=title,
    ).run()


BOX_TITLES = ("1847Pfalz", "1847RRRRB")
"""The box's other games, which :class:`Simulation` does not play (see :func:`legal_game`)."""

TABLE_BOX_VALUES = ("box SPR 170", "box SPR.income 10")
"""Values a table reads off its box for 1847 Pfalz and RRRR&B (the Saarbrücken card's
price and income); the shipped package values stand for the rest."""

TABLE_ROWS_3P = "box rows PLP,SPR/R,K,H,W"
"""1847 Pfalz with 3 players: the package board's rows, sold row by row (11.2.3)."""


def legal_game(title: str, seed: int, commands: int, players: int | None = None) -> Game:
    """A random game, each command drawn from ``Game.legal_commands()`` (seeded: the same
    game every time, in every process), at most ``commands`` long.

    For the titles :class:`Simulation` does not play (1847 Pfalz and RRRR&B, after the
    box's values :data:`TABLE_BOX_VALUES`), and 1847 AE; not for 1846 and 1853, whose
    setup (removals and privates, the contract bids) the rules leave to the table and
    :class:`Simulation` plays.  Moves are preferred to passes, and a run draws a revenue
    in tens the rules accept.

    Raises:
        SimulationError: the rules offer nothing before the game has ended.
    """
    rng = random.Random(seed)
    count = players if players is not None else 3 + seed % 2
    game = Game.new(title, list(NAMES[:count]))
    if title in BOX_TITLES:
        rows = (TABLE_ROWS_3P,) if title == "1847Pfalz" and count == 3 else ()
        for line in (*TABLE_BOX_VALUES, *rows):
            outcome = game.execute(line)
            if not outcome.ok:
                raise SimulationError(f"{title}: `{line}` refused: {outcome.message}")
    while len(game.journal) < commands and not game.state.ended:
        legal = game.legal_commands()
        if not legal:
            raise SimulationError(f"{title} seed {seed}: nothing is legal at {game.round_label()}")
        moves = [x for x in legal if not isinstance(x, c.Pass | c.Done)]
        cmd = rng.choice(moves if moves and rng.random() < 0.7 else legal)
        if isinstance(cmd, c.Run):
            richer = cmd.model_copy(update={"revenue": rng.randrange(0, 300, 10)})
            if game.try_command(richer) is None:
                cmd = richer
        outcome = game.execute(cmd)
        if not outcome.ok:
            raise SimulationError(f"{title} seed {seed}: legal `{cmd}` refused: {outcome.message}")
    return game


def market_spread(market: dict[str, Any]) -> int:
    """How many spaces apart the leftmost and the rightmost company stand on a state JSON's
    market (a one-row market's spaces, a grid's columns, 1853's track spaces); 0 with fewer
    than two companies on it.  ``scripts/market_spread.py`` looks for the simulated
    positions where it is largest, for the table view's test of a market wider than a
    phone."""
    kind = market.get("kind")
    if kind == "grid":
        columns = [int(key.split(",")[1]) for key, stack in market["stacks"].items() if stack]
    elif kind == "linear":
        values = market["values"]
        columns = [values.index(int(key)) for key, stack in market["stacks"].items() if stack]
    elif kind == "tracks":
        values = market["values"]
        columns = [values.index(v) for v in market["positions"].values()]
    else:
        return 0
    return max(columns) - min(columns) if len(columns) > 1 else 0
