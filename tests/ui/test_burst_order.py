"""Keys act in the order typed, also the keys whose guard dims or hides them.

A dimmed or hidden command key is no priority binding: Textual gave it to the focused
widget, and it came back to the main screen's ``on_key`` after the keys typed next had
acted.  In an operating round with no forced sale due, ``s d`` ended the company's turn
and then opened the next company's sale list.  Now the app hands such a key to the main
screen in its turn (``MainScreen.take_dimmed_key``).
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

import bursting
from adversary import accepted, renamed_save
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import TITLES, Cut, played, save_at
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.game import Game
from moderator.ui.app import ModeratorApp
from moderator.ui.screens.dialogs import ChoiceDialog, FarAmountQuestion

SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


async def test_s_then_d_stays_in_the_forced_sale_list(saves: Path) -> None:
    """1846, ERIE operating with its train bought and no sale due (``s`` hidden, ``d``
    live): ``s d`` opens ERIE's president's sale list and the ``d`` falls into it (the
    list has no ``d``: nothing is taken); ``s 0 Enter d`` the same."""
    path = save_at(Cut("1846", 1, 30), saves)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.session.acting == "ERIE"
        assert screen.check_action("sell", ()) is False and screen.check_action("done", ())
        before = saved_lines(path)
        for burst in (["s", "d"], ["s", "0", "enter", "d"]):
            await send_burst(pilot, *burst)
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog), burst
            assert "for ERIE's train" in dialog.title_text, (burst, dialog.title_text)
            assert saved_lines(path) == before, burst
            await send_burst(pilot, "escape")
        assert saved_lines(path) == before and screen.session.acting == "ERIE"


async def test_keys_typed_for_a_refused_dialog_are_not_used(saves: Path) -> None:
    """ERIE has run (``r`` is dimmed), its turn may end: ``r 9 0 d`` typed in one burst
    gave ``done ERIE`` (the ``d`` meant for the run dialog fell on the main screen).  The
    keys typed before the refusal could be seen are not used; a ``d`` typed after it is
    the main screen's ``done``."""
    path = save_at(Cut("1846", 1, 30), saves)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.check_action("run", ()) is None and screen.check_action("done", ())
        before = saved_lines(path)
        await send_burst(pilot, "r", "9", "0", "d")
        assert saved_lines(path) == before and app.screen is screen
        await send_burst(pilot, "d")  # typed after the refusal was shown
        assert saved_lines(path) == [*before, "done ERIE"]


async def test_a_pass_typed_behind_a_refused_buy_is_not_used(tmp_path: Path) -> None:
    """1847 AE, Bob (M75) can afford nothing on sale (``b`` is dimmed): ``b Enter x`` in
    one burst passed Bob; now nothing.  His ``x`` typed after the refusal passes him."""
    saves = tmp_path / "saves"
    path = save_at(Cut("1847AE", 0, 16), saves)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.session.acting == "Bob" and screen.check_action("buy", ()) is None
        before = saved_lines(path)
        await send_burst(pilot, "b", "enter", "x")
        assert saved_lines(path) == before and app.screen is screen
        await send_burst(pilot, "x")
        assert saved_lines(path) == [*before, "pass Bob"]


async def test_tab_moves_the_focus_before_the_next_key(tmp_path: Path) -> None:
    """1830, Bob to act: Tab focuses the command bar, so ``Tab x`` types ``x`` there
    (Textual's Tab acted after the ``x``, which passed Bob); ``Tab pass Bob Enter
    shift+Tab x`` gives Bob's pass from the bar, then ``x`` on the board passes Carlos."""
    saves = tmp_path / "saves"
    path = save_at(Cut("1830", 1, 8), saves)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.session.acting == "Bob"
        before = saved_lines(path)
        await send_burst(pilot, "tab", "x")
        assert saved_lines(path) == before and screen.bar.input.value == "x"
        await send_burst(pilot, "backspace", "shift+tab")
        assert screen.focused is not screen.bar.input
        await send_burst(pilot, "tab", "pass Bob", "enter", "shift+tab", "x")
        assert saved_lines(path) == [*before, "pass Bob", "pass Carlos"]


QUIET = {"ctrl+n", "ctrl+o", "ctrl+t", "f", "w", "g", "c", "h", "o", "question_mark", "f1"}
"""Keys left out of the random bursts below: other screens (new game, open, sharing, the
read-only views, History, a sandbox, help), typed by their own tests."""


async def journal_after(path: Path, burst: bursting.Burst, one_by_one: bool) -> list[str] | None:
    """The save's journal after ``burst`` typed at once or a key at a time (each handled
    before the next is typed); ``None`` when the burst met a refused dialog key or a far
    amount's question, whose keys typed ahead are not used by design."""
    app = ModeratorApp(path=path, saves=path.parent)
    asked = False
    async with app.run_test(size=bursting.SIZE) as pilot:
        await bursting.settle(pilot)
        for part in burst if one_by_one else [burst]:
            await bursting.send(pilot, [part] if one_by_one else part)  # type: ignore[list-item]
            asked = asked or isinstance(app.screen, FarAmountQuestion)
        if asked or app._refused_at is not None or app._unused is not None:
            return None
    return saved_lines(path)


@settings(max_examples=examples(5), suppress_health_check=SLOW)
@given(
    title=st.sampled_from(TITLES),
    count=st.sampled_from((8, 30, 90)),
    data=st.data(),
)
def test_a_burst_commits_the_same_typed_at_once_or_key_by_key(
    title: str, count: int, data: st.DataObject
) -> None:
    """However fast the keys come: a random burst (``bursting.bursts``) typed at once
    gives the journal it gives typed a key at a time, at random positions of every title
    with the players named to collide with the keys (``adversary``)."""
    game = played(title, 1, count)
    seats = len(game.players)
    game.close()
    names = data.draw(st.permutations(accepted(title)), label="names")
    burst = [
        part
        for part in data.draw(bursting.bursts(), label="burst")
        if not (isinstance(part, str) and part in QUIET)
    ]
    with tempfile.TemporaryDirectory(prefix="burst-order-") as folder:
        path = renamed_save(title, 1, count, names[:seats], Path(folder) / "s")
        saved = path.read_bytes()
        at_once = asyncio.run(journal_after(path, burst, one_by_one=False))
        path.write_bytes(saved)
        one_by_one = asyncio.run(journal_after(path, burst, one_by_one=True))
    if at_once is not None and one_by_one is not None:
        assert at_once == one_by_one, burst


async def test_keys_typed_behind_a_refused_command_are_not_used(tmp_path: Path) -> None:
    """1846, ERIE has run without a train and must buy one: ``d`` is refused by the
    game.  ``d t Enter`` typed in one burst bought ERIE's train (keys meant for what
    follows a ``done`` acted on the same company); now nothing is committed.  ``t
    Enter`` typed after the refusal was shown buys it."""
    saves = tmp_path / "saves"
    path = save_at(Cut("1846", 1, 29), saves)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.session.acting == "ERIE"
        before = saved_lines(path)
        await send_burst(pilot, "d", "t", "enter")
        assert saved_lines(path) == before and app.screen is screen
        await send_burst(pilot, "t", "enter")
        assert saved_lines(path)[: len(before)] == before
        assert saved_lines(path)[len(before) :] == ["train ERIE 2"]


async def test_keys_typed_behind_a_refused_redo_or_undo_are_not_used(saves: Path) -> None:
    """1830, Cy to act: ``ctrl+z ctrl+y ctrl+y x`` in one burst: the second redo has
    nothing to redo, and the ``x`` typed to follow it passed Cy, the player to act before
    any of it.  Now the keys typed behind a refused undo or redo are not used; an ``x``
    typed after the toast passes Cy.  The same for ``ctrl+z`` in a game with no line."""
    path = saves / "g.json"
    market = (REPO / "tests" / "scripts" / "1830-stock-market.script").read_text("utf-8")
    save_from_script(path, market, "buy Cy PRR pool").close()
    async with running(saves) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "ctrl+z", "ctrl+y", "ctrl+y", "x")
        assert saved_lines(path) == before and app.screen is main_screen(app)
        await send_burst(pilot, "x")
        assert saved_lines(path) == [*before, "pass Cy"]
    fresh = saves / "fresh"
    fresh.mkdir()
    Game.new("1830", ["Amy", "Bob", "Cy"]).save(fresh / "g.json")
    async with running(fresh) as (_app, pilot):
        await send_burst(pilot, "ctrl+z", "x")
        assert saved_lines(fresh / "g.json") == []


async def test_keys_typed_behind_a_hidden_pass_are_not_used(saves: Path) -> None:
    """1846, ERIE operating: ``x`` (a stock round's pass) is hidden; ``x d`` in one burst
    ended ERIE's turn with the ``d`` typed to follow a pass.  Now nothing; a ``d`` typed
    after the toast ends it."""
    path = save_at(Cut("1846", 1, 30), saves)
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.session.acting == "ERIE" and not screen.check_action("pass_turn", ())
        before = saved_lines(path)
        await send_burst(pilot, "x", "d")
        assert saved_lines(path) == before
        await send_burst(pilot, "d")
        assert saved_lines(path) == [*before, "done ERIE"]


async def test_keys_typed_behind_a_hidden_done_are_not_used(saves: Path) -> None:
    """Round 4: 1830, a stock round, Bob to act: ``d`` (an operating round's done) is
    hidden; ``d s p r r 2 Enter``, typed as if in an operating round, sold two of Bob's
    PRR shares with the keys typed to follow a done.  Now nothing; typed after the toast,
    ``s p r r 2 Enter`` sells them."""
    path = saves / "g.json"
    market = (REPO / "tests" / "scripts" / "1830-stock-market.script").read_text("utf-8")
    save_from_script(path, market, "sell Bob PRR 2").close()
    async with running(saves) as (app, pilot):
        assert not main_screen(app).check_action("done", ())
        before = saved_lines(path)
        await send_burst(pilot, "d", "s", "p", "r", "r", "2", "enter")
        assert saved_lines(path) == before
        await send_burst(pilot, "s", "p", "r", "r", "2", "enter")
        assert saved_lines(path) == [*before, "sell Bob PRR 2"]
