"""The batch `moderator` command: play, state, script; exit codes, refusals and the state JSON."""

from __future__ import annotations

import gc
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, SCRIPTS, SHORT_RECORDED, TO_SR2, example_scripts

from moderator import cli
from moderator.cli import main
from moderator.game import Game

EXAMPLES = example_scripts()
SHORT = SHORT_RECORDED


def write(tmp_path: Path, text: str, name: str = "game.script") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def line_count(text: str) -> int:
    return len(text.splitlines())


# ----------------------------------------------------------------- play
@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_play_examples_exit_0(script: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(script), "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""


def test_play_prints_tables_and_receipts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(SCRIPTS / "1846-rulebook-example.script")]) == 0
    out = capsys.readouterr().out
    assert "Players" in out and "Companies" in out
    assert "MS runs $60" in out, "a run prints its payout receipt"


def test_second_buy_in_a_turn_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        SHORT.read_text(encoding="utf-8") + TO_SR2 + "buy Player2 NYC pool\nbuy Player2 BO pool\n"
    )
    assert main(["play", str(write(tmp_path, text))]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"line {line_count(text)}: refused: ")
    assert "Player3's turn" in err and "(5.11)" in err


def test_buy_after_a_sale_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (
        SHORT.read_text(encoding="utf-8")
        + TO_SR2
        + ("buy Player2 NYC pool\nsell Player3 BO 1\nbuy Player3 BO pool\n")
    )
    assert main(["play", str(write(tmp_path, text))]) == 1
    err = capsys.readouterr().err
    assert (
        err
        == f"line {line_count(text)}: refused: Player3 already sold BO this stock round (5.38)\n"
    )


def test_unknown_verb_is_refused_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "game 1846 A B C\n# comment\n\nfrobnicate A\npass A\n"
    assert main(["play", str(write(tmp_path, text))]) == 1
    assert capsys.readouterr().err == "line 4: refused: unknown command 'frobnicate'\n"


def test_failed_expect_names_line_expected_and_actual(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "game 1846 A B C\nexpect A cash 1\n"
    assert main(["play", str(write(tmp_path, text))]) == 1
    err = capsys.readouterr().err
    assert err.startswith("line 2: refused: expected A cash 1, but it is ")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "no `game TITLE PLAYER...` line"),
        ("# only a comment\n", "no `game TITLE PLAYER...` line"),
        ("pass A\n", "line 1: refused: a script starts with `game"),
        ("game 1822 A B C\n", "line 1: refused: unknown title"),
        ("game 1846 A A B\n", "line 1: refused: two players have the same name"),
        ("game 1846 A B C\ngame 1846 A B C\n", "line 2: refused: a game is already running"),
    ],
)
def test_bad_game_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, fragment: str
) -> None:
    assert main(["play", str(write(tmp_path, text))]) == 1
    assert fragment in capsys.readouterr().err


def test_missing_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(tmp_path / "none.script")]) == 2
    assert "cannot read" in capsys.readouterr().err


# ----------------------------------------------------------------- state JSON
def check_state_json(data: dict) -> None:  # type: ignore[type-arg]
    """The keys and types fixed by the spec's State JSON section (more keys are allowed)."""
    for key in ("title", "round", "phase", "bank", "players", "companies", "ended", "result"):
        assert key in data, key
    assert isinstance(data["title"], str)
    rnd = data["round"]
    assert rnd["kind"] in ("SR", "OR")
    assert isinstance(rnd["number"], int)
    assert rnd["or"] is None or isinstance(rnd["or"], int)
    assert isinstance(data["phase"], str)
    assert isinstance(data["bank"]["cash"], int) and isinstance(data["bank"]["broken"], bool)
    assert data["players"]
    for player in data["players"]:
        for key, kind in (
            ("name", str),
            ("cash", int),
            ("value", int),
            ("shares", dict),
            ("privates", list),
            ("certificates", int),
        ):
            assert isinstance(player[key], kind), (key, player)
        assert all(isinstance(v, int) for v in player["shares"].values())
    assert data["companies"]
    for company in data["companies"]:
        for key in (
            "id",
            "kind",
            "cash",
            "price",
            "president",
            "ipo",
            "pool",
            "trains",
            "privates",
        ):
            assert key in company, (key, company)
        assert isinstance(company["cash"], int)
        assert isinstance(company["trains"], list) and isinstance(company["privates"], list)
    assert isinstance(data["ended"], bool)
    assert data["result"] is None or isinstance(data["result"], dict)


def test_play_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(SHORT), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    check_state_json(data)
    assert data["title"] == "1846"
    assert data["round"] == {**data["round"], "kind": "OR", "number": 1, "or": 1}
    assert data["bank"]["cash"] == 6040 and data["bank"]["broken"] is False
    players = {p["name"]: p for p in data["players"]}
    assert [p["name"] for p in data["players"]] == ["Player1", "Player2", "Player3"]
    assert players["Player1"]["cash"] == 50 and players["Player1"]["value"] == 190
    nyc = next(co for co in data["companies"] if co["id"] == "NYC")
    assert nyc["kind"] == "corporation"
    assert (nyc["cash"], nyc["price"], nyc["president"]) == (0, 30, "Player2")
    assert nyc["trains"] == ["2", "2", "2", "2"] and nyc["privates"] == ["CWI"]
    assert data["ended"] is False and data["result"] is None


def test_refused_play_with_json_still_prints_the_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "game 1846 A B C\nexpect A cash 1\n"
    assert main(["play", str(write(tmp_path, text)), "--json"]) == 1
    captured = capsys.readouterr()
    check_state_json(json.loads(captured.out))
    assert "line 2: refused" in captured.err


# ----------------------------------------------------------------- saves
def test_play_save_writes_a_loadable_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "saves" / "short.json"
    assert main(["play", str(SHORT), "--save", str(save), "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert Game.load(save).state_json() == played
    assert main(["state", str(save), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == played
    assert main(["state", str(save)]) == 0
    assert "Player1" in capsys.readouterr().out


def test_refused_play_keeps_the_accepted_lines_in_the_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.json"
    text = "game 1846 A B C\nnote one\nnote two\nfrobnicate\n"
    assert main(["play", str(write(tmp_path, text)), "--save", str(save)]) == 1
    assert [e.line for e in Game.load(save).journal] == ["note one", "note two"]


def test_script_command_prints_a_replayable_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.json"
    assert main(["play", str(SHORT), "--save", str(save), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["script", str(save)]) == 0
    again = write(tmp_path, capsys.readouterr().out, "again.script")
    assert main(["play", str(again), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == Game.load(save).state_json()


@pytest.mark.parametrize(
    "content", ['{"format_version": 1, "title": "18', "not json", '{"format_version": 99}']
)
def test_broken_save_gives_a_message_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    save = write(tmp_path, content, "broken.json")
    assert main(["state", str(save), "--json"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert str(save) in captured.err
    assert "Traceback" not in captured.err
    assert save.read_text() == content
    assert main(["script", str(save)]) == 1


def test_missing_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["state", str(tmp_path / "none.json")]) == 1
    assert "no such save file" in capsys.readouterr().err


# ----------------------------------------------------------------- the installed console script
def test_installed_console_script(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("moderator")
    if not exe.exists():
        exe = REPO / ".venv" / "bin" / "moderator"
    assert exe.exists(), "the moderator console script is installed with the package"
    ok = subprocess.run(
        [str(exe), "play", str(SHORT), "--json"], capture_output=True, text=True, timeout=120
    )
    assert ok.returncode == 0, ok.stderr
    check_state_json(json.loads(ok.stdout))
    bad = write(tmp_path, "game 1846 A B C\nbuy A\n")
    refused = subprocess.run(
        [str(exe), "play", str(bad)], capture_output=True, text=True, timeout=120
    )
    assert refused.returncode == 1
    assert refused.stderr.startswith("line 2: refused: usage: buy PLAYER CORP")


def test_non_utf8_script_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.script"
    path.write_bytes(b"game 1846 A B C\nnote caf\xe9\n")
    assert main(["play", str(path)]) == 1
    assert capsys.readouterr().err == "line 2: refused: not UTF-8 text (byte 0xe9)\n"


def test_byte_order_mark_is_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.script"
    path.write_bytes("\ufeffgame 1846 A B C\nnote café\n".encode())
    assert main(["play", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "1846"


def test_unwritable_save_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = write(tmp_path, "game 1846 A B C\n")
    assert main(["play", str(script), "--save", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "cannot write the save file" in err and "Traceback" not in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``moderator --version`` prints the program's version (issue 21.10)."""
    import moderator

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"moderator {moderator.__version__}"


@pytest.mark.parametrize("outcome", ["quits", "crashes"])
def test_the_screen_starts_without_the_collector_and_always_gets_it_back(
    monkeypatch: pytest.MonkeyPatch, outcome: str
) -> None:
    """``moderator`` (the TUI) holds off the cyclic garbage collector until its first
    screen is drawn (issue 21.4), and turns it back on however the app ends."""
    import moderator.ui.app

    seen: list[bool] = []

    def run_app(**_: object) -> int:
        seen.append(gc.isenabled())
        if outcome == "crashes":
            raise RuntimeError("the terminal went away")
        return 0

    monkeypatch.setattr(moderator.ui.app, "run_app", run_app)
    try:
        if outcome == "quits":
            assert cli._run_tui(None, Path("saves")) == 0
        else:
            with pytest.raises(RuntimeError):
                cli._run_tui(None, Path("saves"))
        assert seen == [False]
        assert gc.isenabled()
    finally:
        gc.enable()


# ----------------------------------------------------------------- notes (issue 28.2)
OLD_NOTES = Path(__file__).parent / "data" / "before-28.2-1846-notes.json"
"""A save written by the moderator before issue 28.2 (commit 3153957, run from an export of
it): notes typed as ``note say "hi" to @all``, ``note "a  b"``, ``note "tile #57 laid"`` and
``note  plain   words``, journaled as that moderator read them."""


def test_a_save_with_notes_from_before_28_2_opens_and_replays_as_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "old.json"
    save.write_bytes(OLD_NOTES.read_bytes())
    game = Game.load(save, read_only=True)
    notes = [(e.line, e.command.text) for e in game.journal if e.line.startswith("note")]
    assert notes == [
        ("note say hi to @all", "say hi to @all"),
        ('note "a  b"', "a  b"),
        ('note "tile #57 laid"', "tile #57 laid"),
        ("note plain words", "plain words"),
    ]
    game.close()
    # its script plays on into the same save: the old lines stand for their notes
    assert main(["script", str(save)]) == 0
    script = write(tmp_path, capsys.readouterr().out + "pass Bob\n")
    assert main(["play", str(script), "--save", str(save), "--quiet"]) == 0
    again = Game.load(save, read_only=True)
    assert [e.command for e in again.journal[:-1]] == [e.command for e in game.journal]
    assert again.journal[-1].line == "pass Bob"
    again.close()


def test_a_typed_note_keeps_its_quotes_in_the_save_and_the_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = 'note say "hi" to @all'
    save = tmp_path / "g.json"
    text = SHORT.read_text(encoding="utf-8") + line + "\n"
    assert main(["play", str(write(tmp_path, text)), "--save", str(save), "--quiet"]) == 0
    assert Game.load(save, read_only=True).journal[-1].line == line
    assert main(["script", str(save)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == line


# ----------------------------------------------------------------- a reader that goes away
def _exe() -> Path:
    exe = Path(sys.executable).with_name("moderator")
    return exe if exe.exists() else REPO / ".venv" / "bin" / "moderator"


@pytest.fixture(scope="module")
def recorded_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    save = tmp_path_factory.mktemp("pipe") / "game.json"
    assert main(["play", str(SHORT), "--save", str(save), "--quiet"]) == 0
    return save


PRINTING = [
    ["play", "{script}"],
    ["play", "{script}", "--json"],
    ["state", "{save}"],
    ["state", "{save}", "--json"],
    ["script", "{save}"],
    ["score", "{save}"],
    ["score", "{save}", "--json"],
    ["project", "{save}"],
    ["project", "{save}", "--json"],
    ["export", "{save}", "--csv", "{out}"],
    ["check", "{save}", "run", "NYC", "100"],
    ["check", "1846", "run", "--price", "165", "--revenue", "500", "--kind", "full"],
    ["--help"],
    ["score", "--help"],
]


@pytest.mark.parametrize("words", PRINTING, ids=" ".join)
def test_a_closed_pipe_ends_a_command_quietly(
    words: list[str], recorded_save: Path, tmp_path: Path
) -> None:
    """Issue 28.3: `moderator score SAVE | head -1` printed a BrokenPipeError traceback and
    exited 1.  With its reader gone (a pipe closed before anything is written), every
    command that prints stops without a word, with 0 or 141 (128 + SIGPIPE)."""
    args = [w.format(script=SHORT, save=recorded_save, out=tmp_path / "csv") for w in words]
    read, write_end = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [str(_exe()), *args], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120
        )
    finally:
        os.close(write_end)
    assert done.stderr == ""
    assert done.returncode in (0, cli.EXIT_READER_GONE)


class _GonePipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_main_tells_a_reader_gone_by_its_status(
    recorded_save: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", _GonePipe())
    for words in (["state", str(recorded_save)], ["script", str(recorded_save)]):
        assert main(words) == cli.EXIT_READER_GONE == 141
    assert capsys.readouterr().err == ""


# ----------------------------------------------------------------- --help (issue 28.8)
SUBCOMMANDS = ["play", "state", "open", "demo", "script", "score", "project", "export", "serve"]


def _help_of(words: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What ``moderator WORDS`` prints, having exited 0 (argparse exits, check returns)."""
    try:
        status = main(words)
    except SystemExit as exc:
        status = exc.code  # type: ignore[assignment]
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert captured.err == ""
    return captured.out


@pytest.mark.parametrize("command", SUBCOMMANDS)
@pytest.mark.parametrize("where", ["first", "after an argument"])
def test_every_subcommand_s_help_describes_it(
    command: str, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Several subcommands' --help had a usage line and nothing saying what they do."""
    words = [command, "--help"] if where == "first" else [command, "game.json", "--help"]
    out = _help_of(words, capsys)
    assert out.startswith(f"usage: moderator {command}")
    description = out.split("\n\n")[1]
    assert not description.startswith(("positional arguments", "options")), out
    assert len(description.split()) >= 8, description
    assert "help message" in out


@pytest.mark.parametrize(
    "words",
    [
        ["check", "{save}", "--help"],
        ["check", "{save}", "run", "--help"],
        ["check", "{save}", "sell", "Bob", "NYC", "2", "-h"],
        ["check", "{save}", "run", "NYC", "370", "half", "paid", "19", "--help"],
    ],
    ids=" ".join,
)
def test_check_against_a_save_has_its_help_in_every_position(
    words: list[str], recorded_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`moderator check SAVE --help` was refused as a check ("`check --help` is not a
    check"); it describes the check against a save, wherever --help stands."""
    out = _help_of([w.format(save=recorded_save) for w in words], capsys)
    assert out.startswith("usage: moderator check SAVE run CO REVENUE")
    assert "Check a run or a sale against a saved game" in out
    assert "moderator check TITLE --help" in out


@pytest.mark.parametrize(
    "words",
    [["check", "--help"], ["check", "1846", "--help"], ["check", "1846", "run", "--help"]],
    ids=" ".join,
)
def test_the_calculator_s_help_names_the_save_form(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out = _help_of(words, capsys)
    assert out.startswith("usage: moderator check")
    if words[-2:] != ["run", "--help"]:
        assert "moderator check SAVE --help" in out


def test_state_names_1853_s_director(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """1853's rules call a company's lead shareholder its director (as the TUI's panel and
    the payout advisor do); the other titles' state says president."""
    for title, word in (("1853", "director"), ("1846", "president")):
        save = tmp_path / f"{title}.json"
        demo = REPO / "moderator" / "demo" / f"demo-{title}.script"
        assert main(["play", str(demo), "--save", str(save)]) == 0
        capsys.readouterr()
        assert main(["state", str(save)]) == 0
        head = next(x for x in capsys.readouterr().out.splitlines() if "┃ id" in x)
        assert f"┃ {word}" in head and ("president" in head) == (word == "president")


def test_state_heads_the_shares_columns_in_each_titles_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The companies table heads the unsold shares and the bank's with the title's words
    (1846's treasury and Stock Market, 6.73; 1830's initial offering and bank pool), not the
    script's ``ipo`` and ``pool``; the state JSON keeps its keys (the contract)."""
    for title, heads in (("1846", ("treasury", "market")), ("1830", ("offering", "pool"))):
        save = tmp_path / f"{title}.json"
        demo = REPO / "moderator" / "demo" / f"demo-{title}.script"
        assert main(["play", str(demo), "--save", str(save), "--quiet"]) == 0
        capsys.readouterr()
        assert main(["state", str(save)]) == 0
        head = next(x for x in capsys.readouterr().out.splitlines() if "┃ id" in x)
        assert all(f"┃ {word}" in head for word in heads) and "┃ ipo" not in head, head
        assert main(["state", str(save), "--json"]) == 0
        company = json.loads(capsys.readouterr().out)["companies"][0]
        assert "ipo" in company and "pool" in company
