"""The core's ``dataclass`` (``moderator.dataclass_subset``, issue 41) behaves as the
standard one for every feature the core uses: the same classes made both ways."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, ClassVar

import pytest

from moderator import dataclass_subset


def _classes(module: Any) -> dict[str, type]:
    dataclass, field = module.dataclass, module.field

    @dataclass(slots=True)
    class Slotted:
        """A slotted class (the ledger's players, trains and certificates)."""

        name: str
        cash: int = 0
        flag: bool = False

        def copy(self) -> Slotted:
            return Slotted(self.name, self.cash, self.flag)

    @dataclass
    class Base:
        """A base class (the market)."""

        kind: ClassVar[str] = "base"
        position: dict[str, int] = field(default_factory=dict)
        stacks: dict[int, list[str]] = field(default_factory=dict)

    @dataclass
    class Child(Base):
        """A subclass adding fields, one computed after ``__init__`` (the grid market)."""

        rows: tuple[int, ...] = ()
        width: int = field(init=False, repr=False, compare=False)
        hidden: Any = field(default=None, repr=False, compare=False)

        def __post_init__(self) -> None:
            self.width = len(self.rows)

    @dataclass
    class Plain:
        """Required fields, then defaults and factories (the state, the game)."""

        title: str
        phase: str
        seen: set[str] = field(default_factory=set)
        level: int = 3
        note: str | None = None

        def __repr__(self) -> str:
            return "own repr"

    return {"Slotted": Slotted, "Base": Base, "Child": Child, "Plain": Plain}


OURS, THEIRS = _classes(dataclass_subset), _classes(dataclasses)


def _behaviour(classes: dict[str, type]) -> list[Any]:
    slotted, base, child, plain = (classes[k] for k in ("Slotted", "Base", "Child", "Plain"))
    a, b = slotted("Amy", 5), slotted(name="Amy", cash=5, flag=False)
    c1, c2 = child({"NYC": 3}, rows=(1, 2)), child(position={"NYC": 3}, rows=(1, 2))
    c2.hidden = "differs"
    p1, p2 = plain("1846", "2"), plain("1846", "2", {"x"}, 4, "n")
    out: list[Any] = [
        repr(a),
        a == b,
        a != slotted("Bob"),
        a == "Amy",
        hasattr(a, "__dict__"),
        slotted.__slots__,
        a.copy() == a,
        repr(base()),
        base() == base(),
        base().position is not base().position,
        base.kind,
        repr(c1),
        c1 == c2,
        c1.width,
        c1 == child({"NYC": 3}, rows=(1,)),
        isinstance(c1, base),
        base() == child(),
        repr(p1),
        p1 == plain("1846", "2"),
        p1 != p2,
        p2.seen,
        plain.level,
        hasattr(plain, "seen"),
        plain.note,
        p1.seen is not plain("1846", "2").seen,
        copy.deepcopy(c1) == c1,
        copy.deepcopy(p2) == p2,
        copy.copy(a) == a,
    ]
    for cls in (slotted, base, child, plain):
        with pytest.raises(TypeError):
            hash(cls.__new__(cls))
    with pytest.raises(TypeError):
        plain("1846")
    with pytest.raises(TypeError):
        child(width=3)
    return out


def test_the_subset_behaves_as_dataclasses() -> None:
    ours, theirs = _behaviour(OURS), _behaviour(THEIRS)
    assert [str(x) for x in ours] == [str(x) for x in theirs]
    assert ours == theirs


def test_the_core_classes_are_made_without_the_dataclasses_module() -> None:
    """The ledger, market, state, game and ruleset base use the subset: what a batch
    command loads (``tests/core/test_import_cost.py`` checks the modules themselves)."""
    from moderator.game import Game, Outcome
    from moderator.ledger import Certificate, Company, Ledger, Player, Train
    from moderator.market import GridMarket, LinearMarket, Market, TrackMarket
    from moderator.state import GameState
    from rulesets.base import Ruleset

    for cls in (Game, Outcome, Certificate, Company, Ledger, Player, Train, GameState):
        assert hasattr(cls, "__subset_fields__"), cls
    for cls in (GridMarket, LinearMarket, Market, TrackMarket, Ruleset):
        assert hasattr(cls, "__subset_fields__"), cls
    assert not hasattr(GameState, "__dataclass_fields__")
