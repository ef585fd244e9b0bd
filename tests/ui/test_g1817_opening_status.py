"""1817's status line during the opening auction (facts §1): the setup until every
private is sold or every player passed, with the seed money left and the player who
chooses next.  After the first result it said "Stock round 1   to act Bob" (1846's
reading: a private owned ends the setup) while the auction went on and `buy` was refused."""

from __future__ import annotations

from conftest import play

from moderator.ui.widgets.panels import StatusBar


def status_line(text: str) -> str:
    game = play(text)
    bar = StatusBar(id="status")
    bar.data, bar.changed, bar.currency = game.state_json(), set(), game.ruleset.currency
    return " ".join(str(bar.build().plain).split())


HEAD = "game 1817 Amy Bob Cy Dee\n"


def test_the_opening_auction_is_the_setup_with_its_seed_money() -> None:
    assert "Setup — the opening auction (facts §1) seed money left $200 to choose Amy" in (
        status_line(HEAD)
    )
    line = status_line(HEAD + "private Amy MAJM 100\n")  # face 120: $20 of the seed money
    assert "Setup — the opening auction (facts §1) seed money left $180 to choose Bob" in line
    assert "Stock round" not in line


def test_stock_round_1_once_every_player_passed() -> None:
    text = HEAD + "private Amy MAJM 100\npass Bob\npass Cy\npass Dee\npass Amy\n"
    line = status_line(text)
    assert "Stock round 1" in line and "opening auction" not in line
