"""The hunt's oracle: a burst commits what the same keys typed one at a time commit.

The keys a banker types spell the same thing however fast they come (``docs/keys.md``).
So a burst of them, delivered at once as a terminal delivers a paste or a fast typist,
is compared with the same keys typed one at a time (each handled before the next, an
``alt+KEY`` typed as Esc then the key): the journal after the burst must be one the slow
typing went through.  Not always its end: a key refused in a burst (a dimmed key, a
letter that spells nothing, a command the rules refuse) leaves the keys typed behind it
unused, where typed slowly they act after its refusal is shown.  And the header must
name the engine's next actor.

Positions: random games of every title (``positions.played``) cut at a random length,
with the players named to collide with the keys (``adversary``: ``Buys``, ``Pays``,
``Ipo``, ``Nyc``, ``Bo``...).  Bursts: whole commands (an action's key, an amount,
Enter, the next key), a player's name in a list, Esc typed at once before a key,
undo and redo, History's rewind and branch, a sandbox kept or discarded, a line typed
in the command bar, and noise of the main screen's keys.  A few examples in CI (each
types the burst twice); ``HYPOTHESIS_PROFILE=explore`` searches further.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from bursting import FOOTER_KEYS, both_ways, key_event, settle
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import TITLES
from test_adversarial_keys import position as adversary_position
from textual.events import Event
from textual.screen import Screen
from ui_helpers import saved_lines

from moderator.game import Game
from moderator.ui.app import ModeratorApp
from moderator.ui.screens.main import MainScreen

LEFT_OUT = {"ctrl+n", "ctrl+o", "ctrl+t", "ctrl+q", "ctrl+c", "c", "f", "w", "g", "f1"}
"""Keys not typed: a new game or another save (the journal compared is another), the
table view's server, quitting, and the views over the main screen (slow to draw)."""
COUNTS = (3, 8, 16, 30, 55, 90)
NAMED = ["enter", "enter", "escape", "up", "down", "backspace", "tab", "ctrl+z", "ctrl+y"]
BAR_CHARACTERS = {" ": "space", "&": "ampersand"}
KINDS = ["noise", "command", "name", "esc", "undo", "history", "sandbox", "bar"]
"""The parts a burst is made of (the module docstring's list)."""


@cache
def position(title: str, seed: int, count: int) -> tuple[Path, tuple[str, ...]]:
    """The game of ``title`` from ``seed`` after ``count`` commands, its players named to
    collide with the keys (``test_adversarial_keys``'s), in a save of its own; the save
    and the players' names."""
    path = adversary_position(title, seed, count)
    game = Game.load(path, read_only=True)
    names = tuple(game.players)
    game.close()
    return path, names


@st.composite
def bursts(draw: st.DrawFn, names: tuple[str, ...]) -> list[str]:
    """One burst of keys (see the module docstring)."""
    letters = sorted({ch for name in names for ch in name.lower() if ch.isalpha()})
    noise = [k for k in FOOTER_KEYS if k not in LEFT_OUT] + NAMED + list("0123456789") + letters
    out: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(KINDS))
        if kind == "noise":
            out += draw(st.lists(st.sampled_from(noise), min_size=1, max_size=8))
        elif kind == "command":
            out.append(draw(st.sampled_from(list("rrteibspvaxnlmd"))))
            out += draw(st.lists(st.sampled_from("0123456789"), max_size=2)) + ["0", "enter"]
            out.append(draw(st.sampled_from(["d", "enter", "escape", "x", "b", "s"])))
        elif kind == "name":
            out.append(draw(st.sampled_from(list("bspvanxl"))))
            out += list(draw(st.sampled_from(names)).lower())
            out += ["enter", *draw(st.lists(st.sampled_from("0123456789"), max_size=2))]
            out.append(draw(st.sampled_from(["enter", "d", "escape"])))
        elif kind == "esc":
            # a dialog begun, Esc typed at once before the next key (read as Alt+key)
            out.append(draw(st.sampled_from(list("rrtebspvanlh"))))
            out += draw(st.lists(st.sampled_from("0123456789"), max_size=2))
            out.append("alt+" + draw(st.sampled_from(list("rrteebspxddvanlh0123456789"))))
            out += draw(st.lists(st.sampled_from([*"0123456789", "enter", "d"]), max_size=3))
        elif kind == "undo":
            out += ["ctrl+z"] * draw(st.integers(0, 3)) + ["ctrl+y"] * draw(st.integers(0, 3))
            out.append(draw(st.sampled_from(["x", "d", "ctrl+z", "enter"])))
        elif kind == "history":
            out += ["h", *["up"] * draw(st.integers(0, 4))]
            out.append(draw(st.sampled_from(["enter", "o", "e", "escape"])))
            out.append(draw(st.sampled_from(["y", "enter", "n", "escape", "1"])))
            out.append(draw(st.sampled_from(["x", "d", "escape", "k", "y"])))
        elif kind == "sandbox":
            out += ["o", draw(st.sampled_from(list("rtebspx")))]
            out += draw(st.lists(st.sampled_from("0123456789"), max_size=2))
            out += ["enter", "o", draw(st.sampled_from(["k", "x"]))]
            out += [draw(st.sampled_from(["y", "enter"])), draw(st.sampled_from(["x", "d"]))]
        else:
            who = draw(st.sampled_from(names))
            line = draw(
                st.sampled_from(
                    [f"pass {who}", f"buy {who} PRR", f"sell {who} PRR 1", "undo", "done"]
                )
            )
            out += ["colon", *(BAR_CHARACTERS.get(ch, ch) for ch in line)]
            out += [draw(st.sampled_from(["enter", "enter", "tab", "escape"]))]
            out += [draw(st.sampled_from(["x", "escape", "enter", "colon"]))]
    return out


class Counted(ModeratorApp):
    """The app, counting the keys of a burst it did not use (typed behind a refusal, or
    for a screen closed since)."""

    unused = 0

    def _typed_before_refusal(self) -> None:
        self.unused += 1
        super()._typed_before_refusal()

    def _not_used(self, event: Event, screen: Screen[Any]) -> None:
        self.unused += 1
        super()._not_used(event, screen)


async def typed(
    path: Path, keys: list[str], slow: bool, seen: list[list[str]]
) -> tuple[str | None, int]:
    """Type ``keys`` into the app on ``path``: at once, or one at a time (noting the
    journal after each in ``seen``).  Returns what is wrong with the header, if anything,
    and how many keys were not used."""
    app = Counted(path=path, saves=path.parent)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)

        def post(key: str) -> None:
            event = key_event(key)
            event.set_sender(app)
            app.post_message(event)

        for key in keys:
            if not slow:
                post(key)
                continue
            for one in ("escape", key[4:]) if key.startswith("alt+") else (key,):
                post(one)
                await settle(pilot)
                seen.append(saved_lines(path))
        await settle(pilot)
        assert app._exception is None, app._exception
        game = app.game
        mains = [s for s in app.screen_stack if isinstance(s, MainScreen)]
        if game is None or not mains:
            return None, app.unused
        shown = mains[0].session.data.get("to_act")
        actor = game.ruleset.next_actor(game.state)
        return None if shown == actor else f"header names {shown}, the engine {actor}", app.unused


SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


@settings(max_examples=examples(3), suppress_health_check=SLOW)
@given(
    title=st.sampled_from(TITLES),
    seed=st.sampled_from((1, 2, 3)),
    count=st.sampled_from(COUNTS),
    data=st.data(),
)
def test_a_burst_commits_what_the_keys_typed_one_at_a_time_commit(
    title: str, seed: int, count: int, data: st.DataObject
) -> None:
    base, names = position(title, seed, count)
    keys = data.draw(bursts(names), label="burst")
    results, seen = both_ways(base, keys, typed, "hunt-run-")
    for mode, (wrong, _, _) in results.items():
        assert wrong is None, (mode, keys, wrong)
    (_, unused, burst), (_, _, slow) = results["burst"], results["slow"]
    if unused:  # cut short by a refusal: where the slow typing went through
        assert burst in seen, (keys, burst[count:], slow[count:])
    else:  # every key used: the same lines
        assert burst == slow, (keys, burst[count:], slow[count:])
