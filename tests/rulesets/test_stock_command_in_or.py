"""A stock-round command in an operating round (issue 37.7): its refusal never suggests
the command would be legal after the acting company's run while other companies (or
operating rounds) still come; where the acting company's run is all that is left, the
refusal says that run comes first."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.game import Game
from moderator.script import parse_script

DEMOS = Path(__file__).resolve().parents[2] / "moderator" / "demo"


def demo(name: str) -> Game:
    game: Game | None = None
    for line in parse_script((DEMOS / name).read_text(encoding="utf-8")):
        if game is None:
            game = Game.from_command(line.command)
        elif line.command.kind != "expect":
            assert game.execute(line.command).ok
    assert game is not None
    return game


@pytest.mark.parametrize(
    ("name", "line", "left"),
    [
        (
            "demo-1846.script",
            "buy Amy PRR",
            "PRR, IC, GT, NYC still to operate in operating round 3.1; "
            "operating round 3.2 follows (4)",
        ),
        (
            "demo-1830.script",
            "buy Amy PRR pool",
            "PRR, NYC, BO still to operate in operating round 2.1 (3.0)",
        ),
        ("demo-1830.script", "sell Amy PRR 1", "PRR, NYC, BO still to operate"),
        ("demo-1846.script", "pass Amy", "PRR, IC, GT, NYC still to operate"),
    ],
)
def test_the_refusal_says_the_operating_rounds_are_not_over(
    name: str, line: str, left: str
) -> None:
    game = demo(name)
    verb = line.split()[0]
    outcome = game.execute(line)
    assert not outcome.ok
    assert outcome.message.startswith(
        f"`{verb}` belongs to a stock round; the operating rounds are not over: "
    )
    assert left in outcome.message and "has not run yet" not in outcome.message
    # after the acting company's run the command is still refused, for the same reason
    company = game.state.operating
    assert game.execute(f"run {company} 0").ok
    later = game.execute(line)
    assert not later.ok and "the operating rounds are not over" in later.message


def test_the_last_run_of_the_set_is_what_comes_first() -> None:
    """1847 AE's demo: Saar is the last company of the last operating round of the set,
    so its run is all that stands before the stock round: the refusal says so, and after
    the run the purchase is accepted (it ends Saar's turn, the stock round begins)."""
    game = demo("demo-1847ae.script")
    outcome = game.execute("buy Amy Saar")
    assert not outcome.ok and outcome.message.startswith("Saar has not run yet before a `buy`")
    assert game.execute("run Saar 0").ok
    assert game.execute("buy Amy Saar").ok
    assert game.round_label() == "SR 3"
