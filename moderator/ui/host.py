"""What the screens ask of the app, one level below both (imports point one way).

The app (:mod:`moderator.ui.app`) shows the screens, so it imports them; a
screen never imports the app.  What a screen needs of it is here instead: the
messages it posts (:class:`KeysReady`, :class:`SharingChanged`) and
:class:`Host`, the app's services a screen calls (open a game, a demo, the
sharing screen, another read-only view), reached through :func:`host`.  The
calls are direct, not messages: a key that opens a game acts before the next
key of a burst is read, so the keys typed ahead go to the screen it opened.
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast, runtime_checkable

from textual.keys import _character_to_key, key_to_character
from textual.message import Message

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from moderator.game import Game
    from moderator.ui.session import Session


class KeysReady(Message):
    """A screen that holds keys (see :class:`~moderator.ui.app.ModeratorApp`) is drawn
    and focused."""

    def __init__(self, screen: Screen) -> None:
        super().__init__()
        self.ready_screen = screen


class KeyHandled(Message):
    """Posted to the widget a key was handed to, just behind the key: it bubbles up the
    same way, so when it reaches the app the key is handled (stopped on the way, or back
    at the app for the screen's other bindings): the next key typed may go out
    (``ModeratorApp._release_keys``)."""


class SharingChanged(Message):
    """The table view's sharing changed (posted from any thread, the worker's too)."""


@runtime_checkable
class Host(Protocol):
    """The app's services a screen may call (the app implements them)."""

    def open_game(self, path: Path, game: Game | None = None) -> bool:
        """Show the game of ``path`` (or ``game``, loaded already); a refusal is reported."""
        ...

    def try_open(self, path: Path, game: Game | None = None) -> str | None:
        """Show the game of ``path``; ``None``, or why it cannot be opened."""
        ...

    def open_demo(self, title: str = "1846") -> None:
        """Play the shipped demo of ``title`` into a fresh save and show it."""
        ...

    def open_sharing(self) -> None:
        """The sharing screen (the players' table view)."""
        ...

    def settle_sharing(self) -> None:
        """Start or stop the table view's server as asked (in a worker)."""
        ...

    def open_whatif(self, session: Session, at: int) -> None:
        """A what-if sandbox of ``session``'s game from its line ``at`` (issue 32)."""
        ...

    def open_amendment(self, session: Session, number: int, how: str) -> None:
        """A correction of ``session``'s line ``number``: ``replace``, ``insert`` before it
        or ``delete`` it, the later lines given again in a what-if sandbox (issue 39)."""
        ...

    def switch_view(self, view: str, session: Session) -> None:
        """Replace the top screen with the read-only view ``view`` (``score``,
        ``project``, ``rounds``) of ``session``'s game."""
        ...


def host(app: App[Any]) -> Host:
    """The app as a screen's host; a ``TypeError`` in an app that is not one (a test's
    bare app), rather than an ``AttributeError`` deep in a key's action."""
    if not isinstance(app, Host):
        raise TypeError(f"{type(app).__name__} is not moderator's app: it cannot open screens")
    return app


def keys_refused(app: App[Any]) -> None:
    """A key did nothing (its command refused, nothing to open): the keys typed behind it
    were typed for what it would have done, and are not used
    (``ModeratorApp.keys_refused``); nothing in an app without it (a test's bare app)."""
    refused = getattr(app, "keys_refused", None)
    if refused is not None:
        refused()


ASCII_KEYS = {
    _character_to_key(ch): ch for ch in string.printable if ch.isprintable() and len(ch) == 1
}
"""The character of each printable ASCII key by its Textual name (``full_stop``: ``.``;
Textual's own ``key_to_character`` knows no ``minus`` or ``plus``)."""


def character_of(key: str) -> str | None:
    """The character ``key`` types (``full_stop``: ``.``, ``euro_sign``: ``€``), or
    ``None`` for a key that types none (Tab, F2, an arrow, a ``ctrl`` key)."""
    character = ASCII_KEYS.get(key) or key_to_character(key)
    return character if character is not None and character.isprintable() else None


def key_said(key: str) -> str:
    """A key as the banker reads it in a refusal: the character it types (``'.'``,
    ``'€'``), else its name (``tab``, ``f2``, ``ctrl+z``)."""
    character = character_of(key)
    return key if character is None else repr(character)


NAMED_NO_KEYS = frozenset(("insert", "delete", "backspace"))
"""Named keys that type nothing and move nothing: a screen that has no binding for them
refuses them (:func:`stray_key`)."""


def stray_key(key: str) -> bool:
    """Whether ``key`` is one a screen refuses when no binding of it nor its focused field
    takes it: a key that types a character (a letter, a digit, a sign, a space, ``€``), a
    ``ctrl`` key but quitting, Insert, Delete, Backspace, a function key, a shifted named
    key.  The arrows, Home, End, the page keys, Enter, Tab and Esc are not: they move or
    close what is shown (eighth keys round: a sign, a space, Insert or F2 was dropped
    silently and the keys typed behind it acted: ``. e 4 0 Enter`` spent 40)."""
    if character_of(key) is not None or key in NAMED_NO_KEYS:
        return True
    if key.startswith("ctrl+"):
        return key not in ("ctrl+q", "ctrl+c")
    return key.startswith("shift+") or (key[:1] == "f" and key[1:].isdigit())


def stray_said(key: str) -> str:
    """A refused stray key (:func:`stray_key`) as its toast names it, quoted: the
    character it types (``'.'``, ``'€'``), else its name (``'f2'``, ``'insert'``)."""
    return repr(character_of(key) or key)


def refuse_stray_key(screen: Screen[Any], key: str, keys_said: str) -> str:
    """A letter, a digit or a ``ctrl`` key that is no key of ``screen`` (a view over the
    main screen: help, score, projection, rounds, sharing, the what-if comparison) and
    that no focused field takes as text: a bell and a toast naming the screen's keys
    (``keys_said``), and ``"refused"`` so the app does not use the keys typed behind it
    (the screens' ``take_dimmed_key``, called as the app hands the key out).  ``F1 z Esc
    e 4 0 Enter`` spent 40 with the keys typed behind the ``z``, which did nothing.
    ``""`` for any other key: it acts as usual."""
    if key in screen.active_bindings or not stray_key(key):
        return ""
    focused = screen.focused
    if focused is not None and focused.check_consume_key(key, character_of(key)):
        return ""
    screen.app.bell()
    screen.notify(
        f"{stray_said(key)} is no key here: {keys_said}", severity="warning", markup=False
    )
    return "refused"


class StrayKeysRefused:
    """A screen over the main one that refuses a key that is no key of it
    (:func:`refuse_stray_key`): its ``KEYS_SAID`` names the keys it has.  Put before the
    Textual base: ``class HelpScreen(StrayKeysRefused, ModalScreen[None])``."""

    KEYS_SAID: ClassVar[str] = ""
    """The screen's keys, in the toast that says a key is none of them."""

    def take_dimmed_key(self, key: str) -> str:
        """A letter, a digit or a ``ctrl`` key that is no key of this screen is refused,
        and the keys typed behind it are not used (the app calls this as it hands the key
        out): ``F1 z Esc e 4 0 Enter`` spent 40 with the keys typed behind the ``z``."""
        return refuse_stray_key(cast("Screen[Any]", self), key, self.KEYS_SAID)
