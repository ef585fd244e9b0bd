"""Stations a new corporation owes and buys at once when its cash covers them (1817
facts §3, RDL 6.1).

A corporation starts with its home station; the rest of the stations its size brings
(:attr:`StationsOwed.stations_by_size`) it owes, at :attr:`StationsOwed.station_cost`
each.  It buys them all at once, as soon as its cash covers them (at its start, after a
share of it is bought, after a loan), until it has operated; still owing them at the end
of the stock round, it goes into liquidation (:mod:`rulesets.liquidation`).  A private
contributed at the start may bring one more station, never bought
(:attr:`StationsOwed.extra_station_private`, 1817's Train Station): it closes at the
stock round's end once a corporation holds it, its station placed.  Every purchase is a
line the banker mirrors; the rule is ``stations``.

State (``state.extra``): ``stations`` and ``stations_owed`` (corporation -> count).
"""

from __future__ import annotations

from moderator.events import CompanyClosed
from moderator.ledger import BANK, Company
from moderator.state import GameState
from moderator.text import counted_at
from rulesets.liquidation import Liquidation
from rulesets.loans import LoanTrack

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


def record(state: GameState, key: str) -> dict[str, int]:
    """The count per corporation kept in ``state.extra[key]``."""
    held = state.extra.setdefault(key, {})
    assert isinstance(held, dict)
    return held


class StationsOwed(LoanTrack, Liquidation):
    """Stations owed by a new corporation, bought at once, liquidating it unbought."""

    station_cost: ClassVar[int] = 0
    stations_by_size: ClassVar[dict[int, int]] = {}
    """Stations a corporation of each size has, its home one included."""
    extra_station_private: ClassVar[str | None] = None
    """A private whose contribution brings one more station, not bought (1817: TS)."""

    def stations_of(self, state: GameState, cid: str) -> int:
        return int(record(state, "stations").get(cid, 0))

    def stations_owed(self, state: GameState, cid: str) -> int:
        return int(record(state, "stations_owed").get(cid, 0))

    def owe_stations(self, state: GameState, company: Company, size: int, extra: int) -> None:
        """At its start: the home station and ``extra`` ones brought by privates; the rest
        of its size's owed, bought now if the cash covers them, else said in a line."""
        cid = company.id
        record(state, "stations")[cid] = 1 + extra
        owed = self.stations_by_size[size] - 1
        if owed:
            record(state, "stations_owed")[cid] = owed
        self.buy_stations(state, company)
        if self.stations_owed(state, cid):
            self.note(
                state,
                f"{cid} owes {owed} station{'s' if owed > 1 else ''} at "
                f"{self.money(self.station_cost)}: bought as soon as its cash covers them; "
                f"unbought at the stock round's end, it liquidates ({self.r('stations')})",
            )

    def buy_stations(self, state: GameState, company: Company) -> None:
        """All the stations still owed, at once, when the cash covers them (facts §3)."""
        owed = self.stations_owed(state, company.id)
        cost = owed * self.station_cost
        if not owed or company.operated or company.cash < cost:
            return
        state.ledger.transfer(
            company.id,
            BANK,
            cost,
            f"{counted_at(owed, 'station', f'at {self.money(self.station_cost)}')} "
            f"({self.r('stations')})",
        )
        record(state, "stations")[company.id] = self.stations_of(state, company.id) + owed
        del record(state, "stations_owed")[company.id]

    def after_share_bought(self, state: GameState, player: str, company: Company) -> None:
        self.buy_stations(state, company)

    def after_loan(self, state: GameState, company: Company) -> None:
        self.buy_stations(state, company)

    def stock_round_end_moves(self, state: GameState) -> None:
        """After the price moves: a corporation that has not bought its stations by the
        end of its IPO's stock round liquidates; the private bringing a station closes in
        a corporation, its station placed (facts §3, §4)."""
        super().stock_round_end_moves(state)
        for co in state.ledger.corporations():
            if (
                co.launched
                and self.stations_owed(state, co.id)
                and not co.operated
                and not self.in_liquidation(state, co.id)
            ):
                self.liquidate(state, co, "its stations were not bought in its IPO stock round")
        extra = state.ledger.companies.get(self.extra_station_private or "")
        if extra and not extra.closed and extra.owner in state.ledger.companies:
            extra.closed = True
            state.ledger.events.append(
                CompanyClosed(company=extra.id, reason=f"its station placed ({self.r('stations')})")
            )
