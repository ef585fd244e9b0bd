"""The 2-D market's run line says where the marker goes (1847 AE 6.7.4, 1830 8.2, 1889 §4,
18Chesapeake §6): one space along its row, or, from a row's end, one row up or down.

Before, a dividend at a row's right end said "one space right" while the marker went up a
row (on 1830's board $67 stands on five spaces: a banker moving it right put it on the
wrong one).  Checked on every run of a few scripts against the cells the market holds.
"""

from __future__ import annotations

import pytest
from conftest import SCRIPTS

from moderator.events import PriceMoved
from moderator.game import Game
from moderator.market import GridMarket
from moderator.script import parse_script

CASES = (
    "1847ae-dividends-market.script",  # a row up and a row down
    "1830-trains-phases.script",  # rows down from the left end
    "1889-recorded-962.script",  # rows up from the right end
)


@pytest.mark.parametrize("name", CASES)
def test_a_runs_line_says_a_row_where_the_marker_changes_row(name: str) -> None:
    game: Game | None = None
    seen = {"row": 0, "space": 0}
    for line in parse_script((SCRIPTS / name).read_text(encoding="utf-8")):
        if game is None:
            game = Game.from_command(line.command)
            continue
        command = line.command
        company = getattr(command, "company", None)
        market = game.state.market
        before = (
            market.cell(company)
            if command.kind == "run"
            and isinstance(market, GridMarket)
            and company in market.position
            else None
        )
        outcome = game.execute(command)
        assert outcome.ok, outcome.message
        if before is None:
            continue
        after = game.state.market.cell(company)
        for event in game.journal[-1].events:
            if not isinstance(event, PriceMoved) or event.company != company:
                continue
            if after[0] != before[0]:
                seen["row"] += 1
                assert "one row up" in event.reason or "one row down" in event.reason, event
            else:
                seen["space"] += 1
                assert "one row" not in event.reason, event
    assert seen["row"] and seen["space"], seen
