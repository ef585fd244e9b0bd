"""An opening sale of privates written by its results (1817 facts §1).

The table runs the auctions; the banker writes each result, ``private PLAYER PRIVATE
PRICE``, and each chooser's ``pass PLAYER``.  The winner pays his bid to the bank; below
the private's face the bank's seed money covers the rest (a counter: no money moves for
it), never more than is left.  Who chooses next is fixed by the results: the chooser
moves one seat left after each result and after each pass, so the tool knows whose pass
it is.  When every private is sold, or every player has passed in a row, the sale is
over: unsold privates leave the game (journaled), the player who would choose next holds
the priority, and the first stock round begins.

State (``state.extra["sale"]``): ``chooser``, ``passes`` in a row, ``seed`` left.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import CompanyClosed, Noted, Passed, PrivateMoved
from moderator.ledger import BANK
from moderator.state import GameState
from rulesets.stock import StockRound, seat_order_from

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


class SaleByResult(StockRound):
    """Privates sold by written results, with seed money, before the first stock round."""

    seed_money: ClassVar[int] = 0
    bid_multiple: ClassVar[int] = 5

    def sale(self, state: GameState) -> dict[str, object]:
        """The opening sale's record (made at setup by :meth:`open_sale`)."""
        record = state.extra["sale"]
        assert isinstance(record, dict)
        return record

    def open_sale(self, state: GameState) -> None:
        """Setup: the first player chooses first; the whole seed money is left."""
        state.extra["sale"] = {
            "chooser": state.ledger.players[0].name,
            "passes": 0,
            "seed": self.seed_money,
            "over": False,
        }

    def unsold(self, state: GameState) -> list[str]:
        """Privates not yet sold, as printed."""
        return [
            co.id
            for co in state.ledger.companies.values()
            if co.kind == "private" and co.owner is None and not co.closed and not co.removed
        ]

    def _advance(self, state: GameState) -> None:
        record = self.sale(state)
        chooser = str(record["chooser"])
        record["chooser"] = seat_order_from(state.ledger.players, chooser)[0].name

    def cmd_private(self, state: GameState, cmd: c.PrivateResult) -> None:
        """``private PLAYER PRIVATE PRICE``: one auction's result."""
        rule = self.r("private_sale")
        if state.round_kind != "setup" or self.sale(state)["over"]:
            raise Refusal(f"the opening sale of the privates is over ({rule})")
        player = self.player_name(state, cmd.player)
        private = state.company(self.company_id(state, cmd.private))
        if private.kind != "private":
            raise Refusal(f"{private.id} is not a private company ({rule})")
        if private.owner is not None or private.closed:
            raise Refusal(f"{private.id} is already sold ({rule})")
        if cmd.price is None:
            raise Refusal(f"write the winning bid: `private {player} {private.id} PRICE` ({rule})")
        price = cmd.price
        record = self.sale(state)
        seed = int(record["seed"])  # type: ignore[call-overload]
        lowest = max(0, private.value - seed)
        if price % self.bid_multiple:
            raise Refusal(f"bids are multiples of {self.money(self.bid_multiple)} ({rule})")
        if price < lowest:
            raise Refusal(
                f"{private.id}'s lowest bid is {self.money(lowest)}: its face "
                f"{self.money(private.value)} less the {self.money(seed)} seed money left "
                f"({self.r('seed_money')})"
            )
        cash = state.ledger.player(player).cash
        if price > cash:
            raise Refusal(
                f"{player} has {self.money(cash)}, cannot bid {self.money(price)} ({rule})"
            )
        state.ledger.transfer(player, BANK, price, f"wins {private.id} ({rule})")
        private.owner = player
        state.ledger.events.append(
            PrivateMoved(company=private.id, source=None, target=player, reason=f"bought ({rule})")
        )
        covered = max(0, private.value - price)
        if covered:
            record["seed"] = seed - covered
            state.ledger.events.append(
                Noted(
                    text=f"The seed money covers {self.money(covered)} of {private.id}'s face; "
                    f"{self.money(seed - covered)} is left ({self.r('seed_money')})"
                )
            )
        record["passes"] = 0
        self._advance(state)
        if not self.unsold(state):
            self._end_sale(state)

    def cmd_pass(self, state: GameState, cmd: c.Pass) -> None:
        """``pass PLAYER``: in the sale, the chooser puts up no private; later, as ever."""
        if state.round_kind == "setup":
            self.sale_pass(state, cmd)
            return
        super().cmd_pass(state, cmd)

    def sale_pass(self, state: GameState, cmd: c.Pass) -> None:
        """``pass PLAYER`` in the sale: the chooser puts up no private."""
        rule = self.r("private_sale")
        if self.sale(state)["over"]:
            raise Refusal(f"the opening sale of the privates is over ({rule})")
        player = self.player_name(state, cmd.player)
        record = self.sale(state)
        if player != record["chooser"]:
            raise Refusal(f"it is {record['chooser']}'s choice in the opening sale ({rule})")
        state.ledger.events.append(Passed(player=player))
        record["passes"] = int(record["passes"]) + 1  # type: ignore[call-overload]
        self._advance(state)
        if int(record["passes"]) >= len(state.ledger.players):  # type: ignore[call-overload]
            self._end_sale(state)

    def _end_sale(self, state: GameState) -> None:
        """Unsold privates leave; the chooser holds the priority; the stock round begins."""
        rule = self.r("private_sale")
        record = self.sale(state)
        for pid in self.unsold(state):
            co = state.company(pid)
            co.closed = True
            state.ledger.events.append(
                CompanyClosed(
                    company=pid, reason=f"unsold in the opening sale: out of the game ({rule})"
                )
            )
        record["over"] = True
        state.priority = str(record["chooser"])
        StockRound.begin_from_setup(self, state)

    def next_actor(self, state: GameState) -> str | None:
        """In the sale: the chooser, whose `pass` the tool expects."""
        if state.round_kind == "setup" and not state.ended and not self.sale(state)["over"]:
            return str(self.sale(state)["chooser"])
        return super().next_actor(state)

    def sale_candidates(self, state: GameState) -> list[c.Command]:
        """Results worth offering in the sale: each unsold private to each player at its
        lowest bid and at face; the chooser's pass.  Every unsold private, so that the
        list of every legal command (the UI's ``l``) names each: it offered the first
        four, and ``l private Cat mail`` spelled the Minor Mail Contract's name, MAIL not
        being listed (sixteenth keys round)."""
        record = self.sale(state)
        if state.round_kind != "setup" or record["over"]:
            return []
        seed = int(record["seed"])  # type: ignore[call-overload]
        out: list[c.Command] = [c.Pass(player=str(record["chooser"]))]
        for pid in self.unsold(state):
            face = state.company(pid).value
            for price in sorted({max(0, face - seed), face}):
                out.extend(
                    c.PrivateResult(player=p.name, private=pid, price=price)
                    for p in state.ledger.players
                )
        return out

    def begin_from_setup(self, state: GameState) -> None:
        """A stock-round line during the sale is refused: the sale ends by its results."""
        if not self.sale(state)["over"]:
            left = ", ".join(self.unsold(state))
            raise Refusal(
                f"the opening sale is not over: {left} unsold; write `private PLAYER PRIVATE "
                f"PRICE` or `pass {self.sale(state)['chooser']}` ({self.r('private_sale')})"
            )
        StockRound.begin_from_setup(self, state)
