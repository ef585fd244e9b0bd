"""Forged and cut saves, and names that look alike (issue 42): what the CI test
(``tests/hardening/test_forged_saves.py``), the long fuzz run (``scripts/fuzz.py --saves``)
and the crash harness (``crashing.py``: a cut copy after each kill) share.

- :func:`with_key_twice`: an entry with one member of one of its objects (the entry, its
  command, one of its events, an event's payouts) written twice, with the same value or
  another; :func:`forge` puts it in a save with every checksum chained anew, as a forger
  would.  :func:`check_forged`: every reading refuses it, naming the entry and the key.
- :func:`check_cut`: a save cut at a byte is refused only inside its header; otherwise it
  opens whole (cut at a line's end, or a record whole but its newline) or as cut, with
  the warning, in the core and in ``serve``'s follower.
- :func:`check_names`: a new game refuses a player list exactly when a name has spaces
  around it or two names are one once case and Unicode's forms are set aside.
"""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path
from typing import Any

from moderator import commands as c
from moderator import journal
from moderator.errors import Refusal, SaveError
from moderator.follow import SaveFollower
from moderator.game import Game

_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def _objects(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The JSON objects of an entry, outermost first: itself, its command, its events and
    the objects inside them (a dividend's payouts)."""
    found = [entry, entry["command"]]
    for event in entry["events"]:
        found.append(event)
        found += [v for v in event.values() if isinstance(v, dict)]
    return [o for o in found if o]


def with_key_twice(raw: bytes, rng: random.Random) -> tuple[bytes, str]:
    """``raw`` (an entry's JSON as written) with one member of one of its objects written a
    second time (at the end of that object, or the start): the same value, or another.
    Returns the forged JSON and the key."""
    entry = json.loads(raw)
    target = rng.choice(_objects(entry))
    written = _COMPACT(target).encode()
    key = rng.choice(list(target))
    value = target[key]
    if rng.random() < 0.5:  # another value of a kind a reader might take
        value = rng.choice([None, 0, 1, "Amy", "OR 9.9", "note x", [], {"kind": "note"}])
    member = _COMPACT({key: value}).encode()[1:-1]
    if rng.random() < 0.5 or len(target) == 1:
        forged_object = written[:-1] + b"," + member + b"}"
    else:
        forged_object = b"{" + member + b"," + written[1:]
    if target is entry:
        return forged_object, key
    at = raw.find(written)
    assert at >= 0, "an object written otherwise than compact"
    return raw[:at] + forged_object + raw[at + len(written) :], key


def forge(data: bytes, number: int, entry: bytes) -> bytes:
    """The save ``data`` with journal entry ``number``'s JSON replaced by ``entry`` and every
    checksum chained anew from the header."""
    header, *records = data.splitlines(keepends=True)
    records[number - 1] = journal.record_line(number, entry, "")
    return header + b"".join(journal.chain(header, records))


def check_forged(path: Path, number: int, key: str) -> None:
    """Every reading of the save at ``path`` refuses it, naming entry ``number`` and
    ``key`` given twice; the file is left as it was."""
    before = path.read_bytes()
    readers = {
        "Game.load": lambda: Game.load(path, read_only=True),
        "load_save": lambda: journal.load_save(path),
        "serve": lambda: SaveFollower(path),
    }
    for name, read in readers.items():
        try:
            read()
        except SaveError as exc:
            message = str(exc)
        else:
            raise AssertionError(f"{name}: entry {number} with {key!r} twice was read")
        assert f"journal entry {number}" in message and "given twice" in message, message
        assert json.dumps(key, ensure_ascii=False) in message, message
    try:  # events left for the replay to compare are not read here: refused, or left
        journal.load_save(path, check_events=False)
    except SaveError as exc:
        assert f"journal entry {number}" in str(exc) and "given twice" in str(exc)
    assert path.read_bytes() == before


def check_cut(path: Path, data: bytes, k: int) -> str:
    """``data`` cut after its byte ``k``, at ``path``: refused only inside the header; else
    whole or cut (warned, in the core and by ``serve``'s follower).  What it was."""
    path.write_bytes(data[:k])
    header_end = data.index(b"\n") + 1
    try:
        loaded = journal.load_save(path)
    except SaveError:
        assert k < header_end, f"a save cut at byte {k} was refused"
        return "refused"
    line_start = data.rfind(b"\n", 0, k) + 1
    whole = k == line_start or data[k : k + 1] == b"\n"
    if whole:
        assert loaded.cut is None, k
        return "whole"
    assert loaded.cut is not None and loaded.cut.text == data[line_start:k], k
    follower = SaveFollower(path)
    assert any("ends in an incomplete line" in n for n in follower.notices), k
    return "cut"


def name_key(name: str) -> str:
    """What names are told apart by, written here again from the issue (not imported)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name.strip()).casefold())


def check_names(names: list[str]) -> bool:
    """A new 1846 game of ``names`` (3 to 5 safe names) is refused exactly when one has
    spaces around it or two have one key; whether it was accepted."""
    spaced = any(n != n.strip() for n in names)
    alike = len({name_key(n) for n in names}) < len(names)
    try:
        Game.from_command(c.GameCmd(title="1846", players=tuple(names)))
    except Refusal as exc:
        assert spaced or alike, f"{names!r} refused: {exc.message}"
        assert "space" in exc.message or "same name" in exc.message, exc.message
        return False
    assert not (spaced or alike), f"{names!r} accepted"
    return True


NAME_PARTS = ["Amy", "amy", "AMY", "Zoé", "Zoe\u0301", "ZOÉ", "Straße", "STRASSE", "Bob", "Ǆ", "ǅ"]
"""Names and parts of names that look alike in some way."""


def random_names(rng: random.Random) -> list[str]:
    """3 to 5 names from :data:`NAME_PARTS`, some with a space around them."""
    names = []
    for _ in range(rng.randint(3, 5)):
        name = rng.choice(NAME_PARTS) + rng.choice(["", "", str(rng.randint(1, 3))])
        if rng.random() < 0.15:
            name = rng.choice([" ", "\u00a0", "  "]) + name
        if rng.random() < 0.15:
            name += rng.choice([" ", "\u3000"])
        names.append(name)
    return names
