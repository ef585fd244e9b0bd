"""Keeping an amendment under SIGKILL (issue 39.3): the old save or the new, a backup
holding the old, never a mix and never a temporary file left.

A writer process loads a save, amends a run in the middle of it (every later line still
applies) and keeps it; it counts the file-system calls the keep makes and kills itself
(``SIGKILL``) just before the K-th, for every K from the first call to the last (the
harness of ``test_sandbox_kills.py``; the first writer is a process of its own, which
counts the calls, the others are forked from the test, which spares each one the start of
an interpreter).  After each kill the save opens for writing (which
removes a kill's temporary files) and holds exactly the old game or exactly the amended
one (its record of the amendment included), and a backup ``game.before-amend-N.json``
left beside it holds the old game.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from test_sandbox_kills import KILL_AT_CALL, _trial
from test_sandbox_kills import _verdict as _sandbox_verdict

from moderator.amend import amend
from moderator.game import Game
from moderator.simulate import Simulation

WRITER = (
    textwrap.dedent(
        """
    import sys
    from moderator.amend import amend
    from moderator.game import Game
    save, number, line, stop = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    game = Game.load(save)
    done = amend(game, number, line)
    assert done.done, done.stop
    """
    )
    + KILL_AT_CALL
    + textwrap.dedent(
        """
    done.keep()
    print("kept", calls[0], flush=True)
    """
    )
)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, str, str, str]:
    """A saved 1846 game of 120 commands, a run of it and its amended text (every later
    line applying), the game's script and the amended game's."""
    folder = tmp_path_factory.mktemp("base")
    played = Simulation(seed=3, players=4, max_commands=120).run()
    path = folder / "game.json"
    played.save(path)
    played.close()
    game = Game.load(path, read_only=True)
    for number, entry in enumerate(game.journal, start=1):
        words = entry.line.split()
        if number < 40 or words[0] != "run" or words[2] == "0":
            continue
        words[2] = str(int(words[2]) + 10)
        line = " ".join(words)
        if amend(game, number, line).done:
            break
    else:
        pytest.fail("no run to amend")
    work = folder / "work"
    work.mkdir()
    shutil.copy2(path, work / "game.json")
    copy = Game.load(work / "game.json")
    amend(copy, number, line).keep()
    copy.close()
    new = Game.load(work / "game.json", read_only=True).script()
    assert f"# amended line {number}: " in new
    return path, number, line, game.script(), new


def _writer(save: Path, number: int, line: str, stop: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(save), str(number), line, str(stop)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _forked(save: Path, number: int, line: str, stop: int) -> int:
    """The writer in a forked child (no new interpreter to start: a tenth of the time):
    load, amend, count the calls and kill itself before call ``stop`` of the keep; the
    child's wait status."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            namespace = {"stop": stop}
            game = Game.load(save)
            done = amend(game, number, line)
            exec(KILL_AT_CALL.replace('print("ready", flush=True)', ""), namespace)
            done.keep()
            code = min(namespace["calls"][0], 255)  # type: ignore[index]
        except BaseException:
            code = 255
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return status


def _verdict(save: Path, old: str, new: str) -> str:
    """The sandbox keep's verdict, the backups being an amendment's."""
    return _sandbox_verdict(save, old, new, "game.before-amend-*.json")


def test_a_kill_at_every_step_of_an_amendment_keep_leaves_the_old_save_or_the_new(
    tmp_path: Path, base: tuple[Path, int, str, str, str]
) -> None:
    path, number, line, old, new = base
    save = _trial(path, tmp_path / "whole")
    done = _writer(save, number, line, 0)  # a process of its own, as a banker's
    out, err = done.communicate(timeout=60)
    assert done.returncode == 0, err
    assert _verdict(save, old, new) == "new"
    save = _trial(path, tmp_path / "forked")
    status = _forked(save, number, line, 0)  # the calls of a forked writer's keep
    assert os.WIFEXITED(status), status
    calls = os.WEXITSTATUS(status)
    assert 4 <= calls < 255, (calls, out)
    assert _verdict(save, old, new) == "new"
    assert (save.parent / f"game.before-amend-{number}.json").exists()
    seen = {"old": 0, "new": 0}
    for stop in range(1, calls + 1):
        save = _trial(path, tmp_path / f"k{stop}")
        status = _forked(save, number, line, stop)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (stop, status)
        seen[_verdict(save, old, new)] += 1
    # the kills before the rename leave the old save, those after it the new one
    assert seen["old"] >= 1 and seen["new"] >= 1, seen
