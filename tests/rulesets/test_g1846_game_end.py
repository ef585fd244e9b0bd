"""1846 game end and final score (10.1-10.3)."""

from __future__ import annotations

from conftest import refuse
from g1846_helpers import PRIVATES3, THREE_CORPS, TRAINED, cash, data, game, step
from test_g1846_forced_purchase import BANKRUPT


def test_10_1_bank_breaks_reserve_comes_back_game_ends_after_the_set() -> None:
    g = game(TRAINED)
    bank = cash(g, "bank")
    step(g, f"run NYC {bank // 10 * 10 + 100} withhold")
    assert data(g)["bank"]["broken"]
    assert data(g)["bank"]["reserve"] == 0
    assert cash(g, "bank") == bank + 5500 - (bank // 10 * 10 + 100)
    assert not data(g)["ended"]
    step(g, "run GT 0\nrun IC 0\ndone IC")  # the last OR of the set
    assert data(g)["ended"]
    result = data(g)["result"]
    assert set(result) == {"Amy", "Bob", "Cat"}
    assert result["Amy"] == cash(g, "Amy") + 2 * 80  # NYC's 20% at $80


def test_10_1_bank_breaking_in_the_first_or_plays_the_second() -> None:
    g = game(THREE_CORPS + "run NYC 0\ntrain NYC 2\ndone NYC\nrun GT 0\ntrain GT 2\n")
    step(g, "run IC 0\ntrain IC 2\nadjust IC 5000 test: a huge treasury\ndone IC")
    assert data(g)["round"]["or"] == 2
    step(g, "run NYC 6000 withhold")
    assert data(g)["bank"]["broken"] and not data(g)["ended"]
    step(g, "run GT 0\nrun IC 0\ndone IC")
    assert data(g)["ended"]


def test_10_1_commands_after_the_end_are_refused() -> None:
    g = game(TRAINED + "run NYC 9000 withhold\nrun GT 0\nrun IC 0\ndone IC\n")
    assert data(g)["ended"]
    refuse(g, "pass Amy", "10.1")
    refuse(g, "adjust Amy 10 late", "10.1")
    step(g, "note the game is over\nexpect Amy cash 200")


def test_10_3_final_score_counts_privates_at_list_price_before_phase_iii() -> None:
    g = game(PRIVATES3 + "par Amy NYC 100\npass Bob\npass Cat\npass Amy\n")
    values = {p["name"]: p["value"] for p in data(g)["players"]}
    assert values["Amy"] == 60 + 200 + 60  # cash, NYC 20% at $100, MS at its $60 list price
    assert values["Bob"] == 220 + 25 + 60 + 40 + 80  # CWI, LSL, MAIL; debt ignored
    assert values["Cat"] == 240 + 15 + 40 + 60


def test_10_3_no_private_value_from_phase_iii() -> None:
    from test_g1846_trains import PHASE_III

    g = game(PHASE_III + "discard IC 3/5\n")
    amy = data(g)["players"][0]
    assert amy["privates"] == []
    assert amy["value"] == amy["cash"] + 2 * 70


def test_10_2_bankrupt_player_scores_nothing_and_the_game_goes_on() -> None:
    g = game(BANKRUPT + "bankrupt Amy\n")
    assert not data(g)["ended"]
    assert data(g)["players"][0]["value"] == 0


def test_10_2_the_game_ends_at_once_when_all_but_one_player_are_bankrupt() -> None:
    from test_g1846_forced_purchase import NEW_PRESIDENT

    g = game(NEW_PRESIDENT + "bankrupt Amy\nadjust Bob -315 test: Bob's money leaves the table\n")
    refuse(g, "train NYC 2", "6.89")  # NYC $60, Bob $5 of the $20 needed
    step(g, "bankrupt Bob")
    assert data(g)["ended"]
    # Bob's $5 and his certificate ($20) went to NYC, which closed at $0 (its cash to the bank)
    assert data(g)["result"] == {"Amy": 0, "Bob": 0, "Cat": 400}
    assert data(g)["round"]["or"] == 1  # no more operating rounds: the end is immediate
    refuse(g, "done NYC", "10.2")
    refuse(g, "pass Cat", "10.2")
    step(g, "expect Cat value 400")


BROKE_IN_SR = (
    TRAINED
    + """\
run NYC 80
run GT 80
"""
)
"""OR 1.2 of :data:`TRAINED` up to IC's run; the test withholds all but $50 of the bank."""


def test_10_1_bank_breaks_in_a_stock_round_the_set_is_still_played() -> None:
    g = game(BROKE_IN_SR)
    keep = 50
    step(g, f"run IC {cash(g, 'bank') - keep} withhold\ndone IC")
    assert data(g)["round"]["kind"] == "SR" and cash(g, "bank") == keep
    step(g, "pass Amy\nbuy Bob NYC\npass Cat\npass Amy")
    assert not data(g)["bank"]["broken"]
    step(g, "sell Bob NYC 1")  # $90 from a bank holding $50: it breaks (10.1)
    assert data(g)["bank"]["broken"] and data(g)["bank"]["reserve"] == 0
    assert cash(g, "Bob") == 216 - 90 + 90
    step(g, f"expect bank cash {keep - 90 + 5500}")  # the $500s put away come back (2.2)
    step(g, "pass Bob\npass Cat\npass Amy\npass Bob")  # a turn with a sale is no pass
    assert data(g)["round"] == {"kind": "OR", "number": 2, "or": 1, "setup": False}
    order = data(g)["operating_order"]
    for cid in order:  # both operating rounds of the set are played (10.1)
        step(g, f"run {cid} 0\ndone {cid}")
    assert data(g)["round"]["or"] == 2 and not data(g)["ended"]
    *first, last = data(g)["operating_order"]
    for cid in first:
        step(g, f"run {cid} 0\ndone {cid}")
    step(g, f"run {last} 0")
    refuse(g, "pass Amy", "none follows", "10.1")  # no stock round after a broken bank
    step(g, f"done {last}")
    assert data(g)["ended"]
    result = data(g)["result"]
    assert result == {p["name"]: p["value"] for p in data(g)["players"]}
    assert result["Bob"] == cash(g, "Bob") + 2 * g.state.price("GT")


# ----------------------------------------------------------------- every corporation closed
def test_the_game_ends_when_every_corporation_has_closed() -> None:
    # The rules are silent (docs/titles/1846.md): with no corporation left nothing can move
    # money again, so the operating round in which the last one closed ends the game, scored
    # by 10.3.  The recorded 18xx.games game ends so: IC, the last, runs to $0 (8).
    from conftest import SCRIPTS

    text = (SCRIPTS / "1846-recorded-all-closed.script").read_text(encoding="utf-8")
    g = game(text)
    assert data(g)["ended"] and "every corporation has closed" in data(g)["end_reason"]
    assert data(g)["result"] == {"One": 6, "Two": 103, "Three": 13, "Four": 64, "Five": 18}
    refuse(g, "pass Three", "the game has ended")


def test_before_rules_level_9_empty_rounds_followed_the_last_closing() -> None:
    from conftest import SCRIPTS

    from moderator.fixes import FIXES, fixes_between
    from tests.core.test_rules_level_4 import _play

    fix = FIXES["1846-all-closed"]
    assert (fix.level, fix.title) == (9, "1846") and fix in fixes_between("1846", 8)
    text = (SCRIPTS / "1846-recorded-all-closed.script").read_text(encoding="utf-8")
    old = _play(text, 8)
    assert not old.state.ended and old.state.round_kind == "SR"
