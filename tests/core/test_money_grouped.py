"""Money is read one way everywhere: the title's sign, thousands grouped (``$1,100``).

The bank's lines grouped their thousands ($4,940) while a train line, a receipt or the
players' table did not ($1100): every line a player reads now goes through
:func:`moderator.text.money`.  Each kind of line is rendered here with an amount of four
figures or more and checked for the grouping; the state JSON and scripts keep plain
numbers (``1100``), and an amount typed grouped (``1,100``) is refused with the plain
spelling to type.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from moderator import scoring
from moderator.cli import main
from moderator.export import _not_counted_text, _shown
from moderator.game import Game
from moderator.narrate import describe
from moderator.sandbox_table import table_changes
from moderator.script import ParseError, amount, parse_line
from moderator.text import figure, money
from rulesets.base import ScoreItem

DEMO = Path(__file__).resolve().parents[2] / "moderator" / "demo" / "demo-1846.script"

UNGROUPED = re.compile(r"(?:[$£¥]|(?<![\w])M)-?\d{4}")
"""An amount of four figures or more after a currency sign, not grouped."""

BIG = ["adjust Amy 2500 test", "run PRR 12000 full"]
"""After the 1846 demo (OR 3.1, PRR to act): a correction, and a run of $12,000 whose
dividends are $1,200 a share and which breaks the bank."""


def demo_game(extra: list[str]) -> tuple[Game, list[str]]:
    """The 1846 demo played, then ``extra``; the events' lines of ``extra``."""
    lines = [ln for ln in DEMO.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    head = parse_line(lines[0])
    game = Game.new(head.title, list(head.players))  # type: ignore[union-attr]
    said: list[str] = []
    for n, line in enumerate(lines[1:] + extra, start=1):
        outcome = game.execute(line)
        assert outcome.ok, (line, outcome.message)
        if n >= len(lines):
            said += [t for ev in outcome.events if (t := describe(ev, "$", "1846"))]
            if outcome.receipt is not None:
                said += outcome.receipt.text().splitlines()
    return game, said


def grouped(text: str) -> str:
    """``text``, asserted to hold no ungrouped amount."""
    assert not UNGROUPED.search(text), UNGROUPED.search(text)
    return text


@pytest.mark.parametrize(
    ("currency", "value", "shown"),
    [
        ("$", 1100, "$1,100"),
        ("$", -1100, "-$1,100"),
        ("$", 999, "$999"),
        ("$", 0, "$0"),
        ("£", 12810, "£12,810"),
        ("M", 6500, "M6,500"),
        ("¥", 1100, "¥1,100"),
        ("$", "1026.60", "$1,026.60"),
        ("$", "26.60", "$26.60"),
        ("$", "-1026.60", "-$1,026.60"),
    ],
)
def test_one_function_writes_every_amount(currency: str, value: int | str, shown: str) -> None:
    assert money(currency, value) == shown
    assert figure(abs(value) if isinstance(value, int) else value.lstrip("-")) == shown.lstrip(
        "-"
    ).lstrip(currency)


def test_every_titles_ruleset_and_view_say_the_same() -> None:
    from moderator.ui.widgets.panels import _money as panel_money
    from moderator.web.view import money as page_money
    from rulesets import RULESETS

    signs = {title: rs.currency for title, rs in RULESETS.items()}
    assert {signs["1846"], signs["1853"], signs["1847AE"], signs["1889"]} == {"$", "£", "M", "¥"}
    for title, sign in signs.items():
        game = Game.new(title, ["A", "B", "C", "D"][: RULESETS[title].min_players])
        expected = money(sign, 12345)
        assert game.ruleset.money(12345) == expected
        assert panel_money(sign, 12345) == page_money(sign, 12345) == expected
        assert expected == f"{sign}12,345"


def test_narration_lines_and_receipts_group_the_thousands() -> None:
    _, said = demo_game(BIG)
    text = grouped("\n".join(said))
    assert "PRR runs $12,000, full, $1,200 a share" in text  # the run's line
    assert "PRR runs $12,000, full" in text and "  $1,200 a share" in text  # receipt
    assert "Carlos         3 sh $3,600" in text  # a receipt's holder line: the sign attached
    assert "Stock Market   1 sh     $0" in text  # the whole amount aligned on the right (6.73)
    assert "The reserve pays the bank $4,500" in text  # a cash line
    assert "it holds -$3,560; the $4,500 put aside" in text  # the bank's note


def test_refusals_group_the_thousands() -> None:
    game, _ = demo_game(BIG)
    for line, words in [
        ("adjust Amy -90000 x", "Amy has only $5,001; an adjustment cannot take $90,000"),
        ("adjust Amy -1500 x", None),  # accepted: Amy has $5,001
    ]:
        outcome = game.execute(line)
        if words is None:
            assert outcome.ok, outcome.message
        else:
            assert not outcome.ok and words in grouped(outcome.message)
    fresh = Game.new("1846", ["Amy", "Bob", "Carlos"])
    refused = fresh.execute("adjust Amy 9000 x")
    assert not refused.ok
    assert "the bank holds only $5,300; an adjustment of $9,000" in grouped(refused.message)


def test_the_cli_show_and_play_group_the_thousands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "big.script"
    script.write_text(DEMO.read_text() + "\n".join(BIG) + "\n", encoding="utf-8")
    assert main(["play", str(script)]) == 0
    out = grouped(capsys.readouterr().out)
    assert "bank -$3,860" in out  # the header line
    assert "$5,001" in out and "$3,918" in out  # a player's and a company's cash
    assert "PRR runs $12,000, full" in out
    assert main(["play", str(script), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)  # the JSON keeps plain numbers
    assert state["bank"]["cash"] == -3860
    assert next(p for p in state["players"] if p["name"] == "Amy")["cash"] == 5001


def test_score_projection_sandbox_and_export_group_the_thousands() -> None:
    game, _ = demo_game(BIG)
    score = grouped(scoring.score(game).text())
    assert "Amy" in score and "  cash                     $5,001" in score  # one token, right
    assert re.search(r"1\. \w+  \$\d{1,3},\d{3}", score)  # the places
    projection = grouped(scoring.project(game).text())
    assert "Cash on hand" in projection and "5,001" in projection  # the 10.1 table's figure
    assert re.search(r"1\. \w+  \$\d{1,3},\d{3}", projection)
    before, _ = demo_game([])
    rows = "\n".join(change.text() for change in table_changes(before, game))
    assert "Amy: cash $101 → $5,001 (+$4,900)" in grouped(rows)
    assert "the bank: cash $4,940 → -$3,860 (-$8,800)" in rows
    assert _shown(12345, "$") == "$12,345" and _shown(-1100, "£") == "-£1,100"
    item = ScoreItem(kind="cash", what="cash", value=1100, counted=False, note="bankrupt (25.0)")
    player = scoring.PlayerScore("Amy", (item,), 0)
    assert _not_counted_text(player, "$") == "cash $1,100: bankrupt (25.0)"


def test_the_calculator_groups_the_thousands(capsys: pytest.CaptureFixture[str]) -> None:
    from moderator.checker import check_main

    check_main(["1846", "run", "--price", "70", "--revenue", "12000"])
    out = grouped(capsys.readouterr().out)
    assert "$12,000" in out and "$1,200" in out


@pytest.mark.parametrize("word", ["1,100", "$1,100", "-1,100", "1,100,000"])
def test_an_amount_typed_grouped_is_refused_with_the_plain_spelling(word: str) -> None:
    plain = word.replace(",", "").replace("$", "")
    with pytest.raises(ParseError, match=f"without a separator: {plain}, not"):
        amount(word, allow_negative=True)
    with pytest.raises(ParseError, match="without a separator"):
        parse_line(f"adjust Amy {word} x")


def test_scripts_still_take_plain_amounts() -> None:
    assert amount("1100") == 1100 and amount("$1100") == 1100 and amount("£1100") == 1100
    with pytest.raises(ParseError, match="must be a whole number, not '12,3'"):
        amount("12,3")  # not a grouped amount: the usual refusal


def test_the_score_writes_each_amount_as_one_token_right_aligned() -> None:
    """The score's column of figures: the sign against the figure (``$310``, ``-$40``,
    ``$12,345``), never ``$    310`` or ``$    -40``; every figure ends in one column, the
    not-counted dash with them."""
    items = (
        ScoreItem(kind="cash", what="cash", value=-40),
        ScoreItem(kind="shares", what="NYC", value=12345, count=5, price=2469),
        ScoreItem(kind="excluded", what="bond", value=130, counted=False, note="bonds (5.2.1)"),
    )
    player = scoring.PlayerScore("Amy", items, 12305)
    text = scoring.Score("1846", "OR 3.1", True, "the bank broke", (player,), ()).text()
    lines = text.splitlines()[2:6]
    assert lines[0] == "  cash                       -$40"
    assert lines[1] == "  NYC 5 × $2,469          $12,345"
    assert lines[2] == "  bond (excluded)               —  not counted ($130): bonds (5.2.1)"
    assert lines[3] == "  total                   $12,305"
    wide = scoring.Score("1846", "OR 3.1", True, "", (replace(player, total=1234567),), ())
    cash, total = wide.text().splitlines()[2:6:3]  # the column widens to its widest amount
    assert cash.endswith(" -$40") and total.endswith(" $1,234,567")
    assert len(cash) == len(total) == len(lines[0]) + 2
