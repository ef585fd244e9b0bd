"""Eighth keys round (1846, 1847 AE, Pfalz, RRRR&B, 1853): a burst commits what it spells
or nothing, and the header names who the next line is taken from.

* A company over the train limit after a phase change (1853 4.8.6: BNR's 4 leaves EIR
  with four trains) discards before any other line is taken: every key of the company
  operating is refused ("EIR holds 4 trains over the limit"), yet the header named only
  BNR (▶ BNR), the company whose lines were all refused.  It now says "EIR discards
  first", with the rule, and ``l`` lists the discards (``l 2 m Enter``).
* 1853 4.8.10: a new director owing his credit train's choice was not the one named.
* 1846 before the first stock round: the lines offered were the priority holder's, also
  when he is passed at once (no cash left after the privates): the ``p`` of the player
  named to act was refused.
* 1846 after the removals, no private distributed: ``x`` passed the first player (whom the
  header did not name) and began stock round 1 with every private out of play.
* Before the setup is done (1846's removals, RRRR&B's box values) ``b`` or ``x`` said
  "the rules allow no buy now", not the step that comes first; ``r`` after the run and
  1853's ``k`` with no credit train waiting said as little.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from positions import Cut, played, save_at
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator import commands as c
from moderator.game import Game
from moderator.ui.widgets.panels import StatusBar

SCRIPTS = REPO / "tests" / "scripts"


def _save(saves: Path, script: str, stop_before: str, names: dict[str, str]) -> Path:
    text = (SCRIPTS / script).read_text(encoding="utf-8")
    for old, new in names.items():
        text = re.sub(rf"\b{old}\b", new, text)
        stop_before = re.sub(rf"\b{old}\b", new, stop_before)
    path = saves / "g.json"
    save_from_script(path, text, stop_before).close()
    return path


def status(app: object) -> str:
    return str(main_screen(app).query_one("#status", StatusBar).build().plain)  # type: ignore[arg-type]


async def test_the_header_names_the_company_that_discards_first(saves: Path) -> None:
    path = _save(saves, "1853-phases.script", "discard EIR 2M", {})
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        assert "EIR discards first (over the train limit, 4.8.6" in status(app), status(app)
        await send_burst(pilot, "d", "l", "2m", "enter")  # BNR's done refused: not used
        assert saved_lines(path) == before
        await send_burst(pilot, "l", "2m", "enter")  # typed after the refusal
        assert saved_lines(path) == [*before, "discard EIR 2M"]
        assert "discards first" not in status(app)


@pytest.mark.parametrize(("title", "seed", "count"), [("1847AE", 2, 116), ("1847RRRRB", 2, 56)])
def test_every_company_whose_discard_alone_is_legal_is_named(
    title: str, seed: int, count: int
) -> None:
    """Seeded games through a phase change that leaves another company over the limit:
    wherever the rules take only discards, the state JSON's ``discard_first`` (the
    header's) names exactly the companies they are for, and nothing elsewhere."""
    game = played(title, seed, count)
    replay = Game.new(title, list(game.players))
    seen = 0
    for entry in game.journal:
        legal = replay.legal_commands()
        first = replay.state_json()["discard_first"]
        if legal and all(isinstance(x, c.Discard) for x in legal):
            seen += 1
            assert first is not None
            assert set(first["companies"]) == {x.corp for x in legal}, entry.line
        elif not any(isinstance(x, c.Discard) for x in legal):
            assert first is None, entry.line
        assert replay.execute(entry.command).ok
    assert seen  # the position is in the game
    replay.close()
    game.close()


async def test_1853_the_header_names_the_new_director_owing_his_credit_trains_choice(
    saves: Path,
) -> None:
    """4.8.10: Bo's purchase makes him NWR's director while NWR owes its credit train: only
    ``credit NWR pay`` or ``return`` is accepted, yet the header named Cat, whose turn
    follows, and ``x`` was refused for her.  Bo (here called X) is named; the ``x`` typed
    for him is still refused (his choice first), and the keys behind it are not used."""
    path = _save(saves, "1853-managers.script", "credit NWR pay", {"Bo": "X"})
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        assert "to act X " in status(app), status(app)
        await send_burst(pilot, "x", "k", "enter")
        assert saved_lines(path) == before
        await send_burst(pilot, "k", "enter")
        assert saved_lines(path) == [*before, "credit NWR pay"]
        assert "to act Cat " in status(app), status(app)
        await send_burst(pilot, "k", "enter")  # nothing waits now: it says so
        said = [n.message for n in app._notifications]
        assert any("no credit train is waiting" in m for m in said), said
    assert saved_lines(path) == [*before, "credit NWR pay"]


async def test_1846_the_first_stock_player_after_the_privates_may_par(tmp_path: Path) -> None:
    """1846, the privates dealt and the first stock round not begun: Amy, who holds the
    priority, spent her cash on privates and is passed at once, so the header names Bob.
    The lines offered were Amy's (the priority holder's), so Bob's ``p`` was refused "it is
    Bob's turn in the stock round, not Amy's (5.11)" and his ``b`` likewise."""
    path = save_at(Cut("1846", 10, 7), tmp_path / "saves")
    before = saved_lines(path)
    assert before[-1].startswith("private ") and len(before) == 7
    async with running(path.parent) as (app, pilot):
        assert "to act Bob " in status(app), status(app)
        await send_burst(pilot, "p", "nyc", "enter", "100", "enter")
        assert app.screen is main_screen(app)
    assert saved_lines(path) == [*before, "par Bob NYC 100"]


@pytest.mark.parametrize(
    ("title", "said"),
    [
        ("1846", "remove 2 of CO, ERIE, PRR first (2.3)"),
        ("1847RRRRB", "the game starts once the box's values are given"),
    ],
)
async def test_a_stock_key_before_the_setup_is_done_says_the_setups_step(
    saves: Path, title: str, said: str
) -> None:
    """1846's removals (2.3), RRRR&B's box values (12.1): a ``b`` or ``x`` typed first rang
    and said "the rules allow no buy now", not what comes first; the keys behind it are
    not used."""
    game = Game.new(title, ["B", "X", "Pass"])
    game.save(saves / "g.json")
    game.close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "b", "x")
        messages = [n.message for n in app._notifications]
        assert any(said in m for m in messages), messages
        assert saved_lines(saves / "g.json") == []  # the x behind the b: not used


async def test_1846_x_after_the_removals_passes_nobody(saves: Path) -> None:
    """1846 after the removals, no private distributed yet: the header says "Setup" and
    names no one, yet ``x`` gave ``pass Amy`` (the engine's next actor) and began stock
    round 1 with every private out of play (3.2).  It rings and says why; the keys behind
    it are not used; a private typed after it is taken."""
    text = "game 1846 X Pass Ipo\nremove ERIE PRR SC TBC LSL MC\n"
    save_from_script(saves / "g.json", text).close()
    before = saved_lines(saves / "g.json")
    async with running(saves) as (app, pilot):
        assert "Setup" in status(app) and "to act" not in status(app)
        assert main_screen(app).check_action("pass_turn", ()) is None  # dimmed in the footer
        await send_burst(pilot, "x", "x")
        assert saved_lines(saves / "g.json") == before
        said = [n.message for n in app._notifications]
        assert any("the header names no one to act yet" in m for m in said), said
        await send_burst(pilot, ":", "private X MS", "enter", "escape")
        assert "to act X " in status(app)  # named now: his x passes him
        await send_burst(pilot, "x")
    assert saved_lines(saves / "g.json") == [*before, "private X MS", "pass X"]


async def test_r_after_the_run_says_the_company_has_run(saves: Path) -> None:
    """``r`` typed again after IC's run (a banker's habit: the run twice) rang and said "the
    rules allow no run now (IC to act)"; it says the game's reason, and the keys typed
    behind it are not used (the ``9 0 Enter`` were for the run)."""
    path = _save(saves, "1846-2e-three-players.script", "train IC 2", {"Cat": "Run"})
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "r", "90", "enter", "k")
        said = [n.message for n in app._notifications]
        assert any("IC has already run this turn (6.61)" in m for m in said), said
        assert app.screen is main_screen(app)
    assert saved_lines(path) == before


async def test_1817_x_in_the_opening_sale_still_passes_the_chooser(saves: Path) -> None:
    """The refusal above is for a pass that would end the setup: 1817's opening sale is
    setup too, and its chooser's ``x`` is a pass inside it."""
    save_from_script(saves / "g.json", "game 1817 Amy Bob Cy\n").close()
    async with running(saves) as (_app, pilot):
        await send_burst(pilot, "x")
    assert saved_lines(saves / "g.json") == ["pass Amy"]


async def test_v_with_no_private_for_sale_says_why(tmp_path: Path) -> None:
    """1847 Pfalz, NDB to act, every private L's: ``v`` said "the rules allow no private
    now (NDB to act)"; it says the game's reasons, and the Enter behind it is not used."""
    path = save_at(Cut("1847Pfalz", 1, 99), tmp_path / "saves")
    before = saved_lines(path)
    async with running(path.parent) as (app, pilot):
        await send_burst(pilot, "v", "enter")
        said = [n.message for n in app._notifications]
        assert any("NDB may buy no private now: R is not a player's to sell" in m for m in said)
    assert saved_lines(path) == before
