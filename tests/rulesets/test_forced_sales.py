"""A president's sales toward a forced train purchase and his bankruptcy, title by title
(1847 AE 6.8.2 with 8.2; the scripts in tests/scripts play the worked figures)."""

from __future__ import annotations

from conftest import SCRIPTS, play

from moderator.fixes import FIXES, fixes_between
from tests.core.test_rules_level_4 import _play

ONE_TURN = (SCRIPTS / "1847ae-forced-one-turn.script").read_text(encoding="utf-8")
TO_SALES = ONE_TURN[: ONE_TURN.index("sell Cora L 1")]


def _figures(game: object, *names: str) -> dict[str, int]:
    state = game.state  # type: ignore[attr-defined]
    out: dict[str, int] = {}
    for name in names:
        if state.ledger.is_player(name):
            out[name] = state.ledger.player(name).cash
        else:
            out[name] = state.price(name)
    return out


def test_1847ae_6_8_2_a_second_sell_line_of_the_same_corporation_is_the_same_turn() -> None:
    """8.2: one row down per corporation sold during one turn, every share at the price
    before the move: Cora's two L lines sell at 72 and 72, L 72 -> 62 once."""
    game = play(TO_SALES + "sell Cora L 1\nsell Cora L 1\n")
    assert _figures(game, "Cora", "L") == {"Cora": 55 + 72 + 72, "L": 62}


def test_1847ae_6_8_2_the_bankruptcy_sells_the_rest_in_the_same_turn() -> None:
    """The sales `bankrupt` makes belong to the same forced purchase: Cora's second L share
    sells at 72 with no move; Saar 10% at 62, Saar 62 -> 50."""
    game = play(TO_SALES + "sell Cora L 1\nbankrupt Cora\n")
    assert _figures(game, "Cora", "L", "Saar") == {"Cora": 55 + 72 + 72 + 62, "L": 62, "Saar": 50}
    assert game.state.ledger.player("Cora").bankrupt


def test_1847ae_6_8_2_one_line_of_two_shares_moves_once() -> None:
    """Two shares in one line: both at 72, one row down."""
    game = play(TO_SALES + "sell Cora L 2\n")
    assert _figures(game, "Cora", "L") == {"Cora": 55 + 144, "L": 62}


def test_level_6_games_keep_a_move_for_every_sell_line() -> None:
    for title in ("1847AE", "1847Pfalz", "1847RRRRB"):
        fix = FIXES[f"{title}-6.8.2-turn"]
        assert fix.level == 7 and fix.rule == "6.8.2"
        assert fix in fixes_between(title, 6)
    old = _play(TO_SALES + "sell Cora L 1\nsell Cora L 1\n", 6)
    assert _figures(old, "Cora", "L") == {"Cora": 55 + 72 + 62, "L": 50}


N1846 = (SCRIPTS / "1846-forced-one-turn.script").read_text(encoding="utf-8")
N1846_SALES = N1846[: N1846.index("sell Amy NYC 1")]


def test_1846_5_22_two_sell_lines_of_one_corporation_move_its_price_once() -> None:
    """6.88 with 5.22: Amy's two NYC lines sell at $50 and $50, NYC 50 -> 40 once."""
    game = play(N1846_SALES + "sell Amy NYC 1\nsell Amy NYC 1\n")
    assert _figures(game, "Amy", "NYC") == {"Amy": 100, "NYC": 40}


def test_level_6_1846_games_keep_a_move_for_every_sell_line() -> None:
    fix = FIXES["1846-5.22-turn"]
    assert fix.level == 7 and fix in fixes_between("1846", 6)
    old = _play(N1846_SALES + "sell Amy NYC 1\nsell Amy NYC 1\n", 6)
    assert _figures(old, "Amy", "NYC") == {"Amy": 90, "NYC": 30}


SHORT = (SCRIPTS / "1847ae-forced-short-or.script").read_text(encoding="utf-8")
SHORT_SALE = SHORT[: SHORT.index("sell C L 1")]


def test_1847ae_6_8_2_a_forced_sale_in_a_short_operating_round_of_the_first_stock_round() -> None:
    """3.3 bars sales in the first stock round's turns, not a director's forced sale in its
    short operating round (6.8.2): C sells his L 10% at 78 rather than go bankrupt."""
    game = play(SHORT_SALE)
    refused = game.execute("bankrupt C")
    assert not refused.ok and "can still raise M216" in refused.message
    assert "(6.8.2)" in refused.message


def test_level_6_games_refused_the_short_round_sale() -> None:
    for title in ("1847AE", "1847Pfalz", "1847RRRRB"):
        fix = FIXES[f"{title}-3.3-forced"]
        assert fix.level == 7 and fix in fixes_between(title, 6)
    old = _play(SHORT_SALE, 6)
    refused = old.execute("sell C L 1")
    assert not refused.ok and "(3.3)" in refused.message
    assert old.execute("bankrupt C").ok and old.state.ledger.player("C").bankrupt


def test_1847ae_8_2_a_double_certificate_is_sold_whole_even_where_one_share_would_do() -> None:
    """6.8.2 "only ... the number of certificates necessary", 8.2 "Certificates can only be
    sold in full": Cora holds Saar's 20% director certificate and its 20% double and is
    M25 short of the M300 train; one share (62) would do but cannot be sold alone, so the
    double (2 x 62) is her one certificate to sell.  It was refused as "1 share already
    raises the money needed", while `bankrupt` was refused as well (she could raise it)."""
    from moderator import commands as c
    from moderator.ledger import BANK

    game = play(TO_SALES)
    state = game.state.clone()
    saar = state.company("Saar")
    double = next(x for x in saar.certificates if x.holder == "Saar" and x.percent == 20)
    single = next(x for x in saar.certificates if x.holder == "Cora" and not x.president)
    state.ledger.move_certificate(saar, double, "Cora", "test")
    state.ledger.move_certificate(saar, single, "Anna", "test")
    state.ledger.transfer(BANK, "Cora", 200, "test")  # Cora 255: 20 + 255 = 275 < 300
    sold = game.trial(c.Sell(player="Cora", corp="Saar", count=2), state)
    assert not isinstance(sold, str), sold
    after, _ = sold
    assert after.ledger.player("Cora").cash == 255 + 2 * 62 and after.price("Saar") == 50
    why = game.trial(c.Sell(player="Cora", corp="Saar", count=1), state)
    assert isinstance(why, str) and "sold whole (8.2)" in why
    state.ledger.move_certificate(saar, single, "Cora", "test")  # a 10% of her own again
    why = game.trial(c.Sell(player="Cora", corp="Saar", count=2), state)
    assert isinstance(why, str) and "1 share already raises the money needed" in why
    assert "(6.8.2)" in why


PHASES_1830 = (SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8")
CO_SHORT = PHASES_1830[: PHASES_1830.index("sell Cy BO 3")]


def test_1830_24_0_each_sell_line_is_a_sale_at_its_own_price() -> None:
    """1830 (facts §4, §9): a forced sale is sold as in the stock round, where a player may
    sell a corporation in several lines (12.0): each line at the price of the moment, one
    row down per share (8.2).  CO ($110) needs its president Cy ($430) to find $520 for the
    6: B&O in one line of 3 brings 3 x 34 = $102 (the script); in lines of one, 34 + 27 + 20
    = $81 leaves him $9 short, and a fourth share at $10 (the bottom row: the marker
    stays) completes it."""
    game = play(CO_SHORT + "sell Cy BO 1\nsell Cy BO 1\nsell Cy BO 1\n")
    assert _figures(game, "Cy", "BO") == {"Cy": 430 + 34 + 27 + 20, "BO": 10}
    game = play(CO_SHORT + "sell Cy BO 1\nsell Cy BO 1\nsell Cy BO 1\nsell Cy BO 1\ntrain CO 6\n")
    assert _figures(game, "Cy", "BO") == {"Cy": 521 - 520, "BO": 10}


RECEIVERSHIP = (SCRIPTS / "1846-bankruptcy-receivership.script").read_text(encoding="utf-8")
AMY_SHORT = RECEIVERSHIP[: RECEIVERSHIP.index("bankrupt Amy")]


def _amy_with_a_gt_share(game: object, level_game: object | None = None) -> object:
    """NYC ($30) must buy the $80 2-train; Amy ($20) is given a GT 10% from its treasury
    and GT is put at $20: she may sell it (5.23: she is GT's president; keeping her 20%
    she stays president), 30 + 20 + 20 = 70 < 80, so she is bankrupt."""
    state = game.state.clone()  # type: ignore[attr-defined]
    gt = state.company("GT")
    share = next(x for x in gt.certificates if x.holder == "GT")
    state.ledger.move_certificate(gt, share, "Amy", "test")
    state.market.place("GT", 20)
    return state


def test_1846_6_89_the_bankrupt_president_first_makes_every_possible_sale() -> None:
    """6.89 "after making all possible sales", 5.22, 7.11: Amy sells her GT 10% at $20 (her
    sale as GT's president: 20 -> 10), then 7.11 sells what is left at the price, no move:
    GT's 20% certificate at $10 (20) and NYC's 20% at $20 (40).  NYC: 30 + Amy's 20 + 20 +
    20 + 40 = $130, less the $80 2-train it then buys (7.14) = $50.  Before rules level 7:
    GT's 30% at $20 (60), no move: NYC 30 + 20 + 60 + 40 - 80 = $70."""
    from moderator import commands as c

    game = play(AMY_SHORT)
    state = _amy_with_a_gt_share(game)
    done = game.trial(c.Bankrupt(player="Amy"), state)
    assert not isinstance(done, str), done
    after, events = done
    assert after.price("GT") == 10 and after.price("NYC") == 20
    assert after.company("NYC").cash == 30 + 20 + 20 + 20 + 40 - 80
    assert after.ledger.player("Amy").bankrupt and after.ledger.player("Amy").cash == 0
    assert any("(6.89)" in str(e) and "every sale" in str(e) for e in events)
    old = _play(AMY_SHORT, 6)
    assert FIXES["1846-6.89"] in fixes_between("1846", 6)
    done = old.trial(c.Bankrupt(player="Amy"), _amy_with_a_gt_share(old))
    assert not isinstance(done, str), done
    after, _ = done
    assert after.price("GT") == 20 and after.company("NYC").cash == 30 + 20 + 60 + 40 - 80


def test_1847ae_6_8_2_no_train_from_another_corporation_with_the_directors_money() -> None:
    """6.8.2: "It is not possible to buy a train from another company with a player's
    personal cash reserves during a forced train purchase" (cited as 6.8.1 before).  In the
    recorded game N (M396, no train) must buy one; Saar's 4 for M400 would need One's money,
    for M396 N pays it all itself."""
    text = (SCRIPTS / "1847ae-recorded-game-end-bankrupt.script").read_text(encoding="utf-8")
    game = play(text[: text.index("sell One HLB 1")])
    refused = game.execute("train N 4 from Saar 400")
    assert not refused.ok
    assert "pays only toward a train from the bank (6.8.2)" in refused.message
    assert game.execute("train N 4 from Saar 396").ok


def _pool_three_short(game: object) -> None:
    """As if in phase 4, the 3s and 3+3s sold, a 3 lying in the Bank Pool (6.8): the bank's
    new train is a 4 for 300, the pool's 3 costs 150.  Set by hand again after a refusal
    (a refusal restores the state the journal makes)."""
    state, ruleset = game.state, game.ruleset  # type: ignore[attr-defined]
    state.phase = "4"
    while state.depot and state.depot[0].card in ("3", "3+3"):
        state.depot.pop(0)
    if not ruleset.pool_trains(state):
        ruleset.pool_trains(state).append(ruleset._new_train(state, "3", "3"))


def test_1847ae_6_8_2_the_forced_purchase_may_take_the_bank_pools_train() -> None:
    """6.8.1, 6.8.2: L (0 in its treasury) must buy a train; the pool's 3 (150) is a train
    "from the bank": director C (53, then 153 with Krauss & Co. sold) pays for it and is not
    bankrupt, though the bank's new 4 (300) is out of his reach."""
    from test_g1847ae_audit import KRAUSS_DIRECTOR

    assert FIXES["1847AE-6.8.2-pool"].level == 8
    # L's 430 in one turn: a game of rules level 13 (test_g1847ae_audit.KRAUSS_DIRECTOR)
    game = _play(KRAUSS_DIRECTOR + "spend L 430\nrun L 0\n", 13)
    _pool_three_short(game)
    refused = game.execute("train L 3 from pool")
    assert "C has M53 of the M150 needed: sell shares (6.8.2)" in refused.message
    _pool_three_short(game)
    assert game.execute("sell C LFK 1").ok and game.state.ledger.player("C").cash == 153
    refused = game.execute("bankrupt C")
    assert "C can still raise M153 toward the M150 train" in refused.message
    _pool_three_short(game)
    assert game.execute("train L 3 from pool").ok
    assert game.state.ledger.player("C").cash == 3 and game.state.company("L").cash == 0
    assert [t.name for t in game.state.company("L").trains] == ["3"]
    assert not game.ruleset.pool_trains(game.state)  # type: ignore[attr-defined]


def test_level_7_games_keep_the_forced_purchase_to_the_new_trains() -> None:
    """Before rules level 8 only the bank's new trains took the director's money: with 153
    he was bankrupt short of the 4's 300 (the game ended)."""
    from test_g1847ae_audit import KRAUSS_DIRECTOR

    for title in ("1847AE", "1847Pfalz", "1847RRRRB"):
        assert FIXES[f"{title}-6.8.2-pool"] in fixes_between(title, 7)
    old = _play(KRAUSS_DIRECTOR + "spend L 430\nrun L 0\n", 7)
    _pool_three_short(old)
    refused = old.execute("train L 3 from pool")
    assert "the bank pool's 3 costs M150 (6.8)" in refused.message
    _pool_three_short(old)
    assert old.execute("sell C LFK 1").ok
    assert old.execute("bankrupt C").ok and old.state.ledger.player("C").bankrupt
