"""A save written by an older moderator opens when today's moderator words its lines
differently (the ``reason`` of an event, the rules' notes): the money, certificates,
trains, prices and rounds must be the same, the words are today's.

``data/before-wording-1853-managers.json`` was written by main fb81307 (rules level 4)
from ``tests/scripts/1853-managers-sold-out.script``: its note for NWR's manager after
the sell-out says "No player holds two NWR shares", which today's moderator words as
"No player holds an NWR share: the Elephant's holder ... (3.4.1)".  Before wording
differences were allowed it was refused as "no longer replays the same way".
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_save_text_once import _rewrite

from moderator.errors import SaveError
from moderator.events import CashMoved, Noted
from moderator.game import Game

DATA = Path(__file__).parent / "data"
OLD_1853 = DATA / "before-wording-1853-managers.json"
OLD_ARROW = DATA / "before-arrow-1847ae-rammelsbach.json"
"""Written by main 5a56513 (rules level 11) from the first 160 lines of
``tests/scripts/1847ae-quarries-investors.script``, its last ``income R 50``: the note reads
"Rammelsbach's income M30 -> M50 (4.2)", today "M30 → M50" (``moderator.text.MOVED``)."""


def _edit_events(path: Path, number: int, edit: Callable[[list[dict[str, Any]]], None]) -> None:
    """Edit journal entry ``number``'s events in place, every checksum mended (as an older
    moderator would have written them, or a forger)."""
    lines = path.read_bytes().split(b"\n")[:-1]
    record = json.loads(lines[number])
    edit(record["entry"]["events"])
    lines[number] = json.dumps(record, separators=(",", ":")).encode()
    _rewrite(path, lines)


def test_an_older_moderators_1853_save_opens_with_todays_words(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    shutil.copy(OLD_1853, path)
    game = Game.load(path)
    notes = [e.text for entry in game.journal for e in entry.events if isinstance(e, Noted)]
    assert any("the Elephant's holder" in text for text in notes)
    assert game.execute("note the table checked NWR").ok  # plays on, appended
    game.close()
    again = Game.load(path)  # and opens again after today's write
    assert len(again.journal) == len(game.journal)
    again.close()


def _played(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    game = Game.new("1846", ["Amy", "Bob", "Cy"], path=path)
    assert game.execute("remove ERIE PRR MC OI SC TBC").ok
    assert game.execute("adjust Amy 10 found under the board").ok
    assert game.execute("note kept as typed").ok
    game.close()
    return path


def test_a_reason_worded_otherwise_opens_with_todays_words(tmp_path: Path) -> None:
    path = _played(tmp_path)

    def reword(events: list[dict[str, Any]]) -> None:
        worded = [e for e in events if "reason" in e]
        assert worded
        for event in worded:
            event["reason"] = "older words: " + event["reason"]

    _edit_events(path, 1, reword)
    game = Game.load(path, read_only=True)
    assert not any(
        getattr(e, "reason", "").startswith("older words") for e in game.journal[0].events
    )


def test_money_otherwise_is_still_refused(tmp_path: Path) -> None:
    path = _played(tmp_path)

    def more(events: list[dict[str, Any]]) -> None:
        for event in events:
            if event["kind"] == "cash":
                event["amount"] += 1

    _edit_events(path, 2, more)
    with pytest.raises(SaveError, match="journal entry 2 .*no longer replays the same way"):
        Game.load(path, read_only=True)


def test_a_notes_own_text_is_still_refused(tmp_path: Path) -> None:
    """A ``note`` line's event is the banker's text, not the program's words."""
    path = _played(tmp_path)

    def another(events: list[dict[str, Any]]) -> None:
        events[:] = [{"kind": "note", "text": "another text"}]

    _edit_events(path, 3, another)
    with pytest.raises(SaveError, match="journal entry 3 .*no longer replays the same way"):
        Game.load(path, read_only=True)


def test_the_adjustments_reason_is_todays(tmp_path: Path) -> None:
    """An adjustment's cash line worded otherwise opens; the reason shown is the line's."""
    path = _played(tmp_path)

    def forge(events: list[dict[str, Any]]) -> None:
        for event in events:
            if event["kind"] == "cash":
                event["reason"] = "forged words"

    _edit_events(path, 2, forge)
    game = Game.load(path, read_only=True)
    cash = [e for e in game.journal[1].events if isinstance(e, CashMoved)]
    assert cash and all("forged" not in e.reason for e in cash)


def test_an_1847ae_save_with_the_old_arrow_opens_and_plays_on(tmp_path: Path) -> None:
    """Rammelsbach's income note written with ``->`` by main: the save opens, replays, holds
    today's ``→`` and plays on; a new income line is written with ``→`` too."""
    path = tmp_path / "old.json"
    shutil.copy(OLD_ARROW, path)
    assert b"Rammelsbach's income M30 -> M50 (4.2)" in path.read_bytes()
    game = Game.load(path)
    last = game.journal[-1]
    assert last.line == "income R 50"
    assert [e.text for e in last.events if isinstance(e, Noted)] == [
        "Rammelsbach's income M30 → M50 (4.2)"
    ]
    done = game.execute("income R 30")
    assert done.ok, done.message
    game.close()
    again = Game.load(path)  # opens again after today's write, both spellings in the file
    assert len(again.journal) == len(game.journal)
    texts = [e.text for e in again.journal[-1].events if isinstance(e, Noted)]
    assert texts == ["Rammelsbach's income M50 → M30 (4.2)"]
    again.close()
