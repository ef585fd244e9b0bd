"""1847 AE 6.2-6.5: what a corporation pays the bank in its turn is the terrain of the tiles
it lays (6.2 step 1, 6.3) and one station (6.5).  A `spend` line without purpose is one of
them (the contract: money for the turn's track or stations), so the turn's `terrain`,
`token` and bare lines together come to no more than its lays at the map's dearest terrain
(M80, facts §9) plus its next station, if none is placed yet (rules level 14, fix
``1847AE-6.2-costs``).  Before, a bare line took any amount.  1847 Pfalz and RRRR&B, whose
map costs are not known, are not checked.

``1847ae-five-players.script``, OR 1.1 (phase 3): L (366), which operated in the first stock
round's short round, home station only: its next station costs M60 (6.5): M220 at most.
"""

from __future__ import annotations

from conftest import play, refuse
from test_g1847ae_tile_lays import AE5, PFALZ3, before

from moderator.fixes import FIXES
from moderator.game import Game


def test_6_2_6_5_a_bare_spend_beyond_two_lays_and_a_station_is_refused() -> None:
    """L may pay 2 x M80 + M60 = M220: M221 is refused naming 6.2, 6.3 and 6.5; M220 is
    paid (366 -> 146), and then nothing more."""
    game = play(before(AE5, "run L 100"))
    refuse(game, "spend L 221", "L may pay the bank M220 at most this turn", "(6.2: the yellow")
    refuse(game, "spend L 221", "dearest terrain M80 (6.3)", "its next station M60 (6.5)")
    assert game.execute("spend L 220").ok
    refuse(game, "spend L 10", "it has paid M220, so not M10 more")
    assert game.state.company("L").cash == 146


def test_6_3_terrain_lines_count_toward_the_turns_costs() -> None:
    """Two terrain lines (160) leave the station's M60: a bare M60 is paid, M1 more is not."""
    game = play(before(AE5, "run L 100"))
    for line in ("spend L 80 terrain", "spend L 80 terrain", "spend L 60"):
        assert game.execute(line).ok, line
    refuse(game, "spend L 1", "M220 at most")
    assert game.state.company("L").cash == 146


def test_6_5_the_station_placed_counts_at_its_price() -> None:
    """The station placed (M60) then two M80 tiles: M220, all that the turn may pay."""
    game = play(before(AE5, "run L 100"))
    for line in ("spend L 60 token", "spend L 80 terrain", "spend L 80 terrain"):
        assert game.execute(line).ok, line
    refuse(game, "spend L 10", "its station of the round M60 (6.5)", "paid M220")


def test_6_2_one_lay_from_the_green_phase() -> None:
    """From the first 4-train L lays one tile: M80 + M60 = M140.  (The phase is set
    directly, so the refused line is only executed: see test_g1847ae_tile_lays.)"""
    game = play(before(AE5, "run L 100"))
    game.state.phase = "4"
    outcome = game.execute("spend L 141")
    assert not outcome.ok and "M140 at most this turn: one tile (6.2)" in outcome.message
    assert game.execute("spend L 140").ok


def test_pfalz_bare_lines_are_not_checked() -> None:
    """The 1847 Pfalz map's costs are not known (11.1): a bare line takes any amount."""
    game = play(before(PFALZ3, "spend N 100 token"))
    assert game.execute("spend N 330").ok
    assert game.state.company("N").cash == 0


def test_a_game_before_rules_level_14_took_any_bare_amount() -> None:
    """A save of rules level 13 replays as it was: L pays its 366 in one line."""
    assert FIXES["1847AE-6.2-costs"].level == 14
    lines = [x for x in before(AE5, "run L 100").splitlines() if x and x[0] != "#"]
    game = Game.new("1847AE", lines[0].split()[2:], rules_level=13)
    for line in [*lines[1:], "spend L 366"]:
        assert game.execute(line).ok, line
    assert game.state.company("L").cash == 0


def test_6_2_a_cost_after_the_run_is_still_paid_from_the_cash_held_before_it() -> None:
    """The turn's costs and the run's income are two checks: after a withheld 50, L (366)
    may still pay M220 in all, and not from the income (6.2, 6.3: rules level 13)."""
    game = play(before(AE5, "run L 100"))
    assert game.execute("run L 50 withhold").ok
    assert game.execute("spend L 220").ok
    refuse(game, "spend L 1", "M220 at most")
    assert game.state.company("L").cash == 196
