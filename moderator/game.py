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

Saves outlive rules fixes (:mod:`moderator.fixes`).  A save records the rules
level its game is played under; loading replays it at that level, exactly as
recorded.  When today's rules are a higher level with fixes of the title in
between, the journal is replayed a second time at today's level and the first
entry that today's rules refuse or settle differently is kept in
:attr:`Game.rules_difference` (with the fixes that may explain it), for the
front ends to tell the banker.  The game plays on under its own level until
the banker rewinds to before that entry (:meth:`Game.rewind`,
:meth:`Game.upgrade`): the save is then rewritten whole at today's level.  A
save that today's rules replay the same way simply moves to today's level
(written at the next write).

Two events that differ only in wording are the same for this comparison: the
``reason`` of an event and the notes (``Noted``) are words for the banker; the
money, certificates, trains, prices, directors, rounds, turns and passes are
the rules.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Iterator
from pathlib import Path

from moderator import commands as c
from moderator import journal as journal_module
from moderator import osfiles
from moderator.dataclass_subset import dataclass, field
from moderator.errors import Refusal, SaveError
from moderator.events import Event, Noted, RoundStarted
from moderator.fixes import (
    OPTIONS_ONCE_LEVEL,
    RULES_LEVEL,
    WRITTEN_WITHOUT,
    RulesFix,
    fixes_not_followed,
    lacked_by_writer,
)
from moderator.journal import (
    FORMAT_VERSION,
    PROGRAM,
    Amendment,
    CutLine,
    Entry,
    LoadedSave,
    SizeMismatch,
    append_record,
    chain,
    entry_json,
    header_line,
    keep_cut_text,
    line_digest,
    load_save,
    new_entry,
    not_writable,
    on_read_only_disk,
    printable,
    prune_backups,
    read_record_entry,
    record_line,
    record_refusal,
    remembered_length,
    remove_stale_temps,
    same_events,
    save_format,
    text_refusal,
    truncate_save,
    writable_advice,
    write_atomic,
)
from moderator.journal import remember_length as store_length
from moderator.lock import SaveLock, SaveLocked, SaveReadOnly
from moderator.script import ParseError, format_command, parse_line, same_note
from moderator.state import GameState
from moderator.text import counted, escaped, first_unsafe
from rulesets import ruleset_for, title_name
from rulesets.base import Receipt, Ruleset

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any

    from moderator.narrate import Effects

__all__ = [
    "Game",
    "Outcome",
    "RulesDifference",
    "SaveLocked",
    "SaveReadOnly",
    "check_new_players",
    "check_player_name",
    "shrunk_notice",
    "load_or_none",
]

MAX_NAME_LENGTH = 40
"""The longest player name accepted: room for a full name, not for a paragraph."""


def check_player_name(name: str) -> None:
    """Refuse a name the table cannot read or a terminal would act on.

    Raises:
        Refusal: blank, with a control character or a double quote, or longer than
            :data:`MAX_NAME_LENGTH`.
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
    if '"' in name:  # the script quotes a name with `"` and has no way to write one in it:
        # no line could name this player, so the game would stop at his first turn
        raise Refusal(f"a player's name may not contain a double quote (`{escaped(name)}`)")


def check_new_players(names: list[str] | tuple[str, ...]) -> None:
    """Refuse a new game's player names that a table could not tell apart (issue 42.4):
    one with a space before or after it, or two equal once spaces, Unicode's two ways of
    writing an accent and case are set aside (:func:`rulesets.names.player_key`).  Only
    for new games: a save of such names, accepted before, still opens.

    Raises:
        Refusal: which names, and why.
    """
    from rulesets.names import player_key

    seen: dict[str, str] = {}
    for name in names:
        if name != name.strip():
            raise Refusal(f"a player's name may not begin or end with a space (`{escaped(name)}`)")
        other = seen.setdefault(player_key(name), name)
        if other is not name:
            raise Refusal(
                f"two players have the same name once case and accents are set aside "
                f"(`{escaped(other)}` and `{escaped(name)}`): a table could not tell them "
                f"apart; give one of them another name"
            )


def shrunk_notice(path: Path, known: int, now: int) -> str:
    """The notice of a save holding ``now`` commands that held ``known`` when moderator
    last let go of it (:attr:`Game.shrunk_from`)."""
    return (
        f"{path} held {counted(known, 'command')} when moderator last closed it, and "
        f"holds {now} now: it was cut or replaced by an older copy meanwhile (look for a "
        f"newer copy before playing on)"
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

    def __init__(
        self,
        ok: bool,
        message: str = "",
        command: c.Command | None = None,
        events: tuple[Event, ...] = (),
        receipt: Receipt | None = None,
        journaled: bool = False,
        save_failed: bool = False,
    ) -> None:
        # written out: one is made for every command (the table-reading one cost 3 µs of
        # a command's 30-40, issue 41)
        self.ok = ok
        self.message = message
        self.command = command
        self.events = events
        self.receipt = receipt
        self.journaled = journaled
        self.save_failed = save_failed


class RulesDifference(c.Record):
    """The first journal entry today's rules settle differently from the save's level."""

    number: int
    """The entry's number (1-based)."""
    line: str
    """Its script line."""
    round: str
    """The round it was given in."""
    what: str
    """What differs, in words: today's refusal, or the first event that differs."""
    fixes: tuple[RulesFix, ...]
    """The fixes of the title between the save's level and today's (one of them made it)."""
    level: int
    """The save's rules level."""

    def describe(self, path: Path | None = None) -> str:
        """The banker's notice: the entry, what differs, under which rule, what to do."""
        fixes = "; ".join(f"{title_name(f.title)} {f.rule}: {f.summary}" for f in self.fixes)
        which = "this rules fix" if len(self.fixes) == 1 else "one of these rules fixes"
        where = f"{path}: " if path is not None else ""
        back = self.number - 1
        return (
            f"{where}played under older rules (level {self.level}; today's are level "
            f"{RULES_LEVEL}). Today's rules differ from journal entry {self.number} "
            f"(`{printable(self.line)}`, {self.round}): {self.what}. Under {which}: {fixes}. "
            f"The game opens as recorded and plays on under its own rules; to play on under "
            f"today's, rewind to entry {back} (in the TUI: History, Enter on line {back}), "
            f"which keeps the full journal in a backup save."
        )


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
    cut: CutLine | None = field(default=None, repr=False, compare=False)
    """The save ended in an incomplete line when it was opened (left out of the game)."""
    cut_kept: Path | None = field(default=None, repr=False, compare=False)
    """The side file that keeps the cut line's text (opened for writing only)."""
    cut_not_kept: str | None = field(default=None, repr=False, compare=False)
    """Why the cut text could not be kept in a side file (it was then left in the save)."""
    rules_difference: RulesDifference | None = field(default=None, repr=False, compare=False)
    """The first entry today's rules settle differently, while the game is played under
    an older rules level (see the module docstring)."""
    remember_length: bool = field(default=False, repr=False, compare=False)
    """Remember beside the save how many entries it holds when it is let go of (the TUI),
    so that a save that comes back shorter is noticed (:attr:`shrunk_from`)."""
    shrunk_from: int | None = field(default=None, repr=False, compare=False)
    """How many entries the save held when last let go of, if it now holds fewer."""
    program: str | None = field(default=None, repr=False, compare=False)
    """The moderator that last wrote the save's header (``None`` before format 3)."""
    unwritable: str | None = field(default=None, repr=False, compare=False)
    """Why a save asked for writing was opened read-only: its permission bits say it is
    not to be written (:func:`moderator.journal.not_writable`; issue 20.5)."""
    _head: str | None = field(default=None, repr=False, compare=False)
    """The checksum ``_records`` chain from (``None``: not chained, an older format)."""
    _disk_header: bytes | None = field(default=None, repr=False, compare=False)
    """The header line as the save holds it (read or last written)."""
    _format: int = field(default=FORMAT_VERSION, repr=False, compare=False)
    """The save's format: :data:`~moderator.journal.AMENDED_FORMAT` once it holds an
    amendment's record (it stays so: older moderators refuse it as a newer one's)."""
    _refusal_checkpoint: int | None = field(default=None, repr=False, compare=False)
    """The journal length of the checkpoint :meth:`_restore` kept (``None``: none)."""
    checkpoints: bool = field(default=True, repr=False, compare=False)
    """Keep a copy of the state every :data:`CHECKPOINT_EVERY` new entries (undo, the
    history, a refusal's rebuild start from the nearest).  A script played in one go
    (``moderator play``) keeps none: a refusal ends it, and its one rebuild replays from
    the start (issue 41)."""

    # ------------------------------------------------------------ creation
    @classmethod
    def new(
        cls,
        title: str,
        players: list[str],
        path: Path | None = None,
        *,
        rules_level: int = RULES_LEVEL,
    ) -> Game:
        """Start a game (the ``game TITLE PLAYER...`` line); with ``path``, save and lock it.

        ``rules_level``: the rules the game is played under (an older one only to replay
        a save recorded under it, :mod:`moderator.fixes`).

        Raises:
            Refusal: an unknown title, or a player list the title or the table cannot use.
            SaveLocked: ``path`` is open for writing in another moderator.
            OSError: ``path`` cannot be written.
        """
        ruleset = ruleset_for(title)
        words = list(players)
        players, options = ruleset.split_options(words)
        doubled = ruleset.doubled_option(words, players)
        if doubled is not None and rules_level >= OPTIONS_ONCE_LEVEL:  # older saves: as written
            raise Refusal(doubled)
        for name in players:
            check_player_name(name)
        if len({p.lower() for p in players}) != len(players):
            raise Refusal("two players have the same name")
        too_many_or_few = ruleset.players_refusal(len(players))
        if too_many_or_few is not None:
            raise Refusal(too_many_or_few)
        state = ruleset.new_state(list(players), options)
        state.rules_level = rules_level
        ruleset.at_rules_level(state)
        game = cls(
            ruleset=ruleset,
            title=ruleset.title,
            players=list(players),
            state=state,
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
        ruleset = ruleset_for(cmd.title)
        check_new_players(ruleset.split_options(list(cmd.players))[0])
        return cls.new(cmd.title, list(cmd.players), path)

    @classmethod
    def load(
        cls,
        path: Path,
        *,
        verify: bool = True,
        read_only: bool = False,
        remember_length: bool = False,
    ) -> Game:
        """Open a save: validate, replay at its rules level, and compare events.

        Opened for writing (the default) the game holds the save until
        :meth:`close`: it is locked first, then read; an append a crash cut
        short (never acknowledged) is kept in a side file and cut off the
        file (:attr:`cut`, :attr:`cut_kept`), and temporary files a kill left
        beside it are removed.  Nothing else is written until a command is.
        ``read_only=True`` takes no lock, never writes, and the game refuses
        to change.  A save of an older rules level is compared with today's
        rules (:attr:`rules_difference`; skipped with ``verify=False``).
        ``remember_length``: see :attr:`remember_length` (:attr:`shrunk_from`).
        :meth:`notices` says all of it in words.

        Raises:
            SaveLocked: another moderator has the save open for writing.
            SaveError: the file cannot be read or no longer replays (it is left untouched).
        """
        path = Path(path)
        target = Path(os.path.realpath(path))
        lock = None if read_only else SaveLock.acquire(target, path)
        try:
            # verified, the replay compares each entry's events with those it makes
            loaded = load_save(path, check_events=not verify)
            game = cls._replay_save(path, loaded, verify=verify)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        game.path, game._target, game.read_only, game._lock = path, target, read_only, lock
        if not read_only:
            game.unwritable = not_writable(target)
            if game.unwritable is not None:  # refused before anything is written or tidied
                if lock is not None:
                    lock.release()
                game.read_only, game._lock = True, None
        game.program = loaded.save.program
        game.cut = loaded.cut
        # 5 stays 5; an amendment in format 4 (as the first moderator that kept them wrote
        # it) is rewritten as 5 at the first write
        game._format = max(loaded.save.format_version, save_format(loaded.records or ()))
        if loaded.records is None:  # format 1: its first write rewrites it in format 4
            header = game._header()
            game._records = chain(
                header,
                [record_line(n, entry_json(e), "") for n, e in enumerate(game.journal, start=1)],
            )
            game._head = line_digest(header)
            game._rewrite = True
        else:
            game._records = list(loaded.records)
            game._disk_header = loaded.header
            if loaded.save.format_version >= 3:
                game._head = line_digest(loaded.header)
            if loaded.unterminated:  # its last record lacks a newline: written whole next
                game._rewrite = True
            size = loaded.size - sum(len(r) for r in game._records)  # the header as on disk
            game._sizes = [size]
            for record in game._records:
                size += len(record)
                game._sizes.append(size)
        if verify:
            game._compare_with_today()
        if game._disk_header != game._header():
            # an older format, another program or rules level: the next write is whole
            game._rewrite = True
        game.remember_length = remember_length
        # every front end says when a save came back shorter than the TUI last left it
        # (issue 30.3: `state` and `play --save` opened it silently); the TUI keeps the
        # length, and a writer updates a length kept already
        known = remembered_length(target)
        if known is not None and known > len(game.journal):
            game.shrunk_from = known
        if not game.read_only:
            game._tidy(torn=loaded.torn)
            if (remember_length or known is not None) and known != len(game.journal):
                # told once: a kept length follows; one kept already as it is now is not
                # written again (a temporary file, two fsyncs: every TUI opening, issue 41)
                store_length(target, len(game.journal))
        return game

    @classmethod
    def _replay_save(
        cls, path: Path, loaded: LoadedSave, *, verify: bool, lacked: str | None = None
    ) -> Game:
        """A game from a save's content: every entry checked, replayed at the save's rules
        level and compared (its events, and the round it names); ``lacked``: a fix of that
        level its writer did not have, as one of its entries showed (replayed again from the
        start without it, :func:`moderator.fixes.lacked_by_writer`).

        Events the save left unread (:attr:`LoadedSave.events_unread`) are the replay's
        own when written as it would write them; otherwise they are read and checked
        strictly then compared, as any others."""
        data = loaded.save
        try:
            game = cls.new(data.title, list(data.players), rules_level=data.rules_level)
        except Refusal as exc:
            raise SaveError(f"{path}: {printable(exc.message)}") from None
        if lacked is not None:
            for state in (game.state, game._checkpoints[0]):
                state.extra[WRITTEN_WITHOUT] = (lacked, data.rules_level)
        unread = loaded.events_unread
        for number, entry in enumerate(data.journal, start=1):
            given_in = game.round_label()
            try:
                _check_line(entry, number)
                events = game._apply_direct(entry.command, number, entry.line)
            except SaveError as exc:
                # an entry recorded doing nothing that the fix refuses shows its writer
                # lacked it as well as one the fix settles otherwise (1 for "made"): its
                # writer gave it so, and a correction plays on under the game's own rules
                kind, at, was = entry.command.kind, entry.round or "", tuple(entry.events)
                why = lacked_by_writer(game.title, data.rules_level, kind, at, was, 1)
                if why is not None and lacked is None:
                    try:
                        return cls._replay_save(path, loaded, verify=verify, lacked=why)
                    except SaveError:
                        pass  # nor without the fix: refused as it is with it
                raise SaveError(f"{path}: {exc}; the file was left untouched") from None
            made = tuple(events)
            written = None if unread is None else unread[number - 1]
            if written is not None:
                if same_events(made, written):
                    amended = entry.amended  # an amendment's record (issue 39) stays on it
                    entry = new_entry(entry.line, entry.round, entry.command, made)
                    if amended:
                        entry = entry.model_copy(update={"amended": amended})
                else:
                    assert loaded.records is not None  # events are left unread in records only
                    record = loaded.records[number - 1]
                    entry = read_record_entry(path, number, record, data.format_version)
            if verify and made != tuple(entry.events):
                if not _reworded(entry, made):
                    kind, at, was = entry.command.kind, entry.round or "", tuple(entry.events)
                    why = lacked_by_writer(game.title, data.rules_level, kind, at, was, len(made))
                    nor = ""
                    if why is not None and lacked is None:
                        try:
                            return cls._replay_save(path, loaded, verify=verify, lacked=why)
                        except SaveError as exc:  # nor as a writer without the fix: named
                            told = str(exc).removeprefix(f"{path}: ")
                            told = told.removesuffix("; the file was left untouched")
                            nor = f", nor without the fix {why} ({told})"
                    raise SaveError(
                        f"{path}: journal entry {number} (`{printable(entry.line)}`) no longer "
                        f"replays the same way{_written_by(data.program)}{nor}; the file was "
                        f"left untouched"
                    )
                # the same rules in other words (a newer moderator words a line
                # differently): the game holds today's words, the file keeps its own
                entry = entry.model_copy(update={"events": made})
            if verify and entry.round != game._round_of(made, given_in):
                raise SaveError(
                    f"{path}: journal entry {number} (`{printable(entry.line)}`) says it was "
                    f"given in `{printable(entry.round)}`, but it was given in "
                    f"{game._round_of(made, given_in)} (the file was edited); the "
                    f"file was left untouched"
                )
            game.journal.append(entry)
            game._maybe_checkpoint()
        return game

    def _compare_with_today(self) -> None:
        """Compare a game recorded under an older rules level with today's rules.

        Cheap when nothing can differ: a game at today's level, or one whose title has
        no fix since its level (it simply moves to today's level).  Otherwise the
        journal is replayed a second time at today's level: the first entry refused or
        settled differently is kept in :attr:`rules_difference`; if none is, the game
        takes the second replay's states and moves to today's level.
        """
        level = self.state.rules_level
        if level >= RULES_LEVEL:
            return
        fixes = tuple(fixes_not_followed(self.state, self.title))
        if not fixes:
            for state in (self.state, *self._checkpoints.values()):
                state.rules_level = RULES_LEVEL
            return
        try:
            today = Game.new(self.title, [*self.players, *self.options])
        except Refusal:
            # today's rules refuse its `game` line (a player named as a variant the title
            # does not play, TITLE-game-words): it plays on at its own level, as recorded
            return
        state = today.state
        for number, entry in enumerate(self.journal, start=1):
            given_in = today.round_label()
            what = None
            state.ledger.events = []
            try:
                self_events: tuple[Event, ...] = entry.events
                today.ruleset.apply(state, entry.command)
                state.ledger.check_conservation()
            except Refusal as exc:
                what = f"today's rules refuse it ({printable(exc.message)})"
            except Exception as exc:
                what = f"today's rules cannot apply it ({type(exc).__name__}: {exc})"
            else:
                events = tuple(state.ledger.events)
                if events != self_events:
                    what = _event_difference(self_events, events, today)
                    # the same rules in other words: the game holds today's words, as
                    # :meth:`_replay_save` gives them (the file keeps its own); else a
                    # line given again (a correction, a kept what-if) made other events
                    entry = entry.model_copy(update={"events": events})
            state.ledger.events = []
            if what is not None:
                self.rules_difference = RulesDifference(
                    number=number,
                    line=entry.line,
                    round=entry.round or given_in,
                    what=what,
                    fixes=fixes,
                    level=level,
                )
                return
            today.journal.append(entry)
            today._maybe_checkpoint()
        # the same game under today's rules: play on at today's level, in today's words
        self.state, self._checkpoints = today.state, today._checkpoints
        self.journal[:] = today.journal

    def notices(self) -> list[str]:
        """What the banker must be told about the save as it was opened, one line each:
        an incomplete last line, a save shorter than when it was last let go of, entries
        today's rules settle differently."""
        out = []
        path = self.path if self.path is not None else Path("the save")
        if self.cut is not None:
            text = self.cut.describe(path, self.cut_kept)
            if self.cut_not_kept is not None:
                text += (
                    f"; it could not be kept in a side file ({self.cut_not_kept}), so it "
                    "was left in the save, which is rewritten whole at its next write"
                )
            out.append(text)
        if self.shrunk_from is not None:
            out.append(shrunk_notice(path, self.shrunk_from, len(self.journal)))
        if self.rules_difference is not None:
            out.append(self.rules_difference.describe(path))
        if self.unwritable is not None:
            out.append(
                f"{path} {self.unwritable}: opened read-only, so no command is applied; "
                f"{writable_advice(self._target or path)} and open it again to play on"
            )
        return out

    def _tidy(self, *, torn: bool) -> None:
        """Once the save is held: keep an interrupted append's text in a side file and cut
        it off, remove stale temporary files."""
        assert self._target is not None
        remove_stale_temps(self._target)
        if self.path is not None and self.path != self._target:
            remove_stale_temps(self.path)  # a symlink's backups are beside the link
        if torn and self.cut is not None:
            try:
                self.cut_kept = keep_cut_text(self._target, self.cut)
            except OSError as exc:  # never lose it: the file keeps it until a whole rewrite
                self.cut_not_kept = exc.strerror or str(exc)
                self._rewrite = True
                return
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
        if n % CHECKPOINT_EVERY == 0 and self.checkpoints:
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
            # a save on a read-only disk is a failure to write, as a full disk is (30.4); a
            # save made read-only on purpose (chmod a-w) is a refusal
            return Outcome(
                ok=False,
                message=self._read_only_reason(),
                command=cmd,
                save_failed=self._target is not None and on_read_only_disk(self._target),
            )
        try:
            drawn = self._setup_draw(cmd)
            if drawn is not None and not drawn.ok:
                return drawn
            return self._accept(cmd, text_or_cmd if isinstance(text_or_cmd, str) else None)
        except OSError as exc:
            why = exc.strerror or str(exc)
            message = f"not saved, so not applied: cannot write {self.path} ({why})"
            return Outcome(ok=False, message=message, command=cmd, save_failed=True)

    def _setup_draw(self, cmd: c.Command) -> Outcome | None:
        """A draw the title makes at setup when the first line is not it (18Chesapeake's
        ``vanderbilt CORP``): journaled before ``cmd``."""
        draw = getattr(self.ruleset, "setup_draw", None)
        if draw is None or self.journal:
            return None
        first = draw(self.state, cmd)
        return None if first is None else self._accept(first)

    def _accept(
        self, cmd: c.Command, text: str | None = None, amended: tuple[Amendment, ...] = ()
    ) -> Outcome:
        """Apply ``cmd`` to the state, save it, and journal it.

        The command is applied in place: copying the whole state for every command
        cost more than the rules themselves.  A command that is refused (or breaks a
        rule of the ledger, or cannot be saved) may have changed the state halfway, so
        the state is then rebuilt as the fold of the journal, from the nearest
        checkpoint: a refused command leaves no trace, at a cost paid only on refusals.

        Raises:
            OSError: the save could not be written (nothing changed).
        """
        too_long = text_refusal(cmd)  # a bound of the save's, for new commands only
        if too_long is not None:
            return Outcome(ok=False, message=too_long, command=cmd)
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
        if amended:  # a redone line keeps the records of corrections it held (issue 39)
            entry = entry.model_copy(update={"amended": amended})
        record = None
        if self._target is not None:
            record = record_line(len(self.journal) + 1, entry_json(entry), self._prev())
            # the writer never accepts what the reader would refuse (issue 30.1)
            unreadable = record_refusal(record, len(events), self._disk_size())
            if unreadable is not None:
                self._restore()
                return Outcome(ok=False, message=unreadable, command=cmd)
        try:
            if record is not None:
                record = self._disk_append(record)
        except BaseException:
            self._restore()
            raise
        self.journal.append(entry)
        self._records.append(record)
        self.redo_stack.clear()
        self._maybe_checkpoint()
        return Outcome(ok=True, command=cmd, events=events, receipt=receipt, journaled=True)

    def _restore(self) -> None:
        """Make the state the fold of the journal again (after a refused command).

        The fold is then kept as a checkpoint of its own, one at a time beside the regular
        ones: refusals come in runs at one position (a banker trying again, the dialogs'
        and the simulator's candidates), and each after the first costs a copy, not a
        replay from the last regular checkpoint (four fifths of a simulated game's time).
        Undo, a rewind and a correction drop it as they drop any checkpoint past them."""
        n = len(self.journal)
        self.state = self.replay(n)
        if not self.checkpoints or n in self._checkpoints:
            return
        if self._refusal_checkpoint is not None:
            self._checkpoints.pop(self._refusal_checkpoint, None)
        self._checkpoints[n] = self.state.clone()
        self._refusal_checkpoint = n

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
        found = self.trial(cmd)
        return found if isinstance(found, str) else found[1]

    def trial(
        self, cmd: c.Command, state: GameState | None = None
    ) -> tuple[GameState, tuple[Event, ...]] | str:
        """``cmd`` applied to a copy of ``state`` (the game's now, by default): the state
        it would leave and its events, or the reason it would be refused.  The code path
        of :meth:`execute` (the rules, then the cash total checked); nothing changes.

        The run dialog's advisor reads the state after each payout kind (the standings,
        the president's cash) and tries the next train on it (issue 27.6).
        """
        if isinstance(cmd, c.GameCmd):
            return "a game is already running; `game` is the first line only"
        too_long = text_refusal(cmd)
        if too_long is not None:
            return too_long
        trial = (self.state if state is None else state).clone()  # events start empty
        try:
            self.ruleset.apply(trial, cmd)
            trial.ledger.check_conservation()
        except Refusal as exc:
            return exc.message
        except Exception as exc:  # a bug must not crash the screen or the bank
            return _internal(exc)
        return trial, tuple(trial.ledger.events)

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
        from moderator.narrate import split  # the screen's: a batch command never asks

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
        self._remember()
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
            outcome = self._accept(entry.command, amended=entry.amended)
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
        (``NAME.before-rewind-N.json``, never overwriting an earlier backup); of
        those beside the save, the :data:`~moderator.journal.MAX_BACKUPS` newest are
        kept and older ones removed (:func:`~moderator.journal.prune_backups`).
        Returns the backup's path, or ``None`` when there was nowhere to write one.

        A game played under an older rules level that is rewound to before the
        first entry today's rules settle differently (:attr:`rules_difference`)
        plays on under today's rules: the save is rewritten whole at today's
        level (the backup keeps the old level).

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
        difference = self.rules_difference
        upgrade = None
        if difference is not None and upto < difference.number:
            upgrade = self._replayed_at(RULES_LEVEL, upto)  # before anything is written
        written = None
        beside = backup is None and self.path is not None
        if beside:
            backup = self._free_backup_name()
        if backup is not None:
            # its temporary file is named after the save, so that the save's next opening
            # removes it if a kill left it (remove_stale_temps)
            write_atomic(
                Path(backup),
                self._header() + b"".join(self._all_records()),
                side_of=self.path if beside else None,
            )
            written = Path(backup)
        try:
            if upgrade is not None and self._target is not None:
                self._disk_whole_at(self._all_records()[:upto], RULES_LEVEL)
            else:
                self._disk_cut(upto)
        except BaseException:
            if written is not None:
                written.unlink(missing_ok=True)
            raise
        del self.journal[upto:]
        del self._records[upto:]
        self.redo_stack.clear()
        if upgrade is not None:
            self.state, self._checkpoints = upgrade
            self.rules_difference = None
        else:
            self._drop_checkpoints_after(upto)
            self.state = self.replay(upto)
        self._remember()
        if beside and self.path is not None:
            prune_backups(self.path)
        return written

    def upgrade(self) -> Path | None:
        """Play on under today's rules: rewind to just before the first entry they settle
        differently (:meth:`rewind`); the backup's path.  A game with no such entry
        already plays under today's rules: nothing is done (``None``).

        Raises:
            SaveReadOnly, OSError: as :meth:`rewind`.
        """
        if self.rules_difference is None:
            self._check_writable()
            return None
        return self.rewind(self.rules_difference.number - 1)

    @property
    def rules_level(self) -> int:
        """The rules level the game is played under (:mod:`moderator.fixes`)."""
        return self.state.rules_level

    def _replayed_at(self, level: int, upto: int) -> tuple[GameState, dict[int, GameState]]:
        """The state after the first ``upto`` entries played under rules ``level``, and its
        checkpoints (nothing of the game changes).

        Raises:
            SaveError: an entry is refused at that level (the caller only asks for entries
                that level plays the same way).
        """
        start = self._checkpoints[0].clone()
        start.rules_level = level
        checkpoints = {0: start.clone()}
        state = start
        for number, entry in enumerate(self.journal[:upto], start=1):
            try:
                self.ruleset.apply(state, entry.command)
            except Refusal as exc:  # pragma: no cover - the comparison found it the same
                raise SaveError(
                    f"journal entry {number} is refused at rules level {level}: {exc.message}"
                ) from None
            state.ledger.events = []
            if number % CHECKPOINT_EVERY == 0:
                checkpoints[number] = state.clone()
        return state, checkpoints

    def _remember(self) -> None:
        """Remember the save's length beside it, where the front end asked for it."""
        if self.remember_length and self._target is not None and not self.read_only:
            store_length(self._target, len(self.journal))

    def _free_backup_name(self, kind: str = "rewind", number: int | None = None) -> Path:
        """A free ``NAME.before-KIND-N.json`` beside the save (N: the journal's length, or
        ``number``; an amendment's keep names the line amended, issue 39)."""
        assert self.path is not None
        n = len(self.journal) if number is None else number
        stem = f"{self.path.stem}.before-{kind}-{n}"
        # after the highest copy number there is: a name freed by prune_backups is never
        # taken again, so the numbers keep saying which copy is newer
        copies = re.compile(re.escape(stem) + r"(?:-([0-9]+))?" + re.escape(self.path.suffix))
        try:
            names = os.listdir(self.path.parent)
        except OSError:
            names = []
        found = [int(m.group(1) or 1) for m in map(copies.fullmatch, names) if m]
        n = max(found, default=0) + 1
        candidate = self.path.with_name(stem + (f"-{n}" if n > 1 else "") + self.path.suffix)
        n += 1
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
        self.read_only, self.unwritable = False, None

    def close(self) -> None:
        """Let go of the save (its lock); the game stays readable but no longer changes.

        Closing twice is harmless; a game that is dropped without closing lets
        go of its save when it is collected.
        """
        if self._lock is not None:
            self._remember()
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
        if self.unwritable is not None and self.read_only:
            return (
                f"{self.path} {self.unwritable}, so nothing was applied; "
                f"{writable_advice(self._target or Path(str(self.path)))} and open it again "
                "to play on"
            )
        if self._lock is None and self._target is not None and self.read_only:
            return (
                f"{self.path} is open read-only here (or was closed), so nothing was applied; "
                "open it for writing to play on"
            )
        return f"{self.path} is open read-only here, so nothing was applied"

    def _check_writable(self) -> None:
        if self.read_only:
            raise SaveReadOnly(self._read_only_reason())
        self._check_mode()

    def _check_mode(self) -> None:
        """Refuse, before anything changes, to write a save made read-only since it was
        opened (a whole rewrite would otherwise replace it; issue 20.5)."""
        why = not_writable(self._target) if self._target is not None else None
        if why is not None:
            raise SaveReadOnly(
                f"{self.path} {why}, so nothing was changed; "
                f"{writable_advice(self._target or Path(str(self.path)))} to play on"
            )

    def _all_records(self) -> list[bytes]:
        """Every entry's record, chained from the header :meth:`_header` writes now, making
        those of entries made without a save file."""
        head = line_digest(self._header())
        records = self._records
        if self._head != head:  # another header (level, program) or an older format
            present = [
                r if r is not None else record_line(n, entry_json(self.journal[n - 1]), "")
                for n, r in enumerate(records, start=1)
            ]
            records[:] = chain(self._header(), present)
            self._head = head
            return records  # type: ignore[return-value]
        prev = head
        for n, record in enumerate(records):
            if record is None:
                records[n] = record_line(n + 1, entry_json(self.journal[n]), prev)
            prev = line_digest(records[n])  # type: ignore[arg-type]
        return records  # type: ignore[return-value]

    def _prev(self) -> str:
        """The checksum the next record chains from (a wrong one is mended by a whole
        rewrite: it only happens when the file is rewritten whole anyway)."""
        last = self._records[-1] if self._records else None
        if last is not None:
            return line_digest(last)
        return self._head or line_digest(self._header())

    def _header(self, level: int | None = None) -> bytes:
        level = self.state.rules_level if level is None else level
        players = [*self.players, *self.options]
        return header_line(self.title, players, level, PROGRAM, self._format)

    def saved_lines(self) -> tuple[bytes, list[bytes]]:
        """The header and records the save holds (as read, or as this game last wrote
        them): what a reader following the file compares it with."""
        header = self._disk_header if self._disk_header is not None else self._header()
        return header, [r for r in self._records if r is not None]

    def _disk_size(self) -> int:
        """The save's size once written as this game holds it (before the next record):
        the file's, or, where the next write is a whole one, the header and every record."""
        if self._sizes and not self._rewrite:
            return self._sizes[-1]
        return len(self._header()) + sum(len(record) for record in self._records)

    def _disk_append(self, record: bytes) -> bytes:
        """Put one more record in the save: one write and one fsync (nothing without a file).

        Returns the record as written (chained anew when the file is rewritten whole).
        """
        if self.path is None or self._target is None:
            return record
        if not self._rewrite:
            try:
                self._sizes.append(append_record(self._target, record, self._sizes[-1]))
                return record
            except (SizeMismatch, FileNotFoundError):
                pass  # not the file this game left: write it whole
        records = self._disk_whole([*self._all_records(), record])
        return records[-1]

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
            fd = os.open(self._target, os.O_WRONLY | os.O_APPEND | osfiles.CLOEXEC | osfiles.BINARY)
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

    def _disk_whole(self, records: list[bytes]) -> list[bytes]:
        """Replace the save with the header and ``records`` (temp file, fsync, rename);
        the records as written."""
        return self._disk_whole_at(records, self.state.rules_level)

    def _disk_whole_at(self, records: list[bytes], level: int) -> list[bytes]:
        """:meth:`_disk_whole` with the header of rules ``level``: the records are chained
        from it, and the game's own records (those it still holds) become these."""
        assert self._target is not None
        self._check_mode()
        self._format = max(self._format, save_format(records))
        header = self._header(level)
        records = chain(header, records)
        text = header + b"".join(records)
        if len(text) > journal_module.MAX_SAVE_BYTES:  # never a file the reader refuses
            raise OSError(
                errno.EFBIG,
                f"{len(text):,} bytes is more than a save may hold "
                f"({journal_module.MAX_SAVE_BYTES // (1024 * 1024)} MiB)",
            )
        write_atomic(self._target, text)
        if self._lock is not None:
            self._lock.follow()  # a new file is at the name now: lock it (hard links)
        sizes = [len(header)]
        for record in records:
            sizes.append(sizes[-1] + len(record))
        self._sizes, self._rewrite = sizes, False
        kept = min(len(records), len(self._records))
        self._records[:kept] = records[:kept]
        self._head, self._disk_header = line_digest(header), header
        return records

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
        """The game as a banker script (``game`` line plus the journal; each amendment of a
        past line as a comment before the line that holds it, issue 39)."""
        return "\n".join(self.script_lines()) + "\n"

    def script_lines(self) -> Iterator[str]:
        """The banker script's lines one at a time, without their newlines: what
        ``moderator script`` writes as it goes (issue 42.5: a 64 MiB save's script was
        built whole, then escaped whole)."""
        yield format_command(c.GameCmd(title=self.title, players=(*self.players, *self.options)))
        for entry in self.journal:
            if entry.amended:  # a correction's record, as a comment: the script still replays
                yield from (a.comment() for a in entry.amended)
            yield entry.line


def _written_by(program: str | None) -> str:
    """Which moderator wrote a save, when another than this one (a rules change that no
    rules fix names makes a save replay differently: the banker needs the versions)."""
    if program is None:
        return " (written by an older moderator, before saves named it)"
    if program != PROGRAM:
        return f" (written by moderator {printable(program)}; this is {PROGRAM})"
    return ""


def _reworded(entry: Entry, made: tuple[Event, ...]) -> bool:
    """Whether a save's entry differs from today's events ``made`` in wording only (the
    ``reason`` of its events and the rules' notes, words for the banker): a save written
    by an older moderator opens with today's words.  A ``note`` line's event holds the
    banker's own text, so it must be as recorded."""
    if isinstance(entry.command, c.Note):
        return False
    return _rules_view(entry.events) == _rules_view(made)


def _rules_view(events: tuple[Event, ...]) -> list[dict[str, Any]]:
    """Events as the rules see them: without their wording (``reason``) and notes."""
    out = []
    for ev in events:
        if isinstance(ev, Noted):
            continue
        data = ev.model_dump()
        data.pop("reason", None)
        out.append(data)
    return out


def _event_difference(
    recorded: tuple[Event, ...], today: tuple[Event, ...], game: Game
) -> str | None:
    """How today's events differ from the recorded ones in rules (``None``: in wording only)."""
    from moderator.narrate import describe

    old, new = _rules_view(recorded), _rules_view(today)
    if old == new:
        return None
    kept_old = [ev for ev in recorded if not isinstance(ev, Noted)]
    kept_new = [ev for ev in today if not isinstance(ev, Noted)]
    k = next(
        (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
        min(len(old), len(new)),
    )
    currency = getattr(game.ruleset, "currency", "$")

    def said(events: list[Event]) -> str:
        if k >= len(events):
            return "nothing more"
        ev = events[k]
        text = describe(ev, currency, game.title)
        if not text:  # an event with no line of its own (a turn): its fields
            fields = ev.model_dump(exclude={"kind"})
            text = f"{ev.kind} " + ", ".join(f"{k}={v}" for k, v in fields.items())
        return f"“{printable(text)}”"

    return f"today's rules give {said(kept_new)}, where the save records {said(kept_old)}"


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
        if same_note(entry.line, entry.command):
            return  # an older moderator's line for this note (issue 28.2): as recorded
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
