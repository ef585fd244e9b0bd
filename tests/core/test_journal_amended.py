"""A save holding an amendment's record (issue 39) is format 5, which moderators of format 4
refuse as a newer moderator's save rather than as a malformed one; a save that never held
one is written in format 4 as before, byte for byte; every older save is still read, and
the strict reader takes an amendment's record only where a moderator could have written it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import SCRIPTS

from moderator import journal
from moderator.amend import amend
from moderator.cli import main
from moderator.errors import SaveError
from moderator.game import Game
from moderator.journal import AMENDED_FORMAT, FORMAT_VERSION, chain, header_line

EXAMPLE = SCRIPTS / "1846-rulebook-example.script"
RUN_NYC = 49
"""The rulebook example's ``run NYC 370 half`` (OR 2.1)."""


def _version(path: Path) -> int:
    return int(json.loads(path.read_bytes().split(b"\n", 1)[0])["format_version"])


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """The rulebook example played into a save (never amended: format 4)."""
    path = tmp_path / "game.json"
    assert main(["play", str(EXAMPLE), "--save", str(path), "--quiet"]) == 0
    return path


def _amended(save: Path) -> Path:
    game = Game.load(save)
    try:
        done = amend(game, RUN_NYC, "run NYC 360 half")
        assert done.done
        done.keep()
    finally:
        game.close()
    return save


def test_an_amended_save_is_format_5_and_a_format_4_reader_refuses_it_as_newer(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = save.read_bytes()
    assert _version(save) == FORMAT_VERSION == 4
    _amended(save)
    assert _version(save) == AMENDED_FORMAT == 5
    # the backup holds the old game as it was: format 4, byte for byte
    assert save.with_name(f"game.before-amend-{RUN_NYC}.json").read_bytes() == before
    again = Game.load(save, read_only=True)
    assert [e.amended[0].line for e in again.journal if e.amended] == [RUN_NYC]
    # a moderator reading up to format 4 (as every one before issue 39's keep did)
    monkeypatch.setattr(journal, "AMENDED_FORMAT", FORMAT_VERSION)
    with pytest.raises(
        SaveError, match=r"newer moderator \(save format 5; this one reads up to 4\)"
    ):
        Game.load(save, read_only=True)


def test_an_amended_save_stays_format_5_as_it_grows_and_after_an_undo(save: Path) -> None:
    _amended(save)
    game = Game.load(save)
    try:
        assert game.execute("note the table checked OR 2.1").ok  # appended
        size = save.stat().st_size
        assert _version(save) == 5
        while not game.journal[-1].amended:
            game.undo()
        game.undo()  # the amended line itself taken back
        assert not any(e.amended for e in game.journal)
        assert _version(save) == 5 and save.stat().st_size < size
        game.save()  # a whole rewrite: still format 5 (it held one; docs/saves.md)
        assert _version(save) == 5
    finally:
        game.close()
    Game.load(save, read_only=True)


def test_a_save_without_amendments_is_written_byte_for_byte_as_before(
    save: Path, tmp_path: Path
) -> None:
    """Opened, saved whole elsewhere ("save as") and a command given then undone: every
    file is format 4 and the same bytes as the save played."""
    before = save.read_bytes()
    game = Game.load(save)
    try:
        other = tmp_path / "copy.json"
        game.save(other)
        assert other.read_bytes() == before
        assert game.execute("note a remark").ok
        assert _version(other) == 4
        game.undo()
        assert other.read_bytes() == before
    finally:
        game.close()
    assert save.read_bytes() == before


def _forged(save: Path, version: int) -> Path:
    """The amended save with another format number in its header, every checksum
    recomputed (as a writer of that format would have summed it)."""
    lines = save.read_bytes().splitlines(keepends=True)
    head = json.loads(lines[0])
    header = header_line(head["title"], head["players"], head["rules_level"], version=version)
    save.write_bytes(header + b"".join(chain(header, lines[1:])))
    return save


def test_format_4_with_an_amendment_is_read_and_rewritten_as_5(save: Path) -> None:
    """The first moderator that kept amendments wrote them in format 4: still read, and
    written in format 5 by the first write."""
    _forged(_amended(save), 4)
    assert _version(save) == 4
    game = Game.load(save)
    try:
        assert any(e.amended for e in game.journal)
        assert game.execute("note after the amendment").ok
    finally:
        game.close()
    assert _version(save) == 5
    assert Game.load(save, read_only=True).journal[-1].line == "note after the amendment"


@pytest.mark.parametrize("version", [3, 2])
def test_the_strict_reader_refuses_an_amendment_in_an_older_format(
    save: Path, version: int
) -> None:
    """Formats 2 and 3 never held an amendment: such an entry is malformed, named."""
    _amended(save)
    lines = save.read_bytes().splitlines(keepends=True)
    if version == 3:
        _forged(save, 3)
    else:  # format 2: no checksum in the header, each record summing its entry alone
        head = json.loads(lines[0])
        header = json.dumps(
            {"format_version": 2, "title": head["title"], "players": head["players"]}
        ).encode()
        records = []
        for n, line in enumerate(lines[1:], start=1):
            raw = journal.record_entry(line)
            digest = journal.hashlib.sha256(raw).hexdigest().encode()
            records.append(b'{"number":%d,"sha256":"%s","entry":%s}\n' % (n, digest, raw))
        save.write_bytes(header + b"\n" + b"".join(records))
    before = save.read_bytes()
    with pytest.raises(SaveError, match=r"malformed save at journal entry \d+.*amended"):
        Game.load(save, read_only=True)
    assert save.read_bytes() == before


def test_an_unknown_field_in_an_amendment_is_refused(save: Path) -> None:
    _amended(save)
    lines = save.read_bytes().splitlines(keepends=True)
    at = next(n for n, line in enumerate(lines) if b'"amended":' in line)
    lines[at] = lines[at].replace(b'"amended":[{', b'"amended":[{"by":"Amy",', 1)
    header = lines[0]
    save.write_bytes(header + b"".join(chain(header, lines[1:])))
    with pytest.raises(SaveError, match=r"malformed save at journal entry"):
        Game.load(save, read_only=True)
