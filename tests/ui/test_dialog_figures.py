"""Every figure a dialog shows is what its command moves when committed (issue 18.4, 18.5).

At positions of random games (``moderator.simulate``, seeded: the same positions on every
run) of each title, each dialog the keys open — par, buy, sell, issue/redeem, run (every
payout kind side by side), train, private, spend, and the list of every legal command
(1847 AE trades and exchanges, 1853 bonds, claims and the settlement, forced sales...) —
is read as drawn, and each of its commands is then committed (and undone) to compare,
item by item: the amount the command itself moves, and each line of what follows by
itself (automatic passes, the end of a round, private income, price moves, a phase).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from advice_helpers import committed_column, compare, shown_advice
from rich.text import Text
from textual.widgets import Static
from ui_helpers import main_screen, running, send_burst

from moderator import commands as c
from moderator.events import CashMoved, RoundStarted
from moderator.game import Game
from moderator.narrate import Effects, split
from moderator.simulate import Simulation
from moderator.ui.app import ModeratorApp
from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog, RunDialog
from moderator.ui.screens.main import MainScreen

PLAYERS = {"1846": 4, "1847AE": 3, "1853": 4, "1830": 4}
PRIVATES_1830 = ("SV", "CS", "DH", "MH", "CA", "BOP")


def _positions() -> list[tuple[str, int, str]]:
    """(title, seed, round kind) for each position; seeds drawn once from a fixed seed."""
    rng = random.Random(18)
    stages = {
        "1846": ("SR", "OR", "OR"),
        "1847AE": ("SR", "SR-end", "OR", "OR"),
        "1853": ("setup", "SR", "OR", "OR"),
        "1830": ("sale", "SR", "OR"),
    }
    return [
        (title, rng.randrange(1000), stage) for title, kinds in stages.items() for stage in kinds
    ]


POSITIONS = _positions()


def _game_at(tmp: Path, title: str, seed: int, stage: str) -> int:
    """A random game of ``title`` (seed ``seed``) cut at a random command of a round of
    kind ``stage`` (``setup``: 1853's contract bids) where the rules leave a choice,
    saved in ``tmp``; its length."""
    sim = Simulation(seed=seed, title=title, players=PLAYERS[title], max_commands=300)
    played = sim.run()
    if stage == "sale":  # 1830's opening sale: before a bid or a private's purchase (7.1)
        stage = "SR"
        cuts = [
            n
            for n, entry in enumerate(played.journal)
            if isinstance(entry.command, c.Bid)
            or (isinstance(entry.command, c.Buy) and entry.command.corp in PRIVATES_1830)
        ]
    elif stage == "SR-end":  # the command that ends a stock round is the next one
        stage = "SR"
        cuts = [
            n
            for n, entry in enumerate(played.journal)
            if entry.round.startswith("SR")
            and any(isinstance(ev, RoundStarted) for ev in entry.events)
        ]
    else:
        cuts = [n for n, entry in enumerate(played.journal) if entry.round.startswith(stage)]
    assert cuts, f"{title} seed {seed}: no {stage} command in {len(played.journal)}"
    cut = random.Random(seed).choice(cuts)
    game = Game.new(title, list(played.players))
    for entry in played.journal[:cut]:
        assert game.execute(entry.command).ok
    while len(game.legal_commands()) < 2 and played.journal[cut + 1].round.startswith(stage):
        assert game.execute(played.journal[cut].command).ok  # on to a choice to show
        cut += 1
    game.save(tmp / "g.json")
    game.close()
    played.close()
    return cut


def committed(game: Game, cmd: c.Command) -> Effects:
    """Commit ``cmd`` on the game, split what it did, and take it back."""
    outcome = game.execute(cmd)
    assert outcome.ok, (game.round_label(), cmd, outcome.message)
    effects = split(outcome.command or cmd, outcome.events)
    assert game.undo() is not None
    return effects


FIGURE = re.compile(r"(pays|receives) \D{0,2}?(\d+)")


def shown_figure(label: str | Text) -> int:
    """The amount a choice's label shows: positive when paid, negative when received."""
    text = label.plain if isinstance(label, Text) else label
    found = FIGURE.findall(text)
    assert len(found) <= 1, text
    if not found:
        return 0
    verb, amount = found[0]
    return int(amount) if verb == "pays" else -int(amount)


def payer(cmd: c.Command) -> str:
    """Whose payment a choice's label shows."""
    for field in ("player", "corp", "company"):
        value = getattr(cmd, field, None)
        if isinstance(value, str):
            return value
    raise AssertionError(cmd)


def follows_shown(text: str) -> list[str]:
    """The lines under ``then, by itself:`` as drawn."""
    lines = text.splitlines()
    if "then, by itself:" not in lines:
        return []
    start = lines.index("then, by itself:") + 1
    return [line.strip().removeprefix("· ") for line in lines[start:] if line.startswith("  · ")]


KINDS: dict[str, tuple[type[c.Command], ...]] = {
    "p": (c.Par,),
    "b": (c.Buy,),
    "s": (c.Sell,),
    "i": (c.Issue, c.Redeem),
    "t": (c.BuyTrain,),
    "a": (c.Bid,),
}


def opens_a_list(screen: MainScreen, key: str) -> bool:
    """Whether ``key`` opens a list now: whenever the rules allow a command of its kind,
    one or several (issue 27.1)."""
    kinds = KINDS.get(key)
    legal = bool(screen.session.legal_of(*kinds) if kinds else screen.session.legal())
    acting = screen.acting_company()
    if key == "t" and acting is not None:  # the bank's trains, refused or not (27.4)
        return legal or bool(screen.session.bank_trains(acting))
    return legal


async def check_choices(app: ModeratorApp, pilot, screen: MainScreen, key: str) -> int:  # type: ignore[no-untyped-def]
    """Open the choice dialog of ``key``; every choice's figure and follow-ups as drawn
    equal what it moves when committed.  Returns how many choices were compared."""
    await send_burst(pilot, key)
    dialog = app.screen
    if not isinstance(dialog, ChoiceDialog):
        return 0
    game = screen.session.game
    currency, title = screen.session.currency, game.title
    compared = 0
    for index, (label, cmd) in enumerate(dialog.choices):
        if index:
            await send_burst(pilot, "down")
        refused = dialog.refusals[index]
        sends = ""  # the forced sale's list shows the line Enter sends first
        if dialog.sends is not None:
            sends = f"{'would send' if refused else 'sends'} {screen.session.line(cmd)}"
            assert dialog.detail_shown.splitlines()[0] == sends
        if refused is not None:  # listed with the game's reason (the bank's train, 27.4)
            assert refused == screen.session.reason(cmd) and refused in str(label)
            assert dialog.detail_shown == "\n".join(
                x for x in (sends, f"✗ refused: {refused}") if x
            )
            continue
        if isinstance(cmd, c.BuyTrain) and cmd.source not in (None, "pool"):
            continue  # the price is agreed in the next dialog (checked with the spend's)
        shown = dialog.detail_shown
        if isinstance(cmd, c.Par) and dialog.then is not None:
            continue  # the corporation first: its prices come in the next dialog
        effects = committed(game, cmd)
        assert follows_shown(shown) == effects.after_lines(currency, title), (cmd, shown)
        plain = label.plain if isinstance(label, Text) else label
        if key == "l":
            paid = "; ".join(effects.payments(currency))
            assert plain == (
                f"{screen.session.line(cmd)}   {paid}" if paid else screen.session.line(cmd)
            )
        else:
            assert shown_figure(label) == effects.paid(payer(cmd)), (plain, effects.own)
        compared += 1
    first = dialog.choices[0][1] if dialog.choices else None
    prices = [
        x
        for x in screen.session.legal_of(c.Par)
        if isinstance(x, c.Par) and isinstance(first, c.Par) and x.corp == first.corp
    ]
    if dialog.then is not None and key == "p" and len(prices) > 1:
        await send_burst(pilot, "home", "enter")  # the first corporation: now its prices
        if isinstance(app.screen, ChoiceDialog):
            compared += await check_open_choices(app, pilot, screen)
    await send_burst(pilot, "escape")
    assert app.screen is screen
    return compared


async def check_open_choices(app: ModeratorApp, pilot, screen: MainScreen) -> int:  # type: ignore[no-untyped-def]
    """The par prices' dialog (already open): each price's figure and follow-ups."""
    dialog = app.screen
    assert isinstance(dialog, ChoiceDialog)
    game = screen.session.game
    for index, (label, cmd) in enumerate(dialog.choices):
        if index:
            await send_burst(pilot, "down")
        effects = committed(game, cmd)
        assert shown_figure(label) == effects.paid(payer(cmd))
        assert follows_shown(dialog.detail_shown) == effects.after_lines(
            screen.session.currency, game.title
        )
    return len(dialog.choices)


def _static(dialog: AmountDialog, wid: str) -> str:
    return str(dialog.query_one(wid, Static).render())


async def check_run(app: ModeratorApp, pilot, screen: MainScreen, rng: random.Random) -> int:  # type: ignore[no-untyped-def]
    """The run dialog: for a revenue typed, every payout kind's column (the payout
    advisor: each holder's take, the price, the standings after, the president's cash,
    the next train; ``advice_helpers``), the chosen kind's follow-ups and its receipt are
    what that very run moves when committed."""
    await send_burst(pilot, "r")
    dialog = app.screen
    if not isinstance(dialog, RunDialog):
        return 0
    session, game = screen.session, screen.session.game
    revenue = rng.choice((0, 10, 40, 90, 140, 230))
    await send_burst(pilot, *str(revenue))
    cmd = dialog.command()
    assert isinstance(cmd, c.Run) and cmd.revenue == revenue
    compared = 0
    if session.reason(cmd) is not None:
        await send_burst(pilot, "escape")
        return 0
    shown = shown_advice(dialog)
    for column, kind in enumerate(dialog.options):
        run = cmd.model_copy(update={"option": kind})
        if session.reason(run) is not None:
            continue
        compare(shown, column, committed_column(session, run))
        effects = committed(game, run)
        if column == dialog.selected:
            assert follows_shown(_static(dialog, "#follows")) == effects.after_lines(
                session.currency, game.title
            )
            receipt = game.receipt(dialog.company, revenue, kind, mail=cmd.mail).text()
            assert _static(dialog, "#extra") == receipt
            for line in receipt.splitlines()[1:]:
                match = re.match(r"\s+(\S+)\s+\d+ sh \D+\s*(\d+)", line)
                if match and int(match.group(2)):
                    who, amount = match.group(1), int(match.group(2))
                    got = sum(
                        ev.amount
                        for ev in effects.own
                        if isinstance(ev, CashMoved) and ev.target == who
                    )
                    assert got == amount, (line, effects.own)
        compared += 1
    await send_burst(pilot, "escape")
    return compared


async def check_amount(app: ModeratorApp, pilot, screen: MainScreen, key: str, amount: int) -> int:  # type: ignore[no-untyped-def]
    """An amount dialog (spend; a private's price): its payments and follow-ups as drawn
    are what the command moves when committed."""
    await send_burst(pilot, key)
    dialog = app.screen
    if isinstance(dialog, ChoiceDialog):  # which private: the first
        await send_burst(pilot, "enter")
        dialog = app.screen
    if not isinstance(dialog, AmountDialog) or isinstance(dialog, RunDialog):
        if app.screen is not screen:
            await send_burst(pilot, "escape")
        return 0
    if dialog.initial is None:
        await send_burst(pilot, *str(amount))
    cmd = dialog.command()
    compared = 0
    if cmd is not None and screen.session.reason(cmd) is None:
        effects = committed(screen.session.game, cmd)
        shown = _static(dialog, "#extra")
        assert follows_shown(shown) == effects.after_lines(
            screen.session.currency, screen.session.game.title
        )
        head = shown.split("then, by itself:")[0].strip()
        assert (head.splitlines() if head else []) == effects.payments(screen.session.currency)
        compared = 1
    await send_burst(pilot, "escape")
    return compared


@pytest.mark.parametrize(("title", "seed", "stage"), POSITIONS)
async def test_every_dialog_shows_what_its_command_moves(
    tmp_path: Path, title: str, seed: int, stage: str
) -> None:
    count = _game_at(tmp_path, title, seed, stage)
    rng = random.Random(seed)
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        start = len(screen.session.game.journal)
        compared = 0
        kind = screen.session.round_kind
        keys = ["p", "b", "s", "l"] if kind in ("setup", "SR") else ["i", "t", "s", "l"]
        if screen.session.data.get("sale"):  # 1830's opening sale: the bids too
            keys.append("a")
        for key in keys:
            if opens_a_list(screen, key):
                compared += await check_choices(app, pilot, screen, key)
        if kind == "OR":
            compared += await check_run(app, pilot, screen, rng)
            compared += await check_amount(app, pilot, screen, "e", rng.choice((10, 40, 80)))
            compared += await check_amount(app, pilot, screen, "v", 0)
        assert compared, f"{title} seed {seed} at {count}: no dialog compared"
        # every trial was taken back: the game is where it was
        assert len(screen.session.game.journal) == start


AE_END_OF_SR1 = """game 1847AE Amy Bob Carlos
buy Carlos R
buy Bob H
buy Amy W
buy Amy MNR
buy Bob K
pass Carlos
buy Amy VIW
buy Bob SPR
buy Carlos LFK
buy Amy PLP
buy Carlos SCR
"""


async def test_the_1847ae_purchase_that_ends_the_first_stock_round_shows_its_price(
    tmp_path: Path,
) -> None:
    """Issue 18.4, the bug: "Carlos buys L from the IPO pays M41" (and Saar M39) — the
    M45 of private income paid to Carlos as the round ended was netted in.  The price is
    M86 (M84); the income is a line of its own under the choice."""
    from ui_helpers import save_from_script

    save_from_script(tmp_path / "g.json", AE_END_OF_SR1).close()
    async with running(tmp_path) as (app, pilot):
        await send_burst(pilot, "b")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        labels = [label.plain if isinstance(label, Text) else label for label, _ in dialog.choices]
        assert any(
            x.startswith("Carlos buys L from the IPO") and x.endswith("pays M86") for x in labels
        ), labels
        assert any(
            x.startswith("Carlos buys Saar from the IPO") and x.endswith("pays M84") for x in labels
        ), labels
        assert not any("M41" in x or "M39" in x for x in labels)
        shown = follows_shown(dialog.detail_shown)
        assert "— Operating round 1.1 begins —" in shown
        assert "The bank pays Carlos M30: R income (6.1)" in shown
        assert "The bank pays Carlos M15: SCR income (6.1)" in shown
        at = next(i for i, x in enumerate(labels) if x.startswith("Carlos buys L "))
        screen = main_screen(app)
        before = next(p for p in screen.session.data["players"] if p["name"] == "Carlos")
        await send_burst(pilot, *["down"] * at, "enter")
        assert app.screen is screen
        assert screen.session.game.journal[-1].line == "buy Carlos L ipo"
        after = next(p for p in screen.session.data["players"] if p["name"] == "Carlos")
        # M86 paid, then M45 of income (6.1): the figure shown was the price itself
        assert after["cash"] == before["cash"] - 86 + 45


async def test_the_run_dialog_opens_with_the_last_run_filled_in(tmp_path: Path) -> None:
    """Issue 18.8: "same as last time": the revenue and payout kind of the company's last
    run are filled in (Enter takes them, a digit typed replaces the revenue)."""
    from textual.widgets import Input
    from ui_helpers import save_from_script

    from moderator.ui.saves import demo_script

    save_from_script(tmp_path / "g.json", demo_script()).close()
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        cid = screen.session.data["turn"]
        last = screen.session.last_run(cid)
        assert last is not None and last.option is not None
        await send_burst(pilot, "r")
        dialog = app.screen
        assert isinstance(dialog, RunDialog)
        assert dialog.query_one("#amount", Input).value == str(last.revenue)
        assert dialog.option == last.option
        assert dialog.command() == c.Run(company=cid, revenue=last.revenue, option=last.option)
        await send_burst(pilot, "9", "0")  # typing replaces the amount filled in
        assert dialog.query_one("#amount", Input).value == "90"
        await send_burst(pilot, "enter")
        assert screen.session.game.journal[-1].line == f"run {cid} 90 {last.option}"
        assert screen.session.undo() is not None
        await send_burst(pilot, "r", "enter")  # Enter: the same as last time
        assert screen.session.game.journal[-1].line == f"run {cid} {last.revenue} {last.option}"
