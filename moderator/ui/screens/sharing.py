"""The sharing screen (``ctrl+t``): the players' table view of the open game.

Opened while the game is not shared, it starts sharing at once, on this computer
only (``127.0.0.1``).  While it is shared the screen shows the address — as text
and as a QR code for the players' phones to scan — and where it listens.  ``l``
moves it to the local network (the laptop's address on the table's Wi-Fi) and
back, ``s`` stops sharing (and starts it again), ``Esc`` goes back to the game:
sharing goes on in the background, and the main screen's footer shows
``● sharing`` while it does.

The server starts and stops in a worker (:class:`moderator.ui.sharing.TableShare`);
this screen only shows what is going on, never waits for it.  Whatever goes wrong
(the port is taken, no network) is said here, and the game goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from moderator.ui.host import StrayKeysRefused, host

if TYPE_CHECKING:
    from moderator.ui.sharing import ShareView, TableShare


def status_text(view: ShareView) -> Text:
    """What the sharing is doing, in words (with the reason when it failed)."""
    text = Text()
    where = "on the local network" if view.lan else "on this computer only"
    game = view.label or "the game"
    if view.busy == "starting":
        text.append(f"Starting to share {game} {where}…", style="bold yellow")
    elif view.busy == "stopping":
        verb = "Moving the address…" if view.wanted else "Stopping…"
        text.append(verb, style="bold yellow")
    elif view.running:
        text.append("● Sharing ", style="bold green")
        text.append(game, style="bold")
        text.append(f" read-only {where}", style="bold green")
        if not view.lan:
            text.append(
                " (127.0.0.1): players on other devices cannot reach it; "
                "l listens on the table's Wi-Fi",
                style="dim",
            )
        else:
            text.append(
                f" ({view.host}); anyone on this network with the address can read the game",
                style="dim",
            )
    else:
        text.append("Not sharing. ", style="bold")
        text.append(
            f"s shares {game} {where}; l switches to "
            f"{'this computer only' if view.lan else 'the local network'}.",
            style="dim",
        )
    if view.error:
        text.append("\n✗ Cannot share: ", style="bold red")
        text.append(view.error, style="red")
    if view.note:
        text.append("\n! ", style="bold yellow")
        text.append(view.note, style="yellow")
    return text


class SharingScreen(StrayKeysRefused, Screen[None]):
    """The address of the table view and its keys (see the module docstring)."""

    KEYS_SAID = "s starts or stops sharing, l switches LAN / this computer, Esc, q or ^t goes back"
    """Said when a key that is no key of this screen is refused (:class:`StrayKeysRefused`)."""

    DEFAULT_CSS = """
    SharingScreen #share-head {
        padding: 0 1;
        background: $boost;
    }
    SharingScreen #share-body {
        height: 1fr;
        padding: 0 1;
    }
    SharingScreen #share-status, SharingScreen #share-url, SharingScreen #share-help {
        height: auto;
        margin: 1 0 0 0;
    }
    SharingScreen #share-qr {
        width: auto;
        height: auto;
        margin: 1 0 0 0;
        color: #ffffff;
        background: #000000;
    }
    """

    BINDINGS = [
        Binding("s", "toggle", "Start/stop", priority=True),
        Binding("l", "lan", "LAN / this computer", priority=True),
        Binding("escape,q,ctrl+t", "close", "Back (sharing goes on)", priority=True),
    ]

    def __init__(self, share: TableShare) -> None:
        super().__init__(id="sharing")
        self.share = share

    def compose(self) -> ComposeResult:
        head = Text("Table view", style="bold")
        head.append(
            "   every player follows the game on their own phone or laptop, read-only: "
            "no account, no internet, no install",
            style="dim",
        )
        yield Static(head, id="share-head")
        with VerticalScroll(id="share-body"):
            yield Static("", id="share-status")
            yield Static("", id="share-url", markup=False)
            # drawn white on black whatever the theme: light modules light (a scanner
            # wants the code's own contrast, not the terminal's)
            yield Static("", id="share-qr", markup=False)
            yield Static(
                "Players scan the code with the phone's camera, or type the address. "
                "The page follows every command, undo and rewind within a second. "
                "The address keeps its key and port until moderator quits: sharing again, "
                "or the next game opened, keeps open pages following. "
                "s stops or starts sharing, l switches between this computer and the "
                "local network, Esc goes back to the game (sharing goes on).",
                id="share-help",
                markup=False,
            )
        yield Footer()

    def on_mount(self) -> None:
        """Show where sharing stands."""
        self.update_view()
        self.query_one("#share-body").focus()

    def update_view(self) -> None:
        """Show the sharing as it is now (called again on every change of it)."""
        if not self.query("#share-status"):
            # a change that arrives while the screen is mounted but its widgets are not (yet,
            # or no more: a burst of ctrl+t, ctrl+o, Esc): on_mount shows it when they are
            return
        view = self.share.view()
        self.query_one("#share-status", Static).update(status_text(view))
        url = self.query_one("#share-url", Static)
        qr = self.query_one("#share-qr", Static)
        if view.url:
            url.update(Text.assemble(("Players open:  ", "bold"), (view.url, "bold cyan")))
            qr.update(view.qr or "")
        else:
            url.update("")
            qr.update("")
        url.display = bool(view.url)
        qr.display = bool(view.url)

    def action_toggle(self) -> None:
        """Stop sharing, or start it."""
        app = self.app
        if self.share.wanted:
            self.share.unshare()
        else:
            self.share.share()
        host(app).settle_sharing()

    def action_lan(self) -> None:
        """Listen on the local network, or on this computer only."""
        self.share.set_lan(not self.share.lan)
        host(self.app).settle_sharing()

    def action_close(self) -> None:
        """Back to the game; sharing goes on in the background."""
        self.dismiss(None)
