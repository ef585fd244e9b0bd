"""Issue 37.3: the header is the engine's.

"to act" (and the operating company's ▶) is the engine's next actor
(``Ruleset.next_actor``, the state JSON's ``to_act``) in every title and position, and
``x`` passes exactly the player the header names: a walk over random legal games of every
title (``moderator.simulate``, seeded) compares the header drawn from the state JSON with
the engine, and Pilot tests type ``x`` where the two used to differ (1847 Pfalz's package,
1830 after a sale, 1853's claims, an 1830 auction).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from positions import TITLES, Cut, played, save_at
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator import commands as c
from moderator.game import Game
from moderator.simulate import TABLE_BOX_VALUES, TABLE_ROWS_3P
from moderator.ui.screens.dialogs import ChoiceDialog
from moderator.ui.widgets.panels import StatusBar

SCRIPTS = REPO / "tests" / "scripts"

CLAIMS_1853 = """game 1853 Amy Bob Carlos
bond Bob 160
bond Amy 120
bond Carlos 100
claim Bob Calcutta EIR
claim Amy Bombay BBCI
claim Carlos Karachi NWR
claim Bob Delhi EIR
claim Amy Jaipur BBCI
claim Carlos Lucknow EIR
claim Bob Patna EIR
claim Amy Madras SIR
claim Carlos Cawnpore EIR
claim Bob Lahore NWR
claim Amy Nagpur GIP
claim Carlos Hyderabad GIP
"""
"""1853's contract bids round the table from the Elephant (Bob's bond is the largest,
2.5.3), every bid complete enough to pass (the cities of test_g1853_screen's)."""


def header(data: dict[str, object]) -> str:
    """The header line the main screen draws for ``data`` (the StatusBar's own build)."""
    bar = StatusBar()
    bar.data = data  # type: ignore[assignment]
    bar.changed = set()
    bar.currency = "$"
    return bar.build().plain  # type: ignore[no-any-return]


def named(line: str) -> str | None:
    """Whom the header names to act: "to act NAME", or the operating company's ▶."""
    found = re.search(r"to act (\S+)", line) or re.search(r"▶\s*(\S+)", line)
    return found.group(1) if found else None


def legal_passes(game: Game) -> set[str]:
    """The players whose ``pass`` the rules take now (what makes ``x`` live)."""
    return {
        x.player
        for x in game.ruleset.candidates(game.state)
        if isinstance(x, c.Pass) and game.try_command(x) is None
    }


@pytest.mark.parametrize("title", TITLES)
def test_the_header_names_the_engines_next_actor_in_every_position(title: str) -> None:
    """A seeded random game of each title, every position: the header's player is the
    engine's next actor; wherever ``x`` is live, the pass of that player is legal (so
    ``x`` gives it); the "private result" wording is 1846's alone."""
    game = played(title, 11, 160)
    replay = Game.new(title, list(game.players))
    if title in ("1847Pfalz", "1847RRRRB"):  # the box's values are the game's first lines
        assert game.journal[0].line.startswith("box")
    shown_once = 0
    for n, entry in enumerate([None, *game.journal]):
        if entry is not None:
            assert replay.execute(entry.command).ok
        data = replay.state_json()
        actor = replay.ruleset.next_actor(replay.state)
        assert data["to_act"] == actor
        line = header(data)
        shown = named(line)
        where = f"{title} after {n} lines ({replay.round_label()}): {line.strip()}"
        if shown is not None or not data["round"]["setup"]:
            assert shown == actor, where
            shown_once += shown is not None
        else:  # a setup step the header does not give an actor (1846's deal, 1853's settle)
            assert actor is None or data.get("stage") is None, where
        if data.get("stage") == "bonds":  # 2.5.2: the first player without a bond
            assert actor == next(p for p in game.players if p not in data["bids"]), where
        if title != "1846":
            assert "private result" not in line, where
        if n % 3 == 0 and data.get("stage") != "claims":
            passes = legal_passes(replay)
            if passes:
                assert actor in passes, f"{where}: x would pass {actor}; legal: {passes}"
    assert shown_once > 50
    game.close()
    replay.close()


async def test_1847_pfalz_package_the_header_and_x_name_the_last_seat(saves: Path) -> None:
    """3.3: a new 3-player 1847 Pfalz game sells its package from the last seat: the header
    says "to act Cy" (not the priority's Amy, and no 1846 "private result" wording); ``x``
    passes Cy."""
    game = Game.new("1847Pfalz", ["Amy", "Bob", "Cy"])
    for line in (*TABLE_BOX_VALUES, TABLE_ROWS_3P):
        assert game.execute(line).ok
    game.save(saves / "g.json")
    game.close()
    async with running(saves) as (app, pilot):
        line = header(main_screen(app).session.data)
        assert "to act Cy" in line and "priority Amy" in line
        assert "private result" not in line
        await send_burst(pilot, "x")
        assert saved_lines(saves / "g.json")[-1] == "pass Cy"
        assert named(header(main_screen(app).session.data)) == "Bob"


async def test_1830_after_a_sale_x_passes_the_seller_the_header_names(saves: Path) -> None:
    """1830 4.0: after ``sell Bob PRR 2`` the turn is still Bob's (he may buy): the header
    says Bob and ``x`` journals ``pass Bob`` (which closes his turn; no pass counted), not
    Cy's pass."""
    path = saves / "g.json"
    market = (SCRIPTS / "1830-stock-market.script").read_text(encoding="utf-8")
    save_from_script(path, market, "expect Bob cash 349").close()
    async with running(saves) as (app, pilot):
        assert saved_lines(path)[-1] == "sell Bob PRR 2"
        session = main_screen(app).session
        assert named(header(session.data)) == "Bob"
        await send_burst(pilot, "x")
        assert saved_lines(path)[-1] == "pass Bob"
        assert named(header(session.data)) == "Cy" == session.data["turn"]


async def test_1830_after_a_purchase_the_header_names_the_next_player(saves: Path) -> None:
    """1830 4.0: a turn that bought stays open only for sales; the header names the next
    player (whose line closes it) and says the buyer may still sell; ``x`` is his pass."""
    path = saves / "g.json"
    market = (SCRIPTS / "1830-stock-market.script").read_text(encoding="utf-8")
    save_from_script(path, market, "buy Cy PRR pool").close()
    async with running(saves) as (app, pilot):
        line = header(main_screen(app).session.data)
        assert "to act Cy (Bob may still sell)" in line
        await send_burst(pilot, "x")
        assert saved_lines(path)[-1] == "pass Cy"


async def test_1853_claims_the_header_names_the_bidder_x_lists_him_first(saves: Path) -> None:
    """2.5.4: the claims go round the table from the Elephant; the header names whose turn
    it is, after the last claim (Amy's pass, typed out of turn: the bids are written
    secretly, the banker enters them as they come, and a pass moves no turn, rules level
    9), and ``x``'s list of complete bids puts him first, so ``x`` Enter passes the player
    the header names: Bob, whose turn it was, then Carlos."""
    path = saves / "g.json"
    save_from_script(path, CLAIMS_1853 + "pass Amy\n").close()
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        for expected in ("Bob", "Carlos"):
            who = named(header(session.data))
            assert who == expected == session.game.ruleset.next_actor(session.game.state)
            await send_burst(pilot, "x")
            assert isinstance(app.screen, ChoiceDialog)
            await send_burst(pilot, "enter")
            assert saved_lines(path)[-1] == f"pass {who}"


async def test_1853_bonds_the_header_names_the_next_player_without_a_bond(
    saves: Path,
) -> None:
    """2.5.2: the bonds are written at once, in secret; the banker takes them round the
    table, so the header names the first player (in the game line's order) without one;
    ``n`` Enter opens his bond; ``x`` commits nothing (no pass before the claims)."""
    path = saves / "g.json"
    save_from_script(path, CLAIMS_1853, "bond Amy").close()
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        assert saved_lines(path) == ["bond Bob 160"]
        line = header(session.data)
        assert "contract bonds (2.5)" in line and named(line) == "Amy"
        assert session.data["to_act"] == "Amy"
        await send_burst(pilot, "x")
        assert saved_lines(path) == ["bond Bob 160"]
        await send_burst(pilot, "n", "enter")
        assert getattr(app.screen, "player", None) == "Amy"
        await send_burst(pilot, "1", "2", "0", "enter")
        assert saved_lines(path) == ["bond Bob 160", "bond Amy 120"]
        assert named(header(session.data)) == "Carlos"
        await send_burst(pilot, "n", "enter", "1", "0", "0", "enter")
        assert saved_lines(path)[-1] == "bond Carlos 100"
        # the claims: from the Elephant's holder, Bob (the largest bond, 2.5.3)
        assert named(header(session.data)) == "Bob"


async def test_1830_auction_the_header_names_the_lowest_bidder_x_drops_him(
    saves: Path,
) -> None:
    """7.2: in an auction the lowest bidder is to act: the header and the sale's panel name
    him, and ``x`` drops him out."""
    path = saves / "g.json"
    sale = (SCRIPTS / "1830-opening-sale.script").read_text(encoding="utf-8")
    save_from_script(path, sale, "buy Bob SV").close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "b", "enter")  # Bob buys SV: CS's auction follows
        session = main_screen(app).session
        assert session.data["sale"]["contest"] == "CS"
        who = named(header(session.data))
        assert who == session.data["sale"]["turn"] == "Amy"
        await send_burst(pilot, "x")
        assert saved_lines(path)[-1] == f"pass {who}"


def _x_position(title: str) -> Cut:
    """A position of a seeded random game of ``title`` where ``x`` is live (some ``pass``
    legal, outside 1853's claims), drawn by a seeded choice."""
    game = played(title, 7, 120)
    replay = Game.new(title, list(game.players))
    found: list[int] = []
    for n, entry in enumerate(game.journal):
        if n % 5 == 0 and replay.state_json().get("stage") != "claims" and legal_passes(replay):
            found.append(n)
        assert replay.execute(entry.command).ok
    game.close()
    replay.close()
    assert found, title
    return Cut(title, 7, random.Random(f"x {title}").choice(found))


@pytest.mark.parametrize("title", TITLES)
async def test_x_passes_the_player_the_header_names(title: str, tmp_path: Path) -> None:
    """Typed into the app at a random position of each title where ``x`` is live: the
    journal's new line is the pass of the player the header named."""
    cut = _x_position(title)
    path = save_at(cut, tmp_path / "saves")
    async with running(tmp_path / "saves") as (app, pilot):
        who = named(header(main_screen(app).session.data))
        assert who is not None
        await send_burst(pilot, "x")
        assert saved_lines(path)[-1] == f"pass {who}", (cut, who)


def drawn_actor(app: object) -> str | None:
    """Whom the main screen's header, as drawn now, names to act."""
    bar = main_screen(app).query_one(StatusBar)  # type: ignore[arg-type]
    return named(bar.build().plain)


@pytest.mark.parametrize("title", TITLES)
async def test_the_header_after_an_undo_and_a_redo_typed_at_once(
    title: str, tmp_path: Path
) -> None:
    """``x ctrl+z`` and then ``ctrl+z ctrl+y`` in one burst each: the header drawn names the
    engine's next actor after each (the player the undone pass was for, then the player
    after the line redone), and ``x`` then passes him."""
    cut = _x_position(title)
    path = save_at(cut, tmp_path / "saves")
    async with running(tmp_path / "saves") as (app, pilot):
        game = main_screen(app).session.game
        first = drawn_actor(app)
        assert first == game.ruleset.next_actor(game.state), cut
        before = saved_lines(path)
        await send_burst(pilot, "x", "ctrl+z")
        assert saved_lines(path) == before
        assert drawn_actor(app) == first == game.ruleset.next_actor(game.state), cut
        await send_burst(pilot, "ctrl+z", "ctrl+y")
        assert drawn_actor(app) == first, cut
        await send_burst(pilot, "x")
        assert saved_lines(path) == [*before, f"pass {first}"], cut
