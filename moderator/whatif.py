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

import sys
from pathlib import Path

from moderator.errors import Refusal
from moderator.sandbox import compare, open_sandbox
from moderator.script import ParseError, parse_line, script_lines
from moderator.shell import (
    EXIT_FILES,
    EXIT_OK,
    EXIT_REFUSED,
    answer_check,
    err,
    open_read_only,
    print_json,
    read_script,
    safe,
)

__all__ = ["whatif"]


def whatif(save: Path, script: Path, *, at: int | None = None, as_json: bool = False) -> int:
    """Play ``script`` on a sandbox of ``save`` from its line ``at``; print the receipts
    and the comparison with the real game; the exit status (module docstring)."""
    from moderator.checker import is_check
    from moderator.narrate import narrate

    text = read_script(script)
    if isinstance(text, int):
        return text
    real = open_read_only(save)
    if real is None:
        return EXIT_REFUSED
    try:
        try:
            box = open_sandbox(real, at)
        except Refusal as exc:
            err(("" if at is None else f"--at {at}: ") + f"{exc.message}; nothing was played")
            return EXIT_FILES
        game = box.game
        if not as_json:
            print(safe(f"{box.label} of {save} (a copy: nothing is written)"))
        for number, raw in enumerate(script_lines(text), start=1):
            if is_check(raw):
                if not as_json:
                    answer = answer_check(game, raw)
                    if answer is None:
                        return EXIT_REFUSED
                    print(safe(answer, keep_newlines=True))
                continue
            try:
                cmd = parse_line(raw)
            except ParseError as exc:
                err(f"line {number}: refused: {exc.message}")
                return EXIT_REFUSED
            if cmd is None:
                continue
            outcome = game.execute(cmd)
            if not outcome.ok:
                err(f"line {number}: refused: {outcome.message}")
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
            print_json(data)
        else:
            print(safe(table.text(), keep_newlines=True))
        return EXIT_OK
    finally:
        real.close()
        sys.stdout.flush()
