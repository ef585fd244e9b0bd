"""1846 `bankrupt` where the emergency issue up to the normal limit reaches $0 (6.86, 6.89, 8).

``tests/scripts/1846-bankrupt-closing-issue.script`` works today's rules by hand: NYC issues
the three shares that take its price 30 -> 0, closes and buys no train; Amy is not bankrupt.
A game saved before rules level 9 issued the one share that brought the most ($10) and
declared Amy bankrupt (``moderator.fixes``, ``1846-6.86-close``).
"""

from __future__ import annotations

from conftest import SCRIPTS, play

from moderator.fixes import FIXES, fixes_between
from tests.core.test_rules_level_4 import _play

SCRIPT = (SCRIPTS / "1846-bankrupt-closing-issue.script").read_text(encoding="utf-8")
TO_BANKRUPT = SCRIPT[: SCRIPT.index("bankrupt Amy")] + "bankrupt Amy\n"


def test_the_closing_issue_comes_before_a_bankruptcy() -> None:
    game = play(TO_BANKRUPT)
    state = game.state
    assert state.company("NYC").closed
    assert not state.ledger.player("Amy").bankrupt
    assert state.ledger.player("Amy").cash == 20
    assert state.operating == "GT"


def test_a_level_8_game_issues_the_best_share_and_goes_bankrupt() -> None:
    fix = FIXES["1846-6.86-close"]
    assert (fix.level, fix.title) == (9, "1846") and fix in fixes_between("1846", 8)
    old = _play(TO_BANKRUPT, 8)
    state = old.state
    # one share: 30 -> 20, $10 (6.86); 7.11: NYC 20 + 10 + Amy's 20 + GT 2 x 150 + NYC 2 x 20
    assert state.ledger.player("Amy").bankrupt
    assert not state.company("NYC").closed
    assert state.price("NYC") == 20
