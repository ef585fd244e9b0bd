"""What the run dialog's payout advisor costs per keystroke, per title (issue 27.6).

Run: ``.venv/bin/python benchmarks/bench_advisor.py``.  Prints the figures; it is a
measurement, not a test.

Each digit typed into the run dialog asks ``moderator.advisor.advise`` for every payout
kind: a trial of the run on a copy of the state, the score of the state it leaves, and
the bank's next train tried on it.  For a seeded simulated game of each title (about
500-700 commands, at an operating turn that can run), the median and the worst of 200
calls with the three kinds of 1846 (the others refuse ``half`` at once).
"""

from __future__ import annotations

import statistics
import time

from moderator import commands as c
from moderator.advisor import advise
from moderator.game import Game
from moderator.simulate import Simulation

KINDS: list[str | None] = ["full", "half", "withhold"]


def at_a_run(title: str) -> tuple[Game, str]:
    """A long simulated game of ``title``, taken back to an operating turn that runs."""
    game = Simulation(seed=5, title=title, players=4, max_commands=900).run()
    while True:
        company = game.state.operating
        if company and game.try_command(c.Run(company=company, revenue=100)) is None:
            return game, company
        if game.undo() is None:
            raise SystemExit(f"{title}: no operating turn that runs")


def main() -> None:
    for title in ("1846", "1847AE", "1853"):
        game, company = at_a_run(title)
        times = []
        for revenue in range(10, 2010, 10):
            start = time.perf_counter()
            advise(game, c.Run(company=company, revenue=revenue), KINDS)
            times.append(time.perf_counter() - start)
        print(
            f"{title:7} {len(game.journal):4} commands, {company:5}: "
            f"median {statistics.median(times) * 1000:.2f} ms, "
            f"worst {max(times) * 1000:.2f} ms per keystroke"
        )


if __name__ == "__main__":
    main()
