"""A key that is no key of a dialog is refused, whatever key it is (sixth keys round).

The fifth round refused the ``ctrl`` keys a dialog has not; every other key no binding
took was still dropped silently, and the keys typed behind it went on: in a list a sign,
a space, a character not ASCII, Tab, Insert or F2 (``b g t . Enter`` and ``b g t Tab
Enter`` bought GT), in an amount Tab, a character not ASCII, Insert or F2 (``e 4 Tab 0
Enter`` spent 40, ``e 4 € 0 Enter`` the same: in 1853 ``r 9 0 Tab 2 0 Enter`` gives the
mail, in 1846 it ran 9020), and in a question Tab (``h ↑ Enter Tab y`` rewound a line).
Now such a key rings, says why, and the keys typed behind it are not used; the dialog
stays open and a key typed after the refusal acts.

The keys are sent as a terminal sends them: the key's name with the character it types
(``full_stop`` and ``.``), which ``ui_helpers.send_burst`` does not do for signs.
"""

from __future__ import annotations

import asyncio
import string
import tempfile
from functools import cache
from pathlib import Path

import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual import events
from textual.keys import _character_to_key, key_to_character
from textual.pilot import Pilot
from ui_helpers import main_screen, rulebook_save, running, saved_lines, settle

from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog, ConfirmDialog

NAMED = {"enter", "escape", "tab", "shift+tab", "up", "insert", "f2"}


async def typed(pilot: Pilot[None], *parts: str) -> None:
    """Send the keys of ``parts`` at once: a named key as itself, any other part a
    character at a time, each with the key name a terminal gives it (``.``: ``full_stop``,
    ``€``: ``euro_sign``)."""
    app = pilot.app
    for part in parts:
        for key in [part] if part in NAMED else [_character_to_key(ch) for ch in part]:
            character = "\r" if key == "enter" else "\x1b" if key == "escape" else None
            event = events.Key(key, character or key_to_character(key))
            event.set_sender(app)
            app.post_message(event)
    await settle(pilot)


@pytest.mark.parametrize(
    ("stop_before", "opener", "stray", "dialog", "then", "given"),
    [
        ("buy Amy GT", ("b", "gt"), ".", ChoiceDialog, ("enter",), "buy Amy GT"),
        ("buy Amy GT", ("b", "gt"), " ", ChoiceDialog, ("enter",), "buy Amy GT"),
        ("buy Amy GT", ("b", "gt"), "tab", ChoiceDialog, ("enter",), "buy Amy GT"),
        ("buy Amy GT", ("b", "gt"), "€", ChoiceDialog, ("enter",), "buy Amy GT"),
        ("buy Amy GT", ("b", "gt"), "f2", ChoiceDialog, ("enter",), "buy Amy GT"),
        ("spend MS 20", ("e", "4"), "tab", AmountDialog, ("0", "enter"), "spend MS 40"),
        ("spend MS 20", ("e", "4"), "shift+tab", AmountDialog, ("0", "enter"), "spend MS 40"),
        ("spend MS 20", ("e", "4"), "€", AmountDialog, ("0", "enter"), "spend MS 40"),
        ("spend MS 20", ("e", "4"), "insert", AmountDialog, ("0", "enter"), "spend MS 40"),
        ("spend MS 20", ("r", "9"), "tab", AmountDialog, ("0", "enter"), "run MS 90"),
    ],
)
async def test_a_key_that_is_no_key_of_a_dialog_refuses_the_keys_behind_it(
    saves: Path,
    stop_before: str,
    opener: tuple[str, ...],
    stray: str,
    dialog: type,
    then: tuple[str, ...],
    given: str,
) -> None:
    path = rulebook_save(saves, stop_before)
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await typed(pilot, *opener, stray, *then)  # the keys behind the stray one: not used
        assert isinstance(app.screen, dialog)
        assert saved_lines(path) == before
        await typed(pilot, *then)  # typed after the refusal: they act
        assert app.screen is main_screen(app)
    after = saved_lines(path)
    assert after[: len(before)] == before and after[len(before)].startswith(given)


async def test_tab_is_no_answer_to_a_question(saves: Path) -> None:
    """``h ↑ Enter Tab y``: the Tab (the screen's move of the focus, which moves nothing in
    a question) let the ``y`` behind it rewind a line; now it is no answer."""
    path = rulebook_save(saves, "# Operating Round 1")
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await typed(pilot, "h", "up", "enter", "tab", "y")
        assert isinstance(app.screen, ConfirmDialog)
        assert saved_lines(path) == before
        await typed(pilot, "n", "escape")
        assert app.screen is main_screen(app)
    assert saved_lines(path) == before


STRAYS = [
    *(ch for ch in string.punctuation if ch != "+"),  # `+` narrows a list (1817's 2+)
    " ",
    "€",
    "§",
    "٣",
    "３",
    "tab",
    "shift+tab",
    "insert",
    "f2",
]
"""Keys that do nothing in a list or an amount (``+`` is a list's key; in an amount it is
refused like the other signs)."""
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]
"""Each example starts the app."""
OPENERS = {
    "buy Amy GT": [("b", "gt"), ("b",), ("b", "ny")],
    "spend MS 20": [("e", "4"), ("r", "9"), ("r",), ("e",)],
}


@cache
def _position(stop_before: str) -> bytes:
    with tempfile.TemporaryDirectory(prefix="round6-") as folder:
        path = rulebook_save(Path(folder), stop_before)
        return path.read_bytes()


@settings(max_examples=examples(8), derandomize=True, deadline=None, suppress_health_check=SLOW)
@given(data=st.data())
def test_a_burst_with_a_stray_key_commits_nothing(data: st.DataObject) -> None:
    """Any dialog a key opens, any key that does nothing in it, then Enter: nothing is
    committed, and the dialog is still open."""
    stop_before = data.draw(st.sampled_from(sorted(OPENERS)), label="position")
    opener = data.draw(st.sampled_from(OPENERS[stop_before]), label="opener")
    stray = data.draw(st.sampled_from(STRAYS), label="stray")

    async def go(saves: Path) -> None:
        path = saves / "rulebook.json"
        path.write_bytes(_position(stop_before))
        before = saved_lines(path)
        async with running(saves) as (app, pilot):
            await typed(pilot, *opener, stray, "enter", "d")
            assert app.screen is not main_screen(app), (opener, stray)
        assert saved_lines(path) == before, (opener, stray)

    with tempfile.TemporaryDirectory(prefix="round6-run-") as folder:
        saves = Path(folder) / "saves"
        saves.mkdir()
        asyncio.run(go(saves))
