"""Keeping a what-if sandbox under SIGKILL (issue 32.4): the old save or the new, never a mix.

A writer process loads a save, opens a sandbox at an earlier line, plays a few legal
commands in it and keeps it.  It is killed (``SIGKILL``: no handler, no flush):

- *at every step of the keep*: the writer counts the file-system calls the keep makes
  (``os.open``, ``os.replace``, ``os.fsync``, ``os.unlink``...) and kills itself just
  before the K-th, for every K from the first call to the last;
- *at random moments*: the test kills it after a random delay once it says it is
  about to keep.

After each kill the save opens for writing (which removes a kill's temporary files)
and holds exactly the old game or exactly the kept one; a backup left beside it
holds the old game.
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
from pathlib import Path

import pytest

from moderator.game import Game
from moderator.sandbox import open_sandbox
from moderator.simulate import Simulation

KILL_AT_CALL = textwrap.dedent(
    """
    import os, signal
    calls = [0]
    NAMES = ("open", "close", "write", "fsync", "replace", "rename", "unlink", "ftruncate",
             "fchmod", "chmod", "stat", "lstat", "fstat", "listdir", "scandir")
    def counted(name, real):
        def call(*args, **kwargs):
            calls[0] += 1
            if calls[0] == stop:
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*args, **kwargs)
        return call
    print("ready", flush=True)
    for name in NAMES:
        if hasattr(os, name):
            setattr(os, name, counted(name, getattr(os, name)))
    """
)
"""A writer's step before its keep: count the file-system calls from here on and kill the
process (SIGKILL) just before call number ``stop`` (``stop`` set by the writer; 0 or -1:
never).  Also used by ``test_amend_kills.py``."""

WRITER = (
    textwrap.dedent(
        """
    import random, sys
    from moderator.game import Game
    from moderator.sandbox import open_sandbox
    save, at, seed, stop = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    game = Game.load(save)
    box = open_sandbox(game, at)
    rng = random.Random(seed)
    for _ in range(6):
        legal = box.game.legal_commands()
        if not legal:
            break
        assert box.game.execute(rng.choice(legal)).ok
    """
    )
    + KILL_AT_CALL
    + textwrap.dedent(
        """
    box.keep()
    print("kept", calls[0], flush=True)
    """
    )
)

AT = 70
SEED = 4


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """A saved 1846 game of 120 commands; its script, and the script a keep makes."""
    folder = tmp_path_factory.mktemp("base")
    played = Simulation(seed=3, players=4, max_commands=120).run()
    path = folder / "game.json"
    played.save(path)
    played.close()
    game = Game.load(path, read_only=True)
    box = open_sandbox(game, AT)
    rng = random.Random(SEED)
    for _ in range(6):
        legal = box.game.legal_commands()
        if not legal:
            break
        assert box.game.execute(rng.choice(legal)).ok
    return path, game.script(), box.game.script()


def _trial(base: Path, folder: Path) -> Path:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    save = folder / "game.json"
    shutil.copy2(base, save)
    return save


def _writer(save: Path, stop: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(save), str(AT), str(SEED), str(stop)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _verdict(save: Path, old: str, new: str, backups: str = "game.before-rewind-*.json") -> str:
    """Which game the save holds after a kill (``old`` or ``new``); fails on anything else
    (a backup, named as ``backups`` says, must hold the old game)."""
    game = Game.load(save)  # for writing: a kill's temporary files are removed
    script = game.script()
    game.close()
    assert script in (old, new), f"a mix after a kill:\n{script}"
    leftovers = [p.name for p in save.parent.iterdir() if p.name.endswith(".tmp")]
    assert not leftovers, leftovers
    for backup in save.parent.glob(backups):
        assert Game.load(backup, read_only=True).script() == old
    return "old" if script == old else "new"


def test_a_kill_at_every_step_of_a_keep_leaves_the_old_save_or_the_new(
    tmp_path: Path, base: tuple[Path, str, str]
) -> None:
    path, old, new = base
    save = _trial(path, tmp_path / "whole")
    done = _writer(save, 0)
    out, err = done.communicate(timeout=60)
    assert done.returncode == 0, err
    calls = int(out.split()[-1])
    assert _verdict(save, old, new) == "new"
    assert calls >= 4, out
    seen = {"old": 0, "new": 0}
    for stop in range(1, calls + 1):
        save = _trial(path, tmp_path / f"k{stop}")
        writer = _writer(save, stop)
        _, err = writer.communicate(timeout=60)
        assert writer.returncode == -signal.SIGKILL, (stop, err)
        seen[_verdict(save, old, new)] += 1
    # the kills before the rename leave the old save, those after it the new one
    assert seen["old"] >= 1 and seen["new"] >= 1, seen


def test_kills_at_random_moments_of_a_keep(tmp_path: Path, base: tuple[Path, str, str]) -> None:
    path, old, new = base
    rng = random.Random(20261127)
    for trial in range(6):
        save = _trial(path, tmp_path / f"r{trial}")
        writer = _writer(save, -1)
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0, 0.03))
        os.kill(writer.pid, signal.SIGKILL)
        writer.communicate(timeout=60)
        _verdict(save, old, new)
