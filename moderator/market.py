"""Stock markets: where share prices live and how they move.

:class:`LinearMarket` is 1846's single row, with markers stacked in a column in
the order they arrived (1846 4.32-4.33); :class:`GridMarket` is 1847 AE's 2-D
grid.  :class:`TrackMarket` is 1853's per-company tracks.  A ruleset
only asks a market for a price, for moves, and for the stock price order.
"""

from __future__ import annotations

from moderator.copying import shallow
from moderator.dataclass_subset import dataclass, field

TYPE_CHECKING = False  # not `typing`'s: a core module, imported at every start
if TYPE_CHECKING:
    from typing import Any


@dataclass
class Market:
    """A stock market: a position per company and the stacking order within a space."""

    position: dict[str, int] = field(default_factory=dict)
    stacks: dict[int, list[str]] = field(default_factory=dict)
    """Markers on each space, top first: a marker entering a space goes below those there."""

    def price(self, company: str) -> int:
        """Current share price of ``company``."""
        raise NotImplementedError

    def move(self, company: str, steps: int) -> tuple[int, int]:
        """Move ``steps`` toward higher prices (negative: lower); returns (before, after).

        A 2-D market (1847 AE) reads a step right as right and a step left as down
        where its grid says so; a track market (1853) moves along the company's track.
        """
        raise NotImplementedError

    def has(self, company: str) -> bool:
        """Whether ``company`` has a marker on the market."""
        return company in self.position

    def _set(self, company: str, index: int) -> None:
        self.__dict__.pop("_zoned", None)  # what was worked out from the positions
        old = self.position.get(company)
        if old is not None:
            self.stacks[old].remove(company)
        self.position[company] = index
        self.stacks.setdefault(index, []).append(company)

    def price_after(self, company: str, steps: int) -> int:
        """The price ``steps`` would move ``company`` to, leaving the market as it was.

        A receipt asks this for every run; trying the move and putting the marker back
        in its place in its stack costs far less than copying the market.
        """
        position = self.position[company]
        spaces = set(self.stacks)
        stack = list(self.stacks[position])
        zoned = self.__dict__.get("_zoned")
        _, after = self.move(company, steps)
        now = self.position[company]
        if now != position:
            if now in spaces:
                self.stacks[now].remove(company)
            for space in [k for k in self.stacks if k not in spaces]:
                del self.stacks[space]  # spaces the move went through or to, new and empty
            self.position[company] = position
            self.stacks[position] = stack
            if zoned is not None:
                self._zoned = zoned  # the positions are back, and with them what it says
        return after

    def __getstate__(self) -> dict[str, object]:
        """The market without what is worked out from its positions (:meth:`GridMarket.zoned`
        keeps its answer until a marker moves): a copy or a save holds positions only."""
        kept = dict(self.__dict__)
        kept.pop("_zoned", None)
        return kept

    def clone(self) -> Market:
        """A copy sharing no mutable position or stack with this market."""
        new = shallow(self)
        new.position = dict(self.position)
        new.stacks = {k: list(v) for k, v in self.stacks.items()}
        return new

    def to_json(self) -> dict[str, object]:
        """The market for the state JSON: its ``kind`` and where each marker stands."""
        raise NotImplementedError

    def remove(self, company: str) -> None:
        """Take a closed company's marker off the market."""
        self.__dict__.pop("_zoned", None)
        old = self.position.pop(company, None)
        if old is not None:
            self.stacks[old].remove(company)


@dataclass
class LinearMarket(Market):
    """A single row of values, left (low) to right (high); 1846's market."""

    values: tuple[int, ...] = ()
    pars: tuple[int, ...] = ()

    def price(self, company: str) -> int:
        return self.values[self.position[company]]

    def index_of(self, value: int) -> int:
        """Index of the space with ``value``."""
        return self.values.index(value)

    def place(self, company: str, value: int) -> None:
        """Put a newly launched company's marker on the space of ``value``."""
        self._set(company, self.index_of(value))

    def move(self, company: str, steps: int) -> tuple[int, int]:
        """Move ``steps`` right (positive) or left (negative), stopping at both ends.

        Returns the price before and after.  A move that stays put keeps the
        marker's place in its stack.
        """
        before = self.position[company]
        after = max(0, min(len(self.values) - 1, before + steps))
        if after != before:
            self._set(company, after)
        return self.values[before], self.values[after]

    def to_json(self) -> dict[str, object]:
        """``kind: linear``, the row's ``values`` and each space's ``stacks`` (top first)."""
        return {
            "kind": "linear",
            "values": list(self.values),
            "stacks": {str(self.values[i]): list(s) for i, s in self.stacks.items() if s},
        }

    def value_at_offset(self, company: str, steps: int) -> int:
        """The price ``steps`` spaces right (left if negative) of the company's, clamped."""
        index = max(0, min(len(self.values) - 1, self.position[company] + steps))
        return self.values[index]

    def order(self, companies: list[str], *, descending: bool = True) -> list[str]:
        """Stock price order (1846 4.31): by price, ties top of the stack first (4.32)."""
        present = set(companies)
        indexes = sorted(
            {self.position[c] for c in companies if c in self.position}, reverse=descending
        )
        ordered: list[str] = []
        for index in indexes:
            ordered.extend(c for c in self.stacks.get(index, []) if c in present)
        return ordered


@dataclass
class TrackMarket(LinearMarket):
    """1853's stock market: one track per company, all with the same values.

    Each company moves only along its own track, so no markers share a space and no
    stacking order matters.  ``par_of`` is each company's printed starting price; the
    values and pars the rules leave to the board can be provisional until the banker
    confirms them (``provisional``, ``provisional_pars``).  The dicts are replaced, never
    changed in place, so a clone may share them.
    """

    par_of: dict[str, int] = field(default_factory=dict)
    provisional: bool = False
    provisional_pars: tuple[str, ...] = ()

    def at_top(self, company: str) -> bool:
        """Whether the company's marker stands on the last space (1853: £400, the end)."""
        return self.position[company] == len(self.values) - 1

    def to_json(self) -> dict[str, object]:
        """``kind: tracks``: the values, each par, the price of each company on the board."""
        return {
            "kind": "tracks",
            "values": list(self.values),
            "provisional": self.provisional,
            "pars": dict(self.par_of),
            "provisional_pars": list(self.provisional_pars),
            "positions": {c: self.values[i] for c, i in self.position.items()},
            "stacks": {str(self.values[i]): list(s) for i, s in self.stacks.items() if s},
        }


Cell = tuple[int, int]
"""A space of a 2-D market: (row, column), row 0 the top row."""


@dataclass
class GridMarket(Market):
    """A 2-D market of rows (1847 AE): prices rise to the right and upward.

    ``rows`` holds each row's values by column, ``None`` where the board has no
    space.  Positions are stored as ``row * width + column`` so the stacks and
    the base class work unchanged; :meth:`cell` gives the (row, column) back.

    Moves follow 1847 AE: a dividend moves right, or up one row from the
    rightmost space of a row (6.7.4); no dividend moves left, or down one row
    from the leftmost space (6.7.4); a selling turn moves down one row and a
    marker at the bottom of its column stays (8.2); a sold-out corporation
    moves up one row at the end of a stock round and one in the top row stays
    (8.5).  A marker moved onto an occupied space goes underneath (6.7.4).
    Where the board ends on both sides (the top-right and bottom-left corners)
    the marker stays put: the rules give no space to go to.
    """

    rows: tuple[tuple[int | None, ...], ...] = ()
    width: int = field(init=False, repr=False, compare=False)
    """Columns of the widest row (the rows never change: worked out once, not at every
    price lookup, where it cost a fifth of an 1847 AE replay)."""

    def __post_init__(self) -> None:
        self.width = max((len(r) for r in self.rows), default=0)
        self._price_at = [v for r in self.rows for v in (*r, *[None] * (self.width - len(r)))]
        """The prices by position (``row * width + column``), for the price lookups."""
        self._zone_at = "".join(z.ljust(self.width, ".") for z in self.zones)
        """The zones by position: asked for every certificate count (1830 10.0)."""
        width = max(self.width, 1)
        self._rank_at = [
            (-price, -(spot % width), spot // width) if price is not None else (0, 0, 0)
            for spot, price in enumerate(self._price_at)
        ]
        """Each space's place in the operating order (:meth:`order`): worked out once, not
        for every corporation before every operating turn."""
        self._right_at = [self._step(spot, 1) for spot in range(len(self._price_at))]
        """Where :meth:`right` takes a marker from each position (its own where it stays)."""
        self._left_at = [self._step(spot, -1) for spot in range(len(self._price_at))]
        """Where :meth:`left` takes a marker from each position (its own where it stays): the
        two tables are worked out once, for the run's receipt and its move (every run)."""

    def _step(self, spot: int, way: int) -> int:
        """The position one move right (``way`` 1: one space right, else one row up, 6.7.4)
        or left (-1: one space left, else one row down) takes a marker to from ``spot``;
        ``spot`` itself where the board ends (:meth:`_go`)."""
        # value() read in place over the padded table (made once a market, for each of
        # its spaces twice: a new game's cost, which a short recorded game feels)
        width, rows, price_at = self.width, len(self.rows), self._price_at
        row, col = divmod(spot, max(width, 1))
        if 0 <= col + way < width and price_at[spot + way] is not None:
            return spot + way
        if 0 <= row - way < rows and price_at[spot - way * width] is not None:
            return spot - way * width
        return spot

    def value(self, cell: Cell) -> int | None:
        """The price printed on ``cell``, or ``None`` where the board has no space."""
        row, col = cell
        if not (0 <= row < len(self.rows) and 0 <= col < len(self.rows[row])):
            return None
        return self.rows[row][col]

    def cell(self, company: str) -> Cell:
        """The (row, column) of a company's marker."""
        return divmod(self.position[company], self.width)

    def price(self, company: str) -> int:
        value = self._price_at[self.position[company]]
        assert value is not None, f"{company} stands off the board"
        return value

    def place(self, company: str, cell: Cell) -> None:
        """Put a marker on ``cell`` (a par space, or Krauss & Co.'s 100)."""
        if self.value(cell) is None:
            raise ValueError(f"the market has no space at row {cell[0]}, column {cell[1]}")
        self._set(company, cell[0] * self.width + cell[1])

    def _go(self, company: str, cell: Cell | None) -> tuple[int, int]:
        """Move to ``cell`` when the board has it (else stay); returns (before, after)."""
        before = self.price(company)
        if cell is not None and self.value(cell) is not None and cell != self.cell(company):
            self._set(company, cell[0] * self.width + cell[1])
        return before, self.price(company)

    def right(self, company: str) -> tuple[int, int]:
        """One space right; from a row's rightmost space, one row up instead (6.7.4)."""
        return self._step_to(company, self._right_at)

    def left(self, company: str) -> tuple[int, int]:
        """One space left; from a row's leftmost space, one row down instead (6.7.4)."""
        return self._step_to(company, self._left_at)

    def _step_to(self, company: str, table: list[int]) -> tuple[int, int]:
        """One move by ``table`` (:attr:`_right_at` or :attr:`_left_at`), as :meth:`_go`
        makes it: a marker that stays keeps its place in its stack."""
        spot = self.position[company]
        before = self._price_at[spot]
        target = table[spot]
        if target != spot:
            self._set(company, target)
        after = self._price_at[target]
        assert before is not None and after is not None, f"{company} stands off the board"
        return before, after

    def down(self, company: str) -> tuple[int, int]:
        """One row down; at the bottom of its column the marker stays (8.2)."""
        row, col = self.cell(company)
        return self._go(company, (row + 1, col))

    def up(self, company: str) -> tuple[int, int]:
        """One row up; in the top space of its column the marker stays (8.5)."""
        row, col = self.cell(company)
        return self._go(company, (row - 1, col))

    def _spot_after(self, company: str, steps: int) -> int:
        """The position ``steps`` moves would bring ``company`` to, as :meth:`move` makes
        them, worked out on the cells alone: nothing is moved and put back."""
        spot = self.position[company]
        table = self._right_at if steps > 0 else self._left_at
        for _ in range(abs(steps)):
            spot = table[spot]
        return spot

    def price_after(self, company: str, steps: int) -> int:
        """The price ``steps`` moves would bring ``company`` to (a receipt asks this for
        every run)."""
        found = self._price_at[self._spot_after(company, steps)]
        assert found is not None, f"{company} stands off the board"
        return found

    def stays(self, company: str, steps: int) -> bool:
        """Whether ``steps`` moves leave ``company``'s marker where it is (the board's
        corner)."""
        return self._spot_after(company, steps) == self.position[company]

    def changes_row(self, company: str, steps: int) -> bool:
        """Whether the first of ``steps`` moves takes ``company``'s marker up or down a row
        (from a row's end, 6.7.4) rather than along its row: the line to mirror says so."""
        spot = self.position[company]
        target = (self._right_at if steps > 0 else self._left_at)[spot]
        return target // max(self.width, 1) != spot // max(self.width, 1)

    def move(self, company: str, steps: int) -> tuple[int, int]:
        """``steps`` moves right (positive) or left (negative), each as :meth:`right` and
        :meth:`left` make it (by their tables); returns the price before and after."""
        table = self._right_at if steps > 0 else self._left_at
        before = self.price(company)
        for _ in range(abs(steps)):
            self._step_to(company, table)
        return before, self.price(company)

    pars: dict[str, int] = field(default_factory=dict)
    """Each corporation's printed par (1847 AE: fixed pars), for the state JSON."""
    zones: tuple[str, ...] = ()
    """Each row's zone colours by column, one letter a space (1830 10.0: ``y`` yellow, ``o``
    orange, ``b`` brown, ``.`` none); empty for a board without zones."""
    par_cells: tuple[Cell, ...] = ()
    """The spaces a corporation may start on, where the title lets the buyer choose (1830
    8.1: the red-edged column); empty where each has its printed par (1847 AE)."""

    def zoned(self) -> frozenset[str]:
        """The companies whose marker stands in a zone (1830 10.0: free of the limits).

        Asked for every certificate count, so the answer is kept until a marker is placed,
        moved or taken off (:meth:`_set`, :meth:`remove`)."""
        if not self.zones:
            return frozenset()
        found: frozenset[str] | None = self.__dict__.get("_zoned")
        if found is None:
            at = self._zone_at
            found = frozenset(c for c, spot in self.position.items() if at[spot] != ".")
            self._zoned = found
        return found

    def zone(self, company: str) -> str:
        """The zone letter of the company's space (``.``: none, a board without zones, or a
        company with no marker on the board)."""
        position = self.position.get(company)
        if position is None or not self.zones:
            return "."
        return self._zone_at[position]

    def to_json(self) -> dict[str, object]:
        """``kind: grid``, the ``rows`` (``None`` where no space), each marker's ``cells``,
        the ``stacks`` keyed ``"row,col"`` (top first) and the printed ``pars``."""
        stacks = {}
        for index, stack in self.stacks.items():
            if stack:
                row, col = divmod(index, self.width)
                stacks[f"{row},{col}"] = list(stack)
        data: dict[str, object] = {
            "kind": "grid",
            "rows": [list(r) + [None] * (self.width - len(r)) for r in self.rows],
            "cells": {c: list(self.cell(c)) for c in self.position},
            "stacks": stacks,
            "pars": dict(self.pars),
        }
        if self.zones:
            data["zones"] = [z + "." * (self.width - len(z)) for z in self.zones]
            data["par_cells"] = [list(cell) for cell in self.par_cells]
        return data

    def order(self, companies: list[str]) -> list[str]:
        """Operating order (1847 AE 6.1, 1830 16.0): highest price first; on one space the
        marker on top first; the same price on different spaces, the rightmost first, and in
        one column the upper first (1830's 67 stands three times in one column: 16.0 is
        silent, and the upper space is read as the higher value, as 18xx.games reads it: 1830
        facts D12)."""
        # the spaces in order, then each space's markers from the top of its stack: the
        # order of (-price, -column, row, place in the stack), one sort of a few spaces
        position, stacks = self.position, self.stacks
        present = set(companies)  # a stack holds only companies with a position
        spaces = sorted(
            {position[c] for c in companies if c in position}, key=self._rank_at.__getitem__
        )
        ordered: list[str] = []
        for space in spaces:
            stack = stacks[space]
            if len(stack) == 1:  # the usual space: its one marker is a company asked about
                ordered.append(stack[0])
            else:
                ordered += [c for c in stack if c in present]
        return ordered


# ------------------------------------------------------------ as the views read it
ZONE_MARKS = {"liquidation": "L", "acquisition": "A"}
"""The letter before a space of a one-row market's zone (1817 facts §7: the liquidation
space and the three acquisition spaces, each $0)."""


GRID_ZONES = {"y": "yellow", "o": "orange", "b": "brown"}
"""A grid market's zones by their letter in the state JSON's ``zones`` rows."""

ZONES_RULE = {"1889": "facts §4", "18Chesapeake": "§9.2"}
"""Where a title's rules define its grid's zones; 1830's 10.0 otherwise."""


def zone_legend(zones: list[str], title: str | None) -> str:
    """The key of a grid market's zones as the screens say it: only the zones its board has,
    with the title's rule (1830: ``yellow, orange, brown: zones (10.0)``; 1889, no brown:
    ``yellow, orange: zones (facts §4)``; 18Chesapeake ``yellow: zones (§9.2)``); ``""``
    for a market without zones."""
    found = [name for z, name in GRID_ZONES.items() if any(z in row for row in zones)]
    if not found:
        return ""
    return f"{', '.join(found)}: zones ({ZONES_RULE.get(title or '', '10.0')})"


def linear_stack(market: dict[str, Any], i: int) -> list[str]:
    """The markers on the ``i``-th space of a one-row market, top first: by the space's
    place (``by_index``), where several spaces have one value (1817's four $0 spaces: a
    corporation in the acquisition zone is not on the liquidation space); by value in a
    state JSON without it."""
    by_index = market.get("by_index")
    if by_index is not None:
        return list(by_index.get(str(i), []))
    values = market.get("values") or []
    return list((market.get("stacks") or {}).get(str(values[i]), []))
