"""The operating turn of a corporation that borrows (1817 facts §6, §8, §11).

Loans may be taken at any point of the turn; the dividend step comes first (a
corporation without a train withholds by itself, its price moving as for nothing paid);
trains are bought before the interest; the interest is paid once, at ``done`` (or the
turn's first ``payback``, or ``interest CORP`` so that loans may follow), with loans taken
by themselves while the cash is short; loans taken after it pay none this round and
forbid paybacks; a corporation that still cannot pay, or that ends its turn without a
train, goes into liquidation: its marker to the liquidation cell of a
:class:`rulesets.zoned_row.ZonedRow`, its cash to its president, who pays the interest
into debt if need be.  A line for another company never liquidates the operating one:
only its ``done`` does.  The title names the rules (``no_train``, ``liquidation``,
``run_step``, ``interest``, ``payback``, ``loan``) and may add its stock-round loans
(:meth:`LoanTurns.stock_round_loans`).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import PriceMoved
from moderator.ledger import BANK, Company
from moderator.state import GameState
from rulesets.loans import LoanTrack
from rulesets.zoned_row import ZonedRow


class LoanTurns(LoanTrack):
    """Loans, interest, paybacks and liquidations in a corporation's operating turn."""

    def stock_round_loans(self, state: GameState, company: Company, n: int) -> None:
        """``loan CORP`` outside an operating round (the title's rule, if it has one)."""
        raise Refusal(f"loans are taken in the corporation's operating turn ({self.r('loan')})")

    def zone(self, state: GameState, cid: str) -> str:
        """``liquidation``, ``acquisition`` or ``""`` (facts §7)."""
        market = state.market
        index = market.position.get(cid)
        if index is None:
            return ""
        return market.zones[index]  # type: ignore[attr-defined, no-any-return]

    def moves_between_equal_prices(self, state: GameState, cid: str, steps: int) -> bool:
        """The acquisition cells all show $0: a dividend move between them is still a move
        of the marker (facts §7, §8 step 4), which the next move starts from."""
        market = state.market
        if not steps or not isinstance(market, ZonedRow) or cid not in market.position:
            return False
        return market.index_after(cid, steps) != market.position[cid]

    def in_liquidation(self, state: GameState, cid: str) -> bool:
        return self.zone(state, cid) == "liquidation"

    def liquidate(self, state: GameState, company: Company, why: str) -> None:
        """The marker goes to the liquidation cell; the corporation no longer operates
        and its shares are no longer traded (facts §11); the acquisition round settles it
        (a later step)."""
        market = state.market
        assert isinstance(market, ZonedRow)
        before = state.price(company.id)
        market.place_at(company.id, 0)
        held = state.extra.setdefault("liquidated", {})
        assert isinstance(held, dict)
        held[company.id] = company.president()
        state.ledger.events.append(
            PriceMoved(
                company=company.id,
                before=before,
                after=0,
                reason=f"{company.id} goes into liquidation: {why} ({self.r('liquidation')})",
            )
        )

    def operating_turn_started(self, state: GameState, cid: str) -> None:
        state.extra["loan_after_interest"] = False

    def must_own_train(self, state: GameState, company: Company) -> bool:
        """No forced purchase: a corporation without a train liquidates (facts §8)."""
        return False

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
                f"{company.id}'s cash to its president ({rule})",
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

    def may_buy_from_company(self, state: GameState, buyer: Company, seller: Company) -> None:
        if self.in_liquidation(state, seller.id):
            raise Refusal(
                f"{seller.id} is in liquidation: its trains are not sold ({self.r('train_trade')})"
            )

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
        self.take_loans(state, company, cmd.count, why)

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
