"""The export: a game's score, history, market and journal as a workbook or CSV files.

``moderator export SAVE --xlsx FILE`` writes one workbook (openpyxl) with the sheets

- **Final**: the score (:func:`moderator.scoring.score`) with live formulas — each holding
  is shares × the company's price cell, each total the SUM of cash, holdings and the
  privates the title counts, the place ranked from the totals — so a banker may change a
  price or a cash cell and read the new totals;
- **Rounds**: each player's cash and value and each company's price at the end of every
  round (:func:`moderator.scoring.history`), with a line chart of the values;
- **Companies**: every run of every round: revenue, payout kind, per share, price;
- **Market**: where each company stands on the market now, and the market's spaces;
- **Journal**: every accepted command with its number and round.

``--csv DIR`` writes the same sheets as ``final.csv``, ``rounds.csv``, ``companies.csv``,
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
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from openpyxl import Workbook
from openpyxl.chart import LineChart, Reference
from openpyxl.chart.data_source import AxDataSource, StrRef
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from moderator import scoring
from moderator.errors import Refusal
from moderator.journal import fsync_dir
from moderator.scoring import Progress, RoundRecord, Score

if TYPE_CHECKING:
    from moderator.game import Game

SHEETS = ("Final", "Rounds", "Companies", "Market", "Journal")
"""The workbook's sheets, in order."""

CSV_FILES = ("final.csv", "rounds.csv", "companies.csv", "market.csv", "journal.csv")
"""The CSV export's files, one per sheet, in the same order."""

FINAL_HEADER_ROW = 5
"""The Final sheet's column headers; the price row follows, then one row per player."""

BOLD = Font(bold=True)

Cell = int | str | None
"""A plain value of a CSV row (or of a cell written as a value)."""


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
    return 2 * len(game.journal) + len(SHEETS) + 1


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
                if item.kind == "cash":
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
        """One line per rule: ``K, W (private, not counted): no stock value ... (9)``."""
        return [
            f"{', '.join(whats)} ({kind}, {'counted' if counted else 'not counted'}): {note}"
            for (kind, counted, note), whats in self.reasons.items()
        ]

    def header(self) -> list[str]:
        """The sheet's column headers (the CSV has its own, with prices per company)."""
        return [
            "Player",
            "Cash",
            *self.companies,
            *[f"{cid} value" for cid in self.companies],
            *[f"{what} ({kind})" for kind, what in self.counted],
            "Total",
            "Place",
            "Tie",
            "Bankrupt",
            *[f"{what} (not counted)" for what in self.uncounted],
            "Not counted",
        ]


def _item_value(player: scoring.PlayerScore, kind: str, what: str, counted: bool) -> int | None:
    """The summed value of a player's items of ``kind``/``what`` (``None``: none held)."""
    found = [i.value for i in player.items if i.kind == kind and i.what == what
             and i.counted == counted]
    return sum(found) if found else None


def _uncounted_value(player: scoring.PlayerScore, what: str) -> int | None:
    found = [i.value for i in player.items if not i.counted and i.what == what]
    return sum(found) if found else None


def _shares(player: scoring.PlayerScore, cid: str) -> int:
    return sum(i.count for i in player.items if i.kind == "shares" and i.what == cid)


def _not_counted_text(player: scoring.PlayerScore, currency: str) -> str:
    """The player's items the score leaves out, with the reason (``K, W: no stock value``)."""
    by_note: dict[str, list[str]] = {}
    for i in player.items:
        if i.counted:
            continue
        shown = f"{i.what} {currency}{i.value}" if i.value else i.what
        by_note.setdefault(i.note, []).append(shown)
    return "; ".join(f"{', '.join(whats)}: {note}" if note else ", ".join(whats)
                     for note, whats in by_note.items())


def _status(score: Score) -> tuple[str, str, str]:
    """Heading, "Game ended" answer and why."""
    if score.final:
        head = f"{score.title}: final score ({score.round})"
    else:
        head = f"{score.title}: score if the game ended now ({score.round})"
    return head, "yes" if score.final else "no", score.reason


# ================================================================= workbook
def _money_format(currency: str) -> str:
    """An integer money format with the title's currency sign (``"$"#,##0``)."""
    sign = currency.replace('"', "")
    return f'"{sign}"#,##0;-"{sign}"#,##0'


def _put(ws: Worksheet, row: int, column: int, value: Cell) -> Any:
    """Write a value (never a formula: a player named ``=SUM(A1)`` stays a name)."""
    cell = ws.cell(row=row, column=column)
    cell.value = value
    if isinstance(value, str) and value.startswith("="):
        cell.data_type = "s"
    return cell


def _header(ws: Worksheet, row: int, names: Sequence[str]) -> None:
    for col, name in enumerate(names, start=1):
        cell = _put(ws, row, col, name)
        cell.font = BOLD
        cell.alignment = Alignment(wrap_text=False)


def _widths(ws: Worksheet, widths: dict[int, int]) -> None:
    for col, width in widths.items():
        ws.column_dimensions[get_column_letter(col)].width = width


def _final_sheet(ws: Worksheet, score: Score, money: str) -> None:
    """The Final sheet: status, header, price row, one row per player with formulas."""
    layout = _FinalLayout.of(score)
    head, ended, why = _status(score)
    _put(ws, 1, 1, head).font = Font(bold=True, size=12)
    _put(ws, 2, 1, "Game ended").font = BOLD
    _put(ws, 2, 2, ended)
    _put(ws, 3, 1, "Why").font = BOLD
    _put(ws, 3, 2, why)

    header = layout.header()
    hr = FINAL_HEADER_ROW
    price_row = hr + 1
    first, last = hr + 2, hr + 1 + len(score.players)
    _header(ws, hr, header)
    col = {name: k for k, name in enumerate(header, start=1)}
    letter = {name: get_column_letter(k) for name, k in col.items()}

    _put(ws, price_row, 1, "Price").font = BOLD
    for cid in layout.companies:
        cell = _put(ws, price_row, col[cid], layout.prices[cid])
        cell.number_format = money

    # The summed block: holdings and counted privates sit side by side after the shares.
    summed = [f"{cid} value" for cid in layout.companies]
    summed += [f"{what} ({kind})" for kind, what in layout.counted]
    total_l, bankrupt_l = letter["Total"], letter["Bankrupt"]
    totals = f"${total_l}${first}:${total_l}${last}"
    bankrupts = f"${bankrupt_l}${first}:${bankrupt_l}${last}"
    for r, p in enumerate(score.players, start=first):
        _put(ws, r, 1, p.name)
        _put(ws, r, col["Cash"], p.cash).number_format = money
        for cid in layout.companies:
            held = _shares(p, cid)
            _put(ws, r, col[cid], held or None)
            c = letter[cid]
            cell = ws.cell(row=r, column=col[f"{cid} value"], value=f"={c}{r}*{c}${price_row}")
            cell.number_format = money
        for kind, what in layout.counted:
            value = _item_value(p, kind, what, True)
            name = f"{what} ({kind})"
            _put(ws, r, col[name], value).number_format = money
        parts = [f"{letter['Cash']}{r}"]
        if summed:
            parts.append(f"{letter[summed[0]]}{r}:{letter[summed[-1]]}{r}")
        cell = ws.cell(row=r, column=col["Total"], value=f"=SUM({','.join(parts)})")
        cell.number_format = money
        cell.font = BOLD
        t, b = f"{total_l}{r}", f"{bankrupt_l}{r}"
        # The place: one more than the players ahead — ranked by total like RANK (ties share
        # a place), a bankrupt player after every solvent one (the ruleset's places()).
        ws.cell(
            row=r,
            column=col["Place"],
            value=(
                f'=1+IF({b}="yes",COUNTIF({bankrupts},"no"),0)'
                f'+COUNTIFS({bankrupts},{b},{totals},">"&{t})'
            ),
        )
        ws.cell(
            row=r,
            column=col["Tie"],
            value=f'=IF(COUNTIFS({bankrupts},{b},{totals},{t})>1,"tie","")',
        )
        _put(ws, r, col["Bankrupt"], "yes" if p.bankrupt else "no")
        for what in layout.uncounted:
            name = f"{what} (not counted)"
            _put(ws, r, col[name], _uncounted_value(p, what)).number_format = money
        left_out = _not_counted_text(p, score.currency) or None
        _put(ws, r, col["Not counted"], left_out)

    notes_row = last + 2
    _put(ws, notes_row, 1, "Notes").font = BOLD
    lines = [
        "Each value is shares × the price row; Total = SUM(cash, values, counted privates); "
        "change a price or a cash cell and the totals and places follow.",
        "Columns marked (not counted) are shown only: the rules leave them out of the total.",
        *layout.notes,
    ]
    for k, line in enumerate(lines, start=1):
        _put(ws, notes_row + k, 1, line)
    ws.freeze_panes = ws.cell(row=first, column=2)
    _widths(ws, {1: 14, col["Not counted"]: 40})


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
    ws: Worksheet, title: str, y_title: str, first_col: int, count: int, rows: int, anchor: str
) -> None:
    """A line chart of ``count`` columns from ``first_col`` over the round rows."""
    chart = LineChart()
    chart.title = title
    chart.y_axis.title = y_title
    chart.x_axis.title = "Round"
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.height, chart.width = 9, 18
    data = Reference(ws, min_col=first_col, max_col=first_col + count - 1, min_row=1,
                     max_row=rows + 1)
    chart.add_data(data, titles_from_data=True)
    # The round labels are text: a string reference (openpyxl's set_categories makes a
    # numeric one).
    labels = Reference(ws, min_col=1, min_row=2, max_row=rows + 1)
    for series in chart.series:
        series.cat = AxDataSource(strRef=StrRef(f=str(labels)))
    ws.add_chart(chart, anchor)


def _rounds_sheet(
    ws: Worksheet, records: Sequence[RoundRecord], players: Sequence[str],
    companies: Sequence[str], money: str, currency: str,
) -> None:
    """The Rounds sheet and its charts: value per player, price per company."""
    header = _rounds_header(players, companies)
    _header(ws, 1, header)
    for r, row in enumerate(_rounds_rows(records, players, companies), start=2):
        for c, value in enumerate(row, start=1):
            cell = _put(ws, r, c, value)
            if isinstance(value, int):
                cell.number_format = money
    ws.freeze_panes = "B2"
    _widths(ws, {1: 10})
    if not records:
        return
    n = len(players)
    where = get_column_letter(len(header) + 2)
    if n:
        _line_chart(ws, "Value per player", f"Value ({currency})", 2 + n, n, len(records),
                    f"{where}2")
    if companies:
        _line_chart(ws, "Price per company", f"Price ({currency})", 2 + 2 * n, len(companies),
                    len(records), f"{where}22")


COMPANIES_HEADER = ["Round", "Company", "Revenue", "Payout", "Per share", "Price"]


def _companies_rows(records: Sequence[RoundRecord]) -> list[list[Cell]]:
    """One row per run: the round, the company, revenue, payout kind, per share, and the
    company's price at the end of that round."""
    rows: list[list[Cell]] = []
    for rec in records:
        for cid, (revenue, kind, per_share) in rec.runs.items():
            rows.append([rec.label, cid, revenue, kind, per_share, rec.prices.get(cid)])
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


def _market_sheet(ws: Worksheet, state_json: dict[str, Any], money: str) -> None:
    """Where the companies stand, then the market's spaces (a row of prices, or the grid)."""
    _header(ws, 1, MARKET_HEADER)
    rows = _market_rows(state_json)
    for r, row in enumerate(rows, start=2):
        for c, value in enumerate(row, start=1):
            cell = _put(ws, r, c, value)
            if c in (3, 4) and isinstance(value, int):
                cell.number_format = money
    ws.freeze_panes = "A2"
    _widths(ws, {1: 10, 2: 30})
    market = state_json.get("market") or {}
    stacks: dict[str, list[str]] = market.get("stacks") or {}
    top = len(rows) + 3
    _put(ws, top, 1, f"Market spaces ({market.get('kind', '?')})").font = BOLD
    if market.get("kind") == "grid":
        grid: list[list[int | None]] = market.get("rows") or []
        width = max((len(r) for r in grid), default=0)
        _grid(ws, top + 1, "Prices", grid, width, money)
        names = [
            [", ".join(stacks.get(f"{i},{j}", [])) or None for j in range(len(line))]
            for i, line in enumerate(grid)
        ]
        _grid(ws, top + len(grid) + 3, "Companies (top of a stack first)", names, width, money)
    elif market.get("values"):
        _header(ws, top + 1, ["Space", "Price", "Companies (top first)"])
        for k, value in enumerate(market["values"], start=1):
            r = top + 1 + k
            _put(ws, r, 1, k)
            _put(ws, r, 2, value).number_format = money
            _put(ws, r, 3, ", ".join(stacks.get(str(value), [])) or None)


def _grid(
    ws: Worksheet, top: int, title: str, grid: Sequence[Sequence[Any]], width: int, money: str
) -> None:
    _put(ws, top, 1, title).font = BOLD
    for j in range(width):
        _put(ws, top, j + 2, j + 1).font = BOLD
    for i, line in enumerate(grid):
        _put(ws, top + 1 + i, 1, i + 1).font = BOLD
        for j, value in enumerate(line):
            cell = _put(ws, top + 1 + i, j + 2, value)
            if isinstance(value, int):
                cell.number_format = money


JOURNAL_HEADER = ["Number", "Round", "Line"]


def _journal_rows(game: Game, ticker: _Ticker) -> Iterable[list[Cell]]:
    for n, entry in enumerate(game.journal, start=1):
        yield [n, entry.round, entry.line]
        if n % 200 == 0:
            ticker.step(200)
    ticker.step(len(game.journal) % 200)


def workbook(game: Game, progress: Progress | None = None) -> Workbook:
    """The export as an openpyxl workbook (not written anywhere)."""
    return _workbook(game, _Ticker(progress, _steps(game)))


def _workbook(game: Game, ticker: _Ticker) -> Workbook:
    currency = game.ruleset.currency
    money = _money_format(currency)
    records = _history(game, ticker, len(game.journal))
    score = scoring.score(game)
    players = [p.name for p in score.players]
    companies = _company_order(game, records)

    wb = Workbook()
    final = wb.active
    assert final is not None
    final.title = "Final"
    _final_sheet(final, score, money)
    ticker.step()

    priced = _priced(records, companies)
    _rounds_sheet(wb.create_sheet("Rounds"), records, players, priced, money, currency)
    ticker.step()

    ws = wb.create_sheet("Companies")
    _header(ws, 1, COMPANIES_HEADER)
    for r, row in enumerate(_companies_rows(records), start=2):
        for c, value in enumerate(row, start=1):
            cell = _put(ws, r, c, value)
            if c in (3, 5, 6) and isinstance(value, int):
                cell.number_format = money
    ws.freeze_panes = "A2"
    ticker.step()

    _market_sheet(wb.create_sheet("Market"), game.state_json(), money)
    ticker.step()

    ws = wb.create_sheet("Journal")
    _header(ws, 1, JOURNAL_HEADER)
    for r, row in enumerate(_journal_rows(game, ticker), start=2):
        for c, value in enumerate(row, start=1):
            _put(ws, r, c, value)
    ws.freeze_panes = "A2"
    _widths(ws, {2: 10, 3: 60})
    ticker.step()

    # Spreadsheet programs recompute every formula when they open the file.
    wb.calculation.fullCalcOnLoad = True
    return wb


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
        row: list[Cell] = [p.name, p.cash]
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
        list(_rounds_header(players, priced)), *_rounds_rows(records, players, priced)
    ]
    ticker.step()
    tables["companies.csv"] = [list(COMPANIES_HEADER), *_companies_rows(records)]
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


def _csv_bytes(rows: Sequence[Sequence[Cell]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow(["" if v is None else csv_safe(v) for v in row])
    return out.getvalue().encode("utf-8")


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
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
    wb = _workbook(game, ticker)
    buffer = io.BytesIO()
    wb.save(buffer)
    tmp = _temp_beside(path, buffer.getvalue())
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
    if not directory.exists():
        if not directory.parent.is_dir():
            raise Refusal(f"cannot make {directory}: no directory {directory.parent}")
        try:
            directory.mkdir()
        except OSError as exc:
            raise Refusal(f"cannot make {directory}: {exc.strerror or exc}") from exc
    targets = [directory / name for name in CSV_FILES]
    for target in targets:
        _check_target(target, game, "the CSV file")
    ticker = _Ticker(progress, _steps(game))
    tables = _csv_tables(game, ticker)
    pairs: list[tuple[Path, Path]] = []
    try:
        for target in targets:
            pairs.append((_temp_beside(target, _csv_bytes(tables[target.name])), target))
    except BaseException:
        for tmp, _ in pairs:
            _unlink(tmp)
        raise
    _replace_all(pairs)
    ticker.finish()
    return targets
