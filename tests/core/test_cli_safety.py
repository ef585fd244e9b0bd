"""The batch CLI at a real table (issue 6): no save overwritten, no crash on absurd numbers,
no escape sequence reaching the terminal, no hang on a FIFO, what the bank did by itself shown."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import REPO, SCRIPTS, SHORT_RECORDED, TO_SR2

from moderator import commands as c
from moderator.cli import main, safe
from moderator.game import Game
from moderator.script import parse_line

SHORT_TEXT = SHORT_RECORDED.read_text(encoding="utf-8")
SHORT_LINES = SHORT_TEXT.splitlines(keepends=True)
FIRST_OR = next(i for i, line in enumerate(SHORT_LINES) if line.startswith("run "))
"""Index of the short game's first `run` line: the lines before it are setup and stock round 1."""

THROUGH_SR2 = TO_SR2 + "pass Player2\npass Player3\n"
"""The short game's first operating-round set and all of stock round 2 (prices move at its end)."""

NOTES = "game 1846 A B C\nnote one\nnote two\n"


def write(tmp_path: Path, text: str, name: str = "game.script") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def saved(tmp_path: Path, text: str, name: str = "g.json") -> Path:
    """A save made by `play --save` of ``text``."""
    save = tmp_path / name
    script = write(tmp_path, text, name + ".script")
    assert main(["play", str(script), "--save", str(save), "--quiet"]) == 0
    return save


def moderator(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The CLI in a child process (for what must not hang or print a traceback)."""
    return subprocess.run(
        [sys.executable, "-m", "moderator.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
    )


# ----------------------------------------------------------------- point 2: --save EXISTING
def test_play_save_refuses_another_games_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saved(tmp_path, NOTES)
    before = save.read_bytes()
    capsys.readouterr()
    other = write(tmp_path, "game 1846 A B D\nnote one\n")
    assert main(["play", str(other), "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert "holds another game" in err and "game 1846 A B C" in err and "game 1846 A B D" in err
    assert save.read_bytes() == before
    assert not list(tmp_path.glob("*.replaced-*"))


def test_play_save_refuses_a_script_that_differs_from_the_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saved(tmp_path, NOTES)
    before = save.read_bytes()
    capsys.readouterr()
    script = write(tmp_path, "game 1846 A B C\n# a comment\nnote one\nnote three\nnote four\n")
    assert main(["play", str(script), "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert "line 4 differs from journal entry 2" in err
    assert "`note three`" in err and "`note two`" in err and "Traceback" not in err
    assert save.read_bytes() == before


def test_play_save_continues_a_save_that_starts_the_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saved(tmp_path, "".join(SHORT_LINES[:FIRST_OR]))
    assert len(Game.load(save, read_only=True).journal) > 10
    capsys.readouterr()
    assert main(["play", str(SHORT_RECORDED), "--save", str(save)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "Stock round 1 begins" not in captured.out, "nothing printed for the saved part"
    assert captured.out.startswith("MS runs $0"), "the first line printed is the first new one"
    assert "Operating round 1.1 begins" not in captured.out
    fresh = tmp_path / "fresh.json"
    assert main(["play", str(SHORT_RECORDED), "--save", str(fresh), "--quiet"]) == 0
    continued, whole = Game.load(save, read_only=True), Game.load(fresh, read_only=True)
    assert [e.line for e in continued.journal] == [e.line for e in whole.journal]
    assert continued.state_json() == whole.state_json()


def test_play_save_continues_names_written_in_another_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saved(tmp_path, "game 1846 Amy Bob Carlos\nremove ERIE PRR MC OI SC TBC\n")
    script = write(tmp_path, "game 1846 Amy Bob Carlos\nremove erie prr mc oi sc tbc\nnote x\n")
    assert main(["play", str(script), "--save", str(save), "--quiet"]) == 0
    assert [e.line for e in Game.load(save, read_only=True).journal][-1] == "note x"


def test_play_save_of_the_same_script_again_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saved(tmp_path, NOTES)
    before = save.read_bytes()
    assert main(["play", str(write(tmp_path, NOTES)), "--save", str(save), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["round"]["kind"] == "SR"
    assert save.read_bytes() == before


def test_play_save_further_along_than_the_script_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saved(tmp_path, NOTES + "note three\n")
    before = save.read_bytes()
    capsys.readouterr()
    assert main(["play", str(write(tmp_path, NOTES)), "--save", str(save)]) == 2
    assert "further along than the script" in capsys.readouterr().err
    assert save.read_bytes() == before


def test_a_save_one_entry_along_is_worded_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 28.8: a count of one is singular ("its journal has 1 entry")."""
    head = NOTES.splitlines()[0] + "\n"
    save = saved(tmp_path, head + "note one\n")
    capsys.readouterr()
    assert main(["play", str(write(tmp_path, head)), "--save", str(save)]) == 2
    assert "its journal has 1 entry, the script ends after 0 of them" in capsys.readouterr().err


def test_an_expect_inside_the_saved_part_is_checked_where_it_stands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saved(tmp_path, "".join(SHORT_LINES[:FIRST_OR]))
    capsys.readouterr()
    # Player1 has 260 after the distribution and less after stock round 1: a check of the
    # saved part compares with the game as it was at that line, not at the end
    text = "".join(SHORT_LINES[:FIRST_OR]).replace(
        "expect Player1 cash 260", "expect Player1 cash 261"
    )
    assert text != "".join(SHORT_LINES[:FIRST_OR])
    script = write(tmp_path, text)
    number = text.splitlines().index("expect Player1 cash 261") + 1
    assert main(["play", str(script), "--save", str(save)]) == 1
    assert capsys.readouterr().err.startswith(
        f"line {number}: refused: expected Player1 cash 261, but it is 260"
    )


def test_force_replaces_and_keeps_a_backup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saved(tmp_path, NOTES)
    before = save.read_bytes()
    capsys.readouterr()
    other = write(tmp_path, "game 1846 X Y Z\nnote other\n")
    assert main(["play", str(other), "--save", str(save), "--force", "--quiet"]) == 0
    err = capsys.readouterr().err
    backup = tmp_path / "g.replaced-1.json"
    assert str(backup) in err and "--force" in err
    assert backup.read_bytes() == before
    assert Game.load(save, read_only=True).players == ["X", "Y", "Z"]
    assert main(["play", str(other), "--save", str(save), "--force", "--quiet"]) == 0
    assert (tmp_path / "g.replaced-2.json").is_file(), "an earlier backup is never overwritten"
    assert backup.read_bytes() == before


def test_force_replaces_a_save_that_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = write(tmp_path, '{"format_version": 1, "title": "18', "g.json")
    assert main(["play", str(write(tmp_path, NOTES)), "--save", str(save)]) == 2
    assert "left untouched" in capsys.readouterr().err
    assert save.read_text() == '{"format_version": 1, "title": "18'
    assert main(["play", str(write(tmp_path, NOTES)), "--save", str(save), "--force"]) == 0
    assert (tmp_path / "g.replaced-1.json").read_text() == '{"format_version": 1, "title": "18'


HOLDER = textwrap.dedent(
    """
    import sys
    from moderator.game import Game
    game = Game.load(sys.argv[1])
    print("ready", flush=True)
    sys.stdin.read()
    """
)


def test_a_save_open_in_another_moderator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saved(tmp_path, NOTES)
    before = save.read_bytes()
    capsys.readouterr()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        script = write(tmp_path, NOTES + "note three\n")
        assert main(["play", str(script), "--save", str(save)]) == 2
        err = capsys.readouterr().err
        assert f"pid {holder.pid}" in err and "Traceback" not in err
        assert main(["play", str(script), "--save", str(save), "--force"]) == 2
        assert f"pid {holder.pid}" in capsys.readouterr().err
        assert save.read_bytes() == before
        assert not list(tmp_path.glob("*.replaced-*")), "no backup left by a refused --force"
        for amend in (["1", "note uno"], ["2", "--delete"], ["1", "--insert", "note zero"]):
            assert main(["amend", str(save), *amend]) == 2  # the correction waits its turn
            assert f"pid {holder.pid}" in capsys.readouterr().err
        assert save.read_bytes() == before
        assert not list(tmp_path.glob("*.before-amend-*")), "no backup left by a refused amend"
        # showing a save takes no lock: it works while the game is open elsewhere
        assert main(["state", str(save), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["title"] == "1846"
        assert main(["script", str(save)]) == 0
        assert capsys.readouterr().out == NOTES
    finally:
        holder.communicate("", timeout=30)
    assert main(["play", str(write(tmp_path, NOTES + "note three\n")), "--save", str(save)]) == 0


def test_the_disk_filling_up_mid_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    save = saved(tmp_path, NOTES)
    before = save.read_bytes()
    capsys.readouterr()
    full = False
    execute = Game.execute

    def execute_then_fill_the_disk(self: Game, cmd: str | c.Command):  # type: ignore[no-untyped-def]
        nonlocal full
        given = parse_line(cmd) if isinstance(cmd, str) else cmd  # play gives the line
        full = full or given == c.Note(text="the disk is full from here")
        return execute(self, cmd)

    def fsync(fd: int) -> None:
        if full:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    real_fsync = os.fsync
    monkeypatch.setattr(Game, "execute", execute_then_fill_the_disk)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "fdatasync", fsync, raising=False)
    script = write(tmp_path, NOTES + "note the disk is full from here\nnote never\n")
    assert main(["play", str(script), "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("line 4: not saved: cannot write ")
    assert err.count("not saved") == 1  # once ("not saved: not saved, so not applied" before)
    assert "No space left on device" in err and str(save) in err and "Traceback" not in err
    monkeypatch.undo()
    assert save.read_bytes() == before
    assert [e.line for e in Game.load(save, read_only=True).journal] == ["note one", "note two"]


# ----------------------------------------------------------------- point 3: absurd numbers
@pytest.mark.parametrize(
    "line",
    [
        "adjust A " + "0" * 4300 + "5 typo",
        "adjust A " + "9" * 5000 + " typo",
        "expect A cash " + "0" * 5000,
    ],
    ids=["4300-leading-zeros", "5000-digits", "expect-5000-zeros"],
)
def test_play_refuses_thousands_of_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    script = write(tmp_path, f"game 1846 A B C\nnote fine\n{line}\n")
    assert main(["play", str(script)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("line 3: refused: ") and "absurd" in err
    assert err.count("\n") == 1 and len(err) < 300


def test_play_in_a_child_process_refuses_thousands_of_digits(tmp_path: Path) -> None:
    script = write(tmp_path, "game 1846 A B C\nadjust A " + "0" * 4300 + "5 typo\n")
    done = moderator("play", str(script))
    assert done.returncode == 1
    assert done.stderr.startswith("line 2: refused: ") and "Traceback" not in done.stderr


# ----------------------------------------------------------------- point 7: control characters
def test_safe_escapes_control_characters_only() -> None:
    assert safe("Amy \x1b[2J\x07") == "Amy \\x1b[2J\\x07"
    assert safe("a\u2028b\u202ec\x9bd\ud800") == "a\\u2028b\\u202ec\\x9bd\\ud800"
    assert safe("caf\u00e9 \u4e2d \U0001f682 [red]x") == "caf\u00e9 \u4e2d \U0001f682 [red]x"
    assert safe("a\nb") == "a\\x0ab" and safe("a\nb", keep_newlines=True) == "a\nb"


HOSTILE = "\x1b]0;pwned\x07\x1b[2J\u202e"
"""Retitle the terminal, ring the bell, clear the screen, reverse the text."""


def hostile_save(tmp_path: Path, *, note: str = "x", name: str = "Carlos") -> Path:
    """A save written by hand (the plain JSON of save format 1)."""
    entry = {
        "line": f"note {note}",
        "round": "setup",
        "command": {"kind": "note", "text": note},
        "events": [{"kind": "note", "text": note}],
    }
    data = {"format_version": 1, "title": "1846", "players": ["Amy", "Bob", name]}
    save = tmp_path / "hostile.json"
    save.write_text(json.dumps({**data, "journal": [entry]}), encoding="utf-8")
    return save


def assert_nothing_raw(captured: pytest.CaptureResult[str]) -> None:
    for stream in (captured.out, captured.err):
        assert not any(ch in stream for ch in "\x1b\x07\u202e"), stream


@pytest.mark.parametrize("args", [["state"], ["state", "--json"], ["script"]])
def test_a_hostile_note_never_reaches_the_terminal_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    save = hostile_save(tmp_path, note=HOSTILE)
    main([*args, str(save)])
    captured = capsys.readouterr()
    assert_nothing_raw(captured)
    if args == ["script"] and captured.out:  # shown escaped (or the save refused, escaped)
        assert "note \\x1b]0;pwned\\x07\\x1b[2J\\u202e" in captured.out


@pytest.mark.parametrize("args", [["state"], ["state", "--json"], ["script"]])
def test_a_hostile_name_never_reaches_the_terminal_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    save = hostile_save(tmp_path, name="Carl\x1b[31mos")
    main([*args, str(save)])
    captured = capsys.readouterr()
    assert_nothing_raw(captured)
    shown = captured.out + captured.err
    assert "U+001B" in shown or "\\x1b" in shown or "\\u001b" in shown


def test_a_refusal_from_a_save_is_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever a save error echoes from the file is escaped (the message is the core's)."""
    from moderator.errors import SaveError

    def load(path: Path, **_: object) -> Game:
        raise SaveError(f"{path}: journal entry 1 (`note {HOSTILE}`) is damaged")

    monkeypatch.setattr(Game, "load", load)
    assert main(["state", str(tmp_path / "x.json")]) == 1
    captured = capsys.readouterr()
    assert_nothing_raw(captured)
    assert "`note \\x1b]0;pwned\\x07" in captured.err


def test_names_are_printed_as_typed_not_as_rich_markup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = write(tmp_path, 'game 1846 "[red]x" ":smile:" "[/]" \n')
    assert main(["play", str(script)]) == 0
    out = capsys.readouterr().out
    assert "[red]x" in out and ":smile:" in out and "[/]" in out


def test_play_refuses_an_escape_sequence_in_a_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = write(tmp_path, "game 1846 A B C\nnote \x1b]0;pwned\x07\n")
    assert main(["play", str(script)]) == 1
    err = capsys.readouterr().err
    assert err == "line 2: refused: control character U+001B is not allowed\n"


# ----------------------------------------------------------------- point 9: lines are \n lines
@pytest.mark.parametrize(
    ("separator", "code"), [("\x0c", "U+000C"), ("\u2028", "U+2028"), ("\x1c", "U+001C")]
)
def test_a_refusal_names_the_line_an_editor_shows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], separator: str, code: str
) -> None:
    script = write(tmp_path, f"game 1846 A B C\nnote fine\nnote one{separator}two\nfrobnicate\n")
    assert main(["play", str(script)]) == 1
    assert capsys.readouterr().err.startswith(f"line 3: refused: control character {code}")


def test_a_crlf_script_plays_and_names_its_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "crlf.script"
    path.write_bytes(b"game 1846 A B C\r\nnote one\r\n\r\nnote two\r\n")
    assert main(["play", str(path), "--json"]) == 0
    path.write_bytes(b"game 1846 A B C\r\nnote one\r\n\r\nfrobnicate\r\n")
    capsys.readouterr()
    assert main(["play", str(path)]) == 1
    assert capsys.readouterr().err == "line 4: refused: unknown command 'frobnicate'\n"


# ----------------------------------------------------------------- point 10: not a save at all
@pytest.mark.parametrize("verb", ["state", "script"])
def test_a_directory_is_not_a_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], verb: str
) -> None:
    assert main([verb, str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and str(tmp_path) in captured.err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
@pytest.mark.parametrize("verb", ["state", "script"])
def test_a_fifo_is_refused_without_hanging(tmp_path: Path, verb: str) -> None:
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    done = moderator(verb, str(fifo), timeout=30)  # a regression raises TimeoutExpired
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused_fast() -> None:
    done = moderator("state", "/dev/zero", timeout=30)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_huge_file_is_refused_fast(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as fh:
        fh.truncate(4 * 1024**3)  # sparse: 4 GB that take no disk
    done = moderator("state", str(huge), timeout=30)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_play_save_onto_something_that_is_not_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    target = tmp_path / "target.json"
    if kind == "directory":
        target.mkdir()
    else:
        os.mkfifo(target)
    assert main(["play", str(write(tmp_path, NOTES)), "--save", str(target), "--force"]) == 2
    assert "cannot write the save file" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.replaced-*"))


# ----------------------------------------------------------------- point 12: what the bank did
def test_play_prints_what_the_bank_did_by_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = write(tmp_path, SHORT_TEXT + THROUGH_SR2)
    assert main(["play", str(script)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    income = [line for line in lines if "MPC income" in line]
    assert income and income[0].startswith("  ") and "Player3" in income[0] and "$15" in income[0]
    assert any("CWI income" in line and "Player1" in line and "$10" in line for line in lines)
    assert any("PRR price down" in line and "(5.52)" in line for line in lines), (
        "the end-of-stock-round move is shown"
    )
    assert any("Player1 pays $90 toward GT's 4-train" in line for line in lines)


@pytest.mark.parametrize("flag", ["--quiet", "--json"])
def test_no_narration_when_quiet_or_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    assert main(["play", str(SHORT_RECORDED), flag]) == 0
    assert "MPC income" not in capsys.readouterr().out


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_play_of_an_endless_file_is_refused_fast() -> None:
    done = moderator("play", "/dev/zero", timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert "not a banker script" in done.stderr and "Traceback" not in done.stderr


def test_play_reads_a_script_from_a_pipe(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "moderator.cli", "play", "/dev/stdin", "--json"],
        input=NOTES,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["title"] == "1846"


def test_play_of_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(tmp_path)]) == 2
    assert "cannot read" in capsys.readouterr().err


# ----------------------------------------------------------------- point 19: the end, as text
BANK_BREAKS = (SCRIPTS / "1846-bank-breaks.script").read_text(encoding="utf-8")
"""OR 1.2: NYC withholds more than the bank holds — the bank breaks (10.1)."""


def test_state_explains_a_broken_bank_then_ranks_the_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", str(write(tmp_path, BANK_BREAKS))]) == 0
    out = capsys.readouterr().out
    assert "BROKEN" not in out and "broken (10.1)" in out
    assert "bank: the bank broke" in out  # the core's note: when, the reserve, what is left
    assert "Game over" not in out
    script = write(tmp_path, BANK_BREAKS + "run GT 0\nrun IC 0\ndone IC\n", "end.script")
    assert main(["play", str(script), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ended"] and "(10.1)" in data["end_reason"]
    assert main(["play", str(script)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # Rich wraps long lines
    assert f"Game over: {data['end_reason']}." in out
    for place in data["ranking"]:
        names = ", ".join(place["players"])
        assert f"{place['place']}. {names} ${place['score']}" in out
