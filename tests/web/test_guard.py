"""The table view under load (issues 20.12 and 30.2): silent, slow, keyless and surplus
connections, long headers.

On loopback only.  The server runs in this process (:func:`start_sharing`), so its own
counts are read in its own loop (:func:`_held`) and the guard's log is counted.  A flood
runs in a child process (:mod:`.slowloris`) from a second loopback address, 127.0.0.2,
as an attacker on the Wi-Fi has an address of its own.  Nothing here measures time:
each test waits for what it expects, with a patience that only matters when something
is wrong (:data:`PATIENCE`); the times printed are figures for the docs, never asserted.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from moderator.follow import SaveFollower
from moderator.game import Game
from moderator.web import guard, start_sharing
from moderator.web.server import COOKIE, Sharing

from .slowloris import flood
from .web_helpers import Browser, EventReader, demo_lines, new_saved_game

PATIENCE = 60.0
"""Seconds a test waits for what it expects: only waited for when something is wrong."""

ATTACKER = "127.0.0.2"
"""The flood's address (the viewer's is 127.0.0.1)."""

UPTO = 5
"""The demo commands in the shared save; the ones after are played during the tests."""


@pytest.fixture
def save(tmp_path: Path) -> Iterator[Game]:
    """The 1846 demo's first commands, saved and held for writing (the banker)."""
    game = new_saved_game(tmp_path / "g.json", upto=UPTO)
    yield game
    game.close()


@pytest.fixture
def sharing(save: Game) -> Iterator[Sharing]:
    assert save.path is not None
    running = start_sharing(SaveFollower(save.path))
    try:
        yield running
    finally:
        running.stop()


class CountedLog:
    """Stands in for the guard's logger: counts each kind of message (the real one says
    each kind once)."""

    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()

    def warning(self, msg: str, *args: Any) -> None:
        self.kinds[msg.split(":")[0].split(" within")[0]] += 1

    @property
    def made_room(self) -> int:
        """Connections closed without the key to make room."""
        return self.kinds["closed a connection without the key"]

    @property
    def refused(self) -> int:
        """New connections refused (503)."""
        return self.kinds["refused a connection"]

    @property
    def too_slow(self) -> int:
        """Connections closed with no whole request in time."""
        return self.kinds["closed a connection with no whole request"]


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> CountedLog:
    found = CountedLog()
    monkeypatch.setattr(guard, "log", found)
    return found


def _address(sharing: Sharing) -> tuple[str, int]:
    host_port = sharing.url.split("//", 1)[1].split("/", 1)[0]
    host, port = host_port.rsplit(":", 1)
    return host, int(port)


def _token(sharing: Sharing) -> str:
    return sharing.url.split("token=", 1)[1]


def _base(sharing: Sharing) -> str:
    return sharing.url.split("/?", 1)[0]


def _connect(sharing: Sharing, source: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection(_address(sharing), PATIENCE, (source, 0))


def _held(sharing: Sharing) -> dict[str, Any]:
    """The server's open connections (not closing), counted in the server's own loop: how
    many, how many keyed, how many from each address."""

    async def count() -> dict[str, Any]:
        conns = sharing._server.server_state.connections
        still = [c for c in conns if not c.transport.is_closing()]
        return {
            "open": len(still),
            "keyed": sum(1 for c in still if getattr(c, "keyed", False)),
            "from": Counter(getattr(c, "source", "") for c in still),
        }

    loop = sharing._hub._loop
    assert loop is not None
    return asyncio.run_coroutine_threadsafe(count(), loop).result(timeout=PATIENCE)


def _wait(condition: Callable[[], bool], what: str) -> None:
    """Until ``condition`` holds; fails naming ``what`` after :data:`PATIENCE`."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not {what} after {PATIENCE} s")
        time.sleep(0.02)


def _closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (which it never sent anything)."""
    sock.settimeout(0)
    try:
        return sock.recv(1) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except (BlockingIOError, TimeoutError):
        return False
    finally:
        sock.settimeout(PATIENCE)


def _answer(sock: socket.socket) -> bytes:
    """One whole answer (its head, and a body of its ``content-length``) read from ``sock``."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        assert chunk, f"closed before a whole answer: {data!r}"
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        chunk = sock.recv(4096)
        assert chunk, "closed in the middle of an answer"
        body += chunk
    return head + b"\r\n\r\n" + body


def _to_the_end(sock: socket.socket) -> bytes:
    """Everything ``sock`` receives until the server closes it."""
    data = b""
    while chunk := sock.recv(4096):
        data += chunk
    return data


def _ended(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` after its answer (waits for it)."""
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True


def _stream(sharing: Sharing, source: str = "127.0.0.1") -> socket.socket:
    """A viewer's event stream, with the key, its answer begun (so the guard knows it)."""
    sock = _connect(sharing, source)
    sock.sendall(b"GET /events?token=%s HTTP/1.1\r\nHost: t\r\n\r\n" % _token(sharing).encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        assert chunk, "the stream was closed"
        head += chunk
    assert head.startswith(b"HTTP/1.1 200"), head
    return sock


def _still_streaming(sock: socket.socket) -> bool:
    """Whether the stream ``sock`` carries news after what it carried so far (the
    keep-alives come every 2 s): it was not closed."""
    sock.settimeout(0)
    try:
        while True:
            if sock.recv(65536) == b"":
                return False
    except BlockingIOError:
        pass
    except ConnectionResetError:
        return False
    finally:
        sock.settimeout(PATIENCE)
    return sock.recv(65536) != b""


# ================================================================= silent and slow
def test_1500_silent_connections_leave_the_page_answering_and_are_closed(
    sharing: Sharing, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guard, "HEAD_SECONDS", 1.0)
    idle: list[socket.socket] = []
    try:
        for _ in range(1500):
            idle.append(socket.create_connection(_address(sharing), timeout=10))
        monkeypatch.undo()  # the viewer has the usual deadline, however busy the machine
        page = httpx.get(sharing.url, timeout=PATIENCE)  # a keyed request is answered at once
        assert page.status_code == 200
        assert _held(sharing)["open"] <= guard.MAX_CONNECTIONS
        waiting = list(idle)

        def all_closed() -> bool:
            waiting[:] = [s for s in waiting if not _closed_by_server(s)]
            return not waiting

        _wait(all_closed, "every silent connection closed")
    finally:
        for sock in idle:
            sock.close()


def test_a_request_trickled_past_the_deadline_loses_its_connection(
    sharing: Sharing, monkeypatch: pytest.MonkeyPatch, counted: CountedLog
) -> None:
    """A byte every 20 ms keeps no connection whose request is not whole in time: without
    the key, with the key in the address or the cookie, and the next request of a kept-alive
    connection; a stream being answered is never cut.

    The connections that must live are opened under a long deadline (a test thread held up
    between connecting and sending must not fail the test), and given the short one only
    by an answer: a kept-alive connection after its ``/ping``, and the stream by the
    ``/ping`` sent in front of it in the same packet."""
    token = _token(sharing).encode()
    ping = b"GET /ping?token=%s HTTP/1.1\r\nHost: t\r\n\r\n" % token
    pad = b"X-Wait: " + b"w" * 6000 + b"\r\n\r\n"  # at a byte a turn, never whole
    requests = [
        b"GET / HTTP/1.1\r\nHost: t\r\n" + pad,
        b"GET /events?token=%s HTTP/1.1\r\nHost: t\r\n" % token + pad,
        b"GET /events HTTP/1.1\r\nHost: t\r\nCookie: %s=%s\r\n" % (COOKIE.encode(), token) + pad,
    ]
    monkeypatch.setattr(guard, "HEAD_SECONDS", 3600.0)
    stream = _connect(sharing)
    kept = [_connect(sharing) for _ in range(5)]
    _wait(lambda: _held(sharing)["open"] == 6, "the server holding the six connections")
    monkeypatch.setattr(guard, "HEAD_SECONDS", 0.5)
    trickling: list[tuple[socket.socket, bytes]] = []
    try:
        stream.sendall(ping + b"GET /events?token=%s HTTP/1.1\r\nHost: t\r\n\r\n" % token)
        assert _answer(stream).startswith(b"HTTP/1.1 200")  # the ping; the stream follows
        for sock in kept:  # answered, then the next request trickled
            sock.sendall(ping)
            assert _answer(sock).startswith(b"HTTP/1.1 200")
            trickling.append((sock, requests[1]))
        for n in range(30):
            trickling.append((_connect(sharing), requests[n % 3]))
        sent = 0
        waiting = list(trickling)

        def all_closed() -> bool:
            nonlocal sent
            for sock, request in waiting:
                try:
                    sock.send(request[sent : sent + 1])
                except OSError:
                    pass
            sent += 1
            waiting[:] = [(s, r) for s, r in waiting if not _closed_by_server(s)]
            return not waiting

        _wait(all_closed, "every trickling connection closed")
        assert sent < len(pad)  # none was ever whole
        assert counted.too_slow >= len(trickling)
        assert _still_streaming(stream)  # a stream being answered is not cut
    finally:
        stream.close()
        for sock, _ in trickling:
            sock.close()


def test_a_request_without_the_key_is_answered_and_its_connection_closed(
    sharing: Sharing, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guard, "HEAD_SECONDS", 3600.0)  # closed by the answer, not by time
    token = _token(sharing).encode()
    keyless = [
        b"GET / HTTP/1.1\r\nHost: t\r\n\r\n",
        b"GET /ping?token=wrong HTTP/1.1\r\nHost: t\r\n\r\n",
        b"GET /events HTTP/1.1\r\nHost: t\r\nCookie: %s=wrong\r\n\r\n" % COOKIE.encode(),
        b"POST /?token=%s HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc" % token,
    ]
    for request in keyless:
        sock = _connect(sharing)
        with sock:
            sock.sendall(request + b"GET / HTTP/1.1\r\nHost: t\r\n")  # and more coming
            answer = _answer(sock)
            assert answer.startswith((b"HTTP/1.1 403", b"HTTP/1.1 405")), answer
            assert b"connection: close" in answer.lower()
            assert _ended(sock)
    with _connect(sharing) as sock:  # with the key the connection is kept for the next one
        for _ in range(3):
            sock.sendall(b"GET /ping?token=%s HTTP/1.1\r\nHost: t\r\n\r\n" % token)
            answer = _answer(sock)
            assert answer.startswith(b"HTTP/1.1 200")
            assert b"connection: close" not in answer.lower()


# ================================================================= the cap
def test_past_the_cap_connections_without_the_key_make_room_and_keyed_ones_stay(
    sharing: Sharing, monkeypatch: pytest.MonkeyPatch, counted: CountedLog
) -> None:
    """Slow requests, even with the key's header on its way, give way to a new connection;
    a keyed stream never does; when every other connection is keyed a new one gets 503."""
    monkeypatch.setattr(guard, "MAX_CONNECTIONS", 4)
    monkeypatch.setattr(guard, "HEAD_SECONDS", 3600.0)  # only the cap closes connections here
    partial = b"GET /events?token=%s" % _token(sharing).encode()[:4]
    streams = [_stream(sharing), _stream(sharing)]
    slow: list[socket.socket] = []
    try:
        for _ in range(2):
            sock = _connect(sharing, ATTACKER)
            sock.sendall(partial)
            slow.append(sock)
        _wait(lambda: _held(sharing)["open"] == 4, "four connections open")
        for n in range(6):  # each new one closes the oldest slow one, never a stream
            sock = _connect(sharing, ATTACKER)
            sock.sendall(partial)
            slow.append(sock)
            _wait(lambda n=n: _closed_by_server(slow[n]), f"slow connection {n} closed")
            assert not any(_closed_by_server(s) for s in slow[n + 1 :])
            assert _held(sharing) == {
                "open": 4,
                "keyed": 2,
                "from": Counter({"127.0.0.1": 2, ATTACKER: 2}),
            }
        assert counted.made_room == 6
        streams += [_stream(sharing), _stream(sharing)]  # two more viewers take the slow ones' room
        _wait(lambda: all(_closed_by_server(s) for s in slow), "every slow connection closed")
        with _connect(sharing, ATTACKER) as late:
            answer = _to_the_end(late)
        assert answer.startswith(b"HTTP/1.1 503")
        assert b"too many connections" in answer
        assert counted.refused == 1
        assert all(_still_streaming(s) for s in streams)
    finally:
        for sock in streams + slow:
            sock.close()


def test_past_the_cap_room_comes_from_the_address_holding_the_most(
    sharing: Sharing, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A viewer's fresh connection (nothing read from it yet, the oldest of all) outlasts a
    flood from another address, then gets its page."""
    monkeypatch.setattr(guard, "MAX_CONNECTIONS", 4)
    monkeypatch.setattr(guard, "HEAD_SECONDS", 3600.0)
    fresh = _connect(sharing)
    _wait(lambda: _held(sharing)["open"] == 1, "the viewer's connection open")
    slow: list[socket.socket] = []
    try:
        for _ in range(3):
            sock = _connect(sharing, ATTACKER)
            sock.sendall(b"G")
            slow.append(sock)
        _wait(lambda: _held(sharing)["open"] == 4, "four connections open")
        for n in range(20):
            sock = _connect(sharing, ATTACKER)
            sock.sendall(b"G")
            slow.append(sock)
            _wait(lambda n=n: _closed_by_server(slow[n]), f"slow connection {n} closed")
            assert not _closed_by_server(fresh)
        fresh.sendall(b"GET /ping?token=%s HTTP/1.1\r\nHost: t\r\n\r\n" % _token(sharing).encode())
        assert _answer(fresh).startswith(b"HTTP/1.1 200")
    finally:
        fresh.close()
        for sock in slow:
            sock.close()


# ================================================================= a slowloris
CLIENTS = 1200
"""The flood's trickling clients (a quarter each: no key, the key in the address, the key
in the cookie, whole keyless requests)."""


@pytest.mark.xdist_group("slowloris")  # one flood at a time on the machine
@pytest.mark.parametrize(
    ("clients", "interval"),
    [(360, 2.0), (CLIENTS, 1.0)],
    ids=["issue-270-trickling-a-byte-every-2s", "1200-clients-a-byte-a-second"],
)
def test_a_slowloris_leaves_the_table_served(
    save: Game, sharing: Sharing, counted: CountedLog, clients: int, interval: float
) -> None:
    """A viewer with the key gets its page, its assets and every update of its stream, each
    request on a fresh connection, while trickling clients (without the key, and with it)
    fill the server: the issue's case, 270 trickling (of 360 clients) that hold every slot,
    each until its deadline, and 1,200 clients that crowd each other out; the viewer's
    rounds go on until the server has closed as many of their connections as there are
    clients."""
    host, port = _address(sharing)
    base, token = _base(sharing), _token(sharing)
    page_times: list[float] = []
    update_times: list[float] = []

    def closed() -> int:
        return counted.made_room + counted.too_slow

    with flood(host, port, token, clients=clients, interval=interval) as attack:
        _wait(lambda: attack.counts()["started"] == clients, "every client connected")
        _wait(lambda: counted.made_room > 0, "the server full")
        before, counts_before = closed(), attack.counts()
        with httpx.stream("GET", f"{base}/events?token={token}", timeout=PATIENCE) as events:
            assert events.status_code == 200
            reader = EventReader(events.iter_lines())
            version = reader.next_version(PATIENCE)
            commands = iter(demo_lines("1846")[UPTO + 1 :])
            rounds = 0
            while rounds < 20 or closed() - before < clients or len(update_times) < 3:
                rounds += 1
                assert rounds < 5000, "the flood's connections were not closed"
                for path in ("/", "/static/app.js", "/static/style.css", "/view", "/ping"):
                    start = time.monotonic()
                    answer = httpx.get(f"{base}{path}?token={token}", timeout=PATIENCE)
                    page_times.append(time.monotonic() - start)
                    assert answer.status_code == 200, (path, answer.status_code)
                if rounds % 4 == 0 and len(update_times) < 5:  # the banker plays a command
                    start = time.monotonic()
                    assert save.execute(next(commands)).ok
                    newer = reader.next_version(PATIENCE)
                    update_times.append(time.monotonic() - start)
                    assert newer > version
                    version = newer
            assert _held(sharing)["open"] <= guard.MAX_CONNECTIONS
        after = attack.counts()
    assert counted.refused == 0  # the viewer's connections never found the table full
    print(
        f"\nslowloris of {clients} clients, a byte every {interval:g} s (most connected at once "
        f"as they saw it: {after['most_connected']}): during the viewer's {rounds} rounds "
        f"{after['opened'] - counts_before['opened']} connections opened, "
        f"{closed() - before} closed by the server; in all {counted.made_room} closed to make "
        f"room, {counted.too_slow} as too slow, answers {after['answers']}, "
        f"{after['failed']} could not connect\n"
        f"viewer: {len(page_times)} requests, median {statistics.median(page_times) * 1000:.0f}"
        f" ms, worst {max(page_times) * 1000:.0f} ms; {len(update_times)} updates, median "
        f"{statistics.median(update_times) * 1000:.0f} ms, worst {max(update_times) * 1000:.0f} ms"
    )


LIVE = "document.getElementById('live').textContent"
COMMANDS = "document.getElementById('snapshot').dataset.commands"


@pytest.mark.xdist_group("slowloris")
def test_a_page_in_chromium_follows_the_game_under_a_slowloris(
    save: Game, sharing: Sharing, counted: CountedLog, browser: Browser
) -> None:
    """The real page, opened once the flood of 1,200 clients has filled the server, goes
    live and follows three commands without a reload, the flood going on between them."""
    host, port = _address(sharing)
    with flood(host, port, _token(sharing), clients=CLIENTS) as attack:
        _wait(lambda: attack.counts()["started"] == CLIENTS, "every client connected")
        _wait(lambda: counted.made_room >= CLIENTS, "the cap reached")
        start = time.monotonic()
        tab = browser.open(sharing.url)
        browser.wait_for(tab, LIVE, lambda v: v == "live", timeout=PATIENCE)
        loaded = time.monotonic() - start
        browser.evaluate(tab, "window.stillTheSamePage = 30")
        assert browser.evaluate(tab, COMMANDS) == str(UPTO)
        follows = []
        for n, line in enumerate(demo_lines("1846")[UPTO + 1 : UPTO + 4], start=UPTO + 1):
            made_room = counted.made_room
            start = time.monotonic()
            assert save.execute(line).ok
            browser.wait_for(tab, COMMANDS, lambda v, n=n: v == str(n), timeout=PATIENCE)
            follows.append(time.monotonic() - start)
            _wait(lambda m=made_room: counted.made_room - m >= 300, "the flood going on")
            assert browser.evaluate(tab, LIVE) == "live"
        assert browser.evaluate(tab, "window.stillTheSamePage") == 30  # followed, not reloaded
    assert counted.refused == 0
    print(
        f"\nchromium under {CLIENTS} trickling clients: live after {loaded * 1000:.0f} ms, "
        f"followed {len(follows)} commands in {', '.join(f'{t * 1000:.0f}' for t in follows)} "
        f"ms; {counted.made_room} connections closed to make room"
    )


# ================================================================= long headers, logs
def test_a_header_past_the_bound_is_refused(sharing: Sharing) -> None:
    long = "x" * (guard.MAX_HEADER_BYTES + 100)
    answer = httpx.get(sharing.url, headers={"X-Long": long}, timeout=10)
    assert answer.status_code in (400, 431)
    assert httpx.get(sharing.url, timeout=10).status_code == 200  # the server goes on


def test_each_kind_of_refusal_is_logged_once_without_a_traceback() -> None:
    once = guard.OncePerKind()

    def record(msg: str) -> logging.LogRecord:
        try:
            raise OSError("too many open files")
        except OSError:
            import sys

            return logging.LogRecord("asyncio", logging.ERROR, __file__, 1, msg, (), sys.exc_info())

    first = record("socket.accept() out of system resource")
    assert once.filter(first) and first.exc_info is None
    assert not once.filter(record("socket.accept() out of system resource"))
    assert once.filter(record("Invalid HTTP request received."))


# ================================================================= issue 42.5
# A viewer refused because every connection is a keyed stream reads its 503: the guard
# reads its request before closing (a close with a request unread was a TCP reset, which
# a browser shows as a failed load, not as the busy page the docs promise).


def _viewer(sharing: Sharing) -> bytes:
    """A viewer's request sent at once on a fresh connection; all it reads back (a reset
    fails the test)."""
    with socket.create_connection(_address(sharing), PATIENCE) as sock:
        request = b"GET /view?token=%s HTTP/1.1\r\nHost: t\r\nUser-Agent: phone\r\n\r\n"
        sock.sendall(request % _token(sharing).encode())
        data = b""
        while chunk := sock.recv(4096):
            data += chunk
        return data


@pytest.mark.parametrize("cap", [4, guard.MAX_CONNECTIONS])
def test_a_viewer_refused_past_the_cap_of_keyed_streams_reads_the_503(
    sharing: Sharing, monkeypatch: pytest.MonkeyPatch, cap: int
) -> None:
    """Every slot a keyed event stream (4, and the real cap: 256 open, the issue's
    300 streams wanting them); each new viewer reads the whole 503 and an orderly close,
    never a reset, and every stream goes on."""
    monkeypatch.setattr(guard, "MAX_CONNECTIONS", cap)
    monkeypatch.setattr(guard, "HEAD_SECONDS", 3600.0)
    streams = []
    try:
        for _ in range(cap):
            streams.append(_stream(sharing))
        _wait(lambda: _held(sharing)["keyed"] == cap, f"{cap} keyed streams")
        for _ in range(20 if cap < 10 else 5):
            answer = _viewer(sharing)
            assert answer.startswith(b"HTTP/1.1 503"), answer[:80]
            assert answer.endswith(b"too many connections; try again later\n")
        assert _still_streaming(streams[0]) and _still_streaming(streams[-1])
        assert _held(sharing)["open"] == cap
    finally:
        for sock in streams:
            sock.close()
