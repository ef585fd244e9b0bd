"""Numbers on the command line (the hardening audit): digits 0-9 only, as in the script
language.  ``int`` read ``amend SAVE ١٢ LINE`` as line 12 (and ``whatif --at １２``,
``project --ors ١``), and ``serve --port 99999999`` ended in a traceback from ``bind``.
Each is now argparse's usage error (exit 2), naming the argument, and nothing is written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, RULEBOOK_SETUP, play

from moderator.cli import main


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    play(RULEBOOK_SETUP, path=path).close()
    return path


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["amend", "{save}", "١", "note x"], "argument number: '١' is not a whole number"),
        (["amend", "{save}", "１", "note x"], "argument number: '１' is not a whole number"),
        (["amend", "{save}", "1.0", "note x"], "argument number: '1.0' is not a whole number"),
        (["amend", "{save}", "9" * 40, "note x"], "a number of 40 digits is absurd"),
        (["whatif", "{save}", "--at", "１", "{save}"], "argument --at: '１' is not a whole"),
        (["project", "{save}", "--ors", "١"], "argument --ors: '١' is not a whole number"),
        (["project", "{save}", "--width", "1e3"], "argument --width: '1e3' is not a whole"),
        (["serve", "{save}", "--port", "99999999"], "a port is 0 (any free one) to 65535"),
        (["serve", "{save}", "--port", "-1"], "a port is 0 (any free one) to 65535, not -1"),
        (["serve", "{save}", "--port", "٨٠٨٠"], "argument --port: '٨٠٨٠' is not a whole"),
    ],
)
def test_a_number_not_written_in_digits_is_a_usage_error(
    save: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    before = save.read_bytes()
    with pytest.raises(SystemExit) as stopped:
        main([word.format(save=save) for word in args])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert save.read_bytes() == before


def test_a_line_number_in_digits_still_amends(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["amend", str(save), "2", "private Amy MS", "--dry-run"]) == 0
    assert main(["amend", str(save), "-1", "note x"]) == 2  # no line -1: said, as before
    assert "no line -1 to amend" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("runs", "said"),
    [
        ("GT=١٢٠", "`١٢٠`: the revenue must be a whole number"),
        ("GT=1_0", "`1_0`: the revenue must be a whole number"),
        ("GT=１０:full", "`１０:full`: the revenue must be a whole number"),
        ("GT=10@٣٠", "`@٣٠`: a final price is a whole number"),
        ("GT=10@1e3", "`@1e3`: a final price is a whole number"),
    ],
)
def test_project_s_runs_are_digits(
    save: Path, capsys: pytest.CaptureFixture[str], runs: str, said: str
) -> None:
    """`project --runs`: `int` read `GT=١٢٠` as 120 and `GT=1_0` as 10."""
    assert main(["project", str(save), "--runs", runs]) == 1
    assert said in capsys.readouterr().err


def test_a_terminal_size_in_other_digits_is_no_size(tmp_path: Path) -> None:
    """`COLUMNS=²` (`str.isdigit` says yes, `int` no) ended `play`'s tables in a traceback
    from Rich, and `play --quiet --save` in one from the picture's size, after the save was
    written; the size is now left out, as when none is given."""
    from moderator.picture_apart import _positive

    assert [_positive(text) for text in ("²", "١٢", "１２", "80", "", None)] == [0, 0, 0, 80, 0, 0]
    script = tmp_path / "game.script"
    script.write_text(RULEBOOK_SETUP, encoding="utf-8")
    env = {**os.environ, "COLUMNS": "²", "LINES": "٣", "MODERATOR_NO_PICTURE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "moderator.cli", "play", str(script)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env=env,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "Players" in done.stdout
