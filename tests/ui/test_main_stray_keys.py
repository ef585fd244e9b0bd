"""A letter, a digit or a ``ctrl`` key that is no key of the main screen is refused
(fifth keys round).

It went to the log and did nothing, so the keys typed behind it acted: ``z e 4 0 Enter``
spent 40, and a ``y`` typed ahead for a question that never came let the keys behind it
act.  Now it rings, a toast says it is no key here, and the keys typed behind it are not
used; a key typed after the toast acts as usual.  Typed in the command bar it is text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import main_screen, rulebook_save, running, saved_lines, send_burst


@pytest.mark.parametrize("stray", ["z", "y", "5", "Z", "ctrl+b"])
async def test_a_key_that_is_no_key_of_the_main_screen_refuses_the_keys_behind_it(
    saves: Path, stray: str
) -> None:
    path = rulebook_save(saves, "spend MS 20")
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, stray, "e40", "enter")
        assert app.screen is main_screen(app) and saved_lines(path) == before
        await send_burst(pilot, "e40", "enter")  # typed after the toast: as usual
    assert saved_lines(path)[len(before) :] == ["spend MS 40"]


async def test_in_the_command_bar_it_is_text(saves: Path) -> None:
    path = rulebook_save(saves, "spend MS 20")
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, ":", "spend MS 40", "enter")
        assert main_screen(app).bar.input.value == ""
    assert saved_lines(path)[len(before) :] == ["spend MS 40"]
