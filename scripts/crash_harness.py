"""The long crash run (issue 11.4): 1,000 SIGKILLs of writers, every save checked after each.

Writers (see ``tests/hardening/crashing.py``): a Python writer that prints each
acknowledged command, two writers on one save (the second must be refused by the lock),
``moderator play --save`` continuing a save, and the TUI (``moderator open``) under tmux,
all playing one long random game on one save (1846, or ``--title``), each continuing where the last
was killed.  After every kill the save must load (verified replay), be a prefix of the
game's script and hold every acknowledged command; and a copy of it cut at a random byte
of its last record (just after a ``}}`` inside it, half the time, when it has one: issue
42.2) must open as cut, warned, in the core and in ``serve``'s follower.

    .venv/bin/python scripts/crash_harness.py --kills 1000

Prints the figures; exits 1 when any check failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "hardening")]

from crashing import Harness, make_script  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run the harness; 0 when every kill left a save holding every acknowledged command."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=1000, help="kills in all (1000)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (random)")
    parser.add_argument("--tui", type=float, default=0.05, help="share of TUI kills (0.05)")
    parser.add_argument("--pair", type=float, default=0.08, help="share of two-writer kills")
    parser.add_argument("--play", type=float, default=0.07, help="share of `play` kills")
    parser.add_argument(
        "--title",
        default="1846",
        help="the game's title: 1846 (default), 1847AE, 1847Pfalz, 1847RRRRB, 1853 or 1830",
    )
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(10**9)
    weights = {
        "python": max(0.0, 1 - args.tui - args.pair - args.play),
        "pair": args.pair,
        "play": args.play,
        "tui": args.tui,
    }
    with tempfile.TemporaryDirectory(prefix="moderator-crash-") as folder:
        script, lines = make_script(Path(folder), seed=seed % 1000, title=args.title)
        print(f"seed {seed}; a random {args.title} game of {len(lines)} commands", flush=True)
        harness = Harness(Path(folder), script, lines, random.Random(seed))
        report = harness.run(args.kills, weights, progress=True)
    print(report.text())
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
