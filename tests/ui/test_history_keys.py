"""History takes its keys in the order typed (issue 37.4), and a sandbox's screens say so.

`h ↑ ↑ o` typed in one burst branches two lines up (the list's arrows used to wait in its
queue while the priority `o` acted on the last line); `↑ ⏎` asks to rewind to the line the
keys spell.  Inside a what-if sandbox, History, its question and every other screen carry
the WHAT-IF mark, and the rewind question says it is the sandbox's.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static
from ui_helpers import main_screen, rulebook_save, running, saved_lines, send_burst

from moderator.ui.screens.dialogs import ConfirmDialog
from moderator.ui.screens.history import HistoryScreen
from moderator.ui.screens.sandbox import SandboxScreen, WhatIfScreenMark


async def test_arrows_typed_ahead_move_the_highlight_before_o(saves: Path) -> None:
    rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        total = len(main_screen(app).session.game.journal)
        await send_burst(pilot, "h", "up", "up", "o")
        box = app.screen
        assert isinstance(box, SandboxScreen)
        assert box.sandbox.at == total - 2


async def test_arrows_typed_ahead_then_enter_ask_for_the_line_they_spell(saves: Path) -> None:
    rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        game = main_screen(app).session.game
        total = len(game.journal)
        await send_burst(pilot, "h", "up", "up", "up", "down", "enter")
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert dialog.question == f"Rewind to line {total - 2}?"
        await send_burst(pilot, "n", "escape")
        assert len(game.journal) == total and app.screen is main_screen(app)


async def test_every_screen_of_a_sandbox_carries_the_whatif_mark(saves: Path) -> None:
    rulebook_save(saves, "# Operating Round 1")
    async with running(saves) as (app, pilot):
        real = main_screen(app)
        total = len(real.session.game.journal)
        await send_burst(pilot, "o", "h")
        history = app.screen
        assert isinstance(history, HistoryScreen) and history.whatif is not None
        assert "WHAT-IF" in str(history.query_one("#history-title", Static).render())
        assert history.query(WhatIfScreenMark)
        await send_burst(pilot, "up", "enter")
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert dialog.question == f"WHAT-IF: rewind the sandbox to line {total - 1}?"
        assert "the real game and its save are not changed" in dialog.detail
        assert dialog.query(WhatIfScreenMark)
        await send_burst(pilot, "enter")  # the sandbox rewinds; the real game does not
        box = app.screen
        assert isinstance(box, SandboxScreen)
        assert len(box.session.game.journal) == total - 1
        assert len(real.session.game.journal) == total
        for key in ("f", "w"):
            await send_burst(pilot, key)
            assert app.screen is not box and app.screen.query(WhatIfScreenMark), key
            await send_burst(pilot, "escape")
            assert app.screen is box, key
        # out of the sandbox, History is the real game's, unmarked
        await send_burst(pilot, "o", "x", "y", "h")
        history = app.screen
        assert isinstance(history, HistoryScreen) and history.whatif is None
        assert not history.query(WhatIfScreenMark)


async def test_keys_typed_behind_a_refused_edit_are_not_used(saves: Path) -> None:
    """``h Home e 3 6 0 Enter k y`` in one burst: line 0 (the start of the game) cannot be
    edited, the digits did nothing, Enter asked to rewind to line 0 and ``y`` rewound the
    whole game.  Now the keys typed behind the refused ``e`` are not used; History stays
    open on line 0, and the game is as it was.  The same behind Enter on the last line
    (nothing to rewind)."""
    path = rulebook_save(saves, None)
    old = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", "home", "e", "360", "enter", "k", "y")
        assert isinstance(app.screen, HistoryScreen) and app.screen.line == 0
        await send_burst(pilot, "end", "enter", "up", "enter", "y")
        assert isinstance(app.screen, HistoryScreen)
    assert saved_lines(path) == old


async def test_a_key_that_is_no_answer_to_the_rewind_question_is_refused(saves: Path) -> None:
    """Round 4: ``h ↑ Enter r 9 0 Enter``, History's Enter asking to rewind one line and a
    run typed after it: the question ignored ``r 9 0`` and took the run's Enter as its
    yes, and the game was rewound.  Now ``r`` is no answer: a bell, the question says so,
    and the keys typed behind it are not used; the question stays, and ``n`` typed after
    closes it with nothing cut."""
    path = rulebook_save(saves, "# Operating Round 1")
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", "up", "enter", "r", "9", "0", "enter")
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert "'r' is no answer" in str(dialog.query_one(".dialog-keys", Static).render())
        assert saved_lines(path) == before
        await send_burst(pilot, "n", "escape")
        assert app.screen is main_screen(app)
    assert saved_lines(path) == before


async def test_a_letter_that_is_no_key_of_the_history_refuses_the_keys_behind_it(
    saves: Path,
) -> None:
    """``h ↑ x Enter y``: the ``x`` did nothing in History, and the Enter and ``y`` typed
    behind it (for whatever the ``x`` was meant to do) rewound the game one line.  Now the
    letter is refused (a bell, a toast) and the keys behind it are not used; typed after
    the refusal, Enter asks again as usual."""
    path = rulebook_save(saves, "# Operating Round 1")
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "h", "up", "x", "enter", "y")
        assert isinstance(app.screen, HistoryScreen)
        assert saved_lines(path) == before
        await send_burst(pilot, "enter")
        assert isinstance(app.screen, ConfirmDialog)
        await send_burst(pilot, "n", "escape")
    assert saved_lines(path) == before
