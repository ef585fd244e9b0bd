"""An exactness audit of 1846's money rules against the GMT rulebook.

Every figure below was worked out by hand from the rulebook
(``shared/rules/001_c74c63d146e1fff5.txt``); the arithmetic is in the comments,
with the rule it follows.  The market is the one row of 6.75 / the board:
... 20 30 40 50 60 70 80 90 100 112 124 137 150 165 180 195 212 ... 510 550.
"""

from __future__ import annotations

from conftest import refuse
from g1846_helpers import (
    BARE3,
    PRIVATES3,
    TRAINED,
    cash,
    data,
    game,
    pct,
    pool,
    president,
    price,
    step,
)
from test_g1846_forced_purchase import broke
from test_g1846_operating import OPS

from rulesets.g1846 import G1846

# OPS (test_g1846_operating): OR 2.1 opens with NYC at $90: Amy 20% (president), Bob 10%,
# Cat 10%, treasury 60%; NYC $284; Amy $216, Bob $126, Cat $126.


def order(g) -> list[str]:  # noqa: ANN001 - a Game
    """The acting company, then those still to operate this round."""
    return list(data(g)["operating_order"])


# ----------------------------------------------------------------- 6.71, 6.73, 6.75: payouts
def test_6_71_half_pay_of_an_odd_ten_with_treasury_and_market_shares() -> None:
    """NYC issues 2 at $80 (6.31: one value below $90): $284 + $160 = $444; treasury 4 shares,
    Stock Market 2.  Revenue $170 paid half (6.71): $170 / 2 = $85, rounded down to $80
    retained; $90 paid, $9 a share.  Amy (2 shares) $18, Bob $9, Cat $9, the treasury
    4 x $9 = $36 (6.71 NOTE), the market's 2 x $9 = $18 stays in the bank (6.73).
    NYC: $444 + $80 + $36 = $560.  The bank pays $18 + $9 + $9 + $36 + $80 = $152.
    Price: the total payout $90 (6.75: market and treasury shares included) is at least the
    $90 price and less than double: one column right, $100."""
    g = game(OPS + "issue NYC 2\n")
    assert cash(g, "NYC") == 444 and pool(g, "NYC") == 20
    bank = cash(g, "bank")
    receipt = g.receipt("NYC", 170, "half")
    assert (receipt.retained, receipt.per_share, receipt.price_after) == (80, 9, 100)
    step(g, "run NYC 170 half")
    assert cash(g, "NYC") == 560
    assert (cash(g, "Amy"), cash(g, "Bob"), cash(g, "Cat")) == (234, 135, 135)
    assert cash(g, "bank") == bank - 152
    assert price(g, "NYC") == 100


def test_6_75_the_bands_measured_on_the_paid_half() -> None:
    """NYC at $90 (half of it $45, double $180):
    $90 half: $40 retained, $50 paid: at least $45, less than $90 -> stays at $90;
    $80 half: $40 retained, $40 paid: less than $45 -> one left, $80;
    $170 full: at least $90, less than $180 -> one right, $100;
    $180 full: double -> two right, $112;
    $350 half: $175 -> $170 retained, $180 paid, double -> two right, $112;
    $10 half: $5 -> $0 retained, $10 paid ($1 a share), below $45 -> $80."""
    g = game(OPS)
    cases = {
        (90, "half"): (40, 5, 90),
        (80, "half"): (40, 4, 80),
        (170, "full"): (0, 17, 100),
        (180, "full"): (0, 18, 112),
        (350, "half"): (170, 18, 112),
        (10, "half"): (0, 1, 80),
    }
    for (revenue, kind), expected in cases.items():
        r = g.receipt("NYC", revenue, kind)
        assert (r.retained, r.per_share, r.price_after) == expected, (revenue, kind)


def test_6_75_three_columns_only_from_165_and_at_three_times() -> None:
    """6.75: at $165 or more, three times the price (165 x 3 = $495) moves three right;
    $490 two; at $150 even $450 (3x) moves only two; $330 at $165 is double (two);
    $320 at $165 is one; $82 at $165 is below half ($82.5): one left."""
    steps = G1846.price_steps
    assert steps(165, 495)[0] == 3
    assert steps(165, 490)[0] == 2
    assert steps(150, 450)[0] == 2
    assert steps(165, 330)[0] == 2
    assert steps(165, 320)[0] == 1
    assert steps(165, 83)[0] == 0
    assert steps(165, 82)[0] == -1
    assert steps(550, 1650)[0] == 3  # the marker then stops at $550 (6.75)


def test_6_72_independents_split_without_rounding() -> None:
    """6.72: MS runs $30: $15 to Amy, $15 to its treasury ($60 + $15 = $75; Amy $260 + $15).
    Big 4 runs $10: $5 and $5 (Cat $240 + $15 MPC income (6.1 A) + $5; Big 4 $40 + $5).
    Independents have no stock price: nothing moves."""
    g = game(PRIVATES3 + "pass Amy\npass Bob\npass Cat\n")
    step(g, "run MS 30\nrun BIG4 10")
    assert (cash(g, "MS"), cash(g, "Amy")) == (75, 275)
    assert (cash(g, "BIG4"), cash(g, "Cat")) == (45, 260)


# ----------------------------------------------------------------- 5.2: a president's sale
PRESIDENT_SELLS = (
    BARE3
    + """\
par Amy NYC 100
buy Bob NYC
buy Cat NYC
pass Amy
buy Bob NYC
pass Cat
pass Amy
pass Bob
run NYC 0
train NYC 2
done NYC
run NYC 80
done NYC
"""
)
"""SR1: Amy launches NYC at $100 (20%, $200 to its treasury), Bob buys 2 and Cat 1 from the
treasury at $100: Amy $200, Bob $200, Cat $300, NYC $500.  OR 1.1: no train, no payout,
$90 (6.75); a 2-train for $80: NYC $420.  OR 1.2: $80 paid, $8 a share: Amy and Bob $16,
Cat $8, the treasury's five $40 (NYC $460); $80 is at least half of $90: no move.
SR2 opens with Cat (left of Bob, the last to buy, 5.51)."""


def test_5_24_a_presidents_sale_hands_over_the_presidency_and_moves_the_price() -> None:
    """Amy holds only the president's certificate; Bob holds 20%.  Amy sells one share
    (5.25 NOTE): Bob takes the certificate for his two shares (5.24), Amy sells one of them
    at $90 (5.21): $216 + $90 = $306, keeps 10%.  A sale by the president: one column left,
    $80 (5.22).  She may not buy NYC back this round (5.38).  At the end of the round a
    share in the Stock Market moves NYC one more left, $70 (5.52)."""
    g = game(PRESIDENT_SELLS)
    assert data(g)["turn"] == "Cat"
    step(g, "pass Cat\nsell Amy NYC 1")
    assert cash(g, "Amy") == 306
    assert president(g, "NYC") == "Bob"
    assert (pct(g, "Amy", "NYC"), pct(g, "Bob", "NYC"), pool(g, "NYC")) == (10, 20, 10)
    assert price(g, "NYC") == 80
    refuse(g, "buy Amy NYC pool", "5.38")
    refuse(g, "buy Amy NYC ipo", "5.38")
    step(g, "pass Amy\npass Bob\npass Cat\npass Amy")
    assert data(g)["round"]["kind"] == "OR"
    assert price(g, "NYC") == 70
    assert (cash(g, "Bob"), cash(g, "Cat"), cash(g, "NYC")) == (216, 308, 460)


def test_5_24_the_president_sells_out_entirely() -> None:
    """Amy holds only the president's certificate (two shares' worth); Bob holds 20%.  She
    sells both shares: Bob takes the certificate for his two shares (5.24), which go to the
    Stock Market (20%, within 5.25's 50%).  Amy: $216 + 2 x $90 = $396; NYC one left, $80
    (5.22, however many shares).  Three shares is more than she holds (5.21)."""
    g = game(PRESIDENT_SELLS + "pass Cat\n")
    refuse(g, "sell Amy NYC 3", "5.21")  # she holds two shares' worth only
    step(g, "sell Amy NYC 2")  # Bob (20%) takes over; Amy sells the two shares he gives her
    assert president(g, "NYC") == "Bob" and pct(g, "Amy", "NYC") == 0
    assert cash(g, "Amy") == 216 + 2 * 90 and price(g, "NYC") == 80


# ----------------------------------------------------------------- 5.52, 4.32, 4.33
def test_5_52_several_corporations_in_one_column_move_in_stock_price_order() -> None:
    """OR 1.2: NYC, GT and IC all stand at $90 (stacked NYC, GT, IC).  NYC and GT issue one
    share each at $80 (6.31); each runs $80 and pays $8 a share: the treasury's seven shares
    $56, the market share's $8 stays in the bank.  NYC and GT: $40 + $80 + $56 = $176;
    IC $220 + 8 x $8 = $284.  $80 against $90 is at least half: no move.
    End of SR2 (5.52, in stock price order, 4.32 top first): NYC has a market share: left
    to $80; then GT (now the top of the $90 column): left to $80, below NYC (4.33); IC
    (treasury shares, not 100% held by players) stays at $90.  OR 2.1: IC, NYC, GT."""
    g = game(TRAINED + "issue NYC 1\nrun NYC 80\nissue GT 1\nrun GT 80\nrun IC 80\ndone IC\n")
    assert (cash(g, "NYC"), cash(g, "GT"), cash(g, "IC")) == (176, 176, 284)
    assert (cash(g, "Amy"), cash(g, "Bob"), cash(g, "Cat")) == (216, 216, 216)
    step(g, "pass Amy\npass Bob\npass Cat")
    assert (price(g, "NYC"), price(g, "GT"), price(g, "IC")) == (80, 80, 90)
    assert data(g)["market"]["stacks"]["80"] == ["NYC", "GT"]
    assert order(g) == ["IC", "NYC", "GT"]


# ----------------------------------------------------------------- 6.86: forced purchase
def test_6_86_the_corporation_issues_what_the_limit_raises_before_its_president_pays() -> None:
    """NYC at $80 with $30, no train; 3/5 $160 and 4 $180 on offer; it may issue 4 (6.31).
    6.86: each share moves the price one left first, then every share brings one value
    below the new price:
      1 share: $70, brings $60  -> $90
      2 shares: $60, $50 each = $100 -> $130
      3 shares: $50, $40 each = $120 -> $150
      4 shares: $40, $30 each = $120 -> $150
    No bundle reaches $160, so the remainder comes "first from issuing shares up to the
    normal limit ... and then, if needed, from its President's cash": one or two shares
    leave the president paying what the corporation could have raised, and are refused.
    With three: NYC $150 at $50; Amy (no cash) sells a GT share at $90 (not GT's president:
    no move, 5.22) and pays $10 toward the 3/5: Amy $80, NYC $0."""
    g = game(broke(500))
    assert (cash(g, "NYC"), price(g, "NYC"), cash(g, "Amy")) == (30, 80, 0)
    refuse(g, "issue NYC 1", "6.86", "issue NYC 3")
    refuse(g, "issue NYC 2", "6.86", "issue NYC 3")
    step(g, "issue NYC 3")
    assert (cash(g, "NYC"), price(g, "NYC"), pool(g, "NYC")) == (150, 50, 30)
    step(g, "sell Amy GT 1\ntrain NYC 3/5")
    assert (cash(g, "NYC"), cash(g, "Amy"), price(g, "GT")) == (0, 80, 90)


def test_6_86_four_shares_for_the_same_money_are_also_up_to_the_limit() -> None:
    """Four shares bring the same $120 as three (table above): issuing the full normal
    limit is never refused.  NYC $150 at $40."""
    g = game(broke(500) + "issue NYC 4\n")
    assert (cash(g, "NYC"), price(g, "NYC"), pool(g, "NYC")) == (150, 40, 40)


def test_6_86_the_full_limit_is_never_refused_even_when_it_brings_less() -> None:
    """From $70 (one column lower than above) the bundles bring: 1 share $50, 2 x $40 = $80,
    3 x $30 = $90, 4 x $20 = $80.  Issuing "up to the normal limit" (6.86) is the rule's own
    words, and 18xx.games issues the largest bundle (shared/facts/1846.md 12): four shares
    are accepted though three bring more.  NYC $30 + $80 = $110, at $30."""
    g = game(broke(500))
    g.state.move_price("NYC", -1, "test: one column lower")  # not journaled: no refusal follows
    assert price(g, "NYC") == 70
    step(g, "issue NYC 4")
    assert (cash(g, "NYC"), price(g, "NYC")) == (110, 30)


def test_6_86_one_share_is_enough_when_it_pays_for_the_cheaper_train() -> None:
    """NYC $110 at $80: one share ($60 at the new $70) makes $170, enough for the $160 3/5,
    so the president pays nothing and a single share is accepted (6.86, 6.87 lets it issue
    toward either type).  It buys the 3/5: $10 left."""
    g = game(broke(420) + "issue NYC 1\ntrain NYC 3/5\n")
    assert (cash(g, "NYC"), price(g, "NYC"), cash(g, "Amy")) == (10, 70, 0)


def test_6_86_the_president_may_not_pay_after_a_short_issue() -> None:
    """The refused short issue leaves everything as it was: no president's money, no sale,
    no bankruptcy before the issue (6.86)."""
    g = game(broke(500))
    refuse(g, "issue NYC 1", "6.86")
    refuse(g, "train NYC 3/5", "6.86")
    refuse(g, "sell Amy GT 1", "6.86")
    refuse(g, "bankrupt Amy", "6.86")


# ----------------------------------------------------------------- 10.1: the bank runs out
def test_10_1_a_bank_emptied_to_exactly_0_has_run_out() -> None:
    """OR 1.2: NYC withholds exactly what the bank holds: the bank has "run out of money"
    (10.1) at $0.  The $500s put aside at setup come back: 3 players, $12,000 - $6,500 =
    $5,500 (2.2).  NYC withheld: $90 -> $80 (6.75).  The game goes on to the end of this
    set (OR 1.2) and ends there: Amy's score is her $200 and 20% of NYC at $80 (10.3)."""
    g = game(TRAINED)
    bank = cash(g, "bank")
    assert bank % 10 == 0
    step(g, f"run NYC {bank} withhold")
    assert data(g)["bank"]["broken"] and cash(g, "bank") == 5500
    assert cash(g, "NYC") == 40 + bank and price(g, "NYC") == 80
    assert not data(g)["ended"]
    step(g, "run GT 0\nrun IC 0\ndone IC")
    assert data(g)["ended"]
    assert data(g)["result"]["Amy"] == 200 + 2 * 80
