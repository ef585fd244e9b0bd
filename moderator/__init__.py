"""moderator: the 18xx banker's assistant.

The core (ledger, script, journal, game) never imports Textual; the screen
lives in :mod:`moderator.ui`.
"""

__version__ = "0.1.0"
