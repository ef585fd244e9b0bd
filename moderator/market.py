"""Stock markets: where share prices live and how they move.

:class:`LinearMarket` is 1846's single row, with markers stacked in a column in
the order they arrived (1846 4.32-4.33).  Other shapes (1847 AE's 2-D grid,
1853's per-company tracks) subclass :class:`Market`; the ruleset only asks a
market for a price, for moves by steps, and for the stock price order.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field


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
        old = self.position.get(company)
        if old is not None:
            self.stacks[old].remove(company)
        self.position[company] = index
        self.stacks.setdefault(index, []).append(company)

    def clone(self) -> Market:
        """A copy sharing no mutable position or stack with this market."""
        new = copy.copy(self)
        new.position = dict(self.position)
        new.stacks = {k: list(v) for k, v in self.stacks.items()}
        return new

    def remove(self, company: str) -> None:
        """Take a closed company's marker off the market."""
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
