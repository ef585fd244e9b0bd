"""18Chesapeake audit (issue 40): the money rules' refusals and tables the hand-computed
scripts cannot show, each naming the v0.5 section (``§9.1``) or the facts' (``facts §2``)."""

from __future__ import annotations

import pytest
from conftest import SCRIPTS, play, refuse

START = "game 18Chesapeake Amy Bob Cy\nvanderbilt CO\n"


@pytest.mark.parametrize(
    ("players", "cash", "limit"),
    [(2, 1200, 20), (3, 800, 20), (4, 600, 16), (5, 480, 13), (6, 400, 11)],
)
def test_facts_0_cash_and_certificate_limits_for_2_to_6(
    players: int, cash: int, limit: int
) -> None:
    names = ["Amy", "Bob", "Cy", "Dee", "Eve", "Fay"][:players]
    data = play(f"game 18Chesapeake {' '.join(names)}\nvanderbilt CO").state_json()
    assert {p["cash"] for p in data["players"]} == {cash}
    assert data["bank"]["cash"] == 8000 - 2400
    assert data["cert_limit"] == limit


def test_facts_2_no_private_is_exchanged() -> None:
    """No 18Chesapeake private is exchanged for a share (facts §2): the refusal says so and
    names the rule, not an empty list of exchangeable privates."""
    g = play(START + "buy Amy DR")
    message = refuse(g, "exchange Amy DR", "(facts §2)")
    assert "()" not in message


def test_facts_5_priority_after_the_sale_is_left_of_the_last_to_act_in_turn() -> None:
    """Facts §5 (verified in 18xx.games 1277 and 22383): after the sale the priority is the
    player whose turn it is when the last private goes; CV won afterwards in an auction by
    Cy does not move it: Amy bought BOR at face, so Bob has it (1830 7.0 would give it
    left of Cy)."""
    g = play(
        START + "buy Amy DR\nbid Bob CV 205\nbid Cy CV 210\nbuy Amy CP\nbuy Bob BS\n"
        "buy Cy COC\nbuy Amy BOR\npass Bob\npar Cy CO 80\n"
    )
    assert g.state_json()["priority"] == "Bob"
    assert g.state.current_player == "Bob"


def test_10_8_president_money_toward_another_corporations_train_up_to_face_value() -> None:
    """§10.8 (facts §9): short of cash in a forced purchase, C&O may take PRR's 2 with its
    president's money added, at no more than the face value ($80); from the bank only the
    cheapest train (the 3), never a later one."""
    text = (SCRIPTS / "18chesapeake-forced-train.script").read_text(encoding="utf-8")
    g = play(text.split("train CO 2 from PRR 80")[0])
    refuse(g, "train CO 2 from PRR 85", "at most its face value, $80", "(§10.8)")
    refuse(g, "train CO 4", "(§10.7)")


def test_facts_5_after_a_round_of_passes_play_goes_on_in_turn() -> None:
    """Facts §5 (engine ``WaterfallAuction#process_pass``: the turn moves on from the last
    to pass): Amy buys DR, Bob bids on CV, then Cy, Amy and Bob pass: the income is paid,
    a 2 is exported, and Cy, left of Bob, is next (not Bob, left of Amy who got DR)."""
    g = play(START + "buy Amy DR\nbid Bob CV 205\npass Cy\npass Amy\npass Bob\n")
    assert g.state.current_player == "Cy"
    assert g.state_json()["priority"] == "Cy"
    assert g.execute("buy Cy CP").ok


def test_facts_2_the_first_5_closes_the_privates_naming_this_titles_rule() -> None:
    """Facts §2, §8: the first 5 closes every private; the lines cite 18Chesapeake's facts,
    not 1830's 23.2 (the family's closing once named 1830's rule in every title)."""
    lines = (SCRIPTS / "18chesapeake-privates-to-corporations.script").read_text("utf-8")
    before, _, _ = lines.partition("train BO 5")
    g = play(before)
    outcome = g.execute("train BO 5")
    closed = [e for e in outcome.events if type(e).__name__ == "CompanyClosed"]
    assert sorted(e.company for e in closed) == ["BOR", "BS", "COC", "CP", "DR"]  # type: ignore[attr-defined]
    assert all(e.reason.endswith("(facts §2)") for e in closed)  # type: ignore[attr-defined]


def test_facts_2_corporations_buy_privates_within_half_to_twice_face() -> None:
    """Facts §2: from the first 3 to the first 5, half (rounded up) to twice face, never CV."""
    lines = (SCRIPTS / "18chesapeake-privates-to-corporations.script").read_text("utf-8")
    before, _, _ = lines.partition("buyprivate LV DR 10")
    g = play(before)
    refuse(g, "buyprivate LV DR 9", "(facts §2)")
    refuse(g, "buyprivate LV DR 41", "(facts §2)")
    refuse(g, "buyprivate LV CV 200", "never sold to a corporation (§7.1)")


def test_10_9_a_5_is_never_exported_at_the_end_of_a_set() -> None:
    """§10.9 (facts §7): only a 2, 3 or 4 leaves the bank at the end of a set; with the 5s
    next, the set of phase 4 (OR 5.1-5.2) ends and both 5s stay on sale."""
    text = (SCRIPTS / "18chesapeake-privates-to-corporations.script").read_text("utf-8")
    g = play(text)
    assert g.state.or_number == 2 and [t.card for t in g.state.depot].count("5") == 2
    for line in ("run LV 0", "done LV", "run PRR 0", "done PRR", "run BO 0"):
        assert g.execute(line).ok
    outcome = g.execute("done BO")
    assert outcome.ok and g.state.round_kind == "SR"
    assert [t.card for t in g.state.depot].count("5") == 2
    assert not any("exported" in str(e) for e in outcome.events)


def test_11_a_bankrupt_president_could_sell_nothing() -> None:
    """§10.8, §11 (18chesapeake-six-players-bankruptcy): before Cy declares bankruptcy, his
    B&O share (B&O has no par) and his president's certificate are refused for sale, and
    the train for what he and N&W have."""
    text = (SCRIPTS / "18chesapeake-six-players-bankruptcy.script").read_text("utf-8")
    g = play(text.partition("bankrupt Cy")[0])
    refuse(g, "sell Cy BO 1", "BO has not been launched (§9.5)")
    refuse(g, "sell Cy NW 1", "cannot go to the market (§9.4)")
    refuse(g, "train NW 2", "Cy has $55 of the $80 needed", "(§11)")
    assert g.execute("bankrupt Cy").ok and g.state.ended


def test_facts_1_sixty_percent_in_the_yellow_zone_too() -> None:
    """Facts §1, §9.2: no zone lifts the 60% of one corporation (no orange zone): with PRR
    yellow at $50, Bob buys to 60% and no further; the refusal names no zone the title lacks
    (it once said "outside the orange zone")."""
    text = (SCRIPTS / "18chesapeake-privates-to-corporations.script").read_text("utf-8")
    g = play(text + "run LV 0\ndone LV\nrun PRR 0\ndone PRR\nrun BO 0\ndone BO\n")
    for line in ("pass Cy", "pass Dee", "pass Eve", "pass Amy", "buy Bob PRR"):
        assert g.execute(line).ok, line
    for line in ("pass Cy", "pass Dee", "pass Eve", "pass Amy"):
        assert g.execute(line).ok, line
    assert g.state_json()["companies"][0]["zone"] == "y"
    message = refuse(g, "buy Bob PRR", "Bob holds 60% of PRR, the most of one corporation (§9.2)")
    assert "orange" not in message
