"""Pilot tests of the TUI: keys, dialogs, command bar, receipts, undo, history, saves."""

from __future__ import annotations

import gc
import json
import os
import time
from pathlib import Path

import pytest
from textual.widgets import Input, Label, OptionList
from ui_helpers import (
    SIZE,
    burst_keys,
    main_screen,
    rulebook_save,
    running,
    saved_lines,
    send_burst,
)

from moderator.game import Game
from moderator.ui.app import ModeratorApp
from moderator.ui.screens.dialogs import ChoiceDialog, ConfirmDialog, RunDialog
from moderator.ui.screens.help import HelpScreen
from moderator.ui.screens.history import HistoryScreen
from moderator.ui.screens.main import MainScreen
from moderator.ui.screens.start import NewGameScreen, StartScreen
from moderator.ui.widgets.footer import KeyStrip, LiveFooterKey, QuietFooter


async def pick(pilot, predicate) -> None:  # type: ignore[no-untyped-def]
    """Highlight the first choice of the open ChoiceDialog matching ``predicate``; Enter."""
    dialog = pilot.app.screen
    assert isinstance(dialog, ChoiceDialog), type(dialog)
    index = next(i for i, (_, cmd) in enumerate(dialog.choices) if predicate(cmd))
    dialog.query_one("#choices", OptionList).highlighted = index
    await pilot.press("enter")
    await pilot.pause()


async def type_line(pilot, line: str) -> None:  # type: ignore[no-untyped-def]
    """Type a line into the focused input and press Enter."""
    await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in line])
    await pilot.press("enter")
    await pilot.pause()


async def test_new_game_from_the_start_screen(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        assert isinstance(app.screen, StartScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await type_line(pilot, "Amy Bob Carlos")  # Enter in a field does not start the game
        app.screen.query_one("#removals", Input).value = "ERIE PRR MC OI SC TBC"
        for pid, who in [
            ("MS", "Amy"),
            ("CWI", "Bob"),
            ("LSL", "Bob"),
            ("MAIL", "Bob 60"),
            ("BIG4", "Carlos"),
            ("MPC", "Carlos"),
        ]:
            app.screen.query_one(f"#pv-{pid}", Input).value = who
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = main_screen(app)
        data = screen.session.data
        assert [p["cash"] for p in data["players"]] == [260, 240, 240]
        assert data["priority"] == "Amy"
        path = screen.session.game.path
        assert path is not None and path.parent == saves
        lines = saved_lines(path)
        assert lines[0] == "remove ERIE PRR MC OI SC TBC"
        assert "private Bob MAIL 60" in lines


# The burst of the bug report (3 players: remove 2 of each group), Amy taking LSL:
# each piece of text must land in the field it was typed for.
NEW_GAME_BURST = (
    "n",
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
)
# (the removed privates, TBC and SC here, are not in the form's Tab order)
NEW_GAME_FIELDS = {
    "players": "Amy Bob Carlos",
    "removals": "ERIE PRR MC OI SC TBC",
    "pv-MS": "Amy",
    "pv-BIG4": "Carlos",
    "pv-CWI": "Bob",
    "pv-MAIL": "Bob 60",
    "pv-TBC": "",
    "pv-MPC": "Carlos",
    "pv-SC": "",
    "pv-LSL": "Amy",
    "pv-MC": "",
    "pv-OI": "",
}
NEW_GAME_LINES = [
    "remove ERIE PRR MC OI SC TBC",
    "private Amy MS",
    "private Carlos BIG4",
    "private Bob CWI",
    "private Bob MAIL 60",
    "private Carlos MPC",
    "private Amy LSL",
]


def form_values(screen: NewGameScreen) -> dict[str, str]:
    """The value of every field of the new-game form."""
    return {field.id or "": field.value for field in screen.query(Input)}


def check_started(app: ModeratorApp, saves: Path) -> MainScreen:
    """The game the burst describes is open and saved."""
    screen = main_screen(app)
    game = screen.session.game
    assert game.players == ["Amy", "Bob", "Carlos"]
    assert game.path is not None and game.path.parent == saves
    assert saved_lines(game.path)[: len(NEW_GAME_LINES)] == NEW_GAME_LINES
    return screen


async def test_new_game_form_takes_a_burst_of_keys(saves: Path) -> None:
    """Keys typed at once from the start screen on: each lands in its field, in order,
    none lost while the form opens; ctrl+s in the same burst starts the game typed."""
    async with running(saves) as (app, pilot):
        assert isinstance(app.screen, StartScreen)
        await send_burst(pilot, *NEW_GAME_BURST)
        assert isinstance(app.screen, NewGameScreen)
        assert form_values(app.screen) == NEW_GAME_FIELDS
        assert app.focused is app.screen.query_one("#pv-LSL")
        # back one field (the text there is selected on focus: typing replaces it)
        await send_burst(pilot, "shift+tab", "Bob")
        assert app.screen.query_one("#pv-MPC", Input).value == "Bob"
        assert app.focused is app.screen.query_one("#pv-MPC")
        await send_burst(pilot, "shift+tab", "tab", "Carlos", "ctrl+s", ":par Amy GT 60", "enter")
        screen = check_started(app, saves)
        assert saved_lines(screen.session.game.path)[len(NEW_GAME_LINES) :] == ["par Amy GT 60"]


async def test_new_game_form_with_pilot_press(saves: Path) -> None:
    """The same keys through ``pilot.press`` in one call, then the game is started."""
    async with running(saves) as (app, pilot):
        await pilot.press(*burst_keys(*NEW_GAME_BURST))
        assert isinstance(app.screen, NewGameScreen)
        assert form_values(app.screen) == NEW_GAME_FIELDS
        await pilot.press("ctrl+s")
        await pilot.pause()
        data = check_started(app, saves).session.data
        # Amy pays MS's $80 debt, Carlos BIG4's $60
        assert [p["cash"] for p in data["players"]] == [220, 280, 240]


async def test_start_and_open_screens_take_a_burst_of_keys(saves: Path) -> None:
    """Keys typed at once on the start screen and the open screen act in order: the
    menu moves, a save opens, the command bar gets the line typed after it."""
    async with running(saves) as (app, pilot):
        assert isinstance(app.screen, StartScreen)
        rulebook_save(saves, "# Stock Round 1", name="a-rulebook.json")
        path = rulebook_save(saves, "# Stock Round 1", name="b-rulebook.json")
        os.utime(saves / "b-rulebook.json", (1_000_000, 1_000_000))  # older: second
        await send_burst(
            pilot, "down", "down", "up", "enter", "end", "enter", ":par Amy GT 60", "enter"
        )
        screen = main_screen(app)
        assert screen.session.game.path == path
        assert saved_lines(path)[-1] == "par Amy GT 60"


async def test_demo_then_typing_at_once(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "d", ":done")
        screen = main_screen(app)
        assert screen.bar.input.value == "done"


async def test_keys_typed_as_the_bar_takes_the_focus_are_all_kept(saves: Path) -> None:
    """``:`` then a word at once: the bar's focus event comes after the first letters
    (they are acted on as the app reads them) and must not select them, or the next
    letter replaces them (``:private`` came out as ``rivate`` in a real terminal)."""
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "d", ":pri")
        bar = main_screen(app).bar.input
        assert bar.value == "pri"
        assert bar.selection.is_empty
        await send_burst(pilot, "vate")
        assert bar.value == "private"


async def test_new_game_form_shows_the_debt_of_independents(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await pilot.press("n")
        labels = [str(label.render()) for label in app.screen.query(".private-label")]
        assert any(t.startswith("MS ") and t.rstrip().endswith("$60 + $80 debt") for t in labels)
        assert any(t.startswith("BIG4") and t.rstrip().endswith("$40 + $60 debt") for t in labels)
        assert any(t.startswith("CWI") and t.rstrip().endswith("$60") for t in labels)
        assert all(isinstance(label, Label) for label in app.screen.query(".private-label"))


async def test_new_game_refused_setup_names_the_rule(saves: Path) -> None:
    async with running(saves) as (app, pilot):
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#players", Input).value = "Amy Bob Carlos"
        app.screen.query_one("#removals", Input).value = "ERIE"
        app.screen.query_one("#pv-MS", Input).value = "Amy"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "(2.3)" in str(app.screen.query_one("#new-game-error").render())
        assert list(saves.iterdir()) == []


async def test_par_buy_pass_with_keys_and_dialogs(saves: Path) -> None:
    path = rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await pilot.press("p")
        await pilot.pause()
        # first the corporation...
        labels = [str(label) for label, _ in app.screen.choices]  # type: ignore[attr-defined]
        assert labels[3].startswith("GT") and "9 prices, $40–$124" in labels[3]
        await pick(pilot, lambda x: x.corp == "GT")
        # ...then its price, with what it costs
        labels = [str(label) for label, _ in app.screen.choices]  # type: ignore[attr-defined]
        assert "   $60   Amy pays $120" in labels
        await pick(pilot, lambda x: x.price == 60)
        assert screen.session.data["players"][0]["cash"] == 140
        assert "Amy" in screen.highlighted and "GT" in screen.highlighted
        # Bob pars NYC, Carlos IC, via the command bar; then Amy buys GT with the key
        await pilot.press("colon")
        await type_line(pilot, "par Bob NYC 80")
        await type_line(pilot, "par Carlos IC 80")
        await pilot.press("escape")
        await pilot.press("b")
        await pilot.pause()
        await pick(pilot, lambda x: x.corp == "GT" and x.source == "ipo")
        assert screen.session.data["players"][0]["shares"] == {"GT": 30}
        await pilot.press("x")  # the acting player's pass: given at once
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert "✓ pass Bob" in screen.log_panel.plain_lines
        assert saved_lines(path)[-5:] == [
            "par Amy GT 60",
            "par Bob NYC 80",
            "par Carlos IC 80",
            "buy Amy GT ipo",
            "pass Bob",
        ]


async def test_command_bar_par_buy_pass_and_completion(saves: Path) -> None:
    path = rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await pilot.press("colon")
        await type_line(pilot, "par Amy GT 60")
        await type_line(pilot, "par Bob NYC 80")
        # completion: "pa" begins both par and pass, so Tab adds nothing (it rings);
        # "par" is a whole verb and Tab ends it
        await pilot.press("p", "a")
        await pilot.pause()
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert screen.bar.input.value == "pa"
        await pilot.pause(0.3)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert screen.bar.input.value == "par "
        screen.bar.input.value = ""
        await type_line(pilot, "buy Carlos NYC")
        assert "✓ buy Carlos NYC" in screen.bar.verdict_text.plain
        await type_line(pilot, "pass Amy")
        assert saved_lines(path)[-4:] == [
            "par Amy GT 60",
            "par Bob NYC 80",
            "buy Carlos NYC",
            "pass Amy",
        ]
        assert screen.session.data["players"][2]["shares"] == {"NYC": 10}


async def test_refused_command_says_why_and_changes_nothing(saves: Path) -> None:
    path = rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        before = json.dumps(screen.session.data, sort_keys=True)
        lines = saved_lines(path)
        await pilot.press("colon")
        await type_line(pilot, "buy Bob NYC")
        assert "(5.11)" in screen.bar.verdict_text.plain
        assert screen.bar.input.value == "buy Bob NYC"  # kept to be corrected
        messages = [n.message for n in app._notifications]
        assert any("it is Amy's turn" in m and "(5.11)" in m for m in messages)
        assert json.dumps(screen.session.data, sort_keys=True) == before
        assert saved_lines(path) == lines
        # a dimmed key says why instead of doing nothing
        await pilot.press("escape")
        await pilot.press("r")
        await pilot.pause()
        assert any("operating round" in n.message for n in app._notifications)
        assert screen.check_action("run", ()) is False
        assert screen.check_action("par", ()) is True
        assert screen.check_action("buy", ()) is None  # nothing launched yet
        assert screen.check_action("redo", ()) is None


async def test_run_dialog_receipt_matches_the_rulebook(saves: Path) -> None:
    rulebook_save(saves, "run NYC 370 half")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RunDialog)
        await pilot.press("3", "7", "0", "down")
        await pilot.pause()
        receipt = str(dialog.query_one("#extra").render())
        assert "$19 a share" in receipt
        assert "Bob            3 sh  $57" in receipt  # the sign attached, aligned whole
        assert "  retained            $180" in receipt
        assert "price $70 → $90" in receipt
        await pilot.press("enter")
        await pilot.pause()
        nyc = screen.session.company("NYC")
        # $180 retained plus $19 for its one treasury share (rulebook: NYC has $199)
        assert nyc is not None and nyc["price"] == 90 and nyc["cash"] == 199
        assert screen.session.game.journal[-1].line == "run NYC 370 half"


async def test_the_bar_s_editing_keys_act_in_the_order_typed(saves: Path) -> None:
    """``ctrl+u`` (and every editing key of the bar) acts as the app reads it: left to
    Textual it waited in the input's queue while the letters typed next went in at once,
    and then deleted them (a real terminal: ``C-u``, ``par Bob NYC 80``, Enter gave
    nothing)."""
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "d", ":pass Nobody", "enter")
        bar = main_screen(app).bar.input
        assert bar.value == "pass Nobody"  # refused, kept to be corrected
        await send_burst(pilot, "ctrl+u", "note x")
        assert bar.value == "note x"
        await send_burst(pilot, "left", "left", "ctrl+u", "!", "end", "ctrl+w", "y")
        assert bar.value == "! y"


async def test_digits_typed_as_a_dialog_opens_are_all_kept(saves: Path) -> None:
    """The run dialog's digits are acted on as the app reads them; the amount's focus
    event, which comes later, must not select them (the next digit would replace them)."""
    rulebook_save(saves, "run NYC 370 half")
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "r", "37")
        dialog = app.screen
        assert isinstance(dialog, RunDialog)
        amount = dialog.query_one("#amount", Input)
        assert amount.value == "37" and amount.selection.is_empty
        await send_burst(pilot, "0")
        assert amount.value == "370"


async def test_run_dialog_full_payout_ic(saves: Path) -> None:
    rulebook_save(saves, "run IC 140 full")
    async with running(saves) as (app, pilot):
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("1", "4", "0")
        await pilot.pause()
        receipt = str(app.screen.query_one("#extra").render())
        assert "$14 a share" in receipt
        assert "IC             6 sh $84" in receipt
        await pilot.press("enter")
        await pilot.pause()
        ic = main_screen(app).session.company("IC")
        assert ic is not None and ic["cash"] == 124 and ic["price"] == 90


async def test_undo_and_redo(saves: Path) -> None:
    path = rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await pilot.press("colon")
        await type_line(pilot, "par Amy GT 60")
        await pilot.press("escape")
        assert saved_lines(path)[-1] == "par Amy GT 60"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.session.data["players"][0]["cash"] == 260
        # what the undo moved back is lit, like a command's figures
        assert {"Amy", "GT"} <= screen.highlighted
        assert saved_lines(path)[-1] == "private Carlos MPC"
        assert screen.check_action("redo", ()) is True
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert screen.session.data["players"][0]["cash"] == 140
        assert {"Amy", "GT"} <= screen.highlighted
        assert saved_lines(path)[-1] == "par Amy GT 60"


async def test_history_browse_and_rewind(saves: Path) -> None:
    path = rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        total = len(screen.session.game.journal)
        await pilot.press("h")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        assert history.line == total
        await pilot.press("up", "up", "up")
        await pilot.pause()
        n = history.line
        assert n < total
        shown = history.query_one("#history-players").data  # type: ignore[attr-defined]
        assert shown == screen.session.game.state_json(screen.session.game.replay(n))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert len(screen.session.game.journal) == n
        assert len(saved_lines(path)) == n
        assert any(".before-rewind-" in p.name for p in saves.iterdir())


async def test_quit_and_reopen_shows_the_same_game(saves: Path) -> None:
    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        await pilot.press("colon")
        await type_line(pilot, "par Amy GT 60")
        await type_line(pilot, "par Bob NYC 80")
        before = main_screen(app).session.data
        await pilot.press("ctrl+q")
    again = ModeratorApp(saves=saves)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert main_screen(again).session.data == before


@pytest.mark.parametrize("with_save", [True, False], ids=["main screen", "start screen"])
async def test_the_collector_held_off_at_start_runs_again_once_drawn(
    saves: Path, with_save: bool
) -> None:
    """The launcher holds off the cyclic garbage collector for the start-up (issue 21.4,
    ``moderator.cli._run_tui``); the first screen that takes keys turns it back on
    once drawn, so a session never runs without it."""
    if with_save:
        rulebook_save(saves, "# Stock Round 1")
    gc.disable()
    try:
        app = ModeratorApp(saves=saves)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = MainScreen if with_save else StartScreen
            assert isinstance(app.screen, screen), type(app.screen)
            deadline = time.monotonic() + 60  # patience for a loaded machine, not a bound
            while not gc.isenabled() and time.monotonic() < deadline:
                await pilot.pause(0.05)
            assert gc.isenabled()
    finally:
        gc.enable()


async def test_palette_lists_the_legal_commands(saves: Path) -> None:
    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        titles = [cmd.title for cmd in app.get_system_commands(app.screen)]
        assert "pass Amy" in titles and "par Amy GT 60" in titles
        assert not any(t.startswith("Run") for t in titles)  # not legal in a stock round
        assert any(t.startswith("Par (p)") for t in titles)
        assert not any(t.startswith("Buy") for t in titles)  # nothing launched yet


async def test_demo_game_opens_in_an_operating_round(saves: Path) -> None:
    app = ModeratorApp(saves=saves, demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        assert screen.session.data["round"]["kind"] == "OR"
        assert (saves / "demo-1846.json").exists()
        shown = Game.load(saves / "demo-1846.json", read_only=True).state_json()
        assert shown == screen.session.data


async def test_small_terminal_keeps_the_bar_and_keys(saves: Path) -> None:
    rulebook_save(saves, "run NYC 370 half")
    app = ModeratorApp(saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        bar = screen.bar.region
        assert bar.bottom <= 23 and bar.height >= 2
        # the keys fill the bottom line up to the palette's key, cut off at its left
        strip = screen.query_one(KeyStrip).region
        palette = screen.query_one(LiveFooterKey).region
        assert strip.y == palette.y == 23 and strip.right == palette.x and palette.right == 80
        assert screen.query_one(KeyStrip).render().plain.startswith(" e Spend  i Issue")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RunDialog)


async def test_operating_order_shows_each_company_once(saves: Path) -> None:
    rulebook_save(saves, "run NYC 370 half")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        order = screen.session.data["operating_order"]
        assert order[0] == screen.session.data["turn"]  # the core puts the acting company first
        line = screen.query_one("#status").render_line(0).text
        shown = line.split("order", 1)[1].split("priority", 1)[0].replace("▶", " ").split()
        assert shown == order


async def test_round_change_shows_the_other_keys_in_the_same_footer(saves: Path) -> None:
    rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        footer = screen.query_one(QuietFooter)
        strip = footer.query_one(KeyStrip)
        widgets = list(footer.children)
        assert screen.session.round_kind == "OR"
        labels = [k.description for k in strip.keys]
        assert labels[:6] == ["Spend", "Issue", "Run", "Train", "Private", "Done"]
        assert "Par" not in labels
        # undo into the stock round, redo back: the keys change, not the widgets
        for kind, key, shown, hidden in [
            ("SR", "ctrl+z", " p Par ", " r Run "),
            ("OR", "ctrl+y", " r Run ", " p Par "),
        ]:
            await pilot.press(key)
            await pilot.pause()
            assert screen.session.round_kind == kind
            text = strip.render()
            assert shown in text.plain and hidden not in text.plain
            assert list(footer.children) == widgets
            # a key is dimmed exactly when the screen's guard says it does nothing now
            for start, end, key_shown in strip._spans:
                live = screen.check_action(key_shown.action, ()) is True
                assert key_shown.enabled == live
                dimmed = any(
                    span.start <= start and span.end >= end and "dim" in str(span.style)
                    for span in text.spans
                )
                assert dimmed == (not live), key_shown.description
            assert any(not k.enabled for k in strip.keys)  # some key is dimmed in each
        assert isinstance(footer.query_one(LiveFooterKey), LiveFooterKey)


async def test_clicking_a_footer_key_presses_it(saves: Path) -> None:
    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        strip = main_screen(app).query_one(KeyStrip)
        start = strip.render().plain.index("F1 Help")
        await pilot.click(KeyStrip, offset=(start + 1, 0))
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_the_palette_key_is_drawn_as_textuals_and_opens_the_palette(saves: Path) -> None:
    """The command palette's key, on the right of the keys: ``▏^p palette `` (compact, as
    Textual's footer draws it); a click opens the palette."""
    from textual.command import CommandPalette

    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        key = main_screen(app).query_one(LiveFooterKey)
        assert [k.description for k in key.keys] == ["palette"]
        assert key.render().plain == "^p palette" and key.region.width == len("▏^p palette ")
        assert key.region.right == SIZE[0]
        await pilot.click(LiveFooterKey, offset=(2, 0))
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


async def test_a_maximized_command_line_keeps_the_keys_below_it(saves: Path) -> None:
    """The footer is the app's own (issue 21.4); the command line maximized keeps it, as
    Textual keeps its footer."""
    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.maximize(screen.query_one("#script"))  # ctrl+p, "Maximize"
        await pilot.pause()
        footer = screen.query_one(QuietFooter)
        assert footer.region.height == 1 and footer.region.bottom == SIZE[1]
        assert screen.query_one(KeyStrip).render().plain.strip()
        assert not screen.query_one("#players").region  # the panels are hidden


async def test_the_other_screens_styles_are_read_when_the_first_of_them_opens(
    saves: Path,
) -> None:
    """The main screen opens with ``app.tcss`` alone (issue 21.4); the first dialog reads
    ``screens.tcss`` before it is drawn, styled as if both were one file."""
    rulebook_save(saves, "run NYC 370 half")
    async with running(saves) as (app, pilot):
        sources = {Path(path).name for path, _ in app.stylesheet.source}
        assert "app.tcss" in sources and "screens.tcss" not in sources
        assert main_screen(app).query_one("#end").styles.border.top[0] == "round"
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RunDialog)
        assert "screens.tcss" in {Path(path).name for path, _ in app.stylesheet.source}
        box = app.screen.query_one(".dialog-box")
        assert box.styles.border.top[0] == "thick" and box.styles.height.is_auto


async def test_the_start_screen_has_its_styles(saves: Path) -> None:
    app = ModeratorApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "screens.tcss" in {Path(path).name for path, _ in app.stylesheet.source}
        title = app.screen.query_one(".dialog-title")
        assert title.styles.text_style.bold and title.styles.padding.bottom == 1
