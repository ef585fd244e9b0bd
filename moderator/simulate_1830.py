"""Random but legal 1830 and 1889 games for :class:`moderator.simulate.Simulation`.

The choices follow the Avalon Hill rules: the opening sale of the privates (buy the one on
offer, bid on another, pass; raise or drop out of an auction, 7.1-7.3), stock turns that
buy and sell in either order (4.0) with pars, the pool, the M&H exchange and brown-zone
buys, and operating rounds with runs paid out or withheld, trains from the bank (a D with
a trade-in), from other corporations, privates bought by corporations (23.1), forced
purchases with the president's cash and sales, bankruptcy and ``done C noroute`` (20.2,
24.0).  Each list of choices is what a table might plausibly do now, tried in order until
the rules accept one.  1889 plays the same choices with its own tables (its ruleset is
1830's with 1889's tables and hooks); the beginner game's deal comes from the game's own
offers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

from moderator import commands as c
from moderator.ledger import Company

if TYPE_CHECKING:
    from moderator.game import Game
    from rulesets.family1830 import Family1830

TRAIN_REVENUE_1830 = {
    "2": (30, 90),
    "3": (50, 140),
    "4": (80, 200),
    "5": (120, 280),
    "6": (160, 340),
    "D": (200, 420),
}
"""Made-up revenue range per train, in tens (enough to break the bank in a normal game)."""


class Sim1830:
    """The 1830 choices of a :class:`moderator.simulate.Simulation` (a mixin: the game,
    the random source and the knobs are the simulation's)."""

    game: Game
    rng: random.Random | None
    greed: float
    revenue_scale: float
    noroute: float

    def _try(self, cmds: list[c.Command]) -> bool:  # pragma: no cover - the simulation's
        raise NotImplementedError

    def _try_or_offered(self, cmds: list[c.Command]) -> bool:  # pragma: no cover - the same
        raise NotImplementedError

    @property
    def _g30(self) -> Family1830:
        return cast("Family1830", self.game.ruleset)

    @property
    def _rand(self) -> random.Random:
        assert self.rng is not None
        return self.rng

    def _g30_step(self) -> bool:
        state = self.game.state
        over = self._g30.over_limit(state)
        if over:  # 21.0: trains over the limit go back to the bank
            co = over[0]
            names = sorted({t.name for t in co.trains})
            return self._try([c.Discard(corp=co.id, train=self._rand.choice(names))])
        due = state.extra["par_due"]
        if due is not None:  # 8.1: BOP's owner announces B&O's par
            return self._try(
                [
                    c.Par(
                        player=str(due),
                        corp=str(state.extra.get("par_due_corp") or "BO"),
                        price=self._rand.choice(sorted(self._g30.par_cells)),
                    )
                ]
            )
        if state.round_kind == "SR":
            choices = list(self._g30_stock_choices())
        else:
            choices = list(self._g30_operating_choices())
        return self._try_or_offered(choices)

    # ---------------------------------------------------------------- stock rounds
    def _g30_stock_choices(self) -> Iterator[c.Command]:
        state = self.game.state
        rng = self._rand
        rs = self._g30
        if rs.sale_open(state):
            yield from self._g30_sale_choices()
            return
        player = state.current_player or state.priority
        assert player is not None
        for pid in rs.exchanges:  # 1830 M&H (Table 1 note 3), 1889 DR (facts §2)
            pv = state.ledger.companies.get(pid)
            if pv is not None and not pv.closed and pv.owner and rng.random() < 0.05:
                yield c.Exchange(player=pv.owner, private=pid)
        corps = list(state.ledger.corporations())
        held = [co for co in corps if co.launched and co.holder_percent(player) >= 10]
        if rs.cert_count(state, player) > rs.cert_limit(state):
            for co in held:  # 10.0: over the limit, sell first
                yield c.Sell(player=player, corp=co.id, count=1)
        if state.round_number > 1 and rng.random() < 0.12 and held:
            co = rng.choice(held)
            yield c.Sell(
                player=player, corp=co.id, count=rng.randint(1, co.holder_percent(player) // 10)
            )
        if rng.random() < self.greed:
            buys: list[c.Command] = []
            for co in corps:
                if co.launched:
                    for source in ("ipo", "pool"):
                        if rs.check_buy(state, player, co, source) is None:  # type: ignore[arg-type]
                            buys.append(c.Buy(player=player, corp=co.id, source=source))  # type: ignore[arg-type]
                else:
                    pars = [
                        p
                        for p in rs.par_choices(state, co)
                        if rs.check_par(state, player, co, p) is None
                    ]
                    if pars:
                        buys.append(c.Par(player=player, corp=co.id, price=rng.choice(pars)))
            rng.shuffle(buys)
            yield from buys
        if state.turn_bought and rng.random() < 0.3:
            for co in held:  # 4.0: a sale after the purchase
                yield c.Sell(player=player, corp=co.id, count=1)
        yield c.Pass(player=player)

    def _g30_sale_choices(self) -> Iterator[c.Command]:
        """7.1-7.3: buy the private on offer, bid on another, pass; in an auction, raise or
        drop out."""
        state = self.game.state
        rng = self._rand
        rs = self._g30
        sale = rs.sale(state)
        player = state.current_player
        assert player is not None
        if sale["contest"]:
            pid = sale["contest"]
            least = rs.least_bid(state, state.company(pid))
            free = state.ledger.player(player).cash - rs.committed(state, player, leaving=pid)
            if rng.random() < 0.5 and least <= free:
                yield c.Bid(player=player, private=pid, amount=least + rng.choice((0, 0, 5, 10)))
                yield c.Bid(player=player, private=pid, amount=least)
            yield c.Pass(player=player)
            return
        offer = rs.on_offer(state)
        if offer is not None and rng.random() < self.greed * 0.7:
            yield c.Buy(player=player, corp=offer[0])
        if rng.random() < 0.4:
            for pid in sale["unsold"][1:]:
                least = rs.least_bid(state, state.company(pid))
                yield c.Bid(player=player, private=pid, amount=least + rng.choice((0, 5, 10, 20)))
        yield c.Pass(player=player)

    # ---------------------------------------------------------------- operating rounds
    def _g30_operating_choices(self) -> Iterator[c.Command]:
        state = self.game.state
        rng = self._rand
        rs = self._g30
        cid = state.operating
        assert cid is not None
        company = state.company(cid)
        if not state.ran:
            keep = 0 if company.trains else (rs.cheapest_train(state) or 0)
            budget = company.cash - keep
            if budget >= 40 and rng.random() < 0.3:
                yield c.Spend(company=cid, amount=min(budget, rng.choice((40, 80, 100, 120))))
            if state.phase in ("3", "4") and rng.random() < 0.15:
                yield from self._g30_private_offers(company)
            revenue = sum(rng.randint(*TRAIN_REVENUE_1830[t.card]) for t in company.trains)
            revenue = int(revenue * self.revenue_scale) // 10 * 10
            option = "full" if rng.random() < 0.75 else "withhold"
            yield c.Run(company=cid, revenue=revenue, option=option)  # type: ignore[arg-type]
            return
        at_limit = rs.counted_trains(company) >= rs.train_limit(state)
        offers = [] if at_limit else sorted(rs.available_variants(state), key=lambda v: v[1])
        if rs._forced_purchase(state) is not None:
            yield from self._g30_forced(company, [(n, p) for n, p, _ in offers])
            return
        if rng.random() < 0.55:
            if state.phase in ("6", "D") and rng.random() < 0.5:
                for t in company.trains:
                    yield c.BuyTrain(corp=cid, train="D", trade=t.name)
            for name, price, _ in offers:
                if price <= company.cash:
                    yield c.BuyTrain(corp=cid, train=name)
            if not at_limit and rng.random() < 0.1:
                yield from self._g30_company_train(company)
        yield c.Done(company=cid)

    def _g30_private_offers(self, company: Company) -> Iterator[c.Command]:
        """23.1: a player's private for half to twice its face value."""
        state = self.game.state
        for pv in state.ledger.companies.values():
            if pv.kind != "private" or pv.closed or pv.id == "BOP" or not pv.owner:
                continue
            if state.ledger.is_player(pv.owner):
                low, high = -(-pv.value // 2), 2 * pv.value
                if company.cash >= low:
                    yield c.BuyPrivate(
                        corp=company.id,
                        private=pv.id,
                        price=self._rand.randint(low, min(high, company.cash)),
                    )

    def _g30_company_train(self, company: Company) -> Iterator[c.Command]:
        """21.0: a train from another corporation at an agreed price, at least $1."""
        state = self.game.state
        others = [co for co in state.ledger.corporations() if co.id != company.id and co.trains]
        if others and company.cash >= 1:
            other = self._rand.choice(others)
            train = self._rand.choice(other.trains)
            price = self._rand.randint(
                1, max(1, min(company.cash, 2 * self._g30.list_price(train.name)))
            )
            yield c.BuyTrain(corp=company.id, train=train.name, source=other.id, price=price)

    def _g30_forced(self, company: Company, offers: list[tuple[str, int]]) -> Iterator[c.Command]:
        """20.2, 24.0: a corporation with a route and no train buys the cheapest; its
        president adds his cash and sells shares, or goes bankrupt; or it has no route."""
        state = self.game.state
        rng = self._rand
        cid = company.id
        affordable = [c.BuyTrain(corp=cid, train=n) for n, p in offers if p <= company.cash]
        if affordable:
            yield from affordable
            return
        if rng.random() < self.noroute:
            yield c.Done(company=cid, noroute=True)
            return
        yield from (c.BuyTrain(corp=cid, train=n) for n, _ in offers)
        president = company.president()
        if president and state.ledger.is_player(president):
            corps = [co for co in state.ledger.corporations() if co.holder_percent(president)]
            rng.shuffle(corps)
            for co in corps:
                for k in range(1, co.holder_percent(president) // 10 + 1):
                    yield c.Sell(player=president, corp=co.id, count=k)
            yield c.Bankrupt(player=president)
        yield c.Done(company=cid, noroute=True)
