"""1853 4.1.2: a major lays at most two tiles a turn, so its two-tile fee (4.1.3) is paid at
most once in an operating turn (rules level 13, fix ``1853-4.1.3-once``); a minor lays one,
so its construction costs of a turn are one of Table 4 (fix ``1853-4.1.2-minor``). Before,
any number of `fee` lines, and a minor's two costs, were taken. A major's lines of a turn add
up to two costs of Table 4 at most (rules level 14, fix ``1853-4.1.2-major``: two tiles, or
one promotion, 4.2.1, free but Calcutta's first, 4.2.13); before, each line was checked alone.

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


MINORS = (SCRIPTS / "1853-minor-trains.script").read_text(encoding="utf-8")
AT_BBCI = MINORS.partition("train BBCI 1M\n")[0]


def test_4_1_2_a_minor_pays_one_construction_cost_a_turn() -> None:
    """``1853-minor-trains.script``: BBCI is a minor with £710 in OR 1.1. A hill (£80) and
    a river (£40) in one line (£120) or in two are two tiles: refused, naming 4.1.2; the
    hill alone is paid (710 -> 630); then a £40 line would make £120 in the turn: refused."""
    game = play(AT_BBCI)
    refuse(game, "spend BBCI 120 terrain", "BBCI is a minor", "not £120 (4.1.12)")
    assert game.execute("spend BBCI 80 terrain").ok
    refuse(game, "spend BBCI 40 tile", "not £120 (£80 already this turn)", "(4.1.2)")
    assert game.state.company("BBCI").cash == 630


def test_a_game_before_rules_level_13_took_a_minors_two_costs() -> None:
    assert FIXES["1853-4.1.2-minor"].level == 13
    lines = [x for x in AT_BBCI.splitlines() if x and x[0] != "#"]
    game = Game.new("1853", lines[0].split()[2:], rules_level=12)
    for line in [*lines[1:], "spend BBCI 120 terrain", "spend BBCI 40 terrain"]:
        assert game.execute(line).ok, line
    assert game.state.company("BBCI").cash == 550


def test_4_1_2_a_major_pays_two_construction_costs_a_turn_at_most() -> None:
    """EIR (a major, £1,000) lays two broad tiles in the Himalaya, £240 each (1,000 ->
    520), the most two tiles cost; a £30 metre river line would make £510 in the turn, a
    third tile: refused, naming 4.1.2 and 4.2.1. GIP, in its own turn, pays its own two
    (£240 and £100 in one line: 900 -> 560)."""
    game = play(UPTO)
    assert game.execute("spend EIR 240 terrain").ok
    assert game.execute("spend EIR 240 tile").ok
    refuse(game, "spend EIR 30 tile", "not £510 (£480 already this turn)", "(4.1.2)", "(4.2.1)")
    assert game.state.company("EIR").cash == 520
    for line in ("train EIR 2", "done EIR", "spend GIP 340 terrain"):
        assert game.execute(line).ok, line
    assert game.state.company("GIP").cash == 560


def test_a_game_before_rules_level_14_took_a_majors_third_cost() -> None:
    assert FIXES["1853-4.1.2-major"].level == 14
    lines = [x for x in UPTO.splitlines() if x and x[0] != "#"]
    game = Game.new("1853", lines[0].split()[2:], rules_level=13)
    for line in [*lines[1:], "spend EIR 240 terrain", "spend EIR 240 tile", "spend EIR 30 tile"]:
        assert game.execute(line).ok, line
    assert game.state.company("EIR").cash == 490
