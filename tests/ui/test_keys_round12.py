"""Twelfth keys round: 1817's merger and conversion round from the keys.

* After a conversion (or a merger) its turn is open and the header names the corporation
  (facts §9, R 7.1.4); the players' purchases of its treasury shares and their sales are
  then the round's lines, but ``b`` said "Buy is for a stock round; this is an operating
  round" and ``l`` listed only ``done`` and the loan: the purchases were typed in the
  command bar or not at all.  Now the engine offers them (``MergerRound.candidates``),
  ``b`` and ``s`` list those it accepts, spelled by the player's name (several players
  may act, the corporation is one): ``b a m y Enter`` is ``buy Amy UR ipo``, the same in
  one burst as key by key; refused (the buying over after a loan, the president's sale),
  the key opens nothing and says the engine's reason, and the keys behind it are not used.
* History's ``Enter`` at the present ("nothing to rewind") dropped the keys typed behind
  it, as a refused key does, but did not ring: typed one at a time nothing said they were
  lost, and ``h Enter ↓ Esc l r u n ... Enter`` ran the company slowly, not in one burst
  (the hunt, 1817).  It rings now, as History's other refusals.
* The merger round's header named every corporation of the round's order whose turn had
  not passed as one that "may convert or merge", a 10-share one too, which does neither
  (facts §9, R 7.1): the engine offered it nothing.  The engine's record now says which
  may (``merger.may``: the 2- and 5-share ones), and the header names those.
* In a conversion's open turn a stock round's key (``x``, ``p``) said "this is an operating
  round" under a header that says the merger and conversion round: it says that round now,
  with the corporation whose turn is open.
"""

from __future__ import annotations

from pathlib import Path

from ui_helpers import main_screen, running, save_from_script, saved_lines, send_burst

from moderator import commands as c
from moderator.ui.app import ModeratorApp

MERGER = (
    "game 1817 Amy Bob Cat\nprivate Amy MAJC 90\nprivate Bob MTE 40\npass Cat\npass Amy\n"
    "pass Bob\nipo Cat UR 400 2\nipo Amy PW 100 2\npass Bob\npass Cat\npass Amy\nloan UR 2\n"
    "train UR 2\ndone UR\ntrain PW 2\ndone PW\nconvert UR\n"
)
"""Merger round 1.1, UR converted (Cat, its president, $20: he buys none); Amy and Bob
may buy one share each from UR's treasury (tests/ui/test_g1817_merger_keys.py)."""

NAMED = MERGER.replace("Amy", "B").replace("Bob", "Uri")
"""The same with players named like the buy key and the corporation."""


async def test_b_lists_the_purchases_after_a_conversion_by_the_players_names(
    saves: Path,
) -> None:
    save_from_script(saves / "g.json", MERGER)
    async with running(saves) as (app, pilot):
        assert main_screen(app).session.data["to_act"] == "UR"
        await pilot.press("b")
        await pilot.pause()
        choices = [cmd for _, cmd in app.screen.choices]  # type: ignore[attr-defined]
        assert choices == [
            c.Buy(player="Amy", corp="UR", source="ipo"),
            c.Buy(player="Bob", corp="UR", source="ipo"),
        ]
        await pilot.press(*"bob", "enter")
        await pilot.pause()
        assert saved_lines(saves / "g.json")[-1] == "buy Bob UR ipo"
        # Amy's turn came before Bob's (from the president to the left): no purchase left
        await pilot.press("b")
        await pilot.pause()
        assert saved_lines(saves / "g.json")[-1] == "buy Bob UR ipo"
        said = [n.message for n in app._notifications]
        assert "no purchase after UR's conversion is legal now" in said[-1]


async def test_a_burst_of_purchases_then_done_writes_them_in_order(saves: Path) -> None:
    save_from_script(saves / "g.json", MERGER)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "b", "amy", "enter", "b", "bob", "enter", "d")
        assert saved_lines(saves / "g.json")[-3:] == ["buy Amy UR ipo", "buy Bob UR ipo", "done UR"]
        assert main_screen(app).session.data["merger"]["turn"] is None


async def test_players_named_like_the_key_and_the_corporation(saves: Path) -> None:
    save_from_script(saves / "g.json", NAMED)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "b", "uri", "enter")
        assert saved_lines(saves / "g.json")[-1] == "buy Uri UR ipo"
        await send_burst(pilot, "escape", "l", "convertpw", "enter")
        assert saved_lines(saves / "g.json")[-1] == "convert PW"
        # PW's turn: B, its president, then Uri; B's second share would pass 60% (facts §0)
        await send_burst(pilot, "b", "b", "enter", "b", "uri", "enter")
        assert saved_lines(saves / "g.json")[-2:] == ["buy B PW ipo", "buy Uri PW ipo"]
        await send_burst(pilot, "b", "b", "enter", "d")
        assert saved_lines(saves / "g.json")[-1] == "buy Uri PW ipo"
        assert main_screen(app).session.data["to_act"] == "PW"


async def test_after_the_loan_b_and_s_say_why_and_use_no_key_behind(saves: Path) -> None:
    save_from_script(saves / "g.json", MERGER + "loan UR\n")
    async with running(saves) as (app, pilot):
        before = saved_lines(saves / "g.json")
        await send_burst(pilot, "b", "amy", "enter", "s", "cat", "1", "enter")
        assert saved_lines(saves / "g.json") == before
        said = [n.message for n in app._notifications]
        assert any("UR has taken a loan" in x for x in said)
        assert main_screen(app).session.data["to_act"] == "UR"


async def test_history_enter_at_the_present_rings(saves: Path, monkeypatch: object) -> None:
    save_from_script(saves / "g.json", MERGER)
    rung: list[int] = []
    monkeypatch.setattr(ModeratorApp, "bell", lambda self: rung.append(1))  # type: ignore[attr-defined]
    async with running(saves) as (app, pilot):
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert rung, "a refused key rings: the keys typed behind it are not used"
        said = [n.message for n in app._notifications]
        assert said[-1] == "this is the game as it is now; nothing to rewind"


TEN = (
    MERGER
    + "buy Amy UR ipo\nbuy Bob UR ipo\ndone UR\nrun UR 100 withhold\ndone UR\n"
    + "run PW 50 withhold\ndone PW\nconvert UR\ndone UR\npass Bob\npass Cat\npass Amy\n"
    + "run UR 100 withhold\ndone UR\nrun PW 50 withhold\ndone PW\n"
)
"""Merger round 2.1: UR, converted twice (10 shares), alone in the round's order."""


def merger_header(app: object) -> str:
    return next(
        strip.text
        for strip in app.screen._compositor.render_strips()  # type: ignore[attr-defined]
        if "Merger and conversion round" in strip.text
    )


async def test_the_header_names_no_ten_share_corporation_as_one_that_may_convert(
    saves: Path,
) -> None:
    save_from_script(saves / "g.json", TEN)
    async with running(saves) as (app, pilot):
        data = main_screen(app).session.data
        assert data["merger"]["order"] == ["UR"]
        assert data["merger"]["may"] == []
        offered = main_screen(app).session.legal()
        assert not [x for x in offered if isinstance(x, c.Later) and x.verb in ("convert", "merge")]
        assert "may convert or merge" not in merger_header(app)


async def test_a_stock_round_key_in_the_open_turn_names_the_merger_round(saves: Path) -> None:
    save_from_script(saves / "g.json", MERGER)
    async with running(saves) as (app, pilot):
        before = saved_lines(saves / "g.json")
        await send_burst(pilot, "x", "d")
        assert saved_lines(saves / "g.json") == before  # the key behind the refused one unused
        said = [n.message for n in app._notifications]
        assert any("this is the merger and conversion round, UR's turn open" in x for x in said)
