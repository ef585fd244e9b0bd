"""The games the tests of corrections (issue 39) amend: each title's recorded (or longest
hand-computed) test game, played from its script; shared by ``tests/core/test_amend.py``
and ``tests/ui/test_amend_screen.py``."""

from __future__ import annotations

from pathlib import Path

from moderator.game import Game
from moderator.script import parse_script
from moderator.simulate import legal_game

SCRIPTS = Path(__file__).resolve().parent / "scripts"
RECORDED = {
    "1830": "1830-recorded-26855",
    "1846": "1846-short-recorded",
    "1847AE": "1847ae-dividends-market",
    "1847Pfalz": "1847pfalz-intro-four-players",
    "1847RRRRB": "1847rrrrb-five-players",
    "1853": "1853-short-game",
    "1889": "1889-recorded-314",
    "18Chesapeake": "18chesapeake-recorded-22383",
    "1817": "1817-recorded-15528",
}
"""Each title's recorded (or longest hand-computed) test game."""
UP_TO = {"1817": "\n# figures before action 290 "}
"""Where a recorded game is cut for the correction tests: 1817's 15528 through its first set
of rounds (the whole game makes each replay long, and an edit there stops further on)."""

NO_TRAINS_RUN = {"1847RRRRB"}
"""Titles whose test game ends before a train runs (every run is ``run X 0`` with no
train): a seeded random game of 150 commands stands in (its trains run from line 103)."""


def played(text: str) -> Game:
    """A script played into a game (its ``expect`` lines skipped)."""
    game: Game | None = None
    for line in parse_script(text):
        if game is None:
            game = Game.from_command(line.command)
        elif line.command.kind != "expect":
            outcome = game.execute(line.command)
            assert outcome.ok, (line.number, outcome.message)
    assert game is not None
    return game


def recorded_game(title: str) -> Game:
    """The game of ``title`` the correction tests amend (see :data:`RECORDED`)."""
    if title in NO_TRAINS_RUN:
        return legal_game(title, seed=5, commands=150)
    text = (SCRIPTS / f"{RECORDED[title]}.script").read_text(encoding="utf-8")
    if title in UP_TO:
        text = text[: text.index(UP_TO[title]) + 1]
    return played(text)
