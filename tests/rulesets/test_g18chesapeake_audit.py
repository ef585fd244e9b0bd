"""18Chesapeake audit (issue 40): the money rules' refusals and tables the hand-computed
scripts cannot show, each naming the v0.5 section (``§9.1``) or the facts' (``facts §2``)."""

from __future__ import annotations

import pytest
from conftest import play, refuse

START = "game 18Chesapeake Amy Bob Cy\nvanderbilt CO\n"


@pytest.mark.parametrize(
    ("players", "cash", "limit"),
    [(2, 1200, 20), (3, 800, 20), (4, 600, 16), (5, 480, 13), (6, 400, 11)],
)
def test_facts_0_cash_and_certificate_limits_for_2_to_6(
    players: int, cash: int, limit: int
) -> None:
    names = ["Amy", "Bob", "Cy", "Dee", "Eve", "Fay"][:players]
    data = play(f"game 18Chesapeake {' '.join(names)}\nvanderbilt CO").state_json()
    assert {p["cash"] for p in data["players"]} == {cash}
    assert data["bank"]["cash"] == 8000 - 2400
    assert data["cert_limit"] == limit


def test_facts_2_no_private_is_exchanged() -> None:
    """No 18Chesapeake private is exchanged for a share (facts §2): the refusal says so and
    names the rule, not an empty list of exchangeable privates."""
    g = play(START + "buy Amy DR")
    message = refuse(g, "exchange Amy DR", "(facts §2)")
    assert "()" not in message
