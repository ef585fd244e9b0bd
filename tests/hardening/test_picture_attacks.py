"""Attacks on the pictures kept beside a save (:mod:`moderator.ui.picture`, issue 41.2):
crafted ``.frame`` files, two writers of it at once, a child killed mid-write, a child
racing the app, a read-only folder, a save locked by another process.  A picture is a
cache: any doubt is no picture (the plain opening), never a wrong or hostile frame."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from moderator.ui import picture as picture_module
from moderator.ui.picture import (
    keep_picture,
    kept_pictures,
    picture_path,
    read_picture,
    save_key,
)

SIZE = (20, 3)
OTHER = (30, 4)


def strips(size: tuple[int, int], mark: str = "x", style: str = "bold") -> list[Strip]:
    """A made-up screen of ``size``: each row ``mark`` repeated."""
    columns, rows = size
    return [Strip([Segment(mark * columns, Style.parse(style))], columns)] * rows


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text("{}\n", encoding="utf-8")
    return path


def lines_of(save: Path) -> list[bytes]:
    return picture_path(save).read_bytes().splitlines()


def rewrite(save: Path, change: object) -> None:
    """The picture file beside ``save``, its one line's record changed by ``change``."""
    (line,) = lines_of(save)
    record = json.loads(line)
    change(record)  # type: ignore[operator]
    text = json.dumps(record, ensure_ascii=True, separators=(",", ":"))
    picture_path(save).write_bytes(text.encode("ascii") + b"\n")


def printed(rows: list[Strip]) -> str:
    """What a terminal gets for ``rows`` (Rich's output, with every style's codes)."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="truecolor", width=200)
    for strip in rows:
        console.print(*[seg.text for seg in strip], end="")
        for seg in strip:
            console.print(seg.text, style=seg.style, end="")
    return out.getvalue()


# ------------------------------------------------------------ crafted files
@pytest.mark.parametrize(
    "style",
    ["link \x1b]0;pwned\x07", "bold link https://example.org/x", "link x\x1b[2J"],
    ids=["link with OSC", "plain link", "link with CSI"],
)
def test_a_style_with_a_link_is_never_read(save: Path, style: str) -> None:
    """A style naming a link makes Rich and Textual send an OSC 8 sequence with the
    file's text in it (an escape sequence from the file): such a picture is not read."""
    assert keep_picture(save, strips(SIZE), {}, 0)

    def linked(record: dict) -> None:
        record["rows"][1][0][1] = style

    rewrite(save, linked)
    picture = read_picture(save, SIZE)
    assert picture is None or "\x1b]" not in printed(picture.rows)
    assert picture is None


@pytest.mark.parametrize(
    "text",
    ["\x1b[2J" + "x" * 16, "\x9b2J" + "x" * 17, "\u202e" + "x" * 19, "\x07" + "x" * 19],
    ids=["ESC", "C1 CSI", "RLO", "BEL"],
)
def test_a_control_character_in_a_row_is_never_read(save: Path, text: str) -> None:
    assert keep_picture(save, strips(SIZE), {}, 0)

    def controlled(record: dict) -> None:
        record["rows"][2][0][0] = text

    rewrite(save, controlled)
    assert read_picture(save, SIZE) is None


@pytest.mark.parametrize("style", ["\x1b[31m", "bold \x1b", "color(999)", "on on", "#12345"])
def test_a_style_that_is_no_style_is_never_read(save: Path, style: str) -> None:
    assert keep_picture(save, strips(SIZE), {}, 0)

    def styled(record: dict) -> None:
        record["rows"][0][0][1] = style

    rewrite(save, styled)
    assert read_picture(save, SIZE) is None


def test_bad_utf8_in_a_row_is_never_read_and_the_other_sizes_still_are(save: Path) -> None:
    assert keep_picture(save, strips(OTHER, "o"), {}, 0)
    assert keep_picture(save, strips(SIZE), {}, 0)
    first, second = lines_of(save)
    broken = first.replace(b'"xxxx', b'"\xff\xfe', 1)
    assert broken != first
    picture_path(save).write_bytes(broken + b"\n" + second + b"\n")
    assert read_picture(save, SIZE) is None
    other = read_picture(save, OTHER)
    assert other is not None and other.rows[0].text == "o" * OTHER[0]
    # the damaged line is replaced whole at the next keep, the other size kept
    assert keep_picture(save, strips(SIZE, "y"), {}, 1)
    again = read_picture(save, SIZE)
    assert again is not None and again.rows[0].text == "y" * SIZE[0]
    assert read_picture(save, OTHER) is not None


def test_a_size_written_twice_is_never_read_and_kept_once_after(save: Path) -> None:
    assert keep_picture(save, strips(SIZE), {}, 0)
    (line,) = lines_of(save)
    picture_path(save).write_bytes(line + b"\n" + line + b"\n")
    assert read_picture(save, SIZE) is None
    assert kept_pictures(save) == [(SIZE, save_key(save))]
    assert keep_picture(save, strips(OTHER), {}, 0)
    assert [size for size, _ in kept_pictures(save)] == [OTHER, SIZE]
    assert len(lines_of(save)) == 2
    assert read_picture(save, SIZE) is not None


def test_a_huge_picture_file_is_not_read_and_is_replaced(save: Path) -> None:
    """A sparse file of 4 GiB: refused from its first MiB, then replaced whole by the
    next picture kept (nothing of it carried over)."""
    with picture_path(save).open("wb") as huge:
        huge.truncate(4 << 30)
    assert read_picture(save, SIZE) is None
    assert kept_pictures(save) == []
    assert keep_picture(save, strips(SIZE), {}, 0)
    assert picture_path(save).stat().st_size < 4096
    assert read_picture(save, SIZE) is not None


def test_a_huge_line_of_the_right_head_is_not_read(save: Path) -> None:
    assert keep_picture(save, strips(SIZE), {}, 0)
    (line,) = lines_of(save)
    padded = line[:-1] + b',"pad":"' + b"x" * (picture_module.MAX_PICTURE_BYTES) + b'"}'
    picture_path(save).write_bytes(padded + b"\n")
    assert read_picture(save, SIZE) is None


# ------------------------------------------------------------ two writers, a kill, a race
def test_two_writers_at_once_lose_a_line_never_mix_two(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second child's picture lands between the first one's read of the file and its
    write: the first replaces the file whole, each line stays whole and names its file."""
    from moderator import journal

    real = journal.write_atomic
    calls = []

    def interleaved(*args: object, **kwargs: object) -> None:
        calls.append(args[0])
        if len(calls) == 1:  # the other child writes meanwhile
            assert keep_picture(save, strips(OTHER, "b"), {}, 0, key=save_key(save))
        real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(journal, "write_atomic", interleaved)
    assert keep_picture(save, strips(SIZE, "a"), {}, 0, key=save_key(save))
    assert len(calls) == 2
    assert kept_pictures(save) == [(SIZE, save_key(save))]  # the other's line lost, whole
    picture = read_picture(save, SIZE)
    assert picture is not None and picture.rows[0].text == "a" * SIZE[0]


def test_a_child_never_keeps_a_picture_of_a_save_written_since_it_read_it(save: Path) -> None:
    """The child read the save, the app then wrote a command and kept its own picture:
    the child's picture, of the file as it was, is not written over the app's."""
    read = save_key(save)
    with save.open("a", encoding="utf-8") as grown:  # the app's command
        grown.write(" ")
    assert keep_picture(save, strips(SIZE, "n"), {"new": 1}, 1)  # the app's, of the new file
    assert not keep_picture(save, strips(SIZE, "o"), {}, 0, key=read)
    assert not keep_picture(save, strips(OTHER, "o"), {}, 0, key=read, in_place=True)
    picture = read_picture(save, SIZE)
    assert picture is not None and picture.rows[0].text == "n" * SIZE[0]
    assert kept_pictures(save) == [(SIZE, save_key(save))]


def test_the_app_reopening_the_save_mid_write_takes_the_childs_temp_file(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app opens the save for writing while a child writes its picture: the opening
    removes the temporary files named after the save (``remove_stale_temps``, under the
    lock), the child's among them.  The child's rename fails quietly: nothing kept,
    nothing raised, the pictures as they were, no file left."""
    from moderator import journal

    assert keep_picture(save, strips(SIZE, "a"), {}, 0)
    before = picture_path(save).read_bytes()
    real = os.replace

    def reopened_first(source: object, target: object) -> None:
        assert journal.remove_stale_temps(save)  # the app's opening, just before the rename
        real(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", reopened_first)
    assert not keep_picture(save, strips(OTHER, "b"), {}, 0, key=save_key(save), in_place=True)
    monkeypatch.setattr(os, "replace", real)
    assert picture_path(save).read_bytes() == before
    assert sorted(os.listdir(save.parent)) == sorted([save.name, picture_path(save).name])


KILLED = """
import os, signal, sys
from pathlib import Path
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from moderator.ui.picture import keep_picture, save_key
save = Path(sys.argv[1])
os.replace = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)  # killed at the rename
row = Strip([Segment("k" * 20, Style.parse("bold"))], 20)
keep_picture(save, [row] * 3, {}, 0, key=save_key(save), in_place=True)
"""


def test_a_child_killed_mid_write_leaves_the_pictures_readable_and_no_lasting_temp(
    save: Path,
) -> None:
    assert keep_picture(save, strips(SIZE, "a"), {}, 0)
    before = picture_path(save).read_bytes()
    child = subprocess.run([sys.executable, "-c", KILLED, str(save)], check=False, timeout=60)
    assert child.returncode == -signal.SIGKILL
    assert picture_path(save).read_bytes() == before  # readable, as it was
    assert read_picture(save, SIZE) is not None
    temps = [name for name in os.listdir(save.parent) if name.endswith(".tmp")]
    assert len(temps) == 1 and temps[0].startswith(".game.json.")  # named after the save
    assert keep_picture(save, strips(OTHER, "b"), {}, 0, key=save_key(save))
    assert any(name.endswith(".tmp") for name in os.listdir(save.parent))  # a child: not its own
    assert keep_picture(save, strips(SIZE, "c"), {}, 1)  # the app's, holding the save's lock
    assert not [name for name in os.listdir(save.parent) if name.endswith(".tmp")]
    assert [size for size, _ in kept_pictures(save)] == [SIZE, OTHER]


# ------------------------------------------------------------ the child on a real save
def a_real_save(path: Path) -> Path:
    from moderator.game import Game
    from moderator.script import parse_line

    game = Game.from_command(parse_line("game 1846 Ann Bob Cat"))
    game.save(path)
    game.close()
    return path


def test_the_child_draws_a_save_whose_lock_another_process_holds(tmp_path: Path) -> None:
    """The child opens the save read-only (no lock): a writer holding it (the app, a
    `play`) is not in its way, and its picture is of the file it read."""
    from moderator.game import Game
    from moderator.ui.app import take_picture

    path = a_real_save(tmp_path / "game.json")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys\nfrom moderator.game import Game\ng = Game.load(sys.argv[1])\n"
            "print('held', flush=True)\nsys.stdin.read()\n",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(Exception, match="(?i)lock|in use|open"):
            Game.load(path)  # held indeed
        assert take_picture(path, (80, 24))
        picture = read_picture(path, (80, 24))
        assert picture is not None
        assert "\x1b" not in "".join(strip.text for strip in picture.rows)
    finally:
        holder.communicate("", timeout=60)


READ_ONLY_CHILD = """
import os, shutil, sys
from pathlib import Path
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from moderator.ui.app import take_picture
from moderator.ui.picture import keep_picture, read_picture
path, warm = Path(sys.argv[1]), Path(sys.argv[2])
assert take_picture(warm, (80, 24))  # every import made, as nobody could not
if os.geteuid() == 0:  # root writes anywhere: become nobody
    os.setgroups([])
    os.setgid(65534)
    os.setuid(65534)
row = Strip([Segment("x" * 20, Style.parse("bold"))], 20)
assert not keep_picture(path, [row] * 3, {}, 0)
assert not take_picture(path, (80, 24))
assert read_picture(path, (80, 24)) is None
print("ok")
"""


def open_to_nobody(path: Path) -> bool:
    """Whether ``nobody`` can reach ``path``: every folder above it searchable by others
    (a clone in a folder of ``mktemp -d``, mode 0700, is not)."""
    return all(folder.stat().st_mode & 0o001 for folder in path.resolve().parents)


def test_a_read_only_folder_keeps_no_picture_and_stops_nothing(tmp_path: Path) -> None:
    """In a folder nobody may write (the child drops to ``nobody`` when the tests run as
    root), keeping a picture is refused quietly: no file, no exception, no temp file."""
    import shutil
    import tempfile

    import rich

    import moderator

    if os.geteuid() == 0 and not all(
        open_to_nobody(Path(module.__file__)) for module in (moderator, rich)
    ):
        pytest.skip("run as root from a folder nobody may enter: the child cannot drop to nobody")

    base = Path(tempfile.mkdtemp(prefix="moderator-ro-"))
    base.chmod(0o755)
    folder = base / "saves"
    folder.mkdir()
    path = a_real_save(folder / "game.json")
    warm = a_real_save(tmp_path / "warm.json")
    path.chmod(0o644)
    folder.chmod(0o555)
    try:
        child = subprocess.run(
            [sys.executable, "-c", READ_ONLY_CHILD, str(path), str(warm)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert child.returncode == 0, child.stderr
        assert child.stdout == "ok\n"
        assert sorted(os.listdir(folder)) == ["game.json"]
    finally:
        folder.chmod(0o755)
        shutil.rmtree(base)


# ------------------------------------------------------------ a coarse clock
def test_a_save_rewritten_within_one_tick_of_its_clock_is_not_taken_for_the_old_one(
    save: Path,
) -> None:
    """Another game of the same size written into the same file within one tick of the
    file system's clock (FAT keeps 2 s, ext4 before Linux 6.13 a scheduler tick): size,
    modification time and inode are those the picture was kept for, the content is not.
    The picture is not shown (the file's tail is part of what identifies it; a journal's
    last record holds the checksum chained over every byte before it)."""
    save.write_text('{"game": "A"}\n' + "x" * 70_000 + "\n", encoding="utf-8")
    assert keep_picture(save, strips(SIZE, "a"), {"game": "A"}, 0)
    assert read_picture(save, SIZE) is not None
    before = save.stat()
    with save.open("r+b") as same_file:  # same inode, same size, another game
        same_file.seek(before.st_size - 2)
        same_file.write(b"y")
    os.utime(save, ns=(before.st_atime_ns, before.st_mtime_ns))  # the clock's same tick
    after = save.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (
        before.st_size,
        before.st_mtime_ns,
        before.st_ino,
    )
    assert read_picture(save, SIZE) is None
    assert kept_pictures(save)[0][1] != save_key(save)  # out of date: drawn again apart


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "dangling link", "folder"])
def test_a_picture_file_that_is_no_file_is_never_read_nor_followed(save: Path, kind: str) -> None:
    """A FIFO (reading it would wait for ever), a link (to a device, or nowhere) or a
    folder where the picture goes: never read, never written through; a picture kept
    replaces a link or a FIFO (the rename), a folder stays."""
    frame = picture_path(save)
    if kind == "fifo":
        os.mkfifo(frame)
    elif kind == "link to /dev/zero":
        frame.symlink_to("/dev/zero")
    elif kind == "dangling link":
        frame.symlink_to(save.parent / "nowhere")
    else:
        frame.mkdir()
    assert read_picture(save, SIZE) is None and kept_pictures(save) == []
    kept = keep_picture(save, strips(SIZE), {}, 0)
    assert kept == (kind != "folder")
    assert not (save.parent / "nowhere").exists()
    if kept:
        assert frame.is_file() and not frame.is_symlink()
        assert read_picture(save, SIZE) is not None
    assert not [name for name in os.listdir(save.parent) if name.endswith(".tmp")]


# ------------------------------------------------------------ the children of a long session
def test_the_children_of_a_long_session_are_reaped_one_running_per_save(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A TUI session lives on after each child it starts (one at each game let go of):
    a child done was never reaped, a zombie until the TUI quit, and a banker switching
    games fast started one more each time.  Now the done ones are reaped at the next
    start, and a save whose child still runs gets no second one."""
    from moderator import picture_apart

    monkeypatch.delenv(picture_apart.PICTURE_OFF, raising=False)
    monkeypatch.setattr(picture_apart, "_PICTURE_CHILDREN", {})
    first = picture_apart.leave_picture(save, terminal=False)
    assert first is not None
    os.waitid(os.P_PID, first, os.WEXITED | os.WNOWAIT)  # done (a dummy save), not reaped
    with open(f"/proc/{first}/stat", encoding="ascii") as stat:
        assert stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    second = picture_apart.leave_picture(save, terminal=False)
    assert second is not None and second != first
    with pytest.raises(ChildProcessError):  # the first one was reaped
        os.waitpid(first, os.WNOHANG)
    # while the save's child runs, no other is started for it; another save gets one
    running = subprocess.Popen([sys.executable, "-c", "input()"], stdin=subprocess.PIPE)
    try:
        os.waitid(os.P_PID, second, os.WEXITED)  # reaped here: forgotten at the next start
        monkeypatch.setitem(picture_apart._PICTURE_CHILDREN, os.path.abspath(save), running.pid)
        assert picture_apart.leave_picture(save, terminal=False) is None
        other = save.with_name("other.json")
        other.write_text("{}\n", encoding="utf-8")
        third = picture_apart.leave_picture(other, terminal=False)
        assert third is not None
    finally:
        running.communicate(b"\n", timeout=60)
    os.waitid(os.P_PID, third, os.WEXITED | os.WNOWAIT)
    fourth = picture_apart.leave_picture(save, terminal=False)  # the runner is done: started again
    assert fourth is not None
    os.waitpid(fourth, 0)
    with pytest.raises(ChildProcessError):
        os.waitpid(third, os.WNOHANG)


@pytest.mark.parametrize("where", ["rows", "state", "an extra key"])
def test_a_deeply_nested_line_is_not_read(save: Path, where: str) -> None:
    """100,000 brackets after a right head: ``json.loads`` raises ``RecursionError``, not
    a ``ValueError`` (it ended the app at start)."""
    assert keep_picture(save, strips(SIZE), {}, 0)
    (line,) = lines_of(save)
    deep = b"[" * 100_000 + b"]" * 100_000
    record = json.loads(line)
    head = line[: line.index(b'"entries"')]
    if where == "rows":
        body = b'"entries":0,"state":"%s","rows":%s}' % (record["state"].encode(), deep)
    elif where == "state":
        body = b'"entries":0,"state":%s,"rows":[]}' % deep
    else:
        body = line[len(head) : -1] + b',"x":' + deep + b"}"
    picture_path(save).write_bytes(head + body + b"\n")
    assert read_picture(save, SIZE) is None


# ------------------------------------------------------------ a size no terminal is
def test_a_picture_at_the_largest_terminal_is_kept_and_one_larger_never(save: Path) -> None:
    """:data:`MAX_TERMINAL` is generous (an 8K screen in a tiny font) yet a picture of
    that size fits the file's bytes; a size beyond it is neither kept nor read."""
    largest = picture_module.MAX_TERMINAL
    assert keep_picture(save, strips(largest), {}, 0)
    assert read_picture(save, largest) is not None
    for beyond in ((largest[0] + 1, 3), (20, largest[1] + 1)):
        assert not keep_picture(save, strips(beyond), {}, 0)
        assert read_picture(save, beyond) is None
    assert [size for size, _ in kept_pictures(save)] == [largest]


def test_a_crafted_absurd_size_is_never_drawn_and_dropped_at_the_next_keep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``.frame`` line naming a 1000 x 1000 terminal, out of date: the child (started at
    every let-go) drew it (0.7 s) and could never keep it, so it stayed to be drawn again
    next time.  Now it is ignored: not drawn, and gone from the file at the next keep."""
    from moderator import cli
    from moderator.ui import app as app_module
    from moderator.ui.app import take_picture

    path = a_real_save(tmp_path / "game.json")
    assert keep_picture(path, strips(SIZE), {}, 0)
    (line,) = lines_of(path)
    key = ",".join(str(n) for n in save_key(path) or [])
    crafted = line.replace(b'"size":[20,3]', b'"size":[1000,1000]').replace(
        f'"save":[{key}]'.encode(), b'"save":[1,2,3,4]'
    )
    assert crafted.startswith(b'{"picture":3,"size":[1000,1000],"save":[1,2,3,4],')
    picture_path(path).write_bytes(crafted + b"\n")
    assert kept_pictures(path) == []
    drawn: list[tuple[int, int]] = []
    taker_of = app_module._taker

    def spied(game: object) -> object:
        taker = taker_of(game)
        run = taker.run

        def counted(**how: object) -> object:
            drawn.append(how["size"])  # type: ignore[arg-type]
            return run(**how)

        taker.run = counted
        return taker

    monkeypatch.setattr(app_module, "_taker", spied)
    assert not take_picture(path, (5000, 5000))  # the terminal's size, absurd: ignored
    assert cli.main(["picture", str(path), "--size", "1025x40"]) == 1
    assert drawn == [] and lines_of(path) == [crafted]
    assert take_picture(path)  # no size: the default, the crafted line not drawn
    assert drawn == [picture_module.DEFAULT_SIZE]
    assert [size for size, _ in kept_pictures(path)] == [picture_module.DEFAULT_SIZE]
    assert len(lines_of(path)) == 1  # the crafted line dropped
