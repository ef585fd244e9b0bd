"""`moderator project` fits the terminal (issue 21.7): the 1846 rulebook's 10.1 table,
wrapped into blocks that each fit the width, with every figure of the wide table.

Each block repeats the company column; the rounds' dividends, Stock and Sum come first,
then each player's Shrs/Amt pair (never split), with Cash on hand and the Final total
under the players.  The width is ``--width``, else ``COLUMNS`` or the terminal's, else 100.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SCRIPTS

from moderator import scoring
from moderator.cli import main
from moderator.game import Game

LONG_NAMES = {
    "Pam": "Pamela",
    "Quin": "Quintessa",
    "Rex": "Rexford",
    "Sue": "Susannah",
    "Tom": "Tomasz",
}
"""The five players of the 1853 phases script, renamed: the old table was 198 columns wide."""


@pytest.fixture(scope="module")
def five_players(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 5-player 1853 game in its last set of operating rounds, with long names."""
    folder = tmp_path_factory.mktemp("five")
    text = (SCRIPTS / "1853-phases.script").read_text()
    for short, long in LONG_NAMES.items():
        text = re.sub(rf"\b{short}\b", long, text)
    script = folder / "long-names.script"
    script.write_text(text)
    save = folder / "game.json"
    assert main(["play", str(script), "--save", str(save), "--quiet"]) == 0
    return save


def projection_of(save: Path, ors: int | None = None) -> scoring.Projection:
    game = Game.load(save, read_only=True)
    try:
        return scoring.project(game, None, ors)
    finally:
        game.close()


def blocks_of(text: str) -> list[list[str]]:
    """The table's blocks (split at blank lines), without its heading (``Projection
    (1853): amounts in £``), the places and the notes."""
    heading, table = text.split("Places if the game ends")[0].split("\n", 1)
    assert heading.startswith("Projection (") and heading.endswith(": amounts in £"), heading
    return [b.splitlines() for b in table.strip("\n").split("\n\n")]


def gathered(result: scoring.Projection, text: str) -> tuple[dict[str, list[str]], list[str]]:
    """Per company row and per footer label, the figures of every block in order, and the
    column titles (rounds, players) in order."""
    labels = ["Privates", "Cash on hand", "Final total"]
    rows: dict[str, list[str]] = {}
    titles: list[str] = []
    for block in blocks_of(text):
        head = next(n for n, line in enumerate(block) if line.startswith("Corp"))
        titles += [t for line in block[:head] for t in re.split(r"\s{2,}", line.strip())]
        for line in block[head + 1 :]:
            label = next((x for x in labels if line.strip().startswith(x)), None)
            key = label or line.split()[0]
            rest = line.strip()[len(key) :].split()
            rows.setdefault(key, []).extend(rest)
    return rows, titles


def wide_rows(result: scoring.Projection) -> dict[str, list[str]]:
    """The rulebook's table (``Projection.table``): each row's figures, keyed by company
    or footer label, the empty cells left out."""
    rows: dict[str, list[str]] = {}
    for row in result.table()[1:]:
        if row[0]:
            rows[row[0]] = row[1:]
        else:
            label = next(cell for cell in row if cell)
            rows[label] = [cell for cell in row[row.index(label) + 1 :] if cell]
    return rows


@pytest.mark.parametrize("width", [80, 100])
def test_five_players_fit_the_width_with_every_figure(
    five_players: Path, width: int, capsys: pytest.CaptureFixture[str]
) -> None:
    result = projection_of(five_players)
    rows = result.table()
    one_line = max(
        len("  ".join(c.rjust(max(len(r[i]) for r in rows)) for i, c in enumerate(row)))
        for row in rows
    )
    assert one_line > 180  # the old one-line layout: it wrapped in a 100-column terminal
    capsys.readouterr()
    assert main(["project", str(five_players), "--width", str(width)]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= width
    assert len(blocks_of(out)) == (1 if width == 100 else 2)
    figures, titles = gathered(result, out)
    assert figures == wide_rows(result)  # every company row and footer, figure for figure
    assert titles == [*result.rounds, *(p.name for p in result.players)]
    for place in result.places:  # the places, each with its score
        assert f"{place['place']}. {', '.join(place['players'])}" in out
        assert f"£{place['score']}" in out


def test_narrow_widths_keep_players_whole_and_footers_under_them(five_players: Path) -> None:
    result = projection_of(five_players, ors=6)
    for width in (40, 50, 60, 72):
        text = result.text(width)
        assert max(len(line) for line in text.splitlines()) <= width, width
        figures, titles = gathered(result, text)
        assert figures == wide_rows(result)
        assert titles == [*result.rounds, *(p.name for p in result.players)]
        for block in blocks_of(text):
            has_players = any(name in block[0].split() for name in LONG_NAMES.values())
            assert has_players == any(line.lstrip().startswith("Final total") for line in block)
    assert len(result.text(0).split("\n\n")) == 1  # 0: one wide table
    assert result.text(0) == result.text()


def test_the_width_comes_from_columns_then_100(
    five_players: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not a terminal (pytest captures the output): ``COLUMNS`` when set, else 100."""
    monkeypatch.setenv("COLUMNS", "64")
    capsys.readouterr()
    assert main(["project", str(five_players)]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 64 and len(blocks_of(out)) == 2
    monkeypatch.delenv("COLUMNS")
    assert main(["project", str(five_players)]) == 0
    out = capsys.readouterr().out
    assert 80 < max(len(line) for line in out.splitlines()) <= 100
    assert len(blocks_of(out)) == 1
    assert main(["project", str(five_players), "--width", "0"]) == 0
    assert len(blocks_of(capsys.readouterr().out)) == 1
