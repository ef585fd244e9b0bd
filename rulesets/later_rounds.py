"""Rounds a title plays in a later step: passed over by name (1817 facts §8, §9, §10).

A title may be built in steps (1817: the stock and operating rounds first; the merger and
acquisition rounds, shorts and conversions later).  The commands of the later steps are
refused by name (:attr:`LaterRounds.later_steps`), and the rounds that follow each
operating round (:attr:`LaterRounds.later_rounds`) are a pause: an operating round ended
by ``done``, with some corporation started, stops there with a line saying so; the
next line begins the next round (checks and notes do not: they read the round just
played, its interest rate included), and a line of another round passes through the
pause at once.

State (``state.extra``): ``ma_round`` (paused after an operating round), ``done_ends_or``
(while a ``done`` is applied).
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.state import GameState
from moderator.text import capital
from rulesets.base import Receipt
from rulesets.operating import OperatingRound

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


class LaterRounds(OperatingRound):
    """Commands of a later step refused by name; a pause for the rounds after an OR."""

    later_steps: ClassVar[dict[str, str]] = {}
    """Verb -> what it belongs to (``convert``: "the merger and conversion round (facts §9,
    R 7.1.1)")."""
    later_rounds: ClassVar[str] = ""
    """The rounds after each operating round that a later step plays (``""``: none)."""

    def cmd_later(self, state: GameState, cmd: c.Later) -> None:
        """Commands of the later steps, refused by name."""
        what = self.later_steps.get(cmd.verb, cmd.verb)
        raise Refusal(f"`{cmd.verb}` belongs to {what}, {self.unplayed(state)}")

    @staticmethod
    def unplayed(state: GameState) -> str:
        """The one wording of rounds and commands a game saved at an earlier rules level
        does not play (1817's merger and acquisition rounds before levels 12 and 13)."""
        return f"not played in this game (saved at rules level {state.rules_level})"

    def after_operating_round(self, state: GameState) -> None:
        """After an operating round ended by ``done``: the pause for the later rounds."""
        if (
            self.later_rounds
            and state.extra.get("done_ends_or")
            and any(co.launched for co in state.ledger.corporations())
        ):
            # nothing to do in them yet; the OR's rate holds, the next round (its private
            # income) waits for a line
            state.extra["ma_round"] = True
            self.note(state, self.pause_note(state))
            return
        super().after_operating_round(state)

    def pause_note(self, state: GameState) -> str:
        """The line that says the game pauses after the operating round."""
        return (
            f"{capital(self.later_rounds)} {state.round_number}.{state.or_number}: "
            f"{self.unplayed(state)}; the next round begins with its first line"
        )

    def ma_line(self, state: GameState, cmd: c.Command) -> bool:
        """Whether ``cmd`` is a line of the rounds after the operating round that a step
        already plays (1817: the merger round's, :mod:`rulesets.merger_round`)."""
        return False

    def cmd_done(self, state: GameState, cmd: c.Done) -> None:
        """``done``: a round ended by it pauses for the later rounds (a line of another
        round passes through them at once)."""
        state.extra["done_ends_or"] = True
        try:
            super().cmd_done(state, cmd)
        finally:
            state.extra.pop("done_ends_or", None)

    def apply(self, state: GameState, cmd: c.Command) -> Receipt | None:
        """A line after the pause begins the next round (checks and notes do not)."""
        if (
            state.extra.get("ma_round")
            and not isinstance(cmd, c.Expect | c.Note)
            and not self.ma_line(state, cmd)
        ):
            self.leave_ma_round(state)
        return super().apply(state, cmd)

    def leave_ma_round(self, state: GameState) -> None:
        """The next operating round or stock round begins."""
        state.extra["ma_round"] = False
        super().after_operating_round(state)

    def candidates(self, state: GameState) -> list[c.Command]:
        """In the pause: what the next round offers (any line begins it)."""
        if state.extra.get("ma_round"):
            trial = state.clone()
            self.leave_ma_round(trial)
            return self.candidates(trial)
        return super().candidates(state)

    def next_actor(self, state: GameState) -> str | None:
        """In the pause: who acts first in the next round."""
        if state.extra.get("ma_round"):
            trial = state.clone()
            self.leave_ma_round(trial)
            return super().next_actor(trial)
        return super().next_actor(state)
