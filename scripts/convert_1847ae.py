#!/usr/bin/env python3
"""Convert a recorded 18xx.games game of 1847 AE (its JSON export) into a banker script.

Usage: ``python scripts/convert_1847ae.py GAME.json [-o OUT.script] [--names A,B,...]
[--figures FIGURES.json]`` (the public fixtures, trimmed, and the site's figures:
``tests/recorded/1847ae-ID.json``, ``tests/recorded/1847ae-ID.figures.json``)

The 1847 AE lines of the contract (``../shared/spec/script.md``): the starting package
bought item by item (``buy PLAYER PLP``, ``LFK``, ``K``...), pars, share purchases with
their source, sales, Krauss & Co. to and from the pool, investor exchanges,
nationalisations (a certificate bought from another player), runs with the revenue the
site recorded and its payout kind, trains from the bank, the pool or another railway,
quarries bought by railways, Königsbach's and Hochstätten's free tile (``close``),
Weidenthal's half-cost station (``spend CORP N token W``), Rammelsbach's income once a
tile lies in E9 (``income R 50``), the map's charges as ``spend`` lines (terrain on a
hex's first tile, station tokens at the charter's next price) and a bankruptcy.  The
script ends with one ``expect PLAYER value N`` per player: the final score recorded.

The converter plays each line in the tool as it writes it (``moderator.game.Game``), for
one reading only: whose stock turn it is.  The site passes by itself a player who can buy
nothing, and records nothing; the rules let him buy a private from another player at any
agreed price (4.2, 4.4), so the tool waits for his ``pass``: the converter writes it.
Any other refusal stops the conversion, naming the action, unless the action is one of
``SITE_DEVIATIONS`` (the printed rules refuse what the site allowed): then the line is
written as a comment (``docs/recorded-games.md``, 1847 AE).  The map
figures below are facts of ``../shared/facts/1847ae.md`` (§4.1, §9) and rule 6.3; the
converter reads the public action format, not the site's code.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from convert_18xxgames import ORDINALS, TrainBook, _hexes, converter_main, effective_actions

from moderator.game import Game
from moderator.script import parse_line

# Rule 6.3: the costs printed in mountain and Rhine/Saar hexes, paid for the first tile
# laid there (the first upgrade of a hex printed yellow); facts §9.
TERRAIN: dict[str, int] = {
    **_hexes(40, "B4 F4 F10 F14 D20 E5 E9 I15 C7 D6 B18 B20 D18 F18 F20"),
    **_hexes(70, "C5 D4 D8 E3 E7 D10 D12 D14 E11 E15 G11 G13"),
    **_hexes(50, "C3 H4 G3 I5"),
    **_hexes(80, "G19 I19"),
}
# 6.5, facts §4.1: the station prices on each charter, the home stations' first (placed
# by the tool when the corporation floats: two for the Hessische Ludwigsbahn).
STATIONS: dict[str, tuple[int, ...]] = {
    "L": (0, 60, 80, 100),
    "Saar": (0, 60, 80, 100),
    "HLB": (0, 0, 80, 100),
    "NDB": (0, 60),
    "M": (0, 60, 80),
    "N": (0, 60, 80),
    "RNB": (0, 60, 80),
}
HOMES = {"HLB": 2}
ITEMS = {"LFKC": "LFK"}  # the site's id of a starting-package item -> the contract's
# The 20% certificates as the site numbers them: the director's and the doubles (4.5.1).
DOUBLES = {
    **{f"{corp}_{i}": 20 for corp in ("Saar", "HLB", "M") for i in (0, 7)},
    **{f"{corp}_{i}": 20 for corp in ("NDB", "N", "RNB") for i in (0, 2, 6)},
    "L_0": 20,
    "LFK_0": 100,
}
# The share lying under a package item (3): the site numbers K's, H's and W's L 10%.
ITEM_SHARE = {"PLP": "L_0", "SPR": "Saar_0", "LFKC": "LFK_0", "K": "L_1", "H": "L_2", "W": "L_3"}
QUARRIES = ("K", "H", "W")  # close when their ability is used (4.2) and at the 6E (7)
RAMMELSBACH_HEX = "E9"  # 4.2: its town; its income becomes 50 once connected
RUSTS = {"4+4": "3", "5+5": "3+3", "6+6": "4"}  # 7: the train each first purchase rusts
INVESTORS = {"MNR": "HLB_1", "SCR": "Saar_1", "VIW": "Saar_2"}  # 4.4: exchanged for these
FACE = {"R": 150, "SPR": 190, "K": 110, "H": 160, "W": 135, "MNR": 90, "SCR": 75, "VIW": 85}
"""The privates' printed prices (3): what the site adds to a player's final score."""

SITE_DEVIATIONS: dict[tuple[int, int], str] = {}
"""(game id, action id) -> why the printed rules refuse what the site allowed: the line
is written as a comment, with the reason."""
SITE_NOTES: dict[tuple[int, int], str] = {
    (185127, 211): (
        "the site charged NDB 30 for this station, half its 60, as if with Weidenthal's "
        "ability (its owner NDB had tried the ability and taken it back), and Weidenthal "
        "stayed open and paid NDB 10 an operating round until the 6E closed it; rule 4.2: "
        "the half cost is Weidenthal's ability and the action closes the quarry, so a "
        "station placed without it costs the charter's 60 (NDB ends with 30 less than on "
        "the site; no player's score changes)"
    ),
}
"""(game id, action id) -> a difference of the site's in a line the rules accept as written:
the comment goes above the line."""
FIGURE_DIFFERENCES: dict[tuple[int, str], tuple[int, int, str]] = {
    (185127, "NDB cash"): (211, -30, "the station of action 211 at its full 60 (4.2)"),
    (185127, "bank cash"): (289, 30 - 399, "One's 399 kept by him (6.8.2, 9), NDB's station"),
    (185127, "One cash"): (289, 399, "the site gave the bankrupt's cash to the bank"),
}
"""(game id, `WHO cash`) -> (the action from which the site's figure differs, the tool's
figure less the site's, why): the script says so above the line."""
NOT_YOUR_TURN = re.compile(r"it is (\S+)'s turn in the stock round")
SKIPPED_MAX = 8  # passes the converter writes for one action: more is a converter slip


STOCK_VERBS = frozenset(
    "buy sell par pass exchange nationalize trade bankrupt expect note income close".split()
)
"""Lines that belong to a stock round, or to no round (the rest are a railway's)."""


def percent_of(share: str) -> int:
    return DOUBLES.get(share, 10)


@dataclass
class Converter(TrainBook):
    """Folds the actions into banker lines, keeping the little state the lines need."""

    names: dict[int, str]
    seating: list[int]
    game_id: int = 0
    lines: list[str] = field(default_factory=list)
    table: Game | None = None  # the tool, playing the lines written so far
    holder: dict[str, str] = field(default_factory=dict)  # share id -> player name or "pool"
    owner: dict[str, str] = field(default_factory=dict)  # private -> player name or corp
    closed: set[str] = field(default_factory=set)
    trains: dict[str, str] = field(default_factory=dict)  # train id -> corp or "pool"
    corp_trains: dict[str, list[str]] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)  # train types bought from the bank
    stations: dict[str, int] = field(default_factory=dict)  # corp -> stations placed
    laid: set[str] = field(default_factory=set)
    turn: str | None = None
    ran: bool = False
    revenue: int = 0
    rammelsbach_connected: bool = False
    figures: dict[int, dict] = field(default_factory=dict)  # action id -> the site's figures
    forced_exchange: bool = False  # the 5+5 is bought: the next stock round exchanges (4.5.2)
    bankrupt: str | None = None

    # -- lines ---------------------------------------------------------------------
    def start(self, game_line: str) -> None:
        command = parse_line(game_line)
        assert command is not None
        self.table = Game.from_command(command)

    def emit(self, line: str, action: dict | None = None) -> None:
        key = (self.game_id, int(action.get("id", -1))) if action else (0, 0)
        note = SITE_NOTES.get(key)
        if note:
            self.lines.extend(textwrap.wrap(note, 90, initial_indent="# ", subsequent_indent="# "))
        why = SITE_DEVIATIONS.get(key)
        if why:
            self.lines.extend(textwrap.wrap(why, 90, initial_indent="# ", subsequent_indent="# "))
            self.lines.append(f"# {line}")
            return
        if self.table is None:  # not played (a converter's test of one reading)
            self.lines.append(line)
            return
        for _ in range(SKIPPED_MAX):
            self.before(line)
            outcome = self.table.execute(line)
            if outcome.ok:
                self.lines.append(line)
                return
            skipped = NOT_YOUR_TURN.search(outcome.message)
            if skipped is None:
                break
            self.play(f"pass {skipped.group(1)}")  # a turn the site passed by itself
        where = f"action {action.get('id')}" if action else "the end"
        raise ValueError(f"{where}: `{line}` refused: {outcome.message}")

    def before(self, line: str) -> None:
        """A railway's line while the tool's stock round waits for players the site passed
        by itself: their passes end the round."""
        assert self.table is not None
        verb = line.split()[0]
        for _ in range(SKIPPED_MAX):
            state = self.table.state
            if verb in STOCK_VERBS or state.round_kind != "SR" or state.current_player is None:
                return
            self.play(f"pass {state.current_player}")

    def play(self, line: str) -> None:
        assert self.table is not None
        outcome = self.table.execute(line)
        if not outcome.ok:
            raise ValueError(f"`{line}` refused: {outcome.message}")
        self.lines.append(line)

    def president(self, corp: str) -> str:
        held: dict[str, int] = {}
        chief = None
        for share, name in self.holder.items():
            if share.rsplit("_", 1)[0] == corp and name != "pool":
                held[name] = held.get(name, 0) + percent_of(share)
                if share == f"{corp}_0":
                    chief = name
        return chief or max(held, key=lambda n: held[n])

    def final_score(self, name: str, recorded: int) -> list[str]:
        """``expect NAME value N``: the score the site recorded, less what the printed rules
        do not count.  Rule 9 scores cash and certificates at stock value: the site adds
        the privates a player still holds at their printed price (facts §14).  A player's
        bankruptcy ends the game at once (6.8.2, 9) and every player adds his cash: the
        site gave the bankrupt player's cash to the bank (facts §13)."""
        held = sorted(p for p, owner in self.owner.items() if owner == name and p in FACE)
        held = [p for p in held if p not in self.closed]
        faces = sum(FACE[p] for p in held)
        cash = 0
        if name == self.bankrupt and self.table is not None:
            cash = self.table.state.ledger.player(name).cash
        if not faces and not cash:
            return [f"expect {name} value {recorded}"]
        ours = recorded - faces + cash
        parts = []
        if faces:
            its = "its" if len(held) == 1 else "their"
            parts.append(f"counting {' and '.join(held)} at {its} printed price ({faces})")
        if cash:
            parts.append(f"not his cash ({cash}), which it gave to the bank at his bankruptcy")
        why = (
            f"{name}: the site recorded {recorded}, {' and '.join(parts)}; rule 9 "
            f"(cash and certificates at stock value{', every player' if cash else ''}): {ours}"
        )
        return [
            *textwrap.wrap(why, 90, initial_indent="# ", subsequent_indent="# "),
            f"expect {name} value {ours}",
        ]

    # -- operating turns -------------------------------------------------------------
    def corp_turn(self, corp: str | None) -> None:
        if corp != self.turn:
            self.end_turn()
            self.turn = corp
            self.ran = False

    def end_turn(self) -> None:
        """A railway's turn ends: one without a train ran for nothing, and one still without
        a train after it had no route to buy one for (6.8.1: ``done CORP noroute``)."""
        if self.turn is None or self.corp_trains.get(self.turn):
            return
        self.run_nothing()
        self.emit(f"done {self.turn} noroute")

    def run_nothing(self) -> None:
        if not self.ran and self.turn is not None and not self.corp_trains.get(self.turn):
            self.emit(f"run {self.turn} 0")
        self.ran = True

    def corp_of(self, action: dict) -> str:
        if action["entity_type"] == "company":
            return self.owner.get(action["entity"], "")
        return str(action["entity"])

    # -- the fold ------------------------------------------------------------------
    def convert(self, actions: list[dict]) -> None:
        for i, action in enumerate(actions):
            if action["type"] == "sell_shares":
                self.forced_sale_turn(actions[i + 1 :])
            self.step(action)
            checkpoint = self.figures.get(int(action.get("id", -1)))
            if checkpoint:
                self.lines.append(f"# figures after action {action['id']} ({checkpoint['round']})")
                for line in figure_lines(self.game_id, self.names, checkpoint):
                    if line.startswith("expect"):
                        self.emit(line)  # played: a figure the tool does not reach stops it
                    else:
                        self.lines.append(line)
        self.end_turn()

    def forced_sale_turn(self, following: list[dict]) -> None:
        """A sale followed by a railway's action (not by a player's) is the director's sale
        for its forced train purchase (6.8.2): in its turn, after its run."""
        for action in following:
            if action["type"] == "sell_shares":
                continue
            if action["entity_type"] != "player":
                self.corp_turn(self.corp_of(action))
                self.run_nothing()
            return

    def step(self, action: dict) -> None:  # noqa: C901, PLR0912 - one branch per action type
        kind = action["type"]
        entity = action["entity"]
        is_player = action["entity_type"] == "player"
        if kind == "bankrupt":
            self.corp_turn(str(entity))
            self.run_nothing()
            self.bankrupt = self.president(str(entity))
            self.emit(f"bankrupt {self.bankrupt}", action)
            self.turn = None
            return
        if is_player and self.forced_exchange:
            self.exchange_all()
        if is_player and kind in ("bid", "par", "buy_shares", "pass"):
            self.corp_turn(None)
        elif not is_player and kind != "buy_shares":
            self.corp_turn(self.corp_of(action))
        if kind == "bid":
            self.buy_item(action)
        elif kind == "pass":
            if is_player:
                self.emit(f"pass {self.names[entity]}", action)
        elif kind == "par":
            corp = action["corporation"]
            price = int(str(action["share_price"]).split(",")[0])
            name = self.names[entity]
            self.emit(f"par {name} {corp} {price}", action)
            self.holder[f"{corp}_0"] = name
        elif kind == "buy_shares":
            self.buy_shares(action)
        elif kind == "sell_shares":
            self.sell_shares(action)
        elif kind == "lay_tile":
            self.lay(action)
        elif kind == "place_token":
            self.token(action)
        elif kind == "run_routes":
            routes = action["routes"]
            self.revenue = sum(int(r["revenue"]) for r in routes) + action.get("extra_revenue", 0)
        elif kind == "dividend":
            how = {"payout": "", "withhold": " withhold"}[action["kind"]]
            self.emit(f"run {entity} {self.revenue}{how}", action)
            self.ran = True
        elif kind == "buy_train":
            self.run_nothing()
            self.buy_train(action)
        elif kind == "discard_train":
            self.drop_train(action["train"])
            self.trains[action["train"]] = "pool"
            self.emit(f"discard {entity} {action['train'].rsplit('-', 1)[0]}", action)
        elif kind == "buy_company":
            self.buy_company(action)
        else:
            raise ValueError(f"action {action.get('id')}: type {kind!r} is not converted")

    # -- the starting package and shares ---------------------------------------------
    def buy_item(self, action: dict) -> None:
        """A purchase from the starting package (3.3) at its printed price."""
        item = action["company"]
        name = self.names[action["entity"]]
        self.emit(f"buy {name} {ITEMS.get(item, item)}", action)
        self.owner[item] = name
        share = ITEM_SHARE.get(item)
        if share:
            self.holder[share] = name
        if item in ("PLP", "LFKC"):
            self.closed.add(item)  # the item is its certificate from now on

    def buy_shares(self, action: dict) -> None:
        (share,) = action["shares"]
        corp = share.rsplit("_", 1)[0]
        if action["entity_type"] == "company":  # an investor private exchanged (4.5.2)
            private = action["entity"]
            name = self.owner[private]
            self.emit(f"exchange {name} {private}", action)
            self.closed.add(private)
            self.holder[share] = name
            return
        name = self.names[action["entity"]]
        was = self.holder.get(share, "ipo")
        if was == "pool":
            line = f"buy {name} {corp} pool"
        elif was == "ipo":
            line = f"buy {name} {corp}"
        else:  # from another player, without his consent: nationalisation (8.4)
            percent = percent_of(share)
            line = f"nationalize {name} {corp} {was}" + (" 20" if percent == 20 else "")
        self.emit(line, action)
        self.holder[share] = name

    def sell_shares(self, action: dict) -> None:
        shares = action["shares"]
        corp = shares[0].rsplit("_", 1)[0]
        name = self.names[action["entity"]]
        count = 1 if corp == "LFK" else action["percent"] // 10
        self.emit(f"sell {name} {corp} {count}", action)
        for share in shares:
            self.holder[share] = "pool"

    # -- operating -----------------------------------------------------------------
    def lay(self, action: dict) -> None:
        corp = self.corp_of(action)
        hex_ = action["hex"]
        if action["entity_type"] == "company":  # K's or H's free tile in a mountain (4.2)
            self.laid.add(hex_)
            self.emit(f"close {action['entity']}", action)
            self.closed.add(action["entity"])
        elif hex_ not in self.laid:
            self.laid.add(hex_)
            cost = TERRAIN.get(hex_, 0)
            if cost:
                self.emit(f"spend {corp} {cost} terrain", action)
        if hex_ == RAMMELSBACH_HEX and "R" not in self.closed and not self.rammelsbach_connected:
            self.rammelsbach_connected = True
            self.emit("income R 50", action)

    def token(self, action: dict) -> None:
        corp = action.get("tokener") or self.corp_of(action)
        placed = self.stations.get(corp, HOMES.get(corp, 1))
        self.stations[corp] = placed + 1
        prices = STATIONS[corp]
        price = prices[min(placed, len(prices) - 1)]
        if action["entity_type"] == "company":  # Weidenthal: half cost, and it closes (4.2)
            self.emit(f"spend {corp} {price // 2} token {action['entity']}", action)
            self.closed.add(action["entity"])
        elif price:
            self.emit(f"spend {corp} {price} token", action)

    def buy_train(self, action: dict) -> None:
        corp = action["entity"]
        train = action["train"]
        kind = action.get("variant") or train.rsplit("-", 1)[0]
        line, from_bank = self.train_line(corp, train, kind, action.get("price"))
        if from_bank:
            self.leave_depot(kind)
        self.emit(line, action)
        if corp == "Saar":
            self.closed.add("SPR")  # 4.3: it closes when Saar buys its first train

    def leave_depot(self, kind: str) -> None:
        if kind in self.seen:
            return
        self.seen.add(kind)
        rusted = RUSTS.get(kind)
        if rusted:
            for owned in self.corp_trains.values():
                owned[:] = [t for t in owned if t.rsplit("-", 1)[0] != rusted]
        if kind == "6E":
            self.closed.update(QUARRIES)
        if kind == "5+5":
            self.forced_exchange = True

    def exchange_all(self) -> None:
        """4.5.2: the stock round after the 5+5-train begins with every investor private
        exchanged by the bank (the tool does it, and so does the site: no line)."""
        self.forced_exchange = False
        for private, share in INVESTORS.items():
            if private not in self.closed and private in self.owner:
                self.closed.add(private)
                self.holder[share] = self.owner[private]

    def buy_company(self, action: dict) -> None:
        corp = action["entity"]
        private = action["company"]
        self.emit(f"buyprivate {corp} {private} {action['price']}", action)
        self.owner[private] = corp


def convert(
    game: dict,
    names: list[str] | None = None,
    fixture: str | None = None,
    figures: dict | None = None,
) -> str:
    """The banker script of one recorded 1847 AE game (its JSON as a dict); each line is
    played in the tool as it is written (the passes the site made by itself)."""
    if game["title"].replace(" ", "") != "1847AE":
        raise ValueError(f"{game['title']}: this converter reads 1847 AE games")
    players = game["players"]
    chosen = names or ORDINALS[: len(players)]
    by_id = {p["id"]: chosen[i] for i, p in enumerate(players)}
    converter = Converter(by_id, [p["id"] for p in players], int(game["id"]))
    for checkpoint in (figures or {}).get("checkpoints", []):
        converter.figures[int(checkpoint["after"])] = checkpoint
    game_line = "game 1847AE " + " ".join(chosen[: len(players)])
    converter.start(game_line)
    converter.convert(effective_actions(game["actions"]))
    seats = ", ".join(f"{p['name']} = {by_id[p['id']]}" for p in players)
    source = fixture or f"public/fixtures/1847AE/{game['id']}.json"
    header = textwrap.wrap(
        f"1847 AE, {len(players)} players: the recorded 18xx.games game {game['id']} "
        f"(public fixture tobymao/18xx {source}), converted by scripts/convert_1847ae.py; "
        f"players in seating order: {seats}. Terrain and stations are `spend` lines; the "
        "final `expect`s are the scores the game recorded.",
        width=92,
        initial_indent="# ",
        subsequent_indent="# ",
    )
    result = game.get("result") or {}
    scores = sorted(result.items(), key=lambda item: -item[1])
    final = (figures or {}).get("final")
    ends = ["# the site's figures at the end", *figure_lines(converter.game_id, by_id, final)]
    expects = (ends if final else []) + [
        line for pid, score in scores for line in converter.final_score(by_id[int(pid)], score)
    ]
    return "\n".join([*header, game_line, *converter.lines, *expects]) + "\n"


def figure_lines(game_id: int, by_id: dict[int, str], figures: dict) -> list[str]:
    """``expect`` lines of the site's figures (``--figures``: its engine's, printed by a
    throwaway driver, ``docs/recorded-games.md``): the bank, the players' cash, the cash of
    each floated railway and every price; the tool's figure where the printed rules make it
    differ (``FIGURE_DIFFERENCES``, with the reason above the line)."""
    values: list[tuple[str, int]] = []
    if "bank" in figures:
        values.append(("bank cash", figures["bank"]))
    values += [(f"{by_id[int(pid)]} cash", cash) for pid, cash in figures["players"].items()]
    for corp, entry in figures["corps"].items():
        if "cash" in entry:
            values.append((f"{corp} cash", entry["cash"]))
        values.append((f"{corp} price", entry["price"]))
    lines = []
    point = int(figures.get("after", 10**9))
    for what, value in values:
        since, delta, why = FIGURE_DIFFERENCES.get((game_id, what), (point + 1, 0, ""))
        if point >= since:
            lines.append(f"# {what}: the site {value}, the tool {value + delta}: {why}")
            value += delta
        lines.append(f"expect {what} {value}")
    return lines


def main(argv: list[str] | None = None) -> int:
    return converter_main(
        argv,
        doc=__doc__,
        what="1847 AE game",
        figures_help="the site's figures to check (`expect`s)",
        convert_game=lambda game, names, figures, file_name: convert(
            game, names, game.get("fixture") or f"public/fixtures/1847AE/{file_name}", figures
        ),
    )


if __name__ == "__main__":
    raise SystemExit(main())
