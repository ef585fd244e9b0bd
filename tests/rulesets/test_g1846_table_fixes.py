"""1846 fixes found at a real table (issue 6): points 8, 12 (events), 15, 18, 19, 21, 22, 23.

Each test plays a banker script through the same path the screen and ``play`` use
(:meth:`Game.execute`), and names the rule it checks.
"""

from __future__ import annotations

from typing import ClassVar

from conftest import refuse
from g1846_helpers import (
    BARE3,
    PRIVATES3,
    THREE_CORPS,
    TRAINED,
    cash,
    data,
    game,
    pool,
    president,
    price,
    step,
    trains,
    turn,
)
from test_g1846_forced_purchase import BANKRUPT, RECEIVERSHIP, broke
from test_g1846_trains import PHASE_III

from moderator import commands as c
from moderator.events import (
    CashMoved,
    CompanyClosed,
    Noted,
    Passed,
    PhaseChanged,
    RoundStarted,
    TrainMoved,
    TurnStarted,
)
from moderator.game import Game
from rulesets.base import Ruleset
from rulesets.g1846 import G1846
from tests.core.test_rules_level_4 import _play


def last_events(g: Game) -> tuple:
    """The events of the last journaled command."""
    return g.journal[-1].events


# ================================================================= point 8: adjust
def test_adjust_the_bank_cannot_pay_is_refused_and_breaks_nothing() -> None:
    g = game(THREE_CORPS)
    bank = cash(g, "bank")
    message = refuse(g, "adjust Amy 999999 typo", "the bank holds only", "$999,999", "Amy")
    assert f"${bank:,}" in message and "refused" in message
    assert not data(g)["bank"]["broken"] and not data(g)["ended"]


def test_adjust_never_dips_into_what_was_put_aside() -> None:
    g = game(THREE_CORPS)
    bank = cash(g, "bank")
    assert data(g)["bank"]["reserve"] > 0
    refuse(g, f"adjust IC {bank + 1} typo", "cannot pay")
    step(g, "adjust IC 100 a missed payment")
    assert not data(g)["bank"]["broken"]


def test_adjust_taking_more_than_a_player_or_company_has_is_refused() -> None:
    g = game(THREE_CORPS)
    refuse(g, "adjust Amy -201 typo", "Amy has only $200", "$201")
    refuse(g, "adjust NYC -999999 typo", "NYC has only $200", "$999,999")
    step(g, "adjust Amy -200 all of it")
    assert cash(g, "Amy") == 0


# ================================================================= point 15: spend 0
def test_spend_of_0_is_refused_by_the_rules_as_by_the_script_language() -> None:
    g = game(THREE_CORPS)
    assert turn(g) == "NYC"
    refuse(g, "spend NYC 0", "at least 1")  # the parser's refusal
    before = data(g)
    outcome = g.execute(c.Spend(company="NYC", amount=0))  # what a dialog would build
    assert not outcome.ok
    assert "changes nothing" in outcome.message and "6.4" in outcome.message
    assert data(g) == before and not g.journal[-1].line.startswith("spend")
    assert g.try_command(c.Spend(company="NYC", amount=0, purpose="tile")) is not None
    step(g, "spend NYC 20 tile")


# ================================================================= point 18: payout options
def test_payout_options_of_a_corporation_are_full_half_withhold() -> None:
    g = game(PRIVATES3 + "par Amy NYC 100\npar Bob GT 100\npar Cat IC 100\n")
    assert g.ruleset.payout_options(g.state, "NYC") == ("full", "half", "withhold")
    assert g.ruleset.payout_options(g.state, "gt") == ("full", "half", "withhold")


def test_payout_options_of_an_independent_railroad_is_the_split_only_6_72() -> None:
    g = game(PRIVATES3 + "par Amy NYC 100\npar Bob GT 100\npar Cat IC 100\n")
    assert turn(g) == "MS"
    assert g.ruleset.payout_options(g.state, "MS") == ("split",)
    assert g.ruleset.payout_options(g.state, "BIG4") == ("split",)
    refuse(g, "run MS 40 half", "6.72")
    refuse(g, "run MS 40 withhold", "6.72")
    step(g, "run MS 40")  # the split is written without an option (the contract)
    assert cash(g, "MS") == 60 + 20


def test_payout_options_in_receivership_is_withhold_only_7_14() -> None:
    g = game(RECEIVERSHIP)
    assert president(g, "NYC") == "pool"
    assert g.ruleset.payout_options(g.state, "NYC") == ("withhold",)
    g = game(BANKRUPT + "bankrupt Amy\ndone NYC\nrun GT 0\nrun IC 0\ndone IC\n")
    assert turn(g) == "NYC"
    for option in ("full", "half"):
        refuse(g, f"run NYC 100 {option}", "7.14")
    step(g, "run NYC 100 withhold")


def test_payout_options_default_follows_what_the_title_allows() -> None:
    class FullOrWithhold(Ruleset):
        payout_kinds: ClassVar[tuple[str, ...]] = ("withhold", "full")

    g = game(THREE_CORPS)
    assert Ruleset().payout_options(g.state, "NYC") == ("full", "half", "withhold")
    assert FullOrWithhold().payout_options(g.state, "NYC") == ("full", "withhold")


# ================================================================= point 19: the end
def break_the_bank(g: Game) -> None:
    """OR 1.1 of TRAINED: NYC withholds $100 more than the bank holds; GT and IC run $0."""
    step(g, f"run NYC {cash(g, 'bank') // 10 * 10 + 100} withhold\nrun GT 0\nrun IC 0\ndone IC")


def test_end_reason_and_ranking_are_null_while_the_game_goes_on() -> None:
    g = game(TRAINED)
    assert data(g)["end_reason"] is None and data(g)["ranking"] is None
    assert data(g)["bank"]["note"] is None


def test_ranking_ties_share_a_place_and_the_next_place_counts_them_10_4() -> None:
    g = game(TRAINED + "adjust Cat -10 test: Cat scores $10 less\n")
    break_the_bank(g)
    d = data(g)
    assert d["ended"]
    assert "10.1" in d["end_reason"] and "bank broke" in d["end_reason"]
    assert d["result"] == {"Amy": 360, "Bob": 360, "Cat": 350}
    assert d["ranking"] == [
        {"place": 1, "players": ["Amy", "Bob"], "score": 360, "bankrupt": False},
        {"place": 3, "players": ["Cat"], "score": 350, "bankrupt": False},
    ]


def test_ranking_all_tied_is_one_place() -> None:
    g = game(TRAINED)
    break_the_bank(g)
    assert data(g)["ranking"] == [
        {"place": 1, "players": ["Amy", "Bob", "Cat"], "score": 360, "bankrupt": False}
    ]


def test_end_by_bankruptcy_names_10_2_and_ranks_the_bankrupt_last() -> None:
    from test_g1846_forced_purchase import NEW_PRESIDENT

    g = game(NEW_PRESIDENT + "bankrupt Amy\nadjust Bob -315 test: Bob's money leaves the table\n")
    step(g, "bankrupt Bob")
    d = data(g)
    assert d["ended"] and "bankruptcy (10.2)" in d["end_reason"] and "Cat" in d["end_reason"]
    assert d["ranking"] == [
        {"place": 1, "players": ["Cat"], "score": 400, "bankrupt": False},
        {"place": 2, "players": ["Amy", "Bob"], "score": 0, "bankrupt": True},
    ]
    refuse(g, "pass Cat", "10.2", d["end_reason"])


def test_a_broken_bank_with_the_reserve_added_says_so_10_1() -> None:
    g = game(TRAINED)
    bank = cash(g, "bank")
    step(g, f"run NYC {bank // 10 * 10 + 100} withhold")
    b = data(g)["bank"]
    assert b["broken"] and b["cash"] > 0
    assert b["ran_out_at"] == bank - (bank // 10 * 10 + 100) <= 0
    assert b["reserve_added"] == 5500 and b["reserve"] == 0
    assert b["cash"] == b["ran_out_at"] + 5500
    assert "broke" in b["note"] and "$5,500 put aside" in b["note"] and "10.1" in b["note"]
    assert f"${b['cash']:,} is left" in b["note"]


def test_a_broken_bank_overdrawn_shows_a_negative_figure_and_says_so() -> None:
    g = game(TRAINED)
    bank = cash(g, "bank")
    step(g, f"run NYC {bank // 10 * 10 + 6000} withhold")
    b = data(g)["bank"]
    assert b["broken"] and b["cash"] < 0  # the bank paid past what it had, reserve included
    assert b["cash"] == g.state.ledger.bank
    assert "more than it holds" in b["note"]
    assert data(g)["total_cash"] == data(g)["starting_total"]


# ================================================================= point 21: 5.11 after a sale
STUCK_AFTER_SALE = (
    BARE3
    + """\
par Amy NYC 100
par Bob GT 60
par Cat IC 100
buy Amy GT
pass Bob
pass Cat
pass Amy
run GT 0
train GT 2
done GT
run NYC 0
train NYC 2
done NYC
run IC 0
train IC 2
done IC
run NYC 0
run IC 0
run GT 0
done GT
adjust Amy -140 test: Amy's cash leaves the table
pass Bob
pass Cat
"""
)
"""SR2, Bob and Cat have passed; Amy ($0) holds NYC's president's certificate (no one else
holds NYC) and 10% of GT at $40.  NYC and IC are at $80, BO and C&O need $80 to launch."""


def test_5_11_after_a_sale_with_nothing_left_to_do_the_turn_ends_by_itself() -> None:
    g = game(STUCK_AFTER_SALE)
    assert turn(g) == "Amy" and g.state.consecutive_passes == 2
    step(g, "sell Amy GT 1")
    assert cash(g, "Amy") == 40  # cannot buy GT again (5.38), nor anything at $80
    events = last_events(g)
    notes = [e.text for e in events if isinstance(e, Noted)]
    assert notes == ["Amy can neither buy nor sell more: the turn ends (5.11)"]
    assert isinstance(events[-1], TurnStarted) and events[-1].who == "Bob"
    assert not any(isinstance(e, Passed) for e in events)
    # a turn with a sale is no pass: two passes before it did not end the round (5.13)
    assert data(g)["round"]["kind"] == "SR" and turn(g) == "Bob"
    assert g.state.consecutive_passes == 0


def test_5_11_a_later_pass_for_the_ended_turn_is_accepted_and_changes_nothing() -> None:
    g = game(STUCK_AFTER_SALE + "sell Amy GT 1\n")
    before = data(g)
    step(g, "pass Amy")
    assert data(g) == before and last_events(g) == ()
    step(g, "pass Bob\npass Cat")  # Amy, still stuck, is passed: the round ends
    assert data(g)["round"]["kind"] == "OR"


def test_5_11_the_turn_stays_open_while_a_purchase_is_possible() -> None:
    g = game(STUCK_AFTER_SALE + "adjust Amy 40 test: Amy can afford $80 after the sale\n")
    step(g, "sell Amy GT 1")
    assert turn(g) == "Amy"  # she may still buy (5.11 B)
    step(g, "buy Amy IC")
    assert turn(g) == "Bob"


# ============================================ contract: `pass` after an auto pass
def test_pass_for_a_player_the_tool_passed_mid_round_changes_nothing() -> None:
    g = game(PRIVATES3 + "par Amy NYC 100\npar Bob GT 70\npass Cat\n")
    assert any(isinstance(e, Passed) and e.auto and e.player == "Amy" for e in last_events(g))
    assert turn(g) == "Bob"
    before = data(g)
    step(g, "pass Amy")
    assert data(g) == before and last_events(g) == ()


def test_pass_for_a_player_whose_automatic_pass_ended_the_stock_round() -> None:
    g = game(PRIVATES3 + "par Amy NYC 100\npar Bob GT 100\npar Cat IC 100\n")
    events = last_events(g)
    assert any(isinstance(e, Passed) and e.auto for e in events)
    assert any(isinstance(e, RoundStarted) and e.round_kind == "OR" for e in events)
    before = data(g)
    step(g, "pass Amy\npass Bob")  # the table still says the passes aloud
    assert data(g) == before
    step(g, "run MS 0")


# ================================================================= point 22: 6.86 / 6.89
CLOSE_ON_FULL_ISSUE = (
    BARE3
    + """\
par Amy NYC 40
buy Bob NYC
buy Cat NYC
pass Amy
buy Bob NYC
buy Cat NYC
pass Amy
pass Bob
pass Cat
spend NYC 240
run NYC 0
adjust Amy -320 test: Amy's money leaves the table
"""
)
"""OR 1.1: NYC ($30, no cash, no train) may issue four shares (six held by players, 6.31).
One brings $10 (price $20), two bring $0 each, three or four take the price to $0 and
close NYC.  Amy (20%, $0) cannot sell without handing NYC to Bob (6.88)."""


def test_6_89_bankruptcy_issues_the_bundle_that_brings_most_not_the_full_limit() -> None:
    """A game saved before rules level 9 (today `bankrupt` issues the three shares that
    close NYC and Amy is not bankrupt: tests/rulesets/test_g1846_bankrupt_closing_issue.py)."""
    g = _play(CLOSE_ON_FULL_ISSUE, 8)
    assert price(g, "NYC") == 30 and cash(g, "NYC") == 0 and cash(g, "Amy") == 0
    step(g, "bankrupt Amy")
    nyc = next(co for co in data(g)["companies"] if co["id"] == "NYC")
    assert not nyc["closed"]  # the full limit of four would have closed NYC at $0 (6.86, 8)
    # one share issued at $10 (price $30 -> $20), then Amy's 20% sold at $20 for NYC (7.11)
    assert cash(g, "NYC") == 10 + 40
    assert price(g, "NYC") == 20  # 7.11 moves no price
    assert president(g, "NYC") == "Bob" and pool(g, "NYC") == 10 + 20
    assert data(g)["players"][0]["bankrupt"]
    notes = [e.text for e in last_events(g) if isinstance(e, Noted)]
    assert notes[0].startswith("Amy is bankrupt (6.89)") and "$10" in notes[0]
    assert notes[-1] == "Bob, NYC's new president, must buy its train now (6.89, 7.11)"
    # the new president buys the train at once (6.89), paying the $30 NYC lacks (6.86)
    assert turn(g) == "NYC"
    step(g, "train NYC 2")
    assert trains(g, "NYC") == ["2"] and cash(g, "Bob") == 400 - 80 - 30


def test_6_86_best_emergency_issue_never_reaches_0() -> None:
    g = game(CLOSE_ON_FULL_ISSUE)
    nyc = g.state.company("NYC")
    assert g.ruleset.issue_limit(g.state, nyc) == 4
    assert isinstance(g.ruleset, G1846)
    assert g.ruleset.best_emergency_issue(g.state, nyc) == (1, 10)
    g = game(broke(500))  # NYC at $80: 1 share $60, 2 x $50, 3 x $40, 4 x $30 = $120
    assert g.ruleset.best_emergency_issue(g.state, g.state.company("NYC")) == (3, 120)


def test_6_89_a_bankruptcy_the_best_issue_avoids_is_refused() -> None:
    g = game(CLOSE_ON_FULL_ISSUE.replace("adjust Amy -320", "adjust Amy -250"))
    assert cash(g, "Amy") == 70  # $10 from one share + $70 = the $80 2-train
    refuse(g, "bankrupt Amy", "can still raise $80", "6.86")


# ================================================================= point 23: the next OR
NEXT_OR = (
    PRIVATES3
    + """\
par Amy NYC 100
par Bob GT 100
par Cat IC 100
run MS 0
run BIG4 0
run NYC 0
train NYC 2
run GT 0
train GT 2
run IC 0
"""
)
"""OR 1.1 (everyone stuck in SR1): MS, BIG4, NYC, GT and IC have run; IC, the last to
operate, has no train yet.  Michigan Southern opens OR 1.2."""


def test_a_command_for_the_next_or_ends_the_last_turn_and_the_round() -> None:
    g = game(NEXT_OR + "train IC 2\n")
    bob = cash(g, "Bob")
    step(g, "spend MS 20 tile")
    assert data(g)["round"] == {"kind": "OR", "number": 1, "or": 2, "setup": False}
    assert turn(g) == "MS" and cash(g, "MS") == 40
    assert cash(g, "Bob") == bob + 10 + 15  # CWI and LSL income, as usual (6.1 A)
    events = last_events(g)
    assert isinstance(events[0], RoundStarted) and events[0].or_number == 2
    assert [e.reason for e in events if isinstance(e, CashMoved) and e.target == "Bob"] == [
        "CWI income (6.1 A)",
        "LSL income (6.1 A)",
    ]
    assert g.state.company("IC").operated


def test_a_command_for_the_next_or_never_passes_a_compulsory_step() -> None:
    g = game(NEXT_OR)
    refuse(g, "spend MS 20 tile", "IC has no train", "6.86")  # forced purchase pending
    g = game(NEXT_OR.replace("run IC 0\n", "done GT\n"))
    assert turn(g) == "IC"
    refuse(g, "spend MS 20 tile", "IC has not run", "6.2 D")  # dividend step pending


def test_a_command_for_a_later_company_of_the_next_or_stops_at_its_predecessors() -> None:
    g = game(NEXT_OR + "train IC 2\n")
    refuse(g, "run NYC 0", "MS has not run", "6.2 D")
    refuse(g, "run BIG4 0", "MS has not run", "6.2 D")
    step(g, "run MS 0\nrun BIG4 0")
    assert turn(g) == "BIG4"


def test_after_the_last_or_of_a_set_a_company_command_is_refused() -> None:
    g = game(NEXT_OR + "train IC 2\ndone IC\nrun MS 0\nrun BIG4 0\nrun NYC 0\nrun GT 0\n")
    step(g, "run IC 0")
    assert data(g)["round"]["or"] == 2 and turn(g) == "IC"
    refuse(g, "spend MS 20 tile", "stock round comes next", "(4)")
    refuse(g, "run NYC 0", "stock round comes next")


def test_after_the_last_or_of_a_set_a_stock_command_ends_the_round_and_applies() -> None:
    g = game(TRAINED + "run NYC 80\nrun GT 80\nrun IC 80\n")
    assert data(g)["round"]["or"] == 2 and turn(g) == "IC"
    step(g, "buy Amy NYC")
    assert data(g)["round"]["kind"] == "SR" and data(g)["round"]["number"] == 2
    assert pool(g, "NYC") == 0 and turn(g) == "Bob"
    assert g.state.company("NYC").holder_percent("Amy") == 30


def test_a_pass_after_the_last_or_when_the_stock_round_passes_everyone() -> None:
    g = game(NEXT_OR + "train IC 2\ndone IC\nrun MS 0\nrun BIG4 0\nrun NYC 0\nrun GT 0\n")
    step(g, "run IC 0")
    refuse(g, "buy Amy NYC", "ended at once", "5.13")  # nobody can act in SR2
    step(g, "pass Amy")  # the table says its pass: the tool passed everyone in SR2
    assert data(g)["round"] == {"kind": "OR", "number": 2, "or": 1, "setup": False}
    assert turn(g) == "MS"
    step(g, "pass Bob\nrun MS 0")


# ============================================ point 12: events a banker acts on
def test_forced_purchase_events_say_who_pays_what_toward_which_train_6_86() -> None:
    g = game(broke(500) + "issue NYC 3\nsell Amy NYC 1\n")
    assert cash(g, "NYC") == 150 and cash(g, "Amy") == 50
    step(g, "train NYC 4")
    reasons = [(e.source, e.amount, e.reason) for e in last_events(g) if isinstance(e, CashMoved)]
    assert reasons == [
        ("NYC", 150, "NYC pays all its $150 toward its 4-train (6.86)"),
        ("Amy", 30, "Amy pays $30 toward NYC's 4-train (6.86)"),
    ]


def test_phase_change_events_name_what_closes_phases_out_and_rusts_9() -> None:
    g = game(PHASE_III)
    events = last_events(g)
    phase = next(e for e in events if isinstance(e, PhaseChanged))
    assert phase.before == "II" and phase.after == "III"
    for words in (
        "GT bought the first 4/6-train",
        "train limit 3",
        "2-trains are phased out",
        "private companies close",
        "9",
    ):
        assert words in phase.reason
    closed = {e.company: e.reason for e in events if isinstance(e, CompanyClosed)}
    assert closed and all("phase III (9)" in r for r in closed.values())
    phased = [e for e in events if isinstance(e, TrainMoved) and "phased out" in e.reason]
    assert phased and all("phase III" in e.reason and "6.69" in e.reason for e in phased)


def test_rusted_trains_go_to_the_scrap_heap_with_their_reason_9() -> None:
    g = game(TRAINED)
    state = g.state.clone()
    assert isinstance(g.ruleset, G1846)
    g.ruleset._set_phase(state, "IV", "test")
    rusted = [
        e
        for e in state.ledger.events
        if isinstance(e, TrainMoved) and e.target == "scrap" and e.source in ("NYC", "GT", "IC")
    ]
    assert len(rusted) == 5 and {e.reason for e in rusted} == {"rusts (phase IV, 9)"}
    phase = next(e for e in state.ledger.events if isinstance(e, PhaseChanged))
    assert "2-trains rust" in phase.reason and "4, 3/5-trains are phased out" in phase.reason


def test_automatic_actions_name_their_rule() -> None:
    g = game(PRIVATES3 + "par Amy NYC 100\npar Bob GT 70\npass Cat\n")
    auto = next(e for e in last_events(g) if isinstance(e, Passed) and e.auto)
    assert auto.auto and auto.reason == "no legal sale or purchase (5.11)"
    g = game(BANKRUPT + "bankrupt Amy\n")
    bought = next(e for e in last_events(g) if isinstance(e, TrainMoved) and e.target == "NYC")
    assert "receivership" in bought.reason and "7.14" in bought.reason
    paid = next(
        e
        for e in last_events(g)
        if isinstance(e, CashMoved) and e.reason.startswith("NYC in receivership")
    )
    assert paid.amount == 160
    g = game(TRAINED)
    step(g, f"run NYC {cash(g, 'bank') // 10 * 10 + 100} withhold")
    note = next(e.text for e in last_events(g) if isinstance(e, Noted))
    assert note.startswith("The bank has broken (10.1)") and "$5,500 put aside" in note
