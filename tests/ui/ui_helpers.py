"""Helpers for the UI tests: saves made from banker scripts, read back from disk."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from conftest import forget_styles_caches
from textual.pilot import Pilot

from moderator.game import Game
from moderator.journal import read_save
from moderator.script import parse_script
from moderator.ui.app import ModeratorApp
from moderator.ui.screens.main import MainScreen

REPO = Path(__file__).resolve().parents[2]
SIZE = (120, 40)
"""The terminal the tests run at (the main screen's design size)."""
RULEBOOK = REPO / "tests" / "scripts" / "1846-rulebook-example.script"


def save_from_script(path: Path, text: str, stop_before: str | None = None) -> Game:
    """Play ``text`` into a save at ``path``, stopping before the first line that starts
    with ``stop_before`` (the whole script when ``None``)."""
    if stop_before is not None:
        raw = text.splitlines()
        cut = next(i for i, line in enumerate(raw) if line.strip().startswith(stop_before))
        text = "\n".join(raw[:cut]) + "\n"
    game: Game | None = None
    for line in parse_script(text):
        if game is None:
            game = Game.from_command(line.command)
            continue
        if line.command.kind == "expect":
            continue
        outcome = game.execute(line.command)
        assert outcome.ok, f"line {line.number}: {outcome.message}"
    assert game is not None
    game.save(path)
    return game


def rulebook_save(saves: Path, stop_before: str | None, name: str = "rulebook.json") -> Path:
    """The rulebook example played into ``saves/name`` up to ``stop_before``."""
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / name
    save_from_script(path, RULEBOOK.read_text(encoding="utf-8"), stop_before)
    return path


def main_screen(app: ModeratorApp) -> MainScreen:
    """The main screen under any dialogs or other screens."""
    return next(s for s in app.screen_stack if isinstance(s, MainScreen))


def saved_lines(path: Path) -> list[str]:
    """The journal lines of a save file, read from disk (any save format)."""
    return [entry.line for entry in read_save(path).journal]


@asynccontextmanager
async def running(
    saves: Path, size: tuple[int, int] = SIZE
) -> AsyncIterator[tuple[ModeratorApp, Pilot[None]]]:
    """The app on ``saves`` (resuming its newest save), started and settled."""
    app = ModeratorApp(saves=saves)
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            yield app, pilot
    finally:
        forget_styles_caches()  # a property test starts dozens of apps in one test


NAMED_KEYS = {
    "enter",
    "escape",
    "tab",
    "backspace",
    "delete",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    "f1",
}
"""Parts of a burst that name a key rather than spell text (so are ``ctrl+s``-like parts)."""

BURST_CHARS = {
    "space": " ",
    "colon": ":",
    "quotation_mark": '"',
    "tab": "\t",
    "enter": "\r",
    "escape": "\x1b",
}


def burst_keys(*parts: str) -> list[str]:
    """Pilot key names: a part naming a key is that key ("tab", "ctrl+s"), any other part
    is text typed a character at a time ("gt" is g then t)."""
    keys: list[str] = []
    for part in parts:
        if part in NAMED_KEYS or "+" in part:
            keys.append(part)
        else:
            keys.extend(
                {" ": "space", ":": "colon", '"': "quotation_mark"}.get(ch, ch) for ch in part
            )
    return keys


async def settle(pilot: Pilot[None]) -> None:
    """Wait until the app has handed out every key it held and the screens are idle."""
    app = pilot.app
    for _ in range(100):
        await pilot.pause()
        if not app._held and getattr(app.screen, "ready_for_keys", True):
            break
    await pilot.pause()
    await pilot.pause()


async def send_burst(pilot: Pilot[None], *parts: str) -> None:
    """Send keys all at once, as a terminal delivers a paste or a fast typist: no key
    waits for the one before to be handled (``pilot.press`` waits after each key)."""
    from textual import events

    app = pilot.app
    for key in burst_keys(*parts):
        event = events.Key(key, BURST_CHARS.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app.post_message(event)
    await settle(pilot)
