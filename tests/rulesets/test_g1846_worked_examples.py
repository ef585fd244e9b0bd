"""The 1846 rulebook's worked examples, played as banker scripts (6.71, 6.75, 6.88).

Each example is reached by a legal game and then played with the rulebook's own
figures: every amount the example prints is an ``expect`` line (or, for what
``expect`` cannot read, such as trains and Stock Market shares, an assertion).
The 6.75 examples at $165 are already played in ``test_g1846_operating.py``
(``test_6_75_the_rulebook_examples_at_165``); the $124 one is here.
"""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, refuse
from g1846_helpers import AFTER_OR1, BARE3, cash, data, game, pct, pool, price, step, trains

# ----------------------------------------------------------------- 6.88 the Illinois Central
IC_688 = (
    BARE3
    + """\
# SR1: Cat launches IC at $100 and buys two more shares: 40%, as in the example
par Amy NYC 100
par Bob GT 100
par Cat IC 100
pass Amy
pass Bob
buy Cat IC
pass Amy
pass Bob
buy Cat IC
pass Amy
pass Bob
pass Cat
# OR 1.1 (reverse order, all at $100): the five 2-trains; every price falls to $90
run NYC 0
train NYC 2
train NYC 2
done NYC
run GT 0
train GT 2
train GT 2
done GT
run IC 0
train IC 2
done IC
# OR 1.2: the 4-cards (phase II); IC takes the two it keeps, as 3/5-trains
run NYC 300
train NYC 4
done NYC
run GT 300
train GT 4
done GT
run IC 560
train IC 3/5
train IC 3/5
done IC
expect IC price 112
expect Cat cash 224
# SR2: Cat buys two NYC shares, the "other shares" of the example
pass Amy
pass Bob
buy Cat NYC
pass Amy
pass Bob
buy Cat NYC
pass Amy
pass Bob
pass Cat
# OR 2.1: NYC buys two 5-cards (phase III); IC issues the two shares that lie in the
# Stock Market in the example and pays $260: two columns right, to $137
run NYC 1000 withhold
train NYC 5
train NYC 5
done NYC
run GT 300
done GT
issue IC 2
run IC 260
done IC
# OR 2.2: GT, above IC, buys the last 5-card and the first 6-card: phase IV
run GT 1200
train GT 5
train GT 6
done GT
# IC's cash is set to the example's; shares, trains, prices and phase came from play
adjust IC -657 the $83 of the 6.88 example
"""
)
"""A 3-player game reaching the position at the start of IC's turn in the 6.88 example.

Phase IV (GT bought the first 6 just before IC operates, so IC's two 3/5-trains are phased
out and not yet run); IC at $137 with 40% held by its president Cat, 20% in the Stock
Market and 40% in its treasury; $83 in IC's treasury (one ``adjust``).  Cat has $104:
the example's "$208 in cash" is counted after the half dividend, which pays Cat four
times $26; $208 + $150 - $267 is the $91 he keeps.  Cat also holds 20% of NYC ($100).
The bank sells only the 6 ($800) and the 7/8 ($900).
"""

IC_688_RUN = """\
issue IC 2
expect IC cash 331
expect IC price 137
spend IC 20 tile
spend IC 80 token
expect IC cash 231
run IC 510 half
expect IC price 150
expect IC cash 533
expect Cat cash 208
"""
"""The example up to the forced purchase: two shares issued at $124 apiece ($83 + $248),
Chicago upgraded ($20), a token in Cincinnati ($80), $510 run and half paid out: $250
retained, $26 a share on 10 shares ($260 paid, one column right from $137 to $150);
$231 + $250 + 2 treasury shares x $26 = $533; Cat $104 + 4 x $26 = $208."""


def test_6_88_the_example_position_is_reached_by_play() -> None:
    g = game(IC_688)
    assert data(g)["phase"] == "IV" and data(g)["round"]["kind"] == "OR"
    assert data(g)["turn"] == "IC"
    assert price(g, "IC") == 137
    assert pct(g, "Cat", "IC") == 40 and pool(g, "IC") == 20 and pct(g, "IC", "IC") == 40
    assert cash(g, "IC") == 83 and cash(g, "Cat") == 104
    assert trains(g, "IC") == ["3/5", "3/5"]
    ic = next(c for c in data(g)["companies"] if c["id"] == "IC")
    assert ic["phased_out"] == ["3/5", "3/5"]
    assert {d["train"]: d["price"] for d in data(g)["depot"]} == {"6": 800, "7/8": 900}


def test_6_88_the_illinois_central_example() -> None:
    g = game(IC_688)
    refuse(g, "issue IC 3", "6.31")  # "the maximum it can issue": 4 player shares - 2 in market
    step(g, IC_688_RUN)
    assert pool(g, "IC") == 40 and pct(g, "IC", "IC") == 20
    assert trains(g, "IC") == []  # the phased out 3/5-trains are removed after the run (6.69)
    assert cash(g, "IC") + cash(g, "Cat") == 741  # "for a total of $741"
    # $533 is not enough for a phase IV train; IC can issue no more (4 - 4 = 0)
    refuse(g, "done IC", "6.86")
    refuse(g, "issue IC 1", "6.86")
    refuse(g, "train IC 6", "$208 of the $267 needed", "6.88")
    # one IC share is the most Cat may sell: 40% is now in the Stock Market (5.25)
    refuse(g, "sell Cat IC 2", "50%", "5.25")
    refuse(g, "sell Amy NYC 1", "6.88")  # only the president raises the money
    step(
        g,
        """\
sell Cat IC 1
expect Cat cash 358
expect IC price 137
expect Cat shares IC 30
expect IC president Cat
""",
    )
    assert pool(g, "IC") == 50
    refuse(g, "sell Cat IC 1", "5.25")
    # toward the 7/8 ($9 short) one NYC share is enough: a second would be a further sale
    refuse(g, "sell Cat NYC 2", "1 share already raises", "no further sales", "6.88")
    refuse(g, "train IC 7/8", "$358 of the $367 needed", "6.88")
    step(
        g,
        """\
train IC 6
expect Cat cash 91
expect IC cash 0
expect phase IV
done IC
""",
    )
    assert trains(g, "IC") == ["6"]
    assert pct(g, "Cat", "NYC") == 20  # he elected not to sell another share


def test_6_88_he_could_sell_some_other_share_to_buy_a_7_8() -> None:
    g = step(game(IC_688), IC_688_RUN + "sell Cat IC 1\n")
    step(g, "sell Cat NYC 1\nexpect Cat cash 458\nexpect NYC price 100")  # not NYC's president
    # $533 + $458 now pays for any train: the amount needed is raised (6.88)
    refuse(g, "sell Cat NYC 1", "no further sales", "6.88")
    step(g, "train IC 7/8\nexpect Cat cash 91\nexpect IC cash 0")  # $900 - $533 = $367
    assert trains(g, "IC") == ["7/8"]


# ----------------------------------------------------------------- 6.71 half dividends
HALF_671 = AFTER_OR1 + (
    """\
pass Amy
buy Bob NYC
buy Cat NYC
pass Amy
pass Bob
pass Cat
issue NYC 3
expect NYC cash 524
"""
)
"""OR 2.1 starts with NYC at $90: Amy 20%, Bob 10%, Cat 10%, $284 in its treasury.  It
issues three of its six treasury shares at $80 (6.31), keeping the example's three."""


def test_6_71_the_half_dividend_example() -> None:
    g = game(HALF_671)
    assert pct(g, "NYC", "NYC") == 30 and pool(g, "NYC") == 30
    step(
        g,
        """\
run NYC 250 half
expect NYC cash 683
expect Amy cash 242
expect Bob cash 139
expect Cat cash 139
expect NYC price 100
""",
    )
    # $125 rounded down to $120 is retained; $130 is paid, $13 a share; 3 x $13 = $39 more
    # for the treasury shares: $159 (6.71), $524 + $159 = $683.  Amy $216 + 2 x $13,
    # Bob and Cat $126 + $13; the market's $39 stays in the bank (6.73).  The $130 payout is
    # at least the $90 price: one column right (6.75).


# ----------------------------------------------------------------- 6.75 at $124
AT_124 = (
    BARE3
    + """\
par Amy NYC 137
pass Bob
pass Cat
pass Amy
run NYC 0
train NYC 2
done NYC
expect NYC price 124
"""
)
"""NYC, launched at $137, runs nothing in OR 1.1 (one column left) and starts OR 1.2 at $124."""


@pytest.mark.parametrize("option", ["full", "half"])
def test_6_75_the_example_at_124(option: str) -> None:
    g = game(AT_124)
    # full: $500 paid; half: $250 retained, $250 paid, still at least double $124 ($248).
    # Either way two columns right; not three, as $124 is below $165.
    step(g, f"run NYC 500 {option}\nexpect NYC price 150")


def test_6_31_the_grand_trunk_example() -> None:
    """6.31's example, reached by play (tests/scripts/1846-issue-example-6-31.script): GT at
    $60, 30% and 10% held by players, 20% in the Stock Market, 40% in its treasury, "can
    issue up to two shares ... for $50 (one value less) apiece"."""
    text = (SCRIPTS / "1846-issue-example-6-31.script").read_text(encoding="utf-8")
    head = text[: text.index("issue GT 2\nexpect GT cash 420")]
    g = game(head)
    assert price(g, "GT") == 60 and pool(g, "GT") == 20
    assert pct(g, "Amy", "GT") == 30 and pct(g, "Bob", "GT") == 10
    refuse(g, "issue GT 3", "at most 2 shares", "6.31")
    step(g, "issue GT 2")
    assert cash(g, "GT") == 320 + 2 * 50 and price(g, "GT") == 60
