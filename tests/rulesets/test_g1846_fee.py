"""1846 6.4-6.5: a corporation (or an independent) pays the bank for its track (6.48) and its
tokens (6.51-6.53); the rules charge no fee, so `spend CORP AMOUNT fee` is refused (rules
level 14, fix ``1846-fee``). Before, any fee was taken.

Worked by hand (as test_g1846_track_costs): 3 players remove ERIE and PRR (2.3); Amy
launches GT at $60 ($120 to GT, 5.34), Bob B&O at $80 ($160); OR 1.1 runs GT first (6.1).
"""

from __future__ import annotations

from conftest import play, refuse

from moderator.fixes import FIXES
from moderator.game import Game

SETUP = (
    "game 1846 Amy Bob Cy\nremove ERIE PRR MC OI SC TBC\npar Amy GT 60\npar Bob BO 80\n"
    "pass Cy\npass Amy\npass Bob\n"
)


def test_6_4_a_fee_is_refused_naming_what_is_paid() -> None:
    """GT's $20 `fee` is refused, naming track (6.48) and tokens (6.51), GT's $120 unchanged;
    the same $20 as `tile` is paid: $100."""
    g = play(SETUP)
    refuse(g, "spend GT 20 fee", "1846 charges no fee", "(6.48", "(6.51")
    assert g.state.company("GT").cash == 120
    assert g.execute("spend GT 20 tile").ok
    assert g.state.company("GT").cash == 100


def test_6_4_an_independent_pays_no_fee_either() -> None:
    """The Michigan Southern ($60 from the bank when drafted) lays track (6.5), no fee."""
    g = Game.new("1846", ["Amy", "Bob", "Cy"])
    lines = SETUP.splitlines()[1:]
    for line in [lines[0], "private Amy MS", *lines[1:]]:
        assert g.execute(line).ok, line
    refuse(g, "spend MS 20 fee", "1846 charges no fee", "spend MS AMOUNT tile")
    assert g.execute("spend MS 20 tile").ok


def test_a_game_before_rules_level_14_took_a_fee() -> None:
    """A save of rules level 13 replays as it was: a $30 fee, $120 - $30 = $90."""
    assert FIXES["1846-fee"].level == 14
    g = Game.new("1846", ["Amy", "Bob", "Cy"], rules_level=13)
    for line in [*SETUP.splitlines()[1:], "spend GT 30 fee"]:
        assert g.execute(line).ok, line
    assert g.state.company("GT").cash == 90
