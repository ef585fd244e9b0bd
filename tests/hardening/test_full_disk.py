"""A disk that fills up under a real write (the hardening audit).

The other full-disk tests raise ENOSPC from a patched ``os.fsync`` or ``os.write``, so a
write never stops half-way.  Here the kernel stops it: ``moderator play`` runs in a child
process whose files may not grow past a few kilobytes (``RLIMIT_FSIZE``), so an append
writes part of its record, then fails (EFBIG, as a full disk fails with ENOSPC).
Nothing accepted is lost, the part written is cut off again, the refusal names the line
and the cause, and the same script played again with room continues the save.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, SHORT_RECORDED

from moderator.game import Game
from moderator.script import parse_script

resource = pytest.importorskip("resource")  # POSIX


def _play(script: Path, save: Path, limit: int | None) -> subprocess.CompletedProcess[str]:
    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a failed write, not a killed process
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "moderator.cli", "play", str(script), "--save", str(save)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        env={**os.environ, "MODERATOR_NO_PICTURE": "1"},
        preexec_fn=limited,  # noqa: PLW1509 - a limit of the child alone, before exec
    )


def _played_before(number: int) -> list[object]:
    """The journal of the recorded script's lines before line ``number``, played here."""
    game: Game | None = None
    for line in parse_script(SHORT_RECORDED.read_text(encoding="utf-8")):
        if line.number >= number:
            break
        if game is None:
            game = Game.from_command(line.command)
        else:
            assert game.execute(line.command).ok
    assert game is not None
    return list(game.journal)


@pytest.mark.parametrize("limit", [9_000, 15_321])
def test_a_disk_full_half_way_through_an_append_loses_nothing_accepted(
    tmp_path: Path, limit: int
) -> None:
    save = tmp_path / "game.json"
    done = _play(SHORT_RECORDED, save, limit)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    refused = done.stderr.strip().splitlines()[-1]
    assert refused.startswith("line ") and ": not saved: cannot write " in refused
    assert "File too large" in refused and refused.count("not saved") == 1
    number = int(refused.split(":")[0].removeprefix("line "))

    data = save.read_bytes()
    assert len(data) <= limit and data.endswith(b"\n")  # the part written was cut off
    game = Game.load(save, read_only=True)  # the full check: checksums, replay, events
    assert game.cut is None and not game.notices()
    assert game.journal == _played_before(number)  # every command before that line

    again = _play(SHORT_RECORDED, save, None)  # room again: the same script continues
    assert again.returncode == 0, again.stderr
    assert Game.load(save, read_only=True).journal == _played_before(10**6)
