"""The main screen: the whole bank at a glance, and every way to give a command.

Panels (status line, players, companies, stock market, trains and phase, log)
draw the state JSON; single keys open dialogs of legal choices; the command
bar takes banker script.  Every path ends in :meth:`MainScreen.give`, which
hands the command to the game (validated, journaled and saved there) and
only then redraws, highlighting what the command's events touched.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text
from textual.actions import SkipAction
from textual.app import ComposeResult, SystemCommand
from textual.containers import VerticalScroll
from textual.events import Key
from textual.reactive import Reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from moderator import commands as c
from moderator.events import CashMoved
from moderator.ui.app import KeysReady
from moderator.ui.keys import BY_ACTION, UI_COMMANDS, UICommand, bindings
from moderator.ui.session import Session, differences, touched
from moderator.ui.widgets.commandbar import CommandBar
from moderator.ui.widgets.footer import QuietFooter
from moderator.ui.widgets.panels import (
    CompaniesPanel,
    MarketPanel,
    Panel,
    PlayersPanel,
    StatusBar,
    TrainsPanel,
)

if TYPE_CHECKING:
    from moderator.ui.screens.dialogs import CommandDialog

HIGHLIGHT_SECONDS = 3.0
"""How long the figures a command changed stay highlighted."""

ROUND_NAMES = {"setup": "the setup", "SR": "a stock round", "OR": "an operating round"}

GUARD_KINDS: dict[str, tuple[type[c.Command], ...]] = {
    "par": (c.Par,),
    "buy": (c.Buy,),
    "sell": (c.Sell,),
    "pass": (c.Pass,),
    "issue": (c.Issue, c.Redeem),
    "run": (c.Run,),
    "train": (c.BuyTrain,),
    "private": (c.BuyPrivate,),
    "done": (c.Done,),
}
"""The command kinds behind each dialog key: the key is live when one of them is legal."""


class LogPanel(Static):
    """The last few things that happened: accepted lines, receipts, refusals."""

    DEFAULT_CSS = "LogPanel { height: 10; }"

    def __init__(self, *, id: str | None = None, lines: int = 8) -> None:
        super().__init__("", id=id)
        self.border_title = "Log"
        self.lines: deque[Text] = deque(maxlen=lines)

    def add(self, text: str | Text, style: str = "") -> None:
        """Add lines (a receipt may be several) at the bottom."""
        body = Text(text, style=style) if isinstance(text, str) else text
        for part in body.split("\n"):
            self.lines.append(part)
        self.update(Group(*self.lines), layout=False)  # fixed height: no new layout


def _net_cash(events: Iterable[Any], who: str) -> int:
    """Cash ``who`` gains (positive) or pays (negative) in ``events`` (display only)."""
    net = 0
    for ev in events:
        if isinstance(ev, CashMoved):
            if ev.target == who:
                net += ev.amount
            if ev.source == who:
                net -= ev.amount
    return net


class MainScreen(Screen[None]):
    """The main screen (see the module docstring)."""

    BINDINGS = bindings()

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual's focused widget, without the repaint of the whole screen on a change.

    The widgets that gain and lose the focus repaint themselves (and the
    footer its keys); a repaint of the whole screen, asked for at once,
    would draw a frame before they have, and theirs would make a second.
    """

    def __init__(self, session: Session) -> None:
        super().__init__(id="main")
        self.session = session
        self._fade: Timer | None = None
        self.highlighted: set[str] = set()
        self._guards: tuple[bool | None, ...] | None = None
        """The keys' guards as last shown in the footer (``None``: not yet)."""
        self.panels: list[Panel] = []
        self.ready_for_keys = False
        """Whether the screen takes keys (mounted, focus asked for): until then the
        app holds the keys typed, e.g. right after a game is opened or started."""

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with VerticalScroll(id="body"):
            yield PlayersPanel(id="players", title="Players")
            yield CompaniesPanel(id="companies", title="Companies")
            yield MarketPanel(id="market", title="Stock market")
            yield TrainsPanel(id="trains", title="Trains and phase")
            yield LogPanel(id="log")
        yield CommandBar(lambda: self.session, id="bar")
        yield QuietFooter()

    def on_mount(self) -> None:
        """Draw the game and put the focus on the board (single keys live).

        The legal commands (for dimming keys) are not needed for the first
        frame: they are asked for once it has been drawn.
        """
        game = self.session.game
        where = game.path.name if game.path else "not saved"
        players = " ".join(game.players)
        count = len(game.journal)
        self.panels = [self.query_one(pid, Panel) for pid in
                       ("#status", "#players", "#companies", "#market", "#trains")]
        self.log_panel.add(f"{game.title} {players} — {count} commands ({where})", "dim")
        self.redraw(guards=False)
        self.query_one("#body").focus()
        self.app.post_message(KeysReady(self))  # after the focus, which the app runs first
        self.call_after_refresh(self.refresh_guards)

    @property
    def log_panel(self) -> LogPanel:
        """The log panel."""
        return self.query_one("#log", LogPanel)

    @property
    def bar(self) -> CommandBar:
        """The command bar."""
        return self.query_one("#bar", CommandBar)

    def redraw(self, changed: set[str] | None = None, guards: bool = True) -> None:
        """Draw the panels from the state JSON; highlight ``changed`` for a moment.

        Panels whose part of the state (and highlight) is unchanged skip the
        redraw; the footer is refreshed only when a key's guard changed.
        """
        data = self.session.data
        cur = self.session.currency
        self.highlighted = set(changed or ())
        for panel in self.panels:
            panel.show(data, self.highlighted, cur)
        if guards:
            self.refresh_guards()
        if self._fade is not None:
            self._fade.stop()
            self._fade = None
        if self.highlighted:
            self._fade = self.set_timer(HIGHLIGHT_SECONDS, self.fade)

    def fade(self) -> None:
        """The highlight's time is up: draw the figures plainly again."""
        self._fade = None
        self.redraw(guards=False)

    def refresh_guards(self) -> None:
        """Refresh the footer's keys if the rules now allow or forbid other keys."""
        guards = tuple(self.check_action(cmd.action, ()) for cmd in UI_COMMANDS)
        if guards != self._guards:
            self._guards = guards
            self.refresh_bindings()
            # show, hide, dim the keys now (a repaint of the footer, never a new
            # layout), so they change in the same frame as the panels
            self.query_one(QuietFooter).relight()

    # ------------------------------------------------------------ giving commands
    def give(self, cmd: c.Command | str | None) -> str | None:
        """Hand a command to the game; redraw after it is accepted (and saved).

        Returns:
            ``None`` when the game accepted it (or there was nothing to give),
            else the game's reason for refusing it.
        """
        if cmd is None:
            return None
        outcome = self.session.execute(cmd)
        if not outcome.ok:
            self.app.bell()
            line = self.session.line(outcome.command) if outcome.command else str(cmd)
            self.notify(outcome.message, title=f"Refused: {line}", severity="error", timeout=8)
            self.log_panel.add(f"✗ {line}: refused: {outcome.message}", "red")
            return outcome.message
        if outcome.command is not None:
            line = self.session.line(outcome.command)
            if outcome.journaled:
                self.log_panel.add(f"✓ {line}", "green")
            else:
                self.log_panel.add(f"✓ {line}: {outcome.message or 'ok'}", "green")
        if outcome.receipt is not None:
            self.log_panel.add(outcome.receipt.text())
        self.redraw(touched(outcome.events))
        return None

    def on_command_bar_submitted(self, message: CommandBar.Submitted) -> None:
        """A line from the command bar."""
        reason = self.give(message.line)
        if reason is None:
            message.bar.accepted(message.line.strip())
        else:
            message.bar.refused(reason)

    def ask(self, dialog: CommandDialog) -> None:
        """Open a dialog; give the command it returns.

        The command is given as the dialog closes, before this screen is
        back on top, so that it is shown redrawn in the same frame (see
        :class:`~moderator.ui.screens.dialogs.CommandDialog`).
        """
        dialog.take = self.give
        self.app.push_screen(dialog)

    # ------------------------------------------------------------ guards
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide keys of other rounds; dim keys whose commands the rules forbid now."""
        cmd = BY_ACTION.get(action)
        if cmd is None:
            return True
        if cmd.rounds and self.session.round_kind not in cmd.rounds:
            return False
        return True if self.allowed(cmd) else None

    def allowed(self, cmd: UICommand) -> bool:
        """Whether the rules allow anything behind the key now (from the game)."""
        game = self.session.game
        if cmd.id in GUARD_KINDS:
            return bool(self.session.legal_of(*GUARD_KINDS[cmd.id]))
        if cmd.id == "spend":
            acting = self.acting_company()
            if acting is None:
                return False
            return self.session.reason(c.Spend(company=acting, amount=1)) is None
        if cmd.id == "legal":
            return bool(self.session.legal())
        if cmd.id == "undo":
            return bool(game.journal)
        if cmd.id == "redo":
            return bool(game.redo_stack)
        return True

    def why_not(self, cmd: UICommand) -> str:
        """Why a key does nothing now: the round, or the game's reason."""
        kind = self.session.round_kind
        if cmd.rounds and kind not in cmd.rounds:
            wanted = " or ".join(ROUND_NAMES[r] for r in cmd.rounds if r != "setup")
            return f"{cmd.label} is for {wanted}; this is {ROUND_NAMES[kind]}"
        if cmd.id == "undo":
            return "nothing to undo"
        if cmd.id == "redo":
            return "nothing to redo"
        kinds = GUARD_KINDS.get(cmd.id, ())
        state = self.session.game.state
        for candidate in self.session.game.ruleset.candidates(state):
            if kinds and isinstance(candidate, kinds):
                why = self.session.reason(candidate)
                if why:
                    return why
        acting = self.acting_company()
        if cmd.id == "spend" and acting:
            return self.session.reason(c.Spend(company=acting, amount=1)) or "no spending now"
        if self.session.data.get("ended"):
            return "the game has ended"
        who = self.session.acting
        return f"the rules allow no {cmd.label.lower()} now" + (f" ({who} to act)" if who else "")

    def on_key(self, event: Key) -> None:
        """Keys typed ahead go where they were meant to; a dimmed key says why.

        A key pressed right after ``:`` or a dialog key can reach this screen
        before the focus has moved; it is handed on to the command bar or the
        dialog instead of being lost or taken for a command key.
        """
        top = self.app.screen
        if top is not self:
            from moderator.ui.screens.dialogs import AmountDialog

            if isinstance(top, AmountDialog):
                top.type_ahead(event)
                event.stop()
            return
        if self.focused is not None and self.focused.id == "script":
            if event.is_printable and event.character:
                self.bar.input.insert_text_at_cursor(event.character)
                event.stop()
            return
        for cmd in UI_COMMANDS:
            if event.key in cmd.key.split(",") and self.check_action(cmd.action, ()) is not True:
                self.app.bell()
                self.notify(self.why_not(cmd), title=cmd.label, severity="warning")
                event.stop()
                return

    # ------------------------------------------------------------ helpers
    def acting_company(self) -> str | None:
        """The company to act in an operating round."""
        return self.session.acting if self.session.round_kind == "OR" else None

    def price_label(self, cmd: c.Command, who: str) -> str:
        """What ``who`` pays or receives for ``cmd``, read from the game's preview."""
        events = self.session.preview(cmd)
        if isinstance(events, str):
            return ""
        net = _net_cash(events, who)
        if net < 0:
            return f"pays {self.session.money(-net)}"
        if net > 0:
            return f"receives {self.session.money(net)}"
        return ""

    def choose(self, title: str, cmds: list[c.Command], label: Any, note: str = "") -> None:
        """Open a choice dialog over ``cmds`` labelled by ``label(cmd)``."""
        from moderator.ui.screens.dialogs import ChoiceDialog

        if not cmds:
            self.notify("nothing of the kind is legal now", severity="warning")
            return
        self.ask(ChoiceDialog(title, [(label(x), x) for x in cmds], note))

    # ------------------------------------------------------------ stock round keys
    def action_par(self) -> None:
        """Par a corporation: legal corporations and starting prices."""
        cmds = self.session.legal_of(c.Par)

        def label(x: c.Par) -> Text:
            t = Text(f"{x.player} pars ")
            t.append(x.corp, style="bold")
            t.append(f" at {self.session.money(x.price)}   {self.price_label(x, x.player)}")
            return t

        self.choose("Par a corporation", cmds, label)

    def action_buy(self) -> None:
        """Buy one share: legal sources with their prices."""
        cmds = self.session.legal_of(c.Buy)

        def label(x: c.Buy) -> Text:
            t = Text(f"{x.player} buys ")
            t.append(x.corp, style="bold")
            source = "IPO" if x.source == "ipo" else "pool"
            t.append(f" from the {source}   {self.price_label(x, x.player)}")
            return t

        self.choose("Buy a share", cmds, label)

    def action_sell(self) -> None:
        """Sell shares: legal counts with what they bring."""
        cmds = self.session.legal_of(c.Sell)

        def label(x: c.Sell) -> str:
            return f"{x.player} sells {x.count} × {x.corp}   {self.price_label(x, x.player)}"

        self.choose("Sell shares to the pool", cmds, label)

    def action_pass_turn(self) -> None:
        """Pass the stock turn."""
        cmds = self.session.legal_of(c.Pass)
        self.choose("Pass", cmds, lambda x: f"{x.player} passes")

    # ------------------------------------------------------------ operating round keys
    def action_spend(self) -> None:
        """Spend: an amount and a purpose, checked by the game."""
        from moderator.ui.screens.dialogs import AmountDialog

        cid = self.acting_company()
        if cid is None:
            return

        def build(amount: int, purpose: str | None) -> c.Command:
            return c.Spend(company=cid, amount=amount, purpose=purpose)  # type: ignore[arg-type]

        co = self.session.company(cid) or {}
        self.ask(AmountDialog(
            self.session, f"{cid} spends (treasury {self.session.money(co.get('cash'))})", build,
            options=[None, "tile", "token", "terrain", "fee"],
            option_labels={None: "track/other"}))

    def action_issue(self) -> None:
        """Issue or redeem shares: the legal counts with the money they move."""
        cmds = self.session.legal_of(c.Issue, c.Redeem)

        def label(x: c.Issue | c.Redeem) -> str:
            verb = "issues" if isinstance(x, c.Issue) else "redeems"
            return f"{x.corp} {verb} {x.count}   {self.price_label(x, x.corp)}"

        self.choose("Issue or redeem shares", cmds, label)

    def action_run(self) -> None:
        """Run: the revenue, then full / half / withhold, with the live receipt."""
        from moderator.ui.screens.dialogs import RunDialog

        cid = self.acting_company()
        runs = self.session.legal_of(c.Run)
        if runs:
            cid = runs[0].company  # type: ignore[attr-defined]
        if cid is None:
            return
        self.ask(RunDialog(self.session, cid))

    def action_train(self) -> None:
        """Buy a train: from the bank at list price, or from a company at a price."""
        from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog

        cmds = self.session.legal_of(c.BuyTrain)
        choices: list[tuple[str | Text, c.Command]] = []
        for x in cmds:
            assert isinstance(x, c.BuyTrain)
            if x.source is None:
                choices.append((f"{x.corp} buys a {x.train} from the bank   "
                                f"{self.price_label(x, x.corp)}", x))
            elif x.source == "pool":
                choices.append((f"{x.corp} buys a {x.train} from the pool   "
                                f"{self.price_label(x, x.corp)}", x))
            else:
                choices.append((f"{x.corp} buys a {x.train} from {x.source} — price agreed…", x))
        if not choices:
            self.notify("no train can be bought now", severity="warning")
            return

        def picked(cmd: c.Command | None) -> None:
            if isinstance(cmd, c.BuyTrain) and cmd.source not in (None, "pool"):
                self.ask(AmountDialog(
                    self.session, f"{cmd.corp} buys a {cmd.train} from {cmd.source}: agreed price",
                    lambda amount, _opt: cmd.model_copy(update={"price": amount})))
            else:
                self.give(cmd)

        self.app.push_screen(ChoiceDialog("Buy a train", choices), picked)

    def action_buy_private(self) -> None:
        """Buy a private from its owner: which one, then the agreed price."""
        from moderator.ui.screens.dialogs import AmountDialog, ChoiceDialog

        cmds = self.session.legal_of(c.BuyPrivate)

        def picked(cmd: c.Command | None) -> None:
            if isinstance(cmd, c.BuyPrivate):
                self.ask(AmountDialog(
                    self.session, f"{cmd.corp} buys {cmd.private}: price",
                    lambda amount, _opt: cmd.model_copy(update={"price": amount}),
                    initial=cmd.price, note=f"list price {self.session.money(cmd.price)}"))

        if not cmds:
            return
        choices: list[tuple[str | Text, c.Command]] = []
        for x in cmds:
            assert isinstance(x, c.BuyPrivate)
            pv = self.session.company(x.private) or {}
            choices.append((f"{x.corp} buys {x.private} from {pv.get('owner')} "
                            f"(list {self.session.money(x.price)})", x))
        self.app.push_screen(ChoiceDialog("Buy a private company", choices), picked)

    def action_done(self) -> None:
        """End the company's turn."""
        self.choose("End the turn", self.session.legal_of(c.Done), lambda x: f"done {x.company}")

    # ------------------------------------------------------------ anywhere
    def action_legal(self) -> None:
        """Every command the rules accept now."""
        cmds = self.session.legal()
        self.choose("Commands the rules accept now", cmds, self.session.line)

    def action_command_bar(self) -> None:
        """Focus the command bar (in the bar, the key is typed: see ``keys.bindings``)."""
        if self.focused is self.bar.input:
            raise SkipAction()
        self.move_focus(self.bar.input)

    def action_leave_bar(self) -> None:
        """Back from the command bar to the board."""
        self.move_focus(self.query_one("#body"))

    def move_focus(self, widget: Widget) -> None:
        """Focus ``widget`` now and show the keys live there in the same frame.

        ``Widget.focus`` moves the focus later, and the footer learns of the
        new keys later still (after the next frame): the keys would change
        in a frame of their own.  Here the focus moves at once and the
        footer's keys are redrawn with it.
        """
        self.set_focus(widget)
        self.query_one(QuietFooter).relight()

    def action_undo(self) -> None:
        """Take back the last command; the log names it, the figures it moved are lit."""
        before = self.session.data
        line = self.session.undo()
        if line is None:
            self.notify("nothing to undo", severity="warning")
            return
        self.log_panel.add(f"↶ undone: {line}", "yellow")
        self.redraw(differences(before, self.session.data))

    def action_redo(self) -> None:
        """Apply the last undone command again; the figures it moved are lit."""
        before = self.session.data
        line = self.session.redo()
        if line is None:
            self.notify("nothing to redo", severity="warning")
            return
        self.log_panel.add(f"↷ redone: {line}", "yellow")
        self.redraw(differences(before, self.session.data))

    def action_history(self) -> None:
        """The journal by round, with the game at any line."""
        from moderator.ui.screens.history import HistoryScreen

        before = self.session.data

        def back(rewound: bool | None) -> None:
            if rewound:
                self.session.changed()
                self.log_panel.add(f"⟲ rewound to line {len(self.session.game.journal)}", "yellow")
                self.redraw(differences(before, self.session.data))

        self.app.push_screen(HistoryScreen(self.session), back)

    def action_help(self) -> None:
        """The keys."""
        from moderator.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    # ------------------------------------------------------------ palette
    def palette_commands(self) -> Iterable[SystemCommand]:
        """Command-palette entries: the UI commands live now, then the legal commands."""
        for cmd in UI_COMMANDS:
            if self.check_action(cmd.action, ()) is True:
                yield SystemCommand(f"{cmd.label} ({cmd.key_display or cmd.key.split(',')[0]})",
                                    cmd.help, lambda a=cmd.action: self.run_action(a))
        for legal in self.session.legal():
            line = self.session.line(legal)
            yield SystemCommand(line, "a command the rules accept now",
                                lambda x=legal: self.give(x))
