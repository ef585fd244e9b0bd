"""Property tests: random sequences of legal commands never create or destroy money.

For every title (one table, :data:`PLANS`, and one test of each kind parametrized over
it, each title with its own number of examples): after every accepted command the cash
total (bank, reserve, players, companies) equals the starting total and every
corporation's certificates add up to exactly 100% with one president's (director's)
certificate.  For 1853 also: the bonds held aside count in the total, no cash is
negative, and no purchase or claim breaks the Table 3 limits.  Replaying the journal's
lines on a new game gives the same state, so state really is the fold of the journal.
Whole random games reach the end with a result and a place for every player.  Games of
every title whose commands all come from the rules' own list (``Game.legal_commands``)
also keep every cash non-negative and the limits, come back to the same state after undo
then redo, and reload from their save to the same state (issue 11.2).
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import check_invariants, examples, play
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from moderator import commands as c
from moderator.events import PresidentChanged, PriceMoved
from moderator.game import Game
from moderator.market import TrackMarket
from moderator.script import format_command, parse_line
from moderator.simulate import NAMES, Simulation
from rulesets import g1853

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


# ----------------------------------------------------------------------------- the plans
@dataclass(frozen=True)
class Plan:
    """How one title is played by the property tests below: its player counts, how many
    examples each test draws (CI's; ``examples`` scales them when exploring) and the
    simulation's settings.  One table, one test of each kind parametrized over it: each
    title keeps its own number of examples and draws its own (:func:`run_property`)."""

    title: str
    players: tuple[int, int]
    """The fewest and most players."""
    games: int = 0
    """Random games of ``commands`` commands (0: the simulation does not play the title)."""
    whole: int = 0
    """Random games played to the end."""
    legal: int = 0
    """Games of commands drawn from the rules' own list."""
    commands: int = 500
    whole_commands: int = 4000
    scales: tuple[float, ...] = (0.3, 0.6, 1.0)
    """Revenue scales of the random games."""
    whole_scales: tuple[float, ...] = (1.0,)
    option: str | None = None
    """An option word drawn on or off (1847 AE's ``variant``, 1853's ``short``, 1889's
    ``beginner``)."""
    label: str = ""
    """The test id and the draws' seed when a title has two rows (its two-player
    variant played every time): the title otherwise."""

    def __str__(self) -> str:
        return self.label or self.title

    def simulation(self, option: bool) -> dict[str, Any]:
        """The simulation's keywords for the title and the option drawn."""
        words: dict[str, Any] = {"title": self.title}
        if option and self.option in ("variant", "short"):
            words[self.option] = True
        elif option and self.option is not None:
            words["options"] = (self.option,)
        return words


PLANS = (
    Plan("1846", (3, 5), games=8, whole=4, legal=2, commands=300, whole_commands=3000),
    Plan("1847AE", (3, 5), games=28, whole=16, legal=2, whole_commands=3000, option="variant"),
    Plan(
        "1853",
        (3, 6),
        games=15,
        whole=4,
        legal=2,
        commands=400,
        whole_commands=3000,
        scales=(0.5, 1.0),
        whole_scales=(1.0, 1.5),
        option="short",
    ),
    Plan("1847Pfalz", (3, 5), legal=2),
    Plan("1847RRRRB", (3, 5), legal=2),
    Plan("1830", (2, 6), games=20, whole=10, legal=5),
    Plan("1889", (2, 6), games=8, whole=4, legal=3, option="beginner"),
    Plan("18Chesapeake", (2, 6), games=8, whole=4, legal=3),
    # the two-player variant every time, not only when a draw above picks two (§13)
    Plan("18Chesapeake", (2, 2), games=2, whole=1, legal=2, label="18Chesapeake-two-players"),
    # part 1 (issue 44): up to the merger round, the unlimited bank's issued money counted
    Plan("1817", (3, 7), games=3, legal=3, commands=250, scales=(0.3, 1.0)),
)
"""Every title: 1846 (the default), 1847 AE (the starting package and its short operating
rounds, Krauss & Co., investor exchanges, trades, nationalisations, quarries, trains from
the pool and other corporations), 1853 (contract bids, sealed claims, redemptions, mail,
trains on credit, contracts fulfilled, the Elephant and the extra round), 1847 Pfalz and
RRRR&B (issue 22: their box values, legal games only), 1830 (the opening sale with bids
and auctions, either-order turns, the M&H exchange, trade-ins), 1889 (block sales, the
Dougo exchange, UTF at the first 5) and 18Chesapeake (the draw, the commitment rule, BOR's
share and CV's certificate, exports at the end of each set; with two players the 30%
certificates and the shares leaving the game): forced purchases and
bankruptcies everywhere; 1817 part 1 (the opening sale, IPOs, loans, interest with automatic
loans, liquidations and exports, up to the merger round)."""


def run_property(
    plan: Plan, count: int, body: Callable[..., None], **strategies: st.SearchStrategy[Any]
) -> None:
    """Run ``body`` as a property of its own: ``count`` examples (CI's) of ``strategies``,
    drawn for ``plan``'s title (the title is part of what seeds the draws, so no two
    titles draw the same examples)."""
    body._hypothesis_internal_add_digest = str(plan).encode()  # type: ignore[attr-defined]
    settings(max_examples=examples(count), **SETTINGS)(given(**strategies)(body))()  # type: ignore[arg-type]


def checker(title: str) -> Callable[[Game], None]:
    """The checks after every accepted command (1853's own, with its limits)."""
    return Invariants1853() if title == "1853" else check_invariants


# ----------------------------------------------------------------------------- random games
@pytest.mark.hypothesis
@pytest.mark.parametrize("plan", [p for p in PLANS if p.games], ids=str)
def test_random_legal_games_conserve_cash_and_shares(plan: Plan) -> None:
    """Each seed is a different random sequence of legal commands (reproducible by seed):
    after every command the cash and the certificates balance (1853: the limits too), and
    the journal replays to the same state."""

    def random_game(seed: int, players: int, scale: float, option: bool) -> None:
        check = checker(plan.title)
        sim = Simulation(
            seed=seed,
            players=players,
            max_commands=plan.commands,
            revenue_scale=scale,
            rng=random.Random(seed),
            check=check,
            **plan.simulation(option),
        )
        game = sim.run()
        assert game.title == plan.title
        assert (plan.option in game.options) is option
        if isinstance(check, Invariants1853):
            assert check.checked == len(game.journal)
        if plan.title == "1817":  # the unlimited bank: all accounts, the bank too, sum to 0
            assert game.state.ledger.total_cash() == game.state.ledger.starting_total == 0
        assert_replay_is_the_state(game)

    run_property(
        plan,
        plan.games,
        random_game,
        seed=st.integers(0, 2**32),
        players=st.integers(*plan.players),
        scale=st.sampled_from(plan.scales),
        option=st.booleans() if plan.option else st.just(False),
    )


def _ended_1847ae(game: Game) -> None:
    """1847 AE (9): the bank broke and its set of operating rounds was finished, or a
    director went bankrupt (the last line)."""
    state = game.state
    bankrupt = [p.name for p in state.ledger.players if p.bankrupt]
    if bankrupt:
        assert game.journal[-1].line == f"bankrupt {bankrupt[0]}"
    else:
        assert state.bank_broken and state.round_kind == "OR"
        assert state.or_number == state.ors_in_set
    assert_replay_is_the_state(game)


def _ended_1853(game: Game) -> None:
    """1853 (5.1): the bank broke and the operating round was finished, or a price reached
    £400; every player's score is cash and shares at the market price (par without one),
    bonds left out (5.2.1)."""
    state = game.state
    market = state.market
    assert isinstance(market, TrackMarket)
    reason = state.end_reason or ""
    at_400 = any(
        market.has(co.id) and state.price(co.id) == 400 for co in state.ledger.corporations()
    )
    if at_400:  # at once (5.1.3), also in the operating rounds finished after the bank broke
        assert "5.1.3" in reason or (state.bank_broken and "5.1.2" in reason), reason
    else:
        assert state.bank_broken and "5.1.2" in reason, reason
    data = game.state_json()
    for player in state.ledger.players:
        shares = sum(
            co.holder_percent(player.name)
            // 10
            * (state.price(co.id) if market.has(co.id) else market.par_of[co.id])
            for co in state.ledger.corporations()
        )
        assert data["result"][player.name] == player.cash + shares
    assert_replay_is_the_state(game)


ENDINGS: dict[str, Callable[[Game], None]] = {"1847AE": _ended_1847ae, "1853": _ended_1853}
"""The end of a title's game checked beyond a result for every player."""


@pytest.mark.hypothesis
@pytest.mark.parametrize("plan", [p for p in PLANS if p.whole], ids=str)
def test_whole_random_games_end_with_a_result(plan: Plan) -> None:
    """Played to the end (1846 and 1830 25.0: the bank broke and the set under way was
    finished, or a president went bankrupt; 1889 and 18Chesapeake §11), a game has a
    score and a place for every player, and still balances."""

    def whole_game(seed: int, players: int, scale: float, option: bool) -> None:
        sim = Simulation(
            seed=seed,
            players=players,
            max_commands=plan.whole_commands,
            revenue_scale=scale,
            check=checker(plan.title),
            **plan.simulation(option),
        )
        game = sim.run()
        state = game.state
        assert state.ended, f"not over after {len(game.journal)} commands: {game.round_label()}"
        data = game.state_json()
        names = sorted(p.name for p in state.ledger.players)
        assert sorted(data["result"]) == names
        assert sorted(n for place in data["ranking"] for n in place["players"]) == names
        ending = ENDINGS.get(plan.title)
        if ending is not None:
            ending(game)

    run_property(
        plan,
        plan.whole,
        whole_game,
        seed=st.integers(0, 10_000),
        players=st.integers(*plan.players),
        scale=st.sampled_from(plan.whole_scales),
        option=st.booleans() if plan.option else st.just(False),
    )


# ----------------------------------------------------------------------------- 1853
LIMITS_1853 = {3: (6, 21), 4: (6, 16), 5: (5, 13), 6: (4, 11)}
"""Table 3: most shares of one company per player, certificate limit."""


def _priced_over_40(game: Game, cid: str) -> bool:
    """Whether a company's shares count toward the limits (3.1.2: a value of £40 or less
    exempts them; a company with no price yet is valued at its par, 3.1.7)."""
    state = game.state
    market = state.market
    assert isinstance(market, TrackMarket)
    value = state.price(cid) if market.has(cid) else market.par_of[cid]
    return value > 40


def over_limits_1853(game: Game) -> dict[str, dict[str, str]]:
    """Each player over a Table 3 limit: by company over the holding limit, and under
    ``"certificates"`` over the certificate limit (counted here, not by the ruleset)."""
    state = game.state
    most, limit = LIMITS_1853[len(state.ledger.players)]
    over: dict[str, dict[str, str]] = {}
    for player in state.ledger.players:
        excess: dict[str, str] = {}
        certificates = 0
        for co in state.ledger.corporations():
            shares = co.holder_percent(player.name) // 10
            if not shares or not _priced_over_40(game, co.id):
                continue
            if shares > most:
                excess[co.id] = f"{shares} shares of {co.id} (most {most})"
            director = any(x.president for x in co.certs_of(player.name))
            certificates += shares - 1 if director and shares >= 2 else shares
        if certificates > limit:
            excess["certificates"] = f"{certificates} certificates (limit {limit})"
        if excess:
            over[player.name] = excess
    return over


class Invariants1853:
    """The checks after every accepted 1853 command.

    Cash: the total (bank, players, companies, the bonds held aside) equals the start and
    no account but the bank is ever negative.  Certificates: every company's add up to
    100%, with one director's mark at most.  Limits (Table 3, 3.1.2): a purchase or a claim
    never leaves its player over the certificate limit or the holding limit of its company;
    a player may newly be over a limit only when the same command took a director's
    certificate from him (3.2.3) or moved a price he holds above £40.
    """

    def __init__(self) -> None:
        self.over: dict[str, dict[str, str]] = {}
        self.checked = 0

    def __call__(self, game: Game) -> None:
        state = game.state
        ledger = state.ledger
        ledger.check_conservation()
        for p in ledger.players:
            assert p.cash >= 0, (p.name, p.cash)
        for account, cash in ledger.escrow.items():
            assert cash >= 0, (account, cash)
        for co in ledger.companies.values():
            assert co.cash >= 0, (co.id, co.cash)
            if co.kind == "corporation":
                assert sum(x.percent for x in co.certificates) == 100, co.id
                assert sum(x.president for x in co.certificates) <= 1, co.id
        over = over_limits_1853(game)
        entry = game.journal[-1] if game.journal else None
        if entry is not None:
            cmd = entry.command
            if isinstance(cmd, c.Buy | c.Claim):
                # a share gained never breaks its company's limit nor the certificate limit
                # (a player over another company's limit since a price rose may buy)
                excess = over.get(cmd.player, {})
                for key in (cmd.corp, "certificates"):
                    assert key not in excess, f"`{entry.line}` left {excess[key]}"
            for name, excess in over.items():
                for key, why in excess.items():
                    if key in self.over.get(name, {}):
                        continue
                    lost_director = any(
                        isinstance(e, PresidentChanged) and e.before == name for e in entry.events
                    )
                    price_rose = any(
                        isinstance(e, PriceMoved) and (e.before or 0) <= 40 < e.after
                        for e in entry.events
                    )
                    assert lost_director or price_rose, f"`{entry.line}` put {name} over: {why}"
        self.over = over
        self.checked += 1


OVER_THE_LIMIT = """\
game 1853 Amy Bob Carlos
setpar EIR 53
bond Amy 80
bond Bob 80
bond Carlos 80
claim Amy Karachi EIR
claim Bob Lahore NWR
claim Carlos Lucknow GIP
claim Amy Nagpur EIR
claim Bob Jaipur BBCI
claim Carlos Allahabad GIP
claim Amy Ajmer EIR
claim Bob Trichinopoly NWR
claim Carlos Hyderabad GIP
claim Amy Hyderabad EIR
claim Bob Cawnpore NWR
claim Carlos Nagpur GIP
pass Amy
pass Bob
pass Carlos
settle
buy Amy EIR
pass Bob
pass Carlos
buy Amy EIR
pass Bob
pass Carlos
"""
"""Three players; Amy holds 6 EIR shares (Table 3: the most with 3 players) and may buy
no seventh (EIR's par set low so that she could pay for it)."""


def test_the_1853_limit_check_catches_a_purchase_over_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The property's limit check is not empty: the rules refuse Amy a seventh EIR share
    (3.1.2), and a ruleset that let her buy it is caught by the check."""
    game = play(OVER_THE_LIMIT, check=Invariants1853())
    assert game.state.company("EIR").holder_percent("Amy") == 60
    refused = game.execute("buy Amy EIR")
    assert not refused.ok and "3.1.2" in refused.message
    check = Invariants1853()
    monkeypatch.setitem(g1853.HOLDING_LIMIT, 3, 10)
    game = play(OVER_THE_LIMIT, check=check)
    assert game.execute("buy Amy EIR").ok
    with pytest.raises(AssertionError, match="`buy Amy EIR` left 7 shares of EIR"):
        check(game)


# ----------------------------------------------------------------------------- issue 11.2
# The tests above play with the simulation's own choices.  These draw every command from
# the rules' own list (``Game.legal_commands``), on a game saved in a temporary folder, and
# check after every command what the bank must never break, that undo then redo comes back
# to the same state, and at the end that the save on disk loads to the same state.
def _no_negative_cash(game: Game) -> None:
    """Only the bank may be overdrawn (``Ledger.transfer``); nobody else ever is, but an
    1817 player in debt: a liquidated corporation's interest or loans its former president
    pays into negative cash (facts §6, §11, Step 8; the cash crisis is a later step)."""
    ledger = game.state.ledger
    assert ledger.total_cash() == ledger.starting_total
    for p in ledger.players:
        assert p.cash >= 0 or game.title == "1817", (p.name, p.cash)
    for co in ledger.companies.values():
        assert co.cash >= 0, (co.id, co.cash)
    for account, cash in ledger.escrow.items():
        assert cash >= 0, (account, cash)


def _limits_held(game: Game) -> None:
    """1846 and 1847 AE: a purchase or a par never leaves its buyer over the certificate
    limit (1846 5.39, 1847 AE 8.3); in 1846 nobody ever owns more than 60% of a
    corporation (5.36).  An excess the rules allow (a presidency change or a limit that
    dropped, 1846 5.43) is never the buyer's own purchase, so it is not checked here."""
    ruleset = game.ruleset
    state = game.state
    cmd = game.journal[-1].command
    if isinstance(cmd, c.Buy | c.Par):
        name = ruleset.player_name(state, cmd.player)  # type: ignore[attr-defined]
        count = ruleset.cert_count(state, name)  # type: ignore[attr-defined]
        limit = ruleset.cert_limit(state)  # type: ignore[attr-defined]
        assert count <= limit, f"`{game.journal[-1].line}` left {name} {count} of {limit}"
    if game.title == "1830" and isinstance(cmd, c.Buy | c.Par):
        # 10.0: five certificates of one corporation, unless its price is orange or brown
        co = state.company(ruleset.company_id(state, cmd.corp))  # type: ignore[attr-defined]
        if co.kind == "corporation" and ruleset.zone(state, co.id) not in "ob":  # type: ignore[attr-defined]
            held = sum(1 for x in co.certificates if x.holder == name)
            assert held <= 5, f"`{game.journal[-1].line}` left {name} {held} {co.id} certificates"
    if game.title in ("1889", "18Chesapeake") and isinstance(cmd, c.Buy | c.Par):
        # facts §1: 60% of one corporation, unless its price is orange (1889)
        co = state.company(ruleset.company_id(state, cmd.corp))  # type: ignore[attr-defined]
        if co.kind == "corporation" and ruleset.zone(state, co.id) != "o":  # type: ignore[attr-defined]
            assert co.holder_percent(name) <= 60, f"`{game.journal[-1].line}` left {name}"
    most = getattr(ruleset, "max_holding", None)
    if most is not None:
        for co in state.ledger.corporations():
            for p in state.ledger.players:
                assert co.holder_percent(p.name) <= most, (p.name, co.id)


def _undo_redo_is_the_same(game: Game) -> None:
    """Undo then redo of the last command: the same state JSON, journal and save file."""
    assert game.path is not None
    before = json.dumps(game.state_json(), sort_keys=True)
    on_disk = game.path.read_bytes()
    last = game.journal[-1]
    assert game.undo() == last
    assert game.redo() is not None
    assert game.journal[-1] == last
    assert json.dumps(game.state_json(), sort_keys=True) == before
    assert game.path.read_bytes() == on_disk


REVENUES = st.sampled_from([0, 10, 40, 70, 100, 150, 220, 300, 450])
"""Revenues tried for a ``run`` the rules offer (they offer ``run X 0``); a refused one
falls back to the offered command."""


def play_legal(game: Game, data: st.DataObject, steps: int) -> int:
    """Play up to ``steps`` commands each drawn from ``game.legal_commands()``; every one is
    accepted, and after each the invariants hold and undo then redo changes nothing.
    Returns how many were played."""
    check = Invariants1853() if game.title == "1853" else None
    played = 0
    for _ in range(steps):
        legal = game.legal_commands()
        if not legal:
            assert game.state.ended, f"nothing is legal at {game.round_label()}, game not over"
            break
        moves = [x for x in legal if not isinstance(x, c.Pass)]
        if moves and data.draw(st.integers(0, 4), label="move or pass"):  # mostly a move
            legal = moves
        cmd = data.draw(st.sampled_from(legal), label="command")
        if isinstance(cmd, c.Run):
            revenue = data.draw(REVENUES, label="revenue")
            richer = cmd.model_copy(update={"revenue": revenue})
            if revenue and game.try_command(richer) is None:
                cmd = richer
        outcome = game.execute(cmd)
        assert outcome.ok, f"legal `{format_command(cmd)}` refused: {outcome.message}"
        played += 1
        if check is not None:
            check(game)
        else:
            check_invariants(game)
            _no_negative_cash(game)
            _limits_held(game)
        if data.draw(st.integers(0, 3), label="undo-redo here") == 0:
            _undo_redo_is_the_same(game)
    return played


def _start(title: str, players: int, seed: int, path: Path) -> Game:
    """A new game of ``title`` saved at ``path``.  The simulation plays the setup of 1846
    (removals and privates, which the rules do not offer) and 1853 (contract bids: the
    claims the rules offer can leave a bid that no claim completes, see docs/hardening.md)."""
    if title in ("1847AE", "1830", "1889", "18Chesapeake", "1817"):
        return Game.new(title, list(NAMES[:players]), path=path)
    if title in BOX_VALUES:  # 1847 Pfalz, RRRR&B: the box's values first (11.1, 12.1)
        game = Game.new(title, list(NAMES[:players]), path=path)
        for line in BOX_VALUES[title] + (["box rows PLP,SPR/R,K,H,W"] if players == 3 else []):
            if title == "1847Pfalz" or not line.startswith("box rows"):
                assert game.execute(line).ok, line
        return game
    sim = Simulation(seed=seed, players=players, title=title)
    if title == "1846":
        sim._setup()  # noqa: SLF001 - the setup the rules leave to the table
    else:
        sim._in_setup()  # noqa: SLF001 - 1853's contract bids, planned to be completable
    game = sim.game
    game.save(path)
    return game


BOX_VALUES = {
    "1847Pfalz": ["box SPR 170", "box SPR.income 10"],
    "1847RRRRB": ["box SPR 170", "box SPR.income 10"],
}
"""The box values a game of 1847 Pfalz / RRRR&B needs before it starts (a table's)."""


@pytest.mark.hypothesis
@pytest.mark.parametrize("plan", [p for p in PLANS if p.legal], ids=str)
def test_legal_command_games_keep_every_invariant_and_reload(plan: Plan) -> None:
    """Every title, commands from the rules' own list: cash constant, certificates at 100%,
    no negative cash, limits held (1830's holding limit of 10.0, 1889's and
    18Chesapeake's 60%), undo then redo the same, and the save in a temporary folder loads
    (verified) to the same state JSON and journal."""

    def legal_game(players: int, seed: int, data: st.DataObject) -> None:
        _legal_game_reloads(plan.title, players, seed, data)

    run_property(
        plan,
        plan.legal,
        legal_game,
        players=st.integers(*plan.players),
        seed=st.integers(0, 2**16),
        data=st.data(),
    )


def _legal_game_reloads(title: str, players: int, seed: int, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        game = _start(title, players, seed, path)
        try:
            played = play_legal(game, data, 120)
            assert played or game.state.ended
            before = json.dumps(game.state_json(), sort_keys=True)
            if game.journal:
                _undo_redo_is_the_same(game)
        finally:
            game.close()
        loaded = Game.load(path, read_only=True)
        assert json.dumps(loaded.state_json(), sort_keys=True) == before
        assert loaded.journal == game.journal
