"""18Chesapeake: its tables and the hooks where it differs from 1830.

Section numbers are those of the public "Rules of Play" v0.5 (its table of contents, as
``shared/facts/18chesapeake.md`` gives them: §3 setup, §6 market, §7.1 privates, §9 stock
round, §10 operating round, §11 game end); where the draft's text was not read, the facts'
section is named (``facts §2``).  1830's engine plays the rest
(:class:`rulesets.family1830.Family1830` with these tables): the opening sale with the first
private's discount (:mod:`rulesets.auction`, with this title's bids in multiples of $5 and
its cash covering only the bids a player leads), full capitalisation, the 2-D market, the
D trade-in; the train exported at the end of each set of operating rounds is the shared
:mod:`rulesets.export`, Cornelius Vanderbilt's drawn certificate :mod:`rulesets.drawn`, and
with two players the variant of §13 (facts §12: 30% president's certificates, unsold shares
to the market at floating, a share leaving the game with each market purchase by a
non-president, sold out = none in the market) the shared :mod:`rulesets.two_players`.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.state import GameState
from rulesets.drawn import DrawnPresident
from rulesets.export import TrainExport
from rulesets.family1830 import FreeCertificate
from rulesets.grid import grid_from_text
from rulesets.two_players import TwoPlayerShares

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

# --------------------------------------------------------------------- tables
GRID, ZONES, PAR_CELL = grid_from_text("""
80 85 90 100 110 125 140 160 180 200 225 250 275 300 325 350 375
75 80 85 90 100 110 125 140 160 180 200 225 250 275 300 325 350
70 75 80 85 95p 105 115 130 145 160 180 200
65 70 75 80p 85 95 105 115 130 145
60 65 70p 75 80 85 95 105
55y 60 65 70 75 80
50y 55y 60 65
40y 45y 50y
""")
"""Facts §4 (§6): row 0 at the top; ``y`` yellow; ``p`` the three par cells 70, 80, 95."""

CORPORATIONS = (
    ("PRR", "Pennsylvania Railroad"),
    ("PLE", "Pittsburgh and Lake Erie"),
    ("SRR", "Strasburg Rail Road"),
    ("BO", "Baltimore & Ohio"),
    ("CO", "Chesapeake & Ohio"),
    ("LV", "Lehigh Valley"),
    ("CA", "Camden & Amboy"),
    ("NW", "Norfolk & Western"),
)
"""Facts §3: a 20% president's certificate and eight 10% ones each (two players: §13.1)."""
TOKENS = {
    **dict.fromkeys(("PRR", "CO"), (0, 40, 60, 80)),
    **dict.fromkeys(("PLE", "BO", "NW"), (0, 40, 60)),
    **dict.fromkeys(("SRR", "LV", "CA"), (0, 40)),
}
"""Facts §3: each corporation's tokens, the home one free (C&OC's station free too, §2)."""
NAMES = {"BO": "B&O", "CO": "C&O", "CA": "C&A", "NW": "N&W"}
PRIVATES = (
    ("DR", "Delaware and Raritan Canal", 20, 5),
    ("CP", "Columbia-Philadelphia Railroad", 40, 10),
    ("BS", "Baltimore and Susquehanna Railroad", 50, 10),
    ("COC", "Chesapeake and Ohio Canal", 80, 15),
    ("BOR", "Baltimore & Ohio Railroad", 100, 0),
    ("CV", "Cornelius Vanderbilt", 200, 30),
)
"""Facts §2 (§7.1): id, name, face value, income."""
CERT_LIMIT = {2: 20, 3: 20, 4: 16, 5: 13, 6: 11}
TRAINS = {"2": 80, "3": 180, "4": 300, "5": 500, "6": 630, "D": 900}
COUNTS = {"2": 7, "3": 6, "4": 5, "5": 3, "6": 2, "D": 1}
"""Facts §8: D trains unlimited (one more comes whenever the last is bought)."""
PHASE_NOTES = {
    "3": ("green tiles; corporations may buy privates until the first 5 (facts §2)",),
    "5": ("brown tiles; every private closes (facts §8)",),
    "6": ("D-trains on sale beside the 6s, $700 with a 4, 5 or 6 traded in (§10.7)",),
}
_SECTIONS = {
    "§3": "removed players",
    "§6": "dividend_move sale_move sold_out",
    "§7.1": "corporation drawn",
    "§9.1": "sale_first sale_buy sale_bid sale_unsold",
    "§9.2": "cert_limit over_cert_limit hold_limit",
    "§9.3": "rounds turn all_passed sell",
    "§9.8": "priority",
    "§9.4": "sold_then_buy pool_limit president_sale one_sale president_swap president_change",
    "§9.5": "par par_cost buy_ipo buy_pool",
    "§9.6": "float capital",
    "§10.2": "income order order_detail",
    "§10": "run_step spend spend_purpose train_step dividend pool_dividend run run_income",
    "§10.7": "train_limit train_order train_buy train_trade trade_in discard phase_out_sale "
    "phase_out phases rust",
    "§10.8": "forced_purchase forced_sale president_pays forced_cheapest",
    "§10.9": "export",
    "§11": "bankrupt bank_broken bank_runs_out game_end",
    "facts §2": "private_sale private_score closed closed_or",
    "facts §3": "token terrain",
    "facts §2, §10": "private_trade",
    "§13.1, facts §12": "big_president",
    "§13.2, facts §12": "float_to_pool",
    "§13.3, facts §12": "pool_removal pool_sold_out",
}
RULE_NUMBERS = {k: s for s, keys in _SECTIONS.items() for k in keys.split()}
"""The v0.5 section of each shared mechanism, or the facts' where its text was not read."""


class G18Chesapeake(TwoPlayerShares, DrawnPresident, TrainExport):
    """18Chesapeake for 2-6 players, two of them playing the variant of §13."""

    title: ClassVar[str] = "18Chesapeake"
    variant_words: ClassVar[dict[str, str]] = dict.fromkeys(
        ("otr", "offtherails", "18chesapeakeofftherails", "18chesapeakeotr"),
        "18Chesapeake: Off the Rails is a variant with its own figures ($12,000 bank, its own "
        "market, float at 50%, no exports) that this tool does not play (facts: Off the "
        "Rails); 18Chesapeake's `game` line takes only players (a player so named: write "
        "another name)",
    )
    short_set_players: ClassVar[int] = 2  # §13: the variant needs no option word
    rule_numbers: ClassVar[dict[str, str]] = RULE_NUMBERS
    corporations = CORPORATIONS
    privates = PRIVATES
    bank_total = 8_000
    cert_limits = CERT_LIMIT
    market_grid, market_zones, par_cells = GRID, ZONES, PAR_CELL
    train_prices = TRAINS
    train_counts = COUNTS
    unlimited_card: ClassVar[str | None] = "D"
    trade_in: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = {"D": (("4", "5", "6"), 200)}
    phase_note = PHASE_NOTES
    ipo_name: ClassVar[str] = "IPO"
    pool_name: ClassVar[str] = "market"
    holding_limit = (60, "percent")  # facts §1: 60% of one corporation, in every zone
    sell_after_buy: ClassVar[bool] = False  # §9.3, §9.5: sales, then one purchase
    president_pays_other_company: ClassVar[bool] = True  # §10.8: up to face value
    one_sale_per_turn: ClassVar[bool] = False  # facts §6: no block rule
    bid_multiple: ClassVar[bool] = True  # facts §5
    only_leading_bids_committed: ClassVar[bool] = True  # facts §5
    priority_left_of_turn: ClassVar[bool] = True  # facts §5
    exported_cards: ClassVar[tuple[str, ...]] = ("2", "3", "4")  # §10.9
    private_shares = {"BOR": FreeCertificate("BO", "B&O", "BOR", "§3")}
    never_to_corporations = {"CV": "Cornelius Vanderbilt is never sold to a corporation (§7.1)"}
    private_sale_phases = ("3", "4")  # facts §2
    privates_traded: ClassVar[bool] = False  # facts §2, §10
    token_costs = TOKENS
    free_station_privates = ("COC",)  # facts §2: its station free
    token_fix = "18Chesapeake-§3-token"
    terrain_costs = {40: "a river hex, Baltimore's green", 80: "a mountain hex"}
    terrain_fix = "18Chesapeake-§3-terrain"
    drawn_private: ClassVar[str] = "CV"
    bank_ends_game: ClassVar[str] = (
        "the game ends when the set of operating rounds under way (broken in a stock round: "
        "the next set) is complete (§11)"
    )

    def __init__(self) -> None:
        super().__init__()
        self.aliases = {"C-P": "CP"}

    def corporation_name(self, cid: str) -> str:
        return NAMES.get(cid, cid)

    def setup_done(self, state: GameState) -> None:
        """§13.1: with two players, 30% president's certificates (the drawn corporation
        gets its 20% one back at the draw: :meth:`cmd_vanderbilt`)."""
        if self.short_set(state):
            for cid, _ in self.corporations:
                self.set_president_certificate(state, cid, self.big_president)

    def cmd_vanderbilt(self, state: GameState, cmd: c.Vanderbilt) -> None:
        """§13.1: Cornelius Vanderbilt's corporation keeps its 20% president's certificate."""
        super().cmd_vanderbilt(state, cmd)
        cid = self.drawn(state)
        if self.short_set(state) and cid is not None:
            self.set_president_certificate(state, cid, 20)

    def sale_round_passed(self, state: GameState) -> None:
        """Facts §5: a round of passes in the sale exports the next train, as at the end of
        a set of operating rounds (§10.9)."""
        self.export_train(state, "after a complete round of passes in the opening sale")
