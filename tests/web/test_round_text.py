"""The phones' page names the setup "Setup", as the TUI's status line does: every title's
setup (removals, an opening sale, 1853's contract bids, 1847 Pfalz's box) said "Stock round
setup" (the state's round is the stock round to come, its label "setup")."""

from __future__ import annotations

import html

from conftest import play
from starlette.testclient import TestClient

from moderator.follow import LiveGame
from moderator.web import create_app

from .web_helpers import TOKEN


def page_of(text: str) -> str:
    with TestClient(create_app(LiveGame(play(text)), TOKEN)) as client:
        return html.unescape(client.get(f"/view?token={TOKEN}").text)


def test_the_setup_is_called_setup() -> None:
    for head in ("game 1817 Amy Bob Cy Dee", "game 1853 Amy Bob Cy", "game 1846 Amy Bob Cy"):
        page = page_of(head + "\n")
        assert "Stock round setup" not in page and "Setup" in page


def test_a_stock_round_keeps_its_number() -> None:
    page = page_of("game 1830 Amy Bob Cy\n")
    assert "Stock round 1" in page
