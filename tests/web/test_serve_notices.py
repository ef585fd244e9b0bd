"""Issue 42.3: ``serve`` warns of a cut or shorter save on the terminal and on every page,
as every other front end does (the phones must not show the shorter game as the game)."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from moderator import journal
from moderator.follow import LiveGame, SaveFollower
from moderator.game import Game
from moderator.web import create_app, serve_main

from .web_helpers import TOKEN, new_saved_game

Q = f"?token={TOKEN}"


def _cut(save: Path) -> bytes:
    """Cut the save's last record in its middle; the text cut off."""
    data = save.read_bytes()
    last = data.rfind(b"\n", 0, len(data) - 1) + 1
    half = (last + len(data)) // 2
    save.write_bytes(data[:half])
    return data[last:half]


def _pages(source: SaveFollower | LiveGame) -> list[str]:
    with TestClient(create_app(source, TOKEN)) as client:
        return [client.get(path + Q).text for path in ("/", "/view")]


def test_a_cut_save_is_warned_of_on_every_page_and_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.json"
    new_saved_game(save, upto=12).close()
    _cut(save)
    follower = SaveFollower(save)
    assert (
        len(follower.notices) == 1 and "ends in an incomplete line (line 13" in follower.notices[0]
    )
    for page in _pages(follower):
        assert "Warning: " in page and "ends in an incomplete line (line 13" in page
    with socket.socket() as taken:  # serve stops at the port, after its warnings
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        assert serve_main(save, tmp_path, lan=False, port=taken.getsockname()[1]) == 2
    err = capsys.readouterr().err
    assert err.startswith("warning: ") and "ends in an incomplete line (line 13" in err


def test_a_shorter_save_is_warned_of(tmp_path: Path) -> None:
    """A save holding fewer commands than the TUI last left it with (a cut between lines,
    an older copy put back) says so on the page, until it holds them again."""
    save = tmp_path / "g.json"
    game = new_saved_game(save, upto=12)
    game.close()
    journal.remember_length(save, 15)
    follower = SaveFollower(save)
    (notice,) = follower.notices
    assert "held 15 commands when moderator last closed it, and holds 12 now" in notice
    for page in _pages(follower):
        assert "held 15 commands" in page
    game = Game.load(save)  # the banker plays on past the remembered length
    for line in ["note a", "note b", "note c"]:
        assert game.execute(line).ok
    os.utime(save, ns=(0, 0))
    assert follower.refresh() and follower.notices == [] and follower.error is None
    game.close()


def test_a_followed_save_cut_while_served_is_warned_of_then_cleared(tmp_path: Path) -> None:
    """A last line left without its newline while the page follows the save: the page and
    the terminal (the hub's callback) say so; the writer opening it again (the cut kept
    aside, cut off) clears it."""
    save = tmp_path / "g.json"
    new_saved_game(save, upto=12).close()
    follower = SaveFollower(save)
    told: list[list[str]] = []
    with TestClient(create_app(follower, TOKEN)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.on_notices = told.append
        text = _cut(save)
        os.utime(save, ns=(0, 0))
        hub.update()
        assert "ends in an incomplete line" in client.get("/view" + Q).text
        assert len(told) == 1 and f"{len(text):,} bytes" in told[0][0]
        Game.load(save).close()  # the writer keeps the text aside and cuts it off
        os.utime(save, ns=(1, 1))
        hub.update()
        assert "Warning: " not in client.get("/view" + Q).text
        assert told[-1] == []


def test_the_tui_s_shared_page_carries_the_notices_of_a_save_left_as_it_was(
    tmp_path: Path,
) -> None:
    """The TUI's own game shared: read-only, the save keeps its cut line, and the page
    says so; opened for writing, the cut is kept aside and cut off, so the page (as a
    follower of the file) has nothing to warn of."""
    save = tmp_path / "g.json"
    new_saved_game(save, upto=12).close()
    _cut(save)
    game = Game.load(save, read_only=True)
    for page in _pages(LiveGame(game)):
        assert "ends in an incomplete line (line 13" in page
    with Game.load(save) as game:
        assert game.cut_kept is not None
        for page in _pages(LiveGame(game)):
            assert "Warning: " not in page
        assert SaveFollower(save).notices == []


def test_a_half_written_append_is_told_only_once_the_file_is_quiet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An append caught half-written is no cut yet (the page does not flash a warning at
    each command); the same line still there once the file is quiet is one."""
    from moderator import follow

    # the file's age against RACY_NS decides "still being written": set so, not slept for
    # (a loaded machine could stretch a sleep's margins either way)
    monkeypatch.setattr(follow, "RACY_NS", 10**15)  # written just now
    save = tmp_path / "g.json"
    new_saved_game(save, upto=12).close()
    follower = SaveFollower(save)
    with save.open("ab") as fh:
        fh.write(b'{"number":13,"sha256":"')
    assert not follower.refresh() and follower.notices == []
    monkeypatch.setattr(follow, "RACY_NS", 0)  # and now quiet
    assert follower.refresh() and "ends in an incomplete line" in follower.notices[0]
    assert not follower.refresh()


def test_a_half_written_append_is_told_when_the_quiet_file_s_stat_moved_but_not_its_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race CI once lost: the server's own poll read the cut while the file was still
    fresh (kept aside as pending); the next read finds the same bytes with another stat
    (here its time set back) and the file quiet: the cut is told then, not dropped."""
    from moderator import follow

    save = tmp_path / "g.json"
    new_saved_game(save, upto=12).close()
    follower = SaveFollower(save)
    monkeypatch.setattr(follow, "RACY_NS", 10**15)  # the poll: written just now
    _cut(save)  # the last command's line cut: one command fewer, and no cut told yet
    assert follower.refresh() and follower.notices == []
    monkeypatch.setattr(follow, "RACY_NS", 0)  # then quiet, and its stat moved
    os.utime(save, ns=(0, 0))
    assert follower.refresh() and "ends in an incomplete line" in follower.notices[0]
    assert not follower.refresh()
