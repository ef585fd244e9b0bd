"""1847 Pfalz (11) and 1847 RRRR&B (12): the box values, the refusals each rule change
brings (citing 11.x / 12.x and changing nothing, ``conftest.refuse``) and the tables.

Setups are cut from the hand-computed scripts ``tests/scripts/1847pfalz-*`` and
``tests/scripts/1847rrrrb-*``.
"""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, play, refuse

from moderator import commands as c
from moderator.events import PhaseChanged
from moderator.game import Game
from rulesets import RULESETS, ruleset_for

PFALZ3 = (SCRIPTS / "1847pfalz-three-players.script").read_text(encoding="utf-8")
INTRO4 = (SCRIPTS / "1847pfalz-intro-four-players.script").read_text(encoding="utf-8")
RRRRB5 = (SCRIPTS / "1847rrrrb-five-players.script").read_text(encoding="utf-8")

BOX3 = "game 1847Pfalz A B C\nbox SPR 170\nbox SPR.income 10\nbox rows PLP,SPR/R,K,H,W\n"


def upto(script: str, line: str) -> str:
    """The script up to (not including) the first line that starts with ``line``."""
    lines = script.splitlines()
    index = next(i for i, x in enumerate(lines) if x.startswith(line))
    return "\n".join(lines[:index]) + "\n"


# ----------------------------------------------------------------- titles and setup
@pytest.mark.parametrize(
    ("word", "title"),
    [
        ("1847Pfalz", "1847Pfalz"),
        ("1847-pfalz", "1847Pfalz"),
        ("pfalz", "1847Pfalz"),
        ("1847RRRRB", "1847RRRRB"),
        ("RRRR&B", "1847RRRRB"),
        ("rrrrb", "1847RRRRB"),
        ("1847RRRR&B", "1847RRRRB"),
    ],
)
def test_titles_and_aliases(word: str, title: str) -> None:
    assert ruleset_for(word).title == title
    game = Game.new(word.upper(), ["A", "B", "C"])
    assert game.title == title


def test_aliases_are_not_listed_as_titles() -> None:
    assert {"1847PFALZ", "1847RRRRB"} <= set(RULESETS)
    assert "RRRR&B" not in set(RULESETS) and "PFALZ" not in set(RULESETS)


def test_six_corporations_no_investors_no_krauss() -> None:
    """11.1, 12.1: no Hessische Ludwigsbahn; Saar's shares 2 and 3 in the initial offering;
    no Krauss & Co. (4.1) and no 1847 AE investor privates (4.4)."""
    for title in ("1847Pfalz", "1847RRRRB"):
        game = Game.new(title, ["A", "B", "C"])
        data = game.state_json()
        corps = [co["id"] for co in data["companies"] if co["kind"] == "corporation"]
        assert corps == ["L", "Saar", "M", "NDB", "N", "RNB"]
        privates = [co["id"] for co in data["companies"] if co["kind"] == "private"]
        assert privates == ["R", "SPR", "K", "H", "W"]
        saar = game.state.company("Saar")
        assert sorted(x.percent for x in saar.certificates) == [10] * 6 + [20, 20]
        assert all(x.holder == "Saar" for x in saar.certificates)
        assert data["krauss"] is None
        assert [p["item"] for p in data["package"]] == ["PLP", "R", "SPR", "K", "H", "W"]
        assert game.state.ledger.bank == 8000 - 3 * 500


def test_intro_has_no_rnb_and_takes_no_variant() -> None:
    game = Game.new("1847Pfalz", ["A", "B", "C", "D", "intro"])
    data = game.state_json()
    assert "RNB" not in [co["id"] for co in data["companies"]]
    assert data["version"].startswith("1847 Pfalz (Introductory Game")
    with pytest.raises(Exception, match=r"\(11\.2\)"):
        Game.new("1847Pfalz", ["A", "B", "C", "variant"])
    with pytest.raises(Exception, match=r"\(12\)"):
        Game.new("1847RRRRB", ["A", "B", "C", "intro"])


def test_rrrrb_trains_and_phases_are_1847_ae() -> None:
    """12.1, 12.2.3: the coloured cards with the 6E and the 1847 AE Phase Table."""
    game = Game.new("1847RRRRB", ["A", "B", "C"])
    data = game.state_json()
    assert data["depot_remaining"]["6E"] == 1 and "6" not in data["depot_remaining"]
    values = [b["key"] for b in data["box"] if b["status"] != "reading"]
    assert values == ["PLP", "SPR", "SPR.income"]


# ----------------------------------------------------------------- box values
def test_game_starts_only_when_every_value_is_given() -> None:
    """A value nothing establishes must be given; the refusal names every one missing."""
    game = Game.new("1847Pfalz", ["A", "B", "C"])
    data = game.state_json()
    assert data["missing"] == ["SPR", "SPR.income", "rows"]
    status = {b["key"]: b["status"] for b in data["box"]}
    assert status["price.6"] == "PROVISIONAL" and status["SPR"] == "missing"
    refuse(game, "buy C PLP", "SPR, SPR.income, rows missing", "box KEY VALUE", "11.1")
    assert game.execute("box SPR 170").ok
    assert game.execute("box SPR.income 10").ok
    refuse(game, "pass C", "rows missing")
    assert game.execute("box rows PLP,SPR/R,K,H,W").ok
    assert game.execute("buy C PLP").ok
    refuse(game, "box price.3 160", "before the first purchase", "11.1")


def test_four_players_need_no_rows_intro_needs_v6() -> None:
    game = Game.new("1847Pfalz", ["A", "B", "C", "D", "intro"])
    assert game.state_json()["missing"] == ["SPR", "SPR.income", "V6"]
    game = Game.new("1847Pfalz", ["A", "B", "C", "D"])
    assert game.state_json()["missing"] == ["SPR", "SPR.income"]


def test_box_values_change_the_game() -> None:
    """A corrected train price, limit and count are the game's; `box confirm` confirms the
    values shown; a provisional value stays PROVISIONAL in the state JSON until then."""
    game = Game.new("1847Pfalz", ["A", "B", "C", "D", "intro"])
    for line in (
        "box SPR 200",
        "box SPR.income 25",
        "box V6 6+6,5",
        "box price.6 600",
        "box limit.5 3",
        "box count.3 4",
    ):
        assert game.execute(line).ok, line
    data = game.state_json()
    assert data["depot_remaining"]["3"] == 4
    assert data["depot_remaining"]["5"] == 1 and data["depot_remaining"]["6+6"] == 8
    spr = game.state.company("SPR")
    assert (spr.value, spr.income) == (200, 25)
    assert game.ruleset.list_price("6") == 600  # type: ignore[attr-defined]
    assert game.ruleset.train_limits["5"] == 3  # type: ignore[attr-defined]
    assert "price.3" in data["provisional"] and "price.6" not in data["provisional"]
    assert game.execute("box confirm").ok
    assert game.state_json()["provisional"] == []
    assert game.execute("buy D SPR").ok
    assert game.state.ledger.player("D").cash == 390 - 200


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("box SPR -5", "whole number"),
        ("box SPR.income ten", "whole number"),
        ("box rows PLP,SPR/R,K,H", "each package item once"),
        ("box nothing 5", "no box value"),
        ("box SPR", "no value yet"),
        ("box confirm 5", "takes no value"),
    ],
)
def test_bad_box_values_are_refused(line: str, fragment: str) -> None:
    game = Game.new("1847Pfalz", ["A", "B", "C"])
    refuse(game, line, fragment)


def test_v6_names_cards_of_the_game() -> None:
    game = Game.new("1847Pfalz", ["A", "B", "C", "D", "intro"])
    refuse(game, "box V6 6E", "11.3")
    refuse(game, "box V6 5+5,5+5", "11.3")  # one 5+5 card in the box
    assert game.execute("box V6 none").ok


# ----------------------------------------------------------------- 11.2.3
def test_three_players_buy_from_the_top_row() -> None:
    game = play(BOX3)
    refuse(game, "buy C R", "top row", "PLP or SPR", "11.2.3")
    assert game.execute("buy C PLP").ok
    # one item left in the top row: it, or the leftmost of the next row
    refuse(game, "buy B K", "SPR or R", "11.2.3")
    assert game.execute("buy B R").ok
    assert game.state_json()["package_offer"] == ["SPR", "K"]


def test_four_players_choose_freely() -> None:
    game = play(upto(INTRO4, "buy D W"))
    assert game.execute("buy D W").ok  # the bottom row first (11.2.3)


# ----------------------------------------------------------------- 11.2.4, 11.3
def _phase_4(game: Game) -> None:
    """Green phase, for the quarry sales (4.2): the test moves the phase directly (a
    refusal rebuilds the state from the journal, so only accepted lines follow it)."""
    game.state.phase = "4"


def test_quarry_sold_only_to_a_pfalzbahn() -> None:
    """11.2.4: Saar is not a Pfalzbahn; L is."""
    game = play(upto(PFALZ3, "run Saar 0\nexpect Saar price 78".split("\n")[0]))
    # OR 1.1, Saar operating (L has done); B owns R; refused before the phase is looked at
    refuse(game, "buyprivate Saar R 100", "four Pfalzbahnen", "not to Saar", "11.2.4")


def test_quarry_sold_to_a_pfalzbahn() -> None:
    game = play(upto(PFALZ3, "spend L 100 token"))
    _phase_4(game)
    assert game.execute("buyprivate L R 100").ok
    assert game.state.ledger.player("B").cash == 151 + 100
    assert game.state.company("R").owner == "L"


def test_rrrrb_quarry_sold_to_any_railway() -> None:
    """12: 11.2.4 is not among RRRR&B's changes: 1847 AE's 4.2."""
    game = play(upto(RRRRB5, "spend Saar 130 terrain"))
    _phase_4(game)
    assert game.execute("buyprivate Saar K 20").ok


def test_intro_quarries_are_not_sold() -> None:
    game = play(upto(INTRO4, "close H"))
    refuse(game, "buyprivate L H 40", "not sold to corporations", "11.3")


def test_intro_quarry_used_by_its_owner_as_director() -> None:
    """11.3: A owns K but does not direct L (B does); B may use H; it closes."""
    game = play(upto(INTRO4, "close H"))
    refuse(game, "close K", "directing the corporation operating", "11.3")
    refuse(game, "close SPR", "not a quarry", "11.3")
    assert game.execute("close H").ok
    assert game.state.company("H").closed
    refuse(game, "close H", "already closed", "11.3")


def test_standard_pfalz_quarry_is_used_by_a_railway() -> None:
    """Outside the introductory game the ability is the owning railway's (4.2)."""
    game = play(upto(PFALZ3, "spend L 100 token"))
    refuse(game, "close K", "railway that owns it", "4.2")


# ----------------------------------------------------------------- 11.2.5
def test_a_station_costs_100() -> None:
    game = play(upto(PFALZ3, "spend L 100 token"))
    refuse(game, "spend L 80 token", "costs M100", "11.2.5")
    assert game.execute("spend L 100 token").ok


def test_rrrrb_stations_keep_the_ae_charter() -> None:
    """12.1: the charters' 1847 AE side: L's first station after its home costs 60, not
    1847 Pfalz's 100 (11.2.5) nor the charter's next 80 (6.5; before rules level 11 the
    price was not checked and 80 was taken)."""
    game = play(upto(RRRRB5, "spend L 60 token"))
    refuse(game, "spend L 100 token", "L's next station token costs M60", "(6.5)")
    refuse(game, "spend L 80 token", "costs M60")
    assert game.execute("spend L 60 token").ok


# ----------------------------------------------------------------- 11.2.7, 12.2.2
def test_second_train_of_a_type_in_one_turn() -> None:
    for script in (PFALZ3, RRRRB5):
        game = play(upto(script, "train L 3"))
        assert game.execute("train L 3").ok
        assert game.execute("train L 3").ok
        assert len(game.state.company("L").trains) == 2


def test_1847ae_still_refuses_the_second_train() -> None:
    game = play(
        "game 1847AE A B C\nbuy C PLP\nbuy B SPR\nbuy A LFK\nbuy A K\nbuy B H\nbuy C R\n"
        "buy A W\nbuy B MNR\nbuy C VIW\nbuy A SCR\npass B\nbuy C Saar\nrun L 0\ntrain L 3\n"
    )
    refuse(game, "train L 3", "one new train of each type per turn", "6.8")


# ----------------------------------------------------------------- 11.3 nationalisation
def test_intro_has_no_nationalisation() -> None:
    game = play(upto(INTRO4, "pass B\npar C N 66".split("\n")[0]))
    refuse(game, "nationalize B L A 10", "no nationalisation", "11.3")


def test_pfalz_pfalz_phase_notes_name_the_six() -> None:
    ruleset = ruleset_for("1847Pfalz")
    assert ruleset.phases[6] == "6"  # type: ignore[attr-defined]
    assert any("close" in n for n in ruleset.phase_notes("6"))  # type: ignore[attr-defined]


# ----------------------------------------------------------------- the scripts' ends
@pytest.mark.parametrize("script", [PFALZ3, INTRO4, RRRRB5])
def test_scripts_end_with_a_result(script: str) -> None:
    game = play(script)
    assert game.state.ended
    assert set(game.state.result) == {p.name for p in game.state.ledger.players}


# ----------------------------------------------------------------- issue 29
WEIDENTHAL = (SCRIPTS / "1847pfalz-weidenthal.script").read_text(encoding="utf-8")
PHASE_TABLE = (SCRIPTS / "1847pfalz-phase-table.script").read_text(encoding="utf-8")
AE_WEIDENTHAL = (SCRIPTS / "1847ae-weidenthal.script").read_text(encoding="utf-8")


def test_weidenthal_closes_when_its_half_cost_station_is_placed() -> None:
    """4.2: "This action does close the quarry"; 11.2.5: the next station costs 100."""
    game = play(upto(WEIDENTHAL, "spend L 50 token"))
    refuse(game, "spend L 40 token", "costs M100", "with Weidenthal M50", "11.2.5")
    refuse(game, "spend L 100 token W", "costs M50", "4.2")
    outcome = game.execute("spend L 50 token")
    assert outcome.ok
    assert game.state.company("W").closed
    said = [ev for ev in outcome.events if type(ev).__name__ == "CompanyClosed"]
    assert said and "4.2" in said[0].reason  # type: ignore[attr-defined]
    refuse(game, "spend L 100 token", "one per operating round", "6.5")


def test_weidenthal_once_only() -> None:
    game = play(upto(WEIDENTHAL, "spend L 100 token"))
    refuse(game, "spend L 50 token", "costs M100", "11.2.5")
    refuse(game, "spend L 50 token W", "has closed", "4.2")


def test_weidenthal_named_by_a_railway_without_it() -> None:
    game = play(upto(PFALZ3, "spend L 100 token"))
    refuse(game, "spend L 50 token W", "belongs to C", "4.2")
    refuse(game, "spend L 50 tile W", "named with a station", "4.2")
    refuse(game, "spend L 50 token K", "places no station", "4.2")


def refused(game: Game, line: str) -> str:
    """The refusal of ``line`` on a copy of the game's state (a state the test set up
    beyond the journal)."""
    from moderator.errors import Refusal
    from moderator.script import parse_line

    state = game.state.clone()
    cmd = parse_line(line)
    assert cmd is not None
    with pytest.raises(Refusal) as caught:
        game.ruleset.apply(state, cmd)
    return caught.value.message


def test_1847ae_weidenthal_station_typed_with_w() -> None:
    """1847 AE: the charter's prices are not checked, so the line says W is used (4.2)."""
    game = play(upto(AE_WEIDENTHAL, "spend HLB 40 token W"))
    refuse(game, "spend HLB 40 token K", "places no station", "4.2")
    assert game.execute("spend HLB 40 token weidenthal").ok
    assert game.state.company("W").closed
    refuse(game, "spend HLB 80 token", "one per operating round", "6.5")


def test_1847ae_charter_stations_are_counted() -> None:
    """4.5.1: HLB's charter holds 4 station tokens, two of them its homes (6.5); its two
    others are placed, so a fifth is refused in a later operating round."""
    game = play(AE_WEIDENTHAL.rstrip("\n").rsplit("\nrun HLB 0", 1)[0] + "\n")
    state = game.state
    state.extra["station_this_turn"] = False
    message = refused(game, "spend HLB 80 token")
    assert "HLB's charter holds 4 station tokens, its 2 home stations' and 2 more" in message
    assert "(4.5.1)" in message


def test_stations_per_charter_refused_with_the_rule() -> None:
    """1847 Pfalz: the count is the charter's Pfalz side, a box value (4.5.1, 11.1)."""
    game = play(upto(PFALZ3, "spend L 100 token"))
    game.state.extra["stations"] = {"L": 3}
    message = refused(game, "spend L 100 token")
    assert "L's charter holds 4 station tokens" in message
    assert "4.5.1; the charter's 1847 Pfalz side: box value stations.L" in message
    game = play(upto(PFALZ3, "spend L 100 token").replace("box confirm", "box stations.L 5"))
    game.state.extra["stations"] = {"L": 3}
    game.state.company("L").cash = 330
    assert game.ruleset.apply(game.state, c.Spend(company="L", amount=100, purpose="token")) is None


def test_phase_table_box_values_rust_and_close() -> None:
    """11.2.8: the Pfalz Phase Table's effects are the box's (here the 3s rust at the 4,
    K closes at the 4, W never)."""
    game = play(PHASE_TABLE)
    assert game.state.phase == "4"
    for cid in ("L", "Saar"):
        assert "3" not in [t.name for t in game.state.company(cid).trains]
    assert game.state.company("K").closed and not game.state.company("W").closed
    data = game.state_json()
    assert data["train_cards"]["trains"] == 17 and data["train_cards"]["warning"] is None


def test_phase_names_are_the_titles_own() -> None:
    """The log says "phase 6 begins" in 1847 Pfalz (11.2.7: a 6 replaces the 6E)."""
    game = play(upto(WEIDENTHAL, "buyprivate L W 25"))
    ruleset = game.ruleset
    ruleset._set_phase(game.state, "6")  # type: ignore[attr-defined]
    closed = [ev for ev in game.state.ledger.events if type(ev).__name__ == "CompanyClosed"]
    assert {ev.company for ev in closed} == {"K", "H", "W"}  # type: ignore[attr-defined]
    assert all("phase 6 begins" in ev.reason for ev in closed)  # type: ignore[attr-defined]
    assert all("6E" not in ev.reason for ev in closed)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("box rust.3 3", "later phase"),
        ("box rust.4 6E", "a phase of the game"),
        ("box close.K soon", "or never"),
        ("box stations.L 0", "from 1 to 10"),
    ],
)
def test_bad_phase_table_values_are_refused(line: str, fragment: str) -> None:
    refuse(Game.new("1847Pfalz", ["A", "B", "C"]), line, fragment)


def test_train_cards_against_the_box() -> None:
    """2: 19 train cards; 11.1: one coloured card has a blank back: 18 black/white; a total
    past that is a warning naming the rule, not a refusal (a card may stand for more)."""
    game = Game.new("1847Pfalz", ["A", "B", "C"])
    cards = game.state_json()["train_cards"]
    assert (cards["trains"], cards["cards"], cards["box"]) == (21, 18, 19)
    assert "2, 11.1" in cards["warning"]
    outcome = game.execute("box count.6+6 20")
    assert outcome.ok
    assert any(
        "Warning" in getattr(ev, "text", "") and "2, 11.1" in ev.text for ev in outcome.events
    )  # type: ignore[attr-defined]
    assert game.state_json()["train_cards"]["trains"] == 32
    assert game.execute("box count.6+6 6").ok
    assert game.state_json()["train_cards"]["warning"] is None


def test_rrrrb_optional_cards() -> None:
    """12.1: "all train cards"; left out by default (the reading shown), played with the
    option `optional`, their types a box value (3)."""
    game = Game.new("1847RRRRB", ["A", "B", "C"])
    readings = game.state_json()["box_readings"]
    optional = next(b for b in readings if b["key"] == "reading:optional cards")
    assert optional["rule"].startswith("12.1") and "left out" in optional["value"]
    cards = game.state_json()["train_cards"]
    assert (cards["trains"], cards["cards"]) == (21, 17) and "2, 3" in cards["warning"]
    game = Game.new("1847RRRRB", ["A", "B", "C", "optional"])
    assert game.state_json()["missing"] == ["SPR", "SPR.income", "optional"]
    refuse(game, "box optional 5", "name both", "12.1")
    assert game.execute("box optional 5,6+6").ok
    data = game.state_json()
    assert data["depot_remaining"]["5"] == 3 and data["depot_remaining"]["6+6"] == 10
    assert data["train_cards"]["cards"] == 19
    game = Game.new("1847RRRRB", ["A", "B", "C", "optional:4,4"])
    assert game.state_json()["depot_remaining"]["4"] == 4
    with pytest.raises(Exception, match=r"11\.1"):
        Game.new("1847Pfalz", ["A", "B", "C", "optional"])


def test_readings_are_listed_with_their_rules() -> None:
    for title, players in (
        ("1847Pfalz", ["A", "B", "C", "D", "intro"]),
        ("1847RRRRB", ["A", "B", "C"]),
    ):
        data = Game.new(title, players).state_json()
        readings = {b["key"]: b for b in data["box_readings"]}
        assert readings["reading:availability"]["rule"].startswith("4.5.1")
        assert "Saar" in readings["reading:availability"]["value"]
        assert "K, H and W" in readings["reading:package shares"]["value"]
        assert all(b["rule"] for b in data["box"])
    assert "reading:intro quarries" in readings or title == "1847RRRRB"


def test_absent_companies_are_refused_with_their_rule() -> None:
    game = play(upto(INTRO4, "pass B\npar C N 66".split("\n")[0]))
    refuse(game, "par B RNB 66", "not in the Introductory Game", "11.3")
    game = play(upto(PFALZ3, "par A N 66"))
    refuse(game, "buy A LFK pool", "speciality of 1847 AE", "4.1")
    refuse(game, "buy A Krauss pool", "speciality of 1847 AE", "4.1")
    refuse(game, "par A HLB 80", "Hessische Ludwigsbahn", "11.1")
    refuse(game, "exchange A MNR", "1847 AE's other private companies", "4.4")


def test_box_confirm_shows_what_it_confirms() -> None:
    game = Game.new("1847RRRRB", ["A", "B", "C"])
    assert game.execute("box SPR 170").ok and game.execute("box SPR.income 10").ok
    outcome = game.execute("box confirm")
    text = " ".join(getattr(ev, "text", "") for ev in outcome.events)
    assert "confirmed as shown (1): PLP 172" in text
    assert game.execute("box PLP").ok  # one value confirmed as shown


# ----------------------------------------------------------------- issue 38: the last slips
def test_a_bare_close_w_is_refused_pointing_to_the_station() -> None:
    """4.2: quarries are never closed voluntarily; Weidenthal's use is the station at half
    cost, which closes it.  L owns W (the Weidenthal script): a bare ``close W`` places no
    station and pays nothing, so it is refused, naming ``spend L 50 token``; the use itself
    then closes W for M50, and a 100 station in the same operating round is refused (6.5)."""
    game = play(upto(WEIDENTHAL, "spend L 50 token"))
    cash = game.state.company("L").cash
    refuse(game, "close W", "spend L 50 token", "never closed voluntarily", "4.2")
    assert not game.state.company("W").closed and game.state.company("L").cash == cash
    assert game.execute("spend L 50 token").ok
    assert game.state.company("W").closed and game.state.company("L").cash == cash - 50
    refuse(game, "spend L 100 token", "one per operating round", "6.5")


def test_a_bare_close_w_of_a_players_weidenthal_is_refused() -> None:
    """PFALZ3: C holds W (a player): no railway owns it, so the hint names no railway."""
    game = play(upto(PFALZ3, "spend L 100 token"))
    refuse(game, "close W", "spend CORP 50 token", "4.2")


def test_rrrrb_bare_close_w_points_to_the_typed_station() -> None:
    """12.1: the charter's station prices are not checked; the use says W: ``token W``."""
    game = play(upto(RRRRB5, "spend L 60 token"))
    refuse(game, "close W", "token W`", "4.2")


def test_a_level_2_game_kept_its_bare_close_w() -> None:
    """A game recorded at rules level 2 replays its bare ``close W`` as recorded."""
    game = play(upto(WEIDENTHAL, "spend L 50 token"))
    game.state.rules_level = 2
    state = game.state.clone()
    from moderator.script import parse_line

    cmd = parse_line("close W")
    assert cmd is not None
    game.ruleset.apply(state, cmd)
    assert state.company("W").closed


def test_intro_train_cards_without_the_v6_cards() -> None:
    """11.3: the V6 cards are removed.  The intro script's box: V6 6+6,6+6.  Shipped
    counts: 21 trains on the 18 black/white cards (2, 11.1); without the two V6 cards the
    depot holds 21 - 2 = 19 trains on 18 - 2 = 16 cards."""
    game = play(upto(INTRO4, "expect bank cash"))
    cards = game.state_json()["train_cards"]
    assert len(game.state.depot) == 19
    assert (cards["trains"], cards["cards"], cards["box"]) == (19, 16, 19)
    assert "11.3" in cards["rule"] and "2 V6 cards removed" in cards["warning"]
    game = play("game 1847Pfalz A B C D intro\nbox SPR 170\nbox SPR.income 10\nbox V6 none\n")
    cards = game.state_json()["train_cards"]
    assert (cards["trains"], cards["cards"], cards["rule"]) == (21, 18, "2, 11.1")


# ----------------------------------------------------------------- rules level 9
V6_PHASE = (SCRIPTS / "1847pfalz-intro-v6-phase.script").read_text(encoding="utf-8")


def _played_at(script: str, level: int) -> Game:
    """The script's lines (its ``expect`` lines left out) played at rules ``level``."""
    lines = [x for x in script.splitlines() if x.strip() and not x.startswith(("#", "expect"))]
    words = lines[0].split()[1:]
    game = Game.new(words[0], words[1:], rules_level=level)
    for line in lines[1:]:
        assert game.execute(line).ok, line
    return game


def test_intro_phase_of_removed_cards_comes_with_the_next_train() -> None:
    """11.3, 7: with every 6 card a V6 card, the first 6+6 passes phase 6 on its way:
    Koenigsbach, Hochstaetten and Weidenthal close (the Pfalz Phase Table), each phase a
    line; a game recorded before rules level 9 went from 5+5 to 6+6 and kept them open."""
    game = play(upto(V6_PHASE, "train N 6+6"))
    assert [game.state.company(q).closed for q in ("K", "H", "W")] == [False] * 3
    coming = game.state_json()["next_phase"]  # what the 6+6 will bring, phase 6's too
    assert coming["phase"] == "6+6" and coming["rusts"] == ["4"]
    assert "Königsbach, Hochstätten and Weidenthal close" in coming["effects"]
    outcome = game.execute("train N 6+6")
    phases = [(e.before, e.after) for e in outcome.events if isinstance(e, PhaseChanged)]
    assert phases == [("5+5", "6"), ("6", "6+6")]
    passed = next(e for e in outcome.events if isinstance(e, PhaseChanged))
    assert "every 6-card is a V6 card, out (11.3)" in passed.reason
    assert [game.state.company(q).closed for q in ("K", "H", "W")] == [True] * 3
    old = _played_at(upto(V6_PHASE, "expect phase 6+6"), 8)
    assert old.state.phase == "6+6"
    assert [old.state.company(q).closed for q in ("K", "H", "W")] == [False] * 3


def test_five_players_certificate_limit_counts_the_shares_under_the_package() -> None:
    """8.3: 9 certificates with 5 players, the privates counted; a quarry K, H or W comes with
    an L 10% (two certificates), SPR with Saar's director's (two), PLP is one.  A, given the
    money, holds SPR, R, K, H, W: 2 + 1 + 2 + 2 + 2 = 9, and may not buy PLP: the tool
    passes her, her only purchase being over the limit."""
    lines = ["game 1847Pfalz A B C D E", "box SPR 170", "box SPR.income 10", "box confirm"]
    lines += ["adjust A 1000 a test's money", *(f"pass {p}" for p in "EDCB"), "buy A SPR"]
    for item in ("R", "K", "H", "W"):  # 3.3: A's second turn at once, then clockwise
        lines += [f"buy A {item}", *(f"pass {p}" for p in "BCDE")]
    game = play("\n".join(lines[:-1]) + "\n")
    assert game.ruleset.cert_count(game.state, "A") == 9
    outcome = game.execute("pass E")
    passed = [e for e in outcome.events if type(e).__name__ == "Passed"]
    assert [(e.player, e.reason) for e in passed][-1] == ("A", "no legal sale or purchase (8)")
    assert game.state.extra["package"] == ["PLP"]  # unsold: a short operating round (3.3)
