"""The journal and save files.

A save (format 4) is a JSON-lines file that only ever grows by one line per
accepted command::

    {"format_version":4,"title":"1846","players":["Amy","Bob","Carlos"],"rules_level":1,
     "program":"0.1.0","sha256":"77ab..."}
    {"number":1,"sha256":"9f2c...","entry":{"line":"par Amy GT 60","round":"SR 1",
                                            "command":{...},"events":[...]}}
    {"number":2,"sha256":"5d0e...","entry":{"line":"note \\u0000","round":"SR 1",
        "command":{"kind":"note","text":"Bob is late"},"events":[{"kind":"note","text":"\\u0000"}]}}
    ...

The first line is the header: the title, the players (and the title's option
words), the rules level the game is played under (:mod:`moderator.fixes`), the
version of the moderator that last wrote the header, and the SHA-256 of the
header's own bytes before its ``sha256`` field.  Then one record per journal
entry: its number (1, 2, ...), a checksum, and the entry (the command as a
script line, the round it was given in, the command and the events it caused).

A command's free text (a note's text, an adjustment's reason: :data:`TEXT_FIELDS`) is
written once, in the command: each copy of it in the entry's line and in its events'
strings is written as U+0000 (:data:`TEXT_MARK`, ``\\u0000`` in the JSON), a character no
script line, name or rules text holds.  At most two marks (:data:`MAX_TEXT_MARKS`): an
entry whose text would take more (``note e``: the ``e`` of ``note``) is written in full,
which reads as it is.  The reader puts the text back in each mark's place before it
checks the entry (:func:`restore_text`), so the checks, the replay's comparison of the
events and everything after see the entry whole; a 2,000-character note's record is
about 2,200 bytes (6,200 in format 3, which held the text in the line, the command and
the event).

The checksums are a chain: record n's is the SHA-256 of the checksum before it
(the header's for record 1), a space, n, a space and the entry's JSON exactly
as written (:func:`record_line`).  So every byte of the file is covered: an
edited header (an option word added, another rules level), an edited field of
any entry, or records moved between saves are refused with the place named,
and the file is left untouched.  (A checksum is not a signature: someone who
recomputes the whole chain can still forge a save; replay then checks that
every command, its line, its round and its events are what the rules give.)

Format 3 (the same layout, each free text in full) is read as written: a mark
there is refused, as a format-3 moderator refuses it (a line holding U+0000 is no
command), which is why a save holding marks claims format 4 and older moderators
refuse it as a newer format's.  Its first write rewrites it in format 4 with its
records kept as they are (notes written before the bound of :data:`MAX_TEXT`: three
times, at any length).  Format 2 (without the header's checksum, level or program,
each record summing only its entry) is read as before, at rules level 0, and
rewritten in format 4 by its first write; so is format 1 (one JSON object), whose
entries are then written anew, each text once.

A save holding an amendment's record (issue 39: an entry's ``amended``) says format 5
(:data:`AMENDED_FORMAT`), so that format-4 moderators refuse it as a newer one's; every
other save is format 4 as before.

Saving a command is one ``write`` of one line and one
``fsync`` before the command counts as accepted, so a save costs the same on
the 10th command and the 10,000th.  A new file, a "save as", the first write
after opening a format-1 save, and recovery after a failed write replace the
whole file atomically (temporary file, fsync, rename, fsync of the folder);
undo and rewind cut the file back to the end of an earlier record.

Reading checks every record.  A last line without its newline is an append
that a kill or a crash interrupted (or a file cut short by a copy): it was
never acknowledged, so the game is the records before it, and
:attr:`LoadedSave.cut` says so, with the line's number and text; a game
opened for writing keeps that text in a side file (:func:`keep_cut_text`)
before cutting it off the save, and every front end tells the banker.  Any
other damaged, renumbered or mis-summed line is a corrupt save: loading
refuses it and leaves the file as it is.  Older files are migrated in memory
one step at a time and rewritten in the current format on the first write;
newer ones are refused.  Only regular files up to :data:`MAX_SAVE_BYTES` are
read.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from moderator import __version__, osfiles, strict
from moderator.commands import Command, Record
from moderator.errors import SaveError
from moderator.events import Event
from moderator.fixes import RULES_LEVEL
from moderator.lazy import lazy_module
from moderator.text import counted, escaped

hashlib = lazy_module("hashlib")  # only a save written or read hashes (issue 41)

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any

FORMAT_VERSION = 4
"""The save format this version writes, but for a save holding an amendment."""

AMENDED_FORMAT = 5
"""The format of a save holding an amendment's record (issue 39: an entry's ``amended``,
which format 4 has not), and the newest this version reads.  A format-4 moderator then
refuses it as a newer moderator's, not as malformed; a save that never held one stays
format 4, byte for byte, and one that held one stays format 5 (docs/saves.md)."""


def save_format(records: Sequence[bytes | str]) -> int:
    """The format of a save holding ``records`` (entries' JSON or record lines, as
    :func:`entry_json` writes them): :data:`AMENDED_FORMAT` when one holds an amendment's
    record.  A key is found by its bytes: inside a JSON string a ``"`` is escaped."""
    for record in records:
        if (b'"amended":' if isinstance(record, bytes) else '"amended":') in record:
            return AMENDED_FORMAT
    return FORMAT_VERSION


def _amendment_allowed(value: dict[str, Any], version: int) -> None:
    """Refuse an amendment's record in an entry of format 3 or older, as the moderators
    of those formats refuse it.  Format 4 may hold one: the first moderator that kept
    amendments wrote them there (its saves are read, and rewritten in format 5)."""
    if version < 4 and "amended" in value:
        raise strict.Malformed(
            ("amended",),
            f"an amendment's record in a save of format {version} (amendments are kept "
            f"from format {AMENDED_FORMAT} on)",
        )


PROGRAM = __version__
"""This moderator's version, written in each save's header."""

MAX_PROGRAM_LENGTH = 40
"""The longest program version a header may name."""

MAX_SAVE_BYTES = 64 * 1024 * 1024
"""The largest save read.  A 10,000-command 1846 game is about 5 MB (measured with
``benchmarks/bench_core.py``); anything far beyond that is not a save, and reading
it whole would only exhaust memory."""

MAX_HEADER_BYTES = 64 * 1024
"""The longest first line read as a format-2 header (a real one is under 400 bytes: a
title, at most six names of at most 40 characters and an option word)."""

MAX_SAVE_VALUES = 4_000_000
"""The most JSON values (counted by their ``,``, ``[`` and ``{``) a format-1 save may hold
before it is parsed whole: a real save has one per 17 bytes or so (a 64 MiB one about 4
million), while a hostile one of tiny values (``[[],[],...]``) would take gigabytes of
memory to parse.  Counting bounds the memory of a parse to a few hundred MB."""

MAX_RECORD_VALUES = 1_000_000
"""The most JSON values one record may hold.  A real record holds a few hundred; parsing
a hostile one of tens of millions of tiny values would take over a gigabyte."""

MAX_EVENTS = 10_000
"""The most events one journal entry may hold.  A command of a real game causes a few
dozen at most (28 in a simulated 1,364-command game); the bound keeps a hostile record
of millions of events from being turned into millions of objects."""


def _from_format_1(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 held the same data as one JSON object; only the file's layout changed."""
    return dict(data, format_version=2)


def _from_format_2(data: dict[str, Any]) -> dict[str, Any]:
    """Format 3 adds the rules level (a save from before it is level 0), the program and
    the checksum chain (made when the save is next written whole)."""
    return dict(data, format_version=3, rules_level=0)


def _from_format_3(data: dict[str, Any]) -> dict[str, Any]:
    """Format 4 writes a command's free text once in its record (:data:`TEXT_MARK`); the
    entries, read, are the same."""
    return dict(data, format_version=4)


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _from_format_1,
    2: _from_format_2,
    3: _from_format_3,
}
"""One-step migrations on raw save data: ``MIGRATIONS[n]`` turns version n into n + 1.

The data is the save as one object (``format_version``, ``title``, ``players``,
``journal`` as a list of entries), whatever the layout of the file it came from."""


class Amendment(Record):
    """The record of a correction of a past line (issue 39, :mod:`moderator.amend`), kept
    on the entry that took the amended line's place: which line, its text before and
    after, and what became of the lines after it.  ``moderator script`` prints it as a
    comment (``# amended line N: OLD -> NEW``), so the printed script still replays."""

    line: int
    """The line amended, numbered as History numbered it then (1 is the first command)."""
    old: str
    """Its text before (``""``: a line was inserted there)."""
    new: str
    """Its text after (``""``: the line was deleted)."""
    dropped: tuple[str, ...] = ()
    """Later lines taken out when the replay stopped on them: ``N: TEXT`` (old numbers)."""
    changed: tuple[str, ...] = ()
    """Later lines given again with another text: ``N: OLD -> NEW`` (old numbers)."""

    def comment(self) -> str:
        """The script's comment line: ``# amended line N: OLD -> NEW``."""
        old = self.old or "(inserted)"
        new = self.new or "(deleted)"
        text = f"# amended line {self.line}: {old} -> {new}"
        later = [f"{x} dropped" for x in self.dropped] + [f"{x}" for x in self.changed]
        if later:
            text += "; later: " + "; ".join(later)
        return text.replace("\n", " ").replace("\r", " ")


class Entry(Record):
    """One accepted command with the events it caused.

    A record (:class:`moderator.commands.Record`): the game makes one per accepted command
    from parts it already checked; a save's entries are checked strictly by
    :func:`read_entry` (``events`` at most :data:`MAX_EVENTS`, refused before any is read).
    """

    line: str
    """The command as a script line."""
    round: str
    """Where the game stood when the command was given, e.g. ``SR 1`` or ``OR 2.1``."""
    command: Command
    events: tuple[Event, ...] = ()
    amended: tuple[Amendment, ...] = ()
    """The corrections that put this line where it is (issue 39); written before the
    events, and only when there is one (:func:`entry_json`)."""

    @classmethod
    def pydantic_model(cls) -> Any:
        return _entry_model()

    @classmethod
    def model_validate_json(cls, data: bytes | str, *, strict: bool = False) -> Entry:
        """An entry read from JSON, validated (pydantic's ``ValidationError`` if not)."""
        return _entry_adapter().validate_json(data, strict=strict)  # type: ignore[no-any-return]


def new_entry(line: str, round: str, command: Command, events: tuple[Event, ...]) -> Entry:
    """An entry from the game's own, already validated parts, without checking again
    (this runs once per accepted command).  The test of this module checks it equals a
    validated ``Entry``."""
    entry = object.__new__(Entry)
    object.__setattr__(
        entry,
        "__dict__",
        {"line": line, "round": round, "command": command, "events": events, "amended": ()},
    )
    return entry


if TYPE_CHECKING:
    from pydantic import TypeAdapter


class SaveFile(Record):
    """A save as read: its header's fields and the journal (entries as read, checked)."""

    format_version: int
    title: str
    players: tuple[str, ...]
    journal: tuple[Entry, ...] = ()
    rules_level: int = 0
    """The rules level the game is played under (:mod:`moderator.fixes`); 0 before
    format 3."""
    program: str | None = None
    """The moderator that last wrote the header (format 3 on), ``None`` before."""


class Header(Record):
    """The first line of a format-2 save."""

    format_version: int
    title: str
    players: tuple[str, ...]
    """At most :data:`MAX_HEADER_WORDS` words: every title's most players and its option
    words (the game checks the rest)."""


class Header3(Header):
    """The first line of a format-3 or -4 save, without its checksum."""

    rules_level: int
    program: str


MAX_HEADER_WORDS = 16
"""The most players and option words a header may hold."""


@functools.cache
def _entry_model() -> Any:
    """The pydantic model an :class:`Entry` read from a save is validated by."""
    import typing

    from pydantic import BaseModel, ConfigDict, Field

    tagged_command = typing.Annotated[Command, Field(discriminator="kind")]
    tagged_event = typing.Annotated[Event, Field(discriminator="kind")]

    class Entry(BaseModel):
        """One accepted command with the events it caused (validated)."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        line: str
        round: str
        command: tagged_command  # type: ignore[valid-type]
        events: tuple[tagged_event, ...] = Field(  # type: ignore[valid-type]
            default=(), max_length=MAX_EVENTS, fail_fast=True
        )
        """``fail_fast``: a damaged list is refused at its first bad item (pydantic would
        otherwise build an error for every one of millions of items)."""
        amended: tuple[Amendment, ...] = Field(default=(), exclude_if=lambda v: not v)

    return Entry


@functools.cache
def _entry_adapter() -> TypeAdapter[Entry]:
    """The entry's validator and serializer, built on first use: building it (every command
    and event kind) costs more than a ``play --json`` of a short game (issue 21.1)."""
    from pydantic import TypeAdapter

    return TypeAdapter(Entry)


_RECORD = re.compile(rb'\{"number":([0-9]{1,9}),"sha256":"([0-9a-f]{64})","entry":(\{.*\})\}')
"""A record line (without its newline): its number, checksum and entry."""
_SUMMED_HEADER = re.compile(rb'(\{.*),"sha256":"([0-9a-f]{64})"\}')
"""A format-3 or -4 header line (without its newline): the header before its checksum, and
it."""
_DIGEST_AT = len(b'"sha256":"')


class CutLine(Record):
    """A save's last line without its newline: an append cut short, never acknowledged."""

    line: int
    """Its line number in the file (the header is line 1, so journal entry ``line - 1``)."""
    text: bytes
    """What the line held, as on disk."""

    @property
    def entry(self) -> int:
        """The journal entry it would have been."""
        return self.line - 1

    def describe(self, path: Path, kept: Path | None = None) -> str:
        """The banker's warning, naming the line (and the side file keeping it)."""
        where = f"; its text is kept in {kept}" if kept is not None else ""
        return (
            f"{path} ends in an incomplete line (line {self.line}, "
            f"{len(self.text):,} byte{'' if len(self.text) == 1 else 's'}: "
            f"journal entry {self.entry} was never completely written, by a crash or a cut "
            f"copy); the game opens with the {counted(self.entry - 1, 'entry', 'entries')} "
            f"before it{where}"
        )


class LoadedSave(Record):
    """A save as read from disk, with what a writer needs to go on appending to it."""

    save: SaveFile
    records: tuple[bytes, ...] | None
    """The record lines as on disk (each with its newline), or ``None`` for an older format."""
    size: int
    """Bytes of the file up to the end of the last complete record."""
    torn: bool
    """A last line cut short was left out (it was never acknowledged): see ``cut``."""
    header: bytes = b""
    """The header line as on disk, with its newline (``b""`` for format 1)."""
    cut: CutLine | None = None
    """The last line cut short, if any."""
    unterminated: bool = False
    """The last record was whole but for its newline: read as written, and the file is
    rewritten whole at its next write (:attr:`size` counts the newline it lacks)."""
    events_unread: tuple[bytes | None, ...] | None = None
    """Read with ``check_events=False``: each entry's events as written (``None`` where
    they were read and checked), left for the replay to compare with the events it
    makes (:func:`same_events`); the entries hold no events until then."""


def read_entry(raw: bytes, version: int = FORMAT_VERSION) -> Entry:
    """A journal entry from its JSON, checked strictly (:mod:`moderator.strict`: the rules
    pydantic's strict mode applied, without importing it; issue 21.4).

    An entry of a format-4 record has its command's free text put back in its line and
    events first (:func:`restore_text`); one of an older format is read as written.

    Raises:
        strict.Malformed: where and why the entry is not a valid one.
    """
    value = strict.loads(raw)
    if type(value) is dict:  # a hostile list of millions of events: refused unread
        strict.bounded(MAX_EVENTS, ("events",), value.get("events"))
        _amendment_allowed(value, version)
        if version >= 4:
            restore_text(value)
    return strict.read(Entry, value)  # type: ignore[no-any-return]


def _free_text_of(value: dict[str, Any]) -> str | None:
    """The free text an entry's command carries, read from its JSON value before any
    check (``None`` when its command has none, or is malformed: the checks say why)."""
    command = value.get("command")
    if type(command) is not dict:
        return None
    kind = command.get("kind")
    field = TEXT_FIELDS.get(kind) if type(kind) is str else None
    text = None if field is None else command.get(field[0])
    return text if type(text) is str and text else None


def restore_text(value: dict[str, Any]) -> None:
    """Put a format-4 entry's free text back in its line and events, in place: each
    :data:`TEXT_MARK` there stands for its command's text (:func:`entry_json`).

    Marks in an entry whose command carries no text are left as they are: the checks
    refuse them (a line holding U+0000 is no command, an event holding it is none the
    replay makes).

    Raises:
        strict.Malformed: more than :data:`MAX_TEXT_MARKS` marks.
    """
    text = _free_text_of(value)
    if text is None:
        return
    strings: list[tuple[dict[str, Any], str]] = []  # (where, key) of each string with a mark
    line = value.get("line")
    if type(line) is str and TEXT_MARK in line:
        strings.append((value, "line"))
    events = value.get("events")
    if type(events) is list:
        for event in events:
            if type(event) is dict:
                strings += [
                    (event, k) for k, v in event.items() if type(v) is str and TEXT_MARK in v
                ]
    marks = sum(where[key].count(TEXT_MARK) for where, key in strings)
    if marks > MAX_TEXT_MARKS:
        raise strict.Malformed(
            (),
            f"{marks:,} marks of the command's text (U+0000); a record holds at most "
            f"{MAX_TEXT_MARKS}",
        )
    for where, key in strings:
        where[key] = where[key].replace(TEXT_MARK, text)


_EVENTS_KEY = b',"events":'
"""Where the events begin in an entry written by :func:`entry_json` (they come last)."""


def _entry_before_events(raw: bytes, version: int) -> tuple[Entry, bytes] | None:
    """An entry's line, round and command, checked strictly, and its events as written
    (``None`` when the entry is not laid out as :func:`entry_json` writes it, or is a
    format-4 entry of a command with free text, whose events are read with it).

    An unescaped ``"`` never occurs inside a JSON string, so the first ``,"events":`` is
    a key's; the part before it, closed, reads as a JSON object only when that key is
    the entry's own.  The events are checked by the replay: written as the replay would
    write them, they are exactly the events it made (:func:`same_events`).
    """
    split = raw.find(_EVENTS_KEY)
    if split < 0:
        return None
    try:
        value = strict.loads(raw[:split] + b"}")
        if type(value) is not dict or "events" in value:
            return None
        _amendment_allowed(value, version)
        if version >= 4 and _free_text_of(value) is not None:
            return None  # its events hold marks of the text: read whole (a note, rarely)
        entry: Entry = strict.read(Entry, value)
    except strict.Malformed:
        return None
    return entry, raw[split + len(_EVENTS_KEY) : -1]


def same_events(events: Sequence[Event], written: bytes) -> bool:
    """Whether ``written`` (an entry's events as in its file) is byte for byte what
    :func:`entry_json` writes for ``events``: then it reads back as exactly them."""
    try:
        return _JSON([event.__dict__ for event in events]).encode("utf-8") == written
    except (TypeError, ValueError):  # a field :func:`entry_json` writes otherwise
        return False


def read_record_entry(
    path: Path, number: int, record: bytes, version: int = FORMAT_VERSION
) -> Entry:
    """Journal entry ``number`` of the save at ``path`` (of format ``version``) from its
    record as on disk (its checksum already checked), read and checked strictly with its
    events.

    Raises:
        SaveError: where and why the entry is malformed, as :func:`load_save` says it.
    """
    match = _RECORD.fullmatch(record.rstrip(b"\n"))
    if match is None:  # never: the record was matched when the save was read
        raise SaveError(f"{path}: journal entry {number} is damaged; the file was left untouched")
    try:
        return read_entry(match[3], version)
    except strict.Malformed as exc:
        raise _malformed_entry(path, number, exc) from None


def _malformed_entry(path: Path, number: int, exc: strict.Malformed) -> SaveError:
    rest = ".".join(str(x) for x in exc.loc)
    return SaveError(
        f"{path}: malformed save at journal entry {number}"
        + (f" ({rest})" if rest else "")
        + f": {exc.msg}"
    )


def read_header(raw: bytes, version: int) -> Header:
    """A format-2, -3 or -4 header (without its checksum) from its JSON, checked strictly.

    Raises:
        strict.Malformed: where and why it is not a valid header.
    """
    value = strict.loads(raw)
    if type(value) is dict:
        strict.bounded(MAX_HEADER_WORDS, ("players",), value.get("players"))
    header: Header = strict.read(Header3 if version >= 3 else Header, value)
    if isinstance(header, Header3):
        _check_level_and_program(header.rules_level, header.program)
    return header


def read_whole_save(raw: bytes) -> SaveFile:
    """A save as one JSON object (format 1, migrated), checked strictly as a header and
    its entries are.

    Raises:
        strict.Malformed: where and why it is not a valid save.
    """
    value = strict.loads(raw)
    if type(value) is dict:
        strict.bounded(MAX_HEADER_WORDS, ("players",), value.get("players"))
        journal = value.get("journal")
        if type(journal) is list:
            for number, entry in enumerate(journal):
                if type(entry) is dict:
                    strict.bounded(MAX_EVENTS, ("journal", number, "events"), entry.get("events"))
    save: SaveFile = strict.read(SaveFile, value)
    _check_level_and_program(save.rules_level, save.program)
    return save


def _check_level_and_program(rules_level: int, program: str | None) -> None:
    """A header's rules level is no negative number, its program no longer than
    :data:`MAX_PROGRAM_LENGTH` (pydantic's wording)."""
    if rules_level < 0:
        raise strict.Malformed(("rules_level",), "Input should be greater than or equal to 0")
    if program is not None and len(program) > MAX_PROGRAM_LENGTH:
        raise strict.Malformed(
            ("program",), f"String should have at most {MAX_PROGRAM_LENGTH} characters"
        )


MAX_TEXT = 2_000
"""The most characters of a note's text or an adjustment's reason a new command may hold: a
table's note is a sentence or two.  Saves written before the bound (longer notes) still
open and replay as recorded: it is checked only when a command is given."""


TEXT_FIELDS: dict[str, tuple[str, str]] = {
    "note": ("text", "a note"),
    "adjust": ("reason", "an adjustment's reason"),
}
"""The commands that carry free text, by kind: the field holding it and what it is called.
The only fields a banker types at will (every other one is a name, a number or a word of
the script): :data:`MAX_TEXT` bounds them, and a format-4 record holds them once
(:data:`TEXT_MARK`)."""

TEXT_MARK = "\x00"
"""What a format-4 record writes, in its line and in its events' strings, for each copy of
its command's free text (:data:`TEXT_FIELDS`): U+0000, ``\\u0000`` in the JSON.  No script
line holds it (the parser refuses control characters), nor a player's name, nor a rule's
words, so each one is the text; the reader puts the text back before it checks the entry.
A 2,000-character note's record is about 2,200 bytes, not 6,200 (its line, command and
event each held the text in format 3)."""

MAX_TEXT_MARKS = 2
"""The most marks one record may hold: a note's line and its event, an adjustment's line
and its cash's reason.  An entry whose text would take more (a short text found again in
other words: ``note e``) is written in full, as format 3 wrote it, which the reader reads
as it is; the bound keeps a hostile record of a long text and millions of marks from
being read back into gigabytes."""


def command_text(command: Command) -> str | None:
    """The free text ``command`` carries (a note's text, an adjustment's reason), or
    ``None`` for a command without any (:data:`TEXT_FIELDS`)."""
    field = TEXT_FIELDS.get(command.kind)
    return None if field is None else getattr(command, field[0])  # type: ignore[no-any-return]


def text_refusal(command: Command) -> str | None:
    """Why ``command`` holds more free text than a save keeps (:data:`MAX_TEXT`), or
    ``None``."""
    text = command_text(command)
    if text is not None and len(text) > MAX_TEXT:
        what = TEXT_FIELDS[command.kind][1]
        return (
            f"{what} holds at most {MAX_TEXT:,} characters (this one has {len(text):,}); "
            f"keep a longer text in a file beside the save"
        )
    return None


def record_refusal(record: bytes, events: int, size: int) -> str | None:
    """Why a save of ``size`` bytes could not take ``record`` (an entry with ``events``
    events) and still be read: each bound the reader checks, checked before the writer
    accepts (a save the reader refuses is a game lost), or ``None``."""
    if events > MAX_EVENTS:
        return f"the command caused {events:,} events; a saved entry holds at most {MAX_EVENTS:,}"
    if len(record) > MAX_RECORD_VALUES:
        values = record.count(b",") + record.count(b"[") + record.count(b"{")
        if values > MAX_RECORD_VALUES:
            return (
                f"the command's record would hold {values:,} JSON values; a save's record "
                f"holds at most {MAX_RECORD_VALUES:,}"
            )
    if size + len(record) > MAX_SAVE_BYTES:
        mib = MAX_SAVE_BYTES // (1024 * 1024)
        return (
            f"the save would grow past {mib} MiB, the most a save may hold ({size:,} bytes "
            f"now, {len(record):,} more); start a new save for the rest of the game"
        )
    return None


def build_validators() -> None:
    """Build the save's checkers now, not at the first save read: for a process about to
    lose access to its libraries (one dropping privileges)."""
    for record in (Entry, Header, Header3, SaveFile):
        strict.checker(record)


def entry_json(entry: Entry) -> str:
    """An entry as compact JSON, as a format-4 record holds it (cached by the game so a
    save only writes text).

    Written by the standard library, the same text pydantic writes for the entry's
    model (keys in declared order, no spaces, non-ASCII as is, control characters
    escaped): building pydantic's serializer would cost a process's first saved command
    about 0.3 s (issue 21.1).  ``tests/core/test_journal.py`` compares the two.  The
    command's free text is written once (:func:`mark_text`).

    Raises:
        ValueError: the entry has free text and holds U+0000 elsewhere (never one the
            game made: see :data:`TEXT_MARK`).
    """
    data = entry.model_dump()
    amended = data.pop("amended", None)
    if amended:  # before the events, which a reader finds last (_entry_before_events)
        events = data.pop("events")
        data["amended"] = amended
        data["events"] = events
    text = command_text(entry.command)
    if text:
        mark_text(data, text)
    return _JSON(data)


def mark_text(data: dict[str, Any], text: str) -> None:
    """Write the copies of ``text`` (the command's free text) in an entry's line and its
    events' strings as :data:`TEXT_MARK`, in place: the entry then holds it once, in its
    command.  An entry that would take more than :data:`MAX_TEXT_MARKS` marks is left
    whole.  ``data`` is the entry as plain values (:meth:`Entry.model_dump`: its events'
    dicts are its own).

    Raises:
        ValueError: U+0000 already in the line or an event (the reader would take it for
            the text).
    """
    events = data["events"]
    strings = [data["line"], *(v for e in events for v in e.values() if type(v) is str)]
    if any(TEXT_MARK in s for s in strings):
        raise ValueError("an entry holding U+0000 besides its command's text cannot be saved")
    if sum(s.count(text) for s in strings) > MAX_TEXT_MARKS:
        return  # a short text found again in other words: written in full, as format 3
    data["line"] = data["line"].replace(text, TEXT_MARK)
    for event in events:
        for key, value in event.items():
            if type(value) is str:
                event[key] = value.replace(text, TEXT_MARK)


_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False).encode
"""Compact JSON, as pydantic writes it.  A record's fields are plain values and records,
never itself: no cycle to look for (looking costs an opening save a tenth of comparing
its events, :func:`same_events`)."""


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: anything not printable becomes an escape (``\\x1b``).

    Messages quote journal lines and names read from a file someone else wrote;
    such text must never move the cursor or retitle the terminal.
    """
    return escaped(text)


def header_line(
    title: str,
    players: list[str] | tuple[str, ...],
    rules_level: int = RULES_LEVEL,
    program: str = PROGRAM,
    version: int = FORMAT_VERSION,
) -> bytes:
    """The header line of a save of format ``version`` (:data:`FORMAT_VERSION`, or
    :data:`AMENDED_FORMAT` for one holding an amendment; with its newline), its checksum
    last."""
    head = {
        "format_version": version,
        "title": title,
        "players": list(players),
        "rules_level": rules_level,
        "program": program,
    }
    body = json.dumps(head, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    digest = hashlib.sha256(body).hexdigest().encode()
    return body[:-1] + b',"sha256":"%s"}\n' % digest


def line_digest(line: bytes) -> str:
    """The checksum a header or record line (as written) carries: what the next record
    chains from.  Only for lines this module wrote or checked."""
    at = line.index(b'"sha256":"') + _DIGEST_AT
    return line[at : at + 64].decode()


def _chained(prev: str, number: int, raw: bytes) -> str:
    return hashlib.sha256(b"%s %d %s" % (prev.encode(), number, raw)).hexdigest()


def record_line(number: int, entry_text: str | bytes, prev: str) -> bytes:
    """The record of journal entry ``number`` (1-based) from its JSON (with its newline),
    chained from ``prev``: the checksum of the record before it (of the header for 1)."""
    raw = entry_text.encode("utf-8") if isinstance(entry_text, str) else entry_text
    digest = _chained(prev, number, raw)
    return b'{"number":%d,"sha256":"%s","entry":%s}\n' % (number, digest.encode(), raw)


def record_entry(record: bytes) -> bytes:
    """The entry's JSON in a record line (of format 2, 3 or 4), as written."""
    start = record.index(b',"entry":') + len(b',"entry":')
    end = len(record) - (2 if record.endswith(b"\n") else 1)
    return record[start:end]


def chain(header: bytes, records: list[bytes]) -> list[bytes]:
    """``records`` (of any format) chained anew from ``header``: the same entries, numbered
    1, 2, ... (used when the header changes, and to rewrite an older save in format 4: its
    entries as written, an older one's free text in full)."""
    prev = line_digest(header)
    out = []
    for number, record in enumerate(records, start=1):
        line = record_line(number, record_entry(record), prev)
        out.append(line)
        prev = line_digest(line)
    return out


def write_atomic(
    path: Path, text: str | bytes, *, side_of: Path | None = None, durable: bool = True
) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file.

    The new file keeps the old one's permission bits (a rename would otherwise give
    every rewritten save the temporary file's); a new file beside a save (``side_of``)
    takes the save's, any other new file the usual default (``0o666`` less the umask, as
    ``open`` gives).  The temporary file beside ``path``
    is ``.NAME.XXXXXXXX.tmp``, or, for a file kept beside the save ``side_of`` (a
    rewind's backup, a cut line's text), ``.SAVE.XXXXXXXX.side.tmp``: named after the
    save, so the next opening of the save removes it if a kill left it
    (:func:`remove_stale_temps`).  ``durable=False``, for a cache (the main screen's
    picture): no fsync, the rename alone (a power cut may leave the old file, or none).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8") if isinstance(text, str) else text
    mode: int | None = None  # a new file (or one we cannot stat): the umask's default
    for source in (path, side_of):  # a new side file takes the save's bits (issue 30.4:
        if source is None:  # a 0600 save's backup was 0644, readable by anyone)
            continue
        try:
            mode = stat.S_IMODE(os.stat(source).st_mode)
            break
        except OSError:
            continue
    owner = Path(side_of).name if side_of is not None else path.name
    tail = ".side.tmp" if side_of is not None else ".tmp"
    create = 0o666 if mode is None else mode | 0o200  # the umask applies to a new file
    fd, tmp = osfiles.create_temp(path.parent, f".{owner}", tail, create)
    try:
        with os.fdopen(fd, "wb") as fh:
            if mode is not None:  # exactly the old bits, whatever the umask took off
                _set_mode(fd, tmp, mode)
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    if durable:
        fsync_dir(path.parent)


def _set_mode(fd: int, path: Path, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # pragma: no cover - Windows before Python 3.13 (only the read-only bit counts)
        os.chmod(path, mode)


def fsync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` durable (where the platform has directory fds:
    Windows has none, and NTFS journals renames itself)."""
    if osfiles.WINDOWS:  # pragma: no cover - Windows
        return
    try:
        dir_fd = os.open(directory, os.O_RDONLY | osfiles.CLOEXEC)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def save_text(
    title: str, players: list[str], entries_json: list[str], rules_level: int = RULES_LEVEL
) -> str:
    """The whole save file's text (format 4, or 5 holding an amendment) from entries
    already written by :func:`entry_json`."""
    header = header_line(title, players, rules_level, version=save_format(entries_json))
    prev, records = line_digest(header), []
    for number, text in enumerate(entries_json, start=1):
        records.append(record_line(number, text, prev))
        prev = line_digest(records[-1])
    return (header + b"".join(records)).decode("utf-8")


class SizeMismatch(OSError):
    """The file is not the size the writer left it at: rewrite it whole rather than append."""


def append_record(path: Path, record: bytes, size: int) -> int:
    """Append one record to the save at ``path`` (expected to be ``size`` bytes) and fsync it.

    Returns the new size.  If the write fails half-way the file is cut back
    to ``size``, so the next append starts on a clean line.

    Raises:
        SizeMismatch: the file is not ``size`` bytes (nothing was written).
        OSError: it could not be written (disk full, read-only...).
    """
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | osfiles.CLOEXEC | osfiles.BINARY)
    try:
        if os.fstat(fd).st_size != size:
            raise SizeMismatch(f"{path} is not {size} bytes; it will be rewritten whole")
        try:
            view = memoryview(record)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except BaseException:
            try:
                os.ftruncate(fd, size)
            except OSError:  # the caller rewrites the file whole next time
                pass
            raise
    finally:
        os.close(fd)
    return size + len(record)


def truncate_save(path: Path, size: int, expected: int) -> None:
    """Cut the save at ``path`` (expected to be ``expected`` bytes) back to ``size`` bytes.

    Raises:
        SizeMismatch: the file is not ``expected`` bytes (nothing was changed).
        OSError: it could not be written.
    """
    fd = os.open(path, os.O_WRONLY | osfiles.CLOEXEC | osfiles.BINARY)
    try:
        if os.fstat(fd).st_size != expected:
            raise SizeMismatch(f"{path} is not {expected} bytes; it will be rewritten whole")
        os.ftruncate(fd, size)
        os.fsync(fd)
    finally:
        os.close(fd)


_TEMP_NAME = r"\.{name}\.[a-z0-9_]{{8}}\.tmp"
"""How :func:`write_atomic` names its temporary files (8 random characters; older
versions used ``tempfile.mkstemp``'s, which are of the same kind)."""
_SIDE_TEMP_NAME = r"\.{name}\.[0-9a-f]{{8}}\.side\.tmp"
"""The temporary files of the files kept beside a save (``side_of``)."""

MAX_BACKUPS = 20
"""How many backups (``NAME.before-rewind-N.json``, ``NAME.replaced-N.json``) are kept
per save: making one more removes the oldest (:func:`prune_backups`)."""


def remove_stale_temps(path: Path) -> list[Path]:
    """Remove the temporary files a kill mid-write left beside ``path``; the ones removed.

    Those of the save itself (a whole rewrite), of the files kept beside it (a rewind's
    backup, a cut line's text: ``side_of``) and of its remembered length, and only
    those: the names are ours alone (another save's temporary files never match), and
    only regular files are removed.  Only call it while holding the save's lock: a
    temporary file of a write in progress would otherwise be taken for a stale one.
    """
    path = Path(path)
    try:
        names = [n for n in os.listdir(path.parent) if n.startswith(".") and n.endswith(".tmp")]
    except OSError:
        return []
    if not names:  # as almost always: no pattern to build (a start pays for it, 21.4)
        return []
    name = re.escape(path.name)
    pattern = re.compile(
        "|".join(
            (
                _TEMP_NAME.format(name=name),
                _SIDE_TEMP_NAME.format(name=name),
                _TEMP_NAME.format(name=re.escape(_length_file(path).name)),
            )
        )
    )
    removed = []
    for entry in names:
        if pattern.fullmatch(entry):
            candidate = path.parent / entry
            try:
                if stat.S_ISREG(os.lstat(candidate).st_mode):
                    os.unlink(candidate)
                    removed.append(candidate)
            except OSError:
                pass
    return removed


def not_writable(path: Path) -> str | None:
    """Why the save at ``path`` must not be written, in words that follow its name
    (``None``: it may be, or there is no file yet).

    A save whose permission bits give nobody write permission (``chmod a-w``: a banker
    keeping it as it is) is not written even where the OS would let us (root, or a
    rename over it, which needs only the folder's permission), nor one we may not write.
    """
    try:
        info = os.stat(path)
    except OSError:
        return None  # no file yet, or none we can look at: the write itself says why
    if on_read_only_disk(path):
        return "is on a read-only file system (nothing on that disk may be written)"
    mode = stat.S_IMODE(info.st_mode)
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return f"is read-only (mode {mode:04o}: nobody may write it)"
    if not os.access(path, os.W_OK):
        return f"is read-only for you (mode {mode:04o}: no write permission)"
    return None


def on_read_only_disk(path: Path) -> bool:
    """Whether ``path`` lies on a file system mounted read-only (a write-protected card, a
    read-only mount): no ``chmod`` makes it writable there."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows): the write itself says why
        return False


def writable_advice(path: Path) -> str:
    """What makes the save at ``path`` writable again, in words that follow "so nothing was
    applied; ": ``chmod u+w``, or, on a read-only file system, another disk."""
    if on_read_only_disk(path):
        return "copy it to a disk that can be written (or mount this one read-write)"
    return "make it writable (chmod u+w)"


def backup_pattern(path: Path) -> re.Pattern[str]:
    """The names of ``path``'s backups: ``STEM.before-rewind-N.json`` (``-N-2``... when
    taken) made by a rewind, ``STEM.before-amend-N.json`` by an amendment's keep (issue
    39), ``STEM.replaced-N.json`` by ``play --force``."""
    path = Path(path)
    suffixes = {re.escape(path.suffix), re.escape(".json")}
    return re.compile(
        rf"{re.escape(path.stem)}\.(?:before-(?:rewind|amend)-[0-9]+(?:-[0-9]+)?|replaced-[0-9]+)"
        rf"(?:{'|'.join(sorted(suffixes))})"
    )


def prune_backups(path: Path, keep: int = MAX_BACKUPS) -> list[Path]:
    """Keep the ``keep`` newest backups of the save ``path`` (by modification time) and
    remove the others; the ones removed.  Only regular files named as backups of this
    save are counted or removed; best effort (a file that cannot be removed stays)."""
    path = Path(path)
    pattern = backup_pattern(path)
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    found = []
    for entry in names:
        if not pattern.fullmatch(entry):
            continue
        candidate = path.parent / entry
        try:
            info = os.lstat(candidate)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            # made within one clock tick: the later copy has the higher number (-2, -3...)
            copy = re.search(
                r"\.before-(?:rewind|amend)-[0-9]+-([0-9]+)|\.replaced-([0-9]+)", entry
            )
            number = int(copy.group(1) or copy.group(2)) if copy else 1
            found.append((info.st_mtime_ns, number, entry, candidate))
    found.sort(reverse=True)
    removed = []
    for *_, candidate in found[keep:]:
        try:
            os.unlink(candidate)
            removed.append(candidate)
        except OSError:
            pass
    return removed


def keep_cut_text(path: Path, cut: CutLine) -> Path:
    """Keep the text of a cut last line beside the save, before it is cut off the file.

    The side file is ``NAME.cut-N.txt`` (N: the line's number), or ``NAME.cut-N-2.txt``...
    when that name holds other text; the same text already kept is not written twice.
    Returns the side file's path.

    Raises:
        OSError: it could not be written (the caller then leaves the save as it is).
    """
    path = Path(path)
    stem = f"{path.stem}.cut-{cut.line}"
    candidate, n = path.with_name(stem + ".txt"), 2
    while candidate.exists() or candidate.is_symlink():
        try:
            if stat.S_ISREG(os.lstat(candidate).st_mode) and candidate.read_bytes() == cut.text:
                return candidate
        except OSError:
            pass
        candidate, n = path.with_name(f"{stem}-{n}.txt"), n + 1
    write_atomic(candidate, cut.text, side_of=path)
    return candidate


def _length_file(path: Path) -> Path:
    path = Path(path)
    return path.with_name(f".{path.name}.length")


def remember_length(path: Path, entries: int) -> None:
    """Remember beside the save (``.NAME.json.length``) how many entries it holds now.

    A hint for the next opening (:func:`remembered_length`): best effort, never an error.
    Call it while holding the save's lock (the temporary files of a killed write of the
    hint are removed first).
    """
    try:
        remove_stale_temps(_length_file(path))
        write_atomic(_length_file(path), f"{entries}\n")
    except OSError:
        pass


def remembered_length(path: Path) -> int | None:
    """How many entries the save held when a moderator that remembers lengths last let go
    of it (closed it, undid or rewound), or ``None`` when nothing is remembered."""
    try:  # its first 32 bytes only, whatever it has grown to (issue 42.4)
        text = osfiles.read_head(_length_file(path), 32).decode("ascii").strip()
    except (osfiles.FileRefused, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def read_save(path: Path) -> SaveFile:
    """Read and validate a save file (without replaying it).

    A last line cut short by a crash is left out (see :func:`load_save`).

    Raises:
        SaveError: the file is missing, not a regular file, too large, not a save,
            from a newer version, damaged or malformed.
    """
    return load_save(path).save


def load_save(path: Path, *, check_events: bool = True) -> LoadedSave:
    """Read and validate a save file, with what a writer needs to append to it.

    ``check_events=False`` is for a caller that replays the save and compares each
    entry's events with those its replay makes (the game opening a save): events
    written as :func:`entry_json` writes them are left as written in
    :attr:`LoadedSave.events_unread` (checking them all is a fifth of opening a
    1,000-command save, issue 21.4), to be compared by :func:`same_events` or read by
    :func:`read_record_entry`; any other entry is read and checked whole.

    Raises:
        SaveError: as :func:`read_save`.
    """
    path = Path(path)
    data = _read_bytes(path)
    newline = data.find(b"\n")
    first = newline if newline >= 0 else len(data)
    head, why = None, "corrupt or truncated JSON"
    if first <= MAX_HEADER_BYTES:  # a longer first line is no header (or a format-1 save)
        try:  # read one way only: a key given twice is refused (issue 42.1)
            head = json.loads(data[:first], object_pairs_hook=strict.unique_keys)
        except (ValueError, RecursionError) as exc:
            head = None
            if "given twice" in str(exc):
                why = str(exc)
    if isinstance(head, dict) and "format_version" in head and "journal" not in head:
        return _read_lines(path, data, head, check_events)
    if data[first + 1 : first + 1 + len(_RECORD_START)] == _RECORD_START:
        # records follow: a save of lines whose header was damaged or edited (issue 30.4:
        # it was read as one JSON object, and the error named line 2)
        what = why if not isinstance(head, dict) else "no format_version"
        raise SaveError(f"{path}: not a valid save: {_HEADER} is damaged ({what}); {_UNTOUCHED}")
    return _read_whole(path, data)


def _read_bytes(path: Path) -> bytes:
    """The file's bytes, if it is a regular file no larger than :data:`MAX_SAVE_BYTES`
    (read by :func:`moderator.osfiles.read_regular`, as every file a user names)."""
    try:
        return osfiles.read_regular(path, MAX_SAVE_BYTES)
    except osfiles.FileRefused as exc:
        if exc.missing:
            raise SaveError(f"{path}: no such save file") from None
        if exc.what == "is too large":
            raise SaveError(_too_large(path, exc.size)) from None
        if exc.what.startswith("is "):
            raise SaveError(f"{path}: {exc.what}, not a save file; nothing was read") from None
        raise SaveError(f"{path}: {exc.what}") from None


def _too_large(path: Path, size: int | None = None) -> str:
    mib = MAX_SAVE_BYTES // (1024 * 1024)
    what = f"{size:,} bytes" if size is not None else f"over {mib} MiB"
    return (
        f"{path}: {what} is too large for a save (at most {mib} MiB; a 10,000-command game "
        f"is a few MB), so it was not read"
    )


_RECORD_START = b'{"number":'
"""How every record line of a save begins."""
_HEADER = "the header (line 1)"
_UNTOUCHED = "the file was left untouched"


def _header_mismatch(path: Path) -> str:
    return (
        f"{path}: the header (line 1: the title, the players and options, the rules "
        f"level) does not match its checksum (the file is damaged or was edited); "
        f"{_UNTOUCHED}"
    )


def _check_version(path: Path, version: object, where: str = "") -> int:
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        at = f"{where}'s " if where else ""
        raise SaveError(f"{path}: {at}format_version {version!r} is not a version number")
    if version > AMENDED_FORMAT:
        raise SaveError(
            f"{path}: written by a newer moderator (save format {version}; this one reads up to "
            f"{AMENDED_FORMAT}). Upgrade moderator to open it."
        )
    return version


def _read_whole(path: Path, data: bytes) -> LoadedSave:
    """An older save: one JSON object with the journal in it (format 1 and before)."""
    values = data.count(b",") + data.count(b"[") + data.count(b"{")
    if values > MAX_SAVE_VALUES:
        raise SaveError(
            f"{path}: not a valid save ({values:,} JSON values; a save holds at most "
            f"{MAX_SAVE_VALUES:,}), so it was not parsed"
        )
    try:
        raw_text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path}: cannot be read ({exc})") from None
    try:
        loaded = json.loads(raw_text, object_pairs_hook=strict.unique_keys)  # (issue 42.1)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{path}: not a valid save (corrupt or truncated JSON at line {exc.lineno}: {exc.msg})"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"{path}: not a valid save ({exc})") from None
    if not isinstance(loaded, dict) or "format_version" not in loaded:
        raise SaveError(f"{path}: not a moderator save file (no format_version)")
    version = _check_version(path, loaded["format_version"])
    if version >= 2:
        raise SaveError(
            f"{path}: not a valid save (format {version} is one record per line, "
            f"not one JSON object)"
        )
    while version < FORMAT_VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise SaveError(f"{path}: save format {version} is too old to migrate")
        loaded = migrate(loaded)
        version = loaded["format_version"]
    try:
        # strict: a number written as text ("60") or as 60.5 is a damaged file, not a 60;
        # dumped and read again, as a file of today would be (a lone surrogate is refused)
        save = read_whole_save(json.dumps(loaded).encode())
    except strict.Malformed as exc:
        raise SaveError(f"{path}: malformed save at {_where(exc.loc)}: {exc.msg}") from None
    return LoadedSave(save=save, records=None, size=len(data), torn=False)


def _read_lines(
    path: Path, data: bytes, head: dict[str, Any], check_events: bool = True
) -> LoadedSave:
    """A format-2, -3 or -4 save: a header line, then one checksummed record per line.

    Whatever is wrong with the header is said of line 1 (issue 30.4); a header that does
    not match its checksum is said to be damaged before its version is read (an edited
    ``format_version`` is no newer moderator's save)."""
    summed = _SUMMED_HEADER.fullmatch(data[: data.find(b"\n")])
    if summed is not None and hashlib.sha256(summed[1] + b"}").hexdigest() != summed[2].decode():
        raise SaveError(_header_mismatch(path))
    version = _check_version(path, head["format_version"], _HEADER)
    if version < 2:
        raise SaveError(
            f"{path}: {_HEADER} names save format {version}, whose saves are one JSON object, "
            f"not lines: the header is damaged or was edited; {_UNTOUCHED}"
        )
    end = data.rfind(b"\n") + 1
    tail = data[end:]  # what follows the last newline: empty, or an append cut short
    if not end:
        raise SaveError(f"{path}: not a valid save (corrupt or truncated header)")
    # A last line holding a NUL byte is an append torn by a power cut, newline or not: a
    # file system may have grown the file before it wrote the data, and the bytes never
    # written read as zeros.  No record holds one (JSON writes U+0000 as \u0000), so the
    # line is never a record moderator wrote; it is the cut it is (never acknowledged),
    # not a damaged save that no longer opens.
    last = data.rfind(b"\n", 0, end - 1) + 1
    if last and b"\x00" in data[last:end]:
        end, tail = last, data[last:]
    # The lines one at a time (never ``data.split``: a file of 60 million empty lines
    # would be a list of 60 million objects before its first line is refused).
    lines = _lines(data, end)
    # A last line that is a whole record but for its newline (a copy cut at the very end)
    # is read as the record it is (issue 30.4): its checksum says it was written whole;
    # the game's next write then rewrites the file whole, newline and all.
    # Only a tail of the right number whose checksum holds is whole (issue 42.2): a cut
    # just after an event's inner object ends in ``}}`` too, and is a cut like any other.
    unterminated = bool(tail) and _RECORD.fullmatch(tail) is not None
    if unterminated:
        lines = itertools.chain(lines, (tail,))
    first = next(lines)
    header, prev = _read_header(path, first, version)
    rules_level = getattr(header, "rules_level", 0)
    program = getattr(header, "program", None)
    entries = []
    records = []
    unread: list[bytes | None] = []
    for number, line in enumerate(lines, start=1):
        where = f"{path}: journal entry {number} (line {number + 1})"
        match = _RECORD.fullmatch(line)
        if unterminated and line is tail and not _whole_record(match, number, prev):
            unterminated = False  # a record cut short after a ``}}``: the cut it is
            break
        if match is None:
            raise SaveError(
                f"{where} is damaged (not a checksummed record); the file was left untouched"
            )
        if match[1] != b"%d" % number:  # the very bytes: ``03`` is no 3
            raise SaveError(
                f"{where} is numbered {match[1].decode()}: entries were removed, repeated or "
                f"reordered; the file was left untouched"
            )
        raw = match[3]
        if len(raw) > MAX_RECORD_VALUES:  # long enough to hold too many values: count them
            values = raw.count(b",") + raw.count(b"[") + raw.count(b"{")
            if values > MAX_RECORD_VALUES:
                raise SaveError(
                    f"{where} is damaged ({values:,} JSON values; a record holds at most "
                    f"{MAX_RECORD_VALUES:,}); the file was left untouched"
                )
        digest = match[2].decode()
        if prev is None:  # format 2: each record sums its entry only
            expected = hashlib.sha256(raw).hexdigest()
        else:
            expected = _chained(prev, number, raw)
            prev = digest
        if digest != expected:
            before = "" if prev is None else ", or a line before it,"
            raise SaveError(
                f"{where} does not match its checksum (the file is damaged, or it{before} "
                f"was edited); the file was left untouched"
            )
        split = None if check_events else _entry_before_events(raw, version)
        if split is not None:
            entries.append(split[0])
            unread.append(split[1])
        else:
            try:
                entries.append(read_entry(raw, version))
            except strict.Malformed as exc:
                raise _malformed_entry(path, number, exc) from None
            unread.append(None)
        records.append(line + b"\n")
    if unterminated:
        tail = b""
    save = SaveFile.model_construct(
        format_version=version,
        title=header.title,
        players=header.players,
        journal=tuple(entries),
        rules_level=rules_level,
        program=program,
    )
    cut = CutLine(line=len(records) + 2, text=tail) if tail else None
    return LoadedSave(
        save=save,
        records=tuple(records),
        size=len(data) - len(tail) + int(unterminated),
        torn=bool(tail),
        unterminated=unterminated,
        header=first + b"\n",
        cut=cut,
        events_unread=None if check_events else tuple(unread),
    )


def _whole_record(match: re.Match[bytes] | None, number: int, prev: str | None) -> bool:
    """Whether a last line without its newline is record ``number`` whole: numbered so,
    and its checksum (chained from ``prev``; its entry's alone in format 2) holds."""
    if match is None or match[1] != b"%d" % number:
        return False
    raw = match[3]
    expected = hashlib.sha256(raw).hexdigest() if prev is None else _chained(prev, number, raw)
    return match[2].decode() == expected


def _converted(line: bytes) -> str:
    """What a tool that copies files as text did to a save's first line, if it did (the
    hardening audit: a save gone through such a tool was refused as merely "damaged")."""
    if line.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        return (
            ": it begins with a byte-order mark, as an editor or a copy tool that "
            "converts text writes one (copy the save again as a binary file)"
        )
    if line.endswith(b"\r"):
        return (
            ": its lines end in CR LF, as a copy or sync tool that converts line ends "
            "writes them; moderator writes LF only (copy the save again as a binary file)"
        )
    return ""


def _read_header(path: Path, line: bytes, version: int) -> tuple[Header, str | None]:
    """The header and the checksum record 1 chains from (``None`` for format 2).

    Raises:
        SaveError: a format-3 or -4 header without its checksum or not matching it, or
            malformed.
    """
    prev = None
    body = line
    if version >= 3:
        match = _SUMMED_HEADER.fullmatch(line)
        if match is None:
            raise SaveError(
                f"{path}: the header (line 1) has no checksum, so it is damaged or was edited"
                f"{_converted(line)}; the file was left untouched"
            )
        body = match[1] + b"}"
        prev = match[2].decode()
        if hashlib.sha256(body).hexdigest() != prev:
            raise SaveError(_header_mismatch(path))
    try:
        header = read_header(body, version)
    except strict.Malformed as exc:
        raise SaveError(
            f"{path}: malformed save: {_HEADER}, at {_where(exc.loc)}: {exc.msg}; {_UNTOUCHED}"
        ) from None
    if isinstance(header, Header3) and header.rules_level > RULES_LEVEL:
        raise SaveError(
            f"{path}: played under rules level {header.rules_level} (written by moderator "
            f"{escaped(header.program)}); this moderator ({PROGRAM}) knows the rules up to "
            f"level {RULES_LEVEL}. Upgrade moderator to open it."
        )
    return header, prev


def _lines(data: bytes, end: int) -> Iterator[bytes]:
    """The lines of ``data[:end]`` (which ends with a newline), without their newlines."""
    start = 0
    while start < end:
        stop = data.index(b"\n", start, end)
        yield data[start:stop]
        start = stop + 1


def _where(loc: tuple[int | str, ...]) -> str:
    """A validation error's location for people: ``journal entry 3: command.price``."""
    parts = [str(x) for x in loc]
    if len(parts) >= 2 and parts[0] == "journal" and parts[1].isdigit():
        rest = ".".join(parts[2:])
        return f"journal entry {int(parts[1]) + 1}" + (f" ({rest})" if rest else "")
    return ".".join(parts) or "the top level"
