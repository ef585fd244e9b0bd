"""End to end: the installed ``moderator`` in a real terminal (tmux), driven by keys.

Starts ``moderator --saves DIR`` in a detached tmux session, plays a short
setup and stock round through the command bar, reads the screen with
``capture-pane`` and checks the save file on disk holds every command; then
the same with every key of a new game sent in one burst.

No fixed sleep and no short timeout (issue 18.3: these tests failed now and then on a
loaded machine): every step waits for the screen to show what it needs, polling
``capture-pane`` up to :data:`PATIENCE`, and a check of several things on one screen
waits until all of them are drawn (a frame may draw one panel before another).  The
title list of the new-game form is driven by what it highlights.
``scripts/e2e_under_load.sh`` runs these tests again and again with both cores busy.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from moderator.game import Game
from moderator.journal import read_save

TMUX = shutil.which("tmux")
MODERATOR = Path(sys.executable).with_name("moderator")

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed, so the terminal test cannot run"
)


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


PATIENCE = 180.0
"""Seconds a step may wait for the screen: generous, since a test only waits this long
when something is wrong (on a quiet machine every step takes well under a second; with
both cores busy and other suites running, a step can take tens of seconds)."""


def screen(session: str, *, colours: bool = False) -> str:
    """What the terminal shows now (with its colour escapes when ``colours``)."""
    return tmux("capture-pane", "-p", *(["-e"] if colours else []), "-t", session)


def wait_until(
    session: str,
    ready: Callable[[str], bool],
    what: str,
    *,
    timeout: float = PATIENCE,
    colours: bool = False,
) -> str:
    """Poll the pane until ``ready(screen)`` holds (a readiness check, not a timing
    assertion); the screen then.  Fails naming ``what`` with the last screen."""
    deadline = time.monotonic() + timeout
    while True:
        shown = screen(session, colours=colours)
        if ready(shown):
            return shown
        if time.monotonic() > deadline:
            size = tmux("display-message", "-p", "-t", session, "#{pane_width}x#{pane_height}")
            raise AssertionError(
                f"{what} never appeared; the screen ({size.strip()}) shows:\n{shown}"
            )
        time.sleep(0.1)


def wait_for(session: str, *texts: str, timeout: float = PATIENCE) -> str:
    """Poll the pane until every one of ``texts`` is on it at once."""
    return wait_until(
        session,
        lambda shown: all(t in shown for t in texts),
        " and ".join(map(repr, texts)),
        timeout=timeout,
    )


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
            # the size options in the same call: no moment with tmux's default 80x24
            tmux(
                "new-session",
                "-d",
                "-s",
                name,
                "-x",
                "120",
                "-y",
                "40",
                "sh",
                ";",
                "set-option",
                "-g",
                "default-size",
                "120x40",
                ";",
                "set-option",
                "-g",
                "window-size",
                "manual",
            )
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
    send(name, "Tab")  # the focus moves at once: what follows is typed into the next field
    tmux("send-keys", "-t", name, "-l", "ERIE PRR MC OI SC TBC")
    wait_for(name, "ERIE PRR MC OI SC TBC")
    send(name, "C-s")
    # the main screen (the form's help also says "Setup"): its header's cash checksum
    wait_for(name, "Setup", "✓ $12,000")
    type_line(name, ":private Amy MS")  # typed at once: nothing may be lost after the ':'

    wait_for(name, "✓ private Amy MS")
    type_line(name, "par Amy GT 60")
    wait_for(name, "Stock round 1")
    type_line(name, "buy Amy GT")
    wait_for(name, "refused", "(5.11)")  # Bob's turn, not Amy's: the rule is named
    send(name, "C-u")
    type_line(name, "par Bob NYC 80")
    # Amy: 400 - 60 (MS) - 80 (debt) - 120 (par); the header's conservation checksum.  The
    # log, the players and the header may be drawn in different frames: wait for all.
    shown = wait_for(name, "✓ par Bob NYC 80", "$80", "✓ $12,000")
    assert "Amy" in shown
    saved = sorted(saves.glob("*.json"))
    assert len(saved) == 1
    lines = [e.line for e in read_save(saved[0]).journal]
    assert lines == [
        "remove ERIE PRR MC OI SC TBC",
        "private Amy MS",
        "par Amy GT 60",
        "par Bob NYC 80",
    ]
    send(name, "Escape")
    send(name, "C-q")


def test_a_burst_of_keys_lands_in_the_fields_typed_for(session: tuple[str, Path]) -> None:
    """One ``send-keys`` call, as a fast typist or a paste: the start screen's key, the
    new-game form's fields with the Tabs between them (the removed privates are not in
    the Tab order), ctrl+s, and a command-bar line
    reach the terminal at once; each lands where it was typed for, none is lost."""
    name, saves = session
    wait_for(name, "New game")
    send(
        name,
        "n",
        "Amy Bob Carlos",
        "Tab",
        "ERIE PRR MC OI SC TBC",
        "Tab",
        "Amy",
        "Tab",
        "Carlos",
        "Tab",
        "Bob",
        "Tab",
        "Bob 60",
        "Tab",
        "Carlos",
        "Tab",
        "Amy",
        "C-s",
        ":par Amy GT 60",
        "Enter",
    )
    wait_for(name, "✓ par Amy GT 60")
    saved = sorted(saves.glob("*.json"))
    assert len(saved) == 1
    data = read_save(saved[0])
    assert list(data.players) == ["Amy", "Bob", "Carlos"]
    assert [e.line for e in data.journal] == [
        "remove ERIE PRR MC OI SC TBC",
        "private Amy MS",
        "private Carlos BIG4",
        "private Bob CWI",
        "private Bob MAIL 60",
        "private Carlos MPC",
        "private Amy LSL",
        "par Amy GT 60",
    ]
    send(name, "Escape")
    send(name, "C-q")


TITLES = ("1846", "1847 AE", "1853")
"""The new-game form's title list, top to bottom, as it names them (the first three)."""
_STYLED_TITLE = re.compile(
    r"((?:\x1b\[[0-9;]*m)+) (" + "|".join(re.escape(t) for t in TITLES) + r")(?: |\x1b)"
)


def highlighted_title(coloured: str) -> str | None:
    """The title the open title list highlights (``None`` while the list is not open):
    of its rows, the one drawn in a style of its own."""
    styles: dict[str, str] = {}
    for row in coloured.splitlines():
        plain = re.sub(r"\x1b\[[0-9;]*m", "", row)
        if "Title" in plain or "▲" in plain or "▼" in plain:
            continue  # the field itself, not a row of its list
        found = _STYLED_TITLE.search(row)
        if found and found.group(2) not in styles:
            styles[found.group(2)] = found.group(1)
    if set(styles) != set(TITLES):
        return None
    unique = [t for t in TITLES if list(styles.values()).count(styles[t]) == 1]
    return unique[0] if len(unique) == 1 else None


def choose_title(name: str, title: str, hint: str) -> None:
    """Open the title list and move its highlight to ``title``, one key at a time, each
    after the list has shown the last one; then pick it (the form shows ``hint``).

    A key sent while the list is still opening goes to the closed field, which swallows
    it (the cause of this test's failures on a loaded machine): so a key that moved
    nothing is sent again, and one that went too far is taken back."""
    send(name, "Enter")  # the title field (focused) opens its list
    now = highlighted_title(
        wait_until(
            name, lambda s: highlighted_title(s) is not None, "the open title list", colours=True
        )
    )
    deadline = time.monotonic() + PATIENCE
    patience = 2.0
    while now != title:
        assert now is not None and time.monotonic() < deadline, f"{title} never highlighted"
        send(name, "Down" if TITLES.index(now) < TITLES.index(title) else "Up")
        try:
            now = highlighted_title(
                wait_until(
                    name,
                    lambda s, was=now: highlighted_title(s) not in (None, was),
                    "the next title highlighted",
                    timeout=patience,
                    colours=True,
                )
            )
        except AssertionError:
            patience = min(2 * patience, 30.0)  # swallowed, or slow: look again, send again
            now = highlighted_title(screen(name, colours=True)) or now
    send(name, "Enter")
    wait_for(name, hint)


def new_game_of(name: str, title: str, hint: str, players: str) -> None:
    """Open the new-game form, pick ``title`` from its list (the form shows ``hint`` for it)
    and type the players."""
    wait_for(name, "New game")
    send(name, "n")
    wait_for(name, "Players")
    send(name, "BTab")  # back to the title (the focus moves at once)
    choose_title(name, title, hint)
    send(name, "Tab")
    tmux("send-keys", "-t", name, "-l", players)


def test_a_new_1847ae_game_in_a_real_terminal(session: tuple[str, Path]) -> None:
    """The title chosen with the keys, four players, the variant ticked; the first stock
    round's starting package on screen; a package item bought through the command bar
    puts Krauss & Co.'s marker on the grid at 100 (4.1)."""
    name, saves = session
    new_game_of(name, "1847 AE", "1847 AE: 3 to 5 players", "Amy Bob Carlos Dana")
    wait_for(name, "Amy Bob Carlos Dana")
    send(name, "Tab")
    send(name, "Space")  # the variant (section 10)
    wait_for(name, "game 1847AE Amy Bob Carlos Dana variant")
    send(name, "C-s")
    # 3.3: the last seat opens the first stock round; the main screen drawn in full
    wait_for(name, "to act Dana", "Starting package (3.3)", "1847 AE variant", "Stock round 1")
    send(name, ":")  # the bar takes the focus at once (MainScreen.move_focus)
    type_line(name, "buy Dana LFK")
    # Krauss & Co.'s marker is on the grid (the log and the grid may be drawn apart)
    wait_until(
        name,
        lambda s: "✓ buy Dana LFK" in s and "LFK" in s.split("Stock market")[-1],
        "LFK bought and on the grid",
    )
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
    new_game_of(name, "1853", "1853: 3 to 6 players", "Amy Bob Carlos")
    wait_for(name, "Amy Bob Carlos")
    send(name, "Tab")
    send(name, "Space")  # the shortened game (2.4)
    wait_for(name, "game 1853 Amy Bob Carlos short")
    send(name, "C-s")
    # the main screen drawn in full
    wait_for(
        name, "Contract bids (2.5)", "Setup — contract bonds (2.5)", "1853 short", "PROVISIONAL"
    )
    send(name, ":")  # the bar takes the focus at once (MainScreen.move_focus)
    type_line(name, "bond Amy 120")
    wait_for(name, "✓ bond Amy 120")
    type_line(name, "bond Bob 160")
    wait_for(name, "✓ bond Bob 160")
    type_line(name, "bond Carlos 100")
    # the bids, or the log if it scrolled there (a terminal smaller than 120x40)
    wait_until(
        name,
        lambda s: (
            "Setup — contract claims (2.5)" in s
            and "Elephant Bob" in s
            and ("◆ Bob" in s or "Seating by bond" in s)
        ),
        "the claims with Bob's Elephant",
    )
    type_line(name, "claim Bob Calcutta EIR")
    wait_for(name, "✓ claim Bob Calcutta EIR")
    saved = sorted(saves.glob("*.json"))
    assert len(saved) == 1
    assert [e.line for e in read_save(saved[0]).journal] == [
        "bond Amy 120",
        "bond Bob 160",
        "bond Carlos 100",
        "claim Bob Calcutta EIR",
    ]
    game = Game.load(saved[0], read_only=True)
    data = game.state_json()
    assert data["short"] is True and data["elephant"] == "Bob"
    assert [p["name"] for p in data["players"]] == ["Bob", "Amy", "Carlos"]
    send(name, "Escape")
    send(name, "C-q")
