"""The new-game form's fields and keys (issue 27: the same keys do the same thing in every
position): Enter opens the Title list and picks in it (in a burst too), and a checkbox is
drawn ``[x]`` ticked, ``[ ]`` clear, as the terminal shows it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.style import Style
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label
from ui_helpers import SIZE, main_screen, running, send_burst

from moderator.ui.app import ModeratorApp
from moderator.ui.screens.start import FormSelect, NewGameScreen

SMALL = (80, 24)
SIZES = [SMALL, SIZE]

Cells = list[tuple[str, Style | None]]


def cells(app: ModeratorApp, widget: Widget, rows: slice = slice(None)) -> Cells:
    """The rendered cells (text and style) of ``widget``'s region on screen, the rows
    ``rows`` of it."""
    strips = app.screen._compositor.render_strips()
    region = widget.region
    found: Cells = []
    for y in range(region.y, region.bottom)[rows]:
        strip = strips[y].crop(region.x, region.right)
        found.extend((segment.text, segment.style) for segment in strip)
    return found


def screen_text(app: ModeratorApp) -> str:
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def in_view(screen: NewGameScreen, widget: Widget) -> bool:
    """Whether ``widget`` is wholly inside the form's visible part, across and down."""
    form = screen.query_one("#new-game-form", VerticalScroll)
    region = widget.region
    return bool(
        widget.display
        and region.height > 0
        and form.content_region.contains_region(region)
        and screen.region.contains_region(region)
    )


def look(app: ModeratorApp, widget: Widget) -> Cells:
    """How a field is drawn: the top of its border; a button, its whole face (Textual
    draws a focused button's label reversed)."""
    return cells(app, widget) if widget.id == "start" else cells(app, widget, slice(0, 1))


def row_label(widget: Widget) -> Label | None:
    """The label beside ``widget`` in its row (``None`` when the row has none written)."""
    row = widget.parent
    if row is None or not row.has_class("form-row"):
        return None
    labels = list(row.query(Label).results(Label))
    if not labels or not str(labels[0].render()).strip():
        return None
    return labels[0]


async def open_form(pilot, title_downs: int = 0) -> NewGameScreen:  # type: ignore[no-untyped-def]
    """The new-game form, on the title ``title_downs`` places below 1846 (chosen with
    the keys), the focus on the players."""
    await send_burst(pilot, "n", "shift+tab", "enter", *(["down"] * title_downs), "enter", "tab")
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    await screen.settled()
    await pilot.pause()
    return screen


# ---------------------------------------------------------------- the Title list
@pytest.mark.parametrize(
    ("keys", "title"),
    [
        (("enter", "down", "down", "enter"), "1853"),
        ((" ", "down", " "), "1847AE"),  # Space opens and picks too
        (("down", "end", "up", "enter"), "1847PFALZ"),  # ↓ opens; End, ↑ move
        (("enter", "p", "enter"), "1847PFALZ"),  # typed: the first title holding it
        (("enter", "rr", "enter"), "1847RRRRB"),
        (("enter", "down", "escape"), "1846"),  # Esc closes the list, nothing chosen
        (("enter", "down", "tab"), "1846"),  # so does Tab, on to the players
    ],
)
async def test_the_title_list_takes_a_burst_of_keys(
    saves: Path, keys: tuple[str, ...], title: str
) -> None:
    """Enter on the Title opens its list, Enter in it picks; each key of a burst acts
    in order (the keys after Enter went to the closed field, which swallowed them)."""
    async with running(saves, SMALL) as (app, pilot):
        await send_burst(pilot, "n", "shift+tab", *keys, "tab", "Amy Bob Carlos")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        select = screen.query_one("#title", FormSelect)
        assert select.value == title and not select.expanded
        assert screen.title_shown == title
        players = screen.query_one("#players", Input)
        if keys[-1] == "tab":  # the Tab of the keys went to the players, this one past
            assert players.value == ""
        else:
            assert players.value == "Amy Bob Carlos" and app.focused is players
            assert f"{title} needs" not in str(screen.query_one("#new-game-error").render())


async def test_enter_opens_the_title_list_one_key_at_a_time(saves: Path) -> None:
    async with running(saves, SMALL) as (app, pilot):
        await send_burst(pilot, "n", "shift+tab")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        select = screen.query_one("#title", FormSelect)
        await pilot.press("enter")
        await pilot.pause()
        assert select.expanded and app.focused is select
        assert "1847RRRRB" in screen_text(app)  # the list is drawn
        await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert select.value == "1847AE" and not select.expanded
        await pilot.press("enter")  # again: the list opens on the title chosen
        await pilot.pause()
        assert select.expanded and select.overlay.highlighted == 1
        await pilot.press("escape")
        await pilot.pause()
        assert not select.expanded and isinstance(app.screen, NewGameScreen)


async def test_a_game_of_the_title_picked_in_the_same_burst_starts(saves: Path) -> None:
    """Title, players and the option box typed at once: the form shows the title's fields
    before the next Tab reads them."""
    async with running(saves, SMALL) as (app, pilot):
        await send_burst(
            pilot, "n", "shift+tab", "enter", "down", "enter", "tab", "Amy Bob Carlos", "tab"
        )
        await send_burst(pilot, " ", "ctrl+s")
        game = main_screen(app).session.game
        assert game.title == "1847AE" and game.players == ["Amy", "Bob", "Carlos"]
        assert game.state_json()["variant"] is True


# ---------------------------------------------------------------- checkboxes
async def test_a_checkbox_is_drawn_ticked_and_clear(saves: Path) -> None:
    async with running(saves, SMALL) as (app, pilot):
        screen = await open_form(pilot, 2)  # 1853: the shortened game, the board's values
        short = screen.query_one("#option-1853-short", Checkbox)
        assert "[ ] Shortened game" in screen_text(app)
        assert "X" not in "".join(text for text, _ in cells(app, short))
        await send_burst(pilot, "tab", " ")
        assert short.value
        assert "[x] Shortened game" in screen_text(app)
        await send_burst(pilot, "enter")  # Enter toggles too
        assert not short.value and "[ ] Shortened game" in screen_text(app)
        await send_burst(pilot, "tab", "tab", "tab")  # the track, the pars, the box
        assert "[ ] These are the board's values" in screen_text(app)
        await send_burst(pilot, " ")
        assert screen.query_one("#market-1853-confirm", Checkbox).value
        assert "[x] These are the board's values" in screen_text(app)


@pytest.mark.parametrize("size", SIZES)
async def test_a_long_checkbox_label_wraps_inside_the_form(
    saves: Path, size: tuple[int, int]
) -> None:
    """1847 Pfalz's introductory game: the label ran out of the form at 80 columns."""
    async with running(saves, size) as (app, pilot):
        screen = await open_form(pilot, 3)
        box = screen.query_one("#option-1847PFALZ-intro", Checkbox)
        await send_burst(pilot, "tab")
        assert app.focused is box and in_view(screen, box)
        assert "[ ] Introductory Game" in screen_text(app)
        assert "nationalisation" in screen_text(app)  # the end of the label, wrapped
