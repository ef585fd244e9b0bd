"""The operating round every 18xx has: private income, an order, turns, runs.

Shared: private income to the owners at the start of each operating round
(players in seat order, then companies), companies operating one after
another in the title's order, a turn that never ends past a compulsory step
(the dividend step, a forced train purchase), ``done`` and the implicit end of
a turn by a later company's command, ``spend``, and ``run`` with its receipt.
A title supplies the order (:meth:`OperatingRound.operating_candidates`), what
its dividend options pay and where the price goes
(:meth:`OperatingRound.price_move`, :attr:`OperatingRound.pool_pays_company`),
and the work at the end of a round or a set.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import DividendPaid, Noted, RoundStarted
from moderator.fixes import FIXES, follows, written_without
from moderator.ledger import BANK, POOL, Company, turn_started
from moderator.state import GameState
from moderator.text import A_SHARE, a_share, moving_to_same_price, to_cents
from rulesets.base import Receipt, ReceiptLine, Ruleset

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


BEFORE_RUN = "cash_before_run"
"""``state.extra`` key: ``(company, cash)``, the operating company's treasury when its run
was written, less the costs written since (:meth:`OperatingRound.check_run_income`)."""


class OperatingRound(Ruleset):
    """Operating-round flow, dividends and the forced train purchase."""

    pool_pays_company: ClassVar[bool] = False
    """Dividends on pool shares go to the corporation (1847 AE 6.7.4); else they stay in
    the bank (1846 6.73)."""
    ipo_pays_company: ClassVar[bool] = True
    """Dividends on unsold (treasury) shares go to the corporation (1846 6.71); else they
    stay in the bank (1847 AE 6.7.4: the initial offering pays nobody)."""
    order_kept_through_turn_end: ClassVar[bool] = False
    """The title's operating order (:meth:`operating_candidates`) reads nothing the end of a
    turn changes (the operating company is already among ``state.operated``; its
    ``operated`` flag is not read): the order asked before the end serves after it."""
    shares_in_tens: ClassVar[bool] = False
    """Whether a holder's shares are his percent by ten (the stock round's
    :meth:`~rulesets.stock.StockRound.shares`, not a title's own count): set per class."""
    route_excuses_train: ClassVar[bool] = False
    """A corporation with no route need not own a train: ``done CORP noroute`` says so
    (1847 AE 6.8.1, 1830 20.2); the rule is the title's ``forced_purchase``."""
    costs_before_run: ClassVar[bool] = False
    """Track and token costs are paid before the run and never from its income (1830 17.0:
    "Revenues are not available until step #4 of the turn, and thus cannot be spent on
    track construction or tokens until next turn"; the title's rule is ``run_income``): a
    ``spend`` written after the run is paid from the cash held before it
    (:meth:`check_run_income`)."""
    forced_sales_one_turn: ClassVar[bool] = False
    """A president's forced sales toward a train are one turn of the title's sale rule:
    each corporation's marker moves once for all his sales of it, every share at the price
    before that move (1847 AE 6.8.2 "adjusted according to the standard rules", 8.2 "one
    or more shares of the same Corporation during one turn"); else every ``sell`` line is
    a sale of its own, at the price of the moment."""

    # ------------------------------------------------------------- hooks
    def operating_candidates(self, state: GameState) -> list[str]:
        """Companies still to operate this round, in order (not the one operating)."""
        raise NotImplementedError

    def operates_next_set(self, state: GameState, cid: str) -> bool:
        """Whether ``cid`` operates in a following operating round (it is in play)."""
        company = state.company(cid)
        return company.kind == "corporation" and company.launched and not company.closed

    def operating_turn_started(self, state: GameState, cid: str) -> None:
        """Work at the start of a company's turn (default: none)."""

    def operating_round_started(self, state: GameState) -> None:
        """Work at the start of an operating round after private income, before the first
        company operates (1830 11.0: the capital of the corporations that floated)."""

    def operating_round_ended(self, state: GameState) -> None:
        """Work once every company has operated, before what follows (1847 AE 4.1)."""

    def after_operating_round(self, state: GameState) -> None:
        """What follows an operating round: the next of the set, the game end or a stock round."""
        if state.or_number is not None and state.or_number < state.ors_in_set:
            self._start_operating_round(state, state.or_number + 1)
            return
        if state.bank_broken:
            self._end_game(  # type: ignore[attr-defined]
                state,
                f"the bank broke in round set {state.broken_in_round} ({self.r('bank_broken')}); "
                f"the game ended after that set's operating rounds",
            )
            return
        self._start_stock_round(state)  # type: ignore[attr-defined]

    def must_own_train(self, state: GameState, company: Company) -> bool:
        """Whether the company operating must still buy a train before its turn ends."""
        return (
            company.kind == "corporation"
            and not company.trains
            and not self.said_noroute(state, company)
            and bool(self.all_trains(state))  # type: ignore[attr-defined]
        )

    def said_noroute(self, state: GameState, company: Company) -> bool:
        """Whether the banker said the operating company has no route (``done C noroute``)."""
        return self.route_excuses_train and state.extra.get("noroute") == company.id

    def price_move(self, state: GameState, company: Company, paid: int) -> tuple[int, str]:
        """Spaces the price moves for a payout of ``paid`` (positive: up), and the rule."""
        raise NotImplementedError

    def per_share_words(self, state: GameState, company: Company, plan: Receipt) -> str:
        """What each dividend payment of a run says it is: the amount a share, exact.  A
        payout the shares do not divide (1817: $133 on 5 shares) is $26.60 a share, each
        holder's amount rounded up, never "$26 a share" beside a holder of two paid $54."""
        paid, count = plan.revenue - plan.retained, self.dividend_shares(company)
        if not paid % count:
            each = a_share(self.currency, plan.per_share)
            return f"{company.id} dividend {each} ({self.r('dividend')})"
        exact = self.exact_per_share(company, paid)
        each = (
            a_share(self.currency, exact)
            if exact is not None
            else f"{self.money(paid)}/{count} {A_SHARE}"
        )
        return (
            f"{company.id} dividend {self.money(paid)} on {count} shares: {each}, "
            f"{self.rounded_words(state)} ({self.r('dividend')})"
        )

    def exact_per_share(self, company: Company, paid: int) -> str | None:
        """The amount a share to the cent (``26.60``) where ``company``'s shares do not
        divide the payout ``paid`` (1817: $133 on 5 shares), each holder being paid his own
        amount rounded (:meth:`held_dividend`); ``None`` where the whole amount a share is
        what every share is paid.  The figure every view of a run shows a share (receipt,
        payment lines, advisor, charts, workbook, projection)."""
        count = self.dividend_shares(company)
        return to_cents(paid, count) if paid % count else None

    def rounded_words(self, state: GameState) -> str:
        """How a payout the shares do not divide is rounded (:meth:`held_dividend`): a
        player's amount up, the treasury's and the pool's per share down."""
        return "a player's amount rounded up, the treasury's down"

    def half_retained(self, revenue: int) -> int:
        """What a half payout keeps in the treasury (1846 6.71: half, rounded down to $10)."""
        return (revenue // 2) // 10 * 10

    def half_kept(self, company: Company, revenue: int) -> int:
        """What ``company``'s half payout keeps (:meth:`half_retained`; 1817: by its size)."""
        return self.half_retained(revenue)

    def half_note(self, company: Company, revenue: int, retained: int) -> str:
        """The receipt's line on what a half payout keeps."""
        return (
            f"half: {self.money(revenue)} / 2 rounded down to "
            f"{self.money(10)} = {self.money(retained)} retained ({self.r('dividend')})"
        )

    def dividend_shares(self, company: Company) -> int:
        """The shares a dividend is divided by: ten (1817: the corporation's size)."""
        return 10

    def moves_between_equal_prices(self, state: GameState, cid: str, steps: int) -> bool:
        """Whether ``steps`` move ``cid``'s marker to another space of the same price (1817's
        acquisition cells, all $0, facts §7); default: a move that keeps the price is none."""
        return False

    def held_dividend(self, state: GameState, units: int, paid: int, count: int) -> int:
        """What ``units`` treasury or pool shares earn of ``paid`` split ``count`` ways:
        the per-share amount rounded down, times the shares (1817 rounds up, facts §8)."""
        return units * (paid // count)

    def check_run(self, state: GameState, company: Company, cmd: c.Run) -> None:
        """Refuse a run the title forbids before the dividend is computed.

        Default: a ``mail`` amount is refused, since only 1853 has a separate mail run
        (4.6.6); it was accepted and its amount silently left out before rules level 9
        (``TITLE-run-mail``), so an older save replays as recorded."""
        if cmd.mail is not None and follows(state, f"{self.title}-run-mail"):
            raise Refusal(
                f"{self.title_name} has no separate mail run: `mail` is 1853's (4.6.6); "
                f"give the run's whole revenue ({self.r('run')})"
            )

    def after_run(self, state: GameState, company: Company, plan: Receipt) -> None:
        """Work after the dividend and price move (default: none)."""

    def can_still_issue(self, state: GameState, company: Company) -> bool:
        """Whether a forced purchase still requires the corporation to issue shares first."""
        return False

    # ------------------------------------------------------------- flow
    def _start_operating_round(self, state: GameState, number: int) -> None:
        state.round_kind = "OR"
        state.or_number = number
        if number > 1:
            state.auto_passed = set()
        state.operated = []
        state.operating = None
        state.ledger.events.append(
            RoundStarted(round_kind="OR", number=state.round_number, or_number=number)
        )
        self._private_income(state)
        self.operating_round_started(state)
        self._next_operator(state)

    def _private_income(self, state: GameState, rule: str | None = None) -> None:
        """Owners of private companies receive income: players in seat order, then companies
        (``rule``: the rule that pays it, when not the operating round's, 1830 7.3)."""
        privates = [
            co
            for co in state.ledger.companies.values()
            if co.kind in ("private", "independent")
            and co.owner
            and co.owner != POOL
            and not co.closed
            and co.income
        ]
        order = {p.name: i for i, p in enumerate(state.ledger.players)}
        privates.sort(key=lambda co: (0, order[co.owner]) if co.owner in order else (1, 0))
        for co in privates:
            assert co.owner is not None
            why = rule or self.r("income")
            self.bank_pays(state, co.owner, co.income, f"{co.id} income ({why})")

    def _pass_after_or(self, state: GameState) -> bool:
        """Whether the game follows the fix ``TITLE-pass-after-or`` (rules level 3): a game
        saved before it took the `pass` of a player the tool had passed as already written
        in every operating round (no event).  Titles without the row (none of their games
        predates it) follow it; so does a level-3 save whose own entries show its writer
        lacked it (:func:`moderator.fixes.lacked_by_writer`): it replays as written."""
        ident = f"{self.title}-pass-after-or"
        return ident not in FIXES or (follows(state, ident) and not written_without(state, ident))

    def operating_order(self, state: GameState) -> list[str]:
        """Who still operates this round, in order."""
        return self.operating_candidates(state)

    def _next_operator(self, state: GameState, order: list[str] | None = None) -> None:
        """The next company's turn, or the round's end; ``order``: the operating order when
        the caller has just asked it of the same holdings (:meth:`operating_company`)."""
        if order is None:
            order = self.operating_order(state)
        if not order:
            self._end_operating_round(state)
            return
        cid = order[0]
        state.operating = cid
        state.operated.append(cid)
        state.ran = False
        state.issued = 0
        state.redeemed = 0
        state.emergency_issued = False
        state.president_paid = False
        state.bought_private_this_turn = []
        if self.route_excuses_train:
            state.extra["noroute"] = None
        state.ledger.events.append(turn_started(cid))
        self.operating_turn_started(state, cid)

    def _end_operating_round(self, state: GameState) -> None:
        state.operating = None
        self.operating_round_ended(state)
        if state.ended:
            return
        self.after_operating_round(state)

    def _end_company_turn(self, state: GameState, implicit_by: str | None = None) -> None:
        """End the operating company's turn, unless a compulsory step is left."""
        self._end_turn(state, implicit_by, None)

    def _end_turn(self, state: GameState, implicit_by: str | None, order: list[str] | None) -> None:
        """:meth:`_end_company_turn`; ``order``: the operating order asked just before, which
        the end of a turn here does not change (:attr:`order_kept_through_turn_end`)."""
        cid = state.operating
        assert cid is not None
        company = state.company(cid)
        if not company.closed:
            if not state.ran:
                hint = f" before {implicit_by}" if implicit_by else ""
                raise Refusal(
                    f"{cid} has not run yet{hint}: its dividend step is compulsory "
                    f"({self.r('run_step')}; `run {cid} 0` without a route)"
                )
            if self._forced_purchase(state) is not None:
                raise Refusal(
                    f"{cid} has no train and must buy one ({self.r('forced_purchase')})"
                    + self.no_route_hint(cid)
                )
            company.operated = True
        state.extra.pop("forced_sale_prices", None)  # the turn's forced sales are over
        self._next_operator(state, order)

    def no_route_hint(self, cid: str) -> str:
        """How the banker says the company has no route, where the title excuses it."""
        if self.route_excuses_train:
            return f"; without a route write `done {cid} noroute` ({self.r('forced_purchase')})"
        return ""

    def _forced_purchase(self, state: GameState) -> Company | None:
        """The operating corporation if it must still buy a train."""
        cid = state.operating
        if cid is None or not state.ran:
            return None
        company = state.company(cid)
        if company.closed or not self.must_own_train(state, company):
            return None
        return company

    def operating_company(self, state: GameState, word: str) -> Company:
        """The company named, which must be operating now; later companies end earlier turns."""
        # the name first: `run XYZ 10` in a stock round says there is no XYZ (issue 18.11)
        cid = self.company_id(state, word)
        if state.round_kind != "OR":
            if state.round_kind == "setup":
                raise Refusal(
                    f"the game has not reached an operating round yet ({self.r('rounds')})"
                )
            raise Refusal(
                f"{cid} can act only in an operating round; "
                f"this is stock round {state.round_number} ({self.r('rounds')})"
            )
        company = state.company(cid)
        if company.closed:
            raise Refusal(f"{cid} has closed ({self.r('closed_or')})")
        if state.auto_passed and (
            self.sell_after_buy
            or (state.or_number == state.ors_in_set and self._pass_after_or(state))
        ):
            # once a company has acted, a `pass` is the next stock round's, not one the tool
            # already made to end the last (1830 4.0; see StockRound._end_stock_round); in
            # every title once a company of the set's last operating round has acted (a set
            # of one operating round: 18Chesapeake's first, after a sale the tool ended)
            state.auto_passed = set()
        if cid == state.operating:
            return company  # the usual line: the rule below is named only in refusals
        order_rule = self.r("order")
        # the order asked once where nothing came between (a later company's line, which
        # ends the turns before it: once an operating turn in 18Chesapeake's and 1830's
        # recorded games)
        order: list[str] | None = None
        if cid in state.operated or cid not in (order := self.operating_order(state)):
            self._into_next_operating_round(state, cid)
            if cid == state.operating:
                return company
            order = None  # the round may have ended: asked again
        if cid in state.operated:
            raise Refusal(f"{cid} has already operated in this operating round ({order_rule})")
        if cid not in (self.operating_order(state) if order is None else order):
            raise Refusal(self.not_operating(state, cid, order_rule))
        # the first turn ended here passes on the order just asked, where the title's order
        # does not change as a turn ends (once an operating turn in the recorded games)
        known = (
            order
            if self.order_kept_through_turn_end
            and type(self)._end_company_turn is OperatingRound._end_company_turn
            else None
        )
        while state.operating != cid:
            if state.operating is None or state.round_kind != "OR":
                raise Refusal(f"{cid} does not operate in this round ({order_rule})")
            if known is not None:
                self._end_turn(state, f"{cid} operates", known)
                known = None
            else:
                self._end_company_turn(state, implicit_by=f"{cid} operates")
            if state.operating != cid and state.operating is not None:
                raise Refusal(
                    f"{state.operating} operates before {cid} ({self.r('order_detail')}): "
                    f"it has not run yet ({self.r('run_step')})"
                )
        return company

    def not_operating(self, state: GameState, cid: str, rule: str) -> str:
        """Why ``cid`` is not in this round's operating order: the order's rule (1817: a
        corporation in liquidation says so, facts §11)."""
        return f"{cid} does not operate in this round ({rule})"

    def _into_next_operating_round(self, state: GameState, cid: str) -> None:
        """A command for a company of the next operating round ends this one, if it may.

        The contract (``done``): a command for the next round ends the current company's
        turn.  When the company now operating is the last of the round its turn ends as
        ``done`` would (never past its dividend step or a forced train purchase), the
        round ends and the next operating round starts (private income first).  Nothing
        happens when others are still to operate this round, or when the next round is a
        stock round; the caller then refuses as before.
        """
        current = state.operating
        if current is None or self.operating_order(state):
            return
        if state.or_number is None or state.or_number >= state.ors_in_set:
            if cid in state.operated or self.operates_next_set(state, cid):
                raise Refusal(
                    f"{cid} has already operated in operating round {state.round_number}."
                    f"{state.or_number}, the last of this set; a stock round comes next "
                    f"({self.r('rounds')})"
                )
            return
        if not self.operates_next_set(state, cid):
            return
        self._end_company_turn(state, implicit_by=f"{cid} operates in the next round")
        if state.round_kind != "OR" or state.ended:  # pragma: no cover - guarded above
            raise Refusal(f"{cid} does not operate in this round ({self.r('order')})")

    # ------------------------------------------------------------- commands
    def cmd_done(self, state: GameState, cmd: c.Done) -> None:
        """``done [noroute]``: end the company's operating turn; ``noroute`` says it has no
        route, so it need not buy a train (where the title says so,
        :attr:`route_excuses_train`)."""
        company = self.operating_company(state, cmd.company)
        if cmd.noroute and self.route_excuses_train:
            rule = self.r("forced_purchase")
            if company.trains:
                raise Refusal(f"{company.id} owns a train; `noroute` is for one without ({rule})")
            state.extra["noroute"] = company.id
            state.ledger.events.append(
                Noted(text=f"{company.id} has no route: it need not buy a train ({rule})")
            )
        self._end_company_turn(state)

    def may_spend(self, state: GameState, company: Company) -> None:
        """Refuse a spend the title forbids (1846: receivership), default none."""

    def cmd_spend(self, state: GameState, cmd: c.Spend) -> None:
        """``spend``: track, tokens, terrain or fees paid to the bank."""
        company = self.operating_company(state, cmd.company)
        rule = self.r("spend")
        self.may_spend(state, company)
        if cmd.amount < 1:
            # The script language refuses it too ("amount must be at least 1"): a spend of
            # nothing moves no money, and a journal line that moves nothing could not be
            # written back as a script.  One rule for the dialog, the bar and the script.
            raise Refusal(
                f"a spend of {self.money(cmd.amount)} changes nothing: the amount must be at "
                f"least {self.money(1)} ({rule})"
            )
        # The rules put track and tokens before the run; the tool accepts a cost entered
        # later in the turn, as bankers often do, but only from the cash held before the
        # run where the title says so (check_run_income).
        if company.cash < cmd.amount:
            raise Refusal(
                f"{company.id} has {self.money(company.cash)}, "
                f"cannot spend {self.money(cmd.amount)} ({rule})"
            )
        before_run = self.check_run_income(state, company, cmd.amount)
        state.ledger.transfer(
            company.id,
            BANK,
            cmd.amount,
            cmd.purpose or f"track and tokens ({self.r('spend_purpose')})",
        )
        if before_run is not None:
            state.extra[BEFORE_RUN] = (company.id, before_run - cmd.amount)

    def check_run_income(self, state: GameState, company: Company, amount: int) -> int | None:
        """Refuse a cost written after the run that the cash held before it does not cover;
        return that cash (``None`` before the run, or where the title does not say it).

        Reading (:attr:`costs_before_run`): the rules order the turn track, token, run,
        trains; a banker may type a cost late, and it is then paid as if written in its
        place.  So it may use the cash the company had when the run was written (before
        the run's income) less the costs already written since the run, never the income:
        a private bought or a train bought since came after the costs, and the money still
        in the treasury (checked before) covers those.  A save recorded before rules
        level 13 replays as written (``TITLE-run-income``)."""
        if not (self.costs_before_run and state.ran):
            return None
        held = state.extra.get(BEFORE_RUN)
        if not isinstance(held, tuple) or held[0] != company.id:
            return None
        if not follows(state, f"{self.title}-run-income"):
            return None
        cash: int = held[1]
        if amount > cash:
            raise Refusal(
                f"{company.id} has run: a cost written after the run is paid from the cash "
                f"it held before the run, {self.money(cash)} left of it, not from the run's "
                f"income; {self.money(amount)} is more ({self.r('run_income')})"
            )
        return cash

    def received_before_run(self, state: GameState, company: Company, amount: int) -> None:
        """Money of a step before the run written after it (1853 4.1.14: a frontier post is
        paid in the track step): the costs written late may use it too."""
        held = state.extra.get(BEFORE_RUN)
        if state.ran and isinstance(held, tuple) and held[0] == company.id:
            state.extra[BEFORE_RUN] = (company.id, held[1] + amount)

    def record_cash_before_run(self, state: GameState, company: Company) -> None:
        """Note the treasury at the run, before its income, for :meth:`check_run_income`."""
        if self.costs_before_run:
            state.extra[BEFORE_RUN] = (company.id, company.cash)

    # ------------------------------------------------------------- the run
    def dividend_plan(
        self, state: GameState, company: Company, revenue: int, option: str | None
    ) -> Receipt:
        """A corporation's payouts and price move for a run, changing nothing."""
        cid = company.id
        rule = self.r("dividend")
        if revenue and not company.trains:
            raise Refusal(f"{cid} has no train to run ({self.r('run')})")
        option = option or "full"
        if option not in self.payout_kinds:
            allowed = " or ".join(self.payout_kinds)
            raise Refusal(f"{self.title_name} has no {option} payout: {allowed} ({rule})")
        if revenue == 0:
            option = "withhold"
        if option == "full":
            retained, paid = 0, revenue
        elif option == "half":
            retained = self.half_kept(company, revenue)
            paid = revenue - retained
        else:
            retained, paid = revenue, 0
        count = self.dividend_shares(company)
        per_share = paid // count
        lines: list[ReceiptLine] = []
        notes: list[str] = []
        if paid:
            # what each holder holds, in one pass: the shares of the others are not asked
            # (nothing held is no share, whatever a share counts in the title), and where
            # a share is ten percent (shares_in_tens) each holder's are read from it
            holders: dict[str, int] = {}
            for cert in company.certificates:
                holders[cert.holder] = holders.get(cert.holder, 0) + cert.percent
            tens = self.shares_in_tens
            for p in state.ledger.players:
                if p.name not in holders:
                    continue
                units = holders[p.name] // 10 if tens else self.shares(company, p.name)  # type: ignore[attr-defined]
                if units:
                    lines.append(ReceiptLine(p.name, units, -(-units * paid // count)))
            for holder in (cid, POOL):
                if holder not in holders:
                    continue
                units = holders[holder] // 10 if tens else self.shares(company, holder)  # type: ignore[attr-defined]
                if not units:
                    continue
                # the unsold shares' terms, or the pool's, worked out only where held
                # the title's words (1846's treasury and Stock Market, 1830's initial
                # offering and bank pool), never the script's ipo and pool
                pays, label, why = (
                    (self.ipo_pays_company, self.ipo_name, rule)  # type: ignore[attr-defined]
                    if holder == cid
                    else (self.pool_pays_company, self.pool_name, self.r("pool_dividend"))  # type: ignore[attr-defined]
                )
                amount = self.held_dividend(state, units, paid, count)
                if pays:  # to the corporation's treasury
                    lines.append(ReceiptLine(cid, units, amount, f"{label} shares ({why})"))
                else:
                    lines.append(
                        ReceiptLine(
                            label, units, 0, f"{self.money(amount)} stays in the bank ({why})"
                        )
                    )
            lines.extend(self.extra_dividend_lines(state, company, per_share))
        if option == "half":
            notes.append(self.half_note(company, revenue, retained))
        steps, move_rule = self.price_move(state, company, paid)
        return self.build_receipt(
            state, cid, (revenue, option, per_share, retained), lines, notes, steps, move_rule
        )

    def build_receipt(
        self,
        state: GameState,
        cid: str,
        run: tuple[int, str, int, int],
        lines: list[ReceiptLine],
        notes: list[str],
        steps: int,
        move_rule: str,
    ) -> Receipt:
        """The receipt of a run (revenue, option, per share, retained) with the price it
        moves to, tried on a copy of the market."""
        price = state.price(cid)
        after = state.market.price_after(cid, steps) if steps else price
        revenue, option, per_share, retained = run
        exact = (
            self.exact_per_share(state.company(cid), revenue - retained)
            if per_share or revenue > retained
            else None
        )
        return Receipt(  # by name: a record given its fields by name makes no pairs first
            company=cid,
            revenue=revenue,
            option=option,
            per_share=per_share,
            retained=retained,
            lines=tuple(lines),
            price_before=price,
            price_after=after,
            rule=move_rule,
            notes=tuple(notes),
            currency=self.currency,
            price_steps=steps,
            per_share_exact=exact,
        )

    def extra_dividend_lines(
        self, state: GameState, company: Company, per_share: int
    ) -> list[ReceiptLine]:
        """More receipt lines for shares held elsewhere (1847 AE: investor shares)."""
        return []

    def receipt(
        self,
        state: GameState,
        company: str,
        revenue: int,
        option: str | None,
        mail: int | None = None,
    ) -> Receipt:
        co = state.company(self.company_id(state, company))
        if co.kind == "private":
            raise Refusal(f"{co.id} is a private company: it does not run ({self.r('run')})")
        if co.kind == "corporation" and not state.market.has(co.id):
            raise Refusal(f"{co.id} has no share price: it has not been launched ({self.r('run')})")
        if mail:
            return self.mail_plan(state, co, revenue, option, mail)
        return self.dividend_plan(state, co, revenue, option)

    def mail_plan(
        self, state: GameState, company: Company, revenue: int, option: str | None, mail: int
    ) -> Receipt:
        """The receipt of a run with a mail run (1853 4.6.6); other titles have none."""
        raise Refusal(f"{self.title_name} has no mail run (1853 4.6.6)")

    def cmd_run(self, state: GameState, cmd: c.Run) -> Receipt:
        """``run``: revenue and dividend; the receipt (returned) says who gets what and the
        price move."""
        company = self.operating_company(state, cmd.company)
        cid = company.id
        self.check_run(state, company, cmd)
        if state.ran:
            raise Refusal(f"{cid} has already run this turn ({self.r('run')})")
        plan = self.dividend_plan(state, company, cmd.revenue, cmd.option)
        self.record_cash_before_run(state, company)
        payouts: dict[str, int] = {}
        why = (  # the same for every line of the receipt
            self.per_share_words(state, company, plan)
            if plan.per_share and plan.option != "split"
            else f"{cid} run {plan.option} ({plan.rule})"
        )
        for line in plan.lines:
            if line.amount:
                self.bank_pays(state, line.who, line.amount, why)
                payouts[line.who] = payouts.get(line.who, 0) + line.amount
        if plan.retained:
            self.bank_pays(state, cid, plan.retained, f"{cid} retains ({self.r('dividend')})")
        state.ledger.events.append(
            DividendPaid(
                company=cid,
                revenue=cmd.revenue,
                option=plan.option,
                per_share=plan.per_share,
                retained=plan.retained,
                payouts=payouts,
            )
        )
        state.ran = True
        if plan.price_before is not None:
            if plan.price_after != plan.price_before:
                state.move_price(cid, plan.price_steps, plan.rule)
            elif self.moves_between_equal_prices(state, cid, plan.price_steps):
                # the line to mirror must not read as "stays": the marker does move (the
                # title's rule says so already, 1817's receipt included)
                way = "left" if plan.price_steps < 0 else "right"
                state.move_price(cid, plan.price_steps, moving_to_same_price(plan.rule, way))
        self.after_run(state, company, plan)
        return plan

    # ------------------------------------------------------------- forced sales
    def _sell_for_train(self, state: GameState, cmd: c.Sell) -> None:
        """The president sells shares to raise the money for a forced train purchase."""
        company = self._forced_purchase(state)
        assert company is not None
        rule = self.r("forced_sale")
        player = self.player_name(state, cmd.player)
        if company.president() != player:
            raise Refusal(
                f"only {company.id}'s {self.president_word} sells shares in an operating round, "
                f"to pay for its train ({rule})"
            )
        self.check_still_short(state, company, player)
        dearest = self.forced_need(state)
        cash = state.ledger.player(player).cash
        target = self.launched(state, cmd.corp)  # type: ignore[attr-defined]
        why = self.check_sell(state, player, target, cmd.count, protect=company.id)  # type: ignore[attr-defined]
        if why:
            raise Refusal(why)
        # "Only the number of certificates necessary" (1830 24.0 says "if necessary": facts
        # D15 reads it the same way): a sale of several shares at once is
        # refused when one share fewer already raises it.  The amount needed is that of the
        # dearest train on offer, since the president may then buy either type.
        # A smaller sale counts only if it may be made: a 20% double certificate (1847 AE
        # 8.2: "Certificates can only be sold in full") sells as two shares even when one
        # share's price would do, and is then "the number of certificates necessary".
        price = self.forced_sale_prices(state).get(target.id, state.price(target.id))
        for k in range(cmd.count - 1, 0, -1):
            if company.cash + cash + k * price < dearest:
                break
            if self.check_sell(state, player, target, k, protect=company.id) is None:  # type: ignore[attr-defined]
                raise Refusal(
                    f"{k} share{'s' if k > 1 else ''} already "
                    f"raise{'' if k > 1 else 's'} the money needed; no further sales ({rule})"
                )
        self._forced_sale(state, player, target, cmd.count)

    def one_turn_forced_sales(self, state: GameState) -> bool:
        """Whether this game plays :attr:`forced_sales_one_turn` (a title guards a save
        recorded before it, :mod:`moderator.fixes`)."""
        return self.forced_sales_one_turn

    def forced_sale_prices(self, state: GameState) -> dict[str, int]:
        """Under :attr:`forced_sales_one_turn`: the corporations the president has already
        sold toward the operating corporation's train this turn, each with its price before
        the move its sale made (empty otherwise)."""
        if not self.one_turn_forced_sales(state):
            return {}
        held = state.extra.get("forced_sale_prices")
        turn = (state.round_number, state.or_number, state.operating)
        if isinstance(held, tuple) and held[:3] == turn:
            return dict(held[3])
        return {}

    def _forced_sale(self, state: GameState, player: str, target: Company, n: int) -> int:
        """One checked sale toward the forced purchase; returns the price of a share.  Under
        :attr:`forced_sales_one_turn` a corporation sold before in the same turn sells at
        its price before that sale and its marker, moved once already, stays."""
        before = self.forced_sale_prices(state)
        if target.id in before:
            price = before[target.id]
            self._sell_shares(state, player, target, n, price=price, moves=False)  # type: ignore[attr-defined]
            if (
                state.price(target.id) != price
            ):  # a sale that moved nothing (1846 5.22) says nothing
                self.note(
                    state,
                    f"{target.id}'s marker moved once for {player}'s sales of it this turn "
                    f"and stays at {self.money(state.price(target.id))}; the shares sell at "
                    f"the price before that move, {self.money(price)} ({self.r('one_sale')})",
                )
            return price
        price = state.price(target.id)
        self._sell_shares(state, player, target, n)  # type: ignore[attr-defined]
        if self.one_turn_forced_sales(state):
            before[target.id] = price
            turn = (state.round_number, state.or_number, state.operating)
            state.extra["forced_sale_prices"] = (*turn, tuple(before.items()))
        return price

    def check_still_short(self, state: GameState, company: Company, player: str) -> None:
        """Refuse a president's sale toward the forced purchase (a share, or in 1830 a
        private) once it raises nothing needed: the corporation must first issue shares
        where it may, or can pay for a train itself, or it and he have the money already."""
        if self.can_still_issue(state, company):
            raise Refusal(
                f"{company.id} must first issue shares ({self.r('forced_purchase')}): "
                f"`issue {company.id} N`"
            )
        cheapest = self.cheapest_train(state) or 0  # type: ignore[attr-defined]
        if company.cash >= cheapest:
            raise Refusal(
                f"{company.id} can pay for a train itself; its {self.president_word} raises "
                "no money "
                f"({self.r('forced_cheapest')})"
            )
        if company.cash + state.ledger.player(player).cash >= self.forced_need(state):
            raise Refusal(
                f"{player} already has the money needed; no further sales ({self.r('forced_sale')})"
            )

    def forced_need(self, state: GameState) -> int:
        """What a president's sales for a forced purchase may raise, the corporation's cash
        and his own included: the dearest train the bank sells, since he may choose either
        (1830 24.0: the cheapest, which he must buy)."""
        return self.dearest_train(state) or 0  # type: ignore[attr-defined]

    def bankrupt_company(self, state: GameState, player: str) -> Company:
        """The corporation ``player`` must buy a train for as its president, or refuse."""
        company = self._forced_purchase(state) if state.round_kind == "OR" else None
        if company is None or company.president() != player:
            raise Refusal(
                f"{player} can go bankrupt only as {self.president_word} of a corporation that "
                f"must buy a train ({self.r('bankrupt')})"
            )
        return company

    def cmd_bankrupt(self, state: GameState, cmd: c.Bankrupt) -> None:
        """``bankrupt``: the president cannot raise the forced purchase: he sells every
        certificate the rules still allow, each sale a line the banker mirrors, and the game
        ends at once (1847 AE 6.8.2 and 9, 1830 24.0 and 25.0).  Sales typed before it with
        ``sell`` stand; it is refused while the sales would raise enough."""
        player = self.player_name(state, cmd.player)
        company = self.bankrupt_company(state, player)
        self.before_bankruptcy(state)
        cheapest = self.cheapest_train(state) or 0  # type: ignore[attr-defined]
        cash = state.ledger.player(player).cash
        could = company.cash + cash + self.raisable(state, player, company.id)
        rule, end = self.r("bankrupt"), self.r("game_end")
        if could >= cheapest:
            raise Refusal(
                f"{player} can still raise {self.money(could)} toward the {self.money(cheapest)} "
                f"train: pay and sell certificates ({rule})"
            )
        if not self.bankrupt_sells(state):
            state.ledger.player(player).bankrupt = True
            self._end_game(  # type: ignore[attr-defined]
                state,
                f"{player} is bankrupt: {company.id} needs {self.money(cheapest)} for a train "
                f"and {player} can raise only {self.money(could)} ({rule}); the game ends at "
                f"once ({end})",
            )
            return
        sold = self._sell_all_before_bankruptcy(state, player, company, cheapest)
        raised = company.cash + state.ledger.player(player).cash
        state.ledger.player(player).bankrupt = True
        after = f"after selling {sold}" if sold else "with nothing left to sell"
        self._end_game(  # type: ignore[attr-defined]
            state,
            f"{player} is bankrupt: {company.id} needs {self.money(cheapest)} for a train and, "
            f"{after}, {company.id} and {player} have only {self.money(raised)} ({rule}); the "
            f"game ends at once ({end})",
        )

    def before_bankruptcy(self, state: GameState) -> None:
        """Refuse a bankruptcy the title's rules rule out first (default: none)."""

    def bankrupt_sells(self, state: GameState) -> bool:
        """Whether a bankrupt president first sells what he may (a save recorded before a
        title followed that rule replays without the sales, 1847 AE rules level 0)."""
        return True

    def stock_order(self, state: GameState, cids: list[str]) -> list[str]:
        """Corporations in the order a bankrupt president's sales are made: as printed (a
        2-D market: its operating order)."""
        return cids

    def sell_more_before_bankruptcy(self, state: GameState, player: str) -> str | None:
        """A title's own sale before a bankruptcy, after the shares (1847 AE: Krauss & Co.),
        in words; ``None`` when there is none."""
        return None

    def has_more_to_sell(self, state: GameState, player: str) -> bool:
        """Whether :meth:`sell_more_before_bankruptcy` would sell something."""
        return False

    def _sell_all_before_bankruptcy(
        self, state: GameState, player: str, company: Company, cheapest: int
    ) -> str:
        """The president sells every certificate he still may before he is declared
        bankrupt; returns what was sold, in words (empty when nothing was).

        What may be sold is what a ``sell`` line would be allowed: never the president's
        certificate of the corporation in trouble when its presidency would change, never
        a president's certificate nobody can take (it cannot go to the pool), never past
        the pool's limit; the presidency of another corporation may change.  Each
        corporation's certificates go in one sale at the price before it, and its marker
        moves as the title's sales move it.  The rules leave the order of the sales to the
        seller; it changes no figure, since each sale moves only its own marker, and the
        program sells in :meth:`stock_order`, the title's own sale
        (:meth:`sell_more_before_bankruptcy`) last.
        """
        corporations = [co.id for co in state.ledger.corporations() if co.launched]
        sales: list[tuple[Company, int]] = []
        for cid in self.stock_order(state, corporations):
            target = state.company(cid)
            n = self.largest_sale(state, player, target, company.id)
            if n:
                sales.append((target, n))
        if not sales and not self.has_more_to_sell(state, player):
            return ""
        short = cheapest - company.cash - state.ledger.player(player).cash
        state.ledger.events.append(
            Noted(
                text=f"{company.id} has {self.money(company.cash)} and its {self.president_word} "
                f"{player} {self.money(state.ledger.player(player).cash)} toward the "
                f"{self.money(cheapest)} train, {self.money(short)} short: before the "
                f"bankruptcy {player} sells every certificate the rules allow "
                f"({self.r('bankrupt')})"
            )
        )
        words: list[str] = []
        for target, n in sales:
            price = self._forced_sale(state, player, target, n)
            words.append(f"{n * 10}% of {target.id} at {self.money(price)}")
        more = self.sell_more_before_bankruptcy(state, player)
        if more:
            words.append(more)
        return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)

    def sold_toward_train(self, state: GameState) -> tuple[str, ...]:
        """Corporations the president may sell no more of toward the operating corporation's
        train this turn (1889: one block each, facts §6, §9); default none."""
        return ()

    def raisable(self, state: GameState, player: str, protect: str) -> int:
        """Cash a president could raise by selling shares now, one sale per corporation."""
        total = 0
        done = self.sold_toward_train(state)
        prices = self.forced_sale_prices(state)
        for co in state.ledger.corporations():
            if not co.launched or co.id in done:
                continue
            best = self.largest_sale(state, player, co, protect)
            total += best * prices.get(co.id, state.price(co.id))
        return total

    def largest_sale(self, state: GameState, player: str, target: Company, protect: str) -> int:
        """The most shares of ``target`` the president may sell now toward ``protect``'s
        train, in one sale (0 when none)."""
        for n in range(target.holder_percent(player) // 10, 0, -1):
            if self.check_sell(state, player, target, n, protect=protect) is None:  # type: ignore[attr-defined]
                return n
        return 0

    def note(self, state: GameState, text: str) -> None:
        """A line the banker mirrors on the table."""
        state.ledger.events.append(Noted(text=text))
