"""The start screen (new game, open a save, demo game), the open list and the new-game form.

The open list and the form are also reached from the main screen at any time
(``ctrl+n``, ``ctrl+o``, the command palette: see ``ModeratorApp``).

The new-game form turns the title's setup choices into commands: the 1846
removals become a ``remove ...`` command and each private distribution result
a ``private PLAYER PRIVATE [PRICE]`` command.  The players field is read as
banker script (``"Mary Ann"`` in quotes is one player).  The game checks
every command as the banker types, and a line under the form says what keeps
the game from starting; nothing is saved until all are accepted.

No keystroke is lost on these screens, however fast the keys come (a typist
ahead of the screen, a paste, ``tmux send-keys``), and each lands in the field
it was typed for:

* every widget is composed in ``compose`` and the focus is set before the
  screen takes a key; keys typed while it is being opened are held by the app
  and handed over once it is ready (:class:`KeyedScreen`, ``ModeratorApp``);
* every key that moves the focus, opens another screen or reads the fields is
  a *priority* binding of the screen, so it acts in the order typed.  Textual
  runs an ordinary binding only once the key has bubbled up from the focused
  widget, after the keys typed next have already gone to that widget: a Tab
  in a burst used to move the focus after the text meant for the next field
  had landed in this one;
* the Title field acts on its keys as the app reads them (:class:`FormSelect`):
  Enter opens its list and picks in it, in the order typed;
* starting the game first waits for every field to have taken the keys typed
  into it.

The focused field is drawn apart (its border and its row's label, ``screens.tcss``)
and always in view: the form scrolls to it, to its top for the Title.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from moderator.text import escaped
from moderator.ui.host import (
    KeysReady,
    StrayKeysRefused,
    host,
    keys_refused,
    stray_key,
    stray_said,
)
from rulesets.names import title_name

if TYPE_CHECKING:
    from textual.widget import AwaitMount

    from moderator.commands import PrivateResult
    from moderator.game import Game
    from moderator.saves_index import SaveSummary


class KeyedScreen(Screen[None]):
    """A screen that takes keys only once composed and focused on :attr:`AUTO_FOCUS`.

    Until then the app holds the keys typed (``ready_for_keys``); the screen
    says it is ready at the end of its mount, with the focus set.
    """

    AUTO_FOCUS = "*"

    def __init__(self, classes: str) -> None:
        # A class, not an id: the same screen may be opened again while the one
        # just closed is still being removed (keys typed at once), and two
        # screens with one id cannot be mounted together.
        super().__init__(classes=classes)
        self.ready_for_keys = False

    def on_mount(self) -> None:
        """Prepare, focus, and take the keys typed meanwhile."""
        try:
            self.prepare()
            if self.focused is None and self.AUTO_FOCUS:
                target = self.query(self.AUTO_FOCUS).first()
                if target.focusable:
                    self.set_focus(target, scroll_visible=False)
        finally:
            self.app.post_message(KeysReady(self))

    def prepare(self) -> None:
        """What the screen does on mount before it takes keys."""


class FormInput(Input):
    """An input whose editing keys (End, Backspace, ←...) act in the order typed.

    Textual runs a widget's bindings once the key has bubbled up to the app,
    after the keys typed next have already reached the input: in a burst,
    ``End`` then ``x`` typed ``x`` over the selected text first, and
    ``Backspace`` ``Backspace`` ``Amy`` deleted the end of ``Amy``.  Here the
    input runs its own bindings as it takes the key, in its queue's order.
    """

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable:
            for binding in self._bindings.key_to_bindings.get(event.key, ()):
                if await self.app.run_action(binding.action, self):
                    event.stop()
                    event.prevent_default()
                    return
        await super()._on_key(event)


class FormCheckbox(Checkbox):
    """A checkbox that toggles as it takes Space or Enter, in the order typed (see
    :class:`FormInput`: a burst of ``space`` then ``ctrl+s`` must start the game with
    the box ticked).

    It is drawn ``[x]`` ticked and ``[ ]`` clear: Textual's box draws an ``X`` either
    way, told apart only by its colour.  A label longer than the form is wide wraps
    (Textual's box keeps to one row and ran out of the form at 80 columns).
    """

    async def _on_key(self, event: events.Key) -> None:
        if event.key in ("space", "enter"):
            event.stop()
            event.prevent_default()
            self.toggle()
            return
        await super()._on_key(event)

    @property
    def _button(self) -> Content:
        """``[x]`` or ``[ ]`` in the box's style (plain ASCII: any terminal draws it)."""
        return Content.styled(
            "[x]" if self.value else "[ ]", self.get_visual_style("toggle--button")
        )

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows the label takes at ``width`` (wrapped), not always one."""
        return Widget.get_content_height(self, container, viewport, width)


class FormSelect(Select[str]):
    """The Title field, whose keys act in the order typed, as the app reads them.

    Textual's select opens its list on Enter, Space, ↑ or ↓, and gives the list the
    focus only later (a callback queued behind the keys already read): in a burst,
    ``Enter ↓ ↓ Enter`` opened the list and the keys after Enter went to the closed
    field, which swallowed them (the title stayed 1846, the list open).  Here the focus
    stays on the field while its list is open, and each key is acted on at once
    (:meth:`key_now`): closed, Enter, Space, ↑ and ↓ open the list on the title chosen;
    open, ↑ ↓ Home End PageUp PageDown move in it, Enter or Space picks, and a letter or
    digit goes to the first title holding what was typed since the list opened.  Esc
    (close) and Tab (close, next field) are the screen's.
    """

    MOVES = {
        "up": "cursor_up",
        "down": "cursor_down",
        "home": "first",
        "end": "last",
        "pageup": "page_up",
        "pagedown": "page_down",
    }
    """Keys that move in the open list: the list's own actions."""

    def __init__(self, titles: list[str], *, id: str | None = None) -> None:
        super().__init__(
            [(title_name(t), t) for t in titles], value=titles[0], allow_blank=False, id=id
        )  # each title by the name people read ("1847 Pfalz"); the value is its id
        self.titles = titles
        """The titles, in the list's order."""
        self.typed = ""
        """What was typed since the list opened (a title holding it is highlighted)."""

    @property
    def overlay(self) -> OptionList:
        """The list (Textual's ``SelectOverlay``, an option list)."""
        return self.query_one(OptionList)

    def _watch_expanded(self, expanded: bool) -> None:
        """Show or hide the list, the title chosen highlighted; the focus stays here (see
        the class docstring: Textual's own watcher moves it to the list later)."""
        self.set_class(expanded, "-expanded")
        if expanded:
            self.typed = ""
            self.highlight(self.titles.index(str(self.value)))

    def highlight(self, index: int) -> None:
        """Highlight the title at ``index`` of the list, scrolled into view."""
        self.overlay.highlighted = index
        self.overlay.scroll_to_highlight()

    def _forward_event(self, event: events.Event) -> None:
        """Act on a key as the app reads it (:meth:`key_now`), before the next one."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self.key_now(event.key, event.character):
                event._set_forwarded()
                return
        super()._forward_event(event)

    def key_now(self, key: str, character: str | None = None) -> bool:
        """Act on ``key`` now if it is one of the field's (class docstring); whether it was."""
        if not self.expanded:
            if key in ("enter", "space", "up", "down"):
                self.expanded = True
                return True
            return False
        if key in self.MOVES:
            getattr(self.overlay, f"action_{self.MOVES[key]}")()
        elif key in ("enter", "space"):
            self.pick()
        elif character is not None and character.isprintable() and len(character) == 1:
            self.search(character)
        else:
            return False
        return True

    def pick(self) -> None:
        """Take the highlighted title and close the list (the focus on the field)."""
        index = self.overlay.highlighted
        if index is not None and self.titles[index] != self.value:
            self.value = self.titles[index]
        self.expanded = False
        if self.screen.focused is not self:  # the list was clicked into
            self.screen.set_focus(self, scroll_visible=False)

    def search(self, character: str) -> None:
        """Highlight the first title holding what was typed since the list opened (or,
        if none does, this character alone); a bell if no title holds it.

        Where what was typed holds no title, the keys typed behind this one were typed for
        a title that is not there: they are not used (``ModeratorApp.keys_refused``), so
        ``1 8 3 9 Enter ctrl+s`` no longer starts 1889 (the ``9`` alone) unseen; the bell
        and the highlight are seen first (fourth keys round)."""
        names = [title_name(t).lower() for t in self.titles]
        spelled = self.typed + character
        for typed in (spelled, character):
            low = typed.lower()
            found = [i for i, name in enumerate(names) if low in name]
            if found:
                best = min(found, key=lambda i: names[i].index(low))  # first in the list on ties
                self.typed = typed
                self.highlight(best)
                if typed != spelled:
                    self.app.bell()
                    keys_refused(self.app)
                return
        self.typed = ""
        self.app.bell()
        keys_refused(self.app)


class FormScroll(VerticalScroll):
    """The form's scrolling part: when its height changes (the line under it grows as
    the banker types), the focused field is scrolled into view again."""

    def on_resize(self, event: events.Resize) -> None:
        """Show the focused field again (:meth:`NewGameScreen.show_focused`)."""
        show = getattr(self.screen, "show_focused", None)
        if show is not None:
            self.call_after_refresh(show)


DEMOS: dict[str, tuple[str, str]] = {
    "demo": ("demo-1846.script", "Demo game (1846, 4 players, operating round 3)"),
    "demo-1847ae": ("demo-1847ae.script", "Demo game (1847 AE, 3 players, operating round 2.1)"),
    "demo-1853": ("demo-1853.script", "Demo game (1853 India, 3 players, operating round 2.1)"),
    "demo-1830": ("demo-1830.script", "Demo game (1830, 4 players, operating round 2.1)"),
    "demo-1889": ("demo-1889.script", "Demo game (1889, 4 players, operating round 2.1)"),
    "demo-18chesapeake": (
        "demo-18chesapeake.script",
        "Demo game (18Chesapeake, 3 players, operating round 2.1)",
    ),
    "demo-1817": ("demo-1817.script", "Demo game (1817, 4 players, operating round 2.1)"),
}
"""The start screen's demo games: menu id -> (script under ``moderator/demo/``, label)."""


class StartScreen(StrayKeysRefused, KeyedScreen):
    """New game, open a save, demo game, quit.

    Every key is the screen's (priority), the menu's moves included, so that
    keys typed at once act in order (module docstring).  A letter or a digit that is
    no item's key rings and the keys typed behind it are not used: ``x d`` (a pass and
    a done typed for a game not open) opened the 1846 demo with the ``d``.
    """

    KEYS_SAID = "n new game, o open a save, d e i r k c l a demo, q quit, ↑↓ Enter"
    """Said when a key that is no key of this menu is refused (:class:`StrayKeysRefused`)."""

    AUTO_FOCUS = "#start-menu"
    BINDINGS = [
        Binding("n", "choose('new')", "New game", priority=True),
        Binding("o", "choose('open')", "Open a save", priority=True),
        Binding("d", "choose('demo')", "Demo game", priority=True),
        Binding("e", "choose('demo-1847ae')", "1847 AE demo", priority=True),
        Binding("i", "choose('demo-1853')", "1853 demo", priority=True),
        Binding("r", "choose('demo-1830')", "1830 demo", priority=True),
        Binding("k", "choose('demo-1889')", "1889 demo", priority=True),
        Binding("c", "choose('demo-18chesapeake')", "18Chesapeake demo", priority=True),
        Binding("l", "choose('demo-1817')", "1817 demo", priority=True),
        Binding("q", "choose('quit')", "Quit", priority=True),
        *[
            Binding(key, f"menu('{action}')", show=False, priority=True)
            for key, action in (
                ("enter", "pick"),
                ("up", "cursor_up"),
                ("down", "cursor_down"),
                ("home", "first"),
                ("end", "last"),
                ("pageup", "page_up"),
                ("pagedown", "page_down"),
            )
        ],
    ]

    def __init__(self, saves: Path) -> None:
        super().__init__(classes="start-screen")
        self.saves = saves

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="start-box"):
            yield Label("moderator — the 18xx banker", classes="dialog-title")
            yield Static(
                f"Saves folder: {escaped(str(self.saves))}", classes="dialog-note", markup=False
            )  # a path is only text (20.8)
            yield OptionList(
                Option("New game", id="new"),
                Option("Open a save", id="open"),
                *[Option(label, id=key) for key, (_, label) in DEMOS.items()],
                Option("Quit", id="quit"),
                id="start-menu",
            )
        yield Footer()

    def prepare(self) -> None:
        """Highlight the first item."""
        self.query_one("#start-menu", OptionList).highlighted = 0

    def action_menu(self, action: str) -> None:
        """Move in the menu, or take the highlighted item (``pick``)."""
        menu = self.query_one("#start-menu", OptionList)
        if action == "pick":
            if menu.highlighted is not None:
                self.action_choose(menu.get_option_at_index(menu.highlighted).id or "")
            return
        getattr(menu, f"action_{action}")()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A menu item was clicked."""
        event.stop()
        self.action_choose(event.option_id or "")

    def action_choose(self, what: str) -> None:
        """Act on a menu item."""
        app = self.app
        if what == "new":
            app.push_screen(NewGameScreen(self.saves))
        elif what == "open":
            app.push_screen(OpenScreen(self.saves))
        elif what == "demo":
            host(app).open_demo()
        elif what in DEMOS:
            from moderator.saves_index import make_demo_save

            host(app).open_game(make_demo_save(self.saves, DEMOS[what][0]))
        elif what == "quit":
            app.exit()


class OpenScreen(KeyedScreen):
    """The saves in the folder, newest first, then the backups; Enter opens one.

    Each save shows its title, players, the round of its last command (or
    ``setup``), its number of commands and when it was last written, read
    without replaying it (:func:`moderator.saves_index.save_summaries`).  A file
    that cannot be read is listed with the reason.  A save that cannot be
    opened (another moderator holds it) is explained in a line under the list,
    and the list stays.  Every key is the screen's (priority), as on the start
    screen.
    """

    DEFAULT_CSS = """
    OpenScreen #open-box { width: 100; max-height: 100%; }
    OpenScreen #saves-list { max-height: 1fr; }
    OpenScreen #open-error { padding: 1 0 0 0; color: $text-error; }
    """

    AUTO_FOCUS = "#saves-list"
    BINDINGS = [
        Binding("escape", "back", "Back", priority=True),
        *[
            Binding(key, f"list('{action}')", show=False, priority=True)
            for key, action in (
                ("enter", "pick"),
                ("up", "cursor_up"),
                ("down", "cursor_down"),
                ("home", "first"),
                ("end", "last"),
                ("pageup", "page_up"),
                ("pagedown", "page_down"),
            )
        ],
    ]

    def __init__(self, saves: Path) -> None:
        super().__init__(classes="open-screen")
        self.saves = saves

    def compose(self) -> ComposeResult:
        from moderator.saves_index import save_summaries

        self.summaries = save_summaries(self.saves)
        open_now = getattr(getattr(self.app, "open_now", None), "path", None)
        with Vertical(classes="dialog-box", id="open-box"):
            yield Label(
                f"Open a save from {escaped(str(self.saves))}", classes="dialog-title", markup=False
            )  # a path is only text (20.8)
            if not self.summaries:
                yield Static("No saves yet: ctrl+n starts a new game.", classes="dialog-note")
            options: list[Option] = []
            backups_shown = False
            for i, summary in enumerate(self.summaries):
                if summary.backup and not backups_shown:
                    backups_shown = True
                    options.append(
                        Option(
                            Text("Backups (kept by play --force and by rewinds)", style="bold dim"),
                            disabled=True,
                        )
                    )
                is_open = open_now is not None and _same(open_now, summary.path)
                options.append(Option(self.describe(summary, is_open), id=str(i)))
            yield OptionList(*options, id="saves-list")
            yield Static(id="open-error", classes="dialog-reason", markup=False)
            yield Static("Enter: open · Esc: back · ctrl+n: new game", classes="dialog-keys")
        yield Footer()

    @staticmethod
    def describe(summary: SaveSummary, is_open: bool = False) -> Text:
        """Two lines for a save: title and players; round, commands, date and file."""
        text = Text()
        if summary.backup:
            text.append("backup  ", style="yellow")
        if summary.error is not None:
            text.append(escaped(summary.path.name), style="bold")
            text.append("  cannot be opened\n", style="red")
            text.append(f"  {escaped(summary.error)}", style="red")
            return text
        text.append(escaped(summary.title), style="bold")
        text.append("  " + escaped("  ".join(summary.players)))
        if is_open:
            text.append("   ◀ open now", style="green")
        count = f"{summary.commands} command" + ("" if summary.commands == 1 else "s")
        text.append(
            f"\n  {summary.round} · {count} · {summary.when} · {escaped(summary.path.name)}",
            style="dim",
        )
        return text

    def prepare(self) -> None:
        """Highlight the newest save."""
        if self.summaries:
            self.query_one("#saves-list", OptionList).highlighted = 0

    def take_dimmed_key(self, key: str) -> str:
        """A letter or a digit, no key of this list: nothing happens but a bell and the
        line under the list, and the keys typed behind it are not used (``"refused"``;
        the app calls this as it hands the key out): ``ctrl+o x Enter`` opened the newest
        save with the Enter typed after a key that did nothing (fourth keys round); a sign,
        a space, Insert or F2 the same (eighth keys round, :func:`stray_key`)."""
        if key in self.active_bindings or not stray_key(key):
            return ""
        self.app.bell()
        self.query_one("#open-error", Static).update(
            Text(
                f"✗ {stray_said(key)} is no key of this list: ↑↓ choose, Enter opens, Esc goes back"
            )
        )
        return "refused"

    def action_list(self, action: str) -> None:
        """Move in the list, or open the highlighted save (``pick``)."""
        saves = self.query_one("#saves-list", OptionList)
        if action == "pick":
            option = (
                None if saves.highlighted is None else saves.get_option_at_index(saves.highlighted)
            )
            if option is not None and option.id is not None:
                self.open(int(option.id))
            else:  # an empty list or a heading: nothing opened, the keys behind not used
                self.app.bell()
                keys_refused(self.app)
            return
        getattr(saves, f"action_{action}")()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A save was clicked."""
        event.stop()
        if event.option_id is not None:
            self.open(int(event.option_id))

    def open(self, index: int) -> None:
        """Open the save at ``index`` of the list; if it cannot be, say why and stay."""
        path = self.summaries[index].path
        reason = host(self.app).try_open(path)
        if reason is not None:
            self.app.bell()
            shown = reason.removeprefix(f"{path}: ")  # the line names the file already
            self.query_one("#open-error", Static).update(
                Text(f"✗ {escaped(path.name)} cannot be opened: {escaped(shown)}")
            )
            self.notify(reason, title="Cannot open the save", severity="error", timeout=10)
            # the keys typed behind the Enter were for the game it did not open (``↓ Enter
            # h Esc x`` passed a player of the game still shown)
            keys_refused(self.app)

    def action_back(self) -> None:
        """Back to the screen under the list (the game, or the start screen)."""
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.switch_screen(StartScreen(self.saves))


def _same(a: Path, b: Path) -> bool:
    """Whether two paths name the same file."""
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


def split_players(text: str) -> list[str]:
    """The players field: names in seat order, as banker script writes them.

    Words are read with the script's tokenizer, so ``"Mary Ann"`` in double
    quotes is one player; a comma outside quotes separates names like a space
    (``Amy, Bob, Carlos``).

    Raises:
        ParseError: a control character, an unclosed double quote, or a name ``play``
            refuses (``Game``'s own check: blank, too long).
    """
    from moderator.errors import Refusal
    from moderator.game import check_new_players, check_player_name
    from moderator.script import ParseError, check_characters, tokenize

    check_characters(text)
    spaced = []
    in_quotes = False
    for ch in text:
        if ch == '"':
            in_quotes = not in_quotes
        spaced.append(" " if ch == "," and not in_quotes else ch)
    names = tokenize("".join(spaced))
    try:  # the names `game`/`play` accept, by the same checks (issues 18.10, 42.4)
        for name in names:
            check_player_name(name)
        check_new_players(names)
    except Refusal as exc:
        raise ParseError(exc.message) from exc
    return names


_PRICE = re.compile(r"[$£]?[+-]?\d[\d_.,]*")
"""A word that is meant as a price (``60``, ``$60``), in a private's field: digits of any
script, ``_``, ``.`` and ``,`` included, so that ``١٢٠`` or ``1_0`` is refused by the script's
number rule (:func:`moderator.script.amount`) rather than read as part of a name."""


def private_result(text: str, private: str, players: Collection[str] = ()) -> PrivateResult | None:
    """A private's field, ``player [price]``, as a ``private`` command; ``None`` when empty.

    The player may be quoted (``"Mary Ann" 50``) or not (``Mary Ann 50``): the
    words before the price are the name.  Unquoted words that are one of ``players``'
    names whole are his name, with no price (sixteenth keys round: with a player called
    ``Ü 50``, the field ``Ü 50`` gave the private to a player ``Ü`` at $50).

    Raises:
        ParseError: a control character, an unclosed quote, an absurd price.
    """
    from moderator.commands import PrivateResult
    from moderator.script import amount, check_characters, tokenize

    check_characters(text)
    words = tokenize(text)
    if not words:
        return None
    price = None
    if '"' not in text and " ".join(words) in players:
        return PrivateResult(player=" ".join(words), private=private)
    if len(words) > 1 and _PRICE.fullmatch(words[-1]):
        price = amount(words.pop(), "price")
    return PrivateResult(player=" ".join(words), private=private, price=price)


DISTRIBUTION_RULE = {"1846": "3.2"}
"""Titles whose private companies are all distributed before the first stock round, and
the rule that says so (1846 3.2: the last private is passed on at a lower price until
someone takes it, 3.22, so none is left over).  Only these titles have the form's
distribution fields."""

SETUP_NOTES: dict[str, str] = {
    "1847AE": "1847 AE: 3 to 5 players in seat order; the last one starts the first stock "
    "round. No removals and no private distribution: the privates and the L and "
    "Saar directors are sold in the first stock round's starting package (3.3).",
    "1847PFALZ": "1847 Pfalz (section 11): 3 to 5 players, six corporations, the Pfalz "
    "package sold in the first stock round (3 players: row by row, 11.2.3). Values "
    "printed only on the components are box values below: the shipped ones are "
    "PROVISIONAL, the missing ones must be given (`box KEY VALUE` lines).",
    "1847RRRRB": "1847 RRRR&B (section 12): 3 to 5 players, the Pfalz package board, "
    "1847 AE's trains and phases. The Pfalz package's values are box values below.",
    "1830": "1830: 2 to 6 players in seat order, the first offered the first private (7.0). "
    "No removals and no distribution: the privates are sold in the first stock round's "
    "opening sale on the main screen, keys b (buy the one on offer), a (bid), x (pass) "
    "(7.1-7.3).",
    "1889": "1889 (Shikoku): 2 to 6 players in seat order, the first offered the first "
    "private (facts §5); ¥420 each, ¥390 with 5 or 6; SIR is left out with 2 players, UTF "
    "with 2 or 3. The privates are sold in the first stock round's opening sale on the main "
    "screen, keys b (buy), a (bid), x (pass); in the beginner game they are dealt instead: "
    "`private PLAYER PRIVATE` for each player (facts §12).",
    "18CHESAPEAKE": "18Chesapeake: 2 to 6 players in seat order, the first offered the first "
    "private (§9.1); $2,400 shared. The corporation that comes with Cornelius Vanderbilt is "
    "drawn at setup: write `vanderbilt CORP` first, or the tool draws it (§3, §7.1). The "
    "privates are sold in the opening sale on the main screen, keys b (buy), a (bid, "
    "multiples of $5), x (pass). Two players play the variant of §13: 30% president's "
    "certificates, a share leaving the game with each market purchase by a non-president.",
    "1817": "1817: 3 to 7 players in seat order, the first "
    "choosing first in the opening sale; the bank is unlimited. Write each auction's result: "
    "`private PLAYER PRIVATE PRICE` (the $200 seed money covers bids under face), `pass "
    "PLAYER` for a chooser who puts nothing up; IPOs as `ipo PLAYER CORP PRICE SIZE "
    "[PRIVATE...] [by NOMINATOR]` (facts §1, §3), key p on the main screen. The Volatility "
    "expansion (`volatility`) is not offered.",
    "1853": "1853: 3 to 6 players. The board's market values and pars are not in the rules: "
    "the shipped ones are PROVISIONAL, check them against the board below (an edit "
    "starts the game with `market`/`setpar` lines). Bonds and contract claims are "
    "given on the main screen: keys n (bond), a (claim), x (pass), m (settle), or "
    "the command bar (2.5-2.7).",
}
"""What the form says of a title's setup where it has no removals to describe."""

OPTIONS: dict[str, list[tuple[str, str]]] = {
    "1846": [("2e", "Second edition (2021): Boomtown, Little Miami  (F2)")],
    "1847AE": [
        (
            "variant",
            "Variant (section 10): no limit of one new train of a type per "
            "turn; the two optional train cards",
        )
    ],
    "1847PFALZ": [
        (
            "intro",
            "Introductory Game (11.3): no Rhein-Nahe-Bahn, no V6 cards, quarries used by "
            "their owners, no nationalisation",
        )
    ],
    "1847RRRRB": [
        (
            "optional",
            "The two train cards marked optional too (12.1: all train cards; name them in "
            "Box values: optional TYPE,TYPE)",
        )
    ],
    "1853": [("short", "Shortened game (2.4): the bank holds £7,760")],
    "1830": [
        ("brownpool", "Several brown-zone shares a turn from the bank pool only (10.0; facts D8)"),
        ("sixes3", "A third 6-train (Table 4 prints two)"),
    ],
    "1817": [
        (
            "short_squeeze",
            "Short squeeze (facts §15): over 100% held, a second move right at the stock "
            "round's end",
        ),
        ("five_shorts", "Five shorts (facts §15): at most 5 on a 10-share corporation"),
        ("modern_trains", "Modern trains (facts §15): 7s and 8s earn more per own station"),
    ],
    "1889": [
        (
            "beginner",
            "Beginner game (facts §12): privates without abilities dealt one a player at "
            "face value, no opening sale",
        )
    ],
}
"""A title's setup options: the word each adds to the ``game`` line, and its label."""

EDITION_TITLES = ("1846",)
"""Titles whose option is an edition with companies of its own (1846 ``2e``: Boomtown,
Little Miami).  Its box sits under the title; F2 or a click ticks it, and it is no Tab
stop, so the fields from the players on are the same in both editions.  The edition's
own private fields are mounted the first time it is ticked and hidden, like removed
ones, while it is not."""


MARKET_TITLES = {"1853"}
"""Titles whose market values the banker confirms on the form (1853: the board's track and
pars are not in the rules; the shipped values are provisional until confirmed)."""


BOX_TITLES = {"1847PFALZ", "1847RRRRB"}
"""Titles whose component values the banker confirms on the form as ``box`` lines (issue
22): the values kept from the table's last game are offered (``moderator.boxvalues``)."""


def box_words(text: str) -> list[tuple[str, str | None]]:
    """The box values field, in the command bar's spelling less its ``box``: entries
    split by ``;`` (or a new line), each ``KEY VALUE`` (``box KEY VALUE``: a value from
    the box) or ``KEY`` alone (``box KEY``: the value shown, confirmed).  ``KEY=VALUE``
    words, the form's first spelling, are read too (the bar takes ``box KEY=VALUE``).

    Raises:
        ValueError: an entry with more than a key and a value, saying which.
    """
    pairs: list[tuple[str, str | None]] = []
    for part in text.replace("\n", ";").split(";"):
        words = part.split()
        if not words:
            continue
        if all("=" in w.strip("=") for w in words):  # SPR=170 SPR.income=10
            for word in words:
                key, _, value = word.partition("=")
                pairs.append((key, value))
        elif len(words) <= 2 and not any("=" in w for w in words):
            pairs.append((words[0], words[1] if len(words) == 2 else None))
        else:
            raise ValueError(
                f"box values: write KEY VALUE; KEY VALUE (as `box KEY VALUE` on the bar), "
                f"not {part.strip()!r}"
            )
    return pairs


def box_text(values: dict[str, str]) -> str:
    """Values for the box values field, in its spelling (``SPR 170; SPR.income 10``)."""
    return "; ".join(f"{key} {value}" for key, value in values.items())


def market_words(text: str, what: str) -> list[int]:
    """The track field: values separated by spaces or commas (a ``£`` is allowed).

    Raises:
        ValueError: a word that is not a whole number as a script writes it, naming it.
    """
    return [_script_number(word, what) for word in text.replace(",", " ").split()]


def _script_number(word: str, what: str) -> int:
    """A value of a form's field by the script parser's own number rule (ASCII digits,
    a ``£``/``$``; no ``١٢٠``, no ``1_0``, nothing absurd: ``moderator.script.amount``),
    so the form takes exactly what the ``market``/``setpar`` lines it writes take.

    Raises:
        ValueError: the parser's reason, naming the field.
    """
    from moderator.script import ParseError, amount

    try:
        return amount(word, "value")
    except ParseError as exc:
        raise ValueError(f"{what}: {exc.message}") from exc


def par_words(text: str) -> list[tuple[str, int]]:
    """The pars field: ``CORP VALUE`` pairs (``EIR 100 GIP 90``, commas allowed).

    Raises:
        ValueError: a company without a value, or a value that is not a number.
    """
    words = text.replace(",", " ").split()
    if len(words) % 2:
        raise ValueError("pars: write each company with its par (EIR 100 GIP 90 ...)")
    return [
        (corp, _script_number(value, f"pars: {corp}"))
        for corp, value in zip(words[::2], words[1::2], strict=True)
    ]


@dataclass
class FormCheck:
    """What the new-game form describes, checked by the game."""

    problems: list[str] = field(default_factory=list)
    """What keeps the game from starting (the start key refuses, naming them)."""
    pending: list[str] = field(default_factory=list)
    """What is still to do before the first stock round, but may be given later."""
    game: Game | None = None
    """The game with every setup line applied, when there is no problem."""
    players: list[str] = field(default_factory=list)
    line: str = ""
    """The ``game`` line the form starts the game with (title, players, option words)."""
    setup_lines: list[str] = field(default_factory=list)
    """Lines the form gives after ``game`` (1853: ``market``/``setpar``)."""


class NewGameScreen(KeyedScreen):
    """Title, players in seat order, and the title's setup choices (see module docstring).

    The fields of every title are composed at once (those of the other titles
    hidden), so a change of title mounts nothing; a private removed in the
    removals field disappears from the distribution (2.3).  The form scrolls
    to the focused field (also when the line under it grows).  A line under the
    form says, as the banker types, what keeps the game from starting, and the
    start key (ctrl+s, or Enter on the Start button) says it again when pressed
    too early.  Tab, shift+Tab, Esc, ctrl+s and Enter are the screen's
    (priority), so they act in the order typed; Tab first lets the field it
    leaves take the keys typed into it, so that a removal hides its private
    before the focus moves on.  Enter on the Title opens its list, and in the
    list takes the title highlighted.
    """

    DEFAULT_CSS = """
    NewGameScreen #new-game-form {
        height: 1fr;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    NewGameScreen .form-row { height: auto; }
    NewGameScreen .privates { height: auto; }
    NewGameScreen .form-row Input { width: 1fr; max-width: 50; }
    NewGameScreen .form-row Select { width: 1fr; max-width: 50; }
    NewGameScreen .form-row FormCheckbox { width: 1fr; height: auto; text-wrap: wrap; }
    NewGameScreen .market-row Input { max-width: 130; }
    NewGameScreen .market-box { height: auto; }
    NewGameScreen #start { margin: 1 0 0 12; }
    NewGameScreen #new-game-error {
        height: auto;
        max-height: 5;
        padding: 0 1;
        background: $boost;
    }
    """

    AUTO_FOCUS = "#players"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start the game", priority=True),
        Binding("escape", "back", "Back", priority=True),
        Binding("tab", "field(1)", "Next field", show=False, priority=True),
        Binding("shift+tab", "field(-1)", "Previous field", show=False, priority=True),
        Binding("enter", "enter", show=False, priority=True),
        Binding("f2", "edition", "Edition", show=False, priority=True),
    ]

    def __init__(self, saves: Path) -> None:
        super().__init__(classes="new-game-screen")
        self.saves = saves
        self.probes: dict[str, Game] = {}
        """A game of each title with the fewest players: names the companies."""
        self.mounting: list[AwaitMount] = []
        """Fields being mounted (a title's market fields), awaited before a key reads them."""

    def compose(self) -> ComposeResult:
        from rulesets import RULESETS

        # in the order moderator gained them (the other versions of the 1847 AE box after
        # 1853, then 1830), so the list's keys (Down to 1853...) stay what they were
        titles = list(RULESETS)
        self.title_shown = titles[0]
        self.private_ids: dict[str, list[str]] = {}
        # not a focus stop itself: Tab goes from field to field, the form follows
        with FormScroll(id="new-game-form", can_focus=False):
            yield Label("New game", classes="dialog-title")
            with Horizontal(classes="field form-row"):
                yield Label("Title", classes="field-label")
                yield FormSelect(titles, id="title")
            for title in EDITION_TITLES:
                yield from self.option_rows(title)
            with Horizontal(classes="field form-row"):
                yield Label("Players", classes="field-label")
                yield FormInput(placeholder='seat order: Amy Bob "Mary Ann" Dana', id="players")
            for title in titles:
                yield Static(
                    self.setup_help(title),
                    id=f"setup-help-{title}",
                    classes="dialog-note setup-help",
                )
            for title in titles:
                if title not in EDITION_TITLES:
                    yield from self.option_rows(title)
            for title in titles:
                if title in MARKET_TITLES or title in BOX_TITLES:
                    # filled when the title is first chosen (see show_setup)
                    yield Vertical(id=f"market-box-{title}", classes="market-box")
            with Horizontal(classes="field form-row", id="removals-row"):
                yield Label("Removals", classes="field-label")
                yield FormInput(placeholder="e.g. ERIE TBC OI (3-4 players)", id="removals")
            yield Label(
                "Private distribution (player, and the price if it was reduced):",
                classes="dialog-note",
                id="privates-note",
            )
            for title in titles:
                with Vertical(id=f"privates-{title}", classes="privates"):
                    yield from self.private_fields(title)
            yield Button("Start the game  (ctrl+s)", id="start", variant="primary")
            yield Static(
                "Tab: next field · ctrl+s: start · Esc: back · ctrl+o: open a save",
                classes="dialog-keys",
            )
        yield Static(id="new-game-error", classes="dialog-reason", markup=False)
        yield Footer()

    @staticmethod
    def option_rows(title: str) -> ComposeResult:
        """A row with a box for each of ``title``'s options (an edition's: no Tab stop)."""
        for word, label in OPTIONS.get(title, []):
            with Horizontal(classes="field form-row option-row", id=f"option-row-{title}-{word}"):
                yield Label("", classes="field-label")
                box = FormCheckbox(label, id=f"option-{title}-{word}")
                box.can_focus = title not in EDITION_TITLES
                yield box

    def prepare(self) -> None:
        """Show the first title's setup fields and what the game still needs."""
        self.show_setup(self.title_shown)

    @staticmethod
    def setup_help(title: str, options: tuple[str, ...] = ()) -> Text:
        """The removal groups of ``title`` (with the option words ``options``) and how many
        of each to remove."""
        from rulesets import RULESETS

        ruleset_cls = RULESETS[title]
        groups = ruleset_cls.removal_groups
        quota = ruleset_cls.removals_per_group
        help_text = Text()
        if title in SETUP_NOTES:
            help_text.append(SETUP_NOTES[title])
        if groups and options:
            # an edition's own groups and quotas, as its games say (1846 2e: facts §5)
            from moderator.game import Game

            names = ["A", "B", "C", "D", "E", "F"]
            plans = {
                n: Game.new(title, [*names[:n], *options]).state_json()["removal_groups"]
                for n in quota
            }
            first = next(iter(plans.values()))
            help_text.append(
                "Setup removals: "
                + "; ".join(f"{name}: {' '.join(g['members'])}" for name, g in first.items())
            )
            help_text.append(
                "  (per group, in that order: "
                + "; ".join(
                    f"{n} players remove " + ", ".join(str(g["remove"]) for g in plan.values())
                    for n, plan in plans.items()
                )
                + ")"
            )
        elif groups:
            help_text.append(
                "Setup removals: "
                + "; ".join(f"{name}: {' '.join(members)}" for name, members in groups.items())
            )
            if quota:
                help_text.append(
                    "  (per group: "
                    + ", ".join(f"{n} players remove {q}" for n, q in quota.items())
                    + ")"
                )
        return help_text

    def probe(self, title: str) -> Game:
        """A game of ``title`` with placeholder players (for the company names)."""
        from moderator.game import Game
        from rulesets import RULESETS

        if title not in self.probes:
            names = ["A", "B", "C", "D", "E", "F"]
            self.probes[title] = Game.new(title, names[: RULESETS[title].min_players])
        return self.probes[title]

    def edition_game(self) -> Game:
        """A game of the title shown with the option words ticked (its companies)."""
        from moderator.game import Game
        from rulesets import RULESETS

        title, options = self.title_shown, self.options()
        key = " ".join(["edition", title, *options])
        if key not in self.probes:
            names = ["A", "B", "C", "D", "E", "F"][: RULESETS[title].min_players]
            self.probes[key] = Game.new(title, [*names, *options])
        return self.probes[key]

    def absent(self) -> set[str]:
        """The private fields of the title shown that the edition ticked has no company for
        (1846 first edition: BT and LM)."""
        title = self.title_shown
        if title not in EDITION_TITLES:
            return set()
        have = self.edition_game().state.ledger.companies
        return {pid for pid in self.private_ids.get(title, []) if pid not in have}

    def show_edition_fields(self) -> None:
        """Mount the private fields of the edition ticked that the form has none for yet
        (1846 2e: BT after SC, LM after OI), in the edition's order; awaited by
        :meth:`settled` before any key reads the form."""
        title = self.title_shown
        if title not in EDITION_TITLES:
            return
        box = self.query_one(f"#privates-{title}", Vertical)
        ids = self.private_ids[title]
        companies = [
            co
            for co in self.edition_game().state_json()["companies"]
            if co["kind"] != "corporation"
        ]
        for i, co in enumerate(companies):
            if co["id"] in ids:
                continue
            before = companies[i - 1]["id"] if i else None
            at = ids.index(before) + 1 if before in ids else len(ids)
            ids.insert(at, co["id"])
            row = self.private_row(co, self.probe(title).ruleset.currency)
            if before in ids:
                self.mounting.append(box.mount(row, after=f"#pv-row-{before}"))
            else:
                self.mounting.append(box.mount(row))

    def private_fields(self, title: str) -> ComposeResult:
        """One field per private company of ``title``: its price, and the debt of an
        independent railroad (none for a title without a distribution)."""
        if title not in DISTRIBUTION_RULE:
            self.private_ids[title] = []
            return
        companies = [
            co for co in self.probe(title).state_json()["companies"] if co["kind"] != "corporation"
        ]
        self.private_ids[title] = [co["id"] for co in companies]
        for co in companies:
            yield self.private_row(co, self.probe(title).ruleset.currency)

    @staticmethod
    def private_row(co: dict[str, Any], currency: str) -> Horizontal:
        """The field of one private company (``co`` as in the state JSON)."""
        from moderator.text import money

        price = money(currency, co["value"])
        if co.get("debt"):
            price += f" + {money(currency, co['debt'])} debt"
        label = f"{co['id']:<5} {co['name'][:26]:<26} {price}"
        return Horizontal(
            Label(label, classes="private-label"),
            FormInput(placeholder="player [price]", id=f"pv-{co['id']}"),
            classes="field form-row",
            id=f"pv-row-{co['id']}",
        )

    def provisional_market(self, title: str) -> tuple[list[int], dict[str, int]]:
        """The track values and pars a new game of ``title`` starts with (the shipped,
        provisional ones: the state JSON of a game with placeholder players)."""
        market = self.probe(title).state_json().get("market") or {}
        return list(market.get("values") or []), dict(market.get("pars") or {})

    def market_fields(self, title: str) -> list[Widget]:
        """The market values to confirm (1853): the track, the pars, and a box to write
        them even when unchanged (the banker checked them against the board)."""
        values, pars = self.provisional_market(title)
        return [
            Horizontal(
                Label("Track", classes="field-label"),
                FormInput(
                    " ".join(str(v) for v in values),
                    id=f"market-{title}-track",
                    placeholder="the board's values, £10 to £400",
                ),
                classes="field form-row market-row",
                id=f"market-row-{title}-track",
            ),
            Horizontal(
                Label("Pars", classes="field-label"),
                FormInput(
                    " ".join(f"{cid} {v}" for cid, v in pars.items()),
                    id=f"market-{title}-pars",
                    placeholder="EIR 100 GIP 90 ...",
                ),
                classes="field form-row market-row",
                id=f"market-row-{title}-pars",
            ),
            Horizontal(
                Label("", classes="field-label"),
                FormCheckbox(
                    "These are the board's values (write them even if unchanged)",
                    id=f"market-{title}-confirm",
                ),
                classes="field form-row market-row",
                id=f"market-row-{title}-confirm",
            ),
        ]

    def box_fields(self, title: str) -> list[Widget]:
        """The box values (1847 Pfalz, RRRR&B): what the rules leave to the components,
        each with the card to read it from, the shipped (PROVISIONAL) and missing ones
        named, the train cards beside what the box holds, the table's kept ones offered
        (those of the Pfalz package board serve both versions), and a box to confirm
        every value shown."""
        from moderator import boxvalues

        probe = self.probe(title)
        data = probe.state_json()
        rows = [b for b in data.get("box") or [] if b.get("status") != "reading"]
        kept = boxvalues.kept_for(self.saves, data)
        note = Text("Box values, printed only on the components (give or confirm each as ")
        note.append("KEY VALUE", style="bold")
        note.append("; … as `box KEY VALUE` on the command bar):")
        for b in rows:
            if b["value"] is None:
                note.append(f"\n  {b['key']}: to give", style="bold yellow")
                note.append(f", from {b['card']} ({b['rule']})")
        shown = [b for b in rows if b["value"] is not None]
        if shown:
            note.append("\n  PROVISIONAL, as shipped: ", style="yellow")
            note.append("; ".join(f"{b['key']} {b['value']}" for b in shown))
            cards = sorted({b["card"].split(":")[0] for b in shown})
            note.append(f"\n  read them from: {'; '.join(cards)}", style="dim")
        trains = data.get("train_cards")
        if trains:
            note.append(
                f"\n  Trains: {trains['trains']} on the box's {trains['cards']} {trains['side']} "
                f"cards ({trains['rule']})"
            )
            if trains.get("warning"):
                note.append(f" — warning: {trains['warning']}", style="yellow")
        if title == "1847PFALZ":
            note.append("\n  rows: 3 players only; V6: the Introductory Game", style="dim")
        example = "; ".join(f"{b['key']} ‹from {b['card'].split(':')[0]}›" for b in rows[:1])
        values = FormInput(
            box_text(kept),
            id=f"box-{title}-values",
            placeholder=f"KEY VALUE; …   e.g. {example}" if example else "KEY VALUE; …",
        )
        count = len(shown)
        confirm = FormCheckbox(
            f"Confirm the {count} PROVISIONAL values shown above as they are (the table "
            "checked them against the box)",
            id=f"box-{title}-confirm",
        )
        rows_ = [("Box values", values, "values"), ("", confirm, "confirm")]
        return [
            Static(note, classes="dialog-note", id=f"box-{title}-note"),
            *(
                Horizontal(
                    Label(label, classes="field-label"),
                    widget,
                    classes="field form-row market-row",
                    id=f"box-row-{title}-{name}",
                )
                for label, widget, name in rows_
            ),
        ]

    def box_lines(self, title: str, game: Game) -> list[str]:
        """The ``box`` lines the form's box fields ask for, for the values ``game`` has.

        Raises:
            ValueError: a field that cannot be read, saying why.
        """
        from textual.css.query import NoMatches

        if title not in BOX_TITLES:
            return []
        try:
            text = self.query_one(f"#box-{title}-values", Input).value
            confirm = self.query_one(f"#box-{title}-confirm", Checkbox).value
        except NoMatches:  # being mounted
            return []
        keys = {
            b["key"].lower(): b["key"]
            for b in game.state_json().get("box") or []
            if b.get("status") != "reading"
        }
        # a kept value this game does not use (the rows with 4 players) is left out
        lines = [
            f"box {keys[key.lower()]}" + (f" {value}" if value is not None else "")
            for key, value in box_words(text)
            if key.lower() in keys
        ]
        return [*lines, "box confirm"] if confirm else lines

    def show_market(self, title: str) -> None:
        """Show the market fields of ``title`` only; mount them the first time it is
        chosen (the mount is awaited by :meth:`settled` before any key reads the form).

        Mounted on demand, not composed with the form: a form of another title has
        no market fields at all.
        """
        for box in self.query(".market-box"):
            box.display = box.id == f"market-box-{title}"
            if box.display and not box.children:
                fields = self.box_fields if title in BOX_TITLES else self.market_fields
                self.mounting.append(box.mount(*fields(title)))

    def market_lines(self, title: str) -> list[str]:
        """The ``market``/``setpar`` lines the form's market fields ask for (none while
        they hold the shipped values and the box is clear).

        Raises:
            ValueError: a field that cannot be read, saying why.
        """
        from textual.css.query import NoMatches

        if title not in MARKET_TITLES:
            return []
        values, pars = self.provisional_market(title)
        try:
            confirm = self.query_one(f"#market-{title}-confirm", Checkbox).value
            track_text = self.query_one(f"#market-{title}-track", Input).value
            pars_text = self.query_one(f"#market-{title}-pars", Input).value
        except NoMatches:  # being mounted: the shipped values, unchanged
            return []
        track = market_words(track_text, "track")
        given = par_words(pars_text)
        lines = []
        if confirm or track != values:
            lines.append(" ".join(["market", *(str(v) for v in track)]))
        for corp, value in given:
            if confirm or pars.get(corp.upper()) != value:
                lines.append(f"setpar {corp} {value}")
        return lines

    def show_setup(self, title: str) -> None:
        """Show the setup help and the private fields of ``title`` only."""
        from rulesets import RULESETS

        self.title_shown = title
        for help_text in self.query(".setup-help"):
            help_text.display = help_text.id == f"setup-help-{title}"
        for box in self.query(".privates"):
            box.display = box.id == f"privates-{title}"
        for row in self.query(".option-row"):
            row.display = (row.id or "").startswith(f"option-row-{title}-")
        self.show_market(title)
        self.query_one("#removals-row").display = bool(RULESETS[title].removal_groups)
        self.query_one("#privates-note").display = title in DISTRIBUTION_RULE
        self.refresh_form()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another title: its setup fields (unless a key has shown them already: see
        :meth:`settled`)."""
        if str(event.value) != self.title_shown:
            self.show_setup(str(event.value))

    def on_input_changed(self, event: Input.Changed) -> None:
        """A field changed: hide the privates removed, say what is still missing."""
        self.refresh_form()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """An option was ticked or cleared: the ready line shows the new ``game`` line; an
        edition's removal groups and private fields follow it."""
        if self.title_shown in EDITION_TITLES:
            self.query_one(f"#setup-help-{self.title_shown}", Static).update(
                self.setup_help(self.title_shown, tuple(self.options()))
            )
            self.show_edition_fields()
        self.refresh_form()

    def action_edition(self) -> None:
        """F2: tick or clear the edition box of the title shown (1846: the second edition)."""
        if self.title_shown in EDITION_TITLES:
            word = OPTIONS[self.title_shown][0][0]
            self.query_one(f"#option-{self.title_shown}-{word}", Checkbox).toggle()

    def options(self) -> list[str]:
        """The option words of the title shown whose boxes are ticked, in the title's order."""
        return [
            word
            for word, _ in OPTIONS.get(self.title_shown, [])
            if self.query_one(f"#option-{self.title_shown}-{word}", Checkbox).value
        ]

    # ------------------------------------------------------------ reading the form
    def removed(self) -> set[str]:
        """The companies named in the removals field that the title knows."""
        from moderator.errors import Refusal
        from moderator.script import ParseError, tokenize

        probe = self.probe(self.title_shown)
        try:
            words = tokenize(self.query_one("#removals", Input).value.replace(",", " "))
        except ParseError:
            return set()
        found = set()
        for word in words:
            try:
                found.add(probe.ruleset.company_id(probe.state, word))
            except Refusal:
                pass
        return found

    def check(self) -> FormCheck:
        """Play the form into a game: what keeps it from starting, what is still to do."""
        from moderator.commands import Remove
        from moderator.errors import Refusal
        from moderator.game import Game
        from moderator.script import ParseError, tokenize
        from rulesets import RULESETS

        title = self.title_shown
        ruleset_cls = RULESETS[title]
        result = FormCheck()
        try:
            result.players = split_players(self.query_one("#players", Input).value)
        except ParseError as exc:
            result.problems.append(f"players: {exc.message}")
            return result
        count = len(result.players)
        refused = ruleset_cls.players_refusal(count)  # the `game` line's own words and rule
        if refused is not None:
            result.problems.append(f"{refused}; {count} given")
            return result
        from moderator.commands import GameCmd
        from moderator.script import format_command, parse_line

        result.line = " ".join(
            [format_command(GameCmd(title=title, players=tuple(result.players))), *self.options()]
        )
        try:
            if title in OPTIONS:
                # the game is started from its line, so an option word reaches the title
                # exactly as a script gives it (`game 1847AE Amy Bob Carlos variant`)
                cmd = parse_line(result.line)
                assert cmd is not None
                game = Game.from_command(cmd)
            else:
                game = Game.new(title, result.players)
        except ParseError as exc:
            result.problems.append(f"players: {exc.message}")
            return result
        except Refusal as exc:
            result.problems.append(f"players: {exc.message}")
            return result
        try:
            result.setup_lines = self.market_lines(title) + self.box_lines(title, game)
        except ValueError as exc:
            result.problems.append(str(exc))
            return result
        for line in result.setup_lines:
            try:
                cmd = parse_line(line)
            except ParseError as exc:
                result.problems.append(f"market values: {exc.message}")
                return result
            outcome = game.execute(cmd) if cmd is not None else None
            if outcome is not None and not outcome.ok:
                result.problems.append(f"`{line}`: {outcome.message}")
                return result
        if title in BOX_TITLES and game.state_json().get("missing"):
            missing = ", ".join(game.state_json()["missing"])
            result.problems.append(f"box values missing: {missing} (KEY VALUE in Box values)")
            return result
        if title in MARKET_TITLES:
            result.pending.append(
                "each player's bond (`bond PLAYER AMOUNT`), the contract claims (`claim "
                "PLAYER CITY CORP`), then `settle` (2.5-2.7)"
            )
        try:
            removals = tokenize(self.query_one("#removals", Input).value.replace(",", " "))
        except ParseError as exc:
            result.problems.append(f"removals: {exc.message}")
            return result
        if removals:
            outcome = game.execute(Remove(companies=tuple(removals)))
            if not outcome.ok:
                result.problems.append(f"removals: {outcome.message}")
                return result
        missing = self.missing_removals(game)
        if missing:
            result.problems.append(missing)
            return result
        box = self.query_one(f"#privates-{title}", Vertical)
        removed = self.removed() | self.absent()
        no_buyer = []
        for pid in self.private_ids[title]:
            if pid in removed:
                continue
            try:
                cmd = private_result(box.query_one(f"#pv-{pid}", Input).value, pid, game.players)
            except ParseError as exc:
                result.problems.append(f"private {pid}: {exc.message}")
                continue
            if cmd is None:
                no_buyer.append(pid)
                continue
            outcome = game.execute(cmd)
            if not outcome.ok:
                result.problems.append(f"private {pid}: {outcome.message}")
        if no_buyer and title in DISTRIBUTION_RULE:
            rule = DISTRIBUTION_RULE[title]
            if len(no_buyer) == 1:
                result.pending.append(f"private {no_buyer[0]} has no buyer yet ({rule})")
            else:
                result.pending.append(f"privates {' '.join(no_buyer)} have no buyer yet ({rule})")
        if not result.problems:
            result.game = game
        return result

    def missing_removals(self, game: Game) -> str | None:
        """``choose 1 more removal from CO PRR, 2 from LSL MC OI (2.3)``, or ``None``."""
        ruleset_cls = type(game.ruleset)
        quota = ruleset_cls.removals_per_group.get(len(game.players), 0)
        groups = [(members, quota) for members in ruleset_cls.removal_groups.values()]
        plan = game.state_json().get("removal_groups")  # 1846: the edition's own (facts §5)
        if plan:
            groups = [(tuple(g["members"]), g["remove"]) for g in plan.values()]
        wants = []
        for members, quota in groups:
            left = [m for m in members if not game.state.company(m).removed]
            more = quota - (len(members) - len(left))
            if more > 0:
                wants.append((more, left))
        if not wants:
            return None
        parts = []
        for i, (more, left) in enumerate(wants):
            noun = (" more removal" + ("" if more == 1 else "s")) if i == 0 else ""
            parts.append(f"{more}{noun} from {' '.join(left)}")
        rule = " (2.3)" if game.title == "1846" else ""
        return "choose " + ", ".join(parts) + rule

    def refresh_form(self) -> FormCheck:
        """Hide the removed privates; the line under the form says what is missing."""
        removed = self.removed() | self.absent()
        box = self.query_one(f"#privates-{self.title_shown}", Vertical)
        for row in box.query(".form-row"):
            row.display = (row.id or "").removeprefix("pv-row-") not in removed
        result = self.check()
        self.query_one("#new-game-error", Static).update(self.explain(result))
        return result

    def explain(self, result: FormCheck) -> Text:
        """The line under the form: what keeps the game from starting, or that it is ready
        (and what may still be given later); for a title with options, the ``game`` line."""
        text = Text()
        if result.problems:
            text.append("Cannot start yet: ", style="bold red")
            text.append("; ".join(result.problems), style="red")
            return text
        text.append("✓ Ready: ctrl+s starts the game.", style="bold green")
        if self.title_shown in OPTIONS:
            text.append(f"  {result.line}", style="bold")
        variant = result.game.ruleset.variant_note(result.game.state) if result.game else None
        if variant:
            text.append(f" {variant}", style="bold")
        for line in result.setup_lines:
            text.append(f" · {line}", style="bold")
        if result.pending and self.title_shown in MARKET_TITLES:
            text.append(
                " Then in the command bar: " + "; ".join(result.pending) + ".", style="yellow"
            )
        elif result.pending:
            text.append(
                " Still to give before the first stock round (here, or later in the "
                "command bar): " + "; ".join(result.pending) + ".",
                style="yellow",
            )
        return text

    # ------------------------------------------------------------ keys
    async def action_field(self, step: int) -> None:
        """The next (``1``) or previous (``-1``) field, at once, once the field left has
        taken the keys typed into it (a removal may hide fields on the way)."""
        select = self.query_one("#title", FormSelect)
        if select.expanded:
            select.expanded = False
        await self.settled()
        self.refresh_form()
        chain = self.fields()
        if not chain:
            return
        here = chain.index(self.focused) if self.focused in chain else -1
        if self.focused is not None and select in self.focused.ancestors:
            here = chain.index(select)  # in the title's list (clicked into)
        target = chain[(here + step) % len(chain)]
        self.set_focus(target, scroll_visible=False)
        self.call_after_refresh(self.show_focused)

    def fields(self) -> list[Widget]:
        """The fields Tab goes through, in the form's order: the order they are composed
        (or mounted) in, which is the order they are drawn in.  Textual's focus chain
        sorts them by where each was last drawn, and a row shown by a key just now (a
        title's option, picked and Tab in one burst) was not drawn yet: it came first,
        and Tab skipped it.  The title's list is part of its field."""
        form = self.query_one("#new-game-form", FormScroll)

        def shown(widget: Widget) -> bool:
            """Whether ``widget`` and its rows up to the form are displayed."""
            node: Any = widget
            while node is not form:
                if node is None or not node.display:
                    return False
                node = node.parent
            return True

        return [
            widget
            for widget in form.walk_children(Widget)
            if widget.focusable and not isinstance(widget.parent, Select) and shown(widget)
        ]

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A field was focused (a key, a click...): mark its row (its label is drawn
        apart, ``screens.tcss``) and scroll the form to it."""
        focused = self.focused
        row = focused.parent if focused is not None else None
        for other in self.query(".-focused-row"):
            if other is not row:
                other.remove_class("-focused-row")
        if isinstance(row, Widget) and row.has_class("form-row"):
            row.add_class("-focused-row")
        self.call_after_refresh(self.show_focused)

    def show_focused(self) -> None:
        """Scroll the form to show the focused field with its label, without animation:
        the first field (the title) with the form's heading, the last (Start) with the
        keys under it."""
        widget = self.focused
        if widget is None:
            return
        form = self.query_one("#new-game-form", FormScroll)
        chain = self.fields()
        if chain and widget is chain[0]:
            form.scroll_home(animate=False, immediate=True)
            return
        if chain and widget is chain[-1]:
            form.scroll_end(animate=False, immediate=True)
            return
        row = (
            widget.parent
            if widget.parent is not None and widget.parent.has_class("form-row")
            else widget
        )
        if isinstance(row, Widget):
            form.scroll_to_widget(row, animate=False, immediate=True)

    async def action_enter(self) -> None:
        """Enter on the Start button starts the game; on the title it opens the list, and
        in the open list it takes the title highlighted (:class:`FormSelect`); elsewhere
        Enter is the field's."""
        if self.focused is not None and self.focused.id == "start":
            await self.action_start()
            return
        select = self.query_one("#title", FormSelect)
        if self.focused is select or select.expanded:
            select.key_now("enter")
            return
        if isinstance(self.focused, Input):
            # a text field has no Enter: it did nothing, and the keys typed behind it
            # went on into the field (ninth keys round: `Amy Bob Cy Enter Enter x`, the
            # `x` meant for the game, was typed into the players' names)
            self.app.bell()
            self.notify(
                "Enter is no key of a text field: Tab goes to the next field, ctrl+s "
                "starts the game; the keys typed after it are not used",
                severity="warning",
                markup=False,
            )
            keys_refused(self.app)
            return
        raise SkipAction()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        """The Start button was clicked."""
        event.stop()
        if event.button.id == "start":
            await self.action_start()

    async def settled(self) -> None:
        """Wait until every field has taken the keys already typed into it (they
        may still be queued at the field when a priority key acts)."""
        title = str(self.query_one("#title", FormSelect).value)
        if title != self.title_shown:  # picked by a key just now: its Changed is on its way
            self.show_setup(title)
        while self.mounting:
            await self.mounting.pop(0)
        loop = asyncio.get_running_loop()
        waits = []
        for field_ in [*self.query(Input), *self.query(Checkbox)]:
            done: asyncio.Future[None] = loop.create_future()
            if field_.call_later(done.set_result, None):
                waits.append(done)
        await asyncio.gather(*waits)

    async def action_start(self) -> None:
        """Start the game the form describes; save and open it.  Too early, say why."""
        from moderator.errors import SaveError
        from moderator.saves_index import close_game, new_game_path

        await self.settled()
        result = self.refresh_form()
        error = self.query_one("#new-game-error", Static)
        game = result.game
        if game is None:
            self.app.bell()
            self.notify(
                "; ".join(result.problems), title="Cannot start yet", severity="warning", timeout=8
            )
            keys_refused(self.app)  # typed for the game not started: not put in the form
            return
        path = new_game_path(self.saves, game.title, result.players)
        try:
            game.save(path)
        except (SaveError, OSError) as exc:
            close_game(game)
            error.update(Text(f"✗ cannot save the new game: {exc}", style="bold red"))
            self.app.bell()
            keys_refused(self.app)
            return
        if self.title_shown in BOX_TITLES:
            self.keep_box_values(game)
        host(self.app).open_game(path, game=game)

    def keep_box_values(self, game: Game) -> None:
        """Keep the box values confirmed for the table's next game of the version (a
        folder that cannot be written only loses the offer, never the game)."""
        from moderator import boxvalues

        data = game.state_json()
        if not boxvalues.confirmed(data):
            return
        try:
            boxvalues.keep_confirmed(self.saves, data)
        except OSError as exc:
            self.notify(f"box values not kept: {exc}", severity="warning")

    def action_back(self) -> None:
        """Back (or just close the title's menu if it is open)."""
        select = self.query_one("#title", FormSelect)
        if select.expanded:
            select.expanded = False
            self.set_focus(select, scroll_visible=False)
            return
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.switch_screen(StartScreen(self.saves))
