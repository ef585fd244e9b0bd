"""1830 (issue 31): the refusals and readings the hand-computed scripts cannot show.

A refused line stops a script, so every refusal is tested here, each naming its Avalon
Hill rule; and every line and refusal met along the 1830 scripts cites only the AH rules
(1.0-25.0 and their cases, Tables 1-8), never another title's numbers.
"""

from __future__ import annotations

import re

import pytest
from conftest import REPO, SCRIPTS, play, refuse

from moderator.game import Game
from moderator.narrate import describe
from rulesets.g1830 import GRID, PAR_CELL, ZONES

AH_SECTIONS = {f"{n}.0" for n in range(1, 26)} | {
    "7.1", "7.2", "7.3", "8.1", "8.2", "18.1", "18.2", "18.3", "19.1", "20.1", "20.2",
    "20.3", "23.1", "23.2", "23.3",
}  # fmt: skip
"""The numbered sections and cases of the Avalon Hill "1830 Rules of Play"."""

SALE = """\
game 1830 Amy Bob Cy
buy Amy SV
buy Bob CS
buy Cy DH
buy Amy MH
buy Bob CA
buy Cy BOP
par Cy BO 67
"""
"""Three players buy the privates in turn; Cy owns BOP and has set B&O's par."""

FLOATED = (
    SALE
    + """\
par Amy NYC 67
par Bob PRR 67
buy Cy BO
buy Amy NYC
buy Bob PRR
buy Cy BO
buy Amy NYC
buy Bob PRR
buy Cy BO
buy Amy NYC
buy Bob PRR
buy Cy BO
buy Amy NYC
pass Bob
pass Cy
pass Amy
"""
)
"""Stock round 1 floats NYC (Amy), PRR (Bob) and B&O (Cy) at $67; operating round 1.1."""


def game(text: str) -> Game:
    return play(text)


# ------------------------------------------------------------------ the market
def test_the_market_is_the_facts_board() -> None:
    """Facts §4: 11 rows, $350 at the top right, the par column 6, the zones of 10.0."""
    assert len(GRID) == 11 and GRID[0][18] == 350 and GRID[10][3:] == (10, 20, 30, 40)
    assert PAR_CELL == {100: (0, 6), 90: (1, 6), 82: (2, 6), 76: (3, 6), 71: (4, 6), 67: (5, 6)}
    assert ZONES[5][:5] == "booyy" and ZONES[0] == "y" + "." * 18
    assert [GRID[r][6] for r in (5, 6, 7)] == [67, 67, 67]  # why `expect C cell` exists


# ------------------------------------------------------------------ the opening sale
def test_7_2_a_bid_beats_face_value_and_the_highest_bid_by_5() -> None:
    g = game("game 1830 Amy Bob Cy\n")
    refuse(g, "bid Amy CS 44", "$45 or more (7.2)")
    g.execute("bid Amy CS 45")
    refuse(g, "bid Bob CS 49", "the highest bid, $45", "$50 or more (7.2)")


def test_7_2_standing_bids_fit_in_the_cash_together() -> None:
    """A bid stays in the player's cash, set aside: all his bids must fit in it, and he may
    not buy with what they hold (7.2)."""
    g = game("game 1830 Amy Bob Cy Dee Eve Fay\n")  # $400 each
    assert g.execute("bid Amy BOP 300").ok
    g.execute("pass Bob")
    g.execute("pass Cy")
    g.execute("pass Dee")
    g.execute("pass Eve")
    g.execute("pass Fay")
    refuse(g, "bid Amy CA 165", "$300 of it set aside for other bids", "(7.2)")
    assert g.execute("bid Amy BOP 395").ok  # a new bid on BOP replaces the old one
    for name in ("Bob", "Cy", "Dee", "Eve", "Fay"):
        assert g.execute(f"pass {name}").ok
    refuse(g, "buy Amy SV", "$395 of it set aside for bids", "(7.2)")
    sale = g.state_json()["sale"]
    assert sale["set_aside"]["Amy"] == 395 and sale["free"]["Amy"] == 5


def test_7_1_only_the_private_on_offer_is_bought_and_it_is_not_bid_on() -> None:
    g = game("game 1830 Amy Bob Cy\n")
    refuse(g, "buy Amy CS", "SV is the private on offer", "(7.1)")
    refuse(g, "bid Amy SV 25", "SV is on offer", "(7.1)")
    refuse(g, "buy Bob SV", "it is Amy's turn", "(7.1)")
    refuse(g, "buy Amy NYC", "shares are on sale once every private company is sold (7.0)")
    refuse(g, "par Amy NYC 67", "shares are on sale once every private company is sold (7.0)")
    refuse(g, "sell Amy NYC 1", "shares are on sale once every private company is sold (7.0)")


def test_7_2_an_auction_is_held_among_the_bidders_only() -> None:
    g = game("game 1830 Amy Bob Cy\nbid Amy CS 45\nbid Bob CS 50\nbuy Cy SV\n")
    data = g.state_json()
    assert data["sale"]["contest"] == "CS" and data["turn"] == "Amy"  # the lowest asked first
    refuse(g, "bid Cy CS 60", "its bidders (Amy, Bob) raise or drop out (7.2)")
    refuse(g, "pass Bob", "Bob holds the highest bid on CS, $50", "(7.2)")
    refuse(g, "bid Amy CS 54", "$55 or more (7.2)")
    refuse(g, "buy Amy DH", "the auction for CS comes first", "(7.2)")
    assert g.execute("bid Amy CS 55").ok
    assert g.state_json()["turn"] == "Bob"
    assert g.execute("pass Bob").ok
    data = g.state_json()
    assert next(c for c in data["companies"] if c["id"] == "CS")["owner"] == "Amy"
    assert data["turn"] == "Amy"  # left of Cy, the last to buy a private on offer (7.2)


def test_7_3_income_while_a_private_other_than_sv_is_unsold() -> None:
    g = game("game 1830 Amy Bob Cy\nbuy Amy SV\npass Bob\npass Cy\npass Amy\n")
    data = g.state_json()
    assert {p["name"]: p["cash"] for p in data["players"]} == {"Amy": 785, "Bob": 800, "Cy": 800}
    assert data["priority"] == "Bob" and data["turn"] == "Bob"  # left of the last buyer


def test_8_1_bop_brings_b_and_o_and_its_par_comes_first() -> None:
    g = game(SALE.replace("par Cy BO 67\n", ""))
    assert g.state_json()["par_due"] == "Cy"
    refuse(g, "par Amy NYC 67", "Cy announces B&O's par first", "(8.1, Table 1 note 5)")
    refuse(g, "par Amy BO 67", "Cy owns BOP", "(8.1, Table 1 note 5)")
    refuse(g, "par Cy BO 80", "67, 71, 76, 82, 90, 100 (8.1)")
    assert g.execute("par Cy BO 71").ok
    refuse(g, "par Amy BO 71", "BO is already launched (8.1)")
    refuse(g, "par Amy CO 80", "CO must start at one of 67, 71, 76, 82, 90, 100 (8.1)")


def test_the_sale_is_over_so_no_more_bids() -> None:
    refuse(game(SALE), "bid Amy NYC 80", "which is over (7.2)")


# ------------------------------------------------------------------ stock rounds
def test_12_0_nothing_is_sold_in_the_first_stock_round() -> None:
    g = game(SALE + "par Amy NYC 67\npass Bob\npass Cy\n")
    refuse(g, "sell Amy NYC 1", "no certificate is sold in the first stock round (7.0, 12.0)")


def test_12_0_the_first_stock_round_only_bars_sales() -> None:
    """12.0(1) bars sales in the first stock round, not a president's forced sales in the
    operating round after it (24.0)."""
    g = game(FLOATED)
    assert g.state.round_kind == "OR" and g.state.round_number == 1
    nyc = g.state.company("NYC")
    assert g.ruleset.may_sell(g.state, "Amy", nyc) is None  # type: ignore[attr-defined]


def test_10_0_five_certificates_of_one_corporation() -> None:
    g = game(FLOATED + "run BO 0\ntrain BO 2\ndone BO\nrun NYC 0\ntrain NYC 2\ndone NYC\n"
             "run PRR 0\ntrain PRR 2\ndone PRR\npass Bob\npass Cy\n")  # fmt: skip
    refuse(g, "buy Amy NYC", "Amy holds 5 NYC certificates", "(10.0)")


def test_4_0_one_certificate_a_turn_and_no_purchase_after_a_sale() -> None:
    g = game(FLOATED + "run BO 0\ntrain BO 2\ndone BO\nrun NYC 0\ntrain NYC 2\ndone NYC\n"
             "run PRR 0\ntrain PRR 2\ndone PRR\n")  # fmt: skip
    assert g.execute("sell Bob PRR 1").ok
    refuse(g, "buy Bob PRR pool", "Bob already sold PRR this stock round (4.0)")
    assert g.execute("buy Bob NYC").ok
    refuse(g, "buy Bob NYC", "one a turn, more only of brown-zone stock (4.0, 10.0)")
    assert g.execute("sell Bob PRR 1").ok  # sales may follow the purchase (4.0)
    assert g.execute("buy Cy PRR pool").ok  # the next player's line closes Bob's turn
    assert g.state_json()["turn"] == "Cy"


def test_10_0_brownpool_buys_brown_shares_from_the_pool_only() -> None:
    text = (SCRIPTS / "1830-brownpool.script").read_text(encoding="utf-8")
    head = text[: text.index("buy Bob NYC pool")]
    g = game(head)
    assert g.execute("buy Bob NYC pool").ok
    refuse(
        g,
        "buy Bob NYC ipo",
        "with brownpool, several brown-zone shares are bought from the bank pool",
    )


def test_10_0_yellow_shares_do_not_count_toward_the_certificate_limit() -> None:
    """Stock round 2 of the brown-zone script: NYC in the orange and brown zones counts
    nothing toward the limit (10.0), the others count one each, privates too."""
    text = (SCRIPTS / "1830-brown-zone.script").read_text(encoding="utf-8")
    g = game(text[: text.index("# --- Operating round 2.1")])
    certs = {p["name"]: p["certificates"] for p in g.state_json()["players"]}
    assert certs == {"Amy": 2, "Bob": 3, "Cy": 3}  # privates, PRR and B&O; NYC (orange) none
    ruleset, state = g.ruleset, g.state
    assert ruleset.counts_toward_limit(state, state.company("NYC")) == 0  # type: ignore[attr-defined]
    assert ruleset.counts_toward_limit(state, state.company("BO")) == 1  # type: ignore[attr-defined]


def test_table_1_note_3_the_mohawk_exchange() -> None:
    g = game("game 1830 Amy Bob Cy\nbuy Amy SV\npass Bob\npass Cy\nbuy Amy CS\n"
             "pass Bob\npass Cy\nbuy Amy DH\n")  # fmt: skip
    refuse(g, "exchange Amy SV", "SV is not exchanged; MH is (Table 1 note 3)")
    g = game(SALE)
    refuse(g, "exchange Cy MH", "Cy does not own MH (Table 1 note 3)")
    assert g.execute("exchange Amy MH pool").ok is False  # nothing in the pool
    assert g.execute("exchange Amy MH").ok
    data = g.state_json()
    assert data["players"][0]["shares"] == {"NYC": 10}
    assert next(c for c in data["companies"] if c["id"] == "MH")["closed"]


def test_8_0_no_exchange_during_the_opening_sale() -> None:
    g = game("game 1830 Amy Bob Cy\nbuy Amy SV\nbuy Bob CS\nbuy Cy DH\nbuy Amy MH\n")
    refuse(g, "exchange Amy MH", "once every private is sold (8.0, Table 1 note 3)")


def test_23_1_privates_between_players_after_the_first_stock_round() -> None:
    g = game(SALE)
    refuse(g, "trade DH Cy Amy 50", "in a stock round after the first (23.1)")


def test_23_1_privates_change_hands_in_the_buyers_or_the_sellers_turn() -> None:
    """Stock round 2, Bob's turn: he sells CS to Amy (his turn, a sale); Cy's line closes
    Bob's turn and Cy sells DH to Amy, then buys SV from her in the same turn (his purchase
    of the turn, facts D17); the money goes straight between the players (23.1)."""
    g = game(FLOATED + "run BO 0\ntrain BO 2\ndone BO\nrun NYC 0\ntrain NYC 2\ndone NYC\n"
             "run PRR 0\ntrain PRR 2\ndone PRR\n")  # fmt: skip
    for line in ("trade CS Bob Amy 30", "trade DH Cy Amy 50", "trade SV Amy Cy 25"):
        assert g.execute(line).ok, line
    refuse(g, "trade CA Bob Cy 100", "Cy has bought a certificate this turn: one a turn")
    players = {p["name"]: (p["cash"], p["privates"]) for p in g.state_json()["players"]}
    assert players == {
        "Amy": (293 - 30 - 50 + 25, ["CS", "DH", "MH"]),
        "Bob": (300 + 30, ["CA"]),
        "Cy": (287 + 50 - 25, ["SV"]),
    }


# ------------------------------------------------------------------ operating rounds
def test_11_0_capital_at_the_first_operating_round_and_no_half_pay() -> None:
    g = game(FLOATED)
    cash = {c["id"]: c["cash"] for c in g.state_json()["companies"] if c.get("floated")}
    assert cash == {"NYC": 670, "PRR": 670, "BO": 670}
    refuse(g, "run BO 0 half", "1830 has no half payout: full or withhold (20.3)")


def test_4_0_a_pass_in_a_set_of_one_operating_round_opens_the_next_stock_round() -> None:
    """Every buyer of stock round 1 had his turn closed by the tool after his purchase; a
    `pass` written after the operating round (no `done`) is the next stock round's, not a
    leftover: only the passes the tool made to end a round are taken as already written."""
    g = game(FLOATED + "run BO 0\ntrain BO 2\nrun NYC 0\ntrain NYC 2\nrun PRR 0\ntrain PRR 2\n")
    assert g.execute("pass Bob").ok
    data = g.state_json()
    assert data["round"] == {"kind": "SR", "number": 2, "or": None, "setup": False}
    assert data["turn"] == "Cy"


ALL_PASSED = """\
game 1830 Ann Ben Cal
buy Ann SV
buy Ben CS
buy Cal DH
buy Ann MH
buy Ben CA
buy Cal BOP
par Cal BO 100
par Ann NYNH 100
par Ben PRR 100
buy Cal BO
buy Ann NYNH
buy Ben PRR
buy Cal BO
buy Ann NYNH
buy Ben PRR
buy Cal BO
buy Ann NYNH
buy Ben PRR
buy Cal BO
buy Ann NYNH
buy Ben NYNH
buy Cal NYNH
"""
"""Stock round 1 ends with every player passed by the tool (nobody can pay for a share)."""


def test_4_0_a_pass_the_tool_made_is_taken_as_written_until_a_company_acts() -> None:
    """The passes that ended stock round 1 were the tool's: a `pass Ben` written right
    after is accepted and changes nothing; once a company has acted, a `pass` is stock
    round 2's, in a set of one operating round."""
    g = game(ALL_PASSED)
    assert g.state_json()["round"]["kind"] == "OR"
    assert g.execute("pass Ben").ok
    assert g.state_json()["round"]["kind"] == "OR"
    for line in ("run BO 0", "train BO 2", "run NYNH 0", "train NYNH 2", "run PRR 0"):
        assert g.execute(line).ok, line
    assert g.execute("train PRR 2").ok
    assert g.execute("pass Ann").ok  # Ann holds the priority deal: left of Cal (4.0)
    data = g.state_json()
    assert (data["round"]["kind"], data["round"]["number"], data["turn"]) == ("SR", 2, "Ben")


def test_23_1_corporations_buy_privates_from_the_first_3_at_half_to_twice() -> None:
    g = game(FLOATED)
    refuse(g, "buyprivate BO SV 20", "corporations buy privates from the first 3-train on (23.1)")
    refuse(g, "buyprivate BO BOP 220", "the B&O private may not be sold to a corporation")


def test_21_0_the_d_trade_in() -> None:
    text = (SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8")
    g = game(text[: text.index("train NYC D trade 4")])
    refuse(g, "train NYC D trade 3", "a D takes a 4, 5 or 6 in part-exchange, not a 3 (21.0)")
    refuse(g, "train NYC D trade 6", "NYC has no 6-train to trade in (21.0)")
    refuse(g, "train NYC 5 trade 4", "no train is traded in toward a 5 (21.0)")
    assert g.execute("train NYC D trade 4").ok


def test_21_0_a_train_given_back_is_bought_from_the_bank_at_face_value() -> None:
    """`train C T from pool` (the contract's spelling) buys a train the bank took back; with
    none of that type there, it is refused; a forced purchase must take the cheapest."""
    text = (SCRIPTS / "1830-returned-trains.script").read_text(encoding="utf-8")
    g = game(text[: text.index("train BO 3 from pool")])
    refuse(g, "train BO 2 from pool", "the bank holds no 2 train given back (21.0)", "holds: 3")
    refuse(g, "train BO 4", "buys the cheapest train the bank sells, at $180 (24.0)")
    assert g.execute("train BO 3 from pool").ok
    refuse(g, "train BO 3 from pool", "the bank holds no 3 train given back", "holds: none")


def test_24_0_a_president_adds_toward_the_cheapest_train_only_and_sells_no_more_than_needed() -> (
    None
):
    text = (SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8")
    g = game(text[: text.index("sell Cy BO 3")])
    refuse(g, "train CO D", "buys the cheapest train the bank sells, at $630 (24.0)")
    refuse(g, "train CO 6", "Cy has $430 of the $520 needed")
    refuse(g, "sell Cy BO 4", "3 shares already raise the money needed; no further sales (24.0)")
    refuse(g, "bankrupt Cy", "Cy can still raise", "(24.0)")
    assert g.execute("sell Cy BO 3").ok


def test_24_0_the_presidents_money_toward_another_corporations_train_at_face_value() -> None:
    """24.0(2): adding his own cash, a president buys a train from another corporation (4:
    one he controls too) for no more than its face value; the corporation pays all it has
    first (1), his money goes to the seller."""
    text = (SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8")
    g = game(text[: text.index("sell Cy BO 3")])  # CO must buy a train: $110; Cy $430
    refuse(g, "train CO 5 from BO 451", "another corporation's 5 costs at most its face value")
    before = {c["id"]: c["cash"] for c in g.state_json()["companies"]}
    assert g.execute("train CO 5 from BO 450").ok
    data = g.state_json()
    cash = {c["id"]: c["cash"] for c in data["companies"]}
    assert cash["CO"] == 0 and cash["BO"] == before["BO"] + 450
    assert next(p["cash"] for p in data["players"] if p["name"] == "Cy") == 430 - 340


def test_20_2_a_bank_without_trains_forces_no_purchase() -> None:
    """Table 4 has 6 D-trains; once the bank sells no train at all, a corporation without one
    cannot buy one from the bank (the Avalon Hill clarification of 20.2, The General 23.6):
    its turn ends without a train, no president's money and no forced sale.  (The state is
    set by hand; a refusal restores the state it had, so it is set again after one.)"""
    g = game(FLOATED + "run BO 0\n")
    g.state.depot.clear()  # every train sold, none given back
    refused = g.execute("train BO 2")
    assert not refused.ok
    assert "does not sell a 2 train now (21.0); it sells: none" in refused.message
    g.state.depot.clear()
    assert g.ruleset._forced_purchase(g.state) is None  # type: ignore[attr-defined]
    assert g.execute("done BO").ok and g.state.operating == "NYC"


def test_21_0_a_train_traded_in_toward_the_first_d_rusts_in_the_bank() -> None:
    """21.0: the 4 NYC trades in toward the first D goes to the bank, and the D's phase
    rusts it there with the others (22.0): the line says it rusts, not a 1846 phase-out."""
    text = (SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8")
    g = game(text[: text.index("train NYC D trade 4")])
    outcome = g.execute("train NYC D trade 4")
    shown = [describe(e, "$", "1830") for e in outcome.events]
    assert "The bank's 4-train leaves the game: returned train rusts (phase D, 22.0)" in shown
    assert not g.state.returned


def test_25_0_the_bank_breaking_ends_the_game_at_the_end_of_the_set() -> None:
    for name in ("1830-bank-breaks.script", "1830-bank-breaks-in-sr.script"):
        g = game((SCRIPTS / name).read_text(encoding="utf-8"))
        data = g.state_json()
        assert data["ended"] and data["bank"]["broken"] and "(25.0)" in data["end_reason"]
        assert [p["players"] for p in data["ranking"]] in ([["Amy"], ["Bob"]], [["Bob"], ["Amy"]])


def test_25_0_a_bankrupt_player_scores_the_stock_he_may_not_sell() -> None:
    g = game((SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8"))
    data = g.state_json()
    assert data["ended"] and data["result"] == {"Amy": 160, "Bob": 539, "Cy": 102}
    assert [p["players"] for p in data["ranking"]] == [["Bob"], ["Cy"], ["Amy"]]
    items = g.ruleset.score_items(g.state, "Amy")  # type: ignore[attr-defined]
    cash = next(i for i in items if i.kind == "cash")
    assert not cash.counted and "(25.0)" in cash.note


# ------------------------------------------------------------------ rule numbers
def _cited(text: str) -> set[str]:
    import re

    number = re.compile(r"(?<![£§=\d.,M$])\d+\.\d+(?![\d£])")
    return {n for group in re.findall(r"\(([^()]*)\)", text) for n in number.findall(group)}


@pytest.mark.parametrize("name", sorted(p.name for p in SCRIPTS.glob("1830-*.script")))
def test_every_line_and_refusal_of_the_1830_scripts_cites_only_ah_rules(name: str) -> None:
    """The events of each 1830 script, and the refusals of the commands offered along the way
    (every fourth step), cite only sections of the Avalon Hill rules."""
    lines = [
        x
        for x in (SCRIPTS / name).read_text(encoding="utf-8").splitlines()
        if x.strip() and not x.startswith("#")
    ]
    g = game(lines[0] + "\n")
    for step, line in enumerate(lines[1:]):
        outcome = g.execute(line)
        assert outcome.ok, f"`{line}`: {outcome.message}"
        texts = [v for ev in outcome.events for v in ev.model_dump().values() if isinstance(v, str)]
        if step % 4 == 0 and not g.state.ended:
            texts += [why for cmd in g.ruleset.candidates(g.state) if (why := g.try_command(cmd))]
        for value in texts:
            assert _cited(value) <= AH_SECTIONS, f"{line!r}: {value!r}"


def test_every_reading_of_the_facts_section_12_is_written_in_code_and_in_the_docs() -> None:
    """Issue 31.5: each of the facts' §12 readings (D1-D18) is named beside its code and in
    docs/script.md's 1830 table of readings."""
    code = "\n".join(
        p.read_text(encoding="utf-8")
        for folder in ("rulesets", "moderator")
        for p in (REPO / folder).rglob("*.py")
    )
    docs = (REPO / "docs" / "script.md").read_text(encoding="utf-8").split("## 1830")[1]
    for n in range(1, 19):
        word = re.compile(rf"\bD{n}\b")
        assert word.search(code), f"D{n} is not named in the code"
        assert word.search(docs), f"D{n} is not in docs/script.md's 1830 readings"


def test_7_0_the_last_private_bought_at_face_deals_the_priority_left_of_its_buyer() -> None:
    """Issue 38.7: when buying stops, the player left of the last to buy gets the priority
    deal (7.0); it stayed with the first seat."""
    g = game(
        "game 1830 Amy Bob Cy\nbuy Amy SV\nbuy Bob CS\nbuy Cy DH\nbuy Amy MH\nbuy Bob CA\n"
        "pass Cy\nbuy Amy BOP\n"
    )
    assert g.state.priority == "Bob"
    notes = [getattr(ev, "text", "") for ev in g.journal[-1].events]
    assert any("the priority deal to Bob, left of Amy, the last to buy (7.0" in t for t in notes)
    g.execute("par Amy BO 100")
    g.execute("expect priority Bob")


def test_7_0_a_sale_ending_in_an_auction_deals_the_priority_left_of_its_winner() -> None:
    """The last private won in an auction (7.2): play resumes left of the last buyer at
    face (Amy, CA: Bob acts), the priority deal goes left of the last to buy (Bob: Cy)."""
    g = game(
        "game 1830 Amy Bob Cy\nbid Amy BOP 225\nbid Bob BOP 230\nbuy Cy SV\nbuy Amy CS\n"
        "buy Bob DH\nbuy Cy MH\nbuy Amy CA\npass Amy\n"
    )
    assert g.state.company("BOP").owner == "Bob"
    notes = [getattr(ev, "text", "") for ev in g.journal[-1].events]
    assert any("the priority deal to Cy, left of Bob, the last to buy (7.0" in t for t in notes)
    g.execute("expect priority Cy")
    g.execute("par Bob BO 100")
    g.execute("expect priority Cy")


def test_7_0_a_save_before_the_fix_keeps_its_priority_and_says_so() -> None:
    """A level-2 save (before the 7.0 fix, tests/core/data) replays as recorded: Amy keeps
    the priority; the notice names the entry and the fix."""
    game = Game.load(REPO / "tests/core/data/level2-1830-sale-priority-kept.json", read_only=True)
    assert game.rules_level == 2 and game.state.priority == "Amy"
    difference = game.rules_difference
    assert difference is not None and difference.number == 7
    (notice,) = game.notices()
    assert "journal entry 7 (`buy Amy BOP`" in notice
    assert "1830 7.0: when the last private is sold the priority deal goes to the player" in notice
