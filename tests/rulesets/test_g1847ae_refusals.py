"""1847 AE refusals: each test plays a short legal setup, then a command the printed rules
forbid; the refusal must name the rule and change nothing (``conftest.refuse``).

The setups are written here by hand (the same starting package as the acceptance scripts
``tests/scripts/1847ae-*.script``); two long setups are cut from those scripts.
"""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.game import Game

PACKAGE = """\
game 1847AE A B C
buy C PLP
buy B SPR
buy A LFK
buy A K
buy B H
buy C R
buy A W
buy B MNR
buy C VIW
buy A SCR
"""
"""The starting package sold in one round (turns C B A A B C A B C A, 3.3): L floated;
A 50, B 60, C 93. L: C 20% director, A 20%, B 10%. Saar: B 20% director. Next: C (B is
passed by the tool, 60 buys nothing)."""

OR11 = PACKAGE + "pass B\nbuy C Saar\n"
"""Saar floated by C; everyone else broke: OR 1.1 has begun, L to operate."""

SR2 = (
    OR11
    + """\
run L 0
train L 3
done L
run Saar 0
train Saar 3
done Saar
"""
)
"""Stock round 2, phase 3, A to act (A 95, B 110, C 59); both corporations have operated."""

SR3_RICH = (
    SR2
    + """\
pass A
pass B
pass C
run L 800
done L
run Saar 60
done Saar
"""
)
"""Stock round 3, phase 3, A to act with 285 (B 237, C 275); L at 86, HLB available."""


def upto(script: str, line: str) -> str:
    """The text of ``tests/scripts/<script>`` before the first line equal to ``line``."""
    text = (SCRIPTS / script).read_text(encoding="utf-8")
    head, found, _ = text.partition("\n" + line + "\n")
    assert found, f"{line!r} not in {script}"
    return head + "\n"


def accepted(game: Game, line: str) -> None:
    """``line`` is accepted (the boundary beside a refusal)."""
    outcome = game.execute(line)
    assert outcome.ok, f"`{line}` refused: {outcome.message}"


# ----------------------------------------------------------------- the first stock round
def test_3_3_no_sales_in_the_first_stock_round() -> None:
    """L has operated in a short OR, yet nothing may be sold in the first stock round."""
    g = play(
        """\
game 1847AE A B C
buy C PLP
buy B LFK
buy A K
buy A H
buy B W
pass C
pass A
pass B
run L 0
train L 3
done L
pass C
"""
    )
    refuse(g, "sell A L 1", "3.3")


def test_4_5_1_hlb_not_before_saar_has_floated() -> None:
    """A can pay 160 but Saar has not floated yet (4.5.1)."""
    g = play(
        """\
game 1847AE A B C
buy C PLP
buy B SPR
buy A SCR
buy A MNR
buy B H
buy C LFK
buy A R
buy B W
buy C K
pass A
buy C VIW
"""
    )
    message = refuse(g, "par A HLB 80", "4.5.1")
    assert "Saar" in message
    accepted(g, "buy A Saar")


def test_par_only_at_the_printed_par() -> None:
    g = play(SR3_RICH)
    message = refuse(g, "par A HLB 90")
    assert "80" in message
    accepted(g, "par A HLB 80")


# ----------------------------------------------------------------- selling and buying (8)
def test_8_2_no_sale_before_the_corporation_has_operated() -> None:
    """Saar floats in stock round 2: its shares cannot be sold before it has operated."""
    g = play(
        PACKAGE
        + """\
pass C
run L 0
train L 3
done L
buy B Saar
buy C Saar
pass A
"""
    )
    refuse(g, "sell B Saar 1", "8.2")


def test_8_2_the_pool_holds_at_most_half() -> None:
    """C holds L 20% director + 70% in 10%s; six more in the pool would make 60%."""
    g = play(
        (SCRIPTS / "1847ae-nationalize.script").read_text(encoding="utf-8")
        + """\
run L 100
done L
run Saar 60
done Saar
pass A
pass B
"""
    )
    refuse(g, "sell C L 6", "8.2", "50%")
    accepted(g, "sell C L 5")


def test_8_1_no_buying_back_what_was_sold_this_round() -> None:
    g = play(SR2 + "sell A L 1\npass A\npass B\npass C\n")
    refuse(g, "buy A L", "8.1")


def test_8_4_nationalize_needs_70_percent() -> None:
    """C holds 60% of L (20% director + four 10%s) and cash enough: still refused (8.4)."""
    g = play(
        upto("1847ae-nationalize.script", "# ---- SR 4 (A, B, C)")
        + "pass A\npass B\nbuy C L\npass A\npass B\n"
    )
    refuse(g, "nationalize C L A", "8.4", "70%")


# ----------------------------------------------------------------- trains (6.8)
def test_6_8_one_new_train_of_a_type_per_turn() -> None:
    g = play(OR11 + "run L 0\ntrain L 3\n")
    refuse(g, "train L 3", "6.8")


def test_6_8_no_train_from_a_corporation_before_the_first_3_plus_3() -> None:
    g = play(OR11 + "run L 0\ntrain L 3\ndone L\nrun Saar 0\n")
    message = refuse(g, "train Saar 3 from L 50", "6.8")
    assert "3+3" in message


def test_6_7_4_no_half_payout() -> None:
    g = play(SR2 + "pass A\npass B\npass C\n")
    refuse(g, "run L 100 half", "6.7.4")


# ----------------------------------------------------------------- privates (4.2-4.5)
def test_4_5_2_no_exchange_before_the_first_3_plus_3() -> None:
    g = play(SR2)
    refuse(g, "exchange A SCR", "4.5.2")


def test_4_2_no_quarry_to_a_corporation_before_phase_4() -> None:
    g = play(OR11)
    refuse(g, "buyprivate L K 30", "4.2")


def test_4_2_quarry_price_within_its_range() -> None:
    """Phase 4, HLB's turn: Koenigsbach sells to a corporation for 15 to 40 only."""
    g = play(upto("1847ae-quarries-investors.script", "buyprivate HLB K 40"))
    refuse(g, "buyprivate HLB K 41", "4.2")
    refuse(g, "buyprivate HLB K 14", "4.2")
    accepted(g, "buyprivate HLB K 15")


def test_4_3_spr_cannot_be_traded() -> None:
    g = play(SR2)
    refuse(g, "trade SPR B A 50", "4.3")


def test_4_2_a_quarry_changes_hands_once_a_round_4_4_the_other_privates_freely() -> None:
    """4.2: "A quarry may be sold only once during a Stock Round"; 4.4 lets the Main-Neckar,
    Saarland Coal and Völklingen certificates be "sold to other players during a Stock
    Round" with no such limit (the tool refused the second sale of MNR, citing 4.2)."""
    g = play(SR2)  # A 95 (K, W, SCR), B 110 (H, MNR), C 59 (R, VIW)
    accepted(g, "trade MNR B A 50")  # A's purchase for the turn: A 45, B 160
    accepted(g, "pass B")
    accepted(g, "trade MNR A C 40")  # the second sale in the same round: C 19, A 85
    cash = {p["name"]: p["cash"] for p in g.state_json()["players"]}
    assert cash == {"A": 85, "B": 160, "C": 19}
    assert g.state.company("MNR").owner == "C"
    accepted(g, "trade R C A 10")  # Rammelsbach, a quarry, to A in A's turn
    refuse(g, "trade R A B 10", "4.2")  # and not again this round
