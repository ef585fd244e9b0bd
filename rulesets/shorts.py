"""Short selling, the cash crisis and bankruptcy, the game end (1817 facts §5, §12, §14).

**Shorts** (facts §5).  ``short PLAYER CORP``, one a turn, comes in a stock turn after
its sales and before its purchase, which may follow (R 5.5 "any or all of the following
actions in this order", quoted in issue #2108; played so in every recorded game, as
16852's action 655 then 656): the turn stays open as after a sale.  One short a turn, not
a round: the engine forgets a turn's short at the next turn, and 16852's Four shorts WC
in two turns of stock round 3 (actions 655, 668), Three PLE in five.  The bank pays the
player the price, one more share of the corporation appears in the market (a
real certificate: it pays nobody, it moves the price left at the round's end like any
market share) and the player holds one short.  ``buy PLAYER CORP`` (or ``cover``) by a
player holding a short of CORP covers it: he pays the price (treasury → the corporation,
market → the bank) and the share bought and one short cancel, both gone.  A short holder
pays the bank each dividend on each short, rounded toward zero; a sale into the market
closes the market's shorts first (a bankrupt's shorts go there); each stock round's start
closes the market's remaining shorts against treasury shares, the bank paying the
corporation the price (O5).  A merger carries shorts into the survivor (a holder's long
and short of it cancel); an acquired or liquidated corporation's short holders pay the
settlement per short (:meth:`ShortSelling.settle_target_shorts`).  Each short scores
minus the price.

**The cash crisis** (facts §12).  A player whose cash is negative (the interest of a
liquidating corporation he presides, a settlement on his shorts, a dividend on them)
sells at once, before any other line: ``sell PLAYER CORP N``, the usual sale rules, no
sale passing a president's certificate, never more shares than the debt needs.  When
what he may sell cannot clear it, ``bankrupt PLAYER``: his shares go to the market at
the price (a presidency passes where another holder may take it; a president's
certificate left there liquidates the corporation), his shorts to the market (he pays
their price), his privates out of play; cash left goes to the bank, a debt left is
written off by the bank (a journaled transfer: the money still adds up).  The game ends
when one player is left.

**The game end** (facts §14, O7).  The first 8-train (bought or exported) signals it:
the set under way is finished, then one more set of 3 operating rounds (the 8 came in
the set's second OR, or at the export after it) or 2 (in the first); the game ends after
that set's last merger round, at the ``pass PLAYER`` that would have begun the next
stock round.  The score: cash, shares at the price, shorts at minus the price, privates
at face.

State (``state.extra``): ``shorts`` (holder → corporation → count; the market's under
``pool``), ``shorted`` (player → the stock round and corporation of his last short),
``end_signal`` (the set and OR of the first 8-train), ``final_set`` (the last set's
number), ``crisis`` (the player in a cash crisis, for the line that says it once).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.fixes import follows
from moderator.ledger import BANK, POOL, SCRAP, Certificate, Company
from moderator.script import share_source
from moderator.state import GameState
from moderator.text import capital, counted, counted_at, with_article
from rulesets.base import Receipt, ReceiptLine, ScoreItem
from rulesets.merger_round import MergerRound
from rulesets.sharecount import share_unit, size_of

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

SHORT_RULES = {
    "short": "facts §5",
    "cover": "facts §5",
    "short_dividend": "facts §5, §8",
    "market_shorts": "facts §4, §5, §16 O5",
    "cash_crisis": "facts §12",
    "crisis_sale": "facts §12, R 7.4",
    "settlement": "facts §5, §10 Step 9, §11",
    "final_set": "facts §14, §16 O7",
}
"""Where each mechanism of this module is in the facts (no rulebook text was found)."""


class ShortSelling(MergerRound):
    """Shorts and covers, the cash crisis and bankruptcy, the end after the 8-train."""

    end_phase: ClassVar[str] = "8"
    """The phase whose first train signals the end and forbids new shorts (facts §13, §14)."""
    final_set_ors: ClassVar[tuple[int, int]] = (2, 3)
    """The last set's operating rounds: the 8 came in the set's first OR, in its second."""

    # ------------------------------------------------------------- reading
    @staticmethod
    def short_book(state: GameState) -> dict[str, dict[str, int]]:
        """Holder (a player, or ``pool``: the market) → corporation → shorts held."""
        book = state.extra.setdefault("shorts", {})
        assert isinstance(book, dict)
        return book

    def shorts_of(self, state: GameState, holder: str, cid: str) -> int:
        held = state.extra.get("shorts")
        if not held:  # asked after every stock turn: no dictionary made for nothing
            return 0
        assert isinstance(held, dict)
        return int(held.get(holder, {}).get(cid, 0))

    def shorts_on(self, state: GameState, cid: str) -> int:
        """Every short of ``cid``, the market's included."""
        held = state.extra.get("shorts") or {}
        assert isinstance(held, dict)
        return sum(int(book.get(cid, 0)) for book in held.values())

    def _add_short(self, state: GameState, holder: str, cid: str, n: int) -> None:
        book = self.short_book(state)
        mine = book.setdefault(holder, {})
        mine[cid] = mine.get(cid, 0) + n
        if mine[cid] <= 0:
            del mine[cid]
        if not mine:
            del book[holder]

    def _cancel(
        self, state: GameState, company: Company, cert: Certificate, holder: str, why: str
    ) -> None:
        """``cert`` and one short of ``holder`` cancel each other: both leave the game."""
        state.ledger.move_certificate(company, cert, SCRAP, why)
        company.certificates = [x for x in company.certificates if x is not cert]
        self._add_short(state, holder, company.id, -1)

    def short_limit(self, state: GameState, company: Company) -> int:
        """Fewer shorts than its shares (5 at most on a 10-share one with ``five_shorts``)."""
        size = size_of(company)
        options = state.extra.get("options") or []
        return min(size, 5) if "five_shorts" in options else size  # type: ignore[operator]

    # ------------------------------------------------------------- short
    def check_short(self, state: GameState, player: str, company: Company) -> str | None:
        """Why ``player`` may not short ``company`` now (facts §5), or ``None``."""
        rule = self.r("short")
        cid = company.id
        if state.phase == self.end_phase:
            return f"no new shorts in phase {self.end_phase} ({rule}; facts §13)"
        why = self.acting_for_refusal(state, player)  # type: ignore[attr-defined]
        if why:
            return str(why)
        if state.turn_bought and state.current_player == player:
            return f"{player} has made this turn's purchase: a short comes before it ({rule})"
        shorted = state.extra.get("shorted") or {}
        assert isinstance(shorted, dict)
        last = shorted.get(player)  # [stock round, corporation] of his last short
        if (
            isinstance(last, list)
            and last[0] == state.round_number
            and state.current_player == player
            and last[1] in state.turn_sold  # the turn's sales and shorts: this turn
        ):
            return f"{player} has shorted this turn: one short a turn ({rule})"
        size = size_of(company)
        if size not in (5, 10):
            return (
                f"{cid} has {size} shares: only 5- and 10-share corporations are shorted ({rule})"
            )
        if not company.operated:
            return f"{cid} has not operated: it cannot be shorted yet ({rule})"
        zone = self.zone(state, cid)
        if zone:
            return f"{cid} is in the {zone} zone: it cannot be shorted ({rule}; {self.r('zones')})"
        if company.holder_percent(player):
            return f"{player} holds {cid} shares: only a player holding none shorts it ({rule})"
        limit = self.short_limit(state, company)
        if self.shorts_on(state, cid) >= limit:
            five = " (option five_shorts)" if limit < size else ""
            return f"{cid} has {limit} shorts already, its most{five} ({rule})"
        return None

    def cmd_later(self, state: GameState, cmd: c.Later) -> None:
        if cmd.verb == "short":
            self.cmd_short(state, cmd)
            return
        if cmd.verb == "cover":
            self.cmd_cover(state, cmd)
            return
        super().cmd_later(state, cmd)

    def cmd_short(self, state: GameState, cmd: c.Later) -> None:
        """``short PLAYER CORP``: the bank pays the price, a new share goes to the market,
        the player holds a short; a sale of CORP for the round, after which the turn goes
        on to its purchase as after a sale (facts §5, §4; R 5.5 "in this order")."""
        if len(cmd.words) != 2:
            raise Refusal("usage: short PLAYER CORP")
        rule = self.r("short")
        if state.round_kind == "OR" and not state.extra.get("ma_round"):
            raise Refusal(f"a short is made in a stock turn, before its purchase ({rule})")
        player = self._stock_turn(state, cmd.words[0], "short")
        company = self.launched(state, cmd.words[1])
        why = self.check_short(state, player, company)
        if why:
            raise Refusal(why)
        cid = company.id
        price = state.price(cid)
        cert = Certificate(share_unit(company), False, BANK)  # a new share, from the bank
        company.certificates = [*company.certificates, cert]
        state.ledger.move_certificate(
            company, cert, POOL, f"a new {cid} share in the market for {player}'s short ({rule})"
        )
        self._add_short(state, player, cid, 1)
        self.bank_pays(
            state,
            player,
            price,
            f"{with_article(cid)} short, at the share's price ({rule})",
        )
        held = self.shorts_of(state, player, cid)
        self.note(state, f"{player} holds {held} {cid} short{'s' if held > 1 else ''} ({rule})")
        shorted = state.extra.setdefault("shorted", {})
        assert isinstance(shorted, dict)
        shorted[player] = [state.round_number, cid]
        state.sold_this_round.add((player, cid))  # no buy (nor cover) of it this round
        if cid not in state.turn_sold:
            state.turn_sold.append(cid)
        state.last_actor = player
        state.consecutive_passes = 0
        self._auto_pass_if_stuck_after_sale(state, player)

    def _close_open_turn(self, state: GameState, player: str) -> None:
        """A stock-round line of another player ends a turn whose short is its last action.

        Reading: the rules let a purchase follow the turn's short (R 5.5 "in this order"),
        and the recorded games do so; the contract calls the short the turn's purchase, so
        a script may go on with the next player's line at once.  Both are accepted: the
        shorter's own purchase (or ``pass``) goes on with his turn, another player's line
        ends it, as his ``pass`` would after an action (facts §5)."""
        current = state.current_player
        shorted = (state.extra.get("shorted") or {}).get(current) if current else None  # type: ignore[union-attr]
        if (
            state.round_kind == "SR"
            and current is not None
            and current != player
            and not state.turn_bought
            and isinstance(shorted, list)
            and shorted[0] == state.round_number
            and shorted[1] in state.turn_sold
        ):
            self._end_stock_turn(state, current, bought=False)
            return
        super()._close_open_turn(state, player)

    def other_purchase_possible(self, state: GameState, player: str) -> bool:
        """A short, or a cover at the certificate limit, keeps the player's turn: the tool
        does not pass him (a save before rules level 13 replays as played)."""
        if super().other_purchase_possible(state, player):
            return True
        if not follows(state, "1817-§5") or state.round_kind != "SR":
            return False
        for co in state.ledger.corporations():
            if not co.launched:
                continue
            if self.covering(state, player, co.id):
                for source in ("ipo", "pool"):
                    if self.check_buy(state, player, co, source) is None:
                        return True
            elif self.check_short(state, player, co) is None:
                return True
        return False

    def stock_round_end_moves(self, state: GameState) -> None:
        """Option ``short_squeeze``: players holding more than every share (shorts made
        the extra ones) move the price right once more (facts §4, §15), right after the
        sold-out move, corporation by corporation in price order
        (:meth:`after_sold_out_move`).  A game saved before rules level 14
        (``1817-§15-squeeze``) moved every squeezed corporation first, in charter order:
        two squeezed in one space swapped places in its stack."""
        options = state.extra.get("options") or []
        if "short_squeeze" in options and not follows(state, "1817-§15-squeeze"):  # type: ignore[operator]
            for co in list(state.ledger.corporations()):
                if not co.launched or not self.traded(state, co.id) or size_of(co) <= 2:
                    continue
                held = sum(self.shares(co, p.name) for p in state.ledger.players)
                if held > size_of(co):
                    self._squeeze_move(state, co, held)
        super().stock_round_end_moves(state)

    def after_sold_out_move(self, state: GameState, co: Company, held: int) -> None:
        """The squeeze's move once more, in the sold-out corporation's own turn of the
        price order, as the public implementation moves it (facts §4, §15)."""
        options = state.extra.get("options") or []
        if (
            "short_squeeze" in options  # type: ignore[operator]
            and follows(state, "1817-§15-squeeze")
            and held > size_of(co)
        ):
            self._squeeze_move(state, co, held)
        super().after_sold_out_move(state, co, held)

    def _squeeze_move(self, state: GameState, co: Company, held: int) -> None:
        state.move_price(
            co.id,
            1,
            f"players hold {held} shares of {size_of(co)}, over 100%: right 1 "
            f"more (option short_squeeze, {self.r('turn')}; facts §15)",
        )

    # ------------------------------------------------------------- cover
    def cmd_cover(self, state: GameState, cmd: c.Later) -> None:
        """``cover PLAYER CORP [ipo|pool]``: ``buy`` by a short holder (facts §5)."""
        if len(cmd.words) not in (2, 3):
            raise Refusal("usage: cover PLAYER CORP [ipo|pool]")
        # buy's sources, in any case, `treasury` and `market` too (script.md 1817)
        source = share_source(cmd.words[2], "cover") if len(cmd.words) == 3 else None
        player = self.player_name(state, cmd.words[0])
        cid = self.company_id(state, cmd.words[1])
        if not self.shorts_of(state, player, cid):
            raise Refusal(
                f"{player} holds no {cid} short to cover: `buy {player} {cid}` buys a share "
                f"({self.r('cover')})"
            )
        self.cmd_buy(state, c.Buy(player=player, corp=cid, source=source))

    def covering(self, state: GameState, player: str, cid: str) -> bool:
        """A purchase by a short holder covers a short: no certificate is gained, so
        neither the 60% nor the certificate limit is asked (facts §0, §5)."""
        return self.shorts_of(state, player, cid) > 0

    def check_buy(self, state: GameState, player: str, company: Company, source: str) -> str | None:
        if not self.covering(state, player, company.id):
            return super().check_buy(state, player, company, source)
        cid = company.id
        zone = self.zone(state, cid)
        if zone:
            return f"{cid} is in the {zone} zone: its shares are not bought ({self.r('zones')})"
        if state.turn_bought and state.current_player == player:
            why = self.another_purchase(state, player, company, source)
            if why:
                return why
        if (player, cid) in state.sold_this_round:
            return (
                f"{player} sold or shorted {cid} this stock round: no cover of it "
                f"({self.r('sold_then_buy')}; {self.r('cover')})"
            )
        cert = self.buyable_certificate(state, player, company, source)
        if isinstance(cert, str):
            return cert
        price = self.share_price(state, company, source, cert)
        cash = state.ledger.player(player).cash
        if cash < price:
            return f"{player} has {self.money(cash)}, a {cid} share costs {self.money(price)}"
        return None

    def _buy_share(self, state: GameState, player: str, company: Company, source: str) -> None:
        if not self.covering(state, player, company.id):
            super()._buy_share(state, player, company, source)
            return
        cid = company.id
        rule = self.r("cover")
        cert = self.buyable_certificate(state, player, company, source)
        assert not isinstance(cert, str)
        price = self.share_price(state, company, source, cert)
        # the payee is said by the payment line: a treasury share is "its" (facts §5)
        payee, what = (
            (company.id, "a share from its treasury")
            if source == "ipo"
            else (BANK, f"{with_article(cid)} share from the market")
        )
        state.ledger.transfer(player, payee, price, f"{what}, to cover a short ({rule})")
        self._cancel(
            state,
            company,
            cert,
            player,
            f"covers {player}'s short: share and short cancel ({rule})",
        )
        left = self.shorts_of(state, player, cid)
        self.note(
            state,
            f"{player} covers a {cid} short; {counted(left, 'short') if left else 'none'} left "
            f"({rule})",
        )

    # ------------------------------------------------------------- the market's shorts
    def close_market_shorts(self, state: GameState, company: Company) -> None:
        """Market shares and the market's shorts cancel (facts §5: a sale into the market
        closes them first)."""
        rule = self.r("market_shorts")
        while self.shorts_of(state, POOL, company.id):
            cert = next((x for x in company.certs_of(POOL) if not x.president), None)
            if cert is None:
                return
            self._cancel(
                state, company, cert, POOL, f"a market share closes a market short ({rule})"
            )

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
        super()._sell_shares(state, player, company, n, price=price, moves=moves)
        self.close_market_shorts(state, company)

    def stock_round_started(self, state: GameState) -> None:
        """The market's shorts close against treasury shares, the bank paying the
        corporation the price, outside the zones (facts §4, O5); the final set's length."""
        super().stock_round_started(state)
        rule = self.r("market_shorts")
        for co in list(state.ledger.corporations()):
            if not self.shorts_of(state, POOL, co.id) or self.zone(state, co.id):
                continue
            while self.shorts_of(state, POOL, co.id):
                cert = next((x for x in co.certs_of(co.id) if not x.president), None)
                if cert is None:
                    break
                price = state.price(co.id)
                self.bank_pays(
                    state,
                    co.id,
                    price,
                    f"one of its treasury shares, bought by the market ({rule})",
                )
                self._cancel(state, co, cert, POOL, f"closes a market short ({rule})")
        self.start_final_set(state)

    # ------------------------------------------------------------- dividends
    def dividend_plan(
        self, state: GameState, company: Company, revenue: int, option: str | None
    ) -> Receipt:
        """Each short holder pays shorts × the dividend a share, rounded toward zero."""
        plan = super().dividend_plan(state, company, revenue, option)
        paid = plan.revenue - plan.retained
        held = state.extra.get("shorts")
        if not paid or not held:
            return plan
        count = self.dividend_shares(company)
        rule = self.r("short_dividend")
        lines: list[ReceiptLine] = []
        for p in state.ledger.players:
            n = self.shorts_of(state, p.name, company.id)
            if n:
                owed = n * paid // count
                if owed:
                    lines.append(ReceiptLine(p.name, -n, -owed, f"short, pays the bank ({rule})"))
        if not lines:
            return plan
        return plan.model_copy(update={"lines": (*plan.lines, *lines)})

    def bank_pays(self, state: GameState, target: str, amount: int, reason: str) -> None:
        """A negative payment is the holder paying the bank (a short's dividend), into
        debt if need be (facts §5, §12)."""
        if amount < 0:
            state.ledger.transfer(target, BANK, -amount, reason, overdraw=True)
            return
        super().bank_pays(state, target, amount, reason)

    # ------------------------------------------------------------- settlement
    def settle_target_shorts(self, state: GameState, target: Company, per_share: int) -> None:
        """An acquired or liquidated corporation's short holders pay per share × their
        shorts to the bank, into debt if need be (a cash crisis); every short of it is
        gone, the market's too (facts §10 Step 9, §11)."""
        rule = self.r("settlement")
        tid = target.id
        book = self.short_book(state)
        for p in state.ledger.players:
            n = self.shorts_of(state, p.name, tid)
            if not n:
                continue
            owed = n * per_share
            if owed:
                state.ledger.transfer(
                    p.name,
                    BANK,
                    owed,
                    f"{counted_at(n, f'{tid} short', f'at {self.money(per_share)} each', 'closed')}"
                    f" ({rule})",
                    overdraw=True,
                )
            self.note(state, f"{p.name}'s {n} {tid} short{'s' if n > 1 else ''} closed ({rule})")
        for holder in list(book):
            self._add_short(state, holder, tid, -self.shorts_of(state, holder, tid))

    # ------------------------------------------------------------- mergers
    def merged_shorts(self, state: GameState, company: Company, target: Company) -> None:
        """5 + 5: each short of either is a short of the survivor; a holder's long and
        short cancel (facts §9)."""
        rule = self.r("merge")
        cid, tid = company.id, target.id
        book = self.short_book(state)
        for holder in list(book):
            n = self.shorts_of(state, holder, tid)
            if n:
                self._add_short(state, holder, tid, -n)
                self._add_short(state, holder, cid, n)
                whose = f"the {self.pool_name}'s" if holder == POOL else f"{holder}'s"
                shorts = f"{tid} short becomes {with_article(cid)} short"
                if n > 1:
                    shorts = f"{n} {tid} shorts become {cid} shorts"
                self.note(state, f"{capital(whose)} {shorts} ({rule})")
        for holder in list(book):
            while self.shorts_of(state, holder, cid):
                cert = next((x for x in company.certs_of(holder) if not x.president), None)
                if cert is None:
                    break
                self._cancel(
                    state, company, cert, holder, f"{holder}'s long and short cancel ({rule})"
                )

    # ------------------------------------------------------------- cash crisis
    def crisis_player(self, state: GameState) -> str | None:
        """The first player in debt, seat order (facts §12); none before rules level 13."""
        if not follows(state, "1817-§12"):
            return None
        for p in state.ledger.players:
            if p.cash < 0 and not p.bankrupt:
                return p.name
        return None

    def apply(self, state: GameState, cmd: c.Command) -> Receipt | None:
        """A player in debt sells or goes bankrupt before any other line; the final
        merger round's ``pass`` ends the game."""
        who = self.crisis_player(state)
        # checks, notes and the banker's corrections (`adjust`) are not held up
        if (
            who is not None
            and not isinstance(cmd, c.Expect | c.Note | c.Adjust)
            and not state.ended
        ):
            named = getattr(cmd, "player", None)
            mine = named is not None and self._is(state, named, who)
            if mine and isinstance(cmd, c.Sell):
                self.crisis_sale(state, who, cmd)
                self.say_crisis(state)
                return None
            if mine and isinstance(cmd, c.Bankrupt):
                self.cmd_bankrupt(state, cmd)
                self.say_crisis(state)
                return None
            cash = state.ledger.player(who).cash
            raise Refusal(
                f"{who} is in a cash crisis ({self.money(cash)}): a sale at once, "
                f"`sell {who} CORP N`, or, when that cannot clear it, `bankrupt {who}`; no "
                f"other line before ({self.r('cash_crisis')})"
            )
        if (
            state.extra.get("ma_round")
            and not isinstance(cmd, c.Expect | c.Note)
            and not self.ma_line(state, cmd)
            and self.pause_ends_game(state)
        ):
            if not isinstance(cmd, c.Pass):
                raise Refusal(
                    f"this is the game's last merger round: `pass PLAYER` ends it and the "
                    f"game ({self.r('final_set')})"
                )
            self.player_name(state, cmd.player)
            self.leave_ma_round(state)  # no stock round follows: the game ends
            return None
        receipt = super().apply(state, cmd)
        self.say_crisis(state)
        return receipt

    def _is(self, state: GameState, word: str, name: str) -> bool:
        try:
            return self.player_name(state, word) == name
        except Refusal:
            return False

    def say_crisis(self, state: GameState) -> None:
        """The line that says a player's cash crisis begins (once)."""
        who = self.crisis_player(state)
        if who is None or state.extra.get("crisis") == who:
            if who is None:
                state.extra.pop("crisis", None)
            return
        state.extra["crisis"] = who
        cash = state.ledger.player(who).cash
        self.note(
            state,
            f"{who} is in a cash crisis at {self.money(cash)}: shares sold at once until the cash "
            f"is $0 or more, else bankruptcy ({self.r('cash_crisis')})",
        )

    def sellable(self, state: GameState, player: str, company: Company) -> int:
        """The most shares of ``company`` ``player`` may sell in a cash crisis."""
        if not company.launched or company.closed:
            return 0
        held = self.shares(company, player)
        if not held or self.may_sell(state, player, company):
            return 0
        pres = next((x for x in company.certificates if x.president), None)
        if pres is not None and pres.holder == player:
            held -= pres.percent // share_unit(company)
        return max(0, held)

    def crisis_sale(self, state: GameState, player: str, cmd: c.Sell) -> None:
        """``sell PLAYER CORP N`` in a cash crisis: the usual sale, no president's
        certificate passed, no more shares than the debt needs (facts §12, R 7.4)."""
        rule = self.r("crisis_sale")
        company = self.launched(state, cmd.corp)
        cid = company.id
        n = cmd.count
        held = self.shares(company, player)
        if n < 1 or held < n:
            raise Refusal(f"{player} holds {counted(held, f'{cid} share')} ({rule})")
        why = self.may_sell(state, player, company)
        if why:
            raise Refusal(why)
        if n > (n_ok := self.sellable(state, player, company)):
            raise Refusal(
                f"{player}'s president's certificate of {cid} is not sold in a cash crisis: "
                f"he may sell {counted(n_ok, f'{cid} share') if n_ok else f'no {cid} share'} "
                f"({rule})"
            )
        price = state.price(cid)
        debt = -state.ledger.player(player).cash
        if (n - 1) * price >= debt:
            raise Refusal(
                f"{player} owes {self.money(debt)}: {counted(n - 1, f'{cid} share')} at "
                f"{self.money(price)} already clear it; no more than needed ({rule})"
            )
        self._sell_shares(state, player, company, n, moves=False)
        if state.ledger.player(player).cash >= 0:
            state.extra.pop("crisis", None)
            self.note(state, f"{player}'s cash crisis is over ({rule})")

    def cmd_bankrupt(self, state: GameState, cmd: c.Bankrupt) -> None:
        """``bankrupt PLAYER``: a player in a cash crisis who cannot clear it (facts §12)."""
        rule = self.r("bankrupt")
        player = self.player_name(state, cmd.player)
        cash = state.ledger.player(player).cash
        if self.crisis_player(state) != player:
            raise Refusal(
                f"{player} has {self.money(cash)}: only a player in a cash crisis goes "
                f"bankrupt ({rule})"
            )
        could = 0
        for co in state.ledger.corporations():
            n = self.sellable(state, player, co)
            if n:
                could += n * state.price(co.id)
        if cash + could >= 0:
            raise Refusal(
                f"{player} owes {self.money(-cash)} and may still raise {self.money(could)} by "
                f"selling: `sell {player} CORP N` ({rule})"
            )
        self.go_bankrupt(state, player)

    def go_bankrupt(self, state: GameState, player: str) -> None:
        """His shares to the market at the price, his shorts there too, his privates out
        of play, his cash to the bank or his debt written off (facts §12)."""
        rule = self.r("bankrupt")
        self.note(state, f"{player} goes bankrupt ({rule})")
        corps = list(state.ledger.corporations())
        if follows(state, "1817-§12-bankrupt-order"):
            # in price order, as the public implementation takes a bankrupt's holdings, so
            # that corporations his bankruptcy liquidates reach the liquidation cell in that
            # order (the acquisition round deals with the last to arrive first); before
            # rules level 14, in charter order
            order = state.linear().order([co.id for co in corps if co.launched])
            corps = [state.company(cid) for cid in order]
        for co in corps:
            held = self.shares(co, player)
            if not co.launched or not held:
                continue
            if self.check_sale(state, player, co, held) is None:  # the presidency may pass
                self._sell_shares(state, player, co, held, moves=False)
                continue
            price = state.price(co.id)
            for cert in co.certs_of(player):
                state.ledger.move_certificate(co, cert, POOL, f"{player}'s bankruptcy ({rule})")
            if price:
                self.bank_pays(
                    state,
                    player,
                    price * held,
                    f"{counted(held, f'{co.id} share')} sold to the {self.pool_name} "
                    f"at {self.money(price)} ({rule})",
                )
            self.close_market_shorts(state, co)
            if co.president() == POOL and not self.in_liquidation(state, co.id):
                self.liquidate(
                    state,
                    co,
                    f"{player}'s bankruptcy put its president's certificate in the "
                    f"{self.pool_name} ({rule})",
                )
        for cid, n in list(self.short_book(state).get(player, {}).items()):
            co = state.company(cid)
            price = state.price(cid)
            if price:
                state.ledger.transfer(
                    player,
                    BANK,
                    price * n,
                    counted_at(
                        n,
                        f"{cid} short",
                        f"at {self.money(price)} a short",
                        f"passed to the {self.pool_name}",
                    )
                    + f" ({rule})",
                    overdraw=True,
                )
            self._add_short(state, player, cid, -n)
            self._add_short(state, POOL, cid, n)
            self.close_market_shorts(state, co)
        for co in state.ledger.companies.values():
            if co.kind == "private" and co.owner == player and not co.closed:
                co.owner = None
                co.closed = True
                self.note(
                    state,
                    f"{co.id} closes with {player}'s bankruptcy: a private enters a "
                    f"corporation only at an IPO (facts §1, {rule.removeprefix('facts ')})",
                )
        cash = state.ledger.player(player).cash
        if cash > 0:
            state.ledger.transfer(player, BANK, cash, f"the cash a bankrupt leaves ({rule})")
        elif cash < 0:
            state.ledger.transfer(
                BANK, player, -cash, f"the debt a bankrupt leaves, written off ({rule})"
            )
        state.ledger.player(player).bankrupt = True
        state.extra.pop("crisis", None)
        left = self.active_players(state)
        self.note(
            state,
            f"{player} leaves the game; the certificate limit is now {self.cert_limit(state)} "
            f"(facts §0, {rule.removeprefix('facts ')})",
        )
        if len(left) <= 1:
            self._end_game(
                state,
                f"all players but {left[0].name if left else 'none'} are bankrupt ({rule}, §16 O8)",
            )
            return
        if state.round_kind == "SR" and state.current_player == player:
            self._end_stock_turn(state, player, bought=False)

    # ------------------------------------------------------------- the game end
    def phase_started(self, state: GameState, phase: str) -> None:
        """The first 8-train signals the end (facts §14)."""
        super().phase_started(state, phase)
        if phase != self.end_phase or not follows(state, "1817-§14"):
            return
        second = state.or_number is not None and state.or_number >= 2
        ors = self.final_set_ors[1 if second else 0]
        state.extra["end_signal"] = [state.round_number, state.or_number]
        state.extra["final_set"] = [state.round_number + 1, ors]
        self.note(
            state,
            f"The first {phase}-train signals the game end: this set is finished, then one more "
            f"set of {ors} operating rounds; the game ends after its last merger round "
            f"({self.r('final_set')})",
        )

    def start_final_set(self, state: GameState) -> None:
        """The final set's stock round: its number of operating rounds (facts §14, O7)."""
        final = state.extra.get("final_set")
        if isinstance(final, list) and final[0] == state.round_number:
            state.ors_in_set = int(final[1])
            self.note(
                state,
                f"The final set: {final[1]} operating rounds, each followed by its merger "
                f"round; the game ends after the last ({self.r('final_set')})",
            )

    def final_round_over(self, state: GameState) -> bool:
        """The final set's last operating round is over (its merger and acquisition
        rounds are the game's last)."""
        final = state.extra.get("final_set")
        return (
            isinstance(final, list)
            and state.round_number == final[0]
            and state.or_number is not None
            and state.or_number >= int(final[1])
        )

    def pause_ends_game(self, state: GameState) -> bool:
        """In a merger or acquisition round of the final set, whether leaving it ends the
        game: after the set's last operating round, or earlier when the set's operating
        rounds left have nobody to operate (every corporation gone), so that the next
        line would begin no round.  There ``pass PLAYER`` ends the game (facts §14)."""
        if not state.extra.get("ma_round") or not isinstance(state.extra.get("final_set"), list):
            return False
        if self.final_round_over(state):
            return True
        ahead = state.clone()  # the final set only: a few lines of a game
        try:
            self.leave_ma_round(ahead)
        except Refusal:
            return False
        return ahead.ended

    def _start_stock_round(self, state: GameState, *, first: bool = False) -> None:
        """After the final set's last operating round (and its merger round) the game
        ends instead (facts §14)."""
        if not first and state.round_kind == "OR" and self.final_round_over(state):
            state.extra["ma_round"] = False
            self._end_game(
                state,
                f"the last set after the first {self.end_phase}-train is played, its last "
                f"merger round over ({self.r('final_set')})",
            )
            return
        super()._start_stock_round(state, first=first)

    # ------------------------------------------------------------- offers
    def candidates(self, state: GameState) -> list[c.Command]:
        """In a cash crisis the debtor's sales and bankruptcy; in the last merger round
        the ``pass`` that ends the game; in a stock round the shorts on offer."""
        who = self.crisis_player(state)
        if who is not None:
            out: list[c.Command] = []
            for co in state.ledger.corporations():
                for n in range(1, self.sellable(state, who, co) + 1):
                    out.append(c.Sell(player=who, corp=co.id, count=n))
            return [*out, c.Bankrupt(player=who)]
        out = super().candidates(state)
        if self.pause_ends_game(state):
            return [*out, *(c.Pass(player=p.name) for p in self.active_players(state)[:1])]
        player = state.current_player
        if state.round_kind == "SR" and player is not None and not state.ended:
            for co in state.ledger.corporations():
                if co.launched and self.check_short(state, player, co) is None:
                    out.append(c.Later(verb="short", words=(player, co.id)))
        return out

    # ------------------------------------------------------------- score
    def score_items(self, state: GameState, name: str) -> list[ScoreItem]:
        """Each short counts minus the price (facts §5, §14)."""
        items = super().score_items(state, name)
        mine = (state.extra.get("shorts") or {}).get(name)  # type: ignore[union-attr]
        for cid, n in (mine or {}).items():
            price = self.score_price(state, state.company(cid)) or 0
            items.append(
                ScoreItem(
                    "short",
                    cid,
                    -n * price,
                    count=-n,
                    price=price,
                    note=f"a short scores minus the price ({self.r('short')}, §14)",
                )
            )
        return items
