"""The table view's connection guard: idle and surplus connections, bounded headers.

uvicorn closes a keep-alive connection that stays quiet after a response, but a
connection that never sends a request at all is kept for ever, and its
``limit_concurrency`` only answers a request that did arrive.  With ``--lan``
anyone on the Wi-Fi could open such connections until the process runs out of
files.  :class:`GuardedH11Protocol` is uvicorn's own h11 protocol with three
additions:

- a connection that has sent nothing within :data:`FIRST_BYTE_SECONDS` is closed;
- at most :data:`MAX_CONNECTIONS` are open at once: a new one past the cap first
  closes the oldest connection that has sent nothing yet (a real viewer's page
  and stream always have), and only when there is none is it refused with a
  plain ``503`` and closed;
- a request's line and headers are bounded by :data:`MAX_HEADER_BYTES`: h11 answers
  one still arriving past it with ``400``, :class:`BoundedHeaders` a whole one with ``431``.

:class:`OncePerKind` keeps uvicorn's and asyncio's logs to one line per kind of
refusal (no traceback per connection).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

FIRST_BYTE_SECONDS = 5.0
"""How long a new connection may stay silent before it is closed."""

MAX_CONNECTIONS = 256
"""Connections open at once (each viewer needs one or two; a table has a dozen at most)."""

MAX_HEADER_BYTES = 8 * 1024
"""The largest request line plus headers accepted (a viewer's are under 1 KiB)."""

_BUSY = b"too many connections; try again later\n"
_REFUSAL = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(_BUSY), _BUSY)
)

log = logging.getLogger("moderator.web")


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol that closes silent connections and caps how many are open."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Take the connection, make room for it past the cap, and time its first byte."""
        self.silent = True
        super().connection_made(transport)
        if len(self.connections) > MAX_CONNECTIONS and not self._close_oldest_silent():
            log.warning("refused a connection: %d are open (the cap)", MAX_CONNECTIONS)
            transport.write(_REFUSAL)
            transport.close()
            return
        loop = asyncio.get_running_loop()
        self.timeout_keep_alive_task = loop.call_later(FIRST_BYTE_SECONDS, self._silent_too_long)

    def data_received(self, data: bytes) -> None:
        """The connection spoke: it is no longer a candidate for closing as silent."""
        self.silent = False
        super().data_received(data)

    def _silent_too_long(self) -> None:
        if self.silent and not self.transport.is_closing():
            log.warning("closed a connection that sent nothing within %gs", FIRST_BYTE_SECONDS)
            self.transport.close()

    def _close_oldest_silent(self) -> bool:
        """Close the oldest connection that has sent nothing (the set keeps no order, so
        the one whose timer runs out first); whether there was one."""
        silent = [
            c
            for c in self.connections
            if c is not self and getattr(c, "silent", False) and not c.transport.is_closing()
        ]
        if not silent:
            return False
        oldest = min(silent, key=_deadline)
        log.warning("closed a silent connection: %d are open (the cap)", MAX_CONNECTIONS)
        oldest.transport.close()
        return True


class BoundedHeaders:
    """ASGI middleware: a request whose line and headers pass :data:`MAX_HEADER_BYTES` is
    answered ``431`` (h11 bounds only a request still arriving; a whole one in one
    packet reaches the app)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Refuse an oversized request; pass everything else (the lifespan too) on."""
        if scope["type"] == "http" and _head_size(scope) > MAX_HEADER_BYTES:
            log.warning("refused a request whose headers pass %d bytes", MAX_HEADER_BYTES)
            await send(
                {
                    "type": "http.response.start",
                    "status": 431,
                    "headers": [
                        (b"content-type", b"text/plain; charset=utf-8"),
                        (b"connection", b"close"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": b"request headers too large\n"})
            return
        await self.app(scope, receive, send)


def _head_size(scope: Any) -> int:
    size = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
    return size + sum(len(name) + len(value) + 4 for name, value in scope["headers"])


def _deadline(conn: Any) -> float:
    task = conn.timeout_keep_alive_task
    return task.when() if task is not None else 0.0


class OncePerKind(logging.Filter):
    """Lets the first record of each kind of message through, and no traceback at all.

    A flood of connections repeats the same few refusals thousands of times; the
    banker's terminal needs each kind once.  The kind is the message's format
    string (``"Invalid HTTP request received."``, ``"refused a connection: ..."``).
    """

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether ``record`` is the first of its kind (its traceback is dropped)."""
        kind = str(record.msg)
        if kind in self.seen:
            return False
        self.seen.add(kind)
        record.exc_info = None
        record.exc_text = None
        return True


def quiet_logs() -> None:
    """Install :class:`OncePerKind` on the loggers a flood of connections writes to."""
    for name in ("uvicorn.error", "asyncio", "moderator.web"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, OncePerKind) for f in logger.filters):
            logger.addFilter(OncePerKind())


__all__ = [
    "FIRST_BYTE_SECONDS",
    "BoundedHeaders",
    "MAX_CONNECTIONS",
    "MAX_HEADER_BYTES",
    "GuardedH11Protocol",
    "OncePerKind",
    "quiet_logs",
]
