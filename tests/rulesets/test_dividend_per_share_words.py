"""A run's lines never give a per-share amount no share was paid (1817 facts §8: a
payout divided by 2, 5 or 10 shares, each holder's amount rounded up).

Before, 1817's ``run GT 133`` on 5 shares said "GT runs $133, full, $26 a share" and
paid each line "GT dividend $26/share" while Amy, with two shares, got $54: the banker
mirroring the line would pay $52.  Now the run line says the amount paid out and that
no whole amount a share was paid, each payment says the exact $26.60 a share and how it
is rounded, and the receipt says the exact amount too.
Checked on every run of every script: a line's "$N a share" is the payout divided by
the shares, exactly.
"""

from __future__ import annotations

import re
from fractions import Fraction

from conftest import SCRIPTS

from moderator.events import CashMoved, DividendPaid
from moderator.game import Game
from moderator.narrate import describe
from moderator.script import parse_script

A_SHARE = re.compile(r"[$£M¥](\d{1,3}(?:,\d{3})*)(?:\.(\d\d))? a share")


def _play(name: str, stop: str | None = None, *, before: bool = False) -> Game:
    game: Game | None = None
    for line in parse_script((SCRIPTS / name).read_text(encoding="utf-8")):
        if game is None:
            game = Game.from_command(line.command)
            continue
        if before and line.text == stop:
            break
        assert game.execute(line.command).ok, line.text
        if line.text == stop:
            break
    assert game is not None
    return game


def test_1817_a_payout_the_shares_do_not_divide_is_said_exactly() -> None:
    game = _play("1817-dividend-zones.script", "run GT 133")
    events = game.journal[-1].events
    lines = [describe(e, "$", "1817") for e in events]
    run = next(describe(e, "$", "1817") for e in events if isinstance(e, DividendPaid))
    assert run == "GT runs $133, full, $133 on 5 shares: $26.60 a share, each payment as paid"
    paid = [e for e in events if isinstance(e, CashMoved) and "dividend" in e.reason]
    assert sorted(e.amount for e in paid) == [54, 80]  # 2 and 3 of 5 shares, rounded up
    assert all("$26.60 a share, each holder's amount rounded up" in e.reason for e in paid)
    assert not any("$26/share" in str(line) or "$26 a share" in str(line) for line in lines)


def test_1817_the_receipt_says_the_exact_amount_a_share() -> None:
    game = _play("1817-dividend-zones.script", "run GT 133", before=True)
    text = game.ruleset.receipt(game.state, "GT", 133, None).text()
    assert "  $133 on 5 shares: $26.60 a share, each line as paid" in text
    assert "$26 a share" not in text


def test_every_per_share_amount_said_is_the_payout_over_the_shares() -> None:
    said = {"whole": 0, "exact": 0, "not whole": 0}
    for path in sorted(SCRIPTS.glob("*.script")):
        game: Game | None = None
        for line in parse_script(path.read_text(encoding="utf-8")):
            if game is None:
                game = Game.from_command(line.command)
                continue
            outcome = game.execute(line.command)
            if not outcome.ok or line.command.kind != "run" or game.title == "1853":
                continue  # 1853 pays whole pounds a share, the rest in the bank (4.6.5)
            currency = getattr(game.ruleset, "currency", "$")
            for ev in outcome.events:
                if not isinstance(ev, DividendPaid) or not ev.per_share:
                    continue
                if ev.option not in ("full", "half"):
                    continue
                count = game.ruleset.dividend_shares(game.state.company(ev.company))  # type: ignore[attr-defined]
                paid = ev.revenue - ev.retained
                text = describe(ev, currency, game.title)
                assert text is not None
                where = f"{path.name}: `{line.text}`: {text}"
                if "not a whole amount a share" in text or "each payment as paid" in text:
                    said["not whole"] += 1
                    assert paid % count, where
                    if m := A_SHARE.search(text):  # the exact amount, as the receipt says it
                        amount = Fraction(int(m.group(1).replace(",", ""))) + Fraction(
                            int(m.group(2) or 0), 100
                        )
                        assert amount == Fraction(paid, count), where
                else:
                    said["whole"] += 1
                    assert f"{currency}{ev.per_share:,} a share" in text, where
                    assert paid == ev.per_share * count, where
            for ev in outcome.events:
                if isinstance(ev, CashMoved) and (m := A_SHARE.search(ev.reason)):
                    run = next(e for e in outcome.events if isinstance(e, DividendPaid))
                    if ev.reason.split()[0] != run.company:
                        # 1817: a run that begins the next round ends the acquisition
                        # round first, and the bank's liquidations pay their shareholders
                        # a share of what is left (facts §10 Step 9), not a dividend
                        continue
                    said["exact"] += 1
                    company = game.state.company(ev.reason.split()[0])
                    count = game.ruleset.dividend_shares(company)  # type: ignore[attr-defined]
                    amount = Fraction(int(m.group(1).replace(",", ""))) + Fraction(
                        int(m.group(2) or 0), 100
                    )
                    assert amount == Fraction(run.revenue - run.retained, count), ev.reason
    assert said["whole"] > 500 and said["not whole"] >= 5 and said["exact"] >= 5, said
