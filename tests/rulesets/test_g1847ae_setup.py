"""1847 AE setup: the game line's options, the opening of the first stock round (3.1, 3.3),
the save and script round trip of the variant, and the demo and save list."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import play, refuse

from moderator.cli import main
from moderator.game import Game


def test_the_first_stock_round_opens_with_the_last_seat() -> None:
    """3.3: the last seat first, anticlockwise to the Priority Deal, who goes twice."""
    game = Game.new("1847AE", ["Amy", "Bob", "Cy", "Dee"])
    data = game.state_json()
    assert data["round"]["kind"] == "SR" and data["turn"] == "Dee" and data["priority"] == "Amy"
    assert any(c.kind == "buy" for c in game.legal_commands())
    refuse(game, "buy Amy R", "Dee's turn", "(8)")
    order = []
    for item in ("PLP", "K", "H", "W", "LFK", "SPR"):
        order.append(game.state_json()["turn"])
        assert game.execute(f"buy {game.state_json()['turn']} {item}").ok
    assert order == ["Dee", "Cy", "Bob", "Amy", "Amy", "Bob"]


def test_starting_cash_bank_and_limits_by_player_count() -> None:
    for players, cash, limit in ((3, 500, 16), (4, 390, 12), (5, 320, 9)):
        game = Game.new("1847AE", ["A", "B", "C", "D", "E"][:players])
        data = game.state_json()
        assert {p["cash"] for p in data["players"]} == {cash}
        assert data["bank"]["cash"] == 8000 - players * cash
        assert data["cert_limit"] == limit
    with pytest.raises(Exception, match="3 to 5"):
        Game.new("1847AE", ["A", "B"])


def test_variant_word_is_an_option_kept_in_the_save_and_the_script(tmp_path: Path) -> None:
    path = tmp_path / "v.json"
    game = Game.new("1847AE", ["Amy", "Bob", "Cy", "variant"], path=path)
    assert game.players == ["Amy", "Bob", "Cy"] and game.options == ("variant",)
    assert game.state_json()["variant"] is True
    assert game.script().splitlines()[0] == "game 1847AE Amy Bob Cy variant"
    game.close()
    again = Game.load(path)
    assert again.state_json()["variant"] is True and again.players == ["Amy", "Bob", "Cy"]
    again.close()


def test_variant_lifts_the_one_train_per_type_limit_and_adds_named_cards() -> None:
    opening = "buy Cy PLP\nbuy Bob K\nbuy Amy H\nbuy Amy W\n"
    plain = play(
        "game 1847AE Amy Bob Cy\n" + opening + "pass Bob\npass Cy\npass Amy\nrun L 0\ntrain L 3\n"
    )
    refuse(plain, "train L 3", "(6.8)")
    varied = play(
        "game 1847AE Amy Bob Cy variant\n" + opening + "pass Bob\npass Cy\npass Amy\n"
        "run L 0\ntrain L 3\ntrain L 3\n"
    )
    assert varied.state_json()["companies"][0]["trains"] == ["3", "3"]
    cards = Game.new("1847AE", ["Amy", "Bob", "Cy", "variant:4,5"]).state_json()
    assert cards["optional_trains"] == ["4", "5"]
    with pytest.raises(Exception, match="two optional"):
        Game.new("1847AE", ["Amy", "Bob", "Cy", "variant:4"])


def test_save_list_shows_players_without_the_option_word(tmp_path: Path) -> None:
    from moderator.ui.saves import summarize

    path = tmp_path / "v.json"
    Game.new("1847AE", ["Amy", "Bob", "Cy", "variant"], path=path).close()
    assert summarize(path).players == ("Amy", "Bob", "Cy")


def test_demo_of_an_unknown_title_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "1856"]) == 2
    assert "no demo" in capsys.readouterr().err


def test_the_1847ae_demo_plays_through() -> None:
    from moderator.ui.saves import demo_script

    game = play(demo_script("demo-1847ae.script"))
    assert game.title == "1847AE"


def test_no_trade_in_the_first_stock_round_even_after_a_short_operating_round() -> None:
    """3.3: a turn of the first stock round buys or passes; a trade given during the short
    operating round is refused there too, and the operating round is left as it was."""
    game = play(
        "game 1847AE Amy Bob Cy\nbuy Cy PLP\nbuy Bob K\nbuy Amy H\nbuy Amy W\nbuy Bob R\n"
        "pass Cy\npass Amy\npass Bob\nrun L 0\ntrain L 3\n"
    )
    assert game.state_json()["round"]["or"] == 0
    refuse(game, "trade R Bob Cy 100", "(3.3)")
