"""An opening sale of the private companies with bids and auctions (1830 7.0-7.3).

The privates are offered one at a time, cheapest first.  In his turn a player buys the
one on offer at its price, bids on one not yet offered, or passes; the turn goes left.
A bid's money stays in the player's cash but is set aside: every standing bid of his
must fit in it together.  When a private is sold, the next one is not offered if it has
bids: with one bid it goes to that bidder at his bid, with several its bidders (and
no one else) hold an auction from the highest bid, in raises of at least
:attr:`PrivateAuction.auction_step`; each sale may uncover the next private, resolved the
same way.  Play then resumes left of the last player who bought a private on offer.
A complete round of passes lowers the price of the first private (down to nothing, when
the first player offered it at the last step must take it), or, with another on offer,
pays the income of the privates already bought and starts the round again.

This is the sale of 1830 and of the titles that copy it (18Chesapeake, 1889); a title
gives the order of its privates, its rule numbers (``sale_first``, ``sale_buy``,
``sale_bid``, ``sale_unsold``), and what a private brings its buyer
(:meth:`PrivateAuction.private_sold`).  The sale's state lives in ``state.extra["sale"]``.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import Noted, Passed, PriorityChanged, PrivateMoved, TurnStarted
from moderator.fixes import follows
from moderator.ledger import BANK, Company
from moderator.state import GameState
from moderator.text import cited
from rulesets.stock import StockRound

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar

RULE_KEYS = ("sale_first", "sale_buy", "sale_bid", "sale_unsold")
"""The ``rule_numbers`` keys a title with this sale names besides every title's."""

Sale = dict[str, "Any"]  # `Any` as text: it is imported for type checkers only
"""``unsold`` (ids, in the order they are offered), ``discount`` (taken off the first
one's price), ``first_offered`` (who was offered it first at its price), ``bids`` (per
private, ``[player, amount]`` in the order made), ``contest`` (the private being auctioned)
and ``last_face_buyer`` (who last bought a private on offer)."""


class PrivateAuction(StockRound):
    """The opening sale of the private companies, the first part of the first stock round."""

    auction_step: ClassVar[int] = 5
    """A bid beats the face value, or the highest bid, by at least this (1830 7.2)."""
    discount_step: ClassVar[int] = 5
    """What a complete round of passes takes off the first private's price (1830 7.3)."""
    bid_multiple: ClassVar[bool] = False
    """Bids in multiples of :attr:`auction_step` (18Chesapeake facts §5); 1830 takes any
    amount of at least the least bid."""
    only_leading_bids_committed: ClassVar[bool] = False
    """A player's cash covers only the bids he leads (18Chesapeake facts §5); 1830 7.2 sets
    aside every standing bid of his."""
    priority_left_of_turn: ClassVar[bool] = False
    """After the sale the priority deal goes to the player whose turn it is when the last
    private goes, left of the last player who acted in turn; a private won afterwards by
    bids does not move it, and after a round of passes play goes on left of the last to pass
    (1889 and 18Chesapeake facts §5, the engine's turn order).  1830 7.0, 7.3: left of
    whoever got the last private."""

    # ------------------------------------------------------------- hooks
    def sale_order(self, state: GameState) -> list[str]:
        """The privates in the order they are offered: by face value (1830 7.0)."""
        privates = [co for co in state.ledger.companies.values() if co.kind == "private"]
        return [co.id for co in sorted(privates, key=lambda co: co.value)]

    def private_sold(self, state: GameState, player: str, private: Company) -> None:
        """What a private brings its buyer besides itself (1830: CA's PRR share, BOP's B&O
        president's certificate); default nothing."""

    def private_certificates(self, private: Company) -> int:
        """Certificates the private brings toward the limit (itself, and any share)."""
        return 1

    def sale_round_passed(self, state: GameState) -> None:
        """After the income of a complete round of passes with a private other than the
        first on offer (default: nothing; 18Chesapeake exports a train, facts §5)."""

    def sale_rules(self) -> str:
        """The rules of the whole sale, for its panel's title (1830: ``7.0-7.3``)."""
        first, last = self.r("sale_first"), self.r("sale_unsold")
        return first if first == last else f"{first}-{last}"

    def sale_ended(self, state: GameState) -> None:
        """Every private is sold: the stock round goes on with shares; default nothing."""

    def other_purchase_possible(self, state: GameState, player: str) -> bool:
        """While privates are for sale a player always has a move (1830 7.1)."""
        return self.sale_open(state) or super().other_purchase_possible(state, player)

    # ------------------------------------------------------------- the sale's state
    def open_sale(self, state: GameState) -> None:
        """Set the sale up; the first player in seating order is offered the first private."""
        state.extra["sale"] = {
            "unsold": self.sale_order(state),
            "discount": 0,
            "first_offered": state.current_player,
            "bids": {},
            "contest": None,
            "last_face_buyer": None,
        }

    @staticmethod
    def sale(state: GameState) -> Sale:
        """The sale's state (see :data:`Sale`)."""
        return state.extra["sale"]  # type: ignore[return-value]

    def sale_open(self, state: GameState) -> bool:
        """Whether privates are still for sale."""
        sale = state.extra.get("sale")
        return bool(sale and sale["unsold"])  # type: ignore[index]

    def on_offer(self, state: GameState) -> tuple[str, int] | None:
        """The private offered now and its price (``None`` during an auction or after)."""
        sale = self.sale(state)
        if not sale["unsold"] or sale["contest"]:
            return None
        pid = sale["unsold"][0]
        return pid, state.company(pid).value - sale["discount"]

    def committed(self, state: GameState, player: str, leaving: str | None = None) -> int:
        """The cash ``player`` has set aside for his standing bids (``leaving`` out the bid
        on that private, which a new bid replaces)."""
        if self.only_leading_bids_committed:
            total = 0
            for pid, bids in self.sale(state)["bids"].items():
                if pid != leaving and bids:
                    who, amount = max(bids, key=lambda b: b[1])
                    total += amount if who == player else 0
            return total
        return sum(
            amount
            for pid, bids in self.sale(state)["bids"].items()
            if pid != leaving
            for who, amount in bids
            if who == player
        )

    def free_cash(self, state: GameState, player: str) -> int:
        """What ``player`` may spend: his cash less what his bids set aside (7.2)."""
        return state.ledger.player(player).cash - self.committed(state, player)

    def highest_bid(self, state: GameState, pid: str) -> tuple[str, int] | None:
        """The highest standing bid on ``pid``: (player, amount)."""
        bids = self.sale(state)["bids"].get(pid) or []
        if not bids:
            return None
        who, amount = max(bids, key=lambda b: b[1])
        return who, amount

    def least_bid(self, state: GameState, private: Company) -> int:
        """The least bid accepted on ``private`` now: face value, or the highest bid, plus
        the step (7.2)."""
        top = self.highest_bid(state, private.id)
        return (top[1] if top else private.value) + self.auction_step

    # ------------------------------------------------------------- commands
    def _stock_turn(self, state: GameState, word: str, verb: str) -> str:
        """No share is launched, bought or sold while a private is unsold (1830 6.0, 7.0:
        "Only after all the Private Companies have been bought may the Banker begin selling
        stock"): ``par`` and ``sell`` wait for the end of the sale as ``buy`` does."""
        if self.sale_open(state):
            raise Refusal(
                f"the private companies are still for sale: shares are on sale once every "
                f"private company is sold ({self.r('sale_first')})"
            )
        return super()._stock_turn(state, word, verb)

    def _sale_player(self, state: GameState, word: str) -> str:
        """The player acting in the sale outside an auction: the one on turn."""
        player = self.player_name(state, word)
        if state.current_player != player:
            raise Refusal(
                f"it is {state.current_player}'s turn in the sale of the private companies, "
                f"not {player}'s ({self.r('sale_buy')})"
            )
        return player

    def _private(self, state: GameState, word: str) -> Company:
        private = state.company(self.company_id(state, word))
        if private.kind != "private":
            raise Refusal(
                f"{private.id} is a corporation: its shares are on sale once every private "
                f"company is sold ({self.r('sale_first')})"
            )
        if private.id not in self.sale(state)["unsold"]:
            raise Refusal(f"{private.id} is already sold to {private.owner} ({self.r('sale_buy')})")
        return private

    def sale_buy(self, state: GameState, cmd: c.Buy) -> None:
        """``buy PLAYER PRIVATE``: the private on offer at its price (7.1, 7.3)."""
        sale = self.sale(state)
        if sale["contest"]:
            raise Refusal(self._contest_refusal(state))
        player = self._sale_player(state, cmd.player)
        private = self._private(state, cmd.corp)
        offer = self.on_offer(state)
        assert offer is not None
        pid, price = offer
        if private.id != pid:
            raise Refusal(
                f"{pid} is the private on offer; {private.id} may be bid on "
                f"(`bid {player} {private.id} {self.least_bid(state, private)}`), not bought "
                f"({self.r('sale_buy')})"
            )
        if cmd.source is not None:
            raise Refusal(
                f"a private is bought as it is: `buy {player} {pid}` ({self.r('sale_buy')})"
            )
        free = self.free_cash(state, player)
        if free < price:
            held = self.committed(state, player)
            aside = f" ({self.money(held)} of it set aside for bids)" if held else ""
            raise Refusal(
                f"{player} has {self.money(state.ledger.player(player).cash)}{aside}, {pid} "
                f"costs {self.money(price)} ({self.r('sale_bid')})"
            )
        self._check_limit(state, player, private)
        why = f"bought on offer for {self.money(price)} ({self.r('sale_buy')})"
        self._sell_private(state, player, private, price, why)
        sale["last_face_buyer"] = player
        self._resolve(state)

    def cmd_bid(self, state: GameState, cmd: c.Bid) -> None:
        """``bid PLAYER PRIVATE AMOUNT``: a bid on a private not yet offered, or a raise in
        its auction (7.2)."""
        if not self.sale_open(state):
            raise Refusal(
                f"bids are made in the sale of the private companies, which is over "
                f"({self.r('sale_bid')})"
            )
        sale = self.sale(state)
        rule = self.r("sale_bid")
        if sale["contest"]:
            player = self._bidder(state, cmd.player, "raise")
            private = self._private(state, cmd.private)
            if private.id != sale["contest"]:
                raise Refusal(self._contest_refusal(state))
        else:
            player = self._sale_player(state, cmd.player)
            private = self._private(state, cmd.private)
            if private.id == sale["unsold"][0]:
                offer = self.on_offer(state)
                assert offer is not None
                raise Refusal(
                    f"{private.id} is on offer: buy it for {self.money(offer[1])} or pass; "
                    f"bids are made on the privates not yet offered ({self.r('sale_buy')})"
                )
        least = self.least_bid(state, private)
        if cmd.amount < least:
            top = self.highest_bid(state, private.id)
            over = f"the highest bid, {self.money(top[1])}" if top else "its face value"
            raise Refusal(
                f"a bid on {private.id} beats {over} by at least "
                f"{self.money(self.auction_step)}: {self.money(least)} or more ({rule})"
            )
        if self.bid_multiple and cmd.amount % self.auction_step:
            raise Refusal(
                f"bids are made in multiples of {self.money(self.auction_step)}: "
                f"{self.money(cmd.amount)} is not one ({rule})"
            )
        others = self.committed(state, player, leaving=private.id)
        cash = state.ledger.player(player).cash
        if cmd.amount + others > cash:
            aside = f", {self.money(others)} of it set aside for other bids" if others else ""
            raise Refusal(
                f"{player} has {self.money(cash)}{aside}: a bid of {self.money(cmd.amount)} "
                f"must be set aside from it ({rule})"
            )
        self._check_limit(state, player, private)
        bids = sale["bids"].setdefault(private.id, [])
        bids[:] = [b for b in bids if b[0] != player] + [[player, cmd.amount]]
        aside = f"{self.money(cmd.amount + others)} of {player}'s cash is set aside for bids"
        state.ledger.events.append(
            Noted(text=f"{player} bids {self.money(cmd.amount)} on {private.id}; {aside} ({rule})")
        )
        if sale["contest"]:
            self._next_in_contest(state)
            return
        state.consecutive_passes = 0
        self._sale_next(state, player)

    def sale_pass(self, state: GameState, cmd: c.Pass) -> None:
        """``pass PLAYER``: declines the private on offer (7.1), or drops out of an auction
        (7.2); a complete round of passes is 7.3's."""
        sale = self.sale(state)
        if sale["contest"]:
            player = self._bidder(state, cmd.player, "drop out of")
            pid = sale["contest"]
            sale["bids"][pid] = [b for b in sale["bids"][pid] if b[0] != player]
            state.ledger.events.append(
                Noted(
                    text=f"{player} drops out of the auction for {pid}; the money set aside "
                    f"for it is free again ({self.r('sale_bid')})"
                )
            )
            self._next_in_contest(state)
            return
        player = self._sale_player(state, cmd.player)
        state.consecutive_passes += 1
        state.ledger.events.append(Passed(player=player))
        if state.consecutive_passes < len(self.active_players(state)):
            self._sale_next(state, player)
            return
        state.consecutive_passes = 0
        pid, price = self.on_offer(state) or ("", 0)
        rule = self.r("sale_unsold")
        if pid == sale["unsold"][0] and pid == self.sale_order(state)[0]:
            if price > self.discount_step:
                sale["discount"] += self.discount_step
                following = self.next_stock_players(state, player)[0].name
                sale["first_offered"] = following
                state.ledger.events.append(
                    Noted(
                        text=f"Nobody bought {pid}: it is offered again for "
                        f"{self.money(price - self.discount_step)}, first to {following} ({rule})"
                    )
                )
                self._sale_next(state, player)
                return
            taker = sale["first_offered"]
            private = state.company(pid)
            why = (
                f"nobody bought it at {self.money(price)}: {taker}, offered it first at that "
                f"price, takes it for nothing ({rule})"
            )
            self._sell_private(state, taker, private, 0, why)
            sale["last_face_buyer"] = taker
            self._resolve(state)
            return
        self._private_income(state, rule)
        self.sale_round_passed(state)
        # "closed in the usual way" (7.3): the priority deal as at a round's end (4.0), left
        # of the last player who got a private, by a purchase or a bid (reading, facts D2)
        new = state.priority
        # facts §5 (1889, 18Chesapeake): on in turn; a game saved before rules level 4
        # goes on left of whoever got a private last, as recorded (moderator.fixes)
        if self.priority_left_of_turn and follows(state, f"{self.title}-§5-pass"):
            new = self.next_stock_players(state, player)[0].name
        elif state.last_actor is not None:
            new = self.next_stock_players(state, state.last_actor)[0].name
        if new != state.priority:
            state.priority = new
            state.ledger.events.append(PriorityChanged(player=new))
        state.ledger.events.append(
            Noted(
                text=f"A complete round without a purchase: {pid} is unsold, the privates "
                f"bought pay their income and the round starts again with {new} ({rule})"
            )
        )
        state.current_player = new
        sale["first_offered"] = new
        state.ledger.events.append(TurnStarted(who=new or ""))

    # ------------------------------------------------------------- resolution
    def _check_limit(self, state: GameState, player: str, private: Company) -> None:
        limit = self.cert_limit(state)
        if self.cert_count(state, player) + self.private_certificates(private) > limit:
            raise Refusal(
                f"{player} would hold more than {limit} certificates ({self.r('cert_limit')})"
            )

    def _sell_private(
        self, state: GameState, player: str, private: Company, price: int, why: str
    ) -> None:
        """The private to ``player`` for ``price`` (to the bank); his bids on it end."""
        sale = self.sale(state)
        if price:
            # the payment cites the sale's rule as its private's line does (1830 7.1, 7.2;
            # 1889 facts §5; 18Chesapeake §9.1): a bid's winner pays by itself, a line to mirror
            rule = cited(why)[1]
            paid = f"{player} pays {self.money(price)} for {private.id}"
            state.ledger.transfer(player, BANK, price, f"{paid} ({rule})" if rule else paid)
        sale["unsold"].remove(private.id)
        sale["bids"].pop(private.id, None)
        sale["discount"] = 0  # 7.3: only the first private is offered for less
        private.owner = player
        state.ledger.events.append(
            PrivateMoved(company=private.id, source=BANK, target=player, reason=why)
        )
        state.last_actor = player
        self.private_sold(state, player, private)

    def _resolve(self, state: GameState) -> None:
        """After a sale: the next private's bids decide it, one after another (7.2); then
        play resumes left of the last player who bought a private on offer (7.2's words, read
        for the priority deal after the sale too: facts D2)."""
        sale = self.sale(state)
        rule = self.r("sale_bid")
        while sale["unsold"]:
            pid = sale["unsold"][0]
            bids = sale["bids"].get(pid) or []
            if not bids:
                break
            if len(bids) > 1:
                sale["contest"] = pid
                listed = ", ".join(f"{who} {self.money(amount)}" for who, amount in bids)
                top = max(amount for _, amount in bids)
                state.ledger.events.append(
                    Noted(
                        text=f"{pid} has {len(bids)} bids ({listed}): its bidders hold an "
                        f"auction from {self.money(top)}, raising by at least "
                        f"{self.money(self.auction_step)} ({rule})"
                    )
                )
                self._next_in_contest(state)
                return
            (who, amount), private = bids[0], state.company(pid)
            why = f"its only bidder, for {self.money(amount)} ({rule})"
            self._sell_private(state, who, private, amount, why)
        self._resume(state)

    def _resume(self, state: GameState) -> None:
        sale = self.sale(state)
        sale["contest"] = None
        state.consecutive_passes = 0
        buyer = sale["last_face_buyer"]
        following = self.next_stock_players(state, buyer)[0].name
        sale["first_offered"] = following
        state.current_player = following
        if sale["unsold"]:
            state.ledger.events.append(TurnStarted(who=following))
            return
        # 7.0: "when buying stops the player on the left of the last person to buy is
        # given the Priority Deal card": left of whoever got the last private, at face, by
        # a single bid or an auction (state.last_actor); play itself resumes left of the
        # last buyer at face (7.2).  The card is dealt again at the round's end (4.0).
        # A game saved before rules level 3 keeps its priority (moderator.fixes).
        last = state.last_actor or buyer
        done = "the last to buy"
        # facts §5 (1889, 18Chesapeake); before rules level 4 as 1830 (moderator.fixes)
        left_of_turn = self.priority_left_of_turn and follows(state, f"{self.title}-§5")
        if left_of_turn and buyer is not None:
            last, done = buyer, "the last to act in turn"
        if follows(state, "1830-7.0") and last is not None:
            dealt = self.next_stock_players(state, last)[0].name
            if dealt != state.priority:
                state.priority = dealt
                state.ledger.events.append(PriorityChanged(player=dealt))
            deal = f"; the priority deal to {dealt}, left of {last}, {done}"
        else:
            deal = ""
        rules = ", ".join(dict.fromkeys((self.r("sale_first"), self.r("sale_bid"))))
        state.ledger.events.append(
            Noted(
                text=f"Every private company is sold: shares are on sale, {following} "
                f"first{deal} ({rules})"
            )
        )
        self.sale_ended(state)
        state.ledger.events.append(TurnStarted(who=following))
        self._auto_pass(state)

    def _contest_refusal(self, state: GameState) -> str:
        pid = self.sale(state)["contest"]
        names = ", ".join(who for who, _ in self.sale(state)["bids"][pid])
        return (
            f"the auction for {pid} comes first: its bidders ({names}) raise or drop out "
            f"({self.r('sale_bid')})"
        )

    def _bidder(self, state: GameState, word: str, what: str) -> str:
        """A bidder in the auction under way who may raise or drop out (not the highest)."""
        player = self.player_name(state, word)
        pid = self.sale(state)["contest"]
        bidders = [who for who, _ in self.sale(state)["bids"][pid]]
        if player not in bidders:
            raise Refusal(self._contest_refusal(state))
        top = self.highest_bid(state, pid)
        assert top is not None
        if top[0] == player:
            raise Refusal(
                f"{player} holds the highest bid on {pid}, {self.money(top[1])}: the others "
                f"raise or drop out ({self.r('sale_bid')})"
            )
        return player

    def _next_in_contest(self, state: GameState) -> None:
        """The lowest bidder acts next (7.2 gives no order: a reading, facts D1); the last one
        left buys at his bid (7.2)."""
        sale = self.sale(state)
        pid = sale["contest"]
        bids = sale["bids"][pid]
        if len(bids) == 1:
            who, amount = bids[0]
            private = state.company(pid)
            sale["contest"] = None
            rule = self.r("sale_bid")
            why = f"the last bidder in its auction, for {self.money(amount)} ({rule})"
            self._sell_private(state, who, private, amount, why)
            self._resolve(state)
            return
        lowest = min(bids, key=lambda b: b[1])[0]
        state.current_player = lowest
        state.ledger.events.append(TurnStarted(who=lowest))

    def _sale_next(self, state: GameState, player: str) -> None:
        following = self.next_stock_players(state, player)[0].name
        state.current_player = following
        state.ledger.events.append(TurnStarted(who=following))

    # ------------------------------------------------------------- offers and views
    def sale_candidates(self, state: GameState) -> list[c.Command]:
        """The sale's commands worth offering: buy, the least bids, pass (or an auction's
        raises and drop-outs)."""
        sale = self.sale(state)
        out: list[c.Command] = []
        if sale["contest"]:
            pid = sale["contest"]
            private = state.company(pid)
            for who, _ in sale["bids"][pid]:
                out.append(c.Bid(player=who, private=pid, amount=self.least_bid(state, private)))
                out.append(c.Pass(player=who))
            return out
        player = state.current_player
        if player is None:
            return out
        for n, pid in enumerate(sale["unsold"]):
            if n == 0:
                out.append(c.Buy(player=player, corp=pid))
            else:
                least = self.least_bid(state, state.company(pid))
                out.append(c.Bid(player=player, private=pid, amount=least))
        out.append(c.Pass(player=player))
        return out

    def sale_json(self, state: GameState) -> dict[str, Any] | None:
        """The sale for the state JSON (``None`` once it is over): the private on offer and
        its price, every standing bid, each player's cash set aside and free, the auction
        under way and who acts."""
        if not self.sale_open(state):
            return None
        sale = self.sale(state)
        offer = self.on_offer(state)
        players = [p.name for p in state.ledger.players]
        return {
            "offer": None if offer is None else {"private": offer[0], "price": offer[1]},
            "unsold": [
                {
                    "private": pid,
                    "name": state.company(pid).name,
                    "face": state.company(pid).value,
                    "income": state.company(pid).income,
                    "least_bid": self.least_bid(state, state.company(pid)),
                    "bids": [
                        {"player": who, "amount": amount}
                        for who, amount in sale["bids"].get(pid, [])
                    ],
                }
                for pid in sale["unsold"]
            ],
            "contest": sale["contest"],
            "set_aside": {p: self.committed(state, p) for p in players},
            "free": {p: self.free_cash(state, p) for p in players},
            "turn": state.current_player,
            "discount": sale["discount"],
            "step": self.auction_step,
            "rules": {
                "sale": self.sale_rules(),
                "bid": self.r("sale_bid"),
                "unsold": self.r("sale_unsold"),
            },
        }


__all__ = ["PrivateAuction"]
