"""1846 trains and phases: order, limits, phasing out, discards, section 9 effects (6.8, 9)."""

from __future__ import annotations

from conftest import SCRIPTS, refuse
from g1846_helpers import (
    PRIVATES3,
    THREE_CORPS,
    TRAINED,
    cash,
    data,
    game,
    step,
    trains,
)

from moderator.narrate import narrate

PHASE_II = (
    PRIVATES3
    + """\
par Amy NYC 100
par Bob GT 100
par Cat IC 100
run MS 0
run BIG4 0
buyprivate NYC MAIL 1
issue NYC 2
run NYC 0
train NYC 2
train NYC 2
train NYC 2
train NYC 2
run GT 0
train GT 2
run IC 0
train IC 3/5
done IC
run MS 0
run BIG4 0
run NYC 100 withhold
run GT 100 withhold
run IC 700 withhold
train IC 3/5
train IC 3/5
train IC 3/5
done IC
"""
)
"""Everyone is out of money after launching (SR1 ends by itself, SR2 too).

OR 1.1: NYC buys the Mail Contract, issues 2, buys four 2-trains; GT buys the fifth 2-train;
IC must buy the first 4-card (phase II).  OR 1.2: IC buys the other three 4-cards.
OR 2.1 then starts: GT $220 (one 2), IC $360 (four 3/5), NYC $159 (four 2s, MAIL).
"""

PHASE_III = PHASE_II + "run MS 0\nrun BIG4 0\nrun GT 500 withhold\ntrain GT 4/6\n"
"""GT buys the first 5-card: phase III, with IC one train over the new limit of 3."""

OR22 = (
    PHASE_III
    + "discard IC 3/5\ndone GT\nrun IC 300 withhold\ndone IC\n"
    + "run NYC 400 withhold\ntrain NYC 5\ndone NYC\n"
)
"""The end of OR 2.1: NYC ran its phased out 2-trains one last time and bought a 5."""

PHASE_IV = OR22 + "run GT 1400 withhold\ntrain GT 4/6\ntrain GT 6\n"
"""OR 2.2: GT buys the last 5-card and the first 6-card: phase IV, GT over the limit of 2."""


def company(g, cid: str) -> dict:  # noqa: ANN001 - a Game
    """The state JSON entry of a company."""
    return next(c for c in data(g)["companies"] if c["id"] == cid)


# ----------------------------------------------------------------- 6.81 - 6.82
def test_6_81_no_later_train_before_the_current_phase_is_sold_out() -> None:
    g = game(THREE_CORPS + "run NYC 0\n")
    refuse(g, "train NYC 3/5", "6.81")
    refuse(g, "train NYC 4", "6.81")
    refuse(g, "train NYC 8", "1846")


def test_6_81_bank_trains_at_list_price() -> None:
    g = game(TRAINED + "run NYC 400 withhold\n")
    step(g, "train NYC 3/5")
    assert cash(g, "NYC") == 440 - 160
    step(g, "train NYC 4")
    assert cash(g, "NYC") == 440 - 160 - 180


def test_6_82_the_first_train_of_the_next_phase_advances_it() -> None:
    g = game(TRAINED + "run NYC 400 withhold\n")
    assert data(g)["phase"] == "I"
    step(g, "train NYC 4")
    assert data(g)["phase"] == "II"


def test_6_85_either_type_of_a_card_may_be_bought() -> None:
    g = game(PHASE_II)
    assert trains(g, "IC") == ["3/5"] * 4
    assert data(g)["depot_remaining"] == {"5": 3, "6": 9}


def test_6_81_buy_from_another_corporation_for_at_least_1() -> None:
    g = game(TRAINED + "run NYC 0\n")
    refuse(g, "train NYC 2 from GT 0", "6.81")
    refuse(g, "train NYC 2 from NYC 5", "NYC")
    refuse(g, "train NYC 2 from GT 41", "NYC has $40")
    step(g, "train NYC 2 from GT 1")
    assert trains(g, "NYC") == ["2", "2", "2"] and trains(g, "GT") == ["2"]
    assert cash(g, "NYC") == 39 and cash(g, "GT") == 41


def test_6_82_phased_out_trains_cannot_be_sold_between_corporations() -> None:
    g = game(PHASE_III + "discard IC 3/5\n")
    refuse(g, "train GT 2 from NYC 1", "6.82")


# ----------------------------------------------------------------- 6.83 limits
def test_6_83_limit_of_4_in_phase_i() -> None:
    g = game(THREE_CORPS + "issue NYC 2\nrun NYC 0\n" + "train NYC 2\n" * 4)
    assert cash(g, "NYC") == 200 + 180 - 320
    refuse(g, "train NYC 2", "6.83")


def test_6_83_limit_of_3_in_phase_iii_forces_a_discard() -> None:
    g = game(PHASE_III)
    assert data(g)["phase"] == "III" and data(g)["train_limit"] == 3
    refuse(g, "done GT", "6.83")
    refuse(g, "run IC 100", "6.83")
    refuse(g, "discard GT 4/6", "6.83")  # GT is within the limit: no voluntary returns
    step(g, "discard IC 3/5")
    assert trains(g, "IC") == ["3/5"] * 3
    returned = [t for t in data(g)["depot"] if t["returned"]]
    assert {t["train"] for t in returned} == {"3/5", "4"}  # either type again (6.83)


def test_6_83_returned_train_bought_as_the_other_type_does_not_change_the_phase() -> None:
    g = game(PHASE_III + "discard IC 3/5\ndone GT\nrun IC 300 withhold\ndone IC\nrun NYC 100\n")
    assert trains(g, "NYC") == []
    step(g, "train NYC 4")
    assert trains(g, "NYC") == ["4"]
    assert data(g)["phase"] == "III"
    assert data(g)["depot_remaining"] == {"5": 2, "6": 9}


def test_6_83_no_purchase_beyond_the_limit() -> None:
    g = game(PHASE_III + "discard IC 3/5\ndone GT\nrun IC 300 withhold\n")
    refuse(g, "train IC 5", "6.83")


def test_6_83_no_purchase_beyond_the_limit_even_if_the_new_phase_would_fix_it() -> None:
    g = game(
        PHASE_III + "discard IC 3/5\ndone GT\nrun IC 300 withhold\ndone IC\n"
        "run NYC 1000 withhold\ntrain NYC 5\ntrain NYC 4/6\ndone NYC\n"
        "run GT 100 withhold\ndone GT\nrun IC 1000 withhold\n"
    )
    assert "6" in {t["train"] for t in data(g)["depot"]}  # a 6 would phase out IC's 3/5s
    refuse(g, "train IC 6", "6.83")


def test_6_83_limit_of_2_in_phase_iv() -> None:
    g = game(PHASE_IV)
    assert data(g)["phase"] == "IV" and data(g)["train_limit"] == 2
    refuse(g, "done GT", "6.83")
    step(g, "discard GT 4/6")
    assert trains(g, "GT") == ["4/6", "6"]


# ----------------------------------------------------------------- 6.69 phased out trains
def test_6_69_phased_out_trains_do_not_count_and_go_after_the_next_run() -> None:
    g = game(PHASE_III)
    assert company(g, "GT")["phased_out"] == ["2"]
    assert company(g, "NYC")["phased_out"] == ["2"] * 4
    step(g, "discard IC 3/5\ndone GT\nrun IC 300 withhold\ndone IC")
    assert trains(g, "NYC") == ["2"] * 4  # they run once more (6.69)
    step(g, "run NYC 100")
    assert trains(g, "NYC") == []
    step(g, "train NYC 4\ndone NYC\nrun NYC 0\nrun GT 0")
    assert trains(g, "GT") == ["4/6"]


def test_6_86_no_train_after_the_phased_out_ones_go_means_a_purchase() -> None:
    g = game(PHASE_III + "discard IC 3/5\ndone GT\nrun IC 300 withhold\ndone IC\nrun NYC 100\n")
    refuse(g, "done NYC", "6.86")


# ----------------------------------------------------------------- section 9
def test_9_phase_iii_closes_privates_but_not_a_corporation_owned_mail_contract() -> None:
    g = game(PHASE_II + "run MS 0\nrun BIG4 0\nrun GT 500 withhold\n")
    bank = cash(g, "bank")
    step(g, "train GT 4/6")
    for cid in ("MS", "BIG4", "CWI", "LSL", "MPC"):
        assert company(g, cid)["closed"], cid
    assert not company(g, "MAIL")["closed"]
    assert company(g, "MAIL")["owner"] == "NYC"
    # the independents' treasuries ($60, $40) go back to the bank with the train price
    assert cash(g, "bank") == bank + 450 + 60 + 40
    assert trains(g, "MS") == [] and trains(g, "BIG4") == []
    assert all(p["privates"] == [] for p in data(g)["players"])


def test_9_phase_iii_closes_a_player_owned_mail_contract() -> None:
    g = game(PHASE_II.replace("buyprivate NYC MAIL 1\n", "") + "run MS 0\nrun BIG4 0\n")
    step(g, "run GT 500 withhold\ntrain GT 4/6")
    assert company(g, "MAIL")["closed"]


def test_9_phase_iv_phases_out_4_cards_and_removes_returned_ones() -> None:
    g = game(OR22)
    assert any(t["returned"] for t in data(g)["depot"])
    step(g, "run GT 1400 withhold\ntrain GT 4/6\ntrain GT 6")
    assert company(g, "IC")["phased_out"] == ["3/5"] * 3
    assert not any(t["returned"] for t in data(g)["depot"])
    assert trains(g, "NYC") == ["5"]


def test_9_phase_iv_removes_the_2_trains() -> None:
    g = game(PHASE_III + "discard IC 3/5\n")
    assert trains(g, "NYC") == ["2"] * 4
    g.ruleset._set_phase(g.state, "IV")  # white box: NYC has not run since phase III began
    assert trains(g, "NYC") == []
    assert trains(g, "GT") == ["4/6"]


def test_6_84_phase_iv_trains_never_run_out() -> None:
    g = game(PHASE_IV + "discard GT 4/6\ndone GT\nrun IC 0\n")
    remaining = data(g)["depot_remaining"]["6"]
    assert remaining == 8
    state = g.state
    for _ in range(remaining - 1):
        state.depot.pop()  # white box: pretend the other 6-cards were sold
    step(g, "adjust IC 1000 test funds\ntrain IC 6")
    assert data(g)["depot_remaining"] == {"6": 1}


def test_6_81_train_purchase_refusals_name_the_rule() -> None:
    g = game(PHASE_II.rsplit("run MS 0\nrun BIG4 0\nrun NYC 100", 1)[0] + "run MS 0\n")
    refuse(g, "train MS 2", "independent", "6.2 NOTE")
    g = game(THREE_CORPS + "run NYC 0\ntrain NYC 2\ndone NYC\nrun GT 0\n")
    refuse(g, "train GT 2 credit", "6.81")
    refuse(g, "train GT 2 from pool", "6.83")
    refuse(g, "train GT 2 from GT 10", "itself", "6.81")
    refuse(g, "train GT 2 from MS 10", "not a corporation in play", "6.81")
    refuse(g, "train GT 3/5 from NYC 10", "no 3/5", "6.81")
    refuse(g, "train GT 9", "no 9 train in 1846", "6.81)")
    refuse(g, "train GT 2 trade 2", "1846 has no trade-in", "printed price (6.81)")


def test_7_14_no_train_from_a_corporation_in_receivership() -> None:
    from test_g1846_forced_purchase import BANKRUPT

    g = game(BANKRUPT + "bankrupt Amy\ndone NYC\nrun GT 0\n")
    refuse(g, "train GT 3/5 from NYC 10", "receivership", "7.14")


def test_6_83_discard_only_a_train_held() -> None:
    g = game(PHASE_III)
    refuse(g, "discard IC 4/6", "no 4/6", "6.83")


def test_9_phase_iii_is_narrated_with_every_private_that_closes() -> None:
    """The bank never acts unseen: each close, and the treasuries returned, is a log line."""
    g = game(PHASE_II + "run MS 0\nrun BIG4 0\nrun GT 500 withhold\n")
    outcome = g.execute("train GT 4/6")
    assert outcome.ok, outcome.message
    lines = narrate(outcome.command, outcome.events)
    assert any(x.startswith("Phase II → III") for x in lines)
    for cid in ("MS", "BIG4", "CWI", "LSL", "MPC"):
        assert any(x.startswith(f"{cid} closes") for x in lines), (cid, lines)
    assert any(x.startswith("MS pays the bank $60") for x in lines), lines


def test_9_phase_iv_script_refusals_on_the_way() -> None:
    """1846-phase-iv.script: IC over the new limit gives a train back before anything else
    (6.83); GT, its phased out 4s gone after its run, must buy a train (6.86) and, able to
    pay for the returned 5-card, gets no president's money toward a 6 (6.87)."""
    text = (SCRIPTS / "1846-phase-iv.script").read_text(encoding="utf-8")
    g = game(text[: text.index("discard IC 5")])
    assert trains(g, "IC") == ["5", "5", "6"]
    refuse(g, "done IC", "IC holds 3 trains over the limit of 2", "(6.83)")
    g = game(text[: text.index("train GT 4/6\nexpect GT cash 16")])
    assert trains(g, "GT") == [] and cash(g, "GT") == 466
    refuse(g, "done GT", "GT has no train and must buy one (6.86)")
    refuse(g, "train GT 6", "it can afford a train for $450", "(6.87)")
