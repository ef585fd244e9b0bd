"""A footer whose keys change (other round, dimmed or lit) without a new layout.

Textual's :class:`~textual.widgets.Footer` removes and mounts one widget per
key whenever the screen's bindings are refreshed, and dims a key with a CSS
class; either way the change costs frames of its own after the command's
frame (a recompose, then a layout).  Here the footer is built once: the keys
are one widget, :class:`KeyStrip`, which draws them all as a single line of
text from the current bindings, and the command palette's key (docked on the
right) is a :class:`LiveFooterKey`, dimmed or lit when it is drawn.  Whether
the rules forbid a key (dimmed) or the round hides it (other keys shown), the
change is a repaint of one line, drawn in the same frame as the panels.

The footer looks like Textual's (this app's bindings have no groups and the
footer is not compact): the strip uses the same component styles as
Textual's footer keys, and a key under the mouse is lit and runs on a click.
It is not built on Textual's :class:`~textual.widgets.Footer` and its
``FooterKey``: their styles (compact and grouped keys, key groups, labels)
took 17 M instructions to parse at every start of the screen (issue 21.4),
for a footer of one strip and one key.

While the game is shared with the players' table view, :class:`SharingMark`
shows ``● sharing`` on the right of the keys (a click opens the sharing screen);
otherwise it takes no room.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.screen import Screen


class ShownKey(NamedTuple):
    """One key as the footer shows it."""

    key: str
    """The Textual key pressed when the key is clicked."""
    key_display: str
    """The key as printed (``^z``, ``F1``...)."""
    description: str
    """The label after the key."""
    action: str
    """The binding's action."""
    enabled: bool
    """``False`` when the key does nothing now (drawn dimmed)."""
    tooltip: str = ""
    """The binding's tooltip, shown while the mouse is over the key."""


class KeyStrip(Widget):
    """Every shown key but the palette's, drawn as one line like Textual's footer keys.

    :meth:`show` sets the keys; when they differ from those drawn the strip
    is repainted (its size never depends on the keys, so no layout is asked
    for).  Keys that do not fit are cut off on the right, as in Textual's
    footer.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "footer-key--hover"}
    DEFAULT_CSS = """
    KeyStrip {
        width: 1fr;
        height: 1;
        text-wrap: nowrap;
        text-overflow: clip;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
            padding: 0 1;
        }
        .footer-key--description {
            padding: 0 1 0 0;
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.keys: tuple[ShownKey, ...] = ()
        """The keys drawn, in order."""
        self._spans: list[tuple[int, int, ShownKey]] = []
        """Cells ``[start, end)`` of each key in the last drawing."""
        self._hover: int | None = None
        """Index of the key under the mouse, if any."""

    def show(self, keys: tuple[ShownKey, ...]) -> None:
        """Draw these keys (a repaint only, and only if they changed)."""
        if keys != self.keys:
            self.keys = keys
            if self._hover is not None and self._hover >= len(keys):
                self._hover = None
            self.refresh()

    def _label(self, shown: ShownKey) -> Text:
        """One key as Textual's :class:`FooterKey` draws it (not compact)."""
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        key_padding = self.get_component_styles("footer-key--key").padding
        description_padding = self.get_component_styles("footer-key--description").padding
        if shown.description:
            return Text.assemble(
                (" " * key_padding.left + shown.key_display + " " * key_padding.right, key_style),
                (
                    " " * description_padding.left
                    + shown.description
                    + " " * description_padding.right,
                    description_style,
                ),
            )
        return Text.assemble((shown.key_display, key_style))

    def render(self) -> Text:
        """The keys side by side; forbidden keys dimmed, the one under the mouse lit."""
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, ShownKey]] = []
        base = self.rich_style
        hover = self.get_component_rich_style("footer-key--hover")
        for index, shown in enumerate(self.keys):
            label = self._label(shown)
            under = base + hover if index == self._hover else base
            label.stylize_before(under)
            if not shown.enabled:
                label.stylize("dim")
            start = line.cell_len
            line.append_text(label)
            spans.append((start, line.cell_len, shown))
        self._spans = spans
        return line

    def key_at(self, x: int) -> int | None:
        """Index of the key drawn at cell ``x`` (``None`` between or after the keys)."""
        for index, (start, end, _shown) in enumerate(self._spans):
            if start <= x < end:
                return index
        return None

    def _set_hover(self, index: int | None) -> None:
        """Light the key under the mouse (a repaint of the strip)."""
        if index != self._hover:
            self._hover = index
            shown = self._spans[index][2] if index is not None else None
            self.tooltip = (shown.tooltip or None) if shown is not None else None
            self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Light the key under the mouse, as Textual's footer does."""
        self._set_hover(self.key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        """No key is lit once the mouse has left."""
        self._set_hover(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A click on a key presses it; a dimmed key rings the bell."""
        index = self.key_at(event.x)
        if index is None:
            return
        shown = self._spans[index][2]
        if shown.enabled:
            self.app.simulate_key(shown.key)
        else:
            self.app.bell()


class LiveFooterKey(KeyStrip):
    """The command palette's key, docked on the right and drawn compact as in Textual's
    footer; dimmed when the key does nothing now."""

    DEFAULT_CSS = """
    LiveFooterKey {
        dock: right;
        width: auto;
        padding-right: 1;
        border-left: vkey $foreground 20%;
        background: $footer-item-background;
        .footer-key--key {
            padding: 0;
        }
        .footer-key--description {
            padding: 0 0 0 1;
        }
    }
    """

    def __init__(self, shown: ShownKey, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.keys = (shown,)

    def set_live(self, live: bool) -> None:
        """Light or dim the key (a repaint of this key only)."""
        (shown,) = self.keys
        self.show((shown._replace(enabled=live),))


class SharingMark(Widget):
    """``● sharing`` while the table view's server runs (or starts or stops); hidden
    otherwise.  The app calls :meth:`update_mark` when the sharing changes."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    SharingMark {
        width: auto;
        height: 1;
        padding: 0 1;
        text-style: bold;
        color: $text-success;
        background: $success-muted;
        display: none;
    }
    SharingMark.-on {
        display: block;
    }
    """

    def on_mount(self) -> None:
        """Show whether the game is shared now."""
        self.update_mark()

    def _state(self) -> str | None:
        """``sharing``, ``sharing…`` (starting or stopping) or ``None``."""
        share = getattr(self.app, "table_share_made", None)  # none made: none shared
        if share is None:
            return None
        if share.busy:
            return "sharing…"
        if share.sharing is not None and getattr(share.sharing.source, "whatif", None):
            return "sharing WHAT-IF"
        return "sharing" if share.sharing is not None else None

    def update_mark(self) -> None:
        """Show or hide the mark (a repaint, and a layout only when it appears or goes)."""
        state = self._state()
        self.set_class(state is not None, "-on")
        self.tooltip = "The players' table view is shared (ctrl+t)" if state else None
        self.refresh()

    def render(self) -> Text:
        """The mark."""
        state = self._state()
        return Text(f"● {state}" if state else "", no_wrap=True, end="")

    def on_click(self, event: events.Click) -> None:
        """A click opens the sharing screen."""
        event.stop()
        opener = getattr(self.app, "open_sharing", None)
        if opener is not None:
            opener()


class QuietFooter(Widget, can_focus=False, can_focus_children=False):
    """The screen's keys at the bottom, built once; keys shown, hidden, dimmed or lit by
    a repaint.

    Built with the screen (its keys as the screen's bindings and guards give them then),
    so that the screen's first layout and frame have them: built later, when Textual
    publishes the bindings (as its own footer is), it made a second layout and a second
    frame of the whole screen at every opening (issue 41).  The keys are drawn again,
    by a repaint, whenever the bindings are published."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    QuietFooter {
        layout: horizontal;
        color: $footer-foreground;
        background: $footer-background;
        dock: bottom;
        height: 1;
    }
    """

    show_command_palette = True
    """Whether the command palette's key is shown (on the right)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._built = False
        """Whether the strip (and the palette's key, if any) has been composed."""
        self._has_palette = False
        """Whether the palette's key was composed."""

    def _keys(self) -> tuple[tuple[ShownKey, ...], ShownKey | None]:
        """The keys to show (one per action, in binding order) and the palette's key."""
        shown: list[ShownKey] = []
        actions: set[str] = set()
        palette: ShownKey | None = None
        palette_key = self.app.COMMAND_PALETTE_BINDING
        for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items():
            if key == palette_key:
                if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
                    palette = ShownKey(
                        binding.key,
                        self.app.get_key_display(binding),
                        binding.description,
                        binding.action,
                        enabled,
                        binding.tooltip or binding.description,
                    )
                continue
            if not binding.show or binding.action in actions:
                continue
            actions.add(binding.action)
            shown.append(
                ShownKey(
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    enabled,
                    tooltip,
                )
            )
        return tuple(shown), palette

    def compose(self) -> ComposeResult:
        """The strip of keys, then the command palette's key on the right."""
        keys, palette = self._keys()
        strip = KeyStrip()
        strip.keys = keys
        yield strip
        yield SharingMark()
        self._has_palette = palette is not None
        if palette is not None:
            yield LiveFooterKey(palette)
        self._built = True

    def relight(self) -> bool:
        """Show the current keys in place (other round's keys, dimming): a repaint only.

        Returns:
            ``False`` when the footer has not been built yet, or the palette's
            key appeared or went (only a rebuild will do).
        """
        if not self._built or not self.is_attached:
            return False
        keys, palette = self._keys()
        if (palette is not None) != self._has_palette:
            return False
        strips = [w for w in self.children if type(w) is KeyStrip]  # not the palette's key
        lights = [w for w in self.children if isinstance(w, LiveFooterKey)]
        if not strips or (palette is not None and not lights):
            # being recomposed or taken down (a screen closing as keys arrive): the
            # rebuild, if any, draws the keys
            return False
        strips[0].show(keys)
        if palette is not None:
            lights[0].set_live(palette.enabled)
        return True

    def on_mount(self) -> None:
        """Hear of the screen's bindings changing."""
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        """Hear no more."""
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Change the keys in place; build (compose) again only when the palette's key
        appears or goes, once the app has the focus, as Textual's footer."""
        if screen is self.screen and self.relight():
            return
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self.recompose)
