"""An undo or a rewind lists what it changes on the table, as a correction does (the bank
never acts unseen): the 1846 rulebook example's ``run NYC 370 half`` (line 49) taken back
is every holder's dividend handed back and NYC's marker moved back, holder by holder,
the amounts the engine computed (the state before set against the state after)."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import main_screen, rulebook_save, running, saved_lines, send_burst

from moderator.game import Game
from moderator.sandbox_table import table_changes
from moderator.ui.screens.sandbox import SandboxScreen

RUN_NYC = 49


async def test_undo_and_rewind_say_what_to_hand_back(saves: Path) -> None:
    path = rulebook_save(saves, "buyprivate NYC MAIL")  # the game ends with NYC's run
    assert saved_lines(path)[-1] == "run NYC 370 half"
    before = Game.load(path, read_only=True)
    after = Game.load(path, read_only=True)
    after.state = after.replay(RUN_NYC - 1)
    wanted = [x.text() for x in table_changes(before, after)]
    before.close()
    after.close()
    assert any(x.startswith("NYC: price ") for x in wanted)
    assert sum(x.startswith("the bank: cash ") for x in wanted) == 1
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await send_burst(pilot, "ctrl+z")
        logged = screen.log_panel.plain_lines
        at = logged.index("↶ undone: run NYC 370 half")
        assert logged[at + 1] == f"on the table, change ({len(wanted)} figures):"
        assert [x.strip() for x in logged[at + 2 : at + 2 + len(wanted)]] == wanted
        await send_burst(pilot, "ctrl+y")  # redo: the run again
        assert saved_lines(path)[-1] == "run NYC 370 half"
        await send_burst(pilot, "h", "up", "enter", "y")  # rewind to line 48: the same
        logged = screen.log_panel.plain_lines
        at = logged.index(f"⟲ rewound to line {RUN_NYC - 1}")
        assert [x.strip() for x in logged[at + 2 : at + 2 + len(wanted)]] == wanted


async def test_an_undo_in_a_what_if_sandbox_lists_nothing_for_the_table(saves: Path) -> None:
    """The table mirrors the real game, never a sandbox: its undo lists no table changes."""
    rulebook_save(saves, "buyprivate NYC MAIL")
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "o")
        box = app.screen
        assert isinstance(box, SandboxScreen)
        await send_burst(pilot, "ctrl+z")
        logged = box.log_panel.plain_lines
        assert "↶ undone: run NYC 370 half" in logged
        assert not any(line.startswith("on the table") for line in logged)
