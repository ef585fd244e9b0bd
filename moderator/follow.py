"""Following a game read-only: what the players' table view (:mod:`moderator.web`) shows.

A :class:`GameSource` is a game someone else is playing, seen from the side:

* :class:`SaveFollower` follows a save file another moderator (the TUI or
  ``play --save``) is writing.  It opens the save read-only through
  :meth:`moderator.game.Game.load` (no lock is taken, nothing is ever written)
  and, on :meth:`GameSource.refresh`, notices that the file changed (its
  inode, size or modification time; a file written in the last two seconds is also
  compared by content, since a clock tick is coarse).  A save only grows by one checksummed
  record per command and is cut back on undo and rewind, so the follower
  compares the file with the records it already knows: the records still in
  place are kept, those cut off are taken back (from a cached state every
  :data:`CHECKPOINT_EVERY` entries), and the records appended are read,
  checked and applied one by one.  Anything else (another game in the file, a
  record that does not read back exactly as the core writes it) is a full
  reload through :meth:`Game.load`, which also says why a damaged save
  cannot be read.
* :class:`LiveGame` follows the TUI's own in-memory :class:`Game` (same
  process).  The TUI calls :meth:`GameSource.changed` after every accepted
  command, undo or rewind; the source also notices a change by itself from
  the journal's length and its last entry.

Both keep their own copy of the state (:class:`_Tracker`), so the banker's
game is only read (the journal list is copied) and never locked or changed,
and whatever thread serves the viewers does its work on its own objects.
:meth:`GameSource.snapshot` is the dict the page renders: the state JSON, the
score so far (:func:`moderator.scoring.score_state`), the last receipts and
the log, computed once per :attr:`GameSource.version`.

Core module: no Textual, no web framework here.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import stat
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from moderator import commands as c
from moderator import osfiles, strict
from moderator.errors import Refusal, SaveError
from moderator.fixes import WRITTEN_WITHOUT
from moderator.game import Game, shrunk_notice
from moderator.journal import (
    FORMAT_VERSION,
    MAX_SAVE_BYTES,
    CutLine,
    Entry,
    entry_json,
    line_digest,
    read_entry,
    record_line,
    remembered_length,
)
from moderator.narrate import narrate
from moderator.scoring import score_state
from moderator.script import ParseError, parse_line, same_note
from moderator.state import GameState

__all__ = ["CHECKPOINT_EVERY", "FollowError", "GameSource", "LiveGame", "SaveFollower"]

CHECKPOINT_EVERY = 100
"""The follower keeps a copy of the state every this many journal entries, so an undo
or a rewind is replayed from the nearest one rather than from the start."""

RECEIPTS = 3
"""How many of the last runs' receipts a snapshot carries."""

LOG_ENTRIES = 40
"""How many of the last journal entries a snapshot carries (newest first)."""

RACY_NS = 2_000_000_000
"""A file modified less than this long ago (ns) may change again without its size or
time changing (a clock tick is coarse): its content is compared, not only its stat."""

RECEIPT_SCAN = 300
"""Runs further back than this many entries are not looked for (a receipt that old is
no longer what the table asks about, and finding it would cost a replay)."""


class FollowError(Exception):
    """The followed game cannot be brought up to date (the message says why)."""


class _Tracker:
    """A private copy of a game's state kept in step with a journal (a list of entries).

    ``frame`` is a :class:`Game` of the same title and players used only for what
    does not depend on the journal (its ruleset, title and round labels); the
    state is the tracker's own.
    """

    def __init__(
        self,
        frame: Game,
        entries: Sequence[Entry],
        state: GameState,
        checkpoints: dict[int, GameState],
    ) -> None:
        self.frame = frame
        self.entries: list[Entry] = list(entries)
        self.state = state
        self.checkpoints = checkpoints
        self.receipts: dict[int, list[str] | None] = {}
        """Receipt text of the run at journal index i (0-based), computed when seen."""

    @classmethod
    def of(cls, game: Game) -> _Tracker:
        """A tracker starting where ``game`` stands (its state is copied, never shared)."""
        n = len(game.journal)
        checkpoints = {k: game.replay(k) for k in range(0, n + 1, CHECKPOINT_EVERY)}
        return cls(game, list(game.journal), game.state.clone(), checkpoints)

    # ------------------------------------------------------------ following
    def sync(self, entries: Sequence[Entry]) -> bool:
        """Bring the state to the end of ``entries``; whether anything changed.

        The entries both journals share from the start are kept; the rest of the
        old journal is taken back, the rest of the new one applied and checked.

        Raises:
            FollowError: an entry is refused, fails, or causes other events than it
                holds (the tracker is then as it was before the entry).
        """
        old = self.entries
        n = min(len(old), len(entries))
        k = 0
        while k < n and (old[k] is entries[k] or old[k] == entries[k]):
            k += 1
        if k == len(old) == len(entries):
            return False
        if k < len(old):
            self._cut(k)
        for index in range(k, len(entries)):
            self._push(entries[index], index)
        return True

    def _cut(self, keep: int) -> None:
        """Take back every entry after the first ``keep`` (undo, rewind)."""
        self.state = self.replay(keep)
        del self.entries[keep:]
        for k in [k for k in self.checkpoints if k > keep]:
            del self.checkpoints[k]
        for k in [k for k in self.receipts if k >= keep]:
            del self.receipts[k]

    def _push(self, entry: Entry, index: int) -> None:
        """Apply the journal entry at ``index`` (0-based), checking its events."""
        where = f"journal entry {index + 1} (`{entry.line}`)"
        cmd = entry.command
        trial = self.state.clone()
        receipt = self._receipt(trial, cmd)
        try:
            self.frame.ruleset.apply(trial, cmd)
            trial.ledger.check_conservation()
        except Refusal as exc:
            raise FollowError(f"{where} is refused on replay: {exc.message}") from None
        except Exception as exc:  # a rules bug must not stop the viewers' server
            raise FollowError(f"{where} cannot be replayed: {type(exc).__name__}: {exc}") from None
        events = tuple(trial.ledger.events)
        trial.ledger.events = []
        if events != tuple(entry.events):
            raise FollowError(f"{where} no longer replays the same way")
        self.state = trial
        self.entries.append(entry)
        if receipt is not None:
            self.receipts[index] = receipt
        if len(self.entries) % CHECKPOINT_EVERY == 0:
            self.checkpoints[len(self.entries)] = trial.clone()

    def _receipt(self, before: GameState, cmd: c.Command) -> list[str] | None:
        """The payout receipt of a run, from the state before it (``None`` otherwise)."""
        if not isinstance(cmd, c.Run):
            return None
        try:
            receipt = self.frame.ruleset.receipt(
                before.clone(), cmd.company, cmd.revenue, cmd.option, cmd.mail
            )
        except Exception:  # a receipt is a courtesy; the run itself decides (as Game does)
            return None
        return receipt.text().splitlines()

    def replay(self, upto: int) -> GameState:
        """The state after the first ``upto`` entries (from the nearest checkpoint)."""
        start = max(k for k in self.checkpoints if k <= upto)
        state = self.checkpoints[start].clone()
        for entry in self.entries[start:upto]:
            self.frame.ruleset.apply(state, entry.command)
            state.ledger.events = []
        return state

    # ------------------------------------------------------------ views
    def last_receipts(self, count: int = RECEIPTS) -> list[dict[str, Any]]:
        """The receipts of the last ``count`` runs, newest first."""
        found: list[dict[str, Any]] = []
        stop = max(0, len(self.entries) - RECEIPT_SCAN)
        for index in range(len(self.entries) - 1, stop - 1, -1):
            entry = self.entries[index]
            if not isinstance(entry.command, c.Run):
                continue
            if index not in self.receipts:
                self.receipts[index] = self._receipt(self.replay(index), entry.command)
            lines = self.receipts[index]
            if lines:
                found.append(
                    {"number": index + 1, "round": entry.round, "line": entry.line, "lines": lines}
                )
            if len(found) >= count:
                break
        return found

    def log(self, count: int = LOG_ENTRIES, before: int | None = None) -> list[dict[str, Any]]:
        """The last ``count`` journal entries (numbered below ``before`` when given),
        newest first, each with what the bank did."""
        ruleset = self.frame.ruleset
        out = []
        end = len(self.entries) if before is None else max(0, min(before - 1, len(self.entries)))
        first = max(0, end - count)
        for index in range(end - 1, first - 1, -1):
            entry = self.entries[index]
            out.append(
                {
                    "number": index + 1,
                    "round": entry.round,
                    "line": entry.line,
                    "narrated": narrate(
                        entry.command, entry.events, ruleset.currency, self.frame.title
                    )
                    # the records of corrections that put the line here (issue 39)
                    + [a.comment().removeprefix("# ") for a in entry.amended],
                }
            )
        return out


class GameSource:
    """A game the table view reads: a version that changes on every change, the state
    JSON, and the snapshot the page renders.

    Subclasses implement :meth:`_update`.  All methods may be called from any thread;
    a lock keeps one refresh at a time.
    """

    label: str = ""
    """What the page calls the game (the save's file name)."""
    whatif: str | None = None
    """A what-if sandbox shared by the banker: the page marks it so (issue 32.5)."""

    def __init__(self) -> None:
        self.version = secrets.randbelow(1 << 30)
        """Moves on (by one) with every change; starts anywhere, so two sources (a game
        shared again, another save) never show a page the same number."""
        self.error: str | None = None
        """Why the game could not be brought up to date (the page shows it), or ``None``."""
        self.notices: list[str] = []
        """What the banker's front ends warn of about the save (a cut last line, a save
        shorter than when it was last let go of: :meth:`Game.notices`), one line each;
        the page shows them and ``serve`` prints them (issue 42.3)."""
        self._tracker: _Tracker | None = None
        self._lock = threading.RLock()
        self._listeners: list[Callable[[], None]] = []
        self._cache: dict[str, tuple[int, Any]] = {}

    # ------------------------------------------------------------ changes
    def refresh(self) -> bool:
        """Bring the game up to date; whether the version changed (the game, or the error
        the page shows)."""
        with self._lock:
            error_before = self.error
            try:
                changed = self._update()
            except FollowError as exc:
                self.error, changed = str(exc), False
            else:
                if changed:
                    self.error = None
            if changed or self.error != error_before:
                self.version += 1
                return True
            return False

    def _update(self) -> bool:
        """Read the game; whether it changed (raise :class:`FollowError` when it cannot)."""
        raise NotImplementedError

    def changed(self) -> None:
        """Say the game changed (the TUI calls it after a command, undo or rewind): the
        server refreshes at once rather than at its next poll.  Cheap; any thread."""
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # a closed server must not disturb the banker
                pass

    def add_listener(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (from the caller's thread) on every :meth:`changed`."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[], None]) -> None:
        """Stop calling ``listener``."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    # ------------------------------------------------------------ views
    def _cached(self, key: str, make: Callable[[], Any]) -> Any:
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None and hit[0] == self.version:
                return hit[1]
            value = make()
            self._cache[key] = (self.version, value)
            return value

    def _need(self) -> _Tracker:
        if self._tracker is None:  # pragma: no cover - every source starts with a game
            raise FollowError("no game")
        return self._tracker

    def state_json(self) -> dict[str, Any]:
        """The spec's state JSON of the game as last read (computed once per version)."""
        return self._cached("state", lambda: self._need().frame.state_json(self._need().state))

    def snapshot(self) -> dict[str, Any]:
        """What the page renders (computed once per version)::

        {"version", "label", "whatif", "title", "currency", "commands", "round", "error",
         "notices": [<a warning about the save>...], "state": <state JSON>,
         "score": <Score.to_json()>,
         "receipts": [{"number", "round", "line", "lines"}...]  (newest first),
         "log": [{"number", "round", "line", "narrated"}...]  (newest first)}
        """
        return self._cached("snapshot", self._make_snapshot)

    def game_copy(self) -> Game:
        """A read-only :class:`Game` of the game as last read: its own journal list and state
        (copies), saved nowhere; what the table view's downloads export.  Cheap: the
        journal's entries are shared (they never change), the state is cloned."""
        with self._lock:
            tracker = self._need()
            frame = tracker.frame
            game = Game.new(
                frame.title,
                [*frame.players, *frame.options],
                rules_level=tracker.state.rules_level,
            )
            lacked = tracker.checkpoints[0].extra.get(WRITTEN_WITHOUT)
            if lacked is not None:
                # a save whose writer lacked a fix of its level replays without it from the
                # start (moderator.fixes.lacked_by_writer): the copy's first checkpoint too
                game._checkpoints[0].extra[WRITTEN_WITHOUT] = lacked
            game.journal = list(tracker.entries)
            game.state = tracker.state.clone()
            game.read_only = True
            return game

    def older_log(self, before: int, count: int) -> list[dict[str, Any]]:
        """The log's entries numbered below ``before`` (at most ``count``, newest first),
        as the snapshot's ``log`` carries them: the table view's older commands."""
        with self._lock:
            return self._need().log(count, before)

    def _make_snapshot(self) -> dict[str, Any]:
        tracker = self._need()
        frame = tracker.frame
        return {
            "version": self.version,
            "label": self.label,
            "whatif": self.whatif,
            "title": frame.title,
            "currency": frame.ruleset.currency,
            "commands": len(tracker.entries),
            "round": frame.round_label(tracker.state),
            "error": self.error,
            "notices": list(self.notices),
            "state": self.state_json(),
            "score": score_state(frame, tracker.state).to_json(),
            "receipts": tracker.last_receipts(),
            "log": tracker.log(),
        }


class LiveGame(GameSource):
    """The TUI's own game, in the same process (read, never changed nor locked).

    Construct it in the thread that owns the game (the TUI's); after that the
    server reads only a copy of the journal list.
    """

    def __init__(self, game: Game, label: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.label = (
            label
            if label is not None
            else (game.path.name if game.path else game.ruleset.title_name)
        )
        self._tracker = _Tracker.of(game)
        # a game opened for writing has put its save right (a cut kept aside and cut off,
        # its length remembered anew): as a follower of the file, the page warns no more
        self.notices = game.notices() if game.read_only else []

    def _update(self) -> bool:
        tracker = self._need()
        entries = list(self.game.journal)  # one atomic copy; the TUI may append meanwhile
        known = tracker.entries
        if len(entries) == len(known) and (not entries or entries[-1] is known[-1]):
            return False
        return tracker.sync(entries)


class SaveFollower(GameSource):
    """A save file another moderator writes, followed read-only (see the module docstring).

    Raises (on construction):
        SaveError: the save cannot be opened (the message says why).
    """

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = Path(path)
        self.label = self.path.name
        self._key: tuple[int, int, int, int] | None = None
        self._digest = b""
        self._header = b""
        self._version = FORMAT_VERSION
        """The format of the save's records (:func:`moderator.journal.read_entry`)."""
        self._records: list[bytes] = []
        self.reloads = 0
        """How many times the save was read whole (the first opening included)."""
        self._shrunk: int | None = None
        """The remembered length the last whole reading found longer than the save."""
        self._others: list[str] = []
        """The last whole reading's notices besides a cut and a shorter save."""
        self._pending: tuple[bytes, int] | None = None
        """A last line without its newline seen while the file was being written (and the
        entries before it): told if it is still there once the file is quiet."""
        self._reload()

    def _stat_key(self) -> tuple[int, int, int, int]:
        try:
            info = os.stat(self.path)
        except OSError as exc:
            raise FollowError(f"{self.path}: cannot be read ({exc.strerror or exc})") from None
        return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)

    def _reload(self) -> None:
        """Open the save whole through :meth:`Game.load` (read-only, no lock)."""
        key: tuple[int, int, int, int] | None = None
        with contextlib.suppress(FollowError):  # Game.load says why it cannot be read
            key = self._stat_key()
            self._digest = _digest(self._read())
        game = Game.load(self.path, read_only=True)
        self.reloads += 1
        self._tracker = _Tracker.of(game)
        self.notices = game.notices()
        self._shrunk = game.shrunk_from
        self._others = (
            [] if game.rules_difference is None else [game.rules_difference.describe(self.path)]
        )
        self._header, self._records = game.saved_lines()
        self._version = _format_of(self._header)
        self._key = key

    def _update(self) -> bool:
        key = self._stat_key()
        racy = time.time_ns() - key[3] < RACY_NS
        if key == self._key and not racy:
            return self._tell_pending()
        data = self._read()
        digest = _digest(data)
        if digest == self._digest:
            self._key = key
            # the same bytes with another stat: a cut seen while the file was still being
            # written is told once it is quiet, whichever read first finds it so
            return False if racy else self._tell_pending()
        # each version of the file is read once, even one that fails
        self._key, self._digest = key, digest
        entries = self._entries_from(data)
        if entries is not None:
            try:
                # a file read again after an error: the page must lose the error too
                changed = self._need().sync(entries) or self.error is not None
            except FollowError:
                pass  # the full reload below says why, or finds the file replaced meanwhile
            else:
                tail = data[data.rfind(b"\n") + 1 :]
                self._pending = (tail, len(entries)) if tail and racy else None
                notices = self._notices_of(b"" if racy else tail, len(entries))
                changed = changed or notices != self.notices
                self.notices = notices
                return changed
        try:
            self._reload()
        except SaveError as exc:
            raise FollowError(str(exc)) from None
        return True

    def _tell_pending(self) -> bool:
        """A last line without its newline seen while the file was being written, still
        there once it is no longer (:data:`RACY_NS`): a cut, told now.  Whether the
        notices changed."""
        if self._pending is None:
            return False
        tail, entries = self._pending
        self._pending = None
        notices = self._notices_of(tail, entries)
        changed = notices != self.notices
        self.notices = notices
        return changed

    def _notices_of(self, tail: bytes, entries: int) -> list[str]:
        """The notices of the save read again as its writer grew it or cut it back: a last
        line without its newline (``tail``) is told as the cut it is until it is completed
        or cut off (one seen in a file still being written is told only if it is still
        there once the file is quiet: :meth:`_tell_pending`); a shorter save found by the
        last whole reading is told while the save is still shorter than the remembered
        length and that length is still remembered (a new one is only found by a whole
        reading: an undo's cut and its new length are two writes)."""
        out = []
        if tail:
            out.append(CutLine(line=entries + 2, text=tail).describe(self.path))
        known = self._shrunk
        if known is not None and entries < known and remembered_length(self.path) == known:
            out.append(shrunk_notice(self.path, known, entries))
        return out + self._others

    def _read(self) -> bytes:
        """The file's bytes (a regular file of at most :data:`MAX_SAVE_BYTES`)."""
        try:
            fd = os.open(self.path, osfiles.READ)
        except OSError as exc:
            raise FollowError(f"{self.path}: cannot be read ({exc.strerror or exc})") from None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_SAVE_BYTES:
                raise FollowError(f"{self.path}: is no longer a save file")
            chunks = []
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
        finally:
            os.close(fd)
        return b"".join(chunks)

    def _entries_from(self, data: bytes) -> list[Entry] | None:
        """The journal the file holds now, reusing the entries already known, or ``None``
        when the file is not the known header and records followed by new ones."""
        if not data.startswith(self._header):
            return None
        tracker = self._need()
        offset, kept = len(self._header), 0
        for record in self._records:
            if not data.startswith(record, offset):
                break
            offset += len(record)
            kept += 1
        lines = data[offset:].split(b"\n")
        lines.pop()  # after the last newline: nothing, or an append still being written
        entries = tracker.entries[:kept]
        records = self._records[:kept]
        for number, line in enumerate(lines, start=kept + 1):
            try:
                prev = line_digest(records[-1] if records else self._header)
            except ValueError:  # an older format's header: no chain to follow
                return None
            entry = _entry_of(line, number, prev, self._version)
            if entry is None:
                return None
            entries.append(entry)
            records.append(line + b"\n")
        self._records = records
        return entries


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def _format_of(header: bytes) -> int:
    """The format of a save whose header :meth:`Game.load` read (so it holds a version)."""
    version = json.loads(header)["format_version"]
    return version if type(version) is int else FORMAT_VERSION


def _entry_of(line: bytes, number: int, prev: str, version: int) -> Entry | None:
    """The entry of record ``number`` (of a save of format ``version``) if the line is
    exactly what the core writes for it (number, checksum chained from ``prev`` and the
    entry's JSON; its script line reads back as its command), else ``None``."""
    head = b'{"number":%d,"sha256":"' % number
    middle = b'","entry":'
    start = len(head) + 64 + len(middle)
    if not line.startswith(head) or line[len(head) + 64 : start] != middle:
        return None
    try:
        entry = read_entry(line[start:-1], version)
    except strict.Malformed:
        return None
    if record_line(number, entry_json(entry), prev) != line + b"\n":
        return None
    try:
        if parse_line(entry.line) != entry.command and not same_note(entry.line, entry.command):
            return None  # (an older moderator's line for a note stands for it, issue 28.2)
    except ParseError:
        return None
    return entry
