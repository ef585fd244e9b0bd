"""``play --save`` remembers the save's length as the TUI does (issue 38.7): a save it
wrote that is later cut at a line boundary (three commands lost, every line left whole)
opens in ``state`` with a warning, where it opened without a word."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SCRIPTS

from moderator.cli import main


def cut(save: Path, lines: int) -> None:
    """The save without its last ``lines`` lines, each line left whole."""
    kept = save.read_bytes().splitlines(keepends=True)[:-lines]
    save.write_bytes(b"".join(kept))


@pytest.mark.parametrize("continued", [False, True])
def test_a_save_play_wrote_and_cut_later_is_noticed(
    continued: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = (SCRIPTS / "1846-bank-breaks.script").read_text(encoding="utf-8").splitlines()
    save = tmp_path / "game.json"
    first = tmp_path / "first.script"
    first.write_text("\n".join(script[: len(script) // 2]) + "\n")
    whole = tmp_path / "whole.script"
    whole.write_text("\n".join(script) + "\n")
    assert main(["play", str(first), "--save", str(save), "--quiet"]) == 0
    if continued:  # the same script, longer: play goes on from where the save stands
        assert main(["play", str(whole), "--save", str(save), "--quiet"]) == 0
    held = len(save.read_bytes().splitlines()) - 1  # the header, then one line a command
    cut(save, 3)
    capsys.readouterr()
    assert main(["state", str(save)]) == 0
    err = capsys.readouterr().err
    assert all(len(line) <= 100 for line in err.splitlines())  # wrapped (issue 38.4)
    said = " ".join(err.split())
    assert f"held {held} commands when moderator last closed it, and holds {held - 3} now" in said
