"""Terrain costs printed on the map (1830 18.0: $80 for a hex divided by water, $120 for a
mountain; 1889 facts §3: ¥80; 18Chesapeake facts §3: $40 for a river, $80 for a
mountain): a ``spend CORP AMOUNT terrain`` line is one of them.

The map stays on the table, so the tool cannot tell which hex a tile went on; it checks
only that the amount is one the map prints.  Two charges in one turn (a private's extra
tile on a second terrain hex) are two lines.  A ``spend`` line without ``terrain`` is not
checked.  Games saved before the rules level of the title's :attr:`TerrainCosts.terrain_fix`
took any terrain line.

A title whose track costs add up (1846 6.48: $20 a lay or the hex's terrain, whichever is
greater, plus the bridge, pass and tunnel hexsides the track completes, less a private's or
the IC's $20) sets :attr:`TerrainCosts.track_step` instead: a ``tile`` or ``terrain`` line
is then a multiple of it (from the rules level of :attr:`TerrainCosts.track_fix`).

A title whose map costs are not known but whose tile lays a turn are (1847 Pfalz 11.2.6,
RRRR&B 12.2.1: two in the yellow phase, one later) answers :meth:`TerrainCosts.terrain_lays`:
a terrain cost is paid for a tile laid, so a turn holds no more ``terrain`` lines than that
(from the rules level of :attr:`TerrainCosts.lays_fix`).
"""

from __future__ import annotations

from moderator.errors import Refusal
from moderator.fixes import follows
from rulesets.base import Ruleset

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

    from moderator import commands as c
    from moderator.state import GameState

TERRAIN_LINES = "terrain_lines"
"""``state.extra`` key: ``[round, OR, company, n]``, the ``terrain`` lines paid in a turn
(:meth:`TerrainCosts.terrain_lays`)."""

RULE_KEYS = ("terrain",)
"""The ``rule_numbers`` key a title with printed terrain costs names (1830: ``18.0``)."""


class TerrainCosts(Ruleset):
    """``spend CORP AMOUNT terrain`` checked against the map's printed costs."""

    terrain_costs: ClassVar[dict[int, str]] = {}
    """Each printed terrain cost and what it is paid for (1830: 80 water, 120 mountain)."""
    terrain_fix: ClassVar[str] = ""
    """The rules fix (moderator.fixes) from which the title checks terrain lines."""
    track_step: ClassVar[int] = 0
    """Every track charge of the title is a multiple of this (1846 6.48: $20); 0: unchecked."""
    track_costs: ClassVar[str] = ""
    """The title's track charges in a banker's words, said when a line is refused."""
    track_fix: ClassVar[str] = ""
    """The rules fix from which ``tile`` and ``terrain`` lines are multiples of the step."""
    lays_fix: ClassVar[str] = ""
    """The rules fix from which a turn's ``terrain`` lines are counted (:meth:`terrain_lays`)."""

    def terrain_lays(self, state: GameState) -> tuple[int, str] | None:
        """The tiles a company may lay in this turn that can cost terrain, with the rule
        that says so; ``None``: not counted (the default)."""
        return None

    def cmd_spend(self, state: GameState, cmd: c.Spend) -> None:
        """``spend``: a ``terrain`` line pays one of the map's printed terrain costs."""
        if (
            cmd.purpose == "terrain"
            and self.terrain_costs
            and cmd.amount not in self.terrain_costs
            and follows(state, self.terrain_fix)
        ):
            said = " or ".join(
                f"{self.money(cost)} ({what})" for cost, what in sorted(self.terrain_costs.items())
            )
            raise Refusal(
                f"terrain on the map costs {said}, not {self.money(cmd.amount)} "
                f"({self.r('terrain')}); two charges are two lines"
            )
        step = self.track_step
        if (
            step
            and cmd.purpose in ("tile", "terrain")
            and cmd.amount % step
            and follows(state, self.track_fix)
        ):
            raise Refusal(
                f"{self.track_costs}: every charge is a multiple of {self.money(step)}, not "
                f"{self.money(cmd.amount)} ({self.r('terrain')})"
            )
        lays = self._check_lays(state, cmd)
        super().cmd_spend(state, cmd)  # type: ignore[misc]
        if lays is not None:
            state.extra[TERRAIN_LINES] = lays

    def _check_lays(self, state: GameState, cmd: c.Spend) -> list[object] | None:
        """Refuse a ``terrain`` line beyond the turn's tile lays (:meth:`terrain_lays`);
        return the turn's count with it, to be kept once the line is paid."""
        if cmd.purpose != "terrain" or not self.lays_fix or not follows(state, self.lays_fix):
            return None
        allowed = self.terrain_lays(state)
        if allowed is None:
            return None
        most, rule = allowed
        turn = [state.round_number, state.or_number, state.operating]
        held = state.extra.get(TERRAIN_LINES)
        paid = int(held[3]) if isinstance(held, list) and held[:3] == turn else 0
        if paid >= most:
            tiles = "one tile" if most == 1 else f"{most} tiles"
            raise Refusal(
                f"{state.operating} may lay {tiles} this turn ({rule}) and has paid terrain "
                f"{paid} time{'s' if paid != 1 else ''}: a terrain cost is paid for a tile laid "
                f"({self.r('terrain')}), so no more this turn"
            )
        return [*turn, paid + 1]
