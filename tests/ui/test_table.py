"""The main screen at a real table (issue 6): a failing disk, the log and the receipt at
80×24, bursts of keys and pastes, the par and run dialogs, completion, refusals, game end.

Every game is the rulebook's Detailed Example of Play stopped at a line, or a short
1846 script played to its end.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

import pytest
from textual import events
from ui_helpers import (
    REPO,
    burst_keys,
    main_screen,
    rulebook_save,
    running,
    save_from_script,
    saved_lines,
    send_burst,
)

from moderator.game import Game
from moderator.narrate import narrate
from moderator.ui.app import ModeratorApp
from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog, RunDialog
from moderator.ui.screens.history import HistoryScreen
from moderator.ui.screens.main import MainScreen
from moderator.ui.widgets.log import LogPanel
from moderator.ui.widgets.panels import EndPanel, StatusBar, ranking_of

SMALL = (80, 24)
BANK_BREAKS = (REPO / "tests" / "scripts" / "1846-bank-breaks.script").read_text(encoding="utf-8")
"""OR 1.2: NYC withholds more than the bank holds — the bank breaks (10.1)."""


def screen_text(app: ModeratorApp) -> str:
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def state(screen: MainScreen) -> str:
    """The game's state JSON, for comparing before and after."""
    return json.dumps(screen.session.game.state_json(), sort_keys=True)


async def paste(pilot: Any, text: str) -> None:
    """A bracketed paste, as the terminal sends it."""
    event = events.Paste(text)
    event.set_sender(pilot.app)
    pilot.app.post_message(event)
    for _ in range(3):
        await pilot.pause()


def break_the_disk(monkeypatch: pytest.MonkeyPatch, game: Game) -> None:
    """Every write of the save fails as on a full disk."""

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(game.path))

    patched = [
        name
        for name in ("_disk_append", "_disk_cut", "_disk_whole", "_write")
        if hasattr(Game, name)
    ]
    assert patched
    for name in patched:
        monkeypatch.setattr(Game, name, full)
    import moderator.game as game_module

    if hasattr(game_module, "write_atomic"):
        monkeypatch.setattr(game_module, "write_atomic", full)


# ---------------------------------------------------------------- point 4: a failing disk
async def test_undo_on_a_full_disk_says_why_and_keeps_the_game(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        lines = saved_lines(path)
        before = state(screen)
        break_the_disk(monkeypatch, screen.session.game)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        log = screen.log_panel.plain_lines
        assert any(
            x.startswith("✗ undo not done") and "No space left on device" in x for x in log
        ), log
        assert any("undo not done" in n.message for n in app._notifications)
        assert state(screen) == before
        assert len(screen.session.game.journal) == len(lines)
        monkeypatch.undo()
        assert saved_lines(path) == lines


async def test_redo_and_rewind_on_a_full_disk_say_why(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        before = state(screen)
        break_the_disk(monkeypatch, screen.session.game)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        assert any(x.startswith("✗ redo") and "not done" in x for x in screen.log_panel.plain_lines)
        assert state(screen) == before
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("up", "up", "enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, HistoryScreen)  # still open
        assert any(x.startswith("✗ rewind not done") for x in screen.log_panel.plain_lines)
        assert state(screen) == before
        monkeypatch.undo()
        assert saved_lines(path)[-1] == "buy Carlos NYC"  # the undo before the disk filled
        assert screen.session.game.journal[-1].line == "buy Carlos NYC"


# ---------------------------------------------------------------- point 12: the log
async def test_the_log_shows_what_the_bank_did_by_itself(saves: Path) -> None:
    """The pass that ends stock round 1 opens OR 1: private income is paid by the bank."""
    rulebook_save(saves, "pass Amy")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await pilot.press("colon")
        await send_burst(pilot, "pass Amy", "enter")
        entry = screen.session.game.journal[-1]
        assert entry.line == "pass Amy"
        # the game's title: the log words a line in its title's words and rules (the
        # priority deal's, 5.51)
        said = narrate(entry.command, entry.events, "$", screen.session.game.title)
        assert any("Bob" in x and "income" in x for x in said), said  # CWI, LSL (6.1 A)
        log = screen.log_panel.plain_lines
        at = log.index("✓ pass Amy")
        assert log[at + 1 : at + 1 + len(said)] == [f"  {x}" for x in said]
        for x in said:
            assert f"  {x}" in screen_text(app)


async def test_the_log_keeps_500_lines_scrolls_and_never_lays_out(saves: Path) -> None:
    rulebook_save(saves, "pass Amy")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        log = screen.log_panel
        region = log.region
        for n in range(600):
            log.add(f"line {n}")
        await pilot.pause()
        assert len(log.lines) == 500 and log.plain_lines[0] == "line 100"
        assert log.region == region  # the same place and size: no new layout
        assert "line 599" in screen_text(app)
        assert "↑" in str(log.border_subtitle)
        await pilot.press("ctrl+up")
        await pilot.pause()
        assert "line 599" not in screen_text(app) and log.back > 0
        for _ in range(200):
            await pilot.press("ctrl+up")
        assert log.visible()[0].plain == "line 100"  # the first line kept is reachable
        await pilot.press("ctrl+down")
        assert log.back > 0
        log.add("news")  # a new line: back to the bottom
        await pilot.pause()
        assert log.back == 0 and "news" in screen_text(app)
        assert log.region == region


async def test_the_log_fills_the_rows_under_it_and_a_long_entry_moves_no_panel(
    saves: Path,
) -> None:
    """Issue 27.7, at 160x50: the log stopped 4 rows above the command bar, and a long
    entry grew it until the whole board scrolled away.  Now it fills what the panels
    leave, and a long note grows it at most to half the board: the players stay."""
    rulebook_save(saves, "run NYC 370 half")
    async with running(saves, (160, 50)) as (app, pilot):
        screen = main_screen(app)
        rows = screen_text(app).splitlines()
        bottom = max(i for i, row in enumerate(rows) if row.startswith("╰"))
        assert rows[bottom + 1].startswith(" ›"), rows[bottom - 2 : bottom + 3]  # the bar next
        assert "─ Log" in "\n".join(rows)
        note = "note " + " ".join(f"word{n}" for n in range(262))  # 1,985 characters
        await send_burst(pilot, ":")
        screen.bar.input.value = note
        await send_burst(pilot, "enter")
        assert saved_lines(saves / "rulebook.json")[-1] == note
        shown = screen_text(app)
        assert "─ Players " in shown  # the board did not scroll away
        assert "word0" in shown  # the note's start is in view; its end too, or said below
        assert "word261" in shown or "newer" in str(screen.log_panel.border_subtitle)


async def test_a_block_taller_than_the_log_is_shown_from_its_first_line(saves: Path) -> None:
    rulebook_save(saves, "pass Amy")
    async with running(saves) as (app, pilot):
        log = main_screen(app).log_panel
        for n in range(5):
            log.add(f"old {n}")
        log.add("\n".join(f"block {n}" for n in range(40)))
        log.show_from(40)
        await pilot.pause()
        assert log.visible()[0].plain == "block 0"
        assert "newer" in str(log.border_subtitle)
        await pilot.press("ctrl+down")  # the rest is reachable
        assert log.back < 40 - len(log.visible())


async def receipt_shown(app: ModeratorApp, pilot: Any) -> str:
    """The screen's text once every line of the last run's receipt is on it: the log
    scrolls to it after a refresh, which a loaded machine may not have drawn yet (a
    minute's patience, then the screen as it is, for the test's own assertion)."""
    for _ in range(1200):
        shown = screen_text(app)
        if all(line.rstrip() in shown for line in receipt_lines(app)):
            return shown
        await pilot.pause(0.05)
    return screen_text(app)


def receipt_lines(app: ModeratorApp) -> list[str]:
    """The receipt of the last run, line by line (from the game)."""
    game = main_screen(app).session.game
    entry = game.journal[-1]
    assert entry.line.startswith("run ")
    log = main_screen(app).log_panel.plain_lines
    at = max(i for i, x in enumerate(log) if x == f"✓ {entry.line}")
    return [x for x in log[at:] if x.strip()]


async def test_the_receipt_stays_on_screen_at_80x24_after_the_bar(saves: Path) -> None:
    rulebook_save(saves, "run NYC 370 half")
    async with running(saves, SMALL) as (app, pilot):
        await pilot.press("colon")
        await send_burst(pilot, "run NYC 370 half", "enter")
        shown = await receipt_shown(app, pilot)
        lines = receipt_lines(app)
        assert "$19 a share" in "\n".join(lines) and len(lines) >= 10
        for line in lines:
            assert line.rstrip() in shown, line
        await pilot.pause(0.3)  # still there a moment later
        assert all(line.rstrip() in screen_text(app) for line in lines)


async def test_the_receipt_stays_on_screen_at_80x24_after_the_run_dialog(saves: Path) -> None:
    rulebook_save(saves, "run NYC 370 half")
    async with running(saves, SMALL) as (app, pilot):
        await pilot.press("r", "3", "7", "0", "right", "enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert main_screen(app).session.game.journal[-1].line == "run NYC 370 half"
        shown = await receipt_shown(app, pilot)
        for line in receipt_lines(app):
            assert line.rstrip() in shown, line


# ---------------------------------------------------------------- point 15: one rule
async def test_the_spend_dialog_refuses_0_as_the_bar_does(saves: Path) -> None:
    path = rulebook_save(saves, "spend MS 20")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        lines = saved_lines(path)
        await pilot.press("colon")
        await send_burst(pilot, "spend MS 0", "enter")
        bar_reason = screen.bar.verdict_text.plain.removeprefix("✗ refused: ")
        assert bar_reason and saved_lines(path) == lines
        await pilot.press("escape", "e", "0", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AmountDialog)  # still open: nothing given
        assert dialog.reason_text == f"✗ refused: {bar_reason}"
        assert saved_lines(path) == lines
        await pilot.press("backspace", "2", "0", "enter")
        await pilot.pause()
        assert saved_lines(path)[-1] == "spend MS 20"


# ---------------------------------------------------------------- point 16: bursts
async def test_a_burst_of_keys_lands_in_the_dialogs_it_opens(saves: Path) -> None:
    """run MS, spend and run BIG4 typed at once: each key in the dialog it was typed for."""
    path = rulebook_save(saves, "run MS 60")
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "r", "60", "enter", "d", "e", "40", "enter", "r", "40", "enter")
        assert isinstance(app.screen, MainScreen)
        assert saved_lines(path)[-4:] == ["run MS 60", "done MS", "spend BIG4 40", "run BIG4 40"]


async def test_the_same_keys_with_pilot_press(saves: Path) -> None:
    path = rulebook_save(saves, "run MS 60")
    async with running(saves) as (app, pilot):
        await pilot.press(
            *burst_keys("r", "60", "enter", "d", "e", "40", "enter", "r", "40", "enter")
        )
        await pilot.pause()
        assert saved_lines(path)[-4:] == ["run MS 60", "done MS", "spend BIG4 40", "run BIG4 40"]


async def test_a_burst_into_the_bar_keeps_every_line(saves: Path) -> None:
    path = rulebook_save(saves, "buy Amy GT")
    async with running(saves) as (app, pilot):
        await send_burst(
            pilot,
            ":buy Amy GT",
            "enter",
            "buy Bob NYC",
            "enter",
            "buy Carlos NYC",
            "enter",
            "buy Amy NYC",
            "enter",
        )
        assert saved_lines(path)[-4:] == [
            "buy Amy GT",
            "buy Bob NYC",
            "buy Carlos NYC",
            "buy Amy NYC",
        ]


async def test_lines_pasted_into_the_bar_are_given_in_order(saves: Path) -> None:
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await pilot.press("colon")
        await paste(pilot, "pass Bob\npass Carlos\n")
        assert saved_lines(path)[-2:] == ["pass Bob", "pass Carlos"]
        assert screen.bar.input.value == ""


async def test_a_refused_pasted_line_stops_the_rest(saves: Path) -> None:
    """After ``pass Bob`` (Carlos can do nothing: passed for him, 5.11) it is Amy's turn:
    ``buy Bob NYC`` is refused, and the lines after it wait."""
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await pilot.press("colon")
        await paste(pilot, "pass Bob\nbuy Bob NYC\npass Amy\nnote done\n")
        assert saved_lines(path)[-1] == "pass Bob"
        assert screen.bar.input.value == "buy Bob NYC"
        assert "refused" in screen.bar.verdict_text.plain
        assert screen.bar.waiting == ["pass Amy", "note done"]
        # the refused line is taken out; Enter on the empty bar brings the next one
        screen.bar.input.value = ""
        await pilot.press("enter")
        assert screen.bar.input.value == "pass Amy"
        await pilot.press("enter")
        await pilot.pause()
        assert saved_lines(path)[-2:] == ["pass Bob", "pass Amy"]
        assert screen.bar.input.value == "note done"


async def test_a_number_of_4300_digits_pasted_into_the_bar_is_refused(saves: Path) -> None:
    """Point 3: Python's int-string limit must not close the app; the line is refused."""
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        before, lines = state(screen), saved_lines(path)
        await pilot.press("colon")
        await paste(pilot, "adjust Amy " + "0" * 4300 + "5 typo\n")
        assert app.is_running and main_screen(app) is screen
        assert "absurd" in screen.bar.verdict_text.plain
        assert state(screen) == before and saved_lines(path) == lines


# ---------------------------------------------------------------- point 17: dialogs
async def test_par_is_the_corporation_then_the_price_typed_to_narrow(saves: Path) -> None:
    path = rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        await pilot.press("p")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, ChoiceDialog)
        assert len(first.choices) == 5  # one line per corporation, not 45 lines
        await pilot.press("g", "enter")  # typed: GT
        await pilot.pause()
        second = app.screen
        assert isinstance(second, ChoiceDialog) and second is not first
        assert all(x.corp == "GT" for _, x in second.choices)  # type: ignore[attr-defined]
        await pilot.press("8")
        prices = [second.choices[i][1].price for i in second.shown]  # type: ignore[attr-defined]
        assert prices == [80]
        await pilot.press("backspace", "1")
        prices = [second.choices[i][1].price for i in second.shown]  # type: ignore[attr-defined]
        assert prices == [100, 112, 124]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert saved_lines(path)[-1] == "par Amy GT 112"


async def test_par_in_a_burst(saves: Path) -> None:
    path = rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        await send_burst(
            pilot, "p", "gt", "enter", "60", "enter", "p", "nyc", "enter", "80", "enter"
        )
        assert saved_lines(path)[-2:] == ["par Amy GT 60", "par Bob NYC 80"]


async def test_run_options_move_with_left_and_right(saves: Path) -> None:
    path = rulebook_save(saves, "run NYC 370 half")
    async with running(saves) as (app, pilot):
        await pilot.press("r", "3", "7", "0")
        dialog = app.screen
        assert isinstance(dialog, RunDialog)
        assert dialog.options == ["full", "half", "withhold"]
        await pilot.press("right", "right")
        assert dialog.option == "withhold"
        await pilot.press("left")
        assert dialog.option == "half"
        await pilot.press("enter")
        await pilot.pause()
        assert saved_lines(path)[-1] == "run NYC 370 half"


async def test_x_is_the_acting_players_pass_given_at_once(saves: Path) -> None:
    """``x`` is a command of its own, not a list of one: the log says the line, and never
    calls it "the only legal choice" (issue 27.7)."""
    path = rulebook_save(saves, "pass Bob")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert saved_lines(path)[-1] == "pass Bob"
        assert "✓ pass Bob" in screen.log_panel.plain_lines
        assert not any("only legal choice" in line for line in screen.log_panel.plain_lines)


async def test_tab_completes_the_next_word(saves: Path) -> None:
    rulebook_save(saves, "buy Amy GT")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        legal = screen.session.legal_lines()
        await pilot.press("colon", "b", "u", "y", "space", "tab")
        assert screen.bar.input.value == "buy Amy "
        await pilot.press("tab")
        value = screen.bar.input.value
        corp = value.split(" ")[2]
        assert value.startswith("buy Amy ") and any(x.startswith(f"buy Amy {corp}") for x in legal)
        screen.bar.input.value = "buy Amy N"
        await pilot.press("tab")
        assert screen.bar.input.value.startswith("buy Amy NYC")


async def test_refusal_toasts_do_not_pile_up(saves: Path) -> None:
    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        await pilot.press("colon")
        for line in ("buy Bob NYC", "buy Carlos NYC", "pass Bob"):
            main_screen(app).bar.input.value = line
            await pilot.press("enter")
            await pilot.pause()
        errors = [n for n in app._notifications if n.severity == "error"]
        assert len(errors) == 1 and "pass Bob" in errors[0].title
        log = main_screen(app).log_panel.plain_lines
        assert sum(x.startswith("✗ ") for x in log) == 3  # the log keeps every refusal


# ---------------------------------------------------------------- point 18: payout kinds
async def test_the_run_dialog_of_an_independent_offers_only_the_split(saves: Path) -> None:
    path = rulebook_save(saves, "run MS 60")
    async with running(saves) as (app, pilot):
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RunDialog)
        assert dialog.options == [None]
        assert not dialog.query("#options")  # nothing to choose
        assert "half" not in dialog.title_text and "withhold" not in dialog.title_text
        await pilot.press("6", "0", "enter")
        await pilot.pause()
        assert saved_lines(path)[-1] == "run MS 60"


# ---------------------------------------------------------------- point 19: game end
async def test_bank_broken_is_explained_then_the_game_over_ranks_the_players(saves: Path) -> None:
    save_from_script(saves / "end.json", BANK_BREAKS)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        data = screen.session.data
        assert data["bank"]["broken"] and not data["ended"]
        status = screen.query_one("#status", StatusBar).build().plain
        assert "BROKEN" not in status
        assert "broken (10.1): the game ends after this set of operating rounds" in status
        end = screen.query_one("#end", EndPanel)
        assert end.display and "(10.1)" in screen_text(app)
        await pilot.press("colon")
        await send_burst(pilot, "run GT 0", "enter", "run IC 0", "enter", "done IC", "enter")
        data = screen.session.data
        assert data["ended"]
        shown = screen_text(app)
        assert "Game over" in shown
        if data.get("end_reason"):
            assert data["end_reason"][:40] in shown
        places = ranking_of(data)
        winner = places[0]["players"][0]
        assert f"Winner: {winner}" in shown or "Winners, tied" in shown
        for place in places:
            assert ", ".join(place["players"]) in shown


def test_ties_share_a_place() -> None:
    data = {
        "players": [{"name": n} for n in ("Amy", "Bob", "Cat", "Dan")],
        "result": {"Amy": 500, "Bob": 700, "Cat": 700, "Dan": 300},
    }
    assert ranking_of(data) == [
        {"place": 1, "players": ["Bob", "Cat"], "score": 700},
        {"place": 3, "players": ["Amy"], "score": 500},
        {"place": 4, "players": ["Dan"], "score": 300},
    ]


async def test_a_tie_is_shown_as_a_tie(saves: Path) -> None:
    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        data = dict(screen.session.data)
        data.update(
            ended=True,
            end_reason="test: the bank broke (10.1)",
            ranking=None,
            result={"Amy": 900, "Bob": 900, "Carlos": 400},
        )
        end = screen.query_one("#end", EndPanel)
        end.show(data, set(), "$")
        screen.query_one("#status", StatusBar).show(data, set(), "$")
        await pilot.pause()
        shown = screen_text(app)
        assert "Winners, tied: Amy and Bob" in shown
        assert "1st=  Amy, Bob   $900" in shown and "3rd" in shown
        assert "Game over — test: the bank broke (10.1)" in shown


def test_log_panel_is_a_fixed_size_widget() -> None:
    assert LogPanel.DEFAULT_CSS.strip() == "LogPanel { height: 10; }"


def test_the_help_lists_the_new_keys() -> None:
    from rich.console import Console

    from moderator.ui.screens.help import key_table

    console = Console(width=160, record=True)
    console.print(key_table())
    text = console.export_text()
    for key in ("ctrl+n", "ctrl+o", "← / →", "ctrl+↑", "ctrl+↓", "F1 / ?"):
        assert key in text, key
