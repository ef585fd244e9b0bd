"""The hunt's command-bar cases: Tab completes what is typed, never another word.

In 1847 AE the minors' ids begin corporations' (``N`` and ``NDB``, ``L`` and ``LFK``,
``M`` ``MNR``, ``R`` ``RNB``, ``H`` ``HLB``), in 1830 ``BO`` begins ``BOP``, in
18Chesapeake ``BO`` ``BOR`` and ``CO`` ``COC``.  Tab took the first legal word that
began with the one typed, so with both legal ``: sell Bob L Tab 1 Enter`` sold an LFK
share, ``: buy Bob N Tab ipo Enter`` bought NDB.  A word typed whole is kept; where
several words begin with what is typed, Tab adds only what they share.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import Cut, save_at
from ui_helpers import running, saved_lines, send_burst

from moderator.game import Game
from moderator.ui.session import Session
from moderator.ui.widgets.commandbar import ScriptSuggester


@pytest.mark.parametrize(
    ("count", "typed", "line"),
    [
        (107, ["sell Bob L", "tab", "1", "enter"], "sell Bob L 1"),
        (185, ["buy Bob N", "tab", "ipo", "enter"], "buy Bob N ipo"),
    ],
)
async def test_tab_keeps_a_whole_id_that_begins_another(
    tmp_path: Path, count: int, typed: list[str], line: str
) -> None:
    path = save_at(Cut("1847AE", 1, count), tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (_app, pilot):
        await send_burst(pilot, ":", *typed)
    assert saved_lines(path)[len(before) :] == [line]


def test_tab_adds_only_what_the_words_typed_share() -> None:
    """1830 with NYC and NYNH both ids: `NY` + Tab picks neither
    (nothing shared to add: a bell, the keys behind not used); `NYN` + Tab is NYNH."""
    game = Game.new("1830", ["Amy", "Bob", "Cy"])
    session = Session(game)
    bar = ScriptSuggester(lambda: session)
    found, _more = bar.candidates("par Amy NY")
    assert {"NYC", "NYNH"} <= set(found)
    assert bar.complete("par Amy NY") is None
    assert bar.complete("par Amy NYN") == "par Amy NYNH"
    game.close()
