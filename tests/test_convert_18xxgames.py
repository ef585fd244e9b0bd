"""scripts/convert_18xxgames.py: an 18xx.games game JSON as banker lines.

The recorded games it converted (``tests/scripts/*-recorded-*.script``) are played by
``tests/test_examples.py``; here: each ends on every player's recorded score, and the
converter's readings (undo, auto-actions, a purchase of the private on offer, a pool
share, the map's charges, a run with its payout kind) on a small hand-made game.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.conftest import play

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "tests" / "scripts"
RECORDED = sorted(
    p
    for p in SCRIPTS.glob("*-recorded-*.script")
    if "convert_18xxgames" in p.read_text() and not p.name.startswith("1817-")
)  # 1817's stop at the first merger round: tests/test_convert_1817.py

convert_18xxgames = sys.modules["convert_18xxgames"]  # loaded by tests/conftest.py


@pytest.mark.parametrize("script", RECORDED, ids=lambda p: p.stem)
def test_a_converted_game_ends_on_each_players_recorded_score(script: Path) -> None:
    text = script.read_text(encoding="utf-8")
    players = next(line for line in text.splitlines() if line.startswith("game ")).split()[2:]
    expected = {
        words[1]: int(words[3])
        for words in (line.split() for line in text.splitlines())
        if words[:1] == ["expect"] and words[2:3] == ["value"]
    }
    assert sorted(expected) == sorted(players)
    play(text)  # every `expect` holds: the recorded scores, to the coin


def _player(pid: int, **action: object) -> dict:
    return {"entity": pid, "entity_type": "player", **action}


def _corp(corp: str, **action: object) -> dict:
    return {"entity": corp, "entity_type": "corporation", **action}


def test_the_converter_reads_the_actions_that_stand() -> None:
    actions = [
        _player(1, type="bid", company="TR", price=20),  # 1889's TER, on offer: a purchase
        _player(2, type="bid", company="SMR", price=55),  # not on offer: a bid
        _player(3, type="pass"),
        _player(3, type="pass"),  # undone below
        {"type": "undo", "entity": 3, "entity_type": "player"},
        _player(
            1,
            type="par",
            corporation="KO",
            share_price="70,5,3",
            auto_actions=[_player(2, type="pass")],
        ),
        _player(3, type="buy_shares", shares=["KO_2"], percent=10),
        _player(3, type="sell_shares", shares=["KO_2"], percent=10),
        _player(2, type="buy_shares", shares=["KO_2"], percent=10),  # the pool's share
        _corp("KO", type="lay_tile", hex="E4", tile="8-0", rotation=0),  # mountain: 80
        _corp("KO", type="lay_tile", hex="E4", tile="23-0", rotation=0),  # upgrade: free
        _corp("KO", type="place_token", city="E2-0-0", slot=0),  # second station: 40
        _corp("KO", type="run_routes", routes=[{"train": "2-0", "revenue": 50}]),
        _corp("KO", type="dividend", kind="withhold"),
        _corp("KO", type="buy_train", train="2-0", price=80),
        {"type": "program_share_pass", "entity": 1, "entity_type": "player"},
    ]
    game = {
        "id": 1,
        "title": "1889",
        "players": [{"id": i, "name": f"P{i}"} for i in (1, 2, 3)],
        "actions": [{"id": i, **a} for i, a in enumerate(actions, 1)],
        "result": {"1": 400, "2": 380, "3": 360},
    }
    lines = [
        line for line in convert_18xxgames.convert(game).splitlines() if not line.startswith("#")
    ]
    assert lines == [
        "game 1889 One Two Three",
        "buy One TER",
        "bid Two SMR 55",
        "pass Three",
        "par One KO 70",
        "pass Two",
        "buy Three KO",
        "sell Three KO 1",
        "buy Two KO pool",
        "spend KO 80 terrain",
        "spend KO 40 token",
        "run KO 50 withhold",
        "train KO 2",
        "expect One value 400",
        "expect Two value 380",
        "expect Three value 360",
    ]
