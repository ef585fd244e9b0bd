"""What ``moderator open`` does before Textual is imported (:mod:`moderator.preload`):
the terminal set at once for the keys typed during the start, and what identifies a
save's picture file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from moderator import preload


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """No terminal settings left noted by another test."""
    monkeypatch.setattr(preload, "terminal_before", None)


def test_a_picture_names_the_save_file_it_was_kept_for(tmp_path: Path) -> None:
    """The picture beside ``game.json`` is ``.game.json.frame``; it counts only for the
    save file as it was (size, modification time, inode), and a damaged or missing one
    names none."""
    save = tmp_path / "game.json"
    save.write_text("{}\n", encoding="utf-8")
    kept = preload.picture_path(save)
    assert kept == tmp_path / ".game.json.frame"
    key = preload.save_key(save)
    assert key is not None and key[0] == 3
    assert preload.kept_for(save) is None  # no picture
    kept.write_text(json.dumps({"picture": 1, "save": key}), encoding="utf-8")
    assert preload.kept_for(save) == key
    with save.open("a", encoding="utf-8") as grown:
        grown.write("x")
    assert preload.save_key(save) != key  # a write changes what identifies the file
    for damaged in ("{not json", "[1, 2]", json.dumps({"save": "no"})):
        kept.write_text(damaged, encoding="utf-8")
        assert preload.kept_for(save) is None
    assert preload.save_key(tmp_path / "none.json") is None


def test_the_terminal_passes_the_keys_typed_during_the_start_as_typed() -> None:
    """An Enter typed while the app starts stays a carriage return (the line discipline
    made it a line feed, read as ``ctrl+j``), nothing is echoed nor held for a line; the
    settings come back as they were."""
    import termios

    main, side = os.openpty()
    try:
        before = termios.tcgetattr(side)
        assert before[0] & termios.ICRNL and before[3] & termios.ICANON
        assert preload.keys_as_typed(side) == before == preload.terminal_before
        now = termios.tcgetattr(side)
        assert not now[0] & termios.ICRNL and not now[3] & (termios.ICANON | termios.ECHO)
        assert now[3] & termios.ISIG  # ctrl+c still stops a start
        os.write(main, b":note\r")
        assert os.read(side, 64) == b":note\r"  # at once, not waiting for a line
        preload.restore_terminal(side, before)
        assert termios.tcgetattr(side) == before and preload.terminal_before is None
    finally:
        os.close(main)
        os.close(side)
    assert preload.keys_as_typed(side) is None  # closed: not a terminal
    with open(os.devnull, "rb") as null:
        assert preload.keys_as_typed(null.fileno()) is None
