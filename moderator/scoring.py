"""The end of the game, worked out from the journal: score, projection and history.

Three views, all derived (nothing here is stored beside the journal, nothing here
changes the game):

- :func:`score` — each player's score line by line, as the title's game-end rule
  counts it (the ruleset's ``score_items``), with places and ties, "if the game
  ended now" while it goes on.
- :func:`project` — the 1846 rulebook's "spreadsheet it" tip (10.1) for every
  title: the remaining operating rounds played on a copy of the state with a
  revenue and payout kind per company and round, through the title's own receipt
  (dividends and price moves exactly as a ``run`` would make them).
- :func:`history` — each player's cash and value, each company's price and each
  run, at the end of every round, by replaying the journal (cached per game and
  extended as the journal grows).

The functions take a :class:`~moderator.game.Game`; none imports the UI.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from moderator.errors import Refusal
from moderator.events import DividendPaid
from moderator.narrate import describe
from moderator.state import GameState
from moderator.text import cents_sum, figure, money, shorts_held
from rulesets.base import ScoreItem
from rulesets.names import title_name

if TYPE_CHECKING:
    from moderator.game import Game

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` by the jobs that can take a while."""

MAX_REVENUE = 100_000
"""No run in any title comes near this; a larger figure is a typing slip."""


# ================================================================= score
@dataclass(frozen=True)
class PlayerScore:
    """One player's score: the items the title's game-end rule counts, and those it does not."""

    name: str
    items: tuple[ScoreItem, ...]
    total: int
    bankrupt: bool = False

    @property
    def cash(self) -> int:
        """Cash on hand."""
        return sum(i.value for i in self.items if i.kind == "cash")

    def of(self, kind: str) -> list[ScoreItem]:
        """The items of one kind (``shares``, ``private``, ``excluded``)."""
        return [i for i in self.items if i.kind == kind]


@dataclass(frozen=True)
class Score:
    """Every player's score and the places; ``final`` once the game has ended."""

    title: str
    round: str
    final: bool
    reason: str
    """Why the game ended, or why this is only "if the game ended now"."""
    players: tuple[PlayerScore, ...]
    places: tuple[dict[str, Any], ...]
    currency: str = "$"
    rule: str = ""

    @property
    def title_name(self) -> str:
        """The title as people read it (``1847 Pfalz``); ``title`` is its id."""
        return title_name(self.title)

    def player(self, name: str) -> PlayerScore:
        """The score of ``name``."""
        for p in self.players:
            if p.name == name:
                return p
        raise Refusal(f"no player {name}")

    def place_of(self, name: str) -> int:
        """The place of ``name`` (a tie shares it)."""
        for place in self.places:
            if name in place["players"]:
                return int(place["place"])
        raise Refusal(f"no player {name}")

    def tied(self, name: str) -> bool:
        """Whether ``name`` shares a place."""
        return any(name in p["players"] and len(p["players"]) > 1 for p in self.places)

    def to_json(self) -> dict[str, Any]:
        """The score as plain JSON (``moderator score --json``)."""
        return {
            "title": self.title,
            "title_name": self.title_name,
            "round": self.round,
            "final": self.final,
            "reason": self.reason,
            "why": self.why,
            "rule": self.rule,
            "players": [
                {
                    "name": p.name,
                    "total": p.total,
                    "cash": p.cash,
                    "bankrupt": p.bankrupt,
                    "place": self.place_of(p.name),
                    "tied": self.tied(p.name),
                    "items": [
                        {
                            "kind": i.kind,
                            "what": i.what,
                            "count": i.count,
                            "price": i.price,
                            "value": i.value,
                            "counted": i.counted,
                            "note": i.note,
                        }
                        for i in p.items
                    ],
                }
                for p in self.players
            ],
            "places": [dict(p) for p in self.places],
        }

    def text(self, width: int | None = None) -> str:
        """The score as a plain-text table, places last, its lines wrapped to ``width``
        columns (``None`` or 0: no limit).

        Whatever the rules leave out is said as not counted, with its rule, where it
        stands: a bankrupt 1830 player's cash (25.0) reads ``cash  —  not counted
        ($544): ...``, never as a figure the total seems to add up."""
        m = self.currency
        limit = width or None
        head = "Final score" if self.final else "Score if the game ended now"
        out = _wrap(f"{head} ({self.title_name}, {self.round}): {self.why}", limit, "  ")
        # One column of figures, each amount one token (``$310``, ``-$40``) set right: as
        # wide as its widest amount, eight at least (``$    310`` split the sign before).
        amounts = [i.value for p in self.players for i in p.items if i.counted]
        w = max([8, *(len(money(m, v)) for v in [*amounts, *(p.total for p in self.players)])])
        for p in self.players:
            mark = "  (bankrupt)" if p.bankrupt else ""
            out.append(f"{p.name}{mark}")
            for i in p.items:
                if not i.counted:
                    shown = f" ({money(m, i.value)})" if i.value else ""
                    label = i.what if i.kind == i.what else f"{i.what} ({i.kind})"
                    line = f"  {label:<22} {'—':>{w}}  not counted{shown}: {i.note}"
                    out.extend(_wrap(line, limit, " " * (w + 27)))
                elif i.kind == "cash":
                    out.append(f"  {'cash':<22} {money(m, i.value):>{w}}")
                elif i.kind == "shares":
                    label = f"{i.what} {i.count} × {money(m, i.price)}"
                    out.append(f"  {label:<22} {money(m, i.value):>{w}}")
                elif i.kind == "short":  # 1817 facts §5: as the holdings show it
                    label = f"{shorts_held(i.what, -i.count)} × {money(m, i.price)}"
                    line = f"  {label:<22} {money(m, i.value):>{w}}  {i.note}"
                    out.extend(_wrap(line, limit, " " * (w + 27)))
                else:
                    label = f"{i.what} ({i.kind})"
                    line = f"  {label:<22} {money(m, i.value):>{w}}  {i.note}"
                    out.extend(_wrap(line, limit, " " * (w + 27)))
            out.append(f"  {'total':<22} {money(m, p.total):>{w}}")
        out.append("Places:")
        for place in self.places:
            names = ", ".join(place["players"])
            tie = " (tie)" if len(place["players"]) > 1 else ""
            # A bankrupt player comes after every player still in (``ranking``): said, so a
            # higher figure in a lower place reads as the rule, not a slip.
            out_of_it = " (bankrupt)" if place.get("bankrupt") else ""
            line = f"  {place['place']}. {names}{tie}  {money(m, place['score'])}{out_of_it}"
            out.extend(_wrap(line, limit, "      "))
        return "\n".join(out)

    @property
    def why(self) -> str:
        """The reason as the text's heading says it: "if the game ended now" once (the
        heading says it; the reason only that the game goes on, and the rule)."""
        if self.reason == _going_on(self.rule):
            return f"the game goes on ({self.rule})"
        return self.reason


def _going_on(rule: str) -> str:
    """The reason of a score while the game goes on (the bank unbroken)."""
    return f"the game goes on; this is the score if it ended now ({rule})"


def score_state(game: Game, state: GameState) -> Score:
    """The score of ``state`` (of ``game``'s title)."""
    ruleset: Any = game.ruleset
    players = []
    for p in state.ledger.players:
        items = tuple(ruleset.score_items(state, p.name))
        total = sum(i.value for i in items if i.counted)
        players.append(PlayerScore(p.name, items, total, p.bankrupt))
    totals = {p.name: p.total for p in players}
    rule = ruleset.r("game_end")
    if state.ended:
        reason = state.end_reason or "the game has ended"
    elif state.bank_broken:
        reason = ruleset.bank_end_reason(state)
    else:
        reason = _going_on(rule)
    return Score(
        title=game.title,
        round=game.round_label(state),
        final=state.ended,
        reason=reason,
        players=tuple(players),
        places=tuple(ruleset.places(state, totals)),
        currency=ruleset.currency,
        rule=rule,
    )


def score(game: Game) -> Score:
    """The score now: final once the game has ended, else "if the game ended now"."""
    return score_state(game, game.state)


# ================================================================= projection
@dataclass(frozen=True)
class CompanyProjection:
    """One company's rows of the projection: dividends per round, final price, sum."""

    company: str
    price_now: int | None
    runs: tuple[tuple[int, str | None] | None, ...]
    """The revenue and payout kind used in each projected round (``None``: it does not run
    in that round, having operated already)."""
    per_share: tuple[int | None, ...]
    final_price: int | None
    receipts: tuple[str, ...] = ()
    """Each run's receipt, as text."""
    pinned: bool = False
    """The final price was set by hand, not by the rules."""
    split_with: str | None = None
    """The owner a company without shares splits its revenue with (an 1846 independent,
    6.72): no dividend a share, no price; the owner's half is in the owner's amount."""
    per_share_exact: tuple[str | None, ...] = ()
    """Each round's amount a share to the cent where the shares do not divide the payout
    (1817: ``26.60`` for $133 on 5 shares; the receipt's figure), else ``None``."""

    @property
    def sum_per_share(self) -> int:
        """Dividends per share over the rounds plus the final price (the rulebook's Sum),
        in whole amounts (:attr:`sum_exact` to the cent where a round's is not whole)."""
        return sum(x or 0 for x in self.per_share) + (self.final_price or 0)

    def _figures(self) -> list[int | str | None]:
        """Each round's amount a share as shown: to the cent where it is not whole."""
        exact = self.per_share_exact or (None,) * len(self.per_share)
        return [e if e is not None else x for x, e in zip(self.per_share, exact, strict=True)]

    @property
    def sum_exact(self) -> str | None:
        """The Sum to the cent where a round's amount a share is not whole (1817: $26.60
        a share twice and $100: ``153.20``), else ``None`` (:attr:`sum_per_share`)."""
        if not any(self.per_share_exact):
            return None
        return cents_sum([*self._figures(), self.final_price])

    def div_cells(self) -> list[str]:
        """The table's dividend a share for each round: ``-`` where it does not run,
        ``split`` where its revenue is split with its owner (no shares to pay); to the cent
        where the shares do not divide the payout, as the run's receipt says it."""
        return [
            "-" if x is None else "split" if run and run[1] == "split" else str(x)
            for x, run in zip(self._figures(), self.runs, strict=True)
        ]

    def sum_cell(self) -> str:
        """The table's Sum: ``-`` for a company without shares (nothing a share to add up)."""
        if self.split_with:
            return "-"
        return self.sum_exact or str(self.sum_per_share)


@dataclass(frozen=True)
class PlayerProjection:
    """One player's columns: shares and amounts per company, cash on hand, final total."""

    name: str
    shares: dict[str, int]
    amounts: dict[str, int]
    """Per company: the dividends received plus the shares at the final price."""
    cash_on_hand: int
    """Cash now plus what comes in besides dividends (private income)."""
    other: int
    """What else the score counts: privates where the title counts them."""
    total: int


DASH_LEGEND = (
    "-: nothing there: a company that does not run that round (it has operated already), "
    "a company without shares or price, a player holding none of its shares."
)
"""What the projection's ``-`` stands for, said under its table (issue 38.6)."""


@dataclass(frozen=True)
class Projection:
    """The "spreadsheet it" table (1846 10.1 tip): the remaining operating rounds, projected."""

    title: str
    rounds: tuple[str, ...]
    companies: tuple[CompanyProjection, ...]
    players: tuple[PlayerProjection, ...]
    places: tuple[dict[str, Any], ...]
    currency: str = "$"
    notes: tuple[str, ...] = ()

    @property
    def title_name(self) -> str:
        """The title as people read it (``1847 Pfalz``); ``title`` is its id."""
        return title_name(self.title)

    def player(self, name: str) -> PlayerProjection:
        """The projection of ``name``."""
        for p in self.players:
            if p.name == name:
                return p
        raise Refusal(f"no player {name}")

    def company(self, cid: str) -> CompanyProjection:
        """The projection of ``cid``."""
        for co in self.companies:
            if co.company == cid:
                return co
        raise Refusal(f"no company {cid} in the projection")

    def table(self) -> list[list[str]]:
        """The table laid out like the rulebook's: one row per company, then cash on hand
        and the final total; columns OR dividends, Stock, Sum, then Shrs/Amt per player."""
        head = ["Corp", *[f"{r} div" for r in self.rounds], "Stock", "Sum"]
        for p in self.players:
            head += [f"{p.name} shrs", f"{p.name} amt"]
        rows = [head]
        for co in self.companies:
            row = [co.company, *co.div_cells()]
            row += ["-" if co.final_price is None else str(co.final_price), co.sum_cell()]
            for p in self.players:
                n = p.shares.get(co.company, 0)
                amount = p.amounts.get(co.company, 0)
                row += [str(n) if n else "-", figure(amount) if n or amount else "-"]
            rows.append(row)
        pad = [""] * (len(self.rounds) + 2)
        if any(p.other for p in self.players):
            rows.append(["", *pad[1:], "Privates", *_pairs(p.other for p in self.players)])
        rows.append(["", *pad[1:], "Cash on hand", *_pairs(p.cash_on_hand for p in self.players)])
        rows.append(["", *pad[1:], "Final total", *_pairs(p.total for p in self.players)])
        return rows

    def text(self, width: int | None = None) -> str:
        """The table as aligned plain text, then the places and notes.

        ``width`` (columns; ``None`` or 0: no limit) wraps the table into blocks that each
        fit: every block repeats the company column, the rounds, Stock and Sum come first
        and each player's Shrs/Amt pair stays whole, with Cash on hand and the Final total
        under the players' blocks; the places and notes are wrapped to the width too."""
        limit = width or None
        # the table's figures have no sign (the 10.1 table's): the heading says the money,
        # as the projection screen's "amounts in $" does
        out = _wrap(f"Projection ({self.title_name}): amounts in {self.currency}", limit, "  ")
        out.extend(self.table_lines(width))
        out.extend(_wrap("Places if the game ends after these rounds:", limit, ""))
        for place in self.places:
            tie = " (tie)" if len(place["players"]) > 1 else ""
            line = (
                f"  {place['place']}. {', '.join(place['players'])}{tie}  "
                f"{money(self.currency, place['score'])}"
            )
            out.extend(_wrap(line, limit, "      "))
        for note in self.notes:
            out.extend(_wrap(note, limit, "  "))
        out.extend(_wrap(DASH_LEGEND, limit, "  "))
        return "\n".join(out)

    def table_lines(self, width: int | None = None) -> list[str]:
        """The 10.1 table as lines of text, in blocks of at most ``width`` columns.

        Two heading lines, as the rulebook heads its table: each round's label over
        "div", each player's name over "shrs amt".  A block wider than ``width`` is
        left only when a single column group (with the company column) is wider."""
        units = self._units()
        foot_labels = [
            *(["Privates"] if any(p.other for p in self.players) else []),
            "Cash on hand",
            "Final total",
        ]
        keys = ["Corp", *(co.company for co in self.companies)]
        blocks: list[list[_Unit]] = []
        for unit in units:
            if blocks and (
                not width or _block_width(blocks[-1] + [unit], keys, foot_labels) <= width
            ):
                blocks[-1].append(unit)
            else:
                blocks.append([unit])
        lines: list[str] = []
        for n, block in enumerate(blocks):
            if n:
                lines.append("")
            lines.extend(_render_block(block, keys, foot_labels))
        return lines

    def _units(self) -> list[_Unit]:
        """The table's column groups, in the rulebook's order: each round's dividend,
        Stock, Sum, then each player's Shrs and Amt."""
        rows = len(self.companies)
        with_privates = any(p.other for p in self.players)
        none = [""] * (3 if with_privates else 2)
        units = [
            _Unit(
                r,
                [_Column("div", [co.div_cells()[i] for co in self.companies], none)],
            )
            for i, r in enumerate(self.rounds)
        ]
        units.append(
            _Unit(
                "",
                [
                    _Column(
                        "Stock",
                        [
                            "-" if co.final_price is None else str(co.final_price)
                            for co in self.companies
                        ],
                        none,
                    )
                ],
            )
        )
        units.append(_Unit("", [_Column("Sum", [co.sum_cell() for co in self.companies], none)]))
        for p in self.players:
            shrs, amts = [], []
            for co in self.companies:
                held = p.shares.get(co.company, 0)
                amount = p.amounts.get(co.company, 0)
                shrs.append(str(held) if held else "-")
                amts.append(figure(amount) if held or amount else "-")
            foot = [
                *([figure(p.other)] if with_privates else []),
                figure(p.cash_on_hand),
                figure(p.total),
            ]
            units.append(
                _Unit(
                    p.name, [_Column("shrs", shrs, none), _Column("amt", amts, foot)], player=True
                )
            )
        assert all(len(c.cells) == rows for u in units for c in u.columns)
        return units

    def to_json(self) -> dict[str, Any]:
        """The projection as plain JSON."""
        return {
            "title": self.title,
            "title_name": self.title_name,
            "rounds": list(self.rounds),
            "companies": [
                {
                    "company": co.company,
                    "price_now": co.price_now,
                    "runs": [list(r) if r else None for r in co.runs],
                    "per_share": list(co.per_share),
                    "per_share_exact": list(co.per_share_exact),
                    "final_price": co.final_price,
                    "sum": co.sum_per_share,
                    "sum_exact": co.sum_exact,
                    "split_with": co.split_with,
                }
                for co in self.companies
            ],
            "players": [
                {
                    "name": p.name,
                    "shares": p.shares,
                    "amounts": p.amounts,
                    "cash_on_hand": p.cash_on_hand,
                    "other": p.other,
                    "total": p.total,
                }
                for p in self.players
            ],
            "places": [dict(p) for p in self.places],
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class _Column:
    """One column of the projection's text table: its head, a cell per company and a
    cell per footer row (Privates, Cash on hand, Final total)."""

    head: str
    cells: list[str]
    foot: list[str]

    @property
    def width(self) -> int:
        return max(len(x) for x in [self.head, *self.cells, *self.foot])


@dataclass(frozen=True)
class _Unit:
    """Columns kept together under one title: a round's "div", Stock, Sum, or a player's
    "shrs amt" pair under the player's name."""

    title: str
    columns: list[_Column]
    player: bool = False

    def widths(self) -> list[int]:
        """Each column's width; a title wider than its columns widens the first."""
        widths = [c.width for c in self.columns]
        spare = len(self.title) - (sum(widths) + 2 * (len(widths) - 1))
        if spare > 0:
            widths[0] += spare
        return widths

    @property
    def width(self) -> int:
        widths = self.widths()
        return sum(widths) + 2 * (len(widths) - 1)


def _key_width(block: list[_Unit], keys: list[str], labels: list[str]) -> int:
    """The company column's width in ``block``: wide enough for the footer labels
    (right-aligned across the columns left of the players) when the block has players."""
    key = max(len(k) for k in keys)
    if any(u.player for u in block):
        left = sum(2 + u.width for u in block if not u.player)
        key = max(key, max(len(x) for x in labels) - left)
    return key


def _block_width(block: list[_Unit], keys: list[str], labels: list[str]) -> int:
    return _key_width(block, keys, labels) + sum(2 + u.width for u in block)


def _render_block(block: list[_Unit], keys: list[str], labels: list[str]) -> list[str]:
    """One block of the projection's table: two heading lines, the company rows and, when
    the block holds players, the footer rows with their labels left of the players."""
    key = _key_width(block, keys, labels)
    widths = [u.widths() for u in block]
    titles = " " * key + "".join("  " + u.title.rjust(u.width) for u in block)
    lines = [titles.rstrip()] if titles.strip() else []
    heads = keys[0].ljust(key) + "".join(
        "  " + c.head.rjust(w)
        for u, ws in zip(block, widths, strict=True)
        for c, w in zip(u.columns, ws, strict=True)
    )
    lines.append(heads.rstrip())
    for row, company in enumerate(keys[1:]):
        line = company.ljust(key) + "".join(
            "  " + c.cells[row].rjust(w)
            for u, ws in zip(block, widths, strict=True)
            for c, w in zip(u.columns, ws, strict=True)
        )
        lines.append(line.rstrip())
    if any(u.player for u in block):
        left = key + sum(2 + u.width for u in block if not u.player)
        alone = all(u.player for u in block)  # a block of players only: labels to the left
        for row, label in enumerate(labels):
            line = (label.ljust(left) if alone else label.rjust(left)) + "".join(
                "  " + c.foot[row].rjust(w)
                for u, ws in zip(block, widths, strict=True)
                if u.player
                for c, w in zip(u.columns, ws, strict=True)
            )
            lines.append(line.rstrip())
    return lines


def _wrap(line: str, width: int | None, indent: str) -> list[str]:
    """``line`` as it is, or wrapped to ``width`` with ``indent`` before each further line."""
    if not width or len(line) <= width:
        return [line]
    import textwrap

    lead = len(line) - len(line.lstrip(" "))
    return textwrap.wrap(
        line.strip(),
        width,
        initial_indent=line[:lead],
        subsequent_indent=indent,
        break_long_words=True,
        break_on_hyphens=False,
    )


def _pairs(values: Any) -> list[str]:
    out: list[str] = []
    for v in values:
        out += ["", figure(v)]
    return out


def _pinned(item: ScoreItem, pins: Mapping[str, int]) -> ScoreItem:
    """A shares item at a final price set by hand."""
    if item.kind != "shares" or item.what not in pins:
        return item
    price = pins[item.what]
    return item.model_copy(
        update={"price": price, "value": item.count * price, "note": "price set by hand"}
    )


def _set_of(label: str) -> int:
    """The round set of an operating round's label: 3 for ``OR 3.1``."""
    return int(label.split()[1].split(".")[0])


def _ended_before(ruleset: Any, broken_set: int | None, label: str) -> str | None:
    """Why the projected game has ended before ``label`` (``OR 3.1``): the bank broke in
    ``broken_set``, an earlier round set, whose operating rounds were the last (1846 10.1,
    1830 25.0, 1847 AE 9); ``None`` while it goes on."""
    if broken_set is None or _set_of(label) <= broken_set:
        return None
    return (
        f"The game ends after round set {broken_set}, in which the bank broke "
        f"({ruleset.r('bank_broken')}): {label} and the rounds after it are not played."
    )


def last_runs(game: Game) -> dict[str, tuple[int, str]]:
    """Each company's last run in the journal: revenue and what it did with it."""
    runs: dict[str, tuple[int, str]] = {}
    for entry in game.journal:
        for ev in entry.events:
            if isinstance(ev, DividendPaid):
                runs[ev.company] = (ev.revenue, ev.option)
    return runs


def rounds_a_set(game: Game) -> int:
    """The operating rounds of the set a projection plays: the set under way, or the one
    the stock round leads to, with the rounds of the phase it ends in (1830 22.0)."""
    s = game.state
    if s.round_kind == "OR" and s.or_number is not None:
        return s.ors_in_set
    return int(game.ruleset.ors_in_coming_set(s))


def _set_size(ruleset: Any, state: GameState, last: int) -> int:
    """The operating rounds of a set the projection begins: the phase's count where the
    title fixes it by phase (``ors_per_set``), the phase as the projection left it; else
    the last set's (1817: two, facts §8)."""
    per_phase: dict[str, int] | None = getattr(ruleset, "ors_per_set", None)
    if per_phase and state.phase in per_phase:
        return per_phase[state.phase]
    return last


def _said(ruleset: Any, state: GameState, label: str, notes: list[str]) -> None:
    """The lines of what the engine did by itself in a projected round (interest, loans,
    exports, a rate fixed...), under the table as the journal would show them; then
    forgotten, as the round's other events are."""
    for ev in state.ledger.events:
        line = describe(ev, ruleset.currency, ruleset.title)
        if line:
            notes.append(f"{label}: {line}")
    state.ledger.events = []


def _turn_ended(ruleset: Any, state: GameState, cid: str, label: str, notes: list[str]) -> None:
    """The end of ``cid``'s projected turn as the real one makes it: its interest, with the
    loans it takes by itself or its liquidation when short (1817, facts §6, R 6.8; the
    engine's own :meth:`rulesets.loans.LoanTrack.pay_interest`).  The run's payments
    before it are in the table, not repeated as notes."""
    state.ledger.events = []
    pay_interest = getattr(ruleset, "pay_interest", None)
    if pay_interest is None:
        return
    company = state.company(cid)
    if company.closed or ruleset.interest_paid(state, cid) or ruleset.in_liquidation(state, cid):
        return
    pay_interest(state, company)
    _said(ruleset, state, label, notes)


def _exports(ruleset: Any, state: GameState, label: str, per_set: int) -> None:
    """The trains exported after a projected round, as the real round's end exports them
    (1817: the next train after every operating round, facts §8; 18Chesapeake: after a
    set, §10.9): the engine's own export, phases and rusting included."""
    if getattr(ruleset, "export_each_round", False):
        ruleset.export_round_trains(state)
    elif hasattr(ruleset, "export_train"):
        last = int(label.split(".")[1]) >= per_set
        if last and not state.bank_broken and not state.ended:
            ruleset.export_train(state, "at the end of the set of operating rounds")


def projected_rounds(game: Game, ors: int | None = None) -> list[str]:
    """Labels of the operating rounds a projection plays: the rest of the current set
    (the current round included while it goes on), or ``ors`` rounds from here."""
    s = game.state
    if s.ended:
        return []
    per_set = rounds_a_set(game)
    if s.round_kind == "OR" and s.or_number is not None:
        set_number, first = s.round_number, s.or_number
        count = s.ors_in_set - s.or_number + 1
    else:
        set_number = s.round_number if s.round_kind == "SR" else 1
        first, count = 1, per_set
    if s.bank_broken and getattr(game.ruleset, "bank_ends_with_the_or", False):
        count = 1  # 1853 5.1.2: the game ends with the operating round under way (or next)
    if ors is not None:
        if not 1 <= ors <= 20:
            raise Refusal(f"a projection plays 1 to 20 operating rounds, not {ors}")
        count = ors
    labels = []
    number, k = set_number, first
    for _ in range(count):
        labels.append(f"OR {number}.{k}")
        k += 1
        if k > per_set:
            number, k = number + 1, 1
    return labels


def projected_companies(game: Game) -> list[str]:
    """The companies that run in the projection: those operating now or in later rounds."""
    ruleset: Any = game.ruleset
    s = game.state
    out = []
    in_liquidation = getattr(ruleset, "in_liquidation", None)
    for co in s.ledger.companies.values():
        if co.closed or co.removed:
            continue
        if in_liquidation is not None and in_liquidation(s, co.id):
            continue  # it no longer operates (1817, facts §11)
        if co.id == s.operating or ruleset.operates_next_set(s, co.id):
            if ruleset.payout_options(s, co.id):
                out.append(co.id)
    price = {cid: (s.price(cid) if s.market.has(cid) else 0) for cid in out}
    return sorted(out, key=lambda cid: (-price[cid], cid))


def default_runs(game: Game, ors: int | None = None) -> dict[str, list[tuple[int, str | None]]]:
    """The projection's prefilled inputs: every company repeats its last run (a company
    that has not run yet: nothing, withheld)."""
    rounds = projected_rounds(game, ors)
    last = last_runs(game)
    out: dict[str, list[tuple[int, str | None]]] = {}
    for cid in projected_companies(game):
        options = game.ruleset.payout_options(game.state, cid)
        revenue, option = last.get(cid, (0, options[-1] if options else None))
        if not game.state.company(cid).trains:
            revenue = 0  # no train, no run (every title): it earns nothing until it buys one
        if options == ("split",):
            option = None
        elif option not in options:
            option = options[0] if options else None
        out[cid] = [(revenue, option)] * len(rounds)
    return out


def parse_runs(
    spec: str, game: Game, rounds: int
) -> tuple[dict[str, list[tuple[int, str | None]]], dict[str, int]]:
    """``NYC=370:full,460:half;ERIE=200@212`` → per company, one (revenue, kind) per round,
    and the final prices set by hand (``@PRICE``).

    A company's list may be shorter than the rounds: its last entry repeats.  Companies and
    kinds are checked here so a typing slip is refused with the reason.
    """
    ruleset: Any = game.ruleset
    out: dict[str, list[tuple[int, str | None]]] = {}
    pins: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in spec.replace("\n", ";").split(";"))):
        if "=" not in part:
            raise Refusal(f"`{part}`: write COMPANY=REVENUE[:KIND][,REVENUE[:KIND]...][@PRICE]")
        name, runs_text = part.split("=", 1)
        cid = ruleset.company_id(game.state, name.strip())
        runs_text, at, pin = runs_text.partition("@")
        if at:
            pin = pin.strip()
            if not _digits(pin):
                raise Refusal(f"`@{pin}`: a final price is a whole number")
            pins[cid] = int(pin)
            if not 0 <= pins[cid] <= MAX_REVENUE:
                raise Refusal(f"{cid}: a final price of {pins[cid]} is out of range")
        options = ruleset.payout_options(game.state, cid)
        runs: list[tuple[int, str | None]] = []
        for item in filter(None, (x.strip() for x in runs_text.split(","))):
            revenue_text, _, kind = item.partition(":")
            revenue_text = revenue_text.strip()
            if not _digits(revenue_text):
                raise Refusal(f"`{item}`: the revenue must be a whole number")
            revenue = int(revenue_text)
            if not 0 <= revenue <= MAX_REVENUE:
                raise Refusal(f"{cid}: a revenue of {revenue} is out of range")
            kind = kind.strip().lower() or None
            if kind is None:
                kind = None if options == ("split",) else (options[0] if options else None)
            elif kind not in options:
                rule = ruleset.rule_numbers.get("dividend")
                raise Refusal(
                    f"{cid} cannot {kind} now: it may {', '.join(options) or 'not run'}"
                    + (f" ({rule})" if rule else "")
                )
            runs.append((revenue, kind))
        if not runs and not at:
            raise Refusal(f"{cid}: no revenue given")
        if runs:
            while len(runs) < rounds:
                runs.append(runs[-1])
            out[cid] = runs[:rounds]
    return out, pins


def _digits(text: str) -> bool:
    """Whether ``text`` is a number in digits 0-9, a sign allowed, as the script writes
    one (``int`` alone reads ``١٢٠`` and ``1_0``: the hardening audit)."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    return 0 < len(digits) <= 30 and digits.isascii() and digits.isdigit()


def project(
    game: Game,
    runs: Mapping[str, Sequence[tuple[int, str | None]]] | None = None,
    ors: int | None = None,
    progress: Progress | None = None,
    final_prices: Mapping[str, int] | None = None,
) -> Projection:
    """Play the remaining operating rounds on a copy of the state and score the result.

    ``runs`` overrides :func:`default_runs` per company; ``final_prices`` sets a company's
    final price by hand, as a spreadsheet lets the table do (shown as set by hand).
    Each run goes through the title's receipt, so dividends, treasury and pool payouts
    and price moves are the rules' own; private income is paid at the start of each new
    round as the rules pay it.  The game itself is untouched.
    """
    ruleset: Any = game.ruleset
    if game.state.ended:
        # the reason is `score`'s first line; said here again, the line ran past 200 columns
        raise Refusal(
            "the game has ended: nothing is left to project; its score is final (`score`)"
        )
    rounds = projected_rounds(game, ors)
    per_set = rounds_a_set(game)
    inputs = default_runs(game, ors)
    given: set[str] = set()
    for name, runs_given in (runs or {}).items():
        cid = ruleset.company_id(game.state, name)
        if cid not in inputs:
            raise Refusal(f"{cid} does not operate in the rounds projected")
        inputs[cid] = list(runs_given)
        given.add(cid)
    state = game.state.clone()
    received: dict[str, dict[str, int]] = {p.name: {} for p in state.ledger.players}
    per_share: dict[str, list[int | None]] = {cid: [] for cid in inputs}
    exact: dict[str, list[str | None]] = {cid: [] for cid in inputs}
    used: dict[str, list[tuple[int, str | None] | None]] = {cid: [] for cid in inputs}
    texts: dict[str, list[str]] = {cid: [] for cid in inputs}
    split_with: dict[str, tuple[str, str]] = {}  # company -> (owner, rule)
    price_now = {cid: ruleset.score_price(state, state.company(cid)) for cid in inputs}
    notes: list[str] = []
    if getattr(ruleset, "pay_interest", None) is not None:
        # what the engine plays here and what it leaves to the table (1817 part 1)
        notes.append(
            f"Each projected turn ends as the real one does: interest at the rate fixed at "
            f"the round's start, the loans a short corporation takes by itself or its "
            f"liquidation ({ruleset.r('interest')}), and the trains exported after each "
            f"round ({ruleset.r('export')}). Left out: loans taken or paid back by choice, "
            f"train purchases (a corporation without a train would liquidate at its turn's "
            f"end, {ruleset.r('no_train')}), and the {ruleset.later_rounds}."
        )
    in_or = game.state.round_kind == "OR"
    # the round under way is over, its end's work done (1817: paused for the later rounds
    # after its exports): nothing of it is played again
    over_now = in_or and game.state.operating is None
    done_now = set(game.state.operated) - (
        {game.state.operating} if game.state.operating and not game.state.ran else set()
    )
    total_steps = max(1, len(rounds) * max(1, len(inputs)))
    step = 0
    ended: str | None = None  # why the projected game ended (nothing is played after it)
    # the round set the bank broke in; the copy's round number stays the game's, so a
    # break during the projection is dated by the round played (1846 10.1, 1830 25.0)
    broken_set = game.state.broken_in_round if game.state.bank_broken else None
    # The labels follow the sets as played: a set begun in the projection has the operating
    # rounds of the phase it begins in (1830 22.0, 1847 AE and 1853 Table 6), which a
    # projected export may have changed (18Chesapeake §10.9: the first 3 exported at the end
    # of a phase 2 set gives the next set two rounds, not one).
    set_number, place = (int(x) for x in rounds[0].split()[1].split(".")) if rounds else (1, 1)
    set_size, labels = per_set, []
    for k in range(len(rounds)):
        label = f"OR {set_number}.{place}"
        labels.append(label)
        if ended is None:
            ended = _ended_before(ruleset, broken_set, label)
            if ended is not None:
                notes.append(ended)
        if ended is None and (k > 0 or not in_or):
            ruleset._private_income(state)
            state.ledger.events = []  # private income: in every owner's cash, not a note
            # the round's own start as the real one makes it (1817: the interest rate fixed,
            # facts §6; the mail contracts' income, facts §1; 1830 family: capital due)
            ruleset.operating_round_started(state)
            _said(ruleset, state, label, notes)
        for cid in inputs:
            step += 1
            if progress is not None:
                progress(step, total_steps)
            if ended is not None or (k == 0 and in_or and cid in done_now):
                per_share[cid].append(None)
                exact[cid].append(None)
                used[cid].append(None)
                if ended is None and k == 0 and cid == game.state.operating:
                    # it has run but its turn has not ended: its interest is still due
                    _turn_ended(ruleset, state, cid, label, notes)
                continue
            revenue, option = inputs[cid][k] if k < len(inputs[cid]) else inputs[cid][-1]
            if revenue and cid not in given and not state.company(cid).trains:
                # its trains rusted or were phased out in the projection (an export, 1817):
                # no train, no run, as default_runs says of one that has none now
                revenue = 0
                notes.append(f"{label}: {cid} has no train left: it runs nothing.")
            try:
                receipt = ruleset.receipt(state, cid, revenue, option)
            except Refusal as exc:
                raise Refusal(f"{label}, {cid} {revenue}: {exc}") from None
            for line in receipt.lines:
                if line.amount:
                    ruleset.bank_pays(state, line.who, line.amount, f"{cid} run (projection)")
                    if line.who in received:
                        got = received[line.who]
                        got[cid] = got.get(cid, 0) + line.amount
            if receipt.option == "split":
                owners = [line.who for line in receipt.lines if line.who in received]
                if owners:
                    split_with[cid] = (owners[0], receipt.rule)
            if receipt.retained:
                ruleset.bank_pays(state, cid, receipt.retained, f"{cid} retains (projection)")
            if receipt.price_steps and state.market.has(cid):
                state.market.move(cid, receipt.price_steps)
            per_share[cid].append(receipt.per_share)
            exact[cid].append(receipt.per_share_exact)
            used[cid].append((revenue, receipt.option))
            texts[cid].append(receipt.text())
            _turn_ended(ruleset, state, cid, label, notes)
            why = ruleset.run_ends_game(state, cid)
            if why is not None:
                ended = f"The game ends in {label}: {why}; nothing is played after it."
                notes.append(ended)
        if ended is None and not (k == 0 and over_now):
            # the title's work at the end of a round played out (1847 AE 4.1: Krauss & Co.
            # one left after a round with no train bought), as the real round's end does it
            ruleset.operating_round_ended(state)
            _exports(ruleset, state, label, set_size)
            _said(ruleset, state, label, notes)
        state.ledger.events = []
        place += 1
        if place > set_size:
            set_number, place = set_number + 1, 1
            set_size = _set_size(ruleset, state, set_size)
        if broken_set is None and state.bank_broken:
            broken_set = _set_of(label)
        if ended is None and state.bank_broken and ruleset.bank_ends_with_the_or:
            ended = f"The game ends with {label}: the bank has broken ({ruleset.r('bank_broken')})."
            if k + 1 < len(rounds):
                notes.append(ended)
    if state.bank_broken and not game.state.bank_broken:
        after = "operating round" if ruleset.bank_ends_with_the_or else "set"
        notes.append(
            f"The bank breaks during these rounds ({ruleset.r('bank_broken')}): the game ends "
            f"after that {after}."
        )
    pins = {ruleset.company_id(game.state, k): v for k, v in (final_prices or {}).items()}
    for cid, pin in pins.items():
        if cid not in inputs:
            raise Refusal(f"{cid} does not operate in the rounds projected")
        ruled = ruleset.score_price(state, state.company(cid))
        notes.append(
            f"{cid}'s final price is set by hand at {ruleset.money(pin)} "
            f"(the rules give {ruleset.money(ruled or 0)})."
        )
    companies = []
    for cid in inputs:
        co = state.company(cid)
        companies.append(
            CompanyProjection(
                company=cid,
                price_now=price_now[cid],
                runs=tuple(used[cid]),
                per_share=tuple(per_share[cid]),
                final_price=pins.get(cid, ruleset.score_price(state, co))
                if co.kind == "corporation"
                else None,
                receipts=tuple(texts[cid]),
                pinned=cid in pins,
                split_with=split_with[cid][0] if cid in split_with else None,
                per_share_exact=tuple(exact[cid]),
            )
        )
    for cid, (owner, rule) in split_with.items():
        half = received[owner].get(cid, 0)
        notes.append(
            f"{cid} splits its revenue: it has no shares and no price (Stock and Sum: -); "
            f"each run pays half to its treasury and half to its owner, {owner} ({rule}), "
            f"whose {cid} amt is that half, {ruleset.money(half)} in all."
        )
    players = []
    totals: dict[str, int] = {}
    for p in state.ledger.players:
        items = [_pinned(i, pins) for i in ruleset.score_items(state, p.name)]
        total = sum(i.value for i in items if i.counted)
        shares = {i.what: i.count for i in items if i.kind == "shares"}
        amounts: dict[str, int] = {}
        for cid in [*inputs, *shares]:
            value = received[p.name].get(cid, 0)
            value += next((i.value for i in items if i.kind == "shares" and i.what == cid), 0)
            if value:
                amounts[cid] = value
        dividends = sum(received[p.name].values())
        cash_on_hand = p.cash - dividends
        other = sum(i.value for i in items if i.counted and i.kind not in ("cash", "shares"))
        # Shares of companies that do not run still count at their price.
        extra = [cid for cid in shares if cid not in inputs]
        if extra:
            verb = "does" if len(extra) == 1 else "do"
            notes.append(f"{p.name} also holds {', '.join(extra)}, which {verb} not run.")
        players.append(PlayerProjection(p.name, shares, amounts, cash_on_hand, other, total))
        totals[p.name] = total
    return Projection(
        title=game.title,
        rounds=tuple(labels),
        companies=tuple(companies),
        players=tuple(players),
        places=tuple(ruleset.places(state, totals)),
        currency=ruleset.currency,
        notes=tuple(notes),
    )


# ================================================================= history
@dataclass(frozen=True)
class RoundRecord:
    """Where money stood at the end of one round (``current``: the round still going on)."""

    label: str
    entries: int
    """Journal entries applied by then."""
    cash: dict[str, int]
    value: dict[str, int]
    prices: dict[str, int]
    runs: dict[str, tuple[int, str, int]]
    """Per company that ran in the round: revenue, payout kind, dividend per share."""
    bank: int
    current: bool = False
    per_share_exact: dict[str, str] = field(default_factory=dict)
    """Per company whose run's shares did not divide its payout: the amount a share to
    the cent (1817: ``26.60``), as the run's receipt said it; the whole figure of
    :attr:`runs` is then no share's rate."""
    mail: dict[str, int] = field(default_factory=dict)
    """Per company whose run in the round had a mail run (1853, 4.6.6): its amount, paid
    to the company beside the revenue of :attr:`runs` (the ruleset's ``run_mail``)."""

    def per_share_figure(self, cid: str) -> int | str:
        """``cid``'s amount a share in the round as every view shows it: ``26.60`` where
        the shares did not divide the payout, else the whole amount."""
        return self.per_share_exact.get(cid) or self.runs[cid][2]


@dataclass
class _HistoryCache:
    """A replay kept between calls, so the history grows with the journal."""

    entries: int = 0
    last_entry: object = None
    state: GameState | None = None
    records: list[RoundRecord] = field(default_factory=list)
    runs: dict[str, tuple[int, str, int]] = field(default_factory=dict)
    exact: dict[str, str] = field(default_factory=dict)
    mail: dict[str, int] = field(default_factory=dict)


def _run_exact(ruleset: Any, state: GameState, ev: DividendPaid) -> str | None:
    """A run's amount a share to the cent where its shares did not divide the payout (the
    title's ``exact_per_share``, as the receipt said it), read after the run."""
    exact = getattr(ruleset, "exact_per_share", None)
    paid = ev.revenue - ev.retained
    if (
        exact is None
        or ev.option == "split"
        or paid <= 0
        or ev.company not in state.ledger.companies
    ):
        return None
    return exact(state.company(ev.company), paid)  # type: ignore[no-any-return]


def _record(
    game: Game,
    state: GameState,
    label: str,
    n: int,
    runs: dict[str, tuple[int, str, int]],
    current: bool = False,
    exact: dict[str, str] | None = None,
    mail: dict[str, int] | None = None,
) -> RoundRecord:
    ruleset: Any = game.ruleset
    prices = {
        co.id: price
        for co in state.ledger.companies.values()
        if not co.closed
        and (price := ruleset.score_price(state, co)) is not None
        and co.kind == "corporation"
        and co.launched
    }
    return RoundRecord(
        label=label,
        entries=n,
        cash={p.name: p.cash for p in state.ledger.players},
        value={p.name: ruleset.player_value(state, p.name) for p in state.ledger.players},
        prices=prices,
        runs=dict(runs),
        bank=state.ledger.bank,
        current=current,
        per_share_exact=dict(exact or {}),
        mail=dict(mail or {}),
    )


def history(game: Game, progress: Progress | None = None) -> list[RoundRecord]:
    """One record at the end of every round (setup included), then the round going on.

    The first record is always the setup, the position before the first stock-round
    command.  The setup ends without a command of its own: the first stock-round command
    (1846's first ``par``, 1847 Pfalz's first purchase from the package) starts stock
    round 1 and belongs to it, so the setup is recorded before that command.  A title
    whose game opens with the first stock round (1847 AE, 3.3) has the starting position
    as its setup.  Every other round is recorded after its last command.

    Derived from the journal by replay; the replay is kept per game and only the new
    entries are replayed next time (an undo or rewind starts again from the beginning).
    """
    cache = game.derived.get("history")
    journal = game.journal
    if (
        cache is None
        or cache.state is None
        or cache.entries > len(journal)
        or (cache.entries and journal[cache.entries - 1] is not cache.last_entry)
    ):
        cache = _HistoryCache(state=game.initial_state())
        if game.round_label(cache.state) != "setup":
            cache.records.append(_record(game, cache.state, "setup", 0, {}))
        game.derived["history"] = cache
    assert cache.state is not None
    state = cache.state
    total = len(journal)
    run_mail = getattr(game.ruleset, "run_mail", None)
    for n in range(cache.entries, total):
        entry = journal[n]
        before, was_ended = game.round_label(state), state.ended
        if entry.round != before:
            # The round ended without a command of its own (the setup): this command
            # belongs to the next round, so the round is recorded before it acts.
            cache.records.append(
                _record(game, state, before, n, cache.runs, False, cache.exact, cache.mail)
            )
            cache.runs, cache.exact, cache.mail = {}, {}, {}
            before = entry.round
        game.ruleset.apply(state, entry.command)
        state.ledger.events = []
        for ev in entry.events:
            if isinstance(ev, DividendPaid):
                cache.runs[ev.company] = (ev.revenue, ev.option, ev.per_share)
                exact = _run_exact(game.ruleset, state, ev)
                if exact is None:
                    cache.exact.pop(ev.company, None)
                else:
                    cache.exact[ev.company] = exact
                # 1853's mail run (4.6.6): in the run's event, not in its revenue
                mail = run_mail(ev) if run_mail is not None else 0
                if mail:
                    cache.mail[ev.company] = mail
                else:
                    cache.mail.pop(ev.company, None)
        if game.round_label(state) != before or (state.ended and not was_ended):
            cache.records.append(
                _record(game, state, before, n + 1, cache.runs, False, cache.exact, cache.mail)
            )
            cache.runs, cache.exact, cache.mail = {}, {}, {}
        if progress is not None and (n % 50 == 0 or n == total - 1):
            progress(n + 1, total)
    cache.entries, cache.last_entry = total, (journal[-1] if journal else None)
    out = list(cache.records)
    if not state.ended:
        out.append(
            _record(
                game,
                state,
                game.round_label(state),
                total,
                cache.runs,
                True,
                cache.exact,
                cache.mail,
            )
        )
    return out
