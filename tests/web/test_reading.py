"""Issue 38.2 and 38.6, what a player reads on the page: a player's card says what his
value leaves out and why (a bankrupt 1830 player's cash, 25.0; 1853's bonds, 5.2.1);
mid-game the standings come before the log (a phone reads the page top to bottom);
above a market whose markers are all in view no empty band is left for edge markers.
Through Starlette's test client, and in headless Chromium on a phone."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from conftest import SCRIPTS, play
from starlette.testclient import TestClient

from moderator.follow import LiveGame
from moderator.game import Game
from moderator.web import create_app

from .web_helpers import TOKEN, Browser, new_saved_game, serving

Q = f"?token={TOKEN}"


@contextmanager
def page_of(game: Game) -> Iterator[str]:
    with TestClient(create_app(LiveGame(game), TOKEN)) as client:
        yield html.unescape(client.get("/view" + Q).text)


def card(page: str, name: str) -> str:
    found = re.search(rf'<article[^>]*data-player="{name}".*?</article>', page, re.S)
    assert found, name
    return found.group(0)


def test_a_card_says_what_the_value_leaves_out_and_why() -> None:
    """Three, bankrupt in 1830: Cash $544, Value $310, and the card says why they differ;
    1853's bonds likewise (the card lists the bond, and now that it is not counted)."""
    game = play((SCRIPTS / "1830-recorded-26855.script").read_text(encoding="utf-8"))
    with page_of(game) as page:
        three = card(page, "Three")
        assert '<dd class="cash">$544</dd>' in three and '<dd class="value">$310</dd>' in three
        assert (
            "Not in the value: cash $544: a bankrupt player scores only the stock he still "
            "holds (25.0)"
        ) in three
        assert "Not in the value" not in card(page, "Four")
    game = play((SCRIPTS / "1853-short-game.script").read_text(encoding="utf-8"))
    with page_of(game) as page:
        assert "Not in the value: bond £130: bonds do not count (5.2.1)" in card(page, "Eve")


def test_mid_game_the_standings_come_before_the_log() -> None:
    game = play((SCRIPTS / "1846-2e-five-players.script").read_text(encoding="utf-8"))
    assert not game.state.ended
    with page_of(game) as page:
        order = re.findall(r'<section id="(s-[a-z]+)"', page)
        assert order.index("s-score") < order.index("s-log")
        assert order.index("s-score") == order.index("s-players") + 1


BAND = """(() => {
  const bar = document.querySelector('.edges');
  const box = document.querySelector('.market-scroll');
  const marks = [...box.querySelectorAll('.marker')].map(m => m.getBoundingClientRect());
  const outer = box.getBoundingClientRect();
  return {wide: box.scrollWidth > box.clientWidth, shown: bar.offsetParent !== null,
          height: bar.getBoundingClientRect().height, marks: marks.length,
          seen: marks.every(r => r.left >= outer.left - 0.5 && r.right <= outer.right + 0.5)};
})()"""


def test_no_empty_band_above_a_market_whose_markers_are_in_view(
    browser: Browser, tmp_path: Path
) -> None:
    """1846 early on: the market is wider than a phone, every marker is in view: the edge
    markers' bar takes no room (it took 1.8rem, empty)."""
    save = tmp_path / "game.json"
    new_saved_game(save, "1846", upto=30).close()
    with serving(save) as url:
        tab = browser.open(url, phone=True)
        browser.wait_for(tab, "document.getElementById('live').textContent", lambda v: v == "live")
        band, _ = browser.wait_for(tab, BAND, lambda v: bool(v and v["marks"]))
        assert band["wide"] and band["seen"], band
        assert not band["shown"] and band["height"] == 0, band
