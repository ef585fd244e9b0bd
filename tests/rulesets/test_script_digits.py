"""Numbers written with digits other than 0-9 (the slips audit): Python's ``int()`` reads
``٩٠`` (Arabic-Indic) or ``９０`` (fullwidth) as 90, so a slip of the keyboard's layout
would be taken silently.  Every amount, price and count the script reads is refused naming
the characters; a box value (a string the title reads) from rules level 10.  A save of an
earlier level holding such a box line opens and replays as recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.fixes import FIXES
from moderator.game import Game
from moderator.script import ParseError, parse_line

ARABIC_90 = "\u0669\u0660"  # ٩٠


@pytest.mark.parametrize(
    "line",
    [
        f"par Amy NYC {ARABIC_90}",
        f"run NYC £{ARABIC_90}",
        "sell Amy NYC \u0663",  # ٣
        "spend NYC \uff190",  # ９0, fullwidth
        f"adjust Amy -{ARABIC_90} slip",
        f"expect Amy cash {ARABIC_90}",
        f"market 50 {ARABIC_90} 100",
    ],
)
def test_every_amount_names_the_other_digits(line: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_line(line)
    message = caught.value.message
    assert "written with 0-9" in message and "U+" in message, message
    assert "DIGIT" in message, message


def test_1853_box_par_in_arabic_indic_digits_is_refused() -> None:
    game = Game.new("1853", ["Ann", "Bo", "Cat"])
    outcome = game.execute(f"box par.GIP £{ARABIC_90}")
    assert not outcome.ok
    assert "U+0669 ARABIC-INDIC DIGIT NINE" in outcome.message
    assert outcome.message.endswith("(1 The Shares)")
    assert game.journal == [] and game.execute("box par.GIP £90").ok


@pytest.mark.parametrize(("title", "key"), [("1847Pfalz", "price.3"), ("1847RRRRB", "SPR")])
def test_a_pfalz_box_value_in_other_digits_is_refused(title: str, key: str) -> None:
    game = Game.new(title, ["Ann", "Bo", "Cat"])
    outcome = game.execute(f"box {key} M\u0661\u0665\u0660")  # M١٥٠
    assert not outcome.ok and "U+0661" in outcome.message, outcome.message
    assert outcome.message.endswith(f"({FIXES[f'{title}-box-digits'].rule})")
    assert game.journal == []


def test_a_level_9_save_with_such_a_box_line_opens_as_recorded(tmp_path: Path) -> None:
    """Level 9 read `box par.GIP £٩٠` as £90: the save opens and replays so (its line is
    kept as typed, the canonical text), and the notice names the level-10 fix."""
    game = Game.new("1853", ["Ann", "Bo", "Cat"], rules_level=9)
    assert game.execute(f"box par.GIP £{ARABIC_90}").ok
    path = tmp_path / "level9-arabic-par.json"
    game.save(path)
    game.close()
    loaded = Game.load(path, read_only=True)
    assert loaded.rules_level == 9 and len(loaded.journal) == 1
    assert loaded.journal[0].line == f"box par.GIP £{ARABIC_90}"
    pars = {e["key"]: e for e in loaded.ruleset.board_values(loaded.state)}
    assert pars["par.GIP"]["value"] == 90
    difference = loaded.rules_difference
    assert difference is not None and difference.number == 1
    assert FIXES["1853-box-digits"] in difference.fixes
