"""The table view's connection guard: slow, keyless and surplus connections, bounded headers.

uvicorn closes a keep-alive connection that stays quiet after a response, but
forgets that timer at the first byte it receives, and waits for ever for the
rest of a request; its ``limit_concurrency`` only answers a request that did
arrive.  With ``--lan`` anyone on the Wi-Fi could open connections that never
finish their request (a *slowloris*: a byte every few seconds) until the table
is shut out.  :class:`GuardedH11Protocol` is uvicorn's own h11 protocol with
these rules:

- **a request's line and headers must be whole within** :data:`HEAD_SECONDS`:
  counted from the connection's opening, and again from the end of each
  answer it was sent (the next request on a kept-alive connection).  A
  connection still without a whole request then is closed, however many bytes
  it trickled.  A request being answered (a viewer's event stream) is never
  cut by this;
- **a request without the valid key does not keep its connection**: the app
  answers it (``403``, or ``405`` for a method other than ``GET``) with
  ``connection: close`` and the connection is closed, so completing keyless
  requests holds no slot either.  A request with the key marks its connection
  *keyed* (:func:`mark_keyed`, called by the app's key check before it answers);
- **at most** :data:`MAX_CONNECTIONS` **are open at once**.  A new connection
  past the cap makes room by closing a connection that is not keyed: from the
  client address that holds the most such connections, the oldest of them.
  A keyed connection (a viewer's page, its event stream) is never closed for
  room; a viewer's fresh connection, not keyed until its request is read, is
  not taken while another address holds more unkeyed connections than the
  viewer's own.  Only when every other open connection is keyed is the new
  one refused with a plain ``503``, then closed once its request line and
  headers were read (or after :data:`REFUSED_SECONDS`): a close with a
  request unread is a TCP reset, which loses the ``503`` (issue 42.5);
- a request's line and headers are bounded by :data:`MAX_HEADER_BYTES`: h11 answers
  one still arriving past it with ``400``, :class:`BoundedHeaders` a whole one with ``431``.

What it cannot tell apart: connections from the viewer's own address (the same
phone), and an attacker with the key (a player) holding every slot with keyed
streams.

:class:`OncePerKind` keeps uvicorn's and asyncio's logs to one line per kind of
refusal (no traceback per connection).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import Counter
from collections.abc import Iterable
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_SECONDS = 5.0
"""How long a connection has to send a whole request line and headers: from its opening,
and from the end of each answer it was sent."""

MAX_CONNECTIONS = 256
"""Connections open at once (each viewer needs one or two; a table has a dozen at most)."""

MAX_HEADER_BYTES = 8 * 1024
"""The largest request line plus headers accepted (a viewer's are under 1 KiB)."""

REFUSED_SECONDS = 1.0
"""How long a connection refused with ``503`` is kept for its request to be read (and
dropped) before it is closed: the kernel resets a connection closed with data unread,
and the reset can reach the client before it read the answer."""

KEYED = "moderator.guard.keyed"
"""The entry of a request's ASGI ``state`` holding its connection's callback: the app calls
it (through :func:`mark_keyed`) when the request carries the valid key."""

_BUSY = b"too many connections; try again later\n"
_REFUSAL = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(_BUSY), _BUSY)
)

_OPENED = itertools.count()
"""The order connections were opened in (the oldest has the lowest number)."""

log = logging.getLogger("moderator.web")


def mark_keyed(scope: Any) -> None:
    """Say that the request of ``scope`` carries the valid key: its connection is then never
    closed to make room.  Does nothing for a request that came another way (a test client)."""
    state = scope.get("state")
    callback = state.get(KEYED) if isinstance(state, dict) else None
    if callable(callback):
        callback()


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol that closes slow and surplus connections, keyed ones last."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keyed = False
        """Whether a request with the valid key came on this connection."""
        self.opened = next(_OPENED)
        self.source = ""
        """The client's address (its port left out)."""
        self.head_deadline: asyncio.TimerHandle | None = None
        self.refused = False
        """Answered ``503`` at once: what it sends is read and dropped until its request's
        headers end, then it is closed."""
        self._refused_read = 0
        self._refused_tail = b""
        # every request's state carries the callback that marks this connection keyed
        self.app_state = {**self.app_state, KEYED: self._mark_keyed}

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Take the connection, make room for it past the cap, and time its first request."""
        super().connection_made(transport)
        self.source = self.client[0] if self.client else ""
        if len(self.connections) > MAX_CONNECTIONS:  # closing ones included: look closer
            still_open = [
                c
                for c in self.connections
                if isinstance(c, GuardedH11Protocol)
                and not c.transport.is_closing()
                and not c.refused  # answered already, closed in a moment
            ]
            if len(still_open) > MAX_CONNECTIONS:
                victim = _room_from(still_open)
                if victim is self:
                    log.warning(
                        "refused a connection: %d are open, every other one keyed", MAX_CONNECTIONS
                    )
                    self.refused = True
                    transport.write(_REFUSAL)
                    self.head_deadline = self.loop.call_later(REFUSED_SECONDS, transport.close)
                    return
                log.warning("closed a connection without the key: %d are open", MAX_CONNECTIONS)
                victim.transport.close()
        self._time_next_request()

    def data_received(self, data: bytes) -> None:
        """A refused connection's request is read and dropped; it is closed at the end of
        its headers (or past :data:`MAX_HEADER_BYTES`).  Any other goes to h11."""
        if not self.refused:
            super().data_received(data)
            return
        self._refused_read += len(data)
        seen = self._refused_tail + data
        self._refused_tail = seen[-3:]
        if b"\r\n\r\n" in seen or self._refused_read > MAX_HEADER_BYTES:
            self.transport.close()

    def on_response_complete(self) -> None:
        """An answer was sent: the next request's headers are timed from now."""
        super().on_response_complete()
        if not self.transport.is_closing():
            self._time_next_request()

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection is gone: so is its timer."""
        if self.head_deadline is not None:
            self.head_deadline.cancel()
            self.head_deadline = None
        super().connection_lost(exc)

    def _mark_keyed(self) -> None:
        self.keyed = True

    def _time_next_request(self) -> None:
        if self.head_deadline is not None:
            self.head_deadline.cancel()
        self.head_deadline = self.loop.call_later(HEAD_SECONDS, self._head_too_late)

    def _head_too_late(self) -> None:
        """Close the connection unless a request is being answered.  (asyncio runs a due
        timer after the reads of the same pass, so headers that reached the server before
        its last look count, however late the loop runs.)"""
        self.head_deadline = None
        answering = self.cycle is not None and not self.cycle.response_complete
        if answering or self.transport.is_closing():
            return
        log.warning("closed a connection with no whole request within %gs", HEAD_SECONDS)
        self.transport.close()


def _room_from(connections: Iterable[GuardedH11Protocol]) -> GuardedH11Protocol:
    """The connection to close to make room: among ``connections`` (the open ones, the new
    one too) those that are not keyed, of them those of the address holding the most, and
    of those the oldest.  The new one when it is the only one not keyed."""
    unkeyed = [c for c in connections if not c.keyed]
    held = Counter(c.source for c in unkeyed)
    return min(unkeyed, key=lambda c: (-held[c.source], c.opened))


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
    "HEAD_SECONDS",
    "KEYED",
    "REFUSED_SECONDS",
    "BoundedHeaders",
    "MAX_CONNECTIONS",
    "MAX_HEADER_BYTES",
    "GuardedH11Protocol",
    "OncePerKind",
    "mark_keyed",
    "quiet_logs",
]
