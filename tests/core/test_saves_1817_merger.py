"""1817 saves written before part 2 (the merger and conversion round) open as recorded.

``data/level11-1817-paused.json`` and ``data/level11-1817-through-the-pause.json`` are real
saves of rules level 11, written by commit 5a56513 (the tree before part 2, ``git archive``
of it run with ``python -m moderator.cli play SCRIPT --save``) from the ``.script`` files
beside them: the first stops in the pause after OR 1.1 (the merger and acquisition rounds,
then a later step), the second goes on through it and through the pause after OR 1.2 into
stock round 2.  Part 2 changes no result there (no `convert` or `merge` was ever accepted;
`buy`, `sell`, `loan`, `done` with no conversion open are the next round's, as they were),
so both open with no notice at today's level, and the paused one plays the merger round on.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from moderator.game import Game

DATA = Path(__file__).parent / "data"


def test_a_save_paused_after_an_or_opens_and_plays_the_merger_round(tmp_path: Path) -> None:
    game = Game.load(DATA / "level11-1817-paused.json", read_only=True)
    assert game.rules_difference is None and game.notices() == []
    assert len(game.journal) == 15 and game.state_json()["merger_round"] is True
    path = tmp_path / "paused.json"
    shutil.copyfile(DATA / "level11-1817-paused.json", path)
    with Game.load(path) as game:
        assert game.execute("convert UR").ok and game.execute("done UR").ok
        assert game.state_json()["merger"]["converted"] == ["UR"]


def test_a_save_through_the_pauses_opens_as_recorded() -> None:
    game = Game.load(DATA / "level11-1817-through-the-pause.json", read_only=True)
    assert game.rules_difference is None and game.notices() == []
    assert len(game.journal) == 20 and game.round_label() == "SR 2"
