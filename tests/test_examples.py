"""The shared example scripts and the rulebook's Detailed Example play through."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SCRIPTS, example_scripts, play

FIRST_MERGER_ROUND_FIGURES = {
    "1817-recorded-16281.script",
    "1817-recorded-16852.script",
    "1817-recorded-20758.script",
}
"""Recorded 1817 games whose last figures (a merger round's start) the engine does not give
yet: the interest rate of the operating round before it, no mail income until the next."""

EXAMPLES = [
    pytest.param(
        script,
        marks=pytest.mark.xfail(
            reason="the figures at the merger round's start: the engine has begun the next "
            "round (docs/recorded-games.md, 1817); tests/test_convert_1817.py replays the "
            "game up to them",
            strict=False,
        ),
    )
    if script.name in FIRST_MERGER_ROUND_FIGURES
    else script
    for script in example_scripts()
]


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
