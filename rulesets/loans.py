"""Corporations' loans and the interest track (1817 facts §6; 1856, 1861/1867 borrow too).

A fixed number of loans of a fixed value exist; a corporation holds at most
:meth:`LoanTrack.max_loans` of them.  One interest rate, the same for every
corporation, climbs with the loans out (:meth:`LoanTrack.rate_for`) and is fixed at the
start of each operating round.  Interest is due once in a corporation's operating turn
(:meth:`LoanTrack.pay_interest`): when its cash is short it takes loans by itself, each
one owing interest too, up to its limit; still short, the title's
:meth:`LoanTrack.interest_unpaid` says what follows (1817: liquidation).  Each loan
taken or paid back may move the price (:attr:`LoanTrack.loan_steps`).  Every loan,
payback and interest payment is a line the banker mirrors.

State (``state.extra``): ``loans`` (corporation -> loans held), ``rate_fixed`` (the rate
of the operating round under way, ``None`` outside one), ``interest_paid`` (the
corporations that paid this operating round), ``loan_after_interest`` (the operating
corporation took a loan after its interest this turn: it pays none back).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import ExpectationFailed, Refusal
from moderator.events import Noted
from moderator.ledger import BANK, Company
from moderator.state import GameState
from rulesets.operating import OperatingRound
from rulesets.zoned_row import ZonedRow, end_words

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar


class LoanTrack(OperatingRound):
    """Loans of corporations, the interest rate and interest payments."""

    loan_value: ClassVar[int] = 100
    loans_total: ClassVar[int] = 70
    rate_low: ClassVar[int] = 5
    """The rate while no more than :attr:`loans_per_step` loans are out, in percent."""
    rate_step: ClassVar[int] = 5
    loans_per_step: ClassVar[int] = 5
    rate_high: ClassVar[int] = 70
    loan_steps: ClassVar[int] = -1
    """Spaces the price moves for each loan taken (a payback moves it back as many)."""

    # ------------------------------------------------------------- reading
    @staticmethod
    def loans(state: GameState) -> dict[str, int]:
        """Loans held, by corporation (only corporations holding some)."""
        held = state.extra.setdefault("loans", {})
        assert isinstance(held, dict)
        return held

    def loans_of(self, state: GameState, cid: str) -> int:
        """Loans ``cid`` holds."""
        return int(self.loans(state).get(cid, 0))

    def loans_out(self, state: GameState) -> int:
        """Loans held by all corporations."""
        return sum(self.loans(state).values())

    def rate_for(self, out: int) -> int:
        """The rate the loans out give: the low rate up to one step of loans, then one
        step more for each further step begun, up to the highest (facts §6)."""
        steps = max(0, -(-out // self.loans_per_step) - 1)
        return min(self.rate_high, self.rate_low + steps * self.rate_step)

    def interest_rate(self, state: GameState) -> int:
        """The rate now: fixed at the operating round's start, else what the loans give."""
        fixed = state.extra.get("rate_fixed")
        return int(fixed) if isinstance(fixed, int) else self.rate_for(self.loans_out(state))

    def interest_due(self, state: GameState, cid: str) -> int:
        """What ``cid`` owes for the loans it holds at the rate now."""
        return self.interest_rate(state) * self.loans_of(state, cid) * self.loan_value // 100

    def max_loans(self, state: GameState, company: Company) -> int:
        """Most loans ``company`` may hold (title's rule)."""
        raise NotImplementedError

    def loans_left(self, state: GameState) -> int:
        """Loans still with the bank."""
        return self.loans_total - self.loans_out(state)

    def loan_room(self, state: GameState, company: Company) -> int:
        """Loans ``company`` could still take now."""
        room = self.max_loans(state, company) - self.loans_of(state, company.id)
        return max(0, min(room, self.loans_left(state)))

    def interest_paid(self, state: GameState, cid: str) -> bool:
        """Whether ``cid`` has paid its interest this operating round."""
        paid = state.extra.get("interest_paid") or []
        assert isinstance(paid, list)
        return cid in paid

    # ------------------------------------------------------------- hooks
    def interest_unpaid(self, state: GameState, company: Company, owed: int) -> None:
        """``company`` cannot pay ``owed`` even with every loan it may take (title's rule)."""
        raise NotImplementedError

    def after_loan(self, state: GameState, company: Company) -> None:
        """After a loan was taken (1817: stations still owed are bought)."""

    # ------------------------------------------------------------- moving loans
    def fix_rate(self, state: GameState) -> None:
        """At an operating round's start: the rate is fixed for the round (journaled)."""
        rate = self.rate_for(self.loans_out(state))
        state.extra["rate_fixed"] = rate
        state.extra["interest_paid"] = []
        out = self.loans_out(state)
        state.ledger.events.append(
            Noted(
                text=f"Interest rate for this operating round: {rate}% "
                f"({out} loan{'s' if out != 1 else ''} out; {self.r('interest_rate')})"
            )
        )

    def release_rate(self, state: GameState) -> None:
        """Outside an operating round the rate follows the loans out."""
        state.extra["rate_fixed"] = None
        state.extra["interest_paid"] = []

    def check_loans(self, state: GameState, company: Company, n: int) -> None:
        """Refuse ``n`` more loans for ``company`` past its limit or the bank's loans."""
        rule = self.r("loan")
        held = self.loans_of(state, company.id)
        limit = self.max_loans(state, company)
        if held + n > limit:
            raise Refusal(
                f"{company.id} holds {held} of its {limit} loans (one per share): "
                f"{n} more is too many ({rule})"
            )
        if n > self.loans_left(state):
            raise Refusal(
                f"only {self.loans_left(state)} of the {self.loans_total} loans are left "
                f"with the bank ({rule})"
            )

    def take_loans(self, state: GameState, company: Company, n: int, why: str = "") -> None:
        """``company`` takes ``n`` loans: the bank pays each, the price moves each time."""
        self.check_loans(state, company, n)
        rule = self.r("loan")
        for _ in range(n):
            self.loans(state)[company.id] = self.loans_of(state, company.id) + 1
            self.bank_pays(
                state,
                company.id,
                self.loan_value,
                f"a loan{why} ({rule})",
            )
            if self.loan_steps and state.market.has(company.id):
                moved = self._said_as_move(  # not `why`: the next loan's line still says it
                    state,
                    company.id,
                    self.loan_steps,
                    self._moved("a loan taken", rule, state, company.id, self.loan_steps),
                )
                state.move_price(company.id, self.loan_steps, moved)
        self.after_loan(state, company)

    def pay_back(self, state: GameState, company: Company, n: int) -> None:
        """``company`` repays ``n`` loans to the bank, the price moving back each time."""
        rule = self.r("payback")
        held = self.loans_of(state, company.id)
        if n > held:
            raise Refusal(f"{company.id} holds {held} loan{'s' if held != 1 else ''} ({rule})")
        need = n * self.loan_value
        if company.cash < need:
            raise Refusal(
                f"{company.id} has {self.money(company.cash)}, {n} loan{'s' if n > 1 else ''} "
                f"cost {self.money(need)} to pay back ({rule})"
            )
        for _ in range(n):
            state.ledger.transfer(company.id, BANK, self.loan_value, f"a loan repaid ({rule})")
            self.loans(state)[company.id] = self.loans_of(state, company.id) - 1
            if not self.loans(state)[company.id]:
                del self.loans(state)[company.id]
            if self.loan_steps and state.market.has(company.id):
                why = self._moved("a loan paid back", rule, state, company.id, -self.loan_steps)
                why = self._said_as_move(state, company.id, -self.loan_steps, why)
                state.move_price(company.id, -self.loan_steps, why)

    @staticmethod
    def _moved(what: str, rule: str, state: GameState, cid: str, steps: int) -> str:
        """The line to mirror for a loan's move: its spaces and way, and what the row's end
        leaves of them (:func:`rulesets.zoned_row.end_words`)."""
        way = "left" if steps < 0 else "right"
        return f"{what}: {way} {abs(steps)}{end_words(state.market, cid, steps)} ({rule})"

    @staticmethod
    def _said_as_move(state: GameState, cid: str, steps: int, reason: str) -> str:
        """``reason``, saying that the marker moves between two spaces of one price
        (:meth:`rulesets.zoned_row.ZonedRow.said_as_move`)."""
        market = state.market
        return market.said_as_move(cid, steps, reason) if isinstance(market, ZonedRow) else reason

    def pay_interest(self, state: GameState, company: Company) -> None:
        """The interest of ``company``'s operating turn: loans taken by themselves while its
        cash is short (each owing interest too), then the payment or, still short, the
        title's :meth:`interest_unpaid`."""
        cid = company.id
        rule = self.r("interest")
        paid = state.extra.setdefault("interest_paid", [])
        assert isinstance(paid, list)
        paid.append(cid)
        rate = self.interest_rate(state)
        owed = self.interest_due(state, cid)
        # loan_room: the corporation's limit, and the bank's loans left; reading (facts §6):
        # none left with the bank stops the automatic loans as the limit does
        while owed > company.cash and self.loan_room(state, company):
            self.take_loans(state, company, 1, " to pay its interest")
            owed = self.interest_due(state, cid)
        if owed > company.cash:
            self.interest_unpaid(state, company, owed)
            return
        if owed:
            n = self.loans_of(state, cid)
            state.ledger.transfer(
                cid,
                BANK,
                owed,
                f"{cid} pays {self.money(owed)} interest: {n} loan{'s' if n != 1 else ''} at "
                f"{rate}% ({rule})",
            )

    # ------------------------------------------------------------- views
    def loans_json(self, state: GameState) -> dict[str, Any]:
        """The state JSON's ``interest``: the rate, whether fixed, the loans out and left."""
        out = self.loans_out(state)
        return {
            "rate": self.interest_rate(state),
            "fixed": isinstance(state.extra.get("rate_fixed"), int),
            "rate_if_taken_now": self.rate_for(out),
            "loans_out": out,
            "loans_left": self.loans_total - out,
            "loan_value": self.loan_value,
        }

    def check_loan_expect(self, state: GameState, cmd: c.Expect) -> bool:
        """``expect interest RATE`` and ``expect CORP loans N``; ``False`` for other checks."""
        if cmd.field == "interest":
            actual = self.interest_rate(state)
            label = "interest"
        elif cmd.field == "loans":
            cid = self.company_id(state, cmd.subject)
            actual = self.loans_of(state, cid)
            label = f"{cid} loans"
        else:
            return False
        if actual != int(cmd.value):
            raise ExpectationFailed(f"expected {label} {cmd.value}, but it is {actual}")
        return True
