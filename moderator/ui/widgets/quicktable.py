"""Rich tables drawn quickly when every cell fits on one line, to the very segment.

Rich lays a table out by measuring every cell, then renders each cell through its
padding, word wrapping and justification, one renderable at a time: the players' and
the companies' tables cost 55 M instructions to draw, a quarter of the main screen's
first frame, and they are drawn again after every command (issue 21.4).

In the tables the panels draw, nearly always every cell fits its column on one line.
Then the layout needs no measuring beyond each cell's width, and each cell is drawn
with the same steps Rich takes for such a cell (its copy justified as Rich justifies
it, joined and rendered as Rich renders it, padded with the same segments), so
:class:`QuickTable` yields exactly the segments Rich yields.  Any table or cell it does
not know to be of that kind (a cell that wraps or holds a line break, a table too wide
to fit, row styles, borders, titles, padding above or below...) is drawn by Rich
itself.  ``tests/ui/test_quicktable.py`` compares the two, segment for segment, for
every panel of the demo games at many widths.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rich._ratio import ratio_distribute
from rich.cells import cell_len
from rich.console import Group
from rich.containers import Lines
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.measure import Measurement

_NEWLINE = Text("\n")
"""What Rich joins a cell's lines with before rendering them."""


class QuickTable:
    """A Rich :class:`~rich.table.Table`, drawn without Rich's general machinery when
    every cell fits on one line (see the module docstring)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        rows = _quick_rows(self.table, console, options.max_width)
        if rows is None:
            yield from self.table.__rich_console__(console, options)
            return
        new_line = Segment.line()
        for row in rows:
            yield from row
            yield new_line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return self.table.__rich_measure__(console, options)


def quick(renderable: Any) -> Any:
    """``renderable`` with its tables (itself, or those of a :class:`~rich.console.Group`)
    drawn by :class:`QuickTable`."""
    if isinstance(renderable, Table):
        return QuickTable(renderable)
    if isinstance(renderable, Group):
        return Group(*(quick(part) for part in renderable.renderables), fit=renderable.fit)
    return renderable


def _simple(table: Table) -> bool:
    """A table of the kind drawn quickly: no border, title, caption, footer, set width,
    row styles or lines between rows; padding on the sides only.  (The table's own
    style is that of its border: a table without one draws nothing in it.)"""
    top, _right, bottom, _left = table.padding
    return (
        table.box is None
        and bool(table.columns)
        and table.width is None
        and table.min_width is None
        and not table.title
        and not table.caption
        and not table.show_footer
        and not table.row_styles
        and not table.collapse_padding
        and not table.show_lines
        and not table.leading
        and top == 0
        and bottom == 0
        and all(row.style is None for row in table.rows)
        and all(
            not column.style
            and not column.header_style
            and column.ratio is None
            and column.min_width is None
            and column.max_width is None
            and column.vertical == "top"
            for column in table.columns
        )
    )


def _cell_text(cell: Any) -> Text | None:
    """The cell as the text Rich would draw, if it is one of a single line (``None``:
    not such a cell).  A string is text only without markup or emoji codes."""
    if isinstance(cell, Text):
        text = cell
    elif isinstance(cell, str) and "[" not in cell and ":" not in cell:
        text = Text(cell)
    else:
        return None
    plain = text.plain
    if "\n" in plain or "\t" in plain or text.overflow == "ignore":
        return None
    return text


def _quick_rows(table: Table, console: Console, max_width: int) -> list[list[Segment]] | None:
    """The table's lines as Rich draws them, or ``None`` when it is not drawn quickly."""
    if max_width < 2 or not _simple(table):
        return None
    columns = table.columns
    last = len(columns) - 1
    _top, pad_right, _bottom, pad_left = table.padding
    grid: list[list[Text]] = []  # by column: the header, then the cells
    widths: list[int] = []
    pads: list[tuple[int, int]] = []
    for index, column in enumerate(columns):
        left = 0 if index == 0 and not table.pad_edge else pad_left
        right = 0 if index == last and not table.pad_edge else pad_right
        cells = [column.header, *column.cells] if table.show_header else list(column.cells)
        texts = [_cell_text(cell) for cell in cells]
        if any(text is None for text in texts):
            return None
        known: list[Text] = texts  # type: ignore[assignment]
        if column.width is not None:
            natural = column.width + left + right
            if any(cell_len(text.plain) > column.width for text in known):
                return None  # it would wrap or be cut: Rich draws it
        else:
            natural = max((cell_len(text.plain) + left + right for text in known), default=0)
        if natural - left - right < 1 or max_width - left - right < 1:
            return None  # no room for the text: Rich draws a blank, or measures otherwise
        widths.append(natural)
        pads.append((left, right))
        grid.append(known)
    total = sum(widths)
    if total > max_width:
        return None  # Rich shrinks and wraps columns to fit
    if total < max_width and table.expand:
        extras = ratio_distribute(max_width - total, widths)
        widths = [width + extra for width, extra in zip(widths, extras, strict=True)]
    get_style = console.get_style
    header_style = get_style(table.header_style or "")
    null = Style.null()
    rows: list[list[Segment]] = []
    for row in range(len(grid[0])):
        line: list[Segment] = []
        style = header_style if table.show_header and row == 0 else null
        for column, texts, width, (left, right) in zip(columns, grid, widths, pads, strict=True):
            cell = _cell_segments(console, texts[row], column, width - left - right, left, right)
            line.extend(Segment.apply_style(cell, style) if style else cell)
        rows.append(line)
    return rows


def _cell_segments(
    console: Console, text: Text, column: Any, width: int, left: int, right: int
) -> Iterable[Segment]:
    """One cell that fits on one line, as Rich draws it: its text justified in ``width``
    (``Text.wrap``'s steps for a single line), rendered joined as Rich joins lines,
    padded to the width, with the padding's spaces either side."""
    justify = text.justify or column.justify or "default"
    overflow = text.overflow or column.overflow or "fold"
    line = text.copy()
    no_wrap = text.no_wrap if text.no_wrap is not None else column.no_wrap
    if not no_wrap:  # wrapped, a line that fits is one line, stripped as Rich strips it
        line.rstrip_end(width)  # (by characters, not cells: combining marks count)
    lines = Lines([line])
    lines.justify(console, width, justify=justify, overflow=overflow)
    line = lines[0]
    line.truncate(width, overflow=overflow)
    segments = list(_NEWLINE.join([line]).render(console))
    padding = Style.null()
    drawn = cell_len(line.plain)
    if drawn < width:
        segments.append(Segment(" " * (width - drawn), padding))
    if left:
        segments.insert(0, Segment(" " * left, padding))
    if right:
        segments.append(Segment(" " * right, padding))
    return segments
