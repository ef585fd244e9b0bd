"""The narration: a line for everything the bank does by itself (issue 6, point 12)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SCRIPTS, SHORT_RECORDED

from moderator import cli
from moderator import commands as c
from moderator.events import (
    CashMoved,
    CertificateMoved,
    CompanyClosed,
    DividendPaid,
    Noted,
    Passed,
    PhaseChanged,
    PresidentChanged,
    PriceMoved,
    PriorityChanged,
    PrivateMoved,
    RoundStarted,
    TrainMoved,
    TurnStarted,
)
from moderator.game import Game
from moderator.narrate import describe, narrate, narrate_around, split
from moderator.script import parse_script
from moderator.ui.saves import demo_script


def narrated(text: str) -> list[tuple[str, list[str]]]:
    """Play a script; each accepted line with its narration."""
    game: Game | None = None
    out: list[tuple[str, list[str]]] = []
    for line in parse_script(text):
        if game is None:
            game = Game.from_command(line.command)
            continue
        outcome = game.execute(line.command)
        assert outcome.ok, f"line {line.number}: {outcome.message}"
        if isinstance(line.command, c.Expect):
            continue
        out.append((line.text.strip(), narrate(line.command, outcome.events)))
    return out


def all_lines(text: str) -> list[str]:
    return [n for _, lines in narrated(text) for n in lines]


# ----------------------------------------------------------------- each kind of event
def test_every_event_kind_has_a_line_except_turns() -> None:
    cases = [
        (
            CashMoved(source="bank", target="Amy", amount=15, reason="MPC income (6.1 A)"),
            "The bank pays Amy $15: MPC income (6.1 A)",
        ),
        (
            PriceMoved(company="NYC", before=70, after=60, reason="sold out? no (5.52)"),
            "NYC price down $70 → $60: sold out? no (5.52)",
        ),
        (PriceMoved(company="NYC", before=60, after=70, reason="x"), "NYC price up $60 → $70: x"),
        (
            PriceMoved(company="NYC", before=None, after=70, reason="par"),
            "NYC price marker placed at $70: par",
        ),
        (
            TrainMoved(train="2", source="GT", target="scrap", reason="rusts (phase IV)"),
            "GT's 2-train leaves the game: rusts (phase IV)",
        ),
        (
            TrainMoved(train="3/5", source="bank", target="IC", price=160, reason="bought"),
            "IC gets a 3/5-train from the bank for $160: bought",
        ),
        (
            PrivateMoved(company="MS", source="Amy", target=None, reason="phase III (9)"),
            "MS closes: phase III (9)",
        ),
        (
            CompanyClosed(company="BO", reason="price fell to $0 (5.26)"),
            "BO closes: price fell to $0 (5.26)",
        ),
        (
            PhaseChanged(before="II", after="III", reason="first 5 bought (6.82)"),
            "Phase II → III: first 5 bought (6.82)",
        ),
        (RoundStarted(round_kind="OR", number=2, or_number=1), "— Operating round 2.1 begins —"),
        (RoundStarted(round_kind="SR", number=3), "— Stock round 3 begins —"),
        (
            Passed(player="Cat", auto=True, reason="no legal sale or purchase"),
            "Cat passes (automatic): no legal sale or purchase",
        ),
        (PriorityChanged(player="Bob"), "Priority deal goes to Bob"),
        (
            PresidentChanged(company="PRR", before="Amy", after="Bob", reason="holds more (5.37)"),
            "PRR presidency: Amy → Bob, certificates exchanged: holds more (5.37)",
        ),
        (Noted(text="Bob is bankrupt (6.89)"), "Bob is bankrupt (6.89)"),
    ]
    for event, line in cases:
        assert describe(event) == line
    assert describe(TurnStarted(who="Amy")) is None
    assert describe(CashMoved(source="x", target="y", amount=5, reason="r"), "£") == (
        "x pays y £5: r"
    )


def test_a_phased_out_train_stays_with_its_company_in_words() -> None:
    """Issue 27.7: "PRR gets a 2-train from PRR: phased out" did not say what happened."""
    ev = TrainMoved(
        train="2",
        source="PRR",
        target="PRR",
        reason="phased out (phase III, 6.82): it runs once more and leaves after that run (6.69)",
    )
    assert describe(ev, "$") == (
        "PRR keeps its 2-train, phased out (phase III, 6.82): it runs once more and "
        "leaves after that run (6.69)"
    )


def test_a_reason_that_already_says_who_pays_is_not_repeated() -> None:
    event = CashMoved(
        source="Bob", target="bank", amount=591, reason="Bob pays $591 toward GT's 6-train (6.86)"
    )
    assert describe(event) == "Bob pays $591 toward GT's 6-train (6.86) — to the bank"


# ----------------------------------------------------------------- what is left out
def test_the_commands_own_effect_is_not_narrated() -> None:
    buy = c.Buy(player="Amy", corp="NYC", source="ipo")
    own = [
        CashMoved(source="Amy", target="NYC", amount=90, reason="buys (5.33)"),
        CertificateMoved(company="NYC", source="NYC", target="Amy", percent=10, reason="bought"),
        TurnStarted(who="Bob"),
    ]
    assert narrate(buy, own) == []
    # ... but what it set off is: a presidency (its certificate swap folded into one line)
    swap = [
        CertificateMoved(
            company="NYC",
            source="Amy",
            target="Cat",
            percent=10,
            reason="exchanged for the president's certificate (5.37)",
        ),
        CertificateMoved(
            company="NYC",
            source="Cat",
            target="Amy",
            percent=20,
            president=True,
            reason="presidency (5.37)",
        ),
        PresidentChanged(company="NYC", before="Cat", after="Amy", reason="holds more (5.37)"),
    ]
    assert narrate(buy, own + swap) == [
        "NYC presidency: Cat → Amy, certificates exchanged: holds more (5.37)"
    ]


def test_a_closing_corporation_is_one_line_not_one_per_certificate() -> None:
    events = [
        CertificateMoved(
            company="GT",
            source="Amy",
            target="scrap",
            percent=20,
            president=True,
            reason="closed (8.1)",
        ),
        CertificateMoved(
            company="GT", source="pool", target="scrap", percent=10, reason="closed (8.1)"
        ),
        CompanyClosed(company="GT", reason="price fell to $0 (5.26)"),
    ]
    assert narrate(c.Done(company="GT"), events) == ["GT closes: price fell to $0 (5.26)"]


def test_a_run_leaves_its_dividend_to_the_receipt() -> None:
    run = c.Run(company="NYC", revenue=100, option="full")
    events = [
        CashMoved(source="bank", target="Amy", amount=60, reason="NYC dividend $10 a share"),
        DividendPaid(
            company="NYC", revenue=100, option="full", per_share=10, retained=0, payouts={"Amy": 60}
        ),
        PriceMoved(company="NYC", before=70, after=80, reason="6.75"),
    ]
    assert narrate(run, events) == []


def test_after_a_new_round_begins_everything_is_narrated() -> None:
    """The last pass of a stock round can pay private income to the player who passed."""
    last_pass = c.Pass(player="Amy")
    events = [
        Passed(player="Amy"),
        PriceMoved(company="NYC", before=70, after=80, reason="sold out (5.52)"),
        RoundStarted(round_kind="OR", number=1, or_number=1),
        CashMoved(source="bank", target="Amy", amount=20, reason="MS income (6.1 A)"),
        TurnStarted(who="NYC"),
    ]
    assert narrate(last_pass, events) == [
        "NYC price up $70 → $80: sold out (5.52)",
        "— Operating round 1.1 begins —",
        "The bank pays Amy $20: MS income (6.1 A)",
    ]


def test_a_par_that_opens_the_first_stock_round_is_still_its_own_effect() -> None:
    lines = dict(narrated("game 1846 Amy Bob Cat\nremove ERIE PRR MC OI SC TBC\npar Amy NYC 100\n"))
    assert lines["par Amy NYC 100"] == ["— Stock round 1 begins —"]


def test_the_round_a_command_opens_is_not_listed_as_following_it() -> None:
    """Issue 27.7: the par dialog said "then, by itself: — Stock round 1 begins —" while
    the screen already showed stock round 1.  The log keeps the line (it marks the round);
    a dialog's list of what follows does not."""
    game = Game.new("1846", ["Amy", "Bob", "Cat"])
    assert game.execute("remove ERIE PRR MC OI SC TBC").ok
    found = game.forecast(c.Par(player="Amy", corp="NYC", price=100))
    assert not isinstance(found, str)
    assert found.lines() == ["— Stock round 1 begins —"]
    assert found.after_lines() == []


# ----------------------------------------------------------------- a real game
def test_the_recorded_game_narrates_what_the_bank_did_by_itself() -> None:
    text = SHORT_RECORDED.read_text(encoding="utf-8")
    lines = all_lines(text)
    # private income: who, how much, for which private (6.1 A)
    assert any("pays Player1 $" in x and "CWI income" in x for x in lines)
    assert any(x.startswith("Phase I → II") for x in lines)
    # the forced purchase: what the president pays toward GT's train (6.86)
    forced = [x for x in lines if "6.86" in x and "Player1" in x and "$90" in x]
    assert forced, [x for x in lines if "6.86" in x]
    # the price drop of an emergency issue (6.86)
    assert any(x.startswith("GT price down") and "6.86" in x for x in lines)


def test_the_demo_game_narrates_automatic_passes_and_end_of_round_moves() -> None:
    lines = all_lines(demo_script())
    assert "Carlos passes (automatic): no legal sale or purchase (5.11)" in lines
    assert "ERIE price down $70 → $60: shares in the Stock Market (5.52)" in lines
    assert "Priority deal goes to Carlos" in lines  # no title given: no rule (see lines_read16)


# ----------------------------------------------------------------- own effect and follow-ups
AE_END_OF_SR1 = """game 1847AE Amy Bob Carlos
buy Carlos R
buy Bob H
buy Amy W
buy Amy MNR
buy Bob K
pass Carlos
buy Amy VIW
buy Bob SPR
buy Carlos LFK
buy Amy PLP
buy Carlos SCR
"""
"""1847 AE, 3 players: the starting package sold (3.3); the next L share bought from the
IPO ends the first stock round, and the privates pay their income (6.1) at once."""


def _game(text: str) -> Game:
    game: Game | None = None
    for line in parse_script(text):
        if game is None:
            game = Game.from_command(line.command)
            continue
        assert game.execute(line.command).ok, line.text
    assert game is not None
    return game


def test_split_keeps_every_event_once_in_order() -> None:
    for _, events, cmd in _demo_outcomes():
        effects = split(cmd, events)
        assert sorted(map(id, effects.own + effects.follows)) == sorted(map(id, events))
        assert [e for e in events if e in effects.own] == list(effects.own)
        assert effects.lines() == narrate(cmd, events)


def _demo_outcomes() -> list[tuple[str, tuple, c.Command]]:
    game: Game | None = None
    out = []
    for line in parse_script(demo_script()):
        if game is None:
            game = Game.from_command(line.command)
            continue
        outcome = game.execute(line.command)
        assert outcome.ok
        if not isinstance(line.command, c.Expect):
            out.append((line.text, outcome.events, line.command))
    return out


def test_the_purchase_that_ends_the_1847ae_first_stock_round_costs_its_price() -> None:
    """Issue 18.4: the dialog showed "Carlos buys L from the IPO pays M41": the M45 of
    private income (R M30, SCR M15) paid to Carlos as the round ended was netted in."""
    game = _game(AE_END_OF_SR1)
    buy = c.Buy(player="Carlos", corp="L", source="ipo")
    forecast = game.forecast(buy)
    assert not isinstance(forecast, str)
    assert forecast.paid("Carlos") == 86  # a 10% L share at its par, M86 (its charter)
    lines = forecast.lines("M", "1847AE")
    assert "— Operating round 1.1 begins —" in lines
    assert "The bank pays Carlos M30: R income (6.1)" in lines
    assert "The bank pays Carlos M15: SCR income (6.1)" in lines
    before = game.state.ledger.player("Carlos").cash
    outcome = game.execute(buy)
    assert outcome.ok
    assert game.state.ledger.player("Carlos").cash == before - 86 + 45
    assert [(ev.source, ev.target, ev.amount) for ev in forecast.own_cash()] == [
        (ev.source, ev.target, ev.amount)
        for ev in outcome.events
        if isinstance(ev, CashMoved) and ev.source == "Carlos"
    ]


def test_a_forecast_is_the_commit_split_the_same_way() -> None:
    game = _game(AE_END_OF_SR1)
    for cmd in game.legal_commands():
        forecast = game.forecast(cmd)
        assert not isinstance(forecast, str)
        trial = _game(AE_END_OF_SR1)
        outcome = trial.execute(cmd)
        assert outcome.ok
        assert split(cmd, outcome.events) == forecast
    assert isinstance(game.forecast(c.Buy(player="Amy", corp="ZZZ")), str)  # refused: why


def test_narrate_around_is_narrate_in_two_parts() -> None:
    for _, events, cmd in _demo_outcomes():
        before, after = narrate_around(cmd, events)
        assert before + after == narrate(cmd, events)


RULEBOOK = Path(__file__).resolve().parents[1] / "scripts" / "1846-rulebook-example.script"


def test_a_run_that_opens_the_next_round_prints_the_round_before_its_receipt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``run MS 70`` typed with IC's turn, the last of OR 1.1, still open (no ``done IC``,
    no ``spend MS 60``):
    the round's heading and its private income came after MS's receipt, as if paid after
    the run; they are printed before it now, in the order the bank acted."""
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    lines = [x for x in lines if not x.startswith("expect ")]
    cut = lines.index("done IC")
    spend = lines.index("spend MS 60", cut)  # the next line that acts: dropped too
    assert all(x.startswith("#") for x in lines[cut + 1 : spend])
    lines = lines[:cut] + lines[cut + 1 : spend] + lines[spend + 1 :]
    script = tmp_path / "implicit.script"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli.main(["play", str(script)]) == 0
    out = capsys.readouterr().out.splitlines()
    heading = out.index("  — Operating round 1.2 begins —")
    income = next(
        i for i, x in enumerate(out) if i > heading and "The bank pays Bob $10: CWI income" in x
    )
    ms_runs = next(i for i, x in enumerate(out) if x.startswith("MS runs $70"))
    assert heading < income < ms_runs


def test_the_titles_word_for_a_corporations_leader() -> None:
    """1853 (2.9) and the 1847 titles (5) call him director; the others president."""
    from moderator.narrate import title_word

    for title in ("1853", "1847AE", "1847Pfalz", "1847RRRRB"):
        assert title_word(title, "president") == "director"
        assert title_word(title, "presidency") == "directorship"
    for title in ("1846", "1830", "1889", "18Chesapeake", "1817", None):
        assert title_word(title, "president") == "president"


def test_a_directors_certificate_is_named_so_in_1847() -> None:
    from moderator.events import CertificateMoved
    from moderator.narrate import describe

    ev = CertificateMoved(
        company="L", source="bank", target="Amy", percent=20, president=True, reason="bought (3.3)"
    )
    assert (
        describe(ev, "M", "1847AE")
        == "L director's certificate (20%): the bank → Amy: bought (3.3)"
    )
    assert describe(ev, "$", "1846").startswith("L president's certificate (20%)")


def test_the_column_heads_over_unsold_and_bank_shares_are_each_titles_words() -> None:
    """The state table and the corporations panel head the shares of the corporation and
    of the bank with the head noun of the title's own words (1830's initial offering and
    bank pool, 1846's treasury and Stock Market 6.73, 1853's Initial Offer and Bank Pool,
    1817's treasury and market), never the script's ``ipo``/``pool``."""
    from moderator.narrate import share_heads

    assert share_heads("1830") == ("offering", "pool")
    assert share_heads("1846") == ("treasury", "market")
    for title in ("1847AE", "1847Pfalz", "1847RRRRB"):
        assert share_heads(title) == ("offering", "pool")
    assert share_heads("1853") == ("offer", "pool")
    assert share_heads("1817") == ("treasury", "market")
    assert share_heads("1889") == ("IPO", "pool")
    assert share_heads("18Chesapeake") == ("IPO", "market")


def test_a_train_given_up_goes_to_the_titles_bank_pool() -> None:
    """1847 AE 6.8, 1853 4.8.6, 1817 9.1: a train over the limit lies in the bank pool,
    and is bought from there; the line said "the pool", the script's word."""
    over = TrainMoved(train="3", source="L", target="pool", reason="over the train limit (6.8)")
    line = describe(over, "M", "1847AE")
    assert line == "L's 3-train goes to the bank pool: over the train limit (6.8)"
    back = TrainMoved(train="3", source="pool", target="GIP", price=180, reason="bought (4.8.6)")
    assert (
        describe(back, "£", "1853")
        == "GIP gets a 3-train from the bank pool for £180: bought (4.8.6)"
    )


def test_a_private_sold_to_the_pool_goes_to_the_titles_bank_pool() -> None:
    """1847 AE 4.1: Krauss & Co. is sold to the Bank Pool; the line said "to pool"."""
    ev = PrivateMoved(company="LFK", source="Amy", target="pool", reason="sold (4.1)")
    assert describe(ev, "M", "1847AE") == "LFK goes from Amy to the bank pool: sold (4.1)"


def test_a_private_result_narrates_an_independents_debt_and_treasury() -> None:
    """1846 3.1, 3.23, worked from the rulebook's example: Amy gets the Michigan Southern
    at its list price, $60 -- her line's own payment -- and pays its $80 debt with it; the
    bank gives MS its $60 list price as its treasury.  The debt and the treasury are more
    than `private Amy MS` says: lines to mirror.  A private without debt narrates
    nothing."""
    said = dict(
        narrated(
            "game 1846 Amy Bob Carlos\nremove ERIE PRR MC OI SC TBC\nprivate Amy MS\n"
            "private Bob CWI\n"
        )
    )
    assert said["private Amy MS"] == [
        "Amy pays the bank $80: MS's debt, paid with its price (3.1)",
        "The bank pays MS $60: its initial treasury, its list price (3.23)",
    ]
    assert said["private Bob CWI"] == []


def test_the_banks_own_payments_around_a_par_or_an_issue_are_narrated() -> None:
    """1846 5.35: IC launched at $100 receives a $100 land grant from the bank, which the
    `par` line does not say (its own is Cat's $200 for the president's certificate).  8.1,
    6.86, from ``1846-issue-to-zero-closes``: NYC issues 3 shares, the price falls 30 -> 20
    -> 10 -> 0 and it closes: its $60 treasury goes to the bank, beyond the issue's own
    proceeds."""
    text = (SCRIPTS / "1846-table-fixes.script").read_text(encoding="utf-8")
    said = dict(narrated(text.split("# Cat's purchase")[0] + "par Cat IC 100\n"))
    assert said["par Cat IC 100"][0] == "The bank pays IC $100: land grant bonus (5.35)"
    assert not any("Cat pays" in line for line in said["par Cat IC 100"])
    text = (SCRIPTS / "1846-issue-to-zero-closes.script").read_text(encoding="utf-8")
    said = dict(narrated(text.split("issue NYC 3\n")[0] + "issue NYC 3\n"))
    assert "NYC pays the bank $60: its treasury, as it closes (8.1)" in (said["issue NYC 3"])
    assert not any("The bank pays NYC" in line for line in said["issue NYC 3"])


def test_an_independents_train_comes_with_it_as_a_line_to_mirror() -> None:
    """1846 6.92, from ``1846-four-players-ms-for-nothing``: GT buys Big 4 from Amy for $40
    (its own line: GT pays Amy, the private moves); Big 4's $60 treasury and its 2-train
    go to GT by themselves: both are lines to mirror (the train used to be counted as the
    purchase's own, unseen)."""
    text = (SCRIPTS / "1846-four-players-ms-for-nothing.script").read_text(encoding="utf-8")
    said = dict(narrated(text.split("buyprivate GT BIG4 40\n")[0] + "buyprivate GT BIG4 40\n"))
    assert said["buyprivate GT BIG4 40"] == [
        "BIG4 pays GT $60: its treasury, with the purchase (6.92)",
        "GT gets a 2-train from BIG4: its train, with the purchase (6.92)",
    ]
