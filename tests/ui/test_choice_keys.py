"""A list's letters narrow only by what each line is about (issue 37.1).

The letters typed in a choice list spell the chosen thing's own ids and words
(``dialogs.choice_keys``: a company's or a private's id or name, a train type, the
source ``ipo`` or ``pool``, a count; a player's name only in a list of players), read
in order (``dialogs.spelled``: ``nycp`` is NYC from the pool).  The label's other
words never match: in 1830 with a player called Bob to act, ``b b o Enter`` used to
buy NYC ("bo" began "Bob" on every line) and ``b n y c p o o l Enter`` bought from the
IPO.  Letters that match nothing leave the list as it is and Enter takes nothing, said
in the log.
"""

from __future__ import annotations

from pathlib import Path

from adversary import renamed_save
from ui_helpers import main_screen, running, saved_lines, send_burst

from moderator import commands as c
from moderator.ui.screens.dialogs import ChoiceDialog, choice_keys, field, spelled

NAMES = {"NYC": "New York Central", "BO": "Baltimore & Ohio", "BM": "Boston & Maine"}


def test_the_keys_of_a_purchase_are_its_company_and_source() -> None:
    buy = c.Buy(player="Bob", corp="NYC", source="pool")
    keys = choice_keys(buy, NAMES)
    assert keys == (("nyc", "newyorkcentral", "new", "york", "central"), ("pool",))
    assert all("bob" not in part for part in keys)  # the player is not what is bought


def test_letters_read_the_parts_in_order() -> None:
    pool = choice_keys(c.Buy(player="Bob", corp="NYC", source="pool"), NAMES)
    ipo = choice_keys(c.Buy(player="Bob", corp="NYC", source="ipo"), NAMES)
    bo = choice_keys(c.Buy(player="Bob", corp="BO", source="ipo"), NAMES)
    assert spelled("nycp", pool) == 1 and spelled("nycp", ipo) is None
    assert spelled("nycpool", pool) == 0 and spelled("nycipo", ipo) == 0
    assert spelled("pool", pool) == 2 and spelled("pool", ipo) is None
    assert spelled("bo", bo) == 0 and spelled("bo", pool) is None  # never "Bob"
    assert (
        spelled("yor", pool) == 1 and spelled("york", pool) == 0 and spelled("nycx", pool) is None
    )
    assert spelled("", pool) == 0


def test_the_keys_of_other_choices() -> None:
    assert choice_keys(c.Sell(player="Ipo", corp="BO", count=2), NAMES)[1] == ("2",)
    train = c.BuyTrain(corp="NYC", train="4", source="pool")
    assert choice_keys(train) == (("4",), ("pool",))
    assert choice_keys(c.BuyTrain(corp="NYC", train="2+2"))[0] == ("2+2", "22")
    assert choice_keys(c.BuyTrain(corp="NYC", train="3", source="BO"), NAMES)[1][0] == "bo"
    assert choice_keys(c.Bond(player="Pool", amount=90)) == (("pool",),)  # a player's list
    assert field("C&O", None, "Chesapeake & Ohio") == ("co", "chesapeakeohio", "chesapeake", "ohio")


async def bob_to_act(tmp_path: Path) -> Path:
    """1830, Bob to act (seed 2 after 117 commands), NYC, B&O and B&M (Boston: "bo" begins
    it) for sale in the IPO and the pool."""
    return renamed_save("1830", 2, 117, ["Ann", "Bob", "Cy"], tmp_path)


async def test_b_b_o_buys_b_and_o_not_bobs_first_line(tmp_path: Path) -> None:
    path = await bob_to_act(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "b", "b", "o", "enter")
        assert saved_lines(path)[len(before) :] == ["buy Bob BO ipo"]


async def test_the_pool_is_reached_by_letters(tmp_path: Path) -> None:
    path = await bob_to_act(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "b", "n", "y", "c", "p", "enter")
        assert saved_lines(path)[len(before) :] == ["buy Bob NYC pool"]


async def test_nyc_pool_in_full_buys_from_the_pool(tmp_path: Path) -> None:
    path = await bob_to_act(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, *"bnycpool", "enter")
        assert saved_lines(path)[len(before) :] == ["buy Bob NYC pool"]


async def test_letters_of_nothing_then_enter_take_nothing_and_say_so(tmp_path: Path) -> None:
    path = await bob_to_act(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, *"bnycpx", "enter")  # the Enter behind the miss: not used
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.missed == "x"
        assert saved_lines(path) == before
        await send_burst(pilot, "enter")  # typed once the miss is shown: takes nothing
        log = main_screen(app).log_panel.plain_lines
        assert any("no choice matches 'nycpx', nothing taken" in line for line in log), log
        await send_burst(pilot, "escape")
        assert saved_lines(path) == before


async def test_a_players_name_is_no_key_of_what_he_buys(tmp_path: Path) -> None:
    """``b b o b`` (the player's name) matches nothing: Enter takes nothing."""
    path = await bob_to_act(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, *"bbob", "enter", "escape")
        assert saved_lines(path) == before


def test_the_buy_lists_title_names_what_is_bought() -> None:
    """Issue 37.7: not "Buy a share" over 1830's private on offer or 1847's package."""
    from moderator.ui.screens.main import buy_title

    share = c.Buy(player="Amy", corp="NYC", source="ipo")
    private = c.Buy(player="Amy", corp="SV")
    item = c.Buy(player="Amy", corp="H")
    assert buy_title([share], sale=False, package=set()) == "Buy a share"
    assert buy_title([private], sale=True, package=set()) == "Buy the private on offer"
    assert buy_title([item], sale=False, package={"H"}) == "Buy an item of the starting package"
    assert buy_title([item, share], sale=False, package={"H"}) == (
        "Buy an item of the starting package or a share"
    )


async def test_the_buy_list_of_1830s_opening_sale(tmp_path: Path) -> None:
    renamed_save("1830", 1, 0, ["Ann", "Bob", "Cy", "Di"], tmp_path)
    async with running(tmp_path) as (app, pilot):
        await send_burst(pilot, "b")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.title_text == "Buy the private on offer"
        await send_burst(pilot, "escape")
