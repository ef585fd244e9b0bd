"""Saves that never lose a command: one writer per save, read-only opening, and closing.

Issue 6, point 1: two moderators on one save lost acknowledged commands.  A
game opened for writing holds an advisory lock on ``.NAME.lock`` beside the
save; a second writer (another process, or another game in this one) is
refused, naming the holder.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import RULEBOOK_SETUP, play

from moderator.errors import SaveError
from moderator.game import Game, SaveLocked, SaveReadOnly, load_or_none
from moderator.journal import read_save

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A short game's save, closed (nobody holds it)."""
    path = tmp_path / "game.json"
    play(RULEBOOK_SETUP + "par Amy GT 60\n", path=path).close()
    return path


def _holder(path: Path) -> subprocess.Popen[str]:
    """Another Python process that opens ``path`` for writing and holds it until stdin closes."""
    code = textwrap.dedent(
        """
        import sys
        from moderator.game import Game
        game = Game.load(sys.argv[1])
        print("holding", flush=True)
        sys.stdin.read()
        print(game.execute("note from the other process").ok, flush=True)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "holding"
    return proc


# ----------------------------------------------------------------- two processes
def test_a_second_process_is_refused_naming_the_holder(save: Path) -> None:
    proc = _holder(save)
    try:
        before = save.read_bytes()
        with pytest.raises(SaveLocked) as info:
            Game.load(save)
        message = str(info.value)
        assert str(save) in message and "open in another moderator" in message
        assert f"pid {proc.pid}" in message and f"on {socket.gethostname()}" in message
        assert "since " in message and "close it there first" in message
        game, reason = load_or_none(save)
        assert game is None and reason == message
        # reading is still allowed, and the holder keeps writing
        assert len(Game.load(save, read_only=True).journal) == len(read_save(save).journal)
        assert save.read_bytes() == before
    finally:
        out, _ = proc.communicate("", timeout=60)
    assert out.strip() == "True", "the holder's command was saved"
    assert read_save(save).journal[-1].line == "note from the other process"
    with Game.load(save) as game:  # the holder has gone: the save opens for writing
        assert game.execute("note mine").ok


def test_a_killed_holder_does_not_block(save: Path) -> None:
    proc = _holder(save)
    proc.kill()
    proc.wait(timeout=60)
    lock = save.with_name(f".{save.name}.lock")
    assert lock.exists(), "a killed holder leaves its lock file behind"
    with Game.load(save) as game:
        assert game.execute("note after the crash").ok
    assert not lock.exists()


# ----------------------------------------------------------------- in process
def test_a_second_game_in_this_process_is_refused_until_close(save: Path) -> None:
    first = Game.load(save)
    with pytest.raises(SaveLocked, match="already open in this moderator"):
        Game.load(save)
    assert first.execute("note still mine").ok
    first.close()
    first.close()  # idempotent
    second = Game.load(save)
    assert second.journal[-1].line == "note still mine"
    second.close()


def test_the_lock_file_names_the_holder_and_is_not_a_json_save(save: Path) -> None:
    import json

    with Game.load(save):
        lock = save.with_name(".game.json.lock")
        holder = json.loads(lock.read_text())
        assert holder["pid"] == os.getpid() and holder["host"] == socket.gethostname()
        assert sorted(p.name for p in save.parent.glob("*.json")) == ["game.json"]
    assert not lock.exists()


def test_a_stale_lock_file_does_not_block(save: Path) -> None:
    lock = save.with_name(".game.json.lock")
    lock.write_text('{"pid": 999999, "host": "elsewhere", "since": 0}')
    with Game.load(save) as game:
        assert game.execute("note ok").ok


def test_a_new_game_locks_its_path(tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    game = Game.new("1846", ["Amy", "Bob", "Carlos"], path=path)
    with pytest.raises(SaveLocked):
        Game.load(path)
    with pytest.raises(SaveLocked):
        Game.new("1846", ["Amy", "Bob", "Carlos"], path=path)
    game.close()
    Game.load(path).close()


def test_save_as_locks_the_new_path_and_frees_the_old(save: Path, tmp_path: Path) -> None:
    game = Game.load(save)
    copy = tmp_path / "copy.json"
    game.save(copy)
    assert game.path == copy
    Game.load(save).close()  # the old save is free
    with pytest.raises(SaveLocked):
        Game.load(copy)
    other = Game.load(save)
    with pytest.raises(SaveLocked):
        game.save(save)  # saving over a save another game holds is refused
    assert game.path == copy
    other.close()
    game.close()


def test_a_dropped_game_does_not_keep_the_lock(save: Path) -> None:
    game = Game.load(save)
    del game
    Game.load(save).close()


# ----------------------------------------------------------------- read-only games
def test_a_read_only_game_changes_nothing(save: Path) -> None:
    before = save.read_bytes()
    game = Game.load(save, read_only=True)
    n = len(game.journal)
    outcome = game.execute("note no")
    assert not outcome.ok and "read-only" in outcome.message
    assert game.execute("expect Amy cash 140").ok, "a check changes nothing, so it runs"
    for action in (game.undo, game.redo, lambda: game.rewind(1), game.save):
        with pytest.raises(SaveReadOnly, match="read-only"):
            action()
    assert len(game.journal) == n and save.read_bytes() == before
    with pytest.raises(OSError):  # a front end catching OSError shows it too
        game.undo()
    with pytest.raises(SaveError):
        game.undo()
    # it takes no lock: the save still opens for writing
    Game.load(save).close()


def test_a_closed_game_no_longer_writes(save: Path) -> None:
    game = Game.load(save)
    game.close()
    assert not game.execute("note after close").ok
    with pytest.raises(SaveReadOnly):
        game.undo()
    assert game.state_json() == Game.load(save, read_only=True).state_json()
