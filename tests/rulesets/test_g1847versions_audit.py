"""An independent audit of 1847 Pfalz and RRRR&B against sections 11 and 12 of the 1847 AE
rules: what the hand-worked scripts ``1847pfalz-later-phases.script`` and
``1847rrrrb-later-phases.script`` show besides their ``expect`` lines: what the bank says
of a move the board's corner stops, and the refusals met on the way, each naming its rule.
"""

from __future__ import annotations

from conftest import play, refuse
from test_g1853_refusals import upto

PFALZ = "1847pfalz-later-phases.script"
RRRRB = "1847rrrrb-later-phases.script"


def test_6_7_4_the_bank_says_a_marker_in_the_corner_stays() -> None:
    """6.7.4: "If it is already on the most left space it is moved one space down instead";
    at 50, the bottom-left corner, it stays (facts §2), and the receipt says so (before: "no
    dividend: one space left", with the price unchanged)."""
    game = play(upto(PFALZ, "run N 400 withhold"))
    assert game.state.price("N") == 50
    receipt = game.execute("run N 400 withhold").receipt
    assert receipt is not None
    assert (receipt.price_before, receipt.price_after) == (50, 50)
    assert receipt.rule == "no dividend: the marker stays, no space left or below (6.7.4)"
    moved = play(upto(PFALZ, "run L 500 withhold", 2)).execute("run L 500 withhold").receipt
    assert moved is not None  # L stands at its row's left end (62): one row down, to 50
    assert moved.rule == "no dividend: one row down, from the left end of its row (6.7.4)"


def test_11_2_4_weidenthal_is_not_sold_to_saar_in_pfalz() -> None:
    """11.2.4: the play of the RRRR&B script sells Weidenthal to Saar; in 1847 Pfalz Saar is
    no Pfalzbahn."""
    game = play(upto(PFALZ, "expect Saar cash 170", 2))
    assert "(11.2.4)" in refuse(game, "buyprivate Saar W 50")


def test_6_8_a_railway_at_its_limit_buys_no_train_of_a_new_type() -> None:
    """6.8: "A Corporation that already owns its maximum number of trains may not buy another
    train even when this would trigger the obsolescence": L owns 3, 3+3 and 4 in phase 4."""
    for script in (PFALZ, RRRRB):
        game = play(upto(script, "expect L cash 505"))
        assert "(6.8)" in refuse(game, "train L 4+4")


def test_4_2_quarries_before_the_green_phase_are_not_sold() -> None:
    """4.2: "Beginning with the green phase quarries may be sold to railway companies": in
    phase 3+3 L may not buy Koenigsbach (in both versions)."""
    for script in (PFALZ, RRRRB):
        game = play(upto(script, "expect L cash 30"))
        assert game.state.phase == "3+3"
        assert "(4.2)" in refuse(game, "buyprivate L K 30")


def test_6_8_2_the_director_sells_only_what_the_forced_purchase_needs() -> None:
    """6.8.2: "he may only sell the number of certificates necessary"; the acting
    corporation's certificates are not his to sell (8.2: N is in its first operating round),
    nor is a director's certificate nobody could take (8.2).  RRRR&B: A's L 10% at 86 makes
    up the 40 N lacks; a second sale is refused."""
    game = play(upto("1847rrrrb-forced-purchase.script", "sell A L 1"))
    assert "(8.2)" in refuse(game, "sell A N 2")
    assert "(8.2)" in refuse(game, "sell A Saar 2")
    assert game.execute("sell A L 1").ok
    assert "(6.8.2)" in refuse(game, "sell A Saar 1")


def test_8_4_nationalisation_needs_70_percent_and_is_the_turns_purchase() -> None:
    """8.4 in both versions: at 60% of Saar A may not nationalise; at 80% she may, and it
    is her purchase for the turn (a second is refused)."""
    for script in ("1847pfalz-nationalise.script", "1847rrrrb-nationalise.script"):
        game = play(upto(script, "expect A cash 314"))
        for line in ("pass B", "pass C"):
            assert game.execute(line).ok
        assert "needs 70% (8.4)" in refuse(game, "nationalize A Saar B")
        game = play(upto(script, "nationalize A Saar B"))
        assert game.execute("nationalize A Saar B").ok
        assert "turn" in refuse(game, "nationalize A Saar C")
