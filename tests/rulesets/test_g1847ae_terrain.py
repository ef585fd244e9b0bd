"""1847 AE 6.3: "In hexes containing a mountain symbol or those at the rivers Rhine and Saar,
there are costs printed" (rules level 13, fix ``1847AE-6.3``): a ``spend CORP AMOUNT
terrain`` line is one of the map's costs, M40, M50, M70 or M80 (facts §9), checked by
:mod:`rulesets.terrain` as for the 1830 family. Before, any amount was taken. 1847 Pfalz
and RRRR&B, on the RRR&B map whose costs the facts do not give, are not checked.

``1847ae-weidenthal.script``: HLB holds M135 in OR 4.2 before its last station.
"""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.fixes import FIXES
from moderator.game import Game

SCRIPT = (SCRIPTS / "1847ae-weidenthal.script").read_text(encoding="utf-8")
UPTO = SCRIPT.partition("spend HLB 100 token\n")[0]


def test_6_3_a_terrain_line_is_a_printed_cost() -> None:
    """M60 is no cost of the map: refused, naming 6.3 and the four costs; M70 (a high
    mountain) is paid: 135 -> 65; a tile line is not checked (no rule prices a tile)."""
    game = play(UPTO)
    assert game.state.company("HLB").cash == 135
    refuse(game, "spend HLB 60 terrain", "not M60 (6.3)", "M50 (the water of C3")
    assert game.state.company("HLB").cash == 135
    assert game.execute("spend HLB 70 terrain").ok
    assert game.state.company("HLB").cash == 65


def test_1847_pfalz_is_not_checked() -> None:
    """Pfalz plays on another map: its terrain lines take any amount."""
    assert not Game.new("1847Pfalz", ["A", "B", "C"]).ruleset.terrain_costs  # type: ignore[attr-defined]


def test_a_game_before_rules_level_13_took_any_amount() -> None:
    """A save of rules level 12 replays as written: M60 of terrain."""
    assert FIXES["1847AE-6.3"].level == 13
    lines = [x for x in UPTO.splitlines() if x and x[0] != "#"]
    game = Game.new("1847AE", lines[0].split()[2:], rules_level=12)
    for line in lines[1:]:
        assert game.execute(line).ok, line
    assert game.execute("spend HLB 60 terrain").ok
    assert game.state.company("HLB").cash == 75
