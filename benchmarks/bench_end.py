"""End-of-game speed: score, projection, history, check and export on a long game.

Run: ``.venv/bin/python benchmarks/bench_end.py``.  Prints the figures; it is a
measurement, not a test.  The games are seeded simulations of each title, so every
run measures the same journals.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from moderator import commands as c
from moderator import scoring
from moderator.checker import check
from moderator.export import export_csv, export_xlsx
from moderator.game import Game
from moderator.simulate import simulate


def _long_game(title: str, length: int) -> Game:
    """The first seeded game of ``title`` with at least ``length`` commands (or the longest)."""
    best: Game | None = None
    for seed in range(12):
        game = simulate(seed, 4, max_commands=3000, revenue_scale=0.3, title=title)
        if best is None or len(game.journal) > len(best.journal):
            best = game
        if len(game.journal) >= length:
            break
    assert best is not None
    return best


def _middle_of(game: Game) -> Game:
    """The same game halfway through (a projection needs a game still going on)."""
    middle = Game.from_command(c.GameCmd(title=game.title, players=(*game.players, *game.options)))
    for entry in game.journal[: len(game.journal) // 2]:
        assert middle.execute(entry.command).ok
    return middle


def _median_ms(job: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        job()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def _row(label: str, ms: float) -> None:
    print(f"  {label:<34} {ms:9.2f} ms")


def bench(title: str) -> None:
    """The figures for one title's long game."""
    game = _long_game(title, 1000)
    print(f"{title}: {len(game.journal)} journal entries, {game.round_label()}")
    _row("score", _median_ms(lambda: scoring.score(game)))

    def cold() -> None:
        game.derived.clear()
        scoring.history(game)

    _row("history (cold: replay of the journal)", _median_ms(cold, 3))
    _row("history (cached)", _median_ms(lambda: scoring.history(game)))
    middle = _middle_of(game)
    _row(
        f"project at {middle.round_label()} (rest of the set)",
        _median_ms(lambda: scoring.project(middle)),
    )
    _row("project (10 rounds)", _median_ms(lambda: scoring.project(middle, ors=10)))
    for cid, (revenue, option) in scoring.last_runs(game).items():
        line = f"check run {cid} {revenue} {'' if option == 'split' else option}".strip()
        try:
            check(game, line)
        except Exception:  # noqa: BLE001 - a company closed since its last run: try another
            continue
        _row(line, _median_ms(lambda line=line: check(game, line)))
        break
    with tempfile.TemporaryDirectory() as tmp:
        xlsx, out = Path(tmp) / "game.xlsx", Path(tmp) / "csv"
        _row("export --xlsx", _median_ms(lambda: export_xlsx(game, xlsx), 3))
        _row("export --csv", _median_ms(lambda: export_csv(game, out), 3))


def main() -> None:
    for title in ("1846", "1847AE", "1853"):
        bench(title)


if __name__ == "__main__":
    main()
