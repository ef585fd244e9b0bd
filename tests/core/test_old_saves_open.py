"""Saves written by earlier moderators open in today's: "what the writer accepts the reader
always opens".

``data/level2-1847ae-pass-after-or.json`` is a real save of rules level 2, written by
commit 10598a0 (a worktree of it, run with ``moderator play
tests/scripts/1847ae-recorded-game-end-bankrupt.script --save``; that build refused the
script's line 26, so the save holds its first 19 commands).  Its entry 19, ``pass
Three`` in OR 1.1 after L (the round's only corporation) has run, did nothing in that
build (no event at all): Three had been passed by the tool to end stock round 1, and the
tool took his ``pass`` as that one again.  Since commit de16d43 (first released at rules
level 3) that line opens stock round 2 as Three's pass, so the save was refused as "no
longer replays the same way".  It now replays as recorded at its level, and names the
entry and the fix ``1847AE-pass-after-or``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from moderator.cli import main
from moderator.errors import Refusal, SaveError
from moderator.fixes import FIXES
from moderator.game import Game
from moderator.journal import header_line, line_digest, record_entry, record_line
from moderator.saves_index import DEMO_SCRIPTS, demo_script

DATA = Path(__file__).parent / "data"
PASS_AFTER_OR = "level2-1847ae-pass-after-or.json"


def test_the_fixture_is_a_level_2_save() -> None:
    head = json.loads((DATA / PASS_AFTER_OR).read_bytes().split(b"\n", 1)[0])
    assert (head["title"], head["rules_level"], head["format_version"]) == ("1847AE", 2, 4)


def test_a_level_2_pass_that_did_nothing_replays_as_recorded() -> None:
    game = Game.load(DATA / PASS_AFTER_OR, read_only=True)
    assert game.rules_level == 2 and len(game.journal) == 19
    last = game.journal[-1]
    assert (last.line, last.round, last.events) == ("pass Three", "OR 1.1", ())
    assert game.round_label() == "OR 1.1", "the pass opened no stock round"
    difference = game.rules_difference
    assert difference is not None and difference.number == 19
    assert FIXES["1847AE-pass-after-or"] in difference.fixes
    assert "Stock round 2 begins" in difference.what
    (notice,) = game.notices()
    assert "journal entry 19 (`pass Three`" in notice and "1847 AE 8:" in notice


def test_state_opens_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["state", str(DATA / PASS_AFTER_OR)]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "played under older rules" in err and "no longer replays" not in err


@pytest.mark.parametrize("level", [2, 3])
def test_the_upgrade_plays_the_pass_under_todays_rules(level: int, tmp_path: Path) -> None:
    """A rewind to before the entry, then the same line: today it opens stock round 2 (the
    level-2 fixture, and the same rewritten as a level-3 save of main before de16d43)."""
    path = tmp_path / PASS_AFTER_OR
    if level == 2:
        shutil.copyfile(DATA / PASS_AFTER_OR, path)
    else:
        _at_level(3, path)
    with Game.load(path) as game:
        assert game.upgrade() is not None and len(game.journal) == 18
        assert game.execute("pass Three").ok
        assert game.round_label() == "SR 2"
    again = Game.load(path, read_only=True)
    assert again.rules_difference is None and again.round_label() == "SR 2"


def _at_level(level: int, target: Path) -> Path:
    """The level-2 fixture with its header saying ``level``, every record chained anew: what
    one of the main commits of 29 Nov 04:43-05:41 (rules level 3 without de16d43) wrote
    for the same lines."""
    lines = (DATA / PASS_AFTER_OR).read_bytes().splitlines(keepends=True)
    head = json.loads(lines[0])
    out = [header_line(head["title"], head["players"], level, head["program"], 4)]
    for number, record in enumerate(lines[1:], start=1):
        out.append(record_line(number, record_entry(record), line_digest(out[-1])))
    target.write_bytes(b"".join(out))
    return target


LEVEL_3 = "level3-1847ae-pass-after-or.json"
"""A real save written by main's 454f22c (29 Nov 04:43, rules level 3, before de16d43),
``moderator play --save`` of the same script as the level-2 fixture: the same 19 entries."""


@pytest.mark.parametrize("made", ["rewritten", "written by 454f22c"])
def test_a_level_3_save_written_without_the_pass_fix_opens_as_recorded(
    made: str, tmp_path: Path
) -> None:
    """Entry 19 shows its writer lacked ``1847AE-pass-after-or`` (a `pass` in the set's
    last operating round, no event recorded, where the fix opens stock round 2): the game
    replays without it, every entry compared, and the notice names that fix first."""
    path = _at_level(3, tmp_path / "level3.json") if made == "rewritten" else DATA / LEVEL_3
    game = Game.load(path, read_only=True)
    assert game.rules_level == 3 and len(game.journal) == 19
    assert game.journal[-1].events == () and game.round_label() == "OR 1.1"
    difference = game.rules_difference
    assert difference is not None and difference.number == 19
    assert difference.fixes[0] is FIXES["1847AE-pass-after-or"]
    (notice,) = game.notices()
    assert "journal entry 19 (`pass Three`" in notice and "1847 AE 8: once a company" in notice


def test_it_plays_on_at_its_level_and_reopens(tmp_path: Path) -> None:
    path = _at_level(3, tmp_path / "level3.json")
    with Game.load(path) as game:
        assert game.execute("note played on under its own rules").ok
    again = Game.load(path, read_only=True)
    assert again.rules_level == 3 and len(again.journal) == 20
    assert again.rules_difference is not None and again.rules_difference.number == 19


def test_the_same_entry_at_level_4_is_still_refused(tmp_path: Path) -> None:
    """Every level-4 build had de16d43: there such an entry is an edited file."""
    path = _at_level(4, tmp_path / "level4.json")
    with pytest.raises(SaveError, match="entry 19 .* no longer replays the same way"):
        Game.load(path, read_only=True)


CHESAPEAKE = "level3-18chesapeake-pass-after-or.json"
"""A real save written by main's b915203 (the merge bringing 1889 and 18Chesapeake, 29 Nov
05:37, rules level 3, four minutes before de16d43 reached main), ``moderator play --save``
of ``tests/scripts/18chesapeake-recorded-1905.script``: that build refused line 56, so the
save holds 49 entries, the last ``pass Two`` in OR 1.1 (a set of one operating round) taken
as the pass the tool had made to end stock round 1."""


def test_a_level_3_18chesapeake_save_of_main_before_de16d43_opens_as_recorded(
    tmp_path: Path,
) -> None:
    game = Game.load(DATA / CHESAPEAKE, read_only=True)
    assert game.rules_level == 3 and len(game.journal) == 49
    last = game.journal[-1]
    assert (last.line, last.round, last.events) == ("pass Two", "OR 1.1", ())
    assert game.round_label() == "OR 1.1"
    difference = game.rules_difference
    assert difference is not None and difference.number == 49
    assert difference.fixes[0] is FIXES["18Chesapeake-pass-after-or"]
    path = tmp_path / CHESAPEAKE
    shutil.copyfile(DATA / CHESAPEAKE, path)
    with Game.load(path) as game:  # played on under today's rules from before the line
        assert game.upgrade() is not None and len(game.journal) == 48
        assert game.execute("pass Two").ok and game.round_label() == "SR 2"


# The longest names, the largest amounts and the longest texts the writer accepts: the
# save reopens (every title's demo, its players renamed; then a game at the title's most
# players).  Each name is 40 characters (MAX_NAME_LENGTH) of a kind that JSON, the
# script's quoting or a terminal treat apart: astral (a surrogate pair each in the file),
# combining accents, right to left, a script's comment and escape characters, wide CJK.
NAME_KINDS = (
    "\U0001f600" * 39,
    "e\u0301" * 19 + "x",
    "\u05d0\u05d1" * 19 + "Z",
    "\\" * 20 + "'" * 10 + "#;%$" * 2 + "Q",
    "山" * 39,
    "Ω" * 39,
    "A" * 39,
    "\u00e9" * 39,
)


def _names(count: int) -> list[str]:
    return [NAME_KINDS[i] + str(i) for i in range(count)]


def _quoted(line: str, names: dict[str, str]) -> str:
    return " ".join(f'"{names[w]}"' if w in names else w for w in line.split())


def _cash(game: Game, name: str) -> int:
    return next(p["cash"] for p in game.state_json()["players"] if p["name"] == name)


def _the_largest(game: Game, name: str) -> list[str]:
    """The bank's whole cash to ``name``, then all of his back (capped at the largest
    amount a line takes), a reason and a note of the longest text."""
    amount = min(game.state_json()["bank"]["cash"] or MAX_AMOUNT, MAX_AMOUNT)  # 1817: no limit
    lines = [f'adjust "{name}" {amount} ' + "r" * MAX_TEXT]
    assert game.execute(lines[0]).ok, lines[0]
    back = min(_cash(game, name), MAX_AMOUNT)
    lines.append(f'adjust "{name}" -{back} ' + "\U0001f600" * MAX_TEXT)
    lines.append("note " + "\u0301" * MAX_TEXT)
    for line in lines[1:]:
        assert game.execute(line).ok, line[:60]
    return lines


def _reopens(path: Path, game: Game) -> None:
    state = game.state_json()
    lines = [e.line for e in game.journal]
    game.close()
    again = Game.load(path, read_only=True)
    assert [e.line for e in again.journal] == lines
    assert again.state_json() == state and again.notices() == []


MAX_AMOUNT = 999_999
MAX_TEXT = 2_000


@pytest.mark.parametrize("title", sorted(DEMO_SCRIPTS))
def test_a_demo_with_the_longest_names_and_largest_amounts_reopens(
    title: str, tmp_path: Path
) -> None:
    lines = demo_script(DEMO_SCRIPTS[title]).splitlines()
    words = next(x for x in lines if x.startswith("game ")).split()[1:]
    players = Game.new(words[0], words[1:]).players
    names = dict(zip(players, _names(len(players)), strict=True))
    path = tmp_path / "g.json"
    game = Game.new(words[0], [names.get(w, w) for w in words[1:]], path=path)
    for line in lines:
        if line.strip() and not line.startswith(("#", "game ", "expect ")):
            outcome = game.execute(_quoted(line, names))
            assert outcome.ok, (line, outcome.message)
    _the_largest(game, names[players[0]])
    _reopens(path, game)


@pytest.mark.parametrize(
    "title", ["1846", "1847AE", "1847Pfalz", "1847RRRRB", "1853", "1830", "1889", "1817"]
)
def test_a_game_of_the_most_players_with_the_longest_names_reopens(
    title: str, tmp_path: Path
) -> None:
    most = {"1853": 6, "1830": 6, "1889": 6, "1817": 7}.get(title, 5)
    path = tmp_path / "g.json"
    game = Game.new(title, _names(most), path=path)
    with pytest.raises(Refusal):
        Game.new(title, _names(most + 1))
    if title.startswith("1847") and title != "1847AE":  # the box's values first (11.1)
        for line in ("box SPR 170", "box SPR.income 10", "box confirm"):
            assert game.execute(line).ok, line
    for name in game.players:
        assert game.execute(f'adjust "{name}" 1 a').ok
    _the_largest(game, game.players[-1])
    _reopens(path, game)
