"""A 2-D stock market's rules, shared by the titles that play on one (1847 AE, 1830).

The grid itself (its spaces, moves right/left/up/down and the operating order) is
:class:`moderator.market.GridMarket`; this module is what a ruleset does with it: a
marker placed on a space, a move told to the banker (or the board's edge that stops it),
a dividend moving one space right and none one space left, a sale moving down, and a
corporation wholly in players' hands moving up at the end of a stock round.  A title
names its rules through its ``rule_numbers`` (``dividend_move``, ``sale_move``,
``sold_out``) and says what moves a sale makes (:attr:`GridRules.down_per_share`) and
which holders keep a corporation from being sold out (:meth:`GridRules.unsold_holders`).
"""

from __future__ import annotations

from moderator.events import Noted, PriceMoved
from moderator.ledger import POOL, Company
from moderator.market import Cell, GridMarket
from moderator.state import GameState
from moderator.text import because, cited, moving_to_same_price
from rulesets.base import Ruleset

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

RULE_KEYS = ("dividend_move", "sale_move", "sold_out")
"""The ``rule_numbers`` keys a title on a 2-D market names besides every title's."""


def grid_from_text(
    text: str,
) -> tuple[tuple[tuple[int | None, ...], ...], tuple[str, ...], dict[int, tuple[int, int]]]:
    """A market written as rows of prices (row 0 first): a letter after a price marks its
    zone (``y``, ``o``, ``b``) or a par space (``p``), ``-`` no space.  Returns the grid,
    each row's zone letters (``.`` none) and the par prices with their spaces."""
    spaces = [line.split() for line in text.strip().splitlines()]
    grid = tuple(tuple(None if w == "-" else int(w.rstrip("yobp")) for w in r) for r in spaces)
    zones = tuple("".join(w[-1] if w[-1] in "yob" else "." for w in r) for r in spaces)
    pars = {
        grid[r][col]: (r, col)
        for r, row in enumerate(spaces)
        for col, w in enumerate(row)
        if w.endswith("p")
    }
    return grid, zones, pars  # type: ignore[return-value]


def marker_stays(cid: str) -> str:
    """How the line of a marker the board's edge keeps in place begins (``moderator
    check`` reads it: the sale's answer then does not say a second time that the price
    stays)."""
    return f"{cid}'s marker stays"


class GridRules(Ruleset):
    """The moves of a 2-D market, each told to the banker with its rule."""

    down_per_share: ClassVar[bool] = False
    """A sale moves the marker one row down per share sold (1830 8.2); otherwise one row
    per selling action, whatever its size (1847 AE 8.2)."""

    def grid(self, state: GameState) -> GridMarket:
        """The 2-D market."""
        assert isinstance(state.market, GridMarket)
        return state.market

    def _market_move(
        self, state: GameState, cid: str, way: str, reason: str, times: int = 1, moved: str = ""
    ) -> None:
        """Move a marker ``right``/``left``/``up``/``down`` (``times`` spaces, one event) and
        tell the banker; a marker the board's edge keeps in place is told so too.  ``moved``:
        words the line says only when the marker moves, before the reason's rule (a sold-out
        corporation's ": one row up"; one the top row keeps was said to stay and go up)."""
        grid = self.grid(state)
        cell = grid.cell(cid)
        before = after = grid.price(cid)
        for _ in range(times):
            _, after = getattr(grid, way)(cid)
        if grid.cell(cid) != cell:
            if moved:
                head, rule = cited(reason)
                reason = because(f"{head}{moved}", rule) if rule else f"{head}{moved}"
            if after == before:
                # another space of the same price (1830: $67 above $67): a move all the
                # same, which the line must not read as "stays"
                reason = moving_to_same_price(reason, way)
            state.ledger.events.append(
                PriceMoved(company=cid, before=before, after=after, reason=reason)
            )
        else:
            state.ledger.events.append(
                Noted(
                    text=because(
                        f"{marker_stays(cid)} at {self.money(after)}: the board has no "
                        f"space {way} of it",
                        reason,
                        "; ",
                    )
                )
            )

    def _place(self, state: GameState, cid: str, cell: Cell, reason: str) -> None:
        """Put a marker on ``cell`` (a par space) and say so."""
        self.grid(state).place(cid, cell)
        state.ledger.events.append(
            PriceMoved(company=cid, before=None, after=state.price(cid), reason=reason)
        )

    def after_sale(
        self, state: GameState, company: Company, *, by_president: bool, shares: int = 1
    ) -> None:
        """A sale moves the marker down: one row per selling action, or one per share
        (:attr:`down_per_share`); at the bottom of its column it stays."""
        rule = self.r("sale_move")
        if self.down_per_share:
            # the bottom of its column stops the marker: the line says the rows it goes
            # down, not the rows the shares sold would have moved it (1830 8.2)
            grid = self.grid(state)
            row, col = grid.cell(company.id)
            rows = 0
            while rows < shares and grid.value((row + rows + 1, col)) is not None:
                rows += 1
            said = f"{rows} rows" if rows > 1 else "one row"
            why = f"{shares} sold: {said} down" if rows else f"{shares} sold"  # else: stays
            if 0 < rows < shares:
                why += ", to the bottom of its column"
            self._market_move(state, company.id, "down", f"{why} ({rule})", times=shares)
            return
        # the rows it goes only when it moves: at the bottom of its column the line said it
        # stays and goes "one row down" (1847 8.2)
        self._market_move(state, company.id, "down", f"sold ({rule})", moved=": one row down")

    def unsold_holders(self, company: Company) -> tuple[str, ...]:
        """Who holds shares that are not in players' hands: the unsold ones and the pool
        (1847 AE adds the investor certificates not yet exchanged, 4.5.2)."""
        return (company.id, POOL)

    def sold_out(self, state: GameState, company: Company) -> str | None:
        """Why ``company`` is sold out at the end of a stock round, or ``None``: none of its
        shares is unsold or in the pool (18Chesapeake's two players: its own reading)."""
        rest = sum(company.holder_percent(h) for h in self.unsold_holders(company))
        return None if rest else f"all certificates held by players ({self.r('sold_out')})"

    def stock_round_end_moves(self, state: GameState) -> None:
        """A sold-out corporation moves up a row (one in the top row stays)."""
        corps = [co.id for co in state.ledger.corporations() if co.launched]
        for cid in self.grid(state).order(corps):
            why = self.sold_out(state, state.company(cid))
            if why is not None:
                # the rule last, as every other move's line cites it (1830 8.2)
                self._market_move(state, cid, "up", why, moved=": one row up")

    def operates(self, state: GameState, cid: str) -> bool:
        """Whether the corporation ``cid`` operates (1847 AE: it floated, 4.6; 1830: it has
        its capital, 11.0)."""
        raise NotImplementedError

    def operating_candidates(self, state: GameState) -> list[str]:
        """The corporations still to operate this round in market order (:meth:`stock_order`),
        worked out again before each turn, so a forced sale can move one still to run (1830
        16.0 is silent: facts D16)."""
        operated, operates = state.operated, self.operates  # looked up once: every turn asks
        # the ledger's corporations() read in place (in play: neither removed nor closed),
        # without a generator resumed for every company before every turn
        corps = [
            co.id
            for co in state.ledger.companies.values()
            if co.kind == "corporation"
            and not co.removed
            and not co.closed
            and co.id not in operated
            and operates(state, co.id)
        ]
        return self.grid(state).order(corps)

    def stock_order(self, state: GameState, cids: list[str]) -> list[str]:
        """The corporations in operating order: by price, the marker on top of its space
        first, the same price further right first (1847 AE 6.1, 1830 16.0)."""
        return self.grid(state).order(cids)

    def price_move(self, state: GameState, company: Company, paid: int) -> tuple[int, str]:
        """A dividend moves one space right (up a row from a row's right end), none one space
        left (down a row from a row's left end); the line says which."""
        rule = self.r("dividend_move")
        steps = 1 if paid else -1
        why = "dividend paid" if paid else "no dividend"
        return steps, f"{why}: {self.step_words(state, company.id, steps)} ({rule})"

    def step_words(self, state: GameState, cid: str, steps: int) -> str:
        """The move one step right (``steps`` > 0) or left makes, as the banker mirrors it:
        along the row, from a row's end up (down) a row (6.7.4), or none at the board's
        corner."""
        grid = self.grid(state)
        if cid in grid.position and grid.stays(cid, steps):
            # the board's corner: the bank says the marker stays, not that it moved
            return (
                f"the marker stays, no space {'right or above' if steps > 0 else 'left or below'}"
            )
        if cid in grid.position and grid.changes_row(cid, steps):
            # a row's end: the marker goes up (down) a row, not along it
            if steps > 0:
                return "one row up, from the right end of its row"
            return "one row down, from the left end of its row"
        return "one space right" if steps > 0 else "one space left"
