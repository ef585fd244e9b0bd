"""The save read and replayed in a forked process while the TUI starts (issue 41.2):
the app opens the very game it would have replayed itself, or replays it itself."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from moderator import preload
from moderator.errors import SaveError
from moderator.game import Game
from moderator.journal import LoadedSave
from moderator.simulate import simulate


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test forks (or not) as it says, and leaves no process handed over behind."""
    monkeypatch.setenv("MODERATOR_PRELOAD", "1")
    monkeypatch.setattr(preload, "_pending", None)
    monkeypatch.setattr(preload, "terminal_before", None)


@pytest.fixture(scope="module", params=["1846", "1830"])
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A save of a simulated game of 150 commands (written once for the module)."""
    game = simulate(5, 4, max_commands=150, revenue_scale=0.4, title=request.param)
    path = tmp_path_factory.mktemp(request.param) / "game.json"
    game.save(path)
    game.close()
    return path


def opened(path: Path) -> tuple[Game, bool]:
    """``path`` opened as the TUI opens it, and whether the forked replay was used."""
    used = []

    def replayed() -> tuple[LoadedSave, Game] | None:
        done = preload.take(path, preload.save_key(path))
        used.append(done is not None)
        return done

    game = Game.load(path, remember_length=True, replayed=replayed)
    return game, used == [True]


def test_the_forked_replay_is_the_game_the_app_would_replay(played: Path) -> None:
    expected = Game.load(played, read_only=True)
    assert preload.start(played) is not None
    game, used = opened(played)
    try:
        assert used
        assert game.state_json() == expected.state_json()
        assert game.script() == expected.script()
        assert game._lock is not None and game._lock.held  # the app's own lock
        assert not game.read_only and game.path == played
        game.execute("note opened from the forked replay")  # it writes as any other
        again = Game.load(played, read_only=True)
        assert again.state_json() == game.state_json() and again.script() == game.script()
    finally:
        game.close()


def test_a_save_changed_since_it_was_read_apart_is_replayed_by_the_app(played: Path) -> None:
    """Only the file the app locks counts: a game read from another version of it (its
    size, modification time or inode differ) is not used; the app replays the save."""
    assert preload.start(played) is not None
    size, mtime, inode = preload.save_key(played) or [0, 0, 0]
    for changed in ([size + 1, mtime, inode], [size, mtime + 1, inode], [size, mtime, 0]):
        assert preload.take(played, changed) is None
        assert preload.start(played) is not None
    assert preload.take(played, None) is None  # the save is gone
    asked = []

    def replayed() -> None:
        asked.append(preload.save_key(played))

    game = Game.load(played, replayed=replayed)
    try:
        assert asked == [preload.save_key(played)]  # asked under the lock; replayed here
        assert game.state_json() == Game.load(played, read_only=True).state_json()
    finally:
        game.close()


def test_a_damaged_save_is_refused_as_always(tmp_path: Path, played: Path) -> None:
    damaged = tmp_path / "damaged.json"
    text = played.read_text(encoding="utf-8").splitlines(keepends=True)
    damaged.write_text("".join(text[:-3]) + "{not json\n" + text[-1], encoding="utf-8")
    with pytest.raises(SaveError) as plain:
        Game.load(damaged, read_only=True)
    assert preload.start(damaged) is not None
    with pytest.raises(SaveError) as forked:
        opened(damaged)
    assert str(forked.value) == str(plain.value)


def test_nothing_is_forked_when_the_picture_is_there_or_when_told_not_to(
    tmp_path: Path, played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.json"
    save.write_bytes(played.read_bytes())
    record = {"picture": 1, "save": preload.save_key(save)}
    preload.picture_path(save).write_text(json.dumps(record), encoding="utf-8")
    assert preload.start(save) is None  # the picture is the first frame
    assert preload.start(tmp_path / "none.json") is None
    preload.picture_path(save).unlink()
    monkeypatch.setenv("MODERATOR_PRELOAD", "0")
    assert preload.start(save) is None
    assert preload.start(None) is None


def test_what_was_forked_for_another_save_is_not_used(tmp_path: Path, played: Path) -> None:
    other = tmp_path / "other.json"
    other.write_bytes(played.read_bytes())
    pending = preload.start(other)
    assert pending is not None
    assert preload.take(played, preload.save_key(played)) is None
    assert pending.fd == -1  # the process let go of and waited for
    assert preload.take(other, preload.save_key(other)) is None  # handed over once only


def test_a_process_that_does_not_answer_in_time_is_stopped(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pending = preload.start(played)
    assert pending is not None
    monkeypatch.setattr(preload, "TAKE_TIMEOUT", 0.0)
    assert preload.take(played, preload.save_key(played)) is None  # replayed by the app
    assert pending.fd == -1  # stopped and waited for


def test_the_terminal_passes_the_keys_typed_during_the_start_as_typed() -> None:
    """An Enter typed while the app starts stays a carriage return (the line discipline
    made it a line feed, read as ``ctrl+j``), nothing is echoed nor held for a line; the
    settings come back as they were."""
    import termios

    main, side = os.openpty()
    try:
        before = termios.tcgetattr(side)
        assert before[0] & termios.ICRNL and before[3] & termios.ICANON
        assert preload.keys_as_typed(side) == before == preload.terminal_before
        now = termios.tcgetattr(side)
        assert not now[0] & termios.ICRNL and not now[3] & (termios.ICANON | termios.ECHO)
        assert now[3] & termios.ISIG  # ctrl+c still stops a start
        os.write(main, b":note\r")
        assert os.read(side, 64) == b":note\r"  # at once, not waiting for a line
        preload.restore_terminal(side, before)
        assert termios.tcgetattr(side) == before and preload.terminal_before is None
    finally:
        os.close(main)
        os.close(side)
    assert preload.keys_as_typed(side) is None  # closed: not a terminal
    with open(os.devnull, "rb") as null:
        assert preload.keys_as_typed(null.fileno()) is None


def test_a_process_never_taken_from_is_let_go_of_as_the_launcher_ends(played: Path) -> None:
    pending = preload.start(played)
    assert pending is not None
    preload.let_go()
    assert pending.fd == -1 and preload._pending is None
    preload.let_go()  # nothing left: nothing done
