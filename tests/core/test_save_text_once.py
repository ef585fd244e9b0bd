"""A command's free text is stored once per record (issue 30.1, save format 4).

Format 3 kept a note's text three times in its record (the line, the command, the ``note``
event), and an adjustment's reason three times (the line, the command, the cash event's
``adjustment: REASON``).  Format 4 keeps it in the command; the line and the events hold
U+0000 (``journal.TEXT_MARK``) for each copy, at most two (``journal.MAX_TEXT_MARKS``),
and the reader puts the text back before it checks the entry.  Older saves are read as
written (``test_save_limits.py`` opens one written before the bound); a format-3 reader
refuses the marks, so such a save claims format 4.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from pathlib import Path

import pytest

from moderator import journal
from moderator.errors import SaveError
from moderator.events import CashMoved, Noted
from moderator.game import Game
from moderator.journal import FORMAT_VERSION, MAX_TEXT

DATA = Path(__file__).parent / "data"
OLD_SAVE = DATA / "before-30.1-1846-long-notes.json"
"""A format-3 save with a 4,967-character note and a 2,499-character reason, each stored
three times (see ``test_save_limits.py``)."""

PLAYERS = ["Amy", "Bob", "Carlos"]
WORDS = " ".join(["Bob lent the bank $100."] * 84)[:MAX_TEXT]  # ends "Bob lent"


def _new(path: Path) -> Game:
    game = Game.new("1846", PLAYERS, path=path)
    assert game.execute("remove ERIE PRR MC OI SC TBC").ok
    return game


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[:-1]


def _rewrite(path: Path, lines: list[bytes], version: int | None = None) -> None:
    """Write ``lines`` back with every checksum mended (as a forger would), the header's
    ``format_version`` set to ``version`` if given."""
    head = json.loads(lines[0])
    head.pop("sha256")
    if version is not None:
        head["format_version"] = version
    body = json.dumps(head, separators=(",", ":")).encode()
    prev = hashlib.sha256(body).hexdigest()
    out = [body[:-1] + b',"sha256":"%s"}' % prev.encode()]
    for number, line in enumerate(lines[1:], start=1):
        raw = journal.record_entry(line)
        record = journal.record_line(number, raw, prev)
        out.append(record[:-1])
        prev = journal.line_digest(record)
    path.write_bytes(b"\n".join(out) + b"\n")


def _entry(line: bytes) -> dict[str, object]:
    return json.loads(journal.record_entry(line))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("line", "text"),
    [
        ("note " + "a" * MAX_TEXT, "a" * MAX_TEXT),
        ("note " + "é" * MAX_TEXT, "é" * MAX_TEXT),
        ("note " + WORDS, WORDS),
        ("adjust Amy 10 " + "b" * MAX_TEXT, "b" * MAX_TEXT),
        ("adjust Carlos -10 " + "c" * MAX_TEXT, "c" * MAX_TEXT),
    ],
    ids=["note", "note-not-ascii", "note-of-words", "adjust-paid", "adjust-taken"],
)
def test_a_record_holds_a_2000_character_text_once(tmp_path: Path, line: str, text: str) -> None:
    """The record of a note (or an adjustment) of 2,000 characters holds them once: it is
    under 2,000 + 600 bytes (format 3 wrote 6,203 for the note, 6,300 for the adjustment),
    and it reads back as the command with its line and events whole."""
    assert len(text) <= MAX_TEXT
    path = tmp_path / "g.json"
    game = _new(path)
    before = path.stat().st_size
    outcome = game.execute(line)
    assert outcome.ok, outcome.message
    record = path.read_bytes()[before:]
    encoded = text.encode()
    assert record.count(encoded) == 1
    assert len(record) < len(encoded) + 600, len(record)
    entry = _entry(record.rstrip(b"\n"))
    assert entry["line"] == line.replace(text, "\x00")
    assert json.dumps(entry["events"]).count("\\u0000") == 1
    game.close()
    reopened = Game.load(path, read_only=True)
    assert reopened.journal == game.journal
    last = reopened.journal[-1]
    assert last.line == line
    assert any(
        text in getattr(event, "text", getattr(event, "reason", "")) for event in last.events
    )
    assert isinstance(last.events[0], Noted | CashMoved)


@pytest.mark.parametrize(
    "line", ["note e", "note note", "adjust Bob 10 Bob", "adjust Amy 10 a"], ids=str
)
def test_a_short_text_found_again_in_other_words_is_written_in_full(
    tmp_path: Path, line: str
) -> None:
    """A text the entry holds more than twice (a letter of the verb, a name) is written in
    full, as format 3 wrote it, and read as it is."""
    path = tmp_path / "g.json"
    game = _new(path)
    assert game.execute(line).ok
    game.close()
    last = _lines(path)[-1]
    assert b"\\u0000" not in last
    assert _entry(last)["line"] == line
    assert Game.load(path, read_only=True).journal == game.journal


def test_the_save_of_a_game_with_notes_and_adjustments_replays_as_played(tmp_path: Path) -> None:
    """Notes, adjustments and the rest through a game's setup and first stock round, saved
    whole ("save as") and appended: both open as the game played, every event compared."""
    lines = [
        "private Amy MS",
        "note the bank is short of $5s",
        "private Bob CWI",
        "adjust Bob 5 change for a $10",
        "private Bob LSL",
        "private Bob MAIL 60",
        'note "quoted" words   and spaces',
        "private Carlos BIG4",
        "private Carlos MPC",
        "par Amy GT 60",
        "adjust Amy -5 change back",
        "note Amy asks: adjustment? no",
    ]
    played = _new(tmp_path / "appended.json")
    loose = Game.new("1846", PLAYERS)
    assert loose.execute("remove ERIE PRR MC OI SC TBC").ok
    for line in lines:
        assert played.execute(line).ok, line
        assert loose.execute(line).ok, line
    played.close()
    loose.save(tmp_path / "whole.json")
    loose.close()
    for name in ("appended.json", "whole.json"):
        path = tmp_path / name
        assert path.read_bytes().count(b"\\u0000") == 10, name  # 5 texts, 2 marks each
        again = Game.load(path, read_only=True)
        assert again.journal == played.journal
        assert again.state_json() == played.state_json()


def test_a_format_3_save_is_rewritten_in_format_4_keeping_its_records(tmp_path: Path) -> None:
    """The first write rewrites a format-3 save whole in format 4 (a format-3 moderator
    refuses it from then on, naming the newer format): its records are kept as written,
    long notes three times, and the new one holds its text once."""
    path = tmp_path / OLD_SAVE.name
    shutil.copyfile(OLD_SAVE, path)
    old = _lines(OLD_SAVE)
    with Game.load(path) as game:
        recorded = list(game.journal)
        assert path.read_bytes() == OLD_SAVE.read_bytes(), "opening writes nothing"
        assert game.execute("note " + "n" * MAX_TEXT).ok
    new = _lines(path)
    assert json.loads(new[0])["format_version"] == FORMAT_VERSION == 4
    assert [journal.record_entry(x) for x in new[1:-1]] == [
        journal.record_entry(x) for x in old[1:]
    ]
    long_note = recorded[7].command.text  # type: ignore[union-attr]
    assert path.read_bytes().count(long_note.encode()) == 3
    assert new[-1].count(b"n" * MAX_TEXT) == 1
    reopened = Game.load(path, read_only=True)
    assert reopened.journal[:-1] == recorded


def test_a_format_1_save_with_a_note_over_the_bound_is_rewritten_with_it_once(
    tmp_path: Path,
) -> None:
    """A format-1 save (one JSON object) holding the old save's entries, notes of 4,967
    characters and all: it opens as recorded, and its first write rewrites every record in
    format 4, each text once (no bound on the text a mark stands for: the bound is on new
    commands)."""
    entries = [json.loads(journal.record_entry(x)) for x in _lines(OLD_SAVE)[1:]]
    path = tmp_path / "format1.json"
    data = {"format_version": 1, "title": "1846", "players": PLAYERS, "journal": entries}
    path.write_text(json.dumps(data), encoding="utf-8")
    recorded = Game.load(OLD_SAVE, read_only=True)
    with Game.load(path) as game:
        assert game.journal == recorded.journal
        assert game.execute("note and on").ok
    text = path.read_bytes()
    long_note = recorded.journal[7].command.text  # type: ignore[union-attr]
    assert text.count(long_note.encode()) == 1
    assert Game.load(path, read_only=True).journal[:-1] == recorded.journal


def test_marks_are_no_part_of_format_3(tmp_path: Path) -> None:
    """A format-4 save whose header claims format 3 (every checksum mended) is refused: the
    reader of format 3 takes a line holding U+0000 for no command, as a format-3 moderator
    does (so a save with marks must claim format 4)."""
    path = tmp_path / "g.json"
    game = _new(path)
    assert game.execute("note kept once").ok
    game.close()
    _rewrite(path, _lines(path), version=3)
    with pytest.raises(SaveError, match=r"journal entry 2 shows `note \\x00`, which is not a"):
        Game.load(path, read_only=True)


def _noted(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    game = _new(path)
    assert game.execute("note kept once").ok
    assert game.execute("adjust Amy 10 kept once too").ok
    game.close()
    return path


def test_an_edited_note_is_refused(tmp_path: Path) -> None:
    """The text in its one place, edited: the checksum refuses it (and the file is left
    as it was)."""
    path = _noted(tmp_path)
    data = path.read_bytes().replace(b'"text":"kept once"', b'"text":"kept twice"')
    path.write_bytes(data)
    with pytest.raises(SaveError, match="journal entry 2 .*does not match its checksum"):
        Game.load(path)
    assert path.read_bytes() == data


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        # a third mark: more than a record holds
        (b'"line":"note \\u0000"', b'"line":"note \\u0000 \\u0000 \\u0000"', "4 marks"),
        # the event's text, not the note's: the replay makes the note's
        (
            b'"events":[{"kind":"note","text":"\\u0000"}]',
            b'"events":[{"kind":"note","text":"another"}]',
            "no longer replays the same way",
        ),
        # the line, another note: not the command it holds
        (b'"line":"note \\u0000"', b'"line":"note \\u0000!"', "holds a different command"),
        # a mark in a command without free text
        (b'"line":"remove ERIE', b'"line":"remove \\u0000 ERIE', r"control character U\+0000"),
        # a reason whose cash event says another amount
        (b'"amount":10,"reason":"adjustment', b'"amount":11,"reason":"adjustment', "replays"),
    ],
    ids=["three-marks", "event", "line", "mark-elsewhere", "adjust-event"],
)
def test_a_forged_record_with_marks_is_refused(
    tmp_path: Path, old: bytes, new: bytes, fragment: str
) -> None:
    """Edits with every checksum mended (a forger's): marks beyond the bound, an event or
    a line that is not the command's, a mark where no text stands: each refused."""
    path = _noted(tmp_path)
    lines = _lines(path)
    edited = [line.replace(old, new, 1) for line in lines]
    assert edited != lines
    _rewrite(path, edited)
    with pytest.raises(SaveError, match=fragment):
        Game.load(path, read_only=True)


def test_a_record_of_millions_of_marks_is_refused_before_they_are_put_back(
    tmp_path: Path,
) -> None:
    """A 1 MB text and a million marks would read back as a terabyte: refused at once."""
    path = tmp_path / "g.json"
    game = _new(path)
    game.close()
    text = "t" * 1_000_000
    entry = json.dumps(
        {
            "line": "note \x00",
            "round": "setup",
            "command": {"kind": "note", "text": text},
            "events": [{"kind": "note", "text": "\x00" * 1_000_000}],
        },
        separators=(",", ":"),
    ).encode()
    lines = _lines(path)
    lines.append(journal.record_line(2, entry, journal.line_digest(lines[1]))[:-1])
    path.write_bytes(b"\n".join(lines) + b"\n")
    start = time.process_time()
    with pytest.raises(SaveError, match=r"journal entry 2: 1,000,001 marks .* at most 2"):
        Game.load(path, read_only=True)
    assert time.process_time() - start < 5
