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
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
        ).stdout
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


def test_the_portalocker_path_windows_takes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
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


# ----------------------------------------------------------------- portable open flags
MODERATOR = Path(__file__).resolve().parents[2] / "moderator"


def test_open_flags_come_from_osfiles() -> None:
    """Issue 20.3: the POSIX-only flags are named once, in osfiles (``0`` where the OS has
    none); every ``os.open`` in moderator/ passes osfiles' ``CLOEXEC`` (or ``READ``), and
    every one that writes passes ``BINARY`` (on Windows ``os.write`` would otherwise turn
    each newline into CR LF and break every checksum)."""
    import re

    direct = re.compile(r"\bos\.O_(CLOEXEC|NOFOLLOW|NONBLOCK|BINARY)\b")
    offenders, calls = [], 0
    for source in sorted(MODERATOR.rglob("*.py")):
        own = source.name == "osfiles.py"  # osfiles names its flags without the prefix
        prefix = "" if own else "osfiles."
        text = source.read_text(encoding="utf-8")
        name = source.relative_to(MODERATOR.parent)
        if not own:
            offenders += [f"{name}: os.O_{m.group(1)}" for m in direct.finditer(text)]
        for call in re.finditer(r"\bos\.open\(", text):
            calls += 1
            args = text[call.end() : text.index(")", call.end())]
            line = text.count("\n", 0, call.start()) + 1
            if f"{prefix}CLOEXEC" not in args and f"{prefix}READ" not in args:
                offenders.append(f"{name}:{line}: os.open without osfiles.CLOEXEC")
            if re.search(r"O_WRONLY|O_RDWR", args) and f"{prefix}BINARY" not in args:
                offenders.append(f"{name}:{line}: a write without osfiles.BINARY")
    assert calls >= 10, "the source was not read (else this test proves nothing)"
    assert offenders == []


def test_the_flags_are_zero_where_the_os_has_none() -> None:
    """Where the OS has no such flag (Windows: no O_CLOEXEC/O_NOFOLLOW/O_NONBLOCK) it is 0,
    and O_BINARY, where there is one, is in READ (a fresh interpreter: no reload here)."""
    code = textwrap.dedent(
        """
        import os
        for flag in ("O_CLOEXEC", "O_NOFOLLOW", "O_NONBLOCK"):
            delattr(os, flag)
        os.O_BINARY = 0x8000
        from moderator import osfiles
        print(osfiles.CLOEXEC, osfiles.NOFOLLOW, osfiles.NONBLOCK, osfiles.BINARY,
              osfiles.READ == os.O_RDONLY | 0x8000)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=60,
    )
    assert done.stdout.split() == ["0", "0", "0", "32768", "True"], done.stderr[-2000:]


def test_fsync_dir_is_a_no_op_without_directory_descriptors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from moderator import journal

    opened: list[object] = []
    real_open = journal.os.open

    def watching(path: object, *args: object, **kwargs: object) -> int:
        opened.append(path)
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(journal.os, "open", watching)
    journal.fsync_dir(tmp_path)
    assert opened == [tmp_path]
    opened.clear()
    monkeypatch.setattr(osfiles, "WINDOWS", True)
    journal.fsync_dir(tmp_path)  # Windows: no directory descriptors, NTFS journals renames
    assert opened == []
