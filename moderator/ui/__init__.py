"""The Textual front end of moderator: ``app.py`` (the App and :func:`run_app`),
``screens/`` (main screen, dialogs, history, help, start) and ``widgets/``.

Nothing here computes rules: widgets render the state JSON of the core and send
banker-script commands; legality comes from ``Game.try_command`` and
``Game.legal_commands``, money from ``Game.state_json`` and receipts from
``Game.receipt``.
"""

import sys


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


_asyncio_without_tls()
