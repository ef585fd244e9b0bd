"""What players read in 1830, 1889, 18Chesapeake and 1853 (issue of stop 16, the second
half): every line the bank says by itself names its rule and says its move once.  Each
position is worked out by hand from the rules (the comments: 1830's Avalon Hill numbers,
the facts sections of 1889 and 18Chesapeake, the 1853 rulebook) before it was played;
figures and lines compared.  Only small scripts are played, in the tests themselves."""

from __future__ import annotations

from pathlib import Path

from moderator.game import Game
from tests.rulesets.test_lines_read16 import _narrated

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def _script(name: str) -> str:
    return (SCRIPTS / name).read_text(encoding="utf-8")


def _at(name: str, typed: str) -> list[str]:
    """The lines said with the first typed line of script ``name`` that starts so."""
    return next(said for line, said in _narrated(_script(name))[1] if line.startswith(typed))


def _every(name: str) -> list[str]:
    return [n for _, said in _narrated(_script(name))[1] for n in said]


# ------------------------------------------------------------------ 1830
def test_1830_7_2_an_auction_winner_s_payment_cites_the_sale_s_rule() -> None:
    """1830 7.2: CS has bids of Amy $45, Cy $50 and Dee $55; in its auction Amy raises to
    $60, Cy drops out, Dee raises to $65, Amy drops out: Dee pays $65.  DH's one bid (Bob
    $75) and CA's (Amy $165) are sold at them.  Each payment is the bank acting by itself
    (the line typed was a pass or another purchase): it said "Dee pays $65 for CS" with no
    rule, while the private's own line cited 7.2."""
    said = _every("1830-opening-sale.script")
    assert "Dee pays $65 for CS (7.2) — to the bank" in said
    assert "Bob pays $75 for DH (7.2) — to the bank" in said
    assert "Amy pays $165 for CA (7.2) — to the bank" in said
    paid = [line for line in said if " pays $" in line and line.endswith("to the bank")]
    assert paid and not [line for line in paid if "(7." not in line]


def test_1830_table_1_note_5_the_b_o_certificate_is_said_once() -> None:
    """1830 Table 1 note 5, 8.1: BOP's buyer (Bob, at $220 on offer) gets B&O's president's
    certificate free and announces its par, $67 to $100, at no cost.  "Bob is president of
    BO: free with the B&O private (Table 1 note 5)" came just before the line that says he
    receives it: one move said twice.  The one line now cites both rules."""
    said = _at("1830-opening-sale.script", "buy Bob BOP")
    assert (
        "Bob receives B&O's president's certificate free with the B&O private (Table 1 note 5) "
        "and now announces its par: `par Bob BO PRICE`, $67 to $100, at no cost (8.1)"
    ) in said
    assert not [line for line in said if line.startswith("Bob is president of BO")]


def test_1830_23_2_22_0_21_0_the_first_5_the_d_trade_in_and_the_rust() -> None:
    """1830-trains-phases: at ERIE's first 5 (OR 5.1) the privates still open are SV (B&O's,
    bought in OR 4.1), CS and CA (Bob's), D&H (PRR's), M&H (NYC's); BOP closed at B&O's
    first train (23.2).  Five closing lines, no money.  At NYC's first D (OR 6.1) its 4 is
    traded in, $300 off the $1,100 (21.0): NYC pays $800 (175 + 20 + 300 + 300 - 450 +
    500 - 800 = 45 left); phase D rusts every 4 (22.0): B&O's, PRR's, CPR's and the one
    NYC just gave the bank, four lines (four 4s in the game, Table 4)."""
    lines = _narrated(_script("1830-trains-phases.script"))[1]
    five = next(said for typed, said in lines if typed == "train ERIE 5")
    closed = [line for line in five if " closes: " in line]
    assert closed == [
        f"{p} closes: the first 5-train closes every private (23.2)"
        for p in ("SV", "CS", "DH", "MH", "CA")
    ]
    assert five[0].startswith("Phase 4 → 5: ERIE bought the first 5-train: train limit 2;")
    d = next(said for typed, said in lines if typed.startswith("train NYC D trade 4"))
    assert d[0] == "NYC's 4-train goes to the bank: traded in toward a D, $300 off (21.0)"
    rusted = sorted(line.split("'")[0] for line in d if "rusts (phase D, 22.0)" in line)
    assert rusted == ["BO", "CPR", "PRR", "The bank"]
    assert "The bank's 4-train leaves the game: returned train rusts (phase D, 22.0)" in d


def test_1830_25_0_the_bank_broken_line_says_what_follows() -> None:
    """1830 25.0, two players: the bank holds $12,000 - 2 x $1,200 = $9,600; the six
    privates bring $620 (10,220); SR 1 NYC $600 (Amy's par $100: $200 + 4 x $100) and B&O
    $400 (Bob's four 10%s, his 20% free with BOP): 11,220; OR 1.1 income $105 and both
    capitals $2,000: 9,115; four 2s for B&O, two 2s and a 3 for NYC, $660: 9,775; OR 2.1
    income $75: 9,700; B&O pays Bob's 60% of $11,000, $6,600: 3,100; NYC pays Amy's 60%
    of $6,000, $3,600: -$500.  The line said only "The bank has broken (it holds -$500).";
    it says when the game ends, as 25.0 does (the set under way, OR 2.2, is played)."""
    said = _every("1830-bank-breaks-first-of-two.script")
    assert (
        "The bank has broken (it holds -$500): the game ends when the set of operating rounds "
        "under way (broken in a stock round: the next set) is complete (25.0)."
    ) in said
    assert (
        "The game ends: the bank broke in round set 2 (25.0); the game ended after that "
        "set's operating rounds."
    ) in said


def test_1830_8_2_a_sold_out_corporation_s_move_cites_its_rule_last() -> None:
    """1830 8.2: at the end of a stock round a corporation whose certificates are all in
    players' hands moves up a row (B&O at $65, up to $67 in the 1830-stock-market script).
    The line read "all certificates held by players (8.2): one row up".  In the top row it
    stays."""
    said = _every("1830-stock-market.script")
    assert "BO price up $65 → $67: all certificates held by players: one row up (8.2)" in said
    # In the top row it stays (facts §4): the line said it stayed and went "one row up"
    # (1830-recorded-game-end-bank: B&O at $112, the top row's, sold out)
    said = _every("1830-recorded-game-end-bank.script")
    assert (
        "BO's marker stays at $112: the board has no space up of it; all certificates held by "
        "players (8.2)"
    ) in said
    assert not [line for line in said if "stays" in line and "one row up" in line]


# ------------------------------------------------------------------ 1889
def test_1889_facts_5_and_2_the_auction_and_the_first_5() -> None:
    """1889 facts §5: UTF's bids Bob ¥155, Eve ¥160; Bob raises to ¥165, Eve drops out:
    Bob pays ¥165, a line with the sale's rule.  Facts §2, §8 (1889-trains-phases): the
    first 5 closes every private but UTF held by a player, whose income becomes ¥50; the
    phase line said "its income is now 50" with no currency."""
    said = _every("1889-six-players.script")
    assert "Bob pays ¥165 for UTF (facts §5) — to the bank" in said
    said = _every("1889-trains-phases.script")
    assert [line for line in said if line.startswith("Phase 4 → 5")] == [
        "Phase 4 → 5: IR bought the first 5-train: train limit 2; brown tiles; every private "
        "closes but UTF held by a player: its income is now ¥50 (facts §2, §8); 3 operating "
        "rounds a set from the next stock round (facts §8)"
    ]
    closed = [line.split()[0] for line in said if line.endswith("closes the privates (facts §2)")]
    assert closed == ["TER", "MF", "ER", "SMR", "DR", "SIR"]
    assert "UTF stays open with its player: its income is now ¥50 (facts §2)" in said
    assert "The bank pays Cy ¥50: UTF income (facts §7)" in said


# ------------------------------------------------------------------ 18Chesapeake
def test_18chesapeake_cv_won_in_its_auction_is_said_once() -> None:
    """18Chesapeake §9.1, §7.1: CV's bids Bob $205, Cy $210; Bob drops out and Cy pays $210
    (his $800 - COC $80 - $210 = $510).  With CV comes C&O's president's certificate: the
    certificate's own line ("CO president's certificate (20%): CO IPO → Cy: free with CV
    (§7.1)") came before the line saying Cy receives it and announces its par, free."""
    said = _at("18chesapeake-sale-export.script", "pass Bob")
    assert said[said.index("Cy pays $210 for CV (§9.1) — to the bank") + 1] == (
        "CV goes from the bank to Cy: the last bidder in its auction, for $210 (§9.1)"
    )
    assert (
        "Cy receives C&O's president's certificate free with CV (§7.1) and now announces its "
        "par: `par Cy CO PRICE`, $70, $80 or $95, at no cost (§9.5)"
    ) in said
    assert not [line for line in said if line.startswith("CO president's certificate")]


def test_18chesapeake_a_bor_share_won_in_its_auction_is_said_once() -> None:
    """18Chesapeake §3, §9.1 (recorded game 1905): BOR's bids Two $115, One $120; One
    drops out at Two's $150; the B&O 10% comes with it: one line, "Two receives ..."."""
    said = _every("18chesapeake-recorded-1905.script")
    at = said.index("Two pays $150 for BOR (§9.1) — to the bank")
    assert said[at + 1 : at + 3] == [
        "BOR goes from the bank to Two: the last bidder in its auction, for $150 (§9.1)",
        "Two receives a B&O 10% share free with BOR (§3)",
    ]


def test_18chesapeake_10_9_the_export_at_the_end_of_each_set() -> None:
    """18Chesapeake §10.9 (facts §7, §8), 18chesapeake-export-phase-four: set 1 sells six of
    the seven 2s (PRR 1, B&O 3, C&O 2): the seventh is exported; set 2 sells four 3s (PRR
    3, C&O 1): the fifth is exported; set 3 sells the sixth: the next train, the first 4,
    is exported and starts phase 4: the 2s rust, B&O's four (three bought and PRR's for
    $1) and C&O's two.  No money moves; CV closes at C&O's first train (facts §2)."""
    said = _every("18chesapeake-export-phase-four.script")
    exported = [line for line in said if "exported at the end of the set" in line]
    assert exported == [
        f"The bank's {t}-train leaves the game: exported at the end of the set of operating "
        "rounds (§10.9)"
        for t in ("2", "3", "4")
    ]
    phase = said.index(exported[2]) + 1
    assert said[phase].startswith("Phase 3 → 4: the first 4-train was exported (§10.9): ")
    rusted = [line.split("'")[0] for line in said if "rusts (phase 4, §10.7)" in line]
    assert rusted == ["BO"] * 4 + ["CO"] * 2
    assert "CV closes: CO bought its first train (facts §2)" in said


def test_18chesapeake_11_the_bank_broken_in_a_stock_round() -> None:
    """18Chesapeake §11: the bank brought down to $60, Bob sells a C&O at $75: -$15.  The
    round goes on and the next set (OR 2.1) is played; the line says so."""
    said = _every("18chesapeake-bank-breaks-in-sr.script")
    assert (
        "The bank has broken (it holds -$15): the game ends when the set of operating rounds "
        "under way (broken in a stock round: the next set) is complete (§11)."
    ) in said


# ------------------------------------------------------------------ 1853
def test_1853_a_company_without_a_train_runs_nothing_said_once() -> None:
    """1853 4.5.1, 4.7.1 (1853-operating, OR 1.1): EIR and GIP have no train in their first
    turn; each runs nothing and pays nothing.  EIR has an EIR share in the bank pool: one
    space left, £100 → £90; GIP none: no move.  "EIR runs £0, withhold", with no rule,
    came after "EIR has no train and runs nothing (4.5.1)."."""
    said = _every("1853-operating.script")
    assert not [line for line in said if "runs £0, withhold" in line]
    at = said.index("EIR has no train and runs nothing (4.5.1).")
    assert said[at + 1] == (
        "EIR price down £100 → £90: no dividend with shares in the bank pool: one space "
        "left (4.7.1)"
    )
    assert "GIP has no train and runs nothing (4.5.1)." in said


def test_1853_section_3_a_turn_of_sales_alone_is_a_pass_that_says_so() -> None:
    """1853 Section 3: the round "will stop once every player has consecutively declined
    the opportunity to buy (not sell) a share".  Gus sells his two GIP at £90 (£180: the
    bank -£30, 5.1.1) and can do nothing more: his turn ends, a decline; Eve and Fay had
    declined before him, so the round ends.  The pass said "Gus passes" alone."""
    said = _at("1853-bank-breaks-in-sr.script", "sell Gus GIP 2")
    assert said[1:3] == [
        "Gus can neither buy nor sell more: the turn ends (3.1)",
        "Gus passes: sold and bought nothing: a decline to buy (Section 3)",
    ]


def test_1853_4_8_10_a_credit_train_returned_by_itself_names_its_refund() -> None:
    """1853 4.8.10, 3.4.3, 3.4.6 (1853-credit-train-choice to SR 3): NWR paid £160 and then
    £60 toward its £300 credit 2: £80 owed.  Bo, with £100 taken from him for the test
    (£142), buys the pool share at £71 and becomes director with £71: less than the £80
    owed, with NWR at £0, so he has no choice: the train goes back to the bank pool and
    NWR gets back the £220 it paid (rules silent on the refund: the sale undone).  The
    refund's line had no rule."""
    text = _script("1853-credit-train-choice.script")
    head, _, _ = text.partition("buy Bo NWR pool")
    game = _narrated(head)[0]
    game.state.ledger.transfer("Bo", "bank", 100, "set by hand for the test")
    outcome = game.execute("buy Bo NWR pool")
    assert outcome.ok, outcome.message
    from moderator.narrate import narrate

    said = narrate(outcome.command, outcome.events, "£", "1853")
    assert "NWR's 2-train goes to the bank pool: credit train returned: Bo cannot pay £80 " in (
        "\n".join(said)
    )
    assert (
        "The bank pays NWR £220: what it paid toward its credit train, refunded as the train "
        "goes back (4.8.10; rules silent on the refund: the sale undone)"
    ) in said
    assert game.state.company("NWR").cash == 220
    assert game.state.ledger.player("Bo").cash == 71


def test_1853_the_floor_the_cap_and_the_box_lines() -> None:
    """1853 4.7.3: at £10 a share cannot fall (ECR, no dividend with a share in the pool);
    a dividend of ten times the price moves five spaces at most, £10 → £76 on the typed
    track (4.7.1); at £400 the game stops (EIR, £100 → £400 two spaces up the short track).
    The track's and the par's confirmations cite the Section 1 the values come from."""
    said = _every("1853-market-floor.script")
    assert said[0] == (
        "Stock market track set: 24 spaces, £10 to £400 (1 The Stock Market; 4.7.3, 5.1.1)."
    )
    assert (
        "ECR price stays at £10: no dividend with shares in the bank pool: one space left "
        "(4.7.1); at £10 it can not be reduced further (4.7.3)"
    ) in said
    said = _every("1853-price-400.script")
    assert "GIP's par set to £100 (1 The Shares)." in said
    ended = "The game ends: EIR's share value reached £400, the end of the market (4.7.3, 5.1.3)."
    assert ended in said


def test_the_folds_keep_the_events() -> None:
    """The lines said once are wording: the events stay as recorded (a save written now
    opens in a released moderator).  The president's certificate, the presidency and the
    priority deal of the sale's end are all still in the journal."""
    game: Game = _narrated(_script("18chesapeake-sale-export.script"))[0]
    entry = next(e for e in game.journal if e.line.startswith("pass Bob"))
    kinds = [ev.kind for ev in entry.events]
    assert kinds.count("certificate") == 1 and "president" in kinds and "priority" in kinds


def test_1853_3_4_3_4_8_10_the_credit_train_s_figures_are_said() -> None:
    """1853 3.4.3, 3.4.6 (1853-credit-train-choice, OR 1.1): NWR, formed with 10 x £82 =
    £820, pays £60 of terrain and two 2s at £300: £160 left.  Its manager buys a third 2 on
    credit: the treasury pays its £160 at once and owes £140.  The line typed ("train NWR 2
    credit") names no figure, and its payment is its own: the first line now says the price
    and what the treasury pays.  4.8.10 (SR 3): with £80 owed, Bo, director, returns the
    train: NWR gets back the £220 (£160 + £60) it paid, a figure the typed line does not name
    (the rules are silent on the refund: the sale undone); in the managers script he pays
    the £80 instead."""
    said = _at("1853-credit-train-choice.script", "train NWR 2 credit")
    assert said == [
        "NWR buys a 2 on credit for £300: its treasury pays what it holds, £160, the rest is "
        "owed (3.4.3, 3.4.6).",
        "NWR owes the bank £140 for its 2 (3.4.3).",
    ]
    assert _at("1853-credit-train-choice.script", "credit NWR return") == [
        "NWR's 2 goes back to the bank pool; the £220 it paid toward it is refunded (4.8.10; "
        "rules silent on the refund: the sale undone)."
    ]
    assert _at("1853-managers.script", "credit NWR pay") == [
        "NWR's 2 is paid for: Bo bought it, paying the £80 still owed (4.8.10)."
    ]


def test_1830_23_2_and_1889_facts_2_a_private_that_closes_by_itself() -> None:
    """1830 23.2, Table 1 note 5: BOP closes when B&O buys its first train (OR 1.1 of
    1830-trains-phases, its 2 at $80); no money moves.  1889 facts §2 (1889-dougo-exchange,
    OR 1.1): Amy exchanges DR for an IR 10% from the IPO, no money; it is IR's fifth 10%
    (Amy's 40% + this), so IR floats at 50% (facts §3) and receives 10 x ¥70 = ¥700 at the
    next operating round's start."""
    lines = _narrated(_script("1830-trains-phases.script"))[1]
    assert next(said for typed, said in lines if typed.startswith("train BO 2")) == [
        "BOP closes: BO bought its first train (23.2)"
    ]
    said = _every("1889-dougo-exchange.script")
    at = said.index("DR closes: exchanged for 10% of IR (facts §2)")
    assert said[at + 1] == "IR share (10%): IR IPO → Amy: for DR (facts §2)"
    assert said[at + 2].startswith("IR has floated: 50% sold (facts §3); it receives ¥700")
    assert "The bank pays IR ¥700: its capital, 10 times its par of ¥70 (facts §3)" in said


def test_1853_3_2_1_an_appointed_director_swaps_two_shares_for_the_certificate() -> None:
    """1853 3.2.1, 2.9.1, 3.4.1: the Director's certificate stands for two shares and its
    holder swaps two ordinary ones for it.  1853-bank-breaks-in-sr: at the end of stock
    round 1 Eve (EIR) and Fay (GIP) are appointed; the lines did not say to swap.
    1853-credit-train-choice, SR 3: Bo buys the pool's NWR share at £71, holds two and
    replaces the manager Ann: "Bo is director of NWR" came just before the note saying so
    (said twice); the note now says the swap."""
    said = _every("1853-bank-breaks-in-sr.script")
    assert (
        "Eve is director of EIR: appointed: floated in the first stock round (2.9.1); Eve "
        "exchanges two ordinary shares for the Director's certificate (3.2.1)"
    ) in said
    said = _at("1853-credit-train-choice.script", "buy Bo NWR pool")
    assert said[0] == (
        "Bo holds 2 NWR shares and becomes its director, two ordinary shares exchanged for "
        "the Director's certificate (3.2.1); the manager Ann is replaced (3.4.1)."
    )
    assert not [line for line in said if line.startswith("Bo is director")]


def test_1853_4_6_5_4_6_6_the_mail_and_the_dividend_on_the_receipt() -> None:
    """1853 4.6.5, 4.6.6, 4.7.1 (1853-operating, OR 2.1): EIR pays £280, £28 a share: Dee's
    3 shares £84, Ann's 2 £56; the bank pool's share (£28) and the 4 unsold (£112) stay in
    the bank; the mail, £40, goes to EIR whatever the dividend; £280 is three times the
    £90 price or more (not four: £360): three spaces, £90 → £100 → £112 → £126.  Then
    GIP's £45: £4 a share rounded down; Dee's 3 un-redeemed shares' £12 stay in the bank
    (2.7.3); £45 is under twice £90: one space, £90 → £100."""
    text = _script("1853-operating.script")
    head, _, _ = text.partition("run EIR 280 full mail 40")
    game = _narrated(head)[0]
    receipt = game.execute("run EIR 280 full mail 40").receipt
    assert receipt is not None
    lines = [line.strip() for line in receipt.text().splitlines()]
    assert lines[:2] == ["EIR runs £280, full", "£28 a share"]
    assert "Dee             3 sh £84" in lines and "Ann             2 sh £56" in lines
    assert "bank pool       1 sh  £0  £28 stays in the bank (4.6.5)" in lines
    assert "initial offer   4 sh  £0  £112 stays in the bank (4.6.5)" in lines
    assert "EIR                  £40  mail run, to the company always (4.6.6)" in lines
    assert lines[-1] == (
        "price £90 → £126: dividend £280 is 3x the price or more: 3 spaces right (4.7.1)"
    )
    for line in ("train EIR 2 from GIP 100", "extra", "done EIR"):
        assert game.execute(line).ok
    receipt = game.execute("run GIP 45 full mail 10").receipt
    assert receipt is not None
    lines = [line.strip() for line in receipt.text().splitlines()]
    assert "Dee                   £0  3 un-redeemed: £12 stays in the bank (2.7.3)" in lines
    assert "GIP                  £10  mail run, to the company always (4.6.6)" in lines
    assert lines[-1].startswith("price £90 → £100: dividend £45 is under twice the price")


def test_1853_2_5_3_the_bonds_seat_the_players() -> None:
    """1853 2.5.3, 2.5.4 (1853-bank-breaks-in-sr): bonds of Eve £130, Fay £100 and Gus £90
    are set aside (each his own line, typed); after the last, the largest (Eve's) takes the
    Elephant and claims first: two lines of the bank's, each with its rule.  The seating's
    line said again "Eve takes the Elephant", as the Elephant's line before it had."""
    assert _at("1853-bank-breaks-in-sr.script", "bond Gus 90") == [
        "The Elephant (priority deal) goes to Eve: the largest Bond takes the Elephant (2.5.3)",
        "Seating by bond (2.5.3): Eve £130, Fay £100, Gus £90; Eve, with the Elephant, "
        "claims first (2.5.4).",
    ]


def test_1853_4_8_8_the_director_s_gift_names_each_once() -> None:
    """1853 4.8.8 (1853-operating): GIP, formed with £900, pays a £20 fee (4.1.3) and two
    2-trains (£600): £280 left; the third 2 costs £300 and Ben, its director, gives the
    missing £20; in OR 2.1 GIP has £110 for the sixth 2 and Ben gives £190.  The line said
    "Ben pays GIP £20: Ben gives GIP the rest of the 2's price (4.8.8)"."""
    said = _every("1853-operating.script")
    assert "Ben pays GIP £20: its director makes up the rest of the 2's price (4.8.8)" in said
    assert "Ben pays GIP £190: its director makes up the rest of the 2's price (4.8.8)" in said
