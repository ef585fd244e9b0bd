"""A full 1846 operating turn in at most 10 keys, the same keys in every position (issue 18.6).

The turn: spend (``e``, the amount, Enter), run with the payout kind the dialog
offers (``r``, the revenue, Enter: the company's last kind, or full), buy the
bank's next train and end the turn (``t`` lists the trains every time, the bank's
first and highlighted; ``d`` takes it and gives ``done``).  The positions are the
starts of operating turns of seeded random games (``moderator.simulate``) where such
a turn is legal, among them turns where another company owns trains (so the list
offers more than the bank's) — which is where ``t`` used to open a list and
otherwise took the train at once.  docs/keys.md lists the keys per title.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from ui_helpers import burst_keys, main_screen, running, saved_lines, send_burst

from moderator import commands as c
from moderator.events import TurnStarted
from moderator.game import Game
from moderator.simulate import Simulation

TURN = ("e", "40", "enter", "r", "90", "enter", "t", "d")
"""Spend $40, run $90, the bank's next train, done."""


def test_the_turn_is_ten_keys() -> None:
    assert len(burst_keys(*TURN)) == 10


def _turn_is_legal(game: Game, cid: str) -> tuple[c.Command, ...] | None:
    """The four commands of the turn if the rules take them here (tried on a copy)."""
    trial = Game.new("1846", list(game.players))
    for entry in game.journal:
        assert trial.execute(entry.command).ok
    last = next(
        (
            e.command
            for e in reversed(game.journal)
            if isinstance(e.command, c.Run) and e.command.company == cid
        ),
        None,
    )
    option = last.option if isinstance(last, c.Run) else None
    cmds: list[c.Command] = [
        c.Spend(company=cid, amount=40),
        c.Run(company=cid, revenue=90, option=option or "full"),
    ]
    for cmd in cmds:
        if not trial.execute(cmd).ok:
            return None
    bank = [x for x in trial.legal_commands() if isinstance(x, c.BuyTrain) and x.source is None]
    if not bank:
        return None
    cmds.append(bank[0])
    if not trial.execute(bank[0]).ok or not trial.execute(c.Done(company=cid)).ok:
        return None
    return (*cmds, c.Done(company=cid))


def _positions() -> list[tuple[int, int]]:
    """(seed, commands played) of turn starts where the turn is legal, some with trains
    of other companies to buy (the list then has more than the bank's)."""
    found: list[tuple[int, int]] = []
    for seed in (3, 11, 29):
        played = Simulation(seed=seed, title="1846", players=4, max_commands=260).run()
        starts = [
            n + 1
            for n, entry in enumerate(played.journal[:-1])
            if entry.round.startswith("OR")
            and any(isinstance(ev, TurnStarted) for ev in entry.events)
        ]
        random.Random(seed).shuffle(starts)
        for n in starts[:6]:
            game = Game.new("1846", list(played.players))
            for entry in played.journal[:n]:
                assert game.execute(entry.command).ok
            cid = game.state_json().get("turn")
            if isinstance(cid, str) and _turn_is_legal(game, cid):
                found.append((seed, n))
                break
    return found


POSITIONS = _positions()


def test_there_are_positions_to_type_at() -> None:
    assert len(POSITIONS) >= 2


@pytest.mark.parametrize(("seed", "count"), POSITIONS)
async def test_a_full_operating_turn_takes_ten_keys(tmp_path: Path, seed: int, count: int) -> None:
    played = Simulation(seed=seed, title="1846", players=4, max_commands=count).run()
    game = Game.new("1846", list(played.players))
    for entry in played.journal[:count]:
        assert game.execute(entry.command).ok
    cid = game.state_json()["turn"]
    expected = _turn_is_legal(game, cid)
    assert expected is not None
    others = [x for x in game.legal_commands() if isinstance(x, c.BuyTrain)]
    game.save(tmp_path / "g.json")
    game.close()
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        await send_burst(pilot, *TURN)
        assert app.screen is screen
        lines = saved_lines(tmp_path / "g.json")[count:]
        assert lines == [screen.session.line(x) for x in expected], (others, lines)


async def test_t_lists_the_trains_even_when_the_bank_has_the_only_one(tmp_path: Path) -> None:
    """``t`` opens the list every time (it used to buy at once when the bank's train was
    the only choice): Enter takes the highlighted bank train, Esc leaves it."""
    from ui_helpers import rulebook_save

    from moderator.ui.screens.dialogs import ChoiceDialog

    rulebook_save(tmp_path, "train GT 2")  # GT's first train: only the bank has one
    async with running(tmp_path) as (app, pilot):
        screen = main_screen(app)
        bank = screen.session.legal_of(c.BuyTrain)
        assert len(bank) == 1 and bank[0].source is None  # type: ignore[attr-defined]
        await send_burst(pilot, "t")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.choices[0][1] == bank[0]
        await send_burst(pilot, "escape")
        assert app.screen is screen and saved_lines(tmp_path / "rulebook.json")[-1] != "train GT 2"
        await send_burst(pilot, "t", "enter")
        assert saved_lines(tmp_path / "rulebook.json")[-1] == "train GT 2"
