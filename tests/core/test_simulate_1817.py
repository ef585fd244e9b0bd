"""The 1817 simulation plays a table's game (issue 44): every kind of move, the phases up
to the 8-train, and it stops where the game would end (facts §14)."""

from __future__ import annotations

from collections import Counter

from moderator.simulate import Simulation


def test_a_seeded_1817_game_plays_to_its_end_with_every_kind_of_move() -> None:
    game = Simulation(seed=0, players=4, title="1817", max_commands=4000, final_set=True).run()
    kinds = Counter(entry.command.kind for entry in game.journal)
    for kind in ("private", "ipo", "buy", "loan", "payback", "interest", "spend", "train"):
        assert kinds[kind], kind
    runs = [e.command for e in game.journal if e.command.kind == "run"]
    assert {getattr(r, "option", None) for r in runs} >= {None, "half", "withhold"}
    assert game.state.phase == "8"
    assert game.state.round_kind == "SR"  # the stock round after the last set began
    # a game, not a string of empty rounds: passes are a minority of the lines
    assert kinds["pass"] * 4 < len(game.journal)
    again = Simulation(seed=0, players=4, title="1817", max_commands=4000, final_set=True).run()
    assert again.script() == game.script()
