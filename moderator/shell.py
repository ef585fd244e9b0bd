"""What the shell commands share: escaped messages, JSON output, a save opened for
reading and a banker script read whole.

``moderator.cli`` and ``moderator.whatif`` both print through these, so a save or a
script never sends a control sequence to the terminal and every command reads files
with the same bounds and the same words for what is wrong with them.
"""

from __future__ import annotations

import json
import sys
from json.encoder import encode_basestring_ascii as _quote
from pathlib import Path

from moderator.errors import Refusal, SaveError
from moderator.game import Game
from moderator.lazy import lazy_module
from moderator.text import escaped

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any

shutil = lazy_module("shutil")  # with its compressors: only for the terminal's width

EXIT_OK = 0
"""Every line accepted."""
EXIT_REFUSED = 1
"""A refused line (its number and the rule on stderr), or a save that cannot be read."""
EXIT_FILES = 2
"""A problem with the files: a script that cannot be read, a save that cannot be written."""
MAX_SCRIPT_BYTES = 64 * 2**20
"""A longer script is refused unread (a real one is a few hundred kilobytes at most)."""


def safe(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control character shown as an escape (``\\x1b``, ``\\u202e``)."""
    return escaped(text, keep_newlines=keep_newlines)


def columns() -> int:
    """The width printed text keeps within: ``COLUMNS``, else the terminal's, else 100
    (a pipe, a file; issues 21.7, 38.4)."""
    return max(shutil.get_terminal_size((100, 24)).columns, 0)


def err(message: str) -> None:
    """One line on stderr, escaped."""
    print(safe(message), file=sys.stderr)


def print_json(data: dict[str, Any]) -> None:
    """``data`` on stdout as indented JSON."""
    # escaped like json.dumps, every control character (and all non-ASCII): safe as it is
    sys.stdout.write(indented_json(data) + "\n")


class _Unusual(Exception):
    """A value :func:`indented_json` leaves to :func:`json.dumps`."""


def indented_json(data: object) -> str:
    """``json.dumps(data, indent=2)``, byte for byte, in half its instructions (issue 41).

    With an indent, :mod:`json` encodes in Python, through a generator per container;
    this builds each container's text at once instead. Plain ``dict`` (string keys),
    ``list``, ``tuple``, ``str``, ``int``, ``bool``, ``None`` and finite ``float`` are
    written here exactly as :mod:`json` writes them; anything else (a subclass, a
    non-string key, NaN) is left to :func:`json.dumps` itself.
    """
    try:
        return _json_item(data, "")
    except _Unusual:
        return json.dumps(data, indent=2)


def _json_item(value: object, indent: str) -> str:
    kind = type(value)
    if kind is str:
        return _quote(value)
    if kind is int:
        return int.__repr__(value)
    if kind is dict:
        return _json_dict(value, indent)
    if kind is list or kind is tuple:
        return _json_list(value, indent)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if kind is float and value - value == 0.0:  # finite
        return float.__repr__(value)
    raise _Unusual


def _json_dict(data: dict[object, object], outer: str) -> str:
    if not data:
        return "{}"
    inner = outer + "  "
    quote = _quote
    items: list[str] = []
    append = items.append
    for key, value in data.items():
        if type(key) is not str:
            raise _Unusual
        kind = type(value)
        if kind is str:
            append(f"{quote(key)}: {quote(value)}")
        elif kind is int:
            append(f"{quote(key)}: {int.__repr__(value)}")
        else:
            append(f"{quote(key)}: {_json_item(value, inner)}")
    return "{\n" + inner + (",\n" + inner).join(items) + "\n" + outer + "}"


def _json_list(data: list[object] | tuple[object, ...], outer: str) -> str:
    if not data:
        return "[]"
    inner = outer + "  "
    items = [_json_item(value, inner) for value in data]
    return "[\n" + inner + (",\n" + inner).join(items) + "\n" + outer + "]"


def fit(text: str) -> str:
    """``text`` with each line longer than :func:`columns` wrapped at spaces, further
    lines indented as the line was, plus two; a word longer than the width (a path) is
    never cut (issue 38.4: lines of 108-278 columns on a 100-column terminal)."""
    width = columns()
    out: list[str] = []
    for line in text.split("\n"):
        if not width or len(line) <= width:
            out.append(line)
            continue
        import textwrap

        lead = line[: len(line) - len(line.lstrip(" "))]
        out += textwrap.wrap(
            line.strip(),
            width,
            initial_indent=lead,
            subsequent_indent=lead + "  ",
            break_long_words=False,
            break_on_hyphens=False,
        )
    return "\n".join(out)


def tell(game: Game) -> None:
    """What the banker must know about a save just opened (a cut last line, entries
    today's rules settle differently), one ``warning:`` each on stderr, wrapped to
    :func:`columns`."""
    for notice in game.notices():
        for line in fit(f"warning: {notice}").split("\n"):
            err(line)


def open_read_only(save: Path) -> Game | None:
    """A save opened read-only (no lock, never written), or ``None`` after a one-line
    message; its notices (:func:`tell`) go to stderr."""
    try:
        game = Game.load(save, read_only=True)
    except SaveError as exc:
        err(str(exc))
        return None
    except Exception as exc:  # no traceback for a save, whatever is in it
        err(f"{save}: cannot be opened ({type(exc).__name__}: {exc})")
        return None
    tell(game)
    return game


def answer_check(game: Game, line: str) -> str | None:
    """A ``check`` line's answer, or ``None`` after saying why it is refused."""
    from moderator.checker import check

    try:
        return check(game, line.strip()).text()
    except Refusal as exc:
        err(f"refused: {exc}")
        return None


def read_script(script: Path) -> str | int:
    """A banker script's text, or the exit status after saying why it cannot be read: an
    unreadable file or one past :data:`MAX_SCRIPT_BYTES` (:data:`EXIT_FILES`), bytes that
    are not UTF-8 (:data:`EXIT_REFUSED`, with the line).  A pipe is fine
    (``/dev/stdin``); ``/dev/zero`` is not.  An editor's byte-order mark is not part of
    line 1."""
    try:
        with script.open("rb") as fh:
            data = fh.read(MAX_SCRIPT_BYTES + 1)
    except OSError as exc:
        err(f"{script}: cannot read ({exc.strerror or exc})")
        return EXIT_FILES
    if len(data) > MAX_SCRIPT_BYTES:
        err(f"{script}: not a banker script (more than {MAX_SCRIPT_BYTES // 2**20} MB)")
        return EXIT_FILES
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        number = data.count(b"\n", 0, exc.start) + 1
        bad = data[exc.start : exc.start + 1].hex()
        err(f"line {number}: refused: not UTF-8 text (byte 0x{bad})")
        return EXIT_REFUSED
