"""A receipt says what happened.  1817's half pay (facts §8, O9): a 2-share corporation
keeps exactly half (UR's $150: "$150 / 2 = $75 kept", once "rounded down to a multiple of
2 = $75", a multiple it is not); an odd revenue is rounded down to the dollar; a 5- or
10-share corporation keeps half rounded down to a multiple of its shares.  1853 4.7.1: a
price that does not move is said to stay."""

from __future__ import annotations

from amend_games import played
from conftest import SCRIPTS, play

from moderator.amend import amend
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


def test_1853_a_price_that_does_not_move_is_said_to_stay() -> None:
    """4.7.1: no dividend and no shares in the bank pool: "the share price does not
    change"; the receipt's line `price £126 → £126` said it, not only the condition."""
    demo = SCRIPTS.parent.parent / "moderator" / "demo" / "demo-1853.script"
    game = play(demo.read_text(encoding="utf-8"))
    receipt = game.receipt("SIR", 0, None)
    assert receipt.price_before == receipt.price_after
    assert (
        receipt.rule == "no dividend, no shares in the bank pool: the price does not change (4.7.1)"
    )
    price = receipt.text().splitlines()[-1]  # said to stay, not "price £64 → £64"
    # the rule last, as every title's price line has it (not "(4.7.1: no dividend ...)")
    assert price == f"  price stays at £{receipt.price_before}: {receipt.rule}", price


def test_1817_a_corporation_in_liquidation_is_said_to_be_so() -> None:
    """A line for a corporation in the liquidation cell (facts §11) said "Belt does not
    operate in this round (facts §7)", the reason hidden: the 1817 recorded game with
    Belt's train taken out (line 43) liquidates Belt at its turn's end, and its line 85
    then stops the correction: since part 3 the acquisition round after OR 1.1 has taken
    Belt out of the game (the bank's $0, facts §11, R 7.2.1), so its line says that."""
    game = played((SCRIPTS / "1817-recorded-15528.script").read_text(encoding="utf-8"))
    stop = amend(game, 43, how="delete").stop
    assert stop is not None and stop.number == 85
    assert stop.rule.startswith("Belt left the game in acquisition round 1.1: the bank took it")
