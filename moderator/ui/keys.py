"""The UI commands: one definition each (binding id, key, action, guard, palette entry).

:data:`UI_COMMANDS` is the single table the main screen builds its bindings,
its ``check_action`` guards, its help screen and its command-palette entries
from.  ``rounds`` says in which stages of the game a key is shown at all
(elsewhere it is hidden; a stage is a round kind, or a step of a title's setup:
see :func:`stage_of`); within those stages the screen's guard ``can_<id>`` dims
it when the rules allow nothing of the kind right now.  So the footer shows
only what the current stage may ever allow: 1853's contract bids show Bond,
Claim, Pass and Settle, never Par, Buy or Sell.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from moderator.commands import Record


class UICommand(Record):
    """One UI command: the key, its action and where it applies."""

    id: str
    """Binding id, also the suffix of the screen's guard ``can_<id>``."""
    key: str
    """Textual key name(s), comma separated."""
    action: str
    """Action name on the main screen (``action_<action>``)."""
    label: str
    """Short label for the footer and the palette."""
    help: str
    """One sentence for the help screen and the palette."""
    rounds: tuple[str, ...] = ()
    """Stages (:func:`stage_of`: ``setup``, ``SR``, ``OR``, 1853's ``bonds`` and ``claims``)
    where the key applies; empty = always."""
    key_display: str | None = None
    show: bool = True
    typed: bool = True
    """Whether the key is a character the command bar takes as text (the command then
    yields to the bar while it has the focus)."""
    palette: bool = True
    """Whether the command palette lists it (a second key of the same command does not)."""
    absent: tuple[str, ...] = ()
    """Titles that never have the command, although their rules name it to refuse it
    (1853 has no par purchase, 3.1.4): the key is hidden there."""


LOAN_HELP = "1817: take (j) or repay (u, operating round) a $100 loan."
"""One help row for both loan keys (the help screen shows every key down to ctrl+t in 120x40)."""

UI_COMMANDS: tuple[UICommand, ...] = (
    UICommand(
        "par",
        "p",
        "par",
        "Par",
        "Stock round: par a corporation (1817: write an IPO auction's result).",
        ("setup", "SR"),
        absent=("1853",),
    ),
    UICommand(
        "buy",
        "b",
        "buy",
        "Buy",
        "Stock round: buy one share (IPO or pool), with its price.",
        ("setup", "SR"),
    ),
    UICommand(
        "sell",
        "s",
        "sell",
        "Sell",
        "Sell shares at the price (an OR's forced sale; 1817: shorts, crisis).",
        ("setup", "SR", "OR"),
    ),
    UICommand(
        "pass",
        "x",
        "pass_turn",
        "Pass",
        "Stock round: the acting player passes, at once (1853 bids: whose bid is complete).",
        ("setup", "SR", "claims"),
    ),
    UICommand(
        "bid",
        "a",
        "bid",
        "Bid",
        "1830's opening sale: a bid on a later private or a raise (7.2).",
        ("SR",),
    ),
    UICommand(
        "bond",
        "n",
        "bond",
        "Bond",
        "1853 bids: a player's bond, set aside from cash (2.5.2).",
        ("bonds",),
    ),
    UICommand(
        "claim",
        "a",
        "claim",
        "Claim",
        "1853 bids: a city and the share claimed with it, or sealed (2.5.4).",
        ("claims",),
    ),
    UICommand(
        "settle",
        "m",
        "settle",
        "Settle",
        "1853 bids: the claimed shares paid at par; the first stock round (2.7).",
        ("claims",),
    ),
    UICommand(
        "spend",
        "e",
        "spend",
        "Spend",
        "Operating round: pay the bank for track, a token, terrain or a fee.",
        ("OR",),
    ),
    UICommand(
        "issue",
        "i",
        "issue",
        "Issue",
        "Operating round: issue shares to the pool or redeem them.",
        ("OR",),
    ),
    UICommand(
        "run",
        "r",
        "run",
        "Run",
        "Operating round: revenue, then each payout kind side by side for the whole table.",
        ("OR",),
    ),
    UICommand(
        "train",
        "t",
        "train",
        "Train",
        "Operating round: buy a train: the bank's first (refused ones say why), then others.",
        ("OR",),
    ),
    UICommand(
        "private",
        "v",
        "buy_private",
        "Private",
        "Operating round: a corporation buys a private company from its owner.",
        ("OR",),
    ),
    UICommand(
        "loan",
        "j",
        "loan",
        "Loan",
        LOAN_HELP,
        ("SR", "OR"),  # 1817: a president's loans for his corporation in a stock turn too
    ),
    UICommand(
        "payback",
        "u",
        "payback",
        "Payback",
        LOAN_HELP,
        ("OR",),
    ),
    UICommand(
        "done",
        "d",
        "done",
        "Done",
        "Operating round: end the company's turn, at once (in a dialog: its choice, then done).",
        ("OR",),
    ),
    UICommand(
        "credit",
        "k",
        "credit_train",
        "Credit train",
        "1853: a new director buys the company's credit train or returns it to the bank (4.8.10).",
        ("SR", "OR"),
        show=False,
    ),
    UICommand(
        "legal",
        "l",
        "legal",
        "Legal",
        "List every command the rules accept now and give one (discard, bankrupt, 1817's "
        "convert, merge, acquire, liquidate).",
    ),
    UICommand(
        "command",
        "colon,slash",
        "command_bar",
        "Command",
        "Type a banker-script line in the command bar (Esc leaves it).",
        key_display=":",
    ),
    UICommand(
        "undo",
        "ctrl+z",
        "undo",
        "Undo",
        "Take back the last command.",
        key_display="^z",
        typed=False,
    ),
    UICommand(
        "redo",
        "ctrl+y",
        "redo",
        "Redo",
        "Apply the last undone command again.",
        key_display="^y",
        show=False,
        typed=False,
    ),
    UICommand(
        "history",
        "h",
        "history",
        "History",
        "The journal by round; see the game at any line, rewind to it.",
    ),
    UICommand(
        "score",
        "f",
        "score",
        "Score",
        "The score: final, or if the game ended now; each player item by item, places.",
        show=False,
    ),
    UICommand(
        "project",
        "w",
        "project",
        "Project",
        "Spreadsheet it: the remaining operating rounds projected, revenues and payout "
        "kinds editable (the game is not changed).",
        show=False,
    ),
    UICommand(
        "rounds",
        "g",
        "rounds",
        "Rounds",
        "Charts and tables of every round: prices, players' cash and value, runs.",
        show=False,
    ),
    UICommand(
        "check",
        "c",
        "checker",
        "Check",
        "Check a run or a sale the table made: the right figures, ✓ or ✗ (changes nothing).",
        show=False,
    ),
    UICommand(
        "share",
        "ctrl+t",
        "share",
        "Share",
        "Phones' table view: address, QR code; l local network, s stops.",
        key_display="^t",
        show=False,
        typed=False,
    ),
    UICommand("help", "f1", "help", "Help", "This list of keys.", key_display="F1", typed=False),
    UICommand(
        "help_typed",
        "question_mark",
        "help_typed",
        "Help",
        "This list of keys.",
        key_display="?",
        show=False,
        palette=False,
    ),
    UICommand(
        "log_back",
        "ctrl+up",
        "log_scroll(-1)",
        "Log back",
        "Scroll the log back to earlier lines (the mouse wheel over the log too).",
        key_display="^↑",
        show=False,
        typed=False,
    ),
    UICommand(
        "log_on",
        "ctrl+down",
        "log_scroll(1)",
        "Log on",
        "Scroll the log on towards the latest line.",
        key_display="^↓",
        show=False,
        typed=False,
    ),
    UICommand(
        "whatif",
        "o",
        "whatif",
        "What-if",
        "A what-if sandbox: a copy of the game from now (from History: from its line), played "
        "on and never saved; o inside it compares with the real game, keeps or discards it.",
        show=False,
    ),
)
"""Every UI command of the main screen, in footer order."""

STAGE_NAMES = {
    "setup": "the setup",
    "SR": "a stock round",
    "OR": "an operating round",
    "bonds": "the contract bonds (1853 2.5.2)",
    "claims": "the contract claims (1853 2.5.4)",
}
"""Each stage of :func:`stage_of` as a refusal names it."""


def round_kind(data: dict[str, Any]) -> str:
    """The round in the state JSON ``data`` as the keys see it: ``setup``, ``SR`` or
    ``OR``; 1817's merger and acquisition round is ``SR`` (the rules take the next stock
    round's lines there: a buy, an IPO, a sale, a pass; no operating command), unless the
    next round is an operating round (OR 1.1 then OR 1.2 in phase 2): its first actor, the
    header's "to act", is then a corporation, and the operating keys are live (sixth keys
    round: ``j Enter`` for UR's loan there was refused, "this is a stock round")."""
    rnd = data["round"]
    if rnd.get("setup"):
        return "setup"
    if data.get("merger_round"):
        players = {p.get("name") for p in data.get("players", [])}
        first = data.get("to_act")
        return "OR" if first is not None and first not in players else "SR"
    return str(rnd["kind"])


def stage_of(data: dict[str, Any]) -> str:
    """The stage of the game in the state JSON ``data``: :func:`round_kind`, except in
    the setup the title's step (1853: ``bonds``, then ``claims`` until ``settle``)."""
    kind = round_kind(data)
    return str(data.get("stage") or "setup") if kind == "setup" else kind


def action_name(action: str) -> str:
    """The action's name without its parameters (``log_scroll(-1)`` -> ``log_scroll``)."""
    return action.split("(", 1)[0]


BY_ACTION = {action_name(cmd.action): cmd for cmd in UI_COMMANDS if cmd.palette}


def bindings() -> list[Binding]:
    """The main screen's bindings, built from :data:`UI_COMMANDS`.

    Every key is a priority binding: its action runs as soon as the app reads
    the key, before the next key is read.  A key that opens a dialog opens it
    at once, and the keys typed right after it (a burst, a paste) are held by
    the app until the dialog is ready, then go to the dialog; the command
    bar's key moves the focus at once, so the keys after it go to the bar.
    In the bar a ``typed`` key is text: its action skips and the bar gets it.
    """
    return [
        Binding(
            cmd.key,
            cmd.action,
            cmd.label,
            id=cmd.id,
            key_display=cmd.key_display,
            show=cmd.show,
            priority=True,
        )
        for cmd in UI_COMMANDS
    ]
