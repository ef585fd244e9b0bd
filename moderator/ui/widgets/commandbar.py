"""The command bar: banker script typed as on paper, completed and checked live.

Completion (Tab or →) offers first a whole legal command that starts with what
is typed (from ``Game.legal_commands``), else the next word: a verb, a player,
a company id or an option word.  Under the bar the game's verdict on the
typed line is shown as it is typed (``Game.try_command``).  Enter hands the
line to the screen, which executes it; ↑/↓ recall earlier lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Self

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, Label, Static

from moderator.script import VERBS, ParseError, parse_line
from moderator.ui.session import Session

OPTION_WORDS = (
    "ipo", "pool", "full", "half", "withhold", "tile", "token", "terrain", "fee", "from",
)


class ScriptSuggester(Suggester):
    """Completes banker script from the legal commands and the game's names."""

    def __init__(self, session: Callable[[], Session | None]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.session = session

    def words(self, position: int) -> list[str]:
        """Candidate words for the word at ``position`` (0 = the verb)."""
        if position == 0:
            return list(VERBS)
        session = self.session()
        if session is None:
            return list(OPTION_WORDS)
        data = session.data
        names = [p["name"] for p in data["players"]]
        ids = [co["id"] for co in data["companies"]]
        return names + ids + list(OPTION_WORDS)

    def complete(self, value: str) -> str | None:
        """The completed line for ``value``, or ``None``."""
        if not value.strip():
            return None
        low = value.lower()
        session = self.session()
        if session is not None and " " in value.strip():
            for cmd in session.legal():
                line = session.line(cmd)
                if line.lower().startswith(low) and len(line) > len(value):
                    return value + line[len(value):]
        words = value.split(" ")
        last = words[-1].lower()
        if not last:
            return None
        for word in self.words(len(words) - 1):
            if word.lower().startswith(last) and word.lower() != last:
                return value + word[len(last):]
        return None

    async def get_suggestion(self, value: str) -> str | None:
        """Textual's suggester hook."""
        return self.complete(value)


class FixedInput(Input):
    """An input whose size is set by the stylesheet, so typing never needs a new layout.

    Textual's input asks for a layout of the screen on every change of its
    value (its scrollable width follows the text), which on the main screen
    costs more than everything else a keystroke does.  The inputs here have
    a fixed width and height, so their own layout requests are dropped; the
    screen still lays them out when it is resized or rebuilt, and the
    scrollable width is kept up to date for scrolling a long line.
    """

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """Repaint (and recompose) as asked, never lay out again for the input itself."""
        return super().refresh(*regions, repaint=repaint, recompose=recompose)


class ScriptInput(FixedInput):
    """The command bar's input: Tab accepts the completion, ↑/↓ recall lines.

    The completion and the verdict are worked out as the value changes, in
    the same frame as the keystroke (Textual's suggester would run them in a
    worker, and the verdict would wait for the ``Changed`` message: two
    frames per key instead of one).
    """

    BINDINGS = [
        Binding("tab", "complete", "Complete", show=False, priority=True),
        Binding("up", "recall(-1)", "Earlier line", show=False),
        Binding("down", "recall(1)", "Later line", show=False),
        Binding("escape", "screen.leave_bar", "Leave the bar", show=False),
    ]

    def __init__(
        self, completer: ScriptSuggester, typed: Callable[[str], None], **kwargs: object
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.completer = completer
        self.typed = typed
        """Called with every new value (the bar shows the game's verdict)."""
        self.recalled: list[str] = []
        self.recall_at = 0

    def watch_value(self, value: str) -> None:
        """Complete and check the line now (see the class docstring)."""
        self._suggestion = (self.completer.complete(value) or "") if value else ""
        self.typed(value)

    def action_complete(self) -> None:
        """Take the suggested completion (like →)."""
        if self._suggestion:
            self.value = self._suggestion
            self.cursor_position = len(self.value)
        else:
            self.app.bell()

    def remember(self, line: str) -> None:
        """Keep an accepted line for recall."""
        self.recalled.append(line)
        self.recall_at = len(self.recalled)

    def action_recall(self, step: int) -> None:
        """Show an earlier or later line."""
        if not self.recalled:
            return
        self.recall_at = max(0, min(len(self.recalled), self.recall_at + step))
        self.value = self.recalled[self.recall_at] if self.recall_at < len(self.recalled) else ""
        self.cursor_position = len(self.value)


class CommandBar(Vertical):
    """The bar at the bottom: ``›`` prompt, input, and the verdict line."""

    DEFAULT_CSS = "CommandBar { height: auto; }"

    class Submitted(Message):
        """The banker pressed Enter on a line."""

        def __init__(self, bar: CommandBar, line: str) -> None:
            super().__init__()
            self.bar = bar
            self.line = line

    def __init__(self, session: Callable[[], Session | None], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session
        self.verdict_text = Text("")
        """What the verdict line shows now."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="bar-row"):
            yield Label("›", id="prompt")
            yield ScriptInput(
                ScriptSuggester(self.session), self.typed,
                placeholder="banker script, e.g. buy Amy NYC — press : to type, Esc to leave",
                id="script")
        yield Static("", id="verdict")

    @property
    def input(self) -> ScriptInput:
        """The input widget."""
        return self.query_one("#script", ScriptInput)

    def verdict(self, text: str | Text) -> None:
        """Show a verdict under the bar."""
        self.verdict_text = Text(text) if isinstance(text, str) else text
        self.query_one("#verdict", Static).update(text, layout=False)  # one line, fixed

    def check(self, value: str) -> Text:
        """The game's verdict on a typed line."""
        session = self.session()
        if not value.strip() or session is None:
            return Text("")
        try:
            cmd = parse_line(value)
        except ParseError as exc:
            return Text(f"✗ {exc.message}", style="red")
        if cmd is None:
            return Text("a comment", style="dim")
        why = session.reason(cmd)
        if why is None:
            return Text("✓ the rules accept this — Enter to give it", style="green")
        return Text(f"✗ refused: {why}", style="bold red")

    def typed(self, value: str) -> None:
        """Check the line as it is typed (an emptied bar keeps the last verdict)."""
        if value.strip():
            self.verdict(self.check(value))

    def on_input_changed(self, event: Input.Changed) -> None:
        """Already checked as the value changed (:meth:`typed`)."""
        event.stop()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Hand the line to the screen."""
        event.stop()
        if event.value.strip():
            self.post_message(self.Submitted(self, event.value))

    def accepted(self, line: str) -> None:
        """The screen accepted the line: clear the bar and keep the line for recall."""
        self.input.remember(line)
        self.input.value = ""
        self.verdict(Text(f"✓ {line}", style="green"))

    def refused(self, reason: str) -> None:
        """The screen refused the line: keep it to be corrected, show why."""
        self.verdict(Text(f"✗ refused: {reason}", style="bold red"))
