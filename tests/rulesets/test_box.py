"""rulesets/box.py: the box-value machinery 1847 Pfalz, RRRR&B and 1853 share (issue 40.7).

Hand-made keys and values, so each figure can be read off the test."""

from __future__ import annotations

import pytest

from moderator.errors import Refusal
from rulesets.box import (
    BoxKey,
    Reading,
    by_phase,
    entries,
    given_or_shipped,
    phase_tables,
    rows_value,
    series,
    status,
)


def test_series_makes_one_key_per_item() -> None:
    keys = series(
        "price.{t}",
        ("2", "3"),
        "a {t}-train",
        {"2": 80, "3": 180}.get,
        "the box",
        "2",
        "the {t} card",
    )
    assert [(k.key, k.what, k.shipped, k.card) for k in keys] == [
        ("price.2", "a 2-train", 80, "the 2 card"),
        ("price.3", "a 3-train", 180, "the 3 card"),
    ]
    narrow = series("n.{t}", "a", "{t}", lambda t: 1, lambda t: f"src {t}", "r", "c", high=10)
    assert (narrow[0].source, narrow[0].low, narrow[0].high) == ("src a", 1, 10)


def test_entries_say_each_status_then_the_readings() -> None:
    keys = {k.key: k for k in (BoxKey("A", "a", 1, "s", "1.1"), BoxKey("B", "b", None, "none"))}
    out = entries(
        keys,
        {"A": 1, "B": None},
        [],
        [Reading("q", "2.2", "what?", "this")],
        kept_as=lambda key: "group",
        line=lambda key, value: f"give {key} {value}",
    )
    assert [(e["key"], e["status"]) for e in out] == [
        ("A", "PROVISIONAL"),
        ("B", "missing"),
        ("reading:q", "reading"),
    ]
    assert out[0]["kept_as"] == "group" and out[0]["line"] == "give A 1"
    assert out[2] == {
        "key": "reading:q",
        "what": "what?",
        "value": "this",
        "status": "reading",
        "rule": "2.2",
    }
    assert entries(keys, {"A": 2}, ["A"])[0]["status"] == "confirmed"
    assert (status(None, True), status(0, False), status(0, True)) == (
        "missing",
        "PROVISIONAL",
        "confirmed",
    )


def test_a_phase_table_from_box_values() -> None:
    """Two phases: 2-trains 80 (limit 4, 1 OR a set, 6 of them), rust at the 3; 3-trains
    180 (limit 3, 2 ORs, 5), never rust; private X closes at the 3."""
    keys = (
        *series("price.{t}", "23", "", {"2": 80, "3": 180}.get, "", "", ""),
        *series("count.{t}", "23", "", {"2": 6, "3": 5}.get, "", "", ""),
        *series("limit.{t}", "23", "", {"2": 4, "3": 3}.get, "", "", ""),
        *series("ors.{t}", "23", "", {"2": 1, "3": 2}.get, "", "", ""),
        *series("rust.{t}", "23", "", {"2": "3", "3": "never"}.get, "", "", ""),
        BoxKey("close.X", "", "3", ""),
    )
    get = given_or_shipped(keys, {"price.3": 200, "count.2": None})
    assert (get["price.3"], get["count.2"]) == (200, 6)  # given; shipped where None
    assert phase_tables(get, ("2", "3"), ("X",)) == {
        "train_variants": {"2": (("2", 80),), "3": (("3", 200),)},
        "train_limits": {"2": 4, "3": 3},
        "ors_per_set": {"2": 1, "3": 2},
        "train_counts": {"2": 6, "3": 5},
        "rust": {"3": ("2",)},
        "closings": {"3": ("X",)},
    }
    assert by_phase({"rust.a": "5", "rust.b": "5", "rust.c": "never"}, "rust", "abc") == {
        "5": ("a", "b")
    }


def test_rows_of_a_board() -> None:
    assert rows_value("a, b / c", ("A", "B", "C"), "1.2") == "A,B/C"
    for bad in ("A,B", "A,B,C,C", "A,B//C"):
        with pytest.raises(Refusal, match=r"each package item once: A, B, C.*\(1\.2\)"):
            rows_value(bad, ("A", "B", "C"), "1.2")


# ----------------------------------------------------------------- 1853's board through the flow
def test_1853_confirms_its_board_with_box_lines() -> None:
    """1853's track and eight pars are box values (``board_values``), PROVISIONAL as
    shipped (facts §1.3): ``box par.EIR`` confirms EIR's 100 as shown, ``box par.GIP 82``
    is ``setpar GIP 82``, ``box confirm`` the remaining seven (the track and six pars),
    each listed in the log as the Pfalz box's are; all before the first bond."""
    from moderator.game import Game

    game = Game.new("1853", ["A", "B", "C"])
    outcome = game.execute("box par.EIR")
    assert [getattr(e, "text", "") for e in outcome.events] == [
        "Box values confirmed as shown (1): par.EIR 100."
    ]
    assert game.execute("box par.GIP 82").ok
    market = game.state_json()["market"]
    assert market["pars"]["GIP"] == 82 and "GIP" not in market["provisional_pars"]
    outcome = game.execute("box confirm")
    text = getattr(outcome.events[0], "text", "")
    assert text.startswith("Box values confirmed as shown (7): market 10 20 29 ")
    assert text.endswith(
        " 375 400, par.NWR 82, par.BNR 76, par.BBCI 71, par.MSM 67, par.SIR 64, par.ECR 61."
    )
    data = game.state_json()
    assert {e["status"] for e in data["board_values"]} == {"confirmed"}
    assert data["market"]["provisional"] is False and data["market"]["provisional_pars"] == []
    for line, words in (
        ("box market 5", "the track is given whole, `market VALUE...`"),
        ("box SPR 170", "1853 has no board value 'SPR'"),
        ("box par.EIR x", "par.EIR is a whole number"),
        ("box par.EIR 105", "not a space of the track"),
    ):
        assert words in game.execute(line).message, line
    assert game.execute("bond A 120").ok
    assert "before the first bond" in game.execute("box confirm").message
