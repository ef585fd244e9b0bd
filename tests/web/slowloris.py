"""A slowloris against the table view, run as its own process (:func:`flood`).

``python tests/web/slowloris.py [--clients N] [--source ADDR] [--interval S] -- HOST PORT
TOKEN``: each of N clients keeps one connection to HOST:PORT open, from the
address ADDR, for as long as the server lets it, and sends its request one byte every S
seconds; a connection the server closed is opened again at the client's next turn, as a
slowloris does to keep its hold.  The clients take turns at four kinds of request:

- ``keyless``: a request for the page without the key;
- ``key-in-address``: ``GET /events?token=KEY`` with the valid key;
- ``key-in-cookie``: the valid key in the cookie the page sets;
- ``whole-keyless``: a whole request without the key at once, then more bytes.

Every trickled request ends with a header thousands of bytes long, so it is never whole
however long the flood lasts.  The counts (JSON, one line) are printed each time a line
comes on standard input; the flood stops at the end of its input.  Its own connections
need file descriptors: it raises its soft limit up to the hard one, and stops with a
message naming both when that is not enough.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import queue
import resource
import socket
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

KINDS = ("keyless", "key-in-address", "key-in-cookie", "whole-keyless")

PATIENCE = 60.0
"""Seconds the test waits for the flood to answer: only waited for when something is wrong."""

_PAD = b"X-Wait: " + b"w" * 6000 + b"\r\n\r\n"
"""The end of every trickled request: at a byte a turn, never reached."""


def request_bytes(kind: str, token: str) -> tuple[bytes, bytes]:
    """What a client of ``kind`` sends at once, and what it then trickles."""
    head = b"Host: table\r\nUser-Agent: slowloris\r\nAccept: text/html\r\n"
    if kind == "keyless":
        return b"", b"GET / HTTP/1.1\r\n" + head + _PAD
    if kind == "key-in-address":
        return b"", b"GET /events?token=%s HTTP/1.1\r\n" % token.encode() + head + _PAD
    if kind == "key-in-cookie":
        cookie = b"Cookie: moderator_table=%s\r\n" % token.encode()
        return b"", b"GET /events HTTP/1.1\r\n" + head + cookie + _PAD
    if kind == "whole-keyless":
        return b"GET / HTTP/1.1\r\n" + head + b"\r\n", b"GET / HTTP/1.1\r\n" + head + _PAD
    raise ValueError(kind)


# ================================================================= the child process
@dataclass
class Counts:
    """What the flood did so far."""

    clients: int = 0
    """Clients trickling (each keeps one connection)."""
    started: int = 0
    """Clients that have opened their first connection."""
    connected: int = 0
    """Connections open now, as the clients see them."""
    most_connected: int = 0
    """The most connections open at once, as the clients saw them."""
    opened: int = 0
    """Connections opened in all."""
    closed: int = 0
    """Connections the server closed (end of stream, or reset)."""
    bytes_sent: int = 0
    failed: int = 0
    """Connections that could not be opened (tried again next turn)."""
    answers: Counter[str] = field(default_factory=Counter)
    """The status codes the server answered with."""


async def _connect(host: str, port: int, source: str) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if sys.platform.startswith("linux"):  # the port is picked at connect, per destination
            sock.setsockopt(socket.IPPROTO_IP, getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24), 1)
        sock.bind((source, 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, (host, port))
    except BaseException:
        sock.close()
        raise
    return sock


async def _client(n: int, args: argparse.Namespace, counts: Counts, stop: asyncio.Event) -> None:
    kind = KINDS[n % len(KINDS)]
    at_once, trickled = request_bytes(kind, args.token)
    await asyncio.sleep(args.interval * n / args.clients)  # the clients' turns spread out
    first = True
    while not stop.is_set():
        try:
            sock = await _connect(args.host, args.port, args.source)
            reader, writer = await asyncio.open_connection(sock=sock)
        except OSError:
            counts.failed += 1
            await asyncio.sleep(args.interval)
            continue
        counts.opened += 1
        counts.started += first
        first = False
        counts.connected += 1
        counts.most_connected = max(counts.most_connected, counts.connected)
        try:
            await _trickle(reader, writer, at_once, trickled, args.interval, counts, stop)
        finally:
            counts.connected -= 1
            writer.close()
        await asyncio.sleep(args.interval)


async def _trickle(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    at_once: bytes,
    trickled: bytes,
    interval: float,
    counts: Counts,
    stop: asyncio.Event,
) -> None:
    """Send ``at_once``, then a byte of ``trickled`` a turn, until the server closes or the
    flood stops."""
    if at_once:
        writer.write(at_once)
        counts.bytes_sent += len(at_once)
    for i in range(len(trickled)):
        if stop.is_set():
            return
        if i or not at_once:
            writer.write(trickled[i : i + 1])
            counts.bytes_sent += 1
        try:
            # not asyncio.wait_for: in Python 3.11 it can swallow the task's cancellation
            async with asyncio.timeout(interval):
                got = await reader.read(4096)
        except TimeoutError:
            continue
        except OSError:
            got = b""
        if not got:
            counts.closed += 1
            return
        if got.startswith(b"HTTP/1."):
            counts.answers[got[9:12].decode("ascii", "replace")] += 1


async def _run(args: argparse.Namespace) -> None:
    counts = Counts(clients=args.clients)
    stop = asyncio.Event()
    tasks = [asyncio.create_task(_client(n, args, counts, stop)) for n in range(args.clients)]
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        report = {k: v for k, v in vars(counts).items() if k != "answers"}
        report["answers"] = dict(counts.answers)
        print(json.dumps(report), flush=True)
    stop.set()  # each client ends at its next turn, cancelled or not
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def _enough_files(clients: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = clients + 64
    if soft >= need:
        return
    if hard != resource.RLIM_INFINITY and hard < need:
        sys.exit(f"slowloris: {clients} clients need {need} files; the hard limit is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))


def main(argv: list[str] | None = None) -> None:
    """The flood's process: see the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("token")
    parser.add_argument("--clients", type=int, default=1200)
    parser.add_argument("--source", default="127.0.0.2")
    parser.add_argument("--interval", type=float, default=1.0)
    args = parser.parse_args(argv)
    _enough_files(args.clients)
    asyncio.run(_run(args))


# ================================================================= the test's side
class Flood:
    """A running flood process: :meth:`counts` asks it what it did so far."""

    def __init__(self, process: subprocess.Popen[str], errors: IO[str]) -> None:
        self.process = process
        self.errors = errors
        self._lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put("")  # the flood ended

    def counts(self) -> dict[str, Any]:
        """The flood's counts now (:class:`Counts`, as a dict)."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write("counts\n")
            self.process.stdin.flush()
            line = self._lines.get(timeout=PATIENCE)
        except (OSError, queue.Empty):
            line = ""
        if not line:
            self.errors.seek(0)
            raise AssertionError(f"the flood ended or did not answer: {self.errors.read()[-2000:]}")
        found: dict[str, Any] = json.loads(line)
        return found


@contextlib.contextmanager
def flood(
    host: str,
    port: int,
    token: str,
    *,
    clients: int = 1200,
    source: str = "127.0.0.2",
    interval: float = 1.0,
) -> Iterator[Flood]:
    """A slowloris of ``clients`` connections on ``host:port`` from ``source``, running in
    its own process for the time of the ``with`` block."""
    here = Path(__file__)
    args = [sys.executable, str(here), "--clients", str(clients), "--source", source]
    args += ["--interval", str(interval), "--", host, str(port), token]  # a key may begin with -
    with tempfile.TemporaryFile("w+") as errors:
        process = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, text=True
        )
        try:
            yield Flood(process, errors)
        finally:
            with contextlib.suppress(OSError):
                assert process.stdin is not None
                process.stdin.close()
            try:
                process.wait(timeout=PATIENCE)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=PATIENCE)
        # reached only when the block raised nothing: a flood that would not stop is a bug
        errors.seek(0)
        assert process.returncode == 0, f"the flood did not stop: {errors.read()[-2000:]}"


if __name__ == "__main__":
    main()
