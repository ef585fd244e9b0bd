"""An independent audit of 1853 (the 2009 updated rules): scenarios worked out by hand from
the rulebook first, then played, on the provisional pars (EIR 100, GIP 90, NWR 82) and track
(... 71 76 82 90 100 112 126 142 ...) of ``tests/scripts/1853-sales-and-directors.script``,
whose contract bids and settlement they start from: Ann 188 (EIR 2, NWR 1), Ben 210 (GIP 3),
Cal 136 (NWR 2, EIR 1, GIP 1), Dee 144 (EIR 1, NWR 3); NWR, six issued, floated; the bank
13,972.  Every scenario was found right."""

from __future__ import annotations

from conftest import play, refuse
from test_g1853_refusals import upto

SCRIPT = "1853-sales-and-directors.script"


def _lines(game: object, text: str) -> None:
    for line in text.strip().splitlines():
        outcome = game.execute(line)  # type: ignore[attr-defined]
        assert outcome.ok, f"{line}: {outcome.message}"


def test_2_8_3_a_sale_below_par_in_the_first_stock_round_leaves_eir_to_a_manager() -> None:
    """First stock round.  Ann sells an EIR, not floated (4 issued), at par less £5: 95 (188
    -> 283, 2.8.3), and buys a new GIP at par (193, 3.1.4, 3.1.5): GIP's fifth share issued,
    it floats (Table 3: 5 with four players).  Ben buys a new EIR (110): the pool's share
    counts as issued (3.1.10), so EIR has 5 and floats.  Four declines end the round; the
    Elephant goes left of Ben, the last buyer: Cal (3.1.11).  Directors at its end (2.9): GIP
    Ben (3), NWR Dee (3); EIR: Ann, Ben, Cal and Dee hold one each, nobody two: a manager
    runs it (3.2.2), the longest holder, Ann (her Calcutta claim came first, 3.4.1).  Each
    forms with ten times par (3.3.1): 1,000, 900, 820.  The bank 13,972 - 95 + 90 + 100 -
    2,720 = 11,347.
    Operating round 1.1: EIR runs nothing with a share in the pool: one space down, 100 -> 90;
    GIP and NWR, none in the pool, stay (4.7.1).  Each buys a 2 (300): the bank 12,247.
    Stock round 2 (Cal first): Cal buys EIR's pool share at its market price, 90 (136 -> 46,
    3.1.7): his two make him director at once (3.4.1); EIR's director is first appointed in
    this round, so nobody sells EIR in it (3.1.8).  The Elephant to Dee.
    Operating round 2.1: EIR pays 200 (20 a share; 200 >= 2 x 90, < 3 x 90: two spaces, 90 ->
    112) and its mail 30 to EIR (4.6.6): Cal 2 -> 40 (86), Ann, Ben, Dee 20 each (213, 130,
    164); EIR 700 + 30 = 730; the five unsold shares' 100 stays in the bank (4.6.5).  GIP pays
    270, exactly three times 90: three spaces, 126; 27 a share: Ben 81 (211), Cal 27 (113),
    Ann 27 (240).  NWR pays 330, at least four times 82 (328): four spaces, 82 -> 126; 33 a
    share: Dee 99 (263), Cal 66 (179), Ann 33 (273).  The bank 12,247 + 90 - 130 - 135 - 198
    = 11,874."""
    game = play(upto(SCRIPT, "buy Ann EIR"))
    _lines(
        game,
        """
sell Ann EIR 1
expect Ann cash 283
buy Ann GIP
expect Ann cash 193
buy Ben EIR
expect Ben cash 110
pass Cal
pass Dee
pass Ann
pass Ben
expect round OR
expect priority Cal
expect GIP president Ben
expect NWR president Dee
expect EIR cash 1000
expect GIP cash 900
expect NWR cash 820
expect bank cash 11347
""",
    )
    eir = next(c for c in game.state_json()["companies"] if c["id"] == "EIR")
    assert (eir["president"], eir["manager"]) == (None, "Ann")
    _lines(
        game,
        """
run EIR 0
expect EIR price 90
train EIR 2
done EIR
run GIP 0
expect GIP price 90
train GIP 2
done GIP
run NWR 0
expect NWR price 82
train NWR 2
done NWR
expect bank cash 12247
expect round SR
buy Cal EIR pool
expect Cal cash 46
expect EIR president Cal
""",
    )
    refuse(game, "sell Dee EIR 1", "(3.1.8)")
    _lines(
        game,
        """
pass Dee
pass Ann
pass Ben
pass Cal
expect round OR
expect priority Dee
run EIR 200 full mail 30
expect EIR price 112
expect Cal cash 86
expect Ann cash 213
expect Ben cash 130
expect Dee cash 164
expect EIR cash 730
done EIR
run GIP 270 full
expect GIP price 126
expect Ben cash 211
expect Cal cash 113
expect Ann cash 240
done GIP
run NWR 330 full
expect NWR price 126
expect Dee cash 263
expect Cal cash 179
expect Ann cash 273
expect bank cash 11874
""",
    )


def test_section_3_a_turns_sales_are_written_before_its_purchase() -> None:
    """Section 3 and 3.1.5 put any sales and one purchase in a turn, in no order; reading: the
    purchase ends the turn, so its sales are written first (docs/titles/1853.md).  Stock round
    2 of the script, Ann's turn (88 after her EIR of the first round): bought first, her EIR
    sale is refused (Ben's turn now); written first, the same turn gives the same figures, a
    sale moving no price (3.1.7): EIR at its market price 100 (88 -> 188), then the pool's NWR
    at 76 (112).  She keeps two EIR, as many as Dee: she stays director (3.2.3)."""
    start = upto(SCRIPT, "buy Ann NWR pool")
    game = play(start)
    _lines(game, "buy Ann NWR pool")
    refuse(game, "sell Ann EIR 1", "Ben's turn")
    game = play(start)
    _lines(
        game,
        """
sell Ann EIR 1
expect Ann cash 188
expect EIR price 100
buy Ann NWR pool
expect Ann cash 112
expect EIR president Ann
expect Ann shares EIR 20
""",
    )
