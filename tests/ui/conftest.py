"""Fixtures of the UI tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    """An empty saves folder."""
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder
