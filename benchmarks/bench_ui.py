"""UI speed measurements (not tests): cold start and keystroke-to-screen.

* cold start: a fresh Python process imports the app, opens a save with a
  1,000-command journal and draws the first usable main screen (headless),
  measured from before the process starts to the first screen being ready;
* keystroke to updated screen: on that game, a command given through the
  command bar (Enter) until the panels are redrawn, measured in-process.

Targets: cold start < 0.6 s, keystroke < 50 ms (2 cores).  Run:
``.venv/bin/python benchmarks/bench_ui.py``; it prints the figures.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from moderator import commands as c
from moderator.game import Game
from moderator.simulate import simulate

JOURNAL = 1000

CHILD = r"""
import sys, time
from pathlib import Path
from moderator.ui.app import ModeratorApp

class Bench(ModeratorApp):
    def on_mount(self) -> None:
        self.set_timer(0.001, self.ready)

    def ready(self) -> None:
        from moderator.ui.screens.main import MainScreen
        if isinstance(self.screen, MainScreen) and self.screen.is_mounted:
            self.call_after_refresh(self.done)
        else:
            self.set_timer(0.002, self.ready)

    def done(self) -> None:
        import os
        os.write(1, f"READY {time.time()}\n".encode())
        self.exit()

Bench(path=Path(sys.argv[1]), saves=Path(sys.argv[2])).run(headless=True, size=(120, 40))
"""


def make_save(folder: Path) -> Path:
    """A live 1846 game with a 1,000-command journal (simulated, topped up with notes)."""
    game = simulate(3, 5, 600)
    while len(game.journal) > 1 and game.state.ended:
        game.undo()
    n = 0
    while len(game.journal) < JOURNAL:
        n += 1
        assert game.execute(c.Note(text=f"table remark {n}")).ok
    path = folder / "bench.json"
    game.save(path)
    return path


def cold_start(path: Path, runs: int = 5) -> list[float]:
    """Seconds from spawning the process to the first usable main screen."""
    out = []
    for _ in range(runs):
        start = time.time()
        proc = subprocess.run([sys.executable, "-c", CHILD, str(path), str(path.parent)],
                              capture_output=True, text=True)
        if proc.returncode:
            raise RuntimeError(proc.stderr)
        line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("READY"))
        out.append(float(line.split()[1]) - start)
    return out


async def keystrokes(path: Path, runs: int = 20) -> list[float]:
    """Seconds from Enter on a command-bar line to the redrawn screen."""
    from moderator.ui.app import ModeratorApp
    from moderator.ui.screens.main import MainScreen

    app = ModeratorApp(path=path, saves=path.parent)
    out = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MainScreen)
        await pilot.press("colon")
        for i in range(runs):
            screen.bar.input.value = f"note bench {i}"
            start = time.perf_counter()
            await pilot.press("enter")
            await pilot.pause()
            out.append(time.perf_counter() - start)
        # a real money command too: the acting company's legal commands, first one
        legal = [x for x in screen.session.legal() if not isinstance(x, c.Done)]
        if legal:
            screen.bar.input.value = screen.session.line(legal[0])
            start = time.perf_counter()
            await pilot.press("enter")
            await pilot.pause()
            out.append(time.perf_counter() - start)
    return out


def main() -> None:
    """Print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        path = make_save(Path(tmp))
        print(f"save: {len(Game.load(path).journal)} journal entries")
        starts = cold_start(path)
        print(f"cold start to first usable screen: median {statistics.median(starts):.3f} s "
              f"(min {min(starts):.3f}, max {max(starts):.3f}; target < 0.6 s)")
        keys = asyncio.run(keystrokes(path))
        print(f"keystroke to updated screen (1,000-command journal): median "
              f"{statistics.median(keys) * 1000:.1f} ms (max {max(keys) * 1000:.1f} ms; "
              f"target < 50 ms; includes the Pilot's own pause)")


if __name__ == "__main__":
    main()
