"""The moderator Textual app and :func:`run_app`, the entry point of the TUI.

``run_app`` opens, in order of preference: the save it is given; the demo
game played into a fresh save (``demo=True``); the most recent save in the
saves folder; otherwise the start screen (new game, open a save, demo).

At any time ``ctrl+n`` starts a new game and ``ctrl+o`` opens another save
(also in the command palette): the game on screen is saved already (after
every command), and it lets go of its save (the lock) only once the next one
is open, so a refusal (a save another moderator holds) changes nothing.

The app also owns the sharing of the open game with the players' table view
(``ctrl+t``, :class:`moderator.ui.sharing.TableShare`): it goes on across screens
and games, in a worker thread, and stops when the app quits.
"""

from __future__ import annotations

import gc
import re
import threading
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING, Any, Self
from weakref import WeakKeyDictionary

from textual import events
from textual._time import get_time
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import Screen
from textual.widget import AwaitMount

from moderator.ui.host import KeyHandled, KeysReady, SharingChanged

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.driver import Driver
    from textual.timer import Timer

    from moderator.game import Game
    from moderator.ui.picture import Picture
    from moderator.ui.session import Session
    from moderator.ui.sharing import TableShare


PICTURE_IDLE = 0.3
"""Seconds without a key after an accepted command before the main screen's picture is
kept again (:meth:`ModeratorApp.keep_picture_when_idle`)."""


PASTE_AS_KEYS = "paste_as_keys"
"""A screen with this attribute true takes a paste as the keys that type it
(:func:`moderator.ui.escapekey.pasted_keys`)."""

KEPT_AFTER_REFUSAL = frozenset(("ctrl+q", "ctrl+c"))
"""Keys used even when typed behind a refused one (:meth:`ModeratorApp.keys_refused`):
quitting commits nothing."""


class BottomScreen(Screen[None]):
    """Textual's empty screen at the bottom of the stack, under every other."""

    def __init__(self) -> None:
        super().__init__(id="_default")
        self._resumed = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Before Textual's own handler: the first time, its styles are not worked out
        again (set as it was mounted just before; 2 ms of every start, issue 41)."""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False


class ModeratorApp(App[None]):
    """The banker's screen (see the module docstring).

    It is the screens' :class:`~moderator.ui.host.Host`: they call its services
    through that protocol and never import this module.

    No keystroke is lost while a screen is being opened: a screen with a
    ``ready_for_keys`` attribute (the start screen, the open screen, the
    new-game form, the main screen) gets the keys only once it is composed
    and focused (it posts :class:`KeysReady`); keys and pastes that arrive
    before are held here, in the order typed, and handed to it then, each as
    if just typed.
    """

    CSS_PATH = Path(__file__).with_name("app.tcss")
    SCREENS_CSS_PATH = Path(__file__).with_name("screens.tcss")
    """The other screens' styles, read when the first of them opens (:meth:`read_screens_css`)."""
    TITLE = "moderator"
    BINDINGS = [
        # Priority: they act in the order typed, before the keys that follow them go
        # anywhere (those are held until the screen they open is ready).
        Binding("ctrl+n", "new_game", "New game", show=False, priority=True),
        Binding("ctrl+o", "open_save", "Open a save", show=False, priority=True),
    ]

    def __init__(
        self, path: Path | None = None, saves: Path = Path("saves"), demo: bool | str = False
    ) -> None:
        super().__init__()
        self.start_path = path
        self.saves = Path(saves)
        self.demo = demo
        self._resuming = False
        """Whether Textual is bringing the app back after :meth:`suspend`."""
        self._held: deque[events.Event] = deque()
        """Keys and pastes typed while the top screen was not ready for them."""
        self._switching = False
        """Whether the main screen of one game is being replaced by another's."""
        self._screens_changing = 0
        """How many screens are still being opened or closed (keys wait for them)."""
        self._opening = False
        """Whether a save is to be opened once Textual's start is over (keys wait)."""
        self._screens_css_read = False
        """Whether ``screens.tcss`` has been read (:meth:`read_screens_css`)."""
        self._typed_for: WeakKeyDictionary[events.Event, Screen] = WeakKeyDictionary()
        """The screen each key was handed to (see :meth:`on_event`)."""
        self._unused: tuple[Screen, int, Notification] | None = None
        """The last keys not used because their screen had closed, and the toast."""
        self._refused_at: float | None = None
        """When a key that opens a dialog last opened nothing (refused): the keys typed
        before then were typed for that dialog and are not used (``_release_keys``)."""
        self._dropped = 0
        """How many keys were not used since that refusal."""
        self._dropped_note: Notification | None = None
        self._in_flight: KeyHandled | None = None
        """Behind the key handed to a widget and not yet handled (:meth:`_release_keys`)."""
        self.open_now: Game | None = None
        """The game open on the main screen (it holds its save's lock until closed)."""
        self._table_share: TableShare | None = None
        self.share_closing: threading.Thread | None = None
        """The thread stopping the table view's server as the app quits, if sharing."""
        self._picture_pending: Screen | None = None
        """The picture shown at start until its first frame reaches the terminal."""
        self._picture_due = False
        """Whether the open game changed since its picture was last kept."""
        self._picture_timer: Timer | None = None
        self._quiet_since = 0.0
        """When the last key came or the open game last changed (``time.monotonic``)."""

    @property
    def table_share(self) -> TableShare:
        """The sharing of the open game with the players' table view (``ctrl+t``), made
        when first asked for (its modules are not needed for the first frame)."""
        if self._table_share is None:
            from moderator.ui.sharing import TableShare

            self._table_share = TableShare(lambda: self.post_message(SharingChanged()))
            if self.open_now is not None:
                self._table_share.follow(self.open_now)  # not shared: nothing starts
        return self._table_share

    @property
    def table_share_made(self) -> TableShare | None:
        """:attr:`table_share` if it was asked for already, else ``None`` (nothing shared:
        opening a game does not make it, issue 41)."""
        return self._table_share

    def _table_share_changed(self) -> None:
        """The open game changed: the table view, if there is one, follows at once."""
        if self._table_share is not None:
            self._table_share.changed()

    def get_default_screen(self) -> Screen:
        """Textual's empty screen at the bottom (:class:`BottomScreen`)."""
        return BottomScreen()

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal, reading ``Esc`` then a key typed at once as
        those two keys, never as Alt+key (issue 37.2, :mod:`moderator.ui.escapekey`)."""
        from moderator.ui.escapekey import install

        driver = super().get_driver_class()
        install(driver)
        return driver

    def on_mount(self) -> None:
        """Open the game to show, or the start screen.  The terminal's settings the
        launcher changed before Textual started (:func:`moderator.preload.keys_as_typed`)
        are the ones Textual's driver puts back at a suspend and at the quit."""
        from moderator.preload import terminal_before
        from moderator.saves_index import latest_save

        if terminal_before is not None and getattr(self._driver, "attrs_before", None):
            self._driver.attrs_before = terminal_before  # type: ignore[union-attr]

        if self.demo:
            self.open_demo(self.demo if isinstance(self.demo, str) else "1846")
            return
        path = self.start_path or latest_save(self.saves)
        if path is None:
            self.show_start()
        elif not self.show_picture(path):
            self._open_after_start(path)

    def _open_after_start(self, path: Path) -> None:
        """Open ``path`` once Textual's start is over (keys typed meanwhile are held).

        Textual holds back every frame drawn while the app starts (its ``batch_update``
        around ``on_mount`` and what it awaits): the main screen opened there was
        composed, laid out and drawn once for nothing, then drawn again after it (issue
        41).  Opened just after, its first frame is the one the terminal gets."""
        self._opening = True

        def open_now() -> None:
            self._opening = False
            self.open_game(path)

        self.call_later(open_now)

    # ------------------------------------------------------------ the picture at start
    def show_picture(self, path: Path) -> bool:
        """Show the main screen's last picture kept beside the save, if there is one for
        the file as it is now (:mod:`moderator.ui.picture`); the save is read and replayed
        once it is drawn, and the main screen takes its place.  Whether it is shown."""
        from moderator.ui.picture import PictureScreen, read_picture

        picture = read_picture(path, (self.size.width, self.size.height))
        if picture is None:
            return False
        screen = PictureScreen(path, picture)
        self._picture_pending = screen
        self.push_screen(screen)
        return True

    def _display(self, screen: Screen, renderable: RenderableType | None) -> None:
        """Textual's: a frame to the terminal.  The first frame of the picture that
        reaches the terminal (Textual holds back the frames drawn while the app starts,
        ``_batch_count``) opens its save, once the terminal has it."""
        super()._display(screen, renderable)
        if screen is self._picture_pending and renderable is not None and not self._batch_count:
            self._picture_pending = None
            self.call_later(self._open_pictured, screen)

    def _open_pictured(self, screen: Screen) -> None:
        """The picture is drawn: read, check and replay the save, and show its game on the
        main screen in the picture's place (the keys typed meanwhile wait for it).  A save
        that cannot be opened is reported, and the start screen shown."""
        from moderator.ui.picture import PictureScreen

        assert isinstance(screen, PictureScreen)
        if self._exit:
            return
        reason = self.try_open(screen.path)
        if reason is not None:
            while len(self.screen_stack) > 1:  # the picture
                self.pop_screen()
            self.notify(reason, title="Cannot open the save", severity="error", timeout=10)
            self.keys_refused()  # typed for the game behind the picture: not for the menu
            self.show_start()
            return
        self._check_picture(screen.picture)

    def _check_picture(self, picture: Picture) -> None:
        """Compare the game just replayed with the state its picture showed (before any
        key typed meanwhile acts on it); say so when they differ (the main screen shows
        the replayed game in any case)."""
        from moderator.ui.picture import forget_picture, state_digest
        from moderator.ui.screens.main import MainScreen

        game = self.open_now
        if game is None:
            return
        for screen in self.screen_stack:
            if isinstance(screen, MainScreen) and screen.session.game is game:
                data = screen.session.data
                if state_digest(data) != picture.state or len(game.journal) != picture.entries:
                    if game.path is not None:
                        forget_picture(game.path)  # the next opening is the plain one
                        self.picture_changed()  # ...unless the right one is kept once idle
                    self.notify(
                        "The picture shown while the save was read was out of date: "
                        f"this is the game as replayed from the save "
                        f"({len(game.journal)} commands).",
                        title="About this save",
                        severity="warning",
                        timeout=30,
                    )
                return

    def picture_changed(self) -> None:
        """The open game changed (a command accepted, undone...): its picture is kept
        again once the app is idle (:meth:`keep_picture_when_idle`)."""
        self._picture_due = True
        self._quiet_since = monotonic()
        if self._picture_timer is None:
            self._picture_timer = self.set_timer(PICTURE_IDLE, self.keep_picture_when_idle)

    def keep_picture_when_idle(self) -> None:
        """Keep the picture of the open game as it is now, so that a save left by a crash
        (kill -9, a power cut) opens on the picture of its last command, as one the app let
        go of (:mod:`moderator.ui.picture`).  Off the keys' path: only once no key has come
        for :data:`PICTURE_IDLE` seconds since the game last changed, no key waits, no
        screen is opening or closing, and the main screen is on top as drawn; until then
        it waits (a timer, a callback of the app's own between two keys).  About 1-2 ms
        for 120x40 (the screen's rows as drawn, the state's digest, a rename, no fsync)."""
        self._picture_timer = None
        if not self._picture_due or self._exit:
            return
        wait = self._quiet_since + PICTURE_IDLE - monotonic()
        if wait <= 0 and not self._idle_on_main():
            wait = PICTURE_IDLE
        if wait > 0:
            self._picture_timer = self.set_timer(wait, self.keep_picture_when_idle)
            return
        self._picture_due = False
        try:
            self.keep_picture()
        except Exception:  # a cache: never in the way of the game (the next quit tries again)
            pass

    def _idle_on_main(self) -> bool:
        """Whether the open game's main screen is on top, ready, with no key waiting."""
        from moderator.ui.screens.main import MainScreen

        if not self.screen_stack:  # the app is closing (or not started)
            return False
        screen = self.screen
        return (
            not self._held
            and self._ready_for_keys()
            and isinstance(screen, MainScreen)
            and screen.session.game is self.open_now
        )

    def keep_picture(self, *, let_go: bool = False) -> None:
        """Keep the open game's main screen, as drawn last, beside its save for the next
        opening at this size (:mod:`moderator.ui.picture`).  Call it before the game lets
        go of its save; then (``let_go``) the pictures of the other sizes the game was
        shown at, now out of date, are drawn again apart (:func:`take_picture`, started
        as ``play --save`` starts it)."""
        from moderator.ui.screens.main import MainScreen

        game = self.open_now
        if game is None or game.path is None or game.read_only:
            return
        for screen in self.screen_stack:
            if isinstance(screen, MainScreen) and screen.session.game is game:
                size = screen._compositor.size
                if not screen.is_mounted or not size.area:
                    return
                from moderator.ui.picture import keep_picture

                strips = screen._compositor.render_strips()
                keep_picture(game.path, strips, screen.session.data, len(game.journal))
                if let_go:
                    from moderator.ui.picture import stale_sizes

                    if stale_sizes(game.path):
                        from moderator.picture_apart import leave_picture

                        leave_picture(game.path, terminal=False)
                return

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast, always plain text (issue 20.8): its message often holds a player's
        name, a note or a file name, so it is never read as markup (``[/]`` would end the
        app) and a character a terminal acts on shows as its escape (``\\x1b``).
        ``markup`` is ignored: no toast of this app is markup."""
        from moderator.text import escaped

        super().notify(
            escaped(message, keep_newlines=True),
            title=escaped(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    async def on_event(self, event: events.Event) -> None:
        """Hold the keys typed while the top screen is not ready (class docstring).

        A key no priority binding takes goes to the focused widget and, when that
        widget leaves it, comes back here for the screen's other bindings.  It may
        come back late, when the screen it was typed for is gone (a burst: the next
        key closed it): it is not used on the screen on top now, whose bindings it was
        never meant for (a ``g`` typed on the projection acted on the score after it),
        and the banker is told.  Once the app is quitting no key acts any more.
        """
        if isinstance(event, (events.Key, events.Paste)):
            self._quiet_since = monotonic()  # the picture waits (keep_picture_when_idle)
            if self._exit:
                return  # quitting: a key left over must not open a screen now
            if not event.is_forwarded:
                self._held.append(event)
                await self._release_keys()
                return
            typed_for = self._typed_for.get(event)
            if typed_for is not None and typed_for is not self.screen:
                self._not_used(event, typed_for)
                return
        await super().on_event(event)

    def _not_used(self, event: events.Event, screen: Screen) -> None:
        """A key came back for a screen that is gone: a bell and one toast (counting the
        keys) instead of an action on the wrong screen."""
        where = " ".join(re.findall(r"[A-Z][a-z]*", type(screen).__name__)).lower()
        last = self._unused if self._unused is not None and self._unused[0] is screen else None
        count = last[1] + 1 if last is not None else 1
        note = self._keys_not_used(
            last[2] if last is not None else None,
            count,
            f"typed for the {where} came after it had closed: not used",
        )
        self._unused = (screen, count, note)

    def _keys_not_used(self, last: Notification | None, count: int, said: str) -> Notification:
        """A bell and the toast "``count`` keys ``said``", in place of ``last`` (the same
        toast for fewer keys, if still shown), shown at once: the next key's replaces it."""
        self.bell()
        if last is not None:
            try:
                self._unnotify(last)
            except KeyError:  # timed out already
                pass
        keys = "a key" if count == 1 else f"{count} keys"
        note = Notification(f"{keys} {said}", "Keys not used", "warning", 4.0, markup=False)
        self._on_notify(Notify(note))
        return note

    def keys_refused(self) -> None:
        """A key opened nothing or the game refused the command it gave: the keys typed
        before this refusal could be seen were typed for what did not happen (``d r 9 0
        Enter`` with the ``done`` refused ran the same company, not the next), so they
        are not used (:meth:`_release_keys`); a key typed after acts as usual."""
        self._refused_at = get_time()
        self._dropped, self._dropped_note = 0, None

    def _paste_unused(self) -> bool:
        """A paste on a screen that types it nowhere (History, help, score, rounds,
        sharing, the what-if comparison, the start menu, the saves list: no
        field has the focus) is refused as a key that is no key there: a bell, a toast,
        and the keys typed behind it are not used.  It was dropped silently, so ``h ↑``,
        a pasted ``y``, then ``Enter y`` rewound a line and ``F1``, a paste, ``Esc e 4 0
        Enter`` spent 40 (ninth keys round).  ``False``: a field (the checker's line, the
        new-game form's) takes it."""
        from textual.widgets import Input, TextArea

        if isinstance(self.screen.focused, (Input, TextArea)):
            return False
        self.bell()
        self.notify(
            "a paste is typed only into a field or the command bar: nothing done, and the "
            "keys typed after it are not used",
            title="Paste not used",
            severity="warning",
            markup=False,
        )
        self.keys_refused()
        return True

    def _typed_before_refusal(self) -> None:
        """A key typed before a dialog's key was refused (it opened nothing): a bell and
        one toast counting such keys, instead of an action on the main screen."""
        self._dropped += 1
        self._dropped_note = self._keys_not_used(
            self._dropped_note,
            self._dropped,
            "typed after a refused key, before its refusal was shown: not used",
        )

    async def on_keys_ready(self, message: KeysReady) -> None:
        """A screen is ready: mark it and hand it the keys typed meanwhile.

        The first time, the garbage collector the launcher held off during the
        start-up (``moderator.cli._run_tui``) runs again once the screen is drawn.
        """
        message.stop()
        if not gc.isenabled():
            message.ready_screen.call_after_refresh(gc.enable)
        message.ready_screen.ready_for_keys = True  # type: ignore[attr-defined]
        await self._release_keys()

    def _ready_for_keys(self) -> bool:
        """Whether the top screen takes keys now: none while one game replaces another,
        nor while a screen is being opened or closed (see :meth:`push_screen`), nor while
        the key typed before is on its way through a widget (:meth:`_release_keys`)."""
        return (
            self._in_flight is None
            and not self._switching
            and not self._opening
            and not self._screens_changing
            and bool(getattr(self.screen, "ready_for_keys", True))
        )

    async def _release_keys(self) -> None:
        """Handle the held keys in order while the top screen takes them (one of
        them may open a screen that is not ready yet, or close one that is still
        being removed: the rest wait for it).  A paste on a dialog is the keys that
        type it (:data:`PASTE_AS_KEYS`); one the main screen refuses (``refuse_paste``:
        not in its command bar) is dropped.  An ``alt+KEY`` that no binding of the
        top screen takes is Esc typed at once before ``KEY`` (a terminal's parser
        read the pair as Alt+key): it is handed out as ``escape`` then ``KEY``, each
        when its turn comes (issue 37.2, :mod:`moderator.ui.escapekey`)."""
        while self._held and self._ready_for_keys():
            event = self._held.popleft()
            if (
                self._refused_at is not None
                and event.time <= self._refused_at
                and not (isinstance(event, events.Key) and event.key in KEPT_AFTER_REFUSAL)
            ):
                self._typed_before_refusal()  # typed for what did not happen
                continue
            if isinstance(event, events.Paste) and getattr(self.screen, PASTE_AS_KEYS, False):
                from moderator.ui.escapekey import pasted_keys

                self._held.extendleft(reversed(pasted_keys(event)))  # a dialog's: typed
                continue
            refuse_paste = getattr(self.screen, "refuse_paste", None)
            if isinstance(event, events.Paste) and refuse_paste is not None and refuse_paste():
                continue  # the main screen's, outside the command bar: not used
            if isinstance(event, events.Paste) and refuse_paste is None and self._paste_unused():
                continue  # a screen over the main one with no field to type it into
            if isinstance(event, events.Key) and event.key.startswith("alt+"):
                from moderator.ui.escapekey import unbound_alt

                split = unbound_alt(event, self.screen.active_bindings)
                if split is not None:  # Esc then a key, read as Alt+key (issue 37.2)
                    self._held.extendleft(reversed(split))
                    continue
            dimmed = getattr(self.screen, "take_dimmed_key", None)
            taken = dimmed(event.key) if isinstance(event, events.Key) and dimmed else ""
            if taken:  # a dimmed command key, acted on in its turn (MainScreen)
                if taken == "refused":
                    self.keys_refused()
                continue
            self._typed_for[event] = self.screen
            target = self.focused or self.screen
            await super().on_event(event)
            if event.is_forwarded:
                self._wait_for(target)

    def _wait_for(self, target: Any) -> None:
        """The key just handed out went to ``target`` (no priority binding took it): the
        next keys wait until it is handled there or back here for the screen's other
        bindings (tenth keys round: in a burst the next key acted first, so `F1 ↓ Esc`
        closed the help before the ↓ was handled, `↑ l` on the main screen opened the
        list before the ↑ scrolled the log, `o Esc l` on a sandbox: each such key then
        rang, "typed for the main screen came after it had closed: not used", where typed
        one at a time it was used)."""
        behind = KeyHandled()
        self._in_flight = behind
        if not target.post_message(behind):  # the widget is closing: nothing to wait for
            self._in_flight = None
            return
        # a widget removed meanwhile drops it: the keys go on anyway
        self.set_timer(0.5, lambda: self._flight_over(behind))

    async def on_key_handled(self, message: KeyHandled) -> None:
        """The key handed out before ``message`` is handled: the next may go out."""
        message.stop()
        await self._flight_over(message)

    async def _flight_over(self, behind: KeyHandled) -> None:
        if self._in_flight is behind:
            self._in_flight = None
            await self._release_keys()

    def read_screens_css(self, screen: Any = None) -> None:
        """Read the styles of the screens other than the main one (``screens.tcss``) before
        the first of them opens: parsing them at start cost every start of the main
        screen 11 M instructions (issue 21.4).  Rules read later than ``app.tcss`` weigh
        as if they followed it in one file.  ``screen``: the screen opening (nothing is
        read for a main screen, :attr:`MainScreen.APP_CSS_ONLY`)."""
        if self._screens_css_read or getattr(screen, "APP_CSS_ONLY", False):
            return
        self._screens_css_read = True
        self.stylesheet.read(self.SCREENS_CSS_PATH)

    # Textual opens and closes screens in steps: a pushed screen is on top of the stack at
    # once but composed and mounted later; a closed one is off the stack at once but
    # removed from the app later.  A key handed out in between reached a screen without
    # its widgets (``NoMatches '#journal'``: ``h Enter`` in a burst), or opened a screen
    # again under the id of the one not yet removed (``DuplicateIds 'run-dialog'``:
    # ``r 9 0 Enter d r`` in a burst, issue 18.1).  So the keys typed after a key that
    # opens or closes a screen wait, in order, until the change is done.
    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Textual's ``push_screen``; the keys typed after it wait until the screen is
        mounted (see the comment above)."""
        self.read_screens_css(screen)
        result = super().push_screen(screen, *args, **kwargs)
        if isinstance(result, AwaitMount):
            self._keys_wait_for(result)
        return result

    def pop_screen(self) -> AwaitComplete:
        """Textual's ``pop_screen``; the keys typed after it wait until the screen is gone."""
        removal = super().pop_screen()
        if not removal.is_done:
            self._keys_wait_for(removal)
        return removal

    def switch_screen(self, screen: Screen | str) -> AwaitComplete:
        """Textual's ``switch_screen``; the keys typed after it wait until the new screen
        is mounted and the old one gone."""
        self.read_screens_css(self.get_screen(screen) if isinstance(screen, str) else screen)
        switch = super().switch_screen(screen)
        if not switch.is_done:
            self._keys_wait_for(switch)
        return switch

    def _keys_wait_for(self, change: AwaitComplete | AwaitMount) -> None:
        """Hold the keys until ``change`` (a screen opened or closed) is done."""
        self._screens_changing += 1
        # after the callback Textual itself queued to await the change
        self.call_next(self._changed, change)

    async def _changed(self, change: AwaitComplete | AwaitMount) -> None:
        """A screen is opened or closed: the keys typed after it go on."""
        try:
            await change
        finally:
            self._screens_changing -= 1
        await self._release_keys()

    def show_start(self) -> None:
        """The start screen."""
        from moderator.ui.screens.start import StartScreen

        self.push_screen(StartScreen(self.saves))

    def open_game(self, path: Path, game: Game | None = None) -> bool:
        """Load a save (unless ``game`` is given) and show it on the main screen.

        A save that cannot be opened (held by another moderator, damaged...)
        is reported and nothing changes; see :meth:`try_open`.
        """
        reason = self.try_open(path, game)
        if reason is None:
            return True
        self.notify(reason, title="Cannot open the save", severity="error", timeout=10)
        self.keys_refused()  # typed for the game not opened: not for the menu (`e 4 0 Enter`)
        if not self.screen_stack[1:]:
            self.show_start()
        return False

    def try_open(self, path: Path, game: Game | None = None) -> str | None:
        """Show the game of ``path`` on the main screen; ``None``, or why it cannot be.

        The save open now is simply shown again (opening it a second time would
        find it locked, by this very program).  Another save is loaded first;
        only once it is open does the game shown until now let go of its save.
        """
        from moderator.errors import SaveError
        from moderator.game import Game
        from moderator.saves_index import close_game
        from moderator.ui.screens.main import MainScreen
        from moderator.ui.session import Session

        current = self.open_now
        if game is None and current is not None and _same_file(current.path, path):
            self._back_to_main()
            return None
        pictured = False
        if game is None:
            try:
                game = Game.load(Path(path), remember_length=True)
            except (SaveError, OSError) as exc:
                return str(exc)
            from moderator.ui.picture import kept_for, save_key

            pictured = kept_for(path, (self.size.width, self.size.height)) == save_key(path)
            for notice in game.notices():  # a cut line, a shorter save, older rules (20.1, 20.7)
                self.notify(
                    notice, title="About this save", severity="warning", timeout=60, markup=False
                )
        game.remember_length = True
        if current is not None and current is not game:
            self.keep_picture(let_go=True)
            close_game(current)
        self.open_now = game
        session = Session(game)
        session.listeners.append(self._table_share_changed)  # the table view follows at once
        session.listeners.append(self.picture_changed)  # kept again once idle
        self._picture_due = False  # the game let go of has kept its picture
        if not pictured:  # a save the app has just written (a new game, a what-if kept), or
            # one without its picture (an older moderator's): kept once idle, so that a
            # kill before the first command still leaves it for the next opening
            self.picture_changed()
        share = self._table_share  # none made: nothing to follow (made later, it follows)
        if share is not None and share.follow(game):
            self.settle_sharing()  # shared: the players' address now shows this game
        screen = MainScreen(session)
        if not any(isinstance(s, MainScreen) for s in self.screen_stack):
            while len(self.screen_stack) > 1:
                self.pop_screen()
            self.push_screen(screen)
            return None
        # The main screen of the game shown until now must be gone before the new one
        # (same id) is mounted: the keys typed meanwhile are held (``_switching``).
        self._switching = True
        removals = []
        while len(self.screen_stack) > 1:
            removals.append(self.pop_screen())
        self.call_later(self._show_after, removals, screen)
        return None

    async def _show_after(self, removals: list[AwaitComplete], screen: Screen) -> None:
        """Show ``screen`` once the screens closed for it are removed."""
        try:
            for removal in removals:
                await removal
        finally:
            self.push_screen(screen)
            self._switching = False

    def _back_to_main(self) -> None:
        """Close the screens over the main screen."""
        from moderator.ui.screens.main import MainScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, MainScreen):
            self.pop_screen()

    def action_new_game(self) -> None:
        """The new-game form, over whatever is on screen (Esc goes back to it)."""
        from moderator.ui.screens.start import NewGameScreen

        self._show_form(NewGameScreen, self.saves)

    def action_open_save(self) -> None:
        """The list of saves to open, over whatever is on screen (Esc goes back to it)."""
        from moderator.ui.screens.start import OpenScreen

        self._show_form(OpenScreen, self.saves)

    def _show_form(self, kind: type[Screen[None]], saves: Path) -> None:
        """Open a ``kind`` screen: nothing when it is on top already, in place of the
        other of the two (the form instead of the list), else over the top screen."""
        from moderator.ui.screens.start import NewGameScreen, OpenScreen

        top = self.screen
        if isinstance(top, kind):
            return
        screen = kind(saves)  # type: ignore[call-arg]
        if isinstance(top, (NewGameScreen, OpenScreen)):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def exit(
        self, result: None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """Textual's ``exit``; on a plain quit the open game's main screen is kept as a
        picture beside its save first, for the next opening (:meth:`keep_picture`)."""
        if return_code == 0 and not self._exit:
            self.keep_picture(let_go=True)
        super().exit(result, return_code, message)

    def on_unmount(self) -> None:
        """The app is closing: the open game lets go of its save (its lock), and the
        table view's server stops (in a thread the interpreter waits for: the
        terminal is given back meanwhile)."""
        self.close_open_game()
        share = self._table_share
        if share is None:
            return
        if share.wanted or share.sharing is not None or share.busy:
            share.wanted = False
            self.share_closing = threading.Thread(
                target=share.close, name="moderator-table-view-stop"
            )
            self.share_closing.start()

    # ------------------------------------------------------------ the table view
    def open_sharing(self) -> None:
        """The sharing screen; sharing starts at once when the game is not shared."""
        from moderator.ui.screens.sharing import SharingScreen

        if isinstance(self.screen, SharingScreen):
            return
        share = self.table_share
        if not share.wanted and share.sharing is None and self.open_now is not None:
            share.follow(self.open_now)
            if share.share():
                self.settle_sharing()
        self.push_screen(SharingScreen(share))

    def settle_sharing(self) -> None:
        """Start or stop the table view's server as asked, in a worker thread (the
        screen never waits for it; a failure is shown on the sharing screen)."""
        self.run_worker(
            self.table_share.settle,
            name="table-view",
            group="table-view",
            thread=True,
            exit_on_error=False,
        )

    def on_sharing_changed(self, message: SharingChanged) -> None:
        """Show the sharing as it is now on the sharing screen and in the footers."""
        from moderator.ui.screens.sharing import SharingScreen
        from moderator.ui.widgets.footer import SharingMark

        message.stop()
        for screen in self.screen_stack:
            if isinstance(screen, SharingScreen) and screen.is_mounted:
                screen.update_view()
            for mark in screen.query(SharingMark):
                mark.update_mark()

    def open_whatif(self, session: Session, at: int) -> None:
        """A what-if sandbox of ``session``'s game from its line ``at``, over its main
        screen (:mod:`moderator.ui.screens.sandbox`)."""
        from moderator.ui.screens.sandbox import open_sandbox_screen

        open_sandbox_screen(self, session, at)

    def open_amendment(self, session: Session, number: int, how: str) -> None:
        """A correction of ``session``'s line ``number`` (``replace``, ``insert`` or
        ``delete``): a what-if sandbox before it that gives the later lines again (issue
        39, :mod:`moderator.ui.screens.sandbox`)."""
        from moderator.ui.screens.sandbox import open_sandbox_screen

        open_sandbox_screen(self, session, number - 1, (number, how))  # type: ignore[arg-type]

    def switch_view(self, view: str, session: Session) -> None:
        """Replace the top screen (a read-only view) with another: ``score``, ``project``
        or ``rounds`` of ``session``'s game."""
        from moderator.ui.screens.charts import RoundsScreen
        from moderator.ui.screens.project import ProjectionScreen
        from moderator.ui.screens.score import ScoreScreen

        views: dict[str, type[Screen[None]]] = {
            "score": ScoreScreen,
            "project": ProjectionScreen,
            "rounds": RoundsScreen,
        }
        self.switch_screen(views[view](session))  # type: ignore[call-arg]

    def close_open_game(self) -> None:
        """Let the open game go of its save (every command is saved already)."""
        from moderator.saves_index import close_game

        close_game(self.open_now)

    def open_demo(self, title: str = "1846") -> None:
        """Play the shipped demo script of ``title`` into a fresh save and open it."""
        from moderator.saves_index import DEMO_SCRIPTS, make_demo_save

        self.open_game(make_demo_save(self.saves, DEMO_SCRIPTS[title.upper()]))

    @contextmanager
    def suspend(self) -> Iterator[None]:
        """Textual's suspend; the screen is redrawn in full on the way back."""
        with super().suspend():
            yield
            self._resuming = True
        self._resuming = False

    def refresh(
        self, *, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
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

    def action_command_palette(self) -> None:
        """Textual's command palette, holding the keys typed until its list shows them
        (:mod:`moderator.ui.screens.palette`, fifteenth keys round)."""
        from textual.command import CommandPalette

        from moderator.ui.screens.palette import Palette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(self._hold_keys, id="--command-palette"))

    def search_themes(self) -> None:
        """Textual's list of themes (the palette's "Theme"), a palette holding the keys
        typed as :meth:`action_command_palette`'s does (a burst's ``x`` typed behind it was
        lost: the theme's list opened from the palette took it)."""
        from textual.theme import ThemeProvider

        from moderator.ui.screens.palette import Palette

        self.push_screen(
            Palette(self._hold_keys, providers=[ThemeProvider], placeholder="Search for themes…")
        )

    def _hold_keys(self) -> Callable[[], Awaitable[None]]:
        """Hold the keys typed until the callback returned is called (the palette's command
        runs after the palette is gone: the keys typed behind it wait for it)."""
        self._screens_changing += 1

        async def go_on() -> None:
            self._screens_changing -= 1
            await self._release_keys()

        return go_on

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette: the main screen's live commands first, then new game and open a
        save, then Textual's own."""
        from moderator.ui.screens.main import MainScreen

        main = next((s for s in reversed(self.screen_stack) if isinstance(s, MainScreen)), None)
        if main is not None and screen is main:
            yield from main.palette_commands()
        yield SystemCommand(
            "New game (ctrl+n)",
            "Start a new game; the game open now stays saved",
            self.action_new_game,
        )
        yield SystemCommand(
            "Open a save (ctrl+o)",
            "Open another saved game: title, players, round and date of each",
            self.action_open_save,
        )
        yield from super().get_system_commands(screen)


def _same_file(a: Path | None, b: Path) -> bool:
    """Whether two paths name the same file (a symlink and its target are one)."""
    if a is None:
        return False
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return Path(a) == Path(b)


EXIT_CRASH = 70
"""The exit status after an uncaught exception (``EX_SOFTWARE`` of BSD's sysexits):
never 0, so a shell or a script notices (issue 20.11)."""


def crash_line(app: ModeratorApp, error: BaseException | None) -> str:
    """The one line printed after a crash: what happened and where the game is saved."""
    from moderator.text import escaped

    what = f"{type(error).__name__}: {error}" if error is not None else "an internal error"
    what = escaped(" ".join(what.split()))[:200]
    game = app.open_now
    if game is not None and game.path is not None:
        where = escaped(str(game.path))
        saved = f"every command given is saved in {where} (continue with: moderator open {where})"
    else:
        saved = f"no game was open (saves are in {escaped(str(app.saves))})"
    return f"moderator stopped on an error ({what}); {saved}"


def run_app(path: Path | None = None, saves: Path = Path("saves"), demo: bool | str = False) -> int:
    """Run the TUI until the banker quits; the exit status.

    0 after a quit; :data:`EXIT_CRASH` after any uncaught exception (Textual's
    traceback, then one line on stderr saying where the game is saved: every
    command is saved as it is given, so nothing is lost but the screen).
    """
    import sys
    import traceback

    app = ModeratorApp(path=path, saves=saves, demo=demo)
    failure: BaseException | None = None
    try:
        app.run()
    except Exception as exc:  # Textual itself failed (its driver, the terminal)
        traceback.print_exc()
        failure = exc
    finally:
        app.close_open_game()
    if failure is None and not app.return_code:
        return 0
    print(crash_line(app, failure or app._exception), file=sys.stderr)
    return EXIT_CRASH


# ------------------------------------------------------------ a picture for a save written apart
# (here, not in moderator.ui.picture: the picture module never imports the app, and the
# command line starts only this module of the UI)
def take_picture(save: Path, size: tuple[int, int] | None = None) -> bool:
    """Draw the main screen of ``save`` headless, exactly as the app draws it on opening
    the save, at ``size`` (columns, rows) and at each size of the pictures kept beside it
    before (the sizes the app last drew this game at) whose picture is out of date, and
    keep each as the save's picture at its size; whether one was kept.  With no ``size``
    and no picture before, at :data:`moderator.ui.picture.DEFAULT_SIZE`.  ``size`` comes
    first in the pictures' order, the others keep their places.  What ``moderator
    picture SAVE`` does, started apart by ``moderator play SCRIPT --save SAVE``,
    ``moderator amend`` and the app as it lets go of a game (:mod:`moderator.picture_apart`).

    The save is opened read-only (no lock: a TUI may open it meanwhile, and nothing of
    it is written), and once for all the sizes; nothing is drawn at a size whose picture
    is there already for the file as it is now (the TUI's), and nothing is kept when the
    file changed while it was read or drawn (:func:`keep_picture` with the file as it
    was read)."""
    from moderator.errors import SaveError
    from moderator.game import Game
    from moderator.ui.picture import (
        DEFAULT_SIZE,
        MAX_SIZES,
        keep_picture,
        kept_pictures,
        save_key,
        terminal_size_ok,
    )

    key = save_key(save)
    if key is None:
        return False
    kept = kept_pictures(save)  # none at a size no terminal is
    ignored = size is not None and not terminal_size_ok(size)
    if ignored:  # never drawn: a picture no terminal opens on (MAX_TERMINAL)
        size = None
    sizes = [size] if size else [] if kept or ignored else [DEFAULT_SIZE]
    sizes += [s for s, _ in kept if s not in sizes]
    current = [s for s, at in kept if at == key]
    wanted = [s for s in sizes[:MAX_SIZES] if s not in current]
    if not wanted:
        return False
    try:
        game = Game.load(Path(save), read_only=True)
    except (SaveError, OSError):
        return False
    taken = False
    for at in wanted:
        if save_key(save) != key:
            return taken
        taker = _taker(game)
        taker.run(headless=True, size=at)
        if taker.strips is not None:
            first = at == size  # the terminal's: first; the others in their places
            strips, data = taker.strips, taker.data
            taken |= keep_picture(
                save, strips, data, len(game.journal), key=key, in_place=not first
            )
    return taken


def _taker(game: Any) -> Any:
    """The app that draws ``game``'s main screen once and keeps what it drew (a
    :class:`~moderator.ui.app.ModeratorApp`: the same styles, screens and widgets)."""
    from textual.strip import Strip

    from moderator.ui.picture import TAKE_TIMEOUT
    from moderator.ui.screens.main import MainScreen
    from moderator.ui.session import Session

    class Taker(ModeratorApp):
        def __init__(self) -> None:
            super().__init__(path=game.path, saves=Path(game.path).parent)
            self.strips: list[Strip] | None = None
            self.data: Any = None

        def on_mount(self, event: events.Mount) -> None:
            event.prevent_default()  # not the app's: the game is open already, read-only
            self.set_timer(TAKE_TIMEOUT, self.exit)
            self.push_screen(MainScreen(Session(game)))

        def _display(self, screen: Screen, renderable: Any) -> None:
            super()._display(screen, renderable)
            if (
                isinstance(screen, MainScreen)
                and renderable is not None
                and not self._batch_count
                and self.strips is None
            ):
                self.strips = screen._compositor.render_strips()
                self.data = screen.session.data
                self.exit()

    return Taker()


def picture_main(words: list[str]) -> int:
    """``moderator picture SAVE [--size COLUMNSxROWS]``: :func:`take_picture` (default
    size: the earlier picture's, else 120x40).  Exit status 0 when a picture was kept, 1
    when none was (none needed, the save changed or cannot be read), 2 for a wrong
    command line.  Quiet: it runs apart, its output goes nowhere."""
    size = None
    if len(words) == 3 and words[1] == "--size":
        columns, _, rows = words[2].partition("x")
        digits = re.compile(r"[0-9]{1,9}")  # str.isdigit takes "²", which int() refuses
        if not (digits.fullmatch(columns) and digits.fullmatch(rows)):
            return 2
        if not (int(columns) and int(rows)):
            return 2
        size = (int(columns), int(rows))  # larger than a terminal: ignored (take_picture)
    elif len(words) != 1:
        return 2
    if words[0].startswith("-"):
        return 2
    return 0 if take_picture(Path(words[0]), size) else 1
