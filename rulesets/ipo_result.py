"""A corporation started by the result of an IPO auction, and a president acting for
his corporation in a stock round (1817 facts §3, §4).

``ipo PLAYER CORP PRICE SIZE [PRIVATE...] [by NOMINATOR]``: the table runs the auction,
the banker writes its result.  The par is the market cell at or below half the price; the
winner pays the whole price to the corporation, part of it in privates at face (the
corporation takes them, their face counting as paid); the corporation is a SIZE-share
one as the phase allows, owing the stations of its size (:mod:`rulesets.stations_owed`).
The turn was the nominator's: it ends with the IPO, play going on to his left; the
corporation's shares are sold from the next stock round.  There is no ``par``.

A president may spend his whole stock turn acting for one of his corporations: loans
(``loan CORP [N]``), then shares bought back from the market (``redeem CORP N``, which
ends the turn); a ``pass`` or the next player's line ends it too.

State (``state.extra``): ``ipo_round`` (corporation -> the stock round of its IPO),
``acting_for`` (the corporation the player on turn acts for, or ``None``).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import PresidentChanged, PriceMoved, PrivateMoved
from moderator.ledger import BANK, POOL, Company
from moderator.state import GameState
from moderator.text import counted
from rulesets.sharecount import ShareCount
from rulesets.stations_owed import StationsOwed, record
from rulesets.zoned_row import ZonedRow

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


class IpoByResult(StationsOwed, ShareCount):
    """IPOs written by their result and corporate stock turns."""

    sizes_by_phase: ClassVar[dict[str, tuple[int, ...]]] = {}
    bid_range: ClassVar[tuple[int, int]] = (0, 0)
    bid_multiple: ClassVar[int] = 5

    def ipo_rounds(self, state: GameState) -> dict[str, int]:
        """The stock round of each corporation's IPO."""
        return record(state, "ipo_round")

    # ------------------------------------------------------------- the IPO
    def par_choices(self, state: GameState, company: Company) -> tuple[int, ...]:
        """No `par`: corporations start by IPO auction (facts §3)."""
        return ()

    def cmd_par(self, state: GameState, cmd: c.Par) -> None:
        raise Refusal(
            f"{self.title_name} starts a corporation by an IPO auction: write its result "
            f"`ipo PLAYER CORP PRICE SIZE [PRIVATE...] [by NOMINATOR]` ({self.r('ipo')})"
        )

    def par_for(self, state: GameState, price: int) -> int:
        """The index of the cell at or below half ``price`` (facts §3, O1)."""
        market = state.market
        assert isinstance(market, ZonedRow)
        cells = [i for i, v in enumerate(market.values) if not market.zones[i] and 2 * v <= price]
        return cells[-1]

    def cmd_ipo(self, state: GameState, cmd: c.Ipo) -> None:
        """``ipo``: the result of an IPO auction (facts §3)."""
        rule = self.r("ipo")
        nominator = self._stock_turn(state, cmd.nominator or cmd.player, "ipo")
        winner = self.player_name(state, cmd.player)
        company = self.corp(state, cmd.corp)
        if company.launched:
            raise Refusal(f"{company.id} has already been started ({rule})")
        if self.acting_for(state) is not None or state.turn_bought:
            raise Refusal(f"{nominator} has acted this turn ({self.r('turn')})")
        low, high = self.bid_range
        if not low <= cmd.price <= high or cmd.price % self.bid_multiple:
            raise Refusal(
                f"an IPO bid is {self.money(low)} to {self.money(high)} in multiples of "
                f"{self.money(self.bid_multiple)} ({rule})"
            )
        sizes = self.sizes_by_phase[state.phase]
        if cmd.size not in sizes:
            offered = " or ".join(map(str, sizes))
            raise Refusal(
                f"in phase {state.phase} a corporation starts with {offered} shares "
                f"({self.r('sizes')})"
            )
        limit = self.cert_limit(state)
        for who in dict.fromkeys((nominator, winner)):
            if self.cert_count(state, who) + 1 > limit:
                raise Refusal(
                    f"{who} is at the certificate limit of {limit} ({self.r('cert_limit')})"
                )
        privates = [state.company(self.company_id(state, w)) for w in cmd.privates]
        for private in privates:
            if private.kind != "private" or private.owner != winner or private.closed:
                raise Refusal(f"{private.id} is not a private {winner} holds ({rule})")
        if len({p.id for p in privates}) != len(privates):
            raise Refusal(f"a private is named twice ({rule})")
        face = sum(p.value for p in privates)
        if face > cmd.price:
            raise Refusal(
                f"the privates' face {self.money(face)} is more than the bid "
                f"{self.money(cmd.price)} ({rule})"
            )
        cash = state.ledger.player(winner).cash
        if cash < cmd.price - face:
            raise Refusal(
                f"{winner} has {self.money(cash)} and privates of {self.money(face)} named: "
                f"{self.money(cmd.price)} is more ({rule})"
            )
        self._start(state, winner, company, cmd.price, cmd.size, privates)
        self._after_purchase(state, nominator, company, "ipo")

    def _start(
        self,
        state: GameState,
        winner: str,
        company: Company,
        price: int,
        size: int,
        privates: list[Company],
    ) -> None:
        rule = self.r("ipo")
        cid = company.id
        face = sum(p.value for p in privates)
        self.issue_certificates(company, size)
        pres = company.certificates[0]
        state.ledger.move_certificate(company, pres, winner, f"wins the IPO ({rule})")
        company.launched = True
        index = self.par_for(state, price)
        market = state.market
        assert isinstance(market, ZonedRow)
        market.place_at(cid, index)
        company.value = market.values[index]
        state.ledger.events.append(
            PriceMoved(
                company=cid,
                before=None,
                after=company.value,
                reason=f"par: the cell at or below half of {self.money(price)} ({rule})",
            )
        )
        paid = f"{self.money(price - face)} in cash"
        if privates:
            paid += ", " + ", ".join(f"{p.id} at {self.money(p.value)}" for p in privates)
        state.ledger.transfer(
            winner,
            cid,
            price - face,
            f"{winner} starts {cid} at {self.money(price)}: {paid} ({rule})",
        )
        why = f"contributed at face ({rule})"
        for private in privates:
            private.owner = cid
            state.ledger.events.append(
                PrivateMoved(company=private.id, source=winner, target=cid, reason=why)
            )
        state.ledger.events.append(
            PresidentChanged(
                company=cid, before=None, after=winner, reason=f"winner of its IPO ({rule})"
            )
        )
        self.ipo_rounds(state)[cid] = state.round_number
        extra = sum(1 for p in privates if p.id == self.extra_station_private)
        self.owe_stations(state, company, size, extra)

    # ------------------------------------------------------------- acting for a corporation
    def acting_for(self, state: GameState) -> str | None:
        who = state.extra.get("acting_for")
        return str(who) if who else None

    def acting_for_refusal(self, state: GameState, player: str) -> str | None:
        cid = self.acting_for(state)
        if cid is None or state.current_player != player:
            return None
        return f"{player} acts for {cid} this turn: the whole turn ({self.r('company_action')})"

    def _corporate_turn(self, state: GameState, company: Company, verb: str) -> str:
        """The president on turn acting for ``company`` in a stock round."""
        rule = self.r("company_action")
        president = company.president()
        if president is None:
            raise Refusal(f"{company.id} has no president ({rule})")
        player = self._stock_turn(state, president, verb)
        if state.turn_sold:
            raise Refusal(
                f"{player} has sold this turn: acting for {company.id} is a whole turn ({rule})"
            )
        acting = self.acting_for(state)
        if acting not in (None, company.id):
            raise Refusal(f"{player} acts for {acting} this turn ({rule})")
        # 1817 facts §4 (R 5.6): the corporation must be outside the zones when its
        # president's turn for it begins; the loans of that turn may take it into the
        # acquisition zone, whether written on one line or several (`loan X 3`, `loan X 2`
        # is `loan X 5`). The public implementation checks no zone for these loans at all.
        zone = self.zone(state, company.id) if acting is None else ""
        if zone:
            raise Refusal(f"{company.id} is in the {zone} zone ({self.r('zones')})")
        return player

    def stock_round_loans(self, state: GameState, company: Company, n: int) -> None:
        """``loan CORP [N]`` as the president's stock turn: no interest is due for them."""
        player = self._corporate_turn(state, company, "loan")
        if state.turn_bought and state.turn_bought[-1][1] != "loan":
            raise Refusal(
                f"{company.id} has bought shares back: no loan after ({self.r('company_action')})"
            )
        self.take_loans(state, company, n, f", {player} acting for it")
        state.extra["acting_for"] = company.id
        state.turn_bought.append((company.id, "loan"))
        state.last_actor = player
        state.consecutive_passes = 0

    def cmd_redeem(self, state: GameState, cmd: c.Redeem) -> None:
        """``redeem CORP N``: shares bought back from the market at the price (facts §4)."""
        company = self.launched(state, cmd.corp)
        rule = self.r("company_action")
        if state.round_kind != "SR":
            raise Refusal(f"a corporation buys shares back in a stock round ({rule})")
        player = self._corporate_turn(state, company, "redeem")
        zone = self.zone(state, company.id)  # type: ignore[attr-defined]
        if zone:  # no buy-back in the zones, even after this turn's loans (facts §4)
            raise Refusal(f"{company.id} is in the {zone} zone ({self.r('zones')})")
        held = self.shares(company, POOL)
        if cmd.count > held:
            raise Refusal(
                f"the market holds {held} {company.id} share{'s' if held != 1 else ''} ({rule})"
            )
        price = state.price(company.id)
        if company.cash < price * cmd.count:
            raise Refusal(f"{company.id} has {self.money(company.cash)} ({rule})")
        certs = [x for x in company.certs_of(POOL) if not x.president][: cmd.count]
        state.ledger.transfer(
            company.id,
            BANK,
            price * cmd.count,
            f"{counted(cmd.count, f'{company.id} share')} bought back from the "
            f"{self.pool_name} at {self.money(price)} ({rule})",
        )
        for cert in certs:
            state.ledger.move_certificate(company, cert, company.id, f"bought back ({rule})")
        state.turn_bought.append((company.id, "redeem"))
        state.last_actor = player
        state.extra["acting_for"] = None
        self._end_stock_turn(state, player, bought=True)

    def _close_open_turn(self, state: GameState, player: str) -> None:
        """A line of another player ends a turn spent taking loans for a corporation."""
        current = state.current_player
        if self.acting_for(state) and state.round_kind == "SR" and current not in (None, player):
            assert current is not None
            state.extra["acting_for"] = None
            self._end_stock_turn(state, current, bought=True)
            return
        super()._close_open_turn(state, player)

    def _end_stock_turn(self, state: GameState, player: str, *, bought: bool) -> None:
        state.extra["acting_for"] = None
        super()._end_stock_turn(state, player, bought=bought)

    def may_sell(self, state: GameState, player: str, company: Company) -> str | None:
        """Not in its IPO stock round, nor in a turn acting for a corporation."""
        ipo_round = self.ipo_rounds(state).get(company.id)
        if ipo_round == state.round_number and state.round_kind == "SR":
            return (
                f"{company.id} was started in this stock round: its shares may be sold from "
                f"the next one ({self.r('sell_after')})"
            )
        return super().may_sell(state, player, company) or self.acting_for_refusal(state, player)

    def _can_move(self, state: GameState, player: str) -> bool:
        """An IPO to open or a corporation to act for, asked first (the cheap answer)."""
        return self.other_purchase_possible(state, player) or super()._can_move(state, player)

    def other_purchase_possible(self, state: GameState, player: str) -> bool:
        """An IPO to open, or a corporation of his to act for."""
        unstarted = False
        for co in state.ledger.companies.values():  # plain loops: asked after every turn
            if co.kind != "corporation" or co.closed:
                continue
            if not co.launched:
                unstarted = True
            elif co.president() == player and self.loan_room(state, co) > 0:
                return True
        if not unstarted or self.cert_count(state, player) >= self.cert_limit(state):
            return False
        power = state.ledger.player(player).cash
        for co in state.ledger.companies.values():
            if co.kind == "private" and co.owner == player and not co.closed:
                power += co.value
        return power >= self.bid_range[0]

    @staticmethod
    def offered_sets(held: list[Company]) -> list[list[Company]]:
        """The sets of a winner's privates ``l`` offers with an IPO: each alone, and all
        of them (every set is the engine's, facts §3, but they are 2**n - 1: ``p``'s last
        list offers each set; seventeenth keys round: ``l`` offered the nominator's first
        private alone)."""
        sets = [[co] for co in held]
        return [*sets, held] if len(held) > 1 else sets

    def stock_candidates(self, state: GameState) -> list[c.Command]:
        """IPO results, loans and buy-backs worth offering to the player on turn: every
        corporation not yet started (the first three were, so the UI's ``l`` offered no
        IPO of the others; sixteenth keys round), won by any player (the nominator or
        another: facts §3), with each of the winner's privates or all of them (it offered
        the first other player alone, and the nominator's first private; seventeenth keys
        round)."""
        player = state.current_player
        if state.round_kind != "SR" or player is None:
            return []
        out: list[c.Command] = []
        others = [p.name for p in self.active_players(state) if p.name != player]
        held: dict[str, list[Company]] = {name: [] for name in (player, *others)}
        for co in state.ledger.companies.values():
            if co.kind == "private" and co.owner in held and not co.closed:
                held[co.owner].append(co)
        unstarted = [co.id for co in state.ledger.corporations() if not co.launched]
        low = self.bid_range[0]
        for cid in unstarted:
            for size in self.sizes_by_phase[state.phase]:
                for price in (low, low + 60, low + 140):
                    out.append(c.Ipo(player=player, corp=cid, price=price, size=size))
                for winner, own in held.items():
                    by = None if winner == player else player
                    if by is not None:
                        out.append(
                            c.Ipo(player=winner, corp=cid, price=low, size=size, nominator=by)
                        )
                    for part in self.offered_sets(own):
                        face = sum(co.value for co in part)
                        price = max(low, -(-face // self.bid_multiple) * self.bid_multiple)
                        ids = tuple(co.id for co in part)
                        out.append(
                            c.Ipo(
                                player=winner,
                                corp=cid,
                                price=price,
                                size=size,
                                privates=ids,
                                nominator=by,
                            )
                        )
        for co in state.ledger.corporations():
            if co.launched and co.president() == player:
                out.append(c.Loan(corp=co.id, count=1))
                out.append(c.Redeem(corp=co.id, count=1))
        return out
