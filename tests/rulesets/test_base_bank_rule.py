"""The bank's rule, shared by every title (rulesets/base.py), is each title's own (issue
19.4): the state JSON's ``bank.rule`` and the refusal of an adjustment the bank cannot pay
cite 1846 10.1, 1847 AE 9, 1853 5.1.1 ("the bank runs out of money"), never another
title's."""

from __future__ import annotations

import pytest
from conftest import play, refuse

GAMES = {
    "1846": ("game 1846 Amy Bob Carlos\n", "Amy", 5300, "$", "10.1"),
    "1847AE": ("game 1847AE Anna Bert Cora\n", "Anna", 6500, "M", "9"),
    "1853": ("game 1853 Ann Bo Cat\n", "Ann", 12810, "£", "5.1.1"),
    "1830": ("game 1830 Amy Bob Cy\n", "Amy", 9600, "$", "25.0"),
}
"""Per title: the game line, a player, the bank's cash at the start, the currency and the
rule on the bank running out."""


@pytest.mark.parametrize("title", sorted(GAMES))
def test_an_adjustment_the_bank_cannot_pay_cites_the_titles_rule(title: str) -> None:
    text, player, cash, cur, rule = GAMES[title]
    game = play(text + f"expect bank cash {cash}\n")
    message = refuse(game, f"adjust {player} {cash + 1} test", f"cannot pay it ({rule})")
    assert f"holds only {cur}{cash:,}" in message
    assert not any(f"({r})" in message for *_, r in GAMES.values() if r != rule)


@pytest.mark.parametrize("title", sorted(GAMES))
def test_the_bank_json_names_the_titles_rule_before_and_after_it_breaks(title: str) -> None:
    text, player, cash, _, rule = GAMES[title]
    game = play(text)
    assert game.state_json()["bank"]["rule"] == rule
    # the whole cash paid out empties the bank, which breaks it like any payment
    game = play(text + f"adjust {player} {cash} test\n")
    bank = game.state_json()["bank"]
    assert bank["broken"] and bank["rule"] == rule


@pytest.mark.parametrize("title", sorted(GAMES))
def test_the_bank_json_says_when_a_broken_bank_ends_the_game(title: str) -> None:
    """1853 5.1.2: the game ends when the operating round under way is complete, not the
    set (1846 10.1, 1847 AE 9: after the set's operating rounds); the status bar says
    ``bank.ends``."""
    text, player, cash, _, _ = GAMES[title]
    ends = play(text + f"adjust {player} {cash} test\n").state_json()["bank"]["ends"]
    if title == "1853":
        assert ends == (
            "the game ends when the operating round under way is complete (broken in a "
            "stock round: the next one) (5.1.2)"
        )
    elif title == "1830":  # 25.0: broken in a stock round, the next set is played
        assert ends == (
            "the game ends when the set of operating rounds under way (broken in a stock "
            "round: the next set) is complete (25.0)"
        )
    else:
        assert ends == "the game ends after this set of operating rounds"
