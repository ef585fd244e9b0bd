"""The game state: the ledger plus market, phase, depot and where play stands.

State is derived: it is what folding the journal's commands through the
ruleset produces.  It is mutable only so that a command can be applied
incrementally; the game applies each new command to a clone and keeps the
clone only when the ruleset accepted it.
"""

from __future__ import annotations

from moderator.copying import plain_copy, shallow
from moderator.dataclass_subset import dataclass, field
from moderator.errors import Refusal
from moderator.events import PriceMoved
from moderator.fixes import RULES_LEVEL
from moderator.ledger import Company, Ledger, Train
from moderator.market import LinearMarket, Market

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Literal

    RoundKind = Literal["setup", "SR", "OR"]


@dataclass
class GameState:
    """Everything a ruleset reads and changes while applying commands."""

    title: str
    ledger: Ledger
    market: Market
    phase: str
    depot: list[Train] = field(default_factory=list)
    """New trains still with the bank, in the order they must be bought."""
    returned: list[Train] = field(default_factory=list)
    """Trains given back to the bank (1846 6.83), for sale again as either type."""
    round_kind: RoundKind = "setup"
    round_number: int = 1
    """Number of the stock round / set (the SR and the ORs after it share it)."""
    or_number: int | None = None
    """Which operating round of the set (1, 2, ...), ``None`` in a stock round."""
    ors_in_set: int = 2
    priority: str | None = None
    bank_broken: bool = False
    broken_in_round: int | None = None
    """The set number in which the bank broke (1846 10.1)."""
    bank_ran_out_at: int | None = None
    """What the bank held (zero or less) the moment it ran out, before the reserve came in."""
    reserve_added: int = 0
    """Money put aside at setup that the bank got back when it broke (1846 2.2, 10.1)."""
    ended: bool = False
    result: dict[str, int] | None = None
    end_reason: str | None = None
    """Why the game ended, as a sentence naming the rule (``None`` while it goes on)."""
    # --- stock round
    current_player: str | None = None
    consecutive_passes: int = 0
    sold_this_round: set[tuple[str, str]] = field(default_factory=set)
    turn_sold: list[str] = field(default_factory=list)
    """Corporations the current player sold this turn (a turn with a sale is not a pass)."""
    turn_bought: list[tuple[str, str]] = field(default_factory=list)
    """What the current player bought this turn, ``(corporation, source)`` each, while his
    turn stays open for sales after the purchase (1830 4.0: buying and selling in either
    order); always empty in a title whose purchase ends the turn."""
    last_actor: str | None = None
    """Last player to buy or sell this stock round (1846 5.51)."""
    auto_passed: set[str] = field(default_factory=set)
    """Players whose stock turn the tool ended by itself in this round (a pass when they had
    no legal move; 1846 5.11: a turn after a sale with nothing more to buy or sell), so a
    later ``pass`` for them is accepted and changes nothing."""
    passed_into_round: frozenset[str] = frozenset()
    """Players whose automatic passes ended the last stock round in the very line that began
    this one (every round between ran through by itself): a ``pass`` for one of them, not
    on his turn, is that pass, accepted and changing nothing (script.md ``pass``)."""
    passed_by_tool: list[str] = field(default_factory=list)
    """Players the tool passed since a turn last ended otherwise: once the stock round ends,
    those whose automatic passes ended it (see :attr:`rulesets.stock.StockRound.sell_after_buy`)."""
    # --- operating round
    operating: str | None = None
    """The company whose operating turn it is."""
    operated: list[str] = field(default_factory=list)
    """Companies that have operated (or are operating) in this operating round."""
    ran: bool = False
    issued: int = 0
    redeemed: int = 0
    emergency_issued: bool = False
    president_paid: bool = False
    bought_private_this_turn: list[str] = field(default_factory=list)
    first_or_done: bool = False
    cert_limit: int = 0
    extra: dict[str, object] = field(default_factory=dict)
    """Title-specific state a ruleset needs beyond the common fields."""
    train_serial: int = 0
    rules_level: int = RULES_LEVEL
    """The rules level the game is played under (``moderator.fixes``): a save made before a
    rules fix replays under the rules it was recorded with."""

    # ------------------------------------------------------------------ lookup
    def company(self, ident: str) -> Company:
        """The company with canonical id ``ident``."""
        try:
            return self.ledger.companies[ident]
        except KeyError:
            raise Refusal(f"no company {ident}") from None

    def price(self, company: str) -> int:
        """Current share price of a launched corporation."""
        return self.market.price(company)

    def linear(self) -> LinearMarket:
        """The market as a single row (1846)."""
        assert isinstance(self.market, LinearMarket)
        return self.market

    def move_price(self, company: str, steps: int, reason: str) -> tuple[int, int]:
        """Move a price on the market; the only way prices change after launch."""
        before, after = self.market.move(company, steps)
        self.ledger.events.append(
            PriceMoved(company=company, before=before, after=after, reason=reason)
        )
        return before, after

    def place_price(self, company: str, value: int, reason: str) -> None:
        """Put a newly launched corporation on the market."""
        self.linear().place(company, value)
        self.ledger.events.append(
            PriceMoved(company=company, before=None, after=value, reason=reason)
        )

    def clone(self) -> GameState:
        """A copy sharing nothing mutable, for trying a command (events start empty)."""
        new = shallow(self)
        new.ledger = self.ledger.clone()
        new.market = self.market.clone()
        new.depot = [t.copy() for t in self.depot]
        new.returned = [t.copy() for t in self.returned]
        new.sold_this_round = set(self.sold_this_round)
        new.turn_sold = list(self.turn_sold)
        new.turn_bought = list(self.turn_bought)
        new.auto_passed = set(self.auto_passed)
        new.passed_by_tool = list(self.passed_by_tool)
        new.operated = list(self.operated)
        new.bought_private_this_turn = list(self.bought_private_this_turn)
        new.extra = {
            k: (plain_copy(v) if isinstance(v, dict | list | set) else v)
            for k, v in self.extra.items()
        }
        new.result = dict(self.result) if self.result is not None else None
        return new
