"""The rounds screen: where the money stood at the end of every round, as charts and tables.

Everything comes from ``moderator.scoring.history`` (the journal replayed, one
record per round, then the round going on).  Three tabs:

- *Charts* — each company's share price and each player's value over the
  rounds, drawn with ``textual_plotext``: each company in its livery colour, each
  player in a colour of their own (:mod:`moderator.palette`, the same as the XLSX
  export's charts and the table view; the variants drawn on a dark background);
- *Players* — per round each player's cash and value, with the change since
  the round before;
- *Companies* — per round each company's price with its change, and its run
  in the round (revenue, payout kind, dividend a share: ``$133 full $26.60 a share``;
  1853's mail run beside it: ``£280 full £28 a share + £40 mail run``).

On a long journal the first replay runs in a worker behind a progress bar.
The screen reads the game and changes nothing.  The journal browser with
rewind is the other history screen (``h``, ``screens/history.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from moderator import palette
from moderator.scoring import Progress, RoundRecord, history
from moderator.text import A_SHARE, counted
from moderator.ui.host import StrayKeysRefused, host
from moderator.ui.screens.endgame import Working, run_job

if TYPE_CHECKING:
    from moderator.ui.session import Session

MAX_TICKS = 12
"""At most this many round labels under a chart (every n-th round when there are more)."""


def company_colour(cid: str, n: int, title: str | None = None) -> tuple[int, int, int]:
    """A company's line colour as a plotext RGB triple: its livery (in ``title``) as drawn
    on the terminal's dark background (the ``n``-th spare colour for a company without one)."""
    return palette.rgb(palette.company_line(cid, n, "dark", title))


def player_colour(n: int) -> tuple[int, int, int]:
    """The ``n``-th player's line colour (seating order) as a plotext RGB triple."""
    return palette.rgb(palette.player_line(n))


def round_labels(records: list[RoundRecord]) -> list[str]:
    """The records' labels, the round going on marked ``(now)``."""
    return [f"{r.label} (now)" if r.current else r.label for r in records]


def delta(now: int, before: int | None) -> Text:
    """The change since the round before: ``+20`` green, ``-10`` red (``+1,100``: grouped as
    every amount is), nothing when none."""
    if before is None or now == before:
        return Text("")
    change = now - before
    return Text(f" {change:+,d}", style="green" if change > 0 else "red")


class RoundsScreen(StrayKeysRefused, Screen[None]):
    """Charts and tables of the rounds (see the module docstring)."""

    KEYS_SAID = "1 2 3 choose a tab, Esc, q or g goes back, f the score, w the projection"
    """Said when a key that is no key of this screen is refused (:class:`StrayKeysRefused`)."""

    DEFAULT_CSS = """
    RoundsScreen #rounds-head {
        padding: 0 1;
        background: $boost;
    }
    RoundsScreen TabbedContent {
        height: 1fr;
    }
    RoundsScreen TabPane {
        padding: 0;
    }
    RoundsScreen #charts-box {
        height: 1fr;
    }
    RoundsScreen PlotextPlot {
        height: 1fr;
    }
    RoundsScreen DataTable {
        height: 1fr;
    }
    """

    BINDINGS = [
        Binding("escape,q,g", "close", "Back", priority=True),
        Binding("1", "tab('charts')", "Charts", priority=True),
        Binding("2", "tab('players-tab')", "Players", priority=True),
        Binding("3", "tab('companies-tab')", "Companies", priority=True),
        Binding("f,s", "switch('score')", "Score", key_display="f", priority=True),
        Binding("w", "switch('project')", "Project", priority=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(id="rounds")
        self.session = session
        self.records: list[RoundRecord] | None = None
        """The history shown (``None`` until it has been worked out)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="rounds-head")
        yield Working()
        with TabbedContent(initial="charts"):
            with TabPane("Charts", id="charts"), Vertical(id="charts-box"):
                yield PlotextPlot(id="prices-plot")
                yield PlotextPlot(id="values-plot")
            with TabPane("Players", id="players-tab"):
                yield DataTable(id="players-table", zebra_stripes=True)
            with TabPane("Companies", id="companies-tab"):
                yield DataTable(id="companies-table", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        """Work the history out (in a worker on a long journal) and show it."""
        game = self.session.game
        head = Text("Rounds", style="bold")
        head.append(
            f" — {game.ruleset.title_name}: where the money stood at the end of every round, "
            "from the journal. 1 2 3: tabs, Esc: back",
            style="dim",
        )
        self.query_one("#rounds-head", Static).update(head)

        def job(progress: Progress | None) -> list[RoundRecord]:
            return history(game, progress)

        run_job(
            self,
            len(game.journal),
            f"replaying {counted(len(game.journal), 'command')}",
            job,
            self.show,
            self.failed,
        )

    def failed(self, message: str) -> None:
        """The history could not be worked out: say why."""
        self.query_one("#rounds-head", Static).update(Text(f"✗ {message}", style="bold red"))

    def show(self, records: list[RoundRecord]) -> None:
        """Draw the charts and fill the tables from ``records``."""
        self.records = records
        self.draw_prices(records)
        self.draw_values(records)
        self.fill_players(records)
        self.fill_companies(records)

    # ------------------------------------------------------------ charts
    def _axes(self, plt: Any, records: list[RoundRecord], title: str) -> None:
        labels = round_labels(records)
        step = max(1, -(-len(labels) // MAX_TICKS))
        ticks = list(range(0, len(labels), step))
        plt.clear_data()
        plt.clear_figure()
        plt.title(title)
        plt.xticks(ticks, [labels[i] for i in ticks])
        plt.xlim(-0.3, max(1, len(labels) - 1) + 0.3)

    @staticmethod
    def _yticks(plt: Any, values: list[int]) -> None:
        """Whole-number ticks on the value axis (money is int), grouped (``1,100``) as every
        amount is."""
        if not values:
            return
        low, high = min(values), max(values)
        if low == high:
            plt.yticks([low], [f"{low:,}"])
            return
        ticks = sorted({round(low + (high - low) * i / 5) for i in range(6)})
        plt.yticks(ticks, [f"{t:,}" for t in ticks])

    def companies(self, records: list[RoundRecord]) -> list[str]:
        """The companies with a price in any round, in the game's order."""
        seen: list[str] = []
        for r in records:
            for cid in r.prices:
                if cid not in seen:
                    seen.append(cid)
        order = {cid: n for n, cid in enumerate(self.session.game.state.ledger.companies)}
        return sorted(seen, key=lambda cid: order.get(cid, 999))

    def draw_prices(self, records: list[RoundRecord]) -> None:
        """Each company's share price over the rounds."""
        plot = self.query_one("#prices-plot", PlotextPlot)
        plt = plot.plt
        cur = self.session.currency
        self._axes(plt, records, f"Share price ({cur}) per company")
        title = self.session.game.title
        for n, cid in enumerate(self.companies(records)):
            xs = [i for i, r in enumerate(records) if cid in r.prices]
            ys = [records[i].prices[cid] for i in xs]
            plt.plot(xs, ys, label=cid, marker="braille", color=company_colour(cid, n, title))
        self._yticks(plt, [v for r in records for v in r.prices.values()])
        plot.refresh()

    def draw_values(self, records: list[RoundRecord]) -> None:
        """Each player's value (cash plus holdings, as scored) over the rounds."""
        plot = self.query_one("#values-plot", PlotextPlot)
        plt = plot.plt
        cur = self.session.currency
        self._axes(plt, records, f"Player value ({cur}): cash and holdings as scored")
        names = list(records[-1].value) if records else []
        for n, name in enumerate(names):
            xs = [i for i, r in enumerate(records) if name in r.value]
            ys = [records[i].value[name] for i in xs]
            plt.plot(xs, ys, label=name, marker="braille", color=player_colour(n))
        self._yticks(plt, [v for r in records for v in r.value.values()])
        plot.refresh()

    # ------------------------------------------------------------ tables
    def fill_players(self, records: list[RoundRecord]) -> None:
        """Per round each player's cash and value with their changes, and the bank."""
        table = self.query_one("#players-table", DataTable)
        table.clear(columns=True)
        money = self.session.money
        names = list(records[-1].cash) if records else []
        table.add_column(Text("Round", style="bold"), key="round")
        for name in names:
            table.add_column(Text(f"{name} cash", style="bold"), key=f"{name}:cash")
            table.add_column(Text(f"{name} value", style="bold"), key=f"{name}:value")
        table.add_column(Text("Bank", style="bold"), key="bank")
        before: RoundRecord | None = None
        for n, r in enumerate(records):
            cells: list[Text] = [
                Text(round_labels([r])[0], style="bold yellow" if r.current else "bold")
            ]
            for name in names:
                for kind in ("cash", "value"):
                    now = getattr(r, kind).get(name, 0)
                    then = getattr(before, kind).get(name) if before else None
                    cell = Text(money(now))
                    cell.append_text(delta(now, then))
                    cells.append(cell)
            bank = Text(money(r.bank))
            bank.append_text(delta(r.bank, before.bank if before else None))
            cells.append(bank)
            table.add_row(*cells, key=str(n))
            before = r

    def fill_companies(self, records: list[RoundRecord]) -> None:
        """Per round each company's price with its change, and its run."""
        table = self.query_one("#companies-table", DataTable)
        table.clear(columns=True)
        money = self.session.money
        cids = self.companies(records)
        table.add_column(Text("Round", style="bold"), key="round")
        for cid in cids:
            table.add_column(Text(f"{cid} price", style="bold"), key=f"{cid}:price")
            table.add_column(Text(f"{cid} run", style="bold"), key=f"{cid}:run")
        before: RoundRecord | None = None
        for n, r in enumerate(records):
            cells: list[Text] = [
                Text(round_labels([r])[0], style="bold yellow" if r.current else "bold")
            ]
            for cid in cids:
                price = r.prices.get(cid)
                if price is None:
                    cells.append(Text("·", style="dim"))
                else:
                    cell = Text(money(price))
                    cell.append_text(delta(price, before.prices.get(cid) if before else None))
                    cells.append(cell)
                run = r.runs.get(cid)
                if run is None:
                    cells.append(Text(""))
                else:
                    revenue, kind, per_share = run
                    # to the cent where the shares did not divide the payout (1817: $26.60)
                    exact = r.per_share_exact.get(cid)
                    each = money(exact) if exact else money(per_share)
                    mail = r.mail.get(cid)  # 1853's mail run (4.6.6): beside the revenue
                    cells.append(
                        Text.assemble(
                            money(revenue),
                            f" {kind}",
                            (f" {each} {A_SHARE}" if per_share or exact else "", "dim"),
                            f" + {money(mail)} mail run" if mail else "",
                        )
                    )
            table.add_row(*cells, key=str(n))
            before = r

    # ------------------------------------------------------------ keys
    def action_tab(self, pane: str) -> None:
        """Show a tab."""
        self.query_one(TabbedContent).active = pane

    def action_close(self) -> None:
        """Back to the main screen (nothing changed)."""
        self.dismiss(None)

    def action_switch(self, where: str) -> None:
        """Replace this screen with the score or the projection (made by the app:
        the views never import one another)."""
        host(self.app).switch_view(where, self.session)
