"""Screen captures of the end-of-game screens for the README and docs (not a test).

Plays the shipped 1846 demo (it stops in OR 3.1) into a scratch saves folder,
opens the app at 120×40 and saves, with Textual's ``save_screenshot``:

* ``docs/screenshot-main.svg`` — the main screen in play, the README's picture
  (``tests/test_front_door.py`` renders it again and fails when it is stale);
* ``docs/screenshot-rounds.svg`` — the rounds screen (``g``): price per company
  and value per player over the rounds, drawn with textual-plotext;
* ``docs/screenshot-projection.svg`` — the projection ("spreadsheet it", ``w``)
  with PRR's last run typed as 400 paid half;
* ``docs/screenshot-score.svg`` — the score if the game ended now (``f``).

Run ``.venv/bin/python benchmarks/screenshots.py`` after a change to those screens
and commit the SVGs.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "ui"))

from ui_helpers import save_from_script  # noqa: E402

from moderator.ui.app import ModeratorApp  # noqa: E402

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


def main() -> None:
    """Write every capture into ``docs/``."""
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp) / "saves"
        saves.mkdir()
        demo_save(saves)
        for name, keys in SHOTS.items():
            path = asyncio.run(capture(saves, name, keys, REPO / "docs"))
            print(path.relative_to(REPO))


if __name__ == "__main__":
    main()
