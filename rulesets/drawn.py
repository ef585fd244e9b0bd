"""A president's certificate drawn at setup that comes with a private (18Chesapeake's
Cornelius Vanderbilt, facts §0, §2).

Setup draws one corporation; the private :attr:`DrawnPresident.drawn_private` carries its
president's certificate: its first buyer receives it and announces the par at once, free
(the sale's :meth:`rulesets.family1830.Family1830.private_sold`), and the private closes when that
corporation buys its first train.  The draw is journaled as ``vanderbilt CORP`` right after
the ``game`` line; when the banker writes another line first, the tool draws and journals
it (:meth:`DrawnPresident.setup_draw`, called by :meth:`moderator.game.Game.execute`).
The title names the rule under ``drawn``.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import Noted
from moderator.lazy import lazy_module
from moderator.state import GameState
from rulesets.base import Receipt, keep_next_methods
from rulesets.family1830 import Family1830, FreeCertificate

random = lazy_module("random")  # only for the draw the tool makes (issue 41)

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar

_BEFORE_DRAW = ("vanderbilt", "note", "expect", "adjust")
"""What may come before the draw."""


class DrawnPresident(Family1830):
    """``vanderbilt CORP``: the corporation whose president's certificate comes with
    :attr:`drawn_private`."""

    drawn_private: ClassVar[str] = ""

    def corporation_name(self, cid: str) -> str:
        """The corporation as the rules write it (``B&O``)."""
        return cid

    def drawn(self, state: GameState) -> str | None:
        """The corporation drawn, ``None`` before the draw."""
        return state.extra.get("drawn")  # type: ignore[return-value]

    def setup_draw(self, state: GameState, cmd: c.Command) -> c.Command | None:
        """The draw the tool makes when the first line is not it (a fresh random choice:
        the journal keeps the result)."""
        if self.drawn(state) is not None or cmd.kind in _BEFORE_DRAW:
            return None
        return c.Vanderbilt(corp=random.SystemRandom().choice([x for x, _ in self.corporations]))

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        keep_next_methods(
            cls, DrawnPresident, _apply_after_draw="apply", _free_otherwise="free_corporation"
        )

    def apply(self, state: GameState, cmd: c.Command) -> Receipt | None:
        # the draw read in place, not through drawn(), and the next apply of the title's
        # order found once a class (:meth:`__init_subclass__`), not by super(): asked
        # before every command
        if state.extra.get("drawn") is None and cmd.kind not in _BEFORE_DRAW:
            raise Refusal(
                f"the corporation that comes with {self.drawn_private} is drawn first: "
                f"`vanderbilt CORP` ({self.r('drawn')})"
            )
        return self._apply_after_draw(state, cmd)  # type: ignore[attr-defined, no-any-return]

    def cmd_vanderbilt(self, state: GameState, cmd: c.Vanderbilt) -> None:
        """Records the draw (before anything else)."""
        rule = self.r("drawn")
        if self.drawn(state) is not None:
            raise Refusal(f"the draw was made at setup: {self.drawn(state)} ({rule})")
        corp = self.corp(state, cmd.corp)
        state.extra["drawn"] = corp.id
        state.ledger.events.append(
            Noted(
                text=f"{self.corporation_name(corp.id)}'s president's certificate comes with "
                f"{self.drawn_private}: its buyer announces its par, free ({rule})"  # one name
            )
        )

    def next_actor(self, state: GameState) -> str | None:
        """Nobody before the draw: the next line is ``vanderbilt CORP`` (tenth keys round:
        the header named the first player, whose lines the engine refuses before it)."""
        if state.extra.get("drawn") is None:
            return None
        return super().next_actor(state)

    def free_corporation(self, state: GameState, cid: str) -> bool:
        # the title's next answer found once a class, as apply's: asked for every
        # corporation not launched after every stock turn
        return cid == state.extra.get("drawn") or self._free_otherwise(state, cid)  # type: ignore[attr-defined, no-any-return]

    def president_with(self, state: GameState, pid: str) -> FreeCertificate | None:
        return dict(self.drawn_presidents(state)).get(pid) or super().president_with(state, pid)

    def drawn_presidents(self, state: GameState) -> tuple[tuple[str, FreeCertificate], ...]:
        cid = self.drawn(state)
        if cid is None:
            return ()
        name = self.corporation_name(cid)
        return (
            (self.drawn_private, FreeCertificate(cid, name, self.drawn_private, self.r("drawn"))),
        )

    def private_certificates(self, private: object) -> int:
        pid = getattr(private, "id", "")
        return super().private_certificates(private) + (pid == self.drawn_private)  # type: ignore[arg-type]

    def first_train_closes_now(self, state: GameState) -> dict[str, str]:
        """The drawn corporation's first train closes the private (facts §2)."""
        cid = self.drawn(state)
        own = super().first_train_closes_now(state)
        return own if cid is None else {**own, self.drawn_private: cid}

    def title_json(self, state: GameState) -> dict[str, object]:
        return {**super().title_json(state), "drawn": self.drawn(state)}

    def title_candidates(self, state: GameState) -> list[c.Command]:
        if self.drawn(state) is None:
            return [c.Vanderbilt(corp=cid) for cid, _ in self.corporations]
        return super().title_candidates(state)
