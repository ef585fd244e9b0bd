"""What to change on the table after a correction (or a kept what-if): the real game as
it is now set against the amended one, holder by holder.

The table mirrors the real game: the bank's and each player's money, the certificates,
the price markers, the trains, the privates, the round and phase markers.  A correction of
a past line (:mod:`moderator.amend`) changes some of them, often far from the line amended
(a run paid $10 more moves $1 a share to every holder; a purchase now unaffordable leaves
a train in the bank).  The bank never acts unseen: :func:`table_changes` lists every such
figure, before and after, so the banker sets the table to the corrected game before the
next line is played.  Computed from the two games' state JSON, the same the screens show.

No Textual here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from moderator.game import Game
from moderator.narrate import place_names, title_word
from moderator.text import money

__all__ = ["TableChange", "data_changes", "table_changes"]


@dataclass(frozen=True)
class TableChange:
    """One figure on the table that differs: its holder, what it is, before and after."""

    holder: str
    """``the bank``, ``the game``, a player's name or a company's id."""
    what: str
    """``cash``, ``PRR shares``, ``price``, ``trains``, ``president``, ``phase``..."""
    before: str
    after: str
    delta: str = ""
    """The size of a change of money (``+$10``, ``-$3``), else ``""``."""

    def text(self) -> str:
        """``Amy: cash $50 → $60 (+$10)``."""
        tail = f" ({self.delta})" if self.delta else ""
        return f"{self.holder}: {self.what} {self.before} → {self.after}{tail}"


def _money(currency: str, value: Any) -> str:
    """``$40``, ``-£230`` (a bank paid past its cash, 1853), ``—``."""
    if value is None:
        return "—"
    if isinstance(value, int):
        return money(currency, value)
    return f"{currency}{value}"


def _delta(currency: str, a: Any, b: Any) -> str:
    if not (isinstance(a, int) and isinstance(b, int)) or a == b:
        return ""
    return f"{'+' if b > a else '-'}{money(currency, abs(b - a))}"


def _items(values: Any) -> str:
    """A list of trains or privates in words: ``2, 3, 3`` (``none``)."""
    if not values:
        return "none"
    return ", ".join(str(v) for v in sorted(values, key=str))


def _moved(before: Any, after: Any) -> str:
    """What a list gained and lost: ``+4 −2`` (a multiset difference)."""
    a, b = Counter(map(str, before or ())), Counter(map(str, after or ()))
    gained = sorted((b - a).elements())
    lost = sorted((a - b).elements())
    return " ".join([*(f"+{x}" for x in gained), *(f"−{x}" for x in lost)])


def _percent(value: Any) -> str:
    return f"{value or 0}%"


def _keyed(rows: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    return {row[key]: row for row in rows}


def _money_row(
    out: list[TableChange], holder: str, what: str, currency: str, a: Any, b: Any
) -> None:
    if a != b:
        out.append(
            TableChange(
                holder, what, _money(currency, a), _money(currency, b), _delta(currency, a, b)
            )
        )


def _list_row(out: list[TableChange], holder: str, what: str, a: Any, b: Any) -> None:
    if Counter(map(str, a or ())) != Counter(map(str, b or ())):
        out.append(TableChange(holder, what, _items(a), _items(b), _moved(a, b)))


def _word_row(out: list[TableChange], holder: str, what: str, a: Any, b: Any) -> None:
    if a != b:
        out.append(
            TableChange(holder, what, "—" if a is None else str(a), "—" if b is None else str(b))
        )


def table_changes(real: Game, amended: Game) -> list[TableChange]:
    """Every figure on the table that differs between ``real`` (the table as it is) and
    ``amended`` (the corrected game): the game's round, phase, turn and priority; the bank's
    cash; each player's cash, shares, privates (1817: shorts; 1853: bond); each company's
    treasury, price, president, trains, privates, shares in the IPO and the pool (1817:
    loans); the trains left in the bank and in its pool; the end of the game.  In that
    order, holders in the real game's order."""
    return data_changes(
        real.ruleset.currency,
        real.state_json(),
        amended.state_json(),
        (real.round_label(), amended.round_label()),
    )


def data_changes(
    currency: str, a: dict[str, Any], b: dict[str, Any], rounds: tuple[str, str]
) -> list[TableChange]:
    """:func:`table_changes` from the two games' state JSON (``a``: the table as it is,
    ``b``: the game it is set to) and their round labels: also what an undo or a rewind
    changes on the table (the TUI's log lists it, as after a correction)."""
    out: list[TableChange] = []
    game = "the game"
    _word_row(out, game, "round", *rounds)
    _word_row(out, game, "phase", a.get("phase"), b.get("phase"))
    _word_row(out, game, "to act", a.get("to_act"), b.get("to_act"))
    _word_row(out, game, "priority deal", a.get("priority"), b.get("priority"))
    rate_a, rate_b = (a.get("interest") or {}).get("rate"), (b.get("interest") or {}).get("rate")
    if rate_a != rate_b:
        out.append(TableChange(game, "interest rate", f"{rate_a}%", f"{rate_b}%"))
    bank_a, bank_b = (a.get("bank") or {}).get("cash"), (b.get("bank") or {}).get("cash")
    if bank_a is not None or bank_b is not None:
        _money_row(out, "the bank", "cash", currency, bank_a, bank_b)

    players_b = _keyed(b.get("players", []), "name")
    for pa in a.get("players", []):
        name = pa["name"]
        pb = players_b.get(name, {})
        _money_row(out, name, "cash", currency, pa.get("cash"), pb.get("cash"))
        shares_a, shares_b = pa.get("shares") or {}, pb.get("shares") or {}
        for cid in [*shares_a, *(c for c in shares_b if c not in shares_a)]:
            if (shares_a.get(cid) or 0) != (shares_b.get(cid) or 0):
                out.append(
                    TableChange(
                        name,
                        f"{cid} shares",
                        _percent(shares_a.get(cid)),
                        _percent(shares_b.get(cid)),
                    )
                )
        shorts_a, shorts_b = pa.get("shorts") or {}, pb.get("shorts") or {}
        for cid in [*shorts_a, *(c for c in shorts_b if c not in shorts_a)]:
            _word_row(out, name, f"{cid} shorts", shorts_a.get(cid, 0), shorts_b.get(cid, 0))
        _list_row(out, name, "privates", pa.get("privates"), pb.get("privates"))
        if "bond" in pa or "bond" in pb:
            _money_row(out, name, "bond", currency, pa.get("bond"), pb.get("bond"))
        if pa.get("bankrupt") != pb.get("bankrupt"):
            _word_row(out, name, "bankrupt", _yes(pa.get("bankrupt")), _yes(pb.get("bankrupt")))

    companies_b = _keyed(b.get("companies", []), "id")
    order = [co["id"] for co in a.get("companies", [])]
    order += [cid for cid in companies_b if cid not in order]
    companies_a = _keyed(a.get("companies", []), "id")
    # the title's words (1853's director, 1830's initial offering and bank pool)
    leader = title_word(a.get("title"), "president")
    unsold, pool, _ = place_names(a.get("title"))
    for cid in order:
        ca, cb = companies_a.get(cid, {}), companies_b.get(cid, {})
        if ca == cb:
            continue
        if (ca or cb).get("kind") == "private":  # its owner shows in the holders' rows
            if bool(ca.get("closed")) != bool(cb.get("closed")):
                _word_row(out, cid, "closed", _yes(ca.get("closed")), _yes(cb.get("closed")))
            continue
        if bool(ca.get("launched")) != bool(cb.get("launched")):
            _word_row(out, cid, "launched", _yes(ca.get("launched")), _yes(cb.get("launched")))
        if bool(ca.get("closed")) != bool(cb.get("closed")):
            _word_row(out, cid, "closed", _yes(ca.get("closed")), _yes(cb.get("closed")))
        _money_row(out, cid, "treasury", currency, ca.get("cash"), cb.get("cash"))
        _money_row(out, cid, "price", currency, ca.get("price"), cb.get("price"))
        if ca.get("price") == cb.get("price") and ca.get("cell") != cb.get("cell"):
            _word_row(out, cid, "market cell", _cell(ca.get("cell")), _cell(cb.get("cell")))
        _word_row(out, cid, leader, ca.get("president"), cb.get("president"))
        _list_row(out, cid, "trains", ca.get("trains"), cb.get("trains"))
        _list_row(out, cid, "privates", ca.get("privates"), cb.get("privates"))
        for key, what in (("ipo", f"shares in the {unsold}"), ("pool", f"shares in the {pool}")):
            if (ca.get(key) or 0) != (cb.get(key) or 0):
                out.append(TableChange(cid, what, _percent(ca.get(key)), _percent(cb.get(key))))
        if "loans" in ca or "loans" in cb:
            _word_row(out, cid, "loans", ca.get("loans", 0), cb.get("loans", 0))

    left_a, left_b = a.get("depot_remaining") or {}, b.get("depot_remaining") or {}
    for train in [*left_a, *(t for t in left_b if t not in left_a)]:
        if (left_a.get(train) or 0) != (left_b.get(train) or 0):
            out.append(
                TableChange(
                    "the bank",
                    f"{train} trains left",
                    str(left_a.get(train, 0)),
                    str(left_b.get(train, 0)),
                )
            )
    _list_row(
        out,
        "the bank",
        "trains in its pool",
        [t.get("train") if isinstance(t, dict) else t for t in a.get("pool_trains") or ()],
        [t.get("train") if isinstance(t, dict) else t for t in b.get("pool_trains") or ()],
    )
    if bool(a.get("ended")) != bool(b.get("ended")):
        _word_row(
            out,
            game,
            "end",
            a.get("end_reason") or "goes on",
            b.get("end_reason") or "goes on",
        )
    return out


def _yes(flag: Any) -> str:
    return "yes" if flag else "no"


def _cell(cell: Any) -> str:
    if isinstance(cell, (list, tuple)) and len(cell) == 2:
        return f"row {cell[0] + 1}, column {cell[1] + 1}"
    return "—" if cell is None else str(cell)
