"""Trains exported by the bank between operating rounds (18Chesapeake facts §7; 1817
facts §8 step 3, R 6.11).

When a set of operating rounds ends, the next train in the bank leaves the game if its
type is one a title exports (18Chesapeake: a 2, 3 or 4); or, in a title that exports
after every operating round (:attr:`TrainExport.export_each_round`, 1817), the next
train whatever its type, every train of its type at once while it is one of
:attr:`TrainExport.exported_together` (1817: the 2s), an unlimited type refilled.  No
money moves, and exporting the first train of a type starts its phase exactly as buying
it would (rusting, private closings, train limits, the operating rounds of the next
set).  The tool journals nothing extra: the export follows from the rounds, and the line
it shows says which train left and which phase began.  A title lists
:attr:`TrainExport.exported_cards` (or sets :attr:`TrainExport.export_each_round`) and
names the rule under ``export`` in its ``rule_numbers``.
"""

from __future__ import annotations

from moderator.events import TrainMoved
from moderator.ledger import SCRAP
from moderator.state import GameState
from rulesets.operating import OperatingRound
from rulesets.trains import TrainDepot

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


class TrainExport(OperatingRound, TrainDepot):
    """Exports the bank's next train at the end of each set of operating rounds."""

    exported_cards: ClassVar[tuple[str, ...]] = ()
    """The train types exported (others stay in the bank)."""
    export_each_round: ClassVar[bool] = False
    """The next train leaves after every operating round, whatever its type (1817)."""
    exported_together: ClassVar[tuple[str, ...]] = ()
    """Types whose trains all leave at once while they are next (1817: the 2s)."""

    def export_train(self, state: GameState, when: str) -> None:
        """The next train in the bank leaves the game, if of an exported type; its phase
        starts if it is the first of its type (``when``: the moment, for the line)."""
        if not state.depot or state.depot[0].card not in self.exported_cards:
            return
        train = state.depot.pop(0)
        rule = self.r("export")
        state.ledger.events.append(
            TrainMoved(
                train=train.card, source="bank", target=SCRAP, reason=f"exported {when} ({rule})"
            )
        )
        self._exported_phase(state, train.card, rule)

    def export_round_trains(self, state: GameState) -> None:
        """After an operating round: the next train leaves (all of its type if exported
        together; an unlimited type is refilled), shown as one line."""
        rule = self.r("export")
        if not state.depot:
            return
        card = state.depot[0].card
        together = card in self.exported_together
        gone = [t for t in state.depot if t.card == card] if together else [state.depot[0]]
        for train in gone:
            state.depot.remove(train)
        self.note(
            state, f"{len(gone)} {card}-train{'s' if len(gone) > 1 else ''} exported ({rule})"
        )
        if card == self.unlimited_card:
            state.depot.append(self._new_train(state, card, ""))
        self._exported_phase(state, card, rule)

    def _exported_phase(self, state: GameState, card: str, rule: str) -> None:
        """The first train of a type exported starts its phase."""
        phase = self.card_phase[card]
        if self.phases.index(phase) > self.phases.index(state.phase):
            self._set_phase(state, phase, f"the first {card}-train was exported ({rule})")

    def after_operating_round(self, state: GameState) -> None:
        """The last operating round of a set (or any, :attr:`export_each_round`): the
        export, then what follows."""
        if self.export_each_round:
            self.export_round_trains(state)
        else:
            last = state.or_number is not None and state.or_number >= state.ors_in_set
            if last and not state.bank_broken and not state.ended:
                self.export_train(state, "at the end of the set of operating rounds")
        super().after_operating_round(state)
