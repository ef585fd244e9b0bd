"""What `Game.execute` costs over the bare rules, per title (issue 11, point 1).

Run: ``.venv/bin/python benchmarks/bench_execute.py``.  Prints the figures; it is a
measurement, not a test.

For each game (the shared recorded 1846 example and a seeded simulated game of about
1,000 commands per title) it times:

- the bare fold: ``ruleset.apply`` of every journaled command on one state, nothing else;
- ``Game.execute`` of the same commands without a save (parse-free: commands are given),
  taken in turns with the fold, the best of nine each (more for a short game);
- ``Game.execute`` with the autosave (an fsynced append per command);
- one command at 100, 1,000 and 10,000 journal entries with the autosave (median, p99);
- ``moderator play`` of the recorded game and of each simulated (full) game as a whole
  process, and the TUI's import time,
  each with the project's bytecode cached and without it (``benchmarks/bytecode.py``).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bytecode import bytecode_env

from moderator import commands as c
from moderator import game as game_module
from moderator.game import Game
from moderator.script import parse_line, parse_script
from moderator.simulate import simulate

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO.parent / "shared" / "examples" / "1846-short-recorded.script"


def _games() -> list[tuple[str, Game]]:
    out: list[tuple[str, Game]] = []
    if EXAMPLE.is_file():
        lines = list(parse_script(EXAMPLE.read_text(encoding="utf-8")))
        game = Game.from_command(lines[0].command)
        for line in lines[1:]:
            game.execute(line.command)
        out.append(("1846 recorded example", game))
    for title in ("1846", "1847AE", "1853"):
        best: Game | None = None
        for seed in range(10):
            game = simulate(seed, 4, max_commands=1200, revenue_scale=0.3, title=title)
            if best is None or len(game.journal) > len(best.journal):
                best = game
            if len(game.journal) >= 1000:
                break
        assert best is not None
        out.append((f"{title} simulated", best))
    return out


def _bare_fold(game: Game, commands: list[c.Command]) -> float:
    state = game.initial_state()
    t = time.perf_counter()
    for cmd in commands:
        game.ruleset.apply(state, cmd)
        state.ledger.events = []
    return time.perf_counter() - t


def _execute_all(game: Game, commands: list[c.Command], path: Path | None) -> float:
    fresh = Game.new(game.title, game.players, path=path) if not game.options else None
    if fresh is None:
        fresh = Game.from_command(
            c.GameCmd(title=game.title, players=(*game.players, *game.options))
        )
        if path is not None:
            fresh.save(path)
    game_module._READ_BACK.clear()  # each run proves its lines read back, as a new process would
    t = time.perf_counter()
    for cmd in commands:
        assert fresh.execute(cmd).ok
    elapsed = time.perf_counter() - t
    fresh.close()
    return elapsed


def _paired(game: Game, commands: list[c.Command], rounds: int = 9) -> tuple[float, float]:
    """The best of ``rounds`` bare folds and executes, taken in turns so that a busy
    moment of the machine falls on both alike (a short game gets more rounds: about
    10,000 commands in all)."""
    bare = plain = float("inf")
    for _ in range(max(rounds, 10_000 // max(1, len(commands)))):
        bare = min(bare, _bare_fold(game, commands))
        plain = min(plain, _execute_all(game, commands, None))
    return bare, plain


def _best(fn, repeat: int = 3) -> float:  # type: ignore[no-untyped-def]
    return min(fn() for _ in range(repeat))


def _one_command(game: Game, length: int, tmp: Path) -> str:
    commands = [e.command for e in game.journal][:length]
    fill = [parse_line(f"note remark {k}") for k in range(length - len(commands))]
    g = Game.from_command(c.GameCmd(title=game.title, players=(*game.players, *game.options)))
    for cmd in commands + fill:
        g.execute(cmd)
    g.save(tmp / f"one-{game.title}-{length}.json")
    times = []
    for k in range(300):
        t = time.perf_counter()
        assert g.execute(f"note probe {k}").ok
        times.append(time.perf_counter() - t)
    g.close()
    times.sort()
    p99 = times[int(len(times) * 0.99) - 1]
    return f"median {statistics.median(times) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms"


def _line(label: str, seconds: float, n: int, tail: str = "") -> None:
    print(f"  {label:<24} {seconds * 1000:8.1f} ms  ({seconds / n * 1e6:6.0f} µs/cmd){tail}")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        scripts: list[tuple[str, Path]] = []
        for label, game in _games():
            if label.endswith("simulated"):  # a full game, for `moderator play`
                script = tmp / f"{game.title}-full.script"
                script.write_text(game.script(), encoding="utf-8")
                scripts.append((f"the {label} game ({len(game.journal):,} commands)", script))
            commands = [e.command for e in game.journal]
            n = len(commands)
            bare, plain = _paired(game, commands)
            saved = _best(
                lambda: _execute_all(game, commands, tmp / f"{game.title}.json"),  # noqa: B023
                repeat=1,
            )
            print(f"{label}: {n} commands")
            _line("bare rules fold", bare, n)
            _line("Game.execute, no save", plain, n, f"  = {plain / bare:.2f}x the fold")
            _line("Game.execute, autosave", saved, n)
            if label.endswith("simulated"):
                for length in (100, 1000, 10_000):
                    print(
                        f"  one command at {length:>6,} entries, autosave: "
                        f"{_one_command(game, length, tmp)}"
                    )
        for cached, how in ((True, "bytecode cached"), (False, "no bytecode cache")):
            env = bytecode_env(cached)
            played = [("the recorded example", EXAMPLE)] if EXAMPLE.is_file() else []
            for what, script in played + scripts:
                play = [sys.executable, "-m", "moderator.cli", "play", str(script), "--quiet"]
                print(
                    f"moderator play of {what} (whole process, {how}): "
                    f"{_process(play, env) * 1000:.0f} ms"
                )
            for module in ("moderator.cli", "moderator.ui.app"):
                seconds = _process([sys.executable, "-c", f"import {module}"], env)
                print(f"python -c 'import {module}' (process, {how}): {seconds * 1000:.0f} ms")


def _process(argv: list[str], env: dict[str, str], runs: int = 5) -> float:
    """The median of ``runs`` whole runs of a process, in seconds."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


if __name__ == "__main__":
    main()
