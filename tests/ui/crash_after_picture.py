"""A child process for the picture-after-a-crash test and benchmark (issue 41.2): the app
opens ``SAVE`` headless at 120x40, is given ``LINE`` at its main screen's first frame
(as the command bar gives it; ``-``: the first legal line), and once it has kept the
picture of that command (idle for ``IDLE`` seconds), prints ``KEPT`` and waits to be
killed (SIGKILL: the save as a crash leaves it).

Run: ``python tests/ui/crash_after_picture.py SAVE LINE IDLE`` (never imported)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from moderator.ui import app as app_module
from moderator.ui.app import ModeratorApp
from moderator.ui.picture import read_picture
from moderator.ui.screens.main import MainScreen


class Crashing(ModeratorApp):
    """The app, given one command, then killed once its picture is kept."""

    def __init__(self, save: Path, line: str) -> None:
        super().__init__(path=save, saves=save.parent)
        self.save, self.line, self.given = save, line, False

    def _display(self, screen: Any, renderable: Any) -> None:
        super()._display(screen, renderable)
        if isinstance(screen, MainScreen) and renderable is not None and not self.given:
            self.given = True
            self.call_later(self.give, screen)

    def give(self, screen: MainScreen) -> None:
        line = screen.session.legal_lines()[0] if self.line == "-" else self.line
        assert screen.give(line) is None, line
        self.set_interval(0.05, self.watch)

    def watch(self) -> None:
        game = self.open_now
        picture = read_picture(self.save, (120, 40))
        if game is not None and picture is not None and picture.entries == len(game.journal):
            print("KEPT", flush=True)
            time.sleep(600)  # killed here


if __name__ == "__main__":
    app_module.PICTURE_IDLE = float(sys.argv[3])
    Crashing(Path(sys.argv[1]), sys.argv[2]).run(headless=True, size=(120, 40))
