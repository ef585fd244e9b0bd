"""A module imported the first time one of its names is read (issue 41).

``hashlib = lazy_module("hashlib")`` at the top of a module reads like the import it
replaces, and every ``hashlib.sha256`` after it works as before; the module itself is
imported only when a name of it is first read.  A process that never writes or checks a
save (``moderator play SCRIPT --json``, ``moderator check``) so never pays for it.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any


class LazyModule:
    """Stands for the module ``name``: imports it when a name of it is first read, then
    reads every name from the module itself (a name patched there is seen)."""

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_module", None)

    def __getattr__(self, attr: str) -> Any:
        module = self._module
        if module is None:
            module = importlib.import_module(self._name)
            object.__setattr__(self, "_module", module)
        return getattr(module, attr)

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}>"


def lazy_module(name: str) -> Any:
    """The module ``name``, imported when one of its names is first read."""
    return LazyModule(name)
