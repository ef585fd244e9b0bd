"""Audit 17: 1847 RRRR&B and 1847 Pfalz positions a real table meets, every figure worked
out by hand from the 1847 AE rules (sections 6.7.4, 6.8.2, 8.1, 8.2, 9, 11.2.5) before the
program was asked.  The program agreed with every figure.

The start is ``1847rrrrb-forced-purchase.script`` played whole (its header works it out):
stock round 3 opens in phase 3 with the Priority Deal still A's (6.8.2: the forced sale of
OR 2.1 does not move it).  Cash A 80, B 74, C 93; L at 84 (cell 3 1: A's forced sale moved it
one row down from 86), Saar at 72 (cell 4 0), N at 50 (cell 6 0, the bottom-left corner).
Holdings: A L 0 (sold), Saar 30% (director), N 20% (director); B L 10% (H's), Saar 10%, N
20% (the double); C L 30% (director, W's share), Saar 10%, N 10%.  L's pool holds A's 10%,
its initial offering 50%.  Treasuries: L 280, Saar 270, N 0, each owning a 3.  The bank
7,203.
"""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse
from test_g1853_refusals import upto

from moderator.game import Game

FORCED = "1847rrrrb-forced-purchase.script"


def _run(game: Game, *lines: str) -> None:
    for line in lines:
        outcome = game.execute(line)
        assert outcome.ok, (line, outcome.message)


def _cash(game: Game, **want: int) -> None:
    got = {name: game.state.ledger.player(name).cash for name in want}
    assert got == want


def test_stock_round_after_a_forced_sale_and_an_operating_round_on_the_edges() -> None:
    """Stock round 3 (A, B, C):

    - A sells a Saar 10% at 72 (8.2: one row down, cell 4 0 to 5 0, 62): 80 + 72 = 152,
      and buys L's pool share at 84 (8.1: he sold L in OR 2.1's forced sale, not in this
      stock round; the pool's price goes to the bank): 152 - 84 = 68.
    - C sells his N 10% at 50: N stands in the bottom row, so the marker stays (8.2: "A
      stock token that is already at the bottom of a column will not be moved"): 93 + 50 =
      143.  N again is refused (8.1: not in the same stock round).  An L 10% from the
      initial offering at par, 86, into floated L's treasury (8.1): C 57, L 280 + 86 = 366.
    - Three passes: the Deal to A, left of C, the last to deal (8).

    OR 3.1, phase 3 (one OR a set).  Income (6.1): A K 5 -> 73, B R 30 + H 15 -> 119, C W
    10 -> 67.  The bank 7,203 - 72 + 84 - 50 - 60 = 7,105.  Order by price (6.1): L 84,
    Saar 62, N 50.

    - L pays 90, 9 a share (6.7.4): A 1 share 9 -> 82, B 1 -> 128, C 4 -> 36 -> 103; the
      initial offering's 4 shares' 36 stays in the bank; 84 -> 88 (cell 3 2).  The first
      3+3 (300): L 66.  The bank 7,105 - 54 + 300 = 7,351.
    - Saar pays 60, 6 a share: A 2 shares 12 -> 94, B 6 -> 134, C 6 -> 109, the pool's 10%
      to Saar's treasury (6.7.4): 270 + 6 = 276; 62 -> 74 (cell 5 1).  The bank - 30: 7,321.
    - N withholds 50: treasury 50; at the left end of the bottom row it cannot go left nor
      down: stays at 50 (6.7.4).  The bank 7,271.

    Values (9: cash and certificates at stock value): A 94 + L 88 + Saar 2 x 74 + N 2 x 50
    = 430; B 134 + L 88 + Saar 74 + N 2 x 50 = 396; C 109 + L 4 x 88 + Saar 74 = 535.
    """
    game = play((SCRIPTS / FORCED).read_text("utf-8"))
    assert game.state.priority == "A"
    _run(game, "sell A Saar 1", "buy A L pool")
    _cash(game, A=68)
    assert game.state.price("Saar") == 62
    _run(game, "pass B", "sell C N 1")
    _cash(game, C=143)
    assert game.state.price("N") == 50
    refuse(game, "buy C N pool", "(8.1)")
    _run(game, "buy C L ipo")
    _cash(game, C=57)
    assert game.state.company("L").cash == 366
    _run(game, "pass A", "pass B", "pass C")
    assert game.state.priority == "A"
    _cash(game, A=73, B=119, C=67)
    assert game.state.ledger.bank == 7105
    _run(game, "run L 90 full")
    _cash(game, A=82, B=128, C=103)
    assert game.state.price("L") == 88
    _run(game, "train L 3+3", "done L", "run Saar 60 full")
    _cash(game, A=94, B=134, C=109)
    assert (game.state.company("L").cash, game.state.company("Saar").cash) == (66, 276)
    assert game.state.price("Saar") == 74
    _run(game, "done Saar", "run N 50 withhold", "done N")
    assert (game.state.company("N").cash, game.state.price("N")) == (50, 50)
    assert game.state.ledger.bank == 7271
    _run(game, "expect A value 430", "expect B value 396", "expect C value 535")


def test_8_2_an_unoperated_railway_is_not_sold_and_each_sale_moves_its_own_marker() -> None:
    """Stock round 2, after B's and C's N purchases (N floated, not yet operated): A's N is
    refused (8.2: "Certificates of Railway Corporations which have not performed an
    Operating Round may not be sold").  A (19) sells his L 10% at 82 (cell 2 0 to 3 0, 78)
    and a Saar 10% at 78 (cell 3 0 to 4 0, 72), each at the price before its own move:
    19 + 82 + 78 = 179."""
    game = play(upto(FORCED, "expect N cash 330"))
    _cash(game, A=19)
    refuse(game, "sell A N 2", "(8.2)")
    _run(game, "sell A L 1", "sell A Saar 1")
    _cash(game, A=179)
    assert (game.state.price("L"), game.state.price("Saar")) == (78, 72)


def test_8_2_the_directors_certificate_sold_to_a_holder_of_20_percent() -> None:
    """Stock round 3: A sells N's director's certificate; B holds 20% (the double) and would
    hold more than A after the sale (8.2, 5.1): B gives A the double for the director's
    certificate and A sells the double at 2 x 50 = 100 (80 -> 180); N stays at 50, the
    bottom row (8.2).  A's value is unchanged: 180 + Saar 3 x 72 = 396."""
    game = play((SCRIPTS / FORCED).read_text("utf-8"))
    _run(game, "sell A N 2", "expect N president B", "expect A value 396")
    _cash(game, A=180)
    assert game.state.price("N") == 50
    assert game.state.company("N").holder_percent("pool") == 20


def test_6_7_4_a_payout_the_shares_do_not_divide() -> None:
    """6.7.4 pays each holder "a portion ... equal to the portion of each player's holdings"
    and says nothing of half Marks (the maps' revenues are tens).  Read as 18xx.games does
    (facts §10): a player's amount rounded up, the treasury's down.  L pays 85 in OR 3.1
    (A's L sold, the pool holds 10%), after the incomes (B 74 + 45, C 93 + 10): B 1 share 8.5
    -> 9, 119 + 9 = 128; C 3 shares 25.5 -> 26, 103 + 26 = 129; L's pool share 8.5 -> 8,
    280 + 8 = 288."""
    game = play((SCRIPTS / FORCED).read_text("utf-8"))
    _run(game, "pass A", "pass B", "pass C", "run L 85 full")
    _cash(game, B=128, C=129)
    assert game.state.company("L").cash == 288


def test_1847_pfalz_the_same_play_with_stations_at_100() -> None:
    """The forced-purchase play in 1847 Pfalz, 3 players: the package sold row by row
    (11.2.3, rows PLP,SPR / R,K,H,W: C PLP, B R or SPR, A SPR or K, then the row K, H, W
    freely), N's station at 100 (11.2.5; 60 is refused).  N: 330 - 100 - 2 x 80 = 70; runs
    nothing (66 -> 50); the last 3 (150) is 80 short: A (34) sells his L 10% at 86 (L 86 ->
    84) and pays 80: A 40, N 0.  The bank 6,969 - 50 + 100 + 160 - 86 + 150 = 7,243.
    Values (9): A 40 + Saar 3 x 72 + N 2 x 50 = 356; B 330 and C 467 as in RRRR&B."""
    lines = [
        line
        for line in (SCRIPTS / FORCED).read_text("utf-8").splitlines()
        if line and not line.startswith(("#", "expect"))
    ]
    lines[0] = "game 1847Pfalz A B C"
    lines.insert(lines.index("box confirm"), "box rows PLP,SPR/R,K,H,W")
    station = lines.index("spend N 60 token")
    game = play("\n".join(lines[:station]) + "\n")
    refuse(game, "spend N 60 token", "11.2.5")
    _run(game, "spend N 100 token", *lines[station + 1 :])
    _run(game, "expect A value 356", "expect B value 330", "expect C value 467")
    _cash(game, A=40)
    assert (game.state.company("N").cash, game.state.price("L")) == (0, 84)
    assert game.state.ledger.bank == 7243
    assert game.state.priority == "A"


def test_6_1_equal_prices_the_marker_furthest_right_operates_first() -> None:
    """6.1: "When two or more Corporations have the same stock price but occupy different
    fields, the Corporation whose stock marker is the furthest to the right operates first."
    From the first test's end (stock rounds of passes between; phase 3+3, one OR a set):
    OR 4.1 L pays (88 -> 94, cell 3 3), Saar pays (74 -> 82, cell 5 2); OR 5.1 L withholds
    (94 -> 88, cell 3 2), Saar pays (82 -> 88, cell 5 3).  OR 6.1: both at 88, Saar's marker
    in column 3 right of L's in column 2: Saar first, though L operated first until now.
    Cash: A 94 + 5 + 10 + 12 = 121, + 5 + 12 = 138, + 5 = 143; B 134 + 45 + 10 + 6 = 195,
    + 45 + 6 = 246, + 45 = 291; C 109 + 10 + 40 + 6 = 165, + 10 + 6 = 181, + 10 = 191."""
    game = play((SCRIPTS / FORCED).read_text("utf-8"))
    stock_round_3 = ("sell A Saar 1", "buy A L pool", "pass B", "sell C N 1", "buy C L ipo")
    passes = ("pass A", "pass B", "pass C")
    _run(game, *stock_round_3, *passes, "run L 90 full", "train L 3+3", "done L")
    _run(game, "run Saar 60 full", "done Saar", "run N 50 withhold", "done N", *passes)
    for l_run in ("full", "withhold"):
        _run(game, f"run L 100 {l_run}", "done L", "run Saar 60 full", "done Saar")
        _run(game, "run N 50 withhold", "done N", *passes)
    _run(game, "expect L cell 3 2", "expect Saar cell 5 3", "expect L price 88")
    _cash(game, A=143, B=291, C=191)
    refuse(game, "run L 10 full", "Saar", "(6.2")
    _run(game, "run Saar 60 full")


def test_11_2_3_the_next_row_containing_certificates() -> None:
    """11.2.3 with three players and the package laid in three rows (box rows
    PLP,SPR/R,K/H,W): the top row's last item or "the most left certificate in the next row
    containing certificates".  3.3's order C, B, A, A: C PLP; B R (SPR or R); A K (SPR or
    K); the second row is empty, so A's second turn is offered SPR or H (row 3), not W."""
    lines = ("box SPR 170", "box SPR.income 10", "box rows PLP,SPR/R,K/H,W", "box confirm")
    game = play("game 1847Pfalz A B C\n" + "\n".join(lines) + "\n")
    _run(game, "buy C PLP", "buy B R", "buy A K")
    assert game.state_json()["package_offer"] == ["SPR", "H"]
    refuse(game, "buy A W", "11.2.3")


def test_a_sale_at_the_bottom_of_a_column_says_the_marker_stays_and_no_more() -> None:
    """C sells his N 10% at 50 in the bottom row (8.2: "already at the bottom of a column
    will not be moved"): the line says the marker stays; it also said "one row down"."""
    from moderator.narrate import narrate

    game = play((SCRIPTS / FORCED).read_text("utf-8"))
    _run(game, "sell A Saar 1", "buy A L pool", "pass B")
    sold = game.execute("sell C N 1")
    assert sold.ok, sold.message
    said = narrate(sold.command, sold.events, game.ruleset.currency, game.title)
    stays = [line for line in said if "stays" in line]
    assert stays == ["N's marker stays at M50: the board has no space down of it; sold (8.2)"]
    assert not any("row down" in line for line in said), said
    moved = game.execute("sell C Saar 1")  # 62 at cell 5 0: one row down to 50
    assert moved.ok, moved.message
    said = narrate(moved.command, moved.events, game.ruleset.currency, game.title)
    assert any(line.endswith("M62 → M50: sold: one row down (8.2)") for line in said), said
