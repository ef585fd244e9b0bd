"""Core speed: replaying a full-length 1846 game, and one command on a long journal.

Run: ``.venv/bin/python benchmarks/bench_core.py``.  Prints the figures; it is a
measurement, not a test.  Games come from :mod:`moderator.simulate` (seeded,
so every run measures the same commands).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from moderator.game import Game
from moderator.simulate import simulate

SEED, PLAYERS, SCALE = 0, 4, 0.3
"""Seeded 4-player games with low revenues, so they run long (over 1,250 commands)."""


def _long_game(length: int) -> Game:
    """The first seeded game (from SEED on) with at least ``length`` commands."""
    seed = SEED
    while True:
        game = simulate(seed, PLAYERS, max_commands=3000, revenue_scale=SCALE)
        if len(game.journal) >= length:
            return game
        seed += 1


def _time_each(game: Game, commands: list) -> list[float]:  # type: ignore[type-arg]
    """Seconds each command takes to execute (each must be accepted)."""
    times = []
    for cmd in commands:
        t = time.perf_counter()
        assert game.execute(cmd).ok
        times.append(time.perf_counter() - t)
    return times


def _best(fn, repeat: int = 5) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    full = _long_game(1250)
    commands = [e.command for e in full.journal]
    print(f"game: {len(commands)} commands, ends {full.round_label()}, phase {full.state.phase}")
    with tempfile.TemporaryDirectory() as tmp:
        # 1. replay of a full-length game (~800 commands) from its save file
        n = 800
        game = Game.new(full.title, full.players)
        for cmd in commands[:n]:
            assert game.execute(cmd).ok
        path = Path(tmp) / "g800.json"
        game.save(path)
        load = _best(lambda: Game.load(path))
        raw = _best(lambda: _fresh_replay(full, commands[:n]))
        print(f"load + verify {n} commands from a save: {load * 1000:.0f} ms")
        print(
            f"replay {n} commands (fold only): {raw * 1000:.0f} ms"
            f" ({raw / n * 1e6:.0f} us/command)"
        )
        # 2. applying one command at 1,000 commands (autosave included), no replay
        game = Game.new(full.title, full.players, path=Path(tmp) / "g1000.json")
        for cmd in commands[:1000]:
            assert game.execute(cmd).ok
        times = _time_each(game, commands[1000:1100])
        print(
            f"execute at {len(commands[:1000])} commands, with atomic autosave: "
            f"median {statistics.median(times) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms "
            f"over {len(times)} commands"
        )
        game.path = None
        times = _time_each(game, commands[1100:1200])
        print(
            "execute at 1,100 commands, without saving: "
            f"median {statistics.median(times) * 1000:.2f} ms"
        )
        undo = _best(lambda: (game.undo(), game.redo()), repeat=3)
        print(f"undo + redo at {len(game.journal)} commands: {undo * 1000:.1f} ms")


def _fresh_replay(full: Game, commands: list) -> None:  # type: ignore[type-arg]
    game = Game.new(full.title, full.players)
    for cmd in commands:
        game.ruleset.apply(game.state, cmd)
        game.state.ledger.events = []


if __name__ == "__main__":
    main()
