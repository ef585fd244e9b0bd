"""Hand-computed positions of 1846 and 1847 AE that the earlier audits skipped: the
ends of the markets.  Every figure was worked out by hand from the rulebooks
(``shared/rules/001_c74c63d146e1fff5.txt``, 1846; ``003_dd92f8c809fb884e.txt``, 1847 AE)
BEFORE the position was played; the arithmetic and the rule are in the comments.

1846's one row (facts §2): ... 440 475 510 550, with no space right of $550.
1847 AE's grid (facts §2, row 0 at the top):
    row 2: 82 86 92 100 110 125 140 155 170 190 210 235 260 290 320
    row 3: 78 84 88 94 104 112 125 140 155 170 190 215
    row 4: 72 80 86 90 96 104 115 125 140
    row 5: 62 74 82 88 92 98 105
    row 6: 50 66 76 84 90
"""

from __future__ import annotations

from conftest import play
from g1846_helpers import cash, data, game, pct, pool, price, step
from test_g1846_operating import OPS
from test_g1847ae_audit import QUARRIES_SR5, ok, operate_round

from moderator.game import Game
from moderator.ledger import POOL

# ================================================================= 1846: the top of the row
# OPS (test_g1846_operating): OR 2.1 opens with NYC at $90: Amy 20% (president), Bob 10%,
# Cat 10%, treasury 60%; NYC $284; Amy $216 (she holds nothing else).
AT_550 = (
    OPS + "issue NYC 4\nrun NYC 0\nrun GT 80\nrun IC 80\ndone IC\nrun GT 80\nrun IC 80\ndone IC\n"
)
"""OR 2.1: NYC issues 4 (6.31: players hold 4 shares, Amy's certificate counting two, the
market none) at one value below $90, $80 each: $284 + $320 = $604; treasury 20%, market 40%.
It withholds $0 (6.75: no payout, one column left): $80.  GT and IC pay $80 at $90 (at least
half, less than the price: no move).  OR 2.2 runs GT and IC ($90) before NYC ($80)."""


def test_6_32_6_75_5_52_redeem_and_pay_at_550_then_the_round_end_move() -> None:
    """NYC's marker is put at $550, the last space (22 columns right of $80, not journaled;
    no refusal follows).
    6.32: a share redeemed costs "one value more than its current stock price (the price of
    the column to the right)"; at $550 there is none, and the reading is the price itself
    (as 6.75 stops a rise at $550): $604 - $550 = $54; treasury 30%, market 30%.
    6.33: redeeming leaves the price at $550.
    6.71: NYC pays $1,650 in full: $165 a share: Amy 2 shares $330 (216 -> 546), the treasury
    3 x $165 = $495 (54 -> 549), the market's 3 shares' $495 stays in the bank (6.73).
    6.75: $1,650 = 3 x $550 at a price of $165 or more: three columns right, stopped at $550.
    5.52: at the end of stock round 3 NYC has shares in the Stock Market: one column left,
    $510."""
    g = game(AT_550)
    assert data(g)["turn"] == "NYC"
    assert (cash(g, "NYC"), price(g, "NYC"), pool(g, "NYC")) == (604, 80, 40)
    g.state.move_price("NYC", 22, "test: to the last space")
    assert price(g, "NYC") == 550
    bank = cash(g, "bank")
    step(g, "redeem NYC 1")
    assert (cash(g, "NYC"), price(g, "NYC")) == (54, 550)
    assert pool(g, "NYC") == 30 and pct(g, "NYC", "NYC") == 30
    assert cash(g, "bank") == bank + 550
    step(g, "run NYC 1650")
    assert (cash(g, "Amy"), cash(g, "NYC"), price(g, "NYC")) == (546, 549, 550)
    # the bank paid Amy 330, Bob 165, Cat 165 and the treasury 495
    assert cash(g, "bank") == bank + 550 - 330 - 165 - 165 - 495
    step(g, "done NYC")
    assert data(g)["round"]["kind"] == "SR" and price(g, "NYC") == 550
    while data(g)["round"]["kind"] == "SR":
        step(g, f"pass {data(g)['turn']}")
    assert price(g, "NYC") == 510


def test_6_31_issue_at_550_brings_510() -> None:
    """6.31 at the top: one value below $550 is $510.  OR 2.1 of OPS, NYC's marker put at
    $550 (not journaled; no refusal follows): NYC issues 4 (players hold 4 shares, the
    market none) at $510: $284 + $2,040 = $2,324, market 40%, price unchanged (6.33)."""
    g = game(OPS)
    g.state.move_price("NYC", 30, "test: to the last space")  # $90 is 9 spaces from $0
    assert price(g, "NYC") == 550
    step(g, "issue NYC 4")
    assert (cash(g, "NYC"), price(g, "NYC"), pool(g, "NYC")) == (2324, 550, 40)


def test_6_31_6_32_issue_and_redeem_at_the_bottom_of_the_row() -> None:
    """6.31 at $20: one value below is $10: OR 2.1 of OPS, NYC's marker put at $20 (7 spaces
    left of $90, not journaled), issues 1: $284 + $10 = $294, price unchanged (6.33).
    6.32 at $10: one value above is $20: OR 2.2 of AT_550, NYC ($604, market 40%) put at $10,
    redeems 2 for $40: $564, market 20%, still $10."""
    g = game(OPS)
    g.state.move_price("NYC", -7, "test: to $20")
    assert price(g, "NYC") == 20
    step(g, "issue NYC 1")
    assert (cash(g, "NYC"), price(g, "NYC"), pool(g, "NYC")) == (294, 20, 10)
    g = game(AT_550)
    g.state.move_price("NYC", -7, "test: to $10")
    assert price(g, "NYC") == 10
    step(g, "redeem NYC 2")
    assert (cash(g, "NYC"), price(g, "NYC"), pool(g, "NYC")) == (564, 10, 20)


# ================================================================= 1847 AE: the grid's edges
def _all_pass(g: Game) -> None:
    while g.state_json()["round"]["kind"] == "SR":
        ok(g, f"pass {g.state_json()['turn']}")


def _cells(g: Game) -> dict[str, tuple[int, int]]:
    return {k: tuple(v) for k, v in g.state_json()["market"]["cells"].items()}


def _cash(g: Game) -> tuple[int, int, int, int]:
    s = g.state_json()
    players = {p["name"]: p["cash"] for p in s["players"]}
    return players["A"], players["B"], players["C"], s["bank"]["cash"]


def test_6_7_4_4_1_8_2_walks_to_the_edges_of_the_grid() -> None:
    """SR 5 of the quarries script (phase 5+5, three ORs a set), everybody passes: no move
    at its end (8.5: L, Saar and HLB keep initial-offering shares).  L 74 (row 5 col 1), HLB
    74 (5, 1), Saar 88 (3, 2), Krauss 140 (2, 6).  A 291, B 220, C 249, bank 7141.
    Holdings: L: A 20%, B 10%, C 20%, initial offering 50%; no pool shares anywhere.
    Income each OR (4.4): B H 15 + W 10 = 25, C R 50; Krauss pays only on a new train (4.1).

    In every OR L pays 100 (10 a share: A 20, B 10, C 20; the offering's 50 stays with the
    bank, 6.7.4), Saar and HLB withhold 0, nobody buys a train (Krauss moves left, 4.1).
    6.7.4: a dividend moves one space right, at a row's right end one up; no dividend one
    left, at a row's left end one down (at the bottom-left, 50, it stays).

      OR    L                  Saar               HLB             Krauss
      5.1   74 -> 82 (5,2)     88 -> 84 (3,1)     74 -> 62 (5,0)  140 -> 125 (2,5)
      5.2   82 -> 88 (5,3)     84 -> 78 (3,0)     62 -> 50 (6,0)  125 -> 110 (2,4)
      5.3   88 -> 92 (5,4)     78 -> 72 (4,0)     50 stays        110 -> 100 (2,3)
      6.1   92 -> 98 (5,5)     72 -> 62 (5,0)     50              100 -> 92 (2,2)
      6.2   98 -> 105 (5,6)    62 -> 50 (6,0)     50              92 -> 86 (2,1)
      6.3   105 -> 115 (4,6)   50 stays           50              86 -> 82 (2,0)
      7.1   115 -> 125 (4,7)   50                 50              82 -> 78 (3,0)

    Cash at SR 7: six ORs of income and six L dividends: A 291 + 6 x 20 = 411, B 220 +
    6 x 35 = 430, C 249 + 6 x 70 = 669; bank 7141 - 6 x 75 - 6 x 50 = 6391.
    SR 7: B sells one HLB share (8.2) at 50: B 480, bank 6341; HLB is at the bottom of its
    column, so "a stock token that is already at the bottom of a column will not be moved".
    8.5: HLB now has a pool share, the others offering shares: no move.
    OR 7.1: income B 505, C 719, bank 6266; L pays 100: A 431, B 515, C 739, bank 6216.
    OR 7.2 begins with income: B 540, C 789, bank 6141."""
    g = play(QUARRIES_SR5)
    _all_pass(g)
    assert _cells(g) == {"L": (5, 1), "Saar": (3, 2), "LFK": (2, 6), "HLB": (5, 1)}
    expected = [
        {"L": (5, 2), "Saar": (3, 1), "HLB": (5, 0), "LFK": (2, 5)},
        {"L": (5, 3), "Saar": (3, 0), "HLB": (6, 0), "LFK": (2, 4)},
        {"L": (5, 4), "Saar": (4, 0), "HLB": (6, 0), "LFK": (2, 3)},
        {"L": (5, 5), "Saar": (5, 0), "HLB": (6, 0), "LFK": (2, 2)},
        {"L": (5, 6), "Saar": (6, 0), "HLB": (6, 0), "LFK": (2, 1)},
        {"L": (4, 6), "Saar": (6, 0), "HLB": (6, 0), "LFK": (2, 0)},
    ]
    for cells in expected:
        operate_round(g, L=100)
        assert _cells(g) == cells
        if g.state_json()["round"]["kind"] == "SR":
            if g.state_json()["round"]["number"] == 6:
                assert _cash(g) == (351, 325, 459, 6766)  # after OR 5.3: 3 x 20, 3 x 35, ...
                _all_pass(g)
    assert g.state_json()["round"] == {"kind": "SR", "number": 7, "or": None, "setup": False}
    assert _cash(g) == (411, 430, 669, 6391)
    prices = {c["id"]: c["price"] for c in g.state_json()["companies"] if c["price"]}
    assert prices == {"L": 115, "Saar": 50, "HLB": 50, "LFK": 82}
    while g.state_json()["turn"] != "B":
        ok(g, f"pass {g.state_json()['turn']}")
    ok(g, "sell B HLB 1")
    assert _cash(g)[1] == 480 and _cells(g)["HLB"] == (6, 0)
    assert g.state.company("HLB").holder_percent(POOL) == 10
    _all_pass(g)
    assert _cells(g)["HLB"] == (6, 0)
    operate_round(g, L=100)
    assert _cells(g) == {"L": (4, 7), "Saar": (6, 0), "HLB": (6, 0), "LFK": (3, 0)}
    assert _cash(g) == (431, 540, 789, 6141)
