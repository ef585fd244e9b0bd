"""One seeded simulated game of 1,000 commands per title, for the benchmarks of issue 41.

:func:`long_game` is the first game from the title's :data:`SEEDS` on with at least
:data:`LENGTH` commands, cut there: the simulation of 1846, 1847 AE, 1853, 1830, 1889 and
18Chesapeake (:class:`moderator.simulate.Simulation`, 4 players, revenues at 0.4), the box's other
games by :func:`moderator.simulate.legal_game` (4 players).  1817 (issue 44) is the
exception: its simulation (:mod:`moderator.simulate_1817`, revenues at 1.0: its bank is
unlimited) plays to where the game would end, the set of operating rounds after the first
8-train's (facts §14), which comes after 580-800 commands, not 1,000: its game is the one
at its seed, whatever its length.  The seeds are where the
search from 0 found such a game on 29 November 2026 (1889's and 18Chesapeake's
the same day, later); a change of the rules or of the
simulation may make the game at a seed shorter, and the search then goes on from there.
"""

from __future__ import annotations

from moderator.game import Game
from moderator.simulate import Simulation, legal_game

LENGTH = 1000
PLAYERS = 4
TITLES = (
    "1846",
    "1847AE",
    "1853",
    "1830",
    "1847Pfalz",
    "1847RRRRB",
    "1889",
    "18Chesapeake",
    "1817",
)
SEEDS = {
    "1846": 22,
    "1847AE": 3,
    "1853": 40,
    "1830": 0,
    "1847Pfalz": 29,
    "1847RRRRB": 3,
    "1889": 0,
    "18Chesapeake": 0,
    "1817": 0,
}
WHOLE = ("1817",)
"""Titles whose game is played to its end at its seed, shorter than :data:`LENGTH`."""


def _game(title: str, seed: int) -> Game:
    if title in ("1847Pfalz", "1847RRRRB"):
        return legal_game(title, seed, LENGTH, players=PLAYERS)
    if title in WHOLE:
        return Simulation(
            seed=seed, players=PLAYERS, title=title, max_commands=4 * LENGTH, final_set=True
        ).run()
    return Simulation(
        seed=seed, players=PLAYERS, title=title, max_commands=LENGTH, revenue_scale=0.4
    ).run()


def long_game(title: str) -> Game:
    """The first seeded game of ``title`` from its seed on with :data:`LENGTH` commands."""
    seed = SEEDS[title]
    while True:
        game = _game(title, seed)
        if len(game.journal) >= LENGTH or title in WHOLE:
            return game
        game.close()
        seed += 1


def long_script(title: str) -> str:
    """:func:`long_game` as a banker script."""
    game = long_game(title)
    try:
        return game.script()
    finally:
        game.close()
