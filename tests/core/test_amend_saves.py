"""A correction's keep and the save (issue 39): never written where it may not be (open
read-only while another moderator holds the lock, or ``chmod a-w``), two corrections of
one line in a row (two backups, both records), and an undo after the keep that is redone
(the record of the correction comes back with its line)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from amend_games import check_against_the_edited_script, recorded_game

from moderator.amend import amend
from moderator.errors import Refusal, SaveError
from moderator.game import Game
from moderator.lock import SaveLocked

RUN = 264
"""1830's recorded game: line 264 is ``run BO 410``, every later line applies at 420."""


@pytest.fixture
def save(tmp_path: Path) -> Path:
    game = recorded_game("1830")
    assert game.journal[RUN - 1].line == "run BO 410"
    path = tmp_path / "g.json"
    game.save(path)
    game.close()
    return path


def files(folder: Path) -> dict[str, bytes]:
    """The folder's files (not the lock, which an open game holds)."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.endswith(".lock")}


def test_a_save_another_moderator_holds_or_made_read_only_is_not_written(save: Path) -> None:
    """The correction is tried (a what-if), but its keep writes nothing, no backup either."""
    before = files(save.parent)
    holder = Game.load(save)
    try:
        with pytest.raises(SaveLocked):
            Game.load(save)
        reader = Game.load(save, read_only=True)
        done = amend(reader, RUN, "run BO 420")
        assert done.done
        with pytest.raises(SaveError, match="read-only"):
            done.keep()
        assert done.recorded is None
        assert files(save.parent) == before
    finally:
        holder.close()
    os.chmod(save, 0o444)
    try:
        game = Game.load(save)
        done = amend(game, RUN, "run BO 420")
        with pytest.raises(SaveError, match=r"read-only \(mode 0444"):
            done.keep()
        game.close()
        assert files(save.parent) == before
    finally:
        os.chmod(save, 0o644)


def test_two_corrections_of_one_line_in_a_row(save: Path) -> None:
    """Line 264 corrected twice: two backups (the second ``-2``), each holding the game as
    it was then; both records stay on the line, and the printed script replays."""
    game = Game.load(save)
    amend(game, RUN, "run BO 420").keep()
    amend(game, RUN, "run BO 430").keep()
    game.close()
    first = save.with_name(f"g.before-amend-{RUN}.json")
    second = save.with_name(f"g.before-amend-{RUN}-2.json")
    assert Game.load(first, read_only=True).journal[RUN - 1].line == "run BO 410"
    assert Game.load(second, read_only=True).journal[RUN - 1].line == "run BO 420"
    again = Game.load(save, read_only=True)
    records = again.journal[RUN - 1].amended
    assert [(r.old, r.new) for r in records] == [
        ("run BO 410", "run BO 420"),
        ("run BO 420", "run BO 430"),
    ]
    comments = [x for x in again.script().splitlines() if x.startswith("# amended line")]
    assert comments == [
        f"# amended line {RUN}: run BO 410 -> run BO 420",
        f"# amended line {RUN}: run BO 420 -> run BO 430",
    ]


def test_undo_after_the_keep_then_redo_keeps_the_record(save: Path) -> None:
    """The last line deleted: its record goes on the line before, now the last; ctrl+z
    takes that line back (its record with it: the line is not in the game), ctrl+y gives
    it again with its record, in memory and in the save."""
    game = Game.load(save)
    total = len(game.journal)
    done = amend(game, total, how="delete")
    assert done.done
    done.keep()
    assert len(game.journal) == total - 1
    assert game.journal[-1].amended[-1].comment().endswith("-> (deleted)")
    undone = game.undo()
    assert undone is not None and undone.amended
    assert not any(e.amended for e in game.journal)
    redone = game.redo()
    assert redone is not None and redone.amended == undone.amended
    game.close()
    again = Game.load(save, read_only=True)
    assert again.journal[-1].amended == undone.amended
    assert f"# amended line {total}: " in again.script()


def test_a_sandbox_undo_before_the_line_is_not_kept_and_the_record_tells_the_truth(
    save: Path,
) -> None:
    """Through the core (the TUI refuses these keys): the corrected line taken back in the
    sandbox, the record says the line went (not the text given first); a line before the
    corrected one taken back, the keep is refused (it would cut the real game earlier
    than the line its record names)."""
    game = Game.load(save)
    done = amend(game, RUN, "run BO 420")
    box = done.game
    later = [box.undo() for _ in range(len(box.journal) - RUN)]
    assert all(later) and box.journal[-1].line == "run BO 420"
    assert box.undo() is not None  # the corrected line itself
    record = done.record()
    assert record.new == "" and "run BO 410 -> (deleted)" in record.comment()
    assert box.undo() is not None  # the line before it
    with pytest.raises(Refusal, match=f"a line before line {RUN} was taken back"):
        done.keep()
    game.close()
    assert Game.load(save, read_only=True).journal[RUN - 1].line == "run BO 410"


DATA = Path(__file__).resolve().parent / "data"


def copied(tmp_path: Path, name: str) -> Path:
    """A save of ``tests/core/data`` copied where it may be written."""
    path = tmp_path / name
    path.write_bytes((DATA / name).read_bytes())
    return path


def test_a_save_moved_to_today_s_level_is_corrected_without_false_changes(
    tmp_path: Path,
) -> None:
    """A save of rules level 11 whose entries today's rules settle alike, in other words
    (1817's merger-round note of level 11), opens at today's level: its lines hold today's
    words, so a line corrected to what it was changes nothing, no later line is listed as
    changed, and the deletion of its last line is kept (its record on the line before,
    which the keep's check replays) and the save opens again."""
    path = copied(tmp_path, "level11-1817-through-the-pause.json")
    game = Game.load(path)
    total = len(game.journal)
    done = amend(game, 5, game.journal[4].line)
    assert done.done and done.unchanged() and done.changed() == [done.given[0]]
    done = amend(game, total, how="delete")
    assert done.done and [g.number for g in done.changed()] == []
    want = done.game.state_json()
    done.keep()
    game.close()
    again = Game.load(path, read_only=True)
    assert len(again.journal) == total - 1 and again.journal[-1].amended
    assert again.state_json() == want


def test_a_save_whose_writer_lacked_a_fix_stays_readable_after_a_correction(
    tmp_path: Path,
) -> None:
    """A level-3 save written by a build without ``1847AE-pass-after-or`` (its last `pass`
    recorded doing nothing, :func:`moderator.fixes.lacked_by_writer`) plays on under its
    own rules: its train purchase deleted, that `pass` is given again as its writer gave
    it; the kept save opens again (the `pass` that today's fix refuses shows the writer
    lacked it, as one that it settles otherwise does)."""
    path = copied(tmp_path, "level3-1847ae-pass-after-or.json")
    game = Game.load(path)
    total = len(game.journal)
    assert game.journal[total - 2].line == "train L 3"
    done = amend(game, total - 1, how="delete")
    assert done.done
    want = done.game.state_json()
    done.keep()
    game.close()
    again = Game.load(path, read_only=True)
    assert [e.line for e in again.journal][-1] == "pass Three"
    assert again.state_json() == want


def test_an_older_moderator_s_note_line_is_given_again_as_its_line_reads(
    tmp_path: Path,
) -> None:
    """A save written before issue 28.2 holds `note "tile #57 laid"` for the text without
    its quotes (:func:`moderator.script.legacy_note_line`), a command no line of today's
    gives back.  A correction gives the later lines again as pasted lines are given, by
    their text: the note stays, as its line reads today, and the corrected game is the
    edited script's (before: the replay stopped on the note, "would not read back")."""
    path = copied(tmp_path, "before-28.2-1846-notes.json")
    game = Game.load(path)
    lines = [e.line for e in game.journal]
    assert 'note "tile #57 laid"' in lines[2:]
    assert check_against_the_edited_script(game, 2, "delete", None)
    done = amend(game, 2, how="delete")
    assert [e.line for e in done.game.journal] == lines[:1] + lines[2:]
    want = done.game.state_json()
    done.keep()
    game.close()
    again = Game.load(path, read_only=True)
    assert again.state_json() == want
