"""The map's printed terrain costs (rulesets.terrain): 1830 18.0 ($80 a hex divided by
water, $120 a mountain), 1889 facts §3 (¥80), 18Chesapeake facts §3 ($40 a river, $80 a
mountain).  Games before rules level 12 took any terrain line (moderator.fixes)."""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse
from test_charter_tokens import OR_1830

from moderator.game import Game
from moderator.script import parse_script


def test_18_0_terrain_costs_80_or_120() -> None:
    g = play(OR_1830)
    refuse(g, "spend BO 100 terrain", "$80 (a hex divided by water) or $120", "(18.0)")
    refuse(g, "spend BO 200 terrain", "two charges are two lines")
    assert g.execute("spend BO 120 terrain").ok
    assert g.execute("spend BO 80 terrain").ok
    assert g.execute("spend BO 100").ok  # no purpose: not checked


def test_facts_3_1889_terrain_costs_80() -> None:
    script = (SCRIPTS / "1889-stock-rules.script").read_text(encoding="utf-8")
    g = play(script.split("run AR 0")[0])
    refuse(g, "spend AR 120 terrain", "terrain on the map costs ¥80", "not ¥120", "(facts §3)")
    assert g.execute("spend AR 80 terrain").ok


def test_facts_3_18chesapeake_terrain_costs_40_or_80() -> None:
    script = (SCRIPTS / "18chesapeake-two-players.script").read_text(encoding="utf-8")
    g = play(script.split("run PRR 0")[0])
    refuse(g, "spend PRR 120 terrain", "$40 (a river hex", "$80 (a mountain hex)", "(facts §3)")
    assert g.execute("spend PRR 40 terrain").ok and g.execute("spend PRR 80 terrain").ok


def test_a_game_before_rules_level_12_takes_any_terrain_line() -> None:
    game = Game.new("1830", ["Amy", "Bob"], rules_level=11)
    for line in list(parse_script(OR_1830))[1:]:
        assert game.execute(line.command).ok
    assert game.execute("spend BO 100 terrain").ok
