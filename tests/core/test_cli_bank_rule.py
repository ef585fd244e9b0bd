"""``moderator play``'s bank line cites each title's own rule for a broken bank (issue 19.4):
1846 10.1, 1847 AE 9, 1853 5.1.1 ("the bank runs out of money"), from the ruleset's table
through the state JSON's ``bank.rule``."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.cli import main
from rulesets import title_name

BROKEN = {
    # the bank's whole cash paid out by an adjustment breaks it like any payment
    "1846": ("game 1846 Amy Bob Carlos\nadjust Amy 5300 test\n", "10.1"),
    "1847AE": ("game 1847AE Anna Bert Cora\nadjust Anna 6500 test\n", "9"),
    "1853": ("game 1853 Ann Bo Cat\nadjust Ann 12810 test\n", "5.1.1"),
}


@pytest.mark.parametrize("title", sorted(BROKEN))
def test_the_bank_line_says_broken_with_the_titles_rule(
    title: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, rule = BROKEN[title]
    script = tmp_path / "broken.script"
    script.write_text(text, encoding="utf-8")
    assert main(["play", str(script)]) == 0
    name = title_name(title)  # the title as people read it (issue 28.8): "1847 AE"
    head = next(x for x in capsys.readouterr().out.splitlines() if x.startswith(name))
    assert f"broken ({rule})" in head
    others = {r for _, r in BROKEN.values()} - {rule}
    assert not any(f"({r})" in head for r in others)


def test_a_bank_that_has_not_broken_shows_no_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "whole.script"
    script.write_text("game 1847AE Anna Bert Cora\n", encoding="utf-8")
    assert main(["play", str(script)]) == 0
    head = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("1847 AE "))
    assert "bank M6,500" in head and "broken" not in head
