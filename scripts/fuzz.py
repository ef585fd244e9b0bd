"""The long fuzz run (issue 11.3): random and malformed lines through the parser and games.

Every line goes through ``parse_line`` and then ``Game.execute`` on one of the games of
``tests/hardening/fuzzing.py`` (every title, setup to game over), with the same checks as
the CI version (``tests/hardening/test_fuzz.py``): nothing but ``ParseError`` from the
parser, no exception from ``Game.execute``, and a refused line leaves the state JSON
byte-identical and the journal and save file unchanged.  The corpus is replayed first.

    .venv/bin/python scripts/fuzz.py --lines 100000

Prints the number of lines, accepted and refused, and the time; exits 1 on the first
failure, printing the line (add it to ``tests/hardening/corpus/lines.json``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "hardening")]

import fuzzing  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run the fuzzer; 0 when every line passed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=100_000, help="lines to try (100000)")
    parser.add_argument("--seed", type=int, default=None, help="hypothesis seed (random)")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    games = fuzzing.positions()
    built = time.perf_counter() - start
    counts: Counter[str] = Counter()
    for position in games:
        for line in fuzzing.corpus():
            fuzzing.check_parse(line)
            counts["accepted" if fuzzing.check_execute(position, line).ok else "refused"] += 1
    corpus_lines = sum(counts.values())
    last: list[str] = []

    @settings(
        max_examples=args.lines,
        deadline=None,
        database=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
        phases=(Phase.generate,),
    )
    @given(line=fuzzing.lines(), index=st.integers(0, 1000))
    def one(line: str, index: int) -> None:
        last[:] = [line]
        fuzzing.check_parse(line)
        outcome = fuzzing.check_execute(games[index % len(games)], line)
        counts["accepted" if outcome.ok else "refused"] += 1
        if counts.total() % 10_000 == 0:
            print(
                f"  {counts.total() - corpus_lines:,} lines, {time.perf_counter() - start:.0f} s",
                flush=True,
            )

    if args.seed is not None:
        one = __import__("hypothesis").seed(args.seed)(one)
    try:
        one()
    except BaseException as exc:
        print(f"FAILED on line {last[0]!r}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    took = time.perf_counter() - start
    fuzzed = counts.total() - corpus_lines
    print(
        f"{fuzzed:,} fuzzed lines + {corpus_lines:,} corpus lines on {len(games)} games "
        f"(every title): {counts['accepted']:,} accepted and undone, {counts['refused']:,} "
        f"refused, no exception, no trace of a refusal; {took:.1f} s "
        f"({built:.1f} s to build the games, {fuzzed / max(took - built, 1e-9):,.0f} lines/s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
