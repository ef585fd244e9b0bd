"""Track and token costs are never paid from the run's income (rules level 13).

1830 17.0: "Revenues are not available until step #4 of the turn, and thus cannot be spent
on track construction or tokens until next turn"; 1889 and 18Chesapeake as 1830; 1846 6.2
(tiles and token, then the run, "in order"); 1847 AE 6.2, 6.3 ("may not place such a tile
with the intent to pay later in the same turn (by withholding dividends, for instance)"),
1847 Pfalz and RRRR&B the same; 1853 Section 4 (4.1 to 4.8 in order) and 4.1.12 (terrain
paid "BEFORE the tile is laid").  A ``spend`` written after the run is paid from the cash
the company held when its run was written, less the costs written since
(``OperatingRound.check_run_income``); a game saved before level 13 took any cash."""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, play, refuse
from test_charter_tokens import OR_1830

from moderator.fixes import FIXES, fixes_between
from moderator.game import Game
from moderator.script import parse_script

OR_2 = OR_1830 + "\n".join(
    ("run BO 0", "train BO 2", "done BO", "run NYNH 0", "train NYNH 2", "done NYNH", "pass Bob")
    + ("pass Amy", "")
)
"""Operating round 2.1: B&O and NYNH own a 2 each and hold $920 (1000 - 80)."""


def test_17_0_a_late_cost_is_paid_from_the_cash_before_the_run() -> None:
    """B&O floats with $1000 (11.0) and buys a 2 in operating round 1 (80): 920.  In round 2
    it withholds 60: 980, of which 920 was held when the run was written.  A $120 mountain
    written after the run: 800 of the cash before the run left.  $801 is refused (though
    B&O holds 860), $800 is paid: 60 left, exactly the run's income, and not one dollar
    more may be spent."""
    g = play(OR_2)
    for line in ("run BO 60 withhold", "spend BO 120 terrain"):
        assert g.execute(line).ok, line
    assert g.state.company("BO").cash == 860
    said = refuse(g, "spend BO 801", "held before the run", "$800 left of it", "(17.0)")
    assert "run's income" in said
    assert g.execute("spend BO 800").ok
    assert g.state.company("BO").cash == 60
    refuse(g, "spend BO 1", "$0 left of it", "(17.0)")
    refuse(g, "spend BO 40 token", "$0 left of it", "(17.0)")


def test_17_0_a_train_bought_after_the_run_is_paid_from_its_income_first() -> None:
    """The train comes after the costs (17.0: track, token, run, trains), so a cost written
    after both is paid first, from the cash before the run: B&O (920, one 2) withholds 60
    (980), buys three 2s (240: 740); $740 of track is still paid (the treasury holds it),
    $741 is not."""
    g = play(OR_2)
    for line in ("run BO 60 withhold", *["train BO 2"] * 3):
        assert g.execute(line).ok, line
    refuse(g, "spend BO 741", "BO has $740", "(17.0)")
    assert g.execute("spend BO 740").ok
    assert g.state.company("BO").cash == 0


def test_17_0_a_cost_before_the_run_may_use_last_turn_s_income() -> None:
    """Revenue is available from the next turn (17.0): NYNH's withheld 300 pays its track
    in operating round 2."""
    g = play(OR_2)
    for line in ("run BO 0", "done BO", "run NYNH 300 withhold"):
        assert g.execute(line).ok, line
    refuse(g, "spend NYNH 921", "$920 left of it", "(17.0)")
    for line in ("done NYNH", "pass Bob", "pass Amy", "run BO 0", "done BO"):
        assert g.execute(line).ok, line
    assert g.state.company("NYNH").cash == 1220
    assert g.execute("spend NYNH 1220").ok


def test_a_game_before_rules_level_13_pays_late_costs_from_any_cash() -> None:
    game = Game.new("1830", ["Amy", "Bob"], rules_level=12)
    for line in list(parse_script(OR_2))[1:]:
        assert game.execute(line.command).ok
    for line in ("run BO 60 withhold", "spend BO 980"):
        assert game.execute(line).ok, line
    assert game.state.company("BO").cash == 0


SCRIPT_FOR = {
    "1830": ("1830-trains-phases.script", "17.0"),
    "1889": ("1889-bank-breaks.script", "facts §7"),
    "18Chesapeake": ("18chesapeake-bank-breaks.script", "§10"),
    "1846": ("1846-2e-three-players.script", "6.2"),
    "1847AE": ("1847ae-bank-breaks-in-or.script", "6.2, 6.3"),
    "1847Pfalz": ("1847pfalz-bank-breaks.script", "6.2, 6.3"),
    "1847RRRRB": ("1847rrrrb-bank-breaks.script", "6.2, 6.3"),
    "1853": ("1853-last-phase.script", "Section 4, 4.1.12"),
}
"""Per title: a script whose first corporation run with cash and a train is the scenario's,
and the rule the refusal names."""


def _before_a_run(
    name: str, level: int | None = None, kind: str = "corporation"
) -> tuple[Game, str]:
    """The script played up to its first run of a company of ``kind`` that has a train,
    cash and no credit debt; the game (at ``level`` if given) and that company."""
    lines = list(parse_script((SCRIPTS / name).read_text(encoding="utf-8")))
    head = lines[0].command
    game = (
        Game.from_command(head)
        if level is None
        else Game.new(head.title, list(head.players), rules_level=level)  # type: ignore[attr-defined]
    )
    for line in lines[1:]:
        words = line.text.split()
        state = game.state
        if words[0] == "run" and state.operating and state.operating != words[1] and state.ran:
            game.execute(f"done {state.operating}")  # the end the run line would make
        if words[0] == "run" and game.state.operating == words[1] and not game.state.ran:
            company = game.state.company(words[1])
            if company.kind == kind and company.trains and company.cash > 0:
                if not company.debt or kind == "independent":  # 1846: its debt is the buyer's
                    return game, company.id
        assert game.execute(line.command).ok, line.text
    raise AssertionError(f"no {kind} run in {name}")


@pytest.mark.parametrize("title", sorted(SCRIPT_FOR))
def test_every_title_of_the_rule_refuses_a_cost_from_the_run_s_income(title: str) -> None:
    """The cash at the run (C) pays a late cost; C + 1 is refused though the treasury holds
    C + 50 after a withheld 50; once C is spent, nothing more."""
    name, rule = SCRIPT_FOR[title]
    # 1847 AE: L's 280 is more than a turn may pay at all (6.2-6.5, rules level 14, row
    # 1847AE-6.2-costs, which refuses it first): the game is played at level 13
    game, cid = _before_a_run(name, 13 if title == "1847AE" else None)
    held = game.state.company(cid).cash
    assert game.execute(f"run {cid} 50 withhold").ok
    assert game.state.company(cid).cash == held + 50
    refuse(game, f"spend {cid} {held + 1}", "held before the run", f"({rule})")
    assert game.execute(f"spend {cid} {held}").ok
    refuse(game, f"spend {cid} 1", "held before the run", f"({rule})")
    assert FIXES[f"{title}-run-income"].level == 13
    assert FIXES[f"{title}-run-income"] in fixes_between(title, 12)


@pytest.mark.parametrize("title", ["1846", "1853"])
def test_a_level_12_game_of_the_title_plays_as_before(title: str) -> None:
    game, cid = _before_a_run(SCRIPT_FOR[title][0], level=12)
    held = game.state.company(cid).cash
    assert game.execute(f"run {cid} 50 withhold").ok
    assert game.execute(f"spend {cid} {held + 50}").ok


def test_1853_a_frontier_post_written_after_the_run_is_track_step_money() -> None:
    """4.1.14: a frontier post is paid in the track step (4.1), before the run: written
    after it, its 30 may pay a late cost (C + 30), the withheld 50 still not (C + 31)."""
    game, cid = _before_a_run(SCRIPT_FOR["1853"][0])
    held = game.state.company(cid).cash
    assert game.execute(f"run {cid} 50 withhold").ok
    assert game.execute(f"frontier {cid} 30").ok
    refuse(game, f"spend {cid} {held + 31}", f"£{held + 30} left of it", "(Section 4, 4.1.12)")
    assert game.execute(f"spend {cid} {held + 30}").ok
    assert game.state.company(cid).cash == 50


def test_1846_an_independent_railroad_pays_late_track_from_its_cash_before_the_run() -> None:
    """6.2 NOTE: an independent railroad does parts of steps B (track), C and D; 6.72: it
    keeps half its revenue.  Of a 40 run it keeps 20, which pays no track written late."""
    game, cid = _before_a_run("1846-2e-three-players.script", kind="independent")
    held = game.state.company(cid).cash
    assert game.execute(f"run {cid} 40").ok
    assert game.state.company(cid).cash == held + 20
    refuse(game, f"spend {cid} {held + 1}", f"${held} left of it", "(6.2)")
    assert game.execute(f"spend {cid} {held}").ok


def test_1817_facts_8_a_loan_after_the_run_is_not_income() -> None:
    """1817 (facts §8): track before the run, loans at any point of the turn.  UR holds $195
    when OR 1.2 begins (its 2-train bought in OR 1.1, interest $5 paid) and withholds 60:
    $255, of which $195 was held at the run.  $201 of track is refused, $40 of terrain is
    paid ($155 of the cash before the run left, $161 refused); a loan taken after the run is
    not the run's income: $100 more may be spent ($255), so $160 is paid, then $1."""
    from test_g1817 import OPERATING

    g = play(OPERATING)
    for line in ("loan UR", "train UR 2", "done UR", "loan PW", "train PW 2", "done PW"):
        assert g.execute(line).ok, line
    assert g.execute("run UR 60 withhold").ok
    assert g.state.company("UR").cash == 255
    refuse(g, "spend UR 201", "$195 left of it", "(facts §8)")
    assert g.execute("spend UR 40 terrain").ok
    refuse(g, "spend UR 161", "$155 left of it", "(facts §8)")
    assert g.execute("loan UR").ok
    assert g.execute("spend UR 160").ok and g.execute("spend UR 1").ok
    assert g.state.company("UR").cash == 154
