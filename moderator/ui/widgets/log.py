"""The log panel: everything that happened, the latest at the bottom, every line reachable.

It keeps the last :data:`KEEP` lines (accepted commands, what the bank did
by itself, receipts, refusals) and shows the newest that fit; the mouse
wheel over it, or ctrl+↑ / ctrl+↓, scrolls back and on, and a new line
brings it back to the bottom.  The panel's size never depends on its
content: adding a line or scrolling is a repaint, never a new layout (the
screen gives it the rows the panels leave, and on a small terminal more rows for a
long receipt, see :meth:`~moderator.ui.screens.main.MainScreen.show_block`).
"""

from __future__ import annotations

from collections import deque

from rich.text import Text
from textual import events
from textual.widget import Widget

from moderator.text import escaped

KEEP = 500
"""Lines of history the log keeps."""
WHEEL_STEP = 3
"""Lines one turn of the mouse wheel scrolls."""


class LogPanel(Widget):
    """The log (see the module docstring)."""

    DEFAULT_CSS = "LogPanel { height: 10; }"

    def __init__(self, *, id: str | None = None, keep: int = KEEP) -> None:
        super().__init__(id=id)
        self.border_title = "Log"
        self.lines: deque[Text] = deque(maxlen=keep)
        """The lines kept, oldest first (a receipt is several)."""
        self.back = 0
        """How many display rows the view is scrolled back from the latest."""
        self._rows: list[Text] = []
        """The kept lines wrapped to the panel's width (display rows)."""
        self._counts: deque[int] = deque()
        """Display rows of each kept line, in :attr:`_rows`."""
        self._width = 0
        """The width :attr:`_rows` were wrapped at."""

    # ------------------------------------------------------------ content
    def add(self, text: str | Text, style: str = "") -> int:
        """Add lines (``\\n`` separates them) at the bottom; the view goes back to it.

        Returns:
            The number of lines added.
        """
        # a line is only text: names, notes and file names are never markup, and a
        # character a terminal acts on shows as its escape (issue 20.8)
        body = (
            Text(escaped(text, keep_newlines=True), style=style) if isinstance(text, str) else text
        )
        parts = body.split("\n")
        for part in parts:
            if len(self.lines) == self.lines.maxlen and self._width:
                del self._rows[: self._counts.popleft()]  # the oldest line drops out
            self.lines.append(part)
            if self._width:
                wrapped = self._wrap(part, self._width)
                self._rows.extend(wrapped)
                self._counts.append(len(wrapped))
        self.back = 0
        self._changed()
        return len(parts)

    def count_commands(self, count: int) -> None:
        """Show the game's number of commands in the title (``Log · 12 commands``); the
        border is repainted only when the count changed."""
        title = f"Log · {count} command{'' if count == 1 else 's'}"
        if title != self.border_title:
            self.border_title = title

    @property
    def plain_lines(self) -> list[str]:
        """The lines kept, as plain text."""
        return [line.plain for line in self.lines]

    def rows_of_last(self, count: int) -> int:
        """Display rows the last ``count`` lines take at the current width."""
        width = self._text_width()
        if not width:
            return count
        return sum(len(self._wrap(line, width)) for line in list(self.lines)[-count:])

    # ------------------------------------------------------------ scrolling
    def show_from(self, count: int) -> None:
        """Scroll so that the first of the last ``count`` lines is the top row (a block
        taller than the panel: its start in view, the rest below, said in the border)."""
        height = self._text_height()
        if not height:
            return
        back = max(0, self.rows_of_last(count) - height)
        if back != self.back:
            self.back = back
            self._changed()

    def scroll_lines(self, step: int) -> bool:
        """Scroll the view ``step`` rows on (positive) or back (negative).

        Returns:
            Whether the view moved (it stops at the first and the latest line).
        """
        rows = self.rows()
        limit = max(0, len(rows) - self._text_height())
        back = max(0, min(limit, self.back - step))
        if back == self.back:
            return False
        self.back = back
        self._changed()
        return True

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        """The wheel scrolls the log back (the board scrolls once the log is at its top)."""
        if self.scroll_lines(-WHEEL_STEP):
            event.stop()
            event.prevent_default()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        """The wheel scrolls the log on (the board scrolls once the log is at its end)."""
        if self.scroll_lines(WHEEL_STEP):
            event.stop()
            event.prevent_default()

    # ------------------------------------------------------------ drawing
    def _text_width(self) -> int:
        return self.content_region.width if self.is_mounted else 0

    def _text_height(self) -> int:
        return self.content_region.height if self.is_mounted else 0

    def _wrap(self, line: Text, width: int) -> list[Text]:
        if not line.plain:
            return [line]
        return list(line.wrap(self.app.console, width, overflow="fold"))

    def rows(self) -> list[Text]:
        """The kept lines wrapped to the current width."""
        width = self._text_width()
        if width and width != self._width:
            wrapped = [self._wrap(line, width) for line in self.lines]
            self._rows = [row for rows in wrapped for row in rows]
            self._counts = deque(len(rows) for rows in wrapped)
            self._width = width
        return self._rows

    def visible(self) -> list[Text]:
        """The rows shown now (the newest that fit, less :attr:`back`)."""
        rows = self.rows()
        height = self._text_height()
        end = len(rows) - self.back
        return rows[max(0, end - height) : end] if height else []

    def _changed(self) -> None:
        """Say what is hidden in the border, and repaint (never a new layout)."""
        rows = self.rows()
        height = self._text_height()
        end = len(rows) - self.back
        above = max(0, end - height)
        parts = []
        if above:
            parts.append(f"↑ {above} earlier")
        if self.back:
            parts.append(f"↓ {self.back} newer")
        subtitle = (" · ".join(parts) + " — wheel or ^↑ ^↓") if parts else ""
        if subtitle != self.border_subtitle:
            self.border_subtitle = subtitle
        self.refresh()

    def render(self) -> Text:
        """The visible rows."""
        out = Text("\n").join(self.visible())
        out.no_wrap = True
        out.overflow = "crop"
        return out

    def on_resize(self) -> None:
        """A new size: wrap again and keep the latest lines in view."""
        self.back = 0
        self._changed()
