"""The most spread-out stock market the simulator reaches, per title (issue 28.5).

The table view's browser test opens the market of each title on a phone at the position
where the companies' markers lie furthest apart; this script finds those positions and
prints them as the test's table (``tests/web/test_market_edges.py``: ``SPREAD``).

    .venv/bin/python scripts/market_spread.py [--seeds N]

Each seed's game is played whole (:class:`moderator.simulate.Simulation` for 1846,
1847 AE and 1853, :func:`moderator.simulate.legal_game` for 1847 Pfalz and RRRR&B) with
the most players the title allows, and the spread is measured after every command
(:func:`moderator.simulate.market_spread`: the spaces between the leftmost and the
rightmost marker).  The position with the widest spread wins (the
earliest of equals).  Every game is seeded, so the same seeds give the same positions;
the script runs itself with ``PYTHONHASHSEED=0``, as the test replays them, because
``legal_game``'s choices follow the order of the ruleset's candidates, some of which
come from sets of names (an order that changes with Python's hash seed).
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from moderator.game import Game  # noqa: E402
from moderator.simulate import Simulation, legal_game, market_spread  # noqa: E402

PLAYERS = {"1846": 5, "1847AE": 5, "1853": 6, "1847Pfalz": 5, "1847RRRRB": 5}
"""The most players each title allows."""


@dataclass
class Widest:
    """The widest position seen: its spread and the commands played to reach it."""

    spread: int = -1
    commands: int = 0

    def see(self, game: Game) -> None:
        """Measure ``game`` as it stands now."""
        found = market_spread(game.state_json().get("market") or {})
        if found > self.spread:
            self.spread, self.commands = found, len(game.journal)


def widest(title: str, seed: int) -> Widest:
    """The widest position of one seed's game."""
    best = Widest()
    players = PLAYERS[title]
    if title in ("1846", "1847AE", "1853"):
        Simulation(seed=seed, players=players, title=title, max_commands=3000, check=best.see).run()
        return best
    game = legal_game(title, seed, 3000, players)
    replay = Game.new(title, [p.name for p in game.state.ledger.players])
    for entry in game.journal:  # legal_game has no hook: measure a replay
        assert replay.execute(entry.line).ok
        best.see(replay)
    return best


def main(argv: list[str] | None = None) -> int:
    """Print, per title, the seed and command count of the widest position."""
    if os.environ.get("PYTHONHASHSEED") != "0":  # the order of sets, as the test has it
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=8, help="seeds tried per title (1..N)")
    args = parser.parse_args(argv)
    for title, players in PLAYERS.items():
        results = [(widest(title, seed), seed) for seed in range(1, args.seeds + 1)]
        best, seed = max(results, key=lambda r: (r[0].spread, -r[1]))
        print(f'    "{title}": ({seed}, {players}, {best.commands}),  # spread {best.spread}')
    return 0


if __name__ == "__main__":
    sys.exit(main())
