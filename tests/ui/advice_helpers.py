"""The run dialog's payout advisor as drawn, and the same figures read off a committed run.

:func:`shown_advice` reads the advisor's table from the screen (a row per figure, a
column per payout kind).  :func:`committed_column` commits a run on the game, reads each
figure from what the game then holds (the run's own payments, the state JSON, the score,
the bank's next train bought and taken back), and undoes the run: the two must agree
for every payout kind (issue 27.6).
"""

from __future__ import annotations

from textual.widgets import Static

from moderator import commands as c
from moderator.events import CashMoved, DividendPaid, PriceMoved
from moderator.narrate import split
from moderator.scoring import score
from moderator.ui.screens.dialogs import CELL, RunDialog, ordinal
from moderator.ui.session import Session


def shown_advice(dialog: RunDialog) -> dict[str, list[str]]:
    """The advisor's rows as drawn: label -> one cell per payout kind offered."""
    text = str(dialog.query_one("#payouts", Static).render())
    lines = text.splitlines()
    if not lines:
        return {}
    count = len(dialog.options)
    width = len(lines[0]) - CELL * count  # the header: the labels' width, then the kinds
    rows: dict[str, list[str]] = {}
    for line in lines[1:]:
        label = line[:width].rstrip()
        if not label:
            continue
        cells = [line[width + i * CELL : width + (i + 1) * CELL].strip() for i in range(count)]
        rows[label] = cells
    return rows


def committed_column(session: Session, run: c.Run) -> dict[str, str]:
    """Every figure of the advisor's column for ``run``, read from the game after
    committing it (then undone: the game is as it was)."""
    game = session.game
    money = session.money
    company = run.company
    before = score(game)
    places_before = {p.name: before.place_of(p.name) for p in before.players}
    price_before = next(co for co in game.state_json()["companies"] if co["id"] == company).get(
        "price"
    )
    outcome = game.execute(run)
    assert outcome.ok, outcome.message
    try:
        own = split(outcome.command or run, outcome.events).own
        data = game.state_json()
        players = [p["name"] for p in data["players"]]
        co = next(x for x in data["companies"] if x["id"] == company)
        president = co.get("president") if co.get("president") in players else None
        if president is None and co.get("owner") in players:
            president = co["owner"]  # an 1846 independent's owner
        directors = ("1853", "1847AE", "1847Pfalz", "1847RRRRB")  # their rules say director
        director = "director" if game.title in directors else "president"

        def take(who: str) -> str:
            got = sum(
                ev.amount
                for ev in own
                if isinstance(ev, CashMoved) and ev.source == "bank" and ev.target == who
            )
            return money(got) if got else "—"

        out: dict[str, str] = {}
        paid = [ev for ev in own if isinstance(ev, DividendPaid)]
        count = game.ruleset.dividend_shares(game.state.company(company))  # type: ignore[attr-defined]
        label = "dividend a share" + (f" (of {count})" if count != 10 else "")
        out[label] = money(paid[0].per_share) if paid and paid[0].per_share else "—"
        if paid:  # a payout its shares do not divide (1817: $133 on 5) is said to the cent
            amount = paid[0].revenue - paid[0].retained
            if amount % count:
                cents = amount * 100 // count
                out[label] = f"{money(0)[:-1]}{cents // 100}.{cents % 100:02d}"
        for name in players:
            out[f"{name} ({director})" if name == president else name] = take(name)
        out[f"{company} treasury"] = take(company)
        # 1853's mail (4.6.6) is counted in the event's retained: not a dividend kept
        kept = sum(
            ev.revenue - ev.retained + (run.mail or 0) - sum(ev.payouts.values()) for ev in paid
        )
        out["bank"] = money(kept) if kept else "—"
        moved = [ev.after for ev in own if isinstance(ev, PriceMoved) and ev.company == company]
        out["price after"] = money(moved[-1] if moved else price_before)
        now = score(game)
        for p in now.players:
            place = now.place_of(p.name)
            mark = ""
            if place < places_before[p.name]:
                mark = "↑"
            elif place > places_before[p.name]:
                mark = "↓"
            out[f"  {p.name}"] = f"{money(p.total)} {ordinal(place)}{mark}"
        cash = {p["name"]: p["cash"] for p in data["players"]}
        if president is not None:
            out[f"{president}'s cash after"] = money(cash[president])
        out[f"{company} treasury after"] = money(co["cash"])
        out.update(_train_adds(session, company, president, co["cash"]))
        out.update(_interest(session, company))
        return out
    finally:
        assert game.undo() is not None


def _interest(session: Session, company: str) -> dict[str, str]:
    """1817 (facts §6): the interest paid after the run, committed (then taken back), as
    the advisor's rows say it: what goes to the bank, the loans taken for it, the
    liquidation when it stays unpaid, the price after it."""
    game = session.game
    if not hasattr(game.ruleset, "cmd_interest"):
        return {}
    data = game.state_json()
    rate = data["interest"]["rate"]
    loans = next(x for x in data["companies"] if x["id"] == company)["loans"]
    outcome = game.execute(c.Interest(corp=company))
    if not outcome.ok:
        return {}
    try:
        paid = sum(
            ev.amount for ev in outcome.events if isinstance(ev, CashMoved) and ev.target == "bank"
        )
        co = next(x for x in game.state_json()["companies"] if x["id"] == company)
        money = session.money
        gone = co["zone"] == "liquidation"
        due = f"✗ {money(paid)}" if gone else (money(paid) if paid else "—")
        return {
            f"interest due at {rate}%": due,
            "  loans taken for it": str(co["loans"] - loans) if co["loans"] > loans else "—",
            "  unpaid: liquidates": "yes" if gone else "—",
            "  price after it": money(co["price"]),
        }
    finally:
        assert game.undo() is not None


def _train_adds(
    session: Session, company: str, president: str | None, treasury: int
) -> dict[str, str]:
    """Per train the bank offers next (each of 1846's variants of its next card), what
    the president pays toward it bought now (then taken back), or why not, as the
    advisor's row ``  the TRAIN, $PRICE`` says it."""
    game = session.game
    offers = [
        x
        for x in game.ruleset.candidates(game.state)
        if isinstance(x, c.BuyTrain)
        and x.source is None
        and not x.credit
        and x.trade is None
        and x.corp == company
    ]
    out: dict[str, str] = {}
    for offer in dict.fromkeys(offers):
        price = next(
            p for name, p, _ in game.ruleset.available_variants(game.state) if name == offer.train
        )
        label = f"  the {offer.train}, {session.money(price)}"
        cash_before = {p["name"]: p["cash"] for p in game.state_json()["players"]}
        outcome = game.execute(offer)
        if not outcome.ok:
            short = max(0, price - treasury)
            out[label] = f"✗ short {session.money(short)}" if short else "✗ refused"
            continue
        try:
            cash_after = {p["name"]: p["cash"] for p in game.state_json()["players"]}
            paid = cash_before[president] - cash_after[president] if president else 0
            out[label] = session.money(paid)
        finally:
            assert game.undo() is not None
    return out


def compare(shown: dict[str, list[str]], column: int, expected: dict[str, str]) -> None:
    """The shown column ``column`` equals ``expected``, figure by figure (a row per train
    the bank offers next, and no other train row; the bank's row, whose label says what
    it covers, is drawn only when some kind leaves money in the bank)."""
    trains = {name for name in shown if name.startswith("  the ")}
    assert trains == {name for name in expected if name.startswith("  the ")}, (shown, expected)
    for label, value in expected.items():
        if label not in shown and value == "—" and label.startswith("  "):
            continue  # 1817's loans or liquidation row, drawn only when some kind has one
        if label == "bank":
            banks = [cells for name, cells in shown.items() if name.split(" (")[0] == "bank"]
            assert (banks[0][column] if banks else "—") == value, (label, shown)
            continue
        assert shown[label][column] == value, (label, column, value, shown)
