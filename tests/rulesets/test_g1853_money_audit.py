"""A third audit of 1853's money rules (the hand-worked scripts
``1853-sales-and-directors.script`` and ``1853-minor-trains-phase4.script`` hold the figures):
what those scripts show besides their ``expect`` lines, and the slips found on the way, each
with its rules fix.
"""

from __future__ import annotations

import pytest
from conftest import play, refuse
from test_g1853_fixes import play_at_level
from test_g1853_refusals import upto

from moderator.errors import Refusal
from moderator.events import Noted
from moderator.fixes import FIXES, RULES_LEVEL, fixes_between
from moderator.game import Game

MANAGERS = "1853-managers.script"
OPERATING = "1853-operating.script"
PHASE4 = "1853-minor-trains-phase4.script"
SALES = "1853-sales-and-directors.script"


def notes(game: Game) -> list[str]:
    """Every line the bank told the table."""
    return [e.text for entry in game.journal for e in entry.events if isinstance(e, Noted)]


# The operating script in SR 2: Cal bought, Dee (three GIP shares un-redeemed, 2.7.3) has
# passed; it is Ann's turn.  Dee is given £100 so that only the turn stands in his way.
DEE_PASSED = upto(OPERATING, "pass Ann", 3) + "adjust Dee 100 a test: Dee could pay\n"


def test_2_7_4_a_share_is_redeemed_on_the_holders_own_turn() -> None:
    """2.7.4 with 3.1.1: redemption is an activity of the stock round, whose turns are the
    players'; Dee, who has passed, may not redeem in Ann's turn (before: accepted)."""
    game = play(DEE_PASSED)
    assert game.state.current_player == "Ann"
    why = refuse(game, "redeemshare Dee GIP", "(2.7.4, 3.1.1)")
    assert why.startswith("it is Ann's turn in the stock round: Dee redeems")


def test_2_7_4_old_saves_keep_a_redemption_out_of_turn() -> None:
    """A game saved before rules fix ``1853-2.7.4-turn`` (level 9) replays as played: Dee's
    redemption in Ann's turn is accepted, the turn stays Ann's."""
    game = play_at_level(DEE_PASSED + "redeemshare Dee GIP\n", 8)
    assert game.state.current_player == "Ann"
    assert game.state.ledger.player("Dee").cash == 55  # 45 + 100 - 90


def test_the_redemption_fix_is_a_level_9_rules_fix_of_1853() -> None:
    fix = FIXES["1853-2.7.4-turn"]
    assert (fix.title, fix.level, fix.rule) == ("1853", 9, "2.7.4")
    assert fix in fixes_between("1853", 8)


def test_4_8_18_the_first_4_leaves_each_minor_its_other_trains() -> None:
    """4.8.18 c, 4.10.4: the first 4 makes every 1M and 2 obsolete; the 2M stays (it goes at
    the first 5); ECR, which bought the 4, holds three trains, the new limit."""
    game = play(upto(PHASE4, "run BBCI 60 full"))
    trains = {
        cid: [t.name for t in game.state.company(cid).trains]
        for cid in ("BBCI", "MSM", "SIR", "ECR")
    }
    assert trains == {"BBCI": ["2M"], "MSM": ["3"], "SIR": ["3", "3"], "ECR": ["3", "3", "4"]}
    offer = {t["train"] for t in game.state_json()["depot"]}
    assert {"4", "2M", "3M"} <= offer and not offer & {"2", "1M", "3"}


def test_4_8_5_a_company_at_the_limit_may_not_buy_the_first_4() -> None:
    """4.8.5: MSM holds four trains, the limit of phase 3, so it may not buy the first 4
    even though the 4 would make three of them obsolete."""
    game = play(upto(PHASE4, "expect MSM cash 940"))
    assert game.state.operating == "MSM"
    refuse(game, "train MSM 4", "4.8.5")


def test_3_2_3_a_buyer_who_only_equals_the_director_does_not_take_over() -> None:
    """3.2.3: Cal's third GIP share equals Ben's three: Ben stays; Ben then sells one and
    Cal, holding more, takes the director's certificate at once."""
    game = play(upto(SALES, "buy Cal GIP pool") + "buy Cal GIP pool\n")
    assert game.state.company("GIP").president() == "Ben"
    later = play(upto(SALES, "buy Ben EIR pool"))
    assert later.state.company("GIP").president() == "Cal"


@pytest.mark.parametrize(
    ("n", "cash", "qualifying", "holding"),
    [(3, 730, 6, 6), (4, 570, 5, 6), (5, 570, 5, 5), (6, 510, 4, 4)],
)
@pytest.mark.parametrize("short", [False, True])
def test_table_3_and_2_4_for_every_player_count(
    n: int, cash: int, qualifying: int, holding: int, short: bool
) -> None:
    """Table 3 (2.3): the starting cash, the qualifying number and the holding limit of each
    player count; the bank is £15,000 (2.1), or £7,760 in the shortened game (2.4), less
    what the players are given; the least bond is £80 whatever the count (the reading in
    docs/titles/1853.md)."""
    names = ["Ann", "Ben", "Cal", "Dee", "Eve", "Fay"][:n]
    game = Game.new("1853", [*names, *(["short"] if short else [])])
    state = game.state_json()
    assert {p["name"]: p["cash"] for p in state["players"]} == dict.fromkeys(names, cash)
    assert state["bank"]["cash"] == (7_760 if short else 15_000) - n * cash
    assert (state["qualifying"], state["holding_limit"], state["short"]) == (
        qualifying,
        holding,
        short,
    )
    refuse(game, "bond Ann 79", "at least £80")


@pytest.mark.parametrize("n", [2, 7])
def test_1853_is_for_three_to_six_players(n: int) -> None:
    names = ["Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus"][:n]
    with pytest.raises(Refusal, match="1853 is for 3 to 6 players"):
        Game.new("1853", names)


EQUAL_PARS = """\
game 1853 Hal Ivy Jon
setpar GIP 100
bond Hal 170
bond Ivy 80
bond Jon 80
claim Hal Calcutta EIR
claim Ivy Nagpur BNR
claim Jon Lucknow NWR
claim Hal Delhi GIP
claim Ivy Hyderabad BNR
claim Jon Benares NWR
claim Hal Patna EIR
claim Ivy Ajmer BNR
claim Jon Karachi NWR
claim Hal Lahore GIP
claim Ivy Jaipur BNR
claim Jon Hyderabad NWR
pass Ivy
pass Jon
claim Hal Karachi EIR
claim Hal Jaipur GIP
pass Hal
settle
"""


def test_2_7_3_between_equal_pars_the_later_companys_share_is_un_redeemed() -> None:
    """2.7.3 names only "the cheapest": with EIR and GIP both at 100, Hal (560 after a bond
    of 170) cannot pay for six shares (600); one is left un-redeemed, GIP's, the later
    company (the reading in docs/titles/1853.md); he pays 500."""
    game = play(EQUAL_PARS)
    hal = next(p for p in game.state_json()["players"] if p["name"] == "Hal")
    assert hal["unredeemed"] == {"GIP": 1}
    assert hal["cash"] == 60


def takeover_after_the_train_went(level: int) -> Game:
    """The managers script to SR 3: NWR (a manager's) owes 80 on its credit 2, 220 paid;
    that 2 has gone back to the bank, obsolete (4.8.4: the state the first 4 leaves, made
    here by hand); then Bo buys the pool share and becomes NWR's director (3.4.1)."""
    game = play_at_level(upto(MANAGERS, "buy Bo NWR pool"), level)
    state = game.state
    nwr = state.company("NWR")
    serial = state.extra["credit"]["NWR"]["serial"]
    nwr.trains = [t for t in nwr.trains if t.serial != serial]
    game.ruleset.phase_started(state, "4")
    outcome = game.execute("buy Bo NWR pool")
    assert outcome.ok, outcome.message
    return game


def test_4_8_10_a_credit_train_already_gone_is_not_offered_to_the_new_director() -> None:
    """4.8.10 asks a new director to buy or return a train the company is buying on credit;
    once that train has gone back to the bank (4.8.4) there is nothing to buy or return: the
    80 owed is cancelled at once, nothing refunded, and the round goes on (before: Bo was
    asked, and `credit NWR pay` had him pay 80 for the train gone)."""
    game = takeover_after_the_train_went(RULES_LEVEL)
    nwr = game.state.company("NWR")
    assert (nwr.cash, nwr.debt, nwr.president()) == (0, 0, "Bo")
    assert game.state_json()["credit_choice"] is None
    said = notes(game)
    assert said[-2].startswith("Bo takes over NWR, whose credit train has already gone back")
    assert "the £80 still owed is cancelled (4.8.10, 4.8.4)" in said[-2]
    # (a refusal rebuilds the state from the journal, which has not the hand-made phase
    # change: only the message is checked)
    outcome = game.execute("credit NWR pay")
    assert not outcome.ok and "no credit train is waiting" in outcome.message


def test_4_8_10_old_saves_still_ask_the_new_director() -> None:
    """A game saved before rules fix ``1853-4.8.10-gone`` (level 9) replays as played: Bo is
    asked, and may pay the 80 for the train gone."""
    game = takeover_after_the_train_went(8)
    assert game.state_json()["credit_choice"] == {"corp": "NWR", "director": "Bo", "owed": 80}
    outcome = game.execute("credit NWR pay")
    assert outcome.ok, outcome.message
    assert game.state.company("NWR").debt == 0


def test_the_credit_train_fix_is_a_level_9_rules_fix_of_1853() -> None:
    fix = FIXES["1853-4.8.10-gone"]
    assert (fix.title, fix.level, fix.rule) == ("1853", 9, "4.8.10")
    assert fix in fixes_between("1853", 8)
