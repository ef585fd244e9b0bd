"""The saves folder as the TUI knows it: the names of :mod:`moderator.saves_index`.

The folder's rules live in the core (no Textual), so that the table view's
server and the command line read it as the TUI does; this module keeps the
names the TUI and its tests import.
"""

from __future__ import annotations

from moderator.saves_index import (
    BACKUP,
    DEMO_SCRIPT,
    DEMO_SCRIPTS,
    SaveSummary,
    close_game,
    demo_script,
    fresh_path,
    is_backup,
    latest_save,
    list_backups,
    list_saves,
    make_demo_save,
    new_game_path,
    save_summaries,
    summarize,
)

__all__ = [
    "BACKUP",
    "DEMO_SCRIPT",
    "DEMO_SCRIPTS",
    "SaveSummary",
    "close_game",
    "demo_script",
    "fresh_path",
    "is_backup",
    "latest_save",
    "list_backups",
    "list_saves",
    "make_demo_save",
    "new_game_path",
    "save_summaries",
    "summarize",
]
