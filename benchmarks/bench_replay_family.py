"""The replay cost per command of 1830's family beside 1830's (issue 40, acceptance 6).

Run: ``.venv/bin/python benchmarks/bench_replay_family.py [TITLE...]`` (default: 1889).
A measurement, not a test.  As :mod:`bench_replay_1830`: for each title the first seeded
simulated game with at least 1,000 commands is cut at 1,000 and replayed as loading a
save replays it (every command applied, the cash total checked after each), best of
several rounds, the titles timed in turn; ``Game.load`` of the saved game is timed too.

``--fingerprint DIR [--from BEFORE]`` is the proof that a speed change changed no result:
for every game of :mod:`long_games` it writes ``DIR/TITLE.script`` (the game) and
``DIR/TITLE.events`` (a hash of each command's events, then ``final`` and a hash of the
state JSON at the end); with ``--from`` the scripts of an earlier run are replayed, not
simulated again.  Two runs, before and after a change, compare with ``diff -r``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bench_replay_1830 import LENGTH, PLAYERS, load_seconds, long_game, replay_seconds

ROUNDS = 8


def main(titles: list[str]) -> None:
    games = {title: long_game(title) for title in ("1830", *titles)}
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for title, game in games.items():
            paths[title] = Path(folder) / f"{title}.json"
            game.save(paths[title])
        best = {title: [1e9, 1e9] for title in games}
        for _ in range(ROUNDS):
            for title, game in games.items():
                best[title][0] = min(best[title][0], replay_seconds(game))
                best[title][1] = min(best[title][1], load_seconds(paths[title]))
        for game in games.values():
            game.close()
    print(f"replay of a {LENGTH:,}-command simulated game, {PLAYERS} players, best of {ROUNDS}")
    for title, (replay, load) in best.items():
        phase = games[title].state.phase
        print(
            f"  {title:12} (to phase {phase:3}) replay {replay * 1e3:6.1f} ms, "
            f"{replay / LENGTH * 1e6:5.1f} µs/cmd;  Game.load {load / LENGTH * 1e6:5.1f} µs/cmd"
        )
    for title in titles:
        ratio = best[title][0] / best["1830"][0]
        loads = best[title][1] / best["1830"][1]
        print(f"  {title} / 1830 per command: replay {ratio:.2f}x, load {loads:.2f}x")


def fingerprint(out: Path, before: Path | None) -> None:
    """Each long game's events command by command and its final state, as hashes."""
    import hashlib
    import json

    from long_games import TITLES
    from long_games import long_game as simulated

    from moderator.game import Game
    from moderator.script import parse_script

    out.mkdir(parents=True, exist_ok=True)
    for title in TITLES:
        if before is None:
            game = simulated(title)
            script = game.script()
            game.close()
        else:
            script = (before / f"{title}.script").read_text(encoding="utf-8")
        (out / f"{title}.script").write_text(script, encoding="utf-8")
        head, *lines = list(parse_script(script))
        fresh = Game.new(head.command.title, list(head.command.players))  # type: ignore[attr-defined]
        state, apply = fresh.state, fresh.ruleset.apply
        rows = []
        for line in lines:
            apply(state, line.command)
            state.ledger.check_conservation()
            events = repr([event.model_dump() for event in state.ledger.events])
            rows.append(hashlib.sha1(events.encode()).hexdigest()[:16])
            state.ledger.events = []
        final = json.dumps(fresh.ruleset.state_json(state), sort_keys=True, default=str)
        rows.append("final " + hashlib.sha1(final.encode()).hexdigest())
        (out / f"{title}.events").write_text("\n".join(rows) + "\n", encoding="utf-8")
        print(f"{title}: {len(lines)} commands, final state {rows[-1][6:22]}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--fingerprint" in args:
        source = args[args.index("--from") + 1] if "--from" in args else None
        fingerprint(Path(args[args.index("--fingerprint") + 1]), source and Path(source))
    else:
        main(args or ["1889"])
