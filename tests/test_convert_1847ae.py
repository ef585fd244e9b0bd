"""scripts/convert_1847ae.py: an 18xx.games 1847 AE game JSON as banker lines.

The public fixtures (trimmed, ``tests/recorded/1847ae-ID.json``, with the site's figures at
each stock round's start and at the end, ``1847ae-ID.figures.json``) convert to the
committed ``tests/scripts/1847ae-recorded-*.script``, which replay to those figures and the
recorded scores (less what rule 9 does not count, written in the script); the converter's
readings of each action kind on small hand-made games.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.conftest import play

ROOT = Path(__file__).resolve().parents[1]
RECORDED = {
    "199004": ROOT / "tests" / "scripts" / "1847ae-recorded-game-end-bank.script",
    "185127": ROOT / "tests" / "scripts" / "1847ae-recorded-game-end-bankrupt.script",
}

convert_1847ae = sys.modules["convert_1847ae"]  # loaded by tests/conftest.py


@pytest.mark.parametrize("game_id", sorted(RECORDED))
def test_a_fixture_converts_to_its_committed_script(game_id: str) -> None:
    game = json.loads((ROOT / "tests" / "recorded" / f"1847ae-{game_id}.json").read_text())
    figures = json.loads(
        (ROOT / "tests" / "recorded" / f"1847ae-{game_id}.figures.json").read_text()
    )
    script = RECORDED[game_id].read_text(encoding="utf-8")
    assert convert_1847ae.convert(game, fixture=game["fixture"], figures=figures) == script
    assert script.count("# figures after action") == len(figures["checkpoints"])
    players = next(line for line in script.splitlines() if line.startswith("game ")).split()[2:]
    scored = [
        w[1]
        for w in map(str.split, script.splitlines())
        if w[:1] == ["expect"] and w[2:3] == ["value"]
    ]
    assert sorted(scored) == sorted(players)
    play(script)  # every `expect` holds: the scores and the site's last figures, to the coin


def test_the_bank_game_reaches_every_recorded_score_and_figure_unchanged() -> None:
    """Game 199004 (bank broken): nothing at the end differs from the site."""
    script = RECORDED["199004"].read_text(encoding="utf-8")
    game = json.loads((ROOT / "tests" / "recorded" / "1847ae-199004.json").read_text())
    names = dict(
        zip((p["id"] for p in game["players"]), ("One", "Two", "Three", "Four"), strict=True)
    )
    for pid, score in game["result"].items():
        assert f"expect {names[int(pid)]} value {score}\n" in script
    assert "the tool" not in script  # no figure of the site's replaced


def _player(pid: int, **action: object) -> dict:
    return {"entity": pid, "entity_type": "player", **action}


def _corp(corp: str, **action: object) -> dict:
    return {"entity": corp, "entity_type": "corporation", **action}


def _company(private: str, **action: object) -> dict:
    return {"entity": private, "entity_type": "company", **action}


def _lines(actions: list[dict]) -> list[str]:
    converter = convert_1847ae.Converter({1: "Ann", 2: "Ben", 3: "Cy"}, [1, 2, 3])
    converter.convert(actions)
    return converter.lines


def test_the_starting_package_and_shares() -> None:
    lines = _lines(
        [
            _player(3, type="bid", company="PLP", price=172),
            _player(2, type="bid", company="LFKC", price=130),  # Krauss & Co.: `LFK`
            _player(1, type="bid", company="K", price=110),  # with the L 10% L_1
            _player(1, type="bid", company="SCR", price=75),
            _player(2, type="pass"),
            _player(1, type="buy_shares", shares=["L_4"], percent=10),
            _player(2, type="sell_shares", shares=["LFK_0"], percent=100),
            _player(1, type="sell_shares", shares=["L_1", "L_4"], percent=20),
            _player(3, type="buy_shares", shares=["LFK_0"], percent=100),  # from the pool
            _player(2, type="buy_shares", shares=["L_4"], percent=10),  # from the pool
            _player(3, type="buy_shares", shares=["L_4"], percent=10),  # from Ben: 8.4
            _player(1, type="par", corporation="NDB", share_price="74,5,1"),
            _player(1, type="buy_shares", shares=["NDB_2"], percent=20),
            _player(3, type="buy_shares", shares=["NDB_2"], percent=20),  # a double, 8.4
            _company("SCR", type="buy_shares", shares=["Saar_1"], percent=10),
        ]
    )
    assert lines == [
        "buy Cy PLP",
        "buy Ben LFK",
        "buy Ann K",
        "buy Ann SCR",
        "pass Ben",
        "buy Ann L",
        "sell Ben LFK 1",
        "sell Ann L 2",
        "buy Cy LFK pool",
        "buy Ben L pool",
        "nationalize Cy L Ben",
        "par Ann NDB 74",
        "buy Ann NDB",
        "nationalize Cy NDB Ann 20",
        "exchange Ann SCR",
    ]


def test_the_map_charges_the_quarries_and_a_run() -> None:
    lines = _lines(
        [
            _player(1, type="bid", company="K", price=110),
            _player(2, type="bid", company="R", price=150),
            _corp("L", type="lay_tile", hex="F10", tile="1-0"),  # mountain 40, first tile
            _corp("L", type="lay_tile", hex="F10", tile="12-0"),  # an upgrade: free (6.3)
            _corp("L", type="lay_tile", hex="F18", tile="207-0"),  # printed yellow: 40
            _corp("L", type="place_token", city="G15-0-0", tokener="L"),  # second: 60
            _corp("L", type="run_routes", routes=[{"revenue": 80}, {"revenue": 40}]),
            _corp("L", type="dividend", kind="withhold"),
            _corp("L", type="buy_train", train="3-0", price=150, variant="3"),
            _corp("L", type="buy_company", company="K", price=40),
            _company("K", type="lay_tile", hex="E15", tile="7-1"),  # free, K closes (4.2)
            _corp("L", type="buy_company", company="R", price=200),
            _corp("L", type="lay_tile", hex="E9", tile="58-3"),  # R's town: 40 and R 50
            _corp("HLB", type="buy_train", train="3-1", price=150, variant="3"),  # no train
            _corp("HLB", type="buy_company", company="W", price=75),
            _company("W", type="place_token", city="15-1-0", tokener="HLB"),  # 80 / 2
            _corp("HLB", type="place_token", city="C9-0-0", tokener="HLB"),  # 100
            _corp("N", type="buy_train", train="3-0", price=100),  # from L
            _corp("RNB", type="lay_tile", hex="I5", tile="8-0"),  # water 50, no train yet
        ]
    )
    assert lines == [
        "buy Ann K",
        "buy Ben R",
        "spend L 40 terrain",
        "spend L 40 terrain",
        "spend L 60 token",
        "run L 120 withhold",
        "train L 3",
        "buyprivate L K 40",
        "close K",
        "buyprivate L R 200",
        "spend L 40 terrain",
        "income R 50",
        "run HLB 0",
        "train HLB 3",
        "buyprivate HLB W 75",
        "spend HLB 40 token W",
        "spend HLB 100 token",
        "run N 0",
        "train N 3 from L 100",
        "spend RNB 50 terrain",
        "run RNB 0",
        "done RNB noroute",
    ]


def test_a_final_score_leaves_out_what_rule_9_does_not_count() -> None:
    """The site adds the privates a player still holds at their printed price."""
    converter = convert_1847ae.Converter({1: "Ann", 2: "Ben", 3: "Cy"}, [1, 2, 3])
    converter.convert(
        [
            _player(1, type="bid", company="MNR", price=90),
            _player(1, type="bid", company="SPR", price=190),
            _player(2, type="bid", company="SCR", price=75),
            _company("SCR", type="buy_shares", shares=["Saar_1"], percent=10),  # closes
            _corp("Saar", type="buy_train", train="3-0", price=150, variant="3"),  # SPR closes
        ]
    )
    assert converter.final_score("Ben", 500) == ["expect Ben value 500"]
    assert converter.final_score("Ann", 700)[-1] == "expect Ann value 610"  # less MNR's 90


def test_the_passes_the_site_made_by_itself_are_written() -> None:
    """The site passes a player who can buy nothing and records nothing; the tool waits
    for his pass (he could buy a private from another player, 4.2, 4.4): the converter,
    which plays its lines in the tool, writes it (game 185127, from stock round 3)."""
    game = json.loads((ROOT / "tests" / "recorded" / "1847ae-185127.json").read_text())
    names = dict(
        zip((p["id"] for p in game["players"]), ("One", "Two", "Three", "Four"), strict=True)
    )
    recorded = [
        f"pass {names[a['entity']]}"
        for a in convert_1847ae.effective_actions(game["actions"])
        if a["type"] == "pass" and a["entity_type"] == "player"
    ]
    written = [line for line in RECORDED["185127"].read_text().splitlines() if line[:5] == "pass "]
    assert len(written) == len(recorded) + 9


def test_a_line_the_rules_refuse_is_written_as_a_comment(monkeypatch: pytest.MonkeyPatch) -> None:
    """An action of ``SITE_DEVIATIONS``: the reason, then the line, both comments."""
    monkeypatch.setitem(convert_1847ae.SITE_DEVIATIONS, (0, 7), "the site allowed it; 8.2 not")
    lines = _lines([_player(1, type="sell_shares", shares=["L_1"], percent=10, id=7)])
    assert lines == ["# the site allowed it; 8.2 not", "# sell Ann L 1"]
