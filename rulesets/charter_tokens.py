"""Station tokens bought from a corporation's charter (1830 19.0, Table 2; 1889 and
18Chesapeake facts §3): one a turn besides the free home token, each at the price printed
for the next token, no more than the charter holds.

The map stays on the table: the banker writes ``spend CORP AMOUNT token`` for a token
placed, and this module checks the line against the charter.  A ``spend`` line without
``token`` (a tile and a token paid together, terrain) is not checked.  A private that lets
its corporation place a station without paying (1830's D&H, 18Chesapeake's C&OC) leaves no
line, so for the corporation that owns it (or owned it before it closed) the next paid
token may be any of the charter's tokens still unplaced; the charter's count still holds.
The count of tokens paid for and the turn of the last one are kept by three functions that
1846's own token check (6.51, its special prices) shares.  Games saved before the rules
level of the title's :attr:`CharterTokens.token_fix` took any token line.
"""

from __future__ import annotations

from moderator.errors import Refusal
from moderator.fixes import follows
from moderator.state import GameState
from rulesets.base import Ruleset

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

    from moderator import commands as c
    from moderator.ledger import Company

RULE_KEYS = ("token",)
"""The ``rule_numbers`` key a title with charter tokens names (1830: ``19.0``)."""


def tokens_placed(state: GameState, cid: str) -> int:
    """The tokens ``cid`` has paid for with ``spend … token`` lines (the home one not)."""
    placed = state.extra.get("tokens_placed", {})
    assert isinstance(placed, dict)
    return int(placed.get(cid, 0))


def token_this_turn(state: GameState, cid: str) -> bool:
    """Whether ``cid`` has paid for a token in this operating turn."""
    return state.extra.get("token_turn") == [state.round_number, state.or_number, cid]


def record_token(state: GameState, cid: str) -> None:
    """A ``spend … token`` line of ``cid`` accepted: one more token, this turn's."""
    placed = state.extra.setdefault("tokens_placed", {})
    assert isinstance(placed, dict)
    placed[cid] = int(placed.get(cid, 0)) + 1
    state.extra["token_turn"] = [state.round_number, state.or_number, cid]


class CharterTokens(Ruleset):
    """``spend CORP AMOUNT token`` checked against the corporation's charter."""

    token_costs: ClassVar[dict[str, tuple[int, ...]]] = {}
    """Each corporation's station tokens in order, the free home token first (1830 Table 2
    less the market marker: PRR 0, 40, 100, 100)."""
    free_station_privates: ClassVar[tuple[str, ...]] = ()
    """Privates whose corporation places a station without a ``spend`` line (1830 DH)."""
    token_fix: ClassVar[str] = ""
    """The rules fix (moderator.fixes) from which the title checks token lines."""

    def cmd_spend(self, state: GameState, cmd: c.Spend) -> None:
        """``spend``: a ``token`` line is one of the charter's tokens (:meth:`_check_token`)."""
        token = cmd.purpose == "token" and bool(self.token_costs) and follows(state, self.token_fix)
        if token:
            # the line may start its corporation's turn (ending the one before): asked as
            # the spend itself asks it, before the charter is read
            company = self.operating_company(state, cmd.company)  # type: ignore[attr-defined]
            token = company.id in self.token_costs
        if token:
            self._check_token(state, company, cmd.amount)
        super().cmd_spend(state, cmd)  # type: ignore[misc]
        if token:
            record_token(state, company.id)

    def _check_token(self, state: GameState, company: Company, amount: int) -> None:
        """One token a turn (1830 19.0), at the price of the charter's next token, while the
        charter holds one (Table 2)."""
        cid, rule = company.id, self.r("token")
        if token_this_turn(state, cid):
            raise Refusal(
                f"{cid} has placed a token this turn: one a turn besides its home token ({rule})"
            )
        costs = self.token_costs[cid]
        index = 1 + tokens_placed(state, cid)  # the home token is costs[0], placed free
        if index >= len(costs):
            more = len(costs) - 1
            tokens = "no more" if not more else f"{more} more, all placed"
            raise Refusal(
                f"{cid}'s charter holds {len(costs)} token{'s' if len(costs) > 1 else ''}: "
                f"its home token and {tokens} ({rule})"
            )
        prices = {costs[index]}
        free = [pid for pid in self.free_station_privates if self._owned_by(state, pid, cid)]
        if free:
            # a station placed free with the private left no line: it may have been the
            # next token, so any later one's price is the charter's too
            prices = set(costs[index:])
        if amount not in prices:
            said = " or ".join(self.money(p) for p in sorted(prices))
            raise Refusal(
                f"{cid}'s next token costs {said}, the price on its charter, not "
                f"{self.money(amount)} ({rule}); a tile and a token paid together: "
                f"`spend {cid} {amount}` without `token`"
            )

    @staticmethod
    def _owned_by(state: GameState, pid: str, cid: str) -> bool:
        """Whether the private ``pid`` is (or was, when it closed) ``cid``'s."""
        private = state.ledger.companies.get(pid)
        return private is not None and private.owner == cid
