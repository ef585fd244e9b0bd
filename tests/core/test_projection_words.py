"""What the projection says under its table, worded for the count (the 1853 demo, OR 2.1:
GIP, NWR and BBCI have no price yet and do not run; Carlos holds GIP, Amy GIP and BBCI)."""

from __future__ import annotations

from conftest import REPO, play

from moderator import scoring

DEMO = (REPO / "moderator" / "demo" / "demo-1853.script").read_text(encoding="utf-8")


def test_one_company_that_does_not_run_is_singular() -> None:
    notes = scoring.project(play(DEMO)).notes
    assert "Carlos also holds GIP, which does not run." in notes
    assert "Bob also holds NWR, which does not run." in notes
    assert "Amy also holds GIP, BBCI, which do not run." in notes
