"""A projection over several sets gives each set begun in it the operating rounds of the
phase it begins in (18Chesapeake §10.7, §10.9; facts §8 "ORs per set": phase 2 one, phase 3
two), a phase a projected export may have changed.

``18chesapeake-export-phase-four.script`` at stock round 2: phase 2, the seven 2s gone (six
bought, one exported after set 1), the bank's next train the first 3.  Projected for three
operating rounds: set 2 has phase 2's one round, OR 2.1; at its end the first 3 is exported
and starts phase 3 (§10.9), so set 3 has two rounds, OR 3.1 and OR 3.2, and the next 3 is
exported only at the end of OR 3.2, the set's last.  Before, every projected set kept the
one round of the phase the projection began in: OR 2.1, OR 3.1, OR 4.1, a 3 exported after
each.
"""

from __future__ import annotations

from conftest import SCRIPTS, play

from moderator import scoring

TEXT = (SCRIPTS / "18chesapeake-export-phase-four.script").read_text(encoding="utf-8")
SR2 = TEXT[: TEXT.index("# --- Stock round 2: nothing bought")]


def test_a_set_begun_after_a_projected_export_has_the_new_phases_rounds() -> None:
    game = play(SR2)
    assert (game.state.round_kind, game.state.phase) == ("SR", "2")
    result = scoring.project(game, ors=3)
    assert result.rounds == ("OR 2.1", "OR 3.1", "OR 3.2")
    exported = [n.split(":")[0] for n in result.notes if "exported at the end of the set" in n]
    assert exported == ["OR 2.1", "OR 3.2"]
    assert any(n.startswith("OR 2.1: Phase 2 → 3") for n in result.notes)
    assert game.state.phase == "2"  # the game itself is untouched
    head = result.table()[0]
    assert head[1:4] == ["OR 2.1 div", "OR 3.1 div", "OR 3.2 div"]


def test_without_a_phase_change_the_sets_keep_their_rounds() -> None:
    # stock round 4 (phase 4, two rounds a set; the next train a 4, no phase change):
    # OR 4.1, 4.2, 5.1
    text = TEXT[: TEXT.index("# --- Stock round 4")]
    game = play(text)
    assert (game.state.round_kind, game.state.phase) == ("SR", "4")
    result = scoring.project(game, ors=3)
    assert result.rounds == ("OR 4.1", "OR 4.2", "OR 5.1")
