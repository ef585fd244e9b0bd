"""Start-up and a whole ``moderator play GAME --json`` against a bare interpreter (issues 21, 41).

Run: ``.venv/bin/python benchmarks/bench_startup.py [ROUNDS] [--against DIR]``.  Prints
the figures; it is a measurement, not a test.  ``--against DIR`` also runs every
``moderator`` process on another copy of the packages (``git archive REV moderator
rulesets | tar -x -C DIR``), in the same turns: a before/after comparison on a busy
machine.

Every process is started ``ROUNDS`` times (9 by default) in turns: a bare
``python -c pass``, ``python -c "import moderator.cli"``, and ``moderator play GAME
--json`` on the recorded game in ``../shared/examples/`` and on a 1,000-command seeded
game of every title in ``rulesets._MODULES`` (:data:`MAKE`, written to a temporary
directory first).  The
figure is CPU time (user + system, from the child's rusage, which a loaded machine
inflates far less than wall time; the machine is shared): the median of each kind, and
the median over the rounds of each process's ratio to the bare interpreter started just
before it (pair by pair, so a busy moment weighs on both).  Wall time (median) and the
largest peak RSS are shown beside.  Bytecode is cached, as on a normal install after the
first start: the children write and read it under a temporary ``PYTHONPYCACHEPREFIX``
(this sandbox sets ``PYTHONDONTWRITEBYTECODE``), filled by a warm-up run of each first.

Issue 41's goals: ``import moderator.cli`` at most 2x the bare interpreter, ``play
--json`` of a 1,000-command game of every title at most 3.5x.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO.parent / "shared" / "examples" / "1846-short-recorded.script"
PYTHON = sys.executable
PLAY = "import sys; from moderator.cli import main; sys.exit(main())"
"""What the installed ``moderator`` command runs (``python -m moderator.cli`` would compile
the module afresh each time: a script run as ``__main__`` has no cached bytecode)."""
BARE = "python -c pass"

MAKE = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from long_games import LENGTH, PLAYERS, SEEDS, TITLES, long_game
from moderator import simulate
from rulesets import _MODULES
named = {title.upper(): title for title in (*TITLES, *simulate.TITLES)}
for key in _MODULES:
    title = named.get(key, key)
    if title in SEEDS:
        game = long_game(title)
    else:  # a title long_games does not list yet: the first seed from 0 that is long enough
        seed = 0
        while True:
            if title in simulate.TITLES:
                game = simulate.Simulation(
                    seed=seed, players=PLAYERS, title=title, max_commands=LENGTH,
                    revenue_scale=0.4,
                ).run()
            else:
                game = simulate.legal_game(title, seed, LENGTH, players=PLAYERS)
            if len(game.journal) >= LENGTH:
                break
            game.close()
            seed += 1
    (Path(sys.argv[1]) / f"{title}.script").write_text(game.script(), encoding="utf-8")
    print(title, len(game.journal))
    game.close()
"""
"""Writes a 1,000-command game of every title in ``rulesets._MODULES``: the seeded game of
:mod:`long_games` where it lists the title, else the first long enough from seed 0 (the
simulation where it plays the title, :func:`moderator.simulate.legal_game` otherwise)."""


def _scripts(tmp: Path) -> list[tuple[str, Path]]:
    """The recorded game and a 1,000-command game per title, as script files (made in
    another process, so this one stays small: a child's peak RSS starts at its parent's)."""
    found = [("recorded 1846", EXAMPLE)] if EXAMPLE.exists() else []
    made = subprocess.run(
        [PYTHON, "-c", MAKE, str(tmp), str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    for line in made.stdout.splitlines():
        title, count = line.split()
        found.append((f"{title} ({count} commands)", tmp / f"{title}.script"))
    return found


def _run(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (KiB) of one process."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd, env=env
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{argv} exited {proc.returncode}: {proc.stderr.read().decode()}")
    proc.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main() -> None:
    args = sys.argv[1:]
    if "-h" in args or "--help" in args:  # what it measures, and its arguments
        print(__doc__)
        return
    against = None
    if "--against" in args:
        at = args.index("--against")
        against = Path(args[at + 1]).resolve()
        del args[at : at + 2]
    rounds = int(args[0]) if args else 9
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        kinds: list[tuple[str, list[str], dict[str, str]]] = [
            (BARE, [PYTHON, "-c", "pass"], env),
            ("import moderator.cli", [PYTHON, "-c", "import moderator.cli"], env),
        ]
        for label, script in _scripts(Path(tmp)):
            kinds.append(
                (f"play --json {label}", [PYTHON, "-c", PLAY, "play", str(script), "--json"], env)
            )
        if against is not None:
            other = dict(env, PYTHONPATH=str(against))
            kinds += [(f"{label} [{against.name}]", argv, other) for label, argv, _ in kinds[1:]]
        # not the repository: a child's sys.path[0] is its working directory
        cwd = Path(tmp)
        walls: dict[str, list[float]] = {label: [] for label, _, _ in kinds}
        cpus: dict[str, list[float]] = {label: [] for label, _, _ in kinds}
        ratios: dict[str, list[float]] = {label: [] for label, _, _ in kinds}
        peak: dict[str, int] = {label: 0 for label, _, _ in kinds}
        for _, argv, kind_env in kinds:  # warm-up: bytecode cached
            _run(argv, kind_env, cwd)
        for _ in range(rounds):
            bare_cpu = 1.0
            for label, argv, kind_env in kinds:
                if label != BARE:  # each process right after a bare one: a pair
                    bare_cpu = max(_run(kinds[0][1], env, cwd)[1], 1e-3)
                wall, cpu, rss = _run(argv, kind_env, cwd)
                walls[label].append(wall)
                cpus[label].append(cpu)
                ratios[label].append(cpu / bare_cpu if label != BARE else 1.0)
                peak[label] = max(peak[label], rss)
        print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs, {rounds} rounds")
        print(
            f"{'':<60} {'CPU':>8} {'x bare':>7} {'paired':>7} {'wall':>8} {'peak RSS':>9}"
            "  (medians; paired: median of each round's ratio to the bare run before it)"
        )
        bare = statistics.median(cpus[BARE])
        for label, _, _ in kinds:
            cpu = statistics.median(cpus[label])
            print(
                f"{label:<60} {cpu * 1000:6.1f}ms {cpu / bare:6.2f}x "
                f"{statistics.median(ratios[label]):6.2f}x "
                f"{statistics.median(walls[label]) * 1000:6.0f}ms {peak[label] / 1024:7.1f}MB"
            )


if __name__ == "__main__":
    main()
