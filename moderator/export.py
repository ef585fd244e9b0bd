"""The export: a game's score, history, market and journal as a workbook or CSV files.

``moderator export SAVE --xlsx FILE`` writes one workbook (XlsxWriter) with the sheets

- **Final**: the score (:func:`moderator.scoring.score`) with live formulas — each holding
  is shares × the company's price cell, each total the SUM of cash, holdings and the
  privates the title counts, the place ranked from the totals — so a banker may change a
  price or a cash cell and read the new totals;
- **Rounds**: each player's cash and value and each company's price at the end of every
  round (:func:`moderator.scoring.history`);
- **Value chart**, **Price chart**: line charts of the values and the prices, each on a
  chart sheet of its own;
- **Companies**: every run of every round: revenue, payout kind, the shares it is divided
  by, the dividend a share, price;
- **Market**: where each company stands on the market now, and the market's spaces;
- **Journal**: every accepted command with its number and round.

Why XlsxWriter: every formula is written together with its result (``write_formula``'s
value) — the engine's own figure, the score's, which the formula gives too — so a reader
that does not calculate (openpyxl's ``data_only``, pandas, python-calamine, a file
previewer, a phone) shows every total and place, while a spreadsheet program recomputes
on opening and on every change.  openpyxl writes formulas without results (those readers
showed blank totals); XlsxWriter also draws the charts' series in given colours and
writes a full print setup, and imports faster.  It only writes, which is all the export
does (the tests read the workbook back with openpyxl and python-calamine).

Every column is as wide as its header and its values; each sheet prints as a table
would, legibly: never below :data:`MIN_PRINT_SCALE`, a wide table over more pages with its
header row (and first column) on every page, each chart a landscape page of its own.
The charts draw each company in its livery colour and each player in a colour of their
own (:mod:`moderator.palette`, shared with the terminal's charts and the table view).

``--csv DIR`` writes the same tables as ``final.csv``, ``rounds.csv``, ``companies.csv``,
``market.csv`` and ``journal.csv``: plain values (the totals computed), UTF-8, a header row.

Nothing here knows a title: the figures come from the ruleset through the score, the
history and the state JSON, so 1846, 1847 AE and 1853 share every line.  Files are
written to a temporary name beside the target and renamed over it, so a crash or a refusal
never leaves a half-written file.  The core never imports the UI.
"""

from __future__ import annotations

import csv
import io
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

import xlsxwriter
from xlsxwriter.chart import Chart
from xlsxwriter.format import Format
from xlsxwriter.utility import xl_col_to_name
from xlsxwriter.worksheet import Worksheet

from moderator import osfiles, palette, scoring
from moderator.errors import Refusal
from moderator.journal import fsync_dir
from moderator.scoring import Progress, RoundRecord, Score
from moderator.text import money

if TYPE_CHECKING:
    from moderator.game import Game

CHART_SHEETS = ("Value chart", "Price chart")
"""The chart sheets: each player's value over the rounds, each company's price (the
second appears once a company has a price)."""

SHEETS = ("Final", "Rounds", *CHART_SHEETS, "Companies", "Market", "Journal")
"""The workbook's sheets, in order."""

TABLE_SHEETS = tuple(name for name in SHEETS if name not in CHART_SHEETS)
"""The sheets holding tables (one CSV file each)."""

CSV_FILES = ("final.csv", "rounds.csv", "companies.csv", "market.csv", "journal.csv")
"""The CSV export's files, one per sheet, in the same order."""

FINAL_HEADER_ROW = 5
"""The Final sheet's column headers; the price row follows, then one row per player."""

Cell = int | Decimal | str | None
"""A plain value of a CSV row (or of a cell written as a value); a :class:`~decimal.Decimal`
is an amount to the cent (1817's $26.60 a share), written ``26.60``."""


# ================================================================= progress
class _Ticker:
    """Reports ``progress(done, total)`` with ``done`` increasing, ending at ``total``."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress = progress
        self.total = max(1, total)
        self.done = 0

    def to(self, done: int) -> None:
        """Report ``done`` if it is further on than the last report (capped at the total)."""
        done = min(self.total, done)
        if done > self.done:
            self.done = done
            if self.progress is not None:
                self.progress(done, self.total)

    def step(self, n: int = 1) -> None:
        """Report ``n`` more steps done."""
        self.to(self.done + n)

    def finish(self) -> None:
        """Report the job done (``done == total``)."""
        self.to(self.total)


def _history(game: Game, ticker: _Ticker, share: int) -> list[RoundRecord]:
    """The history, its replay reported as the first ``share`` steps of ``ticker``."""
    start = ticker.done

    def replayed(done: int, total: int) -> None:
        ticker.to(start + (share * done) // max(1, total))

    records = scoring.history(game, replayed)
    ticker.to(start + share)  # a cached history replays nothing and reports nothing
    return records


def _steps(game: Game) -> int:
    """The export's steps: the history's replay and the journal's rows (one per entry
    each), then one for each sheet and one for writing the file."""
    return 2 * len(game.journal) + len(TABLE_SHEETS) + 1


# ================================================================= the Final sheet's layout
@dataclass
class _FinalLayout:
    """The Final table's columns, worked out from the score's items (nothing here knows a
    title)."""

    companies: list[str] = field(default_factory=list)
    """Companies some player holds shares of (score order)."""
    prices: dict[str, int] = field(default_factory=dict)
    """The price each company's shares are scored at."""
    counted: list[tuple[str, str]] = field(default_factory=list)
    """(kind, what) of the other items the title counts (privates), one column each."""
    uncounted: list[str] = field(default_factory=list)
    """What the title leaves out but has a figure (1853's bonds), one column each."""
    reasons: dict[tuple[str, bool, str], list[str]] = field(default_factory=dict)
    """(kind, counted, rule) -> the items it applies to: the notes under the table."""

    @classmethod
    def of(cls, score: Score) -> _FinalLayout:
        """The layout for ``score``."""
        out = cls()
        for p in score.players:
            for item in p.items:
                if item.kind == "cash" and item.counted:
                    continue
                if item.kind == "shares" and item.counted:
                    if item.what not in out.prices:
                        out.companies.append(item.what)
                        out.prices[item.what] = item.price
                elif item.counted:
                    if (item.kind, item.what) not in out.counted:
                        out.counted.append((item.kind, item.what))
                elif (item.value or item.kind == "excluded") and item.what not in out.uncounted:
                    out.uncounted.append(item.what)
                if item.kind != "shares" and item.note:
                    whats = out.reasons.setdefault((item.kind, item.counted, item.note), [])
                    if item.what not in whats:
                        whats.append(item.what)
        return out

    @property
    def notes(self) -> list[str]:
        """One line per rule: ``K, W (private, not counted): no stock value ... (9)``,
        ``cash (not counted): a bankrupt player ... (25.0)``."""
        out = []
        for (kind, counted, note), whats in self.reasons.items():
            said = "counted" if counted else "not counted"
            kinds = "" if whats == [kind] else f"{kind}, "
            out.append(f"{', '.join(whats)} ({kinds}{said}): {note}")
        return out

    def header(self) -> list[str]:
        """The sheet's column headers (the CSV has its own, with prices per company):
        the player, then the result (Total, Place, Tie, Bankrupt: on the first printed
        page whatever the table's width), then what the total adds up, then what it
        leaves out."""
        return [
            "Player",
            *RESULT_COLUMNS,
            "Cash",
            *self.companies,
            *[f"{cid} value" for cid in self.companies],
            *[f"{what} ({kind})" for kind, what in self.counted],
            *[f"{what} (not counted)" for what in self.uncounted],
            "Not counted",
        ]


RESULT_COLUMNS = ("Total", "Place", "Tie", "Bankrupt")
"""The Final sheet's result columns, right of the player's name."""


def _item_value(player: scoring.PlayerScore, kind: str, what: str, counted: bool) -> int | None:
    """The summed value of a player's items of ``kind``/``what`` (``None``: none held)."""
    found = [
        i.value for i in player.items if i.kind == kind and i.what == what and i.counted == counted
    ]
    return sum(found) if found else None


def _uncounted_value(player: scoring.PlayerScore, what: str) -> int | None:
    found = [i.value for i in player.items if not i.counted and i.what == what]
    return sum(found) if found else None


def _counted_per_share(player: scoring.PlayerScore, kind: str, what: str) -> int | None:
    """The summed count of a player's counted items of ``kind``/``what`` when each is so
    many shares at their company's price (value = count × price), else ``None``."""
    found = [i for i in player.items if i.kind == kind and i.what == what and i.counted]
    if not found or any(not i.count or i.value != i.count * i.price for i in found):
        return None
    return sum(i.count for i in found)


def _shares(player: scoring.PlayerScore, cid: str) -> int:
    return sum(i.count for i in player.items if i.kind == "shares" and i.what == cid)


def _not_counted_text(player: scoring.PlayerScore, currency: str) -> str:
    """The player's items the score leaves out, with the reason (``K, W: no stock value``)."""
    by_note: dict[str, list[str]] = {}
    for i in player.items:
        if i.counted:
            continue
        shown = f"{i.what} {money(currency, i.value)}" if i.value else i.what
        by_note.setdefault(i.note, []).append(shown)
    return "; ".join(
        f"{', '.join(whats)}: {note}" if note else ", ".join(whats)
        for note, whats in by_note.items()
    )


def _status(score: Score) -> tuple[str, str, str]:
    """Heading, "Game ended" answer and why."""
    if score.final:
        head = f"{score.title_name}: final score ({score.round})"
    else:
        head = f"{score.title_name}: score if the game ended now ({score.round})"
    # the heading says "if the game ended now": the reason says it no more (issue 38.4)
    return head, "yes" if score.final else "no", score.why


# ================================================================= workbook
def _money_format(currency: str, cents: bool = False) -> str:
    """An integer money format with the title's currency sign (``"$"#,##0``); ``cents``:
    to the cent (``"$"#,##0.00``, an amount a share the shares do not divide)."""
    sign = currency.replace('"', "")
    figure = "#,##0.00" if cents else "#,##0"
    return f'"{sign}"{figure};-"{sign}"{figure}'


def _shown(value: Cell, currency: str | None) -> str:
    """A cell as a spreadsheet shows it (money with its sign and thousands separators)."""
    if value is None:
        return ""
    if isinstance(value, int | Decimal) and currency is not None:
        return money(currency, value if isinstance(value, int) else str(value))
    return str(value)


class _Formats:
    """The workbook's cell formats, made once."""

    def __init__(self, wb: xlsxwriter.Workbook, currency: str) -> None:
        self.currency = currency
        self.workbook = wb
        money = _money_format(currency)
        self.bold = wb.add_format({"bold": True})
        self.bold_right = wb.add_format({"bold": True, "align": "right"})
        self.bold_centre = wb.add_format({"bold": True, "align": "center"})
        self.centre = wb.add_format({"align": "center"})
        self.title = wb.add_format({"bold": True, "font_size": 12})
        self.money = wb.add_format({"num_format": money})
        self.money_cents = wb.add_format({"num_format": _money_format(currency, cents=True)})
        self.money_bold = wb.add_format({"num_format": money, "bold": True})
        self.wrap = wb.add_format({"text_wrap": True, "valign": "top"})


PRINT_WIDTH = {True: 920, False: 680}
"""The width a page prints, in screen pixels, landscape and portrait: Letter or A4 less
half an inch each side, a little to spare."""
FONT_SPARE = 1.38
"""How much wider than Calibri's a column may draw where the spreadsheet program has
another font (LibreOffice without Carlito draws a column about a quarter wider)."""
MIN_PRINT_SCALE = 75
"""No sheet prints smaller than this (per cent): the workbook's 11-point text is then
8.25 points on paper.  A table wider than a page at this scale goes on over more pages
rather than shrinking (its first column and header row printed again on each)."""
CHART_FONT = {"title": 16, "text": 11}
"""The charts' text in points: the title, and the axes' labels, their names and the
legend.  A chart sheet is printed scaled to the page, which takes about a tenth off on
Letter paper: 11 points print at about 10."""


def _page_breaks(
    widths: Sequence[float], groups: Sequence[int], page: float, repeat: float
) -> tuple[list[int], int, int]:
    """Where a table's printed pages break, how many pages it takes and how many of its
    groups of columns are cut across two pages.

    ``widths`` are the columns' printed widths and ``page`` the width of a page.  Each
    page after the first holds ``repeat`` (the first column printed again, or nothing) and
    as many whole groups (of columns, each starting at a column in ``groups``) as fit; the
    columns before which a page starts are returned.  A group wider than a page is left to
    the spreadsheet program to break: it counts the pages it needs, and as cut."""
    starts = sorted({g for g in groups if 0 < g < len(widths)})
    bounds = [0, *starts, len(widths)]
    breaks: list[int] = []
    used, pages, cut = 0.0, 1, 0
    for first, end in zip(bounds, bounds[1:], strict=False):
        width = sum(widths[first:end])
        if used and used + width > page:
            breaks.append(first)
            used, pages = repeat, pages + 1
        used += width
        if used > page:
            cut += 1
        while used > page:  # the group goes on over another page
            used, pages = repeat + used - page, pages + 1
    return breaks, pages, cut


class _Sheet:
    """One worksheet written cell by cell (rows and columns from 0, as XlsxWriter counts),
    remembering the widest thing shown in each column so the columns fit their headers and
    values: a header is never cut ("PRR valu")."""

    def __init__(self, wb: xlsxwriter.Workbook, name: str, fmt: _Formats) -> None:
        self.ws: Worksheet = wb.add_worksheet(name)
        self.name = name
        self.fmt = fmt
        self.blocks: dict[int, Format] = {}
        self.width: dict[int, float] = {}
        self.last_row = 0
        self.last_col = 0

    def _fit(self, row: int, col: int, shown: str, bold: bool, fit: bool) -> None:
        self.last_row = max(self.last_row, row)
        self.last_col = max(self.last_col, col)
        if fit and shown:
            # Bold glyphs are about a tenth wider; one character's margin each side.
            chars = max(len(line) for line in shown.splitlines()) * (1.1 if bold else 1.0)
            self.width[col] = max(self.width.get(col, 0), chars + 2)

    def put(
        self,
        row: int,
        col: int,
        value: Cell,
        fmt: Format | None = None,
        *,
        money: bool = False,
        fit: bool = True,
    ) -> None:
        """Write a value: a number, text (never run as a formula: a player named
        ``=SUM(A1)`` stays a name) or nothing.  ``fit=False``: text that may run on over
        the empty cells to its right (a title, a note) and does not widen its column."""
        if value is None:
            return
        if isinstance(value, int):
            cell_fmt = fmt or (self.fmt.money if money else None)
            self.ws.write_number(row, col, value, cell_fmt)
        elif isinstance(value, Decimal):  # to the cent: shown with its two decimals
            cell_fmt = fmt or (self.fmt.money_cents if money else None)
            self.ws.write_number(row, col, float(value), cell_fmt)
        else:
            self.ws.write_string(row, col, value, fmt)
        bold = fmt in (
            self.fmt.bold,
            self.fmt.bold_right,
            self.fmt.bold_centre,
            self.fmt.title,
            self.fmt.money_bold,
        )
        shown = _shown(value, self.fmt.currency if money else None)
        self._fit(row, col, shown, bold, fit)

    def formula(
        self,
        row: int,
        col: int,
        formula: str,
        value: int | str,
        fmt: Format | None = None,
        *,
        money: bool = False,
    ) -> None:
        """Write a live formula together with its result as computed by moderator, so a
        reader that does not calculate (a previewer, pandas, a phone) shows the figure."""
        self.ws.write_formula(row, col, formula, fmt, value)
        bold = fmt in (self.fmt.bold, self.fmt.money_bold)
        shown = _shown(value, self.fmt.currency if money else None)
        self._fit(row, col, shown, bold, True)

    def header(
        self,
        row: int,
        names: Sequence[str],
        right: Iterable[int] = (),
        centre: Iterable[int] = (),
    ) -> None:
        """A bold header row from column A; the columns in ``right`` (figures, which a
        spreadsheet aligns right) have their header aligned right too, over them, so a
        figure never stands nearer the next column's header than its own; those in
        ``centre`` (short words: yes, tie) centred."""
        over_figures, centred = set(right), set(centre)
        for col, name in enumerate(names):
            fmt = self.fmt.bold_right if col in over_figures else self.fmt.bold
            self.put(row, col, name, self.fmt.bold_centre if col in centred else fmt)

    def table(
        self, top: int, rows: Iterable[Sequence[Cell]], money_cols: Iterable[int] = ()
    ) -> int:
        """Rows of plain values from row ``top``; the columns in ``money_cols`` show money.
        Returns the row after the last (``top`` when there are none)."""
        money = set(money_cols)
        r = top - 1
        for r, row in enumerate(rows, start=top):
            for c, value in enumerate(row):
                self.put(r, c, value, money=c in money)
        return r + 1

    def set_widths(self, caps: dict[int, int] | None = None, wrap: Iterable[int] = ()) -> None:
        """Each column as wide as its widest header or value (at most its cap in ``caps``;
        the columns in ``wrap`` wrap longer text onto more lines)."""
        caps = caps or {}
        wrapped = set(wrap)
        for col, width in self.width.items():
            cap = caps.get(col)
            fmt = self.fmt.wrap if col in wrapped else None
            self.ws.set_column(col, col, min(width, cap) if cap else width, fmt)

    def col_pixels(self, col: int) -> int:
        """A column's width on screen in pixels (the default column is 64)."""
        width = self.width.get(col)
        return 64 if width is None else int(width * 7 + 5)

    def print_setup(
        self,
        title: str,
        *,
        landscape: bool,
        last_row: int,
        last_col: int,
        header_rows: tuple[int, int] | None = None,
        first_col: bool = False,
        groups: Sequence[int] = (),
    ) -> int:
        """What a printed table needs: the orientation, a legible scale, the print area,
        the header rows (``header_rows``: first and last, from 0) and with ``first_col``
        the first column repeated on every page, and the sheet named in the page header.

        The scale fits the table to one page wide, at most 100% and never below
        :data:`MIN_PRINT_SCALE`.  A table too wide for that goes on over more pages, its
        groups of columns (``groups``: the columns starting one) packed onto pages whole:
        at the legible scale that cuts the fewest groups, then takes the fewest pages,
        the largest such.  An explicit scale rather than "fit to pages": a spreadsheet
        fitting pages shrinks a wide table to any size, and ignores the page breaks.
        The paper is :data:`PAPER`.  Returns the last column printed on the first page."""
        ws = self.ws
        if landscape:
            ws.set_landscape()
        else:
            ws.set_portrait()
        page = PRINT_WIDTH[landscape]
        widths = [self.col_pixels(c) * FONT_SPARE for c in range(last_col + 1)]
        breaks: list[int] = []
        scale = min(100, int(100 * page / max(1.0, sum(widths))))
        if scale < MIN_PRINT_SCALE:
            # at a legible scale: the fewest groups cut, then the fewest pages, at the
            # largest scale that keeps them
            repeat = widths[0] if first_col else 0.0
            layouts = {
                percent: _page_breaks(widths, groups, page * 100 / percent, repeat)
                for percent in range(MIN_PRINT_SCALE, 101)
            }
            best = min((cut, pages) for _, pages, cut in layouts.values())
            scale = max(p for p, (_, pages, cut) in layouts.items() if (cut, pages) == best)
            breaks = layouts[scale][0]
            if breaks:
                ws.set_v_pagebreaks(breaks)
        ws.set_print_scale(scale)
        ws.set_paper(PAPER)
        ws.set_margins(left=0.5, right=0.5, top=0.7, bottom=0.6)
        ws.print_area(0, 0, last_row, last_col)
        if header_rows is not None:
            ws.repeat_rows(*header_rows)
        if first_col:
            ws.repeat_columns(0)
        safe = title.replace("&", "&&")
        ws.set_header(f"&L{safe} · &A&RPage &P of &N", margin=0.3)
        # the last column printed on the first page
        room, used = page * 100 / scale, 0.0
        for col, width in enumerate(widths):
            used += width
            if used > room or (breaks and col == breaks[0]):
                return max(0, col - 1)
        return last_col

    def text_block(
        self, row: int, last_col: int, text: str, fmt: Format | None = None, first_col: int = 0
    ) -> None:
        """``text`` in one cell spanning columns ``first_col`` to ``last_col`` of ``row``,
        wrapped within them, the row as tall as its lines: text that would run on over
        the empty cells to its right, kept within the columns that print beside it."""
        size = 12 if fmt is self.fmt.title else 11
        fmt = self.wb_format(fmt)
        if last_col <= first_col:
            self.ws.write_string(row, first_col, text, fmt)
        else:
            self.ws.merge_range(row, first_col, row, last_col, text, fmt)
        chars = sum(self.width.get(c, 8.43) for c in range(first_col, last_col + 1))
        lines = _wrapped_lines(text, max(10, int(chars / FONT_SPARE)))
        self.ws.set_row(row, max(15.0, lines * size * 1.35))
        self.last_row = max(self.last_row, row)

    def wb_format(self, fmt: Format | None) -> Format:
        """The wrapping, top-aligned twin of ``fmt`` (made once per format)."""
        key = id(fmt)
        if key not in self.blocks:
            props: dict[str, Any] = {"text_wrap": True, "valign": "top"}
            if fmt is self.fmt.title:
                props.update(bold=True, font_size=12)
            elif fmt is self.fmt.bold:
                props["bold"] = True
            self.blocks[key] = self.fmt.workbook.add_format(props)
        return self.blocks[key]


PAPER = 9
"""The paper every sheet is set up for: A4 (XlsxWriter's paper 9).  The widths of
:data:`PRINT_WIDTH` fit Letter as well."""


def _wrapped_lines(text: str, width: int) -> int:
    """How many lines ``text`` takes wrapped at ``width`` characters (at spaces)."""
    lines, used = 1, 0
    for word in text.split():
        need = len(word) + (1 if used else 0)
        if used and used + need > width:
            lines, used = lines + 1, len(word)
        else:
            used += need
    return lines


def _final_sheet(sh: _Sheet, score: Score) -> None:
    """The Final sheet: status, header, price row, one row per player with formulas, each
    written with the result the score (:func:`moderator.scoring.score`) gives."""
    fmt = sh.fmt
    layout = _FinalLayout.of(score)
    head, ended, why = _status(score)
    sh.put(1, 0, "Game ended", fmt.bold)
    sh.put(1, 1, ended)

    header = layout.header()
    hr = FINAL_HEADER_ROW - 1
    price_row = hr + 1
    first, last = hr + 2, hr + 1 + len(score.players)
    words = ("Player", "Tie", "Bankrupt", "Not counted")
    sh.header(
        hr,
        header,
        right=[k for k, name in enumerate(header) if name not in words],
        centre=[header.index("Tie"), header.index("Bankrupt")],
    )
    col = {name: k for k, name in enumerate(header)}
    letter = {name: xl_col_to_name(k) for name, k in col.items()}

    sh.put(price_row, 0, "Price", fmt.bold)
    for cid in layout.companies:
        sh.put(price_row, col[cid], layout.prices[cid], money=True)

    # Excel's rows count from 1: row r here is row r + 1 in a formula.
    price_ref = price_row + 1
    summed = [f"{cid} value" for cid in layout.companies]
    summed += [f"{what} ({kind})" for kind, what in layout.counted]
    total_l, bankrupt_l = letter["Total"], letter["Bankrupt"]
    totals = f"${total_l}${first + 1}:${total_l}${last + 1}"
    bankrupts = f"${bankrupt_l}${first + 1}:${bankrupt_l}${last + 1}"
    for r, p in enumerate(score.players, start=first):
        x = r + 1
        sh.put(r, 0, p.name)
        # Cash the rules leave out (1830 25.0: a bankrupt player's) is in its own column,
        # outside the SUM, so a spreadsheet recomputing the total gets the score's.
        sh.put(r, col["Cash"], _item_value(p, "cash", "cash", True), money=True)
        for cid in layout.companies:
            held = _shares(p, cid)
            sh.put(r, col[cid], held or None)
            c = letter[cid]
            # The engine's own figure for the holding (the score's shares × price).
            value = _item_value(p, "shares", cid, True) or 0
            sh.formula(
                r, col[f"{cid} value"], f"={c}{x}*{c}${price_ref}", value, fmt.money, money=True
            )
        for kind, what in layout.counted:
            value = _item_value(p, kind, what, True)
            count = _counted_per_share(p, kind, what)
            if value is not None and count is not None and what in layout.prices:
                # An item counted per share at a company's price (1817's short: -1 × the
                # price, facts §5, §14) follows the price cell as the holdings do.
                c = letter[what]
                sh.formula(
                    r,
                    col[f"{what} ({kind})"],
                    f"={count}*{c}${price_ref}",
                    value,
                    fmt.money,
                    money=True,
                )
            else:
                sh.put(r, col[f"{what} ({kind})"], value, money=True)
        parts = [f"{letter['Cash']}{x}"]
        if summed:
            parts.append(f"{letter[summed[0]]}{x}:{letter[summed[-1]]}{x}")
        sh.formula(r, col["Total"], f"=SUM({','.join(parts)})", p.total, fmt.money_bold, money=True)
        t, b = f"{total_l}{x}", f"{bankrupt_l}{x}"
        # The place: one more than the players ahead — ranked by total like RANK (ties share
        # a place), a bankrupt player after every solvent one (the ruleset's places()).
        sh.formula(
            r,
            col["Place"],
            f'=1+IF({b}="yes",COUNTIF({bankrupts},"no"),0)'
            f'+COUNTIFS({bankrupts},{b},{totals},">"&{t})',
            score.place_of(p.name),
        )
        sh.formula(
            r,
            col["Tie"],
            f'=IF(COUNTIFS({bankrupts},{b},{totals},{t})>1,"tie","")',
            "tie" if score.tied(p.name) else "",
            fmt.centre,
        )
        sh.put(r, col["Bankrupt"], "yes" if p.bankrupt else "no", fmt.centre)
        for what in layout.uncounted:
            sh.put(r, col[f"{what} (not counted)"], _uncounted_value(p, what), money=True)
        left_out = _not_counted_text(p, score.currency)
        sh.put(r, col["Not counted"], left_out or None)
        lines = _wrapped_lines(left_out, int(NOTE_WIDTH / FONT_SPARE))
        if lines > 1:  # a wrapped cell's row as tall as its lines: no overprinting the next
            sh.ws.set_row(r, lines * 11 * 1.35)

    notes_row = last + 2
    sh.put(notes_row, 0, "Notes", fmt.bold)
    lines = [
        "Each value is shares × the price row; Total = SUM(cash, values, counted privates); "
        "change a price or a cash cell and the totals and places follow.",
        "Columns marked (not counted) are shown only: the rules leave them out of the total.",
        *layout.notes,
    ]
    sh.ws.freeze_panes(first, 1)
    not_counted = col["Not counted"]
    sh.set_widths({not_counted: NOTE_WIDTH}, wrap=[not_counted])
    # The printed page: the table and its notes on one landscape page when they fit it
    # legibly, else on as few pages as they do, the player column printed again on each,
    # Total and Place (right of the names) always on the first.
    page_one = sh.print_setup(
        score.title_name,
        landscape=True,
        last_row=notes_row + len(lines),
        last_col=len(header) - 1,
        first_col=True,
        groups=range(1, len(header)),
    )
    # The text that is longer than a cell (the heading, why, the notes) wraps within the
    # first page's width: it never runs on over the next page's columns.
    # The heading spans column A (printed again on every page); the rest starts in B.
    edge = max(page_one, col["Bankrupt"])
    sh.text_block(0, edge, head, fmt.title)
    sh.put(2, 0, "Why", sh.wb_format(fmt.bold))
    sh.text_block(2, edge, why, first_col=1)
    for k, line in enumerate(lines, start=1):
        sh.text_block(notes_row + k, edge, line, first_col=1)
    sh.ws.center_horizontally()


NOTE_WIDTH = 50
"""The widest a text column grows (in characters); longer text wraps within the cell."""


def _rounds_header(players: Sequence[str], companies: Sequence[str]) -> list[str]:
    return [
        "Round",
        *[f"{p} cash" for p in players],
        *[f"{p} value" for p in players],
        *[f"{c} price" for c in companies],
        "Bank",
        "Going on",
    ]


def _rounds_rows(
    records: Sequence[RoundRecord], players: Sequence[str], companies: Sequence[str]
) -> list[list[Cell]]:
    return [
        [
            rec.label,
            *[rec.cash.get(p) for p in players],
            *[rec.value.get(p) for p in players],
            *[rec.prices.get(c) for c in companies],
            rec.bank,
            "yes" if rec.current else None,
        ]
        for rec in records
    ]


def _company_order(game: Game, records: Sequence[RoundRecord]) -> list[str]:
    """Companies with a price in some round, in the ruleset's order."""
    seen = {cid for rec in records for cid in rec.prices}
    seen |= {cid for rec in records for cid in rec.runs}
    order = list(game.state.ledger.companies)
    return [c for c in order if c in seen] + sorted(seen - set(order))


def _priced(records: Sequence[RoundRecord], companies: Sequence[str]) -> list[str]:
    return [c for c in companies if any(c in rec.prices for rec in records)]


def _line_chart(
    wb: xlsxwriter.Workbook,
    sheet: str,
    title: str,
    y_title: str,
    first_col: int,
    colours: Sequence[str],
    rows: int,
) -> Chart:
    """A line chart of ``len(colours)`` columns of ``sheet`` from ``first_col`` over the
    round rows, each line in its colour (:mod:`moderator.palette`), its text in the sizes
    of :data:`CHART_FONT`."""
    chart = wb.add_chart({"type": "line"})
    assert chart is not None
    for k, colour in enumerate(colours):
        c = first_col + k
        chart.add_series(
            {
                "name": [sheet, 0, c],
                "categories": [sheet, 1, 0, rows, 0],
                "values": [sheet, 1, c, rows, c],
                "line": {"color": colour, "width": 2.25},
                "marker": {
                    "type": "circle",
                    "size": 5,
                    "border": {"color": colour},
                    "fill": {"color": colour},
                },
            }
        )
    text = {"size": CHART_FONT["text"]}
    chart.set_title({"name": title, "name_font": {"size": CHART_FONT["title"], "bold": True}})
    # the rounds' labels slanted: level, a narrow category broke "setup" into "setu / p"
    slanted = {**text, "rotation": -45}
    chart.set_x_axis({"name": "Round", "name_font": text, "num_font": slanted})
    chart.set_y_axis(
        {
            "name": y_title,
            "name_font": text,
            "num_font": text,
            "major_gridlines": {"visible": True, "line": {"color": "#d9d9d9"}},
        }
    )
    chart.set_legend({"position": "right", "font": text})
    return chart


def _chart_sheet(wb: xlsxwriter.Workbook, name: str, chart: Chart, title: str) -> None:
    """A chart sheet holding ``chart`` alone: it fills the window on screen and a
    landscape page on paper, the title and the sheet named in the page header."""
    sheet = wb.add_chartsheet(name)
    sheet.set_chart(chart)
    sheet.set_landscape()
    sheet.set_margins(left=0.5, right=0.5, top=0.7, bottom=0.6)
    safe = title.replace("&", "&&")
    sheet.set_header(f"&L{safe} · &A&RPage &P of &N", margin=0.3)


def _rounds_sheet(
    wb: xlsxwriter.Workbook,
    sh: _Sheet,
    records: Sequence[RoundRecord],
    players: Sequence[str],
    companies: Sequence[str],
    title: str,
    currency: str,
    livery_title: str | None = None,
) -> None:
    """The Rounds sheet, then its charts (value per player, price per company), each on a
    chart sheet of its own: a chart a page wide on paper; the companies' lines in their
    liveries in ``livery_title`` (the ruleset's title id: see ``palette.livery``)."""
    header = _rounds_header(players, companies)
    sh.header(0, header)
    n = len(players)
    money = range(1, 2 + 2 * n + len(companies))  # cash, values, prices and the bank
    end = sh.table(1, _rounds_rows(records, players, companies), money)
    sh.ws.freeze_panes(1, 1)
    sh.set_widths()
    # Printed: the players' cash, their values, the prices (with the bank) each whole on
    # a page when the table is too wide for one, the Round column again on every page.
    sh.print_setup(
        title,
        landscape=True,
        last_row=end - 1,
        last_col=len(header) - 1,
        header_rows=(0, 0),
        first_col=True,
        groups=[1, 1 + n, 1 + 2 * n],
    )
    if records and n:
        colours = [palette.player_line(k) for k in range(n)]
        chart = _line_chart(
            wb, sh.name, "Value per player", f"Value ({currency})", 1 + n, colours, len(records)
        )
        _chart_sheet(wb, CHART_SHEETS[0], chart, title)
    if records and companies:
        colours = [
            palette.company_line(c, k, "light", livery_title) for k, c in enumerate(companies)
        ]
        chart = _line_chart(
            wb,
            sh.name,
            "Price per company",
            f"Price ({currency})",
            1 + 2 * n,
            colours,
            len(records),
        )
        _chart_sheet(wb, CHART_SHEETS[1], chart, title)


COMPANIES_HEADER = ["Round", "Company", "Revenue", "Payout", "Shares", "Dividend a share", "Price"]
"""The runs sheet's columns: "Shares" is the number of shares the payout was divided by
(ten; 1817: the corporation's 2, 5 or 10), so "Dividend a share" reads as what each of
those shares was paid (1817's UR, two shares, running $1,200 full: $600 a share)."""
MAIL_HEADER = "Mail run"
"""The runs sheet's last column in 1853 (a title with a mail run, the ruleset's
``run_mail``): the mail run paid to the company beside the revenue, not in it."""


def _companies_header(game: Game) -> list[str]:
    """The runs sheet's columns: :data:`COMPANIES_HEADER`, and :data:`MAIL_HEADER` in a
    title with a mail run (1853)."""
    mail = getattr(game.ruleset, "run_mail", None) is not None
    return [*COMPANIES_HEADER, *([MAIL_HEADER] if mail else [])]


def _share_counts(game: Game) -> dict[str, int]:
    """The shares each company's dividend is divided by (the ruleset's
    ``dividend_shares``: ten, 1817 the corporation's size; sizes do not change in a game
    as built: 1817's conversions are not part of it)."""
    count = getattr(game.ruleset, "dividend_shares", None)
    if count is None:
        return {}
    return {co.id: count(co) for co in game.state.ledger.companies.values() if co.kind != "private"}


def _companies_rows(
    records: Sequence[RoundRecord], counts: dict[str, int] | None = None, mail: bool = False
) -> list[list[Cell]]:
    """One row per run: the round, the company, revenue, payout kind, the shares the payout
    is divided by (``counts``), the dividend a share (to the cent where the shares did not
    divide the payout, as the run's receipt says it: 1817's $133 on 5 shares is 26.60),
    and the company's price at the end of that round.  A run paid to no shares (1846's
    independents split between owner and treasury, 6.72) has neither: no "0 a share".
    With ``mail`` (1853), last the run's mail run (4.6.6; 0 for a run without one)."""
    counts = counts or {}
    rows: list[list[Cell]] = []
    for rec in records:
        for cid, (revenue, kind, _whole) in rec.runs.items():
            figure = rec.per_share_figure(cid)
            per_share = Decimal(figure) if isinstance(figure, str) else figure
            shares = counts.get(cid)
            if kind == "split":
                shares, per_share = None, None
            row = [rec.label, cid, revenue, kind, shares, per_share, rec.prices.get(cid)]
            rows.append([*row, rec.mail.get(cid, 0)] if mail else row)
    return rows


MARKET_HEADER = ["Company", "Name", "Price", "Par", "Market row", "Market column", "Stack"]


def _market_position(market: dict[str, Any], key: str) -> tuple[int | None, int | None]:
    """The 1-based row and column of a stack key (``"3,4"`` on a grid, a price on a row)."""
    if market.get("kind") == "grid":
        row, col = (int(x) for x in key.split(","))
        return row + 1, col + 1
    values = market.get("values") or []
    try:
        return 1, values.index(int(key)) + 1
    except ValueError:
        return None, None


def _market_rows(state_json: dict[str, Any]) -> list[list[Cell]]:
    """Each company on the market (top of a stack first): price, par and position."""
    market = state_json.get("market") or {}
    companies = {c["id"]: c for c in state_json.get("companies", [])}
    pars = market.get("pars") or {}
    rows: list[list[Cell]] = []
    for key, stack in (market.get("stacks") or {}).items():
        row, col = _market_position(market, key)
        for depth, cid in enumerate(stack, start=1):
            co = companies.get(cid, {})
            par = pars.get(cid, co.get("par"))
            rows.append([cid, co.get("name"), co.get("price"), par, row, col, depth])
    rows.sort(key=lambda r: (-(r[2] or 0), str(r[0])))  # type: ignore[operator]
    return rows


SPACES_COL = len(MARKET_HEADER) + 1
"""The Market sheet's column where the market's spaces start, right of the companies
(one column between): both tables under the one header row, frozen on screen and
printed again on every page, so every column's header is its own."""


def _market_sheet(sh: _Sheet, state_json: dict[str, Any], title: str) -> None:
    """Where the companies stand and, right of them, the market's spaces (a row of
    prices, or the grid), both tables starting in the header row."""
    fmt = sh.fmt
    sh.header(0, MARKET_HEADER)
    rows = _market_rows(state_json)
    sh.table(1, rows, (2, 3))
    sh.ws.freeze_panes(1, 0)
    market = state_json.get("market") or {}
    stacks: dict[str, list[str]] = market.get("stacks") or {}
    left = SPACES_COL
    if market.get("kind") == "grid":
        _grid_sheet(sh, left, market)
    elif market.get("values"):
        for k, name in enumerate(["Space", "Price", "Companies (top first)"]):
            sh.put(0, left + k, name, fmt.bold)
        for k, value in enumerate(market["values"], start=1):
            sh.put(k, left, k)
            sh.put(k, left + 1, value, money=True)
            sh.put(k, left + 2, ", ".join(stacks.get(str(value), [])) or None)
    sh.set_widths()
    sh.print_setup(
        title,
        landscape=True,
        last_row=sh.last_row,
        last_col=sh.last_col,
        header_rows=(0, 0),
        groups=[left],
    )


GRID_WIDTH = 5.5
"""A grid market's columns, in characters: a price (``$350``) or a company (``NYNH``),
so the grid prints one page wide (19 columns of 1830's board at 77%)."""
ZONE_FILLS = {"y": "#fff7c2", "o": "#ffd9a8", "b": "#e3c6a8"}
"""The shading of a grid space in each zone of the board (as the table view shades it)."""
ZONE_NAMES = {"y": "yellow", "o": "orange", "b": "brown"}


def _grid_sheet(sh: _Sheet, left: int, market: dict[str, Any]) -> None:
    """A grid market from column ``left``: each market row as two sheet rows, the prices
    and under them the companies standing there (top of a stack first, one a line), a
    space's two cells shaded in its zone and framed together; par spaces in bold,
    underlined.  The market's row numbers in the first column, its column numbers in
    the header row; a key under the grid."""
    wb = sh.fmt.workbook
    grid: list[list[int | None]] = market.get("rows") or []
    zones: list[str] = market.get("zones") or []
    stacks: dict[str, list[str]] = market.get("stacks") or {}
    pars = _par_cells(market)
    width = max((len(r) for r in grid), default=0)
    formats: dict[tuple[str, bool, bool], Format] = {}

    def space(zone: str, par: bool, top: bool) -> Format:
        key = (zone, par, top)
        if key not in formats:
            props: dict[str, Any] = {"align": "center", "border": 1}
            props["bottom" if top else "top"] = 0
            if top:
                props["num_format"] = _money_format(sh.fmt.currency)
            else:
                props.update(text_wrap=True, valign="top")
            if zone in ZONE_FILLS:
                props.update(pattern=1, bg_color=ZONE_FILLS[zone])
            if par and top:
                props.update(bold=True, underline=1)
            formats[key] = wb.add_format(props)
        return formats[key]

    centred = wb.add_format({"bold": True, "align": "center", "valign": "vcenter"})
    sh.put(0, left, "Row", sh.fmt.bold)
    for j in range(width):
        sh.put(0, left + 1 + j, j + 1, sh.fmt.bold_centre)
    for i, line in enumerate(grid):
        top = 1 + 2 * i
        sh.ws.merge_range(top, left, top + 1, left, i + 1, centred)
        deepest = 0
        for j, value in enumerate(line):
            if value is None:
                continue
            zone = zones[i][j] if i < len(zones) and j < len(zones[i]) else ""
            par = (i, j) in pars
            sh.ws.write_number(top, left + 1 + j, value, space(zone, par, True))
            stack = stacks.get(f"{i},{j}", [])
            deepest = max(deepest, len(stack))
            sh.ws.write_string(top + 1, left + 1 + j, "\n".join(stack), space(zone, par, False))
        sh.ws.set_row(top + 1, 15.0 * max(1, deepest))  # a companies table row beside it
        sh.last_row = max(sh.last_row, top + 1)
    sh.last_col = max(sh.last_col, left + width)
    sh.width[left] = 4.0
    for j in range(width):
        sh.width[left + 1 + j] = GRID_WIDTH
    key = ["Par spaces in bold, underlined."]
    found = sorted({z for row in zones for z in row if z in ZONE_NAMES}, key="yob".index)
    if found:
        named = ", ".join(ZONE_NAMES[z] for z in found)
        key.append(f"Shaded: the market's zones ({named}), as on the board.")
    below = 2 * len(grid) + 2
    for k, line in enumerate(key):
        sh.text_block(below + k, left + width, line, first_col=left)


def _par_cells(market: dict[str, Any]) -> set[tuple[int, int]]:
    """A grid's par spaces: as the state gives them, else each par value's leftmost space."""
    given = market.get("par_cells")
    if given:
        return {(int(r), int(c)) for r, c in given}
    grid: list[list[int | None]] = market.get("rows") or []
    found = set()
    for value in set((market.get("pars") or {}).values()):
        spaces = [(c, r) for r, row in enumerate(grid) for c, v in enumerate(row) if v == value]
        if spaces:
            col, row = min(spaces)
            found.add((row, col))
    return found


JOURNAL_HEADER = ["Number", "Round", "Line"]

JOURNAL_LINE_WIDTH = 90
"""The widest the Journal's script lines grow (in characters); longer lines wrap."""


def _journal_rows(game: Game, ticker: _Ticker) -> Iterable[list[Cell]]:
    for n, entry in enumerate(game.journal, start=1):
        yield [n, entry.round, entry.line]
        if n % 200 == 0:
            ticker.step(200)
    ticker.step(len(game.journal) % 200)


def workbook(game: Game, progress: Progress | None = None) -> bytes:
    """The export as the bytes of an ``.xlsx`` file (not written anywhere)."""
    return _workbook(game, _Ticker(progress, _steps(game)))


def _workbook(game: Game, ticker: _Ticker) -> bytes:
    currency = game.ruleset.currency
    records = _history(game, ticker, len(game.journal))
    score = scoring.score(game)
    players = [p.name for p in score.players]
    companies = _company_order(game, records)
    title = score.title_name

    buffer = io.BytesIO()
    # Text is only ever text: nothing a player types becomes a formula, a number or a link.
    wb = xlsxwriter.Workbook(
        buffer,
        {
            "in_memory": True,
            "strings_to_formulas": False,
            "strings_to_numbers": False,
            "strings_to_urls": False,
        },
    )
    wb.set_properties(
        {"title": f"{title}: score and history", "comments": "Written by moderator export"}
    )
    fmt = _Formats(wb, currency)
    _final_sheet(_Sheet(wb, "Final", fmt), score)
    ticker.step()

    priced = _priced(records, companies)
    _rounds_sheet(
        wb, _Sheet(wb, "Rounds", fmt), records, players, priced, title, currency, game.title
    )
    ticker.step()

    sh = _Sheet(wb, "Companies", fmt)
    header = _companies_header(game)
    mail = len(header) > len(COMPANIES_HEADER)
    sh.header(0, header)
    end = sh.table(1, _companies_rows(records, _share_counts(game), mail), (2, 5, 6, 7))
    sh.ws.freeze_panes(1, 0)
    sh.ws.autofilter(0, 0, max(0, end - 1), len(header) - 1)  # pick a company, a kind
    sh.set_widths()
    sh.print_setup(
        title,
        landscape=False,
        last_row=end - 1,
        last_col=len(header) - 1,
        header_rows=(0, 0),
    )
    ticker.step()

    _market_sheet(_Sheet(wb, "Market", fmt), game.state_json(), title)
    ticker.step()

    sh = _Sheet(wb, "Journal", fmt)
    sh.header(0, JOURNAL_HEADER)
    end = sh.table(1, _journal_rows(game, ticker))
    sh.ws.freeze_panes(1, 0)
    sh.ws.autofilter(0, 0, max(0, end - 1), len(JOURNAL_HEADER) - 1)  # pick a round
    sh.set_widths({2: JOURNAL_LINE_WIDTH}, wrap=[2])
    sh.print_setup(
        title,
        landscape=False,
        last_row=end - 1,
        last_col=len(JOURNAL_HEADER) - 1,
        header_rows=(0, 0),
    )
    ticker.step()

    # XlsxWriter asks the spreadsheet program to recompute every formula on opening
    # (fullCalcOnLoad); the results written beside the formulas serve the readers that
    # do not calculate.
    wb.close()
    return buffer.getvalue()


# ================================================================= CSV tables
def _final_csv(score: Score) -> list[list[Cell]]:
    """final.csv: one row per player, each company's shares, price and value side by side,
    the total and the place as the rules work them out (plain values, no formulas)."""
    layout = _FinalLayout.of(score)
    _, ended, why = _status(score)
    header: list[Cell] = ["Player", "Cash"]
    for cid in layout.companies:
        header += [f"{cid} shares", f"{cid} price", f"{cid} value"]
    header += [f"{what} ({kind})" for kind, what in layout.counted]
    header += ["Total", "Place", "Tie", "Bankrupt"]
    header += [f"{what} (not counted)" for what in layout.uncounted]
    header += ["Not counted", "Game ended", "Why"]
    rows: list[list[Cell]] = [header]
    for p in score.players:
        row: list[Cell] = [p.name, _item_value(p, "cash", "cash", True)]
        for cid in layout.companies:
            held = _shares(p, cid)
            row += [held, layout.prices[cid], held * layout.prices[cid]]
        row += [_item_value(p, kind, what, True) for kind, what in layout.counted]
        row += [p.total, score.place_of(p.name), "tie" if score.tied(p.name) else None]
        row += ["yes" if p.bankrupt else "no"]
        row += [_uncounted_value(p, what) for what in layout.uncounted]
        row += [_not_counted_text(p, score.currency) or None, ended, why]
        rows.append(row)
    return rows


def _csv_tables(game: Game, ticker: _Ticker) -> dict[str, list[list[Cell]]]:
    records = _history(game, ticker, len(game.journal))
    score = scoring.score(game)
    players = [p.name for p in score.players]
    priced = _priced(records, _company_order(game, records))
    tables: dict[str, list[list[Cell]]] = {"final.csv": _final_csv(score)}
    ticker.step()
    tables["rounds.csv"] = [
        list(_rounds_header(players, priced)),
        *_rounds_rows(records, players, priced),
    ]
    ticker.step()
    header = _companies_header(game)
    tables["companies.csv"] = [
        header,
        *_companies_rows(records, _share_counts(game), len(header) > len(COMPANIES_HEADER)),
    ]
    ticker.step()
    tables["market.csv"] = [list(MARKET_HEADER), *_market_rows(game.state_json())]
    ticker.step()
    tables["journal.csv"] = [list(JOURNAL_HEADER), *_journal_rows(game, ticker)]
    ticker.step()
    return tables


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a text cell as a formula (CSV injection)."""


def csv_safe(value: Cell) -> Cell:
    """A cell as a spreadsheet will read it as text: a string a spreadsheet would run as a
    formula (a player named ``=1+2``, a note starting with ``+``, ``-``, ``@``, a tab or a
    carriage return) gets a leading apostrophe, the usual neutraliser; numbers are kept."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_files(game: Game, progress: Progress | None = None) -> dict[str, bytes]:
    """The five CSV files' bytes by name (:data:`CSV_FILES`; not written anywhere)."""
    ticker = _Ticker(progress, _steps(game))
    tables = _csv_tables(game, ticker)
    ticker.finish()
    return {name: _csv_bytes(tables[name]) for name in CSV_FILES}


def _csv_bytes(rows: Sequence[Sequence[Cell]]) -> bytes:
    """A CSV file's bytes: UTF-8 with a byte-order mark first, which Excel on Windows needs
    to read the text as UTF-8 (without it "ä" and "£" come out garbled); every other
    spreadsheet and Python's ``utf-8-sig`` read it as the mark it is."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow(["" if v is None else csv_safe(v) for v in row])
    return out.getvalue().encode("utf-8-sig")


# ================================================================= writing files
def _check_target(path: Path, game: Game, what: str) -> None:
    """Refuse a target that is not a place for a new regular file (nothing is written)."""
    parent = path.parent
    if not parent.is_dir():
        raise Refusal(f"cannot write {path}: no directory {parent}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise Refusal(f"cannot write {path}: the directory {parent} is not writable")
    try:
        info = path.lstat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise Refusal(f"cannot write {path}: {exc.strerror or exc}") from exc
    if stat.S_ISDIR(info.st_mode):
        raise Refusal(f"cannot write {what} {path}: it is a directory")
    if stat.S_ISLNK(info.st_mode):
        raise Refusal(f"cannot write {what} {path}: it is a symbolic link; name the file itself")
    if not stat.S_ISREG(info.st_mode):
        raise Refusal(f"cannot write {what} {path}: it is not a regular file")
    if game.path is not None and path.resolve() == Path(game.path).resolve():
        raise Refusal(f"cannot write {what} over the game's own save {path}")


def _temp_beside(path: Path, data: bytes) -> Path:
    """``data`` written and synced to a temporary file in ``path``'s directory."""
    try:  # a replaced file keeps its mode; a new one gets 0o666 less the umask, as open gives
        mode: int | None = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mode = None
    try:
        fd, tmp = _open_temp(path, mode)
    except OSError as exc:
        raise Refusal(f"cannot write {path}: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException as exc:
        _unlink(Path(tmp))
        if isinstance(exc, OSError):
            raise Refusal(f"cannot write {path}: {exc.strerror or exc}") from exc
        raise
    return Path(tmp)


def _open_temp(path: Path, mode: int | None) -> tuple[int, str]:
    """A new temporary file beside ``path``, open for writing: ``mode``'s bits exactly, or
    (``None``) ``0o666`` less the umask, as ``open`` gives a new file."""
    fd, made = osfiles.create_temp(
        path.parent, f".{path.name}", ".tmp", 0o666 if mode is None else mode
    )
    tmp = str(made)
    if mode is not None and hasattr(os, "fchmod"):
        os.fchmod(fd, mode)  # exactly the old bits, whatever the umask took off
    return fd, tmp


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def _replace_all(pairs: Sequence[tuple[Path, Path]]) -> None:
    """Rename each temporary file over its target; on a failure remove the temporaries left."""
    done = 0
    try:
        for tmp, target in pairs:
            os.replace(tmp, target)
            done += 1
    except OSError as exc:
        for tmp, _ in pairs[done:]:
            _unlink(tmp)
        raise Refusal(f"cannot write {pairs[done][1]}: {exc.strerror or exc}") from exc
    if pairs:
        fsync_dir(pairs[0][1].parent)


def export_xlsx(game: Game, path: Path, progress: Progress | None = None) -> None:
    """Write the workbook to ``path`` (``.xlsx``), replacing a file there atomically.

    Raises:
        Refusal: ``path`` is a directory, a link, a device, the game's save, not named
            ``.xlsx``, or in a directory that is missing or not writable; nothing is written.
    """
    path = Path(path)
    if path.suffix.lower() != ".xlsx":
        raise Refusal(f"an XLSX export is a file named .xlsx, not {path.name}")
    _check_target(path, game, "the workbook")
    ticker = _Ticker(progress, _steps(game))
    tmp = _temp_beside(path, _workbook(game, ticker))
    _replace_all([(tmp, path)])
    ticker.finish()


def export_csv(game: Game, directory: Path, progress: Progress | None = None) -> list[Path]:
    """Write the five CSV files into ``directory`` (made if missing, its parent must exist);
    return their paths.  Each file is written to a temporary name first and renamed only
    once all five are complete.

    Raises:
        Refusal: ``directory`` is a file, its parent is missing, or a place is not writable.
    """
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise Refusal(f"cannot write CSV files into {directory}: it is not a directory")
    made = False
    if not directory.exists():
        if not directory.parent.is_dir():
            raise Refusal(f"cannot make {directory}: no directory {directory.parent}")
        try:
            directory.mkdir()
        except OSError as exc:
            raise Refusal(f"cannot make {directory}: {exc.strerror or exc}") from exc
        made = True
    targets = [directory / name for name in CSV_FILES]
    pairs: list[tuple[Path, Path]] = []
    try:
        for target in targets:
            _check_target(target, game, "the CSV file")
        ticker = _Ticker(progress, _steps(game))
        tables = _csv_tables(game, ticker)
        for target in targets:
            pairs.append((_temp_beside(target, _csv_bytes(tables[target.name])), target))
        _replace_all(pairs)
    except BaseException:
        for tmp, target in pairs:
            _unlink(tmp)
            if made:  # a folder made for this export: nothing of it is left (issue 42.5)
                _unlink(target)
        if made:
            try:
                directory.rmdir()
            except OSError:
                pass
        raise
    ticker.finish()
    return targets
