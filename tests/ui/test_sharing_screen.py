"""Pilot tests of the sharing key (``ctrl+t``): the TUI shares its open game with the
players' table view (issue 10, point 1).

Each test drives the real app on the 1846 demo and talks to the real server over
HTTP: the page shows the game's figures, a command typed in the command bar (and an
undo) reaches the server's JSON, ``s`` stops and starts it again on
the same address, ``l`` moves it to the local network, another game opened keeps the
address, an error is shown on the screen while the game goes on, and quitting stops
the server.

How soon a change reaches the page is measured by ``benchmarks/bench_web.py --mode live``
(docs/table-view.md), not asserted here: a wall-clock bound fails by chance on a loaded
machine, as with the whole suite running on every core (pytest-xdist).
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest
from textual.pilot import Pilot
from ui_helpers import REPO, main_screen, running, save_from_script

from moderator import commands as c
from moderator.events import CashMoved
from moderator.ui.app import ModeratorApp
from moderator.ui.screens.main import MainScreen
from moderator.ui.screens.sharing import SharingScreen
from moderator.ui.sharing import TableShare
from moderator.ui.widgets.footer import SharingMark

DEMO = REPO / "moderator" / "demo"

PATIENCE = 60.0
"""Seconds a step may wait for the app or the server: generous, since a test only waits
this long when something is wrong (a step takes well under a second on a quiet machine)."""


def demo_save(saves: Path, title: str = "1846", name: str | None = None) -> Path:
    """The shipped demo of ``title`` played into ``saves``."""
    path = saves / (name or f"demo-{title}.json")
    save_from_script(path, (DEMO / f"demo-{title}.script").read_text(encoding="utf-8")).close()
    return path


def screen_text(app: ModeratorApp) -> str:
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


async def until(pilot: Pilot[None], test: Callable[[], Any], seconds: float = PATIENCE) -> Any:
    """Let the app run until ``test()`` is truthy (its value), or fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        value = test()
        if value:
            return value
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.05)


def route(url: str, path: str) -> str:
    """``url`` (the players' address, with its token) on another route of the server."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


def answers(url: str) -> bool:
    """Whether the server at ``url`` answers at all."""
    try:
        httpx.get(route(url, "/state.json"), timeout=30)  # a stopped server refuses at once
    except httpx.HTTPError:
        return False
    return True


async def share_now(app: ModeratorApp, pilot: Pilot[None]) -> str:
    """Press the sharing key on the main screen; the address once the server runs."""
    assert isinstance(app.screen, MainScreen)
    await pilot.press("ctrl+t")
    await pilot.pause()
    assert isinstance(app.screen, SharingScreen)
    url: str = await until(
        pilot, lambda: app.table_share.view().url if not app.table_share.busy else None
    )
    await pilot.pause()
    return url


def cash_command(app: ModeratorApp) -> tuple[c.Command, str]:
    """A legal command that moves a player's or a company's cash, and who it moves."""
    session = main_screen(app).session
    names = set(session.game.players) | {co["id"] for co in session.data["companies"]}
    for cmd in session.legal():
        events = session.preview(cmd)
        if isinstance(events, str):
            continue
        for ev in events:
            if isinstance(ev, CashMoved) and ev.amount:
                who = ev.target if ev.target in names else ev.source
                if who in names:
                    return cmd, who
    raise AssertionError("no legal command moves cash")


def cash_of(state: dict[str, Any], who: str) -> int:
    """A player's or a company's cash in a state JSON."""
    for player in state["players"]:
        if player["name"] == who:
            return int(player["cash"])
    for company in state["companies"]:
        if company["id"] == who:
            return int(company["cash"])
    raise KeyError(who)


def server_state(url: str) -> dict[str, Any]:
    """The state JSON the server has now."""
    answer = httpx.get(route(url, "/state.json"), timeout=5)
    assert answer.status_code == 200
    data: dict[str, Any] = answer.json()
    return data


async def served(
    pilot: Pilot[None], url: str, want: dict[str, Any], seconds: float = PATIENCE
) -> None:
    """Wait until the server's state JSON is ``want`` (fail after ``seconds``); while the
    server restarts (another game opened) it does not answer for a moment."""

    def same() -> bool:
        try:
            return server_state(url) == want
        except httpx.TransportError:
            return False

    await until(pilot, same, seconds)


# ================================================================= tests
async def test_sharing_key_shares_the_game_and_follows_commands(saves: Path) -> None:
    demo_save(saves)
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        url = await share_now(app, pilot)
        parts = urlsplit(url)
        assert parts.scheme == "http" and parts.hostname == "127.0.0.1" and parts.port
        assert parts.query.startswith("token=") and len(parts.query) > 20

        # the screen: the address as text and the QR code block (white on black)
        shown = screen_text(app)
        assert url in shown
        assert "Sharing" in shown and "this computer only" in shown
        qr = app.screen.query_one("#share-qr")
        qr_lines = str(qr.render()).splitlines()
        assert len(qr_lines) >= 15 and all(len(line) == len(qr_lines[0]) for line in qr_lines)
        assert set("".join(qr_lines)) <= set("█▀▄ ") and "█" in "".join(qr_lines)
        assert qr_lines[0] in shown  # drawn on the terminal, not only in the widget

        # the page answers with the game's figures; the token is needed
        page = httpx.get(url, timeout=10)
        assert page.status_code == 200
        state = game.state_json()
        player = state["players"][0]
        assert f'<dd class="cash">${player["cash"]}</dd>' in page.text
        no_token = urlunsplit((parts.scheme, parts.netloc, "/", "", ""))
        assert httpx.get(no_token, timeout=10).status_code == 403
        assert server_state(url) == state

        # back to the game: sharing goes on, the footer says so
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert "● sharing" in screen_text(app)
        assert answers(url)

        # a command typed in the command bar reaches the server
        cmd, who = cash_command(app)
        line = main_screen(app).session.line(cmd)
        await pilot.press("colon")
        await pilot.pause()
        main_screen(app).bar.input.value = line
        await pilot.press("enter")
        await pilot.pause()
        after = game.state_json()
        assert cash_of(after, who) != cash_of(state, who), line
        await served(pilot, url, after)
        page = httpx.get(url, timeout=10)
        assert f'<dd class="cash">${cash_of(after, who)}</dd>' in page.text

        # and so does an undo
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.state_json() == state
        await served(pilot, url, state)


async def test_stop_start_lan_and_quit(saves: Path) -> None:
    demo_save(saves)
    async with running(saves) as (app, pilot):
        url = await share_now(app, pilot)
        assert answers(url)

        # s stops: the address no longer answers; the screen says so
        await pilot.press("s")
        await until(pilot, lambda: app.table_share.sharing is None and not app.table_share.busy)
        await pilot.pause()
        assert not answers(url)
        assert "Not sharing" in screen_text(app)
        assert url not in screen_text(app)
        assert not app.screen.query_one("#share-qr").display

        # s again: the same address (port and token kept for the session) answers again
        await pilot.press("s")
        again: str = await until(pilot, lambda: app.table_share.view().url)
        assert again == url and answers(url)

        # l: the local network; the host changes, or the screen says why it cannot
        await pilot.press("l")
        await until(
            pilot,
            lambda: (
                app.table_share.sharing is not None
                and app.table_share.sharing.url != url
                and not app.table_share.busy
            ),
        )
        await pilot.pause()
        lan_url = app.table_share.view().url
        assert lan_url is not None
        lan_parts = urlsplit(lan_url)
        assert lan_parts.port == urlsplit(url).port and lan_parts.query == urlsplit(url).query
        shown = screen_text(app)
        assert "on the local network" in shown
        if lan_parts.hostname == "127.0.0.1":
            assert "no network address was found" in shown
        else:
            assert lan_url in shown
        # listening on every interface: the loopback address reaches it too
        assert answers(url)

        # l again: this computer only, same address as at first
        await pilot.press("l")
        await until(pilot, lambda: app.table_share.view().url == url and not app.table_share.busy)
        assert answers(url)

        # Esc: back to the game, still shared; quitting stops the server
        await pilot.press("escape")
        await pilot.pause()
        assert answers(url)
        await app.action_quit()
    closing = app.share_closing
    assert closing is not None
    closing.join(15)
    assert not closing.is_alive()
    assert not answers(url)


async def test_opening_another_game_keeps_the_address(saves: Path) -> None:
    other = demo_save(saves, "1853", name="other.json")
    os.utime(other, (time.time() - 3600, time.time() - 3600))  # the 1846 demo is the newest
    demo_save(saves, "1846")
    async with running(saves) as (app, pilot):
        url = await share_now(app, pilot)
        first = server_state(url)
        assert first["title"] == "1846"
        assert app.open_game(other)
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, MainScreen) and main_screen(app).session.game.title == "1853"
            ),
        )
        new_game = main_screen(app).session.game
        await served(pilot, url, new_game.state_json())
        # the server answers a moment before the worker has recorded it
        await until(pilot, lambda: not app.table_share.busy)
        assert app.table_share.view().url == url
        await pilot.pause()
        assert "● sharing" in screen_text(app)


async def test_an_error_is_shown_and_the_game_goes_on(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import moderator.web

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError(98, "Address already in use")

    monkeypatch.setattr(moderator.web, "start_sharing", refuse)
    demo_save(saves)
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        await pilot.press("ctrl+t")
        await until(pilot, lambda: app.table_share.error and not app.table_share.busy)
        await pilot.pause()
        shown = screen_text(app)
        assert "Cannot share" in shown and "Address already in use" in shown
        assert "Not sharing" in shown
        assert app.table_share.sharing is None and not app.table_share.wanted
        # the app goes on: back to the game, a command is accepted
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert "● sharing" not in screen_text(app)
        count = len(game.journal)
        cmd, _who = cash_command(app)
        assert main_screen(app).give(cmd) is None
        assert len(game.journal) == count + 1


async def test_a_taken_port_gives_a_new_address(saves: Path) -> None:
    demo_save(saves)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        async with running(saves) as (app, pilot):
            app.table_share.port = port  # the session's port, taken meanwhile by another
            url = await share_now(app, pilot)
            assert urlsplit(url).port != port and answers(url)
            assert f"port {port} is taken" in screen_text(app)


async def test_palette_bar_word_and_help_name_the_key(saves: Path) -> None:
    demo_save(saves)
    async with running(saves) as (app, pilot):
        main = main_screen(app)
        titles = [cmd.title for cmd in main.palette_commands()]
        assert "Share (^t)" in titles
        # the command bar's word opens the sharing screen (and starts sharing)
        await pilot.press("colon")
        await pilot.pause()
        main.bar.input.value = "share"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SharingScreen)
        await until(pilot, lambda: app.table_share.view().url)
        await pilot.press("escape")
        await pilot.pause()
        # the footer's mark opens it too
        mark = main.query_one(SharingMark)
        assert mark.display and "sharing" in str(mark.render())
        await pilot.press("f1")
        await pilot.pause()
        # the help's last key row is whole at 120x40 (its second line was cut off)
        assert "ctrl+t" in screen_text(app) and "l local network, s stops." in screen_text(app)


def test_table_share_settles_without_textual() -> None:
    """The controller alone: nothing to share without a game, the token stays."""
    share = TableShare()
    token = share.token
    assert not share.share()
    assert share.error == "no game is open to share"
    share.settle()  # nothing wanted: nothing done
    assert share.sharing is None and share.token == token


async def test_redo_and_rewind_reach_the_server(saves: Path) -> None:
    demo_save(saves)
    async with running(saves) as (app, pilot):
        url = await share_now(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        main = main_screen(app)
        game = main.session.game
        told: list[int] = []
        source = app.table_share.source
        assert source is not None
        source.add_listener(lambda: told.append(1))
        end = game.state_json()
        main.action_undo()
        await served(pilot, url, game.state_json())
        main.action_redo()
        assert game.state_json() == end
        await served(pilot, url, end)
        count = len(game.journal)
        main.session.rewind(count - 5)
        assert len(game.journal) == count - 5
        await served(pilot, url, game.state_json())
        assert len(told) >= 3  # undo, redo, rewind: each told the server at once
