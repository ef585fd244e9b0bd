"""The new-game form's 1846 edition box (issue 19.5): F2 or a click ticks it, the
second edition's privates get fields, its removal groups are checked, and the game
starts with ``2e`` in its ``game`` line; cleared, the form is the first edition's."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Input, Static
from ui_helpers import main_screen, running, saved_lines, send_burst

from moderator.game import Game
from moderator.ui.screens.start import NewGameScreen


def form_line(screen: NewGameScreen) -> str:
    """The line under the new-game form."""
    return str(screen.query_one("#new-game-error", Static).render())


async def test_f2_ticks_the_second_edition_and_the_game_starts_with_2e(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "Amy Bob Carlos")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        box = screen.query_one("#option-1846-2e", Checkbox)
        assert box.display and not box.value and not box.can_focus
        assert not screen.query("#pv-row-BT")  # first edition: no Boomtown field
        await pilot.press("f2")  # a burst would type "f2" as text
        await pilot.pause()
        assert box.value
        assert app.focused is screen.query_one("#players")  # F2 leaves the focus alone
        help_text = str(screen.query_one("#setup-help-1846", Static).render())
        assert "blue: MPC SC TBC BT" in help_text and "orange: LSL MC OI LM" in help_text
        assert "3 players remove 2, 3, 3" in help_text  # 2.3; facts §5
        assert (
            "choose 2 more removals from CO ERIE PRR, 3 from MPC SC TBC BT, "
            "3 from LSL MC OI LM (2.3)"
        ) in form_line(screen)
        assert screen.query_one("#pv-row-BT").display and screen.query_one("#pv-row-LM").display
        # the same Tab order as the first edition: removals, then the private fields
        await send_burst(pilot, "tab", "ERIE PRR MPC SC TBC LSL MC OI", "tab")
        chain = [w.id for w in screen.focus_chain]
        assert chain.index("pv-BT") == chain.index("pv-CWI") + 2  # BT after MAIL (TBC etc. out)
        screen.query_one("#pv-BT", Input).value = "Bob"
        screen.query_one("#pv-LM", Input).value = "Carlos 30"
        await send_burst(pilot, "shift+tab", "end")  # a key to refresh the form
        assert "game 1846 Amy Bob Carlos 2e" in form_line(screen)
        await send_burst(pilot, "ctrl+s")
        game = main_screen(app).session.game
        assert game.options == ("2e",) and game.state_json()["edition"] == "2e"
        assert game.path is not None
        lines = saved_lines(game.path)
        assert "private Bob BT" in lines and "private Carlos LM 30" in lines
        assert Game.load(game.path, read_only=True).state_json()["edition"] == "2e"


async def test_cleared_again_the_form_is_the_first_editions(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "Amy Bob Carlos")
        await pilot.press("f2", "f2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        box = screen.query_one("#option-1846-2e", Checkbox)
        assert not box.value
        assert not screen.query_one("#pv-row-BT").display  # mounted once, hidden now
        await pilot.click("#option-1846-2e")  # a click ticks it too
        await pilot.pause()
        assert box.value and screen.query_one("#pv-row-BT").display
        await pilot.press("f2")
        await pilot.pause()
        assert not box.value
        assert (
            "choose 2 more removals from CO ERIE PRR, 2 from MPC SC TBC, 2 from LSL MC OI (2.3)"
        ) in form_line(screen)
        help_text = str(screen.query_one("#setup-help-1846", Static).render())
        assert "BT" not in help_text
        await send_burst(pilot, "tab", "ERIE PRR MC OI SC TBC", "ctrl+s")
        game = main_screen(app).session.game
        assert game.options == () and game.state_json()["edition"] == "1e"
        assert game.path is not None
        assert saved_lines(game.path) == ["remove ERIE PRR MC OI SC TBC"]
