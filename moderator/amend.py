"""Corrections of a past line (issue 39): change, insert or delete one line, and replay the
rest of the game on it.

"PRR ran 170 in OR 3.1, not 180": :func:`amend` opens a what-if sandbox
(:mod:`moderator.sandbox`) just before line N, gives it the corrected line (``replace``),
a line before line N (``insert``) or nothing (``delete``), then gives every later line of
the real game again, in order, through the rules, as pasted lines are given.  The first
later line that no longer applies (a purchase now unaffordable, a turn now someone
else's) stops the replay: :attr:`Amended.stop` names it (its number in the real game, its
text, the rule that refuses it), and the lines after it wait (:attr:`Amended.waiting`);
:meth:`Amended.go_on` gives them once the banker corrected or dropped it (the TUI).

Nothing is written until :meth:`Amended.keep`: the sandbox's keep (the save rewritten
whole, atomically; the real game's journal kept first in a backup save
``NAME.before-amend-N.json``), with the record of the amendment
(:class:`~moderator.journal.Amendment`: which line, its old and new text, every later
line dropped or given with another text) on the entry that took the amended line's
place, so History, the phones' log and ``moderator script`` (a comment line
``# amended line N: OLD -> NEW``) show it, and the printed script still replays to the
same game.  Records of earlier amendments stay on the lines that carry them.

Lines are numbered as History and ``whatif --at`` number them: 1 is the first command.
No Textual here.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from moderator.commands import Command
from moderator.errors import Refusal
from moderator.game import Game, Outcome
from moderator.journal import Amendment, Entry
from moderator.sandbox import Kept, Sandbox, open_sandbox
from moderator.sandbox_table import TableChange, table_changes
from moderator.script import ParseError, parse_line, tokenize
from moderator.text import counted

__all__ = [
    "Amended",
    "Given",
    "Stop",
    "amend",
    "amend_shell",
    "amount_span",
    "on_table_text",
    "start",
]

How = Literal["replace", "insert", "delete"]


@dataclass
class Stop:
    """The first later line that no longer applies."""

    number: int
    """Its number in the real game."""
    text: str
    """Its text."""
    rule: str
    """Why the rules refuse it now (the rule named)."""
    at: int
    """Where it would go in the amended game (its line number there)."""

    def text_said(self) -> str:
        """``line 57 (`buy Bob NYC ipo`) no longer applies: RULE``."""
        return f"line {self.number} (`{self.text}`) no longer applies: {self.rule}"


@dataclass
class Given:
    """One line given to the sandbox: the amended line or a later line given again."""

    number: int
    """Its number in the amended game."""
    outcome: Outcome
    changed: bool
    """Whether it did something else than in the real game (other events; always true of
    the amended line itself)."""


@dataclass
class Amended:
    """A correction tried on a sandbox (see the module docstring)."""

    real: Game
    sandbox: Sandbox
    number: int
    """The line amended (``insert``: the line the new one goes before)."""
    how: How
    old: str
    """The line's text before (``""`` for an insertion)."""
    new: str
    """The line's text after (``""`` for a deletion)."""
    given: list[Given] = field(default_factory=list)
    stop: Stop | None = None
    waiting: list[tuple[int, Entry]] = field(default_factory=list)
    """The later lines not given yet (each with its number in the real game)."""
    recorded: Amendment | None = None
    """The record the keep put in the journal (``None`` until kept)."""
    on_table_kept: list[TableChange] = field(default_factory=list)
    """What the keep changed on the table (:meth:`on_table` just before it)."""

    @property
    def game(self) -> Game:
        """The sandbox's game."""
        return self.sandbox.game

    @property
    def done(self) -> bool:
        """Every later line was given (none stopped, none waits)."""
        return self.stop is None and not self.waiting

    def give_new(self, line: str | None) -> None:
        """Give the corrected (or inserted) line in the amended line's place.

        Raises:
            Refusal: no line, not a command of the game, or refused there (the rule named).
        """
        if line is None or not line.strip():
            raise Refusal("no line given: the amended line is a banker-script command")
        where = self.where(line.strip())
        try:
            cmd = parse_line(line)
        except ParseError as exc:
            raise Refusal(f"{where}: {exc.message}") from None
        if cmd is None or cmd.kind in ("game", "expect"):
            raise Refusal(f"{where}: not a command of the game (a `game` or `expect` line)")
        drawn = random_draw(self.game, cmd)
        if drawn is not None:
            raise Refusal(f"{where} is refused: {drawn}")
        outcome = self.game.execute(cmd)
        if not outcome.ok:
            raise Refusal(f"{where} is refused: {outcome.message}")
        self.new = self.game.journal[-1].line
        self.given.append(Given(self.number, outcome, True))

    def where(self, line: str) -> str:
        """The new line as a refusal names it, with the real line it corrects (a wrong
        number shows at once: ``line 54 (`train ERIE 2 from PRR 65`, corrected to `run PRR
        170 half`)``), or the line it goes before."""
        number = self.number
        if self.how == "insert":
            before = self.real.journal[number - 1].line
            return f"the line inserted before line {number} (`{before}`), `{line}`,"
        return f"line {number} (`{self.old}`, corrected to `{line}`)"

    def go_on(self) -> Stop | None:
        """Give the waiting lines in order, until one no longer applies (returned, and
        :attr:`stop`), or all were given (``None``)."""
        self.stop = None
        game = self.game
        while self.waiting:
            number, entry = self.waiting[0]
            drawn = random_draw(game, entry.command)
            if drawn is not None:
                self.stop = Stop(number, entry.line, drawn, len(game.journal) + 1)
                return self.stop
            # by its text, as a pasted line is given and the edited script reads it: an
            # older moderator's note line (`note "a  b"`, issue 28.2) holds a command no
            # line of today's gives back, so given as that command it would be refused
            outcome = game.execute(entry.line)
            if not outcome.ok:
                self.stop = Stop(number, entry.line, outcome.message, len(game.journal) + 1)
                return self.stop
            self.waiting.pop(0)
            changed = tuple(outcome.events) != tuple(entry.events)
            self.given.append(Given(len(game.journal), outcome, changed))
        return None

    def drop_stopped(self) -> None:
        """Leave out the line the replay stopped on (the banker drops it)."""
        if self.stop is not None and self.waiting:
            self.waiting.pop(0)
        self.stop = None

    def on_table(self) -> list[TableChange]:
        """What the banker changes on the table to set it to the corrected game: every
        figure of the real game as it is now that differs in the amended one (cash,
        shares, prices, presidents, trains, privates, the round and phase markers;
        :func:`moderator.sandbox_table.table_changes`).  Meaningful once every later line
        was given (:attr:`done`); after the keep, what the keep changed."""
        if self.recorded is not None:
            return list(self.on_table_kept)
        return table_changes(self.real, self.game)

    def unchanged(self) -> bool:
        """Whether the correction changes nothing: every line of the amended game is the
        real game's, with the same text and the same events (a line "corrected" to what
        it was).  Its keep writes nothing: no backup, no record."""
        if not self.done:
            return False
        mine, real = self.game.journal, self.real.journal
        return len(mine) == len(real) and all(
            a.line == b.line and a.events == b.events for a, b in zip(mine, real, strict=True)
        )

    def changed(self) -> list[Given]:
        """The lines given that did something else than in the real game."""
        return [g for g in self.given if g.changed]

    def record(self) -> Amendment:
        """The amendment's record: this line, its old and new text, and the later lines
        of the real game dropped or given with another text (the sandbox's lines after
        the branch point set against the real game's, in order)."""
        branch = self.number - 1
        real = [e.line for e in self.real.journal[branch:]]
        mine = [e.line for e in self.game.journal[branch:]]
        first_real = branch + 1  # the real number of real[0]
        if self.how in ("replace", "delete"):
            real, first_real = real[1:], first_real + 1
        if self.how in ("replace", "insert"):
            mine = mine[1:]
        dropped: list[str] = []
        changed: list[str] = []
        matcher = difflib.SequenceMatcher(None, real, mine, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                continue
            pairs = min(i2 - i1, j2 - j1) if op == "replace" else 0
            for k in range(pairs):
                changed.append(f"{first_real + i1 + k}: {real[i1 + k]} -> {mine[j1 + k]}")
            for k in range(i1 + pairs, i2):
                dropped.append(f"{first_real + k}: {real[k]}")
            for k in range(j1 + pairs, j2):
                changed.append(f"{first_real + i1}: (inserted) -> {mine[k]}")
        # the line in the amended line's place, as the sandbox holds it (typed in the TUI's
        # command bar, or taken back there: then the line is gone, as a deletion's)
        new = ""
        if self.how != "delete" and len(self.game.journal) > branch:
            new = self.game.journal[branch].line
        return Amendment(
            line=self.number,
            old=self.old,
            new=new,
            dropped=tuple(dropped),
            changed=tuple(changed),
        )

    def keep(self) -> Kept:
        """Keep the amended game as the real one: the record put on the line that took the
        amended line's place (earlier records kept on the lines that carry them), then the
        sandbox's keep with its backup ``NAME.before-amend-N.json``.

        Raises:
            Refusal: a line still waits or stopped, or there is no line left to hold the
                record (the game's only line deleted: undo takes it back); and as
                :meth:`Sandbox.keep`.
            SaveError, SaveReadOnly, OSError: as :meth:`Sandbox.keep` (nothing written).
        """
        if self.stop is not None or self.waiting:
            what = self.stop.text_said() if self.stop else "later lines wait"
            raise Refusal(f"not kept: {what}; correct it or drop it first")
        if self.sandbox.branch_point() < self.number - 1:
            raise Refusal(
                f"not kept: a line before line {self.number} was taken back in the "
                "correction's sandbox, and the correction is of that line only; leave it "
                "and correct the earlier line"
            )
        if self.unchanged():  # nothing to write: the save stays byte for byte as it is
            self.on_table_kept = []
            return Kept(branch=len(self.real.journal), cut=0, added=0, backup=None, unchanged=True)
        on_table = table_changes(self.real, self.game)
        record = self.record()
        journal = self.game.journal
        branch = self.number - 1
        holder = branch if branch < len(journal) else branch - 1
        if holder < 0:
            raise Refusal(
                "not kept: the game's only line would go, and nothing would hold the record "
                "of the amendment; undo (u) takes it back"
            )
        as_given = list(journal)
        self._carry_records()
        entry = journal[holder]
        journal[holder] = entry.model_copy(update={"amended": (*entry.amended, record)})  # type: ignore[assignment]
        try:
            kept = self.sandbox.keep("amend", self.number)
        except BaseException:
            journal[:] = as_given  # not kept: the sandbox is as it was, to try again
            raise
        self.recorded = record
        self.on_table_kept = on_table
        return kept

    def _carry_records(self) -> None:
        """Earlier amendments' records stay with their lines: a later line given again
        keeps the record its real entry held; a replaced or deleted line's records pass to
        the line that takes its place."""
        branch = self.number - 1
        real = self.real.journal[branch:]
        mine = self.game.journal
        start = branch
        carried: tuple[Amendment, ...] = ()
        if self.how in ("replace", "delete") and real:
            carried, real = real[0].amended, real[1:]
        if self.how in ("replace", "insert"):
            start += 1
        matcher = difflib.SequenceMatcher(
            None, [e.line for e in real], [e.line for e in mine[start:]], autojunk=False
        )
        for op, i1, i2, j1, _ in matcher.get_opcodes():
            if op == "equal":
                for k in range(i2 - i1):
                    old = real[i1 + k].amended
                    if old:
                        at = start + j1 + k
                        mine[at] = mine[at].model_copy(update={"amended": old})  # type: ignore[call-overload]
        if carried:
            at = branch if branch < len(mine) else branch - 1
            if at >= 0:
                mine[at] = mine[at].model_copy(update={"amended": (*carried, *mine[at].amended)})  # type: ignore[call-overload]


def on_table_text(changes: list[TableChange], *, dry_run: bool = False) -> list[str]:
    """The table's changes in words, a heading then one indented line each (the shell's
    and the log's): what the banker changes on the table once the correction is kept."""
    if not changes:
        return ["on the table: nothing changes"]
    head = "on the table, the keep would change" if dry_run else "on the table, change"
    return [f"{head} ({counted(len(changes), 'figure')}):"] + [f"  {c.text()}" for c in changes]


PLAYER_WORDS = {"trade": (2, 3), "elephant": (1, 2), "nationalize": (1, 3)}
"""The words of a line that name players, by the verb (the verb is word 0; any other verb
names one right after it: ``bond PLAYER``, ``buy PLAYER``, ``ipo PLAYER``): 1830's ``trade
PRIVATE FROM TO PRICE``, 1853's ``elephant FROM TO PRICE``, 1847 AE's ``nationalize PLAYER
CORP FROM`` (1817's ``ipo ... by NOMINATOR`` names him after the price)."""


def amount_span(line: str, players: Collection[str] = ()) -> tuple[int, int] | None:
    """Where the amount of ``line`` is (``None``: it has none): the part History's ``e``
    selects, so the digits typed replace it.  The line's first number (a run's revenue, a
    price, a count), but a train bought from another company is corrected by its price
    (``train UR 3 from GT 11``: ``11``, never the type ``3``).  A player called by digits
    (one of ``players``) named where the line names a player (:data:`PLAYER_WORDS`) is no
    amount: ``bond 12 220`` is corrected by ``220`` (fifteenth keys round: ``12`` was
    selected, so the digits typed renamed the bonder, ``no player called '200'``), and
    ``trade SV 3 12 30`` by ``30`` (sixteenth keys round: the seller ``3`` was selected).
    A negative amount (an ``adjust``) is corrected by its digits, the sign kept."""

    def names_player(found: re.Match[str]) -> bool:
        if found.group() not in players:
            return False
        try:
            before = tokenize(line[: found.start()])
        except ParseError:
            return False
        if not before:
            return False
        return len(before) in PLAYER_WORDS.get(before[0].lower(), (1,))

    numbers = [
        found
        # a number's digits, also after a sign: `adjust NYC -670 REASON` is corrected by
        # `670`, its sign kept (sixteenth keys round: no amount was selected, so the digits
        # typed went to the end of the reason)
        for found in re.finditer(r"(?:(?<!\S)|(?<=(?<!\S)-))[0-9]+(?!\S)", line)
        if not names_player(found)
    ]
    if not numbers:
        return None
    words = line.split()
    bought = len(words) >= 5 and words[0].lower() in ("train", "buytrain")
    chosen = numbers[-1] if bought and words[-3].lower() == "from" else numbers[0]
    return chosen.start(), chosen.end()


def random_draw(game: Game, cmd: Command) -> str | None:
    """Why ``cmd`` may not be given to a correction's sandbox (``None``: it may): given
    first, it would make the tool draw at random what setup draws (18Chesapeake's
    ``vanderbilt CORP``, :meth:`rulesets.drawn.DrawnPresident.setup_draw`).  The draw was
    made at the table and the real game's journal holds it: a correction never draws
    again, unseen, at random."""
    draw = getattr(game.ruleset, "setup_draw", None)
    if draw is None or game.journal or draw(game.state, cmd) is None:
        return None
    return (
        "the setup draw comes first: it was made at the table, and a correction never "
        "draws again at random; give the corporation drawn first (`vanderbilt CORP`)"
        + _draw_rule(game)
    )


def _draw_rule(game: Game) -> str:
    """`` (RULE)``: the rule of the title's setup draw."""
    try:
        return f" ({game.ruleset.r('drawn')})"
    except Exception:  # pragma: no cover - every title with a draw names its rule
        return ""


def no_line(real: Game, number: int) -> str | None:
    """Why ``real`` has no line ``number`` to amend (``None``: it has)."""
    total = len(real.journal)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= total:
        said = f"no line {number} to amend: the game has {counted(total, 'line')}" + (
            f" (1 to {total})" if total else ""
        )
        if number == 0:  # the banker asks to rename a player or change the title
            said += (
                "; 0 is the `game` line (the title and the players), which a correction "
                "cannot change, every later line naming the players: to rename one, print "
                "the game with `moderator script SAVE`, edit it, and play it into a new save"
            )
        return said
    return None


def start(real: Game, number: int, how: How = "replace") -> Amended:
    """A correction of ``real``'s line ``number`` begun: the sandbox before it, and the
    later lines waiting (:meth:`Amended.give_new` gives the new line, :meth:`Amended.go_on`
    the later ones; the TUI lets the banker type the new line in between).

    Raises:
        Refusal: no line ``number`` (the message says which there are).
    """
    missing = no_line(real, number)
    if missing is not None:
        raise Refusal(missing)
    if how == "delete" and number < len(real.journal):
        # the setup draw taken out: the next line would make the tool draw again at random
        at = open_sandbox(real, number - 1).game
        if random_draw(at, real.journal[number].command) is not None:
            raise Refusal(
                f"line {number} (`{real.journal[number - 1].line}`) is the setup draw made at "
                "the table: it cannot be taken out (every later line follows it, and the "
                "tool would draw again at random); correct it with the corporation drawn"
                + _draw_rule(at)
            )
    box = open_sandbox(real, number - 1)
    box.purpose = {
        "replace": f"line {number} amended",
        "insert": f"a line inserted before line {number}",
        "delete": f"line {number} deleted",
    }[how]
    old = real.journal[number - 1].line if how != "insert" else ""
    done = Amended(real=real, sandbox=box, number=number, how=how, old=old, new="")
    later = number if how != "insert" else number - 1
    done.waiting = [(k, e) for k, e in enumerate(real.journal[later:], start=later + 1)]
    return done


def amend(
    real: Game,
    number: int,
    line: str | None = None,
    *,
    how: How = "replace",
    go_on: bool = True,
) -> Amended:
    """Try a correction of ``real``'s line ``number`` on a sandbox (module docstring).

    ``how``: ``replace`` line ``number`` with ``line``, ``insert`` ``line`` before it, or
    ``delete`` it (``line`` unused).  With ``go_on`` the later lines are given at once
    (:meth:`Amended.go_on`); else they wait.

    Raises:
        Refusal: no line ``number`` (the message says which there are), or ``line`` is
            missing, not a command, or refused where it goes (the rule named).
    """
    done = start(real, number, how)
    if how != "delete":
        done.give_new(line)
    if go_on:
        done.go_on()
    return done


# ----------------------------------------------------------------- the shell
def amend_shell(
    save: Path,
    number: int,
    line: str | None = None,
    *,
    how: How = "replace",
    dry_run: bool = False,
) -> int:
    """``moderator amend SAVE N 'LINE'`` (``--insert``, ``--delete``, ``--dry-run``): the
    receipts of the lines the correction changed, the comparison as ``moderator whatif``
    prints it, then the keep.  Exit 0: amended (with ``--dry-run``: would be) and every
    later line still applies; 1: the line or a later line is refused (its number, its
    text and the rule on stderr; the save is left byte for byte as it was); 2: no line N,
    a save that cannot be read, written or is locked."""
    import sys

    from moderator.errors import SaveError
    from moderator.narrate import narrate
    from moderator.sandbox import compare
    from moderator.shell import EXIT_FILES, EXIT_OK, EXIT_REFUSED, err, safe, tell

    try:
        real = Game.load(save, read_only=dry_run)
    except SaveError as exc:  # unreadable, locked (SaveLocked) or not writable
        err(str(exc))
        return EXIT_FILES
    except Exception as exc:  # no traceback for a save, whatever is in it
        err(f"{save}: cannot be opened ({type(exc).__name__}: {exc})")
        return EXIT_FILES
    try:
        tell(real)
        if real.read_only and not dry_run:
            err(f"{save}: {real._read_only_reason()}")
            return EXIT_FILES
        missing = no_line(real, number)
        if missing is not None:
            err(f"{save}: {missing}; nothing was written")
            return EXIT_FILES
        try:
            done = amend(real, number, line, how=how)
        except Refusal as exc:
            err(f"refused: {exc.message}; the save was left as it was")
            return EXIT_REFUSED
        if done.stop is not None:
            err(
                f"{done.stop.text_said()}; the save was left as it was (correct or drop that "
                "line too: History's e/Delete in the TUI)"
            )
            return EXIT_REFUSED
        if done.unchanged():  # a line "corrected" to what it was: nothing to write
            print(
                safe(
                    f"line {number} unchanged: `{done.new}` is what it was, and every later "
                    "line applies as before; nothing to keep, the save was left as it was"
                )
            )
            return EXIT_OK
        said = {
            "replace": f"line {number}: {done.old} -> {done.new}",
            "insert": f"before line {number}: inserted {done.new}",
            "delete": f"line {number} deleted: {done.old}",
        }[how]
        what = "dry run: nothing is written" if dry_run else "kept once every line applies"
        print(safe(f"amended {said} ({what})"))
        currency = real.ruleset.currency
        for given in done.changed():
            entry = done.game.journal[given.number - 1]
            print(safe(f"✓ {given.number} {entry.line}"))
            if given.outcome.receipt is not None:
                print(safe(given.outcome.receipt.text(), keep_newlines=True))
            for said_line in narrate(entry.command, entry.events, currency, real.title):
                print("  " + safe(said_line))
        print(safe(compare(done.sandbox).text(), keep_newlines=True))
        for said_line in on_table_text(done.on_table(), dry_run=dry_run):
            print(safe(said_line))
        if dry_run:
            return EXIT_OK
        try:
            kept = done.keep()
        except Refusal as exc:
            err(exc.message)
            return EXIT_REFUSED
        except SaveError as exc:
            err(str(exc))
            return EXIT_FILES
        except OSError as exc:
            err(f"not kept: cannot write {exc.filename or save} ({exc.strerror or exc})")
            return EXIT_FILES
        print(safe(kept.text().replace("what-if kept", f"amendment of line {number} kept")))
        return EXIT_OK
    finally:
        real.close()
        sys.stdout.flush()
