"""The zones at the left end of a one-row market and the liquidation cell (1817 facts §7,
§8, §11).

A corporation whose marker is in a zone of a :class:`rulesets.zoned_row.ZonedRow`
(1817: the liquidation cell and three acquisition cells) has no share bought or sold;
corporations operate in price order, but one in the liquidation cell does not operate
again, its trains are not sold to other corporations, its marker moves no more at a
stock round's end (:meth:`Liquidation.traded`).  :meth:`Liquidation.liquidate` puts a
marker there (journaled, with its reason: 1817's unpaid interest, no train at the end of
its turn, stations unbought) and notes the president of that moment; the acquisition
round settles it (1817: a later step).  With a liquidation in the rules there is no
forced train purchase.  The rules are ``zones``, ``liquidation``, ``train_trade``.

State (``state.extra``): ``liquidated`` (corporation -> its president when liquidated).
"""

from __future__ import annotations

from moderator.errors import Refusal
from moderator.events import PriceMoved
from moderator.ledger import Company
from moderator.state import GameState
from moderator.text import cited
from rulesets.operating import OperatingRound
from rulesets.stock import StockRound
from rulesets.zoned_row import ZonedRow, zone_of


class Liquidation(StockRound, OperatingRound):
    """Market zones that stop trading, and the liquidation cell."""

    def zone(self, state: GameState, cid: str) -> str:
        """``liquidation``, ``acquisition`` or ``""`` (facts §7)."""
        return zone_of(state.market, cid)

    def in_liquidation(self, state: GameState, cid: str) -> bool:
        return self.zone(state, cid) == "liquidation"

    def traded(self, state: GameState, cid: str) -> bool:
        """Whether ``cid``'s marker still moves with its shares (not in liquidation)."""
        return not self.in_liquidation(state, cid)

    def liquidate(self, state: GameState, company: Company, why: str) -> None:
        """The marker goes to the liquidation cell; the corporation no longer operates
        and its shares are no longer traded (facts §11); the acquisition round settles it.
        ``why`` may end in its own rule: the line cites both last."""
        market = state.market
        assert isinstance(market, ZonedRow)
        before = state.price(company.id)
        text, own = cited(why)
        rule = f"{own}; {self.r('liquidation')}" if own else self.r("liquidation")
        market.place_at(company.id, 0)
        held = state.extra.setdefault("liquidated", {})
        assert isinstance(held, dict)
        held[company.id] = company.president()
        state.ledger.events.append(
            PriceMoved(
                company=company.id,
                before=before,
                after=0,
                reason=f"it goes into liquidation: {text}; the marker moves to the "
                f"liquidation cell, the row's leftmost space ({rule})",
            )
        )

    def not_operating(self, state: GameState, cid: str, rule: str) -> str:
        if self.in_liquidation(state, cid):
            return (
                f"{cid} is in liquidation ({self.r('liquidation')}): it no longer operates ({rule})"
            )
        return super().not_operating(state, cid, rule)

    def operating_candidates(self, state: GameState) -> list[str]:
        """Price order; the liquidation cell does not operate (facts §7)."""
        corps = [
            co.id
            for co in state.ledger.corporations()
            if co.launched and co.id not in state.operated
        ]
        market = state.linear()
        zones, position = market.zones, market.position  # type: ignore[attr-defined]
        return [cid for cid in market.order(corps) if zones[position[cid]] != "liquidation"]

    def must_own_train(self, state: GameState, company: Company) -> bool:
        """No forced purchase: a corporation without a train liquidates (facts §8)."""
        return False

    def may_buy_from_company(self, state: GameState, buyer: Company, seller: Company) -> None:
        if self.in_liquidation(state, seller.id):
            raise Refusal(
                f"{seller.id} is in liquidation: its trains are not sold ({self.r('train_trade')})"
            )

    def may_sell(self, state: GameState, player: str, company: Company) -> str | None:
        """Not in a zone."""
        zone = self.zone(state, company.id)
        if zone:
            return (
                f"{company.id} is in the {zone} zone: its shares are not sold ({self.r('zones')})"
            )
        return super().may_sell(state, player, company)

    def check_buy(self, state: GameState, player: str, company: Company, source: str) -> str | None:
        """Not in a zone."""
        zone = self.zone(state, company.id)
        if zone:
            return (
                f"{company.id} is in the {zone} zone: its shares are not bought ({self.r('zones')})"
            )
        return super().check_buy(state, player, company, source)
