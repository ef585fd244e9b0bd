"""The checker dialog: check mode for tables that keep paper money.

Type what the table did — ``run NYC 370 half paid 19 price 90`` or ``sell Bob NYC
2`` (``check`` in front is optional) — and the answer shows as you type: the
right figures by the title's rules (the run's receipt, the price after a sale),
then a ✓ or ✗ line for every figure claimed, and the verdict with the rule
(``moderator.checker.check``).  A line that does not parse yet says what form
is expected.  Nothing is applied, journaled or saved; Enter keeps the line for
↑ recall, Esc closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from moderator.errors import Refusal
from moderator.ui.host import StrayKeysRefused

if TYPE_CHECKING:
    from moderator.checker import CheckAnswer
    from moderator.ui.session import Session

HINT = (
    "run CO REVENUE [full|half|withhold] [paid N] [price N] [PLAYER N]   or   "
    "sell PLAYER CO N [price N]"
)


def as_check(line: str) -> str:
    """The line as a ``check`` command (``check`` put in front when it is missing)."""
    words = line.split()
    if words and words[0].lower() == "check":
        return line.strip()
    return f"check {line.strip()}"


def answer_text(answer: CheckAnswer) -> Text:
    """A check's answer with ✓ lines green, ✗ lines red and the verdict in bold."""
    out = Text()
    for line in answer.lines:
        style = ""
        stripped = line.lstrip()
        if stripped.startswith("✓"):
            style = "green"
        elif stripped.startswith("✗"):
            style = "bold red"
        out.append(line + "\n", style=style)
    verdict = answer.summary()
    colour = {None: "bold", True: "bold green", False: "bold red"}[answer.verdict]
    out.append(verdict, style=colour)
    return out


def check_line(session: Session, line: str) -> tuple[CheckAnswer | None, Text]:
    """Check ``line`` against the game on screen: the answer (``None`` when the line is
    refused as a check) and the text to show."""
    from moderator.checker import check

    if not line.strip():
        return None, Text(HINT, style="dim")
    try:
        answer = check(session.game, as_check(line))
    except Refusal as exc:
        return None, Text(f"… {exc.message}", style="yellow")
    return answer, answer_text(answer)


class CheckerDialog(StrayKeysRefused, ModalScreen[None]):
    """Type a run or a sale the table made; see the right figures and ✓/✗ as you type."""

    KEYS_SAID = "type a line to check, ↑↓ recall, Esc closes"
    """Said when a key that is no key of this screen is refused (:class:`StrayKeysRefused`)."""

    DEFAULT_CSS = """
    CheckerDialog #checker-box {
        width: 100;
    }
    CheckerDialog #checker-input {
        width: 100%;
    }
    CheckerDialog #checker-answer {
        height: auto;
        max-height: 24;
        padding: 1 0 0 0;
    }
    """

    BINDINGS = [
        Binding("escape", "close", "Close", priority=True),
        Binding("up", "recall(-1)", "Earlier check", show=False),
        Binding("down", "recall(1)", "Later check", show=False),
    ]

    def __init__(self, session: Session, line: str = "") -> None:
        super().__init__(classes="dialog")
        self.session = session
        self.line = line
        self.answer: CheckAnswer | None = None
        """The answer to the line in the box (``None``: it is not a check yet)."""
        self.kept: list[str] = []
        """Lines checked with Enter, for ↑ recall."""
        self._recall = 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="checker-box"):
            yield Label("Check what the table did — changes nothing", classes="dialog-title")
            yield Input(
                self.line, placeholder="run NYC 370 half paid 19 price 90", id="checker-input"
            )
            with VerticalScroll(id="checker-answer"):
                yield Static(Text(HINT, style="dim"), id="checker-text")
            yield Static("Enter: keep the line (↑ recalls it)   Esc: close", classes="dialog-keys")

    def on_mount(self) -> None:
        """Focus the line (and answer a line given when opened)."""
        box = self.query_one("#checker-input", Input)
        box.focus()
        box.cursor_position = len(box.value)
        self.show(box.value)

    def show(self, line: str) -> None:
        """Answer ``line`` now."""
        self.answer, text = check_line(self.session, line)
        self.query_one("#checker-text", Static).update(text)

    def on_input_changed(self, event: Input.Changed) -> None:
        """Answer as the line is typed."""
        event.stop()
        self.show(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter: answer the line and keep it for recall."""
        event.stop()
        self.show(event.value)
        if event.value.strip() and (not self.kept or self.kept[-1] != event.value.strip()):
            self.kept.append(event.value.strip())
        self._recall = len(self.kept)

    def action_recall(self, step: int) -> None:
        """An earlier (or later) line checked with Enter."""
        if not self.kept:
            return
        self._recall = max(0, min(len(self.kept), self._recall + step))
        box = self.query_one("#checker-input", Input)
        box.value = self.kept[self._recall] if self._recall < len(self.kept) else ""
        box.cursor_position = len(box.value)

    def action_close(self) -> None:
        """Close (nothing was changed)."""
        self.dismiss(None)
