"""Private companies sold between players at an agreed price in a stock turn (1830 23.1).

After the first stock round a player may sell a private he owns to another player for any
price the two agree, in the buyer's or in the seller's turn of a stock round.  Readings
(1830 facts D5, D17): in the buyer's turn the private is his purchase of the turn (4.0: one
a turn); in the seller's turn it is a sale, and his turn goes on; the buyer's certificate
limit holds.  Since buying another player's private is a legal purchase, the tool does not
pass by itself a player who could make one (:meth:`PrivateTrades.other_purchase_possible`).
A title names the rule ``private_trade``.

During a forced train purchase (1830 24.0, :meth:`PrivateTrades.trade_for_train`) the
president of the corporation that must buy may also sell one of his privates to another
player, if he finds a buyer, to raise the money: facts §9 reads 24.0's "selling shares (and,
if he can find a buyer, privates)".  A buyer cannot be forced, so ``bankrupt`` never waits
for such a sale (:meth:`OperatingRound.raisable` counts shares only).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import PrivateMoved
from moderator.ledger import Company
from moderator.state import GameState
from rulesets.stock import StockRound

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

RULE_KEYS = ("private_trade",)
"""The ``rule_numbers`` key a title with these trades names besides every title's."""


class PrivateTrades(StockRound):
    """``trade PRIVATE FROM TO PRICE`` between players, from the second stock round on."""

    privates_traded: ClassVar[bool] = True
    """Whether players sell privates to each other at all (1889, 18Chesapeake: never, facts
    §2; their ``private_trade`` rule is the one the refusal names)."""

    def private_trade_possible(self, state: GameState, player: str) -> bool:
        """Whether ``player`` could buy another player's private in his turn now: a stock
        round after the first, no purchase yet this turn, cash (at least 1), room under the
        certificate limit, and an open private of another player's."""
        if (
            not self.privates_traded
            or state.round_number == 1
            or self.purchase_made(state)  # type: ignore[attr-defined]
            or state.ledger.player(player).cash < 1
        ):
            return False
        ledger = state.ledger
        for co in ledger.companies.values():
            owner = co.owner
            if co.kind == "private" and not co.closed and owner is not None and owner != player:
                if ledger.is_player(owner):
                    return self.cert_count(state, player) < self.cert_limit(state)
        return False

    def other_purchase_possible(self, state: GameState, player: str) -> bool:
        """A player who may buy another player's private has a legal purchase: the tool
        does not pass him (the contract passes only a player with none)."""
        return super().other_purchase_possible(state, player) or self.private_trade_possible(
            state, player
        )

    def cmd_trade(self, state: GameState, cmd: c.Trade) -> None:
        """``trade PRIVATE FROM TO PRICE``: a private sold between players at any agreed
        price in the buyer's or the seller's stock turn, not in the first stock round."""
        rule = self.r("private_trade")
        if not self.privates_traded:
            raise Refusal(f"privates are not sold between players in {self.title_name} ({rule})")
        if state.round_kind == "OR" and self._forced_purchase(state) is not None:  # type: ignore[attr-defined]
            self.trade_for_train(state, cmd)
            return
        if state.round_kind != "SR" or state.round_number == 1:
            raise Refusal(
                f"privates change hands between players in a stock round after the first ({rule})"
            )
        seller = self.player_name(state, cmd.source)
        buyer = self.player_name(state, cmd.target)
        private = state.company(self.company_id(state, cmd.private))
        if private.kind != "private" or private.closed or private.owner != seller:
            raise Refusal(f"{private.id} is not a private of {seller}'s ({rule})")
        if seller == buyer:
            raise Refusal(f"{buyer} already owns {private.id} ({rule})")
        if state.current_player not in (buyer, seller):
            self._close_open_turn(state, buyer)
        if state.current_player not in (buyer, seller):
            raise Refusal(
                f"a private is sold in the buyer's or the seller's turn; it is "
                f"{state.current_player}'s ({rule})"
            )
        if state.current_player == buyer and state.turn_bought:
            why = self.another_purchase(state, buyer, private, None)
            if why:
                raise Refusal(why)
        sell_private(self, state, private, seller, buyer, cmd.price, rule)
        if state.current_player == buyer:
            self._after_purchase(state, buyer, private, "trade")
        else:
            state.turn_sold.append(private.id)
            state.last_actor = seller
            state.consecutive_passes = 0

    def trade_for_train(self, state: GameState, cmd: c.Trade) -> None:
        """1830 24.0: the president of the corporation that must buy a train sells one of his
        privates to another player at the agreed price toward it.  Only he sells, only while
        the corporation and he lack the money for the train (as his share sales, facts D15),
        never a private closed or not his; the buyer pays from his own cash and stays under
        the certificate limit (23.1, as in a stock round).  The private keeps its income and
        its closing (22.0, 23.2)."""
        company = self._forced_purchase(state)  # type: ignore[attr-defined]
        assert company is not None
        rule = self.r("forced_sale")
        seller = self.player_name(state, cmd.source)
        buyer = self.player_name(state, cmd.target)
        president = company.president()
        if seller != president:
            raise Refusal(
                f"in an operating round only {company.id}'s president {president} sells a "
                f"private, to pay for its train ({rule})"
            )
        private = state.company(self.company_id(state, cmd.private))
        trade_rule = self.r("private_trade")
        if private.kind != "private" or private.closed or private.owner != seller:
            raise Refusal(f"{private.id} is not a private of {seller}'s ({trade_rule})")
        if seller == buyer or not state.ledger.is_player(buyer):
            raise Refusal(f"{seller} sells {private.id} to another player ({rule})")
        self.check_still_short(state, company, seller)  # type: ignore[attr-defined]
        sell_private(self, state, private, seller, buyer, cmd.price, f"{rule}, {trade_rule}")


def sell_private(
    rules: StockRound,
    state: GameState,
    private: Company,
    seller: str,
    buyer: str,
    price: int,
    rule: str,
) -> None:
    """A private from ``seller`` to ``buyer`` at the agreed ``price`` (1830 23.1, 1847 AE 4.2,
    4.4), once the title has checked whose turn it is: the buyer must have the cash and room
    under the certificate limit; the price and the private move as lines the table mirrors."""
    if price < 0:
        raise Refusal(f"a price cannot be negative ({rule})")
    cash = state.ledger.player(buyer).cash
    if cash < price:
        raise Refusal(f"{buyer} has {rules.money(cash)}, cannot pay {rules.money(price)} ({rule})")
    limit = rules.cert_limit(state)
    if rules.cert_count(state, buyer) + 1 > limit:
        raise Refusal(f"{buyer} is at the certificate limit of {limit} ({rules.r('cert_limit')})")
    state.ledger.transfer(buyer, seller, price, f"buys {private.id} from {seller} ({rule})")
    private.owner = buyer
    state.ledger.events.append(
        PrivateMoved(
            company=private.id, source=seller, target=buyer, reason=f"sold between players ({rule})"
        )
    )


__all__ = ["PrivateTrades", "sell_private"]
