"""1817 part 2: the merger and conversion round (facts §9, R 7.1): conversions, the share
purchases and sales after them, loans, new stations or liquidation, refusals by rule."""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

from moderator.ledger import POOL
from rulesets.sharecount import size_of

SALE = (
    "game 1817 Amy Bob Cat\nprivate Amy MAJC 90\nprivate Bob MTE 40\npass Cat\npass Amy\npass Bob\n"
)
STARTED = SALE + "ipo Cat UR 200 2\nipo Amy PW 100 2\n"
"""UR ($100, Cat, cash 200) and PW ($50, Amy, cash 100) started; Bob on turn."""
MERGER = (
    STARTED + "pass Bob\npass Cat\npass Amy\nloan UR 2\ntrain UR 2\ndone UR\ntrain PW 2\ndone PW\n"
)
"""Merger round 1.1: UR ($70, cash 290, 2 loans) then PW ($45, cash 0), in that order."""
CONVERTED = (
    MERGER + "convert UR\nbuy Cat UR ipo\nbuy Amy UR ipo\nbuy Bob UR ipo\nloan UR\ndone UR\n"
)
"""UR converted to 5 shares, its treasury sold (Cat 60%, Amy and Bob 20%), a loan, a station."""


def test_facts_9_convert_2_to_5_keeps_the_price_and_owes_a_station() -> None:
    g = play(MERGER + "convert UR\n")
    ur = g.state.company("UR")
    assert size_of(ur) == 5 and g.state.price("UR") == 70
    assert (ur.holder_percent("Cat"), ur.holder_percent("UR")) == (40, 60)
    data = g.state_json()
    entry = next(x for x in data["companies"] if x["id"] == "UR")
    assert (entry["size"], entry["stations"], entry["stations_owed"]) == (5, 1, 1)
    assert data["merger"]["turn"]["corp"] == "UR" and data["merger"]["converted"] == ["UR"]
    assert g.execute("expect UR size 5").ok and g.execute("expect Cat shares UR 40").ok


def test_facts_9_purchases_after_a_conversion_in_turn_from_the_president() -> None:
    g = play(MERGER + "convert UR\n")
    refuse(g, "sell Cat UR 1", "president", "R 7.1.4")
    refuse(g, "buy Cat UR pool", "treasury", "R 7.1.4")
    assert g.execute("buy Cat UR ipo").ok  # the president: 60%, the most he may hold
    refuse(g, "buy Cat UR ipo", "more than 60%", "facts §0")
    assert g.execute("buy Amy UR ipo").ok
    refuse(g, "buy Amy UR ipo", "one purchase or one sale each", "R 7.1.4")
    refuse(g, "buy Cat UR ipo", "has passed", "R 7.1.4")
    assert g.execute("buy Bob UR ipo").ok
    assert g.state.company("UR").cash == 290 + 3 * 70
    assert g.state.ledger.player("Amy").cash == 230 - 70
    assert g.execute("loan UR").ok  # left 1: $65
    assert g.state.price("UR") == 65 and g.state.company("UR").cash == 600
    refuse(g, "sell Amy UR 1", "taken a loan", "R 7.1.4")
    assert g.execute("done UR").ok  # the new station: $50
    assert g.state.company("UR").cash == 550 and g.ruleset.stations_of(g.state, "UR") == 2
    refuse(g, "convert UR", "has passed", "R 7.1")


def test_facts_9_a_conversion_short_of_its_station_liquidates() -> None:
    g = play(MERGER + "convert PW\n")  # UR passes; PW's cash: 0
    refuse(g, "convert UR", "has passed", "facts §9, R 7.1")
    assert g.execute("done PW").ok
    assert g.ruleset.zone(g.state, "PW") == "liquidation"
    assert g.state.company("PW").cash == 0


def test_facts_9_convert_5_to_10_halves_every_certificate() -> None:
    g = play(CONVERTED + "run UR 0\ndone UR\nrun PW 0\ndone PW\nconvert UR\n")
    ur = g.state.company("UR")
    assert size_of(ur) == 10
    assert [ur.holder_percent(h) for h in ("Cat", "Amy", "Bob", "UR")] == [30, 10, 10, 50]
    assert next(x for x in ur.certificates if x.president).percent == 20
    refuse(g, "convert UR", "10 shares", "R 7.1.1")
    price = g.state.price("UR")
    cash = g.state.ledger.player("Amy").cash
    assert g.execute("sell Amy UR 1").ok  # Cat, the president, passes by it
    assert g.state.ledger.player("Amy").cash == cash + price
    assert g.state.company("UR").holder_percent(POOL) == 10
    assert g.state.price("UR") == price  # no sale moves the price (facts §4)
    refuse(g, "buy Cat UR ipo", "has passed", "R 7.1.4")
    before = g.state.company("UR").cash
    assert g.execute("buy Bob UR ipo").ok
    assert g.execute("done UR").ok  # two stations: 2 + 2
    assert g.state.company("UR").cash == before + price - 100
    assert g.ruleset.stations_of(g.state, "UR") == 4


def test_facts_9_merger_round_lines_and_what_stays_refused() -> None:
    g = play(STARTED)
    refuse(g, "convert UR", "merger and conversion round after an operating round", "R 7.1")
    g = play(MERGER)
    refuse(g, "short Amy UR", "a short is made in a stock turn", "facts §5")
    # played since part 3 (tests/rulesets/test_g1817_acquisition.py): its bids checked
    refuse(g, "acquire UR PW 95", "multiples of $10", "R 7.2.4")
    refuse(g, "convert Bess", "not been launched")
    # with no conversion open, a loan is the next round's line (OR 1.2, UR first): an old
    # save's lines read as they did
    refuse(g, "loan UR", "UR holds 2 of its 2 loans", "facts §6")
    assert g.execute("run UR 0").ok
    data = g.state_json()
    assert data["merger_round"] is False and data["merger"] is None and data["round"]["or"] == 2


def test_facts_9_merge_2_and_2_of_two_presidents() -> None:
    """UR ($70, Cat) takes PW ($45, Amy): $115, the cell at or below: $110; Cat pays $110
    for the share Amy receives (O6); cash, loans, trains and stations to UR."""
    g = play(MERGER)
    refuse(g, "merge UR UR", "itself", "R 7.1.2")
    assert g.execute("merge UR PW").ok
    ur, pw = g.state.company("UR"), g.state.company("PW")
    assert size_of(ur) == 5 and g.state.price("UR") == 110
    assert [ur.holder_percent(h) for h in ("Cat", "Amy", "UR")] == [40, 20, 40]
    assert g.state.ledger.player("Cat").cash == 220 - 110 and ur.cash == 290 + 110
    assert len(ur.trains) == 2 and g.ruleset.loans_of(g.state, "UR") == 2
    assert g.ruleset.stations_of(g.state, "UR") == 2
    assert not pw.launched and not pw.certificates and not g.state.market.has("PW")
    data = g.state_json()
    assert next(x for x in data["companies"] if x["id"] == "UR")["stations_owed"] == 0
    assert g.execute("buy Cat UR ipo").ok and g.execute("done UR").ok
    assert g.state.company("UR").cash == 400 + 110


def test_facts_9_merge_5_and_5_and_the_presidency() -> None:
    """Both converted in merger round 1.1 (Amy and Bob buy a PW share each, its station);
    in 1.2 UR takes PW: Amy's 60% of PW is 30% of UR, over Cat's 20%: Amy presides."""
    text = MERGER + "convert UR\ndone UR\nconvert PW\nbuy Amy PW ipo\nbuy Bob PW ipo\n"
    text += "done PW\nrun UR 0\ndone UR\nrun PW 0\ndone PW\n"
    g = play(text)
    assert (g.state.price("UR"), g.state.price("PW")) == (65, 40)
    assert g.execute("merge UR PW").ok  # $52 rounded down: the $50 cell
    ur = g.state.company("UR")
    assert size_of(ur) == 10 and sum(x.percent for x in ur.certificates) == 100
    assert [ur.holder_percent(h) for h in ("Amy", "Bob", "Cat", "UR")] == [30, 10, 20, 40]
    assert ur.president() == "Amy" and g.state.price("UR") == 50
    refuse(g, "sell Amy UR 1", "president", "R 7.1.4")


def test_facts_9_a_merged_corporation_cannot_be_merged_again() -> None:
    g = play(MERGER + "convert UR\n")
    refuse(g, "merge PW UR", "5 shares", "one size")
    g = play(MERGER + "merge UR PW\n")
    refuse(g, "merge UR PW", "PW has not been launched")
    refuse(g, "convert UR", "has passed")


def test_facts_9_a_merged_target_may_start_again() -> None:
    """Its charter is free again (the public implementation resets it): a later IPO."""
    g = play(MERGER + "merge UR PW\ndone UR\nrun UR 0\ndone UR\npass Bob\npass Cat\n")
    assert g.execute("ipo Amy PW 100 2").ok
    assert g.state.company("PW").cash == 100 and g.state.price("PW") == 50


def test_facts_9_a_merger_over_the_train_limit_gives_a_train_up() -> None:
    text = SALE + "ipo Cat UR 300 2\npass Amy\npass Bob\nipo Cat PW 100 2\npass Amy\npass Bob\n"
    text += "pass Cat\nloan UR\n" + "train UR 2\n" * 4 + "done UR\ntrain PW 2\ndone PW\n"
    text += "merge UR PW\n"  # Cat's two
    g = play(text)
    assert len(g.state.company("UR").trains) == 5  # phase 2's limit: 4
    refuse(g, "done UR", "limit of 4", "discard UR")
    refuse(g, "run UR 0", "limit of 4")  # the next round's line waits too
    assert g.execute("discard UR 2").ok and g.execute("done UR").ok
    assert len(g.state.company("UR").trains) == 4


def _merged_in_one_space(level: int) -> list[str]:
    """``1817-merger-prices.script`` to merger round 1.2, then GT, AS and UR stacked in that
    order at $80 (set by hand): GT takes UR over at ($80 + $80) / 2 = $80 under rules
    ``level``; the stack's order after."""
    text = (SCRIPTS / "1817-merger-prices.script").read_text(encoding="utf-8")
    g = play(text[: text.index("\nmerge GT UR\n") + 1])
    g.state.rules_level = level
    market = g.state.market
    cell = market.position["GT"]  # type: ignore[attr-defined]
    market.place_at("AS", cell)  # type: ignore[attr-defined]
    market.place_at("UR", cell)  # type: ignore[attr-defined]
    assert market.order(["GT", "AS", "UR"]) == ["GT", "AS", "UR"]
    outcome = g.execute("merge GT UR")
    assert outcome.ok, outcome.message
    assert g.state.price("GT") == 80 and g.state.company("GT").launched
    return g.state.market.order(["GT", "AS"])


def test_facts_7_9_a_merger_at_the_survivors_own_price_keeps_its_place() -> None:
    """Facts §7, §9 (rules level 14, ``1817-§9-merge-cell``): a 5 + 5 merger whose average
    is the survivor's own price does not move its marker, so it keeps its place over AS
    in the stack and still operates first, as in the public implementation (a marker
    *arriving* in a space goes below). Before, it went below AS."""
    assert _merged_in_one_space(14) == ["GT", "AS"]
    assert _merged_in_one_space(13) == ["AS", "GT"]
