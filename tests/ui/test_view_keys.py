"""The screens that show the game over the main one take their keys as a language too
(fifth keys round).

Help (``F1``), the score (``f``), the projection (``w``), the rounds (``g``), sharing
(``ctrl+t``) and the what-if comparison (``o`` in a sandbox) ignored a letter, a digit
or a ``ctrl`` key that is no key of theirs, so the keys typed behind it went on:
``F1 z Esc e 4 0 Enter`` closed the help and spent 40, although the ``z`` the banker
typed did nothing.  Now such a key is refused (a bell, a toast naming the screen's keys)
and the keys typed behind it are not used, as in History and the saves list; a key typed
after the refusal acts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input
from ui_helpers import main_screen, rulebook_save, running, saved_lines, send_burst

from moderator.ui.screens.charts import RoundsScreen
from moderator.ui.screens.checker import CheckerDialog
from moderator.ui.screens.help import HelpScreen
from moderator.ui.screens.project import ProjectionScreen
from moderator.ui.screens.sandbox import SandboxScreen, WhatIfScreen
from moderator.ui.screens.score import ScoreScreen
from moderator.ui.screens.sharing import SharingScreen

VIEWS = [
    (("f1",), HelpScreen, "z"),
    (("f",), ScoreScreen, "k"),
    (("w",), ProjectionScreen, "q"),
    (("g",), RoundsScreen, "z"),
    (("g",), RoundsScreen, "7"),
    (("ctrl+t",), SharingScreen, "z"),
    (("o", "o"), WhatIfScreen, "z"),
    (("f",), ScoreScreen, "ctrl+z"),
    (("f1",), HelpScreen, "ctrl+y"),
    (("c",), CheckerDialog, "ctrl+z"),
]


@pytest.mark.parametrize(("opener", "screen", "stray"), VIEWS)
async def test_a_key_that_is_no_key_of_a_view_refuses_the_keys_behind_it(
    saves: Path, opener: tuple[str, ...], screen: type, stray: str
) -> None:
    path = rulebook_save(saves, "# Operating Round 1")
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, *opener, stray, "escape", "e40", "enter")
        assert isinstance(app.screen, screen)
        assert saved_lines(path) == before
        await send_burst(pilot, "escape")  # typed after the refusal: it closes the view
        assert not isinstance(app.screen, screen)
        if isinstance(app.screen, SandboxScreen):
            await send_burst(pilot, "o", "x", "y")
        assert app.screen is main_screen(app)
    assert saved_lines(path) == before


async def test_letters_and_digits_are_the_checkers_line(saves: Path) -> None:
    """The checker's line takes letters and digits: they are no stray keys there."""
    rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "c", "run MS 90")
        view = app.screen
        assert isinstance(view, CheckerDialog)
        assert view.query_one("#checker-input", Input).value == "run MS 90"


async def test_a_digit_still_edits_the_projection(saves: Path) -> None:
    """The projection's revenue cells take digits: a digit there is no stray key."""
    rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "w")
        view = app.screen
        assert isinstance(view, ProjectionScreen)
        assert view.take_dimmed_key("5") == ""
