"""The train exported at the end of each set of operating rounds (18Chesapeake facts §7).

When a set of operating rounds ends, the next train in the bank leaves the game if its
type is one a title exports (18Chesapeake: a 2, 3 or 4); no money moves, and exporting
the first train of a type starts its phase exactly as buying it would (rusting, private
closings, train limits, the operating rounds of the next set).  The tool journals nothing
extra: the export follows from the rounds, and the line it shows says which train left
and which phase began.  A title lists :attr:`TrainExport.exported_cards` and names the
rule under ``export`` in its ``rule_numbers``.
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
        phase = self.card_phase[train.card]
        if self.phases.index(phase) > self.phases.index(state.phase):
            self._set_phase(state, phase, f"the first {train.card}-train was exported ({rule})")

    def after_operating_round(self, state: GameState) -> None:
        """The last operating round of a set: the export, then what follows."""
        last = state.or_number is not None and state.or_number >= state.ors_in_set
        if last and not state.bank_broken and not state.ended:
            self.export_train(state, "at the end of the set of operating rounds")
        super().after_operating_round(state)
