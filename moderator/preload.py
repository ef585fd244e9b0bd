"""What ``moderator open`` does before Textual is imported (issue 41).

The terminal set at once (:func:`keys_as_typed`, put back by :func:`restore_terminal`)
so that the keys typed while the app starts reach it as typed: an Enter typed during the
start stays Enter, and nothing is echoed under the app.

A process forked to read and replay the save while Textual started was tried here and
removed: it measured a later first frame on a loaded machine, more CPU, and an
unmeasured gain on an idle one, and handing the game back meant unpickling it
(docs/benchmarks.md, the TUI's start-up).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # not `typing`'s (issue 41): this module is imported before Textual
if TYPE_CHECKING:
    from typing import Any

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
