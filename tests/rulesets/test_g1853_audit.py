"""An exactness audit of 1853's money rules against the 2009 rulebook.

Each test plays a short banker script whose figures were worked out BY HAND from the rulebook
(the arithmetic is in the comments, with the rule numbers), then checks the game with ``expect``
lines and asserts on the state JSON.  The setups are written here or cut from the acceptance
scripts ``tests/scripts/1853-*.script`` at a marked line.

Unless a test types its own ``market``, the provisional track and pars of the lead's decisions
are in force: ... 71 76 82 90 100 112 126 142 160 ...; EIR 100, GIP 90, NWR 82.
"""

from __future__ import annotations

from typing import Any

from conftest import SCRIPTS, play, refuse
from test_g1853_refusals import upto

from moderator.game import Game
from moderator.narrate import narrate


def whole(script: str) -> str:
    """A whole acceptance script."""
    return (SCRIPTS / script).read_text(encoding="utf-8")


def company(game: Game, cid: str) -> dict[str, Any]:
    """One company's entry of the state JSON."""
    return next(c for c in game.state_json()["companies"] if c["id"] == cid)


def cash(game: Game) -> dict[str, int]:
    """Each player's cash."""
    return {p["name"]: p["cash"] for p in game.state_json()["players"]}


OPERATING = "1853-operating.script"
MANAGERS = "1853-managers.script"
MINORS = "1853-minor-trains.script"

BIDS3 = """\
game 1853 Hal Ivy Jon
bond Hal 130
bond Ivy 100
bond Jon 90
claim Hal Calcutta EIR
claim Ivy Bombay GIP
claim Jon Lucknow EIR
claim Hal Patna EIR
claim Ivy Allahabad GIP
claim Jon Madras GIP
claim Hal Delhi EIR
claim Ivy Nagpur GIP
claim Jon Ajmer EIR
claim Hal Jaipur EIR
claim Ivy Hyderabad GIP
claim Jon Karachi GIP
pass Hal
pass Ivy
pass Jon
"""
"""Three players' contract bids (2.5): Hal 50 + 20 + 40 + 20 = 130 (Calcutta and Patna, two
Ganges cities); Ivy 40 + 20 + 20 + 20 = 100; Jon 20 + 30 + 20 + 20 = 90."""

BASE3 = (
    BIDS3
    + """\
settle
expect Hal cash 200
expect Ivy cash 270
expect Jon cash 260
expect bank cash 13950
pass Hal
pass Ivy
pass Jon
expect round OR
expect EIR president Hal
expect GIP president Ivy
expect EIR cash 1000
expect GIP cash 900
expect bank cash 12050
train EIR 2
train EIR 2
done EIR
train GIP 2
train GIP 2
done GIP
expect EIR cash 400
expect GIP cash 300
expect bank cash 13250
expect round SR
"""
)
"""The bids settled at par (2.7.2): Hal 4 x 100 = 400 (730 - 130 - 400 = 200); Ivy 4 x 90 = 360
(730 - 100 - 360 = 270); Jon 2 x 100 + 2 x 90 = 380 (730 - 90 - 380 = 260); the bank
15000 - 3 x 730 + 400 + 360 + 380 = 13950.  EIR (Hal 4, Jon 2) and GIP (Ivy 4, Jon 2) have
the qualifying 6 shares issued (Table 3); SR1 all pass; formed with 10 x par, 1000 and 900
(3.3.1): bank 13950 - 1900 = 12050.  OR 1.1: two 2-trains each at 300 (Table 5): EIR 400,
GIP 300, bank 12050 + 1200 = 13250.  No share in the pool: no price moved (4.7.1).  Stock round
2 starts with Hal (nobody bought in SR1, the Elephant stays, 3.1.11)."""


# ---------------------------------------------------------------- 4.6.5, 4.7.1 price moves


def test_dividend_of_exactly_twice_the_price_moves_two_spaces() -> None:
    """4.7.1: "twice or more times the share price, but less than three times ... two spaces".
    EIR pays 200 at 100: 200 = 2 x 100, two spaces: 100 -> 112 -> 126.  20 a share (4.6.5):
    Hal 4 -> 80 (200 + 80 = 280), Jon 2 -> 40 (260 + 40 = 300); the 4 unsold shares' 80 stay in
    the bank.  GIP pays 269 at 90: 269 < 3 x 90 = 270, so two spaces, not three: 90 -> 100 -> 112;
    26 a share (rounded down): Ivy 4 -> 104 (374), Jon 2 -> 52 (352).  Bank: 13250 - 120 - 156
    = 12974."""
    game = play(
        BASE3
        + "pass Hal\npass Ivy\npass Jon\n"
        + "run EIR 200 full\nexpect EIR price 126\nexpect Hal cash 280\nexpect Jon cash 300\n"
        + "done EIR\n"
        + "run GIP 269 full\nexpect GIP price 112\nexpect Ivy cash 374\nexpect Jon cash 352\n"
        + "expect bank cash 12974\n"
    )
    assert company(game, "EIR")["cash"] == 400
    assert company(game, "GIP")["cash"] == 300


def test_dividend_just_under_the_price_moves_one_space() -> None:
    """4.7.1: a total dividend under twice the price moves one space; a dividend below the
    price still moves one (it is a dividend paid).  EIR pays 90 at 100: 9 a share, one space
    100 -> 112.  GIP pays 179 at 90 (< 180): one space 90 -> 100; 17 a share."""
    game = play(
        BASE3
        + "pass Hal\npass Ivy\npass Jon\n"
        + "run EIR 90 full\nexpect EIR price 112\nexpect Hal cash 236\nexpect Jon cash 278\n"
        + "done EIR\n"
        + "run GIP 179 full\nexpect GIP price 100\nexpect Ivy cash 338\nexpect Jon cash 312\n"
    )
    # 278 + 2 x 17 = 312; bank 13250 - 54 - 102 = 13094
    assert game.state_json()["bank"]["cash"] == 13094


def test_withheld_dividend_with_mail_and_a_pool_share() -> None:
    """4.6.4, 4.6.6, 4.7.1.  SR2: Jon sells one EIR at the market price 100 (3.1.7; no £5
    discount after SR1, 2.8.3): 260 + 100 = 360.  OR 2.1: EIR withholds 150 with a mail run of
    30: both to EIR, 400 + 150 + 30 = 580; no dividend and a share in the pool: one space down,
    100 -> 90.  GIP runs 120 in full with mail 20: 12 a share, Ivy 4 -> 48,
    Jon 2 -> 24; the mail 20 to GIP (300 + 20 = 320) whatever is paid out; 120 < 180: up one,
    90 -> 100.  Bank 13250 - 100 - 180 - 72 - 20 (the 4 unsold GIP shares' 48 stay) = 12878."""
    game = play(
        BASE3
        + "pass Hal\npass Ivy\nsell Jon EIR 1\nexpect Jon cash 360\npass Jon\n"
        + "expect round OR\n"
        + "run EIR 150 withhold mail 30\nexpect EIR cash 580\nexpect EIR price 90\n"
        + "expect Hal cash 200\ndone EIR\n"
        + "run GIP 120 full mail 20\nexpect GIP cash 320\nexpect GIP price 100\n"
        + "expect Ivy cash 318\nexpect Jon cash 384\nexpect bank cash 12878\n"
    )
    assert company(game, "EIR")["pool"] == 10


def test_no_dividend_without_a_pool_share_keeps_the_price() -> None:
    """4.7.1: "If no dividend is paid and there are no shares in the Bank Pool, the share price
    does not change" -- also with the mail run paid to the company.  EIR withholds 300, mail
    40: 400 + 340 = 740, price stays 100."""
    play(
        BASE3
        + "pass Hal\npass Ivy\npass Jon\n"
        + "run EIR 300 withhold mail 40\nexpect EIR cash 740\nexpect EIR price 100\n"
    )


# ---------------------------------------------------------------- 4.7.3, 5.1.3: the top


TOP3 = (
    "game 1853 Hal Ivy Jon\nmarket 10 61 64 67 71 76 82 90 100 375 400\n" + BIDS3.split("\n", 1)[1]
)
"""The bids on a short typed track: 100 (EIR's par) is two spaces below 400."""


def test_a_five_space_move_stops_at_400_and_ends_the_game() -> None:
    """4.7.1, 4.7.3, 5.1.3.  OR 2.1: EIR pays 1000 at 100, 10 x the price: five spaces at most,
    but the track ends two spaces up: 100 -> 375 -> 400, the end of the board.  The dividend is
    paid (100 a share: Hal 4 -> 400, Jon 2 -> 200) and the game stops at once: GIP does not run.
    Scores (5.2.1): Hal 200 + 400 + EIR 4 x 400 = 2200; Jon 260 + 200 + EIR 2 x 400 + GIP 2 x 90
    = 1440; Ivy 270 + GIP 4 x 90 = 630; no bond counts (Hal's 130, Ivy's 100, Jon's 90 are
    still set aside)."""
    setup = TOP3 + BASE3.split("pass Jon\n", 1)[1] + "pass Hal\npass Ivy\npass Jon\n"
    game = play(setup + "run EIR 1000 full\nexpect EIR price 400\n")
    data = game.state_json()
    assert data["ended"] is True
    assert data["result"] == {"Hal": 2200, "Jon": 1440, "Ivy": 630}
    assert data["bonds"] == {"Hal": 130, "Ivy": 100, "Jon": 90}
    refuse(game, "run GIP 100 full", "ended")


# ---------------------------------------------------------------- 3.4: a credit train


def test_credit_train_paid_off_over_several_runs() -> None:
    """3.4.3, 3.4.6, 4.1.14, 4.6.6.  The managers script after OR 1.1: the managed NWR owes 140
    on its credit 2-train and has 0.  OR 2.1: a frontier post pays 30 (4.1.14), straight to the
    debt: 110 owed; it withholds 40 with mail 20 (a manager pays no dividend, 3.4.2): 60 more,
    50 owed, NWR still 0; no dividend, a share in the pool: 76 -> 71.  OR 3.1 (nobody buys in
    SR3): 60 withheld + mail 20 = 80: 50 pays the debt off, NWR keeps 30; 71 -> 67.  Its
    track came before the run (Section 4; 4.1.12: terrain is paid "BEFORE the tile is laid"),
    while the debt was still owed (3.4.6): a metre river, 30, written after the run is
    refused, the run's income paying no track (rules level 13).  Bank: 13770 (30 - 30,
    60 - 60, -80 + 50) = 13740."""
    setup = upto(MANAGERS, "expect round SR") + (
        "expect round SR\npass Ann\npass Bo\npass Cat\npass Dan\nfrontier NWR 30\n"
    )
    game = play(setup)
    # the 30 goes on to the debt by itself: a line to mirror, as after a run (3.4.6)
    entry = game.journal[-1]
    assert narrate(entry.command, entry.events, "£", "1853") == [
        "NWR pays the bank £30: toward its credit train (3.4.3, 3.4.6)"
    ]
    assert company(game, "NWR")["credit_debt"] == 110
    assert company(game, "NWR")["cash"] == 0
    refuse(game, "spend NWR 30 terrain", "3.4.6")
    game = play(
        setup
        + "run NWR 40 mail 20\nexpect NWR cash 0\nexpect NWR price 71\ndone NWR\n"
        + "pass Ann\npass Bo\npass Cat\npass Dan\n"
        + "run NWR 60 mail 20\nexpect NWR cash 30\nexpect NWR price 67\n"
        + "expect bank cash 13740\n"
    )
    refuse(game, "spend NWR 30 terrain", "held before the run", "(Section 4, 4.1.12)")
    nwr = company(game, "NWR")
    assert nwr["credit_debt"] == 0
    assert nwr["credit_train"] is None
    assert nwr["trains"] == ["2", "2", "2"]


# ---------------------------------------------------------------- 5.1.2, 5.2.1: the end


def test_bank_broken_then_score_with_unredeemed_shares_and_a_bond() -> None:
    """5.1.1, 5.1.2, 5.2.1, 2.7.3.  The operating script ends with SR4 about to start (Ben has
    the Elephant): nobody buys.  OR 4.1 (phase 2, one OR a set): EIR withholds 14000, more than
    the bank's 13119: the bank has run out of money; no dividend and no EIR share in the pool,
    the price stays 200.  The operating round is completed (5.1.2): GIP pays 100, 10 a share:
    Ben 3 -> 30 (52 + 30 = 82), Cal 2 -> 20 (231 + 20 = 251), Dee's one redeemed share -> 10
    (259 + 10 = 269), his two un-redeemed shares earn nothing (2.7.3); 100 < 2 x 112: 112 -> 126.
    Then the game ends.  Scores (5.2.1): Dee 269 + EIR 3 x 200 + GIP 3 x 126 (un-redeemed
    shares count as held: the lead's decision) = 1247 -- his bond of 250 does not count;
    Ann 409 + EIR 3 x 200 = 1009; Ben 82 + GIP 3 x 126 = 460; Cal 251 + GIP 2 x 126 + NWR 82
    (no price: par, 3.1.7) = 585."""
    game = play(
        whole(OPERATING)
        + "pass Ben\npass Cal\npass Dee\npass Ann\n"
        + "expect bank cash 13119\n"
        + "run EIR 14000 withhold\nexpect EIR price 200\ndone EIR\n"
        + "run GIP 100 full\nexpect GIP price 126\n"
        + "expect Ben cash 82\nexpect Cal cash 251\nexpect Dee cash 269\n"
        + "done GIP\n"
    )
    data = game.state_json()
    assert data["bank"]["broken"] is True
    assert data["ended"] is True
    assert data["result"] == {"Dee": 1247, "Ann": 1009, "Ben": 460, "Cal": 585}
    assert {p["name"]: p["value"] for p in data["players"]} == data["result"]
    dee = next(p for p in data["players"] if p["name"] == "Dee")
    assert dee["unredeemed"] == {"GIP": 2}
    assert dee["bond"] == 250


# ---------------------------------------------------------------- 2.7.2-2.7.4: settling

CHEAPEST = """\
game 1853 Amy Bob Cid Dee
bond Amy 200
bond Bob 80
bond Cid 80
bond Dee 80
claim Amy Calcutta EIR
claim Bob Bombay GIP
claim Cid Madras MSM
claim Dee Bombay GIP
claim Amy Patna EIR
claim Bob Nagpur GIP
claim Cid Waltair MSM
claim Dee Lucknow EIR
claim Amy Delhi EIR
claim Bob Hyderabad GIP
claim Cid Ajmer MSM
claim Dee Nagpur GIP
claim Amy Lahore NWR
claim Amy Karachi NWR
claim Amy Jaipur BBCI
pass Amy
pass Bob
pass Cid
pass Dee
settle
"""
"""Four players (570 each).  Amy's bond 200 (cash 370) holds six cities, the most (2.5.6):
Calcutta 50 + Patna 20 + Delhi 40 + Lahore 20 + Karachi 20 + Jaipur 20 = 170.  Her shares:
EIR 3 x 100, NWR 2 x 82, BBCI 71 = 535 against 370.  The cheapest first (2.7.3): without the
BBCI 464 > 370; without it and one NWR 382 > 370; without both NWR 300 <= 370: three shares
un-redeemed and she pays 300: 70 left.  (Leaving one EIR and the BBCI unpaid would let her pay
364, but those are not her cheapest shares.)  Bob 3 x 90 = 270 (490 -> 220); Cid 3 x 67 = 201
(490 -> 289); Dee GIP 90 + EIR 100 + GIP 90 = 280 (490 -> 210).  Bank 15000 - 4 x 570 + 300
+ 270 + 201 + 280 = 13771."""


def test_settling_leaves_the_cheapest_shares_unredeemed() -> None:
    """2.7.2, 2.7.3, 2.7.4, 5.2.1 (see :data:`CHEAPEST`).  Amy's 70 cannot redeem her BBCI (71)
    and she may buy nothing before she does.  Her value: 70 + EIR 3 x 100 + NWR 2 x 82 + BBCI 71
    (no company has a price yet: par, 3.1.7; un-redeemed shares count, the lead's decision) =
    605; the bond of 200 does not count (5.2.1)."""
    game = play(
        CHEAPEST
        + "expect Amy cash 70\nexpect Bob cash 220\nexpect Cid cash 289\nexpect Dee cash 210\n"
        + "expect bank cash 13771\nexpect Amy value 605\n"
    )
    amy = next(p for p in game.state_json()["players"] if p["name"] == "Amy")
    assert amy["unredeemed"] == {"NWR": 2, "BBCI": 1}
    assert amy["shares"] == {"EIR": 30, "NWR": 20, "BBCI": 10}
    refuse(game, "redeemshare Amy BBCI", "2.7.4")
    refuse(game, "buy Amy GIP", "2.7.4")


# ---------------------------------------------------------------- 4.8.8: the director's gift


def test_director_gives_exactly_the_shortfall() -> None:
    """4.8.8: the director may make up the balance; the treasury is then empty.  OR 2.1: EIR
    (400) runs 0 (no pool share: no move), buys a 2 (300): 100 left; the next 2 costs 300:
    Hal gives the 200 he has, EIR and Hal are left with 0.  Bank 13250 + 300 + 300 = 13850."""
    game = play(
        BASE3
        + "pass Hal\npass Ivy\npass Jon\n"
        + "run EIR 0\ntrain EIR 2\nexpect EIR cash 100\ntrain EIR 2\n"
        + "expect EIR cash 0\nexpect Hal cash 0\nexpect bank cash 13850\nexpect EIR price 100\n"
    )
    assert company(game, "EIR")["trains"] == ["2", "2", "2", "2"]


# ---------------------------------------------------------------- 5.1.2: mid-set


def test_bank_broken_in_the_first_or_of_a_set_ends_the_game_after_that_or() -> None:
    """5.1.2: "the sequence of operating turns should be continued until the end of a complete
    Operating Round ... (This may not necessarily be the same as a complete set of rounds up to
    the next Stock Round.)".  The phases script's OR 3.1 is the first of a set of two, and the
    Elephant's holder has called the extra round (4.9): EIR withholds 20000 and the bank runs
    out; GIP, NWR and BNR still run (withholding 10 each) and the game ends with OR 3.1.
    Scores: cash only (no company pays, no bond came back): Pam 50, Quin 118, Rex 158, Sue 152,
    Tom 142, plus the shares at their prices (none moved: no pool share, 4.7.1): Pam EIR 3 x 100
    + GIP 90 = 440; Quin GIP 3 x 90 + NWR 82 = 470; Rex NWR 3 x 82 + BNR 76 = 480; Sue BNR
    3 x 76 + EIR 100 = 480; Tom 100 + 90 + 82 + 76 = 490."""
    phases = (SCRIPTS / "1853-phases.script").read_text(encoding="utf-8")
    cut = phases.index("# ---- OR 3.1, the first")
    game = play(
        phases[:cut]
        + "expect round OR\nextra\nrun EIR 20000 withhold\ndone EIR\n"
        + "run GIP 10 withhold\ndone GIP\nrun NWR 10 withhold\ndone NWR\n"
        + "run BNR 10 withhold\ndone BNR\n"
    )
    data = game.state_json()
    assert data["ended"] is True
    assert data["round"]["or"] == 1
    assert data["result"] == {"Pam": 440, "Quin": 470, "Rex": 480, "Sue": 480, "Tom": 490}
    refuse(game, "run EIR 10 withhold", "ended")


def test_score_lists_the_bond_as_not_counted() -> None:
    """5.2.1: "Any un-redeemed Bonds may NOT be included in scores".  After the bank broke
    (see the test above) Dee's score is 269 cash + EIR 600 + GIP 378 = 1247, and his bond of 250
    is shown but left out."""
    from moderator.scoring import score

    game = play(
        whole(OPERATING)
        + "pass Ben\npass Cal\npass Dee\npass Ann\n"
        + "run EIR 14000 withhold\ndone EIR\nrun GIP 100 full\ndone GIP\n"
    )
    result = score(game)
    assert result.final
    dee = result.player("Dee")
    assert dee.total == 1247
    bond = [i for i in dee.items if i.kind == "excluded"]
    assert [(i.what, i.value, i.counted) for i in bond] == [("bond", 250, False)]
    gip = next(i for i in dee.items if i.kind == "shares" and i.what == "GIP")
    assert (gip.count, gip.price, gip.value) == (3, 126, 378)


# ---------------------------------------------------------------- 3.4.6: a sale pays the debt

GIP_FORMS = (
    upto(MANAGERS, "expect round SR")
    + """\
expect round SR
buy Ann GIP
buy Bo GIP
expect GIP president Bo
expect GIP cash 900
pass Cat
pass Dan
pass Ann
pass Bo
expect priority Cat
expect bank cash 13050
"""
)
"""The managers script after OR 1.1 (NWR, managed by Ann, owes 140 on its credit 2 and has
0).  SR2: Ann buys a GIP at par 90 (227 -> 137), Bo another (242 -> 152): GIP has 5 issued
(Bo 2, Cat 1, Dan 1, Ann 1), the qualifying number with 4 players; Bo, with two, is director at
once (3.2.1) and GIP is formed with 10 x 90 = 900 (3.3.1).  Bank 13770 + 180 - 900 = 13050.
Bo bought last: the Elephant to Cat (3.1.11)."""


def test_a_managed_company_pays_its_debt_from_a_train_sale() -> None:
    """3.4.3, 3.4.5, 3.4.6, 4.8.9.  OR 2.1, company order (Table 1): GIP (2) before NWR (3).
    GIP has no train: it runs nothing (no GIP share in the pool, no move) and buys one of
    NWR's paid 2s for 150 (4.8.9): GIP 900 - 150 = 750; NWR's 150 pays the 140 owed first
    (3.4.6) and it keeps 10.  NWR then withholds 40 with mail 20: 10 + 60 = 70; 76 -> 71 (a
    share in the pool).  Its credit train is paid for, so it may spend again, but only the
    10 it held before its run (Section 4, 4.1.12): a river, 40, written after the run is
    refused (rules level 13).  Bank 13050 + 140 - 60 = 13130."""
    game = play(
        GIP_FORMS
        + "train GIP 2 from NWR 150\nexpect GIP cash 750\nexpect GIP price 90\n"
        + "expect NWR cash 10\nexpect bank cash 13190\n"
        + "run NWR 40 mail 20\nexpect NWR cash 70\nexpect NWR price 71\n"
        + "expect bank cash 13130\n"
    )
    refuse(game, "spend NWR 40 terrain", "£10 left of it", "(Section 4, 4.1.12)")
    nwr = company(game, "NWR")
    assert nwr["credit_debt"] == 0
    assert nwr["trains"] == ["2", "2"]
    assert company(game, "GIP")["trains"] == ["2"]


def test_credit_train_returned_when_the_new_director_cannot_pay() -> None:
    """4.8.10: "If a Director takes over control of a Company which is buying a train on credit
    the train must either be purchased at that point or returned to the bank."  The rules are
    silent on what the company paid toward it; moderator undoes the purchase (the train was
    never bought) and the bank gives back what was paid -- the program's reading, kept.
    Managers script, SR3: Bo buys GIP (90: 242 -> 152) and BNR (76: -> 76), then NWR's pool
    share (71: -> 5) and is director with two; 80 is still owed and he has 5: the credit 2 goes
    back to the bank (it is sold again at full price, 4.8.6), and NWR gets back the 160 + 60 it
    paid toward it: 0 + 220 = 220."""
    turns = "pass Cat\npass Dan\npass Ann\n"
    game = play(
        upto(MANAGERS, "buy Bo NWR pool")
        + "buy Bo GIP\n"
        + turns
        + "buy Bo BNR\n"
        + turns
        + "buy Bo NWR pool\n"
        + "expect NWR president Bo\nexpect Bo cash 5\nexpect NWR cash 220\n"
    )
    nwr = company(game, "NWR")
    assert (nwr["credit_debt"], nwr["credit_train"], nwr["trains"]) == (0, None, ["2", "2"])


def test_a_director_who_cannot_cover_a_train_may_end_the_turn() -> None:
    """4.8.8: the director MAY make up the balance, "should he wish"; 1853 has no forced
    purchase.  Contract-bids script, OR 1.1: EIR has 10 after its three 2s; a fourth 2 costs
    300 and its director Bob has 63 toward the 290 missing: refused, and the turn ends without
    it; nothing changed hands."""
    game = play(upto("1853-contract-bids.script", "done EIR"))
    refuse(game, "train EIR 2", "4.8.8")
    before = cash(game)
    outcome = game.execute("done EIR")
    assert outcome.ok, outcome.message
    assert cash(game) == before
    assert company(game, "EIR")["cash"] == 10


def test_no_dividend_at_10_says_the_price_can_fall_no_further() -> None:
    """4.7.1, 4.7.3, worked by hand from ``1853-market-floor``: in OR 2.1 ECR runs nothing
    (no train yet) with a share in the bank pool, so 4.7.1 moves it one space down, but it
    stands at £10, the track's first space, which "can not be reduced further" (4.7.3):
    the line to mirror says why the marker does not move (it used to say "one space left"
    and leave the player to wonder)."""
    text = whole("1853-market-floor.script").split("train ECR 1M\n")[0] + "train ECR 1M\n"
    game = play(text)
    entry = game.journal[-1]
    lines = narrate(entry.command, entry.events, "£", "1853")
    assert (
        "ECR price stays at £10: no dividend with shares in the bank pool: one space left "
        "(4.7.1); at £10 it can not be reduced further (4.7.3)"
    ) in lines
