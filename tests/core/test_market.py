"""The linear market (1846): clamped moves, stacking order, stock price order."""

from __future__ import annotations

import pytest

from moderator.market import LinearMarket
from rulesets import ruleset_for

VALUES = (0, 10, 20, 30, 40, 50, 60)


def market(**places: int) -> LinearMarket:
    m = LinearMarket(values=VALUES)
    for company, value in places.items():
        m.place(company, value)
    return m


def test_place_and_price() -> None:
    m = market(NYC=30)
    assert m.has("NYC") and not m.has("GT")
    assert m.price("NYC") == 30


@pytest.mark.parametrize(
    ("start", "steps", "after"),
    [
        (30, 1, 40),
        (30, -2, 10),
        (30, 3, 60),
        (30, 4, 60),
        (30, 99, 60),
        (30, -3, 0),
        (30, -4, 0),
        (0, -1, 0),
        (60, 1, 60),
        (30, 0, 30),
    ],
)
def test_moves_clamp_at_both_ends(start: int, steps: int, after: int) -> None:
    m = market(NYC=start)
    assert m.move("NYC", steps) == (start, after)
    assert m.price("NYC") == after


def test_value_at_offset_clamps_and_does_not_move() -> None:
    m = market(NYC=50)
    assert m.value_at_offset("NYC", 1) == 60
    assert m.value_at_offset("NYC", 5) == 60
    assert m.value_at_offset("NYC", -9) == 0
    assert m.price("NYC") == 50


def test_a_marker_entering_a_space_goes_below_those_there() -> None:
    m = market(NYC=30, GT=30)
    assert m.stacks[3] == ["NYC", "GT"]
    m.place("IC", 40)
    m.move("IC", -1)
    assert m.stacks[3] == ["NYC", "GT", "IC"]
    m.move("NYC", 1)
    m.move("NYC", -1)
    assert m.stacks[3] == ["GT", "IC", "NYC"], "coming back, NYC goes to the bottom"


def test_a_move_that_stays_put_keeps_the_place_in_the_stack() -> None:
    m = market(NYC=60, GT=60)
    m.move("NYC", 1)  # already at the right end
    assert m.stacks[6] == ["NYC", "GT"]
    m2 = market(NYC=0, GT=0)
    m2.move("NYC", -1)
    m2.move("NYC", 0)
    assert m2.stacks[0] == ["NYC", "GT"]


def test_stock_price_order_descending_ties_top_first() -> None:
    m = market(NYC=30, GT=50, IC=30, BO=10)
    assert m.order(["NYC", "GT", "IC", "BO"]) == ["GT", "NYC", "IC", "BO"]
    m.move("NYC", 1)
    m.move("NYC", -1)
    assert m.order(["NYC", "GT", "IC", "BO"]) == ["GT", "IC", "NYC", "BO"]


def test_stock_price_order_ascending_ties_still_top_first() -> None:
    """1846 first OR: reverse price order, but a company under another in a stack still
    comes after it (rulebook example: GT, then NYC, then IC beneath NYC)."""
    m = market(GT=40, NYC=60, IC=60)
    assert m.order(["IC", "NYC", "GT"], descending=False) == ["GT", "NYC", "IC"]


def test_order_ignores_companies_not_asked_for_or_not_on_the_market() -> None:
    m = market(NYC=30, GT=30, IC=20)
    assert m.order(["GT", "PRR", "IC"]) == ["GT", "IC"]


def test_remove_takes_the_marker_off() -> None:
    m = market(NYC=30, GT=30)
    m.remove("NYC")
    assert not m.has("NYC") and m.stacks[3] == ["GT"]
    m.remove("NYC")  # twice is harmless


def test_clone_shares_no_stack() -> None:
    m = market(NYC=30, GT=30)
    copy = m.clone()
    copy.move("NYC", 1)
    assert m.price("NYC") == 30 and m.stacks[3] == ["NYC", "GT"]


def test_placing_at_a_value_not_on_the_market_fails() -> None:
    with pytest.raises(ValueError):
        market(NYC=35)


def test_the_1846_market_is_ascending_and_offers_its_starting_prices() -> None:
    state = ruleset_for("1846").new_state(["A", "B", "C"])
    m = state.linear()
    assert list(m.values) == sorted(m.values)
    assert set(m.pars) <= set(m.values)
    m.place("NYC", m.pars[0])
    m.move("NYC", -len(m.values))
    assert m.price("NYC") == m.values[0]
    m.move("NYC", len(m.values))
    assert m.price("NYC") == m.values[-1]
