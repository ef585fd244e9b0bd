"""``parse_line`` and ``format_command`` remember what they read and printed (issue 41):
the same answers as reading afresh, a refused line refused every time, a bounded memory."""

from __future__ import annotations

import pytest

from moderator import script
from moderator.script import ParseError, _parse_line, format_command, parse_line


def test_a_line_read_again_is_the_same_command() -> None:
    first = parse_line("buy Amy PRR")
    again = parse_line("buy Amy PRR")
    assert again is first
    assert again == _parse_line("buy Amy PRR")
    assert parse_line("# a comment") is None
    assert parse_line("# a comment") is None


def test_a_refused_line_is_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(ParseError, match="unknown command"):
            parse_line("frobnicate Amy")
    assert "frobnicate Amy" not in script._PARSED


def test_the_memory_is_bounded() -> None:
    for n in range(script._PARSED_MAX + 10):
        cmd = parse_line(f"pass P{n}")
        assert cmd is not None
        format_command(cmd)
    assert len(script._PARSED) <= script._PARSED_MAX
    assert len(script._FORMATTED) <= script._PARSED_MAX
    assert parse_line("pass P3") == _parse_line("pass P3")


def test_a_command_printed_again_prints_the_same() -> None:
    cmd = parse_line('adjust Amy 10 "a  reason"')
    assert cmd is not None
    line = format_command(cmd)
    assert format_command(cmd) is line
    fresh = _parse_line('adjust Amy 10 "a  reason"')
    assert fresh is not cmd and format_command(fresh) == line
    assert parse_line(line) == cmd
