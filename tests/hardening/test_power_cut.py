"""A power cut in the middle of an append (the hardening audit).

A file system may grow a file before it writes the data (ext4 and XFS with delayed
allocation): after a power cut the bytes never written read as zeros, and they may end
in the record's newline when the last block was written but not an earlier one.  Such a
last line was never acknowledged (the append's fsync had not returned): the save opens
with every command before it, says so, keeps the line aside and plays on, in every
reader.  Zeros anywhere but the last line are damage, refused as before.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import RULEBOOK_SETUP, play

from moderator.errors import SaveError
from moderator.follow import SaveFollower
from moderator.game import Game
from moderator.saves_index import summarize

GAME = RULEBOOK_SETUP + "par Amy GT 60\nbuy Bob GT\nbuy Carlos GT\nnote Bob is late\n"


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, int, str]:
    """The save's bytes, its number of entries, and the state JSON before its last entry."""
    path = tmp_path_factory.mktemp("cut") / "game.json"
    game = play(GAME, path=path)
    count = len(game.journal)
    game.undo()
    before = json.dumps(game.state_json(), sort_keys=True)
    game.redo()
    game.close()
    return path.read_bytes(), count, before


def _zeroed(data: bytes, start: int, stop: int) -> bytes:
    return data[:start] + b"\x00" * (stop - start) + data[stop:]


def _shapes(data: bytes) -> dict[str, bytes]:
    last = data.rfind(b"\n", 0, len(data) - 1) + 1
    end = len(data) - 1  # the last record's newline
    return {
        "the record zeroed, its newline written": _zeroed(data, last, end),
        "its first half zeroed": _zeroed(data, last, (last + end) // 2),
        "its second half zeroed": _zeroed(data, (last + end) // 2, end),
        "a block zeroed in its middle": _zeroed(data, last + 7, end - 9),
        "one zero byte": _zeroed(data, end - 1, end),
        "zeros after the newline too": _zeroed(data, last, end) + b"\x00" * 300,
        "the record and its newline zeroed": _zeroed(data, last, len(data)),
    }


@pytest.mark.parametrize("shape", range(7))
def test_a_last_append_torn_by_a_power_cut_opens_with_every_command_before_it(
    tmp_path: Path, whole: tuple[bytes, int, str], shape: int
) -> None:
    data, count, before = whole
    name, torn = list(_shapes(data).items())[shape]
    last = data.rfind(b"\n", 0, len(data) - 1) + 1
    path = tmp_path / "game.json"
    path.write_bytes(torn)

    game = Game.load(path, read_only=True)  # the TUI read-only, `state`, `script`
    assert len(game.journal) == count - 1, name
    assert json.dumps(game.state_json(), sort_keys=True) == before
    assert f"ends in an incomplete line (line {count + 1}" in game.notices()[0]

    summary = summarize(path)  # the saves list
    assert summary.error is None and summary.commands == count - 1

    follower = SaveFollower(path)  # `serve`: the page and the terminal say it too
    assert json.dumps(follower.state_json(), sort_keys=True) == before
    assert any("incomplete line" in notice for notice in follower.notices)

    with Game.load(path) as game:  # opened for writing: kept aside, cut off, played on
        assert game.cut_kept is not None and game.cut_kept.read_bytes() == torn[last:]
        assert game.execute("note Bob is late").ok
    assert path.read_bytes() == data
    assert len(Game.load(path, read_only=True).journal) == count


def test_zeros_in_a_line_before_the_last_are_damage(
    tmp_path: Path, whole: tuple[bytes, int, str]
) -> None:
    data, _, _ = whole
    last = data.rfind(b"\n", 0, len(data) - 1) + 1
    before_last = data.rfind(b"\n", 0, last - 1) + 1
    path = tmp_path / "game.json"
    path.write_bytes(_zeroed(data, before_last + 20, before_last + 40))
    with pytest.raises(SaveError, match="is damaged"):
        Game.load(path, read_only=True)
    assert summarize(path).error is not None


def test_a_cut_of_one_byte_is_worded_in_the_singular(
    tmp_path: Path, whole: tuple[bytes, int, str]
) -> None:
    data, count, _ = whole
    path = tmp_path / "game.json"
    path.write_bytes(data + b"{")
    notice = Game.load(path, read_only=True).notices()[0]
    assert f"(line {count + 2}, 1 byte: journal entry {count + 1} " in notice
