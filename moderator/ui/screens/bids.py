"""1853's contract bids by keys (2.5-2.7): the bond, the claims, the settlement.

The main screen's keys ``n`` (bond), ``a`` (claim), ``x`` (pass: a bid is
complete) and ``m`` (settle) open these dialogs.  Every choice is a command
the game accepts now (``Game.legal_commands``, or for a sealed city the
game's own check), and every figure shown is the game's: the minimum bond is
the lowest bond the rules accept, a player's cash and bond come from the
state JSON, and what a bond or the settlement moves is the engine's preview
of exactly the command the dialog gives (``Game.preview``, the same code path
as ``execute``, on a copy) — never a sum worked out here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from moderator import commands as c
from moderator.events import CashMoved, CertificateMoved, Event, Noted
from moderator.ui.screens.dialogs import AmountDialog
from moderator.ui.session import Session

BANK_WORDS = {"bank": "the bank"}
"""Accounts named as people say them."""


def _account(word: str) -> str:
    """An account of an event as the banker says it (``bond:Amy`` -> ``Amy's bond``)."""
    if word.startswith("bond:"):
        return f"{word.removeprefix('bond:')}'s bond"
    return BANK_WORDS.get(word, word)


def preview_lines(session: Session, cmd: c.Command) -> list[Text]:
    """What ``cmd`` would move, line by line, from the engine's preview: each payment
    with its reason, each certificate, each note; or why it would be refused.

    The command's own effect comes first; what would follow by itself (the seating
    after the last bond, the Elephant...) comes under a line of its own, never mixed
    in (``Session.forecast``, issue 18.4)."""
    found = session.forecast(cmd)
    if isinstance(found, str):
        return [Text(f"✗ refused: {found}", style="bold red")]
    out = _event_lines(session, found.own)
    follows = _event_lines(session, found.follows)
    if out and follows:
        out.append(Text("then, by itself:", style="dim italic"))
    return out + follows


def _event_lines(session: Session, events: Sequence[Event]) -> list[Text]:
    out: list[Text] = []
    for event in events:
        if isinstance(event, CashMoved):
            line = Text(f"{_account(event.source)} → {_account(event.target)} ")
            line.append(session.money(event.amount), style="bold")
            line.append(f"  {event.reason}", style="dim")
            out.append(line)
        elif isinstance(event, CertificateMoved):
            out.append(
                Text(
                    f"{event.company} {event.percent}% share: "
                    f"{_account(event.source)} → {_account(event.target)}  "
                    f"{event.reason}",
                    style="dim",
                )
            )
        elif isinstance(event, Noted):
            out.append(Text(event.text, style="cyan"))
    return out


def preview_text(session: Session, cmd: c.Command) -> Text:
    """:func:`preview_lines` as one block of text."""
    return Text("\n").join(preview_lines(session, cmd))


class BondDialog(AmountDialog):
    """``bond PLAYER AMOUNT``: the amount, checked by the game as it is typed, with what
    the bond moves (the engine's preview) under it."""

    def __init__(self, session: Session, player: str, low: int, initial: int | None = None) -> None:
        cash = next(
            (p.get("cash") for p in session.data.get("players", []) if p.get("name") == player),
            None,
        )
        super().__init__(
            session,
            f"{player}'s contract bond (2.5.2)",
            lambda amount, _option: c.Bond(player=player, amount=amount),
            initial=low if initial is None else initial,
            note=f"at least {session.money(low)} · {player} has {session.money(cash)} · "
            f"the largest bond sits first and takes the Elephant (2.5.3)",
            dialog_id="bond-dialog",
        )
        self.player = player

    def describe(self, cmd: c.Command | None) -> Any:
        """What the bond moves (and, for the last bond, the seating), from the preview."""
        if cmd is None or self.verdict(cmd) is not None:
            return ""
        return preview_text(self.session, cmd)


def claim_label(session: Session, city: str, corps: list[str], value: int | None) -> Text:
    """A city of the claim list: its value for the bid (2.5.9) and the companies offered."""
    line = Text(f"{city:<13}", style="bold")
    if value is not None:
        line.append(f"{session.money(value):>5}", style="yellow")
    line.append("   " + " ".join(corps), style="dim")
    return line


def bid_summary(session: Session, player: str) -> str:
    """The player's bid so far, from the state JSON (the game's own value, 2.5.9)."""
    bid = (session.data.get("bids") or {}).get(player) or {}
    cities = list(bid.get("cities") or [])
    said = ", ".join(cities) if cities else "no city yet"
    value = bid.get("value")
    worth = f", worth {session.money(value)}" if value is not None and cities else ""
    return f"bond {session.money(bid.get('bond'))}; {said}{worth}"
