"""The screen captures the README and docs show: the keys that make each, and the capture.

``benchmarks/screenshots.py`` writes them into ``docs/``; ``tests/test_front_door.py``
renders the main screen's again and compares (kept under ``tests/`` so a test may load it
without loading a module of the repository after the suite began, tests/conftest.py).
"""

from __future__ import annotations

from pathlib import Path

from ui_helpers import save_from_script

from moderator.ui.app import ModeratorApp

REPO = Path(__file__).resolve().parents[2]
SIZE = (120, 40)
SHOTS: dict[str, list[str]] = {
    "main": [],
    "rounds": ["g"],
    "projection": [
        "w",
        "down",
        "down",
        "end",
        "backspace",
        "backspace",
        "backspace",
        "4",
        "0",
        "0",
        "h",
    ],
    "score": ["f"],
}
"""Capture name -> the keys pressed on the main screen before it is taken."""


async def capture(saves: Path, name: str, keys: list[str], out: Path) -> Path:
    """Open the app on ``saves``, press ``keys``, save the screen as ``out/screenshot-NAME.svg``."""
    app = ModeratorApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        await pilot.pause()
        app.title = f"moderator — {name}"
        return Path(app.save_screenshot(f"screenshot-{name}.svg", str(out)))


def demo_save(saves: Path) -> Path:
    """The shipped 1846 demo played into ``saves/demo-1846.json`` (it stops in OR 3.1)."""
    demo = (REPO / "moderator" / "demo" / "demo-1846.script").read_text(encoding="utf-8")
    path = saves / "demo-1846.json"
    save_from_script(path, demo).close()
    return path
