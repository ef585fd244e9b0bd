"""Bursts of keys through the real app (issue 18.1-18.2): the strategy and the checks.

A *burst* is a list of keys (and pastes) delivered to the app all at once, as a
terminal delivers a paste, a ``tmux send-keys`` or a fast typist: no key waits
for the one before to be handled.  :func:`bursts` draws them from the keys a
banker uses — every key of the main screen's footer (``moderator.ui.keys``),
digits, Enter, Escape, arrows, Tab, Backspace, ``ctrl+z``/``ctrl+y``, the
keys of the dialogs and other screens, a pasted command line, and ``:``
followed by a typed line — mixed with whole commands typed ahead (a dialog
key, an amount, Enter, the next key) and Esc typed at once before a key, as
``alt+KEY`` (what a terminal's parser makes of the pair within its escape
delay, issue 37.2) or as the two keys.

:func:`check_alive` is the property checked after every burst: the app is
running and raised nothing, no two widgets share an id (no two screens of the
app, no two widgets of one screen), and the open game's state JSON equals the
state of its save replayed from disk (``Game.load``: every journal entry
through today's rules).

Positions: each title's shipped demo and games of ``moderator.simulate`` cut
at a random length, each played into a save in a fresh saves folder.

Used by ``tests/ui/test_bursts.py`` (a bounded, derandomized run in CI) and by
``scripts/bursts.py`` (the long run: ``--examples 2000``).
"""

from __future__ import annotations

import asyncio
import atexit
import json
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import strategies as st
from textual import events
from textual.dom import DOMNode
from textual.pilot import Pilot

from moderator.game import Game
from moderator.saves_index import DEMO_SCRIPTS, make_demo_save
from moderator.simulate import Simulation
from moderator.ui.app import ModeratorApp
from moderator.ui.keys import UI_COMMANDS

SIZE = (120, 40)
"""The terminal the bursts are typed into (the main screen's design size)."""

FOOTER_KEYS = sorted({key for cmd in UI_COMMANDS for key in cmd.key.split(",")})
"""Every key of the main screen's commands (what the footer and help list)."""
SCREEN_KEYS = [
    "y",
    "n",
    "q",
    "f",
    "w",
    "g",
    "k",
    "a",
    "m",
    "o",
    "u",
    "j",
    "space",
    "ctrl+n",
    "ctrl+o",
    "ctrl+u",
    "ctrl+t",
    "question_mark",
]
"""Keys of the other screens and dialogs: confirm, close, switch views, new game, open a
save, the table view's sharing (``ctrl+t``), letters that narrow a choice list."""
NAMED = [
    "enter",
    "enter",
    "enter",
    "escape",
    "escape",
    "up",
    "down",
    "left",
    "right",
    "tab",
    "shift+tab",
    "backspace",
    "home",
    "end",
    "pageup",
    "pagedown",
    "ctrl+z",
    "ctrl+y",
]
"""The named keys a banker uses (Enter and Escape most often)."""
DIGITS = list("0123456789")
OPENERS = [
    "r",
    "r",
    "t",
    "e",
    "i",
    "b",
    "s",
    "p",
    "v",
    "l",
    "h",
    "f",
    "w",
    "g",
    "c",
    "f1",
    "question_mark",
    "ctrl+o",
    "ctrl+n",
]
"""Keys that open a dialog or a screen."""
ESCAPED = list("rtebsplhdxnyoa0123456789") + ["enter", "up", "down", "tab", "backspace"]
"""Keys typed at once after an Esc (a terminal's parser read the pair as Alt+key)."""
KEYS = FOOTER_KEYS + SCREEN_KEYS + NAMED + DIGITS
"""One key of a burst's noise."""
LEFT_OUT = ("ctrl+q", "ctrl+c")
"""Keys never typed: they quit the app (on purpose, not a crash)."""

CHARACTERS = {
    "enter": "\r",
    "tab": "\t",
    "escape": "\x1b",
    "space": " ",
    "colon": ":",
    "slash": "/",
    "question_mark": "?",
    "backspace": "\x7f",
}
"""The character a terminal sends with a named key (``None`` for the others)."""
CHARACTER_KEYS = {
    " ": "space",
    ":": "colon",
    "/": "slash",
    "?": "question_mark",
    '"': "quotation_mark",
    "$": "dollar_sign",
    "£": "pound_sign",
    "-": "minus",
    ".": "full_stop",
    "#": "number_sign",
    "&": "ampersand",
}
"""Textual's key names of the characters a typed command line may hold."""

LINE_WORDS = [
    "run",
    "done",
    "buy",
    "sell",
    "par",
    "pass",
    "train",
    "spend",
    "issue",
    "redeem",
    "undo",
    "note",
    "bond",
    "claim",
    "score",
    "project",
    "check",
    "share",
    "ERIE",
    "PRR",
    "IC",
    "NYC",
    "GT",
    "BO",
    "MS",
    "L",
    "R",
    "EIR",
    "GIP",
    "Amy",
    "Bob",
    "Carlos",
    "Dana",
    "ipo",
    "pool",
    "full",
    "half",
    "withhold",
    "2",
    "4",
    "10",
    "40",
    "60",
    "100",
    "250",
    "$60",
    "£80",
    "-5",
    '"',
    "#",
    "é",
    "🚂",
]
"""Words of typed and pasted lines: verbs, names of every title, amounts, odd text."""


T = TypeVar("T")

Burst = list[str | tuple[str, str]]
"""Keys by Textual name, and ``("paste", TEXT)`` for a paste."""


def command_lines(game_lines: list[str] | None = None) -> st.SearchStrategy[str]:
    """A line of banker script: legal lines of a position when given, or words."""
    words = st.lists(st.sampled_from(LINE_WORDS), min_size=1, max_size=5).map(" ".join)
    if game_lines:
        return st.one_of(st.sampled_from(game_lines), words)
    return words


def typed(line: str) -> list[str]:
    """The keys that type ``line`` a character at a time."""
    return [CHARACTER_KEYS.get(ch, ch) for ch in line]


@st.composite
def bursts(draw: st.DrawFn, lines: list[str] | None = None) -> Burst:
    """One burst: noise of banker keys, whole commands typed ahead, a paste, a typed line."""
    parts: Burst = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(
            st.sampled_from(
                ["noise", "noise", "command", "command", "again", "again", "paste", "bar", "esc"]
            )
        )
        if kind == "noise":
            parts += draw(st.lists(st.sampled_from(KEYS), min_size=1, max_size=12))
        elif kind == "again":
            # open, close, open the same again: a screen or dialog reopened while the one
            # closed is still being removed (issue 18.1's crash was one such)
            once = [
                draw(st.sampled_from(OPENERS)),
                *draw(st.lists(st.sampled_from(KEYS), max_size=3)),
                draw(st.sampled_from(["escape", "enter", "enter"])),
            ]
            parts += once * draw(st.integers(2, 3))
        elif kind == "command":
            # a dialog key, an amount (revenues end in 0), Enter, then the next key (`s` in
            # an operating round is the president's forced sale, a list like the train's)
            parts.append(draw(st.sampled_from(list("rrteibspvdlx"))))
            parts += draw(st.lists(st.sampled_from(DIGITS), max_size=3)) + ["0", "enter"]
            parts.append(draw(st.sampled_from(["d", "d", "enter", "escape", "r", "p", "t"])))
        elif kind == "esc":
            # Esc typed at once before the next key, as a terminal's parser reads it
            # within its escape delay: Alt+key (issue 37.2), or the two keys
            parts.append(draw(st.sampled_from(OPENERS)))
            parts += draw(st.lists(st.sampled_from(KEYS), max_size=4))
            after = draw(st.sampled_from(ESCAPED))
            parts += draw(st.sampled_from([[f"alt+{after}"], ["escape", after]]))
            parts += draw(st.lists(st.sampled_from(KEYS), max_size=4))
        elif kind == "paste":
            parts.append(("paste", draw(command_lines(lines))))
        else:
            parts += [
                "colon",
                *typed(draw(command_lines(lines))),
                draw(st.sampled_from(["enter", "enter", "escape", "tab"])),
            ]
    return parts


def key_event(key: str) -> events.Key:
    """The event a terminal's key makes."""
    if len(key) == 1:
        return events.Key(key, key)
    return events.Key(key, CHARACTERS.get(key))


async def settle(pilot: Pilot[None]) -> None:
    """Let the app hand out every key it holds and finish what they started."""
    app = pilot.app
    for _ in range(200):
        await pilot.pause()
        screen_ready = getattr(app.screen, "ready_for_keys", True) if app.is_running else True
        if not app._held and not app._screens_changing and screen_ready:  # type: ignore[attr-defined]
            break
    await pilot.pause()
    await pilot.pause()


async def send(pilot: Pilot[None], burst: Burst) -> None:
    """Deliver the burst all at once, then let the app settle."""
    app = pilot.app
    for part in burst:
        event: events.Event = events.Paste(part[1]) if isinstance(part, tuple) else key_event(part)
        event.set_sender(app)
        app.post_message(event)
    await settle(pilot)


def duplicate_ids(app: ModeratorApp) -> list[str]:
    """Ids that two screens of the app, or two widgets of one screen, share."""
    found: list[str] = []

    def twice(nodes: list[DOMNode], where: str) -> None:
        counts = Counter(n.id for n in nodes if n.id is not None)
        found.extend(f"{where}#{i}" for i, n in counts.items() if n > 1)

    screens = list(app.children)
    twice(screens, "app")
    for screen in screens:
        twice(list(screen.walk_children(with_self=False)), type(screen).__name__)
    return found


def replayed_state(path: Path) -> dict[str, object]:
    """The state of the save at ``path`` replayed from disk (every entry through the rules)."""
    game = Game.load(path, read_only=True)
    try:
        return json.loads(json.dumps(game.state_json()))
    finally:
        game.close()


def check_alive(app: ModeratorApp, burst: Burst) -> None:
    """The property after a burst (see the module docstring)."""
    assert app._exception is None, f"the app raised {app._exception!r} after {burst}"
    assert app.is_running, f"the app stopped after {burst}"
    doubled = duplicate_ids(app)
    assert not doubled, f"ids used twice {doubled} after {burst}"
    game = app.game
    if game is None or game.path is None:
        return
    live = json.loads(json.dumps(game.state_json()))
    assert live == replayed_state(game.path), (
        f"the state on screen differs from its save replayed, after {burst}"
    )


@dataclass(frozen=True)
class Position:
    """A game to type into: a save in a folder of its own (copied for each run)."""

    name: str
    save: Path
    lines: tuple[str, ...]
    """Legal command lines of the position (what a paste or the bar may type)."""


def _lines(game: Game) -> tuple[str, ...]:
    from moderator.script import format_command

    try:
        legal = game.legal_commands()
    except Exception:  # a position where the rules list nothing: words only
        return ()
    return tuple(format_command(cmd) for cmd in legal[:40])


def demo_position(title: str, folder: Path) -> Position:
    """The shipped demo of ``title`` played into a save in ``folder``."""
    saves = folder / f"demo-{title.lower()}"
    path = make_demo_save(saves, DEMO_SCRIPTS[title.upper()])
    game = Game.load(path, read_only=True)
    try:
        return Position(f"demo {title}", path, _lines(game))
    finally:
        game.close()


def simulated_position(title: str, seed: int, commands: int, folder: Path) -> Position:
    """A random game of ``moderator.simulate`` cut after ``commands`` commands."""
    game = Simulation(seed=seed, title=title, max_commands=commands, players=3 + seed % 3).run()
    saves = folder / f"sim-{title.lower()}-{seed}-{commands}"
    saves.mkdir(parents=True)
    path = saves / "game.json"
    game.save(path)
    lines = _lines(game)
    game.close()
    return Position(f"{title} seed {seed} after {commands}", path, lines)


def scratch() -> Path:
    """A folder for the positions' saves, removed when the interpreter exits."""
    folder = Path(tempfile.mkdtemp(prefix="bursts-positions-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def fresh_copy(position: Position, folder: Path | None = None) -> Path:
    """A saves folder of its own (``folder``, or a new temporary one) holding a copy of
    the position's save; the copy's path."""
    saves = folder if folder is not None else Path(tempfile.mkdtemp(prefix="bursts-"))
    saves.mkdir(parents=True, exist_ok=True)
    shutil.copy2(position.save, saves / position.save.name)
    return saves / position.save.name


def keys_of(text: str) -> Burst:
    """A burst written as key names separated by spaces (``r 9 0 enter d``)."""
    return list(text.split())


class QuietShare:
    """Stands in for the table view's server start (``ctrl+t``): the sharing screen
    opens and says what it would do, but no port is opened by a test."""

    @staticmethod
    def settle(self: object) -> None:
        """Nothing to start or stop."""


async def type_bursts(
    position: Position, burst_list: list[Burst], inspect: Callable[[ModeratorApp], T] | None = None
) -> T | None:
    """Open a copy of the position's save and send it each burst, checking after each;
    then ``inspect(app)`` while the app still runs (its value is returned)."""
    path = fresh_copy(position)
    try:
        app = ModeratorApp(path=path, saves=path.parent)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            check_alive(app, [])
            for burst in burst_list:
                await send(pilot, burst)
                check_alive(app, burst)
            return inspect(app) if inspect is not None else None
    finally:
        shutil.rmtree(path.parent, ignore_errors=True)


def run(
    position: Position, burst_list: list[Burst], inspect: Callable[[ModeratorApp], T] | None = None
) -> T | None:
    """:func:`type_bursts` from synchronous code (a hypothesis test)."""
    return asyncio.run(type_bursts(position, burst_list, inspect))


def both_ways(
    base: Path,
    keys: list[str],
    typed: Callable[[Path, list[str], bool, list[list[str]]], Any],
    prefix: str,
) -> tuple[dict[str, tuple[Any, ...]], list[list[str]]]:
    """``keys`` typed into a copy of ``base`` as one burst, then into another copy one at a
    time (``typed(path, keys, slowly, seen)`` returns a tuple): each mode's results with
    the journal it left, and every journal the typing went through (``seen``, which
    ``typed`` extends)."""
    from ui_helpers import saved_lines

    results: dict[str, tuple[Any, ...]] = {}
    seen: list[list[str]] = []
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        for mode in ("burst", "slow"):
            saves = Path(folder) / mode
            saves.mkdir()
            path = saves / base.name
            shutil.copy2(base, path)
            seen.append(saved_lines(path))
            outcome = asyncio.run(typed(path, keys, mode == "slow", seen))
            results[mode] = (*outcome, saved_lines(path))
    return results, seen


def burst_as_slow(
    base: Path,
    keys: list[str],
    typed: Callable[[Path, list[str], bool, list[list[str]]], Any],
    prefix: str,
) -> Any:
    """``keys`` typed into copies of ``base`` at once and one at a time (:func:`both_ways`
    with ``typed``, which returns what is wrong with the header and the keys not used):
    where every key was used the journals are the same, where a refusal cut the burst
    short its journal is one the slow typing went through.  Returns what ``typed`` said
    was wrong with the header after the burst."""
    from ui_helpers import saved_lines

    count = len(saved_lines(base))
    results, seen = both_ways(base, keys, typed, prefix)
    (wrong, unused, burst), (_, _, slow) = results["burst"], results["slow"]
    if unused:  # cut short by a refusal: where the slow typing went through
        assert burst in seen, (keys, burst[count:], slow[count:])
    else:  # every key used: the same lines
        assert burst == slow, (keys, burst[count:], slow[count:])
    return wrong
