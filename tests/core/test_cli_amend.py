"""``moderator amend SAVE N 'LINE'`` (``--insert``, ``--delete``, ``--dry-run``; issue 39):
the changed lines' receipts and the comparison, the keep with its backup and record, and
the exit codes: 0 amended, 1 a line no longer applies (the save byte for byte as it was),
2 no line N or a save that cannot be read or is locked."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from conftest import SCRIPTS

from moderator.cli import main
from moderator.game import Game

EXAMPLE = SCRIPTS / "1846-rulebook-example.script"
RUN_NYC = 49
"""The rulebook's ``run NYC 370 half`` (OR 2.1), then NYC buys MAIL at $80 and CWI at $60."""


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """The rulebook's example played into a save (70 lines, OR 2.1)."""
    path = tmp_path / "game.json"
    assert main(["play", str(EXAMPLE), "--save", str(path), "--quiet"]) == 0
    return path


def files(folder: Path) -> dict[str, str]:
    """Every file of the folder and its bytes' hash."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def lines(path: Path) -> list[str]:
    game = Game.load(path, read_only=True)
    return [e.line for e in game.journal]


def test_amend_prints_receipts_and_the_comparison_then_keeps_with_a_backup(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = lines(save)
    assert old[RUN_NYC - 1] == "run NYC 370 half"
    assert main(["amend", str(save), str(RUN_NYC), "run NYC 360 half"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith(f"amended line {RUN_NYC}: run NYC 370 half -> run NYC 360 half")
    assert f"✓ {RUN_NYC} run NYC 360 half" in out and "NYC runs $360, half" in out
    assert "cash real    cash what-if" in out and "* $34 (-$3)" in out
    assert f"kept in game.before-amend-{RUN_NYC}.json" in out
    new = lines(save)
    assert new == [*old[: RUN_NYC - 1], "run NYC 360 half", *old[RUN_NYC:]]
    assert lines(save.with_name(f"game.before-amend-{RUN_NYC}.json")) == old
    # `moderator script` prints the record as a comment, and the script still replays
    assert main(["script", str(save)]) == 0
    script = capsys.readouterr().out
    assert f"# amended line {RUN_NYC}: run NYC 370 half -> run NYC 360 half" in script
    replayed = save.with_name("replayed.json")
    text = save.with_name("printed.script")
    text.write_text(script, encoding="utf-8")
    assert main(["play", str(text), "--save", str(replayed), "--quiet"]) == 0
    assert Game.load(replayed).state_json() == Game.load(save, read_only=True).state_json()


def test_a_later_line_that_no_longer_applies_exits_1_and_writes_nothing(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = files(save.parent)
    assert main(["amend", str(save), str(RUN_NYC), "run NYC 10 half"]) == 1
    out, err = capsys.readouterr()
    assert "line 50 (`buyprivate NYC MAIL 80`) no longer applies: NYC has $1" in err
    assert "(6.91)" in err and "the save was left as it was" in err
    assert out == ""
    assert files(save.parent) == before
    # the amended line itself refused: 1 as well
    assert main(["amend", str(save), str(RUN_NYC), "run NYC 10 full x"]) == 1
    assert "refused" in capsys.readouterr().err
    assert files(save.parent) == before


def test_dry_run_insert_and_delete(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = files(save.parent)
    old = lines(save)
    assert main(["amend", str(save), "56", "--insert", "note hello", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("amended before line 56: inserted note hello (dry run")
    assert "no figure differs" in out
    assert files(save.parent) == before
    assert main(["amend", str(save), "56", "--insert", "note hello"]) == 0
    capsys.readouterr()
    assert lines(save) == [*old[:55], "note hello", *old[55:]]
    assert main(["amend", str(save), "56", "--delete"]) == 0
    assert "amended line 56 deleted: note hello" in capsys.readouterr().out
    assert lines(save) == old
    assert main(["script", str(save)]) == 0
    script = capsys.readouterr().out
    assert "# amended line 56: (inserted) -> note hello" in script
    assert "# amended line 56: note hello -> (deleted)" in script


def test_no_line_n_an_unreadable_or_locked_save_exit_2(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = files(save.parent)
    for bad in ("0", "71", "-3"):
        assert main(["amend", str(save), bad, "pass Amy"]) == 2
        assert f"no line {bad} to amend" in capsys.readouterr().err
    assert main(["amend", str(tmp_path / "none.json"), "3", "pass Amy"]) == 2
    assert capsys.readouterr().err
    assert main(["amend", str(save), "3"]) == 2  # neither a line nor --insert nor --delete
    assert "exactly one of" in capsys.readouterr().err
    held = Game.load(save)
    try:
        assert main(["amend", str(save), str(RUN_NYC), "run NYC 360 half"]) == 2
        assert capsys.readouterr().err
    finally:
        held.close()
    assert files(save.parent) == before
