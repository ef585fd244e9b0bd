"""1847 AE 6.2 step 1: two yellow tiles a turn during the yellow phase, one tile from the
green phase, two in a corporation's first operating round whatever the phase; 6.3: the
printed terrain cost is paid for a tile laid, so a turn pays no more `terrain` lines than
that (rules level 14, fix ``1847AE-6.2-lays``).  6.3 also charges nothing for a tile, and
no rule of the box names a fee: `tile` and `fee` lines are refused in 1847 AE, Pfalz and
RRRR&B (fixes ``1847AE-6.3-tile``, ``1847Pfalz-6.3-tile``, ``1847RRRRB-6.3-tile``).

``1847ae-five-players.script``, OR 1.1 (phase 3): Saar (420) in its first operating round,
then L (366), which operated in the first stock round's short round.
"""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.fixes import FIXES
from moderator.game import Game

AE5 = (SCRIPTS / "1847ae-five-players.script").read_text(encoding="utf-8")
PFALZ3 = (SCRIPTS / "1847pfalz-three-players.script").read_text(encoding="utf-8")
RRRRB3 = (SCRIPTS / "1847rrrrb-forced-purchase.script").read_text(encoding="utf-8")


def before(script: str, line: str) -> str:
    """The script up to the first line that starts with ``line``, that line left out."""
    lines = script.splitlines()
    index = next(i for i, x in enumerate(lines) if x.startswith(line))
    return "\n".join(lines[:index]) + "\n"


def upto(script: str, line: str) -> str:
    """The script up to and including the first line that starts with ``line``."""
    lines = script.splitlines()
    index = next(i for i, x in enumerate(lines) if x.startswith(line))
    return "\n".join(lines[: index + 1]) + "\n"


def test_6_2_two_terrain_lines_in_the_yellow_phase_then_refused() -> None:
    """L pays 70 and 80 (366 -> 216); a third terrain line is refused, naming 6.2 and 6.3."""
    game = play(before(AE5, "run L 100"))
    assert game.state.phase == "3" and game.state.operating == "L"
    assert game.execute("spend L 70 terrain").ok
    assert game.execute("spend L 80 terrain").ok
    refuse(game, "spend L 40 terrain", "may lay 2 tiles this turn (6.2: the yellow phase)")
    refuse(game, "spend L 40 terrain", "has paid terrain 2 times", "(6.3)")
    assert game.state.company("L").cash == 216


def test_6_2_one_terrain_line_from_the_green_phase() -> None:
    """From the first 4-train L, which has operated before, lays one tile: the second terrain
    line is refused.  (The phase is set directly, as in test_g1847pfalz: a refusal would
    rebuild it from the journal, so the refused line is only executed.)"""
    game = play(before(AE5, "run L 100"))
    game.state.phase = "4"
    assert game.execute("spend L 70 terrain").ok
    outcome = game.execute("spend L 70 terrain")
    assert not outcome.ok and "may lay one tile this turn (6.2)" in outcome.message


def test_6_2_two_terrain_lines_in_the_first_operating_round_whatever_the_phase() -> None:
    """Saar operates for the first time: two lays even in the green phase (420 -> 280),
    a third line is refused naming its first operating round."""
    game = play(before(AE5, "run Saar 0"))
    game.state.phase = "4"
    assert game.execute("spend Saar 70 terrain").ok
    assert game.execute("spend Saar 70 terrain").ok
    outcome = game.execute("spend Saar 40 terrain")
    assert not outcome.ok and "(6.2: its first operating round)" in outcome.message
    assert game.state.company("Saar").cash == 280


def test_6_3_no_tile_cost_and_no_fee_in_any_1847_version() -> None:
    """A `tile` or `fee` line is refused in 1847 AE, Pfalz and RRRR&B, naming 6.3 and the
    lines that are paid; a `terrain` and a `token` line still are."""
    game = play(before(AE5, "run L 100"))
    refuse(game, "spend L 20 tile", "1847 AE charges nothing for a tile", "(6.3: `spend L")
    refuse(game, "spend L 20 fee", "no fee", "(6.5: `token`)")
    assert game.execute("spend L 40 terrain").ok
    pfalz = play(upto(PFALZ3, "spend N 100 token"))
    refuse(pfalz, "spend N 20 tile", "1847 Pfalz charges nothing for a tile", "(6.3")
    refuse(pfalz, "spend N 20 fee", "no fee")
    rrrrb = play(upto(RRRRB3, "spend N 60 token"))
    refuse(rrrrb, "spend N 20 tile", "charges nothing for a tile", "(6.3")
    refuse(rrrrb, "spend N 10 fee", "no fee")


def test_a_game_before_rules_level_14_took_them() -> None:
    """A save of rules level 13 replays as it was: three terrain lines, a tile and a fee
    (366 - 3 x 40 - 20 - 10 = 216)."""
    for ident in ("1847AE-6.2-lays", "1847AE-6.3-tile", "1847Pfalz-6.3-tile"):
        assert FIXES[ident].level == 14
    assert FIXES["1847RRRRB-6.3-tile"].level == 14
    lines = [x for x in before(AE5, "run L 100").splitlines() if x and x[0] != "#"]
    game = Game.new("1847AE", lines[0].split()[2:], rules_level=13)
    extra = [*["spend L 40 terrain"] * 3, "spend L 20 tile", "spend L 10 fee"]
    for line in [*lines[1:], *extra]:
        assert game.execute(line).ok, line
    assert game.state.company("L").cash == 216
