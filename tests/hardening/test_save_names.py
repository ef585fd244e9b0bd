"""A new game's save name fits the file system with every file kept beside it (the
hardening audit): the TUI names a new save after its title, players and date, and seven
players named with 40 characters each made a name of 305 characters, so the TUI's start
stopped with a traceback (ENAMETOOLONG); a name of 241 opened, but every rewind was
refused (its backup's name was too long)."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.game import Game
from moderator.journal import remember_length
from moderator.saves_index import MAX_STEM, fresh_path, new_game_path


@pytest.mark.parametrize(
    ("title", "players"),
    [
        ("1817", [f"P{k}" + "x" * 38 for k in range(7)]),  # 1817 seats 7, 40 characters each
        ("1853", ["Zoë" + "é" * 37, "李" * 40, "Amy" + "b" * 37, "🚂" * 40, "D" * 40, "E" * 40]),
    ],
)
def test_a_new_game_of_long_names_is_saved_and_rewound(
    tmp_path: Path, title: str, players: list[str]
) -> None:
    path = new_game_path(tmp_path, title, players)
    assert len(path.name) <= MAX_STEM + len(".json")
    assert path.name.startswith(f"{title}-") and path.name[-18:-5].replace("-", "").isdigit()
    game = Game.new(title, players, path=path)
    try:
        for k in range(3):
            assert game.execute(f"note {k}").ok
        assert game.rewind(1) is not None  # NAME.before-rewind-1.json beside it
        assert game.undo() is not None
        remember_length(path, len(game.journal))  # .NAME.json.length, by a temp file
    finally:
        game.close()
    assert len(Game.load(path, read_only=True).journal) == 0
    backups = list(tmp_path.glob("*.before-rewind-*.json"))
    assert len(backups) == 1 and len(backups[0].name) < 255


def test_the_longest_name_leaves_room_for_every_file_beside_it(tmp_path: Path) -> None:
    for n in range(1, 25):  # NAME.json, NAME-2.json, ... all of them
        path = fresh_path(tmp_path, "g" * 500)
        path.write_text("")
        longest = f"..{path.name}.length.01234567.tmp"  # the length hint's temporary file
        assert len(path.stem) <= MAX_STEM + 3 and len(longest) <= 255, n
        assert len(f"{path.stem}.before-rewind-20.json") <= 255


def test_names_of_no_latin_letter_give_the_title_and_the_date(tmp_path: Path) -> None:
    path = new_game_path(tmp_path, "1846", ["李", "王", "张"])
    assert path.name.startswith("1846-2") and "--" not in path.name
