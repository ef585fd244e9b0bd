"""The help screen: every key, from the same table the bindings are built from."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from moderator.ui.host import StrayKeysRefused
from moderator.ui.keys import UI_COMMANDS

EXTRA_KEYS: tuple[tuple[str, str], ...] = (
    ("ctrl+n", "New game (from any screen)"),
    ("ctrl+o", "Open another save (from any screen)"),
    ("ctrl+p", "Command palette: the UI commands and every command the rules accept now"),
    (
        "Tab / →",
        "In the command bar: complete the next word from the commands the rules "
        "accept (buy ␣ Tab: the player; buy Amy ␣ Tab: a corporation)",
    ),
    ("↑ / ↓", "In the command bar: earlier lines; in dialogs: choices and options"),
    (
        "ctrl+u",
        "In the command bar: clear the line left of the cursor (all of it at its end; "
        "a refused line is selected, so typing replaces it too); drops the pasted lines "
        "that wait",
    ),
    ("← / →", "In dialogs: options laid out left to right (full / half / withhold...)"),
    (
        "0-9 a-z",
        "In a list: type to narrow it, in either case (par price: 8 → $80, $82...; "
        "SPR or spr → SPR); Backspace widens",
    ),
    (
        "score project rounds",
        "In the command bar: these words open the screens of f, w and g; "
        "check alone opens the checker, share the sharing screen (ctrl+t)",
    ),
    (
        "check …",
        "In the command bar: check run NYC 370 half paid 19 price 90, check sell Bob "
        "NYC 2: the answer in the log, nothing journaled",
    ),
    (
        "Esc",
        "Close a dialog, leave the command bar (dropping the pasted lines that wait "
        "behind a refused one)",
    ),
    ("ctrl+q", "Quit (every accepted command is already saved)"),
)
"""Keys that are not main-screen commands."""


def _key_name(key: str) -> str:
    """A Textual key name as printed on the keyboard."""
    names = {
        "question_mark": "?",
        "colon": ":",
        "slash": "/",
        "ctrl+up": "ctrl+↑",
        "ctrl+down": "ctrl+↓",
    }
    if key.startswith("f") and key[1:].isdigit():
        return key.upper()
    return names.get(key, key)


BUY_PLACES = "(IPO or pool)"
"""The buy key's places in its help row, said in the game's title's words where a game is
open (:func:`moderator.narrate.share_heads`: 1830's offering or pool, 1846's treasury or
market)."""


def key_table(title: str | None = None) -> Table:
    """The table of keys (also used for the README, without ``title``); with ``title``, the
    places shares are bought from in its words."""
    table = Table(box=None, padding=(0, 2), header_style="bold")
    # a long key cell (`score project rounds`) wraps rather than narrowing every
    # description: the help fits a 120x40 terminal with few wrapped rows
    table.add_column("Key", max_width=16, style="bold")
    table.add_column("Command", no_wrap=True)
    table.add_column("What it does")
    seen: dict[str, list[str]] = {}
    for cmd in UI_COMMANDS:  # a command with two keys (F1 and ?) is one row
        seen.setdefault(cmd.help, []).extend(_key_name(k) for k in cmd.key.split(","))
    done: set[str] = set()
    for cmd in UI_COMMANDS:
        if cmd.help in done:
            continue
        done.add(cmd.help)
        said = cmd.help
        if title is not None and BUY_PLACES in said:
            from moderator.narrate import share_heads

            unsold, pool = share_heads(title)
            said = said.replace(BUY_PLACES, f"({unsold} or {pool})")
        table.add_row(" / ".join(seen[cmd.help]), cmd.label, said)
    for key, what in EXTRA_KEYS:
        table.add_row(key, "", what)
    return table


class HelpScreen(StrayKeysRefused, ModalScreen[None]):
    """Lists the keys; any of Esc, q, F1 or ? closes it."""

    KEYS_SAID = "Esc, q, F1 or ? closes the help; ↑↓ PgUp PgDn scroll"
    """Said when a key that is no key of this screen is refused (:class:`StrayKeysRefused`)."""

    BINDINGS = [Binding("escape,q,f1,question_mark", "close", "Close", priority=True)]

    def __init__(self, title: str | None = None) -> None:
        super().__init__()
        self.game_title = title
        """The open game's title (its words for the places shares are bought from)."""

    def compose(self) -> ComposeResult:
        # scrolls (↑↓, PgUp/PgDn, the wheel) when the keys are more than the terminal's rows
        with VerticalScroll(classes="dialog-box", id="help-box") as box:
            # the whole terminal but its edge: the keys are many (120x40 shows the table
            # down to ctrl+t without scrolling)
            box.styles.width = 118
            box.styles.max_height = "100%"
            yield Label("Keys", classes="dialog-title")
            yield Static(key_table(self.game_title))
            yield Static(
                "Keys of commands the rules forbid right now are dimmed in the footer; "
                "pressing one says why; keys of another stage are not shown.",
                classes="dialog-note",
            )

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
