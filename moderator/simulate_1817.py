"""Seeded 1817 games that a table might play, for :class:`moderator.simulate.Simulation`.

Part 1 of 1817 (issue 44): the opening sale by results, IPOs at the sizes the phase allows
(privates contributed, sometimes won by another player than the nominator), purchases
and now and then a sale of shares, and operating turns in a table's order: a tile spend,
the run paid out, halved or withheld, a train when the corporation has none or can afford
another (borrowing for it), paybacks when the treasury is rich, a loan now and then, the
interest at ``done`` (sometimes written first).  A corporation without a train borrows for
one before its turn ends, as a table would (it liquidates otherwise, facts §8).  In the
merger round after each operating round (facts §9, R 7.1) the table now and then converts
a corporation or merges two, picked among the round's own offers that the engine accepts
(``MergerRound.merger_candidates``, each tried by ``Game.try_command``: never a copy of its
checks), and only where the corporation's cash (a merger's with its target's) pays the
stations the new size brings; then the players buy some of its treasury shares (again the
offers the engine accepts, from the president to the left), trains over the limit are
given up, a loan is taken when the stations need it, and ``done`` ends the turn.  These
choices draw from a random source of their own (seeded from the simulation's seed), so a
game in which nothing converts draws the same as before.  In the acquisition round the table
bids for nothing (the bank takes a corporation in liquidation at the round's end), so the
game goes on into the next round.  Each list of choices is tried in order
until the rules accept one; the game's own offers are the last resort.

Before this module the simulation drew from the game's own offers at random: corporations
borrowed to their limit, paid interest they could not earn and liquidated, and within a
few hundred commands every corporation was gone and every player in debt, the rest of a
1,000-command game being ``pass`` lines, each a whole empty set of rounds (issue 44).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, cast

from moderator import commands as c

if TYPE_CHECKING:
    from moderator.game import Game
    from moderator.ledger import Company
    from moderator.state import GameState
    from rulesets.g1817 import G1817

TRAIN_REVENUE_1817 = {
    "2": (40, 100),
    "2+": (40, 110),
    "3": (80, 180),
    "4": (120, 260),
    "5": (180, 350),
    "6": (240, 450),
    "7": (300, 540),
    "8": (360, 640),
}
"""Made-up revenue range per train (a map the tool does not see)."""
TRAIN_PRICE_1817 = {"2": 100, "2+": 100, "3": 250, "4": 400, "5": 600, "6": 750, "7": 900}
TRAIN_PRICE_1817["8"] = 1100
"""Facts §13 (the simulation's own copy: it plans, the ruleset decides)."""


class Sim1817:
    """The 1817 choices of a :class:`moderator.simulate.Simulation` (a mixin: the game,
    the random source and the knobs are the simulation's)."""

    game: Game
    rng: random.Random | None
    greed: float
    revenue_scale: float

    def _try(self, cmds: list[c.Command]) -> bool:  # pragma: no cover - the simulation's
        raise NotImplementedError

    def _try_or_offered(self, cmds: list[c.Command]) -> bool:  # pragma: no cover - the same
        raise NotImplementedError

    @property
    def _g17(self) -> G1817:
        return cast("G1817", self.game.ruleset)

    @property
    def _r17(self) -> random.Random:
        assert self.rng is not None
        return self.rng

    def _g17_over(self) -> bool:
        """The game would have ended (facts §14): the first 8-train came in an operating
        round of set N, set N + 1 was played, and the stock round after it began."""
        state = self.game.state
        if state.phase != "8":
            return False
        first = self.__dict__.setdefault("_g17_eight", state.round_number)
        return state.round_kind == "SR" and state.round_number >= first + 2

    def _g17_step(self) -> bool:
        """One command of a plausible table."""
        state = self.game.state
        rs = self._g17
        debtor = rs.crisis_player(state)
        if debtor is not None:  # facts §12: sell one share at a time, else bankruptcy
            sales: list[c.Command] = [
                c.Sell(player=debtor, corp=co.id, count=1)
                for co in state.ledger.corporations()
                if rs.sellable(state, debtor, co)
            ]
            return self._try([*sales, c.Bankrupt(player=debtor)])
        if rs.pause_ends_game(state):
            # facts §14: the last merger round over, the game ends
            return self._try([c.Pass(player=rs.active_players(state)[0].name)])
        if state.extra.get("ma_round"):
            merged = self._g17_merger_step(state)
            if merged is not None:
                return merged
            # nothing (more) converted or merged, and the acquisition round (nothing bought;
            # the bank's liquidations): the next line begins the next round, which the
            # choices are made for
            state = state.clone()
            rs.leave_ma_round(state)
        over = rs.over_limit(state)
        if over:  # facts §13: over the limit a train is given up
            co = over[0]
            names = sorted(  # the 2s (obsolete first) last, else the cheapest: never set order
                {t.name for t in co.trains},
                key=lambda n: (n in ("2", "2+"), -TRAIN_PRICE_1817.get(n, 0), n),
            )
            return self._try([c.Discard(corp=co.id, train=names[-1])])
        if state.round_kind == "setup":
            return self._try_or_offered(list(self._g17_sale_choices(state)))
        if state.round_kind == "SR":
            return self._try_or_offered(list(self._g17_stock_choices(state)))
        accepted = self._try_or_offered(list(self._g17_operating_choices(state)))
        if accepted:
            self._g17_accepted()
        return accepted

    # ---------------------------------------------------------------- the merger round
    @property
    def _g17_ma_rng(self) -> random.Random:
        """The merger round's own random source (a game that converts nothing draws from
        the simulation's as before)."""
        seed = getattr(self, "seed", 0)
        found = self.__dict__.setdefault("_g17_ma_random", random.Random(f"{seed}-merger"))
        return cast("random.Random", found)

    def _g17_accepts(self, cmds: list[c.Command]) -> list[c.Command]:
        """Those of ``cmds`` the engine accepts now (its own checks, on a copy)."""
        return [cmd for cmd in cmds if self.game.try_command(cmd) is None]

    def _g17_merger_step(self, state: GameState) -> bool | None:
        """One line of the merger round (facts §9, R 7.1), or ``None`` when the table lets
        the round go (the next round's first line ends it)."""
        rs = self._g17
        rng = self._g17_ma_rng
        m = rs.merger(state)
        if m is None:
            return None
        turn = rs.merger_turn(state)
        if turn is None:
            if rng.random() >= 0.3:
                return None
            offers = [x for x in rs.merger_candidates(state) if self._g17_may_convert(state, x)]
            legal = self._g17_accepts(offers)
            if not legal:
                return None
            verbs = sorted({x.verb for x in legal if isinstance(x, c.Later)})
            verb = rng.choice(verbs)  # a conversion as likely as a merger (more pairs)
            return self._try([rng.choice([x for x in legal if getattr(x, "verb", "") == verb])])
        cid = turn["corp"]
        co = state.company(cid)
        if rs.counted_trains(co) > rs.train_limit(state):  # a merger's trains over the limit
            # the cheapest type goes, as over the limit in an operating round
            given = sorted(
                (x for x in rs.candidates(state) if isinstance(x, c.Discard)),
                key=lambda x: TRAIN_PRICE_1817.get(x.train, 0),
            )
            return self._try(given[:1])
        buys = [x for x in rs.after_conversion_candidates(state) if isinstance(x, c.Buy)]
        for buy in self._g17_accepts(buys):
            if rng.random() < 0.45:  # each in turn from the president: he may buy again
                return self._try([buy])
        due = int(turn["due"]) * rs.station_cost
        if co.cash < due and rs.loan_room(state, co) and not turn["loaned"]:
            return self._try([c.Loan(corp=cid)])
        return self._try([c.Done(company=cid)])

    def _g17_may_convert(self, state: GameState, cmd: c.Command) -> bool:
        """A table converts or merges only where the cash (a merger's with its target's)
        pays the stations the new size brings, at most two (facts §9)."""
        if not isinstance(cmd, c.Later) or not cmd.words:
            return False
        cash = sum(state.company(w).cash for w in cmd.words)
        return cash >= 2 * self._g17.station_cost

    def _g17_sale_choices(self, state: GameState) -> Iterator[c.Command]:
        """An auction's result at about face (under it the seed money pays the rest), now
        and then a pass."""
        rng = self._r17
        privates = [
            co
            for co in state.ledger.companies.values()
            if co.kind != "corporation" and not co.removed and co.owner is None and not co.closed
        ]
        names = [p.name for p in state.ledger.players]
        chooser = str(self._g17.sale(state).get("chooser") or names[0])
        if privates and rng.random() < 0.9:
            private = rng.choice(privates)
            winners = names[:]
            rng.shuffle(winners)
            for winner in winners:
                price = max(0, private.value + rng.randrange(-30, 35, 5))
                yield c.PrivateResult(player=winner, private=private.id, price=price)
                yield c.PrivateResult(player=winner, private=private.id, price=private.value)
        yield c.Pass(player=chooser)

    # ---------------------------------------------------------------- stock rounds
    def _g17_stock_choices(self, state: GameState) -> Iterator[c.Command]:
        rng = self._r17
        rs = self._g17
        player = state.current_player or state.priority
        assert player is not None
        cash = state.ledger.player(player).cash
        corps = list(state.ledger.corporations())
        launched = [co for co in corps if co.launched and not co.closed]
        # in the liquidation cell a corporation waits for the acquisition round (a later
        # step): a table starts another one
        alive = [co for co in launched if rs.zone(state, co.id) != "liquidation"]
        held = [co for co in launched if co.holder_percent(player)]
        if held and state.round_number > 1 and rng.random() < 0.08:
            co = rng.choice(held)  # a sale, the share count the player can spare
            yield c.Sell(player=player, corp=co.id, count=1)
        wanted = 2 * len(state.ledger.players) + 2
        eager = 0.95 if state.round_number == 1 else 0.5
        if cash >= 60 and len(alive) < wanted and rng.random() < eager:
            yield from self._g17_ipos(state, player, corps)
        if rng.random() < self.greed:
            buys: list[c.Command] = []
            for co in launched:
                for source in ("ipo", "pool"):
                    if rs.check_buy(state, player, co, source) is None:  # type: ignore[arg-type]
                        buys.append(c.Buy(player=player, corp=co.id, source=source))  # type: ignore[arg-type]
            rng.shuffle(buys)
            yield from buys[:3]
        yield c.Pass(player=player)

    def _g17_ipos(self, state: GameState, player: str, corps: list[Company]) -> Iterator[c.Command]:
        """An IPO's result: the nominator wins most auctions, privates go in at face."""
        rng = self._r17
        free = [co for co in corps if not co.launched and not co.closed]
        if not free:
            return
        corp = rng.choice(free)
        others = [p for p in state.ledger.players if p.name != player and p.cash >= 100]
        winner, nominator = player, None
        if others and rng.random() < 0.2:
            winner, nominator = rng.choice(others).name, player
        cash = state.ledger.player(winner).cash
        privates = [
            co
            for co in state.ledger.companies.values()
            if co.kind != "corporation" and co.owner == winner and not co.closed
        ]
        put = [p for p in privates if rng.random() < 0.5]
        face = sum(p.value for p in put)
        top = min(400, (cash + face) // 5 * 5)
        if top < 100:
            return
        size = rng.choice(rs_sizes(self._g17, state))
        for _ in range(2):
            # auctions go to about what the winner has (the recorded games: $110-$220)
            low = max(100, (top - 120) // 10 * 10)
            price = rng.randrange(low, top + 1, 10) if top >= low + 10 else top
            yield c.Ipo(
                player=winner,
                corp=corp.id,
                price=max(price, face),
                size=size,
                privates=tuple(p.id for p in put),
                nominator=nominator,
            )
        yield c.Ipo(player=player, corp=corp.id, price=100, size=size)

    # ---------------------------------------------------------------- operating rounds
    def _g17_turn(self, state: GameState) -> dict[str, Any]:
        """What this operating turn has done and decided (a new record at each turn)."""
        key = (state.round_number, state.or_number, state.operating)
        memo: dict[str, Any] = self.__dict__.setdefault("_g17_memo", {})
        if memo.get("key") != key:
            memo.clear()
            memo.update(key=key, did=set(), spend=None)
        return memo

    def _g17_accepted(self) -> None:
        """Note the kind of the command just accepted in an operating turn."""
        if self.game.state.round_kind == "OR" and self.game.journal:
            self._g17_turn(self.game.state)["did"].add(self.game.journal[-1].command.kind)

    def _g17_operating_choices(self, state: GameState) -> Iterator[c.Command]:
        rng = self._r17
        rs = self._g17
        cid = state.operating
        if cid is None:
            return
        co = state.company(cid)
        turn = self._g17_turn(state)
        did: set[str] = turn["did"]
        loans = rs.loans_of(state, cid)
        room = rs.loan_room(state, co)
        due = rs.interest_due(state, cid)
        if turn["spend"] is None:  # a tile now and then, decided once a turn
            turn["spend"] = rng.choice((20, 20, 40, 60, 80, 120)) if rng.random() < 0.45 else 0
        if turn["spend"] and "spend" not in did and co.cash - turn["spend"] >= due:
            yield c.Spend(company=cid, amount=turn["spend"], purpose="tile")
            mte = state.ledger.companies.get("MTE")
            if mte is not None and mte.owner == cid and "bonus" not in did and rng.random() < 0.4:
                yield c.Bonus(corp=cid, private="MTE")
        if "run" not in did:  # without a train the run is written too, for nothing
            yield self._g17_run(state, co, due)
            return
        buy = self._g17_train_wanted(state, co)
        if buy is not None and "train" not in did:
            name, price = buy
            # the interest stays covered: borrow for the rest, one loan at a time
            if co.cash < price + due and room and (not co.trains or rng.random() < 0.5):
                yield c.Loan(corp=cid)
            if co.cash >= price + due or not co.trains:
                yield c.BuyTrain(corp=cid, train=name)
        if not co.trains:
            # facts §8: without a train it liquidates; a table borrows to the last
            if room:
                yield c.Loan(corp=cid)
            for other in state.ledger.corporations():
                spare = len(other.trains) > 1
                if other.id != cid and spare and other.president() == co.president():
                    name = other.trains[0].name
                    yield c.BuyTrain(corp=cid, train=name, source=other.id, price=min(co.cash, 100))
        after = rs.interest_rate(state) * (loans - 1) * 100 // 100
        if loans and co.cash >= 100 + after + 20 and rng.random() < 0.8:
            yield c.Payback(corp=cid)
        if room and loans < 2 and rng.random() < 0.03 and "loan" not in did:
            yield c.Loan(corp=cid)
        if loans and "interest" not in did and rng.random() < 0.2:
            yield c.Interest(corp=cid)
        yield c.Done(company=cid)

    def _g17_run(self, state: GameState, co: Company, due: int) -> c.Command:
        """A run's revenue from the trains, in tens; paid out, halved or withheld."""
        rng = self._r17
        revenue = 0
        for train in co.trains:
            low, high = TRAIN_REVENUE_1817.get(train.card, (20, 80))
            revenue += rng.randrange(low, high + 1, 10)
        revenue = int(revenue * self.revenue_scale) // 10 * 10
        needs = self._g17_train_wanted(state, co)
        poor = co.cash < due or (needs is not None and co.cash < needs[1] + due)
        roll = rng.random()
        option: str | None = None
        if co.cash < due and rng.random() < 0.8:
            option = "withhold"  # the interest first: a table keeps the revenue for it
        elif roll < (0.35 if poor else 0.1):
            option = "withhold"
        elif roll < (0.55 if poor else 0.3):
            option = "half"
        return c.Run(company=co.id, revenue=revenue, option=option)  # type: ignore[arg-type]

    def _g17_train_wanted(self, state: GameState, co: Company) -> tuple[str, int] | None:
        """The bank's next train, when the corporation has none, or room and the cash (or
        a whim) for another."""
        if not state.depot:
            return None
        name = state.depot[0].card
        price = TRAIN_PRICE_1817.get(name, 100)
        limit = self._g17.train_limit(state)
        if not co.trains:
            return name, price
        if len(co.trains) >= limit:
            return None
        newest = max(TRAIN_PRICE_1817.get(t.card, 0) for t in co.trains)
        if co.cash >= price or (price > newest and self._r17.random() < 0.25):
            return name, price
        return None


def rs_sizes(rs: G1817, state: GameState) -> tuple[int, ...]:
    """The sizes a corporation may start at now (facts §2)."""
    from rulesets.g1817 import SIZES

    return SIZES[state.phase]
