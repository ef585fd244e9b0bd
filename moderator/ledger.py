"""The common ledger: who holds what, and the only functions that move it.

Every title keeps the same kinds of holdings: cash in accounts (the bank, a
reserve the bank gets back when it breaks, players, companies), share
certificates of corporations, private companies and trains.  Money moves only
through :func:`Ledger.transfer`, certificates only through
:func:`Ledger.move_certificate`; both record an event, so the journal can show
exactly what a command did.  :func:`Ledger.total_cash` is the conservation
check: it must always equal the starting total.

The ledger knows nothing of a particular title's rules: a ruleset decides what
is legal and then calls these functions.
"""

from __future__ import annotations

from collections.abc import Iterator

from moderator.commands import set_fields
from moderator.copying import OWN_COPY, shallow
from moderator.dataclass_subset import dataclass, field
from moderator.errors import Refusal
from moderator.events import (
    CashMoved,
    CertificateMoved,
    Event,
    Passed,
    TurnStarted,
)

BANK = "bank"
"""Account id of the bank (1846: the bank; 1853: the bank; 1847 AE: the bank)."""
POOL = "pool"
"""Holder id of the bank pool (the "Stock Market" of 1846 for certificates)."""
RESERVE = "reserve"
"""Account id of money the bank holds back at setup (1846: the $500s of 2.2)."""
SCRAP = "scrap"
"""Holder id for trains and certificates removed from the game."""
DEPOT = "depot"
"""Holder id for trains still for sale from the bank."""

_new_event = object.__new__


def _cash_moved(source: str, target: str, amount: int, reason: str) -> CashMoved:
    """``CashMoved(source=..., target=..., amount=..., reason=...)`` made without a record's
    checks of the names given (here every field is given, in the declared order): the
    commonest event, one per transfer (issue 41: a quarter of the time)."""
    event = _new_event(CashMoved)
    set_fields(
        event,
        {"kind": "cash", "source": source, "target": target, "amount": amount, "reason": reason},
    )
    return event  # type: ignore[no-any-return]


def _certificate_moved(
    company: str, source: str, target: str, percent: int, president: bool, reason: str
) -> CertificateMoved:
    """``CertificateMoved(...)`` made as :func:`_cash_moved` makes its event."""
    event = _new_event(CertificateMoved)
    set_fields(
        event,
        {
            "kind": "certificate",
            "company": company,
            "source": source,
            "target": target,
            "percent": percent,
            "president": president,
            "reason": reason,
        },
    )
    return event  # type: ignore[no-any-return]


def turn_started(who: str) -> TurnStarted:
    """``TurnStarted(who=...)`` made as :func:`_cash_moved` makes its event: one at every
    stock and operating turn (issue 40: 18Chesapeake's game plays more turns a command)."""
    event = _new_event(TurnStarted)
    set_fields(event, {"kind": "turn", "who": who})
    return event  # type: ignore[no-any-return]


def passed(player: str, auto: bool = False, reason: str = "") -> Passed:
    """``Passed(player=..., auto=..., reason=...)`` made as :func:`turn_started` makes its
    event: at every pass, the tool's included."""
    event = _new_event(Passed)
    set_fields(event, {"kind": "pass", "player": player, "auto": auto, "reason": reason})
    return event  # type: ignore[no-any-return]


TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Literal

    CompanyKind = Literal["corporation", "independent", "private", "minor"]


@dataclass(slots=True)
class Player:
    """A player at the table: cash on hand, seat, and whether still in the game."""

    name: str
    cash: int = 0
    bankrupt: bool = False

    def __init__(self, name: str, cash: int = 0, bankrupt: bool = False) -> None:
        # written out: a state's copy makes its players, certificates and trains anew
        self.name = name
        self.cash = cash
        self.bankrupt = bankrupt


@dataclass(slots=True)
class Train:
    """One physical train card, bought as one of its variants."""

    serial: int
    """Unique number of the card in this game (for moving a given card)."""
    card: str
    """The card's group as printed on the board chart, e.g. ``"4"`` for the 4 / 3/5 card."""
    name: str
    """The variant bought, as printed: ``"2"``, ``"3/5"``, ``"6E"``..."""
    phased_out: bool = False
    """Phased out (1846 6.82): does not count toward the train limit, removed after its next run."""

    def __init__(self, serial: int, card: str, name: str, phased_out: bool = False) -> None:
        self.serial = serial
        self.card = card
        self.name = name
        self.phased_out = phased_out

    def copy(self) -> Train:
        """An independent copy (cheaper than :func:`copy.copy`)."""
        return Train(self.serial, self.card, self.name, self.phased_out)


OWN_COPY[Train] = Train.copy  # a train in a title's `extra` (issue 41)


@dataclass(slots=True)
class Certificate:
    """A share certificate of a corporation."""

    percent: int
    president: bool = False
    holder: str = "ipo"
    """Holder id: a player's name, ``"pool"``, the corporation's own id (its treasury/IPO),
    or ``"scrap"``."""

    def __init__(self, percent: int, president: bool = False, holder: str = "ipo") -> None:
        self.percent = percent
        self.president = president
        self.holder = holder


@dataclass
class Company:
    """A corporation, minor, independent railroad or private company.

    One class for every kind keeps the cash ledger uniform: each has a treasury
    (possibly always empty) and may own trains and private companies.
    """

    id: str
    name: str
    kind: CompanyKind
    cash: int = 0
    owner: str | None = None
    """For a private/independent: its owner (a player's name or a company id); ``None``
    while unowned (still with the bank, or never distributed)."""
    certificates: list[Certificate] = field(default_factory=list)
    trains: list[Train] = field(default_factory=list)
    closed: bool = False
    removed: bool = False
    """Taken out of the game at setup (never in play)."""
    launched: bool = False
    """For corporations: the president's certificate has been bought (floated)."""
    operated: bool = False
    """Has operated at least once (1846 5.23)."""
    value: int = 0
    """List (face) value of a private company; the par price of a corporation once launched."""
    income: int = 0
    """Income a private company pays its owner at the start of each operating round."""
    debt: int = 0
    """1846 independents: the debt the buying player pays the bank on top of the price."""

    def holder_percent(self, holder: str) -> int:
        """Percent of this corporation held by ``holder``."""
        # asked thousands of times a replay (the stock round's "can he still buy or
        # sell" after every turn): read from the holdings counted once (holders_count)
        held = self._held
        if held is None or held[0] is not self.certificates:
            return self._count_holdings()[2].get(holder, 0)
        return held[2].get(holder, 0)

    def president(self) -> str | None:
        """Holder of the president's certificate (a player's name, ``"pool"`` or ``None``)."""
        for c in self.certificates:
            if c.president:
                return c.holder if c.holder != self.id else None
        return None

    _held: tuple[list[Certificate], dict[str, int], dict[str, int]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """:meth:`holders_count`'s answer and each holder's percent (:meth:`holder_percent`),
    with the certificate list they counted (never given, shown nor compared; no part of
    the saved state), forgotten by :meth:`Ledger.move_certificate`.  After unpickling
    (:meth:`__getstate__` leaves it out) the class's ``None`` is read."""

    def holders_count(self) -> dict[str, int]:
        """How many certificates of this corporation each holder has.  Counted once until
        one of them moves (:meth:`Ledger.move_certificate`, the only way a certificate
        changes hands) or the list is replaced; a copy (:meth:`clone`) may share the answer,
        which is never changed, only replaced."""
        held = self._held
        if held is not None and held[0] is self.certificates:
            return held[1]
        return self._count_holdings()[1]

    def holder_percents(self) -> dict[str, int]:
        """Each holder's percent of this corporation, holders in the order of their first
        certificate (counted once, as :meth:`holders_count`; never to be changed)."""
        held = self._held
        if held is not None and held[0] is self.certificates:
            return held[2]
        return self._count_holdings()[2]

    def _count_holdings(
        self,
    ) -> tuple[list[Certificate], dict[str, int], dict[str, int]]:
        """Count each holder's certificates and percent in one pass, and keep them."""
        certificates = self.certificates
        counts: dict[str, int] = {}
        percents: dict[str, int] = {}
        for c in certificates:
            holder = c.holder
            counts[holder] = counts.get(holder, 0) + 1
            percents[holder] = percents.get(holder, 0) + c.percent
        held = self._held = (certificates, counts, percents)
        return held

    def __getstate__(self) -> dict[str, object]:
        """Pickled without :meth:`holders_count`'s cache: what a company is, not what was
        last counted of it."""
        state = dict(self.__dict__)
        state.pop("_held", None)
        return state

    def certs_of(self, holder: str) -> list[Certificate]:
        """The certificates ``holder`` has of this corporation."""
        return [c for c in self.certificates if c.holder == holder]

    def clone(self) -> Company:
        """A copy sharing nothing mutable with this company."""
        new = shallow(self)
        # the certificates made here, no method call each: a state is copied for every
        # legal command the footer checks, 63 certificates each (issue 21.4)
        make = Certificate
        new.certificates = [make(x.percent, x.president, x.holder) for x in self.certificates]
        new.trains = [t.copy() for t in self.trains] if self.trains else []
        new._held = None  # counted afresh for the copy's own certificates
        return new


@dataclass
class Ledger:
    """All holdings of a game, with the one transfer path for each kind of thing."""

    bank: int = 0
    reserve: int = 0
    players: list[Player] = field(default_factory=list)
    companies: dict[str, Company] = field(default_factory=dict)
    starting_total: int = 0
    escrow: dict[str, int] = field(default_factory=dict)
    """Money set aside but still counted, by account id: 1853's contract bonds
    (``bond:Amy``), money held for shares bought but not yet paid for, and the like."""
    events: list[Event] = field(default_factory=list)
    """Events recorded since the ruleset last collected them."""

    # ------------------------------------------------------------------ lookup
    def player(self, name: str) -> Player:
        """The player called ``name`` (exact, canonical spelling)."""
        for p in self.players:
            if p.name == name:
                return p
        raise Refusal(f"no player called {name}")

    def is_player(self, ident: str) -> bool:
        """Whether ``ident`` names a player."""
        for p in self.players:  # a plain loop, no generator: asked after every stock turn
            if p.name == ident:
                return True
        return False

    def cash_of(self, account: str) -> int:
        """Cash held by an account id."""
        if account == BANK:
            return self.bank
        if account == RESERVE:
            return self.reserve
        if account in self.companies:
            return self.companies[account].cash
        if account in self.escrow:
            return self.escrow[account]
        return self.player(account).cash

    def open_escrow(self, account: str) -> None:
        """Create an escrow account (empty) so money can be set aside in it."""
        self.escrow.setdefault(account, 0)

    def _add(self, account: str, amount: int) -> None:
        if account == BANK:
            self.bank += amount
        elif account == RESERVE:
            self.reserve += amount
        elif account in self.companies:
            self.companies[account].cash += amount
        elif account in self.escrow:
            self.escrow[account] += amount
        else:
            self.player(account).cash += amount

    # --------------------------------------------------------------- transfers
    def transfer(
        self, source: str, target: str, amount: int, reason: str, *, overdraw: bool = False
    ) -> None:
        """Move ``amount`` of cash from ``source`` to ``target``: the only way money moves.

        A negative amount or an account going below zero is refused; the bank
        alone may be overdrawn (the ruleset decides what a broken bank means
        and brings in the reserve before paying from it), and an account the rules
        put in debt (``overdraw``: 1817's president paying a liquidated corporation's
        interest, facts §6, §12).
        """
        if amount < 0:
            raise Refusal(f"cannot move a negative amount ({amount})")
        if amount == 0:
            return
        self.cash_of(target)  # an unknown target is refused before any money moves
        if source != BANK and not overdraw and self.cash_of(source) < amount:
            raise Refusal(f"{source} has only {self.cash_of(source)}, needs {amount}")
        self._add(source, -amount)
        self._add(target, amount)
        self.events.append(_cash_moved(source, target, amount, reason))

    def move_certificate(self, corp: Company, cert: Certificate, target: str, reason: str) -> None:
        """Move one certificate of ``corp`` to ``target``: the only way shares change hands."""
        source = cert.holder
        cert.holder = target
        corp._held = None  # its holders' counts change (holders_count)
        self.events.append(
            _certificate_moved(corp.id, source, target, cert.percent, cert.president, reason)
        )

    # ------------------------------------------------------------ conservation
    def total_cash(self) -> int:
        """All cash in the game: bank, reserve, players, companies, escrow accounts."""
        total = self.bank + self.reserve + sum(self.escrow.values())
        for p in self.players:  # plain loops: this runs after every command
            total += p.cash
        for co in self.companies.values():
            total += co.cash
        return total

    def check_conservation(self) -> None:
        """Raise ``AssertionError`` when cash was created or destroyed."""
        total = self.total_cash()
        if total != self.starting_total:
            raise AssertionError(
                f"cash total {total} differs from the starting total {self.starting_total}"
            )

    def corporations(self) -> Iterator[Company]:
        """Corporations in play (launched or not), in their printed order."""
        for c in self.companies.values():
            if c.kind == "corporation" and not c.removed and not c.closed:
                yield c

    def clone(self) -> Ledger:
        """A copy sharing nothing mutable, used to try a command on (events start empty)."""
        new = shallow(self)
        new.players = [Player(p.name, p.cash, p.bankrupt) for p in self.players]
        new.companies = {k: co.clone() for k, co in self.companies.items()}
        new.escrow = dict(self.escrow)
        new.events = []
        return new
