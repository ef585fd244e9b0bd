"""The table view's server: a read-only web page of the game for every player's phone.

Starlette (routing, responses, server-sent events) served by uvicorn, pages from
Jinja2 templates; no HTTP is parsed here.

Read-only by construction:

* only ``GET`` (and ``HEAD``) is answered; any other method is refused with 405
  before anything else runs, and no route changes the game;
* the game is read through a :class:`moderator.follow.GameSource` (a save
  opened read-only, or the TUI's game, only read);
* the files served are the package's own assets, read once at start into a table
  keyed by name: no part of a URL ever reaches the filesystem;
* every request needs the access token, given in the query string
  (``?token=...``) or by the cookie the first page answer sets; without it the
  answer is 403, and the connection is closed after it (:mod:`moderator.web.guard`
  keeps a connection that showed the token before any other).  The address printed
  (and drawn as a QR code) carries the token.

Live: one background task per server refreshes the source (every
:data:`POLL_SECONDS`, or at once when the source says it changed), and renders
the view once per change, in a worker thread.  ``/events`` is a server-sent event
stream that carries the view (the page's changing part, as HTML: ``event: view``)
when it opens, then on every change only the view's sections that changed
(``event: parts``, the sections' HTML; the page swaps each in by its id), and in
them an unchanged log entry, card or receipt only as a note to keep the page's own
copy (``<li data-keep="c12"></li>``); a stream that missed a version, or opens
holding an older one, gets the whole view again, and one that opens holding the
current version (``have=N``, or ``Last-Event-ID`` on a reconnection) gets nothing
until the next change; an idle stream carries an ``event: alive`` every
:data:`KEEPALIVE_SECONDS`, so the page can tell a stream gone quiet.  Every viewer gets
the same bytes (the frames
are made once per change), so many viewers cost one refresh and one rendering per
change, and the banker's process (the TUI's thread, or the ``play`` writing the
save) never waits for them.

Routes: ``/`` (the page), ``/view`` (the page's changing part), ``/events`` (the
stream), ``/ping`` (the version, as text: is the server there, with this key),
``/log?before=N`` (the log's older commands, as list items), ``/download/NAME`` (the
game exported: ``game.xlsx``, ``final.csv``, ...),
``/state.json`` (the spec's state JSON), ``/snapshot.json`` (everything the page
shows, as JSON), ``/static/NAME`` (the assets).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
import socket
import sys
import threading
import time
import traceback
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import anyio
import jinja2
import segno
import uvicorn
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from moderator import export
from moderator.errors import SaveError
from moderator.follow import GameSource, SaveFollower
from moderator.text import counted, escaped
from moderator.web.colours import stylesheet
from moderator.web.guard import (
    MAX_HEADER_BYTES,
    BoundedHeaders,
    GuardedH11Protocol,
    mark_keyed,
    quiet_logs,
)
from moderator.web.view import DOWNLOADS, LOG_PAGE, page_model

__all__ = [
    "COOKIE",
    "Sharing",
    "create_app",
    "lan_address",
    "new_token",
    "qr_text",
    "serve_main",
    "sse_frame",
    "start_sharing",
]

COOKIE = "moderator_table"
"""The cookie that carries the access token after the first page (HttpOnly, SameSite)."""

POLL_SECONDS = 0.25
"""How often the server looks at the source for a change nobody announced (a save
written by another process): well within the second the page has to follow a command."""

KEEPALIVE_SECONDS = 2.0
"""An ``event: alive`` on an idle event stream this often: proxies and phones keep the
stream, and the page knows the server is still there (a comment line would reach no
script); the page says it is stale when a few go missing."""

ALIVE_FRAME = b"event: alive\ndata: %d\n\n"
"""The keep-alive event (its data the version the server shows): about 30 bytes."""

RETRY_MS = 2000
"""How soon a browser reconnects a dropped event stream (the ``retry:`` field)."""

SECTION = re.compile(rb'<section id="(s-[a-z]+)".*?</section>', re.S)
"""A top-level section of the view (its id, its HTML): the unit an update sends.  The
sections never nest, and every text in them is escaped, so the first ``</section>``
ends one."""

UNIT = re.compile(
    rb'<li value="\d+" data-key="[^"]+"[^\n]*</li>$'  # a log entry: one line
    rb'|<article [^>]*?data-key="[^"]+".*?</article>'  # a player's or company's card
    rb'|<figure [^>]*?data-key="[^"]+".*?</figure>',  # a receipt
    re.S | re.M,
)
"""An element of a section the page keeps when it did not change: an update sends
``<TAG data-keep="KEY"></TAG>`` in its place and the page moves its own copy there."""

_KEY = re.compile(rb'<([a-z]+) [^>]*?data-key="([^"]+)"')


def _units(section: bytes) -> dict[bytes, bytes]:
    found = {}
    for m in UNIT.finditer(section):
        head = _KEY.match(m.group(0))
        if head:
            found[head.group(2)] = m.group(0)
    return found


def thinned(section: bytes, before: bytes) -> bytes:
    """``section`` with every unit (:data:`UNIT`) that ``before`` holds unchanged replaced
    by an empty element saying to keep it."""
    old = _units(before)

    def keep(m: re.Match[bytes]) -> bytes:
        head = _KEY.match(m.group(0))
        if head is None or old.get(head.group(2)) != m.group(0):
            return m.group(0)
        tag, key = head.group(1), head.group(2)
        return b'<%s data-keep="%s"></%s>' % (tag, key, tag)

    return UNIT.sub(keep, section)


@dataclass(frozen=True)
class Frames:
    """The server-sent events of one version, made once for every viewer."""

    version: int
    full: bytes
    """``event: view``: the whole view."""
    base: int | None = None
    """The version :attr:`parts` updates (the one before), or ``None``."""
    parts: bytes = b""
    """``event: parts``: only the sections that changed since :attr:`base`."""


SECURITY_HEADERS = [
    (b"cache-control", b"no-store"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        b"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
]
"""Sent with every answer: nothing cached, nothing from elsewhere, no framing."""

_ASSET_TYPES = {
    "style.css": "text/css; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "icon.svg": "image/svg+xml",
}


def _assets() -> dict[str, tuple[bytes, str]]:
    """The package's static files, read once: name -> (bytes, content type)."""
    folder = resources.files("moderator.web").joinpath("static")
    table = {
        name: (folder.joinpath(name).read_bytes(), kind) for name, kind in _ASSET_TYPES.items()
    }
    table["colours.css"] = (stylesheet().encode(), "text/css; charset=utf-8")
    return table


_ENV = jinja2.Environment(
    loader=jinja2.PackageLoader("moderator.web", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
_ENV.filters["counted"] = counted  # `{{ n|counted("command") }}`: 1 command, 2 commands


def new_token() -> str:
    """A fresh random access token (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


# ================================================================= the shared refresh
class Hub:
    """The one refresh of the source shared by every viewer of one server.

    :meth:`update` runs in a worker thread: it refreshes the source and, when the
    version moved, renders the view and the JSON once.  :meth:`run` is the
    background task; streams wait on :meth:`wait`.
    """

    def __init__(self, source: GameSource, token: str) -> None:
        self.source = source
        self.token = token
        self.version = -1
        self.view = b""
        self.snapshot_json = b""
        self.state_json = b""
        self.model: dict[str, Any] = {}
        self.frames = Frames(-1, b"")
        """The version's server-sent events (the view, the changed sections), replaced
        as one."""
        self.sections: dict[bytes, bytes] = {}
        """The current view's sections by id."""
        self.closing = False
        self.on_notices: Callable[[list[str]], None] | None = None
        """Called (in the refreshing thread) with the source's notices whenever they
        change: ``serve`` prints them on the banker's terminal (issue 42.3)."""
        self._told: list[str] = list(source.notices)
        self._render_lock = threading.Lock()
        self._export_lock = threading.Lock()
        self._exports: tuple[int, dict[str, bytes]] = (-1, {})
        """The downloads of one version (its workbook and CSV files), made when first asked."""
        self._changed = asyncio.Event()
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None

    def update(self) -> bool:
        """Refresh the source; render when its version moved. Whether it did."""
        with self._render_lock:
            self.source.refresh()
            version = self.source.version
            if version == self.version and self.view:
                return False
            snap = self.source.snapshot()
            model = page_model(snap)
            notices = list(snap.get("notices") or ())
            model["notices"] = notices  # a cut or shorter save, on every page (issue 42.3)
            if notices != self._told:
                self._told = notices
                if self.on_notices is not None:
                    self.on_notices(notices)
            view = _ENV.get_template("view.html").render(m=model, token=self.token).encode()
            self.view = view
            self.snapshot_json = json.dumps(snap, ensure_ascii=False).encode()
            self.state_json = json.dumps(snap["state"], ensure_ascii=False).encode()
            self.model = model
            sections = {m.group(1): m.group(0) for m in SECTION.finditer(view)}
            changed = [
                thinned(html, self.sections[key]) if key in self.sections else html
                for key, html in sections.items()
                if self.sections.get(key) != html
            ]
            parts = b""
            if self.frames.version >= 0 and sections.keys() == self.sections.keys():
                # an event with no data is never dispatched: say so rather than send none
                body = b"\n".join(changed) or b"<!-- nothing on the page changed -->"
                parts = sse_frame(snap["version"], body, event="parts")
            self.frames = Frames(
                snap["version"],
                sse_frame(snap["version"], view),
                self.frames.version if parts else None,
                parts,
            )
            self.sections = sections
            self.version = snap["version"]
            return True

    def download(self, name: str) -> bytes:
        """The file ``name`` of :data:`DOWNLOADS` exported from the game as last read: the
        workbook, or the five CSV files at once, made when first asked for a version (in
        the caller's worker thread, one export at a time) and kept for that version."""
        with self._export_lock:
            version, files = self._exports
            if version != self.source.version:
                version, files = self.source.version, {}
            if name not in files:
                game = self.source.game_copy()
                if name == "game.xlsx":
                    files[name] = export.workbook(game)
                else:
                    files.update(export.csv_files(game))
            self._exports = (version, files)
            return files[name]

    async def ensure(self) -> None:
        """Make sure something was rendered (a server used without its lifespan)."""
        if not self.view:
            await anyio.to_thread.run_sync(self.update)

    async def run(self) -> None:
        """Refresh at every poll or nudge until :meth:`close`; wake the streams on change."""
        self._loop = asyncio.get_running_loop()
        self.source.add_listener(self.nudge)
        try:
            while not self.closing:
                try:
                    changed = await anyio.to_thread.run_sync(self.update)
                except Exception:  # a bug in a view must not stop the viewers' updates
                    traceback.print_exc()
                    changed = False
                if changed:
                    self._notify()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), POLL_SECONDS)
                self._wake.clear()
        finally:
            self.source.remove_listener(self.nudge)

    def nudge(self) -> None:
        """The source changed (called from any thread): refresh now."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._wake.set)

    def _notify(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait(self, version: int, timeout: float) -> None:
        """Until the version is no longer ``version``, the server closes, or ``timeout``."""
        if self.frames.version != version or self.closing:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    def close(self) -> None:
        """End every stream and the refresh task (in the server's loop)."""
        self.closing = True
        self._notify()
        self._wake.set()

    def close_threadsafe(self) -> None:
        """:meth:`close` from another thread."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.close)
        else:
            self.closing = True


# ================================================================= the guard
class Guard:
    """Refuses every method but GET/HEAD (405) and every request without the token (403),
    and closes the connection after the refusal; tells the connection guard
    (:func:`moderator.web.guard.mark_keyed`) when a request has the token; adds
    :data:`SECURITY_HEADERS` to every answer, and the token cookie when the token came in
    the query string.  A plain ASGI middleware, so streams are not buffered."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # no websockets: close before accepting
            await send({"type": "websocket.close", "code": 1008})
            return
        request = Request(scope)
        from_query = request.query_params.get("token")
        given = from_query or request.cookies.get(COOKIE) or ""
        response: Response | None = None
        if scope["method"] not in ("GET", "HEAD"):
            response = PlainTextResponse(
                "405: this view is read-only; it answers GET only\n",
                status_code=405,
                headers={"Allow": "GET, HEAD"},
            )
        elif not secrets.compare_digest(given.encode(), self.token.encode()):
            response = PlainTextResponse(
                "403: open the address the banker shows (it carries the access token)\n",
                status_code=403,
            )
        if response is None:
            mark_keyed(scope)  # the guard keeps this connection before any unkeyed one
        set_cookie = response is None and from_query is not None

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS:
                    headers[name.decode()] = value.decode()
                if response is not None:  # a refused request keeps no connection
                    headers["connection"] = "close"
                if set_cookie:
                    headers.append(
                        "set-cookie", f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                    )
            await send(message)

        if response is not None:
            await response(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


# ================================================================= routes
def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def page(request: Request) -> Response:
    """The whole page (the first load; later changes come through ``/view``)."""
    hub = _hub(request)
    await hub.ensure()
    html = _ENV.get_template("page.html").render(
        m=hub.model, token=hub.token, alive=KEEPALIVE_SECONDS
    )
    return Response(html, media_type="text/html; charset=utf-8")


def _file_stem(label: str) -> str:
    """A download's file name before its suffix, from the game's label (its save's name):
    letters, digits, ``.``, ``_`` and ``-`` only, so no header or path is ever made of it."""
    stem = label.removesuffix(".json")
    return re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.") or "game"


async def download(request: Request) -> Response:
    """The game exported, as a download: ``game.xlsx`` (the workbook of ``moderator export
    --xlsx``) or one of its CSV files (``final.csv``, ...); anything else is 404.  Read
    only, behind the key like every route; made from the game as the page shows it."""
    hub = _hub(request)
    name = request.path_params["name"]
    if name not in DOWNLOADS:
        return PlainTextResponse("404: no such download\n", status_code=404)
    await hub.ensure()
    body = await anyio.to_thread.run_sync(hub.download, name)
    label = _file_stem(hub.source.label)
    filename = f"{label}.xlsx" if name == "game.xlsx" else f"{label}-{name}"
    return Response(
        body,
        media_type=DOWNLOADS[name],
        headers={"content-disposition": f'attachment; filename="{filename}"'},
    )


async def ping(request: Request) -> Response:
    """The version the server shows, as text: the page asks when its stream went quiet or
    failed, to tell a server that is away (no answer), frozen (no answer in time) or
    restarted with a new key (403: the game moved to a new address)."""
    hub = _hub(request)
    return PlainTextResponse(f"{hub.version}\n")


async def view(request: Request) -> Response:
    """The page's changing part, as rendered for the current version."""
    hub = _hub(request)
    await hub.ensure()
    return Response(hub.view, media_type="text/html; charset=utf-8")


async def state_json(request: Request) -> Response:
    """The spec's state JSON of the game as the page shows it."""
    hub = _hub(request)
    await hub.ensure()
    return Response(hub.state_json, media_type="application/json")


async def snapshot_json(request: Request) -> Response:
    """Everything the page shows, as JSON (state, score, receipts, log, version)."""
    hub = _hub(request)
    await hub.ensure()
    return Response(hub.snapshot_json, media_type="application/json")


async def older_log(request: Request) -> Response:
    """The log's commands numbered below ``before`` (at most ``count``, 100 by default
    and at most 1000), newest first, as the list items the page appends."""
    hub = _hub(request)
    await hub.ensure()

    def number(name: str, default: int, most: int) -> int:
        given = request.query_params.get(name, "")
        return min(int(given), most) if _digits(given, 9) else default

    before = number("before", 0, 1 << 30)
    count = max(1, number("count", LOG_PAGE, 1000))
    entries = await anyio.to_thread.run_sync(hub.source.older_log, before, count)
    html = _ENV.get_template("older.html").render(entries=entries)
    return Response(html, media_type="text/html; charset=utf-8")


def _digits(text: str, most: int) -> bool:
    """Whether ``text`` is a number of at most ``most`` ASCII digits.  ``str.isdigit`` alone
    lets through what ``int`` refuses (``²``, from a hostile query or header: a 500 and a
    traceback on the banker's terminal) and other scripts' digits (``١٢٣``)."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


def sse_frame(version: int, view: bytes, event: str = "view") -> bytes:
    """The server-sent event of one version: ``id`` the version, ``event: view`` (or
    ``parts``), the HTML as ``data`` lines (made once per version, sent to every viewer)."""
    lines = view.replace(b"\r", b"").split(b"\n")
    data = b"".join(b"data: " + line + b"\n" for line in lines)
    return b"id: %d\nevent: %s\n%s\n" % (version, event.encode(), data)


async def events(request: Request) -> Response:
    """Server-sent events: the current view at once (so a reconnection catches up),
    unless the browser says (``Last-Event-ID``, or ``have=N`` for the page's first
    stream) it holds that version already; then on
    every change the sections that changed, or the whole view to a stream that missed a
    version; comments keep the connection alive; the stream ends when the server
    closes."""
    hub = _hub(request)
    await hub.ensure()
    # the version the page holds: the stream's last event (a reconnection), else the
    # version the page was loaded with (``have``)
    last = request.headers.get("last-event-id") or request.query_params.get("have", "")
    held: int | None = int(last) if _digits(last, 19) else None

    async def stream() -> AsyncIterator[bytes]:
        yield b"retry: %d\n\n" % RETRY_MS
        sent = held
        while not hub.closing:
            frames = hub.frames
            if frames.version != sent:
                yield frames.parts if sent is not None and frames.base == sent else frames.full
                sent = frames.version
            else:
                yield ALIVE_FRAME % frames.version
            await hub.wait(frames.version, KEEPALIVE_SECONDS)

    return StreamingResponse(
        stream(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"}
    )


def _static_route(assets: dict[str, tuple[bytes, str]]) -> Any:
    async def static(request: Request) -> Response:
        """One of the package's own assets, by exact name; anything else is 404."""
        found = assets.get(request.path_params["name"])
        if found is None:
            return PlainTextResponse("404: no such file\n", status_code=404)
        body, kind = found
        return Response(body, media_type=kind)

    return static


def create_app(source: GameSource, token: str) -> Starlette:
    """The read-only table view of ``source``, answering only requests with ``token``.

    The returned app runs its refresh task in its lifespan (uvicorn, or Starlette's
    ``TestClient`` used as a context manager); ``app.state.hub`` is the shared refresh.
    """
    if not token:
        raise ValueError("the table view needs an access token")
    hub = Hub(source, token)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await anyio.to_thread.run_sync(hub.update)
        task = asyncio.create_task(hub.run())
        try:
            yield
        finally:
            hub.close()
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/view", view, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
        Route("/ping", ping, methods=["GET"]),
        Route("/download/{name}", download, methods=["GET"]),
        Route("/log", older_log, methods=["GET"]),
        Route("/state.json", state_json, methods=["GET"]),
        Route("/snapshot.json", snapshot_json, methods=["GET"]),
        Route("/static/{name}", _static_route(_assets()), methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    app.add_middleware(Guard, token=token)
    return app


# ================================================================= running it
def lan_address() -> str | None:
    """This machine's address on the local network (the interface of the default route),
    or ``None`` without one.  No packet is sent: connecting a UDP socket only picks
    the route."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never routed anywhere
        address = s.getsockname()[0]
        if address and not address.startswith("127.") and address != "0.0.0.0":
            return str(address)
    return None


def _bind(lan: bool, port: int) -> tuple[socket.socket, str]:
    """A listening socket (localhost, or every interface with ``lan``) and the host the
    address names.

    Raises:
        OSError: the port is taken or cannot be used.
    """
    host = "0.0.0.0" if lan else "127.0.0.1"
    shown = (lan_address() or "127.0.0.1") if lan else "127.0.0.1"
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock, shown


def _config(app: Starlette) -> uvicorn.Config:
    """uvicorn's settings: quiet logs, no websockets, and the connection guard
    (:mod:`moderator.web.guard`: requests timed, slow and surplus connections closed,
    keyed ones last, headers bounded)."""
    config = uvicorn.Config(
        BoundedHeaders(app),
        log_level="warning",
        access_log=False,
        lifespan="on",
        ws="none",
        http=GuardedH11Protocol,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        timeout_graceful_shutdown=2,
    )
    quiet_logs()
    return config


@dataclass
class Sharing:
    """One running table-view server in a background thread (the TUI's "share" key)."""

    url: str
    """``http://HOST:PORT/?token=...``: what the players open (and the QR code says)."""
    source: GameSource
    _server: uvicorn.Server = field(repr=False)
    _thread: threading.Thread = field(repr=False)
    _hub: Hub = field(repr=False)

    def stop(self) -> None:
        """Stop the server: every viewer's stream ends, the port is freed. Idempotent."""
        self._hub.close_threadsafe()
        self._server.should_exit = True
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=10)


def start_sharing(
    source: GameSource, *, lan: bool = False, port: int = 0, token: str | None = None
) -> Sharing:
    """Serve ``source`` in a background thread and return once it answers.

    ``lan``: listen on every interface and name the LAN address (else 127.0.0.1 only).
    ``port``: 0 picks a free one.  ``token``: a new random one unless given (sharing
    again on the same port with the same token lets open pages carry on by themselves).

    Raises:
        OSError: the port cannot be used.
        RuntimeError: the server did not start.
    """
    token = token or new_token()
    app = create_app(source, token)
    sock, host = _bind(lan, port)
    server = uvicorn.Server(_config(app))
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="moderator-table-view", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            sock.close()
            raise RuntimeError("the table view's server did not start")
        time.sleep(0.01)
    url = f"http://{host}:{sock.getsockname()[1]}/?token={token}"
    return Sharing(url=url, source=source, _server=server, _thread=thread, _hub=app.state.hub)


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with text (two modules a character, ``▀ ▄ █``).

    Light modules are drawn, dark ones left blank, for a terminal with a dark
    background (as ``qrencode -t UTF8`` does); the quiet zone is two modules.  Made
    with segno; no image is written.
    """
    code = segno.make(url, error="l", micro=False)
    rows = [list(row) for row in code.matrix_iter(scale=1, border=2)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    chars = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2], strict=True):
        lines.append("".join(chars[(bool(a), bool(b))] for a, b in zip(top, bottom, strict=True)))
    return "\n".join(lines)


def _error(message: str) -> None:
    """An ``error:`` line on stderr, escaped: a file name is text, never a terminal's
    escape sequence (issue 30.5)."""
    print(f"error: {escaped(message)}", file=sys.stderr)


def _warn(notices: list[str]) -> None:
    """The save's notices, a ``warning:`` line each on stderr (escaped, as :func:`_error`)."""
    for notice in notices:
        print(f"warning: {escaped(notice)}", file=sys.stderr, flush=True)


def serve_main(save: Path | None, saves_dir: Path, *, lan: bool, port: int) -> int:
    """``moderator serve [SAVE] [--lan] [--port N]``: share a save until Ctrl-C.

    ``save`` defaults to the newest save in ``saves_dir``.  Prints the address and
    its QR code, then serves (blocking).  Returns the exit status: 0 after Ctrl-C, 2
    when there is no save to share, it cannot be read, or the port cannot be used.
    """
    from moderator.saves_index import latest_save  # the saves folder's rules (core)

    if save is None:
        save = latest_save(Path(saves_dir))
        if save is None:
            _error(f"no save in {saves_dir} to share; name one: moderator serve SAVE")
            return 2
    try:
        source = SaveFollower(Path(save))
    except SaveError as exc:
        _error(str(exc))
        return 2
    _warn(source.notices)  # as every front end opening a save (issue 42.3)
    try:
        sock, host = _bind(lan, port)
    except OSError as exc:
        _error(f"cannot listen on port {port}: {exc.strerror or exc}")
        return 2
    token = new_token()
    app = create_app(source, token)
    hub: Hub = app.state.hub
    hub.on_notices = _warn
    url = f"http://{host}:{sock.getsockname()[1]}/?token={token}"
    where = "the local network" if lan else "this computer only (add --lan for the table's Wi-Fi)"
    if lan and host == "127.0.0.1":
        where = "every interface, but no network address was found: players may not reach it"
    print(f"Sharing {escaped(str(save))} read-only on {where}.")  # a name is text, not escapes
    print(f"Players open: {url}")
    print(qr_text(url))
    print("Ctrl-C stops.", flush=True)

    class _Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            hub.close_threadsafe()  # end the viewers' streams so the server can stop
            super().handle_exit(sig, frame)

    server = _Server(_config(app))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # pragma: no cover - uvicorn handles SIGINT itself
        pass
    finally:
        sock.close()
    return 0
