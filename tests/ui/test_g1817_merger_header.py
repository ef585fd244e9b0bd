"""1817's merger and conversion round in the header (facts §9): the corporations that may
still convert or merge, with their presidents; once one has, that its turn is open; a
line typed in the command bar plays the round."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import main_screen, running, save_from_script

MERGER = (
    "game 1817 Amy Bob Cat\nprivate Amy MAJC 90\nprivate Bob MTE 40\npass Cat\npass Amy\n"
    "pass Bob\nipo Cat UR 200 2\nipo Amy PW 100 2\npass Bob\npass Cat\npass Amy\nloan UR 2\n"
    "train UR 2\ndone UR\ntrain PW 2\ndone PW\n"
)
"""Merger round 1.1: UR (Cat) then PW (Amy) (tests/rulesets/test_g1817_merger.py)."""


def header(app: object) -> str:
    return next(
        strip.text
        for strip in app.screen._compositor.render_strips()  # type: ignore[attr-defined]
        if "Merger and conversion round" in strip.text
    )


async def test_the_header_names_who_may_convert_then_the_open_turn(saves: Path) -> None:
    save_from_script(saves / "g.json", MERGER)
    async with running(saves) as (app, pilot):
        assert "may convert or merge UR (Cat), PW (Amy)" in header(app)
        await pilot.press("colon")
        await pilot.press(*"convert", "space", "U", "R", "enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert main_screen(app).session.data["merger"]["turn"]["corp"] == "UR"
        text = header(app)
        assert "Merger and conversion round 1.1" in text and "open UR" in text
