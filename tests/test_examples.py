"""The shared example scripts and the rulebook's Detailed Example play through."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SCRIPTS, example_scripts, play

EXAMPLES = example_scripts()


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_plays_through(script: Path) -> None:
    game = play(script.read_text(encoding="utf-8"))
    assert game.journal


def test_rulebook_example_final_figures() -> None:
    """Detailed Example of Play: player cash after OR2, prices after SR2, the priority deal."""
    game = play((SCRIPTS / "1846-rulebook-example.script").read_text(encoding="utf-8"))
    data = game.state_json()
    cash = {p["name"]: p["cash"] for p in data["players"]}
    assert cash == {"Amy": 32, "Bob": 37, "Carlos": 2}
    prices = {
        c["id"]: c["price"]
        for c in data["companies"]
        if c["kind"] == "corporation" and c["launched"]
    }
    assert prices == {"NYC": 100, "GT": 60, "IC": 80}
    assert data["priority"] == "Carlos"
