"""An independent rules audit of 1846 and 1847 AE (audit46): the refusals met on the way
through ``tests/scripts/1846-issue-redeem-limits.script`` (each naming its rule, the state
unchanged), and every kind of edge of the 1847 AE 2-D market (6.7.4, 8.2, 8.5), worked out
by hand from the board (``shared/facts/1847ae.md`` §2) before the tool was asked.
"""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, play, refuse
from test_g1853_refusals import upto

from moderator.game import Game
from moderator.market import GridMarket

LIMITS = "1846-issue-redeem-limits.script"


def test_6_31_the_limit_counts_the_presidents_certificate_as_two_shares() -> None:
    """SR 1 leaves Amy 30% (her president's certificate and a share) and Bob 10%: 4 shares
    with players, none in the Stock Market, 6 in the treasury: NYC may issue 4, not 5."""
    game = play(upto(LIMITS, "issue NYC 4"))
    refuse(game, "issue NYC 5", "at most 4 shares", "(shares held by players minus", "6.31)")
    refuse(game, "redeem NYC 1", "only 0 NYC shares are in the Stock Market (6.32)")


def test_6_3_an_issue_and_a_redemption_are_not_both_made_in_a_turn() -> None:
    """6.2 A / 6.3: "May either issue or redeem shares"."""
    game = play(upto(LIMITS, "issue NYC 4"))
    assert game.execute("issue NYC 1").ok
    refuse(game, "redeem NYC 1", "issued shares this turn and may not also redeem (6.3)")
    game = play(upto(LIMITS, "redeem NYC 2"))
    assert game.execute("redeem NYC 1").ok
    refuse(game, "issue NYC 1", "redeemed shares this turn and may not also issue (6.3)")


def test_6_31_6_32_nothing_to_issue_and_no_more_to_redeem_than_the_stock_market_holds() -> None:
    """OR 1.2: players hold 4 shares and the Stock Market 4: nothing may be issued (6.31);
    only the 4 may be redeemed, at $90 each (6.32: one value above $80); a redemption the
    treasury cannot pay is refused."""
    game = play(upto(LIMITS, "redeem NYC 2"))
    refuse(game, "issue NYC 1", "at most 0 shares", "6.31)")
    refuse(game, "redeem NYC 5", "only 4 NYC shares are in the Stock Market (6.32)")
    game.execute("adjust NYC -300 audit: a treasury of $300")
    refuse(game, "redeem NYC 4", "NYC has $300, redeeming 4 costs $360 (6.32)")
    assert game.execute("redeem NYC 3").ok


def test_6_2_no_issue_or_redemption_after_the_run() -> None:
    """6.2: issuing or redeeming is step A, before the run (C); the run closes it."""
    game = play(upto(LIMITS, "done NYC", 2))
    refuse(game, "issue NYC 1", "before its dividend step (6.2 A, 6.31)")
    refuse(game, "redeem NYC 1", "before its dividend step (6.2 A, 6.32)")


# ----------------------------------------------------------------- 1847 AE: the board's edges
# (row, column) as in the facts' table, row 0 the top; each case: the space, the move, and the
# space the rules send the marker to (hand-read from the board).
EDGES = [
    # 6.7.4: a dividend moves one space right; "If it is already on the most right space of
    # a row it will be moved up one space"
    ((2, 13), "right", (2, 14), 290, 320),  # along the row
    ((2, 14), "right", (1, 14), 320, 350),  # the row's end: up
    ((3, 11), "right", (2, 11), 215, 235),
    ((4, 8), "right", (3, 8), 140, 155),
    ((5, 6), "right", (4, 6), 105, 115),
    ((6, 4), "right", (5, 4), 90, 92),
    ((1, 15), "right", (0, 15), 385, 420),
    ((0, 15), "right", (0, 15), 420, 420),  # the top-right corner: no space right or above
    # 6.7.4: none moves one space left; "If it is already on the most left space it is moved
    # one space down instead"
    ((0, 4), "left", (1, 4), 130, 120),  # the top row starts at column 4
    ((1, 2), "left", (2, 2), 98, 92),
    ((2, 0), "left", (3, 0), 82, 78),
    ((6, 0), "left", (6, 0), 50, 50),  # the bottom-left corner
    # 8.2: a selling turn moves one row down; "A stock token that is already at the bottom of
    # a column will not be moved"
    ((0, 15), "down", (1, 15), 420, 385),
    ((1, 2), "down", (2, 2), 98, 92),
    ((2, 13), "down", (2, 13), 290, 290),  # row 3 ends at column 11
    ((4, 8), "down", (4, 8), 140, 140),
    ((6, 1), "down", (6, 1), 66, 66),
    # 8.5: sold out, one row up; "If the stock price token is already in the top row, no
    # further adjustment is made" (the top space of its column: columns 0 to 3 end below row 0)
    ((2, 2), "up", (1, 2), 92, 98),
    ((1, 2), "up", (1, 2), 98, 98),
    ((2, 0), "up", (2, 0), 82, 82),
    ((0, 10), "up", (0, 10), 255, 255),
]


@pytest.mark.parametrize(("cell", "way", "after", "before_price", "after_price"), EDGES)
def test_6_7_4_8_2_8_5_the_1847ae_board_edges(
    cell: tuple[int, int], way: str, after: tuple[int, int], before_price: int, after_price: int
) -> None:
    market = Game.new("1847AE", ["A", "B", "C"]).state.market
    assert isinstance(market, GridMarket)
    market.place("X", cell)
    assert getattr(market, way)("X") == (before_price, after_price)
    assert market.cell("X") == after


# ----------------------------------------------------------------- 1853: the bid example
def test_2_6_2_2_8_4_the_example_bbci_is_a_major_and_no_1m_trains_join() -> None:
    """``1853-rulebook-bid-example.script``: Jeff, BBCI's director at the end of the first
    stock round, bid Ajmer and Bombay: BBCI is a major (2.6.2). No minor formed, so the depot
    is Table 5's without the bracketed trains: six 2s, two 2Ms, three 3Ms, no 1M (2.8.4)."""
    game = play((SCRIPTS / "1853-rulebook-bid-example.script").read_text(encoding="utf-8"))
    data = game.state_json()
    assert data["minor_formed_sr1"] is False
    assert game.state.extra["major_bbci"]
    remaining = data["depot_remaining"]
    assert (remaining["2"], remaining["2M"], remaining["3M"]) == (6, 2, 3)
    assert "1M" not in remaining


def test_2_6_3_2_8_4_without_ajmer_bbci_is_a_minor_and_the_trains_join() -> None:
    """The same game with Jeff's Ajmer claim made as Cawnpore (his bid then lacks Ajmer):
    BBCI is a minor (2.6.3), formed in the first stock round, so one 2, one 2M and one 3M join
    the mix and the 2s are sold as 2 or 1M to a minor (2.8.4, Table 5: 7, 3 and 4)."""
    text = (SCRIPTS / "1853-rulebook-bid-example.script").read_text(encoding="utf-8")
    text = text.replace("claim Jeff Ajmer BBCI", "claim Jeff Cawnpore BBCI")
    game = play(text)  # its expect lines hold: a minor is formed with ten times par too
    data = game.state_json()
    assert data["minor_formed_sr1"] is True
    assert not game.state.extra["major_bbci"]
    remaining = data["depot_remaining"]
    assert (remaining["2"], remaining["2M"], remaining["3M"]) == (7, 3, 4)
    assert ("1M", 180) in [(t["train"], t["price"]) for t in data["depot"]]
