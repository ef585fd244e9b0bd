"""The shared example scripts and the rulebook's Detailed Example play through."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SCRIPTS, example_scripts, play

from moderator.narrate import describe

EXAMPLES = example_scripts()


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_plays_through(script: Path) -> None:
    game = play(script.read_text(encoding="utf-8"))
    assert game.journal
    # what players read: the bank's notes begin with a capital, as every line of the log
    # (1817's interest rate, seed money and merger round notes began lower case); the
    # product's own name, ``moderator``, is written lower case
    lower = [
        event.text
        for entry in game.journal
        for event in entry.events
        if type(event).__name__ == "Noted"
        and event.text[:1].islower()  # type: ignore[attr-defined]
        and not event.text.startswith("moderator ")  # type: ignore[attr-defined]
    ]
    assert not lower, lower[:3]
    # nor does a line nest a reason's parenthesis in another ("(directorship (sale by the
    # director (5.1)))", "(sold (8.2))"): a reason with its own rule follows a colon
    title = game.state.title
    nested = [
        line
        for entry in game.journal
        for event in entry.events
        if (line := describe(event, "$", title)) and _nested(line)
    ]
    assert not nested, nested[:3]


def _nested(line: str) -> bool:
    """Whether ``line`` opens a parenthesis inside another."""
    depth = 0
    for ch in line:
        depth += (ch == "(") - (ch == ")")
        if depth > 1:
            return True
    return False


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
