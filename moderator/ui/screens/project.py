"""The projection screen: "spreadsheet it" (the 1846 rulebook's tip under 10.1).

Above, the inputs: one row per company that operates in the rounds projected,
one cell per remaining operating round with a revenue (digits) and a payout
kind, prefilled from each company's last run (``scoring.default_runs``), and a
final price that may be pinned by hand (empty: the rules' price).  Below, the
result laid out like the rulebook's table (``Projection.table``): per company
the dividends per share of each round, the final stock price and their sum, then
per player the shares held and what they bring; cash on hand and the final
total; then the places.  Every change of an input works the table out again.

Keys: type the revenue's digits; ``f`` / ``h`` / ``w`` make the cell's run full,
half or withhold and Space cycles the kinds the company may use; ↑ ↓ move
between companies, Tab and ← → (at the ends of a cell) across rounds; ``+`` and
``-`` add or drop a round; ``r`` puts every input back to its prefilled value.

The projection runs on a copy of the state (``scoring.project``): the game, its
journal and its save are never touched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Input, Label, Static

from moderator.errors import Refusal
from moderator.scoring import (
    MAX_REVENUE,
    Progress,
    Projection,
    default_runs,
    project,
    projected_rounds,
)
from moderator.text import counted
from moderator.ui.host import KeysReady, StrayKeysRefused, host
from moderator.ui.screens.endgame import Working, places_text, run_job
from moderator.ui.style import company_text

if TYPE_CHECKING:
    from moderator.ui.session import Session

KIND_KEYS = {"f": "full", "h": "half", "w": "withhold"}
"""The keys that set a cell's payout kind."""

MAX_ROUNDS = 20
"""The most rounds a projection plays (as ``scoring.projected_rounds`` allows)."""

Run = tuple[int, "str | None"]


def kind_label(kind: str | None, options: tuple[str, ...]) -> str:
    """How a payout kind is shown in its cell (an 1846 independent splits)."""
    if kind is None:
        return "split" if options == ("split",) else "—"
    return kind


class RevenueInput(Input):
    """A revenue or a final price: digits only, one line, no border."""

    DEFAULT_CSS = """
    RevenueInput {
        border: none;
        height: 1;
        width: 8;
        padding: 0 1;
        background: $boost;
    }
    RevenueInput:focus {
        border: none;
        background: $accent 40%;
    }
    RevenueInput.-edited {
        text-style: bold;
    }
    """

    def __init__(self, value: str, *, id: str, placeholder: str = "") -> None:
        super().__init__(
            value,
            placeholder=placeholder,
            restrict=r"\d{0,6}",
            max_length=6,
            id=id,
            select_on_focus=False,
        )

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Only digits are text here: the screen's letter keys (f, h, w, r...), Space,
        + and - stay live while a cell has the focus."""
        return character is not None and character.isdigit()


class ProjectionScreen(StrayKeysRefused, Screen[None]):
    """The projection of the remaining operating rounds (see the module docstring)."""

    KEYS_SAID = (
        "digits edit a revenue, the payout kinds' letters, Space, + and -, r resets, "
        "s the score, g the rounds, Esc goes back"
    )
    """Said when a key that is no key of this screen is refused (:class:`StrayKeysRefused`)."""

    paste_as_keys = True
    """A paste is the keys that type it (``moderator.ui.app.PASTE_AS_KEYS``): its digits go
    into the revenue cell with the focus, any other character is refused as that key is
    (a pasted ``x`` then ``Esc e 4 0 Enter`` spends nothing)."""

    DEFAULT_CSS = """
    ProjectionScreen #proj-head {
        padding: 0 1;
        background: $boost;
    }
    ProjectionScreen #proj-body {
        height: 1fr;
        padding: 0 1;
    }
    ProjectionScreen #proj-editor {
        height: auto;
        padding: 1 0 0 0;
    }
    ProjectionScreen .proj-row {
        height: 1;
    }
    ProjectionScreen .proj-co {
        width: 8;
    }
    ProjectionScreen .proj-round {
        width: 19;
        text-style: bold;
    }
    ProjectionScreen .proj-kind {
        width: 11;
        padding: 0 1;
    }
    ProjectionScreen .proj-pin-head {
        width: 14;
        text-style: bold;
    }
    ProjectionScreen #proj-status {
        height: auto;
        padding: 1 0 0 0;
    }
    ProjectionScreen #proj-table {
        height: auto;
        margin: 1 0 0 0;
    }
    ProjectionScreen #proj-more {
        height: auto;
    }
    ProjectionScreen .proj-more-table {
        height: auto;
        margin: 1 0 0 0;
    }
    ProjectionScreen #proj-places, ProjectionScreen #proj-notes {
        height: auto;
        padding: 1 0 0 0;
    }
    """

    BINDINGS = [
        Binding("escape", "close", "Back", priority=True),
        *[
            Binding(k, f"kind('{kind}')", kind.capitalize(), priority=True)
            for k, kind in KIND_KEYS.items()
        ],
        Binding("space", "cycle", "Next kind", priority=True),
        Binding("plus,equals_sign", "rounds(1)", "+round", key_display="+", priority=True),
        Binding("minus,underscore", "rounds(-1)", "-round", key_display="-", priority=True),
        Binding("up", "row(-1)", "Company above", show=False, priority=True),
        Binding("down", "row(1)", "Company below", show=False, priority=True),
        Binding("r", "reset", "Reset", priority=True),
        Binding("s", "switch('score')", "Score", priority=True),
        Binding("g", "switch('rounds')", "Rounds", priority=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(id="project")
        self.session = session
        self.rounds: list[str] = []
        """The labels of the rounds projected."""
        self.companies: list[str] = []
        """The companies that run, in the rows' order."""
        self.options: dict[str, tuple[str, ...]] = {}
        """The payout kinds each company may use."""
        self.runs: dict[str, list[Run]] = {}
        """The inputs: per company, a revenue and a kind per round."""
        self.prefilled: dict[str, Run] = {}
        """Each company's prefilled run (its last one), for new rounds and ``r``."""
        self.pins: dict[str, int] = {}
        """Final prices set by hand."""
        self.projection: Projection | None = None
        """The projection shown (``None`` before the first, or when it was refused)."""
        self.error: str | None = None
        """Why the projection could not be made (the game has ended...)."""
        self.computations = 0
        """How many projections have been shown (for tests: a change works it out anew)."""
        self.ready_for_keys = False
        """Whether the screen takes keys yet: the app holds them until the first projection
        (or its refusal) is shown, or sent to a worker, and a revenue cell has the focus
        (tenth keys round: in a burst `w 1` reached the screen before its cells, and the
        digit was refused)."""

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("", id="proj-head")
        yield Working()
        with VerticalScroll(id="proj-body"):
            yield Vertical(id="proj-editor")
            yield Static("", id="proj-status")
            yield DataTable(id="proj-table", cursor_type="none", zebra_stripes=True)
            yield Vertical(id="proj-more")
            yield Static("", id="proj-places")
            yield Static("", id="proj-notes")
        yield Footer()

    async def on_mount(self) -> None:
        """Prefill the inputs from the companies' last runs and work the table out."""
        game = self.session.game
        head = Text("Spreadsheet it", style="bold")
        head.append(
            " — the remaining operating rounds, projected (1846 rulebook 10.1 tip). "
            "Nothing here changes the game.\n",
            style="dim",
        )
        head.append(
            "digits: revenue   f/h/w or Space: payout kind   +/-: rounds   "
            "↑↓ Tab: move   r: reset   Esc: back",
            style="dim",
        )
        self.query_one("#proj-head", Static).update(head)
        try:
            self.rounds = projected_rounds(game)
        except Refusal as exc:
            self.refused(exc.message)
            return
        if not self.rounds:
            self.refused(
                "the game has ended: nothing is left to project; its score is final "
                "(the score screen, f)"
            )
            return
        defaults = default_runs(game)
        self.companies = list(defaults)
        self.options = {
            cid: tuple(game.ruleset.payout_options(game.state, cid)) for cid in self.companies
        }
        self.runs = {cid: list(runs) for cid, runs in defaults.items()}
        self.prefilled = {cid: runs[0] for cid, runs in defaults.items() if runs}
        await self.build_editor()
        self.recalc()
        # a long journal's projection goes on in a worker: the cells have the focus, and
        # Esc need not wait for it
        self.keys_ready()

    async def build_editor(self) -> None:
        """(Re)build the inputs for the companies and rounds."""
        editor = self.query_one("#proj-editor", Vertical)
        await editor.remove_children()
        rows: list[Widget] = []
        head = Horizontal(
            Label("", classes="proj-co"),
            *[Label(r, classes="proj-round") for r in self.rounds],
            Label("final price", classes="proj-pin-head"),
            classes="proj-row",
        )
        rows.append(head)
        for i, cid in enumerate(self.companies):
            cells: list[Widget] = [Label(company_text(cid), classes="proj-co")]
            for k, (revenue, kind) in enumerate(self.runs[cid]):
                cells.append(RevenueInput(str(revenue), id=f"rev-{i}-{k}"))
                cells.append(
                    Label(
                        kind_label(kind, self.options[cid]), id=f"kind-{i}-{k}", classes="proj-kind"
                    )
                )
            pin = self.pins.get(cid)
            cells.append(
                RevenueInput("" if pin is None else str(pin), id=f"pin-{i}", placeholder="rules")
            )
            rows.append(Horizontal(*cells, classes="proj-row"))
        await editor.mount_all(rows)
        first = self.query(RevenueInput).first(RevenueInput) if self.companies else None
        if first is not None:
            first.focus()

    # ------------------------------------------------------------ working it out
    def recalc(self) -> None:
        """Work the projection out from the inputs (in a worker for a long journal)."""
        game = self.session.game
        runs = {cid: list(r) for cid, r in self.runs.items()}
        pins = dict(self.pins)
        ors = len(self.rounds)

        def job(progress: Progress | None) -> Projection:
            return project(game, runs, ors, progress=progress, final_prices=pins)

        run_job(
            self, len(game.journal), "projecting the remaining rounds", job, self.show, self.refused
        )

    def refused(self, message: str) -> None:
        """The projection cannot be made: say why (the last table stays, dimmed)."""
        self.error = message
        self.query_one("#proj-status", Static).update(Text(f"✗ {message}", style="bold red"))
        for table in self.query(DataTable):
            table.styles.opacity = 0.5
        self.keys_ready()

    def keys_ready(self) -> None:
        """The first projection (or its refusal) is shown: the app may hand out the keys
        typed meanwhile (once)."""
        if not self.ready_for_keys:
            self.app.post_message(KeysReady(self))

    def show(self, result: Projection) -> None:
        """Show ``result``: the rulebook's table, the places and the notes."""
        self.projection = result
        self.error = None
        self.computations += 1
        money = self.session.money
        status = Text(
            f"{counted(len(result.rounds), 'operating round')}: {', '.join(result.rounds)}"
            f" · amounts in {self.session.currency}",  # the 10.1 table's figures have no sign
            style="dim",
        )
        self.query_one("#proj-status", Static).update(status)
        if len(result.rounds) == len(self.rounds) and list(result.rounds) != self.rounds:
            # a set begun in the projection has its phase's rounds (a projected export can
            # change the phase): the inputs' heads say the rounds as played
            self.rounds = list(result.rounds)
            for head, label in zip(
                self.query(".proj-round").results(Label), self.rounds, strict=False
            ):
                head.update(label)
        self.lay_out(result.table())
        places = Text("Places if the game ends after these rounds: ", style="bold")
        places.append_text(places_text(result.places, money))
        self.query_one("#proj-places", Static).update(places)
        self.query_one("#proj-notes", Static).update(Text("\n".join(result.notes), style="dim"))
        for i, co in enumerate(result.companies):
            for k, used in enumerate(co.runs):
                if used is None:  # it has operated in this round already
                    cell = self.query(f"#rev-{i}-{k}").first(RevenueInput)
                    cell.disabled = True
                    self.query_one(f"#kind-{i}-{k}", Label).update(Text("operated", style="dim"))
        focused = self.focused
        if not isinstance(focused, RevenueInput) or focused.disabled:
            ready = [cell for cell in self.query(RevenueInput) if not cell.disabled]
            if ready:
                ready[0].focus()
        self.keys_ready()

    def on_resize(self) -> None:
        """Lay the table out again for the new width."""
        if self.projection is not None:
            self.lay_out(self.projection.table())

    def lay_out(self, rows: list[list[str]]) -> None:
        """The table (``Projection.table``) in ``#proj-table``; when it is wider than the
        screen, the players' columns that do not fit go into further tables below
        (``#proj-more``), each repeating the company column, a player's shrs and amt
        always together (issue 21.7: no sideways scrolling to find a player)."""
        groups = self.column_groups(rows, self.size.width - 6 if self.size.width else 0)
        more = self.query_one("#proj-more", Vertical)
        extra = list(more.query(DataTable))
        while len(extra) < len(groups) - 1:
            table = DataTable(cursor_type="none", zebra_stripes=True, classes="proj-more-table")
            more.mount(table)
            extra.append(table)
        for table in extra[len(groups) - 1 :]:
            table.remove()
        tables = [self.query_one("#proj-table", DataTable), *extra[: len(groups) - 1]]
        for table, columns in zip(tables, groups, strict=True):
            self.fill(table, rows, columns)

    def column_groups(self, rows: list[list[str]], width: int) -> list[list[int]]:
        """The columns of each table: the company column, the rounds, Stock and Sum, then
        as many players' pairs as ``width`` holds (0: no limit); the other pairs in
        further groups that start with the company column."""
        labels = [row[next((n for n, cell in enumerate(row) if cell), 0)] for row in rows[1:]]
        widths = []
        for n, head in enumerate(rows[0]):
            cells = [*self.two_lines(head).split("\n"), *(row[n] for row in rows[1:])]
            if n == 0:
                cells += labels
            widths.append(max(len(c) for c in cells) + 2)  # a cell's padding each side
        first = 3 + sum(1 for head in rows[0] if head.endswith(" div"))  # the first player's
        groups = [list(range(first))]
        for a in range(first, len(rows[0]), 2):
            pair = [a, a + 1]
            used = sum(widths[n] for n in groups[-1])
            if width and groups[-1] != [0] and used + widths[a] + widths[a + 1] > width:
                groups.append([0])
            groups[-1] += pair
        return groups

    def fill(self, table: DataTable[Text], rows: list[list[str]], columns: list[int]) -> None:
        """``table`` with the ``columns`` of ``rows`` (labels of the footer rows in the
        first column)."""
        table.styles.opacity = 1.0
        table.clear(columns=True)
        table.header_height = 2
        for n in columns:
            head = rows[0][n]
            table.add_column(
                Text(self.two_lines(head), style="bold", justify="right" if n else "left"), key=head
            )
        others = {"Privates": "privates", "Cash on hand": "cash", "Final total": "total"}
        for row in rows[1:]:
            label = next((n for n, cell in enumerate(row) if cell), 0)
            key = row[0] or others.get(row[label], row[label])
            bold = key == "total"
            cells: list[Text] = []
            for n in columns:
                cell = row[n]
                if n == 0:
                    # cash on hand, the final total: their label in the first column
                    cells.append(company_text(cell) if cell else Text(row[label], style="bold"))
                    continue
                cells.append(
                    Text(
                        "" if n == label and not row[0] else cell,
                        style="bold" if bold else "",
                        justify="right",
                    )
                )
            table.add_row(*cells, key=key)

    @staticmethod
    def two_lines(head: str) -> str:
        """A column head on two lines: ``Amy shrs`` → ``Amy`` over ``shrs``; ``Stock``
        on the second line, as the rulebook's table heads its columns."""
        first, _, second = head.rpartition(" ")
        if not first:
            return f"\n{head}"
        if second == "amt":
            return "\namt"  # the player's name heads the shares column beside it
        return f"{first}\n{second}"

    # ------------------------------------------------------------ inputs
    def cell_of(self, widget: Widget | None) -> tuple[int, int | None] | None:
        """(company row, round) of an input; the round is ``None`` for a final price."""
        if widget is None or widget.id is None:
            return None
        parts = widget.id.split("-")
        if parts[0] == "rev":
            return int(parts[1]), int(parts[2])
        if parts[0] == "pin":
            return int(parts[1]), None
        return None

    @on(Input.Changed)
    def changed(self, event: Input.Changed) -> None:
        """A revenue or a final price was typed: keep it and work the table out again."""
        event.stop()
        where = self.cell_of(event.input)
        if where is None:
            return
        row, k = where
        cid = self.companies[row]
        value = int(event.value) if event.value else None
        if k is None:
            if value == self.pins.get(cid):
                return
            if value is None:
                self.pins.pop(cid, None)
            else:
                self.pins[cid] = value
        else:
            revenue = min(value or 0, MAX_REVENUE)
            if revenue == self.runs[cid][k][0]:
                return
            self.runs[cid][k] = (revenue, self.runs[cid][k][1])
        event.input.set_class(True, "-edited")
        self.recalc()

    def action_kind(self, kind: str) -> None:
        """Make the focused cell's run ``kind`` (when the company may use it)."""
        self.set_kind(lambda options, now: kind if kind in options else None, kind)

    def action_cycle(self) -> None:
        """The focused cell's next payout kind."""

        def nxt(options: tuple[str, ...], now: str | None) -> str | None:
            if not options or options == ("split",):
                return None
            i = options.index(now) if now in options else -1
            return options[(i + 1) % len(options)]

        self.set_kind(nxt, None)

    def set_kind(self, pick: object, asked: str | None) -> None:
        """Set the focused cell's kind to ``pick(options, now)`` and work it out again."""
        where = self.cell_of(self.focused)
        if where is None or where[1] is None:
            self.app.bell()
            self.notify("move to a round's revenue to set its payout kind", severity="warning")
            return
        row, k = where
        cid = self.companies[row]
        options = self.options[cid]
        revenue, now = self.runs[cid][k]
        kind = pick(options, now)  # type: ignore[operator]
        if kind is None:
            if asked is not None or options != ("split",):
                self.app.bell()
                may = ", ".join(options) or "not run"
                self.notify(
                    f"{cid} may {may}" + (f", not {asked}" if asked else ""),
                    severity="warning",
                    markup=False,
                )
            return
        if kind == now:
            return
        self.runs[cid][k] = (revenue, kind)
        self.query_one(f"#kind-{row}-{k}", Label).update(
            Text(kind_label(kind, options), style="bold")
        )
        self.recalc()

    def action_row(self, step: int) -> None:
        """Move to the same round's cell of the company above or below."""
        where = self.cell_of(self.focused)
        if where is None or not self.companies:
            return
        row, k = where
        target = (row + step) % len(self.companies)
        wid = f"#pin-{target}" if k is None else f"#rev-{target}-{k}"
        found = self.query(wid)
        if found:
            cell = found.first()
            if not cell.disabled:
                cell.focus()
                return
        self.app.bell()

    async def action_rounds(self, step: int) -> None:
        """One operating round more or fewer (the new one repeats the company's run)."""
        if not self.rounds:
            return
        count = len(self.rounds) + step
        if not 1 <= count <= MAX_ROUNDS:
            self.app.bell()
            self.notify(
                f"a projection plays 1 to {MAX_ROUNDS} operating rounds", severity="warning"
            )
            return
        try:
            self.rounds = projected_rounds(self.session.game, count)
        except Refusal as exc:
            self.refused(exc.message)
            return
        for cid, runs in self.runs.items():
            while len(runs) < count:
                runs.append(runs[-1] if runs else self.prefilled.get(cid, (0, None)))
            del runs[count:]
        await self.build_editor()
        self.recalc()

    async def action_reset(self) -> None:
        """Every input back to its prefilled value (the company's last run), no pins."""
        self.pins.clear()
        for cid in self.runs:
            self.runs[cid] = [self.prefilled.get(cid, (0, None))] * len(self.rounds)
        await self.build_editor()
        self.recalc()

    def action_close(self) -> None:
        """Back to the main screen (the game was never changed)."""
        self.dismiss(None)

    def action_switch(self, where: str) -> None:
        """Replace this screen with the score or the rounds (made by the app:
        the views never import one another)."""
        host(self.app).switch_view(where, self.session)
