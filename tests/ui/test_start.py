"""Pilot tests of starting and opening games from the TUI (issue 6, points 13 and 14).

New game (ctrl+n) and open a save (ctrl+o) from the main screen and from the
command palette; the open list's summaries; a save another moderator holds;
the new-game form at 80×24 (scrolling, removed privates, quoted names, the
line saying what is missing, the start key too early) and bursts of keys.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from textual.command import CommandList, CommandPalette
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Static
from ui_helpers import main_screen, rulebook_save, running, saved_lines, send_burst

from moderator.game import Game
from moderator.lock import SaveLocked
from moderator.ui.app import ModeratorApp
from moderator.ui.saves import list_backups, list_saves, save_summaries, summarize
from moderator.ui.screens.main import MainScreen
from moderator.ui.screens.start import (
    NewGameScreen,
    OpenScreen,
    StartScreen,
    private_result,
    split_players,
)

SMALL = (80, 24)


def option_texts(screen: OpenScreen) -> list[str]:
    """The open list's entries as plain text, in order."""
    options = screen.query_one("#saves-list", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def two_saves(saves: Path) -> tuple[Path, Path]:
    """``older.json`` (the rulebook in its setup) and ``newer.json`` (in OR 1.1)."""
    older = rulebook_save(saves, "# Stock Round 1", name="older.json")
    newer = rulebook_save(saves, "run NYC 370 half", name="newer.json")
    os.utime(older, (1_700_000_000, 1_700_000_000))
    os.utime(newer, (1_700_100_000, 1_700_100_000))
    return older, newer


def error_line(app: ModeratorApp) -> str:
    """The line under the new-game form."""
    return str(app.screen.query_one("#new-game-error", Static).render())


def visible_in_form(screen: NewGameScreen, widget: Widget) -> bool:
    """Whether ``widget`` is wholly inside the form's visible part (and on screen)."""
    form = screen.query_one("#new-game-form", VerticalScroll)
    region = widget.region
    return (
        widget.display
        and region.height > 0
        and form.content_region.contains_region(region)
        and screen.region.contains_region(region)
    )


# ---------------------------------------------------------------- the saves folder
def test_saves_folder_lists_games_then_backups(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    older, newer = two_saves(saves)
    backup = saves / "older.replaced-1.json"
    rewind = saves / "newer.before-rewind-2.json"
    backup.write_text(older.read_text())
    rewind.write_text(newer.read_text())
    os.utime(backup, (1_800_000_000, 1_800_000_000))  # newest of all, still after the games
    (saves / ".older.json.lock").write_text("{}")
    (saves / ".newer.json.x1y2.tmp").write_text("{")
    (saves / ".hidden.json").write_text("{")
    assert list_saves(saves) == [newer, older]
    assert list_backups(saves) == [backup, rewind]
    summaries = save_summaries(saves)
    assert [s.path for s in summaries] == [newer, older, backup, rewind]
    assert [s.backup for s in summaries] == [False, False, True, True]
    first = summaries[0]
    assert (first.title, first.players, first.commands) == (
        "1846",
        ("Amy", "Bob", "Carlos"),
        len(saved_lines(newer)),
    )
    assert first.round.startswith("OR ")
    assert summaries[1].round == "setup" or summaries[1].round.startswith("SR")


def test_a_save_that_cannot_be_read_is_summarized_with_the_reason(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    summary = summarize(bad)
    assert summary.error is not None and "not a valid save" in summary.error
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert summarize(empty).error is not None
    assert summarize(tmp_path / "gone.json").error is not None


def test_players_and_private_fields_read_as_banker_script() -> None:
    assert split_players('"Mary Ann" Bob Carlos') == ["Mary Ann", "Bob", "Carlos"]
    assert split_players("Amy, Bob,Carlos") == ["Amy", "Bob", "Carlos"]
    assert split_players('"Smith, Jr" Bob') == ["Smith, Jr", "Bob"]
    cmd = private_result('"Mary Ann" 50', "MAIL")
    assert cmd is not None and (cmd.player, cmd.private, cmd.price) == ("Mary Ann", "MAIL", 50)
    cmd = private_result("Mary Ann", "MS")
    assert cmd is not None and (cmd.player, cmd.price) == ("Mary Ann", None)
    assert private_result("   ", "MS") is None


# ---------------------------------------------------------------- the open list
async def test_open_list_shows_title_players_round_commands_and_date(saves: Path) -> None:
    older, newer = two_saves(saves)
    (saves / "broken.json").write_text("{not json")
    os.utime(saves / "broken.json", (1_600_000_000, 1_600_000_000))
    backup = saves / "newer.replaced-1.json"
    backup.write_text(newer.read_text())
    os.utime(backup, (1_900_000_000, 1_900_000_000))
    async with running(saves) as (app, pilot):
        assert main_screen(app).session.game.path == newer  # the newest save opens
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, OpenScreen)
        texts = option_texts(app.screen)
        assert len(texts) == 5  # newer, older, broken, the heading of the backups, the backup
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(1_700_100_000))
        newer_round = Game.load(newer, read_only=True).round_label()  # the round now
        assert texts[0].startswith("1846  Amy  Bob  Carlos")
        assert "open now" in texts[0]
        assert (
            f"{newer_round} · {len(saved_lines(newer))} commands · {when} · newer.json" in texts[0]
        )
        assert "older.json" in texts[1] and "open now" not in texts[1]
        assert f"· {len(saved_lines(older))} commands ·" in texts[1]
        assert texts[2].startswith("broken.json  cannot be opened")
        assert "not a valid save" in texts[2]
        assert texts[3].startswith("Backups")
        assert texts[4].startswith("backup  1846") and "newer.replaced-1.json" in texts[4]
        # the damaged save: its reason, and the list stays
        await send_burst(pilot, "down", "down", "enter")
        assert isinstance(app.screen, OpenScreen)
        assert "broken.json cannot be opened" in str(
            app.screen.query_one("#open-error", Static).render()
        )
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen) and app.screen.session.game.path == newer


async def test_ctrl_o_from_the_main_screen_opens_another_save_keys_typed_at_once(
    saves: Path,
) -> None:
    """ctrl+o, the list, Enter and a command typed at once: the other game opens, the
    command lands in it; the game left lets go of its save, which stays as it was."""
    older, newer = two_saves(saves)
    before = saved_lines(newer)
    async with running(saves) as (app, pilot):
        left = main_screen(app).session.game
        assert left.path == newer
        await send_burst(pilot, "ctrl+o", "down", "enter", ":par Amy GT 60", "enter")
        await pilot.pause()
        screen = main_screen(app)
        assert app.screen is screen and len(app.screen_stack) == 2
        assert screen.session.game.path == older
        assert saved_lines(older)[-1] == "par Amy GT 60"
        assert saved_lines(newer) == before
        with Game.load(newer) as again:  # the lock of the game left is released
            assert again.path == newer
        # the save open now is shown again, not opened twice (it is locked by this app)
        await send_burst(pilot, "ctrl+o", "enter")
        assert main_screen(app).session.game is screen.session.game
        assert app.screen is screen


async def test_ctrl_n_from_the_main_screen_starts_another_game_in_a_burst(saves: Path) -> None:
    """ctrl+n from the main screen, every field, Tab to the Start button, Enter and a
    command: the new game is saved and shown, the command lands in it; removed privates
    are not in the Tab order; the game left is saved as it was and released."""
    _, newer = two_saves(saves)
    before = saved_lines(newer)
    async with running(saves) as (app, pilot):
        await send_burst(
            pilot,
            "ctrl+n",
            "Amy Bob Carlos",
            "tab",
            "ERIE PRR MC OI SC TBC",
            "tab",
            "Amy",
            "tab",
            "Carlos",
            "tab",
            "Bob",
            "tab",
            "Bob 60",
            "tab",
            "Carlos",
            "tab",
            "Amy",
            "tab",
            "enter",
            ":par Amy GT 60",
            "enter",
        )
        await pilot.pause()
        screen = main_screen(app)
        game = screen.session.game
        assert app.screen is screen
        assert game.players == ["Amy", "Bob", "Carlos"] and game.path != newer
        assert game.path is not None and game.path.parent == saves
        assert saved_lines(game.path) == [
            "remove ERIE PRR MC OI SC TBC",
            "private Amy MS",
            "private Carlos BIG4",
            "private Bob CWI",
            "private Bob MAIL 60",
            "private Carlos MPC",
            "private Amy LSL",
            "par Amy GT 60",
        ]
        assert saved_lines(newer) == before
        Game.load(newer).close()  # not held any more


async def palette_found(pilot: Pilot[None], palette: CommandPalette, query: str) -> None:
    """Wait until the palette's search (a worker) has ended with ``query`` the first match.

    A readiness check, not a timing one: the search takes well under a second on a quiet
    machine, much longer with every core busy (fails after a minute)."""
    deadline = time.monotonic() + 60
    while True:
        found = palette.query_one(CommandList)
        searching = any(w.node is palette and not w.is_finished for w in pilot.app.workers)
        if (
            not searching
            and found.option_count
            and query in str(found.get_option_at_index(0).prompt)
        ):
            return
        assert time.monotonic() < deadline, f"the palette never listed {query!r}"
        await pilot.pause(0.05)


async def test_new_game_and_open_a_save_from_the_palette(saves: Path) -> None:
    two_saves(saves)
    async with running(saves) as (app, pilot):
        titles = [cmd.title for cmd in app.get_system_commands(main_screen(app))]
        assert "New game (ctrl+n)" in titles and "Open a save (ctrl+o)" in titles
        for query, kind in (("Open a save", OpenScreen), ("New game", NewGameScreen)):
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert isinstance(app.screen, CommandPalette)
            await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in query])
            await palette_found(pilot, app.screen, query)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, kind), app.screen
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MainScreen)


async def test_ctrl_n_and_ctrl_o_swap_the_form_and_the_list(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        assert isinstance(app.screen, StartScreen)
        await send_burst(pilot, "ctrl+n", "ctrl+o")
        assert isinstance(app.screen, OpenScreen)
        await send_burst(pilot, "ctrl+o", "ctrl+n", "Amy")
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#players", Input).value == "Amy"
        await send_burst(pilot, "escape")
        assert isinstance(app.screen, StartScreen)


async def test_a_save_another_moderator_holds_is_explained_and_the_list_stays(saves: Path) -> None:
    older, newer = two_saves(saves)
    holder = Game.load(older)  # another moderator has it open
    try:
        async with running(saves) as (app, pilot):
            shown = main_screen(app).session.game
            await send_burst(pilot, "ctrl+o", "down", "enter")
            assert isinstance(app.screen, OpenScreen)
            line = str(app.screen.query_one("#open-error", Static).render())
            assert line.startswith("✗ older.json cannot be opened")
            assert "already open" in line and f"pid {os.getpid()}" in line
            assert main_screen(app).session.game is shown  # the game open stays open
            holder.close()
            await send_burst(pilot, "enter")
            assert main_screen(app).session.game.path == older
    finally:
        holder.close()
    assert holder.path == older


async def test_the_open_game_lets_go_of_its_save_when_the_app_ends(saves: Path) -> None:
    _, newer = two_saves(saves)
    async with running(saves) as (app, pilot):
        assert main_screen(app).session.game.path == newer
        try:
            Game.load(newer)
        except SaveLocked:
            pass
        else:  # pragma: no cover - the app must hold it while open
            raise AssertionError("the open save is not locked")
    assert app.open_now is not None
    Game.load(newer).close()


# ---------------------------------------------------------------- the new-game form
async def test_form_scrolls_to_every_field_and_the_start_button_at_80x24(saves: Path) -> None:
    async with running(saves, SMALL) as (app, pilot):
        await send_burst(pilot, "n", "Amy Bob Carlos Dana")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        seen: list[str] = []
        for _ in range(20):
            await pilot.press("tab")
            await pilot.pause()
            focused = app.focused
            assert focused is not None
            assert visible_in_form(screen, focused), focused
            seen.append(focused.id or "")
            if focused.id == "start":
                break
        assert seen[-2:] == ["pv-OI", "start"]
        assert "pv-MS" in seen and "pv-TBC" in seen  # nothing removed yet: all offered
        # the line saying what is missing stays in view under the form
        line = screen.query_one("#new-game-error", Static)
        assert screen.region.contains_region(line.region) and line.region.height >= 1
        # and back up to the first field
        for _ in range(len(seen) + 2):
            await pilot.press("shift+tab")
            await pilot.pause()
            assert app.focused is not None and visible_in_form(screen, app.focused)
        assert isinstance(app.focused, Widget)


async def test_removed_privates_are_not_offered(saves: Path) -> None:
    async with running(saves, SMALL) as (app, pilot):
        await send_burst(pilot, "n", "Amy Bob Carlos Dana", "tab", "erie tbc mc", "tab")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert not screen.query_one("#pv-row-TBC").display
        assert not screen.query_one("#pv-row-MC").display
        assert screen.query_one("#pv-row-SC").display and screen.query_one("#pv-row-OI").display
        chain = [w.id for w in screen.focus_chain]
        assert "pv-TBC" not in chain and "pv-MC" not in chain and "pv-SC" in chain
        # typed into a private's field before it was removed: not given either
        screen.query_one("#pv-OI", Input).value = "Amy"
        await send_burst(pilot, "shift+tab", "end", " OI")  # now OI and MC: two of orange
        await pilot.pause()
        assert not screen.query_one("#pv-row-OI").display
        assert "removals:" in error_line(app) and "(2.3)" in error_line(app)
        await send_burst(pilot, "backspace", "backspace", "backspace")  # OI back
        assert screen.query_one("#pv-row-OI").display
        assert app.screen.query_one("#removals", Input).value == "erie tbc mc"


async def test_quoted_names_stay_whole(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await send_burst(
            pilot,
            "n",
            '"Mary Ann" Bob Carlos',
            "tab",
            "ERIE PRR MC OI SC TBC",
            "tab",
            '"Mary Ann"',
            "tab",
            "Carlos",
            "tab",
            "Bob",
            "tab",
            "Mary Ann 60",
            "tab",
            "Carlos",
            "tab",
            "Bob",
            "ctrl+s",
        )
        await pilot.pause()
        game = main_screen(app).session.game
        assert game.players == ["Mary Ann", "Bob", "Carlos"]
        assert game.path is not None
        lines = saved_lines(game.path)
        assert 'private "Mary Ann" MS' in lines and 'private "Mary Ann" MAIL 60' in lines


async def test_the_forms_player_count_refusal_is_the_game_lines(saves: Path) -> None:
    """The form says why a player count is refused in the engine's words, naming the
    title's rule (1846 2.2), as the ``game`` line's refusal does; then how many were given."""
    from moderator.errors import Refusal

    try:
        Game.new("1846", ["Amy", "Bob"])
    except Refusal as exc:
        engine = exc.message
    else:
        raise AssertionError("1846 took two players")
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "Amy Bob")
        assert isinstance(app.screen, NewGameScreen)
        assert f": {engine}; 2 given" in error_line(app), error_line(app)
        assert "(2.2)" in engine


async def test_the_form_says_what_is_missing_as_the_banker_types(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "Amy Bob")
        assert isinstance(app.screen, NewGameScreen)
        assert "1846 is for 3 to 5 players (2.2); 2 given" in error_line(app)
        await send_burst(pilot, " Amy")
        assert "two players have the same name" in error_line(app)
        await send_burst(pilot, "backspace", "backspace", "backspace", "Carlos")
        assert (
            "choose 2 more removals from CO ERIE PRR, 2 from MPC SC TBC, 2 from LSL MC OI (2.3)"
        ) in error_line(app)
        await send_burst(pilot, "tab", "ERIE PRR MC OI SC")
        assert "choose 1 more removal from MPC TBC (2.3)" in error_line(app)
        await send_burst(pilot, " TBC", "tab", "Zed")
        assert "private MS: no player called 'Zed'" in error_line(app)
        # too early: the start key says why and starts nothing
        await send_burst(pilot, "ctrl+s")
        assert isinstance(app.screen, NewGameScreen)
        assert any(
            "Cannot start yet" in (n.title or "") and "Zed" in n.message for n in app._notifications
        )
        assert list(saves.iterdir()) == []
        await send_burst(pilot, "backspace", "backspace", "backspace", "Amy")
        line = error_line(app)
        assert line.startswith("✓ Ready")
        assert "privates BIG4 CWI MAIL MPC LSL have no buyer yet (3.2)" in line
        await send_burst(
            pilot, "tab", "Bob", "tab", "Carlos", "tab", "Carlos", "tab", "Amy", "tab", "Bob"
        )
        assert "no buyer" not in error_line(app) and error_line(app).startswith("✓ Ready")


async def test_the_start_button_too_early_says_why(saves: Path) -> None:
    async with running(saves, SMALL) as (app, pilot):
        await send_burst(pilot, "n", "Amy Bob Carlos Dana")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.set_focus(screen.query_one("#start", Button))
        await pilot.pause()
        await send_burst(pilot, "enter")
        assert isinstance(app.screen, NewGameScreen)
        assert any("choose 1 more removal" in n.message for n in app._notifications)
        assert list(saves.iterdir()) == []


async def test_a_new_game_with_the_distribution_still_to_give_starts_in_setup(saves: Path) -> None:
    """The privates may be given later, on the main screen (the line says so)."""
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "Amy Bob Carlos", "tab", "ERIE PRR MC OI SC TBC", "ctrl+s")
        game = main_screen(app).session.game
        assert game.path is not None
        assert saved_lines(game.path) == ["remove ERIE PRR MC OI SC TBC"]


# ---------------------------------------------------------------- issue 18.10 and 18.11
def test_the_open_list_shows_the_round_the_game_is_in_not_the_last_commands() -> None:
    """Issue 18.11: the pass that ends stock round 1 was given in SR 1, but the game is in
    OR 1.1 (the round its events began); the list says OR 1.1, as the game does."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = rulebook_save(Path(folder), "# Operating Round 1", name="sr-ended.json")
        game = Game.load(path, read_only=True)
        assert game.journal[-1].round == "SR 1"  # the line was given in the stock round
        assert summarize(path).round == game.round_label() == "OR 1.1"
        text = OpenScreen.describe(summarize(path)).plain
        assert "OR 1.1 · " in text and "SR 1" not in text


async def test_the_form_refuses_control_characters_in_names_as_play_does(saves: Path) -> None:
    """Issue 18.10: a pasted escape sequence in a name is refused (U+001B named), as the
    script (``game``/``play``) refuses it; nothing is started or saved."""
    from textual import events

    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        field = screen.query_one("#players", Input)
        field.post_message(events.Paste("\x1b[2JeeAmy Bob Carlos"))
        await pilot.pause()
        await pilot.pause()
        assert "\x1b" in field.value
        assert "players: control character U+001B" in error_line(app)
        await send_burst(pilot, "ctrl+s")
        assert isinstance(app.screen, NewGameScreen)
        assert list(saves.iterdir()) == []


def test_form_names_and_amounts_follow_the_script_rules() -> None:
    """Issue 18.10: names by ``Game``'s own check, amounts by the script parser's number
    rule (ASCII digits, a currency sign; no other scripts' digits, no ``1_0``)."""
    import pytest

    from moderator.script import ParseError
    from moderator.ui.screens.start import market_words, par_words

    with pytest.raises(ParseError, match="at most 40 characters"):
        split_players("Amy Bob " + "x" * 41)
    with pytest.raises(ParseError, match="U\\+001B"):
        split_players("\x1b[2JAmy Bob Carlos")
    assert split_players("Amy, Bob Carlos") == ["Amy", "Bob", "Carlos"]
    for word in ("١٢٠", "1_0", "1.5", "99999999999999"):
        with pytest.raises(ParseError):
            private_result(f"Amy {word}", "MC")
        with pytest.raises(ValueError):
            market_words(f"10 {word} 400", "track")
        with pytest.raises(ValueError):
            par_words(f"EIR {word}")
    assert market_words("10, £20 400", "track") == [10, 20, 400]
    assert par_words("EIR 100, GIP £90") == [("EIR", 100), ("GIP", 90)]
    result = private_result('"Mary Ann" $60', "MC")
    assert result is not None and (result.player, result.price) == ("Mary Ann", 60)
