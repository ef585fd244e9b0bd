"""1830 10.0, the brown zone and the turn's one purchase (4.0), as the Avalon Hill text
reads (rules level 15, ``1830-10.0-brown``; facts D8): "Stock valued in the brown zone is
exempt from the rules limiting stock buying and holding, and may be bought in any available
quantity during the same turn."  The exemption belongs to the stock, not to one
corporation: a brown-zone certificate is not the turn's one purchase, so a turn buys any
number of them, of any brown corporations, besides one other certificate or par.  Before
level 15, and with ``brownpool`` (18xx.games' reading), more only of the one brown
corporation bought, never with another purchase or a par.

The position, worked out by hand (it is 1830-brown-zone.script's first two rounds): NYC
parred at $67 and floated; no route, so it withholds ($65, cell 5 5); three sales of four
shares in stock round 2 (8.2: a row down each) leave it at $40 (cell 9 5), the pool
holding 40%; a withheld run in OR 2.1 moves it left into the brown zone at $30 (cell 9 4).
Stock round 3 opens with priority to Cy (left of Bob, the last to sell): cash Cy 553 + 45
DH/BOP income = 598, Amy 557 + 25 = 582, Bob 621 + 35 = 656.
"""

from __future__ import annotations

from test_g1830 import SALE

from moderator.game import Game
from moderator.script import parse_script

TO_BROWN = (
    SALE.replace("Bob Cy\n", "Bob Cy{options}\n", 1)
    + """\
par Amy NYC 67
buy Bob NYC
buy Cy NYC
buy Amy NYC
buy Bob NYC
pass Cy
pass Amy
pass Bob
run NYC 0
done NYC noroute
sell Cy NYC 1
sell Amy NYC 1
sell Bob NYC 2
pass Cy
pass Amy
pass Bob
run NYC 0
done NYC noroute
"""
)


def _game(options: str = "", level: int | None = None) -> Game:
    lines = [x.command for x in parse_script(TO_BROWN.format(options=options))]
    game = (
        Game.from_command(lines[0])
        if level is None
        else Game.new("1830", ["Amy", "Bob", "Cy"], rules_level=level)
    )
    for cmd in lines[1:]:
        outcome = game.execute(cmd)
        assert outcome.ok, (cmd, outcome.message)
    assert game.state.price("NYC") == 30 and game.ruleset.zone(game.state, "NYC") == "b"
    assert game.state.ledger.player("Cy").cash == 598
    return game


def test_a_par_then_brown_stock_in_one_turn() -> None:
    """Cy pars PRR at $100 ($200, his turn's one purchase) and buys two brown NYC from the
    pool at $30: 598 - 200 - 60 = 338; the pool keeps 20% of NYC."""
    game = _game()
    for cmd in ("par Cy PRR 100", "buy Cy NYC pool", "buy Cy NYC pool"):
        assert game.execute(cmd).ok, cmd
    assert game.state.ledger.player("Cy").cash == 338
    assert game.state.company("NYC").holder_percent("pool") == 20


def test_brown_stock_then_one_other_certificate_and_no_second() -> None:
    """Cy buys a brown NYC from the pool ($30), then a BO share from the offering ($67):
    598 - 30 - 67 = 501.  A second certificate outside the brown zone is refused (4.0)."""
    game = _game()
    assert game.execute("buy Cy NYC pool").ok
    assert game.execute("buy Cy BO ipo").ok
    assert game.state.ledger.player("Cy").cash == 501
    before = game.state.ledger.player("Cy").cash
    outcome = game.execute("buy Cy BO ipo")
    assert not outcome.ok and "4.0" in outcome.message and "brown" in outcome.message
    assert game.state.ledger.player("Cy").cash == before
    # more brown stock is still his, after the one ordinary purchase: from the offering at
    # par ($67, 10.0 restricts no source) and from the pool at $30: 501 - 67 - 30 = 404
    assert game.execute("buy Cy NYC ipo").ok
    assert game.execute("buy Cy NYC pool").ok
    assert game.state.ledger.player("Cy").cash == 404


def test_before_level_15_more_only_of_the_brown_corporation_bought() -> None:
    """A level-14 game keeps the old reading: after a par, no brown purchase (Cy has
    nothing to sell in this position, so his turn ends with the par: Amy's turn); after a
    brown purchase, none of another corporation."""
    game = _game(level=14)
    assert game.execute("par Cy PRR 100").ok
    outcome = game.execute("buy Cy NYC pool")
    assert not outcome.ok and "Amy's turn" in outcome.message
    game = _game(level=14)
    assert game.execute("buy Cy NYC pool").ok
    outcome = game.execute("buy Cy BO ipo")
    assert not outcome.ok and "same corporation" in outcome.message


def test_brownpool_keeps_the_18xx_games_reading() -> None:
    """With ``brownpool`` the turn's purchase of another corporation still bars brown stock,
    and the brown ones come from the pool only."""
    game = _game(" brownpool")
    assert game.execute("buy Cy BO ipo").ok
    assert not game.execute("buy Cy NYC pool").ok
    game = _game(" brownpool")
    assert game.execute("buy Cy NYC pool").ok
    assert not game.execute("buy Cy NYC ipo").ok


def test_a_private_bought_from_a_player_is_the_turns_one_other_purchase() -> None:
    """23.1 and facts D17: a private bought from another player in the buyer's turn is the
    turn's purchase; brown stock is not (10.0).  Cy buys a brown NYC ($30), Amy's SV for
    $25, another brown NYC ($30): 598 - 30 - 25 - 30 = 513, Amy 582 + 25 = 607.  A BO share
    after them is a second purchase outside the brown zone: refused (4.0)."""
    game = _game()
    for cmd in ("buy Cy NYC pool", "trade SV Amy Cy 25", "buy Cy NYC pool"):
        outcome = game.execute(cmd)
        assert outcome.ok, (cmd, outcome.message)
    assert game.state.ledger.player("Cy").cash == 513
    assert game.state.ledger.player("Amy").cash == 607
    assert not game.execute("buy Cy BO ipo").ok


def test_brown_stock_sold_this_round_is_not_bought_back() -> None:
    """Facts D18, the reading kept at rules level 15: 10.0's exemption lifts the limits of
    quantity and holding, not 4.0's ban on buying a corporation sold in the same round.
    Cy buys two brown NYC from the pool at $30 and sells one back at $30 (8.2: cell 9 4 to
    10 4, $20): 598 - 30 - 30 + 30 = 568.  NYC again, from the pool or the offering: refused
    (4.0), state unchanged."""
    game = _game()
    for cmd in ("buy Cy NYC pool", "buy Cy NYC pool", "sell Cy NYC 1"):
        assert game.execute(cmd).ok, cmd
    assert game.state.ledger.player("Cy").cash == 568 and game.state.price("NYC") == 20
    for source in ("pool", "ipo"):
        outcome = game.execute(f"buy Cy NYC {source}")
        assert not outcome.ok and "4.0" in outcome.message
    assert game.state.ledger.player("Cy").cash == 568
