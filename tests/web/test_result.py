"""Issue 28.7: at game end the page opens on the result, and the game downloads.

The result (places, scores, why the game ended) is the page's first section once the
game has ended, and a page open when it ends is scrolled up to it; read-only links
download the workbook and the CSV files of ``moderator export``, behind the key like
every route.  Through Starlette's test client, and in headless Chromium on a phone.
"""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import pytest
from conftest import SCRIPTS, play
from python_calamine import CalamineWorkbook
from starlette.testclient import TestClient

from moderator import export
from moderator.follow import SaveFollower
from moderator.game import Game
from moderator.scoring import score
from moderator.web import create_app

from .web_helpers import TOKEN, Browser, new_saved_game, serving

Q = f"?token={TOKEN}"
ENDED = {
    "1853": "1853-short-game.script",  # the bank ran out of money (5.1.2)
    "1847AE": "1847ae-forced-bankrupt.script",  # B is bankrupt: placed last (9)
}


def ended_save(tmp_path: Path, title: str, less: int = 0) -> tuple[Path, list[str]]:
    """An ended recorded game saved in ``tmp_path`` but for its last ``less`` commands;
    the save and those commands' lines."""
    whole = play((SCRIPTS / ENDED[title]).read_text(encoding="utf-8"))
    assert whole.state.ended
    lines = [entry.line for entry in whole.journal]
    save = tmp_path / "game.json"
    kept = len(lines) - less
    with Game.new(whole.title, [*whole.players, *whole.options], path=save) as game:
        for line in lines[:kept]:
            assert game.execute(line).ok, line
    return save, lines[kept:]


def sections(view: str) -> list[str]:
    """The view's sections, in order."""
    return re.findall(r'<section id="(s-[a-z]+)"', view)


@pytest.mark.parametrize("title", ENDED)
def test_the_ended_game_opens_on_its_result(tmp_path: Path, title: str) -> None:
    save, _ = ended_save(tmp_path, title)
    with Game.load(save, read_only=True) as game:
        final = score(game).to_json()
        currency = game.ruleset.currency
    with TestClient(create_app(SaveFollower(save), TOKEN)) as client:
        view = client.get("/view" + Q).text
    assert sections(view)[:3] == ["s-status", "s-result", "s-players"]
    assert "s-score" not in sections(view)  # not again at the bottom
    result = re.search(r'<section id="s-result".*?</section>', view, re.S)
    assert result
    rows = re.findall(
        r"<tr[^>]*><td>(\d+)[^<]*</td><td>([^<]*)</td><td[^>]*>([^<]*)</td>", result[0]
    )
    assert [(int(p), html.unescape(who), money) for p, who, money in rows] == [
        (
            place["place"],
            ", ".join(place["players"]) + (" (bankrupt)" if place["bankrupt"] else ""),
            f"{currency}{place['score']}",
        )
        for place in final["places"]
    ]
    assert f"Why it ended:</strong> {html.escape(final['reason'])}" in result[0]
    assert '<a href="/download/game.xlsx?token=' in result[0]


def test_a_game_going_on_shows_its_score_after_the_players(tmp_path: Path) -> None:
    """While the game goes on: the standings after the players, before the log (issue
    38.6: on a phone they came after the 40-entry log), and the downloads at the page's
    foot (sent once with the page, never again with an update)."""
    game = new_saved_game(tmp_path / "game.json")
    with TestClient(create_app(SaveFollower(tmp_path / "game.json"), TOKEN)) as client:
        view = client.get("/view" + Q).text
        page = client.get("/" + Q).text
    game.close()
    order = sections(view)
    assert "s-result" not in order and order.index("s-score") == order.index("s-players") + 1
    assert order[-1] == "s-log"
    assert "Score so far" in view[view.index('<section id="s-score"') :]
    assert "/download/" not in view
    foot = page[page.index('<footer class="foot">') :]
    assert f'<a href="/download/game.xlsx?token={TOKEN}" download>workbook (XLSX)</a>' in foot
    for name in export.CSV_FILES:
        assert f'<a href="/download/{name}?token={TOKEN}" download>' in foot


def test_the_downloads_are_the_export_behind_the_key(tmp_path: Path) -> None:
    """Each download is ``moderator export``'s file of the game as saved (the engine's
    figures), named after the save; without the key 403, any other name 404."""
    save, _ = ended_save(tmp_path, "1853")
    with Game.load(save, read_only=True) as game:
        files = export.csv_files(game)
        book = CalamineWorkbook.from_filelike(io.BytesIO(export.workbook(game)))
    with TestClient(create_app(SaveFollower(save), TOKEN)) as client:
        xlsx = client.get("/download/game.xlsx" + Q)
        assert xlsx.status_code == 200
        assert xlsx.headers["content-type"] == export_type("xlsx")
        assert xlsx.headers["content-disposition"] == 'attachment; filename="game.xlsx"'
        got = CalamineWorkbook.from_filelike(io.BytesIO(xlsx.content))
        assert got.sheet_names == list(export.SHEETS)
        for sheet in export.TABLE_SHEETS:
            assert (
                got.get_sheet_by_name(sheet).to_python()
                == book.get_sheet_by_name(sheet).to_python()
            ), sheet
        for name, data in files.items():
            answer = client.get(f"/download/{name}" + Q)
            assert answer.status_code == 200, name
            assert answer.content == data, name
            assert answer.headers["content-type"] == "text/csv; charset=utf-8"
            disposition = answer.headers["content-disposition"]
            assert disposition == f'attachment; filename="game-{name}"'
        client.cookies.clear()  # the key's cookie, set by the first answer
        for name in ("game.xlsx", "final.csv"):
            assert client.get(f"/download/{name}").status_code == 403
            assert client.get(f"/download/{name}?token=wrong").status_code == 403
        for name in ("game.csv", "..%2Fgame.json", "journal.csv.bak", "game.json"):
            assert client.get(f"/download/{name}" + Q).status_code == 404, name


def export_type(kind: str) -> str:
    return (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        if kind == "xlsx"
        else "text/csv; charset=utf-8"
    )


RESULT = """(() => {
  const result = document.getElementById('s-result');
  if (!result) return null;
  const r = result.getBoundingClientRect();
  const first = result.querySelector('tr.first');
  return {top: r.top, bottom: r.bottom, screen: window.innerHeight, scroll: window.scrollY,
          first: first ? first.textContent : '', text: result.textContent};
})()"""


def test_a_phone_opens_on_the_result_and_downloads(browser: Browser, tmp_path: Path) -> None:
    save, _ = ended_save(tmp_path, "1853")
    with Game.load(save, read_only=True) as game:
        final = score(game).to_json()
    with serving(save) as url:
        tab = browser.open(url, phone=True)
        browser.wait_for(tab, "document.getElementById('live').textContent", lambda v: v == "live")
        shown, _ = browser.wait_for(tab, RESULT, bool)
        assert shown["scroll"] == 0 and shown["bottom"] <= shown["screen"], shown  # all of it
        assert final["places"][0]["players"][0] in shown["first"]
        assert final["reason"] in shown["text"]
        fetched = browser.evaluate(
            tab,
            "Promise.all([...document.querySelectorAll('#s-result a[download]')].map(a =>"
            " fetch(a.href).then(r => r.status + ' ' + r.headers.get('content-disposition'))))",
            promise=True,
        )
    names = ["game.xlsx", *[f"game-{name}" for name in export.CSV_FILES]]
    assert fetched == [f'200 attachment; filename="{name}"' for name in names]


def test_a_page_open_when_the_game_ends_goes_up_to_the_result(
    browser: Browser, tmp_path: Path
) -> None:
    save, last = ended_save(tmp_path, "1853", less=1)
    with serving(save) as url:
        tab = browser.open(url, phone=True)
        browser.wait_for(tab, "document.getElementById('live').textContent", lambda v: v == "live")
        assert browser.evaluate(tab, RESULT) is None
        browser.evaluate(tab, "window.scrollTo(0, document.body.scrollHeight)")
        browser.wait_for(tab, "window.scrollY", lambda v: v > 1000)
        with Game.load(save) as banker:
            assert banker.execute(last[0]).ok and banker.state.ended
            shown, _ = browser.wait_for(tab, RESULT, bool, timeout=60)
        assert shown["scroll"] == 0 and shown["bottom"] <= shown["screen"], shown
