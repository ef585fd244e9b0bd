"""The real page in a real headless browser, against a running table-view server.

The server runs as its own process (``python -m moderator.web SAVE``, the same
``serve_main`` as ``moderator serve``), the test plays into the save as the banker
would (taking the save's lock), and the page in chromium follows without a reload.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from moderator.game import Game
from moderator.web.view import log_step

from .web_helpers import REPO, Browser, new_saved_game, serving

CASH = "document.querySelector('[data-player=\"{}\"] .cash').textContent"
PATIENCE = 60.0
"""Seconds a page may take to show what it should: only waited for when something is wrong
(headless Chromium on a loaded machine can take several seconds to draw; issue 18.3)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``python -m moderator.web`` on the 1846 demo's save; (page address, save)."""
    save = tmp_path / "game.json"
    new_saved_game(save).close()
    with serving(save) as url:
        yield url, save


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
    browser.wait_for(
        tab, "document.getElementById('live').textContent", lambda v: v == "live", timeout=PATIENCE
    )
    browser.evaluate(tab, "window.stillTheSamePage = 46")

    # the banker plays PRR's run into the save: Amy holds 20% of PRR
    with Game.load(save) as banker:
        outcome = banker.execute("run PRR 100 full")
        assert outcome.ok, outcome.message
        after = {p["name"]: p["cash"] for p in banker.state_json()["players"]}
        assert after["Amy"] == before["Amy"] + 20
        # the server polls the save every 0.25 s; how soon the page follows is not asserted:
        # a wall-clock bound fails by chance on a loaded machine (issue 18.3)
        browser.wait_for(
            tab, CASH.format("Amy"), lambda v: v == f"${after['Amy']}", timeout=PATIENCE
        )
        for name, cash in after.items():
            assert browser.evaluate(tab, CASH.format(name)) == f"${cash}"
        receipt = "document.querySelector('.receipt figcaption').textContent"
        assert "run PRR 100 full" in browser.evaluate(tab, receipt)

        banker.undo()
        browser.wait_for(
            tab, CASH.format("Amy"), lambda v: v == f"${before['Amy']}", timeout=PATIENCE
        )
    assert browser.evaluate(tab, "window.stillTheSamePage") == 46  # live, not reloaded


def test_a_page_without_the_token_is_refused(browser: Browser, server: tuple[str, Path]) -> None:
    url, _ = server
    tab = browser.open(url.split("?", 1)[0])
    text, _ = browser.wait_for(
        tab, "document.body && document.body.innerText", bool, timeout=PATIENCE
    )
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
        browser.wait_for(
            tab,
            "document.getElementById('live').textContent",
            lambda v: v == "live",
            timeout=PATIENCE,
        )
        browser.evaluate(tab, "window.stillTheSamePage = 1846")
        sharing.stop()
        browser.wait_for(
            tab,
            "document.getElementById('live').textContent",
            lambda v: v != "live",
            timeout=PATIENCE,
        )
        assert game.execute("run PRR 100 full").ok  # Amy gets 20 meanwhile
        sharing = start_sharing(source, port=parts.port or 0, token=token)
        browser.wait_for(tab, CASH.format("Amy"), lambda v: v == f"${start + 20}", timeout=PATIENCE)
        assert browser.evaluate(tab, "window.stillTheSamePage") == 1846
        assert browser.evaluate(tab, "document.getElementById('live').textContent") == "live"
    finally:
        sharing.stop()
        game.close()


MARKET = """(() => {
  const boxes = [...document.querySelectorAll('.market-scroll')];
  return boxes.map(box => {
    const outer = box.getBoundingClientRect();
    const sticky = box.querySelector('.market-tracks th');
    const left = outer.left + box.clientLeft + (sticky ? sticky.getBoundingClientRect().width : 0);
    const right = outer.left + box.clientLeft + box.clientWidth;
    const origin = outer.left + box.clientLeft - box.scrollLeft;
    const marks = [...box.querySelectorAll('.marker, .market-tracks td.held')].map(m => {
      const r = m.getBoundingClientRect();
      const id = m.matches('td') ? m.parentElement.querySelector('th').textContent : m.textContent;
      return {id: id.trim(),
              x0: r.left - origin, x1: r.right - origin,
              seen: r.left >= left - 0.5 && r.right <= right + 0.5};
    });
    return {scroll: box.scrollLeft, width: right - left, wide: box.scrollWidth > box.clientWidth,
            marks: marks};
  });
})()"""
"""Each market box: its scroll, the width left for the market, and every company marker
(1846, 1847 AE) or price cell (1853) with its place and whether it is in view."""


def _best_window(marks: list[dict[str, Any]], width: float) -> int:
    """The most markers one view of ``width`` can hold."""
    return max(
        sum(1 for m in marks if a["x0"] - 0.5 <= m["x0"] <= m["x1"] <= a["x0"] + width + 0.5)
        for a in marks
    )


SCRIPTS = REPO / "tests" / "scripts"


def _saved_script(save: Path, script: str) -> None:
    """A recorded game (``tests/scripts``) played into ``save``."""
    from moderator.script import parse_line

    lines = [
        ln
        for ln in (SCRIPTS / script).read_text().splitlines()
        if ln.strip() and not ln.lstrip().startswith("#")
    ]
    head = parse_line(lines[0])
    with Game.new(head.title, list(head.players), path=save) as game:  # type: ignore[union-attr]
        for line in lines[1:]:
            game.execute(line)


@pytest.mark.parametrize(
    "title, script",
    [
        ("1846", None),
        ("1847ae", None),
        ("1853", None),
        ("1847ae", "1847ae-dividends-market.script"),
        ("1853", "1853-price-400.script"),
        ("1853", "1853-phases.script"),
    ],
)
def test_the_market_opens_on_the_companies(
    browser: Browser, tmp_path: Path, title: str, script: str | None
) -> None:
    """Issue 21.8: on a phone (390 px) every title's market opens showing the companies'
    markers, all of them when they fit, else as many as one screen can hold (1853's
    EIR at £100 used to be off-screen right, 1846's leaders too).  The demos, and games
    whose prices went right."""
    save = tmp_path / "game.json"
    if script is None:
        new_saved_game(save, title).close()
    else:
        _saved_script(save, script)
    with serving(save) as url:
        tab = browser.open(url, phone=True)
        boxes, _ = browser.wait_for(tab, MARKET, lambda v: bool(v) and bool(v[0]["marks"]))
        browser.wait_for(tab, "document.getElementById('live').textContent", lambda v: v == "live")
        boxes = browser.evaluate(tab, MARKET)
        assert browser.evaluate(tab, "document.documentElement.scrollWidth") == 390
    assert len(boxes) == 1
    box = boxes[0]
    assert box["wide"], "the market is wider than a phone: the test needs a scrolled market"
    marks = box["marks"]
    span = max(m["x1"] for m in marks) - min(m["x0"] for m in marks)
    seen = [m["id"] for m in marks if m["seen"]]
    if span <= box["width"]:
        assert len(seen) == len(marks), (title, box)
    else:
        assert len(seen) == _best_window(marks, box["width"]) > 0, (title, box)
    if title == "1853" and script is None:
        assert "EIR" in " ".join(seen)  # at £112, right of the rest


@pytest.mark.parametrize(("upto", "first"), [(141, "Show 101 older commands"), (41, None)])
def test_no_tap_leaves_a_command_or_two_behind(
    browser: Browser, tmp_path: Path, upto: int, first: str | None
) -> None:
    """Issue 38.6: with 141 commands a page of 100 left "1 older command is hidden"; the
    button now takes the rest at once when few are left (the first command alone is
    offered as such), and the note counts what is shown."""
    save = tmp_path / "game.json"
    new_saved_game(save, upto=upto).close()
    items = "document.querySelectorAll('#s-log ol.log > li').length"
    note = "document.getElementById('log-note').textContent"
    button = "document.getElementById('log-older')"
    with serving(save) as url:
        tab = browser.open(url)
        browser.wait_for(
            tab, "document.getElementById('live').textContent", lambda v: v == "live", timeout=20
        )
        assert browser.evaluate(tab, note).startswith(f"Showing the newest 40 of {upto} commands")
        label = browser.evaluate(tab, button + ".textContent")
        assert label == (first or "Show the first command")
        browser.evaluate(tab, button + ".click()")
        browser.wait_for(tab, items, lambda v: v == upto)
        assert browser.evaluate(tab, note) == f"All {upto} commands are shown."
        assert browser.evaluate(tab, button) is None


def test_the_log_offers_the_older_commands(browser: Browser, server: tuple[str, Path]) -> None:
    """Issue 21.8: the log says how many commands it shows; its button shows the older
    ones, a hundred at a time (the rest at once when few are left), and they stay shown
    when the game moves on."""
    url, save = server
    with Game.load(save, read_only=True) as game:
        count = len(game.journal)
    items = "document.querySelectorAll('#s-log ol.log > li').length"
    note = "document.getElementById('log-note').textContent"
    button = "document.getElementById('log-older')"
    tab = browser.open(url)
    browser.wait_for(tab, "document.getElementById('live').textContent", lambda v: v == "live")
    assert browser.evaluate(tab, items) == 40
    shown = 40
    while shown < count:
        assert browser.evaluate(tab, note).startswith(f"Showing the newest {shown} of {count}")
        step = log_step(count - shown)
        assert browser.evaluate(tab, button + ".textContent") == f"Show {step} older commands"
        browser.evaluate(tab, button + ".click()")
        shown += step
        browser.wait_for(tab, items, lambda v, shown=shown: v == shown)
    assert browser.evaluate(tab, note) == f"All {count} commands are shown."
    assert browser.evaluate(tab, button) is None
    numbers = browser.evaluate(
        tab, "[...document.querySelectorAll('#s-log ol.log > li')].map(li => li.value)"
    )
    assert numbers == list(range(count, 0, -1))

    with Game.load(save) as banker:  # the game moves on: the older ones stay open
        assert banker.execute("run PRR 100 full").ok
        browser.wait_for(
            tab,
            "document.getElementById('snapshot').dataset.commands",
            lambda v: v == str(count + 1),
        )
        browser.wait_for(tab, items, lambda v: v == count + 1)
        numbers = browser.evaluate(
            tab, "[...document.querySelectorAll('#s-log ol.log > li')].map(li => li.value)"
        )
        assert numbers == list(range(count + 1, 0, -1))
