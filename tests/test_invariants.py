"""Property tests: random sequences of legal 1846 commands never create or destroy money.

After every accepted command the cash total (bank, reserve, players, companies)
equals the starting total and every corporation's certificates add up to
exactly 100% with one president's certificate.  Replaying the journal gives
the same state, so state really is the fold of the journal.
"""

from __future__ import annotations

import json
import random

from conftest import check_invariants
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from moderator.simulate import Simulation


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
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
    game = sim.run()
    assert game.journal
    replayed = game.replay(len(game.journal))
    assert json.dumps(game.state_json(replayed), sort_keys=True) == json.dumps(
        game.state_json(), sort_keys=True
    )


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5))
def test_whole_random_games_end_with_a_score(seed: int, players: int) -> None:
    """Played to the end, a game has a result for every player and still balances."""
    sim = Simulation(seed=seed, players=players, max_commands=3000, check=check_invariants)
    game = sim.run()
    assert game.state.ended
    result = game.state_json()["result"]
    assert set(result) == {p.name for p in game.state.ledger.players}
