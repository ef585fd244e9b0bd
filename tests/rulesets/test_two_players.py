"""The short share set of :mod:`rulesets.two_players`: 18Chesapeake with two players (facts
§12, rules §13), the refusals and readings ``tests/scripts/18chesapeake-two-players.script``
cannot show.  Every refusal names §13 and the facts' §12."""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, play, refuse

from moderator.checker import check, check_main
from moderator.game import Game
from moderator.ledger import POOL, SCRAP
from moderator.narrate import narrate

SCRIPT = (SCRIPTS / "18chesapeake-two-players.script").read_text(encoding="utf-8")


def upto(fragment: str) -> Game:
    """The two-player script played up to its first line holding ``fragment``."""
    lines = SCRIPT.splitlines()
    last = next(i for i, line in enumerate(lines) if fragment in line)
    return play("\n".join(lines[: last + 1]))


def certificates(game: Game, cid: str) -> list[int]:
    return sorted((x.percent for x in game.state.company(cid).certificates), reverse=True)


def test_13_1_thirty_percent_presidents_but_cornelius_vanderbilts_corporation() -> None:
    fresh = Game.new("18Chesapeake", ["Amy", "Bob"])
    assert all(certificates(fresh, cid) == [30] + [10] * 7 for cid in ("PRR", "CO", "NW"))
    g = play("game 18Chesapeake Amy Bob\nvanderbilt CO")
    assert certificates(g, "CO") == [20] + [10] * 8
    assert certificates(g, "PRR") == [30] + [10] * 7  # eight certificates make 100%
    data = g.state_json()
    assert {p["cash"] for p in data["players"]} == {1200}  # facts §0
    assert data["bank"]["cash"] == 5600 and data["cert_limit"] == 20
    corps = {x["id"]: x for x in data["companies"] if x["kind"] == "corporation"}
    assert corps["PRR"]["president_percent"] == 30 and corps["CO"]["president_percent"] == 20
    assert {x["out_of_game"] for x in corps.values()} == {0}


def test_three_players_keep_the_usual_certificates_and_nothing_leaves() -> None:
    g = play((SCRIPTS / "18chesapeake-sale-export.script").read_text(encoding="utf-8"))
    corps = [x for x in g.state_json()["companies"] if x["kind"] == "corporation"]
    assert {x["president_percent"] for x in corps} == {20}
    assert {x["out_of_game"] for x in corps} == {0}  # `buy Bob CO pool` took nothing out
    assert all(certificates(g, x["id"]) == [20] + [10] * 8 for x in corps)


def test_13_1_refusals_name_the_thirty_percent_certificate() -> None:
    g = upto("expect Amy cash 425")  # stock round 1: Amy $425, Bob $245, Bob to act
    refuse(g, "par Bob LV 95", "the president's certificate costs $285", "(§9.5; §13.1, facts §12)")
    g = upto("expect PRR cell 5 3")  # Amy holds PRR's 30% certificate, Bob 20%
    assert g.execute("buy Bob CO").ok
    refuse(
        g,
        "sell Amy PRR 1",
        "Amy's president's certificate of PRR cannot go to the market",
        "(§9.4; §13.1, facts §12)",
    )
    refuse(g, "sell Amy CO 3", "cannot sell 3 shares (§9.3)")  # others: their own rule only


def test_13_2_the_unsold_shares_go_to_the_market_at_floating() -> None:
    g = upto("buy Amy BO                           # $70: B&O 60%")
    bo = g.state.company("BO")
    assert bo.holder_percent("BO") == 0 and bo.holder_percent(POOL) == 40
    refuse(g, "buy Bob BO ipo", "BO's unsold shares went to the market when it floated", "(§13.2")
    lines = [x.text for x in g.journal[-1].events if getattr(x, "text", None)]
    assert "BO's 40% still unsold goes to the market (§13.2, facts §12)" in lines


def test_13_3_a_share_leaves_with_each_market_purchase_by_a_non_president() -> None:
    g = upto("buy Bob BO                           # $70 from the market")
    bo = g.state.company("BO")
    assert (bo.holder_percent(POOL), bo.holder_percent(SCRAP)) == (20, 10)
    events = g.journal[-1].events  # journaled with the purchase
    gone = [x for x in events if getattr(x, "target", None) == SCRAP]
    assert len(gone) == 1 and gone[0].percent == 10  # type: ignore[attr-defined]
    assert narrate(g.journal[-1].command, events, "$", "18Chesapeake")[-1] == (
        "BO share (10%) leaves the game from the market: Bob, not BO's president, bought one "
        "there: one more leaves (§13.3, facts §12)"
    )
    # the president buys from the market: nothing leaves
    g = upto("buy Bob CO                           # $80 from the market: Bob is")
    co = g.state.company("CO")
    assert (co.holder_percent(POOL), co.holder_percent(SCRAP)) == (30, 0)


def test_13_3_sold_out_is_floated_with_none_in_the_market() -> None:
    g = upto("buy Bob BO                           # $70: the last market B&O")
    ruleset, state = g.ruleset, g.state
    bo, prr = state.company("BO"), state.company("PRR")
    assert bo.holder_percent(SCRAP) == 20  # out of the game: not counted
    assert "none in the market (§13.3, facts §12)" == ruleset.sold_out(state, bo)  # type: ignore[attr-defined]
    assert ruleset.sold_out(state, prr) is None  # type: ignore[attr-defined]
    lv = state.company("LV")  # not floated: never sold out
    assert ruleset.sold_out(state, lv) is None  # type: ignore[attr-defined]


def test_the_shares_out_of_the_game_are_paid_nobody() -> None:
    g = upto("expect bank cash 5200")
    receipt = g.receipt("PRR", 80, None)
    lines = {x.who: x for x in receipt.lines}
    assert lines["out of game"].shares == 2 and lines["out of game"].amount == 0
    assert "$16 stays in the bank (§13.3, facts §12)" in receipt.text()


@pytest.mark.parametrize(("shares", "first"), [("Amy=4,Bob=3", 30), ("Amy=4", 20)])
def test_check_with_two_players_named_deals_the_thirty_percent_certificate(
    shares: str, first: int, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = f"18Chesapeake sell --company PRR --price 80 --shares {shares} --count 2".split()
    assert check_main(argv) == 0
    out = capsys.readouterr().out
    if first == 30:  # Amy keeps 20%: Bob's 30% takes the certificate (§9.4, §13.1)
        assert "PRR presidency: Amy → Bob" in out and "Amy keeps 20%" in out
    else:  # one player named: three seated, the usual 20% certificate
        assert "Amy keeps 20%" in out and "presidency" not in out


def test_check_in_a_two_player_game() -> None:
    g = upto("expect Amy shares PRR 30")  # PRR: Bob 50% (the 30% certificate), Amy 30%
    assert check(g, "check sell Bob PRR 3 president Amy gets 255").verdict is True
    assert check(g, "check sell Bob PRR 3 gets 250").verdict is False


def test_the_tools_own_draw_gives_the_drawn_corporation_its_20_percent_back() -> None:
    g = Game.new("18Chesapeake", ["Amy", "Bob"])
    assert g.execute("buy Amy DR").ok  # the tool draws and journals `vanderbilt CORP` first
    drawn = g.state_json()["drawn"]
    assert certificates(g, drawn) == [20] + [10] * 8
    others = [x for x, _ in g.ruleset.corporations if x != drawn]  # type: ignore[attr-defined]
    assert all(certificates(g, x) == [30] + [10] * 7 for x in others)


def test_a_purchase_passes_a_30_percent_presidency_for_three_shares() -> None:
    """Bob, with 20% of PRR, buys two market shares: the first takes one more out of the
    game (§13.3); the second, the market's last, none, and with 40% against Amy's 30% he
    takes the 30% certificate, giving her three 10%s (§9.4, §13.1)."""
    g = upto("expect bank cash 4936")  # stock round 3, Amy first
    for line in ("buy Amy CO", "buy Bob PRR", "pass Amy", "buy Bob PRR"):
        assert g.execute(line).ok, line
    prr = g.state.company("PRR")
    assert prr.president() == "Bob"
    assert (prr.holder_percent("Bob"), prr.holder_percent("Amy")) == (40, 30)
    assert sorted(x.percent for x in prr.certs_of("Amy")) == [10, 10, 10]
    assert (prr.holder_percent(POOL), prr.holder_percent(SCRAP)) == (0, 30)
