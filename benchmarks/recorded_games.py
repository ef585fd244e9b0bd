"""The recorded games' scripts of a title, as commands to replay (issue 44).

``tests/scripts/TITLE-recorded-*.script`` are real games converted from 18xx.games (1817:
each up to its first merger-round action; 1830: whole games to their end).  1817's
scripts check the figures after almost every move (``expect`` lines are about 60% of
their lines, 1830's a handful), so :func:`recorded` leaves the checks out by default: the
figure compared is the replay of the players' and the corporations' moves, and
``checks=True`` keeps them (a save replays its checks too).
"""

from __future__ import annotations

from pathlib import Path

from moderator import commands as c
from moderator.script import parse_script

SCRIPTS = Path(__file__).resolve().parent.parent / "tests" / "scripts"


def recorded_paths(title: str) -> list[Path]:
    """The recorded scripts of ``title``, by name."""
    return sorted(SCRIPTS.glob(f"{title}-recorded-*.script"))


def recorded(title: str, *, checks: bool = False) -> list[tuple[c.GameCmd, list[c.Command]]]:
    """Each recorded game of ``title``: its ``game`` line and its commands (without the
    ``expect`` lines unless ``checks``; notes stay, as in a journal)."""
    games = []
    for path in recorded_paths(title):
        head: c.GameCmd | None = None
        commands: list[c.Command] = []
        for line in parse_script(path.read_text(encoding="utf-8")):
            if isinstance(line.command, c.GameCmd):
                head = line.command
            elif checks or not isinstance(line.command, c.Expect):
                commands.append(line.command)
        assert head is not None, f"{path.name}: no game line"
        games.append((head, commands))
    return games
