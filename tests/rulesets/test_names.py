"""Titles as people read them (rulesets.names): "1847 Pfalz" where the id is "1847Pfalz"."""

from __future__ import annotations

import pytest

from rulesets import RULESETS, ruleset_for, title_name

NAMES = {
    "1846": "1846",
    "1847AE": "1847 AE",
    "1847Pfalz": "1847 Pfalz",
    "1847RRRRB": "1847 RRRR&B",
    "1853": "1853",
    "1830": "1830",
    "1889": "1889",
    "18Chesapeake": "18Chesapeake",
    "1817": "1817",
}
"""The names the README gives the titles."""


@pytest.mark.parametrize(("title", "name"), NAMES.items())
def test_each_title_has_the_readme_s_name(title: str, name: str) -> None:
    ruleset = ruleset_for(title)
    assert ruleset.title.upper() == title.upper()
    assert ruleset.title_name == title_name(title) == title_name(title.lower()) == name


def test_every_title_is_named_and_an_unknown_one_is_shown_as_given() -> None:
    assert {title_name(t) for t in RULESETS} == set(NAMES.values())
    assert title_name("1822") == "1822"


def test_the_1847_family_s_refusals_name_the_version_as_its_own_refusals_do() -> None:
    for title in ("1847AE", "1847Pfalz", "1847RRRRB"):
        ruleset = ruleset_for(title)
        assert ruleset.edition == ruleset.title_name  # type: ignore[attr-defined]
