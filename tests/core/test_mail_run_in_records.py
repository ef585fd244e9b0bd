"""1853's mail run (4.6.6) in the rounds' records (:func:`moderator.scoring.history`), the
workbook's Companies sheet and its CSV (:mod:`moderator.export`): paid to the company
beside the revenue, never in it, read from the run's event (``run_mail``), so an old save
replays to the same figures and nothing of a result changes."""

from __future__ import annotations

import csv
from pathlib import Path

from conftest import SCRIPTS, play

from moderator import export, scoring
from moderator.game import Game

OPERATING = (SCRIPTS / "1853-operating.script").read_text(encoding="utf-8")


def runs_with_mail(game: Game) -> list[tuple[str, str, int, str, int]]:
    return [
        (rec.label, cid, revenue, kind, rec.mail.get(cid, 0))
        for rec in scoring.history(game)
        for cid, (revenue, kind, _) in rec.runs.items()
    ]


def test_the_records_hold_each_runs_mail_beside_its_revenue() -> None:
    runs = runs_with_mail(play(OPERATING))
    mailed = [run for run in runs if run[4]]
    assert [run[1:] for run in mailed] == [
        ("EIR", 280, "full", 40),  # the revenue as run, the mail beside it
        ("GIP", 45, "full", 10),
        ("EIR", 200, "withhold", 20),
        ("GIP", 40, "withhold", 10),
    ]
    assert all(run[4] == 0 for run in runs if run not in mailed)


def test_the_workbooks_runs_say_the_mail_in_a_column_of_its_own(tmp_path: Path) -> None:
    game = play(OPERATING)
    export.export_csv(game, tmp_path / "out")
    with (tmp_path / "out" / "companies.csv").open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == [*export.COMPANIES_HEADER, "Mail run"]
    shown = [(r[1], r[2], r[3], r[-1]) for r in rows[1:] if r[-1] != "0"]
    assert shown == [
        ("EIR", "280", "full", "40"),
        ("GIP", "45", "full", "10"),
        ("EIR", "200", "withhold", "20"),
        ("GIP", "40", "withhold", "10"),
    ]


def test_a_title_without_a_mail_run_has_no_such_column() -> None:
    game = play((SCRIPTS / "1846-rulebook-example.script").read_text(encoding="utf-8"))
    assert export._companies_header(game) == export.COMPANIES_HEADER
    assert all(not rec.mail for rec in scoring.history(game))
