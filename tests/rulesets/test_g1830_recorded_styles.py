"""The recorded 1830 games play the same however a banker writes the turns' ends.

`tests/scripts/1830-recorded-*.script` end turns the shortest way: a purchase closes a
stock turn, the next company's line closes a company's turn.  A banker may also write a
`pass` after each purchase (as the recordings do, 4.0) and a `done` after each company's
turn (the contract's `done`); every mix of the two must reach the recorded final scores.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import play

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
RECORDED = sorted(SCRIPTS.glob("1830-recorded-*.script"))
CORPORATIONS = {"PRR", "NYC", "CPR", "BO", "B&O", "CO", "C&O", "ERIE", "NYNH", "BM", "B&M"}
OPERATING = {"run", "train", "spend", "buyprivate", "discard", "done"}


def _next_command(lines: list[str], start: int) -> list[str]:
    for line in lines[start:]:
        if line.strip() and not line.lstrip().startswith("#"):
            return line.split()
    return []


def with_passes(lines: list[str]) -> list[str]:
    """A `pass` after every share purchase that ends its turn (not B&O's free par, 8.1,
    and not where the same player's sale or purchase follows in the same turn)."""
    out: list[str] = []
    for i, line in enumerate(lines):
        out.append(line)
        words = line.split()
        if len(words) < 3 or words[0] not in ("buy", "par") or words[2] not in CORPORATIONS:
            continue
        if words[0] == "par" and words[2] in ("BO", "B&O"):
            continue
        following = _next_command(lines, i + 1)
        if following[:1] in (["sell"], ["buy"], ["par"], ["exchange"], ["pass"]) and following[
            1:2
        ] == [words[1]]:
            continue
        out.append(f"pass {words[1]}")
    return out


def with_dones(lines: list[str]) -> list[str]:
    """A `done` closing every company's turn before the next company or stock round."""
    out: list[str] = []
    current: str | None = None
    for line in lines:
        words = line.split()
        if line.startswith("# SR") and current:
            out.append(f"done {current}")
            current = None
        if words and not line.lstrip().startswith("#"):
            if words[0] in OPERATING and len(words) > 1:
                if current and words[1] != current and words[0] != "done":
                    out.append(f"done {current}")
                current = None if words[0] == "done" else words[1]
            elif words[0] in ("buy", "par", "pass", "bid", "trade") and current:
                out.append(f"done {current}")
                current = None
        out.append(line)
    return out


STYLES: dict[str, Callable[[list[str]], list[str]]] = {
    "passes": with_passes,
    "dones": with_dones,
    "both": lambda lines: with_dones(with_passes(lines)),
}


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("script", RECORDED, ids=lambda p: p.stem)
def test_the_recorded_game_ends_the_same_in_every_style(script: Path, style: str) -> None:
    lines = script.read_text(encoding="utf-8").splitlines()
    written = STYLES[style](lines)
    assert len(written) > len(lines)  # the style added lines
    game = play("\n".join(written) + "\n")  # its `expect`s hold: the recorded scores
    plain = play("\n".join(lines) + "\n")
    assert game.state.result == plain.state.result
    assert game.state.ledger.bank == plain.state.ledger.bank
