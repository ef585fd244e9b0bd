"""An unlimited bank (1817 facts §0): it never breaks and the game never ends on money.

The bank's account starts at 0 and goes negative as it pays: its balance is minus the
money it has issued, so the total of every account (bank, players, companies) stays
what it was at the start, 0, and the money checksum holds as in every other title.  The
state JSON's ``bank.cash`` is ``null`` (a banker keeps no bank total: the box's money is
topped up as needed); ``bank.issued`` says how much has been paid out net.  ``expect
bank cash`` is refused; ``adjust`` pays any amount (there is nothing to overdraw).
A title lists this class before its engine and names the rule under ``bank_runs_out``.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.ledger import BANK
from moderator.state import GameState
from rulesets.base import Ruleset

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar


class UnlimitedBank(Ruleset):
    """A bank that pays whatever the rules say and never breaks."""

    bank_ends_game: ClassVar[str] = "never: the bank is unlimited"

    def bank_pays(self, state: GameState, target: str, amount: int, reason: str) -> None:
        """The bank pays ``target``; it never runs out."""
        state.ledger.transfer(BANK, target, amount, reason)

    def bank_json(self, state: GameState) -> dict[str, Any]:
        """``cash`` null (unlimited), ``issued``: the money paid out net since the start."""
        return {
            "cash": None,
            "unlimited": True,
            "issued": -state.ledger.bank,
            "broken": False,
            "reserve": 0,
            "ran_out_at": None,
            "reserve_added": 0,
            "note": None,
            "rule": self.rule_numbers.get("bank_runs_out"),
            "ends": self.bank_ends_game,
        }

    def check_expect(self, state: GameState, cmd: c.Expect) -> None:
        """``expect bank cash`` has nothing to compare: the bank keeps no total."""
        if cmd.subject.lower() == BANK:
            raise Refusal(
                f"the {self.title_name} bank is unlimited: it keeps no cash total to check "
                f"({self.r('bank_runs_out')})"
            )
        super().check_expect(state, cmd)

    def cmd_adjust(self, state: GameState, cmd: c.Adjust) -> None:
        """``adjust``: the unlimited bank pays any correction; a payment to it is checked
        against the payer's cash as in every title."""
        who = self.entity(state, cmd.entity)
        if who != BANK and cmd.amount > 0:
            self.bank_pays(state, who, cmd.amount, f"adjustment: {cmd.reason}")
            return
        super().cmd_adjust(state, cmd)
