"""Crafted saves against the one retry of an old save written without a fix
(:func:`moderator.fixes.lacked_by_writer`, ``Game._replay_save(..., lacked=...)``): a save
opens only when it replays exactly as written, with the fix or without the one its writer
lacked; anything else is refused with a message naming the entry, never a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from moderator.cli import main
from moderator.errors import SaveError
from moderator.fixes import FIXES, RULES_LEVEL, lacked_by_writer
from moderator.game import Game
from moderator.journal import entry_json, header_line, line_digest, record_entry, record_line

DATA = Path(__file__).parent.parent / "core" / "data"
LEVEL_2 = DATA / "level2-1847ae-pass-after-or.json"
"""19 entries, the last ``pass Three`` in OR 1.1 recorded with no event (a writer
without ``1847AE-pass-after-or``)."""


def forged(target: Path, level: int, entries: list[bytes | str], title: str | None = None) -> Path:
    """A save of ``entries`` under a header of ``level`` (the fixture's title and players
    unless ``title``), every checksum chained anew: what a forger who recomputes the chain
    writes."""
    head = json.loads(LEVEL_2.read_bytes().split(b"\n", 1)[0])
    out = [header_line(title or head["title"], head["players"], level, head["program"], 4)]
    for number, entry in enumerate(entries, start=1):
        out.append(record_line(number, entry, line_digest(out[-1])))
    target.write_bytes(b"".join(out))
    return target


def recorded() -> list[bytes]:
    return [record_entry(r) for r in LEVEL_2.read_bytes().splitlines(keepends=True)[1:]]


@pytest.fixture(scope="module")
def played_on_with_the_fix(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The entries a build with the fix writes after the fixture's 19 (the pass opening
    stock round 2, then a sale in it)."""
    path = tmp_path_factory.mktemp("upgraded") / "game.json"
    shutil.copyfile(LEVEL_2, path)
    with Game.load(path) as game:
        assert game.upgrade() is not None
        assert game.execute("pass Three").ok and game.round_label() == "SR 2"
        assert game.execute("sell Four LFK 1").ok
        return [entry_json(entry) for entry in game.journal[18:]]


def test_a_lacking_entry_followed_by_entries_of_a_build_with_the_fix_is_refused(
    tmp_path: Path, played_on_with_the_fix: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Entry 19 as a writer without the fix wrote it, entry 20 as one with it (SR 2's
    sale): it replays neither way.  One retry only, and the refusal names the first entry
    that does not replay (19), the fix tried, and where the retry stopped (20)."""
    path = forged(tmp_path / "mixed.json", 3, [*recorded(), played_on_with_the_fix[1]])
    calls = []
    replay = Game._replay_save.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Game], *args: object, **kwargs: object) -> Game:
        calls.append(kwargs.get("lacked"))
        return replay(cls, *args, **kwargs)

    monkeypatch.setattr(Game, "_replay_save", classmethod(counted))
    with pytest.raises(SaveError) as refused:
        Game.load(path, read_only=True)
    assert calls == [None, "1847AE-pass-after-or"]
    message = str(refused.value)
    assert "journal entry 19 (`pass Three`) no longer replays the same way" in message
    assert "nor without the fix 1847AE-pass-after-or" in message
    assert "journal entry 20 (`sell Four LFK 1`)" in message
    assert message.endswith("; the file was left untouched")


def test_the_fixed_way_after_a_level_3_header_opens_as_written(
    tmp_path: Path, played_on_with_the_fix: list[str]
) -> None:
    """The same 20 entries all written by a build with the fix (the pass opening stock
    round 2): no retry is needed, the save opens at level 3 as written."""
    with_fix = [*recorded()[:18], *played_on_with_the_fix]
    path = forged(tmp_path / "fixed.json", 3, with_fix)
    game = Game.load(path, read_only=True)
    assert game.rules_level >= 3 and len(game.journal) == 20
    assert game.round_label() == "SR 2"


@pytest.mark.parametrize("level", [4, 6, RULES_LEVEL])
def test_the_lacking_entry_under_a_later_level_is_refused(tmp_path: Path, level: int) -> None:
    path = forged(tmp_path / f"level{level}.json", level, recorded())
    with pytest.raises(SaveError, match=r"entry 19 \(`pass Three`\) no longer replays") as refused:
        Game.load(path, read_only=True)
    assert "nor without" not in str(refused.value)  # no retry above level 3


@pytest.mark.parametrize("level", [RULES_LEVEL + 1, 10**6])
def test_a_newer_level_header_is_refused_before_any_replay(tmp_path: Path, level: int) -> None:
    path = forged(tmp_path / "newer.json", level, recorded())
    with pytest.raises(SaveError, match=f"played under rules level {level}.*Upgrade moderator"):
        Game.load(path, read_only=True)


def test_no_traceback_from_the_command_line(
    tmp_path: Path, played_on_with_the_fix: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    for level in (3, 4, RULES_LEVEL + 1):
        path = forged(
            tmp_path / f"cli{level}.json", level, [*recorded(), played_on_with_the_fix[1]]
        )
        assert main(["state", str(path)]) != 0
        out = capsys.readouterr()
        assert "Traceback" not in out.err + out.out
        assert str(path) in out.err


def test_the_retry_is_only_for_a_pass_in_an_operating_round_of_a_title_with_the_row() -> None:
    level = FIXES["1847AE-pass-after-or"].level
    assert lacked_by_writer("1847AE", level, "pass", "OR 1.1", (), 3) == "1847AE-pass-after-or"
    assert lacked_by_writer("18Chesapeake", level, "pass", "OR 2.1", (), 1) is not None
    for title in ("1830", "1817", "1889", "1846-2e", "no such title", ""):
        assert lacked_by_writer(title, level, "pass", "OR 1.1", (), 3) is None, title
    for other_level in (0, 2, 4, RULES_LEVEL, -1):
        assert lacked_by_writer("1847AE", other_level, "pass", "OR 1.1", (), 3) is None
    assert lacked_by_writer("1847AE", level, "buy", "OR 1.1", (), 3) is None
    assert lacked_by_writer("1847AE", level, "pass", "SR 2", (), 3) is None
    assert lacked_by_writer("1847AE", level, "pass", "", (), 3) is None
    assert lacked_by_writer("1847AE", level, "pass", "OR 1.1", ("an event",), 3) is None
    assert lacked_by_writer("1847AE", level, "pass", "OR 1.1", (), 0) is None


def test_the_lacking_shape_in_a_title_without_the_row_is_refused(tmp_path: Path) -> None:
    """The fixture's entries under an 1847 Pfalz header (a title with the row) are
    refused at their first entry, under the title's own rules: never a retry's crash."""
    path = forged(tmp_path / "pfalz.json", 3, recorded(), title="1847Pfalz")
    with pytest.raises(SaveError, match="journal entry 1 "):
        Game.load(path, read_only=True)
