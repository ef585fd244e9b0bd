"""What one start of the app costs a UI test, in CPU (issue 41; not a test).

Run: ``.venv/bin/python benchmarks/bench_test_start.py [ROUNDS]`` (three rounds by
default).  Each title's demo game (1846, 1830, 1817) is played into a
save, then the app is started on it as ``tests/ui/ui_helpers.running`` starts it
(``App.run_test`` at 120x40, one pause), settled (``ui_helpers.settle``) and shut down,
twenty times in a row after one start to warm up; the CPU time per start (the median of
the rounds) is printed beside a minimal Textual app (one ``Static``) started the same way
in the same rounds, the reference.  The save's picture is removed before each start, as
a test's fresh save has none.

Each case is measured twice in each round, one right after the other: without the memo
of Textual's parsed stylesheet sources that ``tests/conftest.py`` installs for the test
run (every app parsed the same sources again: the tests before it) and with it (now).
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
sys.path += [str(ROOT / "tests"), str(ROOT / "tests" / "ui")]
os.environ["MODERATOR_NO_PICTURE"] = "1"  # as the tests run: no picture drawn apart

import conftest  # noqa: E402  (the tests' set-up, with its memo of parsed styles)
from textual.app import App, ComposeResult  # noqa: E402
from textual.css.stylesheet import Stylesheet  # noqa: E402
from textual.widgets import Static  # noqa: E402
from ui_helpers import running, save_from_script, settle  # noqa: E402

from moderator.saves_index import DEMO_SCRIPTS, demo_script  # noqa: E402
from moderator.ui.picture import forget_picture  # noqa: E402

TITLES = ("1846", "1830", "1817")
STARTS = 20


class Minimal(App[None]):
    """The reference: a Textual app of one ``Static``."""

    def compose(self) -> ComposeResult:
        yield Static("hello")


async def _start_minimal() -> None:
    async with Minimal().run_test(size=(120, 40)) as pilot:
        await pilot.pause()


def _cpu_per_start(start: object) -> float:
    """Milliseconds of CPU per start of ``start`` (a coroutine function), after one."""

    async def starts() -> None:
        for _ in range(STARTS):
            await start()  # type: ignore[operator]

    asyncio.run(start())  # type: ignore[operator]
    gc.collect()
    before = time.process_time()
    asyncio.run(starts())
    return (time.process_time() - before) / STARTS * 1000


def main() -> None:
    """Print the CPU per start of each title's demo and of the minimal app."""
    rounds = int(sys.argv[1]) if sys.argv[1:] else 3
    saves = {}
    for title in TITLES:
        folder = Path(tempfile.mkdtemp(prefix=f"start-{title}-"))
        save_from_script(folder / "g.json", demo_script(DEMO_SCRIPTS[title])).close()
        saves[title] = folder
    cases = {"minimal Textual app": _start_minimal}
    for title, folder in saves.items():

        async def start(folder: Path = folder) -> None:
            forget_picture(folder / "g.json")
            async with running(folder) as (_app, pilot):
                await settle(pilot)

        cases[f"{title} demo"] = start
    parsers = {"before": conftest._parse_rules, "now": conftest._parse_rules_once}
    figures = {(name, when): [] for name in cases for when in parsers}
    for _ in range(rounds):
        for name, start in cases.items():
            for when, parser in parsers.items():
                Stylesheet._parse_rules = parser  # type: ignore[method-assign]
                figures[name, when].append(_cpu_per_start(start))
    print(f"CPU per start, median of {rounds} rounds: before (each app parses) / now (memo)")
    for name in cases:
        before, now = (statistics.median(figures[name, when]) for when in parsers)
        print(f"{name}: {before:.1f} ms / {now:.1f} ms ({now / before - 1:+.0%})")


if __name__ == "__main__":
    main()
