"""The refusals met along the hand-worked scenarios of 1830's family (a refused line
stops a script, so they are asked here, each naming its rule), and the order in which
sold-out corporations move up at a stock round's end (1830 8.2)."""

from __future__ import annotations

from conftest import play, refuse
from test_g1853_refusals import upto

TIES = "1830-presidency-ties.script"
CHESAPEAKE = "18chesapeake-four-players-presidencies.script"
SHIKOKU = "1889-left-edge-orange.script"


def test_24_0_the_forced_sale_keeps_the_buyers_presidency_and_sells_no_more_than_needed() -> None:
    """1830 24.0(3): NYC ($0) needs an $80 2-train and Cy has $76.  Four NYC would cost him
    NYC's presidency; two PRR are one more than the $4 needs; he is not bankrupt."""
    game = play(upto(TIES, "sell Cy PRR 1"))
    assert "(24.0)" in refuse(game, "sell Cy NYC 4", "presidency")
    assert "(24.0)" in refuse(game, "sell Cy PRR 2", "already raises")
    assert "(24.0)" in refuse(game, "bankrupt Cy")


def test_4_0_no_purchase_of_a_corporation_sold_this_stock_round() -> None:
    """1830 4.0: Cy sold NYC in stock round 2 and may not buy it back from the pool."""
    game = play(
        upto(TIES, "pass Cy                              # Cy may buy no NYC this round (4.0)")
    )
    assert "(4.0)" in refuse(game, "buy Cy NYC pool")


def test_18chesapeake_10_8_and_9_3_the_forced_sale_and_no_sale_after_the_purchase() -> None:
    """§10.8: four PRR would cost Cy the presidency of PRR, the corporation buying; three
    are more than the $10 he lacks.  §9.3: after his purchase in stock round 2, no sale."""
    game = play(upto(CHESAPEAKE, "sell Cy LV 1"))
    assert "(§10.8)" in refuse(game, "sell Cy PRR 4", "presidency")
    assert "(§10.8)" in refuse(game, "sell Cy PRR 3", "already raise")
    game = play(upto(CHESAPEAKE, "buy Cy LV pool"))
    game.execute("buy Cy LV pool")
    assert "§9" in refuse(game, "sell Cy LV 1")


def test_1889_sales_of_one_corporation_in_one_block() -> None:
    """Facts §6: Bob sold two KO in one action; a third in the same turn is refused."""
    game = play(upto(SHIKOKU, "sell Bob KO 2"))
    assert game.execute("sell Bob KO 2").ok
    assert "(facts §6)" in refuse(game, "sell Bob KO 1")


def test_8_2_sold_out_markers_on_one_space_move_up_in_their_order() -> None:
    """8.2(2) and its stacking sentence: NYC and PRR share the $67 space, NYC on top (it
    came first); both are wholly in players' hands and move up, NYC first, so NYC stays on
    top and operates first (16.0)."""
    sale = "\n".join(
        ["game 1830 Amy Bob", "buy Amy SV", "buy Bob CS", "buy Amy DH", "buy Bob MH"]
        + ["buy Amy CA", "buy Bob BOP", "par Bob BO 100", "par Amy NYC 67", "par Bob PRR 67"]
        + ["buy Amy NYC", "buy Bob NYC"] * 3
        + ["buy Amy NYC", "buy Bob PRR", "buy Amy PRR", "buy Bob PRR", "buy Amy PRR"]
        + ["buy Bob PRR", "buy Amy PRR", "buy Bob PRR", "pass Amy", "buy Bob NYC"]
        + ["pass Amy", "pass Bob"]
    )
    game = play(sale + "\n")
    data = {c["id"]: c for c in game.state_json()["companies"]}
    assert data["NYC"]["cell"] == data["PRR"]["cell"] == [4, 6]
    assert "NYC has not run yet" in refuse(game, "run PRR 0", "(17.0")
