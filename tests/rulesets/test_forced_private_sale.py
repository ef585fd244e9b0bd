"""A president sells a private to another player toward a forced train purchase (1830 24.0,
rulesets/private_trade.py ``trade_for_train``); ``bankrupt`` never waits for such a sale,
since a buyer cannot be forced; 1889 and 18Chesapeake trade no private between players."""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, play, refuse
from test_g1830 import SALE

from moderator.game import Game

TIES = (SCRIPTS / "1830-presidency-ties.script").read_text(encoding="utf-8")
FORCED = TIES[: TIES.index("sell Cy PRR 1")]
"""Operating round 1.1: NYC ($0) must buy a 2 at $80; its president Cy has $76 and D&H."""


def _cash(g: Game, name: str) -> int:
    return next(p["cash"] for p in g.state_json()["players"] if p["name"] == name)


def test_24_0_the_president_sells_a_private_to_another_player_toward_the_train() -> None:
    g = play(FORCED)
    assert g.execute("trade DH Cy Dee 70").ok
    assert (_cash(g, "Cy"), _cash(g, "Dee")) == (146, 172)
    assert g.state.company("DH").owner == "Dee"
    assert g.execute("train NYC 2").ok  # $80, all of it from Cy (24.0(1), (2))
    assert _cash(g, "Cy") == 66
    assert g.execute("done NYC").ok


def test_24_0_a_forced_private_sale_is_the_presidents_and_only_while_he_needs_money() -> None:
    g = play(FORCED)
    refuse(g, "trade SV Amy Dee 10", "only NYC's president Cy sells a private", "(24.0)")
    refuse(g, "trade MH Dee Cy 10", "only NYC's president Cy sells a private", "(24.0)")
    refuse(g, "trade SV Cy Dee 10", "SV is not a private of Cy's (23.1)")
    refuse(g, "trade DH Cy Bob 200", "Bob has $179, cannot pay $200", "(24.0, 23.1)")
    refuse(g, "trade DH Cy Cy 70", "Cy sells DH to another player (24.0)")
    assert g.execute("sell Cy PRR 1").ok  # Cy now has $143 of the $80
    refuse(g, "trade DH Cy Dee 70", "Cy already has the money needed; no further sales (24.0)")
    assert g.execute("train NYC 2").ok
    assert g.execute("done NYC").ok
    # PRR, Dee's, has not run: outside a forced purchase an operating round still sells no
    # private between players (23.1).
    refuse(g, "trade MH Dee Amy 10", "in a stock round after the first (23.1)")


BARE = (
    SALE
    + """\
buy Amy BO
buy Bob BO
buy Cy BO
buy Amy BO
buy Bob BO
pass Cy
pass Amy
pass Bob
"""
)
"""B&O floats with Cy 40% (BOP's president's certificate and a 10%), Amy and Bob 20% each;
Cy also holds D&H and BOP."""


def test_24_0_bankruptcy_is_not_refused_because_a_private_could_be_sold() -> None:
    g = play(BARE)
    data = g.state_json()
    assert data["round"]["kind"] == "OR", data["round"]
    cy = _cash(g, "Cy")
    for line in (f"adjust BO -{g.state.company('BO').cash} emptied", f"adjust Cy -{cy} emptied"):
        assert g.execute(line).ok
    assert g.execute("run BO 0").ok
    # Cy may sell his 10% of B&O only (24.0(3)); D&H and BOP need a buyer.
    assert g.execute("sell Cy BO 1").ok
    assert g.execute("bankrupt Cy").ok
    assert g.state_json()["ended"]


@pytest.mark.parametrize(
    ("script", "before", "line"),
    [
        ("1889-forced-train.script", "sell Cy KO 2", "trade ER Cy Amy 40"),
        ("18chesapeake-forced-train.script", "train CO 2 from PRR 80", "trade BS Cy Amy 50"),
    ],
)
def test_1889_and_18chesapeake_trade_no_private_even_in_a_forced_purchase(
    script: str, before: str, line: str
) -> None:
    """Their facts (§2, §9, §10) know no sale between players; they stay as they are."""
    text = (SCRIPTS / script).read_text(encoding="utf-8")
    g = play(text[: text.index(before)])
    assert g.ruleset._forced_purchase(g.state) is not None  # type: ignore[attr-defined]
    refuse(g, line, "are not sold between players")
