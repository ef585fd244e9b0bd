"""Helpers of the table-view tests: saved games, an SSE reader, a headless browser.

The browser is Debian's ``chromium`` driven through the DevTools protocol over a pipe
(``--remote-debugging-pipe``: JSON messages ended by NUL on file descriptors 3 and
4), so no WebDriver, Selenium or downloaded browser is needed.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import moderator.web.server as server
from moderator.game import Game
from moderator.script import parse_line

REPO = Path(__file__).resolve().parents[2]
DEMOS = REPO / "moderator" / "demo"

TOKEN = "test-token-0123456789"


def demo_lines(title: str) -> list[str]:
    """The shipped demo game of ``title`` (``1846``, ``1847ae``, ``1853``, ``1830``): its
    lines."""
    text = (DEMOS / f"demo-{title}.script").read_text()
    return [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def new_saved_game(path: Path, title: str = "1846", upto: int | None = None) -> Game:
    """A game saved at ``path`` (held for writing) with the demo's first ``upto`` commands."""
    lines = demo_lines(title)
    head = parse_line(lines[0])
    game = Game.new(head.title, list(head.players), path=path)  # type: ignore[union-attr]
    for line in lines[1:] if upto is None else lines[1 : upto + 1]:
        outcome = game.execute(line)
        assert outcome.ok, (line, outcome.message)
    return game


@pytest.fixture
def saved_game(tmp_path: Path) -> Iterator[Game]:
    """The whole 1846 demo (OR 3.1, PRR to act) saved in ``tmp_path/game.json``."""
    game = new_saved_game(tmp_path / "game.json")
    yield game
    game.close()


SECTION = re.compile(r'<section id="(s-[a-z]+)".*?</section>', re.S)
"""A section of the view, as the server splits it (``server.SECTION``)."""

UNIT = re.compile(server.UNIT.pattern.decode(), server.UNIT.flags & ~re.ASCII)
"""A log entry, card or receipt an update may say to keep (``server.UNIT``)."""


def patched(view: str, parts: str, version: int) -> str:
    """``view`` with each section of ``parts`` put in place of the one with its id, and
    the snapshot's version and command count brought along (what the page's script does
    with an ``event: parts``)."""
    for found in SECTION.finditer(parts):
        start = f'<section id="{found.group(1)}"'
        old = next(m for m in SECTION.finditer(view) if m.group(0).startswith(start))
        mine = {}
        for unit in UNIT.finditer(old.group(0)):
            key = re.match(r'<[a-z]+ [^>]*?data-key="([^"]+)"', unit.group(0))
            assert key
            mine[key.group(1)] = unit.group(0)
        fresh = re.sub(
            r'<([a-z]+) data-keep="([^"]+)"></\1>',
            lambda m, mine=mine: mine[m.group(2)],
            found.group(0),
        )
        view = view[: old.start()] + fresh + view[old.end() :]
    commands = re.search(r'<section id="s-log"[^>]* data-commands="(\d+)"', view)
    assert commands, "the log section carries the command count"
    return re.sub(
        r'<div id="snapshot" data-version="\d+" data-commands="\d+">',
        f'<div id="snapshot" data-version="{version}" data-commands="{commands.group(1)}">',
        view,
        count=1,
    )


class EventReader:
    """Reads an open ``/events`` stream line by line; :meth:`next_version` waits (with a
    deadline) for the next ``view`` or ``parts`` event.  Use with a short keep-alive so
    the deadline is checked at least every keep-alive."""

    def __init__(self, lines: Iterator[str]) -> None:
        self.lines = lines
        self.last_view = ""
        """The view as the page holds it after the last event: the HTML a ``view`` event
        carried, with the sections of the ``parts`` events since put in place."""
        self.last_kind = ""
        """``view`` or ``parts``: what the last event was."""
        self.last_data = ""
        """What the last event carried."""

    def next_version(self, timeout: float = 30.0) -> int:
        """The id (the version) of the next ``view`` or ``parts`` event; the view as the
        page would hold it then in :attr:`last_view`."""
        deadline = time.monotonic() + timeout
        ident: str | None = None
        kind: str | None = None
        data: list[str] = []
        for line in self.lines:
            if line == "":
                if kind in ("view", "parts") and ident is not None:
                    self.last_kind, self.last_data = kind, "\n".join(data)
                    if kind == "view":
                        self.last_view = self.last_data
                    else:
                        assert self.last_view, "a parts event before any view"
                        self.last_view = patched(self.last_view, self.last_data, int(ident))
                    return int(ident)
                ident, kind, data = None, None, []
                if time.monotonic() > deadline:
                    break
            elif line.startswith("id:"):
                ident = line[3:].strip()
            elif line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[6:] if line.startswith("data: ") else line[5:])
        raise AssertionError(f"no view event within {timeout} s")


# ================================================================= the browser
def chromium_binary() -> str:
    """Debian's chromium; the test fails (it does not skip) when it is missing."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(
        "chromium is not installed: scripts/test installs it (apt-get install -y "
        "--no-install-recommends chromium); the table view's browser test needs it"
    )


class Browser:
    """Headless chromium driven by the DevTools protocol over a pipe."""

    def __init__(self, binary: str, width: int = 390, height: int = 844) -> None:
        self.profile = tempfile.mkdtemp(prefix="moderator-chromium-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()
        # the child's ends are moved above 3 and 4 first, so placing them cannot clobber
        # one with the other
        high_r = fcntl.fcntl(to_child_r, fcntl.F_DUPFD_CLOEXEC, 100)
        high_w = fcntl.fcntl(from_child_w, fcntl.F_DUPFD_CLOEXEC, 100)
        os.close(to_child_r)
        os.close(from_child_w)

        def fds() -> None:  # in the child: its fd 3 reads commands, fd 4 writes answers
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        args = [
            binary,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--no-default-browser-check",
            "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
            f"--window-size={width},{height}",
            "about:blank",
        ]
        self.process = subprocess.Popen(
            args,
            preexec_fn=fds,  # only two dup2 calls before exec
            close_fds=False,  # keeps the new 3 and 4 (every other fd is close-on-exec)
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(high_r)
        os.close(high_w)
        self._answers: queue.Queue[dict[str, Any]] = queue.Queue()
        self._next_id = 0
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_child, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    self._answers.put(message)

    def call(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        session: str | None = None,
        timeout: float = 60.0,
    ) -> dict[str, Any]:
        """Send one command and wait for its answer (events are ignored); ``timeout`` is
        patience for a loaded machine, not a bound on how fast chromium is."""
        self._next_id += 1
        ident = self._next_id
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"chromium did not answer {method} within {timeout} s")
            try:
                answer = self._answers.get(timeout=left)
            except queue.Empty:
                continue
            if answer.get("id") != ident:
                continue
            if "error" in answer:
                raise AssertionError(f"chromium: {method}: {answer['error']}")
            result: dict[str, Any] = answer.get("result", {})
            return result

    def open(self, url: str, phone: bool = False) -> str:
        """Open ``url`` in a new tab; its session id.  ``phone``: a 390 x 844 touch screen
        (headless chromium's windows are at least 500 px wide)."""
        target = self.call("Target.createTarget", {"url": "about:blank" if phone else url})[
            "targetId"
        ]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})
        ident = str(session["sessionId"])
        if phone:
            self.call(
                "Emulation.setDeviceMetricsOverride",
                {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True},
                session=ident,
            )
            self.call("Page.navigate", {"url": url}, session=ident)
        return ident

    def evaluate(self, session: str, expression: str, *, promise: bool = False) -> Any:
        """The value of a JavaScript expression in the tab (``promise``: what the promise
        it gives resolves to)."""
        params = {"expression": expression, "returnByValue": True, "awaitPromise": promise}
        result = self.call("Runtime.evaluate", params, session=session)
        return result.get("result", {}).get("value")

    def wait_for(
        self, session: str, expression: str, check: Callable[[Any], bool], timeout: float = 60.0
    ) -> tuple[Any, float]:
        """Poll ``expression`` until ``check`` holds; its value and the seconds it took."""
        start = time.monotonic()
        value = None
        while time.monotonic() - start < timeout:
            value = self.evaluate(session, expression)
            if check(value):
                return value, time.monotonic() - start
            time.sleep(0.05)
        raise AssertionError(f"{expression} is still {value!r} after {timeout} s")

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        for fd in (self._to_child, self._from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


@pytest.fixture
def browser() -> Iterator[Browser]:
    """A headless chromium (the test fails when chromium is not installed)."""
    instance = Browser(chromium_binary())
    try:
        yield instance
    finally:
        instance.close()


# ================================================================= the server
@dataclass
class Served:
    """A running ``python -m moderator.web`` (the same ``serve_main`` as ``moderator
    serve``)."""

    url: str
    """The address it printed (with its key)."""
    process: subprocess.Popen[str]
    output: list[str]
    """What it printed so far."""

    @property
    def port(self) -> int:
        """The port it listens on."""
        return int(self.url.split(":")[2].split("/")[0])


def quiet_port() -> int:
    """A free port below the kernel's range of ephemeral ports, which a server stopped and
    started again finds free: no program gets it by chance meanwhile (a port 0 bind and
    an outgoing connection take theirs from that range).  Each xdist worker looks in a
    stretch of its own."""
    low = 32768
    with contextlib.suppress(OSError, ValueError, IndexError):
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    start = low - 500 * (1 + (int(worker) if worker.isdigit() else 0))
    for port in range(start, start + 500):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    pytest.fail(f"no free port in {start}-{start + 499}")


@contextlib.contextmanager
def serve_process(save: Path, port: int = 0) -> Iterator[Served]:
    """``python -m moderator.web SAVE --port PORT`` running (0: any free port); stopped
    with Ctrl-C (SIGINT) at the end, woken first if it was frozen (SIGSTOP), and it must
    exit 0."""
    process = subprocess.Popen(
        [sys.executable, "-m", "moderator.web", str(save), "--port", str(port)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    lines: queue.Queue[str] = queue.Queue()
    assert process.stdout is not None
    threading.Thread(target=lambda: [lines.put(x) for x in process.stdout], daemon=True).start()
    url = None
    seen: list[str] = []
    try:
        while url is None:
            line = lines.get(timeout=30)
            seen.append(line)
            if line.startswith("Players open: "):
                url = line.split(": ", 1)[1].strip()
        yield Served(url, process, seen)
    except queue.Empty:
        pytest.fail("the server printed no address: " + "".join(seen))
    finally:
        process.send_signal(signal.SIGCONT)
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        while not lines.empty():
            seen.append(lines.get())
    assert process.returncode == 0, "".join(seen)


@contextlib.contextmanager
def serving(save: Path) -> Iterator[str]:
    """``python -m moderator.web SAVE`` running; the page's address."""
    with serve_process(save) as served:
        yield served.url
