"""Small modal dialogs, each a ``ModalScreen[T]`` returning through ``dismiss()``.

* :class:`ChoiceDialog` lists legal commands (with their prices) and returns one.
* :class:`AmountDialog` asks for an amount (and an option such as the spend
  purpose), checking legality live with ``Game.try_command``.
* :class:`RunDialog` is the amount dialog of ``run``: revenue, then
  full/half/withhold, with the payout receipt (``Game.receipt``) shown live.
* :class:`ConfirmDialog` asks yes or no.

The dialogs never decide legality themselves: every choice they offer comes
from the game, and every amount is checked by the game before it is returned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from moderator import commands as c
from moderator.ui.session import Session
from moderator.ui.widgets.commandbar import FixedInput


class CommandDialog(ModalScreen[c.Command | None]):
    """A dialog returning a command (or ``None``), optionally handed over before it closes.

    :attr:`take`, when set, is called with the answer while the dialog is
    still open, before it is dismissed (and before any callback given to
    ``push_screen``).  The main screen gives the command there: its panels
    are redrawn before it is back on top, so closing the dialog, the
    command and the redrawn panels make one frame (a callback of
    ``push_screen`` runs after the main screen is back, and the panels it
    redraws come a frame later).  ``take`` must not push or pop screens.
    """

    def __init__(self, *, classes: str | None = None, id: str | None = None) -> None:
        super().__init__(classes=classes, id=id)
        self.take: Callable[[c.Command | None], object] | None = None
        """Called with the answer before the dialog is dismissed (see the class docstring)."""

    def answer(self, cmd: c.Command | None) -> None:
        """Hand ``cmd`` to :attr:`take` (once), then dismiss the dialog with it."""
        take, self.take = self.take, None
        if take is not None:
            take(cmd)
        self.dismiss(cmd)


class ChoiceDialog(CommandDialog):
    """Pick one of a list of legal commands; Enter takes it, Esc cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self, title: str, choices: list[tuple[str | Text, c.Command]], note: str = ""
    ) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.choices = choices
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            if self.note:
                yield Static(self.note, classes="dialog-note")
            options = [Option(label, id=str(i)) for i, (label, _) in enumerate(self.choices)]
            yield OptionList(*options, id="choices")
            yield Static("↑↓ choose · Enter confirm · Esc cancel", classes="dialog-keys")

    def on_mount(self) -> None:
        """Focus the list with the first choice highlighted."""
        options = self.query_one("#choices", OptionList)
        options.focus()
        if self.choices:
            options.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A choice was taken."""
        event.stop()
        self.answer(self.choices[int(event.option_id or 0)][1])

    def action_cancel(self) -> None:
        """Close without a command."""
        self.answer(None)


class ConfirmDialog(ModalScreen[bool]):
    """Yes or no: ``y``/Enter confirms, ``n``/Esc declines."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
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

    ``build(amount, option)`` makes the command; ``options`` are the choices
    cycled with ↑/↓ (``None`` = no option word).  Enter returns the command
    only when the game accepts it; otherwise the reason stays on screen.
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("up", "option(-1)", "Previous option", show=False),
        Binding("down", "option(1)", "Next option", show=False),
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
            yield FixedInput(value="" if self.initial is None else str(self.initial),
                        placeholder="amount", type="integer", id="amount")
            if len(self.options) > 1:
                yield Static(id="options", classes="dialog-options")
            yield Static(id="extra", classes="dialog-extra")
            yield Static(id="reason", classes="dialog-reason")
            keys = "type the amount · ↑↓ option · Enter confirm · Esc cancel"
            if len(self.options) == 1:
                keys = "type the amount · Enter confirm · Esc cancel"
            yield Static(keys, classes="dialog-keys")

    def on_mount(self) -> None:
        """Focus the amount and draw the first check."""
        self.query_one("#amount", Input).focus()
        self.recheck()

    @property
    def amount(self) -> int | None:
        """The typed amount, or ``None`` while it is empty or not a number."""
        text = self.query_one("#amount", Input).value.strip()
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
        why = self.session.reason(cmd)
        if why is None:
            reason.update(Text(f"✓ {self.session.line(cmd)}", style="green"))
        else:
            reason.update(Text(f"✗ refused: {why}", style="bold red"))

    def on_input_changed(self, event: Input.Changed) -> None:
        """Check again as the amount is typed."""
        event.stop()
        self.recheck()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter: return the command if the game accepts it."""
        event.stop()
        cmd = self.command()
        if cmd is None:
            self.app.bell()
            return
        why = self.session.reason(cmd)
        if why is not None:
            self.app.bell()
            self.notify(f"refused: {why}", severity="error", title="Refused")
            return
        self.answer(cmd)

    def type_ahead(self, event: Key) -> None:
        """A key typed before the dialog had the focus: digits go to the amount,
        Enter confirms, arrows move the option."""
        amount = self.query_one("#amount", Input)
        if event.is_printable and event.character:
            amount.insert_text_at_cursor(event.character)
        elif event.key == "enter":
            self.on_input_submitted(Input.Submitted(amount, amount.value))
        elif event.key in ("up", "down"):
            self.action_option(-1 if event.key == "up" else 1)

    def on_key(self, event: Key) -> None:
        """Keys reaching the dialog itself (the amount not focused yet) are typed ahead."""
        amount = self.query_one("#amount", Input)
        if not amount.has_focus and (event.is_printable or event.key == "enter"):
            amount.focus()
            self.type_ahead(event)
            event.stop()

    def action_option(self, step: int) -> None:
        """Select the previous or next option."""
        self.selected = (self.selected + step) % len(self.options)
        self.recheck()

    def action_cancel(self) -> None:
        """Close without a command."""
        self.answer(None)


class RunDialog(AmountDialog):
    """``run COMPANY REVENUE full|half|withhold`` with the payout receipt drawn live."""

    def __init__(self, session: Session, company: str, initial: int | None = None) -> None:
        def build(amount: int, option: str | None) -> c.Command:
            return c.Run(company=company, revenue=amount, option=option)  # type: ignore[arg-type]

        super().__init__(
            session, f"Run {company}: revenue, then full / half / withhold", build,
            options=["full", "half", "withhold"],
            option_labels={"full": "full", "half": "half", "withhold": "withhold"},
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
