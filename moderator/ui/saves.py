"""Finding, naming and creating save files in the saves folder (no rules here)."""

from __future__ import annotations

import re
import time
from importlib import resources
from pathlib import Path

DEMO_SCRIPT = "demo-1846.script"
"""The shipped demo game, under ``moderator/demo/``."""


def list_saves(saves: Path) -> list[Path]:
    """Save files in ``saves``, most recently written first (rewind backups left out)."""
    if not saves.is_dir():
        return []
    found = [p for p in saves.glob("*.json") if ".before-rewind-" not in p.name]
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def latest_save(saves: Path) -> Path | None:
    """The most recently written save, if any."""
    found = list_saves(saves)
    return found[0] if found else None


def fresh_path(saves: Path, stem: str) -> Path:
    """``saves/STEM.json``, or ``STEM-2.json``... if that exists already."""
    saves.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", stem).strip("-") or "game"
    path = saves / f"{stem}.json"
    n = 2
    while path.exists():
        path = saves / f"{stem}-{n}.json"
        n += 1
    return path


def new_game_path(saves: Path, title: str, players: list[str]) -> Path:
    """A save name for a new game: title, players and the date."""
    return fresh_path(saves, f"{title}-{'-'.join(players)}-{time.strftime('%Y%m%d-%H%M')}")


def demo_script() -> str:
    """The text of the shipped demo script."""
    return (resources.files("moderator") / "demo" / DEMO_SCRIPT).read_text(encoding="utf-8")


def make_demo_save(saves: Path) -> Path:
    """Play the demo script into a fresh save in ``saves``; the save's path."""
    from moderator.game import Game
    from moderator.script import parse_script

    path = fresh_path(saves, Path(DEMO_SCRIPT).stem)
    game: Game | None = None
    for line in parse_script(demo_script()):
        if game is None:
            game = Game.from_command(line.command)
            continue
        outcome = game.execute(line.command)
        if not outcome.ok:
            raise RuntimeError(
                f"the demo script is refused at line {line.number}: {outcome.message}")
    assert game is not None
    game.save(path)
    return path
