"""The random game player (:mod:`moderator.simulate`): 1846 by default, 1847 AE on request.

The property tests (``tests/test_invariants.py``) check what the games keep
(cash, certificates, replay); these check the player itself: it is seeded,
1847 AE games use every kind of command the rules offer, and an engine crash
or a game that cannot go on stops it with the seed in the message.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from moderator import commands as c
from moderator.game import Game
from moderator.journal import Entry
from moderator.simulate import Simulation, SimulationError, simulate
from rulesets.g1847ae import G1847AE, PACKAGE


def _lines(game: Game) -> list[str]:
    return [e.line for e in game.journal]


def test_1846_is_the_default_title() -> None:
    """Without a title the player plays 1846, the same game as with ``title="1846"``."""
    default = Simulation(seed=5, players=4, max_commands=150).run()
    named = Simulation(seed=5, players=4, max_commands=150, title="1846").run()
    assert default.title == "1846"
    assert _lines(default) == _lines(named)
    assert _lines(simulate(5, 4, max_commands=150)) == _lines(default)


def test_unknown_title_is_refused() -> None:
    with pytest.raises(ValueError, match="1846, 1847AE"):
        Simulation(seed=1, title="1830")


def test_the_same_seed_plays_the_same_1847ae_game() -> None:
    first = Simulation(seed=8, players=4, max_commands=250, title="1847AE").run()
    again = simulate(8, 4, max_commands=250, title="1847AE")
    other = Simulation(seed=9, players=4, max_commands=250, title="1847AE").run()
    assert first.title == "1847AE"
    assert _lines(first) == _lines(again)
    assert _lines(first) != _lines(other)


def _kind(entry: Entry) -> str:
    """What one journal entry is, in the words of the 1847 AE brief."""
    words = entry.line.split()
    kind = words[0]
    if kind == "buy" and len(words) == 3 and words[2] in PACKAGE:
        return "package item"
    if kind == "buy" and words[2] == "LFK":
        return "Krauss bought from the pool"
    if kind == "buy":
        return f"share from {words[3]}"
    if kind == "sell" and words[2] == "LFK":
        return "Krauss sold"
    if kind == "sell":
        return "forced sale" if entry.round.startswith("OR") else "sale"
    if kind == "train":
        source = "pool" if "pool" in words else "corporation" if "from" in words else "bank"
        return f"train from the {source}"
    if kind == "run":
        return f"run {words[-1]}"
    if kind == "done" and "noroute" in words:
        return "done noroute"
    return kind


EVERY_KIND = {
    "package item",
    "short operating round",
    "pass",
    "share from ipo",
    "share from pool",
    "par",
    "sale",
    "Krauss sold",
    "Krauss bought from the pool",
    "exchange",
    "trade",
    "nationalize",
    "spend",
    "run full",
    "run withhold",
    "train from the bank",
    "train from the pool",
    "train from the corporation",
    "discard",
    "buyprivate",
    "close",
    "income",
    "done",
    "done noroute",
    "forced sale",
    "bankrupt",
}


def test_random_1847ae_games_use_every_kind_of_command() -> None:
    """A handful of seeded games (3-5 players, with and without ``done noroute``) between
    them play every command the brief lists, end each game, and end some by bankruptcy."""
    seen: set[str] = set()
    endings: set[str] = set()
    for seed in range(3):
        for players in (3, 4, 5):
            for noroute in (0.0, 0.5):
                game = Simulation(
                    seed=seed,
                    players=players,
                    max_commands=3000,
                    revenue_scale=0.6,
                    title="1847AE",
                    noroute=noroute,
                ).run()
                assert game.state.ended, (seed, players, noroute)
                endings.add("bankrupt" if game.journal[-1].line.startswith("bankrupt") else "bank")
                for entry in game.journal:
                    seen.add(_kind(entry))
                    if entry.round == "OR 1.0":  # 3.3: inside the first stock round
                        seen.add("short operating round")
    assert EVERY_KIND - seen == set()
    assert endings == {"bank", "bankrupt"}


def test_the_variant_game_is_played_with_its_option() -> None:
    """Section 10: ``variant`` goes on the game line and into the state."""
    game = Simulation(seed=2, players=3, max_commands=120, title="1847AE", variant=True).run()
    assert game.options == ("variant",)
    assert game.state_json()["variant"] is True
    assert game.script().splitlines()[0] == "game 1847AE Amy Bob Carlos variant"


def test_an_engine_crash_stops_the_simulation_naming_the_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The game turns an exception into a refusal; the simulation reports it instead of
    trying something else, so a crash is never hidden."""

    def broken(self: G1847AE, state: object, cmd: c.Run) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(G1847AE, "cmd_run", broken)
    with pytest.raises(SimulationError, match=r"seed 4, 3 players.*internal error.*boom"):
        Simulation(seed=4, players=3, title="1847AE").run()


def test_the_game_s_own_offers_are_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """When none of the player's own operating choices is accepted, one of the game's legal
    commands is played, so the game still goes on."""

    def nothing(self: Simulation) -> Iterator[c.Command]:
        return iter(())

    monkeypatch.setattr(Simulation, "_ae_operating_choices", nothing)
    game = Simulation(seed=6, players=4, max_commands=200, title="1847AE").run()
    played = {e.line.split()[0] for e in game.journal if e.round.startswith("OR")}
    assert {"run", "done"} <= played
    assert len(game.journal) == 200 or game.state.ended


def test_a_game_that_cannot_go_on_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def nothing(self: Simulation) -> Iterator[c.Command]:
        return iter(())

    monkeypatch.setattr(Simulation, "_ae_operating_choices", nothing)
    monkeypatch.setattr(Game, "legal_commands", lambda self: [])
    with pytest.raises(SimulationError, match=r"stuck at OR .*seed 6, 4 players"):
        Simulation(seed=6, players=4, title="1847AE").run()
