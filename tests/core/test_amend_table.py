"""What a correction changes on the table (issue 39, the bank never acts unseen): the
engine lists every figure of the real game that differs in the corrected one, before and
after (:func:`moderator.sandbox_table.table_changes`), in every title; money stays
conserved; a correction that changes nothing writes nothing; a correction that ends the
game earlier stops on the first line after the end, and the rest may be dropped; the kept
save opens with the shell's ``state``, ``score``, ``check`` and ``script``."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from amend_games import RECORDED, recorded_game

from moderator.amend import Amended, amend
from moderator.cli import main
from moderator.errors import Refusal
from moderator.game import Game
from moderator.sandbox_table import table_changes


def files(folder: Path) -> dict[str, str]:
    """Every file of the folder (not the lock, which an open game holds) and its hash."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if not p.name.endswith(".lock")
    }


def amended_run(game: Game) -> Amended:
    """The run nearest the middle of ``game`` whose revenue moves by $10, $20 or -$10
    with every later line still applying, amended (not kept)."""
    runs = [n for n, e in enumerate(game.journal, 1) if e.line.startswith("run ")]
    middle = len(game.journal) // 2
    for number in sorted(runs, key=lambda n: abs(n - middle)):
        words = game.journal[number - 1].line.split()
        for step in (10, 20, -10):
            if int(words[2]) + step < 0:
                continue
            try:
                done = amend(
                    game, number, " ".join([*words[:2], str(int(words[2]) + step), *words[3:]])
                )
            except Refusal:
                continue
            if done.done and not done.unchanged():
                return done
    raise AssertionError(f"no run of {game.title} to amend")


def money(text: str) -> int:
    """``$1,150`` / ``¥80`` / ``M66`` as a number (``—``: 0)."""
    digits = "".join(ch for ch in text if ch.isdigit() or ch == "-")
    return int(digits) if digits.strip("-") else 0


@pytest.mark.parametrize("title", sorted(RECORDED))
def test_a_corrected_run_lists_every_figure_to_change_on_the_table(
    tmp_path: Path, title: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every title: a run amended; each player's and company's cash that differs is listed
    with its holder, and only those; the money moved adds up to nothing (the bank's share
    included where the bank is finite); the list survives the keep, and the kept save
    opens with ``state``, ``score``, ``check`` and ``script``."""
    game = recorded_game(title)
    path = tmp_path / "game.json"
    game.save(path)
    done = amended_run(game)
    changes = done.on_table()
    assert changes, title
    before, after = game.state_json(), done.game.state_json()
    listed = {(c.holder, c.what): c for c in changes}
    for key, rows in (("name", "players"), ("id", "companies")):
        what = "cash" if rows == "players" else "treasury"
        new = {row[key]: row for row in after[rows]}
        for row in before[rows]:
            if row.get("kind") == "private":
                continue
            differs = row.get("cash") != new[row[key]].get("cash")
            assert ((row[key], what) in listed) == differs, (title, row[key])
    moved = [money(c.delta) for c in changes if c.what in ("cash", "treasury")]
    assert sum(moved) == 0 or before["bank"]["cash"] is None, (title, changes)
    if after["bank"]["cash"] is not None:
        assert after["total_cash"] == after["starting_total"]
    said = [c.text() for c in changes]
    kept = done.keep()
    assert kept.backup is not None and not kept.unchanged
    assert [c.text() for c in done.on_table()] == said  # what the keep changed
    assert table_changes(game, done.game) == []  # the real game is the corrected one now
    game.close()
    capsys.readouterr()
    for args in (["state"], ["score"], ["script"]):
        assert main([*args[:1], str(path)]) == 0, (title, args)
    assert main(["check", str(path), *done.new.split()[:3]]) in (0, 1)
    out = capsys.readouterr()
    assert out.out and "Traceback" not in out.err
    assert f"# amended line {done.number}: " in Game.load(path, read_only=True).script()


def test_the_shell_prints_what_to_change_on_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``moderator amend`` ends with the list (``--dry-run``: what the keep would change)."""
    game = recorded_game("1830")
    path = tmp_path / "g.json"
    game.save(path)
    done = amended_run(game)
    game.close()
    number, line = done.number, done.new
    assert main(["amend", str(path), str(number), line, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "on the table, the keep would change (" in out
    for change in done.on_table():
        assert f"  {change.text()}" in out.splitlines()
    assert main(["amend", str(path), str(number), line]) == 0
    out = capsys.readouterr().out
    assert "on the table, change (" in out and "the bank: cash " in out


def test_a_correction_that_changes_nothing_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A line "corrected" to what it was: the keep writes no backup, no record, not a byte
    of the save; the shell says so and exits 0."""
    game = recorded_game("1846")
    path = tmp_path / "g.json"
    game.save(path)
    before = files(tmp_path)
    number = len(game.journal) // 2
    done = amend(game, number, game.journal[number - 1].line)
    assert done.done and done.unchanged() and done.on_table() == []
    kept = done.keep()
    assert kept.unchanged and kept.backup is None and "nothing changed" in kept.text()
    assert done.recorded is None and not any(e.amended for e in game.journal)
    assert files(tmp_path) == before
    game.close()
    line = Game.load(path, read_only=True).journal[number - 1].line
    assert main(["amend", str(path), str(number), line]) == 0
    assert f"line {number} unchanged" in capsys.readouterr().out
    assert files(tmp_path) == before
    # another text of the same line is a change of the journal: kept (events alone equal)
    other = amend(game, number, how="delete")
    assert not other.unchanged()


def test_a_correction_that_ends_the_game_earlier_stops_then_the_rest_is_dropped(
    tmp_path: Path,
) -> None:
    """1847AE: a withheld run so large the bank breaks ends the game at that set's end;
    the first later line stops with the rule ("the game has ended"), the banker drops it
    and the rest; the keep records them dropped and the table's list says the game ends."""
    game = recorded_game("1847AE")
    path = tmp_path / "g.json"
    game.save(path)
    number = 70
    assert game.journal[number - 1].line.startswith("run L ")
    done = amend(game, number, "run L 9000 withhold")
    assert done.stop is not None and "the game has ended" in done.stop.rule
    with pytest.raises(Refusal, match="no longer applies"):
        done.keep()
    while done.stop is not None:
        done.drop_stopped()
        done.go_on()
    assert done.game.state_json()["ended"]
    changes = {(c.holder, c.what): c for c in done.on_table()}
    assert changes[("the game", "end")].after != "goes on"
    assert changes[("L", "treasury")].delta.startswith("+")
    record = done.record()
    assert len(record.dropped) == len(game.journal) - len(done.game.journal)
    done.keep()
    game.close()
    again = Game.load(path, read_only=True)
    assert again.state_json()["ended"] and len(again.journal) == len(done.game.journal)


@pytest.mark.parametrize(
    ("title", "number", "how", "line", "want"),
    [
        # the last line deleted: the bankruptcy undone, BM's presidency back, the game on
        ("1830", 366, "delete", None, {("BM", "president"), ("the game", "end")}),
        # 1817: a second loan taken (the price marker moves down a space for it)
        ("1817", 82, "replace", "loan AS 2", {("AS", "loans"), ("AS", "price")}),
        # 1817: the first 2+ not bought: the phase stays 2
        ("1817", 83, "delete", None, {("the game", "phase"), ("AS", "trains")}),
        # a purchase of another corporation's share (1846: a share bought from the treasury
        # pays the corporation, 5.33; the row says the title's word)
        (
            "1846",
            18,
            "replace",
            "buy Player2 PRR ipo",
            {
                ("Player2", "BO shares"),
                ("Player2", "PRR shares"),
                ("PRR", "shares in the treasury"),
            },
        ),
        # a par corrected: the price marker and every later payout
        ("1830", 306, "replace", "par One CPR 76", {("CPR", "price"), ("One", "cash")}),
        # sales: a second share sold, another corporation's share sold
        ("1889", 65, "replace", "sell Two UR 2", {("Two", "UR shares"), ("UR", "treasury")}),
        ("1847AE", 19, "replace", "sell A L 2", {("L", "price"), ("L", "shares in the bank pool")}),
        ("18Chesapeake", 59, "replace", "sell Two BO 1", {("SRR", "price"), ("Two", "BO shares")}),
    ],
)
def test_a_purchase_par_sale_presidency_phase_or_loan_corrected(
    title: str, number: int, how: str, line: str | None, want: set[tuple[str, str]]
) -> None:
    """A purchase, a par, a sale corrected; markers other than money: a presidency, the
    phase, trains, 1817's loans.  The money listed adds up to nothing."""
    game = recorded_game(title)
    done = amend(game, number, line, how=how)  # type: ignore[arg-type]
    assert done.done, done.stop
    changes = done.on_table()
    assert want <= {(c.holder, c.what) for c in changes}
    if game.state_json()["bank"]["cash"] is not None:
        assert sum(money(c.delta) for c in changes if c.what in ("cash", "treasury")) == 0


def test_line_0_is_the_game_line_and_says_how_players_are_renamed() -> None:
    """The ``game`` line (title, players) is no line of the journal: a correction cannot
    change it (every later line names the players); the refusal says what to do."""
    game = recorded_game("1846")
    with pytest.raises(Refusal, match="0 is the `game` line") as info:
        amend(game, 0, "pass Amy")
    assert "moderator script" in info.value.message


def test_the_list_in_words_a_bank_paid_past_its_cash_and_a_bond() -> None:
    """1853's short game, the bank broken (it holds -£230): a run paid £10 more moves £1 a
    share to its holders; a bond bid higher moves the player's cash into the bond."""
    game = recorded_game("1853")
    assert game.journal[35].line == "run GIP 200 full mail 20"
    said = [c.text() for c in amend(game, 36, "run GIP 210 full mail 20").on_table()]
    assert said == [
        "the bank: cash -£230 → -£236 (-£6)",
        "Fay: cash £350 → £354 (+£4)",
        "Gus: cash £300 → £302 (+£2)",
    ]
    said = [c.text() for c in amend(game, 2, "bond Fay 110").on_table()]
    assert said == ["Fay: cash £350 → £340 (-£10)", "Fay: bond £100 → £110 (+£10)"]
