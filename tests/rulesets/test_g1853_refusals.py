"""1853 refusals: each test plays a short legal setup, then a command the printed rules (or the
lead's reading of them, ``1853-decisions``) forbid; the refusal must name the rule and change
nothing (``conftest.refuse``).

Most setups are cut from the acceptance scripts ``tests/scripts/1853-*.script`` at a marked
line (:func:`upto`); the others are written here by hand, with their arithmetic.
"""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.game import Game


def upto(script: str, marker: str, nth: int = 1) -> str:
    """The lines of ``tests/scripts/<script>`` before the ``nth`` line that reads ``marker``."""
    lines = (SCRIPTS / script).read_text(encoding="utf-8").splitlines()
    seen = 0
    for index, line in enumerate(lines):
        if line.strip() == marker:
            seen += 1
            if seen == nth:
                return "\n".join(lines[:index]) + "\n"
    raise AssertionError(f"{marker!r} not found {nth} time(s) in {script}")


BIDS = "1853-contract-bids.script"
OPERATING = "1853-operating.script"
MANAGERS = "1853-managers.script"
MINORS = "1853-minor-trains.script"

THREE = "game 1853 Amy Bob Cid\n"
"""A 3-player game in its bond stage: 730 each; 4 to 6 cities a bid (2.5.6)."""

FOUR = "game 1853 Amy Bob Cid Dee\n"
"""A 4-player game in its bond stage: 570 each; 3 to 6 cities a bid (2.5.6)."""


# ---- bonds (2.5.2)


def test_bond_below_the_minimum() -> None:
    game = play(THREE)
    refuse(game, "bond Amy 70", "2.5.2")


def test_bond_above_cash() -> None:
    game = play(THREE)
    refuse(game, "bond Amy 731", "2.5.2")


def test_market_after_a_bond() -> None:
    """The track and pars are typed before the first bond (decisions: 'only before the first
    bond')."""
    game = play(THREE + "bond Amy 100\n")
    refuse(game, "market 10 61 64 67 71 76 82 90 100 200 400", "bond")
    refuse(game, "setpar GIP 100", "bond")


def test_par_is_not_an_1853_command() -> None:
    """1853 has no par purchase: shares are claimed, then bought at their printed par."""
    game = play(THREE + "bond Amy 100\nbond Bob 100\nbond Cid 100\n")
    refuse(game, "par Amy EIR 100", "par")


# ---- claims (2.5.4-2.5.12)

CLAIMS3 = THREE + "bond Amy 80\nbond Bob 220\nbond Cid 100\n"
"""Bonds in: seats Bob (220), Cid (100), Amy (80)."""


def test_claim_exceeding_the_bond() -> None:
    """Lahore, Karachi and Jaipur (£20 each) + Calcutta £50 = £110 > Amy's bond of £80
    (2.5.9)."""
    game = play(CLAIMS3 + "claim Amy Lahore NWR\nclaim Amy Karachi NWR\nclaim Amy Jaipur BBCI\n")
    refuse(game, "claim Amy Calcutta EIR", "more than the bond", "2.5.9")


def test_a_claim_must_leave_a_bid_that_can_be_completed() -> None:
    """Amy's £80 bond holds the four cities a 3-player bid needs (2.5.6) only at £20 each:
    Calcutta (£50) would leave £30 for three more, so no bid could ever be complete and
    neither her pass nor the settlement would be accepted (2.5.4, 2.5.9)."""
    game = play(CLAIMS3)
    refuse(game, "claim Amy Calcutta EIR", "leaving £30", "3 more", "2.5.6", "2.5.9")
    # The report's own case: £100, Allahabad and Calcutta, then Madras would leave £0 for
    # the fourth city.
    dead = THREE + "bond Amy 100\nbond Bob 220\nbond Cid 100\n"
    game = play(dead + "claim Amy Allahabad BNR\n")
    refuse(game, "claim Amy Calcutta EIR", "leaving £30", "2 more", "2.5.9")
    assert game.execute("claim Amy Madras SIR").ok  # £50 of £100: two more at £20 still fit


def test_too_many_cities() -> None:
    """A 3-player bid has at most six cities (2.5.6): Bob's seventh (6 x 20 = 120 of 220)."""
    six = "".join(
        f"claim Bob {city} NWR\n"
        for city in ("Lahore", "Karachi", "Jaipur", "Ajmer", "Nagpur", "Hyderabad")
    )
    game = play(CLAIMS3 + six)
    refuse(game, "claim Bob Madras MSM", "2.5.6")


def test_three_ganges_cities() -> None:
    """Calcutta and Patna are two Ganges-valley cities; Lucknow would be a third (2.5.7)."""
    game = play(CLAIMS3 + "claim Bob Calcutta EIR\nclaim Bob Patna EIR\n")
    refuse(game, "claim Bob Lucknow EIR", "2.5.7")


def test_two_beige_cities_in_a_three_city_bid() -> None:
    """A 3-city bid may name only one of the five beige cities (2.5.7); settle checks it."""
    bids = (
        FOUR
        + "bond Amy 80\nbond Bob 80\nbond Cid 80\nbond Dee 80\n"
        + "claim Amy Patna EIR\nclaim Amy Lucknow EIR\nclaim Amy Delhi EIR\n"
        + "claim Bob Bombay GIP\nclaim Bob Nagpur GIP\nclaim Bob Hyderabad GIP\n"
        + "claim Cid Lahore NWR\nclaim Cid Karachi NWR\nclaim Cid Jaipur NWR\n"
        + "claim Dee Madras MSM\nclaim Dee Ajmer MSM\nclaim Dee Waltair MSM\n"
    )
    game = play(bids)
    refuse(game, "settle", "2.5.7")


def test_delhi_with_msm() -> None:
    """Delhi carries shares of companies 1, 2, 3 and 5 only (2.5.12 example)."""
    game = play(CLAIMS3)
    refuse(game, "claim Bob Delhi MSM", "2.5.12")


def test_misspelt_city() -> None:
    """A name close to a known city is taken for a typing error."""
    game = play(CLAIMS3)
    refuse(game, "claim Bob Calcuta EIR", "Calcutta")


def test_pass_with_too_few_cities() -> None:
    """Two cities of the four a 3-player bid needs (2.5.4, 2.5.6)."""
    game = play(CLAIMS3 + "claim Amy Lahore NWR\nclaim Amy Karachi NWR\n")
    refuse(game, "pass Amy", "2.5.4")


def test_pass_with_40_unallocated() -> None:
    """Bob: 5 of 6 cities, 150 of 220: 70 of the bond unallocated (2.5.4)."""
    game = play(upto(BIDS, "claim Bob sealed BBCI"))
    refuse(game, "pass Bob", "2.5.4")


def test_settle_with_a_bid_short_of_cities() -> None:
    game = play(CLAIMS3 + "claim Amy Lahore NWR\n")
    message = refuse(game, "settle")
    assert "2.5" in message


# ---- the first stock round


def test_buy_before_redeeming() -> None:
    """Bob holds an un-redeemed BBCI share: no purchase before it is redeemed (2.7.4), though
    his 134 would pay for GIP (90)."""
    game = play(upto(BIDS, "redeemshare Bob BBCI"))
    refuse(game, "buy Bob GIP", "2.7.4")


def test_selling_unredeemed_shares() -> None:
    """Bob's two BBCI shares: one paid, one un-redeemed, which may not be sold (2.7.4)."""
    game = play(upto(BIDS, "sell Bob NWR 1"))
    refuse(game, "sell Bob BBCI 2", "2.7.4")


def test_selling_a_floated_company_in_sr1() -> None:
    """EIR floated on Cid's purchase; his bought share is no contracted share (2.8.3)."""
    game = play(upto(BIDS, "buy Cid GIP"))
    refuse(game, "sell Cid EIR 1", "2.8.3")


def test_buying_a_non_contract_company_too_early() -> None:
    """MSM is in no bid; EIR, GIP, BBCI and NWR still have unissued shares (3.1.3)."""
    game = play(upto(BIDS, "buy Cid EIR"))
    refuse(game, "buy Cid MSM", "3.1.3")


def test_buy_after_selling_the_same_company() -> None:
    """Amy sold GIP this round (3.1.9)."""
    game = play(upto(BIDS, "buy Amy BBCI"))
    refuse(game, "buy Amy GIP", "3.1.9")


def test_holding_limit() -> None:
    """4 players: at most 6 shares of a company (Table 3, 3.1.2). Amy claims six ECR (par 61,
    above 40): bond 120, 6 x 61 = 366, 570 - 120 - 366 = 84 left, enough for a seventh."""
    setup = (
        FOUR
        + "bond Amy 120\nbond Bob 80\nbond Cid 80\nbond Dee 80\n"
        + "".join(
            f"claim Amy {city} ECR\n"
            for city in ("Lahore", "Karachi", "Jaipur", "Ajmer", "Nagpur", "Hyderabad")
        )
        + "claim Bob Bombay GIP\nclaim Bob Allahabad GIP\nclaim Bob Trichinopoly GIP\n"
        + "claim Cid Madras MSM\nclaim Cid Patna EIR\nclaim Cid Waltair BNR\n"
        + "claim Dee Delhi EIR\nclaim Dee Lucknow EIR\nclaim Dee Hyderabad BNR\n"
        + "settle\n"
        + "expect Amy cash 84\nexpect priority Amy\n"
    )
    game = play(setup)
    refuse(game, "buy Amy ECR", "3.1.2")


def test_sale_in_the_round_the_director_is_appointed() -> None:
    """GIP's director Cid was appointed this stock round (3.1.8)."""
    game = play(upto(BIDS, "buy Cid EIR pool"))
    refuse(game, "sell Cid GIP 1", "3.1.8")


# ---- managers (3.4)


def test_manager_paying_a_dividend() -> None:
    game = play(upto(MANAGERS, "run NWR 40 mail 20"))
    refuse(game, "run NWR 40 full mail 20", "3.4.2")


def test_second_credit_train() -> None:
    game = play(upto(MANAGERS, "train NWR 2 credit") + "train NWR 2 credit\n")
    refuse(game, "train NWR 2 credit", "3.4.3")


def test_spending_with_a_credit_debt() -> None:
    """NWR owes 140 on its credit train: no other expense until it is paid (3.4.6)."""
    game = play(upto(MANAGERS, "done NWR"))
    refuse(game, "spend NWR 40 terrain", "3.4.6")


# ---- trains (4.8)

MAJOR_AND_MINOR = (
    THREE
    + "bond Amy 130\nbond Bob 90\nbond Cid 80\n"
    + "claim Amy Calcutta EIR\nclaim Bob Madras MSM\nclaim Cid Lucknow EIR\n"
    + "claim Amy Patna EIR\nclaim Bob Hyderabad MSM\nclaim Cid Ajmer EIR\n"
    + "claim Amy Delhi EIR\nclaim Bob Nagpur MSM\nclaim Cid Trichinopoly MSM\n"
    + "claim Amy Jaipur EIR\nclaim Bob Karachi MSM\nclaim Cid Lahore MSM\n"
    + "settle\npass Amy\npass Bob\npass Cid\n"
)
"""EIR (Amy 4, Cid 2) and MSM (Bob 4, Cid 2) float with the claims. Amy 730 - 130 - 400 = 200;
Bob 730 - 90 - 4 x 67 = 372; Cid 730 - 80 - 200 - 134 = 316. OR 1.1: EIR (1000), MSM (670),
a minor formed in SR1: seven 2/1M cards (2.8.4)."""


def test_major_buying_a_1m() -> None:
    game = play(MAJOR_AND_MINOR + "expect round OR\nexpect EIR cash 1000\n")
    refuse(game, "train EIR 1M", "4.8.18")


def test_a_3_before_any_2_is_sold() -> None:
    game = play(MAJOR_AND_MINOR)
    refuse(game, "train EIR 3", "4.8.3")


def test_a_3_before_the_seventh_2_is_sold() -> None:
    """A minor formed in SR1: seven 2/1M cards, all sold before the first 3 (2.8.4, 4.8.16).
    EIR buys four 2s (the fourth with 200 from Amy, 4.8.8), MSM two: six sold. MSM has 70 and
    Bob 372: the 3 (440) is affordable but not yet on sale."""
    setup = MAJOR_AND_MINOR + (
        "train EIR 2\ntrain EIR 2\ntrain EIR 2\ntrain EIR 2\n"
        "expect Amy cash 0\ndone EIR\n"
        "train MSM 2\ntrain MSM 2\nexpect MSM cash 70\n"
    )
    game = play(setup)
    message = refuse(game, "train MSM 3")
    assert "4.8.3" in message or "4.8.16" in message, message


def test_train_between_companies_below_10() -> None:
    game = play(upto(OPERATING, "train EIR 2 from GIP 100"))
    refuse(game, "train EIR 2 from GIP 5", "4.8.9")


def test_extra_2_1m_only_in_the_first_or() -> None:
    """OR 2.1: every 2/1M card is sold and extra cards were for OR 1.1 only (4.8.17)."""
    game = play(upto(MINORS, "train BBCI 2M"))
    refuse(game, "train BBCI 1M", "1M", "4.8")


def test_fee_only_for_a_major() -> None:
    """BBCI is a minor: it lays one tile a turn and has no two-tile option to pay for
    (4.1.2, 4.1.3)."""
    game = play(upto(MINORS, "train BBCI 1M"))
    message = refuse(game, "spend BBCI 20 fee", "minor")
    assert "4.1.2" in message or "4.1.3" in message, message


def test_no_bankruptcy_in_1853() -> None:
    game: Game = play(upto(BIDS, "sell Bob NWR 1"))
    refuse(game, "bankrupt Bob")


# ---- the extra operating round (4.9) and fulfil (4.3.2)

SR3_OPENS = upto(OPERATING, "extra") + (
    "done EIR\nrun GIP 45 full mail 10\ntrain GIP 2\ndone GIP\n"
)
"""The operating script without Dee's `extra` in OR 2.1: stock round 3 has just begun, Dee (the
Elephant's holder) to act first."""


def test_extra_at_the_start_of_the_next_stock_round() -> None:
    """Before anyone acts in the stock round, the Elephant's holder may still call the extra
    operating round of the set just ended (4.9; decisions)."""
    game = play(SR3_OPENS + "expect round SR\n")
    outcome = game.execute("extra")
    assert outcome.ok, outcome.message
    assert game.state_json()["round"]["kind"] == "OR"


def test_extra_after_a_pass_in_the_stock_round() -> None:
    game = play(SR3_OPENS + "pass Dee\n")
    refuse(game, "extra", "4.9")


def test_extra_after_a_redemption_in_the_stock_round() -> None:
    """Redeeming a share is acting in the stock round (2.7.4): too late for the extra OR."""
    game = play(SR3_OPENS + "redeemshare Dee GIP\n")
    refuse(game, "extra", "4.9")


def test_second_extra_in_a_set() -> None:
    game = play(upto(OPERATING, "done EIR", 2))
    refuse(game, "extra", "4.9")


def test_fulfil_reports_an_illegal_bid() -> None:
    """Bob's sealed city turns out to be Lucknow, a third Ganges-valley city (2.5.7): the bond
    comes back all the same and the log says the bid was illegal; the penalty is the table's
    (4.3.2)."""
    game = play(upto(BIDS, "fulfil Bob Karachi") + "expect Bob cash 63\n")
    outcome = game.execute("fulfil Bob Lucknow")
    assert outcome.ok, outcome.message
    cash = {player["name"]: player["cash"] for player in game.state_json()["players"]}
    assert cash["Bob"] == 63 + 220
    told = " ".join(str(getattr(event, "text", "")) for event in outcome.events)
    assert "2.5.7" in told, told


def test_holding_limit_bites_again_above_40() -> None:
    """Amy bought her seventh ECR at 10 (exempt, 3.1.2); ECR is at 76 now: no eighth."""
    setup = (SCRIPTS / "1853-market-floor.script").read_text(encoding="utf-8")
    game = play(setup + "pass Bob\npass Cid\npass Dee\nexpect Amy cash 139\n")
    refuse(game, "buy Amy ECR", "3.1.2")


# ---- operating: what the rules fix for spending, runs and trains


def test_director_who_cannot_top_up() -> None:
    """EIR has 10, a 2 costs 300, Bob has 63: the gift cannot make up the price (4.8.8)."""
    game = play(upto(BIDS, "done EIR"))
    refuse(game, "train EIR 2", "4.8.8")


def test_train_limit() -> None:
    """Phase 2: four trains at most (4.8.5, Table 6); EIR has 1000, Amy 200."""
    game = play(MAJOR_AND_MINOR + "train EIR 2\ntrain EIR 2\ntrain EIR 2\ntrain EIR 2\n")
    refuse(game, "train EIR 2", "4.8.5")


def test_done_before_the_run() -> None:
    """EIR owns trains: its run (the dividend step) comes before the end of its turn."""
    game = play(upto(OPERATING, "run EIR 280 full mail 40"))
    refuse(game, "done EIR", "run")


def test_first_extra_station_costs_40() -> None:
    game = play(upto(OPERATING, "spend EIR 40 token"))
    refuse(game, "spend EIR 100 token", "4.4.4")


def test_eir_fee_is_50() -> None:
    game = play(upto(OPERATING, "spend EIR 50 fee"))
    refuse(game, "spend EIR 20 fee", "4.1.3")


def test_frontier_out_of_range() -> None:
    game = play(upto(OPERATING, "frontier EIR 30"))
    refuse(game, "frontier EIR 250", "4.1.14")


def test_mail_above_the_revenue() -> None:
    game = play(upto(OPERATING, "run EIR 280 full mail 40"))
    refuse(game, "run EIR 100 full mail 150", "4.6.6")


def test_credit_train_for_a_company_with_a_director() -> None:
    game = play(upto(BIDS, "done EIR"))
    refuse(game, "train EIR 2 credit", "3.4.3")


def test_discard_within_the_limit() -> None:
    game = play(upto(BIDS, "done EIR"))
    refuse(game, "discard EIR 2", "4.8.6")


def test_elephant_sold_during_a_stock_round() -> None:
    game = play(upto(BIDS, "sell Bob NWR 1"))
    refuse(game, "elephant Bob Amy 10", "3.1.11")


def test_redeeming_outside_a_stock_round() -> None:
    game = play(upto(OPERATING, "done EIR"))
    refuse(game, "redeemshare Dee GIP", "2.7.4")


# ---- accepted where the rules allow


def test_unknown_city_is_accepted_as_a_20_city() -> None:
    """A city name the facts do not list (and not close to one) is accepted as a 20 city with a
    note; the share is Bob's at once."""
    game = play(CLAIMS3)
    outcome = game.execute("claim Bob Simla NWR")
    assert outcome.ok, outcome.message
    shares = {p["name"]: p["shares"] for p in game.state_json()["players"]}
    assert shares["Bob"] == {"NWR": 10}


def test_manager_is_the_previous_director() -> None:
    """SR4 of the managers script: Bo, director with 2 NWR, sells one; nobody holds two: the
    previous director, still a shareholder, manages NWR (3.4.1)."""
    setup = (SCRIPTS / MANAGERS).read_text(encoding="utf-8")
    game = play(setup + "pass Cat\npass Dan\npass Ann\nsell Bo NWR 1\n")
    nwr = next(c for c in game.state_json()["companies"] if c["id"] == "NWR")
    assert nwr["manager"] == "Bo"


def test_claim_after_passing() -> None:
    """Cid's pass said his bid was complete (2.5.4)."""
    bid = "claim Cid Bombay BBCI\nclaim Cid Ajmer BBCI\nclaim Cid Allahabad GIP\n"
    game = play(CLAIMS3 + bid + "claim Cid Nagpur GIP\npass Cid\n")
    refuse(game, "claim Cid Lahore NWR", "2.5.4")


def test_city_twice_in_one_bid() -> None:
    game = play(CLAIMS3 + "claim Bob Calcutta EIR\n")
    refuse(game, "claim Bob Calcutta EIR", "twice")


def test_new_director_who_cannot_pay_the_credit_train() -> None:
    """Managers script, SR3: Bo spends on GIP (90) and BNR (76) first, then becomes NWR's
    director with the pool share (71): 242 - 237 = 5 left against the 80 still owed, so the
    credit train goes back to the bank (4.8.10) and NWR keeps its two paid 2s."""
    turns = "pass Cat\npass Dan\npass Ann\n"
    setup = (
        upto(MANAGERS, "buy Bo NWR pool")
        + "buy Bo GIP\n"
        + turns
        + "buy Bo BNR\n"
        + turns
        + "buy Bo NWR pool\n"
        + "expect NWR president Bo\nexpect Bo cash 5\n"
    )
    game = play(setup)
    nwr = next(c for c in game.state_json()["companies"] if c["id"] == "NWR")
    assert nwr["trains"] == ["2", "2"]
    assert nwr["credit_debt"] == 0
    assert nwr["credit_train"] is None
