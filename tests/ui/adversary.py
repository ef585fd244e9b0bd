"""Positions whose players are named to collide with the keys (issue 37.1, 37.6).

A random game of ``positions.played`` is replayed into a new game of the same title
whose players are called ``Bo``, ``Nyc``, ``Pool``, ``Ipo``, ``Buys``, ``Pays``,
``From`` — the ids and label words a choice list's letters could match — or names that
begin an id or a source word (``Bob`` begins B&O, ``Po`` the pool), a key (``D``,
``X``), a command word (``Pass``, ``Done``) or a private's id; each title refuses
a name that is one of its companies' ids, so only the names it accepts are used.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from positions import played

from moderator import commands as c
from moderator.errors import Refusal
from moderator.game import Game

ADVERSARIES = (
    "Bo",
    "Nyc",
    "Pool",
    "Ipo",
    "Buys",
    "Pays",
    "From",
    "Bob",
    "Po",
    "Ip",
    "Pr",
    "Ne",
    "The",
    "D",
    "X",
    "Pass",
    "Done",
    "Two",
    "Mail",
    "Sv",
    "Ms",
)
"""Names that collide with ids, source words and label words, or begin them; a key's
letter (``d`` ends a turn, ``x`` passes), command words, privates' ids."""


def accepted(title: str) -> list[str]:
    """The names of :data:`ADVERSARIES` that ``title`` lets a player have."""
    found = []
    for name in ADVERSARIES:
        try:
            Game.new(title, [name, "Zed", "Yu"]).close()
        except (Refusal, ValueError):
            continue
        found.append(name)
    return found


def renamed(cmd: c.Command, names: dict[str, str]) -> c.Command:
    """``cmd`` with every player's name replaced by ``names``."""

    def swap(value: Any) -> Any:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, list):
            return [swap(v) for v in value]
        if isinstance(value, tuple):  # a later step's words (1817's `short Amy UR`)
            return tuple(swap(v) for v in value)
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        return value

    return type(cmd)(**swap(cmd.model_dump()))


def renamed_save(title: str, seed: int, count: int, players: list[str], folder: Path) -> Path:
    """The game of ``title`` from ``seed`` after ``count`` commands, its players called
    ``players`` (in seat order), saved in ``folder``; the save's path."""
    game = played(title, seed, count)
    names = dict(zip(game.players, players, strict=False))
    at = Game.new(title, [names[p] for p in game.players])
    for entry in game.journal[:count]:
        outcome = at.execute(renamed(entry.command, names))
        assert outcome.ok, (title, seed, entry.line, outcome.message)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.json"
    at.save(path)
    at.close()
    game.close()
    return path
