"""Fuzzing helpers (issue 11.3): malformed banker-script lines and the games they hit.

:func:`lines` is a hypothesis strategy of random and malformed lines: arbitrary
text, a known verb followed by words from the games' own vocabulary (names,
company ids, trains, cities, numbers written every odd way), and the legal
commands of a position cut, shuffled, doubled or sprinkled with odd characters.
:func:`positions` builds games of every title at a few points of play, each
with a save in a temporary folder.  :func:`check_parse` and :func:`check_execute`
are the properties: the parser returns a command or raises ``ParseError``
(nothing else), and ``Game.execute`` never raises; a refused line leaves the
state JSON byte-identical, the journal, redo stack and save file as they were.

Used by ``tests/hardening/test_fuzz.py`` (a short run in CI) and by
``scripts/fuzz.py`` (the long run: ``--lines 100000``).
"""

from __future__ import annotations

import atexit
import json
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from conftest import play
from hypothesis import strategies as st

from moderator import commands as c
from moderator.errors import Refusal
from moderator.game import Game, Outcome
from moderator.script import PARSERS, ParseError, format_command, parse_line
from moderator.simulate import NAMES, Simulation, legal_game
from moderator.text import first_unsafe
from rulesets.base import Receipt

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus" / "lines.json"
"""The kept corpus: a JSON list of lines (JSON, so control characters and line breaks
survive as escapes), each replayed against every position on every run."""
SCRIPTS = HERE.parent / "scripts"

NUMBERS = [
    "0",
    "-0",
    "1",
    "-1",
    "10",
    "60",
    "67",
    "100",
    "999999",
    "1000000",
    "1000001",
    "99999999999999999999",
    "0" * 4400 + "7",
    "9" * 5000,
    "$60",
    "£60",
    "$",
    "£",
    "60$",
    "1e3",
    "1_000",
    "0x10",
    "0o7",
    "6.5",
    "60.0",
    "½",
    "٣٠",
    "６０",
    "NaN",
    "inf",
    "-inf",
    "+60",
    "--1",
    "1,000",
    "²",
    "\u0660",
    "ⅷ",
]
"""Numbers written every way a hand, a paste or a hostile file could write one."""
WORDS = [
    "ipo",
    "pool",
    "from",
    "half",
    "full",
    "withhold",
    "mail",
    "credit",
    "noroute",
    "trade",
    "cell",
    "brownpool",
    "sixes3",
    "sealed",
    "variant",
    "short",
    "bank",
    "reserve",
    "cash",
    "shares",
    "price",
    "value",
    "president",
    "phase",
    "round",
    "priority",
    "SR",
    "OR",
    "typo",
    "#",
    "# a comment",
    '"',
    '""',
    '"Amy',
    "'",
    "\\",
    "&",
    "B&O",
    "b&o",
    "C&WI",
    "Big 4",
    "P&LE",
    "L",
    "R",
    "None",
    "null",
    "[]",
    "{}",
    "__import__('os')",
    "${HOME}",
    "%s",
    "{0}",
    "\t",
    "\u00a0",
]
COMPANIES = [
    # 1846
    "PRR",
    "NYC",
    "BO",
    "CO",
    "GT",
    "IC",
    "ERIE",
    "MS",
    "BIG4",
    "CWI",
    "LSL",
    "MC",
    "MAIL",
    "MPC",
    "OI",
    "SC",
    "TBC",
    "DPC",
    # 1847 AE
    "L",
    "R",
    "PLB",
    "NDB",
    "LFB",
    "NWB",
    "HBB",
    "KRAUSS",
    "K",
    "SS",
    "EVB",
    "BUBB",
    # 1830
    "SV",
    "CS",
    "DH",
    "MH",
    "CA",
    "BOP",
    "B&O",
    "CPR",
    "NYNH",
    # 1853
    "EIR",
    "GIP",
    "NWR",
    "BNR",
    "BBCI",
    "MSM",
    "SIR",
    "ECR",
    "Elephant",
]
TRAINS = ["2", "3", "4", "5", "6", "7/8", "3/5", "4/6", "3+3", "6E", "1M", "4M", "2+2", "9", "D"]
CITIES = ["Calcutta", "Bombay", "Delhi", "Madras", "Lahore", "Karachi", "Patna", "Atlantis"]
PLAYERS = [*NAMES, "Player1", "Player2", "Player3", "amy", "AMY", "Zoe", "Amy Bob"]
ODD = [
    "\x00",
    "\x1b",
    "\x1b[2J",
    "\x07",
    "\r",
    "\n",
    "\u2028",
    "\u202e",
    "\u200b",
    "\ufeff",
    "\ud800",
    "\x9b",
    "\x7f",
    "\t",
    " ",
    "  ",
    '"',
    "#",
    "é",
    "中",
    "🚂",
    "\U0010ffff",
]
"""Characters the parser must refuse or handle (controls, separators, quotes, comments)."""


@dataclass
class Position:
    """A game at one point of play, with its save, and its legal commands as lines."""

    name: str
    game: Game
    legal: list[str] = field(default_factory=list)


def _played(title: str, seed: int, commands: int, players: int = 4) -> Game:
    """A simulated game of ``title`` after ``commands`` accepted commands (deterministic)."""
    return Simulation(seed=seed, players=players, max_commands=commands, title=title).run()


_FOLDER: list[Path] = []


def _folder() -> Path:
    if not _FOLDER:
        folder = Path(tempfile.mkdtemp(prefix="moderator-fuzz-"))
        atexit.register(shutil.rmtree, folder, True)
        _FOLDER.append(folder)
    return _FOLDER[0]


_RECORDED = SCRIPTS / "1846-short-recorded.script"

GAMES: dict[str, Callable[[], Game]] = {
    "1846 setup": lambda: Game.new("1846", ["Amy", "Bob", "Carlos"]),
    "1846 recorded (OR 1)": lambda: play(_RECORDED.read_text(encoding="utf-8")),
    "1846 simulated (150)": lambda: _played("1846", 7, 150),
    "1846 simulated (to its end)": lambda: _played("1846", 11, 1000, players=5),
    "1847AE start": lambda: Game.new("1847AE", ["Amy", "Bob", "Carlos"]),
    "1847AE simulated (200)": lambda: _played("1847AE", 3, 200),
    "1853 bonds": lambda: Game.new("1853", ["Amy", "Bob", "Carlos", "Dana"]),
    "1853 simulated (40)": lambda: _played("1853", 5, 40),
    "1853 simulated (250)": lambda: _played("1853", 9, 250, players=5),
    "1847Pfalz simulated (60)": lambda: legal_game("1847Pfalz", 4, 60),
    "1847RRRRB simulated (60)": lambda: legal_game("1847RRRRB", 5, 60),
    "1830 opening sale": lambda: Game.new("1830", ["Amy", "Bob", "Carlos", "Dana"]),
    "1830 simulated (40)": lambda: _played("1830", 4, 40),
    "1830 simulated (400)": lambda: _played("1830", 6, 400, players=5),
    "1889 opening sale": lambda: Game.new("1889", ["Amy", "Bob", "Carlos"]),
    "1889 simulated (300)": lambda: _played("1889", 4, 300, players=4),
    "18Chesapeake simulated (300)": lambda: _played("18Chesapeake", 5, 300, players=4),
    "18Chesapeake two players (120)": lambda: _played("18Chesapeake", 6, 120, players=2),  # §13
    "1817 opening sale": lambda: Game.new("1817", ["Amy", "Bob", "Carlos"]),
    "1817 simulated (200)": lambda: _played("1817", 5, 200, players=4),
}
"""The positions by name: games of every title at a few points (setup, stock round,
operating round, late).  Made only when a test first asks (:func:`positions`): a test's
name is known at collection, its game is played by the worker that runs it."""


@lru_cache(maxsize=1)
def positions() -> tuple[Position, ...]:
    """The games of :data:`GAMES`, each saved (and held) in a temporary folder."""
    games = {name: make() for name, make in GAMES.items()}
    out = []
    for k, (name, game) in enumerate(games.items()):
        game.save(_folder() / f"position-{k}.json")
        legal = [format_command(cmd) for cmd in game.legal_commands()]
        out.append(Position(name=name, game=game, legal=legal))
    return tuple(out)


def legal_lines() -> list[str]:
    """Every position's legal commands as lines (the seeds of the mutations)."""
    seen: dict[str, None] = {}
    for position in positions():
        for line in position.legal:
            seen.setdefault(line, None)
    return list(seen) or ["pass Amy"]


# ------------------------------------------------------------------ the lines
_WORD = st.one_of(
    st.sampled_from(NUMBERS),
    st.sampled_from(WORDS),
    st.sampled_from(COMPANIES),
    st.sampled_from(TRAINS),
    st.sampled_from(CITIES),
    st.sampled_from(PLAYERS),
    st.sampled_from(ODD),
    st.text(max_size=8),
)


@st.composite
def _known_verb(draw: st.DrawFn) -> str:
    verb = draw(st.sampled_from(sorted(PARSERS)))
    if draw(st.booleans()):
        verb = draw(st.sampled_from([verb.upper(), verb.title(), f" {verb}", f"{verb}\t"]))
    words = draw(st.lists(_WORD, max_size=8))
    return " ".join([verb, *words])


@st.composite
def _mutated(draw: st.DrawFn, seeds: list[str]) -> str:
    words = draw(st.sampled_from(seeds)).split(" ")
    for _ in range(draw(st.integers(1, 3))):
        if not words:
            words = [""]
        how = draw(st.integers(0, 7))
        at = draw(st.integers(0, max(0, len(words) - 1)))
        if how == 0 and len(words) > 1:
            del words[at]
        elif how == 1:
            words.insert(at, words[at] if words else "")
        elif how == 2:
            words[at] = draw(_WORD)
        elif how == 3:
            other = draw(st.integers(0, max(0, len(words) - 1)))
            words[at], words[other] = words[other], words[at]
        elif how == 4:
            words.append(draw(_WORD))
        elif how == 5:
            word = words[at]
            cut = draw(st.integers(0, len(word)))
            words[at] = word[:cut] + draw(st.sampled_from(ODD)) + word[cut:]
        elif how == 6:
            words[at] = words[at].swapcase()
        else:
            words = words[: draw(st.integers(0, len(words)))]
    line = " ".join(words)
    if draw(st.integers(0, 9)) == 0:
        line = line[: draw(st.integers(0, len(line)))]
    return line


def lines() -> st.SearchStrategy[str]:
    """Random and malformed lines, most of them near a real command."""

    def built() -> st.SearchStrategy[str]:
        seeds = legal_lines()
        return st.one_of(
            st.text(max_size=60),
            st.text(st.characters(codec="ascii"), max_size=60),
            _known_verb(),
            _mutated(seeds),
            _mutated(seeds),
            st.sampled_from(seeds),
        )

    # deferred: the positions are played when a test first draws, not at collection
    return st.deferred(built)


def corpus() -> list[str]:
    """The kept corpus of interesting lines."""
    data = json.loads(CORPUS.read_text(encoding="utf-8"))
    assert isinstance(data, list) and all(isinstance(x, str) for x in data)
    return data


# ------------------------------------------------------------------ the properties
def check_parse(line: str) -> c.Command | None:
    """``parse_line`` returns a command (or ``None`` for nothing) or raises ``ParseError``;
    a command it returns prints as a line that reads back as the same command, and a
    refusal's message never carries a raw control character."""
    try:
        cmd = parse_line(line)
    except ParseError as exc:
        assert isinstance(exc.message, str) and exc.message
        assert first_unsafe(exc.message) is None, repr(exc.message)
        return None
    if cmd is not None:
        assert isinstance(cmd, c.Command.__args__)  # type: ignore[attr-defined]
        assert parse_line(format_command(cmd)) == cmd, f"{line!r} -> {format_command(cmd)!r}"
    return cmd


def _picture(game: Game) -> tuple[str, list[object], list[object], bytes]:
    assert game.path is not None
    return (
        json.dumps(game.state_json()),
        list(game.journal),
        list(game.redo_stack),
        game.path.read_bytes(),
    )


def check_receipt(game: Game, line: str) -> None:
    """A ``run`` line's receipt, as the screen shows it while the revenue is typed, for any
    company: a receipt, or a refusal with a message; never another exception."""
    try:
        cmd = parse_line(line)
    except ParseError:
        return
    if not isinstance(cmd, c.Run):
        return
    try:
        receipt = game.receipt(cmd.company, cmd.revenue, cmd.option, cmd.mail)
    except Refusal as exc:
        assert isinstance(exc.message, str) and exc.message
        return
    assert isinstance(receipt, Receipt)
    receipt.text()


def check_execute(position: Position, line: str) -> Outcome:
    """``Game.execute`` returns an Outcome and never raises, nor refuses by its safety net
    ("internal error"); a refused line changes nothing
    (state JSON byte-identical, journal, redo stack and save file the same).  An accepted
    one is journaled and saved, and undone so the position stays the same for the next."""
    game = position.game
    before = _picture(game)
    check_receipt(game, line)
    assert _picture(game) == before, f"the receipt of `{line!r}` changed the game"
    outcome = game.execute(line)
    assert isinstance(outcome, Outcome), type(outcome)
    assert isinstance(outcome.message, str)
    assert first_unsafe(outcome.message, "\n") is None, repr(outcome.message)
    # the game's safety net (an exception caught, the state rebuilt) is no refusal: it
    # names no value and no rule (the hardening audit: `box par.EIR ²` was one)
    assert not outcome.message.startswith("internal error"), (line, outcome.message)
    if not outcome.ok or not outcome.journaled:
        assert not outcome.journaled
        assert _picture(game) == before, f"`{line!r}` was refused but changed the game"
        return outcome
    assert len(game.journal) == len(before[1]) + 1
    if game.path is not None:  # what the writer accepted, the reader opens (issue 30.1)
        reopened = Game.load(game.path, read_only=True)
        assert len(reopened.journal) == len(game.journal), f"`{line!r}`: the save lost it"
    assert game.undo() is not None
    game.redo_stack.clear()
    state, journal, _, on_disk = _picture(game)
    assert (state, journal, on_disk) == (before[0], before[1], before[3])
    game.redo_stack[:] = before[2]  # type: ignore[assignment]
    return outcome
