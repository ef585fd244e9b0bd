"""The table view under load (issue 20.12): silent and surplus connections, long headers.

On loopback only.  A flood of connections that never send a request must not
keep the page from answering, and each is closed within seconds.
"""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from moderator.follow import SaveFollower
from moderator.web import guard, start_sharing
from moderator.web.server import Sharing

from .web_helpers import new_saved_game


@pytest.fixture
def sharing(tmp_path: Path) -> Iterator[Sharing]:
    new_saved_game(tmp_path / "g.json", upto=5).close()
    running = start_sharing(SaveFollower(tmp_path / "g.json"))
    try:
        yield running
    finally:
        running.stop()


def _address(sharing: Sharing) -> tuple[str, int]:
    host_port = sharing.url.split("//", 1)[1].split("/", 1)[0]
    host, port = host_port.rsplit(":", 1)
    return host, int(port)


def _closed_by_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(1) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except (BlockingIOError, TimeoutError):
        return False


def _open_connections(sharing: Sharing) -> int:
    return len(sharing._server.server_state.connections)


def test_1500_silent_connections_leave_the_page_answering_and_are_closed(
    sharing: Sharing, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guard, "FIRST_BYTE_SECONDS", 1.0)
    idle: list[socket.socket] = []
    try:
        for _ in range(1500):
            idle.append(socket.create_connection(_address(sharing), timeout=10))
        page = httpx.get(sharing.url, timeout=10)  # a keyed request is answered at once
        assert page.status_code == 200
        assert _open_connections(sharing) <= guard.MAX_CONNECTIONS
        for sock in idle:
            sock.settimeout(0)
        deadline = time.monotonic() + 30
        waiting = list(idle)
        while waiting and time.monotonic() < deadline:
            waiting = [s for s in waiting if not _closed_by_server(s)]
            if waiting:
                time.sleep(0.2)
        assert not waiting, f"{len(waiting)} silent connections are still open"
    finally:
        for sock in idle:
            sock.close()


def test_past_the_cap_with_no_silent_connection_a_new_one_is_refused(
    sharing: Sharing, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guard, "MAX_CONNECTIONS", 3)
    busy: list[socket.socket] = []
    try:
        for _ in range(3):  # each has begun a request: none is silent
            sock = socket.create_connection(_address(sharing), timeout=10)
            sock.sendall(b"GET / HTTP/1.1\r\n")
            busy.append(sock)
        deadline = time.monotonic() + 10
        while _open_connections(sharing) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        late = socket.create_connection(_address(sharing), timeout=10)
        answer = late.recv(200)
        late.close()
        assert answer.startswith(b"HTTP/1.1 503")
        assert b"too many connections" in answer
    finally:
        for sock in busy:
            sock.close()


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
