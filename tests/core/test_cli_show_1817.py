"""``play``/``state`` tables of a 1817 game: each corporation's size and loans (the
interest it owes this OR in brackets) and the rate with the loans out, as the engine's
state JSON gives them; other titles' tables are unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ENDED_1817_SCORES, ended_1817_with_a_short, play

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


SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def _rows(out: str) -> dict[str, str]:
    """The players table's rows by name (a row of six cells)."""
    return {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") == 7}


def test_a_short_is_shown_among_the_holdings_and_in_the_score(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Facts §5: Amy's UR short reads ``UR -1 short`` in the table and the score, never an
    ``x1`` of the developer's."""
    monkeypatch.setenv("COLUMNS", "120")
    save = tmp_path / "g.json"
    assert main(["play", str(SCRIPTS / "1817-cash-crisis.script"), "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "BA 100% PW 100% UR -1 short" in _rows(out)["Amy"]
    assert " x1" not in out
    assert main(["score", str(save)]) == 0
    score = capsys.readouterr().out
    assert "UR -1 short × $110        -$110  a short scores minus the price" in score


def test_a_bankrupt_player_is_said_bankrupt_not_a_row_of_0(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Facts §12: Amy's row says she is out of the game; a corporation whose president's
    certificate is in the market has none (never ``pool``); the places say bankrupt."""
    monkeypatch.setenv("COLUMNS", "120")
    assert main(["play", str(SCRIPTS / "1817-bankrupt-short.script")]) == 0
    amy = _rows(capsys.readouterr().out)["Amy"]
    assert "bankrupt: out of the game" in amy and "$0" not in amy
    assert main(["play", str(SCRIPTS / "1817-seventy-loans.script")]) == 0
    out = capsys.readouterr().out
    assert "│ pool " not in out and "│ none " in out
    assert "2. Amy, Bob $0 (tie, bankrupt)" in out


def test_the_table_names_the_merger_or_acquisition_round_under_way(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The state JSON's round stays ``OR 1.1`` through the rounds after it (facts §9, §10):
    the table's head says which is under way, as the TUI's header does."""
    monkeypatch.setenv("COLUMNS", "120")
    lines = (SCRIPTS / "1817-acquisition-round.script").read_text().splitlines()
    merger = "\n".join(lines[: lines.index("convert GT")]) + "\n"
    acquisition = "\n".join(lines[: lines.index("acquire UR GT 450") + 1]) + "\n"
    for text, said in (
        (merger, "  merger and conversion round 1.1: UR, GT may convert or merge\n"),
        (acquisition, "  acquisition round 1.1: PW, GT, UR lowest price first, UR next\n"),
    ):
        (tmp_path / "g.script").write_text(text)
        assert main(["play", str(tmp_path / "g.script")]) == 0
        assert said in capsys.readouterr().out


def test_the_real_end_with_a_short_in_score_and_state(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Facts §14: at the real end of a game (a cut of the recorded 15528, Four short one AS
    at $110) ``score`` says the short as a negative line with its price and the places, and
    ``score --json`` and ``state --json`` carry the engine's figures."""
    monkeypatch.setenv("COLUMNS", "120")
    save = tmp_path / "g.json"
    play(ended_1817_with_a_short()).save(save)  # one write (`play --save` writes each line)
    assert main(["score", str(save)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Final score (1817, OR 7.2): the last set after the first 8-train")
    four = out[out.index("\nFour\n") : out.index("Places:")]
    assert "AS -1 short × $110        -$110  a short scores minus the price" in four
    assert "total                   $11,397" in four
    assert "1. Four  $11,397\n  2. Three  $10,072\n  3. Two  $6,736\n  4. One  $6,202" in out
    assert main(["score", str(save), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["final"] and {p["name"]: p["total"] for p in data["players"]} == (ENDED_1817_SCORES)
    items = next(p for p in data["players"] if p["name"] == "Four")["items"]
    short = next(i for i in items if i["kind"] == "short")
    assert (short["what"], short["count"], short["price"], short["value"]) == ("AS", -1, 110, -110)
    assert main(["state", str(save), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["ended"] and state["result"] == ENDED_1817_SCORES
    assert state["ranking"][0] == {
        "place": 1,
        "players": ["Four"],
        "score": 11397,
        "bankrupt": False,
    }
    assert next(p for p in state["players"] if p["name"] == "Four")["shorts"] == {"AS": 1}
