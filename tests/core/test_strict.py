"""moderator.strict: a save's records read without pydantic, with pydantic's strict verdicts.

Every check compares the strict reader with the pydantic validator the journal used
before (``journal._entry_adapter()``, strict JSON mode): the same entries accepted,
read to equal records, and the same damaged ones refused, at the same place.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from conftest import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st

from moderator import journal, strict
from moderator.journal import Entry
from moderator.simulate import simulate

GAMES = {
    "1846": (4, 300),
    "1847AE": (3, 300),
    "1853": (3, 300),
    "1830": (4, 300),
    "1889": (4, 300),
    "18Chesapeake": (4, 300),
    "18Chesapeake two players": (2, 150),
    "1817": (4, 300),
}
"""Simulated games (seed 3) of every title: (players, commands)."""


@cache
def entries() -> tuple[tuple[Entry, ...], tuple[bytes, ...]]:
    """The entries of :data:`GAMES` and their records: played when a test first asks, not
    at collection (by every worker)."""
    found = tuple(
        e
        for title, (players, count) in GAMES.items()
        for e in simulate(3, players, max_commands=count, title=title.split()[0]).journal
    )
    return found, tuple(journal.entry_json(e).encode() for e in found)


def pydantic_verdict(raw: bytes) -> tuple[str, Any]:
    """``("ok", entry)`` or ``("refused", location)`` by the pydantic validator."""
    from pydantic import ValidationError

    try:
        return "ok", journal._entry_adapter().validate_json(raw, strict=True)
    except ValidationError as exc:
        return "refused", tuple(exc.errors()[0]["loc"])


def strict_verdict(raw: bytes) -> tuple[str, Any]:
    """The same by the strict reader."""
    try:
        return "ok", journal.read_entry(raw)
    except strict.Malformed as exc:
        return "refused", exc.loc


def test_every_entry_of_three_games_reads_as_pydantic_reads_it() -> None:
    ENTRIES, RAW = entries()
    kinds = {e.command.kind for e in ENTRIES} | {x.kind for e in ENTRIES for x in e.events}
    assert len(kinds) > 20, "the games cover many command and event kinds"
    for raw, entry in zip(RAW, ENTRIES, strict=True):
        read = journal.read_entry(raw)
        assert read == entry == pydantic_verdict(raw)[1]
        assert journal.entry_json(read) == raw.decode(), "read back, it writes the same text"


JSON_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=5),
    st.lists(st.integers(0, 3), max_size=3),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.just({"kind": "par"}),
    st.just({"kind": "nothing-such"}),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (the keys of objects, the indexes of arrays)."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _damaged(value: Any, path: tuple[Any, ...], how: str, new: Any) -> Any:
    """``value`` with the item at ``path`` replaced, removed, or given an extra key."""
    if not path:
        return new
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "remove" and isinstance(parent, dict):
        del parent[last]
    elif how == "extra" and isinstance(parent, dict):
        parent[f"x{last}"] = new
    else:
        parent[last] = new
    return value


@settings(max_examples=examples(400))
@given(
    which=st.integers(0, 10_000),
    pick=st.integers(0, 10_000),
    how=st.sampled_from(["replace", "remove", "extra"]),
    new=JSON_VALUES,
)
@example(which=0, pick=0, how="replace", new=[])  # not an object
@example(which=1, pick=3, how="replace", new=60.0)  # a whole number written as a float
@example(which=1, pick=3, how="replace", new=True)  # true where a number is
@example(which=13, pick=111, how="replace", new=[])  # a list where a literal is (explore)
def test_a_damaged_entry_is_refused_where_pydantic_refuses_it(
    which: int, pick: int, how: str, new: Any
) -> None:
    raw_entries = entries()[1]
    value = json.loads(raw_entries[which % len(raw_entries)])
    places = _paths(value)
    damaged = _damaged(value, places[pick % len(places)], how, new)
    raw = json.dumps(damaged, ensure_ascii=False).encode()
    want, got = pydantic_verdict(raw), strict_verdict(raw)
    assert got[0] == want[0], (raw, want, got)
    if want[0] == "ok":
        assert got[1] == want[1]
    elif got[1] != want[1]:
        # pydantic names each member it tried for ``X | None``; the reader, the first
        assert want[1][: len(got[1])] == got[1], (raw, want, got)


@pytest.mark.parametrize(
    "raw",
    [
        b'{"line":"note \\ud800","round":"SR 1","command":{"kind":"note","text":"x"}}',
        b'{"line":"x","round":"SR 1","command":{"kind":"note","text":NaN}}',
        b'{"line":"x","round":"SR 1","command":{"kind":"note","text":"\xff"}}',
        b'{"line":"x","round":"SR 1","command":{"kind":"note","text":"x"}',
        b"[" * 100_000,
    ],
)
def test_what_is_not_json_is_refused_as_pydantic_refuses_it(raw: bytes) -> None:
    assert pydantic_verdict(raw)[0] == "refused"
    assert strict_verdict(raw) == ("refused", ())


def test_a_lone_surrogate_is_refused_and_a_pair_is_read() -> None:
    pair = b'{"line":"note \\ud83d\\ude00","round":"SR 1","command":{"kind":"note","text":"x"}}'
    assert (
        strict_verdict(pair)[1].line == "note \N{GRINNING FACE}" == pydantic_verdict(pair)[1].line
    )


def test_too_many_events_are_refused_before_any_is_read() -> None:
    events = ",".join(['{"kind":"note","text":"x"}'] * (journal.MAX_EVENTS + 1))
    raw = (
        f'{{"line":"x","round":"SR 1","command":{{"kind":"note","text":"x"}},"events":[{events}]}}'
    )
    got = strict_verdict(raw.encode())
    assert got == ("refused", ("events",))
    assert pydantic_verdict(raw.encode()) == got
    # a list of damaged events too long: refused for its length, before its first item
    damaged = raw.replace('"note","text":"x"', '"nothing-such"')
    assert strict_verdict(damaged.encode()) == got


@pytest.mark.parametrize(
    ("header", "where"),
    [
        (
            {
                "format_version": 3,
                "title": "1846",
                "players": ["A"] * 17,
                "rules_level": 1,
                "program": "x",
            },
            ("players",),
        ),
        (
            {
                "format_version": 3,
                "title": "1846",
                "players": ["A"],
                "rules_level": -1,
                "program": "x",
            },
            ("rules_level",),
        ),
        (
            {
                "format_version": 3,
                "title": "1846",
                "players": ["A"],
                "rules_level": 1,
                "program": "x" * 41,
            },
            ("program",),
        ),
        ({"format_version": 3, "title": "1846", "players": ["A"], "rules_level": 1}, ("program",)),
        (
            {
                "format_version": 3,
                "title": "1846",
                "players": ["A"],
                "rules_level": 1,
                "program": "x",
                "more": 1,
            },
            ("more",),
        ),
        (
            {
                "format_version": 3,
                "title": 1846,
                "players": ["A"],
                "rules_level": 1,
                "program": "x",
            },
            ("title",),
        ),
    ],
)
def test_a_damaged_header_is_refused_naming_the_field(
    header: dict[str, Any], where: tuple[str]
) -> None:
    with pytest.raises(strict.Malformed) as info:
        journal.read_header(json.dumps(header).encode(), 3)
    assert info.value.loc == where


def test_reading_a_save_imports_no_pydantic() -> None:
    import subprocess
    import sys

    code = (
        "import sys, tempfile, pathlib\n"
        "from moderator.game import Game\n"
        "d = pathlib.Path(tempfile.mkdtemp())\n"
        "g = Game.new('1846', ['Amy', 'Bob', 'Cy'])\n"
        "g.save(d / 's.json')\n"
        "g.execute('remove ERIE PRR')\n"
        "g.close()\n"
        "Game.load(d / 's.json').close()\n"
        "print('pydantic' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
