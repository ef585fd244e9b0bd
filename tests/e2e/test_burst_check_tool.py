"""The workplace's ``burst-check`` (``../shared/tools/burst-check``) on each shipped demo.

It types seeded bursts of keys into the installed app in tmux and checks that the app
survived and its save loads (issue 27.8).  ``tests/e2e/test_bursts_tmux.py`` does the
same from the project itself, for every title; this runs the tool as a banker's
checklist does, wherever the tool is beside the checkout.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, SHARED

TOOL = SHARED / "tools" / "burst-check"
MODERATOR = Path(sys.executable).with_name("moderator")

pytestmark = [
    pytest.mark.skipif(not TOOL.is_file(), reason=f"the tool is not beside the checkout ({TOOL})"),
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.skipif(
        MODERATOR != REPO / ".venv" / "bin" / "moderator" or not MODERATOR.exists(),
        reason="the tool runs the app installed in the checkout's .venv",
    ),
]


# two demos of different key sets (1846: issue/redeem and independents; 1853: claims, bonds
# and mail): the tool is the same on every title (CI time)
@pytest.mark.parametrize("title", ["1846", "1853"])
def test_burst_check_passes_on_each_demo(title: str) -> None:
    done = subprocess.run(
        ["bash", str(TOOL), title, "--bursts", "4", "--seed", "27"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
