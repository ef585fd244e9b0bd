"""A stock-round key pressed while the setup goes on says the engine's reason, with its
rule: in 1817's opening sale `p`, `b` and `s` said "the rules allow no par now (Amy to
act)"; they say what `buy` would be told, "the opening sale is not over ... (facts §1)"."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import running, save_from_script, send_burst

from moderator import commands as c


async def test_1817_s_opening_sale_is_named_with_its_rule(saves: Path) -> None:
    game = save_from_script(saves / "g.json", "game 1817 Amy Bob Cy Dee\n")
    wanted = game.try_command(c.Buy(player="Amy", corp="UR", source="ipo"))
    game.close()
    assert wanted is not None and wanted.startswith("the opening sale is not over")
    assert wanted.endswith("(facts §1)")
    async with running(saves) as (app, pilot):
        for key in ("p", "b", "s"):
            app.clear_notifications()
            await send_burst(pilot, key)
            assert [str(n.message) for n in app._notifications] == [wanted]
        assert app.screen.session.game.journal == []  # type: ignore[attr-defined]
