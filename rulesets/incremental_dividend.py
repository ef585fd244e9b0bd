"""The dividend of a corporation counted in shares, and its price by the amount paid out
(1817 facts §8, R 6.6, RDL 8.4).

A dividend is divided by the corporation's shares (2, 5 or 10), each holder's amount
rounded up (:mod:`rulesets.operating`); treasury shares pay the corporation, market
shares nobody (the title's :attr:`rulesets.operating.OperatingRound.ipo_pays_company`,
``pool_pays_company``).  A half pay keeps half the revenue rounded down to a multiple of
the share count (a 2-share corporation: half, its holder getting the other half whole).
The price moves by the amount paid out in all (not per share) against the price: nothing
paid out, left 1; at least the price, right 1; at least twice the price, right 2; a zone
may count as a fixed price (1817: the acquisition zone as $40,
:attr:`IncrementalDividend.zone_prices`).  The rules are ``dividend`` and ``half``.
"""

from __future__ import annotations

from moderator.fixes import follows
from moderator.ledger import Company
from moderator.state import GameState
from rulesets.operating import OperatingRound
from rulesets.sharecount import size_of
from rulesets.zoned_row import ZonedRow, end_words, zone_of

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


class IncrementalDividend(OperatingRound):
    """Dividends per share of a 2/5/10-share corporation; the price by the amount paid."""

    zone_prices: ClassVar[dict[str, int]] = {}
    """Zone -> the price a payout is measured against there (1817: acquisition, $40)."""

    def half_kept(self, company: Company, revenue: int) -> int:
        """What a half pay keeps: half rounded down to a multiple of the share count (a
        2-share corporation: half, its holder getting the other half whole)."""
        size = size_of(company)
        if size == 2:
            # reading (facts §8, O9): an odd revenue keeps half rounded down, the holder
            # gets the rest whole (the public implementation keeps a fraction of a dollar)
            return revenue // 2
        return revenue // 2 // size * size

    def half_note(self, company: Company, revenue: int, retained: int) -> str:
        size = size_of(company)
        # a 2-share corporation keeps exactly half (:meth:`half_kept`): "rounded down to a
        # multiple of 2 = $75" beside $150 said a rounding that did not happen
        if size == 2:
            how = "" if revenue % 2 == 0 else " rounded down to the dollar"
            kept = f"half: {self.money(revenue)} / 2{how} = {self.money(retained)} kept"
        else:
            kept = (
                f"half: {self.money(revenue)} / 2 rounded down to a multiple of {size} = "
                f"{self.money(retained)} kept"
            )
        return f"{kept}; each holder's amount rounded up ({self.r('half')})"

    def rounded_words(self, state: GameState) -> str:
        """Every holder's amount rounded up (facts §8 step 4); before rules level 4 the
        treasury's per share down (:meth:`held_dividend`)."""
        if not follows(state, "1817-§8"):
            return super().rounded_words(state)
        return "each holder's amount rounded up"

    def dividend_shares(self, company: Company) -> int:
        """A dividend is divided by the corporation's shares: 2, 5 or 10."""
        return size_of(company)

    def held_dividend(self, state: GameState, units: int, paid: int, count: int) -> int:
        """Treasury shares are a holder like any other: shares x per share rounded up
        (1817 facts §8 step 4: "each holder receives shares x per share, rounded up";
        the public implementation rounds the corporation's own shares up too).  A game
        saved before rules level 4 rounds the per-share amount down, as recorded
        (moderator.fixes)."""
        if not follows(state, "1817-§8"):
            return super().held_dividend(state, units, paid, count)
        return -(-units * paid // count)

    def moves_between_equal_prices(self, state: GameState, cid: str, steps: int) -> bool:
        """The acquisition cells all show $0: a dividend move between them is still a move
        of the marker (facts §7, §8 step 4), which the next move starts from.  A game
        saved before rules level 4 keeps the marker where it was (moderator.fixes)."""
        if not follows(state, "1817-§7"):
            return False
        market = state.market
        if not steps or not isinstance(market, ZonedRow) or cid not in market.position:
            return False
        return market.index_after(cid, steps) != market.position[cid]

    def price_move(self, state: GameState, company: Company, paid: int) -> tuple[int, str]:
        """By the amount paid out: none left 1, at least the price right 1, twice right 2
        (facts §8, R 6.6)."""
        zone = zone_of(state.market, company.id)
        price = self.zone_prices.get(zone) or state.price(company.id)
        rule = self.r("dividend")
        if paid == 0:
            steps, why = -1, "nothing paid out: left 1"
        elif paid >= 2 * price:
            steps = 2
            why = f"{self.money(paid)} paid out, at least twice {self.money(price)}: right 2"
        elif paid >= price:
            steps, why = 1, f"{self.money(paid)} paid out, at least {self.money(price)}: right 1"
        else:
            return 0, f"{self.money(paid)} paid out, under {self.money(price)}: no move ({rule})"
        # the row's end may leave fewer spaces than the payout moves: the line says so
        said = f"{why}{end_words(state.market, company.id, steps)} ({rule})"
        market = state.market
        if self.moves_between_equal_prices(state, company.id, steps):
            # the receipt, not only the move's line, says that the marker moves (facts §7)
            assert isinstance(market, ZonedRow)
            said = market.said_as_move(company.id, steps, said)
        return steps, said
