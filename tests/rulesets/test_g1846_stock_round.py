"""1846 stock rounds: turns, selling, buying, limits, the end of the round (4.3, 5)."""

from __future__ import annotations

from conftest import refuse
from g1846_helpers import (
    AFTER_OR1,
    BARE3,
    CLOSE_BO,
    PRIVATES3,
    cash,
    cert_limit,
    data,
    game,
    pct,
    pool,
    president,
    price,
    step,
    turn,
)

from moderator.events import Passed


def alone(actions: list[str], others: tuple[str, ...] = ("Bob", "Cat")) -> str:
    """Amy acts while the others pass between her actions (each purchase ends her turn)."""
    lines = []
    for action in actions:
        lines.append(action)
        if not action.startswith("sell"):
            lines.extend(f"pass {o}" for o in others)
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------- 5.1 turns
def test_5_11_turns_go_clockwise_from_the_priority_deal() -> None:
    g = game(BARE3)
    assert data(g)["priority"] == "Amy"
    refuse(g, "par Bob NYC 100", "5.11")
    step(g, "par Amy NYC 100")
    assert turn(g) == "Bob"
    refuse(g, "buy Amy NYC", "5.11")


def test_5_11_sell_before_one_purchase_in_the_same_turn() -> None:
    g = game(BARE3 + alone(["par Amy NYC 50", "buy Amy NYC"]))
    step(g, "sell Amy NYC 1\npar Amy GT 60")
    assert pct(g, "Amy", "NYC") == 20 and pct(g, "Amy", "GT") == 20
    assert turn(g) == "Bob"


def test_5_31_one_certificate_per_turn() -> None:
    g = game(BARE3 + "par Amy NYC 100\n")
    refuse(g, "buy Amy NYC", "5.11")
    refuse(g, "par Amy GT 100", "5.11")


def test_5_12_launch_pays_twice_the_price_to_the_treasury() -> None:
    g = game(BARE3 + "par Amy NYC 100\n")
    assert cash(g, "Amy") == 200
    assert cash(g, "NYC") == 200
    assert pct(g, "Amy", "NYC") == 20 and pct(g, "NYC", "NYC") == 80
    assert price(g, "NYC") == 100


def test_5_12_president_must_afford_the_certificate() -> None:
    g = game(BARE3)
    step(g, "par Amy NYC 150\npass Bob\npass Cat")
    assert cash(g, "Amy") == 100
    refuse(g, "par Amy GT 60", "5.12")


def test_5_13_round_ends_only_when_all_pass_in_succession() -> None:
    g = game(BARE3 + "par Amy NYC 100\npass Bob\npass Cat\nbuy Amy NYC\npass Bob\npass Cat\n")
    assert data(g)["round"]["kind"] == "SR"
    step(g, "pass Amy")
    assert data(g)["round"]["kind"] == "OR"


def test_5_13_a_player_who_passed_may_act_later() -> None:
    g = game(BARE3 + "pass Amy\npar Bob GT 100\npass Cat\n")
    step(g, "par Amy NYC 100")
    assert president(g, "NYC") == "Amy"


def test_5_13_a_turn_with_a_sale_is_not_a_pass() -> None:
    g = game(
        BARE3 + alone(["par Amy NYC 50", "buy Amy NYC"]) + "sell Amy NYC 1\npass Amy\n"
        "pass Bob\npass Cat\n"
    )
    assert data(g)["round"]["kind"] == "SR"
    assert turn(g) == "Amy"
    step(g, "pass Amy")
    assert data(g)["round"]["kind"] == "OR"


def test_5_11_player_without_a_legal_move_is_passed_by_the_tool() -> None:
    g = game(PRIVATES3 + "par Amy NYC 100\npar Bob GT 70\npass Cat\n")
    # Amy has $60: no share she can afford, and her president's certificate cannot be sold
    assert turn(g) == "Bob"
    entry = g.journal[-1]
    assert any(isinstance(e, Passed) and e.player == "Amy" and e.auto for e in entry.events)
    before = data(g)
    step(g, "pass Amy")  # accepted, changes nothing (spec: `pass`)
    assert data(g) == before


def test_5_13_everyone_stuck_ends_the_round() -> None:
    g = game(PRIVATES3 + "par Amy NYC 100\npar Bob GT 100\npar Cat IC 100\n")
    assert data(g)["round"]["kind"] == "OR"
    assert data(g)["priority"] == "Amy"  # left of Cat, the last to buy (5.51)


# ----------------------------------------------------------------- 5.2 selling
def test_5_21_seller_gets_the_current_price_and_shares_go_to_the_market() -> None:
    g = game(BARE3 + alone(["par Amy NYC 50", "buy Amy NYC", "buy Amy NYC"]) + "sell Amy NYC 2\n")
    assert cash(g, "Amy") == 400 - 100 - 50 - 50 + 2 * 50
    assert pool(g, "NYC") == 20
    assert pct(g, "Amy", "NYC") == 20


def test_5_22_president_sale_moves_the_price_one_column_however_many_shares() -> None:
    g = game(BARE3 + alone(["par Amy NYC 50", "buy Amy NYC", "buy Amy NYC"]) + "sell Amy NYC 2\n")
    assert price(g, "NYC") == 40


def test_5_22_sale_by_a_non_president_does_not_move_the_price() -> None:
    g = game(AFTER_OR1 + "pass Amy\nbuy Bob NYC\npass Cat\npass Amy\nsell Bob NYC 1\n")
    assert price(g, "NYC") == 90
    assert cash(g, "Bob") == 216


def test_5_22_all_shares_of_a_corporation_in_one_sale() -> None:
    g = game(BARE3 + alone(["par Amy NYC 50", "buy Amy NYC", "buy Amy NYC"]) + "sell Amy NYC 1\n")
    refuse(g, "sell Amy NYC 1", "5.22")


def test_5_23_only_the_president_sells_before_the_corporation_operates() -> None:
    g = game(BARE3 + "par Amy NYC 100\nbuy Bob NYC\npass Cat\npass Amy\n")
    refuse(g, "sell Bob NYC 1", "5.23")


def test_5_24_presidency_passes_on_a_sale_ties_go_clockwise() -> None:
    g = game(
        AFTER_OR1 + "buy Amy NYC\nbuy Bob NYC\nbuy Cat NYC\npass Amy\nbuy Bob NYC\nbuy Cat NYC\n"
    )
    assert pct(g, "Amy", "NYC") == 30
    step(g, "sell Amy NYC 2")
    assert president(g, "NYC") == "Bob"  # Bob and Cat hold 20%; Bob is first clockwise
    assert pct(g, "Amy", "NYC") == 10 and pct(g, "Bob", "NYC") == 20 and pct(g, "Cat", "NYC") == 20
    assert pool(g, "NYC") == 20
    assert price(g, "NYC") == 80  # sold by the president (5.22)
    assert cash(g, "Amy") == 216 - 90 + 2 * 90


def test_5_24_presidency_goes_to_the_largest_holder() -> None:
    g = game(AFTER_OR1 + "buy Amy NYC\npass Bob\nbuy Cat NYC\npass Amy\nbuy Bob NYC\nbuy Cat NYC\n")
    step(g, "sell Amy NYC 2")  # Bob holds 10%, Cat 20%: Cat, although Bob sits first clockwise
    assert president(g, "NYC") == "Cat"
    assert pct(g, "Cat", "NYC") == 20 and pct(g, "Amy", "NYC") == 10


def test_5_25_president_certificate_cannot_go_to_the_market() -> None:
    g = game(BARE3 + "par Amy NYC 100\npass Bob\npass Cat\n")
    refuse(g, "sell Amy NYC 1", "5.25")


def test_5_25_market_holds_at_most_half_and_the_rulebook_example() -> None:
    # Bob and Cat reach 20% of NYC; NYC then issues its four treasury shares (6.31).
    g = game(
        AFTER_OR1 + "pass Amy\nbuy Bob NYC\nbuy Cat NYC\npass Amy\nbuy Bob NYC\nbuy Cat NYC\n"
        "pass Amy\npass Bob\npass Cat\n"
        "issue NYC 4\nrun NYC 0\ndone NYC\nrun GT 80\nrun IC 80\ndone IC\n"
        "run GT 80\nrun IC 80\nrun NYC 0\ndone NYC\n"
    )
    assert data(g)["round"]["kind"] == "SR"
    assert pool(g, "NYC") == 40
    assert pct(g, "Amy", "NYC") == 20 and pct(g, "Bob", "NYC") == 20 and pct(g, "Cat", "NYC") == 20
    # the 5.25 example: the president may sell one share although she holds only the 20% certificate
    before = price(g, "NYC")
    step(g, "sell Amy NYC 1\npass Amy")
    assert president(g, "NYC") == "Bob"
    assert pool(g, "NYC") == 50 and pct(g, "Amy", "NYC") == 10
    assert price(g, "NYC") < before
    refuse(g, "sell Bob NYC 1", "5.25")


def test_5_26_price_at_zero_closes_the_corporation() -> None:
    g = game(CLOSE_BO + "pass Bob\npass Cat\nsell Amy BO 1\npass Amy\npass Bob\npass Cat\n")
    assert price(g, "BO") == 10
    step(g, "sell Amy BO 1")
    bo = next(c for c in data(g)["companies"] if c["id"] == "BO")
    assert bo["closed"]
    assert bo["price"] is None
    refuse(g, "buy Amy BO", "8")


# ----------------------------------------------------------------- 5.3 buying
def test_5_32_market_share_money_goes_to_the_bank() -> None:
    g = game(AFTER_OR1 + "pass Amy\nbuy Bob NYC\npass Cat\npass Amy\nsell Bob NYC 1\npass Bob\n")
    bank = cash(g, "bank")
    step(g, "buy Cat NYC pool")
    assert cash(g, "bank") == bank + 90
    assert cash(g, "NYC") == 104 + 90  # only Bob's earlier treasury purchase
    assert pool(g, "NYC") == 0


def test_5_33_treasury_share_money_goes_to_the_corporation() -> None:
    g = game(BARE3 + "par Amy NYC 100\nbuy Bob NYC\n")
    assert cash(g, "NYC") == 300
    assert cash(g, "Bob") == 300


def test_5_33_buyer_must_afford_the_share() -> None:
    g = game(BARE3 + "par Amy NYC 150\npar Bob GT 150\npar Cat IC 150\n")
    refuse(g, "buy Amy GT", "5.3")


def test_5_34_only_printed_starting_prices() -> None:
    g = game(BARE3)
    refuse(g, "par Amy NYC 65", "5.34")
    refuse(g, "par Amy NYC 165", "5.34")
    refuse(g, "par Amy NYC 30", "5.34")
    step(g, "par Amy NYC 112")
    refuse(g, "par Bob NYC 100", "5.34")
    refuse(g, "buy Bob GT", "5.34")


def test_5_35_illinois_central_land_grant() -> None:
    g = game(BARE3 + "par Amy IC 112\n")
    assert cash(g, "IC") == 224 + 112
    assert cash(g, "bank") == 5300 - 112


def test_5_36_no_more_than_60_percent() -> None:
    g = game(
        BARE3
        + alone(["par Amy NYC 40", "buy Amy NYC", "buy Amy NYC", "buy Amy NYC", "buy Amy NYC"])
    )
    assert pct(g, "Amy", "NYC") == 60
    refuse(g, "buy Amy NYC", "5.36")


def test_5_37_presidency_changes_when_a_buyer_holds_more() -> None:
    g = game(BARE3 + "par Amy NYC 50\nbuy Bob NYC\npass Cat\npass Amy\nbuy Bob NYC\n")
    assert president(g, "NYC") == "Amy"  # 20% each: a tie does not change it
    step(g, "pass Cat\npass Amy\nbuy Bob NYC")
    assert president(g, "NYC") == "Bob"
    assert pct(g, "Bob", "NYC") == 30 and pct(g, "Amy", "NYC") == 20
    amy = data(g)["players"][0]
    assert amy["certificates"] == 2  # two 10% shares for the 20% certificate


def test_5_38_no_buy_after_sale_same_round() -> None:
    g = game(BARE3 + alone(["par Amy NYC 50", "buy Amy NYC"]) + "sell Amy NYC 1\n")
    refuse(g, "buy Amy NYC", "5.38")
    refuse(g, "buy Amy NYC pool", "5.38")


def test_5_38_buying_again_allowed_next_stock_round() -> None:
    g = game(AFTER_OR1 + "buy Amy NYC\npass Bob\npass Cat\nsell Amy NYC 1\n")
    refuse(g, "buy Amy NYC pool", "5.38")
    refuse(g, "buy Amy NYC ipo", "5.38")
    step(
        g,
        "pass Amy\npass Bob\npass Cat\npass Amy\n"
        "run GT 80\nrun IC 80\nrun NYC 0\ndone NYC\nrun GT 80\nrun IC 80\nrun NYC 0\ndone NYC\n",
    )
    assert data(g)["round"] == {"kind": "SR", "number": 3, "or": None, "setup": False}
    step(g, "pass Bob\npass Cat\nbuy Amy NYC pool")
    assert pct(g, "Amy", "NYC") == 30


LIMIT_ACTIONS = ["par Amy NYC 40", "par Amy GT 40", "par Amy IC 40", "par Amy BO 40"]
LIMIT_ACTIONS += ["buy Amy GT"] * 4 + ["buy Amy IC"] * 4 + ["buy Amy BO"] * 2
"""Amy's 14 certificates: four presidencies and ten shares."""


def _at_limit() -> str:
    """Amy, given $1000 by the banker, reaches the limit of 14 while the others pass."""
    return BARE3 + "adjust Amy 1000 test funds\n" + alone(LIMIT_ACTIONS)


def test_5_39_no_purchase_beyond_the_certificate_limit() -> None:
    g = game(_at_limit())
    assert data(g)["players"][0]["certificates"] == 14 == cert_limit(g)
    refuse(g, "buy Amy BO", "5.39")
    refuse(g, "par Amy CO 40", "5.39")


def test_5_43_over_the_limit_after_a_presidency_change_must_sell() -> None:
    # Bob answers Amy's last three purchases by buying NYC; his third share takes the
    # presidency and Amy receives two 10% shares for her 20% certificate (5.37).
    lines = ["adjust Amy 1000 test funds"]
    for i, action in enumerate(LIMIT_ACTIONS):
        bob = "buy Bob NYC" if i >= len(LIMIT_ACTIONS) - 3 else "pass Bob"
        lines += [action, bob, "pass Cat"]
    g = game(BARE3 + "\n".join(lines) + "\n")
    assert president(g, "NYC") == "Bob"
    assert data(g)["players"][0]["certificates"] == 15
    refuse(g, "pass Amy", "5.43")
    step(g, "sell Amy GT 1\npass Amy")
    assert data(g)["players"][0]["certificates"] == 14


# ----------------------------------------------------------------- 5.5 end of the round
def test_5_51_priority_goes_left_of_the_last_to_buy_or_sell() -> None:
    g = game(BARE3 + "pass Amy\npar Bob NYC 100\npass Cat\npass Amy\npass Bob\n")
    assert data(g)["priority"] == "Cat"


def test_5_51_priority_unchanged_when_nobody_bought_or_sold() -> None:
    g = game(AFTER_OR1 + "pass Amy\npass Bob\npass Cat\n")
    assert data(g)["priority"] == "Amy"


def test_5_51_a_sale_counts_as_acting() -> None:
    g = game(
        BARE3 + "par Amy NYC 50\npass Bob\npass Cat\nbuy Amy NYC\npar Bob GT 50\npass Cat\n"
        "sell Amy NYC 1\npass Amy\npass Bob\npass Cat\npass Amy\n"
    )
    assert data(g)["round"]["kind"] == "OR"
    assert data(g)["priority"] == "Bob"


def test_5_52_market_shares_lower_and_100_percent_raises_in_stock_price_order() -> None:
    g = game(
        BARE3 + "par Amy NYC 70\npar Bob GT 40\nbuy Cat GT\nbuy Amy NYC\nbuy Bob GT\n"
        "buy Cat GT\nsell Amy NYC 1\npass Amy\nbuy Bob GT\nbuy Cat GT\npass Amy\n"
        "buy Bob GT\nbuy Cat GT\npass Amy\nbuy Bob GT\npass Cat\npass Amy\npass Bob\n"
    )
    assert data(g)["round"]["kind"] == "OR"
    assert pct(g, "Bob", "GT") + pct(g, "Cat", "GT") == 100
    assert price(g, "NYC") == 50  # 70, 60 after the president's sale, 50 for the market share
    assert price(g, "GT") == 50  # 100% held by players
    # NYC is adjusted first (the higher price), so it entered the $50 column first (4.31, 4.33)
    assert data(g)["market"]["stacks"]["50"] == ["NYC", "GT"]
    assert data(g)["priority"] == "Cat"


def test_5_52_no_move_without_market_shares_or_100_percent() -> None:
    g = game(BARE3 + "par Amy NYC 100\nbuy Bob NYC\npass Cat\npass Amy\npass Bob\n")
    assert price(g, "NYC") == 100


def test_5_52_a_price_falling_to_zero_at_the_end_of_the_round_closes() -> None:
    g = game(
        CLOSE_BO + "pass Bob\npass Cat\nsell Amy BO 2\npass Amy\npass Bob\npass Cat\npass Amy\n"
    )
    bo = next(c for c in data(g)["companies"] if c["id"] == "BO")
    assert bo["closed"]  # $20, $10 after the president's sale, $0 for the market shares
    assert cert_limit(g) == 11


def _operate_all(g, revenue: dict[str, int], *, buy: bool = False) -> None:  # noqa: ANN001
    """One operating round: each corporation runs ``revenue`` (default 0), maybe buys a 2."""
    for cid in data(g)["operating_order"]:
        step(g, f"run {cid} {revenue.get(cid, 0)}" + (f"\ntrain {cid} 2" if buy else ""))
        step(g, f"done {cid}")


def test_8_2_a_close_lowers_the_limit_and_the_excess_must_be_sold_5_43() -> None:
    # Amy reaches 14 certificates; Bob launches C&O at $40 and buys two more shares of it
    lines = ["adjust Amy 1000 test funds"]
    bob = ["par Bob CO 40", "buy Bob CO", "buy Bob CO"]
    for i, action in enumerate(LIMIT_ACTIONS):
        lines += [action, bob[i] if i < len(bob) else "pass Bob", "pass Cat"]
    g = game(BARE3 + "\n".join(lines) + "\npass Amy\n")
    assert data(g)["round"]["kind"] == "OR"
    _operate_all(g, {}, buy=True)  # every price falls to $30; the five 2-trains are sold
    paying = {cid: 20 for cid in ("NYC", "GT", "IC", "BO")}  # at least half of $30: no move
    _operate_all(g, paying)
    assert price(g, "CO") == 20 and price(g, "NYC") == 30
    # SR2: Bob's sale takes C&O to $10, the market share at the end of the round to $0
    step(g, "sell Bob CO 2\npass Bob\npass Cat\npass Amy\npass Bob")
    assert data(g)["round"]["kind"] == "OR"
    assert next(c for c in data(g)["companies"] if c["id"] == "CO")["closed"]
    assert cert_limit(g) == 11  # four corporations with 3 players (5.4, 8.2)
    _operate_all(g, paying)
    _operate_all(g, paying)
    assert data(g)["round"]["kind"] == "SR" and turn(g) == "Cat"
    step(g, "pass Cat")
    assert data(g)["players"][0]["certificates"] == 14
    # the rules speak of an excess after a presidency change (5.43); the tool asks the
    # same of an excess left by a closing, on the player's next stock turn
    refuse(g, "pass Amy", "5.43")
    refuse(g, "buy Amy NYC", "5.39")
    step(g, "sell Amy GT 3\npass Amy")
    assert data(g)["players"][0]["certificates"] == 11
