"""The box values a table confirmed, kept beside the saves (moderator/boxvalues.py,
issue 22): kept per title, merged, offered back as ``box`` lines that start a game."""

from __future__ import annotations

from pathlib import Path

from moderator import boxvalues
from moderator.game import Game


def test_keep_and_offer_per_title(tmp_path: Path) -> None:
    assert boxvalues.kept(tmp_path, "1847Pfalz") == {}
    boxvalues.keep(tmp_path, "1847Pfalz", {"SPR": 170, "SPR.income": "10"})
    boxvalues.keep(tmp_path, "1847RRRRB", {"SPR": "180"})
    boxvalues.keep(tmp_path, "1847Pfalz", {"price.6": "600", "SPR": "175"})
    assert boxvalues.kept(tmp_path, "1847Pfalz") == {
        "SPR": "175",
        "SPR.income": "10",
        "price.6": "600",
    }
    assert boxvalues.kept(tmp_path, "1847RRRRB") == {"SPR": "180"}
    assert boxvalues.path_in(tmp_path).name == "box-values.json"
    assert not list(tmp_path.glob(".box-values*"))  # no temporary file left


def test_a_broken_file_is_an_empty_one(tmp_path: Path) -> None:
    boxvalues.path_in(tmp_path).write_text("{not json", encoding="utf-8")
    assert boxvalues.kept(tmp_path, "1847Pfalz") == {}
    boxvalues.path_in(tmp_path).write_text('["a list"]', encoding="utf-8")
    assert boxvalues.kept(tmp_path, "1847Pfalz") == {}
    boxvalues.keep(tmp_path, "1847Pfalz", {"SPR": "170"})
    assert boxvalues.kept(tmp_path, "1847Pfalz") == {"SPR": "170"}


def test_confirmed_values_round_trip_into_the_next_game(tmp_path: Path) -> None:
    """The values confirmed in one game, kept, start the next game of the version."""
    game = Game.new("1847Pfalz", ["A", "B", "C", "D"])
    for line in ("box SPR 170", "box SPR.income 10", "box price.6 600"):
        assert game.execute(line).ok
    values = boxvalues.confirmed(game.state_json())
    assert values == {"SPR": "170", "SPR.income": "10", "price.6": "600"}
    boxvalues.keep(tmp_path, game.title, values)
    lines = boxvalues.box_lines(boxvalues.kept(tmp_path, "1847Pfalz"))
    assert lines == ["box SPR 170", "box SPR.income 10", "box price.6 600"]
    nxt = Game.new("1847Pfalz", ["A", "B", "C", "D"])
    for line in lines:
        assert nxt.execute(line).ok, line
    data = nxt.state_json()
    assert data["missing"] == []
    assert nxt.ruleset.list_price("6") == 600  # type: ignore[attr-defined]
    assert nxt.execute("buy D SPR").ok
