"""Privates dealt one to each player at face value instead of an opening sale.

1889's beginner game (facts §12): the privates in play are dealt at random, one a player,
and each pays its face value to the bank; the first stock round then starts without an
auction.  The table deals the cards; the banker writes ``private PLAYER PRIVATE`` for each
player, in any order, before any stock-round line.  A title with an opening sale
(:class:`rulesets.auction.PrivateAuction`) mixes :class:`DealtPrivates` in and names the
option in :attr:`DealtPrivates.dealt_option`; its ``rule_numbers`` give ``beginner``.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import PrivateMoved
from moderator.ledger import BANK
from moderator.state import GameState
from rulesets.auction import PrivateAuction

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


class DealtPrivates(PrivateAuction):
    """With :attr:`dealt_option`, ``private PLAYER PRIVATE`` replaces the opening sale."""

    dealt_option: ClassVar[str] = ""
    """The ``game`` line's option that deals the privates."""

    def dealt(self, state: GameState) -> list[str] | None:
        """The privates still to deal, or ``None`` in a game without the deal."""
        return state.extra.get("deal")  # type: ignore[return-value]

    def open_sale(self, state: GameState) -> None:
        super().open_sale(state)
        options = state.extra.get("options") or []
        if self.dealt_option and self.dealt_option in options:  # type: ignore[operator]
            self.sale(state)["unsold"] = []
            privates = [co for co in state.ledger.companies.values() if co.kind == "private"]
            state.extra["deal"] = [co.id for co in privates]

    def _stock_turn(self, state: GameState, word: str, verb: str) -> str:
        """Every private is dealt before the first stock round's first line."""
        left = state.extra.get("deal")  # dealt(), read in place: every stock line asks
        if left:
            raise Refusal(
                f"the privates are dealt first: `private PLAYER PRIVATE` for {', '.join(left)} "
                f"({self.r('beginner')})"
            )
        return super()._stock_turn(state, word, verb)

    def cmd_private(self, state: GameState, cmd: c.PrivateResult) -> None:
        """``private PLAYER PRIVATE``: the private dealt to the player, paid at face value."""
        rule = self.r("beginner")
        left = self.dealt(state)
        if not left:
            raise Refusal(f"no private is dealt in this game or none is left ({rule})")
        player = self.player_name(state, cmd.player)
        private = state.company(self.company_id(state, cmd.private))
        if private.id not in left:
            raise Refusal(f"{private.id} is not a private left to deal ({', '.join(left)}; {rule})")
        if any(
            co.owner == player for co in state.ledger.companies.values() if co.kind == "private"
        ):
            raise Refusal(f"{player} already has his private: one a player ({rule})")
        if cmd.price is not None and cmd.price != private.value:
            raise Refusal(
                f"a dealt private is paid at face value, {self.money(private.value)} ({rule})"
            )
        state.ledger.transfer(
            player, BANK, private.value, f"{player} pays for {private.id} ({rule})"
        )
        private.owner = player
        left.remove(private.id)
        state.ledger.events.append(
            PrivateMoved(company=private.id, source=BANK, target=player, reason=f"dealt ({rule})")
        )

    def next_actor(self, state: GameState) -> str | None:
        """While the privates are dealt: the first player, in the order the game line seats
        them, who has none yet.  The deal has no order (the table deals the cards); the
        banker writes them round the table, so that player's line is the one expected
        next, as 1853's bonds (facts §12 says nothing more).  Then as every title."""
        if self.dealt(state):
            owners = {co.owner for co in state.ledger.companies.values() if co.kind == "private"}
            return next((p.name for p in state.ledger.players if p.name not in owners), None)
        return super().next_actor(state)  # type: ignore[no-any-return]

    def deal_json(self, state: GameState) -> list[str] | None:
        """The privates still to deal (``None``: no deal in this game)."""
        left = self.dealt(state)
        return None if left is None else list(left)

    def title_candidates(self, state: GameState) -> list[c.Command]:
        left = self.dealt(state)
        if not left:
            return super().title_candidates(state)  # type: ignore[no-any-return]
        owners = {co.owner for co in state.ledger.companies.values() if co.kind == "private"}
        return [
            c.PrivateResult(player=p.name, private=pid)
            for p in state.ledger.players
            if p.name not in owners
            for pid in left
        ]
