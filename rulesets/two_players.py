"""A share set for few players: a bigger president's certificate and shares leaving the game
(18Chesapeake's two-player variant, facts §12 = rules §13).

Four mechanisms, each a title may take (18Chesapeake takes all four with two players):

- **A bigger president's certificate** (§13.1): a corporation's president's certificate is
  30% in place of 20% and one 10% is left out, so eight certificates still make 100%
  (:meth:`TwoPlayerShares.set_president_certificate`, at setup).  Its par costs three times
  the par; a new president gives 30% for it and a president's sale keeps him at 30% unless
  another player holds 30% to take it (the stock round's :meth:`president_units`).
- **Unsold shares to the pool at floating** (§13.2): when a corporation floats, every share
  still unsold goes to the pool, one line for the table to mirror; no share is bought from
  the unsold ones after that.
- **A share leaving the game with each pool purchase by a non-president** (§13.3): a player
  who buys a share from the pool of a corporation he is not president of (before the
  purchase) takes it, and one more share of that corporation leaves the pool for good: a
  line for the table to mirror, journaled with the purchase's events.  With no other share
  in the pool nothing more leaves (the rules' text was not read; 18xx.games then removes the
  bought share instead and the purchase is void, which no table would play: the banker's
  reading).
- **Sold out = none in the pool** (§13.3): at the end of a stock round a floated
  corporation with no share in the pool moves up (the shares that left the game do not
  count).

A title sets :attr:`TwoPlayerShares.short_set_players` (the player count the variant is
played with) and names the rules ``big_president``, ``float_to_pool``, ``pool_removal`` and
``pool_sold_out`` in its ``rule_numbers``.
"""

from __future__ import annotations

from moderator.events import Noted
from moderator.ledger import POOL, SCRAP, Certificate, Company
from moderator.state import GameState
from rulesets.base import ReceiptLine, keep_next_methods
from rulesets.capital import FullCapitalisation
from rulesets.engine import Engine
from rulesets.grid import GridRules

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar

RULE_KEYS = ("big_president", "float_to_pool", "pool_removal", "pool_sold_out")
"""The ``rule_numbers`` keys a title playing the short share set names."""


class TwoPlayerShares(FullCapitalisation, GridRules, Engine):
    """The short share set with :attr:`short_set_players` players."""

    short_set_players: ClassVar[int] = 0
    """The number of players the variant is played with (0: never)."""
    big_president: ClassVar[int] = 30
    """The president's certificate in the variant, in percent."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        """The title's next method after each of these hooks, found once a class: the
        tool's questions after every turn, purchases and runs ask them, where ``super()``
        would walk the title's long order of classes each time, for a game that most often
        does not play the variant."""
        super().__init_subclass__(**kwargs)
        keep_next_methods(
            cls,
            TwoPlayerShares,
            _check_sell_otherwise="check_sell",
            _no_share_otherwise="no_share_left",
            _check_par_otherwise="check_par",
            _check_float_otherwise="check_float",
            _buy_share_otherwise="_buy_share",
            _sold_out_otherwise="sold_out",
            _dividend_lines_otherwise="extra_dividend_lines",
        )

    def short_set(self, state: GameState) -> bool:
        """Whether this game plays the variant."""
        return len(state.ledger.players) == self.short_set_players

    def variant_note(self, state: GameState) -> str | None:
        """The form's word on the variant (the sections cited through the rule table)."""
        if not self.short_set(state):
            return None
        return (
            f"{len(state.ledger.players)} players: {self.big_president}% president's "
            f"certificates ({self.r('big_president')}); a share leaves the game with each "
            f"{self.pool_name} purchase by a non-president ({self.r('pool_removal')})"
        )

    def set_president_certificate(self, state: GameState, cid: str, percent: int) -> None:
        """``cid``'s unsold certificates anew: a ``percent`` president's certificate and
        10% ones to make 100% (at setup, before any is sold: §13.1)."""
        company = state.company(cid)
        assert all(x.holder == cid for x in company.certificates), cid
        company.certificates = [Certificate(percent, president=True, holder=cid)] + [
            Certificate(10, holder=cid) for _ in range((100 - percent) // 10)
        ]

    def president_units(self, company: Company) -> int:
        """The size of the president's certificate as printed on it (30% in the variant)."""
        certificates = company.certificates
        # asked for every corporation not launched after every stock turn: the president's
        # certificate is made first (family1830's setup, set_president_certificate)
        if certificates and certificates[0].president:
            return certificates[0].percent // 10
        for cert in certificates:
            if cert.president:
                return cert.percent // 10
        return 2

    def _cite_big(self, why: str | None, company: Company, key: str) -> str | None:
        """A refusal about the president's certificate names §13.1 too when it is 30%."""
        if why is None or "president's certificate" not in why:
            return why
        if self.president_units(company) * 10 != self.big_president:
            return why
        rule = self.r(key)
        return why.replace(f"({rule})", f"({rule}; {self.r('big_president')})")

    keeps_stock_refusals: ClassVar[bool] = True  # check_par below only words a refusal

    def check_par(self, state: GameState, player: str, company: Company, price: int) -> str | None:
        """§13.1: the 30% certificate costs three times the par."""
        why: str | None = self._check_par_otherwise(state, player, company, price)  # type: ignore[attr-defined]
        return why if why is None else self._cite_big(why, company, "par_cost")

    def check_sell(
        self, state: GameState, player: str, company: Company, n: int, *, protect: str | None = None
    ) -> str | None:
        """§13.1: a 30% certificate goes only to a player holding 30%."""
        why: str | None = self._check_sell_otherwise(  # type: ignore[attr-defined]
            state, player, company, n, protect=protect
        )
        return why if why is None else self._cite_big(why, company, "president_sale")

    def no_share_left(self, state: GameState, company: Company, source: str) -> str:
        """§13.2: a floated corporation has no unsold share left: they went to the pool
        (the refusal alone: the finding of a share is the stock round's)."""
        if source == "ipo" and self.short_set(state) and self.floated(state, company.id):
            return (
                f"{company.id}'s unsold shares went to the {self.pool_name} when it "
                f"floated: buy from the {self.pool_name} ({self.r('float_to_pool')})"
            )
        return self._no_share_otherwise(state, company, source)  # type: ignore[attr-defined, no-any-return]

    def check_float(self, state: GameState, company: Company) -> None:
        """§13.2: the shares still unsold go to the pool when the corporation floats."""
        if not self.short_set(state):
            self._check_float_otherwise(state, company)  # type: ignore[attr-defined]
            return
        was = self.floated(state, company.id)
        self._check_float_otherwise(state, company)  # type: ignore[attr-defined]
        if was or not self.floated(state, company.id):
            return
        rule = self.r("float_to_pool")
        unsold = company.certs_of(company.id)
        for cert in unsold:
            state.ledger.move_certificate(company, cert, POOL, f"unsold at floating ({rule})")
        if unsold:  # the purchase's own lines hold the certificates: this one is the bank's
            state.ledger.events.append(
                Noted(
                    text=f"{company.id}'s {10 * len(unsold)}% still unsold goes to the "
                    f"{self.pool_name} ({rule})"
                )
            )

    def _buy_share(self, state: GameState, player: str, company: Company, source: str) -> None:
        """§13.3: a pool share bought by a player who is not the president takes one more
        share of the corporation out of the pool and out of the game."""
        removes = source == "pool" and self.short_set(state) and company.president() != player
        self._buy_share_otherwise(state, player, company, source)  # type: ignore[attr-defined]
        if not removes:
            return
        rule = self.r("pool_removal")
        cert = next((x for x in company.certs_of(POOL) if not x.president), None)
        if cert is None:
            state.ledger.events.append(
                Noted(
                    text=f"No other {company.id} share is in the {self.pool_name}: none "
                    f"leaves the game ({rule})"
                )
            )
            return
        why = f"{player}, not {company.id}'s president, bought one there: one more leaves ({rule})"
        state.ledger.move_certificate(company, cert, SCRAP, why)

    def sold_out(self, state: GameState, company: Company) -> str | None:
        """§13.3: sold out = floated with none in the pool (shares out of the game do not
        count; unsold ones went to the pool at floating, so this is also the usual count)."""
        if not self.short_set(state):
            return self._sold_out_otherwise(state, company)  # type: ignore[attr-defined, no-any-return]
        if not self.floated(state, company.id) or company.holder_percent(POOL):
            return None
        return f"none in the {self.pool_name} ({self.r('pool_sold_out')})"

    def extra_dividend_lines(
        self, state: GameState, company: Company, per_share: int
    ) -> list[ReceiptLine]:
        """The shares out of the game are paid nobody: their part stays in the bank (none
        leaves it outside the variant, §13.3: the certificates are not counted then)."""
        lines: list[ReceiptLine] = self._dividend_lines_otherwise(state, company, per_share)  # type: ignore[attr-defined]
        if not self.short_set(state):
            return lines
        units = company.holder_percent(SCRAP) // 10
        if not units:
            return lines
        money = self.money(units * per_share)
        why = f"{money} stays in the bank ({self.r('pool_removal')})"
        return [*lines, ReceiptLine("out of game", units, 0, why)]

    def company_json(self, state: GameState, entry: dict[str, Any]) -> None:
        """Each corporation's president's certificate and the percent out of the game."""
        super().company_json(state, entry)
        company = state.company(entry["id"])
        if company.kind == "corporation":
            entry["president_percent"] = 10 * self.president_units(company)
            entry["out_of_game"] = company.holder_percent(SCRAP)
