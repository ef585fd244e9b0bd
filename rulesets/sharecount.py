"""Corporations counted in shares, of several sizes (1817 facts §2, §8).

A corporation is started with 2, 5 or 10 shares: a 2-share corporation is one 100%
certificate (two shares), a 5-share one a 40% president's certificate and three 20%
shares, a 10-share one a 20% president's certificate and eight 10% shares.  Everything
a player does is counted in shares: ``sell PLAYER CORP N`` sells N shares whatever
their percent, a share costs the price, a dividend is paid per share (revenue ÷ shares).
Percents remain what ``expect PLAYER shares CORP PERCENT`` and the state JSON show.

Shared here: the certificates of each size, a holder's share count, the sale of N
shares with the presidency passing to a holder of at least the president's
certificate's shares, and the dividend of incremental capitalisation counted per share
(holders rounded up, treasury shares paying the corporation, market shares nobody, half
pay keeping a multiple of the share count).  The market has no share limit.
"""

from __future__ import annotations

from moderator.events import PresidentChanged
from moderator.ledger import Certificate, Company
from moderator.state import GameState
from rulesets.operating import OperatingRound
from rulesets.stock import StockRound, seat_order_from

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


class ShareCount(StockRound, OperatingRound):
    """Share counts for sales, purchases, presidencies and dividends."""

    pool_limit: ClassVar[int] = 10_000
    """The market may hold any number of shares (1817 facts §0)."""

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

    # ------------------------------------------------------------- presidency
    def _successor(
        self, state: GameState, company: Company, seller: str, remaining: int
    ) -> str | None:
        """The player, clockwise from the seller, holding the most shares and at least the
        president's certificate's, more than the seller keeps (``remaining`` percent)."""
        pres = next(x for x in company.certificates if x.president)
        best: str | None = None
        best_pct = max(remaining, pres.percent - 1)
        for p in seat_order_from(state.ledger.players, seller):
            pct = company.holder_percent(p.name)
            if pct > best_pct:
                best, best_pct = p.name, pct
        return best

    def _swap_presidency(
        self, state: GameState, company: Company, old: str, new: str, reason: str
    ) -> None:
        """The new president gives shares worth the president's certificate for it."""
        pres = next(x for x in company.certificates if x.president)
        given = [x for x in company.certs_of(new) if not x.president][
            : pres.percent // share_unit(company)
        ]
        for cert in given:
            state.ledger.move_certificate(
                company, cert, old, f"exchanged for the president's certificate ({reason})"
            )
        state.ledger.move_certificate(company, pres, new, f"presidency ({reason})")
        state.ledger.events.append(
            PresidentChanged(company=company.id, before=old, after=new, reason=reason)
        )

    def _presidency_after_gain(self, state: GameState, company: Company, player: str) -> None:
        """A player holding more shares than the president, and at least the president's
        certificate's, takes over."""
        president = company.president()
        if president is None or president == player:
            return
        pres = next(x for x in company.certificates if x.president)
        held = company.holder_percent(player)
        if held > company.holder_percent(president) and held >= pres.percent:
            self._swap_presidency(
                state, company, president, player, f"holds more ({self.r('president_change')})"
            )

    # ------------------------------------------------------------- sales
    def check_sell(
        self, state: GameState, player: str, company: Company, n: int, *, protect: str | None = None
    ) -> str | None:
        """Why ``player`` may not sell ``n`` shares of ``company`` to the market, or ``None``."""
        cid = company.id
        rule = self.r("sell")
        if not company.launched:
            return f"{cid} has not been started ({self.r('par')})"
        held = self.shares(company, player)
        if held < n:
            return f"{player} holds {held} {cid} share{'s' if held != 1 else ''} ({rule})"
        why = self.may_sell(state, player, company)
        if why:
            return why
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

    # ------------------------------------------------------------- dividends
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
        return (
            f"half: {self.money(revenue)} / 2 rounded down to a multiple of {size} = "
            f"{self.money(retained)} kept; each holder's amount rounded up ({self.r('half')})"
        )

    def dividend_shares(self, company: Company) -> int:
        """A dividend is divided by the corporation's shares: 2, 5 or 10."""
        return size_of(company)

    def held_dividend(self, units: int, paid: int, count: int) -> int:
        """Treasury shares are a holder like any other: shares x per share rounded up
        (1817 facts §8 step 4: "each holder receives shares x per share, rounded up";
        the public implementation rounds the corporation's own shares up too)."""
        return -(-units * paid // count)
