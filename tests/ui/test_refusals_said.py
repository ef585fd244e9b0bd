"""Refusals on the main screen say what the game says (issue 37.7).

A refused ``d`` is given and refused as a dialog's ``d`` gives it: the log keeps the
line and the game's reason.  1847 AE's ``b`` for a player who can afford nothing says
so, not the reason of some other certificate (Krauss & Co. belonging to a player).
"""

from __future__ import annotations

from pathlib import Path

from positions import Cut, save_at
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator import commands as c


async def test_a_refused_d_is_logged_with_the_games_reason(saves: Path) -> None:
    """1846's demo, PRR to act before its run: ``d`` changes nothing, and the log says
    ``✗ done PRR: refused: PRR has not run yet...`` as after a dialog's ``d``."""
    demo = (REPO / "moderator" / "demo" / "demo-1846.script").read_text(encoding="utf-8")
    save_from_script(saves / "g.json", demo).close()
    before = saved_lines(saves / "g.json")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        reason = screen.session.reason(c.Done(company="PRR"))
        assert reason is not None and "has not run yet" in reason
        await send_burst(pilot, "d")
        assert screen.log_panel.plain_lines[-1] == f"✗ done PRR: refused: {reason}"
    assert saved_lines(saves / "g.json") == before


async def test_1847ae_b_for_a_player_who_can_afford_nothing_says_so(tmp_path: Path) -> None:
    """A random 1847 AE game in stock round 2, Bob (M75) to act: every certificate on sale
    costs more (L M86, Saar M84), the pool holds none, Krauss is his own.  ``b`` rings and
    the toast says he can afford nothing, with the prices; nothing about Krauss."""
    saves = tmp_path / "saves"
    save_at(Cut("1847AE", 0, 16), saves)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.session.acting == "Bob"
        said: list[str] = []
        screen.notify = lambda message, **_: said.append(str(message))  # type: ignore[method-assign]
        await send_burst(pilot, "b")
        assert app.screen is screen and said, said
        assert said[-1].startswith("Bob can afford nothing on sale: Bob has M75, a ")
        assert "Krauss" not in said[-1]
