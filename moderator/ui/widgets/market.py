"""Market widgets of titles beyond 1846: 1847 AE's 2-D stock market and its starting package.

Like the other panels (:mod:`moderator.ui.widgets.panels`) they only draw the
state JSON: the grid is ``market.rows`` (``None`` where the board has no
space) with the markers of ``market.stacks`` (keyed ``"row,col"``, top
first); the package is ``package`` while ``package_open``.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from moderator.market import zone_legend
from moderator.ui.style import ACTING, CHANGED
from moderator.ui.widgets.panels import Panel, _acting, _company, _money, badge, company_text

SHORT: dict[str, str] = {
    **{"LFK": "K", "Saar": "S", "HLB": "H", "NDB": "D", "RNB": "R"},
    **{"CO": "O", "NYNH": "H", "BM": "M"},
}
"""One-letter markers where the full ids do not fit (1847 AE: ``K`` is Krauss & Co.,
``D`` the Neustadt-Dürkheimer Bahn; 1830: ``O`` C&O, ``H`` NYNH, ``M`` B&M beside ``C``
CPR, ``N`` NYC, ``B`` B&O); a one-letter id is its own marker."""
ZONE_STYLE = {"y": "yellow", "o": "dark_orange", "b": "rgb(165,110,60)"}
"""The colour of a space's value in each zone of the board (1830 10.0: yellow, orange,
brown)."""

VALUE = 3
"""Characters of a space's value (the grid's prices have at most three digits)."""


def short_code(cid: str) -> str:
    """The one-letter marker of ``cid`` (:data:`SHORT`, else its first letter)."""
    return SHORT.get(cid, cid[:1])


def par_cells(market: dict[str, Any]) -> set[tuple[int, int]]:
    """The par spaces: ``market.par_cells`` when the state gives them, else for each par
    value its leftmost space (1847 AE's pars are printed in the second column, and
    Krauss & Co.'s 100 is the only 100 on the board)."""
    given = market.get("par_cells")
    if given:
        return {(int(r), int(c)) for r, c in given}
    rows: list[list[int | None]] = market.get("rows") or []
    found: set[tuple[int, int]] = set()
    for value in set((market.get("pars") or {}).values()):
        spaces = [(c, r) for r, row in enumerate(rows) for c, v in enumerate(row) if v == value]
        if spaces:
            col, row = min(spaces)
            found.add((row, col))
    return found


class GridMarketPanel(Panel):
    """The 2-D stock market drawn as its grid: one line per row of the board, each space
    its value and the markers on it, top of the stack first; par spaces underlined;
    the acting company marked ▶ and lit; the spaces the board does not have left blank.

    A column is as wide as its widest space needs, so the markers fit beside their
    value with their full ids where the width allows; narrower, they become one
    letter each (the legend is on the panel's lower border), and narrower still the
    letters follow the value without a space.
    """

    WIDTH_DEPENDENT = True
    KEEP_HEIGHT = True
    SPREAD = 3
    """At most this many spare characters are added to each column."""

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """The market, whose turn; highlights of the companies on it."""
        market = data.get("market") or {}
        placed = {cid for stack in market.get("stacks", {}).values() for cid in stack}
        return market, _acting(data, "OR"), changed & placed

    def layout(self, width: int) -> str:
        """``full``, ``short`` or ``tight``: the widest way of writing the markers that fits
        in ``width`` columns (``tight`` when none does)."""
        for mode in ("full", "short"):
            if sum(self.column_widths(mode)) <= width:
                return mode
        return "tight"

    def markers_width(self, stack: list[str], mode: str) -> int:
        """Characters the markers of one space take after its value."""
        if not stack:
            return 0
        if mode == "full":
            return sum(1 + len(cid) for cid in stack)
        return len(stack) + (1 if mode == "short" else 0)

    def column_widths(self, mode: str) -> list[int]:
        """Each column's width: a space before the value, the value, the widest markers."""
        market = (self.data or {}).get("market") or {}
        rows: list[list[int | None]] = market.get("rows") or []
        stacks: dict[str, list[str]] = market.get("stacks") or {}
        columns = max((len(r) for r in rows), default=0)
        widths = []
        for col in range(columns):
            extra = max(
                (self.markers_width(stacks.get(f"{r},{col}", []), mode) for r in range(len(rows))),
                default=0,
            )
            widths.append(1 + VALUE + extra)
        return widths

    def build(self) -> Any:
        data = self.data or {}
        market = data.get("market") or {}
        rows: list[list[int | None]] = market.get("rows") or []
        stacks: dict[str, list[str]] = market.get("stacks") or {}
        if not rows:
            return Text("")
        acting = _acting(data, "OR")
        room = self.size.width or 10_000
        mode = self.layout(room)
        widths = self.column_widths(mode)
        if widths and room > sum(widths):
            # spread the spare width over the columns (a few characters each at most), so
            # the board keeps its shape as the markers move
            spare = min(self.SPREAD, (room - sum(widths)) // len(widths))
            widths = [w + spare for w in widths]
        pars = par_cells(market)
        zones: list[str] = market.get("zones") or []
        lines: list[Text] = []
        for r, row in enumerate(rows):
            line = Text(no_wrap=True, overflow="crop")
            for col, width in enumerate(widths):
                value = row[col] if col < len(row) else None
                if value is None:
                    line.append(" " * width)
                    continue
                stack = stacks.get(f"{r},{col}", [])
                cell = Text(" ")
                value_style = "bold" if stack else "dim"
                if (r, col) in pars:
                    value_style += " underline"
                zone = zones[r][col] if zones else "."
                if zone in ZONE_STYLE:
                    value_style += f" {ZONE_STYLE[zone]}"
                cell.append(f"{value:>{VALUE}}", style=value_style)
                cell.append_text(self.markers(stack, mode, acting))
                cell.pad_right(width - cell.cell_len)
                line.append_text(cell)
            lines.append(line)
        legend = ""
        if mode != "full":
            shown = list(dict.fromkeys(cid for s in stacks.values() for cid in s))
            legend = " ".join(f"{short_code(cid)} {cid}" for cid in shown if short_code(cid) != cid)
        if zones:  # only the zones this board has, with its title's rule (1889: no brown)
            said = zone_legend(zones, data.get("title"))
            legend = " · ".join(x for x in (legend, said) if x)
        self.border_subtitle = legend
        return Group(*lines)

    def markers(self, stack: list[str], mode: str, acting: str | None) -> Text:
        """The markers of one space, top first, as :meth:`layout` chose to write them."""
        out = Text()
        if mode == "short" and stack:
            out.append(" ")
        for cid in stack:
            is_acting = cid == acting
            if mode == "full":
                out.append("▶" if is_acting else " ", style=ACTING)
                mark = company_text(cid)
            else:
                # a letter beside digits: in its badge colours, to stand apart
                mark = Text(short_code(cid), style=badge(cid).style)
            if is_acting:
                mark.stylize("underline reverse")
            if cid in self.changed:
                mark.stylize(CHANGED)
            out.append_text(mark)
        return out


_WITH = re.compile(r"(\S+) (\d+)%")


def short_with(text: str | None) -> str:
    """What comes with a package item, shortened to the corporation and the percentage:
    ``L 20%`` (in the package every 20% certificate is a director's, 3.3), ``L 10%``
    (the panel's width is shared by ten items)."""
    if not text:
        return ""
    match = _WITH.search(text)
    if match is None:
        return text[:12]
    return f"{match.group(1)} {match.group(2)}%"


class PackagePanel(Panel):
    """The starting package of 1847 AE's first stock round (3.3): each item, its price,
    what comes with it (a share, a director's certificate, the investor share it will
    become), and who bought it.  Shown only while items are for sale."""

    WIDTH_DEPENDENT = True

    ITEM_WIDTH = 28
    """Characters one item takes (the items are laid out in as many columns as fit)."""

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """The items, whether the package is open; highlights of the buyers."""
        package = data.get("package") or []
        buyers = {item.get("owner") for item in package} - {None}
        return package, data.get("package_open"), changed & buyers

    def shown_for(self, data: dict[str, Any]) -> bool | None:
        """Only while the package has items for sale."""
        return bool(data.get("package_open") and data.get("package"))

    def build(self) -> Any:
        data = self.data or {}
        cur = self.currency
        package: list[dict[str, Any]] = data.get("package") or []
        width = self.size.width or 120
        columns = max(1, min(len(package) or 1, width // self.ITEM_WIDTH))
        table = Table(box=None, expand=True, show_header=False, pad_edge=False, padding=(0, 1))
        for _ in range(columns):
            table.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
        cells = [self.item(entry, data, cur) for entry in package]
        left = sum(1 for entry in package if entry.get("owner") is None)
        self.border_subtitle = f"{left} of {len(package)} for sale"
        for start in range(0, len(cells), columns):
            row = cells[start : start + columns]
            row += [Text("")] * (columns - len(row))
            table.add_row(*row)
        return table

    def item(self, entry: dict[str, Any], data: dict[str, Any], cur: str) -> Text:
        """One item: id, price, what comes with it, its buyer (blank while for sale; a sold
        item is dimmed)."""
        iid = entry["item"]
        owner = entry.get("owner")
        text = Text()
        text.append_text(company_text(iid) if owner is None else Text(iid, style="dim"))
        text.pad_right(4 - len(iid))
        text.append(f" {_money(cur, entry.get('price'))}", style="bold" if owner is None else "dim")
        extra = short_with(entry.get("with"))
        investor = _company(data, iid).get("investor_of")
        if not extra and investor:
            extra = f"→{investor} 10%"
        if extra:
            text.append(f" +{extra}", style="" if owner is None else "dim")
        if owner is not None:
            text.append("  ", style="")
            who = Text(str(owner), style="bold")
            if owner in self.changed:
                who.stylize(CHANGED)
            text.append_text(who)
        return text


# ---------------------------------------------------------------- 1853: one track per company
TRACK_CELL = 4
"""Characters of one value on a track: a space and up to three digits."""


def track_window(
    count: int, prices: list[int], pars: list[int], fits: int
) -> tuple[int, int] | None:
    """The indexes ``[start, stop)`` of a track's values shown when only ``fits`` of its
    ``count`` values fit; ``None`` when the prices alone are too far apart for one window.

    The window holds every price (indexes ``prices``) and as many of the pars
    (``pars``) around them as fit, centred on what it holds, slid to either end
    of the track when it would run past it.
    """
    if count <= fits:
        return 0, count
    core = prices or pars or [0]
    lo, hi = min(core), max(core)
    if hi - lo + 1 > fits:
        return None
    if pars:
        # widen towards the pars, one value on each side in turn, while it fits
        want_lo, want_hi = min(lo, *pars), max(hi, *pars)
        while hi - lo + 1 < fits and (lo > want_lo or hi < want_hi):
            if lo > want_lo:
                lo -= 1
            if hi < want_hi and hi - lo + 1 < fits:
                hi += 1
    centre = (lo + hi) // 2
    start = max(0, min(centre - fits // 2, count - fits))
    start = min(start, lo)
    start = max(start, hi - fits + 1)
    return start, start + fits


class TracksMarketPanel(Panel):
    """1853's stock market: one track per company, in number order (1 EIR ... 8 ECR).

    Each line is a company's track: its values from £10 to the £400 that ends the
    game (4.7.3, 5.1.3), the company's par underlined, its price (once formed)
    in the company's colours, the acting company marked ▶.  Where the whole
    track does not fit, a window of values around the prices and pars is shown
    (the same window on every line, so the columns stay aligned), and the £400
    end is always written at the right.  While the board's values are still the
    shipped provisional ones (``market.provisional`` or any
    ``market.provisional_pars``) the panel says PROVISIONAL: the banker confirms
    them with ``market``/``setpar`` before the first ``bond``.
    """

    WIDTH_DEPENDENT = True
    KEEP_HEIGHT = True
    LABEL = 8
    """Characters of a line's label: ``▶5 BBCI`` and a space."""
    END = 5
    """Characters of the right end when the track is cut: ``… 400``."""
    base_title: str | None = None
    """The title given by the screen (PROVISIONAL is added to it while it applies)."""

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """The market, the companies' numbers, whose turn; highlights of the companies."""
        market = data.get("market") or {}
        numbers = [
            (co["id"], co.get("number"), co.get("major"))
            for co in data.get("companies", [])
            if co.get("kind") == "corporation"
        ]
        ids = {cid for cid, _, _ in numbers}
        confirm = self.confirmable(data)
        return market, numbers, _acting(data, "OR"), changed & ids, "market" in changed, confirm

    @staticmethod
    def confirmable(data: dict[str, Any]) -> bool:
        """Whether the board's values may still be confirmed: ``market``/``setpar`` come
        right after ``game``, before the first bond (the game refuses them later)."""
        return bool((data.get("round") or {}).get("setup")) and not data.get("bonds")

    def companies(self) -> list[dict[str, Any]]:
        """The corporations in number order (the order of the tracks)."""
        data = self.data or {}
        corps = [co for co in data.get("companies", []) if co.get("kind") == "corporation"]
        return sorted(corps, key=lambda co: (co.get("number") or 99, co["id"]))

    @staticmethod
    def provisional(market: dict[str, Any]) -> bool:
        """Whether any of the board's values in force is still a provisional one."""
        return bool(market.get("provisional") or market.get("provisional_pars"))

    def build(self) -> Any:
        data = self.data or {}
        market = data.get("market") or {}
        values: list[int] = list(market.get("values") or [])
        if not values:
            return Text("")
        pars: dict[str, int] = market.get("pars") or {}
        positions: dict[str, int] = market.get("positions") or {}
        acting = _acting(data, "OR")
        corps = self.companies()
        index = {v: i for i, v in enumerate(values)}
        prices = [index[v] for v in positions.values() if v in index]
        par_marks = [index[v] for v in pars.values() if v in index]
        room = (self.size.width or 116) - self.LABEL
        fits = max(4, room // TRACK_CELL)
        if fits < len(values):
            fits = max(4, (room - self.END) // TRACK_CELL)
        common = track_window(len(values), prices, par_marks, fits)
        lines: list[Text] = []
        for co in corps:
            cid = co["id"]
            par = pars.get(cid)
            price = positions.get(cid)
            window = common
            if window is None:
                # the prices are too far apart for one window: each track shows its own
                # price and par (the columns no longer line up)
                own = [index[v] for v in (price,) if v in index]
                window = track_window(
                    len(values), own, [index[par]] if par in index else [], fits
                ) or (0, fits)
            start, stop = window
            cut_left, cut_right = start > 0, stop < len(values)
            line = Text(no_wrap=True, overflow="crop")
            line.append("▶" if cid == acting else " ", style=ACTING)
            number = co.get("number")
            line.append(f"{number if number is not None else ''}", style="dim")
            label = company_text(cid)
            if cid in self.changed:
                label.stylize(CHANGED)
            if co.get("major") is False:
                label.stylize("italic")
            line.append(" ")
            line.append_text(label)
            line.pad_right(self.LABEL - line.cell_len)
            line.append("…" if cut_left else " ", style="dim")
            for i in range(start, stop):
                value = values[i]
                text = f"{value:>{TRACK_CELL - 1}}"
                if value == price:
                    cell = Text(text, style=badge(cid).style)
                    if cid == acting:
                        cell.stylize("underline")
                    if cid in self.changed:
                        cell.stylize(CHANGED)
                else:
                    cell = Text(text, style="dim" if value != par else "bold")
                if value == par:
                    cell.stylize("underline")
                if i == len(values) - 1:
                    cell.stylize("red")
                line.append_text(cell)
                line.append(" ")
            if cut_right:
                line.append("…", style="dim")
                end = Text(f"{values[-1]:>{TRACK_CELL - 1}}", style="red")
                if price == values[-1]:
                    end = Text(f"{values[-1]:>{TRACK_CELL - 1}}", style=badge(cid).style)
                line.append_text(end)
            lines.append(line)
        cur = self.currency
        self.border_subtitle = (
            f"par underlined · price in colour · {_money(cur, values[-1])} ends the game (4.7.3)"
        )
        if self.base_title is None:
            self.base_title = str(self.border_title or "")
        self.border_title = self.base_title
        if self.provisional(market):
            self.border_title = f"{self.base_title} — PROVISIONAL"
            what = []
            if market.get("provisional"):
                what.append("track values")
            if market.get("provisional_pars"):
                shown = market["provisional_pars"]
                what.append(
                    ("pars of " + " ".join(shown)) if len(shown) < len(corps) else "every par"
                )
            # worded to fit a 120-column screen whole (it was cut: "...first bond: the ga…")
            ask = (
                "as shipped; confirm with `market` and `setpar` before the first bond"
                if self.confirmable(data)
                else "as shipped, not confirmed before the first bond; the game goes on with them"
            )  # issue 27.7: once a bond is set, `market`/`setpar` are refused: not asked
            note = Text.assemble(
                ("PROVISIONAL", "bold reverse yellow"),
                (f" {' and '.join(what)}: {ask}", "yellow"),
            )
            note.no_wrap = True
            note.overflow = "ellipsis"
            lines.append(note)
        return Group(*lines)
