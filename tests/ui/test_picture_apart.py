"""The main screen's picture for a save the app did not let go of (issue 41.2,
:mod:`moderator.ui.picture`): kept current by the running app once it is idle after a
command (so a kill -9 leaves the picture of the last command), and drawn apart by
``moderator picture SAVE``, which ``moderator play --save`` starts; never shown for a
save that changed since."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path
from time import monotonic

import pytest
from test_picture import Watched, text_of, warnings_of
from ui_helpers import RULEBOOK, SIZE, burst_keys, main_screen, running, saved_lines, settle

from moderator import cli, picture_apart
from moderator.game import Game
from moderator.ui import app as app_module
from moderator.ui.app import picture_main, take_picture
from moderator.ui.picture import (
    keep_picture,
    kept_for,
    picture_path,
    read_picture,
    save_key,
    state_digest,
)
from moderator.ui.screens.main import MainScreen

REPO = Path(__file__).resolve().parents[2]


async def kept_with(pilot: object, path: Path, entries: int) -> None:
    """Wait (a bounded while) until the running app has kept the picture of ``path`` for
    ``entries`` journal entries."""
    for _ in range(200):
        picture = read_picture(path, SIZE)
        if picture is not None and picture.entries == entries:
            return
        await pilot.pause(0.05)  # type: ignore[attr-defined]
    raise AssertionError(f"no picture of {entries} entries kept")


def rulebook_lines(upto: str) -> str:
    """The rulebook example's script up to (not including) the line starting ``upto``."""
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if line.strip().startswith(upto))
    return "\n".join(lines[:cut]) + "\n"


async def test_the_running_app_keeps_the_picture_of_each_command_once_idle(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No quit needed: once idle after opening a save without its picture, and after a
    command, the picture beside the save is the main screen as drawn, for the save as it
    is now; a command given since makes it stale, and it is then not read (a kill before
    the app is idle again leaves the slow path)."""
    monkeypatch.setattr(app_module, "PICTURE_IDLE", 0.05)
    from ui_helpers import rulebook_save

    path = rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        # a save opened without its picture has it kept once idle, before any command
        await kept_with(pilot, path, len(main_screen(app).session.game.journal))
        await pilot.press(*burst_keys(":", "par Amy GT 60", "enter"))
        await settle(pilot)
        screen = main_screen(app)
        await kept_with(pilot, path, len(screen.session.game.journal))
        picture = read_picture(path, SIZE)
        assert picture is not None
        assert text_of(picture.rows) == text_of(screen._compositor.render_strips())
        assert picture.state == state_digest(screen.session.data)
        monkeypatch.setattr(app_module, "PICTURE_IDLE", 1000.0)  # not kept again now
        line = screen.session.legal_lines()[0]
        await pilot.press(*burst_keys(line, "enter"))  # the bar is still open
        await settle(pilot)
        assert saved_lines(path)[-1] == line
        assert read_picture(path, SIZE) is None  # the save changed since: never shown
        assert kept_for(path, SIZE) != save_key(path)


async def test_no_picture_is_kept_while_keys_come_or_over_another_screen(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "PICTURE_IDLE", 1000.0)  # the test calls it itself
    from ui_helpers import rulebook_save

    path = rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        await pilot.press(*burst_keys(":", "par Amy GT 60", "enter"))
        await settle(pilot)
        assert app._picture_due and app._picture_timer is not None
        app._picture_timer.stop()
        app._quiet_since = monotonic()  # a key just came
        app.keep_picture_when_idle()
        assert not picture_path(path).exists() and app._picture_timer is not None
        app._picture_timer.stop()
        await pilot.press("escape", "h")  # the bar closed, then History over the main screen
        await settle(pilot)
        assert not isinstance(app.screen, MainScreen)
        app._quiet_since = 0.0
        app.keep_picture_when_idle()
        assert not picture_path(path).exists() and app._picture_timer is not None
        app._picture_timer.stop()
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        app._quiet_since = 0.0
        app.keep_picture_when_idle()
        assert read_picture(path, SIZE) is not None and not app._picture_due


async def test_a_save_left_by_a_kill_opens_on_the_picture_of_its_last_command(
    saves: Path,
) -> None:
    from ui_helpers import rulebook_save

    path = rulebook_save(saves, "# Stock Round 1")
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("crash_after_picture.py"))]
        + [str(path), "par Amy GT 60", "0.05"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
    )
    try:
        ready, _, _ = select.select([child.stdout], [], [], 120)
        assert ready and child.stdout is not None
        assert child.stdout.readline() == b"KEPT\n", child.stderr
    finally:
        child.send_signal(signal.SIGKILL)
        child.communicate()
    assert saved_lines(path)[-1] == "par Amy GT 60"
    app = Watched(saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.shown is not None  # the picture of the last command, then the game
        assert app.shown.picture.entries == len(saved_lines(path))
        assert isinstance(app.screen, MainScreen)
        assert warnings_of(app) == []  # the replayed state is the picture's


async def test_play_save_leaves_the_picture_the_app_shows(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``moderator play SCRIPT --save F`` starts ``moderator picture F`` apart (not under
    the tests unless asked: MODERATOR_NO_PICTURE); it draws the main screen at the
    terminal's size as the app does, and the app opens on it; once the save changes, the
    picture is never shown."""
    script = saves.parent / "game.script"
    script.write_text(rulebook_lines("# Stock Round 1"), encoding="utf-8")
    path = saves / "game.json"
    assert cli.main(["play", str(script), "--save", str(path), "--quiet"]) == 0
    assert not picture_path(path).exists()  # MODERATOR_NO_PICTURE: no child
    assert picture_apart.leave_picture(path) is None
    more = script.read_text(encoding="utf-8") + "par Amy GT 60\n"
    script.write_text(more, encoding="utf-8")
    started: list[int | None] = []
    monkeypatch.delenv(picture_apart.PICTURE_OFF)
    monkeypatch.setenv("COLUMNS", str(SIZE[0]))
    monkeypatch.setenv("LINES", str(SIZE[1]))
    real = picture_apart.leave_picture
    monkeypatch.setattr(picture_apart, "leave_picture", lambda save: started.append(real(save)))
    assert cli.main(["play", str(script), "--save", str(path), "--quiet"]) == 0
    (pid,) = started
    assert pid is not None
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0  # a picture kept
    picture = read_picture(path, SIZE)
    assert picture is not None and picture.entries == len(saved_lines(path))
    assert not take_picture(path, SIZE)  # one for the file as it is now is there already
    app = Watched(saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.shown is not None
        assert isinstance(app.screen, MainScreen)
        # the picture is the main screen the app composes from the replayed game
        assert text_of(app.shown.picture.rows) == text_of(
            main_screen(app)._compositor.render_strips()
        )
        assert warnings_of(app) == []
        await pilot.press("ctrl+q")
    # a save changed since its picture was drawn (here by another moderator) opens
    # without it; a picture drawn from the file as it was is not kept
    key = save_key(path)
    assert key is not None
    game = Game.load(path)
    assert game.execute(game.legal_commands()[0]).ok
    line = game.journal[-1].line
    game.close()
    assert read_picture(path, SIZE) is None
    assert not keep_picture(path, picture.rows, {}, 0, key=key)
    app = Watched(saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.shown is None
        assert main_screen(app).session.game.journal[-1].line == line


@pytest.mark.parametrize(
    "words",
    [
        [],
        ["--size", "120x40"],
        ["a.json", "--size"],
        ["a.json", "--size", "0x40"],
        ["a", "b"],
        ["a.json", "--size", "²x5"],
        ["a.json", "--size", "１２x40"],
    ],
)
def test_the_picture_command_line_refuses_what_it_does_not_read(words: list[str]) -> None:
    assert picture_main(words) == 2


def test_the_picture_command_says_what_it_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["picture", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: moderator picture SAVE")


def test_no_picture_for_a_save_that_is_not_there(tmp_path: Path) -> None:
    assert picture_main([str(tmp_path / "none.json")]) == 1
    assert cli.main(["picture", str(tmp_path / "none.json"), "--size", "80x24"]) == 1
    assert list(tmp_path.iterdir()) == []


def test_amend_and_play_start_the_child_for_the_save_they_wrote_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Which commands start ``moderator picture`` (no child here: the call is noted)."""
    asked: list[Path] = []
    monkeypatch.setattr(picture_apart, "leave_picture", asked.append)
    script = tmp_path / "game.script"
    script.write_text(RULEBOOK.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "game.json"
    assert cli.main(["play", str(script), "--save", str(path), "--quiet"]) == 0
    assert asked == [path]
    assert cli.main(["play", str(script), "--quiet"]) == 0  # no save: nothing to draw
    assert cli.main(["amend", str(path), "49", "run NYC 360 half", "--dry-run"]) == 0
    assert asked == [path]  # a dry run writes nothing
    assert cli.main(["amend", str(path), "49", "run NYC 360 half"]) == 0
    assert asked == [path, path]
    other = tmp_path / "other.json"
    other.write_text("not a save", encoding="utf-8")
    assert cli.main(["play", str(script), "--save", str(other), "--quiet"]) == 2
    assert asked == [path, path]  # a save refused is not written
    capsys.readouterr()


@pytest.mark.parametrize(
    ("environ", "terminal", "size"),
    [
        ({}, None, None),  # no terminal at all: the child's default
        ({"COLUMNS": "90"}, None, None),
        ({}, (100, 30), "100x30"),
        ({"COLUMNS": "90"}, (100, 30), "90x30"),  # as Textual (shutil) reads it
        ({"COLUMNS": "90", "LINES": "20"}, None, "90x20"),
    ],
)
def test_the_child_draws_at_the_terminals_size(
    monkeypatch: pytest.MonkeyPatch,
    environ: dict[str, str],
    terminal: tuple[int, int] | None,
    size: str | None,
) -> None:
    spawned: list[tuple[str, list[str], dict]] = []

    def posix_spawn(path: str, argv: list[str], env: dict, **how: object) -> int:
        spawned.append((path, argv, how))
        return 4242

    def get_terminal_size(fd: int = 1) -> os.terminal_size:
        if terminal is None:
            raise OSError("not a terminal")
        return os.terminal_size(terminal)

    monkeypatch.delenv(picture_apart.PICTURE_OFF)
    for name in ("COLUMNS", "LINES"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(os, "posix_spawn", posix_spawn)
    monkeypatch.setattr(os, "get_terminal_size", get_terminal_size)
    assert picture_apart.leave_picture(Path("g.json")) == 4242
    ((path, argv, how),) = spawned
    assert path == sys.executable
    asked = ["picture", os.path.abspath("g.json")] + (["--size", size] if size else [])
    assert argv[-len(asked) :] == asked and argv[-len(asked) - 1] != "picture"
    assert how["setsid"] is True  # apart: its own session, its output nowhere
    monkeypatch.setenv(picture_apart.PICTURE_OFF, "1")
    assert picture_apart.leave_picture(Path("g.json")) is None and len(spawned) == 1


def test_the_child_without_a_size_draws_at_the_earlier_pictures(tmp_path: Path) -> None:
    """``moderator picture SAVE`` with no size (``play`` had no terminal) draws at the size
    of the picture kept before for that game (the app's last), though it is out of date,
    else at 120x40."""
    script = tmp_path / "game.script"
    script.write_text(rulebook_lines("# Stock Round 1"), encoding="utf-8")
    path = tmp_path / "game.json"
    assert cli.main(["play", str(script), "--save", str(path), "--quiet"]) == 0
    assert picture_main([str(path)]) == 0
    assert read_picture(path, (120, 40)) is not None
    for size in ((80, 24), None):
        game = Game.load(path)
        assert game.execute(game.legal_commands()[0]).ok  # the save changes: it is stale
        game.close()
        assert kept_for(path, (120, 40)) != save_key(path)
        if size is not None:  # a picture at another size, as the app keeps one
            assert take_picture(path, size)
    assert read_picture(path, (80, 24)) is None
    assert picture_main([str(path)]) == 0
    for size in ((80, 24), (120, 40)):  # each size the game was drawn at, drawn again
        picture = read_picture(path, size)
        assert picture is not None and picture.entries == len(saved_lines(path))
