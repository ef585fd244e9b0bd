"""The hunt's bursts on the app's own screens (the start menu, the saves list).

The start menu's letters are each a menu item (``n`` new game, ``d`` the 1846 demo,
``r`` the 1830 demo...).  Any other letter or digit did nothing and the keys typed
behind it acted: a banker who took the menu for his game and typed ``x d`` (a pass,
then a done) or ``z r 9 0 Enter`` opened a demo game with the keys typed for a game
that was not there.  Now such a key rings, a toast names the menu's keys, and the keys
typed behind it are not used, as on every screen over the main one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import running, send_burst

from moderator.ui.screens.start import StartScreen


@pytest.mark.parametrize("burst", [("x", "d"), ("z", "r", "9", "0", "enter"), ("5", "e")])
async def test_a_key_the_start_menu_lacks_drops_the_keys_behind_it(
    tmp_path: Path, burst: tuple[str, ...]
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    async with running(saves) as (app, pilot):
        assert isinstance(app.screen, StartScreen)
        await send_burst(pilot, *burst)
        assert isinstance(app.screen, StartScreen), app.screen
        assert not list(saves.glob("*.json")), "a demo was opened by keys typed behind a stray"
        # a key typed once the refusal is shown acts as usual
        await send_burst(pilot, "d")
        assert not isinstance(app.screen, StartScreen)
        assert list(saves.glob("*.json"))
