"""The run dialog of a title with a mail run (1853 4.6.6): revenue, payout, and the mail.

``run COMPANY REVENUE [full|withhold] mail N``: one train of the company may carry the
Government Mail, whose revenue always goes to the company, whether or not a dividend
is paid (4.6.6).  The dialog is :class:`~moderator.ui.screens.dialogs.RunDialog` with a
second field for the mail (Tab moves between the two); the receipt drawn live is the
engine's (``Game.receipt``), and the command is checked by the parser and the game
like every dialog's.  Like the revenue, the mail opens as it was in the company's
last run, selected so that typing replaces it.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input, Static

from moderator import commands as c
from moderator.ui.screens.dialogs import AmountInput, RunDialog, typed_into, whole_number
from moderator.ui.session import Session

MAIL_RULE = "4.6.6"
"""1853's mail run rule."""


class MailRunDialog(RunDialog):
    """:class:`RunDialog` plus the mail run's amount (see the module docstring)."""

    BINDINGS = [
        *RunDialog.BINDINGS,
        Binding("tab,shift+tab", "switch_field", "Revenue or mail", show=False, priority=True),
    ]

    def __init__(
        self, session: Session, company: str, initial: int | None = None, mail: int | None = None
    ) -> None:
        super().__init__(session, company, initial)
        self.title_text += " · Tab: the mail run"
        if mail is None and initial is None and self.last is not None:
            mail = self.last.mail  # the same as last time (issue 18.8)
        self.initial_mail = mail
        self.field = "amount"
        """The field the digits go to: ``amount`` (the revenue) or ``mail``."""

    async def on_mount(self) -> None:  # type: ignore[override]
        """Add the mail field under the revenue, then as the run dialog (focus, check)."""
        box = self.query_one(".dialog-box")
        await box.mount(
            Static(
                f"Mail run ({MAIL_RULE}): always paid to {self.company}",
                classes="dialog-note",
                id="mail-label",
            ),
            AmountInput(
                value="" if self.initial_mail is None else str(self.initial_mail),
                placeholder="mail (none)",
                type="integer",
                id="mail",
            ),
            after=self.query_one("#amount"),
        )
        super().on_mount()

    @property
    def mail(self) -> int | None:
        """The typed mail revenue, or ``None`` while the field is empty or not a number."""
        try:
            text = self.query_one("#mail", Input).value
        except Exception:  # not mounted yet
            return None
        return whole_number(text)

    def command(self) -> c.Command | None:
        """The run with its mail (no ``mail`` word when none is typed)."""
        cmd = super().command()
        mail = self.mail
        if isinstance(cmd, c.Run) and mail is not None:
            return cmd.model_copy(update={"mail": mail})
        return cmd

    def action_switch_field(self) -> None:
        """Tab: the digits go to the other field."""
        self.field = "mail" if self.field == "amount" else "amount"
        field = self.query_one(f"#{self.field}", Input)
        self.set_focus(field, scroll_visible=False)
        field.cursor_position = len(field.value)
        if field.value:
            field.select_all()  # typing replaces it

    def action_digit(self, digit: str) -> None:
        """A digit into the field with the focus (replacing a selected amount)."""
        self.no_digit = None
        typed_into(self.query_one(f"#{self.field}", Input), digit)
        self.recheck()

    def action_erase(self) -> None:
        """Backspace in the field with the focus."""
        self.no_digit = None
        self.query_one(f"#{self.field}", Input).action_delete_left()
        self.recheck()
