"""1846 operating rounds: order, private income, issue/redeem, dividends, price moves (4.2, 6)."""

from __future__ import annotations

import pytest
from conftest import refuse
from g1846_helpers import (
    AFTER_OR1,
    BARE3,
    HIGH,
    PRIVATES3,
    THREE_CORPS,
    TRAINED,
    cash,
    data,
    game,
    pool,
    price,
    step,
    trains,
)

from moderator.market import LinearMarket
from rulesets.g1846 import G1846, MARKET, PARS

OPS = AFTER_OR1 + "pass Amy\nbuy Bob NYC\nbuy Cat NYC\npass Amy\npass Bob\npass Cat\n"
"""SR2: Bob and Cat buy a NYC share each from its treasury.

OR 2.1 then starts with NYC ($90, top of the stack): Amy 20%, Bob 10%, Cat 10%, treasury 60%,
NYC $284; Amy $216, Bob $126, Cat $126.
"""


def order(g) -> list[str]:  # noqa: ANN001 - a Game
    """The operating company followed by those still to operate this round."""
    d = data(g)
    assert d["operating_order"][0] == d["turn"], "the acting company comes first"
    return list(d["operating_order"])


# ----------------------------------------------------------------- 4.2 / 6.1 order
def test_6_1_private_income_paid_at_the_start_of_each_operating_round() -> None:
    g = game(PRIVATES3 + "pass Amy\npass Bob\npass Cat\n")
    assert data(g)["round"]["kind"] == "OR"
    assert cash(g, "Amy") == 260  # the Michigan Southern pays no income
    assert cash(g, "Bob") == 220 + 10 + 15  # CWI, LSL (the Mail Contract pays none)
    assert cash(g, "Cat") == 240 + 15  # MPC
    step(g, "run MS 0\nrun BIG4 0\ndone BIG4")
    assert data(g)["round"]["or"] == 2
    assert cash(g, "Bob") == 220 + 2 * 25
    assert cash(g, "Cat") == 240 + 2 * 15


def test_6_1_corporation_owned_private_pays_the_corporation() -> None:
    g = game(
        PRIVATES3 + "pass Amy\npar Bob NYC 80\npass Cat\npass Amy\npass Bob\n"
        "run MS 0\nrun BIG4 0\nbuyprivate NYC LSL 40\nrun NYC 0\ntrain NYC 2\ndone NYC\n"
    )
    assert data(g)["round"]["or"] == 2
    assert cash(g, "NYC") == 160 - 40 - 80 + 15
    assert cash(g, "Bob") == 220 - 160 + 25 + 40 + 10  # OR1 income, LSL's price, CWI in OR2


def test_4_2_independents_operate_first_michigan_southern_then_big_4() -> None:
    g = game(PRIVATES3 + "par Amy NYC 100\npass Bob\npass Cat\npass Amy\n")
    assert order(g) == ["MS", "BIG4", "NYC"]
    refuse(g, "run BIG4 0", "MS", "6.2")
    refuse(g, "run NYC 0", "MS", "6.2")


def test_6_1_first_operating_round_in_reverse_stock_price_order() -> None:
    g = game(
        BARE3 + "par Amy NYC 100\npar Bob GT 80\npar Cat IC 60\npass Amy\npass Bob\npass Cat\n"
    )
    assert order(g) == ["IC", "GT", "NYC"]
    step(g, "run IC 0\ntrain IC 2\nrun GT 0\ntrain GT 2\nrun NYC 0\ntrain NYC 2\ndone NYC")
    assert data(g)["round"]["or"] == 2
    assert order(g) == ["NYC", "GT", "IC"]  # $90, $70, $50: descending from OR 1.2 on


def test_4_32_ties_top_of_the_column_first_in_both_directions() -> None:
    g = game(THREE_CORPS)
    assert order(g) == ["NYC", "GT", "IC"]  # OR 1.1, reverse order, all at $100
    g = game(TRAINED)
    assert order(g) == ["NYC", "GT", "IC"]  # OR 1.2, all at $90, in the order they arrived


def test_4_33_a_marker_entering_a_column_goes_below() -> None:
    g = game(TRAINED + "run NYC 0\nrun GT 180\nrun IC 0\ndone IC\n")
    assert price(g, "NYC") == 80 and price(g, "IC") == 80 and price(g, "GT") == 112
    assert data(g)["market"]["stacks"]["80"] == ["NYC", "IC"]
    step(g, "pass Amy\npass Bob\npass Cat")
    assert order(g) == ["GT", "NYC", "IC"]


def test_6_2_operating_steps_are_compulsory_in_order() -> None:
    g = game(THREE_CORPS)
    refuse(g, "run GT 0", "NYC", "6.2")
    refuse(g, "train NYC 2", "6.2")
    step(g, "run NYC 0")
    refuse(g, "done NYC", "6.86")


# ----------------------------------------------------------------- 6.3 issue / redeem
def test_6_31_issue_limit_is_player_shares_minus_market_shares() -> None:
    g = game(OPS)
    refuse(g, "issue NYC 5", "6.31")
    step(g, "issue NYC 4")
    assert cash(g, "NYC") == 284 + 4 * 80  # one value less than $90 (6.31)
    assert pool(g, "NYC") == 40


def test_6_33_issuing_does_not_move_the_price() -> None:
    g = game(OPS + "issue NYC 2\n")
    assert price(g, "NYC") == 90


def test_6_31_issue_only_before_the_dividend_step() -> None:
    g = game(OPS + "run NYC 100\n")
    refuse(g, "issue NYC 1", "6.31")


def test_6_3_issue_or_redeem_not_both() -> None:
    g = game(OPS + "issue NYC 1\n")
    refuse(g, "redeem NYC 1", "6.3")


def test_6_2_independent_railroads_cannot_issue() -> None:
    g = game(PRIVATES3 + "pass Amy\npass Bob\npass Cat\n")
    refuse(g, "issue MS 1", "6.2")


def test_6_32_redeem_pays_one_value_more_and_keeps_the_price() -> None:
    g = game(OPS + "issue NYC 2\nrun NYC 90\nrun GT 80\nrun IC 80\ndone IC\n")
    assert order(g) == ["NYC", "GT", "IC"]
    assert price(g, "NYC") == 100  # $90 paid at a $90 price: one right (6.75)
    before = cash(g, "NYC")
    refuse(g, "redeem NYC 3", "6.32")
    step(g, "redeem NYC 2")
    assert cash(g, "NYC") == before - 2 * 112
    assert pool(g, "NYC") == 0
    assert price(g, "NYC") == 100  # 6.33


def test_6_32_redeem_needs_the_cash() -> None:
    g = game(OPS + "issue NYC 2\nrun NYC 90\nrun GT 80\nrun IC 80\ndone IC\nspend NYC 400 tile\n")
    assert cash(g, "NYC") < 112
    refuse(g, "redeem NYC 1", "6.32")


# ----------------------------------------------------------------- 6.7 dividends
def test_6_71_full_payout_treasury_shares_pay_the_corporation_market_shares_nobody() -> None:
    g = game(OPS + "issue NYC 2\n")
    bank = cash(g, "bank")
    step(g, "run NYC 200 full")
    assert cash(g, "Amy") == 216 + 40
    assert cash(g, "Bob") == 126 + 20 and cash(g, "Cat") == 126 + 20
    assert cash(g, "NYC") == 284 + 160 + 80  # four treasury shares at $20
    assert cash(g, "bank") == bank - 160  # the two market shares' $40 stays in the bank (6.73)
    assert price(g, "NYC") == 112  # $200 is at least double $90: two right (6.75)


def test_6_71_half_payout_rounds_the_retained_half_down_to_10() -> None:
    g = game(OPS + "run NYC 250 half\n")
    # $125 rounded down to $120 retained, $130 paid: $13 a share; six treasury shares
    assert cash(g, "NYC") == 284 + 120 + 6 * 13
    assert cash(g, "Amy") == 216 + 26
    assert cash(g, "Bob") == 126 + 13
    assert price(g, "NYC") == 100  # $130 paid against $90: one right


def test_6_71_the_rulebook_half_payout_example() -> None:
    g = game(OPS)
    receipt = g.receipt("NYC", 250, "half")
    assert receipt.retained == 120 and receipt.per_share == 13


def test_6_71_withhold_keeps_everything_and_drops_the_price() -> None:
    g = game(OPS + "run NYC 200 withhold\n")
    assert cash(g, "NYC") == 284 + 200
    assert cash(g, "Amy") == 216
    assert price(g, "NYC") == 80


def test_6_75_no_revenue_is_no_payout() -> None:
    g = game(OPS + "run NYC 0 full\n")
    assert price(g, "NYC") == 80
    assert cash(g, "NYC") == 284


def test_6_72_independent_splits_half_and_half() -> None:
    g = game(PRIVATES3 + "pass Amy\npass Bob\npass Cat\n")
    refuse(g, "run MS 60 withhold", "6.72")
    refuse(g, "run MS 60 half", "6.72")
    step(g, "run MS 60\nrun BIG4 50")
    assert cash(g, "MS") == 90 and cash(g, "Amy") == 290
    assert cash(g, "BIG4") == 65 and cash(g, "Cat") == 255 + 25


def test_6_61_revenue_needs_a_train() -> None:
    g = game(THREE_CORPS)
    refuse(g, "run NYC 100", "6.61")


@pytest.mark.parametrize(
    ("now", "paid", "steps"),
    [
        (100, 0, -1),  # no payout
        (100, 40, -1),  # less than half
        (100, 50, 0),  # at least half
        (100, 90, 0),  # less than the price
        (100, 100, 1),  # at least the price
        (100, 190, 1),  # less than double
        (100, 200, 2),  # at least double
        (150, 460, 2),  # triple, but below $165
        (165, 330, 2),  # double at $165
        (165, 490, 2),  # less than triple at $165
        (165, 495, 3),  # triple at $165
        (180, 1000, 3),  # more than triple
    ],
)
def test_6_75_price_move_bands(now: int, paid: int, steps: int) -> None:
    assert G1846.price_steps(now, paid)[0] == steps
    assert "6.75" in G1846.price_steps(now, paid)[1]


def test_6_75_price_stops_at_550() -> None:
    market = LinearMarket(values=MARKET, pars=PARS)
    market.place("NYC", 150)
    assert market.move("NYC", 15) == (150, 510)
    assert market.move("NYC", 3) == (510, 550)
    assert market.move("NYC", 2) == (550, 550)


def test_6_75_receipt_at_510_stops_at_550() -> None:
    g = game(OPS)
    market = g.state.linear()  # put NYC at $510 to look at the receipt only
    market.stacks[market.position["NYC"]].remove("NYC")
    market.position["NYC"] = MARKET.index(510)
    market.stacks.setdefault(MARKET.index(510), []).append("NYC")
    receipt = g.receipt("NYC", 2000, "full")
    assert receipt.price_before == 510 and receipt.price_after == 550


@pytest.mark.parametrize(("option", "after"), [("full", 212), ("half", 180), ("withhold", 150)])
def test_6_75_the_rulebook_examples_at_165(option: str, after: int) -> None:
    g = game(HIGH)
    assert price(g, "NYC") == 165
    step(g, f"run NYC 500 {option}")
    assert price(g, "NYC") == after


def test_6_75_below_165_double_is_the_most() -> None:
    g = game(OPS)
    step(g, "run NYC 500 full")
    assert price(g, "NYC") == 112  # $500 is over five times $90, still two right


# ----------------------------------------------------------------- 8.1 closing in a run
CLOSE_IN_RUN = (
    PRIVATES3
    + """\
par Amy BO 40
pass Bob
pass Cat
buy Amy BO
pass Bob
pass Cat
sell Amy BO 1
pass Amy
pass Bob
pass Cat
pass Amy
run MS 0
run BIG4 0
buyprivate BO CWI 1
run BO 0
train BO 2
done BO
run MS 0
run BIG4 0
"""
)
"""Amy's BO: $40, $30 after her sale, $20 for the market share; $10 after OR 1.1."""


def test_8_1_a_run_that_takes_the_price_to_zero_closes_the_corporation() -> None:
    g = game(CLOSE_IN_RUN)
    assert price(g, "BO") == 10
    bank = cash(g, "bank")
    bo_cash = cash(g, "BO")
    step(g, "run BO 0")
    bo = next(c for c in data(g)["companies"] if c["id"] == "BO")
    assert bo["closed"] and bo["cash"] == 0 and bo["trains"] == []
    assert cash(g, "bank") == bank + bo_cash  # 8.1: the treasury goes back to the bank
    cwi = next(c for c in data(g)["companies"] if c["id"] == "CWI")
    assert cwi["closed"]  # its private companies go too
    assert data(g)["players"][0]["shares"] == {}
    assert data(g)["round"]["kind"] == "SR"  # nothing else operates: the next stock round
    assert trains(g, "MS") == ["2"]


# ----------------------------------------------------------------- refusals of the turn order
def test_6_1_commands_for_companies_that_do_not_operate_now() -> None:
    g = game(THREE_CORPS.replace("pass Amy\npass Bob\npass Cat\n", "pass Amy\npass Bob\n"))
    refuse(g, "run NYC 0", "only in an operating round", "(4)")
    g = game(THREE_CORPS + "run NYC 0\ntrain NYC 2\n")
    refuse(g, "run CO 0", "does not operate", "6.1")  # never launched
    refuse(g, "run IC 0", "GT operates before IC", "4.3")  # NYC's turn may end, GT's not
    step(g, "done NYC")
    refuse(g, "run NYC 0", "already operated", "6.1")


def test_8_1_a_closed_corporation_does_not_operate() -> None:
    from g1846_helpers import CLOSE_BO

    sr2 = "par Bob GT 50\npass Cat\nsell Amy BO 2\npass Amy\npass Bob\npass Cat\npass Amy\n"
    g = game(CLOSE_BO + sr2)
    assert data(g)["round"]["kind"] == "OR"
    refuse(g, "run BO 0", "closed", "8.1")


def test_6_61_6_64_run_refusals() -> None:
    g = game(TRAINED)
    refuse(g, "run NYC 85", "multiples of $10", "6.64")
    refuse(g, "redeem NYC 1", "6.32")  # nothing in the Stock Market
    step(g, "run NYC 80")
    refuse(g, "run NYC 80", "already run", "6.61")
    refuse(g, "redeem NYC 1", "dividend step", "6.32")


def test_6_3_redeem_then_issue_refused() -> None:
    g = game(TRAINED + "issue NYC 1\nrun NYC 80\nrun GT 80\nrun IC 80\ndone IC\n")
    step(g, "pass Amy\npass Bob\npass Cat")
    for cid in data(g)["operating_order"]:
        if cid == "NYC":
            break
        step(g, f"run {cid} 0\ndone {cid}")
    step(g, "redeem NYC 1")
    refuse(g, "issue NYC 1", "redeemed", "6.3")


def test_6_4_6_66_spend_and_run_refusals() -> None:
    g = game(TRAINED)
    refuse(g, "spend NYC 60 tile", "cannot spend", "6.4")  # NYC has $40
    refuse(g, "run NYC 80 full mail 10", "no separate mail run", "6.66")


def test_5_21_cannot_sell_more_than_held() -> None:
    g = game(AFTER_OR1 + "buy Amy NYC\npass Bob\npass Cat\n")
    refuse(g, "sell Amy NYC 4", "holds 30%", "5.21")
