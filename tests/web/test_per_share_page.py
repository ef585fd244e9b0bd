"""The phones' page says a payout its shares do not divide to the cent (1817 facts §8): GT's
$133 on 5 shares (``1817-dividend-zones.script``, OR 5.2) is $26.60 a share in the last
receipts, never $26."""

from __future__ import annotations

import html

from conftest import SCRIPTS, play
from starlette.testclient import TestClient

from moderator.follow import LiveGame
from moderator.web import create_app

from .web_helpers import TOKEN

ZONES = (SCRIPTS / "1817-dividend-zones.script").read_text(encoding="utf-8")


def test_the_receipt_says_26_60() -> None:
    game = play(ZONES[: ZONES.index("\nrun GT 133\n") + 1] + "run GT 133\n")
    with TestClient(create_app(LiveGame(game), TOKEN)) as client:
        page = html.unescape(client.get(f"/view?token={TOKEN}").text)
    assert "$133 on 5 shares: $26.60 a share, each line as paid" in page
    assert "$26 a share" not in page and "$26/sh" not in page
