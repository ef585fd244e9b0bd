"""Crash safety (issue 11.4): writers killed with SIGKILL; every acknowledged command kept.

About twenty kills in CI (``crashing.Harness``): a Python writer printing each
acknowledged command (killed after a random number of them, or at a random time,
also while loading, cutting back for an undo or rewriting the whole file), two
writers on one save (the second refused by the lock, never interleaving), ``moderator
play --save`` continuing a save, and the TUI (``moderator open``) under tmux.  After
each kill the save loads, is a prefix of the script and holds every acknowledged
command.  ``scripts/crash_harness.py --kills 1000`` is the long run.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from crashing import TMUX, CrashCheckFailed, Harness, make_script

from moderator.game import Game


@pytest.fixture(scope="module")
def script(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A simulated 1846 game of 300 commands as a banker script."""
    return make_script(tmp_path_factory.mktemp("script"), seed=5, commands=300)


def test_twenty_kills_lose_no_acknowledged_command(
    tmp_path: Path, script: tuple[Path, list[str]]
) -> None:
    path, lines = script
    harness = Harness(tmp_path, path, lines, random.Random(20261123))
    plan = (
        ["python"] * 8
        + ["pair", "play", "python", "tui"]
        + ["python"] * 4
        + ["pair", "play", "tui", "python"]
    )
    report = harness.run_plan(plan)
    assert not report.failures, report.text()
    assert sum(report.kills.values()) == 20, report.text()
    assert report.kills["tui"] == 2 and report.kills["play"] == 2, report.text()
    assert report.refused_by_lock == 2
    # every kill that waited for an acknowledgement is checked against it (with this seed:
    # 12 Python writers, 2 pairs, 2 TUIs); the 2 writers killed at a random moment only when
    # they had begun to acknowledge, which a loaded machine makes rarer (issue 18.3)
    assert report.acknowledged >= 16, report.text()
    assert report.longest > 10, report.text()
    # issue 42.2: a copy cut in the last record after each checked kill opens as cut.  How
    # many of those cuts fall just after a ``}}`` depends on the records the kills leave
    # (none has one when every last record is a plain command): that case is checked at
    # every byte of the last records, deterministically, in test_last_cracks.py
    assert report.cut_copies["cut"] >= 10, report.text()


@pytest.mark.parametrize(
    "title",
    ["1847AE", "1847Pfalz", "1847RRRRB", "1853", "1830", "1889", "18Chesapeake", "1817"],
)
def test_kills_of_every_title_lose_no_acknowledged_command(tmp_path: Path, title: str) -> None:
    """Issue 30.6: the other titles too (the long run: ``scripts/crash_harness.py
    --title``): writers killed at random moments of each title's game."""
    path, lines = make_script(tmp_path, seed=7, commands=150, title=title)
    harness = Harness(tmp_path, path, lines, random.Random(f"kills-{title}"))
    report = harness.run_plan(["python"] * 4 + ["play"])
    assert not report.failures, report.text()
    assert sum(report.kills.values()) == 5, report.text()
    assert report.longest > 5, report.text()


def test_a_save_missing_an_acknowledged_command_is_caught(
    tmp_path: Path, script: tuple[Path, list[str]]
) -> None:
    """The check is not empty: a save one command short of what was acknowledged fails it,
    and so does a save that is not the script's game."""
    path, lines = script
    harness = Harness(tmp_path, path, lines, random.Random(1))
    game = Game.new("1846", ["Amy", "Bob", "Carlos", "Dana"], path=harness.save)
    for line in lines[:5]:
        assert game.execute(line).ok
    game.close()
    assert harness.check(5, None, "as written") == 5
    with pytest.raises(CrashCheckFailed, match="holds 5 commands; acknowledged 6"):
        harness.check(6, None, "one short")
    assert harness.check(5, "cmd", "one in flight") == 5
    assert harness.check(6, "undo", "an undo in flight") == 5
    with Game.load(harness.save) as game:
        assert game.execute("note not in the script").ok
    with pytest.raises(CrashCheckFailed, match="not a prefix"):
        harness.check(6, None, "foreign")


def test_tmux_is_here() -> None:
    """The TUI kills need tmux (installed by the project's CI, as for tests/e2e)."""
    assert TMUX is not None
