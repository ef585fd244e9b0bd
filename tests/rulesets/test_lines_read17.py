"""What players read (issue of stop 17): a payment's line names its payer, its payee and
its amount once; what follows the colon says why, never "X pays Y $N: X's ...".  1817's
merger, acquisition and loan lines (facts §5, §6, §9, §10, §12), 1846's independents and
closing corporations (6.1 A, 6.92, 8.1, 9), 1853's credit train returned (4.8.10).  Each
figure is worked out by hand from the rules (the comments) and compared; only the events'
words changed (a save written now opens in the released moderator)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.rulesets.test_lines_read16 import _narrated

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"

PAYMENT = re.compile(r"^(?P<payer>.+?) pays (?P<payee>.+?) [$£¥][\d,]+: (?P<why>.*)$")


def _lines(name: str) -> list[tuple[str, list[str]]]:
    return _narrated((SCRIPTS / f"{name}.script").read_text(encoding="utf-8"))[1]


def _at(lines: list[tuple[str, list[str]]], typed: str, nth: int = 0) -> list[str]:
    """What the ``nth`` typed line starting with ``typed`` said."""
    return [said for line, said in lines if line.startswith(typed)][nth]


def _named_twice(line: str) -> bool:
    """Whether a payment's reason names its payer or its payee again (the rule's
    citation aside: 1817's "R 7.1.2" is no corporation R)."""
    found = PAYMENT.match(line)
    if found is None:
        return False
    why = re.sub(r"\([^()]*\)", "", found["why"])
    names = {found["payer"], found["payee"]} - {"The bank", "the bank"}
    return any(re.search(rf"(?<![\w']){re.escape(n)}(?![\w])", why) for n in names)


def test_1817_facts_6_10_an_acquisition_over_the_limit_says_each_party_once() -> None:
    """1817-acquisition-over-limit (facts §6, §10 Steps 6a-9, R 7.2.2).  OR 1.1: PW, par
    $50 with 2 shares ($100), takes two $100 loans ($300; left 1 twice: $45, $40), buys a
    2 for $100 ($200) and pays 2 x $5 interest: $190.  UR ($200 + a $100 loan - a $100 2 -
    $5) has $195 and 1 loan.  UR wins PW at $280: Step 6a PW's $190 to UR ($385); Step 7
    the $280 to the bank ($105); Step 7a PW's 2 loans bring UR to 3, one over its limit of
    2: $100 repaid ($5); Step 9 $280 / 2 = $140 a share, Amy's 2 = $280.  OR 1.2: UR, $5,
    owes 2 x $5 at its limit: liquidation, its $5 to Cat, its president, toward the $10
    (facts §6, R 6.8).  The lines read "PW's cash to UR", "over UR's limit" and "UR's cash
    to its president"."""
    lines = _lines("1817-acquisition-over-limit")
    assert _at(lines, "loan UR") == [
        "The bank pays UR $100: a loan (facts §6)",
        "UR price down $100 → $90: a loan taken: left 1 (facts §6)",
    ]
    said = _at(lines, "acquire UR PW 280")
    assert "PW pays UR $190: all its cash (facts §10, R 7.2.2, Step 6a)" in said
    assert "UR pays the bank $280: its winning bid for PW (facts §10, R 7.2.2, Step 7)" in said
    assert (
        "UR pays the bank $100: one of PW's loans, over the buyer's limit of 2, repaid at once "
        "without a move (facts §10, R 7.2.2, Step 7a)"
    ) in said
    said = _at(lines, "done UR", 2)
    assert (
        "UR pays Cat $5: all its cash, to its president toward its $10 interest (facts §6, R 6.8)"
    ) in said
    every = [line for _, said in lines for line in said]
    assert not [line for line in every if _named_twice(line)]


def test_1817_facts_9_a_merger_pays_the_target_s_cash_once() -> None:
    """1817-merger-round (facts §9, R 7.1.2, R 7.1.3): GT, par $60 with 2 shares ($120),
    buys a 2 for $100 ($20); merging PW ($0 after its own 2) Bob pays the $100 cell for
    Amy's share ($120); Amy buys a share at $100 ($220) and GT takes a $100 loan ($320);
    OR 1.2: it withholds and pays $5 interest: $315, all of it to UR in merger round 1.2.
    "GT pays UR $315: GT's cash to UR" named both twice."""
    lines = _lines("1817-merger-round")
    said = _at(lines, "merge UR GT")
    assert said[0] == "GT pays UR $315: all its cash (facts §9, R 7.1.2, R 7.1.3)"
    every = [line for _, said in lines for line in said]
    assert not [line for line in every if _named_twice(line)]


def test_1817_facts_5_12_a_covered_short_and_a_bankrupt_s_shares() -> None:
    """Facts §5: Amy covers her UR short with a treasury share at $70: she pays UR, "a UR
    share from the treasury" named UR twice.  Facts §12 (1817-bankrupt-short): Amy's 2 BA
    shares go to the market at $100: $200 to her, "Amy's 2 BA shares" named her twice."""
    said = _at(_lines("1817-shorts"), "cover Amy UR ipo")
    assert said[0] == "Amy pays UR $70: a share from its treasury, to cover a short (facts §5)"
    said = _at(_lines("1817-bankrupt-short"), "bankrupt Amy")
    assert "The bank pays Amy $200: 2 BA shares sold to the market at $100 (facts §12)" in said
    assert not [line for line in said if _named_twice(line)]


def test_1846_6_92_9_an_independent_s_treasury_and_a_private_closing() -> None:
    """1846-independents-privates-phase-iii: Big 4 (3.22) starts with a $40 treasury and
    gets $25 of its first run's $50 (6.72, half to the treasury): $65, which comes with it
    when IC buys it (6.92), its 2-train too.  In phase III MS closes (9): its treasury,
    $160, goes to the bank (8.1).  The lines read "BIG4 pays IC $65: BIG4's treasury" and
    "MS pays the bank $160: MS closes: its treasury goes to the bank"."""
    lines = _lines("1846-independents-privates-phase-iii")
    assert _at(lines, "buyprivate IC BIG4") == [
        "BIG4 pays IC $65: its treasury, with the purchase (6.92)",
        "IC gets a 2-train from BIG4: its train, with the purchase (6.92)",
    ]
    every = [line for _, said in lines for line in said]
    assert (
        "MS pays the bank $160: its treasury, as it closes; private companies close in "
        "phase III (9)"
    ) in every
    # 6.1 A: each private's income to its owner, at the operating round's start (CWI $10)
    assert "The bank pays Amy $10: CWI income (6.1 A)" in every
    assert not [line for line in every if _named_twice(line)]


def test_1853_4_8_10_the_credit_train_s_refund_is_said_once() -> None:
    """1853-credit-train-choice (4.8.10, 3.4.3): NWR paid £160 at the purchase and £60 in
    OR 2.1 toward its £300 credit 2: £220, refunded when its new director Bo returns the
    train (rules silent on the refund: the sale undone).  The note said "NWR's 2 goes
    back ... and NWR gets back the £220": the company twice.  The figure is the log's, said
    once (the typed line names none); the dialog only previews each choice's figure."""
    lines = _lines("1853-credit-train-choice")
    assert _at(lines, "credit NWR return") == [
        "NWR's 2 goes back to the bank pool; the £220 it paid toward it is refunded (4.8.10; "
        "rules silent on the refund: the sale undone)."
    ]


def test_1817_one_station_or_short_says_its_price_once() -> None:
    """1817 facts §3 (RDL 6.1), §9 (R 7.1.4), §5, §12: a station costs $50; one bought reads
    "GT pays the bank $50: a station", not "1 station at $50" (the $50 twice); three read
    "3 stations at $50" ($150).  1817-bankrupt-short: Amy's one UR short passes to the
    market at UR's $150: "Amy pays the bank $150: a UR short passed to the market"."""
    every = [line for _, said in _lines("1817-dividend-zones") for line in said]
    assert "GT pays the bank $50: a station (facts §3, RDL 6.1)" in every
    every = [line for _, said in _lines("1817-late-phases") for line in said]
    assert "GT pays the bank $150: 3 stations at $50 (facts §3, RDL 6.1)" in every
    said = _at(_lines("1817-bankrupt-short"), "bankrupt Amy")
    assert "Amy pays the bank $150: a UR short passed to the market (facts §12)" in said


def test_1817_facts_9_11_a_price_line_names_its_corporation_once() -> None:
    """Facts §9 (1817-merger-prices): AS ($65) merges PW ($50), 2 shares each: the sum,
    $115, the cell at or below it $110.  Facts §11 (1817-acquisition-over-limit, OR 1.2):
    UR owes 2 x $5 with $5 at its loan limit: it liquidates, $70 → the liquidation cell.
    The lines read "AS price up ...: AS merges with PW" and "UR price down ...: UR goes
    into liquidation"."""
    every = [line for _, said in _lines("1817-merger-prices") for line in said]
    assert (
        "AS price up $65 → $110: its merger with PW: the sum of their prices ($115), the cell "
        "at or below it (facts §9, R 7.1.2, R 7.1.3)"
    ) in every
    said = _at(_lines("1817-acquisition-over-limit"), "done UR", 2)
    assert said[0] == (
        "UR price down $70 → $0: it goes into liquidation: it cannot pay $10 interest; the "
        "marker moves to the liquidation cell, the row's leftmost space (facts §11)"
    )
