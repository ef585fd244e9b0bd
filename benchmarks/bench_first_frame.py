"""The TUI's first frame against a minimal Textual app's, child by child (issue 41, acceptance 2).

Run: ``.venv/bin/python benchmarks/bench_first_frame.py [ROUNDS] [TITLE...] [--kinds
KIND,...] [--against DIR]``.  A measurement, not a test.  A 1,000-command save of every title
(:mod:`long_games`) is written four times to a temporary folder, one copy for each way a
save comes to be opened (:mod:`moderator.ui.picture`):

* ``picture kept at the quit``: a game the app let go of (it keeps the main screen's
  picture beside the save as it quits; the warm-up run leaves it there);
* ``after a crash``: the app opened the save, was given one command (as the command bar
  gives it), kept the picture once idle, and was killed (SIGKILL) there;
* ``written by play --save``: ``moderator play SCRIPT --save F`` wrote it, and the
  ``moderator picture F`` child it started apart (at 120x40: ``COLUMNS``/``LINES``) kept
  the picture; the benchmark waits for it;
* ``picture at a second size``: the app showed the save at 120x40 (quit), then at
  100x30, where it was given one command and quit: the 120x40 picture, out of date, was
  drawn again by the ``moderator picture F`` child the app started apart as it quit (the
  benchmark waits for it), and is the second of the save's pictures (the 100x30 one
  first);
* ``no picture``: the child removes the picture first, as for a save written by an older
  moderator (or with ``MODERATOR_NO_PICTURE`` set): the save is read, checked and
  replayed before the main screen is composed.

``--kinds`` keeps some of them (``picture,crash,play,second,no-picture``); the costs of keeping
the picture (below) are then not measured.

The children of the crash, ``play`` and second-size cases stop as if killed at the end
(``os._exit``: nothing kept at a quit), so every round opens the picture the crash,
``play`` or the quit's child left.
``--against DIR`` also starts the moderator's app from another copy of the packages
(``git archive REV moderator rulesets | tar -x -C DIR``) on a fifth copy, in the same
turns: with its picture, or without it when ``--kinds no-picture`` is the only kind.

Then, ``ROUNDS`` times (9 by default), in turns: a minimal Textual app (one ``Static``)
is spawned, then each moderator child, each right after a minimal app of its own; every
child runs headless at 120x40, each frame encoded as for a terminal
(``render_segments``), as ``benchmarks/bench_ui.py`` does; a frame counts once it would
reach the terminal (Textual drops the frames drawn while the app starts, inside its
``batch_update``: those are not counted).  Measured for each child:
wall time from spawning it to the end of its first frame with the game on it (the
picture, or else the main screen), and its CPU time by then with that of any children
it waited for (``os.times``), and its own apart
(``time.process_time``: interpreter start, imports, the picture or the save, the screen
composed and drawn); for the moderator, also its CPU time at the end of the main
screen's first frame (the game replayed: keys act from then on), where the child stops;
and in how many rounds the picture was shown.  The machine is shared (2 cores, other
work running): the figures are medians, and each ratio is the median over the rounds of
a moderator child's figure over the minimal app's just before it.  The load average is
printed at the end.

Last, what keeping the picture costs: the app's ``keep_picture`` (what it does once idle
after a command) 30 times in a row on each title's main screen, median wall and CPU;
``play --save`` of the first title's script with and without the picture's child (its
own wall and CPU, median of 3; the child waited for after each); and the child's start
alone (``moderator.picture_apart.leave_picture``, median of 20).

The moderator child starts as ``moderator open SAVE`` does (``gc.disable()`` as
``moderator.cli._run_tui``, then :class:`moderator.ui.app.ModeratorApp`).  Bytecode is
cached (``benchmarks/bytecode.py``).  Issue 41's goal: at most 1.15x the minimal app.
"""

from __future__ import annotations

import os
import select
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


def first_frame_hook(cls, kind, last=None, kill=False):
    """``cls`` with a ``_display`` that reports (``KIND wall cpu``; spawn-relative wall
    time is worked out by the parent) the first frame of a screen ``kind(screen)`` names,
    once per kind, and exits at the first frame of a ``last`` one (any, if ``None``):
    as the banker quits, or with ``kill`` as a kill -9 (nothing kept at the quit)."""

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
            own, times = time.process_time(), os.times()  # with the children waited for
            children = times.children_user + times.children_system
            os.write(1, f"{name} {time.time()} {own + children} {own}\n".encode())
            if last is None or name == last:
                if kill:
                    os._exit(0)
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
    r"""
import gc
gc.disable()  # as moderator.cli._run_tui
import os, sys
from pathlib import Path

save, how = Path(sys.argv[1]), sys.argv[3]
if how == "no-picture":  # a save without its picture: the slow path
    save.with_name(f".{save.name}.frame").unlink(missing_ok=True)
from moderator.ui.app import ModeratorApp  # first, as the launcher
"""
    + FRAME_HOOK
    + r"""

def kind(screen):
    name = type(screen).__name__
    if name == "PictureScreen":
        return "FRAME"  # the game on screen: its picture, while the save is read
    if name == "MainScreen":
        return "MAIN"  # the main screen, composed from the replayed game
    return None


# a save the app did not let go of opens each round on the picture the crash or the
# child of `play --save` left: this child, too, stops as if killed
app = first_frame_hook(ModeratorApp, kind, last="MAIN", kill=how in ("crash", "play", "second"))
app(path=save, saves=Path(sys.argv[2])).run(headless=True, size=(120, 40))
"""
)

KEEP_COST = r"""
import sys, time, statistics
from pathlib import Path
from moderator.ui.app import ModeratorApp
from moderator.ui.screens.main import MainScreen

save = Path(sys.argv[1])


class Keeping(ModeratorApp):
    # The app, keeping its main screen's picture as it does once idle after a command,
    # again and again: the wall and CPU milliseconds of each, medians.
    measured = False

    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if isinstance(screen, MainScreen) and renderable is not None and not self.measured:
            self.measured = True
            self.call_later(self.measure)

    def measure(self):
        walls, cpus = [], []
        for _ in range(int(sys.argv[2])):
            wall, cpu = time.perf_counter(), time.process_time()
            self.keep_picture()
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        print(statistics.median(walls) * 1000, statistics.median(cpus) * 1000, flush=True)
        self.exit()


Keeping(path=save, saves=save.parent).run(headless=True, size=(120, 40))
"""


SHOWN_AT = r"""
import sys
from pathlib import Path
from moderator.ui.app import ModeratorApp
from moderator.ui.screens.main import MainScreen

save, columns, rows, give = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]


class Shown(ModeratorApp):
    # The app showing the save at a size, given one command (its first legal line) when
    # ``give`` is 1, then quitting as the banker quits (the picture kept at the quit,
    # and the other sizes' out-of-date pictures drawn again apart).
    given = False

    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        done = renderable is None or self._batch_count or self.given
        if isinstance(screen, MainScreen) and not done:
            self.given = True
            self.call_later(self.give, screen)

    def give(self, screen):
        if give == "1":
            line = screen.session.legal_lines()[0]
            assert screen.give(line) is None, line
        self.set_timer(0.3, self.exit)  # the screen redrawn, then the quit


Shown(path=save, saves=save.parent).run(headless=True, size=(columns, rows))
"""


def shown_at(save: Path, size: tuple[int, int], give: bool, env: dict[str, str]) -> None:
    """Open ``save`` in the app at ``size``, give it one command if ``give``, quit."""
    subprocess.run(
        [sys.executable, "-c", SHOWN_AT, str(save), str(size[0]), str(size[1])]
        + ["1" if give else "0"],
        check=True,
        capture_output=True,
        env=env,
        cwd=tempfile.gettempdir(),
    )


def second_size(save: Path, env: dict[str, str]) -> None:
    """The save shown at 120x40, then at 100x30 where it is given a command: its 120x40
    picture drawn again by the child the app's quit started (waited for), second."""
    from moderator.ui.picture import kept_sizes

    shown_at(save, (120, 40), False, env)
    shown_at(save, (100, 30), True, env)
    picture_left(save)
    if kept_sizes(save) != [(100, 30), (120, 40)]:
        raise RuntimeError(f"{save}: pictures at {kept_sizes(save)}")


CRASHING = Path(__file__).resolve().parents[1] / "tests" / "ui" / "crash_after_picture.py"
"""The app given one command, its picture kept once idle (0.3 s, as the app's own
:data:`moderator.ui.app.PICTURE_IDLE`), then waiting to be killed."""


def crash(save: Path, env: dict[str, str]) -> None:
    """Open ``save`` in the app, give one command, wait until the app has kept its
    picture once idle, then kill it (SIGKILL): the save as a crash leaves it."""
    child = subprocess.Popen(
        [sys.executable, str(CRASHING), str(save), "-", "0.3"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    try:
        ready, _, _ = select.select([child.stdout], [], [], 120)
        line = child.stdout.readline() if ready and child.stdout is not None else b""
    finally:
        child.kill()
        _, err = child.communicate()
    if line != b"KEPT\n":
        raise RuntimeError(f"{save}: the app kept no picture before the kill: {err.decode()}")


def play_save(script: Path, save: Path, env: dict[str, str]) -> tuple[float, float]:
    """``moderator play SCRIPT --save SAVE --quiet``, as a banker runs it: its wall and
    CPU seconds (not those of the ``moderator picture`` child it starts apart)."""
    start, before = time.time(), os.times()
    subprocess.run(
        [sys.executable, "-m", "moderator.cli", "play", str(script), "--save", str(save)]
        + ["--quiet"],
        check=True,
        env=env,
        cwd=tempfile.gettempdir(),
        stdin=subprocess.DEVNULL,
    )
    after = os.times()
    cpu = after.children_user + after.children_system
    return time.time() - start, cpu - before.children_user - before.children_system


def spawn_cost(save: Path, env: dict[str, str]) -> tuple[float, float]:
    """What :func:`moderator.picture_apart.leave_picture` costs ``play --save`` (wall and CPU
    milliseconds, medians of 20): the spawn of the child (here for a save that is not
    there, so it stops at once; each is waited for after the measure)."""
    from moderator import picture_apart

    os.environ.update(env)  # the child's environment (no MODERATOR_NO_PICTURE)
    os.environ.pop("MODERATOR_NO_PICTURE", None)
    walls, cpus = [], []
    for _ in range(20):
        wall, cpu = time.perf_counter(), time.process_time()
        pid = picture_apart.leave_picture(save)
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
        if pid is None:
            raise RuntimeError("no child started")
        os.waitpid(pid, 0)
    return statistics.median(walls), statistics.median(cpus)


def picture_left(save: Path, size: tuple[int, int] = (120, 40)) -> None:
    """Wait until the ``moderator picture`` child of ``play --save`` (or of the app's
    quit) has kept the picture of ``save`` as it is now, at ``size``."""
    from moderator.ui.picture import kept_for, save_key

    for _ in range(1200):
        if kept_for(save, size) == save_key(save) is not None:
            return
        time.sleep(0.1)
    raise RuntimeError(f"{save}: no picture from the child of play --save")


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
        name, at, cpu, own = line.split()
        frames[name] = (float(at) - start, float(cpu), float(own))
    frames.setdefault("FRAME", frames["MAIN"] if "MAIN" in frames else (0.0, 0.0, 0.0))
    return frames


KINDS = {
    "picture": "{title}, picture kept at the quit",
    "crash": "{title}, after a crash",
    "play": "{title}, written by play --save",
    "second": "{title}, picture at a second size",
    "no-picture": "{title}, no picture",
    "against": "{title} [{against}]",
}
"""Each moderator child: how its save came to be (see the module docstring)."""
HOWS = ("picture", "crash", "play", "second", "no-picture")


def costs_of(
    folder: str, titles: list[str], env: dict[str, str], play_env: dict[str, str]
) -> tuple[dict[str, list[float]], dict[str, list[tuple[float, float]]], tuple[float, float]]:
    """What keeping the picture costs: the running app's ``keep_picture`` on each title,
    ``play --save`` with and without its picture's child, the child's start alone."""
    # what keeping the picture costs the running app (once idle after a command)
    keep = {}
    for title in titles:
        save = Path(folder) / "picture" / f"{title}.json"
        done = subprocess.run(
            [sys.executable, "-c", KEEP_COST, str(save), "30"],
            capture_output=True,
            text=True,
            env=env,
            cwd=tempfile.gettempdir(),
            check=True,
        )
        keep[title] = [float(x) for x in done.stdout.split()]
    # what starting the picture's child costs play --save (the child waited for after)
    plays: dict[str, list[tuple[float, float]]] = {"with": [], "without": []}
    script = Path(folder) / f"{titles[0]}.script"
    for n in range(3):
        for how in ("with", "without"):
            save = Path(folder) / "plays" / f"{how}-{n}.json"
            save.parent.mkdir(exist_ok=True)
            how_env = play_env if how == "with" else dict(play_env, MODERATOR_NO_PICTURE="1")
            plays[how].append(play_save(script, save, how_env))
            if how == "with":
                picture_left(save)
    spawned = spawn_cost(Path(folder) / "none.json", play_env)
    return keep, plays, spawned


def main() -> None:
    args = sys.argv[1:]
    if {"-h", "--help"} & set(args):
        print(__doc__)
        return
    against = None
    if "--against" in args:
        at = args.index("--against")
        against = str(Path(args[at + 1]).resolve())
        del args[at : at + 2]
    only = None
    if "--kinds" in args:
        at = args.index("--kinds")
        only = args[at + 1].split(",")
        del args[at : at + 2]
    rounds = int(args.pop(0)) if args and args[0].isdigit() else 9
    titles = [t for t in TITLES if not args or t in args]
    env = bytecode_env(cached=True)
    env.pop("MODERATOR_NO_PICTURE", None)
    play_env = dict(env, COLUMNS="120", LINES="40")  # the picture for 120x40
    with tempfile.TemporaryDirectory() as folder:
        kinds: dict[str, tuple[str, list[str], dict[str, str]]] = {
            "minimal Textual app": (MINIMAL, [], env)
        }
        for title in titles:
            game = long_game(title)
            script = Path(folder) / f"{title}.script"
            script.write_text(game.script(), encoding="utf-8")
            hows = [h for h in HOWS if only is None or h in only] + (["against"] if against else [])
            for how in hows:
                save = Path(folder) / how / f"{title}.json"
                save.parent.mkdir(exist_ok=True)
                if how == "play":  # the save and, apart, its picture
                    play_save(script, save, play_env)
                    picture_left(save)
                else:
                    game.save(save)
                kind_env = env if how != "against" else dict(env, PYTHONPATH=against)
                name = KINDS[how].format(title=title, against=Path(against or "").name)
                # the other copy opens its save as the no-picture child does when that
                # is the only kind measured (its picture removed first), else with it
                opened = "no-picture" if how == "against" and only == ["no-picture"] else how
                kinds[name] = (MODERATOR, [str(save), str(save.parent), opened], kind_env)
            game.close()  # it held the last save it wrote
            if "second" in hows:  # shown at 120x40, then at 100x30 with a command
                second_size(Path(folder) / "second" / f"{title}.json", env)
            if "crash" in hows:  # one more command, the picture kept once idle, a kill
                crash(Path(folder) / "crash" / f"{title}.json", env)
        # warm-up; the moderator's app keeps each save's picture as it quits (those of
        # "after a crash" and "play --save" stop as if killed: they keep nothing)
        for code, child_args, kind_env in kinds.values():
            spawn(code, child_args, kind_env)
        for how in ("picture", "crash", "play", "second"):
            for title in titles if only is None or how in only else ():
                kept = Path(folder) / how / f".{title}.json.frame"
                if not kept.is_file():
                    raise RuntimeError(f"no picture for the {title} save ({how})")
        figures: dict[str, dict[str, list[float]]] = {
            k: {
                f: []
                for f in ("wall", "cpu", "wall x", "cpu x", "main cpu", "main cpu x")
                + ("own cpu", "own cpu x")
            }
            for k in kinds
        }
        shown: dict[str, list[bool]] = {k: [] for k in kinds}
        for _ in range(rounds):
            ref_wall = ref_cpu = 1.0
            for kind, (code, child_args, kind_env) in kinds.items():
                if kind != "minimal Textual app":  # each child right after a minimal one
                    ref_wall, ref_cpu, _ = spawn(MINIMAL, [], env)["FRAME"]
                frames = spawn(code, child_args, kind_env)
                wall, cpu, own = frames["FRAME"]
                main_cpu = frames.get("MAIN", (0.0, cpu, own))[1]
                shown[kind].append(frames.get("MAIN") != frames["FRAME"])
                row = figures[kind]
                row["wall"].append(wall)
                row["cpu"].append(cpu)
                row["main cpu"].append(main_cpu)
                row["own cpu"].append(own)
                if kind != "minimal Textual app":
                    row["wall x"].append(wall / ref_wall)
                    row["cpu x"].append(cpu / ref_cpu)
                    row["own cpu x"].append(own / ref_cpu)
                    row["main cpu x"].append(main_cpu / ref_cpu)
        costs = costs_of(folder, titles, env, play_env) if only is None else None
    load = os.getloadavg()
    print(
        f"spawn to the end of the first frame with the game on it, headless 120x40, "
        f"{rounds} rounds in turns; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"
    )
    print(
        f"{'':<44} {'wall':>8} {'paired':>7} {'CPU':>8} {'paired':>7}"
        f" {'main screen CPU':>16} {'paired':>7} picture {'own CPU':>8} {'paired':>7}"
    )
    for kind, row in figures.items():
        med = {k: statistics.median(v) if v else 1.0 for k, v in row.items()}
        pictured = "" if kind == "minimal Textual app" else f"{sum(shown[kind])}/{len(shown[kind])}"
        print(
            f"{kind:<44} {med['wall'] * 1000:6.0f}ms {med['wall x']:6.2f}x "
            f"{med['cpu'] * 1000:6.0f}ms {med['cpu x']:6.2f}x "
            f"{med['main cpu'] * 1000:14.0f}ms {med['main cpu x']:6.2f}x {pictured:>7} "
            f"{med['own cpu'] * 1000:6.0f}ms {med['own cpu x']:6.2f}x"
        )
    if costs is not None:
        keep, plays, spawned = costs
        print("keeping the picture once idle after a command (median of 30, 120x40): wall, CPU")
        for title, (wall, cpu) in keep.items():
            print(f"  {title:<14} {wall:5.2f} ms {cpu:5.2f} ms")
        print(
            f"play --save of {titles[0]}'s 1,000 commands (median of 3): wall, CPU of play itself"
        )
        for how, runs in plays.items():
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            print(f"  {how} the picture's child: {wall * 1000:6.0f} ms {cpu * 1000:6.0f} ms")
        print(
            f"  of which starting the child (picture_apart.leave_picture, median of 20): "
            f"{spawned[0]:.2f} ms wall, {spawned[1]:.2f} ms CPU"
        )


if __name__ == "__main__":
    main()
