"""Station tokens from the charter (rulesets.charter_tokens): 1830 19.0 ($40 for the first
after the home token, $100 each after, one a turn, Table 2's count less the market
marker), 1889 facts §3 (¥40; KU has only its home token), 18Chesapeake facts §3 ($40, $60,
$80).  A private's free station (1830 D&H, Table 1 note 2; 18Chesapeake C&OC) leaves no
line, so its corporation's next paid token may be a later one.  Games before rules level
12 took any token line (moderator.fixes)."""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.game import Game
from moderator.script import parse_script

OR_1830 = """\
game 1830 Amy Bob
buy Amy SV
buy Bob CS
buy Amy DH
buy Bob MH
buy Amy CA
buy Bob BOP
par Bob BO 100
par Amy NYNH 100
buy Bob BO
buy Amy NYNH
buy Bob BO
buy Amy NYNH
buy Bob BO
buy Amy NYNH
buy Bob BO
buy Amy NYNH
pass Bob
pass Amy
"""
"""Operating round 1.1 of a two-player 1830: B&O, then NYNH (both at $100, B&O first)."""


def test_19_0_the_first_token_after_the_home_one_costs_40_then_100() -> None:
    g = play(OR_1830)
    refuse(g, "spend BO 100 token", "BO's next token costs $40", "not $100", "(19.0)")
    assert g.execute("spend BO 40 token").ok
    refuse(g, "spend BO 100 token", "one a turn", "(19.0)")
    assert g.execute("spend BO 40").ok  # a tile and a token together: not checked
    for line in ("run BO 0", "train BO 2", "done BO"):
        assert g.execute(line).ok
    # NYNH's charter (Table 2: 3, one of them the market marker): home and one more
    refuse(g, "spend NYNH 100 token", "NYNH's next token costs $40", "(19.0)")
    assert g.execute("spend NYNH 40 token").ok
    for line in ("run NYNH 0", "train NYNH 2", "done NYNH", "pass Bob", "pass Amy"):
        assert g.execute(line).ok
    for line in ("run BO 0", "done BO"):
        assert g.execute(line).ok
    refuse(g, "spend NYNH 40 token", "holds 2 tokens", "1 more, all placed", "(19.0)")


def test_19_0_a_refused_token_line_that_starts_the_turn_leaves_no_trace() -> None:
    """``spend NYNH … token`` ends B&O's turn before the charter is read: refused, nothing
    of it stays (B&O still operating)."""
    g = play(OR_1830 + "run BO 0\ntrain BO 2\n")
    refuse(g, "spend NYNH 100 token", "NYNH's next token costs $40")
    assert g.state.operating == "BO"


def test_19_0_a_corporation_with_d_and_h_may_pay_a_later_token() -> None:
    """Table 1 note 2: PRR's station in the D&H hex, placed free with the tile, left no
    line; its next paid token may be the $100 one (or the $40 one), never more than its
    charter holds."""
    script = (SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8")
    g = play(script.split("spend PRR 120 terrain")[0])
    assert g.execute("spend PRR 100 token").ok
    refuse(g, "spend PRR 60 token", "one a turn")
    g = play(script.split("spend PRR 120 terrain")[0])
    refuse(g, "spend PRR 60 token", "$40 or $100", "not $60", "(19.0)")


def test_facts_3_1889_tokens_cost_40_and_ku_has_only_its_home_token() -> None:
    script = (SCRIPTS / "1889-stock-rules.script").read_text(encoding="utf-8")
    g = play(script.split("run AR 0")[0])
    refuse(g, "spend AR 80 token", "AR's next token costs ¥40", "(facts §3)")
    assert g.execute("spend AR 40 token").ok
    from rulesets.g1889 import TOKENS

    assert TOKENS["KU"] == (0,) and TOKENS["TR"] == (0, 40, 40)


def test_facts_3_18chesapeake_tokens_cost_40_60_80() -> None:
    script = (SCRIPTS / "18chesapeake-two-players.script").read_text(encoding="utf-8")
    g = play(script.split("run PRR 0")[0])
    refuse(g, "spend PRR 60 token", "PRR's next token costs $40", "(facts §3)")
    assert g.execute("spend PRR 40 token").ok
    for line in ("run PRR 0", "train PRR 2", "done PRR", "run CO 0", "train CO 2", "done CO"):
        assert g.execute(line).ok
    for line in ("run BO 0", "train BO 2", "done BO", "pass Amy", "pass Bob"):
        assert g.execute(line).ok
    assert g.state.round_kind == "OR"
    refuse(g, "spend PRR 40 token", "PRR's next token costs $60", "(facts §3)")
    assert g.execute("spend PRR 60 token").ok


def test_a_game_before_rules_level_12_takes_any_token_line() -> None:
    lines = [x.command for x in parse_script(OR_1830)]
    game = Game.new("1830", ["Amy", "Bob"], rules_level=11)
    for cmd in lines[1:]:
        assert game.execute(cmd).ok
    assert game.execute("spend BO 100 token").ok
    assert game.execute("spend BO 55 token").ok
