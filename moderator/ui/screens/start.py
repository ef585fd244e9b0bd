"""The start screen (new game, open a save, demo game) and the new-game form.

The new-game form turns the title's setup choices into commands: the 1846
removals become a ``remove ...`` line and each private distribution result a
``private PLAYER PRIVATE [PRICE]`` line.  The game checks every one of them;
nothing is saved until all are accepted.

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
* starting the game first waits for every field to have taken the keys typed
  into it.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from moderator.ui.app import KeysReady


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


class StartScreen(KeyedScreen):
    """New game, open a save, demo game, quit.

    Every key is the screen's (priority), the menu's moves included, so that
    keys typed at once act in order (module docstring).
    """

    AUTO_FOCUS = "#start-menu"
    BINDINGS = [
        Binding("n", "choose('new')", "New game", priority=True),
        Binding("o", "choose('open')", "Open a save", priority=True),
        Binding("d", "choose('demo')", "Demo game", priority=True),
        Binding("q", "choose('quit')", "Quit", priority=True),
        *[Binding(key, f"menu('{action}')", show=False, priority=True) for key, action in (
            ("enter", "pick"), ("up", "cursor_up"), ("down", "cursor_down"),
            ("home", "first"), ("end", "last"), ("pageup", "page_up"),
            ("pagedown", "page_down"))],
    ]

    def __init__(self, saves: Path) -> None:
        super().__init__(classes="start-screen")
        self.saves = saves

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="start-box"):
            yield Label("moderator — the 18xx banker", classes="dialog-title")
            yield Static(f"Saves folder: {self.saves}", classes="dialog-note")
            yield OptionList(
                Option("New game", id="new"),
                Option("Open a save", id="open"),
                Option("Demo game (1846, 4 players, operating round 3)", id="demo"),
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
            app.open_demo()  # type: ignore[attr-defined]
        elif what == "quit":
            app.exit()


class OpenScreen(KeyedScreen):
    """The saves in the folder, newest first; Enter opens one.

    Every key is the screen's (priority), as on the start screen.
    """

    AUTO_FOCUS = "#saves-list"
    BINDINGS = [
        Binding("escape", "back", "Back", priority=True),
        *[Binding(key, f"list('{action}')", show=False, priority=True) for key, action in (
            ("enter", "pick"), ("up", "cursor_up"), ("down", "cursor_down"),
            ("home", "first"), ("end", "last"), ("pageup", "page_up"),
            ("pagedown", "page_down"))],
    ]

    def __init__(self, saves: Path) -> None:
        super().__init__(classes="open-screen")
        self.saves = saves

    def compose(self) -> ComposeResult:
        from moderator.ui.saves import list_saves

        self.paths = list_saves(self.saves)
        with Vertical(classes="dialog-box"):
            yield Label(f"Open a save from {self.saves}", classes="dialog-title")
            if not self.paths:
                yield Static("No saves yet.", classes="dialog-note")
            options = []
            for i, p in enumerate(self.paths):
                when = time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime))
                label = Text.assemble((p.name, "bold"), "   ", (when, "dim"))
                options.append(Option(label, id=str(i)))
            yield OptionList(*options, id="saves-list")
        yield Footer()

    def prepare(self) -> None:
        """Highlight the newest save."""
        if self.paths:
            self.query_one("#saves-list", OptionList).highlighted = 0

    def action_list(self, action: str) -> None:
        """Move in the list, or open the highlighted save (``pick``)."""
        saves = self.query_one("#saves-list", OptionList)
        if action == "pick":
            if saves.highlighted is not None:
                self.open(int(saves.get_option_at_index(saves.highlighted).id or 0))
            return
        getattr(saves, f"action_{action}")()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A save was clicked."""
        event.stop()
        self.open(int(event.option_id or 0))

    def open(self, index: int) -> None:
        """Open the save at ``index`` of the list."""
        self.app.open_game(self.paths[index])  # type: ignore[attr-defined]

    def action_back(self) -> None:
        """Back to the start screen."""
        self.app.pop_screen()


class NewGameScreen(KeyedScreen):
    """Title, players in seat order, and the title's setup choices (see module docstring).

    The fields of every title are composed at once (those of the other titles
    hidden), so a change of title mounts nothing.  Tab, shift+Tab, Esc and
    ctrl+s are the screen's (priority), so they act in the order typed.
    """

    AUTO_FOCUS = "#players"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start the game", priority=True),
        Binding("escape", "back", "Back", priority=True),
        Binding("tab", "field(1)", "Next field", show=False, priority=True),
        Binding("shift+tab", "field(-1)", "Previous field", show=False, priority=True),
    ]

    def __init__(self, saves: Path) -> None:
        super().__init__(classes="new-game-screen")
        self.saves = saves

    def compose(self) -> ComposeResult:
        from rulesets import RULESETS

        titles = sorted(RULESETS)
        self.title_shown = titles[0]
        self.private_ids: dict[str, list[str]] = {}
        with VerticalScroll(classes="form"):
            yield Label("New game", classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label("Title", classes="field-label")
                yield Select([(t, t) for t in titles], value=titles[0], allow_blank=False,
                             id="title")
            with Horizontal(classes="field"):
                yield Label("Players", classes="field-label")
                yield Input(placeholder="in seat order, clockwise: Amy Bob Carlos Dana",
                            id="players")
            for title in titles:
                yield Static(self.setup_help(title), id=f"setup-help-{title}",
                             classes="dialog-note setup-help")
            with Horizontal(classes="field"):
                yield Label("Removals", classes="field-label")
                yield Input(placeholder="e.g. ERIE TBC OI (3-4 players)", id="removals")
            yield Label("Private distribution (player, and the price if it was reduced):",
                        classes="dialog-note")
            for title in titles:
                with Vertical(id=f"privates-{title}", classes="privates"):
                    yield from self.private_fields(title)
            yield Static(id="new-game-error", classes="dialog-reason")
            yield Static("Tab: next field · ctrl+s: start · Esc: back", classes="dialog-keys")
        yield Footer()

    def prepare(self) -> None:
        """Show the first title's setup fields."""
        self.show_setup(self.title_shown)

    @staticmethod
    def setup_help(title: str) -> Text:
        """The removal groups of ``title`` and how many of each to remove."""
        from rulesets import RULESETS

        ruleset_cls = RULESETS[title]
        groups = ruleset_cls.removal_groups
        quota = ruleset_cls.removals_per_group
        help_text = Text()
        if groups:
            help_text.append("Setup removals: " + "; ".join(
                f"{name}: {' '.join(members)}" for name, members in groups.items()))
            if quota:
                help_text.append("  (per group: " + ", ".join(
                    f"{n} players remove {q}" for n, q in quota.items()) + ")")
        return help_text

    def private_fields(self, title: str) -> ComposeResult:
        """One field per private company of ``title``: its price, and the debt of an
        independent railroad."""
        from moderator.game import Game
        from rulesets import RULESETS

        names = ["A", "B", "C", "D", "E", "F"]
        probe = Game.new(title, names[: RULESETS[title].min_players])
        companies = [co for co in probe.state_json()["companies"]
                     if co["kind"] != "corporation"]
        self.private_ids[title] = [co["id"] for co in companies]
        for co in companies:
            price = f"${co['value']}"
            if co.get("debt"):
                price += f" + ${co['debt']} debt"
            label = f"{co['id']:<5} {co['name'][:26]:<26} {price}"
            with Horizontal(classes="field"):
                yield Label(label, classes="private-label")
                yield Input(placeholder="player [price]", id=f"pv-{co['id']}")

    def show_setup(self, title: str) -> None:
        """Show the setup help and the private fields of ``title`` only."""
        self.title_shown = title
        for help_text in self.query(".setup-help"):
            help_text.display = help_text.id == f"setup-help-{title}"
        for box in self.query(".privates"):
            box.display = box.id == f"privates-{title}"

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another title: its setup fields."""
        self.show_setup(str(event.value))

    def action_field(self, step: int) -> None:
        """The next (``1``) or previous (``-1``) field, at once."""
        select = self.query_one("#title", Select)
        if select.expanded:
            select.expanded = False
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()

    def commands(self) -> tuple[str, list[str], list[str]]:
        """The title, players and setup lines the form describes."""
        title = self.title_shown
        box = self.query_one(f"#privates-{title}", Vertical)
        players = self.query_one("#players", Input).value.replace(",", " ").split()
        lines: list[str] = []
        removals = self.query_one("#removals", Input).value.replace(",", " ").split()
        if removals:
            lines.append("remove " + " ".join(removals))
        for pid in self.private_ids[title]:
            words = box.query_one(f"#pv-{pid}", Input).value.split()
            if words:
                lines.append(" ".join(["private", words[0], pid, *words[1:]]))
        return title, players, lines

    async def settled(self) -> None:
        """Wait until every field has taken the keys already typed into it (they
        may still be queued at the field when ctrl+s, a priority key, acts)."""
        loop = asyncio.get_running_loop()
        waits = []
        for field in self.query(Input):
            done: asyncio.Future[None] = loop.create_future()
            if field.call_later(done.set_result, None):
                waits.append(done)
        await asyncio.gather(*waits)

    async def action_start(self) -> None:
        """Check every setup line with the game; save and open it when all pass."""
        from moderator.errors import Refusal
        from moderator.game import Game
        from moderator.ui.saves import new_game_path

        await self.settled()
        error = self.query_one("#new-game-error", Static)
        title, players, lines = self.commands()
        try:
            game = Game.new(title, players)
        except Refusal as exc:
            error.update(Text(f"✗ {exc.message}", style="bold red"))
            return
        for line in lines:
            outcome = game.execute(line)
            if not outcome.ok:
                error.update(Text(f"✗ `{line}` refused: {outcome.message}", style="bold red"))
                return
        path = new_game_path(self.saves, title, players)
        game.save(path)
        self.app.open_game(path, game=game)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        """Back to the start screen (or just close the title's menu if it is open)."""
        select = self.query_one("#title", Select)
        if select.expanded:
            select.expanded = False
            select.focus()
            return
        self.app.pop_screen()
