"""Issue 42.6: forged saves (a key given twice, checksums recomputed), cuts at random
bytes and names that look alike, drawn at random (derandomized: the same in every run);
``scripts/fuzz.py --saves N`` draws N fresh ones."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import SHORT_RECORDED, play
from forging import check_cut, check_forged, check_names, forge, random_names, with_key_twice

from moderator import journal


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The recorded 1846 game's save (48 records: setup, bids, pars, runs, dividends)."""
    path = tmp_path_factory.mktemp("recorded") / "game.json"
    play(SHORT_RECORDED.read_text() + "note the end\n", path=path).close()
    return path.read_bytes()


def test_forty_forged_records_are_refused_by_every_reader(tmp_path: Path, recorded: bytes) -> None:
    rng = random.Random(42)
    header, *records = recorded.splitlines(keepends=True)
    path = tmp_path / "forged.json"
    keys = set()
    for _ in range(40):
        number = rng.randint(1, len(records))
        forged, key = with_key_twice(journal.record_entry(records[number - 1]), rng)
        path.write_bytes(forge(recorded, number, forged))
        check_forged(path, number, key)
        keys.add(key)
    assert {"line", "command", "events", "kind"} <= keys


def test_cuts_at_random_bytes_are_refused_only_in_the_header(
    tmp_path: Path, recorded: bytes
) -> None:
    rng = random.Random(42)
    path = tmp_path / "cut.json"
    seen = {check_cut(path, recorded, rng.randrange(len(recorded) + 1)) for _ in range(25)}
    ends = [i + 1 for i, b in enumerate(recorded) if b == ord("\n")]
    seen.add(check_cut(path, recorded, ends[0] + 3))
    seen.add(check_cut(path, recorded, ends[-2]))
    assert seen >= {"cut", "whole"}


def test_names_that_look_alike_are_refused_and_only_they() -> None:
    rng = random.Random(42)
    accepted = sum(check_names(random_names(rng)) for _ in range(300))
    assert 0 < accepted < 300
