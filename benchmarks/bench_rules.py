"""The rules' own time per title: an in-process replay, and the parsing apart (issue 21.3).

Run: ``.venv/bin/python benchmarks/bench_rules.py [--profile]``.  Prints the figures; it is
a measurement, not a test.

For the recorded 1846 game in ``../shared/examples/`` and one long seeded simulated game
per title (1846, 1847 AE, 1853), it parses the script once and then folds every command
into a fresh game with ``ruleset.apply`` (nothing journaled, no events kept), the best
CPU time (``time.process_time``, which a busy machine inflates less than wall time) of
seven; parsing every line is timed the same way.  ``--profile`` prints, per game, the
share of the fold spent in the stock round's bookkeeping (the tool's auto-pass: can the
player on turn still buy or sell) and the ten functions with the most own time.

``--fold SCRIPT N`` only parses SCRIPT and folds it N times, printing nothing: for an
instruction count, which a busy machine does not change (``PYTHONHASHSEED=0 valgrind
--tool=callgrind --callgrind-out-file=/dev/null python benchmarks/bench_rules.py --fold
SCRIPT 1``, less the same with ``0``).

To compare two commits on a loaded machine, run this file with ``PYTHONPATH`` pointing at
the other commit's packages (``git archive REV moderator rulesets | tar -x -C DIR``) in
turns with a run on this tree, and take each one's best.
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time
from pathlib import Path

from moderator.game import Game
from moderator.script import parse_line
from moderator.simulate import simulate

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO.parent / "shared" / "examples" / "1846-short-recorded.script"
BOOKKEEPING = ("_auto_pass", "_auto_pass_if_stuck_after_sale")


def _games() -> list[tuple[str, list[str]]]:
    games = []
    if EXAMPLE.exists():
        games.append(("recorded 1846", EXAMPLE.read_text(encoding="utf-8").splitlines()))
    for title in ("1846", "1847AE", "1853"):
        game = simulate(0, 4, max_commands=3000, revenue_scale=0.3, title=title)
        games.append((f"simulated {title}", game.script().splitlines()))
    return [
        (label, [x for x in lines if x.strip() and not x.lstrip().startswith("#")])
        for label, lines in games
    ]


def _fold(commands: list) -> None:  # type: ignore[type-arg]
    game = Game.from_command(commands[0])
    ruleset, state = game.ruleset, game.state
    for cmd in commands[1:]:
        ruleset.apply(state, cmd)
        state.ledger.events = []


def _best(fn, repeat: int = 7) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def _profile(commands: list) -> None:  # type: ignore[type-arg]
    profile = cProfile.Profile()
    profile.enable()
    _fold(commands)
    profile.disable()
    stats = pstats.Stats(profile)
    total = stats.total_tt  # type: ignore[attr-defined]
    raw = stats.stats  # type: ignore[attr-defined]
    book = sum(v[3] for k, v in raw.items() if k[2] in BOOKKEEPING and "stock" in k[0])
    print(f"    stock-round bookkeeping (auto-pass checks): {book / total:.0%} of the fold")
    for (file, line, name), v in sorted(raw.items(), key=lambda kv: -kv[1][2])[:10]:
        print(
            f"    {v[2] / total:5.1%} own  {v[3] / total:5.1%} cum  {Path(file).name}:{line} {name}"
        )


def main() -> None:
    if "--fold" in sys.argv:
        at = sys.argv.index("--fold")
        text = Path(sys.argv[at + 1]).read_text(encoding="utf-8").splitlines()
        commands = [parse_line(x) for x in text if x.strip() and not x.lstrip().startswith("#")]
        for _ in range(int(sys.argv[at + 2])):
            _fold(commands)
        return
    profile = "--profile" in sys.argv
    for label, lines in _games():
        commands = [parse_line(x) for x in lines]
        _fold(commands)  # warm: the title's ruleset imported, its models built
        fold = _best(lambda: _fold(commands))  # noqa: B023
        parse = _best(lambda: [parse_line(x) for x in lines])  # noqa: B023
        n = len(commands)
        print(
            f"{label:<20} {n:>5} commands  rules {fold * 1000:6.1f} ms "
            f"({fold / n * 1e6:5.1f} us/command)  parsing {parse * 1000:5.1f} ms "
            f"({parse / (fold + parse):.0%} of both)"
        )
        if profile:
            _profile(commands)


if __name__ == "__main__":
    main()
