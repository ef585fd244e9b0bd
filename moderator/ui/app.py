"""The moderator Textual app and :func:`run_app`, the entry point of the TUI.

``run_app`` opens, in order of preference: the save it is given; the demo
game played into a fresh save (``demo=True``); the most recent save in the
saves folder; otherwise the start screen (new game, open a save, demo).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Self

from textual import events
from textual.app import App, SystemCommand
from textual.message import Message
from textual.screen import Screen

if TYPE_CHECKING:
    from moderator.game import Game


class KeysReady(Message):
    """A screen that holds keys (see :class:`ModeratorApp`) is drawn and focused."""

    def __init__(self, screen: Screen) -> None:
        super().__init__()
        self.ready_screen = screen


class ModeratorApp(App[None]):
    """The banker's screen (see the module docstring).

    No keystroke is lost while a screen is being opened: a screen with a
    ``ready_for_keys`` attribute (the start screen, the open screen, the
    new-game form, the main screen) gets the keys only once it is composed
    and focused (it posts :class:`KeysReady`); keys and pastes that arrive
    before are held here, in the order typed, and handed to it then, each as
    if just typed.
    """

    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "moderator"

    def __init__(
        self, path: Path | None = None, saves: Path = Path("saves"), demo: bool = False
    ) -> None:
        super().__init__()
        self.start_path = path
        self.saves = Path(saves)
        self.demo = demo
        self._resuming = False
        """Whether Textual is bringing the app back after :meth:`suspend`."""
        self._held: deque[events.Event] = deque()
        """Keys and pastes typed while the top screen was not ready for them."""

    def on_mount(self) -> None:
        """Open the game to show, or the start screen."""
        from moderator.ui.saves import latest_save

        if self.demo:
            self.open_demo()
            return
        path = self.start_path or latest_save(self.saves)
        if path is None:
            self.show_start()
        else:
            self.open_game(path)

    async def on_event(self, event: events.Event) -> None:
        """Hold the keys typed while the top screen is not ready (class docstring)."""
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            self._held.append(event)
            await self._release_keys()
            return
        await super().on_event(event)

    async def on_keys_ready(self, message: KeysReady) -> None:
        """A screen is ready: mark it and hand it the keys typed meanwhile."""
        message.stop()
        message.ready_screen.ready_for_keys = True  # type: ignore[attr-defined]
        await self._release_keys()

    def _ready_for_keys(self) -> bool:
        """Whether the top screen takes keys now."""
        return bool(getattr(self.screen, "ready_for_keys", True))

    async def _release_keys(self) -> None:
        """Handle the held keys in order while the top screen takes them (one of
        them may open a screen that is not ready yet: the rest wait for it)."""
        while self._held and self._ready_for_keys():
            await super().on_event(self._held.popleft())

    def show_start(self) -> None:
        """The start screen."""
        from moderator.ui.screens.start import StartScreen

        self.push_screen(StartScreen(self.saves))

    def open_game(self, path: Path, game: Game | None = None) -> bool:
        """Load a save (unless ``game`` is given) and show it on the main screen."""
        from moderator.errors import SaveError
        from moderator.game import Game
        from moderator.ui.screens.main import MainScreen
        from moderator.ui.session import Session

        if game is None:
            try:
                game = Game.load(Path(path))
            except (SaveError, OSError) as exc:
                self.notify(str(exc), title="Cannot open the save", severity="error", timeout=10)
                if not self.screen_stack[1:]:
                    self.show_start()
                return False
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(MainScreen(Session(game)))
        return True

    def open_demo(self) -> None:
        """Play the shipped demo script into a fresh save and open it."""
        from moderator.ui.saves import make_demo_save

        self.open_game(make_demo_save(self.saves))

    @contextmanager
    def suspend(self) -> Iterator[None]:
        """Textual's suspend; the screen is redrawn in full on the way back."""
        with super().suspend():
            yield
            self._resuming = True
        self._resuming = False

    def refresh(self, *, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        """Refresh the top screen, except the redundant refresh after a dialog closed.

        Textual asks the app to lay out (and repaint) the top screen whenever
        a screen is removed, i.e. after each closed dialog, once the main
        screen is back on the terminal, already repainted in full: a second
        frame, with a layout of the whole screen, that changes nothing.  The
        main screen keeps its layout under a dialog (it is laid out again on
        its return if the terminal's size changed, and a layout one of its
        widgets asked for meanwhile is kept for then), so that request is
        dropped.  Any other refresh, and the one after :meth:`suspend`, is
        Textual's.
        """
        if layout and not recompose and not self._resuming and self._screen_stack:
            from moderator.ui.screens.main import MainScreen

            screen = self.screen
            if isinstance(screen, MainScreen) and screen.outer_size == self.size:
                return self
        return super().refresh(repaint=repaint, layout=layout, recompose=recompose)

    @property
    def game(self) -> Game | None:
        """The game on the main screen, if one is open."""
        from moderator.ui.screens.main import MainScreen

        for screen in self.screen_stack:
            if isinstance(screen, MainScreen):
                return screen.session.game
        return None

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette: the main screen's live commands first, then Textual's own."""
        from moderator.ui.screens.main import MainScreen

        main = next((s for s in reversed(self.screen_stack) if isinstance(s, MainScreen)), None)
        if main is not None and screen is main:
            yield from main.palette_commands()
        yield from super().get_system_commands(screen)


def run_app(path: Path | None = None, saves: Path = Path("saves"), demo: bool = False) -> int:
    """Run the TUI until the banker quits; the exit status."""
    ModeratorApp(path=path, saves=saves, demo=demo).run()
    return 0
