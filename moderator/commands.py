"""Commands of the banker script (``shared/spec/script.md``) as frozen records.

A command is what a banker asks for; the ruleset decides whether the rules
allow it.  Names inside commands are kept as typed (case-insensitive); the
game resolves them to players and companies.  :data:`Command` is the
``kind``-tagged union stored in save files.
"""

from __future__ import annotations

import functools
import json
import typing
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

if TYPE_CHECKING:
    from collections.abc import Callable

    from pydantic import BaseModel, GetCoreSchemaHandler
    from pydantic_core import CoreSchema

DividendOption = Literal["full", "half", "withhold"]

_MISSING: Any = object()
"""No default: the field must be given."""


class FrozenRecordError(TypeError, ValueError):
    """A field of a record was set or deleted (a ``ValueError``, as pydantic's was)."""


class RecordField:
    """One field of a :class:`Record`: its annotation (as written) and default."""

    __slots__ = ("annotation", "default")

    def __init__(self, annotation: str, default: Any) -> None:
        self.annotation = annotation
        self.default = default

    def is_required(self) -> bool:
        """No default: every record must give it."""
        return self.default is _MISSING


class Record:
    """A frozen record of plain fields, declared like a dataclass: annotated class
    attributes, a default where one is written.  Commands, events and journal entries
    are records (issue 21.1).

    Records are made in their thousands by the game itself from values it already
    checked (the parser, the rules), so making one checks names only: a field unknown
    or missing is a ``TypeError``; a list given for a ``tuple`` field is kept as a
    tuple, a dict is copied.  Pydantic validates records where it serves, reading a
    save: :meth:`__get_pydantic_core_schema__` builds, on first use, a frozen pydantic
    model with the same fields (``extra="forbid"``) and turns what it validated into
    the record, so a ``TypeAdapter`` of a record (or of a ``kind``-tagged union of
    them) validates and serializes as the pydantic models did, byte for byte.  Not
    importing pydantic at all for ``moderator play`` and ``check`` halves a process's
    start-up and takes 10 MB off its peak memory.

    The few pydantic methods the code uses are kept: ``model_dump``, ``model_copy``,
    ``model_dump_json``, ``model_fields`` and ``model_fields_set``.

    The program's other small frozen values (a run's receipt, a score line, a rules
    fix...) are records too, given their fields in order or by name like the frozen
    dataclasses they were: a frozen dataclass compiles six methods when its module is
    imported, a record none, which took 43 M instructions off the screen's start
    (issue 21.4).
    """

    model_fields: ClassVar[dict[str, RecordField]] = {}
    _order: ClassVar[tuple[tuple[str, Any], ...]] = ()
    _template: ClassVar[dict[str, Any]] = {}
    _required: ClassVar[frozenset[str]] = frozenset()
    _tuples: ClassVar[frozenset[str]] = frozenset()
    _dicts: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: dict[str, RecordField] = {}
        for klass in reversed(cls.__mro__):
            for name, annotation in klass.__dict__.get("__annotations__", {}).items():
                if name.startswith("_") or str(annotation).startswith("ClassVar"):
                    continue
                fields[name] = RecordField(str(annotation), klass.__dict__.get(name, _MISSING))
        cls.model_fields = fields
        cls._order = tuple((name, f.default) for name, f in fields.items())
        cls._template = dict(cls._order)
        cls._required = frozenset(n for n, f in fields.items() if f.default is _MISSING)
        cls._tuples = frozenset(n for n, f in fields.items() if f.annotation.startswith("tuple"))
        cls._dicts = frozenset(n for n, f in fields.items() if f.annotation.startswith("dict"))

    def __init__(self, *given: Any, **data: Any) -> None:
        # The template holds every field in its declared order (a save's key order) with
        # its default, or _MISSING: merging keeps that order and costs two C-level steps
        # (records are made by the thousand, issue 21.3).  Fields may also be given in
        # their declared order, as to a dataclass (the small frozen records of the rules
        # and the program, which were dataclasses: issue 21.4).
        if given:
            if len(given) > len(self._template):
                raise TypeError(
                    f"{type(self).__name__}: {len(given)} values for {len(self._template)} fields"
                )
            in_order = dict(zip(self._template, given, strict=False))
            if data:
                twice = sorted(in_order.keys() & data.keys())
                if twice:
                    raise TypeError(f"{type(self).__name__}: field {twice[0]!r} given twice")
                in_order.update(data)
            data = in_order
        template = self._template
        values = {**template, **data}
        # a dict's keys are checked against a set without building one (the rules make
        # about four events per command: issue 21.4)
        if len(values) != len(template) or not data.keys() >= self._required:
            missing = [name for name, value in values.items() if value is _MISSING]
            unknown = sorted(set(data) - set(template))
            why = f"field {missing[0]!r} is required" if missing else f"no field {unknown}"
            raise TypeError(f"{type(self).__name__}: {why}")
        if self._tuples:
            for name in self._tuples:
                if type(values[name]) is not tuple and values[name] is not None:
                    values[name] = tuple(values[name])
        if self._dicts:
            for name in self._dicts:
                values[name] = dict(values[name])
        set_fields(self, values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenRecordError(f"{type(self).__name__} is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise FrozenRecordError(f"{type(self).__name__} is frozen: {name} cannot be deleted")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *self.__dict__.values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.__dict__))

    @property
    def model_fields_set(self) -> set[str]:
        """Every field is set (defaults included), as pydantic counts a validated record."""
        return set(self.__dict__)

    def model_dump(self, *, exclude: set[str] | None = None) -> dict[str, Any]:
        """The fields as a dict, in their declared order (nested records as dicts)."""
        out = {}
        for name, value in self.__dict__.items():
            if exclude and name in exclude:
                continue
            if isinstance(value, Record):
                value = value.model_dump()
            elif type(value) is tuple and value and isinstance(value[0], Record):
                value = tuple(x.model_dump() for x in value)
            elif type(value) is dict:
                value = dict(value)
            out[name] = value
        return out

    def model_dump_json(self) -> str:
        """Compact JSON, as pydantic writes it."""
        return json.dumps(self.model_dump(), separators=(",", ":"), ensure_ascii=False)

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Record:
        """A copy with ``update``'s fields replaced (not checked, as pydantic's)."""
        copy = object.__new__(type(self))
        set_fields(copy, {**self.__dict__, **(update or {})})
        return copy

    @classmethod
    def model_construct(cls, **values: Any) -> Record:
        """A record from values known to be right (defaults filled in), unchecked."""
        record = object.__new__(cls)
        set_fields(record, {name: values.get(name, default) for name, default in cls._order})
        return record

    # ------------------------------------------------------------- pydantic, on demand
    @classmethod
    def pydantic_model(cls) -> type[BaseModel]:
        """A frozen pydantic model with this record's fields, made on first use."""
        return _mirror(cls)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        from pydantic_core import core_schema

        model = cls.pydantic_model()
        names = tuple(cls.model_fields)

        def from_model(valid: BaseModel) -> Record:
            record = object.__new__(cls)
            object.__setattr__(record, "__dict__", {n: getattr(valid, n) for n in names})
            return record

        def to_model(record: Record) -> BaseModel:
            return model.model_construct(**record.__dict__)

        inner = handler.generate_schema(model)
        # A save's JSON is validated by the model as JSON (strict mode reads an array as
        # a tuple), then made a record; a record is written as its model would be.
        return core_schema.no_info_after_validator_function(
            from_model,
            inner,
            serialization=core_schema.plain_serializer_function_ser_schema(
                to_model, return_schema=inner
            ),
        )


set_fields: Callable[[Record, dict[str, Any]], None] = Record.__dict__["__dict__"].__set__
"""Give a record its fields (its ``__dict__``), past the frozen ``__setattr__``: the
descriptor's own setter, which ``object.__setattr__`` would look up on every call."""


def _rebuild(cls: type[Record], values: dict[str, Any]) -> Record:
    record = object.__new__(cls)
    set_fields(record, dict(values))
    return record


@functools.cache
def _mirror(cls: type[Record]) -> type[BaseModel]:
    """The pydantic twin of a record class: same name, fields and defaults."""
    from pydantic import ConfigDict, create_model

    hints = typing.get_type_hints(cls)  # the annotations, read in each class's module
    fields: dict[str, Any] = {}
    for name, field in cls.model_fields.items():
        annotation = hints[name]
        fields[name] = (annotation, ...) if field.is_required() else (annotation, field.default)
    return create_model(  # type: ignore[call-overload,no-any-return]
        cls.__name__,
        __config__=ConfigDict(frozen=True, extra="forbid"),
        __doc__=cls.__doc__,
        __module__=cls.__module__,
        **fields,
    )


class _Command(Record):
    pass


class GameCmd(_Command):
    """``game TITLE PLAYER...``: the first line of a script."""

    kind: Literal["game"] = "game"
    title: str
    players: tuple[str, ...]


class Par(_Command):
    """``par PLAYER CORP PRICE``: buy the president's certificate at a starting price."""

    kind: Literal["par"] = "par"
    player: str
    corp: str
    price: int


class Buy(_Command):
    """``buy PLAYER CORP [ipo|pool]``: buy one certificate."""

    kind: Literal["buy"] = "buy"
    player: str
    corp: str
    source: Literal["ipo", "pool"] | None = None


class Sell(_Command):
    """``sell PLAYER CORP N``: sell N ten-percent shares to the pool."""

    kind: Literal["sell"] = "sell"
    player: str
    corp: str
    count: int


class Pass(_Command):
    """``pass PLAYER``: end a stock turn without a purchase."""

    kind: Literal["pass"] = "pass"
    player: str


class Spend(_Command):
    """``spend COMPANY AMOUNT [tile|token|terrain|fee] [PRIVATE]``: the company pays the
    bank."""

    kind: Literal["spend"] = "spend"
    company: str
    amount: int
    purpose: Literal["tile", "token", "terrain", "fee"] | None = None
    private: str | None = None
    """The private company whose ability the spend uses, as typed (1847: ``W``, a station
    at Weidenthal's half cost, which closes it, 4.2)."""


class Run(_Command):
    """``run COMPANY REVENUE [full|half|withhold] [mail AMOUNT]``."""

    kind: Literal["run"] = "run"
    company: str
    revenue: int
    option: DividendOption | None = None
    mail: int | None = None


class BuyTrain(_Command):
    """``train CORP TYPE [from CORP2 PRICE | from pool | credit]``."""

    kind: Literal["train"] = "train"
    corp: str
    train: str
    source: str | None = None
    """``None``: the bank's depot; ``"pool"``: the bank pool; otherwise a company id."""
    price: int | None = None
    credit: bool = False
    trade: str | None = None
    """The train given back for a discount, as typed (1830 21.0: ``train PRR D trade 4``,
    a D for $800 with a 4, 5 or 6 traded in)."""


class BuyPrivate(_Command):
    """``buyprivate CORP PRIVATE PRICE``: a company buys a private from its owner."""

    kind: Literal["buyprivate"] = "buyprivate"
    corp: str
    private: str
    price: int


class Done(_Command):
    """``done COMPANY``: ends the company's operating turn."""

    kind: Literal["done"] = "done"
    company: str
    noroute: bool = False
    """``done COMPANY noroute``: the company has no route, so it need not own a train
    (1847 AE 6.8.1: a corporation must buy a train only if it has a route)."""


class Bankrupt(_Command):
    """``bankrupt PLAYER``: the player cannot raise the money the rules demand."""

    kind: Literal["bankrupt"] = "bankrupt"
    player: str


class Discard(_Command):
    """``discard CORP TYPE``: give up a train over the limit after a phase change."""

    kind: Literal["discard"] = "discard"
    corp: str
    train: str


class Adjust(_Command):
    """``adjust ENTITY AMOUNT REASON...``: a banker's correction against the bank."""

    kind: Literal["adjust"] = "adjust"
    entity: str
    amount: int
    reason: str


class Note(_Command):
    """``note TEXT...``: a remark kept in the journal."""

    kind: Literal["note"] = "note"
    text: str


class Expect(_Command):
    """``expect ...``: a check against the game; changes nothing."""

    kind: Literal["expect"] = "expect"
    subject: str
    """A player, company, ``bank``, ``phase``, ``round`` or ``priority``."""
    field: str
    """``cash``, ``price``, ``shares``, ``value``, ``president``, ``phase``, ``round``,
    ``priority``, ``cell`` (a 2-D market's space, the value ``ROW COL``), ``certificates``
    (those counting toward the certificate limit)."""
    corp: str | None = None
    """For ``shares``: which corporation."""
    value: str


# ----------------------------------------------------------------- 1846
class Remove(_Command):
    """1846 ``remove COMPANY...``: setup removals for 3 or 4 players (2.3)."""

    kind: Literal["remove"] = "remove"
    companies: tuple[str, ...]


class PrivateResult(_Command):
    """1846 ``private PLAYER PRIVATE [PRICE]``: a result of the private distribution (3.2)."""

    kind: Literal["private"] = "private"
    player: str
    private: str
    price: int | None = None


class Issue(_Command):
    """1846 ``issue CORP N`` (6.31, 6.86)."""

    kind: Literal["issue"] = "issue"
    corp: str
    count: int


class Redeem(_Command):
    """1846 ``redeem CORP N`` (6.32)."""

    kind: Literal["redeem"] = "redeem"
    corp: str
    count: int


class Assign(_Command):
    """1846 ``assign STEAMBOAT COMPANY``: map-only, journaled as a remark."""

    kind: Literal["assign"] = "assign"
    private: str
    company: str


class Bid(_Command):
    """``bid PLAYER PRIVATE AMOUNT``: a bid on a private company in an opening sale (1830
    7.2): on one not yet offered, or a raise in its auction."""

    kind: Literal["bid"] = "bid"
    player: str
    private: str
    amount: int


# ----------------------------------------------------------------- 1847 AE
class Exchange(_Command):
    """``exchange PLAYER PRIVATE [ipo|pool]``: a private swapped for a share (1847 AE: its
    investor certificate; 1830: the Mohawk & Hudson for an NYC 10% from the IPO or the pool,
    Table 1 note 3)."""

    kind: Literal["exchange"] = "exchange"
    player: str
    private: str
    source: Literal["ipo", "pool"] | None = None
    """1830: where the NYC share comes from; ``None``: the IPO if it has one, else the pool."""


class Nationalize(_Command):
    """1847 AE ``nationalize PLAYER CORP FROM [PERCENT]``."""

    kind: Literal["nationalize"] = "nationalize"
    player: str
    corp: str
    source: str
    percent: int = 10


class Trade(_Command):
    """1847 AE ``trade PRIVATE FROM TO PRICE``."""

    kind: Literal["trade"] = "trade"
    private: str
    source: str
    target: str
    price: int


class ClosePrivate(_Command):
    """1847 AE ``close PRIVATE``: a quarry whose ability was used closes (4.2)."""

    kind: Literal["close"] = "close"
    private: str


class Vanderbilt(_Command):
    """18Chesapeake ``vanderbilt CORP``: the corporation whose president's certificate comes
    with Cornelius Vanderbilt, drawn at setup (facts §0, §2)."""

    kind: Literal["vanderbilt"] = "vanderbilt"
    corp: str


class Income(_Command):
    """1847 AE ``income PRIVATE AMOUNT``: a private's income changes (Rammelsbach to 50)."""

    kind: Literal["income"] = "income"
    private: str
    amount: int


class BoxValue(_Command):
    """1847 Pfalz / RRRR&B ``box KEY [VALUE]``: a value printed only on the components,
    confirmed or corrected from the box before the game starts (``box confirm``: every
    value shown)."""

    kind: Literal["box"] = "box"
    key: str
    value: str | None = None


# ----------------------------------------------------------------- 1853
class MarketValues(_Command):
    """1853 ``market VALUE...``."""

    kind: Literal["market"] = "market"
    values: tuple[int, ...]


class SetPar(_Command):
    """1853 ``setpar CORP VALUE``."""

    kind: Literal["setpar"] = "setpar"
    corp: str
    value: int


class Bond(_Command):
    """1853 ``bond PLAYER AMOUNT``."""

    kind: Literal["bond"] = "bond"
    player: str
    amount: int


class Claim(_Command):
    """1853 ``claim PLAYER CITY CORP``."""

    kind: Literal["claim"] = "claim"
    player: str
    city: str
    corp: str


class Settle(_Command):
    """1853 ``settle``."""

    kind: Literal["settle"] = "settle"


class RedeemShare(_Command):
    """1853 ``redeemshare PLAYER CORP``."""

    kind: Literal["redeemshare"] = "redeemshare"
    player: str
    corp: str


class Fulfil(_Command):
    """1853 ``fulfil PLAYER [CITY...]``: the bond back; CITY words reveal sealed claims."""

    kind: Literal["fulfil"] = "fulfil"
    player: str
    cities: tuple[str, ...] = ()


class Frontier(_Command):
    """1853 ``frontier CORP AMOUNT``."""

    kind: Literal["frontier"] = "frontier"
    corp: str
    amount: int


class Elephant(_Command):
    """1853 ``elephant FROM TO PRICE``."""

    kind: Literal["elephant"] = "elephant"
    source: str
    target: str
    price: int


class Extra(_Command):
    """1853 ``extra``."""

    kind: Literal["extra"] = "extra"


class CreditTrain(_Command):
    """1853 ``credit CORP pay|return``: the new director's choice for the credit train
    (4.8.10): buy it now (pay what is still owed) or return it to the bank."""

    kind: Literal["credit"] = "credit"
    corp: str
    choice: Literal["pay", "return"]


# ----------------------------------------------------------------- 1817
class Ipo(_Command):
    """1817 ``ipo PLAYER CORP PRICE SIZE [PRIVATE...] [by NOMINATOR]``: the result of an IPO
    auction (facts §3): PLAYER won CORP at PRICE as a SIZE-share corporation, paying part
    with the PRIVATEs; the turn is NOMINATOR's (the auction's opener)."""

    kind: Literal["ipo"] = "ipo"
    player: str
    corp: str
    price: int
    size: int
    privates: tuple[str, ...] = ()
    nominator: str | None = None


class Loan(_Command):
    """1817 ``loan CORP [N]``: the corporation takes N $100 loans (facts §6)."""

    kind: Literal["loan"] = "loan"
    corp: str
    count: int = 1


class Payback(_Command):
    """1817 ``payback CORP [N]``: the corporation repays N loans (facts §6)."""

    kind: Literal["payback"] = "payback"
    corp: str
    count: int = 1


class Interest(_Command):
    """1817 ``interest CORP``: the corporation pays its interest now (facts §6)."""

    kind: Literal["interest"] = "interest"
    corp: str


class Bonus(_Command):
    """1817 ``bonus CORP PRIVATE [AMOUNT]``: the bank pays a private's bonus to its owning
    corporation (Mountain Engineers: $20 after a yellow tile in a mountain, facts §1)."""

    kind: Literal["bonus"] = "bonus"
    corp: str
    private: str
    amount: int | None = None


class Later(_Command):
    """A command of a later step of a title's rules, read so that it can be refused by name
    (1817: ``short``, ``convert``, ``merge``, ``acquire``, ``liquidate``)."""

    kind: Literal["later"] = "later"
    verb: str
    words: tuple[str, ...] = ()


Command = Annotated[
    GameCmd
    | Par
    | Buy
    | Sell
    | Pass
    | Spend
    | Run
    | BuyTrain
    | BuyPrivate
    | Done
    | Bankrupt
    | Discard
    | Adjust
    | Note
    | Expect
    | Remove
    | PrivateResult
    | Issue
    | Redeem
    | Assign
    | Bid
    | Exchange
    | Nationalize
    | Trade
    | ClosePrivate
    | Vanderbilt
    | Income
    | BoxValue
    | MarketValues
    | SetPar
    | Bond
    | Claim
    | Settle
    | RedeemShare
    | Fulfil
    | Frontier
    | Elephant
    | Extra
    | CreditTrain
    | Ipo
    | Loan
    | Payback
    | Interest
    | Bonus
    | Later,
    "kind",
]
"""Any command.  The ``"kind"`` in ``Annotated`` names the tag; the journal reads saves
with ``Field(discriminator="kind")`` on the same union (``moderator.journal``)."""
