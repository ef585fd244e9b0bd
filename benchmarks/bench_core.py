"""Core speed: replaying a full-length 1846 game, one command on a long journal, saving.

Run: ``.venv/bin/python benchmarks/bench_core.py``.  Prints the figures; it is a
measurement, not a test.  Games come from :mod:`moderator.simulate` (seeded,
so every run measures the same commands).

Saving (issue 6, point 11): one command with its autosave at 100, 1,000 and
10,000 journal entries must cost the same (one appended line and one fsync),
and a 10,000-command ``play --save`` loop must be close to the same loop
without a save.  No simulated game is 10,000 commands long, so the long
journals are a real game's commands followed by ``note`` lines (each note is
journaled and saved like any command).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from moderator.game import Game
from moderator.script import parse_line
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


def _percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _figures(times: list[float]) -> str:
    return (
        f"median {statistics.median(times) * 1000:.2f} ms, "
        f"p99 {_percentile(times, 0.99) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms"
    )


def _padded(commands: list, length: int) -> list:  # type: ignore[type-arg]
    """``length`` commands: the game's, then notes (a banker's remarks) to fill up."""
    real = commands[: min(length, len(commands))]
    notes = [
        parse_line(f"note remark {k}: the table took a break and counted the bank again")
        for k in range(length - len(real))
    ]
    return real + notes


def saving(full: Game, commands: list, tmp: Path) -> None:  # type: ignore[type-arg]
    """Point 11: the cost of one saved command at 100, 1,000 and 10,000 entries, and a
    10,000-command batch with and without a save."""
    for length in (100, 1000, 10_000):
        game = Game.new(full.title, full.players)
        for cmd in _padded(commands, length):
            assert game.execute(cmd).ok
        path = tmp / f"at-{length}.json"
        game.save(path)
        probes = [parse_line(f"note probe {k}") for k in range(300)]
        times = _time_each(game, probes)
        size = path.stat().st_size
        game.close()
        print(
            f"one command with autosave at {length:>6,} entries ({size / 1e6:.1f} MB save): "
            f"{_figures(times)} over {len(times)} commands"
        )
    batch = _padded(commands, 10_000)
    for label, path in (("without a save", None), ("with --save", tmp / "batch.json")):
        t = time.perf_counter()
        game = Game.new(full.title, full.players, path=path)
        for cmd in batch:
            assert game.execute(cmd).ok
        elapsed = time.perf_counter() - t
        game.close()
        print(f"play 10,000 commands {label}: {elapsed:.1f} s")
    path = tmp / "batch.json"
    print(
        f"10,000-command save: {path.stat().st_size / 1e6:.1f} MB "
        f"(a real game's entries are larger than notes: see the 1,250-command figure)"
    )
    load = _best(lambda: Game.load(path, read_only=True), repeat=1)
    print(f"load + verify the 10,000-command save: {load:.1f} s")


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
        game.close()
        load = _best(lambda: Game.load(path, read_only=True))
        raw = _best(lambda: _fresh_replay(full, commands[:n]))
        print(f"load + verify {n} commands from a save: {load * 1000:.0f} ms")
        print(
            f"replay {n} commands (fold only): {raw * 1000:.0f} ms ({raw / n * 1e6:.0f} us/command)"
        )
        # 2. applying one command at 1,000 commands (autosave included), no replay
        game = Game.new(full.title, full.players, path=Path(tmp) / "g1000.json")
        for cmd in commands[:1000]:
            assert game.execute(cmd).ok
        times = _time_each(game, commands[1000:1100])
        print(
            f"execute at {len(commands[:1000])} commands, with autosave (append + fsync): "
            f"{_figures(times)} over {len(times)} commands"
        )
        size = game.path.stat().st_size if game.path else 0
        print(f"save of {len(game.journal):,} real commands: {size / 1e6:.2f} MB")
        game.close()
        game.path = None
        game.read_only = False
        times = _time_each(game, commands[1100:1200])
        print(
            "execute at 1,100 commands, without saving: "
            f"median {statistics.median(times) * 1000:.2f} ms"
        )
        undo = _best(lambda: (game.undo(), game.redo()), repeat=3)
        print(f"undo + redo at {len(game.journal)} commands: {undo * 1000:.1f} ms")
        saving(full, commands, Path(tmp))


def _fresh_replay(full: Game, commands: list) -> None:  # type: ignore[type-arg]
    game = Game.new(full.title, full.players)
    for cmd in commands:
        game.ruleset.apply(game.state, cmd)
        game.state.ledger.events = []


if __name__ == "__main__":
    main()
