"""The screen's package sets asyncio up without TLS (issue 21.4), and nothing is lost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = r"""
import sys
assert "asyncio" not in sys.modules and "ssl" not in sys.modules
import moderator.ui
import asyncio.base_events
assert "ssl" not in sys.modules
assert asyncio.base_events.ssl is None
import ssl  # imported as usual once asyncio is
assert sys.modules["ssl"] is ssl and ssl.create_default_context() is not None

# the table view is served and read in this very process, as by the screen
import tempfile, urllib.request
from pathlib import Path
from moderator.follow import LiveGame
from moderator.game import Game
from moderator.script import parse_line
from moderator.web import start_sharing

with tempfile.TemporaryDirectory() as folder:
    demo = Path("moderator/demo/demo-1846.script").read_text().splitlines()
    lines = [ln for ln in demo if ln.strip() and not ln.lstrip().startswith("#")]
    head = parse_line(lines[0])
    game = Game.new(head.title, list(head.players), path=Path(folder) / "game.json")
    for line in lines[1:8]:
        assert game.execute(line).ok, line
    sharing = start_sharing(LiveGame(game))
    try:
        with urllib.request.urlopen(sharing.url, timeout=10) as page:
            assert page.status == 200 and b'data-player="Amy"' in page.read()
    finally:
        sharing.stop()
        game.close()
print("OK")
"""


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_screen_imports_asyncio_without_tls_and_still_serves_the_table_view() -> None:
    """asyncio comes without :mod:`ssl` (20 M instructions of every start); ``ssl`` still
    imports afterwards, and the players' table view is served and read over HTTP."""
    assert _run(CHECK).strip().endswith("OK")


def test_an_asyncio_imported_before_is_left_as_it_is() -> None:
    code = (
        "import asyncio, asyncio.base_events, sys\n"
        "import moderator.ui\n"
        "assert asyncio.base_events.ssl is sys.modules['ssl'] is not None\n"
        "print('OK')\n"
    )
    assert _run(code).strip() == "OK"


RARE = r"""
import sys
import moderator.ui
import textual.app
from textual.notifications import Notification

# imported on first use only: not by the start of the screen
assert not {"uuid", "platformdirs", "platform"} & set(sys.modules)
identity = Notification("the bank paid").identity
import uuid
assert type(uuid) is type(sys) and str(uuid.UUID(identity)) == identity
assert textual.app.uuid.uuid4().version == 4
downloads = textual.app.user_downloads_path()
import platformdirs
assert type(platformdirs) is type(sys) and downloads == platformdirs.user_downloads_path()
print("OK")
"""


def test_textuals_rarely_used_imports_come_on_first_use() -> None:
    """``uuid`` and ``platformdirs`` (27 M instructions of every start) are imported when
    Textual first uses them: a notification's identity, the screenshots' folder; any
    other importer gets the real modules."""
    assert _run(RARE).strip() == "OK"


def test_a_textual_imported_before_is_left_as_it_is() -> None:
    code = (
        "import sys, textual.app\n"
        "import moderator.ui\n"
        "uuid = sys.modules['uuid']\n"
        "assert type(uuid) is type(sys) and textual.app.uuid is uuid\n"
        "print('OK')\n"
    )
    assert _run(code).strip() == "OK"
