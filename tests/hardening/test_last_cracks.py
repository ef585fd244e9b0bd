"""Issue 42: one reading of every record, a torn tail never refused, names told apart.

Forged saves here have their checksum chain recomputed (:func:`journal.chain`), as a
forger would: only the reading itself can refuse them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import RULEBOOK_SETUP, SHORT_RECORDED, play

from moderator import journal, strict
from moderator.errors import Refusal, SaveError
from moderator.follow import SaveFollower
from moderator.game import Game

GAME = RULEBOOK_SETUP + "par Amy GT 60\nbuy Bob GT\nnote Bob is late\n"


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A short 1846 game's save (its last two records: a `buy` and a note), closed."""
    path = tmp_path / "game.json"
    play(GAME, path=path).close()
    return path


def _forge(path: Path, number: int, entry: bytes) -> None:
    """Replace journal entry ``number``'s JSON with ``entry`` and chain every checksum
    anew from the header (a forger's save: every checksum holds)."""
    header, *records = path.read_bytes().splitlines(keepends=True)
    records[number - 1] = journal.record_line(number, entry, "")
    path.write_bytes(header + b"".join(journal.chain(header, records)))


def _entry(path: Path, number: int) -> bytes:
    header, *records = path.read_bytes().splitlines(keepends=True)
    return journal.record_entry(records[number - 1])


# ----------------------------------------------------------------- 42.1 duplicate keys
@pytest.mark.parametrize(
    ("number", "where", "extra"),
    [
        (-2, "entry", b',"line":"buy Carlos GT"'),  # after the events: the forgery
        (-2, "entry", b',"command":{"kind":"buy","player":"Carlos","company":"GT"}'),
        (-2, "entry", b',"round":"OR 9.9"'),
        (-2, "entry", b',"events":[]'),
        (-2, "entry", None),  # the same events written twice: read one way only, or refused
        (-1, "entry", b',"line":"note Bob is early"'),  # a note: read whole with its events
        (1, "entry", b',"line":"remove ERIE PRR MC OI SC TBC"'),  # the same value twice
    ],
)
def test_a_key_given_twice_in_an_entry_is_refused_naming_it(
    save: Path, number: int, where: str, extra: bytes | None
) -> None:
    """Issue 42.1: a record holding a key twice was checked with one copy and kept with the
    other; every reading path now refuses it, naming the entry and the key."""
    count = len(save.read_bytes().splitlines()) - 1
    n = number if number > 0 else count + 1 + number
    entry = _entry(save, n)
    if extra is None:
        extra = b',"events":' + entry[entry.index(b',"events":') + 10 : -1]
    _forge(save, n, entry[:-1] + extra + b"}")
    key = extra.split(b'"')[1].decode()
    before = save.read_bytes()
    for read_only in (False, True):
        with pytest.raises(SaveError) as info:
            Game.load(save, read_only=read_only)
        message = str(info.value)
        assert f"journal entry {n}" in message and f'"{key}" is given twice' in message
    with pytest.raises(SaveError, match=f"journal entry {n}"):
        journal.load_save(save)  # the full read (check_events=True) too
    with pytest.raises(SaveError, match="given twice"):
        SaveFollower(save)  # `serve` at its start
    assert save.read_bytes() == before, "the forged save was changed"


def test_a_key_given_twice_inside_a_command_or_an_event_is_refused(save: Path) -> None:
    """Deeper objects too: a command's field or an event's field given twice."""
    entry = _entry(save, 9)  # buy Bob GT
    forged = entry.replace(b'"player":"Bob"', b'"player":"Bob","player":"Carlos"', 1)
    assert forged != entry
    _forge(save, 9, forged)
    with pytest.raises(SaveError, match='journal entry 9.*"player" is given twice'):
        Game.load(save, read_only=True)
    entry = _entry(save, 8)
    forged = entry.replace(b'"amount":120', b'"amount":120,"amount":12', 1)
    assert forged != entry
    _forge(save, 8, forged)
    with pytest.raises(SaveError, match="given twice"):
        Game.load(save, read_only=True)


def test_a_key_given_twice_in_the_header_is_refused(save: Path) -> None:
    """The header read one way only: `format_version` twice (checksum recomputed)."""
    header, *records = save.read_bytes().splitlines(keepends=True)
    body = header[: header.index(b',"sha256"')] + b',"title":"1853"}'
    import hashlib

    digest = hashlib.sha256(body).hexdigest().encode()
    forged = body[:-1] + b',"sha256":"%s"}\n' % digest
    save.write_bytes(forged + b"".join(journal.chain(forged, records)))
    with pytest.raises(SaveError, match='header.*"title" is given twice'):
        Game.load(save, read_only=True)


def test_a_format_1_save_with_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    data = {"format_version": 1, "title": "1846", "players": ["Amy", "Bob", "Carlos"]}
    text = json.dumps(data)[:-1] + ', "journal": [], "journal": []}'
    path = tmp_path / "old.json"
    path.write_text(text)
    with pytest.raises(SaveError, match='"journal" is given twice'):
        Game.load(path, read_only=True)


def test_strict_loads_refuses_any_duplicate_and_keeps_every_other_object() -> None:
    assert strict.loads(b'{"a":{"b":1,"c":[{"d":2}]},"e":{}}') == {
        "a": {"b": 1, "c": [{"d": 2}]},
        "e": {},
    }
    for raw in (b'{"a":1,"a":1}', b'[{"x":{"y":1,"y":2}}]', b'{"\\u0061":1,"a":2}'):
        with pytest.raises(strict.Malformed, match="given twice"):
            strict.loads(raw)


def test_a_followed_save_refuses_an_appended_record_with_a_key_twice(save: Path) -> None:
    """`serve`'s follower reads appended records one by one: a forged one is an error on
    the page, never a different game."""
    follower = SaveFollower(save)
    header, *records = save.read_bytes().splitlines(keepends=True)
    entry = journal.record_entry(records[-1])
    forged_entry = entry[:-1] + b',"line":"note x"}'
    prev = journal.line_digest(records[-1])
    save.write_bytes(save.read_bytes() + journal.record_line(len(records) + 1, forged_entry, prev))
    os.utime(save, ns=(0, 0))
    follower.refresh()
    assert follower.error is not None and "given twice" in follower.error
    assert follower.snapshot()["commands"] == len(records)


# ----------------------------------------------------------------- 42.2 torn tails
@pytest.fixture(scope="module")
def dividends(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The recorded 1846 game's save up to its record 44, a run paying dividends: its
    events hold an inner object (the payouts), so a cut can end in ``}}``."""
    path = tmp_path_factory.mktemp("dividends") / "game.json"
    play(SHORT_RECORDED.read_text(), path=path).close()
    lines = path.read_bytes().splitlines(keepends=True)
    assert b'"payouts":{' in lines[44]
    return b"".join(lines[:45])


def _cut_outcome(path: Path, data: bytes, k: int, check_events: bool) -> str:
    path.write_bytes(data[:k])
    try:
        loaded = journal.load_save(path, check_events=check_events)
    except SaveError as exc:
        return f"refused: {exc}"
    if loaded.cut is not None:
        assert loaded.cut.text == data[data.rfind(b"\n", 0, k) + 1 : k]
        assert loaded.size == data.rfind(b"\n", 0, k) + 1
        return "cut"
    assert len(loaded.save.journal) == data[:k].count(b"\n") - 1 + (not data[:k].endswith(b"\n"))
    return "whole"


@pytest.mark.parametrize("check_events", [False, True])
def test_the_last_records_cut_at_every_byte_are_torn_tails(
    tmp_path: Path, dividends: bytes, check_events: bool
) -> None:
    """Issue 42.2: a newline-less last line that fails its checksum is a cut (kept aside,
    warned), whatever byte it ends on, `}}` included; a whole record but its newline
    reads as itself.  Every byte of the last three records, in process, as every front
    end reads a save (:func:`journal.load_save`, as `Game.load` calls it; read whole, every
    7th byte and the cuts after a `}}`)."""
    header, *records = dividends.splitlines(keepends=True)
    # the last three records alone, chained anew after the header (this read replays
    # nothing: its checks are the layout, the numbers and the checksums)
    data = header + b"".join(journal.chain(header, records[-3:]))
    path = tmp_path / "cut.json"
    starts = [i + 1 for i, byte in enumerate(data) if byte == ord("\n")][-4:]
    braces = 0
    for k in range(starts[0], len(data) + 1):
        if check_events and k % 7 and not data[:k].endswith(b"}}"):
            continue  # read whole (as `load_save` by default): every 7th byte, and the }}
        outcome = _cut_outcome(path, data, k, check_events)
        if k in starts or k + 1 in starts:  # whole lines, or a record whole but its newline
            assert outcome == "whole", (k, outcome)
        else:
            assert outcome == "cut", (k, outcome)
            braces += data[:k].endswith(b"}}")
    assert braces >= 1, "no cut ended in }}: the test missed the issue's case"


def _braces_cut(data: bytes) -> tuple[int, int]:
    """Where the last record starts, and a cut of it just after an inner ``}}``."""
    last = data.rfind(b"\n", 0, len(data) - 1) + 1
    k = data.index(b"}}", last) + 2
    assert k < len(data) - 3
    return last, k


def test_a_cut_ending_in_braces_is_warned_and_kept_aside(tmp_path: Path, dividends: bytes) -> None:
    """The issue's case in the game: read-only it is warned of; opened for writing, the
    text is kept in a side file, the save cut back to its whole records and played on."""
    path = tmp_path / "game.json"
    last, k = _braces_cut(dividends)
    path.write_bytes(dividends[:k])
    game = Game.load(path, read_only=True)
    assert game.cut is not None and len(game.journal) == 43
    assert "ends in an incomplete line (line 45" in game.notices()[0]
    with Game.load(path) as game:
        assert game.cut_kept is not None and game.cut_kept.read_bytes() == dividends[last:k]
        assert len(game.journal) == 43
    assert path.read_bytes() == dividends[:last]


# ----------------------------------------------------------------- 42.4 small things
def test_the_length_hint_is_read_with_a_bound(save: Path) -> None:
    """A huge `.NAME.json.length` (sparse: 3 GB) is read for its first bytes only."""
    hint = save.with_name(f".{save.name}.length")
    with open(hint, "wb") as fh:
        fh.write(b"99\n")
        fh.truncate(3 * 1024**3)
    import tracemalloc

    tracemalloc.start()
    try:
        assert journal.remembered_length(save) is None  # 99 then NULs: no number
        hint.write_bytes(b"99\n")
        assert journal.remembered_length(save) == 99
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 64 * 1024
    hint.unlink()
    os.symlink(save, hint)  # a symlink is no hint
    assert journal.remembered_length(save) is None


@pytest.mark.parametrize(
    ("players", "fragment"),
    [
        (["Amy", "Amy ", "Bob"], "may not begin or end with a space"),
        ([" Amy", "Bob", "Carlos"], "may not begin or end with a space"),
        (["Amy", "AMY", "Bob"], "`Amy` and `AMY`"),
        (["Zoé", "Zoe\u0301", "Bob"], "could not tell them apart"),
        (["Straße", "STRASSE", "Bob"], "could not tell them apart"),
    ],
)
def test_player_names_that_look_the_same_are_refused(players: list[str], fragment: str) -> None:
    from moderator import commands as c

    with pytest.raises(Refusal, match=fragment):
        Game.from_command(c.GameCmd(title="1846", players=tuple(players)))


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o660])
def test_the_force_backup_keeps_the_save_s_mode(tmp_path: Path, mode: int) -> None:
    """`play --force` copies the save before replacing it: the copy has the save's mode
    (a private 0600 save's backup was 0644, readable by anyone)."""
    from moderator.cli import main

    save = tmp_path / "game.json"
    play(GAME, path=save).close()
    save.chmod(mode)
    script = tmp_path / "new.script"
    script.write_text("game 1846 Dan Eve Fay\n")
    old = os.umask(0o022)
    try:
        assert main(["play", str(script), "--save", str(save), "--force", "--quiet"]) == 0
    finally:
        os.umask(old)
    (backup,) = tmp_path.glob("game.replaced-*.json")
    assert backup.stat().st_mode & 0o777 == mode
    assert Game.load(backup, read_only=True).players == ["Amy", "Bob", "Carlos"]


def test_names_with_spaces_are_refused_by_the_script_and_the_form(tmp_path: Path) -> None:
    """Every front end: a script's `game` line (`play`), and the new-game form's players
    field (its parser, which the form's verdict shows)."""
    from moderator.cli import main
    from moderator.script import ParseError
    from moderator.ui.screens.start import split_players

    script = tmp_path / "g.script"
    script.write_text('game 1846 "Amy " Bob Carlos\n')
    assert main(["play", str(script), "--quiet"]) != 0
    for text in ('"Amy " Bob Carlos', "Zoé Zoe\u0301 Bob", "Amy, Bob, AMY"):
        with pytest.raises(ParseError, match="space|same name"):
            split_players(text)
    assert split_players("Amy, Bob, Carlos") == ["Amy", "Bob", "Carlos"]


def test_script_is_written_a_line_at_a_time(
    save: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 42.5: `moderator script` writes each line as it goes, never the whole script
    at once (a 64 MiB save's script was built whole, then escaped whole: 1.8 GB)."""
    import sys

    from moderator.cli import script_of

    writes: list[str] = []

    class Recorder:
        def write(self, text: str) -> int:
            writes.append(text)
            return len(text)

        def flush(self) -> None:
            pass

    monkeypatch.setattr(sys, "stdout", Recorder())
    assert script_of(save) == 0
    expected = Game.load(save, read_only=True).script()
    assert "".join(writes) == expected
    assert len(writes) == expected.count("\n") and all(w.count("\n") == 1 for w in writes)


@pytest.mark.parametrize("fails", ["writing", "renaming"])
def test_a_failed_csv_export_into_a_new_folder_leaves_nothing(
    save: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: str
) -> None:
    """Issue 42.5: a full disk while the CSV files are written (the third) or renamed (the
    second) leaves neither files nor the folder the export made; a folder that was there
    stays, with what it held."""
    import errno

    from moderator import export

    game = Game.load(save, read_only=True)
    calls = {"n": 0}
    if fails == "writing":
        real_temp = export._temp_beside

        def temp(path: Path, data: bytes) -> Path:
            calls["n"] += 1
            if calls["n"] == 3:
                raise Refusal(f"cannot write {path}: No space left on device")
            return real_temp(path, data)

        monkeypatch.setattr(export, "_temp_beside", temp)
    else:
        real_replace = os.replace

        def replace(src: object, dst: object) -> None:
            calls["n"] += 1
            if calls["n"] == 2:
                raise OSError(errno.ENOSPC, "No space left on device")
            real_replace(src, dst)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "replace", replace)
    out = tmp_path / "csv"
    with pytest.raises(Refusal, match="No space left"):
        export.export_csv(game, out)
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / "mine.txt").write_text("x")
    calls["n"] = 0
    with pytest.raises(Refusal):
        export.export_csv(game, kept)
    assert [p.name for p in kept.iterdir() if not p.name.endswith(".csv")] == ["mine.txt"]
    assert not [p for p in kept.iterdir() if p.name.endswith(".tmp")]


def test_a_symlinked_lock_is_refused_without_suggesting_force(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from moderator.cli import main
    from moderator.lock import LockRefused, lock_path

    os.symlink(tmp_path / "elsewhere", lock_path(save))
    with pytest.raises(LockRefused, match="symbolic link; remove it"):
        Game.load(save)
    script = tmp_path / "g.script"
    script.write_text(GAME)
    assert main(["play", str(script), "--save", str(save), "--quiet"]) != 0
    err = capsys.readouterr().err
    assert "symbolic link; remove it" in err and "--force" not in err


def test_whatif_never_says_at_none(
    save: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sandbox refused without `--at` names no `--at None`."""
    from moderator import whatif

    def refuse(real: Game, at: int | None = None) -> None:
        raise Refusal("the sandbox cannot be made")

    monkeypatch.setattr(whatif, "open_sandbox", refuse)
    script = tmp_path / "w.script"
    script.write_text("note x\n")
    assert whatif.whatif(save, script) != 0
    err = capsys.readouterr().err
    assert "the sandbox cannot be made; nothing was played" in err and "--at" not in err
    assert whatif.whatif(save, script, at=3) != 0
    assert "--at 3: the sandbox cannot be made" in capsys.readouterr().err
