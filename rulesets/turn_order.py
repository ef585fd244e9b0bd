"""Turn-order flags of a stock turn where purchase and sales come in either order.

1830 (4.0) lets a player sell, buy and sell again in one turn; 1889 (facts §6, the
18xx.games ``sell_buy_or_buy_sell`` order) allows sales then the purchase, or the purchase
then sales, but never sell-buy-sell: once a player has sold before his purchase, nothing
more is sold in that turn.  A title mixes :class:`SellBuyOrBuySell` in before its stock
round (its ``rule_numbers`` name the rule under ``sell_buy_sell``).
"""

from __future__ import annotations

from moderator.ledger import Company
from moderator.state import GameState
from rulesets.base import keep_next_methods
from rulesets.stock import StockRound


class SellBuyOrBuySell(StockRound):
    """Sales then a purchase, or a purchase then sales: not sell-buy-sell."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        """The title's next :meth:`may_sell`, :meth:`_can_sell_anything` and
        :meth:`_after_purchase` after these, found once a class: every sale check of the
        tool asks them, where ``super()`` would look them up each time."""
        super().__init_subclass__(**kwargs)
        keep_next_methods(
            cls,
            SellBuyOrBuySell,
            _may_sell_otherwise="may_sell",
            _can_sell_otherwise="_can_sell_anything",
            _after_purchase_otherwise="_after_purchase",
        )

    def _after_purchase(self, state: GameState, player: str, company: Company, source: str) -> None:
        """Remembers whether this turn's purchase came after a sale (read only while the
        turn's purchase stands: ``turn_bought`` empties with the turn)."""
        state.extra["sold_before_buy"] = bool(state.turn_sold)
        self._after_purchase_otherwise(state, player, company, source)  # type: ignore[attr-defined]

    @staticmethod
    def _sold_before_buy(state: GameState, player: str) -> bool:
        """Whether ``player``'s turn sold and then bought: no sale is left in it."""
        return bool(
            state.turn_bought
            and state.extra.get("sold_before_buy")
            and state.round_kind == "SR"
            and state.current_player == player
        )

    def _can_sell_anything(self, state: GameState, player: str) -> bool:
        """Nothing, once the turn sold and then bought (every sale check refuses then, by
        :meth:`may_sell`), without a sale check per corporation: asked after every
        purchase, the tool's question whether the turn goes on."""
        if (
            state.turn_bought
            and state.extra.get("sold_before_buy")
            and self._sold_before_buy(state, player)
        ):
            return False
        return self._can_sell_otherwise(state, player)  # type: ignore[attr-defined, no-any-return]

    def may_sell(self, state: GameState, player: str, company: Company) -> str | None:
        # a turn without a purchase, or with one not after a sale, asks no more (every
        # sale check of the tool asks this)
        if (
            state.turn_bought
            and state.extra.get("sold_before_buy")
            and self._sold_before_buy(state, player)
        ):
            return (
                f"{player} sold before buying this turn: no sale after the purchase "
                f"({self.r('sell_buy_sell')})"
            )
        return self._may_sell_otherwise(state, player, company)  # type: ignore[attr-defined, no-any-return]
