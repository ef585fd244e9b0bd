"""Property tests: random sequences of legal commands never create or destroy money.

For 1846 and for 1847 AE: after every accepted command the cash total (bank,
reserve, players, companies) equals the starting total and every corporation's
certificates add up to exactly 100% with one president's (director's)
certificate.  Replaying the journal's lines on a new game gives the same state,
so state really is the fold of the journal.  Whole random games reach the end
with a result for every player.
"""

from __future__ import annotations

import json
import random

from conftest import check_invariants
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from moderator.game import Game
from moderator.script import parse_line
from moderator.simulate import Simulation

SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow],
    "phases": (Phase.explicit, Phase.reuse, Phase.generate),
}


def assert_replay_is_the_state(game: Game) -> None:
    """The journal's lines, read back and applied one by one to a new game of the same
    title, players and options, give exactly the state the game reached command by
    command (no checkpoint is used)."""
    assert game.journal
    fresh = Game.new(game.title, [*game.players, *game.options])
    state = fresh.state
    for entry in game.journal:
        cmd = parse_line(entry.line)
        assert cmd == entry.command, entry.line
        fresh.ruleset.apply(state, cmd)
        state.ledger.events = []
    assert json.dumps(game.state_json(state), sort_keys=True) == json.dumps(
        game.state_json(), sort_keys=True
    )
    replayed = game.replay(len(game.journal))
    assert json.dumps(game.state_json(replayed), sort_keys=True) == json.dumps(
        game.state_json(), sort_keys=True
    )


# ----------------------------------------------------------------------------- 1846
@settings(max_examples=12, **SETTINGS)  # type: ignore[arg-type]
@given(
    seed=st.integers(0, 2**32), players=st.integers(3, 5), scale=st.sampled_from([0.3, 0.6, 1.0])
)
def test_random_legal_games_conserve_cash_and_shares(seed: int, players: int, scale: float) -> None:
    """Each seed is a different random sequence of legal commands (reproducible by seed)."""
    sim = Simulation(
        seed=seed,
        players=players,
        max_commands=300,
        revenue_scale=scale,
        rng=random.Random(seed),
        check=check_invariants,
    )
    assert_replay_is_the_state(sim.run())


@settings(max_examples=4, **SETTINGS)  # type: ignore[arg-type]
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5))
def test_whole_random_games_end_with_a_score(seed: int, players: int) -> None:
    """Played to the end, a game has a result for every player and still balances."""
    sim = Simulation(seed=seed, players=players, max_commands=3000, check=check_invariants)
    game = sim.run()
    assert game.state.ended
    result = game.state_json()["result"]
    assert set(result) == {p.name for p in game.state.ledger.players}


# ----------------------------------------------------------------------------- 1847 AE
@settings(max_examples=40, **SETTINGS)  # type: ignore[arg-type]
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(3, 5),
    scale=st.sampled_from([0.3, 0.6, 1.0]),
    variant=st.booleans(),
)
def test_random_legal_1847ae_games_conserve_cash_and_shares(
    seed: int, players: int, scale: float, variant: bool
) -> None:
    """1847 AE: the starting package and its short operating rounds, Krauss & Co.,
    investor exchanges, trades, nationalisations, quarries, trains from the pool and from
    other corporations, forced purchases: cash and certificates balance after each command,
    and the journal replays to the same state."""
    sim = Simulation(
        seed=seed,
        players=players,
        max_commands=500,
        revenue_scale=scale,
        rng=random.Random(seed),
        check=check_invariants,
        title="1847AE",
        variant=variant,
    )
    game = sim.run()
    assert game.title == "1847AE"
    assert game.state_json()["variant"] is variant
    assert_replay_is_the_state(game)


@settings(max_examples=25, **SETTINGS)  # type: ignore[arg-type]
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5), variant=st.booleans())
def test_whole_random_1847ae_games_end_with_a_result(
    seed: int, players: int, variant: bool
) -> None:
    """1847 AE played to the end (9): the bank broke and its set of operating rounds was
    finished, or a director went bankrupt; every player has a score and a place."""
    sim = Simulation(
        seed=seed,
        players=players,
        max_commands=3000,
        title="1847AE",
        variant=variant,
        check=check_invariants,
    )
    game = sim.run()
    state = game.state
    assert state.ended, f"not over after {len(game.journal)} commands"
    data = game.state_json()
    names = {p.name for p in state.ledger.players}
    assert set(data["result"]) == names
    assert {n for place in data["ranking"] for n in place["players"]} == names
    bankrupt = [p.name for p in state.ledger.players if p.bankrupt]
    if bankrupt:
        assert game.journal[-1].line == f"bankrupt {bankrupt[0]}"
    else:
        assert state.bank_broken and state.round_kind == "OR"
        assert state.or_number == state.ors_in_set
    assert_replay_is_the_state(game)
