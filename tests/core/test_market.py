"""The linear market (1846): clamped moves, stacking order, stock price order."""

from __future__ import annotations

import pytest

from moderator.market import GridMarket, LinearMarket
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


# ----------------------------------------------------------------- 1847 AE: the 2-D grid
_ = None
GRID_1847AE = (
    (_, _, _, _, 130, 150, 170, 190, 210, 230, 255, 285, 315, 350, 385, 420),
    (_, _, 98, 108, 120, 135, 150, 170, 190, 210, 235, 260, 285, 315, 350, 385),
    (82, 86, 92, 100, 110, 125, 140, 155, 170, 190, 210, 235, 260, 290, 320),
    (78, 84, 88, 94, 104, 112, 125, 140, 155, 170, 190, 215),
    (72, 80, 86, 90, 96, 104, 115, 125, 140),
    (62, 74, 82, 88, 92, 98, 105),
    (50, 66, 76, 84, 90),
)
"""The 1847 AE stock market as printed (row 0 at the top), from shared/facts/1847ae.md."""


def grid_at(value: int, row: int | None = None) -> tuple[GridMarket, str]:
    """A 1847 AE market with one marker, X, on the space of ``value`` (in ``row``)."""
    market = GridMarket(rows=GRID_1847AE)
    cells = [
        (r, c)
        for r, values in enumerate(GRID_1847AE)
        for c, v in enumerate(values)
        if v == value and (row is None or r == row)
    ]
    assert len(cells) == 1, (value, cells)
    market.place("X", cells[0])
    return market, "X"


def test_grid_dividend_moves_right_and_up_from_a_rows_end() -> None:
    """1847 AE 6.7.4: right; from the rightmost space of a row, up one space."""
    for start, row, end in (
        (100, 2, 110),
        (86, 2, 92),
        (320, 2, 350),
        (215, 3, 235),
        (140, 4, 155),
        (105, 5, 115),
        (90, 6, 92),
        (385, 1, 420),
    ):
        market, x = grid_at(start, row)
        assert market.right(x) == (start, end)


def test_grid_no_dividend_moves_left_and_down_from_a_rows_start() -> None:
    """1847 AE 6.7.4: left; from the leftmost space of a row, down one space."""
    for start, row, end in (
        (110, 2, 100),
        (130, 0, 120),
        (98, 1, 92),
        (82, 2, 78),
        (78, 3, 72),
        (72, 4, 62),
        (62, 5, 50),
    ):
        market, x = grid_at(start, row)
        assert market.left(x) == (start, end)


def test_grid_corners_and_edges_keep_the_marker() -> None:
    market, x = grid_at(420)
    assert market.right(x) == (420, 420)  # top-right corner
    market, x = grid_at(50)
    assert market.left(x) == (50, 50)  # bottom-left corner
    for value, row in ((320, 2), (290, 2), (260, 2), (385, 1)):
        market, x = grid_at(value, row)
        assert market.down(x) == (value, value)  # 8.2: nothing below
    for value, row in ((82, 2), (86, 2), (98, 1), (108, 1), (130, 0)):
        market, x = grid_at(value, row)
        assert market.up(x) == (value, value)  # 8.5: nothing above


def test_grid_sales_move_down_and_sold_out_moves_up() -> None:
    market, x = grid_at(100)
    assert market.down(x) == (100, 94)  # 8.2: one row down per selling turn
    assert market.up(x) == (94, 100)  # 8.5: sold out at the end of a stock round
    assert market.move(x, 2) == (100, 125) and market.move(x, -3) == (125, 92)


def test_grid_a_moved_marker_goes_under_and_order_reads_price_column_stack() -> None:
    """1847 AE 6.1: price, then the rightmost space, then the top of a stack (6.7.4)."""
    market = GridMarket(rows=GRID_1847AE)
    market.place("L", (2, 1))  # 86
    market.place("HLB", (4, 1))  # 80
    market.place("M", (4, 1))  # 80, under HLB
    market.place("NDB", (5, 1))  # 74
    market.right("NDB")  # 82 on row 5
    market.place("Saar", (2, 0))  # 82 on row 2, further left
    assert market.stacks[market.position["HLB"]] == ["HLB", "M"]
    assert market.order(["Saar", "NDB", "M", "HLB", "L"]) == ["L", "NDB", "Saar", "HLB", "M"]
    market.left("L")  # 86 -> 82 on row 2: under Saar
    assert market.stacks[market.position["Saar"]] == ["Saar", "L"]
    clone = market.clone()
    clone.down("L")
    assert market.price("L") == 82 and clone.price("L") == 78


def test_grid_refuses_a_space_the_board_lacks() -> None:
    market = GridMarket(rows=GRID_1847AE)
    with pytest.raises(ValueError):
        market.place("X", (0, 0))


def test_the_1847ae_ruleset_plays_on_the_printed_board() -> None:
    """The ruleset's table is the board transcribed above from the facts, space for space."""
    from rulesets.g1847ae import GRID

    assert GRID == GRID_1847AE


@pytest.mark.parametrize("steps", [-3, -1, 0, 1, 2, 3, 10])
def test_price_after_is_the_move_and_leaves_the_market_as_it_was(steps: int) -> None:
    linear = market(A=30, B=30, C=40, D=30)
    grid, _ = grid_at(GRID_1847AE[2][3] or 0, 2)
    grid.place("Y", grid.cell("X"))
    for m, company in ((linear, "B"), (linear, "C"), (grid, "X"), (grid, "Y")):
        before = (dict(m.position), {k: list(v) for k, v in m.stacks.items()}, m.to_json())
        expected = m.clone().move(company, steps)[1]
        assert m.price_after(company, steps) == expected
        assert (m.position, m.stacks, m.to_json()) == before


def _zoned_now(market: GridMarket) -> frozenset[str]:
    """The zoned markers worked out afresh from the positions, no remembered answer."""
    at = market._zone_at
    return frozenset(c for c, spot in market.position.items() if at[spot] != ".")


def test_zoned_follows_every_move_and_a_price_trial_leaves_it_as_it_was() -> None:
    """1830 10.0: the zoned markers are remembered between moves (each certificate count
    asks), so every kind of move must bring the answer up to date, a price trial must not
    leave its trial position behind, and a copy or a pickle holds positions only."""
    import pickle
    import random

    from rulesets.g1830 import GRID, PAR_CELL, ZONES

    rng = random.Random(1830)
    market = GridMarket(rows=GRID, zones=ZONES, par_cells=tuple(PAR_CELL.values()))
    names = ["PRR", "NYC", "CPR", "BO", "CO", "ERIE", "NNH", "BM"]
    for name, cell in zip(names, sorted(PAR_CELL.values()) * 2, strict=False):
        market.place(name, cell)
    assert market.zoned() == _zoned_now(market)
    seen: set[frozenset[str]] = set()
    for _ in range(2_000):
        name = rng.choice(names)
        if name not in market.position:
            market.place(name, rng.choice(sorted(PAR_CELL.values())))
        else:
            how = rng.randrange(7)
            if how == 0:
                market.price_after(name, rng.choice([-2, -1, 1, 2]))
            elif how == 1:
                market.remove(name)
            elif how == 2:
                copy = market.clone()
                copy.down(name)
                assert copy.zoned() == _zoned_now(copy)
            else:
                getattr(market, rng.choice(["up", "down", "left", "right"]))(name)
        assert market.zoned() == _zoned_now(market)
        seen.add(market.zoned())
        before = pickle.dumps(market)
        market.zoned()
        assert pickle.dumps(market) == before  # a remembered answer is not state
    assert len(seen) > 5  # the walk went in and out of the zones


def _order_by_key(market: GridMarket, companies: list[str]) -> list[str]:
    """The operating order as the rules word it: price, then column (right first), then
    row (upper first), then the place in the stack (top first)."""

    def key(company: str) -> tuple[int, int, int, int]:
        row, col = market.cell(company)
        stack = market.stacks[market.position[company]]
        return (-market.price(company), -col, row, stack.index(company))

    return sorted((c for c in companies if c in market.position), key=key)


def test_grid_order_is_price_column_row_stack_after_any_moves() -> None:
    """The operating order read from the spaces' ranks (worked out once, issue 41) is the
    order by price, column, row and stack place, and a receipt's price worked out on the
    cells is the move's, after 2,000 random moves on 1830's board (its 67 stands three
    times in one column) and 1847 AE's."""
    import random

    from rulesets.g1830 import GRID, PAR_CELL, ZONES

    rng = random.Random(41)
    for market, cells in (
        (GridMarket(rows=GRID, zones=ZONES), sorted(PAR_CELL.values())),
        (
            GridMarket(rows=GRID_1847AE),
            [(r, c) for r, row in enumerate(GRID_1847AE) for c, v in enumerate(row) if v][::3],
        ),
    ):
        names = ["PRR", "NYC", "CPR", "BO", "CO", "ERIE", "NNH", "BM"]
        for name, cell in zip(names, cells * 2, strict=False):
            market.place(name, cell)
        for _ in range(2_000):
            name = rng.choice(names)
            if name not in market.position:
                market.place(name, rng.choice(cells))
            elif rng.randrange(9) == 0:
                market.remove(name)
            else:
                getattr(market, rng.choice(["up", "down", "left", "right"]))(name)
            asked = rng.sample(names, rng.randrange(len(names) + 1))
            assert market.order(asked) == _order_by_key(market, asked)
            if name in market.position:  # a receipt's price, worked out without moving
                steps = rng.choice([-3, -2, -1, 1, 2, 3])
                assert market.price_after(name, steps) == market.clone().move(name, steps)[1]


def test_the_zone_legend_names_only_the_zones_of_the_board() -> None:
    """1889 has no brown zone and 18Chesapeake only a yellow one: the market's key said
    "yellow, orange, brown: zones (10.0)" for every grid, 1830's rule too."""
    from moderator.game import Game
    from moderator.market import zone_legend

    said = {}
    for title in ("1830", "1889", "18Chesapeake"):
        zones = Game.new(title, ["A", "B", "C", "D"]).state_json()["market"]["zones"]
        said[title] = zone_legend(zones, title)
    assert said == {
        "1830": "yellow, orange, brown: zones (10.0)",
        "1889": "yellow, orange: zones (facts §4)",
        "18Chesapeake": "yellow: zones (§9.2)",
    }
    assert zone_legend([], "1830") == ""
