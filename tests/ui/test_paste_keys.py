"""A paste in a dialog is the keys that type it (a burst commits what it spells).

A terminal hands a paste over as one event.  A dialog's amount field inserted it as text
after the amount filled in (``r``, a paste of ``90``, Enter ran CPR for $290), and a
list ignored it, so the Enter typed after it took the first choice listed (``s``, a
paste of ``bo``, Enter sold NYC).  Now a paste in a dialog is handed out as its keys
(``moderator.ui.escapekey.pasted_keys``), in order with the keys around it.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

import bursting
import pytest
from adversary import renamed_save
from conftest import examples
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from positions import TITLES, Cut, played, save_at
from textual import events
from ui_helpers import REPO, running, save_from_script, saved_lines

from moderator import commands as c
from moderator.errors import Refusal
from moderator.game import Game
from moderator.ui.app import ModeratorApp
from moderator.ui.escapekey import pasted_keys

RUN_AT = Cut("1830", 1, 150)
"""1830, CPR operating, its last run (not $90) filled in the run dialog."""


def test_a_paste_is_the_keys_that_type_it() -> None:
    """Each character a key, a line end Enter (``CR LF`` one), as old as the paste; a
    control character a key no screen binds (ninth keys round: it was left out)."""
    paste = events.Paste("9\r\n0+B\tx\x07\n")
    keys = pasted_keys(paste)
    bell = "control character U+0007"
    assert [k.key for k in keys] == ["9", "enter", "0", "plus", "B", "tab", "x", bell, "enter"]
    assert [k.character for k in keys][:3] == ["9", "\r", "0"]
    assert {k.time for k in keys} == {paste.time}


async def typed_and_pasted(saves: Path, cut: Cut, parts: list[bursting.Burst]) -> list[list[str]]:
    """The journal's new lines after each burst of ``parts``, each on a fresh copy."""
    found = []
    for burst in parts:
        folder = saves / str(len(found))
        path = save_at(cut, folder)
        before = saved_lines(path)
        async with running(folder) as (_app, pilot):
            await bursting.send(pilot, burst)
        found.append(saved_lines(path)[len(before) :])
    return found


async def test_a_revenue_pasted_replaces_the_last_run(saves: Path) -> None:
    """``r``, a paste of ``90``, Enter ran $290 (the paste went in after the amount filled
    in); now $90, as ``r 9 0 Enter``; a paste holding the Enter too is the same."""
    found = await typed_and_pasted(
        saves,
        RUN_AT,
        [
            ["r", "9", "0", "enter"],
            ["r", ("paste", "90"), "enter"],
            ["r", ("paste", "90\r\n")],
            ["r", "9", ("paste", "0"), "enter"],
        ],
    )
    assert found[0] == ["run CPR 90 full"]
    assert found[1:] == [found[0]] * 3


PASTED = [
    (["b", "n", "y", "c", "enter"], ["b", ("paste", "nyc"), "enter"]),
    (["b", "n", "y", "c", "enter"], ["b", ("paste", "nyc\r")]),
    (["s", "b", "o", "2", "enter"], ["s", ("paste", "bo2"), "enter"]),
    (["s", "b", "o", "2", "enter"], ["s", "b", ("paste", "o"), ("paste", "2\n")]),
]
"""(typed, pasted) in 1830's stock round, Cy to act: the paste spells the same choice,
never the first listed (Cy's PRR from the IPO, one B&O share)."""


@pytest.mark.parametrize(("typed", "pasted"), PASTED)
async def test_a_list_is_narrowed_by_a_paste(
    saves: Path, typed: bursting.Burst, pasted: bursting.Burst
) -> None:
    """1830, Cy to act: ``b n y c Enter`` buys NYC; ``b``, a paste of ``nyc``, Enter
    bought the first share listed (PRR), the paste ignored.  Now the paste narrows the
    list as the keys do, and a paste holding the Enter takes the choice."""
    market = (REPO / "tests" / "scripts" / "1830-stock-market.script").read_text("utf-8")
    found = []
    for n, burst in enumerate((typed, pasted)):
        path = saves / str(n) / "g.json"
        path.parent.mkdir()
        save_from_script(path, market, "buy Cy PRR pool").close()
        async with running(path.parent) as (_app, pilot):
            before = saved_lines(path)
            await bursting.send(pilot, burst)
            found.append(saved_lines(path)[len(before) :])
    assert found[0] == (["buy Cy NYC ipo"] if typed[0] == "b" else ["sell Cy BO 2"])
    assert found[1] == found[0]


async def test_a_paste_on_the_main_screen_is_not_typed(saves: Path) -> None:
    """No field has the focus on the main screen: a paste there is no key (``x`` pasted
    does not pass Cy); it is refused, so the keys typed behind it are not used (a pasted
    ``pass Cy`` then ``x`` passed Cy with the ``x`` meant for the next player).  An ``x``
    typed after the toast passes Cy, and the command bar takes a paste after ``:``."""
    path = saves / "g.json"
    market = (REPO / "tests" / "scripts" / "1830-stock-market.script").read_text("utf-8")
    save_from_script(path, market, "buy Cy PRR pool").close()
    async with running(saves) as (app, pilot):
        before = saved_lines(path)
        await bursting.send(pilot, [("paste", "x"), "enter"])
        await bursting.send(pilot, [("paste", "pass Cy\n"), "x"])
        assert saved_lines(path) == before
        assert any("paste goes into the command bar" in n.message for n in app._notifications)
        await bursting.send(pilot, ["x"])
        await bursting.send(pilot, ["colon", ("paste", "pass Amy\n")])
        assert saved_lines(path)[len(before) :] == ["pass Cy", "pass Amy"]


PASTED_CHARS = {"enter": "\r", "escape": "\x1b", "backspace": "\x7f", "plus": "+"}
"""The character a paste holds for a key of a dialog's grammar."""
DIALOG_KEYS = {
    "par": "p",
    "ipo": "p",
    "buy": "b",
    "sell": "s",
    "bid": "a",
    "bond": "n",
    "claim": "a",
    "spend": "e",
    "issue": "i",
    "redeem": "i",
    "run": "r",
    "train": "t",
    "buyprivate": "v",
    "loan": "j",
    "payback": "u",
}
"""The key that opens the dialog of each kind of command (``moderator.ui.keys``)."""
NAMES = ("D", "X", "Pass", "Done", "Buy", "Two", "Sv", "Mail", "Ms", "Bo", "Nyc", "Pool", "Ipo")
"""Players named as keys, command words, ids of privates and companies (as the title
allows: :func:`adversary.accepted`)."""


def spelled(word: str) -> list[str]:
    """The keys a list's letters take for ``word`` (its letters, digits and ``+``)."""
    return [ch.lower() if ch.isalnum() else "plus" for ch in word if ch.isalnum() or ch == "+"]


@st.composite
def dialog_burst(draw: st.DrawFn, legal: list[c.Command]) -> tuple[list[str], list[str]]:
    """A dialog's key for a legal command, the keys spelling its ids and amounts (with
    Esc, Backspace, Enter among them), the key ending it, and keys typed after: (the
    dialog's keys after its opener, the keys after the dialog)."""
    cmd = draw(st.sampled_from([x for x in legal if x.kind in DIALOG_KEYS]))
    words = [str(v) for k, v in cmd.model_dump().items() if k != "kind" and v not in (None, "")]
    inside: list[str] = []
    for word in draw(st.lists(st.sampled_from(words), max_size=3)):
        inside += spelled(word)
        inside += draw(st.lists(st.sampled_from(["backspace", "escape", "enter", "0"]), max_size=1))
    inside.append(draw(st.sampled_from(["enter", "enter", "d", "escape"])))
    after = draw(
        st.lists(st.sampled_from(["x", "d", "enter", "b", "t", "r", "9", "0"]), max_size=3)
    )
    return [DIALOG_KEYS[cmd.kind], *inside], after


async def journal(path: Path, burst: bursting.Burst) -> list[str]:
    """The save's journal after ``burst`` typed at once."""
    app = ModeratorApp(path=path, saves=path.parent)
    async with app.run_test(size=bursting.SIZE) as pilot:
        await bursting.settle(pilot)
        await bursting.send(pilot, burst)
    return saved_lines(path)


@settings(max_examples=examples(5), suppress_health_check=[HealthCheck.too_slow])
@given(title=st.sampled_from(TITLES), count=st.sampled_from((3, 12, 40, 110)), data=st.data())
def test_a_dialog_s_keys_pasted_commit_what_they_typed_commit(
    title: str, count: int, data: st.DataObject
) -> None:
    """At random positions of every title, players named as keys and ids: a dialog's key,
    then its keys (ids, amounts, Esc, Backspace, Enter, ``d``) as one paste, then keys
    typed after it, give the journal the same keys typed give."""
    game = played(title, 2, count)
    seats, legal = len(game.players), game.legal_commands()
    game.close()
    assume(any(x.kind in DIALOG_KEYS for x in legal))
    names = data.draw(st.permutations(accepted_names(title)), label="names")[:seats]
    keys, after = data.draw(dialog_burst(legal), label="keys")
    text = "".join(PASTED_CHARS.get(k, k) for k in keys[1:])
    with tempfile.TemporaryDirectory(prefix="paste-") as folder:
        path = renamed_save(title, 2, count, list(names), Path(folder) / "s")
        saved = path.read_bytes()
        typed = asyncio.run(journal(path, [*keys, *after]))
        path.write_bytes(saved)
        pasted = asyncio.run(journal(path, [keys[0], ("paste", text), *after]))
    assert pasted == typed, (keys, after)


def accepted_names(title: str) -> list[str]:
    """The names of :data:`NAMES` ``title`` lets players have (enough for its seats)."""
    found = [n for n in NAMES if n in accepted_of(title)]
    return found + [f"Zed{i}" for i in range(6 - len(found))]


def accepted_of(title: str) -> set[str]:
    """Which of :data:`NAMES` ``title`` accepts as a player's name."""
    ok = set()
    for name in NAMES:
        try:
            Game.new(title, [name, "Zed", "Yu"]).close()
        except (Refusal, ValueError):
            continue
        ok.add(name)
    return ok
