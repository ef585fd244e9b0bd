"""What the save files need from the operating system, the same on Linux, macOS and Windows.

Textual runs on all three, and a banker's laptop may be any of them.  The save
code opens files with flags only POSIX has (``O_CLOEXEC``, ``O_NOFOLLOW``,
``O_NONBLOCK``), needs ``O_BINARY`` on Windows (else ``os.write`` turns each
``\\n`` into ``\\r\\n`` and every checksum breaks), and locks files.  This module
names each of those once:

- the open flags, each ``0`` where the platform has no such flag;
- :func:`try_lock` / :func:`unlock`: an exclusive, non-blocking lock that the OS
  drops when its holder dies — ``flock`` on POSIX, and on Windows (no ``fcntl``)
  the well-kept ``portalocker`` library (``LockFileEx``), imported only there;
- :func:`read_at` / :func:`write_at`: positioned I/O without ``pread``/``pwrite``
  (which Windows lacks).

Directory fsync (making a rename durable) is in :func:`moderator.journal.fsync_dir`;
Windows has no directory descriptors and NTFS journals renames itself, so it is
skipped there.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)
NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)
BINARY: int = getattr(os, "O_BINARY", 0)
"""Windows only: no newline translation on ``os.write`` (0 elsewhere)."""

READ = os.O_RDONLY | NONBLOCK | CLOEXEC | BINARY
"""Open for reading without blocking on a FIFO, not inherited by children."""

WINDOWS = sys.platform == "win32"

try:  # pragma: no cover - import guard
    import fcntl
except ImportError:  # pragma: no cover - Windows: portalocker below
    fcntl = None  # type: ignore[assignment]

_NO_LOCKS = (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL)
"""A filesystem that has no locks at all (some network mounts): not an error."""


def try_lock(fd: int) -> bool:
    """Take an exclusive lock on the open file ``fd`` without waiting; whether it was free.

    The OS releases the lock when the descriptor is closed or the process dies, so
    a crashed holder never blocks the next opener.
    """
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError as exc:  # pragma: no cover - a filesystem without flock
            if exc.errno not in _NO_LOCKS:
                raise
        return True
    return _portalocker_lock(fd)  # pragma: no cover - Windows


def unlock(fd: int) -> None:
    """Release the lock on ``fd`` and close it (closing alone releases a ``flock``)."""
    if fcntl is None:  # pragma: no cover - Windows
        import portalocker

        try:
            portalocker.unlock(fd)
        except portalocker.exceptions.LockException:
            pass
    os.close(fd)


def _portalocker_lock(fd: int) -> bool:  # pragma: no cover - Windows (tests force it)
    import portalocker

    try:
        portalocker.lock(fd, portalocker.LOCK_EX | portalocker.LOCK_NB)
    except portalocker.exceptions.AlreadyLocked:
        return False
    except portalocker.exceptions.LockException as exc:
        cause = exc.__cause__
        if isinstance(cause, OSError) and cause.errno in _NO_LOCKS:
            return True
        return False
    return True


def create_temp(folder: Path, prefix: str, tail: str, mode: int) -> tuple[int, Path]:
    """A new file ``folder/PREFIX.XXXXXXXXTAIL``, made exclusively (never through a
    symlink) and open for writing without newline translation, ``mode`` less the umask.
    The save's rewrites and the exports make their temporary files here."""
    import secrets  # here: a process that writes nothing never loads it (issue 41)

    while True:
        tmp = Path(folder) / f"{prefix}.{secrets.token_hex(4)}{tail}"
        try:
            fd = os.open(
                tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | CLOEXEC | BINARY, mode
            )
            return fd, tmp
        except FileExistsError:  # pragma: no cover - 2**32 names
            continue


def read_at(fd: int, size: int, offset: int) -> bytes:
    """Up to ``size`` bytes of ``fd`` from ``offset`` (``os.pread`` where there is one)."""
    if hasattr(os, "pread"):
        return os.pread(fd, size, offset)
    os.lseek(fd, offset, os.SEEK_SET)  # pragma: no cover - Windows
    return os.read(fd, size)  # pragma: no cover - Windows


def write_at(fd: int, data: bytes, offset: int) -> None:
    """Write ``data`` to ``fd`` at ``offset`` (``os.pwrite`` where there is one)."""
    if hasattr(os, "pwrite"):
        os.pwrite(fd, data, offset)
        return
    os.lseek(fd, offset, os.SEEK_SET)  # pragma: no cover - Windows
    os.write(fd, data)  # pragma: no cover - Windows


class FileRefused(Exception):
    """A file that is not read: missing, not a regular file, too large, or unreadable.

    ``what`` says why in words that follow the file's name (``is a pipe (FIFO)``).
    """

    def __init__(self, what: str, *, missing: bool = False, size: int | None = None) -> None:
        super().__init__(what)
        self.what = what
        self.missing = missing
        """The file does not exist."""
        self.size = size
        """The file's size when it was refused as too large (``None``: not known)."""


def kind_of(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (``None`` for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular(path: os.PathLike[str] | str, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, read without blocking.

    The file is checked before it is opened (opening a FIFO would block) and again
    once open (it may have been swapped), and never more than ``limit + 1`` bytes
    are read (``/dev/zero`` would never end).  Every file a user names (a save, a
    runs file) is read through this.

    Raises:
        FileRefused: missing, not a regular file, over ``limit``, or unreadable.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise FileRefused("does not exist", missing=True) from None
    except OSError as exc:
        raise FileRefused(f"cannot be read ({exc.strerror or exc})") from None
    _check_regular(info, limit)
    try:
        fd = os.open(path, READ)
    except OSError as exc:
        raise FileRefused(f"cannot be read ({exc.strerror or exc})") from None
    try:
        _check_regular(os.fstat(fd), limit)
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise FileRefused(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if total > limit:
        raise FileRefused("is too large")
    return b"".join(chunks)


def read_head(path: os.PathLike[str] | str, size: int) -> bytes:
    """At most the first ``size`` bytes of a regular file (not a symlink), read without
    blocking: for a small hint beside a save, whatever size the file has grown to
    (issue 42.4: a 3 GB ``.NAME.json.length`` was read whole by every front end).

    Raises:
        FileRefused: missing, a symlink or not a regular file, or unreadable.
    """
    try:
        fd = os.open(path, READ | NOFOLLOW)
    except FileNotFoundError:
        raise FileRefused("does not exist", missing=True) from None
    except OSError as exc:
        raise FileRefused(f"cannot be read ({exc.strerror or exc})") from None
    try:
        what = kind_of(os.fstat(fd).st_mode)
        if what is not None:
            raise FileRefused(f"is {what}")
        return os.read(fd, size)
    except OSError as exc:
        raise FileRefused(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def _check_regular(info: os.stat_result, limit: int) -> None:
    what = kind_of(info.st_mode)
    if what is not None:
        raise FileRefused(f"is {what}")
    if info.st_size > limit:
        raise FileRefused("is too large", size=info.st_size)


__all__ = [
    "BINARY",
    "FileRefused",
    "CLOEXEC",
    "NOFOLLOW",
    "NONBLOCK",
    "READ",
    "WINDOWS",
    "create_temp",
    "kind_of",
    "read_at",
    "read_head",
    "read_regular",
    "try_lock",
    "unlock",
    "write_at",
]
