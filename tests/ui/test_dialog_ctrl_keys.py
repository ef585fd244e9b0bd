"""A ``ctrl`` key that is no key of a dialog is refused (fifth keys round).

``ctrl+z`` and ``ctrl+y`` (undo, redo), ``ctrl+o`` (the saves) are the main screen's keys:
in a dialog they did nothing and were dropped silently, so the keys typed behind them went
on: ``e 4 0 ctrl+z Enter`` (the spend typed, then an undo) spent 40, ``b ctrl+z Enter``
bought the share highlighted.  Now such a key rings, a toast says so, and the keys typed
behind it are not used; the dialog stays open and a key typed after acts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import main_screen, rulebook_save, running, saved_lines, send_burst

from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog, ConfirmDialog


@pytest.mark.parametrize(
    ("stop_before", "keys", "dialog", "then"),
    [
        ("spend MS 20", ("e", "40", "ctrl+z", "enter"), AmountDialog, "spend MS 40"),
        ("spend MS 20", ("r", "90", "ctrl+y", "enter"), AmountDialog, "run MS 90"),
        ("spend MS 20", ("e", "40", "ctrl+o", "enter"), AmountDialog, "spend MS 40"),
        ("buy Amy GT", ("b", "g", "t", "ctrl+z", "enter"), ChoiceDialog, "buy Amy GT"),
    ],
)
async def test_a_ctrl_key_that_is_no_key_of_a_dialog_refuses_the_keys_behind_it(
    saves: Path, stop_before: str, keys: tuple[str, ...], dialog: type, then: str
) -> None:
    path = rulebook_save(saves, stop_before)
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, *keys)
        assert isinstance(app.screen, dialog)
        assert saved_lines(path) == before
        await send_burst(pilot, "enter")  # typed after the refusal: it confirms
        assert app.screen is main_screen(app)
    after = saved_lines(path)
    assert after[: len(before)] == before and after[len(before)].startswith(then)


async def test_a_ctrl_key_is_no_answer_to_a_question(saves: Path) -> None:
    """``h ↑ Enter ctrl+z y``: History's Enter asks to rewind one line; the ``ctrl+z`` typed
    after it did nothing and the ``y`` typed behind it rewound the game.  Now the ``ctrl+z``
    is no answer: the question says so and the ``y`` is not used; ``n`` typed after it
    closes the question with nothing cut."""
    path = rulebook_save(saves, "# Operating Round 1")
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", "up", "enter", "ctrl+z", "y")
        assert isinstance(app.screen, ConfirmDialog)
        assert saved_lines(path) == before
        await send_burst(pilot, "n", "escape")
        assert app.screen is main_screen(app)
    assert saved_lines(path) == before
