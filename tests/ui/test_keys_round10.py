"""Tenth keys round: players named like the keys, Esc typed at once, the header's player.

* 18Chesapeake before the draw for Cornelius Vanderbilt (``vanderbilt CORP`` right after
  ``game``, §7.1): the header named the first player "to act" although the engine takes
  the draw first and no player's line (``rulesets.drawn.DrawnPresident.next_actor``).  Now
  it names no one and says the draw comes first; ``x`` passes nobody (the engine's reason),
  and ``l`` lists the draw.
"""

from __future__ import annotations

from pathlib import Path

from bursting import send
from ui_helpers import main_screen, running, saved_lines

from moderator.game import Game
from moderator.ui.widgets.panels import StatusBar


def said(app: object) -> str:
    return " | ".join(n.message for n in app._notifications)  # type: ignore[attr-defined]


def header(app: object) -> str:
    return main_screen(app).query_one("#status", StatusBar).build().plain  # type: ignore[arg-type]


def fresh(title: str, players: list[str], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.json"
    game = Game.new(title, players)
    game.save(path)
    game.close()
    return path


async def test_18chesapeake_before_the_draw_names_no_player(tmp_path: Path) -> None:
    path = fresh("18Chesapeake", ["Amy", "Bob", "Cy"], tmp_path / "saves")
    async with running(path.parent) as (app, pilot):
        text = header(app)
        assert "to act" not in text and "the draw first" in text, text
        await send(pilot, ["x", "l", "c", "o", "enter"])  # the `l` typed behind the `x`
        assert saved_lines(path) == [] and app.screen is main_screen(app)
        assert "drawn first: `vanderbilt CORP`" in said(app), said(app)
        await send(pilot, ["l", "c", "o", "enter"])  # typed after the toast: the draw
        assert saved_lines(path) == ["vanderbilt CO"]
        assert "to act Amy" in header(app) and "the draw first" not in header(app)
