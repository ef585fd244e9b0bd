"""The same keys do the same thing in every position (issue 27): the table's cases.

- A list with one legal choice opens like any other, that choice highlighted: 1847 AE's
  SR 1 ``b`` with SCR the only share left (it was bought with no preview), 1853's last
  bond (``n d e e Enter 9 0 Enter`` committed the minimum and ``9 0 Enter`` fell on the
  main screen).
- ``d`` confirms and ends the turn in every dialog that says so: spend, run, a train at a
  price agreed, a private's price, issue or redeem (it was swallowed by the amount field).
- ``t`` lists the bank's trains first even when the company cannot buy them; the line says
  why, and ``t d`` buys nothing else.
- Letters that match nothing in a list are said, not silently dropped.
"""

from __future__ import annotations

import random
from pathlib import Path

from positions import Cut, save_at, scan
from test_dialog_figures import AE_END_OF_SR1
from textual.widgets import Static
from ui_helpers import main_screen, running, save_from_script, saved_lines, send_burst

from moderator import commands as c
from moderator.ui.saves import demo_script
from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog
from moderator.ui.screens.main import MainScreen

AE_ONE_SHARE_LEFT = AE_END_OF_SR1.removesuffix("buy Carlos SCR\n")
"""1847 AE's first stock round with one purchase left to Carlos: SCR."""


def keys_line(dialog: ChoiceDialog | AmountDialog) -> str:
    """The keys line under a dialog, as drawn."""
    return str(dialog.query(".dialog-keys").last(Static).render())


async def test_one_legal_purchase_opens_the_list_with_its_preview(tmp_path: Path) -> None:
    save_from_script(tmp_path / "g.json", AE_ONE_SHARE_LEFT).close()
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        assert len(screen.session.legal_of(c.Buy)) == 1
        await send_burst(pilot, "b")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and len(dialog.choices) == 1
        label = dialog.choices[0][0]
        assert "Carlos buys SCR" in str(label) and "pays M" in str(label)  # the price shown
        await send_burst(pilot, "escape")  # nothing taken
        assert app.screen is screen and saved_lines(tmp_path / "g.json")[-1] == "buy Amy PLP"
        await send_burst(pilot, "b", "s", "c", "enter")  # the documented keys
        assert saved_lines(tmp_path / "g.json")[-1] == "buy Carlos SCR"


async def test_the_last_bond_is_typed_as_the_others(tmp_path: Path) -> None:
    """The issue's burst: everyone's bond typed the same way; the last one is not
    committed at the minimum, and no key falls on the main screen."""
    save_from_script(tmp_path / "g.json", "game 1853 Amy Bob Carlos Dee\n").close()
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        await send_burst(
            pilot,
            *("n", "amy", "enter", "150", "enter"),
            *("n", "bob", "enter", "150", "enter"),
            *("n", "carlos", "enter", "150", "enter"),
            *("n", "dee", "enter", "90", "enter"),
        )
        assert app.screen is screen
        assert saved_lines(tmp_path / "g.json") == [
            "bond Amy 150",
            "bond Bob 150",
            "bond Carlos 150",
            "bond Dee 90",
        ]


async def test_a_list_of_one_keeps_the_keys_typed_after_it(tmp_path: Path) -> None:
    """Esc after a list of one: the key after the list's key is the list's, not the main
    screen's (``c`` used to open Check)."""
    save_from_script(tmp_path / "g.json", AE_ONE_SHARE_LEFT).close()
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        await send_burst(pilot, "b", "c")
        assert isinstance(app.screen, ChoiceDialog)
        assert app.screen.typed == "c"  # the letter narrowed the list (Carlos buys SCR)
        await send_burst(pilot, "escape")
        assert app.screen is screen and saved_lines(tmp_path / "g.json")[-1] == "buy Amy PLP"


async def test_letters_that_match_nothing_are_said(tmp_path: Path) -> None:
    """A key that matches no choice narrows nothing, and neither do the keys after it:
    Enter takes nothing and the log says so (issue 37.1); Backspace erases the missed
    keys, then the list's keys work again."""
    path = tmp_path / "g.json"
    save_from_script(path, AE_ONE_SHARE_LEFT).close()
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "b", "s", "q")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.typed == "s"
        line = keys_line(dialog)
        assert "no choice matches 'sq': Enter takes nothing; Backspace erases 'q'" in line, line
        await send_burst(pilot, "c")  # a key after the miss: still nothing
        await send_burst(pilot, "enter")  # (an Enter in its burst is not used: missed c)
        assert app.screen is dialog and dialog.typed == "s" and dialog.missed == "qc"
        assert saved_lines(path) == before
        log = main_screen(app).log_panel.plain_lines
        assert any("no choice matches 'sqc', nothing taken" in x for x in log), log
        await send_burst(pilot, "backspace", "backspace", "c")
        assert dialog.typed == "sc" and "no choice matches" not in keys_line(dialog)


# ---------------------------------------------------------------- d in every dialog
async def demo(tmp_path: Path) -> Path:
    """The 1846 demo (OR 3.1, PRR to act) in a save of its own."""
    path = tmp_path / "g.json"
    save_from_script(path, demo_script()).close()
    return path


async def test_d_in_the_run_dialog_runs_and_ends_the_turn(tmp_path: Path) -> None:
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = len(saved_lines(path))
        await send_burst(pilot, "r")
        assert "d confirm and end the turn" in keys_line(app.screen)  # type: ignore[arg-type]
        await send_burst(pilot, "9", "0", "d", "x")  # the x after it falls on the main screen
        assert isinstance(app.screen, MainScreen)
        assert saved_lines(path)[before:] == ["run PRR 90 full", "done PRR"]


async def test_d_in_the_spend_dialog_spends_and_ends_the_turn(tmp_path: Path) -> None:
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = len(saved_lines(path))
        await send_burst(pilot, "r", "9", "0", "enter", "e")
        assert "d confirm and end the turn" in keys_line(app.screen)  # type: ignore[arg-type]
        await send_burst(pilot, "1", "0", "d")
        assert isinstance(app.screen, MainScreen)
        assert saved_lines(path)[before:] == ["run PRR 90 full", "spend PRR 10", "done PRR"]


async def test_d_when_the_rules_refuse_done_says_why(tmp_path: Path) -> None:
    """``e 1 0 d`` before the run: the spend is given, the done refused (6.2), and the log
    says so; the turn goes on."""
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        before = len(saved_lines(path))
        await send_burst(pilot, "e", "1", "0", "d")
        assert isinstance(app.screen, MainScreen)
        assert saved_lines(path)[before:] == ["spend PRR 10"]
        assert any(
            line.startswith("✗ done PRR: refused:") and "6.2" in line
            for line in screen.log_panel.plain_lines
        )


async def test_d_in_the_issue_list(tmp_path: Path) -> None:
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = len(saved_lines(path))
        await send_burst(pilot, "i")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert "d confirm and end the turn" in keys_line(dialog)
        first = dialog.choices[0][1]
        await send_burst(pilot, "d")
        assert saved_lines(path)[before:] == [main_screen(app).session.line(first)]


async def test_d_at_a_train_s_agreed_price(tmp_path: Path) -> None:
    """``t``, ↓ to another company's train, Enter, the price, ``d``: the train at that
    price, then done (the bank's 5 is refused: PRR cannot pay $500 and is not forced)."""
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        await send_burst(pilot, "r", "9", "0", "enter", "t")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        at = next(i for i, (_, x) in enumerate(dialog.choices) if x.source not in (None, "pool"))  # type: ignore[attr-defined]
        other = dialog.choices[at][1]
        await send_burst(pilot, "escape")
        before = len(saved_lines(path))
        await send_burst(pilot, "t", *["down"] * at, "enter", "1", "0", "0", "d")
        assert isinstance(app.screen, MainScreen)
        bought = other.model_copy(update={"price": 100})
        assert saved_lines(path)[before:] == [screen.session.line(bought), "done PRR"]


async def test_d_at_a_private_s_price(tmp_path: Path) -> None:
    found = [cut for cut, kind, _ in scan("1846", (1,), 220) if kind == "private"]
    cut: Cut = random.Random(27).choice(found)
    path = save_at(cut, tmp_path)
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        offer = screen.session.legal_of(c.BuyPrivate)[0]
        assert isinstance(offer, c.BuyPrivate)
        before = len(saved_lines(path))
        await send_burst(pilot, "v", "enter")
        dialog = app.screen
        assert isinstance(dialog, AmountDialog)
        assert "d confirm and end the turn" in keys_line(dialog)
        await send_burst(pilot, *str(offer.price), "d")
        new = saved_lines(path)[before:]
        assert new[0] == screen.session.line(offer)
        done = c.Done(company=offer.corp)
        assert new[1:] == ["done " + offer.corp] or screen.session.reason(done) is not None


# ---------------------------------------------------------------- t: the bank's train
async def test_t_lists_the_bank_s_train_first_and_says_why_it_is_refused(tmp_path: Path) -> None:
    """PRR after its run has $X; the bank's next train (a 5 at $500) is listed first with
    what it costs, what PRR has and the rule that forbids the president's money; ``t d``
    buys nothing (it used to buy another company's train at a price agreed)."""
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        await send_burst(pilot, "r", "9", "0", "enter")
        before = len(saved_lines(path))
        cash = screen.session.company("PRR")["cash"]  # type: ignore[index]
        await send_burst(pilot, "t", "d")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)  # still open: nothing was taken
        label = str(dialog.choices[0][0])
        assert label.startswith("PRR buys a 5 from the bank   $500")
        assert f"PRR has ${cash}" in label
        assert "a president adds money only to a forced purchase (6.86)" in label
        assert dialog.detail_shown.startswith("✗ refused: PRR has")
        assert saved_lines(path)[before:] == []
        await send_burst(pilot, "enter")
        assert isinstance(app.screen, ChoiceDialog) and saved_lines(path)[before:] == []
        await send_burst(pilot, "escape")
        assert app.screen is screen
