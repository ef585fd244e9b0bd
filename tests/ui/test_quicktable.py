"""Quick tables are Rich's tables, segment for segment (issue 21.4).

Every panel that draws a Rich table is built for states of each title's demo game and
drawn at many widths both ways; a set of made-up tables covers what the panels draw
rarely (wrapping cells, line breaks, fixed widths too narrow, markup in a header,
styles on rows...).  The quick way must be taken where every cell fits, or the test
proves nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from moderator.game import Game
from moderator.script import parse_line
from moderator.ui.widgets import market, panels
from moderator.ui.widgets.quicktable import QuickTable, _quick_rows, quick

DEMOS = Path(__file__).resolve().parents[2] / "moderator" / "demo"
WIDTHS = (12, 30, 46, 60, 80, 100, 116, 118, 150, 200)
PANELS = (
    panels.PlayersPanel,
    panels.CompaniesPanel,
    panels.BidsPanel,
    panels.MarketPanel,
    panels.TrainsPanel,
    panels.StatusBar,
    panels.EndPanel,
    market.GridMarketPanel,
    market.PackagePanel,
    market.TracksMarketPanel,
)


def _console() -> Console:
    return Console(width=200, color_system="truecolor", force_terminal=True, legacy_windows=False)


def _drawn(console: Console, renderable: Any, width: int) -> list[Any]:
    return list(console.render(renderable, console.options.update_width(width)))


def _states(title: str) -> list[dict[str, Any]]:
    """The demo game's state JSON every few commands, to its end."""
    text = (DEMOS / f"demo-{title}.script").read_text()
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    head = parse_line(lines[0])
    game = Game.new(head.title, list(head.players))  # type: ignore[union-attr]
    states = [game.state_json()]
    for number, line in enumerate(lines[1:], start=1):
        assert game.execute(line).ok, line
        if number % 7 == 0:
            states.append(game.state_json())
    states.append(game.state_json())
    return states


def _built(panel_class: type[panels.Panel], data: dict[str, Any], width: int) -> Any:
    """What a panel of ``panel_class`` draws for ``data`` (without an app)."""
    panel = panel_class.__new__(panel_class)
    panel.data, panel.changed, panel.currency = data, {"Amy", "GT", "market"}, "$"
    panel.__dict__["_size_width"] = width
    try:
        return panel.build()
    except Exception:  # a panel that needs the running screen: not a table's case
        return None


def _tables(renderable: Any) -> list[Table]:
    if isinstance(renderable, Table):
        return [renderable]
    if isinstance(renderable, Group):
        return [t for part in renderable.renderables for t in _tables(part)]
    return []


@pytest.mark.parametrize("title", ["1846", "1847ae", "1853", "1830"])
def test_the_panels_tables_are_drawn_as_rich_draws_them(title: str) -> None:
    console = _console()
    quick_ones = 0
    for data in _states(title):
        for panel_class in PANELS:
            built = _built(panel_class, data, 116)
            if not _tables(built):
                continue
            for width in WIDTHS:
                assert _drawn(console, quick(built), width) == _drawn(console, built, width)
                quick_ones += sum(
                    _quick_rows(t, console, width) is not None for t in _tables(built)
                )
    assert quick_ones > 50  # the quick way is the usual one


def _made_up() -> list[Table]:
    plain = Table(box=None, expand=True, pad_edge=False, padding=(0, 1), header_style="bold")
    plain.add_column("", width=1, no_wrap=True)
    plain.add_column("Name", no_wrap=True)
    plain.add_column(Text(" GT ", style="bold white on #0066cc"), justify="right")
    plain.add_column("Money", justify="right", no_wrap=True)
    plain.add_column("Notes", no_wrap=False)
    plain.add_column("Mid", justify="center")
    plain.add_column("Full", justify="full")
    rows = [
        [Text("▶", style="yellow"), Text("Amy", style="bold"), Text("60%"), Text("$120")],
        [Text(""), Text("Bob  "), Text(" 10% ", style="on red"), Text("$0", justify="left")],
        [Text("◆"), Text("Carlos"), Text("·", style="dim"), Text("-$5", style="red")],
    ]
    for i, row in enumerate(rows):
        note = Text("a few words here", style="italic")
        note.stylize("bold", 2, 5)
        plain.add_row(*row, note, Text("mid" * i), Text("x y" if i else ""))
    wrapping = Table(box=None, expand=True, padding=(0, 1))
    wrapping.add_column("Long", no_wrap=False)
    wrapping.add_row(Text("a line\nbroken"))
    wrapping.add_row(Text("a long cell that wraps when narrow " * 3))
    narrow = Table(box=None, expand=False, pad_edge=False, padding=(0, 1))
    narrow.add_column("Co", width=3)
    narrow.add_row(Text("LONGER"))
    narrow.add_row(Text("ok"))
    marked = Table(box=None, expand=True)
    marked.add_column("[bold]Marked[/]")
    marked.add_column(":smile: emoji")
    marked.add_row(Text("a"), Text("b"))
    styled = Table(box=None, expand=True, row_styles=["", "dim"])
    styled.add_column("A")
    styled.add_row("1")
    styled.add_row("2")
    strings = Table(box=None, expand=True, pad_edge=False)
    strings.add_column("A", justify="right")
    strings.add_column("B")
    strings.add_row("plain", "[red]markup[/]")
    return [plain, wrapping, narrow, marked, styled, strings]


@pytest.mark.parametrize("index", range(6))
def test_made_up_tables_are_drawn_as_rich_draws_them(index: int) -> None:
    console = _console()
    table = _made_up()[index]
    for width in range(1, 130, 3):
        assert _drawn(console, QuickTable(table), width) == _drawn(console, table, width)
    group = Group(Text("before"), table, Text("after"))
    assert _drawn(console, quick(group), 90) == _drawn(console, group, 90)


def test_the_quick_way_is_taken_only_where_every_cell_fits() -> None:
    console = _console()
    plain, wrapping, narrow, marked, styled, strings = _made_up()
    assert _quick_rows(plain, console, 116) is not None
    assert _quick_rows(plain, console, 20) is None  # too narrow: Rich shrinks columns
    assert _quick_rows(wrapping, console, 200) is None  # a line break
    assert _quick_rows(narrow, console, 100) is None  # a cell wider than its fixed column
    assert _quick_rows(marked, console, 100) is None  # markup and emoji codes
    assert _quick_rows(styled, console, 100) is None  # row styles
    assert _quick_rows(strings, console, 100) is None  # markup in a cell


_WORDS = st.sampled_from(
    ["Amy", "Bob", "$120", "·", "60%", " GT ", "张伟", "é", "e\u0301", " ", ""]
)
_STYLES = st.sampled_from(["", "bold", "dim", "red", "bold white on #c62828", "on red", "italic"])
_JUSTIFY = st.sampled_from([None, "left", "right", "center", "full", "default"])


@st.composite
def _cells(draw: st.DrawFn) -> Text:
    words = draw(st.lists(_WORDS, max_size=4))
    text = Text(" ".join(words), style=draw(_STYLES), justify=draw(_JUSTIFY))
    if text.plain and draw(st.booleans()):
        start = draw(st.integers(0, len(text.plain) - 1))
        text.stylize(draw(_STYLES) or "bold", start, draw(st.integers(start, len(text.plain))))
    return text


@st.composite
def _random_tables(draw: st.DrawFn) -> Table:
    table = Table(
        box=None,
        expand=draw(st.booleans()),
        pad_edge=draw(st.booleans()),
        padding=(0, draw(st.integers(0, 2))),
        header_style=draw(st.sampled_from(["bold", "", "italic red"])),
        show_header=draw(st.booleans()),
    )
    for _ in range(draw(st.integers(1, 6))):
        table.add_column(
            draw(st.one_of(_cells(), st.sampled_from(["Cash", "Co", ""]))),
            justify=draw(st.sampled_from(["left", "right", "center", "full"])),
            no_wrap=draw(st.booleans()),
            width=draw(st.one_of(st.none(), st.integers(1, 8))),
        )
    for _ in range(draw(st.integers(0, 5))):
        table.add_row(*[draw(_cells()) for _ in table.columns])
    return table


@given(table=_random_tables(), width=st.integers(1, 140))
def test_any_table_is_drawn_as_rich_draws_it(table: Table, width: int) -> None:
    """Random tables of the panels' kind (styled cells, wide and combining characters,
    every justification, fixed widths, padding, headers or none) at random widths."""
    console = _console()
    assert _drawn(console, QuickTable(table), width) == _drawn(console, table, width)


def test_what_random_tables_found() -> None:
    """Two tables the random ones found drawn otherwise, before the quick way learnt them:
    columns with no room for text (Rich draws a blank), and a wrapped cell whose combining
    mark makes it longer in characters than in cells (Rich strips its trailing space)."""
    console = _console()
    empty = Table(box=None, expand=False, pad_edge=False, padding=(0, 1), header_style="bold")
    empty.add_column(Text(""))
    empty.add_column(Text(""))
    combining = Table(box=None, expand=False, pad_edge=False, padding=0, show_header=False)
    combining.add_column("Cash", justify="full", no_wrap=False)
    combining.add_column("", no_wrap=False)
    combining.add_row(Text("e\u0301  "), Text("Amy"))
    for table in (empty, combining):
        for width in range(1, 20):
            assert _drawn(console, QuickTable(table), width) == _drawn(console, table, width)
