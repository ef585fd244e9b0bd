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
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import RULEBOOK_SETUP, play

from moderator import lock as lock_module
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


def test_a_holder_caught_before_it_wrote_its_name_is_named_all_the_same(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A holder writes its name into the lock file just after it locks; a second opener
    that comes in between waits a moment for it (the crash harness's two writers started
    together caught that window): the refusal still names the holder.  The holder writes
    its name when the opener has begun to wait (its first wait step), not after a sleep of
    its own, which a loaded machine could stretch past the opener's patience (issue 18.3)."""
    lock = save.with_name(f".{save.name}.lock")
    code = textwrap.dedent(
        """
        import fcntl, json, os, socket, sys, time
        fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        print("locked", flush=True)
        sys.stdin.readline()  # the opener is waiting for the name now
        text = json.dumps({"program": "moderator", "pid": os.getpid(),
                           "host": socket.gethostname(), "since": time.time()})
        os.pwrite(fd, text.encode() + b"\\n", 0)
        print("named", flush=True)
        sys.stdin.read()
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(lock)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    steps: list[float] = []

    def wait_step(seconds: float) -> None:  # the opener's wait for the holder's name
        if not steps:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write("name yourself\n")
            proc.stdin.flush()
            assert proc.stdout.readline().strip() == "named"
        steps.append(seconds)

    monkeypatch.setattr(lock_module, "time", SimpleNamespace(sleep=wait_step, time=time.time))
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        with pytest.raises(SaveLocked) as info:
            Game.load(save)
        assert steps, "the opener never waited: the window was not hit"
        assert f"pid {proc.pid}" in str(info.value), str(info.value)
    finally:
        proc.communicate("", timeout=60)


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


# ----------------------------------------------------------------- point 11: appends
def _records(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[1:-1]


def test_each_command_is_one_write_and_one_fsync(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from moderator import journal

    calls: list[tuple[str, int]] = []
    real_write, real_fsync = journal.os.write, journal.os.fsync

    def write(fd: int, data: bytes) -> int:
        calls.append(("write", len(data)))
        return real_write(fd, data)

    def fsync(fd: int) -> None:
        calls.append(("fsync", 0))
        real_fsync(fd)

    def no_rewrite(*args: object) -> None:
        raise AssertionError("a command rewrote the whole save")

    with Game.load(save) as game:
        monkeypatch.setattr(journal.os, "write", write)
        monkeypatch.setattr(journal.os, "fsync", fsync)
        monkeypatch.setattr("moderator.game.write_atomic", no_rewrite)
        for k in range(3):
            size = save.stat().st_size
            calls.clear()
            assert game.execute(f"note number {k}").ok
            record = _records(save)[-1] + b"\n"
            assert calls == [("write", len(record)), ("fsync", 0)]
            assert save.stat().st_size == size + len(record)


def test_a_torn_last_line_is_dropped_and_cut_off_when_opened_for_writing(save: Path) -> None:
    """A kill mid-append leaves part of a line: it was never acknowledged, so it is left out;
    opening the game for writing cuts the file back to its last whole record."""
    good = save.read_bytes()
    n = len(read_save(save).journal)
    for torn in (b'{"number":9,"sha256":"ab', b"\x00" * 40, b'{"number":9', "{\u00e9".encode()[:2]):
        save.write_bytes(good + torn)
        assert len(read_save(save).journal) == n
        game = Game.load(save, read_only=True)
        assert len(game.journal) == n and save.read_bytes() == good + torn, "read-only: untouched"
        with Game.load(save) as game:
            assert save.read_bytes() == good, "repaired on opening for writing"
            assert game.execute("note after the crash").ok
        assert read_save(save).journal[-1].line == "note after the crash"
        save.write_bytes(good)


# ----------------------------------------------------------------- issue 20.1: cut saves
def test_a_cut_save_says_where_and_keeps_the_cut_text(save: Path) -> None:
    """Issue 20.1: a save cut inside a line opens as the entries before it, and says so: the
    line's number, and (opened for writing) the side file ``NAME.cut-N.txt`` that keeps the
    cut text before the file is cut back; a read-only look writes nothing."""
    good = save.read_bytes()
    n = len(read_save(save).journal)
    torn = b'{"number":%d,"sha256":"ab' % (n + 1)
    save.write_bytes(good + torn)
    looked = Game.load(save, read_only=True)
    assert looked.cut is not None and looked.cut.line == n + 2 and looked.cut.text == torn
    (notice,) = looked.notices()
    assert f"ends in an incomplete line (line {n + 2}," in notice
    assert f"the game opens with the {n} entries before it" in notice
    assert sorted(p.name for p in save.parent.iterdir()) == ["game.json"], "read-only"
    with Game.load(save) as game:
        side = save.with_name(f"game.cut-{n + 2}.txt")
        assert game.cut_kept == side and side.read_bytes() == torn
        assert save.read_bytes() == good
        assert f"its text is kept in {side}" in game.notices()[0]
    # cut again at the same line with other text: a second side file, the first kept
    save.write_bytes(good + b"{other")
    with Game.load(save) as game:
        assert game.cut_kept == save.with_name(f"game.cut-{n + 2}-2.txt")
    assert side.read_bytes() == torn
    # the same text again: not written twice
    save.write_bytes(good + torn)
    with Game.load(save) as game:
        assert game.cut_kept == side
    assert len(list(save.parent.glob("game.cut-*.txt"))) == 2


def test_the_cut_text_is_never_lost_when_no_side_file_can_be_written(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No side file (a full disk, say): the cut text stays in the save, the notice says why."""
    from moderator import game as game_module

    good = save.read_bytes()
    save.write_bytes(good + b"{cut")

    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(game_module, "keep_cut_text", full)
    with Game.load(save) as game:
        assert save.read_bytes() == good + b"{cut"
        assert "could not be kept in a side file (No space left on device)" in game.notices()[0]


def test_state_and_play_say_the_save_is_cut(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`state` and `play --save` print the warning (stderr), naming the line."""
    from moderator.cli import main

    good = save.read_bytes()
    n = len(read_save(save).journal)
    save.write_bytes(good + b'{"number":')
    assert main(["state", str(save)]) == 0
    err = " ".join(capsys.readouterr().err.split())  # wrapped to the width (issue 38.4)
    assert f"warning: {save} ends in an incomplete line (line {n + 2}," in err
    script = tmp_path / "s.script"
    script.write_text(RULEBOOK_SETUP + "par Amy GT 60\npar Bob NYC 80\n")
    assert main(["play", str(script), "--save", str(save), "--quiet"]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert f"ends in an incomplete line (line {n + 2}," in err
    assert f"its text is kept in {save.with_name(f'game.cut-{n + 2}.txt')}" in err


def test_a_save_that_comes_back_shorter_is_noticed(save: Path) -> None:
    """Issue 20.1: a front end that remembers lengths (the TUI) is told when a save holds
    fewer commands than when it last let go of it -- also when the cut fell between lines
    (a valid, shorter save).  Undo and rewind remember the new length at once."""
    with Game.load(save, remember_length=True) as game:
        for k in range(3):
            assert game.execute(f"note {k}").ok
        n = len(game.journal)
        full = save.read_bytes()
    assert (save.parent / ".game.json.length").read_text() == f"{n}\n"
    lines = full.splitlines(keepends=True)
    save.write_bytes(b"".join(lines[:-2]))  # an older copy, two commands shorter
    with Game.load(save, remember_length=True) as game:
        assert game.shrunk_from == n
        (notice,) = game.notices()
        assert f"held {n} commands when moderator last closed it, and holds {n - 2} now" in notice
    with Game.load(save, remember_length=True) as game:
        assert game.shrunk_from is None, "told once: the new length is remembered"
        assert game.undo() is not None
    with Game.load(save, remember_length=True) as game:
        assert game.shrunk_from is None, "an undo is no cut"
    assert Game.load(save, read_only=True).shrunk_from is None


def test_state_and_play_say_when_a_save_came_back_shorter(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30.3: only the TUI warned (from the length it keeps); `state` and `play --save`
    opened a shorter save silently.  They warn now; `play --save` (a writer) then keeps
    the new length, so it is told once."""
    from moderator.cli import main

    with Game.load(save, remember_length=True) as game:
        for k in range(3):
            assert game.execute(f"note {k}").ok
        n = len(game.journal)
        script = [entry.line for entry in game.journal]
    lines = save.read_bytes().splitlines(keepends=True)
    save.write_bytes(b"".join(lines[:-2]))  # an older copy, two commands shorter
    assert main(["state", str(save)]) == 0
    said = f"held {n} commands when moderator last closed it, and holds {n - 2} now"

    def err() -> str:  # wrapped to the width wherever the folder's name ends (issue 38.4)
        return " ".join(capsys.readouterr().err.split())

    assert said in err()
    assert main(["state", str(save)]) == 0
    assert said in err(), "a reader keeps no length: told again"
    text = tmp_path / "game.script"
    text.write_text(f"game {game.title} {' '.join(game.players)}\n" + "\n".join(script[:-2]) + "\n")
    assert main(["play", str(text), "--save", str(save), "--quiet"]) == 0
    assert said in err()
    assert main(["state", str(save)]) == 0
    assert "held" not in err(), "told once: play kept the new length"


def test_an_append_killed_in_a_real_process_loses_nothing_acknowledged(save: Path) -> None:
    """A child process acknowledges commands (prints after each one returns) and is killed
    while it goes on; every acknowledged command is in the save."""
    code = textwrap.dedent(
        """
        import sys
        from moderator.game import Game
        game = Game.load(sys.argv[1])
        k = 0
        while True:
            assert game.execute(f"note acknowledged {k}").ok
            print(k, flush=True)
            k += 1
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(save)], stdout=subprocess.PIPE, text=True, cwd=REPO
    )
    assert proc.stdout is not None
    acknowledged = [int(proc.stdout.readline()) for _ in range(30)]
    proc.kill()
    proc.wait(timeout=60)
    lines = [e.line for e in Game.load(save).journal]
    for k in acknowledged:
        assert f"note acknowledged {k}" in lines


@pytest.mark.parametrize("where", [0, -1])
def test_a_bad_checksum_on_a_whole_line_is_a_corrupt_save(save: Path, where: int) -> None:
    lines = save.read_bytes().split(b"\n")
    index = 1 if where == 0 else len(lines) - 2  # the first or the last whole record
    lines[index] = lines[index].replace(b'"line":"', b'"line":"X', 1)
    save.write_bytes(b"\n".join(lines))
    before = save.read_bytes()
    for read_only in (True, False):
        with pytest.raises(SaveError, match="does not match its checksum") as info:
            Game.load(save, read_only=read_only)
        assert "left untouched" in str(info.value)
        assert save.read_bytes() == before
    assert not save.with_name(".game.json.lock").exists(), "a refused load lets go of the lock"


def test_records_out_of_order_are_a_corrupt_save(save: Path) -> None:
    lines = save.read_bytes().split(b"\n")
    lines[2], lines[3] = lines[3], lines[2]
    save.write_bytes(b"\n".join(lines))
    with pytest.raises(SaveError, match=r"journal entry 2 \(line 3\) is numbered 3"):
        Game.load(save)


def test_undo_and_rewind_cut_the_file_back(save: Path, tmp_path: Path) -> None:
    with Game.load(save) as game:
        for k in range(3):
            assert game.execute(f"note {k}").ok
        full = save.read_bytes()
        assert game.undo() is not None
        assert full.startswith(save.read_bytes()) and len(_records(save)) == len(game.journal)
        assert game.redo() is not None
        assert save.read_bytes() == full
        backup = game.rewind(4)
        assert backup is not None and backup.read_bytes() == full
        assert full.startswith(save.read_bytes()) and len(_records(save)) == 4
        assert game.execute("note after the rewind").ok
    assert [e.line for e in read_save(save).journal][-1] == "note after the rewind"


# ----------------------------------------------------------------- point 4: unwritable saves
def _picture(game: Game, path: Path) -> tuple[object, ...]:
    import json

    return (
        json.dumps(game.state_json(), sort_keys=True),
        list(game.journal),
        list(game.redo_stack),
        path.read_bytes(),
        sorted(p.name for p in path.parent.iterdir()),
    )


@pytest.mark.parametrize(
    ("action", "victim"),
    [
        ("undo", "ftruncate"),
        ("undo", "fsync"),
        ("redo", "write"),
        ("redo", "fsync"),
        ("rewind", "replace"),
        ("rewind", "ftruncate"),
        ("rewind", "fsync"),
    ],
)
def test_undo_redo_rewind_on_a_full_disk_change_nothing(
    save: Path, monkeypatch: pytest.MonkeyPatch, action: str, victim: str
) -> None:
    """The save cannot be written: OSError, and the game (state, journal, redo stack), the
    file and the folder (no backup left behind) are exactly as they were."""
    from moderator import journal

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    with Game.load(save) as game:
        for k in range(3):
            assert game.execute(f"note {k}").ok
        assert game.undo() is not None  # something to redo
        do = {"undo": game.undo, "redo": game.redo, "rewind": lambda: game.rewind(2)}[action]
        before = _picture(game, save)
        monkeypatch.setattr(journal.os, victim, full_disk)
        with pytest.raises(OSError) as info:
            do()
        assert info.value.errno == 28
        assert _picture(game, save) == before
        monkeypatch.undo()
        assert do() is not None, "it works once the disk has room"


def test_undo_in_a_read_only_file_system(save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """EROFS on every write: undo, redo and rewind raise; the command is refused as unsaved."""
    from moderator import journal

    real_open = journal.os.open

    def read_only_fs(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(30, "Read-only file system")
        return real_open(path, flags, *args, **kwargs)

    with Game.load(save) as game:
        assert game.execute("note one").ok
        assert game.undo() is not None
        before = _picture(game, save)
        monkeypatch.setattr(journal.os, "open", read_only_fs)
        monkeypatch.setattr("tempfile._os.open", read_only_fs)
        for action in (game.undo, game.redo, lambda: game.rewind(1)):
            with pytest.raises(OSError, match="Read-only file system"):
                action()
            assert _picture(game, save) == before
        outcome = game.execute("note two")
        assert not outcome.ok and "not saved, so not applied" in outcome.message
        assert outcome.save_failed
        assert _picture(game, save) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders anyway")
def test_undo_in_a_read_only_folder_and_file(save: Path) -> None:
    with Game.load(save) as game:
        assert game.execute("note one").ok
        before = _picture(game, save)
        save.chmod(0o444)
        save.parent.chmod(0o555)
        try:
            for action in (game.undo, lambda: game.rewind(1)):
                with pytest.raises(OSError):
                    action()
                assert _picture(game, save) == before
            assert not game.execute("note two").ok
        finally:
            save.parent.chmod(0o755)
            save.chmod(0o644)


# ----------------------------------------------------------------- point 5: symlinks, temp files
def test_a_symlinked_save_is_written_through(tmp_path: Path) -> None:
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    target = real_dir / "game.json"
    link = tmp_path / "link.json"
    link.symlink_to(target)
    game = Game.new("1846", ["Amy", "Bob", "Carlos"], path=link)
    assert link.is_symlink() and target.is_file()
    with pytest.raises(SaveLocked):  # the lock is the target's, whichever name opens it
        Game.load(target)
    for k in range(3):
        assert game.execute(f"note {k}").ok
    game.undo()
    game.rewind(1, backup=tmp_path / "backup.json")
    game.save()
    game.close()
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert [e.line for e in read_save(target).journal] == ["note 0"]
    with Game.load(link) as again:
        assert again.path == link and again.execute("note via the link").ok
    assert link.is_symlink() and read_save(target).journal[-1].line == "note via the link"


def test_stale_temp_files_are_removed_when_opened_for_writing(save: Path) -> None:
    folder = save.parent
    stale = [folder / ".game.json.a1b2c3d4.tmp", folder / ".game.json.zz_9xy0q.tmp"]
    others = [
        folder / ".other.json.a1b2c3d4.tmp",
        folder / ".game.json.x.json.a1b2c3d4.tmp",
        folder / "notes.tmp",
    ]
    for p in stale + others:
        p.write_text("half a save")
    Game.load(save, read_only=True)
    assert all(p.exists() for p in stale), "a read-only look removes nothing"
    with Game.load(save):
        assert not any(p.exists() for p in stale)
        assert all(p.exists() for p in others)


def test_lock_falls_back_to_the_save_where_no_lock_file_can_be_made(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from moderator import lock as lock_module

    real_open = lock_module.os.open

    def no_lock_files(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if str(path).endswith(".lock"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(lock_module.os, "open", no_lock_files)
    with Game.load(save):
        with pytest.raises(SaveLocked, match="close it there first"):
            Game.load(save)
    Game.load(save).close()


# ----------------------------------------------------------------- point 7: names
@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Amy\x1b[2J", "U+001B"),
        ("Bell\x07", "U+0007"),
        ("Line\u2028Two", "U+2028"),
        ("\u202eymA", "U+202E"),
        ("Zero\u200bWidth", "U+200B"),
        ("Tab\tbed", "U+0009"),
    ],
)
def test_names_with_control_characters_are_refused(tmp_path: Path, name: str, code: str) -> None:
    from moderator.errors import Refusal

    path = tmp_path / "g.json"
    with pytest.raises(Refusal) as info:
        Game.new("1846", ["Bob", name, "Carlos"], path=path)
    assert str(info.value) == f"a player's name may not contain control characters ({code})"
    assert not path.exists()


def test_absurdly_long_names_are_refused() -> None:
    from moderator.errors import Refusal

    Game.new("1846", ["A" * 40, "Bob", "Carlos"])
    with pytest.raises(Refusal, match="at most 40 characters"):
        Game.new("1846", ["A" * 41, "Bob", "Carlos"])
    Game.new("1846", ["Zoë", "Jürgen", "Mary Ann"])  # letters of any script are names


@pytest.mark.parametrize("name", ["Eve\x1b]0;pwned\x07", "E" * 41])
def test_a_save_with_a_bad_name_does_not_load(save: Path, name: str) -> None:
    """A name edited in (its checksums mended, as someone who knows the format would)."""
    lines = save.read_bytes().splitlines(keepends=True)
    import json

    from moderator import journal

    head = json.loads(lines[0])
    head["players"][2] = name
    header = journal.header_line(head["title"], head["players"], head["rules_level"])
    save.write_bytes(header + b"".join(journal.chain(header, lines[1:])))
    with pytest.raises(SaveError, match="a player's name may") as info:
        Game.load(save, read_only=True)
    assert "\x1b" not in str(info.value)


# ----------------------------------------------------------------- point 10: what is read
def test_a_folder_is_not_a_save(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="is a folder, not a save file"):
        read_save(tmp_path)
    with pytest.raises(SaveError, match="is a folder"):
        Game.load(tmp_path)


def test_a_device_is_not_a_save() -> None:
    with pytest.raises(SaveError, match="is a device, not a save file"):
        read_save(Path("/dev/zero"))


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    import threading

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    errors: list[str] = []

    def load() -> None:
        try:
            Game.load(fifo)
        except SaveError as exc:
            errors.append(str(exc))

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    thread.join(timeout=20)
    if thread.is_alive():  # unblock the reader before failing
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("loading a FIFO blocked")
    assert errors and "is a pipe (FIFO), not a save file" in errors[0]


def test_a_save_beyond_the_cap_is_refused_unread(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from moderator import journal

    assert journal.MAX_SAVE_BYTES == 64 * 1024 * 1024
    monkeypatch.setattr(journal, "MAX_SAVE_BYTES", 1000)
    assert save.stat().st_size > 1000
    with pytest.raises(SaveError, match="too large for a save"):
        read_save(save)
    # a file that grows after the size check is read no further than the cap + 1
    from moderator import osfiles

    monkeypatch.setattr(osfiles, "_check_regular", lambda info, limit: None)
    read: list[int] = []
    real_read = journal.os.read

    def counting(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        read.append(len(data))
        return data

    monkeypatch.setattr(journal.os, "read", counting)
    with pytest.raises(SaveError, match="too large for a save"):
        read_save(save)
    assert sum(read) == 1001


# ----------------------------------------------------------------- leftovers (issue 20.4)
KILL_AT_RENAME = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from moderator.game import Game
    save, where = Path(sys.argv[1]), sys.argv[2]
    real_replace = os.replace
    def replace(src, dst, *args, **kwargs):
        if where in Path(dst).name:  # the temporary file is written: die before the rename
            os.kill(os.getpid(), signal.SIGKILL)
        return real_replace(src, dst, *args, **kwargs)
    os.replace = replace
    game = Game.load(save, remember_length=True)
    for n in range(3):
        assert game.execute(f"note {n}").ok
        game.rewind(len(game.journal) - 1)
    """
)


@pytest.mark.parametrize("where", [".before-rewind-", ".length"])
def test_a_kill_during_a_rewind_leaves_no_temporary_file_after_the_next_open(
    save: Path, where: str
) -> None:
    """kill -9 between writing a rewind's temporary file (its backup's, or the remembered
    length's) and renaming it: the next opening for writing removes it, and nothing that
    is not the save's own (issue 20.4)."""
    folder = save.parent
    other = folder / ".other.json.0123abcd.side.tmp"
    other.write_text("another save's")
    done = subprocess.run(
        [sys.executable, "-c", KILL_AT_RENAME, str(save), where],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == -9, done.stderr[-2000:]
    left = sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp") and p != other)
    assert left, "the kill left a temporary file (else this test proves nothing)"
    Game.load(save, read_only=True).close()
    assert all((folder / name).exists() for name in left), "a read-only look removes nothing"
    with Game.load(save):
        assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == [other.name]


def test_rewinds_keep_the_20_newest_backups(save: Path) -> None:
    """25 rewinds make 25 backups; the 20 newest are kept (journal.MAX_BACKUPS), and a
    file that only looks like a backup of another save is never touched."""
    from moderator.journal import MAX_BACKUPS

    assert MAX_BACKUPS == 20
    folder = save.parent
    foreign = [folder / "other.before-rewind-3.json", folder / "game.before-rewind-x.json"]
    for p in foreign:
        p.write_text("not ours")
    made = []
    with Game.load(save) as game:
        n = len(game.journal)
        for k in range(25):
            assert game.execute(f"note {k}").ok
            backup = game.rewind(n)
            assert backup is not None
            made.append(backup.name)
    kept = sorted(p.name for p in folder.glob("game.before-rewind-*.json") if p not in foreign)
    assert len(made) == len(set(made)) == 25
    assert kept == sorted(made[-20:])
    assert all(p.exists() for p in foreign)
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# ----------------------------------------------------------------- modes (issue 20.5)
def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o7777


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_a_whole_rewrite_keeps_the_save_s_mode(save: Path, mode: int) -> None:
    save.chmod(mode)
    inode = save.stat().st_ino
    with Game.load(save) as game:
        game.save()  # a whole rewrite: temporary file and rename
        assert save.stat().st_ino != inode
        assert _mode(save) == mode
        assert game.execute("note after").ok
    assert _mode(save) == mode


@pytest.mark.parametrize("mode", [0o600, 0o640])
def test_a_rewind_s_backup_and_a_cut_line_s_text_keep_the_save_s_mode(
    save: Path, mode: int
) -> None:
    """Issue 30.4: a 0600 save's rewind backup was 0644, readable by anyone on the machine."""
    save.chmod(mode)
    with Game.load(save) as game:
        assert game.execute("note one").ok and game.execute("note two").ok
        backup = game.rewind(1)
    assert backup is not None and _mode(backup) == mode
    save.write_bytes(save.read_bytes() + b'{"number":')  # an append cut short
    with Game.load(save) as game:
        assert game.cut_kept is not None and _mode(game.cut_kept) == mode


@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_a_new_save_gets_the_umask_s_default(tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        path = tmp_path / "new.json"
        play(RULEBOOK_SETUP, path=path).close()
    finally:
        os.umask(old)
    assert _mode(path) == 0o666 & ~umask


def test_a_read_only_save_opens_read_only_and_says_why(save: Path) -> None:
    """A save with no write permission (0444) opened for writing opens read-only with
    the reason, and nothing is written: not the save, its mode, nor a temporary file.
    Checked by the mode bits, so it holds as root too (who could write it)."""
    save.chmod(0o444)
    before = save.read_bytes()
    names = sorted(p.name for p in save.parent.iterdir())
    with Game.load(save) as game:
        assert game.read_only and game.unwritable is not None
        assert "read-only" in game.unwritable and "0444" in game.unwritable
        assert any("read-only" in line and "0444" in line for line in game.notices())
        outcome = game.execute("note not applied")
        assert not outcome.ok and "is read-only (mode 0444" in outcome.message
        assert str(save) in outcome.message and "nothing was applied" in outcome.message
        for action in (game.undo, lambda: game.rewind(1), game.save):
            with pytest.raises(SaveReadOnly, match="read-only"):
                action()
    assert save.read_bytes() == before and _mode(save) == 0o444
    assert sorted(p.name for p in save.parent.iterdir()) == names


def test_a_save_made_read_only_while_open_is_not_rewritten(save: Path) -> None:
    """chmod a-w while the game is open: a whole rewrite or a rewind is refused with the
    reason before anything changes (a rename would need only the folder's permission)."""
    with Game.load(save) as game:
        assert game.execute("note one").ok
        save.chmod(0o444)
        before = save.read_bytes()
        journal = len(game.journal)
        for action in (game.save, lambda: game.rewind(1), game.undo):
            with pytest.raises(SaveReadOnly, match=r"is read-only \(mode 0444"):
                action()
        assert len(game.journal) == journal
        assert save.read_bytes() == before and _mode(save) == 0o444
        save.chmod(0o644)


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any file")
def test_a_save_we_may_not_write_opens_read_only(save: Path) -> None:
    """Others may write it, we (its owner) may not: the OS's answer counts too."""
    save.chmod(0o466)
    try:
        with Game.load(save) as game:
            assert game.read_only and "read-only for you" in (game.unwritable or "")
    finally:
        save.chmod(0o644)


def test_prune_backups_counts_both_kinds_and_only_this_save_s_files(tmp_path: Path) -> None:
    """``play --force``'s ``NAME.replaced-N.json`` and a rewind's backups count together;
    oldest by modification time go first; a symlink or another save's backup never counts
    and is never removed."""
    from moderator.journal import prune_backups

    save = tmp_path / "game.json"
    save.write_text("the save")
    names = [f"game.replaced-{n}.json" for n in (1, 2)] + [
        f"game.before-rewind-{n}.json" for n in (7, 3, 9)
    ]
    for age, name in enumerate(names):
        (tmp_path / name).write_text(name)
        os.utime(tmp_path / name, ns=(10**18 + age * 10**9,) * 2)
    keep = [tmp_path / "game2.replaced-1.json", tmp_path / "game.replaced-1.json.txt"]
    for p in keep:
        p.write_text("not this save's")
    (tmp_path / "game.before-rewind-1.json").symlink_to(tmp_path / "game2.replaced-1.json")
    removed = prune_backups(save, keep=3)
    assert sorted(p.name for p in removed) == sorted(names[:2])
    assert all((tmp_path / name).exists() for name in names[2:])
    assert all(p.exists() for p in keep) and save.exists()
    assert (tmp_path / "game.before-rewind-1.json").is_symlink()


def test_a_read_only_disk_is_named_and_play_stops_as_for_a_full_disk(
    save: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30.4: on a read-only file system the message blamed the file's mode and
    advised ``chmod u+w``, and ``play`` exited 1 (a refusal) where a full disk exits 2."""
    from moderator.cli import EXIT_FILES, main

    real = os.statvfs

    def read_only(path: object) -> os.statvfs_result:
        got = real(path)  # type: ignore[arg-type]
        fields = list(got)
        fields[8] = got.f_flag | os.ST_RDONLY
        return os.statvfs_result(fields)

    lines = [entry.line for entry in Game.load(save, read_only=True).journal]
    script = tmp_path / "s.script"
    script.write_text(RULEBOOK_SETUP + "par Amy GT 60\npar Bob NYC 80\n")
    assert lines  # the save holds the script's start
    monkeypatch.setattr(os, "statvfs", read_only)
    assert main(["play", str(script), "--save", str(save), "--quiet"]) == EXIT_FILES
    err = capsys.readouterr().err
    assert "is on a read-only file system" in err and "chmod" not in err, err
    assert "copy it to a disk that can be written" in err
    monkeypatch.undo()
    assert [entry.line for entry in Game.load(save, read_only=True).journal] == lines
