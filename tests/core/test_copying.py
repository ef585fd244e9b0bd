"""The state's fast copies give what the ``copy`` module gives, and share nothing mutable."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from moderator.copying import plain_copy, shallow
from moderator.game import Game
from moderator.ledger import Company
from moderator.simulate import simulate

pytestmark = pytest.mark.xdist_group("copying")
"""Under pytest-xdist (scripts/test: ``--dist loadgroup``) the module runs on one worker, so
each title's simulated game (:func:`played`) is played once, not once on each worker."""


def _containers(value: Any, seen: list[int]) -> None:
    """Ids of every dict, list and set inside ``value`` (to find one held twice)."""
    if isinstance(value, dict):
        seen.append(id(value))
        for v in value.values():
            _containers(v, seen)
    elif isinstance(value, list | set | tuple):
        if not isinstance(value, tuple):
            seen.append(id(value))
        for v in value:
            _containers(v, seen)


@pytest.fixture(
    scope="module", params=["1846", "1847AE", "1853", "1830", "1889", "18Chesapeake", "1817"]
)
def played(request: pytest.FixtureRequest) -> Game:
    return simulate(3, 4, max_commands=500, revenue_scale=0.3, title=request.param)


def test_shallow_is_copy_copy() -> None:
    co = Company(id="NYC", name="New York Central", kind="corporation", cash=120)
    new = shallow(co)
    assert new == copy.copy(co) and new is not co and type(new) is Company
    assert new.certificates is co.certificates  # shallow: the parts are shared


def test_plain_copy_is_deepcopy_and_shares_nothing() -> None:
    data = {"a": [1, {"b": {2, 3}}], "c": (4, [5]), "d": None, "e": frozenset({6})}
    new = plain_copy(data)
    assert new == copy.deepcopy(data)
    assert new["a"] is not data["a"] and new["a"][1] is not data["a"][1]
    assert new["c"][1] is not data["c"][1]
    new["a"][1]["b"].add(9)
    assert data["a"][1]["b"] == {2, 3}


def test_every_titles_extra_copies_like_deepcopy(played: Game) -> None:
    """At every checkpoint-worth of a simulated game, each title's ``extra`` copies the
    same as ``deepcopy`` would, and holds no container twice (no memo is kept)."""
    for upto in range(0, len(played.journal) + 1, 25):
        state = played.replay(upto)
        seen: list[int] = []
        _containers(state.extra, seen)
        assert len(seen) == len(set(seen)), upto
        for key, value in state.extra.items():
            assert plain_copy(value) == copy.deepcopy(value), (upto, key)


def _pickled(state: object) -> bytes:
    """``state`` pickled with its sets in a fixed order: a set pickles in its iteration
    order, which two equal sets need not share (a copy of a set that lost members)."""
    fields = {
        k: (sorted(v, key=repr) if isinstance(v, set | frozenset) else v)
        for k, v in vars(state).items()
    }
    return pickle.dumps(fields)


def test_a_clone_equals_and_shares_nothing_with_its_state(played: Game) -> None:
    state = played.state
    clone = state.clone()
    assert _pickled(clone) == _pickled(state)
    ours: list[int] = []
    theirs: list[int] = []
    _containers(vars(state), ours)
    _containers(vars(clone), theirs)
    assert not set(ours) & set(theirs)
    for a, b in zip(state.ledger.companies.values(), clone.ledger.companies.values(), strict=True):
        assert a is not b and a.certificates is not b.certificates
        assert all(x is not y for x, y in zip(a.certificates, b.certificates, strict=True))
