"""The score, the "spreadsheet it" projection and the history (moderator.scoring).

The projection's reference is the 1846 rulebook's own table (10.1 tip): IC, GT and Erie
paying their last two operating rounds, with three players' shares and cash.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import play

from moderator import scoring
from moderator.errors import Refusal
from moderator.game import Game
from moderator.ledger import BANK, Train

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def script(name: str) -> Game:
    return play((SCRIPTS / name).read_text(encoding="utf-8"))


def set_cash(game: Game, name: str, cash: int) -> None:
    """A fixture's cash, moved to or from the bank (the total stays what it was)."""
    have = game.state.ledger.player(name).cash
    if cash > have:
        game.state.ledger.transfer(BANK, name, cash - have, "fixture")
    elif cash < have:
        game.state.ledger.transfer(name, BANK, have - cash, "fixture")


# ----------------------------------------------------------------- the rulebook's table
def rulebook_table_game() -> Game:
    """The position of the 1846 rulebook's 10.1 table before its two operating rounds.

    Set up by hand on the state (a test fixture, not a game anyone played): phase IV,
    the privates closed, IC at $270, GT at $195 and Erie at $137, the players holding
    what the table's Shrs columns say and the cash its "Cash on hand" row says.  The
    table's "..." rows are elided in the rulebook, so its Final Total row (7833, 6838,
    7342) includes holdings this position leaves out; every printed figure of the IC, GT
    and Erie rows and of Cash on hand is checked.
    """
    game = Game.new("1846", ["P1", "P2", "P3"])
    s = game.state
    s.round_kind, s.round_number, s.phase, s.ors_in_set = "SR", 7, "IV", 2
    for co in s.ledger.companies.values():
        if co.kind != "corporation":
            co.closed = True
    holdings = {
        "IC": (270, {"P1": 5, "P2": 2, "P3": 2}, "P1"),
        "GT": (195, {"P2": 3, "P3": 6}, "P3"),
        "ERIE": (137, {"P1": 3, "P3": 3}, "P1"),
    }
    for cid, (price, held, president) in holdings.items():
        co = s.company(cid)
        co.launched, co.operated, co.value = True, True, price
        s.train_serial += 1
        co.trains.append(Train(s.train_serial, "6", "6"))
        s.linear().place(cid, price)
        for name in [president, *(n for n in held if n != president)]:
            wanted = held[name] * 10
            for cert in sorted(co.certs_of(cid), key=lambda c: not c.president):
                if co.holder_percent(name) >= wanted:
                    break
                if cert.president and name != president:
                    continue
                s.ledger.move_certificate(co, cert, name, "fixture")
            assert co.holder_percent(name) == wanted
    for name, cash in {"P1": 1143, "P2": 324, "P3": 912}.items():
        set_cash(game, name, cash)
    s.ledger.events = []
    return game


RULEBOOK_RUNS = {
    "IC": [(530, "full"), (530, "full")],
    "GT": [(640, "full"), (660, "full")],
    "ERIE": [(480, "full"), (500, "full")],
}


def test_projection_reproduces_the_rulebook_table() -> None:
    game = rulebook_table_game()
    before = game.state_json()
    # GT: the rulebook prints $250 after paying $64 and $66 a share; 6.75 moves a price
    # three right from $195 on $640 (to $250) and two right from $250 on $660 (to $295),
    # so the table's GT price is set by hand, as a spreadsheet lets the table do.
    result = scoring.project(game, RULEBOOK_RUNS, final_prices={"GT": 250})
    assert result.rounds == ("OR 7.1", "OR 7.2")
    ic, gt, erie = (result.company(c) for c in ("IC", "GT", "ERIE"))
    assert (ic.per_share, ic.final_price, ic.sum_per_share) == ((53, 53), 320, 426)
    assert (gt.per_share, gt.final_price, gt.sum_per_share) == ((64, 66), 250, 380)
    assert (erie.per_share, erie.final_price, erie.sum_per_share) == ((48, 50), 212, 310)
    assert gt.pinned and not ic.pinned
    p1, p2, p3 = (result.player(n) for n in ("P1", "P2", "P3"))
    assert (p1.amounts, p2.amounts, p3.amounts) == (
        {"IC": 2130, "ERIE": 930},
        {"IC": 852, "GT": 1140},
        {"IC": 852, "GT": 2280, "ERIE": 930},
    )
    assert [p.cash_on_hand for p in (p1, p2, p3)] == [1143, 324, 912]
    assert [p.total for p in (p1, p2, p3)] == [4203, 2316, 4974]
    rows = result.table()
    assert rows[1][:4] == ["IC", "53", "53", "320"] and rows[1][4] == "426"
    assert rows[1][5:] == ["5", "2,130", "2", "852", "2", "852"]
    assert rows[2][5:] == ["-", "-", "3", "1,140", "6", "2,280"]
    assert rows[-2][-6:] == ["", "1,143", "", "324", "", "912"]
    assert rows[-1][-6:] == ["", "4,203", "", "2,316", "", "4,974"]
    assert any(
        "GT's final price is set by hand at $250 (the rules give $295)" in n for n in result.notes
    )
    assert game.state_json() == before and game.journal == []


def test_projection_moves_prices_by_6_75_without_a_pin() -> None:
    game = rulebook_table_game()
    result = scoring.project(game, RULEBOOK_RUNS)
    # IC: $530 is at least $270 and $295 but under double: one right each (6.75).
    assert result.company("IC").final_price == 320
    # GT: $640 >= 3 x $195 -> three right to $250; $660 >= 2 x $250 -> two right to $295.
    assert result.company("GT").final_price == 295
    # Erie: $480 >= 2 x $137 (under $165) -> two right to $165; $500 >= 3 x $165 -> $212.
    assert result.company("ERIE").final_price == 212
    assert result.player("P3").total == 852 + 6 * (64 + 66 + 295) + 930 + 912


def test_projection_half_pay_and_withhold() -> None:
    game = rulebook_table_game()
    runs = {"IC": [(530, "half"), (0, "withhold")]}
    result = scoring.project(game, runs)
    ic = result.company("IC")
    # half: $530 / 2 = $265 rounded down to $10 -> $260 retained, $270 paid (6.71).
    assert ic.per_share == (27, 0)
    # $270 paid at $270: one right to $295; nothing paid: one left to $270 (6.75).
    assert ic.final_price == 270
    assert result.player("P1").amounts["IC"] == 5 * 27 + 5 * 270


def test_projection_inputs_parse_and_refuse() -> None:
    game = rulebook_table_game()
    runs, pins = scoring.parse_runs("IC=530:full;gt=640,660@250; erie=480", game, 2)
    assert runs == {
        "IC": [(530, "full"), (530, "full")],
        "GT": [(640, "full"), (660, "full")],
        "ERIE": [(480, "full"), (480, "full")],
    }
    assert pins == {"GT": 250}
    for bad, words in [
        ("IC", "COMPANY=REVENUE"),
        ("IC=abc", "whole number"),
        ("IC=-10", "out of range"),
        ("IC=530:double", "cannot double"),
        ("XX=100", "XX"),
        ("IC=100@x", "whole number"),
    ]:
        with pytest.raises(Refusal) as info:
            scoring.parse_runs(bad, game, 2)
        assert words in str(info.value), (bad, str(info.value))
    with pytest.raises(Refusal, match="1 to 20"):
        scoring.project(game, ors=0)


def test_an_1830_projection_has_no_half_pay() -> None:
    """1830 20.3: full or withhold; `half` is refused with the rule, and a projection of the
    demo (operating round 2.1) runs with full payouts."""
    demo = Path(__file__).resolve().parents[2] / "moderator" / "demo" / "demo-1830.script"
    game = play(demo.read_text(encoding="utf-8"))
    with pytest.raises(Refusal, match=r"NYC cannot half now: it may full, withhold \(20\.3\)"):
        scoring.parse_runs("NYC=100:half", game, 1)
    runs, _ = scoring.parse_runs("NYC=100", game, 1)
    assert runs == {"NYC": [(100, "full")]}
    assert scoring.project(game, ors=1).rounds


def test_projection_prefills_last_runs_and_skips_who_operated() -> None:
    game = script("1846-short-recorded.script")
    assert game.round_label() == "OR 1.1"
    defaults = scoring.default_runs(game)
    last = scoring.last_runs(game)
    for cid, runs in defaults.items():
        if cid in last:
            assert runs[0][0] == last[cid][0]
    result = scoring.project(game)
    # Companies that already operated in OR 1.1 do not run again in it.
    for cid in game.state.operated:
        if cid != game.state.operating or game.state.ran:
            assert result.company(cid).per_share[0] is None
    journal = list(game.journal)
    scoring.project(game, ors=4)
    assert game.journal == journal


def test_projection_says_an_independent_splits_with_its_owner() -> None:
    """Issue 28.8: BIG4's row read "0", "-" and a Sum of 0 without a word.  An 1846
    independent has no shares: its runs are "split", its Stock and Sum "-", and a note says
    its revenue goes half to its treasury and half to its owner (6.72), whose amt it is."""
    game = script("1846-rulebook-example.script")
    result = scoring.project(game, {"BIG4": [(60, None)]})
    big4 = result.company("BIG4")
    assert big4.split_with == "Carlos" and big4.final_price is None
    row = next(r for r in result.table() if r[0] == "BIG4")
    rounds = len(result.rounds)
    assert row[1 : rounds + 3] == ["split"] * rounds + ["-", "-"]
    carlos = result.player("Carlos")
    assert carlos.amounts["BIG4"] == 30 * rounds
    note = next(n for n in result.notes if n.startswith("BIG4"))
    assert "half to its treasury and half to its owner, Carlos (6.72)" in note
    assert f"${30 * rounds} in all" in note
    text = result.text()
    assert "BIG4   split" in text and note.split()[0] in text
    assert result.to_json()["companies"][-1]["split_with"] == "Carlos"
    # corporations are untouched: their dividends a share, their Sum
    nyc = next(r for r in result.table() if r[0] == "NYC")
    assert nyc[1 : rounds + 1] == [str(x) for x in result.company("NYC").per_share]


def test_projection_refused_once_the_game_has_ended() -> None:
    game = script("1853-short-game.script")
    assert game.state.ended
    with pytest.raises(Refusal, match="score is final"):
        scoring.project(game)


def test_projection_reports_progress() -> None:
    game = rulebook_table_game()
    calls: list[tuple[int, int]] = []
    scoring.project(game, RULEBOOK_RUNS, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1][0] == calls[-1][1] and [d for d, _ in calls] == sorted(d for d, _ in calls)


# ----------------------------------------------------------------- score
def test_score_1846_counts_privates_before_phase_iii() -> None:
    game = script("1846-short-recorded.script")
    result = scoring.score(game)
    assert not result.final and "if it ended now" in result.reason
    p2 = result.player("Player2")
    privates = p2.of("private")
    assert {i.what for i in privates} == {"MS", "MC"}
    assert all(i.counted and "10.3" in i.note for i in privates)
    assert sum(i.value for i in privates) == 100
    assert p2.total == game.ruleset.player_value(game.state, "Player2") == 285
    shares = {i.what: (i.count, i.price, i.value) for i in p2.of("shares")}
    assert shares == {"NYC": (4, 30, 120), "BO": (1, 30, 30)}
    assert [(p["place"], p["players"]) for p in result.places] == [
        (1, ["Player3"]),
        (2, ["Player2"]),
        (3, ["Player1"]),
    ]


def test_score_1846_privates_count_nothing_from_phase_iii() -> None:
    game = script("1846-short-recorded.script")
    game.state.phase = "III"
    item = next(i for i in scoring.score(game).player("Player2").items if i.what == "MS")
    assert not item.counted and "only before phase III (10.3)" in item.note


def test_score_1847ae_counts_krauss_at_its_price_and_no_other_private() -> None:
    game = script("1847ae-dividends-market.script")
    result = scoring.score(game)
    a = result.player("A")
    lfk = next(i for i in a.items if i.what == "LFK")
    assert lfk.counted and lfk.value == game.state.price("LFK")
    others = [i for i in a.of("private") if i.what != "LFK"]
    assert others and not any(i.counted for i in others)
    assert a.total == game.ruleset.player_value(game.state, "A")


def test_score_1853_shows_bonds_as_excluded() -> None:
    game = script("1853-short-game.script")
    result = scoring.score(game)
    assert result.final and "bank ran out of money" in result.reason
    eve = result.player("Eve")
    bond = eve.of("excluded")
    assert [(i.what, i.value, i.counted) for i in bond] == [("bond", 130, False)]
    assert eve.total == game.state.result["Eve"] == 600
    assert "not counted (£130): bonds do not count (5.2.1)" in result.text()


def test_score_of_a_game_ended_by_bankruptcy() -> None:
    game = script("1847ae-forced-bankrupt.script")
    assert game.state.ended
    result = scoring.score(game)
    assert result.final and "bankrupt" in result.reason.lower()
    bankrupt = [p for p in result.players if p.bankrupt]
    assert bankrupt
    last = result.places[-1]
    assert last["bankrupt"] and bankrupt[0].name in last["players"]
    assert {p.name: p.total for p in result.players} == game.state.result
    assert [dict(p) for p in result.places] == game.ruleset.ranking(game.state)


def test_score_ties_share_a_place() -> None:
    game = rulebook_table_game()
    s = game.state
    for name in ("P1", "P2", "P3"):
        for co in s.ledger.corporations():
            for cert in co.certs_of(name):
                s.ledger.move_certificate(co, cert, co.id, "fixture")
        set_cash(game, name, 500)
    result = scoring.score(game)
    assert [(p["place"], p["players"]) for p in result.places] == [(1, ["P1", "P2", "P3"])]
    assert result.tied("P2") and "(tie)" in result.text()


@pytest.mark.parametrize("name", sorted(p.name for p in SCRIPTS.glob("*.script")))
def test_score_total_is_the_rules_player_value(name: str) -> None:
    game = script(name)
    result = scoring.score(game)
    for p in result.players:
        assert p.total == game.ruleset.player_value(game.state, p.name)
        assert p.total == sum(i.value for i in p.items if i.counted)
    data = result.to_json()
    assert [p["name"] for p in data["players"]] == [p.name for p in result.players]


# ----------------------------------------------------------------- history
def test_history_records_every_round_end_as_a_replay_would() -> None:
    game = script("1847ae-dividends-market.script")
    records = scoring.history(game)
    labels = [r.label for r in records]
    assert labels[:2] == ["setup", "SR 1"] and records[-1].current
    assert len(set(labels[:-1])) == len(labels) - 1
    for record in records:
        state = game.replay(record.entries)
        assert record.cash == {p.name: p.cash for p in state.ledger.players}
        assert record.value == {
            p.name: game.ruleset.player_value(state, p.name) for p in state.ledger.players
        }
        for cid, price in record.prices.items():
            assert state.price(cid) == price
    runs = [(r.label, cid, run) for r in records for cid, run in r.runs.items()]
    dividends = [
        (e.round, ev.company, (ev.revenue, ev.option, ev.per_share))
        for e in game.journal
        for ev in e.events
        if type(ev).__name__ == "DividendPaid"
    ]
    assert sorted(runs) == sorted(dividends)


SETUP_SCRIPTS = {
    "1846": ("1846-rulebook-example.script", "par Amy GT 60"),
    "1846 2e": ("1846-2e-three-players.script", "par Amy NYC 100"),
    "1847 AE": ("1847ae-dividends-market.script", "buy C PLP"),
    "1847 Pfalz": ("1847pfalz-three-players.script", "buy C PLP"),
    "1847 RRRR&B": ("1847rrrrb-five-players.script", "buy E PLP"),
    "1853": ("1853-contract-bids.script", "sell Bob NWR 1"),
}
"""Per title: a script and its first stock-round command."""


@pytest.mark.parametrize("title", list(SETUP_SCRIPTS))
def test_the_setup_row_is_the_position_after_setup(title: str) -> None:
    """Issue 28.1: the setup row held the first stock-round command (1846's first ``par``,
    1847 Pfalz's first package purchase).  It is the position once the setup is done and
    before the first stock-round command: the replay of the setup's own lines (1847 AE,
    whose game opens with stock round 1, 3.3: the starting position)."""
    name, first_stock_line = SETUP_SCRIPTS[title]
    game = script(name)
    done = sum(e.round == "setup" for e in game.journal)
    assert all(e.round == "setup" for e in game.journal[:done])  # the setup comes first
    assert game.journal[done].line == first_stock_line
    assert game.journal[done].round == "SR 1"
    after_setup = game.replay(done)
    record = scoring.history(game)[0]
    assert record.label == "setup" and record.entries == done and not record.runs
    assert record.bank == after_setup.ledger.bank
    assert record.cash == {p.name: p.cash for p in after_setup.ledger.players}
    assert record.value == {
        p.name: game.ruleset.player_value(after_setup, p.name) for p in after_setup.ledger.players
    }
    assert record.prices == {
        co.id: price
        for co in after_setup.ledger.companies.values()
        if co.kind == "corporation"
        and co.launched
        and not co.closed
        and (price := game.ruleset.score_price(after_setup, co)) is not None
    }
    # the first stock-round command moves money, and its money is not in the setup row
    after_first = game.replay(done + 1)
    assert record.cash != {p.name: p.cash for p in after_first.ledger.players}


def test_history_grows_with_the_journal_and_follows_an_undo() -> None:
    text = (SCRIPTS / "1846-short-recorded.script").read_text(encoding="utf-8")
    lines = text.splitlines()
    cut = next(i for i, ln in enumerate(lines) if ln.startswith("run "))
    game = play("\n".join(lines[:cut]))
    first = scoring.history(game)
    for line in lines[cut:]:
        if line.strip() and not line.startswith("#"):
            assert game.execute(line).ok, line
    grown = scoring.history(game)
    assert grown[: len(first) - 1] == first[:-1]
    assert grown == scoring.history(play(text))
    game.undo()
    shorter = play(game.script())
    assert len(shorter.journal) == len(game.journal)
    assert scoring.history(game) == scoring.history(shorter)


def test_history_of_a_finished_game_ends_with_its_last_round() -> None:
    game = script("1853-short-game.script")
    records = scoring.history(game)
    assert not records[-1].current
    assert records[-1].value == game.state.result
    progress: list[int] = []
    game.derived.clear()
    scoring.history(game, progress=lambda d, t: progress.append(d))
    assert progress[-1] == len(game.journal)


# ----------------------------------------------------------------- every title, whole games
@pytest.mark.parametrize(
    "title", ["1846", "1847AE", "1853", "1830", "1889", "18Chesapeake", "1817"]
)
def test_end_views_of_simulated_games_change_nothing_and_agree(title: str) -> None:
    from moderator.simulate import simulate

    for seed in range(2):
        game = simulate(seed, 4, max_commands=600, title=title)
        before = game.state_json()
        result = scoring.score(game)
        assert {p.name: p.total for p in result.players} == {
            p["name"]: p["value"] for p in before["players"]
        }
        records = scoring.history(game)
        last = game.replay(records[-1].entries)
        assert records[-1].value == {
            p.name: game.ruleset.player_value(last, p.name) for p in last.ledger.players
        }
        if not game.state.ended:
            projection = scoring.project(game)
            assert len(projection.rounds) >= 1
            for p in projection.players:
                # The table adds up: amounts (dividends + shares at the final price), cash on
                # hand and counted privates make the final total.
                assert p.total == sum(p.amounts.values()) + p.cash_on_hand + p.other
        assert game.state_json() == before
