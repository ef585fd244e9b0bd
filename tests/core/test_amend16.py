"""Corrections of a past amount (issue 39), checked by hand in 1846, 1847 AE and 1817: the
figures the correction shows before the keep (the receipts of the lines given again, what
changes on the table) are the figures the keep commits, the kept save replays to the game
of the edited script, and a correction that makes a later line illegal names that line and
its rule and writes nothing.  Each position is a shipped test script; the figures worked out
from the rules are in the comments."""

from __future__ import annotations

from pathlib import Path

from amend_games import SCRIPTS, edited, played

from moderator.amend import amend
from moderator.game import Game
from moderator.narrate import narrate
from moderator.sandbox_table import table_changes


def _saved(tmp_path: Path, name: str) -> tuple[Game, Path]:
    game = played((SCRIPTS / f"{name}.script").read_text(encoding="utf-8"))
    path = tmp_path / "g.json"
    game.save(path)
    return game, path


def _kept_is_what_was_shown(game: Game, path: Path, number: int, line: str) -> list[str]:
    """Amend line ``number`` to ``line``; the table's changes shown before the keep are
    the keep's and those between the game before and the save reopened, and the save is
    the edited script's game.  Returns the changes in words."""
    before = game.state_json()
    lines = [e.line for e in game.journal]
    done = amend(game, number, line)
    assert done.done, done.stop
    shown = [change.text() for change in done.on_table()]
    done.keep()
    assert [change.text() for change in done.on_table()] == shown  # what the keep changed
    game.close()
    again = Game.load(path, read_only=True)
    old = Game.load(path.with_name(f"g.before-amend-{number}.json"), read_only=True)
    assert old.state_json() == before
    assert [change.text() for change in table_changes(old, again)] == shown
    want = played(f"{_head(again)}\n" + "\n".join(edited(lines, number, "replace", line)))
    assert again.state_json() == want.state_json()
    return shown


def _amended(tmp_path: Path, name: str, old: str, new: str) -> list[str]:
    """Script ``name`` saved, its line ``old`` amended to ``new`` and kept: the table's
    changes (:func:`_kept_is_what_was_shown`)."""
    game, path = _saved(tmp_path, name)
    return _kept_is_what_was_shown(game, path, _number(game, old), new)


def _number(game: Game, line: str) -> int:
    return next(n for n, e in enumerate(game.journal, 1) if e.line == line)


def _head(game: Game) -> str:
    return game.script().splitlines()[0]


def test_1846_a_half_pay_corrected_pays_every_holder_the_new_share(tmp_path: Path) -> None:
    """1846 6.71, 6.73, 6.75 (the rulebook's example, OR 1.2): NYC, at $70, ran $370 half:
    $185 halved down to $10 is $180 kept, $190 paid, $19 a share.  Corrected to $390: $195
    down to $190 kept, $200 paid, $20 a share: Amy (1 share) +$1, Bob (3) +$3, Carlos (1)
    +$1, NYC's treasury share +$1 and $10 more kept: +$11; its 4 Stock Market shares pay the
    bank nothing either way.  The bank pays $16 more.  $190 and $200 are both at least double
    $70: two columns right either way, $90, and every later line applies."""
    shown = _amended(tmp_path, "1846-rulebook-example", "run NYC 370 half", "run NYC 390 half")
    assert shown == [
        "the bank: cash $5,956 → $5,940 (-$16)",
        "Amy: cash $32 → $33 (+$1)",
        "Bob: cash $37 → $40 (+$3)",
        "Carlos: cash $2 → $3 (+$1)",
        "NYC: treasury $174 → $185 (+$11)",
    ]


def test_1817_an_ipo_price_corrected_drops_an_automatic_loan(tmp_path: Path) -> None:
    """1817 facts §3, §6, §8 (the interest-with-automatic-loans script): GT's IPO at $300
    corrected to $320: par is still $150 (the cell at or below $160); Amy pays $20 more and
    GT holds $270 after its $50 station.  OR 4.1: the 3-train ($250) leaves $20, its loan
    $120 (price $120), the $100 tile $20; its interest, 1 loan at 5%, is paid from it: $15,
    no automatic loan (the $300 game took one, price $110).  OR 4.2 (2 loans out: 5%): run
    $0, price $110; three loans, $315, price $80; interest on 4 loans, $20: $295 (was $365),
    4 loans (was 5).  Stock round 5: 6 loans out, 10% either way."""
    game, _ = _saved(tmp_path, "1817-interest-auto-loans")
    given = amend(game, _number(game, "ipo Amy GT 300 5"), "ipo Amy GT 320 5")
    said = [line for g in given.given for line in narrate(g.outcome.command, g.outcome.events)]
    assert "GT pays $5 interest: 1 loan at 5% (facts §6, R 6.8) — to the bank" in said
    assert "GT pays $20 interest: 4 loans at 5% (facts §6, R 6.8) — to the bank" in said
    assert not [line for line in said if "to pay its interest" in line]  # no automatic loan
    game.close()
    shown = _amended(tmp_path, "1817-interest-auto-loans", "ipo Amy GT 300 5", "ipo Amy GT 320 5")
    assert shown == [
        "Amy: cash $120 → $100 (-$20)",
        "GT: treasury $365 → $295 (-$70)",
        "GT: price $70 → $80 (+$10)",
        "GT: loans 5 → 4",
    ]


def test_1817_a_loan_count_corrected_changes_the_rate_of_the_next_round(tmp_path: Path) -> None:
    """1817 facts §6: GT's three loans of OR 4.2 corrected to one: $100 at $100 -> $90
    instead of $300 to $70; interest on 3 loans at the 5% fixed for the round, $15 (not
    $25 on 5): $90 + $100 - $15 = $175 (was $365).  Loans out 5 (3 + UR's 2): the rate the
    stock round reads falls from 10% (7 loans) to 5% (0-5)."""
    shown = _amended(tmp_path, "1817-interest-auto-loans", "loan GT 3", "loan GT 1")
    assert shown == [
        "the game: interest rate 10% → 5%",
        "GT: treasury $365 → $175 (-$190)",
        "GT: price $70 → $90 (+$20)",
        "GT: loans 5 → 3",
    ]


def test_1847ae_a_train_price_corrected_stops_at_the_purchase_it_makes_unaffordable(
    tmp_path: Path,
) -> None:
    """1847 AE 6.8, 6.8.2 (the Krauss script): Saar bought L's 3-train for M100; corrected
    to M60, L has M40 less.  Its later `train L 3 from pool` (M150) finds M140: L owns
    trains, so no forced purchase (6.8.2), and the line is refused, named with its rule;
    nothing is written."""
    game, path = _saved(tmp_path, "1847ae-krauss")
    before = path.read_bytes()
    done = amend(game, _number(game, "train Saar 3 from L 100"), "train Saar 3 from L 60")
    assert done.stop is not None
    assert done.stop.text_said() == (
        "line 63 (`train L 3 from pool`) no longer applies: L has M140, the 3 costs M150; a "
        "director adds money only to a forced purchase (6.8.2)"
    )
    assert game.journal[62].line == "train L 3 from pool"
    assert path.read_bytes() == before
    assert game.state_json() == Game.load(path, read_only=True).state_json()
