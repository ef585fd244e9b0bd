"""``s`` in an operating round: the president's forced sale to pay for a train (1846 6.88,
1830 24.0, 1847 AE 6.8.2, ...), which used to be typed on the command bar only.

The list opens whenever ``s`` is typed in an operating round, as the train list does:
the sales the rules take first, then those they refuse with the game's reason; under the
highlighted line, the exact command Enter sends.  Typed in one burst, ``s`` and the
corporation's letters, the count and Enter commit that sale, or nothing.
"""

from __future__ import annotations

from pathlib import Path

from positions import Cut, save_at
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.ui.screens.dialogs import ChoiceDialog
from moderator.ui.screens.main import MainScreen

SHORT = (REPO / "tests" / "scripts" / "1846-short-recorded.script").read_text(encoding="utf-8")
"""GT (Player1's) must buy its first train: ``issue GT 1`` (6.86), then Player1's
``sell Player1 PRR 1`` and ``train GT 4``."""


async def test_s_in_an_or_lists_the_forced_sales_and_sends_the_line_shown(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, SHORT, "sell Player1 PRR 1").close()
    async with running(saves) as (app, pilot):
        before = saved_lines(path)
        screen = main_screen(app)
        assert screen.check_action("sell", ()) is True  # shown in the footer now
        await send_burst(pilot, "s")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.title_text == "Forced sale: Player1 raises money for GT's train"
        first = dialog.choices[0][1]
        assert screen.session.line(first) == "sell Player1 PRR 1"
        assert dialog.refusals[0] is None
        assert dialog.detail_shown.startswith("sends sell Player1 PRR 1")
        # the refused ones are listed after, each with the game's reason
        refused = [why for why in dialog.refusals if why is not None]
        assert refused, dialog.refusals
        await send_burst(pilot, "escape")
        assert saved_lines(path) == before
        await send_burst(pilot, "s", "p", "r", "r", "1", "enter")  # one burst
        assert saved_lines(path) == [*before, "sell Player1 PRR 1"]
        assert isinstance(app.screen, MainScreen)


async def test_s_before_the_emergency_issue_shows_why_and_commits_nothing(saves: Path) -> None:
    """6.86: GT must first issue shares; ``s`` lists Player1's sales refused with that
    reason, and the keys typed after it stay in the list: ``s p r r 1 Enter`` commits
    nothing (it never reaches the main screen's ``r``, the run dialog)."""
    path = saves / "g.json"
    save_from_script(path, SHORT, "issue GT 1").close()
    async with running(saves) as (app, pilot):
        before = saved_lines(path)
        screen = main_screen(app)
        assert screen.check_action("sell", ()) is False  # hidden: no sale is legal
        await send_burst(pilot, "s", "p", "r", "r", "1", "enter")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog), dialog
        assert all(why is not None and "6.86" in why for why in dialog.refusals)
        assert "would send sell Player1 PRR 1" in dialog.detail_shown
        assert "✗ refused: GT must first issue shares (6.86)" in dialog.detail_shown
        await send_burst(pilot, "escape")
        assert saved_lines(path) == before


async def test_s_outside_a_forced_purchase_says_why_in_the_list(saves: Path) -> None:
    """In an operating round with no train to force, the president's holdings are listed,
    refused with the rules' reason (a sale belongs to the stock round)."""
    path = saves / "g.json"
    save_from_script(path, SHORT, "issue NYC 5").close()
    async with running(saves) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "s")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.choices and all(why for why in dialog.refusals)
        assert "stock round" in (dialog.refusals[0] or "")
        await send_burst(pilot, "enter", "escape")  # Enter on a refused line takes nothing
        assert saved_lines(path) == before


async def test_s_for_a_company_without_a_president_opens_nothing_and_drops_the_rest(
    tmp_path: Path,
) -> None:
    """Round 4: 1846's Michigan Southern, an independent railroad, operates with no
    president, so ``s`` has no one's sale to list and opens nothing; the keys typed after
    it were typed for the list: ``s e r i e 1 Enter`` (the sale of an ERIE share, spelled)
    opened MS's spend dialog with the ``e`` and spent 1.  Now nothing is committed; a key
    typed once the refusal is shown acts (``e 4 0 Enter`` spends 40)."""
    path = save_at(Cut("1846", 2, 16), tmp_path / "saves")
    async with running(tmp_path / "saves") as (app, pilot):
        screen = main_screen(app)
        assert screen.session.acting == "MS" and not screen.session.company("MS").get("president")
        before = saved_lines(path)
        await send_burst(pilot, "s", "e", "r", "i", "e", "1", "enter")
        assert isinstance(app.screen, MainScreen)
        assert saved_lines(path) == before
        await send_burst(pilot, "e", "4", "0", "enter")
        assert saved_lines(path)[len(before) :] == ["spend MS 40"]
