"""Absurd arguments the fuzzing's positions did not reach (the hardening audit).

`box par.CORP VALUE` in 1853 took `²` for a number (`str.isdigit` says yes) and `int`
failed: "internal error, command refused: ValueError" instead of a refusal naming the
value and the rule.  Refused now as any word that is not a number, changing nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from moderator.game import Game


@pytest.mark.parametrize("value", ["²", "£²", "½", "Ⅷ", "1.5", "1e3", "-5"])
def test_an_1853_par_in_the_box_that_is_no_number_is_refused(tmp_path: Path, value: str) -> None:
    game = Game.new("1853", ["Amy", "Bob", "Carlos"], path=tmp_path / "g.json")
    before = (json.dumps(game.state_json()), list(game.journal), (tmp_path / "g.json").read_bytes())
    outcome = game.execute(f"box par.EIR {value}")
    assert not outcome.ok and "internal error" not in outcome.message, outcome.message
    after = (json.dumps(game.state_json()), list(game.journal), (tmp_path / "g.json").read_bytes())
    assert after == before
