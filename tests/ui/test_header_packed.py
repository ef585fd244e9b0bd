"""The header's items are packed whole into the terminal's width (what players read: at
80 columns the 1847 AE header read ``… Phase 3   Bank`` / ``M7,101   ✓ M8,000``)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from test_sharing_screen import demo_save
from ui_helpers import running

from moderator.ui.widgets.panels import packed_items


def test_an_item_that_does_not_fit_moves_whole_to_the_next_line() -> None:
    line = Text(" 1847 AE ", style="reverse")
    line.append("  Operating round 2.1   Phase 3   Bank M7,101   ✓ M8,000")
    packed = packed_items(line, 44)
    assert packed.plain.split("\n") == [
        " 1847 AE   Operating round 2.1   Phase 3",
        "Bank M7,101   ✓ M8,000",
    ]
    assert packed.spans[0].style == "reverse"  # the title keeps its style
    assert packed_items(line, 200) is line  # a line that fits is left as it is
    assert packed_items(line, 0) is line  # not yet laid out


def test_an_item_wider_than_the_line_starts_a_line_of_its_own() -> None:
    line = Text("Phase 2   may convert or merge SR (Amy), NYOW (Dana)   Bank unlimited")
    assert packed_items(line, 30).plain.split("\n") == [
        "Phase 2",
        "may convert or merge SR (Amy), NYOW (Dana)",
        "Bank unlimited",
    ]


async def test_at_80_columns_the_bank_stays_beside_its_cash(tmp_path: Path) -> None:
    demo_save(tmp_path, "1847ae")
    async with running(tmp_path, size=(80, 24)) as (app, pilot):
        await pilot.pause()
        rows = [strip.text for strip in app.screen._compositor.render_strips()[:3]]  # type: ignore[attr-defined]
        assert any("Bank M7,101   ✓ M8,000" in row for row in rows), rows
        assert not any(row.rstrip().endswith("Bank") for row in rows), rows
