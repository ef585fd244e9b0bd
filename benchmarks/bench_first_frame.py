"""The TUI's first frame against a minimal Textual app's, child by child (issue 41, acceptance 2).

Run: ``.venv/bin/python benchmarks/bench_first_frame.py [ROUNDS] [TITLE...] [--against
DIR]``.  A measurement, not a test.  ``--against DIR`` also starts the moderator's app from
another copy of the packages (``git archive REV moderator rulesets | tar -x -C DIR``) on
each save, in the same turns.  A 1,000-command save of every title (:mod:`long_games`) is
written to a temporary folder.  Then, ``ROUNDS`` times (9 by default), in turns: a
minimal Textual app (one ``Static``) is spawned, then the moderator's app on each save;
every child runs headless at 120x40 and stops at the end of its first frame (for the
moderator, the first frame of the main screen, the game on it), each frame encoded as
for a terminal (``render_segments``), as ``benchmarks/bench_ui.py`` does.  Measured for
each child: wall time from spawning it to the end of that frame, and its CPU time by
then (``time.process_time`` in the child: interpreter start, imports, the save read and
replayed, the screen composed and drawn).  The machine is shared (2 cores, other work
running): the figures are medians, and the ratio is the median over the rounds of each
moderator child's figure over the minimal app's just before it.

The moderator child starts as ``moderator open SAVE`` does (``gc.disable()`` as
``moderator.cli._run_tui``, then :class:`moderator.ui.app.ModeratorApp`).  Bytecode is
cached (``benchmarks/bytecode.py``).  Issue 41's goal: at most 1.15x the minimal app.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bytecode import bytecode_env
from long_games import TITLES, long_game

FRAME_HOOK = r'''
import os, time
from textual._compositor import CompositorUpdate


def first_frame_hook(cls, wanted):
    """``cls`` with a ``_display`` that reports the first frame ``wanted(screen)`` accepts
    (spawn-relative wall time is worked out by the parent) and exits."""

    class Timed(cls):
        reported = False

        def _display(self, screen, renderable) -> None:
            super()._display(screen, renderable)
            if renderable is None or self.reported:
                return
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(self.console)
            if wanted(screen):
                self.reported = True
                os.write(1, f"FRAME {time.time()} {time.process_time()}\n".encode())
                self.exit()

    return Timed
'''

MINIMAL = (
    FRAME_HOOK
    + r"""
from textual.app import App
from textual.widgets import Static


class Minimal(App):
    def compose(self):
        yield Static("moderator")


first_frame_hook(Minimal, lambda screen: True)().run(headless=True, size=(120, 40))
"""
)

MODERATOR = (
    "import gc\ngc.disable()  # as moderator.cli._run_tui\n"
    "from moderator.ui.app import ModeratorApp  # first, as the launcher\n"
    + FRAME_HOOK
    + r"""
import sys
from pathlib import Path
from moderator.ui.screens.main import MainScreen

app = first_frame_hook(ModeratorApp, lambda screen: isinstance(screen, MainScreen))
app(path=Path(sys.argv[1]), saves=Path(sys.argv[2])).run(headless=True, size=(120, 40))
"""
)


def spawn(code: str, args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds from spawning the child to its first frame, and its CPU seconds then."""
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env
    )
    if done.returncode:
        raise RuntimeError(done.stderr)
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("FRAME"))
    _, at, cpu = line.split()
    return float(at) - start, float(cpu)


def main() -> None:
    args = sys.argv[1:]
    against = None
    if "--against" in args:
        at = args.index("--against")
        against = str(Path(args[at + 1]).resolve())
        del args[at : at + 2]
    rounds = int(args.pop(0)) if args and args[0].isdigit() else 9
    titles = [t for t in TITLES if not args or t in args]
    env = bytecode_env(cached=True)
    with tempfile.TemporaryDirectory() as folder:
        saves: dict[str, Path] = {}
        for title in titles:
            game = long_game(title)
            saves[title] = Path(folder) / f"{title}.json"
            game.save(saves[title])
            game.close()
        kinds: dict[str, tuple[str, list[str], dict[str, str]]] = {
            "minimal Textual app": (MINIMAL, [], env)
        }
        for title, path in saves.items():
            kinds[f"moderator, {title} save"] = (MODERATOR, [str(path), folder], env)
            if against is not None:
                other = dict(env, PYTHONPATH=against)
                kinds[f"moderator, {title} [{Path(against).name}]"] = (
                    MODERATOR,
                    [str(path), folder],
                    other,
                )
        for code, child_args, kind_env in kinds.values():  # warm-up
            spawn(code, child_args, kind_env)
        walls: dict[str, list[float]] = {k: [] for k in kinds}
        cpus: dict[str, list[float]] = {k: [] for k in kinds}
        wall_ratio: dict[str, list[float]] = {k: [] for k in kinds}
        cpu_ratio: dict[str, list[float]] = {k: [] for k in kinds}
        for _ in range(rounds):
            ref_wall = ref_cpu = 1.0
            for kind, (code, child_args, kind_env) in kinds.items():
                if kind != "minimal Textual app":  # each child right after a minimal one
                    ref_wall, ref_cpu = spawn(MINIMAL, [], env)
                wall, cpu = spawn(code, child_args, kind_env)
                walls[kind].append(wall)
                cpus[kind].append(cpu)
                if kind != "minimal Textual app":
                    wall_ratio[kind].append(wall / ref_wall)
                    cpu_ratio[kind].append(cpu / ref_cpu)
    print(f"spawn to the end of the first frame, headless 120x40, {rounds} rounds in turns")
    print(f"{'':<30} {'wall':>8} {'paired':>7} {'CPU':>8} {'paired':>7}")
    for kind in kinds:
        paired_wall = statistics.median(wall_ratio[kind]) if wall_ratio[kind] else 1.0
        paired_cpu = statistics.median(cpu_ratio[kind]) if cpu_ratio[kind] else 1.0
        print(
            f"{kind:<30} {statistics.median(walls[kind]) * 1000:6.0f}ms {paired_wall:6.2f}x "
            f"{statistics.median(cpus[kind]) * 1000:6.0f}ms {paired_cpu:6.2f}x"
        )


if __name__ == "__main__":
    main()
