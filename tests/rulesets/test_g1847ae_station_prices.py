"""1847 AE 6.5: "The prices for placing a station tokens is stated on the charters" (rules
level 11, fixes ``1847AE-6.5-price`` and ``1847RRRRB-6.5-price``): the next token's printed
price, half of it with Weidenthal (4.2). Before, any amount was taken.

``1847ae-weidenthal.script``: HLB's charter prints 0, 0, 80, 100 (facts §4.1, the home
stations free). In OR 4.1 it places its Weidenthal station, half the 80: 40 (HLB 75 -> 35);
in OR 4.2 its last station costs 100 (135 -> 35).
"""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.fixes import FIXES
from moderator.game import Game

SCRIPT = (SCRIPTS / "1847ae-weidenthal.script").read_text(encoding="utf-8")


def _upto(line: str) -> str:
    return SCRIPT.partition(line + "\n")[0]


def test_6_5_the_charters_next_price() -> None:
    game = play(_upto("spend HLB 100 token"))
    assert game.state.company("HLB").cash == 135
    refuse(game, "spend HLB 80 token", "HLB's next station token costs M100", "(6.5)")
    assert game.execute("spend HLB 100 token").ok
    assert game.state.company("HLB").cash == 35


def test_4_2_weidenthal_halves_the_next_price() -> None:
    game = play(_upto("spend HLB 40 token W"))
    refuse(game, "spend HLB 50 token W", "costs M40", "half the M80 (4.2)")
    assert game.execute("spend HLB 40 token W").ok


def test_a_game_before_rules_level_11_took_any_amount() -> None:
    """A save of rules level 10 replays as written: its HLB's last station at 80."""
    assert FIXES["1847AE-6.5-price"].level == FIXES["1847RRRRB-6.5-price"].level == 11
    lines = [x for x in _upto("spend HLB 100 token").splitlines() if x and x[0] != "#"]
    game = Game.new("1847AE", lines[0].split()[2:], rules_level=10)
    for line in lines[1:]:
        assert game.execute(line).ok, line
    assert game.execute("spend HLB 80 token").ok
    assert game.state.company("HLB").cash == 55
