"""The receipt's half-pay line says the rounding that happened (1817 facts §8, O9): a 2-share
corporation keeps exactly half (UR's $150: "$150 / 2 = $75 kept", once "rounded down to a
multiple of 2 = $75", a multiple it is not); an odd revenue is rounded down to the dollar; a
5- or 10-share corporation keeps half rounded down to a multiple of its shares."""

from __future__ import annotations

from conftest import SCRIPTS, play

from moderator.game import Game

DEMO = SCRIPTS.parent.parent / "moderator" / "demo" / "demo-1817.script"


def half_line(game: Game, company: str, revenue: int) -> str:
    receipt = game.receipt(company, revenue, "half")
    (line,) = [n for n in receipt.notes if n.startswith("half:")]
    return line


def test_a_2_share_corporation_keeps_exactly_half() -> None:
    text = DEMO.read_text(encoding="utf-8")
    game = play(text[: text.index("\nrun UR 120 half\n") + 1])
    assert half_line(game, "UR", 150) == (
        "half: $150 / 2 = $75 kept; each holder's amount rounded up (facts §8, RDL 8.4)"
    )
    assert half_line(game, "UR", 151).startswith("half: $151 / 2 rounded down to the dollar = $75")
    assert game.receipt("UR", 151, "half").retained == 75


def test_a_5_share_corporation_keeps_a_multiple_of_5() -> None:
    text = (SCRIPTS / "1817-dividend-zones.script").read_text(encoding="utf-8")
    game = play(text[: text.index("\nrun GT 133\n") + 1])
    assert half_line(game, "GT", 133).startswith(
        "half: $133 / 2 rounded down to a multiple of 5 = $65 kept"
    )
