"""moderator.follow: a save followed read-only, and the TUI's game followed in memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from moderator.errors import SaveError
from moderator.follow import LiveGame, SaveFollower
from moderator.game import Game
from moderator.scoring import score

from .web_helpers import REPO, demo_lines, new_saved_game


def _same(source: SaveFollower | LiveGame, game: Game) -> None:
    assert source.state_json() == game.state_json()
    assert source.snapshot()["state"] == game.state_json()
    assert source.snapshot()["score"] == score(game).to_json()
    assert source.snapshot()["commands"] == len(game.journal)


@pytest.mark.parametrize("title", ["1846", "1847ae", "1853", "1830"])
def test_a_follower_keeps_up_with_commands_undo_and_rewind(tmp_path: Path, title: str) -> None:
    lines = demo_lines(title)
    game = new_saved_game(tmp_path / "g.json", title, upto=10)
    follower = SaveFollower(tmp_path / "g.json")
    live = LiveGame(game)
    _same(follower, game)
    _same(live, game)
    for line in lines[11:40]:
        assert game.execute(line).ok
        for source in (follower, live):
            assert source.refresh()
            _same(source, game)
    version = follower.version
    assert not follower.refresh() and follower.version == version  # nothing changed
    game.undo()
    game.undo()
    for source in (follower, live):
        assert source.refresh()
        _same(source, game)
    game.rewind(5)
    for source in (follower, live):
        assert source.refresh()
        _same(source, game)
    for line in lines[6:]:
        assert game.execute(line).ok
    for source in (follower, live):
        assert source.refresh()
        _same(source, game)
    assert follower.reloads == 1  # appended, cut back and appended again: never read whole
    game.close()


def test_undo_then_other_commands_between_two_looks(tmp_path: Path) -> None:
    """The file was cut back and grew again past its old size: only what still matches
    is kept (the records are compared, not only the size)."""
    lines = demo_lines("1846")
    game = new_saved_game(tmp_path / "g.json", upto=60)
    follower = SaveFollower(tmp_path / "g.json")
    game.rewind(50)
    for line in lines[51:70]:
        assert game.execute(line).ok
    assert follower.refresh()
    _same(follower, game)
    assert follower.reloads == 1
    game.close()


def test_a_follower_never_writes_nor_locks_the_save(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    new_saved_game(save, upto=30).close()
    data, mtime = save.read_bytes(), os.stat(save).st_mtime_ns
    follower = SaveFollower(save)
    follower.refresh()
    follower.snapshot()
    assert save.read_bytes() == data and os.stat(save).st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]  # no lock, no temp file
    with Game.load(save) as banker:  # the banker can still open it for writing
        assert banker.execute(demo_lines("1846")[31]).ok
        assert follower.refresh()
        _same(follower, banker)


def test_an_append_still_being_written_is_left_for_later(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    game = new_saved_game(save, upto=20)
    follower = SaveFollower(save)
    whole = save.read_bytes()
    assert game.execute(demo_lines("1846")[21]).ok
    full = save.read_bytes()
    game.close()
    save.write_bytes(full[: len(whole) + 30])  # the next record, cut short
    assert not follower.refresh()
    assert follower.snapshot()["commands"] == 20
    save.write_bytes(full)
    assert follower.refresh()
    assert follower.snapshot()["commands"] == 21


def test_another_game_written_over_the_save_is_read_whole(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    new_saved_game(save, upto=20).close()
    follower = SaveFollower(save)
    other = new_saved_game(tmp_path / "other.json", "1847ae", upto=15)
    other.close()
    os.replace(tmp_path / "other.json", save)
    assert follower.refresh()
    assert follower.snapshot()["title"] == "1847AE"
    assert follower.reloads == 2
    with Game.load(save, read_only=True) as check:
        _same(follower, check)


def test_a_damaged_save_is_reported_and_the_last_good_state_kept(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    new_saved_game(save, upto=20).close()
    follower = SaveFollower(save)
    good = follower.state_json()
    data = save.read_bytes()
    save.write_bytes(data.replace(b'"number":20', b'"number":21'))
    assert follower.refresh()
    snap = follower.snapshot()
    assert "journal entry 20" in snap["error"]
    assert snap["state"] == good
    assert not follower.refresh()  # the same damaged file is not read again and again
    save.write_bytes(data)
    assert follower.refresh()
    assert follower.snapshot()["error"] is None


def test_a_save_that_cannot_be_opened_is_refused_with_the_reason(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such save file"):
        SaveFollower(tmp_path / "missing.json")


def test_the_snapshot_has_the_receipts_and_the_log(saved_game: Game) -> None:
    live = LiveGame(saved_game)
    snap = live.snapshot()
    last_run = next(e for e in reversed(saved_game.journal) if e.command.kind == "run")
    receipt = snap["receipts"][0]
    assert receipt["line"] == last_run.line
    index = saved_game.journal.index(last_run)
    cmd = last_run.command
    expected = saved_game.ruleset.receipt(
        saved_game.replay(index),
        cmd.company,
        cmd.revenue,
        cmd.option,
        cmd.mail,  # type: ignore[union-attr]
    )
    assert receipt["lines"] == expected.text().splitlines()
    assert len(snap["receipts"]) == 3
    assert [e["line"] for e in snap["log"]] == [e.line for e in saved_game.journal[::-1][:40]]
    outcome = saved_game.execute("run PRR 100 full")
    assert live.refresh()
    snap = live.snapshot()
    assert snap["receipts"][0]["lines"] == outcome.receipt.text().splitlines()  # type: ignore[union-attr]
    json.dumps(snap)  # plain JSON all through


def test_following_the_live_game_changes_nothing_in_it(saved_game: Game) -> None:
    state = saved_game.state_json()
    journal = list(saved_game.journal)
    live = LiveGame(saved_game)
    saved_game.execute("run PRR 100 full")
    live.refresh()
    live.snapshot()
    saved_game.undo()
    live.refresh()
    live.snapshot()
    assert saved_game.state_json() == state
    assert saved_game.journal == journal


def test_changed_calls_the_listeners(saved_game: Game) -> None:
    live = LiveGame(saved_game)
    calls: list[int] = []

    def listener() -> None:
        calls.append(1)

    live.add_listener(listener)
    live.changed()
    live.remove_listener(listener)
    live.changed()
    assert calls == [1]


PROBE = """
import json, sys
import moderator.follow
bad = ("textual", "starlette", "uvicorn", "jinja2")
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in bad)))
"""


def test_the_follower_is_core_no_textual_no_web() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_the_web_package_does_not_load_textual(tmp_path: Path) -> None:
    """Not on import, nor when ``serve_main`` looks for the newest save."""
    probe = PROBE.replace(
        "import moderator.follow",
        "import moderator.web.__main__\n"
        f"assert moderator.web.serve_main(None, {str(tmp_path)!r}, lan=False, port=0) == 2",
    ).replace('("textual", "starlette", "uvicorn", "jinja2")', '("textual",)')
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_an_older_save_s_note_lines_are_followed_as_recorded(tmp_path: Path) -> None:
    """Issue 28.2: a save written before notes were kept as typed has note lines such as
    `note "a  b"` for the text `a  b`; followed as it grows, they read as recorded."""
    fixture = REPO / "tests" / "core" / "data" / "before-28.2-1846-notes.json"
    records = fixture.read_bytes().splitlines(keepends=True)
    save = tmp_path / "old.json"
    save.write_bytes(b"".join(records[:4]))  # the header and three records
    follower = SaveFollower(save)
    assert follower.snapshot()["commands"] == 3
    save.write_bytes(b"".join(records))
    assert follower.refresh()
    whole = Game.load(save, read_only=True)
    _same(follower, whole)
    notes = [e["line"] for e in follower.snapshot()["log"] if e["line"].startswith("note")]
    assert notes == [e.line for e in reversed(whole.journal) if e.line.startswith("note")]
    assert 'note "a  b"' in notes
    whole.close()


@pytest.mark.parametrize("title", ["1846", "1847ae", "1853", "1830"])
def test_a_copy_of_the_followed_game_exports_as_the_game(tmp_path: Path, title: str) -> None:
    """Issue 28.7: ``game_copy`` (what the table view's downloads export) is the game as
    last read, read-only, sharing nothing that changes: its export is the game's own."""
    from moderator import export

    game = new_saved_game(tmp_path / "g.json", title, upto=30)
    follower = SaveFollower(tmp_path / "g.json")
    live = LiveGame(game)
    for source in (follower, live):
        copy = source.game_copy()
        assert copy.read_only and copy.path is None
        assert copy.journal == game.journal and copy.journal is not game.journal
        assert copy.state is not game.state
        assert copy.state_json() == game.state_json()
        assert export.csv_files(copy) == export.csv_files(game)
        assert not copy.execute(demo_lines(title)[31]).ok  # read-only: nothing applied
    before = live.game_copy()
    assert game.execute(demo_lines(title)[31]).ok
    assert len(before.journal) == 30  # a copy stays as it was taken
    game.close()


def test_a_copy_of_a_save_written_without_a_fix_replays_as_its_writer_played(
    tmp_path: Path,
) -> None:
    """A level-3 save whose writer lacked ``1847AE-pass-after-or`` (its entry 19, a `pass`
    that did nothing, tests/core/test_old_saves_open.py) replays without the fix from the
    start: the table view's copy does too, its first checkpoint carrying the mark."""
    from moderator.fixes import WRITTEN_WITHOUT

    data = Path(__file__).parents[1] / "core" / "data" / "level3-1847ae-pass-after-or.json"
    save = tmp_path / "g.json"
    save.write_bytes(data.read_bytes())
    game = Game.load(save, read_only=True)
    follower = SaveFollower(save)
    for source in (follower, LiveGame(game)):
        copy = source.game_copy()
        assert copy.initial_state().extra[WRITTEN_WITHOUT] == ("1847AE-pass-after-or", 3)
        replayed = copy.replay(len(copy.journal))
        assert copy.round_label(replayed) == "OR 1.1"  # the pass still did nothing
        assert copy.state_json() == game.state_json()
    game.close()
