"""Check mode (moderator/checker.py): the right figures, ✓ and ✗, and nothing changed.

The 1846 rulebook's 6.75 examples (revenue $500: at $165 full $212, half $180, withhold
$150; at $124 full or half $150) are checked both in a game reached by play and with no
game (``moderator check 1846 ...``).  Sales go through the title's own ``sell`` on a
copy of the state: the price after the sale (1846 5.22), a presidency change (5.24), a
refused sale (5.23, 5.25).  1847 AE and 1853 are checked through the same code against
figures their scenario scripts already prove with ``expect`` lines.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from conftest import SCRIPTS, play

from moderator.checker import CheckAnswer, check, check_main, is_check
from moderator.errors import Refusal
from moderator.game import Game

BARE3 = "game 1846 Amy Bob Cat\nremove ERIE PRR MC OI SC TBC\n"


@pytest.fixture(autouse=True)
def _hundred_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """The calculator's lines fit the terminal: these tests read them at 100 columns."""
    monkeypatch.setenv("COLUMNS", "100")


HIGH = (SCRIPTS / "1846-nyc-at-165.script").read_text(encoding="utf-8")
"""5 players: NYC reaches $165 by play (100% held, withheld, $300 paid, a sale in SR2 and
5.52 at its end), operating in OR 3.1: the start of the 6.75 examples at $165."""

AT_124 = (
    BARE3
    + """\
par Amy NYC 137
pass Bob
pass Cat
pass Amy
run NYC 0
train NYC 2
done NYC
expect NYC price 124
"""
)
"""NYC launched at $137 runs nothing in OR 1.1 (one left) and starts OR 1.2 at $124."""

OR_2_1 = (
    BARE3
    + """\
par Amy NYC 100
par Bob GT 100
par Cat IC 100
pass Amy
pass Bob
pass Cat
run NYC 0
train NYC 2
train NYC 2
done NYC
run GT 0
train GT 2
train GT 2
done GT
run IC 0
train IC 2
done IC
run NYC 80
run GT 80
run IC 80
done IC
pass Amy
buy Bob NYC
buy Cat NYC
pass Amy
pass Bob
pass Cat
expect NYC price 90
"""
)
"""OR 2.1 starts with NYC at $90: Amy 20% (president), Bob 10%, Cat 10%, 60% in its
treasury."""

TWO_HOLDERS = (
    BARE3
    + """\
par Amy NYC 100
buy Bob NYC
pass Cat
buy Amy NYC
buy Bob NYC
pass Cat
pass Amy
pass Bob
run NYC 0
train NYC 2
done NYC
expect NYC price 90
expect Amy shares NYC 30
expect Bob shares NYC 20
"""
)
"""NYC has operated once (OR 1.1, $100 -> $90) and OR 1.2 has begun: Amy president with
30%, Bob 20%, Cat none."""

BEFORE_OPERATING = (
    BARE3
    + """\
par Amy NYC 100
buy Bob NYC
pass Cat
"""
)
"""SR1: NYC launched, Bob holds a share, NYC has not operated yet (5.23)."""


def upto(script: Path, line: str) -> str:
    """The script's text before the first line that is exactly ``line``."""
    lines = script.read_text(encoding="utf-8").splitlines()
    return "\n".join(lines[: lines.index(line)]) + "\n"


def snapshot(game: Game) -> tuple[str, int, int]:
    return json.dumps(game.state_json(), sort_keys=True), len(game.journal), len(game.redo_stack)


# ============================================================== the 6.75 examples, in a game
@pytest.mark.parametrize(("option", "after"), [("full", 212), ("half", 180), ("withhold", 150)])
def test_6_75_examples_at_165_in_a_game(option: str, after: int) -> None:
    g = play(HIGH)
    answer = check(g, f"check run NYC 500 {option} price {after}")
    assert answer.verdict is True
    assert f"price $165 → ${after}" in answer.text()
    assert f"✓ price ${after}" in answer.lines
    assert "6.75" in answer.rule
    assert answer.text().splitlines()[-1] == f"✓ right ({answer.rule})"


@pytest.mark.parametrize("option", ["full", "half"])
def test_6_75_example_at_124_in_a_game(option: str) -> None:
    g = play(AT_124)
    answer = check(g, f"check run NYC 500 {option} price 150")
    assert answer.verdict is True
    # not three columns: $124 is below $165 (6.75)
    wrong = check(g, f"check run NYC 500 {option} price 165")
    assert wrong.verdict is False
    assert any(line.startswith("✗ price $165: it is $150") for line in wrong.lines)


def test_6_75_wrong_claims_at_165_name_the_right_figures() -> None:
    g = play(HIGH)
    answer = check(g, "check run NYC 500 half paid 50 price 212")
    assert answer.verdict is False
    assert "✗ paid $50 a share: it is $25; half: $250 retained, $250 paid / 10 = $25 a share" in (
        answer.text()
    )
    assert "✗ price $212: it is $180; $250 paid on a price of $165: payout at least the price" in (
        answer.text()
    )
    assert answer.text().splitlines()[-1] == (
        "✗ wrong: paid $50 a share (it is $25); price $212 (it is $180)"
    )


# ============================================================== the 6.75 examples, no game
@pytest.mark.parametrize(
    ("price", "kind", "after"),
    [
        (165, "full", 212),
        (165, "half", 180),
        (165, "withhold", 150),
        (124, "full", 150),
        (124, "half", 150),
    ],
)
def test_6_75_examples_with_no_game(
    price: int, kind: str, after: int, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["1846", "run", "--price", str(price), "--revenue", "500", "--kind", kind]
    assert check_main([*argv, "--new-price", str(after)]) == 0
    out = capsys.readouterr().out
    assert f"price ${price} → ${after}" in out
    assert f"✓ price ${after}" in out
    assert out.rstrip().splitlines()[-1].startswith("✓ right")
    wrong = after + 1
    assert check_main([*argv, "--new-price", str(wrong)]) == 1
    out = capsys.readouterr().out
    assert f"✗ price ${wrong}: it is ${after}" in out
    assert out.rstrip().splitlines()[-1] == f"✗ wrong: price ${wrong} (it is ${after})"


def test_no_game_the_issues_example(capsys: pytest.CaptureFixture[str]) -> None:
    argv = "1846 --price 70 --revenue 370 --kind half --shares treasury=1,pool=4,Amy=3,Bob=2"
    assert check_main([*argv.split(), "--paid", "19", "--gets", "Amy=57,Bob=38,treasury=199"]) == 0
    out = capsys.readouterr().out
    # half: $180 retained, $190 paid, $19 a share; the treasury share $19 + $180 = $199;
    # the pool's $76 stays in the bank (6.73); $190 is at least double $70: 2 right
    assert "Amy 3 (president), Bob 2, Stock Market 4, treasury 1" in out
    assert "$76 stays in the bank (6.73)" in out
    assert "price $70 → $90" in out
    for line in ("✓ paid $19 a share", "✓ Amy gets $57", "✓ Bob gets $38", "✓ PRR gets $199"):
        assert line in out.splitlines()
    assert check_main([*argv.split(), "--paid", "18"]) == 1
    assert "✗ paid $18 a share: it is $19" in capsys.readouterr().out


def test_no_game_with_nothing_claimed_is_info_and_exit_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert check_main(["1846", "run", "--price", "100", "--revenue", "0"]) == 0
    out = capsys.readouterr().out
    assert "price $100 → $90" in out
    assert out.rstrip().splitlines()[-1].startswith("nothing claimed")


def test_no_game_sale_by_the_president(capsys: pytest.CaptureFixture[str]) -> None:
    # the president sells 2 of 4 shares and stays president: one column left (5.22)
    argv = "1846 sell --price 70 --count 2 --new-price 60 --gets 140".split()
    assert check_main(argv) == 0
    out = capsys.readouterr().out
    assert "price $70 → $60: sale by the president (5.22)" in out
    assert "✓ price $60 after the sale" in out
    # another player's sale does not move it
    argv = (
        "1846 sell --price 70 --count 2 --shares Amy=2,Bob=2 --seller Bob --new-price 60"
    ).split()
    assert check_main(argv) == 1
    out = capsys.readouterr().out
    assert "✗ price $60 after the sale: it is $70" in out
    assert "only a sale by the president moves it (5.22)" in out


@pytest.mark.parametrize("seller", ["president", "PRESIDENT", "bob"])
def test_no_game_seller_named_in_any_case(capsys: pytest.CaptureFixture[str], seller: str) -> None:
    """``--seller president`` is the default President, ``--seller bob`` the Bob of
    --shares (both said "a player is named twice in --shares")."""
    shares = "" if seller != "bob" else " --shares Amy=2,Bob=2"
    argv = f"1846 sell --price 70 --count 2{shares} --seller {seller}".split()
    assert check_main(argv) == 0
    out = capsys.readouterr().out
    who = "President" if seller != "bob" else "Bob"
    assert f"{who} selling 2 PRR shares: gets $140" in out, out


@pytest.mark.parametrize("title", ["1847AE", "1847Pfalz", "1847RRRRB"])
def test_no_game_a_sale_at_the_boards_bottom_says_once_that_the_price_stays(
    capsys: pytest.CaptureFixture[str], title: str
) -> None:
    """At M50 the board has no row down (8.2): the marker's line says it stays; the
    calculator's own "price stays" line said it a second time."""
    assert check_main(f"{title} sell --price 50 --count 1".split()) == 0
    out = capsys.readouterr().out
    assert "L's marker stays at M50: the board has no space down of it" in out
    assert "price stays" not in out, out


def test_no_game_counts_are_worded_in_the_singular_for_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 28.8: "holds 1 share", never "1 share(s)"."""
    argv = "1846 run --price 70 --revenue 370 --shares Amy=1,Bob=1 --president Amy".split()
    assert check_main(argv) == 2
    assert "--president Amy holds 1 share: the president holds at least two" in (
        capsys.readouterr().err
    )


def test_no_game_bad_input_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    cases = {
        "1899 run --price 70 --revenue 370": "unknown title",
        "1846 run --price 71 --revenue 370": "$71 is not on the market",
        "1846 run --price 70 --revenue -10": "may not be negative",
        "1846 run --price 70 --revenue 99999999": "absurd",
        "1846 run --price 70": "--revenue",
        "1846 run --price 70 --revenue 370 --shares Amy=8,Bob=4": "adds up to 12",
        "1846 run --price 70 --revenue 370 --shares treasury=1,Amy=3": "name them all",
        "1846 run --price 70 --revenue 370 --shares Amy=1,Bob=1": "president's certificate",
        "1846 run --price 70 --revenue 370 --company XYZ": "no company",
        "1846 run --price 70 --revenue 370 --row 2": "--row is for a 2-D market",
        "1846 run --price 70 --revenue 370 --gets Zed=5": "Zed",
        "1847AE run --price 90 --row 1 --revenue 10": "row 1 of the market has no M90; rows with",
    }
    for argv, fragment in cases.items():
        assert check_main(argv.split()) == 2, argv
        captured = capsys.readouterr()
        assert fragment in captured.err, (argv, captured.err)
        assert captured.out == ""


# ============================================================== claims in a game
def test_claims_right_and_wrong_each_get_a_line() -> None:
    g = play(OR_2_1)
    # half of $370: $180 retained, $190 paid, $19 a share; $190 >= 2 x $90: two right
    answer = check(g, "check run NYC 370 half paid 19 Amy 38 Bob 19 retained 180 price 112")
    assert answer.verdict is True
    assert answer.lines[-5:] == (
        "✓ paid $19 a share",
        "✓ Amy gets $38",
        "✓ Bob gets $19",
        "✓ retained $180",
        "✓ price $112",
    )
    # the issue's example: paid 19 price 90 -> the price is wrong, and what it should be
    answer = check(g, "check run NYC 370 half paid 19 price 90")
    assert answer.verdict is False
    assert "✓ paid $19 a share" in answer.lines
    assert any(x.startswith("✗ price $90: it is $112; ") and "(6.75)" in x for x in answer.lines)
    assert answer.wrong == ("price $90 (it is $112)",)
    # the treasury: 6 shares x $19 + $180 retained (6.71 NOTES)
    assert check(g, "check run NYC 370 half NYC 294").verdict is True
    assert check(g, "check run NYC 370 half Cat 20").wrong == ("Cat gets $20 (it is $19)",)


def test_without_a_payout_the_check_does_what_run_does() -> None:
    g = play(OR_2_1)
    answer = check(g, "check run NYC 370 paid 37")
    assert answer.verdict is True
    assert any("no payout named: full" in x for x in answer.lines)


def test_nothing_claimed_is_the_receipt_only() -> None:
    g = play(OR_2_1)
    answer = check(g, "check run NYC 370 half")
    assert answer.verdict is None
    assert answer.lines[0] == "NYC runs $370, half"
    assert answer.lines == tuple(g.receipt("NYC", 370, "half").text().splitlines())
    assert answer.text().splitlines()[-1].startswith("nothing claimed")
    assert isinstance(answer, CheckAnswer)


def test_a_run_the_rules_refuse_is_a_cross_with_the_rule() -> None:
    g = play(OR_2_1)
    answer = check(g, "check run NYC 375")
    assert answer.verdict is False and "6.64" in answer.rule
    g = play(BEFORE_OPERATING)
    answer = check(g, "check run NYC 100")
    assert answer.verdict is False
    assert "no train" in answer.text() and answer.rule == "6.61"
    unlaunched = check(g, "check run GT 0")  # not launched: no price, says the receipt
    assert unlaunched.verdict is False and unlaunched.rule == "6.61"
    assert "has no share price: it has not been launched" in unlaunched.text()


def test_independent_railroads_split() -> None:
    g = play(BARE3 + "private Amy MS\npass Amy\npass Bob\npass Cat\n")
    answer = check(g, "check run MS 60 Amy 30 MS 30 paid 0")
    assert answer.verdict is True and "6.72" in answer.rule
    assert check(g, "check run MS 60 half").verdict is False  # it must split (6.72)


# ============================================================== sales in a game
def test_sell_price_after_the_sale_1846() -> None:
    g = play(OR_2_1)
    # Bob is not NYC's president: his sale does not move the price (5.22)
    answer = check(g, "check sell Bob NYC 1 price 90 gets 90")
    assert answer.verdict is True
    assert "price stays $90: only a sale by the president moves it (5.22)" in answer.text()
    wrong = check(g, "check sell Bob NYC 1 price 80 gets 100")
    assert wrong.wrong == ("price $80 after the sale (it is $90)", "Bob gets $100 (it is $90)")
    assert "✗ Bob gets $100: it is $90 (1 × $90, 5.21)" in wrong.lines


def test_sell_by_the_president_passes_the_presidency() -> None:
    g = play(TWO_HOLDERS)
    # Amy 30% sells 2: Bob's 20% is more than her 10%, he takes the president's
    # certificate (5.24); her sale moves the price one column left (5.22)
    answer = check(g, "check sell Amy NYC 2 price 80 gets 180 president Bob")
    assert answer.verdict is True, answer.text()
    text = answer.text()
    assert "NYC presidency: Amy → Bob: sale by the president (5.24)" in text
    assert "price $90 → $80: sale by the president (5.22)" in text
    assert "Stock Market holds 20% of NYC; Amy keeps 10%" in text
    assert {"5.21", "5.22", "5.24"} <= set(answer.rule.split(", "))
    assert check(g, "check sell Amy NYC 2 president Amy").wrong == (
        "NYC president Amy (it is Bob)",
    )
    # one share: Amy keeps 20%, as much as Bob; she stays president (5.24)
    assert check(g, "check sell Amy NYC 1 price 80 president Amy").verdict is True


def test_a_refused_sale_is_a_cross_with_the_reason() -> None:
    g = play(BEFORE_OPERATING)
    answer = check(g, "check sell Bob NYC 1 gets 100")
    assert answer.verdict is False
    assert "only NYC's president may sell it before it has operated (5.23)" in answer.text()
    assert answer.rule == "5.23"
    assert "cannot sell 1 share (5.21)" in check(g, "check sell Cat NYC 1").text()  # none held
    g = play(OR_2_1)
    # Amy's 20% is the president's certificate and nobody else holds 20% (5.25)
    answer = check(g, "check sell Amy NYC 1 price 80")
    assert answer.verdict is False and answer.rule == "5.25"
    assert "president's certificate of NYC cannot go to the Stock Market" in answer.text()
    # a sale that passes the presidency first is allowed (5.25 NOTE): all 30% of Amy's
    g = play(TWO_HOLDERS)
    assert check(g, "check sell Amy NYC 3 president Bob gets 270").verdict is True


def test_sell_checks_the_sale_alone_not_the_end_of_the_round() -> None:
    # Cat can buy nothing after selling; the turn would end and the round with it, and
    # 5.52 would move NYC once more: the check reports the sale only
    g = play(TWO_HOLDERS)
    answer = check(g, "check sell Bob NYC 2 price 90")
    assert answer.verdict is True, answer.text()
    assert "5.52" in answer.text()  # named as what the end of the round will still do


FORCED = (
    BARE3
    + """\
par Amy NYC 100
pass Bob
pass Cat
buy Amy NYC
pass Bob
pass Cat
par Amy BO 40
pass Bob
pass Cat
pass Amy
run BO 0
train BO 2
done BO
run NYC 0
spend NYC 290
expect NYC cash 10
expect Amy cash 20
"""
)
"""OR 1.1: NYC has run, has $10 and no train; its president Amy has $20 (6.86)."""


def test_a_presidents_sale_toward_a_forced_purchase_follows_6_86() -> None:
    g = play(FORCED)
    # the game refuses `sell Amy NYC 1` now: NYC must issue shares first (6.86)
    answer = check(g, "check sell Amy NYC 1")
    assert answer.verdict is False and answer.rule == "6.86"
    assert "NYC must first issue shares (6.86)" in answer.text()
    g.execute("issue NYC 1")
    # $80 now pays for the 2: the president raises nothing (6.87)
    assert check(g, "check sell Amy NYC 1").rule == "6.87"


# ============================================================== refusals and nothing changed
@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("check", "check run CO REVENUE"),
        ("check fly NYC", "is not a check"),
        ("check run", "check run CO REVENUE"),
        ("check run NYC", "the revenue is missing"),
        ("check run XYZ 370", "no company 'XYZ'"),
        ("check run NYC -10", "may not be negative"),
        ("check run NYC 5000000", "absurd"),
        ("check run NYC ten", "whole number"),
        ("check run NYC 370 paid", "`paid` needs an amount"),
        ("check run NYC 370 paid 19 paid 20", "claimed twice"),
        ("check run NYC 370 half full", "given twice"),
        ("check run NYC 370 Zed 5", "'Zed' is not"),
        ("check run NYC 370 split", "does not split"),
        ("check run LSL 10", "private company"),
        ("check sell Zed NYC 1", "no player called 'Zed'"),
        ("check sell Bob NYC", "check sell PLAYER CO N"),
        ("check sell Bob NYC 0", "at least 1"),
        ("check sell Bob NYC 11", "absurd"),
        ("check sell Bob NYC 1 worth 5", "not a claim of a sale"),
    ],
)
def test_bad_input_is_refused_naming_the_form(line: str, fragment: str) -> None:
    g = play(OR_2_1 + "")
    before = snapshot(g)
    with pytest.raises(Refusal) as info:
        check(g, line)
    assert fragment in info.value.message
    assert snapshot(g) == before


def test_checks_change_nothing_journal_state_or_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    g = play(TWO_HOLDERS, path=save)
    before = snapshot(g)
    on_disk = save.read_bytes()
    lines = [
        "check run NYC 370 half paid 19 price 90",
        "check sell Amy NYC 2 price 80",
        "check sell Bob NYC 1",
        "check sell Cat NYC 1",
        "check run NYC 0",
        "check run NYC 375",
    ]
    for line in lines:
        check(g, line)
    assert snapshot(g) == before
    assert save.read_bytes() == on_disk
    assert "_auto_pass_if_stuck_after_sale" not in vars(g.ruleset)
    g.close()
    assert Game.load(save, read_only=True).state_json() == json.loads(before[0])


def test_is_check() -> None:
    assert is_check("check run NYC 370")
    assert is_check("  CHECK sell Bob NYC 2")
    assert is_check("Check")
    assert not is_check("checkpoint")
    assert not is_check("run NYC 370")
    assert not is_check("")


# ============================================================== 1847 AE and 1853
AE = SCRIPTS / "1847ae-dividends-market.script"
E1853 = SCRIPTS / "1853-operating.script"
E1830 = SCRIPTS / "1830-stock-market.script"


def test_1847ae_run_and_sale_in_a_game() -> None:
    g = play(upto(AE, "run Saar 100"))
    # B 20% gets 20, C 10% 10; investors and the initial offering pay nobody; 78 -> 84
    answer = check(g, "check run Saar 100 paid 10 B 20 C 10 Saar 0 price 84")
    assert answer.verdict is True, answer.text()
    assert "6.7.4" in answer.rule and "4.5.2" in answer.rule
    assert check(g, "check run Saar 100 withhold price 70").wrong == ("price M70 (it is M72)",)
    g = play(upto(AE, "sell C Saar 1"))
    # 104 (row 3 col 4): the sale pays 104 and moves one row down, to 96 (8.2)
    answer = check(g, "check sell C Saar 1 price 96 gets 104")
    assert answer.verdict is True, answer.text()
    assert "sold: one row down (8.2)" in answer.text()
    # Krauss & Co. is sold to the pool at its price and slides a row down (4.1)
    g = play(upto(AE, "sell A L 1"))
    answer = check(g, "check sell A LFK 1 gets 110 price 104")
    assert answer.verdict is True, answer.text()
    assert answer.lines[0] == "A selling LFK: gets M110" and answer.rule == "4.1"


def test_1847ae_with_no_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = (
        "1847AE run --company Saar --price 78 --row 4 --revenue 100 "
        "--shares B=2,C=1,investor=2 --paid 10 --new-price 84 --gets B=20,C=10"
    ).split()
    assert check_main(argv) == 0
    out = capsys.readouterr().out
    assert "Saar at M78\n" in out and "market: row 4, column 1 of the Market sheet" in out
    # a price on two rows without --row: the top one, said so
    assert check_main(["1847AE", "run", "--price", "90", "--revenue", "0"]) == 0
    out = capsys.readouterr().out
    assert "row 5, column 4 of the Market sheet (from 1 at the top left)" in out
    assert "(M90 stands on rows 5, 7: the top one is taken; --row to choose)" in out
    # no dividend at a row's first space... 90 (row 4 col 3) -> 86 (row 4 col 2)
    assert "M90 → M86" in out


def test_1853_run_and_sale_in_a_game() -> None:
    g = play(upto(E1853, "run EIR 280 full mail 40"))
    # 28 a share: Dee 3 -> 84, Ann 2 -> 56; mail 40 to EIR; 280 >= 3 x 90: 90 -> 126 (4.7.1)
    answer = check(g, "check run EIR 280 full mail 40 paid 28 Dee 84 Ann 56 EIR 40 price 126")
    assert answer.verdict is True, answer.text()
    assert "4.7.1" in answer.rule and "4.6.6" in answer.rule
    assert check(g, "check run EIR 280 half").verdict is False  # 1853 has no half (4.6.4)
    g = play(upto(E1853, "sell Ann EIR 1"))
    # the first stock round: a contracted share sold at par - 5 (2.8.3)
    answer = check(g, "check sell Ann EIR 1 gets 95")
    assert answer.verdict is True, answer.text()
    assert "2.8.3" in answer.rule


def test_1853_with_no_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = (
        "1853 sell --price 90 --count 1 --shares Ann=3,Ben=3 --seller Ann --gets 90 --new-price 90"
    ).split()
    assert check_main(argv) == 0
    out = capsys.readouterr().out
    assert "EIR directorship: Ann → Ben" in out  # Ben holds more (3.2.3); 1853 says director
    assert "price stays £90" in out
    argv = (
        "1853 run --price 90 --revenue 280 --mail 40 "
        "--shares Dee=3,Ann=2,pool=1 --new-price 126 --gets Dee=84,treasury=40"
    ).split()
    assert check_main(argv) == 0
    assert "✓ EIR gets £40" in capsys.readouterr().out


def test_1830_run_and_sale_in_a_game() -> None:
    """Issue 31.4: ``check`` knows 1830: pool shares pay the corporation, unsold ones
    nobody, no half pay (20.3); a sale at the price before it, a row down a share (8.2)."""
    g = play(upto(E1830, "run PRR 100"))
    answer = check(g, "check run PRR 100 paid 10 Bob 40 Cy 10 PRR 10 price 76")
    assert answer.verdict is True, answer.text()
    assert "20.3" in answer.rule
    assert check(g, "check run PRR 100 half").verdict is False  # no half pay (20.3)
    g = play(upto(E1830, "sell Bob PRR 2"))
    answer = check(g, "check sell Bob PRR 2 gets 164 price 71")
    assert answer.verdict is True, answer.text()
    assert "8.2" in answer.rule


def test_1830_with_no_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = (
        "1830 run --price 76 --row 4 --revenue 100 --shares ipo=3,pool=2,Amy=5 "
        "--paid 10 --new-price 82 --gets Amy=50,PRR=20"
    ).split()
    assert check_main(argv) == 0
    out = capsys.readouterr().out
    assert "$30 stays in the bank (20.3)" in out
    argv = "1830 sell --price 76 --row 4 --count 2 --shares Amy=5,Bob=3 --new-price 67".split()
    assert check_main(argv) == 0
    assert "2 sold: 2 rows down (8.2)" in capsys.readouterr().out
    # the state table's heads (1830: offering and pool) name the same holders as ipo/pool
    argv = (
        "1830 run --price 76 --row 4 --revenue 100 --shares offering=3,pool=2,Amy=5 "
        "--paid 10 --new-price 82 --gets Amy=50,PRR=20"
    ).split()
    assert check_main(argv) == 0
    assert "$30 stays in the bank (20.3)" in capsys.readouterr().out


# ============================================================== the user documentation
DOCS = Path(__file__).resolve().parents[2] / "docs" / "check.md"


def _blocks(lang: str) -> list[str]:
    text = DOCS.read_text(encoding="utf-8")
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def test_every_calculator_line_of_the_docs_exits_as_its_comment_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = [x for block in _blocks("sh") for x in block.splitlines() if x.startswith("moderator")]
    assert len(lines) >= 10
    for line in lines:
        command, _, comment = line.partition("#")
        argv = shlex.split(command)[2:]
        expected = 1 if "exit 1" in comment else 0
        assert check_main(argv) == expected, line
        capsys.readouterr()


def test_the_docs_calculator_outputs_are_what_it_prints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")  # the docs show a 100-column terminal
    shown = [b for b in _blocks("text") if b.startswith("$ moderator check")]
    assert len(shown) >= 4
    for block in shown:
        first, *output = block.rstrip("\n").splitlines()
        status = check_main(shlex.split(first)[3:])
        captured = capsys.readouterr()
        assert (captured.out + captured.err).rstrip("\n").splitlines() == output, first
        assert status == (2 if captured.err else 1 if "✗ wrong" in captured.out else 0)


def test_the_docs_in_game_examples_are_what_check_answers() -> None:
    g = play(OR_2_1)
    blocks = [b for b in _blocks("text") if b.startswith("check run NYC 370")]
    assert blocks
    for block in blocks:
        first, *output = block.rstrip("\n").splitlines()
        answer = check(g, first).text().splitlines()
        if output[0] == "...":  # the receipt left out: the claim lines and the summary
            assert answer[-len(output) + 1 :] == output[1:], first
        else:
            assert answer == output, first


# ----------------------------------------------------------------- issue 38.5: every title, named
def _a_price(title: str) -> int:
    """A price on the title's market: the middle space of a track, the middle of a
    2-D market's top row."""
    from moderator.market import GridMarket, LinearMarket

    market = Game.new(title, ["A", "B", "C", "D"]).state.market
    if isinstance(market, GridMarket):
        row = [v for v in market.rows[0] if v is not None]
        return row[len(row) // 2]
    assert isinstance(market, LinearMarket)
    return market.values[len(market.values) // 2]


@pytest.mark.parametrize("title", ["1846", "1847AE", "1847Pfalz", "1847RRRRB", "1853", "1830"])
def test_every_title_checks_with_no_game_in_100_columns(
    title: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run and a sale with no game, for every title (1847 Pfalz and RRRR&B with their
    box values as shipped), each line at most 100 columns, the claims answered ✓."""
    from rulesets import title_name

    price = str(_a_price(title))
    long = "Alexandra=3,Bartholomew=2,Christopher=1,Dorothea=1,pool=1"
    for argv in (
        [title, "run", "--price", price, "--revenue", "100", "--shares", long],
        [title, "sell", "--price", price, "--count", "1", "--shares", long],
        [title_name(title), "sell", "--price", price, "--count", "2"],
    ):
        assert check_main(argv) == 0, argv
        out = capsys.readouterr().out.splitlines()
        assert out[0].startswith(f"{title_name(title)} calculator (no game): "), out[0]
        assert out[-1].startswith("nothing claimed"), out
        assert max(len(line) for line in out) <= 100, [x for x in out if len(x) > 100]
    # a claim is answered: the sale's proceeds, 2 shares at the price
    assert (
        check_main([title, "sell", "--price", price, "--count", "2", "--gets", str(2 * int(price))])
        == 0
    )
    assert capsys.readouterr().out.splitlines()[-1].startswith("✓ right (")


@pytest.mark.parametrize(
    "words",
    [["1847 AE"], ["1847", "AE"], ["1847 ae"], ["1847 Pfalz"], ["1847", "pfalz"], ["1847 RRRR&B"]],
)
def test_titles_by_name(words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``check "1847 AE" ...`` (and unquoted, any case) is the title by its name."""
    assert check_main([*words, "sell", "--price", "90", "--count", "2"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.lower().startswith(" ".join(words).lower() + " calculator (no game): l at m90")


def test_an_unknown_title_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_main(["1848", "sell", "--price", "90", "--count", "2"]) == 2
    assert "unknown title '1848'" in capsys.readouterr().err


def test_pfalz_with_no_game_the_box_values_said(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 38: 1847 Pfalz with no game was always "✗ wrong" (its box values missing).
    As shipped: 51 values PROVISIONAL (PLP; price, count, limit, ors and rust of the 8
    trains, 40; close of the 4 quarries; stations of the 6 charters), SPR, SPR.income and
    rows (3 players seated) not given, and the sale right: 2 x M90 = M180, M90 -> M88
    one row down (8.2)."""
    argv = ["1847Pfalz", "sell", "--price", "90", "--count", "2", "--new-price", "88"]
    assert check_main([*argv, "--gets", "180"]) == 0
    out = capsys.readouterr().out
    shipped = 1 + 5 * 8 + 4 + 6
    assert len(Game.new("1847Pfalz", ["A", "B", "C"]).state_json()["provisional"]) == shipped
    assert f"  box values PROVISIONAL, as shipped: {shipped} (" in out
    assert "  box values not given: SPR, SPR.income, rows (a run or a sale uses none)" in out
    assert out.rstrip().endswith("✓ right (8.2)")
    # given: the table's SPR and its rows (a list value keeps its commas); 4 players, no rows
    box = "SPR=170,SPR.income=10,rows=PLP,SPR/R,K,H,W"
    assert check_main([*argv, "--box", box]) == 0
    out = capsys.readouterr().out
    assert f"as shipped: {shipped} (" in out and "not given" not in out
    assert check_main([*argv, "--box", "price.6=x"]) == 2
    assert "--box price.6=x: price.6 is a whole number, not 'x' (11.1)" in capsys.readouterr().err
    assert check_main(["1846", "sell", "--price", "70", "--count", "1", "--box", "SPR=1"]) == 2
    assert "1846 has no box values" in capsys.readouterr().err


def test_the_market_space_is_numbered_as_on_the_market_sheet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One numbering, the Market sheet's: the cell ``check`` names is the one the
    exported workbook's Market sheet gives the company (``export._market_rows``)."""
    from moderator import export
    from moderator.checker import _parser, scratch_game

    for argv, row, col in (
        (["1847AE", "run", "--price", "90", "--revenue", "0"], 5, 4),
        (["1847AE", "run", "--price", "90", "--row", "7", "--revenue", "0"], 7, None),
        (["1830", "run", "--price", "76", "--row", "4", "--revenue", "0"], 4, None),
        (["1846", "run", "--price", "70", "--revenue", "0"], 1, 8),
    ):
        game, header = scratch_game(_parser().parse_args(argv))
        sheet = export._market_rows(game.state_json())
        cid = str(game.state_json()["companies"][0]["id"])
        mine = next(r for r in sheet if r[0] == cid)
        assert mine[4] == row and (col is None or mine[5] == col), (argv, mine)
        where = (
            f"space {mine[5]} of the Market sheet"
            if argv[0] == "1846"
            else f"row {mine[4]}, column {mine[5]} of the Market sheet"
        )
        assert f"  market: {where}" in "\n".join(header), header


def test_1817_a_payout_the_shares_do_not_divide_is_said_exactly() -> None:
    """1817 facts §8: GT (5 shares) pays $133: $26.60 a share, each holder's amount rounded
    up.  The answer said "$133 paid / 10 = $26 a share, rounded down" before: neither the
    corporation's shares nor the rounding were 1817's."""
    text = (SCRIPTS / "1817-dividend-zones.script").read_text(encoding="utf-8")
    head = text[: text.index("\nrun GT 133\n") + 1]
    game = play(head)
    answer = check(game, "check run GT 133 paid 27")  # wrong: the why is said
    said = "\n".join(answer.lines)
    assert "/ 10" not in said and "rounded down" not in said, said
    assert "✗ paid $27 a share: it is $26.60 (full: $133 on 5 shares: $26.60 a share" in said


def test_the_help_names_every_title(capsys: pytest.CaptureFixture[str]) -> None:
    """`moderator check --help` lists every title the calculator takes (1817 was left out)."""
    from rulesets import RULESETS

    check_main(["--help"])
    shown = " ".join(capsys.readouterr().out.split()).upper()
    for title in RULESETS:
        assert title.upper() in shown, title


def test_no_game_1817_in_the_acquisition_zone(capsys: pytest.CaptureFixture[str]) -> None:
    """1817 facts §7, §8: a corporation on a $0 acquisition cell still runs and pays, its
    price counting as $40 for the move; the calculator used to refuse a price of 0 (no such
    share price elsewhere).  By hand: $80 paid out on 10 shares at the rightmost
    acquisition cell (column 3): at least twice $40, right 2: column 5, $45; withheld,
    left 1 to column 2, another $0 space."""
    argv = "1817 run --price 0 --revenue 80 --shares Amy=2 --new-price 45".split()
    assert check_main(argv) == 0
    out = capsys.readouterr().out
    assert "an acquisition cell" in out
    assert "price $0 → $45: $80 paid out, at least twice $40: right 2 (facts §8, R 6.6)" in out
    assert check_main("1817 run --price 0 --revenue 0 --shares Amy=2".split()) == 0
    out = capsys.readouterr().out
    assert "marker moves left to another $0 space: nothing paid out: left 1" in out
    assert check_main("1846 run --price 0 --revenue 0".split()) == 2  # bad input elsewhere
    assert "no share price" in capsys.readouterr().err


def test_no_game_1817_sale_says_why_the_price_stays(capsys: pytest.CaptureFixture[str]) -> None:
    """1817 facts §4 (RDL 2.7), by hand: Bob sells his 2 AS shares at $100: $200, and a
    sale does not move the price when made; the stock round's end will move it left 1 per
    market share.  The check said "price stays $100" with no reason and cited no rule."""
    argv = "1817 sell --price 100 --count 2 --shares Amy=4,Bob=2 --seller Bob --gets 200"
    assert check_main([*argv.split(), "--new-price", "100"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "  price stays $100: a sale does not move it when made (facts §4, RDL 2.7)" in out
    assert out[-1] == "✓ right (facts §4, RDL 2.7)"
    assert any(line.startswith("  later: at the end of the stock round the price") for line in out)
