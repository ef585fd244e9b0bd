"""A save opened without its picture: the main screen's first frame that reaches the
terminal is the whole main screen as the engine left it (issue 41.2), drawn once.

The save is opened just after Textual's start (whose frames Textual holds back), the
footer is built with its keys and their dimming, and a panel drawn for its width (the
market) is drawn at its width before that frame: nothing of the first frame changes in
the frames after it, and no key typed meanwhile is lost or acts early.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.keys import REPLACED_KEYS, _get_unicode_name_from_key
from textual.screen import Screen
from ui_helpers import SIZE, burst_keys, main_screen, rulebook_save, saved_lines, settle

from moderator.ui.app import ModeratorApp
from moderator.ui.picture import picture_path
from moderator.ui.screens.main import MainScreen
from moderator.ui.widgets.panels import PanelColumn


class Framed(ModeratorApp):
    """The app, keeping each frame of the main screen that reaches the terminal (its
    cells and their styles, as composed then)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path=path, saves=path.parent)
        self.frames: list[list[list[Any]]] = []

    def _display(self, screen: Screen, renderable: object) -> None:
        super()._display(screen, renderable)  # type: ignore[arg-type]
        if isinstance(screen, MainScreen) and renderable is not None and not self._batch_count:
            self.frames.append([list(strip) for strip in screen._compositor.render_strips()])


def typed(key: str) -> events.Key:
    """The key event a terminal gives for ``key`` (as Textual's pilot makes it)."""
    name = REPLACED_KEYS.get(key, key)
    try:
        character: str | None = unicodedata.lookup(_get_unicode_name_from_key(name))
    except KeyError:
        character = key if len(key) == 1 else None
    return events.Key(key, character)


def demo_1847ae(saves: Path) -> Path:
    from moderator.saves_index import DEMO_SCRIPTS, make_demo_save

    return make_demo_save(saves, DEMO_SCRIPTS["1847AE"])


@pytest.mark.parametrize(
    "make",
    [lambda saves: rulebook_save(saves, "# Operating Round 1"), demo_1847ae],
    ids=["1846 row market", "1847 AE grid"],
)
async def test_the_first_frame_without_a_picture_is_the_whole_main_screen(
    saves: Path, make: Any
) -> None:
    path = make(saves)
    picture_path(path).unlink(missing_ok=True)
    app = Framed(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = main_screen(app)
        now = [list(strip) for strip in main._compositor.render_strips()]
        assert app.frames, "no frame of the main screen reached the terminal"
        assert app.frames[0] == now  # the footer's keys, the market at its width
        footer = "".join(segment.text for segment in now[-1])
        assert "Help" in footer and "palette" in footer


async def test_keys_typed_before_the_save_is_opened_wait_for_its_main_screen(
    saves: Path,
) -> None:
    """Keys that come between Textual's start and the opening of the save are held, in
    order, for the main screen (none reaches the empty screen under it)."""
    path = rulebook_save(saves, "# Stock Round 1")
    picture_path(path).unlink(missing_ok=True)
    before = saved_lines(path)

    class Early(ModeratorApp):
        def _open_after_start(self, path: Path) -> None:
            for key in burst_keys(":", "par Amy GT 60", "enter"):  # handled before the open
                self.post_message(typed(key))
            super()._open_after_start(path)
            assert not self._ready_for_keys()  # held until the main screen is ready

    app = Early(path=path, saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert saved_lines(path) == [*before, "par Amy GT 60"]


async def test_no_style_picks_a_widget_by_the_focus_of_one_around_it(saves: Path) -> None:
    """The panels' column restyles itself alone when its focus changes
    (:class:`moderator.ui.widgets.panels.PanelColumn`): that holds only while no rule of
    the app's styles (its own, the screens', every widget's) picks a widget by the focus
    of a widget around it (``#body:focus Panel``, ``:focus-within > X``)."""
    path = rulebook_save(saves, "# Stock Round 1")
    app = ModeratorApp(path=path, saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = main_screen(app)
        assert isinstance(main.query_one("#body"), PanelColumn)
        await pilot.press(":")  # the command bar's styles are in the sheet too
        await settle(pilot)
        around = [
            rule.css.splitlines()[0]
            for rule in app.stylesheet.rules
            for selectors in rule.selector_set
            for selector in selectors.selectors[:-1]
            if selector.pseudo_classes & {"focus", "focus-within"}
        ]
        assert around == []
        assert any(  # the check sees a focus rule where there is one (the bar's own)
            selectors.selectors[-1].pseudo_classes & {"focus"}
            for rule in app.stylesheet.rules
            for selectors in rule.selector_set
        )
