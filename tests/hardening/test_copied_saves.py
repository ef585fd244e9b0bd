"""A save gone through a tool that copies files as text (the hardening audit): line ends
made CR LF, a byte-order mark put in front, UTF-16.  Each is refused, naming what the
tool did and what to do, and the file is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import RULEBOOK_SETUP, play

from moderator.errors import SaveError
from moderator.game import Game
from moderator.saves_index import summarize


@pytest.mark.parametrize(
    ("convert", "said"),
    [
        (lambda data: data.replace(b"\n", b"\r\n"), "its lines end in CR LF"),
        (lambda data: b"\xef\xbb\xbf" + data, "it begins with a byte-order mark"),
        (lambda data: data.decode().encode("utf-16"), "it begins with a byte-order mark"),
    ],
    ids=["crlf", "bom", "utf-16"],
)
def test_a_save_copied_as_text_is_refused_naming_the_copy(
    tmp_path: Path, convert: object, said: str
) -> None:
    path = tmp_path / "game.json"
    play(RULEBOOK_SETUP, path=path).close()
    converted = convert(path.read_bytes())  # type: ignore[operator]
    path.write_bytes(converted)
    for write in (False, True):
        with pytest.raises(SaveError, match=said) as refused:
            Game.load(path, read_only=not write)
        assert "copy the save again as a binary file" in str(refused.value)
    assert said in (summarize(path).error or "")
    assert path.read_bytes() == converted
