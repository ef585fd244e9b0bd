"""The long burst run (issue 18.2): random bursts of keys through the app, Pilot-driven.

The same property as ``tests/ui/test_bursts.py`` (``tests/ui/bursting.py``): each
example opens a position — a title's demo, or a random game of
``moderator.simulate`` cut at a random length — and types random bursts of banker
keys into it, each delivered at once (among them Esc typed at once before a key, as
the terminal's parser reads it: ``alt+KEY``, issue 37.2); after every burst the app
is alive, no id is used twice, and the state on screen equals its save replayed.
Fresh random examples on every run (no derandomizing), unlike CI.

    .venv/bin/python scripts/bursts.py --examples 2000

Prints the examples, bursts and keys typed, and the time; exits 1 on the first
failure, with hypothesis's shrunk example (keep it as an ``@example`` in the test).
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "ui")]

import bursting  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

TITLES = ("1846", "1847AE", "1853", "1830")


def main(argv: list[str] | None = None) -> int:
    """Run the bursts; 0 when every example kept the app alive and truthful."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=200, help="examples to try (200)")
    parser.add_argument("--seed", type=int, default=None, help="hypothesis seed (random)")
    args = parser.parse_args(argv)
    folder = bursting.scratch()

    @functools.cache
    def position(title: str, seed: int, commands: int) -> bursting.Position:
        if seed < 0:
            return bursting.demo_position(title, folder)
        return bursting.simulated_position(title, seed, commands, folder)

    counts = {"examples": 0, "bursts": 0, "keys": 0}

    @settings(
        max_examples=args.examples,
        deadline=None,
        database=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
        phases=(Phase.generate, Phase.shrink),
    )
    @given(
        title=st.sampled_from(TITLES),
        seed=st.integers(-1, 200),
        commands=st.integers(5, 600),
        data=st.data(),
    )
    def one(title: str, seed: int, commands: int, data: st.DataObject) -> None:
        where = position(title, seed, commands)
        bursts = data.draw(
            st.lists(bursting.bursts(list(where.lines)), min_size=1, max_size=5), label="bursts"
        )
        counts["examples"] += 1
        counts["bursts"] += len(bursts)
        counts["keys"] += sum(len(b) for b in bursts)
        bursting.run(where, bursts)

    if args.seed is not None:
        one = __import__("hypothesis").seed(args.seed)(one)
    start = time.perf_counter()
    failed = False
    try:
        one()
    except Exception as exc:  # the shrunk failure, printed by hypothesis above
        failed = True
        print(f"FAILED: {type(exc).__name__}: {str(exc)[:2000]}", file=sys.stderr)
    took = time.perf_counter() - start
    print(
        f"{counts['examples']} examples, {counts['bursts']} bursts, {counts['keys']} keys "
        f"in {took:.0f} s: {'a failure (above)' if failed else 'the app lived through all'}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
