"""Privates sold between players (rulesets/private_trade.py): one sale, one price paid, one
private moved, in every title that trades them (1830 23.1, 1847 AE 4.2, 4.4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator import commands as c
from moderator.events import CashMoved, PrivateMoved
from tests.conftest import play

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


@pytest.mark.parametrize(
    "script",
    ["1847ae-quarries-investors.script", "1830-privates.script", "1830-private-trade-turn.script"],
)
def test_a_trade_moves_the_price_and_the_private_once(script: str) -> None:
    game = play((SCRIPTS / script).read_text(encoding="utf-8"))
    trades = [entry for entry in game.journal if isinstance(entry.command, c.Trade)]
    assert trades, script
    for entry in trades:
        cmd = entry.command
        assert isinstance(cmd, c.Trade)
        moved = [e for e in entry.events if isinstance(e, PrivateMoved)]
        paid = [e for e in entry.events if isinstance(e, CashMoved) and "buys" in e.reason]
        assert len(moved) == 1, (script, entry.line, moved)
        assert (moved[0].company, moved[0].target) == (
            game.ruleset.company_id(game.state, cmd.private),
            game.ruleset.player_name(game.state, cmd.target),
        )
        assert [p.amount for p in paid] == ([cmd.price] if cmd.price else []), entry.line
