"""The core never imports Textual: only `moderator.ui` may."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import REPO

CORE = [
    "moderator",
    "moderator.ledger",
    "moderator.script",
    "moderator.journal",
    "moderator.game",
    "moderator.market",
    "moderator.state",
    "moderator.cli",
    "moderator.commands",
    "moderator.events",
    "moderator.errors",
    "rulesets",
    "rulesets.base",
    "rulesets.g1846",
    "rulesets.g1847ae",
    "rulesets.g1853",
    "moderator.scoring",
    "moderator.checker",
    "moderator.export",
    "moderator.follow",
    "moderator.narrate",
    "moderator.simulate",
]

PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))))
"""


def _textual_modules_after_importing(*names: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *names],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_core_does_not_load_textual() -> None:
    assert _textual_modules_after_importing(*CORE) == []


def test_playing_a_game_does_not_load_textual() -> None:
    """Running the CLI's batch path (not just importing) stays clear of Textual too."""
    probe = PROBE.replace(
        "print(",
        "from moderator.cli import main\n"
        "main(['play', 'tests/scripts/1846-rulebook-example.script', '--json'])\n"
        "sys.stdout.write('\\n')\nprint(",
        1,
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_the_probe_can_see_textual() -> None:
    """The check is not vacuous: importing Textual is visible to it."""
    assert "textual" in _textual_modules_after_importing("textual")
