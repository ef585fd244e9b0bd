"""Thirteenth keys round: 1817's parts 3 and 4 from the keys.

* **Shorts** (facts §5) are a stock turn's purchase of a share the player does not hold:
  ``s`` lists them beside his sales, spelled by the corporation then ``short`` (``s u r
  Enter`` is ``short Amy UR``: he holds no UR, so no sale of it is spelled alike); the
  shorts the engine refuses are listed with its reason, Enter takes nothing.  A cover is
  ``buy`` by a short holder: ``b`` says so ("covers a short").  Before, a short was typed
  in the command bar or taken from ``l``.
* **The cash crisis** (facts §12): the header names the player in crisis, his debt and
  what he must do; ``s`` lists only his crisis sales, then ``bankrupt`` when the engine
  takes it; every other key is refused with the engine's reason and the keys behind it
  are not used (``d`` said "the rules allow no done now").
* **The acquisition round** (facts §10): ``l``'s ``acquire BUYER TARGET`` opens the price,
  filled with the lowest bid, under it the engine's preview of the very line (the money
  moved); Enter gives ``acquire UR PW 20``.  Before, Enter gave the $10 line at once.
* **The end** (facts §14): the score screen counts a short at minus the price.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bursting import burst_as_slow
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hunt_bursts import typed
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator import commands as c

SCRIPTS = REPO / "tests" / "scripts"
SHORTS = (SCRIPTS / "1817-shorts.script").read_text(encoding="utf-8")
CRISIS = (SCRIPTS / "1817-cash-crisis.script").read_text(encoding="utf-8")
BANKRUPT = (SCRIPTS / "1817-bankrupt-short.script").read_text(encoding="utf-8")
ACQUIRE = (SCRIPTS / "1817-acquisition-liquidations.script").read_text(encoding="utf-8")


def upto(text: str, line: str) -> str:
    """``text`` up to (without) its first line ``line``."""
    raw = text.splitlines()
    return "\n".join(raw[: raw.index(line)]) + "\n"


def notes(app: object) -> list[str]:
    return [n.message for n in app._notifications]  # type: ignore[attr-defined]


def screen_text(app: object) -> str:
    return "\n".join(
        strip.text
        for strip in app.screen._compositor.render_strips()  # type: ignore[attr-defined]
    )


def header(app: object) -> str:
    return next(
        strip.text
        for strip in app.screen._compositor.render_strips()  # type: ignore[attr-defined]
        if "1817" in strip.text
    )


# ---------------------------------------------------------------- shorts and covers
async def test_s_lists_the_shorts_the_engine_takes_and_why_not_the_others(saves: Path) -> None:
    save_from_script(saves / "g.json", upto(SHORTS, "short Amy UR"))
    async with running(saves) as (app, pilot):
        await pilot.press("s")
        await pilot.pause()
        dialog = app.screen
        cmds = [cmd for _, cmd in dialog.choices]  # type: ignore[attr-defined]
        refusals = dialog.refusals  # type: ignore[attr-defined]
        legal = [x for x, why in zip(cmds, refusals, strict=True) if why is None]
        assert legal == [
            c.Later(verb="short", words=("Amy", "GT")),
            c.Later(verb="short", words=("Amy", "UR")),
        ]
        refused = dict(
            (x.words[1], why) for x, why in zip(cmds, refusals, strict=True) if why is not None
        )
        assert "PW" not in refused  # her own: its shares are sales, not shorts
        await pilot.press("escape")
        await pilot.pause()
        await send_burst(pilot, "s", "ur", "enter")
        assert saved_lines(saves / "g.json")[-1] == "short Amy UR"
        # her turn stays open for a purchase after the short (R 5.5): `x` ends it; Bob
        # holds GT: his list has UR's short; GT is his sale, not a short
        await send_burst(pilot, "x", "s", "ur", "enter")
        assert saved_lines(saves / "g.json")[-2:] == ["pass Amy", "short Bob UR"]


async def test_a_refused_short_takes_nothing_and_the_keys_behind_are_not_used(
    saves: Path,
) -> None:
    save_from_script(saves / "g.json", upto(SHORTS, "short Amy UR") + "short Amy UR\npass Amy\n")
    async with running(saves) as (app, pilot):
        before = saved_lines(saves / "g.json")
        # Bob: PW has 2 shares (no shorts); the x typed behind the refused Enter is not used
        await send_burst(pilot, "s", "pw", "enter", "x")
        assert saved_lines(saves / "g.json") == before
        dialog = app.screen
        assert any("only 5- and 10-share" in (w or "") for w in dialog.refusals)  # type: ignore[attr-defined]


async def test_b_says_a_short_holders_purchase_covers(saves: Path) -> None:
    save_from_script(saves / "g.json", upto(SHORTS, "cover Amy UR ipo"))
    async with running(saves) as (app, pilot):
        await pilot.press("b")
        await pilot.pause()
        labels = [str(label) for label, _ in app.screen.choices]  # type: ignore[attr-defined]
        covers = [x for x in labels if "UR" in x]
        assert covers and all("covers a UR short" in x for x in covers), labels
        await pilot.press("escape")
        await pilot.pause()
        await send_burst(pilot, "b", "uripo", "enter")
        assert saved_lines(saves / "g.json")[-1] == "buy Amy UR ipo"
        data = main_screen(app).session.data
        amy = next(p for p in data["players"] if p["name"] == "Amy")
        assert amy["shorts"].get("UR", 0) == 0


# ---------------------------------------------------------------- the cash crisis
async def test_the_header_names_the_crisis_and_s_lists_only_his_sales(saves: Path) -> None:
    save_from_script(saves / "g.json", upto(CRISIS, "sell Amy GT 1"))
    async with running(saves) as (app, pilot):
        text = header(app)
        assert "Amy in a cash crisis" in text and "-$4" in text, text
        assert "s sells" in text
        await pilot.press("s")
        await pilot.pause()
        cmds = [cmd for _, cmd in app.screen.choices]  # type: ignore[attr-defined]
        assert cmds == [c.Sell(player="Amy", corp="GT", count=1)]
        await pilot.press("escape")
        await pilot.pause()
        before = saved_lines(saves / "g.json")
        # d is refused with the engine's reason; the s g t 1 Enter behind it is not used
        await send_burst(pilot, "d", "s", "gt1", "enter")
        assert saved_lines(saves / "g.json") == before
        assert any("Amy is in a cash crisis" in x for x in notes(app))
        await send_burst(pilot, "s", "gt1", "enter")
        assert saved_lines(saves / "g.json")[-1] == "sell Amy GT 1"
        assert "cash crisis" not in header(app)


async def test_other_keys_in_a_crisis_say_the_engines_reason(saves: Path) -> None:
    save_from_script(saves / "g.json", upto(CRISIS, "sell Amy GT 1"))
    async with running(saves) as (app, pilot):
        before = saved_lines(saves / "g.json")
        for key in ("t", "e", "j"):
            await pilot.press(key)
            await pilot.pause()
            assert main_screen(app) is app.screen, key
            assert "Amy is in a cash crisis" in notes(app)[-1], (key, notes(app)[-1])
        assert saved_lines(saves / "g.json") == before


async def test_bankrupt_is_in_the_crisis_list_when_the_engine_takes_it(saves: Path) -> None:
    save_from_script(saves / "g.json", upto(BANKRUPT, "bankrupt Amy"))
    async with running(saves) as (app, pilot):
        text = header(app)
        assert "Amy in a cash crisis" in text and "bankrupt" in text, text
        await send_burst(pilot, "s", "bankrupt", "enter")
        assert saved_lines(saves / "g.json")[-1] == "bankrupt Amy"


# ---------------------------------------------------------------- the acquisition round
ACQ_OPEN = upto(ACQUIRE, "acquire UR PW 20")


async def test_l_acquire_asks_the_price_with_the_engines_preview(saves: Path) -> None:
    save_from_script(saves / "g.json", ACQ_OPEN)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", "acquireurpw", "enter")
        dialog = app.screen
        assert dialog.__class__.__name__ == "AmountDialog"
        extra = str(dialog.query_one("#extra").render())  # type: ignore[attr-defined]
        assert "UR" in extra and "$" in extra, extra
        await send_burst(pilot, "20", "enter")
        assert saved_lines(saves / "g.json")[-1] == "acquire UR PW 20"


async def test_a_refused_acquire_price_stays_and_the_keys_behind_are_not_used(
    saves: Path,
) -> None:
    save_from_script(saves / "g.json", ACQ_OPEN)
    async with running(saves) as (app, pilot):
        before = saved_lines(saves / "g.json")
        await send_burst(pilot, "l", "acquireurpw", "enter", "9", "9", "9", "9", "enter", "l")
        assert saved_lines(saves / "g.json") == before
        assert app.screen.__class__.__name__ == "AmountDialog"


# ---------------------------------------------------------------- the end
async def test_the_score_screen_counts_a_short_at_minus_the_price(saves: Path) -> None:
    save_from_script(saves / "g.json", SHORTS.split("# merger round 2.2")[0])
    async with running(saves) as (app, pilot):
        await pilot.press("f")
        await pilot.pause()
        shown = screen_text(app)
        assert "short" in shown and "-$80" in shown, shown


# ---------------------------------------------------------------- bursts
@settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    corp=st.sampled_from(["ur", "gt", "pw", "uripo", "x", "urshort", "gtsh"]),
    tail=st.sampled_from(["enter", "d", "x", "escape"]),
)
async def test_a_short_burst_commits_what_it_spells_or_nothing(
    saves: Path, corp: str, tail: str
) -> None:
    folder = Path(tempfile.mkdtemp(dir=saves))
    path = folder / "g.json"
    save_from_script(path, upto(SHORTS, "short Amy UR"))
    before = saved_lines(path)
    async with running(folder) as (app, pilot):
        await send_burst(pilot, "s", corp, tail)
        after = saved_lines(path)
    spelled = {
        "ur": "short Amy UR",
        "gt": "short Amy GT",
        "urshort": "short Amy UR",
        "gtsh": "short Amy GT",
    }
    if tail == "enter" and corp in spelled:
        assert after == [*before, spelled[corp]]
    else:
        assert after == before


# ---------------------------------------------------------------- the help
async def test_the_help_says_the_titles_places_and_still_fills_120x40(saves: Path) -> None:
    save_from_script(saves / "g.json", upto(SHORTS, "short Amy UR"))
    async with running(saves) as (app, pilot):
        await pilot.press("f1")
        await pilot.pause()
        shown = screen_text(app)
        assert "buy one share (treasury or market)" in shown
        assert "1817: shorts, crisis" in shown, shown
        # the last key row down to ctrl+t is whole at 120x40
        assert "ctrl+t" in shown and "l local network, s stops." in shown


PIECES = {
    "crisis": [
        ["d"],
        ["x"],
        ["t", "enter"],
        ["e", "4", "0", "enter"],
        ["j", "enter"],
        ["s", "g", "t", "1", "enter"],
        ["s", "enter"],
        ["s", "b", "a", "n", "k", "enter"],
        ["l", *"sellamygt1", "enter"],
        ["r", "9", "0", "enter"],
    ],
    "acquire": [
        ["l", *"acquireurpw", "enter", "2", "0", "enter"],
        ["l", *"acquireurpw", "enter", "9", "9", "9", "enter"],
        ["l", *"liquidateme", "enter"],
        ["l", *"acquireurpw", "escape"],
        ["d"],
        ["j", "enter"],
        ["x"],
    ],
}
BASES = {
    "crisis": upto(CRISIS, "sell Amy GT 1"),
    "acquire": ACQ_OPEN,
}


@settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(where=st.sampled_from(sorted(PIECES)), data=st.data())
def test_a_crisis_or_acquisition_burst_commits_what_the_slow_keys_commit(
    saves: Path, where: str, data: st.DataObject
) -> None:
    folder = Path(tempfile.mkdtemp(dir=saves))
    base = folder / "g.json"
    save_from_script(base, BASES[where])
    pieces = data.draw(st.lists(st.sampled_from(PIECES[where]), min_size=1, max_size=3))
    burst_as_slow(base, [key for piece in pieces for key in piece], typed, "round13-")


async def test_the_buyers_payback_and_done_are_its_keys(saves: Path) -> None:
    save_from_script(saves / "g.json", upto(ACQUIRE, "payback UR 1"))
    async with running(saves) as (app, pilot):
        assert main_screen(app).session.data["acquisition"]["turn"]["buyer"] == "UR"
        await send_burst(pilot, "u", "enter", "d")
        assert saved_lines(saves / "g.json")[-2:] == ["payback UR 1", "done UR"]
        assert main_screen(app).session.data["acquisition"]["turn"] is None
