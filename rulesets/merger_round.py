"""The merger and conversion round after each operating round (1817 facts §9, R 7.1).

When an operating round ends (its last ``done``), each floated corporation outside the
acquisition and liquidation zones may, in operating order as the round begins, convert
(``convert CORP``: 2 → 5 or 5 → 10 shares, R 7.1.1), merge another of its size into itself
(``merge CORP TARGET``: 2 + 2 → 5 shares at the sum of the prices, 5 + 5 → 10 shares at
their average, R 7.1.2, R 7.1.3), or do nothing.  After either, from its president to the
left, the president buys any number of its treasury shares at the price and every other
player buys one or sells some (R 7.1.4); then the corporation may take loans (the buying
is over once it has); last, a converted one buys the stations its new size brings at $50
each (2 → 5 one, 5 → 10 two, never above eight in all), or liquidates when its cash
cannot pay them.  A merger's survivor takes the target's cash, privates, loans, trains
(over the limit: ``discard CORP TYPE`` before its turn ends) and stations (at most eight);
the target's charter is free again.

No line is written for a corporation or a player that does nothing: a later
corporation's line passes the ones before it in the order, a later player's purchase the
players before him.  ``done CORP`` ends the corporation's turn (a conversion's stations
bought, or its liquidation); so does the next ``convert`` or ``merge``, or the first line
of the next round.  The acquisition round after it is a later step: it stays a pause
(:mod:`rulesets.later_rounds`) that the next round's first line ends.

State (``state.extra["merger"]``): ``order`` (the corporations that may act, in order; a
merged target leaves it), ``next`` (the index of the first one that has not passed),
``converted`` (this round's conversions and mergers), ``turn`` (the open one: ``corp``,
``due`` stations, ``president`` at its start, ``acted`` players, ``pos`` the last one's
seat from the president, ``loaned``).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import PriceMoved
from moderator.fixes import follows
from moderator.ledger import BANK, Certificate, Company
from moderator.state import GameState
from moderator.text import counted, counted_at, with_article
from rulesets.later_rounds import LaterRounds
from rulesets.loan_turns import LoanTurns
from rulesets.sharecount import ShareCount, share_unit, size_of
from rulesets.stations_owed import StationsOwed, record
from rulesets.zoned_row import ZonedRow

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar

CONVERSIONS = {2: 5, 5: 10}
"""The size a corporation converts to (facts §9, R 7.1.1); a 10-share one never does."""


class MergerRound(LaterRounds, StationsOwed, LoanTurns, ShareCount):
    """Conversions, the share purchases and sales after them, loans and new stations."""

    merger_verbs: ClassVar[frozenset[str]] = frozenset({"convert", "merge"})
    """The verbs of the merger round."""
    station_limit: ClassVar[int] = 8
    """A corporation never holds more stations than this (facts §9)."""
    stations_after: ClassVar[dict[int, int]] = {5: 1, 10: 2}
    """Stations a conversion to each size brings, bought at :attr:`station_cost`."""

    # ------------------------------------------------------------- reading
    @staticmethod
    def merger(state: GameState) -> dict[str, Any] | None:
        """The merger round under way (``None`` outside one)."""
        held = state.extra.get("merger")
        return held if isinstance(held, dict) else None

    def merger_turn(self, state: GameState) -> dict[str, Any] | None:
        """The conversion whose purchases, loans and stations are still open."""
        m = self.merger(state)
        turn = m.get("turn") if m else None
        return turn if isinstance(turn, dict) else None

    def merger_due(self, state: GameState, cid: str) -> int:
        """The stations ``cid``'s open conversion brings (bought as its turn ends)."""
        turn = self.merger_turn(state)
        return int(turn["due"]) if turn and turn["corp"] == cid else 0

    def _open_turn(self, state: GameState, word: str) -> dict[str, Any] | None:
        """The open conversion's turn if ``word`` names its corporation, else ``None``."""
        return self.turn_named(state, self.merger_turn(state), "corp", word)

    def turn_named(
        self, state: GameState, turn: dict[str, Any] | None, key: str, word: str
    ) -> dict[str, Any] | None:
        """``turn`` if ``word`` names its corporation ``turn[key]``, else ``None``."""
        if turn is None:
            return None
        try:
            cid = self.company_id(state, word)
        except Refusal:
            return None
        return turn if cid == turn[key] else None

    def ma_line(self, state: GameState, cmd: c.Command) -> bool:
        """A line of the merger round: a conversion, or a purchase, sale, loan or ``done``
        of the open conversion's corporation."""
        if isinstance(cmd, c.Later):
            return cmd.verb in self.merger_verbs and self.merger(state) is not None
        if isinstance(cmd, c.Buy | c.Sell | c.Loan | c.Discard):  # Discard: a merger's trains
            return self._open_turn(state, cmd.corp) is not None
        if isinstance(cmd, c.Done):
            return self._open_turn(state, cmd.company) is not None
        return False

    # ------------------------------------------------------------- the round
    def after_operating_round(self, state: GameState) -> None:
        """The merger round's order is fixed as it begins: operating order, outside the
        zones (facts §9, §7)."""
        corps = [
            co.id
            for co in state.ledger.corporations()
            if co.launched and not co.closed and not self.zone(state, co.id)
        ]
        order = state.linear().order(corps)
        # set before the pause's line, which names them
        state.extra["merger"] = {"order": order, "next": 0, "converted": [], "turn": None}
        super().after_operating_round(state)
        if not state.extra.get("ma_round"):
            state.extra.pop("merger", None)  # no pause: the next round began at once

    def pause_note(self, state: GameState) -> str:
        m = self.merger(state)
        order = ", ".join(m["order"]) if m and m["order"] else "no corporation"
        return (
            f"Merger and conversion round {state.round_number}.{state.or_number}: in operating "
            f"order {order} may convert or merge (`convert CORP`, `merge CORP TARGET`; facts "
            f"§9, R 7.1); {self.after_merger_words(state)}; any other line begins the next "
            "round"
        )

    def after_merger_words(self, state: GameState) -> str:
        """What the merger round's line says of the round after it."""
        return f"the acquisition round after it is {self.unplayed(state)}"

    def leave_ma_round(self, state: GameState) -> None:
        """The open conversion ends (its stations or its liquidation), then the next round."""
        self.close_merger_turn(state)
        state.extra.pop("merger", None)
        super().leave_ma_round(state)

    def _corporation_turn(self, state: GameState, company: Company, verb: str) -> dict[str, Any]:
        """Check that ``company`` may act now in the merger round; the round's record."""
        m = self.merger(state)
        rule = self.r("merger")
        if m is None:
            raise Refusal(
                f"`{verb}` is played in the merger and conversion round after an operating "
                f"round ({rule})"
            )
        cid = company.id
        if cid not in m["order"]:
            zone = self.zone(state, cid)
            why = f"it is in the {zone} zone" if zone else "it had not floated as the round began"
            raise Refusal(f"{cid} takes no part in this merger round: {why} ({rule})")
        return m

    def _not_passed(self, m: dict[str, Any], cid: str) -> None:
        """Refuse a corporation whose turn in the merger round has passed."""
        if m["order"].index(cid) < m["next"]:
            raise Refusal(
                f"{cid}'s turn in the merger round has passed: corporations act in operating "
                f"order ({', '.join(m['order'])}) ({self.r('merger')})"
            )

    def close_merger_turn(self, state: GameState) -> None:
        """The end of a conversion's turn: its new stations bought at once, or, its cash
        short, its liquidation (facts §9, R 7.1.4)."""
        m = self.merger(state)
        turn = self.merger_turn(state)
        if m is None or turn is None:
            return
        cid, due = turn["corp"], int(turn["due"])
        company = state.company(cid)
        limit = self.train_limit(state)
        if self.counted_trains(company) > limit:
            raise Refusal(
                f"{cid} holds {self.counted_trains(company)} trains after its merger, over its "
                f"limit of {limit}: `discard {cid} TYPE` first ({self.r('discard')})"
            )
        m["turn"] = None
        if not due:
            return
        cost = due * self.station_cost
        if company.cash >= cost:
            state.ledger.transfer(
                cid,
                BANK,
                cost,
                f"{counted_at(due, 'station', f'at {self.money(self.station_cost)}')} after "
                f"its conversion ({self.r('converted_stations')})",
            )
            record(state, "stations")[cid] = self.stations_of(state, cid) + due
            return
        self.liquidate(
            state,
            company,
            f"its {self.money(company.cash)} does not pay for the "
            f"{'station' if due == 1 else f'{due} stations'} its conversion brings, "
            f"{self.money(cost)} ({self.r('converted_stations')})",
        )

    # ------------------------------------------------------------- convert
    def cmd_later(self, state: GameState, cmd: c.Later) -> None:
        if cmd.verb == "convert" and "convert" in self.merger_verbs:
            self.merger_convert(state, cmd)
            return
        if cmd.verb == "merge" and "merge" in self.merger_verbs:
            self.merger_merge(state, cmd)
            return
        super().cmd_later(state, cmd)

    def merger_convert(self, state: GameState, cmd: c.Later) -> None:
        """``convert CORP``: 2 → 5 or 5 → 10 shares, the price unchanged (R 7.1.1)."""
        rule = self.r("convert")
        if len(cmd.words) != 1:
            raise Refusal("usage: convert CORP")
        company = self.launched(state, cmd.words[0])
        m = self._corporation_turn(state, company, "convert")
        cid = company.id
        size = size_of(company)
        new = CONVERSIONS.get(size)
        if new is None:
            raise Refusal(
                f"{cid} has {size} shares: only 2- and 5-share corporations convert ({rule})"
            )
        self._not_passed(m, cid)
        self.close_merger_turn(state)
        m["next"] = m["order"].index(cid) + 1
        m["converted"].append(cid)
        certs = [
            Certificate(x.percent * size // new, x.president, x.holder)
            for x in company.certificates
        ]
        added = new - size
        unit = 100 // new
        certs += [Certificate(unit, False, cid) for _ in range(added)]
        company.certificates = certs
        self.note(
            state,
            f"{cid} converts from {size} to {new} shares: each certificate keeps its shares "
            f"(the president's {2 * unit}%), {added} new {unit}% shares go to its treasury; the "
            f"price stays at {self.money(state.price(cid))} ({rule})",
        )
        stations = self.stations_of(state, cid)
        due = min(self.stations_after[new], max(0, self.station_limit - stations))
        self.open_merger_turn(state, m, company, due)

    def open_merger_turn(
        self, state: GameState, m: dict[str, Any], company: Company, due: int
    ) -> None:
        """After a conversion or a merger: the purchases and sales from the president on,
        the loans, the stations ``due`` (facts §9, R 7.1.4)."""
        cid = company.id
        president = company.president()
        seats = [p.name for p in self.active_players(state)]
        m["turn"] = {
            "corp": cid,
            "due": due,
            "president": president,
            "acted": [],
            "pos": -1,
            "loaned": False,
        }
        seat = seats.index(president) if president in seats else 0
        order = ", ".join(seats[seat:] + seats[:seat])
        owed = (
            f"then it buys {due} station{'s' if due > 1 else ''} at "
            f"{self.money(self.station_cost)} or liquidates"
            if due
            else "no station to buy"
        )
        self.note(
            state,
            f"{cid}: from its president on ({order}) the president buys any number of its "
            f"treasury shares, each other player buys or sells one; then `loan {cid}`; {owed}; "
            f"`done {cid}` ends its turn ({self.r('after_conversion')})",
        )

    # ------------------------------------------------------------- merge
    def merger_merge(self, state: GameState, cmd: c.Later) -> None:
        """``merge CORP TARGET``: TARGET into CORP, 2 + 2 into a 5-share corporation at the
        sum of the prices, 5 + 5 into a 10-share one at their average (R 7.1.2, R 7.1.3)."""
        rule = self.r("merge")
        if len(cmd.words) != 2:
            raise Refusal("usage: merge CORP TARGET")
        company = self.launched(state, cmd.words[0])
        target = self.launched(state, cmd.words[1])
        m = self._corporation_turn(state, company, "merge")
        cid, tid = company.id, target.id
        if tid == cid:
            raise Refusal(f"{cid} cannot merge with itself ({rule})")
        size, tsize = size_of(company), size_of(target)
        if size not in CONVERSIONS:
            raise Refusal(f"{cid} has {size} shares: only 2 + 2 and 5 + 5 merge ({rule})")
        self._not_passed(m, cid)
        if tsize != size:
            raise Refusal(
                f"{tid} has {tsize} shares, {cid} {size}: only corporations of one size merge "
                f"({rule})"
            )
        zone = self.zone(state, tid)
        if zone:
            raise Refusal(f"{tid} is in the {zone} zone: it cannot be merged ({rule})")
        if tid in m["converted"]:
            raise Refusal(
                f"{tid} converted or merged this round: it cannot be merged into ({rule})"
            )
        prices = state.price(cid) + state.price(tid)
        new_price = prices if size == 2 else prices // 2
        market = state.market
        assert isinstance(market, ZonedRow)
        cell = max(i for i, v in enumerate(market.values) if v <= new_price)
        price = market.values[cell]
        owner, towner = company.president(), target.president()
        players = {p.name for p in self.active_players(state)}
        for co, pres in ((company, owner), (target, towner)):
            if pres not in players:
                raise Refusal(f"{co.id} has no player as its president ({rule})")
        assert owner is not None and towner is not None
        if size == 2 and owner != towner:
            cash = state.ledger.player(owner).cash
            if cash < price:
                raise Refusal(
                    f"{owner} has {self.money(cash)}: {cid}'s president pays "
                    f"{self.money(price)}, the new price, for the share {towner} receives "
                    f"({rule}; facts §16 O6)"
                )
        if size == 5:
            held: dict[str, int] = {}
            for co in (company, target):
                for p in self.active_players(state):
                    held[p.name] = held.get(p.name, 0) + co.holder_percent(p.name)
            if max(held.values(), default=0) < 40:
                raise Refusal(
                    f"nobody holds two shares of {cid} and {tid} together: the merged "
                    f"corporation would have no president ({rule})"
                )
        self.close_merger_turn(state)
        if tid in m["order"]:
            m["order"].remove(tid)
        m["next"] = m["order"].index(cid) + 1
        m["converted"].append(cid)
        self._merge_assets(state, company, target)
        before = state.price(cid)
        if market.position[cid] != cell or not follows(state, "1817-§9-merge-cell"):
            # reading (facts §9 silent): a merger that leaves the survivor's price where it
            # stands (5 + 5 at one price) leaves its marker in its place in the stack, as
            # the public implementation does not move a marker to its own space (facts §7: a
            # marker *arriving* goes below); before rules level 14 it went below the others
            market.place_at(cid, cell)
        market.remove(tid)
        how = "the sum" if size == 2 else "the average, rounded down,"
        state.ledger.events.append(
            PriceMoved(
                company=cid,
                before=before,
                after=price,
                reason=f"its merger with {tid}: {how} of their prices "
                f"({self.money(new_price)}), the cell at or below it ({rule})",
            )
        )
        if size == 2:
            self._merge_two(state, company, target, owner, towner, price)
        else:
            self._merge_five(state, company, target, owner)
        # the target's charter is free again, as in the public implementation (its
        # certificates are gone; facts §9)
        target.certificates = []
        target.launched = False
        target.operated = False
        target.value = 0
        self.open_merger_turn(state, m, company, 0)
        limit = self.train_limit(state)
        if self.counted_trains(company) > limit:
            self.note(
                state,
                f"{cid} holds {self.counted_trains(company)} trains, over its limit of {limit}: "
                f"`discard {cid} TYPE` ({self.r('discard')})",
            )

    def _merge_assets(
        self,
        state: GameState,
        company: Company,
        target: Company,
        rule: str | None = None,
        how: str = "",
    ) -> None:
        """The survivor takes the target's cash, privates, loans, trains and stations (at
        most :attr:`station_limit`; a station in a city where both had one goes back to
        its charter, still counted; facts §9); an acquisition's buyer too (``rule``,
        ``how``: its words, facts §10)."""
        cid, tid = company.id, target.id
        rule = rule or self.r("merge")
        if target.cash:
            state.ledger.transfer(tid, cid, target.cash, f"all its cash ({rule})")
        privates = [co.id for co in state.ledger.companies.values() if co.owner == tid]
        for pid in privates:
            state.ledger.companies[pid].owner = cid
        loans = self.loans_of(state, tid)
        if loans:
            self.loans(state)[cid] = self.loans_of(state, cid) + loans
            del self.loans(state)[tid]
        trains = [t.name for t in target.trains]
        company.trains.extend(target.trains)
        target.trains = []
        stations = min(
            self.station_limit, self.stations_of(state, cid) + self.stations_of(state, tid)
        )
        record(state, "stations")[cid] = stations
        record(state, "stations").pop(tid, None)
        record(state, "stations_owed").pop(tid, None)
        got = [
            f"{'its private' if len(privates) == 1 else 'its privates'} {', '.join(privates)}"
            if privates
            else "no private",
            counted(loans, "loan") if loans else "no loan",
            f"{with_article(trains[0])}-train"
            if len(trains) == 1
            else f"{len(trains)} trains ({', '.join(trains)})"
            if trains
            else "no train",
        ]
        self.note(
            state,
            f"{cid} {how or f'takes over {tid}'} with {', '.join(got)}; {stations} stations "
            f"in all ({rule})",
        )

    def _merge_two(
        self,
        state: GameState,
        company: Company,
        target: Company,
        owner: str,
        towner: str,
        price: int,
    ) -> None:
        """2 + 2: the survivor becomes a 5-share corporation (its president's 40%, three
        20% shares in its treasury); a target of another president: the survivor's
        president pays the new price to it and the other receives one share (O6)."""
        cid = company.id
        rule = self.r("merge")
        company.certificates = [Certificate(40, True, owner)] + [
            Certificate(20, False, cid) for _ in range(3)
        ]
        self.note(
            state,
            f"{cid} has 5 shares: {owner}'s certificate becomes 40%, three 20% shares go to "
            f"its treasury; {target.id}'s certificate is gone ({rule})",
        )
        if owner == towner:
            return
        state.ledger.transfer(
            owner,
            cid,
            price,
            f"the new price, for the share {towner} receives ({rule}; facts §16 O6)",
        )
        cert = next(x for x in company.certificates if x.holder == cid)
        state.ledger.move_certificate(
            company,
            cert,
            towner,
            f"in exchange for {towner}'s {target.id} certificate ({rule}; facts §16 O6)",
        )

    def _merge_five(self, state: GameState, company: Company, target: Company, owner: str) -> None:
        """5 + 5: a 10-share corporation; every 20% of either becomes a 10% of the survivor
        (the target's treasury shares its treasury's); the largest holder is president,
        the survivor's president keeping a tie, else the nearest to his left (facts §9)."""
        cid, tid = company.id, target.id
        rule = self.r("merge")
        certs = [Certificate(x.percent // 2, x.president, x.holder) for x in company.certificates]
        for x in target.certificates:
            holder = cid if x.holder == tid else x.holder
            certs += [Certificate(10, False, holder) for _ in range(x.percent // 20)]
        company.certificates = certs
        self.note(
            state,
            f"{cid} has 10 shares: each 20% of {cid} or {tid} becomes a 10% of {cid} ({rule})",
        )
        self.merged_shorts(state, company, target)
        seats = [p.name for p in self.active_players(state)]
        held = {p: company.holder_percent(p) for p in seats}
        top = max(held.values())
        if held.get(owner, 0) == top:
            return
        start = seats.index(owner) if owner in seats else 0
        new = min(
            (p for p in seats if held[p] == top),
            key=lambda p: (seats.index(p) - start) % len(seats),
        )
        self._swap_presidency(
            state, company, owner, new, f"holds the most after the merger ({rule})"
        )

    def merged_shorts(self, state: GameState, company: Company, target: Company) -> None:
        """Hook: the target's shorts carried into the survivor (:mod:`rulesets.shorts`)."""

    def covering(self, state: GameState, player: str, cid: str) -> bool:
        """Hook: a purchase that covers a short gains no certificate (:mod:`rulesets.shorts`)."""
        return False

    # ------------------------------------------------------------- after it
    def _merger_player(self, state: GameState, turn: dict[str, Any], word: str, what: str) -> str:
        """The player buying or selling after the conversion, in turn from its president."""
        rule = self.r("after_conversion")
        player = self.player_name(state, word)
        cid = turn["corp"]
        if turn["loaned"]:
            raise Refusal(
                f"{cid} has taken a loan: the share purchases and sales after its conversion are "
                f"over ({rule})"
            )
        president = turn["president"]
        pos = self._seat_after_president(state, turn, player)
        if player in turn["acted"] and player != president:
            raise Refusal(
                f"{player} has had his turn after {cid}'s conversion: one purchase or one sale "
                f"each, the president excepted ({rule})"
            )
        if pos < turn["pos"]:
            raise Refusal(
                f"{player}'s turn after {cid}'s conversion has passed: the turns go from its "
                f"president ({president}) to the left ({rule})"
            )
        if self.zone(state, cid):
            raise Refusal(f"{cid} is in the {self.zone(state, cid)} zone: no {what} ({rule})")
        return player

    def _seat_after_president(self, state: GameState, turn: dict[str, Any], player: str) -> int:
        """``player``'s seat counted from the president's at the turn's start, to the left.
        Reading: the round goes on from him even if a purchase makes another president."""
        seats = [p.name for p in self.active_players(state)]
        president = turn["president"]
        start = seats.index(president) if president in seats else 0
        return (seats.index(player) - start) % len(seats)

    def _acted(self, state: GameState, turn: dict[str, Any], player: str) -> None:
        turn["pos"] = self._seat_after_president(state, turn, player)
        if player not in turn["acted"]:
            turn["acted"].append(player)

    def cmd_buy(self, state: GameState, cmd: c.Buy) -> None:
        turn = self._open_turn(state, cmd.corp)
        if turn is None:
            super().cmd_buy(state, cmd)
            return
        rule = self.r("after_conversion")
        cid = turn["corp"]
        company = state.company(cid)
        if cmd.source == "pool":
            raise Refusal(
                f"after a conversion shares are bought from {cid}'s treasury only, never from "
                f"the market ({rule})"
            )
        player = self._merger_player(state, turn, cmd.player, "purchase")
        cert = self.buyable_certificate(state, player, company, "ipo")
        if isinstance(cert, str):
            raise Refusal(f"{cid}'s treasury holds no share ({rule})")
        covers = self.covering(state, player, cid)  # a short covered: no certificate gained
        cap = self.share_cap
        if cap and not covers and company.holder_percent(player) + share_unit(company) > cap:
            raise Refusal(f"{player} would hold more than {cap}% of {cid} ({self.r('hold_limit')})")
        limit = self.cert_limit(state)
        if not covers and self.cert_count(state, player) + 1 > limit:
            raise Refusal(
                f"{player} is at the certificate limit of {limit} ({self.r('cert_limit')})"
            )
        price = self.share_price(state, company, "ipo", cert)
        cash = state.ledger.player(player).cash
        if cash < price:
            raise Refusal(
                f"{player} has {self.money(cash)}, a {cid} share costs {self.money(price)} ({rule})"
            )
        self._buy_share(state, player, company, "ipo")
        self._acted(state, turn, player)

    def cmd_sell(self, state: GameState, cmd: c.Sell) -> None:
        turn = self._open_turn(state, cmd.corp)
        if turn is None:
            super().cmd_sell(state, cmd)
            return
        rule = self.r("after_conversion")
        cid = turn["corp"]
        company = state.company(cid)
        player = self._merger_player(state, turn, cmd.player, "sale")
        if company.president() == player:
            raise Refusal(
                f"{player} is {cid}'s president: he does not sell after its conversion ({rule})"
            )
        held = self.shares(company, player)
        if cmd.count < 1 or held < cmd.count:
            raise Refusal(f"{player} holds {counted(held, f'{cid} share')} ({rule})")
        # the market takes them at the price, which does not move (facts §4: no sale moves it)
        self._sell_shares(state, player, company, cmd.count, moves=False)
        self._acted(state, turn, player)

    def cmd_loan(self, state: GameState, cmd: c.Loan) -> None:
        turn = self._open_turn(state, cmd.corp)
        if turn is None:
            super().cmd_loan(state, cmd)
            return
        company = state.company(turn["corp"])
        self.take_loans(state, company, cmd.count, " after its conversion")
        turn["loaned"] = True

    def cmd_done(self, state: GameState, cmd: c.Done) -> None:
        if self._open_turn(state, cmd.company) is None:
            super().cmd_done(state, cmd)
            return
        self.close_merger_turn(state)

    # ------------------------------------------------------------- views
    def candidates(self, state: GameState) -> list[c.Command]:
        """The round's conversions and mergers first (:meth:`merger_candidates`), then,
        with one open, its loans, the trains it must give up, its ``done``; else what the
        round after it offers (:class:`LaterRounds`)."""
        turn = self.merger_turn(state)
        if turn is None:
            return self.merger_candidates(state) + super().candidates(state)
        cid = turn["corp"]
        company = state.company(cid)
        if self.counted_trains(company) > self.train_limit(state):
            names = dict.fromkeys(t.name for t in company.trains)
            return [c.Discard(corp=cid, train=name) for name in names]
        out: list[c.Command] = [c.Done(company=cid)]
        if self.loan_room(state, company):
            out.append(c.Loan(corp=cid))
        return self.merger_candidates(state) + self.after_conversion_candidates(state) + out

    def after_conversion_candidates(self, state: GameState) -> list[c.Command]:
        """The open conversion's purchases and sales (R 7.1.4), each player from its
        president to the left: a share of its treasury, and each count he may sell.  Only
        the shape is made here; the engine's own checks (:meth:`cmd_buy`,
        :meth:`cmd_sell`, on a copy: :meth:`moderator.game.Game.legal_commands`) drop the
        rest (a turn passed, cash short, the president's sale, the buying over)."""
        turn = self.merger_turn(state)
        if turn is None:
            return []
        cid = turn["corp"]
        company = state.company(cid)
        seats = [p.name for p in self.active_players(state)]
        start = seats.index(turn["president"]) if turn["president"] in seats else 0
        out: list[c.Command] = []
        for name in seats[start:] + seats[:start]:
            out.append(c.Buy(player=name, corp=cid, source="ipo"))
            held = self.shares(company, name)
            out += [c.Sell(player=name, corp=cid, count=n) for n in range(1, held + 1)]
        return out

    def merger_candidates(self, state: GameState) -> list[c.Command]:
        """``convert CORP`` for each corporation whose turn has not passed and that may
        convert, then ``merge CORP TARGET`` for each pair of one size (facts §9, R 7.1):
        what ``l`` lists and the corporation's letters pick.  Only the checks that cost
        nothing are made here (size, turn, zone, this round's conversions); the engine's
        own, on a copy (:meth:`moderator.game.Game.legal_commands`), drop the rest (a
        president short of the price, a merger with no president)."""
        m = self.merger(state)
        if m is None or "convert" not in self.merger_verbs:
            return []
        acting = list(m["order"][m["next"] :])
        sizes = {cid: size_of(state.company(cid)) for cid in acting}
        converts: list[c.Command] = [
            c.Later(verb="convert", words=(cid,)) for cid in acting if sizes[cid] in CONVERSIONS
        ]
        if "merge" not in self.merger_verbs:
            return converts
        targets = [
            co.id
            for co in state.ledger.corporations()
            if co.launched
            and not co.closed
            and co.id not in m["converted"]
            and not self.zone(state, co.id)
        ]
        merges: list[c.Command] = [
            c.Later(verb="merge", words=(cid, tid))
            for cid in acting
            if sizes[cid] in CONVERSIONS
            for tid in targets
            if tid != cid and size_of(state.company(tid)) == sizes[cid]
        ]
        return converts + merges

    def next_actor(self, state: GameState) -> str | None:
        """With a conversion or merger open: its corporation."""
        turn = self.merger_turn(state)
        if turn is not None:
            return str(turn["corp"])
        return super().next_actor(state)

    def merger_json(self, state: GameState) -> dict[str, Any] | None:
        """The state JSON's ``merger``: the order, who has passed, who may still convert
        or merge, the open conversion."""
        m = self.merger(state)
        if m is None:
            return None
        turn = self.merger_turn(state)
        left = m["order"][m["next"] :]
        return {
            "order": list(m["order"]),
            "passed": list(m["order"][: m["next"]]),
            # those whose turn has not passed and whose size converts (a 10-share one
            # neither converts nor merges, R 7.1): what the header names
            "may": [cid for cid in left if size_of(state.company(cid)) in CONVERSIONS],
            "converted": list(m["converted"]),
            "turn": None
            if turn is None
            else {
                "corp": turn["corp"],
                "stations_due": turn["due"],
                "buying_over": bool(turn["loaned"]),
                "acted": list(turn["acted"]),
            },
        }
