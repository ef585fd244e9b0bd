"""The hunt's bursts on the app's own screens (the start menu, the saves list).

The start menu's letters are each a menu item (``n`` new game, ``d`` the 1846 demo,
``r`` the 1830 demo...).  Any other letter or digit did nothing and the keys typed
behind it acted: a banker who took the menu for his game and typed ``x d`` (a pass,
then a done) or ``z r 9 0 Enter`` opened a demo game with the keys typed for a game
that was not there.  Now such a key rings, a toast names the menu's keys, and the keys
typed behind it are not used, as on every screen over the main one.

Keys typed as the app starts wait for the newest save's game; when it cannot be opened
(another moderator holds it) the start menu comes instead, and those keys were typed
for the game: they are not used there (``e 4 0 Enter`` opened the 1847 AE demo).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_picture import Watched, quit_with_picture
from textual.events import Key
from ui_helpers import SIZE, rulebook_save, running, send_burst, settle

from moderator.game import Game
from moderator.ui.app import ModeratorApp
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


async def test_keys_typed_while_a_held_save_fails_to_open_are_not_used(tmp_path: Path) -> None:
    """The newest save is held by another moderator: the app starts on the start menu
    instead of the game.  ``e 4 0 Enter``, a spend typed as the app started, opened the
    1847 AE demo with the ``e`` (the menu's key for it); the keys typed before the
    refusal was shown were typed for the game, and are not used."""
    saves = tmp_path / "saves"
    saves.mkdir()
    path = saves / "game.json"
    Game.new("1846", ["Amy", "Bob", "Cy"], path=path).close()
    other = Game.load(path)  # another moderator has it open
    try:
        app = ModeratorApp(saves=saves)
        # typed as the app starts: each key is stamped before the app has opened anything
        typed = [Key(key, key if len(key) == 1 else "\r") for key in ("e", "4", "0", "enter")]
        async with app.run_test(size=SIZE) as pilot:
            for event in typed:
                event.set_sender(app)
                app.post_message(event)
            await settle(pilot)
            assert isinstance(app.screen, StartScreen), app.screen
            assert sorted(p.name for p in saves.glob("*.json")) == ["game.json"]
            await send_burst(pilot, "d")  # typed once the menu is shown: it acts
            assert not isinstance(app.screen, StartScreen)
    finally:
        other.close()


async def test_keys_typed_on_the_picture_of_a_held_save_are_not_used(tmp_path: Path) -> None:
    """The same behind the picture shown at start: the keys typed on it wait for the
    game, which another moderator holds; the start menu comes instead, and they are not
    used there (``e`` opened the 1847 AE demo)."""
    saves = tmp_path / "saves"
    path = rulebook_save(saves, "# Stock Round 1")
    await quit_with_picture(saves)
    other = Game.load(path)  # another moderator has it open
    try:
        app = Watched(saves, hold=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert app.shown is not None  # the picture, keys held
            await send_burst(pilot, "e", "4", "0", "enter")
            app.go()
            await settle(pilot)
            assert isinstance(app.screen, StartScreen), app.screen
            assert sorted(p.name for p in saves.glob("*.json")) == [path.name]
    finally:
        other.close()
