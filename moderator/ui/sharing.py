"""The TUI's sharing of its open game with the players' table view (``ctrl+t``).

:class:`TableShare` is the one sharing of an app: whether the banker wants the game
shared, on this computer only or on the local network, and the server
(:func:`moderator.web.start_sharing`) that runs for it.  The screen only says what
is wanted (:meth:`TableShare.share`, :meth:`TableShare.unshare`,
:meth:`TableShare.set_lan`, :meth:`TableShare.follow` when another game is opened);
the slow part — starting a server, stopping one (up to two seconds while viewers
hold their streams open) — runs in a worker thread (:meth:`TableShare.settle`), which
brings the server to what is wanted, one change at a time, and reports each change
through ``on_change`` (from that thread).  The banker's screen never waits for it.

For the whole session the address keeps its access token and, once one is chosen,
its port: sharing again, on the network instead of this computer, or the next game
opened, keeps the address the players' pages already use, so an open page picks
the game up again by itself (the LAN toggle changes the host, so a phone that
followed ``127.0.0.1`` cannot follow; one on the network can).

No Textual here: the app runs :meth:`TableShare.settle` in a thread worker and
redraws on ``on_change``.  The web server's modules are imported on the first
share, not when the TUI starts.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from moderator.commands import Record

if TYPE_CHECKING:
    from moderator.follow import LiveGame
    from moderator.game import Game
    from moderator.web import Sharing

__all__ = ["ShareView", "TableShare"]


class ShareView(Record):
    """What the sharing screen and the footer's mark show, read at one moment."""

    running: bool
    """Whether a server answers now."""
    busy: str | None
    """What the worker is doing now (``starting``, ``stopping``...), or ``None``."""
    wanted: bool
    """Whether the banker asked for the game to be shared."""
    lan: bool
    """Whether sharing listens (or will listen) on the local network."""
    url: str | None
    """The players' address while running."""
    qr: str | None
    """The address as a QR code drawn in text (33 columns or so)."""
    host: str | None
    """The host the address names while running."""
    error: str | None
    """Why the last start did not happen (the port is taken...), or ``None``."""
    note: str | None
    """Something the banker should know about the address (no network address found,
    a new port so players scan again), or ``None``."""
    label: str | None
    """The game shared (its save's name)."""


class TableShare:
    """The app's sharing of its open game (see the module docstring).

    ``on_change`` is called (from any thread, the worker's included) whenever what
    :meth:`view` returns may have changed; it must not block.
    """

    def __init__(self, on_change: Callable[[], None] = lambda: None) -> None:
        self.on_change = on_change
        self.token = secrets.token_urlsafe(16)
        """The access token of the whole session (every start reuses it; 128 bits, as
        :func:`moderator.web.new_token`)."""
        self.port = 0
        """The port of the address; 0 until the first start chooses one."""
        self.wanted = False
        """Whether the banker asked for the game to be shared."""
        self.lan = False
        """Whether to listen on the local network (else on this computer only)."""
        self.game: Game | None = None
        """The open game."""
        self.source: LiveGame | None = None
        """The open game as the server reads it (made in the UI thread, see :meth:`follow`)."""
        self.sharing: Sharing | None = None
        self._sharing_lan = False
        self.busy: str | None = None
        self.error: str | None = None
        self.note: str | None = None
        self._qr: tuple[str, str] | None = None
        self._lock = threading.Lock()
        """Held by whoever starts or stops the server: one change at a time."""

    # ------------------------------------------------------------ what is wanted (UI thread)
    def follow(self, game: Game) -> bool:
        """``game`` is the open game now: the server reads it from now on.  Whether the
        server must be restarted for it (call :meth:`settle` in a worker then).  Call it
        in the thread that owns the game (the TUI's)."""
        self.game = game
        if self.source is not None and self.source.game is game:
            return False
        if not self.wanted:
            self.source = None  # made again when sharing starts
            return False
        self._make_source()
        return True

    def follow_whatif(self, game: Game, label: str) -> bool:
        """Show a what-if sandbox's ``game`` to the players, marked as a what-if (``label``:
        from which line); :meth:`follow` the real game to show it again.  Whether the server
        must be restarted for it (call :meth:`settle` in a worker then)."""
        from moderator.follow import LiveGame

        self.game = game
        self.source = LiveGame(game, label=f"WHAT-IF · {game.ruleset.title_name}")
        self.source.whatif = f"{label}: not the real game, nothing of it is saved"
        return self.wanted

    def _make_source(self) -> None:
        """The open game as the server reads it (a copy of its journal and state, made
        here, in the thread that owns the game)."""
        from moderator.follow import LiveGame  # light: the web server loads in the worker

        assert self.game is not None
        if self.source is None or self.source.game is not self.game:
            self.source = LiveGame(self.game)

    def changed(self) -> None:
        """The open game changed (a command, undo, redo, rewind): the server refreshes
        now rather than at its next poll.  Cheap; never blocks."""
        source = self.source
        if source is not None:
            source.changed()

    def share(self) -> bool:
        """Ask for the open game to be shared; whether the worker has something to do."""
        if self.game is None:
            self.error = "no game is open to share"
            self._tell()
            return False
        self._make_source()
        self.wanted = True
        self.error = None
        self._tell()
        return True

    def unshare(self) -> bool:
        """Ask for sharing to stop; whether the worker has something to do."""
        self.wanted = False
        self.error = None
        self._tell()
        return True

    def set_lan(self, lan: bool) -> bool:
        """Listen on the local network (``True``) or this computer only, from the next
        start; a server running now is moved.  Whether the worker has something to do."""
        self.lan = lan
        self.error = None
        self._tell()
        return self.wanted

    # ------------------------------------------------------------ the worker
    def settle(self) -> None:
        """Bring the server to what is wanted, one start or stop at a time, until it
        matches (what is wanted may change meanwhile).  Blocking: run it in a worker
        thread.  Never raises: a failure is kept in :attr:`error` for the screen."""
        with self._lock:
            while True:
                running = self.sharing
                want = self.wanted and self.source is not None
                if running is not None and (
                    not want or running.source is not self.source or self._sharing_lan != self.lan
                ):
                    self._stop(running)
                    continue
                if want and running is None:
                    self._start()
                    if self.sharing is None:  # refused: keep the reason, stop trying
                        self.wanted = False
                    continue
                break
            self.busy = None
        self._tell()

    def _stop(self, running: Sharing) -> None:
        """Stop the server running now (its port is kept for the next start)."""
        self.busy = "stopping"
        self._tell()
        try:
            running.stop()
        except Exception as exc:  # the server thread is a daemon: forget it all the same
            self.note = f"the server did not stop cleanly: {type(exc).__name__}: {exc}"
        self.sharing = None
        self._qr = None
        self._tell()

    def _start(self) -> None:
        """Start a server on the kept port and token (a new port if that one is taken)."""
        from moderator.web import start_sharing

        source, lan = self.source, self.lan
        assert source is not None
        self.busy = "starting"
        self.note = None
        self._tell()
        try:
            try:
                sharing = start_sharing(source, lan=lan, port=self.port, token=self.token)
            except OSError:
                if not self.port:
                    raise
                # the session's port was taken meanwhile: another one (a new address)
                sharing = start_sharing(source, lan=lan, port=0, token=self.token)
                self.note = (
                    f"port {self.port} is taken now: the address changed, "
                    "the players scan the new code"
                )
        except OSError as exc:
            where = f"port {self.port}" if self.port else "a port"
            self.error = f"cannot listen on {where}: {exc.strerror or exc}"
            return
        except Exception as exc:  # a server that does not start must not stop the banker
            self.error = f"the table view did not start: {type(exc).__name__}: {exc}"
            return
        self.sharing = sharing
        self._sharing_lan = lan
        parts = urlsplit(sharing.url)
        self.port = parts.port or self.port
        if lan and parts.hostname and parts.hostname.startswith("127."):
            self.note = (
                "no network address was found (no Wi-Fi?): listening on every "
                "interface, but the address shown is this computer's only"
            )

    def close(self) -> None:
        """Stop sharing now, waiting for the server (the app is quitting)."""
        self.wanted = False
        self.settle()

    # ------------------------------------------------------------ reading
    def view(self) -> ShareView:
        """What to show now (any thread)."""
        sharing = self.sharing
        url = sharing.url if sharing is not None else None
        qr = None
        if url is not None:
            cached = self._qr
            if cached is None or cached[0] != url:
                from moderator.web import qr_text

                cached = (url, qr_text(url))
                self._qr = cached
            qr = cached[1]
        source = sharing.source if sharing is not None else self.source
        return ShareView(
            running=sharing is not None,
            busy=self.busy,
            wanted=self.wanted,
            lan=self.lan,
            url=url,
            qr=qr,
            host=urlsplit(url).hostname if url else None,
            error=self.error,
            note=self.note,
            label=getattr(source, "label", None),
        )

    def _tell(self) -> None:
        try:
            self.on_change()
        except Exception:  # the screen going away must never stop the server's worker
            pass
