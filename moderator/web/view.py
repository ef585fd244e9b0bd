"""What the table view's templates draw, laid out from a snapshot (no rules here).

:func:`page_model` turns a :meth:`moderator.follow.GameSource.snapshot` into plain
lists and dicts the Jinja templates only print: every figure comes from the state
JSON, the score, the receipts and the log of the snapshot; nothing is computed here
beyond choosing what goes where (the order of companies, the market's cells).
"""

from __future__ import annotations

from typing import Any

from moderator.export import CSV_FILES
from moderator.market import ZONE_MARKS, linear_stack, zone_legend
from moderator.narrate import place_names, president_shown, title_word
from moderator.text import capital, shorts_held
from moderator.text import money as _grouped
from moderator.web.colours import css_class
from rulesets.names import title_name

LOG_PAGE = 100
"""How many older commands the log's "Show older commands" button fetches at a time."""
LOG_REST = 125
"""... or all of them when no more than this are left: no page leaves a command or two
behind for another tap (issue 38.6: "1 older command is hidden")."""


def log_step(hidden: int) -> int:
    """How many older commands the log's button fetches with ``hidden`` left."""
    return hidden if hidden <= LOG_REST else LOG_PAGE


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_NAMES = tuple(CSV_FILES)
"""The CSV downloads (``final.csv``, ...), as ``moderator export --csv`` names them."""
DOWNLOADS = {"game.xlsx": XLSX, **{name: "text/csv; charset=utf-8" for name in CSV_NAMES}}
"""What the page offers to download (``/download/NAME``), with its content type."""


def money(currency: str, amount: int | None) -> str:
    """``$1,100``, ``-$20``, ``£61``, ``M92`` (:func:`moderator.text.money`); empty for no
    amount."""
    return "" if amount is None else _grouped(currency, amount)


def _acting(state: dict[str, Any]) -> str | None:
    """Who acts: the engine's ``to_act``, as the TUI's header names it (issue 37.3: after
    an 1830 purchase the next player, not the buyer); ``turn`` in an older state."""
    acting = state.get("to_act", state.get("turn"))
    return acting if isinstance(acting, str) else None


def _round_text(state: dict[str, Any], label: str) -> str:
    kind = (state.get("round") or {}).get("kind")
    if label == "setup":  # the state's round is stock round 1 to come: not "Stock round setup"
        return "Setup"
    names = {"SR": "Stock round", "OR": "Operating round"}
    # 1817 (facts §9, §10): the rounds after an OR keep its number; said as the TUI does
    if kind == "OR" and isinstance(state.get("acquisition"), dict):
        return f"Acquisition round {label.split(' ', 1)[-1]}"
    if kind == "OR" and isinstance(state.get("merger"), dict):
        return f"Merger and conversion round {label.split(' ', 1)[-1]}"
    if kind in names:
        return f"{names[kind]} {label.split(' ', 1)[-1]}"
    return label.capitalize()


def _players(snap: dict[str, Any]) -> list[dict[str, Any]]:
    state = snap["state"]
    cur = snap["currency"]
    acting = _acting(state)
    presidents = {co["id"]: co.get("president") for co in state.get("companies", [])}
    names = {co["id"]: co.get("name") or co["id"] for co in state.get("companies", [])}
    scores = {p["name"]: p for p in (snap.get("score") or {}).get("players", [])}
    out = []
    for p in state.get("players", []):
        holdings = [
            {
                "id": cid,
                "pct": pct,
                "cls": css_class(cid, snap["title"]),
                "president": presidents.get(cid) == p["name"],
                "name": names.get(cid, cid),
            }
            for cid, pct in (p.get("shares") or {}).items()
            if pct
        ]
        score = scores.get(p["name"], {})
        extra = []
        left_out: dict[str, list[str]] = {}  # what the score leaves out, by its rule
        counted_shorts = []  # 1817 facts §5, §14: each short minus the price, the engine's
        for item in score.get("items") or []:
            if item.get("kind") == "short" and item.get("counted", True):
                counted_shorts.append(
                    f"{shorts_held(item['what'], -item['count'])} × "
                    f"{money(cur, item['price'])} = {money(cur, item['value'])}"
                    + (f", {item['note']}" if item.get("note") else "")
                )
            if not item.get("counted", True):
                what = item["what"]
                shown = f"{what} {money(cur, item['value'])}" if item.get("value") else what
                left_out.setdefault(item.get("note") or "", []).append(shown)
        if p.get("bond"):
            extra.append(f"bond {money(cur, p['bond'])}")
        for cid, count in (p.get("unredeemed") or {}).items():
            if count:
                extra.append(f"{cid} unredeemed {count}")
        out.append(
            {
                "name": p["name"],
                "cash": money(cur, p.get("cash")),
                "value": money(cur, p.get("value")),
                "certificates": p.get("certificates", 0),
                "cert_limit": state.get("cert_limit"),
                "holdings": holdings,
                # 1817 facts §5: his shorts among his holdings (``UR -1 short``)
                "shorts": [shorts_held(cid, n) for cid, n in (p.get("shorts") or {}).items() if n],
                "short_values": counted_shorts,
                "privates": [
                    {"id": pid, "name": names.get(pid, pid), "cls": css_class(pid, snap["title"])}
                    for pid in p.get("privates") or []
                ],
                "bankrupt": p.get("bankrupt", False),
                "acting": acting == p["name"],
                "priority": state.get("priority") == p["name"],
                "total": money(cur, score.get("total")),
                "place": score.get("place"),
                "extra": extra,
                "not_counted": [
                    f"{', '.join(whats)}: {note}" if note else ", ".join(whats)
                    for note, whats in left_out.items()
                ],
            }
        )
    return out


def _companies(snap: dict[str, Any]) -> dict[str, Any]:
    state = snap["state"]
    cur = snap["currency"]
    acting = _acting(state)
    names = {co["id"]: co.get("name") or co["id"] for co in state.get("companies", [])}
    running, waiting, independents, privates, closed = [], [], [], [], []
    order = {cid: i for i, cid in enumerate(state.get("operating_order") or [])}
    for co in state.get("companies", []):
        cid = co["id"]
        if co.get("closed"):
            closed.append(
                {"id": cid, "cls": css_class(cid, snap["title"]), "name": co.get("name") or cid}
            )
            continue
        if co["kind"] == "private":
            owner = co.get("owner")
            privates.append(
                {
                    "id": cid,
                    "name": co.get("name") or cid,
                    "owner": owner or "for sale",
                    "income": money(cur, co.get("income")) if co.get("income") else "",
                    "value": money(cur, co.get("value")) if co.get("value") else "",
                    "cls": css_class(cid, snap["title"]),
                }
            )
            continue
        entry = {
            "id": cid,
            "name": co.get("name") or cid,
            "cls": css_class(cid, snap["title"]),
            "cash": money(cur, co.get("cash")),
            "price": money(cur, co.get("price")),
            "par": money(cur, co.get("par")) if co.get("par") else "",
            "president": president_shown(co.get("president")) or co.get("owner") or "",
            "trains": list(co.get("trains") or []),
            "phased_out": list(co.get("phased_out") or []),
            "privates": [
                {"id": pid, "name": names.get(pid, pid)} for pid in co.get("privates") or []
            ],
            "ipo": co.get("ipo", 0),
            "pool": co.get("pool", 0),
            "out": co.get("out_of_game", 0),  # 18Chesapeake, two players (§13.3)
            "debt": money(cur, co.get("credit_debt") or 0) if co.get("credit_debt") else "",
            "manager": co.get("manager") or "",
            "acting": acting == cid,
            "operated": co.get("operated", False),
            "order": order.get(cid),
        }
        if co["kind"] == "independent":
            entry["value"] = money(cur, co.get("value"))
            independents.append(entry)
        elif co.get("launched"):
            running.append(entry)
        else:
            waiting.append(entry)
    running.sort(key=lambda e: (e["order"] is None, e["order"] or 0))
    return {
        "running": running,
        "waiting": waiting,
        "independents": independents,
        "privates": privates,
        "closed": closed,
    }


def _market(snap: dict[str, Any]) -> dict[str, Any]:
    state = snap["state"]
    market = state.get("market") or {}
    kind = market.get("kind")
    acting = _acting(state)
    cur = snap["currency"]

    def markers(stack: list[str]) -> list[dict[str, Any]]:
        return [
            {"id": cid, "cls": css_class(cid, snap["title"]), "acting": cid == acting}
            for cid in stack
        ]

    if kind == "linear":
        zones: list[str] = market.get("zones") or []
        cells = []
        for i, v in enumerate(market.get("values") or []):
            mark = ZONE_MARKS.get(zones[i], "") if i < len(zones) else ""
            shown = f"{mark} {money(cur, v)}" if mark else money(cur, v)
            cells.append({"value": shown, "markers": markers(linear_stack(market, i))})
        legend = " · ".join(f"{m} {z}" for z, m in ZONE_MARKS.items() if z in zones)
        return {"kind": "linear", "cells": cells, "legend": legend}
    if kind == "grid":
        stacks = market.get("stacks") or {}
        pars = _par_cells(market)
        zones: list[str] = market.get("zones") or []
        rows = []
        for r, row in enumerate(market.get("rows") or []):
            rows.append(
                [
                    None
                    if v is None
                    else {
                        "value": v,
                        "par": (r, col) in pars,
                        "zone": ZONES.get(zones[r][col], "") if zones else "",
                        "markers": markers(stacks.get(f"{r},{col}", [])),
                    }
                    for col, v in enumerate(row)
                ]
            )
        legend = zone_legend(zones, snap["title"])  # only its zones, with its rule
        return {"kind": "grid", "rows": rows, "currency": cur, "zones": legend}
    if kind == "tracks":
        values = list(market.get("values") or [])
        pars = market.get("pars") or {}
        positions = market.get("positions") or {}
        corps = sorted(
            (co for co in state.get("companies", []) if co.get("kind") == "corporation"),
            key=lambda co: (co.get("number") or 99, co["id"]),
        )
        tracks = []
        for co in corps:
            cid = co["id"]
            tracks.append(
                {
                    "id": cid,
                    "number": co.get("number"),
                    "major": co.get("major", True),
                    "cls": css_class(cid, snap["title"]),
                    "acting": cid == acting,
                    "cells": [
                        {
                            "value": v,
                            "price": positions.get(cid) == v,
                            "par": pars.get(cid) == v,
                            "end": i == len(values) - 1,
                        }
                        for i, v in enumerate(values)
                    ],
                }
            )
        provisional = bool(market.get("provisional") or market.get("provisional_pars"))
        return {
            "kind": "tracks",
            "tracks": tracks,
            "currency": cur,
            "provisional": provisional,
            "end": money(cur, values[-1]) if values else "",
        }
    return {"kind": kind or "none"}


ZONES = {"y": "zone-yellow", "o": "zone-orange", "b": "zone-brown"}
"""The class of a grid space in each zone of the board (1830 10.0)."""


def _sale(snap: dict[str, Any]) -> dict[str, Any] | None:
    """1830's opening sale of the privates (7.0-7.3) while it lasts: the private on offer
    and its price, each private's bids, what each player's bids set aside, the auction."""
    sale = snap["state"].get("sale")
    if not sale:
        return None
    cur = snap["currency"]
    offer = sale.get("offer")
    return {
        "offer": None if offer is None else {**offer, "price": money(cur, offer["price"])},
        "contest": sale.get("contest"),
        "turn": sale.get("turn"),
        "privates": [
            {
                "id": entry["private"],
                "name": entry["name"],
                "face": money(cur, entry["face"]),
                "income": money(cur, entry["income"]),
                "least": money(cur, entry["least_bid"]),
                "bids": [f"{b['player']} {money(cur, b['amount'])}" for b in entry["bids"]],
            }
            for entry in sale.get("unsold") or []
        ],
        "players": [
            {
                "name": name,
                "aside": money(cur, aside),
                "free": money(cur, (sale.get("free") or {}).get(name)),
            }
            for name, aside in (sale.get("set_aside") or {}).items()
        ],
    }


def _par_cells(market: dict[str, Any]) -> set[tuple[int, int]]:
    """The grid's par spaces: given by the state, else each par value's leftmost space
    (as the terminal screen marks them)."""
    given = market.get("par_cells")
    if given:
        return {(int(r), int(c)) for r, c in given}
    rows: list[list[int | None]] = market.get("rows") or []
    found = set()
    for value in set((market.get("pars") or {}).values()):
        spaces = [(c, r) for r, row in enumerate(rows) for c, v in enumerate(row) if v == value]
        if spaces:
            col, row = min(spaces)
            found.add((row, col))
    return found


def _trains(snap: dict[str, Any]) -> dict[str, Any]:
    state = snap["state"]
    cur = snap["currency"]
    nxt = state.get("next_phase")
    return {
        "phase": state.get("phase"),
        "train_limit": state.get("train_limit"),
        "depot": [
            {
                "train": d["train"],
                "price": money(cur, d.get("price")),
                "returned": d.get("returned", False),
            }
            for d in state.get("depot") or []
        ],
        "remaining": list((state.get("depot_remaining") or {}).items()),
        "pool": list(state.get("pool_trains") or []),
        "next": None
        if not nxt
        else {
            "card": nxt.get("card", ""),
            "phase": nxt.get("phase", ""),
            "train_limit": nxt.get("train_limit", ""),
            "rusts": list(nxt.get("rusts") or []),
            "phases_out": list(nxt.get("phases_out") or []),
            "privates_close": bool(nxt.get("privates_close")),
            "effects": list(nxt.get("effects") or []),
        },
    }


def _words(title: str) -> dict[str, str]:
    """The title's words the page says: the corporation's leader (1853, 1847: director),
    its unsold shares and the bank's (1830's initial offering and bank pool, 1846's
    treasury and Stock Market), never the script's ``ipo`` and ``pool``."""
    unsold, pool, _ = place_names(title)
    leader = title_word(title, "president")
    return {"leader": leader, "Leader": capital(leader), "Unsold": capital(unsold), "pool": pool}


def page_model(snap: dict[str, Any]) -> dict[str, Any]:
    """Everything the templates print, from a snapshot."""
    state = snap["state"]
    cur = snap["currency"]
    bank = state.get("bank") or {}
    score = snap.get("score") or {}
    log = snap.get("log") or []
    oldest = min((e["number"] for e in log), default=1)  # the commands below it are hidden
    return {
        "version": snap["version"],
        "label": snap.get("label", ""),
        "whatif": snap.get("whatif"),
        "title": title_name(snap["title"]),  # as people read it: 1847 Pfalz
        "words": _words(snap["title"]),
        "currency": cur,
        "error": snap.get("error"),
        "commands": snap.get("commands", 0),
        "round": snap.get("round", ""),
        "round_text": _round_text(state, snap.get("round", "")),
        "acting": _acting(state),
        "priority": state.get("priority"),
        # 1817: an unlimited bank keeps no total (its state JSON's cash is null)
        "bank": "unlimited" if bank.get("unlimited") else money(cur, bank.get("cash")),
        "bank_broken": bool(bank.get("broken")),
        "ended": bool(state.get("ended")),
        "end_reason": state.get("end_reason"),
        "players": _players(snap),
        "companies": _companies(snap),
        "sale": _sale(snap),
        "market": _market(snap),
        "trains": _trains(snap),
        "receipts": snap.get("receipts") or [],
        "log": log,
        "log_oldest": oldest,
        "log_hidden": max(0, oldest - 1),
        "log_page": LOG_PAGE,
        "log_rest": LOG_REST,
        "log_step": log_step(max(0, oldest - 1)),
        "csv_names": [name.removesuffix(".csv") for name in CSV_NAMES],
        "score": {
            "final": bool(score.get("final")),
            "reason": score.get("reason", ""),
            # under "Score so far": that it is the score if the game ended now goes unsaid
            "why": score.get("why") or score.get("reason", ""),
            "places": [
                dict(p, money=money(cur, p.get("score"))) for p in score.get("places") or []
            ],
        },
    }
