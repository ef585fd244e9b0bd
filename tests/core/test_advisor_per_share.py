"""The payout advisor's "dividend a share" row says a payout its shares do not divide to the cent
(1817 facts §8: each holder's amount rounded up), never the whole dollars no holder is
paid at: GT (5 shares) running $133 pays $26.60 a share (Amy's 2 shares: $54)."""

from __future__ import annotations

from types import SimpleNamespace

from conftest import SCRIPTS, play

from moderator import commands as c
from moderator.advisor import BANK_KEEPS, advise, bank_label
from moderator.events import CashMoved
from moderator.ui.screens.dialogs import dividend_label

ZONES = (SCRIPTS / "1817-dividend-zones.script").read_text(encoding="utf-8")
BEFORE_133 = ZONES[: ZONES.index("\nrun GT 133\n") + 1]


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


def test_1853_the_bank_keeps_the_unsold_shares_dividend_beside_a_mail_run() -> None:
    """4.6.5 and 4.6.6: BBCI runs £40 full with a mail run of £20 (line 165 of
    ``1853-five-players-unredeemed.script``): £4 a share to Rex 2, Sue 2, Tom 1; the 5
    unsold shares' £20 stays in the bank; the mail's £20 to BBCI.  The advisor's bank row
    read £0 (the event counts the mail with what the company keeps), so it was not drawn."""
    text = (SCRIPTS / "1853-five-players-unredeemed.script").read_text(encoding="utf-8")
    game = play(text[: text.index("\nrun BBCI 40 full mail 20\n") + 1])
    run = c.Run(company="BBCI", revenue=40, option="full", mail=20)
    full, withhold = advise(game, run, ["full", "withhold"])
    assert full.takes == {"Rex": 8, "Sue": 8, "Tom": 4, "BBCI": 20, BANK_KEEPS: 20}
    assert full.bank_keeps == (("initial offer", 5),)  # the rulebook's board label
    assert withhold.takes == {"BBCI": 60, BANK_KEEPS: 0}  # £40 withheld and the £20 mail
    # as the game then pays it: £40 + £20 from the bank, £20 of it to BBCI
    outcome = game.execute(run)
    assert outcome.ok
    paid = sum(e.amount for e in outcome.events if isinstance(e, CashMoved) and e.source == "bank")
    assert paid == 8 + 8 + 4 + 20


def test_the_advisor_row_names_the_shares_a_payout_is_divided_by() -> None:
    """The row says "dividend a share", as receipts do; 1817 adds the shares where they are
    not ten (facts §8: UR's $1,200 on its 2 shares is $600 a share, GT's 5)."""
    game = play(BEFORE_133)
    session = SimpleNamespace(game=game)
    assert dividend_label(session, "GT") == "dividend a share (of 5)"  # type: ignore[arg-type]
    assert dividend_label(session, "UR") == "dividend a share (of 2)"  # type: ignore[arg-type]
    other = play("game 1846 A B C\n")
    assert dividend_label(SimpleNamespace(game=other), "PRR") == "dividend a share"  # type: ignore[arg-type]


def test_1853_the_bank_row_names_the_odd_pounds_it_keeps() -> None:
    """4.6.5: SIR (1853 demo) paying £155 pays £15 a share, rounded down: its 3 unsold
    shares' £45 and the odd £5 stay in the bank, £50; the row said "bank (unsold 3 sh)"
    beside £50, which 3 shares at £15 are not."""
    demo = SCRIPTS.parent.parent / "moderator" / "demo" / "demo-1853.script"
    game = play(demo.read_text(encoding="utf-8"))
    odd = advise(game, c.Run(company="SIR", revenue=155, mail=20), ["full", "withhold"])
    assert (odd[0].takes[BANK_KEEPS], odd[0].bank_keeps, odd[0].bank_rest) == (
        50,
        (("initial offer", 3),),
        5,
    )
    assert bank_label(odd) == "bank (initial offer 3 sh + rounding)"
    even = advise(game, c.Run(company="SIR", revenue=150, mail=20), ["full", "withhold"])
    assert (even[0].takes[BANK_KEEPS], even[0].bank_rest) == (45, 0)
    assert bank_label(even) == "bank (initial offer 3 sh)"
