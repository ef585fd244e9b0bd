"""A save written by today's moderator, with the picture kept beside it at one terminal
size, opened by today's reader at another size: the picture is not shown (it was drawn
for another size), the save opens as it always did, and the picture kept at the quit is
the new size's."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import Screen
from ui_helpers import SIZE, main_screen, rulebook_save, settle

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
    assert read_picture(path, other) is not None and read_picture(path, SIZE) is None
    back = await _open_and_quit(saves, other)
    assert back.pictured, "the new size's picture is shown at the next opening"
