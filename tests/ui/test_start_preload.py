"""A save without its picture, read and replayed in a forked process while the app
starts (issue 41.2, :mod:`moderator.preload`): the app opens the very game, draws the same
main screen, and the keys typed at once act on it in order, as when it reads the save
itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.strip import Strip
from ui_helpers import SIZE, main_screen, rulebook_save, saved_lines, send_burst

from moderator import preload
from moderator.ui.app import ModeratorApp


def text_of(strips: list[Strip]) -> list[str]:
    return [strip.text for strip in strips]


async def opened_and_typed(saves: Path) -> tuple[list[str], list[str], list[str]]:
    """Open the newest save of ``saves`` and type a command at once: the main screen's
    rows first drawn, those after the command, and the save's lines."""
    app = ModeratorApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await send_burst(pilot, ":", "par Amy GT 60", "enter", "escape")
        first = app.first_rows  # type: ignore[attr-defined]
        after = text_of(main_screen(app)._compositor.render_strips())
        await pilot.press("ctrl+q")
    return first, after, saved_lines(saves / "rulebook.json")


@pytest.fixture(autouse=True)
def _first_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app notes the main screen's rows as first drawn (before any key acts)."""
    original = ModeratorApp.try_open

    def try_open(self: ModeratorApp, path: Path, game: object = None) -> str | None:
        reason = original(self, path, game)  # type: ignore[arg-type]

        def note() -> None:
            if not hasattr(self, "first_rows"):
                self.first_rows = text_of(main_screen(self)._compositor.render_strips())  # type: ignore[attr-defined]

        main_screen(self).call_after_refresh(note)
        return reason

    monkeypatch.setattr(ModeratorApp, "try_open", try_open)
    monkeypatch.setattr(preload, "_pending", None)


async def test_the_game_replayed_apart_is_the_game_replayed_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here, apart = tmp_path / "here", tmp_path / "apart"
    for saves in (here, apart):
        saves.mkdir()
        rulebook_save(saves, "# Stock Round 1")
    monkeypatch.setenv("MODERATOR_PRELOAD", "0")
    assert preload.start(here / "rulebook.json") is None
    expected = await opened_and_typed(here)

    monkeypatch.setenv("MODERATOR_PRELOAD", "1")
    taken = []
    original = preload.Preload.take

    def take(self: preload.Preload, key: list[int] | None) -> object:
        done = original(self, key)
        taken.append(done is not None)
        return done

    monkeypatch.setattr(preload.Preload, "take", take)
    assert preload.start(apart / "rulebook.json") is not None
    got = await opened_and_typed(apart)
    assert taken == [True]  # the game came from the forked process
    assert got[0] == expected[0]  # the same first frame
    assert got[1:] == expected[1:]
    assert expected[2][-1] == "par Amy GT 60"
