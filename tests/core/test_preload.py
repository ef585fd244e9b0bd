"""What ``moderator open`` does before Textual is imported (:mod:`moderator.preload`):
the terminal set at once for the keys typed during the start."""

from __future__ import annotations

import os

import pytest

from moderator import preload


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """No terminal settings left noted by another test."""
    monkeypatch.setattr(preload, "terminal_before", None)


def test_the_terminal_passes_the_keys_typed_during_the_start_as_typed() -> None:
    """An Enter typed while the app starts stays a carriage return (the line discipline
    made it a line feed, read as ``ctrl+j``), nothing is echoed nor held for a line; the
    settings come back as they were."""
    import termios

    main, side = os.openpty()
    try:
        before = termios.tcgetattr(side)
        assert before[0] & termios.ICRNL and before[3] & termios.ICANON
        assert preload.keys_as_typed(side) == before == preload.terminal_before
        now = termios.tcgetattr(side)
        assert not now[0] & termios.ICRNL and not now[3] & (termios.ICANON | termios.ECHO)
        assert now[3] & termios.ISIG  # ctrl+c still stops a start
        os.write(main, b":note\r")
        assert os.read(side, 64) == b":note\r"  # at once, not waiting for a line
        preload.restore_terminal(side, before)
        assert termios.tcgetattr(side) == before and preload.terminal_before is None
    finally:
        os.close(main)
        os.close(side)
    assert preload.keys_as_typed(side) is None  # closed: not a terminal
    with open(os.devnull, "rb") as null:
        assert preload.keys_as_typed(null.fileno()) is None
