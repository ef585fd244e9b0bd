"""18Chesapeake (issue 40): the refusals and readings the hand-computed scripts cannot show.

Every refusal names a section of the v0.5 rules (``§9.1``) or of the facts
(``facts §2``), never another title's rule numbers.
"""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, play, refuse

from moderator import commands as c
from moderator.game import Game
from moderator.narrate import describe
from rulesets.g18chesapeake import GRID, PAR_CELL, ZONES

START = "game 18Chesapeake Amy Bob Cy\nvanderbilt CO\n"
SALE = START + (
    "buy Amy DR\nbid Bob CV 205\nbid Cy CV 210\nbuy Amy CP\nbuy Bob BS\nbuy Cy COC\n"
    "buy Amy BOR\npass Bob\npar Cy CO 80\n"
)
"""The sale of the 18chesapeake-sale-export script: Cy owns CV and has set C&O's par."""


def depot(game: Game) -> list[str]:
    return [t.card for t in game.state.depot]


@pytest.mark.parametrize(("players", "cash", "limit"), [(3, 800, 20), (4, 600, 16), (6, 400, 11)])
def test_facts_0_cash_and_certificate_limits(players: int, cash: int, limit: int) -> None:
    names = ["Amy", "Bob", "Cy", "Dee", "Eve", "Fay"][:players]
    g = play(f"game 18Chesapeake {' '.join(names)}\nvanderbilt PRR")
    data = g.state_json()
    assert {p["cash"] for p in data["players"]} == {cash}
    assert data["bank"]["cash"] == 5600 and data["cert_limit"] == limit


def test_facts_4_market_table() -> None:
    assert sorted(PAR_CELL) == [70, 80, 95]
    assert PAR_CELL == {95: (2, 4), 80: (3, 3), 70: (4, 2)}
    assert GRID[0][16] == 375 and GRID[7] == (40, 45, 50)
    assert ZONES[5] == "y....." and "o" not in "".join(ZONES)


def test_the_draw_comes_first_and_the_tool_draws_when_it_is_not_written() -> None:
    g = Game.new("18Chesapeake", ["Amy", "Bob", "Cy"])
    refuse(g, "vanderbilt XYZ", "no company")
    assert g.execute("buy Amy DR").ok
    assert [e.command.kind for e in g.journal] == ["vanderbilt", "buy"]
    drawn = g.state_json()["drawn"]
    assert drawn in {"PRR", "PLE", "SRR", "BO", "CO", "LV", "CA", "NW"}
    refuse(g, "vanderbilt PRR", "the draw was made at setup", "(§7.1)")
    fresh = Game.new("18Chesapeake", ["Amy", "Bob", "Cy"])
    assert {type(x) for x in fresh.legal_commands()} == {c.Vanderbilt}


def test_facts_5_bids_in_multiples_of_5_and_only_leading_bids_set_aside() -> None:
    g = play(START + "bid Amy CV 205\nbid Bob CV 210\n")
    refuse(g, "bid Cy CV 217", "bids are made in multiples of $5", "(§9.1)")
    ruleset, state = g.ruleset, g.state
    assert ruleset.committed(state, "Amy") == 0  # type: ignore[attr-defined]  # outbid
    assert ruleset.committed(state, "Bob") == 210  # type: ignore[attr-defined]
    # Amy may now bid up to all her cash elsewhere: her bid on CV is not set aside
    assert g.execute("bid Cy COC 85").ok and g.execute("bid Amy BOR 800").ok


def test_refusals_name_the_rules() -> None:
    g = play(SALE)
    refuse(g, "par Bob CO 95", "CO is already launched")
    refuse(g, "par Bob PRR 90", "one of 70, 80, 95 (§9.5)")
    refuse(g, "trade DR Amy Bob 10", "not sold between players in 18Chesapeake (facts §2, §10)")
    refuse(g, "exchange Amy BOR", "BOR is not exchanged")
    g = play(START + "buy Amy DR\nbid Bob CV 205\npass Cy\nbuy Amy CP\nbuy Bob BS\n")
    refuse(g, "par Cy CO 80", "C&O's president's certificate comes with CV (§7.1)")


def test_9_3_sales_first_then_one_purchase_ends_the_turn() -> None:
    g = play(
        SALE + "par Bob PRR 95\nbuy Cy CO\npar Amy BO 70\nbuy Bob PRR\nbuy Cy CO\nbuy Amy BO\n"
        "buy Bob PRR\nbuy Cy CO\nbuy Amy BO\nbuy Bob PRR\nbuy Cy CO\nbuy Amy BO\nbuy Bob PRR\n"
        "pass Cy\npass Amy\npass Bob\nrun PRR 0\ntrain PRR 2\ndone PRR\nrun CO 0\ntrain CO 2\n"
        "done CO\nrun BO 0\ntrain BO 2\ndone BO\nsell Cy CO 1\nbuy Cy BO\n"
    )
    assert g.state.current_player == "Amy"  # the purchase ended Cy's turn
    assert g.state.company("CV").closed  # C&O's first train (facts §2)
    assert depot(g).count("2") == 3  # 7 - 3 bought - 1 exported (§10.9)


def test_10_9_an_export_can_start_a_phase() -> None:
    g = play(SALE)
    state = g.state
    while state.depot[0].card == "2":
        state.depot.pop(0)  # as if every 2 were bought
    ruleset = g.ruleset
    ruleset.export_train(state, "at the end of the set")  # type: ignore[attr-defined]
    assert state.phase == "3" and depot(g).count("3") == 5
    shown = [describe(e, "$", "18Chesapeake") for e in state.ledger.events]
    assert "The bank's 2-train leaves the game" not in shown  # the 3 is the bank's next train
    assert "The bank's 3-train leaves the game: exported at the end of the set (§10.9)" in shown
    assert any(x and x.startswith("Phase 2 → 3: the first 3-train was exported") for x in shown)
    for _ in range(6):  # the other five 3s, then the first 4
        ruleset.export_train(state, "again")  # type: ignore[attr-defined]
    assert state.phase == "4"
    while state.depot[0].card == "4":
        ruleset.export_train(state, "again")  # type: ignore[attr-defined]
    before = len(state.depot)
    ruleset.export_train(state, "again")  # type: ignore[attr-defined]
    assert len(state.depot) == before and state.depot[0].card == "5"  # 5s are never exported


def test_10_9_the_first_4_exported_rusts_the_2s_and_lowers_the_limit() -> None:
    """18chesapeake-export-phase-four.script: the export of the first 4 at the end of set 3
    starts phase 4 (§10.9): the 2s rust, PRR's four 3s are over the limit of 3 and one goes
    back to the bank before the stock round; B&O, its 2s gone, must buy a train (§10.8) and
    the returned 3 is sold at its face value (facts §8)."""
    text = (SCRIPTS / "18chesapeake-export-phase-four.script").read_text(encoding="utf-8")
    g = play(text[: text.index("discard PRR 3")])
    trains = {co["id"]: co["trains"] for co in g.state_json()["companies"]}
    assert g.state.phase == "4" and trains["BO"] == [] and trains["CO"] == ["3"]
    assert trains["PRR"] == ["3", "3", "3", "3"]
    refuse(g, "pass Bob", "PRR holds 4 trains over the limit of 3", "(§10.7)")
    g = play(text[: text.index("train BO 3\n")])
    refuse(g, "done BO", "BO has no train and must buy one (§10.8)")
    assert [(n, p) for n, p, _ in g.ruleset.available_variants(g.state)] == [  # type: ignore[attr-defined]
        ("3", 180),
        ("4", 300),
    ]
