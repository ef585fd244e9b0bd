"""1830 (Railways & Robber Barons): the Avalon Hill rulebook's tables and its exceptions.

Rule numbers are those of the Avalon Hill "1830 Rules of Play" (sections 1.0-25.0, Tables
1-8); component numbers come from ``shared/facts/1830.md``, whose §12 lists where the
public implementation reads the rules otherwise.  The family's flow is
:class:`rulesets.family1830.Family1830` (1889 and 18Chesapeake play it too), over the
shared engine: the
opening sale of the privates (:mod:`rulesets.auction`, 7.0-7.3), privates sold between
players (:mod:`rulesets.private_trade`, 23.1), stock turns buying and selling in either
order (:mod:`rulesets.stock`, 4.0), full capitalisation
(:mod:`rulesets.capital`, 8.1, 11.0), the 2-D market (:mod:`rulesets.grid`, 8.2), the D
trade-in (:mod:`rulesets.trains`, 21.0) and a bankrupt president's sales
(:mod:`rulesets.operating`, 24.0).  Where the rules are silent, the reading a banker
expects is written beside the code (and in ``docs/script.md``).
"""

from __future__ import annotations

from moderator.fixes import follows
from moderator.state import GameState
from rulesets.exchange import ExchangeRule
from rulesets.family1830 import Family1830, FreeCertificate
from rulesets.grid import grid_from_text

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

    from moderator.ledger import Company

# --------------------------------------------------------------------- tables
_MARKET = """
60y 67 71 76 82 90 100p 112 126 142 160 180 200 225 250 275 300 325 350
53y 60y 66 70 76 82 90p 100 112 126 142 160 180 200 220 240 260 280 300
46y 55y 60y 65 70 76 82p 90 100 111 125 140 155 170 185 200
39o 48y 54y 60y 66 71 76p 82 90 100 110 120 130
32o 41o 48y 55y 62 67 71p 76 82 90 100
25b 34o 42o 50y 58y 65 67p 71 75 80
18b 27b 36o 45o 54y 63 67 69 70
10b 20b 30b 40o 50y 60y 67 68
- 10b 20b 30b 40o 50y 60y
- - 10b 20b 30b 40o 50y
- - - 10b 20b 30b 40o
"""
"""The stock market (facts §4), row 0 at the top: ``y`` yellow, ``o`` orange, ``b`` brown
(10.0), ``p`` a red-edged par space (8.1), ``-`` no space."""
GRID, ZONES, PAR_CELL = grid_from_text(_MARKET)
"""8.1: the par prices, 67 to 100, each on its red-edged space."""

CORPORATIONS = (
    ("PRR", "Pennsylvania"),
    ("NYC", "New York Central"),
    ("CPR", "Canadian Pacific"),
    ("BO", "Baltimore & Ohio"),
    ("CO", "Chesapeake & Ohio"),
    ("ERIE", "Erie"),
    ("NYNH", "New York, New Haven & Hartford"),
    ("BM", "Boston & Maine"),
)
"""Table 2; each has a 20% president's certificate and eight 10% ones (8.0)."""
PRIVATES = (
    ("SV", "Schuylkill Valley", 20, 5),
    ("CS", "Champlain & St. Lawrence", 40, 10),
    ("DH", "Delaware & Hudson", 70, 15),
    ("MH", "Mohawk & Hudson", 110, 20),
    ("CA", "Camden & Amboy", 160, 25),
    ("BOP", "Baltimore & Ohio private", 220, 30),
)
"""Table 1: id, name, face value, revenue.  ``BOP`` is the private, ``BO`` the railroad."""
BANK_TOTAL = 12_000
"""Table 8; the players' $2,400 comes out of it (2.0)."""
PLAYERS_CASH = 2_400
CERT_LIMIT = {2: 28, 3: 20, 4: 16, 5: 13, 6: 11}
"""Table 3; privates count (its note), the yellow zone does not (10.0).  Two players: 28,
and $1,200 each by 2.0's equal shares (facts D3)."""
HOLDING_LIMIT = 5
"""10.0: certificates of one corporation a player may hold, outside orange and brown: 60%
for a president, 50% for anyone else (10.0 counts certificates: facts D6)."""
TRAINS = {"2": 80, "3": 180, "4": 300, "5": 450, "6": 630, "D": 1100}
COUNTS = {"2": 6, "3": 5, "4": 4, "5": 3, "6": 2, "D": 6}
"""Table 4: six Ds (facts D4; the option ``sixes3`` adds a third 6)."""
OPTIONS = ("brownpool", "sixes3")
PHASE_NOTES = {
    "3": ("green tiles; corporations may buy privates (23.1)",),
    "5": ("brown tiles; every private closes (23.2); red places pay more (20.3)",),
    "6": ("D-trains on sale beside the 6s, $800 with a 4, 5 or 6 traded in (21.0)",),
}

TOKENS = {
    **dict.fromkeys(("PRR", "NYC", "CPR"), (0, 40, 100, 100)),
    **dict.fromkeys(("BO", "CO", "ERIE"), (0, 40, 100)),
    **dict.fromkeys(("NYNH", "BM"), (0, 40)),
}
"""19.0, Table 2 (less the market marker, facts §3): the home token free, $40, then $100."""

RULE_NUMBERS = {
    "removed": "2.0",
    "players": "2.0, Table 3",
    "rounds": "3.0",
    **dict.fromkeys(("turn", "all_passed", "sold_then_buy", "priority"), "4.0"),
    "sale_first": "7.0",
    "sale_buy": "7.1",
    "sale_bid": "7.2",
    "sale_unsold": "7.3",
    "corporation": "8.0",
    "float": "8.0, 11.0",
    **dict.fromkeys(("par", "par_cost"), "8.1"),
    **dict.fromkeys(("buy_ipo", "buy_pool", "dividend_move", "sale_move", "sold_out"), "8.2"),
    **dict.fromkeys(("hold_limit", "over_cert_limit"), "10.0"),
    "cert_limit": "10.0, Table 3",
    "capital": "11.0",
    **dict.fromkeys(("sell", "pool_limit", "president_sale", "one_sale"), "12.0"),
    **dict.fromkeys(("president_swap", "president_change"), "13.0"),
    **dict.fromkeys(("income", "order", "order_detail"), "16.0"),
    **dict.fromkeys(("run_step", "spend", "train_step"), "17.0"),
    "spend_purpose": "18.0, 19.0",
    "run_income": "17.0",
    "token": "19.0",
    "terrain": "18.0",
    "forced_purchase": "20.2",
    **dict.fromkeys(("dividend", "pool_dividend", "run"), "20.3"),
    **dict.fromkeys(("train_limit", "train_order", "train_buy", "train_trade"), "21.0"),
    **dict.fromkeys(("trade_in", "discard", "phase_out_sale"), "21.0"),
    **dict.fromkeys(("phase_out", "phases", "rust"), "22.0"),
    **dict.fromkeys(("private_trade", "private_sale"), "23.1"),
    **dict.fromkeys(("closed", "closed_or"), "23.2"),
    "private_score": "23.3",
    **dict.fromkeys(("bankrupt", "forced_sale", "president_pays", "forced_cheapest"), "24.0"),
    **dict.fromkeys(("bank_broken", "bank_runs_out", "game_end"), "25.0"),
}
"""The Avalon Hill rule of each shared mechanism."""


class G1830(Family1830):
    """1830 for 2-6 players; options ``brownpool`` and ``sixes3``."""

    corporations: ClassVar[tuple[tuple[str, str], ...]] = CORPORATIONS
    privates: ClassVar[tuple[tuple[str, str, int, int], ...]] = PRIVATES
    bank_total: ClassVar[int] = BANK_TOTAL
    players_cash: ClassVar[int] = PLAYERS_CASH  # 2.0
    cert_limits: ClassVar[dict[int, int]] = CERT_LIMIT
    market_grid: ClassVar[tuple[tuple[int | None, ...], ...]] = GRID
    market_zones: ClassVar[tuple[str, ...]] = ZONES
    par_cells: ClassVar[dict[int, tuple[int, int]]] = PAR_CELL
    train_counts: ClassVar[dict[str, int]] = COUNTS
    options: ClassVar[tuple[str, ...]] = OPTIONS
    phase_note: ClassVar[dict[str, tuple[str, ...]]] = PHASE_NOTES
    holding_limit: ClassVar[tuple[int, str]] = (HOLDING_LIMIT, "certificates")
    """10.0: five certificates of one corporation (1889: 60 percent)."""
    unlimited_zones: ClassVar[str] = "ob"
    """10.0: zones where one corporation's certificates are held without limit."""
    private_shares: ClassVar[dict[str, FreeCertificate]] = {
        "CA": FreeCertificate("PRR", "PRR", "CA", "Table 1 note 4")
    }
    """Privates whose first buyer gets a 10% share free."""
    private_presidents: ClassVar[dict[str, FreeCertificate]] = {
        "BOP": FreeCertificate("BO", "B&O", "the B&O private", "Table 1 note 5")
    }
    """Privates whose first buyer gets a president's certificate and announces its par."""
    first_train_closes: ClassVar[dict[str, str]] = {"BOP": "BO"}
    """23.2: a private closing when a corporation buys its first train."""
    never_to_corporations: ClassVar[dict[str, str]] = {
        "BOP": "the B&O private may not be sold to a corporation (Table 1 note 5)"
    }
    """Privates never sold to a corporation, and the refusal."""
    private_sale_phases: ClassVar[tuple[str, ...]] = ("3", "4", "5", "6", "D")
    """23.1: corporations buy privates from the first 3-train on."""
    exchanges: ClassVar[dict[str, ExchangeRule]] = {
        "MH": ExchangeRule("NYC", ("ipo", "pool"), 60, "Table 1 note 3")
    }
    """Table 1 note 3: M&H for an NYC 10% from the initial offering or the bank pool, its
    owner under 60% of NYC (facts D6) in every zone (:meth:`zone_lifts_exchange_limit`)."""
    token_costs: ClassVar[dict[str, tuple[int, ...]]] = TOKENS
    free_station_privates: ClassVar[tuple[str, ...]] = ("DH",)  # Table 1 note 2
    token_fix: ClassVar[str] = "1830-19.0"
    terrain_costs: ClassVar[dict[int, str]] = {80: "a hex divided by water", 120: "a mountain"}
    terrain_fix: ClassVar[str] = "1830-18.0"

    title: ClassVar[str] = "1830"
    variant_words: ClassVar[dict[str, str]] = {
        **dict.fromkeys(
            ("brownpool", "buymultiplebrownsharesfromipo"),
            "the option is written `brownpool` (facts D8); a player so named: write another name",
        ),
        **dict.fromkeys(
            ("sixes3", "sixes", "optional6train", "threesixes", "3sixes"),
            "the third 6-train is the option `sixes3` (facts D4); a player so named: write "
            "another name",
        ),
    }
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    rule_numbers: ClassVar[dict[str, str]] = RULE_NUMBERS
    train_prices: ClassVar[dict[str, int]] = TRAINS  # Table 4
    trade_in: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = {"D": (("4", "5", "6"), 300)}
    president_pays_other_company: ClassVar[bool] = True  # 24.0(2), (4)
    sell_after_buy: ClassVar[bool] = True  # 4.0: "in either order", so also the one just
    # bought (only buying after a sale is barred: facts D13)
    one_sale_per_turn: ClassVar[bool] = False  # 8.2: one row per 10% sold
    ipo_name: ClassVar[str] = "initial offering"
    pool_name: ClassVar[str] = "bank pool"
    # 25.0's bank "runs out" once it holds $0 or less; later payments are its debts, scored
    # (rulesets.base.bank_pays; facts D11)
    bank_ends_game: ClassVar[str] = (
        "the game ends when the set of operating rounds under way (broken in a stock round: "
        "the next set) is complete (25.0)"
    )

    def __init__(self) -> None:
        super().__init__(aliases={"BMAINE": "BM", "NYNHH": "NYNH", "CP": "CPR", "PENN": "PRR"})

    def zone_lifts_exchange_limit(self, state: GameState, corp: Company) -> bool:
        """Table 1 note 3: M&H is exchanged "provided he does not already hold 60% of the
        NYC stock", a test of its own, which 10.0's orange and brown zones (stock "held
        without limit", "exempt from the rules limiting stock ... holding") do not lift:
        from rules level 15 (``1830-Table1-note3``) a player holding 60% of NYC or more keeps
        his M&H in every zone.  Before, those zones lifted it as for a purchase."""
        if follows(state, "1830-Table1-note3"):
            return False
        return super().zone_lifts_exchange_limit(state, corp)
