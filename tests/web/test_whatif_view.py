"""The table view and what-if sandboxes (issue 32.5): the phones follow the real game while
a sandbox is open; a sandbox the banker shares is marked as a what-if on every page."""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

import httpx

from moderator.follow import LiveGame
from moderator.game import Game
from moderator.sandbox import open_sandbox
from moderator.ui.sharing import TableShare
from moderator.web import start_sharing


def _route(url: str, path: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


def _wait(test: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_sandbox_never_reaches_the_page_of_the_real_game(saved_game: Game) -> None:
    """The server reads the real game: a sandbox's commands are not on the page."""
    source = LiveGame(saved_game)
    sharing = start_sharing(source)
    try:
        real = httpx.get(_route(sharing.url, "/state.json"), timeout=10).json()
        box = open_sandbox(saved_game)
        legal = box.game.legal_commands()
        assert box.game.execute(legal[0]).ok
        source.changed()
        time.sleep(0.2)
        assert httpx.get(_route(sharing.url, "/state.json"), timeout=10).json() == real
        page = httpx.get(sharing.url, timeout=10).text
        assert "WHAT-IF" not in page
        assert box.game.state_json() != real
    finally:
        sharing.stop()


def test_a_shared_sandbox_is_marked_on_the_page_and_follows_its_commands(
    saved_game: Game,
) -> None:
    share = TableShare()
    share.follow(saved_game)
    assert share.share()
    share.settle()
    try:
        url = share.view().url
        assert url is not None
        page = httpx.get(url, timeout=10).text
        assert 'class="whatif"' not in page
        box = open_sandbox(saved_game, len(saved_game.journal) - 3)
        assert share.follow_whatif(box.game, box.label)
        share.settle()
        assert share.view().url == url  # the same address: open pages follow by themselves
        _wait(lambda: "WHAT-IF" in httpx.get(url, timeout=10).text)
        page = httpx.get(url, timeout=10).text
        assert '<p class="whatif" role="alert"><strong>WHAT-IF sandbox from line' in page
        assert "not the real game, nothing of it is saved" in page
        assert "WHAT-IF · 1846" in page  # the page's label, in the bar at the top
        state = httpx.get(_route(url, "/state.json"), timeout=10).json()
        assert state == box.game.state_json()
        # a command in the sandbox reaches the phones while it is shared
        assert box.game.execute(box.game.legal_commands()[0]).ok
        share.changed()
        _wait(
            lambda: (
                httpx.get(_route(url, "/state.json"), timeout=10).json() == box.game.state_json()
            )
        )
        # the real game again: no mark
        assert share.follow(saved_game)
        share.settle()
        _wait(lambda: "WHAT-IF" not in httpx.get(url, timeout=10).text)
        state = httpx.get(_route(url, "/state.json"), timeout=10).json()
        assert state == saved_game.state_json()
    finally:
        share.close()
