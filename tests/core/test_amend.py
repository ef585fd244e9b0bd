"""Corrections of a past line (issue 39): the amended game is the edited script's game.

A line replaced, inserted or deleted in a sandbox before it, every later line given again
through the rules: either all still apply and the result is, line for line and figure for
figure, the game of the script written so; or the first line that no longer applies is
named (the one the edited script's replay refuses first) and nothing is written.  Keep
rewrites the save with a backup ``NAME.before-amend-N.json`` and the record of the
amendment, which History's lines, the phones' log and ``moderator script`` show.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from amend_games import (
    RECORDED,
    SCRIPTS,
    check_against_the_edited_script,
    edited,
    played,
    recorded_game,
    replay_lines,
)
from conftest import examples
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from moderator.amend import amend
from moderator.errors import Refusal
from moderator.game import Game
from moderator.journal import Amendment
from moderator.script import format_command
from moderator.simulate import Simulation, legal_game


def run_edit(line: str, step: int) -> str:
    """A ``run`` line with its revenue moved by ``step``."""
    words = line.split()
    words[2] = str(max(0, int(words[2]) + step))
    return " ".join(words)


@pytest.mark.parametrize("title", sorted(RECORDED))
def test_a_run_amended_in_a_recorded_game_is_the_game_of_the_script_written_so(
    tmp_path: Path, title: str
) -> None:
    """Acceptance 1: a run in the middle of each title's recorded game, amended; the kept
    save's final state is the edited script's, the record is on the line, the backup
    holds the old game, and ``moderator script`` prints the comment and still replays."""
    game = recorded_game(title)
    assert game.title.upper() == title.upper()
    path = tmp_path / "game.json"
    game.save(path)
    old_script = game.script()
    runs = [n for n, e in enumerate(game.journal, 1) if e.line.startswith("run ")]
    middle = len(game.journal) // 2
    runs.sort(key=lambda n: abs(n - middle))
    for number in runs:
        old = game.journal[number - 1].line
        for step in (10, -10, 20):
            new = run_edit(old, step)
            if new != old and check_against_the_edited_script(game, number, "replace", new):
                break
        else:
            continue
        break
    else:
        pytest.fail(f"no run of {title} could be amended with every later line applying")
    want_lines = edited([e.line for e in game.journal], number, "replace", new)
    want, _ = replay_lines(game, want_lines)
    done = amend(game, number, new)
    kept = done.keep()
    assert kept.backup is not None and kept.backup.name == f"game.before-amend-{number}.json"
    assert Game.load(kept.backup, read_only=True).script() == old_script
    game.close()
    again = Game.load(path, read_only=True)
    assert again.state_json() == want.state_json()
    assert [e.line for e in again.journal] == want_lines
    record = again.journal[number - 1].amended
    assert record and record[-1].line == number
    assert (record[-1].old, record[-1].new) == (old, again.journal[number - 1].line)
    script = again.script()
    comment = f"# amended line {number}: {old} -> {again.journal[number - 1].line}"
    assert comment in script.splitlines()
    assert played(script).state_json() == want.state_json()  # the printed script replays


def random_game(title: str, seed: int, commands: int = 40) -> Game:
    """A short random game of ``title``."""
    if title in ("1846", "1853", "1830"):
        return Simulation(seed=seed, players=4, max_commands=commands, title=title).run()
    return legal_game(title, seed=seed, commands=commands)


@settings(
    max_examples=examples(12),
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # each example replays a game
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    title=st.sampled_from(sorted(RECORDED)),
    seed=st.integers(0, 3),
    where=st.floats(0, 1),
    how=st.sampled_from(["replace", "insert", "delete"]),
    pick=st.integers(0, 1000),
)
def test_any_amendment_is_the_edited_script_or_names_the_first_line_that_stops(
    title: str, seed: int, where: float, how: str, pick: int
) -> None:
    """Acceptance 2: random games of every title, a random line replaced by another legal
    command of its position, deleted, or a legal one inserted before it: the amended game
    is the edited script's, or the first line that no longer applies is named, and the
    real game is untouched."""
    game = random_game(title, seed)
    total = len(game.journal)
    assert total > 2
    number = 1 + int(where * (total - 1))
    before = game.script()
    line = None
    if how != "delete":
        at = Game.new(game.title, [*game.players, *game.options], rules_level=game.rules_level)
        at.state = game.replay(number - 1)
        legal = [format_command(cmd) for cmd in at.legal_commands()]
        if how == "replace":
            legal = [x for x in legal if x != game.journal[number - 1].line] or legal
        assume(legal)  # the setup's first line: the game's own start, nothing else
        line = legal[pick % len(legal)]
    check_against_the_edited_script(game, number, how, line)
    assert game.script() == before  # nothing of the real game changed


def test_no_line_n_and_a_refused_line_are_refusals(tmp_path: Path) -> None:
    game = random_game("1846", 1)
    for bad in (0, -1, len(game.journal) + 1):
        with pytest.raises(Refusal, match=f"no line {bad} to amend"):
            amend(game, bad, "pass Amy")
    with pytest.raises(Refusal, match="is refused"):
        amend(game, 5, "par Nobody PRR 100")
    with pytest.raises(Refusal, match="not a command"):
        amend(game, 5, "game 1846 A B C")


@pytest.mark.parametrize("seed", [0, 2])
def test_a_correction_never_draws_the_setup_draw_again_at_random(seed: int) -> None:
    """18Chesapeake's first line is the draw made at the table (``vanderbilt CORP``): taking
    it out, or putting a line that is no draw before it or in its place, would make the
    tool draw again, at random and unseen (a correction that came out differently each
    time it was tried): refused, or stopped, with the rule; a draw corrected to another
    corporation is a correction like any other."""
    game = random_game("18Chesapeake", seed, 70)
    first = game.journal[0].line
    assert first.startswith("vanderbilt ")
    with pytest.raises(Refusal, match=r"setup draw made at the table.*\(§") as info:
        amend(game, 1, how="delete")
    assert "cannot be taken out" in info.value.message
    bid = game.journal[1].line
    with pytest.raises(Refusal, match=r"setup draw comes first.*\(§"):
        amend(game, 1, bid, how="insert")
    done = amend(game, 1, "note drawn by the table", how="replace")
    # a note may come before the draw: the next line then stops on the draw's rule
    assert done.stop is not None and done.stop.number == 2 and "drawn first" in done.stop.rule
    with pytest.raises(Refusal, match=r"setup draw comes first"):
        amend(game, 1, bid)  # the draw replaced by a line that is no draw
    assert [e.line for e in done.game.journal] == ["note drawn by the table"]
    # the draw corrected: always the same game, never a random one
    other = next(x for x in ("LV", "PRR", "BO", "CA") if f"vanderbilt {x}" != first)
    tries = {
        tuple(e.line for e in amend(game, 1, f"vanderbilt {other}").game.journal) for _ in "ab"
    }
    assert len(tries) == 1 and next(iter(tries))[0] == f"vanderbilt {other}"


def test_a_stop_is_corrected_or_dropped_and_the_replay_goes_on(tmp_path: Path) -> None:
    """The TUI's way: the line that stops is given again corrected, or dropped, and the
    rest goes on; the record names the lines dropped and changed."""
    game = random_game("1846", 3, 120)
    path = tmp_path / "g.json"
    game.save(path)
    total = len(game.journal)
    found = None
    for number in range(2, total):
        done = amend(game, number, how="delete")
        if done.stop is not None:
            found = done
            break
    assert found is not None
    stop = found.stop
    assert stop is not None
    found.drop_stopped()
    while found.go_on() is not None:
        found.drop_stopped()
    record = found.record()
    assert record.line == number and record.new == "" and record.old
    assert f"{stop.number}: {stop.text}" in record.dropped
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest  # nothing written yet
    kept = found.keep()
    assert kept.backup is not None and kept.backup.name == f"g.before-amend-{number}.json"
    holder = game.journal[number - 1] if number <= len(game.journal) else game.journal[-1]
    assert holder.amended[-1] == record
    assert Amendment(line=number, old=record.old, new="").comment().endswith("-> (deleted)")
    game.close()
    again = Game.load(path, read_only=True)
    assert [e.line for e in again.journal] == [e.line for e in game.journal]
    assert any(x.startswith(f"# amended line {number}: ") for x in again.script().splitlines())


def test_earlier_records_stay_on_their_lines(tmp_path: Path) -> None:
    """Two amendments: the first one's record stays on its line through the second."""
    game = played((SCRIPTS / "1846-short-recorded.script").read_text(encoding="utf-8"))
    path = tmp_path / "g.json"
    game.save(path)
    runs = [n for n, e in enumerate(game.journal, 1) if e.line.startswith("run ")]
    kept = 0
    for number in runs:
        old = game.journal[number - 1].line
        done = amend(game, number, run_edit(old, 10))
        if done.done:
            done.keep()
            kept += 1
        if kept == 2:
            break
    assert kept == 2
    game.close()
    again = Game.load(path, read_only=True)
    comments = [x for x in again.script().splitlines() if x.startswith("# amended line ")]
    assert len(comments) == 2
    assert len([e for e in again.journal if e.amended]) == 2
    assert re.fullmatch(r"# amended line \d+: run .* -> run .*", comments[0])


def test_the_phones_log_shows_the_record(tmp_path: Path) -> None:
    """The players' table view follows the amended game; its log gives the record on the
    amended line (a save followed from disk, and the TUI's live game)."""
    from moderator.follow import LiveGame, SaveFollower

    game = played((SCRIPTS / "1846-rulebook-example.script").read_text(encoding="utf-8"))
    path = tmp_path / "g.json"
    game.save(path)
    follower = SaveFollower(path)
    done = amend(game, 49, "run NYC 360 half")
    assert done.done
    done.keep()
    assert follower.refresh()
    for source in (follower, LiveGame(game)):
        log = {e["number"]: e for e in source.snapshot()["log"]}
        assert log[49]["line"] == "run NYC 360 half"
        assert "amended line 49: run NYC 370 half -> run NYC 360 half" in log[49]["narrated"]


@pytest.mark.parametrize("title", sorted(RECORDED))
def test_lines_of_the_opening_auction_draft_bonds_or_claims_amended(title: str) -> None:
    """The first lines of each title's recorded game (1830/1889's private auction,
    1846's draft, 1847's box and first buys, 1853's bonds and claims, 1817's private
    auction, 18Chesapeake's draw and first buys), each replaced by the other commands
    legal there, deleted, or a legal one inserted before it: the amended game is the
    edited script's, or the first later line that no longer applies is named."""
    game = recorded_game(title)
    before = game.script()
    for number in (1, 2, 3, 4):
        at = Game.new(game.title, [*game.players, *game.options], rules_level=game.rules_level)
        at.state = game.replay(number - 1)
        legal = sorted(format_command(cmd) for cmd in at.legal_commands())
        line = game.journal[number - 1].line
        others = [x for x in legal if x != line][:3]
        for other in others:
            check_against_the_edited_script(game, number, "replace", other)
        check_against_the_edited_script(game, number, "delete", None)
        if legal:
            check_against_the_edited_script(game, number, "insert", legal[0])
    assert game.script() == before


def test_a_refused_correction_names_the_line_it_corrects() -> None:
    """A wrong line number shows at once: the refusal names the real line beside the new
    one (1846 demo: line 54 is ERIE's purchase from PRR, not PRR's run, so `run PRR 170
    half` there is refused naming both), and an insertion the line it goes before."""
    demo = SCRIPTS.parent.parent / "moderator" / "demo" / "demo-1846.script"
    game = played(demo.read_text(encoding="utf-8"))
    real = game.journal[53].line
    assert real == "train ERIE 2 from PRR 65"
    with pytest.raises(Refusal) as caught:
        amend(game, 54, "run PRR 170 half")
    assert str(caught.value) == (
        f"line 54 (`{real}`, corrected to `run PRR 170 half`) is refused: PRR has already "
        "operated in this operating round (6.1)"
    )
    with pytest.raises(Refusal, match=re.escape(f"inserted before line 54 (`{real}`), `pass")):
        amend(game, 54, "pass Amy", how="insert")
    with pytest.raises(Refusal, match=re.escape(f"(`{real}`, corrected to `run PRR 1,70`): ")):
        amend(game, 54, "run PRR 1,70")
    assert len(game.journal) == 149 and game.journal[53].line == real  # nothing changed
