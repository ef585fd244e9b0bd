"""What-if sandboxes (issue 32): a copy at any line, never saved; keep and discard."""

from __future__ import annotations

import hashlib
import json
import os
import random
from functools import cache
from pathlib import Path

import pytest

from moderator import commands as c
from moderator.checker import check
from moderator.errors import Refusal, SaveError
from moderator.game import Game
from moderator.journal import new_entry
from moderator.sandbox import Comparison, Row, compare, open_sandbox
from moderator.scoring import project, score
from moderator.simulate import BOX_TITLES, Simulation, legal_game

ALL_TITLES = ("1846", "1847AE", "1847Pfalz", "1847RRRRB", "1853")


@cache
def _script(title: str, commands: int = 60) -> str:
    """A legal game of ``title`` as a banker script (the same every run)."""
    if title in ("1846", "1853"):
        game = Simulation(seed=7, players=4, max_commands=commands, title=title).run()
    else:
        game = legal_game(title, seed=7, commands=commands)
    return game.script()


def saved_game(tmp_path: Path, title: str, commands: int = 60) -> Path:
    """A save of a legal game of ``title`` in ``tmp_path``."""
    lines = _script(title, commands).splitlines()
    path = tmp_path / f"{title}.json"
    head = lines[0].split()
    game = Game.new(head[1], head[2:], path)
    for line in lines[1:]:
        assert game.execute(line).ok, line
    game.close()
    return path


def digest(path: Path) -> str:
    """The save's bytes, hashed."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def folder(path: Path) -> list[str]:
    """The files beside the save (a sandbox leaves none)."""
    return sorted(os.listdir(path.parent))


def play_some(game: Game, rng: random.Random, n: int) -> int:
    """Up to ``n`` legal commands drawn from ``rng``; how many were accepted."""
    done = 0
    for _ in range(n):
        legal = game.legal_commands()
        if not legal or game.state.ended:
            break
        assert game.execute(rng.choice(legal)).ok
        done += 1
    return done


@pytest.mark.parametrize("title", ALL_TITLES)
def test_a_sandbox_session_leaves_the_real_save_byte_for_byte(tmp_path: Path, title: str) -> None:
    """Issue 32.2: every command, undo/redo, rewind, project, score and check on the copy;
    the real save's bytes and its folder do not change, and discarding changes nothing."""
    path = saved_game(tmp_path, title)
    before, files = digest(path), folder(path)
    real = Game.load(path, remember_length=True)
    files = folder(path)  # the TUI's length file appears on opening, not by the sandbox
    state_before = json.dumps(real.state_json(), sort_keys=True)
    rng = random.Random(title)
    for at in (len(real.journal), len(real.journal) // 2, 0):
        box = open_sandbox(real, at)
        assert box.game.path is None and len(box.game.journal) == at
        assert box.game.state_json() == real.state_json(real.replay(at))
        played = play_some(box.game, rng, 6)
        if played:
            assert box.game.undo() is not None
            assert box.game.redo() is not None
        if len(box.game.journal) > 2:
            assert box.game.rewind(len(box.game.journal) - 1) is None  # no backup: no file
        score(box.game)
        if box.game.state.round_kind == "OR":
            project(box.game)
        company = next(iter(box.game.state.ledger.corporations()), None)
        if company is not None and box.game.state.round_kind == "OR":
            try:
                check(box.game, f"check run {company.id} 100")
            except Refusal:
                pass
        compare(box)  # the compare view reads both games
        assert digest(path) == before and folder(path) == files
        # discard: drop it
    assert json.dumps(real.state_json(), sort_keys=True) == state_before
    real.close()
    assert digest(path) == before


def test_a_sandbox_starts_at_any_line_and_refuses_others() -> None:
    game = legal_game("1847AE", seed=3, commands=30)
    for at in (0, 1, 17, 30):
        box = open_sandbox(game, at)
        assert box.label == f"WHAT-IF sandbox from line {at}"
        assert [e.line for e in box.game.journal] == [e.line for e in game.journal[:at]]
    assert open_sandbox(game).at == 30
    for bad in (-1, 31, 1000):
        with pytest.raises(Refusal, match=f"no line {bad} to branch from: the game has 30 lines"):
            open_sandbox(game, bad)


def test_keep_from_an_earlier_line_backs_up_the_cut_lines_and_rewrites_the_save(
    tmp_path: Path,
) -> None:
    path = saved_game(tmp_path, "1846")
    real = Game.load(path)
    old_script = real.script()
    total = len(real.journal)
    box = open_sandbox(real, total - 10)
    rng = random.Random(5)
    assert play_some(box.game, rng, 4) > 0
    expected = box.game.script()
    assert "lines 51–60 of the real game are taken out" in box.keep_summary()
    kept = box.keep()
    assert kept.branch == total - 10 and kept.cut == 10 and kept.added == len(box.game.journal) - 50
    assert kept.backup is not None and kept.backup.name == "1846.before-rewind-60.json"
    assert "what-if kept: from line 50, 10 lines taken out" in kept.text()
    assert Game.load(kept.backup, read_only=True).script() == old_script
    assert real.script() == expected
    real.close()
    again = Game.load(path, read_only=True)
    assert again.script() == expected
    assert again.state_json() == real.state_json()
    # the real game plays on after a keep
    real = Game.load(path)
    assert play_some(real, rng, 2) > 0
    real.close()
    assert Game.load(path, read_only=True).script() == real.script()


def test_keep_from_now_cuts_nothing_and_writes_no_backup(tmp_path: Path) -> None:
    path = saved_game(tmp_path, "1853")
    real = Game.load(path)
    files = folder(path)
    box = open_sandbox(real)
    assert play_some(box.game, random.Random(2), 3) == 3
    summary = box.keep_summary()
    assert "no line of the real game is taken out" in summary
    # nothing is replaced: the sandbox's lines follow the last (issue 37.7)
    assert "3 lines of the sandbox are added after it" in summary
    assert "take their place" not in summary
    kept = box.keep()
    assert kept.cut == 0 and kept.added == 3 and kept.backup is None
    assert folder(path) == files
    real.close()
    assert Game.load(path, read_only=True).script() == box.game.script()


def test_keep_after_undoing_past_the_branch_point_branches_earlier(tmp_path: Path) -> None:
    path = saved_game(tmp_path, "1847AE")
    real = Game.load(path)
    box = open_sandbox(real, 40)
    box.game.undo()
    box.game.undo()
    assert box.branch_point() == 38
    assert play_some(box.game, random.Random(9), 2) == 2
    kept = box.keep()
    assert kept.branch == 38 and kept.backup is not None
    assert kept.cut == len(Game.load(kept.backup, read_only=True).journal) - 38
    real.close()
    assert Game.load(path, read_only=True).script() == real.script()


def test_keep_is_refused_when_the_real_game_changed(tmp_path: Path) -> None:
    path = saved_game(tmp_path, "1847Pfalz")
    real = Game.load(path)
    box = open_sandbox(real)
    play_some(box.game, random.Random(1), 2)
    real.undo()
    before = digest(path)
    with pytest.raises(Refusal, match="the real game changed since the sandbox was opened"):
        box.keep()
    assert digest(path) == before


def test_keep_checks_every_new_line_by_replay(tmp_path: Path) -> None:
    """A sandbox line whose events the real game does not make again is refused, and
    nothing is written (no backup either)."""
    path = saved_game(tmp_path, "1847RRRRB")
    real = Game.load(path)
    files, before = folder(path), digest(path)
    box = open_sandbox(real, 20)
    assert play_some(box.game, random.Random(4), 2) == 2
    entry = box.game.journal[-1]
    box.game.journal[-1] = new_entry(entry.line, entry.round, entry.command, ())
    with pytest.raises(SaveError, match=r"sandbox line 22 \(`.*`\) replays differently"):
        box.keep()
    box.game.journal[-1] = entry
    box.game.journal.append(new_entry("pass Nobody", entry.round, c.Pass(player="Nobody"), ()))
    with pytest.raises(SaveError, match="sandbox line 23 .* is refused on replay"):
        box.keep()
    assert digest(path) == before and folder(path) == files


def test_keep_on_a_read_only_game_is_refused(tmp_path: Path) -> None:
    path = saved_game(tmp_path, "1846", 30)
    real = Game.load(path, read_only=True)
    box = open_sandbox(real, 10)
    play_some(box.game, random.Random(3), 2)
    before = digest(path)
    with pytest.raises(Exception, match="read-only"):
        box.keep()
    assert digest(path) == before


def test_compare_marks_the_differences() -> None:
    real = legal_game("1847AE", seed=11, commands=40)
    box = open_sandbox(real)
    same = compare(box)
    assert same.differences() == 0 and "no figure differs" in same.text()
    box = open_sandbox(real, 20)
    table = compare(box)
    assert table.differences() > 0
    text = table.text()
    assert text.startswith("WHAT-IF sandbox from line 20: real game ")
    assert "*" in text and "figures differ (marked *)" in text or "1 figure differs" in text
    names = [r.name for r in table.players]
    assert names == real.players
    for row in table.players:
        assert row.real["cash"] == next(
            p.cash for p in real.state.ledger.players if p.name == row.name
        )
    data = table.to_json()
    assert data["differences"] == table.differences()
    assert BOX_TITLES  # the box's titles are covered by the byte test above


def test_keeping_a_sandbox_with_no_line_of_its_own_writes_nothing(tmp_path: Path) -> None:
    path = saved_game(tmp_path, "1846", 30)
    real = Game.load(path)
    before, files = digest(path), folder(path)
    box = open_sandbox(real)
    kept = box.keep()
    assert (kept.cut, kept.added, kept.backup) == (0, 0, None)
    box = open_sandbox(real, 20)
    play_some(box.game, random.Random(8), 0)
    assert box.branch_point() == 20
    assert digest(path) == before and folder(path) == files
    real.close()


def test_each_changed_figure_carries_the_size_of_its_change(tmp_path: Path) -> None:
    """Issue 37.7: the compare view's cells give each change as the shell does (``+$40``)."""
    path = saved_game(tmp_path, "1846")
    real = Game.load(path, read_only=True)
    box = open_sandbox(real, 30)
    table = compare(box)
    seen = 0
    for _, _, cells in table.table():
        for _, sandbox, differs in cells:
            if differs and "$" in sandbox and "—" not in sandbox:
                assert " (+$" in sandbox or " (-$" in sandbox, sandbox
                seen += 1
    assert seen
    assert table.text().count("(+$") + table.text().count("(-$") == seen


def test_a_place_and_its_move_are_said_as_players_read_them() -> None:
    """What players read: a player from 3rd to 1st is ``1st (up 2)``, never ``1 (-2)``; from
    1st to 2nd ``2nd (down 1)``; the same place, no move."""
    # name, (value, place) in the real game, (value, place) in the sandbox
    moves = [("Amy", (50, 3), (90, 1)), ("Bob", (80, 1), (70, 2)), ("Cy", (60, 2), (60, 3))]
    moves.append(("Di", (5, 4), (5, 4)))
    rows = [
        Row(
            "player",
            name,
            {"cash": 10, "value": a, "place": p},
            {"cash": 10, "value": b, "place": q},
        )
        for name, (a, p), (b, q) in moves
    ]
    table = Comparison("WHAT-IF sandbox from line 3", "SR 1", "SR 1", "$", rows, [])
    places = {name: cells[2] for _, name, cells in table.table()}
    assert places["Amy"] == ("3rd", "1st (up 2)", True)
    assert places["Bob"] == ("1st", "2nd (down 1)", True)
    assert places["Cy"] == ("2nd", "3rd (down 1)", True)
    assert places["Di"] == ("4th", "4th", False)
    text = table.text()
    assert "* 1st (up 2)" in text and "* 2nd (down 1)" in text, text
    assert "(-" not in text.replace("(-$", "") and "(+" not in text.replace("(+$", ""), text
