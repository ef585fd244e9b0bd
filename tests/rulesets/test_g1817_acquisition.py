"""1817 part 3: the acquisition round (facts §10, §11, R 7.2.1-7.2.4): the refusals, the
order, the open purchase, the state JSON, the keys' offers and an older save's pause.
The money of each step is played by tests/scripts/1817-acquisition-*.script."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import play, refuse

from moderator import commands as c
from moderator.errors import Refusal
from moderator.game import Game
from moderator.ledger import BANK, Certificate
from moderator.script import parse_line, parse_script
from rulesets.sharecount import size_of
from rulesets.zoned_row import ZonedRow

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def _until(name: str, marker: str) -> str:
    """The script ``name`` up to (not including) the line ``marker``."""
    text = (SCRIPTS / name).read_text(encoding="utf-8")
    return text[: text.index(f"\n{marker}\n") + 1]


OFFERED = _until("1817-acquisition-round.script", "acquire UR PW 10")
"""After merger round 1.1: UR $90 (cash $100), GT $90 (5 shares, 3 in its treasury, $50),
PW in the acquisition zone ($190, 2 loans)."""
LIQUIDATIONS = _until("1817-acquisition-liquidations.script", "acquire UR PW 20")
"""After merger round 1.1: UR, PW (acquisition zone), ME (liquidation), GT (liquidated
during the merger round)."""


def test_facts_10_bids_refused_naming_r_7_2_4_and_nothing_applied() -> None:
    g = play(OFFERED)
    # an offered corporation: at least its shares x its price, $450; multiples of $10
    refuse(g, "acquire UR GT 440", "the lowest bid for GT is $450", "R 7.2.4")
    refuse(g, "acquire UR GT 455", "multiples of $10", "R 7.2.4")
    # at most the buyer's cash, its loans, the target's cash and compensation, less its
    # loans: $100 + $200 + $50 + $270 = $620
    refuse(g, "acquire UR GT 630", "UR could pay at most $620 for GT", "R 7.2.4")
    refuse(g, "acquire PW UR 900", "PW is in the acquisition zone", "R 7.2.4")
    refuse(g, "acquire UR UR 900", "cannot acquire itself", "R 7.2.4")
    refuse(g, "acquire UR GT", "usage: acquire BUYER TARGET PRICE")
    refuse(g, "liquidate PW", "PW is not in liquidation", "R 7.2.1")
    assert g.state_json()["acquisition"] is None  # nothing began
    # lowest price first (the operating order reversed: 15528's acquisition round 4.2
    # offers H at $60 before A&A at $90): PW ($0), GT, UR
    assert g.execute("acquire UR GT 450").ok  # passes PW
    refuse(g, "acquire UR PW 10", "PW's turn in the acquisition round has passed", "R 7.2")
    refuse(g, "convert UR", "the merger round is over", "R 7.2")


def test_facts_10_the_open_purchase_loans_and_paybacks() -> None:
    g = play(LIQUIDATIONS + "acquire UR PW 20\n")
    data = g.state_json()["acquisition"]
    assert data["order"] == ["ME", "PW", "UR"] and data["skipped"] == ["GT"]
    assert data["passed"] == ["ME", "PW"] and data["up"] == "UR"
    # ME, passed in the liquidation cell, was taken by the bank at once
    assert not g.state.company("ME").launched and g.state.ledger.player("Cat").cash == 220
    assert data["turn"] == {"buyer": "UR", "target": "PW", "unpaid_loans": 2, "loans_over": False}
    assert g.state_json()["to_act"] == "UR"
    legal = g.legal_commands()
    assert c.Done(company="UR") in legal and c.Payback(corp="UR") in legal
    refuse(g, "payback UR 3", "UR has 2 of PW's loans to pay back", "R 7.2")
    refuse(g, "loan UR", "UR holds 2 of its 2 loans", "facts §6")
    assert g.execute("payback UR 1").ok
    refuse(g, "loan UR", "no more loans in its acquisition", "R 7.2")
    # a check sees the price before the unpaid loan's move; `done UR` makes it
    assert g.execute("expect UR price 90").ok
    assert g.execute("done UR").ok
    assert g.state.price("UR") == 80 and g.state_json()["acquisition"]["turn"] is None


def test_facts_10_a_corporation_liquidated_in_the_merger_round_is_skipped() -> None:
    g = play(LIQUIDATIONS)
    refuse(
        g,
        "liquidate GT",
        "GT entered the liquidation zone during this merger round",
        "(facts §10, R 7.2)",
    )
    refuse(g, "acquire UR GT 10", "skipped until the next acquisition round", "(facts §10, R 7.2)")
    # the keys' offers: the bank's liquidation, the acquisition zone at $10
    legal = g.legal_commands()
    assert c.Later(verb="liquidate", words=("ME",)) in legal
    assert c.Later(verb="acquire", words=("UR", "PW", "10")) in legal
    assert c.Later(verb="liquidate", words=("GT",)) not in legal


def test_facts_11_an_older_save_keeps_the_pause() -> None:
    """Rules level 12 (before `1817-acquisition-round`): ME stays in the liquidation cell
    when the next round begins, `liquidate` is refused by name."""
    g = Game.new("1817", ["Amy", "Bob", "Cat"], rules_level=12)
    for line in parse_script(LIQUIDATIONS):
        if isinstance(line.command, c.GameCmd | c.Expect):
            continue
        assert g.execute(line.command).ok, line.text
    refuse(g, "liquidate ME", "not played in this game (saved at rules level 12)")
    assert g.execute("run UR 0").ok
    assert g.state.company("ME").launched and g.state.ledger.player("Cat").cash == 120
    assert g.ruleset.zone(g.state, "ME") == "liquidation"  # type: ignore[attr-defined]


def test_facts_10_the_worked_example_of_recorded_game_16852() -> None:
    """Facts §10's worked example (recorded game 16852, acquisition round 2.2; the public
    implementation's figures): H (5 shares at $70, $6, 2 loans, 2 shares in its treasury)
    offered by its president, won at $360 by his PW ($134, 1 loan). Here GT plays H and
    UR plays PW, set to those figures: Step 6 $140 to GT; Step 6a $146 and 2 loans to UR;
    Step 7 one loan, $360 paid: UR $20, 4 loans; Step 9 $72 a share, the president's 3
    shares $216."""
    g = play(OFFERED)
    state = g.state.clone()  # set by hand, played by the ruleset itself
    ledger = state.ledger
    gt, ur = state.company("GT"), state.company("UR")
    treasury = [x for x in gt.certificates if x.holder == "GT"]
    gt.certificates = [x for x in gt.certificates if x.holder != "Bob"] + [
        Certificate(40, True, "Cat"),
        Certificate(20, False, "Cat"),
    ]
    gt.certificates.remove(treasury[0])
    ur.certificates = [Certificate(40, True, "Cat")] + [Certificate(20, False, "UR")] * 3
    ledger.transfer("GT", BANK, 44, "test: H's $6")
    ledger.transfer(BANK, "UR", 34, "test: PW's $134")
    loans = g.ruleset.loans(state)  # type: ignore[attr-defined]
    loans.update({"UR": 1, "GT": 2})
    market = state.market
    assert isinstance(market, ZonedRow)
    market.place_at("GT", market.values.index(70))
    cat = ledger.player("Cat").cash
    assert (size_of(gt), gt.cash, ur.cash, state.price("GT")) == (5, 6, 134, 70)
    with pytest.raises(Refusal, match=r"the lowest bid for GT is \$350"):
        g.ruleset.apply(state.clone(), parse_line("acquire UR GT 340"))
    g.ruleset.apply(state, parse_line("acquire UR GT 360"))
    ledger.check_conservation()
    assert (ur.cash, g.ruleset.loans_of(state, "UR")) == (20, 4)  # type: ignore[attr-defined]
    assert ledger.player("Cat").cash == cat + 216
    # the loan taken moved it left 1; both of H's loans unpaid, left 2 more when the turn
    # closes (in 16852: PW $70, $65, then $55)
    before = state.price("UR")
    g.ruleset.close_acquisition_turn(state)  # type: ignore[attr-defined]
    assert state.price("UR") == market.values[market.values.index(before) - 2]


def test_facts_10_step_8_a_bid_for_a_corporation_in_liquidation() -> None:
    """PW in liquidation ($0, 2 loans; Bob its former president, $140 after GT went first)
    bought by Amy's UR for $150: its cash set aside ($0) and the bid settle $150 of its $200
    of loans, Bob pays the other $50 (Step 8); nothing is left for the shareholders (Step
    9); UR takes its two 3s and MAIL, none of its loans."""
    g = play(_until("1817-liquidated-through-sr.script", "liquidate PW"))  # GT taken
    ur_cash, amy = g.state.company("UR").cash, g.state.ledger.player("Amy").cash
    bob = g.state.ledger.player("Bob").cash  # $100 and $40 for his GT share
    assert g.execute("acquire UR PW 150").ok
    assert g.state.ledger.player("Bob").cash == bob - 50
    assert g.state.ledger.player("Amy").cash == amy
    ur = g.state.company("UR")
    assert ur.cash == ur_cash - 150 and g.ruleset.loans_of(g.state, "UR") == 0  # type: ignore[attr-defined]
    assert [t.name for t in ur.trains].count("3") == 3
    assert g.state.company("MAIL").owner == "UR"


def test_facts_10_step_8_the_worked_example_of_recorded_game_16852_ar_3_1() -> None:
    """Recorded game 16852, acquisition round 3.1 (the public implementation's figures):
    WC in liquidation (5 shares, $0, 5 loans; Player2 its former president, $106) bought
    for $100 by PW (5 shares at $60, $95, 3 loans): PW takes a loan ($95, 4 loans, $55);
    the $100 settles one of WC's loans, Player2 pays the other $400: -$294 (Step 8). Here
    PW (in liquidation, Bob) plays WC and UR (Amy's) plays PW, set to those figures."""
    g = play(_until("1817-liquidated-through-sr.script", "liquidate PW"))
    state = g.state.clone()  # set by hand, played by the ruleset itself
    ledger, ruleset = state.ledger, g.ruleset
    pw, ur = state.company("PW"), state.company("UR")
    pw.certificates = [Certificate(40, True, "Bob")] + [Certificate(20, False, "Cat")] * 3
    ur.certificates = [Certificate(40, True, "Amy")] + [Certificate(20, False, "UR")] * 3
    ledger.transfer("Bob", BANK, ledger.player("Bob").cash - 106, "test: Player2's $106")
    ledger.transfer("UR", BANK, ur.cash - 95, "test: PW's $95")
    ruleset.loans(state).update({"PW": 5, "UR": 3})  # type: ignore[attr-defined]
    market = state.market
    assert isinstance(market, ZonedRow)
    market.place_at("UR", market.values.index(60))
    cat = ledger.player("Cat").cash
    assert (ledger.player("Bob").cash, pw.cash, ur.cash) == (106, 0, 95)
    ruleset.apply(state, parse_line("acquire UR PW 100"))
    ledger.check_conservation()
    assert (ur.cash, ruleset.loans_of(state, "UR"), state.price("UR")) == (95, 4, 55)  # type: ignore[attr-defined]
    assert ledger.player("Bob").cash == -294 and ledger.player("Cat").cash == cat
    assert ruleset.loans_out(state) == 4  # type: ignore[attr-defined]


def test_facts_10_a_buyer_falling_into_the_acquisition_zone_is_not_dealt_with() -> None:
    """UR ($45, after GT at $40 in the order, lowest price first) buys GT with its 2 loans
    and pays none back: left 2, into the acquisition zone; the round no longer deals with
    UR (journaled)."""
    g = play(OFFERED)
    state = g.state.clone()  # set by hand, played by the ruleset itself
    ruleset, market = g.ruleset, state.market
    assert isinstance(market, ZonedRow)
    market.place_at("UR", market.values.index(45))
    market.place_at("GT", market.values.index(40))
    state.ledger.transfer(BANK, "UR", 300, "test: UR's $400")
    ruleset.loans(state)["GT"] = 2  # type: ignore[attr-defined]
    ruleset.apply(state, parse_line("acquire UR GT 450"))
    assert ruleset.acquisition(state)["order"] == ["PW", "GT", "UR"]  # type: ignore[attr-defined]
    ruleset.apply(state, parse_line("done UR"))
    ar = ruleset.acquisition(state)  # type: ignore[attr-defined]
    assert ruleset.zone(state, "UR") == "acquisition"  # type: ignore[attr-defined]
    assert ar["order"] == ["PW", "GT"] and "UR" in ar["skipped"]
    with pytest.raises(Refusal, match="skipped until the next acquisition round"):
        ruleset.apply(state.clone(), parse_line("acquire PW UR 10"))
