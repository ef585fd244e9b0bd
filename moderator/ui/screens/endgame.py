"""What the end-of-game screens share: a long job run in a worker behind a progress bar.

The score, the projection ("spreadsheet it"), the round history and the checker
read the game and never change it.  Most of their work is instant; the history
replays the whole journal the first time it is asked for, which on a long game
(thousands of commands) takes a moment: :func:`run_job` then runs it in a
thread worker with a Textual :class:`~textual.widgets.ProgressBar` (the
screen keeps drawing and taking keys), and gives the result to the screen
when it is done.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Label, ProgressBar

from moderator.errors import Refusal
from moderator.scoring import Progress
from moderator.text import ordinal

T = TypeVar("T")

LONG_JOURNAL = 2000
"""Journals longer than this get their history and projection worked out in a worker
with a progress bar; shorter ones at once (they take a few milliseconds)."""

GAME_LOCK = threading.Lock()
"""Held while a job reads the game (the history's replay cache is not thread-safe)."""


def places_text(places: Any, money: Callable[[int], str]) -> Text:
    """The places on one line, ties as ties: ``1st Bob $642 · 2nd= Amy, Cy $610 (tie)``;
    a bankrupt player's place says so (``3rd B M262 (bankrupt)``)."""
    out = Text()
    for i, place in enumerate(places):
        if i:
            out.append("  ·  ", style="dim")
        tied = len(place["players"]) > 1
        out.append(f"{ordinal(int(place['place']), tied)} ", style="bold")
        out.append(", ".join(place["players"]), style="bold green" if i == 0 else "bold")
        out.append(f" {money(int(place['score']))}")
        if tied:
            out.append(" (tie)", style="yellow")
        if place.get("bankrupt"):  # after every player still in, whatever the figure
            out.append(" (bankrupt)", style="red")
    return out


class Working(Vertical):
    """What a long job is doing and how far it has got (hidden when nothing runs)."""

    DEFAULT_CSS = """
    Working {
        height: auto;
        display: none;
        padding: 0 1;
    }
    Working ProgressBar {
        padding: 0 0 1 0;
    }
    """

    def compose(self) -> ComposeResult:
        yield Label("", id="working-label")
        yield ProgressBar(id="working-bar", show_eta=False)

    def start(self, label: str) -> None:
        """Show the bar at zero with ``label``."""
        self.query_one("#working-label", Label).update(label)
        self.query_one(ProgressBar).update(total=None, progress=0)
        self.display = True

    def advance(self, done: int, total: int) -> None:
        """The job has done ``done`` of ``total`` steps."""
        self.query_one(ProgressBar).update(total=max(1, total), progress=done)

    def stop(self) -> None:
        """The job is over: hide the bar."""
        self.display = False


def run_job(
    screen: Screen[Any],
    journal_length: int,
    label: str,
    job: Callable[[Progress | None], T],
    done: Callable[[T], None],
    failed: Callable[[str], None],
) -> bool:
    """Run ``job`` and hand its result to ``done`` (a refusal's message to ``failed``).

    On a journal of at most :data:`LONG_JOURNAL` entries the job runs at once; on a
    longer one it runs in a thread worker (exclusive per screen: a newer job replaces
    an older one) while the screen's :class:`Working` shows its progress.  The
    callbacks then run on the app's thread, and only while the screen is still up.

    Returns:
        Whether the job was sent to a worker (``False``: it is done already).
    """
    if journal_length <= LONG_JOURNAL:
        with GAME_LOCK:
            try:
                result = job(None)
            except Refusal as exc:
                failed(exc.message)
                return False
        done(result)
        return False
    try:
        working: Working | None = screen.query_one(Working)
    except NoMatches:
        working = None
    if working is not None:
        working.start(label)
    app = screen.app

    def alive() -> bool:
        return screen.is_attached and screen.is_mounted

    def on_app_thread(fn: Callable[..., None], *args: Any) -> None:
        try:
            app.call_from_thread(lambda: fn(*args) if alive() else None)
        except RuntimeError:  # the app is closing: nothing left to show it on
            pass

    def progress(n: int, total: int) -> None:
        if working is not None:
            on_app_thread(working.advance, n, total)

    def finish(outcome: object) -> None:
        if working is not None:
            working.stop()
        if isinstance(outcome, Refusal):
            failed(outcome.message)
        else:
            done(outcome)  # type: ignore[arg-type]

    def work() -> None:
        with GAME_LOCK:
            try:
                outcome: object = job(progress)
            except Refusal as exc:
                outcome = exc
            except Exception as exc:  # e.g. the journal cut by an undo meanwhile
                # a job that only reads the game must never take the app down with it
                outcome = Refusal(
                    f"{label} stopped: {type(exc).__name__}: {exc}; open the screen again"
                )
        on_app_thread(finish, outcome)

    screen.run_worker(
        work, thread=True, exclusive=True, group="end-game-job", name=label, exit_on_error=False
    )
    return True
