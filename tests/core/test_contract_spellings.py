"""The contract (shared/spec/script.md) played, not only parsed: each spelling, alias,
optional word and case variant it names is accepted by a game of its title, with the
meaning it gives.  tests/core/test_script.py checks that the lines parse; this module
checks that the rules engines take them as written."""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, play

from moderator.game import Game
from moderator.script import parse_script


def prefix(name: str, last: int) -> str:
    """The lines of tests/scripts/NAME.script up to line ``last`` (included)."""
    text = (SCRIPTS / f"{name}.script").read_text(encoding="utf-8")
    return "\n".join(line.text for line in parse_script(text) if line.number <= last) + "\n"


# ----------------------------------------------------------------- 1817: cover
COVER = prefix("1817-shorts", 107)
"""Stock round 3, Amy on turn holding one UR short (UR 10 shares at $70)."""


@pytest.mark.parametrize(
    "line",
    ["cover Amy UR ipo", "COVER AMY UR IPO", "cover amy ur treasury", "Cover Amy UR Treasury"],
)
def test_1817_cover_takes_every_spelling_of_the_treasury(line: str) -> None:
    """script.md 1817: `cover PLAYER CORP [ipo|pool]` is `buy`'s row, whose sources are
    case-insensitive and accept `treasury` and `market`."""
    g = play(COVER + line + "\nexpect Amy cash 320\nexpect Amy shorts UR 0\nexpect UR cash 403\n")
    assert g.state_json()["players"][0]["shorts"] == {}


@pytest.mark.parametrize("line", ["cover Amy UR pool", "cover Amy UR MARKET", "cover amy ur"])
def test_1817_cover_from_the_market_or_by_default(line: str) -> None:
    g = play(COVER + line + "\nexpect Amy shorts UR 0\n")
    assert isinstance(g, Game)


# ----------------------------------------------------------------- expect round
@pytest.mark.parametrize(
    "game",
    [
        "game 1846 Amy Bob Cy",
        "game 1847AE Amy Bob Cy",
        "game 1847Pfalz Amy Bob Cy",
        "game 1847RRRRB Amy Bob Cy",
        "game 1853 Amy Bob Cy",
        "game 1830 Amy Bob Cy",
        "game 1889 Amy Bob Cy",
        "game 18Chesapeake Amy Bob Cy",
        "game 1817 Amy Bob Cy",
    ],
)
def test_expect_round_agrees_with_the_state_json_from_the_first_line(game: str) -> None:
    """script.md: `expect round SR|OR` checks the kind of round, which the state JSON gives
    as `round.kind` (`SR` or `OR`).  A title's setup steps right after `game` (1846's
    private distribution, 1853's contracts, 1817's opening sale) read `SR` there
    (`round.setup` says which): `expect round SR` holds there too, `expect round OR` is
    refused."""
    g = play(game + "\n")
    kind = g.state_json()["round"]["kind"]
    assert kind == "SR"
    assert g.execute("expect round SR").ok
    assert g.execute("expect round sr").ok
    assert not g.execute("expect round OR").ok


# ----------------------------------------------------------------- 1846: independents split
MS_RUNS = prefix("1846-phase-iv", 57)
"""1846 phase IV, the independent MS about to run for 60."""


def test_1846_an_independent_splits_with_the_default_s_word_too() -> None:
    """script.md `run`: default `full`; "Companies that must split (1846 independents)
    split without a word" -- `run MS 60 full` is `run MS 60`, a split (6.72)."""
    plain = play(MS_RUNS + "run MS 60\n").state_json()
    assert play(MS_RUNS + "run MS 60 FULL\n").state_json() == plain


# ----------------------------------------------------------------- pass after the tool's pass
PASSED_THROUGH = prefix("1830-private-trade-turn", 47)
"""1830 stock round 2: `pass Cy` (line 47) makes the tool pass Amy, which ends the round;
operating round 2.1 has no corporation to operate (privates' income only), so stock round 3
begins in the same line, Bob to act."""


def test_a_pass_for_a_player_the_tool_passed_is_accepted_in_the_round_after() -> None:
    """script.md `pass`: a `pass` naming a player the tool has already passed "is accepted
    and changes nothing -- also when that automatic pass ended the round and the next round
    has begun", here with every round between run through by itself (1830 4.0)."""
    g = play(PASSED_THROUGH)
    before = g.state_json()
    assert before["round"] == {"kind": "SR", "number": 3, "or": None, "setup": False}
    assert g.execute("pass Amy").ok
    assert g.state_json() == before
    # Bob's own turn is untouched, and the accepted pass is Amy's no more once she acts
    g = play(PASSED_THROUGH + "pass Amy\npass Bob\n")
    assert g.state_json()["to_act"] != "Bob"
    assert not g.execute("pass Bob").ok


def test_the_pass_carried_over_is_the_player_s_own_once_he_has_had_his_turn() -> None:
    g = play(PASSED_THROUGH + "pass Bob\npass Cy\n")
    assert g.state_json()["to_act"] == "Amy"
    assert "Amy" in g.state.passed_into_round
    assert g.execute("pass Amy").ok  # her own pass: all have passed, stock round 3 ends
    assert g.state_json()["round"]["number"] == 4 and g.state_json()["to_act"] == "Bob"
    assert not g.state.passed_into_round
    assert not g.execute("pass Amy").ok  # not hers to make in stock round 4


# ----------------------------------------------------------------- box values' statuses
@pytest.mark.parametrize("title", ["1847Pfalz", "1847RRRRB"])
def test_every_box_value_in_the_state_json_has_one_of_the_contract_s_statuses(title: str) -> None:
    """script.md 1847Pfalz/RRRRB: "Each value in the state JSON has a status (`missing`,
    `PROVISIONAL`, `confirmed`)".  The readings the tool plays where the rules are silent
    are not box values: they are listed apart, under `box_readings`."""
    data = play(f"game {title} Amy Bob Cy\n").state_json()
    assert data["box"] and {b["status"] for b in data["box"]} <= {
        "missing",
        "PROVISIONAL",
        "confirmed",
    }
    assert {b["status"] for b in data["box"]} >= {"missing", "PROVISIONAL"}
    assert data["box_readings"] and all(b["rule"] and b["value"] for b in data["box_readings"])


# ----------------------------------------------------------------- 1817's state JSON
def test_1817_state_json_fields_of_the_contract() -> None:
    """script.md 1817: `"interest"`, per company `"loans"`, `"size"`, `"stations"`, per
    player `"shorts"`; `bank.cash` null; shares in percents (a 2-share president's
    certificate is 100).  docs/script.md gives the types read here."""
    g = play(prefix("1817-shorts", 50))  # stock round 2: Amy has shorted UR
    data = g.state_json()
    assert data["bank"]["cash"] is None
    assert isinstance(data["interest"]["rate"], int)
    assert g.execute(f"expect interest {data['interest']['rate']}").ok
    ur = next(co for co in data["companies"] if co["id"] == "UR")
    assert (ur["size"], type(ur["loans"]), type(ur["stations"])) == (5, int, int)
    amy = next(p for p in data["players"] if p["name"] == "Amy")
    assert amy["shorts"] == {"UR": 1}
    assert all(isinstance(p["shorts"], dict) for p in data["players"])
    pw = next(co for co in data["companies"] if co["id"] == "PW")
    assert pw["size"] == 2 and amy["shares"]["PW"] == 100


# ----------------------------------------------------------------- titles, options, aliases
@pytest.mark.parametrize(
    ("line", "title", "options"),
    [
        ("game 18chesapeake Amy Bob Cy", "18Chesapeake", []),
        ("GAME 18CHESAPEAKE Amy Bob", "18Chesapeake", []),
        ("game 1889 Amy Bob Cy BEGINNER", "1889", ["beginner"]),
        ("game 1830 Amy Bob Cy Brownpool SIXES3", "1830", ["brownpool", "sixes3"]),
        ("game 1847pfalz Amy Bob Cy", "1847Pfalz", None),
        ("game 1847rrrrb Amy Bob Cy", "1847RRRRB", None),
    ],
)
def test_titles_and_options_in_any_case(line: str, title: str, options: list[str] | None) -> None:
    """script.md `game`: verbs are case-insensitive, and so the title and its option words
    (the state JSON gives the title as the contract spells it)."""
    data = play(line + "\n").state_json()
    assert data["title"] == title
    if options is not None:
        assert data["options"] == options


@pytest.mark.parametrize(("plain", "alias"), [("MAJC", "P10"), ("MTE", "p3"), ("MAJM", "P11")])
def test_1817_privates_by_their_p_numbers(plain: str, alias: str) -> None:
    """script.md 1817: privates `MINC` ... `MAJM`, "P1–P11 accepted"."""
    opening = "game 1817 Amy Bob Cy\nprivate Amy {} 90\n"
    a = play(opening.format(plain)).state_json()
    assert play(opening.format(alias)).state_json() == a
    assert a["players"][0]["privates"] == [plain]


@pytest.mark.parametrize(("plain", "alias"), [("NW", "N&W"), ("CA", "c&a"), ("BO", "B&O")])
def test_18chesapeake_corporations_with_their_ampersands(plain: str, alias: str) -> None:
    """script.md 18Chesapeake: `B&O`, `C&O`, `C&A`, `N&W` accepted (`vanderbilt CORP`)."""
    a = play(f"game 18Chesapeake Amy Bob Cy\nvanderbilt {plain}\n").state_json()
    assert play(f"game 18Chesapeake Amy Bob Cy\nvanderbilt {alias}\n").state_json() == a
