#!/usr/bin/env python3
"""Convert a recorded 18xx.games 1846 game (its JSON export) into a banker script.

Usage: ``python scripts/convert_1846.py GAME.json [-o OUT.script] [--names A,B,...]
[--figures FIGURES.json]``

1846 is its own converter (``scripts/convert_18xxgames.py`` does the 1830 family and 1817):
its opening is a draft, not an auction, its corporations issue and redeem their own shares,
two independent railroads run before them, and every tile costs money.  What it writes
(``../shared/spec/script.md``'s 1846 rows):

- ``game 1846 PLAYERS... [2e]`` (the site's default is the second edition; its optional rule
  ``first_ed`` is the first), the setup removals (``remove``: the privates nobody drafted,
  the corporations of the removal group nobody launched), then the draft's results
  (``private PLAYER PRIVATE PRICE``: the price after the last private's passes, 3.22).
- The stock rounds: ``par``, ``buy`` (``pool`` when the share is not one of the
  corporation's treasury shares), ``sell``, ``pass``.
- The operating rounds: ``issue``/``redeem`` (a corporation selling or buying its own
  shares; an issue after the dividend step the site skipped for a corporation without a
  train is 6.86's, written after ``run CORP 0``), the map's charges as ``spend`` lines,
  ``run CORP REVENUE [half|withhold]`` (an independent's ``run`` splits by itself),
  ``run CORP 0`` for a corporation without a train before it buys one, ``train``,
  ``discard``, ``buyprivate``, ``bankrupt``, ``done`` at each turn's end; ``run CORP 0`` and
  ``done CORP`` for a company the site let pass without an action.
- The final ``expect PLAYER value N``: the score the site recorded.

The revenue is the one the routes recorded (their bonuses included); older recordings kept
only the routes' hexes, and the converter adds up their stops: a laid tile's city, a printed
city, an off-board by the phase, the east-west bonus, the Mail Contract's $10 a stop on its
corporation's longest route, the Steamboat's, Meat Packing's and Boomtown's bonuses (until
phase IV); an N/M train counts its best N stops, one of them a station of the corporation
(in Chicago, the city the route runs through).

The map's charges are facts of the 1846 map (``../shared/facts/1846.md`` §4, §9) and rules
6.48 and 6.51-6.53, kept below: every tile lay or upgrade costs $20 or the hex's terrain,
whichever is more, the terrain only on the hex's first tile; a bridge, pass or tunnel
hexside costs its figure when the second track reaches it; the Tunnel Blasting Company takes
$20 off mountains and tunnels for its corporation; the Illinois Central lays yellow track in
its five land-grant hexes for $20 less (free, but a hexside's cost); the Michigan Central's,
Ohio & Indiana's and Lake Shore Line's lays are free, Little Miami's $20 cheaper.  A token
costs $80; a reserved spot $40 (6.53), the Pennsylvania's Fort Wayne and the Baltimore &
Ohio's Cincinnati token $60 and $100 where the corporation's track does not reach the city
(6.52); the Chicago & Western Indiana's token is free.  The converter follows the track laid
(tile, rotation) only to know when a hexside is crossed and whether a city is reached.

Where the recording leaves something to the site's own state (whose turn it is, a price, a
phase a corporation in receivership started by itself, whether a company closed), the
converter asks the tool: it plays each line it writes on a moderator game and reads that
game's state (:meth:`Converter.emit`).  Once the tool refuses a line, it reads on without.
``--figures`` adds the site's cash, prices and bank before chosen actions as `expect` lines
(the committed scripts check them at each round's start).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from convert_18xxgames import (  # scripts/, beside it
    ORDINALS,
    banker_id,
    converter_main,
    effective_actions,
)

from moderator.game import Game

# -- the setup (2.3; second edition: facts §5) ------------------------------------------
ALWAYS_IN = ("MS", "BIG4", "CWI", "MAIL")
PRIVATE_GROUPS_1E = (("MPC", "SC", "TBC"), ("LSL", "MC", "OI"))
PRIVATE_GROUPS_2E = (("MPC", "SC", "TBC", "BT"), ("LSL", "MC", "OI", "LM"))
CORPORATION_GROUP = ("CO", "ERIE", "PRR")
NEW_TURN = frozenset({"lay_tile", "place_token", "run_routes", "dividend", "buy_shares"})
"""What a company does before its run (6.2 A-D): after its run, the next operating round's."""
ENGINE_CORPS = ("PRR", "NYC", "B&O", "C&O", "ERIE", "GT", "IC")  # the site's ids
CORPORATION_REMOVALS = {3: 2, 4: 1, 5: 0}  # 2.3, in both editions (facts §4)

# -- the map (facts §4, §9; rules 6.48, 6.52, 6.53) -----------------------------------
# Edges of a pointy hex, numbered as the site numbers them: the neighbour across each edge
# as (columns, rows) moved: 0 lower left, 1 left, 2 upper left, 3 upper right, 4 right,
# 5 lower right.
NEIGHBOURS = {0: (-1, 1), 1: (-2, 0), 2: (-1, -1), 3: (1, -1), 4: (2, 0), 5: (1, 1)}
TERRAIN = {"F18": 40, "H16": 40, "G17": 40, "H14": 60, "C15": 40}  # the hex's first tile
MOUNTAINS = frozenset({"F18", "H16", "G17", "H14"})  # C15 (Detroit) is water
# Hexsides that cost when track crosses them: (hex, edge) -> (cost, mountain); each side of
# a hexside is listed (the cost is paid once).
HEXSIDES: dict[tuple[str, int], tuple[int, bool]] = {
    ("E19", 5): (40, True),
    ("F20", 2): (40, True),
    ("B16", 4): (40, True),
    ("B18", 1): (40, True),
    ("C15", 4): (60, True),
    ("C17", 1): (60, True),
    ("G19", 4): (20, True),
    ("G21", 1): (20, True),
    ("G19", 1): (20, False),
    ("G17", 4): (20, False),
    ("G19", 2): (40, False),
    ("F18", 5): (40, False),
    ("H12", 0): (40, False),
    ("I11", 3): (40, False),
    ("J4", 4): (40, False),
    ("J6", 1): (40, False),
}
IC_LAND_GRANT = frozenset({"E5", "F6", "G5", "H6", "J4"})  # 6.48: IC's yellow lays free
FREE_LAYS = frozenset({"MC", "OI", "LSL"})  # 6.48: their lays are free
LITTLE_MIAMI = "LM"  # second edition: its lays are $20 cheaper (facts §5)
TILE_COST = 20  # 6.48: every lay or upgrade costs at least this
TOKEN_COST = 80  # 6.51
RESERVED = {"PRR": "E11", "BO": "H12", "ERIE": "D20", "IC": "I5"}  # 6.53: $40 there
UNCONNECTED = {"PRR": 60, "BO": 100}  # 6.52: the token where the track does not reach
HOMES = {
    "PRR": "F20",
    "NYC": "D20",
    "BO": "G19",
    "CO": "I15",
    "ERIE": "E21",
    "GT": "B16",
    "IC": "K3",
    "MS": "C15",
    "BIG4": "G9",
    "CWI": "D6",
}

# What a stop pays, for the older recordings that kept only the routes' hexes: a laid tile's
# city, a printed city, an off-board by the phase (yellow in phases I-II, brown in III-IV).
CITY_REVENUE = {
    **dict.fromkeys(("5", "6", "57"), 20),
    **dict.fromkeys(("14", "15", "619"), 30),
    **dict.fromkeys(("611", "291", "292", "293", "298"), 40),
    **dict.fromkeys(("51", "294", "295", "296"), 50),
    "297": 60,
    **dict.fromkeys(("290", "299"), 70),
    "300": 90,
}
PRINTED_REVENUE = {
    **dict.fromkeys(("F20", "I5", "E21", "D6", "D20", "G19"), 10),
    **dict.fromkeys(("I15", "K3"), 20),
    "C15": 40,
}
OFFBOARDS = {
    "B8": (40, 10),
    "B18": (30, 50),
    "C5": (20, 40),
    "C17": (40, 60),
    "C21": (30, 60),
    "D22": (30, 60),
    "E23": (20, 50),
    "I17": (20, 50),
    "F22": (30, 70),
    "G21": (30, 70),
    "H20": (20, 40),
    "I1": (50, 70),
    "J10": (50, 70),
}
# The east-west bonus (a route from an eastern to a western off-board): the two printed
# figures added.
EAST = {
    **dict.fromkeys(("B18", "I17", "F22", "G21"), 20),
    **dict.fromkeys(("C17", "C21", "D22", "E23", "H20"), 30),
}
WEST = {"C5": 50, "I1": 20}
CHICAGO = "D6"
CHICAGO_EDGES = (0, 3, 4, 5)  # each city's own edge (cities 0-3); all four share edge 2
PORTS = {"B8": 2, "G19": 2, "C5": 1, "D14": 1, "I1": 1}  # the Steamboat's $20 a port
PHASE_OF = {"4": 2, "3/5": 2, "5": 3, "4/6": 3, "6": 4, "7/8": 4}  # the first one bought


# Track: each tile as its paths, an edge (0-5) to an edge or to a city ("c", "c1"...).
_CITY_TILE = {
    "5": "01",
    "6": "02",
    "57": "03",
    "14": "0134",
    "15": "0123",
    "619": "0234",
    "611": "01234",
    "51": "01234",
    "290": "01234",
    "291": "01",
    "292": "02",
    "293": "03",
    "294": "0134",
    "295": "0123",
    "296": "0234",
    "297": "01234",
}
_PLAIN_TILE = {
    "7": "01",
    "8": "02",
    "9": "03",
    "16": "02 13",
    "17": "13 04",
    "18": "03 12",
    "19": "03 24",
    "20": "03 14",
    "21": "02 34",
    "22": "04 23",
    "23": "03 04",
    "24": "03 02",
    "25": "02 04",
    "26": "03 05",
    "27": "03 01",
    "28": "04 05",
    "29": "02 01",
    "30": "04 01",
    "31": "02 05",
    "39": "02 01 12",
    "40": "02 24 04",
    "41": "03 01 13",
    "42": "03 35 05",
    "43": "03 02 13 12",
    "44": "03 14 01 34",
    "45": "03 24 04 23",
    "46": "03 24 34 02",
    "47": "03 14 13 04",
    "70": "01 02 13 23",
}
_CHICAGO = [(0, "c0"), (2, "c0"), (3, "c1"), (2, "c1"), (4, "c2"), (2, "c2"), (5, "c3"), (2, "c3")]
Path_ = tuple[int | str, int | str]


def _tile_paths(tile: str) -> list[Path_]:
    if tile in ("298", "299", "300"):
        return list(_CHICAGO)
    if tile in _CITY_TILE:
        return [(int(e), "c") for e in _CITY_TILE[tile]]
    return [(int(p[0]), int(p[1])) for p in _PLAIN_TILE[tile].split()]


# The printed hexes with track: gray and yellow cities, red off-boards (a route ends there:
# "o"), the two gray track hexes.
PRINTED: dict[str, list[Path_]] = {
    "A15": [(0, 5)],
    "C7": [(0, 5)],
    "F20": [(e, "c") for e in (1, 2, 4, 5)],
    "I5": [(e, "c") for e in (0, 1, 3, 4)],
    "I15": [(e, "c") for e in (2, 3, 4)],
    "E21": [(e, "c") for e in (1, 2, 4)],
    "K3": [(3, "c")],
    "C15": [(1, "c"), (3, "c")],
    "D6": [(0, "c0"), (3, "c1"), (4, "c2"), (5, "c3")],
    "D20": [(e, "c") for e in (0, 1, 3)],
    "G19": [(5, "c")],
    **{
        hex_: [(e, "o") for e in edges]
        for hex_, edges in {
            "B8": (4,),
            "B18": (1,),
            "C5": (5,),
            "C17": (1,),
            "C21": (0,),
            "D22": (1,),
            "E23": (1,),
            "I17": (1,),
            "F22": (1,),
            "G21": (1, 2),
            "H20": (2,),
            "I1": (3, 4),
            "J10": (2, 3),
        }.items()
    },
}


def neighbour(hex_: str, edge: int) -> str:
    """The hex across ``edge`` (letters are rows, numbers columns)."""
    row, column = hex_[0], int(hex_[1:])
    dc, dr = NEIGHBOURS[edge]
    return f"{chr(ord(row) + dr)}{column + dc}"


@dataclass
class Map:
    """The track on the map, as far as the charges need it."""

    laid: dict[str, list[Path_]] = field(default_factory=dict)  # hex -> its tile's paths
    tile_hex: dict[str, str] = field(default_factory=dict)  # tile id -> hex
    tile_of: dict[str, str] = field(default_factory=dict)  # hex -> its tile's number
    first_paid: set[str] = field(default_factory=set)  # hexes whose terrain was charged
    crossed: set[frozenset[tuple[str, int]]] = field(default_factory=set)

    def paths(self, hex_: str) -> list[Path_]:
        return self.laid.get(hex_, PRINTED.get(hex_, []))

    def exits(self, hex_: str) -> set[int]:
        return {end for path in self.paths(hex_) for end in path if isinstance(end, int)}

    def lay(self, hex_: str, tile_id: str, rotation: int) -> None:
        tile = tile_id.rsplit("-", 1)[0]
        self.tile_hex[tile_id] = hex_
        self.tile_of[hex_] = tile
        self.laid[hex_] = [
            tuple((end + rotation) % 6 if isinstance(end, int) else end for end in path)  # type: ignore[misc]
            for path in _tile_paths(tile)
        ]

    def new_hexsides(self, hex_: str) -> list[tuple[int, bool]]:
        """The hexsides the track of ``hex_`` now crosses for the first time: both sides
        have track to them (6.48: the second track to reach one pays)."""
        out = []
        for edge in sorted(self.exits(hex_)):
            cost = HEXSIDES.get((hex_, edge))
            if cost is None:
                continue
            other = neighbour(hex_, edge)
            side = frozenset({(hex_, edge), (other, (edge + 3) % 6)})
            if side in self.crossed or (edge + 3) % 6 not in self.exits(other):
                continue
            self.crossed.add(side)
            out.append(cost)
        return out

    def reaches(self, stations: set[str], target: str) -> bool:
        """Whether track runs from a city holding one of the corporation's stations to the
        city in ``target`` (6.47; cities that other stations block are not followed: the
        rule's exception is rare and the site's reading is the same for the games here)."""
        todo: list[tuple[str, int | str]] = [(h, "c") for h in stations]
        todo += [(h, c) for h in stations for p in self.paths(h) for c in p if c not in ("c",)]
        seen: set[tuple[str, int | str]] = set()
        while todo:
            hex_, node = todo.pop()
            if (hex_, node) in seen:
                continue
            seen.add((hex_, node))
            if hex_ == target and isinstance(node, str) and node.startswith("c"):
                return True
            for path in self.paths(hex_):
                if node not in path:
                    continue
                other = path[1] if path[0] == node else path[0]
                if isinstance(other, str):
                    if other.startswith("c"):
                        todo.append((hex_, other))
                    continue  # an off-board: a route ends there
                if isinstance(node, int) and other == node:
                    continue
                across = neighbour(hex_, other)
                back = (other + 3) % 6
                if back in self.exits(across):
                    todo.append((across, back))
        return False


@dataclass
class Converter:
    """Folds an 1846 game's actions into banker lines, keeping the little state they need."""

    names: dict[int, str]
    seating: list[int]
    in_game_privates: int
    lines: list[str] = field(default_factory=list)
    drafted: dict[str, tuple[int, int]] = field(default_factory=dict)  # private -> (pid, $)
    draft_over: bool = False
    draft_passes: int = 0  # passes on the last private since the last pick (3.22)
    owner: dict[str, str] = field(default_factory=dict)  # private -> player name or corp
    # The ids of the shares in the corporations' treasuries (5.34: the eight 10% shares); a
    # share bought that is not among them comes from the Stock Market.  (Elsewhere the ids
    # tell nothing: a presidency change swaps certificates between players.)
    treasury: set[str] = field(
        default_factory=lambda: {f"{c}_{i}" for c in ENGINE_CORPS for i in range(1, 9)}
    )
    trains: dict[str, list[str]] = field(  # company -> train ids (the independents' 2s)
        default_factory=lambda: {"MS": ["2-0"], "BIG4": ["2-1"]}
    )
    variant: dict[str, str] = field(default_factory=dict)  # train id -> the variant bought
    stations: dict[str, set[str]] = field(default_factory=dict)  # corp -> hexes
    map: Map = field(default_factory=Map)
    phase: int = 1  # I-IV as 1-4, from the trains bought (see `phase_now`)
    parred: dict[str, str] = field(default_factory=dict)  # corporation -> who launched it
    chicago: dict[str, int] = field(default_factory=dict)  # corp -> its city in Chicago
    revenues: dict[int, int] = field(default_factory=dict)  # run action -> its revenue
    assigned: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    """The Steamboat's and Meat Packing's markers: private -> (hex, company)."""
    turn: str | None = None
    ran: bool = False
    revenue: int = 0
    tool: Game | None = None  # the lines written so far, played (see `closed`)
    second_edition: bool = False
    launched_ever: set[str] = field(default_factory=set)
    lays: int = 0  # the turn's tile lays (a private's not counted)
    tokened: bool = False  # the turn's station placed
    passed: bool = False  # the company passed a step this turn

    figures: dict[int, dict] = field(default_factory=dict)  # action id -> the site's state

    def emit(self, line: str) -> None:
        self.lines.append(line)
        if self.tool is not None and not line.startswith("#"):
            if not self.tool.execute(line).ok:
                self.tool = None  # refused: the tool is no longer followed (see `closed`)

    def closed(self, company: str) -> bool:
        """Whether ``company`` has closed (its price at $0, 8), as the tool that plays the
        lines written so far says: the site ends its turn then, so no `done` follows.  Once
        the tool refuses a line (the replay will show which), nothing is closed."""
        if self.tool is None:
            return False
        found = self.tool.state.ledger.companies.get(company)
        return found is not None and found.closed

    def checkpoint(self, action: dict) -> None:
        """``--figures``: the site's cash and prices just before ``action`` (where the
        figures have a set for it), as `expect` lines."""
        snap = self.figures.pop(action.get("id", -1), None)
        if snap is None:
            return
        self.emit(f"# figures before action {action['id']} ({snap['round']})")
        for pid, cash in snap["players"].items():
            name = self.names.get(pid) or self.names[int(pid)]  # ids as text, or names
            self.emit(f"expect {name} cash {cash}")
        for corp, (cash, price) in snap["corps"].items():
            self.emit(f"expect {banker_id(corp)} cash {cash}")
            if price is not None:
                self.emit(f"expect {banker_id(corp)} price {price}")
        # once broken, the site's bank goes below $0 where the tool pays from the reserve
        if snap.get("bank", -1) >= 0:
            self.emit(f"expect bank cash {snap['bank']}")

    # -- the draft (3) --------------------------------------------------------------
    def draft(self, action: dict) -> bool:
        """A draft action: a pick (``bid``) or a pass on the last private (3.22)."""
        if self.draft_over:
            return False
        kind = action["type"]
        if kind == "bid":
            company = action["company"]
            if not company.startswith("Pass"):
                # 3.22: each pass on the last private took $10 off its price (an
                # independent's debt stays: the `private` line adds it)
                price = max(0, int(action["price"]) - 10 * self.draft_passes)
                self.drafted[banker_id(company)] = (action["entity"], price)
            self.draft_passes = 0
            if len(self.drafted) == self.in_game_privates:
                self.draft_over = True
                for line in self.setup_lines(self.second_edition, self.launched_ever):
                    self.emit(line)
            return True
        if kind == "pass" and action["entity_type"] == "player" and self.drafted:
            self.draft_passes += 1
            return True
        return False

    def setup_lines(self, second_edition: bool, launched: set[str]) -> list[str]:
        """``remove`` (2.3) and ``private`` (3.23) lines, from who drafted what."""
        n = len(self.seating)
        removed: list[str] = []
        groups = PRIVATE_GROUPS_2E if second_edition else PRIVATE_GROUPS_1E
        for group in groups:
            removed += [p for p in group if p not in self.drafted]
        notes = []
        quota = CORPORATION_REMOVALS[n]
        if quota:
            never = [c for c in CORPORATION_GROUP if c not in launched]
            removed += never[:quota]
            if len(never) > quota:
                notes.append(
                    f"# of {', '.join(never)} (never launched) {quota} left the game: which is "
                    "not recorded and changes no money (the certificate limit counts them)"
                )
        out = notes + ([f"remove {' '.join(removed)}"] if removed else [])
        for private, (pid, price) in self.drafted.items():
            self.owner[private] = self.names[pid]
            out.append(f"private {self.names[pid]} {private} {price}")
        return out

    # -- turns ------------------------------------------------------------------------
    def corp_of(self, action: dict) -> str:
        if action["entity_type"] == "company":
            return self.owner.get(banker_id(action["entity"]), "")
        return banker_id(action["entity"])

    def start_turn(self, corp: str) -> None:
        if corp == self.turn:
            return
        self.end_turn()
        self.skipped(corp)
        self.turn = corp
        self.ran = False
        self.revenue = 0
        self.lays = 0
        self.tokened = False
        self.passed = False

    def skipped(self, corp: str | None) -> None:
        """The companies the site let pass without an action (an independent without a
        route, 6.2 NOTE) before ``corp``'s turn (None: before the stock round): each runs
        for nothing and ends its turn, as the tool that follows the lines says who
        operates."""
        while self.tool is not None:
            state = self.tool.state
            current = state.operating
            if state.round_kind != "OR" or current is None or current == corp:
                return
            if not state.ran:
                self.emit(f"run {current} 0")
            if self.tool is not None and not self.closed(current):
                self.emit(f"done {current}")
            if self.tool is not None and self.tool.state.operating == current:
                return  # the tool did not move on: leave it to the replay to say why

    def emergency_issue(self, corp: str, action: dict) -> bool:
        """Whether a corporation's issue is 6.86's, for a forced train purchase after the
        dividend step the site skipped (it has no train): the price each share brought
        says it, one value left of the price for a normal issue (6.31), more for 6.86's
        (the tool knows the price); without it, :meth:`past_run`."""
        if self.tool is not None and "share_price" in action:
            normal = self.tool.state.linear().value_at_offset(corp, -1)
            return int(action["share_price"]) != normal
        return self.past_run(corp)

    def past_run(self, corp: str) -> bool:
        """Whether the site has moved a corporation without a train past its dividend step:
        its track step is over (a pass, or two tiles and a station: 6.43, 6.51)."""
        if self.tool is not None:
            if self.tool.state.company(corp).trains:  # the tool also sees trains rust (9)
                return False
        elif self.trains.get(corp):
            return False
        return self.passed or (self.lays >= 2 and self.tokened)

    def end_turn(self) -> None:
        if self.turn is None:
            return
        if self.tool is not None and self.tool.state.ended:
            # the game ended in this turn (a bankruptcy left one player, 10.2): the site
            # may still buy the corporation's train; the scores stand as they are
            self.turn = None
            return
        if not self.ran:
            self.emit(f"run {self.turn} 0")
        if not self.closed(self.turn):
            self.emit(f"done {self.turn}")
        self.turn = None

    # -- the map's charges (6.48, 6.51-6.53) -------------------------------------------
    def lay(self, corp: str, action: dict) -> None:
        hex_ = action["hex"]
        by = banker_id(action["entity"]) if action["entity_type"] == "company" else None
        first = hex_ not in self.map.first_paid
        self.map.first_paid.add(hex_)
        self.map.lay(hex_, action["tile"], int(action["rotation"]))
        hexsides = self.map.new_hexsides(hex_)
        if by in FREE_LAYS:
            return  # 6.48: free, hexsides included
        tbc = self.owner.get("TBC") == corp and self.phase_now() < 3
        terrain = TERRAIN.get(hex_, 0) if first else 0
        if tbc and hex_ in MOUNTAINS:
            terrain = max(0, terrain - 20)
        cost = max(TILE_COST, terrain)
        extra = sum(c - (min(20, c) if tbc and mountain else 0) for c, mountain in hexsides)
        cost += extra
        if corp == "IC" and hex_ in IC_LAND_GRANT and first:
            cost -= min(cost, 20)  # 6.48: the land grant's yellow track is free
        if by == LITTLE_MIAMI:
            cost -= min(cost, 20)
        if cost:
            kind = "terrain" if terrain > TILE_COST or extra else "tile"
            self.emit(f"spend {corp} {cost} {kind}")

    def token(self, corp: str, action: dict) -> None:
        tile = action["city"].rsplit("-", 1)[0]  # TILE-N-CITY: a laid tile, or HEX-N-CITY
        hex_ = self.map.tile_hex.get(tile, tile.split("-")[0])
        mine = self.stations.setdefault(corp, {HOMES[corp]} if corp in HOMES else set())
        if hex_ == CHICAGO:  # which of its cities: a route through another has no station
            self.chicago[corp] = int(action["city"].rsplit("-", 1)[1])
        if action["entity_type"] == "company":  # the C&WI's spot in Chicago: free
            mine.add(hex_)
            return
        price = TOKEN_COST
        if RESERVED.get(corp) == hex_:
            price = 40
            if corp in UNCONNECTED and not self.map.reaches(mine, hex_):
                price = UNCONNECTED[corp]
        mine.add(hex_)
        self.emit(f"spend {corp} {price} token")

    def phase_now(self) -> int:
        """The phase (I-IV as 1-4): the tool's, which also sees the trains a corporation in
        receivership buys by itself (7.14); from the trains bought once it is not followed."""
        if self.tool is not None:
            return ("I", "II", "III", "IV").index(self.tool.state.phase) + 1
        return self.phase

    # -- revenue from the stops (older recordings) -------------------------------------
    def assign(self, action: dict) -> None:
        """The Steamboat's or Meat Packing's marker placed on a hex or a company."""
        private = banker_id(action["entity"])
        hex_, company = self.assigned.get(private, (None, None))
        if action.get("target_type") == "hex":
            hex_ = action["target"]
        else:
            company = banker_id(action["target"])
        self.assigned[private] = (hex_, company)

    def routes_revenue(self, corp: str, routes: list[dict]) -> int:
        """The run's revenue: as the recording kept it, or from the stops of each route
        (the hexes at the ends of its connections) where it kept only the hexes."""
        if all("revenue" in route for route in routes):
            return sum(int(route["revenue"]) for route in routes)
        stops = [self.route_stops(route) for route in routes]
        mail = -1
        if self.owner.get("MAIL") == corp:  # $10 a stop on the route with the most (facts §5)
            mail = max(range(len(routes)), key=lambda i: (len(stops[i]), routes[i]["train"]))
        total = 0
        for i, route in enumerate(routes):
            kind = self.variant.get(route["train"], route["train"].rsplit("-", 1)[0])
            pays = int(kind.split("/")[0]) if "/" in kind else len(stops[i])
            total += self.best_stops(corp, stops[i], pays, self.chicago_city(route))
            if i == mail:
                total += 10 * len(stops[i])
        return total

    @staticmethod
    def route_stops(route: dict) -> list[str]:
        """A route's stops: the hexes its connections start or end in."""
        found: list[str] = []
        for connection in route["connections"]:
            for hex_ in (connection[0], connection[-1]):
                if hex_ not in found:
                    found.append(hex_)
        return found

    def best_stops(self, corp: str, stops: list[str], pays: int, city: int | None) -> int:
        """The best revenue of ``pays`` of the route's stops (an N/M train counts N, one of
        them a station of the corporation where it can, facts §7)."""
        from itertools import combinations

        mine = set(self.stations.get(corp, {HOMES.get(corp, "")}))
        if city is not None and CHICAGO in mine and self.chicago.get(corp, city) != city:
            mine.discard(CHICAGO)  # its station is in another of Chicago's cities
        best, best_with_station = -1, -1
        for chosen in combinations(stops, min(pays, len(stops))):
            value = self.stops_revenue(corp, list(chosen))
            best = max(best, value)
            if mine & set(chosen):
                best_with_station = max(best_with_station, value)
        return best_with_station if best_with_station >= 0 else best

    def chicago_city(self, route: dict) -> int | None:
        """Which of Chicago's four cities the route runs through: the one on the track to
        the neighbour it comes from or goes to (each city's own edge; the edge they share
        toward Chicago Connections, C5, tells none)."""
        for connection in route["connections"]:
            for end, after in ((0, 1), (-1, -2)):
                if connection[end] != CHICAGO or len(connection) < 2:
                    continue
                edge = next(
                    (e for e in range(6) if neighbour(CHICAGO, e) == connection[after]), None
                )
                if edge in CHICAGO_EDGES:
                    return CHICAGO_EDGES.index(edge)
        return None

    def stops_revenue(self, corp: str, stops: list[str]) -> int:
        """What the stops pay, with the east-west bonus and the private companies' bonuses
        (Steamboat, Meat Packing, Boomtown: until phase IV, facts §5)."""
        total = 0
        for hex_ in stops:
            if hex_ in OFFBOARDS:
                total += OFFBOARDS[hex_][self.phase_now() >= 3]
            elif hex_ in self.map.laid:
                total += CITY_REVENUE.get(self.map.tile_of[hex_], 0)
            else:
                total += PRINTED_REVENUE.get(hex_, 0)
        east = [EAST[h] for h in stops if h in EAST]
        west = [WEST[h] for h in stops if h in WEST]
        if east and west:
            total += east[0] + west[0]
        if self.phase_now() < 4:
            total += self.bonus(corp, stops)
        return total

    def bonus(self, corp: str, stops: list[str]) -> int:
        total = 0
        sc_hex, sc_company = self.assigned.get("SC", (None, None))
        sc_owner = self.owner.get("SC")
        if sc_owner is not None and sc_owner not in self.names.values():
            sc_company = sc_owner  # a corporation's Steamboat is its own
        elif self.phase_now() >= 3:
            sc_hex = None  # a player's Steamboat closed with its bonus (facts §7)
        if sc_company == corp and sc_hex in stops:
            total += 20 * PORTS.get(sc_hex, 0)
        mpc_hex, _ = self.assigned.get("MPC", (None, None))
        if self.owner.get("MPC") == corp and mpc_hex in stops:
            total += 30
        if self.owner.get("BT") == corp and "H12" in stops:
            total += 20
        return total

    # -- trains ------------------------------------------------------------------------
    def buy_train(self, corp: str, action: dict) -> None:
        if not self.ran:
            self.emit(f"run {corp} 0")
            self.ran = True
        train = action["train"]
        seller = next((c for c, owned in self.trains.items() if train in owned), None)
        if seller is None:
            kind = action.get("variant") or train.rsplit("-", 1)[0]
            self.variant[train] = kind
            self.emit(f"train {corp} {kind}")
            self.phase = max(self.phase, PHASE_OF.get(kind, 1))
        else:
            kind = self.variant.get(train, train.rsplit("-", 1)[0])
            self.trains[seller].remove(train)
            self.emit(f"train {corp} {kind} from {seller} {action['price']}")
        self.trains.setdefault(corp, []).append(train)

    # -- the fold ----------------------------------------------------------------------
    def convert(self, actions: list[dict]) -> None:  # noqa: C901, PLR0912 - one branch per kind
        for i, action in enumerate(actions):
            kind = action["type"]
            if kind in ("log", "message") or self.draft(action):
                continue
            is_player = action["entity_type"] == "player"
            if is_player:
                if kind != "sell_shares" or not self.forced_sale(actions[i + 1 :]):
                    self.end_turn()
                    if kind != "bankrupt":
                        self.skipped(None)
                    self.checkpoint(action)
                self.player_action(action)
                continue
            by_company = action["entity_type"] == "company"
            if kind == "assign":
                self.assign(action)
                continue
            if kind == "pass" and by_company:
                continue
            corp = self.corp_of(action)
            if corp == self.turn and self.ran and kind in NEW_TURN and not by_company:
                self.end_turn()  # the same company again: the next operating round's turn
            self.start_turn(corp)
            self.checkpoint(action)
            if kind == "lay_tile":
                self.lay(corp, action)
                self.lays += action["entity_type"] != "company"
            elif kind == "place_token":
                self.token(corp, action)
                self.tokened = True
            elif kind == "run_routes":
                self.revenue = self.routes_revenue(corp, action["routes"])
                self.revenues[action.get("id", -1)] = self.revenue
                if action["entity_type"] == "minor":
                    self.emit(f"run {corp} {self.revenue}")  # split by itself (6.2 NOTE)
                    self.ran = True
            elif kind == "dividend":
                how = {"payout": "", "withhold": " withhold", "half": " half"}[action["kind"]]
                self.emit(f"run {corp} {self.revenue}{how}")
                self.ran = True
            elif kind == "sell_shares":
                if not self.ran and self.emergency_issue(corp, action):
                    # 6.86: shares issued for a forced train purchase, after the dividend
                    # step the site skipped for a corporation without a train
                    self.emit(f"run {corp} 0")
                    self.ran = True
                self.emit(f"issue {corp} {len(action['shares'])}")
                self.treasury.difference_update(action["shares"])
            elif kind == "buy_shares":
                self.emit(f"redeem {corp} {len(action['shares'])}")
                self.treasury.update(action["shares"])
            elif kind == "buy_train":
                self.buy_train(corp, action)
            elif kind == "discard_train":
                train = action["train"]
                self.trains[corp].remove(train)
                kind_ = self.variant.get(train, train.rsplit("-", 1)[0])
                self.emit(f"discard {corp} {kind_}")
            elif kind == "buy_company":
                private = banker_id(action["company"])
                self.emit(f"buyprivate {corp} {private} {action['price']}")
                self.owner[private] = corp
                if private in ("MS", "BIG4"):
                    self.stations.setdefault(corp, {HOMES[corp]}).add(HOMES[private])
                    self.trains.setdefault(corp, []).extend(self.trains.pop(private, []))
            elif kind == "bankrupt":
                if not self.ran:
                    self.emit(f"run {corp} 0")
                    self.ran = True
                self.emit(f"bankrupt {self.president(corp)}")
            elif kind == "end_game":
                # the players ended the game here: the turn is left as it stands (the
                # scores are those of this moment)
                self.emit("# the game was ended by its players here")
                self.turn = None
            elif kind == "pass":
                self.passed = True
            else:
                raise ValueError(f"action {action.get('id')}: type {kind!r} is not converted")
        self.end_turn()

    def president(self, corp: str) -> str:
        """The corporation's president, as the tool playing the lines says (6.89: the
        bankrupt player)."""
        if self.tool is None:  # a line was refused: the one who launched it, at a guess
            return self.parred.get(corp, corp)
        return str(self.tool.state.company(corp).president())

    def forced_sale(self, following: list[dict]) -> bool:
        """A player's sale followed by a company's action is a president's sale for its
        train (6.88): in the company's turn, after its run."""
        for action in following:
            if action["type"] in ("sell_shares", "log", "message"):
                continue
            return action["entity_type"] != "player"
        return False

    def player_action(self, action: dict) -> None:
        kind = action["type"]
        name = self.names[action["entity"]]
        if kind == "par":
            corp = banker_id(action["corporation"])
            price = int(str(action["share_price"]).split(",")[0])
            self.emit(f"par {name} {corp} {price}")
            self.parred[corp] = name
        elif kind == "buy_shares":
            for share in action["shares"]:
                corp = banker_id(share.rsplit("_", 1)[0])
                source = "" if share in self.treasury else " pool"
                self.emit(f"buy {name} {corp}{source}")
                self.treasury.discard(share)
        elif kind == "sell_shares":
            corp = banker_id(action["shares"][0].rsplit("_", 1)[0])
            self.emit(f"sell {name} {corp} {action['percent'] // 10}")
        elif kind == "pass":
            self.emit(f"pass {name}")
        elif kind == "bankrupt":
            self.emit(f"bankrupt {name}")
        elif kind == "end_game":
            self.emit("# the game was ended by its players here")
        elif kind not in ("program_share_pass",):
            raise ValueError(f"action {action.get('id')}: a player's {kind!r} is not converted")


def launched_corporations(actions: list[dict]) -> set[str]:
    return {banker_id(a["corporation"]) for a in actions if a["type"] == "par"}


def convert(
    game: dict,
    names: list[str] | None = None,
    fixture: str | None = None,
    figures: list[dict] | None = None,
) -> str:
    """The banker script of one recorded 1846 game (its JSON as a dict)."""
    if game["title"] != "1846":
        raise ValueError(f"{game['title']}: this converter reads 1846 games only")
    players = game["players"]
    n = len(players)
    chosen = names or ORDINALS[:n]
    # players by id (by name in the oldest recordings, whose players have no id)
    by_id = {p.get("id", p["name"]): chosen[i] for i, p in enumerate(players)}
    rules = (game.get("settings") or {}).get("optional_rules") or []
    second = "first_ed" not in rules
    actions = effective_actions(game["actions"])
    converter = Converter(by_id, list(by_id), len(ALWAYS_IN) + 2 * (n - 2))
    converter.figures = {f["before"]: f for f in figures or [] if f["before"] is not None}
    converter.second_edition = second
    converter.launched_ever = launched_corporations(actions)
    game_line = "game 1846 " + " ".join(chosen[:n]) + (" 2e" if second else "")
    converter.tool = Game.new("1846", list(chosen[:n]) + (["2e"] if second else []), None)
    converter.convert(actions)
    seats = ", ".join(f"{p['name']} = {name}" for p, name in zip(players, chosen, strict=False))
    fixture = fixture or game.get("fixture") or f"public/fixtures/1846/{game['id']}.json"
    edition = "second edition" if second else "first edition (the site's option first_ed)"
    header = textwrap.wrap(
        f"1846, {n} players, {edition}: the recorded 18xx.games game {game['id']} (public "
        f"fixture tobymao/18xx {fixture}), converted by scripts/convert_1846.py; players in "
        f"seating order: {seats}. Track and stations the map charges for are `spend` lines; "
        "the final `expect`s are the scores the game recorded."
        + (
            " Each `# figures before action N` block holds the players' and corporations' "
            "cash, the prices and the bank that the 18xx.games engine printed at a round's "
            "start."
            if figures
            else ""
        ),
        width=92,
        initial_indent="# ",
        subsequent_indent="# ",
    )
    result = game.get("result") or {}
    scores = sorted(result.items(), key=lambda item: -item[1])
    # the result is keyed by the players' ids (by their names in some older recordings)
    by_key = {str(pid): name for pid, name in by_id.items()}
    by_key.update({p["name"]: name for p, name in zip(players, by_id.values(), strict=True)})
    expects = [f"expect {by_key[str(pid)]} value {score}" for pid, score in scores]
    return "\n".join([*header, game_line, *converter.lines, *expects]) + "\n"


def main(argv: list[str] | None = None) -> int:
    return converter_main(
        argv,
        doc=__doc__,
        what="1846 game",
        figures_help="the site's cash and prices before each action (a list of "
        '{"before": ACTION_ID, "round": TEXT, "players": {ID: CASH}, "corps": {CORP: '
        "[CASH, PRICE]}}), written as `expect` lines before those actions",
        convert_game=lambda game, names, figures, file_name: convert(
            game, names, game.get("fixture") or f"public/fixtures/1846/{file_name}", figures
        ),
    )


if __name__ == "__main__":
    raise SystemExit(main())
