"""The flows the random bursts reach seldom, typed as one burst (issue 37, third round).

1830's opening auction (a raise by the least, a drop-out, a raise below the least), 1853's
bonds (the last one, then the claims at once) and 1889's beginner deal (``l``, the line's
words), with the players named like the flows' keys and ids (``adversary``): the journal
takes exactly the lines the keys spell, or nothing from a refused key on, and the header
names the engine's next actor after each burst.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from adversary import accepted, renamed_save
from positions import played
from test_header_actor import header, named
from ui_helpers import main_screen, running, saved_lines, send_burst

from moderator.game import Game
from moderator.script import parse_script


def auction_save(folder: Path) -> tuple[Path, list[str]]:
    """1830 after five lines (seed 1): DH is auctioned, its lower bidder to act (7.2);
    the players named like keys and ids."""
    pool = accepted("1830")
    game = played("1830", 1, 5)
    seats = len(game.players)
    game.close()
    path = renamed_save("1830", 1, 5, [pool[(1 + i) % len(pool)] for i in range(seats)], folder)
    return path, saved_lines(path)


@pytest.mark.parametrize(
    ("keys", "count"),
    [
        (("a", "enter", "enter", "x"), 2),  # raise by the least, the other drops out
        (("a", "enter", "backspace", "enter", "x"), 0),  # a raise below the least: refused
        (("a", "enter", "7", "7", "enter", "x"), 0),  # below the bid: refused
        (("a", "enter", "9", "9", "9", "9", "enter", "x"), 0),  # beyond the cash
        (("x", "x"), 2),  # both drop out in turn
    ],
)
async def test_an_auction_burst_gives_what_it_spells(
    saves: Path, keys: tuple[str, ...], count: int
) -> None:
    path, old = auction_save(saves)
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        first = session.acting
        assert session.data["sale"]["contest"] == "DH" and first is not None
        await send_burst(pilot, *keys)
        new = saved_lines(path)[len(old) :]
        assert len(new) == count, (keys, new)
        if count:
            verb = "bid" if keys[0] == "a" else "pass"
            assert new[0].startswith(f"{verb} {first}"), new
            assert new[1].startswith("pass ") and first not in new[1].split()[1:], new
        game = session.game
        assert named(header(session.data)) == game.ruleset.next_actor(game.state)


async def test_the_last_bond_then_a_claim_in_one_burst(saves: Path) -> None:
    """1853's bonds with players named like keys: ``n Enter Enter`` three times (each the
    first player without a bond, at the lowest bond), then the claim's ``a Enter Enter``:
    the bonds, in the header's order, then the first claim, typed before the claims began;
    the header names the engine's next actor after."""
    pool = accepted("1853")
    names = [pool[i] for i in range(3)]
    game = Game.new("1853", names)
    game.save(saves / "g.json")
    game.close()
    path = saves / "g.json"
    async with running(saves) as (app, pilot):
        session = main_screen(app).session
        order = []
        for _ in range(3):
            actor = session.game.ruleset.next_actor(session.game.state)
            assert named(header(session.data)) == actor
            order.append(actor)
            await send_burst(pilot, "n", "enter", "enter")
        lines = saved_lines(path)
        assert [line.split()[:2] for line in lines] == [["bond", p] for p in order], lines
        await send_burst(pilot, "n", "enter", "a", "enter", "enter")  # n: refused, a dropped
        assert saved_lines(path) == lines
        await send_burst(pilot, "a", "enter", "enter")
        new = saved_lines(path)[len(lines) :]
        assert len(new) == 1 and new[0].startswith("claim "), new
        game = session.game
        assert named(header(session.data)) == game.ruleset.next_actor(game.state)


async def test_1889s_beginner_deal_by_the_words_of_its_lines(saves: Path) -> None:
    """1889's beginner deal (facts §12) with players called ``Pays``, ``Private`` and
    ``X``: ``l`` then the words of ``private Pays DR`` gives that line, ``x`` (no pass in
    the deal) gives nothing and the keys typed behind it are not used; typed after, the
    same ``l`` keys give X's card."""
    game = Game.from_command(
        next(iter(parse_script("game 1889 Pays Private X beginner\n"))).command
    )
    game.save(saves / "g.json")
    game.close()
    path = saves / "g.json"
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", *"privatepaysdr", "enter")
        assert saved_lines(path) == ["private Pays DR"]
        await send_burst(pilot, "x", "l", *"privatexer", "enter")
        assert saved_lines(path) == ["private Pays DR"] and app.screen is main_screen(app)
        await send_burst(pilot, "l", *"privatexer", "enter")
        assert saved_lines(path) == ["private Pays DR", "private X ER"]
