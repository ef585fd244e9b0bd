"""Eighth keys round (1830, 1889, 18Chesapeake, 1817): a burst commits what it spells or
nothing, in every position, whatever the players are called.

* The main screen dropped a sign, a space, a character not ASCII, Insert, Delete,
  Backspace, F2 and a shifted arrow silently, so the keys typed behind them acted: ``. e 4
  0 Enter`` and ``Space e 4 0 Enter`` spent 40 (only a letter, a digit or a ``ctrl`` key
  was refused).  Now each rings, a toast names it, and the keys typed behind it are not
  used; a key typed after the toast acts as usual.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bursting import key_event, settle
from positions import Cut, save_at
from textual.pilot import Pilot
from ui_helpers import main_screen, running, saved_lines

CPR_SPENDS = Cut("1830", 1, 35)
"""1830 (seed 1) in OR 1.1, CPR to act: a spend is legal."""


async def type_at_once(pilot: Pilot[None], *keys: str) -> None:
    """Post Textual's key names all at once (a terminal's burst), then settle."""
    app = pilot.app
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app.post_message(event)
    await settle(pilot)


SPEND = ("e", "4", "0", "enter")


@pytest.mark.parametrize(
    "stray", ["full_stop", "space", "plus", "euro_sign", "backspace", "insert", "f2", "shift+up"]
)
async def test_a_sign_or_a_named_key_that_is_no_key_of_the_main_screen_is_refused(
    tmp_path: Path, stray: str
) -> None:
    path = save_at(CPR_SPENDS, tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await type_at_once(pilot, stray, *SPEND)
        assert app.screen is main_screen(app) and saved_lines(path) == before
        said = [n.message for n in app._notifications]
        assert any("is no key here" in m for m in said), said
        await type_at_once(pilot, *SPEND)  # typed after the toast: as usual
    assert saved_lines(path)[len(before) :] == ["spend CPR 40"]
