"""1817, part 1: the slips an independent audit of the facts found (issue 44).

Each test failed before its fix; the figures are worked out by hand from
``shared/facts/1817.md`` (the section is named in each docstring).
"""

from __future__ import annotations

from conftest import play

PHASE_3 = "game 1817 Amy Bob Cat\n" + "pass Amy\npass Bob\npass Cat\n" * 4
"""No private sold; stock rounds 1-3 pass, their exports bring phase 3 (facts §8, §13);
stock round 4 begins with Amy on turn."""


def test_facts_8_treasury_shares_are_rounded_up_like_every_holder() -> None:
    """Facts §8 step 4: per share = revenue ÷ shares, each holder's amount rounded up;
    treasury shares pay the corporation (the treasury is a holder like any other).

    GT: $300 bid → par $150, 5 shares, its second station $50 → $250; a 3 ($250) → $0;
    OR 4.1 withholds by itself ($135). OR 4.2: $133 run, $26.60 a share: Amy's 2 shares
    $53.20 → $54, GT's 3 treasury shares $79.80 → $80 (not 3 × $26 = $78).
    """
    g = play(PHASE_3 + "ipo Amy GT 300 5\npass Bob\npass Cat\npass Amy\ntrain GT 3\ndone GT\n")
    assert g.state.company("GT").cash == 0
    g.execute("run GT 133")
    assert g.state.company("GT").cash == 80
    assert g.state.ledger.player("Amy").cash == 420 - 300 + 54
