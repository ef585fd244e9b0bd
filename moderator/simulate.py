"""Random but legal 1846 games, for property tests, benchmarks and demos.

:func:`simulate` plays a game from a seed: setup removals, a private
distribution, then stock and operating rounds in which every command is
chosen at random among plausible ones and kept only if the rules accept it.
Revenues are made up per train, so the game moves through the phases and the
bank eventually breaks.  The same seed gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from moderator import commands as c
from moderator.game import Game
from moderator.ledger import POOL

NAMES = ("Amy", "Bob", "Carlos", "Dana", "Eve")
TRAIN_REVENUE = {"2": (30, 90), "4": (60, 150), "5": (120, 260), "6": (180, 400)}
"""Made-up revenue range per train card (enough to break the bank in a normal length)."""


@dataclass
class Simulation:
    """A seeded random player of 1846 (3-5 players)."""

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

    def __post_init__(self) -> None:
        if self.rng is None:
            self.rng = random.Random(self.seed)
        self.game = Game.new("1846", list(NAMES[: self.players]))

    # ---------------------------------------------------------------- driving
    def run(self) -> Game:
        """Play until the game ends or ``max_commands`` commands were accepted."""
        self._setup()
        stuck = 0
        while not self.game.state.ended and len(self.game.journal) < self.max_commands:
            if self._step():
                stuck = 0
            else:
                stuck += 1
                if stuck > 5:
                    raise RuntimeError(
                        f"simulation stuck at {self.game.round_label()} (seed {self.seed})"
                    )
        return self.game

    def _try(self, cmds: list[c.Command]) -> bool:
        for cmd in cmds:
            if self.game.execute(cmd).ok:
                if self.check is not None:
                    self.check(self.game)
                return True
        return False

    def _setup(self) -> None:
        rng = self.rng
        quota = {3: 2, 4: 1, 5: 0}[self.players]
        if quota:
            groups = (("CO", "ERIE", "PRR"), ("MPC", "SC", "TBC"), ("LSL", "MC", "OI"))
            removed = [x for g in groups for x in rng.sample(g, quota)]
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
            return
        if corporation:
            forced = ruleset._forced_purchase(state) is not None  # type: ignore[attr-defined]
            variants = ruleset.available_variants(state)  # type: ignore[attr-defined]
            names = [n for n, _, _ in sorted(variants, key=lambda v: v[1])]
            if forced:
                yield from (c.BuyTrain(corp=cid, train=n) for n in names)
                yield c.Issue(corp=cid, count=rng.randint(1, 2))
                yield c.Issue(corp=cid, count=1)
                president = company.president()
                if president and president != POOL:
                    for co in state.ledger.corporations():
                        n = co.holder_percent(president) // 10
                        for k in range(n, 0, -1):
                            yield c.Sell(player=president, corp=co.id, count=k)
                    yield c.Bankrupt(player=president)
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


def simulate(
    seed: int, players: int = 4, max_commands: int = 2000, revenue_scale: float = 1.0
) -> Game:
    """A random legal 1846 game from ``seed`` (played to the end or ``max_commands``)."""
    return Simulation(
        seed=seed, players=players, max_commands=max_commands, revenue_scale=revenue_scale
    ).run()
