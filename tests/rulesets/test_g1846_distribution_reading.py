"""1846 3.2, 3.22 and the contract: a first stock round may begin with privates the setup
left with the bank (the reading in ``G1846.begin_from_setup`` and docs/titles/1846.md): they
stay out of play, paying nobody."""

from __future__ import annotations

from conftest import play
from g1846_helpers import BARE3


def test_a_partial_distribution_starts_the_first_stock_round_privates_left_out() -> None:
    game = play(BARE3 + "private Amy MS\npar Amy NYC 100\npass Bob\npass Cat\npass Amy\n")
    state = game.state
    assert state.round_kind == "OR"
    assert state.company("MS").owner == "Amy"
    left = ("BIG4", "CWI", "MAIL", "MPC", "LSL")
    assert all(state.company(p).owner is None and not state.company(p).closed for p in left)
    # OR 1.1's private income: Amy's MS runs as an independent; the others pay nobody
    players = {p["name"]: p for p in game.state_json()["players"]}
    assert players["Bob"]["privates"] == [] and players["Cat"]["privates"] == []
