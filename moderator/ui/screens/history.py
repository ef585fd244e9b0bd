"""The history view: the journal with round markers, and the game at any line.

Moving through the list shows the game as it was after that line
(``Game.replay``); Enter offers "rewind to here" which, once confirmed,
truncates the journal and keeps the full one in a backup save
(``Game.rewind``).  ``o`` opens a what-if sandbox from the line; ``e``, ``i`` and
``Delete`` correct it (edit it, insert a line before it, delete it: issue 39) in a
sandbox that gives every later line again (:mod:`moderator.amend`).  Every key acts
in the order typed (the list's moves are the screen's own priority bindings).  The
screen returns ``True`` when it rewound; a rewind whose save cannot be written is not
done, and says why.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from moderator.text import escaped
from moderator.ui.host import StrayKeysRefused, host, keys_refused
from moderator.ui.screens.dialogs import ConfirmDialog
from moderator.ui.session import Session, UndoFailed
from moderator.ui.widgets.panels import CompaniesPanel, PlayersPanel, StatusBar


class HistoryScreen(StrayKeysRefused, Screen[bool]):
    """Journal on the left, the game at the highlighted line on the right."""

    KEYS_SAID = (
        "↑↓ choose a line, Enter rewinds to it, e edits it, i inserts before it, "
        "Delete deletes it, o tries a what-if from it, Esc goes back"
    )
    """Said when a key that is no key of this screen is refused (:class:`StrayKeysRefused`)."""

    BINDINGS = [
        Binding("escape,h", "close", "Back", priority=True),
        Binding("enter", "rewind", "Rewind to here", priority=True),
        Binding("o", "whatif", "What-if from here", priority=True),
        Binding("e", "amend('replace')", "Edit this line", priority=True),
        Binding("i", "amend('insert')", "Insert before it", priority=True),
        Binding("delete", "amend('delete')", "Delete it", priority=True),
        # The list's moves are the screen's priority bindings too: a key the list takes
        # would wait in its queue while the `o` or Enter typed after it acted first
        # (`h ↑ ↑ o` branched from the last line; issue 37.4).  Every key here acts in
        # the order typed.
        Binding("up", "move('cursor_up')", "Up", show=False, priority=True),
        Binding("down", "move('cursor_down')", "Down", show=False, priority=True),
        Binding("pageup", "move('page_up')", "Page up", show=False, priority=True),
        Binding("pagedown", "move('page_down')", "Page down", show=False, priority=True),
        Binding("home", "move('first')", "First", show=False, priority=True),
        Binding("end", "move('last')", "Last", show=False, priority=True),
    ]

    def __init__(self, session: Session, report: Callable[[str], None] | None = None) -> None:
        super().__init__(id="history")
        self.session = session
        self.report = report
        """Told why a rewind was not done (the main screen's log), besides a toast."""

    def compose(self) -> ComposeResult:
        game = self.session.game
        options: list[Option] = [Option(Text("  0  start of the game", style="dim"), id="0")]
        last_round = None
        for n, entry in enumerate(game.journal, start=1):
            if entry.round != last_round:
                options.append(
                    Option(
                        Text(f"── {escaped(str(entry.round))} ──", style="bold yellow"),
                        id=f"r{n}",
                        disabled=True,
                    )
                )
                last_round = entry.round
            text = Text(f"{n:>4}  {escaped(entry.line)}")  # 20.8
            for record in entry.amended:  # a correction put this line here (issue 39)
                text.append(f"  ✎ {escaped(record.comment().removeprefix('# '))}", "yellow")
            options.append(Option(text, id=str(n)))
        with Horizontal():
            with Vertical(id="history-left"):
                yield Static(
                    "Journal — ↑↓ browse, Enter rewind to here, o what-if from here, "
                    "e edit, i insert before, Delete delete this line, Esc back",
                    classes="dialog-title",
                    id="history-title",
                )
                yield OptionList(*options, id="journal")
            with VerticalScroll(id="history-right"):
                yield StatusBar(id="history-status")
                yield PlayersPanel(id="history-players", title="Players then")
                yield CompaniesPanel(id="history-companies", title="Companies then")
        yield Footer()

    @property
    def whatif(self) -> str | None:
        """The sandbox's label when this is the History of a what-if sandbox, else ``None``."""
        for screen in self.app.screen_stack:
            box = getattr(screen, "sandbox", None)
            if box is not None and getattr(screen, "session", None) is self.session:
                return str(box.label)
        return None

    def action_move(self, where: str) -> None:
        """Move the highlight (at once, in the order the keys came)."""
        journal = self.query_one("#journal", OptionList)
        getattr(journal, f"action_{where}")()

    def on_mount(self) -> None:
        """Start at the last line (the game as it is now)."""
        journal = self.query_one("#journal", OptionList)
        journal.focus()
        journal.highlighted = journal.option_count - 1
        label = self.whatif
        if label is not None:
            title = self.query_one("#history-title", Static)
            title.update(Text.assemble((" WHAT-IF ", "bold black on yellow"), " ", title.content))

    @property
    def line(self) -> int:
        """The journal line highlighted (0 = before the first command)."""
        journal = self.query_one("#journal", OptionList)
        option = journal.highlighted_option
        if option is None or option.id is None or option.id.startswith("r"):
            return len(self.session.game.journal)
        return int(option.id)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the game as it was after the highlighted line."""
        game = self.session.game
        n = self.line
        data = game.state_json(game.replay(n))
        cur = self.session.currency
        self.query_one("#history-status", StatusBar).show(data, None, cur)
        self.query_one("#history-players", PlayersPanel).show(data, None, cur)
        self.query_one("#history-companies", CompaniesPanel).show(data, None, cur)

    def action_close(self) -> None:
        """Back to the main screen, nothing changed."""
        self.dismiss(False)

    def action_whatif(self) -> None:
        """A what-if sandbox from the highlighted line, over the main screen (issue 32)."""
        n = self.line
        self.dismiss(False)
        host(self.app).open_whatif(self.session, n)

    def action_amend(self, how: str) -> None:
        """``e``/``i``/``Delete``: correct the highlighted line (issue 39) — a what-if
        sandbox just before it, the bar holding the line to edit (or empty for the line
        to insert), every later line given again after it; kept only when asked."""
        n = self.line
        if n == 0:
            self.app.bell()
            self.notify(
                "line 0 is the start of the game: highlight a line to edit, insert before "
                "or delete",
                severity="warning",
            )
            self.refused()
            return
        if self.whatif is not None:
            self.app.bell()
            self.notify(
                "this is a what-if sandbox already: correct a past line from the real game's "
                "History (keep or discard this sandbox first)",
                title="What-if",
                severity="warning",
            )
            self.refused()
            return
        self.dismiss(False)
        host(self.app).open_amendment(self.session, n, how)

    def refused(self) -> None:
        """A key here did nothing: the keys typed behind it were typed for what it would
        have opened, and are not used (``ModeratorApp.keys_refused``): ``h Home e 3 6 0
        Enter k y`` (no line 0 to edit) asked to rewind to line 0, and the ``y`` rewound
        the whole game."""
        keys_refused(self.app)

    def action_rewind(self) -> None:
        """Ask, then cut the journal after the highlighted line."""
        n = self.line
        total = len(self.session.game.journal)
        if n == total:
            self.app.bell()  # as the other refusals: the keys behind it are not used
            self.notify("this is the game as it is now; nothing to rewind", severity="warning")
            self.refused()
            return

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                backup = self.session.rewind(n)
            except UndoFailed as exc:
                # the save (or its backup) could not be written: nothing was cut, the
                # history stays open on the same line
                self.app.bell()
                self.notify(str(exc), title="Not done", severity="error", markup=False)
                if self.report is not None:
                    self.report(str(exc))
                self.refused()  # the keys typed behind the `y` were for the rewound game
                return
            where = f"; the full journal is kept in {backup.name}" if backup else ""
            self.app.notify(f"rewound to line {n}{where}")
            self.dismiss(True)

        label = self.whatif
        if label is not None:  # the sandbox's own lines: the real game is not touched
            question = f"WHAT-IF: rewind the sandbox to line {n}?"
            detail = (
                f"Lines {n + 1}–{total} are taken out of the what-if sandbox ({label}); "
                "the real game and its save are not changed."
            )
        else:
            kept = " (a backup save keeps them)" if self.session.game.path else ""
            question = f"Rewind to line {n}?"
            detail = f"Lines {n + 1}–{total} are taken out of the game{kept}."
        self.app.push_screen(ConfirmDialog(question, detail), answer)
