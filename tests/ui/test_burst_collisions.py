"""Bursts that spell one thing where another's words spell it too (issue 37: a burst
commits what it spells or nothing).

Each case here was a burst that committed something else; each test types it in one
delivery and checks the journal's new line.
"""

from __future__ import annotations

from pathlib import Path

from positions import Cut, save_at
from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.ui.screens.dialogs import ChoiceDialog, field, how_spelled, thing

MAIL_FIRST = """game 1817 Amy Bob Cy Dee
private Amy MINM 60
private Bob MAJC 80
private Cy MTE 40
private Dee CM 60
private Amy MAIL 90
pass Bob
pass Cy
pass Dee
pass Amy
"""
"""1817's opening sale sold with Amy holding the Minor Mail Contract (MINM) before the
Mail Contract (MAIL); stock round 1, Bob to act."""


def test_a_plus_is_typed_and_spells_only_the_train_with_it() -> None:
    """1817's ``2+`` beside its ``2``: ``+`` was no list key, so ``t 2 + Enter`` took the
    ``2`` listed first.  Now ``2+`` spells only the 2+, ``2`` spells the 2 before the 2+,
    and 1847 AE's ``5+5`` is still ``55`` too."""
    two, two_plus = (field("2"), ("bank",)), (field("2+"), ("bank",))
    assert how_spelled("2+", two) is None
    assert how_spelled("2+", two_plus) == (0, 0)
    assert how_spelled("2", two) < how_spelled("2", two_plus)  # type: ignore[operator]
    assert how_spelled("55", (field("5+5"),)) is not None
    assert how_spelled("5+5", (field("5+5"),)) == (0, 0)
    keys = {b.key: b.action for b in ChoiceDialog.BINDINGS if hasattr(b, "key")}
    assert keys.get("plus") == "filter('+')"


def test_an_accented_name_is_spelled_without_its_accents() -> None:
    """A player Élise could not be picked by letters (the list's keys are ASCII): ``eli``
    spells her now; of René and Rene, ``rene`` is Rene (the exact spelling) first."""
    elise, rene, rene_plain = (field("Élise"),), (field("René"),), (field("Rene"),)
    assert how_spelled("eli", elise) == (1, 1)
    assert how_spelled("elise", elise) == (0, 1)
    assert how_spelled("rene", rene_plain) < how_spelled("rene", rene)  # type: ignore[operator]
    assert field("Zoë Ann") == ("zoëann", "zoë", "ann", "zoeann", "zoe")


def test_an_id_typed_in_full_comes_before_a_word_of_another_name() -> None:
    """``mail`` is MAIL's id and a word of "Minor Mail Contract": MAIL is spelled first;
    a player ``Lee`` before ``Amy Lee``."""
    names = {"MINM": "Minor Mail Contract", "MAIL": "Mail Contract"}
    minm, mail = (thing("MINM", names),), (thing("MAIL", names),)
    assert how_spelled("mail", mail) < how_spelled("mail", minm)  # type: ignore[operator]
    lee, amy_lee = (field("Lee"),), (field("Amy Lee"),)
    assert how_spelled("lee", lee) < how_spelled("lee", amy_lee)  # type: ignore[operator]
    assert how_spelled("amy", amy_lee) == (0, 1)


async def test_1817_ipo_mail_contributes_the_mail_contract(saves: Path) -> None:
    """``p u r Enter a m y Enter 2 0 0 Enter m a i l Enter`` contributed MINM, the first
    private listed whose name holds the word "mail" (a player's privates in the order
    he bought them)."""
    path = saves / "g.json"
    save_from_script(path, MAIL_FIRST)
    async with running(saves) as (_app, pilot):
        before = saved_lines(path)
        keys = ["p", "u", "r", "enter", "a", "m", "y", "enter", "2", "0", "0", "enter"]
        await send_burst(pilot, *keys, "m", "a", "i", "l", "enter")
        assert saved_lines(path)[len(before) :] == ["ipo Amy UR 200 2 MAIL by Bob"]


async def test_1830_s_after_a_purchase_sells_the_header_players_share(saves: Path) -> None:
    """1830 4.0: Bob bought, so his turn stays open for his sales, and the header names Cy
    ("to act Cy (Bob may still sell)"), whose key closes it.  Both hold B&O: ``s b o
    Enter`` sold Bob's (listed first); it is Cy's sale, as ``b`` lists Cy's purchases
    first and ``x`` is Cy's pass."""
    path = saves / "g.json"
    market = (REPO / "tests" / "scripts" / "1830-stock-market.script").read_text("utf-8")
    save_from_script(path, market, "buy Cy PRR pool").close()
    async with running(saves) as (_app, pilot):
        before = saved_lines(path)
        assert before[-1] == "buy Bob BO"
        await send_burst(pilot, "s", "b", "o", "enter")
        assert saved_lines(path)[len(before) :] == ["sell Cy BO 1"]


async def test_1817_merger_round_takes_the_stock_round_keys(tmp_path: Path) -> None:
    """1817: after an operating round's last turn the state is the merger and acquisition
    round ("OR" with ``merger_round``), where the rules take the next stock round's lines
    (a buy, an IPO, a sale, a pass of the player to act).  ``x`` and ``b`` were hidden
    there ("Pass is for a stock round; this is an operating round") and ``s`` opened an
    operating round's forced sale for no company; now they are the stock round's keys."""
    saves = tmp_path / "saves"
    path = save_at(Cut("1817", 1, 159), saves)  # after a set's last operating turn
    async with running(saves) as (app, pilot):
        screen = main_screen(app)
        assert screen.session.data.get("merger_round")
        who = screen.session.acting
        before = saved_lines(path)
        await send_burst(pilot, "b")
        assert isinstance(app.screen, ChoiceDialog) and "buys" in str(app.screen.choices[0][0])
        await send_burst(pilot, "escape", "s")
        assert isinstance(app.screen, ChoiceDialog)
        assert app.screen.title_text == "Sell shares to the market"  # 1817: the title's word
        await send_burst(pilot, "escape", "x")
        assert saved_lines(path) == [*before, f"pass {who}"]


ELISE_AND_LISE = """game 1817 Lise Élise Cy Dee
private Lise MINM 60
private Élise MAJC 80
private Cy MTE 40
private Dee CM 60
private Lise MAIL 90
pass Élise
pass Cy
pass Dee
pass Lise
"""
"""1817's stock round 1 with players Lise and Élise, Élise to act."""


async def test_a_letter_with_an_accent_narrows_a_list(saves: Path) -> None:
    """``é`` was no key of a list and was lost: ``p u r Enter é l i s e Enter 2 0 0 Enter
    Enter`` spelled ``lise`` and took Lise as the IPO's winner, where Élise was typed (the
    burst then stopped in Lise's list of privates).  Now it writes Élise's IPO."""
    path = saves / "g.json"
    saves.mkdir(parents=True, exist_ok=True)
    save_from_script(path, ELISE_AND_LISE)
    async with running(saves) as (_app, pilot):
        before = saved_lines(path)
        keys = ["p", "u", "r", "enter", "é", "l", "i", "s", "e", "enter", "2", "0", "0", "enter"]
        await send_burst(pilot, *keys, "enter")
        assert saved_lines(path)[len(before) :] == ["ipo Élise UR 200 2"]


async def test_the_legal_list_is_spelled_by_the_words_of_each_line(saves: Path) -> None:
    """Round 4: the list of every legal command (``l``) is spelled by the words of each
    line (docs/keys.md), also for a purchase, a bid or a pass.  Its letters spelled the
    chosen thing's own keys: with 1830's first player called Buy, ``l b u y Enter`` (the
    verb of ``buy Buy SV``) passed Buy, a pass being spelled by the player's name; and
    ``l p a s s Enter`` spelled nothing.  ``l c a Enter`` still finds the bid on C&A by its
    id, a word of the line (and asks its amount, filled with the least: sixteenth keys
    round)."""
    path = saves / "g.json"
    save_from_script(path, "game 1830 Buy Pass Cy\n").close()
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", "b", "u", "y", "enter")
        assert saved_lines(path) == ["buy Buy SV"]
        await send_burst(pilot, "l", "p", "a", "s", "s", "enter")
        assert saved_lines(path)[-1] == "pass Pass"
        await send_burst(pilot, "l", "c", "a", "enter", "enter")  # the bid's amount next
        assert saved_lines(path)[-1] == "bid Cy CA 165"
        await send_burst(pilot, "l", *"bidbuymh", "enter", "enter")  # the least, as filled in
        assert saved_lines(path)[-1] == "bid Buy MH 115"
        assert app.screen is main_screen(app)
