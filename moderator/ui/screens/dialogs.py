"""Small modal dialogs, each a ``ModalScreen[T]`` returning through ``dismiss()``.

* :class:`ChoiceDialog` lists legal commands (with their prices) and returns
  one; typing letters or digits narrows the list (type-to-filter).
* :class:`AmountDialog` asks for an amount (and an option such as the spend
  purpose), checking legality live with ``Game.try_command``.
* :class:`RunDialog` is the amount dialog of ``run``: revenue, then the payout
  kinds the company may use, with the payout receipt (``Game.receipt``) live.
* :class:`ConfirmDialog` asks yes or no.

The dialogs never decide legality themselves: every choice they offer comes
from the game, and every command is written as a banker-script line, read
back by the script parser and checked by the game before it is returned —
one rule for the dialogs and the command bar.

No key typed is lost: a dialog takes keys only once it is drawn and focused
(until then the app holds them, see :class:`~moderator.ui.app.ModeratorApp`),
and every key it uses is a priority binding, handled as the app reads it, so
the keys of a burst act in the order typed — the Enter that closes a dialog
closes it before the next key is read, and that key goes to the screen below
(or to the next dialog of a two-step choice, opened at once).
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any, Union

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from moderator import commands as c
from moderator.script import ParseError, parse_line
from moderator.ui.host import KeysReady
from moderator.ui.session import Session
from moderator.ui.widgets.commandbar import FixedInput

Step = Union[c.Command, "CommandDialog", None]
"""What a first choice leads to: a command to give, a second dialog, or nothing."""

FILTER_KEYS = tuple(string.digits) + tuple(string.ascii_lowercase)
"""Keys that narrow a choice list (type-to-filter)."""


def script_reason(session: Session, cmd: c.Command) -> str | None:
    """Why the command bar would refuse ``cmd``: the script parser reading its line, then
    the game (``None`` when both accept it).  A dialog asks this before it closes, so a
    dialog gives nothing the bar (and so a replayed script) would refuse."""
    try:
        parsed = parse_line(session.line(cmd))
    except ParseError as exc:
        return exc.message
    return session.reason(parsed if parsed is not None else cmd)


class AmountInput(FixedInput):
    """The amount field: digits are the dialog's keys (bindings acted on as the app reads
    them), not keys the input takes for itself."""

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        """Leave digits to the dialog's bindings; other characters as Textual's input."""
        if character is not None and character.isdigit():
            return False
        return super().check_consume_key(key, character)


class CommandDialog(ModalScreen[c.Command | None]):
    """A dialog returning a command (or ``None``), optionally handed over before it closes.

    :attr:`take`, when set, is called with the answer while the dialog is
    still open, before it is dismissed (and before any callback given to
    ``push_screen``).  The main screen gives the command there: its panels
    are redrawn before it is back on top, so closing the dialog, the
    command and the redrawn panels make one frame (a callback of
    ``push_screen`` runs after the main screen is back, and the panels it
    redraws come a frame later).  ``take`` must not push or pop screens.

    :attr:`then`, when set, turns the answer into the next step: a command
    (given as the answer) or a second dialog, which replaces this one at once
    and inherits :attr:`take` (e.g. par: the corporation, then the price).
    """

    def __init__(self, *, classes: str | None = None, id: str | None = None) -> None:
        super().__init__(classes=classes, id=id)
        self.take: Callable[[c.Command | None], object] | None = None
        """Called with the answer before the dialog is dismissed (see the class docstring)."""
        self.then: Callable[[c.Command], Step] | None = None
        """Turns the answer into the next step (see the class docstring)."""
        self.ready_for_keys = False
        """Whether the dialog takes keys yet (the app holds them until it is focused)."""

    def keys_ready(self) -> None:
        """The dialog is drawn and focused: the app may hand it the keys typed meanwhile."""
        self.app.post_message(KeysReady(self))

    def answer(self, cmd: c.Command | None) -> None:
        """Hand ``cmd`` to :attr:`take` (once), then dismiss the dialog with it."""
        take, self.take = self.take, None
        if cmd is not None and self.then is not None:
            step = self.then(cmd)
            if isinstance(step, CommandDialog):
                self.dismiss(None)
                step.take = take
                self.app.push_screen(step)
                return
            cmd = step
        if take is not None:
            take(cmd)
        self.dismiss(cmd)


class ChoiceDialog(CommandDialog):
    """Pick one of a list of legal commands; Enter takes it, Esc cancels.

    Letters and digits typed narrow the list to the choices whose key starts
    with them (``keys``, by default the label's words), Backspace widens it.
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", priority=True),
        Binding("enter", "pick", "Choose", priority=True),
        Binding("up,left", "move('cursor_up')", show=False, priority=True),
        Binding("down,right", "move('cursor_down')", show=False, priority=True),
        Binding("home", "move('first')", show=False, priority=True),
        Binding("end", "move('last')", show=False, priority=True),
        Binding("pageup", "move('page_up')", show=False, priority=True),
        Binding("pagedown", "move('page_down')", show=False, priority=True),
        Binding("backspace", "unfilter", show=False, priority=True),
        *[Binding(k, f"filter('{k}')", show=False, priority=True) for k in FILTER_KEYS],
        *[Binding(k.upper(), f"filter('{k}')", show=False, priority=True)  # either case
          for k in string.ascii_lowercase],
    ]

    def __init__(
        self,
        title: str,
        choices: list[tuple[str | Text, c.Command]],
        note: str = "",
        keys: list[str] | None = None,
    ) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.choices = choices
        self.note = note
        self.keys = [k.lower() for k in keys] if keys is not None else [
            (label.plain if isinstance(label, Text) else label).lower() for label, _ in choices]
        """What type-to-filter matches, per choice."""
        self.typed = ""
        """The filter typed so far."""
        self.shown: list[int] = list(range(len(choices)))
        """Indexes of the choices the filter leaves, in order."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            if self.note:
                yield Static(self.note, classes="dialog-note")
            options = [Option(label, id=str(i)) for i, (label, _) in enumerate(self.choices)]
            yield OptionList(*options, id="choices")
            yield Static(self.keys_line(), id="choice-keys", classes="dialog-keys")

    def keys_line(self) -> Text:
        """The line of keys under the list, with the filter typed."""
        line = Text("↑↓ choose · type to narrow · Enter confirm · Esc cancel", style="")
        if self.typed:
            line = Text.assemble(("narrowed to ", "dim"), (self.typed, "bold"),
                                 (f" ({len(self.shown)})", "dim"),
                                 " · Backspace widens · Enter confirm · Esc cancel")
        return line

    def on_mount(self) -> None:
        """Focus the list with the first choice highlighted; take the keys typed meanwhile."""
        options = self.query_one("#choices", OptionList)
        self.set_focus(options, scroll_visible=False)
        if self.choices:
            options.highlighted = 0
        self.keys_ready()

    def matches(self, index: int) -> bool:
        """Whether choice ``index`` fits the filter typed (a word of its key starts with it)."""
        key = self.keys[index]
        return key.startswith(self.typed) or any(
            word.lstrip("$£¥€").startswith(self.typed) for word in key.split())

    def refilter(self) -> None:
        """Show the choices the filter leaves (a new list only when the filter changed)."""
        shown = [i for i in range(len(self.choices)) if self.matches(i)]
        if not shown:
            self.typed = self.typed[:-1]
            self.app.bell()
            return
        self.shown = shown
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        options.add_options([Option(self.choices[i][0], id=str(i)) for i in shown])
        options.highlighted = 0
        self.query_one("#choice-keys", Static).update(self.keys_line())

    def action_filter(self, key: str) -> None:
        """Narrow the list by one more character."""
        self.typed += key
        self.refilter()

    def action_unfilter(self) -> None:
        """Widen the list by one character."""
        if self.typed:
            self.typed = self.typed[:-1]
            self.refilter()

    def action_move(self, how: str) -> None:
        """Move the highlight (the list's own action, run as the key is read)."""
        getattr(self.query_one("#choices", OptionList), f"action_{how}")()

    def action_pick(self) -> None:
        """Take the highlighted choice."""
        options = self.query_one("#choices", OptionList)
        option = options.highlighted_option
        if option is None:
            self.app.bell()
            return
        self.answer(self.choices[int(option.id or 0)][1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A choice was clicked."""
        event.stop()
        if self.is_current:
            self.answer(self.choices[int(event.option_id or 0)][1])

    def action_cancel(self) -> None:
        """Close without a command."""
        self.answer(None)


class ConfirmDialog(ModalScreen[bool]):
    """Yes or no: ``y``/Enter confirms, ``n``/Esc declines."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes", priority=True),
        Binding("n,escape", "answer(False)", "No", priority=True),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.question, classes="dialog-title")
            if self.detail:
                yield Static(self.detail, classes="dialog-note")
            yield Static("y / Enter: yes · n / Esc: no", classes="dialog-keys")

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)


class AmountDialog(CommandDialog):
    """An amount plus (optionally) one of a few options, checked live by the game.

    ``build(amount, option)`` makes the command; ``options`` are the choices,
    laid out left to right and moved with ←/→ or ↑/↓ (``None`` = no option
    word).  Enter returns the command only when the script parser and the
    game accept it; otherwise the reason stays on screen.
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", priority=True),
        Binding("enter", "confirm", "Confirm", priority=True),
        Binding("up,left", "option(-1)", "Previous option", show=False, priority=True),
        Binding("down,right", "option(1)", "Next option", show=False, priority=True),
        Binding("backspace", "erase", show=False, priority=True),
        *[Binding(d, f"digit('{d}')", show=False, priority=True) for d in string.digits],
    ]

    def __init__(
        self,
        session: Session,
        title: str,
        build: Callable[[int, str | None], c.Command],
        options: list[str | None] | None = None,
        option_labels: dict[str | None, str] | None = None,
        initial: int | None = None,
        note: str = "",
        dialog_id: str | None = None,
    ) -> None:
        super().__init__(classes="dialog", id=dialog_id)
        self.session = session
        self.title_text = title
        self.build = build
        self.options = options or [None]
        self.option_labels = option_labels or {}
        self.selected = 0
        self.initial = initial
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            if self.note:
                yield Static(self.note, classes="dialog-note")
            yield AmountInput(value="" if self.initial is None else str(self.initial),
                              placeholder="amount", type="integer", id="amount")
            if len(self.options) > 1:
                yield Static(id="options", classes="dialog-options")
            yield Static(id="extra", classes="dialog-extra")
            yield Static(id="reason", classes="dialog-reason")
            keys = "type the amount · ←→ option · Enter confirm · Esc cancel"
            if len(self.options) == 1:
                keys = "type the amount · Enter confirm · Esc cancel"
            yield Static(keys, classes="dialog-keys")

    def on_mount(self) -> None:
        """Focus the amount, draw the first check, take the keys typed meanwhile."""
        amount = self.query_one("#amount", Input)
        self.set_focus(amount, scroll_visible=False)
        amount.cursor_position = len(amount.value)
        self.recheck()
        self.keys_ready()

    @property
    def amount(self) -> int | None:
        """The typed amount, or ``None`` while it is empty or not a number."""
        text = self.query_one("#amount", Input).value.strip()
        if not text or len(text) > 12:
            return None
        try:
            return int(text)
        except ValueError:
            return None

    @property
    def option(self) -> str | None:
        """The option now selected."""
        return self.options[self.selected]

    def command(self) -> c.Command | None:
        """The command for what is typed, or ``None`` without an amount."""
        amount = self.amount
        if amount is None:
            return None
        try:
            return self.build(amount, self.option)
        except ValueError:
            return None

    def describe(self, cmd: c.Command | None) -> Any:
        """Extra text under the amount (the run dialog's receipt); none by default."""
        return ""

    def verdict(self, cmd: c.Command) -> str | None:
        """Why ``cmd`` is refused (script parser, then the game), or ``None``."""
        return script_reason(self.session, cmd)

    def recheck(self) -> None:
        """Redraw the options, the extra text and the game's verdict."""
        if len(self.options) > 1:
            line = Text()
            for i, opt in enumerate(self.options):
                label = self.option_labels.get(opt, opt or "—")
                if i:
                    line.append("  ")
                if i == self.selected:
                    line.append(f"▶ {label}", style="bold reverse")
                else:
                    line.append(f"  {label}", style="dim")
            self.query_one("#options", Static).update(line)
        cmd = self.command()
        self.query_one("#extra", Static).update(self.describe(cmd))
        reason = self.query_one("#reason", Static)
        if cmd is None:
            reason.update(Text("type an amount", style="dim"))
            return
        why = self.verdict(cmd)
        if why is None:
            reason.update(Text(f"✓ {self.session.line(cmd)}", style="green"))
        else:
            reason.update(Text(f"✗ refused: {why}", style="bold red"))

    @property
    def reason_text(self) -> str:
        """The verdict line as shown."""
        return str(self.query_one("#reason", Static).render())

    def on_input_changed(self, event: Input.Changed) -> None:
        """Check again as the amount changes (typed, pasted, or clicked at)."""
        event.stop()
        self.recheck()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter reached the input some other way (a click then Enter): confirm."""
        event.stop()
        if self.is_current:
            self.action_confirm()

    def action_digit(self, digit: str) -> None:
        """Type a digit into the amount (as the key is read: see the module docstring)."""
        self.query_one("#amount", Input).insert_text_at_cursor(digit)
        self.recheck()

    def action_erase(self) -> None:
        """Backspace in the amount."""
        self.query_one("#amount", Input).action_delete_left()
        self.recheck()

    def action_confirm(self) -> None:
        """Enter: return the command if the parser and the game accept it; else say why."""
        cmd = self.command()
        if cmd is None:
            self.app.bell()
            return
        why = self.verdict(cmd)
        if why is not None:
            self.app.bell()
            self.recheck()
            return
        self.answer(cmd)

    def action_option(self, step: int) -> None:
        """Select the previous or next option."""
        if len(self.options) > 1:
            self.selected = (self.selected + step) % len(self.options)
            self.recheck()

    def action_cancel(self) -> None:
        """Close without a command."""
        self.answer(None)


PAYOUT_LABELS: dict[str | None, str] = {
    "full": "full", "half": "half", "withhold": "withhold", None: "split (the only payout)"}


def payout_options(session: Session, company: str) -> list[str | None]:
    """The payout kinds ``company`` may use now, as ``run`` option words.

    The ruleset's ``payout_options`` hook says (``split`` is written as no
    option word); without the hook each kind is asked of the game with a
    trial revenue, and the kinds it accepts are offered.
    """
    game = session.game
    hook = getattr(game.ruleset, "payout_options", None)
    if hook is not None:
        kinds = tuple(hook(game.state, company))
        if kinds:
            return [None if k == "split" else k for k in kinds]
    offered: list[str | None] = []
    for kind in ("full", "half", "withhold"):
        if session.reason(c.Run(company=company, revenue=100, option=kind)) is None:  # type: ignore[arg-type]
            offered.append(kind)
    return offered or [None]


class RunDialog(AmountDialog):
    """``run COMPANY REVENUE [full|half|withhold]`` with the payout receipt drawn live.

    Only the payout kinds the company may use are offered (an 1846 independent
    railroad splits, 6.72: no choice is shown).
    """

    def __init__(self, session: Session, company: str, initial: int | None = None) -> None:
        def build(amount: int, option: str | None) -> c.Command:
            return c.Run(company=company, revenue=amount, option=option)  # type: ignore[arg-type]

        options = payout_options(session, company)
        words = [PAYOUT_LABELS.get(o, o or "") for o in options]
        title = f"Run {company}: revenue, then {' / '.join(words)}"
        if len(options) == 1:
            title = f"Run {company}: revenue ({words[0]})"
        super().__init__(
            session, title, build, options=options, option_labels=PAYOUT_LABELS,
            initial=initial, dialog_id="run-dialog",
        )
        self.company = company

    def describe(self, cmd: c.Command | None) -> Any:
        """The payout receipt of ``Game.receipt`` for the typed revenue and option."""
        from moderator.errors import Refusal

        if not isinstance(cmd, c.Run):
            return Text("the receipt appears as the revenue is typed", style="dim")
        try:
            receipt = self.session.game.receipt(self.company, cmd.revenue, cmd.option)
        except (Refusal, NotImplementedError) as exc:
            return Text(str(exc), style="red")
        return Text(receipt.text())
