"""The 1830 screen (issue 31.3): the opening sale's panel and keys, a stock turn that
needs no pass after its purchase, the 2-D market with its zones, the D trade-in in the
train list, the new-game form's options and the demo.  Pilot tests on real 1830 games
played from the hand-computed scripts."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog

SCRIPTS = REPO / "tests" / "scripts"
SALE = (SCRIPTS / "1830-opening-sale.script").read_text(encoding="utf-8")
MARKET = (SCRIPTS / "1830-stock-market.script").read_text(encoding="utf-8")
TRAINS = (SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8")


def screen_text(app: object) -> str:
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())  # type: ignore[attr-defined]


async def test_the_sale_panel_shows_the_offer_bids_and_cash_set_aside(saves: Path) -> None:
    """7.1-7.2 on screen: the private on offer and its price, each private's standing bids
    and least bid, what each player's bids set aside and what is free."""
    save_from_script(saves / "g.json", SALE, "buy Bob SV")
    async with running(saves) as (_app, pilot):
        text = screen_text(pilot.app)
        assert "Private companies for sale (7.0-7.3)" in text
        assert "On offer: SV for $20" in text and "Bob to act" in text
        assert "bids: Amy $45 Cy $50 Dee $55" in text and "least bid $60" in text
        assert "Amy $210 ($390 free)" in text


async def test_b_buys_the_private_on_offer_and_an_auction_follows(saves: Path) -> None:
    """``b`` lists the private on offer with its price (the engine's preview); Enter buys
    it, CS's three bidders hold an auction, the lowest (Amy) to act; ``a`` Enter Enter
    raises by the least, ``x`` drops out (7.2)."""
    path = saves / "g.json"
    save_from_script(path, SALE, "buy Bob SV")
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "b")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert "Bob buys SV (Schuylkill Valley), on offer" in dialog.choices[0][0].plain
        await send_burst(pilot, "enter")
        assert saved_lines(path)[-1] == "buy Bob SV"
        assert main_screen(app).session.data["sale"]["contest"] == "CS"
        assert "Auction for CS" in screen_text(app)
        await send_burst(pilot, "a")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [x.player for _, x in dialog.choices] == ["Amy", "Cy"]  # not Dee, the highest
        await send_burst(pilot, "enter")
        assert isinstance(app.screen, AmountDialog)
        await send_burst(pilot, "enter")
        assert saved_lines(path)[-1] == "bid Amy CS 60"
        await send_burst(pilot, "x")  # Cy, now the lowest, drops out
        assert saved_lines(path)[-1] == "pass Cy"


async def test_a_purchase_needs_no_pass_x_passes_the_next_player(saves: Path) -> None:
    """4.0: after Bob's sale and purchase his turn stays open for more sales; ``x`` is
    the next player's pass, which closes it (no pass of Bob's own is typed)."""
    path = saves / "g.json"
    save_from_script(path, MARKET, "buy Cy PRR pool")
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        assert session.data["turn"] == "Bob" and session.data["next_player"] == "Cy"
        await send_burst(pilot, "s")
        sells = app.screen
        assert isinstance(sells, ChoiceDialog)
        # Bob's sales after his purchase, and Cy's (whose line would close Bob's turn)
        assert {x.player for _, x in sells.choices} == {"Bob", "Cy"}
        await send_burst(pilot, "escape", "x")
        assert saved_lines(path)[-1] == "pass Cy"
        assert session.data["turn"] == "Amy"


async def test_the_market_colours_its_zones_and_the_train_list_names_a_trade_in(
    saves: Path,
) -> None:
    """The 2-D market says its zones (10.0); in phase 6 the train list offers a D with a
    4 traded in at $800 (21.0), the engine's preview of the price."""
    save_from_script(saves / "g.json", TRAINS, "train NYC D trade 4")
    async with running(saves) as (app, pilot):
        assert "yellow, orange, brown: zones (10.0)" in screen_text(app)
        await send_burst(pilot, "t")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        labels = [label.plain if hasattr(label, "plain") else label for label, _ in dialog.choices]
        trade = next(x for x in labels if "trading its 4 in" in x)
        assert "NYC buys a D from the bank, trading its 4 in" in trade and "$800" in trade
        # NYC is at its limit of two: the D bought whole is refused and listed last, so the
        # trade-in comes first and `t d` buys it and ends the turn (docs/keys.md)
        assert labels.index(trade) == 0 and "not allowed" in labels[-1]
        path = saves / "g.json"
        await send_burst(pilot, "d")
        assert saved_lines(path)[-2:] == ["train NYC D trade 4", "done NYC"]


async def test_the_demo_plays_and_its_key_opens_it(saves: Path) -> None:
    """``moderator demo 1830``'s game: the start screen's ``r`` opens it at operating round
    2.1 with PRR to act."""
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "r")
        screen = main_screen(app)
        assert screen.session.game.title == "1830"
        assert screen.session.data["turn"] == "PRR"


async def test_a_new_1830_game_from_the_form_with_brownpool(saves: Path) -> None:
    """The new-game form knows 1830 (issue 31.4): 2 to 6 players, its note on the opening
    sale, the options ``brownpool`` and ``sixes3`` as boxes; the game starts in the sale."""
    from textual.widgets import Checkbox, Static

    from moderator.ui.screens.start import NewGameScreen

    def line() -> str:
        return str(pilot.app.screen.query_one("#new-game-error", Static).render())

    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "shift+tab", "enter", "end", "up", "up", "up", "enter")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        box = screen.query_one("#option-1830-brownpool", Checkbox)
        assert box.display and not box.value
        assert screen.query_one("#option-1830-sixes3", Checkbox).display
        await send_burst(pilot, "tab", "Amy")
        assert "1830 is for 2 to 6 players (2.0, Table 3); 1 given" in line()
        await send_burst(pilot, " Bob", "tab", " ")  # Space ticks brownpool
        assert box.value and "game 1830 Amy Bob brownpool" in line()
        await send_burst(pilot, "ctrl+s")
        data = main_screen(app).session.data
        assert (data["title"], data["options"]) == ("1830", ["brownpool"])
        assert data["sale"]["offer"] == {"private": "SV", "price": 20}
        assert "Private companies for sale (7.0-7.3)" in screen_text(app)
