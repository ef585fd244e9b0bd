"""What players read of 1817, its later rounds (mergers, acquisitions, liquidations,
shorts, the cash crisis, bankruptcy) included: every line of every 1817 script, as ``moderator
play`` words it, without a developer's words, a count written ``(s)``, a holder called
``pool``, two parentheses in a row, or words after a line's rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from moderator.game import Game
from moderator.ledger import POOL
from moderator.narrate import describe, narrate
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
    assert "Amy pays the bank $150: a UR short passed to the market (facts §12)" in lines
    assert (
        "PW marker moves to the liquidation cell, the row's leftmost space ($0): it goes into "
        "liquidation: Amy's bankruptcy put its president's certificate in the market "
        "(facts §12; facts §11)"
    ) in lines


def test_a_sale_that_closes_a_market_short_says_so() -> None:
    """Facts §5, §9, §10 Step 9, §11, worked by hand from ``1817-bankrupt-short`` after OR
    2.2: Amy's UR short lies in the market (her bankruptcy).  UR converts 5 -> 10 (every
    certificate keeps its shares: Bob's 20% is one 10% share; five new ones in its
    treasury, the price stays $150); Bob sells his share into the market: $150 (347 ->
    497), and that share and the market's short cancel, both gone (facts §5) -- a move the
    bank makes by itself, so a line to mirror (it was the sale's own, unseen).  UR then
    buys its 2 new stations, $100 (400 -> 300).  In the acquisition round nobody bids for
    BA (liquidation): its $130 goes to the bank for its shareholders, but its 2 shares lie
    in the market, which receives nothing (Step 9): the line says the $130 stays (the round
    ends with stock round 3's first line)."""
    text = (SCRIPTS / "1817-bankrupt-short.script").read_text(encoding="utf-8")
    text = text.split("expect Bob cash 347\n")[0] + "expect Bob cash 347\n"
    text += "convert UR\nsell Bob UR 1\nexpect Bob cash 497\n"
    text += "done UR\nexpect UR cash 300\npass Cat\n"
    lines = list(parse_script(text))
    head = lines[0].command
    game = Game.new(head.title, list(head.players))  # type: ignore[attr-defined]
    said: dict[str, list[str]] = {}
    for line in lines[1:]:
        outcome = game.execute(line.command)
        assert outcome.ok, (line.text, outcome.message)
        said[line.text] = narrate(line.command, outcome.events, "$", "1817")
    assert said["sell Bob UR 1"] == [
        "UR share (10%) leaves the game from the market: a market share closes a market short "
        "(facts §4, §5, §16 O5)"
    ]
    assert (
        "BA's 2 shares in the market get nothing: $130 stays with the bank "
        "(facts §10, §11, R 7.2.1, Step 9)"
    ) in said["pass Cat"]
    assert game.state.company("UR").holder_percent(POOL) == 0


def test_a_run_between_two_0_cells_reads_as_a_move_on_its_receipt() -> None:
    """Facts §7, §8, from ``1817-zone-loans``, OR 4.2: GT ($0, column 2) withholds: left 1,
    to column 1, another $0 space.  The marker moves, so the receipt must not read "price
    stays at $0" (the move's own line said it; the receipt, which is what `play` and the
    run dialog show for a typed run, did not)."""
    text = (SCRIPTS / "1817-zone-loans.script").read_text(encoding="utf-8")
    lines = list(parse_script(text.split("run GT 0\n")[0]))
    head = lines[0].command
    game = Game.new(head.title, list(head.players))  # type: ignore[attr-defined]
    for line in lines[1:]:
        assert game.execute(line.command).ok, line.text
    outcome = game.execute("run GT 0")
    assert outcome.receipt is not None
    assert outcome.receipt.text().splitlines()[-1] == (
        "  marker moves left to another $0 space: nothing paid out: left 1 (facts §8, R 6.6)"
    )
    assert game.state_json()["market"]["by_index"]["1"] == ["GT"]
