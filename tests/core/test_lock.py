"""One writer per save, whatever its names (issue 20.3): the file itself is locked.

A hard link gives one file two names; each name has its own lock file, so the
save file itself (its device and inode) is locked too, and that lock follows
the file a rewrite renames into place.  The OS part is in ``moderator.osfiles``;
these tests also run the portalocker path that Windows takes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from moderator import osfiles
from moderator.journal import write_atomic
from moderator.lock import SaveLock, SaveLocked


def _save(path: Path) -> Path:
    path.write_bytes(b'{"format_version":2,"title":"1846","players":["A","B","C"]}\n')
    return path


def test_a_hard_link_is_the_same_save(tmp_path: Path) -> None:
    first = _save(tmp_path / "game.json")
    other = tmp_path / "copy.json"
    os.link(first, other)
    held = SaveLock.acquire(first)
    try:
        with pytest.raises(SaveLocked, match="another name"):
            SaveLock.acquire(other)
        assert not (tmp_path / ".copy.json.lock").exists()  # the refused opener tidied up
    finally:
        held.release()
    SaveLock.acquire(other).release()  # free again once the holder let go


def test_a_hard_link_is_refused_to_another_process(tmp_path: Path) -> None:
    first = _save(tmp_path / "game.json")
    os.link(first, tmp_path / "copy.json")
    held = SaveLock.acquire(first)
    code = textwrap.dedent(f"""
        from pathlib import Path
        from moderator.lock import SaveLock, SaveLocked
        try:
            SaveLock.acquire(Path({str(tmp_path / "copy.json")!r}))
        except SaveLocked as exc:
            print("refused:", exc)
        else:
            print("taken")
    """)
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             timeout=60, check=True).stdout
    finally:
        held.release()
    assert out.startswith("refused:") and "hard link" in out


def test_the_lock_follows_a_rewrite(tmp_path: Path) -> None:
    """After a rewrite renamed a new file into place, a link made to the new file is
    refused, and the old file (no longer the save) is free."""
    save = _save(tmp_path / "game.json")
    old = tmp_path / "old.json"
    os.link(save, old)
    held = SaveLock.acquire(save)
    try:
        write_atomic(save, save.read_bytes() + b"\n")
        held.follow()
        os.link(save, tmp_path / "new.json")
        with pytest.raises(SaveLocked):
            SaveLock.acquire(tmp_path / "new.json")
        SaveLock.acquire(old).release()  # the file that was replaced is no longer held
    finally:
        held.release()


def test_a_game_write_moves_the_lock(tmp_path: Path) -> None:
    """Through the game: a full rewrite (the first write of a new save) keeps the file
    locked under any name."""
    from moderator.game import Game

    game = Game.new("1846", ["Amy", "Bob", "Cy"], tmp_path / "g.json")
    try:
        os.link(tmp_path / "g.json", tmp_path / "h.json")
        with pytest.raises(SaveLocked):
            Game.load(tmp_path / "h.json")
    finally:
        game.close()


def test_the_portalocker_path_windows_takes(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``fcntl`` (Windows) the lock is portalocker's: exclusive, and free again
    once released."""
    monkeypatch.setattr(osfiles, "fcntl", None)
    path = tmp_path / "x.lock"
    one = os.open(path, os.O_RDWR | os.O_CREAT)
    two = os.open(path, os.O_RDWR)
    assert osfiles.try_lock(one)
    assert not osfiles.try_lock(two)
    osfiles.unlock(one)
    assert osfiles.try_lock(two)
    osfiles.unlock(two)


def test_positioned_io_without_pread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fd = os.open(tmp_path / "f", os.O_RDWR | os.O_CREAT)
    try:
        osfiles.write_at(fd, b"hello world", 0)
        monkeypatch.delattr(os, "pread")
        monkeypatch.delattr(os, "pwrite")
        osfiles.write_at(fd, b"W", 6)
        assert osfiles.read_at(fd, 5, 6) == b"World"
    finally:
        os.close(fd)
