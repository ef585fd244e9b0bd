"""Replay per command counted in machine instructions, every title (issues 40.6 and 41.3).

Run: ``.venv/bin/python benchmarks/bench_replay_instructions.py [TITLE...] [--kinds]
[--within=METHOD...]`` (default: every title of :data:`long_games.TITLES`; 1846 and 1830
are always counted, the references).  A measurement, not a test; it needs
``valgrind`` and a C compiler with ``valgrind/callgrind.h``.  Each title's
1,000-command seeded game (:mod:`long_games`) is replayed as :mod:`bench_replay` replays
it (a new game, every command applied, the cash total checked after each), once to warm
up and once counted: a child Python runs under ``valgrind --tool=callgrind`` with
counting off, and turns it on just around the second replay (``CALLGRIND_START_INSTRUMENTATION``
through a tiny library compiled on the spot).  The count of instructions is the same from
run to run (``PYTHONHASHSEED=0``, and the addresses fixed by ``setarch -R``: without it
counts move by about 1%), whatever else the machine is doing, so a change of a
few percent shows where wall-clock timings on a shared machine cannot see it.  The
figure is instructions per command, and the ratio to 1846's and to 1830's.

``--kinds`` counts each kind of command apart (one more replay per kind, only that kind's
commands counted) and prices every title at each game's mix; ``--within=METHOD`` counts
what the ruleset's method and everything it calls cost (one more replay each; the counting
wrapper adds about 3,400 instructions a call, included in the figures).  Both switch
callgrind's collection, not its instrumentation, which would throw the translated code
away at every switch.

``--recorded [--checks] [--kinds]`` (issue 44) counts the recorded games instead: every
``tests/scripts/1817-recorded-*.script`` and ``1830-recorded-*.script``
(:mod:`recorded_games`, without their ``expect`` lines unless ``--checks``), each title's
games replayed one after the other, once to warm up and once counted; the figure is
instructions per command and 1817's ratio to 1830's; with ``--kinds`` each kind's
commands are counted apart too (one more replay of the games per kind), with each kind's
share of the commands: the titles' mixes side by side (issue 40.6).
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HELPER = r"""
#include <valgrind/callgrind.h>
void cg_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void cg_stop(void) { CALLGRIND_STOP_INSTRUMENTATION; CALLGRIND_DUMP_STATS_AT("replay"); }
void cg_on(void) { CALLGRIND_START_INSTRUMENTATION; }
void cg_toggle(void) { CALLGRIND_TOGGLE_COLLECT; }
void cg_zero(void) { CALLGRIND_ZERO_STATS; }
void cg_dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
"""


def child(title: str, library: str, kinds: bool, within: list[str]) -> None:
    """Under callgrind: replay ``title``'s game once, then once counted; with ``kinds``,
    once more for each kind of command, only that kind's commands counted."""
    from bench_replay import commands_of, replay
    from long_games import long_game

    from moderator.events import TurnStarted
    from moderator.game import Game

    head, commands = commands_of(long_game(title))
    replay(head, commands)
    counter = ctypes.CDLL(library)
    if not kinds and not within:
        counter.cg_start()
        replay(head, commands)
        counter.cg_stop()
        return
    # turning the counting on or off throws the translated code away: it is turned on
    # once, and each kind's commands are counted by switching the collection alone
    counter.cg_on()
    counter.cg_zero()
    replay(head, commands)
    counter.cg_dump(b"replay")
    for name in within:
        if not hasattr(type(Game.new(head.title, list(head.players)).ruleset), name):
            print("calls", name, 0)  # not a method of this title's: nothing counted
            continue
        fresh = Game.new(head.title, list(head.players))
        state, apply = fresh.state, fresh.ruleset.apply
        klass = type(fresh.ruleset)
        method, own = getattr(klass, name), klass.__dict__.get(name)
        depth, calls = [0], [0]

        def counted(
            *args: object, _method: Any = method, _depth: list[int] = depth, **kwargs: object
        ) -> object:
            _depth[0] += 1
            if _depth[0] == 1:
                calls[0] += 1  # noqa: B023 (read once the replay is over)
                counter.cg_toggle()
            try:
                return _method(*args, **kwargs)
            finally:
                _depth[0] -= 1
                if _depth[0] == 0:
                    counter.cg_toggle()

        setattr(klass, name, counted)
        counter.cg_toggle()  # off
        counter.cg_zero()
        for cmd in commands:
            apply(state, cmd)
            state.ledger.check_conservation()
            state.ledger.events = []
        counter.cg_toggle()  # on again
        counter.cg_dump(f"within {name}".encode())
        if own is None:
            delattr(klass, name)
        else:
            setattr(klass, name, own)
        print("calls", name, calls[0])
    groups = sorted({cmd.kind for cmd in commands}) + ["round SR", "round OR"] if kinds else []
    count_groups(counter, [(head, commands)], groups)
    if kinds:  # the players' and the companies' turns, from the events
        fresh = Game.new(head.title, list(head.players))
        state, apply = fresh.state, fresh.ruleset.apply
        names = {p.name for p in state.ledger.players}
        turns = Counter()
        for cmd in commands:
            apply(state, cmd)
            for event in state.ledger.events:
                if isinstance(event, TurnStarted):
                    turns["SR" if event.who in names else "OR"] += 1
            state.ledger.events = []
        print("turns", turns["SR"], turns["OR"])


def count_groups(counter: Any, games: list[tuple[Any, list[Any]]], groups: list[str]) -> None:
    """For each group (a kind of command, or ``round SR`` / ``round OR``: every command
    given in an operating round, or not), ``games`` replayed once more with only that
    group's commands counted, dumped under ``kind GROUP``.  The counting is on: each
    group's commands are counted by switching the collection alone (turning the counting
    on or off throws the translated code away)."""
    from moderator.game import Game

    for group in groups:
        counter.cg_toggle()  # off
        counter.cg_zero()
        for head, commands in games:
            fresh = Game.new(head.title, list(head.players))
            state, apply = fresh.state, fresh.ruleset.apply
            for cmd in commands:
                counted = (
                    (state.round_kind == "OR") == (group == "round OR")
                    if group.startswith("round ")
                    else cmd.kind == group
                )
                if counted:
                    counter.cg_toggle()
                apply(state, cmd)
                state.ledger.check_conservation()
                state.ledger.events = []
                if counted:
                    counter.cg_toggle()
        counter.cg_toggle()  # on again
        counter.cg_dump(f"kind {group}".encode())


def child_recorded(title: str, library: str, checks: bool, kinds: bool = False) -> None:
    """Under callgrind: replay ``title``'s recorded games once, then once counted; with
    ``kinds``, once more for each kind of command, only that kind's commands counted."""
    from bench_replay import replay_all
    from recorded_games import recorded

    games = recorded(title, checks=checks)
    replay_all(games)
    counter = ctypes.CDLL(library)
    if not kinds:
        counter.cg_start()
        replay_all(games)
        counter.cg_stop()
        return
    counter.cg_on()
    counter.cg_zero()
    replay_all(games)
    counter.cg_dump(b"replay")
    count_groups(counter, games, sorted({cmd.kind for _, cs in games for cmd in cs}))


def compiled_counter(folder: Path) -> Path:
    """The tiny library that switches callgrind's counting (:data:`HELPER`), compiled in
    ``folder``."""
    source = folder / "cg.c"
    source.write_text(HELPER)
    library = folder / "cg.so"
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", library, source], check=True)
    return library


def dumped(dumps: Any) -> dict[str, int]:
    """Each callgrind dump's total of instructions, by the name it was dumped under
    (``replay``, ``kind GROUP`` without ``kind``; ``""`` for the dump at the end)."""
    totals: dict[str, int] = {}
    for dump in dumps:
        name, total = "", 0
        for line in dump.read_text().splitlines():
            if line.startswith("desc: Trigger: Client Request: "):
                name = line.removeprefix("desc: Trigger: Client Request: ").removeprefix("kind ")
            elif line.startswith("totals:"):
                total = int(line.split()[1])
        totals[name] = totals.get(name, 0) + total
    return totals


def under_callgrind(out: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    """This script run as a child (``args``) under callgrind, counting off until the child
    turns it on, its counts written to ``out`` (and ``out.N`` for each dump)."""
    return subprocess.run(
        [
            *(["setarch", "-R"] if shutil.which("setarch") else []),  # the same addresses
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            *args,
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )


def main_recorded(checks: bool, titles: list[str] | None = None, kinds: bool = False) -> None:
    """Instructions per command of the recorded games of ``titles`` (default 1817's),
    beside 1830's (``tests/scripts/TITLE-recorded-*.script``, the title as in the names:
    ``1889``, ``18chesapeake``)."""
    wanted = list(dict.fromkeys([*(titles or ["1817"]), "1830"]))
    from recorded_games import recorded

    per: dict[str, float] = {}
    length: dict[str, int] = {}
    each: dict[str, tuple[dict[str, int], Counter]] = {}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        library = compiled_counter(folder)
        for title in wanted:
            out = folder / f"recorded-{title}.out"
            under_callgrind(
                out,
                [
                    "--child-recorded",
                    title,
                    str(library),
                    *(["--checks"] if checks else []),
                    *(["--kinds"] if kinds else []),
                ],
            )
            totals = dumped(folder.glob(f"recorded-{title}.out*"))
            total = totals.get("replay", 0) if kinds else sum(totals.values())
            commands = [cmd for _, cs in recorded(title, checks=checks) for cmd in cs]
            length[title] = len(commands)
            per[title] = total / length[title]
            each[title] = (totals, Counter(cmd.kind for cmd in commands))
    what = "every line, checks too" if checks else "moves only, expect lines left out"
    print(f"recorded games, replay per command, instructions (callgrind) ({what})")
    print(f"{'title':<12} {'commands':>8} {'instr/cmd':>10} {'/ 1830':>7}")
    for title in wanted:
        print(
            f"{title:<12} {length[title]:>8} {per[title]:>10,.0f} {per[title] / per['1830']:>6.3f}x"
        )
    if not kinds:
        return
    print("each kind: instructions a command of it (thousands) and its share of the commands")
    print_kinds(
        each,
        wanted,
        lambda title, spent, n: f"{spent / n / 1e3:7.0f}k {n / length[title]:6.1%}",
        20,
    )


def print_kinds(
    each: dict[str, tuple[dict[str, int], Counter]],
    wanted: list[str],
    cell: Callable[[str, int, int], str],
    width: int,
) -> None:
    """A row for each kind of command (1830's commonest first), a cell for each title:
    ``cell(title, instructions, commands)`` of that kind, ``-`` where the game has none."""
    every = sorted(
        {k for _, n in each.values() for k in n if " " not in k},
        key=lambda k: -each["1830"][1][k],
    )
    print(f"{'kind':<12}" + "".join(f"{t:>{width}}" for t in wanted))
    for kind in every:
        cells = [
            cell(title, each[title][0][kind], each[title][1][kind]) if each[title][1][kind] else "-"
            for title in wanted
        ]
        print(f"{kind:<12}" + "".join(f"{x:>{width}}" for x in cells))


def count(
    title: str, library: Path, folder: Path, kinds: bool, within: list[str]
) -> tuple[dict[str, int], Counter]:
    """Instructions of one counted replay of ``title`` (under ``"replay"``) and, with
    ``kinds``, of each kind's commands (under the kind); and the count of each kind."""
    out = folder / f"{title}.out"
    run = under_callgrind(
        out,
        [
            "--child",
            title,
            str(library),
            *(["--kinds"] if kinds else []),
            *(f"--within={name}" for name in within),
        ],
    )
    totals = dumped(folder.glob(f"{title}.out.*"))
    from bench_replay import commands_of
    from long_games import long_game

    _, commands = commands_of(long_game(title))
    kinds_of = Counter(cmd.kind for cmd in commands)
    for line in run.stdout.splitlines():
        if line.startswith("calls "):
            _, name, calls = line.split()
            kinds_of[f"calls {name}"] = int(calls)
        elif line.startswith("turns "):
            _, players, companies = line.split()
            kinds_of["turns SR"], kinds_of["turns OR"] = int(players), int(companies)
    return totals, kinds_of


def main(args: list[str]) -> None:
    from long_games import TITLES

    if "--recorded" in args:
        titles = [x for x in args if not x.startswith("--")]
        main_recorded("--checks" in args, titles, "--kinds" in args)
        return
    kinds = "--kinds" in args
    within = [x.removeprefix("--within=") for x in args if x.startswith("--within=")]
    titles = [x for x in args if not x.startswith("--")] or list(TITLES)
    wanted = list(dict.fromkeys(["1846", "1830", *titles]))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        library = compiled_counter(folder)
        counts = {title: count(title, library, folder, kinds, within) for title in wanted}
    length = {
        title: sum(v for k, v in n.items() if " " not in k) for title, (_, n) in counts.items()
    }
    per = {title: totals["replay"] / length[title] for title, (totals, _) in counts.items()}
    print("replay per command, instructions (callgrind), one counted replay after a warm-up")
    print(f"{'title':<13} {'commands':>8} {'instr/cmd':>10} {'/ 1846':>7} {'/ 1830':>7}")
    for title in wanted:
        print(
            f"{title:<13} {length[title]:>8} {per[title]:>10,.0f} "
            f"{per[title] / per['1846']:>6.2f}x {per[title] / per['1830']:>6.2f}x"
        )
    for name in within:
        print(f"within {name}: instructions per command of the replay, calls, per call")
        for title in wanted:
            totals, n = counts[title]
            spent, calls = totals.get(f"within {name}", 0), n[f"calls {name}"]
            print(
                f"  {title:<13} {spent / length[title]:>10,.0f} {calls:>7} "
                f"{spent / max(calls, 1):>10,.0f}"
            )
    if not kinds:
        return
    print("instructions per command of each kind (thousands), and each game's count of it")
    print_kinds(counts, wanted, lambda _, spent, n: f"{spent / n / 1e3:8.0f}k x{n:<5}", 18)
    print("per turn: a player's stock turn (every line in a stock round, or the sale)")
    print("and a company's operating turn (every line in an operating round), thousands")
    for title in wanted:
        totals, n = counts[title]
        per_turn = [totals[f"round {r}"] / max(n[f"turns {r}"], 1) / 1e3 for r in ("SR", "OR")]
        print(
            f"  {title:<13} stock turn {per_turn[0]:6.0f}k x{n['turns SR']:<4}  "
            f"operating turn {per_turn[1]:6.0f}k x{n['turns OR']:<4}"
        )
    for mix in wanted:
        weights = counts[mix][1]
        priced = {}
        for title in wanted:
            totals, n = counts[title]
            common = {k: w for k, w in weights.items() if n[k] and " " not in k}
            priced[title] = sum(totals[k] / n[k] * w for k, w in common.items()) / sum(
                common.values()
            )
        print(
            f"at {mix}'s mix: "
            + ", ".join(f"{t} {priced[t] / priced['1830']:.2f}x 1830" for t in wanted)
        )


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    if sys.argv[1:2] == ["--child-recorded"]:
        child_recorded(sys.argv[2], sys.argv[3], "--checks" in sys.argv, "--kinds" in sys.argv)
    elif sys.argv[1:2] == ["--child"]:
        within = [x.removeprefix("--within=") for x in sys.argv if x.startswith("--within=")]
        child(sys.argv[2], sys.argv[3], "--kinds" in sys.argv, within)
    else:
        main(sys.argv[1:])
