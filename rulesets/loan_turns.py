"""The operating turn of a corporation that borrows (1817 facts §6, §8, §11).

Loans may be taken at any point of the turn; the dividend step comes first (a
corporation without a train withholds by itself, its price moving as for nothing paid);
trains are bought before the interest; the interest is paid once, at ``done`` (or the
turn's first ``payback``, or ``interest CORP`` so that loans may follow), with loans taken
by themselves while the cash is short; loans taken after it pay none this round and
forbid paybacks; a corporation that still cannot pay, or that ends its turn without a
train, goes into liquidation (:mod:`rulesets.liquidation`): its marker to the
liquidation cell, its cash to its president, who pays the interest into debt if need
be.  A line for another company never liquidates the operating one: only its ``done``
does.  The rate is fixed at each operating round's start and follows the loans out
again from the next stock round's.  The title names the rules (``no_train``, ``liquidation``,
``run_step``, ``interest``, ``payback``, ``loan``) and may add its stock-round loans
(:meth:`LoanTurns.stock_round_loans`).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.ledger import BANK, Company
from moderator.state import GameState
from rulesets.liquidation import Liquidation
from rulesets.loans import LoanTrack


class LoanTurns(LoanTrack, Liquidation):
    """Loans, interest, paybacks and liquidations in a corporation's operating turn."""

    def stock_round_loans(self, state: GameState, company: Company, n: int) -> None:
        """``loan CORP`` outside an operating round (the title's rule, if it has one)."""
        raise Refusal(f"loans are taken in the corporation's operating turn ({self.r('loan')})")

    def stock_round_started(self, state: GameState) -> None:
        """Outside an operating round the rate follows the loans out (facts §6)."""
        self.release_rate(state)
        super().stock_round_started(state)

    def operating_round_started(self, state: GameState) -> None:
        """The rate is fixed for the round (facts §6)."""
        self.fix_rate(state)
        super().operating_round_started(state)

    def operating_turn_started(self, state: GameState, cid: str) -> None:
        state.extra["loan_after_interest"] = False

    def interest_unpaid(self, state: GameState, company: Company, owed: int) -> None:
        """Liquidation: the corporation's cash to its president, who pays the interest,
        into debt if need be (facts §6)."""
        president = company.president()
        self.liquidate(state, company, f"it cannot pay {self.money(owed)} interest")
        if president is None:
            return
        rule = self.r("interest")
        if company.cash:
            state.ledger.transfer(
                company.id,
                president,
                company.cash,
                f"all its cash, to its president toward its {self.money(owed)} interest ({rule})",
            )
        state.ledger.transfer(
            president,
            BANK,
            owed,
            f"{president} pays {company.id}'s {self.money(owed)} interest ({rule})",
            overdraw=True,
        )

    def _dividend_step(self, state: GameState, company: Company, what: str) -> None:
        """The run comes first: without a train it withholds by itself (price left 1)."""
        if state.ran or self.in_liquidation(state, company.id):
            return
        if company.trains:
            raise Refusal(
                f"{company.id} has not run yet before {what}: its dividend step comes first "
                f"({self.r('run_step')})"
            )
        self.note(
            state, f"{company.id} has no train: no revenue, it withholds ({self.r('run_step')})"
        )
        self.cmd_run(state, c.Run(company=company.id, revenue=0))

    def _interest_now(self, state: GameState, company: Company, what: str) -> None:
        self._dividend_step(state, company, what)
        if not self.interest_paid(state, company.id) and not self.in_liquidation(state, company.id):
            self.pay_interest(state, company)

    def _end_company_turn(self, state: GameState, implicit_by: str | None = None) -> None:
        """Interest if not yet paid; no train then liquidates (facts §8, R 6.8, R 6.10)."""
        cid = state.operating
        assert cid is not None
        company = state.company(cid)
        if not self.in_liquidation(state, cid):
            if implicit_by and not company.trains:
                # a liquidation is never the side effect of a line for someone else
                raise Refusal(
                    f"{cid} is operating and has no train: buy one, or `done {cid}` to end its "
                    f"turn and liquidate it, before {implicit_by} ({self.r('no_train')})"
                )
            self._interest_now(state, company, implicit_by or "its turn ends")
            if not self.in_liquidation(state, cid) and not company.trains:
                self.liquidate(
                    state, company, f"no train at the end of its turn ({self.r('no_train')})"
                )
        state.ran = True
        super()._end_company_turn(state, implicit_by)

    def cmd_train(self, state: GameState, cmd: c.BuyTrain) -> None:
        company = self.operating_company(state, cmd.corp)
        if self.interest_paid(state, company.id):
            raise Refusal(
                f"{company.id} has paid its interest: trains come before it ({self.r('interest')})"
            )
        self._dividend_step(state, company, "a train")
        super().cmd_train(state, cmd)

    def cmd_loan(self, state: GameState, cmd: c.Loan) -> None:
        """``loan CORP [N]``: in its operating turn, or as its president's stock turn."""
        if state.round_kind != "OR":
            company = self.launched(state, cmd.corp)
            if state.round_kind == "setup":
                raise Refusal(f"no loans before the first stock round ({self.r('loan')})")
            self.stock_round_loans(state, company, cmd.count)
            return
        company = self.operating_company(state, cmd.corp)
        if self.in_liquidation(state, company.id):
            raise Refusal(f"{company.id} is in liquidation ({self.r('liquidation')})")
        why = ""
        if self.interest_paid(state, company.id):
            state.extra["loan_after_interest"] = True
            why = " after its interest: none due on it this operating round"
        before = company.cash
        self.take_loans(state, company, cmd.count, why)
        # loans may be taken at any point of the turn (facts §8): money that is not the run's
        # income, so a cost written after the run may use it (check_run_income); what the
        # loans paid at once (stations owed) is not left for it
        self.received_before_run(state, company, max(0, company.cash - before))

    def cmd_interest(self, state: GameState, cmd: c.Interest) -> None:
        """``interest CORP``: the interest now, so that loans may follow (facts §6)."""
        company = self.operating_company(state, cmd.corp)
        if self.interest_paid(state, company.id):
            raise Refusal(
                f"{company.id} has paid its interest this operating round ({self.r('interest')})"
            )
        if self.in_liquidation(state, company.id):
            raise Refusal(f"{company.id} is in liquidation ({self.r('liquidation')})")
        self._interest_now(state, company, "its interest")

    def cmd_payback(self, state: GameState, cmd: c.Payback) -> None:
        """``payback CORP [N]``: after the interest (paid first if not yet), never after a
        loan taken after it (facts §6, R 6.9)."""
        rule = self.r("payback")
        if state.round_kind != "OR":
            raise Refusal(f"loans are paid back in the corporation's operating turn ({rule})")
        company = self.operating_company(state, cmd.corp)
        if self.in_liquidation(state, company.id):
            raise Refusal(f"{company.id} is in liquidation ({self.r('liquidation')})")
        if state.extra.get("loan_after_interest"):
            raise Refusal(
                f"{company.id} took a loan after its interest: no payback this turn ({rule})"
            )
        self._interest_now(state, company, "a payback")
        if self.in_liquidation(state, company.id):
            raise Refusal(f"{company.id} cannot pay its interest: `done {company.id}` ({rule})")
        self.pay_back(state, company, cmd.count)
