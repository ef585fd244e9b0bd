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


def test_1853s_board_values_are_box_entries_kept_for_the_next_game(tmp_path: Path) -> None:
    """1853's ``market`` / ``setpar`` give its board's values (1 The Stock Market): the
    state JSON lists them as box entries (``board_values``), PROVISIONAL until given; the
    ones given are kept like the Pfalz box's and offered back as the lines that give
    them, which start the next game with them confirmed."""
    game = Game.new("1853", ["A", "B", "C"])
    shown = {e["key"]: e for e in game.state_json()["board_values"]}
    assert list(shown)[:2] == ["market", "par.EIR"] and len(shown) == 9
    assert {e["status"] for e in shown.values()} == {"PROVISIONAL"}
    assert shown["par.GIP"]["line"] == "setpar GIP 90" and shown["par.GIP"]["kept_as"] == "1853"
    track = "10 20 30 40 50 60 70 80 90 100 110 120 130 140 150 200 250 300 350 400"
    assert game.execute(f"market {track}").ok
    assert game.execute("setpar EIR 100").ok and game.execute("setpar GIP 90").ok
    data = game.state_json()
    assert boxvalues.confirmed(data) == {"market": track, "par.EIR": "100", "par.GIP": "90"}
    assert boxvalues.keep_confirmed(tmp_path, data) is not None
    nxt = Game.new("1853", ["A", "B", "C", "D"])
    lines = boxvalues.kept_lines(tmp_path, nxt.state_json())
    assert lines == [f"market {track}", "setpar EIR 100", "setpar GIP 90"]
    for line in lines:
        assert nxt.execute(line).ok, line
    statuses = {e["key"]: e["status"] for e in nxt.state_json()["board_values"]}
    assert statuses["market"] == statuses["par.GIP"] == "confirmed"
    assert statuses["par.NWR"] == "PROVISIONAL"  # never given: still the shipped guess


def test_pfalz_kept_lines_are_box_lines(tmp_path: Path) -> None:
    """A Pfalz entry has no line of its own: the kept values come back as ``box`` lines,
    the package board's under its own name for RRRR&B too (12.1)."""
    boxvalues.keep(tmp_path, "1847 Pfalz package", {"SPR": "170", "SPR.income": "10"})
    boxvalues.keep(tmp_path, "1847Pfalz", {"price.6": "600"})
    pfalz = Game.new("1847Pfalz", ["A", "B", "C", "D"]).state_json()
    assert boxvalues.kept_lines(tmp_path, pfalz) == [
        "box SPR 170",
        "box SPR.income 10",
        "box price.6 600",
    ]
    rrrrb = Game.new("1847RRRRB", ["A", "B", "C"]).state_json()
    assert boxvalues.kept_lines(tmp_path, rrrrb) == ["box SPR 170", "box SPR.income 10"]
