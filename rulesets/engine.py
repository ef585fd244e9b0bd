"""The shared rules engine: one base game that the titles fill in.

:class:`Engine` puts the shared mechanisms together: the stock round
(:mod:`rulesets.stock`), the operating round (:mod:`rulesets.operating`) and the
train depot (:mod:`rulesets.trains`), plus the game end and the state JSON of
the contract.  A title module subclasses it with its tables and the hooks where
its rulebook differs, each named after its rule.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import Noted
from moderator.ledger import POOL, Company
from moderator.state import GameState
from rulesets.base import Receipt, ScoreItem
from rulesets.operating import OperatingRound
from rulesets.stock import StockRound
from rulesets.trains import TrainDepot

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any

_AFTER_THE_END = (c.Expect, c.Note)
"""Commands accepted once the game has ended."""
_NOT_STOPPED_BY_TRAINS = (c.Expect, c.Note, c.Discard, c.Adjust)
"""Commands a company over its train limit does not hold up (a tuple made once: a union
``c.Expect | c.Note`` written in :meth:`Engine.apply` was made again for every command)."""


class Engine(StockRound, OperatingRound, TrainDepot):
    """A title on the shared engine: tables plus the hooks its rulebook needs."""

    # ------------------------------------------------------------- dispatch
    def apply(self, state: GameState, cmd: c.Command) -> Receipt | None:
        state.extra["stock_rounds_started"] = 0
        if state.ended and not isinstance(cmd, _AFTER_THE_END):
            why = f": {state.end_reason}" if state.end_reason else ""  # its own rule: flat
            raise Refusal(
                f"the game has ended; only checks and notes are accepted "
                f"({self.r('game_end')}){why}"
            )
        if not state.ended and not isinstance(cmd, _NOT_STOPPED_BY_TRAINS):
            over = self.over_limit(state)
            if over:
                co = over[0]
                raise Refusal(
                    f"{co.id} holds {self.counted_trains(co)} trains over the limit of "
                    f"{self.train_limit(state)}: `discard {co.id} TYPE` first ({self.r('discard')})"
                )
        return super().apply(state, cmd)

    # ------------------------------------------------------------- game end
    def _end_game(self, state: GameState, reason: str) -> None:
        """The game is over; each player's score is fixed."""
        state.ended = True
        state.end_reason = reason
        state.operating = None
        state.current_player = None
        state.result = {p.name: self.player_value(state, p.name) for p in state.ledger.players}
        state.ledger.events.append(Noted(text=f"The game ends: {reason}."))

    def score_price(self, state: GameState, company: Company) -> int | None:
        """What one share of ``company`` scores at, ``None`` when it scores nothing."""
        if company.launched and not company.closed and state.market.has(company.id):
            return state.price(company.id)
        return None

    def private_score(self, state: GameState, private: Company) -> tuple[int | None, str]:
        """What a private held by a player scores, and the rule (``None``: it does not)."""
        return None, f"privates are not scored ({self.r('game_end')})"

    def excluded_score(self, state: GameState, name: str) -> list[ScoreItem]:
        """Money of a player's that the score leaves out (1853: bonds), shown as excluded."""
        return []

    def score_items(self, state: GameState, name: str) -> list[ScoreItem]:
        """A player's score line by line: cash, shares at their price, privates, exclusions."""
        items = [ScoreItem("cash", "cash", state.ledger.player(name).cash)]
        for co in state.ledger.corporations():
            held = self.shares(co, name)
            price = self.score_price(state, co) if held else None
            if held and price is not None:
                items.append(ScoreItem("shares", co.id, held * price, count=held, price=price))
        for co in state.ledger.companies.values():
            if co.kind != "corporation" and co.owner == name and not co.closed and not co.removed:
                value, note = self.private_score(state, co)
                items.append(
                    ScoreItem(
                        "private",
                        co.id,
                        value or 0,
                        price=value or 0,
                        counted=value is not None,
                        note=note,
                    )
                )
        return items + self.excluded_score(state, name)

    def player_value(self, state: GameState, name: str) -> int:
        """The score (game_end rule): the sum of the counted :meth:`score_items`."""
        return sum(i.value for i in self.score_items(state, name) if i.counted)

    # ------------------------------------------------------------- views
    def title_json(self, state: GameState) -> dict[str, Any]:
        """A title's own keys in the state JSON (default: none)."""
        return {}

    def company_json(self, state: GameState, entry: dict[str, Any]) -> None:
        """A title's own keys for one company of the state JSON (default: none)."""

    def depot_json(self, state: GameState) -> list[dict[str, Any]]:
        """What the bank sells now, each variant with its price."""
        return [
            {"train": name, "price": price, "returned": train in state.returned}
            for train in self.all_trains(state)
            for name, price in self.train_variants[train.card]
        ]

    def next_phase_json(self, state: GameState) -> dict[str, Any] | None:
        """What the next card of the depot will start, if it starts a phase."""
        if not state.depot:
            return None
        card = state.depot[0].card
        phase = self.card_phase[card]
        if phase == state.phase:
            return None
        return {
            "card": card,
            "phase": phase,
            "train_limit": self.train_limits[phase],
            "phases_out": [
                n for c in self.phase_out.get(phase, ()) for n, _ in self.train_variants[c]
            ],
            "rusts": [n for c in self.rust.get(phase, ()) for n, _ in self.train_variants[c]],
            "effects": self.phase_notes(phase),
        }

    def state_json(self, state: GameState) -> dict[str, Any]:
        ledger = state.ledger
        players = []
        for p in ledger.players:
            shares = {
                co.id: co.holder_percent(p.name)
                for co in ledger.companies.values()
                if co.kind == "corporation" and not co.closed and co.holder_percent(p.name)
            }
            privates = [
                co.id
                for co in ledger.companies.values()
                if co.kind != "corporation" and co.owner == p.name and not co.closed
            ]
            players.append(
                {
                    "name": p.name,
                    "cash": p.cash,
                    "value": self.player_value(state, p.name),
                    "shares": shares,
                    "privates": privates,
                    "certificates": self.cert_count(state, p.name),
                    "bankrupt": p.bankrupt,
                }
            )
        companies = []
        for co in ledger.companies.values():
            if co.removed:
                continue
            in_play = not (co.kind != "corporation" and co.owner is None and not co.closed)
            entry: dict[str, Any] = {
                "id": co.id,
                "kind": co.kind,
                "name": co.name,
                "cash": co.cash,
                "price": state.price(co.id) if state.market.has(co.id) else None,
                "president": co.president() if co.kind == "corporation" else None,
                "ipo": co.holder_percent(co.id) if co.kind == "corporation" else 0,
                "pool": co.holder_percent(POOL) if co.kind == "corporation" else 0,
                "trains": [t.name for t in co.trains],
                "phased_out": [t.name for t in co.trains if t.phased_out],
                "privates": [
                    x.id for x in ledger.companies.values() if x.owner == co.id and not x.closed
                ],
                "owner": co.owner,
                "closed": co.closed,
                "launched": co.launched,
                "operated": co.operated,
                "value": co.value,
                "debt": co.debt,
                "income": co.income,
                "in_play": in_play,
            }
            self.company_json(state, entry)
            companies.append(entry)
        remaining: dict[str, int] = {}
        for train in state.depot:
            remaining[train.card] = remaining.get(train.card, 0) + 1
        data: dict[str, Any] = {
            "title": self.title,
            "title_name": self.title_name,
            "variant": bool(state.extra.get("variant", False)),
            "round": {
                "kind": "SR" if state.round_kind == "setup" else state.round_kind,
                "number": state.round_number,
                "or": state.or_number,
                "setup": state.round_kind == "setup",
            },
            "phase": state.phase,
            "bank": self.bank_json(state),
            "players": players,
            "companies": companies,
            "ended": state.ended,
            "result": state.result,
            "end_reason": state.end_reason,
            "ranking": self.ranking(state),
            "priority": state.priority,
            "turn": state.current_player if state.round_kind == "SR" else state.operating,
            "to_act": self.next_actor(state),
            # the acting company first, then those still to operate
            "operating_order": (
                ([state.operating] if state.operating else []) + self.operating_order(state)
                if state.round_kind == "OR"
                else []
            ),
            "cert_limit": self.cert_limit(state),
            "train_limit": self.train_limit(state),
            # a company over the limit discards before any other line is taken (the header
            # names it: the operating company's lines are refused until then)
            "discard_first": self._discard_first(state),
            "market": state.market.to_json(),
            "depot": self.depot_json(state),
            "depot_remaining": remaining,
            "pool_trains": self.pool_train_names(state),
            "next_phase": self.next_phase_json(state),
            "package": [],
            "package_open": False,
            "total_cash": ledger.total_cash(),
            "starting_total": ledger.starting_total,
        }
        if self.sell_after_buy:
            # who acts once the open turn closes (1830 4.0: the next player's line closes it)
            data["next_player"] = self.player_after_turn(state)
        data.update(self.title_json(state))
        return data

    def _discard_first(self, state: GameState) -> dict[str, Any] | None:
        """The companies over the train limit, whose ``discard`` comes before any other
        line, and the rule (``None`` when none is)."""
        over = [] if state.ended else self.over_limit(state)
        if not over:
            return None
        return {"companies": [co.id for co in over], "rule": self.r("discard")}

    # ------------------------------------------------------------- who acts
    def next_actor(self, state: GameState) -> str | None:
        """Who the next line is expected from: the company operating, or the player whose
        stock turn (or sale, or auction) it is; ``None`` when nobody is (the game has
        ended, a setup step any player may take).  The one source of the screen's "to
        act" and of the player whose ``pass`` the ``x`` key gives (issue 37.3).

        A turn that bought and stays open only for more sales (:attr:`sell_after_buy`,
        1830 4.0) is the next player's to act: his line closes it.  A turn that sold
        and bought nothing yet is still its player's (he may buy; his ``pass`` closes
        it, 4.0).  Before the first stock round (1846's privates dealt, 1847 Pfalz's box
        values given) it is who opens that round, tried on a copy (1847 AE 3.3: the
        last seat)."""
        if state.ended:
            return None
        if state.round_kind == "OR":
            return state.operating
        if state.round_kind == "setup":
            trial = state.clone()
            try:
                self.begin_from_setup(trial)
            except Refusal:
                return None
            return trial.current_player if trial.round_kind == "SR" else None
        if state.turn_bought:
            following = self.player_after_turn(state)
            if following is not None:
                return following
        return state.current_player

    # ------------------------------------------------------------- offers
    def title_candidates(self, state: GameState) -> list[c.Command]:
        """A title's own commands worth offering now (default: none)."""
        return []

    def candidates(self, state: GameState) -> list[c.Command]:
        """Plausible commands for the acting player or company; the game filters by the rules."""
        out: list[c.Command] = []
        if state.ended:
            return out
        over = self.over_limit(state)
        if over:
            for co in over:
                for t in dict.fromkeys(t.name for t in co.trains if not t.phased_out):
                    out.append(c.Discard(corp=co.id, train=t))
            return out
        corps = list(state.ledger.corporations())
        if state.round_kind in ("setup", "SR"):
            player = state.current_player or state.priority
            if state.round_kind == "setup":
                # who opens the first stock round, tried on a copy (the priority holder may
                # be passed at once: 1846's player left without cash by the privates; his
                # lines were offered, and the `p` or `b` of the player named to act refused)
                player = Engine.next_actor(self, state) or player
            if player is None:
                return out
            out.extend(self.title_candidates(state))
            # an open turn (a purchase or sale made, 1830 4.0) and the next player's, whose
            # line closes it
            following = self.player_after_turn(state)
            for name in (player, following) if following else (player,):
                for co in corps:
                    if co.launched:
                        out.append(c.Buy(player=name, corp=co.id, source="ipo"))
                        out.append(c.Buy(player=name, corp=co.id, source="pool"))
                        for n in range(1, co.holder_percent(name) // 10 + 1):
                            out.append(c.Sell(player=name, corp=co.id, count=n))
                    else:
                        out.extend(
                            c.Par(player=name, corp=co.id, price=p)
                            for p in self.par_choices(state, co)
                        )
                out.append(c.Pass(player=name))
            return out
        cid = state.operating
        if cid is None:
            return out
        company = state.company(cid)
        if not state.ran:
            out.append(c.Run(company=cid, revenue=0))
        out.extend(self.title_candidates(state))
        if company.kind == "corporation":
            for name, _, _ in self.available_variants(state):
                out.append(c.BuyTrain(corp=cid, train=name))
            for name in sorted(set(self.pool_train_names(state))):
                out.append(c.BuyTrain(corp=cid, train=name, source="pool"))
            for other in corps:
                if other.id != cid:
                    for t in dict.fromkeys(t.name for t in other.trains if not t.phased_out):
                        out.append(c.BuyTrain(corp=cid, train=t, source=other.id, price=1))
            president = company.president()
            if president and president != POOL and self._forced_purchase(state) is not None:
                for co in corps:
                    for n in range(1, co.holder_percent(president) // 10 + 1):
                        out.append(c.Sell(player=president, corp=co.id, count=n))
                out.append(c.Bankrupt(player=president))
        out.append(c.Done(company=cid))
        return out
