"""Players named as a `game` line's option word refused at rules level 11
(``Ruleset.variant_words``, the ``TITLE-game-words`` fixes): an old level-10 save seating
such a player opens and plays on, from the shell as from its own script, and the new-game
form refuses the name with the rule's message, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.cli import main
from moderator.game import Game
from moderator.journal import read_save

SEATED = {
    "1830": ["Sixes", "Ann", "Bob"],
    "1846": ["Ann", "Bob", "2ed"],
    "1853": ["Ann", "Shortened", "Bob"],
    "1889": ["Ann", "Bob", "Beginners"],
    "18Chesapeake": ["Ann", "Bob", "OTR"],
}
"""A player of each title named by one of its refused words (level 11)."""


@pytest.mark.parametrize("title", sorted(SEATED))
def test_a_level_10_save_continued_by_its_own_script(
    title: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``moderator play SCRIPT --save SAVE`` continues the save its script began under
    level 10: the script's `game` line is read at the save's level, as the save is (it
    was refused as a new game of today's: 'line 1: refused: `Sixes` in the `game` line')."""
    monkeypatch.setenv("MODERATOR_NO_PICTURE", "1")
    players = SEATED[title]
    path = tmp_path / "old.json"
    with Game.new(title, players, path=path, rules_level=10) as game:
        assert game.execute("note begun under level 10").ok
    script = tmp_path / "game.script"
    game_line = " ".join(["game", title, *players])
    script.write_text(f"{game_line}\nnote begun under level 10\nnote played on\n")
    assert main(["play", str(script), "--save", str(path), "--quiet"]) == 0, capsys.readouterr()
    saved = read_save(path)
    assert saved.rules_level == 10 and list(saved.players) == players
    assert [entry.line for entry in saved.journal][-1] == "note played on"
    # a new game of that line is still refused today, naming the rule
    fresh = tmp_path / "new.json"
    assert main(["play", str(script), "--save", str(fresh), "--quiet"]) != 0
    err = capsys.readouterr().err
    assert "in the `game` line" in err and "Traceback" not in err and not fresh.exists()


@pytest.mark.parametrize("title", sorted(SEATED))
def test_a_level_10_save_opens_for_writing_plays_on_and_is_read_by_the_shell(
    title: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.json"
    Game.new(title, SEATED[title], path=path, rules_level=10).close()
    with Game.load(path) as game:
        assert game.rules_level == 10 and game.notices() == []
        assert game.execute("note one").ok and game.execute("note two").ok
        game.undo()
        assert game.upgrade() is None and game.rules_level == 10  # it cannot move to 11
    again = Game.load(path, read_only=True)
    assert again.rules_level == 10 and [e.line for e in again.journal] == ["note one"]
    assert main(["state", str(path)]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in SEATED[title])


async def test_the_new_game_form_refuses_such_a_name_with_the_rules_message(
    saves: Path,
) -> None:
    """1830 in the form (as tests/ui/test_g1830_screen.py picks it), players `Amy Bob
    Sixes`: the form's line says the rule's refusal, Ctrl+S starts nothing."""
    from textual.widgets import Static

    from moderator.ui.app import ModeratorApp
    from moderator.ui.screens.start import NewGameScreen

    app = ModeratorApp(saves=saves)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("n", "shift+tab", "enter", "end", "up", "up", "up", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen) and screen.title_shown == "1830"
        await pilot.press("tab", *"Amy", "space", *"Bob", "space", *"Sixes")
        await pilot.pause()
        line = str(screen.query_one("#new-game-error", Static).render())
        assert "`Sixes` in the `game` line: the third 6-train is the option `sixes3`" in line
        assert "(facts D4)" in line
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.open_now is None
    assert list(saves.iterdir()) == []
