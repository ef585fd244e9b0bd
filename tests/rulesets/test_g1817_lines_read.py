"""What players read of 1817, its later rounds (mergers, acquisitions, liquidations,
shorts, the cash crisis, bankruptcy) included: every line of every 1817 script, as ``moderator
play`` words it, without a developer's words, a count written ``(s)``, a holder called
``pool``, two parentheses in a row, or words after a line's rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from moderator.game import Game
from moderator.narrate import describe
from moderator.script import parse_script

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
NAMES = sorted(p.stem for p in SCRIPTS.glob("1817-*.script"))
SLIPS = re.compile(r"\(s\)|later step|moderator's|issue #|(?<!bank )\bpool\b|Later\(|\) \(|\bx\d")
"""Words no player should read: a developer's, a count's ``(s)``, the market's internal
id (the trains' bank pool is the rules' own, RDL 9.1), two parentheses in a row (the
rule belongs in the first, after a comma)."""


def _lines(name: str) -> list[str]:
    lines = list(parse_script((SCRIPTS / f"{name}.script").read_text(encoding="utf-8")))
    head = lines[0].command
    game = Game.new(head.title, list(head.players))  # type: ignore[attr-defined]
    for line in lines[1:]:
        assert game.execute(line.command).ok, line.text
    said = [describe(ev, "$", "1817") for entry in game.journal for ev in entry.events]
    return [text for text in said if text]


@pytest.mark.parametrize("name", NAMES)
def test_the_lines_read_as_said_at_the_table(name: str) -> None:
    for text in _lines(name):
        assert not SLIPS.search(text), text
        if "(facts" in text:  # the rule last (a payment's payee may follow it)
            assert re.search(r"\)\.?( — to .+)?$", text), text


def test_an_acquisition_says_who_pays_whom_what_for() -> None:
    lines = _lines("1817-acquisition-round")
    assert "UR pays the bank $450: its winning bid for GT (facts §10, R 7.2.3, Step 7)" in lines
    assert (
        "The bank pays Bob $180: 2 GT shares at $90: GT's $450 shared over its 5 shares, "
        "rounded down (facts §10, R 7.2.3, Step 9)"
    ) in lines
    assert (
        "UR acquires PW for $10 with no private, 2 loans, a 2-train; 2 stations in all "
        "(facts §10, R 7.2.2, Step 6a)"
    ) in lines
    assert "Cat is president of UR: winner of its IPO (facts §3)" in lines


def test_a_bankruptcy_says_what_goes_where() -> None:
    lines = _lines("1817-bankrupt-short")
    assert (
        "Amy pays the bank $150: 1 UR short passed to the market at $150 a short (facts §12)"
        in lines
    )
    assert (
        "PW marker moves to the liquidation cell, the row's leftmost space ($0): PW goes into "
        "liquidation: Amy's bankruptcy put its president's certificate in the market "
        "(facts §12; facts §11)"
    ) in lines
