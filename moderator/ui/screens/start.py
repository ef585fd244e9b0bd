"""The start screen (new game, open a save, demo game) and the new-game form.

The new-game form turns the title's setup choices into commands: the 1846
removals become a ``remove ...`` line and each private distribution result a
``private PLAYER PRIVATE [PRICE]`` line.  The game checks every one of them;
nothing is saved until all are accepted.
"""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option


class StartScreen(Screen[None]):
    """New game, open a save, demo game, quit."""

    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("o", "choose('open')", "Open a save"),
        Binding("d", "choose('demo')", "Demo game"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, saves: Path) -> None:
        super().__init__(id="start")
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

    def on_mount(self) -> None:
        """Focus the menu."""
        menu = self.query_one("#start-menu", OptionList)
        menu.focus()
        menu.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A menu item was taken."""
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


class OpenScreen(Screen[None]):
    """The saves in the folder, newest first; Enter opens one."""

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, saves: Path) -> None:
        super().__init__(id="open")
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

    def on_mount(self) -> None:
        """Focus the list."""
        self.query_one("#saves-list", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Open the chosen save."""
        event.stop()
        self.app.open_game(self.paths[int(event.option_id or 0)])  # type: ignore[attr-defined]

    def action_back(self) -> None:
        """Back to the start screen."""
        self.app.pop_screen()


class NewGameScreen(Screen[None]):
    """Title, players in seat order, and the title's setup choices (see module docstring)."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start the game", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, saves: Path) -> None:
        super().__init__(id="new-game")
        self.saves = saves

    def compose(self) -> ComposeResult:
        from rulesets import RULESETS

        titles = sorted(RULESETS)
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
            yield Static(id="setup-help", classes="dialog-note")
            with Horizontal(classes="field"):
                yield Label("Removals", classes="field-label")
                yield Input(placeholder="e.g. ERIE TBC OI (3-4 players)", id="removals")
            yield Label("Private distribution (player, and the price if it was reduced):",
                        classes="dialog-note")
            yield Vertical(id="privates")
            yield Static(id="new-game-error", classes="dialog-reason")
            yield Static("Tab: next field · ctrl+s: start · Esc: back", classes="dialog-keys")
        yield Footer()

    def on_mount(self) -> None:
        """Draw the title's setup fields."""
        self.show_setup()
        self.query_one("#players", Input).focus()

    def show_setup(self) -> None:
        """The removal groups and one field per private company of the title."""
        from moderator.game import Game
        from rulesets import RULESETS

        title = str(self.query_one("#title", Select).value)
        names = ["A", "B", "C", "D", "E", "F"]
        ruleset_cls = RULESETS[title]
        probe = Game.new(title, names[: ruleset_cls.min_players])
        data = probe.state_json()
        groups = ruleset_cls.removal_groups
        quota = ruleset_cls.removals_per_group
        help_text = Text()
        if groups:
            help_text.append("Setup removals: " + "; ".join(
                f"{name}: {' '.join(members)}" for name, members in groups.items()))
            if quota:
                help_text.append("  (per group: " + ", ".join(
                    f"{n} players remove {q}" for n, q in quota.items()) + ")")
        self.query_one("#setup-help", Static).update(help_text)
        box = self.query_one("#privates", Vertical)
        box.remove_children()
        self.private_ids = [co["id"] for co in data["companies"] if co["kind"] != "corporation"]
        for co in data["companies"]:
            if co["kind"] == "corporation":
                continue
            label = f"{co['id']:<5} {co['name'][:26]:<26} ${co['value']}"
            box.mount(Horizontal(Label(label, classes="private-label"),
                                 Input(placeholder="player [price]", id=f"pv-{co['id']}"),
                                 classes="field"))

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another title: other setup fields."""
        self.show_setup()

    def commands(self) -> tuple[str, list[str], list[str]]:
        """The title, players and setup lines the form describes."""
        title = str(self.query_one("#title", Select).value)
        players = self.query_one("#players", Input).value.replace(",", " ").split()
        lines: list[str] = []
        removals = self.query_one("#removals", Input).value.replace(",", " ").split()
        if removals:
            lines.append("remove " + " ".join(removals))
        for pid in self.private_ids:
            words = self.query_one(f"#pv-{pid}", Input).value.split()
            if words:
                lines.append(" ".join(["private", words[0], pid, *words[1:]]))
        return title, players, lines

    def action_start(self) -> None:
        """Check every setup line with the game; save and open it when all pass."""
        from moderator.errors import Refusal
        from moderator.game import Game
        from moderator.ui.saves import new_game_path

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
        """Back to the start screen."""
        self.app.pop_screen()
