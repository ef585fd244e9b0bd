"""1853 contract claims (2.5.4): a pass moves no turn.

The claims go "beginning with the Elephant holder and continuing round" the table.  They are
taken in the order the table makes them (docs/titles/1853.md), the turn going on from
whoever claimed; a pass only says a bid is complete, so a pass made before the passer's turn
leaves the turn with the player whose turn it was.  Until rules level 9 the turn went on from
the passer, skipping the players between (``moderator.fixes``, ``1853-2.5.4-turn``).
"""

from __future__ import annotations

from conftest import play

from moderator.fixes import FIXES, fixes_between

# Bonds (2.5.2): Bob 220 sits first and takes the Elephant, then Cid and Amy (100 each, in
# the order written, 2.5.3).  Every city is a £20 one but Bombay (£40) and Delhi (£40).
OPENING = """\
game 1853 Amy Bob Cid
bond Cid 100
bond Bob 220
bond Amy 100
claim Bob Calcutta EIR
claim Cid Bombay BBCI
claim Amy Lucknow EIR
claim Bob Patna EIR
claim Cid Ajmer BBCI
claim Amy Benares EIR
claim Bob Delhi EIR
claim Cid Allahabad GIP
claim Amy Hyderabad GIP
claim Bob Lahore NWR
claim Cid Nagpur GIP
"""


def _to_act(text: str) -> str | None:
    return play(text).state_json()["to_act"]


def test_a_pass_before_the_passers_turn_leaves_the_turn_where_it_was() -> None:
    # Cid's bid: Bombay 40 + Ajmer 20 + Allahabad 20 + Nagpur 20 = 100 of his 100, four
    # cities (2.5.6): complete.  After his claim it is Amy's turn (Bob, Cid, Amy, 2.5.4).
    assert _to_act(OPENING) == "Amy"
    # Cid says at once that his bid is complete: still Amy's turn, not Amy's skipped
    assert _to_act(OPENING + "pass Cid\n") == "Amy"
    # Amy claims Delhi (Lucknow 20 + Benares 20 + Hyderabad 20 + Delhi 40 = 100 of 100) and
    # passes before Bob has claimed again: Bob's turn (the passed Cid and Amy skipped)
    text = OPENING + "pass Cid\nclaim Amy Delhi BBCI\npass Amy\n"
    assert _to_act(text) == "Bob"


def test_a_pass_out_of_turn_does_not_skip_the_players_between() -> None:
    # After Cid's claim it is Amy's turn; Cid passes, then Amy claims Delhi: Bob is next.
    # Before rules level 9 a pass by Cid after Amy's claim moved the turn to Amy, past Bob.
    text = OPENING + "claim Amy Delhi BBCI\npass Cid\n"
    assert _to_act(text) == "Bob"
    # Bob claims Jaipur (Calcutta 50 + Patna 20 + Delhi 40 + Lahore 20 + Jaipur 20 = 150 of
    # 220): Amy's turn (Cid passed); her bid is 100 of 100
    assert _to_act(text + "claim Bob Jaipur BBCI\n") == "Amy"
    # Amy passes in turn: Bob alone claims on (a sealed sixth city) and passes; settle comes
    rest = "claim Bob Jaipur BBCI\npass Amy\n"
    assert _to_act(text + rest) == "Bob"
    game = play(text + rest + "claim Bob sealed BBCI\npass Bob\nsettle\n")
    assert game.state.round_kind == "SR"


def test_the_fix_is_a_level_9_rules_fix_of_1853() -> None:
    fix = FIXES["1853-2.5.4-turn"]
    assert (fix.title, fix.level, fix.rule) == ("1853", 9, "2.5.4")
    assert fix in fixes_between("1853", 8)
