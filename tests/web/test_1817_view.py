"""The phones' page of a 1817 game: a player's shorts among his holdings (facts §5), a
bankrupt player's card tagged so (facts §12), no president called ``pool``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ended_1817_with_a_short, play

from moderator.cli import main
from moderator.follow import SaveFollower

from .test_server import Q, client_for

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def _page(tmp_path: Path, script: str, capsys: pytest.CaptureFixture[str]) -> str:
    save = tmp_path / "g.json"
    assert main(["play", str(SCRIPTS / script), "--save", str(save), "--quiet"]) == 0
    capsys.readouterr()
    with client_for(SaveFollower(save)) as client:
        page = client.get("/" + Q)
        assert page.status_code == 200
        return page.text


def _card(page: str, player: str) -> str:
    found = re.search(
        rf'<article class="card player[^"]*" data-player="{player}".*?</article>', page, re.S
    )
    assert found, player
    return found.group(0)


def test_a_short_shows_among_the_holdings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    amy = _card(_page(tmp_path, "1817-cash-crisis.script", capsys), "Amy")
    assert '<span class="hold short">UR -1 short</span>' in amy


def test_a_bankrupt_card_and_no_pool_president(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = _page(tmp_path, "1817-seventy-loans.script", capsys)
    assert 'class="tag warn">bankrupt<' in _card(page, "Amy")
    assert ">pool<" not in page and 'class="president">none<' in page


@pytest.mark.parametrize(
    ("upto", "said"),
    [
        ("convert GT", "Merger and conversion round 1.1"),
        ("acquire UR GT 450", "Acquisition round 1.1"),
    ],
)
def test_the_round_under_way_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], upto: str, said: str
) -> None:
    """The state's round stays the OR before them (facts §9, §10): the page names them."""
    lines = (SCRIPTS / "1817-acquisition-round.script").read_text().splitlines()
    (tmp_path / "g.script").write_text("\n".join(lines[: lines.index(upto)]) + "\n")
    save = tmp_path / "g.json"
    assert main(["play", str(tmp_path / "g.script"), "--save", str(save), "--quiet"]) == 0
    with client_for(SaveFollower(save)) as client:
        assert f'<span class="round" id="round">{said}</span>' in client.get("/" + Q).text


def test_the_real_end_shows_the_short_at_its_price_and_the_result(tmp_path: Path) -> None:
    """Facts §14: at the real end (a cut of the recorded game 15528, Four short one AS at
    $110) the result is the engine's places and scores, Four's card says the short among
    his holdings and, at its price, what it takes off his value."""
    save = tmp_path / "g.json"
    play(ended_1817_with_a_short()).save(save)
    with client_for(SaveFollower(save)) as client:
        page = client.get("/" + Q).text
    result = re.search(r'<section id="s-result".*?</section>', page, re.S)
    assert result
    rows = re.findall(r"<tr[^>]*><td>(\d+)</td><td>([^<]*)</td><td[^>]*>([^<]*)</td>", result[0])
    assert rows == [
        ("1", "Four", "$11,397"),
        ("2", "Three", "$10,072"),
        ("3", "Two", "$6,736"),
        ("4", "One", "$6,202"),
    ]
    assert "the last set after the first 8-train is played" in result[0]
    four = _card(page, "Four")
    assert '<dd class="value">$11,397</dd>' in four
    assert '<span class="hold short">AS -1 short</span>' in four
    assert (
        '<p class="small short-value">In the value: AS -1 short × $110 = -$110, a short '
        "scores minus the price (facts §5, §14)</p>"
    ) in four
    assert "short-value" not in _card(page, "Three")
