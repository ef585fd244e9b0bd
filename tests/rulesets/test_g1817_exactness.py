"""1817, part 1: edge cases of the second audit (exactness per the facts), beside the
hand-worked scripts ``1817-zone-loans``, ``1817-seven-players`` and ``1817-trains-buyback``.

Every figure is worked out by hand from ``shared/facts/1817.md`` (the section in each
docstring).
"""

from __future__ import annotations

import json

from conftest import SCRIPTS, play, refuse

from moderator.game import Game
from moderator.ledger import POOL
from moderator.narrate import describe

BUYBACK = (SCRIPTS / "1817-trains-buyback.script").read_text()
ZONE = (SCRIPTS / "1817-zone-loans.script").read_text()


def _upto(text: str, marker: str) -> str:
    """The script's lines before ``marker``."""
    return text[: text.index(marker)]


def test_facts_7_expect_cell_reads_the_rows_column() -> None:
    """Facts §7 numbers the row's columns 0-31: `expect CORP cell 0 COL` tells the three $0
    acquisition cells apart. GT, withholding from column 2, stands at column 1."""
    g = play(_upto(ZONE, "loan GT\nexpect GT cell 0 1"))
    assert g.execute("expect GT cell 0 1").ok
    outcome = g.execute("expect GT cell 0 2")
    assert not outcome.ok and "0 1" in outcome.message
    assert g.execute("expect UR cell 0 6").ok


def test_facts_3_privates_may_not_exceed_the_bid() -> None:
    """Facts §3 step 3: the privates contributed are paid back at face, their total at
    most the bid: MAJM ($120) cannot go into a $100 IPO."""
    g = play("game 1817 Amy Bob Cat\nprivate Amy MAJM 100\npass Bob\npass Cat\npass Amy\n")
    refuse(g, "ipo Amy UR 100 2 MAJM by Bob", "$120 is more than the bid $100", "facts §3")
    assert g.execute("ipo Amy UR 120 2 MAJM by Bob").ok
    assert g.state.company("UR").cash == 0 and g.state.price("UR") == 60


def test_facts_4_no_loan_after_a_buy_back() -> None:
    """Facts §4 (R 5.6): loans first, then buy-backs; no loan after a buy-back. `redeem
    CORP N` buys its N shares at once and ends the president's turn for the corporation:
    the next line is Bob's."""
    g = play(_upto(BUYBACK, "expect GT cash 191"))
    refuse(g, "loan GT", "Bob's turn", "facts §4")
    assert g.state.current_player == "Bob"


def test_facts_13_a_train_between_corporations_costs_at_least_one_dollar() -> None:
    """Facts §13 (RDL 9.1): any agreed price of at least $1; nobody adds to it."""
    g = play(_upto(BUYBACK, "train UR 3 from GT 1"))
    refuse(g, "train UR 3 from GT 0", "at least $1", "facts §13, RDL 9.1")
    # no forced purchase in 1817 (facts §8, R 6.7): the president adds nothing, and the
    # refusal says so rather than pointing to a train from the bank
    refuse(g, "train UR 3 from GT 46", "UR has $45", "only to a forced purchase", "R 6.7")
    refuse(g, "payback UR 2", "holds 1 loan", "facts §6, R 6.9")


def test_facts_15_part_one_options_change_no_figure() -> None:
    """Facts §15: `short_squeeze` acts on holdings above 100% (shorts, a later step),
    `five_shorts` on shorts, `modern_trains` on revenue the banker types: a part-1 game
    plays to the same figures with them (GT's sold-out move stays one step, $110)."""
    plain = play(BUYBACK)
    text = BUYBACK.replace(
        "game 1817 Amy Bob Cat", "game 1817 Amy Bob Cat short_squeeze five_shorts modern_trains"
    )
    optioned = play(text)
    assert json.dumps(optioned.state_json()["companies"]) == json.dumps(
        plain.state_json()["companies"]
    )
    assert json.dumps(optioned.state_json()["players"]) == json.dumps(plain.state_json()["players"])


def _price_reasons(game: Game) -> list[str]:
    """The reasons of the last entry's price moves."""
    return [e.reason for e in game.journal[-1].events if getattr(e, "kind", "") == "price"]


def test_facts_7_loans_and_paybacks_between_the_zero_cells_are_said_as_moves() -> None:
    """Facts §7: a loan or a payback moving the marker between two $0 acquisition cells
    moves it (the next move starts there): its line must not read as "stays". A loan at
    column 1 does stay (no move enters the liquidation cell)."""
    g = play(_upto(ZONE, "expect GT loans 3\nexpect GT cash 85"))
    # GT's turn end: the interest's automatic loan, column 3 -> 2
    assert any("moves left to another space of the same price" in r for r in _price_reasons(g))
    line = next(
        describe(e, "$", "1817") for e in g.journal[-1].events if getattr(e, "kind", "") == "price"
    )
    assert line == "GT marker moves left to another $0 space: a loan taken: left 1 (facts §6)"
    g = play(_upto(ZONE, "expect GT cell 0 1\nexpect GT cash 185"))
    assert _price_reasons(g) == [  # column 1: it stays
        "a loan taken: left 1; the marker stays, no space further left (facts §6)"
    ]
    assert g.execute("payback GT").ok
    assert any("moves right to another space of the same price" in r for r in _price_reasons(g))


def test_facts_4_the_stock_rounds_end_drop_between_the_zero_cells_is_said_as_a_move() -> None:
    """Facts §4, §7: left 1 per market share at the stock round's end, from column 3 to
    column 2 (both $0), is a move of the marker. GT: par $50, three loans in stock round 4
    (column 3); a share put in the market by hand."""
    g = play(
        "game 1817 Amy Bob Cat\n" + "pass Amy\npass Bob\npass Cat\n" * 4 + "ipo Amy GT 100 5\n"
        "pass Bob\npass Cat\nloan GT 3\npass Bob\npass Cat\n"
    )
    gt = g.state.company("GT")
    next(x for x in gt.certificates if x.holder == "GT" and not x.president).holder = POOL
    assert g.state.market.position["GT"] == 3
    assert g.execute("pass Amy").ok
    assert g.state.market.position["GT"] == 2
    assert any(
        r.startswith("1 share in the market") and "moves left to another space" in r
        for r in _price_reasons(g)
    )
