"""The real page in a real headless browser, against a running table-view server.

The server runs as its own process (``python -m moderator.web SAVE``, the same
``serve_main`` as ``moderator serve``), the test plays into the save as the banker
would (taking the save's lock), and the page in chromium follows without a reload.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from moderator.game import Game

from .web_helpers import REPO, Browser, new_saved_game

CASH = "document.querySelector('[data-player=\"{}\"] .cash').textContent"
PATIENCE = 60.0
"""Seconds a page may take to show what it should: only waited for when something is wrong
(headless Chromium on a loaded machine can take several seconds to draw; issue 18.3)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``python -m moderator.web`` on the 1846 demo's save; (page address, save)."""
    save = tmp_path / "game.json"
    new_saved_game(save).close()
    process = subprocess.Popen(
        [sys.executable, "-m", "moderator.web", str(save), "--port", "0"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    lines: queue.Queue[str] = queue.Queue()
    assert process.stdout is not None
    threading.Thread(target=lambda: [lines.put(x) for x in process.stdout], daemon=True).start()
    url = None
    seen = []
    try:
        while url is None:
            line = lines.get(timeout=30)
            seen.append(line)
            if line.startswith("Players open: "):
                url = line.split(": ", 1)[1].strip()
        yield url, save
    except queue.Empty:
        pytest.fail("the server printed no address: " + "".join(seen))
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    assert process.returncode == 0, "".join(seen)


def test_the_page_follows_a_command_and_an_undo_without_reloading(
    browser: Browser, server: tuple[str, Path]
) -> None:
    url, save = server
    with Game.load(save, read_only=True) as game:
        before = {p["name"]: p["cash"] for p in game.state_json()["players"]}
    tab = browser.open(url)
    browser.wait_for(tab, CASH.format("Amy"), lambda v: v == f"${before['Amy']}", timeout=PATIENCE)
    for name, cash in before.items():
        assert browser.evaluate(tab, CASH.format(name)) == f"${cash}"
    browser.wait_for(tab, "document.getElementById('live').textContent", lambda v: v == "live",
                     timeout=PATIENCE)
    browser.evaluate(tab, "window.stillTheSamePage = 46")

    # the banker plays PRR's run into the save: Amy holds 20% of PRR
    with Game.load(save) as banker:
        outcome = banker.execute("run PRR 100 full")
        assert outcome.ok, outcome.message
        after = {p["name"]: p["cash"] for p in banker.state_json()["players"]}
        assert after["Amy"] == before["Amy"] + 20
        # the server polls the save every 0.25 s; how soon the page follows is not asserted:
        # a wall-clock bound fails by chance on a loaded machine (issue 18.3)
        browser.wait_for(tab, CASH.format("Amy"), lambda v: v == f"${after['Amy']}",
                         timeout=PATIENCE)
        for name, cash in after.items():
            assert browser.evaluate(tab, CASH.format(name)) == f"${cash}"
        receipt = "document.querySelector('.receipt figcaption').textContent"
        assert "run PRR 100 full" in browser.evaluate(tab, receipt)

        banker.undo()
        browser.wait_for(tab, CASH.format("Amy"), lambda v: v == f"${before['Amy']}",
                         timeout=PATIENCE)
    assert browser.evaluate(tab, "window.stillTheSamePage") == 46  # live, not reloaded


def test_a_page_without_the_token_is_refused(browser: Browser, server: tuple[str, Path]) -> None:
    url, _ = server
    tab = browser.open(url.split("?", 1)[0])
    text, _ = browser.wait_for(tab, "document.body && document.body.innerText", bool,
                               timeout=PATIENCE)
    assert text.startswith("403")


def test_the_page_comes_back_by_itself_after_the_server_was_away(
    browser: Browser, tmp_path: Path
) -> None:
    """As after the laptop slept: the stream drops, the banker plays on, the server is
    back on the same address; the page reconnects and catches up without a reload."""
    from urllib.parse import parse_qs, urlsplit

    from moderator.follow import LiveGame
    from moderator.web import start_sharing

    game = new_saved_game(tmp_path / "game.json")
    source = LiveGame(game)
    sharing = start_sharing(source)
    parts = urlsplit(sharing.url)
    token = parse_qs(parts.query)["token"][0]
    try:
        tab = browser.open(sharing.url)
        start = game.state_json()["players"][0]["cash"]
        browser.wait_for(tab, "document.getElementById('live').textContent", lambda v: v == "live",
                         timeout=PATIENCE)
        browser.evaluate(tab, "window.stillTheSamePage = 1846")
        sharing.stop()
        browser.wait_for(tab, "document.getElementById('live').textContent", lambda v: v != "live",
                         timeout=PATIENCE)
        assert game.execute("run PRR 100 full").ok  # Amy gets 20 meanwhile
        sharing = start_sharing(source, port=parts.port or 0, token=token)
        browser.wait_for(tab, CASH.format("Amy"), lambda v: v == f"${start + 20}", timeout=PATIENCE)
        assert browser.evaluate(tab, "window.stillTheSamePage") == 1846
        assert browser.evaluate(tab, "document.getElementById('live').textContent") == "live"
    finally:
        sharing.stop()
        game.close()
