"""The 1817 simulation plays a table's game (issue 44): every kind of move, the phases up
to the 8-train, and the game ends where facts §14 ends it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter

import pytest

from moderator.simulate import Simulation


def test_a_seeded_1817_game_plays_to_its_end_with_every_kind_of_move() -> None:
    game = Simulation(seed=1, players=4, title="1817", max_commands=4000, final_set=True).run()
    kinds = Counter(entry.command.kind for entry in game.journal)
    for kind in ("private", "ipo", "buy", "loan", "payback", "interest", "spend", "train"):
        assert kinds[kind], kind
    runs = [e.command for e in game.journal if e.command.kind == "run"]
    assert {getattr(r, "option", None) for r in runs} >= {None, "half", "withhold"}
    assert game.state.phase == "8"
    # the game ends by itself (facts §14): after the final set's last operating round (2 or
    # 3 of them, as the 8 came in a set's first or second) and its merger round
    state = game.state
    signal, final = state.extra["end_signal"], state.extra["final_set"]
    assert state.ended and "facts §14" in (state.end_reason or "")
    assert final == [signal[0] + 1, 3 if signal[1] == 2 else 2]
    assert (state.round_kind, state.round_number, state.or_number) == ("OR", *final)
    # a game, not a string of empty rounds: passes are a minority of the lines
    assert kinds["pass"] * 4 < len(game.journal)
    # the merger round (facts §9, R 7.1): conversions and mergers the engine accepted, and
    # the purchases of the treasury's shares after them
    lines = [entry.line for entry in game.journal]
    assert any(x.startswith("convert ") for x in lines)
    assert any(x.startswith("merge ") for x in lines)
    after: list[str] = []  # each conversion's own lines, up to its `done`
    for i, x in enumerate(lines):
        if x.startswith(("convert ", "merge ")):
            corp = x.split()[1]
            for line in lines[i + 1 :]:
                if line == f"done {corp}":
                    break
                after.append(line)
    assert any(x.startswith("buy ") and x.endswith(" ipo") for x in after)
    again = Simulation(seed=1, players=4, title="1817", max_commands=4000, final_set=True).run()
    assert again.script() == game.script()


def test_seven_players_are_seated_and_more_are_refused() -> None:
    """1817 seats up to seven: a simulation of 7 seats 7 (it seated 6 before, the names
    running out silently); one of 8 is refused rather than cut."""
    sim = Simulation(seed=0, players=7, title="1817")
    assert len(sim.game.state.ledger.players) == 7
    with pytest.raises(ValueError, match="at most 7 players"):
        Simulation(seed=0, players=8, title="1817")


def test_a_final_set_with_nobody_left_to_operate_ends_at_the_next_pass() -> None:
    """Six players, seed 8: every corporation is gone in the merger round after OR 10.1 of
    a final set of two (facts §14).  Leaving that round would begin OR 10.2 with nobody to
    operate and end the game, so its next line, `pass PLAYER`, is the one that ends it (the
    engine refused every line there: the game had ended under it)."""
    game = Simulation(seed=8, players=6, title="1817", max_commands=4000, final_set=True).run()
    state = game.state
    assert state.ended and "facts §14" in (state.end_reason or "")
    assert game.journal[-1].line.startswith("pass ")
    assert not [co for co in state.ledger.corporations() if co.launched and not co.closed]


def test_the_simulated_game_is_the_same_whatever_the_hash_seed() -> None:
    """The benchmark's 1817 game (seed 0, 4 players, to its end) gave up a train in set
    order when a corporation held two types over its limit, so another hash seed played
    another game (753 or 798 commands).  Two processes, two hash seeds: one script."""
    code = (
        "from moderator.simulate import Simulation; import sys; sys.stdout.write(Simulation("
        "seed=0, players=4, title='1817', max_commands=4000, final_set=True).run().script())"
    )
    scripts = [
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout
        for seed in ("0", "2")
    ]
    assert scripts[0] == scripts[1] and scripts[0].count("\n") > 700
