"""1830 10.0: a player over the certificate limit corrects it in his next stock turn, by
selling certificates that count toward the limit.  Shares whose price is in the yellow
zone (or below) do not count, so selling them corrects nothing: a player over the limit
whose only sellable certificates are such shares may pass (the rules ask a correction he
cannot make only where a sale makes it).  The positions are set by hand: certificates of
corporations not yet launched are moved to the player (they count and cannot be sold,
8.1), and NYC's marker is put on a yellow space."""

from __future__ import annotations

from conftest import play
from test_g1830_market_edges import STOCK_ROUND_2

from moderator.game import Game

FLOATED = STOCK_ROUND_2 + "pass Bob\npass Cy\n"
"""Stock round 2, Amy's turn: she holds NYC's president's certificate and three 10%s, SV
and MH (6 certificates of her limit of 20, Table 3); the pool holds no NYC."""


def over_the_limit(*, yellow: bool) -> Game:
    """Amy with 24 more certificates of corporations not launched (30 in all, or 26 with
    NYC in the yellow zone, where its four certificates do not count: 10.0)."""
    game = play(FLOATED)
    state = game.state
    for cid in ("CPR", "ERIE", "CO"):
        corp = state.company(cid)
        for cert in [x for x in corp.certificates if not x.president]:
            state.ledger.move_certificate(corp, cert, "Amy", "set by hand for the test")
    if yellow:
        state.market.place("NYC", (2, 2))  # $60, yellow (10.0)
    return game


def test_10_0_over_the_limit_a_counted_share_must_be_sold_first() -> None:
    """NYC's three 10%s count toward the limit and one may be sold: Amy must sell."""
    game = over_the_limit(yellow=False)
    assert game.ruleset.cert_count(game.state, "Amy") == 30  # type: ignore[attr-defined]
    outcome = game.execute("pass Amy")  # (a refusal restores the journal's state: not
    assert not outcome.ok  # the hand-set one, so conftest's refuse() is not asked here)
    assert "must sell first" in outcome.message and "(10.0)" in outcome.message


def test_10_0_selling_yellow_shares_corrects_nothing_so_she_may_pass() -> None:
    """NYC in the yellow zone: its shares do not count, and the certificates that count
    cannot be sold (not launched, 8.1).  Amy may pass; she may still sell NYC if she
    likes, and it leaves her count where it was."""
    game = over_the_limit(yellow=True)
    assert game.ruleset.cert_count(game.state, "Amy") == 26  # type: ignore[attr-defined]
    outcome = game.execute("pass Amy")
    assert outcome.ok, outcome.message
    game = over_the_limit(yellow=True)
    assert game.execute("sell Amy NYC 1").ok
    assert game.ruleset.cert_count(game.state, "Amy") == 26  # type: ignore[attr-defined]
