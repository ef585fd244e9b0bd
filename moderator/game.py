"""A game in progress: ruleset + state + journal, the one API every front end uses.

The flow of one command (see ``shared/spec/design.md``)::

    line -> parse -> ruleset.apply on a clone of the state
         -> refused: nothing changes, the reason is returned
         -> accepted: the clone becomes the state, the command and its events are
            appended to the journal, and the save file is rewritten atomically

State is the fold of the journal: :meth:`Game.replay` rebuilds it from the
commands, which is how loading, undo and history browsing work.  Applying a
new command never replays the journal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from moderator import commands as c
from moderator.errors import Refusal, SaveError
from moderator.events import Event, RoundStarted
from moderator.journal import Entry, entry_json, read_save, save_text, write_atomic
from moderator.lock import SaveLock, SaveLocked, SaveReadOnly
from moderator.script import ParseError, format_command, parse_line
from moderator.state import GameState
from rulesets import ruleset_for
from rulesets.base import Receipt, Ruleset

CHECKPOINT_EVERY = 100
"""Replays start from a cached state every this many journal entries."""


@dataclass
class Outcome:
    """What happened to one command."""

    ok: bool
    message: str = ""
    command: c.Command | None = None
    events: tuple[Event, ...] = ()
    receipt: Receipt | None = None
    journaled: bool = False


@dataclass
class Game:
    """A game: its ruleset, current state, journal and (optionally) its save file."""

    ruleset: Ruleset
    title: str
    players: list[str]
    state: GameState
    journal: list[Entry] = field(default_factory=list)
    redo_stack: list[Entry] = field(default_factory=list)
    path: Path | None = None
    _entry_json: list[str] = field(default_factory=list)
    _checkpoints: dict[int, GameState] = field(default_factory=dict)
    read_only: bool = False
    """Opened read-only (or closed): nothing is applied and the save is never written."""
    _lock: SaveLock | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------ creation
    @classmethod
    def new(cls, title: str, players: list[str], path: Path | None = None) -> Game:
        """Start a game (the ``game TITLE PLAYER...`` line)."""
        ruleset = ruleset_for(title)
        if any(not p.strip() for p in players):
            raise Refusal("a player's name may not be blank")
        if len({p.lower() for p in players}) != len(players):
            raise Refusal("two players have the same name")
        if not ruleset.min_players <= len(players) <= ruleset.max_players:
            raise Refusal(
                f"{ruleset.title} is for {ruleset.min_players} to {ruleset.max_players} players"
            )
        state = ruleset.new_state(list(players))
        game = cls(ruleset=ruleset, title=ruleset.title, players=list(players), state=state)
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

        Opened for writing (the default) the game locks the save until
        :meth:`close`; ``read_only=True`` takes no lock and the game refuses
        to change.

        Raises:
            SaveLocked: another moderator has the save open for writing.
            SaveError: the file cannot be read or no longer replays.
        """
        path = Path(path)
        lock = None if read_only else SaveLock.acquire(path.resolve(), path)
        try:
            game = cls._load(path, verify=verify)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        game.read_only = read_only
        game._lock = lock
        return game

    @classmethod
    def _load(cls, path: Path, *, verify: bool) -> Game:
        data = read_save(path)
        try:
            game = cls.new(data.title, list(data.players))
        except Refusal as exc:
            raise SaveError(f"{path}: {exc.message}") from None
        for number, entry in enumerate(data.journal, start=1):
            try:
                events = game._apply_direct(entry.command, number, entry.line)
            except SaveError as exc:
                raise SaveError(f"{path}: {exc}; the file was left untouched") from None
            if verify and tuple(events) != tuple(entry.events):
                raise SaveError(
                    f"{path}: journal entry {number} (`{entry.line}`) no longer replays the same "
                    f"way; the file was left untouched"
                )
            game.journal.append(entry)
            game._entry_json.append(entry_json(entry))
            game._maybe_checkpoint()
        game.path = Path(path)
        return game

    def _apply_direct(self, cmd: c.Command, number: int, line: str) -> list[Event]:
        """Apply a journaled command straight to the state (replay)."""
        where = f"journal entry {number} (`{line}`)"
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
        trial = self.state.clone()
        receipt = None
        try:
            if isinstance(cmd, c.Run):
                receipt = self._receipt_for(cmd)
            self.ruleset.apply(trial, cmd)
            trial.ledger.check_conservation()
        except Refusal as exc:
            return Outcome(ok=False, message=exc.message, command=cmd)
        except Exception as exc:  # a bug must never crash the app or corrupt the bank
            return Outcome(ok=False, message=_internal(exc), command=cmd)
        events = tuple(trial.ledger.events)
        trial.ledger.events = []
        entry = Entry(
            line=format_command(cmd), round=self._round_of(events), command=cmd, events=events
        )
        text = entry_json(entry)
        try:
            self._write(self._entry_json + [text])
        except OSError as exc:
            why = exc.strerror or str(exc)
            message = f"not saved, so not applied: cannot write {self.path} ({why})"
            return Outcome(ok=False, message=message, command=cmd)
        self.state = trial
        self.journal.append(entry)
        self._entry_json.append(text)
        self.redo_stack.clear()
        self._maybe_checkpoint()
        return Outcome(ok=True, command=cmd, events=events, receipt=receipt, journaled=True)

    def _round_of(self, events: tuple[Event, ...]) -> str:
        """The round a command belongs to: the current one, or the one it opened first.

        The setup ends without a command of its own: the first stock-round
        command (1846: the first ``par`` after the private distribution) starts
        stock round 1 before it acts, and belongs to it.
        """
        if events and isinstance(events[0], RoundStarted):
            first = events[0]
            if first.round_kind == "SR":
                return f"SR {first.number}"
            return f"OR {first.number}.{first.or_number}"
        return self.round_label()

    def _receipt_for(self, cmd: c.Run) -> Receipt | None:
        try:
            return self.ruleset.receipt(self.state.clone(), cmd.company, cmd.revenue, cmd.option)
        except Exception:  # a receipt is a courtesy; the run itself decides
            return None

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

    def legal_commands(self) -> list[c.Command]:
        """Commands the rules accept now, from the ruleset's candidates."""
        return [cmd for cmd in self.ruleset.candidates(self.state) if self.try_command(cmd) is None]

    def receipt(self, company: str, revenue: int, option: str | None = None) -> Receipt:
        """The payout receipt of a run, without running it (raises :class:`Refusal`)."""
        return self.ruleset.receipt(self.state.clone(), company, revenue, option)

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

    def undo(self) -> Entry | None:
        """Take back the last command (kept for :meth:`redo`).

        The save file is rewritten first; if it cannot be, nothing changes and
        the :class:`OSError` propagates.
        """
        self._check_writable()
        if not self.journal:
            return None
        self._write(self._entry_json[:-1])
        entry = self.journal.pop()
        self._entry_json.pop()
        self._drop_checkpoints_after(len(self.journal))
        self.state = self.replay(len(self.journal))
        self.redo_stack.append(entry)
        return entry

    def redo(self) -> Entry | None:
        """Apply again the last command taken back."""
        self._check_writable()
        if not self.redo_stack:
            return None
        entry = self.redo_stack.pop()
        stack = list(self.redo_stack)  # execute() clears the stack; keep what is left
        outcome = self.execute(entry.command)
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
        """
        if upto < 0:
            raise ValueError(f"cannot rewind to entry {upto}")
        self._check_writable()
        upto = min(upto, len(self.journal))
        written = None
        if backup is None and self.path is not None:
            backup = self._free_backup_name()
        if backup is not None:
            write_atomic(Path(backup), save_text(self.title, self.players, self._entry_json))
            written = Path(backup)
        self._write(self._entry_json[:upto])
        del self.journal[upto:]
        del self._entry_json[upto:]
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

    # ------------------------------------------------------------ saving / views
    def save(self, path: Path | None = None) -> None:
        """Write the whole save file atomically; with ``path``, "save as" (locks it).

        Raises:
            SaveLocked: ``path`` is open for writing in another moderator.
            SaveReadOnly: no ``path`` and the game is read-only.
            OSError: the file cannot be written (the game is unchanged).
        """
        if path is None:
            if self.path is None:
                return
            self._check_writable()
            write_atomic(self.path, save_text(self.title, self.players, self._entry_json))
            return
        path = Path(path)
        same = self.path is not None and path.resolve() == self.path.resolve()
        if same and self._lock is not None and self._lock.held:
            lock = self._lock
        else:
            lock = SaveLock.acquire(path.resolve(), path)
        try:
            write_atomic(path, save_text(self.title, self.players, self._entry_json))
        except BaseException:
            if lock is not self._lock:
                lock.release()
            raise
        if lock is not self._lock and self._lock is not None:
            self._lock.release()
        self._lock = lock
        self.path = path
        self.read_only = False

    def close(self) -> None:
        """Let go of the save (its lock); the game stays readable but no longer changes."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None
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
        return f"{self.path} is open read-only here, so nothing was applied"

    def _check_writable(self) -> None:
        if self.read_only:
            raise SaveReadOnly(self._read_only_reason())

    def _write(self, entries_json: list[str]) -> None:
        """Write the save file with these entries (nothing when the game has no file)."""
        if self.path is not None:
            write_atomic(self.path, save_text(self.title, self.players, entries_json))

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
        head = format_command(c.GameCmd(title=self.title, players=tuple(self.players)))
        return "\n".join([head, *(e.line for e in self.journal)]) + "\n"


def _internal(exc: Exception) -> str:
    return f"internal error, command refused: {type(exc).__name__}: {exc}"


__all__ = ["Game", "Outcome", "SaveLocked", "SaveReadOnly", "load_or_none"]


def load_or_none(path: Path) -> tuple[Game | None, str | None]:
    """Load a save, returning the game or the reason it could not be opened."""
    try:
        return Game.load(path), None
    except SaveError as exc:
        return None, str(exc)
