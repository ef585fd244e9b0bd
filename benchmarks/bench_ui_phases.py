"""Where a cold start of the screen goes, in instructions (not a test).

Wall-clock cold starts on a shared machine move by 30% from one minute to the next;
instruction counts do not.  This runs the cold-start child of ``bench_ui.py`` (the
same 1,000-command 1846 save, bytecode cached, the collector held off as the
launcher does, and its frame hook) under ``valgrind --tool=callgrind`` and counts the
instructions of each phase of the start:

* Python and Textual's import;
* the app's own modules and the rules;
* the app starting (its stylesheet, the main screen's modules) up to opening the save;
* reading and checking the save (``load_save``), then replaying it;
* the main screen's first frame; then the legal commands (the footer's keys live);
* quitting (not part of the start, shown for completeness).

A phase ends where the child calls ``os.getppid()``, which nothing else in a start
calls: callgrind's ``--dump-before=getppid`` writes the count so far at each one.
Run ``.venv/bin/python benchmarks/bench_ui_phases.py [--minimal]`` (valgrind must be
installed; about 40 s); ``--minimal`` also counts the reference in the same run:
``bench_first_frame.py``'s minimal Textual app to the end of its first frame, and the
ratio (issue 41.2).  docs/benchmarks.md turns the counts into seconds with a quiet run's
wall-clock figure.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from bench_ui import FRAMES, make_save
from bytecode import bytecode_env

PHASES = (
    "Python and Textual's import",
    "the app's modules and the rules",
    "app start, up to opening the save",
    "reading and checking the save",
    "replaying the save",
    "the rest of opening the save",
    "the main screen's first frame",
    "legal commands, keys live",
    "quitting (after the start)",
)

CHILD = (
    r"""
import gc
gc.disable()  # as moderator.cli._run_tui
import os, sys
from pathlib import Path
import moderator.ui  # the launcher's first import: it sets asyncio up for the screen
from textual.app import App
os.getppid()
from moderator.ui.app import ModeratorApp
import moderator.game as game_module
os.getppid()
"""
    + FRAMES  # bench_ui's frame hook: each frame encoded as for a terminal, as it measures
    + r"""
_load, _load_save = game_module.Game.load.__func__, game_module.load_save
_replay = game_module.Game._replay_save.__func__


def load(cls, *args, **kwargs):
    os.getppid()
    game = _load(cls, *args, **kwargs)
    os.getppid()
    return game


def load_save(path, **kwargs):
    loaded = _load_save(path, **kwargs)
    os.getppid()
    return loaded


def replay(cls, *args, **kwargs):
    game = _replay(cls, *args, **kwargs)
    os.getppid()
    return game


game_module.Game.load = classmethod(load)
game_module.load_save = load_save
game_module.Game._replay_save = classmethod(replay)


class Phases(BenchApp):
    first = False

    def on_frame(self, screen):
        from moderator.ui.screens.main import MainScreen

        if not self.first and isinstance(screen, MainScreen):
            self.first = True
            os.getppid()
            self.set_interval(0.002, self.live)

    def live(self):
        if self.screen.session._legal is not None:
            os.getppid()
            self.exit()


Phases(path=Path(sys.argv[1]), saves=Path(sys.argv[2])).run(headless=True, size=(120, 40))
"""
)


def counted(code: str, *args: str) -> list[int]:
    """Instructions of ``python -c code args...`` under callgrind, between one
    ``os.getppid()`` and the next (the last count runs to the end of the process)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--dump-before=getppid",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                code,
                *args,
            ],
            env=bytecode_env(True),
            check=True,
            capture_output=True,
        )
        dumps = sorted(Path(tmp).glob("cg.out.*"), key=lambda p: int(p.suffix[1:]))
        counts = []
        for dump in [*dumps, out]:
            line = next(
                ln for ln in dump.read_text().splitlines() if ln.startswith(("summary:", "totals:"))
            )
            counts.append(int(line.split()[1]))
    return counts


def phases(save: Path) -> list[int]:
    """Instructions of each of :data:`PHASES`."""
    counts = counted(CHILD, str(save), str(save.parent))
    if len(counts) != len(PHASES):
        raise RuntimeError(f"{len(counts)} phases counted, {len(PHASES)} expected")
    return counts


def minimal_count() -> int:
    """Instructions of ``bench_first_frame.py``'s minimal Textual app (one ``Static``,
    headless 120x40, each frame encoded for a terminal) to the end of its first frame
    that would reach the terminal: the reference, counted in the same run."""
    from bench_first_frame import MINIMAL

    mark = "            own, times = time.process_time(), os.times()"
    if mark not in MINIMAL:
        raise RuntimeError("bench_first_frame's frame hook changed: no place for the mark")
    return counted(MINIMAL.replace(mark, "            os.getppid()\n" + mark))[0]


def main() -> None:
    """Print the instructions of each phase, and to the first frame and to live keys."""
    if {"-h", "--help"} & set(sys.argv[1:]):
        print(__doc__)
        return
    with tempfile.TemporaryDirectory() as tmp:
        save, _ = make_save(Path(tmp))
        counts = phases(save)
    for name, count in zip(PHASES, counts, strict=True):
        print(f"{name:40} {count / 1e6:8.1f} M")
    first = PHASES.index("the main screen's first frame") + 1
    print(f"{'to the first frame of the main screen':40} {sum(counts[:first]) / 1e6:8.1f} M")
    print(f"{'to live keys':40} {sum(counts[: first + 1]) / 1e6:8.1f} M")
    if "--minimal" in sys.argv[1:]:
        reference = minimal_count()
        print(f"{'minimal Textual app, first frame':40} {reference / 1e6:8.1f} M")
        ratio = sum(counts[:first]) / reference
        print(f"{'first frame of the main screen / minimal':40} {ratio:8.2f}")


if __name__ == "__main__":
    main()
