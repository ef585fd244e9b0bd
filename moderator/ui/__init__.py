"""The Textual front end of moderator: ``app.py`` (the App and :func:`run_app`),
``screens/`` (main screen, dialogs, history, help, start) and ``widgets/``.

Nothing here computes rules: widgets render the state JSON of the core and send
banker-script commands; legality comes from ``Game.try_command`` and
``Game.legal_commands``, money from ``Game.state_json`` and receipts from
``Game.receipt``.

Importing the package imports asyncio and Textual's app for the screen's start
(issue 21.4): asyncio without its TLS support, and the few modules Textual uses
only now and then (:data:`LATER`) on their first use.
"""

import importlib
import sys
import types
from collections.abc import Callable
from typing import Any


def _asyncio_without_tls() -> None:
    """Import asyncio, which Textual runs on, without its TLS support.

    asyncio imports :mod:`ssl` at once for encrypted connections, which the screen's
    process never makes (the table view it serves is plain HTTP): 20 M instructions of
    every start of the screen (issue 21.4).  While asyncio is imported ``ssl`` is
    marked missing, which asyncio expects (it then refuses only encrypted
    connections); then the mark goes, so anything importing ``ssl`` later gets it.
    Nothing is done when asyncio or ssl is already imported.
    """
    if "asyncio" in sys.modules or "ssl" in sys.modules:
        return
    sys.modules["ssl"] = None  # type: ignore[assignment]
    try:
        import asyncio  # noqa: F401
    finally:
        del sys.modules["ssl"]


class _ImportedOnFirstUse(types.ModuleType):
    """Stands for a module while Textual is imported: the module is imported when one
    of its names is first used (looked up, or called for the :attr:`callables` named)."""

    def __init__(self, name: str, callables: tuple[str, ...]) -> None:
        super().__init__(name)
        for function in callables:
            setattr(self, function, self._later(function))

    def _later(self, function: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            return getattr(self._module(), function)(*args, **kwargs)

        call.__name__ = function
        return call

    def _module(self) -> types.ModuleType:
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return importlib.import_module(self.__name__)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # the import system asking (``__path__``...), not a use
            raise AttributeError(name)
        return getattr(self._module(), name)


LATER = {"uuid": ("uuid4",), "platformdirs": ("user_downloads_path",)}
"""Modules Textual imports at once and uses only now and then, with the functions it
takes from them: ``uuid`` (a notification's identity, a file sent to a browser;
``uuid`` imports ``platform``) and ``platformdirs`` (the folder screenshots go to).
Imported on first use they take 27 M instructions off every start of the screen
(issue 21.4)."""


def _textual_without_rare_imports() -> None:
    """Import Textual's app with the :data:`LATER` modules imported on first use; the
    stand-ins leave ``sys.modules`` at once, so anything else imports them as usual.
    Nothing is done when Textual's app is already imported."""
    if "textual.app" in sys.modules:
        return
    standing_in = [name for name in LATER if name not in sys.modules]
    for name in standing_in:
        sys.modules[name] = _ImportedOnFirstUse(name, LATER[name])
    try:
        import textual.app  # noqa: F401
    finally:
        for name in standing_in:
            if isinstance(sys.modules.get(name), _ImportedOnFirstUse):
                del sys.modules[name]


_asyncio_without_tls()
_textual_without_rare_imports()
