"""``moderator whatif SAVE [--at N] SCRIPT`` (issue 32.6): receipts and the comparison with
the real game; refusals with the line and the rule; exit codes as ``play``; nothing written."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SCRIPTS

from moderator.cli import main

EXAMPLE = SCRIPTS / "1846-rulebook-example.script"


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """The rulebook's example played into a save (70 lines, OR 2.1)."""
    path = tmp_path / "game.json"
    assert main(["play", str(EXAMPLE), "--save", str(path), "--quiet"]) == 0
    return path


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "try.script"
    path.write_text(text, encoding="utf-8")
    return path


def files(folder: Path) -> dict[str, str]:
    """Every file of the folder and its bytes' hash."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_whatif_prints_receipts_and_the_comparison_and_writes_nothing(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = write(tmp_path, "run IC 140 half\ncheck run GT 160\n")
    before = files(tmp_path)
    assert main(["whatif", str(save), "--at", "55", str(script)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith(f"WHAT-IF sandbox from line 55 of {save} (a copy: nothing is written)")
    assert "✓ run IC 140 half" in out and "IC runs $140, half" in out
    assert "GT runs $160" in out  # the check's receipt, answered on the copy
    assert "real game OR 2.1, 70 lines; sandbox OR 1.2, 56 lines" in out
    assert "price real   price what-if" in out
    assert "* $84 (+$52)" in out  # Amy's cash, marked and its difference given
    assert "figures differ (marked *)" in out
    assert files(tmp_path) == before


def test_whatif_from_the_end_by_default(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = write(tmp_path, "note just looking\n")
    assert main(["whatif", str(save), str(script)]) == 0
    out = capsys.readouterr().out
    assert "WHAT-IF sandbox from line 70" in out and "no figure differs" in out


def test_whatif_json(save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = write(tmp_path, "run IC 140 half\n")
    assert main(["whatif", str(save), "--at", "55", str(script), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lines"] == ["run IC 140 half"]
    assert data["differences"] > 0
    amy = next(p for p in data["players"] if p["name"] == "Amy")
    assert amy["real"]["cash"] == 32 and amy["sandbox"]["cash"] == 84


@pytest.mark.parametrize("at", ["71", "-1", "1000"])
def test_a_line_the_game_lacks_is_refused_with_exit_2(
    save: Path, tmp_path: Path, at: str, capsys: pytest.CaptureFixture[str]
) -> None:
    script = write(tmp_path, "note x\n")
    assert main(["whatif", str(save), f"--at={at}", str(script)]) == 2
    err = capsys.readouterr().err
    assert f"--at {at}: no line {at} to branch from: the game has 70 lines" in err
    assert "(0 is the start, 70 is now); nothing was played" in err


def test_a_refused_line_names_its_number_and_rule(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = files(tmp_path)
    script = write(tmp_path, "# trying\nnote first\nbuy Amy NYC\n")
    assert main(["whatif", str(save), str(script)]) == 1
    out, err = capsys.readouterr()
    assert "✓ note first" in out
    assert err.startswith("line 3: refused: ") and "operating rounds are not over" in err
    assert err.rstrip().endswith("(4)")  # 1846's rule of the rounds (issue 37.7)
    script.unlink()
    assert files(tmp_path) == before


def test_a_game_line_and_bad_input(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = write(tmp_path, "game 1846 A B C\n")
    assert main(["whatif", str(save), str(script)]) == 1
    assert "line 1: refused: a game is already running" in capsys.readouterr().err
    assert main(["whatif", str(save), str(tmp_path / "missing")]) == 2
    assert "cannot read" in capsys.readouterr().err
    (tmp_path / "bad").write_bytes(b"note \xff\n")
    assert main(["whatif", str(save), str(tmp_path / "bad")]) == 1
    assert "line 1: refused: not UTF-8 text (byte 0xff)" in capsys.readouterr().err
    assert main(["whatif", str(tmp_path / "nosave.json"), str(script)]) == 1
    assert capsys.readouterr().err


def test_whatif_works_while_the_save_is_held_for_writing(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A TUI holds the save's lock: the what-if only reads it."""
    from moderator.game import Game

    held = Game.load(save)
    script = write(tmp_path, "note while held\n")
    before = files(tmp_path)
    assert main(["whatif", str(save), str(script)]) == 0
    assert files(tmp_path) == before
    held.close()


def test_the_console_script(save: Path, tmp_path: Path) -> None:
    script = write(tmp_path, "run IC 140 half\n")
    moderator = Path(sys.executable).with_name("moderator")
    done = subprocess.run(
        [str(moderator), "whatif", str(save), "--at", "55", str(script)],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "100"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "IC runs $140, half" in done.stdout
