"""1889 audit (issue 40): the money rules' refusals the hand-computed scripts cannot show.

Each test names the section of ``shared/facts/1889.md`` it checks (no printed rule numbers
are known); the figures are worked out in ``tests/scripts/1889-*.script``.
"""

from __future__ import annotations

from conftest import SCRIPTS, play, refuse

FORCED = (SCRIPTS / "1889-forced-train.script").read_text(encoding="utf-8").split("sell Cy KO 2")[0]
"""KO (¥50, no train) must buy one in OR 2.1; the bank sells only 3s (¥180); IR holds 2s.
Cy, KO's president, has ¥35 (the figures: ``tests/scripts/1889-forced-train.script``)."""


def test_facts_9_no_train_from_another_corporation_once_the_president_has_sold() -> None:
    """Facts §9: with its own cash alone KO may buy IR's 2 (¥1 to its cash), but not once
    its president has sold shares toward the forced purchase, nor with his money."""
    g = play(FORCED)
    refuse(g, "train KO 2 from IR 60", "cannot pay ¥60", "(facts §9)")
    assert g.execute("sell Cy KO 1").ok  # ¥60: Cy 95, still short of the 130 for a 3
    refuse(g, "train KO 2 from IR 50", "sold shares", "cheapest train", "(facts §9)")
    refuse(g, "train KO 2 from IR 1", "(facts §9)")


def test_facts_9_own_cash_alone_buys_another_corporations_train() -> None:
    g = play(FORCED)
    assert g.execute("train KO 2 from IR 50").ok
    data = {c["id"]: c for c in g.state_json()["companies"]}
    assert data["KO"]["cash"] == 0 and data["IR"]["cash"] == 330 + 50


def test_facts_5_priority_after_the_sale_is_left_of_the_last_to_act_in_turn() -> None:
    """Facts §5 (verified in 18xx.games hs_jmmljkbw_17502): Three bought TER at face, the
    other privates then went by bids and an auction; Four, left of Three, has the priority
    and the first turn (1830 7.0 would give the priority left of Four, who got UTF last)."""
    g = play(
        "game 1889 One Two Three Four Five\nbid One DR 65\nbid Two SMR 55\nbid Three MF 35\n"
        "bid Four UTF 155\nbid Five SIR 85\nbid One SMR 60\nbid Two ER 45\nbuy Three TER\n"
        "bid Two SMR 65\npass One\n"
    )
    assert g.state_json()["priority"] == "Four"
    assert g.state.current_player == "Four"


def test_facts_0_a_private_left_out_by_the_player_count_is_named_with_its_rule() -> None:
    """Facts §0, §2: SIR is left out with 2 players, UTF with 2 or 3; the beginner game
    deals its own set (facts §12).  The refusal says so, not "no company"."""
    g = play("game 1889 Amy Bob Cy")
    refuse(g, "buy Amy UTF", "UTF is not in play with 3 players (facts §0, §2)")
    g = play("game 1889 Amy Bob")
    refuse(g, "buy Amy SIR", "SIR is not in play with 2 players (facts §0, §2)")
    g = play("game 1889 Amy Bob Cy beginner")
    refuse(g, "private Amy TER", "TER is not dealt in the beginner game with 3 players", "§12")
    refuse(g, "private Amy XYZ", "no company 'XYZ' in 1889")


def test_facts_6_9_a_forced_sale_of_one_corporation_is_one_block() -> None:
    """Facts §6, §9 (engine ``MUST_SELL_IN_BLOCKS``, applied to a president's forced sales
    too): Cy, short of the 130 KO needs, sells KO once; a second KO sale in the same turn
    is refused (two shares at once raise 120 at 60, one then one 60 + 55)."""
    g = play(FORCED)
    assert g.execute("sell Cy KO 1").ok
    refuse(g, "sell Cy KO 1", "already sold KO", "one action", "(facts §6, §9)")
    # what Cy may still raise leaves KO out: he is bankrupt (the game ends at once)
    assert g.execute("bankrupt Cy").ok
    assert g.state_json()["ended"]


def test_facts_2_utf_with_a_player_after_the_first_5_is_not_sold_to_a_corporation() -> None:
    """Facts §2, §8: after the first 5 UTF stays with Cy (income 50) but no corporation may
    buy it; in phase 4 it could have been (75 to 300)."""
    text = (SCRIPTS / "1889-trains-phases.script").read_text(encoding="utf-8")
    g = play(text.split("# --- Stock round 3")[0] + "pass Cy\npass Dee\npass Amy\npass Bob\n")
    assert g.state.phase == "5" and not g.state.company("UTF").closed
    refuse(g, "buyprivate SR UTF 150", "until the first 5", "(facts §2)")


def test_facts_1_2_the_exchange_in_the_orange_zone_is_not_held_to_60_percent() -> None:
    """Facts §1, §2 (engine ``holding_ok?``): DR's exchange keeps the 60% limit, lifted in
    the orange zone as for a purchase (facts §4)."""
    g = play(
        "game 1889 Amy Bob\nbuy Amy TER\nbuy Bob MF\nbuy Amy ER\nbuy Bob SMR\nbuy Amy DR\n"
        "adjust Amy 100 a gift for the test\npar Bob UR 65\npar Amy IR 65\nbuy Bob UR\n"
        "buy Amy IR\nbuy Bob UR\nbuy Amy IR\nbuy Bob UR\nbuy Amy IR\nbuy Amy IR\n"
    )
    assert g.state_json()["players"][0]["shares"] == {"IR": 60}
    refuse(g, "exchange Amy DR", "already holds 60% of IR", "(facts §2)")
    g.state.market.place("IR", (8, 0))  # type: ignore[attr-defined]  # 30, orange
    assert g.execute("exchange Amy DR").ok
    assert g.state_json()["players"][0]["shares"] == {"IR": 70}


def test_facts_5_after_a_round_of_passes_play_goes_on_in_turn() -> None:
    """Facts §5: Amy buys TER, Bob bids on SIR, then Cy,
    Amy and Bob pass: the income is paid and Cy, left of Bob, the last to pass, is next."""
    g = play("game 1889 Amy Bob Cy\nbuy Amy TER\nbid Bob SIR 85\npass Cy\npass Amy\npass Bob\n")
    assert g.state.current_player == "Cy" and g.state_json()["priority"] == "Cy"
    assert g.state_json()["players"][0]["cash"] == 420 - 20 + 5  # TER's income


def test_facts_9_forced_sales_change_no_presidency() -> None:
    """Facts §9 (engine ``EBUY_PRES_SWAP false``): Amy, short for AR's 2, may not sell two
    IR (Bob's 30% would take IR) nor AR's president's certificate; one IR is hers to sell,
    and her bankruptcy sells that one (1889-forced-sale-presidency.script)."""
    text = (SCRIPTS / "1889-forced-sale-presidency.script").read_text(encoding="utf-8")
    g = play(text.split("sell Amy IR 1")[0])
    refuse(g, "train AR 2", "Amy has ¥5 of the ¥80 needed", "(facts §9)")
    refuse(g, "sell Amy IR 2", "change the presidency of IR (facts §9)")
    refuse(g, "sell Amy AR 1", "change the presidency of the operating corporation (facts §9)")
    # the bankruptcy sells the one IR she may sell, as the script writes it, and no more
    assert g.execute("bankrupt Amy").ok and g.state.ended
    data = g.state_json()
    assert data["players"][0]["shares"] == {"AR": 20, "IR": 30} and data["bank"]["cash"] == 6080


def test_facts_4_no_brown_zone_one_certificate_a_turn_in_orange() -> None:
    """Facts §4: 1889 has no brown zone: in the orange zone a player still buys one
    certificate a turn (1889-left-edge-orange.script, KO at ¥20)."""
    text = (SCRIPTS / "1889-left-edge-orange.script").read_text(encoding="utf-8")
    g = play(text.split("buy Bob KO pool")[0])
    refuse(g, "buy Amy KO pool", "one a turn (facts §6)")


def test_facts_2_a_corporations_private_is_not_sold_again() -> None:
    """Facts §2: TER, bought by IR, is no player's to sell; the refusal names the section
    once (it read "(facts §2, facts §2)")."""
    text = (SCRIPTS / "1889-privates-to-corporations.script").read_text(encoding="utf-8")
    g = play(text.split("buyprivate KO ER 80")[0])
    message = refuse(g, "buyprivate KO TER 10", "TER is not a player's to sell (facts §2)")
    assert message.count("facts §2") == 1
