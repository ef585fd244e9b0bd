"""What players read, the last slips (issue of stop 16): 1846, 1847 AE and 1817 positions
the earlier audits skipped, each worked out by hand from the rulebook (the comments) before
it was played, figures and lines compared."""

from __future__ import annotations

import json
from pathlib import Path

from moderator.game import Game
from moderator.narrate import narrate
from moderator.script import parse_script

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
DATA = Path(__file__).resolve().parents[1] / "core" / "data"


def _narrated(text: str) -> tuple[Game, list[tuple[str, list[str]]]]:
    """Play a script; the game and each accepted line with the lines it narrates."""
    lines = list(parse_script(text))
    head = lines[0].command
    game = Game.from_command(head)
    out = []
    for line in lines[1:]:
        outcome = game.execute(line.command)
        assert outcome.ok, f"line {line.number} `{line.text}`: {outcome.message}"
        said = narrate(line.command, outcome.events, game.ruleset.currency, game.title)
        out.append((line.text.strip(), said))
    return game, out


def _said(text: str) -> list[str]:
    return [n for _, lines in _narrated(text)[1] for n in lines]


# ------------------------------------------------------------------ the priority deal
def test_the_priority_deal_line_cites_its_rule_in_1846() -> None:
    """1846 5.51 (the rulebook's example of play): Amy bought last in stock round 1, so
    the card goes to Bob, left of her; in stock round 2 Bob bought last (a GT share from
    the Stock Market), Carlos, Amy and Bob pass, and it goes to Carlos."""
    text = (SCRIPTS / "1846-rulebook-example.script").read_text(encoding="utf-8")
    said = _said(text)
    assert "Priority deal goes to Bob: left of Amy, the last to buy or sell (5.51)" in said
    assert "Priority deal goes to Carlos: left of Bob, the last to buy or sell (5.51)" in said


def test_the_priority_deal_line_cites_its_rule_in_1847ae_and_1817() -> None:
    """1847 AE 3.3 (the first stock round) and 8: left of the last player who bought or
    sold; 1817 facts §4: left of the last to act, for himself or a corporation."""
    # seats A B C; the first stock round goes C, B, A, A, B, C (3.3); B buys last before
    # the short operating round, C (on B's left) gets the card; then C buys last, A gets it
    text = (SCRIPTS / "1847ae-starting-package.script").read_text(encoding="utf-8")
    said = _said(text)
    assert "Priority deal goes to C: left of B, the last to buy or sell (3.3, 8)" in said
    assert "Priority deal goes to A: left of C, the last to buy or sell (3.3, 8)" in said
    text = (SCRIPTS / "1817-shorts.script").read_text(encoding="utf-8")
    assert (
        "Priority deal goes to Bob: left of Amy, the last to act, for himself or a "
        "corporation (facts §4, RDL 2.11)"
    ) in _said(text)


def test_a_save_whose_priority_lines_cite_no_rule_opens_with_today_s_words() -> None:
    """A save written before the priority deal's event held a reason opens (the words need
    not be as recorded, docs/saves.md); the game holds today's words, its file its own."""
    path = DATA / "before-wording-1853-managers.json"
    record = json.loads(path.read_text(encoding="utf-8").splitlines()[4])["entry"]
    assert {"kind": "priority", "player": "Ann"} in record["events"]
    game = Game.load(path, read_only=True)
    said = narrate(None, game.journal[3].events, "£", "1853")
    assert (
        "The Elephant (priority deal) goes to Ann: the largest Bond takes the Elephant (2.5.3)"
        in said
    )
