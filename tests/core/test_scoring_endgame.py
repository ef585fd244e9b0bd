"""The end of the game as `score` and the projection say it, title by title (hand-worked
scripts under tests/scripts; the figures are in their headers)."""

from __future__ import annotations

from pathlib import Path

from conftest import play

from moderator import scoring
from moderator.game import Game

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def script_until(name: str, marker: str) -> Game:
    """``name`` played up to (not including) the last line that starts with ``marker``."""
    lines = (SCRIPTS / name).read_text(encoding="utf-8").splitlines()
    cut = max(i for i, line in enumerate(lines) if line.startswith(marker))
    return play("\n".join(lines[:cut]) + "\n")


def test_1853_broken_bank_score_says_the_operating_round_ends_the_game() -> None:
    """5.1.2: a broken bank ends the game with the operating round under way, "not
    necessarily ... a complete set of rounds"; the score said "after that set's operating
    rounds" (the other titles' rule)."""
    game = script_until("1853-bank-breaks-in-sr.script", "run EIR 200 full")
    assert game.state.bank_broken and not game.state.ended
    result = scoring.score(game)
    assert not result.final
    assert "set's operating rounds" not in result.reason
    assert "OR 3.1" in result.reason and "(5.1.2)" in result.reason
    assert "this operating round (OR 3.1) is complete (5.1.2)" in result.text()


def test_1853_broken_bank_projection_plays_only_the_operating_round_under_way() -> None:
    """5.1.2: the projection ("spreadsheet it") plays the rounds left: after the break in
    1853 that is the operating round under way, not the rest of the set (OR 3.2)."""
    game = script_until("1853-bank-breaks-in-sr.script", "run EIR 200 full")
    assert game.state.ors_in_set == 2
    assert scoring.projected_rounds(game) == ["OR 3.1"]
    projection = scoring.project(game)
    assert projection.rounds == ("OR 3.1",)


def test_1853_broken_bank_in_a_stock_round_projects_the_next_operating_round() -> None:
    """5.1.2 (reading, docs/titles/1853.md): broken in a stock round, the game ends when
    the next operating round is complete."""
    game = script_until("1853-bank-breaks-in-sr.script", "sell Gus EIR 2")
    # the bank holds £350 here (the script's SR3 header): paying it all out breaks it
    assert game.execute("adjust Gus 350 test").ok
    assert game.state.bank_broken and game.state.round_kind == "SR"
    assert scoring.projected_rounds(game) == ["OR 3.1"]
    assert "the next operating round" in scoring.score(game).reason


def test_1846_broken_bank_score_still_names_the_set() -> None:
    """10.1: the round sequence (stock round plus two operating rounds) is finished."""
    game = script_until("1846-bank-breaks.script", "expect phase I")
    assert game.state.bank_broken and not game.state.ended
    result = scoring.score(game)
    assert "after that set's operating rounds (10.1" in result.reason
    assert scoring.projected_rounds(game) == ["OR 1.2"]


def test_1846_bank_broken_in_a_stock_round_plays_the_two_operating_rounds() -> None:
    """10.1: broken in stock round 2, the game goes on through OR 2.1 and 2.2 and ends
    there; the score is final and its places follow 10.4 (figures in the script)."""
    game = script_until("1846-bank-breaks-in-sr.script", "run GT 200 full")
    s = game.state
    assert s.bank_broken and s.broken_in_round == 2 and not s.ended
    assert (s.round_kind, s.or_number) == ("OR", 1)
    assert "round set 2: the game ends after that set's operating rounds" in (
        scoring.score(game).reason
    )
    assert scoring.projected_rounds(game) == ["OR 2.1", "OR 2.2"]
    game = play((SCRIPTS / "1846-bank-breaks-in-sr.script").read_text(encoding="utf-8"))
    assert game.state.ended
    result = scoring.score(game)
    assert result.final
    assert game.state.result == {"Amy": 398, "Bob": 455, "Cat": 450}
    assert [(p["place"], p["players"]) for p in result.places] == [
        (1, ["Bob"]),
        (2, ["Cat"]),
        (3, ["Amy"]),
    ]
    refused = game.execute("pass Amy")
    assert not refused.ok and "the game has ended" in refused.message


def test_1853_projection_stops_where_a_price_reaches_400() -> None:
    """4.7.3, 5.1.3: a share value on the last space stops the game "at that point with the
    payment of the appropriate dividend": the projection plays nothing after it (GIP's run
    in that round, the next round) and scores the script's figures (Hal 1900, Jon 1290,
    Ivy 630); it played on and paid EIR's second run (Hal 2000)."""
    game = script_until("1853-price-400.script", "run EIR 250 full")
    runs = {"EIR": [(250, "full")], "GIP": [(100, "full")]}
    projection = scoring.project(game, runs=runs, ors=2)
    totals = {p.name: p.total for p in projection.players}
    assert totals == {"Hal": 1900, "Ivy": 630, "Jon": 1290}
    gip = projection.company("GIP")
    assert gip.per_share == (None, None)
    assert any("5.1.3" in note for note in projection.notes)


def test_1846_projection_plays_no_round_after_the_set_the_bank_broke_in() -> None:
    """10.1: the bank broken in round set 2, a projection asked for four rounds plays OR 2.1
    and 2.2 only (the game ends there); it played OR 3.1 and 3.2 too."""
    game = script_until("1846-bank-breaks-in-sr.script", "run GT 200 full")
    runs = {"GT": [(200, "full")], "IC": [(100, "half")], "NYC": [(0, "withhold")]}
    projection = scoring.project(game, runs=runs, ors=4)
    assert projection.rounds == ("OR 2.1", "OR 2.2", "OR 3.1", "OR 3.2")
    gt = projection.company("GT")
    assert gt.per_share[2:] == (None, None)
    assert any("10.1" in note and "OR 3.1" in note for note in projection.notes)


def test_1889_bank_broken_in_a_one_round_set_ends_with_that_round() -> None:
    """Facts §11: the set under way (phase 2: one operating round) is completed, then the
    game ends; privates score their face (figures in the script)."""
    game = script_until("1889-bank-breaks.script", "done IR")
    assert game.state.bank_broken and not game.state.ended
    game = play((SCRIPTS / "1889-bank-breaks.script").read_text(encoding="utf-8"))
    assert game.state.ended
    assert game.state.result == {"Amy": 410, "Bob": 470, "Cy": 500, "Dee": 400}
    cy = scoring.score(game).player("Cy")
    assert [(i.what, i.value) for i in cy.of("private")] == [("ER", 40), ("UTF", 150)]


def test_1847ae_bank_broken_in_a_stock_round_plays_a_complete_set() -> None:
    """9: broken in stock round 3 (a sale), the round goes on and the set's operating round
    follows; the game ends with it (figures in the script)."""
    game = script_until("1847ae-bank-breaks-in-sr.script", "pass B")
    assert game.state.bank_broken and game.state.round_kind == "SR"
    assert scoring.projected_rounds(game) == ["OR 3.1"]
    game = script_until("1847ae-bank-breaks-in-sr.script", "done L")
    assert not game.state.ended
    game = play((SCRIPTS / "1847ae-bank-breaks-in-sr.script").read_text(encoding="utf-8"))
    assert game.state.ended and game.state.result == {"A": 415, "B": 450, "C": 429}
    krauss = scoring.score(game).player("A").of("private")[0]
    assert (krauss.what, krauss.value, krauss.counted) == ("LFK", 92, True)


def test_1846_projection_breaking_the_bank_in_a_later_set_plays_that_set_out() -> None:
    """10.1: a projection from OR 1.2 whose bank breaks in OR 2.1 plays OR 2.2 (the same
    round sequence) and stops before OR 3.1; it took the break for set 1's (the round the
    game stands in) and stopped before OR 2.2."""
    game = script_until("1846-bank-breaks-in-sr.script", "run NYC 5540 withhold")
    assert not game.state.bank_broken
    runs = {
        "NYC": [(0, "withhold"), (6000, "withhold"), (0, "withhold")],
        "GT": [(100, "full")],
        "IC": [(100, "full")],
    }
    projection = scoring.project(game, runs=runs, ors=4)
    assert projection.rounds == ("OR 1.2", "OR 2.1", "OR 2.2", "OR 3.1")
    gt = projection.company("GT")
    assert gt.per_share[2] == 10 and gt.per_share[3] is None


def test_projection_from_a_stock_round_counts_the_coming_sets_rounds() -> None:
    """1889 facts §8 (1830 22.0): the set after a stock round has the rounds of the phase
    that round ends in. Phase 3 came in OR 1.1 (a set of one): from stock round 2 the
    projection plays OR 2.1 and 2.2; it played OR 2.1 only (the last set's count)."""
    game = script_until("1889-trains-phases.script", "buy Bob SR  ")
    s = game.state
    assert (s.round_kind, s.round_number, s.phase, s.ors_in_set) == ("SR", 2, "3", 1)
    assert scoring.projected_rounds(game) == ["OR 2.1", "OR 2.2"]


def test_1847ae_projection_moves_krauss_left_after_a_round_without_a_train() -> None:
    """4.1: at the end of an operating round with no train bought, Krauss & Co. moves one
    space left; the projection of the last round of 1847ae-bank-breaks-in-sr scores the
    script's own end (A 415 with LFK at 92); it left LFK at 100 (A 423)."""
    game = script_until("1847ae-bank-breaks-in-sr.script", "run Saar 100")
    runs = {"Saar": [(100, "full")], "L": [(100, "full")]}
    projection = scoring.project(game, runs=runs)
    assert projection.rounds == ("OR 3.1",)
    assert {p.name: p.total for p in projection.players} == {"A": 415, "B": 450, "C": 429}
