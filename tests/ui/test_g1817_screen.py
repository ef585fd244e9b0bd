"""The 1817 screen (issue 44): each corporation's size and loans with the interest it owes
this operating round, the rate fixed for the OR on the status line; the ``loan`` and
``payback`` keys."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import main_screen, running, save_from_script

DEMO = Path(__file__).parents[2] / "moderator" / "demo" / "demo-1817.script"


def screen_text(app: object) -> str:
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())  # type: ignore[attr-defined]


def demo(saves: Path) -> None:
    save_from_script(saves / "g.json", DEMO.read_text(encoding="utf-8"))


async def test_the_companies_panel_shows_size_loans_and_interest(saves: Path) -> None:
    """The demo at OR 2.1: PW has 2 loans owing $10, UR 1 owing $5, GT none; all are
    2-share corporations; the status line gives the rate fixed for this OR, 5% with 4
    of the 70 loans out — each figure from the state JSON."""
    demo(saves)
    async with running(saves) as (app, _pilot):
        data = main_screen(app).session.data
        assert data["interest"]["rate"] == 5 and data["interest"]["fixed"]
        text = screen_text(app)
        lines = text.splitlines()
        assert "Interest 5% this OR" in text and "loans 4/70" in text
        assert any("Size" in x and "Loans" in x for x in lines)
        for cid, loans, owed in (("PW", "2", "$10"), ("UR", "1", "$5"), ("WC", "1", "$5")):
            row = next(x for x in lines if f" {cid} " in x and "2sh" in x)
            assert f"{loans} owes {owed}" in row
        gt = next(x for x in lines if " GT " in x and "2sh" in x)
        assert "owes" not in gt
