"""The TUI tells the banker what is wrong with a save it opens (issue 20.1, 20.7): a cut last
line (its number, the side file keeping it), a save shorter than when the TUI last closed
it, and entries today's rules settle differently (and the History rewind upgrades)."""

from __future__ import annotations

import shutil
from pathlib import Path

from ui_helpers import SIZE, main_screen, running

from moderator.fixes import RULES_LEVEL
from moderator.game import Game
from moderator.ui.app import ModeratorApp
from moderator.ui.screens.dialogs import ConfirmDialog
from moderator.ui.screens.history import HistoryScreen
from moderator.ui.screens.main import MainScreen

DATA = Path(__file__).parents[1] / "core" / "data"
OLD_1853 = "level0-1853-first-sr-pool-share-bought.json"
"""A stock-round-1 pool purchase recorded before 1853 2.8.1 (entry 28; see
``tests/core/test_saves_upgrade.py``)."""


def _about(app: ModeratorApp) -> list[str]:
    return [n.message for n in app._notifications if n.title == "About this save"]


async def test_a_cut_save_is_announced_and_its_text_kept(saves: Path) -> None:
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "cut.json"
    data = (DATA / OLD_1853).read_bytes()
    path.write_bytes(data[:-40])  # inside the last line
    lines = data.count(b"\n")
    async with running(saves) as (app, _pilot):
        game = main_screen(app).session.game
        assert len(game.journal) == lines - 2
        about = _about(app)
        assert any(f"ends in an incomplete line (line {lines}," in m for m in about), about
        assert (saves / f"cut.cut-{lines}.txt").read_bytes() == data[:-40].rsplit(b"\n", 1)[1]


async def test_a_save_that_comes_back_shorter_is_announced(saves: Path) -> None:
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "game.json"
    shutil.copyfile(DATA / "level0-1846-plain.json", path)
    async with running(saves) as (app, pilot):
        assert _about(app) == []
        await pilot.press("ctrl+q")
    full = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(full[:-5]))  # an older copy put back, whole lines
    async with running(saves) as (app, _pilot):
        about = _about(app)
        assert any(
            "held 39 commands when moderator last closed it, and holds 34" in m for m in about
        ), about


async def test_an_old_rules_save_is_announced_and_upgraded_from_history(saves: Path) -> None:
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "old.json"
    shutil.copyfile(DATA / OLD_1853, path)
    if Game.load(path, read_only=True).rules_difference is None:
        return  # 1853 2.8.1 has not landed: the save replays the same (see test_saves_upgrade)
    async with running(saves) as (app, pilot):
        about = _about(app)
        assert any("journal entry 28 (`buy Ann NWR pool`" in m and "2.8.1" in m for m in about)
        game = main_screen(app).session.game
        await pilot.press("h")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        for _ in range(len(game.journal) - 27):
            await pilot.press("up")
        await pilot.pause()
        assert history.line == 27
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert len(game.journal) == 27 and game.rules_level == RULES_LEVEL
    again = ModeratorApp(saves=saves)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert _about(again) == []
        assert main_screen(again).session.game.rules_level == RULES_LEVEL


async def test_a_level_3_1889_save_is_announced(saves: Path) -> None:
    """Rules level 4 (moderator.fixes, tests/core/test_rules_level_4.py): an 1889 game saved
    at level 3, whose last entry plays differently today (Cy sells KO a second time toward
    KO's train; facts §6, §9), is announced naming the entry and the rule, and opens as
    recorded at level 3."""
    text = (DATA.parents[1] / "scripts" / "1889-forced-train.script").read_text(encoding="utf-8")
    words = next(x for x in text.splitlines() if x.startswith("game ")).split()[1:]
    game = Game.new(words[0], words[1:], rules_level=3)
    for line in [*text.split("sell Cy KO 2")[0].splitlines(), "sell Cy KO 1", "sell Cy KO 1"]:
        if line.strip() and not line.startswith(("#", "game ")):
            assert game.execute(line).ok, line
    game.save(saves / "old1889.json")
    game.close()
    entries = len(game.journal)
    async with running(saves) as (app, _pilot):
        about = _about(app)
        assert any(
            f"journal entry {entries} (`sell Cy KO 1`" in m and "1889 facts §6, §9" in m
            for m in about
        ), about
        assert main_screen(app).session.game.rules_level == 3
