"""The crash harness (issue 11.4): writers killed with SIGKILL at random moments.

A writer is a process that holds a save and accepts commands into it, printing
what it has acknowledged; the harness kills it (``SIGKILL``: no handler, no
flush, no ``finally``) at a random moment and then checks the save:

- it loads (``Game.load``: every checksum, every line read back as its command,
  the journal replayed and its events compared) and opens for writing again;
- its journal is a prefix of the script being played (nothing foreign, nothing
  interleaved, nothing reordered);
- it holds every acknowledged command: at least as many entries as the writer
  last acknowledged, exactly that many unless an operation was in flight (then
  that operation's result is allowed too).

Four kinds of writer, all on the same save (each continues where the last one
was killed):

``python``  a small Python writer (:data:`WRITER`): ``Game.load`` (or ``Game.new``),
            then the script's next lines through ``Game.execute``, with an
            ``undo`` + ``redo`` now and then (the file cut back and appended) and a
            whole-file ``save()`` now and then (temporary file and rename).  It
            prints ``begin OP`` before and ``ok N`` (the journal's length) after
            each operation returned, so acknowledgements are exact.
``play``    ``moderator play SCRIPT --save SAVE --quiet``, which continues a save
            that starts its script; checked for load and prefix (it prints no
            acknowledgement per line), and a later run finishes the game.
``pair``    two Python writers on one save: while one holds it, the other is
            refused by the lock (``SaveLocked``, naming the holder) and writes
            nothing; started together, exactly one wins; then the holder is killed.
``tui``     ``moderator open SAVE`` under tmux, the script's next lines typed into
            the command bar; a line counts as acknowledged once the screen shows
            ``✓ LINE``; killed after a few, or in the middle of one.

After each check, a copy of the save cut at a random byte of its last record (a power
cut or a cut copy; a byte just after a ``}}`` when the record has one, issue 42.2) must
open as cut, with the warning, in the core and in ``serve``'s follower
(:func:`forging.check_cut`).

``tests/hardening/test_crash.py`` runs about 20 kills in CI;
``scripts/crash_harness.py --kills 1000`` the long run.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from forging import check_cut

from moderator.game import Game
from moderator.journal import load_save
from moderator.script import parse_script
from moderator.simulate import BOX_TITLES, Simulation, legal_game

REPO = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
MODERATOR = Path(sys.executable).with_name("moderator")
TMUX = shutil.which("tmux")

WRITER = textwrap.dedent(
    """
    import random, sys
    from moderator.game import Game, SaveLocked
    from moderator.errors import SaveError
    from moderator.script import parse_script
    save, script, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    lines = list(parse_script(open(script, encoding="utf-8").read()))
    rng = random.Random(seed)
    try:
        try:
            game = Game.load(save)
        except SaveError as exc:
            if isinstance(exc, SaveLocked) or "no such save file" not in str(exc):
                raise
            game = Game.from_command(lines[0].command, path=save)
    except SaveLocked as exc:
        print("locked", str(exc).replace("\\n", " "), flush=True)
        sys.exit(3)
    print(f"ready {len(game.journal)}", flush=True)
    if sys.argv[4:] == ["wait"]:  # hold the save until the harness says go
        sys.stdin.readline()
    for line in lines[1 + len(game.journal):]:
        roll = rng.random()
        if roll < 0.04 and game.journal:
            print("begin undo", flush=True)
            game.undo()
            print(f"ok {len(game.journal)}", flush=True)
            print("begin redo", flush=True)
            assert game.redo() is not None
            print(f"ok {len(game.journal)}", flush=True)
        elif roll < 0.06:
            print("begin save", flush=True)
            game.save()
            print(f"ok {len(game.journal)}", flush=True)
        print("begin cmd", flush=True)
        outcome = game.execute(line.command)
        assert outcome.ok, (line.text, outcome.message)
        print(f"ok {len(game.journal)}", flush=True)
    print(f"done {len(game.journal)}", flush=True)
    """
)
"""The Python writer: prints ``ready N``, then ``begin OP`` / ``ok N`` around every operation."""

ALLOWED = {"cmd": (0, 1), "undo": (-1, 0), "redo": (0, 1), "save": (0,)}
"""What an operation in flight when the kill came may have done to the journal's length."""


def _wait_dead(pid: int, timeout: float = 20) -> None:
    """Wait until a killed process (not our child: tmux's) is gone.  Not merely a zombie:
    a killed process's leading thread can be a zombie while its other threads still hold
    its files, and so its lock."""
    deadline = time.monotonic() + timeout
    while Path(f"/proc/{pid}").exists():
        if time.monotonic() > deadline:
            raise CrashCheckFailed(f"pid {pid} still runs {timeout} s after SIGKILL")
        time.sleep(0.02)


class CrashCheckFailed(AssertionError):
    """A save after a kill lost an acknowledged command, or does not load."""


def make_script(
    folder: Path, seed: int = 3, commands: int = 3000, title: str = "1846"
) -> tuple[Path, list[str]]:
    """A long game of ``title`` (simulated, seeded; 1847 Pfalz and RRRR&B from their legal
    commands) as a banker script; its path and its lines."""
    if title in BOX_TITLES:
        game = legal_game(title, seed, commands, players=4)
    else:
        game = Simulation(seed=seed, players=4, max_commands=commands, title=title).run()
    text = game.script()
    path = folder / f"game-{title}-{seed}-{commands}.script"
    path.write_text(text, encoding="utf-8")
    return path, [e.line for e in game.journal]


@dataclass
class Report:
    """Figures of a harness run."""

    kills: Counter[str] = field(default_factory=Counter)
    acknowledged: int = 0
    """Acknowledged operations checked against the saves after the kills."""
    in_flight: Counter[str] = field(default_factory=Counter)
    """Kills that came while an operation was in flight, by operation."""
    torn: int = 0
    """Saves found with a last line cut short (dropped on loading, never acknowledged)."""
    temps: int = 0
    """Temporary files of an interrupted whole-file write found beside the save."""
    cut_copies: Counter[str] = field(default_factory=Counter)
    """Copies of the save cut in its last record after a kill, by what they opened as
    (``cut``, ``whole``), and how many were cut just after a ``}}`` (``after }}``)."""
    refused_by_lock: int = 0
    finished_games: int = 0
    longest: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def text(self) -> str:
        """The figures, for people."""
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.kills.items()))
        flight = ", ".join(f"{k} {n}" for k, n in sorted(self.in_flight.items())) or "none"
        return "\n".join(
            [
                f"kills: {sum(self.kills.values())} ({kinds}) in {self.seconds:.0f} s",
                f"acknowledged operations checked: {self.acknowledged}",
                f"kills with an operation in flight: {flight}",
                f"torn last lines dropped: {self.torn}; stale temporary files: {self.temps}",
                "copies cut in their last record: "
                + (", ".join(f"{k} {n}" for k, n in sorted(self.cut_copies.items())) or "none"),
                f"second writers refused by the lock: {self.refused_by_lock}",
                f"games played to the end across kills: {self.finished_games}; "
                f"longest journal: {self.longest}",
                f"failures: {len(self.failures)}",
                *self.failures[:10],
            ]
        )


@dataclass
class Harness:
    """Kills writers of one script's game, on one save, and checks the save after each."""

    folder: Path
    script: Path
    lines: list[str]
    rng: random.Random
    report: Report = field(default_factory=Report)
    known: int = 0
    """The journal length the last check found (what the next writer starts from)."""
    cut_rng: random.Random = field(default_factory=lambda: random.Random(42))
    """Where the copies are cut (its own: the kills' draws stay as they were)."""
    round: int = 0

    @property
    def save(self) -> Path:
        return self.folder / f"save-{self.round}.json"

    # ------------------------------------------------------------ checking
    def check(self, acked: int | None, pending: str | None, label: str) -> int:
        """Load the save after a kill and check it; the journal's length."""
        save = self.save
        temps = [
            p
            for p in save.parent.iterdir()
            if p.name.startswith(f".{save.name}.") and p.name.endswith(".tmp")
        ]
        self.report.temps += len(temps)
        if not save.exists():
            if acked:
                raise CrashCheckFailed(f"{label}: {acked} acknowledged but no save")
            return 0
        try:
            self.report.torn += load_save(save).torn
            game = Game.load(save)  # for writing: repairs a torn tail, removes temporaries
        except Exception as exc:
            raise CrashCheckFailed(f"{label}: the save does not load: {exc}") from exc
        try:
            lines = [e.line for e in game.journal]
        finally:
            game.close()
        n = len(lines)
        if lines != self.lines[:n]:
            raise CrashCheckFailed(f"{label}: the journal is not a prefix of the script")
        if acked is not None:
            allowed = {acked + d for d in ALLOWED[pending]} if pending else {acked}
            if n not in allowed:
                raise CrashCheckFailed(
                    f"{label}: the save holds {n} commands; acknowledged {acked}, "
                    f"in flight {pending or 'nothing'}"
                )
            self.report.acknowledged += 1
        elif n < self.known and pending != "undo":
            raise CrashCheckFailed(f"{label}: the save lost commands ({n} < {self.known})")
        if pending:
            self.report.in_flight[pending] += 1
        if n:
            self._cut_copy(save, label)
        self.report.longest = max(self.report.longest, n)
        self.known = n
        if n == len(self.lines):
            self.report.finished_games += 1
            self.round += 1
            self.known = 0
        return n

    def _cut_copy(self, save: Path, label: str) -> None:
        """A copy of ``save`` cut in its last record (after a ``}}`` when it has one, half
        the time) opens as cut, warned, in the core and in ``serve``'s follower."""
        data = save.read_bytes()
        start = data.rfind(b"\n", 0, len(data) - 1) + 1
        # inside the record: its own closing ``}}`` (then its newline) ends it whole
        braces = [i + 2 for i in range(start, len(data) - 3) if data[i : i + 2] == b"}}"]
        if braces and self.cut_rng.random() < 0.5:
            k = self.cut_rng.choice(braces)
        else:
            k = self.cut_rng.randrange(start + 1, len(data))
        try:
            what = check_cut(self.folder / "cut-copy.json", data, k)
        except Exception as exc:
            raise CrashCheckFailed(f"{label}: a copy cut at byte {k}: {exc!r}") from exc
        self.report.cut_copies[what] += 1
        self.report.cut_copies["after }}"] += data[:k].endswith(b"}}")

    # ------------------------------------------------------------ writers
    def _writer(self, *, wait: bool = False) -> subprocess.Popen[str]:
        seed = str(self.rng.randrange(10**6))
        return subprocess.Popen(
            [PYTHON, "-c", WRITER, str(self.save), str(self.script), seed, *(["wait"] * wait)],
            stdin=subprocess.PIPE if wait else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )

    @staticmethod
    def _kill(proc: subprocess.Popen[str]) -> tuple[str, str]:
        """Kill the writer; the rest of its output.  Read through the same buffered
        streams as the lines read before (``communicate`` would read the raw pipes and
        miss what those streams had already buffered)."""
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        assert proc.stdout is not None and proc.stderr is not None
        out, err = proc.stdout.read(), proc.stderr.read()
        proc.wait(timeout=60)
        return out, err

    @staticmethod
    def _acks(out: str) -> tuple[int | None, str | None, bool]:
        """The last acknowledged length, the operation in flight, whether it said ``done``.

        Only whole lines count: a line the kill cut short was never said."""
        acked: int | None = None
        pending: str | None = None
        done = False
        for line in out.split("\n")[:-1]:
            word, _, rest = line.partition(" ")
            if word in ("ready", "ok"):
                acked, pending = int(rest), None
            elif word == "begin":
                pending = rest
            elif word == "done":
                acked, pending, done = int(rest), None, True
        return acked, pending, done

    def kill_python(self) -> None:
        """One Python writer, killed after a random number of acknowledgements or at a
        random time (possibly while it loads, repairs a torn tail or rewrites the file)."""
        proc = self._writer()
        read = ""
        if self.rng.random() < 0.3:
            time.sleep(self.rng.uniform(0, 1.5))
        else:
            read = self._read(proc, self.rng.randrange(0, 60))
            time.sleep(self.rng.choice([0, 0, 0.0005, 0.002, 0.01]))
        out, err = self._kill(proc)
        self.report.kills["python"] += 1
        self._after(read + out, err, proc.returncode, "python writer")

    @staticmethod
    def _read(proc: subprocess.Popen[str], lines: int) -> str:
        """Up to ``lines`` lines of the writer's output (what it acknowledged so far)."""
        assert proc.stdout is not None
        read = []
        for _ in range(lines):
            line = proc.stdout.readline()
            if not line:
                break
            read.append(line)
        return "".join(read)

    def _after(self, out: str, err: str, code: int, label: str) -> None:
        acked, pending, done = self._acks(out)
        if code not in (-signal.SIGKILL, 0) or (code == 0 and not done):
            raise CrashCheckFailed(f"{label} failed (exit {code}): {err.strip()[-800:]}")
        self.check(acked, pending, label)

    def kill_pair(self) -> None:
        """Two writers on one save: the second is refused while the first holds it (started
        one after the other, or together: exactly one wins); then the holder is killed."""
        together = self.rng.random() < 0.5
        first = self._writer(wait=True)
        second = self._writer(wait=True) if together else None
        assert first.stdout is not None
        head = first.stdout.readline()
        if second is None:
            second = self._writer(wait=True)
        assert second.stdout is not None
        other = second.stdout.readline()
        if together and head.startswith("locked"):  # the second won the race
            first, second, head, other = second, first, other, head
        if not head.startswith("ready") or not other.startswith("locked"):
            self._kill(first)
            self._kill(second)
            raise CrashCheckFailed(
                f"not exactly one writer got the save: {head.strip()!r} / {other.strip()!r}"
            )
        assert second.stdout is not None
        second.stdout.read()
        if second.wait(timeout=60) != 3:
            self._kill(first)
            raise CrashCheckFailed(f"the refused writer exited {second.returncode}")
        if "open in another moderator" not in other or f"pid {first.pid}" not in other:
            self._kill(first)
            raise CrashCheckFailed(f"the refusal does not name the holder: {other!r}")
        self.report.refused_by_lock += 1
        assert first.stdin is not None
        first.stdin.write("go\n")
        first.stdin.flush()
        read = self._read(first, self.rng.randrange(0, 30))
        out, err = self._kill(first)
        self.report.kills["pair"] += 1
        self._after(head + read + out, err, first.returncode, "held writer of a pair")

    def kill_play(self) -> None:
        """``moderator play --save`` continuing the save, killed at a random time."""
        proc = subprocess.Popen(
            [str(MODERATOR), "play", str(self.script), "--save", str(self.save), "--quiet"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )
        try:
            proc.wait(timeout=self.rng.uniform(0.2, 2.5))
        except subprocess.TimeoutExpired:
            pass
        out, err = self._kill(proc)
        self.report.kills["play"] += 1
        if proc.returncode not in (-signal.SIGKILL, 0):
            raise CrashCheckFailed(f"play failed (exit {proc.returncode}): {err.strip()[-800:]}")
        n = self.check(None, None, "moderator play")
        if proc.returncode == 0 and n and n != len(self.lines):
            raise CrashCheckFailed(f"play exited 0 with {n} of {len(self.lines)} commands")

    def kill_tui(self) -> None:
        """``moderator open SAVE`` in tmux: lines typed, acknowledged by the screen, killed."""
        if TMUX is None:
            raise CrashCheckFailed("tmux is not installed")
        if not self.save.exists():  # the TUI opens an existing save: start one here
            head = next(iter(parse_script(self.script.read_text(encoding="utf-8"))))
            with Game.from_command(head.command, path=self.save) as game:
                for line in self.lines[: self.rng.randrange(0, 20)]:
                    assert game.execute(line).ok, line
                self.known = len(game.journal)
        start = self.known
        if start >= len(self.lines):
            return
        name = f"moderator-crash-{uuid.uuid4().hex[:8]}"
        pidfile = self.folder / f"{name}.pid"

        def tmux(*args: str) -> str:
            done = subprocess.run([TMUX, "-L", name, *args], capture_output=True, text=True)
            return done.stdout

        command = (
            f"echo $$ > '{pidfile}'; exec '{MODERATOR}' --saves '{self.folder}' open '{self.save}'"
        )
        tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", "sh", "-c", command)
        tmux("set-option", "-g", "window-size", "manual")  # as tests/e2e: no resize mid-run
        tmux("resize-window", "-t", name, "-x", "120", "-y", "40")
        acked = start
        pending: str | None = None
        try:
            if not self._wait(tmux, name, lambda shown: "press : to type" in shown):
                raise CrashCheckFailed(f"the TUI did not start: {tmux('capture-pane', '-p')}")
            tmux("send-keys", "-t", name, ":")  # the command bar stays open after each line
            time.sleep(0.3)
            wanted = self.rng.randrange(0, 4)
            for k in range(start, min(start + wanted + 1, len(self.lines))):
                line = self.lines[k]
                mark = f"✓ {line}"
                seen = tmux("capture-pane", "-p", "-t", name).count(mark)
                tmux("send-keys", "-t", name, "-l", line)
                tmux("send-keys", "-t", name, "Enter")
                pending = "cmd"
                if k == start + wanted:  # the last one: killed while it may be in flight
                    time.sleep(self.rng.choice([0, 0.01, 0.05, 0.2]))
                    break
                if not self._wait(tmux, name, lambda shown, m=mark, n=seen: shown.count(m) > n):
                    break  # never shown as accepted: it stays in flight
                acked, pending = k + 1, None
        finally:
            pid = int(pidfile.read_text()) if pidfile.exists() else None
            if pid is not None:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                _wait_dead(pid)
            tmux("kill-server")
            pidfile.unlink(missing_ok=True)
        self.report.kills["tui"] += 1
        self.check(acked, pending, "TUI")

    @staticmethod
    def _wait(tmux, name: str, ready, timeout: float = 180) -> bool:  # type: ignore[no-untyped-def]
        """Poll the screen until ``ready(screen)``; whether it came before ``timeout``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if ready(tmux("capture-pane", "-p", "-t", name)):
                return True
            time.sleep(0.1)
        return False

    # ------------------------------------------------------------ a run
    def run_plan(self, plan: list[str]) -> Report:
        """One kill of each writer kind named in ``plan``, in order."""
        actions = {
            "python": self.kill_python,
            "pair": self.kill_pair,
            "play": self.kill_play,
            "tui": self.kill_tui,
        }
        start = time.perf_counter()
        for kind in plan:
            actions[kind]()
        self.report.seconds = time.perf_counter() - start
        return self.report

    def run(self, kills: int, weights: dict[str, float], progress: bool = False) -> Report:
        """``kills`` kills, each of a writer kind drawn by ``weights``."""
        actions = {
            "python": self.kill_python,
            "pair": self.kill_pair,
            "play": self.kill_play,
            "tui": self.kill_tui,
        }
        kinds = list(weights)
        start = time.perf_counter()
        done = 0
        while done < kills:
            kind = self.rng.choices(kinds, [weights[k] for k in kinds])[0]
            try:
                actions[kind]()
            except CrashCheckFailed as exc:
                self.report.failures.append(f"kill {done + 1} ({kind}): {exc}")
                self.round += 1  # go on with a fresh save
                self.known = 0
            done = sum(self.report.kills.values())
            if progress and done % 50 == 0:
                print(f"  {done} kills, {time.perf_counter() - start:.0f} s", flush=True)
        self.report.seconds = time.perf_counter() - start
        return self.report
