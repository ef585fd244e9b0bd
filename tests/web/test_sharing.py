"""Sharing from the TUI (a server in a background thread), ``serve_main`` and the QR code."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
import segno

from moderator.follow import LiveGame, SaveFollower
from moderator.game import Game
from moderator.web import lan_address, qr_text, serve_main, start_sharing

from .web_helpers import new_saved_game


def _raw_get(url: str, target: str) -> tuple[int, bytes]:
    """GET ``target`` sent exactly as written (no client folds ``..``)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    try:
        conn.putrequest("GET", target, skip_accept_encoding=True)
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def test_sharing_serves_the_live_game_until_stopped(saved_game: Game) -> None:
    source = LiveGame(saved_game)
    sharing = start_sharing(source)
    try:
        parts = urlsplit(sharing.url)
        assert parts.hostname == "127.0.0.1" and parts.port
        assert parts.query.startswith("token=") and len(parts.query) > 20
        page = httpx.get(sharing.url, timeout=10)
        assert page.status_code == 200 and 'data-player="Amy"' in page.text
        base = f"http://127.0.0.1:{parts.port}"
        assert httpx.get(base + "/", timeout=10).status_code == 403
        assert httpx.post(sharing.url, timeout=10).status_code == 405
        token = parts.query
        for target in (
            "/static/../pyproject.toml",
            "/static/../../README.md",
            "/../../../../etc/passwd",
            "/static/./app.js/..",
            "//etc/passwd",
            "/static/.%2e/pyproject.toml",
        ):
            status, body = _raw_get(sharing.url, f"{target}?{token}")
            assert status in (400, 404), target
            assert b"[project]" not in body and b"root:" not in body

        # an open stream gets the change, and ends when sharing stops
        lines: list[str] = []
        done = threading.Event()

        def read() -> None:
            with httpx.stream("GET", base + "/events?" + token, timeout=30) as stream:
                for line in stream.iter_lines():
                    lines.append(line)
            done.set()

        threading.Thread(target=read, daemon=True).start()
        _wait(lambda: "event: view" in lines)
        saved_game.execute("run PRR 100 full")
        source.changed()
        _wait(lambda: "event: parts" in lines)  # the sections that changed
        state = httpx.get(base + "/state.json?" + token, timeout=10).json()
        assert state == saved_game.state_json()
    finally:
        sharing.stop()
    assert done.wait(10), "the open stream did not end when sharing stopped"
    with pytest.raises(httpx.ConnectError):
        httpx.get(sharing.url, timeout=30)
    sharing.stop()  # twice is harmless


def _wait(check: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_sharing_on_the_lan_names_the_network_address(saved_game: Game) -> None:
    sharing = start_sharing(LiveGame(saved_game), lan=True)
    try:
        host = urlsplit(sharing.url).hostname
        assert host == (lan_address() or "127.0.0.1")
        port = urlsplit(sharing.url).port
        assert (
            httpx.get(
                f"http://127.0.0.1:{port}/?{urlsplit(sharing.url).query}", timeout=10
            ).status_code
            == 200
        )  # every interface
    finally:
        sharing.stop()


def test_each_sharing_has_its_own_token(saved_game: Game) -> None:
    one = start_sharing(LiveGame(saved_game))
    two = start_sharing(LiveGame(saved_game))
    try:
        assert urlsplit(one.url).query != urlsplit(two.url).query
        wrong = f"http://127.0.0.1:{urlsplit(one.url).port}/?{urlsplit(two.url).query}"
        assert httpx.get(wrong, timeout=10).status_code == 403
    finally:
        one.stop()
        two.stop()


def _modules(text: str) -> list[list[bool]]:
    """The QR modules back from its text drawing (True: dark, i.e. not drawn)."""
    top = {"█": False, "▀": False, "▄": True, " ": True}
    bottom = {"█": False, "▀": True, "▄": False, " ": True}
    rows = []
    for line in text.splitlines():
        rows.append([top[ch] for ch in line])
        rows.append([bottom[ch] for ch in line])
    return rows


def test_the_qr_code_is_the_address() -> None:
    url = "http://192.168.1.20:8046/?token=abcdefghijklmnopqrstuv"
    text = qr_text(url)
    assert set(text) <= set("█▀▄ \n")
    code = segno.make(url, error="l", micro=False)
    expected = [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=2)]
    drawn = _modules(text)[: len(expected)]
    assert drawn == expected
    width = len(expected[0])
    assert all(len(line) == width for line in text.splitlines())
    assert width <= 45  # fits beside the TUI's panels


def test_serve_main_without_a_save_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert serve_main(None, tmp_path, lan=False, port=0) == 2
    assert "no save" in capsys.readouterr().err


def test_serve_main_s_error_lines_show_an_escape_in_a_file_name_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30.5: the ``error:`` line printed a file name's escape sequence raw, so the
    terminal acted on it (here: clear the screen)."""
    bad = tmp_path / "x\x1b[2J.json"
    bad.write_text("not a save")
    assert serve_main(bad, tmp_path, lan=False, port=0) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "\x1b" not in err and "\\x1b[2J" in err


def test_serve_main_with_an_unreadable_save_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("not a save")
    assert serve_main(bad, tmp_path, lan=False, port=0) == 2
    assert "bad.json" in capsys.readouterr().err


def test_serve_main_on_a_taken_port_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new_saved_game(tmp_path / "g.json", upto=5).close()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert serve_main(None, tmp_path, lan=False, port=port) == 2
    assert f"port {port}" in capsys.readouterr().err


def test_a_follower_is_shared_like_a_live_game(tmp_path: Path) -> None:
    game = new_saved_game(tmp_path / "g.json", upto=30)
    sharing = start_sharing(SaveFollower(tmp_path / "g.json"))
    try:
        assert httpx.get(sharing.url, timeout=10).status_code == 200
        state = httpx.get(sharing.url.replace("/?", "/state.json?"), timeout=10).json()
        assert state == game.state_json()
    finally:
        sharing.stop()
        game.close()


def test_serve_prints_the_save_name_escaped(tmp_path: Path) -> None:
    """A save's file name is text: ``moderator serve`` prints its escape sequences as
    ``\\x1b``, never sends them to the terminal (issue 20.9)."""
    import subprocess
    import sys

    save = tmp_path / "evil\x1b[2J.json"
    new_saved_game(save, upto=5).close()
    proc = subprocess.Popen(
        [sys.executable, "-m", "moderator.cli", "serve", str(save), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline().decode("utf-8")  # "Sharing ... read-only on ..."
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert first.startswith("Sharing ")
    assert "\x1b" not in first and "evil\\x1b[2J.json" in first
