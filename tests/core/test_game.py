"""The Game API: refusals leave no trace, undo/redo/replay/rewind, autosave, incremental apply."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RULEBOOK_SETUP, SCRIPTS, SHORT_RECORDED, check_invariants, play, refuse

from moderator import commands as c
from moderator import game as game_module
from moderator.errors import Refusal, SaveError
from moderator.events import DividendPaid
from moderator.game import Game
from moderator.journal import read_save
from moderator.script import parse_script
from moderator.state import GameState

EXAMPLE = SHORT_RECORDED.read_text(encoding="utf-8")
"""48 commands over a stock round and an operating round, with an emergency issue."""

SETUP = RULEBOOK_SETUP
SR1 = """
par Amy GT 60
par Bob NYC 80
par Carlos IC 80
buy Amy GT
buy Bob NYC
buy Carlos NYC
buy Amy NYC
"""


def snapshot(game: Game) -> str:
    """The state JSON as text, for equality checks."""
    return json.dumps(game.state_json(), sort_keys=True)


def journaled_lines(text: str) -> list[str]:
    """The non-`game`, non-`expect` lines of a script, as written."""
    return [
        x.text.split("#")[0].strip()
        for x in parse_script(text)
        if not isinstance(x.command, c.GameCmd | c.Expect)
    ]


def prefix_script(text: str, n: int) -> str:
    """The `game` line and the first ``n`` journaled lines of a script."""
    lines = list(parse_script(text))
    return "\n".join([lines[0].text, *journaled_lines(text)[:n]]) + "\n"


# ----------------------------------------------------------------- creation
def test_new_game_refuses_bad_player_lists() -> None:
    with pytest.raises(Refusal, match="same name"):
        Game.new("1846", ["Amy", "amy", "Bob"])
    with pytest.raises(Refusal, match="3 to 5 players|players"):
        Game.new("1846", ["Amy"])
    with pytest.raises(Refusal, match="blank"):
        Game.new("1846", ["Amy", " ", "Bob"])
    with pytest.raises(Refusal, match="unknown title"):
        Game.new("1856", ["A", "B", "C"])


def test_from_command_needs_a_game_line() -> None:
    with pytest.raises(Refusal, match="starts with `game"):
        Game.from_command(c.Pass(player="Amy"))


def test_a_second_game_line_is_refused() -> None:
    game = play(SETUP)
    refuse(game, "game 1846 X Y Z", "already running")


def test_blank_line_is_accepted_and_not_journaled() -> None:
    game = play(SETUP)
    n = len(game.journal)
    outcome = game.execute("   # nothing")
    assert outcome.ok and not outcome.journaled
    assert len(game.journal) == n


# ----------------------------------------------------------------- refusals
@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("buy Amy GT", "not been launched"),  # before any par
        ("par Amy GT 61", "must start at one of"),  # not a starting price
        ("par Zoe GT 60", "Zoe"),
        ("frobnicate", "unknown command"),
        ("run GT 50", ""),  # no operating round yet
        ("adjust bank 5 why", "bank"),
        ("adjust Amy -1000 too much", "only"),
        ("expect Amy cash 1", "expected Amy cash 1"),
    ],
)
def test_refused_commands_leave_no_trace(tmp_path: Path, line: str, fragment: str) -> None:
    path = tmp_path / "g.json"
    game = play(SETUP, path=path)
    on_disk = path.read_bytes()
    journal = list(game.journal)
    refuse(game, line, fragment)
    assert game.journal == journal
    assert path.read_bytes() == on_disk
    assert not game.redo_stack


def test_internal_error_in_a_ruleset_is_a_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    game = play(SETUP)
    before = snapshot(game)

    def broken(state: Any, cmd: Any) -> None:
        state.ledger.bank -= 5  # half-applied change before the crash
        raise KeyError("oops")

    monkeypatch.setattr(game.ruleset, "cmd_par", broken)
    outcome = game.execute("par Amy GT 60")
    assert not outcome.ok
    assert "internal error" in outcome.message and "KeyError" in outcome.message
    assert snapshot(game) == before
    assert game.try_command(c.Par(player="Amy", corp="GT", price=60)) is not None


def test_conservation_check_refuses_created_money(monkeypatch: pytest.MonkeyPatch) -> None:
    game = play(SETUP)
    before = snapshot(game)
    n = len(game.journal)

    def counterfeit(state: Any, cmd: c.Note) -> None:
        state.ledger.players[0].cash += 100  # money from nowhere, not through transfer()

    monkeypatch.setattr(game.ruleset, "cmd_note", counterfeit)
    outcome = game.execute("note a printing press")
    assert not outcome.ok
    assert "cash total" in outcome.message and "starting total" in outcome.message
    assert snapshot(game) == before and len(game.journal) == n
    assert game.try_command(c.Note(text="again")) is not None


@pytest.mark.parametrize("victim", ["write", "fsync"])
def test_failed_autosave_applies_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, victim: str
) -> None:
    """The append fails (disk full) before or after its bytes reached the file: the command
    is refused, the file is cut back to what it was, and the next command saves normally."""
    from moderator import journal

    path = tmp_path / "g.json"
    game = play(SETUP, path=path)
    before, on_disk, n = snapshot(game), path.read_bytes(), len(game.journal)
    real = getattr(journal.os, victim)

    def full_disk(fd: int, *args: Any) -> Any:
        if victim == "write":
            real(fd, args[0][:10])  # half a line lands, then the disk is full
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal.os, victim, full_disk)
    outcome = game.execute("par Amy GT 60")
    assert not outcome.ok
    assert "not saved" in outcome.message and "No space left" in outcome.message
    assert snapshot(game) == before and len(game.journal) == n
    assert path.read_bytes() == on_disk
    monkeypatch.undo()
    assert game.execute("par Amy GT 60").ok
    assert len(read_save(path).journal) == n + 1


# ----------------------------------------------------------------- expect
def test_expect_is_not_journaled(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    game = play(SETUP, path=path)
    on_disk = path.read_bytes()
    n = len(game.journal)
    outcome = game.execute("expect Amy cash 260")
    assert outcome.ok and not outcome.journaled
    assert outcome.message == "as expected"
    assert len(game.journal) == n and path.read_bytes() == on_disk


def test_failed_expect_names_expected_and_actual() -> None:
    game = play(SETUP)
    message = refuse(game, "expect Amy cash 100", "expected Amy cash 100", "260")
    assert "but it is 260" in message
    refuse(game, "expect GT president Bob", "GT president", "nobody")


def test_expect_with_currency_sign_compares_the_number() -> None:
    game = play(SETUP)
    assert game.execute("expect Amy cash $260").ok


# ----------------------------------------------------------------- incremental apply
def test_applying_a_command_never_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    game = play(SETUP)
    calls: list[str] = []
    real_apply = game.ruleset.apply

    def counting_apply(state: Any, cmd: c.Command) -> None:
        calls.append(cmd.kind)
        real_apply(state, cmd)

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("execute() replayed the journal")

    monkeypatch.setattr(game.ruleset, "apply", counting_apply)
    monkeypatch.setattr(Game, "replay", no_replay)
    for script_line in parse_script(SR1):
        calls.clear()
        assert game.execute(script_line.command).ok
        assert calls == [script_line.command.kind], "one command, one apply"


def test_autosave_after_every_accepted_command(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    lines = list(parse_script(EXAMPLE))
    game = Game.from_command(lines[0].command, path=path)
    for line in lines[1:]:
        outcome = game.execute(line.command)
        assert outcome.ok, (line.number, outcome.message)
        on_disk = read_save(path)
        assert [e.command for e in on_disk.journal] == [e.command for e in game.journal]
        if isinstance(line.command, c.Expect):
            assert not outcome.journaled
        else:
            assert on_disk.journal[-1].command == line.command


def test_round_label_of_entries() -> None:
    game = play(SETUP + SR1)
    rounds = [e.round for e in game.journal]
    assert rounds[:7] == ["setup"] * 7
    assert rounds[7:] == ["SR 1"] * 7, "the first par belongs to stock round 1"


def test_a_command_that_ends_a_round_belongs_to_that_round() -> None:
    game = play((SCRIPTS / "1846-rulebook-example.script").read_text(encoding="utf-8"))
    from moderator.events import RoundStarted

    closing = 0
    for n, entry in enumerate(game.journal):
        given_in = game.round_label(game.replay(n))
        if given_in == "setup":  # the first stock-round command belongs to SR 1
            assert entry.round in ("setup", "SR 1")
            continue
        assert entry.round == given_in, (n, entry.line)
        closing += any(isinstance(ev, RoundStarted) for ev in entry.events)
    assert closing >= 3, "the script has commands that end a round"


# ----------------------------------------------------------------- replay / history
def test_replay_n_equals_the_state_after_n_commands() -> None:
    game = play(EXAMPLE)
    total = len(game.journal)
    assert total == len(journaled_lines(EXAMPLE))
    for n in range(total + 1):
        expected = play(prefix_script(EXAMPLE, n))
        assert json.dumps(game.state_json(game.replay(n)), sort_keys=True) == snapshot(expected), n


def test_replay_from_checkpoints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module, "CHECKPOINT_EVERY", 5)
    game = play(EXAMPLE)
    assert len(game._checkpoints) > 5
    for n in (0, 4, 5, 6, 17, 20, len(game.journal)):
        expected = play(prefix_script(EXAMPLE, n))
        assert json.dumps(game.state_json(game.replay(n)), sort_keys=True) == snapshot(expected)
    assert json.dumps(game.state_json(game.replay(10**6)), sort_keys=True) == snapshot(game)


def test_replay_does_not_change_the_game() -> None:
    game = play(EXAMPLE)
    before = snapshot(game)
    game.replay(3)
    assert snapshot(game) == before


# ----------------------------------------------------------------- undo / redo
def test_undo_and_redo(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    game = play(SETUP + SR1, path=path)
    states = [snapshot(play(SETUP + "\n".join(SR1.split("\n")[: k + 1]))) for k in range(8)]
    assert snapshot(game) == states[7]
    undone = [game.undo() for _ in range(3)]
    assert [e.line for e in undone if e] == ["buy Amy NYC", "buy Carlos NYC", "buy Bob NYC"]
    assert snapshot(game) == states[4]
    assert len(read_save(path).journal) == len(game.journal), "undo is saved"
    check_invariants(game)
    assert game.redo() is not None
    assert snapshot(game) == states[5]
    assert game.redo() is not None, "the second redo must still be there"
    assert game.redo() is not None
    assert snapshot(game) == states[7]
    assert game.redo() is None
    assert [e.command for e in read_save(path).journal] == [e.command for e in game.journal]


def test_a_new_command_clears_redo() -> None:
    game = play(SETUP + SR1)
    game.undo()
    assert game.redo_stack
    assert game.execute("note something else").ok
    assert not game.redo_stack
    assert game.redo() is None


def test_undo_on_an_empty_journal() -> None:
    game = play("game 1846 A B C")
    assert game.undo() is None
    assert game.redo() is None


def test_undo_everything_returns_to_the_start() -> None:
    game = play(SETUP + SR1)
    fresh = play("game 1846 Amy Bob Carlos")
    while game.undo():
        pass
    assert snapshot(game) == snapshot(fresh)


# ----------------------------------------------------------------- rewind
def test_rewind_writes_a_backup_and_truncates(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    game = play(EXAMPLE, path=path)
    full = [e.command for e in game.journal]
    backup = game.rewind(10)
    assert backup is not None and backup.exists() and backup != path
    assert [e.command for e in Game.load(backup).journal] == full
    assert len(game.journal) == 10
    assert [e.command for e in read_save(path).journal] == full[:10]
    assert snapshot(game) == snapshot(play(prefix_script(EXAMPLE, 10)))
    assert snapshot(Game.load(path, read_only=True)) == snapshot(game)


def test_rewind_never_overwrites_an_earlier_backup(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    game = play(SETUP + SR1, path=path)
    first = game.rewind(7)
    first_bytes = first.read_bytes() if first else b""
    assert game.execute("par Amy GT 60").ok
    for _ in range(6):
        assert game.execute("note filler").ok
    assert len(game.journal) == 14
    second = game.rewind(7)
    assert first is not None and second is not None and first != second
    assert first.read_bytes() == first_bytes


def test_rewind_to_an_explicit_backup_without_a_save_file(tmp_path: Path) -> None:
    game = play(SETUP + SR1)
    backup = game.rewind(3, backup=tmp_path / "b.json")
    assert backup == tmp_path / "b.json"
    assert len(Game.load(backup).journal) == 14
    assert len(game.journal) == 3


def test_rewind_refuses_a_negative_count() -> None:
    game = play(SETUP)
    with pytest.raises(ValueError):
        game.rewind(-1)
    assert len(game.journal) == 7


# ----------------------------------------------------------------- save / load
def test_state_after_load_equals_state_before_save(tmp_path: Path) -> None:
    game = play(EXAMPLE)
    path = tmp_path / "later.json"
    game.save(path)
    assert game.path == path
    loaded = Game.load(path, read_only=True)
    assert snapshot(loaded) == snapshot(game)
    assert loaded.round_label() == game.round_label()
    # and the loaded game goes on exactly like the original
    assert loaded.legal_commands() == game.legal_commands()


def test_script_replays_to_the_same_state() -> None:
    game = play(EXAMPLE)
    assert snapshot(play(game.script())) == snapshot(game)


def test_load_or_none(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    game, reason = game_module.load_or_none(bad)
    assert game is None and reason and "corrupt" in reason
    with pytest.raises(SaveError):
        Game.load(bad)


# ----------------------------------------------------------------- queries
def test_try_command_changes_nothing() -> None:
    game = play(SETUP)
    before = snapshot(game)
    assert game.try_command(c.Par(player="Amy", corp="GT", price=60)) is None
    assert game.try_command(c.Par(player="Amy", corp="GT", price=61)) is not None
    assert snapshot(game) == before and len(game.journal) == 7


def test_legal_commands_are_accepted() -> None:
    game = play(SETUP + SR1)
    legal = game.legal_commands()
    assert legal, "the ruleset offers something in a stock round"
    before = snapshot(game)
    for cmd in legal:
        assert game.try_command(cmd) is None
    assert snapshot(game) == before


# ----------------------------------------------------------------- whole random games
@pytest.mark.parametrize("seed", [3, 11])
def test_whole_random_game_saves_loads_and_prints_back(tmp_path: Path, seed: int) -> None:
    """A seeded random game to its end: the save reloads (verified), its journal lines parse
    back to their commands, and its script replays to the same final state."""
    from moderator.script import parse_line
    from moderator.simulate import Simulation

    game = Simulation(seed=seed, players=4, max_commands=3000).run()
    assert game.state.ended and game.state_json()["result"]
    for entry in game.journal:
        assert parse_line(entry.line) == entry.command, entry.line
    path = tmp_path / "random.json"
    game.save(path)
    assert snapshot(Game.load(path, read_only=True)) == snapshot(game)
    assert snapshot(play(game.script())) == snapshot(game)
    half = len(game.journal) // 2
    replayed = game.replay(half)
    game.rewind(half)
    assert snapshot(game) == json.dumps(game.state_json(replayed), sort_keys=True)
    assert snapshot(Game.load(path, read_only=True)) == snapshot(game)


# ----------------------------------------------------------------- in place, restored on refusal
def _refusal_probes(game: Game) -> list[c.Command]:
    """Commands to try at a position: the rules' candidates (some refused) and a few the
    rules refuse after starting to act (a purchase beyond the cash, a sale not held)."""
    players = [p.name for p in game.state.ledger.players]
    corps = [co.id for co in game.state.ledger.corporations()][:3]
    probes = list(game.ruleset.candidates(game.state))
    for name in players[:2]:
        for corp in corps:
            probes += [
                c.Sell(player=name, corp=corp, count=9),
                c.Buy(player=name, corp=corp, source="pool"),
            ]
    probes += [c.Run(company=corp, revenue=10_000, option="full") for corp in corps]
    return probes


@pytest.mark.parametrize(
    "title", ["1846", "1847AE", "1853", "1830", "1889", "18Chesapeake", "1817"]
)
def test_a_refused_command_leaves_the_state_as_the_fold_of_the_journal(title: str) -> None:
    """Commands apply to the live state; a refusal rebuilds it from the journal, so after
    one the state JSON is byte-identical and every field equal to what it was."""
    from moderator.simulate import simulate

    game = simulate(1, 4, max_commands=400, title=title)
    positions = sorted({len(game.journal) * k // 5 for k in range(1, 5)})
    tried = refused = 0
    for n in positions:
        while len(game.journal) > n:
            game.undo()
        for cmd in _refusal_probes(game):
            before_json, before = snapshot(game), game.state.clone()
            entries = len(game.journal)
            outcome = game.execute(cmd)
            tried += 1
            if outcome.ok:
                game.undo()
                game.redo_stack.clear()
            else:
                refused += 1
            assert snapshot(game) == before_json, (title, n, cmd)
            assert game.state == before, (title, n, cmd)
            assert len(game.journal) == entries
    assert refused > 20 and tried > refused


def test_a_refusal_keeps_the_fold_as_one_checkpoint_that_undo_drops() -> None:
    """After a refusal the fold is kept as a checkpoint (one at a time): the next refusal
    there starts from it; a refusal elsewhere replaces it; an undo below it drops it, so
    a refusal after another command at the same length rebuilds the new fold."""
    game = play(SETUP + SR1)
    n = len(game.journal)
    bad = c.Par(player="Amy", corp="GT", price=61)
    assert not game.execute(bad).ok
    assert n in game._checkpoints and game._refusal_checkpoint == n
    assert game._checkpoints[n] == game.state == game.replay(n)
    undone = game.undo()
    assert undone is not None and n not in game._checkpoints
    assert not game.execute(bad).ok
    assert game._refusal_checkpoint == n - 1 and list(game._checkpoints) == [0, n - 1]
    others = [x for x in game.legal_commands() if x != undone.command]
    assert others and game.execute(others[0]).ok  # another line at the same length
    assert not game.execute(bad).ok
    fresh = play(SETUP + SR1, check=lambda _: None)
    fresh.undo()
    assert fresh.execute(others[0]).ok
    assert snapshot(game) == snapshot(fresh) and game.state == fresh.state


SCRIPT_TITLES = sorted({path.name.split("-")[0] for path in SCRIPTS.glob("*.script")})
"""The titles of the test scripts, as their names begin (one test each: they spread over
the workers)."""


def _receipts_leave_the_state(
    game: Game, state: GameState, cmd: c.Run, sweep: bool, line: str
) -> None:
    """The run's receipt leaves ``state`` as it found it; with ``sweep``, so do the receipts
    typed on the way there (the screen shows one for every revenue typed), refused ones
    too: any company, option, amount."""
    import pickle

    before = pickle.dumps(state)
    game.ruleset.receipt(state, cmd.company, cmd.revenue, cmd.option, cmd.mail)
    assert pickle.dumps(state) == before, line
    if not sweep:
        return
    for company in sorted(state.ledger.companies):
        for option in (None, "full", "half", "withhold", "split", "bogus"):
            for revenue in (0, 5, cmd.revenue, 10**6):
                try:
                    game.ruleset.receipt(state, company, revenue, option, None)
                except Refusal:
                    pass
        assert pickle.dumps(state) == before, (line, company)


@pytest.mark.parametrize("title", SCRIPT_TITLES)
def test_receipts_only_read_the_state(title: str) -> None:
    """``Game.execute`` computes a run's receipt on the live state: every title's receipt
    must leave the state as it found it (all runs of the recorded test scripts; the typed
    receipts' sweep below at every third run of each script)."""
    runs = 0
    for path in sorted(SCRIPTS.glob(f"{title}-*.script")):
        game = play(path.read_text(encoding="utf-8"))
        state = game.initial_state()  # walked once through the journal: replay(n) at each run
        for entry in game.journal:
            cmd = entry.command
            if isinstance(cmd, c.Run):
                runs += 1
                _receipts_leave_the_state(game, state, cmd, sweep=runs % 3 == 1, line=entry.line)
            game.ruleset.apply(state, cmd)
            state.ledger.events = []
    assert runs > 10


def test_a_runs_outcome_carries_the_receipt_the_rules_paid_from() -> None:
    """``Game.execute`` takes a run's receipt from the run itself (the rules work it out
    before paying): it is the receipt the game would have shown just before the run, and
    its payouts are the money the run moved (all runs of the recorded test scripts)."""
    runs = 0
    for path in sorted(SCRIPTS.glob("*.script")):
        played = play(path.read_text(encoding="utf-8"))
        game = Game.from_command(
            c.GameCmd(title=played.title, players=(*played.players, *played.options))
        )
        for entry in played.journal:
            cmd = entry.command
            expected = None
            if isinstance(cmd, c.Run):
                expected = game.receipt(cmd.company, cmd.revenue, cmd.option, cmd.mail)
            outcome = game.execute(cmd)
            assert outcome.ok, (path.name, entry.line, outcome.message)
            assert outcome.receipt == expected, (path.name, entry.line)
            if expected is None:
                continue
            runs += 1
            paid = [e for e in outcome.events if isinstance(e, DividendPaid)]
            assert len(paid) == 1, (path.name, entry.line)
            assert paid[0].per_share == expected.per_share, (path.name, entry.line)
    assert runs > 100
