"""1853 rules fixes of issue 19: the credit train's choice (4.8.10), the first stock round's
pool (2.8.1), and the train offered once.

Each fix keeps the old reading for games saved before it (``moderator.fixes``): a test plays
the same lines at rules level 0 and finds the recorded behaviour.  Every figure is worked by
hand from the managers script (``tests/scripts/1853-managers.script``): after settling Ann has
227, Bo 242, Cat 218, Dan 136; in SR 1 Dan sells a contracted NWR share at 82 - 5 = 77 (2.8.3);
NWR forms under the manager Ann with 820 (3.3.1); in OR 1.1 it buys two 2s and a third on
credit, paying 160 and owing 140 (3.4.3); in OR 2.1 its withheld 40 + mail 20 pay 60 more:
80 owed, 220 paid of the 300.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import REPO, SCRIPTS, SHARED, play, refuse
from test_g1853_refusals import upto

from moderator import commands as c
from moderator.game import Game
from moderator.script import parse_line, parse_script
from rulesets.g1853 import RULE_NUMBERS

MANAGERS = "1853-managers.script"

TAKEOVER = upto(MANAGERS, "expect Bo cash 171")
"""SR 3: Ann passed, Bo bought the pool share at 71 (242 -> 171) and is NWR's director, the
credit 2 with 80 still owed; bank 13770 + 71 = 13841."""


def company(game: Game, cid: str) -> dict[str, Any]:
    """One company's entry of the state JSON."""
    return next(x for x in game.state_json()["companies"] if x["id"] == cid)


def play_at_level(text: str, level: int) -> Game:
    """Play ``text`` as a game saved at rules level ``level`` (set right after ``game``)."""
    game: Game | None = None
    for line in parse_script(text):
        if game is None:
            game = Game.from_command(line.command)
            # the state a save of that level replays under, and the checkpoints a refusal
            # rebuilds it from
            for state in (game.state, *game._checkpoints.values()):
                state.rules_level = level
            continue
        outcome = game.execute(line.command)
        assert outcome.ok, f"line {line.number} `{line.text}` refused: {outcome.message}"
    assert game is not None and game.state.rules_level == level
    return game


# ---------------------------------------------------------------- 4.8.10: the credit train
def test_4_8_10_a_new_director_chooses_and_nothing_else_is_accepted_first() -> None:
    """4.8.10: "the train must either be purchased at that point or returned to the bank".
    Bo (171) can pay the 80: the game waits for his choice; the next turn, a run, a sale are
    refused naming 4.8.10; checks and notes are accepted; the legal commands are the two
    choices."""
    game = play(TAKEOVER)
    assert game.state_json()["players"][1]["cash"] == 171
    waiting = {"corp": "NWR", "director": "Bo", "owed": 80}
    assert game.state_json()["credit_choice"] == waiting
    assert company(game, "NWR")["credit_debt"] == 80
    for line in ("pass Cat", "buy Cat NWR", "sell Bo NWR 1", "run NWR 10", "extra"):
        refuse(game, line, "4.8.10", "credit NWR pay", "credit NWR return")
    refuse(game, "credit GIP pay", "NWR's credit train", "4.8.10")
    assert game.execute("expect Bo cash 171").ok
    assert game.execute("note Bo thinks it over").ok
    assert game.legal_commands() == [
        c.CreditTrain(corp="NWR", choice="pay"),
        c.CreditTrain(corp="NWR", choice="return"),
    ]


def test_4_8_10_the_new_director_pays_the_80_still_owed() -> None:
    """4.8.10 with 4.8.8: NWR's treasury is empty (the debt took every pound, 3.4.6), so Bo
    pays the whole 80: 171 - 80 = 91; the bank 13841 + 80 = 13921; the train is NWR's, paid
    for; the stock round goes on with Cat."""
    game = play(TAKEOVER + "credit NWR pay\n")
    assert game.execute("expect Bo cash 91").ok
    assert game.execute("expect bank cash 13921").ok
    nwr = company(game, "NWR")
    assert (nwr["cash"], nwr["credit_debt"], nwr["credit_train"]) == (0, 0, None)
    assert nwr["trains"] == ["2", "2", "2"]
    assert game.state.current_player == "Cat"
    assert game.state_json()["credit_choice"] is None
    refuse(game, "credit NWR pay", "4.8.10")  # chosen once: nothing waits any more


def test_4_8_10_the_new_director_returns_the_train() -> None:
    """4.8.10: the 2 goes back to the bank (the pool, sold again at full price, 4.8.6); the
    rules are silent on the 220 NWR paid toward it: moderator gives it back (the reading of
    the automatic return, kept).  Bo keeps 171; NWR 0 + 220 = 220; bank 13841 - 220 = 13621."""
    game = play(TAKEOVER + "credit NWR return\n")
    assert game.execute("expect Bo cash 171").ok
    assert game.execute("expect NWR cash 220").ok
    assert game.execute("expect bank cash 13621").ok
    nwr = company(game, "NWR")
    assert (nwr["credit_debt"], nwr["credit_train"], nwr["trains"]) == (0, None, ["2", "2"])
    assert {"train": "2", "price": 300, "returned": True} in game.state_json()["depot"]
    assert game.execute("pass Cat").ok


def test_4_8_10_a_director_who_cannot_pay_gives_the_train_back_at_once() -> None:
    """4.8.10, the program's reading kept: with too little to buy the train there is no
    choice to wait for.  SR 2 of the managers script, NWR owing 140: Ann buys an EIR at 100
    (227 -> 127) to keep the round going, Dan sells his NWR share at 76 (136 + 77 = 213 ->
    289), then Ann buys a pool NWR at 76 (127 -> 51) and is director with two; 51 < 140: the
    credit 2 goes back and NWR gets the 160 it paid.  Bank 13770 + 100 (EIR) - 76 (Dan's
    sale) + 76 (Ann's purchase) - 160 (the refund) = 13710."""
    sr2 = upto(MANAGERS, "pass Ann", 3)  # the third `pass Ann`: SR 2's first turn
    game = play(
        sr2
        + "buy Ann EIR\npass Bo\npass Cat\nsell Dan NWR 1\nexpect Dan cash 289\npass Dan\n"
        + "buy Ann NWR pool\n"
    )
    assert game.execute("expect Ann cash 51").ok
    assert game.execute("expect NWR president Ann").ok
    assert game.execute("expect NWR cash 160").ok
    assert game.execute("expect bank cash 13710").ok
    nwr = company(game, "NWR")
    assert (nwr["credit_debt"], nwr["credit_train"], nwr["trains"]) == (0, None, ["2", "2"])
    refuse(game, "credit NWR pay", "4.8.10")  # nothing waits
    assert game.execute("pass Bo").ok


def test_4_8_10_old_saves_keep_the_automatic_payment_at_rules_level_0() -> None:
    """Before the fix (rules level 0) the new director paid whenever he had the cash, and
    that is how such a save replays: Bo 171 - 80 = 91 at once, the game goes on."""
    game = play_at_level(TAKEOVER, 0)
    assert game.execute("expect Bo cash 91").ok
    assert game.execute("expect bank cash 13921").ok
    assert company(game, "NWR")["credit_debt"] == 0
    refuse(game, "credit NWR return", "4.8.10")
    assert game.execute("pass Cat").ok


def test_credit_spellings_parse() -> None:
    """``credit CORP pay|return`` and its other words (``buy``/``keep``, ``back``)."""
    assert parse_line("credit nwr buy") == c.CreditTrain(corp="nwr", choice="pay")
    assert parse_line("credit NWR keep") == c.CreditTrain(corp="NWR", choice="pay")
    assert parse_line("CreditTrain NWR back") == c.CreditTrain(corp="NWR", choice="return")


# ---------------------------------------------------------------- 2.8.1: the first pool
SR1_SALE = (
    upto(MANAGERS, "pass Ann", 2) + "buy Ann EIR\npass Bo\npass Cat\nsell Dan NWR 1\npass Dan\n"
)
"""SR 1: Ann buys an EIR at par, 227 - 100 = 127; Dan sells a contracted NWR share to the
pool at 77 (2.8.3); Ann to act, with 127 against NWR's 82."""


def test_2_8_1_a_share_sold_in_the_first_stock_round_stays_in_the_pool() -> None:
    """2.8.1: "once sold they may not be bought from the Pool until the NEXT Stock Round":
    Ann (who did not sell) may not buy Dan's NWR share; nor may Dan (3.1.9).  A new NWR
    share at par is still hers to buy (127 - 82 = 45)."""
    game = play(SR1_SALE)
    refuse(game, "buy Ann NWR pool", "2.8.1", "next stock round")
    assert c.Buy(player="Ann", corp="NWR", source="pool") not in game.legal_commands()
    assert game.execute("buy Ann NWR ipo").ok
    assert game.execute("expect Ann cash 45").ok


def test_2_8_1_old_saves_keep_the_pool_purchase_at_rules_level_0() -> None:
    """Rules level 0: Ann bought the pool share at par, 127 - 82 = 45 (as the fixture
    ``level0-1853-first-sr-pool-share-bought.json`` recorded)."""
    game = play_at_level(SR1_SALE + "buy Ann NWR pool\n", 0)
    assert game.execute("expect Ann cash 45").ok
    assert game.execute("expect Ann shares NWR 20").ok


def test_3_1_9_in_a_later_stock_round_only_the_seller_is_barred() -> None:
    """3.1.9: in SR 2 Dan sells his NWR share at 76 (136 + 77 = 213 -> 289) and may not buy
    NWR again this round; Ann, who did not sell, buys a pool share at 76 (127 -> 51)."""
    sr2 = upto(MANAGERS, "pass Ann", 3)
    game = play(sr2 + "buy Ann EIR\npass Bo\npass Cat\nsell Dan NWR 1\n")
    refuse(game, "buy Dan NWR pool", "3.1.9")
    game = play(sr2 + "buy Ann EIR\npass Bo\npass Cat\nsell Dan NWR 1\npass Dan\n")
    assert game.execute("buy Ann NWR pool").ok
    assert game.execute("expect Ann cash 51").ok


# ---------------------------------------------------------------- one offer per train
def test_a_2_on_sale_and_a_2_in_the_pool_are_offered_once_each() -> None:
    """4.8.6: a train back in the bank pool is sold again at full price, beside the depot's.
    NWR returned its credit 2 in SR 3; in OR 3.1, after its run, `train NWR 2` (the depot's)
    and `train NWR 2 from pool` are each offered once (the 2 was offered twice before)."""
    game = play(
        TAKEOVER + "credit NWR return\npass Cat\npass Dan\npass Ann\npass Bo\nrun NWR 100 full\n"
    )
    offers = game.ruleset.candidates(game.state)
    assert len(offers) == len(set(offers))
    assert offers.count(c.BuyTrain(corp="NWR", train="2")) == 1
    assert offers.count(c.BuyTrain(corp="NWR", train="2", source="pool")) == 1


# ---------------------------------------------------------------- 1853's own rule numbers
RULEBOOK = SHARED / "rules" / "004_9d938b0db747198a.txt"
"""The 1853 rulebook (2009 updated rules)."""
NUMBER = re.compile(r"(?<![£§=\d.,])\d+\.\d+(?:\.\d+)*(?![\d£])")
"""A rule number such as 4.8.10 (not an amount, a section of the facts or a code value)."""


def cited(text: str) -> set[str]:
    """The rule numbers cited in brackets in ``text``: ``(4.8.10)``, ``(3.1.2, Table 3)``."""
    return {n for group in re.findall(r"\(([^()]*)\)", text) for n in NUMBER.findall(group)}


def rulebook_numbers() -> set[str]:
    if not RULEBOOK.is_file():
        pytest.skip(f"the 1853 rulebook is not beside the checkout ({RULEBOOK})")
    return set(NUMBER.findall(RULEBOOK.read_text(encoding="utf-8")))


def test_every_rule_number_in_g1853_is_one_of_the_1853_rulebook() -> None:
    """Issue 19.4: no refusal or line of rulesets/g1853.py cites another title's rule (1846's
    6.x or 10.1): every number in brackets, and every value of its rule table, is in the
    1853 rulebook."""
    known = rulebook_numbers()
    source = (REPO / "rulesets" / "g1853.py").read_text(encoding="utf-8")
    numbers = cited(source) | {n for value in RULE_NUMBERS.values() for n in NUMBER.findall(value)}
    assert {"4.8.10", "2.8.1", "5.1.1", "3.1.9"} <= numbers
    assert not sorted(numbers - known)
    assert "10.1" not in known and "6.75" not in known  # 1846's: the check can fail


def test_every_rule_number_an_1853_game_logs_is_one_of_the_1853_rulebook() -> None:
    """Issue 19.4: the lines an 1853 game shows (its own and the shared modules', from
    every 1853 acceptance script) cite only 1853's rules."""
    known = rulebook_numbers()
    seen: set[str] = set()
    for script in sorted(SCRIPTS.glob("1853-*.script")):
        game = play(script.read_text(encoding="utf-8"))
        for entry in game.journal:
            for event in entry.events:
                for value in event.model_dump().values():
                    if isinstance(value, str):
                        numbers = cited(value) | (
                            set(NUMBER.findall(value.split(":", 1)[0]))
                            if re.match(r"^\d+\.\d", value)
                            else set()
                        )
                        assert numbers <= known, f"{script.name}: {value!r}"
                        seen |= numbers
    assert {"4.8.10", "3.4.3", "5.1.2"} <= seen
