"""1853 4.1.2, 4.1.3: a major lays at most two tiles a turn, so its two-tile fee is paid at
most once in an operating turn (rules level 13, fix ``1853-4.1.3-once``); before, any number
of `fee` lines were taken.

``1853-bank-breaks-in-sr.script``, OR 1.1: EIR formed with £1,000 (3.3.1) buys three 2s
(£900): £100 left; GIP formed with £900.
"""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.fixes import FIXES
from moderator.game import Game

SCRIPT = (SCRIPTS / "1853-bank-breaks-in-sr.script").read_text(encoding="utf-8")
UPTO = SCRIPT.partition("train EIR 2\n")[0]


def test_4_1_3_one_fee_a_turn_and_the_next_company_pays_its_own() -> None:
    """EIR pays £50 (1,000 -> 950); a second fee in its turn is refused, naming 4.1.2 and
    4.1.3; GIP, in its own turn, pays its £20 (900 -> 880)."""
    game = play(UPTO)
    assert game.execute("spend EIR 50 fee").ok
    refuse(game, "spend EIR 50 fee", "has paid its two-tile fee this turn", "(4.1.2)", "(4.1.3)")
    assert game.state.company("EIR").cash == 950
    for line in ("train EIR 2", "done EIR", "spend GIP 20 fee"):
        assert game.execute(line).ok, line
    assert game.state.company("GIP").cash == 880


def test_a_game_before_rules_level_13_took_two_fees() -> None:
    """A save of rules level 12 replays as written: two fees in one turn, £100."""
    assert FIXES["1853-4.1.3-once"].level == 13
    lines = [x for x in UPTO.splitlines() if x and x[0] != "#"]
    game = Game.new("1853", lines[0].split()[2:], rules_level=12)
    for line in [*lines[1:], "spend EIR 50 fee", "spend EIR 50 fee"]:
        assert game.execute(line).ok, line
    assert game.state.company("EIR").cash == 900
