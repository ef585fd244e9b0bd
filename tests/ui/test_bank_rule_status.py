"""The status bar's bank says "broken" with each title's own rule (issue 19.4): 1846 10.1,
1847 AE 9, 1853 5.1.1, from the state JSON's ``bank.rule`` (the ruleset's table)."""

from __future__ import annotations

import pytest
from conftest import play

from moderator.ui.widgets.panels import StatusBar

BROKEN = {
    "1846": ("game 1846 Amy Bob Carlos\nadjust Amy 5300 test\n", "10.1"),
    "1847AE": ("game 1847AE Anna Bert Cora\nadjust Anna 6500 test\n", "9"),
    "1853": ("game 1853 Ann Bo Cat\nadjust Ann 12810 test\n", "5.1.1"),
    "1830": ("game 1830 Amy Bob Cy\nadjust Amy 9600 test\n", "25.0"),
}
"""Per title: a game whose bank an adjustment emptied (it breaks like any payment), and the
rule the bank line must cite."""


def status_line(text: str) -> str:
    """The status bar's text for the game ``text`` plays to (built without an app)."""
    game = play(text)
    bar = StatusBar(id="status")
    bar.data, bar.changed, bar.currency = game.state_json(), set(), game.ruleset.currency
    return str(bar.build().plain)


@pytest.mark.parametrize("title", sorted(BROKEN))
def test_the_status_bar_cites_the_titles_rule_for_a_broken_bank(title: str) -> None:
    text, rule = BROKEN[title]
    line = status_line(text)
    assert f" broken ({rule}):" in line
    assert not any(f"({r})" in line for _, r in BROKEN.values() if r != rule)


def test_a_bank_without_a_rule_in_the_json_falls_back_to_its_note() -> None:
    """A state JSON without ``bank.rule`` (a title without the key) shows the rule the bank's
    note ends by naming, as before."""
    game = play(BROKEN["1847AE"][0])
    data = game.state_json()
    data["bank"] = dict(data["bank"], rule=None)
    bar = StatusBar(id="status")
    bar.data, bar.changed, bar.currency = data, set(), "M"
    assert " broken (9):" in str(bar.build().plain)


@pytest.mark.parametrize("title", sorted(BROKEN))
def test_the_status_bar_says_when_the_titles_rule_ends_the_game(title: str) -> None:
    """1853 5.1.2 ends the game with the operating round under way; 1846 and 1847 AE with
    the set's operating rounds."""
    line = status_line(BROKEN[title][0])
    if title == "1853":
        assert (
            "the game ends when the operating round under way is complete (broken in a "
            "stock round: the next one) (5.1.2)"
        ) in line
        assert "set of operating rounds" not in line
    elif title == "1830":  # 25.0: the set under way, or the next after a stock round
        assert "the set of operating rounds under way (broken in a stock round" in line
    else:
        assert "the game ends after this set of operating rounds" in line
