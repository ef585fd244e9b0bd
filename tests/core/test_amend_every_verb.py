"""Corrections of a past line (issue 39) checked verb by verb: every kind of line of each
title's test games, 1817's newest above all (``acquire``, ``liquidate``, ``short``,
``cover``, ``bankrupt``, the merger round's ``convert`` and ``merge``, ``loan``,
``payback``, ``interest``, ``redeem``, ``bonus``), amended four ways.

At a line of each verb (which one of its kind: drawn, derandomized ``ci`` profile):
(a) replaced by the same command spelled otherwise: nothing changes and nothing is kept;
(b) replaced by another amount (or another legal command of its verb), (c) deleted,
(d) a legal command inserted before it: the amended game is the edited script played from
scratch, or the first later line that no longer applies is named with its rule and the
real game is untouched.  The corrections kept are read back from the save; and one that
changes an automatic payment of a later line (1817's acquisition settlement, liquidation
by the bank, interest) prints that line's new narration for the banker to mirror.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from amend_games import (
    RECORDED,
    SCRIPTS,
    check_against_the_edited_script,
    played,
    recorded_game,
)
from conftest import check_invariants, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.amend import amend, amount_span
from moderator.cli import main
from moderator.errors import Refusal
from moderator.game import Game
from moderator.narrate import narrate
from moderator.script import format_command

HAND_1817 = (
    "1817-acquisition-round",
    "1817-acquisition-liquidations",
    "1817-liquidated-through-sr",
    "1817-bankrupt-short",
    "1817-shorts",
    "1817-merger-round",
    "1817-interest-auto-loans",
    "1817-dividend-zones",
    "1817-trains-buyback",
    "1817-mail-bonus",
)
"""1817's hand-computed scripts that between them write every verb of the title."""

GAMES = (*HAND_1817, *(f"recorded {title}" for title in sorted(RECORDED)))

NEWEST = {"acquire", "liquidate", "short", "cover", "bankrupt", "convert", "merge"}
NEWEST |= {"loan", "payback", "interest", "redeem", "bonus"}


@functools.cache
def game_of(name: str) -> Game:
    """A test game, played once (a correction never changes the real game)."""
    if name.startswith("recorded "):
        return recorded_game(name.removeprefix("recorded "))
    return played((SCRIPTS / f"{name}.script").read_text(encoding="utf-8"))


def verbs(game: Game) -> dict[str, list[int]]:
    """Each verb of the game's lines, and the numbers of its lines."""
    out: dict[str, list[int]] = {}
    for number, entry in enumerate(game.journal, start=1):
        out.setdefault(entry.line.split()[0], []).append(number)
    return out


def legal_at(game: Game, number: int) -> list[str]:
    """The commands the rules accept just before line ``number``."""
    at = Game.new(game.title, [*game.players, *game.options], rules_level=game.rules_level)
    at.state = game.replay(number - 1)
    return sorted(format_command(cmd) for cmd in at.legal_commands())


def respelled(line: str) -> str:
    """The same command spelled otherwise: its verb in capitals, its words spaced wide."""
    verb, *rest = line.split()
    return "  ".join([verb.upper(), *rest])


def other_amounts(line: str) -> list[str]:
    """The line with one of its numbers moved (a price, a revenue, a count)."""
    words = line.split()
    out = []
    for i, word in enumerate(words):
        if re.fullmatch(r"\d+", word):
            for step in (10, -10, 5, 1, -1):
                if int(word) + step >= 0:
                    out.append(" ".join([*words[:i], str(int(word) + step), *words[i + 1 :]]))
    return out


def test_the_games_write_every_verb_of_1817() -> None:
    """The games amended here hold every 1817 verb (one of them gone: its lines untested)."""
    written = set().union(*(verbs(game_of(name)) for name in HAND_1817))
    assert written >= NEWEST | {"ipo", "private", "buy", "sell", "run", "train", "done"}


EDITS = ("amount", "delete", "insert")


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(1), deadline=None)
@given(data=st.data())
def test_each_verb_amended_four_ways_is_the_edited_script(name: str, data: st.DataObject) -> None:
    """At a line of each verb: the same command respelled changes nothing; another
    amount, the line deleted, a legal line inserted before it: the edited script's game,
    or the first later line that no longer applies, named with its rule.  1817's scripts
    take the four at each verb; the titles' recorded games (each check replays the whole
    game from scratch) the respelling and one of the other three, drawn."""
    game = game_of(name)
    before = game.script()
    for verb, numbers in sorted(verbs(game).items()):
        number = data.draw(st.sampled_from(numbers), label=verb)
        line = game.journal[number - 1].line
        # (a) the same command: unchanged, nothing to keep
        done = amend(game, number, respelled(line))
        assert done.new == line and done.unchanged(), (verb, number)
        assert done.keep().unchanged
        edits = EDITS
        if name.startswith("recorded "):
            edits = (data.draw(st.sampled_from(EDITS), label=f"{verb} edit"),)
        legal = legal_at(game, number)
        if "amount" in edits:  # (b) another amount, or another legal command of the verb
            others = other_amounts(line)
            others = others or [x for x in legal if x.split()[0] == verb and x != line]
            for other in others[:2]:
                check_against_the_edited_script(game, number, "replace", other)
        if "delete" in edits:  # (c) deleted
            check_against_the_edited_script(game, number, "delete", None)
        if "insert" in edits and legal:  # (d) a legal line inserted before it
            inserted = data.draw(st.sampled_from(legal), label=f"{verb} insert")
            check_against_the_edited_script(game, number, "insert", inserted)
    assert game.script() == before  # the real game untouched


@pytest.mark.parametrize("name", HAND_1817)
def test_a_kept_correction_of_1817_s_newest_lines_reads_back(tmp_path: Path, name: str) -> None:
    """The first line of 1817's newest verbs (else of another) whose amount moves with every
    later line still applying (else its deletion): kept, the save reads back to the
    corrected game, whose money and certificates add up, and its printed script replays
    to it."""
    game = game_of(name)
    path = tmp_path / "g.json"
    real = played(game.script())
    real.save(path)
    lines = list(enumerate(real.journal, start=1))
    lines.sort(key=lambda pair: pair[1].line.split()[0] not in NEWEST)  # the newest first
    for number, entry in lines:
        for new, how in [*((x, "replace") for x in other_amounts(entry.line)), (None, "delete")]:
            try:
                done = amend(real, number, new, how=how)  # type: ignore[arg-type]
            except Refusal:
                continue
            if done.done and not done.unchanged():
                break
        else:
            continue
        break
    else:
        pytest.fail(f"no line of {name} could be amended")
    want = done.game.state_json()
    check_invariants(done.game)
    done.keep()
    real.close()
    again = Game.load(path, read_only=True)
    assert again.state_json() == want
    check_invariants(again)
    assert played(again.script()).state_json() == want
    assert any(e.amended for e in again.journal)


@pytest.mark.parametrize(
    ("name", "number", "new", "later", "said"),
    [
        # Bob's GT bid $10 more: GT's cash, handed over in UR's acquisition, is $10 more
        (
            "1817-acquisition-round",
            8,
            "ipo Bob GT 210 2",
            "acquire UR GT 450",
            "GT pays UR $330: all its cash",
        ),
        # Cat's GT bid $10 more: the bank's liquidation sets $10 more aside for its holders
        (
            "1817-liquidated-through-sr",
            15,
            "ipo Cat GT 210 5",
            "liquidate GT",
            "GT pays the bank $211: its cash set aside for its shareholders",
        ),
        # PW bought no train: no loans inherited, UR's price no longer moves for them
        (
            "1817-acquisition-round",
            17,
            None,
            "acquire UR PW 10",
            "PW pays the bank $290: its cash set aside for its 2 loans",
        ),
    ],
)
def test_a_changed_automatic_payment_is_shown_to_mirror(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    number: int,
    new: str | None,
    later: str,
    said: str,
) -> None:
    """The bank never acts unseen: a correction that changes what the bank does by itself
    in a later line (the acquisition's settlement, the liquidation's, a loan's interest)
    prints that line and its new narration (``moderator amend``), as the TUI's log does."""
    game = game_of(name)
    done = amend(game, number, new, how="replace" if new else "delete")
    assert done.done
    # the later lines given again that did something else (not the corrected line)
    shown = {done.game.journal[g.number - 1].line: g for g in done.changed() if g.number > number}
    assert later in shown
    entry = done.game.journal[shown[later].number - 1]
    assert any(said in x for x in narrate(entry.command, entry.events, "$", "1817"))
    path = tmp_path / "g.json"
    real = played(game.script())
    real.save(path)
    real.close()
    args = ["amend", str(path), str(number), *([new] if new else ["--delete"]), "--dry-run"]
    capsys.readouterr()
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    at = out.index(f"✓ {shown[later].number} {later}")
    assert any(said in x for x in out[at + 1 :]), out[at:]


@pytest.mark.parametrize(
    ("line", "amount"),
    [
        ("run PRR 170 half", "170"),
        ("ipo Bob GT 200 2", "200"),
        ("acquire UR PW 10", "10"),
        ("loan PW 2", "2"),
        ("train UR 3 from GT 11", "11"),  # the price, not the train's type
        ("train ERIE 2 from PRR 65", "65"),
        ("train UR 2", "2"),  # no price written: the type, the only number
        ("buy Amy UR", None),
    ],
)
def test_the_amount_history_s_e_selects(line: str, amount: str | None) -> None:
    """History's ``e`` selects the line's amount, so the digits typed replace it: a train
    bought from another company is corrected by its price, never its type."""
    span = amount_span(line)
    assert (line[span[0] : span[1]] if span else None) == amount
