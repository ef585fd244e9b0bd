"""The run dialog advises the whole table: every figure of every payout kind is what that
kind then moves (issue 27.6).

At operating positions of random games of 1846, 1847 AE, 1853, 1830 and 1817
(``positions``), the run dialog is opened and a revenue typed; for each payout kind
offered, the column drawn
(each holder's take, what the bank keeps, the price after, every player's value and
place after, the president's cash, the treasury, what the president would add toward the
bank's next train; 1817's interest due after the run, the loans taken for it and the price
after them) is compared with the same figures read off the game after committing
that very run (``advice_helpers.committed_column``, then undone).  Then a random kind is
chosen with ←/→ and committed with Enter, and its column is compared once more with the
game the screen now holds.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from functools import cache
from pathlib import Path

import pytest
from advice_helpers import committed_column, compare, shown_advice
from conftest import examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from positions import Cut, save_at, scan
from ui_helpers import main_screen, running, send_burst

from moderator import commands as c
from moderator.ui.screens.dialogs import RunDialog

TITLES = ("1846", "1847AE", "1853", "1830", "1817")


@cache
def places(title: str) -> list[Cut]:
    """Operating positions of ``title`` where the acting company runs a train (once per
    process and title)."""
    found = [cut for cut, kind, _ in scan(title, (3, 4), 260) if kind == "run"]
    random.Random(276).shuffle(found)
    return found[:8]


async def advise_and_commit(cut: Cut, revenue: int, choice: int) -> None:
    with tempfile.TemporaryDirectory(prefix="advice-") as folder:
        save_at(cut, Path(folder))
        async with running(Path(folder)) as (app, pilot):
            screen = main_screen(app)
            session = screen.session
            await send_burst(pilot, "r", *str(revenue))
            dialog = app.screen
            assert isinstance(dialog, RunDialog)
            cmd = dialog.command()
            assert isinstance(cmd, c.Run) and cmd.revenue == revenue
            shown = shown_advice(dialog)
            compared = 0
            for column, kind in enumerate(dialog.options):
                run = cmd.model_copy(update={"option": kind})
                if session.reason(run) is not None:
                    assert all(cells[column] in ("—", "") for cells in shown.values()), shown
                    continue
                compare(shown, column, committed_column(session, run))
                compared += 1
            event(f"{cut.title}: {compared} of {len(dialog.options)} kinds compared")
            if not compared:
                return
            pick = choice % len(dialog.options)
            run = cmd.model_copy(update={"option": dialog.options[pick]})
            if session.reason(run) is not None:
                return
            steps = (pick - dialog.selected) % len(dialog.options)
            await send_burst(pilot, *["right"] * steps)
            shown = shown_advice(dialog)
            expected = committed_column(session, run)
            await send_burst(pilot, "enter")
            assert app.screen is screen
            assert session.game.journal[-1].line == session.line(run)
            # the column as shown before Enter is what the game holds now: undo the run
            # (committed_column commits it again and takes it back) and compare
            assert session.game.undo() is not None
            session.changed()
            compare(shown, pick, expected)


SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


@pytest.mark.parametrize("title", TITLES)  # one test a title: they spread over the workers
@settings(max_examples=examples(4), suppress_health_check=SLOW)
@given(data=st.data())
def test_each_payout_kind_shows_what_it_then_moves(title: str, data: st.DataObject) -> None:
    cut = data.draw(st.sampled_from(places(title)), label="position")
    revenue = data.draw(st.sampled_from((0, 20, 60, 90, 140, 230, 370)), label="revenue")
    choice = data.draw(st.integers(0, 2), label="kind committed")
    asyncio.run(advise_and_commit(cut, revenue, choice))
