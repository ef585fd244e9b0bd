"""1817's merger and conversion round from the keys (facts §9, R 7.1): ``l`` lists each
``convert CORP`` and ``merge CORP TARGET`` the engine accepts now, the corporation's
letters pick one, and a burst of the same keys writes the same line; a line the engine
refuses (a president short of the merged price, a turn passed) is never offered."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import main_screen, running, save_from_script, saved_lines, send_burst

from moderator import commands as c

MERGER = (
    "game 1817 Amy Bob Cat\nprivate Amy MAJC 90\nprivate Bob MTE 40\npass Cat\npass Amy\n"
    "pass Bob\nipo Cat UR 400 2\nipo Amy PW 100 2\npass Bob\npass Cat\npass Amy\nloan UR 2\n"
    "train UR 2\ndone UR\ntrain PW 2\ndone PW\n"
)
"""Merger round 1.1: UR (Cat, $20 left: he cannot pay a merged price) then PW (Amy)."""


def merger_lines(app: object) -> list[str]:
    """The open list's lines of the merger round (its conversions and mergers)."""
    choices = app.screen.choices  # type: ignore[attr-defined]
    return [line for line, cmd in choices if isinstance(cmd, c.Later)]


async def test_l_lists_the_accepted_conversions_and_mergers_and_letters_pick(
    saves: Path,
) -> None:
    save_from_script(saves / "g.json", MERGER)
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        await pilot.press("l")
        await pilot.pause()
        lines = merger_lines(app)
        # merge UR PW: Cat ($20) cannot pay the merged price for Amy's share (R 7.1.2; O6)
        assert [x.split("   ")[0] for x in lines] == ["convert UR", "convert PW", "merge PW UR"]
        assert session.reason(c.Later(verb="merge", words=("UR", "PW"))) is not None
        for key in ("u", "r"):
            await pilot.press(key)
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert saved_lines(saves / "g.json")[-1] == "convert UR"
        # UR's turn is open: its own conversion is refused now, PW's still offered
        await pilot.press("l")
        await pilot.pause()
        lines = [x.split("   ")[0] for x in merger_lines(app)]
        assert lines == ["convert PW"]
        for line, cmd in app.screen.choices:  # type: ignore[attr-defined]
            assert session.reason(cmd) is None, line


async def test_a_burst_writes_the_same_conversion(saves: Path) -> None:
    save_from_script(saves / "g.json", MERGER)
    async with running(saves) as (app, pilot):
        before = len(main_screen(app).session.game.journal)
        await send_burst(pilot, "l", "ur", "enter")
        assert len(main_screen(app).session.game.journal) == before + 1
        assert saved_lines(saves / "g.json")[-1] == "convert UR"
        await send_burst(pilot, "l", "pw", "enter")
        assert saved_lines(saves / "g.json")[-1] == "convert PW"
        await send_burst(pilot, "l", "mergepw", "enter")  # PW has converted: no merger left
        assert saved_lines(saves / "g.json")[-1] == "convert PW"


async def test_a_merger_is_spelled_by_its_words(saves: Path) -> None:
    save_from_script(saves / "g.json", MERGER)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", "mergepw", "enter")
        assert saved_lines(saves / "g.json")[-1] == "merge PW UR"
        assert main_screen(app).session.data["merger"]["turn"]["corp"] == "PW"
