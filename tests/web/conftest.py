"""Fixtures of the table-view tests; the helpers themselves are in ``web_helpers``.

``tests/web`` is a package, so this conftest never stands in for ``tests/conftest.py``
when another folder's tests import from ``conftest``.
"""

from __future__ import annotations

from .web_helpers import browser, saved_game

__all__ = ["browser", "saved_game"]
