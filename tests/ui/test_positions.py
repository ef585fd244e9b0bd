"""The positions of the typing tests (``tests/ui/positions.py``): a cut saved from the
longest game played so far is the game played to the cut."""

from __future__ import annotations

from pathlib import Path

from positions import Cut, moves, played, save_at
from ui_helpers import saved_lines


def test_a_longer_game_begins_with_the_shorter_one() -> None:
    """What :func:`positions.moves` relies on: a game played to more commands begins with
    the game played to fewer (a simulated title, one drawn from the legal commands, 1817)."""
    for title, seed in (("1846", 1), ("1847Pfalz", 1), ("1817", 3)):
        longer = [entry.line for entry in played(title, seed, 90).journal]
        for count in (17, 60):
            shorter = [entry.line for entry in played(title, seed, count).journal]
            assert len(shorter) >= count and longer[:count] == shorter[:count], (title, count)


def test_a_cut_saves_the_first_commands_of_its_game(tmp_path: Path) -> None:
    """Cut after a longer game was played (its prefix) and before (played to the cut)."""
    for title, seed, first, then in (("1830", 2, 70, 25), ("1847RRRRB", 2, 20, 45)):
        for count in (first, then):
            path = save_at(Cut(title, seed, count), tmp_path / f"{title}-{count}")
            game = played(title, seed, count)
            assert saved_lines(path) == [e.line for e in game.journal][:count]
            assert moves(title, seed, count)[0] == list(game.players)
