"""The main screen's pictures at the last few terminal sizes (issue 41.2,
:mod:`moderator.ui.picture`): a save shown on the laptop's screen and on a larger monitor
(or in a resized terminal) opens on its picture at each, most recent first, each line
read strictly and on its own, kept for the save file as it is, bounded in number and in
bytes; the sizes left out of date as the app lets go of a game are drawn again apart."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rich.segment import Segment
from rich.style import Style
from test_picture import Watched, text_of, warnings_of
from textual.strip import Strip
from ui_helpers import SIZE, burst_keys, main_screen, rulebook_save, saved_lines, settle

from moderator import picture_apart
from moderator.ui import picture as picture_module
from moderator.ui.app import ModeratorApp, take_picture
from moderator.ui.picture import (
    MAX_SIZES,
    keep_picture,
    kept_pictures,
    kept_sizes,
    picture_path,
    read_picture,
    save_key,
    stale_sizes,
)
from moderator.ui.screens.main import MainScreen

OTHER = (100, 30)


def strips(size: tuple[int, int], mark: str = "x") -> list[Strip]:
    """A made-up screen of ``size``: each row ``mark`` repeated, bold."""
    columns, rows = size
    return [Strip([Segment(mark * columns, Style.parse("bold"))], columns)] * rows


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text("{}\n", encoding="utf-8")
    return path


def changed(save: Path) -> None:
    """A command written: the save file is another one."""
    with save.open("a", encoding="utf-8") as grown:
        grown.write(" ")


def test_each_size_keeps_its_picture_most_recent_first(save: Path) -> None:
    sizes = [(80, 24), (120, 40), (160, 50), (100, 30)]
    for n, size in enumerate(sizes):
        assert keep_picture(save, strips(size, str(n)), {"n": n}, n)
    assert kept_sizes(save) == sizes[:0:-1]  # the oldest of four left out
    assert read_picture(save, sizes[0]) is None
    for n, size in enumerate(sizes[1:], 1):
        picture = read_picture(save, size)
        assert picture is not None and text_of(picture.rows) == [str(n) * size[0]] * size[1]
        assert picture.entries == n
    assert keep_picture(save, strips(sizes[1], "a"), {}, 9)  # kept again: first
    assert kept_sizes(save) == [sizes[1], sizes[3], sizes[2]]
    picture = read_picture(save, sizes[1])
    assert picture is not None and picture.entries == 9
    assert len(picture_path(save).read_bytes().splitlines()) == MAX_SIZES


def test_a_picture_drawn_again_apart_keeps_its_place(save: Path) -> None:
    for size in (SIZE, OTHER):
        assert keep_picture(save, strips(size), {}, 1)
    key = save_key(save)
    assert kept_sizes(save) == [OTHER, SIZE]
    assert keep_picture(save, strips(SIZE, "y"), {}, 2, key=key, in_place=True)
    assert kept_sizes(save) == [OTHER, SIZE]
    changed(save)
    assert not keep_picture(save, strips(SIZE), {}, 3, key=key, in_place=True)  # file changed
    picture = read_picture(save, SIZE)
    assert picture is None  # kept for the file as it was
    assert kept_pictures(save) == [(OTHER, key), (SIZE, key)]


def test_a_command_makes_every_size_stale_and_each_is_kept_for_its_file(save: Path) -> None:
    for size in (SIZE, OTHER):
        assert keep_picture(save, strips(size), {}, 1)
    assert stale_sizes(save) == []
    changed(save)
    assert stale_sizes(save) == [OTHER, SIZE]
    assert read_picture(save, SIZE) is None and read_picture(save, OTHER) is None
    assert keep_picture(save, strips(SIZE), {}, 2)  # the app, at its own size
    assert stale_sizes(save) == [OTHER]  # still remembered, never shown
    assert read_picture(save, SIZE) is not None and read_picture(save, OTHER) is None


def test_the_pictures_stay_within_their_bytes(save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert keep_picture(save, strips((200, 60)), {}, 1)
    assert keep_picture(save, strips((210, 60)), {}, 1)
    one = len(picture_path(save).read_bytes()) // 2
    monkeypatch.setattr(picture_module, "MAX_PICTURE_BYTES", one * 2 + one // 2)
    assert keep_picture(save, strips((220, 60)), {}, 1)  # the oldest dropped
    assert kept_sizes(save) == [(220, 60), (210, 60)]
    assert read_picture(save, (220, 60)) is not None
    monkeypatch.setattr(picture_module, "MAX_PICTURE_BYTES", one // 2)
    assert not keep_picture(save, strips((230, 60)), {}, 1)  # alone too large: not kept
    assert read_picture(save, (230, 60)) is None
    monkeypatch.setattr(picture_module, "MAX_PICTURE_BYTES", one * 2 - 1)  # the file: too large
    assert read_picture(save, (220, 60)) is None


@pytest.mark.parametrize("how", ["twice", "too many", "a size spelled otherwise"])
def test_a_picture_file_not_as_written_is_not_read(save: Path, how: str) -> None:
    for size in (SIZE, OTHER):
        assert keep_picture(save, strips(size), {}, 1)
    lines = picture_path(save).read_bytes().splitlines(keepends=True)
    ours = next(line for line in lines if b'"size":[120,40]' in line)
    if how == "twice":  # two lines of one size: which one is right is not known
        lines.append(ours)
    elif how == "too many":
        lines = lines + lines[1:] * MAX_SIZES
    else:
        lines[lines.index(ours)] = ours.replace(b'"size":[120,40]', b'"size":[120,40.0]')
    picture_path(save).write_bytes(b"".join(lines))
    assert read_picture(save, SIZE) is None


def test_a_damaged_line_takes_nothing_from_the_other_sizes(save: Path) -> None:
    for size in (SIZE, OTHER):
        assert keep_picture(save, strips(size), {}, 1)
    lines = picture_path(save).read_bytes().splitlines(keepends=True)
    lines[0] = lines[0][:-40] + b"\n"  # the most recent, cut short
    picture_path(save).write_bytes(b"".join(lines))
    assert read_picture(save, OTHER) is None
    assert read_picture(save, SIZE) is not None


class Quit(Watched):
    """The app, noting what its main screen showed before the quit."""

    rows: list[str]
    last_line: str
    warnings: list[str]


async def _quit_at(saves: Path, size: tuple[int, int], typed: tuple[str, ...] = ()) -> Quit:
    """Open the newest save at ``size``, give the ``typed`` lines, quit."""
    app = Quit(saves)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        for line in typed:
            await pilot.press(*burst_keys(":", line, "enter"))
            await settle(pilot)
        app.rows = text_of(main_screen(app)._compositor.render_strips())
        app.last_line = main_screen(app).session.game.journal[-1].line
        app.warnings = warnings_of(app)
        await pilot.press("ctrl+q")
    return app


def test_each_size_the_game_was_shown_at_opens_on_its_picture(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The laptop's screen, then a monitor where a command is given: as the app quits,
    the laptop's picture (out of date) is drawn again apart (here, in this process, as
    ``moderator picture SAVE`` does), and the next opening at either size shows its
    picture, with the game as replayed, and no warning."""
    left: list[tuple[Path, bool]] = []
    monkeypatch.setattr(
        picture_apart, "leave_picture", lambda s, terminal=True: left.append((s, terminal))
    )
    path = rulebook_save(saves, "# Stock Round 1")
    laptop = asyncio.run(_quit_at(saves, OTHER))
    assert laptop.shown is None and left == []  # no other size yet: nothing apart
    monitor = asyncio.run(_quit_at(saves, SIZE, ("par Amy GT 60",)))
    assert monitor.shown is None  # a size the game was never shown at: the slow path
    assert left == [(path, False)]  # the laptop's picture is out of date: drawn apart
    assert stale_sizes(path) == [OTHER] and read_picture(path, SIZE) is not None
    assert take_picture(path)  # the child: the out-of-date sizes only
    assert kept_sizes(path) == [SIZE, OTHER] and stale_sizes(path) == []
    assert not take_picture(path)  # nothing left to draw
    for size in (OTHER, SIZE):
        app = asyncio.run(_quit_at(saves, size))
        assert app.shown is not None, size
        assert app.warnings == []
        assert app.last_line == "par Amy GT 60"
        assert app.shown.picture.entries == len(saved_lines(path))
        if size == OTHER:  # drawn apart: the main screen as the app opens it there
            assert text_of(app.shown.picture.rows) == app.rows
    assert saved_lines(path)[-1] == "par Amy GT 60"
    assert left == [(path, False)]  # nothing changed since: nothing more apart


async def test_a_resized_terminal_keeps_both_sizes(saves: Path) -> None:
    """Opened at one size and resized: the quit keeps the new size's picture beside the
    first one's (kept once idle after the opening), both current."""
    path = rulebook_save(saves, "# Stock Round 1")
    app = ModeratorApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app._quiet_since = 0.0  # kept once idle after the opening (a save without one)
        app.keep_picture_when_idle()
        assert read_picture(path, SIZE) is not None
        await pilot.resize_terminal(*OTHER)
        await settle(pilot)
        await pilot.press("ctrl+q")
    assert sorted(kept_sizes(path)) == sorted([SIZE, OTHER]) and stale_sizes(path) == []


def test_the_apps_child_draws_only_the_out_of_date_sizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Started by the app as it lets go of a game (``terminal=False``), the child is given
    no size, even in a terminal with ``COLUMNS``/``LINES``: the app's own size has its
    picture already, and the child draws the out-of-date ones only."""
    import os
    import sys

    spawned: list[list[str]] = []

    def posix_spawn(path: str, argv: list[str], env: dict, **how: object) -> int:
        spawned.append(argv)
        return 4242

    monkeypatch.delenv(picture_apart.PICTURE_OFF)
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("LINES", "40")
    monkeypatch.setattr(os, "posix_spawn", posix_spawn)
    assert picture_apart.leave_picture(Path("g.json"), terminal=False) == 4242
    assert picture_apart.leave_picture(Path("g.json")) == 4242
    assert [argv[-2:] for argv in spawned] == [
        ["picture", os.path.abspath("g.json")],
        ["--size", "120x40"],
    ]
    assert all(argv[0] == sys.executable for argv in spawned)
