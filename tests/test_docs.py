"""The user's script reference (docs/script.md) stays in step with the contract and the parser."""

from __future__ import annotations

import re

import pytest
from conftest import REPO, SHARED

from moderator.script import VERBS, parse_line

DOCS = REPO / "docs" / "script.md"
CONTRACT = SHARED / "spec" / "script.md"


def _code_lines(text: str, lang: str) -> list[str]:
    """The lines of the fenced code blocks of one language."""
    blocks = re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)
    return [line for block in blocks for line in block.splitlines()]


def _table_commands(text: str) -> list[str]:
    """The commands of a markdown table's first column: `` `verb ...` ``."""
    return re.findall(r"^\| `([^`]+)`", text, flags=re.M)


def test_every_example_line_of_the_reference_parses() -> None:
    text = DOCS.read_text(encoding="utf-8")
    lines = _code_lines(text, "script")
    lines += [cmd for row in _table_commands(text) for cmd in row.split("` / `")]
    assert len(lines) > 30
    for line in lines:
        parse_line(line)  # raises ParseError, naming the line's problem


def test_every_verb_of_the_contract_is_described_in_the_reference() -> None:
    if not CONTRACT.is_file():
        pytest.skip(f"the contract is not beside the checkout ({CONTRACT})")
    contract = CONTRACT.read_text(encoding="utf-8")
    verbs = {word.split()[0].strip("`").lower() for word in re.findall(r"`([a-z]+)[ `]", contract)}
    verbs &= set(VERBS)  # words in backticks that are verbs of the language
    assert {"par", "buy", "sell", "pass", "spend", "run", "train", "done"} <= verbs
    docs = DOCS.read_text(encoding="utf-8")
    missing = sorted(v for v in verbs if not re.search(rf"`{v}\b", docs))
    assert not missing, f"docs/script.md does not describe: {missing}"
