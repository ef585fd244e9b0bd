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
# ui_helpers reads conftest; appended, after the packages (tests/rulesets is no package)
sys.path.append(str(REPO / "tests"))

from shots import SHOTS, capture, demo_save  # noqa: E402


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
