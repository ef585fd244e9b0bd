"""In-process replay per command of every title, side by side (issue 41, acceptance 3).

Run: ``.venv/bin/python benchmarks/bench_replay.py [ROUNDS] [--profile TITLE]``.  A
measurement, not a test.  Each title's 1,000-command seeded game (:mod:`long_games`;
1817's is shorter, played to its end) is
replayed the way loading a save replays it: a new game, every command applied to the
state with the cash total checked after each (no journal, no save).  The titles take
turns, ``ROUNDS`` times (15 by default), so a busy moment of the shared machine falls on
all alike; the figure is CPU time per command (``time.process_time``), the median and
the best of each title, and the median of each round's ratio to 1846's replay in the
same round (issue 41.3), and to 1830's (issue 40.6: 1889 and 18Chesapeake).
``--profile TITLE`` prints where one replay of that title spends its time (cProfile, by
cumulative time) instead.

``--recorded [ROUNDS] [--checks]`` (issue 44) replays the recorded games instead: every
``tests/scripts/1817-recorded-*.script`` and every ``1830-recorded-*.script``
(:mod:`recorded_games`; without their ``expect`` lines unless ``--checks``), the two
titles in turns, and prints CPU time per command and the paired ratio 1817 / 1830.
``--profile 1817 --recorded`` profiles the 1817 recorded games.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time

from long_games import TITLES, long_game

from moderator import commands as c
from moderator.game import Game

REFERENCE = "1846"


def commands_of(game: Game) -> tuple[c.GameCmd, list[c.Command]]:
    """The ``game`` line and the journal's commands."""
    head = c.GameCmd(title=game.title, players=(*game.players, *game.options))
    return head, [entry.command for entry in game.journal]


def replay(head: c.GameCmd, commands: list[c.Command]) -> float:
    """CPU seconds of one replay."""
    start = time.process_time()
    fresh = Game.new(head.title, list(head.players))
    state, apply = fresh.state, fresh.ruleset.apply
    for cmd in commands:
        apply(state, cmd)
        state.ledger.check_conservation()
        state.ledger.events = []
    return time.process_time() - start


def replay_all(games: list[tuple[c.GameCmd, list[c.Command]]]) -> float:
    """CPU seconds of one replay of each game."""
    return sum(replay(head, commands) for head, commands in games)


def main_recorded(args: list[str]) -> None:
    """1817's recorded games beside 1830's, CPU per command, paired (issue 44)."""
    from recorded_games import recorded

    words = [x for x in args if not x.startswith("--")]
    rounds = int(words[0]) if words else 15
    checks = "--checks" in args
    games = {title: recorded(title, checks=checks) for title in ("1817", "1830")}
    length = {title: sum(len(cs) for _, cs in g) for title, g in games.items()}
    for g in games.values():
        replay_all(g)  # warm-up
    seconds: dict[str, list[float]] = {title: [] for title in games}
    ratios: list[float] = []
    for _ in range(rounds):
        for title, g in games.items():
            seconds[title].append(replay_all(g) / length[title])
        ratios.append(seconds["1817"][-1] / seconds["1830"][-1])
    what = "every line, checks too" if checks else "moves only, expect lines left out"
    print(f"recorded games, replay per command, CPU, {rounds} rounds in turns ({what})")
    print(f"{'title':<7} {'games':>5} {'commands':>8} {'median':>9} {'best':>9}")
    for title, g in games.items():
        print(
            f"{title:<7} {len(g):>5} {length[title]:>8} "
            f"{statistics.median(seconds[title]) * 1e6:6.1f} µs "
            f"{min(seconds[title]) * 1e6:6.1f} µs"
        )
    print(f"1817 / 1830 (paired median): {statistics.median(ratios):.2f}x")


def main() -> None:
    args = sys.argv[1:]
    if "--recorded" in args and "--profile" not in args:
        main_recorded([x for x in args if x != "--recorded"])
        return
    if "--profile" in args:
        title = args[args.index("--profile") + 1]
        if "--recorded" in args:
            from recorded_games import recorded

            games = recorded(title, checks="--checks" in args)
        else:
            games = [commands_of(long_game(title))]
        replay_all(games)
        profile = cProfile.Profile()
        profile.enable()
        replay_all(games)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        return
    rounds = int(args[0]) if args else 15
    games = {title: commands_of(long_game(title)) for title in TITLES}
    for head, commands in games.values():  # warm-up: every title's module imported
        replay(head, commands)
    seconds: dict[str, list[float]] = {title: [] for title in games}
    ratios: dict[str, list[float]] = {title: [] for title in games}
    family: dict[str, list[float]] = {title: [] for title in games}
    for _ in range(rounds):
        this_round = {title: replay(*games[title]) for title in games}
        for title, spent in this_round.items():
            seconds[title].append(spent / len(games[title][1]))
            reference = this_round[REFERENCE] / len(games[REFERENCE][1])
            ratios[title].append(seconds[title][-1] / reference)
            family[title].append(seconds[title][-1] * len(games["1830"][1]) / this_round["1830"])
    print(f"replay per command, CPU, {rounds} rounds in turns")
    print(
        f"{'title':<13} {'commands':>8} {'median':>9} {'best':>9} "
        f"{'/ 1846 (paired median)':>23} {'/ 1830 (paired)':>16}"
    )
    for title in games:
        print(
            f"{title:<13} {len(games[title][1]):>8} "
            f"{statistics.median(seconds[title]) * 1e6:6.1f} µs "
            f"{min(seconds[title]) * 1e6:6.1f} µs "
            f"{statistics.median(ratios[title]):>22.2f}x "
            f"{statistics.median(family[title]):>15.2f}x"
        )


if __name__ == "__main__":
    main()
