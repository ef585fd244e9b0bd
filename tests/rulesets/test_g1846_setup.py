"""1846 setup: bank, removals, private distribution, certificate limits, trains (2, 3, 5.4)."""

from __future__ import annotations

import pytest
from conftest import refuse
from g1846_helpers import (
    BARE3,
    CLOSE_BO,
    PRIVATES3,
    REMOVE3,
    cash,
    cert_limit,
    data,
    game,
    pct,
    step,
)


@pytest.mark.parametrize(
    ("players", "bank", "reserve"),
    [
        ("A B C", 6500 - 1200, 12000 - 6500),
        ("A B C D", 7500 - 1600, 12000 - 7500),
        ("A B C D E", 9000 - 2000, 12000 - 9000),
    ],
)
def test_2_2_bank_size_and_starting_cash(players: str, bank: int, reserve: int) -> None:
    g = game(f"game 1846 {players}\n")
    assert cash(g, "bank") == bank
    assert data(g)["bank"]["reserve"] == reserve
    assert all(p["cash"] == 400 for p in data(g)["players"])


def test_1_1_two_or_six_players_refused() -> None:
    from moderator.errors import Refusal
    from moderator.game import Game

    for names in (["A", "B"], ["A", "B", "C", "D", "E", "F"]):
        with pytest.raises(Refusal):
            Game.new("1846", names)


def test_2_3_three_players_remove_two_of_each_group() -> None:
    g = game(BARE3)
    removed = {c["id"] for c in data(g)["companies"]}
    for gone in ("ERIE", "PRR", "MC", "OI", "SC", "TBC"):
        assert gone not in removed
    for kept in ("CO", "NYC", "BO", "GT", "IC", "LSL", "MPC", "MS", "BIG4", "CWI", "MAIL"):
        assert kept in removed


def test_2_3_four_players_remove_one_of_each_group() -> None:
    g = game("game 1846 A B C D\nremove PRR MC SC\n")
    assert cert_limit(g) == 12
    refuse(g, "remove ERIE", "2.3")


def test_2_3_too_many_from_a_group_refused() -> None:
    g = game("game 1846 Amy Bob Cat\n")
    refuse(g, "remove CO ERIE PRR", "2.3")


def test_2_3_core_company_cannot_be_removed() -> None:
    g = game("game 1846 Amy Bob Cat\n")
    for word in ("NYC", "MS", "MAIL", "CWI"):
        refuse(g, f"remove {word}", "2.3")


def test_2_3_five_players_remove_nothing() -> None:
    g = game("game 1846 A B C D E\n")
    refuse(g, "remove PRR", "2.3")
    step(g, "par A PRR 100")


def test_2_3_removals_required_before_distribution_and_play() -> None:
    g = game("game 1846 Amy Bob Cat\nremove ERIE PRR\n")
    refuse(g, "private Amy MS", "2.3")
    refuse(g, "par Amy NYC 100", "2.3")


def test_2_3_removed_companies_cannot_be_used() -> None:
    g = game(BARE3)
    refuse(g, "private Amy TBC", "2.3")
    refuse(g, "par Amy ERIE 100", "2.3")


def test_2_3_removals_after_distribution_refused() -> None:
    g = game(BARE3 + "private Amy MS\n")
    refuse(g, "remove CO", "2.3")


def test_2_4_trains_per_player_count() -> None:
    three = data(game(BARE3))
    assert three["depot_remaining"] == {"2": 5, "4": 4, "5": 3, "6": 9}
    four = data(game("game 1846 A B C D\nremove PRR MC SC\n"))
    assert four["depot_remaining"] == {"2": 6, "4": 5, "5": 4, "6": 9}
    five = data(game("game 1846 A B C D E\n"))
    assert five["depot_remaining"] == {"2": 7, "4": 6, "5": 5, "6": 9}
    ms = next(c for c in three["companies"] if c["id"] == "MS")
    big4 = next(c for c in three["companies"] if c["id"] == "BIG4")
    assert ms["trains"] == ["2"] and big4["trains"] == ["2"]


def test_3_23_players_pay_list_price_and_independents_get_treasury() -> None:
    g = game(PRIVATES3)
    assert (cash(g, "Amy"), cash(g, "Bob"), cash(g, "Cat")) == (260, 220, 240)
    assert cash(g, "MS") == 60
    assert cash(g, "BIG4") == 40
    # bank: 5300 + 140 + 180 + 160 in, 60 + 40 out to the independents' treasuries
    assert cash(g, "bank") == 5300 + 140 + 180 + 160 - 100


def test_3_22_last_private_reduced_in_steps_of_10() -> None:
    g = game(BARE3)
    refuse(g, "private Bob MAIL 65", "3.22")
    refuse(g, "private Bob MAIL 90", "3.22")
    step(g, "private Bob MAIL 60")
    assert cash(g, "Bob") == 340


def test_3_22_taken_for_free_at_zero() -> None:
    g = game(BARE3 + "private Bob LSL 0\n")
    assert cash(g, "Bob") == 400
    assert data(g)["players"][1]["privates"] == ["LSL"]


def test_3_22_only_the_last_private_is_reduced() -> None:
    # "If the deck is reduced to one Private Company ... pass it on ... with its price reduced
    # by $10" (3.22): one private a game, whichever order the results are typed in.
    g = game(BARE3 + "private Bob MAIL 60\n")
    refuse(g, "private Amy LSL 30", "3.22", "MAIL", "$40")
    refuse(g, "private Amy MS 50", "3.22")
    step(g, "private Amy LSL")  # at its list price
    assert cash(g, "Amy") == 360


def test_3_22_a_game_saved_before_rules_level_9_took_two_reduced_privates() -> None:
    from moderator.fixes import FIXES, fixes_between
    from tests.core.test_rules_level_4 import _play

    fix = FIXES["1846-3.22"]
    assert (fix.level, fix.title) == (9, "1846") and fix in fixes_between("1846", 8)
    old = _play(BARE3 + "private Bob MAIL 60\nprivate Amy LSL 30\n", 8)
    assert old.state.ledger.player("Amy").cash == 370


def test_3_23_reduced_independent_still_gets_list_price_treasury() -> None:
    g = game(BARE3 + "private Amy MS 30\n")
    assert cash(g, "Amy") == 400 - 30 - 80  # reduced price plus the full debt
    assert cash(g, "MS") == 60


def test_3_23_player_must_afford_the_private() -> None:
    g = game(BARE3 + "private Amy MS\nprivate Amy BIG4\nprivate Amy MAIL\nprivate Amy LSL\n")
    assert cash(g, "Amy") == 40
    refuse(g, "private Amy CWI", "3.23")


def test_3_2_a_private_is_distributed_once() -> None:
    g = game(BARE3 + "private Amy CWI\n")
    refuse(g, "private Bob CWI", "3.2")
    refuse(g, "private Bob NYC", "3")


def test_3_distribution_ends_at_the_first_stock_round() -> None:
    g = game(BARE3 + "private Amy CWI\npar Amy NYC 100\n")
    refuse(g, "private Bob MAIL", "3")


@pytest.mark.parametrize(
    ("setup", "limit"),
    [(BARE3, 14), ("game 1846 A B C D\nremove PRR MC SC\n", 12), ("game 1846 A B C D E\n", 11)],
)
def test_5_4_certificate_limit_at_start(setup: str, limit: int) -> None:
    assert cert_limit(game(setup)) == limit


def test_5_41_privates_and_president_certificate_count_one_each() -> None:
    g = game(PRIVATES3 + "pass Amy\npar Bob NYC 50\n")
    bob = data(g)["players"][1]
    assert bob["certificates"] == 4  # CWI, LSL, MAIL and the 20% president's certificate


def test_5_42_privates_owned_by_corporations_do_not_count() -> None:
    g = game(
        PRIVATES3 + "par Amy NYC 100\npass Bob\npass Cat\npass Amy\n"
        "run MS 0\nrun BIG4 0\nbuyprivate NYC MS 60\nrun NYC 0\n"
    )
    amy = data(g)["players"][0]
    assert amy["certificates"] == 1


def test_8_2_certificate_limit_falls_when_a_corporation_closes() -> None:
    g = game(CLOSE_BO)
    assert cert_limit(g) == 14
    # SR2: Amy, the president, sells twice; the second sale takes the price to $0 (5.22, 5.26)
    step(g, "pass Bob\npass Cat\nsell Amy BO 1\npass Amy\npass Bob\npass Cat\nsell Amy BO 1\n")
    assert data(g)["cert_limit"] == 11  # 4 corporations left with 3 players (5.4, 8.2)
    bo = next(c for c in data(g)["companies"] if c["id"] == "BO")
    assert bo["closed"] and bo["trains"] == [] and bo["cash"] == 0
    assert pct(g, "Amy", "BO") == 0


def test_7_12_bankruptcy_leaves_certificate_limit_alone() -> None:
    # the bankruptcy itself is played in test_g1846_forced_purchase; here the table is checked
    from rulesets.g1846 import CERT_LIMIT

    assert CERT_LIMIT[3] == {5: 14, 4: 11}
    assert CERT_LIMIT[4] == {6: 12, 5: 10, 4: 8}
    assert CERT_LIMIT[5] == {7: 11, 6: 10, 5: 8, 4: 6}


def test_2_2_reserve_is_the_rest_of_the_box() -> None:
    g = game("game 1846 Amy Bob Cat\n" + REMOVE3)
    total = cash(g, "bank") + data(g)["bank"]["reserve"] + 3 * 400
    assert total == 12000


def test_2_3_removal_refusals_name_the_rule() -> None:
    g = game("game 1846 Amy Bob Cat\n")
    refuse(g, "remove ERIE ERIE", "named twice", "2.3")
    step(g, "remove ERIE")
    refuse(g, "remove ERIE", "already removed", "2.3")


def test_5_31_a_private_is_not_a_corporation_to_buy() -> None:
    g = game(BARE3)
    refuse(g, "buy Amy MS", "not a corporation", "5.31")


def test_4_no_operating_before_the_first_stock_round() -> None:
    g = game(BARE3)
    refuse(g, "run NYC 0", "(4)")
