"""1847 AE 8.4 and the automatic pass: a player whose only legal move left is a
nationalisation is not passed by the tool (the contract passes only a player with no legal
sale or purchase; 8.4's purchase is one).  A game saved before rules level 10 passed him.

The scenario is the audit's: SR 6 of the quarries script, A holding 70% of N and then 90%
after nationalising B's 20%; C still holds a 10% N certificate.  To leave A nothing but the
nationalisation, the test takes his other moves away (shares, sales, privates, exchanges,
Krauss & Co.): reaching that by play would take a whole game, and these are the very
checks the automatic pass asks (``StockRound._can_move``).
"""

from __future__ import annotations

import pytest
from conftest import check_invariants
from test_g1847ae_audit import QUARRIES_SR5, ok, operate_round

from moderator.fixes import FIXES, RULES_LEVEL
from moderator.game import Game
from moderator.script import parse_script


def _played(level: int) -> Game:
    """The audit's SR 6 at ``level``, up to B's turn after A nationalised B's 20% of N."""
    game: Game | None = None
    for line in parse_script(QUARRIES_SR5):
        if game is None:
            words = line.text.split()
            game = Game.new(words[1], words[2:], rules_level=level)
            continue
        ok(game, line.text)
    assert game is not None
    ok(game, "par A N 66", "buy B N", "buy C N", "pass A", "pass B", "pass C")
    operate_round(game, noroute="N", L=5000)
    for _ in range(2):
        operate_round(game, noroute="N")
    for _ in range(3):
        ok(game, "buy A N", "pass B", "pass C")
    ok(game, "buy A N", "pass B", "pass C", "nationalize A N B 20")
    ok(game, "expect A shares N 90", "expect C shares N 10")
    return game


def _only_nationalisation_left(game: Game) -> None:
    """A can buy no share, sell nothing, and has no private, exchange or Krauss purchase:
    his one legal move is 8.4's (the other players keep theirs)."""
    rules = game.ruleset
    for name, nothing in (
        ("_can_buy_anything", False),
        ("_can_sell_anything", False),
        ("_may_buy_a_private", False),
        ("_why_no_exchange", "none"),
    ):
        real = getattr(rules, name)

        def patched(state, player, *rest, _real=real, _nothing=nothing):  # type: ignore[no-untyped-def]
            return _nothing if player == "A" else _real(state, player, *rest)

        setattr(rules, name, patched)
    krauss = rules.krauss
    rules.krauss = lambda state: None if state.current_player == "A" else krauss(state)  # type: ignore[method-assign]


def test_a_player_who_may_nationalise_is_not_passed() -> None:
    game = _played(RULES_LEVEL)
    _only_nationalisation_left(game)
    ok(game, "pass B", "pass C")
    assert game.state.current_player == "A"
    assert "A" not in game.state.auto_passed
    before = game.state.ledger.player("C").cash
    ok(game, "nationalize A N C", "expect A shares N 100")
    assert game.state.ledger.player("C").cash == before + 75  # 150% of 50 (8.4)
    check_invariants(game)


def test_a_player_who_cannot_pay_the_nationalisation_is_passed() -> None:
    """Short of 150% of the price (75), A is passed as before: the check is 8.4's own."""
    game = _played(RULES_LEVEL)
    _only_nationalisation_left(game)
    cash = game.state.ledger.player("A").cash
    ok(game, f"adjust A {74 - cash} test: A keeps 74")
    ok(game, "pass B", "pass C")
    assert "A" in game.state.auto_passed
    assert game.state.round_kind == "OR"  # A's automatic pass ended the stock round


@pytest.mark.parametrize("title", ["1847AE", "1847Pfalz", "1847RRRRB"])
def test_the_fix_is_a_level_10_row(title: str) -> None:
    fix = FIXES[f"{title}-8.4-pass"]
    assert (fix.level, fix.rule) == (10, "8.4")


def test_a_game_saved_at_level_9_passes_him_as_recorded() -> None:
    """Before rules level 10 the tool passed A (no share, sale or private left) although he
    could nationalise; such a game replays so."""
    game = _played(9)
    _only_nationalisation_left(game)
    ok(game, "pass B", "pass C")
    assert "A" in game.state.auto_passed
    assert game.state.round_kind == "OR"
