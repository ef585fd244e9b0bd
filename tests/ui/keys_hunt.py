"""The tenth keys round's hunt (run by hand, not collected by pytest):

    .venv/bin/python tests/ui/keys_hunt.py 1846,1853,1817 200 7

At positions of random games of the titles (``positions.played``, cut at a few lengths)
with the players named to collide with the keys and the script (``B``, ``X``, ``Pass``,
``Done``, ``ipo``, ``1``, names that begin one another: ``Al``, ``Ali``, ``Alice``), a burst
is typed: a screen or a dialog opened (any of the main screen's keys, History, the help, the
score, the projection, the rounds, the checker, a sandbox), a few of its keys, Esc, then a
command spelled by the grammar of ``docs/keys.md`` (the action's key and the thing's
letters, or ``l`` and the words of a legal line).  It is typed at once and one key at a
time, and compared (the oracle of ``test_hunt_bursts``, made strict): the journals must be
equal, or, where a key was refused in the burst, the burst's one the slow typing went
through; where typed one at a time no key rang, the burst must use every key; and the
header must name the engine's next actor (the one player whose lines alone are legal).
Each fault is printed with its keys; the round's tests (``test_keys_round10.py``) hold
those it found.

    .venv/bin/python tests/ui/keys_hunt.py 1817 60 1213 --merger

(twelfth round) types its bursts only at 1817's merger and conversion rounds (facts §9:
the simulation converts and merges), most with a conversion's turn open, the commands
spelled as ``l`` and the keys spell them there (``b`` and the buyer's name, ``s``, ``j``,
``d``); ``test_keys_round12.py`` holds what it found.

    .venv/bin/python tests/ui/keys_hunt.py 1817 40 1313 --late

(thirteenth round) types them at 1817's parts 3 and 4: a stock turn that may short or cover,
a cash crisis, an acquisition round (an ``acquire`` from ``l`` with its price typed);
``test_keys_round13.py`` holds what it found.

    .venv/bin/python tests/ui/keys_hunt.py --rare 100 1418
    .venv/bin/python tests/ui/keys_hunt.py --spell 150 1417

(fourteenth round) ``--rare`` types them at the positions of :data:`RARE_SCRIPTS` (1853's
contract bids, 1847 AE's nationalisation, 1846's issues and independents, 1830's auction
and D trade-in, 1889, 18Chesapeake, bankruptcies, the game's end), with players called by
names with a space, an accent, a digit (the last sets of :data:`NAMES`), part of a command
pasted, Esc and the next key as ``alt+KEY``, an undo, a redo or a rewind between commands;
``--spell`` spells one legal command there in one burst and checks the journal gains that
line or nothing with a bell.  ``test_keys_round14.py`` holds what they found.

    .venv/bin/python tests/ui/keys_hunt.py --r15 150 1501
    .venv/bin/python tests/ui/keys_hunt.py --r15 300 1502 --spell15

(fifteenth round) the same two hunts at :data:`R15_SCRIPTS` (1889, 18Chesapeake, 1817's
loans, shorts, mergers and acquisitions, 1853's contract bids and mail, 1847 Pfalz and
RRRR&B) with the players of :data:`NAMES15` (prefixes of companies' ids and of one another,
digits and spaces, words the command bar knows); the spelled line must leave the header
right too.  ``test_keys_round15.py`` holds what they found.

    .venv/bin/python tests/ui/keys_hunt.py --r15 120 1602 --spell15
    .venv/bin/python tests/ui/keys_hunt.py --spell 150 1603

(sixteenth round) the same, ``l``'s lines whose amount the engine stands in for typed with
the Enter of the amount dialog they now open (:func:`asks_amount`); ``--rare 100 1604`` and
``--r15 100 1605`` again.  ``test_keys_round16.py`` holds what the round found.

    .venv/bin/python tests/ui/keys_hunt.py --r17 60 1703

(seventeenth round) at 1817's, 1853's, 1847 Pfalz's and RRRR&B's positions of
:data:`R15_SCRIPTS`: every screen over the main one (:data:`SCREENS17`: help, score,
projection, rounds, checker, sharing, saves, palette, History, the what-if comparison)
opened, ``Esc`` and at once a command (often as ``alt+KEY``), History's rewinds between
commands; ``--r15 50 1702``, ``--r15 80 1701 --spell15``, ``1817 30 1704 --late``, ``1817 30
1705 --merger`` and ``--r15 100 1706 --spell15`` besides; ``--r17 150 1707`` and, with History's
corrections, ``--r17 80 1713`` (a correction stopped by a later line did not ring: seed
1712).  ``test_keys_round17.py`` holds what the round found.
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1])]
sys.path += [str(HERE), str(HERE.parent)]

from adversary import renamed_save  # noqa: E402
from bursting import both_ways, key_event, settle  # noqa: E402
from positions import played  # noqa: E402
from test_adversarial_keys import KEY_OF, spelling, targets  # noqa: E402
from test_hunt_bursts import Counted as HuntCounted  # noqa: E402
from textual import events  # noqa: E402
from ui_helpers import saved_lines  # noqa: E402

from moderator import commands as c  # noqa: E402
from moderator.game import Game  # noqa: E402
from moderator.script import format_command  # noqa: E402
from moderator.ui.screens.main import MainScreen  # noqa: E402
from moderator.ui.session import Session  # noqa: E402

NAMES = (
    ("B", "X", "Pass", "Done"),
    ("Al", "Ali", "Alice", "1"),
    ("ipo", "Trade", "By", "D"),
    ("N", "Y", "L", "From"),
    ("Amy Lee", "Lee", "Pass Cy", "Ü 2"),
    ("Done Ur", "É", "4", "Bo B"),
)
"""Players' names (each title takes those it accepts: :func:`names_for`)."""
COUNTS = (2, 6, 12, 25, 45, 80, 110, 130, 160)
OPENERS = [*"rtebspvanlmxjuki", "h", "f", "w", "g", "f1", "c", "o", "question_mark"]
INSIDE = ["down", "up", "1", "0", "left", "enter", "tab", "backspace"]


def names_for(title: str, seats: int, which: int) -> list[str]:
    """The names of set ``which`` that ``title`` accepts, others filling the seats."""
    out: list[str] = []
    for name in (*NAMES[which], "Amy", "Bob", "Cy", "Dee", "Eve"):
        try:
            Game.new(title, [*out, name, "Zed", "Yu"][: max(seats, 3)]).close()
        except Exception:
            continue
        out.append(name)
        if len(out) == seats:
            break
    return out


@cache
def position(title: str, seed: int, count: int, which: int) -> Path:
    game = played(title, seed, count)
    seats = len(game.players)
    game.close()
    folder = Path(tempfile.mkdtemp(prefix=f"keys-hunt-{title}-"))
    return renamed_save(title, seed, count, names_for(title, seats, which), folder)


class Counted(HuntCounted):
    """``test_hunt_bursts``'s app (counting the keys of a burst it did not use), counting
    the bells too."""

    bells = 0

    def bell(self) -> None:
        self.bells += 1
        super().bell()


async def typed(path: Path, keys: list[str], slow: bool, seen: list[list[str]]) -> tuple:
    """Type ``keys``; what is wrong with the header, the keys not used, the bells, the
    toasts."""
    app = Counted(path=path, saves=path.parent)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for key in keys:
            event = events.Paste(key[6:]) if key.startswith("paste:") else key_event(key)
            event.set_sender(app)
            app.post_message(event)
            if slow:
                await settle(pilot)
                seen.append(saved_lines(path))
        await settle(pilot)
        assert app._exception is None, app._exception
        wrong = None
        game = app.game
        mains = [s for s in app.screen_stack if isinstance(s, MainScreen)]
        if game is not None and mains:
            shown = mains[0].session.data.get("to_act")
            if shown != game.ruleset.next_actor(game.state):
                wrong = f"header {shown}, engine {game.ruleset.next_actor(game.state)}"
            legal = game.legal_commands()
            players = {getattr(x, "player", None) for x in legal}
            if legal and None not in players and len(players) == 1:
                only = players.pop()
                # 1817 facts §12: the header names the debtor of a cash crisis beside the
                # round's next actor (thirteenth keys round)
                crisis = mains[0].session.data.get("crisis") or {}
                if game.state.round_kind != "OR" and only not in (shown, crisis.get("player")):
                    wrong = f"header {shown}, but only {only}'s lines are legal"
        return wrong, app.unused, app.bells, [n.message for n in app._notifications]


def commands(path: Path, rng: random.Random) -> list[list[str]]:
    """Keys that spell commands legal at the save's position."""
    game = Game.load(path, read_only=True)
    try:
        session = Session(game)
        out = []
        for cmd in targets(session)[:60]:
            if isinstance(cmd, (c.Run, c.Spend)):
                out.append([KEY_OF[type(cmd)], *str(rng.randrange(10, 200, 10)), "enter"])
            else:
                out.append([KEY_OF[type(cmd)], *spelling(cmd)])
        for cmd in game.legal_commands()[:80]:
            line = format_command(cmd).lower()
            out.append(["l", *[ch for ch in line if ch.isalnum()], "enter"])
        return out
    finally:
        game.close()


def burst(rng: random.Random, path: Path) -> list[str]:
    spelled = commands(path, rng) or [["x"]]
    out: list[str] = []
    for _ in range(rng.randint(1, 2)):
        out.append(rng.choice(OPENERS))
        out += rng.choices(INSIDE, k=rng.randint(0, 3))
        out.append("escape")
        out += rng.choice(spelled)
    return out


def faults(base: Path, keys: list[str]) -> list[tuple[object, ...]]:
    """What the burst did wrong (see the module docstring)."""
    before = len(saved_lines(base))
    results, seen = both_ways(base, keys, typed, "keys-hunt-run-")
    (b_wrong, b_unused, _, b_notes, b_lines) = results["burst"]
    (s_wrong, _, s_bells, _, s_lines) = results["slow"]
    found: list[tuple[object, ...]] = []
    if b_wrong or s_wrong:
        found.append(("header", b_wrong, s_wrong))
    if b_unused and b_lines not in seen:
        found.append(("not a journal the slow typing went through", b_lines[before:]))
    if not b_unused and b_lines != s_lines:
        found.append(("burst != slow", b_lines[before:], s_lines[before:]))
    if s_bells == 0 and (b_unused or b_lines != s_lines):
        found.append(("nothing rang typed slowly; the burst", b_lines[before:], b_notes[-2:]))
    return found


def drawn(
    rng: random.Random,
    lengths: dict[str, int],
    last: float,
    sets: int,
    at: Callable[[str, int, int], Path],
) -> tuple[str, int, int, Path]:
    """A script of ``lengths`` drawn, cut at its last line (chance ``last``) or at a random
    one, a set of names drawn of ``sets``: the script, the cut, the set and the position
    ``at`` makes of them."""
    name = rng.choice(list(lengths))
    cut = lengths[name] if rng.random() < last else rng.randrange(1, lengths[name] + 1)
    which = rng.randrange(sets)
    return name, cut, which, at(name, cut, which)


def hunted(base: Path, keys: list[str], *where: object) -> bool:
    """Type ``keys`` at ``base`` both ways (:func:`faults`) and print the run's line (``ok``
    or ``FAULT``, ``where`` it was typed, the keys) and each fault; whether one was found."""
    found = faults(base, keys)
    print("FAULT" if found else "ok", *where, " ".join(keys), flush=True)
    for fault in found:
        print("   ", fault, flush=True)
    return bool(found)


def merger_cuts(seed: int, upto: int = 450) -> list[tuple[int, int, bool]]:
    """1817's positions in a merger round of the game from ``seed``: (seed, commands,
    whether a conversion's turn is open)."""
    game = played("1817", seed, upto)
    at = Game.new("1817", list(game.players))
    cuts = []
    for i, entry in enumerate(game.journal):
        assert at.execute(entry.command).ok
        merger = at.state.extra.get("merger")
        if at.state.extra.get("ma_round") and isinstance(merger, dict):
            cuts.append((seed, i + 1, bool(merger.get("turn"))))
    at.close()
    game.close()
    return cuts


def merger_commands(path: Path) -> list[list[str]]:
    """Keys that spell the merger round's legal commands: ``l`` and the line, and the
    open conversion's keys (``b``/``s`` and the player's name, ``j Enter``, ``d``)."""
    game = Game.load(path, read_only=True)
    try:
        out = []
        for cmd in game.legal_commands()[:60]:
            line = format_command(cmd).lower()
            out.append(["l", *[ch for ch in line if ch.isalnum()], "enter"])
            if isinstance(cmd, c.Buy):
                out.append(["b", *cmd.player.lower(), "enter"])
            elif isinstance(cmd, c.Sell):
                out.append(["s", *cmd.player.lower(), str(cmd.count), "enter"])
            elif isinstance(cmd, c.Loan):
                out.append(["j", "enter"])
            elif isinstance(cmd, c.Done):
                out.append(["d"])
        return out or [["x"]]
    finally:
        game.close()


def merger_main(count: int, seed: int) -> int:
    """The ``--merger`` hunt (see the module docstring)."""
    rng = random.Random(seed)
    cuts = [cut for s in (1, 2, 3, 4, 5, 6) for cut in merger_cuts(s)]
    opened = [cut for cut in cuts if cut[2]]
    bad = 0
    for i in range(count):
        game_seed, at, _ = rng.choice(opened if opened and rng.random() < 0.6 else cuts)
        which = rng.randrange(len(NAMES))
        base = position("1817", game_seed, at, which)
        spelled = merger_commands(base)
        keys: list[str] = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.4:  # a screen or a dialog opened and closed first
                keys.append(rng.choice([*OPENERS, "b", "s", "j", "d", "l"]))
                keys += rng.choices(INSIDE, k=rng.randint(0, 2))
                keys.append("escape")
            keys += rng.choice(spelled)
        found = faults(base, keys)
        bad += bool(found)
        print("FAULT" if found else "ok", i, game_seed, at, which, " ".join(keys), flush=True)
        for fault in found:
            print("   ", fault, flush=True)
    return 1 if bad else 0


def main(titles: list[str], count: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = 0
    for i in range(count):
        title = rng.choice(titles)
        game_seed, cut = rng.choice((1, 2, 3)), rng.choice(COUNTS)
        which = rng.randrange(len(NAMES))
        base = position(title, game_seed, cut, which)
        keys = burst(rng, base)
        found = faults(base, keys)
        bad += bool(found)
        print("FAULT" if found else "ok", i, title, game_seed, cut, which, " ".join(keys))
        for fault in found:
            print("   ", fault, flush=True)
    return 1 if bad else 0


def late_kind(at: Game) -> str:
    """What of 1817's parts 3 and 4 the position of ``at`` is: ``crisis``, ``acquisition``,
    ``short`` (a stock turn the engine offers a short in), ``cover`` (the player to act
    holds a short), or ``""``."""
    rules, state = at.ruleset, at.state
    if rules.crisis_player(state) is not None:  # type: ignore[attr-defined]
        return "crisis"
    if state.extra.get("ma_round") and rules.acquisition(state) is not None:  # type: ignore[attr-defined]
        return "acquisition"
    if state.round_kind == "SR" and not state.extra.get("ma_round"):
        book = state.extra.get("shorts") or {}
        if book.get(state.current_player):  # type: ignore[union-attr]
            return "cover"
        offered = [x for x in rules.candidates(state) if isinstance(x, c.Later)]
        if any(x.verb == "short" for x in offered):
            return "short"
    return ""


def late_cuts(seed: int, upto: int = 700) -> list[tuple[int | str, int, str]]:
    """1817's positions of its parts 3 and 4 in the game from ``seed``: (seed, commands,
    :func:`late_kind`)."""
    game = played("1817", seed, upto)
    at = Game.new("1817", list(game.players))
    cuts: list[tuple[int | str, int, str]] = []
    for i, entry in enumerate(game.journal):
        assert at.execute(entry.command).ok
        what = late_kind(at)
        if what:
            cuts.append((seed, i + 1, what))
    at.close()
    game.close()
    return cuts


LATE_SCRIPTS = (
    "1817-acquisition-liquidations",
    "1817-acquisition-round",
    "1817-shorts",
    "1817-cash-crisis",
    "1817-bankrupt-short",
)
"""The test scripts whose positions the ``--late`` hunt adds (the simulation reaches few
acquisition rounds and covers)."""


def script_lines(name: str) -> list[c.Command]:
    from moderator.script import parse_script

    text = (HERE.parent / "scripts" / f"{name}.script").read_text(encoding="utf-8")
    return [x.command for x in parse_script(text) if x.command.kind != "expect"]


def script_cuts(name: str) -> list[tuple[int | str, int, str]]:
    """The positions of :func:`late_kind` in the script ``name``: (name, commands, kind)."""
    lines = script_lines(name)
    at = Game.from_command(lines[0])
    cuts: list[tuple[int | str, int, str]] = []
    for i, cmd in enumerate(lines[1:]):
        assert at.execute(cmd).ok
        what = late_kind(at)
        if what:
            cuts.append((name, i + 1, what))
    at.close()
    return cuts


def late_commands(path: Path) -> list[list[str]]:
    """Keys that spell the legal commands of 1817's parts 3 and 4 (thirteenth keys round):
    ``l`` and the line; a short as ``s``, the corporation and ``short``; a sale or a
    bankruptcy in a crisis from ``s``; an acquisition from ``l`` with its price typed."""
    game = Game.load(path, read_only=True)
    try:
        out = []
        for cmd in game.legal_commands()[:60]:
            line = format_command(cmd).lower()
            words = [ch for ch in line if ch.isalnum()]
            if isinstance(cmd, c.Later) and cmd.verb == "acquire":
                price = str(int(cmd.words[2]) + 10 * random.Random(line).randrange(0, 4))
                out.append(["l", *words[:-2], "enter", *price, "enter"])
                continue
            out.append(["l", *words, "enter"])
            if isinstance(cmd, c.Later) and cmd.verb == "short":
                out.append(["s", *cmd.words[1].lower(), *"short", "enter"])
            elif isinstance(cmd, c.Sell):
                out.append(["s", *cmd.corp.lower(), str(cmd.count), "enter"])
            elif isinstance(cmd, c.Bankrupt):
                out.append(["s", *"bankrupt", "enter"])
            elif isinstance(cmd, c.Buy) and cmd.source:
                out.append(["b", *cmd.corp.lower(), *cmd.source, "enter"])
            elif isinstance(cmd, c.Done):
                out.append(["d"])
        return out or [["x"]]
    finally:
        game.close()


def late_main(count: int, seed: int) -> int:
    """The ``--late`` hunt (thirteenth keys round): bursts at 1817's shorts, covers, cash
    crises and acquisition rounds (``late_cuts``), spelled by ``late_commands``."""
    rng = random.Random(seed)
    cuts = [cut for s in (1, 2, 3, 4, 5, 6) for cut in late_cuts(s)]
    cuts += [cut for name in LATE_SCRIPTS for cut in script_cuts(name)]
    kinds = sorted({cut[2] for cut in cuts})
    print("positions:", {k: sum(cut[2] == k for cut in cuts) for k in kinds}, flush=True)
    bad = 0
    for i in range(count):
        kind = rng.choice(kinds)
        game_seed, at, _ = rng.choice([cut for cut in cuts if cut[2] == kind])
        which = rng.randrange(len(NAMES))
        if isinstance(game_seed, str):
            base = rare_position(game_seed, at, which)
        else:
            base = position("1817", game_seed, at, which)
        spelled = late_commands(base)
        keys: list[str] = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.4:  # a screen or a dialog opened and closed first
                keys.append(rng.choice([*OPENERS, "b", "s", "d", "l", "t", "e"]))
                keys += rng.choices(INSIDE, k=rng.randint(0, 2))
                keys.append("escape")
            keys += rng.choice(spelled)
        found = faults(base, keys)
        bad += bool(found)
        print("FAULT" if found else "ok", i, kind, game_seed, at, which, " ".join(keys), flush=True)
        for fault in found:
            print("   ", fault, flush=True)
    return 1 if bad else 0


RARE_SCRIPTS = (
    "1853-contract-bids",
    "1853-short-game",
    "1847ae-nationalize",
    "1847ae-nationalize-top-row",
    "1847ae-recorded-game-end-bankrupt",
    "1846-issue-example-6-31",
    "1846-independents-privates-phase-iii",
    "1846-bankruptcy-receivership",
    "1830-privates",
    "1830-trains-phases",
    "1830-recorded-game-end-bank",
    "1889-five-players-bankruptcy",
    "1889-bank-breaks",
    "18chesapeake-auction",
    "18chesapeake-six-players-bankruptcy",
    "1817-acquisition-round",
    "1817-bankrupt-short",
)
"""The test scripts whose positions the ``--rare`` hunt (fourteenth keys round) types at:
1853's contract bids, 1847 AE's nationalisation, 1846's issues and independents, 1830's
auction and D trade-in, 1889 and 18Chesapeake, bankruptcies and the game's end."""


@cache
def rare_position(name: str, count: int, which: int) -> Path:
    """The script ``name`` after ``count`` commands, its players named by set ``which``
    (as its title accepts them)."""
    from adversary import renamed

    lines = script_lines(name)
    first = lines[0]
    assert isinstance(first, c.GameCmd)
    probe = Game.from_command(first)
    title, players = probe.title, list(probe.players)
    probe.close()
    names = dict(zip(players, names_for(title, len(players), which), strict=False))
    at = Game.from_command(renamed(first, names))
    for cmd in lines[1 : count + 1]:
        if not at.execute(renamed(cmd, names)).ok:
            break
    folder = Path(tempfile.mkdtemp(prefix="keys-hunt-rare-"))
    path = folder / "game.json"
    at.save(path)
    at.close()
    return path


def pasted(rng: random.Random, keys: list[str]) -> list[str]:
    """``keys``, some of the letters and digits after the first key pasted at once (a
    paste in a dialog is the keys that type it; a line end in it is Enter)."""
    if len(keys) < 3 or rng.random() < 0.6:
        return keys
    i = rng.randrange(1, len(keys) - 1)
    j = rng.randrange(i + 1, len(keys) + 1)
    part = keys[i:j]
    if not all(len(k) == 1 or k == "enter" for k in part):
        return keys
    text = "".join("\n" if k == "enter" else k for k in part)
    return [*keys[:i], f"paste:{text}", *keys[j:]]


def alt_pairs(rng: random.Random, keys: list[str]) -> list[str]:
    """``keys`` with some ``escape`` and the letter or digit after it as ``alt+KEY`` (what
    a terminal's parser makes of the pair typed within its escape delay)."""
    out: list[str] = []
    i = 0
    while i < len(keys):
        key = keys[i]
        after = keys[i + 1] if i + 1 < len(keys) else ""
        if key == "escape" and len(after) == 1 and after.isalnum() and rng.random() < 0.5:
            out.append(f"alt+{after}")
            i += 2
            continue
        out.append(key)
        i += 1
    return out


def rare_main(count: int, seed: int) -> int:
    """The ``--rare`` hunt: bursts at the positions of :data:`RARE_SCRIPTS` (each cut at a
    random line, the last line, the game's end, too), spelled by :func:`commands` and
    :func:`late_commands`."""
    rng = random.Random(seed)
    lengths = {name: len(script_lines(name)) - 1 for name in RARE_SCRIPTS}
    bad = 0
    for i in range(count):
        name, at, which, base = drawn(rng, lengths, 0.2, len(NAMES), rare_position)
        spelled = commands(base, rng) + late_commands(base)
        keys: list[str] = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.4:  # a screen or a dialog opened and closed first
                keys.append(rng.choice([*OPENERS, "b", "s", "d", "l", "t", "e", "f"]))
                keys += rng.choices(INSIDE, k=rng.randint(0, 2))
                keys.append("escape")
            if rng.random() < 0.3:  # an undo, a redo or a rewind typed between commands
                keys += rng.choice(
                    [["ctrl+z"], ["ctrl+y"], ["ctrl+z", "ctrl+y"], ["h", "up", "enter", "y"]]
                )
            keys += pasted(rng, rng.choice(spelled))
        keys = alt_pairs(rng, keys)
        bad += hunted(base, keys, i, name, at, which)
    return 1 if bad else 0


KEY_NAMES = {"+": "plus"}
"""The characters of a line a list is spelled by that are keys with a name."""


def asks_amount(cmd: c.Command) -> bool:
    """Whether Enter on ``cmd``'s line in ``l`` asks its amount next, the engine only
    standing in for it (``MainScreen.line_amount``: 1817's acquire, a train from another
    company; sixteenth round: a run, a bid, a bond, a private's price, 1817's results)."""
    if isinstance(cmd, c.Later):
        return cmd.verb == "acquire"
    if isinstance(cmd, c.BuyTrain):
        return cmd.source not in (None, "pool")
    if isinstance(cmd, c.Ipo | c.PrivateResult):
        return cmd.price is not None
    return isinstance(cmd, c.Run | c.Bid | c.Bond | c.BuyPrivate)


def spell_one(rng: random.Random, base: Path, header: bool) -> tuple[list[str], str] | None:
    """A legal command at ``base`` spelled in one burst (``l`` and its line's letters, or its
    key and the grammar's letters): the keys and what is wrong (``""``: the journal gained
    exactly that line, or nothing with a bell; and, with ``header``, the header names the
    engine's next actor); ``None`` where no command is legal."""
    import asyncio

    game = Game.load(base, read_only=True)
    try:
        session = Session(game)
        wanted = [  # `+` is a key of the list (1817's 2+: without it, `2` spells the 2)
            (
                cmd,
                [
                    "l",
                    *[
                        KEY_NAMES.get(ch, ch)
                        for ch in format_command(cmd).lower()
                        if ch.isalnum() or ch in KEY_NAMES
                    ],
                    "enter",
                ],
            )
            for cmd in game.legal_commands()
        ]
        wanted += [
            (cmd, [KEY_OF[type(cmd)], *spelling(cmd)])
            for cmd in targets(session)
            if not isinstance(cmd, (c.Run, c.Spend))
        ]
    finally:
        game.close()
    if not wanted:
        return None
    cmd, keys = rng.choice(wanted)
    if keys[0] == "l" and asks_amount(cmd):
        keys = [*keys, "enter"]  # the line's amount is asked next: its Enter gives it
    line = format_command(cmd)
    before = saved_lines(base)
    with tempfile.TemporaryDirectory(prefix="keys-spell-") as folder:
        path = Path(folder) / base.name
        path.write_bytes(base.read_bytes())
        wrong, _unused, bells, said = asyncio.run(typed(path, keys, False, []))
        after = saved_lines(path)
    new = after[len(before) :]
    if isinstance(cmd, c.Run) and cmd.option is None and keys[0] == "l" and len(new) == 1:
        # the run dialog names the payout kind it offers (the last run's; no dividend at $0)
        new = [re.sub(r" (full|half|withhold)$", "", new[0])]
    if not (new == [line] or (not new and bells)):
        return keys, f"wanted {line} got {new} bells {bells} {said[-2:]}"
    if header and wrong:
        return keys, f"header: {wrong}"
    return keys, ""


def spell_main(count: int, seed: int) -> int:
    """The ``--spell`` hunt (fourteenth keys round): at the positions of
    :data:`RARE_SCRIPTS` with the players named by each set of :data:`NAMES`, a legal
    command is spelled in one burst (``l`` and its line's letters, or its key and the
    grammar's letters); the journal must gain exactly that line, or nothing with a bell."""
    rng = random.Random(seed)
    lengths = {name: len(script_lines(name)) - 1 for name in RARE_SCRIPTS}
    bad = 0
    for i in range(count):
        name = rng.choice(RARE_SCRIPTS)
        at = rng.randrange(0, lengths[name] + 1)
        which = rng.randrange(len(NAMES))
        base = rare_position(name, at, which)
        found = spell_one(rng, base, header=False)
        if found is None:
            continue
        keys, fault = found
        bad += bool(fault)
        print("FAULT" if fault else "ok", i, name, at, which, " ".join(keys), flush=True)
        if fault:
            print("   ", fault, flush=True)
    return 1 if bad else 0


NAMES15 = (
    ("Ny", "Nyc Bo", "N", "Pr"),
    ("Jo", "Jon", "Jonas", "Jon 2"),
    ("Undo", "Note", "Score", "Check"),
    ("Loan", "Short", "Cover", "Merge"),
    ("Convert", "Interest", "Acquire", "Payback"),
    ("Ko", "Ir", "U", "Ba"),
    ("Co", "Cv", "Bor", "Pass Bo"),
    ("3", "12", "A 1", "Mail"),
    ("Sr", "Or", "Round", "Phase"),
)
"""The fifteenth round's players: prefixes of companies' ids and of one another, digits and
spaces, words the command bar knows."""

R15_SCRIPTS = (
    "1889-beginner",
    "1889-forced-train",
    "1889-privates-to-corporations",
    "1889-dougo-exchange",
    "1889-stock-rules",
    "18chesapeake-auction",
    "18chesapeake-forced-sales",
    "18chesapeake-privates-to-corporations",
    "18chesapeake-two-players",
    "1817-loans-and-dividends",
    "1817-interest-auto-loans",
    "1817-shorts",
    "1817-short-squeeze",
    "1817-merger-round",
    "1817-conversion-chain",
    "1817-acquisition-round",
    "1817-seed-money",
    "1853-contract-bids",
    "1853-rulebook-bid-example",
    "1853-operating",
    "1853-managers",
    "1847pfalz-three-players",
    "1847pfalz-nationalise",
    "1847rrrrb-forced-purchase",
    "1847rrrrb-nationalise",
)
"""The scripts the ``--r15`` hunt types at."""


@cache
def r15_position(name: str, count: int, which: int) -> Path:
    """The script ``name`` after ``count`` commands, its players named by set ``which`` of
    :data:`NAMES15` (as its title accepts them)."""
    global NAMES
    saved = NAMES
    NAMES = NAMES15
    try:
        return rare_position.__wrapped__(name, count, which)
    finally:
        NAMES = saved


def palette_commands(path: Path) -> list[list[str]]:
    """Keys that spell legal commands in the command palette (``ctrl+p``, the line typed,
    Enter; fifteenth keys round)."""
    from bursting import typed as line_keys

    game = Game.load(path, read_only=True)
    try:
        lines = [format_command(cmd) for cmd in game.legal_commands()[:30]]
    finally:
        game.close()
    return [["ctrl+p", *line_keys(line), "enter"] for line in lines]


def r15_main(count: int, seed: int, spell: bool) -> int:
    """The ``--r15`` hunt (fifteenth keys round): as ``--rare`` (or ``--spell``) at
    :data:`R15_SCRIPTS` with the players of :data:`NAMES15`."""
    rng = random.Random(seed)
    lengths = {name: len(script_lines(name)) - 1 for name in R15_SCRIPTS}
    bad = 0
    for i in range(count):
        name, at, which, base = drawn(rng, lengths, 0.1, len(NAMES15), r15_position)
        if spell:
            found = spell_one(rng, base, header=True)
            if found is None:
                continue
            keys, fault = found
            bad += bool(fault)
            print("FAULT" if fault else "ok", i, name, at, which, " ".join(keys), flush=True)
            if fault:
                print("   ", fault, flush=True)
            continue
        spelled = commands(base, rng) + late_commands(base) + palette_commands(base)
        keys: list[str] = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.4:
                keys.append(rng.choice([*OPENERS, "b", "s", "d", "l", "t", "e", "f", ":"]))
                keys += rng.choices(INSIDE, k=rng.randint(0, 2))
                keys.append("escape")
            if rng.random() < 0.3:
                keys += rng.choice(
                    [
                        ["ctrl+z"],
                        ["ctrl+y"],
                        ["ctrl+z", "ctrl+y"],
                        ["h", "up", "enter", "y"],
                        ["h", "up", "up", "escape"],
                        ["o", "x", "y"],
                    ]
                )
            keys += pasted(rng, rng.choice(spelled))
        keys = alt_pairs(rng, [k if k != ":" else "colon" for k in keys])
        bad += hunted(base, keys, i, name, at, which)
    return 1 if bad else 0


SCREENS17 = [
    ["f1"],
    ["question_mark"],
    ["f"],
    ["w"],
    ["g"],
    ["c"],
    ["ctrl+t"],
    ["ctrl+o"],
    ["ctrl+p"],
    ["h"],
    ["h", "up"],
    ["h", "up", "up"],
    ["o", "o"],
]
"""Screens over the main one (and the what-if comparison over a sandbox) the ``--r17`` hunt
opens before its Esc."""
REWINDS17 = [
    ["h", "up", "enter", "y"],
    ["h", "up", "up", "enter", "y"],
    ["h", "up", "enter", "n"],
    ["h", "up", "enter", "escape"],
    ["h", "home", "down", "enter", "y"],
    ["h", "up", "enter", "y", "escape"],
    ["h", "up", "delete", "escape"],
    ["h", "up", "delete", "k", "y"],
    ["h", "up", "e", "escape"],
    ["h", "up", "e", "1", "0", "enter", "escape"],
    ["h", "up", "i", "escape"],
]
"""History's rewinds (answered, declined, left) and corrections (a line deleted, edited,
inserted: a later line that no longer applies stops them, and rings; seventeenth round) the
``--r17`` hunt types between commands."""


def r17_main(count: int, seed: int) -> int:
    """The ``--r17`` hunt (seventeenth keys round): at 1817's, 1853's, 1847 Pfalz's and
    RRRR&B's positions of :data:`R15_SCRIPTS` with the players of :data:`NAMES15`, a screen
    over the main one opened (:data:`SCREENS17`), ``Esc`` and at once a command spelled
    (half the time the pair as ``alt+KEY``), History's rewinds between commands
    (:data:`REWINDS17`)."""
    rng = random.Random(seed)
    names = [n for n in R15_SCRIPTS if n.startswith(("1817", "1853", "1847"))]
    lengths = {name: len(script_lines(name)) - 1 for name in names}
    bad = 0
    for i in range(count):
        name, at, which, base = drawn(rng, lengths, 0.1, len(NAMES15), r15_position)
        spelled = commands(base, rng) + late_commands(base)
        if not spelled:
            continue
        keys: list[str] = []
        for _ in range(rng.randint(1, 2)):
            if rng.random() < 0.8:
                keys += rng.choice(SCREENS17)
                keys += rng.choices(["down", "up", "1", "tab", "x"], k=rng.randint(0, 1))
                keys.append("escape")
            if rng.random() < 0.35:
                keys += rng.choice(REWINDS17)
            keys += rng.choice(spelled)
        keys = alt_pairs(rng, keys)
        bad += hunted(base, keys, i, name, at, which)
    return 1 if bad else 0


if __name__ == "__main__":
    if "--r17" in sys.argv:
        sys.exit(r17_main(int(sys.argv[2]), int(sys.argv[3])))
    if "--r15" in sys.argv:
        sys.exit(r15_main(int(sys.argv[2]), int(sys.argv[3]), "--spell15" in sys.argv))
    if "--spell" in sys.argv:
        sys.exit(spell_main(int(sys.argv[2]), int(sys.argv[3])))
    if "--rare" in sys.argv:
        sys.exit(rare_main(int(sys.argv[2]), int(sys.argv[3])))
    if "--merger" in sys.argv:
        sys.exit(merger_main(int(sys.argv[2]), int(sys.argv[3])))
    if "--late" in sys.argv:
        sys.exit(late_main(int(sys.argv[2]), int(sys.argv[3])))
    sys.exit(main(sys.argv[1].split(","), int(sys.argv[2]), int(sys.argv[3])))
