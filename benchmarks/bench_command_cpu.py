"""CPU per command, apart from the fsync, with a save of up to 10,000 entries (issue 21.5).

Run: ``.venv/bin/python benchmarks/bench_command_cpu.py``.  Prints the figures; it is a
measurement, not a test.

A banker's command costs the rules' and the journal's CPU plus one fsync of the save
(the disk's time, ~2 ms here).  This plays 10,000 commands with the autosave on (a
seeded simulated 1846 game's commands, then ``note`` lines to fill up, as
``bench_core.py`` does: no game runs 10,000 commands) and times every
``Game.execute`` twice: by the process's CPU clock (``time.process_time``: the
fsync's wait is not CPU) and by the wall clock (CPU plus the wait for the disk).
It prints the median, p99 and largest of each for the whole batch and for the
last 1,000 commands (the journal at 9,000-10,000 entries), the same batch's CPU
without a save (the rules and the journal in memory: the CPU clock counts the
kernel's work of a write and an fsync too), and the fsync alone (``os.fsync`` of
a one-line append, timed the same way).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from moderator.game import Game
from moderator.script import parse_line
from moderator.simulate import simulate

LENGTH = 10_000


def _percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _figures(times: list[float]) -> str:
    return (
        f"median {statistics.median(times) * 1000:.3f} ms, "
        f"p99 {_percentile(times, 0.99) * 1000:.3f} ms, max {max(times) * 1000:.2f} ms"
    )


def _play(full: Game, batch: list, path: Path | None) -> tuple[list[float], list[float]]:  # type: ignore[type-arg]
    """CPU and wall seconds of each command of ``batch`` on a new game saved at ``path``."""
    game = Game.new(full.title, full.players, path=path)
    cpu: list[float] = []
    wall: list[float] = []
    for cmd in batch:
        w, t = time.perf_counter(), time.process_time()
        assert game.execute(cmd).ok
        cpu.append(time.process_time() - t)
        wall.append(time.perf_counter() - w)
    game.close()
    return cpu, wall


def main() -> None:
    full = simulate(0, 4, max_commands=3000, revenue_scale=0.3)
    real = [e.command for e in full.journal][:LENGTH]
    notes = [
        parse_line(f"note remark {k}: the table counted the bank again")
        for k in range(LENGTH - len(real))
    ]
    batch = real + notes
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "batch.json"
        cpu, wall = _play(full, batch, path)
        bare_cpu, _ = _play(full, batch, None)
        size = path.stat().st_size
        fsyncs = []
        with open(Path(tmp) / "probe.log", "ab") as probe:
            for k in range(300):
                probe.write(b'{"probe":%d}\n' % k)
                probe.flush()
                w = time.perf_counter()
                os.fsync(probe.fileno())
                fsyncs.append(time.perf_counter() - w)
    print(
        f"{len(batch):,} commands ({len(real):,} of a simulated 1846 game, then notes), "
        f"saved as they go ({size / 1e6:.1f} MB); load average {os.getloadavg()[0]:.1f}"
    )
    print(f"  CPU  per command, all:        {_figures(cpu)}")
    print(f"  CPU  per command, real game:  {_figures(cpu[: len(real)])}")
    print(f"  CPU  per command, last 1,000: {_figures(cpu[-1000:])}")
    print(f"  CPU  per command, no save:    {_figures(bare_cpu)}")
    print(f"  CPU  no save, last 1,000:     {_figures(bare_cpu[-1000:])}")
    print(f"  wall per command, all:        {_figures(wall)}")
    print(f"  fsync alone (300 appends):    {_figures(fsyncs)}")


if __name__ == "__main__":
    main()
