"""1847 AE cites its own rules (issue 19.4): no refusal or line borrows 1846's numbers.

The shared modules (stock, operating, trains, engine, base) cite through the title's rule
table (``self.r(key)``), so an 1847 AE game must show only numbers of the 1847 AE rulebook
(``shared/rules/003_dd92f8c809fb884e.txt``): in ``rulesets/g1847ae.py``, in its table, in
every event of the 1847 AE scripts and in the refusals met on the way.  The bank's
"broken" cites 9 ("the bank runs out of money during an Operating Round"), not 1846's 10.1.
"""

from __future__ import annotations

import re

import pytest
from conftest import REPO, SCRIPTS, SHARED, play, refuse

from moderator.game import Game
from rulesets.g1846 import RULE_NUMBERS as RULES_1846
from rulesets.g1847ae import RULE_NUMBERS

RULEBOOK = SHARED / "rules" / "003_dd92f8c809fb884e.txt"
"""The 1847 AE rulebook (2015, with the Pfalz and RRRR&B variants)."""
NUMBER = re.compile(r"(?<![£§=\d.,M$])\d+\.\d+(?:\.\d+)*(?![\d£])")
"""A rule number such as 6.8.2 (not an amount or a code value)."""


def cited(text: str) -> set[str]:
    """The rule numbers cited in brackets in ``text``: ``(6.8.2)``, ``(4.2, 4.4)``."""
    return {n for group in re.findall(r"\(([^()]*)\)", text) for n in NUMBER.findall(group)}


def rulebook_numbers() -> set[str]:
    """Every numbered section of the 1847 AE rulebook (sections 1-10 and the variants)."""
    if not RULEBOOK.is_file():
        pytest.skip(f"the 1847 AE rulebook is not beside the checkout ({RULEBOOK})")
    heads = re.findall(r"^[#*\s]*(\d+(?:\.\d+)+)\b", RULEBOOK.read_text(encoding="utf-8"), re.M)
    return set(heads)


def scripts() -> list[str]:
    """The 1847 AE acceptance scripts' texts."""
    found = sorted(SCRIPTS.glob("1847ae-*.script"))
    assert len(found) >= 6
    return [p.read_text(encoding="utf-8") for p in found]


def test_every_rule_number_in_g1847ae_is_one_of_the_1847ae_rulebook() -> None:
    """Every number in brackets in rulesets/g1847ae.py and every value of its rule table is
    a section of the 1847 AE rulebook."""
    known = rulebook_numbers()
    source = (REPO / "rulesets" / "g1847ae.py").read_text(encoding="utf-8")
    numbers = cited(source) | {n for v in RULE_NUMBERS.values() for n in NUMBER.findall(v)}
    assert {"6.8.2", "4.5.2", "6.7.4", "8.2"} <= numbers
    assert not sorted(numbers - known)
    assert "10.1" not in known and "6.89" not in known  # 1846's: the check can fail


def test_every_title_has_the_same_rule_keys_and_the_bank_cites_its_own_rule() -> None:
    """Issue 19.4: one key per shared mechanism in every title, and the keys of the shared
    modules a title plays on (a 2-D market, the opening sale of privates, privates traded
    between players, full capitalisation, the trade-in); the bank running out is 1847 AE 9
    (1846 10.1)."""
    from rulesets import auction, capital, charter_tokens, grid, private_trade, terrain, two_players
    from rulesets.family1830 import FAMILY_RULE_KEYS
    from rulesets.g18chesapeake import RULE_NUMBERS as RULES_18CHES
    from rulesets.g1830 import RULE_NUMBERS as RULES_1830
    from rulesets.g1853 import RULE_NUMBERS as RULES_1853
    from rulesets.g1889 import RULE_NUMBERS as RULES_1889

    assert set(RULE_NUMBERS) - set(grid.RULE_KEYS) == set(RULES_1846) == set(RULES_1853)
    assert set(RULE_NUMBERS) == {*RULES_1846, *grid.RULE_KEYS}
    extra = {*grid.RULE_KEYS, *auction.RULE_KEYS, *capital.RULE_KEYS, "trade_in"}
    extra |= {*private_trade.RULE_KEYS, *FAMILY_RULE_KEYS}
    extra |= {*charter_tokens.RULE_KEYS, *terrain.RULE_KEYS}
    assert set(RULES_1830) == {*RULES_1846, *extra}
    # 1830's family names every key 1830 does, and its own mechanisms' (issue 40)
    assert set(RULES_1889) - set(RULES_1830) == {"beginner", "sell_buy_sell"}
    assert set(RULES_18CHES) - set(RULES_1830) == {"drawn", "export", *two_players.RULE_KEYS}
    assert RULE_NUMBERS["bank_runs_out"] == "9" and RULES_1846["bank_runs_out"] == "10.1"
    assert RULES_1853["bank_runs_out"] == "5.1.1"


def _refusals_on_the_way(game: Game) -> list[str]:
    """The refusals of the commands the ruleset offers now (``Game.try_command``)."""
    out = []
    for cmd in game.ruleset.candidates(game.state):
        why = game.try_command(cmd)
        if why:
            out.append(why)
    return out


def test_every_line_and_refusal_of_the_1847ae_scripts_cites_only_1847ae_rules() -> None:
    """The events of every 1847 AE script (its own lines and the shared modules'), and the
    refusals of the commands offered along the way (every fifth step), cite only sections of
    the 1847 AE rulebook."""
    known = rulebook_numbers()
    seen: set[str] = set()
    for text in scripts():
        lines = [x for x in text.splitlines() if x.strip() and not x.startswith("#")]
        game = play(lines[0] + "\n")
        for step, line in enumerate(lines[1:]):
            outcome = game.execute(line)
            assert outcome.ok, f"`{line}`: {outcome.message}"
            texts = [
                v for ev in outcome.events for v in ev.model_dump().values() if isinstance(v, str)
            ]
            if step % 5 == 0:
                texts += _refusals_on_the_way(game)
            for value in texts:
                numbers = cited(value)
                assert numbers <= known, f"{line!r}: {value!r}"
                seen |= numbers
    assert {"6.8.2", "6.8.1", "8.2", "4.1", "6.7.4", "3.3"} <= seen


def broken_bank() -> Game:
    """An 1847 AE game whose bank an adjustment has emptied: it has broken."""
    g = play("game 1847AE Anna Bert Cora\nexpect bank cash 6500\nadjust Anna 6500 test\n")
    assert g.state_json()["bank"]["broken"]
    return g


def test_9_the_bank_line_and_the_adjust_refusal_cite_9() -> None:
    """9: "the bank runs out of money" ends 1847 AE; the state JSON's bank names that rule
    for the bank line, and the adjustment the bank cannot pay is refused citing it."""
    g = play("game 1847AE Anna Bert Cora\n")
    assert g.state_json()["bank"]["rule"] == "9"
    message = refuse(g, "adjust Anna 6501 test", "the bank cannot pay it (9)")
    assert "10.1" not in message
    bank = broken_bank().state_json()["bank"]
    assert bank["rule"] == "9" and bank["note"].endswith("(9)")


def test_6_8_2_the_directors_payment_and_his_krauss_sale_cite_6_8_2() -> None:
    """The forced purchase of ``1847ae-krauss-forced-sale.script``: HLB's own cash goes
    toward the train by 6.8.1 (the mandatory purchase), its director's by 6.8.2 (the line
    said 6.8.1 before); his Krauss & Co. sale is 6.8.2's, and once it covers the train no
    further sale is taken (6.8.2: "only the number of certificates necessary")."""
    text = (SCRIPTS / "1847ae-krauss-forced-sale.script").read_text(encoding="utf-8")
    before, _, _ = text.partition("train HLB 3+3\n")
    game = play(before)
    refuse(game, "sell C L 2", "already has the money needed", "(6.8.2)")
    outcome = game.execute("train HLB 3+3")
    assert outcome.ok, outcome.message
    reasons = [ev.reason for ev in outcome.events if ev.kind == "cash" and ev.target == "bank"]
    assert reasons[:2] == [
        "HLB pays all its M160 toward its 3+3-train (6.8.1)",
        "C pays M140 toward HLB's 3+3-train (6.8.2)",
    ]
