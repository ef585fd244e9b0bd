"""What-if sandboxes (issue 32): branch the game, try a line of play, keep or discard it.

A :class:`Sandbox` is a copy of a real :class:`~moderator.game.Game` at one of its
journal lines (now, or any earlier line), held in memory and never saved: a
:class:`Game` without a save file, so every command, undo, redo, rewind, projection,
score and check works on it exactly as on the real game, through the same code.

- **Discard** is dropping the sandbox: the real game and its save never changed.
- **Keep** (:meth:`Sandbox.keep`) replaces the real game from the branch point with
  the sandbox's lines.  The real game's lines after the branch point are kept in a
  backup save first, as a rewind keeps them (``NAME.before-rewind-N.json``, see
  :meth:`Game.rewind`); the sandbox's lines are checked by replaying them on the real
  game's state at the branch point (each line refused nowhere and making the very
  events it made in the sandbox); then the save is rewritten whole, atomically
  (:func:`moderator.journal.write_atomic`: temporary file, fsync, rename), so a kill
  at any moment leaves the old save or the new one, never a mix.

The *branch point* of a keep is the number of leading journal lines the sandbox still
shares with the real game: the line the sandbox was opened at, or an earlier one when
the sandbox undid or rewound past it.

:func:`compare` sets the sandbox beside the real game (each player's cash, value and
place; each company's price and cash) with the differences marked; the CLI's
``moderator whatif`` and the TUI's compare view print it.

No Textual here (the UI lives in :mod:`moderator.ui`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from moderator.errors import Refusal, SaveError
from moderator.game import CHECKPOINT_EVERY, Game
from moderator.journal import Entry, entry_json, prune_backups, record_line, write_atomic
from moderator.state import GameState
from moderator.text import counted, money, ordinal, place_move

__all__ = ["Comparison", "Kept", "Sandbox", "compare", "open_sandbox"]


@dataclass
class Kept:
    """What a keep did."""

    branch: int
    """The branch point: the real game's lines up to it were kept as they were."""
    cut: int
    """How many of the real game's lines after the branch point were taken out."""
    added: int
    """How many of the sandbox's lines took their place."""
    backup: Path | None
    """The backup save keeping the real game's full journal (``None``: nothing was cut,
    or the game has no save file)."""
    unchanged: bool = False
    """A correction that changed nothing (a line "corrected" to what it was): nothing was
    written, no backup, no record (:meth:`moderator.amend.Amended.keep`)."""

    def text(self) -> str:
        """The keep in words, for the log and the shell."""
        if self.unchanged:
            return (
                "nothing changed: the corrected game is the game as it is; the save was "
                "left as it was"
            )
        where = f"; the former lines are kept in {self.backup.name}" if self.backup else ""
        return (
            f"what-if kept: from line {self.branch}, {counted(self.cut, 'line')} taken out, "
            f"{counted(self.added, 'line')} of the sandbox put in{where}"
        )


@dataclass
class Sandbox:
    """A what-if copy of ``real`` from its line ``at`` (see the module docstring)."""

    real: Game
    """The real game (never changed by the sandbox, except by :meth:`keep`)."""
    at: int
    """The line the sandbox was opened at (0: before the first command)."""
    game: Game
    """The copy: a game in memory, saved nowhere."""
    base: list[Entry] = field(default_factory=list)
    """The real game's first ``at`` entries when the sandbox was opened."""
    real_length: int = 0
    """How many lines the real game held when the sandbox was opened."""
    purpose: str = ""
    """What the sandbox is for, when it is a correction (``line 39 amended``, issue 39)."""

    @property
    def label(self) -> str:
        """The banner's words: ``WHAT-IF sandbox from line N`` (``…: line N+1 amended``)."""
        return f"WHAT-IF sandbox from line {self.at}" + (
            f": {self.purpose}" if self.purpose else ""
        )

    def branch_point(self) -> int:
        """The number of leading lines the sandbox still shares with the real game."""
        n = 0
        for mine, theirs in zip(self.game.journal, self.base, strict=False):
            if mine is not theirs and not _same_entry(mine, theirs):
                break
            n += 1
        return n

    def own_lines(self) -> list[Entry]:
        """The sandbox's lines after the branch point (what a keep puts in)."""
        return self.game.journal[self.branch_point() :]

    def real_changed(self) -> str | None:
        """Why the real game is no longer the one the sandbox branched from, or ``None``."""
        real = self.real
        if len(real.journal) != self.real_length or any(
            a is not b for a, b in zip(real.journal, self.base, strict=False)
        ):
            return (
                "the real game changed since the sandbox was opened (it held "
                f"{counted(self.real_length, 'line')}, it holds {len(real.journal)} now)"
            )
        return None

    def keep_summary(self) -> str:
        """What :meth:`keep` would do, in words (the confirmation's detail)."""
        branch = self.branch_point()
        total = len(self.real.journal)
        own = len(self.game.journal) - branch
        cut = (
            f"lines {branch + 1}–{total} of the real game are taken out"
            + (" (a backup save keeps them)" if self.real.path else "")
            if total > branch
            else "no line of the real game is taken out"
        )
        if total > branch:
            put = f"{counted(own, 'line')} of the sandbox take their place"
        else:  # nothing replaced: the sandbox's lines follow the real game's last
            put = f"{counted(own, 'line')} of the sandbox are added after it"
        return (
            f"From line {branch}: {cut}; {put}, each checked by replay first; the save is "
            "rewritten whole, atomically."
        )

    def keep(self, backup_kind: str = "rewind", backup_number: int | None = None) -> Kept:
        """Replace the real game from the branch point with the sandbox's lines.

        ``backup_kind``/``backup_number`` name the backup (``NAME.before-KIND-N.json``; a
        rewind's by default: N the real game's length; an amendment's keep names the line
        amended, :mod:`moderator.amend`).

        Nothing is written until every line is checked; the backup is written before
        the save, and the save is replaced in one rename.  The sandbox's game becomes
        a copy of the real game as kept (the sandbox may be dropped).

        Raises:
            Refusal: the real game changed since the sandbox was opened.
            SaveError: a line of the sandbox does not replay the same way on the real game.
            SaveReadOnly: the real game is open read-only.
            OSError: the backup or the save cannot be written (the real game and its
                save are exactly as they were, and no backup is left behind).
        """
        real = self.real
        changed = self.real_changed()
        if changed is not None:
            raise Refusal(f"not kept: {changed}; discard the sandbox")
        real._check_writable()
        branch = self.branch_point()
        own = self.game.journal[branch:]
        if branch == len(real.journal) and not own:  # the very game: nothing to write
            return Kept(branch=branch, cut=0, added=0, backup=None)
        state, checkpoints = _checked_replay(real, branch, own)
        old_total = len(real.journal)
        records = real._all_records()[:branch] + [
            record_line(branch + k, entry_json(entry), "") for k, entry in enumerate(own, 1)
        ]
        backup: Path | None = None
        if real.path is not None and real._target is not None:
            if old_total > branch:
                backup = real._free_backup_name(backup_kind, backup_number)
                # named after the save, so that a kill's leftover is removed at its next opening
                write_atomic(
                    backup, real._header() + b"".join(real._all_records()), side_of=real.path
                )
            try:
                records = real._disk_whole(records)
            except BaseException:
                if backup is not None:
                    backup.unlink(missing_ok=True)
                raise
        real.journal[branch:] = own
        real._records = list(records) if real._target is not None else [None] * len(real.journal)
        real.redo_stack.clear()
        real.state = state
        for k in [k for k in real._checkpoints if k > branch]:
            del real._checkpoints[k]
        real._checkpoints.update(checkpoints)
        real.derived.clear()
        if real.rules_difference is not None and real.rules_difference.number > branch:
            real.rules_difference = None
            real._compare_with_today()
        real._remember()
        if backup is not None and real.path is not None:
            prune_backups(real.path)
        kept = Kept(branch=branch, cut=old_total - branch, added=len(own), backup=backup)
        fresh = open_sandbox(real, len(real.journal))
        self.at, self.game, self.base, self.real_length = (
            fresh.at,
            fresh.game,
            fresh.base,
            fresh.real_length,
        )
        self.purpose = ""
        return kept


def _same_entry(a: Entry, b: Entry) -> bool:
    """Two journal entries of one game hold the same line, round, events and record of
    amendments (an entry given an amendment's record is the sandbox's own)."""
    return (
        a.line == b.line and a.round == b.round and a.events == b.events and a.amended == b.amended
    )


def _checked_replay(
    real: Game, branch: int, own: list[Entry]
) -> tuple[GameState, dict[int, GameState]]:
    """The real game's state after its first ``branch`` lines and then ``own``, each line
    applied by the rules and compared with the events it made in the sandbox; and the
    checkpoints of the lines after ``branch``.

    Raises:
        SaveError: a line is refused, or makes other events (nothing was written).
    """
    state = real.replay(branch)
    checkpoints: dict[int, GameState] = {}
    for number, entry in enumerate(own, start=branch + 1):
        state.ledger.events = []
        try:
            real.ruleset.apply(state, entry.command)
            state.ledger.check_conservation()
        except Refusal as exc:
            raise SaveError(
                f"not kept: sandbox line {number} (`{entry.line}`) is refused on replay: "
                f"{exc.message}; the save was left untouched"
            ) from None
        except Exception as exc:  # a bug must never write a game that does not replay
            raise SaveError(
                f"not kept: sandbox line {number} (`{entry.line}`) cannot be replayed "
                f"({type(exc).__name__}: {exc}); the save was left untouched"
            ) from None
        if tuple(state.ledger.events) != tuple(entry.events):
            raise SaveError(
                f"not kept: sandbox line {number} (`{entry.line}`) replays differently on "
                "the real game; the save was left untouched"
            )
        state.ledger.events = []
        if number % CHECKPOINT_EVERY == 0:
            checkpoints[number] = state.clone()
    return state, checkpoints


def open_sandbox(real: Game, at: int | None = None) -> Sandbox:
    """A sandbox of ``real`` from its line ``at`` (default: now, the last line).

    The copy shares the real game's journal entries up to ``at`` and its checkpoints
    (neither ever changes); its state is the fold of those lines.  It has no save
    file, so nothing it does is written anywhere, and it plays under the real game's
    rules level.

    Raises:
        Refusal: ``at`` is not a line of the game (the message says which are).
    """
    total = len(real.journal)
    if at is None:
        at = total
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= total:
        raise Refusal(
            f"no line {at} to branch from: the game has {counted(total, 'line')} "
            f"(0 is the start, {total} is now)"
        )
    game = Game.new(real.title, [*real.players, *real.options], rules_level=real.state.rules_level)
    game.state = real.replay(at)
    game.journal = list(real.journal[:at])
    game._records = [None] * at
    game._checkpoints = {k: s for k, s in real._checkpoints.items() if k <= at}
    game.program = real.program
    return Sandbox(real=real, at=at, game=game, base=list(real.journal[:at]), real_length=total)


# ----------------------------------------------------------------- compare
@dataclass
class Row:
    """One row of a comparison: a player or a company, real figures beside the sandbox's."""

    kind: str
    """``player`` or ``company``."""
    name: str
    real: dict[str, Any]
    """The real game's figures (``cash``, ``value``, ``place``; ``price``, ``cash``)."""
    sandbox: dict[str, Any]
    """The sandbox's figures (the same keys)."""

    def differs(self, key: str) -> bool:
        """Whether the figure ``key`` differs."""
        return self.real.get(key) != self.sandbox.get(key)

    @property
    def changed(self) -> bool:
        """Whether any figure differs."""
        return any(self.differs(k) for k in set(self.real) | set(self.sandbox))


@dataclass
class Comparison:
    """The sandbox beside the real game (see :func:`compare`)."""

    label: str
    """``WHAT-IF sandbox from line N``."""
    real_where: str
    """The real game's round and its count of lines."""
    sandbox_where: str
    """The sandbox's."""
    currency: str
    players: list[Row]
    companies: list[Row]

    PLAYER_KEYS = ("cash", "value", "place")
    COMPANY_KEYS = ("price", "cash")

    def table(self) -> list[tuple[str, str, list[tuple[str, str, bool]]]]:
        """Rows as ``(kind, name, [(real, sandbox, differs)...])`` in column order; a
        sandbox figure that differs carries the size of its change (``$84 (+$52)``)."""
        out = []
        for kind, rows, keys in (
            ("player", self.players, self.PLAYER_KEYS),
            ("company", self.companies, self.COMPANY_KEYS),
        ):
            for row in rows:
                cells = []
                for key in keys:
                    a, b, differs = self._cells(row, key)
                    delta = self.change(row, key)
                    cells.append((a, f"{b} ({delta})" if delta else b, differs))
                out.append((kind, row.name, cells))
        return out

    def _cells(self, row: Row, key: str) -> tuple[str, str, bool]:
        return (
            self._figure(key, row.real.get(key)),
            self._figure(key, row.sandbox.get(key)),
            row.differs(key),
        )

    def _figure(self, key: str, value: Any) -> str:
        if value is None:
            return "—"
        if key == "place":
            return ordinal(value)
        return money(self.currency, value) if isinstance(value, int) else f"{self.currency}{value}"

    def change(self, row: Row, key: str) -> str:
        """The size of a figure's change, as the shell and the screen give it: ``+$40``,
        ``-$10`` for money, ``up 2`` or ``down 1`` for a place (3rd to 1st: ``1st (up 2)``;
        ``""`` when it did not change or a game has no such figure)."""
        a, b = row.real.get(key), row.sandbox.get(key)
        if not (isinstance(a, int) and isinstance(b, int)) or a == b:
            return ""
        if key == "place":
            return place_move(a, b)
        sign = "+" if b > a else "-"
        return f"{sign}{money(self.currency, abs(b - a))}"

    def differences(self) -> int:
        """How many figures differ."""
        return sum(d for _, _, cells in self.table() for _, _, d in cells)

    def text(self) -> str:
        """The comparison as a plain-text table; a differing figure is marked ``*`` and
        its change given (``+$20``, ``down 1``)."""
        lines = [
            f"{self.label}: real game {self.real_where}; sandbox {self.sandbox_where}",
        ]

        def block(title: str, keys: tuple[str, ...], rows: list[Row]) -> None:
            head = f"{title:<14}" + "".join(f"{k + ' real':>12}{k + ' what-if':>16}" for k in keys)
            lines.append(head)
            for row in rows:
                text = f"{row.name[:14]:<14}"
                for key in keys:
                    a, b, differs = self._cells(row, key)
                    delta = self.change(row, key)
                    mark = f"* {b}" + (f" ({delta})" if delta else "") if differs else b
                    text += f"{a:>12}{mark:>16}"
                lines.append(text.rstrip())

        block("player", self.PLAYER_KEYS, self.players)
        block("company", self.COMPANY_KEYS, self.companies)
        n = self.differences()
        lines.append(f"{counted(n, 'figure')} differ (marked *)" if n else "no figure differs")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The comparison as plain JSON."""
        return {
            "label": self.label,
            "real": self.real_where,
            "sandbox": self.sandbox_where,
            "players": [
                {"name": r.name, "real": r.real, "sandbox": r.sandbox} for r in self.players
            ],
            "companies": [
                {"id": r.name, "real": r.real, "sandbox": r.sandbox} for r in self.companies
            ],
            "differences": self.differences(),
        }


def _figures(game: Game) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """Each player's cash, value (the title's score) and place; each company's price
    and cash (corporations launched, other companies in play, not the privates)."""
    from moderator.scoring import score

    data = game.state_json()
    result = score(game)
    players = {}
    for p in data["players"]:
        name = p["name"]
        players[name] = {
            "cash": p["cash"],
            "value": result.player(name).total,
            "place": result.place_of(name),
        }
    companies = {}
    for co in data["companies"]:
        kind = co.get("kind")
        if co.get("closed") or kind == "private":  # a private has no price nor treasury
            continue
        if not (co.get("launched") or (kind != "corporation" and co.get("in_play"))):
            continue
        companies[co["id"]] = {"price": co.get("price"), "cash": co.get("cash")}
    return players, companies


def compare(sandbox: Sandbox) -> Comparison:
    """The sandbox beside its real game: every player, every company either game has in
    play (a company only one has shows ``—`` in the other)."""
    real_players, real_cos = _figures(sandbox.real)
    sb_players, sb_cos = _figures(sandbox.game)
    players = [
        Row("player", n, real_players.get(n, {}), sb_players.get(n, {})) for n in real_players
    ]
    ids = list(real_cos) + [cid for cid in sb_cos if cid not in real_cos]
    companies = [Row("company", cid, real_cos.get(cid, {}), sb_cos.get(cid, {})) for cid in ids]

    def where(game: Game) -> str:
        return f"{game.round_label()}, {counted(len(game.journal), 'line')}"

    return Comparison(
        label=sandbox.label,
        real_where=where(sandbox.real),
        sandbox_where=where(sandbox.game),
        currency=sandbox.real.ruleset.currency,
        players=players,
        companies=companies,
    )
