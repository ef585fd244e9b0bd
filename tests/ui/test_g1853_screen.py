"""The 1853 screen (issue 8, "On screen"): the eight market tracks with their pars and
the £400 end, provisional values, bonds and contract bids, un-redeemed shares, managers,
credit trains, the Elephant, the new-game form (shortened game, market values), the run
dialog's mail run, the demo.

The widget tests draw a hand-written state JSON (what ``Game.state_json`` gives for
1853, per the lead's decisions) so that each shows one thing; the Pilot tests play real
1853 games.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator import commands as c
from moderator.events import CashMoved
from moderator.ui.widgets.market import TracksMarketPanel, track_window
from moderator.ui.widgets.panels import BidsPanel, CompaniesPanel, Panel, PlayersPanel, StatusBar

SMALL = (80, 24)
TRACK = [
    10,
    20,
    29,
    38,
    47,
    53,
    56,
    58,
    61,
    64,
    67,
    71,
    76,
    82,
    90,
    100,
    112,
    126,
    142,
    160,
    180,
    200,
    225,
    250,
    275,
    300,
    320,
    335,
    350,
    375,
    400,
]
ORDER = ["EIR", "GIP", "NWR", "BNR", "BBCI", "MSM", "SIR", "ECR"]
PARS = {"EIR": 100, "GIP": 90, "NWR": 82, "BNR": 76, "BBCI": 71, "MSM": 67, "SIR": 64, "ECR": 61}


def corp(cid: str, **kw: Any) -> dict[str, Any]:
    number = ORDER.index(cid) + 1
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
        "number": number,
        "major": number <= 5,
        "formed": False,
        "par": PARS[cid],
        "manager": None,
        "credit_debt": 0,
        "credit_train": None,
        "token_used": False,
        "issued": 0,
        "available": False,
        "tokens_bought": 0,
    }
    entry.update(kw)
    return entry


def player(
    name: str,
    cash: int,
    shares: dict[str, int] | None = None,
    certs: int = 0,
    unredeemed: dict[str, int] | None = None,
) -> dict[str, Any]:
    return {
        "name": name,
        "cash": cash,
        "value": cash,
        "shares": shares or {},
        "privates": [],
        "certificates": certs,
        "bankrupt": False,
        "unredeemed": unredeemed or {},
    }


def contract_stage() -> dict[str, Any]:
    """The setup: bonds in (Bob 160, Amy 120, Carlos 80: seats re-ordered, Bob has the
    Elephant), claims under way."""
    bids = {
        "Bob": {
            "cities": ["Calcutta", "Bombay", "Delhi", "sealed"],
            "shares": ["EIR", "GIP", "EIR", "BBCI"],
            "bond": 160,
            "fulfilled": False,
            "passed": True,
        },
        "Amy": {
            "cities": ["Madras", "Karachi"],
            "shares": ["SIR", "NWR"],
            "bond": 120,
            "fulfilled": False,
            "passed": False,
        },
        "Carlos": {"cities": [], "shares": [], "bond": 80, "fulfilled": False, "passed": False},
    }
    return {
        "title": "1853",
        "short": False,
        "round": {"kind": "SR", "number": 0, "or": None, "setup": True},
        "stage": "claims",
        "phase": "1",
        "bank": {"cash": 12810, "broken": False},
        "players": [
            player("Bob", 570, {"EIR": 20, "GIP": 10, "BBCI": 10}, 3),
            player("Amy", 610, {"SIR": 10, "NWR": 10}, 2),
            player("Carlos", 650),
        ],
        "companies": [corp(cid) for cid in ORDER],
        "ended": False,
        "result": None,
        "end_reason": None,
        "ranking": None,
        "priority": "Bob",
        "elephant": "Bob",
        "turn": None,
        "operating_order": [],
        "cert_limit": 21,
        "train_limit": 4,
        "bonds": {"Bob": 160, "Amy": 120, "Carlos": 80},
        "bids": bids,
        "minor_formed_sr1": False,
        "extra_or": None,
        "market": {
            "kind": "tracks",
            "values": TRACK,
            "provisional": True,
            "pars": PARS,
            "provisional_pars": list(ORDER),
            "positions": {},
        },
        "depot": [{"train": "2", "price": 300, "returned": False}],
        "pool_trains": [],
        "depot_remaining": {"2": 6, "3": 5, "4": 4, "5": 3, "6": 2, "2M": 2, "3M": 3, "4M": 2},
        "next_phase": None,
        "total_cash": 15000,
        "starting_total": 15000,
    }


def operating_round() -> dict[str, Any]:
    """OR 1.1: EIR (Bob) at 112, GIP managed by Amy at 90 with a credit 2 owing £120,
    SIR a minor at 64 with its special token; Carlos holds an un-redeemed NWR share."""
    data = copy.deepcopy(contract_stage())
    data["round"] = {"kind": "OR", "number": 1, "or": 1, "setup": False}
    data["stage"] = None
    data["phase"] = "2"
    data["bids"] = {name: {**bid, "passed": True} for name, bid in data["bids"].items()}
    companies = {co["id"]: co for co in data["companies"]}
    companies["EIR"].update(
        launched=True,
        formed=True,
        president="Bob",
        price=112,
        cash=700,
        trains=["2", "2"],
        issued=6,
        ipo=40,
    )
    companies["GIP"].update(
        launched=True,
        formed=True,
        manager="Amy",
        price=90,
        cash=0,
        trains=["2"],
        credit_train="2",
        credit_debt=120,
        issued=5,
        ipo=50,
        pool=10,
    )
    companies["SIR"].update(
        launched=True,
        formed=True,
        president="Carlos",
        price=64,
        cash=340,
        trains=["1M"],
        issued=4,
        ipo=60,
        token_used=False,
    )
    companies["NWR"].update(available=True, issued=3, ipo=70)
    data["market"]["positions"] = {"EIR": 112, "GIP": 90, "SIR": 64}
    data["turn"] = "GIP"
    data["operating_order"] = ["GIP", "SIR", "EIR"]
    data["players"][2].update(shares={"NWR": 10, "SIR": 20}, unredeemed={"NWR": 1}, certs=2)
    data["minor_formed_sr1"] = True
    return data


class Board(App[None]):
    """The 1853 panels alone, fed a state JSON by the test."""

    CSS_PATH = Path(__file__).resolve().parents[2] / "moderator" / "ui" / "app.tcss"

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield PlayersPanel(id="players", title="Players")
        yield BidsPanel(id="bids", title="Contract bids (2.5)")
        yield CompaniesPanel(id="companies", title="Companies")
        yield TracksMarketPanel(id="market", title="Stock market (£)")


def screen_text(app: App[None]) -> str:
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


async def drawn(
    data: dict[str, Any], width: int = 120, changed: set[str] | None = None
) -> tuple[Board, str]:
    """The panels drawn from ``data`` at ``width``; the app (stopped) and the screen's text."""
    app = Board()
    async with app.run_test(size=(width, 70)) as pilot:
        for panel in app.query(Panel):
            panel.show(data, changed or set(), "£")
        await pilot.pause()
        await pilot.pause()
        return app, screen_text(app)


def panel_lines(text: str, title: str) -> list[str]:
    """The lines inside the panel whose title starts with ``title`` (borders left out)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if f"─ {title}" in line)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("╰"))
    return [line[2:-2].rstrip() for line in lines[start + 1 : end]]  # border and padding


def track_lines(text: str) -> list[str]:
    """The tracks' lines of the market panel."""
    return panel_lines(text, "Stock market (£)")


# ---------------------------------------------------------------- the tracks (widgets)
def test_the_track_window_holds_the_prices_then_the_pars_and_slides_to_the_ends() -> None:
    assert track_window(31, [15], [8], 40) == (0, 31)  # all fits
    start, stop = track_window(31, [16], [8, 15], 14)  # type: ignore[misc]
    assert stop - start == 14 and start <= 8 and 16 < stop
    assert track_window(31, [30], [], 10) == (21, 31)  # near 400: slid to the end
    assert track_window(31, [0], [], 10) == (0, 10)
    # prices first: pars too far away are left out, the prices never
    start, stop = track_window(31, [25, 28], [8, 15], 10)  # type: ignore[misc]
    assert start <= 25 and 28 < stop
    assert track_window(31, [2, 29], [8], 10) is None  # no one window holds both prices


async def test_eight_tracks_in_number_order_with_the_values_and_the_400_end() -> None:
    _, text = await drawn(operating_round())
    lines = track_lines(text)
    tracks = lines[:8]
    assert [line.split()[1] for line in tracks] == ORDER  # 1 EIR ... 8 ECR
    assert [line.split()[0].lstrip("▶") for line in tracks] == [str(i) for i in range(1, 9)]
    for line in tracks:
        assert line.rstrip().endswith("400")  # every track ends at £400
        words = [int(w.lstrip("…")) for w in line.split()[2:] if w.lstrip("…").isdigit()]
        assert words == sorted(words) and words[-1] == 400
        assert {64, 90, 100, 112} <= set(words)  # the prices and pars are in view
    assert tracks[1].startswith("▶2 GIP")  # GIP operates
    assert "£400 ends the game (4.7.3)" in text


async def test_par_is_underlined_and_the_price_in_the_companys_colours() -> None:
    app = Board()
    async with app.run_test(size=(120, 60)) as pilot:
        panel = app.query_one(TracksMarketPanel)
        panel.show(operating_round(), set(), "£")
        await pilot.pause()
        eir = panel.build().renderables[0]

    def styles_at(word: str) -> list[str]:
        at = eir.plain.index(f" {word} ") + 1
        return [str(span.style) for span in eir.spans if span.start <= at < span.end]

    assert any("underline" in s for s in styles_at("100"))  # EIR's par
    assert any("#b71c1c" in s for s in styles_at("112"))  # EIR's price in its colours
    assert not any("#b71c1c" in s for s in styles_at("100"))
    assert not any("underline" in s for s in styles_at("90"))


async def test_provisional_values_are_marked_until_the_banker_confirms_them() -> None:
    data = operating_round()
    _, text = await drawn(data)
    assert "─ Stock market (£) — PROVISIONAL" in text
    note = track_lines(text)[8]
    assert note.startswith("PROVISIONAL track values and every par: as shipped")
    assert note.endswith("the game goes on with them")  # whole at 120 columns, not cut
    data["market"]["provisional"] = False
    data["market"]["provisional_pars"] = ["ECR"]  # one par still the shipped one
    _, text = await drawn(data)
    assert "PROVISIONAL" in text and track_lines(text)[8].startswith("PROVISIONAL pars of ECR")
    data["market"]["provisional_pars"] = []
    _, text = await drawn(data)
    assert "PROVISIONAL" not in text and len(track_lines(text)) == 8


async def test_the_market_asks_for_market_and_setpar_only_before_the_first_bond() -> None:
    """Issue 27.7: the demo, in its operating round, still said "confirm with `market` and
    `setpar` before the first bond", which the game refuses after the first bond."""
    data = operating_round()
    _, text = await drawn(data, width=240)
    note = track_lines(text)[8]
    assert "as shipped, not confirmed before the first bond" in note, note
    assert "confirm with" not in note
    data["round"] = {"kind": "SR", "number": 1, "or": None, "setup": True}
    data["bonds"] = {}
    _, text = await drawn(data)  # whole at 120 columns too
    assert track_lines(text)[8].endswith("confirm with `market` and `setpar` before the first bond")
    data["bonds"] = {"Amy": 120}
    _, text = await drawn(data, width=240)
    assert "confirm with" not in track_lines(text)[8]


async def test_at_80_columns_the_tracks_show_a_window_around_the_prices() -> None:
    _, text = await drawn(operating_round(), width=80)
    tracks = track_lines(text)[:8]
    assert all(len(line) <= 76 for line in tracks)
    for line in tracks:
        assert "…" in line and line.endswith("…400")  # cut, the end still written
        words = line.split()
        assert "64" in words and "112" in words  # SIR's and EIR's prices in view
    data = operating_round()
    data["market"]["positions"]["EIR"] = 250
    _, text = await drawn(data, width=80)
    tracks = track_lines(text)[:8]
    assert all("250" in line.split() and "64" in line.split() for line in tracks)
    data["market"]["positions"]["EIR"] = 375  # too far from SIR's 64: a window per track
    _, text = await drawn(data, width=80)
    tracks = track_lines(text)[:8]
    assert "375" in tracks[0].split() and "64" in tracks[6].split()
    assert all(len(line) <= 76 for line in tracks)


# ---------------------------------------------------------------- panels (widgets)
async def test_players_show_bonds_held_aside_and_unredeemed_shares() -> None:
    _, text = await drawn(operating_round())
    rows = panel_lines(text, "Players")
    assert rows[0].split()[-3:] == ["Bond", "Unred.", "Value"]
    bob = next(line for line in rows if "Bob" in line).split()
    carlos = next(line for line in rows if "Carlos" in line).split()
    assert bob[0] == "◆" and bob[-3:] == ["£160", "·", "£570"]  # the Elephant; his bond
    assert carlos[-3:] == ["£80", "NWR×1", "£650"]
    data = operating_round()
    data["bonds"] = {}
    for p in data["players"]:
        p["unredeemed"] = {}
    _, text = await drawn(data)
    header = panel_lines(text, "Players")[0]
    assert "Bond" not in header and "Unred." not in header


async def test_companies_show_managers_credit_trains_minors_and_their_token() -> None:
    _, text = await drawn(operating_round())
    rows = panel_lines(text, "Companies")
    assert rows[0].split()[:10] == [
        "Co",
        "No",
        "Cash",
        "Par",
        "Price",
        "Director",
        "Issued",
        "Pool",
        "Trains",
        "Notes",
    ]
    gip = next(line for line in rows if " GIP " in line)
    assert gip.split()[:10] == ["▶", "GIP", "2", "maj", "£0", "£90", "£90", "mgr", "Amy", "5/10"]
    assert "2c" in gip and "credit 2: owes £120 (3.4.3)" in gip
    eir = next(line for line in rows if " EIR " in line).split()
    assert eir[:8] == ["EIR", "1", "maj", "£700", "£100", "£112", "Bob", "6/10"]
    sir = next(line for line in rows if " SIR " in line)
    assert "7 min" in sir and "special token (4.8.19)" in sir
    assert rows[-1].startswith("Not yet formed (par, shares issued): NWR £82 3  BNR £76  BBCI £71")
    data = operating_round()
    for co in data["companies"]:
        if co["id"] == "SIR":
            co["token_used"] = True
        if co["id"] == "GIP":
            co.update(manager=None, president="Amy", credit_debt=0, credit_train=None)
    _, text = await drawn(data)
    rows = panel_lines(text, "Companies")
    assert "special token used" in next(line for line in rows if " SIR " in line)
    gip = next(line for line in rows if " GIP " in line)
    assert "mgr" not in gip and "credit" not in gip and " Amy " in gip


async def test_the_contract_stage_shows_each_bid_and_the_stage_on_the_status_line() -> None:
    _, text = await drawn(contract_stage())
    status = text.splitlines()[0]
    assert "Setup — contract claims (2.5)" in status and "Elephant Bob" in status
    bids = panel_lines(text, "Contract bids (2.5)")
    assert bids[0].startswith("a: `claim PLAYER CITY CORP` (`sealed` for a secret city)")
    bob = next(line for line in bids if "Bob" in line)
    assert bob.startswith("◆ Bob")
    assert "bond £160  Calcutta→EIR, Bombay→GIP, Delhi→EIR, sealed→BBCI  (4 cities)" in bob
    assert "complete" in bob
    amy = next(line for line in bids if "Amy" in line)
    assert "bond £120  Madras→SIR, Karachi→NWR  (2 cities)" in amy
    assert "complete" not in amy
    assert "Carlos  bond £80  no claim yet" in next(line for line in bids if "Carlos" in line)
    # the claimed shares are the players' already (columns before the companies form)
    players = panel_lines(text, "Players")
    assert players[0].split()[3:8] == ["EIR", "GIP", "NWR", "BBCI", "SIR"]


async def test_the_bond_stage_says_who_has_no_bond_yet() -> None:
    data = contract_stage()
    data["stage"] = "bonds"
    data["elephant"] = None
    data["bonds"] = {"Bob": 160}
    data["bids"] = {
        "Bob": {"cities": [], "shares": [], "bond": 160, "fulfilled": False, "passed": False}
    }
    _, text = await drawn(data)
    assert "Setup — contract bonds (2.5)" in text.splitlines()[0]
    assert "Elephant" not in text.splitlines()[0]
    bids = panel_lines(text, "Contract bids (2.5)")
    assert bids[0].startswith("n: `bond PLAYER AMOUNT` for every player")
    assert "Amy     no bond yet" in next(line for line in bids if "Amy" in line)


async def test_the_bids_panel_is_hidden_after_settle() -> None:
    _, text = await drawn(operating_round())
    assert "Contract bids" not in text


# ---------------------------------------------------------------- real 1853 games (Pilot)
DEMO = (REPO / "moderator" / "demo" / "demo-1853.script").read_text(encoding="utf-8")
"""The shipped demo: bonds, claims, settle, SR 1, OR 1.1, SR 2, stopped in OR 2.1 with
SIR to act."""

MANAGED = """game 1853 Amy Bob Carlos Dana Eve Finn
bond Amy 80
bond Bob 80
bond Carlos 80
bond Dana 80
bond Eve 80
bond Finn 80
claim Amy Nagpur GIP
claim Amy Lahore NWR
claim Amy Jaipur BBCI
pass Amy
claim Bob Hyderabad GIP
claim Bob Karachi NWR
claim Bob Patna EIR
pass Bob
claim Carlos Ajmer GIP
claim Carlos Trichinopoly SIR
claim Carlos Lucknow EIR
pass Carlos
claim Dana Benares GIP
claim Dana Goa MSM
claim Dana Delhi NWR
pass Dana
claim Eve Sholapur BNR
claim Eve Indore BNR
claim Eve Surat ECR
pass Eve
claim Finn Poona MSM
claim Finn Madras SIR
claim Finn Baroda BNR
pass Finn
settle
pass Amy
pass Bob
pass Carlos
pass Dana
pass Eve
pass Finn
"""
"""Six players, one GIP share each for four of them: at the end of SR 1 GIP has its
qualifying four shares issued and nobody holds two, so it forms with a manager (3.4.1)."""


def form_line(app: App[None]) -> str:
    """The line under the new-game form."""
    from textual.widgets import Static

    return str(app.screen.query_one("#new-game-error", Static).render())


async def choose_1853(pilot: Any) -> None:
    """Open the new-game form and choose 1853 (the third title) with the keys."""
    await send_burst(pilot, "n", "shift+tab", "enter")
    await send_burst(pilot, "down", "down", "enter")


async def test_a_new_1853_game_from_the_start_screen_shortened(saves: Path) -> None:
    from textual.widgets import Checkbox, Input, Select

    from moderator.ui.screens.start import NewGameScreen

    async with running(saves) as (app, pilot):
        await choose_1853(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#title", Select).value == "1853"
        assert not screen.query_one("#removals-row").display
        assert not screen.query_one("#privates-note").display
        # the market values to confirm, prefilled with the provisional ones
        track = screen.query_one("#market-1853-track", Input)
        pars = screen.query_one("#market-1853-pars", Input)
        assert track.display and track.value.split() == [str(v) for v in TRACK]
        assert pars.value == " ".join(f"{cid} {v}" for cid, v in PARS.items())
        box = screen.query_one("#option-1853-short", Checkbox)
        assert box.display and not box.value
        await send_burst(pilot, "tab", "Amy Bob")
        assert "1853 is for 3 to 6 players (Table 3); 2 given" in form_line(app)
        await send_burst(pilot, " Carlos", "tab", " ")  # Space ticks the shortened game
        assert box.value
        line = form_line(app)
        assert "game 1853 Amy Bob Carlos short" in line
        assert "market" not in line.split("short")[1].split("Then")[0]  # values unchanged
        assert "Then in the command bar: each player's bond (`bond PLAYER AMOUNT`)" in line
        await send_burst(pilot, "ctrl+s")
        screen = main_screen(app)
        game = screen.session.game
        data = screen.session.data
        assert (data["title"], data["short"], data["stage"]) == ("1853", True, "bonds")
        assert data["starting_total"] == 7760  # 2.4: the shortened game's bank
        assert game.path is not None and saved_lines(game.path) == []
        text = screen_text(app)
        assert "1853 short" in text.splitlines()[0]
        assert "Setup — contract bonds (2.5)" in text.splitlines()[0]
        assert "─ Contract bids (2.5)" in text and "Carlos  no bond yet" in text
        assert "─ Stock market (£) — PROVISIONAL" in text


async def test_edited_market_values_start_the_game_with_setpar_and_market_lines(
    saves: Path,
) -> None:
    from textual.widgets import Checkbox, Input

    async with running(saves) as (app, pilot):
        await choose_1853(pilot)
        await send_burst(pilot, "tab", "Amy Bob Carlos")
        screen = app.screen
        pars = screen.query_one("#market-1853-pars", Input)
        pars.value = pars.value.replace("GIP 90", "GIP 91")
        await pilot.pause()
        line = form_line(app)
        assert line.startswith("Cannot start yet: `setpar GIP 91`:")  # not on the track
        pars.value = pars.value.replace("GIP 91", "GIP 100")
        await pilot.pause()
        assert "· setpar GIP 100" in form_line(app)
        await send_burst(pilot, "ctrl+s")
        game = main_screen(app).session.game
        assert game.path is not None and saved_lines(game.path) == ["setpar GIP 100"]
        market = main_screen(app).session.data["market"]
        assert market["pars"]["GIP"] == 100 and "GIP" not in market["provisional_pars"]
        assert market["provisional"] is True  # the track itself is still unconfirmed
    for old in saves.glob("*.json"):
        old.unlink()
    async with running(saves) as (app, pilot):
        await choose_1853(pilot)
        await send_burst(pilot, "tab", "Amy Bob Carlos")
        app.screen.query_one("#market-1853-confirm", Checkbox).value = True
        await pilot.pause()
        await send_burst(pilot, "ctrl+s")
        game = main_screen(app).session.game
        assert game.path is not None
        lines = saved_lines(game.path)
        assert lines[0] == "market " + " ".join(str(v) for v in TRACK)
        assert lines[1:] == [f"setpar {cid} {v}" for cid, v in PARS.items()]
        market = main_screen(app).session.data["market"]
        assert market["provisional"] is False and market["provisional_pars"] == []
        assert "PROVISIONAL" not in screen_text(app)


async def test_bonds_and_claims_given_by_the_bar_show_in_the_bids(saves: Path) -> None:
    save_from_script(saves / "g.json", "game 1853 Amy Bob Carlos\n").close()
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.query_one("#bids", BidsPanel).display
        await send_burst(pilot, ":bond Amy 120", "enter")
        await send_burst(pilot, "bond Bob 160", "enter")
        bids = panel_lines(screen_text(app), "Contract bids (2.5)")
        assert "Amy     bond £120" in bids[1] and "Carlos  no bond yet" in bids[3]
        await send_burst(pilot, "bond Carlos 100", "enter")
        text = screen_text(app)
        assert "Setup — contract claims (2.5)" in text.splitlines()[0]
        assert "Elephant Bob" in text.splitlines()[0]  # the largest bond (2.5.3)
        bids = panel_lines(text, "Contract bids (2.5)")
        assert bids[1].startswith("◆ Bob     bond £160")  # seats follow the bonds
        await send_burst(pilot, "claim Bob Calcutta EIR", "enter")
        await send_burst(pilot, "claim Bob sealed NWR", "enter")
        text = screen_text(app)
        bob = next(line for line in panel_lines(text, "Contract bids (2.5)") if "Bob" in line)
        assert "Calcutta→EIR, sealed→NWR  (2 cities £70)" in bob
        players = panel_lines(text, "Players")
        assert players[0].split()[3:5] == ["EIR", "NWR"]
        assert next(line for line in players if "Bob" in line).split()[4:6] == ["10%", "10%"]
        assert saved_lines(saves / "g.json") == [
            "bond Amy 120",
            "bond Bob 160",
            "bond Carlos 100",
            "claim Bob Calcutta EIR",
            "claim Bob sealed NWR",
        ]


async def test_the_tracks_show_a_company_formed_at_its_par(saves: Path) -> None:
    save_from_script(saves / "g.json", DEMO, stop_before="spend EIR 50").close()
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        panel = screen.query_one("#market", TracksMarketPanel)
        lines = panel.build().renderables
        eir, sir = lines[0], lines[6]
        for line, cid, value in ((eir, "EIR", 100), (sir, "SIR", 64)):
            at = line.plain.index(f" {value} ") + 1
            styles = [str(span.style) for span in line.spans if span.start <= at < span.end]
            assert any(" on #" in s for s in styles), cid  # the price in its colours
            assert any("underline" in s for s in styles), cid  # at its par
        gip = lines[1]
        at = gip.plain.index(" 90 ") + 1
        assert not any(
            " on #" in str(span.style) for span in gip.spans if span.start <= at < span.end
        )  # GIP has not formed
        rows = panel_lines(screen_text(app), "Companies")
        assert next(line for line in rows if " EIR " in line).split()[:7] == [
            "▶",
            "EIR",
            "1",
            "maj",
            "£1,000",
            "£100",
            "£100",
        ]


async def test_a_run_with_the_mail_shows_the_engines_receipt(saves: Path) -> None:
    from moderator.ui.screens.mailrun import MailRunDialog

    save_from_script(saves / "g.json", DEMO, stop_before="run EIR 60").close()
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await send_burst(pilot, "r", "60", "tab", "20")
        dialog = app.screen
        assert isinstance(dialog, MailRunDialog)
        assert dialog.options == ["full", "withhold"]
        assert dialog.reason_text == "✓ run EIR 60 full mail 20"
        receipt = screen.session.game.receipt("EIR", 60, "full", mail=20).text()
        assert "mail" in receipt and str(dialog.query_one("#extra").render()) == receipt
        await send_burst(pilot, "enter")
        assert saved_lines(saves / "g.json")[-1] == "run EIR 60 full mail 20"
        text = screen_text(app)
        for line in receipt.splitlines():
            assert line.strip() in text
        eir = next(line for line in panel_lines(text, "Companies") if " EIR " in line)
        assert "£370" in eir and "£112" in eir  # £350 + the mail £20; price up (4.7.1)


async def test_a_managed_companys_panel_names_its_manager(saves: Path) -> None:
    save_from_script(saves / "g.json", MANAGED).close()
    async with running(saves) as (app, pilot):
        text = screen_text(app)
        gip = next(line for line in panel_lines(text, "Companies") if " GIP " in line)
        assert gip.split()[:9] == ["▶", "GIP", "2", "maj", "£900", "£90", "£90", "mgr", "Amy"]
        data = main_screen(app).session.data
        assert next(co for co in data["companies"] if co["id"] == "GIP")["manager"] == "Amy"


async def test_the_1853_demo_opens_from_the_start_screen(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "i")
        screen = main_screen(app)
        data = screen.session.data
        assert data["title"] == "1853" and data["round"]["kind"] == "OR"
        assert data["turn"] == "SIR"
        assert screen.session.game.path is not None
        assert screen.session.game.path.name == "demo-1853.json"
        tracks = track_lines(screen_text(app))
        assert tracks[6].startswith("▶7 SIR") and "112" in tracks[0].split()


async def test_the_1853_screen_fits_120x40_and_is_usable_at_80x24(saves: Path) -> None:
    save_from_script(saves / "g.json", DEMO).close()
    async with running(saves) as (app, pilot):
        text = screen_text(app)
        for title in ("Players", "Companies", "Stock market (£)", "Trains and phase", "Log"):
            assert f"─ {title}" in text
        assert len(track_lines(text)) == 9  # eight tracks and the PROVISIONAL line
        assert "48 commands" in text  # the log's first line is on screen
    async with running(saves, SMALL) as (app, pilot):
        panel = main_screen(app).query_one(TracksMarketPanel)
        tracks = [line.plain for line in panel.build().renderables][:8]
        assert all(len(line) <= 76 for line in tracks)
        assert all("64" in line.split() and "112" in line.split() for line in tracks)
        await send_burst(pilot, ":run SIR 40 withhold", "enter")
        assert saved_lines(saves / "g.json")[-1] == "run SIR 40 withhold"
        assert "SIR runs £40, withhold" in screen_text(app)  # the receipt is in view


# ---------------------------------------------------------------- narration in 1853's words
def test_narration_of_the_contract_stage_and_formation_in_1853s_words() -> None:
    from moderator.events import CashMoved, PresidentChanged, PriorityChanged
    from moderator.game import Game
    from moderator.narrate import narrate
    from moderator.script import parse_line

    game = Game.new("1853", ["Amy", "Bob", "Carlos"])
    said = []
    for line in ("bond Amy 120", "bond Bob 160", "bond Carlos 100", "claim Bob Calcutta EIR"):
        out = game.execute(line)
        assert out.ok, out.message
        said.append(narrate(out.command, out.events, "£", "1853"))
    # the bond set aside and the share claimed are what the lines say: no line of their own
    assert said[0] == [] and said[1] == [] and said[3] == []
    assert said[2][0] == (
        "The Elephant (priority deal) goes to Bob: the largest Bond takes the Elephant (2.5.3)"
    )
    assert said[2][1].startswith("Seating by bond (2.5.3): Bob £160, Amy £120, Carlos £100")
    # a bond account in words; a director, not a president
    back = CashMoved(source="bond:Amy", target="Amy", amount=120, reason="bond returned")
    aside = CashMoved(source="Amy", target="bond:Amy", amount=120, reason="set aside (2.5.2)")
    formed = PresidentChanged(company="EIR", before=None, after="Bob", reason="(2.9.1)")
    bond_cmd = parse_line("note x")
    lines = narrate(bond_cmd, [back, aside, formed, PriorityChanged(player="Amy")], "£", "1853")
    assert lines == [
        "Amy's bond pays Amy £120: bond returned",
        "Amy sets £120 aside as Amy's bond: set aside (2.5.2)",
        "Bob is director of EIR: (2.9.1); Bob exchanges two ordinary shares for the "
        "Director's certificate (3.2.1)",
        "The Elephant (priority deal) goes to Amy",
    ]
    # other titles keep their words
    assert narrate(bond_cmd, [formed, PriorityChanged(player="Amy")], "$") == [
        "Bob is president of EIR: (2.9.1)",
        "Priority deal goes to Amy",
    ]


async def test_the_log_names_the_elephant_after_the_last_bond(saves: Path) -> None:
    save_from_script(
        saves / "g.json", "game 1853 Amy Bob Carlos\nbond Amy 120\nbond Bob 160\n"
    ).close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, ":bond Carlos 100", "enter")
        text = screen_text(app)
        assert "The Elephant (priority deal) goes to Bob" in text
        assert "Carlos pays" not in text  # the bond set aside is the line itself


async def test_moderator_demo_1853_opens_the_shipped_demo(saves: Path) -> None:
    """``moderator demo 1853`` (``run_app(demo="1853")``): the demo played into a fresh
    save and opened, the bonds still held aside, EIR's price up after its run."""
    from moderator.ui.app import ModeratorApp
    from moderator.ui.saves import DEMO_SCRIPTS

    assert DEMO_SCRIPTS["1853"] == "demo-1853.script"
    app = ModeratorApp(saves=saves, demo="1853")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        data = main_screen(app).session.data
        assert (data["title"], data["turn"]) == ("1853", "SIR")
        assert data["bonds"] == {"Carlos": 220, "Bob": 160, "Amy": 120}
        assert data["market"]["positions"] == {"EIR": 112, "SIR": 64}
        assert (saves / "demo-1853.json").exists()


MANAGERS_SCRIPT = (REPO / "tests" / "scripts" / "1853-managers.script").read_text(encoding="utf-8")
"""NWR, managed by Ann, owes £80 on its credit 2 (it paid £160 + £60 toward the £300) when
Bo's pool share makes him its director in SR 3 (the ``credit NWR pay`` line follows)."""


async def test_the_credit_key_offers_buying_or_returning_with_the_engines_figures(
    saves: Path,
) -> None:
    """4.8.10: ``k`` opens the new director's two choices, each with what it moves (the
    game's preview): Bo pays the £80 still owed, or NWR gets back the £220 it paid."""
    from moderator.ui.screens.dialogs import ChoiceDialog

    save_from_script(saves / "g.json", MANAGERS_SCRIPT, stop_before="credit NWR pay").close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "k")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        labels = {x.choice: str(text) for text, x in dialog.choices}  # type: ignore[attr-defined]
        assert labels == {
            "pay": "Bo buys NWR's credit train   pays £80",
            "return": "NWR returns it to the bank   receives £220",
        }
        assert "Bo takes over NWR" in dialog.title_text
        index = next(i for i, (_, x) in enumerate(dialog.choices) if x.choice == "return")  # type: ignore[attr-defined]
        for _ in range(index):
            await send_burst(pilot, "down")
        await send_burst(pilot, "enter")
        assert saved_lines(saves / "g.json")[-1] == "credit NWR return"
        nwr = next(co for co in main_screen(app).session.data["companies"] if co["id"] == "NWR")
        assert (nwr["cash"], nwr["credit_debt"], nwr["trains"]) == (220, 0, ["2", "2"])


async def test_while_the_choice_waits_a_dimmed_key_names_the_director(saves: Path) -> None:
    """4.8.10: while the game waits for Bo's choice, a key the rules refuse says Bo must
    choose first (not whose stock turn is next)."""
    from moderator.ui.keys import UI_COMMANDS

    save_from_script(saves / "g.json", MANAGERS_SCRIPT, stop_before="credit NWR pay").close()
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        dimmed = [
            cmd
            for cmd in UI_COMMANDS
            if cmd.id in ("buy", "sell", "pass")
            and screen.check_action(cmd.action.split("(")[0], ()) is None
        ]
        assert dimmed
        for cmd in dimmed:
            why = screen.why_not(cmd)
            assert "Bo" in why and "4.8.10" in why, why


async def test_the_credit_key_is_dimmed_with_no_choice_waiting_and_hidden_in_1846(
    saves: Path,
) -> None:
    save_from_script(saves / "g.json", MANAGERS_SCRIPT).close()
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.check_action("credit_train", ()) is None  # 1853, nothing waiting
        await send_burst(pilot, "k")
        assert app.screen is screen  # no dialog
    save_from_script(saves / "h.json", "game 1846 Amy Bob Carlos\n").close()
    async with running(saves) as (app, pilot):
        assert main_screen(app).check_action("credit_train", ()) is False


# ---------------------------------------------------------------- contract bids by keys (18.7)
def shown_keys(app: App[None]) -> list[str]:
    """The labels of the footer's keys shown now, lit or dimmed."""
    from moderator.ui.widgets.footer import KeyStrip

    return [key.description for key in main_screen(app).query_one(KeyStrip).keys]  # type: ignore[arg-type]


async def test_the_footer_shows_only_the_keys_of_the_contract_stage(saves: Path) -> None:
    """Issue 18.7: the bonds show Bond (never Par, Buy, Sell, Pass); the claims Pass, Claim,
    Settle; after `settle` the stock round's keys, still without Par (3.1.4)."""
    save_from_script(saves / "g.json", "game 1853 Amy Bob Carlos\n").close()
    async with running(saves) as (app, pilot):
        keys = shown_keys(app)
        assert "Bond" in keys
        assert not {"Par", "Buy", "Sell", "Pass", "Claim", "Settle"} & set(keys)
        await send_burst(
            pilot,
            ":bond Amy 120",
            "enter",
            "bond Bob 160",
            "enter",
            "bond Carlos 100",
            "enter",
            "escape",
        )
        keys = shown_keys(app)
        assert {"Pass", "Claim", "Settle"} <= set(keys)
        assert not {"Par", "Buy", "Sell", "Bond"} & set(keys)
    save_from_script(saves / "g.json", DEMO, stop_before="pass Carlos").close()
    async with running(saves) as (app, pilot):
        keys = shown_keys(app)
        assert {"Buy", "Sell", "Pass"} <= set(keys)
        assert not {"Par", "Bond", "Claim", "Settle"} & set(keys)


async def test_bonds_claims_passes_and_settle_by_keys(saves: Path) -> None:
    """Issue 18.7: n (bond), a (claim), x (pass), m (settle) give the contract bids; the
    figures come from the game (the lowest bond it accepts, the preview's payments)."""
    save_from_script(saves / "g.json", "game 1853 Amy Bob Carlos\n").close()
    async with running(saves) as (app, pilot):
        # n: three players without a bond -> whose, then the amount (the minimum typed in)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.title_text == "Whose contract bond? (2.5.2)"  # type: ignore[attr-defined]
        await pilot.press("b", "enter")
        await pilot.pause()
        dialog = app.screen
        assert dialog.title_text == "Bob's contract bond (2.5.2)"  # type: ignore[attr-defined]
        low = min(x.amount for x in main_screen(app).session.legal_of(c.Bond))  # type: ignore[attr-defined]
        assert f"at least £{low}" in dialog.note  # type: ignore[attr-defined]
        await send_burst(pilot, "backspace", "backspace", "backspace", "160")
        extra = str(dialog.query_one("#extra").render())
        assert "Bob → Bob's bond £160" in extra  # the engine's preview of `bond Bob 160`
        await pilot.press("enter")
        await pilot.pause()
        await send_burst(pilot, ":bond Amy 120", "enter", "bond Carlos 100", "enter", "escape")
        # a: Bob (the Elephant) claims first; a city, then the company
        await pilot.press("a")
        await pilot.pause()
        assert app.screen.title_text == "Bob's claim: which city? (2.5.4)"  # type: ignore[attr-defined]
        await send_burst(pilot, "CAL", "enter")  # either case narrows (issue 18.9)
        if app.screen is not main_screen(app):  # Calcutta carries more than EIR: which
            await send_burst(pilot, "eir", "enter")
        assert saved_lines(saves / "g.json")[-1] == "claim Bob Calcutta EIR"
        lines = [
            "claim Bob Delhi EIR",
            "claim Bob Patna EIR",
            "claim Bob Lahore NWR",
            "claim Amy Bombay BBCI",
            "claim Amy Jaipur BBCI",
            "claim Amy Madras SIR",
            "claim Amy Nagpur GIP",
            "claim Carlos Karachi NWR",
            "claim Carlos Lucknow EIR",
            "claim Carlos Cawnpore EIR",
            "claim Carlos Hyderabad GIP",
        ]
        await send_burst(
            pilot, ":", *[part for line in lines for part in (line, "enter")], "escape"
        )
        assert saved_lines(saves / "g.json")[-1] == "claim Carlos Hyderabad GIP"
        # x in the claims: whose bid is complete (each may pass now)
        await pilot.press("x")
        await pilot.pause()
        assert app.screen.title_text == "Whose bid is complete? (2.5.4)"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert saved_lines(saves / "g.json")[-1].startswith("pass ")
        bids = main_screen(app).session.data["bids"]
        rest = [f"pass {name}" for name, bid in bids.items() if not bid["passed"]]
        await send_burst(pilot, ":", *[part for line in rest for part in (line, "enter")], "escape")
        # m: the settlement's payments, from the engine's preview, then Enter gives it
        preview = main_screen(app).session.preview(c.Settle())
        paid = [ev for ev in preview if isinstance(ev, CashMoved)]  # type: ignore[union-attr]
        assert paid
        await pilot.press("m")
        await pilot.pause()
        note = app.screen.note  # type: ignore[attr-defined]
        for ev in paid:
            assert f"→ the bank £{ev.amount}" in note and ev.source in note
        await pilot.press("enter")
        await pilot.pause()
        assert saved_lines(saves / "g.json")[-1] == "settle"
        assert main_screen(app).session.round_kind == "SR"


def test_a_corporations_bank_train_is_offered_once() -> None:
    """Issue 18.11: the legal list offered "train GIP 2" twice (the engine's offer and
    1853's own); every candidate is now one command once."""
    from collections import Counter

    from moderator.simulate import simulate

    game = simulate(1, players=3, title="1853", max_commands=120)
    checked = 0
    for upto in range(len(game.journal)):
        state = game.replay(upto)
        if state.round_kind != "OR":
            continue
        trains = Counter(
            x.model_dump_json() for x in game.ruleset.candidates(state) if isinstance(x, c.BuyTrain)
        )
        assert all(n == 1 for n in trains.values()), trains
        checked += bool(trains)
    assert checked  # positions with trains offered were seen


async def test_the_train_dialog_offers_each_bank_train_once(saves: Path) -> None:
    """Issue 18.11: "GIP buys a 2 from the bank" was offered twice; the credit purchase
    (3.4.3) is its own choice, labelled so."""
    from moderator.game import Game
    from moderator.simulate import simulate

    def both(game: Game) -> bool:  # a bank train legal both paid and on credit (3.4.3)
        bank = [x for x in game.legal_commands() if isinstance(x, c.BuyTrain) and x.source is None]
        return any(x.credit for x in bank) and any(not x.credit for x in bank)

    script = simulate(4, players=4, title="1853", max_commands=400).script().splitlines()
    replay = Game.new("1853", script[0].split()[2:])
    upto = next(
        n
        for n, line in enumerate(script[1:], 1)
        if replay.execute(line).ok and replay.state.round_kind == "OR" and both(replay)
    )
    save_from_script(saves / "g.json", "\n".join(script[: upto + 1]) + "\n").close()
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        trains = [x for x in session.legal_of(c.BuyTrain) if isinstance(x, c.BuyTrain)]
        assert len(trains) == len(set(trains))
        assert any(x.credit for x in trains) and any(not x.credit for x in trains)
        await pilot.press("t")
        await pilot.pause()
        labels = [str(label) for label, _ in app.screen.choices]  # type: ignore[attr-defined]
        assert len(labels) == len(set(labels)), labels
        assert any("from the bank on credit (3.4.3)" in label for label in labels)
        legal = session.legal_lines()
        assert len(legal) == len(set(legal))


async def test_a_key_of_another_stage_says_which_stage_it_is_for(saves: Path) -> None:
    """Issue 18.7: a hidden key pressed says why: the stage it belongs to, or that the
    title has no such command (1853: no par, 3.1.4)."""
    save_from_script(saves / "g.json", "game 1853 Amy Bob Carlos\n").close()
    async with running(saves) as (app, pilot):
        await pilot.press("x")
        await pilot.press("p")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert (
            "Pass is for a stock round or the contract claims (1853 2.5.4); this is the "
            "contract bonds (1853 2.5.2)"
        ) in said
        assert "1853 has no par command" in said
        assert saved_lines(saves / "g.json") == []
