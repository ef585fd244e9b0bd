"""1817's IPO result by keys (facts §3): ``ipo PLAYER CORP PRICE SIZE [PRIVATE...] [by
NOMINATOR]``, the result of an IPO auction the table ran.

The main screen's ``p`` (par) opens it in a 1817 stock round; each step is a list or an
amount, read in the order typed (``docs/keys.md``):

1. the corporation the player on turn put up (its letters narrow the list, Enter);
2. who won the auction (a list of the players, the nominator first; a name's letters);
3. the winning bid, typed digits only, and the size the phase offers (←/→ when it
   offers two), Enter — refused with the engine's reason unless some set of the winner's
   privates makes it legal;
4. the privates the winner contributes at face: none first, then each set of them, by
   their letters, Enter — each with the exact line it sends and the engine's preview of
   it, or its refusal.

The nominator is the player on turn, whose turn it is (facts §3: play goes on to his
left); ``by NOMINATOR`` is written when another player won.  Every figure is the
engine's: the par from the ruleset's own rule (``par_for``), what the line moves from
``Session.forecast`` (``Game.preview`` on a copy), each refusal from ``Game.try_command``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from rich.text import Text
from textual.widgets import Static

from moderator import commands as c
from moderator.ui.screens.dialogs import (
    AmountDialog,
    ChoiceDialog,
    Keys,
    company_names,
    field,
    script_reason,
    thing,
)
from moderator.ui.session import Session

MOST_SETS = 128
"""The most sets of privates the last list offers (all of them for up to 7 privates;
beyond, the sets of the fewest privates first: a longer one is typed in the command bar)."""


def private_sets(held: list[str]) -> list[tuple[str, ...]]:
    """The sets of ``held`` a winner may name, in the list's order: none, then each set
    by its size, each in the order he holds them; whole sizes only, up to
    :data:`MOST_SETS` (a set left out is never spelled by the letters of a shorter
    one: the letters of a longer set read past every shorter set's end)."""
    out: list[tuple[str, ...]] = []
    for size in range(len(held) + 1):
        sets = list(combinations(held, size))
        if out and len(out) + len(sets) > MOST_SETS:
            break
        out.extend(sets)
    return out


def preview_text(session: Session, cmd: c.Command) -> Text:
    """The exact line ``cmd`` sends and what it moves, from the engine's preview (every
    event in the log's words), or the engine's refusal."""
    from moderator.narrate import describe

    line = session.line(cmd)
    found = session.forecast(cmd)
    if isinstance(found, str):
        text = Text(f"would send {line}\n")
        text.append(f"✗ refused: {found}", style="bold red")
        return text
    text = Text(f"sends {line}", style="bold")
    title = session.game.title
    for ev in (*found.own, *found.follows[found.opening :]):
        words = describe(ev, session.currency, title)
        if words:
            text.append(f"\n  · {words}", style="cyan")
    return text


class IpoPrivatesDialog(ChoiceDialog):
    """The last step: the privates contributed; under the list, the highlighted
    choice's line and the engine's preview of it (:func:`preview_text`)."""

    def __init__(self, session: Session, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.session = session

    def detail_text(self, index: int | None) -> Text:
        if index is None or not 0 <= index < len(self.choices):
            return Text("")
        return preview_text(self.session, self.choices[index][1])


class IpoPriceDialog(AmountDialog):
    """The winning bid (digits) and the size (←/→ among those the phase offers)."""

    def __init__(self, session: Session, base: c.Ipo, sizes: list[int], held: list[str]) -> None:
        low, high = session.game.ruleset.bid_range
        multiple = session.game.ruleset.bid_multiple
        money = session.money
        super().__init__(
            session,
            f"{base.player} won {base.corp} at which price? (facts §3)",
            self.build_ipo,
            options=[str(size) for size in sizes],
            option_labels={str(size): f"{size} shares" for size in sizes},
            note=(
                f"the winning bid, {money(low)} to {money(high)} in multiples of "
                f"{money(multiple)}; the size the phase offers "
                f"({' or '.join(map(str, sizes))} shares, facts §2)"
            ),
        )
        self.base = base
        self.held = held

    def build_ipo(self, amount: int, option: str | None) -> c.Command:
        return self.base.model_copy(update={"price": amount, "size": int(option or 0)})

    def with_privates(self, cmd: c.Ipo) -> list[c.Ipo]:
        """``cmd`` with each set of the winner's privates the last list offers."""
        return [cmd.model_copy(update={"privates": s}) for s in private_sets(self.held)]

    def verdict(self, cmd: c.Command) -> str | None:
        """Refused when no set of the winner's privates makes the line legal: the reason
        of the line without privates."""
        why = script_reason(self.session, cmd)
        if why is None or not isinstance(cmd, c.Ipo):
            return why
        if any(script_reason(self.session, x) is None for x in self.with_privates(cmd)[1:]):
            return None
        return why

    def recheck(self) -> None:
        """As an amount's, but a price legal only with privates says so (the line without
        them is not the one sent)."""
        super().recheck()
        cmd = self.command()
        if isinstance(cmd, c.Ipo) and script_reason(self.session, cmd) is not None:
            if self.verdict(cmd) is None and self.no_digit is None:
                self.query_one("#reason", Static).update(
                    Text(f"✓ with privates {cmd.player} contributes (next)", style="green")
                )

    def describe(self, cmd: c.Command | None) -> Any:
        """The par the price gives (the ruleset's rule), then the line without privates
        and its preview when it is legal."""
        if not isinstance(cmd, c.Ipo):
            return Text("")
        game = self.session.game
        text = Text()
        try:
            index = game.ruleset.par_for(game.state, cmd.price)
            par = game.state.market.values[index]  # type: ignore[union-attr]
        except (IndexError, AttributeError):
            par = None
        if par:
            text.append(f"par {self.session.money(par)}", style="bold")
            text.append(
                f": the market cell at or below half of {self.session.money(cmd.price)}",
                style="dim",
            )
        if script_reason(self.session, cmd) is None:
            text.append("\n")
            text.append_text(preview_text(self.session, cmd))
        return text


def ipo_result(session: Session) -> ChoiceDialog | str:
    """The first list of the IPO result (see the module docstring), or why ``p`` opens
    nothing (no IPO is legal now: the engine's reason)."""
    legal = [x for x in session.legal_of(c.Ipo) if isinstance(x, c.Ipo)]
    if not legal:
        return "no IPO can be written now"
    nominator = legal[0].nominator or legal[0].player
    data = session.data
    sizes = [int(x) for x in data.get("sizes") or []] or [legal[0].size]
    low = session.game.ruleset.bid_range[0]
    names = company_names(session)
    money = session.money
    unstarted = [
        co["id"]
        for co in data["companies"]
        if co.get("kind") == "corporation" and not co.get("launched") and not co.get("closed")
    ]
    players = [p for p in data["players"] if not p.get("bankrupt")]
    seat = next((i for i, p in enumerate(players) if p["name"] == nominator), 0)
    players = players[seat:] + players[:seat]  # the nominator first, then to his left

    def held(player: str) -> list[str]:
        return list(next(x for x in players if x["name"] == player).get("privates") or [])

    def privates_step(cmd: c.Command) -> ChoiceDialog:
        assert isinstance(cmd, c.Ipo)
        sets = private_sets(held(cmd.player))
        cmds = [cmd.model_copy(update={"privates": s}) for s in sets]
        faces = {co["id"]: co.get("value") for co in data["companies"]}
        labels: list[tuple[str | Text, c.Command]] = []
        for s, x in zip(sets, cmds, strict=True):
            if not s:
                labels.append((Text("no private: all in cash"), x))
                continue
            label = Text(" ".join(s), style="bold")
            label.append("  at face " + ", ".join(money(faces.get(p)) for p in s), style="dim")
            labels.append((label, x))
        keys: list[Keys] = [
            tuple(thing(p, names) for p in s) if s else (field("none"),) for s in sets
        ]
        return IpoPrivatesDialog(
            session,
            f"{cmd.player} contributes which privates at face? (facts §3)",
            labels,
            note="none first; a private's letters narrow the list, in the order listed",
            keys=keys,
            refusals=[script_reason(session, x) for x in cmds],
            sends=[session.line(x) for x in cmds],
        )

    def price_step(cmd: c.Command) -> IpoPriceDialog:
        assert isinstance(cmd, c.Ipo)
        dialog = IpoPriceDialog(session, cmd, sizes, held(cmd.player))
        dialog.then = privates_step
        return dialog

    def winner_step(cmd: c.Command) -> ChoiceDialog:
        assert isinstance(cmd, c.Ipo)
        choices: list[tuple[str | Text, c.Command]] = []
        for p in players:
            name = p["name"]
            label = Text(name, style="bold")
            label.append(f"   cash {money(p.get('cash'))}", style="dim")
            if p.get("privates"):
                label.append("   privates " + " ".join(p["privates"]), style="dim")
            if name == nominator:
                label.append("   (nominated it)", style="dim")
            by = None if name == nominator else nominator
            choices.append(
                (label, c.Ipo(player=name, corp=cmd.corp, price=low, size=sizes[0], nominator=by))
            )
        dialog = ChoiceDialog(
            f"Who won the auction of {cmd.corp}? (facts §3)",
            choices,
            keys=[(field(p["name"]),) for p in players],
            note=f"{nominator} put it up: the turn is his, whoever wins",
        )
        dialog.then = price_step
        return dialog

    first: list[tuple[str | Text, c.Command]] = [
        (
            Text.assemble((f"{cid:<6}", "bold"), (f"  {names.get(cid, cid)}", "dim")),
            c.Ipo(player=nominator, corp=cid, price=low, size=sizes[0]),
        )
        for cid in unstarted
    ]
    dialog = ChoiceDialog(
        f"{nominator} puts which corporation up for auction? (facts §3)",
        first,
        keys=[(thing(cid, names),) for cid in unstarted],
        note="then who won it, the price and size, the privates contributed",
    )
    dialog.then = winner_step
    return dialog
