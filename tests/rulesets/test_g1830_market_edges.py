"""1830: hand-computed corners the recorded games rarely reach, each by its Avalon Hill rule.

The market's edges (8.2, 15.0): a sale at the bottom of its column, a withheld run at a
row's left end and in the bottom-left corner, a dividend in the top-right corner; the
markers are set on those spaces by hand (a game rarely walks there).  And: CA's PRR share
unsold before PRR's par (8.1), M&H's NYC share counted toward the float (11.0), a forced
sale in the first operating round (12.0(1) bars only the first stock round; 24.0), an
exchange moving no priority deal (4.0: only a purchase or a sale does).
"""

from __future__ import annotations

import pytest
from conftest import play
from test_g1830 import SALE

from moderator.game import Game

OPENING = SALE
"""Three players buy the privates in turn: Bob holds CA's PRR 10%, Cy B&O's presidency."""

NYC = (
    OPENING
    + """\
par Amy NYC 100
buy Bob NYC
buy Cy NYC
buy Amy NYC
buy Bob NYC
pass Cy
buy Amy NYC
pass Bob
pass Cy
buy Amy NYC
pass Bob
pass Cy
pass Amy
"""
)
"""NYC at $100 par floats: Amy 50% (president), Bob 20%, Cy 10%; operating round 1.1."""

STOCK_ROUND_2 = NYC + "run NYC 0\ntrain NYC 2\ndone NYC\n"
"""NYC ran for nothing (one space left, to (0,5) $90) and bought a 2: stock round 2, Bob
first (left of Amy, the last to buy)."""


def ok(game: Game, *lines: str) -> None:
    for line in lines:
        outcome = game.execute(line)
        assert outcome.ok, f"`{line}`: {outcome.message}"


# ------------------------------------------------------------------ the market's edges
def test_8_2_a_sale_at_the_bottom_of_its_column_leaves_the_price() -> None:
    """(2,15) $200 has no space below: two shares sold bring 2 x $200 and the marker stays
    (8.2(1): "cannot be moved further once it reaches the bottom"; "only straight down")."""
    game = play(STOCK_ROUND_2)
    game.state.market.place("NYC", (2, 15))
    before = game.state.ledger.player("Bob").cash
    ok(game, "sell Bob NYC 2")
    assert game.state.ledger.player("Bob").cash == before + 400
    assert game.state.market.cell("NYC") == (2, 15)
    assert game.state.price("NYC") == 200


@pytest.mark.parametrize(
    ("cell", "after"),
    [((0, 0), (1, 0)), ((7, 0), (7, 0))],
    ids=["row-left-end-moves-down", "bottom-left-corner-stays"],
)
def test_8_2_a_withheld_run_at_the_left_edge(cell: tuple[int, int], after: tuple[int, int]) -> None:
    """(0,0) $60: no space left, so one row down to (1,0) $53; (7,0) $10: no space left nor
    below, the marker stays (8.2(4))."""
    game = play(STOCK_ROUND_2)
    game.state.market.place("NYC", cell)
    ok(game, "pass Bob", "pass Cy", "pass Amy", "run NYC 0")
    assert game.state.market.cell("NYC") == after


def test_8_2_the_top_right_corner_keeps_a_paying_marker() -> None:
    """(0,18) $350: no space right nor above; a dividend leaves it there (8.2(3)), and the
    run pays $10 a 10% all the same (20.3)."""
    game = play(STOCK_ROUND_2)
    game.state.market.place("NYC", (0, 18))
    ok(game, "pass Bob", "pass Cy", "pass Amy")
    amy = game.state.ledger.player("Amy").cash
    ok(game, "run NYC 100")
    assert game.state.market.cell("NYC") == (0, 18)
    assert game.state.ledger.player("Amy").cash == amy + 50


# ------------------------------------------------------------------ privates' shares
def test_8_1_cas_prr_share_is_not_sold_before_prrs_par() -> None:
    """8.1, last paragraph: the share "cannot be sold until the president's certificate
    has been purchased, thereby setting the value"."""
    game = play(OPENING + "pass Amy\npass Bob\npass Cy\npass Amy\n")
    outcome = game.execute("sell Bob PRR 1")
    assert not outcome.ok and "PRR has not been launched (8.1)" in outcome.message


def test_11_0_the_mohawk_share_counts_toward_nycs_float() -> None:
    """NYC 50% sold by the bank; Amy exchanges M&H for a 10% from the initial offering:
    60%, NYC floats and receives $1,000 at the operating round (11.0, Table 1 note 3)."""
    game = play(
        OPENING + "par Amy NYC 100\nbuy Bob NYC\nbuy Cy NYC\nbuy Amy NYC\nexchange Amy MH\n"
    )
    ok(game, "pass Bob", "pass Cy", "pass Amy")
    assert game.state.round_kind == "OR"
    assert game.state.company("NYC").cash == 1000


def test_4_0_an_exchange_moves_no_priority_deal() -> None:
    """Stock round 2: Amy's M&H exchange is neither a purchase nor a sale; nobody deals, so
    Bob keeps the priority deal (4.0)."""
    game = play(STOCK_ROUND_2)
    ok(game, "pass Bob", "exchange Amy MH", "pass Cy", "pass Amy")
    assert game.state.round_kind == "OR"
    assert game.state.priority == "Bob"


# ------------------------------------------------------------------ forced sales
def test_24_0_a_forced_sale_in_the_first_operating_round() -> None:
    """12.0(1) bars sales in the first stock round only: in operating round 1.1 Amy sells
    an NYC share toward NYC's train (24.0(3)), at $90, one row down to (1,5) $82."""
    game = play(NYC)
    ok(game, "adjust NYC -1000 emptied for the test", "adjust Amy -150 short for the test")
    ok(game, "run NYC 0")
    outcome = game.execute("train NYC 2")
    assert not outcome.ok and "(24.0)" in outcome.message
    ok(game, "sell Amy NYC 1", "train NYC 2")
    assert game.state.market.cell("NYC") == (1, 5)
    assert game.state.ledger.player("Amy").cash == 45 + 90 - 80


# ------------------------------------------------------------------ the first stock round
def test_12_0_the_round_after_a_7_3_round_of_passes_is_still_the_first() -> None:
    """7.3: a complete round of passes with CA on offer pays the privates' income and
    "another Stock Round is then commenced".  Reading (docs/titles/1830.md): stock goes on
    sale only once every private is sold (6.0, 8.0), so that round is still the first in
    which stock is dealt, and no certificate is sold in it (7.0, 12.0(1))."""
    game = play(OPENING.split("buy Bob CA")[0] + "pass Bob\npass Cy\npass Amy\n")
    assert game.state.ledger.player("Amy").cash == 800 - 130 + 25  # SV 5 + MH 20 (7.3)
    ok(game, "buy Bob CA", "buy Cy BOP", "par Cy BO 67", "par Amy PRR 67")
    outcome = game.execute("sell Bob PRR 1")
    assert not outcome.ok and "first stock round (7.0, 12.0)" in outcome.message
