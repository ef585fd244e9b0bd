"""1830 12.0(2), 13.0: the bank pool never holds more than 50% of a corporation.  The game of
``tests/scripts/1830-pool-half.script`` just after Cy sold his whole NYC holding (50%) into
the pool: the pool is full for every holder, its new president too; a player who sold NYC
this round may not buy it back (4.0), and a share bought from the pool makes room for one."""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.game import Game

SCRIPT = (SCRIPTS / "1830-pool-half.script").read_text(encoding="utf-8")
FULL = "the bank pool may hold at most 50% of NYC (12.0)"


def _after_the_sale() -> Game:
    game = play(SCRIPT.split("expect bank cash 9605")[0])
    assert game.execute("pass Cy").ok  # Dee's turn
    return game


def test_no_holder_sells_nyc_into_a_full_pool() -> None:
    game = _after_the_sale()
    refuse(game, "sell Dee NYC 1", FULL)  # the new president (Bob would take it: 20%)
    assert game.execute("pass Dee").ok
    refuse(game, "sell Amy NYC 1", FULL)
    assert game.execute("pass Amy").ok
    refuse(game, "sell Bob NYC 2", FULL)


def test_a_pool_share_bought_makes_room_and_the_seller_may_not_buy_back() -> None:
    game = _after_the_sale()
    assert game.execute("buy Dee NYC pool").ok  # $40: the pool holds 40%
    assert game.execute("pass Amy").ok
    assert game.execute("sell Bob NYC 1").ok  # back to 50%
    assert game.execute("pass Bob").ok
    refuse(game, "buy Cy NYC pool", "Cy already sold NYC this stock round (4.0)")
