"""Text is only text (issue 20.8): every string from a save, a player, a file name or the
command bar is shown literally on every screen, never read as Rich or Textual markup.

A game whose players are named with markup (the longest names
:func:`moderator.game.check_player_name` accepts among them), whose journal holds notes
of markup and a 2,000-character note (the longest), saved under a folder ``games [/]``
in a file whose name holds markup and terminal escapes, is opened and every screen is
shown: the main
screen, the command bar refusing a markup line, history, score, project, rounds, check,
help, sharing, the start screen, the list of saves and the new-game form.  No screen may
raise (a ``MarkupError`` used to end the app) and each shows the strings as typed, the
escapes as ``\\x1b`` (:func:`moderator.text.escaped`).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from textual.widgets import Input
from ui_helpers import RULEBOOK, SIZE, save_from_script

from moderator.game import MAX_NAME_LENGTH, check_player_name
from moderator.text import escaped
from moderator.ui.app import ModeratorApp
from moderator.ui.widgets.log import LogPanel

MARKUP_NAMES = ["[/]", "[bold]x", "[link=x]y[/link]", "[@click=app.quit]q[/]"]
"""Players' names that are markup (each accepted by ``check_player_name``)."""
LONG_NAME = "[b]" + "N" * (MAX_NAME_LENGTH - 3)
"""The longest name the rules accept, starting with markup."""
NOTES = ["[/] x", "[bold]x", "[link=x]y[/link]", "[@click=app.quit]q[/]", "[red"]
LONG_NOTE = "[/]" + "L" * 1997
"""The longest note a command may hold (2,000 characters, issue 30.1)."""
SAVE_NAME = "x[b]y[red] \x1b[2J\u202e.json"
"""A save's file name with markup, an escape sequence and a direction override."""


def screen_text(app: ModeratorApp) -> str:
    """The characters the screen shows now (every line of the rendered screen)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def make_save(tmp_path: Path) -> tuple[Path, Path]:
    """The hostile save: (saves folder ``games [/]``, the save in it)."""
    saves = tmp_path / "games [/]"  # a folder "games [" holding one named "]"
    saves.mkdir(parents=True)
    players = [*MARKUP_NAMES, LONG_NAME]
    for name in players:
        check_player_name(name)  # the strings the game's name rules permit
    lines = ["game 1846 " + " ".join(f'"{name}"' for name in players)]
    lines += [f"note {note}" for note in [*NOTES, LONG_NOTE]]
    path = saves / SAVE_NAME
    save_from_script(path, "\n".join(lines) + "\n")
    return saves, path


async def show(app: ModeratorApp, pilot, key: str) -> str:  # type: ignore[no-untyped-def]
    """Press ``key`` on the main screen, return what the screen then shows, and go back."""
    before = len(app.screen_stack)
    await pilot.press(key)
    deadline = time.monotonic() + 60  # patience for a loaded machine, not a bound
    while not (len(app.screen_stack) > before and app.screen.is_current):
        if time.monotonic() > deadline:
            break
        await pilot.pause(0.05)
    await app.workers.wait_for_complete()  # the end screens' jobs run in a worker
    await pilot.pause(0.05)
    await pilot.pause()
    assert len(app.screen_stack) > before, f"{key} opened no screen"
    text = screen_text(app)
    await pilot.press("escape")
    await pilot.pause()
    return text


def assert_names(text: str, where: str) -> None:
    """Every markup name shows literally in ``text``."""
    for name in MARKUP_NAMES:
        assert name in text, f"{name!r} not shown literally on {where}"


async def test_every_screen_shows_markup_literally(tmp_path: Path) -> None:
    saves, path = make_save(tmp_path)
    app = ModeratorApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        main = screen_text(app)
        assert_names(main, "the main screen")
        assert "\x1b" not in main and "\u202e" not in main  # the save's name, escaped
        log = "\n".join(app.screen.query_one(LogPanel).plain_lines)
        assert "x[b]y[red] \\x1b[2J\\u202e.json" in log and "[@click=app.quit]q[/]" in log
        # the command bar: a refused line of markup is shown as typed
        await pilot.press("colon")
        bar = app.screen.query_one(Input)
        bar.value = "buy [bold]x [@click=app.quit]q[/] [/]"
        await pilot.pause()
        assert "not '[/]'" in screen_text(app)  # the verdict under the bar quotes it
        await pilot.press("enter")
        await pilot.pause()
        assert "[@click=app.quit]q[/]" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        history = await show(app, pilot, "h")  # it opens on the last line, the long note
        assert "note" in history and "[/]LLLL" in history and "[/] ↑↓" not in history
        await pilot.press("h")
        await pilot.press("home")  # the first lines
        await pilot.pause()
        history = screen_text(app)
        for note in NOTES:
            assert f"note {note}" in history, history
        assert "[@click=app.quit]q[/]" in history  # the game line's names too
        await pilot.press("escape")
        await pilot.pause()
        for key, where in [
            ("f", "score"),
            ("w", "project"),
            ("g", "rounds"),
            ("c", "check"),
            ("f1", "help"),
            ("ctrl+t", "sharing"),
            ("l", "the legal commands"),
        ]:
            text = await show(app, pilot, key)
            if where in ("score", "project", "rounds"):
                assert_names(text, where)
            if where == "the legal commands":
                assert "par [/] PRR 40" in text, text
        await pilot.press("c")  # the checker answers a typed line of markup
        await pilot.pause()
        app.screen.query_one(Input).value = "run [/] [bold]x [@click=app.quit]q[/]"
        await pilot.pause()
        assert "[bold]x" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and app.return_code in (None, 0)


async def test_start_open_and_new_game_show_paths_literally(short_tmp_path: Path) -> None:
    saves, path = make_save(short_tmp_path)  # a short path: the folder's name fits its line
    app = ModeratorApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")  # the list of saves
        await pilot.pause()
        text = screen_text(app)
        assert "[bold]x" in text and "[@click=app.quit]q[/]" in text, text
        assert "x[b]y[red] \\x1b[2J\\u202e.json" in text  # the file name, escapes shown
        assert "games [/]" in text  # the folder
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+n")  # the new-game form: a refused line is shown as typed
        await pilot.pause()
        app.screen.query_one("#players", Input).value = '"[/]" "[@click=app.quit]q[/]" "[x"'
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.is_running and app.return_code in (None, 0)
        text = screen_text(app)
        assert "Saves folder" not in text or "games [/]" in text
        assert "[@click=app.quit]q[/]" in text, text


@pytest.mark.parametrize("folder", ["games [/]", "[bold]x", "\x1b[2J", "[/]" * 1700])
async def test_the_start_screen_shows_its_folder_literally(
    short_tmp_path: Path, folder: str
) -> None:
    """``moderator --saves 'games [/]'`` used to end at start with a MarkupError."""
    saves = short_tmp_path / folder[:200]  # a short path: the folder's name fits its line
    app = ModeratorApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.is_running
        text = screen_text(app).replace("\n", "")
        assert "Saves folder" in text
        shown = escaped(folder[:200])
        assert "".join(shown.split())[:40] in "".join(text.split()), text
    assert app.return_code in (None, 0)


RULEBOOK_NAMES = {"Amy": "[bold]x", "Bob": "[/]", "Carlos": "[@click=app.quit]q[/]"}
"""The rulebook example's players renamed with markup: presidents, owners, payees."""


def renamed_rulebook() -> str:
    """The rulebook example's script with the players renamed."""
    text = RULEBOOK.read_text(encoding="utf-8")
    return re.sub(r"\b(Amy|Bob|Carlos)\b", lambda m: RULEBOOK_NAMES[m.group(1)], text)


async def test_operating_round_dialogs_show_markup_names_literally(tmp_path: Path) -> None:
    """GT acting in the first operating round: the run, spend and legal dialogs name
    the players (payees, presidents) literally."""
    save_from_script(tmp_path / "game [b].json", renamed_rulebook(), stop_before="run GT")
    app = ModeratorApp(saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        main = screen_text(app)
        for name in RULEBOOK_NAMES.values():
            assert main.count(name) >= 3, name  # players, presidents, the log
        for key in ("r", "e", "l"):
            await show(app, pilot, key)
        assert app.is_running and app.return_code in (None, 0)


async def test_a_game_in_progress_shows_markup_names_literally(tmp_path: Path) -> None:
    """The 1846 rulebook example (companies floated, trains bought, runs paid) with
    the players named as markup: every panel and end screen shows the names."""
    text = renamed_rulebook() + "note [/] [bold]x [link=x]y[/link]\n"
    save_from_script(tmp_path / "game [b].json", text)
    app = ModeratorApp(saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        main = screen_text(app)
        assert "[@click=app.quit]q[/]" in main and "[bold]x" in main
        for key in ("h", "f", "w", "g", "f1"):
            shown = await show(app, pilot, key)
            if key in "fg":
                assert "[@click=app.quit]q[/]" in shown and "[bold]x" in shown, (key, shown)
        assert app.is_running and app.return_code in (None, 0)


async def test_an_ended_game_shows_markup_names_literally(tmp_path: Path) -> None:
    """The end of the game (a forced bankruptcy, 1847 AE): the game-over panel, the
    final score and the history name the players literally."""
    text = (RULEBOOK.parent / "1847ae-forced-bankrupt.script").read_text(encoding="utf-8")
    names = {"A": "[bold]x", "B": "[/]", "C": "[@click=app.quit]q[/]"}
    text = re.sub(
        r"(?<![\w.])(A|B|C)(?![\w.])", lambda m: names[m.group(1)], text
    )  # the players' words only
    path = tmp_path / "ended [b].json"
    save_from_script(path, text).close()
    app = ModeratorApp(saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        main = screen_text(app)
        assert "Game over" in main and "[/]" in main and "[bold]x" in main
        for key in ("f", "h", "g"):
            shown = await show(app, pilot, key)
            if key == "f":
                assert "Final score" in shown
                assert "[@click=app.quit]q[/]" in shown and "[bold]x" in shown
        assert app.is_running and app.return_code in (None, 0)
