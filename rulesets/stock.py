"""The stock round every 18xx has: turns, passes, sell-then-buy, presidency.

The flow is shared: the priority holder starts, turns go clockwise, a turn is
sales and then one purchase, all players passing in succession ends the round,
the priority deal goes left of the last player who acted, and the title's
end-of-round price moves are made.  A title supplies the prices and the
certificates on offer (:meth:`StockRound.buyable_certificate`,
:meth:`StockRound.share_price`, who is paid), what a sale does to the price
(:meth:`StockRound.after_sale`), and its end-of-round moves.
"""

from __future__ import annotations

import functools
from _thread import _local as _thread_local  # threading.local itself, without threading
from collections.abc import Callable, Collection

from moderator import commands as c
from moderator.errors import ExpectationFailed, Refusal
from moderator.events import (
    Noted,
    Passed,
    PresidentChanged,
    PriorityChanged,
    RoundStarted,
)
from moderator.ledger import BANK, POOL, Certificate, Company, Player, passed, turn_started
from moderator.state import GameState
from moderator.text import article, because, with_article
from rulesets.base import Ruleset

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


def seat_order_from(players: list[Player], start: str) -> list[Player]:
    """Players clockwise starting after ``start`` (not including it)."""
    for i, player in enumerate(players):
        if player.name == start:
            return players[i + 1 :] + players[:i]
    raise ValueError(f"{start!r} is not a player")


def units_certificates(certs: list[Certificate], units: int) -> list[Certificate] | None:
    """Certificates (never the president's) making exactly ``units`` ten-percent shares.

    Ten-percent certificates are taken first, so a double certificate is kept when
    singles will do; ``None`` when no combination adds up (certificates are sold in
    full, 1847 AE 8.2).
    """
    ordinary: list[Certificate] = []
    singles = True
    for cert in certs:  # a plain loop: every sale check of every stock turn asks
        if not cert.president:
            ordinary.append(cert)
            singles = singles and cert.percent == 10
    if singles:  # the common case: what the search finds
        return ordinary[:units] if len(ordinary) >= units else None
    ordinary.sort(key=lambda x: x.percent)
    best: dict[int, list[Certificate]] = {0: []}
    for cert in ordinary:
        for total, chosen in sorted(best.items(), reverse=True):
            new = total + cert.percent
            if new <= units * 10 and new not in best:
                best[new] = [*chosen, cert]
    return best.get(units * 10)


_COUNTED = _thread_local()
"""While the tool asks whether the player on turn can still buy or sell (a read-only
question of one state), each player's certificate count, counted once: ``memo`` is the
state asked about and the counts so far, or ``None``.  Per thread: the TUI and the
table view may ask about other states at the same time."""

CertCount = Callable[["StockRound", GameState, str], int]


def _counted_once(count: CertCount) -> CertCount:
    """``count`` (a title's ``cert_count``), remembered per player while a no-move check
    of the same state runs: 1853's ``check_buy`` counts a player's certificates (a sum
    over every corporation) for every corporation and source it is asked about, and the
    auto-pass asks about all of them after every turn (issue 21.3)."""

    @functools.wraps(count)
    def cert_count(self: StockRound, state: GameState, player: str) -> int:
        memo = getattr(_COUNTED, "memo", None)
        if memo is None or memo[0] is not state:
            return count(self, state, player)
        counts: dict[str, int] = memo[1]
        found = counts.get(player)
        if found is None:
            found = counts[player] = count(self, state, player)
        return found

    cert_count.counted_once = True  # type: ignore[attr-defined]
    return cert_count


class StockRound(Ruleset):
    """Stock-round turns, purchases, sales and presidency changes."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("cert_count")
        if own is not None and not getattr(own, "counted_once", False):
            cls.cert_count = _counted_once(own)  # type: ignore[method-assign]
        cls.shares_in_tens = cls.shares is StockRound.shares  # the dividend's reading
        # every class of the order that checks purchases says whether it keeps the refusals
        cls._purchases_prechecked = all(
            k.__dict__.get("keeps_stock_refusals", False)
            for k in cls.__mro__
            if not {"check_buy", "buyable_certificate", "check_par"}.isdisjoint(k.__dict__)
        )

    keeps_stock_refusals: ClassVar[bool] = True
    """This class's purchase checks (:meth:`check_buy`, :meth:`buyable_certificate`,
    :meth:`check_par`) refuse at least what the stock round's refuse: a source holding no
    certificate of the corporation, a purchase over the certificate limit.  Where every
    class of a title's order that defines one of them says so (one that does not say it is
    taken not to), the tool's question whether the player on turn can buy skips such
    purchases unasked (:meth:`_can_buy_anything`)."""
    _purchases_prechecked: ClassVar[bool] = True
    """Whether all the title's purchase checks keep those refusals
    (:attr:`keeps_stock_refusals`)."""

    max_holding: ClassVar[int | None] = None
    """Most percent of one corporation a player may hold (1846 5.36: 60), ``None``: no cap."""
    pool_limit: ClassVar[int] = 50
    """Most percent of one corporation the pool may hold."""
    priority_last: ClassVar[str] = "the last to buy or sell"
    """Whom the priority deal goes left of at a stock round's end, as the title's rule
    (``rule_numbers["priority"]``) says it (1853 3.1.11: the last to buy): the words of the
    priority deal's line (``moderator.narrate``)."""
    sell_after_buy: ClassVar[bool] = False
    """A turn's purchase and its sales come in either order (1830 4.0): after a purchase the
    turn stays open for the same player's sales (and whatever other purchase the title
    allows, :meth:`another_purchase`) until his ``pass``, or a stock-round command of
    another player, closes it; the tool closes it by itself once nothing is left to do.
    Otherwise a purchase ends the turn: sales come first (1846 5.1, 1847 AE 8, 1853 3.1)."""
    forced_sales_keep_presidencies: ClassVar[bool] = False
    """A president's sales toward a forced purchase may change no corporation's presidency
    (1889 facts §9); otherwise only the operating corporation's (1830 24.0)."""
    one_sale_per_turn: ClassVar[bool] = True
    """A player sells a corporation's shares in one action a turn (1846 5.2, 1847 AE 8.2:
    each action moves the price); 1830 moves the price per share sold, so sales of one
    corporation may be split."""

    # ------------------------------------------------------------- common lookups
    def active_players(self, state: GameState) -> list[Player]:
        """Players not bankrupt, in seat order."""
        return [p for p in state.ledger.players if not p.bankrupt]

    def cert_limit(self, state: GameState) -> int:
        """The certificate limit now."""
        raise NotImplementedError

    def check_expect(self, state: GameState, cmd: c.Expect) -> None:
        """``expect PLAYER certificates N``: what counts toward the certificate limit now
        (:meth:`cert_count`, e.g. without 1830's shares in the yellow zone, 10.0); the other
        checks as every ruleset makes them."""
        if cmd.field != "certificates":
            super().check_expect(state, cmd)
            return
        held = self.cert_count(state, self.player_name(state, cmd.subject))
        if held != int(cmd.value):
            raise ExpectationFailed(
                f"expected {cmd.subject} certificates {cmd.value}, but it is {held}"
            )

    def cert_count(self, state: GameState, player: str) -> int:
        """Certificates a player holds; privates count one, a 20% certificate one; none of
        a corporation :meth:`free_of_limit` names."""
        # Plain loops, no generator per company: this runs for the player on turn after
        # every stock-round turn (the tool's auto-pass) and before every purchase; each
        # corporation's holders are counted once until one of its certificates moves.
        total = 0
        free = self.free_of_limit(state)
        for company in state.ledger.companies.values():
            if company.closed:
                continue
            if company.kind == "corporation":
                if company.id in free:
                    continue
                held = company._held
                if held is None or held[0] is not company.certificates:
                    total += company.holders_count().get(player, 0)
                else:
                    total += held[1].get(player, 0)
            elif company.owner == player:
                total += 1
        return total

    def free_of_limit(self, state: GameState) -> Collection[str]:
        """The corporations whose certificates do not count toward the limit now (1830
        10.0: those in a zone); none in most titles."""
        return ()

    def counts_toward_limit(self, state: GameState, company: Company) -> int:
        """What one more certificate of ``company`` adds to its holder's count: 1, or 0
        where the title frees it of the limit (1830 10.0: a price in the yellow zone)."""
        return 1

    def some_outside_limit(self, state: GameState) -> bool:
        """Whether any corporation's certificates are free of the limit now (a player at
        the limit may still buy those, :meth:`counts_toward_limit`)."""
        return False

    def corp(self, state: GameState, word: str) -> Company:
        """A corporation in play, by any spelling."""
        company = state.company(self.company_id(state, word))
        if company.kind != "corporation":
            raise Refusal(f"{company.id} is not a corporation ({self.r('corporation')})")
        if company.removed:
            raise Refusal(f"{company.id} was removed at setup ({self.r('removed')})")
        if company.closed:
            raise Refusal(f"{company.id} has closed ({self.r('closed')})")
        return company

    def launched(self, state: GameState, word: str) -> Company:
        """A corporation whose president's certificate has been bought."""
        company = self.corp(state, word)
        if not company.launched:
            raise Refusal(f"{company.id} has not been launched ({self.r('par')})")
        return company

    def president_units(self, company: Company) -> int:
        """Ten-percent shares in ``company``'s president's certificate: two (18Chesapeake's
        two players: three, :mod:`rulesets.two_players`)."""
        return 2

    @staticmethod
    def shares(company: Company, holder: str) -> int:
        """Number of 10% shares a holder has (a 20% certificate is two)."""
        return company.holder_percent(holder) // 10

    def player_shares(self, state: GameState, company: Company) -> int:
        """Shares held by players."""
        return sum(self.shares(company, p.name) for p in state.ledger.players)

    # ------------------------------------------------------------- hooks
    def begin_from_setup(self, state: GameState) -> None:
        """The first stock-round command: setup is over (1846 checks its removals)."""
        state.round_kind = "SR"
        state.round_number = 1
        self._start_stock_round(state, first=True)

    def stock_round_started(self, state: GameState) -> None:
        """Work at the start of a stock round before anyone acts (1847 AE 4.5.2)."""

    def first_stock_player(self, state: GameState) -> str | None:
        """Who starts the stock round: the priority holder."""
        return state.priority

    def next_stock_players(self, state: GameState, player: str) -> list[Player]:
        """Who may act after ``player``, first one first: clockwise."""
        return [p for p in seat_order_from(state.ledger.players, player) if not p.bankrupt]

    def other_purchase_possible(self, state: GameState, player: str) -> bool:
        """A title's own purchases (a private, an exchange) the player could make now."""
        return False

    def par_choices(self, state: GameState, company: Company) -> tuple[int, ...]:
        """The starting prices ``company`` may be launched at."""
        raise NotImplementedError

    def buyable_certificate(
        self, state: GameState, player: str, company: Company, source: str
    ) -> Certificate | str:
        """The certificate ``player`` would get from ``source``, or why there is none."""
        holder = company.id if source == "ipo" else POOL
        for cert in company.certificates:  # the first one there; asked after every turn
            if cert.holder == holder and not cert.president:
                return cert
        return self.no_share_left(state, company, source)

    def no_share_left(self, state: GameState, company: Company, source: str) -> str:
        """Why :meth:`buyable_certificate` finds no share of ``company`` in ``source`` (a
        hook on the refusal alone: the purchase checks ask the finding after every turn)."""
        if source == "ipo":
            return f"{company.id} has no share left in its {self.ipo_name} ({self.r('buy_ipo')})"
        return f"no {company.id} share is in the {self.pool_name} ({self.r('buy_pool')})"

    ipo_name: ClassVar[str] = "treasury"
    """What the title calls the unsold shares (1846: treasury; 1847 AE: initial offering)."""
    pool_name: ClassVar[str] = "pool"
    """What the title calls the bank pool (1846: the Stock Market)."""

    def share_price(
        self, state: GameState, company: Company, source: str, cert: Certificate
    ) -> int:
        """What ``cert`` costs from ``source``: the current price per 10% by default."""
        return state.price(company.id) * cert.percent // 10

    def ipo_payee(self, state: GameState, company: Company) -> str:
        """Who is paid for a share from the unsold shares: the corporation by default."""
        return company.id

    def after_share_bought(self, state: GameState, player: str, company: Company) -> None:
        """After a purchase (1847 AE: floating)."""

    def may_sell(self, state: GameState, player: str, company: Company) -> str | None:
        """Why the title forbids ``player`` selling ``company`` now, or ``None``."""
        return None

    def after_sale(
        self, state: GameState, company: Company, *, by_president: bool, shares: int = 1
    ) -> None:
        """What a selling action of ``shares`` shares does to the price (the title's rule)."""

    def stock_round_end_moves(self, state: GameState) -> None:
        """Price moves at the end of a stock round."""

    def after_stock_round(self, state: GameState) -> None:
        """What follows a stock round: the first operating round of the set."""
        self._start_operating_round(state, 1)  # type: ignore[attr-defined]

    # ------------------------------------------------------------- flow
    def _start_stock_round(self, state: GameState, *, first: bool = False) -> None:
        if not first:
            state.round_number += 1
        state.round_kind = "SR"
        state.or_number = None
        state.operating = None
        state.operated = []
        state.consecutive_passes = 0
        state.sold_this_round = set()
        state.turn_sold = []
        state.turn_bought = []
        state.last_actor = None
        state.auto_passed = set()
        # the tool's passes made by this same line ended the last stock round, and every
        # round since ran through by itself: a `pass` the banker writes for one of those
        # players is still that pass (script.md `pass`)
        state.passed_into_round = frozenset(
            e.player for e in state.ledger.events if isinstance(e, Passed) and e.auto
        )
        state.passed_by_tool = []
        state.ledger.events.append(RoundStarted(round_kind="SR", number=state.round_number))
        active = self.active_players(state)
        if state.priority is None or state.ledger.player(state.priority).bankrupt:
            state.priority = active[0].name if active else None
        self.stock_round_started(state)
        state.current_player = self.first_stock_player(state)
        # One command may run through a stock round where nobody can act and operating
        # rounds where nothing operates; a second such cycle waits for an explicit `pass`
        # instead of repeating itself without end.
        started = int(state.extra.get("stock_rounds_started", 0)) + 1  # type: ignore[call-overload]
        state.extra["stock_rounds_started"] = started
        if state.current_player:
            state.ledger.events.append(turn_started(state.current_player))
            if started <= 1:
                self._auto_pass(state)

    def _stock_turn(self, state: GameState, word: str, verb: str) -> str:
        """The player acting in the stock round; refuses out-of-turn actions."""
        if state.round_kind == "setup":
            self.begin_from_setup(state)
        elif state.round_kind == "OR":
            self._finish_operating_for_stock_round(state, verb)
        player = self.player_name(state, word)
        if state.ledger.player(player).bankrupt:
            raise Refusal(f"{player} is bankrupt and out of the game ({self.r('bankrupt')})")
        self._close_open_turn(state, player)
        if state.current_player != player:
            # a player the tool passed just now (no legal sale or purchase) is said so: a
            # corrected past amount can leave him unable to buy what a later line buys
            passed_now = (
                f": the tool passed {player}, with no legal sale or purchase"
                if player in state.passed_by_tool
                else ""
            )
            raise Refusal(
                f"it is {state.current_player}'s turn in the stock round, not {player}'s"
                f"{passed_now} ({self.r('turn')})"
            )
        return player

    def _finish_operating_for_stock_round(
        self, state: GameState, verb: str, *, passing: str | None = None
    ) -> None:
        """A stock-round command in an operating round ends the last turns, if the rules allow.

        Only the turns of the operating round the command was given in are ended (never past
        a compulsory step, see ``_end_company_turn``).  ``passing``: the player a ``pass``
        names; when the stock round that follows ended at once because the tool passed every
        player, a ``pass`` for one of them is accepted and changes nothing more (the
        contract), and this returns with the next OR begun.
        """
        start = (state.round_number, state.or_number)
        # what is left of the operating rounds, asked before any turn is ended: a refusal
        # then says the rounds are not over, never that the command would come after
        # the acting company's run (issue 37.7)
        left = [state.operating] if state.operating is not None else []
        left += [x for x in self.operating_order(state) if x not in left]  # type: ignore[attr-defined]
        more_ors = state.round_kind == "OR" and 0 < (state.or_number or 0) < state.ors_in_set
        try:
            while (
                state.round_kind == "OR"
                and not state.ended
                and state.operating is not None
                and (state.round_number, state.or_number) == start
            ):
                by = f"{article(verb)} `{verb}`"  # an `exchange`, a `buy`
                self._end_company_turn(state, implicit_by=by)  # type: ignore[attr-defined]
        except Refusal:
            if len(left) < 2 and not more_ors:
                raise  # the acting company's step is all that is left: the reason says it
            rnd = f"{start[0]}.{start[1]}"
            then = f"; operating round {start[0]}.{(start[1] or 0) + 1} follows" if more_ors else ""
            raise Refusal(
                f"`{verb}` belongs to a stock round; the operating rounds are not over: "
                f"{', '.join(left)} still to operate in operating round {rnd}{then} "
                f"({self.r('rounds')})"
            ) from None
        if state.ended:
            raise Refusal(
                f"`{verb}` belongs to a stock round, and none follows: the bank has broken and "
                f"the game ends with this operating round ({self.r('bank_broken')})"
            )
        if state.round_kind == "SR":
            return
        if state.round_number > start[0]:
            if passing is not None and passing in state.auto_passed:
                return
            raise Refusal(
                f"`{verb}` belongs to stock round {state.round_number}, which ended at once: "
                f"no player had a legal sale or purchase, so the tool passed them all "
                f"({self.r('all_passed')})"
            )
        raise Refusal(
            f"`{verb}` belongs to a stock round; the operating rounds are not over "
            f"({self.r('rounds')})"
        )

    def _close_open_turn(self, state: GameState, player: str) -> None:
        """A stock-round command of ``player`` closes the open turn of the player before him
        (:attr:`sell_after_buy`: a turn that bought or sold needs no ``pass``)."""
        current = state.current_player
        if (
            self.sell_after_buy
            and state.round_kind == "SR"
            and current not in (None, player)
            and (state.turn_bought or state.turn_sold)
        ):
            assert current is not None
            self._end_stock_turn(state, current, bought=False)

    def player_after_turn(self, state: GameState) -> str | None:
        """Who acts once the open turn closes (:attr:`sell_after_buy`: a purchase or a sale
        made, the next player's line closes it), tried on a copy; ``None`` when no turn is
        open, or when closing it ends the round."""
        if not self.sell_after_buy or state.round_kind != "SR" or state.current_player is None:
            return None
        if not (state.turn_bought or state.turn_sold):
            return None
        trial = state.clone()
        self._end_stock_turn(trial, state.current_player, bought=False)
        return trial.current_player if trial.round_kind == "SR" else None

    def another_purchase(
        self, state: GameState, player: str, company: Company, source: str | None
    ) -> str | None:
        """Why ``player``, who has bought this turn, may not buy (``source``) or par
        (``None``) ``company`` as well, or ``None`` (1830 10.0: brown-zone shares)."""
        return f"{player} has bought a certificate this turn: one a turn ({self.r('turn')})"

    def purchase_made(self, state: GameState) -> bool:
        """Whether the open turn has made its purchase (default: any; 1830 10.0 leaves
        brown-zone stock out of it)."""
        return bool(state.turn_bought)

    def buys_after_purchase(self, state: GameState) -> frozenset[str]:
        """The corporations of which :meth:`another_purchase` may allow a purchase after this
        turn's: a cheap answer for the tool's question whether the turn can go on (default:
        none)."""
        return frozenset()

    def _after_purchase(self, state: GameState, player: str, company: Company, source: str) -> None:
        """A purchase ends the turn, or, where sales may follow it (:attr:`sell_after_buy`),
        leaves it open until nothing more can be done."""
        state.last_actor = player
        if not self.sell_after_buy:
            self._end_stock_turn(state, player, bought=True)
            return
        state.turn_bought.append((company.id, source))
        state.consecutive_passes = 0
        if not self._can_move(state, player):
            # nothing may follow the purchase: the turn ends with it, as where sales come
            # first; a `pass` typed after it is accepted and changes nothing
            state.auto_passed.add(player)
            self._end_stock_turn(state, player, bought=True)

    # ------------------------------------------------------------- checks (pure)
    def check_buy(self, state: GameState, player: str, company: Company, source: str) -> str | None:
        """Why ``player`` may not buy a ``company`` share from ``source`` now, or ``None``."""
        cid = company.id
        if state.turn_bought and state.current_player == player:
            why = self.another_purchase(state, player, company, source)
            if why:
                return why
        if (player, cid) in state.sold_this_round:
            return f"{player} already sold {cid} this stock round ({self.r('sold_then_buy')})"
        cert = self.buyable_certificate(state, player, company, source)
        if isinstance(cert, str):
            return cert
        cap = self.max_holding
        if cap is not None and company.holder_percent(player) + cert.percent > cap:
            return f"{player} would own more than {cap}% of {cid} ({self.r('hold_limit')})"
        limit = self.cert_limit(state)
        if self.cert_count(state, player) + self.counts_toward_limit(state, company) > limit:
            return f"{player} is at the certificate limit of {limit} ({self.r('cert_limit')})"
        price = self.share_price(state, company, source, cert)
        cash = state.ledger.player(player).cash
        if cash < price:
            rule = self.r("buy_ipo") if source == "ipo" else self.r("buy_pool")
            what = "a" if cert.percent == 10 else f"a {cert.percent}%"
            return (
                f"{player} has {self.money(cash)}, {what} {cid} share costs "
                f"{self.money(price)} ({rule})"
            )
        return None

    def check_par(self, state: GameState, player: str, company: Company, price: int) -> str | None:
        """Why ``player`` may not launch ``company`` at ``price``, or ``None``."""
        rule = self.r("par")
        if company.launched:
            return f"{company.id} is already launched ({rule})"
        if state.turn_bought and state.current_player == player:
            why = self.another_purchase(state, player, company, None)
            if why:
                return why
        pars = self.par_choices(state, company)
        if price not in pars:
            if len(pars) == 1:
                return f"{company.id} starts at its printed par {pars[0]} ({rule})"
            return f"{company.id} must start at one of {', '.join(map(str, pars))} ({rule})"
        limit = self.cert_limit(state)
        if self.cert_count(state, player) + 1 > limit:
            return f"{player} is at the certificate limit of {limit} ({self.r('cert_limit')})"
        cash = state.ledger.player(player).cash
        cost = self.president_units(company) * price
        if cash < cost:
            return (
                f"{player} has {self.money(cash)}, the {self.president_word}'s "
                f"certificate costs {self.money(cost)} ({self.r('par_cost')})"
            )
        return None

    def check_sell(
        self, state: GameState, player: str, company: Company, n: int, *, protect: str | None = None
    ) -> str | None:
        """Why ``player`` may not sell ``n`` shares of ``company``, or ``None``."""
        if not company.launched:
            return f"{company.id} has not been launched ({self.r('par')})"
        return self.check_sale(state, player, company, n, protect=protect)

    def check_sale(
        self, state: GameState, player: str, company: Company, n: int, *, protect: str | None = None
    ) -> str | None:
        """:meth:`check_sell` once ``company`` is launched (a title counting shares otherwise
        overrides this)."""
        cid = company.id
        # This runs for each corporation the player on turn holds after every stock turn
        # (the tool's auto-pass), in every title: the holdings are read from the counts
        # kept until a certificate moves (Company.holder_percent), and the certificates
        # gone through only for a sale the checks before have not refused.
        held = company.holder_percent(player)
        if held < 10 * n:
            plural = "s" if n > 1 else ""
            return (
                f"{player} holds {held}% of {cid}, cannot sell {n} share{plural} ({self.r('sell')})"
            )
        why = self.may_sell(state, player, company)
        if why:
            return why
        if company.holder_percent(POOL) + 10 * n > self.pool_limit:
            return (
                f"the {self.pool_name} may hold at most {self.pool_limit}% of {cid} "
                f"({self.r('pool_limit')})"
            )
        president: str | None = None
        own: list[Certificate] = []
        for cert in company.certificates:
            if cert.holder == player:
                own.append(cert)
            if cert.president:
                president = cert.holder
        if president == player:
            units = self.president_units(company)
            new = self._successor(state, company, player, held - 10 * n)
            if new is None and held - 10 * n < 10 * units:
                return (
                    f"{player}'s {self.president_word}'s certificate of {cid} cannot go to the "
                    f"{self.pool_name} ({self.r('president_sale')})"
                )
            if (
                new is not None
                and protect is not None
                and (protect == cid or self.forced_sales_keep_presidencies)
            ):
                whose = "the operating corporation" if protect == cid else cid
                return (
                    f"{player} may not sell {cid} shares that change "
                    f"the presidency of {whose} ({self.r('forced_sale')})"
                )
            if new is not None:
                # the president's certificate is first swapped for 20% (30%) of the
                # successor's (:meth:`_swap_presidency`): what the seller puts in the pool
                own = [x for x in own if not x.president]
                own += units_certificates(company.certs_of(new), units) or []
        if units_certificates(own, n) is None:
            return (
                f"{player}'s {cid} certificates do not make {n} share{'s' if n > 1 else ''}: "
                f"certificates are sold whole ({self.r('sell')})"
            )
        return None

    def _successor(
        self, state: GameState, company: Company, seller: str, remaining: int
    ) -> str | None:
        """Who takes the presidency when the president keeps ``remaining`` percent.

        The player holding the most, at least the president's certificate (20%) and more
        than the president keeps, ties resolved clockwise from the seller.
        """
        percents = company.holder_percents()  # every holding, counted once
        best: str | None = None
        best_pct = max(remaining, 10 * self.president_units(company) - 1)
        for holder, pct in percents.items():
            if pct > best_pct and holder != seller:
                break  # someone (a player, or the pool or treasury) holds enough: look
        else:
            return None  # the usual answer, asked of every president's sale after each turn
        for p in seat_order_from(state.ledger.players, seller):
            pct = percents.get(p.name, 0)
            if pct > best_pct:
                best, best_pct = p.name, pct
        return best

    # ------------------------------------------------------------- purchases
    def cmd_par(self, state: GameState, cmd: c.Par) -> None:
        """``par``: launch a corporation: its president's certificate at twice the price."""
        player = self._stock_turn(state, cmd.player, "par")
        company = self.corp(state, cmd.corp)
        why = self.check_par(state, player, company, cmd.price)
        if why:
            raise Refusal(why)
        self._launch(state, player, company, cmd.price)
        self._after_purchase(state, player, company, "ipo")

    def _launch(self, state: GameState, player: str, company: Company, price: int) -> None:
        """The president's certificate to ``player`` at ``price`` a share; the price placed."""
        rule = self.r("par")
        pres = next(x for x in company.certificates if x.president)
        payee = self.ipo_payee(state, company)
        cost = self.president_units(company) * price
        state.ledger.transfer(player, payee, cost, f"launches {company.id} ({rule})")
        said = f"{self.president_word}'s certificate ({rule})"
        state.ledger.move_certificate(company, pres, player, said)
        company.launched = True
        company.value = price
        self.place_price(state, company, price)
        state.ledger.events.append(
            PresidentChanged(
                company=company.id, before=None, after=player, reason=f"launch ({rule})"
            )
        )
        self.after_share_bought(state, player, company)

    def place_price(self, state: GameState, company: Company, price: int) -> None:
        """Put a launched corporation's marker on the market."""
        state.place_price(company.id, price, f"starting price ({self.r('par')})")

    def cmd_buy(self, state: GameState, cmd: c.Buy) -> None:
        """``buy``: one certificate from the unsold shares or the pool."""
        player = self._stock_turn(state, cmd.player, "buy")
        company = self.launched(state, cmd.corp)
        source = cmd.source
        if source is None:
            source = (
                "ipo"
                if not isinstance(self.buyable_certificate(state, player, company, "ipo"), str)
                else "pool"
            )
        why = self.check_buy(state, player, company, source)
        if why:
            raise Refusal(why)
        self._buy_share(state, player, company, source)
        self._after_purchase(state, player, company, source)

    def _buy_share(self, state: GameState, player: str, company: Company, source: str) -> None:
        cid = company.id
        cert = self.buyable_certificate(state, player, company, source)
        assert not isinstance(cert, str)
        price = self.share_price(state, company, source, cert)
        if source == "ipo":
            state.ledger.transfer(
                player,
                self.ipo_payee(state, company),
                price,
                f"buys {with_article(cid)} share from its {self.ipo_name} ({self.r('buy_ipo')})",
            )
        else:
            state.ledger.transfer(
                player,
                BANK,
                price,
                f"buys {with_article(cid)} share from the {self.pool_name} ({self.r('buy_pool')})",
            )
        self._take_certificate(state, player, company, cert)

    def _take_certificate(
        self, state: GameState, player: str, company: Company, cert: Certificate
    ) -> None:
        """The bought certificate to ``player``, then any presidency change."""
        state.ledger.move_certificate(company, cert, player, "bought")
        self._presidency_after_gain(state, company, player)
        self.after_share_bought(state, player, company)

    def _presidency_after_gain(self, state: GameState, company: Company, player: str) -> None:
        """A player now holding more than the president takes over."""
        president = company.president()
        if president is None or president == player:
            return
        if company.holder_percent(player) > company.holder_percent(president):
            self._swap_presidency(
                state, company, president, player, f"holds more ({self.r('president_change')})"
            )

    def _swap_presidency(
        self, state: GameState, company: Company, old: str, new: str, reason: str
    ) -> None:
        """The new president gives 20% (30%) of other certificates for the president's one."""
        pres = next(x for x in company.certificates if x.president)
        given = units_certificates(company.certs_of(new), self.president_units(company)) or []
        for cert in given:
            state.ledger.move_certificate(
                company,
                cert,
                old,
                because(f"exchanged for the {self.president_word}'s certificate", reason),
            )
        state.ledger.move_certificate(company, pres, new, because(self.presidency_word, reason))
        state.ledger.events.append(
            PresidentChanged(company=company.id, before=old, after=new, reason=reason)
        )

    # ------------------------------------------------------------- sales
    def cmd_sell(self, state: GameState, cmd: c.Sell) -> None:
        """``sell``: shares to the pool, or a president's sale toward a forced train."""
        if state.round_kind == "OR" and self._forced_purchase(state) is not None:  # type: ignore[attr-defined]
            self._sell_for_train(state, cmd)  # type: ignore[attr-defined]
            return
        player = self._stock_turn(state, cmd.player, "sell")
        company = self.launched(state, cmd.corp)
        if self.one_sale_per_turn and company.id in state.turn_sold:
            raise Refusal(
                f"{player} already sold {company.id} this turn: sell all of it in one action "
                f"({self.r('one_sale')})"
            )
        why = self.check_sell(state, player, company, cmd.count)
        if why:
            raise Refusal(why)
        self._sell_shares(state, player, company, cmd.count)
        state.sold_this_round.add((player, company.id))
        if company.id not in state.turn_sold:
            state.turn_sold.append(company.id)
        state.last_actor = player
        self._auto_pass_if_stuck_after_sale(state, player)

    def _sell_shares(
        self,
        state: GameState,
        player: str,
        company: Company,
        n: int,
        *,
        price: int | None = None,
        moves: bool = True,
    ) -> None:
        """Carry out a checked sale: presidency first, then cash, then the price.  A
        president's later forced sale of a corporation already sold in the same turn
        (1847 AE 6.8.2 with 8.2) gives the ``price`` before that turn's move and
        ``moves=False``."""
        cid = company.id
        was_president = company.president() == player
        if was_president:
            remaining = company.holder_percent(player) - self.sold_percent(company, n)
            new = self._successor(state, company, player, remaining)
            if new is not None:
                self._swap_presidency(
                    state,
                    company,
                    player,
                    new,
                    f"sale by the {self.president_word} ({self.r('president_swap')})",
                )
        if price is None:
            price = state.price(cid)
        for cert in self.sale_certificates(company, player, n):
            state.ledger.move_certificate(company, cert, POOL, f"sold ({self.r('sell')})")
        self.bank_pays(
            state,
            player,
            price * n,
            f"sells {n} {cid} share{'s' if n > 1 else ''} at {self.money(price)} "
            f"({self.r('sell')})",
        )
        if moves:
            self.after_sale(state, company, by_president=was_president, shares=n)

    def sold_percent(self, company: Company, n: int) -> int:
        """The percent ``n`` shares sold make: ten each (:mod:`rulesets.sharecount`: the
        corporation's share)."""
        return 10 * n

    def sale_certificates(self, company: Company, player: str, n: int) -> list[Certificate]:
        """The certificates a sale of ``n`` shares puts in the pool (never the president's)."""
        return units_certificates(company.certs_of(player), n) or []

    # ------------------------------------------------------------- passing
    def cmd_pass(self, state: GameState, cmd: c.Pass) -> None:
        """``pass``: ends a stock turn without a purchase."""
        if state.round_kind == "setup":
            # Starting the first stock round may already pass players with no legal move.
            self.begin_from_setup(state)
        if state.round_kind in ("SR", "OR"):
            name = self.player_name(state, cmd.player)
            if state.current_player != name and (
                name in state.auto_passed
                or (state.round_kind == "SR" and name in state.passed_into_round)
            ):
                return  # the tool already passed this player (spec: accepted, changes nothing)
            if state.round_kind == "OR":
                self._finish_operating_for_stock_round(state, "pass", passing=name)
                if state.round_kind == "OR":
                    return  # the stock round came and went, this player passed by the tool
        player = self._stock_turn(state, cmd.player, "pass")
        limit = self.cert_limit(state)
        # An excess caused by a presidency change must be sold on the player's next turn;
        # the rules are silent on one left by a closing, and a banker asks the same.  Only
        # a sale of a certificate that counts corrects it (1830 10.0: yellow-zone shares
        # are outside the limit), so none is asked where no such sale is possible.
        if (
            self.cert_count(state, player) > limit
            and self._can_sell_anything(state, player)
            and self._can_sell_counted(state, player)
        ):
            raise Refusal(
                f"{player} holds more than {limit} certificates and must sell first "
                f"({self.r('over_cert_limit')})"
            )
        self._end_stock_turn(state, player, bought=False)

    def _can_sell_counted(self, state: GameState, player: str) -> bool:
        """Whether a sale now would lower ``player``'s count toward the certificate limit:
        a certificate of a corporation the limit counts may be sold (asked after
        :meth:`_can_sell_anything`, which keeps each title's own bars; 1830 10.0)."""
        if not self.some_outside_limit(state):
            return True  # every corporation counts: _can_sell_anything answered
        free = self.free_of_limit(state)
        return any(
            co.launched
            and co.id not in free
            and co.holder_percent(player)
            and self.check_sell(state, player, co, 1) is None
            for co in state.ledger.corporations()
        )

    def _can_sell_anything(self, state: GameState, player: str) -> bool:
        for co in state.ledger.corporations():
            if not co.launched:
                continue
            held = co.holder_percent(player)
            if not held or (self.one_sale_per_turn and co.id in state.turn_sold):
                continue
            if self.check_sell(state, player, co, 1) is None:
                return True
            # one double certificate (1847 AE) sells as two shares, never as one
            doubles = held >= 20 and any(
                x.percent == 20 and not x.president for x in co.certs_of(player)
            )
            if doubles and self.check_sell(state, player, co, 2) is None:
                return True
        return False

    def _can_buy_anything(self, state: GameState, player: str) -> bool:
        """A share or a president's certificate the player could buy now (a title's own
        purchases are asked last, by :meth:`_can_move`)."""
        after = None
        if state.turn_bought:
            after = self.buys_after_purchase(state)
            if not after:
                return False  # the turn's purchase is made (:meth:`another_purchase`)
        # Cheap necessary conditions first (the same ones check_buy/check_par refuse on):
        # what costs more than the player's cash, and, asked at the first purchase the
        # cash allows, the certificate limit: at it nothing can be bought, unless of a
        # corporation outside the limit (the titles whose checks keep the stock round's
        # refusals: those alone, and never a source holding none of it).
        full: bool | None = None
        prechecked = self._purchases_prechecked
        cash = state.ledger.player(player).cash
        sold = state.sold_this_round
        for co in state.ledger.corporations():
            # what check_buy refuses first in every title: a corporation the player sold
            # this round, or one the turn's purchase leaves out
            if (player, co.id) in sold or (after is not None and co.id not in after):
                continue
            if co.launched:
                if cash < co.value and cash < state.price(co.id):
                    continue
            else:
                pars = self.par_choices(state, co)
                if not pars:
                    continue
                # check_par refuses a par the player cannot pay (every title's check ends
                # with this one's): not asked then, nor its refusal worded
                cheapest = min(pars)
                if cash < self.president_units(co) * cheapest:
                    continue
            if full is None:
                full = self.cert_count(state, player) + 1 > self.cert_limit(state)
                if full and not self.some_outside_limit(state):
                    return False
            if not co.launched:
                if full and prechecked:
                    continue
                if self.check_par(state, player, co, cheapest) is None:
                    return True
                continue
            if full and prechecked and self.counts_toward_limit(state, co):
                continue
            held = co.holders_count() if prechecked else None
            if held is None or co.id in held:
                if self.check_buy(state, player, co, "ipo") is None:
                    return True
            if held is None or POOL in held:
                if self.check_buy(state, player, co, "pool") is None:
                    return True
        return False

    def _end_stock_turn(self, state: GameState, player: str, *, bought: bool) -> None:
        """After a purchase or a pass the turn goes on; all passing ends the round."""
        state.passed_by_tool = []
        state.passed_into_round -= {player}  # his own turn in this round: a pass is his again
        acted = bought or bool(state.turn_sold) or bool(state.turn_bought)
        if acted:
            state.consecutive_passes = 0
        else:
            state.consecutive_passes += 1
            state.ledger.events.append(passed(player))
        self._next_stock_player(state, player)

    def _next_stock_player(self, state: GameState, player: str) -> None:
        state.turn_sold = []
        state.turn_bought = []
        active = self.active_players(state)
        if state.consecutive_passes >= len(active):
            self._end_stock_round(state)
            return
        following = self.next_stock_players(state, player)
        state.current_player = following[0].name if following else player
        state.ledger.events.append(turn_started(state.current_player))
        self._auto_pass(state)

    def _can_move(self, state: GameState, player: str) -> bool:
        """The player can still buy or sell something.  Only asks: every certificate count
        it needs is counted once (:func:`_counted_once`)."""
        outer = getattr(_COUNTED, "memo", None)
        _COUNTED.memo = (state, {})
        try:
            return (
                self._can_buy_anything(state, player)
                or self._can_sell_anything(state, player)
                or self.other_purchase_possible(state, player)
            )
        finally:
            _COUNTED.memo = outer

    def _auto_pass(self, state: GameState) -> None:
        """Pass a player with no legal sale or purchase (spec: the tool passes them)."""
        player = state.current_player
        if player is None or state.round_kind != "SR":
            return
        if self._can_move(state, player):
            return
        state.auto_passed.add(player)
        state.passed_by_tool.append(player)
        state.consecutive_passes += 1
        # the turn's rule (1846 5.11, 1847 AE 8, 1817 facts §4): a player with nothing
        # legal to do can only pass, and the tool passes him (the spec)
        why = f"no legal sale or purchase ({self.r('turn')})"
        state.ledger.events.append(passed(player, True, why))
        self._next_stock_player(state, player)

    def _auto_pass_if_stuck_after_sale(self, state: GameState, player: str) -> None:
        """A turn is sales and then one purchase; with neither left, the turn is over.

        After a sale, when the player can neither buy a certificate nor sell anything more
        this turn, the tool ends the turn.  It is a turn with an action, not a pass: the sale
        keeps the round going.  A ``pass`` the banker then writes for the player is accepted
        and changes nothing (see :meth:`cmd_pass`).
        """
        if state.round_kind != "SR" or state.current_player != player:
            return
        if self._can_move(state, player):
            return
        state.auto_passed.add(player)
        state.ledger.events.append(
            Noted(text=f"{player} can neither buy nor sell more: the turn ends ({self.r('turn')})")
        )
        self._end_stock_turn(state, player, bought=False)

    def _end_stock_round(self, state: GameState) -> None:
        """The priority deal, the end-of-round price moves, then what follows."""
        if state.last_actor is not None:
            following = [
                p for p in seat_order_from(state.ledger.players, state.last_actor) if not p.bankrupt
            ]
            new = following[0].name if following else state.last_actor
            if new != state.priority:
                state.priority = new
                state.ledger.events.append(PriorityChanged(player=new))
        if self.sell_after_buy:
            # A later `pass` is accepted and changes nothing only for the players whose
            # automatic passes ended the round (the contract): 1830's purchases close turns
            # by themselves, and in a set of one operating round a `pass` for another player
            # opens the next stock round.
            state.auto_passed = set(state.passed_by_tool)
        self.stock_round_end_moves(state)
        state.current_player = None
        self.after_stock_round(state)


StockRound.cert_count = _counted_once(StockRound.cert_count)  # type: ignore[method-assign]
