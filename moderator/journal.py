"""The journal and save files.

A save file is one JSON object::

    {"format_version": 1, "title": "1846", "players": [...],
     "journal": [{"line": "par Amy GT 60", "round": "SR 1",
                  "command": {...}, "events": [...]}, ...]}

It is written atomically (temporary file, fsync, rename, fsync of the folder)
after every accepted command.  Loading checks the format version (older files
are migrated one step at a time; newer ones are refused), validates every
entry and replays the journal, comparing the events each command produces
with the stored ones.  A file that fails any of this is reported and left
untouched.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from moderator.commands import Command
from moderator.errors import SaveError
from moderator.events import Event

FORMAT_VERSION = 1
"""The save format this version writes."""

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""One-step migrations on raw save data: ``MIGRATIONS[n]`` turns version n into n + 1."""


class Entry(BaseModel):
    """One accepted command with the events it caused."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    line: str
    """The command as a script line."""
    round: str
    """Where the game stood when the command was given, e.g. ``SR 1`` or ``OR 2.1``."""
    command: Command
    events: tuple[Event, ...] = ()


class SaveFile(BaseModel):
    """The whole save file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format_version: int
    title: str
    players: tuple[str, ...]
    journal: tuple[Entry, ...] = ()


_ENTRY = TypeAdapter(Entry)


def entry_json(entry: Entry) -> str:
    """An entry as compact JSON (cached by the game so a save only writes text)."""
    return _ENTRY.dump_json(entry).decode()


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def save_text(title: str, players: list[str], entries_json: list[str]) -> str:
    """The save file's text from already-serialised entries."""
    head = json.dumps({"format_version": FORMAT_VERSION, "title": title, "players": players})
    body = ",\n  ".join(entries_json)
    return head[:-1] + ', "journal": [\n  ' + body + ("\n]}\n" if entries_json else "]}\n")


def read_save(path: Path) -> SaveFile:
    """Read and validate a save file (without replaying it).

    Raises:
        SaveError: the file is missing, not JSON, from a newer version, or malformed.
    """
    path = Path(path)
    try:
        raw_text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: cannot be read ({exc})") from None
    try:
        data = json.loads(raw_text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{path}: not a valid save (corrupt or truncated JSON at line {exc.lineno}: {exc.msg})"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"{path}: not a valid save ({exc})") from None
    if not isinstance(data, dict) or "format_version" not in data:
        raise SaveError(f"{path}: not a moderator save file (no format_version)")
    version = data["format_version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise SaveError(f"{path}: format_version {version!r} is not a version number")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"{path}: written by a newer moderator (save format {version}; this one reads up to "
            f"{FORMAT_VERSION}). Upgrade moderator to open it."
        )
    while version < FORMAT_VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise SaveError(f"{path}: save format {version} is too old to migrate")
        data = migrate(data)
        version = data["format_version"]
    try:
        # strict: a number written as text ("60") or as 60.5 is a damaged file, not a 60
        return SaveFile.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise SaveError(
            f"{path}: malformed save at {_where(first['loc'])}: {first['msg']}"
        ) from None


def _where(loc: tuple[int | str, ...]) -> str:
    """A validation error's location for people: ``journal entry 3: command.price``."""
    parts = [str(x) for x in loc]
    if len(parts) >= 2 and parts[0] == "journal" and parts[1].isdigit():
        rest = ".".join(parts[2:])
        return f"journal entry {int(parts[1]) + 1}" + (f" ({rest})" if rest else "")
    return ".".join(parts) or "the top level"
