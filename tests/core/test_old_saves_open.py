"""Saves written by earlier moderators open in today's: "what the writer accepts the reader
always opens".

``data/level2-1847ae-pass-after-or.json`` is a real save of rules level 2, written by
commit 10598a0 (a worktree of it, run with ``moderator play
tests/scripts/1847ae-recorded-game-end-bankrupt.script --save``; that build refused the
script's line 26, so the save holds its first 19 commands).  Its entry 19, ``pass
Three`` in OR 1.1 after L (the round's only corporation) has run, did nothing in that
build (no event at all): Three had been passed by the tool to end stock round 1, and the
tool took his ``pass`` as that one again.  Since commit de16d43 (first released at rules
level 3) that line opens stock round 2 as Three's pass, so the save was refused as "no
longer replays the same way".  It now replays as recorded at its level, and names the
entry and the fix ``1847AE-pass-after-or``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from moderator.cli import main
from moderator.fixes import FIXES
from moderator.game import Game

DATA = Path(__file__).parent / "data"
PASS_AFTER_OR = "level2-1847ae-pass-after-or.json"


def test_the_fixture_is_a_level_2_save() -> None:
    head = json.loads((DATA / PASS_AFTER_OR).read_bytes().split(b"\n", 1)[0])
    assert (head["title"], head["rules_level"], head["format_version"]) == ("1847AE", 2, 4)


def test_a_level_2_pass_that_did_nothing_replays_as_recorded() -> None:
    game = Game.load(DATA / PASS_AFTER_OR, read_only=True)
    assert game.rules_level == 2 and len(game.journal) == 19
    last = game.journal[-1]
    assert (last.line, last.round, last.events) == ("pass Three", "OR 1.1", ())
    assert game.round_label() == "OR 1.1", "the pass opened no stock round"
    difference = game.rules_difference
    assert difference is not None and difference.number == 19
    assert FIXES["1847AE-pass-after-or"] in difference.fixes
    assert "Stock round 2 begins" in difference.what
    (notice,) = game.notices()
    assert "journal entry 19 (`pass Three`" in notice and "1847 AE 8:" in notice


def test_state_opens_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["state", str(DATA / PASS_AFTER_OR)]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "played under older rules" in err and "no longer replays" not in err


def test_the_upgrade_plays_the_pass_under_todays_rules(tmp_path: Path) -> None:
    """A rewind to before the entry, then the same line: today it opens stock round 2."""
    path = tmp_path / PASS_AFTER_OR
    shutil.copyfile(DATA / PASS_AFTER_OR, path)
    with Game.load(path) as game:
        assert game.upgrade() is not None and len(game.journal) == 18
        assert game.execute("pass Three").ok
        assert game.round_label() == "SR 2"
    again = Game.load(path, read_only=True)
    assert again.rules_difference is None and again.round_label() == "SR 2"
