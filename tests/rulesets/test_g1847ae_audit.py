"""1847 AE exactness audit: money rules against the printed rulebook.

Each test plays a short banker script (written here or cut from an acceptance script in
``tests/scripts``) and checks the figures worked BY HAND from the rulebook
(``shared/rules/003_dd92f8c809fb884e.txt``); the arithmetic and the rule are in the
comments.  Refusals must name the rule and change nothing (``conftest.refuse``).
"""

from __future__ import annotations

import json

from conftest import REPO, SCRIPTS, play, refuse

from moderator.fixes import FIXES
from moderator.game import Game
from moderator.narrate import narrate
from tests.core.test_rules_level_4 import _play


def upto(script: str, line: str) -> str:
    """The text of ``tests/scripts/<script>`` before the first line equal to ``line``."""
    text = (SCRIPTS / script).read_text(encoding="utf-8")
    head, found, _ = text.partition("\n" + line + "\n")
    assert found, f"{line!r} not in {script}"
    return head + "\n"


def ok(game: Game, *lines: str) -> None:
    """Every line is accepted (``expect`` lines check the hand-worked figures)."""
    for line in lines:
        outcome = game.execute(line)
        assert outcome.ok, f"`{line}`: {outcome.message}"


KRAUSS_OR41 = upto(
    "1847ae-krauss.script", "# ---- OR 4.1: income A 30, B 35, C 50. Order: Saar 88 before L 82"
)
"""The Krauss script up to OR 4.1 (phase 3+3): income paid, Saar (270) to operate; B owns
Krauss & Co. at 125 (row 3 col 6); A 305, B 162, C 231, L 30; one 3+3 left in the bank."""


# ----------------------------------------------------------------- 4.1 Krauss & Co.
def test_4_1_krauss_pays_on_the_first_new_train_after_a_train_from_a_company() -> None:
    """4.1: "the first train bought from the Bank during an Operating Round" pays Krauss;
    a train bought from another corporation earlier in the same OR does not use it up."""
    g = play(
        KRAUSS_OR41
        + """\
expect bank cash 7002
run Saar 300 withhold
train Saar 3 from L 100
expect B cash 162
train Saar 3+3
"""
    )
    # bank 7002 (= the script's 6934 after OR 4.1 + Saar's 18 and L's 50 payouts)
    # Saar 270 + 300 withheld - 100 (to L) - 300 (the 3+3) = 170; L 30 + 100 = 130
    # Krauss: 10% of 300 = 30 to B (162 + 30 = 192); 125 (row 3 col 6) -> 140 (row 3 col 7)
    # bank 7002 - 300 + 300 - 30 = 6972
    ok(
        g,
        "expect B cash 192",
        "expect Saar cash 170",
        "expect L cash 130",
        "expect LFK price 140",
        "expect bank cash 6972",
    )
    # the OR ends with a dividend paid: no move left (4.1); at the end of the stock round
    # Krauss, held by B, does not move up (4.1, 8.5)
    ok(g, "done Saar", "run L 100", "done L", "expect LFK price 140")
    ok(g, "pass C", "pass A", "pass B", "expect round OR", "expect LFK price 140")


KRAUSS_DIRECTOR = """\
game 1847AE A B C
buy C PLP
buy B SPR
buy A K
buy A W
buy B R
buy C LFK
buy A SCR
buy B MNR
buy C H
buy A VIW
pass A
"""
"""Turns C B A A B C A B C A (3.3). A 95 (500-110-135-75-85), B 70 (500-190-150-90),
C 38 (500-172-130-160). L: C 20% director + H's 10%, A 20% (K, W): PLP+K+W+H = 50%, L
floats with 430 (4.6). B and C can buy nothing (passed by the tool), A passes: OR 1.1.
Income: A 5+10+15+20 = 50, B 15+30+20 = 65, C 15 (H): A 145, B 135, C 53.
Bank 8000 - 1500 + 1297 - 430 - 130 = 7237.

The tests below empty L's treasury with one `spend L 430` in its first turn, which 6.2-6.5
no longer allow (rules level 14, row ``1847AE-6.2-costs``: two tiles at M80 at most and a
station at M60); no legal line reaches a corporation without cash or train in its first
turn, so they play the game at rules level 13, as a save of that level replays."""

EMPTIED = 13
"""The rules level at which a bare `spend` may empty a treasury (before ``1847AE-6.2-costs``)."""


def test_4_1_6_8_2_krauss_sold_for_a_forced_train_then_its_dividend_stays_in_the_bank() -> None:
    """6.8.2: the director sells Krauss & Co. to the pool to pay for L's forced train
    (4.1: "sold ... to the Bank Pool like a railway certificate ... moved one space down");
    the train is the OR's first new one, and with Krauss in the pool "the dividend remains
    with the Bank" while the marker still moves right (4.1)."""
    g = _play(KRAUSS_DIRECTOR, EMPTIED)
    ok(g, "expect round OR", "expect A cash 145", "expect B cash 135", "expect C cash 53")
    ok(g, "expect L cash 430", "expect bank cash 7237", "expect LFK price 100")
    ok(g, "spend L 430", "run L 0")
    # L 0 in its treasury, C 53: short of the 150 for a 3. L has not operated yet, so C's
    # L shares cannot be sold (8.2); C sells Krauss at 100: C 153; 100 (row 2 col 3) -> 94
    # (row 3 col 3); bank 7237 + 430 - 100 = 7567
    ok(g, "sell C LFK 1", "expect C cash 153", "expect LFK price 94", "expect bank cash 7567")
    ok(g, "train L 3")
    # L pays its 0, C the 150 (6.8.2): C 3; Krauss lies in the pool: its 15 stays in the
    # bank; the marker moves right 94 (row 3 col 3) -> 104 (row 3 col 4); bank 7567 + 150
    ok(g, "expect C cash 3", "expect L cash 0", "expect LFK price 104", "expect bank cash 7717")
    ok(g, "done L")
    # a dividend was paid this OR (to nobody): no move left; SR 2, priority B (left of A)
    ok(g, "expect round SR", "expect LFK price 104", "expect priority B")
    # 4.1: bought back from the pool at its price, the turn's purchase: B 135 - 104 = 31
    ok(g, "buy B LFK pool", "expect B cash 31", "expect B shares LFK 100")
    # 9: cash + certificates at stock value; Krauss at its price (4.1); privates score 0.
    # B: 31 + Saar 20% at 84 (168) + Krauss 104 = 303; C: 3 + L 30% at 82 (246) = 249;
    # A: 145 + L 20% at 82 (164) = 309
    ok(g, "expect B value 303", "expect C value 249", "expect A value 309")


DIVIDENDS_SR6 = upto(
    "1847ae-dividends-market.script",
    "# ---- SR 6 (B, C, A): four selling turns of Saar go down column 4 and stay at its bottom",
)
"""SR 6, B to act: A 249, B 344, C 345, bank 6034. L 90 (row 4 col 3): C 20% director,
B 20% (two 10%), A 10%, pool 10%, IPO 40%. Saar 104 (row 3 col 4): B 20% director, C 20%,
A 20% (10% certificates), IPO the last 20%, investors 20%."""


def test_8_2_5_1_two_sales_in_one_turn_and_the_director_changes() -> None:
    """8.2: each corporation sold in a turn moves one row down, each at its own price
    before the sale; 5.1: the director's certificate goes to the next player clockwise of
    those holding the most, who hands over 20% in exchange; those go to the pool."""
    g = play(DIVIDENDS_SR6)
    ok(g, "expect B cash 344", "expect bank cash 6034")
    ok(g, "expect L price 90", "expect Saar price 104")
    ok(g, "sell B L 2")
    # 2 x 90 = 180: B 524; L 90 (row 4 col 3) -> 88 (row 5 col 3); pool 10% + 20% = 30%
    ok(g, "expect B cash 524", "expect L price 88", "expect L president C")
    ok(g, "sell B Saar 2")
    # B keeps 0%; C and A hold 20% each: C, the first clockwise after B, takes the
    # director's certificate and gives B two 10% (5.1), which go to the pool at 104:
    # B 524 + 208 = 732; Saar 104 (row 3 col 4) -> 96 (row 4 col 4) -- the L sale did not
    # move Saar; bank 6034 - 180 - 208 = 5646
    ok(g, "expect B cash 732", "expect Saar price 96", "expect Saar president C")
    ok(g, "expect C shares Saar 20", "expect B shares Saar 0", "expect bank cash 5646")
    # 8.1: B may not buy back what he sold this stock round
    refuse(g, "buy B L pool", "8.1")
    refuse(g, "buy B Saar pool", "8.1")


QUARRIES_SR5 = upto(
    "1847ae-quarries-investors.script",
    "# ---- SR 5: the 5+5 was bought in OR 4.1: every investor company is exchanged now (4.5.2)",
)
"""SR 5, phase 5+5 (three ORs a set), A to act: A 291, B 220, C 249, bank 7141; Saar and HLB
have floated, so N is available (4.5.1). L: C 20% director, A 20%, B 10%."""


def operate_round(game: Game, *, noroute: str = "", **revenue: int) -> None:
    """Every corporation of the operating round runs in turn (0, or ``revenue[CO]`` paid
    out) and ends its turn; ``noroute`` names one without a train or route (6.8.1)."""
    number = game.state_json()["round"]["or"]
    while game.state_json()["round"]["or"] == number and game.state_json()["turn"]:
        cid = game.state_json()["turn"]
        done = f"done {cid} noroute" if cid == noroute else f"done {cid}"
        ok(game, f"run {cid} {revenue.get(cid, 0)}", done)


def test_4_6_6_7_4_8_4_8_5_n_floats_sinks_to_50_is_nationalised_and_sold_out() -> None:
    """4.6: N floats at 50% with the value of the certificates sold (par 66); 6.7.4 no
    dividend at the bottom-left space (50) leaves it there; 8.4 nationalising a 20% and a
    10% certificate at 150% of the price; 8.5 sold out at the end of the stock round."""
    g = play(QUARRIES_SR5)
    ok(g, "par A N 66", "buy B N", "buy C N")
    # A: 20% director at 2 x 66 = 132 to the bank (not floated, 8.1): 291 - 132 = 159
    # B: the next certificate is the 20% (8.1, 4.5.1): 132 to the bank: 220 - 132 = 88
    # C: a 10% at 66: 249 - 66 = 183; 20 + 20 + 10 = 50%: N floats, 5 x 66 = 330 (4.6)
    # bank 7141 + 132 + 132 + 66 - 330 = 7141
    ok(g, "expect A cash 159", "expect B cash 88", "expect C cash 183")
    ok(g, "expect N cash 330", "expect bank cash 7141", "expect N price 66")
    ok(g, "pass A", "pass B", "pass C", "expect round OR")
    # OR 5.1: income B H 15 + W 10, C R 50. L pays 5000: 500 per 10%: C 1000, A 1000, B 500
    # N withholds 0 each time (no train, no route)
    operate_round(g, noroute="N", L=5000)
    # OR 5.2 has begun, its income paid: A 1159, B 88 + 25 + 500 + 25, C 183 + 50 + 1000 + 50
    ok(g, "expect A cash 1159", "expect B cash 638", "expect C cash 1283")
    # no dividend: 66 (row 6 col 1) -> 50 (row 6 col 0)
    ok(g, "expect N price 50")
    for _ in range(2):  # OR 5.2 and 5.3: at the bottom-left space the marker stays (6.7.4)
        operate_round(g, noroute="N")
        ok(g, "expect N price 50")
    # income once more (OR 5.3): B 663, C 1333; N 330 (withheld 0)
    ok(g, "expect round SR", "expect B cash 663", "expect C cash 1333", "expect N cash 330")
    # SR 6 (A, B, C): A buys N's three 10% and the last 20% from the initial offering, at
    # par into N's treasury (8.1): 1159 - 3 x 66 - 132 = 829; N 330 + 330 = 660
    ok(g, "buy A N", "pass B", "pass C", "buy A N", "pass B", "pass C", "buy A N")
    ok(g, "pass B", "pass C", "buy A N", "pass B", "pass C")
    ok(g, "expect A shares N 70", "expect A cash 829", "expect N cash 660")
    ok(g, "nationalize A N B 20")
    # 8.4: B's 20% at 150% of 2 x 50: 150. A 829 - 150 = 679, B 663 + 150 = 813
    ok(g, "expect A cash 679", "expect B cash 813", "expect A shares N 90")
    ok(g, "pass B", "pass C", "nationalize A N C")
    # C's 10% at 150% of 50 = 75: A 604, C 1408
    ok(g, "expect A cash 604", "expect C cash 1408", "expect A shares N 100")
    ok(g, "pass B", "pass C", "pass A", "expect round OR")
    # 8.5: N wholly in players' hands: 50 (row 6 col 0) -> 62 (row 5 col 0)
    ok(g, "expect N price 62", "expect priority B")


# ----------------------------------------------------------------- 3.3 the first stock round
def test_3_3_the_double_turn_passed_twice_is_one_pass_and_the_round_goes_on() -> None:
    """3.3: "A Stock Round ends when all players have passed consecutively." C buys PLP, B
    buys SPR, A passes on both of his turns (the Priority Deal's two turns in a row), B
    passes: C has not passed, so C acts next in the same round; no short OR, no income."""
    g = play("game 1847AE A B C\nbuy C PLP\nbuy B SPR\npass A\npass A\npass B\n")
    state = g.state_json()
    assert state["round"] == {"kind": "SR", "number": 1, "or": None, "setup": False}
    assert state["turn"] == "C"
    # C 500 - 172 = 328, B 500 - 190 = 310: no short OR paid SPR's 15 (6.1)
    ok(g, "expect B cash 310", "expect C cash 328", "expect A cash 500")
    # C passes too: all three have passed; now the short OR pays SPR 15 to B (3.3) and the
    # round goes on from the Priority Deal, C (left of B, the last to buy)
    ok(g, "pass C", "expect B cash 325", "expect priority C", "expect round SR")
    assert g.state_json()["turn"] == "C"


KRAUSS_SR4 = upto("1847ae-krauss.script", "# ---- SR 4: all pass")
"""SR 4, phase 3+3, C to act: A 275 (K, W, SCR, the L 20%), B 127 (H, MNR, Krauss, Saar 20%
director, L 10%), C 181 (R, VIW, L 20% director, Saar 10%). Saar 88, cash 270; its IPO
holds 3 x 10% and the last 20%, the investors 20%. In OR 3.1 Saar paid 60: B 12, C 6 and
the investors' 12 stayed in the bank (4.5.2)."""


def test_4_5_2_investor_shares_pay_nobody_until_exchanged_then_their_holder() -> None:
    """4.5.2: "As long as the Investor Certificates have not been exchanged, their dividend
    remains with the bank"; the voluntary exchange (from the first 3+3, the corporation
    floated) is the turn's purchase, moves no money and closes the private (4.4)."""
    g = play(KRAUSS_SR4)
    ok(g, "exchange C VIW", "expect C shares Saar 20", "expect C cash 181")
    ok(g, "exchange A SCR", "expect A shares Saar 10", "expect A cash 275")
    # C 20% = B 20%: no change of director (5.1)
    ok(g, "expect Saar president B", "pass B", "pass C", "pass A", "expect round OR")
    # 8.5: Saar still has initial-offering certificates: no move (88)
    # OR 4.1 income: A K 5 + W 10 = 15 (SCR closed), B H 15 + MNR 20 = 35, C R 30 (VIW
    # closed): A 290, B 162, C 211
    ok(g, "expect Saar price 88", "expect A cash 290", "expect B cash 162", "expect C cash 211")
    ok(g, "run Saar 100")
    # 10 per 10%: B 20% 20, C 20% 20, A 10% 10; the IPO's 50% pays nobody and the treasury
    # nothing (no pool shares): Saar 270; 88 (row 3 col 2) -> 94 (row 3 col 3)
    ok(g, "expect B cash 182", "expect C cash 231", "expect A cash 300")
    ok(g, "expect Saar cash 270", "expect Saar price 94")


QUARRIES_L_OR41 = upto("1847ae-quarries-investors.script", "income R 50")
"""OR 4.1, phase 5, L (1030, C its director) to operate: its two 3s rusted with the 4+4;
the bank pool holds HLB's 4 and Saar's 3+3 (300 each), the bank sells the 5 at 450.
C 149 (129 + Saar's 20), holding Saar 20%; A 236 (Krauss was paid 50 for HLB's 4+4)."""


def test_6_8_1_a_corporation_that_can_pay_for_a_pool_train_forces_no_sale() -> None:
    """6.8.1: the forced purchase (6.8.2) happens only "when a Corporation must buy a train
    but does not have enough money in its treasury to buy a train from the Bank or the
    Bank Pool". L can pay the pool's 4 itself, so its director sells nothing, and is not
    bankrupt: L buys the pool train (at list price, no Krauss dividend: not a new train)."""
    g = _play(QUARRIES_L_OR41, EMPTIED)  # L's 730 in one turn: level 13 (see KRAUSS_DIRECTOR)
    ok(g, "expect C cash 149", "spend L 730", "run L 0", "expect L cash 300")
    # L 300 < the bank's 5 at 450, and 300 + C's 149 = 449: the tool let C sell Saar
    refuse(g, "sell C Saar 1", "6.8.1")
    refuse(g, "bankrupt C", "6.8.1")
    refuse(g, "train L 5", "6.8.1")
    ok(g, "train L 4 from pool", "expect L cash 0", "expect C cash 149", "expect A cash 236")


# ----------------------------------------------------------------- 9 the end of the game
def test_9_bank_broken_by_a_sale_in_a_stock_round_a_full_set_follows_then_the_end() -> None:
    """9: "If the bank runs out of money during a Stock Round (due to sale of certificates)
    the Stock Round will be continued as usual and will be followed by a complete set of
    Operating Rounds"; the bank keeps paying below zero; then the game ends."""
    g = play(KRAUSS_SR4)
    ok(g, "pass C", "pass A", "pass B", "expect round OR", "expect bank cash 7002")
    # OR 4.1: Saar pays 23170: 2317 per 10% to B 20% and C 10% = 3 x 2317 = 6951 (the IPO's
    # and investors' shares pay nobody): bank 7002 - 6951 = 51, not yet broken
    ok(g, "run Saar 23170", "done Saar", "expect bank cash 51", "run L 0", "done L")
    assert not g.state_json()["bank"]["broken"]
    # SR 5 (C first): C sells an L share at 78 (L: 82 -> 78 by its withheld run): bank -27
    ok(g, "expect round SR", "expect L price 78", "sell C L 1")
    state = g.state_json()
    assert state["bank"]["broken"] and state["round"]["kind"] == "SR"
    # the round goes on as usual (A may still buy); then the set of one OR (phase 3+3)
    ok(g, "pass C", "buy A L pool", "pass B", "pass C", "pass A", "expect round OR")
    # A pays 72 for the pool share (L 78 -> 72 by C's sale): bank -27 + 72 = 45; OR 5.1
    # income A 30, B 35, C 50 from the bank: 45 - 115 = -70 (payments are still made)
    assert g.state_json()["bank"]["cash"] == -70
    assert not g.state_json()["ended"]
    ok(g, "run Saar 0", "done Saar", "run L 0", "done L")
    state = g.state_json()
    assert state["ended"] and "9" in state["end_reason"]


# ----------------------------------------------------------------- 4.2 quarries between players
def test_4_2_a_player_who_can_buy_a_quarry_is_not_passed_by_the_tool() -> None:
    """4.2: "Quarries may be sold between players during the Stock Round for any agreed
    price" -- a player without the cash for any share still has a legal purchase while
    another player owns a quarry (script contract: only a player with no legal sale or
    purchase is passed by the tool)."""
    g = _play(KRAUSS_DIRECTOR + "spend L 430\nrun L 0\nsell C LFK 1\ntrain L 3\ndone L\n", EMPTIED)
    ok(g, "expect round SR", "expect B cash 135", "expect A cash 145", "expect C cash 3")
    # SR 2 (B, C, A): B buys a Saar 10% at 84: 135 - 84 = 51; Saar SPR 20% + investors 20% +
    # 10% = 50%: floats with 5 x 84 = 420 (4.6)
    ok(g, "buy B Saar", "expect B cash 51", "expect Saar cash 420", "pass C", "pass A")
    # B (51) cannot pay for an L (82) or Saar (84) share and has nothing to sell (Saar has
    # not operated, 8.2), but A owns K, W, SCR and VIW: B's turn is not passed
    assert g.state_json()["turn"] == "B"
    ok(g, "trade K A B 40", "expect B cash 11", "expect A cash 185")
    ok(g, "pass C", "pass A", "pass B", "expect round OR")
    # OR 2.1 income: A W 10 + SCR 15 + VIW 20 = 45 -> 230; B SPR 15 + R 30 + MNR 20 + K 5 =
    # 70 -> 81; C H 15 -> 18
    ok(g, "expect A cash 230", "expect B cash 81", "expect C cash 18")


# ----------------------------------------------------------------- 6.8.2 bankruptcy after the sales
BANKRUPT_SALES = upto("1847ae-bankrupt-sales.script", "bankrupt Cora")
"""The acceptance script (issue 19.1) up to ``bankrupt Cora`` in OR 3.1: Saar (M20) must buy
the 3+3 at M300; Cora M141 holds L 10% (72), Saar 20% director + 10% (62); Anna M230 holds
L 10% and Krauss & Co. (140); Bert M183 holds L 30% (director). The script's comments work
every figure."""


def test_6_8_2_bankrupt_sells_every_possible_certificate_first() -> None:
    """6.8.2: "If a Director has sold all possible shares but cannot raise the cash needed,
    the player is declared bankrupt": ``bankrupt`` makes the sales, each moving its marker
    one row down (8.2), and keeps Saar's director certificate (no one else holds 20%: it
    cannot go to the pool, 8.2; nor may the sale change Saar's directorship, 6.8.2)."""
    g = play(BANKRUPT_SALES)
    outcome = g.execute("bankrupt Cora")
    assert outcome.ok, outcome.message
    # Cora 141 + L 10% at 72 = 213, L 72 (row 4 col 0) -> 62 (row 5 col 0); + Saar 10% at 62
    # = 275, Saar 62 (row 5 col 0) -> 50 (row 6 col 0); Saar 20 + 275 = 295 < 300: bankrupt
    ok(g, "expect L price 62", "expect Saar price 50", "expect Cora cash 275")
    ok(g, "expect Cora shares L 0", "expect Cora shares Saar 20", "expect Saar president Cora")
    # 9: Anna 230 + 62 + Krauss 140 = 432; Bert 183 + 3 x 62 = 369; Cora 275 + 2 x 50 = 375
    ok(g, "expect Anna value 432", "expect Bert value 369", "expect Cora value 375")
    state = g.state_json()
    assert state["ended"] and state["result"] == {"Anna": 432, "Bert": 369, "Cora": 375}
    assert "(6.8.2)" in state["end_reason"] and "(9)" in state["end_reason"]
    assert "M295" in state["end_reason"]
    pool = {co["id"]: co["pool"] for co in state["companies"] if co["kind"] == "corporation"}
    assert pool["L"] == 10 and pool["Saar"] == 10
    # each sale is a line to mirror: the certificate, the price paid, the marker's move
    lines = narrate(outcome.command, outcome.events, "M", "1847AE")  # its words: bank pool
    assert any("toward the M300 train, M139 short" in x and "(6.8.2)" in x for x in lines)
    sales = [x for x in lines if "sells 1" in x or "price down" in x or "→ the bank pool" in x]
    assert sales == [
        "L share (10%): Cora → the bank pool: sold (8.2)",
        "The bank pays Cora M72: sells 1 L share at M72 (8.2)",
        "L price down M72 → M62: sold: one row down (8.2)",
        "Saar share (10%): Cora → the bank pool: sold (8.2)",
        "The bank pays Cora M62: sells 1 Saar share at M62 (8.2)",
        "Saar price down M62 → M50: sold: one row down (8.2)",
    ]
    assert lines[-1].startswith("The game ends: Cora is bankrupt")


def test_6_8_2_a_sale_typed_before_bankrupt_stands_and_the_rest_is_sold() -> None:
    """6.8.2: a ``sell`` typed first is one of the sales; ``bankrupt`` sells what is left.
    The figures are the same as when ``bankrupt`` makes both sales."""
    g = play(BANKRUPT_SALES)
    # Cora sells L 10% at 72 herself: 213; L 72 -> 62
    ok(g, "sell Cora L 1", "expect Cora cash 213", "expect L price 62")
    outcome = g.execute("bankrupt Cora")
    assert outcome.ok, outcome.message
    lines = narrate(outcome.command, outcome.events, "M")
    assert not any("L share" in x for x in lines)
    # only the Saar 10% is left to sell: 213 + 62 = 275; Saar 62 -> 50
    ok(g, "expect Cora cash 275", "expect Saar price 50", "expect L price 62")
    ok(g, "expect Anna value 432", "expect Bert value 369", "expect Cora value 375")


def test_6_8_2_bankrupt_with_nothing_left_to_sell_ends_the_game_at_once() -> None:
    """6.8.2, 9: when every possible sale has been typed, ``bankrupt`` moves nothing."""
    g = play(BANKRUPT_SALES)
    ok(g, "sell Cora L 1", "sell Cora Saar 1")
    # Cora 141 + 72 + 62 = 275; Saar's 20% director certificate cannot go to the pool (8.2)
    refuse(g, "sell Cora Saar 2", "8.2")
    outcome = g.execute("bankrupt Cora")
    assert outcome.ok, outcome.message
    assert [type(ev).__name__ for ev in outcome.events] == ["Noted"]
    assert "with nothing left to sell" in g.state_json()["end_reason"]
    ok(g, "expect Cora value 375", "expect Anna value 432", "expect Bert value 369")


def test_6_8_2_bankrupt_is_refused_while_the_sales_would_raise_the_train() -> None:
    """6.8.2: bankruptcy comes only when even every sale cannot raise the cash: with M10 more
    in Saar's treasury (30 + 141 + 72 + 62 = 305 >= 300) Cora pays and sells instead."""
    g = play(
        BANKRUPT_SALES.replace(
            "spend Saar 50 terrain\nspend Saar 50 terrain\n",
            "spend Saar 50 terrain\nspend Saar 40 terrain\n",
        ).replace("expect Saar cash 20\n", "expect Saar cash 30\n")
    )
    refuse(g, "bankrupt Cora", "M305", "M300", "6.8.2")


def test_6_8_2_the_sales_may_change_another_corporations_directorship() -> None:
    """6.8.2: the director "may only sell certificates provided that there is no change of
    Directorship of the acting Corporation (but there may be a change in others)": Cora, L's
    director with 20%, sells it all before she is bankrupt and Anna (20%) takes L over."""
    g = play(
        """\
game 1847AE Anna Bert Cora
buy Cora SPR
buy Bert H
buy Anna K
buy Anna W
buy Bert R
buy Cora PLP
buy Anna LFK
buy Bert MNR
pass Cora
buy Anna SCR
buy Bert VIW
buy Cora Saar
run L 0
train L 3
done L
spend Saar 80 terrain
spend Saar 80 terrain
spend Saar 60 token
run Saar 0
done Saar noroute
pass Anna
pass Bert
pass Cora
run L 0
train L 3
done L
run Saar 0
done Saar noroute
pass Anna
pass Bert
trade VIW Bert Cora 50
pass Anna
pass Bert
pass Cora
run L 20 withhold
train L 3
done L
spend Saar 80 terrain
spend Saar 40 terrain
spend Saar 80 token
run Saar 0
"""
    )
    # SR 1 (turns Cora Bert Anna Anna Bert Cora Anna Bert Cora Anna Bert Cora): Anna 500 -
    # 110 - 135 - 130 - 75 = 50; Bert 500 - 160 - 150 - 90 - 85 = 15; Cora 500 - 190 - 172 -
    # 84 = 54. L: Cora 20% director, Anna 20% (K, W), Bert 10% (H): floats with 430; Saar:
    # Cora 30% + investors 20%: floats with 420 (4.6).
    # Income a round: Anna K 5 + W 10 + SCR 15 = 30, Bert H 15 + R 30 + MNR 20 + VIW 20 = 85,
    # Cora SPR 15; Krauss pays Anna 15 for each of L's three 3s (4.1).
    # OR 1.1: Anna 50 + 30 + 15 = 95, Bert 100, Cora 69; L 86 -> 82, Saar 84 -> 78.
    # OR 2.1: Anna 140, Bert 185, Cora 84; L 82 -> 78, Saar 78 -> 72.
    # SR 3: Cora buys VIW from Bert for 50: Cora 34, Bert 235.
    # OR 3.1: Anna 140 + 30 + 15 = 185, Bert 235 + 65 = 300, Cora 34 + 15 + 20 = 69;
    # L 130 + 20 = 150 pays the last 3, 78 -> 72; Saar spends its 420 on track and stations
    # (6.2-6.5: OR 1.1, its first turn, two M80 tiles and a M60 station, 220; OR 3.1 an M80
    # and an M40 tile and a M80 station, 200), 72 -> 62.
    ok(g, "expect Anna cash 185", "expect Bert cash 300", "expect Cora cash 69")
    ok(g, "expect L price 72", "expect Saar price 62", "expect L president Cora")
    # Saar 0 + Cora 69 + L 20% at 72 (144) + Saar 10% at 62 = 275 < 300 (the 3+3)
    outcome = g.execute("bankrupt Cora")
    assert outcome.ok, outcome.message
    # L's directorship goes to Anna (she gives two 10% certificates for the 20% one, 5.1);
    # Cora sells two 10% at 72: 69 + 144 = 213, L 72 -> 62; Saar 10% at 62: 275, 62 -> 50
    ok(g, "expect L president Anna", "expect Anna shares L 20", "expect Cora shares L 0")
    ok(g, "expect Cora cash 275", "expect L price 62", "expect Saar price 50")
    ok(g, "expect Saar president Cora", "expect Cora shares Saar 20")
    lines = narrate(outcome.command, outcome.events, "M", "1847AE")
    assert any(x.startswith("L directorship: Cora → Anna") for x in lines)  # 5: Director
    said = "\n".join(lines)
    assert "president" not in said and "presidency" not in said, said
    # 1847 words, flat (never "(directorship (sale by the director (5.1)))"): the director's
    # certificate swapped is folded into the directorship's line
    assert "L directorship: Cora → Anna, certificates exchanged: sale by the director (5.1)" in said
    assert "L share (10%): Cora → the bank pool: sold (8.2)" in said, said  # 1847 6.7.4
    assert "director's certificate" not in said and "((" not in said and "))" not in said, said
    # 9: Anna 185 + L 20% at 62 + Krauss 140 = 449; Bert 300 + 62 = 362; Cora 275 + 100 = 375
    assert g.state_json()["result"] == {"Anna": 449, "Bert": 362, "Cora": 375}


def test_6_8_2_a_game_saved_before_the_fix_ends_without_the_sales() -> None:
    """Saves outlive rules fixes (moderator.fixes "1847AE-6.8.2"): a game at rules level 0
    ends as it did when it was played, without the sales (L 72, Saar 62; 442, 399, 399)."""
    lines = BANKRUPT_SALES.splitlines()
    g = play("\n".join(x for x in lines if x.startswith("game ")) + "\n")
    g.state.rules_level = 0
    for line in lines:
        if line.strip() and not line.startswith(("#", "game ")):
            ok(g, line)
    outcome = g.execute("bankrupt Cora")
    assert outcome.ok, outcome.message
    ok(g, "expect L price 72", "expect Saar price 62", "expect Cora cash 141")
    assert g.state_json()["result"] == {"Anna": 442, "Bert": 399, "Cora": 399}
    assert g.state_json()["end_reason"] == (
        "Cora is bankrupt: Saar needs M300 for a train and Cora can raise only M295 (6.8.2); "
        "the game ends at once (9)"
    )


def test_6_8_2_the_level_0_fixture_bankruptcy_replays_its_recorded_events() -> None:
    """The fixture saved at rules level 0 (tests/core/data): its last entry, ``bankrupt B``
    with B's L 10% unsold, gives the very events recorded; at rules level 13 B sells it.
    (Its `spend L 400` and `spend Saar 420` are beyond a turn's costs from level 14, row
    ``1847AE-6.2-costs``: the save's rewind offer points at the first.)"""
    path = REPO / "tests" / "core" / "data" / "level0-1847ae-bankrupt-without-sales.json"
    records = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    header, entries = records[0], [r["entry"] for r in records[1:]]
    assert FIXES["1847AE-6.2-costs"].level == EMPTIED + 1
    for level in (0, EMPTIED):
        g = play(f"game {header['title']} {' '.join(header['players'])}\n")
        g.state.rules_level = level
        for entry in entries[:-1]:
            ok(g, entry["line"])
        outcome = g.execute(entries[-1]["line"])
        assert outcome.ok, outcome.message
        events = [ev.model_dump() for ev in outcome.events]
        if level == 0:
            assert events == entries[-1]["events"]
        else:
            # B sells his L 10% at 78 first (6.8.2): 60 + 78 = 138 < 150; L 78 -> 72
            assert events != entries[-1]["events"]
            ok(g, "expect B cash 138", "expect L price 72")


QUARRIES_SR3_C = upto("1847ae-quarries-investors.script", "exchange C VIW")
"""SR 3 (phase 3+3), C's turn after B parred HLB: C 149, holding L 20%, Saar 10% and VIW;
Saar (operated) at 84 (row 3 col 1), floated, so VIW may be exchanged (4.5.2)."""


def test_4_5_2_8_1_an_exchange_after_a_sale_of_the_same_corporation_is_taken() -> None:
    """Reading (docs/titles/1847ae.md): 8.1 bars buying "a certificate of the same
    Corporation" after selling one in the round; the voluntary exchange (4.5.2) takes the
    turn's purchase but buys nothing at a price, so the sale does not bar it (as in the
    recorded 18xx.games game 199004, stock round 6: ``sell Two Saar 1``, then ``exchange
    Two SCR``). C sells his Saar 10% at 84 (C 149 + 84 = 233; Saar 84 -> 80, one row down,
    8.2), then exchanges VIW for the Saar investor 10%: no money moves, VIW closes; C holds
    Saar 10% again and his turn's purchase is made (a further buy is refused)."""
    g = play(QUARRIES_SR3_C)
    ok(g, "sell C Saar 1", "expect C cash 233", "expect Saar price 80")
    ok(g, "exchange C VIW", "expect C shares Saar 10", "expect C cash 233")
    assert g.state.company("VIW").closed
    refuse(g, "buy C HLB", "not C's")


def test_6_7_4_a_dividend_moves_one_space_whatever_its_size() -> None:
    """6.7.4: "After a dividend has been paid the stock price token of that Corporation will
    be moved one space to the right" — one space, however large the dividend is against the
    price (unlike the 2-D markets that move two spaces for a dividend of twice the price).
    SR 5 all pass; in OR 5.1 L (74, row 5 col 1) pays 5,000, 500 a share, almost seven times
    its price: one space right, 82 (row 5 col 2)."""
    g = play(QUARRIES_SR5)
    ok(g, "pass A", "pass B", "pass C", "expect round OR", "expect L price 74", "expect L cell 5 1")
    operate_round(g, L=5000)
    ok(g, "expect L price 82", "expect L cell 5 2")


def test_4_6_4_5_1_hlb_is_on_sale_in_the_round_saar_floats() -> None:
    """Reading (docs/titles/1847ae.md): the tool floats a corporation the moment its 50% is
    sold, so HLB, which waits for Saar's float (4.5.1), is on sale in the same round.
    The package as in 1847ae-krauss.script (A 50, B 60, C 93); C passes instead of buying
    Saar, so it is unfloated. OR 1.1: income A 30, B SPR 15 + H 15 + MNR 20 = 50, C 50;
    L buys a 3, Krauss A + 15: A 95, B 110, C 143. SR 2 all pass (priority B, left of A who
    bought last in SR 1); OR 2.1 income: A 125, B 160, C 193. SR 3: B passes; C buys Saar
    at 84 (109): SPR 20% + investors 20% + 10% = 50%, Saar floats with 420 (4.6); A passes;
    B pars HLB at once, its 20% at 2 x 80 = 160 (B 0)."""
    g = play(upto("1847ae-krauss.script", "buy C Saar"))
    ok(g, "pass C", "expect round OR", "run L 0", "train L 3", "done L", "expect round SR")
    ok(g, "expect priority B", "expect A cash 95", "expect B cash 110", "expect C cash 143")
    ok(g, "pass B", "pass C", "pass A", "expect round OR", "run L 0", "done L")
    ok(g, "expect round SR", "expect B cash 160", "expect C cash 193", "pass B", "buy C Saar")
    ok(g, "expect Saar cash 420", "expect C cash 109", "pass A", "par B HLB 80")
    ok(g, "expect B cash 0", "expect HLB president B", "expect B shares HLB 20")


def test_6_8_at_the_train_limit_no_train_even_one_that_would_rust_its_own() -> None:
    """6.8: "A Corporation that already owns its maximum number of trains may not buy another
    train even when this would trigger the obsolescence of one or more trains it owns". In
    1847ae-last-phases.script, OR 5.2 (phase 6E, limit 2), Saar holds a 4 and the 6E and has
    paid 200; the 6+6 (700) would rust its 4, but Saar may not buy it (it has 104 besides:
    the refusal names the limit, 6.8)."""
    g = play(upto("1847ae-last-phases.script", "expect Saar cash 104\ndone Saar") + "\n")
    refuse(g, "train Saar 6+6", "Saar is at the train limit of 2 (6.8)")
