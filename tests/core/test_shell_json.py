"""``moderator.shell.indented_json``: the bytes of ``json.dumps(data, indent=2)``."""

from __future__ import annotations

import enum
import json

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.shell import indented_json

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and the infinities too: left to json.dumps
    | st.text()
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        | st.dictionaries(st.integers() | st.booleans() | st.none(), inner, max_size=3)
    ),
    max_leaves=20,
)


@settings(max_examples=examples(200))
@given(_VALUES)
def test_same_text_as_json_dumps(data: object) -> None:
    assert indented_json(data) == json.dumps(data, indent=2)


class _Kind(enum.StrEnum):
    SR = "SR"


class _Count(int):
    pass


def test_unusual_values_left_to_json() -> None:
    data = {
        "kind": _Kind.SR,
        "n": _Count(3),
        "floats": [float("nan"), float("inf"), -0.0, 1e300],
        "escaped": '\x1b"\\\u202e é',
        "nested": [{}, [], {"a": [[], {"b": None}]}],
    }
    assert indented_json(data) == json.dumps(data, indent=2)


def test_a_state_prints_as_before() -> None:
    from moderator.game import Game

    game = Game.new("1846", ["Amy", "Bob", "Carlos"])
    data = game.state_json()
    assert indented_json(data) == json.dumps(data, indent=2)
