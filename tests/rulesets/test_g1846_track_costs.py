"""1846 6.48: every track charge is a multiple of $20 (rules level 13, fix ``1846-6.48``);
before it `spend CORP AMOUNT tile` or `terrain` took any amount.

Worked by hand (as test_g1846_tokens): 3 players remove ERIE and PRR (2.3); Amy launches GT
at $60 ($120 to GT, 5.34), Bob B&O at $80 ($160); OR 1.1 runs GT first (6.1).  The map
(facts §9) prints terrain of $40 and $60 and hexsides of $20, $40 and $60; Tunnel Blasting,
the IC's land grant and Little Miami take $20 off, Michigan Central's, Ohio & Indiana's and
Lake Shore Line's lays are free: no charge or sum of charges is other than a multiple of $20.
"""

from __future__ import annotations

import pytest
from conftest import play, refuse

from moderator.fixes import FIXES
from moderator.game import Game

SETUP = (
    "game 1846 Amy Bob Cy\nremove ERIE PRR MC OI SC TBC\npar Amy GT 60\npar Bob BO 80\n"
    "pass Cy\npass Amy\npass Bob\n"
)


@pytest.mark.parametrize("purpose", ["tile", "terrain"])
def test_6_48_a_charge_that_is_no_multiple_of_20_is_refused(purpose: str) -> None:
    """$30 and $50 are no charge of the map; $60 (a $20 upgrade and a $40 bridge, the
    rulebook's Port Huron, 6.48 example) and $100 (Detroit: $40 terrain, $60 tunnel) are:
    GT $120 - $60 = $60, and $30 leaves it unchanged."""
    g = play(SETUP)
    refuse(g, f"spend GT 30 {purpose}", "multiple of $20, not $30 (6.48)", "Tunnel Blasting")
    refuse(g, f"spend GT 50 {purpose}", "not $50 (6.48)")
    assert g.state.company("GT").cash == 120
    assert g.execute(f"spend GT 60 {purpose}").ok
    assert g.state.company("GT").cash == 60


def test_6_48_an_independent_too_and_a_line_without_purpose_is_not_checked() -> None:
    """The Michigan Southern pays track from its treasury (6.5): $25 `tile` is refused; a
    `spend` without purpose (no charge named) is not checked: GT $120 - $25 = $95."""
    g = Game.new("1846", ["Amy", "Bob", "Cy"])
    lines = SETUP.splitlines()[1:]
    for line in [lines[0], "private Amy MS", *lines[1:]]:
        assert g.execute(line).ok, line
    refuse(g, "spend MS 25 tile", "not $25 (6.48)")
    assert g.execute("spend MS 20 tile").ok
    for line in ["run MS 0", "done MS", "spend GT 25"]:
        assert g.execute(line).ok, line
    assert g.state.company("GT").cash == 95


def test_6_48_second_edition_too() -> None:
    """The second edition's Little Miami takes $20 off a lay: still a multiple of $20."""
    g = play(
        SETUP.replace("game 1846 Amy Bob Cy", "game 1846 Amy Bob Cy 2e").replace(
            "remove ERIE PRR MC OI SC TBC", "remove ERIE PRR MC OI LM SC TBC BT"
        )
    )
    refuse(g, "spend GT 10 tile", "not $10 (6.48)")
    assert g.execute("spend GT 40 tile").ok


def test_a_game_before_rules_level_13_took_any_track_charge() -> None:
    """A save of rules level 12 replays as it was: $30 of track."""
    assert FIXES["1846-6.48"].level == 13
    g = Game.new("1846", ["Amy", "Bob", "Cy"], rules_level=12)
    for line in [*SETUP.splitlines()[1:], "spend GT 30 tile", "spend GT 10 terrain"]:
        assert g.execute(line).ok, line
    assert g.state.company("GT").cash == 80
