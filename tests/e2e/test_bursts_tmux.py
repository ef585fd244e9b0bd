"""End to end: bursts of keys through the installed ``moderator`` in a real terminal (tmux).

Issue 18.1: on the 1846 demo (OR 3.1) ``r 9 0 Enter d r 1 0 0 Enter d`` sent in one
``tmux send-keys`` killed the app (``DuplicateIds 'run-dialog'``) and the process
exited 0.  Here that burst, then seeded random bursts on each title's demo (each one
``send-keys`` call), go through the real app; it must keep running, act on every key
in order, quit with status 0 on ``ctrl+q``, and leave a save that loads.

The app runs as the pane's command under ``sh -c`` (no interactive shell): should it
die, the keys after it reach no shell, and the pane shows its exit status.  Every wait
polls the screen for a text (readiness, not timing); nothing sleeps for a fixed time.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from moderator.game import Game
from moderator.simulate import BOX_TITLES, legal_game

TMUX = shutil.which("tmux")
MODERATOR = Path(sys.executable).with_name("moderator")
EXITED = "BURSTS-EXITED rc="

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed, so the terminal test cannot run"
)


class Terminal:
    """A tmux server of its own running ``moderator demo TITLE`` on a fresh saves folder."""

    def __init__(self, tmp_path: Path, title: str) -> None:
        self.title = title
        self.socket = f"moderator-bursts-{uuid.uuid4().hex[:8]}"
        self.saves = tmp_path / "saves"
        self.saves.mkdir()
        start = f"demo {title}"
        if title in BOX_TITLES:  # no shipped demo: a random legal game of the title
            game = legal_game(title, seed=5, commands=90)
            game.save(self.saves / "game.json")
            game.close()
            start = f"open '{self.saves / 'game.json'}'"
        command = (
            f"cd '{tmp_path}' && '{MODERATOR}' --saves '{self.saves}' {start}; "
            f"echo {EXITED}$?; sleep 600"
        )
        self.tmux("new-session", "-d", "-s", "b", "-x", "120", "-y", "40", "sh", "-c", command)

    def tmux(self, *args: str) -> str:
        """A tmux command on this terminal's server; its output."""
        assert TMUX is not None
        done = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True)
        if done.returncode:
            raise AssertionError(f"tmux {' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def screen(self) -> str:
        """What the terminal shows now."""
        return self.tmux("capture-pane", "-p", "-t", "b")

    def wait_for(self, text: str, timeout: float = 90.0) -> str:
        """Poll the screen until ``text`` shows (a readiness check, not a timing test); a
        crash shows at once, with the screen."""
        deadline = time.monotonic() + timeout
        shown = ""
        while time.monotonic() < deadline:
            shown = self.screen()
            if text in shown:
                return shown
            if EXITED in shown and EXITED not in text:
                raise AssertionError(f"the app exited while waiting for {text!r}:\n{shown}")
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen shows:\n{shown}")

    def send(self, *keys: str) -> None:
        """Keys in one ``send-keys`` call: tmux key names, any other word typed as text."""
        self.tmux("send-keys", "-t", "b", *keys)

    def quit(self) -> None:
        """``ctrl+q`` (after every key sent before it, in order): the app exits with 0
        (else the failure shows what it printed: the traceback, the line naming the save)."""
        self.send("C-q")
        shown = self.wait_for(EXITED)
        status = int(shown.split(EXITED, 1)[1].split()[0])
        if status != 0:
            printed = self.tmux("capture-pane", "-p", "-t", "b", "-S", "-400")
            raise AssertionError(f"the app exited with {status}:\n{printed}")

    def close(self) -> None:
        subprocess.run([TMUX or "tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def terminal(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Terminal]:
    if not MODERATOR.exists():
        pytest.skip(f"the moderator script is not installed next to {sys.executable}")
    term = Terminal(tmp_path, getattr(request, "param", "1846"))
    try:
        yield term
    finally:
        term.close()


def saved_lines(saves: Path) -> list[str]:
    """The journal of the one save in ``saves`` (it must load: replayed, checksums)."""
    [path] = [p for p in saves.glob("*.json") if not p.name.startswith(".")]
    game = Game.load(path, read_only=True)
    try:
        return [entry.line for entry in game.journal]
    finally:
        game.close()


def test_the_burst_of_issue_18_1(terminal: Terminal) -> None:
    terminal.wait_for("palette")  # the main screen's footer is drawn
    before = len(saved_lines(terminal.saves))
    terminal.send("r", "9", "0", "Enter", "d", "r", "1", "0", "0", "Enter", "d")
    # PRR ran and is done; IC's run dialog stays open with 100 typed, refused (6.61)
    terminal.wait_for("IC has no train")
    terminal.send("Escape")
    terminal.quit()
    assert saved_lines(terminal.saves)[before:] == ["run PRR 90 full", "done PRR"]


def test_esc_typed_at_once_before_a_key_is_esc(terminal: Terminal) -> None:
    """Issue 37.2, in a real terminal: ``r 5 0 Esc r 6 0 Enter`` in one ``send-keys`` (the
    Esc and the ``r`` within the escape delay) ran PRR for 5060; now the Esc closes the
    dialog and ``r 6 0 Enter`` runs 60.  Then ``t Esc d``: the list closes, ``d`` ends
    the turn."""
    terminal.wait_for("palette")
    before = len(saved_lines(terminal.saves))
    terminal.send("r", "5", "0", "Escape", "r", "6", "0", "Enter")
    terminal.wait_for("run PRR 60 full")
    terminal.send("t", "Escape", "d")
    terminal.wait_for("done PRR")
    terminal.quit()
    assert saved_lines(terminal.saves)[before:] == ["run PRR 60 full", "done PRR"]


def test_esc_then_a_bracket_typed_at_once_is_esc(terminal: Terminal) -> None:
    """Round 4, in a real terminal: ``r 5 0 Esc [ r 6 0 Enter`` in one ``send-keys``:
    Textual's parser read ``ESC [`` as the start of a key's sequence and, finding none,
    handed out ``[`` and the rest without the Esc, so the run dialog stayed open.  Now
    the Esc closes it and ``[`` is a key that does nothing on the main screen: it rings
    and the keys typed behind it are not used (eighth keys round: it was dropped and ``r 6
    0 Enter`` ran 60); typed after its toast, ``r 6 0 Enter`` runs 60.  The same for ``e
    4 Esc ]``, then ``e 2 0 Enter`` spends 20."""
    terminal.wait_for("palette")
    before = len(saved_lines(terminal.saves))
    terminal.send("r", "5", "0", "Escape", "[", "r", "6", "0", "Enter")
    terminal.wait_for("'[' is no key here")
    terminal.send("r", "6", "0", "Enter")
    terminal.wait_for("run PRR 60 full")
    terminal.send("e", "4", "Escape", "]", "e", "2", "0", "Enter")
    terminal.wait_for("']' is no key here")
    terminal.send("e", "2", "0", "Enter")
    terminal.wait_for("spend PRR 20")
    terminal.quit()
    assert saved_lines(terminal.saves)[before:] == ["run PRR 60 full", "spend PRR 20"]


def test_a_paste_in_a_dialog_is_typed(terminal: Terminal) -> None:
    """A terminal's bracketed paste of ``90`` and Enter into PRR's run dialog runs 90, as
    ``r 9 0 Enter`` does (it went in after the last run filled in: ``r`` then the paste
    ran the last revenue with 90 after it)."""
    terminal.wait_for("palette")
    before = len(saved_lines(terminal.saves))
    terminal.send("r")
    terminal.tmux("set-buffer", "-b", "typed", "90\r")
    terminal.tmux("paste-buffer", "-p", "-b", "typed", "-t", "b")
    terminal.wait_for("run PRR 90 full")
    terminal.quit()
    assert saved_lines(terminal.saves)[before:] == ["run PRR 90 full"]


KEYS = (
    list("eirtvdlbspxhfwgc0123456789")
    + ["Enter"] * 6
    + [
        "Escape",
        "Escape",
        "Left",
        "Right",
        "Up",
        "Down",
        "Tab",
        "BSpace",
        "C-z",
        "C-y",
        "F1",
        "?",
        ":",
        "C-o",
    ]
)
"""tmux names of the keys a banker uses (no ``C-t``: it opens a port; no ``C-q``: it
quits)."""


def random_burst(rnd: random.Random) -> list[str]:
    """Noise of banker keys, or whole commands typed ahead (a dialog key, an amount,
    Enter, the next key), or a line typed in the command bar."""
    kind = rnd.choice(["noise", "commands", "bar"])
    if kind == "noise":
        return [rnd.choice(KEYS) for _ in range(25)]
    if kind == "bar":
        return [
            ":",
            rnd.choice(["undo", "done", "run", "score", "note a [/] b", "pass"]),
            rnd.choice(["Enter", "Escape"]),
        ]
    out: list[str] = []
    for _ in range(4):
        out += [
            rnd.choice("rrrteibsp"),
            rnd.choice("123456789"),
            "0",
            "Enter",
            rnd.choice(["d", "d", "Enter", "Escape", "r"]),
        ]
    return out


@pytest.mark.parametrize("terminal", ["1846", "1847ae", "1853", "1830", *BOX_TITLES], indirect=True)
def test_random_bursts_on_each_demo(terminal: Terminal) -> None:
    """Six seeded bursts (the same every run), each one ``send-keys``; then ``ctrl+q``:
    the app was alive to quit, with status 0, and every save it left loads.  Every
    title: the shipped demos, and a random legal game of 1847 Pfalz and RRRR&B."""
    terminal.wait_for("palette")
    rnd = random.Random(f"bursts-{terminal.title}")
    for _ in range(6):
        terminal.send(*random_burst(rnd))
    terminal.quit()
    for path in terminal.saves.glob("*.json"):
        if not path.name.startswith("."):
            Game.load(path, read_only=True).close()
