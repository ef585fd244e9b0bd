"""1889 (Shikoku 1889): its tables and the hooks where it differs from 1830.

No text of the printed rulebook could be read: every figure and rule here comes from
``shared/facts/1889.md``, which compares two public implementations that agree (its §13
lists where they read the rules otherwise).  Refusals therefore name the facts' section
(``facts §6``) until the printed rule numbers are known.  1830's engine plays the rest
(:class:`rulesets.family1830.Family1830` with these tables): the opening sale with the first
private's discount (:mod:`rulesets.auction`), full capitalisation, the 2-D market, the
D trade-in; the Dougo Railway's exchange is the shared :mod:`rulesets.exchange`, the
turn order :mod:`rulesets.turn_order`, the beginner game's deal :mod:`rulesets.dealt`.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import Noted
from moderator.fixes import follows
from moderator.state import GameState
from rulesets.dealt import DealtPrivates
from rulesets.exchange import ExchangeRule
from rulesets.family1830 import Family1830
from rulesets.grid import grid_from_text
from rulesets.turn_order import SellBuyOrBuySell

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar

    from moderator.ledger import Company

# --------------------------------------------------------------------- tables
GRID, ZONES, PAR_CELL = grid_from_text("""
75 80 90 100p 110 125 140 155 175 200 225 255 285 315 350
70 75 80 90p 100 110 125 140 155 175 200 225 255 285 315
65 70 75 80p 90 100 110 125 140 155 175 200
60 65 70 75p 80 90 100 110 125 140
55 60 65 70p 75 80 90 100
50y 55 60 65p 70 75 80
45y 50y 55 60 65 70
40y 45y 50y 55 60
30o 40y 45y 50y
20o 30o 40y 45y
10o 20o 30o 40y
""")
"""Facts §4: row 0 at the top; ``y`` yellow, ``o`` orange, ``p`` a par cell (facts §3)."""

CORPORATIONS = (
    ("AR", "Awa Railroad"),
    ("IR", "Iyo Railway"),
    ("SR", "Sanuki Railway"),
    ("KO", "Takamatsu & Kotohira Electric Railway"),
    ("TR", "Tosa Electric Railway"),
    ("KU", "Tosa Kuroshio Railway"),
    ("UR", "Uwajima Railway"),
)
"""Facts §3: a 20% president's certificate and eight 10% ones each."""
TOKENS = {
    **dict.fromkeys(("AR", "IR", "SR", "KO"), (0, 40)),
    **dict.fromkeys(("TR", "UR"), (0, 40, 40)),
    "KU": (0,),
}
"""Facts §3: each corporation's tokens, the home one free, the others ¥40."""
PRIVATES = (
    ("TER", "Takamatsu E-Railroad", 20, 5),
    ("MF", "Mitsubishi Ferry", 30, 5),
    ("ER", "Ehime Railway", 40, 10),
    ("SMR", "Sumitomo Mines Railway", 50, 15),
    ("DR", "Dougo Railway", 60, 15),
    ("SIR", "South Iyo Railway", 80, 20),
    ("UTF", "Uno-Takamatsu Ferry", 150, 30),
)
"""Facts §2: id, name, face value, income (Rails' letters A-G are aliases)."""
MIN_PLAYERS = {"SIR": 3, "UTF": 4}
"""Facts §0, §2: SIR is left out with 2 players, UTF with 2 or 3."""
BEGINNER = (
    ("DR", "Dougo Railway", 60, 20, 2),
    ("SIR", "South Iyo Railway", 90, 25, 2),
    ("ER", "Ehime Railway", 40, 15, 3),
    ("SMR", "Sumitomo Mines Railway", 60, 20, 4),
    ("TER", "Takamatsu E-Railroad", 20, 5, 5),
    ("MF", "Mitsubishi Ferry", 40, 15, 6),
)
"""Facts §12, beginner game: id, name, face, income, from how many players it is dealt."""
CASH = {2: 420, 3: 420, 4: 420, 5: 390, 6: 390}
"""Facts §0: each player's starting cash (a table, not a sum shared out)."""
CERT_LIMIT = {2: 25, 3: 19, 4: 14, 5: 12, 6: 11}
TRAINS = {"2": 80, "3": 180, "4": 300, "5": 450, "6": 630, "D": 1100}
COUNTS = {"2": 6, "3": 5, "4": 4, "5": 3, "6": 2, "D": 1}
"""Facts §8: D trains unlimited (one more comes whenever the last is bought)."""
PHASE_NOTES = {
    "3": ("green tiles; corporations may buy privates until the first 5 (facts §2, §8)",),
    "5": (
        "brown tiles; every private closes but UTF held by a player: its income is now "
        "¥50 (facts §2, §8)",
    ),  # fmt: skip
    "6": ("D-trains on sale beside the 6s, ¥800 with a 4, 5 or 6 traded in (facts §8)",),
}
_SECTIONS = {
    "§0": "removed players cert_limit",
    "§1": "bank_runs_out",
    "§2": "private_sale private_score closed closed_or",
    "§2, §10": "private_trade",
    "§3": "corporation float par par_cost capital spend spend_purpose token terrain",
    "§4": "dividend_move sale_move sold_out",
    "§5": "sale_first sale_buy sale_bid sale_unsold",
    "§6": "rounds turn all_passed priority sold_then_buy sell_buy_sell buy_ipo buy_pool hold_limit "
    "over_cert_limit sell pool_limit president_sale one_sale president_swap president_change",
    "§7": "income order order_detail run_step train_step dividend pool_dividend run run_income",
    "§8": "train_limit train_order train_buy train_trade trade_in discard phase_out_sale "
    "phase_out phases rust",
    "§9": "forced_purchase bankrupt forced_sale president_pays forced_cheapest",
    "§11": "bank_broken game_end",
    "§12": "beginner",
}
RULE_NUMBERS = {k: f"facts {s}" for s, keys in _SECTIONS.items() for k in keys.split()}
"""No printed rule numbers are known: each shared mechanism names the facts' section."""


class G1889(DealtPrivates, SellBuyOrBuySell, Family1830):
    """1889 for 2-6 players; option ``beginner`` (facts §12)."""

    title: ClassVar[str] = "1889"
    variant_words: ClassVar[dict[str, str]] = dict.fromkeys(
        ("beginnergame", "beginners", "beginnersgame"),
        "the beginner game is written `beginner` (facts §12); a player so named: write "
        "another name",
    )
    currency: ClassVar[str] = "¥"
    rule_numbers: ClassVar[dict[str, str]] = RULE_NUMBERS
    corporations = CORPORATIONS
    privates = PRIVATES
    bank_total = 7_000
    cert_limits = CERT_LIMIT
    market_grid, market_zones, par_cells = GRID, ZONES, PAR_CELL
    train_prices = TRAINS
    train_counts = COUNTS
    unlimited_card: ClassVar[str | None] = "D"
    trade_in: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = {"D": (("4", "5", "6"), 300)}
    options = ("beginner",)
    phase_note = PHASE_NOTES
    ipo_name: ClassVar[str] = "IPO"
    pool_name: ClassVar[str] = "pool"
    float_percent: ClassVar[int] = 50  # facts §3
    holding_limit = (60, "percent")  # facts §1: 60% of one corporation
    unlimited_zones = "o"  # facts §4: held without limit in the orange zone
    sell_after_buy: ClassVar[bool] = True  # facts §6: sales and purchase in either order
    one_sale_per_turn: ClassVar[bool] = True  # facts §6: one block per corporation a turn
    private_sale_phases = ("3", "4")  # facts §2: from the first 3 until the first 5
    exchanges = {"DR": ExchangeRule("IR", ("ipo",), 60, "facts §2")}
    token_costs = TOKENS
    token_fix = "1889-§3-token"
    terrain_costs = {80: "a mountain or river hex's first tile, Kotohira's, Kouchi's brown"}
    terrain_fix = "1889-§3-terrain"
    privates_traded: ClassVar[bool] = False  # facts §2, §10
    president_pays_other_company: ClassVar[bool] = False  # facts §9
    forced_sales_keep_presidencies: ClassVar[bool] = True  # facts §9
    bank_ends_game: ClassVar[str] = (
        "the game ends when the set of operating rounds under way (broken in a stock round: "
        "the next set) is complete (facts §11)"
    )
    dealt_option: ClassVar[str] = "beginner"
    priority_left_of_turn: ClassVar[bool] = True  # facts §5

    def __init__(self) -> None:
        super().__init__()
        self.aliases = dict(zip("ABCDEFG", (p[0] for p in PRIVATES), strict=True))

    # ================================================================= setup
    def privates_in_play(
        self, players: int, options: tuple[str, ...]
    ) -> tuple[tuple[str, str, int, int], ...]:
        """Facts §0, §2: SIR and UTF by the number of players; the beginner game's own
        privates and figures (facts §12)."""
        if "beginner" in options:
            return tuple(p[:4] for p in BEGINNER if p[4] <= players)
        return tuple(p for p in self.privates if MIN_PLAYERS.get(p[0], 2) <= players)

    def absent(self, state: GameState, key: str) -> str | None:
        """Facts §0, §2, §12: a private of the box left out by the number of players (or
        not dealt in the beginner game) is named with its rule, not as unknown."""
        if not any(p[0] == key for p in PRIVATES):
            return None
        players = len(state.ledger.players)
        if self.option(state, "beginner"):
            return f"{key} is not dealt in the beginner game with {players} players (facts §12)"
        return f"{key} is not in play with {players} players (facts §0, §2)"

    def starting_cash(self, players: int) -> tuple[int, str]:
        """Facts §0: ¥420 each for 2-4 players, ¥390 for 5-6."""
        cash = CASH[players]
        return cash, f"starting cash: {self.money(cash)} each with {players} players (facts §0)"

    # ================================================================= stock rounds
    def cmd_exchange(self, state: GameState, cmd: c.Exchange) -> None:
        """DR's exchange (facts §2); the beginner game's privates have no ability."""
        if self.option(state, "beginner"):
            raise Refusal("the beginner game's privates have no ability (facts §12)")
        super().cmd_exchange(state, cmd)

    def cmd_buyprivate(self, state: GameState, cmd: c.BuyPrivate) -> None:
        if self.option(state, "beginner"):
            raise Refusal("corporations do not buy the beginner game's privates (facts §12)")
        super().cmd_buyprivate(state, cmd)

    # ================================================================= operating rounds
    def sold_toward_train(self, state: GameState) -> tuple[str, ...]:
        """Facts §6, §9 (engine ``MUST_SELL_IN_BLOCKS``, in a forced purchase too): the
        corporations the president has sold toward this train, once each (none in a game
        saved before rules level 4: moderator.fixes)."""
        if not follows(state, "1889-§6"):
            return ()
        sold = tuple(state.extra.get("sold_for_train") or ())  # type: ignore[arg-type]
        return sold[3] if sold[:3] == (state.round_number, state.or_number, state.operating) else ()

    def _sell_for_train(self, state: GameState, cmd: c.Sell) -> None:
        """Facts §6, §9: one block of each corporation toward the train; the sales are
        remembered for the turn (:meth:`may_buy_from_company`).  A game saved before rules
        level 4 sells as recorded (moderator.fixes)."""
        if not follows(state, "1889-§6"):  # nothing remembered: 1889-§9 is of the same level
            return super()._sell_for_train(state, cmd)
        before, cid = self.sold_toward_train(state), self.company_id(state, cmd.corp)
        if cid in before:
            raise Refusal(
                f"{self.player_name(state, cmd.player)} already sold {cid} toward "
                f"{state.operating}'s train: sell all of it in one action (facts §6, §9)"
            )
        super()._sell_for_train(state, cmd)
        turn = (state.round_number, state.or_number, state.operating)
        state.extra["sold_for_train"] = (*turn, (*before, cid))

    def may_buy_from_company(self, state: GameState, buyer: Company, seller: Company) -> None:
        """Facts §9 (engine ``EBUY_FROM_OTHERS :never``): once its president has sold shares
        toward the forced purchase, the corporation buys only the bank's cheapest train, not
        another corporation's, even at a price its own cash covers.  A game saved before
        rules level 4 buys as recorded (moderator.fixes)."""
        if not follows(state, "1889-§9"):
            return
        turn = (state.round_number, state.or_number, buyer.id)
        if tuple(state.extra.get("sold_for_train") or ())[:3] == turn:  # type: ignore[arg-type]
            raise Refusal(
                f"{buyer.president()} has sold shares toward {buyer.id}'s train: it buys the "
                f"cheapest train the bank sells, not {seller.id}'s ({self.r('forced_cheapest')})"
            )

    # ================================================================= phases
    def phase_started(self, state: GameState, phase: str) -> None:
        """Facts §2, §8: the first 5 closes every private but UTF held by a player, whose
        income becomes 50."""
        if phase != "5":
            return
        for co in state.ledger.companies.values():
            if co.kind != "private" or co.closed or co.owner is None:
                continue
            if co.id == "UTF" and state.ledger.is_player(co.owner):
                co.income = 50
                state.ledger.events.append(
                    Noted(text="UTF stays open with its player: its income is now ¥50 (facts §2)")
                )
                continue
            self._close_private(state, co, "the first 5-train closes the privates (facts §2)")

    # ================================================================= views
    def title_json(self, state: GameState) -> dict[str, Any]:
        return {**super().title_json(state), "deal": self.deal_json(state)}
