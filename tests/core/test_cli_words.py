"""The command line read without argparse (issue 41): ``moderator play`` and ``state`` of a
plain command line are read by ``cli._simple_words``, which must read every command line
it accepts as argparse does, and leave every other one (``--help``, abbreviations, errors)
to argparse, with its messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import REPO, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator import cli

WORDS = (
    "play",
    "state",
    "score",
    "a.script",
    "b.json",
    "--json",
    "--quiet",
    "--force",
    "--save",
    "--js",
    "--sa",
    "--save=c.json",
    "--saves",
    "-",
    "--",
    "",
    "-h",
    "--help",
    "-1",
)


def _agrees(words: list[str]) -> bool:
    """Whether ``_simple_words`` reads ``words`` as argparse does (``True``), or leaves
    them to argparse (``False``); fails where it reads them otherwise."""
    simple = cli._simple_words(words)
    if simple is None:
        return False
    args = cli._parser().parse_args(words)  # no error and no help: argparse accepts them
    command, path, flags, save = simple
    assert args.cmd == command
    assert args.json == ("--json" in flags)
    if command == "play":
        assert (args.script, args.save) == (path, save)
        assert (args.quiet, args.force) == ("--quiet" in flags, "--force" in flags)
    else:
        assert (args.save, save) == (path, None)
    return True


@pytest.mark.parametrize(
    "words",
    [
        ["play", "g.script"],
        ["play", "g.script", "--json"],
        ["play", "--json", "g.script"],
        ["play", "g.script", "--save", "s.json", "--force", "--quiet"],
        ["play", "--save", "s.json", "g.script"],
        ["state", "s.json"],
        ["state", "--json", "s.json"],
    ],
)
def test_a_plain_command_line_is_read_without_argparse(words: list[str]) -> None:
    assert _agrees(words)


@pytest.mark.parametrize(
    "words",
    [
        [],
        ["play"],
        ["play", "--help"],
        ["play", "g.script", "-h"],
        ["play", "g.script", "--js"],
        ["play", "g.script", "--save=s.json"],
        ["play", "g.script", "--save"],
        ["play", "g.script", "--save", "--json"],
        ["play", "g.script", "--save", "a.json", "--save", "b.json"],
        ["play", "g.script", "--json", "--json"],
        ["play", "g.script", "h.script"],
        ["play", "--", "g.script"],
        ["play", "-"],
        ["play", ""],
        ["state", "s.json", "--save", "t.json"],
        ["state", "s.json", "--quiet"],
        ["--saves", "x", "play", "g.script"],
        ["score", "s.json"],
    ],
)
def test_anything_else_is_left_to_argparse(words: list[str]) -> None:
    assert cli._simple_words(words) is None


@settings(max_examples=examples(300))
@given(st.sampled_from(("play", "state")), st.lists(st.sampled_from(WORDS), max_size=5))
def test_what_is_read_without_argparse_is_what_argparse_reads(
    command: str, rest: list[str]
) -> None:
    _agrees([command, *rest])


def test_an_argparse_error_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["play", "g.script", "--jsn"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: moderator [-h]")
    assert "unrecognized arguments: --jsn" in err


def test_a_plain_play_reads_its_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "g.script"
    script.write_text("game 1830 Amy Bob Cy\npass Amy\n", encoding="utf-8")
    assert cli.main(["play", str(script), "--json", "--quiet"]) == 0
    assert '"title": "1830"' in capsys.readouterr().out


def test_play_gives_the_collector_its_thresholds_back(tmp_path: Path) -> None:
    """``play`` collects less often while it plays, and only then: after a script played
    or refused, the collector's thresholds are as they were."""
    import gc

    before = gc.get_threshold()
    script = tmp_path / "g.script"
    for text, status in (("game 1830 Amy Bob Cy\npass Amy\n", 0), ("game 1830 Amy Bob Cy\nx\n", 1)):
        script.write_text(text, encoding="utf-8")
        assert cli.main(["play", str(script), "--quiet"]) == status
        assert gc.get_threshold() == before


def test_a_refusal_late_in_a_script_prints_the_state_without_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play`` keeps no checkpoints (issue 41): a line refused after hundreds of accepted
    ones rebuilds the state from the start, and the JSON printed is the game without it,
    as when the script stops just before it."""
    lines = (REPO / "tests" / "scripts" / "1830-recorded-26855.script").read_text().splitlines()
    head = tmp_path / "head.script"
    head.write_text("\n".join(lines[:300]) + "\n", encoding="utf-8")
    assert cli.main(["play", str(head), "--json"]) == 0
    expected = json.loads(capsys.readouterr().out)
    refused = tmp_path / "refused.script"
    refused.write_text("\n".join([*lines[:300], "par Nobody PRR 100"]) + "\n", encoding="utf-8")
    assert cli.main(["play", str(refused), "--json"]) == 1
    captured = capsys.readouterr()
    assert "line 301: refused" in captured.err
    assert json.loads(captured.out) == expected
