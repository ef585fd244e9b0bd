"""1846's header reconciles its checksum: ``✓ $12,000`` is all the money of the game (the
bank, the players, the companies and the $500s kept in the box, 2.2), and the header says
the box beside the bank (``Bank $5,300 + box $5,500``), so the players can add the figures
on the screen up to it; once the box has come into the bank (10.1) it is not said."""

from __future__ import annotations

from typing import Any

from conftest import SCRIPTS, play
from textual.app import App, ComposeResult

from moderator.game import Game
from moderator.ui.widgets.panels import StatusBar


class Header(App[None]):
    """The status bar alone."""

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")


async def header_of(data: dict[str, Any]) -> str:
    app = Header()
    async with app.run_test(size=(200, 4)) as pilot:
        bar = app.query_one(StatusBar)
        bar.show(data, set(), "$")
        await pilot.pause()
        return str(bar.build().plain)


def on_screen(data: dict[str, Any]) -> int:
    """The players' and companies' cash, as their panels show it."""
    return sum(p["cash"] for p in data["players"]) + sum(c["cash"] for c in data["companies"])


async def test_the_box_is_said_beside_the_bank_and_the_figures_add_up() -> None:
    data = Game.new("1846", ["Amy", "Bob", "Cat"]).state_json()
    bank, box = data["bank"]["cash"], data["bank"]["reserve"]
    assert (bank, box) == (5300, 5500)  # $12,000 less eleven $500s (2.2), less 3 x $400
    line = await header_of(data)
    assert "Bank $5,300 + box $5,500" in line and "✓ $12,000" in line
    assert bank + box + on_screen(data) == data["starting_total"] == 12000


async def test_no_box_once_it_came_into_the_bank() -> None:
    game = play((SCRIPTS / "1846-bank-breaks.script").read_text(encoding="utf-8"))
    data = game.state_json()
    assert data["bank"]["broken"] and not data["bank"]["reserve"]
    line = await header_of(data)
    assert "box" not in line and "Bank " in line
