"""Bursts of keys never kill the app nor make it lie (issue 18.1, 18.2; 20.11).

The burst of issue 18.1 first: on the 1846 demo (OR 3.1), ``r 9 0 Enter d r 1 0 0
Enter d`` sent at once crashed the app (``DuplicateIds 'run-dialog'``: the second run
dialog was opened while the first, dismissed, was still being removed).  Now every key
typed after a closed screen waits for it to be gone, and acts then, in order.

Then hypothesis types random bursts (``bursting.bursts``: every footer key, digits,
Enter, Escape, arrows, Tab, ctrl+z/ctrl+y, pastes, ``:`` and typing, whole commands
typed ahead, Esc typed at once before a key as ``alt+KEY``) into each title's demo
and into random positions of ``moderator.simulate``; after every burst the app is
alive, no id is used twice, and the state on screen equals its save replayed
(``bursting.check_alive``).  The ``ci``
profile of ``tests/conftest.py`` makes the run the same every time;
``scripts/bursts.py --examples 2000`` is the long, random run.

Last, a crash (any uncaught exception) ends ``run_app`` with a non-zero status and one
line naming the save (issue 20.11).
"""

from __future__ import annotations

import asyncio
import functools
from pathlib import Path

import bursting
import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moderator.game import Game
from moderator.ui import app as app_module
from moderator.ui.app import EXIT_CRASH, ModeratorApp, run_app
from moderator.ui.screens.dialogs import RunDialog

TITLES = ("1846", "1847AE", "1853", "1830")
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture]


@functools.cache
def demo(title: str) -> bursting.Position:
    """The title's demo played into a save once per test session (each run copies it)."""
    return bursting.demo_position(title, bursting.scratch())


@functools.cache
def simulated(title: str, seed: int, commands: int) -> bursting.Position:
    """A position of ``moderator.simulate``, built once per test session."""
    return bursting.simulated_position(title, seed, commands, bursting.scratch())


def journal_lines(app: ModeratorApp) -> list[str]:
    game = app.game
    assert game is not None
    return [entry.line for entry in game.journal]


def demo_length(title: str) -> int:
    game = Game.load(demo(title).save, read_only=True)
    try:
        return len(game.journal)
    finally:
        game.close()


def test_the_burst_of_issue_18_1_runs_in_order() -> None:
    """OR 3.1 of the 1846 demo: PRR runs 90 (full), is done; IC's run dialog opens with
    100 typed and stays open, saying why it is refused (6.61: no train); the last ``d``
    is not text for the amount (the field bells), and nothing crashed."""

    def seen(app: ModeratorApp) -> tuple[list[str], object, int | None, str]:
        top = app.screen
        assert isinstance(top, RunDialog)
        return journal_lines(app), top.company, top.amount, top.reason_text

    burst = bursting.keys_of("r 9 0 enter d r 1 0 0 enter d")
    before = demo_length("1846")
    found = bursting.run(demo("1846"), [burst], seen)
    assert found is not None
    lines, company, amount, reason = found
    assert lines[before:] == ["run PRR 90 full", "done PRR"]
    assert (company, amount) == ("IC", 100)
    assert "refused" in reason and "6.61" in reason


def test_whole_turns_typed_ahead_act_in_order() -> None:
    """Typed ahead, PRR runs and is done; IC's run (no train) is refused and its dialog
    stays open with the reason: the ``Esc h`` typed behind the refused Enter are not used
    (``ModeratorApp.keys_refused``); typed after, Esc closes it and ``h`` opens the
    history over the main screen."""

    def seen(app: ModeratorApp) -> tuple[list[str], str]:
        return journal_lines(app), type(app.screen).__name__

    burst = bursting.keys_of("r 9 0 enter d r 1 0 0 enter escape h")
    before = demo_length("1846")
    found = bursting.run(demo("1846"), [burst], seen)
    assert found is not None
    assert found[0][before:] == ["run PRR 90 full", "done PRR"]
    assert found[1] == "RunDialog"
    found = bursting.run(demo("1846"), [burst, bursting.keys_of("escape h")], seen)
    assert found is not None
    assert found[0][before:] == ["run PRR 90 full", "done PRR"]
    assert found[1] == "HistoryScreen"


@settings(max_examples=examples(9), suppress_health_check=SLOW)
@given(title=st.sampled_from(TITLES), data=st.data())
def test_random_bursts_on_each_demo(title: str, data: st.DataObject) -> None:
    position = demo(title)
    bursts = data.draw(
        st.lists(bursting.bursts(list(position.lines)), min_size=1, max_size=4), label="bursts"
    )
    bursting.run(position, bursts)


@settings(max_examples=examples(6), suppress_health_check=SLOW)
@given(
    title=st.sampled_from(TITLES),
    seed=st.integers(0, 50),
    commands=st.integers(5, 400),
    data=st.data(),
)
def test_random_bursts_on_simulated_positions(
    title: str, seed: int, commands: int, data: st.DataObject
) -> None:
    position = simulated(title, seed, commands)
    bursts = data.draw(
        st.lists(bursting.bursts(list(position.lines)), min_size=1, max_size=3), label="bursts"
    )
    bursting.run(position, bursts)


def test_the_checks_can_fail(tmp_path: Path) -> None:
    """The property is not vacuous: a twice-used id and a state that is not its save's
    replay are both caught."""

    async def doubled() -> None:
        app = ModeratorApp(path=bursting.fresh_copy(demo("1846"), tmp_path))
        async with app.run_test(size=bursting.SIZE) as pilot:
            await bursting.settle(pilot)
            main = app.screen
            from textual.widgets import Static

            # Textual refuses twin ids among siblings only: two parents may hold one each
            await main.mount(Static(id="twin"))
            await main.query_one("#body").mount(Static(id="twin"))
            assert bursting.duplicate_ids(app) == ["MainScreen#twin"]
            await main.query("#twin").remove()
            bursting.check_alive(app, [])
            game = app.game
            assert game is not None
            game.state.bank_broken = not game.state.bank_broken  # a figure that lies
            with pytest.raises(AssertionError, match="differs from its save"):
                bursting.check_alive(app, [])

    asyncio.run(doubled())


def test_a_key_back_from_a_closed_screen_is_not_used_and_said(tmp_path: Path) -> None:
    """A key handed to a screen's widget that comes back (for the screen's own bindings)
    after that screen closed does nothing on the screen on top now — a ``g`` typed on the
    projection once switched the score to the rounds — and a toast says so."""
    from textual import events

    from moderator.ui.screens.main import MainScreen
    from moderator.ui.screens.score import ScoreScreen

    async def stale() -> tuple[str, list[str]]:
        app = ModeratorApp(path=bursting.fresh_copy(demo("1846"), tmp_path))
        async with app.run_test(size=bursting.SIZE) as pilot:
            await bursting.settle(pilot)
            main = app.screen
            assert isinstance(main, MainScreen)
            gone = ScoreScreen(main.session)  # the screen the key was typed for, closed
            for _ in range(2):
                key = events.Key("g", "g")
                app._typed_for[key] = gone
                key._set_forwarded()  # as it comes back from a widget of that screen
                key.set_sender(app)
                app.post_message(key)
            await bursting.settle(pilot)
            return (type(app.screen).__name__, [str(n.message) for n in app._notifications])

    top, toasts = asyncio.run(stale())
    assert top == "MainScreen"  # not the rounds: the key did nothing here
    assert "2 keys typed for the score screen came after it had closed: not used" in toasts
    assert not any("a key typed for" in t for t in toasts)  # one toast, counting


# ------------------------------------------------------------ a crash exits non-zero (20.11)
def headless(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_app`` runs the app without a terminal."""
    monkeypatch.setattr(
        ModeratorApp,
        "run",
        functools.partialmethod(ModeratorApp.run, headless=True, size=(120, 40)),
    )


def test_a_crash_exits_non_zero_and_names_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    headless(monkeypatch)
    path = bursting.fresh_copy(demo("1846"), tmp_path)

    def boom(self: ModeratorApp) -> None:
        raise RuntimeError("a bug in a key's action")

    real_on_mount = ModeratorApp.on_mount

    def on_mount(self: ModeratorApp) -> None:
        real_on_mount(self)
        self.call_later(boom, self)

    monkeypatch.setattr(ModeratorApp, "on_mount", on_mount)
    status = run_app(path=path, saves=path.parent)
    assert status == EXIT_CRASH != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith(
        "moderator stopped on an error (RuntimeError: a bug in a key's action)"
    )
    assert f"saved in {path}" in err[-1] and f"moderator open {path}" in err[-1]
    Game.load(path).close()  # the save is whole and let go (its lock)


def test_a_quit_exits_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    headless(monkeypatch)
    path = bursting.fresh_copy(demo("1846"), tmp_path)
    real_on_mount = ModeratorApp.on_mount

    def on_mount(self: ModeratorApp) -> None:
        real_on_mount(self)
        self.call_later(self.exit)

    monkeypatch.setattr(ModeratorApp, "on_mount", on_mount)
    assert run_app(path=path, saves=path.parent) == 0
    assert "stopped on an error" not in capsys.readouterr().err


def test_the_crash_line_without_a_game(tmp_path: Path) -> None:
    app = ModeratorApp(saves=tmp_path / "saves\x1b[2J")
    line = app_module.crash_line(app, KeyError("x"))
    assert line == (
        "moderator stopped on an error (KeyError: 'x'); no game was open "
        f"(saves are in {tmp_path}/saves\\x1b[2J)"
    )
