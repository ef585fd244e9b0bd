"""UI speed measurements (not tests): cold start and keystroke-to-screen.

The game is a real one: ``simulate(6, 4, max_commands=1000, revenue_scale=0.3)``,
a random legal 1846 game with 1,000 journalled commands (no filler).  The
commands the same simulation plays next are the ones the benchmark types.

* **cold start**: a fresh Python process imports the app, opens the save and
  draws the main screen; measured from spawning the process to the end of the
  first frame of the main screen (and, reported apart, to the moment the
  legal commands are known and the footer's keys are live).  Taken twice: with the
  project's bytecode cached (every start after the first, on a normal install) and
  without it (the first start, or ``PYTHONDONTWRITEBYTECODE`` set, as in this sandbox).
* **keystroke to updated screen**: in-process, from handing a key to the app
  (as the terminal driver does) to the end of the last frame the key causes.
  The Pilot's own waiting is not counted: the end is the time stamp of the
  last frame, taken inside :meth:`App._display`.

* **keys that change the round**: the same measure for the keys after which
  another round's keys are shown: undo and redo across the boundary between
  a stock round and an operating round, and the typed command (Enter) that
  ends a stock round, each repeated :data:`ROUND_TRIPS` times at the first
  round boundary of the typed commands.  Reported with the number of frames
  each key caused.

Frames are headless, so nothing reaches a terminal; to count the cost of
encoding a frame for the terminal all the same, each frame's update is
turned into its escape sequences (``render_segments``) and thrown away.

Targets (2 cores): cold start to a usable screen <= 0.4 s with the bytecode cached (issue
21.4; the project's first target was 0.6 s), keystroke < 50 ms.  Run
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

from bytecode import bytecode_env

from moderator.game import Game
from moderator.simulate import simulate

JOURNAL = 1000
SEED, PLAYERS, SCALE = 6, 4, 0.3
TYPED_COMMANDS = 6
"""Commands typed character by character (the others are pasted, then Enter)."""
ROUND_TRIPS = 10
"""Times each key that changes the round is measured."""
ROUND_KINDS = (
    "round change: undo",
    "round change: redo",
    "round change: command (Enter)",
    "round change: command (dialog, Enter)",
)
"""The keys after which the footer shows another round's keys."""
KEY_OF_VERB = {"pass": "x", "done": "d", "par": "p", "buy": "b", "sell": "s"}
"""The main screen's dialog key for the command that ends the round."""

FRAMES = r'''
import time
from moderator.ui.app import ModeratorApp  # first, as the launcher (moderator.ui sets asyncio up)
from textual._compositor import CompositorUpdate


class BenchApp(ModeratorApp):
    """Records the end time of every frame (and encodes it as a terminal would)."""

    frames: list[float] = []

    def _display(self, screen, renderable) -> None:
        super()._display(screen, renderable)
        if renderable is None:
            return
        if isinstance(renderable, CompositorUpdate):
            renderable.render_segments(self.console)
        self.frames.append(time.perf_counter())
        self.on_frame(screen)

    def on_frame(self, screen) -> None:
        """Hook for the cold-start child."""
'''

CHILD = (
    "import gc\ngc.disable()  # as moderator.cli._run_tui: no collection until the first frame\n"
    + FRAMES
    + r"""
import os, sys
from pathlib import Path


class ColdStart(BenchApp):
    first: float | None = None

    def on_frame(self, screen) -> None:
        from moderator.ui.screens.main import MainScreen

        if self.first is None and isinstance(screen, MainScreen):
            self.first = time.time()
            self.set_interval(0.002, self.live)

    def live(self) -> None:
        screen = self.screen
        if screen.session._legal is not None:
            os.write(1, f"READY {self.first} {time.time()}\n".encode())
            self.exit()


ColdStart(path=Path(sys.argv[1]), saves=Path(sys.argv[2])).run(headless=True, size=(120, 40))
"""
)


def make_save(folder: Path) -> tuple[Path, list[str]]:
    """The 1,000-command save and the lines the simulation plays after it."""
    game = simulate(SEED, PLAYERS, max_commands=JOURNAL, revenue_scale=SCALE)
    assert len(game.journal) == JOURNAL and not game.state.ended
    longer = simulate(SEED, PLAYERS, max_commands=JOURNAL + 100, revenue_scale=SCALE)
    lines = [entry.line for entry in longer.journal]
    assert lines[:JOURNAL] == [entry.line for entry in game.journal]
    path = folder / "bench.json"
    game.save(path)
    return path, lines[JOURNAL:]


def cold_start(
    path: Path, runs: int = 7, *, cached: bool = True
) -> tuple[list[float], list[float]]:
    """Seconds from spawning the process to the first frame, and to live keys."""
    first, live = [], []
    env = bytecode_env(cached)
    for _ in range(runs):
        start = time.time()
        proc = subprocess.run(
            [sys.executable, "-c", CHILD, str(path), str(path.parent)],
            capture_output=True,
            text=True,
            env=env,
        )
        if proc.returncode:
            raise RuntimeError(proc.stderr)
        line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("READY"))
        _, a, b = line.split()
        first.append(float(a) - start)
        live.append(float(b) - start)
    return first, live


async def keystrokes(path: Path, lines: list[str]) -> dict[str, list[float]]:
    """Seconds from a key reaching the app to the end of the last frame it causes."""
    namespace: dict[str, object] = {}
    exec(FRAMES, namespace)  # noqa: S102 - the same frame hook as the cold-start child
    bench_app = namespace["BenchApp"]
    from moderator.ui.screens.main import MainScreen

    app = bench_app(path=path, saves=path.parent)  # type: ignore[operator]
    out: dict[str, list[float]] = {
        "command (Enter)": [],
        "typing a character": [],
        "undo (ctrl+z)": [],
    }
    out.update({kind: [] for kind in ROUND_KINDS})
    out.update(
        {
            "command bar: open (:)": [],
            "command bar: leave (Esc), other round's keys": [],
            "dialog: Esc (closed, no command)": [],
        }
    )
    frame_counts: dict[str, list[int]] = {kind: [] for kind in out}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, MainScreen)
        screen.bar.input.cursor_blink = False

        async def timed(key: str, kind: str, settle: int = 2) -> None:
            frames = app.frames
            start = time.perf_counter()
            await pilot.press(key)
            for _ in range(settle):
                await pilot.pause()
            after = [t for t in frames if t > start]
            if not after:
                raise AssertionError(f"{key!r} drew nothing")
            out[kind].append(after[-1] - start)
            frame_counts[kind].append(len(after))

        def round_kind() -> str:
            return screen.session.round_kind

        await pilot.press("colon")
        for n, line in enumerate(lines):
            if n < TYPED_COMMANDS:
                for ch in line:
                    await timed("space" if ch == " " else ch, "typing a character")
            else:
                screen.bar.input.value = line
                await pilot.pause()
            await timed("enter", "command (Enter)")
            assert screen.session.game.journal[-1].line == line, screen.bar.verdict_text.plain
        await pilot.press("escape")
        for _ in lines:
            await timed("ctrl+z", "undo (ctrl+z)")
        assert len(screen.session.game.journal) == JOURNAL
        # keys that change the round, at the first boundary among the typed commands
        kinds = [round_kind()]
        for _ in lines:
            await pilot.press("ctrl+y")
            await pilot.pause()
            kinds.append(round_kind())
        cross = next(n for n in range(len(lines)) if kinds[n + 1] != kinds[n])
        for _ in range(len(lines) - cross):
            await pilot.press("ctrl+z")
            await pilot.pause()
        assert len(screen.session.game.journal) == JOURNAL + cross
        for _ in range(ROUND_TRIPS):
            await timed("ctrl+y", "round change: redo", settle=4)
            assert round_kind() == kinds[cross + 1]
            await timed("ctrl+z", "round change: undo", settle=4)
            assert round_kind() == kinds[cross]
            # from the command bar: its keys stay until the bar is left
            await timed("colon", "command bar: open (:)", settle=4)
            screen.bar.input.value = lines[cross]
            await pilot.pause()
            await timed("enter", "round change: command (Enter)", settle=4)
            assert round_kind() == kinds[cross + 1], screen.bar.verdict_text.plain
            await timed("escape", "command bar: leave (Esc), other round's keys", settle=4)
            await timed("ctrl+z", "round change: undo", settle=4)
            assert round_kind() == kinds[cross]
            # from the board: a dialog opened and closed with Esc (closing a dialog
            # costs this much without any command: the list of legal commands, which
            # always has several), then the command's own key: a dialog and Enter on
            # the choice, or, with one legal choice, the key gives it at once
            await pilot.press("l")
            await pilot.pause()
            assert screen.app.screen is not screen
            await timed("escape", "dialog: Esc (closed, no command)", settle=4)
            key = KEY_OF_VERB[lines[cross].split()[0]]
            await pilot.press(key)
            await pilot.pause()
            if screen.app.screen is not screen:
                await timed("enter", "round change: command (dialog, Enter)", settle=4)
            else:
                await pilot.press("ctrl+z")
                await pilot.pause()
                await timed(key, "round change: command (dialog, Enter)", settle=4)
            assert round_kind() == kinds[cross + 1]
            await timed("ctrl+z", "round change: undo", settle=4)
            assert round_kind() == kinds[cross]
    out.update(
        {f"frames: {kind}": [float(n) for n in counts] for kind, counts in frame_counts.items()}
    )
    return out


def main() -> None:
    """Print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        path, lines = make_save(Path(tmp))
        print(
            f"save: {len(Game.load(path).journal)} journal entries (simulated 1846, seed "
            f"{SEED}); then {len(lines)} commands typed"
        )
        for cached, how in ((True, "bytecode cached"), (False, "no bytecode cache")):
            first, live = cold_start(path, cached=cached)
            print(
                f"cold start ({how}) to the first frame of the main screen: median "
                f"{statistics.median(first):.3f} s (max {max(first):.3f}; target <= 0.4 s "
                f"cached, issue 21.4)"
            )
            print(
                f"cold start ({how}) to live keys (legal commands known): median "
                f"{statistics.median(live):.3f} s (max {max(live):.3f})"
            )
        keys = asyncio.run(keystrokes(path, lines))
        for kind, times in keys.items():
            if kind.startswith("frames: "):
                continue
            frames = keys[f"frames: {kind}"]
            print(
                f"keystroke to updated screen, {kind}: median "
                f"{statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
                f"({len(times)} keys, {statistics.median(frames):g} frames each (median), "
                f"max {max(frames):g}; target < 50 ms)"
            )
        crossing = [t for kind in ROUND_KINDS for t in keys[kind]]
        print(
            f"keystroke to updated screen, every key that changes the round: median "
            f"{statistics.median(crossing) * 1000:.1f} ms, max {max(crossing) * 1000:.1f} ms "
            f"({len(crossing)} keys; target < 50 ms)"
        )


if __name__ == "__main__":
    main()
