"""1817 part 4: shorts (facts §5), the cash crisis and bankruptcy (§12), the game end and
the score (§14): the refusals by rule, the money, and what an old save keeps."""

from __future__ import annotations

import json

import pytest
from conftest import ENDED_1817_SCORES, SCRIPTS, ended_1817_with_a_short, play, refuse

from moderator import commands as c
from moderator.errors import Refusal
from moderator.game import Game
from moderator.ledger import BANK, POOL
from moderator.scoring import score_state
from moderator.state import GameState
from rulesets.g1817 import G1817
from rulesets.sharecount import size_of

OPENING = (
    "game 1817 Amy Bob Cat\nprivate Amy MAJC 90\nprivate Bob MTE 40\npass Cat\npass Amy\n"
    "pass Bob\nipo Cat UR 200 2\nipo Amy PW 100 2\nipo Bob GT 120 2\npass Cat\npass Amy\n"
    "pass Bob\ntrain UR 2\ndone UR\ntrain GT 2\ndone GT\ntrain PW 2\ndone PW\nconvert UR\n"
    "buy Cat UR ipo\ndone UR\nconvert GT\nbuy Bob GT ipo\ndone GT\nrun UR 100\ndone UR\n"
    "run GT 100\ndone GT\nrun PW 0\ndone PW\n"
)
"""After OR 1.2 (1817-shorts.script): UR 5 shares at $100 (Cat 60%, treasury 40%), GT 5
shares at $60 (Bob 60%), PW 2 shares at $40 (Amy); cash Amy 230, Bob 265, Cat 190."""
SR2 = OPENING + "pass Cat\n"
"""Stock round 2, Amy on turn."""
SHORTED = SR2 + "short Amy UR\npass Amy\nshort Bob UR\npass Bob\npass Cat\npass Amy\npass Bob\n"
"""OR 2.1 begins: Amy and Bob hold a UR short each, UR at $80 with 2 market shares."""


def ruleset(g: Game) -> G1817:
    rs = g.ruleset
    assert isinstance(rs, G1817)
    return rs


def shares_match_shorts(g: Game) -> None:
    """Every short is one share more than the corporation's size (facts §5)."""
    rs = ruleset(g)
    for co in g.state.ledger.corporations():
        if co.launched and co.certificates:
            held = sum(x.percent for x in co.certificates) // (100 // size_of(co))
            assert held == size_of(co) + rs.shorts_on(g.state, co.id), co.id
    g.state.ledger.check_conservation()


def test_facts_5_short_pays_the_price_and_adds_a_market_share() -> None:
    g = play(SR2 + "short Amy UR\n")
    assert g.state.ledger.player("Amy").cash == 330
    ur = g.state.company("UR")
    assert ur.holder_percent(POOL) == 20 and ruleset(g).shorts_of(g.state, "Amy", "UR") == 1
    assert g.state_json()["players"][0]["shorts"] == {"UR": 1}
    shares_match_shorts(g)
    # one short a turn (another in her next turn: 16852's actions 655, 668); the turn
    # stays open for its purchase; a sale of UR for the round
    refuse(g, "short Amy GT", "one short a turn", "facts §5")
    g2 = play(SR2 + "short Amy UR\npass Amy\npass Bob\npass Cat\n")
    assert ruleset(g2).check_short(g2.state, "Amy", g2.state.company("GT")) is None
    refuse(g2, "buy Amy UR", "sold or shorted UR this stock round", "facts §4")


def test_facts_4_5_a_short_leaves_the_turn_open_for_its_purchase() -> None:
    """R 5.5 "any or all of the following actions in this order" (issue #2108): sales, a
    short, then one purchase or an IPO, in one turn; as in the recorded game 16852 (its
    action 655, a short of WC, then 656, an IPO auction by the same player)."""
    g = play(SR2 + "short Amy UR\n")
    assert g.state.current_player == "Amy"
    assert g.execute("buy Amy GT ipo").ok  # the turn's purchase, after the short
    assert g.state.current_player == "Bob" and g.state.ledger.player("Amy").cash == 270
    g = play(SR2 + "short Amy UR\nipo Amy BA 300 2\n")  # or an IPO: $330 covers it
    assert g.state.company("BA").launched and g.state.ledger.player("Amy").cash == 30
    # a short after the turn's purchase is refused (the purchase ended the turn)
    g = play(SR2 + "buy Amy GT ipo\n")
    assert not g.execute("short Amy UR").ok
    # the pass ending a turn with a short is not a pass in a row: the round goes on
    g = play(SR2 + "short Amy UR\npass Amy\npass Bob\npass Cat\n")
    assert g.state.round_kind == "SR" and g.state.current_player == "Amy"


def test_facts_5_short_refusals_name_the_rule() -> None:
    g = play(SR2)
    refuse(g, "short Amy PW", "only 5- and 10-share corporations", "facts §5")
    refuse(g, "short Cat UR", "it is Amy's turn")
    g = play(SR2 + "buy Amy GT ipo\npass Bob\npass Cat\n")
    refuse(g, "short Amy GT", "holds GT shares", "facts §5")
    g = play(SR2 + "loan PW 1\n")  # Amy's turn acting for PW: the whole turn (facts §4)
    refuse(g, "short Amy UR", "acts for PW this turn", "facts §4")
    g = play(SHORTED)
    refuse(g, "short Amy UR", "a short is made in a stock turn", "facts §5")
    # not operated: a fresh 5-share corporation (a conversion made it, no OR yet)
    g = play(OPENING + "convert PW\n")
    assert not g.execute("short Bob PW").ok


def test_facts_5_the_shorts_limit_and_five_shorts() -> None:
    g = play(SR2)
    state = g.state.clone()
    rs = ruleset(g)
    ur = state.company("UR")
    rs.short_book(state)["Bob"] = {"UR": 5}
    assert "5 shorts already" in (rs.check_short(state, "Amy", ur) or "")
    # five_shorts: a 10-share corporation takes five, not ten
    state.extra["options"] = ["five_shorts"]
    ur.certificates = ur.certificates[:1] + [type(ur.certificates[0])(10, False, "UR")] * 9
    assert size_of(ur) == 10 and rs.short_limit(state, ur) == 5
    assert "five_shorts" in (rs.check_short(state, "Amy", ur) or "")
    state.extra["options"] = []
    assert rs.check_short(state, "Amy", ur) is None
    # phase 8: no new shorts
    state.phase = "8"
    assert "phase 8" in (rs.check_short(state, "Amy", ur) or "")


def test_facts_5_short_holders_pay_dividends_rounded_toward_zero() -> None:
    g = play(SHORTED)
    plan = ruleset(g).dividend_plan(g.state, g.state.company("UR"), 133, "full")
    lines = {x.who: x.amount for x in plan.lines}
    # $26.60 a share: Cat's 3 rounded up ($80), each short pays $26 (toward zero)
    assert (lines["Cat"], lines["Amy"], lines["Bob"]) == (80, -26, -26)
    assert g.execute("run UR 100").ok
    assert (g.state.ledger.player("Amy").cash, g.state.ledger.player("Bob").cash) == (310, 345)
    shares_match_shorts(g)


AFTER_SET_2 = SHORTED + (
    "run UR 100\ndone UR\nrun GT 60\ndone GT\nrun PW 40\ndone PW\n"
    "run UR 0\ndone UR\nrun GT 60\ndone GT\nrun PW 40\ndone PW\n"
)
"""Merger round 2.2: UR at $80 (2 market shares), Amy and Bob a UR short each."""


def test_facts_5_9_cover_in_the_post_conversion_buying() -> None:
    g = play(AFTER_SET_2 + "convert UR\n")
    rs = ruleset(g)
    assert rs.covering(g.state, "Amy", "UR")
    assert g.execute("buy Amy UR ipo").ok
    assert rs.shorts_of(g.state, "Amy", "UR") == 0
    assert g.state.company("UR").holder_percent("Amy") == 0
    shares_match_shorts(g)


def test_facts_0_5_a_cover_is_allowed_at_the_certificate_limit() -> None:
    g = play(AFTER_SET_2 + "pass Cat\n")
    rs = ruleset(g)
    state = g.state
    at_limit = rs.cert_count(state, "Amy")
    original = G1817.cert_limit
    try:  # Amy at her limit: a plain purchase is refused, a cover is not
        G1817.cert_limit = lambda self, st: at_limit  # type: ignore[method-assign]
        assert "certificate limit" in (rs.check_buy(state, "Amy", state.company("GT"), "ipo") or "")
        assert rs.check_buy(state, "Amy", state.company("UR"), "pool") is None
    finally:
        G1817.cert_limit = original  # type: ignore[method-assign]
    assert g.execute("cover Amy UR pool").ok
    assert rs.shorts_of(g.state, "Amy", "UR") == 0
    assert g.state.ledger.player("Amy").cash == 390 - 80
    shares_match_shorts(g)


def test_facts_5_market_shorts_close_by_a_sale_and_at_the_stock_round_start() -> None:
    g = play(SHORTED + "run UR 100\ndone UR\n")
    rs = ruleset(g)
    state = g.state.clone()
    ur = state.company("UR")
    # a bankrupt's short in the market: the next sale into the market closes it first
    book = rs.short_book(state)
    book["Amy"]["UR"] -= 1
    del book["Amy"]
    book[POOL] = {"UR": 1}
    market_before = ur.holder_percent(POOL)
    rs.close_market_shorts(state, ur)
    assert rs.shorts_of(state, POOL, "UR") == 0
    assert ur.holder_percent(POOL) == market_before - 20
    # at a stock round's start: against a treasury share, the bank paying UR the price
    state = g.state.clone()
    ur = state.company("UR")
    for x in ur.certs_of(POOL):
        state.ledger.move_certificate(ur, x, "Cat", "test")
    book = rs.short_book(state)
    del book["Amy"]
    book[POOL] = {"UR": 1}
    cash, price, treasury = ur.cash, state.price("UR"), ur.holder_percent("UR")
    rs.stock_round_started(state)
    assert rs.shorts_of(state, POOL, "UR") == 0
    assert ur.cash == cash + price and ur.holder_percent("UR") == treasury - 20
    state.ledger.check_conservation()


def test_facts_10_11_settle_target_shorts_pays_per_share_into_debt() -> None:
    g = play(SHORTED)
    rs = ruleset(g)
    state = g.state.clone()
    state.ledger.transfer("Amy", BANK, 320, "test: Amy nearly broke")
    rs.settle_target_shorts(state, state.company("UR"), 72)
    assert state.ledger.player("Amy").cash == 10 - 72
    assert state.ledger.player("Bob").cash == 365 - 72
    assert rs.shorts_on(state, "UR") == 0
    assert rs.crisis_player(state) == "Amy"
    state.ledger.check_conservation()


def _crisis() -> Game:
    """Amy at -$4 after UR's dividend on her short (1817-cash-crisis.script)."""
    return play(
        SR2 + "ipo Amy BA 230 2\npass Bob\npass Cat\nshort Amy UR\npass Amy\npass Bob\npass Cat\n"
        "buy Amy GT ipo\npass Bob\npass Cat\npass Amy\ntrain BA 2+\ndone BA\nrun UR 220\n"
    )


def test_facts_12_cash_crisis_sells_first_no_more_than_needed() -> None:
    g = _crisis()
    assert g.state.ledger.player("Amy").cash == -4
    refuse(g, "done UR", "Amy is in a cash crisis", "facts §12")
    refuse(g, "bankrupt Amy", "may still raise $60", "facts §12")
    refuse(g, "sell Amy PW 1", "president's certificate of PW", "facts §12")
    refuse(g, "sell Amy BA 1", "president's certificate of BA", "facts §12")
    refuse(g, "sell Bob GT 1", "Amy is in a cash crisis")
    assert g.execute("sell Amy GT 1").ok
    assert g.state.ledger.player("Amy").cash == 56 and ruleset(g).crisis_player(g.state) is None
    assert g.execute("done UR").ok


def test_facts_12_no_more_shares_than_the_debt_needs() -> None:
    g = _crisis()
    state = g.state.clone()
    gt = state.company("GT")
    # Amy holds a second GT share: two would be more than the $4 needs
    cert = next(x for x in gt.certs_of("GT") if not x.president)
    state.ledger.move_certificate(gt, cert, "Amy", "test")
    with pytest.raises(Refusal, match="no more than needed"):
        ruleset(g).crisis_sale(state, "Amy", c.Sell(player="Amy", corp="GT", count=2))
    ruleset(g).crisis_sale(state, "Amy", c.Sell(player="Amy", corp="GT", count=1))
    assert state.ledger.player("Amy").cash == 56


def test_facts_12_bankruptcy_sends_shares_and_shorts_to_the_market() -> None:
    g = _crisis()
    rs = ruleset(g)
    s = g.state.clone()
    gt = s.company("GT")
    for x in gt.certs_of("Amy"):  # nothing left to sell
        s.ledger.move_certificate(gt, x, "GT", "test")
    rs.cmd_bankrupt(s, c.Bankrupt(player="Amy"))
    amy = s.ledger.player("Amy")
    assert amy.bankrupt and amy.cash == 0
    # her BA and PW president's certificates went to the market: both in liquidation
    assert s.company("BA").president() == POOL and rs.in_liquidation(s, "BA")
    assert s.company("PW").president() == POOL and rs.in_liquidation(s, "PW")
    # her short went to the market and closed against a UR market share at once
    assert rs.shorts_on(s, "UR") == 0 and s.company("UR").holder_percent(POOL) == 0
    assert s.company("MAJC").closed and s.company("MAJC").owner is None
    s.ledger.check_conservation()
    assert not s.ended and rs.crisis_player(s) is None
    with pytest.raises(Refusal, match="bankrupt"):
        rs.cmd_bankrupt(s, c.Bankrupt(player="Amy"))


def test_facts_12_before_rules_level_13_a_debt_holds_nothing_up() -> None:
    g = _crisis()
    g.state.rules_level = 12
    assert ruleset(g).crisis_player(g.state) is None
    assert g.execute("done UR").ok


def _eight_next(g: Game) -> GameState:
    """The bank's next train an 8: the export after this OR starts phase 8."""
    state = g.state
    rs = ruleset(g)
    eights = [t for t in state.depot if t.card == "8"]
    state.depot = eights + [t for t in state.depot if t.card != "8"]
    assert rs.card_phase[state.depot[0].card] == "8"
    return state


def test_facts_14_the_8_in_a_sets_second_or_makes_a_final_set_of_three() -> None:
    g = play(SHORTED + "run UR 100\ndone UR\nrun GT 60\ndone GT\nrun PW 40\ndone PW\nrun UR 0\n")
    _eight_next(g)
    for line in ("done UR", "run GT 60", "done GT", "run PW 40", "done PW"):
        assert g.execute(line).ok, line
    assert g.state.phase == "8" and g.state.extra["final_set"] == [3, 3]
    # the stock round of set 3, then its three operating rounds, each with its merger round
    for line in ("pass Cat", "pass Amy", "pass Bob"):
        assert g.execute(line).ok, line
    assert g.state.ors_in_set == 3
    for number in (1, 2, 3):
        for _ in range(3):  # UR, GT, PW in the order of their prices
            cid = ruleset(g).next_actor(g.state)
            assert g.execute(f"run {cid} 0").ok and g.execute(f"done {cid}").ok
        assert (g.state.round_kind, g.state.or_number) == ("OR", number)
        assert g.state.extra.get("ma_round") and not g.state.ended
    # (the depot was set by hand, no line: a refusal, which folds the journal again, is
    # asked of the rules on a copy)
    with pytest.raises(Refusal, match="last merger round"):
        ruleset(g).apply(g.state.clone(), c.Buy(player="Cat", corp="UR"))
    assert g.execute("pass Cat").ok
    assert g.state.ended and "facts §14" in (g.state.end_reason or "")
    rs = ruleset(g)
    amy = rs.score_items(g.state, "Amy")
    short = next(i for i in amy if i.kind == "short")
    assert short.value == -g.state.price("UR") and short.count == -1
    assert (g.state.result or {})["Amy"] == rs.player_value(g.state, "Amy")
    with pytest.raises(Refusal, match="the game has ended"):
        ruleset(g).apply(g.state.clone(), c.Pass(player="Amy"))


def test_facts_14_the_8_in_a_sets_first_or_makes_a_final_set_of_two() -> None:
    g = play(SHORTED + "run UR 100\n")
    _eight_next(g)
    for line in ("done UR", "run GT 60", "done GT", "run PW 40", "done PW"):
        assert g.execute(line).ok, line
    assert g.state.extra["final_set"] == [3, 2] and g.state.extra["end_signal"] == [2, 1]


def test_facts_14_before_rules_level_13_the_8_signals_nothing() -> None:
    g = play(SHORTED + "run UR 100\n")
    g.state.rules_level = 12
    _eight_next(g)
    for line in ("done UR", "run GT 60", "done GT", "run PW 40", "done PW"):
        assert g.execute(line).ok, line
    assert g.state.phase == "8" and "final_set" not in g.state.extra


def test_facts_15_short_squeeze_moves_once_more() -> None:
    g = play(SR2)
    rs = ruleset(g)
    for option, expected in (([], 1), (["short_squeeze"], 2)):
        state = g.state.clone()
        state.extra["options"] = option
        ur = state.company("UR")
        for x in [y for y in ur.certs_of("UR") if not y.president]:
            state.ledger.move_certificate(ur, x, "Bob", "test")
        rs.short_book(state)["Amy"] = {"UR": 1}
        extra = type(ur.certificates[0])(20, False, "Amy")
        ur.certificates = [*ur.certificates, extra]
        before = state.market.position["UR"]  # type: ignore[attr-defined]
        rs.stock_round_end_moves(state)
        assert state.market.position["UR"] - before == expected  # type: ignore[attr-defined]


def test_a_short_ends_the_turn_at_the_next_players_line_or_goes_on_to_its_purchase() -> None:
    """The contract calls the short the turn's purchase (the next player's line follows
    at once); the rules and the recorded games let a purchase follow it (R 5.5).  The
    shorts script played without its `pass` after each short ends where it does with
    them."""
    text = (SCRIPTS / "1817-shorts.script").read_text(encoding="utf-8")
    bare = text.replace("shorts UR 1\npass Amy\n", "shorts UR 1\n").replace(
        "shorts UR 1\npass Bob\n", "shorts UR 1\n"
    )
    assert bare.count("\n") == text.count("\n") - 2
    ends = []
    for script in (text, bare):
        data = play(script).state_json()
        ends.append({k: data[k] for k in ("players", "companies", "round", "priority")})
    assert ends[0] == ends[1]


def _squeezed(g: Game, level: int) -> list[str]:
    """UR over GT in one space at $100, players holding 6 of the 5 shares of each: the
    stock round's end with ``short_squeeze`` at rules ``level``; the stack's order after."""
    rs = ruleset(g)
    state = g.state.clone()
    state.rules_level = level
    state.extra["options"] = ["short_squeeze"]
    market = state.market
    market.place_at("GT", market.position["UR"])  # type: ignore[attr-defined]
    assert market.order(["UR", "GT"]) == ["UR", "GT"]
    for cid, holder in (("UR", "Bob"), ("GT", "Amy")):
        co = state.company(cid)
        for x in [y for y in co.certs_of(cid) if not y.president]:
            state.ledger.move_certificate(co, x, holder, "test")
        co.certificates = [*co.certificates, type(co.certificates[0])(20, False, holder)]
    before = market.position["UR"]  # type: ignore[attr-defined]
    rs.stock_round_end_moves(state)
    for cid in ("UR", "GT"):
        assert market.position[cid] - before == 2  # type: ignore[attr-defined]
    return market.order(["UR", "GT"])


def test_facts_15_two_squeezed_in_one_space_keep_their_order() -> None:
    """Facts §4, §15 (rules level 14, ``1817-§15-squeeze``): the squeeze's move once more
    comes in each corporation's own turn of the price order, right after its sold-out move,
    as in the public implementation: UR, over GT at $100, moves first and stays over it at
    $120. Before, every squeezed corporation moved first in charter order (GT before UR),
    so GT arrived first and went over UR: the next operating order swapped."""
    g = play(SR2)
    assert _squeezed(g, 14) == ["UR", "GT"]
    assert _squeezed(g, 13) == ["GT", "UR"]


def _liquidated_by_bankruptcy(level: int) -> list[str]:
    """``1817-bankrupt-short.script`` to Amy's bankruptcy, with PW set by hand at $120
    (over BA's $100): the liquidation cell's stack after ``bankrupt Amy`` at ``level``."""
    text = (SCRIPTS / "1817-bankrupt-short.script").read_text(encoding="utf-8")
    g = play(text[: text.index("\nbankrupt Amy\n") + 1])
    g.state.rules_level = level
    market = g.state.market
    market.place_at("PW", market.values.index(120))  # type: ignore[attr-defined]
    assert g.execute("bankrupt Amy").ok
    return g.state.market.order(["BA", "PW"])


def test_facts_12_a_bankrupts_corporations_liquidate_in_price_order() -> None:
    """Facts §12, §10 (rules level 14, ``1817-§12-bankrupt-order``): the public
    implementation takes a bankrupt's holdings in price order, so PW ($120) reaches the
    liquidation cell before BA ($100) and the acquisition round, which deals with the last
    to arrive first, offers BA first. Before, charter order put BA there first."""
    assert _liquidated_by_bankruptcy(14) == ["PW", "BA"]
    assert _liquidated_by_bankruptcy(13) == ["BA", "PW"]


def test_facts_14_the_real_end_with_a_short_held_scores_by_hand() -> None:
    """A cut of the recorded game 15528 played to its end (facts §14) with Four still short
    one AS and AS carrying 5 loans: the engine's result is the hand-worked score, the
    short a negative item at the price, the loans counting nothing but through the price;
    every line after the end is refused naming facts §14, and undoing the ending ``pass``
    gives back the state before it, which the same line ends again."""
    text = ended_1817_with_a_short()
    last = [line for line in text.splitlines() if line.strip()][-1]
    g = play(text[: text.rindex(last)])
    before = json.dumps(g.state_json(), sort_keys=True)
    journal = len(g.journal)
    assert ruleset(g).pause_ends_game(g.state) and not g.state.ended
    assert g.execute(last).ok
    state = g.state
    assert state.ended and "facts §14" in (state.end_reason or "")
    assert state.result == ENDED_1817_SCORES
    assert ruleset(g).short_book(state) == {"Four": {"AS": 1}}
    four = {(i.kind, i.what): i for i in ruleset(g).score_items(state, "Four")}
    short = four[("short", "AS")]
    assert (short.count, short.price, short.value, short.counted) == (-1, 110, -110, True)
    assert sum(i.value for i in four.values() if i.counted) == 11397
    data = g.state_json()
    assert data["result"] == ENDED_1817_SCORES
    as_ = next(co for co in data["companies"] if co["id"] == "AS")
    assert (as_["loans"], as_["price"], as_["president"]) == (5, 110, "Two")
    assert [(p["place"], p["players"]) for p in data["ranking"]] == [
        (1, ["Four"]),
        (2, ["Three"]),
        (3, ["Two"]),
        (4, ["One"]),
    ]
    assert {p["name"]: p["shorts"] for p in data["players"]}["Four"] == {"AS": 1}
    for line in (
        "pass One",
        "short One UR",
        "buy Four AS pool",
        "loan AS",
        "run AS 100",
        "convert GT",
        "acquire GT AS 10",
        "sell One Bess 1",
        "bankrupt One",
    ):
        refuse(g, line, "the game has ended", "facts §14")
    assert g.execute("expect Four value 11397").ok  # checks are still answered
    g.undo()
    assert len(g.journal) == journal and not g.state.ended and g.state.result is None
    assert json.dumps(g.state_json(), sort_keys=True) == before
    assert g.execute(last).ok and g.state.result == ENDED_1817_SCORES


def test_facts_14_a_tie_at_the_end_shares_the_place() -> None:
    """Two equal final scores share first place in the engine's ranking, the score and its
    text (set figures: Three given Four's score in cash)."""
    g = play(ended_1817_with_a_short())
    state = g.state.clone()
    three = state.ledger.player("Three")
    three.cash += ENDED_1817_SCORES["Four"] - ENDED_1817_SCORES["Three"]
    result = score_state(g, state)
    assert result.places[0]["players"] == ["Three", "Four"] or result.places[0]["players"] == [
        "Four",
        "Three",
    ]
    assert result.place_of("Three") == result.place_of("Four") == 1
    assert result.place_of("Two") == 3 and result.tied("Four")
    assert "1. " in result.text() and "(tie)  $11,397" in result.text()
