"""The table view's company colours (moderator.web.colours): a title's own liveries
(``palette.TITLE_COMPANIES``) reach the phones under a class of the title's."""

from __future__ import annotations

from moderator import palette
from moderator.web.colours import css_class, stylesheet


def test_a_titles_own_livery_has_its_own_class() -> None:
    """1817's Strasburg (SR) is red on the phones, 1889's Sanuki Railway (SR) green; 1817's
    H and R have a livery, 1847's privates of those ids none."""
    assert css_class("SR", "1817") == "co co-1817-SR"
    assert css_class("SR", "1889") == css_class("SR") == "co co-SR"
    assert css_class("H", "1817") == "co co-1817-H"
    assert css_class("H", "1847AE") == "co"
    assert css_class("AS", "1817") == "co co-AS"  # 1817's id alone: the shared livery
    sheet = stylesheet()
    for title, own in palette.TITLE_COMPANIES.items():
        for cid, livery in own.items():
            assert f".co-{title}-{cid}{{background:{livery.bg};color:{livery.fg}}}" in sheet
    assert css_class("A&S", "1817") == "co"  # not a CSS name: no class
