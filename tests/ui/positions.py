"""Positions of every title for the typing tests: random games cut at a random command.

1846, 1847 AE, 1853 and 1830 come from ``moderator.simulate`` (seeded: the same games on every
run); 1847 Pfalz and RRRR&B, which it does not play, from a seeded random choice among
the legal commands (``Game.legal_commands``) after the box's values.  :func:`scan` walks
such games and keeps, per dialog kind, positions where the kind has exactly one legal
choice and positions where it has several (issue 27.1: a list of one must behave as a
list of many).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from moderator import commands as c
from moderator.game import Game
from moderator.simulate import BOX_TITLES, Simulation, legal_game

TITLES = (
    "1846",
    "1847AE",
    "1847Pfalz",
    "1847RRRRB",
    "1853",
    "1830",
    "1889",
    "18Chesapeake",
    "1817",
)
"""Every title the app plays."""

KINDS: dict[str, tuple[type[c.Command], ...]] = {
    "par": (c.Par,),
    "buy": (c.Buy,),
    "sell": (c.Sell,),
    "forced": (c.Sell,),
    "bond": (c.Bond,),
    "claim": (c.Claim,),
    "run": (c.Run,),
    "spend": (c.Spend,),
    "train": (c.BuyTrain,),
    "private": (c.BuyPrivate,),
    "bid": (c.Bid,),
    "ipo": (c.Ipo,),
}
"""The actions typed, with the commands behind each (issue 27.1's list; 1830's bids;
``forced``: a president's forced sale in an operating round, ``s`` there; ``ipo``: 1817's
IPO result, ``p`` there)."""


@dataclass(frozen=True)
class Cut:
    """A game of ``title`` (from ``seed``) after its first ``count`` commands."""

    title: str
    seed: int
    count: int


def played(title: str, seed: int, commands: int) -> Game:
    """A random game of ``title`` from ``seed``, at most ``commands`` long."""
    if title in BOX_TITLES:
        return legal_game(title, seed, commands)
    players = 3 + seed % 2 if title != "18Chesapeake" else 2 + seed % 2  # its §13 variant too
    return Simulation(seed=seed, title=title, players=players, max_commands=commands).run()


_PLAYED: dict[tuple[str, int], tuple[list[str], list[c.Command], bool]] = {}
"""(title, seed) -> the players, the commands and whether it ended, of the longest game
:func:`played` played for them in this process (see :func:`moves`)."""


def _remember(title: str, seed: int, game: Game) -> None:
    """Keep ``game``'s players and commands for :func:`moves`, if it is the longest yet."""
    known = _PLAYED.get((title, seed))
    if known is None or len(known[1]) < len(game.journal):
        commands = [entry.command for entry in game.journal]
        _PLAYED[(title, seed)] = (list(game.players), commands, game.state.ended)


def moves(title: str, seed: int, count: int) -> tuple[list[str], list[c.Command]]:
    """The players and the first ``count`` commands of ``played(title, seed, count)``.

    A game played to more commands begins with the same ones (:class:`Simulation` and
    ``legal_game`` draw from a generator seeded alike and stop only at their limit), so
    the longest game played for ``title`` and ``seed`` in this process (:func:`scan`'s,
    or a cut's before) gives every cut up to its length, or up to its end, without
    playing the game again."""
    known = _PLAYED.get((title, seed))
    if known is None or (len(known[1]) < count and not known[2]):
        game = played(title, seed, count)
        _remember(title, seed, game)
        game.close()
        known = _PLAYED[(title, seed)]
    return known[0], known[1][:count]


def save_at(cut: Cut, folder: Path) -> Path:
    """The game of ``cut`` saved in ``folder`` (a new saves folder); the save's path."""
    players, commands = moves(cut.title, cut.seed, cut.count)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.json"
    at = Game.new(cut.title, players)
    for command in commands:
        assert at.execute(command).ok
    at.save(path)
    at.close()
    return path


def scan(
    title: str, seeds: tuple[int, ...], commands: int, every: int = 3
) -> list[tuple[Cut, str, int]]:
    """(cut, kind, legal count) of positions of ``title``'s games where a kind of
    :data:`KINDS` has legal commands (every ``every``-th position)."""
    found: list[tuple[Cut, str, int]] = []
    for seed in seeds:
        game = played(title, seed, commands)
        _remember(title, seed, game)
        replay = Game.new(title, list(game.players))
        for n, entry in enumerate(game.journal):
            if n % every == 0:
                legal = replay.legal_commands()
                for kind, classes in KINDS.items():
                    count = sum(isinstance(x, classes) for x in legal)
                    operating = replay.state.operating
                    if kind == "spend" and replay.state.round_kind == "OR" and operating:
                        spend = c.Spend(company=operating, amount=10)
                        count = int(replay.try_command(spend) is None)
                    if kind == "run" and count:  # a run with a revenue: the company has a train
                        count = int(
                            replay.try_command(c.Run(company=operating, revenue=60)) is None
                        )
                    if kind == "bond":  # the list is of players (then the amount)
                        count = len({x.player for x in legal if isinstance(x, c.Bond)})
                    operating_round = replay.state.round_kind == "OR"
                    if kind in ("par", "buy", "sell", "ipo") and operating_round:
                        count = 0  # a stock-round key (`s` in an OR is the forced sale)
                    if kind == "forced" and not operating_round:
                        count = 0
                    if count:
                        found.append((Cut(title, seed, n), kind, count))
            assert replay.execute(entry.command).ok
        game.close()
    return found


def pick(
    found: list[tuple[Cut, str, int]], per_kind: int, rng: random.Random
) -> list[tuple[Cut, str, bool]]:
    """Per kind, up to ``per_kind`` positions with exactly one legal choice and as many
    with several: (cut, kind, whether the choice was the only one)."""
    out: list[tuple[Cut, str, bool]] = []
    for kind in KINDS:
        for single in (True, False):
            pool = [(cut, k, single) for cut, k, n in found if k == kind and (n == 1) == single]
            rng.shuffle(pool)
            out.extend(pool[:per_kind])
    return out
