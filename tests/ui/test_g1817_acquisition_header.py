"""1817's acquisition round in the header (facts §10): the corporation dealt with next and
its president; once bought, that the buyer's purchase is open (its loans, paybacks);
`acquire` typed in the command bar plays the round."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import main_screen, running, save_from_script

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = (ROOT / "scripts" / "1817-acquisition-liquidations.script").read_text(encoding="utf-8")
OPEN = SCRIPT[: SCRIPT.index("\nacquire UR PW 20\n") + 1]
"""Merger round 1.1 over (GT converted and liquidated): ME, PW, UR to be dealt with, lowest
price first (ME, passed by the purchase of PW, is taken by the bank)."""


def header(app: object) -> str:
    return next(
        strip.text
        for strip in app.screen._compositor.render_strips()  # type: ignore[attr-defined]
        if "round" in strip.text and "1817" in strip.text
    )


async def test_the_header_names_the_corporation_up_then_the_open_purchase(saves: Path) -> None:
    save_from_script(saves / "g.json", OPEN)
    async with running(saves) as (app, pilot):
        assert "Merger and conversion round 1.1" in header(app)
        await pilot.press("colon")
        await pilot.press(*"acquire UR PW 20", "enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        data = main_screen(app).session.data
        assert data["acquisition"]["turn"]["buyer"] == "UR"
        text = header(app)
        assert "Acquisition round 1.1" in text and "open UR buys PW" in text
        await pilot.press("colon")
        await pilot.press(*"done UR", "enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        text = header(app)
        assert "Acquisition round 1.1" in text and "up UR (Cat)" in text
