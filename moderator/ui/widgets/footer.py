"""A footer that is rebuilt only when other keys are to be shown.

Textual's :class:`~textual.widgets.Footer` removes and mounts all its key
widgets whenever the screen's bindings are refreshed, and dims a key with a
CSS class; either way every command restyles widgets and costs a frame of
its own.  Here the keys are built once per set of keys, and a key the rules
now allow or forbid is dimmed or lit by a style applied when it is drawn
(:class:`LiveFooterKey`), in the same frame as the rest of the command.
The footer looks like Textual's (this app's bindings have no groups).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.screen import Screen


class LiveFooterKey(FooterKey):
    """A footer key dimmed at render time (no CSS class) when the key does nothing now."""

    def __init__(self, key: str, key_display: str, description: str, action: str,
                 disabled: bool = False, tooltip: str = "", classes: str = "") -> None:
        super().__init__(key, key_display, description, action, tooltip=tooltip,
                         classes=classes)
        self._disabled = disabled

    def render(self) -> Text:
        """Textual's key label, dimmed when the key is not live."""
        text = super().render()
        if self._disabled:
            text.stylize("dim")
        return text

    def set_live(self, live: bool) -> None:
        """Light or dim the key (a repaint of this key only)."""
        if live == self._disabled:
            self._disabled = not live
            self.refresh()


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
        palette = self.app.COMMAND_PALETTE_BINDING
        for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items():
            if binding.show or key == palette:
                layout.append((key, binding.action, binding.description, binding.key_display,
                               tooltip))
                live.setdefault(binding.action, enabled)
        return tuple(layout), live

    def compose(self) -> ComposeResult:
        """One key per shown action, then the command palette's key on the right."""
        if not self._bindings_ready:
            return
        self._layout_shown = self._keys()[0]
        bindings = self.screen.active_bindings
        shown: set[str] = set()
        for _node, binding, enabled, tooltip in bindings.values():
            if not binding.show or binding.action in shown:
                continue
            shown.add(binding.action)
            yield LiveFooterKey(
                binding.key, self.app.get_key_display(binding), binding.description,
                binding.action, disabled=not enabled, tooltip=tooltip,
            ).data_bind(compact=Footer.compact)
        palette = bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if palette is not None and self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            _node, binding, enabled, _tooltip = palette
            yield LiveFooterKey(
                binding.key, self.app.get_key_display(binding), binding.description,
                binding.action, disabled=not enabled,
                tooltip=binding.tooltip or binding.description, classes="-command-palette",
            )

    def relight(self) -> bool:
        """Dim or light the keys in place, if the same keys are to be shown.

        Returns:
            ``False`` when other keys are to be shown (only a rebuild will do).
        """
        if self._layout_shown is None or not self.is_attached:
            return False
        layout, live = self._keys()
        if layout != self._layout_shown:
            return False
        for key in self.query(LiveFooterKey):
            key.set_live(live.get(key.action, True))
        return True

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Dim or light keys in place; rebuild only when other keys are to be shown."""
        if screen is self.screen and screen.app.app_focus and self.relight():
            return
        super().bindings_changed(screen)
