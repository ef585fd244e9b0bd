"""The documented keys of each action, typed ahead in one burst, give exactly the command
they spell, or nothing (issue 27.1).

At random positions of every title (``positions``), among them positions where the
action has exactly one legal choice, a command of the action is drawn (par, buy, sell,
bond, claim, run, spend, train, a private's purchase, 1817's IPO result) and spelled with the keys
``docs/keys.md`` documents: the action's key, letters or digits that narrow each list,
↓ to the choice, Enter; an amount's digits, ←/→ to the payout kind or purpose, Enter;
in an operating round ``d`` instead of the last Enter (the choice, then ``done``; not
after a forced sale, ``s`` in an operating round, which the train purchase follows).  The
keys are worked out from the dialogs as they open (the key once, then Esc: nothing
given), and then typed all at once from the main screen, as a banker types from habit,
before any dialog is drawn.  The journal's new lines must be exactly the command spelled
(and ``done``), or nothing when the rules refuse the command.

A list with one choice used to be given at once, and the keys typed after it fell on
the main screen: ``p c o Enter 4 Enter`` parred at once and ``c`` opened Check, the
last player's bond was committed at the minimum.  Now every list opens.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from functools import cache
from pathlib import Path

import pytest
from conftest import examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from positions import KINDS, TITLES, Cut, pick, save_at, scan
from ui_helpers import main_screen, running, saved_lines, send_burst

from moderator import commands as c
from moderator.ui.screens.dialogs import (
    AmountDialog,
    ChoiceDialog,
    CommandDialog,
    RunDialog,
    typable,
)
from moderator.ui.screens.mailrun import MailRunDialog
from moderator.ui.screens.main import MainScreen
from moderator.ui.session import Session

pytestmark = pytest.mark.xdist_group("typed_actions")
"""Under pytest-xdist (scripts/test: ``--dist loadgroup``) the module runs whole on one
worker: its positions (:func:`pool`, a scan of every title's games, 5 s and more) are
worked out once, not on each worker that runs one of its tests; and as a group it is
handed out at the start of the run, never left for last."""

KEY_OF = {
    "par": "p",
    "buy": "b",
    "sell": "s",
    "forced": "s",
    "bond": "n",
    "claim": "a",
    "run": "r",
    "spend": "e",
    "train": "t",
    "private": "v",
    "bid": "a",
    "ipo": "p",
}
"""The main screen's key of each action (``moderator.ui.keys``)."""

SAME_CHOICE = {
    c.Par: ("corp",),
    c.Bond: ("player",),
    c.Claim: ("city",),
    c.BuyTrain: ("corp", "train", "source"),
    c.BuyPrivate: ("corp", "private"),
    c.Bid: ("player", "private"),
}
"""What a list's entry must share with the command spelled when a second step follows
(the price of a par, a bond's amount, a claim's company, a price agreed)."""


@cache
def pool() -> list[tuple[Cut, str, bool]]:
    """The positions typed at: per title and action, some with one legal choice and some
    with several (worked out once per process, when a test first asks)."""
    rng = random.Random(27)
    out: list[tuple[Cut, str, bool]] = []
    for title in TITLES:
        out.extend(pick(scan(title, (1, 2), 220), 2, rng))
    return out


def target(session: Session, kind: str, rng: random.Random) -> c.Command:
    """A command of ``kind`` to spell: a legal one, with a random amount where the dialog
    asks for one (the rules may refuse it: then nothing may be committed)."""
    acting = session.acting or ""
    if kind == "run":
        return c.Run(company=acting, revenue=rng.randrange(0, 400, 10))
    if kind == "spend":
        return c.Spend(company=acting, amount=rng.randrange(10, 130, 10))
    cmd = rng.choice(session.legal_of(*KINDS[kind]))
    if isinstance(cmd, c.Ipo):
        return ipo_target(session, cmd, rng)
    if isinstance(cmd, c.Bond):
        return cmd.model_copy(update={"amount": cmd.amount + rng.choice((0, 0, 10, 35))})
    if isinstance(cmd, c.BuyTrain) and cmd.source not in (None, "pool"):
        return cmd.model_copy(update={"price": rng.randrange(1, 400)})
    if isinstance(cmd, c.BuyPrivate):
        return cmd.model_copy(update={"price": max(1, cmd.price + rng.choice((0, 0, -5, 20)))})
    if isinstance(cmd, c.Bid):  # 1830 7.2: the least bid, or more (or too much to set aside)
        return cmd.model_copy(update={"amount": cmd.amount + rng.choice((0, 0, 5, 25, 900))})
    return cmd


def ipo_target(session: Session, cmd: c.Ipo, rng: random.Random) -> c.Ipo:
    """1817's IPO result (facts §3): a legal line's corporation, its nominator on turn, and
    a random winner, price (sometimes off the range), size the phase offers and set of
    the winner's privates (at most two, in the order he holds them)."""
    nominator = cmd.nominator or cmd.player
    players = [p for p in session.data["players"] if not p.get("bankrupt")]
    winner = rng.choice(players)
    held = list(winner.get("privates") or [])
    chosen = set(rng.sample(held, rng.randint(0, min(2, len(held)))))
    price = rng.choice((rng.randrange(100, 405, 5), rng.randrange(100, 200, 5)))
    if rng.random() < 0.2:
        price = rng.choice((95, 402, 405))  # off the range: refused (facts §3)
    return cmd.model_copy(
        update={
            "player": winner["name"],
            "price": price,
            "size": rng.choice(session.data.get("sizes") or [cmd.size]),
            "privates": tuple(p for p in held if p in chosen),
            "nominator": None if winner["name"] == nominator else nominator,
        }
    )


def ipo_keys(dialog: ChoiceDialog, want: c.Ipo) -> list[str]:
    """The keys after ``p`` that spell 1817's ``want``: the corporation's letters, Enter;
    the winner's, Enter; the price's digits, → to the size, Enter; the privates' letters
    (none: nothing), Enter (``docs/keys.md``)."""
    keys: list[str] = []
    entry = next(i for i, (_, x) in enumerate(dialog.choices) if x.corp == want.corp)
    keys += keys_to(dialog, entry, typable(want.corp).lower())
    winners = dialog.then(dialog.choices[entry][1])  # type: ignore[misc]
    assert isinstance(winners, ChoiceDialog)
    entry = next(i for i, (_, x) in enumerate(winners.choices) if x.player == want.player)
    keys += keys_to(winners, entry, typable(want.player).lower())
    price = winners.then(winners.choices[entry][1])  # type: ignore[misc]
    assert isinstance(price, AmountDialog)
    size = price.options.index(str(want.size))
    keys += [*str(want.price), *["right"] * size, "enter"]
    sets = price.then(want.model_copy(update={"privates": ()}))  # type: ignore[misc]
    assert isinstance(sets, ChoiceDialog)
    entry = next(i for i, (_, x) in enumerate(sets.choices) if x == want)
    return keys + keys_to(sets, entry, "".join(typable(p).lower() for p in want.privates))


def leads_to(cmd: c.Command, want: c.Command, then: bool) -> bool:
    """Whether a list's entry ``cmd`` is (or, with a next step, leads to) ``want``."""
    if not then:
        return cmd == want
    fields = SAME_CHOICE.get(type(want), ())
    return type(cmd) is type(want) and all(getattr(cmd, f) == getattr(want, f) for f in fields)


def narrowing(want: c.Command) -> str:
    """The letters or digits the docs say to type to narrow a list to ``want``."""
    if isinstance(want, c.Par):
        return typable(want.corp).lower()
    if isinstance(want, c.Buy | c.Sell):
        return typable(want.corp).lower()
    if isinstance(want, c.Bond):
        return typable(want.player).lower()
    if isinstance(want, c.Claim):
        return typable(want.city).lower()
    if isinstance(want, c.BuyPrivate | c.Bid):
        return typable(want.private).lower()
    return ""


def list_keys(dialog: ChoiceDialog, want: c.Command, text: str) -> list[str]:
    """The keys that pick ``want`` (or the entry leading to it) in ``dialog``: ``text``
    as the list takes it (a letter that would match nothing is not typed), ↓ to it,
    Enter."""
    then = dialog.then is not None
    index = next(i for i, (_, x) in enumerate(dialog.choices) if leads_to(x, want, then))
    return keys_to(dialog, index, text)


def keys_to(dialog: ChoiceDialog, index: int, text: str) -> list[str]:
    """The keys that pick choice ``index`` of ``dialog``: ``text`` as the list takes it,
    ↓ or ↑ to it, Enter."""
    typed = ""
    for ch in text:
        if ch == "d" and dialog.done_after is not None:
            continue  # an operating round's list: `d` takes the choice and ends the turn
        if dialog.narrowed(typed + ch)[0]:
            typed += ch
    shown, best = dialog.narrowed(typed)
    if index not in shown:
        typed = ""
        shown, best = dialog.narrowed(typed)
    moves = shown.index(index) - shown.index(best if best is not None else shown[0])
    return [*typed, *(["down"] * moves if moves > 0 else ["up"] * -moves), "enter"]


def amount_keys(dialog: AmountDialog, want: c.Command) -> list[str]:
    """The keys of an amount dialog for ``want``: the amount's digits (replacing what is
    filled in), → to the option, the mail after Tab (1853), Enter."""
    amount = getattr(want, "revenue", None)
    for field in ("amount", "price"):
        if amount is None:
            amount = getattr(want, field, None)
    keys = list(str(amount))
    option = getattr(want, "option", getattr(want, "purpose", None))
    if getattr(want, "private", None) == "W":  # 1847: the spend dialog's Weidenthal station
        option = "token W"
    if option in dialog.options:
        keys += ["right"] * ((dialog.options.index(option) - dialog.selected) % len(dialog.options))
    if isinstance(dialog, MailRunDialog):
        keys.append("tab")
        mail = getattr(want, "mail", None)
        keys += list(str(mail)) if mail is not None else ["backspace"] * 4
    return [*keys, "enter"]


def fill(dialog: CommandDialog, want: c.Command, rng: random.Random) -> c.Command:
    """``want`` completed with what the dialog offers (a payout kind, a purpose, the mail)."""
    if isinstance(dialog, RunDialog):
        mail = rng.choice((None, 10, 20)) if isinstance(dialog, MailRunDialog) else None
        update = {"option": rng.choice(dialog.options), "mail": mail}
        return want.model_copy(update=update)
    if isinstance(dialog, AmountDialog) and isinstance(want, c.Spend):
        purpose = rng.choice(dialog.options)
        if purpose == "token W":  # 1847 4.2: the station at Weidenthal's half cost
            return want.model_copy(update={"purpose": "token", "private": "W"})
        return want.model_copy(update={"purpose": purpose})
    return want


def spell(dialog: CommandDialog, want: c.Command) -> list[str]:
    """The keys after the action's key: the list (and the list or amount after it), or
    the amount, to ``want``."""
    if isinstance(dialog, AmountDialog):
        return amount_keys(dialog, want)
    assert isinstance(dialog, ChoiceDialog)
    if isinstance(want, c.Ipo):
        return ipo_keys(dialog, want)
    keys = list_keys(dialog, want, narrowing(want))
    if dialog.then is None:
        return keys
    step = dialog.then(next(x for _, x in dialog.choices if leads_to(x, want, True)))
    if isinstance(step, ChoiceDialog):  # the next list: a par's price, a claim's company
        return keys + list_keys(step, want, second_narrowing(want))
    if isinstance(step, AmountDialog):  # a bond's amount, a price agreed
        return keys + amount_keys(step, want)
    return keys  # the entry was the command itself


def second_narrowing(want: c.Command) -> str:
    """What narrows the second list of a two-step choice: a par's price, a claim's
    company."""
    if isinstance(want, c.Par):
        return str(want.price)
    if isinstance(want, c.Claim):
        return typable(want.corp).lower()
    return ""


def ends_with_d(session: Session, kind: str, keys: list[str]) -> bool:
    """Whether the keys may end with ``d`` (the choice, then ``done``): in an operating
    round, but for the forced sale (``s``: the train follows it, not the turn's end)."""
    return session.round_kind == "OR" and keys[-1] == "enter" and kind != "forced"


async def type_action(cut: Cut, kind: str, rng: random.Random, done: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="typed-") as folder:
        path = save_at(cut, Path(folder))
        async with running(Path(folder)) as (app, pilot):
            screen = main_screen(app)
            session = screen.session
            before = saved_lines(path)
            want = target(session, kind, rng)
            await send_burst(pilot, KEY_OF[kind])  # the dialog as it opens, to read it
            dialog = app.screen
            assert isinstance(dialog, CommandDialog), (cut, kind, dialog)
            want = fill(dialog, want, rng)
            keys = [KEY_OF[kind], *spell(dialog, want)]
            await send_burst(pilot, "escape")
            assert app.screen is screen and saved_lines(path) == before
            ends_turn = done and ends_with_d(session, kind, keys)
            if ends_turn:
                keys[-1] = "d"
            legal = session.reason(want) is None
            event(f"{kind}: {'legal' if legal else 'refused'}, {'d' if ends_turn else 'Enter'}")
            if not legal:
                event(f"{kind} refused: {session.reason(want)}"[:60])
            await send_burst(pilot, *keys)  # all at once, before any dialog is drawn
            new = saved_lines(path)[len(before) :]
            if not legal:
                assert new == [], (cut, kind, keys, want, new)
                return
            assert new[:1] == [session.line(want)], (cut, kind, keys, want, new)
            if not ends_turn:
                assert new == [session.line(want)] and isinstance(app.screen, MainScreen)
                return
            company = getattr(want, "company", None) or getattr(want, "corp", "")
            if len(new) == 1:  # `d`: then done, unless the rules refuse it now
                assert session.reason(c.Done(company=company)) is not None, (want, new)
            else:
                assert new[1:] == [f"done {company}"], (cut, kind, keys, want, new)


SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


@settings(max_examples=examples(30), suppress_health_check=SLOW)
@given(data=st.data())
def test_the_keys_of_each_action_give_the_command_they_spell(data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(sorted(KINDS)), label="action")
    places = [(cut, single) for cut, k, single in pool() if k == kind]
    cut, _single = data.draw(st.sampled_from(places), label="position")
    seed = data.draw(st.integers(0, 2**16), label="choices")
    done = data.draw(st.booleans(), label="d instead of the last Enter")
    asyncio.run(type_action(cut, kind, random.Random(seed), done))


@settings(max_examples=examples(6), suppress_health_check=SLOW)
@given(data=st.data())
def test_1817s_ipo_result_typed_in_a_burst_gives_the_line_it_spells(data: st.DataObject) -> None:
    """1817's IPO result (facts §3) is the longest grammar (four steps: corporation,
    winner, price and size, privates): a few more bursts of it than the draw above gives,
    with winners, prices (some off the range) and privates drawn at random."""
    places = [cut for cut, k, _ in pool() if k == "ipo"]
    cut = data.draw(st.sampled_from(places), label="position")
    seed = data.draw(st.integers(0, 2**16), label="choices")
    asyncio.run(type_action(cut, "ipo", random.Random(seed), False))


def test_the_pool_has_single_and_several_choices_of_every_action() -> None:
    """The positions cover each action, and lists of exactly one legal choice of the
    actions whose lists can have one (issue 27.1)."""
    found = pool()
    assert {kind for _, kind, _ in found} == set(KINDS)
    singles = {kind for _, kind, single in found if single}
    assert {"par", "buy", "sell", "train", "private"} <= singles, singles


async def type_action_in_sandbox(
    cut: Cut, kind: str, rng: random.Random, done: bool, keep: bool
) -> None:
    """Issue 32.7: ``o`` and then the action's keys, all in one burst, give the command they
    spell in a what-if sandbox and nothing in the real save; ``o x y`` then discards it
    (the save as it was) or ``o k Enter`` keeps it (the save then holds its lines)."""
    from moderator.ui.screens.sandbox import SandboxScreen

    with tempfile.TemporaryDirectory(prefix="typed-whatif-") as folder:
        path = save_at(cut, Path(folder))
        async with running(Path(folder)) as (app, pilot):
            screen = main_screen(app)
            session = screen.session
            before = saved_lines(path)
            raw = path.read_bytes()
            want = target(session, kind, rng)
            await send_burst(pilot, KEY_OF[kind])  # the dialog as it opens, to read it
            dialog = app.screen
            assert isinstance(dialog, CommandDialog), (cut, kind, dialog)
            want = fill(dialog, want, rng)
            keys = [KEY_OF[kind], *spell(dialog, want)]
            await send_burst(pilot, "escape")
            assert app.screen is screen
            ends_turn = done and ends_with_d(session, kind, keys)
            if ends_turn:
                keys[-1] = "d"
            legal = session.reason(want) is None
            line = session.line(want)
            await send_burst(pilot, "o", *keys)  # the sandbox opens; the keys go into it
            if not legal and isinstance(app.screen, CommandDialog):
                # a refused amount stays in its dialog with the reason (a bid too large to
                # set aside): nothing was given; Esc closes it
                await send_burst(pilot, "escape")
            box = app.screen
            assert isinstance(box, SandboxScreen), (cut, kind, keys, box)
            new = [e.line for e in box.session.game.journal[len(before) :]]
            assert path.read_bytes() == raw, "a sandbox wrote the real save"
            if not legal:
                assert new == [], (cut, kind, keys, want, new)
            else:
                assert new[:1] == [line], (cut, kind, keys, want, new)
                if not ends_turn:
                    assert len(new) == 1
            event(f"what-if {kind}: {'kept' if keep else 'discarded'}, {len(new)} lines")
            await send_burst(pilot, "o", *(("k", "enter") if keep else ("x", "y")))
            assert app.screen is screen, (cut, kind, app.screen)
            if keep:
                assert saved_lines(path) == [*before, *new]
                assert [e.line for e in session.game.journal] == [*before, *new]
            else:
                assert path.read_bytes() == raw
                assert [e.line for e in session.game.journal] == before


@settings(max_examples=examples(8), suppress_health_check=SLOW)
@given(data=st.data())
def test_the_keys_of_each_action_in_a_sandbox_commit_to_the_sandbox_only(
    data: st.DataObject,
) -> None:
    kind = data.draw(st.sampled_from(sorted(KINDS)), label="action")
    places = [(cut, single) for cut, k, single in pool() if k == kind]
    cut, _single = data.draw(st.sampled_from(places), label="position")
    seed = data.draw(st.integers(0, 2**16), label="choices")
    done = data.draw(st.booleans(), label="d instead of the last Enter")
    keep = data.draw(st.booleans(), label="keep (else discard)")
    asyncio.run(type_action_in_sandbox(cut, kind, random.Random(seed), done, keep))
