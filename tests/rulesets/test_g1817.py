"""1817, part 1 (issue 44): the refusals and readings the hand-computed scripts cannot show.

No rulebook text was found: every refusal names a section of the facts (``facts §6``),
with the rule number the facts quote where they quote one (``R 6.9``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import play, refuse

from moderator.game import Game
from moderator.ledger import Certificate
from rulesets.g1817 import G1817
from rulesets.loans import LoanTrack
from rulesets.sharecount import size_of

SALE = (
    "game 1817 Amy Bob Cat\nprivate Amy MAJC 90\nprivate Bob MTE 40\npass Cat\npass Amy\npass Bob\n"
)
"""Amy owns MAJC, Bob MTE; Cat holds the priority of stock round 1."""
STARTED = SALE + "ipo Cat UR 200 2\nipo Amy PW 100 2\n"
"""UR ($100, Cat) and PW ($50, Amy) started; Bob on turn."""
OPERATING = STARTED + "pass Bob\npass Cat\npass Amy\n"
"""Operating round 1.1 begun: UR ($100) operates first."""


def test_facts_0_players_cash_and_unlimited_bank() -> None:
    for n, cash, limit in ((3, 420, 21), (5, 252, 13), (7, 180, 9)):
        names = ["Amy", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"][:n]
        data = play(f"game 1817 {' '.join(names)}").state_json()
        assert {p["cash"] for p in data["players"]} == {cash}
        assert data["cert_limit"] == limit
        assert data["bank"]["cash"] is None and data["bank"]["issued"] == n * cash
        assert data["total_cash"] == data["starting_total"] == 0


@pytest.mark.parametrize("words", ["Amy Bob", "A B C D E F G H"])
def test_facts_0_three_to_seven_players(words: str) -> None:
    with pytest.raises(Exception, match=r"3 to 7 players"):
        Game.new("1817", words.split())


@pytest.mark.parametrize("name", ["P1", "p3", "P11", "MAJC", "mail"])
def test_facts_1_a_player_is_not_named_like_a_private(name: str) -> None:
    """A private's alias (``P1``…``P11``) or id names it in a line: a new game refuses it
    as a player's name, as it refuses a company's (fix ``1817-alias-names``)."""
    with pytest.raises(Exception, match=rf"may not be called '{name}': it names a company"):
        Game.new("1817", ["Amy", "Bob", name])


def test_facts_1_a_save_keeps_a_player_named_like_a_private(tmp_path: Path) -> None:
    """A game of rules level 11 seated ``P3``: its save opens with his name."""
    path = tmp_path / "g.json"
    game = Game.new("1817", ["Amy", "Bob", "P3"], path, rules_level=11)
    game.close()
    again = Game.load(path, read_only=True)
    assert again.players == ["Amy", "Bob", "P3"]
    again.close()


def test_facts_0_bank_cash_cannot_be_checked() -> None:
    g = play("game 1817 Amy Bob Cat")
    refuse(g, "expect bank cash 0", "unlimited", "facts §0")


def test_facts_15_volatility_is_a_later_step() -> None:
    with pytest.raises(Exception, match="Volatility"):
        Game.new("1817", ["Amy", "Bob", "Cat", "volatility"])
    g = play("game 1817 Amy Bob Cat short_squeeze five_shorts modern_trains")
    assert g.state.extra["options"] == ["short_squeeze", "five_shorts", "modern_trains"]


def test_facts_6_rate_at_every_loan_count() -> None:
    rate = G1817().rate_for
    table = [5] * 6 + [r for r in range(10, 75, 5) for _ in range(5)]
    assert [rate(n) for n in range(71)] == table
    assert rate(70) == 70 and LoanTrack.loans_total == 70


def test_facts_1_sale_refusals() -> None:
    g = play("game 1817 Amy Bob Cat\nprivate Amy MAJM 0")
    refuse(g, "private Bob MAIL 5", "lowest bid is $10", "facts §1")
    refuse(g, "private Bob MAIL 12", "multiples of $5", "facts §1")
    refuse(g, "private Bob MAJM 20", "already sold", "facts §1")
    refuse(g, "pass Amy", "Bob's choice", "facts §1")
    refuse(g, "ipo Amy UR 100 2", "opening sale is not over", "facts §1")
    refuse(g, "private Bob MAIL", "write the winning bid", "facts §1")
    assert g.state_json()["seed_money"] == 80


def test_facts_3_ipo_refusals() -> None:
    g = play(SALE)
    refuse(g, "ipo Cat UR 95 2", "$100 to $400", "facts §3")
    refuse(g, "ipo Cat UR 405 2", "$100 to $400", "facts §3")
    refuse(g, "ipo Cat UR 102 2", "multiples of $5", "facts §3")
    refuse(g, "ipo Cat UR 100 5", "in phase 2", "facts §2")
    refuse(g, "ipo Amy UR 100 2 MTE by Cat", "MTE is not a private Amy holds", "facts §3")
    refuse(g, "ipo Cat UR 500 2", "$100 to $400")
    refuse(g, "ipo Amy UR 100 2 by Amy", "Cat's turn", "facts §4")
    refuse(g, "ipo Amy UR 400 2 by Cat", "Amy has $330", "facts §3")
    refuse(g, "par Cat UR 100", "IPO auction", "facts §3")


def test_facts_3_privates_at_face_and_par() -> None:
    g = play(SALE + "ipo Amy UR 100 2 MAJC by Cat")
    assert g.state.price("UR") == 50
    assert g.state.company("UR").cash == 10
    assert g.state.company("MAJC").owner == "UR"


def test_facts_4_sales_and_zones() -> None:
    # a 2-share corporation's single certificate never goes to the market
    g = play(
        OPERATING + "train UR 2\ndone UR\ntrain PW 2\ndone PW\nrun UR 0\ndone UR\n"
        "run PW 0\ndone PW\npass Bob\n"
    )
    refuse(g, "sell Cat UR 1", "cannot go to the market", "facts §4")


def test_facts_2_sold_only_after_the_ipo_round() -> None:
    g = play(SALE + "ipo Cat UR 200 2\npass Amy\npass Bob\n")
    refuse(g, "sell Cat UR 1", "started in this stock round", "facts §2, D1")


def test_facts_6_loan_refusals() -> None:
    g = play(STARTED + "pass Bob\nloan UR 2\n")
    assert g.state.price("UR") == 80
    refuse(g, "loan UR", "one per share", "facts §6")
    refuse(g, "buy Cat PW", "one a turn", "facts §4")
    refuse(g, "payback UR", "operating turn", "facts §6, R 6.9")


def test_facts_6_payback_after_interest_and_not_after_a_late_loan() -> None:
    g = play(OPERATING + "loan UR 2\ntrain UR 2\ninterest UR\n")
    # two loans at 5%: $10; UR had $200 + $200 - $100
    assert g.state.company("UR").cash == 290
    refuse(g, "interest UR", "has paid its interest", "facts §6, R 6.8")
    refuse(g, "train UR 2", "trains come before it", "facts §6, R 6.8")
    g.execute("payback UR")
    # $100 -> two loans $80 -> the withhold by itself $70 -> the payback $80
    assert g.state.company("UR").cash == 190 and g.state.price("UR") == 80
    g.execute("loan UR")
    refuse(g, "payback UR", "took a loan after its interest", "facts §6, R 6.9")


def test_facts_8_a_train_owner_runs_before_its_turn_ends() -> None:
    g = play(OPERATING + "train UR 2\ndone UR\ntrain PW 2\ndone PW\n")
    refuse(g, "done UR", "has not run yet", "facts §8, R 6.6")
    refuse(g, "pass Amy", "still to operate", "facts §8")


def test_facts_1_mte_bonus() -> None:
    g = play(
        "game 1817 Amy Bob Cat\nprivate Amy MTE 40\npass Bob\npass Cat\npass Amy\n"
        "ipo Amy UR 200 2 MTE by Bob\npass Cat\npass Amy\npass Bob\n"
    )
    refuse(g, "bonus UR MTE 25", "pay $20", "facts §1")
    assert g.execute("bonus UR MTE").ok
    assert g.state.company("UR").cash == 180


def test_every_step_is_played_each_in_its_own_round() -> None:
    """No verb is refused as a later step any more: each is checked where it is written."""
    g = play(STARTED)
    # played since part 4 (tests/rulesets/test_g1817_shorts.py): a 2-share one is not shorted
    refuse(g, "short Bob UR", "only 5- and 10-share corporations are shorted", "facts §5")
    # played since part 2, in its round only (tests/rulesets/test_g1817_merger.py)
    refuse(g, "convert UR", "merger and conversion round after an operating round", "R 7.1")
    refuse(g, "merge UR PW", "merger and conversion round after an operating round", "R 7.1")
    # played since part 3, in its round only (tests/rulesets/test_g1817_acquisition.py)
    refuse(g, "acquire UR PW 100", "acquisition round after a merger round", "R 7.2")
    refuse(g, "liquidate PW", "acquisition round after a merger round", "R 7.2")


def test_facts_8_half_pay_of_a_10_share_corporation_keeps_a_multiple_of_ten() -> None:
    """Half of $130: $65, rounded down to $60 kept; $70 paid, $7 a share (O9)."""
    g = play(OPERATING + "train UR 2\n")
    ruleset = g.ruleset
    assert isinstance(ruleset, G1817)
    state = g.state.clone()
    ur = state.company("UR")
    ur.certificates = [Certificate(20, True, "Cat")] + [Certificate(10, False, "UR")] * 8
    assert size_of(ur) == 10
    plan = ruleset.dividend_plan(state, ur, 130, "half")
    assert plan.retained == 60
    assert {line.who: line.amount for line in plan.lines} == {"Cat": 14, "UR": 56}


def test_facts_8_holders_rounded_up() -> None:
    """$25 paid on 2 shares is $12.50 a share: the one holder of both gets $25 whole."""
    g = play(OPERATING + "train UR 2\ndone UR\ntrain PW 2\ndone PW\n")
    receipt = g.ruleset.receipt(g.state, "UR", 50, "half")
    assert receipt.retained == 25
    assert [(x.who, x.amount) for x in receipt.lines] == [("Cat", 25)]


def test_state_json_keys() -> None:
    g = play(OPERATING + "loan UR\n")
    data = g.state_json()
    assert data["interest"]["rate"] == 5 and data["interest"]["fixed"]
    ur = next(x for x in data["companies"] if x["id"] == "UR")
    assert (ur["loans"], ur["size"], ur["stations"], ur["zone"]) == (1, 2, 1, "")
    assert ur["interest_due"] == 5
    assert all(p["shorts"] == {} for p in data["players"])


def test_facts_8_merger_round_pause_keeps_the_rate_of_the_or() -> None:
    """After an operating round's last `done`, the merger and acquisition rounds (a later
    step) come: the rate stays fixed and the next round, its mail income first, waits for
    a line (findings F1 of the recorded games)."""
    g = play(OPERATING + "loan UR 2\ntrain UR 2\ndone UR\ntrain PW 2\ndone PW\n")
    assert g.state_json()["merger_round"] is True
    assert g.state.extra["rate_fixed"] == 5
    assert g.execute("expect interest 5").ok
    assert g.execute("run UR 0").ok
    data = g.state_json()
    assert data["merger_round"] is False and data["round"]["or"] == 2
