"""1846 6.51-6.53: a corporation's tokens, one an operating round at its price (rules level 11,
fix ``1846-6.51``); before it `spend CORP AMOUNT token` took any number at any amount.

Worked by hand: 3 players remove ERIE and PRR (2.3); Amy launches GT at $60 ($120 to GT, 5.34),
Bob B&O at $80 ($160); OR 1.1 runs in reverse price order (6.1): GT, then B&O.
"""

from __future__ import annotations

from conftest import play, refuse

from moderator.fixes import FIXES
from moderator.game import Game

SETUP = (
    "game 1846 Amy Bob Cy\nremove ERIE PRR MC OI SC TBC\npar Amy GT 60\npar Bob BO 80\n"
    "pass Cy\npass Amy\npass Bob\n"
)


def test_6_51_one_token_an_operating_round_at_80() -> None:
    """$100 for GT's token is refused (a tile and a token together are written without
    `token`); GT pays $80 (120 -> 40); a second token in the same turn is refused (6.51:
    "may place one of them")."""
    g = play(SETUP)
    refuse(g, "spend GT 100 token", "a GT token costs $80, not $100 (6.51)", "without `token`")
    assert g.execute("spend GT 80 token").ok
    assert g.state.company("GT").cash == 40
    refuse(g, "spend GT 80 token", "one per operating round (6.51)")
    assert g.execute("spend GT 20").ok  # track, no token: 40 -> 20


def test_6_52_6_53_the_b_and_o_prices() -> None:
    """B&O places its token at $40 (its reserved Cincinnati spot, 6.53, or connected, 6.52),
    $80 elsewhere, or $100 in Cincinnati without a connection (6.52); $60 is PRR's and is
    refused. B&O $160 - $100 = $60."""
    g = play(SETUP + "run GT 0\ntrain GT 2\ndone GT\n")
    refuse(g, "spend BO 60 token", "a BO token costs $40 or $80 or $100, not $60 (6.51, 6.52")
    assert g.execute("spend BO 100 token").ok
    assert g.state.company("BO").cash == 60


def test_5_34_no_more_tokens_than_the_charter_holds() -> None:
    """GT's charter holds three tokens (facts §4): the home token and two more. GT has $120
    from its launch and $180 from Bob's, Cy's and Amy's shares; OR 1.1 places one ($80) and
    buys a 2 ($80), OR 1.2 places the other ($80): $60 left. In OR 2.1 a third is refused."""
    lines = (
        "game 1846 Amy Bob Cy\nremove ERIE PRR MC OI SC TBC\npar Amy GT 60\nbuy Bob GT\n"
        "buy Cy GT\nbuy Amy GT\npass Bob\npass Cy\npass Amy\n"
        "spend GT 80 token\nrun GT 0\ntrain GT 2\ndone GT\n"
        "spend GT 80 token\nrun GT 0\ndone GT\n"
        "pass Bob\npass Cy\npass Amy\n"
    )
    g = play(lines)
    assert g.state.company("GT").cash == 120 + 180 - 80 - 80 - 80
    refuse(g, "spend GT 80 token", "GT's charter holds 3 tokens", "all placed (5.34)")


def test_a_game_before_rules_level_11_took_any_token() -> None:
    """A save of rules level 10 replays as it was: two tokens in a turn, at any amount."""
    assert FIXES["1846-6.51"].level == 11
    g = Game.new("1846", ["Amy", "Bob", "Cy"], rules_level=10)
    for line in SETUP.splitlines()[1:] + ["spend GT 80 token", "spend GT 30 token"]:
        assert g.execute(line).ok, line
    assert g.state.company("GT").cash == 10
