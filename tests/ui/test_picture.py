"""The main screen's last picture, shown at once while the save is read (issue 41.2,
:mod:`moderator.ui.picture`): kept as the app quits, never trusted, keys held for the
replayed game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.strip import Strip
from ui_helpers import SIZE, burst_keys, main_screen, rulebook_save, saved_lines, settle

from moderator import __version__
from moderator.game import Game
from moderator.ui.app import ModeratorApp
from moderator.ui.picture import (
    PICTURE_VERSION,
    PictureScreen,
    kept_for,
    picture_path,
    read_picture,
    save_key,
)
from moderator.ui.screens.main import MainScreen
from moderator.ui.screens.start import StartScreen


class Watched(ModeratorApp):
    """The app, noting the picture it showed; with ``hold``, the save is opened only when
    the test calls :meth:`go` (keys can be typed on the picture meanwhile)."""

    def __init__(self, saves: Path, hold: bool = False) -> None:
        super().__init__(saves=saves)
        self.hold = hold
        self.shown: PictureScreen | None = None
        self.frames: list[str] = []

    def _display(self, screen: Screen, renderable: object) -> None:
        if renderable is not None and not self._batch_count:
            self.frames.append(type(screen).__name__)  # a frame that reaches the terminal
        super()._display(screen, renderable)  # type: ignore[arg-type]

    def _open_pictured(self, screen: Screen) -> None:
        assert isinstance(screen, PictureScreen)
        # the picture is on the terminal before the save is read (Textual drops the
        # frames drawn while the app starts)
        assert self.frames == ["PictureScreen"]
        self.shown = screen
        if not self.hold:
            super()._open_pictured(screen)

    def go(self) -> None:
        assert self.shown is not None
        super()._open_pictured(self.shown)


def text_of(strips: list[Strip]) -> list[str]:
    return [strip.text for strip in strips]


async def quit_with_picture(saves: Path, typed: tuple[str, ...] = ()) -> list[str]:
    """Open the newest save, type ``typed`` (command-bar lines), quit: the main screen's
    rows as drawn at the quit."""
    app = ModeratorApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for line in typed:
            await pilot.press(*burst_keys(":", line, "enter"))
            await settle(pilot)
        rows = text_of(main_screen(app)._compositor.render_strips())
        await pilot.press("ctrl+q")
    return rows


def compact(record: object) -> str:
    """A picture's record as :func:`moderator.ui.picture.keep_picture` writes it (its
    keys in their order, no spaces), on a line of its own."""
    return json.dumps(record, ensure_ascii=True, separators=(",", ":")) + "\n"


def warnings_of(app: ModeratorApp) -> list[str]:
    return [str(n.message) for n in app._notifications if n.severity == "warning"]


async def test_a_game_quit_opens_on_its_picture_then_on_the_replayed_game(saves: Path) -> None:
    path = rulebook_save(saves, "# Stock Round 1")
    rows = await quit_with_picture(saves, ("par Amy GT 60",))
    picture = read_picture(path, SIZE)
    assert picture is not None and text_of(picture.rows) == rows
    assert picture.entries == len(saved_lines(path))
    app = Watched(saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.shown is not None and text_of(app.shown.picture.rows) == rows
        assert isinstance(app.screen, MainScreen)
        assert main_screen(app).session.game.journal[-1].line == "par Amy GT 60"
        assert warnings_of(app) == []


async def test_a_2d_market_game_opens_on_its_picture(saves: Path) -> None:
    """1847 AE's demo (the grid market, its colours): the picture reads back as drawn,
    and the replayed game matches it."""
    from moderator.saves_index import DEMO_SCRIPTS, make_demo_save

    path = make_demo_save(saves, DEMO_SCRIPTS["1847AE"])
    rows = await quit_with_picture(saves)
    app = Watched(saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.shown is not None and text_of(app.shown.picture.rows) == rows
        assert main_screen(app).market_kind == "grid"
        assert warnings_of(app) == []
    assert read_picture(path, SIZE) is not None


async def test_keys_typed_on_the_picture_wait_for_the_replayed_game(saves: Path) -> None:
    """A burst typed while the picture shows commits what it spells, on the replayed
    game, once that is on screen: no key is lost, none acts on the picture."""
    path = rulebook_save(saves, "# Stock Round 1")
    await quit_with_picture(saves)
    before = saved_lines(path)
    app = Watched(saves, hold=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PictureScreen)
        await pilot.press(*burst_keys(":", "par Amy GT 60", "enter", "pass Bob", "enter"))
        await pilot.pause()
        assert isinstance(app.screen, PictureScreen)
        assert saved_lines(path) == before  # held, not acted on
        app.go()
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert saved_lines(path) == [*before, "par Amy GT 60", "pass Bob"]
        assert warnings_of(app) == []  # compared with the picture before the keys acted


async def test_a_picture_out_of_date_is_said_and_the_replayed_game_shown(saves: Path) -> None:
    path = rulebook_save(saves, "# Stock Round 1")
    await quit_with_picture(saves)
    kept = picture_path(path)
    record = json.loads(kept.read_text())
    record["state"] = "0" * 64  # as if drawn from another state
    kept.write_text(compact(record))
    app = Watched(saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.shown is not None
        assert isinstance(app.screen, MainScreen)
        assert main_screen(app).session.game.journal[-1].line == saved_lines(path)[-1]
        (warning,) = warnings_of(app)
        assert "out of date" in warning and "replayed from the save" in warning
        await settle(pilot)
        if kept.exists():  # the right picture may be kept once idle, never the stale one
            assert json.loads(kept.read_text())["state"] != "0" * 64
    again = Watched(saves)  # the next opening shows the right game, and says nothing
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, MainScreen)
        assert main_screen(again).session.game.journal[-1].line == saved_lines(path)[-1]
        assert warnings_of(again) == []


async def test_a_save_changed_since_its_picture_opens_without_it(saves: Path) -> None:
    """``moderator play`` (or any writer) added a command after the app quit: the picture
    is not shown, the game opens as always."""
    path = rulebook_save(saves, "# Stock Round 1")
    await quit_with_picture(saves)
    game = Game.load(path)
    assert game.execute("par Amy GT 60").ok
    game.close()
    assert read_picture(path, SIZE) is None
    app = Watched(saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.shown is None
        assert main_screen(app).session.game.journal[-1].line == "par Amy GT 60"


async def test_a_save_held_by_another_moderator_behind_its_picture_is_refused(
    saves: Path,
) -> None:
    path = rulebook_save(saves, "# Stock Round 1")
    await quit_with_picture(saves)
    other = Game.load(path)  # another moderator has it open
    try:
        app = Watched(saves)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert app.shown is not None
            assert isinstance(app.screen, StartScreen)
            assert not any(isinstance(s, (MainScreen, PictureScreen)) for s in app.screen_stack)
            assert any(n.severity == "error" for n in app._notifications)
    finally:
        other.close()


def damage(record: dict, how: str) -> object:
    """The picture's record, damaged as ``how`` says."""
    rows = record["rows"]
    if how == "other program":
        record["program"] = "0.0.0"
    elif how == "other size":
        record["size"] = [100, 40]
    elif how == "a row too short":
        rows[3] = rows[3][:-1]
    elif how == "a control character":
        rows[0][0][0] = "\x1b[2J" + rows[0][0][0][4:]
    elif how == "an unknown style":
        rows[0][0][1] = "blinking-ish"
    elif how == "a style not text":
        rows[0][0][1] = 7
    elif how == "a row missing":
        del rows[-1]
    elif how == "no state":
        del record["state"]
    elif how == "not a record":
        return rows
    return record


DAMAGES = (
    "other program",
    "other size",
    "a row too short",
    "a control character",
    "an unknown style",
    "a style not text",
    "a row missing",
    "no state",
    "not a record",
)


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A save and the text of its picture, kept by the app as it quit."""
    import asyncio

    saves = tmp_path_factory.mktemp("saves")
    path = rulebook_save(saves, "# Stock Round 1")
    asyncio.run(quit_with_picture(saves))
    return path, picture_path(path).read_text()


def test_the_picture_kept_reads_back(kept: tuple[Path, str]) -> None:
    path, text = kept
    picture_path(path).write_text(text)
    assert read_picture(path, SIZE) is not None
    assert read_picture(path, (121, 40)) is None  # another terminal size


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_picture_is_not_read(kept: tuple[Path, str], how: str) -> None:
    path, text = kept
    picture_path(path).write_text(compact(damage(json.loads(text), how)))
    assert read_picture(path, SIZE) is None


@pytest.mark.parametrize(
    "raw", [b"", b"{", b"\xff\xfe", b"[]", b"null", b"x" * (2 << 20)], ids=lambda r: repr(r[:4])
)
def test_a_picture_file_that_is_no_picture_is_not_read(kept: tuple[Path, str], raw: bytes) -> None:
    path, _ = kept
    picture_path(path).write_bytes(raw)
    assert read_picture(path, SIZE) is None


async def test_a_picture_that_cannot_be_kept_never_stops_the_quit(saves: Path) -> None:
    path = rulebook_save(saves, "# Stock Round 1")
    picture_path(path).mkdir()  # the picture's name is taken: it cannot be written
    app = ModeratorApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
    assert app.return_code == 0
    assert read_picture(path, SIZE) is None
    assert sorted(p.name for p in saves.iterdir() if p.name.endswith(".tmp")) == []


def test_a_picture_names_the_save_file_it_was_kept_for(tmp_path: Path) -> None:
    """The picture beside ``game.json`` is ``.game.json.frame``; each of its lines counts
    only for the save file as it was (size, modification time, inode) at its own size,
    and a damaged or missing one names none."""
    save = tmp_path / "game.json"
    save.write_text("{}\n", encoding="utf-8")
    kept = picture_path(save)
    assert kept == tmp_path / ".game.json.frame"
    key = save_key(save)
    assert key is not None and key[0] == 3
    assert kept_for(save, SIZE) is None  # no picture
    record = {"picture": PICTURE_VERSION, "size": list(SIZE), "save": key}
    head = {**record, "program": __version__, "entries": 0}  # a line's head (rows unread)
    kept.write_text(compact(head), encoding="utf-8")
    assert kept_for(save, SIZE) == key and kept_for(save, (80, 24)) is None
    with save.open("a", encoding="utf-8") as grown:
        grown.write("x")
    assert save_key(save) != key  # a write changes what identifies the file
    for damaged in (
        "{not json",
        "[1, 2]",
        json.dumps({"save": "no"}),
        json.dumps(head),  # spaced: not as written
        compact({**head, "program": "0.0.0"}),  # another program's
        compact({**head, "picture": 1}),  # another layout
    ):
        kept.write_text(damaged, encoding="utf-8")
        assert kept_for(save, SIZE) is None
    assert save_key(tmp_path / "none.json") is None
