"""The players' table view: a live, read-only web page of the game for every phone.

``moderator serve [SAVE]`` (:func:`serve_main`) shares a save; the TUI shares its open
game with :func:`start_sharing` on a :class:`moderator.follow.LiveGame`.  See
:mod:`moderator.web.server` for how it stays read-only and how viewers follow along,
and ``docs/table-view.md`` for users.
"""

from moderator.follow import GameSource, LiveGame, SaveFollower
from moderator.web.server import (
    Sharing,
    create_app,
    lan_address,
    new_token,
    qr_text,
    serve_main,
    start_sharing,
)

__all__ = [
    "GameSource",
    "LiveGame",
    "SaveFollower",
    "Sharing",
    "create_app",
    "lan_address",
    "new_token",
    "qr_text",
    "serve_main",
    "start_sharing",
]
