"""Replay per command counted in machine instructions, every title (issues 40.6 and 41.3).

Run: ``.venv/bin/python benchmarks/bench_replay_instructions.py [TITLE...]`` (default:
every title of :data:`long_games.TITLES`).  A measurement, not a test; it needs
``valgrind`` and a C compiler with ``valgrind/callgrind.h``.  Each title's
1,000-command seeded game (:mod:`long_games`) is replayed as :mod:`bench_replay` replays
it (a new game, every command applied, the cash total checked after each), once to warm
up and once counted: a child Python runs under ``valgrind --tool=callgrind`` with
counting off, and turns it on just around the second replay (``CALLGRIND_START_INSTRUMENTATION``
through a tiny library compiled on the spot).  The count of instructions is the same from
run to run (``PYTHONHASHSEED=0``), whatever else the machine is doing, so a change of a
few percent shows where wall-clock timings on a shared machine cannot see it.  The
figure is instructions per command, and the ratio to 1846's and to 1830's.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HELPER = r"""
#include <valgrind/callgrind.h>
void cg_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void cg_stop(void) { CALLGRIND_STOP_INSTRUMENTATION; CALLGRIND_DUMP_STATS_AT("replay"); }
"""


def child(title: str, library: str) -> None:
    """Under callgrind: replay ``title``'s game once, then once counted."""
    from bench_replay import commands_of, replay
    from long_games import long_game

    head, commands = commands_of(long_game(title))
    replay(head, commands)
    counter = ctypes.CDLL(library)
    counter.cg_start()
    replay(head, commands)
    counter.cg_stop()
    print(len(commands))


def count(title: str, library: Path, folder: Path) -> tuple[int, int]:
    """Instructions of one counted replay of ``title``, and its number of commands."""
    out = folder / f"{title}.out"
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--child",
            title,
            str(library),
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    commands = int(run.stdout.split()[-1])
    total = 0  # the dump at the counted replay's end; the one at exit counted nothing
    for dump in folder.glob(f"{title}.out*"):
        for line in dump.read_text().splitlines():
            if line.startswith("totals:"):
                total = max(total, int(line.split()[1]))
    return total, commands


def main(titles: list[str]) -> None:
    from long_games import TITLES

    titles = titles or list(TITLES)
    wanted = list(dict.fromkeys(["1846", "1830", *titles]))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        source = folder / "cg.c"
        source.write_text(HELPER)
        library = folder / "cg.so"
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", library, source], check=True)
        counts = {title: count(title, library, folder) for title in wanted}
    per = {title: total / commands for title, (total, commands) in counts.items()}
    print("replay per command, instructions (callgrind), one counted replay after a warm-up")
    print(f"{'title':<13} {'commands':>8} {'instr/cmd':>10} {'/ 1846':>7} {'/ 1830':>7}")
    for title in wanted:
        print(
            f"{title:<13} {counts[title][1]:>8} {per[title]:>10,.0f} "
            f"{per[title] / per['1846']:>6.2f}x {per[title] / per['1830']:>6.2f}x"
        )


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3])
    else:
        main(sys.argv[1:])
