"""End to end: the installed ``moderator`` in a real terminal (tmux), driven by keys.

Starts ``moderator --saves DIR`` in a detached tmux session, plays a short
setup and stock round through the command bar, reads the screen with
``capture-pane`` and checks the save file on disk holds every command; then
the same with every key of a new game sent in one burst.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from moderator.game import Game
from moderator.journal import read_save

TMUX = shutil.which("tmux")
MODERATOR = Path(sys.executable).with_name("moderator")

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed, so the terminal test cannot run")


SOCKET = ["moderator-e2e"]
"""The tmux server of the running test: each test starts its own (``-L``), so one test's
server shutting down never takes the next test's session with it."""


def tmux(*args: str) -> str:
    """Run a tmux command on this test's server; its output."""
    assert TMUX is not None
    done = subprocess.run([TMUX, "-L", SOCKET[0], *args], capture_output=True, text=True)
    if done.returncode:
        raise AssertionError(f"tmux {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


def screen(session: str) -> str:
    """What the terminal shows now."""
    return tmux("capture-pane", "-p", "-t", session)


def wait_for(session: str, text: str, timeout: float = 30.0) -> str:
    """Poll the pane until ``text`` appears (a readiness check, not a timing assertion)."""
    deadline = time.monotonic() + timeout
    shown = ""
    while time.monotonic() < deadline:
        shown = screen(session)
        if text in shown:
            return shown
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared; the screen shows:\n{shown}")


@pytest.fixture
def session(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A tmux session running the installed moderator on an empty saves folder."""
    if not MODERATOR.exists():
        pytest.skip(f"the moderator script is not installed next to {sys.executable}")
    saves = tmp_path / "saves"
    name = f"moderator-e2e-{uuid.uuid4().hex[:8]}"
    SOCKET[0] = name
    for attempt in range(3):
        try:  # the server of the test before may be exiting (its last session killed)
            tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", "sh")
            break
        except AssertionError:
            if attempt == 2:
                raise
            time.sleep(0.5)
    # A server of its own starts with tmux's defaults (80x24, sized by the latest client):
    # pin the window to 120x40 so no resize reaches the app while keys are typed.
    tmux("set-option", "-g", "default-size", "120x40")
    tmux("set-option", "-g", "window-size", "manual")
    tmux("resize-window", "-t", name, "-x", "120", "-y", "40")
    # Not `exec`: should moderator exit (a crash), the shell keeps the pane open with
    # what it printed, so the failing check shows the traceback on the captured screen.
    tmux(
        "send-keys",
        "-t",
        name,
        "-l",
        f"cd '{tmp_path}' && '{MODERATOR}' --saves '{saves}'; echo \"moderator exited: $?\"",
    )
    tmux("send-keys", "-t", name, "Enter")
    try:
        yield name, saves
    finally:
        subprocess.run([TMUX or "tmux", "-L", name, "kill-server"], capture_output=True)


def send(name: str, *keys: str) -> None:
    """Send keys (tmux key names or literal text with ``-l``)."""
    tmux("send-keys", "-t", name, *keys)


def type_line(name: str, line: str) -> None:
    """Type a literal line and press Enter."""
    tmux("send-keys", "-t", name, "-l", line)
    send(name, "Enter")


def test_new_game_and_commands_in_a_real_terminal(session: tuple[str, Path]) -> None:
    name, saves = session
    wait_for(name, "New game")
    send(name, "n")
    wait_for(name, "Players")
    tmux("send-keys", "-t", name, "-l", "Amy Bob Carlos")
    wait_for(name, "Amy Bob Carlos")
    send(name, "Tab")
    time.sleep(0.3)  # a person looks before typing into the next field
    tmux("send-keys", "-t", name, "-l", "ERIE PRR MC OI SC TBC")
    wait_for(name, "ERIE PRR MC OI SC TBC")
    send(name, "C-s")
    wait_for(name, "Setup")
    type_line(name, ":private Amy MS")  # typed at once: nothing may be lost after the ':'

    wait_for(name, "✓ private Amy MS")
    type_line(name, "par Amy GT 60")
    wait_for(name, "Stock round 1")
    type_line(name, "buy Amy GT")
    shown = wait_for(name, "refused")
    assert "(5.11)" in shown  # Bob's turn, not Amy's: the rule is named
    send(name, "C-u")
    type_line(name, "par Bob NYC 80")
    shown = wait_for(name, "✓ par Bob NYC 80")
    assert "Amy" in shown and "$80" in shown  # Amy: 400 - 60 (MS) - 80 (debt) - 120 (par)
    assert "✓ $12000" in shown  # conservation checksum
    saved = sorted(saves.glob("*.json"))
    assert len(saved) == 1
    lines = [e.line for e in read_save(saved[0]).journal]
    assert lines == ["remove ERIE PRR MC OI SC TBC", "private Amy MS", "par Amy GT 60",
                     "par Bob NYC 80"]
    send(name, "Escape")
    send(name, "C-q")


def test_a_burst_of_keys_lands_in_the_fields_typed_for(session: tuple[str, Path]) -> None:
    """One ``send-keys`` call, as a fast typist or a paste: the start screen's key, the
    new-game form's fields with the Tabs between them (the removed privates are not in
    the Tab order), ctrl+s, and a command-bar line
    reach the terminal at once; each lands where it was typed for, none is lost."""
    name, saves = session
    wait_for(name, "New game")
    send(name, "n", "Amy Bob Carlos", "Tab", "ERIE PRR MC OI SC TBC", "Tab",
         "Amy", "Tab", "Carlos", "Tab", "Bob", "Tab", "Bob 60", "Tab", "Carlos",
         "Tab", "Amy", "C-s", ":par Amy GT 60", "Enter")
    wait_for(name, "✓ par Amy GT 60")
    saved = sorted(saves.glob("*.json"))
    assert len(saved) == 1
    data = read_save(saved[0])
    assert list(data.players) == ["Amy", "Bob", "Carlos"]
    assert [e.line for e in data.journal] == [
        "remove ERIE PRR MC OI SC TBC", "private Amy MS", "private Carlos BIG4",
        "private Bob CWI", "private Bob MAIL 60", "private Carlos MPC", "private Amy LSL",
        "par Amy GT 60"]
    send(name, "Escape")
    send(name, "C-q")


def new_game_of(name: str, downs: int, hint: str, players: str) -> None:
    """Open the new-game form, pick the title ``downs`` places below 1846 in its list (the
    form shows ``hint`` for it) and type the players."""
    wait_for(name, "New game")
    send(name, "n")
    wait_for(name, "Players")
    send(name, "BTab")  # back to the title
    send(name, "Enter")
    time.sleep(0.3)  # the title's list opens
    for _ in range(downs):
        send(name, "Down")
    send(name, "Enter")
    wait_for(name, hint)
    send(name, "Tab")
    tmux("send-keys", "-t", name, "-l", players)


def test_a_new_1847ae_game_in_a_real_terminal(session: tuple[str, Path]) -> None:
    """The title chosen with the keys, four players, the variant ticked; the first stock
    round's starting package on screen; a package item bought through the command bar
    puts Krauss & Co.'s marker on the grid at 100 (4.1)."""
    name, saves = session
    new_game_of(name, 1, "1847 AE: 3 to 5 players", "Amy Bob Carlos Dana")
    wait_for(name, "Amy Bob Carlos Dana")
    send(name, "Tab")
    send(name, "Space")  # the variant (section 10)
    wait_for(name, "game 1847AE Amy Bob Carlos Dana variant")
    send(name, "C-s")
    wait_for(name, "to act Dana")  # 3.3: the last seat opens the first stock round
    shown = wait_for(name, "Starting package (3.3)")  # the main screen drawn in full
    assert "1847AE variant" in shown and "Stock round 1" in shown
    send(name, ":")
    time.sleep(0.5)  # a person sees the bar open before typing into it
    type_line(name, "buy Dana LFK")
    shown = wait_for(name, "✓ buy Dana LFK")
    assert "LFK" in shown.split("Stock market")[-1]  # Krauss & Co.'s marker is on the grid
    saved = sorted(saves.glob("*.json"))
    assert len(saved) == 1
    assert [e.line for e in read_save(saved[0]).journal] == ["buy Dana LFK"]
    game = Game.load(saved[0], read_only=True)
    assert game.players == ["Amy", "Bob", "Carlos", "Dana"]
    assert game.state_json()["variant"] is True
    assert game.state_json()["krauss"]["price"] == 100  # 4.1: Krauss & Co. starts at 100
    send(name, "Escape")
    send(name, "C-q")


def test_a_new_1853_game_in_a_real_terminal(session: tuple[str, Path]) -> None:
    """1853 chosen with the keys, three players, the shortened game ticked; the bonds and
    a contract claim given through the command bar; the seats follow the bonds and the
    largest takes the Elephant (2.5.3)."""
    name, saves = session
    new_game_of(name, 2, "1853: 3 to 6 players", "Amy Bob Carlos")
    wait_for(name, "Amy Bob Carlos")
    send(name, "Tab")
    send(name, "Space")  # the shortened game (2.4)
    wait_for(name, "game 1853 Amy Bob Carlos short")
    send(name, "C-s")
    shown = wait_for(name, "Contract bids (2.5)")  # the main screen drawn in full
    assert "Setup — contract bonds (2.5)" in shown and "1853 short" in shown
    assert "PROVISIONAL" in shown
    send(name, ":")
    time.sleep(0.5)  # a person sees the bar open before typing into it
    type_line(name, "bond Amy 120")
    wait_for(name, "✓ bond Amy 120")
    type_line(name, "bond Bob 160")
    wait_for(name, "✓ bond Bob 160")
    type_line(name, "bond Carlos 100")
    shown = wait_for(name, "Setup — contract claims (2.5)")
    assert "Elephant Bob" in shown
    assert "◆ Bob" in shown or "Seating by bond" in shown  # the bids, or the log if it
    # scrolled there (a terminal smaller than 120x40)
    type_line(name, "claim Bob Calcutta EIR")
    wait_for(name, "✓ claim Bob Calcutta EIR")
    saved = sorted(saves.glob("*.json"))
    assert len(saved) == 1
    assert [e.line for e in read_save(saved[0]).journal] == [
        "bond Amy 120", "bond Bob 160", "bond Carlos 100", "claim Bob Calcutta EIR"]
    game = Game.load(saved[0], read_only=True)
    data = game.state_json()
    assert data["short"] is True and data["elephant"] == "Bob"
    assert [p["name"] for p in data["players"]] == ["Bob", "Amy", "Carlos"]
    send(name, "Escape")
    send(name, "C-q")
