"""``moderator whatif SAVE [--at N] SCRIPT``: a line of play tried on a copy (issue 32.6).

The save is opened read-only (no lock: it works while a TUI has the game open), a
what-if sandbox (:mod:`moderator.sandbox`) is opened at its line ``N`` (default: the
end), and SCRIPT's lines are played on it as ``moderator play`` plays a script: each
run's receipt, one indented line for everything the bank did by itself, ``check``
lines answered, ``expect`` lines checked.  Then the sandbox is printed beside the
real game (:func:`moderator.sandbox.compare`: each player's cash, value and place,
each company's price and cash, the differences marked).  Nothing is written, ever.

SCRIPT holds commands only (no ``game`` line: the game is the save's).  Exit status
as ``play``: 0 every line accepted; 1 a refused line (``line N: refused: <reason
naming the rule>`` on stderr) or a save that cannot be read; 2 a script that cannot
be read or a line ``N`` the game does not have.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from moderator.errors import Refusal, SaveError
from moderator.game import Game
from moderator.sandbox import compare, open_sandbox
from moderator.script import ParseError, parse_line, script_lines
from moderator.text import escaped

EXIT_REFUSED = 1
"""A refused line or a save that cannot be read (as ``moderator play``)."""
EXIT_FILES = 2
"""A script that cannot be read, or no line ``N`` to branch from."""
MAX_SCRIPT_BYTES = 64 * 2**20
"""A longer script is refused unread (as ``moderator play``)."""

__all__ = ["whatif"]


def safe(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control character shown as an escape (a save or a script is
    never allowed to send an escape sequence to the terminal)."""
    return escaped(text, keep_newlines=keep_newlines)


def _err(message: str) -> None:
    print(safe(message), file=sys.stderr)


def _print_json(data: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def _open(save: Path) -> Game | None:
    """The save opened read-only (no lock, never written), or ``None`` after saying why;
    what the banker must know about it (a cut line, older rules) goes to stderr."""
    try:
        game = Game.load(save, read_only=True)
    except SaveError as exc:
        _err(str(exc))
        return None
    except Exception as exc:  # no traceback for a save, whatever is in it
        _err(f"{save}: cannot be opened ({type(exc).__name__}: {exc})")
        return None
    for notice in game.notices():
        _err(f"warning: {notice}")
    return game


def _answer(game: Game, line: str) -> str | None:
    """A ``check`` line's answer, or ``None`` after saying why it is refused."""
    from moderator.checker import check

    try:
        return check(game, line.strip()).text()
    except Refusal as exc:
        _err(f"refused: {exc}")
        return None


def _read(script: Path) -> str | int:
    """The script's text, or the exit status after saying why it cannot be read."""
    try:
        with script.open("rb") as fh:  # a pipe is fine (`whatif SAVE /dev/stdin`)
            data = fh.read(MAX_SCRIPT_BYTES + 1)
    except OSError as exc:
        _err(f"{script}: cannot read ({exc.strerror or exc})")
        return EXIT_FILES
    if len(data) > MAX_SCRIPT_BYTES:
        _err(f"{script}: not a banker script (more than {MAX_SCRIPT_BYTES // 2**20} MB)")
        return EXIT_FILES
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        number = data.count(b"\n", 0, exc.start) + 1
        _err(f"line {number}: refused: not UTF-8 text (byte 0x{data[exc.start]:02x})")
        return EXIT_REFUSED


def whatif(save: Path, script: Path, *, at: int | None = None, as_json: bool = False) -> int:
    """Play ``script`` on a sandbox of ``save`` from its line ``at``; print the receipts
    and the comparison with the real game; the exit status (module docstring)."""
    from moderator.checker import is_check
    from moderator.narrate import narrate

    text = _read(script)
    if isinstance(text, int):
        return text
    real = _open(save)
    if real is None:
        return EXIT_REFUSED
    try:
        try:
            box = open_sandbox(real, at)
        except Refusal as exc:
            _err(f"--at {at}: {exc.message}; nothing was played")
            return EXIT_FILES
        game = box.game
        if not as_json:
            print(safe(f"{box.label} of {save} (a copy: nothing is written)"))
        for number, raw in enumerate(script_lines(text), start=1):
            if is_check(raw):
                if not as_json:
                    answer = _answer(game, raw)
                    if answer is None:
                        return EXIT_REFUSED
                    print(safe(answer, keep_newlines=True))
                continue
            try:
                cmd = parse_line(raw)
            except ParseError as exc:
                _err(f"line {number}: refused: {exc.message}")
                return EXIT_REFUSED
            if cmd is None:
                continue
            outcome = game.execute(cmd)
            if not outcome.ok:
                _err(f"line {number}: refused: {outcome.message}")
                return EXIT_REFUSED
            if as_json or not outcome.journaled:
                continue
            print(safe(f"✓ {game.journal[-1].line}"))
            if outcome.receipt is not None:
                print(safe(outcome.receipt.text(), keep_newlines=True))
            for line in narrate(cmd, outcome.events, game.ruleset.currency, game.title):
                print("  " + safe(line))
        table = compare(box)
        if as_json:
            data = table.to_json()
            data["lines"] = [e.line for e in box.own_lines()]
            data["state"] = game.state_json()
            _print_json(data)
        else:
            print(safe(table.text(), keep_newlines=True))
        return 0
    finally:
        real.close()
        sys.stdout.flush()
