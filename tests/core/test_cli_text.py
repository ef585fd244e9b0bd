"""Text is only text in the batch CLI (issue 20.8): the Rich tables of ``state``, the
``score``, ``project`` and ``script`` output show players' names, notes and file names
as typed, never as Rich markup (``[/]`` would raise ``MarkupError``, ``[bold]x`` would
lose its brackets), and control characters of a file name as escapes (``\\x1b``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SCRIPTS

from moderator.cli import main

NAMES = {"Amy": "[bold]x", "Bob": "[/]", "Carlos": "[@click=app.quit]q[/]"}
"""The 1846 rulebook example's players renamed with markup (names the rules accept)."""
NOTE = "[link=x]y[/link] [/] [red"


@pytest.fixture(scope="module")
def hostile_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rulebook example played with the markup names into ``games [/]/x[b] ESC.json``."""
    root = tmp_path_factory.mktemp("text")
    text = (SCRIPTS / "1846-rulebook-example.script").read_text(encoding="utf-8")
    text = re.sub(r"\b(Amy|Bob|Carlos)\b", lambda m: NAMES[m.group(1)], text)
    text += f"note {NOTE}\n"
    script = root / "[b]game.script"
    script.write_text(text, encoding="utf-8")
    folder = root / "games [/]"
    folder.mkdir(parents=True)
    save = folder / "x[b]y[red] \x1b[2J.json"
    assert main(["play", str(script), "--save", str(save), "--quiet"]) == 0
    return save


@pytest.mark.parametrize("command", ["state", "score", "project", "script"])
def test_names_print_as_typed(
    hostile_save: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, str(hostile_save)]) == 0
    out = capsys.readouterr()
    assert "\x1b" not in out.out + out.err  # nothing a terminal would act on
    text = out.out
    for name in NAMES.values():
        assert name in text, (command, name, text)
    if command == "script":
        assert f"note {NOTE}" in text


def test_a_markup_file_name_in_a_refusal_is_escaped(
    hostile_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A save that cannot be read is named in the message as it is, escapes shown."""
    broken = hostile_save.with_name("[red]x[bold \x1b]0;pwned\x07.json")
    broken.write_text("{not json", encoding="utf-8")
    code = main(["state", str(broken)])
    out = capsys.readouterr()
    assert code != 0
    assert "\x1b" not in out.out + out.err and "\x07" not in out.out + out.err
    assert "[red]x[bold \\x1b]0;pwned\\x07.json" in out.err
