"""The payout advisor's "per share" row says a payout its shares do not divide to the cent
(1817 facts §8: each holder's amount rounded up), never the whole dollars no holder is
paid at: GT (5 shares) running $133 pays $26.60 a share (Amy's 2 shares: $54)."""

from __future__ import annotations

from conftest import SCRIPTS, play

from moderator import commands as c
from moderator.advisor import advise


def test_1817_a_payout_of_133_on_5_shares_is_26_60_a_share() -> None:
    text = (SCRIPTS / "1817-dividend-zones.script").read_text(encoding="utf-8")
    game = play(text[: text.index("\nrun GT 133\n") + 1])
    run = c.Run(company="GT", revenue=133)
    (full,) = advise(game, run, ["full"])
    assert full.refused is None
    assert (full.per_share, full.per_share_exact) == (26, "26.60")
    assert full.takes["Amy"] == 54


def test_a_payout_the_shares_divide_has_no_cents() -> None:
    text = (SCRIPTS / "1817-dividend-zones.script").read_text(encoding="utf-8")
    game = play(text[: text.index("\nrun GT 133\n") + 1])
    (full,) = advise(game, c.Run(company="GT", revenue=130), ["full"])
    assert (full.per_share, full.per_share_exact) == (26, None)
