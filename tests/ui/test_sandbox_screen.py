"""The what-if sandbox in the TUI (issue 32): opened with ``o`` from the main screen and
from History, marked everywhere, every command on the copy, compared, kept or discarded."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Static
from ui_helpers import main_screen, rulebook_save, running, saved_lines, send_burst, settle

from moderator.game import Game
from moderator.ui.screens.dialogs import ConfirmDialog
from moderator.ui.screens.history import HistoryScreen
from moderator.ui.screens.main import MainScreen
from moderator.ui.screens.sandbox import (
    SandboxScreen,
    SandboxStatusBar,
    WhatIfMark,
    WhatIfScreen,
    comparison_table,
)


def digest(path: Path) -> str:
    """The save's bytes, hashed."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files(folder: Path) -> list[str]:
    """The names in the saves folder, but the real game's picture: the main screen keeps
    it once idle after opening a save that had none (docs/saves.md), which on a loaded
    machine may come after these tests looked at the folder (a cache, not the save)."""
    return sorted(
        p.name
        for p in folder.iterdir()
        if not (p.name.startswith(".") and p.name.endswith(".frame"))
    )


async def test_a_sandbox_from_now_is_marked_and_never_saved(saves: Path) -> None:
    path = rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        real = main_screen(app)
        total = len(real.session.game.journal)
        before, names = digest(path), files(saves)
        await pilot.press("o")
        await pilot.pause()
        box = app.screen
        assert isinstance(box, SandboxScreen)
        assert box.sandbox.at == total and box.session.game.path is None
        # the banner, the status line, the command bar and the footer say so
        banner = str(box.query_one("#whatif-banner", Static).render())
        assert f"WHAT-IF sandbox from line {total}" in banner and "nothing is saved" in banner
        status = box.query_one("#status", SandboxStatusBar)
        assert str(status.build()).startswith(" WHAT-IF ")
        assert "WHAT-IF" in str(box.query_one("#prompt", Static).render())
        assert "never saved" in box.bar.input.placeholder
        assert "WHAT-IF · not saved" in str(box.query_one(WhatIfMark).render())
        # commands, undo and redo work on the copy
        tried = box.session.legal_lines()[0]
        await pilot.press("colon", *tried, "enter")
        await pilot.pause()
        assert box.session.game.journal[-1].line == tried
        assert len(box.session.game.journal) == total + 1
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert len(box.session.game.journal) == total
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert len(box.session.game.journal) == total + 1
        # score, project, check and History open on the copy
        for key in ("f", "w", "c", "h"):
            await pilot.press(key)
            await pilot.pause()
            assert getattr(app.screen, "session", None) is box.session, key
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is box, key
        assert len(real.session.game.journal) == total
        assert digest(path) == before and files(saves) == names
        # the what-if view, then discard
        await pilot.press("o")
        await pilot.pause()
        view = app.screen
        assert isinstance(view, WhatIfScreen)
        shown = str(view.query_one("#whatif-lines", Static).render())
        assert tried in shown
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is view  # declined: nothing happened
        await pilot.press("x", "y")
        await pilot.pause()
        assert app.screen is real
        assert len(real.session.game.journal) == total
        assert saved_lines(path)[-1] == real.session.game.journal[-1].line
        assert digest(path) == before and files(saves) == names


async def test_history_opens_a_sandbox_at_its_line_and_keep_replaces_the_game(
    saves: Path,
) -> None:
    path = rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        real = main_screen(app)
        total = len(real.session.game.journal)
        old_lines = saved_lines(path)
        await pilot.press("h", "up", "up", "up")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        n = history.line
        await pilot.press("o")
        await pilot.pause()
        box = app.screen
        assert isinstance(box, SandboxScreen) and box.sandbox.at == n < total
        assert len(box.session.game.journal) == n
        # History inside the sandbox: `o` says there is no sandbox of a sandbox
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SandboxScreen)
        line = box.session.legal_lines()[0]
        await pilot.press("colon", *line, "enter", "escape")
        await pilot.pause()
        assert box.session.game.journal[-1].line == line
        assert saved_lines(path) == old_lines  # nothing written yet
        await pilot.press("o", "k")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert f"lines {n + 1}–{total} of the real game are taken out" in dialog.detail
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen) and app.screen is real
        assert saved_lines(path) == [*old_lines[:n], line]
        assert [e.line for e in real.session.game.journal] == [*old_lines[:n], line]
        backups = [p for p in saves.iterdir() if ".before-rewind-" in p.name]
        assert len(backups) == 1
        assert saved_lines(backups[0]) == old_lines
        assert Game.load(path, read_only=True).state_json() == real.session.game.state_json()


async def test_the_compare_view_marks_the_differences(saves: Path) -> None:
    rulebook_save(saves, None)
    async with running(saves) as (app, pilot):
        real = main_screen(app)
        await pilot.press("h")
        await pilot.pause()
        for _ in range(12):
            await pilot.press("up")
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        view = app.screen
        assert isinstance(view, WhatIfScreen)
        console = Console(width=120, record=True, file=io.StringIO())
        assert view.comparison is not None
        console.print(comparison_table(view.comparison))
        text = console.export_text()
        assert "figures differ (marked *)" in text and "cash what-if" in text
        assert "price what-if" in text and "* $" in text
        for player in real.session.game.players:
            assert player in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SandboxScreen)
        await pilot.press("o", "x", "enter")
        await pilot.pause()
        assert app.screen is real


async def test_phones_show_the_real_game_until_the_sandbox_is_shared(saves: Path) -> None:
    """Issue 32.5 through the app: sharing on, a sandbox opened and played in: the server
    keeps the real game; `t` in the what-if view shares the sandbox (the footer says so),
    `t` again the real game; leaving the sandbox shares the real game again."""
    import httpx
    from test_sharing_screen import demo_save, screen_text, served, share_now, until

    demo_save(saves)
    async with running(saves) as (app, pilot):
        real = main_screen(app)
        url = await share_now(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        real_state = real.session.game.state_json()
        await pilot.press("o")
        await pilot.pause()
        box = app.screen
        assert isinstance(box, SandboxScreen)
        line = box.session.legal_lines()[0]
        await pilot.press("colon", *line, "enter", "escape")
        await pilot.pause()
        assert box.session.game.journal[-1].line == line
        await served(pilot, url, real_state)
        assert "WHAT-IF" not in httpx.get(url, timeout=10).text
        await pilot.press("o", "t")
        await pilot.pause()
        sandbox_state = box.session.game.state_json()
        await served(pilot, url, sandbox_state)
        assert 'class="whatif"' in httpx.get(url, timeout=10).text
        assert "The players' phones show this sandbox" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "on the phones" in str(box.query_one(WhatIfMark).render())
        from moderator.ui.widgets.footer import SharingMark

        mark = box.query_one(SharingMark)
        await until(pilot, lambda: "sharing WHAT-IF" in str(mark.render()))
        await pilot.press("o", "t")
        await pilot.pause()
        await served(pilot, url, real_state)
        await pilot.press("t")  # the sandbox on the phones again, then discard it
        await pilot.pause()
        await served(pilot, url, sandbox_state)
        await pilot.press("x", "enter")
        await pilot.pause()
        assert app.screen is real
        await served(pilot, url, real_state)
        assert 'class="whatif"' not in httpx.get(url, timeout=10).text


# the simulated games (1846, 1853) and the rules' own list (1847 AE; Pfalz and RRRR&B are
# played the same way, with the same screens): CI time
@pytest.mark.parametrize("title", ["1846", "1847AE", "1853"])
async def test_a_sandbox_session_of_every_title_leaves_the_save_byte_for_byte(
    saves: Path, title: str
) -> None:
    """Issue 32.2 through the app: commands, undo, redo, the score, projection, checker
    and History on the copy, the comparison, then discard; the save's bytes and the
    saves folder are as they were."""
    from moderator.simulate import Simulation, legal_game

    if title in ("1846", "1853"):
        game = Simulation(seed=5, players=4, max_commands=70, title=title).run()
    else:
        game = legal_game(title, seed=5, commands=70)
    path = saves / f"{title}.json"
    game.save(path)
    game.close()
    async with running(saves) as (app, pilot):
        real = main_screen(app)
        before, names = digest(path), files(saves)
        await pilot.press("o")
        await settle(pilot)  # not one pause: on a loaded machine a screen opens later
        box = app.screen
        assert isinstance(box, SandboxScreen)
        for _ in range(3):
            legal = box.session.legal_lines()
            if not legal:
                break
            await pilot.press("colon")
            box.bar.input.value = legal[-1]
            await pilot.press("enter", "escape")
            await settle(pilot)
        await pilot.press("ctrl+z", "ctrl+y")
        for key in ("f", "w", "g", "c", "h"):
            await pilot.press(key)
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is box, (title, key, app.screen)
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, WhatIfScreen)
        assert digest(path) == before and files(saves) == names
        await pilot.press("x", "y")
        await settle(pilot)
        assert app.screen is real
        assert digest(path) == before and files(saves) == names


async def test_a_keep_the_save_refuses_says_why_and_leaves_the_sandbox_open(saves: Path) -> None:
    path = rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        await pilot.press("h", "up", "up", "o")
        await pilot.pause()
        box = app.screen
        assert isinstance(box, SandboxScreen)
        await pilot.press("colon")
        box.bar.input.value = box.session.legal_lines()[0]
        await pilot.press("enter", "escape")
        await pilot.pause()
        before, names = digest(path), files(saves)
        path.chmod(0o444)
        try:
            await pilot.press("o", "k", "enter")
            await pilot.pause()
            assert isinstance(app.screen, WhatIfScreen)
            assert app.screen.sandbox_screen is box
            assert digest(path) == before and files(saves) == names
            shown = [n.message for n in app._notifications]
            assert any(m.startswith("not kept: ") and "read-only" in m for m in shown), shown
        finally:
            path.chmod(0o644)


async def test_keys_typed_behind_a_refused_keep_are_not_used(saves: Path) -> None:
    """``o k y x`` in one burst with the save read-only: the keep is refused, and the ``x``
    typed for the real game after it discarded the sandbox (the compare view's ``x``).
    Now it is not used: the compare view stays open on the sandbox."""
    path = rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", "up", "up", "o")
        box = app.screen
        assert isinstance(box, SandboxScreen)
        await send_burst(pilot, "colon", box.session.legal_lines()[0], "enter", "escape")
        path.chmod(0o444)
        try:
            await send_burst(pilot, "o", "k", "y", "x")
            assert isinstance(app.screen, WhatIfScreen)
            assert app.screen.sandbox_screen is box and box in app.screen_stack
        finally:
            path.chmod(0o644)


async def test_a_kept_what_if_lists_what_to_change_on_the_table(saves: Path) -> None:
    """A what-if from an earlier line, kept: its view lists what the keep changes on the
    table (computed by the engine, holder by holder), and the real game's log keeps it."""
    from moderator.sandbox_table import table_changes

    path = rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        real = main_screen(app)
        await send_burst(pilot, "h", "up", "up", "up", "o")
        box = app.screen
        assert isinstance(box, SandboxScreen)
        line = box.session.legal_lines()[0]
        await pilot.press("colon", *line, "enter", "escape")
        await pilot.pause()
        changes = [c.text() for c in table_changes(real.session.game, box.session.game)]
        assert changes
        await send_burst(pilot, "o")
        view = app.screen
        assert isinstance(view, WhatIfScreen)
        shown = str(view.query_one("#whatif-lines", Static).render())
        assert all(change in shown for change in changes)
        await send_burst(pilot, "k", "y")
        assert app.screen is real
        logged = real.log_panel.plain_lines
        assert any(x.startswith("on the table, change (") for x in logged)
        assert all(f"  {change}" in logged for change in changes)
    assert saved_lines(path)[-1] == line


async def test_keys_typed_behind_a_sandbox_refused_inside_a_sandbox_are_not_used(
    saves: Path,
) -> None:
    """Round 4: inside a sandbox, History's ``o`` (a sandbox from a line) is refused (no
    sandbox of a sandbox), but History had closed and the keys typed after it fell on the
    sandbox as it is: ``h ↑ o e 2 0 Enter``, typed for a sandbox one line back, spent 20
    for the company operating now.  Now they are not used; keys typed after the toast
    act."""
    rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "o")
        box = app.screen
        assert isinstance(box, SandboxScreen)
        lines = [e.line for e in box.session.game.journal]
        company = box.session.acting
        await send_burst(pilot, "h", "up", "o", "e", "2", "0", "enter")
        assert app.screen is box
        assert [e.line for e in box.session.game.journal] == lines
        await send_burst(pilot, "e", "2", "0", "enter")
        assert [e.line for e in box.session.game.journal] == [*lines, f"spend {company} 20"]
