"""Fourteenth keys round: rarely visited positions, adversarial names, Esc and paste.

The hunt (``tests/ui/keys_hunt.py --rare`` and ``--spell``: 1853's contract bids, 1847 AE's
nationalisation, 1846's issues and independents, 1830's auction and D trade-in, 1889,
18Chesapeake, bankruptcies and the game's end, with players called ``Amy Lee``, ``Lee``,
``Pass Cy``, ``Ü 2``, ``Done Ur``, ``É``, ``4``, ``Bo B``; pastes and ``alt+KEY`` mid-burst)
found:

* ``l``'s line of a train bought from another company (``train CPR 6 from PRR 1``) carries
  the engine's placeholder price, $1 (``rulesets/engine.py``; the price is agreed at the
  table, 1846 6.81); Enter gave it at once, so ``l t r a i n c p r 6 f r o m p
  r r Enter 2 0 0 Enter``, typed as ``t 6 p r r Enter 2 0 0 Enter`` is, bought the 6 for $1
  and the ``2 0 0 Enter`` rang on the main screen.  Now the line asks the agreed price
  next, as ``t`` does (and as ``l``'s 1817 ``acquire`` asks its price, thirteenth round).
* A player called like a thing a line of ``l`` names: with 1853's first claimer called
  Bombay (2.5.4), ``l b o m b a y Enter`` took ``claim Bombay Calcutta EIR`` (the letters read
  as his name, the first of his claims), where with him called Bob the same keys give
  ``claim Bob Bombay BBCI``.  Now the word names no line for sure, as a player called Trade's
  (seventh round): Enter rings, takes nothing, the keys behind it are not used; the next word
  (``b b c i``, ``c a l c u t t a``) chooses.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bursting import burst_as_slow
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hunt_bursts import typed
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.ui.screens.dialogs import AmountDialog

SCRIPTS = REPO / "tests" / "scripts"
TRAINS = (SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8")


# ---------------------------------------------------------------- a train's agreed price
def before_cprs_train(saves: Path) -> tuple[Path, list[str]]:
    """1830's OR 6 (``1830-trains-phases``), CPR to buy a train: the save and its lines."""
    path = saves / "g.json"
    save_from_script(path, TRAINS, "train CPR D").close()
    return path, saved_lines(path)


async def test_l_train_from_a_company_asks_the_agreed_price(saves: Path) -> None:
    path, before = before_cprs_train(saves)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", *"traincpr6fromprr", "enter", "2", "0", "0", "enter")
        assert saved_lines(path)[len(before) :] == ["train CPR 6 from PRR 200"]
        assert app.screen is main_screen(app)


async def test_the_placeholder_price_typed_still_asks_and_esc_gives_nothing(saves: Path) -> None:
    path, before = before_cprs_train(saves)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", *"traincpr6fromprr1", "enter")
        assert isinstance(app.screen, AmountDialog)
        assert saved_lines(path) == before
        await send_burst(pilot, "escape", "x")  # the x: a stock-round key, refused here
        assert saved_lines(path) == before


async def test_t_still_asks_the_agreed_price(saves: Path) -> None:
    path, before = before_cprs_train(saves)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "t", *"6prr", "enter", "2", "0", "0", "enter")
        assert saved_lines(path)[len(before) :] == ["train CPR 6 from PRR 200"]
        assert app.screen is main_screen(app)


# ---------------------------------------------------------------- names that collide
BONDS = 'game 1853 "Ü 2" 2 Lee\n'
"""1853's contract bonds (2.5.2) with a player called by a digit, another whose name ends
with it and begins with a letter with an accent."""


async def test_a_digit_name_and_an_accented_name_in_the_bond_list(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, BONDS).close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "n", "2", "enter", "1", "0", "0", "enter")
        await send_burst(pilot, "n", "u", "2", "enter", "1", "2", "0", "enter")
        await send_burst(pilot, "n", "l", "enter", "8", "0", "enter")
    assert saved_lines(path) == ["bond 2 100", 'bond "Ü 2" 120', "bond Lee 80"]


MERGER = (
    'game 1817 "Done Ur" Loan Cat\nprivate "Done Ur" MAJC 90\nprivate Loan MTE 40\n'
    'pass Cat\npass "Done Ur"\npass Loan\nipo Cat UR 400 2\nipo "Done Ur" PW 100 2\n'
    'pass Loan\npass Cat\npass "Done Ur"\nloan UR 2\ntrain UR 2\ndone UR\ntrain PW 2\n'
    "done PW\nconvert UR\n"
)
"""1817's merger round 1.1, UR converted (``test_keys_round12.MERGER``), its players called
by a verb and the corporation's letters (``Done Ur``) and by a verb (``Loan``)."""


async def test_players_called_done_ur_and_loan_in_a_conversions_turn(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, MERGER).close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "b", *"doneur", "enter", "b", *"loan", "enter")
        assert saved_lines(path)[len(before) :] == ['buy "Done Ur" UR ipo', "buy Loan UR ipo"]
        await send_burst(pilot, "l", *"doneur", "enter")  # the verb typed first: done UR
        assert saved_lines(path)[-1] == "done UR"


# ---------------------------------------------------------------- a player called like a city
CLAIMS = (
    (SCRIPTS / "1853-contract-bids.script").read_text(encoding="utf-8").replace("Bob", "Bombay")
)
"""1853's contract bids (2.5.4) with the first claimer called Bombay, a city he may claim."""


def before_the_claims(saves: Path) -> tuple[Path, list[str]]:
    """:data:`CLAIMS` before its first claim, Bombay's: the save and its lines."""
    path = saves / "g.json"
    save_from_script(path, CLAIMS, "claim Bombay Calcutta EIR").close()
    return path, saved_lines(path)


async def test_a_player_called_like_a_city_names_no_claim_for_sure(saves: Path) -> None:
    path, before = before_the_claims(saves)
    async with running(saves) as (app, pilot):
        # "bombay" alone is his name or the city: Enter takes nothing, and the keys typed
        # behind it are not used (it took `claim Bombay Calcutta EIR`: with the claimer
        # called Bob, `l b o m b a y Enter` is `claim Bob Bombay BBCI`)
        await send_burst(pilot, "l", *"bombay", "enter", "x")
        assert saved_lines(path) == before
        said = [n.message for n in app._notifications]  # type: ignore[attr-defined]
        assert any("'bombay' is a player's name" in m for m in said), said
        await send_burst(pilot, "escape", "l", *"bombaybbci", "enter")
        assert saved_lines(path)[len(before) :] == ["claim Bombay Bombay BBCI"]


async def test_the_name_then_the_city_and_the_claim_key_are_the_claim(saves: Path) -> None:
    path, before = before_the_claims(saves)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", *"bombaycalcutta", "enter")
        assert saved_lines(path)[len(before) :] == ["claim Bombay Calcutta EIR"]
        # the claim key spells the city: the claimer's name is never a key of it
        await send_burst(pilot, "a", *"bombay", "enter", *"bbci", "enter")
        assert saved_lines(path)[len(before) + 1 :] == ["claim Cid Bombay BBCI"]


# ---------------------------------------------------------------- bursts
PIECES = {
    "claims": [
        ["l", *"bombay", "enter"],
        ["l", *"bombaybbci", "enter"],
        ["l", *"claimbombaycalcutta", "enter"],
        ["a", *"bombay", "enter", *"bbci", "enter"],
        ["a", *"calcutta", "enter", "enter"],
        ["alt+x"],
        ["x", "enter"],
        ["escape", "l", "b", "o"],
        ["n", "enter"],
    ],
    "trains": [
        ["l", *"traincpr6fromprr", "enter", "2", "0", "0", "enter"],
        ["l", *"traincpr6fromprr", "enter", "escape"],
        ["t", *"6prr", "enter", "9", "0", "d"],
        ["t", "enter"],
        ["t", "alt+d"],
        ["l", *"traincprd", "enter"],
        ["d"],
        ["ctrl+z"],
    ],
}
BASES = {
    "claims": (CLAIMS, "claim Bombay Calcutta EIR"),
    "trains": (TRAINS, "train CPR D"),
}


@settings(
    max_examples=2,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(where=st.sampled_from(sorted(PIECES)), data=st.data())
def test_a_claim_or_train_burst_commits_what_the_slow_keys_commit(
    saves: Path, where: str, data: st.DataObject
) -> None:
    folder = Path(tempfile.mkdtemp(dir=saves))
    base = folder / "g.json"
    text, stop = BASES[where]
    save_from_script(base, text, stop).close()
    pieces = data.draw(st.lists(st.sampled_from(PIECES[where]), min_size=1, max_size=2))
    wrong = burst_as_slow(base, [key for piece in pieces for key in piece], typed, "round14-")
    assert wrong is None, wrong
