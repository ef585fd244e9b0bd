"""The main screen's players and companies panels of a 1817 game: a short in its
corporation's column (``-1 short``, facts §5), a bankrupt player said so (facts §12), a
corporation whose president's certificate is in the market with no president (never
``pool``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from moderator.game import Game
from moderator.script import parse_script
from moderator.ui.widgets import panels

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def _state(script: str) -> dict[str, Any]:
    lines = list(parse_script((SCRIPTS / script).read_text(encoding="utf-8")))
    head = lines[0].command
    game = Game.new(head.title, list(head.players))  # type: ignore[attr-defined]
    for line in lines[1:]:
        assert game.execute(line.command).ok, line.text
    return game.state_json()


def _text(panel_class: type[panels.Panel], data: dict[str, Any]) -> str:
    """What the panel draws for ``data``, as plain text (without an app)."""
    panel = panel_class.__new__(panel_class)
    panel.data, panel.changed, panel.currency = data, set(), "$"
    panel.__dict__["_size_width"] = 150
    console = Console(width=150, color_system=None, force_terminal=False)
    with console.capture() as capture:
        console.print(panel.build())
    return capture.get()


def _row(text: str, name: str) -> str:
    return next(line for line in text.splitlines() if f" {name} " in f" {line} ")


def test_a_short_shows_in_its_corporations_column() -> None:
    drawn = _text(panels.PlayersPanel, _state("1817-cash-crisis.script"))
    assert "-1 short" in _row(drawn, "Amy")
    assert "short" not in _row(drawn, "Bob")


def test_bankrupt_players_and_no_pool_president() -> None:
    data = _state("1817-seventy-loans.script")
    assert "bankrupt" in _row(_text(panels.PlayersPanel, data), "Amy")
    companies = _text(panels.CompaniesPanel, data)
    assert "pool" not in companies and "none" in _row(companies, "GT")
