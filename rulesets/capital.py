"""Full capitalisation: a corporation floats when enough of it is sold and receives ten
times its par from the bank, however much was sold (1830 8.1, 11.0).

Every payment for unsold shares goes to the bank; the corporation's capital comes at the
start of the first operating round after it floated, before it operates (11.0: "at the
beginning of the Operating Round in which the new Corporation is going to start
operations"; not at the purchase that floats it: facts D10), and it operates from that
round on.  A title names the rules ``float``
and ``capital`` and may change the share sold to float (:attr:`float_percent`).
"""

from __future__ import annotations

from moderator.events import Noted
from moderator.ledger import BANK, Company
from moderator.state import GameState
from rulesets.operating import OperatingRound
from rulesets.stock import StockRound

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

RULE_KEYS = ("float", "capital")
"""The ``rule_numbers`` keys a title with full capitalisation names besides every title's."""


class FullCapitalisation(StockRound, OperatingRound):
    """Floating at :attr:`float_percent` sold; ten times par at the next operating round."""

    float_percent: ClassVar[int] = 60
    """The share of a corporation sold by the bank that floats it (1830 8.0: 60%)."""
    capital_times_par: ClassVar[int] = 10
    """The capital, in times the par (1830 8.1: ten times)."""

    def floated(self, state: GameState, cid: str) -> bool:
        """Whether ``cid`` has floated."""
        return cid in state.extra["floated"]  # type: ignore[operator]

    def capitalised(self, state: GameState, cid: str) -> bool:
        """Whether ``cid`` has floated and received its capital (it operates)."""
        return self.floated(state, cid) and cid not in state.extra["capital_due"]  # type: ignore[operator]

    def operates(self, state: GameState, cid: str) -> bool:
        """The corporations that have their capital operate (1830 11.0, 16.0)."""
        return self.capitalised(state, cid)

    def operates_next_set(self, state: GameState, cid: str) -> bool:
        """A floated corporation operates from the next operating round on (1830 11.0)."""
        return self.floated(state, cid) and not state.company(cid).closed

    def ipo_payee(self, state: GameState, company: Company) -> str:
        """Every unsold share is paid to the bank: the capital comes from the bank (11.0)."""
        return BANK

    def check_float(self, state: GameState, company: Company) -> None:
        """The corporation floats once :attr:`float_percent` of it has left the unsold
        shares, to players or the pool (shares sold back to the pool still count)."""
        cid = company.id
        if self.floated(state, cid) or not company.launched:
            return
        sold = 100 - company.holder_percent(cid)
        if sold < self.float_percent:
            return
        state.extra["floated"].append(cid)  # type: ignore[attr-defined]
        state.extra["capital_due"].append(cid)  # type: ignore[attr-defined]
        capital = self.capital_times_par * company.value
        state.ledger.events.append(
            Noted(
                text=f"{cid} has floated: {sold}% sold ({self.r('float')}); it receives "
                f"{self.money(capital)}, {self.capital_times_par} times its par, at the start "
                f"of the next operating round and operates from then on ({self.r('capital')})"
            )
        )

    def operating_round_started(self, state: GameState) -> None:
        """The corporations floated since the last operating round receive their capital."""
        due: list[str] = state.extra["capital_due"]  # type: ignore[assignment]
        for cid in list(due):
            company = state.company(cid)
            capital = self.capital_times_par * company.value
            self.bank_pays(
                state,
                cid,
                capital,
                f"its capital, {self.capital_times_par} times its par of "
                f"{self.money(company.value)} ({self.r('capital')})",
            )
        due.clear()
