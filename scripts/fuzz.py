"""The long fuzz run (issue 11.3): random and malformed lines through the parser and games.

Every line goes through ``parse_line`` and then ``Game.execute`` on one of the games of
``tests/hardening/fuzzing.py`` (every title, setup to game over), with the same checks as
the CI version (``tests/hardening/test_fuzz.py``): nothing but ``ParseError`` from the
parser, no exception from ``Game.execute``, and a refused line leaves the state JSON
byte-identical and the journal and save file unchanged.  The corpus is replayed first.

    .venv/bin/python scripts/fuzz.py --lines 100000
    .venv/bin/python scripts/fuzz.py --lines 0 --saves 10000

Prints the number of lines, accepted and refused, and the time; exits 1 on the first
failure, printing the line (add it to ``tests/hardening/corpus/lines.json``).

``--saves N`` (issue 42) then tries N forged saves, N cuts and N player lists
(``tests/hardening/forging.py``, as ``tests/hardening/test_forged_saves.py`` in CI): a
record of the recorded 1846 game with a key of one of its objects written twice and
every checksum chained anew (refused by every reader, naming the entry and the key),
the save cut at a random byte (refused only inside its header, else whole or warned
as cut, by ``serve`` too), and names that look alike (refused exactly when they do).
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
    parser.add_argument("--saves", type=int, default=0, help="forged saves, cuts, names (0)")
    args = parser.parse_args(argv)
    if args.saves:
        status = saves(args.saves, args.seed)
        if status or not args.lines:
            return status

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


def saves(count: int, seed: int | None) -> int:
    """``count`` forged saves, cuts and player lists (issue 42); 0 when every one passed."""
    import random
    import tempfile

    import forging
    from conftest import SHORT_RECORDED, play

    from moderator import journal

    seed = random.randrange(10**9) if seed is None else seed
    rng = random.Random(seed)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        play(SHORT_RECORDED.read_text() + "note the end\n", path=path).close()
        data = path.read_bytes()
        records = data.splitlines(keepends=True)[1:]
        counts: Counter[str] = Counter()
        what = ""
        try:
            for _ in range(count):
                number = rng.randint(1, len(records))
                forged, key = forging.with_key_twice(journal.record_entry(records[number - 1]), rng)
                what = f"entry {number} with {key!r} twice: {forged!r}"
                path.write_bytes(forging.forge(data, number, forged))
                forging.check_forged(path, number, key)
                k = rng.randrange(len(data) + 1)
                what = f"the save cut at byte {k}"
                counts[forging.check_cut(path, data, k)] += 1
                names = forging.random_names(rng)
                what = f"the players {names!r}"
                counts["names accepted" if forging.check_names(names) else "names refused"] += 1
        except BaseException as exc:
            print(f"FAILED (seed {seed}) on {what}: {type(exc).__name__}: {exc}", file=sys.stderr)
            return 1
    print(
        f"{count:,} forged saves refused by every reader; {count:,} cuts (warned as cut "
        f"{counts['cut']:,}, whole {counts['whole']:,}, refused in the header "
        f"{counts['refused']:,}); {count:,} player lists (refused {counts['names refused']:,}, "
        f"accepted {counts['names accepted']:,}); seed {seed}; "
        f"{time.perf_counter() - start:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
