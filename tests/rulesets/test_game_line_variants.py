"""The `game` line's words that name a variant the title does not play, or an option spelled
as 18xx.games spells it, are refused from rules level 11 instead of being seated as one more
player (18Chesapeake's `otr`: four players at $600 each, not three at $800)."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.errors import Refusal
from moderator.fixes import FIXES
from moderator.game import Game


@pytest.mark.parametrize("word", ["otr", "OTR", "OfftheRails", "off-the-rails", "Off_The_Rails"])
def test_18chesapeake_off_the_rails_is_refused(word: str) -> None:
    with pytest.raises(Refusal, match=r"Off the Rails .* does not play \(facts: Off the Rails\)"):
        Game.new("18Chesapeake", ["Amy", "Bob", "Cy", word])


def test_a_level_10_game_seated_it_as_a_player() -> None:
    """A save of level 10 replays its `game` line as written (four players, $600 each)."""
    game = Game.new("18Chesapeake", ["Amy", "Bob", "Cy", "otr"], rules_level=10)
    assert game.players == ["Amy", "Bob", "Cy", "otr"]
    assert {p["cash"] for p in game.state_json()["players"]} == {600}
    assert FIXES["18Chesapeake-game-words"].level == 11


def test_18chesapeake_three_players_and_names_like_it() -> None:
    game = Game.new("18Chesapeake", ["Amy", "Bob", "Otto"])
    assert {p["cash"] for p in game.state_json()["players"]} == {800}  # $2,400 / 3 (facts §0)


@pytest.mark.parametrize("title", ["18ChesapeakeOTR", "18Chesapeake_OfftheRails"])
def test_the_variant_as_a_title_names_it(title: str) -> None:
    with pytest.raises(Refusal, match=r"Off the Rails, 18Chesapeake's variant, is not played"):
        Game.new(title, ["Amy", "Bob", "Cy"])


@pytest.mark.parametrize("word", ["beginner_game", "Beginners", "beginners-game"])
def test_1889_beginner_game_spelled_otherwise_names_the_option(word: str) -> None:
    with pytest.raises(Refusal, match=r"written `beginner` \(facts §12\)"):
        Game.new("1889", ["Amy", "Bob", "Cy", word])
    old = Game.new("1889", ["Amy", "Bob", "Cy", word], rules_level=10)
    assert len(old.players) == 4 and old.options == ()


def test_1889_beginner_still_an_option() -> None:
    game = Game.new("1889", ["Amy", "Bob", "Cy", "beginner"])
    assert game.players == ["Amy", "Bob", "Cy"] and game.options == ("beginner",)


def test_a_level_10_save_with_such_a_player_opens_and_plays_on(tmp_path: Path) -> None:
    """Today's rules refuse its `game` line, so it stays at its level: no rewind could
    bring it to today's; it opens without a notice and plays on as before."""
    path = tmp_path / "otr.json"
    game = Game.new("18Chesapeake", ["Amy", "Bob", "Cy", "otr"], path=path, rules_level=10)
    game.close()
    with Game.load(path) as again:
        assert again.rules_level == 10 and again.notices() == []
        assert again.execute("buy Amy DR").ok
    last = Game.load(path, read_only=True)
    assert last.rules_level == 10 and len(last.journal) == 2


@pytest.mark.parametrize(
    ("word", "option"),
    [
        ("brown-pool", "brownpool"),
        ("Brown_Pool", "brownpool"),
        ("sixes", "sixes3"),
        ("optional_6_train", "sixes3"),
    ],
)
def test_1830_an_option_spelled_otherwise_names_it(word: str, option: str) -> None:
    with pytest.raises(Refusal, match=f"`{option}`"):
        Game.new("1830", ["Amy", "Bob", "Cy", word])
    assert len(Game.new("1830", ["Amy", "Bob", "Cy", word], rules_level=10).players) == 4
    game = Game.new("1830", ["Amy", "Bob", "Cy", option])
    assert game.players == ["Amy", "Bob", "Cy"] and game.options == (option,)


@pytest.mark.parametrize("word", ["shortened", "Short-Game"])
def test_1853_the_shortened_game_spelled_otherwise_names_short(word: str) -> None:
    with pytest.raises(Refusal, match=r"written `short`"):
        Game.new("1853", ["Amy", "Bob", "Cy", word])
    assert len(Game.new("1853", ["Amy", "Bob", "Cy", word], rules_level=10).players) == 4
    assert Game.new("1853", ["Amy", "Bob", "Cy", "short"]).options == ("short",)


@pytest.mark.parametrize("word", ["second_edition", "2ed", "SecondEdition"])
def test_1846_the_second_edition_spelled_otherwise_names_2e(word: str) -> None:
    with pytest.raises(Refusal, match=r"written `2e`"):
        Game.new("1846", ["Amy", "Bob", "Cy", word])
    assert len(Game.new("1846", ["Amy", "Bob", "Cy", word], rules_level=10).players) == 4
    assert Game.new("1846", ["Amy", "Bob", "Cy", "second-edition"]).options == ("2e",)
