"""Corporations counted in shares, of several sizes (1817 facts §2, §4).

A corporation is started with 2, 5 or 10 shares: a 2-share corporation is one 100%
certificate (two shares), a 5-share one a 40% president's certificate and three 20%
shares, a 10-share one a 20% president's certificate and eight 10% shares.  Everything
a player does is counted in shares: ``sell PLAYER CORP N`` sells N shares whatever
their percent, a share costs the price, a player holds at most
:attr:`ShareCount.share_cap` percent (1817: 60%; a 2-share corporation's single
certificate excepted).  Percents remain what ``expect PLAYER shares CORP PERCENT`` and
the state JSON show.

Shared here: the certificates of each size, a holder's share count, the sale of N
shares with the presidency passing to a holder of at least the president's
certificate's shares, and the price moves at a stock round's end (sold out: right 1;
then left 1 per share in the market).  The market has no share limit.  The dividend
counted per share is :mod:`rulesets.incremental_dividend`.
"""

from __future__ import annotations

from moderator.ledger import POOL, Certificate, Company
from moderator.state import GameState
from moderator.text import counted
from rulesets.stock import StockRound
from rulesets.zoned_row import end_words

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

LAYOUTS: dict[int, tuple[int, ...]] = {
    2: (100,),
    5: (40, 20, 20, 20),
    10: (20, 10, 10, 10, 10, 10, 10, 10, 10),
}
"""The certificates of each size, the president's first, in percent."""


def share_unit(company: Company) -> int:
    """The percent one share of ``company`` is (a 2-share corporation's one certificate
    holds two shares of 50% each)."""
    certs = company.certificates
    if not certs:
        return 10
    if len(certs) == 1:
        return certs[0].percent // 2
    return certs[-1].percent


def size_of(company: Company) -> int:
    """The number of shares of ``company`` (0 before it is started)."""
    return 100 // share_unit(company) if company.certificates else 0


class ShareCount(StockRound):
    """Share counts for sales, purchases, presidencies and the stock round's end."""

    pool_limit: ClassVar[int] = 10_000
    """The market may hold any number of shares (1817 facts §0)."""
    share_cap: ClassVar[int | None] = None
    """Most percent of a corporation a player may hold after a purchase (1817: 60); a
    2-share corporation's single certificate, 100%, is within it (facts §0)."""

    @staticmethod
    def shares(company: Company, holder: str) -> int:
        """Shares ``holder`` has of ``company`` (a 40% certificate of a 5-share one: 2)."""
        return company.holder_percent(holder) // share_unit(company)

    @staticmethod
    def issue_certificates(company: Company, size: int) -> None:
        """The certificates of a ``size``-share corporation, all in its treasury."""
        company.certificates = [
            Certificate(p, president=i == 0, holder=company.id) for i, p in enumerate(LAYOUTS[size])
        ]

    def share_price(
        self, state: GameState, company: Company, source: str, cert: Certificate
    ) -> int:
        """A certificate costs the price per share it holds."""
        return state.price(company.id) * (cert.percent // share_unit(company))

    def check_buy(self, state: GameState, player: str, company: Company, source: str) -> str | None:
        """Not over :attr:`share_cap` by one more share."""
        cap = self.share_cap
        if cap and company.launched and company.holder_percent(player) + share_unit(company) > cap:
            return f"{player} would hold more than {cap}% of {company.id} ({self.r('hold_limit')})"
        return super().check_buy(state, player, company, source)

    def traded(self, state: GameState, cid: str) -> bool:
        """Whether ``cid``'s marker moves with its shares (1817: not in liquidation)."""
        return True

    def stock_round_end_moves(self, state: GameState) -> None:
        """In price order: sold out (players hold every share of a 5- or 10-share
        corporation) right 1, then left 1 per share in the market (facts §4)."""
        market = state.linear()
        corps = [co.id for co in state.ledger.corporations() if co.launched]
        for cid in market.order(corps):
            if not self.traded(state, cid):
                continue
            co = state.company(cid)
            held = sum(self.shares(co, p.name) for p in state.ledger.players)
            said = getattr(market, "said_as_move", None)  # 1817: the $0 cells (facts §7)
            if size_of(co) > 2 and held >= size_of(co):
                why = "players hold every share: right 1"
                why += end_words(market, cid, 1)  # the row's end: the line says so
                why += f" ({self.r('turn')})"
                state.move_price(cid, 1, said(cid, 1, why) if said else why)
                self.after_sold_out_move(state, co, held)
            pool = self.shares(co, POOL)
            if pool:
                why = f"{counted(pool, 'share')} in the {self.pool_name}: left {pool}"
                why += end_words(market, cid, -pool) + f" ({self.r('turn')})"
                state.move_price(cid, -pool, said(cid, -pool, why) if said else why)
        super().stock_round_end_moves(state)

    def after_sold_out_move(self, state: GameState, co: Company, held: int) -> None:
        """After a sold-out corporation's right 1, before its market shares' moves, in
        the same price order (1817: the option ``short_squeeze``'s move once more)."""

    # ------------------------------------------------------------- presidency
    def president_units(self, company: Company) -> int:
        """The president's certificate in ten-percent units (a 5-share corporation's: 4),
        so that the stock round's succession and swap count whole shares: a successor
        holds at least as many shares, and gives that many for it."""
        return next(x.percent for x in company.certificates if x.president) // 10

    # ------------------------------------------------------------- sales
    def check_sale(
        self, state: GameState, player: str, company: Company, n: int, *, protect: str | None = None
    ) -> str | None:
        """Counted in shares: the seller's, the title's :meth:`may_sell`, the presidency."""
        held = self.shares(company, player)
        if held < n:
            plural = "s" if held != 1 else ""
            return f"{player} holds {held} {company.id} share{plural} ({self.r('sell')})"
        why = self.may_sell(state, player, company)
        if why:
            return why
        cid = company.id
        pres = next(x for x in company.certificates if x.president)
        if pres.holder == player:
            pres_shares = pres.percent // share_unit(company)
            if held - n < pres_shares:
                unit = share_unit(company)
                if self._successor(state, company, player, (held - n) * unit) is None:
                    return (
                        f"{player}'s president's certificate of {cid} cannot go to the market: "
                        f"nobody else holds {pres_shares} shares to take the presidency "
                        f"({self.r('president_sale')})"
                    )
        return None

    def sold_percent(self, company: Company, n: int) -> int:
        """``n`` shares are ``n`` times the company's share."""
        return n * share_unit(company)

    def sale_certificates(self, company: Company, player: str, n: int) -> list[Certificate]:
        """Any ``n`` of the seller's ordinary certificates (one share each)."""
        return [x for x in company.certs_of(player) if not x.president][:n]
