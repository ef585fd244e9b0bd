"""The 1817 screen (issue 44): each corporation's size and loans with the interest it owes
this operating round, the rate fixed for the OR on the status line; the ``loan`` and
``payback`` keys."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import main_screen, running, save_from_script, saved_lines, send_burst

DEMO = Path(__file__).parents[2] / "moderator" / "demo" / "demo-1817.script"


def screen_text(app: object) -> str:
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())  # type: ignore[attr-defined]


def demo(saves: Path) -> None:
    save_from_script(saves / "g.json", DEMO.read_text(encoding="utf-8"))


async def test_the_companies_panel_shows_size_loans_and_interest(saves: Path) -> None:
    """The demo at OR 2.1: PW has 2 loans owing $10, UR 1 owing $5, GT none; all are
    2-share corporations; the status line gives the rate fixed for this OR, 5% with 4
    of the 70 loans out — each figure from the state JSON."""
    demo(saves)
    async with running(saves) as (app, _pilot):
        data = main_screen(app).session.data
        assert data["interest"]["rate"] == 5 and data["interest"]["fixed"]
        text = screen_text(app)
        lines = text.splitlines()
        assert "Interest 5% this OR" in text and "loans 4/70" in text
        assert any("Size" in x and "Loans" in x for x in lines)
        for cid, loans, owed in (("PW", "2", "$10"), ("UR", "1", "$5"), ("WC", "1", "$5")):
            row = next(x for x in lines if f" {cid} " in x and "2sh" in x)
            assert f"{loans} owes {owed}" in row
        gt = next(x for x in lines if " GT " in x and "2sh" in x)
        assert "owes" not in gt


async def test_the_loan_key_previews_the_line_and_a_burst_gives_it(saves: Path) -> None:
    """``j`` for UR (1 loan, 2 shares: one more allowed, facts §6) opens a list of one: the
    exact line ``loan UR 1`` with the engine's preview of the $100; ``j Enter`` typed in
    one go commits it, and only it."""
    from moderator.ui.screens.dialogs import ChoiceDialog

    demo(saves)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        before = len(screen.session.game.journal)
        await send_burst(pilot, "j")
        assert isinstance(app.screen, ChoiceDialog)
        assert [line for line, _cmd in app.screen.choices] == ["loan UR 1"]
        assert "$100" in app.screen.note
        await send_burst(pilot, "escape")
        assert len(screen.session.game.journal) == before
        await send_burst(pilot, "j", "enter")
        assert len(screen.session.game.journal) == before + 1
        assert saved_lines(saves / "g.json")[-1] == "loan UR 1"
        assert screen.session.company("UR")["loans"] == 2


async def test_the_loan_keys_refuse_with_the_engines_reason(saves: Path) -> None:
    """UR at its limit (2 loans for 2 shares) or not yet past its interest: ``j`` and
    ``u`` give nothing and say the engine's own reason for refusing the line."""
    from moderator import commands as c

    demo(saves)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        said: list[str] = []
        screen.notify = lambda message, **_: said.append(str(message))  # type: ignore[method-assign]
        await send_burst(pilot, "j", "enter")
        before = len(screen.session.game.journal)
        for key, cmd in (("j", c.Loan(corp="UR")), ("u", c.Payback(corp="UR"))):
            said.clear()
            await send_burst(pilot, key)
            why = screen.session.reason(cmd)
            assert why and said == [why], (said, why)
        assert len(screen.session.game.journal) == before


async def test_the_loan_keys_only_in_1817(saves: Path) -> None:
    """The footer shows Loan and Payback in 1817's operating round, in no other title."""
    demo(saves)
    async with running(saves) as (app, _pilot):
        screen = main_screen(app)
        assert screen.check_action("loan", ()) is not False
        assert screen.check_action("payback", ()) is not False
    other = saves / "other"
    other.mkdir()
    save_from_script(
        other / "g.json", (DEMO.with_name("demo-1889.script")).read_text(encoding="utf-8")
    )
    async with running(other) as (app, _pilot):
        screen = main_screen(app)
        assert screen.check_action("loan", ()) is False
        assert screen.check_action("payback", ()) is False


async def test_the_payback_key_after_the_interest(saves: Path) -> None:
    """After a withheld run and ``interest UR`` (facts §6), ``u Enter`` typed in one go
    repays one loan."""
    save_from_script(
        saves / "g.json", DEMO.read_text(encoding="utf-8") + "run UR 100 withhold\ninterest UR\n"
    )
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        before = len(screen.session.game.journal)
        await send_burst(pilot, "u", "enter")
        assert len(screen.session.game.journal) == before + 1
        assert saved_lines(saves / "g.json")[-1] == "payback UR 1"
        assert screen.session.company("UR")["loans"] == 0


async def test_the_advisor_shows_the_interest_after_each_payout_kind(saves: Path) -> None:
    """UR (1 loan, rate 5%) spends $70 and runs 120: paid out in full its treasury is
    empty, so the interest takes a second loan by itself ($10 for 2 loans, price left 1:
    $90 -> $80); half pay or withholding leaves the cash for $5.  Every cell is what the
    game then holds when the kind and the interest are committed (facts §6, §8)."""
    from advice_helpers import committed_column, compare, shown_advice

    from moderator import commands as c
    from moderator.ui.screens.dialogs import RunDialog

    save_from_script(saves / "g.json", DEMO.read_text(encoding="utf-8") + "spend UR 70\n")
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        await send_burst(pilot, "r", "1", "2", "0")
        dialog = app.screen
        assert isinstance(dialog, RunDialog)
        shown = shown_advice(dialog)
        assert dialog.options == ["full", "half", "withhold"]
        assert shown["interest due at 5%"] == ["$10", "$5", "$5"]
        assert shown["  loans taken for it"] == ["1", "—", "—"]
        assert shown["price after"] == ["$90", "$80", "$70"]
        assert shown["  price after it"] == ["$80", "$80", "$70"]
        for column, kind in enumerate(dialog.options):
            run = c.Run(company="UR", revenue=120, option=kind)  # type: ignore[arg-type]
            compare(shown, column, committed_column(session, run))


async def test_the_status_line_names_what_the_acting_corporation_owes(saves: Path) -> None:
    """OR 2.1, UR to act with 1 loan at 5%: the status line says ``UR owes $5``; once
    ``interest UR`` is given, ``UR's interest paid``, and UR's row says ``1 paid`` while
    the others still owe theirs (facts §6)."""
    demo(saves)
    async with running(saves) as (app, _pilot):
        text = screen_text(app)
        assert "UR owes $5" in text.splitlines()[0], text.splitlines()[0]
    later = saves / "later"
    later.mkdir()
    script = DEMO.read_text(encoding="utf-8") + "run UR 100 withhold\ninterest UR\n"
    save_from_script(later / "g.json", script)
    async with running(later) as (app, _pilot):
        text = screen_text(app)
        assert "UR's interest paid" in text, text.splitlines()[:2]
        lines = text.splitlines()
        ur = next(x for x in lines if " UR " in x and "2sh" in x)
        assert "1 paid" in ur and "owes" not in ur
        pw = next(x for x in lines if " PW " in x and "2sh" in x)
        assert "2 owes $10" in pw


async def test_a_new_1817_game_from_the_form_with_an_option(saves: Path) -> None:
    """The new-game form offers 1817 (the last title: End) for 3 to 7 players with its
    options as boxes (``short_squeeze``, ``five_shorts``, ``modern_trains``; Volatility is
    a later step, said on the form); Space ticks the first, and the game starts with it."""
    from textual.widgets import Checkbox, Static

    from moderator.ui.screens.start import NewGameScreen

    def line() -> str:
        return str(pilot.app.screen.query_one("#new-game-error", Static).render())

    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "shift+tab", "enter", "end", "enter")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        for word in ("short_squeeze", "five_shorts", "modern_trains"):
            assert screen.query_one(f"#option-1817-{word}", Checkbox).display
        assert "Volatility" in screen_text(app)
        await send_burst(pilot, "tab", "Amy", " Bob")
        assert "1817 is for 3 to 7 players (facts §0, D2); 2 given" in line(), line()
        await send_burst(pilot, " Cy", "tab", " ")
        assert "game 1817 Amy Bob Cy short_squeeze" in line(), line()
        await send_burst(pilot, "ctrl+s")
        game = main_screen(app).session.game
        assert (game.title, list(game.options)) == ("1817", ["short_squeeze"])
