"""The what-if sandbox on screen (issue 32): a main screen of a copy of the game.

``o`` on the main screen opens a sandbox of the game as it is now; ``o`` in History
opens one from the highlighted line.  The sandbox is a :class:`SandboxScreen`: the
main screen itself (every key, dialog, undo/redo, History, project, score and check),
on a :class:`~moderator.sandbox.Sandbox`'s game, which has no save file: nothing it
does is written.  It cannot be taken for the real game: a banner across the top
(``WHAT-IF sandbox from line N``), the status line, the command bar's prompt and the
footer all say so, in the warning colours.

``o`` in the sandbox opens the :class:`WhatIfScreen`: the sandbox beside the real game
(each player's cash, value and place, each company's price and cash, the differences
marked), its own lines, and the keys that leave it: ``k`` keep, ``x`` discard, each
asked first (a :class:`~moderator.ui.screens.dialogs.ConfirmDialog` says what it does:
``y``/Enter confirms, ``n``/Esc declines); ``t`` shows the sandbox on the players'
phones, marked as a what-if, and ``t`` again the real game; ``o`` or Esc go back to
the sandbox.  Until the banker shares it, the table view keeps showing the real game.

Keep replaces the real game from the branch point (:meth:`Sandbox.keep`: the lines
cut go to a backup save, as a rewind's, the new ones are checked by replay, the save
is rewritten atomically); discard drops the copy.  Either way the real game's main
screen is back, its log saying what happened.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets.input import Selection

from moderator.amend import Amended, How, Stop, amount_span, on_table_text, start
from moderator.errors import Refusal, SaveError
from moderator.narrate import split
from moderator.sandbox import Comparison, Sandbox, compare, open_sandbox
from moderator.sandbox_table import table_changes
from moderator.text import counted, escaped
from moderator.ui.host import KeysReady, StrayKeysRefused, host, keys_refused
from moderator.ui.screens.dialogs import ConfirmDialog
from moderator.ui.screens.main import MainScreen, narration
from moderator.ui.session import Session, differences
from moderator.ui.widgets.footer import QuietFooter
from moderator.ui.widgets.panels import StatusBar

SHOWN_CHANGED = 20
"""How many later lines given again with other figures the log narrates one by one."""

WARNING = "bold black on yellow"
"""The what-if marks' style: the banner, the status line's tag, the footer's mark."""


def open_sandbox_screen(
    app: App[Any], session: Session, at: int, amending: tuple[int, How] | None = None
) -> None:
    """Open a sandbox of ``session``'s game from line ``at`` over its main screen; with
    ``amending`` (a line and ``replace``/``insert``/``delete``), a correction of that line
    (:func:`moderator.amend.start`: the sandbox before it, the later lines waiting).

    In a sandbox already, there is no sandbox of a sandbox: ``o`` there is the
    what-if view, and History's ``o`` (and ``e``, ``i``, ``Delete``) says so.
    """
    mains = [s for s in app.screen_stack if isinstance(s, MainScreen) and s.session is session]
    main = mains[-1] if mains else None
    if main is None:  # pragma: no cover - History and the keys come from a main screen
        return
    if isinstance(main, SandboxScreen):
        app.bell()
        app.notify(
            "this is a what-if sandbox already: o on its main screen compares it with the "
            "real game, keeps or discards it",
            title="What-if",
            severity="warning",
        )
        keys_refused(app)  # `h ↑ o x`: the `x` was typed for a sandbox from that line
        return
    amended: Amended | None = None
    try:
        if amending is not None:
            amended = start(main.session.game, amending[0], amending[1])
            sandbox = amended.sandbox
        else:
            sandbox = open_sandbox(main.session.game, at)
    except Refusal as exc:  # pragma: no cover - History offers only lines of the game
        main.app.bell()
        main.notify(exc.message, title="What-if", severity="warning", markup=False)
        return
    session = Session(sandbox.game)
    share = getattr(main.app, "table_share", None)
    if share is not None:  # phones follow the sandbox's commands only while it is shared
        session.listeners.append(share.changed)
    main.app.push_screen(SandboxScreen(session, sandbox, main, amended))


class WhatIfBanner(Static):
    """The banner across the top of a sandbox: it cannot be missed."""

    DEFAULT_CSS = """
    WhatIfBanner {
        height: 1;
        width: 1fr;
        content-align: center middle;
        text-style: bold;
        color: black;
        background: yellow;
    }
    """


class WhatIfScreenMark(WhatIfBanner):
    """The what-if mark on every other screen opened over a sandbox (History, the score,
    the projection, the checker, a dialog, a question): the banner, docked at the top."""

    DEFAULT_CSS = """
    WhatIfScreenMark {
        dock: top;
    }
    """


class SandboxStatusBar(StatusBar):
    """The status line of a sandbox: ``WHAT-IF`` before the round."""

    def build(self) -> Any:
        line = super().build()
        if isinstance(line, Text):
            return Text.assemble((" WHAT-IF ", WARNING), " ", line)
        return line  # pragma: no cover - the status line is a Text


class WhatIfMark(Widget):
    """The footer's ``WHAT-IF · not saved`` mark (``… · on the phones`` while shared)."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    WhatIfMark {
        width: auto;
        height: 1;
        padding: 0 1;
        text-style: bold;
        color: black;
        background: yellow;
    }
    """

    def render(self) -> Text:
        """The mark."""
        screen = self.screen
        shared = isinstance(screen, SandboxScreen) and screen.shared
        return Text(
            "WHAT-IF · not saved" + (" · on the phones" if shared else ""), no_wrap=True, end=""
        )


class SandboxFooter(QuietFooter):
    """The main screen's footer with the what-if mark first."""

    def compose(self) -> ComposeResult:
        yield WhatIfMark()
        yield from super().compose()


class SandboxScreen(MainScreen):
    """The main screen of a what-if sandbox (see the module docstring)."""

    MIRRORED = False  # nothing on the table follows the sandbox's game

    def __init__(
        self, session: Session, sandbox: Sandbox, real: MainScreen, amended: Amended | None = None
    ) -> None:
        super().__init__(session, screen_id="whatif")
        self.sandbox = sandbox
        self.real = real
        """The real game's main screen, under this one."""
        self.shared = False
        """Whether the players' phones show the sandbox (``t`` in the what-if view)."""
        self.amended = amended
        """The correction of a past line this sandbox is (issue 39), else ``None``."""
        self._going_on = False
        """Whether the later lines are about to be given again (after the bar's line)."""

    @property
    def ready_for_keys(self) -> bool:  # type: ignore[override]
        """Whether the app may hand this screen keys: once drawn (``KeysReady``), and not
        while the later lines of a correction wait to be given again (:meth:`_go_on_later`)."""
        return self._keys_ready and not getattr(self, "_going_on", False)

    @ready_for_keys.setter
    def ready_for_keys(self, ready: bool) -> None:
        self._keys_ready = ready

    def compose(self) -> ComposeResult:
        yield WhatIfBanner(self.banner_text(), id="whatif-banner")
        for widget in super().compose():
            yield self._marked(widget)

    def _marked(self, widget: Widget) -> Widget:
        """The main screen's widgets, the status line and the footer marked."""
        if type(widget) is StatusBar:
            return SandboxStatusBar(id=widget.id)
        if type(widget) is QuietFooter:
            return SandboxFooter()
        return widget

    def banner_text(self) -> str:
        """The banner: from which line, that nothing is saved, the key that leaves."""
        return f"{self.sandbox.label} — a copy, nothing is saved · o: compare, keep or discard"

    def on_mount(self) -> None:
        """Mark the command bar and the log (Textual runs the main screen's ``on_mount``,
        which draws the game, first)."""
        prompt = self.query_one("#prompt", Static)
        prompt.update("WHAT-IF ›")
        prompt.styles.width = "auto"  # the app's style sheet makes it 2 columns wide
        prompt.styles.padding = (0, 1)
        prompt.styles.color = "black"
        prompt.styles.background = "yellow"
        self.bar.input.placeholder = (
            "what-if: banker script played on the copy, never saved — : to type, Esc to leave"
        )
        self.app.screen_change_signal.subscribe(self, self._mark_screen)
        game = self.sandbox.real
        where = escaped(game.path.name) if game.path else "the game"
        self.log_panel.add(
            f"{self.sandbox.label} of {where}: nothing here is saved; "
            "o compares it with the real game, keeps or discards it",
            "bold yellow",
        )
        if self.amended is not None:
            self._begin_amendment(self.amended)

    # ------------------------------------------------------------ a correction (issue 39)
    def _begin_amendment(self, amended: Amended) -> None:
        """The correction's first step: the command bar holds the line to edit (``e``),
        or is empty for the line to insert (``i``); a deletion gives the later lines at
        once.  The keys typed after History's key go to the bar (they wait for this
        screen, which is ready once mounted)."""
        bar = self.bar
        later = len(amended.waiting)
        if amended.how == "delete":
            self.log_panel.add(
                f"✎ line {amended.number} (`{escaped(amended.old)}`) taken out; the "
                f"{counted(later, 'later line')} are given again",
                "yellow",
            )
            self._go_on_later()
            return
        if amended.how == "replace":
            bar.input.value = amended.old
            bar.input.cursor_position = len(amended.old)
            amount = amount_span(amended.old, self.session.game.players)
            if amount is not None:  # the line's amount, selected: digits replace it
                bar.input.selection = Selection(*amount)
            said = f"✎ line {amended.number} (`{escaped(amended.old)}`): edit it in the bar"
        else:
            said = f"✎ a line to insert before line {amended.number}: type it in the bar"
        self.log_panel.add(
            f"{said}; ⏎ gives it, then the {counted(later, 'later line')} of the real game "
            "are given again; nothing is kept until the keep question's y",
            "yellow",
        )
        self.move_focus(bar.input)
        self._bar_first = True

    def set_focus(self, widget: Widget | None, *args: Any, **kwargs: Any) -> None:
        """The main screen's first focus (the board, given later than this screen's
        mount) goes to the command bar while a correction's line is to be typed: the keys
        typed after History's ``e`` or ``i`` go into the bar."""
        if getattr(self, "_bar_first", False) and widget is not None and widget.id == "body":
            self._bar_first = False
            widget = self.bar.input
        super().set_focus(widget, *args, **kwargs)

    def give_line(self, line: str) -> str | None:
        """A line from the command bar; in a correction, a line the game took (the edited
        line, a stopped line corrected, the next one) lets the later lines go on."""
        before = len(self.session.game.journal)
        reason = super().give_line(line)
        grew = len(self.session.game.journal) > before
        amended = self.amended
        if amended is None:
            return reason
        if reason is None and grew and not self._going_on:
            self._go_on_later()  # once the bar took the line (accepted)
        elif reason is not None and amended.stop is not None:
            # a later line the banker took from the waiting ones is refused too: it is the
            # line the replay stops on now (the one before it was dropped)
            left = len(self.bar.waiting) + 1
            if left <= len(amended.waiting):
                number, entry = amended.waiting[-left]
                if entry.line == line.strip():
                    amended.waiting = amended.waiting[-left:]
                    at = len(self.session.game.journal) + 1
                    amended.stop = Stop(number, entry.line, reason, at)
        return reason

    def action_undo(self) -> None:
        """``ctrl+z`` in a correction takes back a line given after the corrected one (the
        keep's record then names it dropped), never the corrected line itself nor a line
        before it: the record would name a line the kept game does not hold, and a keep
        would cut the real game before the line corrected.  To correct the line again:
        Esc, ``o x y`` (the correction left, nothing kept), then History's ``e``."""
        amended = self.amended
        if amended is not None:
            floor = amended.number - (1 if amended.how == "delete" else 0)
            if len(self.session.game.journal) <= floor:
                what = (
                    f"the corrected line {amended.number} itself"
                    if amended.how != "delete" and len(self.session.game.journal) == floor
                    else f"a line before line {amended.number}, the line corrected"
                )
                said = (
                    f"not undone: ctrl+z here would take back {what}; to correct it again, "
                    "leave the correction (Esc, o x y: nothing is kept) and press e in History"
                )
                self.app.bell()
                self.log_panel.add(f"✗ {said}", "red")
                self.show_block(1)
                self.notify(said, severity="warning", markup=False)
                self.keys_typed_behind_refused()
                return
        super().action_undo()

    def _go_on_later(self) -> None:
        """Give the later lines again once the screen is drawn (:meth:`_go_on`); the keys
        typed meanwhile wait for it (the app holds them): ``e 3 6 0 Enter k y`` typed in
        one burst gave ``k``, ``y`` and the rest to the sandbox before the later lines
        were given (``ctrl+z`` there undid the edited line, and the replay then failed),
        where typed one at a time they answer the compare view."""
        self._going_on = True
        self.call_after_refresh(self._go_on)

    def _go_on(self) -> None:
        """Give the later lines again, in order, until one no longer applies: it stops in
        the command bar, selected, with the rule, and the rest wait behind it (as pasted
        lines wait); once all were given, the compare view opens.  Then the keys typed
        meanwhile are handed out (to the compare view, or to the bar)."""
        try:
            self._give_again()
        finally:
            self._going_on = False
            self.app.post_message(KeysReady(self))  # the app hands out the keys held

    def _give_again(self) -> None:
        """:meth:`_go_on`'s lines."""
        self._going_on = False
        amended = self.amended
        if amended is None or not self.is_attached:
            return
        bar = self.bar
        if amended.stop is not None:
            # what the bar still holds is what is left: the stopped line was corrected
            # (or dropped), and Esc may have dropped the lines behind it
            left = len(bar.waiting) + (1 if bar.input.value.strip() else 0)
            amended.waiting = amended.waiting[len(amended.waiting) - left :] if left else []
            amended.stop = None
            bar.set_waiting([])
            bar.input.value = ""
        elif amended.how != "delete" and not amended.new:
            amended.new = self.session.game.journal[amended.number - 1].line
        first = len(amended.given)
        stop = amended.go_on()
        given = amended.given[first:]
        self.session.changed()
        changed = [g for g in given if g.changed]
        count = self.log_panel.add(
            f"⑂ {counted(len(given), 'later line')} given again"
            + (f", {len(changed)} with other figures" if changed else ", each as before"),
            "yellow",
        )
        game = self.session.game
        for g in changed[:SHOWN_CHANGED]:
            entry = game.journal[g.number - 1]
            count += self.log_panel.add(f"  {g.number} {escaped(entry.line)}", "cyan")
            if g.outcome.receipt is not None:  # a run: what the bank pays each holder now
                for said in split(entry.command, entry.events).payments(self.session.currency):
                    count += self.log_panel.add(f"    {escaped(said)}", "cyan")
            for said in narration(entry.command, entry.events, self.session.currency, game.title):
                count += self.log_panel.add(f"    {said}", "cyan")
        if len(changed) > SHOWN_CHANGED:  # never a silent cut: the list below has them all
            more = len(changed) - SHOWN_CHANGED
            count += self.log_panel.add(
                f"  … {counted(more, 'more line')} with other figures (History shows each; "
                "o lists what changes on the table)",
                "cyan",
            )
        self.redraw()
        self.show_block(count)
        if stop is not None:
            self.log_panel.add(f"✗ {escaped(stop.text_said())}", "red")
            bar.input.value = stop.text
            bar.input.cursor_position = len(stop.text)
            bar.set_waiting([entry.line for _, entry in amended.waiting[1:]])
            self.move_focus(bar.input)
            bar.refused(f"{stop.text_said()} — correct it and ⏎, or ⌫ ⏎ ⏎ to drop it and go on")
            # the keys typed meanwhile were for the comparison (``k y``): typed into the bar
            # they replaced the stopped line; not used (the banker reads the rule first).
            # It rings as a refused line typed in the bar does (seventeenth keys round:
            # typed one at a time it was silent, so nothing said why the keys typed behind
            # History's Delete or the edit's Enter in a burst were not used)
            self.app.bell()
            keys_refused(self.app)
            return
        self.log_panel.add(
            "✎ every later line is given again: o compares, k keeps (asked first), x discards",
            "bold yellow",
        )
        self.action_leave_bar()
        self.app.push_screen(WhatIfScreen(self))

    def _mark_screen(self, screen: Screen[Any]) -> None:
        """A screen opened over the sandbox carries the what-if mark (issue 37.4)."""
        stack = self.app.screen_stack
        if screen is self or self not in stack or screen not in stack:
            return
        if stack.index(screen) < stack.index(self) or isinstance(screen, WhatIfScreen):
            return  # the real game's screens below; the compare view is marked already

        def add() -> None:
            if screen.is_attached and not screen.query(WhatIfScreenMark):
                text = f"WHAT-IF · {self.sandbox.label} — a copy, nothing is saved"
                screen.mount(WhatIfScreenMark(text, markup=False))

        screen.call_later(add)

    def action_whatif(self) -> None:
        """``o`` in a sandbox: the what-if view (compare, keep, discard, share)."""
        self.typing()
        self.app.push_screen(WhatIfScreen(self))

    # ------------------------------------------------------------ leaving
    def keep(self) -> str | None:
        """Keep the sandbox (the real game takes its lines); ``None``, or why not."""
        real = self.real
        before = real.session.data
        amended = self.amended
        on_table = table_changes(self.sandbox.real, self.session.game)  # before the keep
        try:
            if amended is not None:
                waiting = len(self.bar.waiting)
                if waiting or self._going_on:
                    return (
                        f"not kept: {counted(waiting, 'later line')} still wait in the "
                        "command bar (⏎ gives them, Esc drops them)"
                    )
                amended.waiting, amended.stop = [], None  # what the banker left out: dropped
                kept = amended.keep()
            else:
                kept = self.sandbox.keep()
        except (Refusal, SaveError) as exc:  # SaveReadOnly too: a save made read-only
            why = str(exc)
            return why if why.startswith("not kept") else f"not kept: {why}"
        except OSError as exc:
            return f"not kept: cannot write {exc.filename or 'the save'} ({exc.strerror or exc})"
        real.session.changed()
        self._leave()
        count = 1
        if amended is not None and amended.recorded is not None:
            said = amended.recorded.comment().removeprefix("# ")
            real.log_panel.add(f"✎ {escaped(said)}", "yellow")
        real.log_panel.add(f"⑂ {kept.text()}", "yellow")
        if not kept.unchanged and (kept.cut or kept.added):
            # the bank never acts unseen: what the banker sets on the table now
            for said in on_table_text(on_table):
                count += real.log_panel.add(escaped(said), "bold yellow")
        real.redraw(differences(before, real.session.data))
        real.show_block(count)
        return None

    def discard(self) -> None:
        """Drop the sandbox: the real game is as it was."""
        self._leave()
        n = len(self.sandbox.own_lines())
        self.real.log_panel.add(
            f"⑂ what-if discarded ({n} line{'s' if n != 1 else ''} tried); the real game "
            "is as it was",
            "dim",
        )
        self.real.show_block(1)

    def _leave(self) -> None:
        """Close the what-if view and the sandbox; the phones show the real game again."""
        if self.shared:
            self.share(False)
        app = self.app
        while app.screen is not self and len(app.screen_stack) > 1:
            app.pop_screen()
        if app.screen is self:
            app.pop_screen()

    def share(self, on: bool) -> None:
        """Show the sandbox on the players' phones (``True``) or the real game again."""
        share = getattr(self.app, "table_share", None)
        if share is None:  # pragma: no cover - the app always has one
            return
        if on:
            restart = share.follow_whatif(self.session.game, self.sandbox.label)
            if not share.wanted:
                restart = share.share()
        else:
            restart = share.follow(self.real.session.game)
        self.shared = on
        for mark in self.query(WhatIfMark):
            mark.refresh(layout=True)
        if restart:
            host(self.app).settle_sharing()


class WhatIfScreen(StrayKeysRefused, Screen[None]):
    """The sandbox beside the real game, and the keys that leave the sandbox."""

    KEYS_SAID = (
        "o or Esc goes back to the sandbox, k keeps it, x discards it, t switches the phones"
    )
    """Said when a key that is no key of this screen is refused (:class:`StrayKeysRefused`)."""

    BINDINGS = [
        Binding("escape,o", "close", "Back to the sandbox", priority=True),
        Binding("k", "keep", "Keep", priority=True),
        Binding("x", "discard", "Discard", priority=True),
        Binding("t", "share", "Phones: sandbox / real game", priority=True),
    ]

    DEFAULT_CSS = """
    WhatIfScreen #whatif-title {
        height: auto;
        padding: 0 1;
        text-style: bold;
        color: black;
        background: yellow;
    }
    WhatIfScreen #whatif-body {
        padding: 0 1;
    }
    """

    def __init__(self, screen: SandboxScreen) -> None:
        super().__init__(id="whatif-compare")
        self.sandbox_screen = screen
        self.comparison: Comparison | None = None
        """The comparison shown (made again whenever the view is shown)."""

    def compose(self) -> ComposeResult:
        box = self.sandbox_screen.sandbox
        yield Static(
            f"{box.label}: compared with the real game — k keep · x discard · "
            "t phones · o/Esc back",
            id="whatif-title",
            markup=False,
        )
        with VerticalScroll(id="whatif-body"):
            yield Static(id="whatif-table")
            yield Static(id="whatif-lines")
            yield Static(id="whatif-phones")
        yield Footer()

    def on_mount(self) -> None:
        """Fill in the comparison."""
        self.show()

    def show(self) -> None:
        """The comparison, the sandbox's own lines and what the phones show."""
        box = self.sandbox_screen.sandbox
        table = self.comparison = compare(box)
        self.query_one("#whatif-table", Static).update(comparison_table(table))
        own = box.own_lines()
        branch = box.branch_point()
        text = Text()
        text.append(f"The sandbox's lines after line {branch} ({len(own)}):\n", style="bold")
        for n, entry in enumerate(own, start=branch + 1):
            text.append(f"{n:>5}  {escaped(entry.line)}\n")
        if not own:
            text.append("  none yet\n", style="dim")
        cut = len(box.real.journal) - branch
        amended = self.sandbox_screen.amended
        if amended is not None:  # a correction: the lines above take the real ones' place
            text.append(
                f"Keep puts these lines in place of the real game's lines {branch + 1}–"
                f"{len(box.real.journal)} (a backup save keeps the game as it was) and "
                f"records the correction of line {amended.number}.\n",
                style="yellow",
            )
        elif cut:
            text.append(
                f"Keep takes out the real game's lines {branch + 1}–{len(box.real.journal)} "
                "(a backup save keeps them).\n",
                style="yellow",
            )
        if amended is None or amended.done:  # what the keep changes on the table
            changes = table_changes(box.real, box.game)
            if changes:
                text.append(
                    f"On the table, the keep changes ({counted(len(changes), 'figure')}):\n",
                    style="bold",
                )
                for change in changes:
                    text.append(f"  {escaped(change.text())}\n")
            elif amended is not None and amended.unchanged():
                text.append(
                    "Nothing changes: every line is as it was; keep writes nothing.\n",
                    style="bold",
                )
            else:
                text.append("On the table: nothing changes.\n", style="bold")
        self.query_one("#whatif-lines", Static).update(text)
        phones = (
            "The players' phones show this sandbox, marked WHAT-IF (t: the real game again)."
            if self.sandbox_screen.shared
            else "The players' phones show the real game (t: show them this sandbox)."
        )
        self.query_one("#whatif-phones", Static).update(Text(phones, style="dim"))

    def action_close(self) -> None:
        """Back to the sandbox."""
        self.dismiss(None)

    def action_keep(self) -> None:
        """Ask, then keep the sandbox."""
        box = self.sandbox_screen.sandbox
        screen = self.sandbox_screen

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            why = screen.keep()
            if why is not None:
                self.app.bell()
                self.notify(why, title="Not kept", severity="error", markup=False)
                self.show()
                # the keys typed behind the `y` were for the real game after the keep (an
                # `x` there would discard the sandbox here): not used
                keys_refused(self.app)

        amended = screen.amended
        if amended is not None and amended.unchanged():
            question = f"Line {amended.number} is unchanged: leave the correction?"
            detail = (
                "The corrected game is the game as it is (every line as it was, each doing "
                "what it did): nothing is written, no backup, no record."
            )
        elif amended is not None:  # a correction: say which line becomes what (issue 39)
            record = amended.record()
            change = record.comment().removeprefix("# ")
            kept = " (a backup save keeps the game as it was)" if box.real.path else ""
            question = f"Keep the correction of line {amended.number}?"
            detail = (
                f"{change}. The real game is rewritten from line {amended.number} with the "
                f"corrected game{kept}, each line checked by replay first; the journal keeps "
                "the record of the correction."
            )
        else:
            question, detail = "Keep the what-if as the real game?", box.keep_summary()
        self.app.push_screen(ConfirmDialog(question, detail), answer)

    def action_discard(self) -> None:
        """Ask, then drop the sandbox."""
        screen = self.sandbox_screen
        n = len(screen.sandbox.own_lines())

        def answer(yes: bool | None) -> None:
            if yes:
                screen.discard()

        detail = (
            f"The sandbox's {n} line{'s' if n != 1 else ''} are dropped; the real game is as "
            "it was (nothing of the sandbox was ever saved)."
        )
        self.app.push_screen(ConfirmDialog("Discard the what-if?", detail), answer)

    def action_share(self) -> None:
        """Show the sandbox on the phones, or the real game again."""
        self.sandbox_screen.share(not self.sandbox_screen.shared)
        self.show()


def comparison_table(table: Comparison) -> Group:
    """The comparison as Rich tables (players, then companies): a figure that differs in
    bold yellow, marked ``*`` with its change."""
    players = Table(title=f"real game {table.real_where} · sandbox {table.sandbox_where}")
    companies = Table()
    for grid, first, keys in (
        (players, "player", table.PLAYER_KEYS),
        (companies, "company", table.COMPANY_KEYS),
    ):
        grid.add_column(first)
        for key in keys:
            grid.add_column(f"{key} real", justify="right")
            grid.add_column(f"{key} what-if", justify="right")
    for kind, name, cells in table.table():
        row: list[Text | str] = [escaped(name)]
        for real, sandbox, differs in cells:
            row.append(real)
            row.append(Text(f"* {sandbox}", style="bold yellow") if differs else sandbox)
        (players if kind == "player" else companies).add_row(*row)
    n = table.differences()
    said = f"{n} figure{'s' if n != 1 else ''} differ (marked *)" if n else "no figure differs"
    return Group(players, companies, Text(said, style="bold" if n else "dim"))
