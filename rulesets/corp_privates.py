"""Privates that pay the corporation owning them (1817 facts §1).

A private a corporation owns may pay it: an income at the start of each operating round
while the corporation has a train (1817's mail contracts: nothing without a train, a
line saying so), or a bonus the banker writes when the table earns it, ``bonus CORP
PRIVATE [AMOUNT]`` (1817's Mountain Engineers: $20 after a yellow tile in a mountain).
The bank pays both (:meth:`rulesets.base.Ruleset.bank_pays`); the amounts are the
title's tables (:attr:`CorporationPrivates.corp_income`,
:attr:`CorporationPrivates.corp_bonus`); the rules are ``mail`` and ``bonus``.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.state import GameState
from rulesets.operating import OperatingRound

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


class CorporationPrivates(OperatingRound):
    """Income and bonuses that privates pay the corporation owning them."""

    corp_income: ClassVar[dict[str, int]] = {}
    """Private -> paid to its corporation at each OR's start while it has a train."""
    corp_bonus: ClassVar[dict[str, int]] = {}
    """Private -> the bonus ``bonus CORP PRIVATE`` pays its corporation."""

    def operating_round_started(self, state: GameState) -> None:
        """Then each private's income to a corporation that has a train."""
        super().operating_round_started(state)
        for pid, amount in self.corp_income.items():
            private = state.ledger.companies[pid]
            owner = state.ledger.companies.get(private.owner or "")
            if private.closed or owner is None:
                continue
            if owner.trains:
                self.bank_pays(state, owner.id, amount, f"{pid} income ({self.r('mail')})")
            else:
                self.note(
                    state, f"{pid} pays {owner.id} nothing: it has no train ({self.r('mail')})"
                )

    def cmd_bonus(self, state: GameState, cmd: c.Bonus) -> None:
        """``bonus CORP PRIVATE [AMOUNT]``: the bank pays the private's bonus."""
        company = self.operating_company(state, cmd.corp)
        rule = self.r("bonus")
        private = state.company(self.company_id(state, cmd.private))
        if private.id not in self.corp_bonus:
            paying = " or ".join(
                f"the {state.company(pid).name} ({pid})" for pid in self.corp_bonus
            )
            raise Refusal(f"{private.id} pays no bonus; {paying or 'none'} do ({rule})")
        if private.owner != company.id or private.closed:
            raise Refusal(f"{company.id} does not own the {private.name} ({rule})")
        amount = self.corp_bonus[private.id]
        if cmd.amount not in (None, amount):
            raise Refusal(f"the {private.name} pay {self.money(amount)} ({rule})")
        self.bank_pays(state, company.id, amount, f"{private.name} bonus ({rule})")
        # the bonus belongs to the track step (1817: after a yellow tile in a mountain hex):
        # written after the run, a late cost may use it (check_run_income)
        self.received_before_run(state, company, amount)

    def bonus_candidates(self, state: GameState, cid: str) -> list[c.Command]:
        """The bonuses ``cid`` could be paid: one per bonus private it owns."""
        return [
            c.Bonus(corp=cid, private=pid)
            for pid in self.corp_bonus
            if state.ledger.companies[pid].owner == cid
        ]
