"""Corrections of a past amount (issue 39, stop 17), checked by hand in 1830, 1889,
18Chesapeake and 1853: a bid of the opening sale, a run's revenue, a mail run corrected;
what the correction shows before the keep is what the keep commits, the kept save replays
to the edited script's game (:func:`tests.core.test_amend16._kept_is_what_was_shown`), and
a correction that makes a later line illegal names that line and its rule and writes
nothing.  Each position is a shipped test script; the figures worked out from the rules are
in the comments, computed before the tests were run."""

from __future__ import annotations

from pathlib import Path

from moderator.amend import amend
from moderator.game import Game
from moderator.narrate import narrate
from tests.core.test_amend16 import _amended, _number, _saved


def _refused(tmp_path: Path, name: str, old: str, new: str) -> str:
    """Script ``name`` saved and its line ``old`` amended to ``new``: the correction
    stops; nothing is written and the game is as it was.  Returns what it said."""
    game, path = _saved(tmp_path, name)
    before, state = path.read_bytes(), game.state_json()
    done = amend(game, _number(game, old), new)
    assert done.stop is not None
    said = done.stop.text_said()
    assert path.read_bytes() == before
    assert game.state_json() == state
    assert Game.load(path, read_only=True).state_json() == state
    return said


def test_1830_7_2_an_auction_s_last_bid_corrected(tmp_path: Path) -> None:
    """1830 7.2 (1830-opening-sale): Dee wins CS's auction at her last bid, $65; corrected
    to $70 she pays $5 more: Dee $473 → $468, the bank $10,549 → $10,554.  Her later
    purchase (a B&O 10% at $82) still fits; nothing else moves."""
    shown = _amended(tmp_path, "1830-opening-sale", "bid Dee CS 65", "bid Dee CS 70")
    assert shown == ["the bank: cash $10,549 → $10,554 (+$5)", "Dee: cash $473 → $468 (-$5)"]


def test_1830_17_0_a_withheld_run_corrected(tmp_path: Path) -> None:
    """1830 17.0 (1830-run-income, OR 2.1): NYNH withheld $300 with $920 held: $1,220,
    two 2s ($160) and $920 spent after them, paid from what it held before the run: $140.
    Corrected to $200: $40; the bank keeps $100 more ($10,825 → $10,925).  A withhold moves
    the marker one space left whatever the amount: no price change."""
    shown = _amended(tmp_path, "1830-run-income", "run NYNH 300 withhold", "run NYNH 200 withhold")
    assert shown == [
        "the bank: cash $10,825 → $10,925 (+$100)",
        "NYNH: treasury $140 → $40 (-$100)",
    ]


def test_1830_17_0_a_run_corrected_down_stops_at_the_cost_it_cannot_pay(tmp_path: Path) -> None:
    """1830 17.0 (1830-run-income): B&O withheld $60 in OR 2.1, its only cash for OR 3.1,
    where it spends $60 before its run.  Corrected to $50, B&O holds $50 then: the $60
    spend (the game's 38th command) no longer applies, named with its rule; nothing is
    written."""
    said = _refused(tmp_path, "1830-run-income", "run BO 60 withhold", "run BO 50 withhold")
    assert said == "line 38 (`spend BO 60`) no longer applies: BO has $50, cannot spend $60 (17.0)"


def test_1889_facts_5_an_auction_bid_corrected(tmp_path: Path) -> None:
    """1889 facts §5 (1889-six-players): Bob wins UTF's auction at ¥165; corrected to ¥170,
    he pays ¥5 more: after SIR (¥80), AR and SR at ¥65 he has ¥10, not ¥15, and passes
    either way; SIR's ¥20 and UTF's ¥30 in OR 1.1 and again in OR 2.1: ¥110, not ¥115.
    The bank (¥3,875 at the script's end) ¥5 more, nothing else."""
    shown = _amended(tmp_path, "1889-six-players", "bid Bob UTF 165", "bid Bob UTF 170")
    assert shown == ["the bank: cash ¥3,875 → ¥3,880 (+¥5)", "Bob: cash ¥115 → ¥110 (-¥5)"]


def test_1889_facts_5_a_bid_corrected_up_stops_at_the_share_it_leaves_unaffordable(
    tmp_path: Path,
) -> None:
    """1889 facts §5, §6 (1889-six-players): UTF at ¥185, Bob has 390 - 80 - 185 = ¥125;
    AR's share at ¥65 leaves ¥60: at his next turn no share costs less than ¥65, so the
    tool passes him and his SR share is refused as out of turn, saying why he was passed
    (the refusal said only whose turn it was)."""
    said = _refused(tmp_path, "1889-six-players", "bid Bob UTF 165", "bid Bob UTF 185")
    assert said == (
        "line 22 (`buy Bob SR`) no longer applies: it is Cy's turn in the stock round, not "
        "Bob's: the tool passed Bob, with no legal sale or purchase (facts §6)"
    )


def test_18chesapeake_9_1_a_bid_corrected(tmp_path: Path) -> None:
    """18Chesapeake §9.1 (18chesapeake-auction): CV to Bob at his $210 bid; corrected to
    $215 (a multiple of 5), he pays $5 more: $400 - $20 (DR) - $215 - $95 (a PRR share)
    = $70, + $35 of income (DR 5, CV 30) = $105 at the end, not $110; the bank $5,740 →
    $5,745."""
    shown = _amended(tmp_path, "18chesapeake-auction", "bid Bob CV 210", "bid Bob CV 215")
    assert shown == ["the bank: cash $5,740 → $5,745 (+$5)", "Bob: cash $110 → $105 (-$5)"]


def test_18chesapeake_9_1_a_bid_corrected_up_stops_at_the_purchase_after_it(
    tmp_path: Path,
) -> None:
    """18Chesapeake §9.1, §9.5: Amy's BOR bid of $300 corrected to $310 leaves her $90 of
    $400: at her turn no PRR share ($95) is within it, the tool passes her, and her
    purchase is refused as out of turn, saying why."""
    said = _refused(tmp_path, "18chesapeake-auction", "bid Amy BOR 300", "bid Amy BOR 310")
    assert said == (
        "line 16 (`buy Amy PRR`) no longer applies: it is Bob's turn in the stock round, not "
        "Amy's: the tool passed Amy, with no legal sale or purchase (§9.3)"
    )


def test_1853_4_6_6_4_8_8_a_mail_corrected_changes_the_director_s_gift(tmp_path: Path) -> None:
    """1853 4.6.6, 4.8.8 (1853-operating, OR 2.1): GIP's mail £10 corrected to £30: GIP
    holds £130, not £110, for its sixth 2 (£300), and Ben, its director, makes up £170,
    not £190: Ben ends at £72, not £52; GIP spends all either way; the bank pays £20 more
    mail and takes the same £300: £13,119 → £13,099."""
    game, _ = _saved(tmp_path, "1853-operating")
    given = amend(game, _number(game, "run GIP 45 full mail 10"), "run GIP 45 full mail 30")
    said = [line for g in given.given for line in narrate(g.outcome.command, g.outcome.events, "£")]
    assert "Ben pays GIP £170: its director makes up the rest of the 2's price (4.8.8)" in said
    game.close()
    shown = _amended(
        tmp_path, "1853-operating", "run GIP 45 full mail 10", "run GIP 45 full mail 30"
    )
    assert shown == ["the bank: cash £13,119 → £13,099 (-£20)", "Ben: cash £52 → £72 (+£20)"]


def test_1853_4_8_9_a_train_price_between_companies_corrected(tmp_path: Path) -> None:
    """1853 4.8.9, 4.8.8 (1853-operating, OR 2.1): EIR bought GIP's 2 for £100; corrected to
    £120: EIR has £120, not £140; GIP £120, +£10 mail after its run = £130 for its sixth 2
    (£300), so Ben makes up £170, not £190 (Ben £52 → £72 at the end).  OR 2.2: EIR
    withholds £200 + £20 mail: £340, not £360.  The bank takes £300 for the 2 either way:
    no change there."""
    shown = _amended(
        tmp_path, "1853-operating", "train EIR 2 from GIP 100", "train EIR 2 from GIP 120"
    )
    assert shown == ["Ben: cash £52 → £72 (+£20)", "EIR: treasury £360 → £340 (-£20)"]


def test_1830_a_train_price_between_corporations_corrected(tmp_path: Path) -> None:
    """1830 (recorded game 26855, its last operating round): CPR bought B&O's 5 for $760;
    corrected to $700, CPR keeps $60 and B&O has $60 less.  What follows (NYC's run, ERIE's
    run of nothing, Three's bankruptcy, which ends the game) moves neither treasury: only
    the two change, and no player's value (a treasury is not a player's)."""
    shown = _amended(
        tmp_path, "1830-recorded-26855", "train CPR 5 from BO 760", "train CPR 5 from BO 700"
    )
    # the differences by hand; the treasuries' levels ($60 and $1,200) as the game has them
    assert shown == ["CPR: treasury $60 → $120 (+$60)", "BO: treasury $1,200 → $1,140 (-$60)"]
