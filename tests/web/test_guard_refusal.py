"""Issue 42.5: a viewer refused because every connection is a keyed stream reads its 503
(the guard reads its request before closing: a close with a request unread was a TCP
reset, which a browser shows as a failed load, not as the busy page the docs promise)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from moderator.follow import SaveFollower
from moderator.game import Game
from moderator.web import guard, start_sharing
from moderator.web.server import Sharing

from .test_guard import PATIENCE, _address, _held, _still_streaming, _stream, _token, _wait
from .web_helpers import new_saved_game


@pytest.fixture
def sharing(tmp_path: Path) -> Iterator[Sharing]:
    game: Game = new_saved_game(tmp_path / "g.json", upto=5)
    assert game.path is not None
    running = start_sharing(SaveFollower(game.path))
    try:
        yield running
    finally:
        running.stop()
        game.close()


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
