"""1817, part 1: the slips an independent audit of the facts found (issue 44).

Each test failed before its fix; the figures are worked out by hand from
``shared/facts/1817.md`` (the section is named in each docstring).
"""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.ledger import POOL

PHASE_3 = "game 1817 Amy Bob Cat\n" + "pass Amy\npass Bob\npass Cat\n" * 4
"""No private sold; stock rounds 1-3 pass, their exports bring phase 3 (facts §8, §13);
stock round 4 begins with Amy on turn."""


def test_facts_8_treasury_shares_are_rounded_up_like_every_holder() -> None:
    """Facts §8 step 4: per share = revenue ÷ shares, each holder's amount rounded up;
    treasury shares pay the corporation (the treasury is a holder like any other).

    GT: $300 bid → par $150, 5 shares, its second station $50 → $250; a 3 ($250) → $0;
    OR 4.1 withholds by itself ($135). OR 4.2: $133 run, $26.60 a share: Amy's 2 shares
    $53.20 → $54, GT's 3 treasury shares $79.80 → $80 (not 3 × $26 = $78).
    """
    g = play(PHASE_3 + "ipo Amy GT 300 5\npass Bob\npass Cat\npass Amy\ntrain GT 3\ndone GT\n")
    assert g.state.company("GT").cash == 0
    g.execute("run GT 133")
    assert g.state.company("GT").cash == 80
    assert g.state.ledger.player("Amy").cash == 420 - 300 + 54


def test_facts_4_loans_of_one_corporate_turn_split_over_lines() -> None:
    """Facts §4 (R 5.6): a president acting for a corporation outside the zones takes one
    or more loans up to its limit. The zone is read when his turn for it begins: `loan GT
    3` then `loan GT 2` is the same turn as `loan GT 5` (GT: par $50, three loans take it
    to the first acquisition cell, $0)."""
    base = PHASE_3 + "ipo Amy GT 100 5\npass Bob\npass Cat\n"
    one = play(base + "loan GT 5\n")
    two = play(base + "loan GT 3\n")
    assert two.state.price("GT") == 0
    assert two.execute("loan GT 2").ok
    assert two.state_json()["companies"] == one.state_json()["companies"]
    assert two.state.extra["loans"] == {"GT": 5}
    # a new turn of his for it begins in the zone: refused
    for line in ("pass Bob", "pass Cat"):
        assert two.execute(line).ok
    outcome = two.execute("loan GT")
    assert not outcome.ok and "acquisition zone" in outcome.message


def test_facts_4_no_buy_back_in_the_zones_after_the_turns_loans() -> None:
    """Facts §4: loans, then buy-backs, by a corporation outside the zones; loans that take
    it into the acquisition zone leave it no buy-back this turn (the public implementation
    offers none in the zones). A share is put in the market by hand to have one to buy."""
    g = play(PHASE_3 + "ipo Amy GT 100 5\npass Bob\npass Cat\nloan GT 4\n")
    gt = g.state.company("GT")
    cert = next(x for x in gt.certificates if x.holder == "GT" and not x.president)
    cert.holder = POOL
    outcome = g.execute("redeem GT 1")
    assert not outcome.ok and "acquisition zone" in outcome.message


def test_facts_7_dividend_moves_between_the_acquisition_cells() -> None:
    """Facts §7: three acquisition cells, each $0; a dividend move goes from cell to cell
    like any other (the price counts as $40 for the move, facts §8). GT: par $50, three
    loans take it to the last acquisition cell (column 3); withholding moves it to column
    2; a $40 payout then moves it right 1, to column 3 ($0), not out of the zone."""
    g = play(
        PHASE_3 + "ipo Amy GT 100 5\nipo Bob UR 400 2\npass Cat\nloan GT 3\npass Bob\n"
        "pass Cat\npass Amy\ntrain UR 3\ndone UR\ntrain GT 3\n"
    )
    assert g.state.market.position["GT"] == 2
    assert g.execute("done GT").ok and g.execute("run UR 0").ok and g.execute("done UR").ok
    # the withhold's move from column 3 to column 2 is said as a move, not only as "stays"
    reasons = [e.reason for x in g.journal for e in x.events if getattr(e, "kind", "") == "price"]
    assert any("moves left to another space of the same price" in r for r in reasons)
    assert g.execute("run GT 40").ok
    assert g.state.market.position["GT"] == 3 and g.state.price("GT") == 0


def test_refusals_name_the_facts_sections() -> None:
    """Acceptance 1 of issue 44: each refusal names its section of the facts."""
    g = play(PHASE_3)
    refuse(g, "ipo Amy GT 100 10", "starts with 2 or 5 shares", "facts §2")
    g = play(PHASE_3 + "ipo Amy GT 200 5\nipo Bob UR 100 2\npass Cat\n")
    # one loan per share: 5 for a 5-share corporation, 2 for a 2-share one (facts §6)
    refuse(g, "loan GT 6", "0 of its 5 loans", "facts §6")
    g.execute("buy Amy GT")
    refuse(g, "loan UR 3", "0 of its 2 loans", "facts §6")
    g.execute("pass Bob")
    g.execute("pass Cat")
    # 60% of a 5-share corporation: the president's 2 shares and one more (facts §0)
    refuse(g, "buy Amy GT", "more than 60%", "facts §0")
    g.execute("pass Amy")
    # operating round 4.1: GT ($100) before UR ($50)
    refuse(g, "payback GT", "holds 0 loans", "facts §6, R 6.9")
    refuse(g, "bonus GT MTE", "does not own the Mountain Engineers", "facts §1")
    refuse(g, "train GT 4", "facts §13")
    refuse(g, "liquidate GT", "acquisition round after a merger round", "facts §10, R 7.2")
    refuse(g, "cover Bob GT", "holds no GT short to cover", "facts §5")


def test_facts_6_the_bank_has_seventy_loans() -> None:
    """Facts §6: 70 loans in all. The seventy-loans script's stock round 14 with 68 out:
    H may hold 10 but only 2 are left with the bank."""
    text = (SCRIPTS / "1817-seventy-loans.script").read_text(encoding="utf-8")
    g = play(text[: text.index("pass Bob\npass Cat\npass Amy\n# the stock round's end")])
    assert g.execute("pass Bob").ok
    refuse(g, "loan H 3", "only 2 of the 70 loans are left", "facts §6")
    assert g.execute("loan H 2").ok
    # $100 + $200: its three stations bought at once, $150 (facts §3)
    assert g.state.company("H").cash == 150
    refuse(g, "loan H", "only 0 of the 70 loans are left", "facts §6")


ROW_FROM_40 = (40, 45, 50, 55, 60, 65, 70, 80, 90, 100, 110, 120, 135, 150, 165, 180, 200)
"""Facts §7: the row's priced cells from $40 up to $200 (half the highest bid)."""


def test_facts_3_par_at_or_below_half_of_every_bid() -> None:
    """Facts §3 (O1): the par is the cell at or below half the winning bid, for every bid
    from $100 to $400 in $5 ($105 -> 52.50 -> $50, $175 -> 87.50 -> $80, $395 -> $180)."""
    g = play("game 1817 Amy Bob Cat\npass Amy\npass Bob\npass Cat\n")
    ruleset = g.ruleset
    market = g.state.market
    for bid in range(100, 405, 5):
        expected = max(v for v in ROW_FROM_40 if 2 * v <= bid)
        assert market.values[ruleset.par_for(g.state, bid)] == expected, bid


def test_facts_2_sizes_on_offer_in_every_phase() -> None:
    """Facts §2: 2 in phases 2 and 2+; 2 or 5 in 3; 5 in 4; 5 or 10 in 5; 10 in 6-8. With
    nobody playing, each operating round exports a train (facts §8): phase 2+ from stock
    round 2, 3 from 4, 4 from 10, 5 from 14, 6 from 17, 7 from 19, 8 from 20."""
    offered = {2: "2", 4: "2 or 5", 10: "5", 14: "5 or 10", 17: "10", 19: "10", 20: "10"}
    phase = {2: "2+", 4: "3", 10: "4", 14: "5", 17: "6", 19: "7", 20: "8"}
    g = play("game 1817 Amy Bob Cat\npass Amy\npass Bob\npass Cat\n")
    for sr in range(1, 21):
        if sr in offered:
            assert g.state.phase == phase[sr] and g.state.round_number == sr
            for size in (2, 5, 10):
                if str(size) not in offered[sr].split(" or "):
                    refuse(
                        g,
                        f"ipo Amy GT 100 {size}",
                        f"in phase {phase[sr]} a corporation starts with {offered[sr]} shares",
                        "facts §2",
                    )
        for name in ("Amy", "Bob", "Cat"):
            assert g.execute(f"pass {name}").ok


def test_facts_4_no_trade_in_the_acquisition_zone() -> None:
    """Facts §4, §7: no share of a corporation in the acquisition zone is bought or sold.
    The dividend-zones script's stock round 5: GT stands in the last acquisition cell."""
    text = (SCRIPTS / "1817-dividend-zones.script").read_text(encoding="utf-8")
    g = play(text[: text.index("pass Bob\npass Cat\npass Amy\n# OR 5.1")])
    assert g.state.price("GT") == 0  # the next line begins stock round 5
    refuse(g, "buy Bob GT", "GT is in the acquisition zone", "facts §7")
    assert g.execute("pass Bob").ok and g.execute("pass Cat").ok
    refuse(g, "sell Amy GT 1", "GT is in the acquisition zone", "facts §7")


def test_contract_rows_every_title_has_are_refused_by_name() -> None:
    """`buyprivate` and `bankrupt` are commands every title has (the contract): in 1817 a
    private enters a corporation only when contributed at its IPO (facts §1, §3), and a
    player goes bankrupt only in a cash crisis (facts §12): no forced train purchase exists
    (facts §8, R 6.7)."""
    g = play(
        "game 1817 Amy Bob Cat\nprivate Amy MTE 40\npass Bob\npass Cat\npass Amy\n"
        "ipo Bob UR 200 2\npass Cat\npass Amy\npass Bob\n"
    )
    refuse(g, "buyprivate UR MTE 40", "contributed at its IPO", "facts §1")
    refuse(g, "trade MTE Amy Bob 40", "facts §1")
    refuse(g, "bankrupt Amy", "only a player in a cash crisis goes bankrupt", "facts §12")


def test_facts_4_no_purchase_of_a_corporation_sold_this_round() -> None:
    """Facts §4: a player who sold a corporation this round may not buy it this round (the
    share-sales script's stock round 5, after Bob's sale of GT)."""
    text = (SCRIPTS / "1817-share-sales.script").read_text(encoding="utf-8")
    g = play(text[: text.index("expect GT president Cat")])
    refuse(g, "buy Bob GT", "already sold GT this stock round", "facts §4")


def test_facts_4_a_presidents_certificate_never_goes_to_the_market() -> None:
    """Facts §4, §2: GT's president holds its 40% certificate (2 shares) and nobody else
    holds 2 shares to take the presidency: none of it may be sold (the dividend-zones
    script's stock round 6, GT at $60, out of the zones)."""
    text = (SCRIPTS / "1817-dividend-zones.script").read_text(encoding="utf-8")
    g = play(text[: text.index("pass Bob\npass Cat\npass Amy\n# stock round 6 ended")])
    assert g.execute("pass Bob").ok and g.execute("pass Cat").ok
    assert g.state.price("GT") == 60
    refuse(g, "sell Amy GT 1", "cannot go to the market", "facts §4")
    refuse(g, "sell Amy GT 2", "cannot go to the market", "facts §4")


def test_facts_13_an_obsolete_2_plus_given_up_over_the_limit_leaves_the_game() -> None:
    """Facts §13: at phase 4 the 2+ are obsolete, "still runs, still counts for the
    limit, then gone", and the limit drops to 3. GT holds three 3s and a 2+ it bought from
    UR for $1 in phase 3 (four trains, phase 3's limit): one over. Given up, the obsolete
    2+ leaves the game (the public implementation reclaims no obsolete train into the
    pool): GT keeps its three 3s and no corporation can buy a 2+ from the pool.

    Played from ``1817-phase-four.script`` to GT's two 3s of OR 3.2 (GT $0, UR $100), then:
    OR 4.1 GT withholds $400 (165 -> 150) and buys UR's 2+ for $1 ($399; UR $101); from
    OR 4.2 to OR 7.1 GT runs $20 six times, $4 a share, its 3 treasury shares $12 each
    time: $399 + 6 x $12 = $471.  The 3s are exported one an OR, the last at OR 6.2's end,
    the first 4 at OR 7.1's: phase 4, UR's 2 rusts.  In OR 7.2 UR's own 2+ runs its last.
    """
    text = (SCRIPTS / "1817-phase-four.script").read_text(encoding="utf-8")
    before = text.partition("expect GT cash 0\n")[0] + "expect GT cash 0\ndone GT\n"
    runs = "run UR 20\ndone UR\nrun GT 20\ndone GT\n"
    passes = "pass Cat\npass Amy\npass Bob\n"
    g = play(
        before
        + passes
        + "run UR 20\ndone UR\nrun GT 400 withhold\ntrain GT 2+ from UR 1\ndone GT\n"
        + runs
        + passes
        + runs * 2
        + passes
        + runs * 2
        + passes
        + runs
        + "expect phase 4\nexpect GT cash 471\nexpect UR cash 101\n"
    )
    gt = g.state.company("GT")
    assert sorted(t.name for t in gt.trains) == ["2+", "3", "3", "3"]
    outcome = g.execute("discard GT 2+")
    assert outcome.ok, outcome.message
    scrapped = [ev for ev in outcome.events if ev.kind == "train"]
    assert [(ev.train, ev.source, ev.target) for ev in scrapped] == [("2+", "GT", "scrap")]
    assert sorted(t.name for t in gt.trains) == ["3", "3", "3"]
    assert g.execute("run UR 20").ok  # UR's own 2+ runs its last (facts §13)
    refuse(g, "train UR 2+ from pool", "pool")
