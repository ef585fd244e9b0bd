"""1889 (issue 40): the refusals and readings the hand-computed scripts cannot show.

Every refusal names the section of ``shared/facts/1889.md`` (no printed rule numbers are
known), never another title's rule numbers.
"""

from __future__ import annotations

import pytest
from conftest import play, refuse

from moderator.game import Game
from rulesets.g1889 import GRID, PAR_CELL, ZONES

SALE = """\
game 1889 Amy Bob Cy
buy Amy TER
buy Bob MF
buy Cy ER
buy Amy SMR
buy Bob DR
buy Cy SIR
"""
"""Three players buy the six privates in play in turn."""


def game(text: str) -> Game:
    return play(text)


@pytest.mark.parametrize(
    ("players", "cash", "privates"),
    [
        (2, 420, {"TER", "MF", "ER", "SMR", "DR"}),
        (3, 420, {"TER", "MF", "ER", "SMR", "DR", "SIR"}),
        (4, 420, {"TER", "MF", "ER", "SMR", "DR", "SIR", "UTF"}),
        (5, 390, {"TER", "MF", "ER", "SMR", "DR", "SIR", "UTF"}),
        (6, 390, {"TER", "MF", "ER", "SMR", "DR", "SIR", "UTF"}),
    ],
)
def test_facts_0_cash_and_privates_by_player_count(
    players: int, cash: int, privates: set[str]
) -> None:
    names = ["Amy", "Bob", "Cy", "Dee", "Eve", "Fay"][:players]
    g = game(f"game 1889 {' '.join(names)}")
    data = g.state_json()
    assert {p["cash"] for p in data["players"]} == {cash}
    assert data["bank"]["cash"] == 7000 - players * cash
    assert {c["id"] for c in data["companies"] if c["kind"] == "private"} == privates
    assert data["cert_limit"] == {2: 25, 3: 19, 4: 14, 5: 12, 6: 11}[players]


def test_facts_4_market_table() -> None:
    assert sorted(PAR_CELL) == [65, 70, 75, 80, 90, 100]
    assert PAR_CELL[100] == (0, 3) and PAR_CELL[65] == (5, 3)
    assert GRID[0][14] == 350 and GRID[10][0] == 10 and len(GRID) == 11
    assert ZONES[8] == "oyyy" and "b" not in "".join(ZONES)


def test_refusals_name_the_facts() -> None:
    g = game("game 1889 Amy Bob Cy")
    refuse(g, "par Amy AR 65", "facts §")
    refuse(g, "buy Bob TER", "facts §")
    g = game(SALE)
    refuse(g, "par Amy AR 67", "one of 65, 70, 75, 80, 90, 100 (facts §3)")
    refuse(g, "trade TER Amy Bob 10", "not sold between players in 1889 (facts §2, §10)")
    refuse(g, "exchange Amy TER", "TER is not exchanged; DR is (facts §2)")
    refuse(g, "exchange Amy DR", "Amy does not own DR (facts §2)")
    refuse(g, "exchange Bob DR pool", "from the IPO (facts §2)")
    refuse(g, "sell Amy TER 1", "facts §")


def test_facts_6_one_block_and_never_sell_buy_sell() -> None:
    g = game(
        SALE + "par Amy AR 65\npar Bob IR 70\npar Cy KO 65\nbuy Amy AR\nbuy Bob IR\n"
        "buy Cy KO\nbuy Amy AR\nbuy Bob IR\nbuy Cy KO\nbuy Amy AR\n"
        "run AR 0\ndone AR noroute\nbuy Bob AR\nbuy Cy KO\nsell Amy AR 1\n"
    )
    refuse(g, "sell Amy AR 1", "already sold AR this turn", "(facts §6)")
    ruleset, state = g.ruleset, g.state
    assert g.execute("buy Amy IR").ok
    # sold, then bought: the turn is over (no sale may follow), Bob is next
    assert state.current_player == "Bob" or g.state.current_player == "Bob"
    trial = g.state.clone()
    trial.current_player, trial.turn_bought = "Amy", [("IR", "ipo")]
    trial.turn_sold, trial.extra["sold_before_buy"] = ["AR"], True
    why = ruleset.may_sell(trial, "Amy", trial.company("IR"))  # type: ignore[attr-defined]
    assert why is not None and "(facts §6)" in why
    trial.extra["sold_before_buy"] = False  # bought first: buy-then-sell is allowed
    assert ruleset.may_sell(trial, "Amy", trial.company("IR")) is None  # type: ignore[attr-defined]


def test_facts_2_utf_stays_open_with_a_player_at_the_first_5() -> None:
    g = game("game 1889 Amy Bob Cy Dee\nbuy Amy TER\nbuy Bob MF\nbuy Cy ER\nbuy Dee SMR\n"
             "buy Amy DR\nbuy Bob SIR\nbuy Cy UTF\n")  # fmt: skip
    state = g.state.clone()
    g.ruleset.phase_started(state, "5")  # type: ignore[attr-defined]
    utf = state.company("UTF")
    assert not utf.closed and utf.income == 50
    assert all(state.company(p).closed for p in ("TER", "MF", "ER", "SMR", "DR", "SIR"))
    state = g.state.clone()
    state.company("UTF").owner = "AR"  # held by a corporation: it closes like the others
    g.ruleset.phase_started(state, "5")  # type: ignore[attr-defined]
    assert state.company("UTF").closed


def test_facts_2_corporations_buy_privates_in_phases_3_and_4_only() -> None:
    g = game(SALE)
    assert g.ruleset.private_sale_phases == ("3", "4")  # type: ignore[attr-defined]
    assert g.ruleset.president_pays_other_company is False  # type: ignore[attr-defined]


def test_facts_12_beginner_game_deals_the_privates_at_face() -> None:
    g = game("game 1889 Amy Bob Cy beginner")
    data = g.state_json()
    assert {c["id"] for c in data["companies"] if c["kind"] == "private"} == {"DR", "SIR", "ER"}
    assert data["sale"] is None or not data["sale"]["unsold"]
    refuse(g, "par Amy AR 65", "the privates are dealt first", "(facts §12)")
    refuse(g, "private Amy MF", "MF is not dealt in the beginner game with 3 players (facts §12)")
    assert g.execute("private Amy SIR").ok
    refuse(g, "private Amy DR", "already has his private")
    assert g.execute("private Bob DR").ok and g.execute("private Cy ER").ok
    data = g.state_json()
    assert [p["cash"] for p in data["players"]] == [330, 360, 380]  # 90, 60, 40 paid
    refuse(g, "exchange Bob DR", "no ability (facts §12)")
    assert g.execute("par Amy AR 65").ok


def test_facts_8_d_trains_unlimited_and_800_with_a_trade_in() -> None:
    g = game(SALE)
    ruleset = g.ruleset
    assert ruleset.face_value("D") == 1100  # type: ignore[attr-defined]
    assert ruleset.trade_in == {"D": (("4", "5", "6"), 300)}  # type: ignore[attr-defined]
    assert ruleset.unlimited_card == "D"  # type: ignore[attr-defined]
    assert [t.card for t in g.state.depot].count("D") == 1  # another comes with each sale


def test_facts_12_the_deal_names_the_first_player_without_a_private() -> None:
    """The header (`to_act`) during the beginner deal: the first seated player with no
    private yet, not the priority holder once he has his (Bob, then Amy, then Cy dealt
    out of seating order; before, Amy was named to the end of the deal)."""
    g = game("game 1889 Amy Bob Cy beginner")
    assert g.state_json()["to_act"] == "Amy"
    assert g.execute("private Bob DR").ok and g.state_json()["to_act"] == "Amy"
    assert g.execute("private Amy SIR").ok and g.state_json()["to_act"] == "Cy"
    assert g.execute("private Cy ER").ok
    assert g.state_json()["to_act"] == g.ruleset.next_actor(g.state)  # the stock round's
