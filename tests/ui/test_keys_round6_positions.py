"""Positions of the sixth keys round: 1817's pause between two operating rounds, 1853's
bonds.

* 1817: after OR 1.1 the merger and acquisition rounds are a pause (a later step) and the
  next line begins the next round.  The keys took the pause for a stock round always, so
  with OR 1.2 next (phase 2) ``j Enter`` (UR's loan, the script's next line) was refused,
  "Loan is for an operating round; this is a stock round", as were ``r``, ``e``, ``t``, ``d``.
  The next round's first actor (the header's "to act") is a corporation there: the
  operating round's keys are live.
* ``d`` in an amount dialog outside an operating round (1853's bond) rang and refused the
  keys typed behind it, but said nothing: now a toast says why.
"""

from __future__ import annotations

import re
from pathlib import Path

from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.ui.screens.dialogs import AmountDialog

SCRIPTS = REPO / "tests" / "scripts"


def _save(saves: Path, script: str, stop_before: str, names: dict[str, str]) -> Path:
    text = (SCRIPTS / script).read_text(encoding="utf-8")
    for old, new in names.items():
        text = re.sub(rf"\b{old}\b", new, text)
    path = saves / "g.json"
    save_from_script(path, text, stop_before).close()
    return path


async def test_1817_the_pause_before_an_operating_round_takes_its_keys(saves: Path) -> None:
    path = _save(saves, "1817-loans-and-dividends.script", "loan UR", {"Cat": "Loan"})
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        assert main_screen(app).session.data.get("merger_round")
        await send_burst(pilot, "j", "enter")  # UR's loan, in one burst
        assert saved_lines(path) == [*before, "loan UR 1"]
        await send_burst(pilot, "r", "80", "enter")  # then its run, as the script goes on
        assert app.screen is main_screen(app)
    assert saved_lines(path)[len(before) :] == ["loan UR 1", "run UR 80 full"]


async def test_d_in_a_bond_says_why_it_takes_nothing(saves: Path) -> None:
    path = _save(saves, "1853-bank-breaks-in-sr.script", "bond D 130", {"Eve": "D", "Fay": "X"})
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "enter", "130", "d", "enter")
        assert isinstance(app.screen, AmountDialog)
        assert saved_lines(path) == before  # the Enter behind the d: not used
        said = [n.message for n in app._notifications]
        assert any("d ends a company's turn" in m for m in said), said
        await send_burst(pilot, "enter")  # typed after the refusal: the bond
    assert saved_lines(path) == [*before, "bond D 130"]


async def test_1853_a_company_run_by_a_manager_is_offered_the_withhold_only(saves: Path) -> None:
    """3.4.2: a manager may not declare a dividend.  The run dialog offered "full" first, so
    ``r 4 0 Tab 2 0 Enter`` (the run and its mail, the script's next line) was refused, the
    withhold one arrow away; now the dialog offers the kinds the game takes."""
    path = _save(saves, "1853-credit-train-choice.script", "run NWR 40 mail 20", {"Bo": "Mail"})
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "r", "40", "tab", "20", "enter")
        assert app.screen is main_screen(app)
    assert saved_lines(path) == [*before, "run NWR 40 withhold mail 20"]


async def test_an_arrow_in_an_amount_without_options_refuses_the_keys_behind_it(
    saves: Path,
) -> None:
    """A bond has no option to choose: ``←`` chose none and moved no cursor, so ``n Enter 1 3
    ← 0 Enter`` (the 0 meant between the 1 and the 3: 103) gave a bond of 130.  Now the arrow
    rings and the keys behind it are not used; the digits typed after it go on."""
    path = _save(saves, "1853-bank-breaks-in-sr.script", "bond Eve 130", {})
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "enter", "13", "left", "0", "enter")
        assert isinstance(app.screen, AmountDialog) and len(app.screen.options) == 1
        assert saved_lines(path) == before
        await send_burst(pilot, "0", "enter")  # typed after the refusal
    assert saved_lines(path) == [*before, "bond Eve 130"]
