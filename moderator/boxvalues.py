"""Box values a table has confirmed, kept beside the saves for its next game (issue 22).

1847 Pfalz and 1847 RRRR&B need values printed only on the components (the Pfalz
package's prices, the black/white train cards, the Pfalz Phase Table: see
:mod:`rulesets.g1847pfalz`), 1853 its stock market board's track and pars
(:mod:`rulesets.g1853`); both list them in the state JSON as :mod:`rulesets.box` entries
(``box``; 1853's ``board_values``).  The banker gives them with ``box KEY VALUE`` lines
after ``game`` (1853: ``market`` and ``setpar``); a table enters its box once: the values
confirmed are kept in ``box-values.json`` in the saves folder, one object per title, and
offered (as the lines that give them, :func:`kept_lines`) when the next game of that
title is set up.  The Pfalz package board's values
(PLP, SPR, SPR.income, rows) are one board's, which 1847 Pfalz and RRRR&B share (12.1):
they are kept once, under ``"1847 Pfalz package"``, and serve both.

The file is small and plain JSON::

    {"1847 Pfalz package": {"SPR": "170", "SPR.income": "10"},
     "1847Pfalz": {"price.6": "550"}}

A missing, unreadable or malformed file is an empty one: the values are then simply
asked again.  Writes replace the file whole (a temporary file renamed over it).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from moderator import osfiles
from moderator.osfiles import FileRefused

FILE_NAME = "box-values.json"
LIMIT = 64 * 1024
"""The file is a few hundred bytes; anything larger is not ours."""


def path_in(saves: Path) -> Path:
    """The kept values' file in the saves folder ``saves``."""
    return Path(saves) / FILE_NAME


def _read(saves: Path) -> dict[str, dict[str, str]]:
    try:
        raw = osfiles.read_regular(path_in(saves), LIMIT)
        data: Any = json.loads(raw.decode("utf-8"))
    except (FileRefused, UnicodeDecodeError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, dict[str, str]] = {}
    for title, values in data.items():
        if isinstance(title, str) and isinstance(values, dict):
            out[title] = {
                str(k): str(v)
                for k, v in values.items()
                if isinstance(k, str) and isinstance(v, str | int) and str(v).strip()
            }
    return out


def kept(saves: Path, title: str) -> dict[str, str]:
    """The values kept for ``title`` (``{}`` when none are)."""
    return dict(_read(saves).get(title, {}))


def keep(saves: Path, title: str, values: Mapping[str, Any]) -> Path:
    """Keep ``values`` for ``title`` (merged over those kept before); returns the file.

    Raises:
        OSError: the saves folder cannot be written.
    """
    data = _read(saves)
    data.setdefault(title, {}).update({str(k): str(v) for k, v in values.items()})
    folder = Path(saves)
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    fd, tmp = osfiles.create_temp(folder, ".box-values", ".tmp", 0o644)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path_in(folder))
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path_in(folder)


def entries(state_json: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A state JSON's box entries (``box``; 1853's ``board_values``), readings left out."""
    rows = state_json.get("box") or state_json.get("board_values") or []
    return [e for e in rows if e.get("status") != "reading"]


def kept_for(saves: Path, state_json: Mapping[str, Any]) -> dict[str, str]:
    """The kept values a game's box asks for, in its order: each under the name its
    ``box`` entry is kept as (``kept_as``: the Pfalz package board's values serve 1847
    Pfalz and RRRR&B alike, 12.1), else under the title (the file's first layout)."""
    data = _read(saves)
    title = str(state_json.get("title", ""))
    out: dict[str, str] = {}
    for entry in entries(state_json):
        key = str(entry["key"])
        for group in (str(entry.get("kept_as") or title), title):
            if key in data.get(group, {}):
                out[key] = data[group][key]
                break
    return out


def keep_confirmed(saves: Path, state_json: Mapping[str, Any]) -> Path | None:
    """Keep a game's confirmed box values, each under its ``kept_as`` name (a value
    confirmed for the Pfalz package serves every version played with it); returns the
    file, or ``None`` when nothing is confirmed.

    Raises:
        OSError: the saves folder cannot be written.
    """
    title = str(state_json.get("title", ""))
    groups: dict[str, dict[str, str]] = {}
    for entry in entries(state_json):
        if entry.get("status") == "confirmed" and entry.get("value") is not None:
            group = str(entry.get("kept_as") or title)
            groups.setdefault(group, {})[str(entry["key"])] = str(entry["value"])
    path = None
    for group, values in groups.items():
        path = keep(saves, group, values)
    return path


def confirmed(state_json: Mapping[str, Any]) -> dict[str, str]:
    """The confirmed box values of a game's state JSON (its ``box`` entries)."""
    return {
        str(entry["key"]): str(entry["value"])
        for entry in entries(state_json)
        if entry.get("status") == "confirmed" and entry.get("value") is not None
    }


def box_lines(values: Mapping[str, Any], keys: Iterable[str] | None = None) -> list[str]:
    """``box KEY VALUE`` lines for ``values`` (only ``keys``, in their order, if given)."""
    wanted = list(values) if keys is None else [k for k in keys if k in values]
    return [f"box {key} {values[key]}" for key in wanted if str(values[key]).strip()]


def kept_lines(saves: Path, state_json: Mapping[str, Any]) -> list[str]:
    """The lines that give a new game the values its table kept (:func:`kept_for`): each
    entry's own ``line`` (1853: ``market ...``, ``setpar CORP V``), else ``box KEY VALUE``;
    a kept value equal to the one shown is given too, which confirms it."""
    kept = kept_for(saves, state_json)
    lines = []
    for entry in entries(state_json):
        key = str(entry["key"])
        if key not in kept:
            continue
        if entry.get("line"):
            head = str(entry["line"]).removesuffix(str(entry["value"])).rstrip()
            lines.append(f"{head} {kept[key]}")
        else:
            lines.append(f"box {key} {kept[key]}")
    return lines


__all__ = [
    "FILE_NAME",
    "box_lines",
    "confirmed",
    "entries",
    "keep",
    "keep_confirmed",
    "kept",
    "kept_for",
    "kept_lines",
    "path_in",
]
