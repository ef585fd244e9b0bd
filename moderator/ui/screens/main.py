"""The main screen: the whole bank at a glance, and every way to give a command.

Panels (status line, players, companies, stock market, trains and phase, log)
draw the state JSON; a title with a 2-D market (1847 AE) gets the grid instead of
1846's row, and the starting package while it is for sale.  Single keys open
dialogs of legal choices; the command bar takes banker script.  Every path
ends in :meth:`MainScreen.give`, which hands the command to the game
(validated, journaled and saved there) and only then redraws, highlighting
what the command's events touched.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.actions import SkipAction
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Key, ScreenResume
from textual.notifications import Notification, Notify
from textual.reactive import Reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import Event
from moderator.narrate import place_names, title_word
from moderator.text import escaped, with_article
from moderator.ui.host import KeysReady, host, keys_refused, stray_key, stray_said
from moderator.ui.keys import (
    BY_ACTION,
    STAGE_NAMES,
    UI_COMMANDS,
    UICommand,
    action_name,
    bindings,
    stage_of,
)
from moderator.ui.session import Session, UndoFailed, differences, touched
from moderator.ui.widgets.commandbar import BAR_WORDS, CommandBar, is_check, one_row
from moderator.ui.widgets.footer import QuietFooter
from moderator.ui.widgets.log import LogPanel
from moderator.ui.widgets.panels import (
    BidsPanel,
    CompaniesPanel,
    EndPanel,
    MarketPanel,
    Panel,
    PanelColumn,
    PlayersPanel,
    StatusBar,
    TrainsPanel,
)

if TYPE_CHECKING:
    from moderator.ui.screens.dialogs import AmountDialog, CommandDialog, Keys, RunDialog, Step

HIGHLIGHT_SECONDS = 3.0
"""How long the figures a command changed stay highlighted."""
REFUSAL_SECONDS = 4.0
"""How long a refusal's toast stays (the log keeps the line)."""

ROUND_NAMES = STAGE_NAMES
"""The stages as a refusal names them (kept for other modules)."""

GUARD_KINDS: dict[str, tuple[type[c.Command], ...]] = {
    "par": (c.Par, c.Ipo),  # 1817: an IPO auction's result (facts §3)
    "buy": (c.Buy,),
    "sell": (c.Sell,),
    "pass": (c.Pass,),
    "bid": (c.Bid,),
    "issue": (c.Issue, c.Redeem),
    "run": (c.Run,),
    "train": (c.BuyTrain,),
    "private": (c.BuyPrivate,),
    "done": (c.Done,),
    "bond": (c.Bond,),
    "claim": (c.Claim,),
    "settle": (c.Settle,),
    "credit": (c.CreditTrain,),
    "loan": (c.Loan,),
    "payback": (c.Payback,),
}
"""The command kinds behind each dialog key: the key is live when one of them is legal."""

OPENERS = frozenset(
    ("par", "buy", "sell", "bid", "bond", "claim", "settle", "spend", "issue", "run")
    + ("train", "private", "loan", "payback", "credit", "legal")
)
"""The keys that open a dialog or a list (the keys typed after them are the dialog's)."""
REFUSED_AHEAD = OPENERS | {"pass", "undo", "redo", "done", "project"}
"""The keys whose refusal (dimmed, hidden, or the game's) leaves the keys typed behind
them unused: the dialog keys, and the commands the keys after them were typed to follow
(``ctrl+y x`` with nothing to redo passed the player to act, although the redo the ``x``
was typed to follow gave nothing; ``x d`` in an operating round ended the turn; ``d s p r
r 2 Enter`` in a stock round, the ``d`` hidden there, sold the player's PRR shares).
Every command key that can be dimmed or hidden is one (the others are always live)."""


def narration(
    cmd: c.Command | None, events: Sequence[Event], currency: str, title: str | None = None
) -> list[str]:
    """What the bank did by itself with ``cmd`` (``moderator.narrate``), one line each, in
    the words of ``title`` (1853: director, the Elephant): :func:`narration_around`'s two
    parts, in order."""
    before, after = narration_around(cmd, events, currency, title)
    return before + after


def narration_around(
    cmd: c.Command | None, events: Sequence[Event], currency: str, title: str | None = None
) -> tuple[list[str], list[str]]:
    """What the bank did by itself in two parts, before the command's own effect and
    after it (``moderator.narrate.narrate_around``): the log puts the receipt between
    them, in the order things happened."""
    try:
        from moderator.narrate import narrate_around
    except ImportError:  # an older core: the log shows the receipts only
        return [], []
    try:
        return narrate_around(cmd, events, currency, title)
    except Exception as exc:  # words about a command must never lose the command itself
        return [], [f"(the bank's actions could not be worded: {type(exc).__name__}: {exc})"]


def offered_label(head: str, why: str | None, paid: str) -> str | Text:
    """A list's line: what it does and what it pays, or, refused, why not (under it)."""
    if why is None:
        return f"{head}   {paid}"
    label = Text(head)
    label.append(f"\n  ✗ not allowed: {why}", style="red")
    return label


def buy_title(cmds: Sequence[c.Command], sale: bool, package: set[str]) -> str:
    """The buy list's title, naming what is bought (issue 37.7): a share, 1830's private
    on offer (7.1), an item of the starting package (1847 AE, Pfalz), or several kinds."""
    kinds: list[str] = []
    for x in cmds:
        source = getattr(x, "source", None)
        corp = getattr(x, "corp", "")
        kind = "a share"
        if sale and source is None:
            kind = "the private on offer"
        elif corp in package and source is None:
            kind = "an item of the starting package"
        if kind not in kinds:
            kinds.append(kind)
    return "Buy " + " or ".join(kinds or ["a share"])


class MainScreen(Screen[None]):
    """The main screen (see the module docstring)."""

    BINDINGS = [
        *bindings(),
        # Tab moves the focus in the order typed (Textual's own Tab acts when the key comes
        # back from the focused widget, after the keys typed behind it: `Tab x` passed the
        # player instead of typing `x` in the command bar)
        Binding("tab", "focus_step(1)", show=False, priority=True),
        Binding("shift+tab", "focus_step(-1)", show=False, priority=True),
    ]
    APP_CSS_ONLY = True
    """Styled by ``app.tcss`` alone: opening it reads no other screen's styles."""
    MIRRORED = True
    """The table mirrors this screen's game: an undo or a rewind lists what to change on
    it (a what-if sandbox's game is mirrored by nothing)."""
    ALLOW_IN_MAXIMIZED_VIEW = "QuietFooter"
    """The command line maximized (ctrl+p) keeps the keys below it, as Textual keeps its
    footer."""

    LOG_ROWS = 10
    """The log's height (with its border) when nothing asks for more."""
    GRID_LOG_ROWS = 6
    """:attr:`LOG_ROWS` for a title with a 2-D market (the grid needs more rows)."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual's focused widget, without the repaint of the whole screen on a change.

    The widgets that gain and lose the focus repaint themselves (and the
    footer its keys); a repaint of the whole screen, asked for at once,
    would draw a frame before they have, and theirs would make a second.
    """

    def __init__(self, session: Session, screen_id: str = "main") -> None:
        super().__init__(id=screen_id)
        self.session = session
        self._fade: Timer | None = None
        self.highlighted: set[str] = set()
        self._guards: tuple[bool | None, ...] | None = None
        """The keys' guards as last shown in the footer (``None``: not yet)."""
        self.panels: list[Panel] = []
        self.ready_for_keys = False
        """Whether the screen takes keys (mounted, focus asked for): until then the
        app holds the keys typed, e.g. right after a game is opened or started."""
        self._resumed = False
        """Whether the screen has been on top once (see :meth:`_on_screen_resume`)."""
        self._refusal: Notification | None = None
        """The refusal toast on screen, if any (a new one replaces it)."""
        self.market_kind = (session.data.get("market") or {}).get("kind")
        """The title's market: a row (1846), a 2-D ``grid`` (1847 AE) or ``tracks`` (1853)."""
        self.grid = self.market_kind in ("grid", "tracks")
        """Whether the market takes many rows (1847 AE's grid, 1853's eight tracks): the
        log then fills what the panels leave."""
        if self.grid:
            # the grid's seven rows (and 1847 AE's Krauss row) take the room 1846's log
            # has: the log keeps 4 lines at 120x40, and grows for a receipt (show_block)
            self.LOG_ROWS = self.GRID_LOG_ROWS
        self._log_rows = self.LOG_ROWS
        """The log's height now (more while a long receipt is the last thing in it;
        0 while it fills the room the panels leave, see :meth:`fill_log`)."""

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        data = self.session.data
        yield StatusBar(id="status")
        with PanelColumn(id="body"):  # its focus restyles it alone (issue 41)
            yield EndPanel(id="end", title="Game over")
            yield PlayersPanel(id="players", title="Players")
            if "bids" in data:
                # 1853: the contract bids while they are made (2.5), hidden after `settle`
                yield BidsPanel(id="bids", title="Contract bids (2.5)")
            # the other titles' panels are imported by the titles that show them: 7 M
            # instructions of an 1846 start (issue 21.4)
            if data.get("package"):
                from moderator.ui.widgets.market import PackagePanel

                yield PackagePanel(id="package", title="Starting package (3.3)")
            if "sale" in data:
                # 1830: the opening sale of the privates (7.0-7.3), hidden once it is over
                from moderator.ui.widgets.sale import SalePanel

                rules = (data["sale"] or {}).get("rules", {}).get("sale", "7.0-7.3")
                yield SalePanel(id="sale", title=f"Private companies for sale ({rules})")
            yield CompaniesPanel(id="companies", title="Companies")
            if self.market_kind == "tracks":
                from moderator.ui.widgets.market import TracksMarketPanel

                yield TracksMarketPanel(
                    id="market", title=f"Stock market ({self.session.currency})"
                )
            elif self.grid:
                from moderator.ui.widgets.market import GridMarketPanel

                yield GridMarketPanel(id="market", title=f"Stock market ({self.session.currency})")
            else:
                yield MarketPanel(id="market", title="Stock market")
            yield TrainsPanel(id="trains", title="Trains and phase")
            yield LogPanel(id="log")
        yield CommandBar(lambda: self.session, self.give_line, id="bar")
        yield QuietFooter()

    def on_mount(self) -> None:
        """Draw the game and put the focus on the board (single keys live).

        The legal commands (for dimming keys) are not needed for the first
        frame: they are asked for once it has been drawn.
        """
        game = self.session.game
        where = escaped(game.path.name) if game.path else "not saved"  # 20.8
        players = " ".join(game.players)
        self.panels = [
            self.query_one(pid, Panel)
            for pid in ("#status", "#end", "#players", "#companies", "#market", "#trains")
        ]
        self.panels[3:3] = [
            *self.query("#bids").results(Panel),
            *self.query("#package").results(Panel),
            *self.query("#sale").results(Panel),
        ]
        self.fill_log()  # every title: the log takes the rows the panels leave (27.7)
        # the count of commands is the log's title, kept up to date (see redraw)
        self.log_panel.add(f"{game.ruleset.title_name} {players} ({where})", "dim")
        self.redraw(guards=False)
        self.query_one("#body").focus()
        self.app.post_message(KeysReady(self))  # after the focus, which the app runs first
        self.call_after_refresh(self.refresh_guards)

    def _on_screen_resume(self, event: ScreenResume) -> None:
        """Before Textual's own handler (which runs after this one): the first time,
        the styles are not worked out again for the whole screen, whose widgets were
        styled as they were mounted just before (4 ms at the opening of a save, issue
        41)."""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

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
        self.log_panel.count_commands(len(self.session.game.journal))
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
        guards = tuple(self.check_action(action_name(cmd.action), ()) for cmd in UI_COMMANDS)
        if guards != self._guards:
            self._guards = guards
            self.refresh_bindings()
            # show, hide, dim the keys now (a repaint of the footer, never a new
            # layout), so they change in the same frame as the panels
            self.query_one(QuietFooter).relight()

    # ------------------------------------------------------------ the log
    def show_block(self, count: int) -> None:
        """Keep the last ``count`` log lines (a command, its receipt, what the bank did)
        in view until the next command.

        The log fills the rows the panels leave (at least :attr:`LOG_ROWS`).  A block
        taller than that gets more rows, up to half the board's height (or the whole
        board on a terminal too small for the panels, which scrolls anyway), and the
        board scrolls to its end, where the log is; a block taller still is shown from
        its first line inside the log, the border saying how many newer rows are below
        (^↓ reaches them).  So a receipt is read whole, and a long entry (a long note,
        a long narration) never scrolls the whole screen away (issue 27.7).  A one-line
        entry moves nothing.
        """
        log = self.log_panel
        body = self.query_one("#body", VerticalScroll)
        room = body.scrollable_content_region.height or self.LOG_ROWS
        want = log.rows_of_last(count) + 2
        free = room - (body.virtual_size.height - log.outer_size.height)
        if self.session.data.get("ended"):
            self.fill_log()
            body.scroll_home(animate=False)  # the final ranking, at the top, comes first
            return
        small = free < self.LOG_ROWS  # the board does not fit the terminal: it scrolls
        scroll = small
        if count <= 1 or want <= max(free, self.LOG_ROWS):
            self.fill_log()
        else:
            cap = room if small else max(free, room // 2)
            rows = max(self.LOG_ROWS, min(want, cap))
            if rows != self._log_rows:
                self._log_rows = rows
                log.styles.height = rows
            if want > rows:
                self.call_after_refresh(log.show_from, count)  # once it has its new height
            scroll = True  # the log grew: the board's end, where it is
        if scroll and count > 1:
            # the log is the board's last panel: its end, once laid out
            body.scroll_end(animate=False)

    def fill_log(self) -> None:
        """Let the log take the board's rows the panels leave, at least :attr:`LOG_ROWS`
        (the panels' height varies with the title, the players and the terminal)."""
        if self._log_rows != 0:
            self._log_rows = 0
            self.log_panel.styles.height = "1fr"
            self.log_panel.styles.min_height = self.LOG_ROWS

    def refusal(self, message: str, title: str) -> None:
        """A short toast saying why; a new one replaces the one before (the log keeps
        every refusal's line, so toasts never pile up over the tables)."""
        old, self._refusal = self._refusal, None
        if old is not None:
            try:
                self.app._unnotify(old)
            except KeyError:  # it has timed out already
                pass
        note = Notification(message, title, "error", REFUSAL_SECONDS, markup=False)
        self._refusal = note
        self.app.post_message(Notify(note))

    def failed(self, message: str) -> None:
        """Something asked for was not done (the game is unchanged): say why."""
        self.app.bell()
        self.log_panel.add(f"✗ {message}", "red")
        self.refusal(message, "Not done")

    # ------------------------------------------------------------ giving commands
    def give(self, cmd: c.Command | str | None, how: str = "") -> str | None:
        """Hand a command to the game; redraw after it is accepted (and saved).

        The log shows the line, the receipt of a run, and each thing the bank
        did by itself (``moderator.narrate``); ``how`` says how a dialog gave
        it (e.g. the only legal choice).

        Returns:
            ``None`` when the game accepted it (or there was nothing to give),
            else the game's reason for refusing it.
        """
        if cmd is None:
            return None
        outcome = self.session.execute(cmd)
        if not outcome.ok:
            self.app.bell()
            line = one_row(self.session.line(outcome.command) if outcome.command else str(cmd))
            self.refusal(outcome.message, f"Refused: {line}")
            self.log_panel.add(f"✗ {line}: refused: {outcome.message}", "red")
            return outcome.message
        count = 0
        if outcome.command is not None:
            text = Text(f"✓ {self.session.line(outcome.command)}", style="green")
            if not outcome.journaled:
                text.append(f": {outcome.message or 'ok'}")
            if how:
                text.append(f" — {how}", style="dim")
            count += self.log_panel.add(text)
        before: list[str] = []
        after: list[str] = []
        if outcome.journaled:
            before, after = narration_around(
                outcome.command, outcome.events, self.session.currency, self.session.game.title
            )
        for said in before:  # what the bank did before the line acted (the round it opened)
            count += self.log_panel.add(f"  {said}", "cyan")
        if outcome.receipt is not None:
            count += self.log_panel.add(outcome.receipt.text())
        for said in after:
            count += self.log_panel.add(f"  {said}", "cyan")
        self.redraw(touched(outcome.events))
        self.show_block(count)
        return None

    def give_line(self, line: str) -> str | None:
        """A line from the command bar (given at once: see ``CommandBar.give``).

        The bar's words (``score``, ``project``, ``rounds``, ``check``, ``share``) open
        their screens, and a ``check run ...`` / ``check sell ...`` line is answered in the
        log: neither is a command of the game, and nothing is journaled.
        """
        word = line.strip().lower()
        if word in BAR_WORDS:
            self.open_view(BAR_WORDS[word])
            return None
        if is_check(line):
            return self.answer_check(line)
        return self.give(line)

    def answer_check(self, line: str) -> str | None:
        """Answer a check line in the log and a toast (``moderator.checker``); the game
        is not changed.  Returns the reason when the line is not a check of a known form."""
        from moderator.checker import check
        from moderator.ui.screens.checker import answer_text

        try:
            answer = check(self.session.game, line.strip())
        except Refusal as exc:
            return exc.message
        count = self.log_panel.add(Text(f"? {line.strip()}", style="bold"))
        count += self.log_panel.add(answer_text(answer))
        severity = {None: "information", True: "information", False: "error"}[answer.verdict]
        self.notify(
            answer.summary(), title="Check (nothing changed)", severity=severity, markup=False
        )
        self.show_block(count)
        return None

    def on_command_bar_submitted(self, message: CommandBar.Submitted) -> None:
        """A line from a command bar without ``give`` (kept for other front ends)."""
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
        dialog.say = self.failed  # a key that took nothing says so in the log (37.1)
        self.app.push_screen(dialog)

    # ------------------------------------------------------------ guards
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide keys of other rounds; dim keys whose commands the rules forbid now."""
        cmd = BY_ACTION.get(action)
        if cmd is None:
            return True
        opened = cmd.id in ("buy", "sell") and self.conversion_turn() is not None
        if cmd.rounds and stage_of(self.session.data) not in cmd.rounds and not opened:
            return False  # a key of another stage (1853's bonds: no par, buy or sell)
        if opened:  # 1817 R 7.1.4: the open conversion's purchases and sales
            return True if self.allowed(cmd) else None
        if self.session.game.title in cmd.absent:
            return False  # a command the title never has (1853: no par purchase, 3.1.4)
        if cmd.id == "sell" and self.session.round_kind == "OR" and not self.allowed(cmd):
            return False  # shown while a forced sale is legal; else `s` lists why not
        if not self.title_has(cmd):
            return False  # a key of another title (1847 AE issues no shares)
        return True if self.allowed(cmd) else None

    def title_has(self, cmd: UICommand) -> bool:
        """Whether the game's title has any command behind the key at all."""
        kinds = GUARD_KINDS.get(cmd.id)
        if kinds is None:
            return True
        ruleset = self.session.game.ruleset
        return any(hasattr(ruleset, f"cmd_{kind.model_fields['kind'].default}") for kind in kinds)

    def allowed(self, cmd: UICommand) -> bool:
        """Whether the rules allow anything behind the key now (from the game)."""
        game = self.session.game
        if self.crisis() is not None and cmd.rounds:
            # 1817 facts §12: the debtor's sale or bankruptcy first (`s` lists them)
            return cmd.id == "sell" and bool(self.session.legal_of(c.Sell, c.Bankrupt))
        if cmd.id == "sell" and self.session.round_kind != "OR" and self.shorts_offered():
            return True  # 1817 facts §5: a short is listed with the sales
        if cmd.id == "train":
            # the list opens while the bank offers the company a train, refused or not: it
            # says why (issue 27.4), and the `d` typed after `t` falls into it, not on done
            acting = self.acting_company()
            if acting is not None and self.session.bank_trains(acting):
                return True
        if cmd.id == "pass" and self.setup_first(self.session.acting):
            return False  # dimmed: the header names no one whose pass `x` would give
        if cmd.id == "private":
            return bool(self.private_purchases()[0])
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
        if cmd.id == "project":
            return not game.state.ended  # nothing is left to project
        return True

    def why_not(self, cmd: UICommand) -> str:
        """Why a key does nothing now: the round, or the game's reason."""
        title = self.session.game.title
        if title in cmd.absent or not self.title_has(cmd):
            return f"{self.session.game.ruleset.title_name} has no {cmd.label.lower()} command"
        kind = stage_of(self.session.data)
        crisis = self.crisis()
        if crisis is not None and cmd.rounds and cmd.id != "sell":
            # 1817 facts §12: the engine's reason (thirteenth keys round: "the rules allow
            # no done now", the debtor unnamed)
            why = self.session.reason(c.Pass(player=str(crisis["player"])))
            if why:
                return why
        corp = self.conversion_turn()
        if cmd.id in ("buy", "sell") and corp is not None:
            return f"no {cmd.label.lower()} after {corp}'s conversion is legal now"
        if cmd.rounds and kind not in cmd.rounds:
            # the setup steps of the title only (1846's pass is not for 1853's claims)
            steps = ("bonds", "claims") if "stage" in self.session.data else ()
            wanted = " or ".join(STAGE_NAMES[r] for r in cmd.rounds if r in ("SR", "OR", *steps))
            if corp is not None:  # 1817: the header says the merger round, UR's turn open
                return (
                    f"{cmd.label} is for {wanted}; this is the merger and conversion round, "
                    f"{corp}'s turn open (its purchases, sales, loans; done)"
                )
            return f"{cmd.label} is for {wanted}; this is {STAGE_NAMES[kind]}"
        if cmd.id == "undo":
            return "nothing to undo"
        if cmd.id == "redo":
            return "nothing to redo"
        who = self.session.acting
        if kind == "SR" and self.session.data.get("discard_first") and who:
            # 18Chesapeake §10.7: a company left over the limit by the export before the
            # stock round discards first: the engine's reason (fifteenth keys round: "the
            # rules allow no pass now (Bob to act)")
            why = self.session.reason(c.Pass(player=who))
            if why:
                return why
        why = self.guard_reason(GUARD_KINDS.get(cmd.id, ()))
        if why:
            return why
        acting = self.acting_company()
        if cmd.id == "spend" and acting:
            return self.session.reason(c.Spend(company=acting, amount=1)) or "no spending now"
        if cmd.id == "credit":
            return "no credit train is waiting for a new director's choice (4.8.10)"
        if cmd.id == "private" and acting:
            # no private is offered: the game's reasons for those in play ("K is not a
            # player's to sell (L; 4.2)"), not "the rules allow no private now"
            privates = [
                co["id"]
                for co in self.session.data.get("companies", [])
                if co.get("kind") == "private" and not co.get("closed")
            ]
            tried = (c.BuyPrivate(corp=acting, private=pid, price=1) for pid in privates)
            found = [why for why in dict.fromkeys(map(self.session.reason, tried)) if why]
            if found:
                said = f"{acting} may buy no private now: " + "; ".join(found[:2])
                following = self.after_independent()
                if following is not None:
                    # nor may the next corporation, whose purchase would end this turn
                    nxt = (c.BuyPrivate(corp=following, private=p, price=1) for p in privates)
                    why = next(filter(None, map(self.session.reason, nxt)), None)
                    if why:
                        said += f"; nor {following} before {acting}'s turn ends: {why}"
                return said
        if cmd.id == "run" and acting:
            # the game's reason ("NYC has already run this turn (6.61)"): the engine offers
            # no run to ask about (eighth keys round: "the rules allow no run now")
            why = self.session.reason(c.Run(company=acting, revenue=0))
            if why:
                return why
        if self.session.data.get("ended"):
            reason = self.session.data.get("end_reason")
            return "the game has ended" + (f": {reason}" if reason else "")
        waiting = self.session.data.get("credit_choice")
        if waiting:  # 1853 4.8.10: the game waits for the new director, whoever's turn it is
            return (
                f"{waiting['director']} first buys {waiting['corp']}'s credit train or "
                "returns it to the bank (4.8.10; key k)"
            )
        if cmd.id == "pass" and who is not None and self.setup_first(who):
            return self.pass_in_setup(who)
        if kind == "setup":
            # the setup's own step comes first, in the engine's words with its rule (1817's
            # opening sale, facts §1; 18Chesapeake's draw, §7.1; 1846's removals, 2.3; 1847
            # Pfalz's and RRRR&B's box values, 11.1/12.1): "the rules allow no buy now (Cy to
            # act)" said neither (eighth keys round)
            why = self.setup_reason() if cmd.id in ("par", "buy", "sell") else None
            if not why:
                player = who or self.session.data.get("priority") or self.session.game.players[0]
                why = self.session.reason(c.Pass(player=player))
            if why:
                return why
        sale = self.session.data.get("sale") or {}
        if cmd.id == "buy" and who is not None and sale:
            # 1830's opening sale: the engine's reason for the private to buy (tenth keys
            # round: in an auction `b` said "the rules allow no buy now", not 7.2's)
            unsold = (u.get("private") for u in sale.get("unsold") or ())
            pid = sale.get("offer") or next(unsold, None)
            why = self.session.reason(c.Buy(player=who, corp=pid)) if pid else None
            if why:
                return why
        if cmd.id == "bid" and who is not None:
            # 1830 7.2: after the opening sale `a` said "the rules allow no bid now"
            privates = (
                co["id"]
                for co in self.session.data.get("companies", [])
                if co.get("kind") == "private"
            )
            pid = next(privates, None)
            why = self.session.reason(c.Bid(player=who, private=pid, amount=1)) if pid else None
            if why:
                return why
        return f"the rules allow no {cmd.label.lower()} now" + (f" ({who} to act)" if who else "")

    def setup_reason(self) -> str | None:
        """Why the rules take no stock-round line now, when that is the stage's reason and
        not a share's: the engine refuses a purchase and a sale by the player to act with
        the same words (they name the step and its rule: 1817's "the opening sale is not
        over ... (facts §1)"); ``None`` otherwise."""
        who = self.session.acting or next(
            (p["name"] for p in self.session.data.get("players", [])), None
        )
        corp = next(
            (
                co["id"]
                for co in self.session.data.get("companies", [])
                if co.get("kind") == "corporation"
            ),
            None,
        )
        if who is None or corp is None:
            return None
        buy = self.session.reason(c.Buy(player=who, corp=corp, source="ipo"))
        sell = self.session.reason(c.Sell(player=who, corp=corp, count=1))
        return buy if buy is not None and buy == sell else None

    def guard_reason(self, kinds: tuple[type[c.Command], ...]) -> str | None:
        """Why the rules refuse every command of ``kinds`` now: the acting player's own
        refusals first, and among them his cash's (issue 37.7: 1847 AE's `b` for a player
        who can afford nothing says so, not that Krauss belongs to someone)."""
        if not kinds:
            return None
        reasons: list[tuple[str | None, str]] = []
        for candidate in self.session.game.ruleset.candidates(self.session.game.state):
            if isinstance(candidate, kinds):
                why = self.session.reason(candidate)
                if why:
                    reasons.append((getattr(candidate, "player", None), why))
        acting = self.session.acting
        mine = list(dict.fromkeys(why for who, why in reasons if who == acting))
        if not mine:
            return reasons[0][1] if reasons else None
        cash = [why for why in mine if why.startswith(f"{acting} has {self.session.currency}")]
        if not cash:
            return mine[0]
        # the others are about what is on sale (none in the pool, a private's owner), not
        # about him: nothing on sale is within his cash
        if all(why in cash or not why.startswith(f"{acting} ") for why in mine):
            return f"{acting} can afford nothing on sale: " + "; ".join(cash[:2])
        own = [why for why in mine if why not in cash and why.startswith(f"{acting} ")]
        return "; ".join([*cash[:2], own[0]])

    def refuse_paste(self) -> bool:
        """A paste while the command bar has not the focus (``ModeratorApp`` asks as it
        hands the paste out, in the order typed): it is not typed here (a pasted line is
        no burst of this screen's keys): a bell and a toast say so, and the keys typed
        behind it were typed for what it did not do, so they are not used
        (``ModeratorApp.keys_refused``: a pasted ``pass Cy`` then ``x`` passed Cy with the
        ``x`` meant for the next player).  ``False``: the bar takes it."""
        if self.focused is not None and self.focused is self.bar.input:
            return False
        self.app.bell()
        self.notify(
            "a paste goes into the command bar: type : first, then paste",
            title="Paste not used",
            severity="warning",
        )
        self.keys_typed_behind_refused()
        return True

    def on_key(self, event: Key) -> None:
        """A dimmed key says why it does nothing.

        The keys of live commands never get here: they are priority bindings,
        acted on as the app reads them (see ``keys.bindings``); a key whose
        guard dims or hides it is taken by :meth:`take_dimmed_key`, also as the app
        reads it, and comes here only by another way.
        """
        if self.app.screen is not self:
            return
        if self.take_dimmed_key(event.key):
            event.stop()

    def take_dimmed_key(self, key: str) -> str:
        """Act on ``key`` if it is a command key whose guard dims or hides it (no binding
        takes it): the forced sale's list opens with the rules' reasons, ``d`` gives the
        ``done`` and the log keeps the game's refusal, any other says why it does nothing.
        ``""``: not taken; ``"taken"``; ``"refused"``: a key that opens a dialog or a list
        (:data:`OPENERS`) opened nothing, and the app does not use the keys typed before
        this refusal could be seen (they were typed for the dialog: ``e 4 0 d`` with no
        spending allowed gave the ``done`` alone; the far amount's question does the same).

        The app calls this as it hands the key out (``ModeratorApp._release_keys``), in the
        order typed: a dimmed key left to Textual went first to the focused widget and came
        back to :meth:`on_key` after the keys typed next had acted (``s d`` in an operating
        round with no forced sale due ended the company's turn, then opened the next
        company's sale list).  Typed in the command bar it is text: not taken.
        """
        if self.focused is not None and self.focused is self.bar.input:
            return ""
        found = [cmd for cmd in UI_COMMANDS if key in cmd.key.split(",")]
        if not found:
            return self.no_key(key)
        if any(self.check_action(action_name(cmd.action), ()) is True for cmd in found):
            return ""  # a live binding takes it
        cmd = found[0]
        cid = self.acting_company()
        corp = self.conversion_turn()
        if cmd.id in ("buy", "sell") and corp is not None:
            # 1817 R 7.1.4: none legal; the list says why (and takes the keys after it)
            self.after_conversion(c.Buy if cmd.id == "buy" else c.Sell, corp)
            return "taken"
        if cmd.id == "sell" and self.crisis() is not None:
            self.crisis_sales()  # 1817 facts §12: says the engine's reason
            return "refused" if self.app.screen is self else "taken"
        if cmd.id == "sell" and cid is not None and not self.session.data.get("ended"):
            # the forced sale's list opens with the rules' reasons (and takes the keys
            # typed after `s`, as the train list does)
            self.forced_sale()
            return "taken"
        if cmd.id == "done" and cid is not None and not self.session.data.get("ended"):
            # issue 37.7: the `done` is given and refused as a dialog's `d` gives it: the
            # log keeps the line and the game's reason, a toast says it
            self.give_typed(c.Done(company=cid))
            return "taken"
        self.app.bell()
        self.notify(self.why_not(cmd), title=cmd.label, severity="warning", markup=False)
        return "refused" if cmd.id in REFUSED_AHEAD else "taken"

    def no_key(self, key: str) -> str:
        """A letter, a digit or a ``ctrl`` key that is no key of the main screen (``z``,
        ``y``, ``5``, ``ctrl+b``): a bell and a toast, and ``"refused"``, so the app does
        not use the keys typed behind it (fifth keys round: ``z e 4 0 Enter`` spent 40, a
        ``y`` typed ahead for a question that never came let the keys behind it act).
        The same for a sign, a space or a character not ASCII (``.``, ``+``, ``€``) and
        for Insert, Delete, Backspace, F2 and up, a shifted arrow (eighth keys round:
        ``. e 4 0 Enter`` and ``Space e 4 0 Enter`` spent 40, the key dropped silently).
        ``""``: any other key (Enter, the arrows: the log's), or one bound here."""
        if key in self.active_bindings or not stray_key(key):
            return ""
        self.app.bell()
        self.notify(
            f"{stray_said(key)} is no key here: nothing done, and the keys typed "
            "after it are not used (F1 lists the keys)",
            severity="warning",
            markup=False,
        )
        return "refused"

    def typing(self) -> None:
        """A command key typed in the command bar is text: let the bar have it."""
        if self.focused is not None and self.focused is self.bar.input:
            raise SkipAction()

    # ------------------------------------------------------------ helpers
    def acting_company(self) -> str | None:
        """The company to act in an operating round."""
        return self.session.acting if self.session.round_kind == "OR" else None

    @property
    def places(self) -> tuple[str, str, str]:
        """The title's words for the unsold shares, the bank's shares and the bank's trains
        (1830's initial offering and bank pool, 1846's treasury and Stock Market), which
        the dialogs say where the script says ``ipo`` and ``pool``."""
        return place_names(self.session.game.title)

    def price_label(self, cmd: c.Command, who: str) -> str:
        """What ``who`` pays or receives by ``cmd`` itself (``Session.figure``: the own
        effect of the engine's preview; what follows by itself is never netted in, and
        the dialogs list it under the choice: :meth:`follow_ups`)."""
        return self.session.figure(cmd, who)

    def follow_ups(self, cmds: Sequence[c.Command]) -> list[list[str]]:
        """Per command, what would follow it by itself (``Session.follow_lines``)."""
        return [self.session.follow_lines(x) for x in cmds]

    def done_after(self) -> c.Command | None:
        """The acting company's ``done``, which ``d`` gives after a dialog's command in an
        operating round (issue 18.6)."""
        cid = self.acting_company()
        return c.Done(company=cid) if cid is not None else None

    def choose(
        self,
        title: str,
        cmds: list[c.Command],
        label: Any,
        note: str = "",
        done: bool = False,
        keys: list[Keys] | None = None,
        clashes: list[frozenset[int]] | None = None,
        then: Any = None,
    ) -> None:
        """Open a choice dialog over ``cmds`` labelled by ``label(cmd)``, each with what
        would follow it by itself; a single legal choice opens a list too (issue 27.1:
        the keys typed after ``b`` mean the same whatever the number of choices).
        ``done``: ``d`` takes the choice and ends the turn; ``keys``: what each choice's
        letters spell (else the chosen thing's own, ``choice_keys``)."""
        from moderator.ui.screens.dialogs import ChoiceDialog, company_names

        if not cmds:
            self.opened_nothing("nothing of the kind is legal now")
            return
        dialog = ChoiceDialog(
            title,
            [(label(x), x) for x in cmds],
            note,
            keys=keys,
            details=self.follow_ups(cmds),
            names=company_names(self.session),
            clashes=clashes,
        )
        if done:
            dialog.done_after = self.done_after()
        if then is not None:  # the answer's next step (1817's acquire: its price)
            dialog.then = then
        self.ask(dialog)

    # ------------------------------------------------------------ stock round keys
    def action_par(self) -> None:
        """Par a corporation: first the corporation, then its price (type to narrow);
        1817: an IPO auction's result (``moderator.ui.screens.ipo``)."""
        from moderator.ui.screens.dialogs import ChoiceDialog

        self.typing()
        if hasattr(self.session.game.ruleset, "cmd_ipo"):
            from moderator.ui.screens.ipo import ipo_result

            found = ipo_result(self.session)
            if isinstance(found, str):
                self.opened_nothing(found)
            else:
                self.ask(found)
            return
        cmds = [x for x in self.session.legal_of(c.Par) if isinstance(x, c.Par)]
        if not cmds:
            self.opened_nothing("nothing of the kind is legal now")
            return
        money = self.session.money

        def prices(corp: str) -> Step:
            options = [x for x in cmds if x.corp == corp]

            def label(x: c.Par) -> Text:
                t = Text(f"{money(x.price):>6}", style="bold")
                t.append(f"   {x.player} {self.price_label(x, x.player)}")
                return t

            return ChoiceDialog(
                f"{options[0].player} pars {corp} at which price?",
                [(label(x), x) for x in options],
                keys=[str(x.price) for x in options],
                note="type the price's digits to narrow the list (8: $80, $82...)",
                details=self.follow_ups(options),
            )

        corps = list(dict.fromkeys(x.corp for x in cmds))
        firsts: list[tuple[str | Text, c.Command]] = []
        for corp in corps:
            options = [x for x in cmds if x.corp == corp]
            low, high = min(x.price for x in options), max(x.price for x in options)
            t = Text(f"{corp:<6}", style="bold")
            t.append(
                f"  {len(options)} prices, {money(low)}–{money(high)}"
                if low != high
                else f"  at {money(low)}",
                style="dim",
            )
            firsts.append((t, options[0]))
        dialog = ChoiceDialog(
            f"{cmds[0].player} pars which corporation?", firsts, keys=corps, note="then its price"
        )
        dialog.then = lambda x: prices(x.corp)  # type: ignore[attr-defined]
        self.ask(dialog)

    def conversion_turn(self) -> str | None:
        """1817: the corporation whose conversion's or merger's turn is open (facts §9,
        R 7.1.4), whose players' purchases and sales ``b`` and ``s`` list while the header
        names the corporation (the stage is then an operating round's); ``None``
        elsewhere (twelfth keys round: ``b`` said "Buy is for a stock round")."""
        merger = self.session.data.get("merger")
        turn = merger.get("turn") if isinstance(merger, dict) else None
        return str(turn["corp"]) if isinstance(turn, dict) else None

    def after_conversion(self, kind: type[c.Buy] | type[c.Sell], corp: str) -> None:
        """``b`` or ``s`` in ``corp``'s open conversion: each purchase of a share of its
        treasury, or each sale, the engine accepts now, from its president to the left
        (R 7.1.4).  Several players may act and the corporation is one, so a choice is
        spelled by the player's name (a sale then by its count): ``b a m y Enter`` is
        ``buy Amy UR ipo``."""
        from moderator.ui.screens.dialogs import field

        cmds = [
            x
            for x in self.session.legal_of(kind)
            if isinstance(x, c.Buy | c.Sell) and x.corp == corp
        ]

        def label(x: c.Buy | c.Sell) -> str:
            if isinstance(x, c.Buy):
                return (
                    f"{x.player} buys {x.corp} from its treasury   {self.price_label(x, x.player)}"
                )
            return f"{x.player} sells {x.count} × {x.corp}   {self.price_label(x, x.player)}"

        keys: list[Keys] = [
            (field(x.player),) if isinstance(x, c.Buy) else (field(x.player), field(x.count))
            for x in cmds
            if isinstance(x, c.Buy | c.Sell)
        ]
        what = "a purchase from its treasury" if kind is c.Buy else "a sale"
        if not cmds:  # the engine's reason for the first of its candidates
            tried = [x for x in self.session.candidates_of(kind) if getattr(x, "corp", "") == corp]
            why = next(filter(None, map(self.session.reason, tried)), None)
            noun = "purchase" if kind is c.Buy else "sale"
            said = f"no {noun} after {corp}'s conversion is legal now"
            self.opened_nothing(f"{said}: {why}" if why else said)
            return
        self.choose(f"After {corp}'s conversion: {what}", cmds, label, keys=keys)

    def action_buy(self) -> None:
        """Buy one share: legal sources with their prices."""
        self.typing()
        corp = self.conversion_turn()
        if corp is not None:
            self.after_conversion(c.Buy, corp)
            return
        cmds = self.session.legal_of(c.Buy)
        # the header's player's purchases first (1830 4.0: after a purchase the next
        # player's, whose line closes the open turn, issue 37.3)
        cmds.sort(key=lambda x: isinstance(x, c.Buy) and x.player != self.session.acting)
        package = {item["item"]: item for item in self.session.data.get("package") or []}
        sale = self.session.data.get("sale") or {}
        shorts = {p["name"]: p.get("shorts") or {} for p in self.session.data.get("players", [])}

        def label(x: c.Buy) -> Text:
            t = Text(f"{x.player} buys ")
            t.append(x.corp, style="bold")
            if sale and x.source is None:
                # 1830 7.1: the private on offer, at its price (less 7.3's discount)
                name = (self.session.company(x.corp) or {}).get("name", x.corp)
                t.append(f" ({name}), on offer   {self.price_label(x, x.player)}")
                return t
            if x.corp in package and x.source is None:
                # 1847 AE 3.3: an item of the starting package, with what lies under it
                item = package[x.corp]
                extra = f" with the {item['with']}" if item.get("with") else ""
                t.append(
                    f" ({item.get('name', x.corp)}){extra}, from the starting package"
                    f"   {self.price_label(x, x.player)}"
                )
                return t
            # the script's words here: the list's letters spell them (dialogs.choice_keys)
            source = "IPO" if x.source == "ipo" else "pool"
            if x.corp in (shorts.get(x.player) or {}):
                # 1817 facts §5: a short holder's purchase covers a short (no share gained)
                t = Text(f"{x.player} covers a {x.corp} short, buying from the {source}")
                t.append(f"   {self.price_label(x, x.player)}")
                return t
            t.append(f" from the {source}   {self.price_label(x, x.player)}")
            return t

        self.choose(buy_title(cmds, bool(sale), set(package)), cmds, label)

    def action_sell(self) -> None:
        """Sell shares: legal counts with what they bring (in an operating round, the
        president's forced sale: :meth:`forced_sale`)."""
        self.typing()
        if self.crisis() is not None:
            self.crisis_sales()
            return
        corp = self.conversion_turn()
        if corp is not None:
            self.after_conversion(c.Sell, corp)
            return
        if self.session.round_kind == "OR":
            self.forced_sale()
            return
        if self.shorts_offered():
            self.sales_and_shorts()
            return
        cmds = self.session.legal_of(c.Sell)
        # the header's player's sales first, as his purchases (1830 4.0: after a purchase
        # the turn stays open for the buyer's sales, but the header names the next player,
        # whose `s` closes it: `s b o Enter` is his sale, not the buyer's)
        cmds.sort(key=lambda x: isinstance(x, c.Sell) and x.player != self.session.acting)

        def label(x: c.Sell) -> str:
            return f"{x.player} sells {x.count} × {x.corp}   {self.price_label(x, x.player)}"

        self.choose(f"Sell shares to the {self.places[1]}", cmds, label)

    def crisis(self) -> dict[str, Any] | None:
        """1817's cash crisis (facts §12): the engine's record of the player in debt, who
        sells or goes bankrupt before any other line; ``None`` outside one."""
        found = self.session.data.get("crisis")
        return found if isinstance(found, dict) else None

    def crisis_sales(self) -> None:
        """``s`` in a cash crisis: the debtor's sales the engine takes (no president's
        certificate, no more than the debt needs), then ``bankrupt`` when it takes that
        (his sales cannot clear the debt); spelled as sales, ``bankrupt`` by its word."""
        from moderator.ui.screens.dialogs import choice_keys, company_names, field

        crisis = self.crisis()
        assert crisis is not None
        who = str(crisis["player"])
        cmds = [
            x
            for x in self.session.legal_of(c.Sell, c.Bankrupt)
            if isinstance(x, c.Sell | c.Bankrupt) and x.player == who
        ]
        if not cmds:
            self.opened_nothing(
                self.session.reason(c.Bankrupt(player=who)) or f"{who} has no line now"
            )
            return
        names = company_names(self.session)

        def label(x: c.Command) -> str:
            if isinstance(x, c.Sell):
                return f"{x.player} sells {x.count} × {x.corp}   {self.price_label(x, x.player)}"
            return f"{who} goes bankrupt   {'; '.join(self.session.payments(x))}".rstrip()

        keys: list[Keys] = [
            choice_keys(x, names) if isinstance(x, c.Sell) else (field("bankrupt"),) for x in cmds
        ]
        owed = self.session.money(-int(crisis["cash"]))
        self.choose(
            f"Cash crisis: {who} owes {owed} and sells at once (facts §12)",
            cmds,
            label,
            note=f"to the {self.places[1]} at the price; no other line before",
            keys=keys,
        )

    def shorts_offered(self) -> bool:
        """Whether the engine offers the player to act a short now (1817 facts §5)."""
        return bool(self.legal_shorts())

    def legal_shorts(self) -> list[c.Later]:
        """The shorts the engine takes now (its candidates, checked)."""
        if not hasattr(self.session.game.ruleset, "cmd_short"):
            return []
        return [x for x in self.session.legal() if isinstance(x, c.Later) and x.verb == "short"]

    def sales_and_shorts(self) -> None:
        """``s`` in 1817's stock turn: the sales, then the shorts the engine takes (a
        short is a purchase of a share the player does not hold: spelled by the
        corporation, then ``short``), then the shorts it refuses, each with its reason,
        for the corporations he holds none of (Enter takes nothing there)."""
        from moderator.ui.screens.dialogs import ChoiceDialog, choice_keys, company_names, field

        sales = [x for x in self.session.legal_of(c.Sell) if isinstance(x, c.Sell)]
        sales.sort(key=lambda x: x.player != self.session.acting)
        shorts = self.legal_shorts()
        player = self.session.acting
        held = next(
            (p.get("shares") or {} for p in self.session.data["players"] if p["name"] == player),
            {},
        )
        tried: list[c.Command] = []
        taken = {x.words[1] for x in shorts}
        for co in self.session.data.get("companies", []):
            cid = co["id"]
            if co.get("kind") != "corporation" or not co.get("price") or co.get("closed"):
                continue
            if player is None or cid in taken or held.get(cid):
                continue
            tried.append(c.Later(verb="short", words=(player, cid)))
        refusals_of = [self.session.reason(x) for x in tried]
        refused = [(x, why) for x, why in zip(tried, refusals_of, strict=True) if why]
        cmds: list[c.Command] = [*sales, *shorts, *(x for x, _ in refused)]
        whys: list[str | None] = [None] * (len(sales) + len(shorts)) + [w for _, w in refused]
        names = company_names(self.session)
        choices: list[tuple[str | Text, c.Command]] = []
        keys: list[Keys] = []
        for x, why in zip(cmds, whys, strict=True):
            if isinstance(x, c.Sell):
                choices.append(
                    (f"{x.player} sells {x.count} × {x.corp}   {self.price_label(x, x.player)}", x)
                )
                keys.append(choice_keys(x, names))
                continue
            assert isinstance(x, c.Later)
            who, cid = x.words
            head = f"{who} shorts {cid}: a new share to the {self.places[1]}"
            choices.append((offered_label(head, why, self.price_label(x, who)), x))
            keys.append((field(cid, names.get(cid)), field("short")))
        dialog = ChoiceDialog(
            f"Sell shares to the {self.places[1]}, or short (facts §5)",
            choices,
            "a short: the bank pays the price; it is the turn's purchase",
            keys=keys,
            details=[
                self.session.follow_lines(x) if w is None else []
                for x, w in zip(cmds, whys, strict=True)
            ],
            refusals=whys,
            names=names,
            sends=[self.session.line(x) for x in cmds],
        )
        self.ask(dialog)

    def forced_sale(self) -> None:
        """``s`` in an operating round: the acting company's president sells shares to
        the pool to raise his part of a train the company must buy and cannot pay for
        (1830 24.0, 1846 6.88, 1847 AE 6.8.2, 1889 facts §9, 18Chesapeake §10.8; the
        rules' own reasons name theirs).

        The list always opens, as the train list does (a key typed after ``s`` never
        falls on the main screen: ``s p r r`` never opens the run dialog): the sales the
        rules take, then those they refuse, each with why (the company can pay for the
        train itself, 1846's emergency issue first, 6.86...); outside a forced purchase
        each of the president's holdings, refused with the game's reason.  Under the
        highlighted line, the exact command Enter sends; Enter on a refused one takes
        nothing.  No ``d``: the train purchase, not the turn's end, follows the sale."""
        from moderator.ui.screens.dialogs import ChoiceDialog, company_names

        cid = self.acting_company()
        company = self.session.company(cid) if cid is not None else None
        president = (company or {}).get("president")
        leader = title_word(self.session.game.title, "president")  # 1847, 1853: director
        legal = [x for x in self.session.legal_of(c.Sell) if isinstance(x, c.Sell)]
        offered = legal + [
            x
            for x in self.session.candidates_of(c.Sell)
            if isinstance(x, c.Sell) and x not in legal
        ]
        if not offered and president:  # no forced purchase: each holding, to say why not
            held = next(
                (
                    p.get("shares") or {}
                    for p in self.session.data["players"]
                    if p["name"] == president
                ),
                {},
            )
            offered = [c.Sell(player=president, corp=corp, count=1) for corp in held]
        if not offered:  # 1846's MS and Big 4 (independent railroads): nothing to list
            self.app.bell()
            self.notify(
                f"no forced sale: {cid or 'no company'} has no {leader} to raise money",
                severity="warning",
            )
            # the keys typed after `s` were typed for the list: `s e r i e 1 Enter` spent
            # 1 for MS (round 4)
            self.keys_typed_behind_refused()
            return
        refusals = [None if x in legal else self.session.reason(x) for x in offered]
        choices: list[tuple[str | Text, c.Command]] = []
        for x, why in zip(offered, refusals, strict=True):
            head = f"{x.player} sells {x.count} × {x.corp}"
            choices.append((offered_label(head, why, self.price_label(x, x.player)), x))
        dialog = ChoiceDialog(
            f"Forced sale: {president} raises money for {cid}'s train",
            choices,
            f"to the {self.places[1]} at the market price; then t buys the train, the {leader} "
            "adding the rest",
            details=[
                self.session.follow_lines(x) if why is None else []
                for x, why in zip(offered, refusals, strict=True)
            ],
            refusals=refusals,
            names=company_names(self.session),
            sends=[self.session.line(x) for x in offered],
        )
        self.ask(dialog)

    def action_pass_turn(self) -> None:
        """Pass the stock turn: ``x`` is the ``pass`` of the player the header names (the
        engine's ``to_act``, issue 37.3), given at once (a command, not a list: only that
        player may pass).  In 1853's contract bids any player's bid may be complete, so
        ``x`` always opens the list of those whose bid the rules let end (2.5.4), even
        when there is one; the bidder whose turn it is comes first."""
        self.typing()
        cmds = self.session.legal_of(c.Pass)
        if stage_of(self.session.data) == "claims":
            from moderator.ui.screens.bids import bid_summary

            first = self.session.acting
            cmds.sort(key=lambda x: not (isinstance(x, c.Pass) and x.player == first))

            # 1853 2.5.4: a pass in the contract bids ends the player's bid
            self.choose(
                "Whose bid is complete? (2.5.4)",
                cmds,
                lambda x: (
                    f"{x.player} passes: the bid is complete "
                    f"({bid_summary(self.session, x.player)})"
                ),
            )
            return
        # the engine's next actor: after a purchase that leaves the turn open for sales
        # (1830 4.0) the next player, whose pass closes it (no extra key); after a sale
        # alone the seller, who may still buy (his pass closes his turn)
        player = self.session.acting
        if player is None or self.setup_first(player):
            # the header names nobody: `x` passes nobody (:meth:`allowed` dims it; this is
            # its last guard); the keys typed behind it are not used
            self.app.bell()
            why = self.pass_in_setup(player) if player is not None else self.nobody_to_act()
            self.notify(why, title="Pass", severity="warning", markup=False)
            self.keys_typed_behind_refused()
            return
        self.give_typed(c.Pass(player=player))

    def nobody_to_act(self) -> str:
        """Why ``x`` passes nobody where the header names no one: the engine's refusal of
        the seat's pass where it has one (18Chesapeake's draw first, §7.1)."""
        data = self.session.data
        seat = data.get("turn") or data.get("priority")
        why = self.session.reason(c.Pass(player=str(seat))) if seat else None
        return f"no player is to act: {why}" if why else "no player is to act"

    @staticmethod
    def pass_in_setup(player: str) -> str:
        """Why ``x`` passes nobody in the setup (eighth keys round: after 1846's removals
        `x` passed the first player, whom the header did not name, and began stock round 1
        with no private dealt, 3.2)."""
        return (
            "the setup comes first: the privates distributed (`private PLAYER ID`); the "
            f"header names no one to act yet (`: pass {player}` begins stock round 1 as it is)"
        )

    def setup_first(self, player: str | None) -> bool:
        """Whether the header names no player (the setup's own step, ``widgets.panels``
        shows "Setup") and ``player``'s pass would end the setup: 1846 before a private
        is distributed.  A pass of the player the header names is given: in 1817's opening
        sale also the last, which ends the sale (facts §1; sixteenth keys round: the header
        said "to choose Amy" and ``x`` rang, with 1846's reason, and the keys typed behind
        it were not used)."""
        from moderator.ui.widgets.panels import setup_done, setup_names_actor

        data = self.session.data
        if player is None or not data["round"].get("setup") or setup_done(data):
            return False
        if setup_names_actor(data):
            return False
        trial = self.session.game.trial(c.Pass(player=player))
        return not isinstance(trial, str) and trial[0].round_kind != "setup"

    def action_bid(self) -> None:
        """``bid`` (1830 7.2, 1889 facts §5, 18Chesapeake §9.1): which private (a list, even
        of one), then the amount, from the least the rules take; the dialog shows what the
        bid sets aside (the engine's preview).  In an auction the list holds its bidders'
        raises."""
        from moderator.ui.screens.dialogs import ChoiceDialog

        self.typing()
        cmds = [x for x in self.session.legal_of(c.Bid) if isinstance(x, c.Bid)]
        if not cmds:
            self.opened_nothing("no bid can be made now")
            return
        sale = self.session.data.get("sale") or {}
        money = self.session.money
        rule = self.bid_rule()

        def label(x: c.Bid) -> Text:
            t = Text(f"{x.player} bids on ")
            t.append(x.private, style="bold")
            entry = next((e for e in sale.get("unsold", []) if e["private"] == x.private), {})
            t.append(f" (face {money(entry.get('face'))})  from {money(x.amount)}")
            return t

        dialog = ChoiceDialog(
            f"Bid on which private? ({rule})",
            [(label(x), x) for x in cmds],
            keys=[x.private for x in cmds],
            note="then the amount",
        )
        dialog.then = self.bid_amount  # type: ignore[attr-defined]
        self.ask(dialog)

    def bid_rule(self) -> str:
        """The rule of a bid in this title's opening sale, as the engine states it (1830
        7.2, 1889 facts §5, 18Chesapeake §9.1)."""
        sale = self.session.data.get("sale") or {}
        return str((sale.get("rules") or {}).get("bid", "7.2"))

    def bid_amount(self, x: c.Bid) -> AmountDialog:
        """A bid's amount, filled with the least the rules take (:meth:`bid_rule`)."""
        from moderator.ui.screens.dialogs import AmountDialog

        return AmountDialog(
            self.session,
            f"{x.player}'s bid on {x.private} ({self.bid_rule()})",
            lambda value, _opt: c.Bid(player=x.player, private=x.private, amount=value),
            initial=x.amount,
            note=f"at least {self.session.money(x.amount)}; the bid is set aside from "
            f"{x.player}'s cash",
        )

    # ------------------------------------------------------------ 1853 contract bids keys
    def action_bond(self) -> None:
        """1853 ``bond``: whose bond (a list, even of one player), then the amount, from
        the lowest the rules accept (2.5.2)."""
        from moderator.ui.screens.bids import BondDialog
        from moderator.ui.screens.dialogs import ChoiceDialog

        self.typing()
        cmds = self.legal_bonds()
        if not cmds:
            self.opened_nothing("no bond can be set aside now")
            return
        lows = self.lowest_bonds(cmds)
        # the list opens even for the last player without a bond (issue 27.1)
        cash = {p["name"]: p.get("cash") for p in self.session.data.get("players", [])}
        firsts = [next(x for x in cmds if x.player == p) for p in lows]
        choices: list[tuple[str | Text, c.Command]] = [
            (f"{x.player}   has {self.session.money(cash.get(x.player))}", x) for x in firsts
        ]
        dialog = ChoiceDialog(
            "Whose contract bond? (2.5.2)", choices, keys=list(lows), note="then the amount"
        )
        dialog.then = lambda x: BondDialog(  # type: ignore[attr-defined]
            self.session, x.player, lows[x.player]
        )
        self.ask(dialog)

    def legal_bonds(self) -> list[c.Bond]:
        """1853's bonds the game accepts now (2.5.2), as the engine lists them."""
        return [x for x in self.session.legal_of(c.Bond) if isinstance(x, c.Bond)]

    @staticmethod
    def lowest_bonds(cmds: list[c.Bond]) -> dict[str, int]:
        """The lowest of ``cmds`` per player, in their order: the bond dialog's amount, filled
        with the least the rules take (2.5.2)."""
        lows: dict[str, int] = {}
        for x in cmds:
            lows[x.player] = min(lows.get(x.player, x.amount), x.amount)
        return lows

    def action_claim(self) -> None:
        """1853 ``claim``: a city for the next bidder (or a sealed one), then the company
        whose share comes with it (2.5.4, 2.5.5); every choice is one the game accepts."""
        from moderator.ui.screens.bids import bid_summary, claim_label
        from moderator.ui.screens.dialogs import ChoiceDialog
        from rulesets.g1853 import SEALED, city_value

        self.typing()
        cmds = [x for x in self.session.legal_of(c.Claim) if isinstance(x, c.Claim)]
        if not cmds:
            self.opened_nothing("no claim can be made now")
            return
        player = cmds[0].player
        # 2.5.5: a secret city; the game checks each (they are not among its candidates)
        cmds += [
            cmd
            for co in self.session.data.get("companies", [])
            if (cmd := c.Claim(player=player, city=SEALED, corp=co["id"])) not in cmds
            and self.session.reason(cmd) is None
        ]
        cities = list(dict.fromkeys(x.city for x in cmds))
        pars = (self.session.data.get("market") or {}).get("pars") or {}

        def companies(city: str) -> Step:
            options = [x for x in cmds if x.city == city]
            shown = "a sealed city" if city == SEALED else city
            return ChoiceDialog(
                f"{player} claims {shown} with which company's share?",
                [(f"{x.corp:<5} par {self.session.money(pars.get(x.corp))}", x) for x in options],
                keys=[x.corp for x in options],
            )

        choices: list[tuple[str | Text, c.Command]] = []
        for city in cities:
            corps = [x.corp for x in cmds if x.city == city]
            if city == SEALED:
                label = claim_label(self.session, "sealed", corps, city_value(city))
                label.append("  (counted £20 until revealed)", style="dim")
            else:
                label = claim_label(self.session, city, corps, city_value(city))
            choices.append((label, next(x for x in cmds if x.city == city)))
        dialog = ChoiceDialog(
            f"{player}'s claim: which city? (2.5.4)",
            choices,
            keys=cities,
            note=bid_summary(self.session, player),
        )
        dialog.then = lambda x: companies(x.city)  # type: ignore[attr-defined]
        self.ask(dialog)

    def action_settle(self) -> None:
        """1853 ``settle``: what the settlement moves, from the engine's preview, then
        Enter gives it (2.7)."""
        from moderator.ui.screens.bids import preview_lines
        from moderator.ui.screens.dialogs import ChoiceDialog

        self.typing()
        cmds = self.session.legal_of(c.Settle)
        if not cmds:
            self.opened_nothing("the bids cannot be settled now")
            return
        moves = "\n".join(line.plain for line in preview_lines(self.session, cmds[0]))
        self.ask(
            ChoiceDialog(
                "Settle the contract bids (2.7)",
                [("settle: the claimed shares paid at par; the first stock round begins", cmds[0])],
                note=moves,
            )
        )

    # ------------------------------------------------------------ operating round keys
    def action_spend(self) -> None:
        """Spend: an amount and a purpose, checked by the script parser and the game."""
        from moderator.ui.screens.dialogs import AmountDialog

        self.typing()
        cid = self.acting_company()
        if cid is None:
            return

        def build(amount: int, purpose: str | None) -> c.Command:
            if purpose == "token W":  # 1847 4.2: a station at Weidenthal's half cost
                return c.Spend(company=cid, amount=amount, purpose="token", private="W")
            return c.Spend(company=cid, amount=amount, purpose=purpose)  # type: ignore[arg-type]

        co = self.session.company(cid) or {}
        options: list[str | None] = [None, "tile", "token", "terrain", "fee"]
        weidenthal = (
            self.session.company("W") if self.session.game.title.startswith("1847") else None
        )
        if weidenthal and weidenthal.get("owner") == cid and not weidenthal.get("closed"):
            options.insert(3, "token W")  # the railway owns Weidenthal: its ability (4.2)
        dialog = AmountDialog(
            self.session,
            f"{cid} spends (treasury {self.session.money(co.get('cash'))})",
            build,
            options=options,
            option_labels={None: "track/other", "token W": "token with Weidenthal (4.2)"},
        )
        dialog.done_after = self.done_after()
        self.ask(dialog)

    def action_issue(self) -> None:
        """Issue or redeem shares: the legal counts with the money they move."""
        self.typing()
        cmds = self.session.legal_of(c.Issue, c.Redeem)

        def label(x: c.Issue | c.Redeem) -> str:
            verb = "issues" if isinstance(x, c.Issue) else "redeems"
            return f"{x.corp} {verb} {x.count}   {self.price_label(x, x.corp)}"

        self.choose("Issue or redeem shares", cmds, label, done=True)

    def action_run(self) -> None:
        """Run: the revenue, then the payout kinds the company may use, with the receipt."""
        self.typing()
        cid = self.acting_company()
        runs = self.session.legal_of(c.Run)
        if runs:
            cid = runs[0].company  # type: ignore[attr-defined]
        if cid is None:
            return
        self.ask(self.run_dialog(cid))

    def run_dialog(self, cid: str, line: c.Run | None = None) -> RunDialog:
        """The run dialog of ``cid``: its last run filled in, or ``line``'s revenue, payout
        kind and mail (a run taken from ``l``, whose revenue the engine only stands in
        for)."""
        from moderator.ui.screens.dialogs import RunDialog

        initial = None if line is None else line.revenue
        if self.session.game.title == "1853":
            # 1853 4.6.6: the mail run, always to the company, is part of the run line
            from moderator.ui.screens.mailrun import MailRunDialog

            mail = None if line is None else line.mail
            dialog: RunDialog = MailRunDialog(self.session, cid, initial, mail)
        else:
            dialog = RunDialog(self.session, cid, initial)
        if line is not None and line.option in dialog.options:
            dialog.selected = dialog.options.index(line.option)
        dialog.done_after = self.done_after()
        return dialog

    def action_train(self) -> None:
        """Buy a train: always the list of the trains the company may buy, the bank's
        next train first and highlighted (``t`` Enter takes it, ``t`` ``d`` takes it and
        ends the turn: the same keys in every position, issue 18.6), then the pool's and
        other companies' (at a price agreed, asked next).

        The bank's trains come first even when the rules refuse them (issue 27.4): those
        it sells the company, then those refused, each line saying what it costs, what
        the company has and the game's reason (a president adds money only to a forced
        purchase, or cannot pay it all).  Enter or ``d`` on a refused one takes nothing:
        ``t d`` never buys another company's train instead of the bank's.
        """
        from moderator.ui.screens.dialogs import ChoiceDialog, company_names

        self.typing()
        cid = self.acting_company()
        cmds = [x for x in self.session.legal_of(c.BuyTrain) if isinstance(x, c.BuyTrain)]
        order = {None: 0, "pool": 1}
        # stable: the rules' order within; a trade-in after the bank's trains bought whole
        cmds.sort(key=lambda x: (order.get(x.source, 2), x.trade is not None))
        refusals: list[str | None] = [None for _ in cmds]
        # the bank's trains the rules refuse, after those it sells the company, with why
        at = sum(1 for x in cmds if x.source is None)
        for offer in self.session.bank_trains(cid) if cid is not None else []:
            why = self.session.reason(offer) if offer not in cmds else None
            if why is not None:
                cmds.insert(at, offer)
                refusals.insert(at, why)
                at += 1
        choices: list[tuple[str | Text, c.Command]] = []
        money = self.session.money
        for x, why in zip(cmds, refusals, strict=True):
            if x.source is None:
                credit = " on credit (3.4.3)" if x.credit else ""  # 1853: a manager's
                if x.trade:  # 1830 21.0: a train given back toward it, for less
                    credit = f", trading its {x.trade} in"
                head = f"{x.corp} buys {with_article(x.train)} from the bank{credit}   "
                price = self.session.train_price(x.train)
                cash = (self.session.company(x.corp) or {}).get("cash")
                if why is not None:
                    label = Text(f"{head}{money(price)} — {x.corp} has {money(cash)}")
                    label.append(f"\n  ✗ not allowed: {why}", style="red")
                    choices.append((label, x))
                    continue
                label = Text(f"{head}{self.price_label(x, x.corp)}")
                if self.session.provisional_price(x.train):  # a box value not confirmed
                    label.append(" PROVISIONAL price", style="bold yellow")
                short = isinstance(cash, int) and price is not None and cash < price
                if short and not x.credit and not x.trade:
                    # a forced purchase: the president's part is the follow-up under it
                    leader = title_word(self.session.game.title, "president")
                    label.append(
                        f" — {x.corp} has {money(cash)}: the {leader} adds the rest "
                        "(a forced purchase)",
                        style="yellow",
                    )
                choices.append((label, x))
            elif x.source == "pool":
                said = f"{x.corp} buys {with_article(x.train)} from the {self.places[2]}"
                choices.append((f"{said}   {self.price_label(x, x.corp)}", x))
            else:
                choices.append(
                    (f"{x.corp} buys {with_article(x.train)} from {x.source} — price agreed…", x)
                )
        if not choices:
            self.opened_nothing("no train can be bought now")
            return

        # the bank's and the pool's trains at their price: what follows each (a phase
        # change, trains rusting) is listed under it; a price agreed is asked next
        details = [
            self.session.follow_lines(x) if x.source in (None, "pool") and why is None else []
            for x, why in zip(cmds, refusals, strict=True)
        ]
        dialog = ChoiceDialog(
            "Buy a train",
            choices,
            details=details,
            refusals=refusals,
            names=company_names(self.session),
        )
        dialog.then = self.agreed_price
        dialog.done_after = self.done_after()
        self.ask(dialog)

    def agreed_price(self, cmd: c.Command) -> Step:
        """A train bought from another company: its price, agreed at the table (1846 6.81:
        any agreed price of at least $1), asked next; the engine lists the purchase at a
        placeholder $1.  Any other command is given as it is."""
        from moderator.ui.screens.dialogs import AmountDialog

        if not (isinstance(cmd, c.BuyTrain) and cmd.source not in (None, "pool")):
            return cmd
        return AmountDialog(
            self.session,
            f"{cmd.corp} buys {with_article(cmd.train)} from {cmd.source}: agreed price",
            lambda amount, _opt: cmd.model_copy(update={"price": amount}),
        )

    def action_buy_private(self) -> None:
        """Buy a private from its owner: which one, then the agreed price."""
        from moderator.ui.screens.dialogs import ChoiceDialog, company_names

        self.typing()
        cmds, ends = self.private_purchases()
        if not cmds:
            self.opened_nothing("no private company can be bought now")
            return
        choices: list[tuple[str | Text, c.Command]] = []
        for x in cmds:
            assert isinstance(x, c.BuyPrivate)
            pv = self.session.company(x.private) or {}
            after = f": {ends}'s turn ends" if ends else ""
            choices.append(
                (
                    f"{x.corp} buys {x.private} from {pv.get('owner')} "
                    f"(list {self.session.money(x.price)}){after}",
                    x,
                )
            )
        dialog = ChoiceDialog("Buy a private company", choices, names=company_names(self.session))
        dialog.then = lambda cmd: self.private_price(cmd, ends)
        dialog.done_after = c.Done(company=cmds[0].corp) if ends else self.done_after()
        self.ask(dialog)

    def after_independent(self) -> str | None:
        """The company that operates next, when the one operating is an independent
        railroad (1846's MS and BIG4, which buy no private, 6.2 NOTE); else ``None``."""
        acting = self.acting_company()
        if acting is None or (self.session.company(acting) or {}).get("kind") != "independent":
            return None
        order = list(self.session.data.get("operating_order") or ())
        later = order[order.index(acting) + 1 :] if acting in order else []
        return later[0] if later else None

    def private_price(self, cmd: c.BuyPrivate, ends: str | None) -> AmountDialog:
        """A private's price, agreed at the table, filled with its list price (or the
        lowest of its range); ``ends``: the independent whose turn the purchase ends
        first (an implicit ``done``)."""
        from moderator.ui.screens.dialogs import AmountDialog

        note = f"list price {self.session.money(cmd.price)}"
        span = (self.session.company(cmd.private) or {}).get("range")
        if span:
            # 1847 AE 4.2: a quarry is sold to a railway within its printed range
            low, high = span
            note = f"price from {self.session.money(low)} to {self.session.money(high)}"
        if ends:
            note += f"; {ends}'s turn ends first (an implicit done)"
        dialog = AmountDialog(
            self.session,
            f"{cmd.corp} buys {cmd.private}: price",
            lambda amount, _opt: cmd.model_copy(update={"price": amount}),
            initial=cmd.price,
            note=note,
        )
        dialog.done_after = c.Done(company=cmd.corp) if ends else self.done_after()
        return dialog

    def private_purchases(self) -> tuple[list[c.Command], str | None]:
        """The private purchases ``v`` offers, and the company whose turn they end first.

        The acting company's own, from the game's legal lines; where it is an independent
        railroad, which buys no private (1846 6.2 NOTE), the next corporation's in the
        operating order that the engine accepts: the contract's implicit ``done`` (a
        command for a later company ends the turn of the one operating, ``done``) ends the
        independent's turn first (ninth keys round: ``v`` refused what ``: buyprivate GT
        MAIL 60`` gave)."""
        own = self.session.legal_of(c.BuyPrivate)
        acting = self.acting_company()
        nxt = self.after_independent()
        if own or acting is None or nxt is None:
            return own, None
        privates = [
            co
            for co in self.session.data.get("companies", [])
            if co.get("kind") in ("private", "independent")
            and not co.get("closed")
            and co.get("owner") in self.session.game.players
        ]
        tried = [
            c.BuyPrivate(corp=nxt, private=co["id"], price=int(co.get("value") or 1))
            for co in privates
        ]
        found: list[c.Command] = [x for x in tried if self.session.reason(x) is None]
        return found, acting if found else None

    def action_done(self) -> None:
        """End the acting company's turn: ``d`` gives its ``done`` at once (a command, not
        a list: only the acting company may end its turn); a refusal says why."""
        self.typing()
        cid = self.acting_company()
        if cid is None:
            self.opened_nothing("no company is operating")
            return
        self.give_typed(c.Done(company=cid))

    def give_typed(self, cmd: c.Command) -> None:
        """Give ``cmd``, the command of a key itself (``d``, ``x``): when the game refuses
        it, the keys typed behind it were typed for what follows it and are not used
        (``ModeratorApp.keys_refused``: ``d t Enter`` with the ``done`` refused bought the
        same company's train)."""
        if self.give(cmd) is not None:
            self.keys_typed_behind_refused()

    def opened_nothing(self, message: str, title: str = "") -> None:
        """A live key's action found nothing to open (its guard and its list disagree, a
        last guard): a bell and a toast, and the keys typed behind it are not used, as
        behind a dimmed key (they were typed for the list)."""
        self.app.bell()
        self.notify(message, title=title, severity="warning", markup=False)
        self.keys_typed_behind_refused()

    def keys_typed_behind_refused(self) -> None:
        """The key's command was refused: the keys typed behind it are not used
        (``ModeratorApp.keys_refused``)."""
        keys_refused(self.app)

    def action_loan(self) -> None:
        """1817 ``loan CORP`` for the acting corporation (facts §6): the exact line and
        what it moves, from the engine's preview; Enter gives it."""
        self.one_loan_line(c.Loan, "Take a loan (facts §6)")

    def action_payback(self) -> None:
        """1817 ``payback CORP`` for the acting corporation (facts §6): the exact line and
        what it moves, from the engine's preview; Enter gives it."""
        self.one_loan_line(c.Payback, "Repay a loan (facts §6)")

    def one_loan_line(self, kind: type[c.Loan] | type[c.Payback], title: str) -> None:
        """The acting corporation's one ``loan``/``payback`` line previewed in a list of
        one, or the engine's reason for refusing it (the list never opens then)."""
        from moderator.ui.screens.bids import preview_lines
        from moderator.ui.screens.dialogs import ChoiceDialog

        self.typing()
        cid = self.acting_company()
        if cid is None and kind is c.Loan and self.session.round_kind == "SR":
            self.stock_turn_loans(title)
            return
        if cid is None:
            self.opened_nothing("no company is operating")
            return
        cmd = kind(corp=cid)
        why = self.session.reason(cmd)
        if why:
            self.opened_nothing(why, title)
            return
        moves = "\n".join(line.plain for line in preview_lines(self.session, cmd))
        self.ask(ChoiceDialog(title, [(self.session.line(cmd), cmd)], note=moves))

    def stock_turn_loans(self, title: str) -> None:
        """1817: a president's ``loan CORP`` for his corporation in his stock turn (facts
        §6; the merger rounds' pause before a stock round too): a list of the loans the
        engine takes, spelled by the corporation's letters (tenth keys round: ``j`` said
        "Loan is for an operating round" where the engine takes the line)."""
        from moderator.ui.screens.bids import preview_lines
        from moderator.ui.screens.dialogs import ChoiceDialog, company_names, thing

        cmds = [x for x in self.session.legal_of(c.Loan) if isinstance(x, c.Loan)]
        if not cmds:
            self.opened_nothing(self.why_not(BY_ACTION["loan"]), title)
            return
        names = company_names(self.session)
        dialog = ChoiceDialog(
            title,
            [(self.session.line(x), x) for x in cmds],
            "a president's loan for his corporation in his stock turn",
            keys=[(thing(x.corp, names),) for x in cmds],
            details=[[line.plain for line in preview_lines(self.session, x)] for x in cmds],
        )
        self.ask(dialog)

    def action_credit_train(self) -> None:
        """1853 4.8.10: the new director buys the credit train or returns it to the bank;
        the figures are the game's preview of each choice."""
        from moderator.ui.screens.dialogs import ChoiceDialog

        self.typing()
        cmds = [x for x in self.session.legal_of(c.CreditTrain) if isinstance(x, c.CreditTrain)]
        if not cmds:
            self.opened_nothing("no credit train is waiting for a new director's choice")
            return
        cid = cmds[0].corp
        director = (self.session.company(cid) or {}).get("president") or "the director"

        def label(x: c.CreditTrain) -> str:
            if x.choice == "pay":
                return f"{director} buys {cid}'s credit train   {self.price_label(x, director)}"
            refund = self.price_label(x, cid)
            return f"{cid} returns it to the bank   {refund or 'nothing to refund'}"

        note = "4.8.10: bought at that point or returned to the bank"
        if len(cmds) == 1:
            note = "he cannot pay what is owed: " + note
        self.ask(
            ChoiceDialog(
                f"{director} takes over {cid}: its credit train",
                [(label(x), x) for x in cmds],
                note,
            )
        )

    # ------------------------------------------------------------ anywhere
    def action_legal(self) -> None:
        """Every command the rules accept now."""
        self.typing()
        cmds = self.session.legal()

        def label(x: c.Command) -> str:
            paid = "; ".join(self.session.payments(x))
            return f"{self.session.line(x)}   {paid}" if paid else self.session.line(x)

        from moderator.ui.screens.dialogs import (
            company_names,
            line_keys,
            name_clashes,
            thing_words,
        )

        names = company_names(self.session)
        keys = [line_keys(x, names) for x in cmds]  # the words of each line (docs/keys.md)
        players = list(self.session.game.players)
        things = thing_words(cmds)  # a player called Bombay, a city of 1853's claims
        clashes = [name_clashes(x, players, things) for x in cmds]  # a player called Trade
        self.choose(
            "Commands the rules accept now",
            cmds,
            label,
            keys=keys,
            clashes=clashes,
            then=self.line_amount,
        )

    def line_amount(self, cmd: c.Command) -> Step:
        """A line of ``l`` whose amount the engine only stands in for, its amount asked
        next, filled with the line's (selected: the digits typed replace it, Enter takes
        it), in the dialog its own key opens: 1817's ``acquire BUYER TARGET PRICE``, filled
        with the engine's lowest bid, under it the engine's preview of the very line (the
        money it moves: the buyer's payment, the loans it takes, the target's assets, the
        shareholders' part per share; thirteenth keys round: Enter gave the $10 line at
        once); a train bought from another company, its agreed price as ``t`` asks it
        (fourteenth keys round: Enter gave the engine's placeholder, ``train CPR 6 from
        PRR 1``, at once); a run's revenue (the engine's ``run CO 0``), a bid, a bond, a
        private's price (``v``'s, 1817's opening sale) and 1817's IPO price (sixteenth keys
        round: Enter gave the engine's zero run, least bid or lowest bond at once, and the
        digits typed behind it for the amount rang on the main screen).  Another line of
        ``l`` is given as it is."""
        from moderator.ui.screens.dialogs import AmountDialog

        if isinstance(cmd, c.BuyTrain):
            return self.agreed_price(cmd)
        if isinstance(cmd, c.Run):
            return self.run_dialog(cmd.company, cmd)
        if isinstance(cmd, c.Bid):
            return self.bid_amount(cmd)
        if isinstance(cmd, c.Bond):
            from moderator.ui.screens.bids import BondDialog

            low = self.lowest_bonds(self.legal_bonds())[cmd.player]
            return BondDialog(self.session, cmd.player, low, cmd.amount)
        if isinstance(cmd, c.BuyPrivate):
            own, ends = self.private_purchases()
            return self.private_price(cmd, ends if cmd in own else None)
        if isinstance(cmd, c.Ipo | c.PrivateResult) and cmd.price is not None:
            return self.result_price(cmd)
        if not (isinstance(cmd, c.Later) and cmd.verb == "acquire"):
            return cmd
        buyer, target = cmd.words[0], cmd.words[1]
        ruleset = self.session.game.ruleset
        state = self.session.game.state
        low = ruleset.lowest_bid(state, state.company(target))  # type: ignore[attr-defined]
        most = ruleset.max_bid(state, state.company(buyer), state.company(target))  # type: ignore[attr-defined]
        money = self.session.money
        return AmountDialog(
            self.session,
            f"{buyer} acquires {target} at which price? (facts §10)",
            lambda amount, _: c.Later(verb="acquire", words=(buyer, target, str(amount))),
            initial=low,
            note=f"the auction's result: {money(low)} to {money(most)}, in multiples of $10",
        )

    def result_price(self, cmd: c.Ipo | c.PrivateResult) -> AmountDialog:
        """1817's results written at the price the table's auction reached: an IPO's
        winning bid (facts §3; its size and privates as the line of ``l`` has them) or
        an opening sale's private (facts §1), filled with the line's."""
        from moderator.ui.screens.dialogs import AmountDialog

        if isinstance(cmd, c.Ipo):
            title = f"{cmd.player} won {cmd.corp} ({cmd.size} shares) at which price? (facts §3)"
            if cmd.privates:
                title += f" paying with {' '.join(cmd.privates)}"
        else:
            title = f"{cmd.player} bought {cmd.private} at which price? (facts §1)"
        return AmountDialog(
            self.session,
            title,
            lambda amount, _opt: cmd.model_copy(update={"price": amount}),
            initial=cmd.price,
            note="the auction's result: typing replaces it, Enter takes it",
        )

    def action_command_bar(self) -> None:
        """Focus the command bar (in the bar, the key is typed: see ``keys.bindings``)."""
        self.typing()
        self.move_focus(self.bar.input)

    def action_leave_bar(self) -> None:
        """Back from the command bar to the board."""
        self.move_focus(self.query_one("#body"))

    def action_focus_step(self, step: int) -> None:
        """Tab (``step`` 1) or shift+Tab (-1): the next or previous widget takes the focus
        now, before the next key is read (in the command bar, Tab is its completion)."""
        if step > 0 and self.focused is not None and self.focused is self.bar.input:
            raise SkipAction()
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()
        self.query_one(QuietFooter).relight()

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
        """Take back the last command; the log names it, the figures it moved are lit.

        When the save cannot be written (a full disk, a read-only folder) the
        undo is not done: the log and a toast say why, the game stays as it is.
        """
        before, before_round = self.session.data, self.session.game.round_label()
        try:
            line = self.session.undo()
        except UndoFailed as exc:
            self.failed(str(exc))
            self.keys_typed_behind_refused()
            return
        if line is None:
            self.opened_nothing("nothing to undo")  # a bell too, as every refused key
            return
        self.log_panel.add(f"↶ undone: {line}", "yellow")
        count = 1 + self.log_table_changes(before, before_round)
        self.redraw(differences(before, self.session.data))
        self.show_block(count)

    def log_table_changes(self, before: dict[str, Any], before_round: str) -> int:
        """What an undo or a rewind changes on the table, listed in the log as after a
        correction (the bank never acts unseen: the dividend taken back, the price marker
        moved back, holder by holder); the lines added."""
        if not self.MIRRORED:
            return 0
        from moderator.amend import on_table_text
        from moderator.sandbox_table import data_changes

        now = (before_round, self.session.game.round_label())
        changes = data_changes(self.session.currency, before, self.session.data, now)
        return sum(self.log_panel.add(said, "cyan") for said in on_table_text(changes))

    def action_redo(self) -> None:
        """Apply the last undone command again; the figures it moved are lit (and what
        the bank did with it is in the log, as when it was first given)."""
        before = self.session.data
        try:
            entry = self.session.redo()
        except UndoFailed as exc:
            self.failed(str(exc))
            self.keys_typed_behind_refused()
            return
        if entry is None:
            self.opened_nothing("nothing to redo")  # a bell too, as every refused key
            return
        count = self.log_panel.add(f"↷ redone: {entry.line}", "yellow")
        for said in narration(
            entry.command, entry.events, self.session.currency, self.session.game.title
        ):
            count += self.log_panel.add(f"  {said}", "cyan")
        self.redraw(differences(before, self.session.data))
        self.show_block(count)

    def action_history(self) -> None:
        """The journal by round, with the game at any line."""
        from moderator.ui.screens.history import HistoryScreen

        self.typing()
        before, before_round = self.session.data, self.session.game.round_label()

        def back(rewound: bool | None) -> None:
            if rewound:
                self.session.changed()
                self.log_panel.add(f"⟲ rewound to line {len(self.session.game.journal)}", "yellow")
                count = 1 + self.log_table_changes(before, before_round)
                self.redraw(differences(before, self.session.data))
                self.show_block(count)

        self.app.push_screen(HistoryScreen(self.session, report=self.failed), back)

    def action_whatif(self) -> None:
        """A what-if sandbox of the game from now (:mod:`moderator.ui.screens.sandbox`)."""
        self.typing()
        host(self.app).open_whatif(self.session, len(self.session.game.journal))

    def action_score(self) -> None:
        """The score screen (final, or if the game ended now)."""
        self.typing()
        self.open_view("score")

    def action_project(self) -> None:
        """The projection screen ("spreadsheet it")."""
        self.typing()
        self.open_view("project")

    def action_rounds(self) -> None:
        """The rounds screen: charts and tables of every round."""
        self.typing()
        self.open_view("rounds")

    def action_checker(self) -> None:
        """The checker dialog."""
        self.typing()
        self.open_view("checker")

    def action_share(self) -> None:
        """The sharing screen (the players' table view); sharing starts if it was off."""
        host(self.app).open_sharing()

    def open_view(self, view: str) -> None:
        """Open one of the screens that read the game and never change it."""
        if view == "sharing":
            self.action_share()
            return
        from moderator.ui.screens.charts import RoundsScreen
        from moderator.ui.screens.checker import CheckerDialog
        from moderator.ui.screens.project import ProjectionScreen
        from moderator.ui.screens.score import ScoreScreen

        screens = {
            "score": ScoreScreen,
            "project": ProjectionScreen,
            "projection": ProjectionScreen,
            "rounds": RoundsScreen,
            "checker": CheckerDialog,
        }
        self.app.push_screen(screens[view](self.session))

    def action_help(self) -> None:
        """The keys."""
        from moderator.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.session.game.title))

    def action_help_typed(self) -> None:
        """``?``: the keys (in the command bar, a question mark)."""
        self.typing()
        self.action_help()

    def action_log_scroll(self, direction: int) -> None:
        """Scroll the log a page back (-1) or on (1)."""
        log = self.log_panel
        if not log.scroll_lines(direction * max(1, log.content_region.height - 1)):
            self.app.bell()

    # ------------------------------------------------------------ palette
    def palette_commands(self) -> Iterable[SystemCommand]:
        """Command-palette entries: the UI commands live now, then the legal commands."""
        for cmd in UI_COMMANDS:
            if cmd.palette and self.check_action(action_name(cmd.action), ()) is True:
                yield SystemCommand(
                    f"{cmd.label} ({cmd.key_display or cmd.key.split(',')[0]})",
                    cmd.help,
                    lambda a=cmd.action: self.run_action(a),
                )
        for legal in self.session.legal():
            line = self.session.line(legal)
            yield SystemCommand(
                line, "a command the rules accept now", lambda x=legal: self.take_line(x)
            )

    def take_line(self, cmd: c.Command) -> None:
        """A line of the palette, as ``l`` takes it (:meth:`line_amount`): a line whose
        amount the engine only stands in for asks it (fifteenth keys round: the palette
        gave ``train CPR 6 from PRR 1``, the placeholder price, and 1817's ``acquire`` at
        the lowest bid, at once); another is given."""
        step = self.line_amount(cmd)
        if isinstance(step, c.Command):
            self.give(step)
        elif step is not None:
            self.ask(step)
