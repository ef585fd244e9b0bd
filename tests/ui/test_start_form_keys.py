"""The new-game form's fields and keys (issue 27: the same keys do the same thing in every
position): the focused field is drawn apart and always in view, Enter opens the Title list
and picks in it (in a burst too), and a checkbox is drawn ``[x]`` ticked, ``[ ]`` clear.

What is checked is what the terminal shows: the rendered cells of the screen (text and
style), at 80×24 and 120×40.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.style import Style
from rich.text import Text
from textual.containers import VerticalScroll
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Static
from ui_helpers import SIZE, main_screen, running, send_burst

from moderator.ui.app import ModeratorApp
from moderator.ui.screens.start import FormSelect, NewGameScreen

SMALL = (80, 24)
SIZES = [SMALL, SIZE]

Cells = list[tuple[str, Style | None]]


def cells(
    app: ModeratorApp, widget: Widget, rows: slice = slice(None), strips: list[Strip] | None = None
) -> Cells:
    """The rendered cells (text and style) of ``widget``'s region on screen, the rows
    ``rows`` of it; ``strips``: the screen as rendered already (unchanged since), so
    that many widgets are read off one rendering of it."""
    if strips is None:
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


def look(app: ModeratorApp, widget: Widget, strips: list[Strip] | None = None) -> Cells:
    """How a field is drawn: the top of its border; a button, its whole face (Textual
    draws a focused button's label reversed)."""
    rows = slice(None) if widget.id == "start" else slice(0, 1)
    return cells(app, widget, rows, strips)


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


# ---------------------------------------------------------------- focus drawn apart
@pytest.mark.parametrize(
    ("downs", "size"),
    # 1846 (inputs, button) at 80x24, where fields scroll out of view; 1853 (checkboxes too)
    # at 120x40 (how a field is drawn does not depend on the size: one size a title)
    [(0, SMALL), (2, SIZE)],
)
async def test_every_field_is_drawn_apart_when_focused(
    saves: Path, size: tuple[int, int], downs: int
) -> None:
    """Tab round the form (and back at 80x24): each field's border (a button: its face), and its
    row's label, are drawn otherwise than whenever another field has the focus (the
    Players field had the main screen's panel border either way; no label changed)."""
    async with running(saves, size) as (app, pilot):
        screen = await open_form(pilot, downs)
        chain = screen.fields()
        kinds = {type(w).__name__ for w in chain}
        assert {"FormSelect", "FormInput", "Button"} <= kinds
        if downs:
            assert "FormCheckbox" in kinds
        focused: dict[Widget, tuple[Cells, Cells | None]] = {}
        blurred: dict[Widget, list[tuple[Cells, Cells | None]]] = {w: [] for w in chain}
        back = len(chain) if size == SMALL else 0  # back where the form scrolls (CI time)
        for key in ["tab"] * len(chain) + ["shift+tab"] * back:
            await send_burst(pilot, key)
            await pilot.pause()
            strips = app.screen._compositor.render_strips()  # once: nothing changes below
            for widget in chain:
                if not in_view(screen, widget):
                    continue
                label = row_label(widget)
                drawn = (
                    look(app, widget, strips),
                    cells(app, label, strips=strips) if label is not None else None,
                )
                if widget is app.focused:
                    focused[widget] = drawn
                else:
                    blurred[widget].append(drawn)
        for widget in chain:
            assert widget in focused and blurred[widget], widget
            for drawn in blurred[widget]:
                assert drawn[0] != focused[widget][0], widget
                if drawn[1] is not None:
                    assert drawn[1] != focused[widget][1], widget
        labelled = [w.id for w in chain if row_label(w) is not None]
        assert "title" in labelled and "players" in labelled


async def test_the_players_field_is_drawn_like_the_other_fields(saves: Path) -> None:
    """Its id is the main screen's Players panel's too: the panel's round border must
    not reach it."""
    async with running(saves, SMALL) as (app, pilot):
        screen = await open_form(pilot)
        players = screen.query_one("#players", Input)
        await send_burst(pilot, "tab")  # the focus on the removals
        assert app.focused is screen.query_one("#removals", Input)
        assert players.styles.border == screen.query_one("#pv-MS", Input).styles.border
        assert players.styles.padding == screen.query_one("#pv-MS", Input).styles.padding
        assert "╭" not in screen_text(app)


# ---------------------------------------------------------------- the Title list
@pytest.mark.parametrize(
    ("keys", "title"),
    [
        (("enter", "down", "down", "enter"), "1853"),
        ((" ", "down", " "), "1847AE"),  # Space opens and picks too
        (("down", "end", "up", "up", "up", "up", "enter"), "1847RRRRB"),  # ↓ opens; End, ↑ move
        (("enter", "end", "enter"), "1817"),  # the title moderator gained last
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
        assert "1847 RRRR&B" in screen_text(app)  # the list is drawn, titles by name
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


# ---------------------------------------------------------------- always in view
@pytest.mark.parametrize(
    ("downs", "size", "whole_way_back"),
    # at 80x24, where the form scrolls: 1846 (the longest form, inputs), 1853 (checkboxes),
    # 1847 Pfalz (the box values and a long checkbox label); 1847 AE and RRRR&B are shorter
    # forms of the same fields; at 120x40 the longest form, 1846's
    # Shift+Tab all the way back on the longest form where it scrolls; the others go round
    # forward past the end, then back past the start (CI time: a key is a frame drawn)
    [(0, SMALL, True), (2, SMALL, False), (3, SMALL, False), (0, SIZE, False)],
)
async def test_the_focused_field_is_always_in_view(
    saves: Path, size: tuple[int, int], downs: int, whole_way_back: bool
) -> None:
    """Tab round the form and back (each way past the ends): the focused field is wholly
    in view; on the Title the form is at its top (its heading shown)."""
    async with running(saves, size) as (app, pilot):
        screen = await open_form(pilot, downs)
        form = screen.query_one("#new-game-form", VerticalScroll)
        await send_burst(pilot, "Amy Bob Carlos")
        count = len(screen.fields())
        back = count + 2 if whole_way_back else 3
        for key in ["tab"] * (count + 2) + ["shift+tab"] * back:
            await send_burst(pilot, key)
            await pilot.pause()
            focused = app.focused
            assert focused is not None and in_view(screen, focused), (key, focused)
            if isinstance(focused, FormSelect):
                assert form.scroll_y == 0 and "New game" in screen_text(app)


async def test_the_focused_field_stays_in_view_when_the_line_under_the_form_grows(
    saves: Path,
) -> None:
    """The line saying what is missing takes more rows as the banker types: the form
    gets shorter, and the field at its bottom is scrolled into view again."""
    async with running(saves, SMALL) as (app, pilot):
        screen = await open_form(pilot)
        await send_burst(pilot, "tab", "tab")
        field = screen.query_one("#pv-MS", Input)
        assert app.focused is field and in_view(screen, field)
        line = screen.query_one("#new-game-error", Static)
        line.update(Text("\n".join(["what is missing"] * 5)))
        await pilot.pause()
        await pilot.pause()
        assert line.region.height == 5
        assert in_view(screen, field)


async def test_a_title_typed_that_is_not_there_starts_nothing(saves: Path) -> None:
    """Round 4: in the Title list, ``1 8 3 9`` holds no title; the list searched the ``9``
    alone and highlighted 1889, and the ``Enter ctrl+s x`` typed behind it started an 1889
    game and passed its first player.  Now the bell is heard and the highlight seen
    first: the keys typed behind the ``9`` are not used; Enter typed after takes the title
    highlighted."""
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "Amy Bob Cy", "shift+tab", "enter", "1839", "enter")
        await send_burst(pilot, "ctrl+s", "x")
        assert isinstance(app.screen, NewGameScreen)
        assert list(saves.glob("*.json")) == []
        select = app.screen.query_one(FormSelect)
        assert select.expanded
        await send_burst(pilot, "escape", "enter", "1830", "enter", "ctrl+s")
        assert [p.name[:4] for p in saves.glob("*.json")] == ["1830"]
