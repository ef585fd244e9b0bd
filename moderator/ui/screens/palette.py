"""The command palette (``ctrl+p``): Textual's, taking keys only once its list is drawn.

Textual's palette searches its commands in a worker, after each key typed into its
line, and Enter takes the line highlighted in the list shown at that moment.  In a burst
the Enter came before the list of the last letters typed: ``ctrl+p p a s s Space j o n a
s Enter``, with players Jo, Jon and Jonas and Jo to act, gave ``pass Jo`` (the first line
of the list for ``pass j``), where typed one at a time it gives nothing (no line of the
palette is Jonas's pass).  And the keys typed behind Enter reached the palette while it
was closing: ``... Enter x`` lost the ``x`` (typed one at a time it passes the next
player), ``... Enter Enter`` took the command a second time and closed the main screen
under it (the app stopped: fifteenth keys round, ``tests/ui/test_keys_round15.py``).

So this palette is a screen that holds keys (``ready_for_keys``, see
:class:`~moderator.ui.app.ModeratorApp`): the app hands it the next key only once the
list of what its line holds is drawn, and none once a command is chosen (the keys typed
behind it go to the screen under it, after the command, as typed one at a time).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

from textual import work
from textual.binding import Binding, BindingType
from textual.command import CommandInput, CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.worker import Worker, get_current_worker

from moderator.ui.host import KeysReady

_gather = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]
"""Textual's search of the palette's commands, without its worker decorator."""


class Palette(CommandPalette):
    """Textual's command palette, ready for keys only once its list shows its line's
    search (see the module docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # in the order typed: Textual's Enter posts a message, and the list's a second,
        # before the command is chosen (the keys behind it must wait for that)
        Binding("enter", "take", show=False, priority=True),
    ]

    def __init__(
        self, hold_keys: Callable[[], Callable[[], Awaitable[None]]], **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self._hold_keys = hold_keys
        """The app's: hold the keys typed until the callback it returns is called."""
        self._listed: str | None = None
        """The line (as typed) whose list is shown (``None``: none yet)."""
        self._taking = False
        """Whether Enter chose a line of the list (the palette closes with its command)."""

    @property
    def ready_for_keys(self) -> bool:
        """Whether the app may hand the palette the next key: its list shows what its line
        holds, and no command is chosen (the palette is closing)."""
        if self._taking or self._selected_command is not None or self._listed is None:
            return False
        try:
            typed = self.query_one(CommandInput).value
        except NoMatches:
            return False
        return typed == self._listed

    @ready_for_keys.setter
    def ready_for_keys(self, ready: bool) -> None:
        """The app marks a screen ready (``KeysReady``): the palette knows it itself."""

    def _gather_commands(self, search_value: str) -> Worker[None]:
        """Textual's search of ``search_value`` (its line, stripped), in a worker; the line
        as typed now is the one its list will show (a space typed or erased searches the
        same words again, and the list is drawn anew: its first line highlighted)."""
        return self._gather_for(search_value, self.query_one(CommandInput).value)

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_for(self, search_value: str, typed: str) -> None:
        """Textual's search; then the list shows ``typed``: the keys held go on."""
        await _gather(self, search_value)
        if not get_current_worker().is_cancelled:
            self._listed = typed
            self.app.post_message(KeysReady(self))

    def action_take(self) -> None:
        """Enter: Textual's (highlight the first line, or take the highlighted one); when it
        takes a line, no key goes to the palette any more (it closes with the command)."""
        commands = self.query_one(CommandList)
        at = commands.highlighted
        if at is None and commands.option_count == 1:
            at = 0
        self._taking = (
            self._list_visible and at is not None and not commands.get_option_at_index(at).disabled
        )
        self._select_or_command()

    def _select_or_command(self, event: Any = None) -> None:
        """Textual's; when it closes the palette and runs the chosen command after (as the
        app's next callback), the keys typed behind wait for that command."""
        if self._selected_command is None or self._list_visible:
            super()._select_or_command(event)
            return
        go_on = self._hold_keys()
        super()._select_or_command(event)
        self.app.call_later(go_on)  # after Textual's call of the command
