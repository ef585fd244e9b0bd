#!/usr/bin/env python3
"""Convert a recorded 18xx.games game (its JSON export) into a banker script.

Usage: ``python scripts/convert_18xxgames.py GAME.json [-o OUT.script] [--names A,B,...]
[--figures FIGURES.json]``

Reads the game's actions (undo/redo applied), keeps what moves money and writes it as
banker lines (``../shared/spec/script.md``): the opening sale's bids, buys and passes,
pars, share purchases (with their source when a pool share is taken while the IPO has
one), sales, runs with the revenue the game recorded and its payout kind, train
purchases (from the bank, the pool, another corporation, the D trade-in), privates
bought by corporations, the map's charges as ``spend`` lines (terrain on a hex's first
tile, station tokens at the corporation's next price) and a bankruptcy.  The script
ends with one ``expect PLAYER value N`` per player: the final score the game recorded.

Only 1830, 1889 and 18Chesapeake are known, and 1817 through its first set of operating
rounds with their merger and acquisition rounds (its own section below: the sale and the
IPOs by their results; ``--figures`` adds the figures to check along the way, and with their
round starts and acquisitions the conversion goes on to the recording's end).  The map
figures below are facts of the maps (which hexes charge terrain, what stations cost:
``../shared/facts/``); the converter reads the public action format and is written from it,
not from the engine.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ORDINALS = ["One", "Two", "Three", "Four", "Five", "Six", "Seven"]

# The trains each first purchase of a type rusts (the same in the three titles).
RUSTS = {"4": "2", "6": "3", "D": "4"}
# The phase colour (yellow, green, brown, gray) the first train of a type starts.
COLOUR = {"2": 0, "3": 1, "4": 1, "5": 2, "6": 2, "D": 3}


@dataclass(frozen=True)
class Title:
    """What the converter needs to know of one title: its ids, map charges, stations."""

    name: str
    companies: dict[str, str]  # 18xx.games company id -> banker id, where they differ
    terrain: dict[str, int]  # hex -> the charge of its first tile
    discount: dict[str, frozenset[str]]  # private -> hexes whose charge it waives
    tokens: dict[str, list[int]]  # corporation (banker id) -> station prices, home first
    homes: dict[str, str] = field(default_factory=dict)  # corp -> home hex, where placed by hand
    # For recordings that kept no route revenue: what a stop pays.
    tile_revenue: dict[str, int] = field(default_factory=dict)  # tile -> its city or town
    printed: dict[str, tuple[int, ...]] = field(default_factory=dict)  # hex -> by phase colour
    depot: tuple[tuple[str, int], ...] = ()  # the bank's trains in order, and how many
    exports: bool = False  # a train leaves the depot at each set's end (18Chesapeake)


def _tokens(prices: list[int], corps: str) -> dict[str, list[int]]:
    return {corp: prices for corp in corps.split()}


def _hexes(cost: int, hexes: str) -> dict[str, int]:
    return {h: cost for h in hexes.split()}


# 1889's mountain hexes without a river: Sumitomo Mines Railway waives their charge.
MOUNTAINS_1889 = "E4 D5 F5 C6 E6 G6 D7 F7 A8 G8 B9 H9 H11 H13"

TITLES: dict[str, Title] = {
    "1830": Title(
        "1830",
        {"BO": "BOP"},
        {
            **_hexes(120, "G15 C21 D22 E17 E21 G13 I11 J10 J12 C17 F16"),
            **_hexes(80, "F4 J14 F22 D6 I17 B18 C19 E5 D10 G19"),
        },
        {},
        _tokens([0, 40, 100, 100], "PRR NYC CPR BO CO ERIE NYNH BM"),
        {"ERIE": "E11", "NYNH": "G19"},
    ),
    "1889": Title(
        "1889",
        {"TR": "TER"},
        {**_hexes(80, "K6 H5 I6 I4 F9"), **_hexes(80, MOUNTAINS_1889)},
        {"SMR": frozenset(MOUNTAINS_1889.split())},
        {**_tokens([0, 40], "AR IR SR KO KU"), **_tokens([0, 40, 40], "TR UR")},
        {"AR": "K8", "IR": "E2", "SR": "I2", "KO": "K4", "TR": "F9", "KU": "C10", "UR": "B7"},
        {
            **dict.fromkeys("3 58".split(), 10),
            **dict.fromkeys("5 6 57".split(), 20),
            **dict.fromkeys("12 13 14 15 205 206 437".split(), 30),
            **dict.fromkeys("438 440 448 611".split(), 40),
            **dict.fromkeys("439 465 466".split(), 60),
            "492": 80,
        },
        {
            **dict.fromkeys("C4 B3 G14".split(), (20,)),
            **dict.fromkeys("K4 F9".split(), (30,)),
            "B7": (40,),
            "F1": (30, 30, 60, 100),
            **dict.fromkeys("J1 L7".split(), (20, 20, 40, 80)),
        },
    ),
    "18Chesapeake": Title(
        "18Chesapeake",
        {},
        {
            **_hexes(80, "B12 D4 D6 D10 E5 C13 D2 D8"),
            **_hexes(40, "F10 G9 G11 H12 G3 I5 H4 J6 H6"),
        },
        {},
        _tokens([0, 40, 60, 80], "PRR PLE SRR BO CO LV CA NW"),
        {
            "BO": "H6",
            "PRR": "F2",
            "PLE": "A3",
            "SRR": "H4",
            "CO": "G13",
            "LV": "J2",
            "CA": "J6",
            "NW": "C13",
        },
        {
            **dict.fromkeys("1 2 3 4 55 56 58 69".split(), 10),
            **dict.fromkeys("5 6 57".split(), 20),
            **dict.fromkeys("14 15 X1".split(), 30),
            **dict.fromkeys("611 X2 X3 X4 X5".split(), 40),
            **dict.fromkeys("915 X7".split(), 50),
            **dict.fromkeys("X6 X9".split(), 70),
            "X8": 100,
        },
        {
            **dict.fromkeys("A3 B2 A13 B14".split(), (40, 50, 60, 80)),
            **dict.fromkeys("A7 L2".split(), (40, 60, 80, 100)),
            "H14": (30, 40, 50, 60),
            **dict.fromkeys("I9 K1 H6 J4".split(), (30,)),
        },
        (("2", 7), ("3", 6), ("4", 5), ("5", 3), ("6", 2), ("D", 99)),
        exports=True,
    ),
}


def banker_id(engine_id: str) -> str:
    """18xx.games ids without `&` and `-` (``B&O`` -> ``BO``, ``C-P`` -> ``CP``)."""
    return engine_id.replace("&", "").replace("-", "")


def effective_actions(actions: list[dict]) -> list[dict]:
    """The actions that stand once undo and redo are applied (messages and the
    players' auto-action programs left out: they move nothing)."""
    active: list[dict] = []
    undone: list[list[dict]] = []  # each undo's actions; a redo brings back the last batch
    for action in actions:
        kind = action["type"]
        if kind == "message":
            continue
        if kind == "undo":
            target = action.get("action_id")
            batch = [active.pop()] if target is None else []
            while target is not None and active and active[-1]["id"] > target:
                batch.insert(0, active.pop())
            undone.append(batch)
        elif kind == "redo":
            active.extend(undone.pop())
        else:
            undone.clear()
            active.append(action)
    # Actions the site played for a player by his programmed auto-actions come with the
    # action that triggered them, and follow it.
    played = [done for action in active for done in (action, *action.get("auto_actions", ()))]
    return [action for action in played if not action["type"].startswith("program")]


class TrainBook:
    """Who holds each train, for a converter that has ``trains`` (train id -> the holding
    corporation or ``"pool"``) and ``corp_trains`` (corporation -> its train ids)."""

    trains: dict[str, str]
    corp_trains: dict[str, list[str]]

    def train_line(self, corp: str, train: str, kind: str, price: object) -> tuple[str, bool]:
        """The ``train`` line of ``corp``'s purchase of ``train`` (from the bank, the pool
        or the corporation holding it, at ``price``), and whether it came from the bank;
        the train is ``corp``'s from now on."""
        holder = self.trains.get(train)
        if holder is None:
            line = f"train {corp} {kind}"
        elif holder == "pool":
            line = f"train {corp} {kind} from pool"
        else:
            line = f"train {corp} {kind} from {holder} {price}"
            self.drop_train(train)
        self.trains[train] = corp
        self.corp_trains.setdefault(corp, []).append(train)
        return line, holder is None

    def drop_train(self, train: str) -> None:
        for owned in self.corp_trains.values():
            if train in owned:
                owned.remove(train)


@dataclass
class Converter(TrainBook):
    """Folds the actions into banker lines, keeping the little state the lines need."""

    title: Title
    names: dict[int, str]
    seating: list[int]
    lines: list[str] = field(default_factory=list)
    company_owner: dict[str, str] = field(default_factory=dict)  # private -> corp or player name
    private_order: list[str] = field(default_factory=list)
    bids: dict[str, list[int]] = field(default_factory=dict)  # private -> its bidders
    unsold: list[str] = field(default_factory=list)
    ipo: dict[str, set[str]] = field(default_factory=dict)  # corp -> share ids unsold
    holdings: dict[str, dict[str, int]] = field(default_factory=dict)  # corp -> name -> %
    president: dict[str, str] = field(default_factory=dict)
    trains: dict[str, str] = field(default_factory=dict)  # train id -> holder ("pool")
    seen_types: set[str] = field(default_factory=set)
    depot: list[str] = field(default_factory=list)  # train ids still in the bank's depot
    colour: int = 0
    tiles: dict[str, str] = field(default_factory=dict)  # hex -> the tile on it
    operated: bool = False  # a company has acted since the last stock action
    passes: int = 0  # passes in a row in the opening sale
    corp_trains: dict[str, list[str]] = field(default_factory=dict)
    stations: dict[str, int] = field(default_factory=dict)  # corp -> stations placed
    laid: set[str] = field(default_factory=set)
    tile_hex: dict[str, str] = field(default_factory=dict)  # tile id -> hex
    homed: set[str] = field(default_factory=set)
    turn: str | None = None
    ran: bool = False
    closed: bool = False  # the privates closed at the first 5-train
    revenue: int = 0

    # -- ids ----------------------------------------------------------------------
    def company(self, engine_id: str) -> str:
        return self.title.companies.get(engine_id, banker_id(engine_id))

    def emit(self, line: str) -> None:
        self.lines.append(line)

    # -- the opening sale ----------------------------------------------------------
    def sold(self, private: str, buyer: str) -> None:
        self.company_owner[private] = buyer
        if private in self.unsold:
            self.unsold.remove(private)
        self.bids.pop(private, None)
        share = FREE_SHARES.get(self.title.name, {}).get(private)
        if share:
            self.take_free_share(share, buyer)
        self.settle()

    def settle(self) -> None:
        """The cheapest private with a single bid goes to its bidder (7.1)."""
        while self.unsold and len(self.bids.get(self.unsold[0], [])) == 1:
            private = self.unsold[0]
            self.sold(private, self.names[self.bids[private][0]])

    def bid(self, player: int, private: str, price: int) -> None:
        name = self.names[player]
        on_offer = self.unsold[:1] == [private] and not self.bids.get(private)
        if on_offer:
            self.emit(f"buy {name} {private}")
            self.sold(private, name)
            return
        self.emit(f"bid {name} {private} {price}")
        bidders = self.bids.setdefault(private, [])
        if player in bidders:
            bidders.remove(player)
        bidders.append(player)

    def auction_pass(self, player: int) -> None:
        if not self.unsold:
            return
        private = self.unsold[0]
        bidders = self.bids.get(private, [])
        if len(bidders) > 1 and player in bidders:
            bidders.remove(player)
            self.settle()

    # -- shares --------------------------------------------------------------------
    def hold(self, corp: str, name: str, percent: int) -> None:
        held = self.holdings.setdefault(corp, {})
        held[name] = held.get(name, 0) + percent
        top = self.president.get(corp)
        if top is None or top not in held:
            return
        # Presidency passes to the holder with more, the first after the president (seating).
        order = [self.names[p] for p in self.seating]
        start = order.index(top)
        for other in order[start + 1 :] + order[:start]:
            if held.get(other, 0) > held.get(self.president[corp], 0):
                self.president[corp] = other

    def share_source(self, corp: str, share: str) -> str:
        unsold = self.ipo.setdefault(corp, {f"{corp}_{i}" for i in range(10)})
        if share in unsold:
            unsold.discard(share)
            return "ipo"
        return "pool"

    def take_free_share(self, engine_share: str, name: str) -> None:
        corp = banker_id(engine_share.rsplit("_", 1)[0])
        self.ipo.setdefault(corp, {f"{corp}_{i}" for i in range(10)}).discard(
            engine_share.replace(engine_share.rsplit("_", 1)[0], corp)
        )
        self.hold(corp, name, 20 if engine_share.endswith("_0") else 10)
        if engine_share.endswith("_0"):
            self.president[corp] = name

    # -- operating -----------------------------------------------------------------
    def corp_turn(self, corp: str | None) -> None:
        if corp != self.turn:
            self.end_turn()
            self.turn = corp
            self.ran = False

    def end_turn(self) -> None:
        """A company's turn ends: one that had no train ran for nothing, and one still
        without a train after it had no route to buy for (1830 20.2, 1889 facts §9)."""
        if self.turn is None or self.corp_trains.get(self.turn):
            return
        if not self.ran:
            self.emit(f"run {self.turn} 0")
            self.ran = True
        self.emit(f"done {self.turn} noroute")

    def owner_corp(self, entity: dict) -> str:
        if entity["entity_type"] == "company":
            return self.company_owner.get(self.company(entity["entity"]), "")
        return banker_id(entity["entity"])

    def lay(self, action: dict) -> None:
        corp = self.owner_corp(action)
        hex_ = action["hex"]
        self.tile_hex[action["tile"]] = hex_
        self.tiles[hex_] = action["tile"].rsplit("-", 1)[0]
        if hex_ in self.laid:
            return
        self.laid.add(hex_)
        cost = self.title.terrain.get(hex_, 0)
        for private, hexes in self.title.discount.items():
            if hex_ in hexes and self.company_owner.get(private) == corp and not self.closed:
                cost = 0
        if cost and corp in self.title.tokens:
            self.emit(f"spend {corp} {cost} terrain")

    def token(self, action: dict) -> None:
        corp = banker_id(action.get("tokener") or "") or self.owner_corp(action)
        tile = action["city"].rsplit("-", 1)[0]
        hex_ = self.tile_hex.get(tile, tile.split("-")[0])
        if corp not in self.homed and self.title.homes.get(corp) == hex_:
            self.homed.add(corp)  # the home station, placed by hand where the hex has two cities
            return
        placed = self.stations.get(corp, 1)
        self.stations[corp] = placed + 1
        if action["entity_type"] == "company":
            return  # a private's station: free (1830 D&H, 18Chesapeake C&OC)
        prices = self.title.tokens[corp]
        price = prices[min(placed, len(prices) - 1)]
        if price:
            self.emit(f"spend {corp} {price} token")

    def buy_train(self, action: dict) -> None:
        corp = banker_id(action["entity"])
        train = action["train"]
        kind = action.get("variant") or train.rsplit("-", 1)[0]
        line, from_bank = self.train_line(corp, train, kind, action.get("price"))
        if from_bank:
            if action.get("exchange"):
                traded = action["exchange"].rsplit("-", 1)[0]
                line += f" trade {traded}"
                self.drop_train(action["exchange"])
            self.leave_depot(train)
        self.emit(line)

    def leave_depot(self, train: str) -> None:
        """A train leaves the bank's depot (bought or exported): the first of its type
        starts a phase, rusting older trains and closing privates at the 5."""
        if train in self.depot:
            self.depot.remove(train)
        kind = train.rsplit("-", 1)[0]
        if kind in self.seen_types:
            return
        self.seen_types.add(kind)
        self.colour = max(self.colour, COLOUR.get(kind, 0))
        rusted = RUSTS.get(kind)
        if rusted:
            for owned in self.corp_trains.values():
                owned[:] = [t for t in owned if t.rsplit("-", 1)[0] != rusted]
        if kind == "5":
            self.closed = True

    def export(self) -> None:
        """18Chesapeake: the depot's next 2, 3 or 4 leaves the game (the tool does it too)."""
        if self.title.exports and self.depot and self.depot[0].split("-")[0] in ("2", "3", "4"):
            self.leave_depot(self.depot[0])  # 5s, 6s and Ds are never exported (facts §7)

    def route_revenue(self, route: dict) -> int:
        """A route's revenue where the recording kept none: each stop pays what its tile,
        or the printed hex in this phase, shows.  The connections run stop to stop, each
        starting where the last ended, so a hex with two towns or two cities can be two
        stops of one route."""
        if "revenue" in route:
            return int(route["revenue"])
        connections = route["connections"]
        first, last = connections[0][0], connections[0][-1]
        if len(connections) > 1 and last not in (connections[1][0], connections[1][-1]):
            first, last = last, first
        stops = [first]
        for connection in connections:
            here = stops[-1]
            stops.append(connection[-1] if connection[0] == here else connection[0])
        return sum(self.stop_value(stop) for stop in stops)

    def stop_value(self, hex_: str) -> int:
        tile = self.tiles.get(hex_)
        if tile is not None:
            return self.title.tile_revenue.get(tile, 0)
        printed = self.title.printed.get(hex_, (0,))
        return printed[min(self.colour, len(printed) - 1)]

    # -- the fold ------------------------------------------------------------------
    def convert(self, actions: list[dict]) -> None:
        for i, action in enumerate(actions):
            if action["type"] == "sell_shares":
                self.forced_sale_turn(actions[i + 1 :])
            self.step(action)
        self.end_turn()

    def forced_sale_turn(self, following: list[dict]) -> None:
        """A sale followed by a company's action (not by a player's) is a president's
        forced sale in that company's operating turn: after its run."""
        for action in following:
            if action["type"] == "sell_shares":
                continue
            if action["entity_type"] != "player":
                corp = self.owner_corp(action)
                self.corp_turn(corp)
                if not self.ran and not self.corp_trains.get(corp):
                    self.emit(f"run {corp} 0")
                self.ran = True
            return

    def step(self, action: dict) -> None:  # noqa: C901, PLR0912 - one branch per action type
        kind = action["type"]
        entity = action["entity"]
        is_player = action["entity_type"] == "player"
        if kind == "bankrupt":  # the game ends with it (1830 25.0, 1889 facts §9): no `done`
            corp = banker_id(entity)
            if not self.ran and not self.corp_trains.get(corp):
                self.emit(f"run {corp} 0")
            self.turn = None
        elif is_player and kind in ("bid", "par", "buy_shares"):
            self.corp_turn(None)
        elif not is_player:
            corp = self.owner_corp(action)
            if corp in self.title.tokens:
                self.corp_turn(corp)
        if is_player and kind in ("bid", "par", "buy_shares", "pass") and self.operated:
            # a stock round begins: the set of operating rounds has ended (not a forced
            # sale, which comes in a company's turn)
            self.operated = False
            self.export()
        elif not is_player and kind != "bankrupt":
            self.operated = True
        if kind == "pass" and is_player and self.unsold and not self.bids.get(self.unsold[0]):
            self.passes += 1
            if self.passes == len(self.seating):
                self.passes = 0
                self.export()  # a round of passes in the sale (18Chesapeake facts §5)
        elif is_player:
            self.passes = 0
        if kind == "bid":
            self.bid(entity, self.company(action["company"]), action["price"])
        elif kind == "pass":
            if is_player:
                self.auction_pass(entity)
                self.emit(f"pass {self.names[entity]}")
        elif kind == "par":
            corp = banker_id(action["corporation"])
            price = int(str(action["share_price"]).split(",")[0])
            name = self.names[entity]
            self.emit(f"par {name} {corp} {price}")
            self.ipo.setdefault(corp, {f"{corp}_{i}" for i in range(10)}).discard(f"{corp}_0")
            self.president[corp] = name
            self.hold(corp, name, 20)
        elif kind == "buy_shares":
            for share in action["shares"]:
                corp = banker_id(share.rsplit("_", 1)[0])
                number = share.rsplit("_", 1)[1]
                source = self.share_source(corp, f"{corp}_{number}")
                if is_player:
                    name = self.names[entity]
                    has_ipo = bool(self.ipo.get(corp))
                    tail = " pool" if source == "pool" and has_ipo else ""
                    self.emit(f"buy {name} {corp}{tail}")
                else:  # a private exchanged for a share (1830 M&H, 1889 DR)
                    private = self.company(entity)
                    name = self.company_owner[private]
                    self.emit(f"exchange {name} {private}" + (" pool" if source == "pool" else ""))
                    self.company_owner[private] = "closed"
                self.hold(corp, name, 10)
        elif kind == "sell_shares":
            corp = banker_id(action["shares"][0].rsplit("_", 1)[0])
            name = self.names[entity]
            self.emit(f"sell {name} {corp} {action['percent'] // 10}")
            self.hold(corp, name, -action["percent"])
        elif kind == "lay_tile":
            self.lay(action)
        elif kind == "place_token":
            self.token(action)
        elif kind == "run_routes":
            self.revenue = sum(self.route_revenue(route) for route in action["routes"])
        elif kind == "dividend":
            corp = banker_id(entity)
            how = {"payout": "", "withhold": " withhold", "half": " half"}[action["kind"]]
            self.emit(f"run {corp} {self.revenue}{how}")
            self.ran = True
        elif kind == "buy_train":
            if not self.ran and not self.corp_trains.get(banker_id(entity)):
                self.emit(f"run {banker_id(entity)} 0")
                self.ran = True
            self.buy_train(action)
        elif kind == "discard_train":
            corp = banker_id(entity)
            self.drop_train(action["train"])
            self.trains[action["train"]] = "pool"
            self.emit(f"discard {corp} {action['train'].rsplit('-', 1)[0]}")
        elif kind == "buy_company":
            corp = banker_id(entity)
            private = self.company(action["company"])
            self.emit(f"buyprivate {corp} {private} {action['price']}")
            self.company_owner[private] = corp
        elif kind == "bankrupt":
            corp = banker_id(entity)
            self.emit(f"bankrupt {self.president.get(corp, corp)}")
        elif kind == "end_game":
            self.emit("# the game was ended by its players here")
        else:
            raise ValueError(f"action {action.get('id')}: type {kind!r} is not converted")


def convert(game: dict, names: list[str] | None = None) -> str:
    """The banker script of one recorded game (its JSON as a dict)."""
    title = TITLES[game["title"]]
    players = game["players"]
    chosen = names or ORDINALS[: len(players)]
    by_id = {p["id"]: chosen[i] for i, p in enumerate(players)}
    converter = Converter(title, by_id, [p["id"] for p in players])
    actions = effective_actions(game["actions"])
    converter.unsold = list(PRIVATES[title.name])
    converter.depot = [f"{kind}-{i}" for kind, count in title.depot for i in range(count)]
    seats = ", ".join(f"{p['name']} = {by_id[p['id']]}" for p in players)
    header = textwrap.wrap(
        f"{game['title']}, {len(players)} players: the recorded 18xx.games game {game['id']} "
        f"(public fixture tobymao/18xx public/fixtures/{game['title']}/{game['id']}.json), "
        f"converted by scripts/convert_18xxgames.py; players in seating order: {seats}. "
        "Track and stations the map charges for are `spend` lines; the final `expect`s are "
        "the scores the game recorded.",
        width=92,
        initial_indent="# ",
        subsequent_indent="# ",
    )
    game_line = f"game {title.name} " + " ".join(chosen[: len(players)])
    converter.lines = []
    if title.name == "18Chesapeake":
        drawn = vanderbilt_corporation(actions)
        if drawn:
            converter.lines.append(f"vanderbilt {drawn}")
    converter.convert(actions)
    result = game.get("result") or {}
    scores = sorted(result.items(), key=lambda item: -item[1])
    expects = [f"expect {by_id[int(pid)]} value {score}" for pid, score in scores]
    return "\n".join([*header, game_line, *converter.lines, *expects]) + "\n"


# The privates of each title in the order they are offered (face value).
PRIVATES = {
    "1830": ["SV", "CS", "DH", "MH", "CA", "BOP"],
    "1889": ["TER", "MF", "ER", "SMR", "DR", "SIR", "UTF"],
    "18Chesapeake": ["DR", "CP", "BS", "COC", "BOR", "CV"],
}

# The share each private brings its buyer.
FREE_SHARES = {
    "1830": {"CA": "PRR_1", "BOP": "B&O_0"},
    "18Chesapeake": {"BOR": "B&O_1"},
}


def vanderbilt_corporation(actions: list[dict]) -> str | None:
    """The corporation Cornelius Vanderbilt's buyer pars first: the one drawn at setup."""
    buyer = None
    for action in actions:
        if action["type"] == "bid" and action["company"] == "CV":
            buyer = action["entity"]
        if action["type"] == "par" and buyer is not None and action["entity"] == buyer:
            return banker_id(action["corporation"])
    return None


# -- 1817 ------------------------------------------------------------------------------
# Facts of 1817 (../shared/facts/1817.md) the converter needs to tell the action kinds
# apart and to price the map's charges; the money itself is the tool's to compute.

START_CASH_1817 = {3: 420, 4: 315, 5: 252, 6: 210, 7: 180}  # facts §0
PRIVATES_1817 = {  # 18xx.games id -> (banker id, face value), facts §1
    "MINC": ("MINC", 30),
    "OBC": ("OBC", 40),
    "ME": ("MTE", 40),
    "PSM": ("PSM", 40),
    "CM": ("CM", 60),
    "MINM": ("MINM", 60),
    "TS": ("TS", 80),
    "UBC": ("UBC", 80),
    "MAIL": ("MAIL", 90),
    "MAJC": ("MAJC", 90),
    "MAJM": ("MAJM", 120),
}
MINES_1817 = frozenset({"MINC", "CM", "MAJC"})  # their tile ignores the mountain charge
BRIDGES_1817 = frozenset({"OBC", "UBC"})  # their owner pays no river charge
MOUNTAINS_1817 = frozenset("D19 I12 B25 C20 C24 E16 E18 F15 G12 G14 H11 H13 H15 I8 I10".split())
RIVERS_1817 = frozenset("G6 H3 H9 D13 E12 F11 G4 G10 H7".split())
LAKES_1817 = frozenset("D7 B9 B27 D25 D27 G20 H17 C8 E22".split())
SECOND_LAY_1817 = 20  # the second tile operation of a turn (facts §8)
IPO_STEP_1817 = 5  # bids rise by $5 (facts §1, §3)
IPO_MAX_1817 = 400  # an IPO's highest bid (facts §3)
# the smallest size each phase starts a corporation at (facts §2); where it offers two, the
# winner's `choose` says which
IPO_SIZE_1817 = {"2": 2, "2+": 2, "3": 2, "4": 5, "5": 5, "6": 10, "7": 10, "8": 10}


def terrain_1817(hex_: str) -> int:
    """The charge of a hex's first tile: mountain $15, river $10, lake $20 (facts §8)."""
    if hex_ in MOUNTAINS_1817:
        return 15
    if hex_ in RIVERS_1817:
        return 10
    return 20 if hex_ in LAKES_1817 else 0


def _subset_sums(values: list[int]) -> list[tuple[int, frozenset[int]]]:
    sums = [(0, frozenset())]
    for i, value in enumerate(values):
        sums += [(total + value, chosen | {i}) for total, chosen in sums]
    return sums


@dataclass
class Auction:
    """An auction in progress: a private of the opening sale or an IPO (facts §1, §3)."""

    target: str
    nominator: int
    bidders: list[int]
    high: tuple[int, int]  # (player, price)


@dataclass
class Converter1817:
    """Folds an 1817 game's actions into banker lines (``../shared/spec/script.md``'s
    1817 rows): the opening sale, the stock rounds, the operating rounds, the merger and
    acquisition rounds; without the figures' round starts and acquisitions, through the
    first set up to its second acquisition round (or an acquisition round's first offer).

    It follows just enough of the game to tell what each action is: the players' cash
    through the opening sale and the first stock round, then the figures' before each
    action (an auction's bidder who cannot reach the next bid leaves it without a word:
    facts §1, §3), the privates each holds and their owners, the trains, the shares in the
    market, which corporations have operated in the operating round."""

    names: dict[int, str]
    seating: list[int]
    figures: dict[int, list[str]] = field(default_factory=dict)  # action id -> expects
    lines: list[str] = field(default_factory=list)
    cash: dict[int, int] = field(default_factory=dict)
    privates: dict[int, list[str]] = field(default_factory=dict)  # player -> engine ids
    owner: dict[str, str] = field(default_factory=dict)  # private (engine id) -> corp
    unsold: list[str] = field(default_factory=list)
    auction: Auction | None = None
    ipo_won: tuple[int, str, int, int] | None = None  # (player, corp, price, nominator)
    contributed: list[str] = field(default_factory=list)
    sale_passes: int = 0
    phase: str = "sale"  # sale, stock, operating
    corporate_turn: str | None = None  # a corporation acting in the stock round
    president: dict[str, int] = field(default_factory=dict)
    operated: list[str] = field(default_factory=list)  # this OR's corporations, in order
    turn: str | None = None
    ran: bool = False
    lays: int = 0
    trains: dict[str, list[str]] = field(default_factory=dict)  # corp -> train ids
    laid: set[str] = field(default_factory=set)
    rounds: int = 0  # operating rounds played
    # The turn's interest (facts §6, paid once the train purchases are passed): "" before
    # the run, "not yet" after it, "due" once paid by the tool unseen (a loan then needs an
    # `interest` line first), "written" once a line paid it.
    interest_paid: str = ""
    revenues: dict[int, int] = field(default_factory=dict)  # run -> revenue, where unkept
    # From the figures (none in a bare conversion): the round each action begins, the
    # players' cash before an action of a later stock round (who can reach a bid: facts §3)
    round_starts: dict[int, str] = field(default_factory=dict)
    cash_at: dict[int, dict[int, int]] = field(default_factory=dict)
    phase_at: dict[int, str] = field(default_factory=dict)  # the phase before an action
    game_phase: str = "2"
    market: set[str] = field(default_factory=set)  # shares (engine ids) in the market
    taken: set[str] = field(default_factory=set)  # shares a player bought, once at least
    upcoming: list[dict] = field(default_factory=list)  # the next actions (a look ahead)
    # the acquisitions the engine made (action id -> buyer, target, price): who buys is the
    # auction winner's choice among his corporations, not always an action of its own
    acquisitions: dict[int, tuple[str, str, int]] = field(default_factory=dict)
    stopped: str | None = None

    def final_scores(self, result: dict[str, int]) -> None:
        """The recorded final scores (18xx.games' ``result``, keyed by player id) as each
        player's value: ``expect PLAYER value N``."""
        for pid, score in result.items():
            self.emit(f"expect {self.names[int(pid)]} value {score}")

    def emit(self, line: str) -> None:
        self.lines.append(line)

    # -- the opening sale (facts §1) ---------------------------------------------------
    def open_auction(self, target: str, player: int, price: int, power: dict[int, int]) -> None:
        order = (
            self.seating[self.seating.index(player) :] + self.seating[: self.seating.index(player)]
        )
        bidders = [p for p in order if p == player or power[p] >= price + IPO_STEP_1817]
        self.auction = Auction(target, player, bidders, (player, price))

    def raise_bid(self, player: int, price: int, power: dict[int, int]) -> None:
        assert self.auction is not None
        self.auction.high = (player, price)
        self.auction.bidders = [
            p for p in self.auction.bidders if p == player or power[p] >= price + IPO_STEP_1817
        ]

    def sale_power(self) -> dict[int, int]:
        return dict(self.cash)

    def ipo_power(self) -> dict[int, int]:
        """Bidding power: cash plus the face value of the privates held (facts §3)."""
        return {
            p: self.cash[p] + sum(PRIVATES_1817[c][1] for c in self.privates[p])
            for p in self.seating
        }

    def sale_step(self, action: dict) -> None:
        kind, player = action["type"], action["entity"]
        if kind == "bid":
            self.sale_passes = 0
            if self.auction is None:
                self.open_auction(action["company"], player, action["price"], self.sale_power())
            else:
                self.raise_bid(player, action["price"], self.sale_power())
        elif kind == "pass" and self.auction is not None:
            self.auction.bidders.remove(player)
        elif kind == "pass":
            self.emit(f"pass {self.names[player]}")
            self.sale_passes += 1
            if self.sale_passes == len(self.seating):
                self.phase = "stock"  # every player passed: the rest leave the game
        else:
            raise ValueError(f"action {action['id']}: {kind!r} in the opening sale")
        auction = self.auction
        if auction is not None and len(auction.bidders) <= 1:
            winner, price = auction.high
            self.cash[winner] -= price
            self.privates[winner].append(auction.target)
            self.unsold.remove(auction.target)
            name = PRIVATES_1817[auction.target][0]
            self.emit(f"private {self.names[winner]} {name} {price}")
            self.auction = None
            if not self.unsold:
                self.phase = "stock"

    # -- the stock round (facts §3, §4) ------------------------------------------------
    def available(self, player: int) -> list[str]:
        """The privates the IPO's winner may still contribute: some choice of his
        privates holding each stays within what the corporation has left of his bid."""
        assert self.ipo_won is not None
        room = self.ipo_won[2] - sum(PRIVATES_1817[c][1] for c in self.contributed)
        need = max(0, -self.cash[player])
        held = self.privates[player]
        values = [PRIVATES_1817[c][1] for c in held]
        fits = [chosen for total, chosen in _subset_sums(values) if need <= total <= room]
        return [c for i, c in enumerate(held) if any(i in chosen for chosen in fits)]

    def finish_ipo(self) -> None:
        assert self.ipo_won is not None
        player, corp, price, nominator = self.ipo_won
        # the phase's size (the first stock round's phase, 2, offers 2 only: facts §2)
        size = IPO_SIZE_1817.get(self.game_phase, 2)
        words = [f"ipo {self.names[player]} {corp} {price} {size}"]
        words += [PRIVATES_1817[c][0] for c in self.contributed]
        if nominator != player:
            words.append(f"by {self.names[nominator]}")
        self.emit(" ".join(words))
        self.president[corp] = player
        self.ipo_won = None
        self.contributed = []

    def win_ipo(self) -> None:
        assert self.auction is not None
        winner, price = self.auction.high
        self.cash[winner] -= price
        self.ipo_won = (winner, self.auction.target, price, self.auction.nominator)
        self.auction = None
        if not self.available(winner):
            self.finish_ipo()

    def shorted_share(self, share: str) -> bool:
        """A share a short made (the engine numbers them from 10 on: no corporation has
        more than 10 shares) that nobody has bought yet: it lies in the market (facts §5)."""
        return int(share.rsplit("_", 1)[1]) >= 10 and share not in self.taken

    def won_by_next(self) -> bool:
        """The high bidder's next action is his corporation's size or a private: the
        others could not bid on (a certificate limit the cash does not show)."""
        assert self.auction is not None
        after = next((a for a in self.upcoming if a["type"] != "place_token"), None)
        return (
            after is not None
            and after["type"] in ("choose", "assign")
            and after["entity"] == self.auction.high[0]
        )

    def stock_step(self, action: dict) -> None:  # noqa: C901
        kind, entity = action["type"], action["entity"]
        self.cash.update(self.cash_at.get(action["id"], {}))
        self.game_phase = self.phase_at.get(action["id"], self.game_phase)
        if action["entity_type"] != "player":
            corp = banker_id(entity)
            if kind == "take_loan":  # its president's turn, for it (facts §4)
                self.emit(f"loan {corp}")
                self.corporate_turn = corp
            elif kind == "buy_shares":  # it redeems shares from the market (contract)
                self.market.difference_update(action["shares"])
                self.taken.update(action["shares"])
                self.emit(f"redeem {corp} {len(action['shares'])}")
                self.corporate_turn = corp
            elif kind != "place_token":  # the home station: the map's
                raise ValueError(f"action {action['id']}: {kind!r} in a stock round")
            return
        if self.corporate_turn is not None:
            corp, self.corporate_turn = self.corporate_turn, None
            if kind == "pass" and self.president.get(corp) == entity:
                return  # the end of the president's turn for his corporation
        if kind == "bid":
            corp = banker_id(action["corporation"])
            if self.auction is None:
                self.open_auction(corp, entity, action["price"], self.ipo_power())
            else:
                self.raise_bid(entity, action["price"], self.ipo_power())
            if action["price"] + IPO_STEP_1817 > IPO_MAX_1817:
                self.auction.bidders = [entity]  # nobody may bid higher
            if len(self.auction.bidders) <= 1 or self.won_by_next():
                self.win_ipo()
        elif kind == "pass" and self.auction is not None:
            self.auction.bidders.remove(entity)
            if len(self.auction.bidders) <= 1 or self.won_by_next():
                self.win_ipo()
        elif kind == "pass" and self.ipo_won is not None and self.ipo_won[0] == entity:
            self.finish_ipo()  # the winner contributes no more privates
        elif kind == "assign":
            if self.auction is not None:  # the others could not bid (a certificate limit)
                self.win_ipo()
            private = action["target"]
            self.privates[entity].remove(private)
            self.cash[entity] += PRIVATES_1817[private][1]
            self.contributed.append(private)
            assert self.ipo_won is not None
            self.owner[private] = self.ipo_won[1]
            if not self.available(entity):
                self.finish_ipo()
        elif kind == "pass":
            self.emit(f"pass {self.names[entity]}")
        elif kind == "choose":  # the winner's size for his corporation (facts §3)
            if self.auction is not None:  # the others could not bid (a certificate limit)
                self.win_ipo()
            if self.ipo_won is not None:
                self.finish_ipo()
            at = max(i for i, line in enumerate(self.lines) if line.startswith("ipo "))
            words = self.lines[at].split()
            words[4] = str(action["choice"])
            self.lines[at] = " ".join(words)
        elif kind == "buy_shares":  # one share: from the market if one lies there
            share = action["shares"][0]
            source = "pool" if share in self.market or self.shorted_share(share) else "ipo"
            self.market.discard(share)
            self.taken.add(share)
            corp = banker_id(share.rsplit("_", 1)[0])
            self.emit(f"buy {self.names[entity]} {corp} {source}")
        elif kind == "sell_shares":
            self.market.update(action["shares"])
            corp = banker_id(action["shares"][0].rsplit("_", 1)[0])
            self.emit(f"sell {self.names[entity]} {corp} {len(action['shares'])}")
        elif kind == "short":
            self.emit(f"short {self.names[entity]} {banker_id(action['corporation'])}")
        else:
            raise ValueError(f"action {action['id']}: {kind!r} in a stock round")

    # -- the operating round (facts §6, §8) --------------------------------------------
    def corp_of(self, action: dict) -> str:
        if action["entity_type"] == "company":
            return self.owner[action["entity"]]
        return banker_id(action["entity"])

    def end_turn(self) -> None:
        if self.turn is None:
            return
        if not self.ran:
            self.emit(f"run {self.turn} 0")  # no train: its run pays nothing (facts §8)
        self.emit(f"done {self.turn}")
        self.turn = None

    def lay(self, corp: str, action: dict) -> None:
        hex_ = action["hex"]
        self.lays += 1
        owned = {p for p, c in self.owner.items() if c == corp}
        first = hex_ not in self.laid
        self.laid.add(hex_)
        cost = terrain_1817(hex_) if first else 0
        company = action["entity"] if action["entity_type"] == "company" else None
        if company in MINES_1817 and hex_ in MOUNTAINS_1817:
            cost = 0
        if hex_ in RIVERS_1817 and owned & BRIDGES_1817:
            cost = 0
        if cost:
            self.emit(f"spend {corp} {cost} terrain")
        if self.lays == 2:
            self.emit(f"spend {corp} {SECOND_LAY_1817} tile")
        if first and hex_ in MOUNTAINS_1817 and "ME" in owned:
            self.emit(f"bonus {corp} MTE")

    def buy_train(self, corp: str, action: dict) -> None:
        if not self.ran and not self.trains.get(corp):
            self.emit(f"run {corp} 0")
        self.ran = True
        train = action["train"]
        kind = action.get("variant") or train.rsplit("-", 1)[0]
        seller = next((c for c, owned in self.trains.items() if train in owned), None)
        if seller is None:
            self.emit(f"train {corp} {kind}")
        else:
            self.trains[seller].remove(train)
            self.emit(f"train {corp} {kind} from {seller} {action['price']}")
        self.trains.setdefault(corp, []).append(train)

    def operating_step(self, action: dict, revenue: list[int]) -> None:  # noqa: C901
        kind = action["type"]
        corp = self.corp_of(action)
        if kind == "take_loan":
            if self.interest_paid == "due":
                self.emit(f"interest {corp}")  # loans after it pay none this OR (facts §6)
                self.interest_paid = "written"
            self.emit(f"loan {corp}")
        elif kind == "payoff_loan":
            if not self.ran:  # no train: it did not run (facts §8)
                self.emit(f"run {corp} 0")
                self.ran = True
            self.emit(f"payback {corp}")  # the turn's first pays the interest (contract)
            self.interest_paid = "written"
        elif kind == "lay_tile":
            self.lay(corp, action)
        elif kind == "run_routes":
            if all(route.get("revenue") is not None for route in action["routes"]):
                revenue[:] = [sum(int(route["revenue"]) for route in action["routes"])]
            elif action["id"] in self.revenues:  # an older recording: given with the figures
                revenue[:] = [self.revenues[action["id"]]]
            else:
                raise ValueError(
                    f"action {action['id']}: the recording kept no revenue for this run; "
                    'give it with --figures (its "revenue")'
                )
        elif kind == "dividend":
            how = {"payout": "", "withhold": " withhold", "half": " half"}[action["kind"]]
            self.emit(f"run {corp} {revenue[0] if revenue else 0}{how}")
            self.ran = True
            self.interest_paid = "not yet"
        elif kind == "pass" and self.interest_paid == "not yet":
            # a pass after the run passes the train purchases: the interest is paid then
            self.interest_paid = "due"
        elif kind == "buy_train":
            self.buy_train(corp, action)
        elif kind == "discard_train":
            self.trains[corp].remove(action["train"])
            self.emit(f"discard {corp} {action['train'].rsplit('-', 1)[0]}")
        elif kind not in ("pass", "place_token", "assign"):
            raise ValueError(f"action {action['id']}: {kind!r} in an operating round")

    # -- the fold ----------------------------------------------------------------------
    def convert(self, actions: list[dict]) -> None:
        revenue: list[int] = []
        skip = 0
        for i, action in enumerate(actions):
            if skip:
                skip -= 1
                continue
            kind = action["type"]
            is_player = action["entity_type"] == "player"
            if kind == "end_game":  # a player ended the game: no line of the contract
                if self.phase == "operating":
                    self.end_turn()
                self.expects(action["id"])
                self.stopped = (
                    f"a player ends the game here (18xx.games `end_game`, action "
                    f"{action['id']}), which no line of the contract does"
                )
                return
            if self.phase == "stock" and self.round_starts.get(action["id"], "").startswith(
                "Operating"
            ):
                self.phase = "operating"  # the figures say the operating round begins
            if (
                self.phase == "stock"
                and not is_player
                and kind != "place_token"
                and self.stock_passes_in_a_row() >= len(self.seating)
            ):
                self.phase = "operating"  # every player passed in a row: the round ended
            if self.phase == "operating":
                corp = None if is_player else self.corp_of(action)
                repeat = corp != self.turn and corp in self.operated
                if is_player or repeat or kind in ("convert", "merge"):
                    # the operating round is over: a merger round begins (facts §9)
                    self.end_turn()
                    skip = self.merger_round(actions[i:])
                    if skip is None:
                        self.expects(action["id"])
                        return
                    skip -= 1
                    self.operated = []
                    continue
                if corp != self.turn:
                    self.end_turn()
                    self.expects(action["id"])
                    self.turn = corp
                    self.operated.append(corp)
                    self.ran = False
                    self.lays = 0
                    self.interest_paid = ""
                    revenue = []
                self.operating_step(action, revenue)
                continue
            self.expects(action["id"])
            self.upcoming = actions[i + 1 : i + 3]
            if self.phase == "sale":
                self.sale_step(action)
            else:
                self.stock_step(action)

    def merger_round(self, actions: list[dict]) -> int | None:
        """The merger and acquisition rounds after an operating round: how many actions
        they take (the next round follows: an operating round, or after the set's second a
        stock round); None where the conversion stops (:meth:`acquisition_round`; without
        the figures' round starts, at the acquisition round after the set's second).

        A conversion or merger is written as played (facts §9): `convert CORP` or `merge
        CORP TARGET`, the purchases and sales of its treasury's shares, `loan CORP`, and
        `done CORP` at the corporation's pass that ends its turn (a conversion's new
        stations: the tool's).  A corporation passing,
        or a player passing after a conversion, writes nothing.  Reading: a player's
        action while no conversion is open, or one other than a purchase, sale or pass
        while one is, begins the acquisition round; a second action of a corporation that
        passed begins the next operating round."""
        self.rounds += 1
        label = f"{(self.rounds + 1) // 2}.{2 - self.rounds % 2}"
        begins = self.round_starts.get(actions[0]["id"], "")
        if begins.startswith("Merger "):  # the figures name it (a round may hold no action)
            label = begins.split()[1]
        second = label.endswith(".2")  # the set's second: a stock round follows
        turn: str | None = None
        acted: set[str] = set()
        count = 0
        for count, action in enumerate(actions):  # noqa: B007 - the count is returned
            kind, is_player = action["type"], action["entity_type"] == "player"
            corp = None if is_player else self.corp_of(action)
            after = kind in ("buy_shares", "sell_shares", "pass")  # a player's, after it
            if turn is not None and not (is_player and after or corp == turn):
                # its turn ended without its pass (no loan to take): its stations now;
                # not at a player's end of the game (its turn is left open)
                if kind != "end_game":
                    self.emit(f"done {turn}")
                turn = None
            self.expects(action["id"])
            if turn is not None and is_player:
                self.after_conversion(action)
                continue
            if turn is not None:
                if kind == "take_loan":
                    self.emit(f"loan {turn}")
                elif kind == "pass":
                    self.emit(f"done {turn}")  # new stations bought, or its liquidation
                    turn = None
                else:
                    raise ValueError(f"action {action['id']}: {kind!r} after a conversion")
                continue
            if is_player or corp in acted:
                break  # the acquisition round, or the next operating round
            assert corp is not None
            acted.add(corp)
            if kind == "merge":
                target = banker_id(action["corporation"])
                self.emit(f"merge {corp} {target}")
                self.take_assets(corp, target)
                turn = corp
            elif kind == "convert":
                self.emit(f"convert {corp}")
                turn = corp
            elif kind != "pass":
                raise ValueError(f"action {action['id']}: {kind!r} in a merger round")
        else:
            count = len(actions)
        if second and not self.round_starts:
            self.stopped = f"the acquisition round {label} begins here"
            return None
        count = self.acquisition_round(actions, count, label)
        if count is None:
            return None
        if second:
            self.phase = "stock"  # the next set's stock round
        return count

    def acquisition_round(self, actions: list[dict], count: int, label: str) -> int | None:
        """The acquisition round (facts §10) from ``actions[count]``: the index of the next
        round's first action.  Offers, bids and passes write nothing; an auction's result is
        `acquire BUYER TARGET PRICE` (from the figures' acquisitions: without them the
        conversion stops at the first offer or bid), then the buyer's `loan` and `payback`
        lines and `done BUYER` at the first action not the buyer's.  It ends at a
        corporation's action other than the buyer's, or where the figures say the stock
        round begins."""
        buyer: str | None = None  # the corporation that acquired, its turn open
        while count < len(actions):
            action = actions[count]
            kind, is_player = action["type"], action["entity_type"] == "player"
            corp = None if is_player else self.corp_of(action)
            if buyer is not None and corp != buyer:
                # its turn ends (loans, then paybacks): inherited loans unpaid move it now;
                # not before a player's end of the game (a cash crisis may be open)
                if kind != "end_game":
                    self.emit(f"done {buyer}")
                buyer = None
            begins = self.round_starts.get(action["id"], "Acquisition")
            if not begins.startswith("Acquisition") or (corp is not None and corp != buyer):
                break
            self.expects(action["id"])
            count += 1
            if kind == "end_game":  # a player ended the game: no line of the contract
                self.stopped = (
                    f"the acquisition round {label}: a player ends the game here (18xx.games "
                    f"`end_game`, action {action['id']}), which no line of the contract does"
                )
                return None
            if corp is not None:  # the buyer after its acquisition (contract)
                if kind == "take_loan":
                    self.emit(f"loan {corp}")
                elif kind == "payoff_loan":
                    self.emit(f"payback {corp}")
                elif kind == "discard_train":  # trains over its limit (contract)
                    self.trains[corp].remove(action["train"])
                    self.emit(f"discard {corp} {action['train'].rsplit('-', 1)[0]}")
                elif kind != "pass":  # its pass ends its loans; paybacks may follow
                    raise ValueError(f"action {action['id']}: {kind!r} after an acquisition")
                continue
            if kind != "pass" and not self.acquisitions:
                self.stopped = f"the acquisition round {label} with an acquisition begins here"
                return None
            if kind not in ("pass", "assign", "bid", "merge"):
                raise ValueError(f"action {action['id']}: {kind!r} in an acquisition round")
            if action["id"] in self.acquisitions:
                buyer, target, price = self.acquisitions[action["id"]]
                self.emit(f"acquire {buyer} {target} {price}")
                self.take_assets(buyer, target)
        if buyer is not None:
            self.emit(f"done {buyer}")
        return count

    def take_assets(self, corp: str, target: str) -> None:
        """A merger or an acquisition: the target's trains and privates are ``corp``'s
        (facts §9, §10): a private's later action is its new owner's."""
        self.trains.setdefault(corp, []).extend(self.trains.pop(target, []))
        for private, owner in self.owner.items():
            if owner == target:
                self.owner[private] = corp

    def after_conversion(self, action: dict) -> None:
        """A player's purchase or sale of the converted corporation's shares (R 7.1.4)."""
        kind, name = action["type"], self.names[action["entity"]]
        if kind == "pass":
            return
        corp = banker_id(action["shares"][0].rsplit("_", 1)[0])
        if kind == "buy_shares":
            self.emit(f"buy {name} {corp} ipo")  # always from the treasury
        elif kind == "sell_shares":
            self.emit(f"sell {name} {corp} {len(action['shares'])}")
        else:
            raise ValueError(f"action {action['id']}: {kind!r} after a conversion")

    def stock_passes_in_a_row(self) -> int:
        count = 0
        for line in reversed(self.lines):
            if not line.startswith("pass "):
                break
            count += 1
        return count

    def expects(self, action_id: int) -> None:
        self.lines.extend(self.figures.pop(action_id, []))


def figure_lines(checkpoint: dict, by_id: dict[int, str], final: bool) -> list[str]:
    """The `expect` lines of one set of figures: the interest rate, the phase, the priority
    deal, each player's cash and value, each started corporation's cash, price and loans
    (and, at the end, size)."""
    lines = [f"# figures before action {checkpoint['before']} ({checkpoint['round']})"]
    if checkpoint["round"].startswith("Merger"):
        lines.append(
            "# (a merger round keeps the rate of the operating round before it; the mail "
            "contracts pay at the next one's start)"
        )
    if "interest" in checkpoint:  # (not at a stock round's start: the tool's rate is the
        # acquisition round's until the stock round's first line, contract 1817 "Checks")
        lines.append(f"expect interest {checkpoint['interest']}")
    lines.append(f"expect phase {checkpoint['phase']}")
    sale = checkpoint["round"].startswith("Auction")
    if not sale and "priority" in checkpoint:  # the sale's turns are its own; in a
        # stock round after the first, the figures of each action leave out the engine's
        # running priority (the deal changes hands at the round's end: facts §4)
        lines.append(f"expect priority {by_id[int(checkpoint['priority'])]}")
    players = sorted(
        checkpoint["players"].items(), key=lambda item: list(by_id).index(int(item[0]))
    )
    for pid, player in players:
        lines.append(f"expect {by_id[int(pid)]} cash {player['cash']}")
        if not sale:
            lines.append(f"expect {by_id[int(pid)]} value {player['value']}")
    merger = checkpoint["round"].startswith(("Merger", "Acquisition"))
    for corp, figures in checkpoint["corps"].items():
        corp = banker_id(corp)
        if "cash" in figures:  # (none while the engine auctions a liquidating one)
            lines.append(f"expect {corp} cash {figures['cash']}")
        lines.append(f"expect {corp} price {figures['price']}")
        if "loans" in figures:  # (none while the engine auctions a liquidating one)
            lines.append(f"expect {corp} loans {figures['loans']}")
        if final or merger:
            lines.append(f"expect {corp} size {figures['size']}")
        for pid, count in figures.get("shorts", {}).items():
            lines.append(f"expect {by_id[int(pid)]} shorts {corp} {count}")
        if "shares" in figures:  # a corporation converted this merger round
            lines.append(f"expect {corp} stations {figures['stations']}")
            lines.append(f"expect {corp} president {by_id[int(figures['president'])]}")
            for pid, percent in figures["shares"].items():
                lines.append(f"expect {by_id[int(pid)]} shares {corp} {percent}")
    return lines


def convert_1817(game: dict, names: list[str] | None, figures: dict | None) -> str:
    """The banker script of a recorded 1817 game up to where the conversion stops
    (:meth:`Converter1817.merger_round`), with the
    figures of ``figures`` (the game's state at round starts and turn ends, keyed by the
    action played next) as `expect` lines; a game's recorded ``result``, at its end or at
    the players' `end_game`, is each player's value at the end (facts §14)."""
    players = game["players"]
    chosen = names or ORDINALS[: len(players)]
    by_id = {p["id"]: chosen[i] for i, p in enumerate(players)}
    seating = [p["id"] for p in players]
    checkpoints = (figures or {}).get("checkpoints", [])
    expects = {
        c["before"]: figure_lines(c, by_id, i == len(checkpoints) - 1)
        for i, c in enumerate(checkpoints)
    }
    converter = Converter1817(by_id, seating, expects)
    converter.revenues = {int(k): v for k, v in (figures or {}).get("revenue", {}).items()}
    converter.acquisitions = {
        int(k): (banker_id(a["buyer"]), banker_id(a["target"]), a["price"])
        for k, a in (figures or {}).get("acquisitions", {}).items()
    }
    for checkpoint in checkpoints:
        converter.round_starts.setdefault(checkpoint["before"], checkpoint["round"])
        converter.phase_at[checkpoint["before"]] = checkpoint["phase"]
        converter.cash_at[checkpoint["before"]] = {
            int(pid): player["cash"] for pid, player in checkpoint["players"].items()
        }
    converter.cash = {p: START_CASH_1817[len(players)] for p in seating}
    converter.privates = {p: [] for p in seating}
    converter.unsold = list(PRIVATES_1817)
    actions = effective_actions(game["actions"])
    converter.convert(actions)
    if converter.stopped is None and not converter.rounds:
        raise ValueError("the game ends before its first merger round")
    tail = ": not converted further"
    if converter.stopped is None:
        converter.end_turn()
        converter.stopped = "the recording ends here"
        if game.get("result"):  # the game is over: its last round ends with a pass
            last = next(a["entity"] for a in reversed(actions) if a["entity_type"] == "player")
            converter.emit(f"pass {by_id[last]}")  # the game's last round (contract)
            converter.emit("# the final scores the game recorded (facts §14)")
            converter.final_scores(game["result"])
            converter.stopped, tail = "the game is over", ""
    elif game.get("result") and "`end_game`" in converter.stopped:
        # the players ended the game: the score each was given there is his value (facts §14)
        converter.emit("# the final scores the game recorded at the players' end (facts §14)")
        converter.final_scores(game["result"])
    seats = ", ".join(f"{p['name']} = {by_id[p['id']]}" for p in players)
    source = (figures or {}).get("source", "")
    fixture = game.get("fixture", f"public/fixtures/1817/{game['id']}.json")
    header = textwrap.wrap(
        f"1817, {len(players)} players: the recorded 18xx.games game {game['id']} "
        f"(public fixture tobymao/18xx {fixture}), "
        f"converted by scripts/convert_18xxgames.py (the last line says how far); players "
        f"in seating order: {seats}. The opening sale and the IPOs are written by their "
        "results; track charges are `spend` lines. " + source,
        width=92,
        initial_indent="# ",
        subsequent_indent="# ",
    )
    game_line = "game 1817 " + " ".join(chosen[: len(players)])
    tail = f"# {converter.stopped}{tail}"
    return "\n".join([*header, game_line, *converter.lines, tail]) + "\n"


def converter_main(
    argv: list[str] | None,
    *,
    doc: str,
    what: str,
    figures_help: str,
    convert_game: Callable[[dict, list[str] | None, object, str], str],
) -> int:
    """The command line of a converter: ``GAME.json [-o OUT] [--names A,B,...] [--figures
    F.json]``; ``convert_game(game, names, figures, file_name)`` makes the script."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("game", type=Path, help=f"an 18xx.games {what} JSON")
    parser.add_argument("-o", "--output", type=Path, help="the script to write (default: stdout)")
    parser.add_argument("--names", help="comma-separated player names, seating order")
    parser.add_argument("--figures", type=Path, help=figures_help)
    args = parser.parse_args(argv)
    game = json.loads(args.game.read_text(encoding="utf-8"))
    names = args.names.split(",") if args.names else None
    figures = json.loads(args.figures.read_text(encoding="utf-8")) if args.figures else None
    script = convert_game(game, names, figures, args.game.name)
    if args.output:
        args.output.write_text(script, encoding="utf-8")
    else:
        sys.stdout.write(script)
    return 0


def _convert_any(game: dict, names: list[str] | None, figures: object, file_name: str) -> str:
    """1817 (further with its figures), or 1830/1889/18Chesapeake."""
    if game["title"] == "1817":
        game.setdefault("fixture", f"public/fixtures/1817/{file_name}")
        return convert_1817(game, names, figures)  # type: ignore[arg-type]
    return convert(game, names)


def main(argv: list[str] | None = None) -> int:
    return converter_main(
        argv,
        doc=__doc__,
        what="game",
        figures_help="1817: the game's figures to check (`expect` lines)",
        convert_game=_convert_any,
    )


if __name__ == "__main__":
    raise SystemExit(main())
