"""The writer never accepts what the reader refuses (issue 30.1).

A 23 MB note used to be accepted, fsynced and acknowledged, and from then on nothing
opened the save (over the reader's 64 MiB).  Now a note or an adjustment's reason holds
at most ``journal.MAX_TEXT`` characters, and every bound the reader checks (the save's
size, a record's values, an entry's events) is checked before a command is accepted, with
a refusal naming it.  The property: any sequence of accepted commands leaves a save that
opens, tried with the reader's bounds made small so that the sequences reach them.  Saves
written before the bound (a longer note) still open and replay as recorded.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator import journal
from moderator.game import Game
from moderator.script import format_command, parse_line


def test_a_note_longer_than_a_note_needs_is_refused_naming_the_bound(tmp_path: Path) -> None:
    game = Game.new("1846", ["Amy", "Bob", "Carlos"], path=tmp_path / "g.json")
    outcome = game.execute("note " + "a" * 23_000_000)
    assert not outcome.ok and "at most 2,000 characters" in outcome.message
    assert "23,000,000" in outcome.message
    assert game.try_command(parse_line("note " + "a" * 2_001)) is not None  # dialogs, the bar
    assert game.execute("note " + "a" * 2_000).ok
    reason = game.execute("adjust Amy 10 " + "b" * 2_001)
    assert not reason.ok and "an adjustment's reason holds at most 2,000" in reason.message
    game.close()
    assert len(Game.load(tmp_path / "g.json", read_only=True).journal) == 1


def test_a_save_written_before_the_bound_opens_and_replays_as_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.json"
    long_note = "x" * 50_000
    monkeypatch.setattr(journal, "MAX_TEXT", 10**9)  # as before the bound
    game = Game.new("1846", ["Amy", "Bob", "Carlos"], path=path)
    assert game.execute(f"note {long_note}").ok
    game.close()
    monkeypatch.undo()
    loaded = Game.load(path)
    assert [entry.line for entry in loaded.journal] == [f"note {long_note}"]
    assert loaded.execute("note and on").ok  # played on under today's bound
    loaded.close()


OLD_SAVE = Path(__file__).parent / "data" / "before-30.1-1846-long-notes.json"
"""A format-3 save as moderator wrote it before the bound: written by ff38739 (the tree of
issue 30.1's bound, run with ``journal.MAX_TEXT`` lifted, which is the writer before the
bound) at 17:08 UTC on the day of issue 30.1.  The 1846 rulebook's setup, a note of 4,967
characters and an adjustment's reason of 2,499, each stored three times (line, command,
event), shorter notes (one typed with quotes, spaces and a comment, one not ASCII, one of a
single letter) and a short adjustment."""


def _recorded(path: Path) -> list[dict[str, object]]:
    """The entries of a save of lines as its file holds them (line, round, command, events),
    each event's ``reason`` left out (:func:`_unworded`)."""
    lines = path.read_bytes().split(b"\n")[1:]
    return _unworded([json.loads(line)["entry"] for line in lines if line])


def _unworded(entries: list[dict[str, object]]) -> list[dict[str, object]]:
    """``entries`` without their events' ``reason``: docs/saves.md, "the words need not
    be" as recorded -- a save opens with today's words and its file keeps its own (1846's
    private distribution words MS's debt and treasury otherwise since this save was
    written).  A note's text is the banker's and is compared whole."""
    for entry in entries:
        for event in entry["events"]:  # type: ignore[attr-defined]
            event.pop("reason", None)
    return entries


def _as_read(game: Game) -> list[dict[str, object]]:
    """The entries of a game as plain JSON values (tuples as lists), to compare with
    :func:`_recorded`."""
    entries = [
        {
            "line": e.line,
            "round": e.round,
            "command": e.command.model_dump(),
            "events": [ev.model_dump() for ev in e.events],
        }
        for e in game.journal
    ]
    return _unworded(json.loads(json.dumps(entries)))


def test_a_save_with_notes_over_the_bound_stored_three_times_opens_as_recorded(
    tmp_path: Path,
) -> None:
    path = tmp_path / OLD_SAVE.name
    shutil.copyfile(OLD_SAVE, path)
    recorded = _recorded(path)
    assert json.loads(path.read_bytes().split(b"\n")[0])["format_version"] == 3
    assert len(recorded[7]["command"]["text"]) == 4_967  # type: ignore[index]
    assert recorded[7]["events"] == [{"kind": "note", "text": recorded[7]["command"]["text"]}]  # type: ignore[index]
    game = Game.load(path)
    assert _as_read(game) == recorded  # every line, round, command and event as recorded
    said = json.loads(path.read_bytes().split(b"\n")[2])["entry"]["events"]
    assert [ev.get("reason") for ev in said][1::2] == [
        "pays MS's debt (3.1)",
        "initial treasury (3.23)",
    ]
    assert [ev.reason for ev in game.journal[1].events][1::2] == [  # type: ignore[union-attr]
        "MS's debt, paid with its price (3.1)",  # today's words; the file keeps its own
        "its initial treasury, its list price (3.23)",
    ]
    assert game.execute("note and on").ok  # played on under today's bound
    assert not game.execute("note " + "x" * 2_001).ok
    game.close()
    reopened = Game.load(path)
    assert _as_read(reopened)[: len(recorded)] == recorded
    assert [e.line for e in reopened.journal[len(recorded) :]] == ["note and on"]
    reopened.close()


def test_the_save_s_size_is_checked_before_a_command_is_accepted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(journal, "MAX_SAVE_BYTES", 6_000)
    path = tmp_path / "g.json"
    game = Game.new("1846", ["Amy", "Bob", "Carlos"], path=path)
    refused = None
    for k in range(100):
        outcome = game.execute(f"note {k} " + "n" * 1_000)
        if not outcome.ok:
            refused = outcome.message
            break
    assert refused is not None and "the save would grow past" in refused
    assert "the most a save may hold" in refused
    kept = len(game.journal)
    game.close()
    assert path.stat().st_size <= 6_000
    assert len(Game.load(path, read_only=True).journal) == kept


def test_a_game_saved_whole_is_never_larger_than_a_save_may_be(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game played without a save, then saved ("save as"): refused as too large rather
    than written unreadable; the game keeps its commands."""
    game = Game.new("1846", ["Amy", "Bob", "Carlos"])
    for k in range(8):
        assert game.execute(f"note {k} " + "n" * 1_000).ok
    monkeypatch.setattr(journal, "MAX_SAVE_BYTES", 6_000)
    with pytest.raises(OSError, match="more than a save may hold"):
        game.save(tmp_path / "g.json")
    assert len(game.journal) == 8 and not (tmp_path / "g.json").exists()


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)
"""Free text of any characters (control characters and ``#`` included: such a note is
refused or cut at its comment; a short one found again in the line or a name is written
in full, format 4 writing it once otherwise)."""

LINES = st.one_of(
    st.integers(0, 2_600).map(lambda n: "note " + "é" * n),
    st.integers(0, 2_600).map(lambda n: f"adjust Amy 1 {'r' * max(1, n)}"),
    TEXT.map(lambda text: "note " + text),
    TEXT.map(lambda text: "adjust Bob -1 " + text),
    st.sampled_from(["par Amy NYC 80", "buy Bob NYC", "pass Amy", "pass Bob", "pass Carlos"]),
    st.sampled_from(["note e", "note note", "adjust Amy 1 Amy", "adjust Bob 1 adjustment"]),
)


@settings(max_examples=examples(40))
@given(
    lines=st.lists(LINES, min_size=1, max_size=25),
    size=st.integers(800, 30_000),
    values=st.integers(20, 400),
)
def test_any_sequence_of_accepted_commands_leaves_a_save_that_opens(
    lines: list[str], size: int, values: int
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(journal, "MAX_SAVE_BYTES", size)
        patch.setattr(journal, "MAX_RECORD_VALUES", values)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "g.json"
            game = Game.new("1846", ["Amy", "Bob", "Carlos"], path=path)
            game.execute("remove ERIE PRR MC OI SC TBC")
            accepted = [format_command(e.command) for e in game.journal]
            for line in lines:
                outcome = game.execute(line)
                if outcome.ok and outcome.journaled:
                    accepted.append(format_command(outcome.command))  # type: ignore[arg-type]
            game.close()
            reopened = Game.load(path)  # the reader's bounds: the same small ones
            assert [format_command(e.command) for e in reopened.journal] == accepted
            assert reopened.journal == game.journal  # lines and events as played
            reopened.close()
