"""1817, part 1: the rules audit of the money rules (third audit), beside its hand-worked
scripts (``tests/scripts/1817-*.script``: each header gives the arithmetic).

Every figure is worked out by hand from ``shared/facts/1817.md`` (the section in each
docstring).
"""

from __future__ import annotations

from pathlib import Path

from conftest import play, refuse

from moderator.narrate import describe

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"

PHASE_3 = "game 1817 Amy Bob Cat\n" + "pass Amy\npass Bob\npass Cat\n" * 4
"""No private sold ($420 each); stock rounds 1-3 pass by, their exports bring phase 3:
stock round 4, Amy on turn."""


def _lines(game_text: str, line: str) -> list[str]:
    """The lines ``line`` shows after ``game_text`` was played."""
    g = play(game_text)
    outcome = g.execute(line)
    assert outcome.ok, outcome.message
    return [t for t in (describe(e, "$", "1817") for e in outcome.events) if t]


def test_facts_6_each_loan_of_a_line_says_the_same_payment() -> None:
    """Facts §6: `loan UR 2` is two $100 loans, each moving the price left 1. The second
    payment's line once read "UR takes a loana loan taken: left 1 (facts §6) (facts §6)":
    the first move's words leaked into it."""
    lines = _lines(PHASE_3 + "ipo Amy UR 200 2\npass Bob\npass Cat\n", "loan UR 2")
    assert lines == [
        "The bank pays UR $100: a loan, Amy acting for it (facts §6)",
        "UR price down $100 → $90: a loan taken: left 1 (facts §6)",
        "The bank pays UR $100: a loan, Amy acting for it (facts §6)",
        "UR price down $90 → $80: a loan taken: left 1 (facts §6)",
    ]


def test_facts_9_10_merger_round_lines_refused_in_the_pause_and_nothing_applied() -> None:
    """Facts §9, §10 (R 7.1.1-7.2.2): after OR 4.1's last `done` the game waits in the
    merger and acquisition rounds. The lines of their later steps (acquisitions; a short is
    a stock turn's line; `convert` and `merge` are played since part 2:
    tests/rulesets/test_g1817_merger.py) are
    refused naming the rule and change nothing (state and journal; the pause and the OR's
    rate hold); the next round's first line then plays as ever."""
    text = PHASE_3 + "ipo Amy UR 300 2\nipo Bob PW 300 2\nipo Cat GT 300 5\n"
    text += "pass Amy\npass Bob\npass Cat\n"
    text += "train UR 3\ndone UR\ntrain PW 3\ndone PW\ntrain GT 3\ndone GT\n"
    g = play(text)
    assert g.state_json()["merger_round"]
    refuse(g, "short Amy GT", "a short is made in a stock turn", "facts §5")  # played since part 4
    # played since part 3 (tests/rulesets/test_g1817_acquisition.py): checked, refused
    refuse(g, "acquire GT UR 100", "the lowest bid for UR is $270", "R 7.2.4")
    refuse(g, "liquidate UR", "UR is not in liquidation", "R 7.2.1")
    assert g.state_json()["merger_round"]
    assert g.execute("run UR 0").ok  # OR 4.2 begins
    assert not g.state_json()["merger_round"] and g.state.round_kind == "OR"


def test_facts_10_bid_limit_and_payback_over_the_limit() -> None:
    """Facts §10 (R 7.2.4, Step 7a), the fourth audit: in
    ``1817-acquisition-over-limit.script`` UR ($195, 1 loan of 2) may bid at most $195 +
    $100 (one loan more) + PW's $190 - PW's 2 loans $200 = $285; at $280 it keeps $5 after
    the loan over its limit is repaid, too little to pay back the inherited one it keeps."""
    text = (SCRIPTS / "1817-acquisition-over-limit.script").read_text(encoding="utf-8")
    g = play(text[: text.index("\nacquire UR PW 280\n") + 1])
    refuse(g, "acquire UR PW 290", "UR could pay at most $285 for PW", "R 7.2.4")
    assert g.execute("acquire UR PW 280").ok
    refuse(g, "payback UR", "UR has $5")
