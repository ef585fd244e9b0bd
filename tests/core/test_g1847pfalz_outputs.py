"""1847 Pfalz and RRRR&B (issue 22) through the outputs 1847 AE has: the score, the XLSX
export, check mode and the save round trip, each on the hand-computed scripts."""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pytest
from conftest import SCRIPTS, play

from moderator import export, scoring
from moderator.checker import check, check_main
from moderator.game import Game

SCRIPTS_OF = {
    "1847Pfalz": "1847pfalz-three-players.script",
    "intro": "1847pfalz-intro-four-players.script",
    "1847RRRRB": "1847rrrrb-five-players.script",
}
VALUES = {
    # the scripts' last `expect ... value` lines, worked by hand there
    "1847Pfalz": ("A", 412),
    "intro": ("C", 310),
    "1847RRRRB": ("A", 196),
}


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return {k: play((SCRIPTS / name).read_text(encoding="utf-8")) for k, name in SCRIPTS_OF.items()}


@pytest.mark.parametrize("key", SCRIPTS_OF)
def test_final_score(key: str, games: dict[str, Game]) -> None:
    game = games[key]
    score = scoring.score(game)
    assert score.final and "bankrupt" in score.reason
    name, value = VALUES[key]
    assert score.player(name).total == value
    placed = {name for place in score.places for name in place["players"]}
    assert placed == {p.name for p in game.state.ledger.players}
    # privates have no stock value (9); no Krauss & Co. in these versions
    assert not any(i.what == "LFK" for p in score.players for i in p.items)


@pytest.mark.parametrize("key", SCRIPTS_OF)
def test_xlsx_export(key: str, games: dict[str, Game]) -> None:
    game = games[key]
    book = openpyxl.load_workbook(io.BytesIO(export.workbook(game)))
    assert list(book.sheetnames) == list(export.SHEETS)
    final = [[c.value for c in row] for row in book["Final"].iter_rows()]
    names = {p.name for p in game.state.ledger.players}
    assert names <= {row[0] for row in final if row}
    market = [[c.value for c in row] for row in book["Market"].iter_rows()]
    assert any(420 in row for row in market)  # the 1847 AE board's top right space


@pytest.mark.parametrize("key", SCRIPTS_OF)
def test_check_mode_in_a_game(key: str, games: dict[str, Game]) -> None:
    """`check run ...` in the game: the figures by the rules, nothing changed."""
    game = games[key]
    before = game.state_json()
    answer = check(game, "check run L 100")
    assert any("M10 a share" in line for line in answer.lines)
    assert game.state_json() == before


@pytest.mark.parametrize("title", ["1847Pfalz", "1847RRRRB", "RRRR&B"])
def test_check_mode_without_a_game(title: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = f"{title} run --company Saar --price 84 --row 4 --revenue 100".split()
    assert check_main(argv) == 0
    out = capsys.readouterr().out
    assert "M84 → M88" in out


@pytest.mark.parametrize("key", SCRIPTS_OF)
def test_save_round_trip(key: str, tmp_path: Path) -> None:
    """The save (box lines included) loads to the same state JSON and journal."""
    path = tmp_path / "g.json"
    game = play((SCRIPTS / SCRIPTS_OF[key]).read_text(encoding="utf-8"), path=path)
    state = game.state_json()
    game.close()
    loaded = Game.load(path, read_only=True)
    assert loaded.state_json() == state
    assert loaded.journal == game.journal
    assert loaded.title == game.title


# ----------------------------------------------------------------- the titles' names (issue 28.8)
NAMED = {"1847Pfalz": "1847 Pfalz", "1847RRRRB": "1847 RRRR&B"}


@pytest.mark.parametrize("key", NAMED)
def test_people_read_the_title_s_name_and_the_script_and_json_keep_its_id(
    key: str, games: dict[str, Game], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's "1847 Pfalz" and "1847 RRRR&B", not the ids "1847Pfalz", "1847RRRRB":
    in the CLI's tables and score, the workbook (its first row and its print headers), the
    saves list, the table view and refusals; the script, the save and the JSON keep the id."""
    from starlette.testclient import TestClient

    from moderator import cli
    from moderator.follow import LiveGame
    from moderator.saves_index import summarize
    from moderator.web import create_app

    game, name = games[key], NAMED[key]
    save = tmp_path / "game.json"
    text = game.script()
    script = tmp_path / "game.script"
    script.write_text(text, encoding="utf-8")
    assert cli.main(["play", str(script), "--save", str(save), "--quiet"]) == 0
    capsys.readouterr()
    assert cli.main(["state", str(save)]) == 0
    assert capsys.readouterr().out.startswith(f"{name}  ")
    assert cli.main(["score", str(save)]) == 0
    assert f"({name}, " in capsys.readouterr().out.splitlines()[0]
    assert cli.main(["state", str(save), "--json"]) == 0
    data = __import__("json").loads(capsys.readouterr().out)
    assert data["title"] == key and data["title_name"] == name
    assert text.startswith(f"game {key} ")  # the script keeps the id
    assert summarize(save).title == name  # the saves list
    book = openpyxl.load_workbook(io.BytesIO(export.workbook(game)))
    assert str(book["Final"]["A1"].value).startswith(f"{name}: final score")
    assert name.replace("&", "&&") in book["Final"].oddHeader.left.text  # && prints &
    with TestClient(create_app(LiveGame(game), "k" * 22)) as client:
        page = client.get("/?token=" + "k" * 22).text
    assert f"<title>{name.replace('&', '&amp;')} · " in page
    assert f"<h1>{name.replace('&', '&amp;')} <span" in page
    started = play("\n".join(text.splitlines()[:8]) + "\n")  # the box values, a purchase
    refused = started.execute("issue L 1")
    assert not refused.ok and refused.message.endswith(f"is not a command of {name}")
