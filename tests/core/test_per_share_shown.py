"""Every view of a run says its amount a share as the receipt does (1817 facts §8, 1853 4.6.5).

1817 divides a payout by the corporation's 2, 5 or 10 shares and pays each holder his
amount rounded up (facts §8 step 4): GT (5 shares: Amy 2, its treasury 3) running $133
in OR 5.2 of ``1817-dividend-zones.script`` is $133 / 5 = $26.60 a share; Amy's 2 shares
are $53.20, paid $54; the treasury's 3 are $79.80, paid $80.  The whole $26 is no share's
rate, so the charts' run column, the workbook's runs sheet, the projection's dividend and
Sum columns, the checker's working and the history's line all say $26.60, as the receipt
and the payment lines do.  1853 pays whole pounds a share rounded down, the rest staying
in the bank (4.6.5): GIP's £45 in ``1853-operating.script`` is £4 a share, never £4.50.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from pathlib import Path

import openpyxl
from conftest import SCRIPTS, play

from moderator import commands as c
from moderator import export, scoring
from moderator.advisor import advise
from moderator.checker import check
from moderator.events import DividendPaid
from moderator.narrate import describe
from moderator.text import cents_sum, to_cents

ZONES = (SCRIPTS / "1817-dividend-zones.script").read_text(encoding="utf-8")
BEFORE_133 = ZONES[: ZONES.index("\nrun GT 133\n") + 1]
AFTER_133 = BEFORE_133 + "run GT 133\n"


def test_the_one_figure_to_the_cent() -> None:
    assert to_cents(133, 5) == "26.60" and to_cents(130, 5) == "26.00"
    assert cents_sum(["26.60", 55]) == "81.60"
    assert cents_sum([26, "26.60", None, 100]) == "152.60"


def test_the_history_the_charts_and_the_workbook_say_26_60() -> None:
    game = play(AFTER_133)
    record = scoring.history(game)[-1]
    assert record.label == "OR 5.2"
    assert record.runs["GT"] == (133, "full", 26)  # the event's whole figure, kept
    assert record.per_share_exact == {"GT": "26.60"}
    assert record.per_share_figure("GT") == "26.60"
    before = scoring.history(game)[-2]  # OR 5.1: UR $1,200 on 2 shares, GT $80 on 5: whole
    assert before.per_share_exact == {}
    assert (before.per_share_figure("UR"), before.per_share_figure("GT")) == (600, 16)
    rows = export._companies_rows(scoring.history(game), export._share_counts(game))
    assert rows[-1] == ["OR 5.2", "GT", 133, "full", 5, Decimal("26.60"), 55]
    assert rows[-2] == ["OR 5.1", "GT", 80, "full", 5, 16, 45]
    # UR, a 2-share corporation: $1,200 paid on 2 shares is $600 a share (facts §8)
    assert ["OR 5.1", "UR", 1200, "full", 2, 600] == rows[-3][:6]
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    assert "OR 5.2,GT,133,full,5,26.60,55" in out.getvalue()


def test_the_projection_says_26_60_and_sums_to_the_cent() -> None:
    game = play(BEFORE_133)
    result = scoring.project(game, {"GT": [(133, "full")]})
    assert result.rounds == ("OR 5.2",)
    gt = result.company("GT")
    assert (gt.per_share, gt.per_share_exact) == ((26,), ("26.60",))
    assert gt.div_cells() == ["26.60"]
    # the Sum (1846 10.1's tip): $26.60 a share + the final price $55 (45 -> 55, two right
    # for $133 at least twice $45, facts §8)
    assert gt.final_price == 55
    assert gt.sum_cell() == "81.60" and gt.sum_exact == "81.60"
    data = result.to_json()["companies"]
    gt_json = next(co for co in data if co["company"] == "GT")
    assert gt_json["per_share_exact"] == ["26.60"] and gt_json["sum_exact"] == "81.60"
    # Amy's amount: her $54 (2 x $26.60 = $53.20, rounded up) and 2 shares at $55
    assert result.player("Amy").amounts["GT"] == 54 + 2 * 55
    assert "26.60" in result.text(120)


def test_the_checker_works_a_holders_amount_with_the_exact_figure() -> None:
    game = play(BEFORE_133)
    answer = check(game, "check run GT 133 Amy 53")
    assert answer.wrong == ("Amy gets $53 (it is $54)",)
    assert any("2 shares × $26.60 = $53.20, rounded up" in line for line in answer.lines)
    assert not any("x $26)" in line or "x $26 " in line for line in answer.lines)


def test_the_history_line_says_26_60() -> None:
    game = play(AFTER_133)
    (run,) = [e for e in game.journal[-1].events if isinstance(e, DividendPaid)]
    line = describe(run, "$", "1817")
    assert line == "GT runs $133, full, $133 on 5 shares: $26.60 a share, each payment as paid"


def test_1853_advisor_says_whole_pounds_a_share() -> None:
    text = (SCRIPTS / "1853-operating.script").read_text(encoding="utf-8")
    game = play(text[: text.index("\nrun GIP 45 full mail 10\n") + 1])
    (full,) = advise(game, c.Run(company="GIP", revenue=45, mail=10), ["full"])
    assert full.refused is None
    # 4.6.5: 10% of £45 a share, rounded down: £4 (the £5 left over stays in the bank)
    assert (full.per_share, full.per_share_exact) == (4, None)
    receipt = game.ruleset.receipt(game.state, "GIP", 45, "full", 10)
    assert receipt.per_share_exact is None and receipt.per_share_figure() == "4"
    assert "£4 a share" in receipt.text()


def test_the_checker_answers_a_claim_a_share_with_the_exact_figure() -> None:
    game = play(BEFORE_133)
    answer = check(game, "check run GT 133 paid 26")
    assert answer.wrong == ("paid $26 a share (it is $26.60)",)
    assert any(
        line.startswith("✗ paid $26 a share: it is $26.60 (full: $133 on 5 shares: $26.60")
        for line in answer.lines
    )


def test_the_workbook_cell_is_26_60_to_the_cent(tmp_path: Path) -> None:
    game = play(AFTER_133)
    path = tmp_path / "g.xlsx"
    export.export_xlsx(game, path)
    book = openpyxl.load_workbook(path)
    found = [
        row
        for sheet in book.worksheets
        for row in sheet.iter_rows()
        if len(row) > 4 and row[0].value == "OR 5.2" and row[1].value == "GT"
    ]
    (row,) = found
    assert row[4].value == 5  # GT's five shares
    assert row[5].value == 26.6 and row[5].number_format == '"$"#,##0.00;-"$"#,##0.00'
    assert row[2].value == 133 and row[2].number_format == '"$"#,##0;-"$"#,##0'
