"""The random game player (:mod:`moderator.simulate`): 1846 by default, 1847 AE and 1853 on
request.

The property tests (``tests/test_invariants.py``) check what the games keep
(cash, certificates, replay); these check the player itself: it is seeded,
1847 AE and 1853 games use every kind of command the rules offer, 1853's contract
bids are legal, and an engine crash or a game that cannot go on stops it with the
seed in the message.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from moderator import commands as c
from moderator.errors import Refusal
from moderator.game import Game
from moderator.journal import Entry
from moderator.simulate import Simulation, SimulationError, market_spread, simulate
from rulesets.g1847ae import G1847AE, PACKAGE
from rulesets.g1853 import G1853


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
    with pytest.raises(ValueError, match="1846, 1847AE, 1853, 1830"):
        Simulation(seed=1, title="1856")


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


# ----------------------------------------------------------------------------- 1853
def test_the_same_seed_plays_the_same_1853_game() -> None:
    first = Simulation(seed=3, players=4, max_commands=300, title="1853").run()
    again = simulate(3, 4, max_commands=300, title="1853")
    other = Simulation(seed=4, players=4, max_commands=300, title="1853").run()
    assert first.title == "1853"
    assert _lines(first) == _lines(again)
    assert _lines(first) != _lines(other)


def _kind_1853(entry: Entry) -> str:
    """What one 1853 journal entry is, in the words of the brief."""
    words = entry.line.split()
    kind = words[0]
    if kind == "claim":
        return "sealed claim" if words[2] == "sealed" else "claim"
    if kind == "pass":
        return "pass in the bids" if entry.round == "setup" else "pass"
    if kind == "buy":
        return f"share from {words[3]}"
    if kind == "train":
        if "credit" in words:
            return "train on credit"
        if "pool" in words:
            return "train from the pool"
        return "train from a company" if "from" in words else f"{words[2]} train"
    if kind == "run":
        return "run withhold" if "withhold" in words else "run full"
    if kind == "spend" and len(words) > 3:
        return f"spend {words[3]}"
    return kind


EVERY_KIND_1853 = {
    "bond",
    "claim",
    "sealed claim",
    "pass in the bids",
    "settle",
    "share from ipo",
    "share from pool",
    "sell",
    "redeemshare",
    "pass",
    "run full",
    "run withhold",
    "mail",
    "spend",
    "spend token",
    "spend fee",
    "spend terrain",
    "spend tile",
    "frontier",
    *(f"{name} train" for name in ("2", "3", "4", "5", "6", "1M", "2M", "3M", "4M")),
    "train on credit",
    "train from a company",
    "train from the pool",
    "discard",
    "done",
    "extra",
    "extra before a stock round",
    "elephant",
    "fulfil",
}


def test_random_1853_games_use_every_kind_of_command() -> None:
    """A handful of seeded games (full and short, 3 and 4 players) between them play every
    command the brief lists, and end both ways: a price at £400 (4.7.3) and the bank
    broken with its operating round finished (5.1.2)."""
    seen: set[str] = set()
    endings: set[str] = set()
    for seed in range(3):
        for players, short, scale in ((3, False, 1.0), (4, True, 1.5)):
            game = Simulation(
                seed=seed,
                players=players,
                max_commands=3000,
                revenue_scale=scale,
                title="1853",
                short=short,
            ).run()
            assert game.state.ended, (seed, players, short)
            endings.add("bank" if game.state.bank_broken else "£400")
            for i, entry in enumerate(game.journal):
                seen.add(_kind_1853(entry))
                if " mail " in entry.line:
                    seen.add("mail")
                if entry.line == "extra" and game.replay(i).round_kind == "SR":
                    seen.add("extra before a stock round")
    assert EVERY_KIND_1853 - seen == set()
    assert endings == {"bank", "£400"}


GANGES = {"Cawnpore", "Lucknow", "Allahabad", "Benares", "Patna", "Calcutta"}
VALUES = {"Calcutta": 50, "Bombay": 40, "Delhi": 40, "Madras": 30, "Waltair": 30}
SIZES = {3: (4, 6), 4: (3, 6), 5: (3, 5), 6: (3, 4)}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_1853_contract_bids_are_legal_and_seat_the_players(players: int) -> None:
    """Every bid the player makes keeps 2.5: a bond of £80 up to the player's cash covering
    its cities (2.5.2, 2.5.9), the number of cities (2.5.6), at most two Ganges cities and
    one beige one in a three-city bid (2.5.7), no £40 left over below the most cities
    (2.5.4); sealed cities are revealed at ``fulfil`` and every fulfilled bid is legal."""
    for seed in range(4):
        sim = Simulation(seed=seed, players=players, max_commands=400, title="1853")
        game = sim.run()
        lines = _lines(game)
        start = 730 if players == 3 else 510 if players == 6 else 570
        bonds = {w[1]: int(w[2]) for w in (x.split() for x in lines) if w[0] == "bond"}
        assert len(bonds) == players and all(80 <= b <= start for b in bonds.values())
        # 2.5.3: seats by bond, largest first; the Elephant to the largest
        seats = [p.name for p in game.state.ledger.players]
        assert [bonds[p] for p in seats] == sorted(bonds.values(), reverse=True)
        settle = lines.index("settle")
        assert all(x.split()[0] in ("bond", "claim", "pass") for x in lines[:settle])
        low, high = SIZES[players]
        for name, bond in bonds.items():
            claims = [x.split() for x in lines[:settle] if x.startswith(f"claim {name} ")]
            sealed = iter(sim._sealed[name])
            cities = [next(sealed) if w[2] == "sealed" else w[2] for w in claims]
            assert len(set(cities)) == len(cities)
            assert low <= len(cities) <= high
            assert sum(VALUES.get(x, 20) for x in cities) <= bond
            assert len(GANGES.intersection(cities)) <= 2
            if len(cities) == 3:
                assert len((GANGES - {"Calcutta"}).intersection(cities)) <= 1
            if len(cities) < high:
                assert bond - sum(VALUES.get(x, 20) for x in cities) < 40
        notes = " ".join(
            getattr(event, "text", "") for entry in game.journal for event in entry.events
        )
        assert "ILLEGAL BID" not in notes


def test_the_1853_game_line_has_six_players_and_short() -> None:
    """Six players (Table 3) and the shortened game of 2.4 on the game line."""
    game = Simulation(seed=1, players=6, max_commands=60, title="1853", short=True).run()
    assert game.options == ("short",)
    assert game.script().splitlines()[0] == "game 1853 Amy Bob Carlos Dana Eve Finn short"
    data = game.state_json()
    assert data["short"] is True
    assert data["starting_total"] == 7760


def test_a_refused_1853_setup_line_stops_the_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bids are planned legal, so a refused claim is reported, naming the line."""

    def refuse(self: G1853, state: object, cmd: c.Claim) -> None:
        raise Refusal("no such claim")

    monkeypatch.setattr(G1853, "cmd_claim", refuse)
    with pytest.raises(SimulationError, match=r"seed 2, 3 players.*`claim .*refused: no such"):
        Simulation(seed=2, players=3, title="1853").run()


def test_an_1853_engine_crash_stops_the_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: G1853, state: object, cmd: c.Frontier) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(G1853, "cmd_frontier", broken)
    with pytest.raises(SimulationError, match=r"1853, seed 0, 4 players.*internal error.*boom"):
        Simulation(seed=0, players=4, title="1853", max_commands=3000).run()


def test_the_1853_game_s_own_offers_are_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no operating choice of its own, the player takes the game's legal commands."""

    def nothing(self: Simulation) -> Iterator[c.Command]:
        return iter(())

    monkeypatch.setattr(Simulation, "_in_operating_choices", nothing)
    game = Simulation(seed=6, players=4, max_commands=150, title="1853").run()
    played = {e.line.split()[0] for e in game.journal if e.round.startswith("OR")}
    assert {"run", "done"} <= played
    assert len(game.journal) == 150 or game.state.ended


def test_market_spread_counts_the_spaces_between_the_outermost_companies() -> None:
    """``market_spread`` (the table view's test looks for the widest simulated market): a
    one-row market's spaces, a grid's columns, 1853's track spaces; 0 with one company."""
    linear = {"kind": "linear", "values": [40, 50, 60, 70], "stacks": {"50": ["A"], "70": ["B"]}}
    assert market_spread(linear) == 2
    grid = {"kind": "grid", "stacks": {"0,5": ["A", "B"], "3,1": ["C"], "2,9": []}}
    assert market_spread(grid) == 4
    tracks = {"kind": "tracks", "values": [10, 20, 30, 40, 50], "positions": {"A": 20, "B": 50}}
    assert market_spread(tracks) == 3
    assert market_spread({"kind": "linear", "values": [10], "stacks": {"10": ["A"]}}) == 0
    assert market_spread({}) == 0
