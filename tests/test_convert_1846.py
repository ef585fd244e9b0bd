"""scripts/convert_1846.py: recorded 1846 games as banker scripts.

The stored games (``tests/recorded/1846-ID.json``: the public 18xx.games fixtures whose
runs keep each route's revenue) convert, with their figures (``1846-ID.figures.json``:
the cash, prices and bank the 18xx.games engine printed at each round's start), to the
committed ``tests/scripts/1846-recorded-ID.script``, each ending on every player's recorded
score (``tests/test_examples.py`` replays them); the converter's readings are checked on a
small hand-made game, and the map's charges on their own.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.test_convert_18xxgames import _corp, _player

ROOT = Path(__file__).resolve().parents[1]
RECORDED = ROOT / "tests" / "recorded"
SCRIPTS = ROOT / "tests" / "scripts"
GAMES = sorted(p for p in RECORDED.glob("1846-*.json") if not p.name.endswith(".figures.json"))

convert_1846 = sys.modules["convert_1846"]  # loaded by tests/conftest.py


def _script(game: Path) -> Path:
    return SCRIPTS / f"1846-recorded-{game.stem.split('-', 1)[1]}.script"


def test_every_stored_1846_game_has_its_script() -> None:
    assert [g.stem for g in GAMES] == [
        "1846-10264",
        "1846-12666",
        "1846-19962",
        "1846-20381",
        "1846-222264",
        "1846-3099",
        "1846-all-closed",
        "1846-bankrupt",
        "1846-cvjhogoy",
        "1846-dnf",
        "1846-sudambau",
        "1846-wwhjwjvo",
    ]
    assert sorted(SCRIPTS.glob("1846-recorded-*.script")) == [_script(g) for g in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.stem)
def test_a_stored_1846_game_converts_to_its_committed_script(game: Path) -> None:
    recorded = json.loads(game.read_text(encoding="utf-8"))
    figures = json.loads(game.with_suffix(".figures.json").read_text(encoding="utf-8"))
    script = convert_1846.convert(recorded, None, None, figures)
    assert script == _script(game).read_text(encoding="utf-8")
    checks = [line for line in script.splitlines() if line.startswith("# figures before")]
    assert len(checks) == len(figures)  # every set of figures is checked
    # the result is keyed by the players' ids, or by their names where they have none
    keys = [str(p.get("id", p["name"])) for p in recorded["players"]]
    names = dict(zip(keys, convert_1846.ORDINALS, strict=False))
    finals = [line for line in script.splitlines() if " value " in line]
    assert sorted(finals) == sorted(
        f"expect {names[str(pid)]} value {score}" for pid, score in recorded["result"].items()
    )


def _minor(minor: str, **action: object) -> dict:
    return {"entity": minor, "entity_type": "minor", **action}


def _company(company: str, **action: object) -> dict:
    return {"entity": company, "entity_type": "company", **action}


def test_the_1846_converter_reads_the_draft_turns_and_charges() -> None:
    actions = [
        # the draft (3 players: six privates; the last one passed twice, 3.22)
        _player(3, type="bid", company="MS", price=60),
        _player(2, type="bid", company="Pass (1)", price=0),
        _player(1, type="bid", company="TBC", price=60),
        _player(3, type="bid", company="BIG4", price=40),
        _player(2, type="bid", company="C&WI", price=60),
        _player(1, type="bid", company="MC", price=40),
        _player(3, type="pass"),
        _player(2, type="pass"),
        _player(1, type="bid", company="MAIL", price=80),
        # the first stock round
        _player(1, type="par", corporation="PRR", share_price="60,0,6"),
        _player(2, type="par", corporation="IC", share_price="80,0,8"),
        _player(3, type="par", corporation="GT", share_price="40,0,4"),
        _player(1, type="buy_shares", shares=["PRR_1"], percent=10),
        _player(2, type="buy_shares", shares=["IC_1"], percent=10),
        _player(3, type="buy_shares", shares=["GT_1"], percent=10),
        _player(1, type="pass"),
        _player(2, type="pass"),
        _player(3, type="pass"),
        # OR 1.1: Michigan Southern crosses the B16/B18 pass ($20 + $40)
        _minor("MS", type="lay_tile", hex="B16", tile="6-0", rotation=4),
        _minor("MS", type="run_routes", routes=[{"train": "2-0", "revenue": 60}]),
        # Big 4 has no action: the site skipped it
        _corp("GT", type="sell_shares", shares=["GT_2"], percent=10, share_price=30),
        _corp("GT", type="lay_tile", hex="C13", tile="8-0", rotation=2),
        _corp("GT", type="pass"),
        _corp("GT", type="buy_train", train="2-2", price=80, variant="2"),
        # PRR buys the Tunnel Blasting Company: the E19/F20 tunnel costs $20 less
        _corp("PRR", type="buy_company", company="TBC", price=60),
        _corp("PRR", type="lay_tile", hex="E19", tile="8-1", rotation=3),
        _corp("PRR", type="pass"),
        _corp("PRR", type="buy_train", train="2-3", price=80, variant="2"),
        # IC: a land-grant hex (free) and its reserved Centralia spot ($40)
        _corp("IC", type="lay_tile", hex="J4", tile="9-0", rotation=0),
        _corp("IC", type="place_token", city="I5-0-0", slot=0),
        _corp("IC", type="pass"),
        _corp("IC", type="buy_train", train="2-4", price=80, variant="2"),
        _corp("IC", type="buy_company", company="MC", price=40),
        _company("MC", type="lay_tile", hex="B12", tile="8-2", rotation=5),  # free (6.48)
        _corp("IC", type="pass"),
        # OR 1.2: Michigan Southern again (the same company after its run: a new turn)
        _minor("MS", type="run_routes", routes=[{"train": "2-0", "revenue": 60}]),
        _corp("IC", type="run_routes", routes=[{"train": "2-4", "revenue": 40}]),
        _corp("IC", type="dividend", kind="payout"),
        _corp("PRR", type="run_routes", routes=[{"train": "2-3", "revenue": 50}]),
        _corp("PRR", type="dividend", kind="half"),
        _corp("GT", type="run_routes", routes=[{"train": "2-2", "revenue": 20}]),
        _corp("GT", type="buy_shares", shares=["GT_2"], percent=10),  # redeemed (6.32)
        _corp("GT", type="dividend", kind="withhold"),
        {"type": "end_game", "entity": "GT", "entity_type": "corporation"},
    ]
    game = {
        "id": 1,
        "title": "1846",
        "players": [{"id": i, "name": f"P{i}"} for i in (1, 2, 3)],
        "settings": {"optional_rules": []},
        "actions": [{"id": i, **a} for i, a in enumerate(actions, 1)],
        "result": {"1": 400, "2": 380, "3": 360},
    }
    lines = [line for line in convert_1846.convert(game).splitlines() if not line.startswith("#")]
    assert lines == [
        "game 1846 One Two Three 2e",
        # 2e: each private group keeps one (facts §5); PRR launched: CO and ERIE go (2.3)
        "remove MPC SC BT LSL OI LM CO ERIE",
        "private Three MS 60",
        "private One TBC 60",
        "private Three BIG4 40",
        "private Two CWI 60",
        "private One MC 40",
        "private One MAIL 60",
        "par One PRR 60",
        "par Two IC 80",
        "par Three GT 40",
        "buy One PRR",
        "buy Two IC",
        "buy Three GT",
        "pass One",
        "pass Two",
        "pass Three",
        "spend MS 60 terrain",
        "run MS 60",
        "done MS",
        "run BIG4 0",
        "done BIG4",
        "issue GT 1",  # before its track step ended: a normal issue (6.31)
        "spend GT 20 tile",
        "run GT 0",
        "train GT 2",
        "done GT",
        "buyprivate PRR TBC 60",
        "spend PRR 40 terrain",
        "run PRR 0",
        "train PRR 2",
        "done PRR",
        "spend IC 40 token",
        "run IC 0",
        "train IC 2",
        "buyprivate IC MC 40",
        "done IC",
        "run MS 60",
        "done MS",
        "run BIG4 0",
        "done BIG4",
        "run IC 40",
        "done IC",
        "run PRR 50 half",
        "done PRR",
        "redeem GT 1",
        "run GT 20 withhold",
        "expect One value 400",
        "expect Two value 380",
        "expect Three value 360",
    ]


def test_an_issue_after_the_skipped_run_is_for_a_forced_train() -> None:
    """A corporation without a train whose track step is over is past its dividend step on
    the site: shares it issues then are 6.86's, written after its run for nothing."""
    converter = convert_1846.Converter({1: "One"}, [1], 4)
    converter.convert(
        [
            _corp("GT", id=1, type="lay_tile", hex="C13", tile="8-0", rotation=2),
            _corp("GT", id=2, type="pass"),
            _corp("GT", id=3, type="sell_shares", shares=["GT_2", "GT_3"], percent=20),
            _corp("GT", id=4, type="buy_train", train="4-0", price=180, variant="4"),
        ]
    )
    assert converter.lines == [
        "spend GT 20 tile",
        "run GT 0",
        "issue GT 2",
        "train GT 4",
        "done GT",
    ]


def test_the_map_charges_hexsides_once_and_follows_track_to_a_city() -> None:
    track = convert_1846.Map()
    assert convert_1846.neighbour("E19", 5) == "F20"
    assert convert_1846.neighbour("G19", 2) == "F18"
    # H12's river side toward I11 ($40): nothing until both sides have track to it
    track.lay("I11", "9-0", 0)  # a straight 0-3: its edge 3 faces H12
    assert track.new_hexsides("I11") == []
    track.lay("H12", "293-0", 0)  # Cincinnati 0-3: edge 0 faces I11
    assert track.new_hexsides("H12") == [(40, False)]
    assert track.new_hexsides("H12") == []  # paid once
    # Baltimore & Ohio at Wheeling (G19, track to edge 5 only) does not reach Cincinnati
    assert not track.reaches({"G19"}, "H12")
    track.lay("H14", "8-1", 2)  # H14 edges 2 and 4 (to G13 and H16)
    track.lay("H16", "9-2", 1)  # H16 edges 1 and 4: H14 to H18
    assert not track.reaches({"G19"}, "H12")  # still nothing from G19 (edge 5 to H20)


CONNECTED = [("D14", "57-0", 0), ("E13", "8-0", 1), ("E11", "57-1", 1)]
"""Track from Toledo (D14) through E13 to Fort Wayne (E11)."""


@pytest.mark.parametrize(
    ("corp", "city", "laid", "price"),
    [
        ("ERIE", "D20-0-0", [], 40),  # its reserved spot in Erie (6.53)
        ("BO", "H12-0-0", [], 100),  # Cincinnati without a connection (6.52)
        ("PRR", "E11-0-0", [], 60),  # Fort Wayne without a connection (6.52)
        ("PRR", "57-1-0", CONNECTED, 40),  # connected from its Toledo station: 6.53's $40
        ("NYC", "57-1-0", CONNECTED, 80),  # any other corporation's station (6.51)
    ],
)
def test_station_prices(corp: str, city: str, laid: list[tuple[str, str, int]], price: int) -> None:
    converter = convert_1846.Converter({1: "One"}, [1], 4)
    converter.stations[corp] = {convert_1846.HOMES[corp], "D14"}
    for hex_, tile, rotation in laid:
        converter.map.lay(hex_, tile, rotation)
    converter.token(corp, _corp(corp, type="place_token", city=city))
    assert converter.lines == [f"spend {corp} {price} token"]


def test_revenue_from_the_stops_of_an_older_recording() -> None:
    """Stops pay their tile's or printed city, an off-board by the phase; an east-west
    route gets both bonuses; the Mail Contract $10 a stop on the longest route; an N/M
    train its best N stops with one of the corporation's stations (facts §5, §7)."""
    converter = convert_1846.Converter({1: "One"}, [1], 4)
    converter.map.lay("E11", "57-0", 1)  # Fort Wayne: $20
    converter.map.lay("D6", "298-0", 0)  # Chicago's green tile: $40 a city
    west = {"train": "4-0", "connections": [["C5", "D6"], ["D6", "E7", "E9", "E11"]]}
    assert convert_1846.Converter.route_stops(west) == ["C5", "D6", "E11"]
    assert converter.chicago_city(west) == 3  # the city on the edge toward E7
    assert converter.routes_revenue("PRR", [west]) == 20 + 40 + 20
    east_west = {
        "train": "5-0",
        "connections": [["C5", "D6"], ["D6", "D8", "D10", "D12", "D14", "C15", "C17"]],
    }
    assert converter.routes_revenue("PRR", [east_west]) == 20 + 40 + 40 + 50 + 30
    converter.owner["MAIL"] = "PRR"  # $10 a stop, on the route with the most stops
    assert converter.routes_revenue("PRR", [west, east_west]) == 80 + 180 + 30
    # a 3/5 counts three of its four stops, one of them a PRR station: F20 ($10), not
    # the better C15 ($40)
    converter.owner.pop("MAIL")
    converter.variant["4-1"] = "3/5"
    long_route = {
        "train": "4-1",
        "connections": [["C17", "C15"], ["C15", "D14"], ["D14", "E15", "F16", "F18", "F20"]],
    }
    converter.map.lay("D14", "57-1", 0)  # Toledo: $20
    converter.stations["PRR"] = {"F20"}
    assert converter.routes_revenue("PRR", [long_route]) == 40 + 40 + 10
