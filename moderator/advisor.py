"""The payout advisor: what each payout kind of a run would do for the whole table.

For a run (``run COMPANY REVENUE``) and each payout kind the company may use, one
:class:`PayoutColumn`, every figure of it read from the engine's trial of that very
command (``Game.trial``: the rules applied to a copy of the state, the code path of
``execute``), never worked out here:

* every holder's take: each player, the company's treasury, and what stays in the bank
  (the dividend of shares no one is paid for: the pool's or the IPO's, by the title's
  rule);
* the price after;
* the standings after: each player's value and place (``moderator.scoring``, the
  title's own score), beside the standings now;
* the president's cash after;
* the treasury against each train the bank offers the company next (1846's next card
  as a 5 and as a 4/6): each purchase tried on the state the run leaves, so what the
  president would add (a forced purchase), or why the rules would refuse it, is the
  engine's own answer;
* 1817: the interest due after the run (``interest CORP`` tried on the state the run
  leaves: the rate fixed for the operating round times the loans, the loans taken by
  themselves when the cash is short, the price after them, a liquidation when even they
  cannot pay it);
* what the bank's kept dividend covers: the holders of the shares that pay nobody, as
  the title's receipt names them (1846's pool, 1830's IPO, 1847 AE's IPO and investor
  shares: :func:`bank_label`).

The run dialog shows the columns side by side (issue 27.6); a property test commits a
random kind and compares the column with what was committed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import CashMoved, DividendPaid, Event, PriceMoved
from moderator.narrate import split
from moderator.scoring import Score, score_state

if TYPE_CHECKING:
    from moderator.game import Game
    from moderator.ledger import Company
    from moderator.state import GameState

BANK_KEEPS = "bank"
"""The key of :attr:`PayoutColumn.takes` for the dividend that stays in the bank."""


@dataclass(frozen=True)
class Standing:
    """A player's value and place (a tie shares it), now and after the run."""

    name: str
    value: int
    place: int
    value_before: int
    place_before: int


@dataclass(frozen=True)
class TrainNeed:
    """The bank's next train tried on the state after the run.

    ``president_adds`` is what the engine has the president pay toward it (a forced
    purchase); ``refused`` is the game's reason when the rules would not sell it then.
    """

    train: str
    price: int | None
    must: bool
    """Whether the company must buy a train (it would have none)."""
    treasury: int
    """The company's cash after the run."""
    president_adds: int = 0
    refused: str | None = None

    @property
    def short(self) -> int:
        """What the treasury lacks for the train (0 when it covers it)."""
        return max(0, (self.price or 0) - self.treasury)


@dataclass(frozen=True)
class InterestDue:
    """1817: the interest tried on the state after the run (``interest CORP``, facts §6).

    ``paid`` is what goes to the bank for it (by the president when the corporation
    liquidates); ``loans`` the loans taken by themselves to pay it; ``refused`` the game's
    reason when no interest can be paid then (already paid this operating round)."""

    paid: int = 0
    loans: int = 0
    liquidates: bool = False
    price_after: int | None = None
    treasury: int | None = None
    refused: str | None = None


def interest_due(game: Game, state: GameState, company: str) -> InterestDue | None:
    """The interest ``company`` would pay on ``state`` (the engine's trial of ``interest
    CORP``), or ``None`` for a title without interest."""
    ruleset = game.ruleset
    if not hasattr(ruleset, "cmd_interest"):
        return None
    found = game.trial(c.Interest(corp=company), state)
    if isinstance(found, str):
        return InterestDue(refused=found)
    after, events = found
    cid = state.company(company).id
    co = after.company(cid)
    return InterestDue(
        paid=sum(ev.amount for ev in events if isinstance(ev, CashMoved) and ev.target == "bank"),
        loans=ruleset.loans_of(after, cid) - ruleset.loans_of(state, cid),
        liquidates=bool(ruleset.in_liquidation(after, cid)),
        price_after=after.price(cid) if co.launched else None,
        treasury=co.cash,
    )


@dataclass(frozen=True)
class PayoutColumn:
    """One payout kind's figures (see the module docstring); ``refused``: the game's
    reason when the rules refuse this kind for this revenue (no other figure then)."""

    option: str | None
    refused: str | None = None
    per_share: int | None = None
    per_share_exact: str | None = None
    """The amount a share where the shares do not divide the payout (1817: $133 on 5 is
    $26.60, each holder's amount rounded up), as ``26.60``; ``None`` where
    :attr:`per_share` is exact."""
    takes: dict[str, int] = field(default_factory=dict)
    """Who receives what by the run itself: players, the company, :data:`BANK_KEEPS`."""
    price_after: int | None = None
    standings: tuple[Standing, ...] = ()
    president: str | None = None
    president_cash: int | None = None
    treasury: int | None = None
    """The company's cash after the run."""
    train: TrainNeed | None = None
    """The first of :attr:`trains` (``None``: the bank offers the company none)."""
    trains: tuple[TrainNeed, ...] = ()
    """Every train the bank offers the company next, in the ruleset's order."""
    bank_keeps: tuple[tuple[str, int], ...] = ()
    """Whose shares' dividend stays in the bank: (the receipt's name, shares)."""
    bank_rest: int = 0
    """What the bank keeps beyond those shares' dividend: 1853's odd pounds, the payout
    paid 10% a share rounded down (4.6.5: £155 pays £15 a share, £5 stays)."""
    interest: InterestDue | None = None
    """1817: the interest due after the run (``None``: a title without interest)."""


def standings(score: Score) -> dict[str, tuple[int, int]]:
    """Each player's (value, place) in ``score``."""
    return {p.name: (p.total, score.place_of(p.name)) for p in score.players}


def _takes(
    events: tuple[Event, ...], company: str, mail: int | None = None
) -> tuple[dict[str, int], int]:
    """Who received what from the run (its own payments from the bank), the bank's kept
    dividend under :data:`BANK_KEEPS`, and the dividend per share.  ``mail``: 1853's mail
    run (4.6.6), paid to the company beside the dividend: its event counts it with what the
    company keeps, so it is added back to what was paid out (else the dividend of the
    unsold and pool shares, which stays in the bank, read as nothing)."""
    takes: dict[str, int] = {}
    per_share = 0
    paid_out = 0
    for ev in events:
        if isinstance(ev, DividendPaid) and ev.company.lower() == company.lower():
            per_share = ev.per_share
            paid_out = ev.revenue - ev.retained + (mail or 0)
        elif isinstance(ev, CashMoved) and ev.source == "bank":
            takes[ev.target] = takes.get(ev.target, 0) + ev.amount
    dividends = sum(
        amount
        for ev in events
        if isinstance(ev, DividendPaid) and ev.company.lower() == company.lower()
        for amount in ev.payouts.values()
    )
    takes[BANK_KEEPS] = max(0, paid_out - dividends)
    return takes, per_share


def _per_share_exact(game: Game, company: Company, events: tuple[Event, ...]) -> str | None:
    """The run's amount a share to the cent where its shares do not divide the payout
    (:attr:`PayoutColumn.per_share_exact`)."""
    exact = getattr(game.ruleset, "exact_per_share", None)
    for ev in events:
        if isinstance(ev, DividendPaid) and ev.company == company.id and exact is not None:
            if ev.option == "split":  # an 1846 independent: no dividend a share
                return None
            return exact(company, ev.revenue - ev.retained)  # type: ignore[no-any-return]
    return None


def _price_after(events: tuple[Event, ...], company: str, before: int | None) -> int | None:
    price = before
    for ev in events:
        if isinstance(ev, PriceMoved) and ev.company.lower() == company.lower():
            price = ev.after
    return price


def next_trains(game: Game, state: GameState, company: str) -> tuple[TrainNeed, ...]:
    """Every train the bank offers ``company`` next, each tried on ``state`` (none: the
    bank offers it none, e.g. an 1846 independent or no train left).  1846 phase III
    offers its next card as a 5 at $500 and as a 4/6 at $450: both are named."""
    ruleset = game.ruleset
    offers = [
        x
        for x in ruleset.candidates(state)
        if isinstance(x, c.BuyTrain)
        and x.source is None
        and not x.credit
        and x.trade is None
        and x.corp.lower() == company.lower()
    ]
    if not offers:
        return ()
    prices = {name: p for name, p, _ in ruleset.available_variants(state)}
    forced = getattr(ruleset, "_forced_purchase", None)
    must = forced is not None and forced(state) is not None
    out: list[TrainNeed] = []
    for offer in dict.fromkeys(offers):
        price = prices.get(offer.train)
        co = state.company(offer.corp)
        found = game.trial(offer, state)
        if isinstance(found, str):
            out.append(TrainNeed(offer.train, price, must, co.cash, refused=found))
            continue
        president = co.president()
        adds = sum(
            ev.amount
            for ev in found[1]
            if isinstance(ev, CashMoved) and president is not None and ev.source == president
        )
        out.append(TrainNeed(offer.train, price, must, co.cash, president_adds=adds))
    return tuple(out)


def next_train(game: Game, state: GameState, company: str) -> TrainNeed | None:
    """The first of :func:`next_trains` (``None``: the bank offers ``company`` none)."""
    found = next_trains(game, state, company)
    return found[0] if found else None


def _bank_keeps(game: Game, run: c.Run, option: str | None) -> tuple[tuple[str, int], ...]:
    """Whose shares' dividend stays in the bank for ``run`` paid out by ``option``: the
    receipt's lines that pay nothing (1846's pool, 6.73; 1847 AE's IPO and investor
    shares, 6.7.4), each with its shares."""
    try:
        receipt = game.receipt(run.company, run.revenue, option, run.mail)
    except Refusal:
        return ()
    return tuple((x.who, x.shares) for x in receipt.lines if x.shares and not x.amount)


def _bank_rest(
    kept: int, keeps: tuple[tuple[str, int], ...], per_share: int, exact: str | None
) -> int:
    """What the bank keeps beyond the dividend of the shares in ``keeps`` (1853 4.6.5:
    the odd pounds of a payout paid 10% a share rounded down); none where the amount a
    share is no whole figure (1817: each holder's amount rounded, said to the cent)."""
    if exact is not None:
        return 0
    return max(0, kept - per_share * sum(n for _, n in keeps))


def bank_label(columns: list[PayoutColumn]) -> str:
    """The advisor's row of the dividend kept by the bank, saying whose shares it covers
    (``bank (pool 1 sh)``, ``bank (ipo 4, investor 2 sh)``) and, in 1853, the odd pounds
    of a payout rounded down (``bank (unsold 3 sh + rounding)``, 4.6.5)."""
    kept: dict[str, int] = {}
    for col in columns:
        for who, shares in col.bank_keeps:
            kept.setdefault(who, shares)
    parts = [", ".join(f"{who} {n}" for who, n in kept.items()) + " sh"] if kept else []
    if any(col.bank_rest for col in columns):  # 1853 4.6.5: the odd pounds stay too
        parts.append("rounding")
    return f"bank ({' + '.join(parts)})" if parts else "bank"


def advise(game: Game, run: c.Run, options: list[str | None]) -> list[PayoutColumn]:
    """One column per payout kind in ``options`` for ``run``'s revenue (and mail)."""
    now = standings(score_state(game, game.state))
    company = game.state.company(run.company)
    cid = company.id
    price_now = game.state.price(cid) if company.launched else None
    players = {p.name for p in game.state.ledger.players}
    columns: list[PayoutColumn] = []
    for option in options:
        cmd = run.model_copy(update={"option": option})
        found = game.trial(cmd)
        if isinstance(found, str):
            columns.append(PayoutColumn(option, refused=found))
            continue
        after, events = found
        own = split(cmd, events).own  # the run itself: not what follows (the next round's)
        takes, per_share = _takes(own, cid, cmd.mail)
        exact = _per_share_exact(game, company, own)
        later = standings(score_state(game, after))
        co_after = after.company(cid)
        # the president (an 1846 independent's owner), when a player
        owner = co_after.president() if co_after.kind == "corporation" else co_after.owner
        if owner not in players:
            owner = None
        trains = next_trains(game, after, cid)
        keeps = _bank_keeps(game, cmd, option) if takes.get(BANK_KEEPS) else ()
        columns.append(
            PayoutColumn(
                option,
                per_share=per_share if any(isinstance(e, DividendPaid) for e in own) else None,
                per_share_exact=exact,
                takes=takes,
                price_after=_price_after(own, cid, price_now),
                standings=tuple(
                    Standing(name, value, place, *now.get(name, (value, place)))
                    for name, (value, place) in later.items()
                ),
                president=owner,
                president_cash=after.ledger.player(owner).cash if owner else None,
                treasury=co_after.cash,
                train=trains[0] if trains else None,
                trains=trains,
                bank_keeps=keeps,
                bank_rest=_bank_rest(takes.get(BANK_KEEPS, 0), keeps, per_share, exact),
                interest=interest_due(game, after, cid),
            )
        )
    return columns
