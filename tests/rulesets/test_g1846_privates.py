"""1846 private companies bought by corporations (6.91-6.93, 3.1)."""

from __future__ import annotations

from conftest import refuse
from g1846_helpers import PRIVATES3, cash, data, game, price, step, trains
from test_g1846_trains import PHASE_III

OR1 = PRIVATES3 + "par Amy NYC 100\npass Bob\npass Cat\npass Amy\nrun MS 0\nrun BIG4 0\n"
"""Amy's NYC ($200) is about to operate in OR 1.1; Bob owns CWI, LSL and MAIL, Cat BIG4 and MPC."""


def test_6_91_price_from_1_to_the_list_price() -> None:
    g = game(OR1)
    refuse(g, "buyprivate NYC CWI 0", "6.91")
    refuse(g, "buyprivate NYC CWI 61", "6.91")
    step(g, "buyprivate NYC CWI 1")
    assert cash(g, "NYC") == 199 and cash(g, "Bob") == 220 + 25 + 1


def test_6_91_any_time_while_operating_before_or_after_the_run() -> None:
    g = game(OR1 + "buyprivate NYC LSL 40\nrun NYC 0\ntrain NYC 2\n")
    step(g, "buyprivate NYC MAIL 80")
    owners = {c["id"]: c["owner"] for c in data(g)["companies"] if c["id"] in ("LSL", "MAIL")}
    assert owners == {"LSL": "NYC", "MAIL": "NYC"}


def test_6_91_independent_price_excludes_its_debt() -> None:
    g = game(OR1)
    refuse(g, "buyprivate NYC BIG4 41", "6.91", "debt")
    step(g, "buyprivate NYC BIG4 40")
    assert cash(g, "Cat") == 240 + 15 + 40


def test_6_92_independent_brings_its_treasury_and_train() -> None:
    g = game(OR1.replace("run BIG4 0\n", "run BIG4 20\n") + "buyprivate NYC BIG4 40\n")
    assert cash(g, "NYC") == 200 - 40 + 50  # $40 treasury + $10 half of its run
    assert trains(g, "NYC") == ["2"] and trains(g, "BIG4") == []
    assert cash(g, "BIG4") == 0


def test_6_92_independent_needs_room_under_the_train_limit() -> None:
    g = game(
        OR1.replace("par Amy NYC 100", "par Amy NYC 124")
        + "run NYC 0\ntrain NYC 2\ntrain NYC 2\ntrain NYC 2\n"
    )
    step(g, "buyprivate NYC MS 1")
    assert trains(g, "NYC") == ["2"] * 4
    refuse(g, "buyprivate NYC BIG4 1", "6.92")


def test_6_91_only_from_players_and_only_in_phases_i_and_ii() -> None:
    g = game(OR1 + "buyprivate NYC CWI 10\nrun NYC 0\ntrain NYC 2\ndone NYC\n")
    refuse(g, "buyprivate MS LSL 10", "6.2")  # independents buy no privates
    g = game(PHASE_III + "discard IC 3/5\n")
    refuse(g, "buyprivate GT MAIL 1", "6.91")


def test_6_93_bought_private_keeps_paying_its_income_to_the_corporation() -> None:
    g = game(OR1 + "buyprivate NYC MPC 60\nrun NYC 0\ntrain NYC 2\ndone NYC\n")
    assert data(g)["round"]["or"] == 2
    assert cash(g, "NYC") == 200 - 60 - 80 + 15
    assert cash(g, "Cat") == 240 + 15 + 60  # no MPC income for Cat in OR 1.2


def test_6_91_the_buyer_needs_the_cash() -> None:
    g = game(OR1 + "spend NYC 190\n")
    refuse(g, "buyprivate NYC MAIL 20", "6.91")


def test_6_91_purchase_refusals_name_the_rule() -> None:
    from test_g1846_trains import PHASE_II

    g = game(PHASE_II + "run MS 0\nrun BIG4 0\nrun GT 0\n")
    refuse(g, "buyprivate GT GT 10", "not a private", "6.91")
    refuse(g, "buyprivate GT MC 10", "not in play", "6.91")  # removed at setup
    refuse(g, "buyprivate GT MAIL 10", "belongs to NYC", "6.91")


# ----------------------------------------------------------------- 6.93: the independent's train
# OR 1.1: BIG4 runs 20 (Cat 10, BIG4 50); NYC, with no train of its own, buys BIG4 for $40 and
# so owns one train, BIG4's 2-train, which "cannot be run by its owning corporation in the round
# it is purchased" (6.93): NYC runs $0 (100 -> 90, 6.75) and, owning a train, need not buy one
# (6.86).  NYC 200 - 40 + 50 = 210.
BOUGHT_BIG4 = OR1.replace("run BIG4 0\n", "run BIG4 20\n") + "buyprivate NYC BIG4 40\n"


def test_6_93_the_independents_train_does_not_run_in_the_round_it_is_bought() -> None:
    g = game(BOUGHT_BIG4)
    refuse(g, "run NYC 60", "6.93", "run NYC 0")
    step(g, "run NYC 0")
    assert cash(g, "NYC") == 210 and price(g, "NYC") == 90
    step(g, "done NYC")  # one train: no forced purchase (6.86)


def test_6_93_a_train_of_its_own_runs_beside_it() -> None:
    # NYC buys a 2-train in its own turn only after running, so here it runs with a train it
    # bought in OR 1.1 and takes BIG4 in OR 1.2: its own 2-train runs, $40 (6.93 allows it).
    text = OR1 + "run NYC 0\ntrain NYC 2\ndone NYC\nrun MS 0\nrun BIG4 0\n"
    text += "buyprivate NYC BIG4 40\nrun NYC 40\n"
    g = game(text)
    assert trains(g, "NYC") == ["2", "2"]


def test_6_93_from_the_next_operating_round_it_runs() -> None:
    g = game(BOUGHT_BIG4 + "run NYC 0\ndone NYC\nrun MS 0\n")
    step(g, "run NYC 40")  # OR 1.2 (BIG4, now NYC's, operates no more): its train runs


def test_6_93_a_game_saved_before_rules_level_9_ran_it() -> None:
    from moderator.fixes import FIXES, fixes_between
    from tests.core.test_rules_level_4 import _play

    fix = FIXES["1846-6.93"]
    assert (fix.level, fix.title) == (9, "1846") and fix in fixes_between("1846", 8)
    old = _play(BOUGHT_BIG4 + "run NYC 60\n", 8)
    assert old.state.company("NYC").cash == 210 + 60 * 8 // 10  # 8 treasury shares at $6


# ----------------------------------------------------------------- 6.2 NOTE: no token
def test_6_2_an_independent_pays_for_track_but_places_no_token() -> None:
    # PRIVATES3: Amy's MS has its $60 treasury (3.23); OR 1.1 opens with MS.
    g = game(PRIVATES3 + "par Amy NYC 100\npass Bob\npass Cat\npass Amy\n")
    refuse(g, "spend MS 40 token", "6.2 NOTE", "no extra tokens")
    step(g, "spend MS 40 tile")  # its own track, from its treasury (6.4-6.5)
    assert cash(g, "MS") == 20


def test_6_2_a_game_saved_before_rules_level_9_took_the_token() -> None:
    from moderator.fixes import FIXES, fixes_between
    from tests.core.test_rules_level_4 import _play

    fix = FIXES["1846-6.2-token"]
    assert (fix.level, fix.title) == (9, "1846") and fix in fixes_between("1846", 8)
    text = PRIVATES3 + "par Amy NYC 100\npass Bob\npass Cat\npass Amy\nspend MS 40 token\n"
    assert _play(text, 8).state.company("MS").cash == 20
