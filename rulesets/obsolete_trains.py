"""Obsolete trains that still count for the train limit (1817 facts §13).

A phase may make a type obsolete (1817: the 2+ on the first 4), not rust it: an obsolete
train still counts for the train limit, runs once more and leaves the game after that
run.  A corporation over the limit may give up an obsolete train as the one it loses: it
leaves the game, where a train that is not obsolete goes to the market as ever.  The
phases, their limits and what becomes obsolete when are the title's tables
(:attr:`rulesets.trains.TrainDepot.phase_out`); the rules are ``discard`` and
``phase_out``.  (1846's phased-out trains count for no limit: its own hooks.)
"""

from __future__ import annotations

from moderator import commands as c
from moderator.ledger import Company
from moderator.state import GameState
from rulesets.base import Receipt
from rulesets.operating import OperatingRound
from rulesets.trains import TrainDepot


class ObsoleteTrains(OperatingRound, TrainDepot):
    """Obsolete trains: counted for the limit, run once more, may be given up."""

    def counted_trains(self, company: Company) -> int:
        """Obsolete trains still count for the limit."""
        return len(company.trains)

    def cmd_discard(self, state: GameState, cmd: c.Discard) -> None:
        """Over the limit an obsolete train, which counts toward it, may be the one given
        up: it leaves the game."""
        company = self.corp(state, cmd.corp)  # type: ignore[attr-defined]
        name = cmd.train.upper()
        trains = [t for t in company.trains if t.name == name]
        over = self.counted_trains(company) > self.train_limit(state)
        if over and trains and all(t.phased_out for t in trains):
            rule = self.r("discard")
            self._scrap_trains(
                state, company, trains[:1], f"obsolete, given up over the limit ({rule})"
            )
            return
        super().cmd_discard(state, cmd)

    def after_run(self, state: GameState, company: Company, plan: Receipt) -> None:
        """Obsolete trains leave once they have run."""
        gone = [t for t in company.trains if t.phased_out]
        self._scrap_trains(state, company, gone, f"obsolete, ran its last ({self.r('phase_out')})")
        super().after_run(state, company, plan)

    def candidates(self, state: GameState) -> list[c.Command]:
        """Over the limit, obsolete trains may be given up too."""
        out = super().candidates(state)
        for co in self.over_limit(state):
            for name in dict.fromkeys(t.name for t in co.trains if t.phased_out):
                out.append(c.Discard(corp=co.id, train=name))
        return out
