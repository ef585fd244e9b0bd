"""A footer that rebuilds its keys only when the set of keys changes.

Textual's :class:`~textual.widgets.Footer` removes and mounts all its key
widgets whenever the screen's bindings are refreshed, which styles a dozen new
widgets with CSS on every command.  Here a refresh that only dims or lights
keys (the rules now allow or forbid them) flips those keys in place, and a
refresh that changes nothing does nothing.  It looks exactly like Textual's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.screen import Screen


class QuietFooter(Footer):
    """Textual's footer, without the rebuild when nothing but dimming changed."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._layout_shown: tuple[Any, ...] | None = None
        """The keys composed last (without their dimming), ``None`` before any."""

    def _keys(self) -> tuple[tuple[Any, ...], dict[str, bool]]:
        """The keys to show (everything but dimming) and, per action, whether it is live."""
        layout: list[Any] = []
        live: dict[str, bool] = {}
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            layout.append((binding.key, binding.action, binding.description, binding.show,
                           binding.key_display, tooltip))
            live.setdefault(binding.action, enabled)
        return tuple(layout), live

    def compose(self) -> ComposeResult:
        """Textual's keys; remember which were composed."""
        if self._bindings_ready:
            self._layout_shown = self._keys()[0]
        yield from super().compose()

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Dim or light keys in place; rebuild only when other keys are to be shown."""
        if (self._layout_shown is None or not self.is_attached or screen is not self.screen
                or not screen.app.app_focus):
            super().bindings_changed(screen)
            return
        layout, live = self._keys()
        if layout != self._layout_shown:
            super().bindings_changed(screen)
            return
        for key in self.query(FooterKey):
            disabled = not live.get(key.action, True)
            if disabled != key._disabled:
                key._disabled = disabled
                key.set_class(disabled, "-disabled")
