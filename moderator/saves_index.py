"""The saves folder: finding, naming, summarizing and creating save files (no rules here).

Core, no Textual: the TUI (``moderator.ui``), the table view's server
(``moderator serve``, :mod:`moderator.web`) and the command line read the
folder by the same rules.

A saves folder holds, beside the games (``NAME.json``), files the program
leaves there itself: lock files (``.NAME.json.lock``), temporary files of a
write in progress (``.NAME.json.*.tmp``), the backups ``moderator play
--force`` keeps (``NAME.replaced-N.json``) and those a rewind keeps
(``NAME.before-rewind-N.json``).  :func:`list_saves` gives the games only;
:func:`save_summaries` gives the games, then the backups, each with what the
open list shows (title, players, round, commands, last written).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING

from moderator.commands import Record
from rulesets.names import title_name

if TYPE_CHECKING:
    from moderator.journal import Entry

DEMO_SCRIPT = "demo-1846.script"
"""The shipped demo game, under ``moderator/demo/``."""

BACKUP = re.compile(r"\.(replaced|before-rewind)-\d+\.json$")
"""The name of a backup a forced ``play`` or a rewind leaves beside a save."""


def _candidates(saves: Path) -> list[Path]:
    """The ``*.json`` files of ``saves`` that may be saves (no hidden files: those are
    the program's own lock and temporary files)."""
    if not saves.is_dir():
        return []
    return [p for p in saves.glob("*.json") if not p.name.startswith(".") and p.is_file()]


def _newest_first(paths: list[Path]) -> list[Path]:
    """``paths`` sorted by the time last written, newest first (name breaks ties)."""

    def key(p: Path) -> tuple[float, str]:
        try:
            return (p.stat().st_mtime, p.name)
        except OSError:  # gone meanwhile: last
            return (0.0, p.name)

    return sorted(paths, key=key, reverse=True)


def is_backup(path: Path) -> bool:
    """Whether ``path`` is a backup (``NAME.replaced-N.json``, ``NAME.before-rewind-N.json``)."""
    return BACKUP.search(path.name) is not None


def list_saves(saves: Path) -> list[Path]:
    """Save files in ``saves``, most recently written first (backups left out)."""
    return _newest_first([p for p in _candidates(saves) if not is_backup(p)])


def list_backups(saves: Path) -> list[Path]:
    """Backups in ``saves``, most recently written first."""
    return _newest_first([p for p in _candidates(saves) if is_backup(p)])


def latest_save(saves: Path) -> Path | None:
    """The most recently written save, if any."""
    found = list_saves(saves)
    return found[0] if found else None


class SaveSummary(Record):
    """What the open list shows of one save, read without replaying it."""

    path: Path
    written: float
    """When the file was last written (seconds since the epoch; 0 when unknown)."""
    backup: bool = False
    title: str = ""
    """The title as people read it (``1847 Pfalz``; the save keeps its id, ``1847Pfalz``)."""
    players: tuple[str, ...] = ()
    round: str = ""
    """Where the game stood at its last command (``OR 3.1``), ``setup`` before any."""
    commands: int = 0
    error: str | None = None
    """Why the file cannot be read, when it cannot."""

    @property
    def when(self) -> str:
        """The date and time last written, ``2025-03-01 21:04``."""
        if not self.written:
            return "?"
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.written))


_SUMMARIES: dict[Path, tuple[tuple[int, int], SaveSummary]] = {}
"""Summaries already read, by path, with the file's (mtime_ns, size) they were read at."""


def summarize(path: Path) -> SaveSummary:
    """The summary of one save (reads the file once; again only when it changed).

    A file that cannot be read is summarized with the reason, never raises.
    """
    from moderator.errors import SaveError
    from moderator.journal import read_save

    backup = is_backup(path)
    try:
        st = path.stat()
    except OSError as exc:
        return SaveSummary(path, 0.0, backup, error=f"cannot be read ({exc.strerror or exc})")
    stamp = (st.st_mtime_ns, st.st_size)
    cached = _SUMMARIES.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        data = read_save(path)
    except SaveError as exc:
        message = str(exc)
        prefix = f"{path}: "
        message = message.removeprefix(prefix)  # the list names the file already
        summary = SaveSummary(path, st.st_mtime, backup, error=message)
    except (OSError, ValueError, RecursionError) as exc:  # read_save should not, but a
        # list must never crash on one bad file
        summary = SaveSummary(path, st.st_mtime, backup, error=f"cannot be read ({exc})")
    else:
        where = _round_now(data.journal[-1]) if data.journal else "setup"
        summary = SaveSummary(
            path,
            st.st_mtime,
            backup,
            title_name(data.title),
            _players(data),
            where,
            len(data.journal),
        )
    _SUMMARIES[path] = (stamp, summary)
    return summary


def _round_now(entry: Entry) -> str:
    """The round the game is in after ``entry``: the last round its events began (the pass
    that ends a stock round begins the operating round), else the round it was given in."""
    from moderator.events import RoundStarted

    for event in reversed(entry.events):
        if isinstance(event, RoundStarted):
            if event.round_kind == "SR":
                return f"SR {event.number}"
            return f"OR {event.number}.{event.or_number}"
    return entry.round


def save_summaries(saves: Path) -> list[SaveSummary]:
    """The games in ``saves`` newest first, then the backups newest first."""
    return [summarize(p) for p in list_saves(saves) + list_backups(saves)]


MAX_STEM = 120
"""The most characters a new save's name gets before ``.json``.  A file name holds 255
bytes on most file systems, and the files kept beside a save add up to 31 to its name
(``..NAME.json.length.XXXXXXXX.tmp``, ``NAME.before-rewind-20.json``): a new game of
seven players named with 40 characters each had a name of 305, and the TUI stopped with
a traceback (a name of 241 opened, but refused every rewind)."""


def fresh_path(saves: Path, stem: str) -> Path:
    """``saves/STEM.json``, or ``STEM-2.json``... if that exists already (STEM in
    letters, digits, ``_``, ``.`` and ``-``, at most :data:`MAX_STEM` of them)."""
    saves.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", stem)[:MAX_STEM].strip("-.") or "game"
    path = saves / f"{stem}.json"
    n = 2
    while path.exists():
        path = saves / f"{stem}-{n}.json"
        n += 1
    return path


def _players(data: object) -> tuple[str, ...]:
    """The players of a save's ``game`` line, without the title's option words."""
    words = list(data.players)  # type: ignore[attr-defined]
    try:
        from rulesets import ruleset_for

        words, _ = ruleset_for(data.title).split_options(words)  # type: ignore[attr-defined]
    except Exception:  # an unknown title: the list shows the words as they are
        pass
    return tuple(words)


def new_game_path(saves: Path, title: str, players: list[str]) -> Path:
    """A save name for a new game: title, players (as many of their letters as
    :data:`MAX_STEM` leaves room for) and the date."""
    date = time.strftime("%Y%m%d-%H%M")
    room = MAX_STEM - len(title) - len(date) - 2
    names = re.sub(r"[^A-Za-z0-9_.-]+", "-", "-".join(players))[:room].strip("-.")
    return fresh_path(saves, f"{title}-{names}-{date}" if names else f"{title}-{date}")


DEMO_SCRIPTS = {
    "1846": DEMO_SCRIPT,
    "1847AE": "demo-1847ae.script",
    "1853": "demo-1853.script",
    "1830": "demo-1830.script",
    "1889": "demo-1889.script",
    "18CHESAPEAKE": "demo-18chesapeake.script",
    "1817": "demo-1817.script",
}
"""The shipped demo game of each title that has one, under ``moderator/demo/``."""


def demo_script(name: str = DEMO_SCRIPT) -> str:
    """The text of a shipped demo script (the 1846 demo unless ``name`` says another)."""
    # imported here: importlib.resources imports tempfile, shutil and the compressors,
    # 7 M instructions of every start of the screen, which reads no demo (issue 21.4)
    from importlib import resources

    return (resources.files("moderator") / "demo" / name).read_text(encoding="utf-8")


def make_demo_save(saves: Path, name: str = DEMO_SCRIPT) -> Path:
    """Play a demo script (``name``, under ``moderator/demo/``; the 1846 demo by default)
    into a fresh save in ``saves``; the save's path.

    The game played here lets go of the save (its lock) before returning, so
    that the caller can open it.
    """
    from moderator.game import Game
    from moderator.script import parse_script

    path = fresh_path(saves, Path(name).stem)
    game: Game | None = None
    for line in parse_script(demo_script(name)):
        if game is None:
            game = Game.from_command(line.command)
            continue
        outcome = game.execute(line.command)
        if not outcome.ok:
            raise RuntimeError(
                f"the demo script is refused at line {line.number}: {outcome.message}"
            )
    assert game is not None
    game.save(path)
    close_game(game)
    return path


def close_game(game: object | None) -> None:
    """Let go of a game's save (its lock), where the game has :meth:`close`."""
    close = getattr(game, "close", None)
    if callable(close):
        close()
