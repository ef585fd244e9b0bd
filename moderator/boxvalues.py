"""Box values a table has confirmed, kept beside the saves for its next game (issue 22).

1847 Pfalz and 1847 RRRR&B need values printed only on the components (the Pfalz
package's prices, the black/white train cards, the Pfalz Phase Table: see
:mod:`rulesets.g1847pfalz`).  The banker gives them with ``box KEY VALUE`` lines after
``game``; a table enters its box once: the values confirmed are kept in
``box-values.json`` in the saves folder, one object per title, and offered (as ``box``
lines) when the next game of that title is set up.

The file is small and plain JSON::

    {"1847Pfalz": {"SPR": "170", "SPR.income": "10", "price.6": "550"},
     "1847RRRRB": {"SPR": "170", "SPR.income": "10"}}

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


def confirmed(state_json: Mapping[str, Any]) -> dict[str, str]:
    """The confirmed box values of a game's state JSON (its ``box`` entries)."""
    return {
        str(entry["key"]): str(entry["value"])
        for entry in state_json.get("box") or []
        if entry.get("status") == "confirmed" and entry.get("value") is not None
    }


def box_lines(values: Mapping[str, Any], keys: Iterable[str] | None = None) -> list[str]:
    """``box KEY VALUE`` lines for ``values`` (only ``keys``, in their order, if given)."""
    wanted = list(values) if keys is None else [k for k in keys if k in values]
    return [f"box {key} {values[key]}" for key in wanted if str(values[key]).strip()]


__all__ = ["FILE_NAME", "box_lines", "confirmed", "keep", "kept", "path_in"]
