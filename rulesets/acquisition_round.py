"""The acquisition round after each merger round (1817 facts §10, §11, R 7.2).

Every floated corporation, lowest price first (the operating order reversed, as the public
implementation deals them and every recorded game plays them: 15528's acquisition round 4.2
offers H at $60 before A&A at $90), is dealt with once.  Its zone decides
(facts §10): in the liquidation cell the bank bids 0 (``liquidate CORP``: its cash settles
its loans, the former president pays a shortfall, into debt if need be, the shareholders
share a surplus; R 7.2.1); in the acquisition zone an auction with no bid leaves it
(R 7.2.2); elsewhere its president may offer it, the buyer then receiving the price of its
treasury shares from the bank (R 7.2.3).  Only the auction's result is written:
``acquire BUYER TARGET PRICE`` (BUYER is the winner's corporation), checked against the
lowest bid and the most BUYER could pay (R 7.2.4).  The money follows the procedure's
steps as the public implementation numbers them (Step 6 the compensation, 6a the assets,
7 the loans it must take and the payment, 7a the loans over its limit repaid at once,
8 a liquidation's loans, 9 the shareholders per share rounded down, 10 the target
leaves), all at the ``acquire`` line; then ``loan BUYER [N]`` and ``payback BUYER [N]``
(its inherited loans at $100, no move); the inherited loans not paid back move BUYER left
1 each at the next other line (``done BUYER`` says it explicitly).

No line is written for a corporation nobody buys: a later target's line passes the ones
before it; a corporation in liquidation that is passed, or still left when the next
round's first line comes, is taken by the bank at once (journaled: the bank never acts
unseen).  A corporation that entered a zone during this merger round is skipped until the
next one (issue #2179).  The round begins with its first line (the merger round's open
turn ends then); the next round begins with its first other line, as after part 2.

State: ``state.extra["ar_zones"]`` (each corporation's zone as the merger round began),
``state.extra["acquisition"]``: ``order`` (the corporations dealt with, in order), ``next``
(the index of the first not yet passed), ``skipped``, ``turn`` (the open purchase:
``buyer``, ``target``, ``unpaid`` inherited loans, ``paid`` once a payback was made).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import CompanyClosed
from moderator.fixes import follows
from moderator.ledger import BANK, POOL, Company
from moderator.state import GameState
from moderator.text import counted, counted_at
from rulesets.base import Receipt
from rulesets.merger_round import MergerRound
from rulesets.sharecount import size_of
from rulesets.stations_owed import record
from rulesets.zoned_row import ZonedRow

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any

FIX = "1817-acquisition-round"
"""The rules fix that brought the round (an older game keeps its pause, moderator/fixes.py)."""
BID_STEP = 10
"""Bids in multiples of $10 (facts §10, R 7.2.4)."""
ACQUISITION_RULES = {
    "acquisition": "facts §10, R 7.2",
    "acquire": "facts §10, R 7.2.2",
    "bank_liquidates": "facts §10, §11, R 7.2.1",
    "friendly_sale": "facts §10, R 7.2.3",
    "bids": "facts §10, R 7.2.4",
}
"""Where the round's figures are (merged into the title's ``rule_numbers``)."""


class AcquisitionRound(MergerRound):
    """Acquisitions, friendly sales and the bank's liquidations after the merger round."""

    # ------------------------------------------------------------- reading
    @staticmethod
    def acquisition(state: GameState) -> dict[str, Any] | None:
        """The acquisition round under way (``None`` before its first line or outside)."""
        held = state.extra.get("acquisition")
        return held if isinstance(held, dict) else None

    def acquisition_turn(self, state: GameState) -> dict[str, Any] | None:
        """The purchase whose loans and paybacks are still open."""
        ar = self.acquisition(state)
        turn = ar.get("turn") if ar else None
        return turn if isinstance(turn, dict) else None

    def plays_acquisitions(self, state: GameState) -> bool:
        """Whether this game plays the round (an older save keeps the pause)."""
        return follows(state, FIX)

    def _buyer_turn(self, state: GameState, word: str) -> dict[str, Any] | None:
        """The open purchase if ``word`` names its buyer, else ``None``."""
        return self.turn_named(state, self.acquisition_turn(state), "buyer", word)

    def ma_line(self, state: GameState, cmd: c.Command) -> bool:
        """The round's lines: ``acquire``, ``liquidate``; the open purchase's loans,
        paybacks, discards and ``done``; a merger-round line once the round has begun
        (refused by name)."""
        if not self.plays_acquisitions(state):
            return super().ma_line(state, cmd)
        if isinstance(cmd, c.Later):
            if cmd.verb in ("acquire", "liquidate"):
                return True
            if cmd.verb in self.merger_verbs and self.acquisition(state) is not None:
                return True
        if isinstance(cmd, c.Loan | c.Payback | c.Discard):
            if self._buyer_turn(state, cmd.corp) is not None:
                return True
        if isinstance(cmd, c.Done) and self._buyer_turn(state, cmd.company) is not None:
            return True
        return super().ma_line(state, cmd)

    # ------------------------------------------------------------- the round
    def after_operating_round(self, state: GameState) -> None:
        """Each corporation's zone as the merger round begins (facts §10: one that enters
        a zone during it is skipped)."""
        state.extra["ar_zones"] = {
            co.id: self.zone(state, co.id)
            for co in state.ledger.corporations()
            if co.launched and not co.closed
        }
        super().after_operating_round(state)
        if not state.extra.get("ma_round"):
            state.extra.pop("ar_zones", None)

    def begin_acquisition_round(self, state: GameState) -> dict[str, Any]:
        """The merger round's open turn ends; the round's order is fixed: the floated
        corporations, lowest price first (facts §10; see the module), without those that
        entered a zone during the merger round."""
        ar = self.acquisition(state)
        if ar is not None:
            return ar
        self.close_merger_turn(state)
        state.extra.pop("merger", None)
        order, skipped = self._round_order(state)
        ar = {"order": order, "next": 0, "skipped": skipped, "turn": None}
        state.extra["acquisition"] = ar
        rule = self.r("acquisition")
        self.note(
            state,
            f"Acquisition round {state.round_number}.{state.or_number}: lowest price first "
            f"({', '.join(order) or 'no corporation'}), each once ({rule})",
        )
        for cid in skipped:
            self.note(
                state,
                f"{cid} entered the {self.zone(state, cid)} zone during the merger round: "
                f"skipped until the next acquisition round ({rule})",
            )
        return ar

    def _round_order(self, state: GameState) -> tuple[list[str], list[str]]:
        """The floated corporations lowest price first (the operating order reversed),
        and those skipped: in a zone they were not in as the merger round began."""
        corps = [co.id for co in state.ledger.corporations() if co.launched and not co.closed]
        order: list[str] = []
        skipped: list[str] = []
        start = state.extra.get("ar_zones") or {}
        for cid in reversed(state.linear().order(corps)):
            zone = self.zone(state, cid)
            (skipped if zone and start.get(cid, zone) != zone else order).append(cid)
        return order, skipped

    def after_merger_words(self, state: GameState) -> str:
        if not self.plays_acquisitions(state):
            return super().after_merger_words(state)
        return (
            "then the acquisition round (`acquire BUYER TARGET PRICE`, `liquidate CORP`; "
            f"{self.r('acquisition')})"
        )

    def leave_ma_round(self, state: GameState) -> None:
        """The round ends: the open purchase closes, the bank takes every corporation in
        liquidation still left (facts §11, R 7.2.1), then the next round."""
        if self.plays_acquisitions(state) and state.extra.get("ma_round"):
            order, skipped = self._round_order(state)
            liquidating = any(self.zone(state, cid) == "liquidation" for cid in order)
            # a round in which nothing happens is not said (no line was written for it)
            if self.acquisition(state) is not None or liquidating or skipped:
                ar = self.begin_acquisition_round(state)
                self.close_acquisition_turn(state)
                self._pass_to(state, ar, len(ar["order"]))
            state.extra.pop("acquisition", None)
            state.extra.pop("ar_zones", None)
        super().leave_ma_round(state)

    def apply(self, state: GameState, cmd: c.Command) -> Receipt | None:
        """A line other than the open purchase's closes it first (its unpaid inherited
        loans move the buyer; checks and notes do not)."""
        if (
            self.acquisition_turn(state) is not None
            and not isinstance(cmd, c.Expect | c.Note)
            and not self._turn_line(state, cmd)
        ):
            self.close_acquisition_turn(state)
        return super().apply(state, cmd)

    def _turn_line(self, state: GameState, cmd: c.Command) -> bool:
        if isinstance(cmd, c.Loan | c.Payback | c.Discard):
            return self._buyer_turn(state, cmd.corp) is not None
        if isinstance(cmd, c.Done):
            return self._buyer_turn(state, cmd.company) is not None
        return False

    def _pass_to(self, state: GameState, ar: dict[str, Any], index: int) -> None:
        """The corporations before ``index`` in the order are passed: those in liquidation
        are taken by the bank for $0 (facts §11, R 7.2.1)."""
        for cid in list(ar["order"][ar["next"] : index]):
            if self.zone(state, cid) == "liquidation":
                self.note(
                    state,
                    f"No bid for {cid}: the bank takes it for $0 ({self.r('bank_liquidates')})",
                )
                self._settle(state, state.company(cid), None, 0, "liquidation")
        ar["next"] = max(ar["next"], index)

    # ------------------------------------------------------------- lines
    def cmd_later(self, state: GameState, cmd: c.Later) -> None:
        if not self.plays_acquisitions(state) and cmd.verb in ("acquire", "liquidate"):
            raise Refusal(
                f"`{cmd.verb}` belongs to the acquisition round, {self.unplayed(state)}; "
                f"games from rules level 13 play it ({self.r('acquisition')})"
            )
        if not self.plays_acquisitions(state) or cmd.verb not in (
            "acquire",
            "liquidate",
            *self.merger_verbs,
        ):
            super().cmd_later(state, cmd)
            return
        if cmd.verb in self.merger_verbs:
            if self.acquisition(state) is not None:
                raise Refusal(
                    f"the merger round is over: the acquisition round has begun "
                    f"({self.r('acquisition')})"
                )
            super().cmd_later(state, cmd)
            return
        if not state.extra.get("ma_round"):
            raise Refusal(
                f"`{cmd.verb}` is played in the acquisition round after a merger round "
                f"({self.r('acquisition')})"
            )
        if cmd.verb == "liquidate":
            self.acquisition_liquidate(state, cmd)
        else:
            self.acquisition_acquire(state, cmd)

    def _target_turn(self, state: GameState, target: Company) -> int:
        """Check that ``target`` is dealt with now (the round begun: a refused line leaves
        no trace); its index in the order."""
        ar = self.begin_acquisition_round(state)
        rule = self.r("acquisition")
        tid = target.id
        zone = self.zone(state, tid)
        order, skipped = ar["order"], ar["skipped"]
        if tid in skipped:
            raise Refusal(
                f"{tid} entered the {zone} zone during this merger round: it is skipped until "
                f"the next acquisition round ({rule})"
            )
        if tid not in order:
            raise Refusal(f"{tid} takes no part in this acquisition round ({rule})")
        index = order.index(tid)
        if index < ar["next"]:
            raise Refusal(
                f"{tid}'s turn in the acquisition round has passed: corporations are dealt with "
                f"lowest price first ({', '.join(order)}) ({rule})"
            )
        return index

    def acquisition_liquidate(self, state: GameState, cmd: c.Later) -> None:
        """``liquidate CORP``: no bid, the bank takes CORP for $0 (facts §11, R 7.2.1)."""
        rule = self.r("bank_liquidates")
        if len(cmd.words) != 1:
            raise Refusal("usage: liquidate CORP")
        target = self.launched(state, cmd.words[0])
        if self.zone(state, target.id) != "liquidation":
            raise Refusal(
                f"{target.id} is not in liquidation: the bank takes only a corporation in the "
                f"liquidation cell ({rule})"
            )
        index = self._target_turn(state, target)
        ar = self.begin_acquisition_round(state)
        self._pass_to(state, ar, index)
        ar["next"] = index + 1
        self.note(state, f"No bid for {target.id}: the bank takes it for $0 ({rule})")
        self._settle(state, target, None, 0, "liquidation")

    def acquisition_acquire(self, state: GameState, cmd: c.Later) -> None:
        """``acquire BUYER TARGET PRICE``: the auction's result (facts §10, R 7.2)."""
        bids = self.r("bids")
        if len(cmd.words) != 3 or not cmd.words[2].isdigit():
            raise Refusal("usage: acquire BUYER TARGET PRICE")
        buyer = self.launched(state, cmd.words[0])
        target = self.launched(state, cmd.words[1])
        price = int(cmd.words[2])
        bid, tid = buyer.id, target.id
        if bid == tid:
            raise Refusal(f"{bid} cannot acquire itself ({bids})")
        index = self._target_turn(state, target)
        zone = self.zone(state, bid)
        if zone:
            raise Refusal(f"{bid} is in the {zone} zone: it acquires nothing ({bids})")
        owner = buyer.president()
        if owner not in {p.name for p in self.active_players(state)}:
            raise Refusal(f"{bid} has no player as its president ({bids})")
        mode = self.zone(state, tid) or "offered"
        lowest = self.lowest_bid(state, target)
        if price % BID_STEP:
            raise Refusal(
                f"bids are in multiples of ${BID_STEP}: {self.money(price)} is not ({bids})"
            )
        if price < lowest:
            what = (
                f"{size_of(target)} shares × {self.money(state.price(tid))}, rounded up to $10"
                if mode == "offered"
                else f"{tid} is in the {mode} zone"
            )
            raise Refusal(
                f"the lowest bid for {tid} is {self.money(lowest)} ({what}): "
                f"{self.money(price)} is too low ({bids})"
            )
        most = self.max_bid(state, buyer, target)
        if price > most:
            raise Refusal(
                f"{bid} could pay at most {self.money(most)} for {tid} (its cash, the loans it "
                f"could still take, {tid}'s cash and compensation less "
                f"{self.money(self.loan_value)} a loan of {tid}'s): {self.money(price)} is too "
                f"much ({bids})"
            )
        ar = self.begin_acquisition_round(state)
        self._pass_to(state, ar, index)
        ar["next"] = index + 1
        self._settle(state, target, buyer, price, mode)

    def lowest_bid(self, state: GameState, target: Company) -> int:
        """$10 in a zone; else the shares × the price rounded up to $10 (facts §10)."""
        if self.zone(state, target.id):
            return BID_STEP
        value = size_of(target) * state.price(target.id)
        return -(-value // BID_STEP) * BID_STEP

    def compensation(self, state: GameState, target: Company) -> int:
        """Step 6: an offered corporation's treasury shares at the price (facts §10)."""
        if self.zone(state, target.id):
            return 0
        return self.shares(target, target.id) * state.price(target.id)

    def max_bid(self, state: GameState, buyer: Company, target: Company) -> int:
        """The most ``buyer`` could pay for ``target`` (facts §10, R 7.2.4, O10): its cash,
        every loan it could still take counting the target's loans as repaid, the target's
        cash and compensation, less $100 a target loan.  A corporation in liquidation
        brings neither cash nor loans (both set aside as its turn begins)."""
        value = self.loan_value
        left = self.loans_left(state)
        room = self.max_loans(state, buyer) - self.loans_of(state, buyer.id)
        if self.zone(state, target.id) == "liquidation":
            return buyer.cash + value * max(0, min(room, left))
        tloans = self.loans_of(state, target.id)
        loans = max(0, min(room, left + tloans))
        return (
            buyer.cash
            + value * loans
            + target.cash
            + self.compensation(state, target)
            - value * tloans
        )

    # ------------------------------------------------------------- the steps
    def _settle(
        self, state: GameState, target: Company, buyer: Company | None, price: int, mode: str
    ) -> None:
        """Steps 6 to 10 (facts §10): ``buyer`` None is the bank's $0 for a corporation in
        liquidation."""
        tid = target.id
        rule = self.r("acquire" if mode == "acquisition" else "acquisition")
        if mode == "offered":
            rule = self.r("friendly_sale")
        elif mode == "liquidation":
            rule = self.r("bank_liquidates")
        president = self._former_president(state, target)
        tloans = self.loans_of(state, tid)
        set_aside = 0
        if mode == "liquidation":
            # the cash and loans are set aside as its turn begins (Step 8 settles them)
            set_aside = target.cash
            if target.cash:
                state.ledger.transfer(
                    tid,
                    BANK,
                    target.cash,
                    "its cash set aside for its "
                    + (f"{counted(tloans, 'loan')} and its " if tloans else "")
                    + f"shareholders ({rule}, Step 8)",
                )
            self.loans(state).pop(tid, None)
        # Step 6: an offered corporation's treasury shares paid for by the bank
        comp = self.compensation(state, target) if mode == "offered" else 0
        if comp:
            n = self.shares(target, tid)
            self.bank_pays(
                state,
                tid,
                comp,
                f"its {counted(n, 'treasury share')} at {self.money(state.price(tid))}, as it is "
                f"offered for sale ({rule}, Step 6)",
            )
        inherited = 0
        if buyer is not None:
            inherited = self._take_over(state, buyer, target, price, rule)
        # Step 8: a liquidation's loans, settled by its cash and the bid
        shareholders = price
        if mode == "liquidation":
            owed = tloans * self.loan_value
            funds = set_aside + price
            if owed > funds:
                debt = owed - funds
                shareholders = 0
                if president is None:
                    self.note(
                        state,
                        f"{tid}'s {self.money(debt)} of loans its cash and the bid leave: "
                        f"nobody pays it, its former president has left the game; the loans "
                        f"return to the bank ({rule}, Step 8; facts §12)",
                    )
                else:
                    state.ledger.transfer(
                        president,
                        BANK,
                        debt,
                        f"{tid}'s {counted(tloans, 'loan')} ({self.money(owed)}) less its cash "
                        f"and the bid ({self.money(funds)}): its former president pays the rest "
                        f"({rule}, Step 8)",
                        overdraw=True,
                    )
            else:
                shareholders = funds - owed
                if owed:
                    self.note(
                        state,
                        f"{tid}'s {counted(tloans, 'loan')} settled from its cash and the bid "
                        f"({self.money(owed)}); {self.money(shareholders)} left for its "
                        f"shareholders ({rule}, Step 8)",
                    )
        # Step 9: per share, rounded down; treasury and market shares receive nothing
        per_share = shareholders // size_of(target)
        if per_share:
            for p in self.active_players(state):
                n = self.shares(target, p.name)
                if n:
                    self.bank_pays(
                        state,
                        p.name,
                        per_share * n,
                        f"{counted_at(n, f'{tid} share', f'at {self.money(per_share)}')}: {tid}'s "
                        f"{self.money(shareholders)} shared over its {size_of(target)} shares, "
                        f"rounded down ({rule}, Step 9)",
                    )
            # the shares no player holds: the line to mirror says where their part stays
            places = ((POOL, f"the {self.pool_name}"), (tid, f"its {self.ipo_name}"))
            counts = [(self.shares(target, holder), where) for holder, where in places]
            held = [(n, f"{counted(n, 'share')} in {where}") for n, where in counts if n]
            if held:
                self.note(
                    state,
                    f"{tid}'s {' and '.join(said for _, said in held)} get nothing: "
                    f"{self.money(per_share * sum(n for n, _ in held))} stays with the bank "
                    f"({rule}, Step 9)",
                )
        self.settle_target_shorts(state, target, per_share)
        self._leave_game(state, target, buyer, rule)
        if buyer is not None:
            self._open_acquisition_turn(state, buyer, target, inherited)

    def settle_target_shorts(self, state: GameState, target: Company, per_share: int) -> None:
        """Step 9's short holders: each pays ``per_share`` per short of ``target`` to the
        bank (facts §5, §10).  Nothing here: :mod:`rulesets.shorts` overrides it (called
        once per target, before its certificates are gone, ``per_share`` 0 or more)."""

    def _former_president(self, state: GameState, target: Company) -> str | None:
        """Who pays a liquidation's shortfall (Step 8): its president when it went into
        liquidation, if he is still at the table.  A corporation whose president's
        certificate went to the market with a bankrupt's shares (facts §12) has nobody to
        pay it: its loans return to the bank unpaid (the debt of a bankrupt is written off,
        and nobody else presided it)."""
        held = state.extra.get("liquidated") or {}
        who = held.get(target.id) if isinstance(held, dict) else None
        who = who if isinstance(who, str) else target.president()
        seated = {p.name for p in self.active_players(state)}
        return who if who in seated else None

    def _take_over(
        self, state: GameState, buyer: Company, target: Company, price: int, rule: str
    ) -> int:
        """Steps 6a, 7 and 7a: the assets, the loans it must take, the payment, the loans
        over its limit repaid at once; the inherited loans left unpaid (facts §10)."""
        bid, tid = buyer.id, target.id
        loans = self.loans_of(state, tid)
        self._merge_assets(
            state, buyer, target, f"{rule}, Step 6a", f"acquires {tid} for {self.money(price)}"
        )
        # Step 7: loans as needed, then the price to the bank
        while buyer.cash < price and self.loan_room(state, buyer):
            self.take_loans(state, buyer, 1, f" to pay for {tid}")
        state.ledger.transfer(bid, BANK, price, f"its winning bid for {tid} ({rule}, Step 7)")
        # Step 7a: loans over its limit repaid at once, $100 each, no move
        over = self.loans_of(state, bid) - self.max_loans(state, buyer)
        unpaid = loans
        if over > 0:
            for _ in range(over):
                state.ledger.transfer(
                    bid,
                    BANK,
                    self.loan_value,
                    f"one of {tid}'s loans, over the buyer's limit of "
                    f"{self.max_loans(state, buyer)}, repaid at once without a move "
                    f"({rule}, Step 7a)",
                )
            self.loans(state)[bid] = self.loans_of(state, bid) - over
            unpaid = max(0, unpaid - over)
        return unpaid

    def _leave_game(
        self, state: GameState, target: Company, buyer: Company | None, rule: str
    ) -> None:
        """Step 10: the target leaves the game, its certificates gone, its charter free
        again (as after a merger); bought by the bank its privates close, its trains and
        stations leave (facts §10, §11)."""
        tid = target.id
        how = f"{buyer.id} bought it" if buyer else "the bank took it for $0"
        gone = state.extra.setdefault("left_game", {})
        gone[tid] = f"acquisition round {state.round_number}.{state.or_number}: {how} ({rule})"
        if buyer is None:
            for co in state.ledger.companies.values():
                if co.owner == tid and not co.closed:
                    co.closed = True
                    state.ledger.events.append(
                        CompanyClosed(
                            company=co.id, reason=f"it leaves the game with {tid} ({rule})"
                        )
                    )
            target.trains = []
        market = state.market
        assert isinstance(market, ZonedRow)
        market.remove(tid)
        self.note(
            state,
            f"{tid} leaves the game: its certificates are gone, its marker off the market, its "
            f"charter free again ({rule}, Step 10)",
        )
        for key in ("stations", "stations_owed"):
            record(state, key).pop(tid, None)
        held = state.extra.get("liquidated")
        if isinstance(held, dict):
            held.pop(tid, None)
        self.loans(state).pop(tid, None)
        target.certificates = []
        target.launched = False
        target.operated = False
        target.value = 0

    def not_operating(self, state: GameState, cid: str, rule: str) -> str:
        """A corporation that left the game in an acquisition round is said to have."""
        gone = state.extra.get("left_game") or {}
        if cid in gone and not state.company(cid).launched:
            return f"{cid} left the game in {gone[cid]}: it does not operate ({rule})"
        return super().not_operating(state, cid, rule)

    # ------------------------------------------------------------- after a purchase
    def _open_acquisition_turn(
        self, state: GameState, buyer: Company, target: Company, unpaid: int
    ) -> None:
        ar = self.acquisition(state)
        assert ar is not None
        ar["turn"] = {"buyer": buyer.id, "target": target.id, "unpaid": unpaid, "paid": False}
        bid = buyer.id
        parts = []
        if self.loan_room(state, buyer):
            parts.append(f"{bid} may take loans: `loan {bid}`")
        if unpaid:
            parts.append(
                f"`payback {bid}` pays back {target.id}'s {counted(unpaid, 'loan')} at "
                f"{self.money(self.loan_value)} "
                f"without a move; each left unpaid moves {bid} left 1 when its turn ends"
            )
        if parts:
            self.note(state, f"{'; then '.join(parts)} ({self.r('acquisition')})")

    def close_acquisition_turn(self, state: GameState) -> None:
        """The open purchase ends: each inherited loan left unpaid moves the buyer left 1
        (facts §10, Step 7a); one that falls into the acquisition zone is not dealt with
        later in the round."""
        ar = self.acquisition(state)
        turn = self.acquisition_turn(state)
        if ar is None or turn is None:
            return
        bid = turn["buyer"]
        company = state.company(bid)
        limit = self.train_limit(state)
        if self.counted_trains(company) > limit:
            raise Refusal(
                f"{bid} holds {self.counted_trains(company)} trains after its acquisition, over "
                f"its limit of {limit}: `discard {bid} TYPE` first ({self.r('discard')})"
            )
        ar["turn"] = None
        rule = self.r("acquisition")
        for _ in range(int(turn["unpaid"])):
            why = self._moved(
                f"one of {turn['target']}'s loans not paid back", rule, state, bid, -1
            )
            state.move_price(bid, -1, self._said_as_move(state, bid, -1, why))
        zone = self.zone(state, bid)
        if zone and bid in ar["order"][ar["next"] :]:
            ar["order"].remove(bid)
            ar["skipped"].append(bid)
            self.note(
                state,
                f"{bid} falls into the {zone} zone: it is not dealt with in this acquisition "
                f"round ({rule})",
            )

    def cmd_loan(self, state: GameState, cmd: c.Loan) -> None:
        turn = self._buyer_turn(state, cmd.corp) if self.plays_acquisitions(state) else None
        if turn is None:
            super().cmd_loan(state, cmd)
            return
        if turn["paid"]:
            raise Refusal(
                f"{turn['buyer']} has paid back an inherited loan: no more loans in its "
                f"acquisition ({self.r('acquisition')})"
            )
        self.take_loans(state, state.company(turn["buyer"]), cmd.count, " after its acquisition")

    def cmd_payback(self, state: GameState, cmd: c.Payback) -> None:
        turn = self._buyer_turn(state, cmd.corp) if self.plays_acquisitions(state) else None
        if turn is None:
            super().cmd_payback(state, cmd)
            return
        rule = self.r("acquisition")
        bid = turn["buyer"]
        company = state.company(bid)
        unpaid = int(turn["unpaid"])
        if cmd.count < 1 or cmd.count > unpaid:
            raise Refusal(
                f"{bid} has {unpaid} of {turn['target']}'s loans to pay back: after an "
                f"acquisition only inherited loans are paid back ({rule})"
            )
        need = cmd.count * self.loan_value
        if company.cash < need:
            raise Refusal(
                f"{bid} has {self.money(company.cash)}, {counted(cmd.count, 'loan')} cost "
                f"{self.money(need)} ({rule})"
            )
        for _ in range(cmd.count):
            state.ledger.transfer(
                bid,
                BANK,
                self.loan_value,
                f"one of {turn['target']}'s loans paid back, no move ({rule}, Step 7a)",
            )
        self.loans(state)[bid] = self.loans_of(state, bid) - cmd.count
        if not self.loans(state)[bid]:
            del self.loans(state)[bid]
        turn["unpaid"] = unpaid - cmd.count
        turn["paid"] = True

    def cmd_done(self, state: GameState, cmd: c.Done) -> None:
        if self.plays_acquisitions(state) and self._buyer_turn(state, cmd.company) is not None:
            self.close_acquisition_turn(state)
            return
        super().cmd_done(state, cmd)

    # ------------------------------------------------------------- views
    def receipt(
        self,
        state: GameState,
        company: str,
        revenue: int,
        option: str | None,
        mail: int | None = None,
    ) -> Receipt:
        """With a purchase open, the receipt of the run that would close it: the buyer's
        unpaid inherited loans move it first."""
        if self.acquisition_turn(state) is not None:
            trial = state.clone()
            try:
                self.close_acquisition_turn(trial)
            except Refusal:
                pass  # the run itself is refused until the buyer's trains are given up
            else:
                state = trial
        return super().receipt(state, company, revenue, option, mail)

    def candidates(self, state: GameState) -> list[c.Command]:
        """With a purchase open: its ``done``, loans, paybacks (its discards first);
        else the bank's ``liquidate CORP`` for each corporation in liquidation still to be
        dealt with and ``acquire BUYER TARGET LOWEST`` for each in the acquisition zone,
        then the merger round's offers."""
        if not self.plays_acquisitions(state) or not state.extra.get("ma_round"):
            return super().candidates(state)
        turn = self.acquisition_turn(state)
        if turn is not None:
            bid = turn["buyer"]
            company = state.company(bid)
            if self.counted_trains(company) > self.train_limit(state):
                names = dict.fromkeys(t.name for t in company.trains)
                return [c.Discard(corp=bid, train=name) for name in names]
            out: list[c.Command] = [c.Done(company=bid)]
            if not turn["paid"] and self.loan_room(state, company):
                out.append(c.Loan(corp=bid))
            if turn["unpaid"] and company.cash >= self.loan_value:
                out.append(c.Payback(corp=bid))
            return out
        return self.acquisition_candidates(state) + super().candidates(state)

    def acquisition_candidates(self, state: GameState) -> list[c.Command]:
        """The cheap offers of the round (the engine's checks on a copy drop the rest): the
        bank's liquidations, and the lowest bid of each possible buyer for the first
        corporation in a zone still to be dealt with."""
        ar = self.acquisition(state)
        corps = [co.id for co in state.ledger.corporations() if co.launched and not co.closed]
        left = ar["order"][ar["next"] :] if ar else state.linear().order(corps)
        buyers = [x for x in state.linear().order(corps) if not self.zone(state, x)]
        out: list[c.Command] = []
        first = True  # purchases offered for the first target in a zone only: each is tried
        for tid in left:
            zone = self.zone(state, tid)
            if zone == "liquidation":
                out.append(c.Later(verb="liquidate", words=(tid,)))
            if zone and first:
                first = False
                out += [
                    c.Later(verb="acquire", words=(b, tid, str(BID_STEP)))
                    for b in buyers
                    if b != tid
                ]
        return out

    def next_actor(self, state: GameState) -> str | None:
        """With a purchase open: its buyer."""
        turn = self.acquisition_turn(state) if self.plays_acquisitions(state) else None
        if turn is not None:
            return str(turn["buyer"])
        return super().next_actor(state)

    def acquisition_json(self, state: GameState) -> dict[str, Any] | None:
        """The state JSON's ``acquisition``: the order, who has been dealt with, who is
        up, the open purchase."""
        ar = self.acquisition(state)
        if ar is None:
            return None
        turn = self.acquisition_turn(state)
        left = list(ar["order"][ar["next"] :])
        return {
            "order": list(ar["order"]),
            "passed": list(ar["order"][: ar["next"]]),
            "up": left[0] if left else None,
            "skipped": list(ar["skipped"]),
            "turn": None
            if turn is None
            else {
                "buyer": turn["buyer"],
                "target": turn["target"],
                "unpaid_loans": int(turn["unpaid"]),
                "loans_over": bool(turn["paid"]),
            },
        }
