"""The end-of-game commands: `moderator score`, `project`, `export` and `check`.

Each reads a save without writing it; a refused input exits non-zero with the reason.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import SCRIPTS

from moderator import scoring
from moderator.cli import main
from moderator.game import Game


def save_of(tmp_path: Path, script: str) -> Path:
    save = tmp_path / "game.json"
    assert main(["play", str(SCRIPTS / script), "--save", str(save), "--quiet"]) == 0
    return save


def test_score_prints_the_breakdown_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = save_of(tmp_path, "1853-short-game.script")
    capsys.readouterr()
    before = save.read_bytes()
    assert main(["score", str(save)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Final score (1853, OR 2.1): the bank ran out of money")
    assert "bond (excluded)" in out and "1. Fay  £798" in out
    assert main(["score", str(save), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    game = Game.load(save, read_only=True)
    assert data == scoring.score(game).to_json()
    assert {p["name"]: p["total"] for p in data["players"]} == game.state.result
    game.close()
    assert save.read_bytes() == before


def test_project_with_runs_a_file_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = save_of(tmp_path, "1846-rulebook-example.script")
    capsys.readouterr()
    before = save.read_bytes()
    assert main(["project", str(save), "--runs", "NYC=200:half", "--ors", "2"]) == 0
    out = capsys.readouterr().out
    nyc = next(line for line in out.splitlines() if line.strip().startswith("NYC"))
    # $200 half: $100 paid, $10 a share; at $100 one right to $112, then $112 stays put
    # ($100 paid is at least half of $112 and under it): 6.71, 6.75.
    assert nyc.split()[:5] == ["NYC", "10", "10", "112", "132"]
    runs = tmp_path / "runs.txt"
    runs.write_text("# the last two rounds\nNYC=200:half  # as above\nGT=0:withhold\n")
    assert main(["project", str(save), "--file", str(runs), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    nyc_data = next(c for c in data["companies"] if c["company"] == "NYC")
    assert nyc_data["per_share"] == [10, 10] and nyc_data["final_price"] == 112
    gt = next(c for c in data["companies"] if c["company"] == "GT")
    assert gt["per_share"] == [0, 0]
    assert save.read_bytes() == before


def test_project_refuses_bad_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = save_of(tmp_path, "1846-rulebook-example.script")
    capsys.readouterr()
    assert main(["project", str(save), "--runs", "NYC=lots"]) == 1
    assert "whole number" in capsys.readouterr().err
    assert main(["project", str(save), "--file", str(tmp_path / "missing.txt")]) == 1
    assert "no such runs file" in capsys.readouterr().err
    ended = tmp_path / "ended"
    ended.mkdir()
    assert main(["project", str(save_of(ended, "1853-short-game.script"))]) == 1
    assert "score is final" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["device", "fifo", "folder", "large", "binary"])
def test_project_reads_a_runs_file_as_carefully_as_a_save(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--file /dev/zero`` ended in a MemoryError and a FIFO blocked: a runs file is read
    with the limits and checks of a save (issue 20.6); nothing is projected."""
    import os

    save = save_of(tmp_path, "1846-rulebook-example.script")
    capsys.readouterr()
    runs = {
        "device": Path("/dev/zero"),
        "fifo": tmp_path / "fifo",
        "folder": tmp_path,
        "large": tmp_path / "large.txt",
        "binary": tmp_path / "bin.txt",
    }[kind]
    if kind == "fifo":
        os.mkfifo(runs)
    if kind == "large":
        runs.write_text("NYC=200:half\n" * 200_000)
    if kind == "binary":
        runs.write_bytes(b"NYC=\xff\xfe")
    assert main(["project", str(save), "--file", str(runs)]) == 1
    err = capsys.readouterr().err
    expected = {
        "device": "is a device",
        "fifo": "is a pipe (FIFO)",
        "folder": "is a folder",
        "large": "is too large (at most 1024 KiB)",
        "binary": "not UTF-8",
    }[kind]
    assert expected in err and "not a runs file" in err


def test_check_against_a_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = save_of(tmp_path, "1846-rulebook-example.script")
    capsys.readouterr()
    before = save.read_bytes()
    assert main(["check", str(save), "run", "NYC", "200", "half", "paid", "10"]) == 0
    assert "✓ paid $10 a share" in capsys.readouterr().out
    assert main(["check", str(save), "run", "NYC", "200", "half", "price", "90"]) == 1
    assert "it is $112" in capsys.readouterr().out
    assert main(["check", str(save), "run", "XYZ", "200"]) == 2
    assert "XYZ" in capsys.readouterr().err
    assert save.read_bytes() == before


def test_check_lines_in_a_script_are_answered_not_journaled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (SCRIPTS / "1846-rulebook-example.script").read_text(encoding="utf-8")
    script = tmp_path / "checked.script"
    script.write_text(text + "check run NYC 200 half paid 10\n", encoding="utf-8")
    save = tmp_path / "checked.json"
    assert main(["play", str(script), "--save", str(save)]) == 0
    assert "✓ paid $10 a share" in capsys.readouterr().out
    plain = save_of(tmp_path, "1846-rulebook-example.script")
    assert len(Game.load(save, read_only=True).journal) == len(
        Game.load(plain, read_only=True).journal
    )


def test_export_writes_the_workbook_and_the_csv_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from python_calamine import CalamineWorkbook

    save = save_of(tmp_path, "1846-rulebook-example.script")
    capsys.readouterr()
    before = save.read_bytes()
    xlsx, folder = tmp_path / "game.xlsx", tmp_path / "csv"
    assert main(["export", str(save), "--xlsx", str(xlsx), "--csv", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"wrote {xlsx}" in out and f"wrote {folder / 'final.csv'}" in out
    sheets = CalamineWorkbook.from_path(str(xlsx)).sheet_names
    assert sheets == [
        "Final",
        "Rounds",
        "Value chart",
        "Price chart",
        "Companies",
        "Market",
        "Journal",
    ]
    assert sorted(p.name for p in folder.iterdir()) == [
        "companies.csv",
        "final.csv",
        "journal.csv",
        "market.csv",
        "rounds.csv",
    ]
    assert save.read_bytes() == before
    assert main(["export", str(save)]) == 1
    assert "--xlsx FILE" in capsys.readouterr().err
    assert main(["export", str(save), "--xlsx", str(tmp_path)]) == 2
    assert "refused" in capsys.readouterr().err


def test_serve_refuses_a_missing_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--saves", str(tmp_path), "serve"]) == 2
    assert capsys.readouterr().err
    assert main(["serve", str(tmp_path / "nothing.json")]) == 2
