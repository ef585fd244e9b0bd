"""The table view under load: 50 viewers follow while the banker plays 200 commands.

Run: ``.venv/bin/python benchmarks/bench_web.py [--viewers 50] [--commands 200]
[--pace 0.2] [--mode live|save]``.  Prints the figures; a measurement, not a test.

The banker plays the commands of a seeded simulated 1846 game into a save, one
every ``--pace`` seconds (a banker types far slower; the pace only lets every
change reach the viewers before the next).  Measured:

* the banker's side: the time of ``Game.execute`` (with its fsynced save) plus
  ``LiveGame.changed()``, without any server, then with the server sharing the game
  in the same process (``--mode live``: the TUI's case, the server in a thread) or
  following the save from another process (``--mode save``: ``moderator serve``);
* the viewers' side: 50 viewers in another process (as the phones are elsewhere),
  each holding the event stream open and reading the view each event carries, as
  the page does; for each command, the time from the banker's accepted command to each
  viewer holding a view that includes it (median, 95th percentile, worst).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from moderator.follow import LiveGame
from moderator.game import Game
from moderator.simulate import simulate
from moderator.web import start_sharing

COMMANDS = re.compile(r'data-commands="(\d+)"')


# ================================================================= the viewers' process
async def _viewer(
    client: object, base: str, query: str, seen: list[tuple[float, int]], final: int
) -> None:
    import httpx

    assert isinstance(client, httpx.AsyncClient)
    count = None
    async with client.stream("GET", f"{base}/events?{query}") as stream:
        async for line in stream.aiter_lines():
            if line.startswith("data:") and count is None:
                found = COMMANDS.search(line)
                if found:
                    count = int(found.group(1))
            elif line == "" and count is not None:  # the end of one view event
                seen.append((time.monotonic(), count))
                if count >= final:
                    return
                count = None


async def _viewers(url: str, count: int, final: int, timeout: float) -> list[list[tuple]]:
    import httpx

    base, query = url.split("/?", 1)
    seen: list[list[tuple[float, int]]] = [[] for _ in range(count)]
    limits = httpx.Limits(max_connections=count * 2 + 10, max_keepalive_connections=count * 2)
    async with httpx.AsyncClient(timeout=None, limits=limits) as client:
        tasks = [
            asyncio.create_task(_viewer(client, base, query, seen[i], final)) for i in range(count)
        ]
        await asyncio.wait(tasks, timeout=timeout)
        for task in tasks:
            task.cancel()
    return seen


def viewers_main(url: str, count: int, final: int, timeout: float) -> None:
    """Run ``count`` viewers until each saw ``final`` commands; print what they saw."""
    seen = asyncio.run(_viewers(url, count, final, timeout))
    print(json.dumps(seen))


# ================================================================= the banker
def _commands(count: int) -> tuple[str, list[str], list[str]]:
    seed = 0
    while True:
        game = simulate(seed, 4, max_commands=count + 50)
        if len(game.journal) >= count:
            return game.title, list(game.players), [e.line for e in game.journal[:count]]
        seed += 1


def _play(
    game: Game, lines: list[str], pace: float, source: LiveGame | None
) -> tuple[list[float], list[float]]:
    """Play ``lines`` at ``pace``; each command's banker-side seconds and accept time."""
    took, accepted = [], []
    for line in lines:
        start = time.monotonic()
        outcome = game.execute(line)
        if source is not None:
            source.changed()
        end = time.monotonic()
        assert outcome.ok, (line, outcome.message)
        took.append(end - start)
        accepted.append(end)
        time.sleep(max(0.0, pace - (time.monotonic() - start)))
    return took, accepted


def _ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[int(0.95 * (len(values) - 1))]
    return (
        f"median {statistics.median(values) * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms   "
        f"max {values[-1] * 1000:7.2f} ms"
    )


def main() -> None:
    """Measure and print (see the module docstring)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--pace", type=float, default=0.2)
    parser.add_argument("--mode", choices=("live", "save"), default="live")
    parser.add_argument(
        "--as-viewers", nargs=3, metavar=("URL", "COUNT", "FINAL"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.as_viewers:
        url, count, final = args.as_viewers
        viewers_main(url, int(count), int(final), timeout=args.commands * args.pace + 120)
        return

    title, players, lines = _commands(args.commands)
    print(
        f"{title} with {len(players)} players, {len(lines)} commands, one every "
        f"{args.pace:.2f} s; {args.viewers} viewers; mode {args.mode}"
    )
    folder = Path(tempfile.mkdtemp(prefix="bench-web-"))

    # without viewers (no server at all)
    alone = Game.new(title, players, path=folder / "alone.json")
    base_took, _ = _play(alone, lines, args.pace, LiveGame(alone))
    alone.close()

    # with viewers
    game = Game.new(title, players, path=folder / "shared.json")
    server = None
    if args.mode == "live":
        source: LiveGame | None = LiveGame(game)
        sharing = start_sharing(source)
        url = sharing.url
    else:
        source = None
        server = subprocess.Popen(
            [sys.executable, "-m", "moderator.web", str(folder / "shared.json"), "--port", "0"],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert server.stdout is not None
        url = ""
        while not url:
            line = server.stdout.readline()
            if line.startswith("Players open: "):
                url = line.split(": ", 1)[1].strip()
    viewers = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--commands",
            str(args.commands),
            "--pace",
            str(args.pace),
            "--as-viewers",
            url,
            str(args.viewers),
            str(len(lines)),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    time.sleep(3)  # every viewer connected and holding its first view
    took, accepted = _play(game, lines, args.pace, source)
    out, _ = viewers.communicate(timeout=300)
    if server is not None:
        server.terminate()
        server.wait(timeout=30)
    else:
        sharing.stop()
    game.close()

    seen = [[(t, n) for t, n in v] for v in json.loads(out)]
    delays = []
    missed = 0
    for views in seen:
        for number, at in enumerate(accepted, start=1):
            first = next((t for t, n in views if n >= number), None)
            if first is None:
                missed += 1
            else:
                delays.append(max(0.0, first - at))
    print(f"banker, per command, no viewers:      {_ms(base_took)}")
    print(f"banker, per command, {args.viewers} viewers:     {_ms(took)}")
    added = statistics.median(took) - statistics.median(base_took)
    print(f"added on the banker's side (median):  {added * 1000:7.2f} ms")
    print(f"viewer sees a change:                 {_ms(delays)}")
    print(
        f"viewers connected: {sum(1 for v in seen if v)} of {args.viewers}; "
        f"(viewer, command) pairs never seen: {missed}"
    )


if __name__ == "__main__":
    main()
