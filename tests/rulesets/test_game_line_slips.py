"""The `game` line's refusals (the slips audit): a wrong number of players names each
title's own rule, and an option written twice is refused in every title."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from moderator.errors import Refusal
from moderator.game import Game
from moderator.journal import entry_json, save_text

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


@pytest.mark.parametrize("title", sorted(PLAYERS_RULE))
def test_the_players_refusal_is_one_wording(title: str) -> None:
    """The ``game`` line's refusal is the ruleset's :meth:`players_refusal`, which the
    new-game form shows too; a count the title takes has none."""
    from rulesets import RULESETS

    cls = RULESETS[title.upper()]
    few, many, _ = PLAYERS_RULE[title]
    for count in (few, many):
        with pytest.raises(Refusal) as caught:
            Game.new(title, [f"P{i}" for i in range(count)])
        assert caught.value.message == cls.players_refusal(count)
    assert cls.players_refusal(few + 1) is None and cls.players_refusal(many - 1) is None


OPTION = {
    "1846": "2e",
    "1847AE": "variant",
    "1847Pfalz": "intro",
    "1847RRRRB": "optional",
    "1853": "short",
    "1830": "brownpool",
    "1889": "beginner",
    "1817": "five_shorts",
}


@pytest.mark.parametrize("title", sorted(OPTION))
def test_an_option_written_twice_is_refused(title: str) -> None:
    """1853's `short short` and 1830's `brownpool BROWNPOOL` were taken as one option;
    1846's `2e 2e` was refused.  Every title refuses now, and once is accepted."""
    word = OPTION[title]
    players = ["Amy", "Bob", "Cat", "Dan"]
    assert Game.new(title, [*players, word]).options
    with pytest.raises(Refusal, match="once in the `game` line"):
        Game.new(title, [*players, word, word.upper()])


@pytest.mark.parametrize(("title", "word"), [("1853", "short"), ("1830", "brownpool")])
def test_a_save_from_before_level_10_with_an_option_twice_opens(
    title: str, word: str, tmp_path: Path
) -> None:
    """A save of rules level 9 whose header writes the option twice (1830 kept both words)
    opens, the option once; written again, its header holds it once."""
    game = Game.new(title, ["Amy", "Bob", "Cat", word], rules_level=9)
    assert game.execute("note written before level 10").ok
    entries = [entry_json(e) for e in game.journal]
    path = tmp_path / "old.json"
    path.write_text(save_text(title, ["Amy", "Bob", "Cat", word, word], entries, 9))
    with Game.load(path) as loaded:
        assert loaded.options == (word,) and len(loaded.journal) == 1
        assert loaded.execute("note played on").ok
    assert json.loads(path.read_bytes().split(b"\n", 1)[0])["players"].count(word) == 1


@pytest.mark.parametrize(
    ("title", "line", "rule"),
    [
        ("1830", "buy Amy SV pool", "(7.1)"),
        ("1889", "buy Amy TER ipo", "(facts §5)"),
    ],
)
def test_a_private_of_the_opening_sale_with_a_source_names_the_rule(
    title: str, line: str, rule: str
) -> None:
    """The audit: `buy PLAYER PRIVATE pool` in the opening sale said how to write it but
    named no rule; it names the title's rule of the sale now."""
    game = Game.new(title, ["Amy", "Bob", "Cat"])
    outcome = game.execute(line)
    assert not outcome.ok and outcome.message.endswith(rule), outcome.message
    assert "a private is bought as it is" in outcome.message and game.journal == []
