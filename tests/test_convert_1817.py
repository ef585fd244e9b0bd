"""scripts/convert_18xxgames.py on 1817: the four recorded games whole, to their scores.

The stored games (``tests/recorded/1817-ID.json``: the public 18xx.games fixtures' actions
with undone ones left out, and their recorded scores: 15528 to the game's end after the
first 8-train's last set; 16281, 16852 and 20758 to the players' `end_game`; 16852 with its
shorts, acquisitions and cash crisis) convert, with their figures (``1817-ID.figures.json``:
the state the 18xx.games engine printed at round starts, at the end of each operating turn,
after each action of a merger round from its first conversion or merger on and of the later
stock rounds; the acquisitions it made), to the committed
``tests/scripts/1817-recorded-ID.script``, which ends with the recorded scores as each
player's value; the converter's readings are checked on small hand-made games; and each
script replays to the coin (``tests/test_examples.py`` plays them too).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.conftest import play
from tests.test_convert_18xxgames import _corp, _player

ROOT = Path(__file__).resolve().parents[1]
RECORDED = ROOT / "tests" / "recorded"
SCRIPTS = ROOT / "tests" / "scripts"
GAMES = sorted(p for p in RECORDED.glob("1817-*.json") if not p.name.endswith(".figures.json"))

convert_18xxgames = sys.modules["convert_18xxgames"]  # loaded by tests/conftest.py


def _script(game: Path) -> Path:
    return SCRIPTS / f"1817-recorded-{game.stem.split('-', 1)[1]}.script"


def test_every_stored_1817_game_has_its_script() -> None:
    assert [g.stem for g in GAMES] == ["1817-15528", "1817-16281", "1817-16852", "1817-20758"]
    assert sorted(SCRIPTS.glob("1817-recorded-*.script")) == [_script(g) for g in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.stem)
def test_a_stored_1817_game_converts_to_its_committed_script(game: Path) -> None:
    figures = json.loads(game.with_suffix(".figures.json").read_text(encoding="utf-8"))
    recorded = json.loads(game.read_text(encoding="utf-8"))
    script = convert_18xxgames.convert_1817(recorded, None, figures)
    assert script == _script(game).read_text(encoding="utf-8")
    # every figure the engine printed is an `expect` of the script
    assert script.count("# figures before action") == len(figures["checkpoints"])


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.stem)
def test_a_stored_1817_game_ends_with_its_recorded_scores(game: Path) -> None:
    """The script's last lines before its closing comment are the scores 18xx.games
    recorded (its ``result``), each player's value: at the game's end (15528) or where the
    players ended it (16281, 16852, 20758: their `end_game`); the replay checks them."""
    recorded = json.loads(game.read_text(encoding="utf-8"))
    ids = [p["id"] for p in recorded["players"]]
    names = dict(zip(ids, convert_18xxgames.ORDINALS[: len(ids)], strict=True))
    lines = _script(game).read_text(encoding="utf-8").splitlines()
    scores = [f"expect {names[int(pid)]} value {n}" for pid, n in recorded["result"].items()]
    assert lines[-1 - len(scores) : -1] == scores
    assert lines[-2 - len(scores)].startswith("# the final scores the game recorded")


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.stem)
def test_a_converted_1817_game_replays_to_where_it_stops(game: Path) -> None:
    """Every figure up to where the conversion stops: the opening sale, the IPOs, the loans,
    the interest, the track charges, the runs and their payouts, the trains, the prices, the
    priority, the players' values; in a merger round from its first conversion or merger, after each
    action, the sizes, the stations, the presidents and every player's percent; in the later
    stock rounds after each action, the cash, values and shorts; 16852's acquisitions, its
    liquidation, its cash crisis and the final scores."""
    play(_script(game).read_text(encoding="utf-8"))


def test_the_1817_converter_reads_auctions_turns_and_charges() -> None:
    actions = [
        # the opening sale: 420 each (3 players)
        _player(1, type="bid", company="MINC", price=10),
        _player(2, type="bid", company="MINC", price=15),
        _player(3, type="pass"),  # leaves the auction
        _player(1, type="pass"),  # leaves it too: Two wins
        _player(1, type="bid", company="ME", price=416),  # nobody else reaches 421: won
        _player(2, type="pass"),  # no auction open: the sale's passes
        _player(3, type="pass"),
        _player(1, type="pass"),
        # the first stock round
        _player(3, type="bid", corporation="A&S", price=100),  # One (4 + MTE 40) is out
        _corp("A&S", type="place_token", city="F19-6-0", slot=0),
        _player(2, type="bid", corporation="A&S", price=105),
        _player(3, type="pass"),  # leaves the auction: Two wins and contributes MINC
        _player(2, type="assign", target="MINC", target_type="company"),
        _player(1, type="pass"),  # turns
        _player(2, type="pass"),
        _player(3, type="bid", corporation="ME", price=100),  # the corporation
        _player(2, type="pass"),  # leaves the auction: Three wins
        _corp("A&S", type="take_loan", loan=0),  # Two's turn, for his corporation
        _player(2, type="pass"),  # ends that turn: not a line
        _player(3, type="pass", skip=True),
        {"type": "undo", "entity": 3, "entity_type": "player"},
        _player(3, type="pass"),
        _player(1, type="pass"),
        _player(2, type="pass"),
        # the first operating round
        _corp("A&S", type="lay_tile", hex="G14", tile="7-0", rotation=0),  # mountain: 15
        _corp("A&S", type="lay_tile", hex="D7", tile="8-0", rotation=0),  # lake, second: 40
        _corp("A&S", type="buy_train", train="2-0", price=100, variant="2"),
        _corp("A&S", type="pass"),
        _corp("ME", type="lay_tile", hex="H9", tile="5-0", rotation=0),  # river: 10
        _corp("ME", type="take_loan", loan=1),
        _corp("ME", type="buy_train", train="2-0", price=20),  # from A&S
        _corp("ME", type="pass"),
        _corp("A&S", type="pass"),  # the merger round: every corporation passes
        _corp("ME", type="pass"),
        _player(1, type="pass"),  # the acquisition round: every player passes
        _player(2, type="pass"),
        _player(3, type="pass"),
        _corp("ME", type="run_routes", routes=[{"train": "2-0", "revenue": 60}]),  # OR 1.2
        _corp("ME", type="dividend", kind="half"),
        _corp("ME", type="pass"),  # no train bought: the interest is paid
        _corp("ME", type="take_loan", loan=2),  # after the interest: `interest` first
        _corp("ME", type="take_loan", loan=3),
        _corp("A&S", type="lay_tile", hex="G14", tile="8-1", rotation=0),  # an upgrade: free
        _corp("A&S", type="buy_train", train="2-1", price=100, variant="2"),
        _corp("A&S", type="pass"),
        _corp("A&S", type="payoff_loan", loan=0),  # pays the interest too
        _corp("ME", type="pass"),  # the set's last merger round: the conversion stops here
    ]
    game = {
        "id": 1,
        "title": "1817",
        "players": [{"id": i, "name": f"P{i}"} for i in (1, 2, 3)],
        "actions": [{"id": i, **a} for i, a in enumerate(actions, 1)],
    }
    lines = [
        line
        for line in convert_18xxgames.convert_1817(game, None, None).splitlines()
        if not line.startswith("#")
    ]
    assert lines == [
        "game 1817 One Two Three",
        "private Two MINC 15",
        "private One MTE 416",
        "pass Two",
        "pass Three",
        "pass One",
        "ipo Two AS 105 2 MINC by Three",
        "pass One",
        "pass Two",
        "ipo Three ME 100 2",
        "loan AS",
        "pass Three",
        "pass One",
        "pass Two",
        "spend AS 15 terrain",
        "spend AS 20 terrain",
        "spend AS 20 tile",
        "run AS 0",
        "train AS 2",
        "done AS",
        "spend ME 10 terrain",
        "loan ME",
        "run ME 0",
        "train ME 2 from AS 20",
        "done ME",
        "run ME 60 half",
        "interest ME",
        "loan ME",
        "loan ME",
        "done ME",
        "run AS 0",
        "train AS 2",
        "payback AS",
        "done AS",
    ]


def test_the_1817_converter_needs_a_merger_round() -> None:
    game = {
        "id": 2,
        "title": "1817",
        "players": [{"id": i, "name": f"P{i}"} for i in (1, 2, 3)],
        "actions": [{"id": 1, **_player(1, type="pass")}],
    }
    with pytest.raises(ValueError, match="before its first merger round"):
        convert_18xxgames.convert_1817(game, None, None)


def _short_game(after_or: list[dict]) -> dict:
    """Three players pass the sale; One starts A&S alone; its first turn buys a train."""
    actions = [
        *(_player(p, type="pass") for p in (1, 2, 3)),
        _player(1, type="bid", corporation="A&S", price=100),
        _player(2, type="pass"),
        _player(3, type="pass"),
        *(_player(p, type="pass") for p in (2, 3, 1)),
        _corp("A&S", type="buy_train", train="2-0", price=100, variant="2"),
        _corp("A&S", type="pass"),
        *after_or,
    ]
    return {
        "id": 3,
        "title": "1817",
        "players": [{"id": i, "name": f"P{i}"} for i in (1, 2, 3)],
        "actions": [{"id": i, **a} for i, a in enumerate(actions, 1)],
    }


OR_2 = [
    _corp("A&S", type="run_routes", routes=[{"train": "2-0", "revenue": 40}]),
    _corp("A&S", type="dividend", kind="payout"),
    _corp("A&S", type="pass"),
]


PART_3 = "not converted further"


@pytest.mark.parametrize(
    ("after_or", "lines", "stop"),
    [
        (
            [
                _corp("A&S", type="convert"),
                _player(1, type="buy_shares", shares=["A&S_1"], percent=20),  # the president
                _player(1, type="buy_shares", shares=["A&S_2"], percent=20),  # any number
                _player(2, type="sell_shares", shares=["A&S_3"], percent=20),
                _player(3, type="pass"),  # writes nothing
                _corp("A&S", type="take_loan", loan=0),
                _corp("A&S", type="pass"),  # ends its turn: its station
                _player(2, type="pass"),  # the acquisition round
                _player(3, type="bid", corporation="ME", price=10),  # an acquisition
            ],
            ["convert AS", "buy One AS ipo", "buy One AS ipo", "sell Two AS 1", "loan AS"]
            + ["done AS"],
            f"the acquisition round 1.1 with an acquisition begins here: {PART_3}",
        ),
        (
            [
                _corp("A&S", type="merge", corporation="ME"),
                _player(2, type="buy_shares", shares=["A&S_1"], percent=20),
                _corp("ME", type="pass"),  # its turn ended without a pass: no loan left
                *(_player(p, type="pass") for p in (1, 2, 3)),  # the acquisition round
                *OR_2,  # the set's second operating round, converted too
                _corp("A&S", type="pass"),
                _player(1, type="pass"),
            ],
            ["merge AS ME", "buy Two AS ipo", "done AS", "run AS 40", "done AS"],
            f"the acquisition round 1.2 begins here: {PART_3}",
        ),
        (
            [_corp("A&S", type="pass"), _player(2, type="bid", corporation="A&S", price=10)],
            [],
            f"the acquisition round 1.1 with an acquisition begins here: {PART_3}",
        ),
        (
            [
                _corp("A&S", type="convert"),
                _player(2, type="pass"),  # no loan to take: no pass of A&S
                _player(3, type="bid", corporation="A&S", price=10),
            ],
            ["convert AS", "done AS"],
            f"the acquisition round 1.1 with an acquisition begins here: {PART_3}",
        ),
        (
            [_corp("A&S", type="pass"), *(_player(p, type="pass") for p in (1, 2, 3)), *OR_2]
            + [_corp("A&S", type="pass"), _player(1, type="pass")],
            ["run AS 40", "done AS"],
            f"the acquisition round 1.2 begins here: {PART_3}",
        ),
        (
            [_corp("A&S", type="pass"), *(_player(p, type="pass") for p in (1, 2, 3)), *OR_2]
            + [_corp("A&S", type="convert")],
            ["run AS 40", "done AS", "convert AS"],
            f"the acquisition round 1.2 begins here: {PART_3}",
        ),
    ],
    ids=["convert", "merge", "acquisition", "convert-then-bid", "second-or", "second-or-convert"],
)
def test_the_1817_conversion_stops_at_a_merger_round(
    after_or: list[dict], lines: list[str], stop: str
) -> None:
    script = convert_18xxgames.convert_1817(_short_game(after_or), None, None).splitlines()
    body = [line for line in script if not line.startswith("#")]
    assert body == [
        "game 1817 One Two Three",
        "pass One",
        "pass Two",
        "pass Three",
        "ipo One AS 100 2",
        "pass Two",
        "pass Three",
        "pass One",
        "run AS 0",
        "train AS 2",
        "done AS",
        *lines,
    ]
    assert script[-1] == f"# {stop}"


def _numbered(actions: list[dict], first: int = 1) -> list[dict]:
    return [{"id": i, **a} for i, a in enumerate(actions, first)]


def _converter(cash: int = 500) -> object:
    converter = convert_18xxgames.Converter1817({1: "One", 2: "Two", 3: "Three"}, [1, 2, 3])
    converter.cash = {1: cash, 2: 50, 3: 50}
    converter.privates = {1: [], 2: [], 3: []}
    converter.phase = "stock"
    return converter


def _stock_lines(converter: object, actions: list[dict]) -> list[str]:
    """The lines a later stock round's ``actions`` write."""
    for action in actions:
        converter.stock_step(action)  # type: ignore[attr-defined]
    return converter.lines  # type: ignore[attr-defined]


def test_the_1817_converter_reads_a_later_stock_round() -> None:
    """Sales, a purchase from the market (a share sold there) or the treasury, a short, a
    corporation's loans and buy-back, an IPO whose winner chooses the size (facts §3-§5)."""
    converter = _converter()
    actions = _numbered(
        [
            _player(2, type="sell_shares", shares=["A&S_1"], percent=20),
            _player(3, type="short", corporation="A&S"),
            _player(1, type="buy_shares", shares=["A&S_1"], percent=20),  # the market's
            _player(2, type="buy_shares", shares=["A&S_2"], percent=20),  # the treasury's
            _corp("A&S", type="take_loan", loan=0),
            _corp("A&S", type="buy_shares", shares=["A&S_9", "A&S_10"], percent=40),
            _player(3, type="pass"),
            _player(1, type="bid", corporation="R", price=300),  # nobody reaches $305
            _corp("R", type="place_token", city="5-2-0", slot=0),
            _player(1, type="choose", choice=5),
        ]
    )
    assert _stock_lines(converter, actions) == [
        "sell Two AS 1",
        "short Three AS",
        "buy One AS pool",
        "buy Two AS ipo",
        "loan AS",
        "redeem AS 2",
        "pass Three",
        "ipo One R 300 5",
    ]


def test_the_1817_converter_reads_shorted_shares_the_top_bid_and_the_phase_size() -> None:
    """A share a short made (numbered from 10) lies in the market until bought; $400 ends
    an IPO auction (no higher bid); phase 4 starts 5-share corporations (facts §2, §3, §5)."""
    converter = _converter()
    converter.cash[2] = 1000  # could reach $405, but $400 is the top
    converter.phase_at = {1: "4"}
    actions = _numbered(
        [
            _player(1, type="bid", corporation="R", price=400),
            _player(2, type="buy_shares", shares=["NYSW_10"], percent=20),  # a short's
            _player(3, type="sell_shares", shares=["NYSW_10"], percent=20),
            _player(1, type="buy_shares", shares=["NYSW_10"], percent=20),  # sold there
            _player(2, type="buy_shares", shares=["NYSW_3"], percent=20),
        ]
    )
    assert _stock_lines(converter, actions) == [
        "ipo One R 400 5",
        "buy Two NYSW pool",
        "sell Three NYSW 1",
        "buy One NYSW pool",
        "buy Two NYSW ipo",
    ]


def test_the_1817_converter_reads_an_auction_won_by_the_next_action() -> None:
    """Another player's cash reaches the next bid, but the winner's next action is his
    corporation's size: the others could not bid (the certificate limit)."""
    converter = _converter()
    converter.cash[2] = 1000
    bid = {"id": 1, **_player(1, type="bid", corporation="R", price=300)}
    token = {"id": 2, **_corp("R", type="place_token", city="5-2-0", slot=0)}
    choose = {"id": 3, **_player(1, type="choose", choice=2)}
    converter.upcoming = [token, choose]
    converter.stock_step(bid)
    assert converter.lines == ["ipo One R 300 2"]  # written before the token's figures


ACQUISITION = [
    _player(1, type="assign", target="H", target_type="corporation"),  # offers H
    _player(2, type="bid", corporation="H", price=350),
    _player(1, type="bid", corporation="H", price=360),
    _player(2, type="pass"),  # One wins: PW acquires H (the figures' acquisitions)
    _corp("PW", type="take_loan", loan=0),
    _corp("PW", type="pass"),  # its loans end; its paybacks may follow
    _corp("PW", type="payoff_loan", loan=1),
    _corp("PW", type="discard_train", train="2-3"),
    _player(3, type="pass"),  # declines to offer another: PW's turn is over
]


def test_the_1817_converter_reads_an_acquisition_round() -> None:
    converter = _converter()
    converter.owner = {}
    converter.acquisitions = {4: ("PW", "H", 360)}
    converter.trains = {"H": ["2-3"]}  # H's train goes to PW with it
    actions = _numbered([*ACQUISITION, _corp("A&S", type="pass")])  # the next OR
    assert converter.acquisition_round(actions, 0, "1.1") == 9
    assert converter.lines == [
        "acquire PW H 360",
        "loan PW",
        "payback PW",
        "discard PW 2",
        "done PW",  # at the first action not PW's
    ]
    # without the figures' acquisitions the conversion stops at the first offer
    converter = _converter()
    assert converter.acquisition_round(actions, 0, "1.1") is None
    assert converter.stopped == "the acquisition round 1.1 with an acquisition begins here"
    # a player ending the game: no `done` before it, the conversion stops there
    converter = _converter()
    converter.acquisitions = {4: ("PW", "H", 360)}
    ended = _numbered([*ACQUISITION[:5], _corp("PW", type="pass"), _player(2, type="end_game")])
    assert converter.acquisition_round(ended, 0, "3.1") is None
    assert converter.lines == ["acquire PW H 360", "loan PW"]
    assert "a player ends the game here" in str(converter.stopped)


def test_the_1817_converter_writes_the_run_of_a_trainless_corporation_before_its_payback() -> None:
    """A corporation without a train does not run (left 1), then pays its interest and a
    loan back (15528's GT, action 596): `run GT 0` comes first (facts §8)."""
    converter = _converter()
    converter.turn = "GT"
    converter.operating_step({"id": 1, **_corp("GT", type="payoff_loan", loan=7)}, [])
    assert converter.lines == ["run GT 0", "payback GT"]


def test_the_1817_converter_moves_a_targets_privates_and_stops_at_a_players_end() -> None:
    """A merger or an acquisition gives the target's trains and privates to the buyer: a
    private's later action is the buyer's (16281's UBC); a player's `end_game` stops the
    conversion, an open turn left open (16281 ends inside NYSW's conversion)."""
    converter = _converter()
    converter.owner = {"UBC": "R", "MAIL": "SR"}
    converter.trains = {"R": ["3-1"], "SR": ["2-4"]}
    converter.take_assets("AA", "R")
    assert converter.owner == {"UBC": "AA", "MAIL": "SR"}
    assert converter.trains == {"SR": ["2-4"], "AA": ["3-1"]}
    converter = _converter()
    actions = _numbered(
        [_corp("A&S", type="convert"), _player(2, type="pass"), _player(3, type="end_game")]
    )
    converter.merger_round(actions)
    assert converter.lines == ["convert AS"]  # no `done AS`: the game ended inside its turn
    converter = _converter()
    converter.convert(actions[2:])
    assert "a player ends the game here" in str(converter.stopped)


def test_the_1817_converter_ends_a_players_end_with_the_recorded_scores() -> None:
    """At the players' `end_game` the recorded ``result`` is each player's value (facts
    §14: cash, shares at their price, privates); the script replays to them."""
    game = _short_game([_player(2, type="end_game")])
    game["result"] = {"2": 420, "3": 420, "1": 410}  # One: $320 and his 100% of A&S at $90
    script = convert_18xxgames.convert_1817(game, None, None)
    assert script.splitlines()[-5:] == [
        "# the final scores the game recorded at the players' end (facts §14)",
        "expect Two value 420",
        "expect Three value 420",
        "expect One value 410",
        "# a player ends the game here (18xx.games `end_game`, action 12), which no line of the "
        "contract does: not converted further",
    ]
    play(script)
