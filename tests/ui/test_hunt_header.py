"""The hunt's header cases: the header names the player the engine takes a line from.

The walk of ``test_header_actor`` compares the header with ``Ruleset.next_actor``; here
``next_actor`` itself is held to the rules: wherever every command the engine accepts
now is one player's, that player is the one named "to act".  1830's family lost its
``next_actor`` when its hooks moved to ``rulesets/family1830.py``: after ``buy Carlos
BOP`` only Carlos's B&O par is legal (8.1, Table 1 note 5), and the header said "to act
Dana" (18Chesapeake's BOR and CV alike).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import Cut, played, save_at
from ui_helpers import running

from moderator.game import Game
from moderator.ui.widgets.panels import StatusBar


def the_only_player(game: Game) -> str | None:
    """The one player every legal command is for, if there is exactly one."""
    legal = game.legal_commands()
    players = {getattr(x, "player", None) for x in legal}
    if not legal or None in players or len(players) != 1:
        return None
    return str(players.pop())


@pytest.mark.parametrize("title", ["1830", "1889", "18Chesapeake"])
def test_the_player_whose_lines_alone_are_legal_is_the_one_to_act(title: str) -> None:
    """Seeded games through their opening sale and first stock round: where the rules
    take only one player's lines (a par owed with a free president's certificate, an
    auction's bidder), ``next_actor`` names that player."""
    for seed in (21, 22, 23):
        game = played(title, seed, 40)
        replay = Game.new(title, list(game.players))
        for n, entry in enumerate(game.journal):
            only = the_only_player(replay)
            if only is not None:
                actor = replay.ruleset.next_actor(replay.state)
                assert actor == only, (title, seed, n, entry.line, actor, only)
            assert replay.execute(entry.command).ok
        replay.close()
        game.close()


async def test_the_header_names_bops_owner_over_his_par(tmp_path: Path) -> None:
    """1830 after `buy Carlos BOP` (the sale's last private): the header names Carlos,
    whose B&O par comes first, not Dana, whose turn follows."""
    cut = Cut("1830", 21, 11)
    path = save_at(cut, tmp_path / "saves")
    game = Game.load(path, read_only=True)
    assert game.journal[-1].line == "buy Carlos BOP"
    game.close()
    async with running(path.parent) as (app, _pilot):
        status = app.screen.query_one("#status", StatusBar)
        text = status.build().plain
        assert "to act Carlos" in text, text
