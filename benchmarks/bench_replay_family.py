"""The replay cost per command of 1830's family beside 1830's (issue 40, acceptance 6).

Run: ``.venv/bin/python benchmarks/bench_replay_family.py [TITLE...]`` (default: 1889).
A measurement, not a test.  As :mod:`bench_replay_1830`: for each title the first seeded
simulated game with at least 1,000 commands is cut at 1,000 and replayed as loading a
save replays it (every command applied, the cash total checked after each), best of
several rounds, the titles timed in turn; ``Game.load`` of the saved game is timed too.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bench_replay_1830 import LENGTH, PLAYERS, load_seconds, long_game, replay_seconds

ROUNDS = 8


def main(titles: list[str]) -> None:
    games = {title: long_game(title) for title in ("1830", *titles)}
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for title, game in games.items():
            paths[title] = Path(folder) / f"{title}.json"
            game.save(paths[title])
        best = {title: [1e9, 1e9] for title in games}
        for _ in range(ROUNDS):
            for title, game in games.items():
                best[title][0] = min(best[title][0], replay_seconds(game))
                best[title][1] = min(best[title][1], load_seconds(paths[title]))
        for game in games.values():
            game.close()
    print(f"replay of a {LENGTH:,}-command simulated game, {PLAYERS} players, best of {ROUNDS}")
    for title, (replay, load) in best.items():
        phase = games[title].state.phase
        print(
            f"  {title:12} (to phase {phase:3}) replay {replay * 1e3:6.1f} ms, "
            f"{replay / LENGTH * 1e6:5.1f} µs/cmd;  Game.load {load / LENGTH * 1e6:5.1f} µs/cmd"
        )
    for title in titles:
        ratio = best[title][0] / best["1830"][0]
        loads = best[title][1] / best["1830"][1]
        print(f"  {title} / 1830 per command: replay {ratio:.2f}x, load {loads:.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:] or ["1889"])
