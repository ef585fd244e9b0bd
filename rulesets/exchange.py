"""A private company exchanged by its owning player for a corporation's 10% share.

1830's Mohawk & Hudson (Table 1 note 3: an NYC 10% from the initial offering or the bank
pool) and 1889's Dougo Railway (facts §2: an Iyo Railway 10% from the IPO only) are one
mechanism: ``exchange PLAYER PRIVATE [ipo|pool]``, at any time between other commands
once every private is sold, not a purchase; the private closes, the share counts toward
its holder's limits and toward the corporation's float.  A title lists its exchanges in
:attr:`PrivateExchange.exchanges`.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.ledger import POOL
from moderator.state import GameState
from rulesets.stock import StockRound

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

    from moderator.ledger import Company


class ExchangeRule(c.Record):
    """One private's exchange: the corporation whose 10% it becomes, where that share may
    come from (in the order tried), the most percent of it the owner may hold before, and
    the rule to cite.  (A record, not a ``NamedTuple``, whose class is compiled from text
    at import: issue 41.)"""

    corp: str
    sources: tuple[str, ...]
    below_percent: int
    rule: str


class PrivateExchange(StockRound):
    """``exchange PLAYER PRIVATE [SOURCE]``: the privates listed in :attr:`exchanges`."""

    exchanges: ClassVar[dict[str, ExchangeRule]] = {}
    """Private id -> its exchange."""

    def cmd_exchange(self, state: GameState, cmd: c.Exchange) -> None:
        """The private for a 10% of its corporation; it closes (1830 Table 1 note 3, 23.2;
        1889 facts §2).  Not during the opening sale: no stock is on sale before every
        private is sold (1830 8.0)."""
        private = state.company(self.company_id(state, cmd.private))
        player = self.player_name(state, cmd.player)
        rule = self.exchanges.get(private.id)
        if rule is None and not self.exchanges:
            # 18Chesapeake facts §2: none of its privates is exchanged for a share
            raise Refusal(
                f"{private.id} is not exchanged: no {self.title} private is exchanged for a "
                f"share ({self.r('private_sale')})"
            )
        if rule is None:
            named = " or ".join(self.exchanges)
            rules = ", ".join(dict.fromkeys(x.rule for x in self.exchanges.values()))
            raise Refusal(f"{private.id} is not exchanged; {named} is ({rules})")
        why, pid = rule.rule, private.id
        if self.sale_open(state):  # type: ignore[attr-defined]
            rules = f"{self.r('corporation')}, {why}"
            raise Refusal(f"{pid} is exchanged once every private is sold ({rules})")
        if private.closed or private.owner != player:
            raise Refusal(f"{player} does not own {pid} ({why})")
        corp = state.company(rule.corp)
        unlimited = self.zone_lifts_exchange_limit(state, corp)
        if corp.holder_percent(player) >= rule.below_percent and not unlimited:
            raise Refusal(f"{player} already holds {rule.below_percent}% of {corp.id} ({why})")
        if cmd.source is not None and cmd.source not in rule.sources:
            raise Refusal(
                f"{pid} is exchanged for one {corp.id} share from the {self.ipo_name} ({why})"
            )
        unsold = any(not x.president for x in corp.certs_of(corp.id))
        source = cmd.source or ("ipo" if unsold or len(rule.sources) == 1 else "pool")
        holder = corp.id if source == "ipo" else POOL
        cert = next((x for x in corp.certs_of(holder) if not x.president), None)
        if cert is None:
            where = self.ipo_name if source == "ipo" else self.pool_name
            raise Refusal(f"no {corp.id} 10% is left in the {where} ({why})")
        self._close_private(  # type: ignore[attr-defined]
            state,
            private,
            f"exchanged for 10% of {corp.id} ({why})",  # never "a IR 10%"
        )
        state.ledger.move_certificate(corp, cert, player, f"for {pid} ({why})")
        self._presidency_after_gain(state, corp, player)
        self.after_share_bought(state, player, corp)

    def zone_lifts_exchange_limit(self, state: GameState, corp: Company) -> bool:
        """Whether the corporation's market zone lifts the exchange's holding test: where
        its shares are held without limit, as for a purchase (1889 facts §1, §2, §4: the
        orange zone; engine `holding_ok?`).  1830 keeps Table 1 note 3's own test."""
        return state.market.zone(corp.id) in getattr(self, "unlimited_zones", "")  # type: ignore[attr-defined,no-any-return]

    def exchange_candidates(self, state: GameState) -> list[c.Command]:
        """The exchanges open now, for the tool's offers."""
        out: list[c.Command] = []
        for pid, rule in self.exchanges.items():
            private = state.ledger.companies.get(pid)
            if private is None or private.closed or not private.owner:
                continue
            if state.ledger.is_player(private.owner):
                out += [
                    c.Exchange(player=private.owner, private=pid, source=s) for s in rule.sources
                ]
        return out
