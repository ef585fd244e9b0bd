"""What a batch command loads (issue 41): the structure, not the time.  Every
``moderator`` process imports ``moderator.cli``, and ``play``, ``state``, ``check`` answer
like ``ls`` only if they load what they use: a title's ruleset only for its own games,
hashing only for a save written or read, no checker to play a script."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import REPO

from moderator.lazy import lazy_module

PROBE = """
import json, sys
before = set(sys.modules)
{run}
sys.stdout.write('\\n')
print(json.dumps(sorted(set(sys.modules) - before)))
"""

NEVER_AT_IMPORT = (
    "moderator.game",
    "moderator.journal",
    "moderator.lock",
    "moderator.state",
    "rulesets",
    "hashlib",
    "secrets",
    "socket",
    "datetime",
    "inspect",
    "dataclasses",
    "shutil",
    "typing",
    "argparse",
    "textual",
    "rich",
    "pydantic",
    "starlette",
    "openpyxl",
)
"""What ``import moderator.cli`` alone never loads."""

NEVER_IN_PLAY = (
    "argparse",
    "shutil",
    "typing",
    "rulesets.g1846",
    "rulesets.g1847ae",
    "rulesets.g1847pfalz",
    "rulesets.g1853",
    "moderator.checker",
    "moderator.ui",
    "moderator.web",
    "moderator.export",
    "hashlib",
    "secrets",
    "socket",
    "datetime",
    "inspect",
    "dataclasses",
    "ast",
    "threading",
    "textual",
    "pydantic",
)
"""What ``moderator play SCRIPT --json`` of an 1830 game never loads (its ruleset and
the core only; no save is written or read; its plain command line is read without
argparse)."""


def _loaded(run: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(run=run)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _offenders(loaded: list[str], never: tuple[str, ...]) -> list[str]:
    return [m for m in loaded if any(m == n or m.startswith(n + ".") for n in never)]


def test_importing_the_command_line_loads_no_game() -> None:
    loaded = _loaded("import moderator.cli")
    assert "moderator.cli" in loaded
    assert _offenders(loaded, NEVER_AT_IMPORT) == []


def test_playing_a_script_loads_its_title_and_the_core_only() -> None:
    script = REPO / "tests" / "scripts" / "1830-privates.script"
    loaded = _loaded(
        f"from moderator.cli import main\nassert main(['play', {str(script)!r}, '--json']) == 0"
    )
    assert {"rulesets.g1830", "moderator.game", "moderator.journal"} <= set(loaded)
    assert _offenders(loaded, NEVER_IN_PLAY) == []


def test_the_probe_sees_what_a_save_loads() -> None:
    """Not vacuous: writing a save loads the hashing the play above goes without."""
    loaded = _loaded(
        "import tempfile, pathlib\n"
        "from moderator.game import Game\n"
        "path = pathlib.Path(tempfile.mkdtemp()) / 'g.json'\n"
        "game = Game.new('1830', ['Amy', 'Bob', 'Cy'], path)\n"
        "game.close()"
    )
    assert "hashlib" in loaded
    assert "secrets" in loaded


def test_a_lazy_module_is_imported_when_a_name_of_it_is_read() -> None:
    name = "colorsys"  # a module nothing here imports
    sys.modules.pop(name, None)
    lazy = lazy_module(name)
    assert name not in sys.modules
    assert lazy.rgb_to_hsv(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0)
    assert name in sys.modules
    real = sys.modules[name]
    original = real.rgb_to_hsv
    try:
        real.rgb_to_hsv = lambda *rgb: "patched"  # a patch on the module is seen
        assert lazy.rgb_to_hsv(0, 0, 0) == "patched"
    finally:
        real.rgb_to_hsv = original
