"""Amending line 100 of a 1,000-command game (issue 39, acceptance 6: under 0.5 s of CPU).

Run: ``.venv/bin/python benchmarks/bench_amend.py``.  A measurement, not a test.
The first seeded simulated 1846 game (:mod:`moderator.simulate`) with at least 1,000
commands is cut at 1,000 and saved; the run nearest line 100 is amended (its revenue
moved by $10, the first such edit after which every later line still applies).  Timed,
as CPU time of this process (``time.process_time``), best of several rounds:

- **replay**: :func:`moderator.amend.amend` — the sandbox opened before the line, the
  corrected line and the 900 lines after it given through the rules (the ``--dry-run``);
- **keep**: the same, then :meth:`Amended.keep` — every sandbox line checked again by
  replay on the real game, the backup written and the save rewritten whole (fsyncs
  included; they cost wall time more than CPU).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from moderator.amend import amend
from moderator.errors import Refusal
from moderator.game import Game
from moderator.simulate import Simulation

LENGTH = 1000
AROUND = 100
ROUNDS = 7


def long_game() -> Game:
    """The first seeded 1846 game with at least :data:`LENGTH` commands, cut there."""
    seed = 0
    while True:
        game = Simulation(seed=seed, players=4, max_commands=LENGTH, revenue_scale=0.4).run()
        if len(game.journal) >= LENGTH:
            del game.journal[LENGTH:], game._records[LENGTH:]
            game.state = game.replay(LENGTH)
            return game
        seed += 1


def the_edit(game: Game) -> tuple[int, str]:
    """The run nearest line :data:`AROUND` and its amended text (every later line applies)."""
    runs = [n for n, e in enumerate(game.journal, 1) if e.line.startswith("run ")]
    runs.sort(key=lambda n: abs(n - AROUND))
    for number in runs:
        words = game.journal[number - 1].line.split()
        words[2] = str(int(words[2]) + 10)
        line = " ".join(words)
        try:
            if amend(game, number, line).done:
                return number, line
        except Refusal:  # a run of a company without a train (`run GT 0`): no revenue
            continue
    raise SystemExit("no run near line 100 can be amended with every later line applying")


def main() -> None:
    played = long_game()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "base.json"
        played.save(base)
        played.close()
        game = Game.load(base, read_only=True)
        number, line = the_edit(game)
        print(
            f"1846, {len(game.journal)} commands; line {number} "
            f"`{game.journal[number - 1].line}` -> `{line}`"
        )
        replay, keep = [], []
        for k in range(ROUNDS):
            start = time.process_time()
            done = amend(game, number, line)
            replay.append(time.process_time() - start)
            assert done.done
            path = Path(folder) / f"r{k}" / "game.json"
            path.parent.mkdir()
            shutil.copy2(base, path)
            real = Game.load(path)
            start = time.process_time()
            amend(real, number, line).keep()
            keep.append(time.process_time() - start)
            real.close()
        print(f"replay (amend --dry-run's work): best {min(replay) * 1000:.0f} ms CPU")
        print(f"replay and keep (backup, save rewritten): best {min(keep) * 1000:.0f} ms CPU")


if __name__ == "__main__":
    main()
