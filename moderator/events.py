"""Events: what an accepted command did, journaled beside it.

Each event is a frozen record (:class:`moderator.commands.Record`) tagged by
``kind``; :data:`Event` is the discriminated union.  Events describe consequences
(money moved, certificates moved, prices moved, rounds began); they are recomputed
and compared when a save is loaded, and the screen uses them to highlight what just changed.
"""

from __future__ import annotations

from moderator.commands import Record

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Literal


class _Event(Record):
    pass


class CashMoved(_Event):
    """Cash moved between two accounts (the one transfer path)."""

    kind: Literal["cash"] = "cash"
    source: str
    target: str
    amount: int
    reason: str


class CertificateMoved(_Event):
    """A share certificate changed hands."""

    kind: Literal["certificate"] = "certificate"
    company: str
    source: str
    target: str
    percent: int
    president: bool = False
    reason: str


class PriceMoved(_Event):
    """A corporation's share price moved on the market (or was first placed)."""

    kind: Literal["price"] = "price"
    company: str
    before: int | None
    after: int
    reason: str


class TrainMoved(_Event):
    """A train was bought, sold, discarded, phased out or rusted."""

    kind: Literal["train"] = "train"
    train: str
    source: str
    target: str
    price: int = 0
    reason: str


class PrivateMoved(_Event):
    """A private company (or 1846 independent railroad) changed owner or closed."""

    kind: Literal["private"] = "private"
    company: str
    source: str | None
    target: str | None
    reason: str


class CompanyClosed(_Event):
    """A company left the game."""

    kind: Literal["closed"] = "closed"
    company: str
    reason: str


class PhaseChanged(_Event):
    """The game phase advanced."""

    kind: Literal["phase"] = "phase"
    before: str
    after: str
    reason: str


class RoundStarted(_Event):
    """A stock or operating round began."""

    kind: Literal["round"] = "round"
    round_kind: Literal["SR", "OR"]
    number: int
    or_number: int | None = None


class TurnStarted(_Event):
    """A player's stock turn or a company's operating turn began."""

    kind: Literal["turn"] = "turn"
    who: str


class Passed(_Event):
    """A player passed in a stock round (``auto``: the tool passed a player with no legal move)."""

    kind: Literal["pass"] = "pass"
    player: str
    auto: bool = False
    reason: str = ""


class PriorityChanged(_Event):
    """The priority deal (1853: the elephant) went to another player."""

    kind: Literal["priority"] = "priority"
    player: str


class PresidentChanged(_Event):
    """A corporation's presidency changed."""

    kind: Literal["president"] = "president"
    company: str
    before: str | None
    after: str | None
    reason: str


class DividendPaid(_Event):
    """A company's run: revenue, what it did with it, and who received what."""

    kind: Literal["dividend"] = "dividend"
    company: str
    revenue: int
    option: str
    per_share: int
    retained: int
    payouts: dict[str, int]


class Noted(_Event):
    """Anything else worth a line in the history: a note, a bankruptcy, a game end."""

    kind: Literal["note"] = "note"
    text: str


Event = (
    CashMoved
    | CertificateMoved
    | PriceMoved
    | TrainMoved
    | PrivateMoved
    | CompanyClosed
    | PhaseChanged
    | RoundStarted
    | TurnStarted
    | Passed
    | PriorityChanged
    | PresidentChanged
    | DividendPaid
    | Noted
)
