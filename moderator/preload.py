"""The save read and replayed in a second process while the TUI starts (issue 41.2).

Opening a save without its picture (:mod:`moderator.ui.picture`) reads and checks every
record and replays every command before the main screen can be composed: about 0.09 s of
CPU for 1,000 commands, on the way to the first frame, after Textual's import and the
app's start.  The two do not depend on each other, and the machine has more than one
core: so ``moderator open SAVE`` (:func:`moderator.cli._run_tui`) forks, before Textual
is imported, a process that reads and replays the save exactly as :meth:`Game.load
<moderator.game.Game.load>` does (the same functions, every check, the events compared)
and hands the result to the app through a pipe (pickled: the core's objects pickle,
``tests/core/test_copying.py``), while the app imports Textual and reads its stylesheet.
The app then opens the save as always (:meth:`Game.load`: the lock first, then
everything after the replay: the rules compared with today's, the length remembered,
the tidying) with the replayed game taken from the pipe instead of made again.

What is handed over is trusted only for the very file the app locks: the process notes
the file (size, modification time, inode: :func:`save_key`) before reading it and after,
and :meth:`Preload.take` gives the game only when both are the file as it is once the
app holds the lock.  Anything else (the process failed, the save changed, another
file, no ``fork`` on this system) and the app reads and replays the save itself, as
before: the same game, the same refusals.

No process is forked for a save with a picture kept for it as it is now (the picture is
the first frame there, and the save is read after it), nor when no core is free: the
process would only take the app's core (set ``MODERATOR_PRELOAD=1`` to fork always,
``0`` never).

Also here, for the same launcher and before Textual too: the terminal set at once to
pass the keys typed during the start as typed (:func:`keys_as_typed`), and what
identifies a save's picture file
(:func:`picture_path`, :func:`save_key`, :func:`kept_for`; :mod:`moderator.ui.picture`
uses them).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

TYPE_CHECKING = False  # not `typing`'s (issue 41): this module is imported before Textual
if TYPE_CHECKING:
    from typing import Any

    from moderator.game import Game
    from moderator.journal import LoadedSave

MAX_PICTURE_BYTES = 1 << 20
"""A picture larger than this is not read (a 120x40 screen takes about 30 KB)."""


def picture_path(save: Path) -> Path:
    """Where the picture of ``save`` is kept: ``.NAME.json.frame`` beside it."""
    save = Path(save)
    return save.with_name(f".{save.name}.frame")


def save_key(save: Path) -> list[int] | None:
    """What identifies the save's file as it is now: size, modification time (ns) and
    inode of the file it names (every write of a save replaces or grows it)."""
    try:
        info = os.stat(save)
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns, info.st_ino]


def kept_for(save: Path) -> list[int] | None:
    """The save file (:func:`save_key`) the picture beside ``save`` was kept for, if any."""
    from moderator import osfiles

    try:
        record = json.loads(osfiles.read_head(picture_path(save), MAX_PICTURE_BYTES))
    except (osfiles.FileRefused, ValueError):
        return None
    key = record.get("save") if type(record) is dict else None
    return key if type(key) is list else None


TAKE_TIMEOUT = 60.0
"""Seconds the app waits for the process before it stops it and replays the save itself
(a replay of 1,000 commands takes about 0.1 s)."""


class Preload:
    """The process reading and replaying one save, and its pipe (:func:`start`)."""

    __slots__ = ("path", "pid", "fd")

    def __init__(self, path: Path, pid: int, fd: int) -> None:
        self.path = path
        self.pid = pid
        self.fd = fd

    def take(self, key: list[int] | None) -> tuple[LoadedSave, Game] | None:
        """The save as read and the game replayed by the process, when it read the file
        ``key`` names (:func:`save_key`, taken under the lock) from start to end; else
        ``None``.  Waits for the process (it is done long before, as a rule) and lets it
        go in every case."""
        import pickle
        import select
        import time

        chunks = []
        deadline = time.monotonic() + TAKE_TIMEOUT
        stuck = False
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                    stuck, chunks = True, []  # the app replays the save itself
                    break
                chunk = os.read(self.fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
        except OSError:
            chunks = []
        finally:
            self.close(stop=stuck)
        if not chunks or key is None:
            return None
        try:
            before, after, loaded, game = pickle.loads(b"".join(chunks))
        except Exception:  # a process cut short: the app reads the save itself
            return None
        if before != key or after != key:
            return None
        return loaded, game

    def close(self, stop: bool = False) -> None:
        """Let the process go (it stops at once once its pipe is closed; with ``stop``,
        before the end of its replay too) and wait for it."""
        if self.fd < 0:
            return
        fd, self.fd = self.fd, -1
        os.close(fd)
        if stop:
            import signal

            os.kill(self.pid, signal.SIGKILL)
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


_pending: Preload | None = None


def start(path: Path | None) -> Preload | None:
    """Fork the process reading and replaying ``path`` (see the module docstring), unless
    there is no such file, its picture is there for it as it is now, or this system has
    no ``fork``.  Call it before Textual is imported (no thread running yet)."""
    global _pending
    if path is None or not hasattr(os, "fork") or _pending is not None or not _core_free():
        return None
    path = Path(path)
    key = save_key(path)
    if key is None or kept_for(path) == key:
        return None
    # imported before the fork, once for both processes: the app needs them in any case
    import pickle  # noqa: F401

    import moderator.game  # noqa: F401

    read, write = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(read)
        os.close(write)
        return None
    if pid == 0:  # pragma: no cover - the forked process (its figures: benchmarks)
        os.close(read)
        _replay_and_send(path, write)
    os.close(write)
    _pending = Preload(path, pid, read)
    return _pending


def let_go() -> None:
    """Let go of a process forked and never taken from (the app opened another save, or
    stopped first): as the launcher ends."""
    global _pending
    pending, _pending = _pending, None
    if pending is not None:
        pending.close(stop=True)


def _core_free() -> bool:
    """Whether to fork: ``MODERATOR_PRELOAD=1`` always, ``0`` never; otherwise when a
    core is free (the load average of the last minute at most the cores less one).  On
    a busy machine the process would only take a core from the app's own start: the
    first frame came later (``benchmarks/bench_first_frame.py``, docs/benchmarks.md)."""
    asked = os.environ.get("MODERATOR_PRELOAD")
    if asked in ("0", "1"):
        return asked == "1"
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS
        cores = os.cpu_count() or 1
    return os.getloadavg()[0] + 1 <= cores


def take(path: Path, key: list[int] | None) -> tuple[LoadedSave, Game] | None:
    """What the process forked for ``path`` handed over (:meth:`Preload.take`), once;
    ``None`` when none was forked for that path."""
    global _pending
    pending = _pending
    if pending is None:
        return None
    _pending = None
    if os.path.realpath(pending.path) != os.path.realpath(path):
        pending.close(stop=True)
        return None
    return pending.take(key)


def _replay_and_send(path: Path, fd: int) -> None:  # pragma: no cover - the forked process
    """In the forked process: read and replay ``path`` as :meth:`Game.load` does (every
    check, the events compared), send it pickled through ``fd`` with the file's key
    before and after, and stop (``os._exit``: nothing of the app's process is flushed or
    closed twice).  Any failure sends nothing: the app then reads the save itself."""
    status = 0
    try:
        import pickle

        from moderator.game import Game
        from moderator.journal import load_save

        before = save_key(path)
        loaded = load_save(path, check_events=False)  # as Game.load, verified
        game = Game._replay_save(path, loaded, verify=True)
        after = save_key(path)
        data = pickle.dumps((before, after, loaded, game), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except BaseException:
        status = 1
    finally:
        os._exit(status)


terminal_before: list[Any] | None = None
"""The terminal's settings before :func:`keys_as_typed` changed them: the app hands them
to Textual's driver, which puts them back at a suspend and at the quit."""


def keys_as_typed(fd: int) -> list[Any] | None:
    """Set the terminal ``fd`` at once, long before Textual does, so that the keys typed
    while the app starts reach it as typed: no line editing nor echo, and a carriage
    return (Enter) stays one.  Until then the terminal's line discipline turned an Enter
    typed during the start into a line feed (read as ``ctrl+j``: the command typed
    at once was not given) and echoed the keys under the app.  Signals stay (``ctrl+c``
    still stops a start).  The settings before, or ``None`` (not a terminal, no
    ``termios``); :data:`terminal_before` keeps them."""
    global terminal_before
    try:
        import termios
    except ImportError:  # pragma: no cover - Windows
        return None
    try:
        if not os.isatty(fd):
            return None
        before = termios.tcgetattr(fd)
        now = termios.tcgetattr(fd)
        now[0] &= ~(termios.ICRNL | termios.INLCR | termios.IGNCR)
        now[3] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN)
        termios.tcsetattr(fd, termios.TCSANOW, now)
    except (OSError, termios.error):
        return None
    terminal_before = before
    return before


def restore_terminal(fd: int, before: list[Any] | None) -> None:
    """Put back the settings :func:`keys_as_typed` changed (as the launcher ends)."""
    global terminal_before
    terminal_before = None
    if before is None:
        return
    import termios

    try:
        termios.tcsetattr(fd, termios.TCSANOW, before)
    except (OSError, termios.error):
        pass
