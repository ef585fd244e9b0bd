"""The main screen's last pictures, kept beside the save, shown while the save is read.

Opening a 1,000-command save reads and checks every record and replays every command
before the main screen can be composed (about 0.1 s of CPU, issue 41.2).  So, when the
banker lets go of a game (quits, or opens another), the main screen as it was drawn last
is kept beside the save, in ``.NAME.json.frame``: its rows of text and their styles,
nothing else.  The next opening shows that picture at once, as its first frame, and only
then reads, checks and replays the save as always; the main screen, composed from the
replayed game, then takes its place.

A picture is laid out for its terminal's size, and shown only at that size.  The file
keeps one for each of the last :data:`MAX_SIZES` sizes the game was shown at (the
laptop's screen, a larger monitor, a resized terminal), one line each, the most recent
first, within :data:`MAX_PICTURE_BYTES` (the oldest sizes dropped), so that each of them
opens on its own picture.

The save stays the truth, and the picture is never trusted:

* it is shown only when it was kept for this very file as it is now (its size,
  modification time, inode and the CRC-32 of its end, :func:`save_key`), by this version
  of the program, at this terminal's size, and it is read strictly: the line of that
  size, exactly as :func:`keep_picture` writes it (its head names the layout, the size
  and the save file; one line of that size, no more lines than :data:`MAX_SIZES`, the
  file within its bytes), its rows and styles checked cell by cell, no control character
  and no link in them (a link is sent to the terminal as an escape sequence holding its
  text), any doubt: no picture, the slow path of a plain opening. Each line stands
  alone: a picture of one size, damaged or out of date, takes nothing from another's;
* it is a picture, not a game: no key acts on it.  The keys typed while it is shown are
  held by the app, in order, and handed to the main screen once that is composed from the
  replayed game (:class:`moderator.ui.app.ModeratorApp`), so a burst of keys still commits
  what it spells or nothing;
* once the game is replayed, the state it reached is compared with the state the picture
  was drawn from (a SHA-256 digest of the state JSON): when they differ, the banker is
  told that the picture was out of date, the pictures of every size are removed, and the
  screen shows the replayed game, as it always does.

Besides the quit, the picture is kept current: while the app runs, it keeps it again
once the banker has stopped typing for a moment after each accepted command
(:meth:`moderator.ui.app.ModeratorApp.keep_picture_when_idle`), so a save left by a crash
(kill -9, a power cut) has the picture of its last command at the app's size.  A command
leaves the pictures of the other sizes out of date (they name the file as it was: never
shown); as the app lets go of the game it starts ``moderator picture F`` apart for them,
as ``moderator play SCRIPT --save F`` and ``moderator amend`` do for theirs (at low
priority, :func:`moderator.ui.app.take_picture`): it opens the save read-only, draws the
main screen headless as the app draws it, at the terminal's size (``play``'s, first in
the order) and at each size whose picture is out of date (in their places), and keeps
each, unless the save changed meanwhile.  No other program writes a save (the phones'
page and the shell's other commands only read it).  Two writers at once (the app and a
child) may lose one's line, never mix two: the file is replaced whole.  A save written by
an older moderator opens as before the first time, as does a save at a terminal size it
was never shown at (or not among the last few).  The file is a cache: removing it loses
nothing.
"""

from __future__ import annotations

import functools
import json
import os
import re
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

PICTURE_VERSION = 3
"""The layout of ``.NAME.json.frame`` (another layout is not read): one line for each
terminal size, most recent first, each a JSON record that begins with its layout, its
size and the save file it was kept for (:func:`keep_picture`)."""
MAX_PICTURE_BYTES = 1 << 20
"""A picture file larger than this is not read, and none is written larger (a 120x40
screen takes about 30 KB): the oldest sizes are dropped to keep under it."""
MAX_SIZES = 3
"""How many terminal sizes keep their picture (the most recent ones); a file with more
lines is not read."""
MAX_TERMINAL = (1024, 512)
"""The largest terminal (columns, rows) a picture is kept, read or drawn at: an 8K screen
(7680 x 4320 pixels) in a cell of 7.5 x 8.4 pixels, smaller than any font a banker reads,
so no real terminal is larger; and a main screen at this size (about 0.65 MB) still fits in
:data:`MAX_PICTURE_BYTES`.  A larger size (a crafted ``.NAME.json.frame`` line, ``COLUMNS``
set to nonsense) is ignored: never drawn (at 1000 x 1000 a child spent 0.7 s drawing a
picture too large to keep, at every let-go), read or kept, and its line is dropped at the
next keep; such a terminal opens the plain way."""


def terminal_size_ok(size: tuple[int, int]) -> bool:
    """Whether ``size`` (columns, rows) is one a terminal can be (:data:`MAX_TERMINAL`)."""
    columns, rows = size
    return 0 < columns <= MAX_TERMINAL[0] and 0 < rows <= MAX_TERMINAL[1]


def picture_path(save: Path) -> Path:
    """Where the picture of ``save`` is kept: ``.NAME.json.frame`` beside it."""
    save = Path(save)
    return save.with_name(f".{save.name}.frame")


TAIL_BYTES = 1 << 16
"""How much of the save's end :func:`save_key` sums (a record's chained checksum covers
every byte before it: the last record's is the whole journal's)."""


def save_key(save: Path) -> list[int] | None:
    """What identifies the save's file as it is now: size, modification time (ns) and
    inode of the file it names (every write of a save replaces or grows it), and the
    CRC-32 of its last :data:`TAIL_BYTES` (a file system's clock keeps time by ticks, FAT's
    of 2 s: a file written twice within one tick, the second game of the same size, keeps
    its time).  ``None``: no regular file there."""
    import stat
    import zlib

    from moderator import osfiles

    try:
        fd = os.open(save, osfiles.READ)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        tail = os.pread(fd, TAIL_BYTES, max(0, info.st_size - TAIL_BYTES))
    except OSError:
        return None
    finally:
        os.close(fd)
    return [info.st_size, info.st_mtime_ns, info.st_ino, zlib.crc32(tail)]


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


def _head(size: tuple[int, int], key: list[int]) -> bytes:
    """How the line of the picture at ``size`` kept for the save file ``key`` begins,
    exactly as :func:`keep_picture` writes it."""
    return (
        f'{{"picture":{PICTURE_VERSION},"size":[{size[0]},{size[1]}],'
        f'"save":[{key[0]},{key[1]},{key[2]},{key[3]}],"program":{json.dumps(__version__)},'
    ).encode("ascii")


@functools.cache
def _head_pattern() -> re.Pattern[bytes]:
    """The head of a line of :func:`keep_picture`'s layout, by this program (:func:`_head`);
    compiled when first asked (never before the first frame: :func:`read_picture` looks
    for its own head, :func:`_head`)."""
    return re.compile(
        rb'\{"picture":' + str(PICTURE_VERSION).encode() + rb',"size":\[([1-9][0-9]{0,3}),'
        rb'([1-9][0-9]{0,3})\],"save":\[([0-9]{1,20}),([0-9]{1,20}),([0-9]{1,20}),([0-9]{1,10})\],'
        rb'"program":' + re.escape(json.dumps(__version__).encode("ascii")) + rb","
    )


def _lines(save: Path) -> list[bytes] | None:
    """The lines of the picture file beside ``save`` (``None``: none, too large, or more
    lines than :data:`MAX_SIZES`)."""
    from moderator import osfiles

    try:
        raw = osfiles.read_head(picture_path(save), MAX_PICTURE_BYTES + 1)
    except osfiles.FileRefused:
        return None
    if len(raw) > MAX_PICTURE_BYTES:
        return None
    lines = raw.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return lines if len(lines) <= MAX_SIZES else None


def _kept(save: Path) -> list[tuple[tuple[int, int], list[int], bytes]]:
    """The pictures beside ``save`` by this program, most recent first, read by their
    heads alone (their rows unchecked): each one's size, the save file it was kept for,
    and its line.  A line of another layout or program is left out, as is a second line
    of a size."""
    kept: list[tuple[tuple[int, int], list[int], bytes]] = []
    for line in _lines(save) or ():
        head = _head_pattern().match(line)
        if head is None:
            continue
        columns, rows, *key = (int(x) for x in head.groups())
        size = (columns, rows)
        if terminal_size_ok(size) and all(size != s for s, _, _ in kept):
            kept.append((size, key, line))
    return kept


def kept_pictures(save: Path) -> list[tuple[tuple[int, int], list[int]]]:
    """The pictures beside ``save``, most recent first, current or not: each one's
    terminal size (columns, rows) and the save file (:func:`save_key`) it was kept for."""
    return [(size, key) for size, key, _ in _kept(save)]


def kept_sizes(save: Path) -> list[tuple[int, int]]:
    """The terminal sizes (columns, rows) the pictures beside ``save`` were drawn at, most
    recent first, current or not: the sizes the app last drew that game at."""
    return [size for size, _, _ in _kept(save)]


def kept_for(save: Path, size: tuple[int, int]) -> list[int] | None:
    """The save file (:func:`save_key`) the picture at ``size`` beside ``save`` was kept
    for, if there is one."""
    for kept_size_, key, _ in _kept(save):
        if kept_size_ == tuple(size):
            return key
    return None


def stale_sizes(save: Path) -> list[tuple[int, int]]:
    """The sizes of the pictures beside ``save`` kept for another file than the save is
    now (out of date: never shown, drawn again apart, :func:`moderator.ui.app.take_picture`)."""
    now = save_key(save)
    return [size for size, key, _ in _kept(save) if key != now]


def keep_picture(
    save: Path,
    strips: list[Strip],
    data: Any,
    entries: int,
    *,
    key: list[int] | None = None,
    in_place: bool = False,
) -> bool:
    """Keep ``strips`` (the main screen as drawn) beside ``save``, for the next opening
    at their size; whether it was written.  The pictures of the other sizes kept before
    stay (the most recent :data:`MAX_SIZES`, within :data:`MAX_PICTURE_BYTES`), this one
    first, or with ``in_place`` where its size was (a picture drawn again apart).

    Call it while holding the save (its lock), after its last write; or, without the lock
    (:func:`moderator.ui.app.take_picture`), with ``key``, the file as it was when read:
    nothing is written when the save is no longer that file.  Best effort, and no fsync
    (a cache): a picture that cannot be written is simply not there next time (the slow
    path), and two writers at once may lose one's picture (never mix them: each line is
    whole, and each is checked against the save)."""
    from moderator.journal import remove_stale_temps, write_atomic

    now = save_key(save)
    if now is None or not strips or (key is not None and key != now):
        return False
    rows = [
        [[seg.text, "" if seg.style is None else str(seg.style)] for seg in strip]
        for strip in strips
    ]
    size = (max(strip.cell_length for strip in strips), len(strips))
    if not terminal_size_ok(size):
        return False  # never read back
    try:  # never in the way of a quit: without a picture the next opening is the plain one
        record = {
            "picture": PICTURE_VERSION,
            "size": list(size),
            "save": now,
            "program": __version__,
            "entries": entries,
            "state": state_digest(data),
            "rows": rows,
        }
        line = json.dumps(record, ensure_ascii=True, separators=(",", ":")).encode("ascii")
        if not line.startswith(_head(size, now)) or len(line) >= MAX_PICTURE_BYTES:
            return False  # never read back
        kept = [(s, text) for s, _, text in _kept(save)]
        if in_place and any(s == size for s, _ in kept):
            order = [(s == size, line if s == size else text) for s, text in kept]
        elif in_place:
            order = [(False, text) for _, text in kept] + [(True, line)]
        else:
            order = [(True, line)] + [(False, text) for s, text in kept if s != size]
        del order[MAX_SIZES:]  # the oldest sizes
        while sum(len(text) + 1 for _, text in order) > MAX_PICTURE_BYTES:
            del order[max(i for i, (new, _) in enumerate(order) if not new)]
        if not any(new for new, _ in order):
            return False
        if key is None:  # holding the lock: a kill's temporary files are stale
            remove_stale_temps(Path(save))
        body = b"".join(text + b"\n" for _, text in order)
        write_atomic(picture_path(save), body, side_of=Path(save), durable=False)
    except (OSError, ValueError, TypeError):
        return False
    return True


def forget_picture(save: Path) -> None:
    """Remove the pictures of ``save`` (when one can no longer be right), if any."""
    try:
        os.unlink(picture_path(save))
    except OSError:
        pass


def read_picture(save: Path, size: tuple[int, int]) -> Picture | None:
    """The picture kept for ``save`` as the file is now, at the terminal's ``size``, or
    ``None`` (none kept at that size, kept for another version of the file or of the
    program, or not exactly as :func:`keep_picture` writes one).  Only the line of that
    size is read as JSON.  None at a size no terminal is (:data:`MAX_TERMINAL`)."""
    if not terminal_size_ok(size):
        return None
    key = save_key(save)
    if key is None:
        return None
    lines = _lines(save)
    if lines is None:
        return None
    sized = b'{"picture":%d,"size":[%d,%d],' % (PICTURE_VERSION, size[0], size[1])
    found = [line for line in lines if line.startswith(sized)]
    if len(found) != 1 or not found[0].startswith(_head(size, key)):
        return None  # none at this size, two, or kept for the file as it was
    try:
        record = json.loads(found[0])
    except (ValueError, RecursionError):  # RecursionError: brackets nested 100,000 deep
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
                    parsed = Style.parse(style) if style.isprintable() else None
                    if parsed is None or parsed.link is not None:
                        return None  # a link is sent as OSC 8, the file's text in it
                    styles[style] = parsed
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
