"""The table view (moderator.web) of 1847 Pfalz and RRRR&B games (issue 22): every figure
of players and companies is the state JSON's, as for 1847 AE, and the 2-D market is drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.follow import SaveFollower
from moderator.game import Game
from moderator.script import parse_script

from .test_server import Q, _check_page_against, client_for

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = ["1847pfalz-three-players.script", "1847pfalz-intro-four-players.script",
           "1847rrrrb-five-players.script"]  # fmt: skip


def _saved(path: Path, script: str, upto: int) -> Game:
    lines = list(parse_script((REPO / "tests" / "scripts" / script).read_text(encoding="utf-8")))
    head = lines[0].command
    game = Game.new(head.title, list(head.players), path=path)  # type: ignore[attr-defined]
    for line in lines[1:upto]:
        assert game.execute(line.command).ok, line.text
    return game


@pytest.mark.parametrize("script", SCRIPTS)
@pytest.mark.parametrize("upto", [5, 40, 10_000])
def test_the_page_shows_the_state_json(tmp_path: Path, script: str, upto: int) -> None:
    """Before the box values are all given, mid-game and at the end."""
    game = _saved(tmp_path / "g.json", script, upto)
    state = game.state_json()
    with client_for(SaveFollower(tmp_path / "g.json")) as client:
        page = client.get("/" + Q)
        assert page.status_code == 200
        _check_page_against(page.text, state, game.ruleset.currency)
        assert client.get("/state.json" + Q).json() == state
    game.close()
