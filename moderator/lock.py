"""One writer per save: an advisory lock held while a game is open for writing.

Two programs appending to one save would lose commands (the last writer
wins), so a :class:`~moderator.game.Game` opened for writing holds an OS
advisory lock (``flock``) on a sidecar file beside the save::

    saves/game.json         the save (replaced by rename when it is rewritten)
    saves/.game.json.lock   the lock: stays put while held, names its holder

The name's lock alone would let a second writer in through another name of the
same file (a hard link: two names, one file), so on POSIX the holder also locks
the save file itself, its device and inode (``flock`` on a read-only descriptor),
and moves that lock to the new file each time a rewrite renames one into place.
Windows locks are mandatory (they would refuse the holder's own appends through
another descriptor), so there only the name is locked; hard links to a save are
rare there.  The OS specifics (flags, ``flock`` or ``portalocker``) are in
:mod:`moderator.osfiles`.

The name's lock cannot be on the save itself because a rewrite replaces it with a
new file.  The lock file's content (pid, host, start time) is information only:
the kernel releases a ``flock`` when its holder dies, so a lock file left by a
killed program never blocks anyone; the next opener takes the lock and writes
its own name into it.  A holder removes the file when it lets go (while still
holding the lock), and an opener checks, once it holds the lock, that the file
it locked is still the one at that name; otherwise it tries again.

Where no lock file can be created (a read-only folder) the lock falls back to
the save file itself, opened read-only: nobody can rename a new save into such
a folder either, so the save stays put and every writer locks the same file.
"""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path

from moderator import osfiles
from moderator.errors import SaveError
from moderator.journal import printable

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any

_HELD_HERE: set[str] = set()
"""Locks held by this process (``flock`` does not refuse a second descriptor of one
process on every platform): lock file paths, and ``inode:DEV:INO`` for saves."""

_UNWRITABLE = (errno.EACCES, errno.EPERM, errno.EROFS)


HOLDER_WAIT_STEPS = 30
"""How many 10 ms steps a refused opener waits for the holder to write its name."""


class SaveLocked(SaveError):
    """The save is open for writing in another moderator (or another game in this one)."""

    def __init__(self, message: str, holder: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.holder = holder or {}


class LockRefused(SaveError):
    """The save's lock file cannot be used (a symbolic link, or it cannot be made): the
    save is not opened for writing, by a new game (``--force``) no more than by any
    other, until the lock file is put right (issue 42.5: the refusal suggested
    ``--force``)."""


class SaveReadOnly(SaveError, PermissionError):
    """The game was opened read-only (or closed), so it cannot write its save.

    It is an :class:`OSError` too, so a front end that shows write failures of
    ``undo``/``redo``/``rewind`` shows this one the same way.
    """

    def __init__(self, message: str) -> None:
        PermissionError.__init__(self, errno.EPERM, message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def lock_path(save: Path) -> Path:
    """The lock file of a save: ``.NAME.lock`` beside it (not ``*.json``: save lists skip it)."""
    return save.with_name(f".{save.name}.lock")


def holder_text(holder: dict[str, Any]) -> str:
    """``pid 4242 on table-laptop since 21:03`` from a lock file's content (what is known)."""
    parts = []
    if isinstance(holder.get("pid"), int):
        parts.append(f"pid {holder['pid']}")
    if isinstance(holder.get("host"), str) and holder["host"]:
        parts.append(f"on {printable(holder['host'][:64])}")
    since = holder.get("since")
    if isinstance(since, (int, float)) and not isinstance(since, bool):
        from datetime import datetime  # here: only a refusal names the time (issue 41)

        try:
            when = datetime.fromtimestamp(since)
        except (OverflowError, OSError, ValueError):
            when = None
        if when is not None:
            fmt = "%H:%M" if when.date() == datetime.now().date() else "%Y-%m-%d %H:%M"
            parts.append(f"since {when.strftime(fmt)}")
    return " ".join(parts)


class SaveLock:
    """An exclusive advisory lock on one save, held until :meth:`release`.

    Use :meth:`acquire`; releasing is idempotent, and a lock that is dropped
    without being released closes its file (which frees the lock) when it is
    collected.
    """

    def __init__(self, save: Path, shown: Path, fd: int | None, path: Path | None) -> None:
        self.save = save
        """The save file (symlinks resolved)."""
        self.shown = shown
        """The save's name as the user gave it (for messages)."""
        self._fd = fd
        self._path = path  # the lock file, or None when the save itself is locked
        self._file_fd: int | None = None
        """The save file itself, locked (POSIX, beside the lock file; see the docstring)."""
        self._file_key: str | None = None

    @property
    def held(self) -> bool:
        """Whether the lock is still held."""
        return self._fd is not None

    @classmethod
    def acquire(cls, save: Path, shown: Path | None = None) -> SaveLock:
        """Lock ``save`` (already resolved) for writing.

        Raises:
            SaveLocked: another moderator (or another open game here) holds it;
                the message names the holder.
            SaveError: the lock file is something other than a regular file.
        """
        save = Path(save)
        shown = Path(shown) if shown is not None else save
        path = lock_path(save)
        for _ in range(20):  # another opener may remove the file between open and lock
            try:
                fd = os.open(
                    path,
                    os.O_RDWR | os.O_CREAT | osfiles.NOFOLLOW | osfiles.CLOEXEC | osfiles.BINARY,
                    0o644,
                )
            except FileNotFoundError:
                # no such folder: nothing to guard; the read or the write reports it
                return cls(save, shown, None, None)
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    raise LockRefused(
                        f"{path}: the lock file of {shown} is a symbolic link; remove it"
                    ) from None
                if exc.errno in _UNWRITABLE:
                    return cls._acquire_in_place(save, shown)
                raise LockRefused(f"{shown}: cannot create its lock file {path} ({exc})") from None
            if not cls._try_lock(fd, str(path)):
                holder = _read_holder(fd)
                # A holder writes its name just after it locks (and after its own check
                # below): one caught in between gets a moment, so the refusal names it.
                waited = 0
                while not holder and waited < HOLDER_WAIT_STEPS:
                    time.sleep(0.01)
                    waited += 1
                    holder = _read_holder(fd)
                os.close(fd)
                raise _locked(shown, holder)
            try:
                linked = os.stat(path, follow_symlinks=False)
            except FileNotFoundError:
                linked = None
            mine = os.fstat(fd)
            if linked is None or (linked.st_dev, linked.st_ino) != (mine.st_dev, mine.st_ino):
                cls._unlock(fd, str(path))  # the holder removed it as we opened it: again
                continue
            _write_holder(fd)
            lock = cls(save, shown, fd, path)
            try:
                lock.follow()
            except BaseException:
                lock.release()
                raise
            return lock
        raise SaveLocked(f"{shown} is being opened and closed by another moderator; try again")

    @classmethod
    def _acquire_in_place(cls, save: Path, shown: Path) -> SaveLock:
        """The fallback for a folder where no lock file can be made: lock the save itself."""
        try:
            fd = os.open(save, osfiles.READ)
        except OSError:
            return cls(save, shown, None, None)  # nothing there to write or to lock
        if not cls._try_lock(fd, str(save)):
            os.close(fd)
            raise _locked(shown, {})
        return cls(save, shown, fd, None)

    @staticmethod
    def _try_lock(fd: int, key: str) -> bool:
        if key in _HELD_HERE or not osfiles.try_lock(fd):
            return False
        _HELD_HERE.add(key)
        return True

    @staticmethod
    def _unlock(fd: int, key: str) -> None:
        _HELD_HERE.discard(key)
        osfiles.unlock(fd)  # closing the last descriptor releases the lock

    def follow(self) -> None:
        """Lock the file now at the save's name (its device and inode), and let go of
        the one locked before: at acquiring, and after each rewrite renamed a new file
        into place.  Nothing to do on Windows, for a save not written yet, or where the
        save itself is the lock (a read-only folder).

        Raises:
            SaveLocked: the file is open for writing in another moderator under another
                name (a hard link).
        """
        if osfiles.WINDOWS or self._fd is None or self._path is None:
            return
        try:
            fd = os.open(self.save, osfiles.READ)
        except OSError:
            return  # not written yet (a new game): its first write calls this again
        info = os.fstat(fd)
        key = f"inode:{info.st_dev}:{info.st_ino}"
        if key == self._file_key:
            os.close(fd)
            return
        if not self._try_lock(fd, key):
            os.close(fd)
            raise SaveLocked(
                f"{self.shown} is open for writing in another moderator under another name "
                "(a hard link to the same file); close it there first"
            )
        old_fd, old_key = self._file_fd, self._file_key
        self._file_fd, self._file_key = fd, key
        if old_fd is not None and old_key is not None:
            self._unlock(old_fd, old_key)

    def release(self) -> None:
        """Let go of the lock (and remove the lock file); nothing happens the second time."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if self._file_fd is not None and self._file_key is not None:
            file_fd, self._file_fd = self._file_fd, None
            self._unlock(file_fd, self._file_key)
            self._file_key = None
        key = str(self._path if self._path is not None else self.save)
        if self._path is not None:
            try:
                os.unlink(self._path)  # while still holding it: see the module docstring
            except OSError:
                pass
        self._unlock(fd, key)

    def __del__(self) -> None:
        try:
            self.release()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass


def _locked(shown: Path, holder: dict[str, Any]) -> SaveLocked:
    """The refusal naming who holds the save."""
    import socket  # here and below: only a lock taken or refused asks (issue 41)

    who = holder_text(holder)
    if holder.get("pid") == os.getpid() and holder.get("host") == socket.gethostname():
        where = "is already open in this moderator"
    else:
        where = "is open in another moderator"
    detail = f" ({who})" if who else ""
    return SaveLocked(f"{shown} {where}{detail}; close it there first", holder)


def _read_holder(fd: int) -> dict[str, Any]:
    """The holder recorded in a lock file (empty when it says nothing readable)."""
    try:
        data = json.loads(osfiles.read_at(fd, 4096, 0).decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_holder(fd: int) -> None:
    """Record this process in the lock file (information for whoever is refused)."""
    import socket

    text = json.dumps(
        {
            "program": "moderator",
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": round(time.time(), 3),
        }
    )
    try:
        os.ftruncate(fd, 0)
        osfiles.write_at(fd, text.encode("utf-8") + b"\n", 0)
    except OSError:  # the content is only information; the flock is the lock
        pass
