"""The 1889 screen (issue 40): the demo and its key, the new-game form with the
``beginner`` option, the opening sale's panel naming the facts' sections in yen."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import main_screen, running, save_from_script, send_burst

SALE = "game 1889 Amy Bob Cy Dee\nbid Amy ER 45\nbid Bob ER 50\n"


def screen_text(app: object) -> str:
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())  # type: ignore[attr-defined]


async def test_the_demo_plays_and_its_key_opens_it(saves: Path) -> None:
    """``moderator demo 1889``'s game: the start screen's ``k`` opens it at operating round
    2.1 with KO to act."""
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "k")
        screen = main_screen(app)
        assert screen.session.game.title == "1889"
        assert screen.session.data["turn"] == "KO"
        assert "¥" in screen_text(app)


async def test_the_sale_panel_names_the_facts_in_yen(saves: Path) -> None:
    save_from_script(saves / "g.json", SALE)
    async with running(saves) as (app, _pilot):
        text = screen_text(app)
        assert "Private companies for sale (facts §5-facts §5)" not in text
        assert "Private companies for sale (facts §5)" in text
        assert "On offer: TER for ¥20" in text
        assert "bids: Amy ¥45 Bob ¥50" in text


async def test_a_new_1889_beginner_game_from_the_form(saves: Path) -> None:
    """End, Up picks 1889 (18Chesapeake came after it); Space ticks ``beginner``; the
    game starts with the deal, no opening sale."""
    from textual.widgets import Checkbox, Static

    from moderator.ui.screens.start import NewGameScreen

    def line() -> str:
        return str(pilot.app.screen.query_one("#new-game-error", Static).render())

    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "shift+tab", "enter", "end", "up", "up", "enter")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        box = screen.query_one("#option-1889-beginner", Checkbox)
        assert box.display and not box.value
        await send_burst(pilot, "tab", "Amy Bob Cy", "tab", " ")
        assert box.value and "game 1889 Amy Bob Cy beginner" in line()
        await send_burst(pilot, "ctrl+s")
        data = main_screen(app).session.data
        assert (data["title"], data["options"]) == ("1889", ["beginner"])
        assert data["sale"] is None and data["deal"] == ["DR", "SIR", "ER"]


async def test_the_18chesapeake_demo_plays_and_its_key_opens_it(saves: Path) -> None:
    """``moderator demo 18chesapeake``'s game: the start screen's ``c`` opens it at
    operating round 2.1 with PRR to act, C&O drawn for Cornelius Vanderbilt."""
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "c")
        screen = main_screen(app)
        assert screen.session.game.title == "18Chesapeake"
        assert screen.session.data["turn"] == "PRR" and screen.session.data["drawn"] == "CO"


async def test_the_18chesapeake_sale_panel_shows_its_rules(saves: Path) -> None:
    text = "game 18Chesapeake Amy Bob Cy\nvanderbilt CO\nbid Amy CV 205\nbid Bob CV 210\n"
    save_from_script(saves / "g.json", text)
    async with running(saves) as (app, _pilot):
        shown = screen_text(app)
        assert "Private companies for sale (§9.1)" in shown
        assert "On offer: DR for $20" in shown


async def test_a_two_player_18chesapeake_game_from_the_form(saves: Path) -> None:
    """End picks 18Chesapeake; two players: the line under the form names the variant of
    §13 (facts §12), and the game starts with 30% president's certificates but for the
    corporation drawn for Cornelius Vanderbilt."""
    from textual.widgets import Static

    from moderator.ui.screens.start import NewGameScreen

    def line() -> str:
        return str(pilot.app.screen.query_one("#new-game-error", Static).render())

    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "shift+tab", "enter", "end", "up", "enter")
        assert isinstance(app.screen, NewGameScreen)
        await send_burst(pilot, "tab", "Amy Bob Cy")
        assert "Ready" in line() and "30%" not in line()
        await send_burst(pilot, *["backspace"] * 3)
        assert "2 players: 30% president's certificates (§13.1, facts §12)" in line()
        await send_burst(pilot, "ctrl+s")
        data = main_screen(app).session.data
        corps = {x["id"]: x for x in data["companies"] if x["kind"] == "corporation"}
        assert data["title"] == "18Chesapeake" and len(data["players"]) == 2
        drawn = data["drawn"]
        assert {x["president_percent"] for c, x in corps.items() if c != drawn} == {30}
        assert drawn is None or corps[drawn]["president_percent"] == 20


async def test_the_companies_panel_shows_the_shares_out_of_the_game(saves: Path) -> None:
    """18Chesapeake with two players: beside the market's shares, those that left the game
    (§13.3)."""
    from conftest import SCRIPTS

    text = (SCRIPTS / "18chesapeake-two-players.script").read_text(encoding="utf-8")
    save_from_script(saves / "g.json", text.split("pass Amy\n")[0])
    async with running(saves) as (app, _pilot):
        shown = screen_text(app)
        assert "20%, 10% out" in shown  # PRR: 20% in the market, 10% out of the game


async def test_the_bid_dialogs_name_the_titles_own_sale_rule(saves: Path) -> None:
    """``a`` in 1889's opening sale: the list and the amount name facts §5, the sale's rule
    the engine states, not 1830's 7.2 (sixteenth keys round)."""
    save_from_script(saves / "g.json", SALE)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "a")
        text = screen_text(app)
        assert "Bid on which private? (facts §5)" in text and "(7.2)" not in text
        await send_burst(pilot, "enter")
        text = screen_text(app)
        assert "bid on" in text and "(facts §5)" in text and "(7.2)" not in text
