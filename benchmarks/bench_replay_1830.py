"""1830's replay cost per command beside 1847 AE's (issue 31, acceptance 7).

Run: ``.venv/bin/python benchmarks/bench_replay_1830.py``.  A measurement, not a test.
For each title the first seeded simulated game (:mod:`moderator.simulate`) with at least
1,000 commands is cut at 1,000 and replayed the way loading a save replays it: a new game,
then every command applied to the state with the cash total checked after each.  The two
titles are timed in turn, best of several rounds (a busy machine only slows a round), and
the figure is the time per command.  The same replay through ``Game.load`` of a saved game
is timed too (the checksums, the strict reading of each record and the events compared).

The two games mix their commands differently (the simulated 1830 game has more stock-round
lines, which cost more than an operating round's in every title), so the time per command
of each kind is printed as well, and each title's replay priced at the other's mix.
"""

from __future__ import annotations

import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from moderator.game import Game
from moderator.simulate import Simulation

LENGTH = 1000
ROUNDS = 15
PLAYERS = 4


def long_game(title: str) -> Game:
    """The first seeded game of ``title`` with at least :data:`LENGTH` commands."""
    seed = 0
    while True:
        game = Simulation(
            seed=seed, players=PLAYERS, title=title, max_commands=LENGTH, revenue_scale=0.4
        ).run()
        if len(game.journal) >= LENGTH:
            return game
        seed += 1


def replay_seconds(game: Game) -> float:
    """One replay of the game's journal as loading does it (no save file)."""
    commands = [entry.command for entry in game.journal]
    start = time.perf_counter()
    fresh = Game.new(game.title, [*game.players, *game.options])
    state, apply = fresh.state, fresh.ruleset.apply
    for cmd in commands:
        apply(state, cmd)
        state.ledger.check_conservation()
        state.ledger.events = []
    return time.perf_counter() - start


def per_kind_seconds(game: Game) -> dict[str, float]:
    """One replay as :func:`replay_seconds`, the seconds spent on each kind of command."""
    spent: dict[str, float] = defaultdict(float)
    fresh = Game.new(game.title, [*game.players, *game.options])
    state, apply = fresh.state, fresh.ruleset.apply
    for entry in game.journal:
        start = time.perf_counter()
        apply(state, entry.command)
        state.ledger.check_conservation()
        state.ledger.events = []
        spent[entry.command.kind] += time.perf_counter() - start
    return spent


def load_seconds(path: Path) -> float:
    """One ``Game.load`` of the save, read-only (verified: events compared)."""
    start = time.perf_counter()
    Game.load(path, read_only=True)
    return time.perf_counter() - start


def main() -> None:
    games = {title: long_game(title) for title in ("1847AE", "1830")}
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for title, game in games.items():
            paths[title] = Path(folder) / f"{title}.json"
            game.save(paths[title])
        best: dict[str, list[float]] = {title: [1e9, 1e9] for title in games}
        kinds: dict[str, dict[str, float]] = {title: defaultdict(lambda: 1e9) for title in games}
        for _ in range(ROUNDS):
            for title, game in games.items():
                best[title][0] = min(best[title][0], replay_seconds(game))
                best[title][1] = min(best[title][1], load_seconds(paths[title]))
                for kind, seconds in per_kind_seconds(game).items():
                    kinds[title][kind] = min(kinds[title][kind], seconds)
        for game in games.values():
            game.close()
    print(f"replay of a {LENGTH:,}-command simulated game, {PLAYERS} players, best of {ROUNDS}")
    for title, (replay, load) in best.items():
        per = replay / LENGTH * 1e6
        per_load = load / LENGTH * 1e6
        phase = games[title].state.phase
        print(
            f"  {title:7} (to phase {phase:3}) replay {replay * 1000:6.1f} ms, {per:5.1f} µs/cmd;"
            f"  Game.load {load * 1000:6.1f} ms, {per_load:5.1f} µs/cmd"
        )
    ratio = best["1830"][0] / best["1847AE"][0]
    loads = best["1830"][1] / best["1847AE"][1]
    print(f"  1830 / 1847 AE per command: replay {ratio:.2f}x, load {loads:.2f}x")
    counts = {t: Counter(e.command.kind for e in g.journal) for t, g in games.items()}
    each = {t: {k: kinds[t][k] / n for k, n in counts[t].items()} for t in games}
    print("  per command of each kind (µs), 1847 AE / 1830, with each game's count:")
    for kind in sorted(
        set(counts["1830"]) | set(counts["1847AE"]), key=lambda k: -counts["1830"][k]
    ):
        ae, g30 = each["1847AE"].get(kind), each["1830"].get(kind)
        figures = [f"{x * 1e6:5.0f}" if x is not None else "    -" for x in (ae, g30)]
        print(
            f"    {kind:11} {figures[0]} / {figures[1]}   "
            f"x{counts['1847AE'][kind]} / x{counts['1830'][kind]}"
        )
    common = [k for k in counts["1847AE"] if k in each["1830"]]
    for mix in ("1847AE", "1830"):
        weights = {k: counts[mix][k] for k in common}
        priced = {
            t: sum(each[t][k] * w for k, w in weights.items()) / sum(weights.values())
            for t in games
        }
        print(
            f"  at {mix}'s mix: 1847 AE {priced['1847AE'] * 1e6:.1f} µs/cmd, "
            f"1830 {priced['1830'] * 1e6:.1f} µs/cmd ({priced['1830'] / priced['1847AE']:.2f}x)"
        )


if __name__ == "__main__":
    main()
