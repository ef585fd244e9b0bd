"""1853 (India), the 2009 updated rules: tables plus the hooks where its rulebook differs.

The game opens with contract bids (2.5-2.7): bonds set aside, seats by bond, claimed shares
paid at par or kept un-redeemed.  Shares are then bought one at a time at par from the
bank (3.1), directors are appointed once a company's qualifying number of shares is issued
(at the end of the first stock round, at once later: 2.9, 3.2), and a formed company gets
ten times its par from the bank whatever was sold (3.3.1).  A company with no two-share
holder is run by a manager, who pays no dividends but may buy a train on credit (3.4).
Revenue is paid in full or withheld, the mail run always to the company, and the price
rises one to five spaces by multiples of the price (4.7.1); a company at £400 ends the
game at once (4.7.3, 5.1.3).  Broad and metre gauge trains share the limits (4.8).

The stock market values and the eight pars are not in the rulebook and not public: the
shipped ones are provisional (``../shared/facts/1853.md`` §1.3) until the banker confirms or
replaces them with ``market`` and ``setpar``.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import (
    DividendPaid,
    Noted,
    Passed,
    PresidentChanged,
    PriorityChanged,
    TrainMoved,
)
from moderator.fixes import follows
from moderator.lazy import lazy_module
from moderator.ledger import BANK, POOL, Certificate, Company, Ledger, Train
from moderator.market import TrackMarket
from moderator.script import other_digits
from moderator.state import GameState
from moderator.text import a_share, counted, with_article
from rulesets.base import Receipt, ReceiptLine, ScoreItem
from rulesets.box import BoxKey, confirmed_note, entries
from rulesets.engine import Engine
from rulesets.zoned_row import end_words

difflib = lazy_module("difflib")  # only to suggest a city's name (issue 41)

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar

# ------------------------------------------------------------------ tables
COMPANIES: tuple[tuple[str, str], ...] = (
    ("EIR", "East Indian Railway"),
    ("GIP", "Great Indian Peninsula Railway"),
    ("NWR", "North Western Railway"),
    ("BNR", "Bengal Nagpur Railway"),
    ("BBCI", "Bombay, Baroda and Central India Railway"),
    ("MSM", "Madras and South Mahratta Railway"),
    ("SIR", "South Indian Railway"),
    ("ECR", "East Coast Railway"),
)
"""Table 1, in company (operating) order."""
NUMBER = {cid: i + 1 for i, (cid, _) in enumerate(COMPANIES)}
MAJORS = ("EIR", "GIP", "NWR", "BNR")
"""Companies 1-4 are majors; BBCI is decided at the end of the first stock round (2.6)."""
MINORS = ("MSM", "SIR", "ECR")

BANK_TOTAL = 15_000  # 2.1
SHORT_BANK_TOTAL = 7_760  # 2.4: every £500 note removed
STARTING_CASH = {3: 730, 4: 570, 5: 570, 6: 510}  # 2.3, Table 3
HOLDING_LIMIT = {3: 6, 4: 6, 5: 5, 6: 4}  # Table 3: shares of one company per player
CERT_LIMIT = {3: 21, 4: 16, 5: 13, 6: 11}  # Table 3
QUALIFYING = {3: 6, 4: 5, 5: 5, 6: 4}  # Table 3
EXEMPT_PRICE = 40  # 3.1.2: shares valued at £40 or less count toward no limit
CITIES_PER_BID = {3: (4, 6), 4: (3, 6), 5: (3, 5), 6: (3, 4)}  # 2.5.6
PRINTED_MIN_BOND = {3: 60, 4: 80, 5: 80, 6: 80}  # 2.5.2
CITY_VALUE_FLOOR = 20  # 2.5.9: every named city is worth at least £20

PROVISIONAL_TRACK: tuple[int, ...] = (
    10, 20, 29, 38, 47, 53, 56, 58, 61, 64, 67, 71, 76, 82, 90, 100, 112, 126, 142, 160,
    180, 200, 225, 250, 275, 300, 320, 335, 350, 375, 400,
)  # fmt: skip
"""Not printed in the rules (facts §1.3): Tresham's 1829 track below £350, then up to the
£400 end.  Shown as provisional until the banker confirms the board's values."""
PROVISIONAL_PARS = {
    "EIR": 100, "GIP": 90, "NWR": 82, "BNR": 76, "BBCI": 71, "MSM": 67, "SIR": 64, "ECR": 61,
}  # fmt: skip
"""A guess (facts §1.3: the highest par is 100); the certificates carry the real ones."""
TRACK_KEY = BoxKey(
    "market",
    "the stock market track, £10 (4.7.3: the floor) to £400 (5.1.1: the end)",
    " ".join(map(str, PROVISIONAL_TRACK)),
    "Tresham's 1829 track below £350, then up to £400 (facts §1.3)",
    "1 The Stock Market, 4.7.3",
    "the stock market board: its spaces, left to right",
)
"""The board's values as box values (:mod:`rulesets.box`): the track, then a par a company
(:meth:`G1853.board_values`), each given by its own line, ``market`` or ``setpar``."""


def _par_key(cid: str) -> BoxKey:
    return BoxKey(
        f"par.{cid}",
        f"{cid}'s par (1 The Shares, 3.3.2)",
        PROVISIONAL_PARS.get(cid),
        "a guess: the highest par is 100 (facts §1.3)",
        "1 The Shares, 3.3.2",
        f"{cid}'s certificates: the par printed",
    )


def _board_line(key: str, value: Any) -> str:
    """The line that gives a board value: ``market V...`` or ``setpar CORP V``."""
    return f"market {value}" if key == "market" else f"setpar {key[4:]} {value}"


CITY_VALUES = {"Calcutta": 50, "Bombay": 40, "Delhi": 40, "Madras": 30, "Waltair": 30}
"""2.5.9; every other named city is worth £20."""
KNOWN_CITIES = (
    "Calcutta", "Bombay", "Delhi", "Madras", "Waltair", "Patna", "Allahabad", "Cawnpore",
    "Lucknow", "Benares", "Lahore", "Karachi", "Nagpur", "Ajmer", "Jaipur", "Hyderabad",
    "Trichinopoly",
)  # fmt: skip
"""17 of the 23 named cities (facts §5.2); the other six are accepted as £20 cities."""
GANGES_BEIGE = ("Cawnpore", "Lucknow", "Allahabad", "Benares", "Patna")
"""2.5.7: the beige Ganges-valley cities; with Calcutta, at most two in a bid."""
CITY_LINKS: dict[str, tuple[frozenset[str], bool]] = {
    "Delhi": (frozenset({"EIR", "GIP", "NWR", "BBCI"}), True),
    "Calcutta": (frozenset({"EIR"}), False),
    "Patna": (frozenset({"EIR"}), False),
    "Bombay": (frozenset({"BBCI"}), False),
    "Lahore": (frozenset({"NWR"}), False),
    "Jaipur": (frozenset({"BBCI"}), False),
}
"""City -> (companies it is known to carry, whether that list is complete), facts §5.1."""
SEALED = "sealed"
REFUND_RULE = "4.8.10; rules silent on the refund: the sale undone"
"""Why a credit train given back returns what its company paid toward it: 4.8.10 gives the
train back to the bank; the rules are silent on the money, and the sale is undone."""

TRAIN_VARIANTS: dict[str, tuple[tuple[str, int], ...]] = {
    "2": (("2", 300), ("1M", 180)),
    "3": (("3", 440),),
    "4": (("4", 620),),
    "5": (("5", 830),),
    "6": (("6", 1050),),
    "2M": (("2M", 250),),
    "3M": (("3M", 430),),
    "4M": (("4M", 590),),
}
"""Table 5; a '2' card is a 2/1M card, sold as a 1M to minors only (2.8.4, 4.8.18)."""
BROAD = ("2", "3", "4", "5", "6")
METRE = ("2M", "3M", "4M")
TRAIN_COUNTS = {"2": 6, "3": 5, "4": 4, "5": 3, "6": 2, "2M": 2, "3M": 3, "4M": 2}
MINOR_EXTRA = ("2", "2M", "3M")  # 2.8.4, 4.8.16: added when a minor formed in SR1
METRE_ON_SALE = {"1": (), "2": (), "3": ("2M",), "4": ("2M", "3M"), "5": ("3M", "4M")}
"""Table 6: the metre gauge trains of each phase (the 1M is a '2' card, phase 2)."""
TOKEN_TRAIN = {"2": "2M", "3": "3M", "4": "4M"}
"""4.8.19: the metre train of the next phase a minor's special token buys."""
ORS_PER_SET = {"1": 1, "2": 1, "3": 2, "4": 3, "5": 3}  # Table 6
TOKEN_COSTS = (40, 100)  # 4.4.4: the first additional base, then each further one
AJMER_MAJOR = 70  # 2.6.2, 4.1.13
TERRAIN_TURN = "terrain_turn"
"""``state.extra`` key: ``[round, operating round, company, total]`` of the construction
costs (``terrain``/``tile`` lines) of the company's turn so far (4.1.2)."""
FEE_TURN = "fee_turn"
"""``state.extra`` key: ``[round, operating round, company]`` of the last two-tile fee paid."""
TWO_TILE_FEE = {"EIR": 50, "GIP": 20, "NWR": 20, "BNR": 20, "BBCI": 20}  # 4.1.3
TERRAIN = (40, 60, 80, 140, 240, 30, 50, 70, 100)  # Table 4 broad and metre
CALCUTTA_PROMOTION = 60  # 4.2.13
FRONTIER_MAX = 200
"""The frontier posts' values are not known (facts §4.3; the rules show "(40)"): more than
£200 is taken for a typing slip."""
MIN_TRAIN_TRADE = 10  # 4.8.9

RULE_NUMBERS = {
    "players": "Table 3",
    "turn": "3.1",
    "bankrupt": "5",
    "bank_broken": "5.1.2",
    "bank_runs_out": "5.1.1",
    "all_passed": "3",
    "priority": "3.1.11",
    "rounds": "3.5",
    "sold_then_buy": "3.1.9",
    "hold_limit": "3.1.2",
    "cert_limit": "3.1.2",
    "terrain": "4.1.12",
    "buy_ipo": "3.1.4",
    "buy_pool": "3.1.7",
    "par": "3.1.4",
    "par_cost": "3.1.4",
    "sell": "3.1.5",
    "pool_limit": "3.1.5",
    "president_sale": "3.2.3",
    "president_swap": "3.2.3",
    "president_change": "3.2.3",
    "one_sale": "3.1.6",
    "over_cert_limit": "3.2.3",
    "forced_sale": "4.8.8",
    "corporation": "1",
    "removed": "2.7.6",
    "closed": "1",
    "closed_or": "4",
    "income": "4",
    "order": "3.1.12",
    "order_detail": "4",
    "run_step": "4.5",
    "forced_purchase": "4.8.8",
    "president_pays": "4.8.8",
    "forced_cheapest": "4.8.8",
    "spend": "4.1.12",
    "run_income": "Section 4, 4.1.12",
    "spend_purpose": "4.1.12",
    "dividend": "4.6.5",
    "pool_dividend": "4.6.5",
    "run": "4.5.1",
    "train_step": "4.8.1",
    "train_limit": "4.8.5",
    "train_order": "4.8.3",
    "train_buy": "4.8.2",
    "train_trade": "4.8.9",
    "discard": "4.8.6",
    "phase_out": "4.8.4",
    "phase_out_sale": "4.8.4",
    "phases": "4.10",
    "rust": "4.8.4",
    "game_end": "5.1",
}
"""The 1853 rulebook section of each shared mechanism."""


def _city_name(word: str) -> str:
    """A city as the board names it (case-insensitive match on the known names)."""
    for name in KNOWN_CITIES:
        if name.lower() == word.lower():
            return name
    return word[:1].upper() + word[1:]


def city_value(city: str) -> int:
    """2.5.9: what a city adds to a bid (a sealed city counts its least, £20)."""
    return CITY_VALUES.get(city, CITY_VALUE_FLOOR)


class G1853(Engine):
    """1853 with 3-6 players; ``short`` in the ``game`` line plays the shortened game (2.4)."""

    bank_ends_game: ClassVar[str] = (
        "the game ends when the operating round under way is complete (broken in a stock "
        "round: the next one) (5.1.2)"
    )
    """5.1.2: a broken bank ends the game with the operating round under way, not the set."""
    bank_ends_with_the_or: ClassVar[bool] = True  # 5.1.2, for `score` and the projection
    ors_per_set: ClassVar[dict[str, int]] = ORS_PER_SET  # Table 6, for the projection

    title: ClassVar[str] = "1853"
    costs_before_run: ClassVar[bool] = True  # Section 4: 4.1 to 4.8 in order; 4.1.12 "BEFORE"
    variant_words: ClassVar[dict[str, str]] = dict.fromkeys(
        ("shortened", "shortgame", "shortenedgame", "shorter"),
        "the shortened game (2.4) is written `short`; a player so named: write another name",
    )
    currency: ClassVar[str] = "£"
    president_word: ClassVar[str] = "director"  # 2.9: a company's director
    presidency_word: ClassVar[str] = "directorship"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    rule_numbers: ClassVar[dict[str, str]] = RULE_NUMBERS
    priority_last: ClassVar[str] = "the last to buy"  # 3.1.11; a sale moves no Elephant
    train_variants: ClassVar[dict[str, tuple[tuple[str, int], ...]]] = TRAIN_VARIANTS
    card_phase: ClassVar[dict[str, str]] = {
        "2": "2", "3": "3", "4": "4", "5": "5", "6": "5", "2M": "1", "3M": "1", "4M": "1",
    }  # fmt: skip
    """4.10.1, 4.8.11: a broad train starts its phase; metre trains never change the phase."""
    phases: ClassVar[tuple[str, ...]] = ("1", "2", "3", "4", "5")
    train_limits: ClassVar[dict[str, int]] = {"1": 4, "2": 4, "3": 4, "4": 3, "5": 2}
    rust: ClassVar[dict[str, tuple[str, ...]]] = {"4": ("2",), "5": ("3", "2M")}
    excess_to_pool: ClassVar[bool] = True  # 4.8.6: to the bank pool, for sale at full price
    pool_limit: ClassVar[int] = 100  # 3.1.5: no limit on the bank pool
    pool_pays_company: ClassVar[bool] = False  # 4.6.5: only shareholders are paid
    ipo_pays_company: ClassVar[bool] = False
    payout_kinds: ClassVar[tuple[str, ...]] = ("full", "withhold")  # 4.6.4
    ipo_name: ClassVar[str] = "initial offer"
    pool_name: ClassVar[str] = "bank pool"

    # ================================================================= setup
    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """``short`` (2.4) may follow the players."""
        players = [w for w in words if w.lower() != "short"]
        options = ("short",) if len(players) != len(words) else ()
        return players, options

    def new_state(self, players: list[str], options: tuple[str, ...] = ()) -> GameState:
        n = len(players)
        if n not in STARTING_CASH:
            raise Refusal(f"1853 is played by 3 to 6 players ({self.r('players')})")
        short = "short" in options
        total = SHORT_BANK_TOTAL if short else BANK_TOTAL
        ledger = Ledger(bank=total, reserve=0, starting_total=total)
        for cid, name in COMPANIES:
            company = Company(id=cid, name=name, kind="corporation")
            # Ten single shares; the director is marked on one of his (the director's
            # certificate is two shares, 1 "The Shares").
            company.certificates = [Certificate(10, holder=cid) for _ in range(10)]
            ledger.companies[cid] = company
        self.seat_players(ledger, players, STARTING_CASH[n], "starting cash (2.3)", {SEALED})
        state = GameState(
            title=self.title,
            ledger=ledger,
            market=TrackMarket(
                values=PROVISIONAL_TRACK,
                par_of=dict(PROVISIONAL_PARS),
                provisional=True,
                provisional_pars=tuple(PROVISIONAL_PARS),
            ),
            phase="1",
            priority=None,
            ors_in_set=1,
        )
        for card in (*BROAD, *METRE):
            for _ in range(TRAIN_COUNTS[card]):
                state.depot.append(self._new_train(state, card, ""))
        state.extra.update(
            {
                "short": short,
                "stage": "bonds",
                "bids": {},
                "bond_order": [],
                "contract": [],
                "unredeemed": {},
                "contracted": {},
                "since": {},
                "serial": 0,
                "floated_sr1": [],
                "windows": {},
                "fresh_windows": [],
                "appointed": {},
                "manager": {},
                "major_bbci": False,
                "minor_formed_sr1": False,
                "credit": {},
                "credit_choice": None,
                "tokens": {},
                "ajmer_paid": False,
                "token_used": [],
                "extra_or": None,
                "pool_trains": [],
            }
        )
        ledger.events.clear()
        return state

    # ================================================================= small lookups
    def n_players(self, state: GameState) -> int:
        return len(state.ledger.players)

    def cert_limit(self, state: GameState) -> int:
        """Table 3."""
        return CERT_LIMIT[self.n_players(state)]

    def par(self, state: GameState, cid: str) -> int:
        """The company's printed par (provisional until confirmed)."""
        market = state.market
        assert isinstance(market, TrackMarket)
        return market.par_of[cid]

    def tracks(self, state: GameState) -> TrackMarket:
        market = state.market
        assert isinstance(market, TrackMarket)
        return market

    def value_of(self, state: GameState, cid: str) -> int:
        """A share's value: the market price, par if the company has none (3.1.7)."""
        if state.market.has(cid):
            return state.price(cid)
        return self.par(state, cid)

    def exempt(self, state: GameState, cid: str) -> bool:
        """3.1.2: shares valued at £40 or less count toward no limit."""
        return self.value_of(state, cid) <= EXEMPT_PRICE

    def issued(self, company: Company) -> int:
        """Shares out of the initial offer: with players, un-redeemed or in the pool (3.1.10)."""
        return sum(1 for x in company.certificates if x.holder != company.id)

    def unredeemed(self, state: GameState, player: str, cid: str | None = None) -> int:
        held: dict[str, int] = state.extra["unredeemed"].get(player, {})  # type: ignore[attr-defined]
        if cid is None:
            return sum(held.values())
        return held.get(cid, 0)

    def paid_shares(self, state: GameState, company: Company, player: str) -> int:
        """Shares that earn dividends: all but the un-redeemed ones (2.7.3)."""
        return self.shares(company, player) - self.unredeemed(state, player, company.id)

    def manager(self, state: GameState, cid: str) -> str | None:
        return state.extra["manager"].get(cid)  # type: ignore[attr-defined,no-any-return]

    def is_major(self, state: GameState, cid: str) -> bool:
        return cid in MAJORS or (cid == "BBCI" and bool(state.extra["major_bbci"]))

    def cert_count(self, state: GameState, player: str) -> int:
        """3.1.2: certificates held, the director's two shares one certificate, shares valued
        at £40 or less not counted."""
        total = 0
        for co in state.ledger.corporations():
            held = self.shares(co, player)
            if not held or self.exempt(state, co.id):
                continue
            total += held - (1 if co.president() == player else 0)
        return total

    def _since(self, state: GameState, cid: str) -> dict[str, int]:
        return state.extra["since"].setdefault(cid, {})  # type: ignore[attr-defined,no-any-return]

    def _mark_holding(self, state: GameState, company: Company, player: str) -> None:
        """Remember since when ``player`` holds shares of the company (2.9.2, 3.2.1, 3.4.1)."""
        since = self._since(state, company.id)
        if self.shares(company, player) and player not in since:
            state.extra["serial"] = int(state.extra["serial"]) + 1  # type: ignore[call-overload]
            since[player] = int(state.extra["serial"])  # type: ignore[call-overload]
        elif not self.shares(company, player):
            since.pop(player, None)

    def available(self, state: GameState, cid: str) -> bool:
        """3.1.3: the contract companies first; the others once all of theirs are issued."""
        contract: list[str] = state.extra["contract"]  # type: ignore[assignment]
        if cid in contract:
            return True
        return all(self.issued(state.company(x)) == 10 for x in contract)

    # ================================================================= market values
    def _before_bonds(self, state: GameState, verb: str) -> None:
        if state.round_kind != "setup" or state.extra["bond_order"]:
            raise Refusal(
                f"`{verb}` comes right after `game`, before the first bond: the values are "
                f"those of the board the game is played on (1 The Stock Market)"
            )

    def cmd_market(self, state: GameState, cmd: c.MarketValues) -> None:
        """``market VALUE...``: the track printed on the board, £10 up to £400 (4.7.3)."""
        self._before_bonds(state, "market")
        values = tuple(cmd.values)
        if len(values) < 2 or values[0] != 10 or values[-1] != 400:
            raise Refusal(
                "the track runs from £10 (4.7.3: the floor) to £400 (5.1.1: the end); "
                "give every value from the first to the last"
            )
        if any(b <= a for a, b in zip(values, values[1:], strict=False)):
            raise Refusal("the track's values must rise from space to space (1 The Stock Market)")
        market = self.tracks(state)
        missing = [
            f"{cid} {par}"
            for cid, par in market.par_of.items()
            if par not in values and cid not in market.provisional_pars
        ]
        if missing:
            raise Refusal(
                f"the confirmed pars {', '.join(missing)} are not on this track "
                f"(3.3.2: a company starts on its track at par)"
            )
        market.values = values
        # A provisional par not on the new track waits for its `setpar`.
        market.provisional = False
        self.note(
            state,
            f"Stock market track set: {len(values)} spaces, £10 to £400 (1 The Stock Market; "
            "4.7.3, 5.1.1).",
        )

    def cmd_setpar(self, state: GameState, cmd: c.SetPar) -> None:
        """``setpar CORP VALUE``: a company's printed par (1 The Shares)."""
        self._before_bonds(state, "setpar")
        company = self.corp(state, cmd.corp)
        market = self.tracks(state)
        if cmd.value not in market.values:
            raise Refusal(
                f"{self.money(cmd.value)} is not a space of the track (3.3.2: the cube goes on "
                f"the track at par); set the track with `market` first"
            )
        market.par_of = {**market.par_of, company.id: cmd.value}
        market.provisional_pars = tuple(x for x in market.provisional_pars if x != company.id)
        self.note(state, f"{company.id}'s par set to {self.money(cmd.value)} (1 The Shares).")

    def board_values(self, state: GameState) -> list[dict[str, Any]]:
        """The board's values as box entries (:func:`rulesets.box.entries`): the track and
        each par, PROVISIONAL until ``market`` / ``setpar`` give them (the board's values
        are not in the rules, 1 The Stock Market), each with the line that gives it."""
        market = self.tracks(state)
        pars = {f"par.{cid}": par for cid, par in market.par_of.items()}
        confirmed = [f"par.{cid}" for cid in market.par_of if cid not in market.provisional_pars]
        return entries(
            {TRACK_KEY.key: TRACK_KEY, **{k: _par_key(k[4:]) for k in pars}},
            {"market": " ".join(map(str, market.values)), **pars},
            [*([] if market.provisional else ["market"]), *confirmed],
            kept_as=lambda key: self.title,
            line=_board_line,
        )

    def cmd_box(self, state: GameState, cmd: c.BoxValue) -> None:
        """``box confirm`` / ``box KEY``: the board's values shown, the track and the pars,
        are the board's (the confirm flow of :mod:`rulesets.box`, as 1847 Pfalz's): what
        ``market`` and ``setpar`` with the same values would do; ``box par.CORP V`` is
        ``setpar CORP V``."""
        self._before_bonds(state, "box")
        board = self.board_values(state)
        key = next((e["key"] for e in board if e["key"].lower() == cmd.key.lower()), None)
        if cmd.key.lower() in ("confirm", "all") and cmd.value is None:
            keys = [e["key"] for e in board if e["status"] == "PROVISIONAL"]
        elif key is None:
            known = ", ".join(e["key"] for e in board)
            raise Refusal(
                f"1853 has no board value {cmd.key!r} (values: {known}; `box confirm` confirms "
                f"every value shown; 1 The Stock Market)"
            )
        elif cmd.value is not None:
            if key == "market":
                raise Refusal(
                    "the track is given whole, `market VALUE...` (1 The Stock Market); "
                    "`box market` confirms the one shown"
                )
            foreign = other_digits(cmd.value, key)
            if foreign is not None and follows(state, "1853-box-digits"):
                # int() would read `£٩٠` as 90 (a game saved before rules level 10 did)
                raise Refusal(f"{foreign} (1 The Shares)")
            if not cmd.value.lstrip("£").isdecimal():  # what int() reads (`²` is a digit)
                raise Refusal(f"{key} is a whole number, not {cmd.value!r} (1 The Shares)")
            self.cmd_setpar(state, c.SetPar(corp=key[4:], value=int(cmd.value.lstrip("£"))))
            return
        else:
            keys = [key]
        market = self.tracks(state)
        market.provisional = market.provisional and "market" not in keys
        done = {k[4:] for k in keys if k.startswith("par.")}
        market.provisional_pars = tuple(x for x in market.provisional_pars if x not in done)
        values = {e["key"]: e["value"] for e in board}
        self.note(state, confirmed_note({k: values[k] for k in keys}))

    def _check_pars_on_track(self, state: GameState) -> None:
        market = self.tracks(state)
        off = [f"{cid} {p}" for cid, p in market.par_of.items() if p not in market.values]
        if off:
            raise Refusal(
                f"the pars {', '.join(off)} are not on the track: `setpar` them first (3.3.2)"
            )

    # ================================================================= contract bids
    def _bid(self, state: GameState, player: str) -> dict[str, Any]:
        return state.extra["bids"][player]  # type: ignore[index,no-any-return]

    def min_bond(self, state: GameState) -> int:
        """2.5.2, with 2.5.6 and 2.5.9: enough for the fewest cities of a bid at £20 each."""
        n = self.n_players(state)
        return max(PRINTED_MIN_BOND[n], CITIES_PER_BID[n][0] * CITY_VALUE_FLOOR)

    def cmd_bond(self, state: GameState, cmd: c.Bond) -> None:
        """``bond PLAYER AMOUNT``: the contract bond, set aside from cash (2.5.2)."""
        if state.round_kind != "setup" or state.extra["stage"] != "bonds":
            raise Refusal("bonds are written before the claims, at the start of the game (2.5.2)")
        self._check_pars_on_track(state)
        player = self.player_name(state, cmd.player)
        if player in state.extra["bids"]:  # type: ignore[operator]
            raise Refusal(f"{player}'s bond is already set aside (2.5.2)")
        low = self.min_bond(state)
        if cmd.amount < low:
            n = self.n_players(state)
            lo, _ = CITIES_PER_BID[n]
            raise Refusal(
                f"the bond must be at least {self.money(low)} with {n} players (2.5.2; a bid of "
                f"at least {lo} cities at £20 or more each, 2.5.6, 2.5.9)"
            )
        cash = state.ledger.player(player).cash
        if cmd.amount > cash:
            raise Refusal(
                f"{player} has {self.money(cash)}, cannot set aside a bond of "
                f"{self.money(cmd.amount)} (2.5.2)"
            )
        account = f"bond:{player}"
        state.ledger.open_escrow(account)
        state.ledger.transfer(player, account, cmd.amount, "contract bond set aside (2.5.3)")
        state.extra["bids"][player] = {  # type: ignore[index]
            "bond": cmd.amount,
            "cities": [],
            "shares": [],
            "passed": False,
            "fulfilled": False,
        }
        state.extra["bond_order"].append(player)  # type: ignore[attr-defined]
        if len(state.extra["bond_order"]) == self.n_players(state):  # type: ignore[arg-type]
            self._seat_by_bonds(state)

    def _seat_by_bonds(self, state: GameState) -> None:
        """2.5.3: seats by bond, largest first (ties in the order written); the Elephant."""
        order: list[str] = state.extra["bond_order"]  # type: ignore[assignment]
        bids = state.extra["bids"]
        seated = sorted(order, key=lambda p: -bids[p]["bond"])  # type: ignore[index]
        by_name = {p.name: p for p in state.ledger.players}
        state.ledger.players = [by_name[name] for name in seated]
        state.priority = seated[0]
        state.extra["stage"] = "claims"
        state.ledger.events.append(PriorityChanged(player=seated[0]))
        self.note(
            state,
            "Seating by bond (2.5.3): "
            + ", ".join(f"{p} {self.money(bids[p]['bond'])}" for p in seated)  # type: ignore[index]
            # the Elephant's own line, just before, says who takes it (2.5.3)
            + f"; {seated[0]}, with the Elephant, claims first (2.5.4).",
        )

    def _city(self, word: str) -> tuple[str, str | None]:
        """The city named, and a note when moderator does not know it."""
        name = _city_name(word)
        if name in KNOWN_CITIES:
            return name, None
        close = difflib.get_close_matches(name, KNOWN_CITIES, n=1, cutoff=0.8)
        if close:
            raise Refusal(f"no city {word!r}: did you mean {close[0]}? (2.5.5)")
        return name, (
            f"{name} is not a city moderator knows: it is counted as a named city worth £20 "
            f"(2.5.9); unnamed towns may not be bid (2.5.8)"
        )

    def bid_problems(self, state: GameState, player: str, *, complete: bool) -> list[str]:
        """What makes ``player``'s bid illegal (2.5.4-2.5.9); ``complete``: the bid is final."""
        bid = self._bid(state, player)
        cities: list[str] = bid["cities"]
        n = self.n_players(state)
        lo, hi = CITIES_PER_BID[n]
        out: list[str] = []
        known = [x for x in cities if x != SEALED]
        total = sum(city_value(x) for x in cities)
        if total > bid["bond"]:
            out.append(
                f"its cities are worth {self.money(total)}, more than the bond of "
                f"{self.money(bid['bond'])} (2.5.9)"
            )
        if len(cities) > hi:
            out.append(
                f"it has {counted(len(cities), 'city', 'cities')}; at most {hi} with {n} "
                "players (2.5.6)"
            )
        twice = sorted({x for x in known if known.count(x) > 1})
        if twice:
            out.append(f"it names {', '.join(twice)} twice (2.5.5)")
        ganges = [x for x in known if x in GANGES_BEIGE or x == "Calcutta"]
        if len(ganges) > 2:
            out.append(
                f"it has {len(ganges)} Ganges-valley cities ({', '.join(ganges)}); at most two, "
                f"Calcutta included (2.5.7)"
            )
        if not complete and len(cities) < lo:
            # A claim must leave a bid that can still be completed: the cities 2.5.6 still
            # requires cost at least £20 each, and all must fit in the bond (2.5.9).
            short = lo - len(cities)
            if total + short * CITY_VALUE_FLOOR > bid["bond"]:
                out.append(
                    f"it would have {counted(len(cities), 'city', 'cities')} worth "
                    f"{self.money(total)}, leaving "
                    f"{self.money(bid['bond'] - total)} of the bond for the {short} more a bid "
                    f"needs with {n} players (2.5.6) at {self.money(CITY_VALUE_FLOOR)} or more "
                    f"each (2.5.9)"
                )
        if complete:
            if len(cities) < lo:
                out.append(
                    f"it has {counted(len(cities), 'city', 'cities')}; at least {lo} with {n} "
                    "players (2.5.6)"
                )
            beige = [x for x in known if x in GANGES_BEIGE]
            if len(cities) == 3 and len(beige) > 1:
                out.append(
                    f"a three-city bid may hold only one of Cawnpore, Lucknow, Allahabad, "
                    f"Benares and Patna, not {', '.join(beige)} (2.5.7)"
                )
            # A sealed city is worth £20 to £50: the bond is surely £40 short of used only
            # when even Calcutta-sized sealed cities leave £40 or more (2.5.4).
            most = total + (CITY_VALUES["Calcutta"] - CITY_VALUE_FLOOR) * cities.count(SEALED)
            if len(cities) < hi and bid["bond"] - most >= 40:
                out.append(
                    f"{self.money(bid['bond'] - total)} of the bond is not accounted for and "
                    f"fewer than {hi} cities are named: a player may not stop bidding with £40 "
                    f"or more left (2.5.4)"
                )
        return out

    def _claims_stage(self, state: GameState, verb: str) -> None:
        if state.round_kind != "setup":
            raise Refusal(
                f"`{verb}` belongs to the contract bids before the first stock round (2.5)"
            )
        if state.extra["stage"] != "claims":
            raise Refusal(
                "every player writes a bond before the cities are claimed (2.5.2, 2.5.4): "
                "`bond PLAYER AMOUNT` for each"
            )

    def cmd_claim(self, state: GameState, cmd: c.Claim) -> None:
        """``claim PLAYER CITY CORP``: a city of the bid and the share claimed with it."""
        self._claims_stage(state, "claim")
        player = self.player_name(state, cmd.player)
        bid = self._bid(state, player)
        if bid["passed"]:
            raise Refusal(f"{player} has passed: the bid is complete (2.5.4)")
        company = self.corp(state, cmd.corp)
        cid = company.id
        notes: list[str] = []
        if cmd.city.lower() == SEALED:
            city = SEALED
        else:
            city, note = self._city(cmd.city)
            if note:
                notes.append(note)
            links = CITY_LINKS.get(city)
            if links and cid not in links[0]:
                carried = ", ".join(sorted(links[0], key=NUMBER.__getitem__))
                if links[1]:
                    raise Refusal(
                        f"{city} carries the numbers of {carried} only; no {cid} share "
                        f"(2.5.5, 2.5.12)"
                    )
                notes.append(
                    f"{city} is known to carry {carried}; check on the board that it carries "
                    f"{cid} (2.5.5)"
                )
            elif links is None and city in KNOWN_CITIES:
                notes.append(
                    f"moderator does not know which companies {city} carries; check on the "
                    f"board that it carries {cid} (2.5.5)"
                )
        shares = [x for x in company.certificates if x.holder == cid]
        if not shares:
            raise Refusal(f"every {cid} share is claimed (1 The Shares: ten shares)")
        bid["cities"].append(city)
        bid["shares"].append(cid)
        problems = self.bid_problems(state, player, complete=False)
        if problems:
            raise Refusal(f"{player}'s bid would be illegal: {'; '.join(problems)}")
        state.ledger.move_certificate(company, shares[0], player, f"contract claim ({city}, 2.5.4)")
        state.extra["last_bidder"] = player
        self._mark_holding(state, company, player)
        contracted = state.extra["contracted"].setdefault(player, {})  # type: ignore[attr-defined]
        contracted[cid] = contracted.get(cid, 0) + 1
        if cid not in state.extra["contract"]:  # type: ignore[operator]
            state.extra["contract"].append(cid)  # type: ignore[attr-defined]
        for text in notes:
            self.note(state, text)

    def _pass_bid(self, state: GameState, cmd: c.Pass) -> None:
        """``pass`` in the contract bids: the bid is complete (2.5.4)."""
        self._claims_stage(state, "pass")
        player = self.player_name(state, cmd.player)
        bid = self._bid(state, player)
        if bid["passed"]:
            raise Refusal(f"{player} has already passed: the bid is complete (2.5.4)")
        problems = self.bid_problems(state, player, complete=True)
        if problems:
            raise Refusal(f"{player} may not pass yet: {'; '.join(problems)}")
        bid["passed"] = True
        # 2.5.4 goes "round and round the table" from the Elephant holder.  The claims are
        # taken in the order the table makes them (the reading in docs/titles/1853.md: the
        # turn goes on from whoever claimed); a pass only says the bid is complete, which
        # it stays whenever it is said (a passed bid takes no more claims), so it moves no
        # turn: the next to act is still the first open bid after the last claim, the
        # passer skipped if it was his turn.  A game saved before rules level 9 went on
        # from the passer, skipping those between (:mod:`moderator.fixes`).
        if not follows(state, "1853-2.5.4-turn"):
            state.extra["last_bidder"] = player

    def next_claimer(self, state: GameState) -> str | None:
        """2.5.4: whose turn it is in the claims: from the Elephant holder (the first seat,
        2.5.3) round the table, the first bidder after the last who claimed (or, before
        rules level 9, passed) whose bid is still open; ``None`` outside the claims or once
        every bid is complete (``settle`` comes)."""
        if state.round_kind != "setup" or state.extra["stage"] != "claims":
            return None
        bids = state.extra["bids"]
        seats = [p.name for p in state.ledger.players]
        last = state.extra.get("last_bidder")
        if isinstance(last, str) and last in seats:
            i = seats.index(last) + 1
            seats = seats[i:] + seats[:i]
        return next((p for p in seats if not bids[p]["passed"]), None)  # type: ignore[index]

    def next_actor(self, state: GameState) -> str | None:
        """The contract bids: the next player without a bond while the bonds are written
        (2.5.2), the next bidder in the claims (2.5.4); then as every title.

        While a new director owes his credit train's choice in a stock round (4.8.10),
        he is (nothing else is accepted first).

        2.5.2 has every player write his bond at once, in secret, and reveal them
        together: the rules give no order.  The banker collects them round the table, in
        the order the game line seats the players (the seating by bond, 2.5.3, comes only
        once every bond is known), so the first player whose bond is not yet set aside is
        the one the next line is expected from."""
        pending = self._pending_credit(state)
        if pending is not None and state.round_kind == "SR" and not state.ended:
            # 4.8.10: the new director's choice comes before any other line (``apply``):
            # he is the one to act, not the player whose turn follows his purchase
            return pending["director"]
        if state.round_kind == "setup":
            if state.extra["stage"] == "bonds":
                bids = state.extra["bids"]
                return next((p.name for p in state.ledger.players if p.name not in bids), None)  # type: ignore[operator]
            return self.next_claimer(state)
        return super().next_actor(state)

    def cmd_settle(self, state: GameState, cmd: c.Settle) -> None:
        """``settle``: contracted shares paid at par in company order; the first stock round."""
        self._claims_stage(state, "settle")
        for p in state.ledger.players:
            problems = self.bid_problems(state, p.name, complete=True)
            if problems:
                raise Refusal(f"{p.name}'s bid is not complete: {'; '.join(problems)}")
        owed: dict[str, list[tuple[int, str]]] = {}
        for p in state.ledger.players:
            shares = [(self.par(state, cid), cid) for cid in self._bid(state, p.name)["shares"]]
            # 2.7.3: what cannot be afforded is un-redeemed, and those must be the cheapest
            # shares of the bid: the fewest cheapest ones that leave the rest affordable.
            shares.sort(key=lambda s: (s[0], -NUMBER[s[1]]))
            cash = p.cash
            k = 0
            while sum(par for par, _ in shares[k:]) > cash:
                k += 1
            owed[p.name] = shares[k:]
            for _, cid in shares[:k]:
                unred = state.extra["unredeemed"].setdefault(p.name, {})  # type: ignore[attr-defined]
                unred[cid] = unred.get(cid, 0) + 1
        for cid, _ in COMPANIES:
            for p in state.ledger.players:
                n = sum(1 for _, x in owed[p.name] if x == cid)
                if n:
                    par = self.par(state, cid)
                    state.ledger.transfer(
                        p.name,
                        BANK,
                        n * par,
                        f"pays for {n} contracted {cid} share{'s' if n > 1 else ''} at "
                        f"{self.money(par)} (2.7.2)",
                    )
        for p in state.ledger.players:
            for cid, n in state.extra["unredeemed"].get(p.name, {}).items():  # type: ignore[attr-defined]
                self.note(
                    state,
                    f"{p.name} cannot pay for {n} {cid} share{'s' if n > 1 else ''}: "
                    f"un-redeemed, face down, no dividends, to be redeemed before any other "
                    f"purchase (2.7.3, 2.7.4)",
                )
        state.extra["stage"] = None
        state.phase = "2"  # 4.10.2: the game starts in phase 2
        state.round_kind = "SR"
        state.round_number = 1
        for cid in state.extra["contract"]:  # type: ignore[attr-defined]
            self._check_float_sr1(state, state.company(cid))
        state.extra["fresh_windows"] = []  # each holder's first turn is in this round
        self._start_stock_round(state, first=True)

    def cmd_fulfil(self, state: GameState, cmd: c.Fulfil) -> None:
        """``fulfil PLAYER [CITY...]``: the route is complete: the bond back, the bid shown."""
        player = self.player_name(state, cmd.player)
        if state.round_kind == "setup":
            raise Refusal("a contract is fulfilled by track built in the operating rounds (4.3.1)")
        bid = self._bid(state, player)
        if bid["fulfilled"]:
            raise Refusal(f"{player}'s bond has already been returned (4.3.2)")
        sealed = [i for i, x in enumerate(bid["cities"]) if x == SEALED]
        if len(cmd.cities) != len(sealed):
            raise Refusal(
                f"{player}'s bid has {len(sealed)} sealed cit{'y' if len(sealed) == 1 else 'ies'};"
                f" {len(cmd.cities)} named: the whole bid is revealed when the bond is claimed, "
                f"`fulfil {player} CITY...` (4.3.2)"
            )
        notes = []
        for index, word in zip(sealed, cmd.cities, strict=False):
            city, note = self._city(word)
            if note:
                notes.append(note)
            bid["cities"][index] = city
            cid = bid["shares"][index]
            links = CITY_LINKS.get(city)
            if links and links[1] and cid not in links[0]:
                notes.append(f"{city} does not carry {cid} (2.5.5)")
        bid["fulfilled"] = True
        account = f"bond:{player}"
        state.ledger.transfer(
            account,
            player,
            state.ledger.cash_of(account),
            "contract fulfilled: bond returned (4.3.2)",
        )
        problems = self.bid_problems(state, player, complete=True) + [
            n for n in notes if "does not carry" in n
        ]
        for text in notes:
            if "does not carry" not in text:
                self.note(state, text)
        shown = ", ".join(bid["cities"])
        if problems:
            self.note(
                state,
                f"ILLEGAL BID by {player} ({shown}): {'; '.join(problems)}. The other players "
                f"may require {player} to sell enough shares in the next stock round to give up "
                f"every directorship (4.3.2).",
            )
        else:
            self.note(state, f"{player}'s bid ({shown}) is legal (2.5).")

    # ================================================================= stock rounds
    def cmd_par(self, state: GameState, cmd: c.Par) -> None:
        raise Refusal(
            "1853 has no par purchase: shares are bought one at a time at the printed par "
            "(`buy PLAYER CORP`, 3.1.4); the director's certificate is exchanged when the "
            "director is appointed (3.2.1)"
        )

    def par_choices(self, state: GameState, company: Company) -> tuple[int, ...]:
        return ()  # 3.1.4: no par purchase; new shares sell one at a time at the printed par

    def cmd_bankrupt(self, state: GameState, cmd: c.Bankrupt) -> None:
        raise Refusal("1853 has no bankruptcy: no one is ever forced to buy a train (3.4, 4.8)")

    def begin_from_setup(self, state: GameState) -> None:
        raise Refusal(
            "the contract bids come first: `bond` for every player, `claim`s, then `settle` "
            "(2.5-2.7)"
        )

    def cmd_pass(self, state: GameState, cmd: c.Pass) -> None:
        if state.round_kind == "setup":
            self._pass_bid(state, cmd)
            return
        super().cmd_pass(state, cmd)

    def share_price(
        self, state: GameState, company: Company, source: str, cert: Certificate
    ) -> int:
        """3.1.4: new shares at par; 3.1.7: pool shares at the market price, par without one."""
        if source == "ipo":
            return self.par(state, company.id)
        return self.value_of(state, company.id)

    def check_buy(self, state: GameState, player: str, company: Company, source: str) -> str | None:
        cid = company.id
        unred = state.extra["unredeemed"].get(player, {})  # type: ignore[attr-defined]
        if any(unred.values()):
            owed = ", ".join(f"{n} {x}" for x, n in unred.items() if n)
            return (
                f"{player} holds un-redeemed shares ({owed}) and must redeem them before buying "
                f"any further share: `redeemshare {player} CORP` (2.7.4)"
            )
        if (player, cid) in state.sold_this_round:
            return f"{player} sold {cid} this stock round and may not buy it again (3.1.9)"
        if (
            source == "pool"
            and state.round_kind == "SR"
            and state.round_number == 1
            and company.certs_of(POOL)
            and follows(state, "1853-2.8.1")
        ):
            # The pool is empty when the first stock round begins (the contract bids put no
            # share there), so every pool share now was sold in this round.
            return (
                f"a {cid} share sold to the bank pool in the first stock round stays there: "
                f"no one may buy it from there until the next stock round (2.8.1)"
            )
        if not self.available(state, cid):
            return (
                f"{cid} is not available yet: every share of the contract companies "
                f"({', '.join(state.extra['contract'])}) must be issued first (3.1.3)"  # type: ignore[arg-type]
            )
        cert = self.buyable_certificate(state, player, company, source)
        if isinstance(cert, str):
            return cert
        if not self.exempt(state, cid):
            limit = HOLDING_LIMIT[self.n_players(state)]
            if self.shares(company, player) + 1 > limit:
                return f"{player} would hold more than {limit} {cid} shares (3.1.2, Table 3)"
            if self.cert_count(state, player) + 1 > self.cert_limit(state):
                return (
                    f"{player} is at the certificate limit of {self.cert_limit(state)} "
                    f"(3.1.2, Table 3)"
                )
        price = self.share_price(state, company, source, cert)
        cash = state.ledger.player(player).cash
        if cash < price:
            rule = "3.1.4" if source == "ipo" else "3.1.7"
            costs = f"{with_article(cid)} share costs {self.money(price)}"
            return f"{player} has {self.money(cash)}, {costs} ({rule})"
        return None

    def cmd_buy(self, state: GameState, cmd: c.Buy) -> None:
        """``buy``: one share, new at par or from the pool at the market price (3.1)."""
        player = self._stock_turn(state, cmd.player, "buy")
        company = self.corp(state, cmd.corp)
        source = cmd.source
        if source is None:
            has_new = not isinstance(self.buyable_certificate(state, player, company, "ipo"), str)
            source = "ipo" if has_new else "pool"
        why = self.check_buy(state, player, company, source)
        if why:
            raise Refusal(why)
        cert = self.buyable_certificate(state, player, company, source)
        assert not isinstance(cert, str)
        price = self.share_price(state, company, source, cert)
        where = "new at par (3.1.4)" if source == "ipo" else "from the bank pool (3.1.7)"
        state.ledger.transfer(player, BANK, price, f"buys {with_article(company.id)} share {where}")
        state.ledger.move_certificate(company, cert, player, "bought")
        self._mark_holding(state, company, player)
        self._after_gain(state, company)
        state.last_actor = player
        # Reading: the purchase ends the turn, so a turn's sales are written before it.
        # Section 3 lets a turn sell any number and buy one and 3.1.5 puts a sale and a
        # purchase in one turn, in no order; since a sale moves no price (3.1.7) and the
        # company bought is never one sold (3.1.9), writing the sales first changes no
        # figure, and frees the cash and the certificates the purchase may need.
        self._end_stock_turn(state, player, bought=True)

    def _after_gain(self, state: GameState, company: Company) -> None:
        """A share was issued or changed hands: floating, appointment, a new director."""
        if company.launched:
            self._review_director(state, company, "holds more shares (3.2.3)")
            return
        if state.round_number == 1 and state.round_kind == "SR":
            self._check_float_sr1(state, company)
        elif self.issued(company) >= QUALIFYING[self.n_players(state)]:
            self._form(state, company, "the qualifying number of shares is issued (3.2.1)")

    def _check_float_sr1(self, state: GameState, company: Company) -> None:
        """2.8.3: in the first stock round a company floats on its qualifying number issued;
        its director is appointed at the end of the round (2.9.1)."""
        floated: list[str] = state.extra["floated_sr1"]  # type: ignore[assignment]
        if company.id in floated or self.issued(company) < QUALIFYING[self.n_players(state)]:
            return
        floated.append(company.id)
        state.extra["windows"][company.id] = [p.name for p in state.ledger.players]  # type: ignore[index]
        state.extra["fresh_windows"].append(company.id)  # type: ignore[attr-defined]
        self.note(
            state,
            f"{company.id} floats: {self.issued(company)} shares issued (2.8.3); its director is "
            f"appointed at the end of this stock round (2.9.1). Its shares may not be sold "
            f"this round, except contracted ones at each holder's first turn from now (2.8.3).",
        )

    def stock_round_started(self, state: GameState) -> None:
        state.extra["sr_acted"] = False

    def cmd_redeemshare(self, state: GameState, cmd: c.RedeemShare) -> None:
        """``redeemshare PLAYER CORP``: an un-redeemed share paid for at par (2.7.4)."""
        if state.round_kind != "SR":
            raise Refusal("un-redeemed shares are redeemed during a stock round (2.7.4)")
        player = self.player_name(state, cmd.player)
        if follows(state, "1853-2.7.4-turn") and state.current_player != player:
            # 2.7.4: redemption is "an additional activity" of a stock round, and a stock
            # round is "a sequence of turns ... in which players may deal in shares" (3.1.1):
            # a player redeems on his own turn, before or besides his purchase.  Before rules
            # level 9 any player could redeem at any moment of the round.
            raise Refusal(
                f"it is {state.current_player}'s turn in the stock round: {player} redeems an "
                f"un-redeemed share on his own turn (2.7.4, 3.1.1)"
            )
        company = self.corp(state, cmd.corp)
        unred = state.extra["unredeemed"].get(player, {})  # type: ignore[attr-defined]
        if not unred.get(company.id):
            raise Refusal(f"{player} holds no un-redeemed {company.id} share (2.7.3)")
        par = self.par(state, company.id)
        cash = state.ledger.player(player).cash
        if cash < par:
            raise Refusal(
                f"{player} has {self.money(cash)}; redeeming {with_article(company.id)} share "
                "costs "
                f"{self.money(par)} (2.7.4)"
            )
        state.ledger.transfer(
            player, BANK, par, f"redeems {with_article(company.id)} share at par (2.7.4)"
        )
        unred[company.id] -= 1
        state.extra["sr_acted"] = True  # a redemption is an action of the round (4.9)
        if not unred[company.id]:
            del unred[company.id]

    def check_sell(
        self, state: GameState, player: str, company: Company, n: int, *, protect: str | None = None
    ) -> str | None:
        cid = company.id
        held = self.shares(company, player)
        if n < 1 or held < n:
            plural = "s" if held != 1 else ""
            return f"{player} holds {held} {cid} share{plural}, cannot sell {n} (3.1.5)"
        unred = self.unredeemed(state, player, cid)
        if n > held - unred:
            return (
                f"{player}'s {unred} un-redeemed {cid} share{'s' if unred > 1 else ''} may not "
                f"be sold (2.7.4)"
            )
        if state.round_number == 1 and cid in state.extra["floated_sr1"]:  # type: ignore[operator]
            window = state.extra["windows"].get(cid, [])  # type: ignore[attr-defined]
            contracted = state.extra["contracted"].get(player, {}).get(cid, 0)  # type: ignore[attr-defined]
            if player not in window:
                return (
                    f"{cid} has floated: its shares may not be sold until a later stock round "
                    f"(2.8.3)"
                )
            if n > contracted:
                return (
                    f"{cid} has floated: only contracted shares may be sold now, and {player} "
                    f"holds {contracted} (2.8.3)"
                )
        if state.extra["appointed"].get(cid) == state.round_number and state.round_number > 1:  # type: ignore[attr-defined]
            return (
                f"{cid}'s director was first appointed in this stock round: no sale of its "
                f"shares until the next one (3.1.8)"
            )
        return None

    def sale_price(self, state: GameState, cid: str) -> int:
        """3.1.7; 2.8.3: £5 below face value in the first stock round."""
        if state.round_number == 1:
            return self.par(state, cid) - 5
        return self.value_of(state, cid)

    def cmd_sell(self, state: GameState, cmd: c.Sell) -> None:
        """``sell``: shares to the bank pool; the price does not move (3.1.5-3.1.9)."""
        player = self._stock_turn(state, cmd.player, "sell")
        company = self.corp(state, cmd.corp)
        cid = company.id
        if cid in state.turn_sold:
            raise Refusal(
                f"{player} already sold {cid} this turn: sell all of it in one action (3.1.6)"
            )
        why = self.check_sell(state, player, company, cmd.count)
        if why:
            raise Refusal(why)
        n = cmd.count
        price = self.sale_price(state, cid)
        director = company.president() == player
        certs = [x for x in company.certs_of(player) if not x.president]
        if len(certs) < n:
            flagged = next(x for x in company.certs_of(player) if x.president)
            flagged.president = False
            certs.append(flagged)
        for cert in certs[:n]:
            state.ledger.move_certificate(company, cert, POOL, "sold (3.1.5)")
        why_price = (
            "£5 below par in the first stock round (2.8.3)"
            if state.round_number == 1
            else (
                "the market price (3.1.7)"
                if state.market.has(cid)
                else "par, no market price (3.1.7)"
            )
        )
        self.bank_pays(
            state,
            player,
            price * n,
            f"sells {n} {cid} share{'s' if n > 1 else ''} at {self.money(price)}, {why_price}",
        )
        contracted = state.extra["contracted"].setdefault(player, {})  # type: ignore[attr-defined]
        keep = self.shares(company, player) - self.unredeemed(state, player, cid)
        if cid in state.extra["floated_sr1"] and state.round_number == 1:  # type: ignore[operator]
            contracted[cid] = contracted.get(cid, 0) - n
        contracted[cid] = max(0, min(contracted.get(cid, 0), keep))
        self._mark_holding(state, company, player)
        if company.launched:
            self._review_director(
                state, company, "sale by the director (3.2.3)", seller=player, was_director=director
            )
        state.sold_this_round.add((player, cid))
        state.turn_sold.append(cid)
        self._auto_pass_if_stuck_after_sale(state, player)

    def _can_sell_anything(self, state: GameState, player: str) -> bool:
        for co in state.ledger.corporations():
            if co.id in state.turn_sold or not self.shares(co, player):
                continue
            if self.check_sell(state, player, co, 1) is None:
                return True
        return False

    def _can_buy_anything(self, state: GameState, player: str) -> bool:
        cash = state.ledger.player(player).cash
        unred = state.extra["unredeemed"].get(player, {})  # type: ignore[attr-defined]
        if any(unred.values()):
            return any(n and cash >= self.par(state, cid) for cid, n in unred.items())
        for co in state.ledger.corporations():
            # A necessary condition first, the one check_buy refuses on last and most
            # often: a share dearer than the player's cash (3.1.4 new at par, 3.1.7 pool
            # shares at the market price, par without one).
            new_at = self.par(state, co.id)
            pool_at = self.value_of(state, co.id)
            if cash < new_at and cash < pool_at:
                continue
            for src, price in (("ipo", new_at), ("pool", pool_at)):
                if cash >= price and self.check_buy(state, player, co, src) is None:
                    return True
        return False

    def _end_stock_turn(self, state: GameState, player: str, *, bought: bool) -> None:
        """Section 3: only a purchase keeps the round going; a turn of sales is a decline."""
        if bought:
            state.consecutive_passes = 0
        else:
            state.consecutive_passes += 1
            # a turn of sales alone declines to buy: the line says why it counts as a pass
            why = "sold and bought nothing: a decline to buy (Section 3)"
            state.ledger.events.append(Passed(player=player, reason=why if state.turn_sold else ""))
        fresh: list[str] = state.extra["fresh_windows"]  # type: ignore[assignment]
        for cid, waiting in state.extra["windows"].items():  # type: ignore[attr-defined]
            if cid not in fresh and player in waiting:
                waiting.remove(player)
        state.extra["fresh_windows"] = []
        self._next_stock_player(state, player)

    def stock_round_end_moves(self, state: GameState) -> None:
        """2.9: directors of the first stock round; 2.6 BBCI; 2.8.4 the minors' trains; 3.4.1
        managers of companies nobody holds follow the Elephant."""
        if state.round_number == 1:
            for cid in sorted(state.extra["floated_sr1"], key=NUMBER.__getitem__):  # type: ignore[call-overload]
                company = state.company(cid)
                if cid == "BBCI":
                    self._decide_bbci(state, company)
                self._form(state, company, "floated in the first stock round (2.9.1)")
            state.extra["windows"] = {}
            formed_minor = any(
                state.company(cid).launched and not self.is_major(state, cid)
                for cid in ("BBCI", *MINORS)
            )
            if formed_minor:
                state.extra["minor_formed_sr1"] = True
                for card in MINOR_EXTRA:
                    at = max(
                        (i + 1 for i, t in enumerate(state.depot) if t.card == card), default=0
                    )
                    state.depot.insert(at, self._new_train(state, card, ""))
                self.note(
                    state,
                    "A minor company formed in the first stock round: one 2, one 2M and one 3M "
                    "train are added, and minors may buy the seven 2 cards as 1M trains at £180 "
                    "(2.8.4, 4.8.16).",
                )
        for co in state.ledger.corporations():
            if co.launched and co.president() is None:
                holders = [p.name for p in state.ledger.players if self.shares(co, p.name)]
                if not holders and state.priority and self.manager(state, co.id) != state.priority:
                    state.extra["manager"][co.id] = state.priority  # type: ignore[index]
                    self.note(
                        state,
                        f"{co.id}: no player holds a share; the Elephant's holder "
                        f"{state.priority} is its manager (3.4.1).",
                    )

    def after_stock_round(self, state: GameState) -> None:
        """Table 6: the number of operating rounds follows the phase at the end of the round."""
        state.ors_in_set = ORS_PER_SET[state.phase]
        state.extra["extra_or"] = None
        self._start_operating_round(state, 1)

    def _decide_bbci(self, state: GameState, company: Company) -> None:
        """2.6.2: BBCI is a major when its director's bid names both Ajmer and Bombay."""
        director = self._choose_director(state, company, None)
        cities = self._bid(state, director)["cities"] if director in state.extra["bids"] else []  # type: ignore[operator]
        major = director is not None and "Ajmer" in cities and "Bombay" in cities
        state.extra["major_bbci"] = major
        if major:
            self.note(
                state,
                f"BBCI is a major company: its director {director} bid Ajmer and Bombay; second "
                f"home base north Bombay, its Ajmer station costs £70 (2.6.2).",
            )
        else:
            sealed = director is not None and SEALED in cities
            extra = (
                " (its director's bid has sealed cities: only open claims count here)"
                if sealed
                else ""
            )
            self.note(state, f"BBCI is a minor company (2.6.3){extra}.")

    # ----------------------------------------------------------------- directors
    def _choose_director(self, state: GameState, company: Company, keep: str | None) -> str | None:
        """3.2.1: the largest holder with at least two shares, ties to who has held longest;
        the sitting director ``keep`` stays unless someone holds more (3.2.3)."""
        counts = {p.name: self.shares(company, p.name) for p in state.ledger.players}
        top = max(counts.values(), default=0)
        if keep is not None and counts.get(keep, 0) >= 2 and counts[keep] == top:
            return keep
        if top < 2:
            return None
        since = self._since(state, company.id)
        tied = [p for p, n in counts.items() if n == top]
        return min(tied, key=lambda p: since.get(p, 1 << 30))

    def _choose_manager(
        self, state: GameState, company: Company, previous: str | None
    ) -> str | None:
        """3.4.1: the previous director if he still holds a share, else the longest holder,
        else the Elephant's holder."""
        if previous is not None and self.shares(company, previous):
            return previous
        since = self._since(state, company.id)
        holders = [p.name for p in state.ledger.players if self.shares(company, p.name)]
        if holders:
            return min(holders, key=lambda p: since.get(p, 1 << 30))
        return state.priority

    def _set_director(
        self, state: GameState, company: Company, new: str | None, reason: str
    ) -> None:
        old = company.president()
        for cert in company.certificates:
            cert.president = False
        if new is not None:
            company.certs_of(new)[0].president = True
        if old != new:
            state.ledger.events.append(
                PresidentChanged(company=company.id, before=old, after=new, reason=reason)
            )

    def _review_director(
        self,
        state: GameState,
        company: Company,
        reason: str,
        *,
        seller: str | None = None,
        was_director: bool = False,
    ) -> None:
        """After holdings changed: a new director (3.2.3), or a manager (3.2.2, 3.4.1)."""
        current = seller if was_director else company.president()
        new = self._choose_director(state, company, current)
        before_manager = self.manager(state, company.id)
        self._set_director(state, company, new, reason)
        if new is not None:
            if before_manager is not None:
                state.extra["manager"][company.id] = None  # type: ignore[index]
                # 3.4.1 and the Director's certificate swapped for two shares (3.2.1)
                who = f"{new}, its manager," if before_manager == new else new
                gone = (
                    "no manager now"
                    if before_manager == new
                    else f"the manager {before_manager} is replaced"
                )
                self.note(
                    state,
                    f"{who} holds {self.shares(company, new)} {company.id} shares and becomes "
                    f"its director, two ordinary shares exchanged for the Director's "
                    f"certificate (3.2.1); {gone} (3.4.1).",
                )
                self._credit_on_director(state, company, new)
            if state.extra["appointed"].get(company.id) is None:  # type: ignore[attr-defined]
                state.extra["appointed"][company.id] = state.round_number  # type: ignore[index]
            return
        manager = self._choose_manager(state, company, current)
        if manager != before_manager:
            state.extra["manager"][company.id] = manager  # type: ignore[index]
            held = any(self.shares(company, p.name) for p in state.ledger.players)
            who = (
                f"No player holds two {company.id} shares: {manager} manages it"
                if held
                else f"No player holds {with_article(company.id)} share: the Elephant's holder "
                f"{manager} manages it (3.4.1)"
            )
            self.note(
                state,
                f"{who}; a manager pays no dividends and may buy one train on credit (3.2.2, 3.4).",
            )

    def _form(self, state: GameState, company: Company, why: str) -> None:
        """3.3: the director appointed (or a manager), ten times par from the bank, the cube
        on the track at par; the company runs from the next operating round."""
        cid = company.id
        par = self.par(state, cid)
        company.launched = True
        company.value = par
        self._review_director(state, company, f"appointed: {why}")
        self.bank_pays(state, cid, 10 * par, "its capital as it is formed: ten times par (3.3.1)")
        state.place_price(cid, par, "formed: the cube on its track at par (3.3.2)")

    # ================================================================= operating rounds
    def operating_candidates(self, state: GameState) -> list[str]:
        """Table 1 order, formed companies only (section 4)."""
        return [
            co.id
            for co in state.ledger.corporations()
            if co.launched and co.id not in state.operated
        ]

    def must_own_train(self, state: GameState, company: Company) -> bool:
        return False  # 1853 never forces a train purchase (3.4.3: a manager may buy on credit)

    def after_operating_round(self, state: GameState) -> None:
        """5.1.2: after the bank broke, the game ends with this operating round."""
        if state.bank_broken:
            self._end_game(
                state,
                "the bank ran out of money; the operating round was completed (5.1.2)",
            )
            return
        if state.or_number is not None and state.or_number == state.ors_in_set:
            if state.extra["extra_or"] == "called":
                state.extra["extra_or"] = "used"
        super().after_operating_round(state)

    def _end_company_turn(self, state: GameState, implicit_by: str | None = None) -> None:
        cid = state.operating
        if cid is not None and not state.ran:
            company = state.company(cid)
            if not company.trains:
                self._run(state, company, 0, None, None, auto=True)
                if state.ended:
                    return
        super()._end_company_turn(state, implicit_by)

    # ----------------------------------------------------------------- spending
    def cmd_spend(self, state: GameState, cmd: c.Spend) -> None:
        """4.1.12 terrain (Table 4), 4.1.3 the two-tile fee, 4.4.4 bases; 3.4.6 no spending
        while a credit train is owed."""
        company = self.operating_company(state, cmd.company)
        cid = company.id
        if company.debt:
            raise Refusal(
                f"{cid} owes {self.money(company.debt)} for its credit train: a manager pays no "
                f"other expense until it is paid (3.4.6)"
            )
        purpose = cmd.purpose
        if purpose == "token":
            tokens = int(state.extra["tokens"].get(cid, 0))  # type: ignore[attr-defined]
            expected = TOKEN_COSTS[min(tokens, 1)]
            ajmer = (
                cid == "BBCI"
                and self.is_major(state, cid)
                and not state.extra["ajmer_paid"]
                and cmd.amount == AJMER_MAJOR
            )
            if not ajmer and cmd.amount != expected:
                which = "first additional" if tokens == 0 else "each further"
                raise Refusal(
                    f"the {which} base costs {self.money(expected)}, not "
                    f"{self.money(cmd.amount)} (4.4.4)"
                    + (" (BBCI as a major: Ajmer £70, 4.1.13)" if cid == "BBCI" else "")
                )
            super().cmd_spend(state, cmd)
            if ajmer:
                state.extra["ajmer_paid"] = True
            else:
                state.extra["tokens"][cid] = tokens + 1  # type: ignore[index]
            return
        if purpose == "fee":
            fee = TWO_TILE_FEE.get(cid) if self.is_major(state, cid) else None
            if fee is None:
                raise Refusal(f"{cid} is a minor: it lays one tile a turn and pays no fee (4.1.2)")
            if cmd.amount != fee:
                raise Refusal(f"{cid}'s two-tile fee is {self.money(fee)} (4.1.3)")
            turn = [state.round_number, state.or_number, cid]
            if state.extra.get(FEE_TURN) == turn and follows(state, "1853-4.1.3-once"):
                # 4.1.2: one or two tiles a turn, so the fee of 4.1.3 ("whenever it is
                # used") is paid at most once in an operating turn
                raise Refusal(
                    f"{cid} has paid its two-tile fee this turn: a major lays at most two "
                    f"tiles a turn (4.1.2), one fee (4.1.3)"
                )
            super().cmd_spend(state, cmd)
            state.extra[FEE_TURN] = turn
            return
        elif purpose in ("terrain", "tile"):
            costs = set(TERRAIN) | {CALCUTTA_PROMOTION}
            pairs = {a + b for a in costs for b in costs}
            if cmd.amount not in costs and cmd.amount not in pairs:
                raise Refusal(
                    f"{self.money(cmd.amount)} is not a construction cost of Table 4 (or two): "
                    f"broad 40/60/80/140/240, metre 30/40/50/70/100, Calcutta's first promotion "
                    f"60 (4.1.12, 4.2.13)"
                )
            turn = [state.round_number, state.or_number, cid]
            held = state.extra.get(TERRAIN_TURN)
            before = int(held[3]) if isinstance(held, list) and held[:3] == turn else 0
            total = before + cmd.amount
            # 4.1.2: "Minor Companies may only lay 1 tile per turn": one hex's cost a turn;
            # a major lays "one or two tiles per turn", or promotes ONE (4.2.1), free
            # (4.2.11) but for Calcutta's first (4.2.13, £60, one of Table 4's)
            if self.is_major(state, cid):
                allowed, fix = costs | pairs, "1853-4.1.2-major"
                lays = (
                    "lays two tiles a turn at most (4.1.2) or promotes one (4.2.1), so it pays "
                    "two construction costs"
                )
            else:
                allowed, fix = costs, "1853-4.1.2-minor"
                lays = (
                    "is a minor: it lays one tile a turn (4.1.2), so it pays one construction cost"
                )
            if total not in allowed and follows(state, fix):
                said = f" ({self.money(before)} already this turn)" if before else ""
                raise Refusal(
                    f"{cid} {lays} of Table 4 at most, not {self.money(total)}{said} (4.1.12)"
                )
            super().cmd_spend(state, cmd)
            state.extra[TERRAIN_TURN] = [*turn, total]
            return
        super().cmd_spend(state, cmd)

    def cmd_frontier(self, state: GameState, cmd: c.Frontier) -> None:
        """``frontier CORP N``: the one payment for connecting a frontier post (4.1.14)."""
        company = self.operating_company(state, cmd.corp)
        if cmd.amount < 1 or cmd.amount > FRONTIER_MAX:
            raise Refusal(
                f"a frontier post pays the sum printed on it, e.g. (40); "
                f"{self.money(cmd.amount)} is not one (4.1.14)"
            )
        self.bank_pays(state, company.id, cmd.amount, f"{company.id} frontier post (4.1.14)")
        self.received_before_run(state, company, cmd.amount)  # track-step money (4.1.14)
        self._collect_debt(state, company)

    # ----------------------------------------------------------------- the run
    def exact_per_share(self, company: Company, paid: int) -> str | None:
        """4.6.5 pays 10% of the dividend a share in whole pounds, rounded down (the rest
        stays in the bank): the whole amount is every share's, never a figure in pence."""
        return None

    def dividend_plan(
        self,
        state: GameState,
        company: Company,
        revenue: int,
        option: str | None,
        mail: int | None = None,
    ) -> Receipt:
        """4.6: all paid out or all withheld, 10% a share; 4.6.6 the mail to the company;
        4.7.1 the price move."""
        cid = company.id
        managed = company.president() is None
        if option is None:
            option = "withhold" if managed else "full"
        if option not in self.payout_kinds:
            raise Refusal(f"1853 has no {option} payout: full or withhold (4.6.4)")
        if managed and option == "full" and revenue:
            raise Refusal(
                f"{cid} is run by a manager ({self.manager(state, cid)}), who may not declare a "
                f"dividend: `run {cid} {revenue} withhold` (3.4.2)"
            )
        if revenue < 0:
            raise Refusal("revenue cannot be negative (4.6.2)")
        if (revenue or mail) and not company.trains:
            raise Refusal(f"{cid} has no train to run (4.5.1)")
        mail = mail or 0
        if mail > revenue:
            raise Refusal(
                f"the mail run is the value of one train's first and last stations, so it "
                f"cannot exceed the revenue {self.money(revenue)} (4.6.6)"
            )
        if revenue == 0:
            option = "withhold"
        paid = revenue if option == "full" else 0
        retained = revenue - paid
        lines: list[ReceiptLine] = []
        notes: list[str] = []
        if paid:
            for p in state.ledger.players:
                held = self.shares(company, p.name)
                unred = self.unredeemed(state, p.name, cid)
                units = held - unred
                if held:
                    note = ""
                    if unred:
                        note = (
                            f"{unred} un-redeemed: {self.money(unred * (paid // 10))} stays in "
                            f"the bank (2.7.3)"
                        )
                    lines.append(ReceiptLine(p.name, units, units * (paid // 10), note))
            for holder, label in ((POOL, self.pool_name), (cid, self.ipo_name)):
                units = self.shares(company, holder)
                if units:
                    lines.append(
                        ReceiptLine(
                            label,
                            units,
                            0,
                            f"{self.money(units * (paid // 10))} stays in the bank (4.6.5)",
                        )
                    )
        if mail:
            lines.append(ReceiptLine(cid, 0, mail, "mail run, to the company always (4.6.6)"))
        if paid and paid % 10:
            # 4.6.5 gives 10% a share; the rules are silent on odd revenue, and a banker
            # pays whole pounds a share, rounded down, the rest staying in the bank.
            notes.append("10% of the revenue a share, rounded down (4.6.5)")
        price = state.price(cid)
        if paid:
            steps = max(1, min(5, paid // price))
            rule = f"dividend {self.money(paid)} is " + (
                "under twice the price: one space right (4.7.1)"
                if steps == 1
                else f"{steps}x the price or more: {steps} spaces right (4.7.1)"
            )
            # the track's end (£400) may leave fewer spaces: the line says so
            rule += end_words(state.market, cid, steps)
        elif self.shares(company, POOL):
            steps, rule = -1, "no dividend with shares in the bank pool: one space left (4.7.1)"
            if end_words(state.market, cid, steps):  # the track's first space: it stays
                rule += f"; at {self.money(price)} it can not be reduced further (4.7.3)"
        else:
            steps, rule = (
                0,
                "no dividend, no shares in the bank pool: the price does not change (4.7.1)",
            )
        return self.build_receipt(
            state, cid, (revenue, option, paid // 10, retained), lines, notes, steps, rule
        )

    def mail_plan(
        self, state: GameState, company: Company, revenue: int, option: str | None, mail: int
    ) -> Receipt:
        return self.dividend_plan(state, company, revenue, option, mail)

    def cmd_run(self, state: GameState, cmd: c.Run) -> Receipt:
        """``run CORP REVENUE [full|withhold] [mail N]``; returns the receipt."""
        company = self.operating_company(state, cmd.company)
        if state.ran:
            raise Refusal(f"{company.id} has already run this turn (4.5.1)")
        return self._run(state, company, cmd.revenue, cmd.option, cmd.mail)

    def _run(
        self,
        state: GameState,
        company: Company,
        revenue: int,
        option: str | None,
        mail: int | None,
        *,
        auto: bool = False,
    ) -> Receipt:
        cid = company.id
        plan = self.dividend_plan(state, company, revenue, option, mail)
        self.record_cash_before_run(state, company)
        if auto:
            self.note(state, f"{cid} has no train and runs nothing (4.5.1).")
        payouts: dict[str, int] = {}
        for line in plan.lines:
            if line.amount and line.who != cid:  # the company's line is the mail, paid below
                self.bank_pays(
                    state,
                    line.who,
                    line.amount,
                    f"{cid} dividend {a_share(self.currency, plan.per_share)} (4.6.5)",
                )
                payouts[line.who] = payouts.get(line.who, 0) + line.amount
        if plan.retained:
            self.bank_pays(state, cid, plan.retained, f"{cid} withholds (4.6.4)")
        if mail:
            self.bank_pays(state, cid, mail, f"{cid} mail run (4.6.6)")
        state.ledger.events.append(
            DividendPaid(
                company=cid,
                revenue=revenue,
                option=plan.option,
                per_share=plan.per_share,
                retained=plan.retained + (mail or 0),
                payouts=payouts,
            )
        )
        state.ran = True
        if plan.price_steps:
            state.move_price(cid, plan.price_steps, plan.rule)
        self._collect_debt(state, company)
        why = self.run_ends_game(state, cid)
        if why:
            self._end_game(state, why)
        return plan

    def run_mail(self, ev: DividendPaid) -> int:
        """The mail run (4.6.6) of the run ``ev`` records (the rounds' records, the
        workbook): :meth:`_run` puts it in the event's ``retained`` beside what the company
        withheld of its revenue (all of it, or none when paid out)."""
        return ev.retained - (ev.revenue if ev.option == "withhold" else 0)

    def run_ends_game(self, state: GameState, cid: str) -> str | None:
        """4.7.3, 5.1.3: a share value on the last space stops the game after its dividend."""
        if self.tracks(state).at_top(cid):
            return f"{cid}'s share value reached £400, the end of the market (4.7.3, 5.1.3)"
        return None

    # ----------------------------------------------------------------- credit trains
    def _collect_debt(self, state: GameState, company: Company) -> None:
        """3.4.3, 3.4.6: the credit train is paid before any other expense."""
        if not company.debt or not company.cash:
            return
        pay = min(company.debt, company.cash)
        state.ledger.transfer(company.id, BANK, pay, "toward its credit train (3.4.3, 3.4.6)")
        company.debt -= pay
        if not company.debt:
            state.extra["credit"].pop(company.id, None)  # type: ignore[attr-defined]
            self.note(state, f"{company.id}'s credit train is paid for (3.4.3).")

    def _credit_on_director(self, state: GameState, company: Company, director: str) -> None:
        """4.8.10: a director takes over a company buying a train on credit: "the train must
        either be purchased at that point or returned to the bank".

        Under rules fix ``1853-4.8.10`` the new director chooses (``credit CORP pay`` /
        ``credit CORP return``) and nothing else is accepted until he has.  A director who
        cannot pay what is owed (with what the treasury holds, 4.8.8) has no choice: the
        train goes back at once, as before.  Games saved before the fix keep the old
        reading: he pays whenever he has the cash.  A new manager (3.4.1) takes the credit
        train over as it stands: 4.8.10 speaks of a director, and a manager may hold one
        (3.4.3), so only a director's takeover calls for the choice.
        """
        if not company.debt:
            return
        cid = company.id
        owed = company.debt
        cash = state.ledger.player(director).cash
        if not follows(state, "1853-4.8.10"):
            if cash >= owed:
                state.ledger.transfer(
                    director,
                    BANK,
                    owed,
                    f"{director} pays the rest of {cid}'s credit train (4.8.10)",
                )
                company.debt = 0
                state.extra["credit"].pop(cid, None)  # type: ignore[attr-defined]
                return
            self._return_credit_train(
                state,
                company,
                f"credit train returned: {director} cannot pay {self.money(owed)} (4.8.10)",
            )
            return
        info = state.extra["credit"].get(cid, {})  # type: ignore[attr-defined]
        gone = not any(t.serial == info.get("serial") for t in company.trains)
        if gone and follows(state, "1853-4.8.10-gone"):
            # The credit train has already gone back to the bank, obsolete (4.8.4) or over
            # the limit (4.8.6): the company is no longer "buying a train on credit", there
            # is nothing to purchase or return, and paying for a train it no longer has is
            # no choice a banker offers.  What is owed is cancelled at once, nothing
            # refunded (the reading of rules level 5).  Before rules level 9 the director
            # was asked all the same, `credit CORP pay` paying for the train gone.
            self.note(
                state,
                f"{director} takes over {cid}, whose credit train has already gone back to "
                f"the bank: nothing is left to buy or return, the {self.money(owed)} still "
                f"owed is cancelled (4.8.10, 4.8.4).",
            )
            self._return_credit_train(
                state, company, f"credit train given up by {director} (4.8.10)"
            )
            return
        if cash + company.cash < owed:
            # 4.8.10 leaves no choice when the train cannot be bought: it goes back.
            self._return_credit_train(
                state,
                company,
                f"credit train returned: {director} cannot pay {self.money(owed)} (4.8.10)",
            )
            return
        state.extra["credit_choice"] = {"corp": cid, "director": director}
        self.note(
            state,
            f"{director} takes over {cid}, which owes {self.money(owed)} on its credit "
            f"{self._credit_train_name(state, company)}: he buys it now or returns it to the "
            f"bank, `credit {cid} pay` or `credit {cid} return` (4.8.10).",
        )

    def _credit_train_name(self, state: GameState, company: Company) -> str:
        """The credit train's name (``2``), or ``train`` when it has left the company."""
        info = state.extra["credit"].get(company.id, {})  # type: ignore[attr-defined]
        train = next((t for t in company.trains if t.serial == info.get("serial")), None)
        return train.name if train is not None else "train"

    def _return_credit_train(self, state: GameState, company: Company, reason: str) -> None:
        """4.8.10: the credit train goes back to the bank.  The rules are silent on what
        the company paid toward it: a banker undoes the sale (the train was never bought),
        so the bank gives it back; the train is for sale again at full price (4.8.6)."""
        cid = company.id
        owed = company.debt
        info = state.extra["credit"].get(cid, {})  # type: ignore[attr-defined]
        train = next((t for t in company.trains if t.serial == info.get("serial")), None)
        paid = int(info.get("price", owed)) - owed
        if train is None and paid and follows(state, "1853-4.8.4"):
            # The train has already gone back to the bank, obsolete (4.8.4: "No payment is
            # made for them") or over the limit (4.8.6: "without payment"): giving it up
            # now cancels what is owed and refunds nothing.
            self.note(
                state,
                f"{cid}'s credit train has already gone back to the bank: what is owed is "
                f"cancelled, what was paid ({self.money(paid)}) is not refunded (4.8.4, 4.8.6).",
            )
            paid = 0
        if train is not None:
            company.trains.remove(train)
            self.pool_trains(state).append(train)
            state.ledger.events.append(
                TrainMoved(train=train.name, source=cid, target=POOL, reason=reason)
            )
        if paid:
            self.bank_pays(
                state,
                cid,
                paid,
                "what it paid toward its credit train, refunded as the train goes back "
                f"({REFUND_RULE})",
            )
        company.debt = 0
        state.extra["credit"].pop(cid, None)  # type: ignore[attr-defined]

    def _pending_credit(self, state: GameState) -> dict[str, str] | None:
        """The credit train choice a new director still owes the table (4.8.10), if any."""
        pending = state.extra.get("credit_choice")
        return pending if isinstance(pending, dict) else None

    def apply(self, state: GameState, cmd: c.Command) -> Receipt | None:
        """4.8.10: while a new director has not chosen between buying the credit train and
        returning it, only his choice is accepted (with checks, notes and corrections)."""
        pending = self._pending_credit(state)
        if pending is not None and not isinstance(
            cmd, c.CreditTrain | c.Expect | c.Note | c.Adjust
        ):
            cid = pending["corp"]
            owed = self.money(state.company(cid).debt)
            raise Refusal(
                f"{pending['director']} has taken over {cid}, which owes {owed} on its credit "
                f"train: it must be bought or returned to the bank first, `credit {cid} pay` "
                f"or `credit {cid} return` (4.8.10)"
            )
        return super().apply(state, cmd)

    def cmd_credit(self, state: GameState, cmd: c.CreditTrain) -> None:
        """``credit CORP pay|return``: the new director's choice for the credit train (4.8.10).

        ``pay``: what the treasury holds goes to the debt first (3.4.6; it is normally
        empty, the debt having taken every pound as it came), the director pays the rest
        (4.8.8: the only gift a director may make).  ``return``: the train goes back to the
        bank and what the company paid toward it is refunded (see
        :meth:`_return_credit_train`)."""
        pending = self._pending_credit(state)
        if pending is None:
            raise Refusal(
                "no credit train is waiting for a new director's choice: it is made when a "
                "director takes over a company buying a train on credit (4.8.10)"
            )
        company = self.corp(state, cmd.corp)
        cid = pending["corp"]
        director = pending["director"]
        if company.id != cid:
            raise Refusal(
                f"the choice waiting is {cid}'s credit train, not {company.id}'s: "
                f"`credit {cid} pay` or `credit {cid} return` (4.8.10)"
            )
        name = self._credit_train_name(state, company)
        if cmd.choice == "pay":
            owed = company.debt
            cash = state.ledger.player(director).cash
            if cash + company.cash < owed:
                raise Refusal(
                    f"{director} has {self.money(cash)} and {cid} {self.money(company.cash)}; "
                    f"{self.money(owed)} is owed on the {name}: `credit {cid} return` (4.8.10)"
                )
            self._collect_debt(state, company)
            if company.debt:
                state.ledger.transfer(
                    director,
                    BANK,
                    company.debt,
                    f"{director} pays the rest of {cid}'s credit {name}, "
                    f"{self.money(company.debt)} (4.8.10, 4.8.8)",
                )
                paid = self.money(company.debt)
                company.debt = 0
                state.extra["credit"].pop(cid, None)  # type: ignore[attr-defined]
                # the figures the line typed does not name: what he paid, what comes back
                self.note(
                    state,
                    f"{cid}'s {name} is paid for: {director} bought it, paying the {paid} "
                    "still owed (4.8.10).",
                )
        else:
            before = company.cash
            self._return_credit_train(
                state, company, f"credit train returned to the bank by {director} (4.8.10)"
            )
            back = company.cash - before
            if back:
                self.note(
                    state,
                    f"{cid}'s {name} goes back to the bank pool; the {self.money(back)} it "
                    f"paid toward it is refunded ({REFUND_RULE}).",
                )
        state.extra["credit_choice"] = None

    # ----------------------------------------------------------------- trains
    def _train_offer(
        self, state: GameState, company: Company | None
    ) -> list[tuple[str, int, Train | None]]:
        """What the bank sells now (to ``company``: its kind's variants); ``None`` for a train
        made for the purpose (4.8.17's additional 2/1M cards)."""
        minor = company is not None and not self.is_major(state, company.id)
        one_m = bool(state.extra["minor_formed_sr1"])
        out: list[tuple[str, int, Train | None]] = []
        broad = [t for t in state.depot if t.card in BROAD]
        heads: list[Train] = []
        if broad:
            heads.append(broad[0])
            if state.phase == "5":
                heads.extend(t for t in broad if t.card == "6")
        seen: set[str] = set()
        for train in heads:
            if train.card in seen:
                continue
            seen.add(train.card)
            for name, price in TRAIN_VARIANTS[train.card]:
                if name == "1M" and not (one_m and (company is None or minor)):
                    continue
                out.append((name, price, train))
        if (
            one_m
            and "2" not in seen
            and state.phase == "2"
            and state.round_number == 1
            and state.or_number == 1
            and state.round_kind == "OR"
        ):  # 4.8.17: more 2/1M cards in the first operating round
            out.append(("2", 300, None))
            if company is None or minor:
                out.append(("1M", 180, None))
        for card in METRE_ON_SALE[state.phase]:
            train = next((t for t in state.depot if t.card == card), None)
            if train is not None:
                out.append((card, TRAIN_VARIANTS[card][0][1], train))
        return out

    def available_variants(self, state: GameState) -> list[tuple[str, int, Train]]:
        return [(n, p, t) for n, p, t in self._train_offer(state, None) if t is not None] + [
            (t.name, self.list_price(t.name), t) for t in self.pool_trains(state)
        ]

    def depot_json(self, state: GameState) -> list[dict[str, Any]]:
        offer = [
            {"train": n, "price": p, "returned": False}
            for n, p, _ in self._train_offer(state, None)
        ]
        return offer + [
            {"train": t.name, "price": self.list_price(t.name), "returned": True}
            for t in self.pool_trains(state)
        ]

    def next_phase_json(self, state: GameState) -> dict[str, Any] | None:
        """The next broad train starts the next phase; metre trains start none (4.8.11)."""
        broad = [t for t in state.depot if t.card in BROAD]
        card = broad[0].card if broad else None
        if card is None or self.card_phase[card] == state.phase:
            return None
        phase = self.card_phase[card]
        return {
            "card": card,
            "phase": phase,
            "train_limit": self.train_limits[phase],
            "phases_out": [],
            "rusts": [n for x in self.rust.get(phase, ()) for n, _ in TRAIN_VARIANTS[x]],
            "effects": self.phase_notes(phase),
        }

    def _token_train(self, state: GameState, company: Company) -> Train | None:
        """4.8.19: the next phase's metre train a minor's special token may buy now."""
        if self.is_major(state, company.id) or company.id in state.extra["token_used"]:  # type: ignore[operator]
            return None
        if state.round_number == 1 and state.or_number == 1:
            return None
        names = {n for n, _, _ in self._train_offer(state, company)}
        names |= {t.name for t in self.pool_trains(state)}
        if names & {"1M", *METRE}:
            return None
        card = TOKEN_TRAIN.get(state.phase)
        return next((t for t in state.depot if t.card == card), None) if card else None

    def cmd_train(self, state: GameState, cmd: c.BuyTrain) -> None:
        """``train``: 4.8 purchases; ``credit`` for a manager (3.4.3)."""
        company = self.operating_company(state, cmd.corp)
        cid = company.id
        name = cmd.train.upper().replace("-", "")
        if self.variant_card(name) is None:
            raise Refusal(f"no {cmd.train} train in 1853 (Table 5: 2 3 4 5 6 1M 2M 3M 4M)")
        if name == "1M" and self.is_major(state, cid):
            raise Refusal(f"{cid} is a major company and may not own a 1M train (4.8.18)")
        if not state.ran:
            if company.trains:
                raise Refusal(
                    f"{cid} buys trains at the end of its turn, after it has run (4.8.1): "
                    f"`run {cid} REVENUE` first"
                )
            self._run(state, company, 0, None, None, auto=True)
            if state.ended:
                return
        limit = self.train_limit(state)
        if self.counted_trains(company) >= limit:
            raise Refusal(f"{cid} is at the train limit of {limit} (4.8.5)")
        if cmd.credit:
            self._buy_on_credit(state, company, name)
            return
        if cmd.source is not None and cmd.source != "pool":
            self._trade_train(state, company, name, cmd.source, cmd.price or 0)
            return
        pool = [t for t in self.pool_trains(state) if t.name == name]
        offer = [v for v in self._train_offer(state, company) if v[0] == name]
        if cmd.source == "pool" or (not offer and pool):
            if not pool:
                raise Refusal(f"no {name} train in the bank pool (4.8.6)")
            self._gift(state, company, name, self.list_price(name))
            self._buy_from_pool(state, company, name)
            return
        token = None
        if not offer:
            token = self._token_train(state, company)
            if token is None or token.card != name:
                sells = ", ".join(
                    f"{n} {self.money(p)}" for n, p, _ in self._train_offer(state, company)
                )
                raise Refusal(
                    f"the bank does not sell {cid} {with_article(name)} train now (4.8.3, "
                    f"4.8.11-4.8.13, 4.8.18); it sells: {sells or 'none'}"
                )
            offer = [(name, self.list_price(name), token)]
        _, price, train = offer[0]
        self._gift(state, company, name, price)
        if train is None:  # 4.8.17
            train = self._new_train(state, "2", "")
            state.depot.insert(0, train)
            self.note(state, "An additional 2/1M card is put on sale (4.8.17).")
        self._buy_from_bank(state, company, name, price, train, 0)
        if token is not None:
            state.extra["token_used"].append(cid)  # type: ignore[attr-defined]
            self.note(
                state,
                f"{cid} hands in its special token to buy {with_article(name)} from the next "
                f"phase; the phase does not change (4.8.19).",
            )

    def _gift(self, state: GameState, company: Company, name: str, price: int) -> None:
        """4.8.8: the director may make up what the company lacks; the treasury is then empty.

        A manager may too: he "may make any moves allowed of a Director except that he must
        not declare a dividend" (3.4.2); the credit train (3.4.3) is his besides.  (Before
        this reading such a purchase was refused: no accepted line replays differently.)
        """
        if company.debt:
            raise Refusal(
                f"{company.id} owes {self.money(company.debt)} for its credit train: a manager "
                f"pays no other expense until it is paid (3.4.6)"
            )
        if company.cash >= price:
            return
        short = f"{company.id} has {self.money(company.cash)}, the {name} costs {self.money(price)}"
        director = company.president()
        credit = f"`train {company.id} {name} credit` (3.4.3)"
        if director is None:
            director = self.manager(state, company.id)
            if director is None:
                raise Refusal(
                    f"{short}; a manager may buy a train from the bank on credit: {credit}"
                )
            role, rule = "manager", "4.8.8, 3.4.2"
        else:
            role, rule = "director", "4.8.8"
        need = price - company.cash
        cash = state.ledger.player(director).cash
        if cash < need:
            more = f"; or on credit from the bank, {credit}" if role == "manager" else ""
            raise Refusal(
                f"{short}; its {role} {director} has only {self.money(cash)} ({rule}){more}"
            )
        state.ledger.transfer(
            director,
            company.id,
            need,
            # the line names the payer and the company already ("Ben pays GIP £20: Ben
            # gives GIP ..." said both twice)
            f"its {role} makes up the rest of the {name}'s price ({rule})",
        )

    def _buy_on_credit(self, state: GameState, company: Company, name: str) -> None:
        cid = company.id
        if company.president() is not None:
            raise Refusal("only a company run by a manager buys a train on credit (4.8.10, 3.4.3)")
        if company.debt or cid in state.extra["credit"]:  # type: ignore[operator]
            raise Refusal(f"{cid} already owes for a credit train: only one at a time (3.4.3)")
        offer = [v for v in self._train_offer(state, company) if v[0] == name]
        if not offer:
            raise Refusal(
                f"the bank does not sell {cid} {with_article(name)} train now (4.8.3); credit "
                f"is for a new train (3.4.3)"
            )
        _, price, train = offer[0]
        if train is None:
            train = self._new_train(state, "2", "")
            state.depot.insert(0, train)
        # The bank hands the train over at once; the treasury pays what it holds at once and
        # the rest is owed (3.4.3, 3.4.6: the debt comes before any other expense).
        # the price, and that the treasury's payment is all it holds: the payment itself is
        # the line typed's own, which names no figure
        state.ledger.events.append(
            Noted(
                text=f"{cid} buys {with_article(name)} on credit for {self.money(price)}: its "
                f"treasury pays what it holds, {self.money(min(price, company.cash))}, the "
                f"rest is owed (3.4.3, 3.4.6)."
            )
        )
        company.debt = price
        state.extra["credit"][cid] = {"serial": train.serial, "price": price}  # type: ignore[index]
        self._buy_from_bank(state, company, name, 0, train, 0, reason="buys it on credit (3.4.3)")
        self._collect_debt(state, company)
        if company.debt:
            self.note(
                state, f"{cid} owes the bank {self.money(company.debt)} for its {name} (3.4.3)."
            )

    def _trade_train(
        self, state: GameState, company: Company, name: str, source: str, price: int
    ) -> None:
        """4.8.9: at an agreed price of at least £10; 4.8.18 d; 3.4.5."""
        seller = state.company(self.company_id(state, source))
        if price < MIN_TRAIN_TRADE:
            raise Refusal("a train between companies costs at least £10 (4.8.9)")
        credit = state.extra["credit"].get(seller.id)  # type: ignore[attr-defined]
        trains = [t for t in seller.trains if t.name == name]
        if credit and trains and all(t.serial == credit["serial"] for t in trains):
            raise Refusal(
                f"{seller.id}'s {name} is not paid for: a credit train is sold only when paid "
                f"(3.4.5)"
            )
        self._gift(state, company, name, price)
        self._buy_from_company(state, company, name, seller.id, price)
        self._collect_debt(state, seller)

    def may_buy_from_company(self, state: GameState, buyer: Company, seller: Company) -> None:
        if not seller.launched:
            raise Refusal(f"{seller.id} is not formed (4.8.9)")

    def phase_started(self, state: GameState, phase: str) -> None:
        """4.8.4: obsolete credit trains leave too; the debt stands (the rules are silent)."""
        for cid, info in list(state.extra["credit"].items()):  # type: ignore[attr-defined]
            co = state.company(cid)
            if not any(t.serial == info["serial"] for t in co.trains):
                info["serial"] = None

    def phase_notes(self, phase: str) -> list[str]:
        notes = {
            "3": [
                "green tiles",
                "2M trains on sale",
                "2 operating rounds a set after the next stock round",
            ],
            "4": [
                "brown tiles",
                "3M trains on sale",
                "3 operating rounds a set after the next stock round",
            ],
            # its own rules before the others: the phase line's rule (4.10) closes it, and
            # "(4.2.3, 4.4.2) (4.10)" read as two parentheses in a row
            "5": ["territories open (4.2.3, 4.4.2)", "grey tiles", "6 and 4M trains on sale"],
        }
        return notes.get(phase, [])

    # ================================================================= extra OR, elephant
    def cmd_extra(self, state: GameState, cmd: c.Extra) -> None:
        """``extra``: the Elephant's holder calls one extra operating round (4.9)."""
        if state.extra["extra_or"] is not None:
            raise Refusal("the extra operating round of this set is already called (4.9)")
        if state.round_kind == "OR":
            state.extra["extra_or"] = "called"
            state.ors_in_set += 1
            self.note(
                state,
                f"{state.priority} (the Elephant) calls an extra operating round after this "
                f"set (4.9).",
            )
            return
        fresh = (
            state.round_kind == "SR"
            and state.round_number > 1
            and state.consecutive_passes == 0
            and not state.auto_passed
            and not state.turn_sold
            and state.last_actor is None
            and not state.sold_this_round
            and not state.extra.get("sr_acted")
        )
        if not fresh:
            raise Refusal(
                "the Elephant's holder calls the extra operating round at the end of a set of "
                "operating rounds, before the stock round begins (4.9)"
            )
        state.round_number -= 1
        state.extra["extra_or"] = "called"
        state.ors_in_set += 1
        self.note(state, f"{state.priority} (the Elephant) calls an extra operating round (4.9).")
        self._start_operating_round(state, state.ors_in_set)

    def cmd_elephant(self, state: GameState, cmd: c.Elephant) -> None:
        """``elephant FROM TO PRICE``: the Elephant sold at the end of a stock round (3.1.11)."""
        if state.round_kind != "OR":
            raise Refusal(
                "the Elephant is sold at the end of a stock round, before the next (3.1.11)"
            )
        seller = self.player_name(state, cmd.source)
        buyer = self.player_name(state, cmd.target)
        if state.priority != seller:
            raise Refusal(f"{seller} does not hold the Elephant; {state.priority} does (3.1.11)")
        if buyer == seller:
            raise Refusal("the Elephant is sold to another player (3.1.11)")
        cash = state.ledger.player(buyer).cash
        if cmd.price > cash:
            raise Refusal(
                f"{buyer} has {self.money(cash)}, cannot pay {self.money(cmd.price)} (3.1.11)"
            )
        state.ledger.transfer(buyer, seller, cmd.price, "buys the Elephant (3.1.11)")
        state.priority = buyer
        state.ledger.events.append(PriorityChanged(player=buyer))

    # ================================================================= score and views
    def score_price(self, state: GameState, company: Company) -> int | None:
        """5.2.1: shares at the market price, par for a company without one (3.1.7);
        un-redeemed shares count as held."""
        return self.value_of(state, company.id)

    def excluded_score(self, state: GameState, name: str) -> list[ScoreItem]:
        """5.2.1: a bond held aside (2.5.3, 2.5.11) is not the player's cash and does not count."""
        bond = state.ledger.escrow.get(f"bond:{name}", 0)
        if not bond:
            return []
        note = "bonds do not count (5.2.1)"
        return [ScoreItem("excluded", "bond", bond, counted=False, note=note)]

    def bank_broke_text(self, state: GameState) -> str:
        # 5.1.2 speaks of operating turns only; a bank that runs out in a stock round (a
        # sale to the pool, a formation) ends the game with the next operating round.
        which = "this" if state.round_kind == "OR" else "the next"
        return (
            f"The bank has run out of money (5.1.1): it holds "
            f"{self.money(state.bank_ran_out_at or 0)}; the game ends when {which} "
            f"operating round is complete (5.1.2)."
        )

    def company_json(self, state: GameState, entry: dict[str, Any]) -> None:
        cid = entry["id"]
        co = state.company(cid)
        credit = state.extra["credit"].get(cid)  # type: ignore[attr-defined]
        credit_train = None
        if credit:
            credit_train = next(
                (t.name for t in co.trains if t.serial == credit.get("serial")), None
            )
        entry.update(
            {
                "number": NUMBER[cid],
                "major": self.is_major(state, cid),
                "formed": co.launched,
                "floated": co.launched or cid in state.extra["floated_sr1"],  # type: ignore[operator]
                "par": self.par(state, cid),
                "manager": self.manager(state, cid) if co.president() is None else None,
                "credit_debt": co.debt,
                "credit_train": credit_train,
                "token_used": cid in state.extra["token_used"],  # type: ignore[operator]
                "issued": self.issued(co),
                "available": self.available(state, cid),
                "tokens_bought": int(state.extra["tokens"].get(cid, 0)),  # type: ignore[attr-defined]
            }
        )

    def title_json(self, state: GameState) -> dict[str, Any]:
        bids = state.extra["bids"]
        return {
            "variant": False,
            "short": bool(state.extra["short"]),
            "stage": state.extra["stage"],
            "bids": {
                p: {
                    "bond": b["bond"],
                    "cities": list(b["cities"]),
                    "value": sum(city_value(x) for x in b["cities"]),
                    "shares": list(b["shares"]),
                    "fulfilled": b["fulfilled"],
                    "passed": b["passed"],
                }
                for p, b in bids.items()  # type: ignore[attr-defined]
            },
            "bonds": {
                p.name: state.ledger.escrow.get(f"bond:{p.name}", 0)
                for p in state.ledger.players
                if state.ledger.escrow.get(f"bond:{p.name}", 0)
            },
            "elephant": state.priority,
            "board_values": self.board_values(state),
            "credit_choice": self._credit_choice_json(state),
            "minor_formed_sr1": bool(state.extra["minor_formed_sr1"]),
            "extra_or": state.extra["extra_or"],
            "qualifying": QUALIFYING[self.n_players(state)],
            "holding_limit": HOLDING_LIMIT[self.n_players(state)],
        }

    def _credit_choice_json(self, state: GameState) -> dict[str, Any] | None:
        """4.8.10: the new director's choice the game waits for: company, director, owed."""
        pending = self._pending_credit(state)
        if pending is None:
            return None
        owed = state.company(pending["corp"]).debt
        return {"corp": pending["corp"], "director": pending["director"], "owed": owed}

    def state_json(self, state: GameState) -> dict[str, Any]:
        data = super().state_json(state)
        for entry in data["players"]:
            entry["unredeemed"] = dict(state.extra["unredeemed"].get(entry["name"], {}))  # type: ignore[attr-defined]
            entry["bond"] = state.ledger.escrow.get(f"bond:{entry['name']}", 0)
        return data

    # ================================================================= offers
    def candidates(self, state: GameState) -> list[c.Command]:
        """Plausible commands now; the game keeps those the rules accept."""
        if state.ended:
            return []
        players = [p.name for p in state.ledger.players]
        if state.round_kind == "setup":
            out: list[c.Command] = []
            if state.extra["stage"] == "bonds":
                for p in players:
                    if p not in state.extra["bids"]:  # type: ignore[operator]
                        low = self.min_bond(state)
                        out.extend(c.Bond(player=p, amount=a) for a in (low, low + 20, low + 40))
                return out
            # Claims go round the table from the Elephant (2.5.4): offer the next bidder's.
            bids = state.extra["bids"]
            open_bids = [p for p in players if not bids[p]["passed"]]  # type: ignore[index]
            nxt = self.next_claimer(state)
            if nxt is not None:
                bid = bids[nxt]  # type: ignore[index]
                left = bid["bond"] - sum(city_value(x) for x in bid["cities"])
                for city in KNOWN_CITIES:
                    if city in bid["cities"] or city_value(city) > left:
                        continue
                    links = CITY_LINKS.get(city)
                    corps = sorted(links[0]) if links else [cid for cid, _ in COMPANIES]
                    out.extend(c.Claim(player=nxt, city=city, corp=cid) for cid in corps)
            out.extend(c.Pass(player=p) for p in open_bids)
            out.append(c.Settle())
            return out
        pending = self._pending_credit(state)
        if pending is not None:  # 4.8.10: the new director's choice comes first
            cid = pending["corp"]
            return [c.CreditTrain(corp=cid, choice="pay"), c.CreditTrain(corp=cid, choice="return")]
        out = list(super().candidates(state))
        out = [x for x in out if not isinstance(x, c.Par | c.Bankrupt)]
        if state.round_kind == "SR" and state.current_player:
            player = state.current_player
            for co in state.ledger.corporations():
                if not co.launched:
                    out.append(c.Buy(player=player, corp=co.id, source="ipo"))
                    out.append(c.Buy(player=player, corp=co.id, source="pool"))
                    for n in range(1, self.shares(co, player) + 1):
                        out.append(c.Sell(player=player, corp=co.id, count=n))
                for _ in range(self.unredeemed(state, player, co.id)):
                    out.append(c.RedeemShare(player=player, corp=co.id))
                    break
        if state.round_kind == "OR" and state.operating:
            cid = state.operating
            out.append(c.Extra())
            for name, _, _ in self._train_offer(state, state.company(cid)):
                # a corporation's bank trains are offered by the engine already: once each
                if c.BuyTrain(corp=cid, train=name) not in out:
                    out.append(c.BuyTrain(corp=cid, train=name))
                out.append(c.BuyTrain(corp=cid, train=name, credit=True))
            if not state.ran:
                out.append(c.Run(company=cid, revenue=0, option="withhold"))
        for p in players:
            bid = state.extra["bids"].get(p)  # type: ignore[attr-defined]
            if bid and not bid["fulfilled"] and SEALED not in bid["cities"]:
                out.append(c.Fulfil(player=p))
        # The engine offers each of available_variants' trains by name, and 1853's include
        # the bank pool's (4.8.6): a 2 on sale and a 2 in the pool made `train GIP 2` twice.
        return list(dict.fromkeys(out))
