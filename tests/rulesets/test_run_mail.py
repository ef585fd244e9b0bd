"""A `mail` amount on a run where the title has no separate mail run (only 1853 has one,
4.6.6): refused, naming the rule, and nothing changes; a game saved before rules level 9
(which accepted it and left the amount out) replays as recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.game import Game

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"

CASES = [
    ("1830", "1830-bank-breaks-first-of-two.script"),
    ("1889", "1889-bank-breaks.script"),
    ("18Chesapeake", "18chesapeake-auction.script"),
    ("1817", "1817-dividend-zones.script"),
]


def _before_first_run(script: str, rules_level: int | None) -> tuple[Game, str]:
    lines = [x.split("#")[0].strip() for x in (SCRIPTS / script).read_text().splitlines()]
    words = next(x for x in lines if x.startswith("game ")).split()[1:]
    title, rest = words[0], words[1:]
    extra = {} if rules_level is None else {"rules_level": rules_level}
    game = Game.new(title, rest, **extra)
    for line in lines:
        if not line or line.startswith(("game ", "expect ")):
            continue
        if line.startswith("run "):
            return game, line
        assert game.execute(line).ok, line
    raise AssertionError("no run")


@pytest.mark.parametrize(("title", "script"), CASES, ids=[t for t, _ in CASES])
def test_a_run_with_mail_is_refused_and_changes_nothing(title: str, script: str) -> None:
    game, run = _before_first_run(script, None)
    before = game.state_json()
    result = game.execute(f"{run} mail 10")
    assert not result.ok
    assert "no separate mail run" in result.message and "4.6.6" in result.message
    assert game.state_json() == before
    assert game.execute(run).ok  # the run itself, without mail, still plays


@pytest.mark.parametrize(("title", "script"), CASES, ids=[t for t, _ in CASES])
def test_before_level_9_the_mail_amount_was_left_out(title: str, script: str) -> None:
    game, run = _before_first_run(script, 8)
    assert game.execute(f"{run} mail 10").ok
