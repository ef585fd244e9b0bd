"""A one-row market with zones at its left end (1817 facts §7).

The row's leftmost spaces are special: a liquidation cell that only a liquidation puts a
marker in (no left move ever enters it: a marker on the first space after it stays) and
acquisition cells.  Several spaces may show the same value (1817: four $0 spaces), so a
marker is placed by its index, never by its value; the JSON keeps the shape of every
one-row market (``stacks`` by value) and adds ``zones`` and the stacks by ``index``.
"""

from __future__ import annotations

from moderator.dataclass_subset import dataclass
from moderator.market import LinearMarket
from moderator.text import moving_to_same_price

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from moderator.market import Market


def zone_of(market: Market, cid: str) -> str:
    """The zone of ``cid``'s space (``""``: an ordinary one, or ``cid`` not on the row)."""
    index = market.position.get(cid)  # type: ignore[attr-defined]
    if index is None:
        return ""
    return market.zones[index]  # type: ignore[attr-defined, no-any-return]


def end_words(market: Market, cid: str, steps: int) -> str:
    """What a row's end leaves of ``steps`` moves of ``cid``'s marker, to add to the line
    to mirror (``""``: it makes them all): a dividend of three spaces from the space before
    the last moves one, and the line must say one."""
    if not steps or not isinstance(market, LinearMarket) or cid not in market.position:
        return ""
    before = market.position[cid]
    if isinstance(market, ZonedRow):
        after = market.index_after(cid, steps)
    else:
        after = max(0, min(len(market.values) - 1, before + steps))
    moved = abs(after - before)
    if moved == abs(steps):
        return ""
    way = "right" if steps > 0 else "left"
    if not moved:
        return f"; the marker stays, no space further {way}"
    return f"; only {moved} {way}: the row ends"


@dataclass
class ZonedRow(LinearMarket):
    """A :class:`LinearMarket` whose first ``floor`` spaces no ordinary move enters."""

    floor: int = 0
    """Spaces at the left that a left move never enters (1817: 1, the liquidation cell)."""
    zones: tuple[str, ...] = ()
    """Each space's zone: ``""`` for an ordinary space, else its name (``liquidation``,
    ``acquisition``)."""

    def index_after(self, company: str, steps: int) -> int:
        """The space ``steps`` moves bring ``company`` to (a left move stops at the first
        space past the floor, a move at the row's end stays)."""
        before = self.position[company]
        low = min(self.floor, before)
        return max(low, min(len(self.values) - 1, before + steps))

    def move(self, company: str, steps: int) -> tuple[int, int]:
        """As on any row, but a left move stops at the first space past the floor."""
        before = self.position[company]
        after = self.index_after(company, steps)
        if after != before:
            self._set(company, after)
        return self.values[before], self.values[after]

    def said_as_move(self, company: str, steps: int, reason: str) -> str:
        """``reason`` for ``steps`` moves of ``company``'s marker, saying that the marker
        moves when it goes to another space of the same price (1817's $0 acquisition
        cells, facts §7): the line to mirror must not read as "stays"."""
        before = self.position[company]
        after = self.index_after(company, steps)
        if after == before or self.values[after] != self.values[before]:
            return reason
        way = "left" if steps < 0 else "right"
        return moving_to_same_price(reason, way)

    def place_at(self, company: str, index: int) -> None:
        """Put a marker on the space ``index`` (a liquidation: forced onto the floor)."""
        self._set(company, index)

    def zone(self, company: str) -> str:
        """The zone of ``company``'s space (``""``: an ordinary space)."""
        return self.zones[self.position[company]] if self.zones else ""

    def to_json(self) -> dict[str, object]:
        """The row as every one-row market writes it, plus each space's zone and stack."""
        stacks: dict[str, list[str]] = {}
        for i, stack in self.stacks.items():
            if stack:
                stacks.setdefault(str(self.values[i]), []).extend(stack)
        return {
            "kind": "linear",
            "values": list(self.values),
            "stacks": stacks,
            "zones": list(self.zones),
            "by_index": {str(i): list(s) for i, s in self.stacks.items() if s},
        }
