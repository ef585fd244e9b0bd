"""The run dialog's advisor (issue 37.7): it names every train the bank offers the
company next, and its bank row says whose shares' dividend the bank keeps.

1846's demo (PRR to act, phase II, the next card a 5 or a 4/6): both the 5 at $500 and
the 4/6 at $450 get a row, each with the engine's answer; 1847 AE's demo (Saar to act):
the bank keeps the dividend of the IPO's and the investor certificates, and the row
says so with their counts from the state JSON.
"""

from __future__ import annotations

from pathlib import Path

from advice_helpers import shown_advice
from ui_helpers import REPO, main_screen, running, save_from_script, send_burst

from moderator import commands as c
from moderator.advisor import advise, bank_label
from moderator.ui.screens.dialogs import RunDialog

DEMOS = REPO / "moderator" / "demo"


def _demo(saves: Path, name: str) -> None:
    text = (DEMOS / name).read_text(encoding="utf-8")
    save_from_script(saves / "g.json", text).close()


async def test_1846_every_bank_train_offered_next_has_a_row(saves: Path) -> None:
    """Phase II, PRR to act: the bank sells the next card as a 5 ($500) or a 4/6 ($450);
    the advisor names both (not only the first), each short of the treasury."""
    _demo(saves, "demo-1846.script")
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        offered = {
            x.train for x in session.bank_trains("PRR") if session.train_price(x.train) is not None
        }
        assert offered == {"5", "4/6"}
        await send_burst(pilot, "r", "100")
        dialog = app.screen
        assert isinstance(dialog, RunDialog)
        shown = shown_advice(dialog)
        rows = [label for label in shown if label.startswith("  the ")]
        assert rows == ["  the 5, $500", "  the 4/6, $450"]
        assert any(label.startswith("PRR may buy, ") for label in shown)
        for label in rows:
            assert all(cell.startswith("✗ short $") for cell in shown[label]), shown
        # the Stock Market's share pays nobody in 1846 (6.73): the bank row says so
        assert "bank (Stock Market 1 sh)" in shown


async def test_1847ae_the_bank_row_names_the_ipo_and_investor_shares(saves: Path) -> None:
    """6.7.4: the IPO's and the investor certificates pay nobody; the bank row names both
    with the shares the state JSON gives them."""
    _demo(saves, "demo-1847ae.script")
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        saar = session.company("Saar")
        assert saar is not None
        ipo, investor = saar["ipo"] // 10, saar["investor"] // 10
        assert ipo and investor
        await send_burst(pilot, "r", "100")
        dialog = app.screen
        assert isinstance(dialog, RunDialog)
        shown = shown_advice(dialog)
        label = f"bank (initial offering {ipo}, investor {investor} sh)"  # 6.7.4
        assert label in shown, shown
        assert shown[label][0] == session.money(10 * (ipo + investor))


def test_bank_label_without_kept_shares_is_plain(saves: Path) -> None:
    """A run that leaves nothing in the bank names no holder."""
    _demo(saves, "demo-1846.script")
    from moderator.game import Game

    with Game.load(saves / "g.json") as game:
        columns = advise(game, c.Run(company="PRR", revenue=100), ["withhold"])
        assert columns[0].bank_keeps == () and bank_label(columns) == "bank"
        assert [x.train for x in columns[0].trains] == ["5", "4/6"]
