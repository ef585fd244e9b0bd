"""The main screen's last picture, kept beside the save, shown while the save is read.

Opening a 1,000-command save reads and checks every record and replays every command
before the main screen can be composed (about 0.1 s of CPU, issue 41.2).  So, when the
banker lets go of a game (quits, or opens another), the main screen as it was drawn last
is kept beside the save, in ``.NAME.json.frame``: its rows of text and their styles,
nothing else.  The next opening shows that picture at once, as its first frame, and only
then reads, checks and replays the save as always; the main screen, composed from the
replayed game, then takes its place.

The save stays the truth, and the picture is never trusted:

* it is shown only when it was kept for this very file as it is now (its size,
  modification time and inode), by this version of the program, at this terminal's size,
  and it is read strictly (any doubt: no picture, the slow path of a plain opening);
* it is a picture, not a game: no key acts on it.  The keys typed while it is shown are
  held by the app, in order, and handed to the main screen once that is composed from the
  replayed game (:class:`moderator.ui.app.ModeratorApp`), so a burst of keys still commits
  what it spells or nothing;
* once the game is replayed, the state it reached is compared with the state the picture
  was drawn from (a SHA-256 digest of the state JSON): when they differ, the banker is
  told that the picture was out of date, and the screen shows the replayed game, as it
  always does.

Besides the quit, the picture is kept current: while the app runs, it keeps it again
once the banker has stopped typing for a moment after each accepted command
(:meth:`moderator.ui.app.ModeratorApp.keep_picture_when_idle`), so a save left by a crash
(kill -9, a power cut) has the picture of its last command; and ``moderator play
SCRIPT --save F`` and ``moderator amend`` start ``moderator picture F`` apart, at low
priority (:func:`moderator.ui.app.take_picture`): it opens the save read-only, draws the main screen
headless as the app draws it, at the terminal's size (with no terminal, at the size of
the save's earlier picture, the app's last: :func:`kept_size`), and keeps that picture,
unless the save changed meanwhile.  No other program writes a save (the phones' page
and the shell's other commands only read it).  A save written by an older moderator
opens as before the first time, as does a save at a terminal size it was never shown
at (a picture is laid out for its size: never shown at another).  The file is a cache:
removing it loses nothing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.errors import StyleSyntaxError
from rich.segment import Segment
from rich.style import Style
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from moderator import __version__

if TYPE_CHECKING:
    from textual.app import ComposeResult

PICTURE_VERSION = 1
"""The layout of ``.NAME.json.frame`` (another layout is not read)."""
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


def state_digest(data: Any) -> str:
    """The SHA-256 digest of a state JSON (its canonical text)."""
    import hashlib  # only after the first frame, or when a picture is kept

    text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


class Picture:
    """A picture read back (see the module docstring): the rows to draw, and the digest
    of the state they show."""

    __slots__ = ("rows", "state", "entries")

    def __init__(self, rows: list[Strip], state: str, entries: int) -> None:
        self.rows = rows
        self.state = state
        """The digest of the state JSON the picture was drawn from (:func:`state_digest`)."""
        self.entries = entries
        """How many journal entries the game had then."""


def keep_picture(
    save: Path, strips: list[Strip], data: Any, entries: int, *, key: list[int] | None = None
) -> bool:
    """Keep ``strips`` (the main screen as drawn) beside ``save``, for the next opening;
    whether it was written.

    Call it while holding the save (its lock), after its last write; or, without the lock
    (:func:`moderator.ui.app.take_picture`), with ``key``, the file as it was when read:
    nothing is written when the save is no longer that file.  Best effort, and no fsync
    (a cache): a picture that cannot be written is simply not there next time (the slow
    path)."""
    from moderator.journal import remove_stale_temps, write_atomic

    now = save_key(save)
    if now is None or not strips or (key is not None and key != now):
        return False
    rows = [
        [[seg.text, "" if seg.style is None else str(seg.style)] for seg in strip]
        for strip in strips
    ]
    width = max(strip.cell_length for strip in strips)
    try:  # never in the way of a quit: without a picture the next opening is the plain one
        record = {
            "picture": PICTURE_VERSION,
            "program": __version__,
            "save": now,
            "size": [width, len(strips)],
            "entries": entries,
            "state": state_digest(data),
            "rows": rows,
        }
        text = json.dumps(record, ensure_ascii=True, separators=(",", ":"))
        if key is None:  # holding the lock: a kill's temporary files are stale
            remove_stale_temps(Path(save))
        write_atomic(picture_path(save), text + "\n", side_of=Path(save), durable=False)
    except (OSError, ValueError, TypeError):
        return False
    return True


def _kept_record(save: Path) -> dict[str, Any]:
    """The picture beside ``save`` as a JSON object, read without any check of its rows
    (empty when there is none or it is not one)."""
    from moderator import osfiles

    try:
        record = json.loads(osfiles.read_head(picture_path(save), MAX_PICTURE_BYTES))
    except (osfiles.FileRefused, ValueError):
        return {}
    return record if type(record) is dict else {}


def kept_for(save: Path) -> list[int] | None:
    """The save file (:func:`save_key`) the picture beside ``save`` was kept for, if any."""
    key = _kept_record(save).get("save")
    return key if type(key) is list else None


def kept_size(save: Path) -> tuple[int, int] | None:
    """The terminal size (columns, rows) of the picture beside ``save``, current or not:
    the size the app last drew that game at, when it kept it (``None``: no picture, or
    no size in it)."""
    size = _kept_record(save).get("size")
    if type(size) is not list or len(size) != 2:
        return None
    columns, rows = size
    if type(columns) is not int or type(rows) is not int:
        return None
    if not (0 < columns <= 1000 and 0 < rows <= 1000):
        return None
    return columns, rows


def forget_picture(save: Path) -> None:
    """Remove the picture of ``save`` (when it can no longer be right), if any."""
    try:
        os.unlink(picture_path(save))
    except OSError:
        pass


def read_picture(save: Path, size: tuple[int, int]) -> Picture | None:
    """The picture kept for ``save`` as the file is now, at the terminal's ``size``, or
    ``None`` (none kept, kept for another version of the file, of the program or another
    size, or not exactly as :func:`keep_picture` writes one)."""
    from moderator import osfiles

    key = save_key(save)
    if key is None:
        return None
    try:
        raw = osfiles.read_head(picture_path(save), MAX_PICTURE_BYTES + 1)
    except osfiles.FileRefused:
        return None
    if len(raw) > MAX_PICTURE_BYTES:
        return None
    try:
        record = json.loads(raw)
    except ValueError:
        return None
    if (
        type(record) is not dict
        or record.get("picture") != PICTURE_VERSION
        or record.get("program") != __version__
        or record.get("save") != key
        or record.get("size") != list(size)
        or type(record.get("state")) is not str
        or type(record.get("entries")) is not int
        or type(record.get("rows")) is not list
        or len(record["rows"]) != size[1]
    ):
        return None
    width = size[0]
    styles: dict[str, Style | None] = {"": None}
    strips = []
    try:
        for row in record["rows"]:
            segments = []
            cells = 0
            for text, style in row:
                if type(text) is not str or type(style) is not str or not text.isprintable():
                    return None
                if style not in styles:
                    styles[style] = Style.parse(style)
                segment = Segment(text, styles[style])
                cells += segment.cell_length
                segments.append(segment)
            if cells != width:
                return None
            strips.append(Strip(segments, cells))
    except (ValueError, TypeError, StyleSyntaxError):  # a malformed row, an unknown style
        return None
    return Picture(strips, record["state"], record["entries"])


class PictureView(Widget):
    """The rows of a picture, drawn as they were kept."""

    DEFAULT_CSS = "PictureView { width: 1fr; height: 1fr; }"

    def __init__(self, rows: list[Strip]) -> None:
        super().__init__()
        self.rows = rows

    def render_line(self, y: int) -> Strip:
        return self.rows[y] if y < len(self.rows) else Strip.blank(self.size.width)


class PictureScreen(Screen[None]):
    """The main screen's last picture, while the save of ``path`` is read and replayed
    (see the module docstring).  It takes no key (the app holds them for the main
    screen); once its first frame is on the terminal, the app opens the game in its
    place (:meth:`moderator.ui.app.ModeratorApp.show_picture`)."""

    def __init__(self, path: Path, picture: Picture) -> None:
        super().__init__(id="picture")
        self.path = path
        self.picture = picture
        self.ready_for_keys = False
        """Never: the keys typed meanwhile wait for the main screen."""

    def compose(self) -> ComposeResult:
        yield PictureView(self.picture.rows)


# ------------------------------------------------------------ a picture for a save written apart
DEFAULT_SIZE = (120, 40)
"""The size a picture is drawn at when the terminal's is not known."""
TAKE_TIMEOUT = 60.0
"""Seconds after which :func:`moderator.ui.app.take_picture` gives up (a child never
stays behind)."""
