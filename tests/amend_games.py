"""The games the tests of corrections (issue 39) amend: each title's recorded (or longest
hand-computed) test game, played from its script, and the check of an amendment against the
edited script played from scratch; shared by ``tests/core/test_amend.py``,
``tests/core/test_amend_every_verb.py`` and ``tests/ui/test_amend_screen.py``."""

from __future__ import annotations

from pathlib import Path

from moderator import commands as c
from moderator.amend import amend
from moderator.errors import Refusal
from moderator.game import Game
from moderator.script import format_command, parse_script
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


def head(game: Game) -> str:
    """The game's ``game`` line."""
    return format_command(c.GameCmd(title=game.title, players=(*game.players, *game.options)))


def replay_lines(game: Game, lines: list[str]) -> tuple[Game, int | None]:
    """``lines`` played on a new game like ``game``: the game, and the index of the first
    line refused (``None``: every line applied)."""
    fresh = Game.new(game.title, [*game.players, *game.options], rules_level=game.rules_level)
    for k, line in enumerate(lines):
        if not fresh.execute(line).ok:
            return fresh, k
    return fresh, None


def edited(lines: list[str], number: int, how: str, line: str | None) -> list[str]:
    """``lines`` with line ``number`` (1-based) replaced, a line inserted before it, or
    the line deleted."""
    i = number - 1
    if how == "replace":
        return [*lines[:i], line or "", *lines[i + 1 :]]
    if how == "insert":
        return [*lines[:i], line or "", *lines[i:]]
    return [*lines[:i], *lines[i + 1 :]]


def check_against_the_edited_script(game: Game, number: int, how: str, line: str | None) -> bool:
    """Amend ``game`` and hold the result to the edited script's replay; whether every
    later line still applied."""
    lines = [e.line for e in game.journal]
    want_lines = edited(lines, number, how, line)
    want, refused = replay_lines(game, want_lines)
    draw_first = bool(game.journal) and game.journal[0].command.kind == "vanderbilt"
    try:
        done = amend(game, number, line, how=how)  # type: ignore[arg-type]
    except Refusal as exc:
        if "setup draw" in exc.message:  # the table's draw taken out or put behind a line
            assert draw_first and number == 1, exc.message
            return False
        assert how != "delete" and refused == number - 1  # the new line itself is refused
        return False
    if done.stop is not None and "setup draw" in done.stop.rule:
        # line 1, the draw, replaced by a line that is no draw: a correction never draws
        # again at random (the edited script's replay would, by chance)
        assert draw_first and number == 1 and done.stop.at == 2, done.stop
        return False
    if refused is None:
        assert done.stop is None and done.done
        assert [e.line for e in done.game.journal] == want_lines
        assert done.game.state_json() == want.state_json()
        return True
    assert done.stop is not None, (number, how, line, refused)
    assert done.stop.at == refused + 1
    assert done.stop.text == want_lines[refused]
    assert [e.line for e in done.game.journal] == want_lines[:refused]
    # the stopped line's number in the real game, and the rule that refused it
    offset = {"replace": 0, "insert": -1, "delete": 1}[how]
    assert done.stop.number == refused + 1 + offset
    assert done.stop.rule and done.stop.rule == want.execute(want_lines[refused]).message
    return False
