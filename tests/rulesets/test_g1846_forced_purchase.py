"""1846 forced train purchases, bankruptcy and receivership (6.86-6.89, 7)."""

from __future__ import annotations

from conftest import SCRIPTS, refuse
from g1846_helpers import (
    BARE3,
    cash,
    cert_limit,
    data,
    game,
    pct,
    pool,
    president,
    price,
    step,
    trains,
    turn,
)
from test_g1846_trains import PHASE_III

from moderator import commands as c
from moderator.fixes import FIXES, fixes_between
from moderator.narrate import describe
from tests.core.test_rules_level_4 import _play

FORCED = (
    BARE3
    + """\
par Amy NYC 100
buy Bob NYC
buy Cat NYC
buy Amy NYC
par Bob GT 100
par Cat IC 100
buy Amy GT
buy Bob NYC
pass Cat
pass Amy
run NYC 0
train NYC 2
done NYC
run GT 0
train GT 2 from NYC 10
train GT 2
done GT
run IC 0
train IC 2
train IC 2
train IC 2
done IC
"""
)
"""SR1: NYC is Amy 30%, Bob 20%, Cat 10%, treasury 40%; Amy also holds 10% of GT and has
no cash (Bob, out of money and unable to sell, is passed by the tool).  OR 1.1: NYC sells
its only train to GT.  OR 1.2 starts with NYC ($90, $530, no train); 4-cards come next.
"""


def broke(spend: int) -> str:
    """NYC spends ``spend`` on track and runs for nothing: $80, no train, a forced purchase."""
    return FORCED + f"spend NYC {spend}\nrun NYC 0\n"


# ----------------------------------------------------------------- 6.86 emergency issue
def test_6_86_a_corporation_without_a_train_must_buy_one() -> None:
    g = game(broke(500))
    assert price(g, "NYC") == 80 and cash(g, "NYC") == 30
    refuse(g, "done NYC", "6.86")
    refuse(g, "run GT 0", "6.86")


def test_6_86_it_must_issue_before_its_president_pays_or_sells() -> None:
    g = game(broke(500))
    refuse(g, "train NYC 3/5", "6.86")
    refuse(g, "sell Amy GT 1", "6.86")
    refuse(g, "bankrupt Amy", "6.86")


def test_6_86_emergency_issue_drops_the_price_first() -> None:
    g = game(broke(500))
    refuse(g, "issue NYC 5", "6.86")  # the normal limit: four treasury shares (6.31)
    step(g, "issue NYC 3")
    assert price(g, "NYC") == 50  # three columns left of $80
    assert cash(g, "NYC") == 30 + 3 * 40  # one value below the new price, for every share
    assert pool(g, "NYC") == 30
    refuse(g, "issue NYC 1", "6.86")


def test_an_issue_that_would_raise_nothing_is_refused_and_never_offered() -> None:
    """Facts 12 (a BGG ruling; the rulebook is silent): a bundle may not produce $0.  At
    $10 a share issued in the operating turn brings one value less, $0 (6.31); in a
    forced purchase at $20 one share moves the price to $10 and brings $0 (6.86).
    Issue 27.7: such an issue was offered in the list."""
    from moderator import commands as c

    g = game(FORCED)  # OR 1.2: NYC's turn, before its run
    at_ten = g.state.clone()
    at_ten.market.place("NYC", 10)
    found = g.trial(c.Issue(corp="NYC", count=1), at_ten)
    assert isinstance(found, str) and "would raise $0" in found and "6.31" in found
    assert g.trial(c.Issue(corp="NYC", count=1), g.state) != found  # $90: it raises money
    g = game(broke(500))  # NYC must buy a train and may issue (6.86)
    at_twenty = g.state.clone()
    at_twenty.market.place("NYC", 20)
    found = g.trial(c.Issue(corp="NYC", count=1), at_twenty)
    assert isinstance(found, str) and "would raise $0" in found and "6.86" in found


def test_6_86_issue_no_more_shares_than_needed() -> None:
    g = game(broke(420))
    assert cash(g, "NYC") == 110
    # one share brings $60 ($170); two bring $50 each ($210, more than the $180 4-train)
    refuse(g, "issue NYC 3", "6.86")
    step(g, "issue NYC 2")
    assert cash(g, "NYC") == 210
    step(g, "train NYC 4\ndone NYC")
    assert cash(g, "NYC") == 30 and cash(g, "Amy") == 0


# ----------------------------------------------------------------- 6.87
def test_6_87_president_may_not_pay_toward_the_dearer_type() -> None:
    g = game(broke(360))
    assert cash(g, "NYC") == 170  # enough for a 3/5 ($160), not for a 4 ($180)
    refuse(g, "train NYC 4", "6.87")
    step(g, "train NYC 3/5")
    assert cash(g, "NYC") == 10


def test_6_87_the_corporation_may_issue_toward_the_dearer_type() -> None:
    g = game(broke(360))
    step(g, "issue NYC 1")
    assert price(g, "NYC") == 70 and cash(g, "NYC") == 170 + 60
    step(g, "train NYC 4")
    assert cash(g, "NYC") == 50


# ----------------------------------------------------------------- 6.88 president's cash and sales
def test_6_88_president_sells_without_changing_the_operating_presidency() -> None:
    g = game(broke(500) + "issue NYC 3\n")
    assert cash(g, "Amy") == 0
    refuse(g, "train NYC 3/5", "6.88", "6.89")
    refuse(g, "sell Bob GT 1", "6.88")  # only the president raises money
    refuse(g, "sell Amy NYC 2", "6.88")  # Bob (20%) would take NYC's presidency
    step(g, "sell Amy NYC 1")
    assert cash(g, "Amy") == 50 and price(g, "NYC") == 40  # a president's sale (5.22)
    assert president(g, "NYC") == "Amy"
    refuse(g, "sell Amy GT 1", "6.88")  # $150 + $50 already pays for any train
    step(g, "train NYC 4")
    assert cash(g, "NYC") == 0 and cash(g, "Amy") == 50 - 30
    step(g, "done NYC")


def test_6_88_sales_may_be_of_other_corporations() -> None:
    g = game(broke(500) + "issue NYC 3\nsell Amy GT 1\n")
    assert cash(g, "Amy") == 90
    assert price(g, "GT") == 90  # Amy is not GT's president: no move (5.22)
    step(g, "train NYC 3/5")
    assert cash(g, "Amy") == 80


def test_6_86_no_president_money_outside_a_forced_purchase() -> None:
    g = game(broke(500) + "issue NYC 3\nsell Amy GT 1\ntrain NYC 3/5\ndone NYC\n")
    step(g, "spend GT 100\nrun GT 0")
    assert cash(g, "GT") == 110  # GT has its 2-trains: nobody is forced to pay for it
    refuse(g, "train GT 3/5", "6.86")


# ----------------------------------------------------------------- 6.89 / 7 bankruptcy
BANKRUPT = PHASE_III + (
    "discard IC 3/5\ndone GT\nrun IC 300 withhold\ndone IC\nspend NYC 100\nrun NYC 0\n"
)
"""NYC ($59, price $60) loses its phased out 2-trains; the cheapest train is the returned 3/5
($160); NYC cannot issue (Amy's 2 shares minus 2 in the market); Amy has $60 and no share
she could sell."""


def test_6_89_bankruptcy_only_when_the_money_cannot_be_raised() -> None:
    g = game(broke(500))
    refuse(g, "bankrupt Amy", "6.8")
    refuse(g, "bankrupt Bob", "6.89")
    g = game(BANKRUPT)
    refuse(g, "train NYC 3/5", "6.88", "6.89")
    refuse(g, "bankrupt Bob", "6.89")


def test_7_11_bankrupt_players_cash_and_shares_go_to_the_corporation() -> None:
    g = game(BANKRUPT)
    assert cash(g, "NYC") == 59 and cash(g, "Amy") == 60 and price(g, "NYC") == 60
    step(g, "bankrupt Amy")
    amy = data(g)["players"][0]
    assert amy["bankrupt"] and amy["cash"] == 0 and amy["shares"] == {}
    # $60 cash + her 20% sold at $60 = $179 more; in receivership NYC buys the cheapest train
    assert trains(g, "NYC") == ["3/5"]
    assert cash(g, "NYC") == 59 + 60 + 120 - 160
    assert president(g, "NYC") == "pool"
    assert pool(g, "NYC") == 40
    assert price(g, "NYC") == 60  # 7.11 moves no price
    assert data(g)["priority"] == "Bob"


def test_7_12_bankruptcy_does_not_change_the_certificate_limit() -> None:
    g = game(BANKRUPT)
    assert cert_limit(g) == 14
    step(g, "bankrupt Amy")
    assert cert_limit(g) == 14


IN_RECEIVERSHIP = (
    BANKRUPT
    + "bankrupt Amy\ndone NYC\nrun GT 0\nrun IC 0\nrun NYC 0\ndone NYC\n"
    + "adjust Bob 60 test: Bob brings $60 more to the table\n"
)
"""Stock round 3: NYC ($50) in receivership, its president's certificate and a share in the
Stock Market; Bob ($156) may buy two NYC shares."""


def test_7_13_receivership_stock_rules() -> None:
    g = game(IN_RECEIVERSHIP)
    assert data(g)["round"]["kind"] == "SR"
    assert data(g)["turn"] == "Bob"
    step(g, "buy Bob NYC")
    assert president(g, "NYC") == "pool"
    step(g, "pass Cat\nbuy Bob NYC")
    assert president(g, "NYC") == "Bob"  # 20% after buying: the president's certificate
    assert pct(g, "Bob", "NYC") == 20


def test_7_13_no_sales_while_the_president_certificate_is_in_the_market() -> None:
    g = game(IN_RECEIVERSHIP)
    step(g, "buy Bob NYC\npass Cat")
    refuse(g, "sell Bob NYC 1", "7.13")


def test_7_14_receivership_operation_always_withholds() -> None:
    g = game(BANKRUPT + "bankrupt Amy\ndone NYC\nrun GT 0\nrun IC 0\ndone IC\n")
    assert data(g)["turn"] == "NYC"
    refuse(g, "run NYC 100 full", "7.14")
    refuse(g, "spend NYC 20", "7.14")
    refuse(g, "issue NYC 1", "7.14")
    refuse(g, "train NYC 5", "7.14")
    before = cash(g, "NYC")
    step(g, "run NYC 100")
    assert cash(g, "NYC") == before + 100
    assert price(g, "NYC") == 50  # $60, withheld: one left


def test_7_14_receivership_without_a_train_moves_two_left() -> None:
    g = game(BANKRUPT + "bankrupt Amy\ndone NYC\nrun GT 0\nrun IC 0\n")
    g.state.company("NYC").trains.clear()  # white box: as if its train had been removed
    receipt = g.receipt("NYC", 0, None)
    assert receipt.price_before == 60 and receipt.price_after == 40
    assert "7.14" in receipt.rule


# ----------------------------------------------------------------- 6.88 NOTE: the order may change
ORDER = (
    BARE3
    + """\
par Amy NYC 50
par Bob IC 100
pass Cat
par Amy GT 100
pass Bob
pass Cat
buy Amy GT
pass Bob
pass Cat
pass Amy
spend NYC 100
run NYC 0
issue NYC 2
"""
)
"""SR1: Amy presides NYC ($50) and GT ($100, 30%, placed below IC in the $100 column);
Bob presides IC.  OR 1.1 runs in reverse order: NYC, then IC, then GT (top first, 4.32).
NYC spends everything, runs without a train and issues its two shares ($20): Amy, with no
cash, must find $60 for a 2-train."""


def test_6_88_note_a_sale_for_the_train_changes_the_operating_order_4_31() -> None:
    g = game(ORDER)
    assert data(g)["operating_order"] == ["NYC", "IC", "GT"]
    assert cash(g, "NYC") == 20 and cash(g, "Amy") == 0
    step(g, "sell Amy GT 1")  # GT has not operated, but Amy is its president (5.23)
    assert cash(g, "Amy") == 100 and price(g, "GT") == 90  # a president's sale (5.22)
    # GT now has the lowest price after NYC: in reverse order it operates before IC (4.31)
    assert data(g)["operating_order"] == ["NYC", "GT", "IC"]
    step(g, "train NYC 2")
    assert cash(g, "Amy") == 40 and cash(g, "NYC") == 0
    step(g, "done NYC")
    assert turn(g) == "GT"
    refuse(g, "run IC 0", "GT has not run", "6.2 D")
    step(g, "run GT 0\ntrain GT 2\ndone GT\nrun IC 0")


def test_6_88_no_more_shares_than_needed_in_one_sale() -> None:
    # Amy starts GT at $60 and buys three more GT shares instead: 50% of GT, no cash
    buys = "buy Amy GT\npass Bob\npass Cat\n" * 3
    script = ORDER.replace("par Amy GT 100", "par Amy GT 60")
    script = script.replace("buy Amy GT\npass Bob\npass Cat\n", buys)
    g = game(script)
    assert pct(g, "Amy", "GT") == 50 and cash(g, "Amy") == 0 and cash(g, "NYC") == 20
    refuse(g, "sell Amy NYC 1", "5.25")  # her only NYC certificate is the president's
    # one GT share ($60) already makes up the $80 train: a second one would be a further sale
    refuse(g, "sell Amy GT 2", "no further sales", "6.88")
    step(g, "sell Amy GT 1\ntrain NYC 2")
    assert cash(g, "Amy") == 0 and cash(g, "NYC") == 0


# ----------------------------------------------------------------- 6.89 / 7.11: a new president
NEW_PRESIDENT = (
    BARE3
    + """\
par Amy NYC 40
buy Bob NYC
pass Cat
pass Amy
buy Bob NYC
pass Cat
pass Amy
pass Bob
spend NYC 160
run NYC 0
issue NYC 1
adjust Amy -310 test: Amy's money leaves the table
"""
)
"""Amy and Bob each hold 20% of NYC.  OR 1.1: NYC spends its $160, runs without a train
($30) and issues one share ($10 at $20).  Amy, left with $10, cannot sell NYC without
handing its presidency to Bob (6.88): $20 is all that can be raised toward a $80 2-train."""


def test_6_89_bankruptcy_hands_the_operating_corporation_to_a_new_president_7_11() -> None:
    g = game(NEW_PRESIDENT)
    assert cash(g, "NYC") == 10 and cash(g, "Amy") == 10 and price(g, "NYC") == 20
    refuse(g, "train NYC 2", "6.88", "6.89")
    step(g, "bankrupt Amy")
    # $10 of cash and the 20% certificate sold at $20 go to NYC: $10 + $10 + $40
    assert cash(g, "NYC") == 60
    assert president(g, "NYC") == "Bob"  # Bob's two shares went to the market for it
    assert pct(g, "Bob", "NYC") == 20 and pool(g, "NYC") == 30
    assert price(g, "NYC") == 20  # 7.11 moves no price
    assert cert_limit(g) == 14  # still the 3-player limit for five corporations (7.12)
    # the new president must buy the train at once (6.89, 7.11); NYC has already issued
    assert turn(g) == "NYC"
    refuse(g, "done NYC", "6.86")
    refuse(g, "issue NYC 1", "6.86")
    step(g, "train NYC 2")
    assert cash(g, "NYC") == 0 and cash(g, "Bob") == 320 - 20
    assert trains(g, "NYC") == ["2"]
    step(g, "done NYC")


def test_6_89_a_bankrupt_player_can_no_longer_act() -> None:
    g = game(NEW_PRESIDENT + "bankrupt Amy\ntrain NYC 2\ndone NYC\nrun NYC 0\ndone NYC\n")
    assert data(g)["round"]["kind"] == "SR" and turn(g) == "Cat"
    refuse(g, "pass Amy", "6.89")
    refuse(g, "bankrupt Amy", "6.89")


# ----------------------------------------------------------------- 7.13 / 7.14 receivership
LAUNCHED = BARE3 + "private Cat MPC\npar Amy NYC 40\npar Bob GT 100\npass Cat\npass Amy\npass Bob\n"
"""OR 1.1: NYC ($80, $40) and GT ($200, $100) launched, neither with a train."""

RECEIVERSHIP = (
    LAUNCHED
    + """\
issue NYC 2
spend NYC 140
run NYC 0
adjust Amy -310 test: Amy's money leaves the table
bankrupt Amy
"""
)
"""OR 1.1: NYC issues both shares it may (6.31, at $30), spends all, runs without a train
($30) and cannot issue again (two player shares, two in the market).  Amy, with $10, goes
bankrupt: NYC gets $10 + $60 = $70, too little for a $80 2-train, and its president's
certificate lies in the Stock Market (7.11)."""


def test_7_14_receivership_without_a_train_it_cannot_afford() -> None:
    g = game(RECEIVERSHIP)
    assert president(g, "NYC") == "pool" and pool(g, "NYC") == 40
    assert cash(g, "NYC") == 70 and trains(g, "NYC") == [] and price(g, "NYC") == 30
    # 6.89 NOTE: a corporation ends without a train when no new president takes it
    step(g, "done NYC")
    assert turn(g) == "GT"


def test_7_14_receivership_refuses_what_a_president_would_do() -> None:
    g = game(RECEIVERSHIP + "done NYC\nrun GT 0\ntrain GT 2\ndone GT\nrun GT 0\ndone GT\n")
    assert turn(g) == "NYC"
    refuse(g, "issue NYC 1", "7.14")
    refuse(g, "redeem NYC 1", "7.14")
    refuse(g, "spend NYC 20 tile", "7.14")
    refuse(g, "spend NYC 80 token", "7.14")
    refuse(g, "buyprivate NYC MPC 10", "7.14")
    refuse(g, "run NYC 0 full", "7.14")
    refuse(g, "run NYC 0 half", "7.14")
    refuse(g, "run NYC 20", "6.61")  # no train to run


RECEIVERSHIP_AT_20 = (
    LAUNCHED
    + """\
spend NYC 80
run NYC 0
issue NYC 1
adjust Amy -310 test: Amy's money leaves the table
bankrupt Amy
"""
)
"""OR 1.1: NYC spends its $80, runs without a train ($30) and issues one share for its train
(6.86: $20, bringing $10); Amy, with $10, goes bankrupt: NYC ($20) in receivership."""


def test_7_14_receivership_without_a_train_moves_two_columns_and_may_close() -> None:
    g = game(RECEIVERSHIP_AT_20 + "done NYC\nrun GT 0\ntrain GT 2\ndone GT\nrun GT 0\ndone GT\n")
    assert price(g, "NYC") == 20 and president(g, "NYC") == "pool"
    step(g, "run NYC 0")  # two columns left of $20 is $0: NYC closes (8)
    nyc = next(c for c in data(g)["companies"] if c["id"] == "NYC")
    assert nyc["closed"] and nyc["cash"] == 0
    assert data(g)["round"]["kind"] == "SR"
    assert cert_limit(g) == 11  # four corporations left (8.2)


def test_7_14_receivership_buys_the_cheapest_train_when_it_can() -> None:
    g = game(BANKRUPT)
    assert data(g)["phase"] == "III"
    offered = {d["train"]: d["price"] for d in data(g)["depot"]}
    assert offered == {"3/5": 160, "4": 180, "4/6": 450, "5": 500}
    step(g, "bankrupt Amy")
    assert trains(g, "NYC") == ["3/5"]  # the returned 4-card, as its cheaper type


def test_7_13_virtual_share_when_only_the_presidents_certificate_is_in_the_market() -> None:
    g = game(IN_RECEIVERSHIP)
    assert pool(g, "NYC") == 40 and price(g, "NYC") == 50
    step(g, "buy Bob NYC pool\nbuy Cat NYC pool")
    assert pool(g, "NYC") == 20 and president(g, "NYC") == "pool"  # only the certificate
    bob, bank = cash(g, "Bob"), cash(g, "bank")
    step(g, "buy Bob NYC pool")  # a virtual 10% share: Bob's share for the certificate
    assert president(g, "NYC") == "Bob" and pct(g, "Bob", "NYC") == 20
    assert pool(g, "NYC") == 10
    assert cash(g, "Bob") == bob - 50 and cash(g, "bank") == bank + 50
    said = [describe(ev, "$", "1846") for ev in g.journal[-1].events]
    assert (  # the line said a bare "7.13" for its reason
        "NYC presidency: the pool → Bob, certificates exchanged: a holder of 20% takes over, "
        "by a virtual share (7.13)"
    ) in said


def test_6_86_6_87_emergency_refusals_name_the_rule() -> None:
    g = game(FORCED + "run NYC 0\n")  # $530: it can pay for any train itself
    refuse(g, "issue NYC 1", "can pay for any train itself", "6.87")
    g = game(broke(360) + "issue NYC 1\n")  # $230 after the issue: the 4-train is affordable
    refuse(g, "sell Amy GT 1", "president raises no money", "6.87")


def test_6_86_an_emergency_issue_that_takes_the_price_to_0_closes_the_corporation() -> None:
    """6.86: "If its stock price drops to $0, close the corporation"; section 8's NOTE names
    the emergency issue among the causes.  The closing bundle was refused as raising $0
    (tests/scripts/1846-issue-to-zero-closes.script plays it through)."""
    text = (SCRIPTS / "1846-issue-to-zero-closes.script").read_text(encoding="utf-8")
    before = text[: text.index("issue NYC 3")]
    g = game(before)
    assert price(g, "NYC") == 30 and cash(g, "NYC") == 60
    refuse(g, "issue NYC 2", "would raise $0")  # $10 after the drop, $0 a share
    refuse(g, "issue NYC 4", "6.86, 8")  # three shares already reach $0
    step(g, "issue NYC 3")
    nyc = g.state.company("NYC")
    assert nyc.closed and not nyc.trains and nyc.cash == 0
    assert cash(g, "Amy") == 320 and cert_limit(g) == 11
    fresh = game(before)
    assert "NYC at $30:" in str(fresh.trial(c.Issue(corp="NYC", count=2)))  # one $ sign


def test_6_86_after_an_emergency_issue_the_train_comes_from_the_bank() -> None:
    """6.86: a corporation unable to buy a train with its treasury "must buy a currently
    available train ... from the bank", the remainder coming from issuing shares: once it
    has issued for the purchase, a train from another corporation is refused (the earlier
    edition: "it cannot raise cash with the emergency procedure then buy a Train from
    another Corporation").  Before rules level 6 NYC bought GT's 2-train for $50 here."""
    g = game(broke(500))
    step(g, "issue NYC 3")
    assert cash(g, "NYC") == 30 + 3 * 40
    refuse(g, "train NYC 2 from GT 50", "6.86")
    assert cash(g, "NYC") == 150 and trains(g, "GT") == ["2", "2"]
    # the $10 NYC lacks for the 3/5 is Amy's to raise (6.86, 6.88)
    refuse(g, "train NYC 3/5", "6.88")


def test_level_5_games_keep_the_train_from_another_corporation() -> None:
    fix = FIXES["1846-6.86-bank"]
    assert fix.level == 6 and fix.title == "1846" and fix.rule == "6.86"
    assert fix in fixes_between("1846", 5)
    text = broke(500) + "issue NYC 3\ntrain NYC 2 from GT 50\n"
    old = _play(text, 5)
    assert old.state.company("NYC").cash == 100
    assert [t.name for t in old.state.company("NYC").trains] == ["2"]


# ----------------------------------------------------------------- 6.89 with 6.91: his independent
# Second edition, 3 players.  Amy: MS $140 + LM $40 (220), par NYC 60 (100), GT at 100 (0).
# Bob: BIG4 $100 + CWI $60 (240), par GT 100 (40).  Cy: MAIL $80 + BT $40 (280), par IC 100
# (80), NYC at 60 (20).  OR 1.1: income Amy LM 15, Bob CWI 10, Cy BT 10; NYC (180) spends 160
# and runs 0: 60 -> 50 (6.75), $20 for a $80 2-train.  Its best issue, 2 shares at $20 (6.86),
# and Amy's $15 make $75; she may sell nothing (6.88: GT has not operated, 5.23; her NYC 20%
# is its presidency): short of the train, but NYC may buy her Michigan Southern, its $60
# and its 2-train (6.91, 6.92), and then owns a train (6.86).
OWN_INDEPENDENT = """\
game 1846 Amy Bob Cy 2e
remove ERIE PRR MPC SC TBC LSL MC OI
private Amy MS
private Amy LM
private Bob BIG4
private Bob CWI
private Cy MAIL
private Cy BT
par Amy NYC 60
par Bob GT 100
par Cy IC 100
buy Amy GT
buy Cy NYC
pass Cy
run MS 0
run BIG4 0
spend NYC 160 tile
run NYC 0
"""


def test_6_89_a_president_with_an_independent_to_sell_is_not_bankrupt() -> None:
    g = game(OWN_INDEPENDENT)
    assert cash(g, "NYC") == 20 and cash(g, "Amy") == 15 and price(g, "NYC") == 50
    refuse(g, "bankrupt Amy", "need not go bankrupt", "MS", "6.91")
    step(g, "buyprivate NYC MS 1")  # NYC 20 - 1 + 60 = 79, Amy 16, MS's 2-train
    assert cash(g, "NYC") == 79 and cash(g, "Amy") == 16
    step(g, "done NYC")  # it owns a train: nothing forced (6.86)


def test_6_89_a_game_saved_before_rules_level_9_let_him_go_bankrupt() -> None:
    fix = FIXES["1846-6.89-independent"]
    assert (fix.level, fix.title) == (9, "1846") and fix in fixes_between("1846", 8)
    old = _play(OWN_INDEPENDENT + "bankrupt Amy\n", 8)
    assert old.state.ledger.player("Amy").bankrupt
