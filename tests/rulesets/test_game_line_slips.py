"""The `game` line's refusals (the slips audit): a wrong number of players names each
title's own rule, and an option written twice is refused in every title."""

from __future__ import annotations

import pytest

from moderator.errors import Refusal
from moderator.game import Game

PLAYERS_RULE = {
    # title: (too few, too many, the rule the refusal names)
    "1846": (2, 6, "(2.2)"),  # 2.2: the bank for 3, 4 or 5 players
    "1853": (2, 7, "(Table 3)"),  # Table 3: 3 to 6 players
    "1847AE": (2, 6, "(8.3)"),  # 8.3: the certificate limit of 3, 4, 5 players
    "1847Pfalz": (2, 6, "(8.3, 11)"),  # 11: "for 3 players only ... up to 5 players"
    "1847RRRRB": (2, 6, "(8.3)"),  # 12.2 changes nothing of 8.3
    "1830": (1, 7, "(2.0, Table 3)"),
    "1889": (1, 7, "(facts §0)"),
    "18Chesapeake": (1, 7, "(§3)"),
    "1817": (2, 8, "(facts §0, D2)"),
}


@pytest.mark.parametrize("title", sorted(PLAYERS_RULE))
def test_a_wrong_player_count_names_the_titles_rule(title: str) -> None:
    few, many, rule = PLAYERS_RULE[title]
    for count in (few, many):
        with pytest.raises(Refusal) as caught:
            Game.new(title, [f"P{i}" for i in range(count)])
        assert caught.value.message.endswith(rule), caught.value.message
        assert " players " in caught.value.message
