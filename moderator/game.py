"""A game in progress: ruleset + state + journal, the one API every front end uses.

The flow of one command (see ``shared/spec/design.md``)::

    line -> parse -> ruleset.apply to the state (a run returns its receipt)
         -> refused: the state is rebuilt as the fold of the journal (from the
            nearest checkpoint), so nothing changes; the reason is returned
         -> accepted: the command and its events are appended to the save file
            (one line, fsync) and the entry joins the journal; a save that
            cannot be written refuses the command (and the state is rebuilt)

State is the fold of the journal: :meth:`Game.replay` rebuilds it from the
commands, which is how loading, undo and history browsing work.  Applying a
new command never replays the journal.

A game with a save file holds it for writing (an advisory lock, see
:mod:`moderator.lock`) from :meth:`Game.new`, :meth:`Game.load` or
:meth:`Game.save` until :meth:`Game.close`, so two moderators never write one
save.  ``Game.load(path, read_only=True)`` takes no lock and refuses to change.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from moderator import commands as c
from moderator.errors import Refusal, SaveError
from moderator.events import Event, RoundStarted
from moderator.journal import (
    Entry,
    LoadedSave,
    SizeMismatch,
    append_record,
    entry_json,
    header_line,
    load_save,
    new_entry,
    printable,
    record_line,
    remove_stale_temps,
    truncate_save,
    write_atomic,
)
from moderator.lock import SaveLock, SaveLocked, SaveReadOnly
from moderator.narrate import Effects, split
from moderator.script import ParseError, format_command, parse_line
from moderator.state import GameState
from moderator.text import first_unsafe
from rulesets import ruleset_for
from rulesets.base import Receipt, Ruleset

__all__ = ["Game", "Outcome", "SaveLocked", "SaveReadOnly", "check_player_name", "load_or_none"]

MAX_NAME_LENGTH = 40
"""The longest player name accepted: room for a full name, not for a paragraph."""


def check_player_name(name: str) -> None:
    """Refuse a name the table cannot read or a terminal would act on.

    Raises:
        Refusal: blank, with a control character, or longer than :data:`MAX_NAME_LENGTH`.
    """
    if not name.strip():
        raise Refusal("a player's name may not be blank")
    bad = first_unsafe(name)
    if bad is not None:
        raise Refusal(f"a player's name may not contain control characters (U+{ord(bad):04X})")
    if len(name) > MAX_NAME_LENGTH:
        raise Refusal(
            f"a player's name may be at most {MAX_NAME_LENGTH} characters (one has {len(name)})"
        )


CHECKPOINT_EVERY = 100

READ_BACK_KEPT = 1024
"""How many script lines :data:`_READ_BACK` remembers (``pass Amy``, ``done NYC``...)."""
_READ_BACK: dict[str, c.Command] = {}
"""Lines proven to read back as their command, so a repeated line is not parsed again."""
"""Replays start from a cached state every this many journal entries."""


@dataclass(slots=True)
class Outcome:
    """What happened to one command."""

    ok: bool
    message: str = ""
    command: c.Command | None = None
    events: tuple[Event, ...] = ()
    receipt: Receipt | None = None
    journaled: bool = False
    save_failed: bool = False
    """The rules accepted the command but the save could not be written (disk full,
    read-only): nothing was applied."""


@dataclass
class Game:
    """A game: its ruleset, current state, journal and (optionally) its save file.

    ``path`` is the save as the user named it; a symlink is resolved once, when
    the game takes the save, and written through to its target.  Change the
    save with :meth:`save`, not by setting ``path`` (``path = None`` stops
    saving).
    """

    ruleset: Ruleset
    title: str
    players: list[str]
    state: GameState
    options: tuple[str, ...] = ()
    """The title's option words of the ``game`` line (1847 AE: ``variant``)."""
    journal: list[Entry] = field(default_factory=list)
    redo_stack: list[Entry] = field(default_factory=list)
    path: Path | None = None
    _checkpoints: dict[int, GameState] = field(default_factory=dict)
    read_only: bool = False
    """Opened read-only (or closed): nothing is applied and the save is never written."""
    _lock: SaveLock | None = field(default=None, repr=False, compare=False)
    _target: Path | None = field(default=None, repr=False, compare=False)
    """The file written: ``path`` with symlinks resolved when the game took it."""
    _records: list[bytes | None] = field(default_factory=list, repr=False, compare=False)
    """The save's record line of every journal entry, as written; ``None`` for an entry
    made while the game had no save file (made when the game is first saved)."""
    _sizes: list[int] = field(default_factory=list, repr=False, compare=False)
    """``_sizes[k]``: the save's length in bytes with the first k records."""
    _rewrite: bool = field(default=False, repr=False, compare=False)
    """The file on disk is not (known to be) header + records: the next write replaces it."""
    derived: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """Caches of views derived from the journal (the history's replay); never saved."""

    # ------------------------------------------------------------ creation
    @classmethod
    def new(cls, title: str, players: list[str], path: Path | None = None) -> Game:
        """Start a game (the ``game TITLE PLAYER...`` line); with ``path``, save and lock it.

        Raises:
            Refusal: an unknown title, or a player list the title or the table cannot use.
            SaveLocked: ``path`` is open for writing in another moderator.
            OSError: ``path`` cannot be written.
        """
        ruleset = ruleset_for(title)
        players, options = ruleset.split_options(list(players))
        for name in players:
            check_player_name(name)
        if len({p.lower() for p in players}) != len(players):
            raise Refusal("two players have the same name")
        if not ruleset.min_players <= len(players) <= ruleset.max_players:
            raise Refusal(
                f"{ruleset.title} is for {ruleset.min_players} to {ruleset.max_players} players"
            )
        state = ruleset.new_state(list(players), options)
        game = cls(
            ruleset=ruleset, title=ruleset.title, players=list(players), state=state,
            options=options,
        )
        game._checkpoints[0] = state.clone()
        if path is not None:
            game.save(Path(path))
        return game

    @classmethod
    def from_command(cls, cmd: c.Command, path: Path | None = None) -> Game:
        """A game from a parsed ``game`` command."""
        if not isinstance(cmd, c.GameCmd):
            raise Refusal("a script starts with `game TITLE PLAYER...`")
        return cls.new(cmd.title, list(cmd.players), path)

    @classmethod
    def load(cls, path: Path, *, verify: bool = True, read_only: bool = False) -> Game:
        """Open a save: validate, replay, and compare events.

        Opened for writing (the default) the game holds the save until
        :meth:`close`: it is locked first, then read; an append a crash cut
        short (never acknowledged) is cut off the file, and temporary files a
        kill left beside it are removed.  Nothing else is written until a
        command is.  ``read_only=True`` takes no lock, never writes, and the
        game refuses to change.

        Raises:
            SaveLocked: another moderator has the save open for writing.
            SaveError: the file cannot be read or no longer replays (it is left untouched).
        """
        path = Path(path)
        target = Path(os.path.realpath(path))
        lock = None if read_only else SaveLock.acquire(target, path)
        try:
            loaded = load_save(path)
            game = cls._replay_save(path, loaded, verify=verify)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        game.path, game._target, game.read_only, game._lock = path, target, read_only, lock
        if loaded.records is None:  # an older format: the first write rewrites it as format 2
            game._records = [
                record_line(n, entry_json(e)) for n, e in enumerate(game.journal, start=1)
            ]
            game._rewrite = True
        else:
            game._records = list(loaded.records)
            size = loaded.size - sum(len(r) for r in game._records)  # the header as on disk
            game._sizes = [size]
            for record in game._records:
                size += len(record)
                game._sizes.append(size)
        if not read_only:
            game._tidy(torn=loaded.torn)
        return game

    @classmethod
    def _replay_save(cls, path: Path, loaded: LoadedSave, *, verify: bool) -> Game:
        """A game from a save's content: every entry checked, replayed and compared."""
        data = loaded.save
        try:
            game = cls.new(data.title, list(data.players))
        except Refusal as exc:
            raise SaveError(f"{path}: {printable(exc.message)}") from None
        for number, entry in enumerate(data.journal, start=1):
            try:
                _check_line(entry, number)
                events = game._apply_direct(entry.command, number, entry.line)
            except SaveError as exc:
                raise SaveError(f"{path}: {exc}; the file was left untouched") from None
            if verify and tuple(events) != tuple(entry.events):
                raise SaveError(
                    f"{path}: journal entry {number} (`{printable(entry.line)}`) no longer "
                    f"replays the same way; the file was left untouched"
                )
            game.journal.append(entry)
            game._maybe_checkpoint()
        return game

    def _tidy(self, *, torn: bool) -> None:
        """Once the save is held: cut off an interrupted append, remove stale temporary files."""
        assert self._target is not None
        remove_stale_temps(self._target)
        if torn:
            try:
                truncate_save(self._target, self._sizes[-1], os.stat(self._target).st_size)
            except OSError:  # e.g. a read-only file: rewritten whole by the first write
                self._rewrite = True

    def _apply_direct(self, cmd: c.Command, number: int, line: str) -> list[Event]:
        """Apply a journaled command straight to the state (replay)."""
        where = f"journal entry {number} (`{printable(line)}`)"
        if isinstance(cmd, (c.GameCmd, c.Expect)):
            raise SaveError(f"{where} is a `{cmd.kind}` line, which is never journaled")
        try:
            self.ruleset.apply(self.state, cmd)
            self.state.ledger.check_conservation()
        except Refusal as exc:
            raise SaveError(f"{where} is refused on replay: {exc.message}") from None
        except Exception as exc:
            raise SaveError(f"{where} cannot be replayed: {type(exc).__name__}: {exc}") from None
        events = self.state.ledger.events
        self.state.ledger.events = []
        return events

    def _maybe_checkpoint(self) -> None:
        n = len(self.journal)
        if n % CHECKPOINT_EVERY == 0:
            self._checkpoints[n] = self.state.clone()

    # ------------------------------------------------------------ commands
    def execute(self, text_or_cmd: str | c.Command) -> Outcome:
        """Apply one command (a script line or a parsed command) and autosave it."""
        try:
            cmd = parse_line(text_or_cmd) if isinstance(text_or_cmd, str) else text_or_cmd
        except ParseError as exc:
            return Outcome(ok=False, message=exc.message)
        if cmd is None:
            return Outcome(ok=True, message="")
        if isinstance(cmd, c.GameCmd):
            return Outcome(
                ok=False,
                message="a game is already running; `game` is the first line only",
                command=cmd,
            )
        if isinstance(cmd, c.Expect):
            reason = self.try_command(cmd)
            if reason is not None:
                return Outcome(ok=False, message=reason, command=cmd)
            return Outcome(ok=True, message="as expected", command=cmd)
        if self.read_only:
            return Outcome(ok=False, message=self._read_only_reason(), command=cmd)
        try:
            return self._accept(cmd, text_or_cmd if isinstance(text_or_cmd, str) else None)
        except OSError as exc:
            why = exc.strerror or str(exc)
            message = f"not saved, so not applied: cannot write {self.path} ({why})"
            return Outcome(ok=False, message=message, command=cmd, save_failed=True)

    def _accept(self, cmd: c.Command, text: str | None = None) -> Outcome:
        """Apply ``cmd`` to the state, save it, and journal it.

        The command is applied in place: copying the whole state for every command
        cost more than the rules themselves.  A command that is refused (or breaks a
        rule of the ledger, or cannot be saved) may have changed the state halfway, so
        the state is then rebuilt as the fold of the journal, from the nearest
        checkpoint: a refused command leaves no trace, at a cost paid only on refusals.

        Raises:
            OSError: the save could not be written (nothing changed).
        """
        state = self.state
        state.ledger.events = []
        given_in = self.round_label()
        try:
            # A run's receipt is the one the rules paid from, worked out before paying.
            result = self.ruleset.apply(state, cmd)
            state.ledger.check_conservation()
        except Refusal as exc:
            self._restore()
            return Outcome(ok=False, message=exc.message, command=cmd)
        except Exception as exc:  # a bug must never crash the app or corrupt the bank
            self._restore()
            return Outcome(ok=False, message=_internal(exc), command=cmd)
        receipt = result if isinstance(cmd, c.Run) else None
        line = format_command(cmd)
        # ``text`` was parsed into ``cmd``: if it is the very line, it reads back as ``cmd``;
        # so does a line already proven to (parsing is deterministic).
        if (text is not None and text.strip() == line) or _proven(line, cmd):
            reason = None
        else:
            reason = _unsaveable(cmd, line)
            if reason is None:
                _remember_read_back(line, cmd)
        if reason is not None:
            self._restore()
            return Outcome(ok=False, message=reason, command=cmd)
        events = tuple(state.ledger.events)
        state.ledger.events = []
        # Every field is the program's own, already validated: no second validation.
        entry = new_entry(line, self._round_of(events, given_in), cmd, events)
        record = None
        if self._target is not None:
            record = record_line(len(self.journal) + 1, entry_json(entry))
        try:
            if record is not None:
                self._disk_append(record)
        except BaseException:
            self._restore()
            raise
        self.journal.append(entry)
        self._records.append(record)
        self.redo_stack.clear()
        self._maybe_checkpoint()
        return Outcome(ok=True, command=cmd, events=events, receipt=receipt, journaled=True)

    def _restore(self) -> None:
        """Make the state the fold of the journal again (after a refused command)."""
        self.state = self.replay(len(self.journal))

    def _round_of(self, events: tuple[Event, ...], given_in: str) -> str:
        """The round a command was given in.

        The setup ends without a command of its own: the first stock-round command
        (1846: the first ``par`` after the private distribution) starts stock round 1
        before it acts, and belongs to it.  Any other command belongs to the round it
        was given in, also when it ends that round (``done IC`` closing OR 1.1).
        """
        if given_in == "setup" and events and isinstance(events[0], RoundStarted):
            first = events[0]
            if first.round_kind == "SR":
                return f"SR {first.number}"
            return f"OR {first.number}.{first.or_number}"
        return given_in

    def try_command(self, cmd: c.Command) -> str | None:
        """Why ``cmd`` would be refused now, or ``None`` if it would be accepted."""
        if isinstance(cmd, c.Expect):  # a check reads the state and changes nothing
            try:
                self.ruleset.apply(self.state, cmd)
            except Refusal as exc:
                return exc.message
            except Exception as exc:
                return _internal(exc)
            return None
        outcome = self.preview(cmd)
        return outcome if isinstance(outcome, str) else None

    def preview(self, cmd: c.Command) -> tuple[Event, ...] | str:
        """The events ``cmd`` would cause now, or the reason it would be refused.

        Dialogs use it to show what a choice moves before the banker confirms it;
        it works on a copy of the state, so nothing changes.
        """
        if isinstance(cmd, c.GameCmd):
            return "a game is already running; `game` is the first line only"
        trial = self.state.clone()
        try:
            self.ruleset.apply(trial, cmd)
            trial.ledger.check_conservation()
        except Refusal as exc:
            return exc.message
        except Exception as exc:  # a bug must not crash the screen or the bank
            return _internal(exc)
        return tuple(trial.ledger.events)

    def forecast(self, cmd: c.Command) -> Effects | str:
        """What ``cmd`` would do now, split into its own effect and what would follow by
        itself (``moderator.narrate.split``), or the reason it would be refused.

        The events are :meth:`preview`'s: the rules applied to a copy of the state, the
        code path of :meth:`execute`.  A dialog shows the own effect as the command's
        figure and every follow-up as a line of its own (issue 18.4).
        """
        events = self.preview(cmd)
        if isinstance(events, str):
            return events
        return split(cmd, events)

    def legal_commands(self) -> list[c.Command]:
        """Commands the rules accept now, from the ruleset's candidates."""
        return [cmd for cmd in self.ruleset.candidates(self.state) if self.try_command(cmd) is None]

    def receipt(
        self, company: str, revenue: int, option: str | None = None, mail: int | None = None
    ) -> Receipt:
        """The payout receipt of a run, without running it (raises :class:`Refusal`);
        ``mail``: 1853's mail run, paid to the company (4.6.6).  Receipts only read the
        state (``tests/core/test_game.py`` checks every title), so none is copied."""
        return self.ruleset.receipt(self.state, company, revenue, option, mail)

    # ------------------------------------------------------------ undo / history
    def replay(self, upto: int) -> GameState:
        """The state after the first ``upto`` journal entries (history browsing)."""
        upto = max(0, min(upto, len(self.journal)))
        start = max(k for k in self._checkpoints if k <= upto)
        state = self._checkpoints[start].clone()
        for entry in self.journal[start:upto]:
            self.ruleset.apply(state, entry.command)
            state.ledger.events = []
        return state

    def initial_state(self) -> GameState:
        """The state before the first journal entry (a copy)."""
        return self._checkpoints[0].clone()

    def undo(self) -> Entry | None:
        """Take back the last command (kept for :meth:`redo`).

        The save is cut back first; if it cannot be, nothing changes.

        Raises:
            SaveReadOnly: the game is read-only (or closed).
            OSError: the save cannot be written (the game is exactly as it was).
        """
        self._check_writable()
        if not self.journal:
            return None
        self._disk_cut(len(self.journal) - 1)
        entry = self.journal.pop()
        self._records.pop()
        self._drop_checkpoints_after(len(self.journal))
        self.state = self.replay(len(self.journal))
        self.redo_stack.append(entry)
        return entry

    def redo(self) -> Entry | None:
        """Apply again the last command taken back.

        Raises:
            SaveReadOnly: the game is read-only (or closed).
            OSError: the save cannot be written (the game and its redo stack are unchanged).
        """
        self._check_writable()
        if not self.redo_stack:
            return None
        entry = self.redo_stack.pop()
        stack = list(self.redo_stack)  # accepting a command clears the stack; keep the rest
        try:
            outcome = self._accept(entry.command)
        except BaseException:
            self.redo_stack = [*stack, entry]
            raise
        if not outcome.ok:
            self.redo_stack = [*stack, entry]
            return None
        self.redo_stack = stack
        return self.journal[-1]

    def rewind(self, upto: int, backup: Path | None = None) -> Path | None:
        """Cut the journal after ``upto`` entries; the full journal goes to a backup save.

        The backup is written to ``backup`` if given, else beside the save file
        (``NAME.before-rewind-N.json``, never overwriting an earlier backup).
        Returns the backup's path, or ``None`` when there was nowhere to write one.

        Raises:
            ValueError: ``upto`` is negative.
            SaveReadOnly: the game is read-only (or closed).
            OSError: the backup or the save cannot be written (the game is exactly as
                it was, and no backup is left behind).
        """
        if upto < 0:
            raise ValueError(f"cannot rewind to entry {upto}")
        self._check_writable()
        upto = min(upto, len(self.journal))
        written = None
        if backup is None and self.path is not None:
            backup = self._free_backup_name()
        if backup is not None:
            write_atomic(Path(backup), self._header() + b"".join(self._all_records()))
            written = Path(backup)
        try:
            self._disk_cut(upto)
        except BaseException:
            if written is not None:
                written.unlink(missing_ok=True)
            raise
        del self.journal[upto:]
        del self._records[upto:]
        self.redo_stack.clear()
        self._drop_checkpoints_after(upto)
        self.state = self.replay(upto)
        return written

    def _free_backup_name(self) -> Path:
        assert self.path is not None
        stem = f"{self.path.stem}.before-rewind-{len(self.journal)}"
        candidate = self.path.with_name(stem + self.path.suffix)
        n = 2
        while candidate.exists():
            candidate = self.path.with_name(f"{stem}-{n}{self.path.suffix}")
            n += 1
        return candidate

    def _drop_checkpoints_after(self, n: int) -> None:
        for k in [k for k in self._checkpoints if k > n]:
            del self._checkpoints[k]

    # ------------------------------------------------------------ the save file
    def save(self, path: Path | None = None) -> None:
        """Write the whole save file atomically; with ``path``, "save as".

        "Save as" takes ``path`` (locks it, resolving a symlink once), writes
        the game there, and lets go of the previous save; a read-only game
        saved to a new path becomes writable there.

        Raises:
            SaveLocked: ``path`` is open for writing in another moderator.
            SaveReadOnly: no ``path`` and the game is read-only.
            OSError: the file cannot be written (the game keeps its save).
        """
        if path is None:
            if self.path is None:
                return
            self._check_writable()
            self._disk_whole(self._all_records())
            return
        path = Path(path)
        target = Path(os.path.realpath(path))
        mine = self._lock is not None and self._lock.held and self._lock.save == target
        lock = self._lock if mine else SaveLock.acquire(target, path)
        assert lock is not None
        old = (self.path, self._target, self._sizes, self._rewrite)
        self.path, self._target = path, target
        try:
            remove_stale_temps(target)
            self._disk_whole(self._all_records())
        except BaseException:
            self.path, self._target, self._sizes, self._rewrite = old
            if not mine:
                lock.release()
            raise
        if not mine and self._lock is not None:
            self._lock.release()
        self._lock = lock
        lock.follow()  # the file just written at the name is the one to hold (hard links)
        self.read_only = False

    def close(self) -> None:
        """Let go of the save (its lock); the game stays readable but no longer changes.

        Closing twice is harmless; a game that is dropped without closing lets
        go of its save when it is collected.
        """
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()
        if self.path is not None:
            self.read_only = True

    def __enter__(self) -> Game:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        lock = getattr(self, "_lock", None)
        if lock is not None:
            lock.release()

    def _read_only_reason(self) -> str:
        if self._lock is None and self._target is not None and self.read_only:
            return (
                f"{self.path} is open read-only here (or was closed), so nothing was applied; "
                "open it for writing to play on"
            )
        return f"{self.path} is open read-only here, so nothing was applied"

    def _check_writable(self) -> None:
        if self.read_only:
            raise SaveReadOnly(self._read_only_reason())

    def _all_records(self) -> list[bytes]:
        """Every entry's record, making those of entries made without a save file."""
        records = self._records
        for n, record in enumerate(records):
            if record is None:
                records[n] = record_line(n + 1, entry_json(self.journal[n]))
        return records  # type: ignore[return-value]

    def _header(self) -> bytes:
        return header_line(self.title, [*self.players, *self.options])

    def _disk_append(self, record: bytes) -> None:
        """Put one more record in the save: one write and one fsync (nothing without a file)."""
        if self.path is None or self._target is None:
            return
        if not self._rewrite:
            try:
                self._sizes.append(append_record(self._target, record, self._sizes[-1]))
                return
            except (SizeMismatch, FileNotFoundError):
                pass  # not the file this game left: write it whole
        self._disk_whole([*self._all_records(), record])

    def _disk_cut(self, keep: int) -> None:
        """Cut the save back to its first ``keep`` records (nothing without a file).

        Cutting a file at the end of a record is as safe as a rename: a crash
        leaves the file either as it was or cut.
        """
        if self.path is None or self._target is None:
            return
        if not self._rewrite:
            try:
                truncate_save(self._target, self._sizes[keep], self._sizes[-1])
                del self._sizes[keep + 1 :]
                return
            except (SizeMismatch, FileNotFoundError):
                pass
            except OSError:
                self._restore_tail(keep)
                raise
        self._disk_whole(self._all_records()[:keep])

    def _restore_tail(self, keep: int) -> None:
        """After a cut that failed (its fsync, say): put the records after ``keep`` back, so
        the file says what the game still holds; if even that fails, rewrite it next time."""
        assert self._target is not None
        try:
            fd = os.open(self._target, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        except OSError:
            self._rewrite = True
            return
        try:
            size = os.fstat(fd).st_size
            if size == self._sizes[-1]:
                return  # the cut never happened
            if size != self._sizes[keep]:
                self._rewrite = True
                return
            tail = memoryview(b"".join(self._all_records()[keep:]))
            while tail:
                tail = tail[os.write(fd, tail) :]
            try:
                os.fsync(fd)
            except OSError:  # the bytes are back in the file; the disk is failing anyway
                pass
        except OSError:
            self._rewrite = True
        finally:
            os.close(fd)

    def _disk_whole(self, records: list[bytes]) -> None:
        """Replace the save with the header and ``records`` (temp file, fsync, rename)."""
        assert self._target is not None
        header = self._header()
        write_atomic(self._target, header + b"".join(records))
        if self._lock is not None:
            self._lock.follow()  # a new file is at the name now: lock it (hard links)
        sizes = [len(header)]
        for record in records:
            sizes.append(sizes[-1] + len(record))
        self._sizes, self._rewrite = sizes, False

    # ------------------------------------------------------------ views
    def round_label(self, state: GameState | None = None) -> str:
        """``setup``, ``SR 3`` or ``OR 3.1``."""
        s = state or self.state
        if s.round_kind == "setup":
            return "setup"
        if s.round_kind == "SR":
            return f"SR {s.round_number}"
        return f"OR {s.round_number}.{s.or_number}"

    def state_json(self, state: GameState | None = None) -> dict[str, Any]:
        """The spec's state JSON."""
        return self.ruleset.state_json(state or self.state)

    def script(self) -> str:
        """The game as a banker script (``game`` line plus the journal)."""
        head = format_command(
            c.GameCmd(title=self.title, players=(*self.players, *self.options))
        )
        return "\n".join([head, *(e.line for e in self.journal)]) + "\n"


def _check_line(entry: Entry, number: int) -> None:
    """A journal entry's line must read back as its command (what is shown is what applies).

    Raises:
        SaveError: the line does not parse, or parses to another command.
    """
    if _proven(entry.line, entry.command):
        return  # this very line was proven to read back as this command
    shown = printable(entry.line)
    try:
        parsed = parse_line(entry.line)
    except ParseError as exc:
        raise SaveError(
            f"journal entry {number} shows `{shown}`, which is not a command ({exc.message})"
        ) from None
    if not _same(parsed, entry.command):
        raise SaveError(f"journal entry {number} shows `{shown}` but holds a different command")
    _remember_read_back(entry.line, parsed)


def _same(a: c.Command | None, b: c.Command) -> bool:
    """``a == b`` for commands, without pydantic's general ``==`` (once per command).

    Commands are frozen models of plain fields with no extras or private attributes:
    same type and equal field dicts make equal commands.
    """
    return a is b or (a is not None and type(a) is type(b) and a.__dict__ == b.__dict__)


def _proven(line: str, cmd: c.Command) -> bool:
    """``line`` was proven to read back as ``cmd``."""
    return _same(_READ_BACK.get(line), cmd)


def _remember_read_back(line: str, cmd: c.Command) -> None:
    """Remember that ``line`` reads back as ``cmd`` (a bounded memory)."""
    if len(_READ_BACK) >= READ_BACK_KEPT:
        _READ_BACK.clear()
    _READ_BACK[line] = cmd


def _unsaveable(cmd: c.Command, line: str) -> str | None:
    """Why ``cmd`` cannot be journaled as ``line`` (its line must read back as it), or None.

    A save is replayed from its commands but shown (and printed as a script)
    by their lines; a command its own line does not give back would be shown
    as one command and applied as another, so it is refused before it applies.
    """
    try:
        parsed = parse_line(line)
    except ParseError as exc:
        return f"not applied: as a banker-script line (`{printable(line)}`) {exc.message}"
    except Exception as exc:  # pragma: no cover - a parser bug must not crash the app
        return _internal(exc)
    if not _same(parsed, cmd):
        return (
            f"not applied: `{printable(line)}` would not read back as the same command, "
            "so it could not be saved faithfully"
        )
    return None


def _internal(exc: Exception) -> str:
    return f"internal error, command refused: {type(exc).__name__}: {exc}"


def load_or_none(path: Path) -> tuple[Game | None, str | None]:
    """Load a save, returning the game or the reason it could not be opened."""
    try:
        return Game.load(path), None
    except SaveError as exc:
        return None, str(exc)
