"""1847 Pfalz 11.2.6 and RRRR&B 12.2.1: "A Corporation may lay two tiles during the yellow
phase only"; 6.3: the printed terrain cost is paid for a tile laid.  The two maps' costs
are in neither the rules nor the facts, so amounts are not checked, but a turn pays no more
`terrain` lines than it lays tiles: two in the yellow phase, one from the first 4-train
(rules level 14, fixes ``1847Pfalz-11.2.6-lays`` and ``1847RRRRB-12.2.1-lays``).  A quarry's
tile (4.2, 11.3) is free: no line.  Before, any number of lines was taken.

``1847pfalz-three-players.script``, OR 2.1: N (330) places a station (100): 230, phase 3.
``1847rrrrb-forced-purchase.script``, OR 2.1: N (330) places a station (60): 270, phase 3.
"""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.fixes import FIXES
from moderator.game import Game

PFALZ3 = (SCRIPTS / "1847pfalz-three-players.script").read_text(encoding="utf-8")
RRRRB3 = (SCRIPTS / "1847rrrrb-forced-purchase.script").read_text(encoding="utf-8")


def upto(script: str, line: str) -> str:
    """The script up to and including the first line that starts with ``line``."""
    lines = script.splitlines()
    index = next(i for i, x in enumerate(lines) if x.startswith(line))
    return "\n".join(lines[: index + 1]) + "\n"


def test_11_2_6_two_terrain_lines_in_the_yellow_phase_then_refused() -> None:
    """N pays two terrain costs (230 - 70 - 50 = 110); a third is refused, naming 11.2.6
    and 6.3, N's cash unchanged."""
    game = play(upto(PFALZ3, "spend N 100 token"))
    assert game.state.phase == "3"
    assert game.execute("spend N 70 terrain").ok
    assert game.execute("spend N 50 terrain").ok
    refuse(game, "spend N 40 terrain", "may lay 2 tiles this turn (11.2.6: the yellow phase)")
    refuse(game, "spend N 40 terrain", "has paid terrain 2 times", "(6.3)")
    assert game.state.company("N").cash == 110


def test_12_2_1_rrrrb_counts_the_same() -> None:
    """RRRR&B, section 12's rule: N pays 80 twice (270 -> 110); a third is refused."""
    game = play(upto(RRRRB3, "spend N 60 token"))
    assert game.execute("spend N 80 terrain").ok
    assert game.execute("spend N 80 terrain").ok
    refuse(game, "spend N 70 terrain", "(12.2.1: the yellow phase)", "(6.3)")
    assert game.state.company("N").cash == 110


def test_11_2_6_one_terrain_line_from_the_green_phase() -> None:
    """From the first 4-train one tile a turn (11.2.6: no extra lay later): the second
    terrain line is refused.  (The phase is set directly, as in test_g1847pfalz: a refusal
    would rebuild it from the journal, so the refused line is only executed.)"""
    game = play(upto(PFALZ3, "spend N 100 token"))
    game.state.phase = "4"
    assert game.execute("spend N 70 terrain").ok
    outcome = game.execute("spend N 70 terrain")
    assert not outcome.ok and "may lay one tile this turn (11.2.6)" in outcome.message


def test_the_count_is_the_turns_and_a_line_without_terrain_is_not_counted() -> None:
    """A token or a line without purpose is no terrain charge: N places its station (not
    counted), pays two terrain lines and a bare 10; the next corporation to pay terrain in
    another turn starts again (RRRR&B five players: Saar after L)."""
    game = play(upto(PFALZ3, "spend N 100 token"))
    for line in ("spend N 70 terrain", "spend N 10", "spend N 70 terrain"):
        assert game.execute(line).ok, line
    assert game.state.company("N").cash == 80
    rrrrb5 = (SCRIPTS / "1847rrrrb-five-players.script").read_text(encoding="utf-8")
    game = play(upto(rrrrb5, "spend Saar 60 token"))
    assert game.execute("spend Saar 130 terrain").ok
    assert game.execute("spend Saar 130 terrain").ok


def test_a_game_before_rules_level_14_took_any_number_of_terrain_lines() -> None:
    """A save of rules level 13 replays as it was: three lines, 230 - 3 x 70 = 20."""
    assert FIXES["1847Pfalz-11.2.6-lays"].level == 14
    assert FIXES["1847RRRRB-12.2.1-lays"].level == 14
    lines = [x for x in upto(PFALZ3, "spend N 100 token").splitlines() if x and x[0] != "#"]
    game = Game.new("1847Pfalz", lines[0].split()[2:], rules_level=13)
    for line in [*lines[1:], *["spend N 70 terrain"] * 3]:
        assert game.execute(line).ok, line
    assert game.state.company("N").cash == 20
