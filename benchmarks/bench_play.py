"""Speed of ``moderator play`` on the example scripts (the shared examples and tests/scripts).

Run: ``.venv/bin/python benchmarks/bench_play.py``.  For each script, the best of
five in-process plays (parse, apply every line, print nothing) and the time per
command.  Issue 7 asks that the shared engine does not make these slower than
the 1846-only ruleset was: run it on both commits to compare.
"""

from __future__ import annotations

import io
import time
from contextlib import redirect_stdout
from pathlib import Path

from moderator import cli

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((REPO.parent / "shared" / "examples").glob("*.script")) + sorted(
    (REPO / "tests" / "scripts").glob("*.script")
)


def best_play(script: Path, repeat: int = 5) -> float:
    """Best wall time of ``moderator play SCRIPT`` run in this process."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        with redirect_stdout(io.StringIO()):
            status = cli.main(["play", str(script)])
        best = min(best, time.perf_counter() - start)
        if status not in (0, None):
            raise SystemExit(f"{script.name} does not play through (exit {status})")
    return best


def main() -> None:
    seen: set[str] = set()
    for script in SCRIPTS:
        if script.name in seen:
            continue
        seen.add(script.name)
        lines = [x for x in script.read_text(encoding="utf-8").splitlines() if x.strip()]
        elapsed = best_play(script)
        print(
            f"{script.name:<40} {len(lines):>4} lines  {elapsed * 1000:7.1f} ms "
            f"({elapsed * 1e6 / max(1, len(lines)):.0f} µs/line)"
        )


if __name__ == "__main__":
    main()
