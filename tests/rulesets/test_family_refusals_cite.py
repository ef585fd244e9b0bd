"""Issue 40, acceptance 1: every refusal of 1889 and 18Chesapeake names its rule.

A battery of commands (purchases, sales, bids, exchanges, trades, operating lines) is typed
at a few positions of the hand-computed scripts; every one refused must cite a section:
1889 its facts' (``facts §n``, no printed rule numbers being known), 18Chesapeake the v0.5
rules' or the facts' (``§n``).  Lines of another title (``vanderbilt`` in 1889) are refused
by the parser and left out.
"""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, play

from moderator.game import Game

CASES = {
    "1889-forced-train.script": ("facts §", (8, 30, 41)),
    "1889-six-players.script": ("facts §", (12, 24)),
    "18chesapeake-forced-train.script": ("§", (3, 24, 50)),
    "18chesapeake-auction.script": ("§", (6, 16)),
}
"""Script -> the rule mark every refusal holds, and the positions (command lines played)."""


def battery(game: Game) -> list[str]:
    ruleset = game.ruleset
    corps = [c[0] for c in ruleset.corporations]  # type: ignore[attr-defined]
    privates = [p[0] for p in ruleset.privates]  # type: ignore[attr-defined]
    players = [p.name for p in game.state.ledger.players]
    lines: list[str] = []
    for who in players[:2]:
        for cid in corps:
            lines += [f"par {who} {cid} 67", f"buy {who} {cid}", f"buy {who} {cid} pool"]
            lines += [f"sell {who} {cid} 1", f"sell {who} {cid} 4"]
        for pid in privates:
            lines += [f"buy {who} {pid}", f"bid {who} {pid} 203", f"exchange {who} {pid}"]
            lines.append(f"trade {pid} {who} {players[-1]} 10")
        lines += [f"bankrupt {who}"]
    for cid in corps[:3]:
        lines += [f"run {cid} 100 half", f"train {cid} 4", f"train {cid} D trade 4"]
        lines += [f"done {cid}", f"discard {cid} 2", f"buyprivate {cid} {privates[-1]} 1"]
    return lines


@pytest.mark.parametrize("script", sorted(CASES))
def test_every_refusal_names_its_rule(script: str) -> None:
    mark, positions = CASES[script]
    lines = [
        line
        for line in (SCRIPTS / script).read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#") and not line.startswith("expect")
    ]
    for count in positions:
        text = "\n".join(lines[: count + 1])
        game = play(text, check=lambda g: None)
        for line in battery(game):
            outcome = game.execute(line)
            if outcome.ok:  # accepted: back to the position
                game = play(text, check=lambda g: None)
                continue
            assert mark in outcome.message, f"{script} at {count}: `{line}`: {outcome.message}"
