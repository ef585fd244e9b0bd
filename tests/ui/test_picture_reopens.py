"""Saves written by today's moderator reopen with their picture (``.NAME.json.frame``):

* kept at one terminal size and opened at another, the picture is not shown (it was drawn
  for another size), the save opens as it always did, and the picture kept at the quit is
  the new size's, beside the first size's: each size then opens on its own;
* a game of the longest names the writer accepts (40 characters: astral, combining, right
  to left, wide) keeps its picture at the quit and opens on it, with no warning."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import Screen
from ui_helpers import SIZE, main_screen, rulebook_save, settle

from moderator.game import Game
from moderator.saves_index import DEMO_SCRIPTS, demo_script
from moderator.ui.app import ModeratorApp
from moderator.ui.picture import read_picture
from moderator.ui.screens.main import MainScreen


class Noting(ModeratorApp):
    """The app, noting whether it showed a picture."""

    pictured = False

    def _open_pictured(self, screen: Screen) -> None:
        self.pictured = True
        super()._open_pictured(screen)


async def _open_and_quit(saves: Path, size: tuple[int, int]) -> Noting:
    app = Noting(saves=saves)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert main_screen(app).session.game.journal[-1].line == "done GT"
        assert [n for n in app._notifications if n.severity != "information"] == []
        await pilot.press("ctrl+q")
    return app


@pytest.mark.parametrize("other", [(80, 24), (160, 50)])
async def test_a_picture_of_another_size_is_passed_over(
    saves: Path, other: tuple[int, int]
) -> None:
    path = rulebook_save(saves, "# Stock Round 2")
    first = await _open_and_quit(saves, SIZE)
    assert read_picture(path, SIZE) is not None, "kept at the quit"
    assert not first.pictured
    again = await _open_and_quit(saves, other)
    assert not again.pictured, "a picture of another size is never shown"
    assert read_picture(path, other) is not None and read_picture(path, SIZE) is not None
    back = await _open_and_quit(saves, other)
    assert back.pictured, "the new size's picture is shown at the next opening"
    first_again = await _open_and_quit(saves, SIZE)
    assert first_again.pictured, "and the first size's, kept beside it"


NAMES = [
    "\U0001f600" * 39 + "0",
    "e\u0301" * 19 + "x1",
    "\u05d0\u05d1" * 19 + "Z2",
    "山" * 39 + "3",
]


async def test_the_longest_names_keep_and_show_their_picture(saves: Path) -> None:
    lines = demo_script(DEMO_SCRIPTS["1846"]).splitlines()
    words = next(x for x in lines if x.startswith("game ")).split()[1:]
    players = Game.new(words[0], words[1:]).players
    names = dict(zip(players, NAMES, strict=True))
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "long.json"
    game = Game.new(words[0], [names.get(w, w) for w in words[1:]], path=path)
    for line in lines[:60]:
        if line.strip() and not line.startswith(("#", "game ", "expect ")):
            said = " ".join(f'"{names[w]}"' if w in names else w for w in line.split())
            assert game.execute(said).ok, line
    game.close()
    for pictured in (False, True):
        app = Noting(saves=saves)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, MainScreen) and app.pictured is pictured
            assert [n for n in app._notifications if n.severity != "information"] == []
            await pilot.press("ctrl+q")
        assert read_picture(path, SIZE) is not None
