"""1817's IPO result dialog (facts §3): ``p`` in a stock round writes ``ipo PLAYER CORP
PRICE SIZE [PRIVATE...] [by NOMINATOR]`` step by step — the corporation, the winner, the
price and size, the privates contributed — each step showing the engine's preview of the
exact line, or its refusal; a burst commits what it spells or nothing."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import main_screen, running, save_from_script, saved_lines, send_burst

from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog
from moderator.ui.screens.ipo import private_sets

OPENING = """game 1817 Amy Bob Cy Dee
private Amy MAJM 100
private Bob MAJC 80
private Cy MAIL 90
private Dee MTE 40
private Amy CM 60
pass Bob
pass Cy
pass Dee
pass Amy
"""
"""The opening sale sold; stock round 1, Bob to act (Amy holds CM and MAJM)."""


def opening(saves: Path) -> Path:
    path = saves / "g.json"
    save_from_script(path, OPENING)
    return path


def words(dialog: object) -> str:
    return str(dialog.query_one("#choice-detail").render())  # type: ignore[attr-defined]


async def test_a_burst_writes_the_ipo_it_spells(saves: Path) -> None:
    """``p u r Enter a m y Enter 2 0 0 Enter m a j m Enter``: Amy won UR at $200, put up by
    Bob on his turn, contributing MAJM: exactly that line, with ``by Bob``."""
    path = opening(saves)
    async with running(saves) as (app, pilot):
        before = saved_lines(path)
        keys = ["p", "u", "r", "enter", "a", "m", "y", "enter", "2", "0", "0", "enter"]
        await send_burst(pilot, *keys, "m", "a", "j", "m", "enter")
        assert saved_lines(path)[len(before) :] == ["ipo Amy UR 200 2 MAJM by Bob"]
        co = main_screen(app).session.company("UR")
        assert co and co["price"] == 100 and co["cash"] == 80 and co["president"] == "Amy"


async def test_each_step_shows_the_engines_preview_and_refusals(saves: Path) -> None:
    """The price step names the par the engine's rule gives and refuses a bid off the
    range with the engine's reason (facts §3); the privates list sends the exact line
    and previews it, and a set the winner's cash cannot top up is refused: Enter on it
    takes nothing."""
    path = opening(saves)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        before = saved_lines(path)
        await send_burst(pilot, "p")
        first = app.screen
        assert isinstance(first, ChoiceDialog)
        assert "Bob puts which corporation" in first.title_text
        await send_burst(pilot, "u", "r", "enter")
        winners = app.screen
        assert isinstance(winners, ChoiceDialog)
        assert [x.player for _, x in winners.choices][:1] == ["Bob"]  # the nominator first
        await send_burst(pilot, "a", "m", "y", "enter", "9", "5")
        price = app.screen
        assert isinstance(price, AmountDialog)
        why = screen.session.reason(price.command())  # type: ignore[arg-type]
        assert why and "facts §3" in why and why in price.reason_text
        await send_burst(pilot, "enter")  # refused: stays open, nothing given
        assert app.screen is price and saved_lines(path) == before
        await send_burst(pilot, "backspace", "backspace", "3", "0", "0")
        extra = str(price.query_one("#extra").render())
        assert "par $150" in extra, extra
        assert "✓ with privates" in price.reason_text  # Amy: $155 in cash, $180 of privates
        await send_burst(pilot, "enter")
        sets = app.screen
        assert isinstance(sets, ChoiceDialog)
        assert [x.privates for _, x in sets.choices] == private_sets(["CM", "MAJM"])
        assert sets.refusals[0] and "facts §3" in sets.refusals[0]  # $300 all in cash
        assert "would send ipo Amy UR 300 2 by Bob" in words(sets)
        await send_burst(pilot, "enter")  # refused: nothing taken
        assert app.screen is sets and saved_lines(path) == before
        await send_burst(pilot, "c", "m", "m", "a", "j", "m")
        text = words(sets)
        assert "sends ipo Amy UR 300 2 CM MAJM by Bob" in text, text
        assert "$120 in cash, CM at $60, MAJM at $120" in text, text
        await send_burst(pilot, "escape")
        assert app.screen is screen and saved_lines(path) == before


def test_private_sets_come_by_size() -> None:
    assert private_sets(["A", "B", "C"]) == [
        (),
        ("A",),
        ("B",),
        ("C",),
        ("A", "B"),
        ("A", "C"),
        ("B", "C"),
        ("A", "B", "C"),
    ]
    assert len(private_sets([str(i) for i in range(11)])) <= 128
