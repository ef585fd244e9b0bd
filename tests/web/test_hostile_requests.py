"""Hostile requests to the table view (the hardening audit): odd numbers in the query and
the headers, odd methods, bodies and request lines.  None is a 500 (a traceback on the
banker's terminal, over the TUI when it shares), none changes the save, and the server
answers the next viewer."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from starlette.testclient import TestClient

from moderator.follow import LiveGame
from moderator.game import Game
from moderator.web import create_app, start_sharing
from moderator.web.server import Sharing

from .web_helpers import TOKEN

Q = f"token={TOKEN}"


@pytest.fixture
def client(saved_game: Game) -> Iterator[TestClient]:
    with TestClient(create_app(LiveGame(saved_game), TOKEN), raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize(
    "query",
    [
        "before=%C2%B2",  # `²`: str.isdigit() says yes, int() says no (the 500 it was)
        "count=%C2%B2",
        "before=%E2%91%A0",  # `①`
        "before=%D9%A1%D9%A2",  # Arabic-Indic `١٢`: not a number here (the script's rule)
        "before=%EF%BC%91%EF%BC%92",  # full-width `１２`
        "before=-1&count=-5",
        "before=1e3&count=1.5",
        "before=" + "9" * 40,
        "before=&count=",
    ],
)
def test_odd_numbers_in_the_log_s_query_are_the_defaults(
    client: TestClient, saved_game: Game, query: str
) -> None:
    assert saved_game.path is not None
    before = saved_game.path.read_bytes()
    plain = client.get(f"/log?{Q}")
    answer = client.get(f"/log?{query}&{Q}")
    assert answer.status_code == 200, answer.text[:200]
    assert answer.text == plain.text  # the defaults: the newest page of the log
    assert saved_game.path.read_bytes() == before


@pytest.mark.parametrize("have", ["%C2%B2", "%D9%A1", "-1", "1.5", "9" * 30])
def test_odd_versions_held_by_a_stream_get_the_whole_view(client: TestClient, have: str) -> None:
    with client.stream("GET", f"/events?have={have}&{Q}") as answer:
        assert answer.status_code == 200
        frames = b""
        for chunk in answer.iter_bytes():
            frames += chunk
            if b"event: view" in frames:
                break
    assert b"event: view" in frames  # an unknown version: the whole view, as for none


def _head(port: int, request: bytes) -> bytes:
    """Send ``request`` as written and read the answer's status line (or what came)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request)
        got = b""
        while b"\r\n" not in got:
            try:
                chunk = s.recv(4096)
            except OSError:
                break
            if not chunk:
                break
            got += chunk
    return got.split(b"\r\n", 1)[0]


@pytest.fixture
def shared(saved_game: Game) -> Iterator[tuple[Sharing, int, str]]:
    sharing = start_sharing(LiveGame(saved_game))
    parts = urlsplit(sharing.url)
    try:
        yield sharing, parts.port or 0, parts.query
    finally:
        sharing.stop()


def test_hostile_request_lines_are_refused_without_a_500(
    shared: tuple[Sharing, int, str], saved_game: Game
) -> None:
    sharing, port, token = shared
    assert saved_game.path is not None
    before = saved_game.path.read_bytes()
    requests = {
        # a Last-Event-ID a browser never sends (latin-1 `²`): was a 500
        "last-event-id": (
            f"GET /events?{token} HTTP/1.1\r\nHost: x\r\nLast-Event-ID: \xb2\r\n\r\n"
        ).encode("latin-1"),
        "log": f"GET /log?before=%C2%B2&{token} HTTP/1.1\r\nHost: x\r\n\r\n".encode(),
        "post with a body": (
            f"POST /?{token} HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000000\r\n\r\nrun"
        ).encode(),
        "an invented method": f"BREW /?{token} HTTP/1.1\r\nHost: x\r\n\r\n".encode(),
        "connect": b"CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: x\r\n\r\n",
        "options *": b"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
        "http/2 preface": b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
        "http/0.9": b"GET /\r\n\r\n",
        "nul in the path": f"GET /ping\x00?{token} HTTP/1.1\r\nHost: x\r\n\r\n".encode(),
        "bytes no url has": b"GET /\xff\xfe?" + token.encode() + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        "a megabyte of url": f"GET /ping?{token}&{'a' * 1_000_000} HTTP/1.1\r\n\r\n".encode(),
    }
    for name, request in requests.items():
        status = _head(port, request)
        assert status.startswith(b"HTTP/1.1 "), (name, status)
        assert not status.startswith(b"HTTP/1.1 5"), (name, status)
    assert httpx.get(sharing.url, timeout=10).status_code == 200  # still serving
    assert saved_game.path.read_bytes() == before
    assert Path(saved_game.path).exists()
