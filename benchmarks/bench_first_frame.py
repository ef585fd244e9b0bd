"""The TUI's first frame against a minimal Textual app's, child by child (issue 41, acceptance 2).

Run: ``.venv/bin/python benchmarks/bench_first_frame.py [ROUNDS] [TITLE...] [--against
DIR]``.  A measurement, not a test.  A 1,000-command save of every title
(:mod:`long_games`) is written twice to a temporary folder: once to be opened as the
banker reopens a game the app let go of (``picture kept``: the app keeps the main
screen's picture beside the save as it quits, :mod:`moderator.ui.picture`; the warm-up
run leaves it there), once without the picture (``no picture``: the child removes it
first, as for a save written by ``moderator play`` or an older moderator: the save is
read, checked and replayed before the main screen is composed).  ``--against DIR`` also
starts the moderator's app from another copy of the packages (``git archive REV
moderator rulesets | tar -x -C DIR``) on a third copy, in the same turns.

Then, ``ROUNDS`` times (9 by default), in turns: a minimal Textual app (one ``Static``)
is spawned, then each moderator child, each right after a minimal app of its own; every
child runs headless at 120x40, each frame encoded as for a terminal
(``render_segments``), as ``benchmarks/bench_ui.py`` does; a frame counts once it would
reach the terminal (Textual drops the frames drawn while the app starts, inside its
``batch_update``: those are not counted).  Measured for each child:
wall time from spawning it to the end of its first frame with the game on it (the
picture, or else the main screen), and its CPU time by then (``time.process_time`` in
the child: interpreter start, imports, the picture or the save, the screen composed and
drawn); for the moderator, also its CPU time at the end of the main screen's first frame
(the game replayed: keys act from then on), where the child stops.  The machine is
shared (2 cores, other work running): the figures are medians, and each ratio is the
median over the rounds of a moderator child's figure over the minimal app's just before
it.  The load average is printed at the end.

The moderator child starts as ``moderator open SAVE`` does (``gc.disable()`` as
``moderator.cli._run_tui``, then :class:`moderator.ui.app.ModeratorApp`).  Bytecode is
cached (``benchmarks/bytecode.py``).  Issue 41's goal: at most 1.15x the minimal app.
"""

from __future__ import annotations

import os
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


def first_frame_hook(cls, kind, last=None):
    """``cls`` with a ``_display`` that reports (``KIND wall cpu``; spawn-relative wall
    time is worked out by the parent) the first frame of a screen ``kind(screen)`` names,
    once per kind, and exits at the first frame of a ``last`` one (any, if ``None``)."""

    class Timed(cls):
        reported = set()

        def _display(self, screen, renderable) -> None:
            super()._display(screen, renderable)
            if renderable is None or self._batch_count:
                return  # Textual holds back the frames drawn while a batch is open
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(self.console)
            name = kind(screen)
            if name is None or name in self.reported:
                return
            self.reported.add(name)
            os.write(1, f"{name} {time.time()} {time.process_time()}\n".encode())
            if last is None or name == last:
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


first_frame_hook(Minimal, lambda screen: "FRAME")().run(headless=True, size=(120, 40))
"""
)

MODERATOR = (
    "import gc\ngc.disable()  # as moderator.cli._run_tui\n"
    "from moderator.ui.app import ModeratorApp  # first, as the launcher\n"
    + FRAME_HOOK
    + r"""
import sys
from pathlib import Path

save = Path(sys.argv[1])
if sys.argv[3] == "no-picture":  # a save without its picture: the slow path
    save.with_name(f".{save.name}.frame").unlink(missing_ok=True)


def kind(screen):
    name = type(screen).__name__
    if name == "PictureScreen":
        return "FRAME"  # the game on screen: its picture, while the save is read
    if name == "MainScreen":
        return "MAIN"  # the main screen, composed from the replayed game
    return None


app = first_frame_hook(ModeratorApp, kind, last="MAIN")
app(path=save, saves=Path(sys.argv[2])).run(headless=True, size=(120, 40))
"""
)


def spawn(code: str, args: list[str], env: dict[str, str]) -> dict[str, tuple[float, float]]:
    """Each frame the child reports (``FRAME``: the first with the game on it; ``MAIN``:
    the main screen's first): wall seconds from spawning the child to it, and the
    child's CPU seconds then."""
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),  # not the work tree, which ``-c`` would put first on the path
    )
    if done.returncode:
        raise RuntimeError(done.stderr)
    frames = {}
    for line in done.stdout.splitlines():
        name, at, cpu = line.split()
        frames[name] = (float(at) - start, float(cpu))
    frames.setdefault("FRAME", frames["MAIN"] if "MAIN" in frames else (0.0, 0.0))
    return frames


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
        kinds: dict[str, tuple[str, list[str], dict[str, str]]] = {
            "minimal Textual app": (MINIMAL, [], env)
        }
        for title in titles:
            game = long_game(title)
            for how in ("picture", "no-picture", *(["against"] if against else [])):
                save = Path(folder) / how / f"{title}.json"
                save.parent.mkdir(exist_ok=True)
                game.save(save)
                kind_env = env if how != "against" else dict(env, PYTHONPATH=against)
                name = {
                    "picture": f"{title}, picture kept",
                    "no-picture": f"{title}, no picture",
                    "against": f"{title} [{Path(against or '').name}]",
                }[how]
                kinds[name] = (MODERATOR, [str(save), str(save.parent), how], kind_env)
            game.close()
        # warm-up; the moderator's app keeps each save's picture as it quits
        for code, child_args, kind_env in kinds.values():
            spawn(code, child_args, kind_env)
        for title in titles:
            kept = Path(folder) / "picture" / f".{title}.json.frame"
            if not kept.is_file():
                raise RuntimeError(f"no picture kept for the {title} save")
        figures: dict[str, dict[str, list[float]]] = {
            k: {f: [] for f in ("wall", "cpu", "wall x", "cpu x", "main cpu", "main cpu x")}
            for k in kinds
        }
        for _ in range(rounds):
            ref_wall = ref_cpu = 1.0
            for kind, (code, child_args, kind_env) in kinds.items():
                if kind != "minimal Textual app":  # each child right after a minimal one
                    ref_wall, ref_cpu = spawn(MINIMAL, [], env)["FRAME"]
                frames = spawn(code, child_args, kind_env)
                wall, cpu = frames["FRAME"]
                main_cpu = frames.get("MAIN", (0.0, cpu))[1]
                row = figures[kind]
                row["wall"].append(wall)
                row["cpu"].append(cpu)
                row["main cpu"].append(main_cpu)
                if kind != "minimal Textual app":
                    row["wall x"].append(wall / ref_wall)
                    row["cpu x"].append(cpu / ref_cpu)
                    row["main cpu x"].append(main_cpu / ref_cpu)
    load = os.getloadavg()
    print(
        f"spawn to the end of the first frame with the game on it, headless 120x40, "
        f"{rounds} rounds in turns; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"
    )
    print(
        f"{'':<28} {'wall':>8} {'paired':>7} {'CPU':>8} {'paired':>7}"
        f" {'main screen CPU':>16} {'paired':>7}"
    )
    for kind, row in figures.items():
        med = {k: statistics.median(v) if v else 1.0 for k, v in row.items()}
        print(
            f"{kind:<28} {med['wall'] * 1000:6.0f}ms {med['wall x']:6.2f}x "
            f"{med['cpu'] * 1000:6.0f}ms {med['cpu x']:6.2f}x "
            f"{med['main cpu'] * 1000:14.0f}ms {med['main cpu x']:6.2f}x"
        )


if __name__ == "__main__":
    main()
