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
from moderator.errors import ExpectationFailed, Refusal, SaveError
from moderator.events import Event
from moderator.journal import Entry, entry_json, read_save, save_text, write_atomic
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

    # ------------------------------------------------------------ creation
    @classmethod
    def new(cls, title: str, players: list[str], path: Path | None = None) -> Game:
        """Start a game (the ``game TITLE PLAYER...`` line)."""
        ruleset = ruleset_for(title)
        if len({p.lower() for p in players}) != len(players):
            raise Refusal("two players have the same name")
        if not ruleset.min_players <= len(players) <= ruleset.max_players:
            raise Refusal(
                f"{ruleset.title} is for {ruleset.min_players} to {ruleset.max_players} players"
            )
        state = ruleset.new_state(list(players))
        game = cls(ruleset=ruleset, title=ruleset.title, players=list(players), state=state, path=path)
        game._checkpoints[0] = state.clone()
        if path is not None:
            game.save()
        return game

    @classmethod
    def from_command(cls, cmd: c.Command, path: Path | None = None) -> Game:
        """A game from a parsed ``game`` command."""
        if not isinstance(cmd, c.GameCmd):
            raise Refusal("a script starts with `game TITLE PLAYER...`")
        return cls.new(cmd.title, list(cmd.players), path)

    @classmethod
    def load(cls, path: Path, *, verify: bool = True) -> Game:
        """Open a save: validate, replay, and compare events.  The file is never written.

        Raises:
            SaveError: the file cannot be read or no longer replays.
        """
        data = read_save(path)
        try:
            game = cls.new(data.title, list(data.players))
        except Refusal as exc:
            raise SaveError(f"{path}: {exc.message}") from None
        for number, entry in enumerate(data.journal, start=1):
            events = game._apply_direct(entry.command, number, entry.line)
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
        try:
            self.ruleset.apply(self.state, cmd)
        except Refusal as exc:
            raise SaveError(f"journal entry {number} (`{line}`) is refused on replay: {exc.message}") from None
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
            return Outcome(ok=False, message="a game is already running; `game` is the first line only",
                           command=cmd)
        if isinstance(cmd, c.Expect):
            try:
                self.ruleset.apply(self.state, cmd)
            except ExpectationFailed as exc:
                return Outcome(ok=False, message=exc.message, command=cmd)
            except Refusal as exc:
                return Outcome(ok=False, message=exc.message, command=cmd)
            return Outcome(ok=True, message="as expected", command=cmd)
        trial = self.state.clone()
        receipt = None
        try:
            if isinstance(cmd, c.Run):
                receipt = self._receipt_for(cmd)
            self.ruleset.apply(trial, cmd)
            trial.ledger.check_conservation()
        except Refusal as exc:
            return Outcome(ok=False, message=exc.message, command=cmd)
        except AssertionError as exc:  # a bug must never corrupt the bank
            return Outcome(ok=False, message=f"internal error, command refused: {exc}", command=cmd)
        events = tuple(trial.ledger.events)
        trial.ledger.events = []
        entry = Entry(line=format_command(cmd), round=self.round_label(), command=cmd, events=events)
        self.state = trial
        self.journal.append(entry)
        self._entry_json.append(entry_json(entry))
        self.redo_stack.clear()
        self._maybe_checkpoint()
        self.save()
        return Outcome(ok=True, command=cmd, events=events, receipt=receipt, journaled=True)

    def _receipt_for(self, cmd: c.Run) -> Receipt | None:
        try:
            return self.ruleset.receipt(self.state.clone(), cmd.company, cmd.revenue, cmd.option)
        except (Refusal, NotImplementedError):
            return None

    def try_command(self, cmd: c.Command) -> str | None:
        """Why ``cmd`` would be refused now, or ``None`` if it would be accepted."""
        if isinstance(cmd, c.Expect):
            try:
                self.ruleset.apply(self.state, cmd)
            except Refusal as exc:
                return exc.message
            return None
        trial = self.state.clone()
        try:
            self.ruleset.apply(trial, cmd)
        except Refusal as exc:
            return exc.message
        return None

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
        """Take back the last command (kept for :meth:`redo`)."""
        if not self.journal:
            return None
        entry = self.journal.pop()
        self._entry_json.pop()
        self._drop_checkpoints_after(len(self.journal))
        self.state = self.replay(len(self.journal))
        self.redo_stack.append(entry)
        self.save()
        return entry

    def redo(self) -> Entry | None:
        """Apply again the last command taken back."""
        if not self.redo_stack:
            return None
        entry = self.redo_stack.pop()
        stack = self.redo_stack
        outcome = self.execute(entry.command)
        self.redo_stack = stack
        return entry if outcome.ok else None

    def rewind(self, upto: int, backup: Path | None = None) -> Path | None:
        """Cut the journal after ``upto`` entries; the full journal goes to a backup save."""
        written = None
        if self.path is not None:
            backup = backup or self.path.with_name(
                f"{self.path.stem}.before-rewind-{len(self.journal)}{self.path.suffix}"
            )
            write_atomic(backup, save_text(self.title, self.players, self._entry_json))
            written = backup
        del self.journal[upto:]
        del self._entry_json[upto:]
        self.redo_stack.clear()
        self._drop_checkpoints_after(upto)
        self.state = self.replay(upto)
        self.save()
        return written

    def _drop_checkpoints_after(self, n: int) -> None:
        for k in [k for k in self._checkpoints if k > n]:
            del self._checkpoints[k]

    # ------------------------------------------------------------ saving / views
    def save(self, path: Path | None = None) -> None:
        """Write the save file atomically (every accepted command calls this)."""
        target = path or self.path
        if target is None:
            return
        write_atomic(Path(target), save_text(self.title, self.players, self._entry_json))
        if path is not None:
            self.path = Path(path)

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


def load_or_none(path: Path) -> tuple[Game | None, str | None]:
    """Load a save, returning the game or the reason it could not be opened."""
    try:
        return Game.load(path), None
    except SaveError as exc:
        return None, str(exc)
