"""The 1847 AE screen (issue 7, part 3): the 2-D market grid, the starting package,
the privates, Krauss & Co., investor shares and floated corporations in the panels,
the new-game form with the variant, the demo, runs and their receipts.

The widget tests draw a hand-written state JSON (what ``Game.state_json`` gives
for 1847 AE) so that each shows one thing; the Pilot tests play real 1847 AE games.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Checkbox, Select, Static
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.game import Game
from moderator.ui.screens.dialogs import ChoiceDialog, RunDialog
from moderator.ui.screens.start import NewGameScreen
from moderator.ui.widgets.market import GridMarketPanel, PackagePanel, par_cells, short_with
from moderator.ui.widgets.panels import CompaniesPanel, MarketPanel, Panel, PlayersPanel

SMALL = (80, 24)
ROWS: list[list[int | None]] = [
    [None, None, None, None, 130, 150, 170, 190, 210, 230, 255, 285, 315, 350, 385, 420],
    [None, None, 98, 108, 120, 135, 150, 170, 190, 210, 235, 260, 285, 315, 350, 385],
    [82, 86, 92, 100, 110, 125, 140, 155, 170, 190, 210, 235, 260, 290, 320, None],
    [78, 84, 88, 94, 104, 112, 125, 140, 155, 170, 190, 215, None, None, None, None],
    [72, 80, 86, 90, 96, 104, 115, 125, 140, None, None, None, None, None, None, None],
    [62, 74, 82, 88, 92, 98, 105, None, None, None, None, None, None, None, None, None],
    [50, 66, 76, 84, 90, None, None, None, None, None, None, None, None, None, None, None],
]
PARS = {"L": 86, "Saar": 84, "HLB": 80, "M": 80, "NDB": 74, "N": 66, "RNB": 66}
PACKAGE = [
    ("PLP", 172, "L 20% director's certificate"),
    ("LFK", 130, None),
    ("R", 150, None),
    ("SPR", 190, "Saar 20% director's certificate"),
    ("K", 110, "one L 10% share"),
    ("H", 160, "one L 10% share"),
    ("W", 135, "one L 10% share"),
    ("MNR", 90, None),
    ("SCR", 75, None),
    ("VIW", 85, None),
]
INCOME = {"R": 30, "SPR": 15, "K": 5, "H": 15, "W": 10, "MNR": 20, "SCR": 15, "VIW": 20}
INVESTOR = {"MNR": "HLB", "SCR": "Saar", "VIW": "Saar"}
RANGE = {"R": [100, 200], "K": [15, 40], "H": [40, 120], "W": [25, 75]}


def corp(cid: str, **kw: Any) -> dict[str, Any]:
    entry = {
        "id": cid,
        "kind": "corporation",
        "name": cid,
        "cash": 0,
        "price": None,
        "president": None,
        "ipo": 100,
        "pool": 0,
        "trains": [],
        "phased_out": [],
        "privates": [],
        "owner": None,
        "closed": False,
        "launched": False,
        "operated": False,
        "value": None,
        "debt": 0,
        "income": 0,
        "in_play": True,
        "floated": False,
        "available": False,
        "par": PARS[cid],
        "investor": {"Saar": 20, "HLB": 10}.get(cid, 0),
        "cell": None,
    }
    entry.update(kw)
    return entry


def private(pid: str, owner: str | None, **kw: Any) -> dict[str, Any]:
    price = dict((i, p) for i, p, _ in PACKAGE)[pid]
    entry = {
        "id": pid,
        "kind": "private",
        "name": pid,
        "cash": 0,
        "price": None,
        "president": None,
        "ipo": 0,
        "pool": 0,
        "trains": [],
        "phased_out": [],
        "privates": [],
        "owner": owner,
        "closed": False,
        "launched": False,
        "operated": False,
        "value": price,
        "debt": 0,
        "income": INCOME.get(pid, 0),
        "in_play": True,
        "range": RANGE.get(pid),
        "investor_of": INVESTOR.get(pid),
    }
    if pid == "LFK":
        entry["price"] = 100 if owner else None
    entry.update(kw)
    return entry


def player(
    name: str, cash: int, shares: dict[str, int], privates: list[str], certs: int
) -> dict[str, Any]:
    return {
        "name": name,
        "cash": cash,
        "value": cash,
        "shares": shares,
        "privates": privates,
        "certificates": certs,
        "bankrupt": False,
    }


def package_round() -> dict[str, Any]:
    """SR 1, the package half sold: Dana PLP, Carlos LFK, Bob SPR, Amy K."""
    owners = {"PLP": "Dana", "LFK": "Carlos", "SPR": "Bob", "K": "Amy"}
    companies = [
        corp("L", launched=True, president="Dana", price=86, cell=[2, 1], ipo=70),
        corp("Saar", launched=True, president="Bob", price=84, cell=[3, 1], ipo=60),
        corp("HLB"),
        corp("M"),
        corp("NDB"),
        corp("N"),
        corp("RNB"),
        *[private(pid, owners.get(pid)) for pid, _, _ in PACKAGE if pid != "PLP"],
    ]
    return {
        "title": "1847AE",
        "variant": False,
        "round": {"kind": "SR", "number": 1, "or": None, "setup": False},
        "phase": "3",
        "bank": {"cash": 6192, "broken": False},
        "players": [
            player("Amy", 280, {"L": 10}, ["K"], 2),
            player("Bob", 200, {"Saar": 20}, ["SPR"], 2),
            player("Carlos", 260, {}, ["LFK"], 1),
            player("Dana", 218, {"L": 20}, [], 1),
        ],
        "companies": companies,
        "ended": False,
        "result": None,
        "end_reason": None,
        "ranking": None,
        "priority": "Dana",
        "turn": "Dana",
        "operating_order": [],
        "cert_limit": 12,
        "train_limit": 4,
        "market": {
            "kind": "grid",
            "rows": ROWS,
            "cells": {"L": [2, 1], "Saar": [3, 1], "LFK": [2, 3]},
            "stacks": {"2,1": ["L"], "3,1": ["Saar"], "2,3": ["LFK"]},
            "pars": PARS,
        },
        "package": [
            {"item": i, "name": i, "price": p, "with": w, "owner": owners.get(i)}
            for i, p, w in PACKAGE
        ],
        "package_open": True,
        "krauss": {"owner": "Carlos", "price": 100, "paid_this_or": False},
        "depot": [{"train": "3", "price": 150, "returned": False}],
        "pool_trains": [],
        "depot_remaining": {
            "3": 3,
            "3+3": 2,
            "4": 2,
            "4+4": 1,
            "5": 2,
            "5+5": 1,
            "6E": 1,
            "6+6": 9,
        },
        "next_phase": None,
        "total_cash": 8000,
        "starting_total": 8000,
    }


def operating_round() -> dict[str, Any]:
    """OR 2.1 with every corporation started, stacks on 80 and 66, HLB to act."""
    data = copy.deepcopy(package_round())
    cells = {
        "L": [2, 5],
        "Saar": [3, 2],
        "HLB": [4, 1],
        "M": [4, 1],
        "NDB": [5, 1],
        "N": [6, 2],
        "RNB": [6, 1],
        "LFK": [2, 4],
    }
    for co in data["companies"]:
        if co["kind"] == "corporation":
            r, c = cells[co["id"]]
            co.update(
                launched=True,
                floated=co["id"] != "RNB",
                cell=[r, c],
                price=ROWS[r][c],
                president="Amy",
                cash=300,
                trains=["3"],
                ipo=30,
            )
        else:
            co["owner"] = co["owner"] or "Bob"
    stacks: dict[str, list[str]] = {}
    for cid, (r, c) in cells.items():
        stacks.setdefault(f"{r},{c}", []).append(cid)
    data["market"]["cells"] = cells
    data["market"]["stacks"] = stacks
    data["round"] = {"kind": "OR", "number": 2, "or": 1, "setup": False}
    data["turn"] = "HLB"
    data["operating_order"] = ["HLB", "L", "Saar", "M", "NDB", "N", "RNB"]
    data["package_open"] = False
    data["krauss"] = {"owner": "Carlos", "price": 110, "paid_this_or": True}
    for p in data["players"]:
        p["shares"] = {"L": 10, "Saar": 20, "HLB": 20, "M": 10, "NDB": 20, "N": 20, "RNB": 20}
    return data


class Board(App[None]):
    """The 1847 AE panels alone, fed a state JSON by the test."""

    CSS_PATH = Path(__file__).resolve().parents[2] / "moderator" / "ui" / "app.tcss"

    def compose(self) -> ComposeResult:
        yield PlayersPanel(id="players", title="Players")
        yield PackagePanel(id="package", title="Starting package (3.3)")
        yield CompaniesPanel(id="companies", title="Companies")
        yield GridMarketPanel(id="market", title="Stock market (M)")


def screen_text(app: App[None]) -> str:
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


async def drawn(
    data: dict[str, Any], width: int = 120, changed: set[str] | None = None
) -> tuple[Board, str]:
    """The panels drawn from ``data`` at ``width``; the app (stopped) and the screen's text."""
    app = Board()
    async with app.run_test(size=(width, 60)) as pilot:
        for panel in app.query(Panel):
            panel.show(data, changed or set(), "M")
        await pilot.pause()
        await pilot.pause()
        return app, screen_text(app)


def panel_lines(text: str, title: str) -> list[str]:
    """The lines inside the panel titled ``title`` (its borders left out)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if f"─ {title} " in line)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("╰"))
    return [line[2:-2].rstrip() for line in lines[start + 1 : end]]  # border and padding


# ---------------------------------------------------------------- the grid (widgets)
async def test_the_grid_draws_every_space_and_blanks_where_the_board_has_none() -> None:
    _, text = await drawn(operating_round())
    grid = panel_lines(text, "Stock market (M)")
    assert len(grid) == 7  # one line per row of the board
    for row, line in zip(ROWS, grid, strict=True):
        values = [str(v) for v in row if v is not None]
        words = [w for w in line.replace("▶", " ").split() if w.isdigit()]
        assert words == values
    # row 0 starts at its fifth column: the four spaces the board lacks are blank
    assert grid[0].startswith(" " * 20)
    # the bottom row ends at 90: nothing to its right
    assert grid[6].rstrip().endswith("90")


async def test_the_grid_shows_every_marker_top_first_with_krauss_and_the_acting_company() -> None:
    _, text = await drawn(operating_round())
    grid = panel_lines(text, "Stock market (M)")
    assert "80▶HLB M" in grid[4]  # HLB on top of M on 80; HLB operates (▶)
    assert "66 RNB" in grid[6] and "76 N" in grid[6]
    assert "110 LFK" in grid[2]  # Krauss & Co. has its marker like a corporation
    assert "74 NDB" in grid[5] and "125 L" in grid[2] and "88 Saar" in grid[3]


async def test_the_grid_stacks_in_the_states_order() -> None:
    data = operating_round()
    data["market"]["stacks"]["4,1"] = ["M", "HLB"]
    data["turn"] = "L"
    _, text = await drawn(data)
    assert "80 M HLB" in panel_lines(text, "Stock market (M)")[4]
    assert "125▶L" in panel_lines(text, "Stock market (M)")[2]


async def test_the_grid_at_80_columns_writes_one_letter_markers_with_a_legend() -> None:
    app, text = await drawn(operating_round(), width=80)
    grid = panel_lines(text, "Stock market (M)")
    assert len(grid) == 7 and all(len(line) <= 76 for line in grid)
    assert "80 HM" in grid[4] and "110 K" in grid[2] and "74 D" in grid[5]
    legend = text.splitlines()[
        [i for i, line in enumerate(text.splitlines()) if "─ Stock market" in line][0] + 8
    ]
    assert "K LFK" in legend and "D NDB" in legend and "H HLB" in legend


def test_par_spaces_are_the_printed_ones() -> None:
    market = operating_round()["market"]
    assert par_cells(market) == {(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)}
    market["pars"] = {**market["pars"], "LFK": 100}
    assert (2, 3) in par_cells(market)
    market["par_cells"] = [[2, 1]]
    assert par_cells(market) == {(2, 1)}


async def test_par_spaces_are_underlined_and_the_acting_company_lit() -> None:
    app = Board()
    async with app.run_test(size=(120, 60)) as pilot:
        panel = app.query_one(GridMarketPanel)
        panel.show(operating_round(), set(), "M")
        await pilot.pause()
        row4 = panel.build().renderables[4]
    plain = row4.plain
    at = plain.index(" 80") + 1
    styles = [str(span.style) for span in row4.spans if span.start <= at < span.end]
    assert any("underline" in s for s in styles)  # 80 is a par (HLB, M)
    hlb = plain.index("HLB")
    styles = [str(span.style) for span in row4.spans if span.start <= hlb < span.end]
    assert any("reverse" in s for s in styles)  # the acting company


# ---------------------------------------------------------------- package and panels (widgets)
def test_what_comes_with_an_item_is_shortened_to_corporation_and_percent() -> None:
    assert short_with("L 20% director's certificate") == "L 20%"
    assert short_with("one L 10% share") == "L 10%"
    assert short_with(None) == ""


async def test_the_package_lists_each_item_price_what_comes_with_it_and_the_buyer() -> None:
    _, text = await drawn(package_round())
    package = " ".join(panel_lines(text, "Starting package (3.3)"))
    for item, price, _ in PACKAGE:
        assert f"{item} " in package and f"M{price}" in package
    assert "PLP  M172 +L 20%  Dana" in package
    assert "SPR  M190 +Saar 20%  Bob" in package
    assert "K    M110 +L 10%  Amy" in package
    assert "LFK  M130  Carlos" in package
    assert "MNR  M90 +→HLB 10%" in package  # the investor share it will become (4.4)
    assert "6 of 10 for sale" in text


async def test_the_package_is_hidden_once_every_item_is_sold() -> None:
    data = package_round()
    data["package_open"] = False
    _, text = await drawn(data)
    assert "Starting package" not in text


async def test_players_show_income_investor_privates_and_krauss_at_its_price() -> None:
    data = package_round()
    data["players"][0]["privates"] = ["K", "MNR"]
    _, text = await drawn(data)
    players = panel_lines(text, "Players")
    amy = next(line for line in players if "Amy" in line)
    carlos = next(line for line in players if "Carlos" in line)
    assert "K M5" in amy and "MNR M20→HLB" in amy  # quarry income; investor private (4.4)
    assert "LFK @M100" in carlos  # Krauss & Co. at its price (4.1)


async def test_companies_show_floated_investor_shares_and_the_krauss_row() -> None:
    _, text = await drawn(operating_round())
    rows = panel_lines(text, "Companies")
    header = rows[0].split()
    assert header[:8] == ["Co", "Cash", "Price", "Director", "Offering", "Inv", "Pool", "Trains"]
    saar = next(line for line in rows if "Saar" in line).split()
    assert saar[:6] == ["Saar", "M300", "M88", "Amy", "30%", "20%"]  # 2 investor shares held
    hlb = next(line for line in rows if "HLB" in line).split()
    assert hlb[:7] == ["▶", "HLB", "M300", "M80", "Amy", "30%", "10%"]
    rnb = next(line for line in rows if "RNB" in line)
    assert "not floated" in rnb
    lfk = next(line for line in rows if "LFK" in line)
    assert "M110" in lfk and "Carlos" in lfk and "paid this round" in lfk


async def test_krauss_in_the_pool_and_before_it_is_bought() -> None:
    data = operating_round()
    data["krauss"] = {"owner": "pool", "price": 100, "paid_this_or": False}
    _, text = await drawn(data)
    lfk = next(line for line in panel_lines(text, "Companies") if "LFK" in line)
    assert "bank pool" in lfk and "pays no one" in lfk
    data["krauss"] = {"owner": None, "price": None, "paid_this_or": False}
    _, text = await drawn(data)
    assert not any("LFK" in line for line in panel_lines(text, "Companies"))


async def test_while_the_package_is_open_the_companies_panel_leaves_the_privates_to_it() -> None:
    _, text = await drawn(package_round())
    rows = panel_lines(text, "Companies")
    assert not any("Unowned privates" in line or "Not yet" in line for line in rows)
    data = copy.deepcopy(package_round())
    data["package_open"] = False
    for co in data["companies"]:
        if co["id"] == "HLB":
            co["available"] = True
    _, text = await drawn(data)
    rows = panel_lines(text, "Companies")
    assert any(
        line.startswith("Not yet started: HLB (may start now, 4.5.1) M NDB N RNB") for line in rows
    )


# ---------------------------------------------------------------- real 1847 AE games (Pilot)
DEMO = (REPO / "moderator" / "demo" / "demo-1847ae.script").read_text(encoding="utf-8")
"""The shipped demo: the starting package with a short operating round, OR 1.1, SR 2,
stopped in OR 2.1 with Saar to act."""


def form_line(app: App[None]) -> str:
    """The line under the new-game form."""
    return str(app.screen.query_one("#new-game-error", Static).render())


async def choose_1847ae(pilot: Any) -> None:
    """Open the new-game form and choose 1847 AE in its title list with the keys."""
    await send_burst(pilot, "n", "shift+tab", "enter")
    await send_burst(pilot, "down", "enter")


async def test_a_new_1847ae_game_from_the_start_screen_with_the_variant(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await choose_1847ae(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#title", Select).value == "1847AE"
        # no removals, no private distribution for 1847 AE; the variant box instead
        assert not screen.query_one("#removals-row").display
        assert not screen.query_one("#privates-note").display
        assert not screen.query_one("#privates-1846").display
        box = screen.query_one("#option-1847AE-variant", Checkbox)
        assert box.display and not box.value
        await send_burst(pilot, "tab", "Amy Bob")
        assert "1847 AE is for 3 to 5 players (8.3); 2 given" in form_line(app)
        await send_burst(pilot, " Carlos Dana", "tab", " ")  # Space ticks the box
        assert box.value
        assert "game 1847AE Amy Bob Carlos Dana variant" in form_line(app)
        await send_burst(pilot, "ctrl+s")
        game = main_screen(app).session.game
        data = game.state_json()
        assert (data["title"], data["variant"]) == ("1847AE", True)
        assert game.players == ["Amy", "Bob", "Carlos", "Dana"]
        assert (
            game.path is not None
            and Game.load(game.path, read_only=True).state_json()["variant"] is True
        )
        assert main_screen(app).query_one("#package", PackagePanel).display


async def test_without_the_box_the_game_line_has_no_variant(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await choose_1847ae(pilot)
        await send_burst(pilot, "tab", "Amy Bob Carlos")
        assert form_line(app).endswith("game 1847AE Amy Bob Carlos")
        await send_burst(pilot, "ctrl+s")
        assert main_screen(app).session.data["variant"] is False


async def test_back_to_1846_the_form_shows_its_removals_and_distribution(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await choose_1847ae(pilot)
        await send_burst(pilot, "enter")
        await send_burst(pilot, "up", "enter")
        screen = app.screen
        assert screen.query_one("#title", Select).value == "1846"
        assert screen.query_one("#removals-row").display
        assert screen.query_one("#privates-note").display
        assert not screen.query_one("#option-row-1847AE-variant").display


async def test_a_package_item_bought_by_the_bar_puts_krauss_on_the_grid_at_100(saves: Path) -> None:
    save_from_script(saves / "g.json", "game 1847AE Amy Bob Carlos Dana\n").close()
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert isinstance(screen.query_one("#market"), GridMarketPanel)
        package = screen.query_one("#package", PackagePanel)
        assert package.display
        status = screen_text(app).splitlines()[0]
        assert "Stock round 1 — the starting package (3.3)" in status  # not "Setup"
        await send_burst(pilot, ":buy Dana LFK", "enter")
        assert saved_lines(saves / "g.json") == ["buy Dana LFK"]
        text = screen_text(app)
        grid = panel_lines(text, "Stock market (M)")
        assert "100 LFK" in grid[2]  # Krauss & Co.'s marker at 100 (4.1)
        items = " ".join(panel_lines(text, "Starting package (3.3)"))
        assert "LFK  M130  Dana" in items and "9 of 10 for sale" in text
        dana = next(line for line in panel_lines(text, "Players") if "Dana" in line)
        assert "LFK @M100" in dana and "M260" in dana
        lfk = next(line for line in panel_lines(text, "Companies") if "LFK" in line)
        assert "M100" in lfk and "Dana" in lfk


async def test_the_package_panel_goes_once_every_item_is_sold(saves: Path) -> None:
    save_from_script(saves / "g.json", DEMO, stop_before="buy Amy VIW").close()
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.query_one("#package", PackagePanel).display
        await send_burst(pilot, ":buy Amy VIW", "enter")
        assert not screen.query_one("#package", PackagePanel).display
        assert "Starting package" not in screen_text(app)


async def test_the_short_operating_round_is_named_on_the_status_line(saves: Path) -> None:
    save_from_script(saves / "g.json", DEMO, stop_before="spend L 40").close()
    async with running(saves) as (app, pilot):
        status = screen_text(app).splitlines()[0]
        assert "Short operating round (in stock round 1)" in status
        assert "▶ L" in status


async def test_a_run_offers_full_or_withhold_and_logs_the_engines_receipt(saves: Path) -> None:
    save_from_script(saves / "g.json", DEMO).close()
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await send_burst(pilot, "r", "50")
        dialog = app.screen
        assert isinstance(dialog, RunDialog)
        assert dialog.options == ["full", "withhold"]  # no half in 1847 AE (6.7)
        receipt = screen.session.game.receipt("Saar", 50, "full").text()
        await send_burst(pilot, "enter")
        assert saved_lines(saves / "g.json")[-1] == "run Saar 50 full"
        text = screen_text(app)
        for line in receipt.splitlines():
            assert line.strip() in text
        assert "not yet exchanged" in receipt  # the investor shares pay nobody (6.7)


async def test_the_1847ae_demo_opens_from_the_start_screen(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "e")
        screen = main_screen(app)
        data = screen.session.data
        assert data["title"] == "1847AE" and data["round"]["kind"] == "OR"
        assert data["turn"] == "Saar"
        assert screen.session.game.path is not None
        assert screen.session.game.path.name == "demo-1847ae.json"
        grid = panel_lines(screen_text(app), "Stock market (M)")
        assert "78▶Saar" in grid[3] and "140 LFK" in grid[2] and "92 L" in grid[2]


async def test_the_1847ae_screen_fits_120x40_and_is_usable_at_80x24(saves: Path) -> None:
    save_from_script(saves / "g.json", DEMO).close()
    async with running(saves) as (app, pilot):
        text = screen_text(app)
        for title in ("Players", "Companies", "Stock market (M)", "Trains and phase", "Log"):
            assert f"─ {title} " in text
        assert "33 commands" in text  # the log's first line is on screen
    async with running(saves, SMALL) as (app, pilot):
        panel = main_screen(app).query_one(GridMarketPanel)
        grid = [line.plain for line in panel.build().renderables]
        assert len(grid) == 7 and all(len(line) <= 76 for line in grid)
        assert "78▶Saar" in grid[3]  # three markers: their full ids fit in 76 columns
        await send_burst(pilot, ":run Saar 50 withhold", "enter")
        assert saved_lines(saves / "g.json")[-1] == "run Saar 50 withhold"
        assert "price M78 → M72" in screen_text(app)  # the receipt's last line is in view


async def test_an_1846_game_keeps_the_row_market_and_has_no_package(saves: Path) -> None:
    from ui_helpers import rulebook_save

    rulebook_save(saves, "run NYC 370 half")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert isinstance(screen.query_one("#market"), MarketPanel)
        assert not screen.query("#package")
        assert screen.LOG_ROWS == 10


async def test_the_buy_key_offers_the_package_items_with_what_comes_with_them(saves: Path) -> None:
    save_from_script(saves / "g.json", DEMO, stop_before="buy Carlos W").close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "b")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        labels = {x.corp: str(text) for text, x in dialog.choices}  # type: ignore[attr-defined]
        assert {"W", "R", "MNR", "SCR", "VIW"} <= set(labels)
        assert labels["W"].startswith("Carlos buys W (Weidenthal) with the L 10%")
        assert "from the starting package   pays M135" in labels["W"]
        assert "pool" not in labels["R"]
        pick = next(i for i, (_, x) in enumerate(dialog.choices) if x.corp == "W")
        for _ in range(pick):
            await send_burst(pilot, "down")
        await send_burst(pilot, "enter")
        assert saved_lines(saves / "g.json")[-1] == "buy Carlos W"
