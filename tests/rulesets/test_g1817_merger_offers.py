"""1817's merger round offers its lines (facts §9, R 7.1.4): after a conversion the game
offers (``Game.legal_commands``, what ``l``, ``b`` and ``s`` list and the command bar
completes) each purchase of its treasury shares and each sale the engine accepts, from the
president to the left, and none once the buying is over."""

from __future__ import annotations

from moderator.game import Game
from moderator.script import format_command, parse_script

MERGER = (
    "game 1817 Amy Bob Cat\nprivate Amy MAJC 90\nprivate Bob MTE 40\npass Cat\npass Amy\n"
    "pass Bob\nipo Cat UR 400 2\nipo Amy PW 100 2\npass Bob\npass Cat\npass Amy\nloan UR 2\n"
    "train UR 2\ndone UR\ntrain PW 2\ndone PW\n"
)
"""Merger round 1.1: UR (Cat, $20 left) then PW (Amy)."""


def played(text: str) -> Game:
    game: Game | None = None
    for line in parse_script(text):
        if game is None:
            game = Game.from_command(line.command)
        else:
            assert game.execute(line.command).ok, line.text
    assert game is not None
    return game


def offered(game: Game) -> list[str]:
    return [format_command(x) for x in game.legal_commands()]


def test_the_purchases_after_a_conversion_are_offered_in_turn() -> None:
    game = played(MERGER + "convert UR\n")
    # Cat, UR's president, has $20 (a share costs $150) and may not sell (R 7.1.4)
    assert offered(game) == [
        "convert PW",
        "buy Amy UR ipo",
        "buy Bob UR ipo",
        "done UR",
        "loan UR 1",
    ]
    assert game.execute(game.legal_commands()[2]).ok  # Bob's purchase passes Amy
    assert offered(game) == ["convert PW", "done UR", "loan UR 1"]


def test_a_sale_is_offered_to_a_holder_and_none_after_the_loan() -> None:
    game = played(MERGER + "merge PW UR\n")
    lines = offered(game)
    assert "sell Cat PW 1" in lines  # Cat held UR: a PW share after the merger
    assert not any(x.startswith("sell Amy") for x in lines)  # the president sells none
    for line in lines:  # each offered line is one the engine takes
        assert (
            game.try_command(next(x for x in game.legal_commands() if format_command(x) == line))
            is None
        )
    assert game.execute(next(x for x in game.legal_commands() if x.kind == "loan")).ok
    assert not [x for x in offered(game) if x.startswith(("buy", "sell"))]
