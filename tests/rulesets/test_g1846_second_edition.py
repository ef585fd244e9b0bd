"""1846 second edition (GMT 2021 printing): ``game 1846 PLAYERS... 2e``.

The 2021 rulebook is not among the shared rules, so the second edition's figures
come from ``shared/facts/1846.md``: §5 (Boomtown and Little Miami, and each private
group losing (5 - players) + 1 companies at setup) and §0 (everything else as in
the first edition: bank, cash, certificate limits, trains, privates in play).  The
mechanisms keep the 2016 rule numbers (2.3 removals, 3.2x distribution, 6.1 A
income, 6.91 purchases, 9 phase III, 10.3 scoring).  Every scenario is played
through :func:`conftest.play` / :func:`g1846_helpers.step`, so the cash total and
the 100%-of-shares invariants are checked after each line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import check_invariants, refuse
from g1846_helpers import cash, cert_limit, data, game, price, step

from moderator.errors import Refusal
from moderator.events import Noted
from moderator.game import Game
from moderator.script import parse_line
from moderator.simulate import Simulation

SETUP3 = """\
game 1846 Amy Bob Cat 2e
remove ERIE PRR MPC SC TBC LSL MC OI
private Amy MS
private Bob BT
private Bob LM
private Bob CWI
private Cat BIG4
private Cat MAIL
"""
"""3 players, second edition: Boomtown and Little Miami are the blue and orange privates
left (facts §5).  Amy $260, Bob $260 (BT 40 + LM 40 + CWI 60), Cat $220."""

OR11 = (
    SETUP3
    + """\
par Amy NYC 100
par Bob GT 100
par Cat IC 60
pass Amy
pass Bob
buy Cat IC
pass Amy
pass Bob
pass Cat
run MS 40
run BIG4 30
"""
)
"""OR 1.1 has begun: Bob took BT $10 + LM $15 + CWI $10 income (6.1 A); IC (at 60)
operates first in the first OR (6.1 C)."""


def privates(g: Game) -> dict[str, dict]:
    """The private companies and independents of the state JSON, by id."""
    return {co["id"]: co for co in data(g)["companies"] if co["kind"] != "corporation"}


def notes(g: Game) -> list[str]:
    """Every journaled remark so far (the reminders of the private abilities)."""
    return [ev.text for e in g.journal for ev in e.events if isinstance(ev, Noted)]


# ------------------------------------------------------------------ the game line
@pytest.mark.parametrize("word", ["2e", "2E", "second-edition", "Second-Edition"])
def test_facts5_the_game_line_chooses_the_second_edition(word: str) -> None:
    g = game(f"game 1846 Amy Bob Cat {word}\n")
    assert g.players == ["Amy", "Bob", "Cat"]
    assert g.options == ("2e",)
    assert data(g)["edition"] == "2e"
    assert g.script().splitlines()[0] == "game 1846 Amy Bob Cat 2e"


def test_facts5_the_edition_is_written_once() -> None:
    with pytest.raises(Refusal, match="once"):
        Game.new("1846", ["Amy", "Bob", "Cat", "2e", "second-edition"])


def test_without_the_option_the_game_is_the_first_edition() -> None:
    g = game("game 1846 Amy Bob Cat\n")
    assert g.options == ()
    assert data(g)["edition"] == "1e"
    assert "BT" not in privates(g) and "LM" not in privates(g)
    groups = data(g)["removal_groups"]
    assert groups["blue"] == {"members": ["MPC", "SC", "TBC"], "remove": 2}
    assert groups["orange"] == {"members": ["LSL", "MC", "OI"], "remove": 2}
    refuse(g, "remove BT", "second-edition private", "2e")
    refuse(g, "remove MPC SC TBC", "only 2 of MPC, SC, TBC", "(2.3)")
    five = game("game 1846 A B C D E\n")
    refuse(five, "remove SC", "with 5 players nothing is removed (2.3)")


# ------------------------------------------------------------------ setup
def test_facts5_boomtown_and_little_miami_are_in_the_draw() -> None:
    g = game("game 1846 Amy Bob Cat 2e\n")
    bt, lm = privates(g)["BT"], privates(g)["LM"]
    assert (bt["name"], bt["value"], bt["income"], bt["kind"]) == ("Boomtown", 40, 10, "private")
    assert (lm["name"], lm["value"], lm["income"], lm["kind"]) == (
        "Little Miami",
        40,
        15,
        "private",
    )
    groups = data(g)["removal_groups"]
    assert groups["blue"]["members"] == ["MPC", "SC", "TBC", "BT"]
    assert groups["orange"]["members"] == ["LSL", "MC", "OI", "LM"]
    assert groups["corporations"]["members"] == ["CO", "ERIE", "PRR"]


@pytest.mark.parametrize(
    ("names", "corps", "each_private_group", "removals", "in_play", "bank", "limit", "depot"),
    [
        # (5 - 3) + 1 = 3 of each private group; 2 corporations (facts §4, §5)
        ("A B C", 2, 3, "ERIE PRR MPC SC TBC LSL MC OI", 6, 5300, 14, (5, 4, 3, 9)),
        ("A B C D", 1, 2, "PRR MPC SC MC OI", 8, 5900, 12, (6, 5, 4, 9)),
        ("A B C D E", 0, 1, "TBC LSL", 10, 7000, 11, (7, 6, 5, 9)),
    ],
)
def test_2_3_facts5_removals_and_what_stays_as_in_the_first_edition(
    names: str,
    corps: int,
    each_private_group: int,
    removals: str,
    in_play: int,
    bank: int,
    limit: int,
    depot: tuple[int, int, int, int],
) -> None:
    g = game(f"game 1846 {names} 2e\n")
    groups = data(g)["removal_groups"]
    assert groups["corporations"]["remove"] == corps
    assert groups["blue"]["remove"] == groups["orange"]["remove"] == each_private_group
    # facts §0/§1: bank after the starting cash, $400 each, the same as the first edition
    assert cash(g, "bank") == bank
    assert all(p["cash"] == 400 for p in data(g)["players"])
    step(g, f"remove {removals}")
    # facts §0: 6 / 8 / 10 privates in play, MS and BIG4 included
    assert len([pid for pid in privates(g) if not g.state.company(pid).removed]) == in_play
    assert cert_limit(g) == limit  # 5.4: unchanged
    assert tuple(data(g)["depot_remaining"].values()) == depot  # 2.4: unchanged
    step(g, "private A MS")  # the distribution may begin (2.3 done)


def test_2_3_facts5_removal_refusals() -> None:
    g = game("game 1846 Amy Bob Cat 2e\n")
    refuse(g, "remove MPC SC TBC BT", "only 3 of MPC, SC, TBC, BT", "2.3")
    step(g, "remove ERIE PRR MPC SC TBC")
    refuse(g, "private Amy BT", "remove 3 of LSL, MC, OI, LM first", "2.3")
    refuse(g, "par Amy NYC 100", "2.3")
    step(g, "remove LM MC OI")
    refuse(g, "private Amy LM", "removed at setup (2.3)")
    five = game("game 1846 A B C D E 2e\n")
    refuse(five, "remove PRR", "none of CO, ERIE, PRR is removed", "2.3")
    refuse(five, "private A MS", "remove 1 of MPC, SC, TBC, BT first", "2.3")
    refuse(five, "remove BT SC", "only 1 of MPC, SC, TBC, BT", "(2.3, second edition)")
    step(five, "remove BT LM")
    step(five, "private A MS")


def test_3_23_boomtown_and_little_miami_at_list_price_or_reduced() -> None:
    g = game(SETUP3)
    assert (cash(g, "Amy"), cash(g, "Bob"), cash(g, "Cat")) == (260, 260, 220)
    # 6,500 - 3 x 400 + 140 + 140 + 180 in, 60 + 40 to the independents' treasuries
    assert cash(g, "bank") == 5660
    # 10.3: Bob's privates count at their list prices before phase III: 260 + 140
    assert next(p for p in data(g)["players"] if p["name"] == "Bob")["value"] == 400
    g2 = game("game 1846 Amy Bob Cat 2e\nremove ERIE PRR MPC SC TBC LSL MC OI\n")
    refuse(g2, "private Amy BT 45", "(3.22)")
    refuse(g2, "private Amy LM 50", "at most its list price $40 (3.22)")
    step(g2, "private Amy LM 20")  # passed twice (3.22)
    assert cash(g2, "Amy") == 380


# ------------------------------------------------------------------ operating
def test_6_1a_boomtown_and_little_miami_pay_their_income_to_the_owner() -> None:
    g = game(OR11)
    # SR1 left Bob $60; OR 1.1 income: BT 10 + LM 15 + CWI 10 (6.1 A)
    assert cash(g, "Bob") == 95
    # bank 5,660 - 60 (IC's land grant, 5.35) - 35 income - 40 (MS) - 30 (BIG4)
    assert cash(g, "bank") == 5495


def test_6_91_corporations_buy_them_for_1_to_face_value_and_take_the_income() -> None:
    g = game(OR11)
    refuse(g, "buyprivate IC LM 41", "$1 to its list price $40", "(6.91)")
    refuse(g, "buyprivate IC LM 0", "(6.91)")
    step(g, "buyprivate IC LM 40")
    assert (cash(g, "IC"), cash(g, "Bob")) == (200, 135)
    assert notes(g)[-1].startswith("IC owns Little Miami: extra tile lays")
    step(g, "run IC 0\ntrain IC 2\ndone IC\nbuyprivate NYC BT 1")
    assert (cash(g, "NYC"), cash(g, "Bob")) == (199, 136)
    assert notes(g)[-1].startswith("NYC owns Boomtown: $20 more at Cincinnati")
    step(g, "run NYC 0\ntrain NYC 2\ntrain NYC 2\ndone NYC\nrun GT 0\ntrain GT 2\ndone GT")
    # OR 1.2: the income now goes to the corporations (6.1 A): NYC 199 - 160 + 10,
    # IC 200 - 80 + 15; Bob keeps CWI's 10 (136 + 10)
    assert (cash(g, "NYC"), cash(g, "IC"), cash(g, "Bob")) == (49, 135, 146)


def test_9_phase_iii_closes_them_and_boomtowns_bonus_ends_at_phase_iv() -> None:
    g = game(OR11)
    # the corporations are given the money for the trains (a banker's adjust)
    step(
        g,
        """\
buyprivate IC LM 40
run IC 0
train IC 2
done IC
buyprivate NYC BT 40
run NYC 0
adjust NYC 1100 test money for trains
train NYC 2
train NYC 2
train NYC 2
done NYC
run GT 0
adjust GT 500 test money for trains
train GT 2
train GT 4
train GT 4
train GT 4
done GT
run MS 0
run BIG4 0
run NYC 0
train NYC 4
done NYC
run GT 0
run IC 0
adjust IC 1400 test money for trains
""",
    )
    assert data(g)["phase"] == "II"
    refuse(g, "buyprivate IC CWI 61", "(6.91)")
    step(g, "train IC 5")  # the first 5-train: phase III (9)
    assert data(g)["phase"] == "III"
    for pid in ("BT", "LM", "MS", "BIG4", "CWI"):
        assert privates(g)[pid]["closed"], pid
    assert any(
        n.startswith("Boomtown has closed; NYC still adds $20 at Cincinnati") for n in notes(g)
    )
    refuse(g, "buyprivate IC MAIL 10", "phases I and II only (6.91)")
    step(g, "train IC 5\ntrain IC 5\ndone IC")
    # SR 2, then OR 2.1: no private income any more (9)
    bank = cash(g, "bank")
    step(g, "pass Amy\npass Bob\npass Cat")
    assert data(g)["round"]["kind"] == "OR"
    assert cash(g, "bank") == bank
    step(g, "run NYC 0\ntrain NYC 6")  # the first 6-train: phase IV (9)
    assert data(g)["phase"] == "IV"
    assert notes(g)[-1] == "NYC's Boomtown bonus ($20 at Cincinnati) ends in phase IV (facts §5)"


def test_10_3_a_player_held_boomtown_counts_its_list_price() -> None:
    g = game(OR11)
    bob = next(p for p in data(g)["players"] if p["name"] == "Bob")
    # $95 + GT 20% at 100 + BT 40 + LM 40 + CWI 60 (10.3 NOTE: list prices before phase III)
    assert bob["value"] == 95 + 200 + 140
    assert price(g, "GT") == 100


# ------------------------------------------------------------------ saves and whole games
def test_a_second_edition_save_reloads_as_the_second_edition(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    g = Game.new("1846", ["Amy", "Bob", "Cat", "2e"], path=path)
    for line in OR11.splitlines()[1:]:
        assert g.execute(line).ok, line
    before = json.dumps(g.state_json(), sort_keys=True)
    g.close()
    again = Game.load(path, read_only=True)
    assert again.options == ("2e",)
    assert json.dumps(again.state_json(), sort_keys=True) == before


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (4, 1), (5, 1)])
def test_random_second_edition_games_set_up_draft_operate_and_end(players: int, seed: int) -> None:
    """A seeded random legal 2e game of each player count, to its end: the cash total and
    100% of every corporation after every command (as tests/test_invariants.py), and the
    journal replayed on a new game gives the same state."""
    sim = Simulation(
        seed=seed, players=players, max_commands=3000, second_edition=True, check=check_invariants
    )
    g = sim.run()
    final = data(g)
    assert final["ended"] and final["edition"] == "2e"
    assert set(final["result"]) == set(g.players)
    lines = [e.line for e in g.journal]
    removed = lines[0].split()[1:] if lines[0].startswith("remove") else []
    quota = 5 - players + 1
    for group in (("MPC", "SC", "TBC", "BT"), ("LSL", "MC", "OI", "LM")):
        assert len([x for x in removed if x in group]) == quota
    # Boomtown or Little Miami took part: distributed, and bought by a corporation
    assert any(
        line.split()[2:3] in (["BT"], ["LM"]) for line in lines if line.startswith("private")
    )
    assert any(
        line.split()[2:3] in (["BT"], ["LM"]) for line in lines if line.startswith("buyprivate")
    )
    fresh = Game.new("1846", [*g.players, *g.options])
    for entry in g.journal:
        cmd = parse_line(entry.line)
        assert cmd == entry.command, entry.line
        fresh.ruleset.apply(fresh.state, cmd)
    assert json.dumps(fresh.state_json(), sort_keys=True) == json.dumps(
        g.state_json(), sort_keys=True
    )
