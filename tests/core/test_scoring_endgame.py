"""The end of the game as `score` and the projection say it, title by title (hand-worked
scripts under tests/scripts; the figures are in their headers)."""

from __future__ import annotations

from pathlib import Path

from conftest import play

from moderator import scoring
from moderator.game import Game

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def script_until(name: str, marker: str) -> Game:
    """``name`` played up to (not including) the first line that starts with ``marker``."""
    lines = (SCRIPTS / name).read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith(marker))
    return play("\n".join(lines[:cut]) + "\n")


def test_1853_broken_bank_score_says_the_operating_round_ends_the_game() -> None:
    """5.1.2: a broken bank ends the game with the operating round under way, "not
    necessarily ... a complete set of rounds"; the score said "after that set's operating
    rounds" (the other titles' rule)."""
    game = script_until("1853-bank-breaks-in-sr.script", "run EIR 200 full")
    assert game.state.bank_broken and not game.state.ended
    result = scoring.score(game)
    assert not result.final
    assert "set's operating rounds" not in result.reason
    assert "OR 3.1" in result.reason and "(5.1.2)" in result.reason
    assert "this operating round (OR 3.1) is complete (5.1.2)" in result.text()


def test_1853_broken_bank_projection_plays_only_the_operating_round_under_way() -> None:
    """5.1.2: the projection ("spreadsheet it") plays the rounds left: after the break in
    1853 that is the operating round under way, not the rest of the set (OR 3.2)."""
    game = script_until("1853-bank-breaks-in-sr.script", "run EIR 200 full")
    assert game.state.ors_in_set == 2
    assert scoring.projected_rounds(game) == ["OR 3.1"]
    projection = scoring.project(game)
    assert projection.rounds == ("OR 3.1",)


def test_1853_broken_bank_in_a_stock_round_projects_the_next_operating_round() -> None:
    """5.1.2 (reading, docs/titles/1853.md): broken in a stock round, the game ends when
    the next operating round is complete."""
    game = script_until("1853-bank-breaks-in-sr.script", "sell Gus EIR 2")
    # the bank holds £350 here (the script's SR3 header): paying it all out breaks it
    assert game.execute("adjust Gus 350 test").ok
    assert game.state.bank_broken and game.state.round_kind == "SR"
    assert scoring.projected_rounds(game) == ["OR 3.1"]
    assert "the next operating round" in scoring.score(game).reason


def test_1846_broken_bank_score_still_names_the_set() -> None:
    """10.1: the round sequence (stock round plus two operating rounds) is finished."""
    game = script_until("1846-bank-breaks.script", "expect phase I")
    assert game.state.bank_broken and not game.state.ended
    result = scoring.score(game)
    assert "after that set's operating rounds (10.1" in result.reason
    assert scoring.projected_rounds(game) == ["OR 1.2"]


def test_1846_bank_broken_in_a_stock_round_plays_the_two_operating_rounds() -> None:
    """10.1: broken in stock round 2, the game goes on through OR 2.1 and 2.2 and ends
    there; the score is final and its places follow 10.4 (figures in the script)."""
    game = script_until("1846-bank-breaks-in-sr.script", "run GT 200 full")
    s = game.state
    assert s.bank_broken and s.broken_in_round == 2 and not s.ended
    assert (s.round_kind, s.or_number) == ("OR", 1)
    assert "round set 2: the game ends after that set's operating rounds" in (
        scoring.score(game).reason
    )
    assert scoring.projected_rounds(game) == ["OR 2.1", "OR 2.2"]
    game = play((SCRIPTS / "1846-bank-breaks-in-sr.script").read_text(encoding="utf-8"))
    assert game.state.ended
    result = scoring.score(game)
    assert result.final
    assert game.state.result == {"Amy": 398, "Bob": 455, "Cat": 450}
    assert [(p["place"], p["players"]) for p in result.places] == [
        (1, ["Bob"]),
        (2, ["Cat"]),
        (3, ["Amy"]),
    ]
    refused = game.execute("pass Amy")
    assert not refused.ok and "the game has ended" in refused.message
