"""The ``moderator`` command: the TUI, and batch ``play`` / ``state`` for scripts and saves.

``moderator``                        open the TUI on the latest save (or the start screen)
``moderator open FILE``              open the TUI on a save
``moderator play SCRIPT``            play a banker script; exit 1 at the first refused line
``moderator play SCRIPT --save F``   ...saving as it goes.  An existing F is never overwritten:
                                     when its journal is the start of the script (same title and
                                     players, the same first commands) the game continues from
                                     there; otherwise the run is refused with exit 2 and F is
                                     left untouched.  ``--force`` replaces F and keeps the old
                                     file beside it (``game.json`` -> ``game.replaced-1.json``).
``moderator state SAVE``             show a saved game (``--json`` for the spec's JSON)
``moderator script SAVE``            print a saved game as a banker script
``moderator demo [TITLE]``           open the TUI on a shipped demo game: 1846 (default),
                                     1847ae, 1853, 1830, 1889, 18chesapeake or 1817
``moderator picture SAVE``           draw the main screen of SAVE headless and keep it for the
                                     TUI's next opening (``--size COLUMNSxROWS``, and the
                                     sizes kept before); what ``play --save``, ``amend`` and
                                     the TUI start apart

``state`` and ``script`` open the save read-only (no lock), so they work while a
TUI has the game open.  Everything they and ``play`` print that comes from a save
or a script (names, notes, journal lines, refusals echoing input) is printed with
control characters escaped (``\\x1b`` shown as text): a hostile save can never send
an escape sequence to the terminal.

Exit status: 0 every line accepted; 1 a refused line or a save that cannot be read;
2 a problem with the files themselves (script unreadable, save locked by another
moderator, a save that is not this script's game, the disk full mid-script); 141 the
reader of the output went away (``moderator score SAVE | head -1``), quietly.
"""

from __future__ import annotations

import gc
import os
import stat
import sys
from pathlib import Path

from moderator import __version__
from moderator.errors import Refusal, SaveError
from moderator.lazy import lazy_module
from moderator.text import counted, escaped, money, shorts_held

shutil = lazy_module("shutil")  # with its compressors, only for a backup or a width

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:  # imported by _parser, for a command line _simple_words does not read
    import argparse
    from typing import Any
if TYPE_CHECKING:  # imported by _load_commands, the first time a command runs (issue 41)
    from moderator import commands as c
    from moderator import osfiles
    from moderator.game import Game, Outcome
    from moderator.journal import prune_backups
    from moderator.lock import LockRefused, SaveLocked
    from moderator.osfiles import FileRefused, read_regular
    from moderator.script import (
        ParseError,
        format_command,
        is_check,
        parse_line,
        same_note,
        script_lines,
    )
    from moderator.shell import (
        EXIT_FILES,
        EXIT_REFUSED,
        answer_check,
        read_script,
        safe,
        tell,
    )
    from moderator.shell import columns as _columns
    from moderator.shell import err as _err
    from moderator.shell import fit as _fit
    from moderator.shell import open_read_only as _open_read_only
    from moderator.shell import print_json as _print_json


def _load_commands() -> None:
    """Import the game and its files for the commands (issue 41: ``import moderator.cli``
    alone, which every ``moderator`` process pays, loads no game, journal or lock)."""
    global \
        c, \
        osfiles, \
        Game, \
        Outcome, \
        prune_backups, \
        LockRefused, \
        SaveLocked, \
        FileRefused, \
        read_regular
    global ParseError, format_command, is_check, parse_line, same_note, script_lines
    global EXIT_FILES, EXIT_REFUSED, answer_check, read_script, safe, tell
    global _columns, _err, _fit, _open_read_only, _print_json
    if "Game" in globals():
        return
    from moderator import commands as c
    from moderator import osfiles
    from moderator.game import Game, Outcome
    from moderator.journal import prune_backups
    from moderator.lock import LockRefused, SaveLocked
    from moderator.osfiles import FileRefused, read_regular
    from moderator.script import (
        ParseError,
        format_command,
        is_check,
        parse_line,
        same_note,
        script_lines,
    )
    from moderator.shell import (
        EXIT_FILES,
        EXIT_REFUSED,
        answer_check,
        read_script,
        safe,
        tell,
    )
    from moderator.shell import columns as _columns
    from moderator.shell import err as _err
    from moderator.shell import fit as _fit
    from moderator.shell import open_read_only as _open_read_only
    from moderator.shell import print_json as _print_json

    # What the imports made lives as long as the process: the collector need not walk it
    # again at each of its rounds while a command plays (a tenth of `play`, issue 41).
    gc.freeze()


def __getattr__(name: str) -> Any:
    """``from moderator.cli import safe`` and the like: the names :func:`_load_commands`
    imports, imported on first use."""
    if name.startswith("__"):
        raise AttributeError(name)
    _load_commands()
    try:
        return globals()[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


DEFAULT_SAVES = Path("saves")

EXIT_READER_GONE = 141
"""What was printed had no reader any more (``moderator score SAVE | head -1``): the
command stops quietly with 128 + SIGPIPE, the status a shell gives a tool that the
signal stopped (``seq 100000 | head -1``).  ``play --save`` has saved every line it
accepted before, and continues from there when run again."""

PLAY_GC_THRESHOLD = 50_000
"""The collector's first threshold while ``play`` plays a script (Python's is 700)."""

HELP_WORDS = frozenset({"-h", "--help"})
"""Ask for a command's help, in any position (``moderator check SAVE run --help``)."""

MAX_RUNS_BYTES = 1 * 2**20
"""A longer ``project --file`` is refused unread: one company a line is a few hundred bytes."""


def _close(game: Game | None) -> None:
    """Let go of a game's save (its lock)."""
    if game is not None:
        game.close()


def _not_a_regular_file(path: Path) -> str | None:
    """Why ``path`` (which exists) cannot be a save: a directory, a FIFO, a device..."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        return exc.strerror or str(exc)
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "it is a directory"
    return "it is not a regular file"


# ----------------------------------------------------------------- play
class _Stop(Exception):
    """Ends ``play`` with an exit status (the message is already printed)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _backup_name(save: Path, n: int) -> Path:
    return save.with_name(f"{save.stem}.replaced-{n}{save.suffix or '.json'}")


def _back_up(save: Path) -> Path:
    """Copy ``save`` to the first free ``NAME.replaced-N.json`` beside it; never overwrite.

    A copy, not a rename or a hard link: the save stays where a lock or another
    program expects it until the new game replaces it, and a save written in
    place later cannot change the backup.
    """
    with save.open("rb") as src:
        n = 1
        while True:
            backup = _backup_name(save, n)
            try:
                fd = os.open(
                    backup,
                    os.O_WRONLY
                    | os.O_CREAT
                    | os.O_EXCL
                    | osfiles.NOFOLLOW
                    | osfiles.CLOEXEC
                    | osfiles.BINARY,
                    0o644,
                )
            except FileExistsError:
                n += 1
                continue
            try:
                with os.fdopen(fd, "wb") as dst:
                    if hasattr(os, "fchmod"):  # the save's own bits, not 0644 (issue 42.4)
                        os.fchmod(fd, stat.S_IMODE(os.fstat(src.fileno()).st_mode))
                    shutil.copyfileobj(src, dst)
                    dst.flush()
                    os.fsync(dst.fileno())
            except BaseException:
                backup.unlink(missing_ok=True)
                raise
            prune_backups(save)  # the newest MAX_BACKUPS of the save's backups are kept
            return backup


def _same_command(script_cmd: c.Command, saved: c.Command) -> bool:
    """Whether a script's command is the journal's: equal, or equal but for case and ``&``.

    Names and ids are case-insensitive in the script language and ``B&O`` is
    ``BO``; the text of a note or a reason is compared as written (a note an older
    moderator journaled: as its line was written, see :func:`script.legacy_note_line`).
    """
    if script_cmd == saved:
        return True
    if type(script_cmd) is not type(saved):
        return False
    if isinstance(script_cmd, c.Note):
        return same_note(format_command(script_cmd), saved)

    def folded(cmd: c.Command) -> dict[str, Any]:
        data = cmd.model_dump()
        for key, value in data.items():
            if isinstance(value, str) and key not in ("text", "reason"):
                data[key] = value.casefold().replace("&", "")
            elif isinstance(value, tuple | list):
                data[key] = [
                    v.casefold().replace("&", "") if isinstance(v, str) else v for v in value
                ]
        return data

    return folded(script_cmd) == folded(saved)


def _open_save(cmd: c.Command, number: int, save: Path | None, force: bool) -> tuple[Game, bool]:
    """The game of a script's ``game`` line: a new save, the existing one to continue, or
    (``--force``) a new save replacing the old one.  Returns the game and whether it resumes.

    The rules are silent on files; what a banker expects: a game at the table is never
    lost to a typo in a command line, so an existing save is only ever continued (when
    it is this script's game so far) or replaced on request, with a copy kept.
    """
    if not isinstance(cmd, c.GameCmd):
        _err(f"line {number}: refused: a script starts with `game TITLE PLAYER...`")
        raise _Stop(EXIT_REFUSED)
    if save is None or not (save.exists() or save.is_symlink()):
        game = _new_game(cmd, number, save)
        game.remember_length = save is not None  # as the TUI: a save cut later is noticed
        return game, False
    why = _not_a_regular_file(save)
    if why is not None:
        _err(f"{save}: cannot write the save file ({why})")
        raise _Stop(EXIT_FILES)
    if force:
        backup = _back_up_or_stop(save)
        try:
            game = _new_game(cmd, number, save)
        except _Stop:
            backup.unlink(missing_ok=True)  # the old save is untouched: no backup needed
            raise
        game.remember_length = True
        _err(f"{save}: replaced (--force); the game it held is kept in {backup}")
        return game, False
    try:
        game = Game.load(save)
    except (SaveLocked, LockRefused) as exc:  # the holder, or the lock file to put right
        _err(str(exc))
        raise _Stop(EXIT_FILES) from None
    except SaveError as exc:
        _err(str(exc))
        _err(f"{save}: not continued and left untouched (--force replaces it, keeping a backup)")
        raise _Stop(EXIT_FILES) from None
    tell(game)
    game.remember_length = True  # as the TUI: kept when play lets go of the save
    try:  # read at the save's own level: a player a later level refuses (TITLE-game-words)
        new = Game.new(cmd.title, list(cmd.players), rules_level=game.rules_level)
    except Refusal as exc:
        _close(game)
        _err(f"line {number}: refused: {exc}")
        raise _Stop(EXIT_REFUSED) from None
    if (new.title, new.players, new.options) != (game.title, game.players, game.options):
        _close(game)
        ours = format_command(c.GameCmd(title=new.title, players=(*new.players, *new.options)))
        theirs = format_command(c.GameCmd(title=game.title, players=(*game.players, *game.options)))
        _err(
            f"{save} holds another game (`{theirs}`), not this script's (line {number}: "
            f"`{ours}`); it was left untouched (--force replaces it, keeping a backup)"
        )
        raise _Stop(EXIT_FILES)
    return game, True


def _back_up_or_stop(save: Path) -> Path:
    try:
        return _back_up(save)
    except OSError as exc:
        _err(f"{save}: cannot keep a backup before replacing it ({exc.strerror or exc})")
        raise _Stop(EXIT_FILES) from None


def _new_game(cmd: c.GameCmd, number: int, save: Path | None) -> Game:
    try:
        return Game.from_command(cmd, path=save)
    except Refusal as exc:
        _err(f"line {number}: refused: {exc}")
        raise _Stop(EXIT_REFUSED) from None
    except SaveError as exc:  # locked by another moderator: the message names the holder
        _err(str(exc))
        raise _Stop(EXIT_FILES) from None
    except OSError as exc:
        _err(f"{save}: cannot write the save file ({exc.strerror or exc})")
        raise _Stop(EXIT_FILES) from None


def _check_before(game: Game, upto: int, cmd: c.Expect) -> str | None:
    """Why an ``expect`` inside the already-saved part fails at its place, or ``None``."""
    state = game.replay(upto)
    try:
        game.ruleset.apply(state, cmd)
    except Refusal as exc:
        return exc.message
    except Exception as exc:  # a bug must not crash the batch run
        return f"internal error, check refused: {type(exc).__name__}: {exc}"
    return None


def play(
    script: Path,
    *,
    as_json: bool = False,
    save: Path | None = None,
    quiet: bool = False,
    force: bool = False,
) -> int:
    """Play a script line by line; a refused line stops with exit status 1.

    With ``save``: an existing save whose journal starts the script is continued
    after its last entry (the lines it already holds are checked, not replayed);
    any other existing save is refused with exit status 2 and left untouched,
    unless ``force`` (then it is replaced and a backup kept beside it).
    """
    text = read_script(script)  # a pipe is fine (`play /dev/stdin`), /dev/zero is not
    if isinstance(text, int):
        return text
    thresholds = gc.get_threshold()
    # A script's game keeps nearly all it makes (its journal, the state): the collector
    # walks it far less often, still bounded (2% of a 1,000-command play, issue 41).
    gc.set_threshold(PLAY_GC_THRESHOLD, *thresholds[1:])
    try:
        status = _play_lines(script, text, save, as_json=as_json, quiet=quiet, force=force)
    except _Stop as stop:
        return stop.status
    finally:
        gc.set_threshold(*thresholds)
    if save is not None and status in (0, EXIT_REFUSED) and os.path.isfile(save):
        from moderator import picture_apart

        picture_apart.leave_picture(save)  # the save is written as played: its picture, apart
    return status


def _play_lines(
    script: Path, text: str, save: Path | None, *, as_json: bool, quiet: bool, force: bool
) -> int:
    game: Game | None = None
    saved: list[c.Command] = []  # the journal of a continued save, to match against the script
    matched = 0
    try:
        for number, raw in enumerate(script_lines(text), start=1):
            if game is not None and _is_check(raw):
                # A check changes nothing and is not journaled: answer it and go on.
                if not as_json and not quiet:
                    answer = answer_check(game, raw)
                    if answer is None:
                        return EXIT_REFUSED
                    print(safe(answer, keep_newlines=True))
                continue
            if game is not None and matched >= len(saved):
                # The game reads the line itself: a line written as the journal writes it
                # is then journaled without being read a second time (issue 41).
                outcome = game.execute(raw)
                if outcome.ok and outcome.command is None:
                    continue  # a blank or comment line
                if _refused(outcome, number, game, as_json=as_json):
                    return EXIT_FILES if outcome.save_failed else EXIT_REFUSED
                if as_json or quiet:
                    continue
                from moderator.narrate import narrate_around  # not for --json or --quiet

                cmd = outcome.command
                assert cmd is not None
                before, after = narrate_around(
                    cmd, outcome.events, game.ruleset.currency, game.title
                )
                for line in before:  # what the bank did before the line acted
                    print("  " + safe(line))
                if outcome.receipt is not None:
                    print(safe(outcome.receipt.text(), keep_newlines=True))
                for line in after:
                    print("  " + safe(line))
                continue
            try:
                cmd = parse_line(raw)
            except ParseError as exc:
                _err(f"line {number}: refused: {exc.message}")
                return EXIT_REFUSED
            if cmd is None:
                continue
            if game is None:
                game, resumed = _open_save(cmd, number, save, force)
                game.checkpoints = False  # played in one go: no undo (issue 41)
                saved = [entry.command for entry in game.journal] if resumed else []
                continue
            if matched < len(saved):  # inside the part the save already holds
                if isinstance(cmd, c.Expect):
                    reason = _check_before(game, matched, cmd)
                    if reason is not None:
                        _err(f"line {number}: refused: {reason}")
                        return EXIT_REFUSED
                    continue
                if not _same_command(cmd, saved[matched]):
                    entry = game.journal[matched]
                    _err(
                        f"{save}: line {number} differs from journal entry {matched + 1}: "
                        f"the script has `{raw.strip()}`, the save has `{entry.line}`; "
                        "the save was left untouched (--force replaces it, keeping a backup)"
                    )
                    return EXIT_FILES
                matched += 1
                continue
        if game is None:
            _err(f"{script}: no `game TITLE PLAYER...` line")
            return EXIT_REFUSED
        if matched < len(saved):
            _err(
                f"{save} is further along than the script: its journal has "
                f"{counted(len(saved), 'entry', 'entries')}, the script ends after {matched} of "
                "them; the save was left untouched"
            )
            return EXIT_FILES
        if as_json:
            _print_json(game.state_json())
        elif not quiet:
            show(game)
        return 0
    finally:
        _close(game)


def _refused(outcome: Outcome, number: int, game: Game, *, as_json: bool) -> bool:
    """Whether line ``number`` was refused (or not saved), told on stderr (and with
    ``as_json`` the state printed, as it stands without the line)."""
    if outcome.ok:
        return False
    if outcome.save_failed:
        why = outcome.message.removeprefix("not saved, so not applied: ")  # said once
        _err(
            f"line {number}: not saved: {why}; {game.path} still holds "
            "the game up to the line before; fix the disk and play the script again "
            "to continue"
        )
        return True
    _err(f"line {number}: refused: {outcome.message}")
    if as_json:
        _print_json(game.state_json())
    return True


# ----------------------------------------------------------------- showing a game
def _bank_rule(bank: dict[str, Any]) -> str:
    """`` (9)``: the title's rule on the bank running out (the state JSON's ``bank.rule``:
    1846 10.1, 1847 AE 9, 1853 5.1.1), or nothing when the title names none."""
    rule = bank.get("rule")
    return f" ({rule})" if rule else ""


def show(game: Game) -> None:
    """Rich tables of a game for people (names escaped: no markup, no control characters)."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    def esc(value: object) -> str:
        return escape(safe(str(value)))

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            # Rich exits with status 1 of its own; the reader going away is main's to tell
            raise BrokenPipeError

    data = game.state_json()
    cur = game.ruleset.currency

    def m(amount: int) -> str:
        return esc(money(cur, amount))

    # a player named `:smile:` is printed as typed; a size Rich's `int` cannot read
    # (`COLUMNS=²`: `isdigit` says yes) is left out, not a traceback (the hardening audit)
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES") or v.isascii()}
    console = _Console(emoji=False, _environ=environ)
    rnd = data["round"]
    where = f"{rnd['kind']} {rnd['number']}" + (f".{rnd['or']}" if rnd["or"] else "")
    if rnd.get("setup"):  # the JSON says "SR" (the contract's kinds); the game's own label
        where = game.round_label()
    bank = data["bank"]
    console.print(
        f"[bold]{esc(data['title_name'])}[/]  {esc(where)}  phase {esc(data['phase'])}  "
        + ("bank unlimited" if bank["cash"] is None else f"bank {m(bank['cash'])}")
        + (f"  [red]broken{_bank_rule(bank)}[/]" if bank["broken"] else "")
        + "".join(f"  {word} {esc(name)}" for word, name in _priority(data))
    )
    if bank.get("note"):
        console.print(f"  bank: {esc(bank['note'])}")
    interest = data.get("interest")  # 1817: the rate and the loans out, as the engine has them
    if isinstance(interest, dict):
        fixed = "this OR" if interest.get("fixed") else "if an OR began now"
        console.print(
            f"  interest {interest['rate']}% {fixed}, loans {interest['loans_out']}/"
            f"{interest['loans_out'] + interest['loans_left']}"
        )
    for line in _later_round(data):  # 1817: the round under way is no operating round
        console.print(f"  {esc(line)}")
    players = Table(title="Players")
    for col in ("player", "cash", "value", "certs", "shares", "privates"):
        players.add_column(col, justify="right" if col in ("cash", "value", "certs") else "left")
    for p in data["players"]:
        if p.get("bankrupt"):  # 1817 facts §12: out of the game, not a player with $0
            players.add_row(esc(p["name"]), "—", "—", "—", "bankrupt: out of the game", "")
            continue
        shorts = p.get("shorts") or {}  # 1817 facts §5: short certificates held
        shares = " ".join(
            [f"{k} {v}%" for k, v in p["shares"].items()]
            + [shorts_held(k, n) for k, n in shorts.items() if n]
        )
        players.add_row(
            esc(p["name"]),
            m(p["cash"]),
            m(p["value"]),
            f"{p['certificates']}/{data['cert_limit']}",
            esc(shares),
            esc(" ".join(p["privates"])),
        )
    console.print(players)
    companies = Table(title="Companies")
    loans = any("loans" in co for co in data["companies"])  # 1817: size and loans too
    from moderator.narrate import president_shown, share_heads, title_word

    lead = title_word(data["title"], "president")  # as the title's rules say (1853, 1847)
    unsold, pool = share_heads(data["title"])  # 1830's offering and pool, 1846's market
    columns = ("id", "cash", "price", lead, unsold, pool, "trains", "privates")
    for col in columns + (("size", "loans") if loans else ()):
        companies.add_column(
            col,
            justify="right" if col in ("cash", "price", unsold, pool, "size") else "left",
            no_wrap=col == "loans",
        )
    # A private has an owner, not a president, and no treasury: its own table below, as
    # the screens show privates apart from the corporations.
    privates = Table(title="Privates")
    for col in ("id", "owner", "price"):
        privates.add_column(col, justify="right" if col == "price" else "left")
    for co in data["companies"]:
        if co["closed"] or not (co["launched"] or co["kind"] != "corporation"):
            continue
        if co["kind"] == "private":  # 1846's independents run, with cash: companies
            if co["in_play"]:
                privates.add_row(
                    esc(co["id"]),
                    esc(co["owner"] or ""),
                    m(co["price"]) if co["price"] is not None else "",  # Krauss & Co.'s
                )
            continue
        if co["kind"] != "corporation" and not co["in_play"]:
            continue
        corporation = co["kind"] == "corporation"
        companies.add_row(
            esc(co["id"]),
            m(co["cash"]),
            m(co["price"]) if co["price"] is not None else "",
            esc(president_shown(co["president"]) if corporation else co["owner"] or ""),
            f"{co['ipo']}%" if corporation else "",
            f"{co['pool']}%" if corporation else "",
            esc(" ".join(co["trains"])),
            esc(" ".join(co["privates"])),
            *(_loan_cells(co, cur) if loans else ()),
        )
    console.print(companies)
    if privates.row_count:
        console.print(privates)
    if data["ended"]:
        why = f": {esc(data['end_reason'])}." if data.get("end_reason") else "."
        console.print(f"[bold]Game over[/]{why}")
        for place in data.get("ranking") or []:
            said = ["tie"] if len(place["players"]) > 1 else []
            said += ["bankrupt"] if place.get("bankrupt") else []  # as `score` says it
            tied = f" ({', '.join(said)})" if said else ""
            names = ", ".join(esc(name) for name in place["players"])
            console.print(f"  {place['place']}. {names} {m(place['score'])}{tied}")


def _later_round(data: dict[str, Any]) -> list[str]:
    """1817's merger or acquisition round under way, as the TUI's header says it (the state
    JSON's round is still the operating round before it): ``merger and conversion round
    1.1: UR, GT may convert or merge``, ``acquisition round 1.1: PW, GT, UR lowest price
    first, UR next``."""
    rnd = data["round"]
    number = f"{rnd['number']}.{rnd['or']}"
    acquisition, merger = data.get("acquisition"), data.get("merger")
    if isinstance(acquisition, dict):
        up = f", {acquisition['up']} next" if acquisition.get("up") else ""
        order = ", ".join(acquisition.get("order") or []) or "no corporation"
        return [f"acquisition round {number}: {order} lowest price first{up}"]
    if isinstance(merger, dict):
        may = ", ".join(merger.get("may") or [])
        said = f"{may} may convert or merge" if may else "no corporation may convert or merge"
        return [f"merger and conversion round {number}: {said}"]
    return []


def _priority(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The header's priority deal, as the TUI's top line says it: 1853's Elephant (3.1.11:
    the priority deal; no holder before the bonds), else ``priority``; none unheld."""
    word, key = ("Elephant", "elephant") if "elephant" in data else ("priority", "priority")
    return [(word, str(data[key]))] if data.get(key) else []


def _loan_cells(co: dict[str, Any], cur: str) -> tuple[str, str]:
    """A corporation's size (shares) and loans, with the interest it owes this OR in
    brackets, as the engine gives them; a private's cells empty."""
    if co["kind"] != "corporation" or not co.get("size"):
        return ("", "")
    due = co.get("interest_due") or 0
    return (f"{co['size']}", f"{co['loans']}" + (f" ({money(cur, due)})" if due else ""))


def state(save: Path, *, as_json: bool = False) -> int:
    """Show a save file (read-only: works while a TUI has the game open)."""
    game = _open_read_only(save)
    if game is None:
        return EXIT_REFUSED
    try:
        if as_json:
            _print_json(game.state_json())
        else:
            show(game)
    finally:
        _close(game)
    return 0


def script_of(save: Path) -> int:
    """Print a save as a banker script (read-only; journal lines escaped)."""
    game = _open_read_only(save)
    if game is None:
        return EXIT_REFUSED
    try:  # line by line: a 64 MiB save's script is never held whole (issue 42.5)
        write = sys.stdout.write
        for line in game.script_lines():
            write(safe(line, keep_newlines=True) + "\n")
    finally:
        _close(game)
    return 0


# ----------------------------------------------------------------- end of game
def _is_check(line: str) -> bool:
    return is_check(line)


class _Progress:
    """Progress of a long job on stderr, only where a person watches (a terminal)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.shown = False
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if self.tty and total >= 200:
            sys.stderr.write(f"\r{self.label}: {done}/{total}")
            sys.stderr.flush()
            self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\n")


def _print_result(result: Any, as_json: bool) -> None:
    """A score or projection as JSON or as its text table (names escaped), the text
    within :func:`_columns`."""
    if as_json:
        _print_json(result.to_json())
    else:
        print(safe(result.text(_columns()), keep_newlines=True))


def score_of(save: Path, *, as_json: bool = False) -> int:
    """Print a save's score: final, or "if the game ended now"."""
    from moderator.scoring import score

    game = _open_read_only(save)
    if game is None:
        return EXIT_REFUSED
    try:
        _print_result(score(game), as_json)
    finally:
        _close(game)
    return 0


def project_of(
    save: Path,
    *,
    runs: str = "",
    runs_file: Path | None = None,
    ors: int | None = None,
    as_json: bool = False,
    width: int | None = None,
) -> int:
    """Print the "spreadsheet it" projection of a save's remaining operating rounds.

    The table fits ``width`` columns (0: one wide table), by default the terminal's
    (``COLUMNS`` first), or 100 when the output is not a terminal (issue 21.7)."""
    from moderator.scoring import parse_runs, project, projected_rounds

    game = _open_read_only(save)
    if game is None:
        return EXIT_REFUSED
    progress = _Progress("projecting")
    try:
        spec = runs
        if runs_file is not None:
            try:  # a runs file is read as carefully as a save (no FIFO, no /dev/zero)
                lines = read_regular(runs_file, MAX_RUNS_BYTES).decode("utf-8").splitlines()
            except FileRefused as exc:
                name = escaped(str(runs_file))
                if exc.missing:
                    _err(f"{name}: no such runs file")
                else:
                    big = "large" in exc.what
                    limit = f" (at most {MAX_RUNS_BYTES // 1024} KiB)" if big else ""
                    _err(f"{name}: {exc.what}{limit}, not a runs file; nothing was read")
                return EXIT_REFUSED
            except UnicodeDecodeError:
                _err(f"{escaped(str(runs_file))}: not UTF-8 text, not a runs file")
                return EXIT_REFUSED
            spec = ";".join([spec, *(ln.split("#", 1)[0].strip() for ln in lines)])
        try:
            count = len(projected_rounds(game, ors))
            given, pins = parse_runs(spec, game, count)
            result = project(game, given, ors, progress=progress, final_prices=pins)
        except Refusal as exc:
            progress.close()
            _err(f"refused: {exc}")
            return EXIT_REFUSED
        progress.close()
        if as_json:
            _print_result(result, as_json)
        else:
            print(
                safe(
                    result.text(_columns() if width is None else max(width, 0)), keep_newlines=True
                )
            )
    finally:
        _close(game)
    return 0


def export_of(save: Path, *, xlsx: Path | None, csv_dir: Path | None) -> int:
    """Write a save's score, rounds, companies, market and journal as XLSX and/or CSV."""
    from moderator.export import export_csv, export_xlsx

    if xlsx is None and csv_dir is None:
        _err("nothing exported: give --xlsx FILE (a workbook) and/or --csv DIR (CSV files)")
        return EXIT_REFUSED
    game = _open_read_only(save)
    if game is None:
        return EXIT_REFUSED

    def workbook(progress: _Progress) -> list[Path]:
        assert game is not None and xlsx is not None
        export_xlsx(game, xlsx, progress)
        return [xlsx]

    def csv_files(progress: _Progress) -> list[Path]:
        assert game is not None and csv_dir is not None
        return export_csv(game, csv_dir, progress)

    jobs = ([workbook] if xlsx is not None else []) + ([csv_files] if csv_dir else [])
    try:
        for job in jobs:
            progress = _Progress("exporting")
            try:
                written = job(progress)
            except Refusal as exc:
                _err(f"refused: {exc}")
                return EXIT_FILES
            finally:
                progress.close()
            for path in written:
                print(f"wrote {safe(str(path))}")
    finally:
        _close(game)
    return 0


def check_of(save: Path, words: list[str]) -> int:
    """Answer a check against a save (exit 1 when a claimed figure is wrong)."""
    from moderator.checker import check

    game = _open_read_only(save)
    if game is None:
        return EXIT_REFUSED
    try:
        try:
            answer = check(game, " ".join(["check", *words]))
        except Refusal as exc:
            for line in _fit(f"refused: {exc}").split("\n"):
                _err(line)
            return EXIT_FILES
        print(safe(_fit(answer.text()), keep_newlines=True))
        return 1 if answer.verdict is False else 0
    finally:
        _close(game)


def _run_tui(path: Path | None, saves: Path, demo: bool | str = False) -> int:
    # No cyclic garbage collection until the first screen is drawn (the app turns it
    # back on then, see ModeratorApp.on_keys_ready): Textual's import and the replay of
    # the save make some 94,000 objects, nearly none of them garbage, and the
    # collector walked them again and again, 3-4% of a start (issue 21.4).
    gc.disable()
    from moderator import preload

    stdin = sys.__stdin__.fileno() if sys.__stdin__ is not None else -1
    before = preload.keys_as_typed(stdin)  # the keys typed during the start, as typed
    try:
        from moderator.ui.app import run_app

        return run_app(path=path, saves=saves, demo=demo)
    finally:
        preload.restore_terminal(stdin, before)
        gc.enable()


SUBCOMMAND_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("open", "moderator open saves/game.json"),
    ("demo", "moderator demo 1830"),
    ("play", "moderator play game.script --save saves/game.json"),
    ("state", "moderator state saves/game.json"),
    ("score", "moderator score saves/game.json"),
    ("export", "moderator export saves/game.json --xlsx game.xlsx"),
    ("serve", "moderator serve saves/game.json --lan"),
    ("whatif", "moderator whatif saves/game.json try.script --at 55"),
    ("amend", "moderator amend saves/game.json 37 'run PRR 170 full'"),
    ("check", "moderator check saves/game.json run NYC 370 half paid 19"),
    ("script", "moderator script saves/game.json > game.script"),
    ("project", "moderator project saves/game.json --ors 2"),
)
"""Each subcommand with a one-line example, in the order a banker needs them: the
epilog of ``moderator --help`` (``tests/test_front_door.py`` checks every one exists)."""

_EXAMPLES = "examples, in the order a banker needs them:\n" + "\n".join(
    f"  {example}" for _, example in SUBCOMMAND_EXAMPLES
)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``moderator`` console script.

    A reader that goes away (a closed pipe) stops the command quietly with
    :data:`EXIT_READER_GONE`, never with a traceback.
    """
    _load_commands()
    try:
        status = _main(argv)
        sys.stdout.flush()  # what is still buffered goes now, where a closed pipe is caught
    except BrokenPipeError:
        _reader_gone()
        return EXIT_READER_GONE
    return status


def _reader_gone() -> None:
    """Point stdout at the null device: its reader has gone, and what is left in its
    buffer would only fail again when the interpreter flushes it at exit."""
    try:
        null = os.open(os.devnull, os.O_WRONLY | osfiles.CLOEXEC | osfiles.BINARY)
        try:
            os.dup2(null, sys.stdout.fileno())
        finally:
            os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # no file descriptor behind stdout (a test's capture): nothing is left to flush


def _main(argv: list[str] | None) -> int:
    """The command line's command, run."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0] == "picture":  # started apart by leave_picture (not in --help)
        if HELP_WORDS & set(words[1:]):
            print(
                "usage: moderator picture SAVE [--size COLUMNSxROWS]\n\n"
                "Draws the main screen of SAVE headless (at --size, and at each size of "
                "the pictures kept\nbefore that is out of date; with neither, 120x40) and "
                "keeps it beside the save\nfor the TUI's next opening (docs/saves.md, 'The "
                "picture at start'). `play --save`,\n`amend` and the TUI start it by "
                "themselves. Exit 0: "
                "kept; 1: none needed, or the save changed\nor cannot be read; 2: a wrong "
                "command line."
            )
            return 0
        try:
            from moderator.ui.app import picture_main

            return picture_main(words[1:])
        except Exception:  # no Textual, no display, a damaged save: no picture, no noise
            return 1
    if words and words[0] == "check":
        # `moderator check SAVE run ...` checks against a save; `moderator check TITLE ...`
        # is the calculator with no game (moderator.checker).
        if len(words) > 1 and Path(words[1]).suffix == ".json":
            if HELP_WORDS & set(words[2:]):
                from moderator.checker import save_check_parser

                save_check_parser().print_help()
                return 0
            return check_of(Path(words[1]), words[2:])
        from moderator.checker import check_main

        return check_main(words[1:])
    simple = _simple_words(words)
    if simple is not None:
        cmd, path, flags, save = simple
        if cmd == "play":
            return play(
                path,
                as_json="--json" in flags,
                save=save,
                quiet="--quiet" in flags,
                force="--force" in flags,
            )
        return state(path, as_json="--json" in flags)
    return _parsed(words)


_SIMPLE_FLAGS = {
    "play": frozenset({"--json", "--quiet", "--force"}),
    "state": frozenset({"--json"}),
}
"""The switches :func:`_simple_words` reads itself, per command (``play`` takes ``--save F``
too)."""


def _simple_words(words: list[str]) -> tuple[str, Path, set[str], Path | None] | None:
    """``play SCRIPT [--json] [--quiet] [--force] [--save F]`` or ``state SAVE [--json]``,
    each word spelled out whole and given once: the command, its file, its switches and
    ``--save``'s file, read as argparse reads them.  ``None`` for anything else (another
    command, ``--help``, an abbreviation, ``--save=F``, a word starting with ``-``, a word
    missing or one too many), which :func:`_parsed` reads, with argparse's messages.

    Every ``moderator play`` and ``state`` of a script or a save is so read without
    building the parsers of every command (argparse and gettext's look-ups: a tenth of a
    short ``play``, issue 41)."""
    if not words or words[0] not in _SIMPLE_FLAGS:
        return None
    cmd, known = words[0], _SIMPLE_FLAGS[words[0]]
    flags: set[str] = set()
    path: Path | None = None
    save: Path | None = None
    rest = iter(words[1:])
    for word in rest:
        if word in known and word not in flags:
            flags.add(word)
        elif word == "--save" and cmd == "play" and save is None:
            value = next(rest, "")
            if not value or value.startswith("-"):
                return None
            save = Path(value)
        elif word and not word.startswith("-") and path is None:
            path = Path(word)
        else:
            return None
    return None if path is None else (cmd, path, flags, save)


def _whole(text: str) -> int:
    """A number of the command line: digits 0-9, a minus sign allowed.  ``int`` alone
    reads ``١٢`` or ``１２`` as 12 (``amend SAVE ١٢`` amended line 12), which the script
    language refuses (:func:`moderator.script.amount`); at most 30 digits."""
    import argparse

    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number (digits 0-9)")
    if len(digits) > 30:
        raise argparse.ArgumentTypeError(f"a number of {len(digits)} digits is absurd")
    return int(text)


def _port(text: str) -> int:
    """``serve --port``: 0 (any free port) to 65535 (was: a traceback from ``bind``)."""
    import argparse

    port = _whole(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 (any free one) to 65535, not {port}")
    return port


def _parser() -> argparse.ArgumentParser:
    """The command line's parser: every command, its ``--help`` and its errors."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="moderator",
        description="The 18xx banker's assistant. With no command: the TUI on the newest\n"
        "save in the saves folder (or the start screen).",
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"moderator {__version__}")
    parser.add_argument(
        "--saves", type=Path, default=DEFAULT_SAVES, help="folder of save files (default ./saves)"
    )
    sub = parser.add_subparsers(dest="cmd")
    p_open = sub.add_parser(
        "open",
        help="open a save in the TUI",
        description="Opens a saved game in the terminal app, to play on from where it stands.",
    )
    p_open.add_argument("file", type=Path, help="the save file (.json)")
    demo = sub.add_parser(
        "demo",
        help="open the shipped demo game in the TUI",
        description="Plays a shipped demo game into a fresh save in the saves folder and "
        "opens it in the terminal app.",
    )
    demo.add_argument(
        "title",
        nargs="?",
        default="1846",
        help="the demo's title: 1846 (default), 1847ae, 1853, 1830, 1889, 18chesapeake or 1817",
    )
    p_play = sub.add_parser(
        "play",
        help="play a banker script",
        description="Plays a banker script line by line, printing each run's receipt and what "
        "the bank did by itself, then the tables. Exit 0: every line accepted; 1: a line "
        "refused (its number and the rule on stderr); 2: a problem with the files. See "
        "docs/script.md for the language.",
    )
    p_play.add_argument(
        "script", type=Path, help="the banker script (a file; /dev/stdin reads a pipe)"
    )
    p_play.add_argument("--json", action="store_true", help="print the state JSON at the end")
    p_play.add_argument(
        "--save",
        type=Path,
        help="save the game to this file as it is played; an existing save of the same game "
        "whose journal starts the script is continued, any other is refused",
    )
    p_play.add_argument(
        "--force",
        action="store_true",
        help="replace an existing --save file that is not this script's game "
        "(the old file is kept beside it as NAME.replaced-N.json)",
    )
    p_play.add_argument("--quiet", action="store_true", help="print nothing but refusals")
    p_state = sub.add_parser(
        "state",
        help="show a saved game",
        description="Shows where a saved game stands: the round, the bank, the players and "
        "the companies. Read-only, so it works while the TUI has the game open.",
    )
    p_state.add_argument("save", type=Path, help="the save file (.json)")
    p_state.add_argument("--json", action="store_true", help="print the state JSON instead")
    p_score = sub.add_parser(
        "score",
        help="a save's score: final, or if the game ended now",
        description="Prints the score as the title's rules count it: each player's cash, "
        "holdings and counted privates, what is left out and why, the places with ties, "
        "and why the game ended (or that it goes on). Read-only.",
    )
    p_score.add_argument("save", type=Path, help="the save file (.json)")
    p_score.add_argument("--json", action="store_true", help="print the score as JSON")
    p_export = sub.add_parser(
        "export",
        help="a save as an XLSX workbook and/or CSV files",
        description="Writes the game as a workbook (Final with live formulas, Rounds with "
        "charts, Companies, Market, Journal) and/or the same sheets as CSV files. Read-only "
        "on the save. See docs/export.md.",
    )
    p_export.add_argument("save", type=Path, help="the save file (.json)")
    p_export.add_argument("--xlsx", type=Path, help="the workbook to write")
    p_export.add_argument("--csv", type=Path, dest="csv_dir", help="a folder for the CSV files")
    p_serve = sub.add_parser(
        "serve",
        help="share a game with the table: a live, read-only page for every player's phone",
        description="Serves the save (the newest in the saves folder by default) as a live "
        "read-only page; prints its address, with an access key, and a QR code. Ctrl-C stops.",
    )
    p_serve.add_argument(
        "save", type=Path, nargs="?", help="the save file (default: the newest in --saves)"
    )
    p_serve.add_argument(
        "--lan",
        action="store_true",
        help="listen on the laptop's network address (default: this computer only)",
    )
    p_serve.add_argument("--port", type=_port, default=0, help="the port (default: any free one)")
    p_whatif = sub.add_parser(
        "whatif",
        help="try a line of play on a copy of a save; nothing is written",
        description="Plays SCRIPT (commands, no `game` line) on a what-if copy of the save "
        "from its line N (default: the end), prints the receipts, then the sandbox beside "
        "the real game: each player's cash, value and place, each company's price and cash, "
        "differences marked. Never writes. Exit 0: every line accepted; 1: a line refused "
        "(its number and the rule on stderr); 2: no line N, or the script cannot be read.",
    )
    p_whatif.add_argument("save", type=Path, help="the save file (.json), only read")
    p_whatif.add_argument("script", type=Path, help="the commands to try (/dev/stdin: a pipe)")
    p_whatif.add_argument("--at", type=_whole, help="the line to branch from (0: the start)")
    p_whatif.add_argument("--json", action="store_true", help="print the comparison as JSON")
    # issue 39: a past line corrected, the rest replayed (moderator/amend.py)
    p_amend = sub.add_parser(
        "amend",
        help="correct a past line (replace, insert before, delete); the rest is replayed",
        description="Replaces line N of the save (numbered as History numbers them: 1 is "
        "the first command) with LINE, or inserts a line before it (--insert), or deletes "
        "it (--delete), and gives every later line again through the rules; prints the "
        "changed lines' receipts and the comparison as `whatif` does, then keeps it (the "
        "save rewritten atomically, the old one kept in NAME.before-amend-N.json). Exit 0: "
        "amended, every later line applies; 1: the line or a later one is refused (its "
        "number, text and rule on stderr; nothing written); 2: no line N, a save that "
        "cannot be read or written, or is locked.",
    )
    p_amend.add_argument("save", type=Path, help="the save file (.json)")
    p_amend.add_argument("number", type=_whole, help="the line to amend (History's number)")
    p_amend.add_argument("line", nargs="?", help="the line's new text (banker script)")
    p_amend.add_argument("--insert", metavar="LINE", help="insert LINE before line N")
    p_amend.add_argument("--delete", action="store_true", help="delete line N")
    p_amend.add_argument("--dry-run", action="store_true", help="print only; write nothing")
    sub.add_parser(
        "check",
        help="check a payout or sale: `moderator check SAVE run NYC 370 half paid 19`, or with "
        "no game `moderator check 1846 run --price 70 ...` (see `moderator check --help`)",
    )
    p_script = sub.add_parser(
        "script",
        help="print a save as a banker script",
        description="Prints a saved game as a banker script (the `game` line, then every "
        "accepted command), which `moderator play` plays back. Read-only.",
    )
    p_script.add_argument("save", type=Path, help="the save file (.json)")
    p_project = sub.add_parser(
        "project",
        help="'spreadsheet it': the remaining operating rounds projected (1846 10.1 tip)",
        description="Projects the remaining operating rounds without touching the game. Each "
        "company repeats its last run unless --runs or --file says otherwise.",
    )
    p_project.add_argument("save", type=Path, help="the save file (.json)")
    p_project.add_argument(
        "--runs",
        default="",
        help="per company, one REVENUE[:KIND] per round (the last repeats), '@PRICE' sets the "
        "final price by hand: 'NYC=370:full,460:half;ERIE=200:withhold;GT=640,660@250'",
    )
    p_project.add_argument(
        "--file", type=Path, help="a file of --runs entries, one company a line (# comments)"
    )
    p_project.add_argument("--ors", type=_whole, help="how many operating rounds to project")
    p_project.add_argument("--json", action="store_true", help="print the projection as JSON")
    p_project.add_argument(
        "--width",
        type=_whole,
        help="fit the table to this many columns (default: the "
        "terminal's, or 100 when not a terminal; 0: one wide table)",
    )
    return parser


def _parsed(words: list[str]) -> int:
    """The command line read by argparse, and its command run."""
    args = _parser().parse_args(words)
    if args.cmd == "serve":
        from moderator.web import serve_main

        return serve_main(args.save, args.saves, lan=args.lan, port=args.port)
    if args.cmd == "score":
        return score_of(args.save, as_json=args.json)
    if args.cmd == "project":
        return project_of(
            args.save,
            runs=args.runs,
            runs_file=args.file,
            ors=args.ors,
            as_json=args.json,
            width=args.width,
        )
    if args.cmd == "export":
        return export_of(args.save, xlsx=args.xlsx, csv_dir=args.csv_dir)
    if args.cmd == "whatif":
        from moderator.whatif import whatif

        return whatif(args.save, args.script, at=args.at, as_json=args.json)
    if args.cmd == "amend":
        from moderator.amend import amend_shell

        given = [x for x in (args.line, args.insert) if x is not None]
        if len(given) + args.delete != 1:
            _err("amend: give exactly one of LINE, --insert LINE, --delete")
            return 2
        how = "delete" if args.delete else "insert" if args.insert is not None else "replace"
        line = args.insert if args.insert is not None else args.line
        status = amend_shell(args.save, args.number, line, how=how, dry_run=args.dry_run)
        if status == 0 and not args.dry_run:
            from moderator import picture_apart

            picture_apart.leave_picture(args.save)
        return status
    if args.cmd == "play":
        return play(
            args.script, as_json=args.json, save=args.save, quiet=args.quiet, force=args.force
        )
    if args.cmd == "state":
        return state(args.save, as_json=args.json)
    if args.cmd == "script":
        return script_of(args.save)
    if args.cmd == "open":
        return _run_tui(args.file, args.saves)
    if args.cmd == "demo":
        from moderator.saves_index import DEMO_SCRIPTS

        if args.title.upper() not in DEMO_SCRIPTS:
            _err(f"no demo of {args.title!r} (demos: {', '.join(sorted(DEMO_SCRIPTS))})")
            return 2
        return _run_tui(None, args.saves, demo=args.title.upper())
    return _run_tui(None, args.saves)


__all__ = [
    "check_of",
    "export_of",
    "main",
    "play",
    "project_of",
    "safe",
    "score_of",
    "script_of",
    "show",
    "state",
]

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
