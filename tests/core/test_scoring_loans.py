"""1817's projection ("spreadsheet it"): each projected turn ends as the real one does, its
interest paid through the engine (the automatic loans, or the liquidation and the
president's payment), and the trains exported after each round (facts §6, §8, §11)."""

from __future__ import annotations

from pathlib import Path

from conftest import play

from moderator import scoring
from moderator.game import Game

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def _lines_until(name: str, marker: str) -> list[str]:
    """The lines of ``name`` before the last one starting with ``marker``."""
    lines = (SCRIPTS / name).read_text(encoding="utf-8").splitlines()
    cut = max(i for i, line in enumerate(lines) if line.startswith(marker))
    return lines[:cut]


def _until(name: str, marker: str) -> Game:
    """``name`` played up to (not including) the last line starting with ``marker``."""
    return play("\n".join(_lines_until(name, marker)) + "\n")


def test_projected_turn_takes_the_loan_for_its_interest_as_the_real_turn() -> None:
    """GT ($0, one loan) ends its turn: it takes a loan by itself (left 1: $110) and pays
    2 x $5 (facts §6, R 6.8); the projection's GT price is the real turn's, and the
    notes say each line and the export after the round (facts §8)."""
    game = _until("1817-interest-auto-loans.script", "done GT")
    projection = scoring.project(game, ors=1)
    assert projection.company("GT").final_price == 110
    notes = "\n".join(projection.notes)
    assert "OR 4.1: The bank pays GT $100: a loan to pay its interest" in notes
    assert "OR 4.1: GT price down $120 → $110: a loan taken: left 1" in notes
    assert "OR 4.1: GT pays $10 interest: 2 loans at 5% (facts §6, R 6.8)" in notes
    assert "OR 4.1: 1 3-train exported (facts §8, R 6.11)" in notes
    assert "Left out: loans taken or paid back by choice, train purchases" in notes
    real = play("\n".join([*_lines_until("1817-interest-auto-loans.script", "done GT"), "done GT"]))
    assert real.state.price("GT") == 110
    assert game.state.price("GT") == 120  # the game itself is untouched


def test_projection_charges_the_fixed_rate_each_round() -> None:
    """A second projected round fixes its rate at its start and GT pays it again: $10
    for two loans at 5% (facts §6): its cash 90 -> 80 is not shown, its price is: the
    withhold of OR 4.2 moves it left 1, $110 -> $100."""
    game = _until("1817-interest-auto-loans.script", "done GT")
    projection = scoring.project(game, ors=2)
    notes = "\n".join(projection.notes)
    assert "OR 4.2: Interest rate for this operating round: 5% (2 loans out" in notes
    assert "OR 4.2: GT pays $10 interest: 2 loans at 5%" in notes
    assert projection.company("GT").final_price == 100


def test_projected_interest_unpaid_liquidates_and_the_president_pays() -> None:
    """PW ($5, both loans a 2-share corporation may hold) cannot pay 2 x $5: liquidation,
    its $5 to Bob, who pays the $10 (facts §6, §11; R 6.8): Bob $365 as the script's real
    turn gives; PW at the liquidation cell ($0); WC, liquidated before, does not run."""
    game = _until("1817-liquidation.script", "done PW")
    projection = scoring.project(game, ors=1)
    assert projection.player("Bob").cash_on_hand == 365
    assert projection.company("PW").final_price == 0
    assert "WC" not in [c.company for c in projection.companies]
    notes = "\n".join(projection.notes)
    assert "OR 3.1: Bob pays PW's $10 interest (facts §6, R 6.8)" in notes
    real = play((SCRIPTS / "1817-liquidation.script").read_text(encoding="utf-8"))
    bob = next(p for p in real.state_json()["players"] if p["name"] == "Bob")
    assert bob["cash"] == 365


def test_18chesapeake_projection_exports_at_the_set_end() -> None:
    """§10.9 (facts §7): the next train leaves after the last operating round of a set,
    as the real round's end does (no money moves; the line says it)."""
    game = _until("18chesapeake-bank-breaks.script", "run CO 0")
    projection = scoring.project(game)
    assert projection.rounds == ("OR 1.1",)
    assert any(n.startswith("OR 1.1: ") and "2-train" in n for n in projection.notes), (
        projection.notes
    )


def test_projection_of_two_rounds_equals_the_rounds_played() -> None:
    """From stock round 2's end (1817-liquidation.script, figures in its header): OR 2.1
    UR withholds 80 and PW pays 100, OR 2.2 both run nothing; PW pays its 2 x $5 interest
    each round and an export follows each round. The projection's totals and prices are
    those of the rounds played for real, line by line (nothing written twice)."""
    game = _until("1817-liquidation.script", "# OR 2.1")
    projection = scoring.project(
        game, runs={"UR": [(80, "withhold"), (0, "withhold")], "PW": [(100, "full"), (0, None)]}
    )
    assert projection.rounds == ("OR 2.1", "OR 2.2")
    real = _until("1817-liquidation.script", "# stock round 3 passes")
    score = scoring.score(real)
    for name in ("Amy", "Bob", "Cat"):
        assert projection.player(name).total == score.player(name).total, name
    for cid in ("UR", "PW"):
        assert projection.company(cid).final_price == real.state.price(cid), cid
    assert projection.company("PW").final_price == 110


def test_round_over_and_paused_is_not_ended_twice() -> None:
    """After OR 4.1's last turn 1817 pauses for the later rounds, its export made (facts
    §8): the projection exports once, after OR 4.2, and fixes OR 4.2's rate on the three
    loans then out (facts §6)."""
    game = _until("1817-interest-auto-loans.script", "# OR 4.2")
    assert game.state.round_kind == "OR" and game.state.operating is None
    notes = scoring.project(game).notes
    assert not [n for n in notes if n.startswith("OR 4.1:")], notes
    assert [n for n in notes if n.startswith("OR") and "exported" in n] == [
        "OR 4.2: 1 3-train exported (facts §8, R 6.11)"
    ]
    assert "OR 4.2: Interest rate for this operating round: 5% (3 loans out; facts §6)" in notes
