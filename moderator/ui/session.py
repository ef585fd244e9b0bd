"""The UI's handle on a game: cached views of the core, nothing more.

:class:`Session` wraps a :class:`~moderator.game.Game` and caches, per
change of the game, the state JSON and the list of legal commands so the
screen can ask for them on every repaint and every ``check_action`` without
asking the core twice.  It never decides what the rules allow: that is
``Game.try_command`` / ``Game.legal_commands``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from moderator import commands as c
from moderator.errors import SaveError
from moderator.events import Event
from moderator.game import Game, Outcome
from moderator.journal import Entry
from moderator.narrate import Effects
from moderator.script import format_command
from moderator.text import money
from moderator.ui import style
from moderator.ui.keys import round_kind


class UndoFailed(Exception):
    """An undo, redo or rewind that could not be done; the message says why (the game
    is left as it was)."""


QUIET_ACCOUNTS = {"bank", "pool", "reserve", "scrap", "depot", "market"}
"""Accounts that are not rows on screen (the bank is shown on its own)."""


def _keyed(items: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    return {item[key]: item for item in items}


def differences(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    """Ids of the players, companies and panels whose figures differ between two
    state JSONs (undo, redo and rewind have no events of their own to read).

    Like :func:`touched`, only used to highlight; a player's share cells are
    marked through the ids of the corporations whose percentages changed.
    """
    out: set[str] = set()
    old_players = _keyed(before.get("players", []), "name")
    for player in after.get("players", []):
        old = old_players.get(player["name"])
        if old == player:
            continue
        out.add(player["name"])
        if old is not None:
            shares, old_shares = player.get("shares", {}), old.get("shares", {})
            out.update(
                cid
                for cid in set(shares) | set(old_shares)
                if shares.get(cid) != old_shares.get(cid)
            )
    old_companies = _keyed(before.get("companies", []), "id")
    for co in after.get("companies", []):
        if old_companies.get(co["id"]) != co:
            out.add(co["id"])
    if before.get("bank", {}).get("cash") != after.get("bank", {}).get("cash"):
        out.add("bank")
    if before.get("phase") != after.get("phase"):
        out.add("phase")
    if before.get("depot") != after.get("depot"):
        out.add("depot")
    if before.get("market") != after.get("market"):
        out.add("market")
    return out


def touched(events: tuple[Event, ...] | list[Event]) -> set[str]:
    """Ids of the players, companies and panels an outcome's events changed.

    Only used to highlight what moved; the figures themselves come from the state.
    """
    out: set[str] = set()
    for event in events:
        data = event.model_dump()
        kind = data.get("kind", "")
        if kind in ("turn", "round", "note"):
            continue
        for key in ("source", "target", "company", "who", "player"):
            value = data.get(key)
            if isinstance(value, str) and value:
                if value.lower() in QUIET_ACCOUNTS:
                    if value.lower() == "bank":
                        out.add("bank")
                    continue
                out.add(value)
        if kind in ("phase_changed", "phase"):
            out.add("phase")
        if "train" in kind:
            out.add("depot")
        if "price" in kind:
            out.add("market")
    return out


@dataclass
class Session:
    """A game plus the cached views the screen reads (see module docstring)."""

    game: Game
    version: int = 0
    """Bumped on every change of the game (command, undo, redo, rewind)."""
    listeners: list[Callable[[], None]] = field(default_factory=list, repr=False)
    """Called after every change of the game (the table view is told at once)."""
    _data: dict[str, Any] | None = field(default=None, repr=False)
    _legal: list[c.Command] | None = field(default=None, repr=False)
    _legal_lines: list[str] | None = field(default=None, repr=False)
    _forecasts: dict[str, Effects | str] = field(default_factory=dict, repr=False)
    _candidates: list[c.Command] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        style.use_title(self.game.title)  # the title's own liveries (moderator.palette)

    # ------------------------------------------------------------ views
    @property
    def data(self) -> dict[str, Any]:
        """The spec's state JSON of the current state (cached)."""
        if self._data is None:
            self._data = self.game.state_json()
            self._interest_paid(self._data)
        return self._data

    def _interest_paid(self, data: dict[str, Any]) -> None:
        """1817 (facts §6): each corporation's ``interest_paid`` in an operating round, the
        engine's own record (``interest_paid``), so the screen tells the interest a
        corporation will owe at its turn's end from the interest it has paid."""
        paid = getattr(self.game.ruleset, "interest_paid", None)
        if paid is None or data["round"].get("kind") != "OR":
            return
        for co in data.get("companies", []):
            if "loans" in co:
                co["interest_paid"] = bool(paid(self.game.state, co["id"]))

    @property
    def currency(self) -> str:
        """The title's currency sign."""
        return self.game.ruleset.currency

    def legal(self) -> list[c.Command]:
        """Commands the rules accept now (cached until the game changes)."""
        if self._legal is None:
            self._legal = self.game.legal_commands()
        return self._legal

    def legal_lines(self) -> list[str]:
        """The legal commands as banker-script lines (cached like :meth:`legal`)."""
        if self._legal_lines is None:
            self._legal_lines = [self.line(cmd) for cmd in self.legal()]
        return self._legal_lines

    def legal_of(self, *kinds: type[c.Command]) -> list[c.Command]:
        """The legal commands of the given command classes."""
        return [cmd for cmd in self.legal() if isinstance(cmd, kinds)]

    def reason(self, cmd: c.Command) -> str | None:
        """Why the rules refuse ``cmd`` now, or ``None`` if they accept it."""
        return self.game.try_command(cmd)

    @property
    def round_kind(self) -> str:
        """``setup``, ``SR`` or ``OR`` (:func:`moderator.ui.keys.round_kind`)."""
        return round_kind(self.data)

    @property
    def acting(self) -> str | None:
        """The player (stock round) or company (operating round) to act: the engine's
        ``to_act`` (issue 37.3), which the header shows and ``x`` passes."""
        if "to_act" in self.data:
            return self.data["to_act"]
        turn = self.data.get("turn")
        if turn is None and self.round_kind != "OR":
            return self.data.get("priority")
        return turn

    def company(self, cid: str) -> dict[str, Any] | None:
        """The state JSON entry of a company."""
        return next((co for co in self.data["companies"] if co["id"] == cid), None)

    def money(self, amount: int | str | None) -> str:
        """An amount as players read it (:func:`moderator.text.money`: ``$1,100``, ``-$5``),
        blank for None."""
        return "" if amount is None else money(self.currency, amount)

    # ------------------------------------------------------------ changes
    def changed(self) -> None:
        """Forget the cached views (the game changed) and tell the :attr:`listeners`."""
        self.version += 1
        self._data = None
        self._legal = None
        self._legal_lines = None
        self._forecasts = {}
        self._candidates = None
        for listener in self.listeners:
            listener()

    def execute(self, line_or_cmd: str | c.Command) -> Outcome:
        """Send one command to the game (which validates and autosaves it)."""
        outcome = self.game.execute(line_or_cmd)
        if outcome.ok and outcome.journaled:
            self.changed()
        return outcome

    def undo(self) -> str | None:
        """Take back the last command; its script line, or ``None`` when there is none.

        Raises:
            UndoFailed: the save could not be written (the game is unchanged).
        """
        try:
            entry = self.game.undo()
        except (OSError, SaveError) as exc:
            self.changed()  # nothing should have changed; read the game again all the same
            raise UndoFailed(f"undo not done: {self._why(exc)}") from exc
        if entry is None:
            return None
        self.changed()
        return entry.line

    def redo(self) -> Entry | None:
        """Apply the last undone command again; its journal entry, or ``None`` when there
        is nothing to redo.

        Raises:
            UndoFailed: the game refused it or the save could not be written (the game
                is unchanged).
        """
        if not self.game.redo_stack:
            return None
        pending = self.game.redo_stack[-1]
        try:
            entry = self.game.redo()
        except (OSError, SaveError) as exc:
            self.changed()
            raise UndoFailed(f"redo not done: {self._why(exc)}") from exc
        if entry is None:
            why = self.reason(pending.command)
            if why is None:
                where = self.game.path.name if self.game.path else "the save"
                why = f"{where} could not be written"
            raise UndoFailed(f"redo of `{pending.line}` not done: {why}")
        self.changed()
        return entry

    def rewind(self, upto: int) -> Path | None:
        """Cut the journal after ``upto`` entries (``Game.rewind``); the backup's path.

        Raises:
            UndoFailed: the save or its backup could not be written (the game is
                unchanged).
        """
        try:
            backup = self.game.rewind(upto)
        except (OSError, SaveError) as exc:
            self.changed()
            raise UndoFailed(f"rewind not done: {self._why(exc)}") from exc
        self.changed()
        return backup

    def _why(self, exc: BaseException) -> str:
        """An error writing the save, in words (the file and the system's reason)."""
        if isinstance(exc, OSError):
            name = exc.filename or (self.game.path if self.game.path else "the save")
            return f"cannot write {name} ({exc.strerror or exc})"
        return str(exc)

    def preview(self, cmd: c.Command) -> tuple[Event, ...] | str:
        """The events ``cmd`` would cause, or the reason it is refused
        (``Game.preview``: the game and its journal are untouched)."""
        return self.game.preview(cmd)

    def forecast(self, cmd: c.Command) -> Effects | str:
        """What ``cmd`` would do now: its own effect and what would follow by itself
        (``Game.forecast``, on a copy: the game and its journal are untouched), or the
        reason it is refused.  Cached until the game changes."""
        key = self.line(cmd)
        found = self._forecasts.get(key)
        if found is None:
            found = self._forecasts[key] = self.game.forecast(cmd)
        return found

    def figure(self, cmd: c.Command, who: str) -> str:
        """What ``who`` pays or receives by ``cmd`` itself (``pays $80``), from
        :meth:`forecast`'s own effect: what follows by itself (the end of the round,
        private income...) is never netted in (issue 18.4); blank when nothing moves."""
        found = self.forecast(cmd)
        if isinstance(found, str):
            return ""
        paid = found.paid(who)
        if paid > 0:
            return f"pays {self.money(paid)}"
        if paid < 0:
            return f"receives {self.money(-paid)}"
        return ""

    def payments(self, cmd: c.Command) -> list[str]:
        """The payments of ``cmd``'s own effect in words (:meth:`forecast`)."""
        found = self.forecast(cmd)
        return [] if isinstance(found, str) else found.payments(self.currency)

    def follow_lines(self, cmd: c.Command) -> list[str]:
        """What would follow ``cmd`` by itself, one line each in the log's words
        (:meth:`forecast`; ``moderator.narrate``)."""
        found = self.forecast(cmd)
        return [] if isinstance(found, str) else found.after_lines(self.currency, self.game.title)

    def candidates_of(self, *kinds: type[c.Command]) -> list[c.Command]:
        """The commands of ``kinds`` the rules offer now, legal or not, in the ruleset's
        order (its candidates, cached until the game changes)."""
        if self._candidates is None:
            self._candidates = list(self.game.ruleset.candidates(self.game.state))
        return [cmd for cmd in self._candidates if isinstance(cmd, kinds)]

    def bank_trains(self, company: str) -> list[c.BuyTrain]:
        """The purchases of the bank's trains by ``company`` as the rules offer them (the
        ruleset's candidates, legal or not, in its order: 1846's next card as a 4 or a
        3/5...): ``t`` lists them first and says why the rules refuse any (issue 27.4)."""
        return [
            cmd
            for cmd in self.candidates_of(c.BuyTrain)
            if isinstance(cmd, c.BuyTrain)
            and cmd.source is None
            and not cmd.credit
            and cmd.corp.lower() == company.lower()
        ]

    def train_price(self, train: str) -> int | None:
        """The bank's price of a train it sells now (the ruleset's offer), else ``None``."""
        for name, price, _card in self.game.ruleset.available_variants(self.game.state):
            if name.lower() == train.lower():
                return price
        return None

    def provisional_price(self, train: str) -> bool:
        """Whether the bank's price of ``train`` is a box value not yet confirmed (1847
        Pfalz, 11.2.7: PROVISIONAL until the banker confirms it)."""
        return any(
            d.get("provisional") and d["train"].lower() == train.lower()
            for d in self.data.get("depot") or []
        )

    def last_run(self, company: str) -> c.Run | None:
        """The company's last ``run`` in the journal (the run dialog starts from it)."""
        for entry in reversed(self.game.journal):
            cmd = entry.command
            if isinstance(cmd, c.Run) and cmd.company.lower() == company.lower():
                return cmd
        return None

    @staticmethod
    def line(cmd: c.Command) -> str:
        """A command as a banker-script line."""
        return format_command(cmd)
