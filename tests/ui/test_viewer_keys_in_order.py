"""The viewing screens take their keys in the order typed (issue 37: keys are a language).

History, the score, the rounds, the sharing screen and help hold no text field: each of
their keys is a priority binding of the screen, so a key typed right after the one that
closes a screen is not queued behind it in a widget (`h Esc h` typed in one burst used to
end on the main screen, its last `h` dropped as "typed for the history after it closed").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import rulebook_save, running, send_burst

from moderator.ui.screens.charts import RoundsScreen
from moderator.ui.screens.history import HistoryScreen
from moderator.ui.screens.main import MainScreen
from moderator.ui.screens.score import ScoreScreen


@pytest.mark.parametrize(
    ("burst", "ends_on"),
    [
        (("h", "escape", "h"), HistoryScreen),
        (("h", "escape", "h", "escape"), MainScreen),
        (("f", "escape", "f"), ScoreScreen),
        (("g", "escape", "g"), RoundsScreen),
        (("f", "g", "escape", "h"), HistoryScreen),
        (("h", "alt+h"), HistoryScreen),  # Esc read as Alt by the terminal's parser
    ],
)
async def test_a_burst_through_the_viewers_ends_where_it_spells(
    tmp_path: Path, burst: tuple[str, ...], ends_on: type
) -> None:
    rulebook_save(tmp_path, "run")
    async with running(tmp_path) as (app, pilot):
        await send_burst(pilot, *burst)
        assert type(app.screen) is ends_on, [type(s).__name__ for s in app.screen_stack]
