"""Pilot tests of the end-of-game screens: score (f), projection (w), rounds (g), checker (c).

Each screen is opened by its key on a saved game and its figures are compared with the
core's (``moderator.scoring`` / ``moderator.checker``); after all of it the save file is
byte for byte what it was (the screens read the game and never change it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ENDED_1817_SCORES, ended_1817_with_a_short
from textual.widgets import DataTable, Input, ProgressBar, TabbedContent
from textual_plotext import PlotextPlot
from ui_helpers import REPO, main_screen, rulebook_save, running, save_from_script

from moderator import scoring
from moderator.checker import check
from moderator.text import money
from moderator.ui.screens import endgame
from moderator.ui.screens.charts import RoundsScreen
from moderator.ui.screens.checker import CheckerDialog
from moderator.ui.screens.endgame import Working
from moderator.ui.screens.main import MainScreen
from moderator.ui.screens.project import ProjectionScreen, RevenueInput
from moderator.ui.screens.score import ScoreScreen

DEMO = REPO / "moderator" / "demo"


def demo_save(saves: Path, title: str) -> Path:
    """The shipped demo of ``title`` played into ``saves``."""
    path = saves / f"demo-{title}.json"
    save_from_script(path, (DEMO / f"demo-{title}.script").read_text(encoding="utf-8")).close()
    return path


def screen_text(app) -> str:  # type: ignore[no-untyped-def]
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


def cell(table: DataTable, row: str, column: str) -> str:
    """A table cell's text."""
    value = table.get_cell(row, column)
    return getattr(value, "plain", str(value))


async def type_text(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    """Type ``text`` a key at a time."""
    names = {" ": "space", ":": "colon"}
    await pilot.press(*[names.get(ch, ch) for ch in text])
    await pilot.pause()


# ================================================================= score
async def open_score(app, pilot) -> tuple[ScoreScreen, DataTable]:  # type: ignore[no-untyped-def]
    """Press f: the score screen and its table."""
    await pilot.press("f")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ScoreScreen)
    return screen, screen.query_one("#score-table", DataTable)


async def test_score_screen_shows_each_players_score_item_by_item(saves: Path) -> None:
    path = demo_save(saves, "1846")
    before = path.read_bytes()
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        expected = scoring.score(game)
        screen, table = await open_score(app, pilot)
        for p in expected.players:
            assert cell(table, "total", p.name) == f"${p.total}"
            assert cell(table, "cash", p.name) == f"${p.cash}"
            for item in p.of("shares"):
                shown = cell(table, f"shares:{item.what}", p.name)
                assert shown == f"{item.count} × ${item.price}  ${item.value}"
            place = expected.place_of(p.name)
            assert cell(table, "place", p.name).startswith(endgame.ordinal(place))
        shown = screen_text(app)
        assert "Score if the game ended now" in shown
        assert expected.reason in shown
        assert "1st Amy $775" in shown and "4th Bob $533" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
    assert path.read_bytes() == before


async def test_the_command_bar_word_score_opens_the_score(saves: Path) -> None:
    path = demo_save(saves, "1846")
    before = path.read_bytes()
    async with running(saves) as (app, pilot):
        await pilot.press("colon")
        await type_text(pilot, "score")
        assert "opens the score screen" in main_screen(app).bar.verdict_text.plain
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
    assert path.read_bytes() == before


async def test_score_of_a_tie_shows_the_shared_place(saves: Path) -> None:
    """A new 1846 game: four players with the same cash share the first place (10.2)."""
    save_from_script(saves / "new.json", "game 1846 Amy Bob Carlos Dana\n").close()
    async with running(saves) as (app, pilot):
        expected = scoring.score(main_screen(app).session.game)
        await pilot.press("f")
        await pilot.pause()
        table = app.screen.query_one("#score-table", DataTable)
        assert all(expected.tied(p.name) for p in expected.players), expected.text()
        for p in expected.players:
            assert cell(table, "place", p.name) == "1st= tie"
        assert "1st= Amy, Bob, Carlos, Dana $400 (tie)" in screen_text(app)


async def test_1846_privates_count_before_phase_iii(saves: Path) -> None:
    """10.3: a private still open scores its list price."""
    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        expected = scoring.score(main_screen(app).session.game)
        await pilot.press("f")
        await pilot.pause()
        table = app.screen.query_one("#score-table", DataTable)
        mail = next(i for i in expected.player("Bob").items if i.what == "MAIL")
        assert mail.counted and mail.kind == "private"
        assert cell(table, "private:MAIL", "Bob") == f"${mail.value} *"
        assert cell(table, "total", "Bob") == f"${expected.player('Bob').total}"
        shown = " ".join(screen_text(app).split())
        assert "* counted: Amy's MS, Bob's CWI" in shown
        assert "list price: the game ended before phase III (10.3)" in shown


async def test_1847ae_score_counts_krauss_and_not_the_other_privates(saves: Path) -> None:
    demo_save(saves, "1847ae")
    async with running(saves) as (app, pilot):
        expected = scoring.score(main_screen(app).session.game)
        await pilot.press("f")
        await pilot.pause()
        table = app.screen.query_one("#score-table", DataTable)
        amy = expected.player("Amy")
        krauss = next(i for i in amy.items if i.kind == "private" and i.counted)
        assert cell(table, f"private:{krauss.what}", "Amy") == f"M{krauss.value} *"
        other = next(i for i in amy.items if i.kind == "private" and not i.counted)
        assert cell(table, f"private:{other.what}", "Amy").startswith("not counted")
        for p in expected.players:
            assert cell(table, "total", p.name) == f"M{p.total}"
        shown = screen_text(app)
        assert "* counted: Amy's LFK" in shown
        assert "Krauss & Co. at its market price (4.1, 9)" in shown


async def test_1853_score_shows_the_bonds_excluded(saves: Path) -> None:
    demo_save(saves, "1853")
    async with running(saves) as (app, pilot):
        expected = scoring.score(main_screen(app).session.game)
        await pilot.press("f")
        await pilot.pause()
        table = app.screen.query_one("#score-table", DataTable)
        for p in expected.players:
            bond = next(i for i in p.items if i.kind == "excluded")
            shown = table.get_cell("excluded:bond", p.name)
            assert shown.plain == f"not counted (£{bond.value})"
            assert "dim" in str(shown.style)
            assert cell(table, "total", p.name) == f"£{p.total}"
            assert p.total == sum(i.value for i in p.items if i.counted)
        assert "bonds do not count (5.2.1)" in screen_text(app)


# ================================================================= projection
def projected_cells(table: DataTable, projection: scoring.Projection) -> list[list[str]]:
    """The table shown, in the layout of ``Projection.table`` (labels back in place)."""
    rows = projection.table()
    shown = []
    for row in rows[1:]:
        label = next(n for n, c in enumerate(row) if c)
        key = (
            row[0]
            or {"Privates": "privates", "Cash on hand": "cash", "Final total": "total"}[row[label]]
        )
        cells = [cell(table, key, head) for head in rows[0]]
        if not row[0]:
            cells[label], cells[0] = cells[0], ""
        shown.append(cells)
    return shown


async def test_projection_screen_shows_the_rulebook_table(saves: Path) -> None:
    path = demo_save(saves, "1846")
    before = path.read_bytes()
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        expected = scoring.project(game)
        await pilot.press("w")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProjectionScreen)
        assert screen.projection == expected
        table = screen.query_one("#proj-table", DataTable)
        assert projected_cells(table, expected) == expected.table()[1:]
        # the inputs are prefilled from default_runs
        defaults = scoring.default_runs(game)
        for i, cid in enumerate(screen.companies):
            for k, (revenue, _kind) in enumerate(defaults[cid]):
                assert screen.query_one(f"#rev-{i}-{k}", Input).value == str(revenue)
        assert "1st Amy $1,093" in screen_text(app)
    assert path.read_bytes() == before


async def test_editing_a_projection_input_changes_the_total(saves: Path) -> None:
    path = demo_save(saves, "1846")
    before = path.read_bytes()
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        journal = [e.line for e in game.journal]
        await pilot.press("w")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProjectionScreen)
        table = screen.query_one("#proj-table", DataTable)
        row = screen.companies.index("PRR")
        old_total = cell(table, "total", "Carlos amt")
        # PRR's second round: 250 full -> 400, typed
        box = screen.query_one(f"#rev-{row}-1", RevenueInput)
        box.focus()
        await pilot.pause()
        await pilot.press("end", "backspace", "backspace", "backspace", "4", "0", "0")
        await pilot.pause()
        runs = scoring.default_runs(game)
        runs["PRR"][1] = (400, "full")
        expected = scoring.project(game, runs)
        assert screen.projection == expected
        assert cell(table, "total", "Carlos amt") == str(expected.player("Carlos").total)
        assert cell(table, "total", "Carlos amt") != old_total
        # h: that run paid half instead
        await pilot.press("h")
        await pilot.pause()
        runs["PRR"][1] = (400, "half")
        assert screen.projection == scoring.project(game, runs)
        assert "half" in str(screen.query_one(f"#kind-{row}-1").render())
        # Space cycles to the next kind the company may use (withhold)
        await pilot.press("space")
        await pilot.pause()
        runs["PRR"][1] = (400, "withhold")
        assert screen.projection == scoring.project(game, runs)
        # a final price pinned by hand
        pin = screen.query_one(f"#pin-{row}", RevenueInput)
        pin.focus()
        await pilot.pause()
        await pilot.press("2", "0", "0")
        await pilot.pause()
        assert screen.projection == scoring.project(game, runs, final_prices={"PRR": 200})
        assert screen.projection.company("PRR").final_price == 200
        # + a round, - back; r: back to the prefilled inputs
        await pilot.press("plus")
        await pilot.pause()
        assert len(screen.projection.rounds) == 3
        assert screen.projection.rounds == tuple(scoring.projected_rounds(game, 3))
        await pilot.press("minus", "minus")
        await pilot.pause()
        assert len(screen.projection.rounds) == 1
        await pilot.press("r")
        await pilot.pause()
        assert screen.projection == scoring.project(game, None, 1)
        assert [e.line for e in game.journal] == journal
    assert path.read_bytes() == before


async def test_a_kind_the_company_may_not_use_is_refused(saves: Path) -> None:
    demo_save(saves, "1847ae")
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        await pilot.press("w")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProjectionScreen)
        assert screen.projection == scoring.project(game)
        cid = next(
            c for c in screen.companies if "half" not in game.ruleset.payout_options(game.state, c)
        )
        row = screen.companies.index(cid)
        await pilot.press("plus")  # a second round, where every company runs
        await pilot.pause()
        before = screen.runs[cid][1]
        screen.query_one(f"#rev-{row}-1", RevenueInput).focus()
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert screen.runs[cid][1] == before
        assert any("not half" in str(n.message) for n in app._notifications)


async def test_an_ended_game_has_a_final_score_and_nothing_to_project(saves: Path) -> None:
    """1847 AE: a bankrupt director ends the game at once (6.8.2, 9)."""
    text = (REPO / "tests" / "scripts" / "1847ae-forced-bankrupt.script").read_text()
    save_from_script(saves / "ended.json", text).close()
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        assert game.state.ended
        expected = scoring.score(game)
        await pilot.press("f")
        await pilot.pause()
        shown = screen_text(app)
        flowing = " ".join(shown.split())  # the reason is wrapped, never cut short
        assert "Final score" in shown and " ".join(expected.reason.split()) in flowing
        table = app.screen.query_one("#score-table", DataTable)
        for p in expected.players:
            assert cell(table, "total", p.name) == f"M{p.total}"
        await pilot.press("escape")
        await pilot.pause()
        # w is dimmed: pressing it says why and opens nothing
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert any("the game has ended" in str(n.message) for n in app._notifications)
        # the bar word opens the screen, which says why there is nothing to project
        await pilot.press("colon")
        await type_text(pilot, "project")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProjectionScreen)
        assert screen.projection is None and screen.error is not None
        assert "nothing is left to project" in screen_text(app)


async def test_a_long_journal_is_worked_out_in_a_worker_with_progress(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(endgame, "LONG_JOURNAL", 10)
    demo_save(saves, "1846")
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        game.derived.pop("history", None)
        await pilot.press("g")
        screen = app.screen
        assert isinstance(screen, RoundsScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        assert screen.records == scoring.history(game)
        bar = screen.query_one(ProgressBar)
        assert bar.total == len(game.journal) and bar.progress == bar.total
        assert not screen.query_one(Working).display
        await pilot.press("w")  # the projection too
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ProjectionScreen)
        assert app.screen.projection == scoring.project(game)


# ================================================================= rounds
async def test_rounds_screen_shows_the_history_as_charts_and_tables(saves: Path) -> None:
    path = demo_save(saves, "1846")
    before = path.read_bytes()
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        expected = scoring.history(game)
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundsScreen)
        assert screen.records == expected
        shown = screen_text(app)
        assert "Share price ($) per company" in shown
        assert "Player value ($)" in shown
        for cid in ("PRR", "NYC", "BO", "ERIE"):
            assert cid in shown  # the legend
        prices = screen.query_one("#prices-plot", PlotextPlot).plt
        assert "OR 3.1 (now)" in prices.build()
        players = screen.query_one("#players-table", DataTable)
        companies = screen.query_one("#companies-table", DataTable)
        for n, record in enumerate(expected):
            for name, cash in record.cash.items():
                assert cell(players, str(n), f"{name}:cash").split()[0] == f"${cash}"
                assert cell(players, str(n), f"{name}:value").split()[0] == f"${record.value[name]}"
            for cid, price in record.prices.items():
                assert cell(companies, str(n), f"{cid}:price").split()[0] == f"${price}"
            for cid, (revenue, kind, _per_share) in record.runs.items():
                assert cell(companies, str(n), f"{cid}:run").startswith(f"${revenue} {kind}")
        # deltas: the change since the round before
        first_or = next(n for n, r in enumerate(expected) if r.label == "OR 1.2")
        change = expected[first_or].cash["Amy"] - expected[first_or - 1].cash["Amy"]
        assert cell(players, str(first_or), "Amy:cash").endswith(f"{change:+d}")
        await pilot.press("2")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "players-tab"
        await pilot.press("3")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "companies-tab"
    assert path.read_bytes() == before


# ================================================================= checker
async def test_checker_dialog_answers_right_and_wrong_as_you_type(saves: Path) -> None:
    path = rulebook_save(saves, "run NYC 370 half")
    before = path.read_bytes()
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        await pilot.press("c")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CheckerDialog)
        await type_text(pilot, "run NYC 370 half paid 19 price 90")
        assert dialog.answer is not None and dialog.answer.verdict is True
        assert dialog.answer == check(game, "check run NYC 370 half paid 19 price 90")
        shown = screen_text(app)
        assert "✓ paid $19 a share" in shown and "✓ right" in shown
        # wrong: 18 a share
        box = dialog.query_one("#checker-input", Input)
        box.value = "run NYC 370 half paid 18"
        await pilot.pause()
        assert dialog.answer is not None and dialog.answer.verdict is False
        assert "✗ paid $18 a share: it is $19" in screen_text(app)
        # a sale: the price after it
        box.value = "check sell Amy NYC 1"
        await pilot.pause()
        assert dialog.answer == check(game, "check sell Amy NYC 1")
        # not a check yet: the form is named, no answer
        box.value = "run XX"
        await pilot.pause()
        assert dialog.answer is None
        assert "check run CO REVENUE" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
    assert path.read_bytes() == before


async def test_check_in_the_command_bar_answers_in_the_log(saves: Path) -> None:
    path = rulebook_save(saves, "run NYC 370 half")
    before = path.read_bytes()
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        count = len(screen.session.game.journal)
        await pilot.press("colon")
        await type_text(pilot, "check run NYC 370 half paid 18")
        assert screen.bar.verdict_text.plain.startswith("✗ wrong: paid $18 a share")
        await pilot.press("enter")
        await pilot.pause()
        log = "\n".join(line.plain for line in screen.log_panel.lines)
        assert "? check run NYC 370 half paid 18" in log
        assert "✗ paid $18 a share: it is $19" in log
        assert screen.bar.input.value == ""
        assert screen.bar.verdict_text.plain.startswith("✗ wrong")
        # a check of no known form is refused and stays in the bar
        await type_text(pilot, "check run XX 3")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.bar.input.value == "check run XX 3"
        assert "refused" in screen.bar.verdict_text.plain
        assert len(screen.session.game.journal) == count
    assert path.read_bytes() == before


async def test_the_keys_switch_between_the_screens(saves: Path) -> None:
    demo_save(saves, "1846")
    async with running(saves) as (app, pilot):
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ProjectionScreen)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RoundsScreen)
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert len(app.screen_stack) == 2  # the default screen and the main screen


def test_the_help_lists_the_end_of_game_keys() -> None:
    from rich.console import Console

    from moderator.ui.screens.help import key_table

    console = Console(width=200, record=True)
    console.print(key_table())
    text = console.export_text()
    for label in ("Score", "Project", "Rounds", "Check"):
        assert label in text
    assert "check run NYC 370 half" in text


async def test_the_score_screen_exports_the_workbook_beside_the_save(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """x on the score screen: ``moderator.export.export_xlsx`` beside the save (in a
    worker with progress on a long journal); the save itself is untouched."""
    monkeypatch.setattr(endgame, "LONG_JOURNAL", 10)
    path = demo_save(saves, "1846")
    before = path.read_bytes()
    async with running(saves) as (app, pilot):
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("x")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        target = path.with_suffix(".xlsx")
        assert target.is_file() and target.read_bytes()[:2] == b"PK"
        assert any(str(target) in str(n.message) for n in app._notifications)
    assert path.read_bytes() == before


async def test_a_job_that_fails_in_its_worker_says_why_and_the_app_goes_on(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from moderator.ui.screens import charts

    def broken(game, progress=None):  # type: ignore[no-untyped-def]
        raise IndexError("list index out of range")

    monkeypatch.setattr(endgame, "LONG_JOURNAL", 10)
    monkeypatch.setattr(charts, "history", broken)
    demo_save(saves, "1846")
    async with running(saves) as (app, pilot):
        await pilot.press("g")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, RoundsScreen) and app.screen.records is None
        assert "stopped: IndexError" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)


def test_the_places_line_says_a_bankrupt_players_place() -> None:
    """A bankrupt player comes after every player still in whatever his figure: the line
    says so (``3rd B M262 (bankrupt)``), as the CLI's score does."""
    places = [
        {"place": 1, "players": ["A"], "score": 469, "bankrupt": False},
        {"place": 2, "players": ["C"], "score": 211, "bankrupt": False},
        {"place": 3, "players": ["B"], "score": 262, "bankrupt": True},
    ]
    text = endgame.places_text(places, lambda x: f"M{x}").plain
    assert text == "1st A M469  ·  2nd C M211  ·  3rd B M262 (bankrupt)"


async def test_score_screen_counts_a_1817_short_minus_the_price(saves: Path) -> None:
    """1817 facts §5, §14: a short is its own row, minus the price (never "excluded")."""
    text = (REPO / "tests" / "scripts" / "1817-shorts.script").read_text(encoding="utf-8")
    save_from_script(saves / "shorts.json", text, stop_before="cover Amy").close()
    async with running(saves) as (app, pilot):
        screen, table = await open_score(app, pilot)
        assert cell(table, "short:UR", "Amy") == "-1 × $70  -$70"
        assert cell(table, "total", "Amy") == "$500"
        assert "UR (short)" in screen_text(app) and "UR (excluded)" not in screen_text(app)


async def test_1817_real_end_with_a_short_score_screen_and_undo(saves: Path) -> None:
    """1817 facts §14 at the real end (a cut of the recorded game 15528: Four short one AS
    at $110, AS with 5 loans): the final score, each player's items as the engine counts
    them, Four's short a negative row with its price, the places; a line after the end is
    refused with the reason; ctrl+z takes back the ending ``pass`` (the game open again,
    as before it) and the score screen then says "if the game ended now"."""
    save_from_script(saves / "end.json", ended_1817_with_a_short()).close()
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        assert game.state.ended and game.state.result == ENDED_1817_SCORES
        board = screen_text(app)  # the main screen: the game over box, the short held
        assert "Winner: Four" in board and "1st   Four   $11,397" in board
        assert "4th   One   $6,202" in board and "-1 short" in board
        expected = scoring.score(game)
        screen, table = await open_score(app, pilot)
        for p in expected.players:
            assert ENDED_1817_SCORES[p.name] == p.total
            assert cell(table, "total", p.name) == money("$", p.total)
            for item in p.items:
                if item.kind in ("shares", "short"):
                    shown = cell(table, f"{item.kind}:{item.what}", p.name)
                    assert shown == f"{item.count} × {money('$', item.price)}  " + money(
                        "$", item.value
                    )
        assert cell(table, "short:AS", "Four") == "-1 × $110  -$110"
        assert cell(table, "short:AS", "Three") == "·"  # none held
        shown = screen_text(app)
        assert "Final score" in shown and "AS (short)" in shown
        assert "1st Four $11,397" in shown and "4th One $6,202" in shown
        await pilot.press("escape")
        await pilot.pause()
        before = len(game.journal)
        await pilot.press("colon")
        await type_text(pilot, "run AS 100")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        said = "\n".join(main_screen(app).log_panel.plain_lines)
        assert "✗ run AS 100: refused: the game has ended" in said and "facts §14" in said
        assert len(game.journal) == before
        await pilot.press("ctrl+z")
        await pilot.pause()
        game = main_screen(app).session.game
        assert not game.state.ended and len(game.journal) == before - 1
        await pilot.press("f")
        await pilot.pause()
        assert "Score if the game ended now" in screen_text(app)


async def test_a_what_if_sandbox_exports_beside_the_real_save_under_its_own_name(
    saves: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """x on the score screen of a what-if sandbox (its game has no save): the workbook goes
    beside the real game's save as ``NAME.what-if.xlsx``; it went to ``saves/game.xlsx``
    under the folder the app was started from (seventeenth keys round)."""
    monkeypatch.setattr(endgame, "LONG_JOURNAL", 10)
    elsewhere = tmp_path / "started-here"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    path = demo_save(saves, "1846")
    async with running(saves) as (app, pilot):
        await pilot.press("o")
        await pilot.pause()
        assert main_screen(app) is not app.screen and app.screen.session.game.path is None
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        await pilot.press("x")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        target = path.with_name(f"{path.stem}.what-if.xlsx")
        assert target.is_file() and target.read_bytes()[:2] == b"PK"
        assert not path.with_suffix(".xlsx").exists()
        assert not any(elsewhere.rglob("*.xlsx"))
