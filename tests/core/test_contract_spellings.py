"""The contract (shared/spec/script.md) played, not only parsed: each spelling, alias,
optional word and case variant it names is accepted by a game of its title, with the
meaning it gives.  tests/core/test_script.py checks that the lines parse; this module
checks that the rules engines take them as written."""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, play

from moderator.game import Game
from moderator.script import parse_script


def prefix(name: str, last: int) -> str:
    """The lines of tests/scripts/NAME.script up to line ``last`` (included)."""
    text = (SCRIPTS / f"{name}.script").read_text(encoding="utf-8")
    return "\n".join(line.text for line in parse_script(text) if line.number <= last) + "\n"


# ----------------------------------------------------------------- 1817: cover
COVER = prefix("1817-shorts", 107)
"""Stock round 3, Amy on turn holding one UR short (UR 10 shares at $70)."""


@pytest.mark.parametrize(
    "line",
    ["cover Amy UR ipo", "COVER AMY UR IPO", "cover amy ur treasury", "Cover Amy UR Treasury"],
)
def test_1817_cover_takes_every_spelling_of_the_treasury(line: str) -> None:
    """script.md 1817: `cover PLAYER CORP [ipo|pool]` is `buy`'s row, whose sources are
    case-insensitive and accept `treasury` and `market`."""
    g = play(COVER + line + "\nexpect Amy cash 320\nexpect Amy shorts UR 0\nexpect UR cash 403\n")
    assert g.state_json()["players"][0]["shorts"] == {}


@pytest.mark.parametrize("line", ["cover Amy UR pool", "cover Amy UR MARKET", "cover amy ur"])
def test_1817_cover_from_the_market_or_by_default(line: str) -> None:
    g = play(COVER + line + "\nexpect Amy shorts UR 0\n")
    assert isinstance(g, Game)
