"""``moderator state`` names the setup as the game does, not "SR 1": the state JSON gives
the round's kind as SR or OR only (the contract), with ``setup`` true before the first
stock round (1853's contract bids, 2.5; 1846's private distribution, 3.2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SCRIPTS, play

from moderator.cli import main

BIDS = (SCRIPTS / "1853-contract-bids.script").read_text(encoding="utf-8")


def _head(text: str, path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    play(text, path=path).close()
    assert main(["state", str(path)]) == 0
    return capsys.readouterr().out.splitlines()[0]


def test_the_contract_bids_are_the_setup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    claims = BIDS[: BIDS.index("claim Cid Bombay BBCI")]
    head = _head(claims, tmp_path / "bids.json", capsys)
    assert head.startswith("1853  setup  phase 1  bank £12,810")
    settled = BIDS[: BIDS.index("sell Bob NWR 1")]
    assert _head(settled, tmp_path / "sr1.json", capsys).startswith("1853  SR 1  phase 2")
