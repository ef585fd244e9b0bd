"""A module imported the first time one of its names is read (issue 41).

``hashlib = lazy_module("hashlib")`` at the top of a module reads like the import it
replaces, and every ``hashlib.sha256`` after it works as before; the module itself is
imported only when a name of it is first read.  A process that never writes or checks a
save (``moderator play SCRIPT --json``, ``moderator check``) so never pays for it.
"""

from __future__ import annotations

import importlib
from typing import Any


class LazyModule:
    """Stands for the module ``name`` until it is needed; each name read is kept."""

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)

    def __getattr__(self, attr: str) -> Any:
        value = getattr(importlib.import_module(self._name), attr)
        object.__setattr__(self, attr, value)  # the next read finds it at once
        return value

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}>"


def lazy_module(name: str) -> Any:
    """The module ``name``, imported when one of its names is first read."""
    return LazyModule(name)
