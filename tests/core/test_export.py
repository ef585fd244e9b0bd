"""The export (issue 9, point 4; issues 21.6, 28.4): the workbook read back by readers that
do not calculate (python-calamine, openpyxl's ``data_only``: every formula carries its
result), its formulas recomputed by LibreOffice headless — as written, and after a price and
a cash cell are changed — its column widths, its printed pages (LibreOffice's PDF: no text
under 8 points, each chart a page wide, the headers on every page), its charts and their
colours, the CSV files, progress and refusals.

LibreOffice runs once for the recomputation (every workbook converted in one call) and
once for the PDFs, each with a private profile directory so parallel runs do not clash.
The profile tells LibreOffice to recompute every formula on loading (it trusts the stored
results of an Excel-style file by default), so the recomputed figures are the formulas'.
"""

from __future__ import annotations

import ast
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from conftest import ENDED_1817_SCORES, REPO, SCRIPTS, ended_1817_with_a_short, play
from pypdf import PdfReader
from python_calamine import CalamineWorkbook

from moderator import export, palette, scoring
from moderator.errors import Refusal
from moderator.game import Game
from moderator.simulate import simulate

pytestmark = pytest.mark.xdist_group("export")
"""Under pytest-xdist (scripts/test: ``--dist loadgroup``) the module runs on one worker, so
its module fixtures (LibreOffice recomputing and printing every workbook, 20 s and more)
are made once, not once on each worker."""

TITLES = {
    "1846": "1846-rulebook-example.script",  # phase II: Carlos's BIG4 counts (10.3)
    "1847AE": "1847ae-krauss.script",  # B's Krauss & Co. counts at its price (4.1, 9)
    "1853": "1853-short-game.script",  # ended: the bank ran out; bonds excluded (5.2.1)
    "1830": "1830-bank-breaks.script",  # ended after the set the bank broke in (25.0)
}
MORE = {
    "bankrupt": "1847ae-forced-bankrupt.script",  # B bankrupt, placed last though ahead of C
    "tie": "1846-bank-breaks.script",  # Bob and Cat tie on $380
    "recorded": "1846-short-recorded.script",  # the recorded game of shared/examples
    "bankrupt1830": "1830-recorded-26855.script",  # Three bankrupt: his $544 not counted (25.0)
    "pfalz": "1847pfalz-three-players.script",  # A bankrupt in 1847 Pfalz (9)
    "five": "1846-2e-five-players.script",  # 1846 2e, five players, seven privates counted
    "rrrrb": "1847rrrrb-five-players.script",  # 1847 RRRR&B, five players
}
SCRIPT_OF = {**TITLES, **MORE}
SIMULATED = {"sim1847AE": ("1847AE", 1, 4), "sim1853": ("1853", 1, 4), "sim1853six": ("1853", 1, 6)}
"""Whole random legal games (moderator.simulate, seeded; title, seed, players): 1853's seed
1 ends in a tie; with six players and eight companies its tables are the widest (its
Rounds sheet printed at 33% before issue 28.4)."""

CHANGED_PRICE = {"1846": ("GT", 120), "1853": ("GIP", 150)}
"""Games whose workbook gets one company's price cell changed before recomputing."""
CHANGED_CASH = {"1846": ("Amy", 232)}
"""... and one player's cash cell."""

LO_CSV = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
"""UTF-8, comma separated, the values as computed (not as shown), every sheet (-1)."""

RECALC_ALWAYS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode"
 oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""
"""LibreOffice's setting 'recalculate on file load: always' for XLSX files, written into the
private profile: without it LibreOffice shows the results stored in the file."""

Row = list[Any]


# ----------------------------------------------------------------- fixtures and helpers
@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    out = {
        key: play((SCRIPTS / name).read_text(encoding="utf-8")) for key, name in SCRIPT_OF.items()
    }
    for key, (title, seed, players) in SIMULATED.items():
        out[key] = simulate(seed, players, max_commands=3000, title=title)
    return out


@pytest.fixture(scope="module")
def workbooks(games: dict[str, Game], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each game's workbook, written once."""
    where = tmp_path_factory.mktemp("xlsx")
    out = {}
    for key, game in games.items():
        out[key] = where / f"{key}.xlsx"
        export.export_xlsx(game, out[key])
    return out


def calamine(path: Path, sheet: str) -> list[Row]:
    """A sheet's rows as python-calamine reads them (numbers come back as floats)."""
    return CalamineWorkbook.from_path(str(path)).get_sheet_by_name(sheet).to_python()


def num(value: Any) -> int | None:
    """A cell as an int (``None`` for an empty cell)."""
    if value in ("", None):
        return None
    as_float = float(value)
    assert as_float == int(as_float), value
    return int(as_float)


def final_table(rows: list[Row]) -> tuple[list[str], Row, dict[str, Row]]:
    """The Final sheet's header, price row and player rows (by name)."""
    top = next(k for k, r in enumerate(rows) if r and r[0] == "Player")
    header = [str(h) for h in rows[top]]
    assert rows[top + 1][0] == "Price"
    players: dict[str, Row] = {}
    for r in rows[top + 2 :]:
        if not r or r[0] in ("", None):
            break
        players[str(r[0])] = r
    return header, rows[top + 1], players


def status(rows: list[Row]) -> dict[str, str]:
    return {str(r[0]): str(r[1]) for r in rows[:4] if r and r[0] in ("Game ended", "Why")}


def soffice() -> str:
    exe = shutil.which("soffice") or shutil.which("libreoffice")
    if exe is None:
        pytest.fail(
            "LibreOffice (soffice) is not installed, so the workbook's formulas cannot be "
            "recomputed: scripts/test installs Debian's libreoffice-calc "
            "(apt-get install --no-install-recommends libreoffice-calc)"
        )
    return exe


def libreoffice(
    convert_to: str, files: list[Path], out: Path, profile: Path
) -> subprocess.CompletedProcess[str]:
    """Convert ``files`` into ``out`` with LibreOffice headless, recomputing every formula
    on loading (a private profile: :data:`RECALC_ALWAYS`)."""
    out.mkdir(exist_ok=True)
    (profile / "user").mkdir(parents=True, exist_ok=True)
    (profile / "user" / "registrymodifications.xcu").write_text(RECALC_ALWAYS)
    return subprocess.run(
        [
            soffice(),
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--norestore",
            "--convert-to",
            convert_to,
            "--outdir",
            str(out),
            *map(str, files),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )


def recompute(files: list[Path], out: Path, profile: Path) -> dict[tuple[str, str], list[Row]]:
    """Every sheet of ``files`` as LibreOffice computes it: ``(stem, sheet) -> rows``."""
    done = libreoffice(LO_CSV, files, out, profile)
    assert done.returncode == 0, done.stderr
    sheets = {}
    for f in files:
        for sheet in export.TABLE_SHEETS:
            produced = out / f"{f.stem}-{sheet}.csv"
            assert produced.is_file(), f"LibreOffice made no {produced.name}: {done.stdout}"
            with produced.open(encoding="utf-8", newline="") as fh:
                sheets[(f.stem, sheet)] = list(csv.reader(fh))
    return sheets


def set_cell(source: Path, target: Path, where: tuple[str, str], value: int) -> None:
    """Copy ``source`` with one Final cell changed as a banker's edit would, every other
    byte kept — the totals' stored results too, now stale: ``(row label, column header)``,
    ``("Price", "GT")`` is GT's price cell, ``("Amy", "Cash")`` Amy's cash."""
    rows = calamine(source, "Final")
    header, _, _ = final_table(rows)
    top = next(k for k, r in enumerate(rows) if r and r[0] == "Player")
    row = next(k for k, r in enumerate(rows) if k > top and r[0] == where[0])
    ref = f"{openpyxl.utils.get_column_letter(header.index(where[1]) + 1)}{row + 1}"
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":  # Final
                text, n = re.subn(
                    rf'(<c r="{ref}"[^>]*><v>)[^<]*(</v>)', rf"\g<1>{value}\2", data.decode()
                )
                assert n == 1, f"no value cell {ref}"
                data = text.encode()
            zout.writestr(item, data, compress_type=zipfile.ZIP_DEFLATED)


@pytest.fixture(scope="module")
def recomputed(
    workbooks: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[tuple[str, str], list[Row]]:
    """All workbooks, and the ones with a changed price or cash cell, recomputed by
    LibreOffice in one run."""
    where = tmp_path_factory.mktemp("recompute")
    files = list(workbooks.values())
    for key, (cid, price) in CHANGED_PRICE.items():
        files.append(where / f"{key}-price.xlsx")
        set_cell(workbooks[key], files[-1], ("Price", cid), price)
    for key, (name, cash) in CHANGED_CASH.items():
        files.append(where / f"{key}-cash.xlsx")
        set_cell(workbooks[key], files[-1], (name, "Cash"), cash)
    return recompute(files, where / "out", where / "profile")


def expected_totals(
    game: Game, price: tuple[str, int] | None = None, cash: tuple[str, int] | None = None
) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's total and place from the score's items, with one price or one cash
    changed as a banker would in the sheet (places by the ruleset's own ranking)."""
    score = scoring.score(game)
    totals = {}
    for p in score.players:
        total = 0
        for i in p.items:
            if not i.counted:
                continue
            if i.kind == "cash" and cash and cash[0] == p.name:
                total += cash[1]
            elif i.kind == "shares" and price and price[0] == i.what:
                total += i.count * price[1]
            else:
                total += i.value
        totals[p.name] = total
    places = {
        name: place["place"]
        for place in game.ruleset.places(game.state, totals)
        for name in place["players"]
    }
    return totals, places


def recomputed_final(rows: list[Row]) -> dict[str, tuple[int, int, str]]:
    """Total, place and tie mark of each player on a recomputed Final sheet."""
    header, _, players = final_table(rows)
    t, p, tie = header.index("Total"), header.index("Place"), header.index("Tie")
    return {name: (int(r[t]), int(r[p]), r[tie]) for name, r in players.items()}


# ----------------------------------------------------------------- read back: calamine
@pytest.mark.parametrize("key", TITLES)
def test_workbook_read_back_final(
    key: str, games: dict[str, Game], workbooks: dict[str, Path]
) -> None:
    """Final: names, cash, shares and prices as the score has them; the counted privates
    and the excluded items in their own columns; whether and why the game ended."""
    game, path = games[key], workbooks[key]
    score = scoring.score(game)
    assert CalamineWorkbook.from_path(str(path)).sheet_names == list(export.SHEETS)
    rows = calamine(path, "Final")
    assert status(rows) == {"Game ended": "yes" if score.final else "no", "Why": score.why}
    header, prices, players = final_table(rows)
    assert list(players) == [p.name for p in score.players]
    checked = {"shares": 0, "private": 0, "excluded": 0}
    for p in score.players:
        row = players[p.name]
        counted_cash = sum(i.value for i in p.items if i.kind == "cash" and i.counted)
        assert num(row[header.index("Cash")]) == (counted_cash or None)
        for item in p.items:
            if item.kind == "shares":
                col = header.index(item.what)
                assert num(row[col]) == item.count
                assert num(prices[col]) == item.price
                checked["shares"] += 1
            elif item.kind != "cash" and item.counted:
                assert num(row[header.index(f"{item.what} ({item.kind})")]) == item.value
                checked["private"] += 1
            elif item.kind == "excluded":
                assert num(row[header.index(f"{item.what} (not counted)")]) == item.value
                assert item.note in row[header.index("Not counted")]
                checked["excluded"] += 1
    assert checked["shares"]
    # What each title's game-end rule adds or leaves out is in the sheet.
    if key == "1846":
        assert checked["private"] == 1 and "BIG4 (private)" in header
    if key == "1847AE":
        assert checked["private"] == 1 and "LFK (private)" in header
        assert "no stock value" in players["A"][header.index("Not counted")]
    if key == "1853":
        assert checked["excluded"] == 3 and "bond (not counted)" in header
    # The bond column lies outside the SUM: every total adds up Cash to the last counted
    # column, never a column marked (not counted), which all stand right of them.
    ws = openpyxl.load_workbook(path)["Final"]
    formulas = [
        c.value
        for r in ws.iter_rows()
        for c in r
        if isinstance(c.value, str) and c.value.startswith("=SUM(")
    ]
    assert len(formulas) == len(score.players)
    assert header[1:3] == ["Total", "Place"]  # the result next to the names
    first_summed = header.index("Cash") + 1  # 1-based
    left_out = [k for k, h in enumerate(header) if h.endswith("(not counted)")]
    last_summed = left_out[0] if left_out else header.index("Not counted")  # 1-based
    for f in formulas:
        cols = [ref.rstrip("0123456789") for part in f[5:-1].split(",") for ref in part.split(":")]
        index = [openpyxl.utils.column_index_from_string(c) for c in cols]
        assert all(first_summed <= k <= last_summed for k in index), f


@pytest.mark.parametrize("key", TITLES)
def test_workbook_read_back_rounds_companies_market_journal(
    key: str, games: dict[str, Game], workbooks: dict[str, Path]
) -> None:
    """Rounds (labels, cash, values, prices), Companies (every run), Market (each company's
    price) and Journal (every line) read back equal to the history, state and journal."""
    game, path = games[key], workbooks[key]
    records = scoring.history(game)
    names = [p.name for p in scoring.score(game).players]

    rounds = calamine(path, "Rounds")
    head = rounds[0]
    assert [r[0] for r in rounds[1:]] == [rec.label for rec in records]
    for rec, row in zip(records, rounds[1:], strict=True):
        for name in names:
            assert num(row[head.index(f"{name} cash")]) == rec.cash[name]
            assert num(row[head.index(f"{name} value")]) == rec.value[name]
        for cid, price in rec.prices.items():
            assert num(row[head.index(f"{cid} price")]) == price
        assert num(row[head.index("Bank")]) == rec.bank
        assert (row[head.index("Going on")] == "yes") == rec.current

    runs = [
        [rec.label, cid, revenue, kind, per_share]
        for rec in records
        for cid, (revenue, kind, per_share) in rec.runs.items()
    ]
    assert runs, "the game has runs"
    companies = calamine(path, "Companies")
    assert companies[0] == export._companies_header(game)
    assert [
        [r[0], r[1], num(r[2]), r[3], None if r[3] == "split" else num(r[5])] for r in companies[1:]
    ] == [[*run[:4], None if run[3] == "split" else run[4]] for run in runs]
    # the shares each payout was divided by (1817: the corporation's 2, 5 or 10), none
    # for an 1846 independent's split (6.72)
    count = game.ruleset.dividend_shares  # type: ignore[attr-defined]
    assert [num(r[4]) for r in companies[1:]] == [
        None if r[3] == "split" else count(game.state.company(r[1])) for r in companies[1:]
    ]

    market = calamine(path, "Market")
    assert market[0][: len(export.MARKET_HEADER)] == export.MARKET_HEADER  # the grid is wider
    state = game.state_json()
    on_market = [r for r in market[1:] if r and r[0] in {c["id"] for c in state["companies"]}]
    priced = {
        c["id"]: c["price"]
        for c in state["companies"]
        if c["price"] is not None and c["launched"] and not c["closed"]
    }
    assert priced and priced.items() <= {r[0]: num(r[2]) for r in on_market}.items()
    # right of the companies, under the same header row: the market's spaces
    left = export.SPACES_COL
    assert all(r[len(export.MARKET_HEADER) : left] == [""] for r in market)  # a gap between
    if state["market"]["kind"] == "grid":
        assert market[0][left] == "Row"
    else:
        assert market[0][left : left + 3] == ["Space", "Price", "Companies (top first)"]
        stacks = state["market"]["stacks"]
        spaces = [
            (num(r[left]), num(r[left + 1]), r[left + 2]) for r in market[1:] if r[left] != ""
        ]
        assert spaces == [
            (k, v, ", ".join(stacks.get(str(v), [])))
            for k, v in enumerate(state["market"]["values"], start=1)
        ]

    journal = calamine(path, "Journal")
    assert journal[0] == export.JOURNAL_HEADER
    assert [(num(r[0]), r[1], r[2]) for r in journal[1:]] == [
        (n, e.round, e.line) for n, e in enumerate(game.journal, start=1)
    ]


@pytest.mark.parametrize("key", TITLES)
def test_companies_and_journal_sheets_have_filters(
    key: str, games: dict[str, Game], workbooks: dict[str, Path]
) -> None:
    """Issue 28.8: the Companies and Journal sheets get an autofilter over the header and
    every row (a company's runs, a round's commands, at a click)."""
    book = openpyxl.load_workbook(workbooks[key])
    runs = sum(len(rec.runs) for rec in scoring.history(games[key]))
    letter = openpyxl.utils.get_column_letter
    assert book["Companies"].auto_filter.ref == (
        f"A1:{letter(len(export._companies_header(games[key])))}{runs + 1}"
    )
    assert book["Journal"].auto_filter.ref == (
        f"A1:{letter(len(export.JOURNAL_HEADER))}{len(games[key].journal) + 1}"
    )
    for sheet in ("Final", "Rounds", "Market"):
        assert book[sheet].auto_filter.ref is None


def test_a_game_without_runs_or_commands_still_has_its_filters(tmp_path: Path) -> None:
    game = play("game 1846 A B C\n")
    export.export_xlsx(game, tmp_path / "new.xlsx")
    book = openpyxl.load_workbook(tmp_path / "new.xlsx")
    assert book["Companies"].auto_filter.ref == "A1:G1"
    assert book["Journal"].auto_filter.ref == "A1:C1"


def test_market_sheet_lays_out_the_grid(workbooks: dict[str, Path], games: dict[str, Game]) -> None:
    """1847 AE's grid market: the price grid and, in the same shape, who stands where,
    right of the companies' table, under the header row's market columns (issue 28.4:
    the companies' header no longer stands over the grid's prices)."""
    for key in ("1847AE", "bankrupt1830"):
        rows = calamine(workbooks[key], "Market")
        grid = games[key].state_json()["market"]
        left = export.SPACES_COL
        width = max(len(line) for line in grid["rows"])
        assert rows[0][left:] == ["Row", *[float(j) for j in range(1, width + 1)]]
        for i, line in enumerate(grid["rows"]):
            # each market row: its prices, and under them who stands there (issue 38.3)
            assert num(rows[1 + 2 * i][left]) == i + 1
            got = [num(v) for v in rows[1 + 2 * i][left + 1 : left + 1 + len(line)]]
            assert got == line
        for key_, stack in grid["stacks"].items():
            r, c = (int(x) for x in key_.split(","))
            assert rows[2 + 2 * r][left + 1 + c] == "\n".join(stack)


# ----------------------------------------------------------------- recomputed: LibreOffice
@pytest.mark.parametrize("key", [*TITLES, *MORE, *SIMULATED])
def test_formulas_recompute_to_the_score(
    key: str, games: dict[str, Game], recomputed: dict[tuple[str, str], list[Row]]
) -> None:
    """LibreOffice's totals, places and ties equal the score's, for every title, a game
    ended by bankruptcy (the bankrupt player last, 1847 AE 9) and a tie."""
    score = scoring.score(games[key])
    got = recomputed_final(recomputed[(key, "Final")])
    assert {n: t for n, (t, _, _) in got.items()} == {p.name: p.total for p in score.players}
    assert {n: pl for n, (_, pl, _) in got.items()} == {
        p.name: score.place_of(p.name) for p in score.players
    }
    assert {n for n, (_, _, tie) in got.items() if tie == "tie"} == {
        p.name for p in score.players if score.tied(p.name)
    }
    if key == "bankrupt":
        assert got["B"][0] > got["C"][0] and got["B"][1] == 3
    if key == "tie":
        assert got["Bob"][1] == got["Cat"][1] == 1 and got["Amy"][1] == 3
    if key in SIMULATED:
        assert scoring.score(games[key]).final  # played to the end


@pytest.mark.parametrize("key", CHANGED_PRICE)
def test_totals_follow_a_changed_price(
    key: str, games: dict[str, Game], recomputed: dict[tuple[str, str], list[Row]]
) -> None:
    """Change a company's price cell: every holder's value, total and place follow."""
    game = games[key]
    totals, places = expected_totals(game, price=CHANGED_PRICE[key])
    before = {p.name: p.total for p in scoring.score(game).players}
    assert totals != before  # the change matters
    got = recomputed_final(recomputed[(f"{key}-price", "Final")])
    assert {n: (t, pl) for n, (t, pl, _) in got.items()} == {
        n: (totals[n], places[n]) for n in totals
    }
    if key == "1846":  # GT at $120: Amy's four GT shares lift her from third to first
        assert places["Amy"] == 1


@pytest.mark.parametrize("key", CHANGED_CASH)
def test_totals_follow_a_changed_cash(
    key: str, games: dict[str, Game], recomputed: dict[tuple[str, str], list[Row]]
) -> None:
    """Change a player's cash cell: the total and the places follow."""
    totals, places = expected_totals(games[key], cash=CHANGED_CASH[key])
    got = recomputed_final(recomputed[(f"{key}-cash", "Final")])
    assert {n: (t, pl) for n, (t, pl, _) in got.items()} == {
        n: (totals[n], places[n]) for n in totals
    }
    assert got["Amy"][:2] == (672, 1)


def test_other_sheets_survive_libreoffice(
    games: dict[str, Game], recomputed: dict[tuple[str, str], list[Row]]
) -> None:
    """The workbook opens cleanly elsewhere: LibreOffice reads the same journal lines."""
    game = games["1853"]
    rows = recomputed[("1853", "Journal")]
    assert [r[2] for r in rows[1:]] == [e.line for e in game.journal]


# ----------------------------------------------------------------- readers that do not calculate
def stored_final(path: Path, reader: str) -> dict[str, dict[str, Any]]:
    """Each player's row of Final as a reader that does not calculate sees it (the results
    stored beside the formulas): openpyxl with ``data_only`` or python-calamine."""
    if reader == "openpyxl":
        ws = openpyxl.load_workbook(path, data_only=True)["Final"]
        rows: list[Row] = [list(r) for r in ws.iter_rows(values_only=True)]
    else:
        rows = calamine(path, "Final")
    header, _, players = final_table(rows)
    return {name: dict(zip(header, row, strict=False)) for name, row in players.items()}


@pytest.mark.parametrize("reader", ["openpyxl", "calamine"])
@pytest.mark.parametrize("key", [*TITLES, *MORE, *SIMULATED])
def test_totals_and_places_shown_without_calculating(
    key: str, reader: str, games: dict[str, Game], workbooks: dict[str, Path]
) -> None:
    """Every holding's value, total, place and tie mark is in the file as the score
    (the engine) has it, so openpyxl's data_only and python-calamine read the numbers — no
    blank cells (issue 21.6)."""
    score = scoring.score(games[key])
    got = stored_final(workbooks[key], reader)
    assert list(got) == [p.name for p in score.players]
    for p in score.players:
        row = got[p.name]
        assert num(row["Total"]) == p.total
        assert num(row["Place"]) == score.place_of(p.name)
        assert (row["Tie"] or "") == ("tie" if score.tied(p.name) else "")
        for cid in [h.removesuffix(" value") for h in row if h.endswith(" value")]:
            held = [i for i in p.of("shares") if i.what == cid and i.counted]
            assert num(row[f"{cid} value"]) == sum(i.value for i in held)


def cell(value: Any) -> int | str:
    """A cell compared across readers: a number as an int, anything else as its text."""
    try:
        return num(value) or 0
    except ValueError:
        return str(value).replace("\r", "")


@pytest.mark.parametrize("key", [*TITLES, *MORE, *SIMULATED])
def test_stored_results_equal_what_the_formulas_give(
    key: str, workbooks: dict[str, Path], recomputed: dict[tuple[str, str], list[Row]]
) -> None:
    """Every cell of Final as stored equals LibreOffice's recomputation of it: the results
    written beside the formulas are the formulas' own."""
    stored = stored_final(workbooks[key], "calamine")
    rows = recomputed[(key, "Final")]
    header, _, players = final_table(rows)
    for name, row in players.items():
        for h, value in zip(header, row, strict=False):
            assert cell(stored[name].get(h)) == cell(value), (name, h)


@pytest.mark.parametrize("key", [*TITLES, *MORE, *SIMULATED])
def test_recalculating_changes_no_cell(
    key: str, workbooks: dict[str, Path], recomputed: dict[tuple[str, str], list[Row]]
) -> None:
    """Issue 38.1: a spreadsheet that recalculates everything (Excel on opening, LibreOffice
    here) changes no cell of any sheet: every stored figure is what its formula gives,
    for every title, bankrupt players (1830 25.0: his cash is not counted; 1847 AE and
    Pfalz 9), a broken bank and a tie."""
    book = CalamineWorkbook.from_path(str(workbooks[key]))
    for sheet in export.TABLE_SHEETS:
        stored = book.get_sheet_by_name(sheet).to_python()
        again = recomputed[(key, sheet)]
        width = max(len(r) for r in [*stored, *again])
        pad = [[*r, *[""] * (width - len(r))] for r in stored]
        pad_again = [[*r, *[""] * (width - len(r))] for r in again]
        while pad and not any(str(v) for v in pad[-1]):
            pad.pop()
        while pad_again and not any(str(v) for v in pad_again[-1]):
            pad_again.pop()
        assert len(pad) == len(pad_again), sheet
        for n, (row, row_again) in enumerate(zip(pad, pad_again, strict=True)):
            assert [cell(v) for v in row] == [cell(v) for v in row_again], (sheet, n)


@pytest.mark.parametrize("key", ["bankrupt1830", "pfalz", "1853", "1846"])
def test_final_totals_equal_score_json(
    key: str, games: dict[str, Game], recomputed: dict[tuple[str, str], list[Row]]
) -> None:
    """Issue 38.1: recomputed, Final's totals and places are `score --json`'s (the 1830
    bankrupt's total was his cash plus his stock, $854, where the score says $310); what
    the score leaves out stands in a column marked (not counted), with its rule."""
    doc = scoring.score(games[key]).to_json()
    rows = recomputed[(key, "Final")]
    got = recomputed_final(rows)
    assert {n: (t, pl) for n, (t, pl, _) in got.items()} == {
        p["name"]: (p["total"], p["place"]) for p in doc["players"]
    }
    header, _, players = final_table(rows)
    for p in doc["players"]:
        for item in p["items"]:
            if not item["counted"] and item["value"]:
                column = header.index(f"{item['what']} (not counted)")
                assert num(players[p["name"]][column]) == item["value"]
                assert item["note"] in players[p["name"]][header.index("Not counted")]
    text = "\n".join(",".join(r) for r in rows)
    if key == "bankrupt1830":
        assert got["Three"][0] == 310 and players["Three"][header.index("Cash")] == ""
        assert "cash (not counted): a bankrupt player scores only" in text and "(25.0)" in text
    if key == "1853":
        assert "bond (excluded, not counted): bonds do not count (5.2.1)" in text


# ----------------------------------------------------------------- widths and print setup
def widths(path: Path, sheet: str) -> dict[int, float]:
    """Each column's width (1-based column -> characters) as openpyxl reads it."""
    ws = openpyxl.load_workbook(path)[sheet]
    out: dict[int, float] = {}
    for dim in ws.column_dimensions.values():
        if dim.customWidth and dim.min is not None and dim.max is not None:
            for col in range(dim.min, dim.max + 1):
                out[col] = dim.width
    return out


def shown(value: Any, money: bool, currency: str) -> str:
    """A number as the sheet shows it (money with its sign and thousands separators)."""
    if isinstance(value, float) and value == int(value):
        value = int(value)
    if money and isinstance(value, int):
        return f"-{currency}{-value:,}" if value < 0 else f"{currency}{value:,}"
    return str(value)


@pytest.mark.parametrize("key", [*TITLES, "recorded"])
def test_no_header_or_figure_is_cut(
    key: str, games: dict[str, Game], workbooks: dict[str, Path]
) -> None:
    """Every column is at least as wide as its header and its figures: no "PRR valu", no
    "Player1 c" (issue 21.6)."""
    path, currency = workbooks[key], games[key].ruleset.currency
    checked = 0
    for sheet, top in [
        ("Final", export.FINAL_HEADER_ROW - 1),
        ("Rounds", 0),
        ("Companies", 0),
        ("Market", 0),
        ("Journal", 0),
    ]:
        rows = calamine(path, sheet)
        width = widths(path, sheet)
        header = rows[top]
        body = rows[top + 1 :]
        if sheet in ("Final", "Market"):  # the table ends at the first empty row
            body = body[
                : next((k for k, r in enumerate(body) if not r or r[0] in ("", None)), len(body))
            ]
        for col, name in enumerate(header, start=1):
            if name in ("", None):
                continue
            assert width.get(col, 0) >= len(str(name)) + 1, (sheet, name, width.get(col))
            checked += 1
            money = (
                sheet != "Journal"
                and str(name) not in ("Place", "Number", "Market row", "Market column", "Stack")
                and not (
                    sheet == "Final"
                    and str(name) in {cid for cid in header if f"{cid} value" in header}
                )
            )
            for row in body:
                if col - 1 < len(row) and row[col - 1] not in ("", None):
                    text = shown(row[col - 1], money, currency)
                    if sheet == "Final" and name == "Not counted":
                        continue  # wraps within its cell
                    assert width[col] >= len(text), (sheet, name, text, width[col])
    assert checked > 20


@dataclass
class Printed:
    """One printed page: its text, and each piece of text with its size on paper (points)
    and where it starts (points from the page's left and bottom edges)."""

    text: str
    pieces: list[tuple[float, float, float, str]]
    width: float

    @property
    def body(self) -> list[tuple[float, float, float, str]]:
        """The pieces below the page header (the sheet's own text)."""
        top = max(y for _, _, y, _ in self.pieces)
        return [p for p in self.pieces if p[2] < top - 1]


def printed_page(page: Any) -> Printed:
    """A PDF page's text and the size of each piece of it: the font size times the text
    and transformation matrices' vertical scale (LibreOffice prints a scaled sheet by
    scaling its text)."""
    pieces: list[tuple[float, float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if not text.strip():
            return
        c = tm[2] * cm[0] + tm[3] * cm[2]
        d = tm[2] * cm[1] + tm[3] * cm[3]
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        pieces.append((size * (c * c + d * d) ** 0.5, x, y, text.strip()))

    text = page.extract_text(visitor_text=visit)
    return Printed(text, pieces, float(page.mediabox.width))


def pdf_pages(pdf: Path) -> dict[str, list[Printed]]:
    """The printed pages of each sheet (named in every page's header, ``TITLE · SHEET``):
    sheet -> its pages."""
    pages: dict[str, list[Printed]] = {}
    for page in PdfReader(str(pdf)).pages:
        found = printed_page(page)
        match = re.search(r"· ([\w ]+?)\s*Page \d+ of \d+", found.text)
        assert match, found.text[:200]
        pages.setdefault(match.group(1), []).append(found)
    return pages


PRINTED_KEYS = [*TITLES, "recorded", "bankrupt1830", "five", *SIMULATED]


@pytest.fixture(scope="module")
def printed(
    workbooks: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, dict[str, list[Printed]]]:
    """Each workbook printed by LibreOffice (PDF, its default page size), in one run."""
    where = tmp_path_factory.mktemp("print")
    done = libreoffice(
        "pdf", [workbooks[k] for k in PRINTED_KEYS], where / "out", where / "profile"
    )
    assert done.returncode == 0, done.stderr
    return {k: pdf_pages(where / "out" / f"{k}.pdf") for k in PRINTED_KEYS}


@pytest.mark.parametrize("key", PRINTED_KEYS)
def test_every_sheet_prints_and_each_chart_on_a_page_of_its_own(
    key: str, games: dict[str, Game], printed: dict[str, dict[str, list[Printed]]]
) -> None:
    """Every sheet prints; Final on landscape pages, one when it fits legibly, else two,
    the players' names on each; each chart on one page of its own (issues 21.6, 28.4); the
    header row printed again on every page of the long tables."""
    pages = printed[key]
    assert list(pages) == list(export.SHEETS)
    score = scoring.score(games[key])
    # eight companies' shares and values (1830), seven privates (1846 2e): three pages,
    # the result on the first (test_final_prints_the_result_on_its_first_page)
    assert len(pages["Final"]) <= (3 if key in ("bankrupt1830", "five") else 2)
    for page in pages["Final"]:
        assert all(p.name in page.text for p in score.players)
    final = "\n".join(page.text for page in pages["Final"])
    assert "Notes" in final and "Total" in final and "Place" in final
    for sheet, title in zip(
        export.CHART_SHEETS, ("Value per player", "Price per company"), strict=True
    ):
        assert len(pages[sheet]) == 1, sheet
        assert title in pages[sheet][0].text
    if key in TITLES or key == "recorded":  # the players' cash and values, then the prices
        assert len(pages["Rounds"]) <= 2
    for sheet, first in [("Rounds", "Round"), ("Companies", "Round"), ("Journal", "Number")]:
        assert all(page.body[0][3] == first for page in pages[sheet]), sheet


def overprinted(page: Printed) -> list[tuple[str, str]]:
    """Pieces of text printed over one another: side by side (their widths taken as half
    their size a character) on lines nearer than most of a line's height (the pieces of
    one line share a baseline)."""
    out = []
    body = page.body
    for k, (size, x, y, text) in enumerate(body):
        for size2, x2, y2, text2 in body[k + 1 :]:
            beside = x < x2 + 0.5 * size2 * len(text2) and x2 < x + 0.5 * size * len(text)
            if beside and 0.5 < abs(y2 - y) < 0.8 * max(size, size2):
                out.append((text, text2))
    return out


def under_headings(page: Printed, header: list[str]) -> dict[str, str]:
    """Each figure of the players' rows on a printed Final page -> the heading it stands
    under: the heading it shares the most width with (each piece taken as half its size
    a character wide; a heading over figures is aligned right, as they are)."""
    rows: dict[float, list[tuple[float, float, str]]] = {}
    for size, x, y, text in page.body:
        rows.setdefault(round(y), []).append((x, size, text))
    heads_y = next(y for y, r in rows.items() if sorted(r)[0][2] == "Player")
    heads = [(x, x + 0.5 * size * len(t), t) for x, size, t in rows[heads_y] if t in header]
    out = {}
    for y, r in rows.items():
        first = sorted(r)[0][2]
        if y >= heads_y or first in ("Notes", "Price"):
            continue
        for x, size, text in sorted(r)[1:]:
            if re.fullmatch(r"[$£M]?[\d,]+", text):
                end = x + 0.5 * size * len(text)
                best = max(heads, key=lambda h: (min(end, h[1]) - max(x, h[0]), -abs(h[1] - end)))
                out[f"{first} {text} @{x:.0f}"] = best[2]
    return out


@pytest.mark.parametrize("key", ["bankrupt1830", "five", "sim1853six", "1846"])
def test_final_prints_the_result_on_its_first_page(
    key: str,
    games: dict[str, Game],
    workbooks: dict[str, Path],
    printed: dict[str, dict[str, list[Printed]]],
) -> None:
    """Issue 38.3: printed, Final's first page holds every player's Total and Place (1846
    2e with five players had them on page 3 of 4); no text prints over other text (the
    notes ran on over the continuation pages); every figure stands under its own heading
    (a private's value printed under the next private's heading); A4, landscape."""
    score = scoring.score(games[key])
    header, _, players = final_table(calamine(workbooks[key], "Final"))
    pages = printed[key]["Final"]
    first = pages[0]
    lines = first.text.splitlines()
    heads = next(line for line in lines if line.startswith("Player "))
    assert heads.split()[:3] == ["Player", "Total", "Place"]
    for p in score.players:
        row = next(line for line in lines if line.startswith(f"{p.name} "))
        money = f"{score.currency}{p.total:,}"
        assert row.split()[1:3] == [money, str(score.place_of(p.name))], row
    for n, page in enumerate(pages, start=1):
        assert not overprinted(page), (n, overprinted(page))
        assert page.width > 800  # A4 landscape: 842 points wide
        for where, heading in under_headings(page, header).items():
            name, figure, _ = where.split(" ")
            row = players[name]
            money = heading != "Place" and f"{heading} value" not in header  # not a count
            shown_there = shown(row[header.index(heading)], money, score.currency)
            assert shown_there == figure, (n, where, heading)
    with zipfile.ZipFile(workbooks[key]) as z:
        setup = re.search(r"<pageSetup [^>]*/>", z.read("xl/worksheets/sheet1.xml").decode())
    assert setup and 'paperSize="9"' in setup.group(0) and "landscape" in setup.group(0)


@pytest.mark.parametrize("key", PRINTED_KEYS)
def test_printed_text_is_legible(key: str, printed: dict[str, dict[str, list[Printed]]]) -> None:
    """Issue 28.4: no text on any printed page, the charts' included, is smaller than 8
    points (the Rounds sheet of a six-player 1853 game printed at 3.6 points, its charts'
    labels at 3)."""
    for sheet, pages in printed[key].items():
        for n, page in enumerate(pages, start=1):
            small = [p for p in page.pieces if p[0] < 8.0]
            assert not small, (sheet, n, small[:5])


@pytest.mark.parametrize("key", ["recorded", "sim1853six"])
def test_each_chart_prints_a_page_wide(
    key: str, printed: dict[str, dict[str, list[Printed]]]
) -> None:
    """Issue 28.4: a chart fills its page's width (its axis on the left, its legend on the
    right), where it printed about 9 cm wide."""
    for sheet in export.CHART_SHEETS:
        (page,) = printed[key][sheet]
        xs = [x for _, x, _, _ in page.body]
        assert min(xs) < 0.15 * page.width and max(xs) > 0.75 * page.width, (sheet, xs)


@pytest.mark.parametrize("key", ["1846", "1847AE", "sim1853six"])
def test_the_market_prints_each_table_under_its_own_header(
    key: str, printed: dict[str, dict[str, list[Printed]]]
) -> None:
    """Issue 28.4: every printed page of the Market sheet starts with the header of the
    table on it: the companies' (Company, Name, Price, Par, ...), or the market's spaces
    (Space, Price, ...; or Row and the grid's columns), never prices under "Par"."""
    pages = printed[key]["Market"]
    heads = {" ".join(export.MARKET_HEADER), "Space Price Companies (top first)"}
    for page in pages:
        first = page.text.splitlines()[1]
        assert first in heads or first.startswith("Row 1 2 3"), first
        assert not ("Company Name" in first and "Space" in first)
    assert any(page.text.splitlines()[1].startswith("Company Name") for page in pages)


def test_the_1830_market_prints_its_board(
    games: dict[str, Game],
    workbooks: dict[str, Path],
    printed: dict[str, dict[str, list[Printed]]],
) -> None:
    """Issue 38.3: 1830's Market sheet prints the board one page wide, every row number
    beside its row; each company's name inside its space (under its price, however many
    stand there: "PRR, NYNH, BM" widened a column); the zones shaded and the par spaces
    marked, as the certificate limits players check depend on them."""
    market = games["bankrupt1830"].state_json()["market"]
    (page,) = [p for p in printed["bankrupt1830"]["Market"] if "Row 1 2 3" in p.text]
    lines = page.text.splitlines()
    assert lines[1] == "Row " + " ".join(str(j) for j in range(1, 20))
    heads = {t: x + 0.25 * size * len(t) for size, x, y, t in page.body if y > 530}
    body = [(x + 0.25 * size * len(t), y, t) for size, x, y, t in page.body]
    step = heads["2"] - heads["1"]
    for key, stack in market["stacks"].items():
        r, c = (int(x) for x in key.split(","))
        price = market["rows"][r][c]
        (price_y,) = {
            y for x, y, t in body if t == f"${price}" and abs(x - heads[str(c + 1)]) < step / 2
        }
        for name in stack:
            found = [(x, y) for x, y, t in body if t == name]
            assert any(abs(x - heads[str(c + 1)]) < step / 2 and y < price_y for x, y in found)
    ws = openpyxl.load_workbook(workbooks["bankrupt1830"])["Market"]
    left = export.SPACES_COL + 2  # 1-based: the grid's first column
    fills = {"y": "FFF7C2", "o": "FFD9A8", "b": "E3C6A8"}
    for r, zones in enumerate(market["zones"]):
        for c, zone in enumerate(zones):
            cell = ws.cell(row=2 + 2 * r, column=left + c)
            colour = cell.fill.fgColor.rgb if cell.fill.fill_type else None
            assert (colour or "")[-6:] == fills.get(zone, (colour or "")[-6:]), (r, c, zone)
            if zone in fills:
                assert colour and colour[-6:] == fills[zone]
    for r, c in market["par_cells"]:
        cell = ws.cell(row=2 + 2 * r, column=left + c)
        assert cell.font.b and cell.font.u, (r, c)
    assert not ws.cell(row=2, column=left).font.b  # $60: not a par space
    assert "Par spaces in bold" in page.text and "zones (yellow, orange, brown)" in page.text


def test_print_setup_in_the_file(workbooks: dict[str, Path]) -> None:
    """What a spreadsheet program prints with (issue 28.4): every table at a set scale of
    at least 75% (11-point text prints at 8 or more), never "fit to pages", which shrinks a
    wide table to any size; a print area; the header row repeated on every page of the
    tables, the first column too on the wide ones (Final, Rounds); page breaks between
    Rounds' groups of columns when it is wider than a page; each chart on a landscape
    chart sheet."""
    for key in ("recorded", "sim1853six"):
        with zipfile.ZipFile(workbooks[key]) as z:
            book = z.read("xl/workbook.xml").decode()
            sheets = {
                name: z.read(f"xl/worksheets/sheet{k}.xml").decode()
                for k, name in enumerate(export.TABLE_SHEETS, start=1)
            }
            charts = [z.read(f"xl/chartsheets/sheet{k}.xml").decode() for k in (1, 2)]
        for name, xml in sheets.items():
            assert "fitToPage" not in xml, name
            setup = re.search(r"<pageSetup [^>]*/>", xml)
            assert setup, name
            scale = re.search(r'scale="(\d+)"', setup.group(0))
            assert (int(scale.group(1)) if scale else 100) >= export.MIN_PRINT_SCALE, name
            orientation = "portrait" if name in ("Companies", "Journal") else "landscape"
            assert f'orientation="{orientation}"' in setup.group(0), name
            assert re.search(rf'_xlnm.Print_Area" localSheetId="\d">{name}!\$A\$1:', book), name
        titles = dict(re.findall(r'_xlnm.Print_Titles" localSheetId="\d">(\w+)!([^<]*)<', book))
        assert titles == {
            "Final": "$A:$A",
            "Rounds": "$A:$A,Rounds!$1:$1",
            "Companies": "$1:$1",
            "Market": "$1:$1",
            "Journal": "$1:$1",
        }
        for xml in charts:
            assert '<pageSetup orientation="landscape"/>' in xml
    # the six-player game's Rounds: cash, values and prices each start a page
    assert '<brk id="7" ' in sheets["Rounds"] and '<brk id="13" ' in sheets["Rounds"]


# ----------------------------------------------------------------- the chart
NS = {
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
}


def charts(path: Path) -> dict[str, ET.Element]:
    """The workbook's charts by title."""
    out = {}
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if name.startswith("xl/charts/chart"):
                chart = ET.fromstring(z.read(name))
                title = "".join(chart.find("c:chart/c:title", NS).itertext())  # type: ignore[union-attr]
                out[title] = chart
    return out


def series(chart: ET.Element) -> list[tuple[str, str, str, str]]:
    """Each line of a line chart: (name reference, values reference, categories reference,
    line colour as ``#rrggbb``)."""
    line = chart.find(".//c:lineChart", NS)
    assert line is not None
    out = []
    for ser in line.findall("c:ser", NS):
        colour = ser.find("c:spPr/a:ln/a:solidFill/a:srgbClr", NS)
        assert colour is not None, "a line without a colour of its own"
        out.append(
            (
                ser.findtext("c:tx/c:strRef/c:f", namespaces=NS) or "",
                ser.findtext("c:val/c:numRef/c:f", namespaces=NS) or "",
                ser.findtext("c:cat/c:strRef/c:f", namespaces=NS) or "",
                "#" + colour.attrib["val"].lower(),
            )
        )
    return out


@pytest.mark.parametrize("key", TITLES)
def test_charts_of_values_and_prices_over_rounds(
    key: str, games: dict[str, Game], workbooks: dict[str, Path]
) -> None:
    """The Rounds sheet holds two line charts: one line per player, each the player's value
    column, and one per company, each its price column, over the round labels."""
    path = workbooks[key]
    records = scoring.history(games[key])
    names = [p.name for p in scoring.score(games[key]).players]
    head = calamine(path, "Rounds")[0]
    last = len(records) + 1
    with zipfile.ZipFile(path) as z:
        book = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/chartsheets/_rels/sheet1.xml.rels").decode()
        drawing_rels = z.read("xl/drawings/_rels/drawing1.xml.rels").decode()
    # on the first chart sheet, the workbook's third sheet, after Final and Rounds
    assert re.findall(r'<sheet name="([^"]+)"', book)[:3] == ["Final", "Rounds", "Value chart"]
    assert "drawing1.xml" in rels and "chart1.xml" in drawing_rels
    found = charts(path)
    assert set(found) == {"Value per player", "Price per company"}
    lines = series(found["Value per player"])
    assert len(lines) == len(names)
    for (name_ref, values, cats, _), name in zip(lines, names, strict=True):
        col = openpyxl.utils.get_column_letter(head.index(f"{name} value") + 1)
        assert values == f"Rounds!${col}$2:${col}${last}"
        assert name_ref == f"Rounds!${col}$1"
        assert cats == f"Rounds!$A$2:$A${last}"
    priced = [h.removesuffix(" price") for h in head if h.endswith(" price")]
    lines = series(found["Price per company"])
    assert len(lines) == len(priced) > 0
    for (name_ref, values, _, _), cid in zip(lines, priced, strict=True):
        col = openpyxl.utils.get_column_letter(head.index(f"{cid} price") + 1)
        assert (name_ref, values) == (f"Rounds!${col}$1", f"Rounds!${col}$2:${col}${last}")


@pytest.mark.parametrize("key", [*TITLES, "recorded"])
def test_chart_lines_in_the_companies_and_players_colours(
    key: str, games: dict[str, Game], workbooks: dict[str, Path]
) -> None:
    """Every company's line is drawn in its livery colour (the table view's, from
    moderator.palette), every player's in a colour of their own: no two lines alike."""
    path = workbooks[key]
    head = calamine(path, "Rounds")[0]
    found = charts(path)
    by_column = {
        f"Rounds!${openpyxl.utils.get_column_letter(k + 1)}$1": h for k, h in enumerate(head)
    }
    companies = [
        (by_column[ref].removesuffix(" price"), colour)
        for ref, _, _, colour in series(found["Price per company"])
    ]
    for cid, colour in companies:
        assert cid in palette.COMPANIES, cid  # every company of the three titles has one
        assert colour == palette.COMPANIES[cid].line("light"), cid
    assert len({c for _, c in companies}) == len(companies)
    players = [colour for _, _, _, colour in series(found["Value per player"])]
    assert players == [palette.player_line(n) for n in range(len(players))]
    assert len(set(players)) == len(players)
    # Not the one default colour a spreadsheet gives every line.
    assert len({c for _, c in companies} | set(players)) > 2


def test_chart_lines_in_a_titles_own_liveries(tmp_path: Path) -> None:
    """1817's demo: each company's line in its 1817 livery on paper, UR (Union Railroad)
    in 1817's own navy, not 1889's Uwajima purple (``palette.TITLE_COMPANIES``)."""
    game = play((REPO / "moderator" / "demo" / "demo-1817.script").read_text(encoding="utf-8"))
    path = tmp_path / "1817.xlsx"
    export.export_xlsx(game, path)
    head = calamine(path, "Rounds")[0]
    by_column = {
        f"Rounds!${openpyxl.utils.get_column_letter(k + 1)}$1": h for k, h in enumerate(head)
    }
    companies = {
        by_column[ref].removesuffix(" price"): colour
        for ref, _, _, colour in series(charts(path)["Price per company"])
    }
    assert "UR" in companies
    for cid, colour in companies.items():
        livery = palette.livery(cid, "1817")
        assert livery is not None, cid
        assert colour == livery.line("light"), cid
    assert companies["UR"] == palette.TITLE_COMPANIES["1817"]["UR"].line("light")


@pytest.mark.parametrize("key", ["recorded", "sim1853six"])
def test_chart_text_sizes_in_the_file(key: str, workbooks: dict[str, Path]) -> None:
    """Issue 28.4: every text of a chart has its size: the title 16 points, the axes'
    labels and names and the legend 11 (a chart sheet prints scaled to its page, on Letter
    about a tenth smaller: still 10), and each chart sits on a chart sheet of its own, as
    large as a landscape page's body (it printed about 9 cm wide)."""
    found = charts(workbooks[key])
    assert set(found) == {"Value per player", "Price per company"}
    for title, chart in found.items():
        sizes = {}
        for where in (
            "c:chart/c:title",
            "c:chart/c:plotArea/c:catAx/c:title",
            "c:chart/c:plotArea/c:catAx/c:txPr",
            "c:chart/c:plotArea/c:valAx/c:title",
            "c:chart/c:plotArea/c:valAx/c:txPr",
            "c:chart/c:legend/c:txPr",
        ):
            element = chart.find(f"{where}//a:defRPr", NS)
            assert element is not None and "sz" in element.attrib, (title, where)
            sizes[where] = int(element.attrib["sz"]) / 100
        assert sizes.pop("c:chart/c:title") == export.CHART_FONT["title"]
        assert set(sizes.values()) == {export.CHART_FONT["text"]}, (title, sizes)
    with zipfile.ZipFile(workbooks[key]) as z:
        drawings = [n for n in z.namelist() if n.startswith("xl/drawings/drawing")]
        assert len(drawings) == 2
        for name in drawings:  # the whole sheet, not a box among cells
            drawing = z.read(name).decode()
            assert "<xdr:absoluteAnchor>" in drawing
            size = re.search(r'<xdr:ext cx="(\d+)" cy="(\d+)"/>', drawing)
            assert size, name
            inches = [int(emu) / 914400 for emu in size.groups()]  # EMU per inch
            assert inches[0] >= 9.5 and inches[1] >= 6, inches  # a landscape page's body


def test_libreoffice_opens_the_chart(workbooks: dict[str, Path], tmp_path: Path) -> None:
    """LibreOffice reads the chart as a line chart over the round labels and the players'
    value columns (converted to ODS, the chart's own content.xml)."""
    done = subprocess.run(
        [
            soffice(),
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--headless",
            "--norestore",
            "--convert-to",
            "ods",
            "--outdir",
            str(tmp_path),
            str(workbooks["1846"]),
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(tmp_path / "1846.ods") as z:
        charts = [
            z.read(n).decode()
            for n in z.namelist()
            if n.startswith("Object ") and n.endswith("/content.xml")
        ]
    values = next(c for c in charts if "Value per player" in c)
    assert 'chart:class="chart:line"' in values
    for col in "EFG":  # Amy, Bob and Carlos's value columns
        assert f'values-cell-range-address="Rounds.{col}2:Rounds.{col}7"' in values


# ----------------------------------------------------------------- CSV
def read_csv(path: Path) -> list[list[str]]:
    """A written CSV file's rows, read as the export documents (``utf-8-sig``: the file
    starts with a byte-order mark)."""
    with path.open(encoding="utf-8-sig", newline="") as fh:
        return list(csv.reader(fh))


@pytest.mark.parametrize("key", TITLES)
def test_csv_files_equal_score_and_history(
    key: str, games: dict[str, Game], tmp_path: Path
) -> None:
    game = games[key]
    written = export.export_csv(game, tmp_path / "out")
    assert [p.name for p in written] == list(export.CSV_FILES)
    score, records = scoring.score(game), scoring.history(game)

    final = read_csv(tmp_path / "out" / "final.csv")
    head = final[0]
    assert [r[0] for r in final[1:]] == [p.name for p in score.players]
    for p, row in zip(score.players, final[1:], strict=True):
        assert int(row[head.index("Cash")]) == p.cash
        assert int(row[head.index("Total")]) == p.total  # computed, not a formula
        assert int(row[head.index("Place")]) == score.place_of(p.name)
        assert row[head.index("Game ended")] == ("yes" if score.final else "no")
        assert row[head.index("Why")] == score.why
        for i in p.of("shares"):
            assert int(row[head.index(f"{i.what} shares")]) == i.count
            assert int(row[head.index(f"{i.what} price")]) == i.price
            assert int(row[head.index(f"{i.what} value")]) == i.value
        for i in p.items:
            if i.kind == "excluded":
                assert int(row[head.index(f"{i.what} (not counted)")]) == i.value
                assert f"{score.currency}{i.value}" in row[head.index("Not counted")]

    rounds = read_csv(tmp_path / "out" / "rounds.csv")
    assert [r[0] for r in rounds[1:]] == [rec.label for rec in records]
    for rec, row in zip(records, rounds[1:], strict=True):
        for name, value in rec.value.items():
            assert int(row[rounds[0].index(f"{name} value")]) == value
        for cid, price in rec.prices.items():
            assert int(row[rounds[0].index(f"{cid} price")]) == price

    companies = read_csv(tmp_path / "out" / "companies.csv")
    assert companies[0] == export._companies_header(game)
    mail = companies[0][-1] == export.MAIL_HEADER  # 1853: the mail run (4.6.6), last
    assert companies[1:] == [
        [
            rec.label,
            cid,
            str(rev),
            kind,
            "" if kind == "split" else str(game.ruleset.dividend_shares(game.state.company(cid))),  # type: ignore[attr-defined]
            "" if kind == "split" else str(ps),
            str(rec.prices.get(cid, "")),
            *([str(rec.mail.get(cid, 0))] if mail else []),
        ]
        for rec in records
        for cid, (rev, kind, ps) in rec.runs.items()
    ]

    market = read_csv(tmp_path / "out" / "market.csv")
    state = game.state_json()
    names = {c["id"]: c["name"] for c in state["companies"]}
    assert market[0] == export.MARKET_HEADER
    assert {r[0]: r[1] for r in market[1:]} == {
        cid: names.get(cid, "") for stack in state["market"]["stacks"].values() for cid in stack
    }

    journal = read_csv(tmp_path / "out" / "journal.csv")
    assert journal[1:] == [[str(n), e.round, e.line] for n, e in enumerate(game.journal, 1)]


def test_csv_is_utf8(games: dict[str, Game], tmp_path: Path) -> None:
    """The pound sign (1853's not-counted bonds) and 1847 AE's umlauts come out as UTF-8."""
    export.export_csv(games["1853"], tmp_path / "a")
    assert "£130".encode() in (tmp_path / "a" / "final.csv").read_bytes()
    export.export_csv(games["1847AE"], tmp_path / "b")
    assert "Pfälzische".encode() in (tmp_path / "b" / "market.csv").read_bytes()


def test_every_csv_file_starts_with_a_byte_order_mark(
    games: dict[str, Game], tmp_path: Path
) -> None:
    """Issue 28.8: Excel on Windows read the files as its code page ("Pfälzische" came out
    as "PfÃ¤lzische"); a UTF-8 byte-order mark makes it read UTF-8.  Exactly one, first."""
    written = export.export_csv(games["1847AE"], tmp_path / "b")
    assert len(written) == len(export.CSV_FILES)
    for path in written:
        data = path.read_bytes()
        assert data.startswith(b"\xef\xbb\xbf") and not data[3:].startswith(b"\xef\xbb\xbf")
        with path.open(encoding="utf-8-sig", newline="") as fh:
            first = next(csv.reader(fh))[0]
        assert first[0].isalpha(), first  # the header reads as written: no stray mark
    market = (tmp_path / "b" / "market.csv").read_bytes().decode("utf-8-sig")
    assert "Pfälzische" in market


# ----------------------------------------------------------------- progress
def calls_into(calls: list[tuple[int, int]]) -> scoring.Progress:
    def progress(done: int, total: int) -> None:
        calls.append((done, total))

    return progress


def test_progress_increases_to_the_total(tmp_path: Path) -> None:
    """Both exports report progress(done, total) with done increasing and ending at total,
    from a game whose history has not been replayed yet (a fresh load)."""
    for write in (
        lambda g, cb: export.export_xlsx(g, tmp_path / "p.xlsx", cb),
        lambda g, cb: export.export_csv(g, tmp_path / "p", cb),
    ):
        game = play((SCRIPTS / "1847ae-krauss.script").read_text(encoding="utf-8"))
        calls: list[tuple[int, int]] = []
        write(game, calls_into(calls))
        totals = {t for _, t in calls}
        assert len(totals) == 1
        dones = [d for d, _ in calls]
        assert dones == sorted(set(dones)) and dones[0] > 0
        assert dones[-1] == totals.pop()
        assert len(calls) > 5  # the replay reports as it goes, not only at the end


# ----------------------------------------------------------------- refusals
def no_temporaries(directory: Path) -> bool:
    return not [p for p in directory.iterdir() if p.name.endswith(".tmp")]


def test_bad_xlsx_paths_refused(games: dict[str, Game], tmp_path: Path) -> None:
    game = games["1846"]
    (tmp_path / "dir.xlsx").mkdir()
    with pytest.raises(Refusal, match="is a directory"):
        export.export_xlsx(game, tmp_path / "dir.xlsx")
    with pytest.raises(Refusal, match="no directory"):
        export.export_xlsx(game, tmp_path / "missing" / "a.xlsx")
    with pytest.raises(Refusal, match=r"named \.xlsx"):
        export.export_xlsx(game, tmp_path / "score.csv")
    os.mkfifo(tmp_path / "fifo.xlsx")
    with pytest.raises(Refusal, match="not a regular file"):
        export.export_xlsx(game, tmp_path / "fifo.xlsx")
    (tmp_path / "real.xlsx").write_bytes(b"keep")
    (tmp_path / "link.xlsx").symlink_to(tmp_path / "real.xlsx")
    with pytest.raises(Refusal, match="symbolic link"):
        export.export_xlsx(game, tmp_path / "link.xlsx")
    assert (tmp_path / "real.xlsx").read_bytes() == b"keep"
    assert no_temporaries(tmp_path)


def test_unwritable_place_refused(
    games: dict[str, Game], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = games["1846"]
    if os.geteuid() != 0:  # root writes anywhere: then only the simulated case below
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        with pytest.raises(Refusal, match="not writable"):
            export.export_xlsx(game, locked / "a.xlsx")

    def denied(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(export, "_open_temp", denied)
    with pytest.raises(Refusal, match="Permission denied"):
        export.export_xlsx(game, tmp_path / "a.xlsx")
    with pytest.raises(Refusal, match="Permission denied"):
        export.export_csv(game, tmp_path / "csv")
    assert not (tmp_path / "a.xlsx").exists()
    assert not (tmp_path / "csv").exists()  # the folder it made is gone too (issue 42.5)


def test_a_failed_write_keeps_the_old_file(
    games: dict[str, Game], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure at the last step (the rename) leaves the old workbook whole and no
    temporary file; a later export replaces it."""
    game, target = games["1846"], tmp_path / "score.xlsx"
    export.export_xlsx(game, target)
    old = target.read_bytes()

    def full(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", full)
        with pytest.raises(Refusal, match="No space left"):
            export.export_xlsx(games["1853"], target)
    assert target.read_bytes() == old and no_temporaries(tmp_path)
    export.export_xlsx(games["1853"], target)
    assert calamine(target, "Final")[0][0].startswith("1853")


def test_csv_written_all_or_nothing(
    games: dict[str, Game], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CSV file that cannot be written stops the export before any file is replaced."""
    game, out = games["1846"], tmp_path / "out"
    real = export._temp_beside
    made: list[str] = []

    def third_fails(path: Path, data: bytes) -> Path:
        made.append(path.name)
        if len(made) == 3:
            raise Refusal(f"cannot write {path}: disk full")
        return real(path, data)

    monkeypatch.setattr(export, "_temp_beside", third_fails)
    with pytest.raises(Refusal, match="disk full"):
        export.export_csv(game, out)
    assert not out.exists()  # the folder it made is gone too (issue 42.5)


def test_bad_csv_directories_refused(games: dict[str, Game], tmp_path: Path) -> None:
    game = games["1846"]
    (tmp_path / "file").write_text("x")
    with pytest.raises(Refusal, match="not a directory"):
        export.export_csv(game, tmp_path / "file")
    with pytest.raises(Refusal, match="no directory"):
        export.export_csv(game, tmp_path / "missing" / "out")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "final.csv").mkdir()
    with pytest.raises(Refusal, match="is a directory"):
        export.export_csv(game, tmp_path / "out")
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["final.csv"]
    assert (tmp_path / "file").read_text() == "x"


def test_never_over_the_games_own_save(tmp_path: Path) -> None:
    """A save named like a workbook is not overwritten by its own export."""
    save = tmp_path / "game.xlsx"
    game = play((SCRIPTS / "1853-short-game.script").read_text(encoding="utf-8"), path=save)
    try:
        before = save.read_bytes()
        with pytest.raises(Refusal, match="own save"):
            export.export_xlsx(game, save)
        assert save.read_bytes() == before
    finally:
        game.close()


def test_names_that_look_like_formulas_stay_names(tmp_path: Path) -> None:
    """A player named ``=SUM(1)`` (names are free text) is written as text, not run as a
    formula; a game just begun (no prices, no runs) exports too."""
    game = play("game 1846 =SUM(1) @b C\n")
    path = tmp_path / "new.xlsx"
    export.export_xlsx(game, path)
    header, prices, players = final_table(calamine(path, "Final"))
    assert list(players) == ["=SUM(1)", "@b", "C"]
    assert header[:3] == ["Player", "Total", "Place"] and "Cash" in header
    assert calamine(path, "Rounds")[0][1] == "=SUM(1) cash"
    ws = openpyxl.load_workbook(path)["Final"]
    name = next(c for r in ws.iter_rows() for c in r if c.value == "=SUM(1)")
    assert name.data_type == "s"
    written = export.export_csv(game, tmp_path / "csv")
    assert read_csv(written[0])[1][0] == "'=SUM(1)"  # neutralised for spreadsheets (20.10)


def test_a_note_is_exported_as_typed(tmp_path: Path) -> None:
    """Issue 28.2: a note keeps its quotes and spacing in the Journal sheet and CSV."""
    line = 'note say "hi"  to @all'
    game = play("game 1846 A B C\n" + line + "\n")
    export.export_xlsx(game, tmp_path / "g.xlsx")
    assert calamine(tmp_path / "g.xlsx", "Journal")[1][2] == line
    written = export.export_csv(game, tmp_path / "csv")
    journal = next(p for p in written if p.name == "journal.csv")
    assert read_csv(journal)[1][2] == line


# ----------------------------------------------------------------- one code for every title
def test_no_title_branches_and_no_textual() -> None:
    """The export names no title or company (the rules come through the score, history and
    state JSON), and importing it loads no Textual module."""
    source = (REPO / "moderator" / "export.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    strings = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    }
    forbidden = {"1846", "1847AE", "1847 AE", "1853", "bond", "bonds", "LFK", "BIG4", "Krauss"}
    assert not strings & forbidden
    probe = (
        "import json, sys, moderator.export; "
        "print(json.dumps([m for m in sys.modules if m.split('.')[0] == 'textual']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


# ----------------------------------------------------------------- CSV injection
@pytest.mark.parametrize("start", list(export.FORMULA_STARTS))
def test_csv_cells_a_spreadsheet_would_run_are_text(start: str, tmp_path: Path) -> None:
    """A player's name (or any text) that a spreadsheet would read as a formula is written
    with a leading apostrophe; numbers, negative ones too, stay numbers (issue 20.10)."""
    name = f"{start}1+2" if start not in "\t\r" else f"{start}Amy"
    if start in "\t\r":  # a name may not hold control characters: test the cell rule itself
        assert export.csv_safe(name) == "'" + name
        return
    game = Game.new("1846", [name, "Bob", "Cy"])
    export.export_csv(game, tmp_path / "out")
    final = read_csv(tmp_path / "out" / "final.csv")
    assert final[1][0] == "'" + name
    assert export.csv_safe(-5) == -5 and export.csv_safe("Amy") == "Amy"


def test_exported_files_get_the_usual_mode_and_a_replaced_one_keeps_its_own(
    games: dict[str, Game], tmp_path: Path
) -> None:
    """A new export is 0o666 less the umask (as any program's new file), not 0o600; a file
    it replaces keeps its permission bits (issue 20.5's rule, for exports too)."""
    import os
    import stat

    umask = os.umask(0o022)
    try:
        export.export_xlsx(games["1846"], tmp_path / "a.xlsx")
        export.export_csv(games["1846"], tmp_path / "csv")
        assert stat.S_IMODE((tmp_path / "a.xlsx").stat().st_mode) == 0o644
        assert stat.S_IMODE((tmp_path / "csv" / "final.csv").stat().st_mode) == 0o644
        (tmp_path / "a.xlsx").chmod(0o640)
        export.export_xlsx(games["1846"], tmp_path / "a.xlsx")
        assert stat.S_IMODE((tmp_path / "a.xlsx").stat().st_mode) == 0o640
    finally:
        os.umask(umask)


def test_a_1817_short_at_the_end_follows_the_price_cell(tmp_path: Path) -> None:
    """1817 facts §5, §14: Four's AS short at the real end (a cut of the recorded game 15528)
    is its own column, minus the price, a formula on AS's price cell as the holdings are;
    the CSV has the same figures, and the totals and places are the engine's."""
    game = play(ended_1817_with_a_short())
    path = tmp_path / "end.xlsx"
    path.write_bytes(export.workbook(game))
    rows = calamine(path, "Final")
    header, prices, players = final_table(rows)
    assert num(prices[header.index("AS")]) == 110
    assert num(players["Four"][header.index("AS (short)")]) == -110
    assert {name: num(row[header.index("Total")]) for name, row in players.items()} == (
        ENDED_1817_SCORES
    )
    assert num(players["Four"][header.index("Place")]) == 1
    sheet = openpyxl.load_workbook(path)["Final"]
    short_col = header.index("AS (short)") + 1
    four_row = next(r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == "Four")
    price_cell = f"{openpyxl.utils.get_column_letter(header.index('AS') + 1)}$"
    assert sheet.cell(four_row, short_col).value.startswith(f"=-1*{price_cell}")
    # final.csv's rows (the plain values csv_files writes, without its other tables)
    table = export._final_csv(scoring.score(game))
    final = [dict(zip(table[0], (str(x) for x in row), strict=True)) for row in table[1:]]
    four = next(r for r in final if r["Player"] == "Four")
    assert (four["AS (short)"], four["AS price"], four["Total"], four["Place"]) == (
        "-110",
        "110",
        "11397",
        "1",
    )
