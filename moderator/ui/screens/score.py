"""The score screen: each player's score line by line, "if the game ended now" or final.

One column per player (seat order), one row per thing the title's game-end rule
looks at (``moderator.scoring.score``): cash, each holding as shares × price,
privates where the rules count them, and what they leave out (1853's bonds, an
1847 AE private with no stock value) shown dimmed as *not counted*, with the
rule's note under the table.  Then the total and the place, ties as ties
(``1st=``), and why the game ended or why this is only provisional.  The
screen reads the game and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from moderator.errors import Refusal
from moderator.scoring import PlayerScore, Progress, Score, score
from moderator.ui.host import StrayKeysRefused, host
from moderator.ui.screens.endgame import Working, ordinal, places_text, run_job
from moderator.ui.style import company_text

if TYPE_CHECKING:
    from moderator.ui.session import Session
    from rulesets.base import ScoreItem


def row_key(item: ScoreItem) -> str:
    """The table row an item goes in: ``cash``, ``shares:NYC``, ``private:LFK``..."""
    return "cash" if item.kind == "cash" else f"{item.kind}:{item.what}"


def item_cell(item: ScoreItem, money: Callable[[int], str]) -> Text:
    """One item as its cell: ``2 × $70  $140``; not counted: dimmed, ``— ($220)``."""
    if not item.counted:
        shown = f" ({money(item.value)})" if item.value else ""
        return Text(f"not counted{shown}", style="dim", justify="right")
    if item.kind in ("shares", "short"):  # 1817: a short, -1 × $70  -$70 (facts §5, §14)
        return Text.assemble(
            (f"{item.count} × {money(item.price)}  ", "dim"), money(item.value), justify="right"
        )
    if item.kind == "private":
        return Text(f"{money(item.value)} *", justify="right")
    return Text(money(item.value), justify="right")


class ScoreScreen(StrayKeysRefused, Screen[None]):
    """The score, per player and item (see the module docstring)."""

    KEYS_SAID = "Esc, q or f goes back, w projects, g shows the rounds, x exports"
    """Said when a key that is no key of this screen is refused (:class:`StrayKeysRefused`)."""

    DEFAULT_CSS = """
    ScoreScreen #score-head {
        height: auto;  /* the whole reason, wrapped: never cut short */
        padding: 0 1;
        background: $boost;
    }
    ScoreScreen #score-body {
        height: 1fr;
        padding: 0 1;
    }
    ScoreScreen #score-table {
        height: auto;
        margin: 1 0;
    }
    ScoreScreen #score-places, ScoreScreen #score-notes {
        height: auto;
        padding: 0 0 1 0;
    }
    """

    BINDINGS = [
        Binding("escape,q,f", "close", "Back", priority=True),
        Binding("w", "switch('project')", "Project", priority=True),
        Binding("g", "switch('rounds')", "Rounds", priority=True),
        Binding("x", "export", "Export XLSX", priority=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(id="score")
        self.session = session
        self.score: Score | None = None
        """The score shown (``moderator.scoring.score`` of the game)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="score-head")
        yield Working()
        with VerticalScroll(id="score-body"):
            yield DataTable(id="score-table", cursor_type="none", zebra_stripes=True)
            yield Static("", id="score-places")
            yield Static("", id="score-notes")
        yield Footer()

    def on_mount(self) -> None:
        """Work out the score and show it."""
        self.show(score(self.session.game))
        self.query_one("#score-body").focus()

    def show(self, result: Score) -> None:
        """Fill the table, the places and the notes from ``result``."""
        self.score = result
        money = self.session.money
        head = Text()
        if result.final:
            head.append("Final score", style="bold green")
        else:
            head.append("Score if the game ended now", style="bold yellow")
        head.append(f"   {result.title_name} · {result.round}\n", style="dim")
        head.append(result.reason)
        self.query_one("#score-head", Static).update(head)

        table = self.query_one("#score-table", DataTable)
        table.clear(columns=True)
        table.add_column("", key="item")
        for p in result.players:
            label = Text(p.name, style="bold")
            if p.bankrupt:
                label.append(" (bankrupt)", style="red")
            label.justify = "right"
            table.add_column(label, key=p.name)
        for key, label in self._rows(result):
            cells = [label]
            for p in result.players:
                item = next((i for i in p.items if row_key(i) == key), None)
                cells.append(
                    item_cell(item, money) if item else Text("·", style="dim", justify="right")
                )
            table.add_row(*cells, key=key)
        table.add_row(
            Text("Total", style="bold"),
            *[Text(money(p.total), style="bold", justify="right") for p in result.players],
            key="total",
        )
        table.add_row(
            Text("Place", style="bold"),
            *[self._place(result, p) for p in result.players],
            key="place",
        )

        places = Text("Places: ", style="bold")
        places.append_text(places_text(result.places, money))
        self.query_one("#score-places", Static).update(places)
        self.query_one("#score-notes", Static).update(self._notes(result))

    def _rows(self, result: Score) -> list[tuple[str, Text]]:
        """Row keys and labels in order: cash, holdings (in the game's company order),
        privates, excluded items."""
        order = {cid: n for n, cid in enumerate(self.session.game.state.ledger.companies)}
        seen: dict[str, ScoreItem] = {}
        for p in result.players:
            for i in p.items:
                seen.setdefault(row_key(i), i)
        rank = {"cash": 0, "shares": 1, "short": 2, "private": 3, "excluded": 4}

        def sort_key(key: str) -> tuple[int, int, str]:
            item = seen[key]
            return (rank.get(item.kind, 5), order.get(item.what, 999), item.what)

        rows: list[tuple[str, Text]] = []
        for key in sorted(seen, key=sort_key):
            item = seen[key]
            if item.kind == "cash":
                rows.append((key, Text("Cash")))
            elif item.kind == "shares":
                rows.append((key, company_text(item.what)))
            elif item.kind == "private":
                rows.append((key, Text(f"{item.what} (private)")))
            elif item.kind == "short":
                rows.append((key, Text(f"{item.what} (short)")))
            else:
                rows.append((key, Text(f"{item.what} (excluded)", style="dim")))
        return rows

    @staticmethod
    def _place(result: Score, p: PlayerScore) -> Text:
        place = result.place_of(p.name)
        tied = result.tied(p.name)
        text = Text(
            ordinal(place, tied), style="bold green" if place == 1 else "bold", justify="right"
        )
        if tied:
            text.append(" tie", style="yellow")
        return text

    def _notes(self, result: Score) -> Text:
        """The notes of the privates and excluded items, one line per note, naming who
        holds what (``*``: counted)."""
        money = self.session.money
        groups: dict[tuple[bool, str], list[str]] = {}
        for p in result.players:
            for i in p.items:
                if i.kind in ("cash", "shares", "short"):
                    continue
                what = f"{p.name}'s {i.what}"
                if not i.counted and i.value:
                    what += f" ({money(i.value)})"
                groups.setdefault((i.counted, i.note), []).append(what)
        out = Text()
        for (counted, note), whats in groups.items():
            if out:
                out.append("\n")
            if counted:
                out.append("* counted: ", style="bold")
                out.append(", ".join(whats))
            else:
                out.append("not counted: ", style="bold dim")
                out.append(", ".join(whats), style="dim")
            if note:
                out.append(f" — {note}", style="dim" if not counted else "")
        return out

    # ------------------------------------------------------------ keys
    def action_close(self) -> None:
        """Back to the main screen (nothing changed)."""
        self.dismiss(None)

    def action_switch(self, where: str) -> None:
        """Replace this screen with the projection or the rounds (made by the app:
        the views never import one another)."""
        host(self.app).switch_view(where, self.session)

    def export_target(self) -> Path:
        """Where ``x`` writes the workbook: beside the save, ``NAME.xlsx``.  A what-if
        sandbox's game has no save: its workbook goes beside the real game's save as
        ``NAME.what-if.xlsx``, never over the real game's own (it went to
        ``saves/game.xlsx`` under whatever folder the app was started from)."""
        game = self.session.game
        if game.path is not None:
            return game.path.with_suffix(".xlsx")
        for screen in reversed(self.app.screen_stack):
            real = getattr(getattr(screen, "session", None), "game", None)
            if real is not None and real.path is not None:
                return real.path.with_name(f"{real.path.stem}.what-if.xlsx")
        return Path(getattr(self.app, "saves", "saves")) / "what-if.xlsx"

    def action_export(self) -> None:
        """Write the game to an XLSX workbook beside its save (``moderator.export``)."""
        game = self.session.game
        try:
            from moderator.export import export_xlsx
        except ImportError:
            self.notify("this moderator has no export yet", severity="warning")
            return
        target = self.export_target()

        def job(progress: Progress | None) -> Path:
            try:
                export_xlsx(game, target, progress)
            except OSError as exc:
                raise Refusal(f"{target} could not be written: {exc.strerror or exc}") from exc
            return target

        def failed(message: str) -> None:
            self.app.bell()
            self.notify(message, title="Not exported", severity="error", markup=False)

        def done(path: Path) -> None:
            self.notify(f"written to {path}", title="Exported", markup=False)

        run_job(self, len(game.journal), f"exporting to {target.name}", job, done, failed)
