"""An adversary at the table: the keys commit what they spell, or nothing (issue 37.6).

At random positions of every title (``positions.TITLES``), with the players named to
collide with the keys (``adversary``: ``Bo``, ``Nyc``, ``Pool``, ``Ipo``, ``Buys``,
``Pays``, ``From``, or names that begin an id or a source word, as each title allows),
a command is drawn and spelled by the grammar of ``docs/keys.md`` — worked out here
from the command, never read off a dialog: the action's key; the chosen thing's own
letters (a company's or a private's id, the source ``ipo`` or ``pool``, a count, a
train type and ``bank``/``pool``/its seller, a player's name in a list of players);
Enter; then a price or an amount's digits and Enter.  Only commands the grammar spells
alone are drawn (no other choice of the list is spelled in full by the same letters),
and in an operating round none whose letters hold a ``d`` (there ``d`` confirms the
list's choice and ends the turn: ``docs/keys.md``).

The burst is then made harder, all in one delivery:

* **Esc mid-burst**: the keys are begun, cut anywhere before the last, and Esc typed
  with the action's key at once after it — as a terminal delivers it, ``alt+KEY``
  (issue 37.2) — then the whole spelling again;
* **arrows** before the letters of a list (the letters then narrow and highlight anew)
  and on the main screen before the action's key;
* **a letter that matches nothing**, erased by Backspace typed (with the rest) once its
  refusal is shown (the keys typed behind it in its burst are not used); or not erased,
  and Enter: then nothing may be committed (issue 37.1).

The journal's new lines must be exactly the command spelled (when the rules accept it:
a run's revenue is drawn at random), or nothing.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from adversary import accepted, renamed_save
from conftest import examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from positions import TITLES, played
from ui_helpers import main_screen, running, saved_lines, send_burst

from moderator import commands as c
from moderator.ui.screens.dialogs import (
    AmountDialog,
    Keys,
    choice_keys,
    company_names,
    field,
    spelled,
    typable,
)
from moderator.ui.session import Session

KEY_OF: dict[type[c.Command], str] = {
    c.Buy: "b",
    c.Sell: "s",
    c.Par: "p",
    c.BuyTrain: "t",
    c.BuyPrivate: "v",
    c.Bid: "a",
    c.Bond: "n",
    c.Claim: "a",
    c.Run: "r",
    c.Spend: "e",
}
"""The main screen's key of each action (``moderator.ui.keys``)."""

ARROWS = ["up", "down", "left", "right", "home", "end", "pageup", "pagedown"]
COUNTS = (3, 8, 16, 30, 55, 90, 140, 200)
"""Commands played before the position (a random game cut there)."""


def letters(word: object) -> list[str]:
    """The keys that type ``word``'s letters and digits."""
    return list(typable(str(word)).lower())


def digits(amount: int) -> list[str]:
    return list(str(amount))


def first_step(cmd: c.Command, names: dict[str, str]) -> tuple[Keys, Any] | None:
    """The keys of ``cmd``'s entry in the action's list (as ``docs/keys.md`` says they
    are spelled) and what tells that entry from the others (a two-step choice's first
    part); ``None`` for an action without a list (run, spend)."""
    if isinstance(cmd, (c.Buy, c.Sell)):
        return choice_keys(cmd, names), cmd
    if isinstance(cmd, c.BuyTrain):
        later = cmd.source not in (None, "pool")  # a price agreed next
        group = (cmd.train, cmd.source) if later else cmd
        return choice_keys(cmd, names), group
    if isinstance(cmd, c.Par):
        return (field(cmd.corp),), cmd.corp
    if isinstance(cmd, c.BuyPrivate):
        return choice_keys(cmd, names), (cmd.corp, cmd.private)
    if isinstance(cmd, c.Bid):
        return (field(cmd.private),), cmd.private
    if isinstance(cmd, c.Bond):
        return (field(cmd.player),), cmd.player
    if isinstance(cmd, c.Claim):
        return (field(cmd.city),), cmd.city
    return None


def list_letters(cmd: c.Command) -> list[str]:
    """The letters that spell ``cmd``'s entry in full (each part of its keys)."""
    if isinstance(cmd, c.Buy):
        return letters(cmd.corp) + (letters(cmd.source) if cmd.source else [])
    if isinstance(cmd, c.Sell):
        return letters(cmd.corp) + digits(cmd.count)
    if isinstance(cmd, c.BuyTrain):
        source = "bank" if cmd.source is None else cmd.source
        return letters(cmd.train) + letters(source)
    if isinstance(cmd, (c.Par, c.Claim)):
        return letters(cmd.corp if isinstance(cmd, c.Par) else cmd.city)
    if isinstance(cmd, (c.BuyPrivate, c.Bid)):
        return letters(cmd.private)
    if isinstance(cmd, c.Bond):
        return letters(cmd.player)
    return []


def spelling(cmd: c.Command) -> list[str]:
    """The keys after the action's key that spell ``cmd``."""
    if isinstance(cmd, c.Run):
        return [*digits(cmd.revenue), "enter"]
    if isinstance(cmd, c.Spend):
        return [*digits(cmd.amount), "enter"]
    keys = [*list_letters(cmd), "enter"]
    if isinstance(cmd, c.Par):
        return [*keys, *digits(cmd.price), "enter"]
    if isinstance(cmd, c.Claim):
        return [*keys, *letters(cmd.corp), "enter"]
    if isinstance(cmd, c.BuyTrain) and cmd.source not in (None, "pool"):
        return [*keys, *digits(cmd.price or 0), "enter"]
    if isinstance(cmd, c.BuyPrivate):
        return [*keys, *digits(cmd.price), "enter"]
    if isinstance(cmd, (c.Bid, c.Bond)):
        return [*keys, *digits(cmd.amount), "enter"]
    return keys


def spelled_alone(cmd: c.Command, legal: list[c.Command], names: dict[str, str]) -> bool:
    """Whether the letters of ``cmd``'s entry spell in full no other entry of its list."""
    step = first_step(cmd, names)
    if step is None:
        return True
    text = "".join(list_letters(cmd))
    groups = set()
    for other in legal:
        if type(other) is type(cmd) and (found := first_step(other, names)) is not None:
            keys, group = found
            if spelled(text, keys) == 0:
                groups.add(repr(group))
    return groups == {repr(step[1])}


def targets(session: Session) -> list[c.Command]:
    """The commands to spell at this position: each legal one the grammar spells alone
    (no trade-ins, no credit: their lists need more than letters), and a run and a
    spend of the operating company."""
    legal = session.legal()
    names = company_names(session)
    operating = session.round_kind == "OR"
    out = [
        cmd
        for cmd in legal
        if type(cmd) in KEY_OF
        and not isinstance(cmd, (c.Run, c.Spend))
        and not getattr(cmd, "trade", None)
        and not getattr(cmd, "credit", False)
        and not (operating and "d" in list_letters(cmd))  # d: confirm and end the turn
        and spelled_alone(cmd, legal, names)
    ]
    company = session.game.state.operating if session.round_kind == "OR" else None
    if company:
        if any(isinstance(x, c.Run) for x in legal):
            out.append(c.Run(company=company, revenue=0))  # the revenue is drawn
        out.append(c.Spend(company=company, amount=0))
    return out


@cache
def position(title: str, seed: int, count: int) -> Path:
    """The game of ``title`` from ``seed`` after ``count`` commands, its players given
    colliding names (a rotation of those the title accepts), in a save of its own."""
    game = played(title, seed, count)
    seats = len(game.players)
    game.close()
    pool = accepted(title)
    names = [pool[(seed + i) % len(pool)] for i in range(seats)]
    folder = Path(tempfile.mkdtemp(prefix=f"adversary-{title}-{seed}-{count}-"))
    return renamed_save(title, seed, count, names, folder)


def miss_letter(prefix: str, cmd: c.Command, legal: list[c.Command], names: dict[str, str]) -> str:
    """A letter that, after ``prefix``, spells no entry of ``cmd``'s list."""
    entries = [step[0] for x in legal if type(x) is type(cmd) and (step := first_step(x, names))]
    for ch in "qzjxkwvy":
        if not any(spelled(prefix + ch, keys) is not None for keys in entries):
            return ch
    raise AssertionError("every letter spells something")


async def type_adversary(
    path: Path, rng: random.Random, draw: Callable[[st.SearchStrategy[Any], str], Any]
) -> None:
    async with running(path.parent) as (app, pilot):
        screen = main_screen(app)
        session = screen.session
        found = targets(session)
        if not found:
            event("nothing to spell here")
            return
        want = draw(st.sampled_from(found), "command")
        key = KEY_OF[type(want)]
        if isinstance(want, (c.Run, c.Spend)):
            amount = rng.randrange(0, 400, 10)
            opened = saved_lines(path)
            await send_burst(pilot, key)  # the dialog's own payout kind (or mail) is kept
            dialog = app.screen
            if isinstance(want, c.Spend) and session.reason(want.model_copy(update={"amount": 1})):
                # the company can spend nothing (1817's Belt with $0): `e` is dimmed and
                # opens nothing; the burst's keys would be refused with it
                assert dialog is screen and saved_lines(path) == opened
                event("spend: e dimmed, nothing opened")
                return
            assert isinstance(dialog, AmountDialog), dialog
            want = dialog.build(amount, dialog.option)
            await send_burst(pilot, "escape")
            assert app.screen is screen
        if isinstance(want, c.BuyTrain) and want.source not in (None, "pool"):
            want = want.model_copy(update={"price": rng.randrange(1, 400)})
        legal = session.legal()
        names = company_names(session)
        before = saved_lines(path)
        keys = [key, *spelling(want)]
        hard = draw(st.sets(st.sampled_from(["esc", "arrows", "miss", "miss-enter"])), "how")
        word = list_letters(want)
        at = 1 + rng.randrange(len(word)) if word else None  # a place among the letters
        nothing = False
        later: list[str] = []
        if "miss-enter" in hard and at is not None:
            typed = "".join(keys[1:at])
            keys = [*keys[:at], miss_letter(typed, want, legal, names), "enter"]
            nothing = True
        elif "miss" in hard and at is not None:
            typed = "".join(keys[1:at])
            # the keys typed behind the miss, before its bell, are not used: the
            # Backspace and the rest are typed once it is shown (docs/keys.md)
            later = ["backspace", *keys[at:]]
            keys = [*keys[:at], miss_letter(typed, want, legal, names)]
        if "arrows" in hard and word:
            moves = draw(st.lists(st.sampled_from(ARROWS), min_size=1, max_size=3), "arrows")
            keys = [*moves[:1], keys[0], *moves, *keys[1:]]
        if "esc" in hard and len(keys) > 2:
            cut = rng.randrange(1, len(keys) - 1)
            first = keys.index(key)
            keys = [*keys[: max(cut, first + 1)], f"alt+{key}", *keys[first + 1 :]]
        legal_cmd = session.reason(want) is None
        event(f"{type(want).__name__}: {sorted(hard)}, {'legal' if legal_cmd else 'refused'}")
        await send_burst(pilot, *keys)
        if later:
            await send_burst(pilot, *later)
        new = saved_lines(path)[len(before) :]
        line = session.line(want)
        if nothing or not legal_cmd:
            assert new == [], (keys, line, new)
        else:
            assert new == [line], (keys, line, new)
        await send_burst(pilot, "escape", "escape", "escape")
        assert saved_lines(path)[len(before) :] == new  # Esc takes nothing back or gives


SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


@settings(max_examples=examples(12), suppress_health_check=SLOW)
@given(
    title=st.sampled_from(TITLES),
    seed=st.sampled_from((1, 2)),
    count=st.sampled_from(COUNTS),
    choices=st.integers(0, 2**16),
    data=st.data(),
)
def test_an_adversarys_burst_commits_what_it_spells_or_nothing(
    title: str, seed: int, count: int, choices: int, data: st.DataObject
) -> None:
    saved = position(title, seed, count)
    with tempfile.TemporaryDirectory(prefix="adversary-run-") as folder:
        path = Path(folder) / saved.name
        path.write_bytes(saved.read_bytes())

        def draw(strategy: st.SearchStrategy[Any], label: str) -> Any:
            return data.draw(strategy, label=label)

        asyncio.run(type_adversary(path, random.Random(choices), draw))


def test_the_players_collide_with_the_keys() -> None:
    """Every title plays with names from the adversaries' list, the colliding ones
    where its companies let them (1830 and 1846 refuse ``Bo`` and ``Nyc``: their ids)."""
    for title in TITLES:
        names = accepted(title)
        assert {"Ipo", "Buys", "Pays", "From", "Bob", "Po"} <= set(names), (title, names)
    assert "Bo" in accepted("1847AE") and "Nyc" in accepted("1853")
