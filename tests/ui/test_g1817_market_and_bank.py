"""1817 as players read it: each marker on its own market space, the bank's checksum.

A one-row market whose spaces share a value shows each marker on its own space.

1817's market begins with four $0 spaces: the liquidation space and three acquisition
spaces (facts §7).  The panel and the players' page stacked markers by value, so a
corporation in the acquisition zone stood under all four, the liquidation space too.
They are placed by the space now (the state JSON's ``by_index``), and each zone space
is marked with its letter (``L $0``, ``A $0``), said under the panel.  The header's
checksum of an unlimited bank says the money in play, not ``✓ $0``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult

from moderator.game import Game
from moderator.market import linear_stack
from moderator.script import parse_script
from moderator.ui.widgets.panels import MarketPanel, StatusBar
from moderator.web.view import _market

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "1817-zone-loans.script"


def zone_state() -> dict[str, Any]:
    """The state JSON at the end of the script: GT on the second acquisition space."""
    game: Game | None = None
    for line in parse_script(SCRIPT.read_text(encoding="utf-8")):
        if game is None:
            game = Game.from_command(line.command)
        elif line.command.kind != "expect":
            assert game.execute(line.command).ok
    assert game is not None
    return game.state_json()


class Board(App[None]):
    """The market panel alone."""

    def compose(self) -> ComposeResult:
        yield MarketPanel(id="market", title="Stock market")


async def test_a_marker_in_the_acquisition_zone_is_on_its_own_space() -> None:
    data = zone_state()
    market = data["market"]
    assert market["values"][:4] == [0, 0, 0, 0] and market["stacks"]["0"] == ["GT"]
    assert [linear_stack(market, i) for i in range(4)] == [[], [], ["GT"], []]
    app = Board()
    async with app.run_test(size=(120, 12)) as pilot:
        panel = app.query_one(MarketPanel)
        panel.show(data, set(), "$")
        await pilot.pause()
        lines = [s.text for s in app.screen._compositor.render_strips()]
        head = next(line for line in lines if "L $0" in line)
        words = [w for w in head.split() if w != "│"]
        assert words[:9] == ["L", "$0", "A", "$0", "A", "$0", "A", "$0", "$40"]
        row = lines[lines.index(head) + 1]
        assert row.count("GT") == 1  # once, not under each $0 space
        second = head.index("A $0", head.index("A $0") + 1)  # the second acquisition space
        assert second - 1 <= row.index("GT") <= second + len("A $0")
        assert panel.border_subtitle == "L liquidation · A acquisition"


def test_the_players_page_places_it_the_same_way() -> None:
    data = zone_state()
    shown = _market({"state": data, "currency": "$", "title": "1817"})
    cells = shown["cells"]
    assert [c["value"] for c in cells[:5]] == ["L $0", "A $0", "A $0", "A $0", "$40"]
    assert [[x["id"] for x in c["markers"]] for c in cells[:4]] == [[], [], ["GT"], []]
    assert shown["legend"] == "L liquidation · A acquisition"
    plain = _market({"state": zone_state() | {"market": {}}, "currency": "$", "title": "1817"})
    assert plain == {"kind": "none"}


class Header(App[None]):
    """The status bar alone."""

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")


async def test_the_unlimited_banks_checksum_says_the_money_in_play() -> None:
    """1817: the header said ``Bank unlimited   ✓ $0``, a figure nobody at the table can
    count; it says the money the bank has issued, all in the players' and companies'
    hands, which they can."""
    data = zone_state()
    issued = sum(p["cash"] for p in data["players"]) + sum(c["cash"] for c in data["companies"])
    assert data["bank"]["issued"] == issued > 1000 and data["total_cash"] == 0
    app = Header()
    async with app.run_test(size=(160, 4)) as pilot:
        bar = app.query_one(StatusBar)
        bar.show(data, set(), "$")
        await pilot.pause()
        line = bar.build().plain
    assert "Bank unlimited" in line and f"✓ ${issued:,} in play" in line
    assert "✓ $0" not in line
