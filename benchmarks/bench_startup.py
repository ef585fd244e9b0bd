"""Start-up, whole-process ``moderator play GAME --json`` and its peak memory (issue 21, 1-2).

Run: ``.venv/bin/python benchmarks/bench_startup.py [ROUNDS] [--against DIR]``.  Prints
the figures; it is a measurement, not a test.  ``--against DIR`` also runs every
``moderator`` process on another copy of the packages (``git archive REV moderator
rulesets | tar -x -C DIR``), in the same turns: a before/after comparison on a busy
machine.

Every process is started ``ROUNDS`` times (9 by default) in turns: a bare
``python -c pass``, ``python -c "import moderator.cli"``, and ``moderator play GAME
--json`` on the recorded game in ``../shared/examples/`` and on one long seeded
simulated game per title (written to a temporary directory first).  Taking turns
means a busy machine slows every kind alike; the figures are each kind's minimum
wall time and minimum CPU time (user + system, from the child's rusage, which a
loaded machine inflates far less than wall time), the ratio of each to the bare
interpreter's, and the largest peak RSS seen.  Bytecode is cached, as on a normal
install after the first start: the children write and read it under a temporary
``PYTHONPYCACHEPREFIX`` (this sandbox sets ``PYTHONDONTWRITEBYTECODE``), filled by a
warm-up run of each first.
"""

from __future__ import annotations

import os
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


MAKE = """
import sys
from pathlib import Path
from moderator.simulate import simulate
for title in ("1846", "1847AE", "1853"):
    game = simulate(0, 4, max_commands=3000, revenue_scale=0.3, title=title)
    (Path(sys.argv[1]) / f"{title}.script").write_text(game.script(), encoding="utf-8")
    print(title, len(game.journal))
"""


def _scripts(tmp: Path) -> list[tuple[str, Path]]:
    """The recorded game and a long simulated game per title, as script files (made in
    another process, so this one stays small: a child's peak RSS starts at its parent's)."""
    found = [("recorded 1846", EXAMPLE)] if EXAMPLE.exists() else []
    made = subprocess.run(
        [PYTHON, "-c", MAKE, str(tmp)], capture_output=True, text=True, check=True, cwd=REPO
    )
    for line in made.stdout.splitlines():
        title, count = line.split()
        found.append((f"simulated {title} ({count} commands)", tmp / f"{title}.script"))
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
            ("python -c pass", [PYTHON, "-c", "pass"], env),
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
        best: dict[str, list[float]] = {label: [1e9, 1e9, 0] for label, _, _ in kinds}
        for _, argv, kind_env in kinds:  # warm-up: bytecode cached
            _run(argv, kind_env, cwd)
        for _ in range(rounds):
            for label, argv, kind_env in kinds:
                wall, cpu, rss = _run(argv, kind_env, cwd)
                row = best[label]
                row[0], row[1], row[2] = min(row[0], wall), min(row[1], cpu), max(row[2], rss)
        bare_wall, bare_cpu, _ = best["python -c pass"]
        print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs, {rounds} rounds")
        print(f"{'':<60} {'wall':>8} {'x bare':>6} {'CPU':>8} {'x bare':>6} {'peak RSS':>9}")
        for label, _, _ in kinds:
            wall, cpu, rss = best[label]
            print(
                f"{label:<60} {wall * 1000:6.0f}ms {wall / bare_wall:6.1f} "
                f"{cpu * 1000:6.0f}ms {cpu / max(bare_cpu, 1e-3):6.1f} {rss / 1024:7.1f}MB"
            )


if __name__ == "__main__":
    main()
