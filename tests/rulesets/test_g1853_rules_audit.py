"""A second, independent audit of 1853's money rules: what the hand-worked scripts
``1853-bank-breaks-in-sr.script``, ``1853-managers-sold-out.script`` and
``1853-last-phase.script`` show besides their ``expect`` lines (the end of the game, the
lines the bank tells the table, what is on sale), and the refusals met on the way, each
naming its rule.
"""

from __future__ import annotations

from conftest import play, refuse
from test_g1853_refusals import upto

from moderator.events import Noted
from moderator.fixes import RULES_LEVEL
from moderator.game import Game

SR_BREAK = "1853-bank-breaks-in-sr.script"
SOLD_OUT = "1853-managers-sold-out.script"


def notes(game: Game) -> list[str]:
    """Every line the bank told the table."""
    return [e.text for entry in game.journal for e in entry.events if isinstance(e, Noted)]


def test_5_1_2_a_bank_broken_in_a_stock_round_ends_the_game_with_the_next_or() -> None:
    """5.1.2: the operating round played in full is the next one, the first of a set of two
    (phase 3); the line that tells the table says so (before: "this operating round", in a
    stock round)."""
    game = play(upto(SR_BREAK, "expect round OR", 3))
    assert game.state.round_kind == "OR" and not game.state.ended
    said = [n for n in notes(game) if "run out of money" in n]
    assert said == [
        "The bank has run out of money (5.1.1): it holds -£30; the game ends when the next "
        "operating round is complete (5.1.2)."
    ]
    ended = play(upto(SR_BREAK, "expect bank cash -80"))
    assert ended.state.ended
    assert (ended.state.round_number, ended.state.or_number) == (3, 1)
    assert ended.state.ors_in_set == 2


def test_5_1_2_no_stock_round_follows() -> None:
    """After the last operating round a stock-round line is refused, naming 5.1.2."""
    game = play(upto(SR_BREAK, "expect bank cash -80"))
    why = refuse(game, "pass Eve")
    assert "5.1" in why


def test_3_4_1_the_elephants_holder_manages_a_company_nobody_holds() -> None:
    """3.4.1: "If no shares are held by anyone, the Manager is the holder of the Elephant":
    the line says so when Dan's sale leaves NWR with no holder (before: "No player holds two
    NWR shares: Ann manages it", as for a company with holders)."""
    game = play(upto(SOLD_OUT, "expect Dan cash 289"))
    assert game.state.priority == "Ann"
    assert notes(game)[-1].startswith(
        "No player holds an NWR share: the Elephant's holder Ann manages it (3.4.1)"
    )


def test_3_4_1_the_manager_follows_the_elephant_after_each_stock_round() -> None:
    """3.4.1: "In this case the Manager is likely to change after every Stock Round": Cat
    after SR 2, Ann after SR 3; a manager declares no dividend (3.4.2)."""
    game = play(upto(SOLD_OUT, "run NWR 40 withhold mail 20"))
    assert game.state.extra["manager"]["NWR"] == "Cat"
    game = play(upto(SOLD_OUT, "run NWR 80 withhold"))
    assert game.state.extra["manager"]["NWR"] == "Ann"
    assert "(3.4.2)" in refuse(game, "run NWR 80 full")


def test_3_1_9_a_seller_may_not_buy_back_in_the_round() -> None:
    """3.1.9: Ann sold her NWR share in SR 2 and may not buy it back from the pool."""
    game = play(upto(SOLD_OUT, "expect Ann cash 303"))
    assert "(3.1.9)" in refuse(game, "buy Ann NWR pool")


LAST_PHASE = "1853-last-phase.script"


def test_4_8_3_no_6_before_the_first_5() -> None:
    """4.8.3: "once the first '5' train is purchased the '6' trains become available": in
    phase 4 GIP may buy a 4, not a 6."""
    game = play(upto(LAST_PHASE, "train GIP 4"))
    assert game.state.phase == "4"
    assert "(4.8.3" in refuse(game, "train GIP 6")


def test_4_8_5_a_company_at_the_limit_buys_no_6() -> None:
    """4.8.5: NWR owns a 4 and a 5, the limit of 2 in phase 5: no 6 (nor anything else)."""
    game = play(upto(LAST_PHASE, "expect NWR cash 550"))
    assert "(4.8.5)" in refuse(game, "train NWR 6")
    assert "(4.8.5)" in refuse(game, "train NWR 4M")


def test_4_10_5_the_first_6_starts_no_phase_and_the_5_stays_on_sale() -> None:
    """4.10.5, 4.8.3: after EIR's 6 the phase is still 5, and the last 5 and the other 6
    are on sale beside the 3M and 4M."""
    game = play(upto(LAST_PHASE, "expect Pam cash 40"))
    assert game.state.phase == "5"
    on_sale = {d["train"]: d["price"] for d in game.state_json()["depot"]}
    assert on_sale == {"5": 830, "6": 1050, "3M": 430, "4M": 590}


MANAGERS = "1853-managers.script"


def test_3_4_2_a_manager_may_make_up_a_trains_price() -> None:
    """3.4.2: "A Manager may make any moves allowed of a Director except that he must not
    declare a dividend", so 4.8.8's gift is his too. OR 1.1: NWR (manager Ann) has 160 after
    two 2s; the third costs 300: Ann gives 140 (227 -> 87), NWR is left with nothing and owes
    nothing (before: refused, only the credit train was offered)."""
    game = play(upto(MANAGERS, "train NWR 2 credit") + "train NWR 2\n")
    assert game.state.ledger.player("Ann").cash == 87
    nwr = game.state.company("NWR")
    assert (nwr.cash, nwr.debt, len(nwr.trains)) == (0, 0, 3)


def test_3_4_2_a_manager_short_of_the_gift_is_offered_the_credit_train() -> None:
    """4.8.8 with 3.4.2: when the manager has too little (a banker's correction takes 200 of
    Ann's 227) the refusal names both rules and offers the credit train."""
    game = play(upto(MANAGERS, "train NWR 2 credit") + "adjust Ann -200 test\n")
    assert game.state.ledger.player("Ann").cash == 27
    why = refuse(game, "train NWR 2")
    assert "(4.8.8, 3.4.2)" in why and "credit" in why and "(3.4.3)" in why


def test_3_4_6_no_other_train_while_the_credit_train_is_owed() -> None:
    """3.4.6: "A Manager can't pay any other expenses until the train is fully paid": with
    140 owed, Ann may not pay for a fourth train herself."""
    game = play(upto(MANAGERS, "done NWR"))
    assert game.state.company("NWR").debt == 140
    assert "(3.4.6)" in refuse(game, "train NWR 2")


SIX = "1853-six-players.script"


def test_table_3_six_players_hold_at_most_four_shares() -> None:
    """Table 3, 3.1.2: with six players at most 4 shares of a company. After Fay's purchase
    in SR 1 the tool passes Ben (50) and Ada (20), who can buy nothing; Cal, with 92, may not
    buy a fifth NWR share at 82."""
    game = play(upto(SIX, "expect Fay cash 191"))
    assert game.state.current_player == "Cal"
    why = refuse(game, "buy Cal NWR")
    assert "(3.1.2, Table 3)" in why and "more than 4 NWR shares" in why


def _credit_train_gone(level: int) -> Game:
    """The managers script to SR 3, NWR owing 80 on its credit 2 (220 of 300 paid), with
    that 2 gone back to the bank as an obsolete train (4.8.4), then Bo buys the pool share
    and takes NWR over (4.8.10): he gives the train up (from rules level 9, ``1853-4.8.10-
    gone``, without being asked)."""
    from test_g1853_money_audit import takeover_after_the_train_went

    game = takeover_after_the_train_went(level)
    if level < 9:
        outcome = game.execute("credit NWR return")
        assert outcome.ok, outcome.message
    return game


def test_4_8_4_a_credit_train_already_gone_is_given_up_without_a_refund() -> None:
    """4.8.4: obsolete trains go back to the bank and "No payment is made for them": giving
    up a credit train that has already gone cancels the 80 owed and refunds nothing (before:
    the 220 NWR had paid came back from the bank)."""
    game = _credit_train_gone(RULES_LEVEL)
    nwr = game.state.company("NWR")
    assert (nwr.cash, nwr.debt) == (0, 0)
    assert "is not refunded (4.8.4, 4.8.6)" in notes(game)[-1]


def test_4_8_4_old_saves_keep_the_refund() -> None:
    """A game saved before rules fix ``1853-4.8.4`` (level 4) replays as played: 220 back."""
    game = _credit_train_gone(4)
    nwr = game.state.company("NWR")
    assert (nwr.cash, nwr.debt) == (220, 0)
