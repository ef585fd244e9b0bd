"""The main screen's picture drawn apart: ``moderator picture SAVE`` started as a child of
its own, at low priority, by ``play --save``, ``amend`` and the TUI as it lets go of a game
(docs/saves.md, "The picture at start").  No Textual here: the child draws with it, this
module only starts it (:func:`moderator.ui.app.take_picture` is what the child runs).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

PICTURE_OFF = "MODERATOR_NO_PICTURE"
"""An environment variable: set (to anything but empty), no ``moderator picture`` child
is started (the tests set it)."""


_PICTURE_CHILDREN: dict[str, int] = {}
"""The ``moderator picture`` children this process started and has not reaped, by save
(a TUI session starts one at each game it lets go of, and lives on)."""


def _reap_pictures() -> None:
    """Reap the picture children that are done (else each stays a zombie as long as the
    TUI runs), and forget them."""
    for save, pid in list(_PICTURE_CHILDREN.items()):
        try:
            done = os.waitpid(pid, os.WNOHANG)[0]
        except ChildProcessError:  # reaped already (by whom started it otherwise)
            done = pid
        if done:
            del _PICTURE_CHILDREN[save]


def leave_picture(save: Path, *, terminal: bool = True) -> int | None:
    """Start ``moderator picture SAVE [--size COLUMNSxROWS]`` apart, for the TUI's next
    opening of ``save`` (:func:`moderator.ui.app.take_picture`; docs/saves.md, "The
    picture at start"): in a session of its own, its input and output the null device,
    with this process's import path; this one never waits for it.  The size is the
    terminal's, as the TUI would see it (``COLUMNS``/``LINES``, else the terminal behind
    stdout, stderr or stdin); with no terminal (a script, a pipe) none is given, and the
    child draws at the size of the save's earlier picture (the app's last), else
    120x40; the child also draws again the out-of-date pictures of the other sizes kept
    (the app, as it lets go of a game, starts it with ``terminal=False``: only those).
    Its process id, or ``None`` when it was not started (:data:`PICTURE_OFF` set, no
    ``posix_spawn``, it failed, or this process's child for the same save still runs: one
    at a time, however fast the banker switches games; a picture it cannot keep, the save
    changed meanwhile, is drawn at the next let-go or opening).  The children done are
    reaped here."""
    if os.environ.get(PICTURE_OFF) or not hasattr(os, "posix_spawn") or not sys.executable:
        return None
    _reap_pictures()
    target = os.path.abspath(save)
    if target in _PICTURE_CHILDREN:
        return None
    size = [_positive(os.environ.get("COLUMNS")), _positive(os.environ.get("LINES"))]
    if not terminal:  # only the other sizes' pictures
        size = [0, 0]
    for fd in (1, 2, 0) if terminal else ():  # as Textual's driver sees it (shutil's)
        try:
            seen = os.get_terminal_size(fd)
        except (OSError, ValueError):
            continue
        size = [size[0] or seen.columns, size[1] or seen.lines]
        break
    code = (  # at low priority: it waits for nobody, behind whatever the banker runs
        "import os, sys\ntry:\n    os.nice(10)\nexcept OSError:\n    pass\n"
        f"sys.path[:] = {sys.path!r}\nfrom moderator.cli import main\nsys.exit(main())\n"
    )
    argv = [sys.executable, "-c", code, "picture", target]
    if size[0] and size[1]:  # else the child's default: the earlier picture's size
        argv += ["--size", f"{size[0]}x{size[1]}"]
    null = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (0, 1, 2)]
    try:
        pid = os.posix_spawn(sys.executable, argv, dict(os.environ), file_actions=null, setsid=True)
    except OSError:
        return None
    _PICTURE_CHILDREN[target] = pid
    return pid


def _positive(text: str | None) -> int:
    """``text`` as a number of columns or rows, 0 when it is none."""
    return int(text) if text and text.isascii() and text.isdigit() else 0  # `²`: no number
