"""1846 7.11: a bankrupt player's shares go to the Stock Market at the price, which does not
move (rules level 5, ``1846-7.11`` in moderator/fixes.py).

7.11 puts everything the bankrupt player still holds into the Stock Market, over the 50%
limit and president's certificates included: a liquidation past 5.2's restrictions, not a
sale under them, and it says nothing of the price.  Until level 5 the tool moved the price
one column left for each corporation whose president went bankrupt (5.22 read into 7.11);
18xx.games moves none, and its recorded 1846 game ``1846_game_end_reason_bankrupt`` (two
bankruptcies) replays to its scores only without the move.  A game saved at level 4 keeps
the old move and, opened today, names the `bankrupt` line and the fix.
"""

from __future__ import annotations

from pathlib import Path

from g1846_helpers import data, game, pool, president, price, step
from test_g1846_forced_purchase import BANKRUPT
from test_g1846_table_fixes import CLOSE_ON_FULL_ISSUE

from moderator.fixes import FIXES, fixes_between
from moderator.game import Game
from tests.core.test_rules_level_4 import _play


def test_7_11_the_bankrupt_presidents_certificate_moves_no_price() -> None:
    """Amy, NYC's president ($60), goes bankrupt: her 20% goes to the Stock Market at $60,
    NYC enters receivership, and its price stays $60 (it buys its cheapest train itself)."""
    g = game(BANKRUPT)
    assert price(g, "NYC") == 60
    step(g, "bankrupt Amy")
    assert president(g, "NYC") == "pool" and pool(g, "NYC") == 40
    assert price(g, "NYC") == 60


def test_7_11_a_new_president_after_the_bankruptcy_at_the_same_price() -> None:
    """Amy (20% of NYC at $30) goes bankrupt after NYC's emergency issue took it to $20:
    Bob takes the presidency, the price stays $20 (a game before rules level 9: today the
    issue up to the limit closes NYC first, ``1846-6.86-close``)."""
    g = _play(CLOSE_ON_FULL_ISSUE, 8)
    step(g, "bankrupt Amy")
    assert president(g, "NYC") == "Bob"
    assert price(g, "NYC") == 20
    assert data(g)["players"][0]["bankrupt"]


def test_level_4_games_keep_the_old_move_and_are_told(tmp_path: Path) -> None:
    fix = FIXES["1846-7.11"]
    assert fix.level == 5 and fix.title == "1846" and fix.rule == "7.11"
    assert fix in fixes_between("1846", 4)
    text = BANKRUPT + "bankrupt Amy\n"
    old, new = _play(text, 4), _play(text, 5)
    assert old.state.price("NYC") == 50 and new.state.price("NYC") == 60
    path = tmp_path / "level4.json"
    old.save(path)
    old.close()
    loaded = Game.load(path, read_only=True)
    assert loaded.rules_level == 4
    assert loaded.state.price("NYC") == 50  # replayed as recorded
    difference = loaded.rules_difference
    assert difference is not None and difference.line == "bankrupt Amy"
    assert fix in difference.fixes
