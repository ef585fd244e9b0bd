"""1846 private companies bought by corporations (6.91-6.93, 3.1)."""

from __future__ import annotations

from conftest import refuse
from g1846_helpers import PRIVATES3, cash, data, game, step, trains
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
