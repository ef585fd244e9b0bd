"""Issue 28.6: the page says when it is stale, in headless Chromium against ``python -m
moderator.web`` (the same ``serve_main`` as ``moderator serve``).

A frozen server (SIGSTOP) sends no keep-alive: the badge leaves "live" and a line says
since when there is no news, until the server goes on.  A server that stopped leaves the
page "offline", saying a restarted one has a new address.  A ``serve`` restarted on the
same port has a new key: the page learns it (403) and says the game moved to a new
address, to scan the new code.  Every wait is for a condition, never a fixed time.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from moderator.game import Game

from .web_helpers import Browser, new_saved_game, quiet_port, serve_process

BADGE = "document.getElementById('live').textContent"
NOTE = "(p => p.hidden ? '' : p.textContent)(document.getElementById('stale'))"
HEARD = "document.getElementById('live').dataset.heard || ''"
CASH = "document.querySelector('[data-player=\"Amy\"] .cash').textContent"
PATIENCE = 60.0
"""Seconds a page may take to show what it should (only waited for when something is
wrong; a loaded machine is slow, issue 18.3)."""


def test_a_frozen_server_is_not_shown_as_live(browser: Browser, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    new_saved_game(save).close()
    with serve_process(save) as served:
        tab = browser.open(served.url)
        browser.wait_for(tab, BADGE, lambda v: v == "live", timeout=PATIENCE)
        # the keep-alives reach the page while nothing changes in the game
        first, _ = browser.wait_for(tab, HEARD, bool, timeout=PATIENCE)
        browser.wait_for(tab, HEARD, lambda v: v != first, timeout=PATIENCE)
        assert browser.evaluate(tab, NOTE) == ""

        os.kill(served.process.pid, signal.SIGSTOP)
        try:
            badge, _ = browser.wait_for(tab, BADGE, lambda v: v != "live", timeout=PATIENCE)
            note, _ = browser.wait_for(tab, NOTE, bool, timeout=PATIENCE)
            assert badge == "no news", badge
            assert note.startswith("No news from the server for ") and "out of date" in note
        finally:
            os.kill(served.process.pid, signal.SIGCONT)
        browser.wait_for(tab, BADGE, lambda v: v == "live", timeout=PATIENCE)
        assert browser.evaluate(tab, NOTE) == ""

        with Game.load(save) as banker:  # and it follows the game again
            cash = banker.state_json()["players"][0]["cash"]
            assert banker.execute("run PRR 100 full").ok
            browser.wait_for(tab, CASH, lambda v: v == f"${cash + 20}", timeout=PATIENCE)


def test_a_stopped_server_leaves_the_page_offline(browser: Browser, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    new_saved_game(save).close()
    with serve_process(save) as served:
        tab = browser.open(served.url)
        browser.wait_for(tab, BADGE, lambda v: v == "live", timeout=PATIENCE)
    # Ctrl-C: the address no longer answers (a restarted serve has another port)
    browser.wait_for(tab, BADGE, lambda v: v == "offline", timeout=PATIENCE)
    note, _ = browser.wait_for(tab, NOTE, lambda v: "No answer" in v, timeout=PATIENCE)
    assert "new address: scan the new code" in note


def test_a_restarted_server_says_the_game_moved(browser: Browser, tmp_path: Path) -> None:
    """``moderator serve`` run again (here on the same port, ``--port``) has a new key: the
    old page's requests get 403, and it says the game moved and to scan the new code."""
    save = tmp_path / "game.json"
    new_saved_game(save).close()
    port = quiet_port()
    with serve_process(save, port) as first:
        tab = browser.open(first.url)
        browser.wait_for(tab, BADGE, lambda v: v == "live", timeout=PATIENCE)
    browser.wait_for(tab, BADGE, lambda v: v != "live", timeout=PATIENCE)
    with serve_process(save, port) as second:
        assert second.port == port and second.url != first.url  # what a restart changes
        browser.wait_for(tab, BADGE, lambda v: v == "moved", timeout=PATIENCE)
        note = browser.evaluate(tab, NOTE)
        assert note.startswith("The game moved to a new address") and "Scan the new code" in note
        # the new address works: a new page follows the game
        fresh = browser.open(second.url)
        browser.wait_for(fresh, BADGE, lambda v: v == "live", timeout=PATIENCE)
        assert browser.evaluate(tab, BADGE) == "moved"
