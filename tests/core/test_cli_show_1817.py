"""``play``/``state`` tables of a 1817 game: each corporation's size and loans (the
interest it owes this OR in brackets) and the rate with the loans out, as the engine's
state JSON gives them; other titles' tables are unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.cli import main

DEMOS = Path(__file__).resolve().parents[2] / "moderator" / "demo"


def test_a_1817_table_shows_sizes_loans_and_the_interest(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert main(["play", str(DEMOS / "demo-1817.script")]) == 0
    out = capsys.readouterr().out
    assert "interest 5% this OR, loans 4/70" in out
    header = next(line for line in out.splitlines() if "┃ id" in line)
    assert "size" in header and "loans" in header
    rows = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") > 8}
    assert "2 ($10)" in rows["PW"] and "1 ($5)" in rows["UR"]
    assert rows["GT"].split("│")[-2].strip() == "0"


def test_other_titles_tables_have_no_loan_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert main(["play", str(DEMOS / "demo-1830.script")]) == 0
    out = capsys.readouterr().out
    assert "loans" not in out and "interest " not in out
