"""The screen's chrome tells the truth and takes what the script takes (issue 18.9, 18.11).

The command bar after a refusal (the refused line selected, typing replaces it), a pasted
5,000-digit number (the parser's "absurd" refusal, the line shortened to one row in the
log and the toast), ``ctrl+u`` in the help; the status line once the 1846 setup is done,
the log's count of commands, the phase line, and the words of a few refusals and receipts.
"""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from textual import events
from textual.app import App, ComposeResult
from ui_helpers import REPO, main_screen, rulebook_save, running, save_from_script, send_burst

from moderator.simulate import simulate
from moderator.ui.screens.help import key_table
from moderator.ui.widgets.log import LogPanel
from moderator.ui.widgets.panels import StatusBar, TrainsPanel

DEMO_1846 = (REPO / "moderator" / "demo" / "demo-1846.script").read_text(encoding="utf-8")


def screen_text(app: App[None]) -> str:
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


def status_line(app: App[None]) -> str:
    """The status line (the main screen's first row) as plain text."""
    assert app.screen is main_screen(app) and app.screen.query_one("#status", StatusBar)
    return screen_text(app).splitlines()[0]


# ---------------------------------------------------------------- the command bar (18.9)
async def test_a_refused_line_is_selected_so_typing_replaces_it(saves: Path) -> None:
    """The next line typed after a refusal replaces the refused one, never glued on
    (``bond Dee 70bond Amy 130``)."""
    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        bar = main_screen(app).bar
        await send_burst(pilot, ":", "bond Dee 70", "enter")
        assert bar.input.value == "bond Dee 70"  # kept to be corrected...
        assert sorted(bar.input.selection) == [0, len("bond Dee 70")]  # ...and selected
        assert "refused" in bar.verdict_text.plain
        await send_burst(pilot, "pass Amy")
        assert bar.input.value == "pass Amy"
        # a paste over the selection replaces it too
        await send_burst(pilot, "enter")
        await send_burst(pilot, "bond Dee 70", "enter")
        bar.input.post_message(events.Paste("done X\n"))
        await pilot.pause()
        await pilot.pause()
        assert "bond Dee" not in bar.input.value


async def test_a_pasted_5000_digit_number_is_absurd_and_shown_on_one_row(saves: Path) -> None:
    """The parser's "absurd" refusal, not the usage line; the log's line and the toast's
    title show the line shortened (no 35 rows of 9s)."""
    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        await send_burst(pilot, ":")
        screen.bar.input.post_message(events.Paste("sell Amy PRR 1 " + "9" * 5000 + "\n"))
        await pilot.pause()
        await pilot.pause()
        log = screen.query_one("#log", LogPanel)
        last = log.plain_lines[-1]
        assert "absurd" in last and "usage" not in last
        assert "(5015 characters)" in last  # the line, cut short with its length
        assert log.rows_of_last(1) <= 2  # one row for the line, one for why
        toast = next(n for n in app._notifications if (n.title or "").startswith("Refused"))
        assert len(toast.title) < 100 and "absurd" in toast.message
        assert len(toast.message) < 200


def test_the_help_names_ctrl_u_and_case_free_filtering() -> None:
    out = io.StringIO()
    Console(file=out, width=200).print(key_table())
    text = out.getvalue()
    assert "ctrl+u" in text and "In the command bar: clear the line" in text
    assert "in either case" in text
    for label in ("Bond", "Claim", "Settle"):  # 1853's contract bids (issue 18.7)
        assert label in text


# ---------------------------------------------------------------- labels (18.11)
async def test_the_1846_status_line_leaves_setup_once_the_privates_are_distributed(
    saves: Path,
) -> None:
    save_from_script(saves / "g.json", "game 1846 Amy Bob Carlos Dana\n").close()
    async with running(saves) as (app, pilot):
        assert "Setup — removals and private distribution" in status_line(app)
        await send_burst(pilot, ":", "remove CO TBC LSL", "enter")
        assert "Setup" in status_line(app)  # nothing distributed yet
        await send_burst(pilot, "private Carlos MC", "enter")
        line = status_line(app)
        assert "Setup" not in line and "Stock round 1   to act Amy" in line
        assert "a private result may still be entered" in line  # privates left unowned
        await send_burst(pilot, "pass Amy", "enter")
        line = status_line(app)
        assert "Stock round 1" in line and "private result" not in line


async def test_the_pfalz_status_line_asks_for_the_box_s_values_not_removals(
    saves: Path,
) -> None:
    """Issue 27.7: an 1847 Pfalz game in setup said "removals and private distribution"
    (1846's setup); it waits for the box's values (11.1), then stock round 1 comes."""
    save_from_script(saves / "g.json", "game 1847Pfalz Amy Bob Carlos Dana\n").close()
    async with running(saves) as (app, pilot):
        line = status_line(app)
        assert "Setup — the box's values first (11.1)" in line, line
        assert "removals" not in line and "distribution" not in line
        await send_burst(pilot, ":", "box SPR 170", "enter", "box SPR.income 10", "enter")
        line = status_line(app)
        assert "Setup" not in line and "Stock round 1" in line, line


async def test_the_log_title_counts_the_commands(saves: Path) -> None:
    """The log said "0 commands" all session; its title now counts them."""
    save_from_script(saves / "g.json", "game 1846 Amy Bob Carlos Dana\n").close()
    async with running(saves) as (app, pilot):
        log = main_screen(app).query_one("#log", LogPanel)
        assert log.border_title == "Log · 0 commands"
        await send_burst(pilot, ":", "remove CO TBC LSL", "enter")
        assert log.border_title == "Log · 1 command"
        await send_burst(pilot, "private Carlos MC", "enter")
        assert log.border_title == "Log · 2 commands"
        await send_burst(pilot, "escape", "ctrl+z")
        assert log.border_title == "Log · 1 command"


class Trains(App[None]):
    """The trains panel alone."""

    def compose(self) -> ComposeResult:
        yield TrainsPanel(id="trains", title="Trains and phase")


async def test_the_phase_line_says_private_companies_close_once() -> None:
    """1846's phase III: the effect says it with the Mail Contract's exception; the
    generic words are not repeated before it."""
    game = simulate(1, players=4, title="1846", max_commands=2000)
    data = None
    for upto in range(0, len(game.journal), 5):
        candidate = game.ruleset.state_json(game.replay(upto))
        if (candidate.get("next_phase") or {}).get("privates_close"):
            data = candidate
            break
    assert data is not None
    app = Trains()
    async with app.run_test(size=(160, 10)) as pilot:
        panel = app.query_one(TrainsPanel)
        panel.show(data, set(), "$")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
    assert text.count("private companies close") == 1
    assert "Mail Contract" in text


async def test_run_of_an_unknown_company_in_a_stock_round_names_it(saves: Path) -> None:
    rulebook_save(saves, "# Stock Round 1")
    async with running(saves) as (app, pilot):
        await send_burst(pilot, ":", "run XYZ 10", "enter")
        last = main_screen(app).query_one("#log", LogPanel).plain_lines[-1]
        assert "no company 'XYZ'" in last and "operating round" not in last


async def test_a_run_of_nothing_is_not_called_withhold(saves: Path) -> None:
    save_from_script(saves / "g.json", DEMO_1846).close()
    async with running(saves) as (app, pilot):
        cid = main_screen(app).session.acting
        await send_burst(pilot, ":", f"run {cid} 0 full", "enter")
        lines = main_screen(app).query_one("#log", LogPanel).plain_lines
        assert f"{cid} runs $0, no revenue, no dividend" in lines
        assert not any("withhold" in line for line in lines[-3:])


class Choices(App[None]):
    """A choice list alone (1847 AE's SPR and Saar side by side)."""

    def on_mount(self) -> None:
        from moderator import commands as c
        from moderator.ui.screens.dialogs import ChoiceDialog

        self.dialog = ChoiceDialog(
            "Buy a share",
            [
                ("Amy buys SPR from the IPO", c.Buy(player="Amy", corp="SPR")),
                ("Amy buys Saar from the IPO", c.Buy(player="Amy", corp="Saar")),
                ("Amy buys HLB from the IPO", c.Buy(player="Amy", corp="HLB")),
            ],
        )
        self.push_screen(self.dialog)


async def test_filtering_a_list_ignores_case() -> None:
    """Issue 18.9: `SPR` found nothing (only `spr` did)."""
    for typed in ("SPR", "spr", "Spr"):
        app = Choices()
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press(*typed)
            await pilot.pause()
            assert app.dialog.shown == [0], typed
