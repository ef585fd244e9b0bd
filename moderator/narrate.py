"""Narration: what the bank did by itself, as lines the banker mirrors on the table.

A banker types ``buy Amy PRR`` and moves the money and the certificate for
that purchase by hand.  What the program does *by itself* as a consequence —
the presidency that changed hands, private income at the start of an
operating round, the end-of-stock-round price moves, a player passed because
nothing was left to do, a phase change and the trains it rusted, what a
president paid toward a forced train purchase — the banker cannot guess.
:func:`narrate` turns the events of one accepted command into one line for
each such action, naming who, how much and the rule.

The events of the command's own effect (the cash and certificate of the
purchase typed, the dividend shown by the run's receipt) are left out: they
are what the line typed already says.  Everything after them is narrated.
This module is the one place that words events for people; the TUI's log
and ``moderator play`` both print its lines.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from moderator import commands as c
from moderator.events import (
    CashMoved,
    CertificateMoved,
    CompanyClosed,
    DividendPaid,
    Event,
    Noted,
    Passed,
    PhaseChanged,
    PresidentChanged,
    PriceMoved,
    PriorityChanged,
    PrivateMoved,
    RoundStarted,
    TrainMoved,
    TurnStarted,
)
from moderator.ledger import BANK, DEPOT, POOL, RESERVE, SCRAP
from moderator.text import (
    A_SHARE,
    MOVED,
    a_share,
    because,
    cited,
    money,
    same_price_move,
    to_cents,
    with_article,
)
from moderator.text import capital as _capital

_ACCOUNTS = {
    BANK: "the bank",
    POOL: "the pool",
    RESERVE: "the reserve",
    SCRAP: "the scrap heap",
    DEPOT: "the depot",
}
"""How the accounts that are not players or companies are named in a line."""


BOND_PREFIX = "bond:"
"""1853: the account of a player's contract bond held aside (``bond:Amy``, 2.5.2)."""


def _who(account: str | None) -> str:
    if account is None:
        return "nobody"
    if account.lower().startswith(BOND_PREFIX):
        return f"{account[len(BOND_PREFIX) :]}'s bond"
    return _ACCOUNTS.get(account.lower(), account)


def _named(account: str) -> str:
    """An account as the subject of a line: a player or company as is, else in words."""
    if account.lower() in _ACCOUNTS or account.lower().startswith(BOND_PREFIX):
        return _capital(_who(account))
    return account


def _is_account(name: str | None, *accounts: str) -> bool:
    return name is not None and name.lower() in accounts


# ------------------------------------------------------------------ the command's own events
DirectTest = Callable[[c.Command, Event], bool]
"""Whether an event is part of what the command's own line says (left out of the narration)."""


def _trade(cmd: c.Command, ev: Event) -> bool:
    """A purchase, sale, issue or redemption typed by the banker: its cash and certificates.

    Private income and dividends are not the trade's: they are paid by the bank
    for another reason, and only after a new round began (see :func:`narrate`).
    """
    if isinstance(ev, CashMoved):
        player = getattr(cmd, "player", None)
        if player is None:
            # a corporation's issue (the bank pays it) or redemption (it pays the bank):
            # anything else, the treasury of one that closes at $0 (1846 8.1), is narrated
            corp = getattr(cmd, "corp", "").lower()
            if isinstance(cmd, c.Issue):
                return _is_account(ev.source, BANK) and ev.target.lower() == corp
            return ev.source.lower() == corp and _is_account(ev.target, BANK)
        # The buyer's or seller's own payment; the bank paying a corporation that floated
        # on this purchase (1847 AE 4.6) is the bank acting by itself, and is narrated.
        return player.lower() in (ev.source.lower(), ev.target.lower())
    if isinstance(ev, PrivateMoved):  # a private bought or sold (1847 AE 3.3, 4.1)
        player = (getattr(cmd, "player", None) or "").lower()
        return player in ((ev.source or "").lower(), (ev.target or "").lower())
    # A certificate that leaves the game is the bank's own move, never the line's: a
    # share sold into the 1817 market cancelling a market short (facts §5), a share bought
    # cancelling the buyer's short, 18Chesapeake's two-player share out of the game (§13.3).
    return isinstance(ev, CertificateMoved) and not _is_account(ev.target, SCRAP)


def _bid(cmd: c.Command, ev: Event) -> bool:
    """A bid (1830 7.2): the line that records it."""
    assert isinstance(cmd, c.Bid)
    return isinstance(ev, Noted) and ev.text.lower().startswith(f"{cmd.player.lower()} bids ")


def _deal(cmd: c.Command, ev: Event) -> bool:
    """A trade or nationalisation between players (1847 AE 4.2, 8.4): its cash, certificate
    and private."""
    return isinstance(ev, CashMoved | CertificateMoved | PrivateMoved)


def _par(cmd: c.Command, ev: Event) -> bool:
    """A par: the player's payment, his certificate, the starting price and his presidency.
    What the bank pays by itself (1846 5.35: IC's land grant) is narrated."""
    if isinstance(ev, CashMoved):
        assert isinstance(cmd, c.Par)
        return ev.source.lower() == cmd.player.lower()
    if isinstance(ev, CertificateMoved):
        return True
    if isinstance(ev, PriceMoved):
        return ev.before is None
    return isinstance(ev, PresidentChanged) and ev.before is None


def _company_pays(cmd: c.Command, ev: Event) -> bool:
    """Spend, buy a train or a private: the company's own payment and what it bought.

    A player's payment (a president's contribution to a forced purchase) is not
    the company's own: it is narrated.
    """
    company = getattr(cmd, "company", None) or getattr(cmd, "corp", None) or ""
    if isinstance(ev, CashMoved):
        return ev.source.lower() == company.lower()
    if isinstance(ev, TrainMoved):
        if isinstance(cmd, c.BuyPrivate):  # 1846 6.92: an independent's train comes with it
            return False
        return ev.target.lower() == company.lower() and ev.source.lower() != company.lower()
    if isinstance(ev, PrivateMoved):
        return (ev.target or "").lower() == company.lower()
    return False


def _run(cmd: c.Command, ev: Event) -> bool:
    """A run: the dividend, its payments and the price move are on the receipt."""
    assert isinstance(cmd, c.Run)
    if isinstance(ev, DividendPaid):
        return True
    if isinstance(ev, CashMoved):
        return _is_account(ev.source, BANK)
    return isinstance(ev, PriceMoved) and ev.company.lower() == cmd.company.lower()


def _manual_pass(cmd: c.Command, ev: Event) -> bool:
    return isinstance(ev, Passed) and not ev.auto


def _discard(cmd: c.Command, ev: Event) -> bool:
    assert isinstance(cmd, c.Discard)
    return isinstance(ev, TrainMoved) and ev.source.lower() == cmd.corp.lower()


def _adjust(cmd: c.Command, ev: Event) -> bool:
    return isinstance(ev, CashMoved)


def _note(cmd: c.Command, ev: Event) -> bool:
    return isinstance(ev, Noted)


def _remove(cmd: c.Command, ev: Event) -> bool:
    return isinstance(ev, CompanyClosed)


def _private_result(cmd: c.Command, ev: Event) -> bool:
    """``private PLAYER PRIVATE [PRICE]`` (1846 3.23, 1817 facts §1): the price the player
    pays and the private he gets.  An independent's debt paid with it (1846 3.1) and the
    treasury the bank gives it (3.23) are more than the line says: lines to mirror."""
    assert isinstance(cmd, c.PrivateResult)
    if isinstance(ev, PrivateMoved):
        return True
    if not isinstance(ev, CashMoved) or ev.source.lower() != cmd.player.lower():
        return False
    return "debt" not in ev.reason.lower()


def _bond(cmd: c.Command, ev: Event) -> bool:
    """1853 ``bond`` and ``fulfil``: the bond set aside or returned is what the line says
    (the seating and the Elephant that follow the last bond are narrated)."""
    return isinstance(ev, CashMoved) and any(
        account.lower().startswith(BOND_PREFIX) for account in (ev.source, ev.target)
    )


def _claim(cmd: c.Command, ev: Event) -> bool:
    """1853 ``claim``: the share claimed moves to the player (unpaid until ``settle``)."""
    return isinstance(ev, CertificateMoved)


def _own_cash(cmd: c.Command, ev: Event) -> bool:
    """1853 ``redeemshare``, ``frontier``: the payment the line names.  What a managed
    company then pays toward its credit train out of the frontier money (3.4.3, 3.4.6) is
    the bank's move, a line to mirror."""
    if isinstance(cmd, c.Frontier):
        return (
            isinstance(ev, CashMoved)
            and _is_account(ev.source, BANK)
            and ev.target.lower() == cmd.corp.lower()
        )
    return isinstance(ev, CashMoved)


def _elephant(cmd: c.Command, ev: Event) -> bool:
    """1853 ``elephant``: the price paid and the Elephant changing hands (3.1.11)."""
    return isinstance(ev, CashMoved | PriorityChanged)


DIRECT: dict[type, DirectTest] = {
    c.Par: _par,
    c.Buy: _trade,
    c.Sell: _trade,
    c.Issue: _trade,
    c.Redeem: _trade,
    c.Spend: _company_pays,
    c.BuyTrain: _company_pays,
    c.BuyPrivate: _company_pays,
    c.Run: _run,
    c.Pass: _manual_pass,
    c.Discard: _discard,
    c.Adjust: _adjust,
    c.Note: _note,
    c.Remove: _remove,
    c.PrivateResult: _private_result,
    c.Trade: _deal,
    c.Bid: _bid,
    c.Nationalize: _deal,
    c.Bond: _bond,
    c.Fulfil: _bond,
    c.Claim: _claim,
    c.RedeemShare: _own_cash,
    c.Frontier: _own_cash,
    c.Elephant: _elephant,
    c.CreditTrain: lambda cmd, ev: isinstance(ev, CashMoved | TrainMoved),  # 1853 4.8.10
}
"""Per command kind, the events that make up the command's own effect."""


# ------------------------------------------------------------------ wording each event
_money = money
"""An amount as players read it (:func:`moderator.text.money`: ``$1,100``)."""


def _cash_line(ev: CashMoved, currency: str) -> str:
    money = _money(currency, ev.amount)
    reason = ev.reason.strip()
    if reason.lower().startswith(ev.source.lower()) and money in reason:
        # the reason already says who pays how much ("Bob pays $591 toward GT's 6-train")
        return f"{_capital(reason)} — to {_who(ev.target)}"
    if ev.target.lower().startswith(BOND_PREFIX):
        return f"{ev.source} sets {money} aside as {_who(ev.target)}: {reason}"
    return f"{_named(ev.source)} pays {_who(ev.target)} {money}: {reason}"


@functools.cache
def place_names(title: str | None) -> tuple[str, str, str]:
    """What ``title``'s rules call a corporation's unsold shares, the bank's shares and
    the bank's trains (its ruleset's ``ipo_name``, ``pool_name``, ``train_pool_name``:
    1846's treasury and Stock Market, 6.73; 1830's initial offering and bank pool; 1847
    AE's Initial Offering and Bank Pool, 6.7.4, its trains in the Bank Pool, 6.8); the
    script's ``ipo`` and ``pool`` are no words a player reads."""
    from rulesets import RULESETS  # the game's ruleset, already loaded: no import cost

    rules = RULESETS.get((title or "").upper())
    if rules is None:
        return "treasury", "pool", "pool"
    return rules.ipo_name, rules.pool_name, rules.train_pool_name  # type: ignore[attr-defined]


def share_heads(title: str | None) -> tuple[str, str]:
    """The column heads over a corporation's unsold shares and the bank's shares, in
    ``title``'s words, short: the head noun of each name the lines and receipts use in
    full (1830's initial offering and bank pool: ``offering``, ``pool``; 1846's treasury
    and Stock Market: ``treasury``, ``market``; 1889's ``IPO``), never the script's
    ``ipo``; an acronym stays in capitals, any other word is lower case."""
    unsold, pool, _ = place_names(title)
    heads = (name.split()[-1] for name in (unsold, pool))
    first, second = (w if w.isupper() else w.lower() for w in heads)
    return first, second


def _share_holder(account: str | None, company: str, title: str | None) -> str:
    """Where a certificate is, in the title's words: a player, ``L initial offering``,
    ``the Stock Market``."""
    unsold, pool, _ = place_names(title)
    if account == company:
        return f"{company} {unsold}"
    return f"the {pool}" if _is_account(account, POOL) else _who(account)


def _certificate_line(ev: CertificateMoved, title: str | None = None) -> str:
    leader = _word(title, "president", "president")  # 1847, 1853: the director's certificate
    what = f"{ev.company} {leader + chr(39) + 's certificate' if ev.president else 'share'}"
    what = f"{what} ({ev.percent}%)"
    source = _share_holder(ev.source, ev.company, title)
    if _is_account(ev.target, SCRAP):
        return f"{what} leaves the game from {source}: {ev.reason}"
    target = _share_holder(ev.target, ev.company, title)
    return because(f"{what}: {source} {MOVED} {target}", ev.reason)


def _train_place(account: str, title: str | None) -> str:
    """A train's holder in words: the bank pool as the title names it (1847 AE 6.8, 1853
    4.8.6, 1817 9.1: the bank pool), else :func:`_who`."""
    return f"the {place_names(title)[2]}" if _is_account(account, POOL) else _who(account)


def _train_line(ev: TrainMoved, currency: str, title: str | None = None) -> str:
    train = f"{ev.train}-train" if not ev.train.endswith("train") else ev.train
    # the bank's trains (18Chesapeake's export, 1830's returned ones) and the bank
    # pool's as a line's subject: "The bank pool's 3-train", never "pool's 3-train"
    owner = ev.source if ev.source.lower() not in _ACCOUNTS else _train_place(ev.source, title)
    if _is_account(ev.target, SCRAP):
        return f"{_capital(owner)}'s {train} leaves the game: {ev.reason}"
    if _is_account(ev.target, BANK, POOL, DEPOT):
        return f"{_capital(owner)}'s {train} goes to {_train_place(ev.target, title)}: {ev.reason}"
    if ev.source.lower() == ev.target.lower():  # it stays where it is, marked (phased out)
        return f"{ev.source} keeps its {train}, {ev.reason}"
    price = f" for {_money(currency, ev.price)}" if ev.price else ""
    source = _train_place(ev.source, title)
    return f"{ev.target} gets {with_article(train)} from {source}{price}: {ev.reason}"


def _private_line(ev: PrivateMoved, title: str | None = None) -> str:
    if ev.target is None:
        return f"{ev.company} closes: {ev.reason}"
    source, target = (_share_holder(x, ev.company, title) for x in (ev.source, ev.target))
    return f"{ev.company} goes from {source} to {target}: {ev.reason}"


SHARES_A_DIVIDEND_DIVIDES: dict[str, tuple[int, ...] | None] = {
    "1817": (2, 5, 10),  # a corporation's size (facts §8)
    "1853": None,  # whole pounds a share, rounded down, the rest in the bank (4.6.5)
}
"""The share counts a title divides a dividend by (every other: ten), ``None`` where the
amount a share is always paid exactly."""


def _exact_a_share(ev: DividendPaid, title: str | None) -> bool:
    """Whether every share of the run was paid exactly ``per_share``: where the payout is
    no multiple of the shares (1817: $133 on 5), each holder's amount is rounded up and
    the whole dollars a share are no holder's rate."""
    q = ev.per_share
    if ev.option not in ("full", "half"):
        return True  # a split (1846's independents) says its own amounts
    if any(v % q for v in ev.payouts.values()):
        return False
    counts = SHARES_A_DIVIDEND_DIVIDES.get(title or "", (10,))
    if counts is None:
        return True
    paid = ev.revenue - ev.retained
    # with counts of 2, 5 and 10, paid = q x one of them only when it is the share count
    return not paid % q and paid // q in counts


def _share_count(ev: DividendPaid, title: str | None) -> int | None:
    """The shares the run's payout was divided by, read from the event: the one count of
    the title (:data:`SHARES_A_DIVIDEND_DIVIDES`) whose whole amount a share is the
    event's (1817: $133 at $26 a share is 5 shares; $66 would be 2, $13 ten)."""
    counts = SHARES_A_DIVIDEND_DIVIDES.get(title or "", (10,))
    paid = ev.revenue - ev.retained
    found = [n for n in counts or () if paid // n == ev.per_share]
    return found[0] if len(found) == 1 else None


def _dividend_line(ev: DividendPaid, currency: str, title: str | None) -> str:
    head = f"{ev.company} runs {_money(currency, ev.revenue)}, {ev.option}"
    if not ev.per_share:
        return head
    if _exact_a_share(ev, title):
        return f"{head}, {a_share(currency, ev.per_share)}"
    paid = ev.revenue - ev.retained
    count = _share_count(ev, title)
    exact = to_cents(paid, count) if count else None
    if exact is not None:
        # the receipt's and the payments' figure (1817: $133 on 5 shares is $26.60)
        return (
            f"{head}, {_money(currency, paid)} on {count} shares: "
            f"{a_share(currency, exact)}, each payment as paid"
        )
    return (
        f"{head}, {_money(currency, paid)} paid out, not a whole amount {A_SHARE} "
        f"(each payment says its own)"
    )


def _price_line(ev: PriceMoved, currency: str) -> str:
    if ev.before is None:
        return f"{ev.company} price marker placed at {_money(currency, ev.after)}: {ev.reason}"
    if ev.before == ev.after:
        money = _money(currency, ev.after)
        moved = same_price_move(ev.reason, money)
        if moved:  # 1817's $0 acquisition cells (facts §7): the marker moves, the price not
            return f"{ev.company} {moved}"
        head, said, tail = ev.reason.rpartition("; the marker moves ")
        if said:
            # another move between spaces of one price (1817's liquidation cell): a move,
            # its rule still last
            where, rule = cited(tail)
            said = because(head, rule) if rule else head
            return f"{ev.company} marker moves {where} ({money}): {said}"
        return f"{ev.company} price stays at {money}: {ev.reason}"
    way = "up" if ev.after > ev.before else "down"
    return (
        f"{ev.company} price {way} {_money(currency, ev.before)} {MOVED} "
        f"{_money(currency, ev.after)}: {ev.reason}"
    )


_DIRECTOR = {"president": "director", "presidency": "directorship"}
"""The 1847 rules' words for a corporation's leader: its Director (5, 8.1, 9), never a
president."""

WORDS: dict[str, dict[str, str]] = {
    "1853": {
        **_DIRECTOR,
        "priority": "The Elephant (priority deal)",
        # 3.2.1, 3.2.3: the Director's certificate stands for two shares and its holder
        # always swaps two ordinary ones for it; a line that appoints one says so
        "appointed": "{who} exchanges two ordinary shares for the Director's certificate (3.2.1)",
    },
    "1847AE": _DIRECTOR,
    "1847Pfalz": _DIRECTOR,
    "1847RRRRB": _DIRECTOR,
}
"""A title's own words for what the lines call a president and the priority deal (1853:
a company's director, 2.9; the Elephant, 3.1.11; the 1847 titles' director, 5), and what
an appointment adds (1853 3.2.1: the Director's certificate swapped for two shares)."""


def _word(title: str | None, word: str, default: str) -> str:
    return WORDS.get(title or "", {}).get(word, default)


def title_word(title: str | None, word: str) -> str:
    """``word`` (``president``, ``presidency``) as ``title``'s rules say it: ``director``
    and ``directorship`` in 1853 and the 1847 titles, else ``word`` itself; every table,
    dialog and line that names a corporation's leader says it so."""
    return _word(title, word, word)


def president_shown(who: str | None) -> str:
    """A corporation's president as every table and page shows him: ``none`` while its
    president's certificate lies in the market (1817 facts §12: a bankrupt's, never a
    holder called ``pool``); ``""`` for nobody."""
    if who is not None and who.lower() == POOL:
        return "none"
    return who or ""


def _president_line(ev: PresidentChanged, title: str | None = None) -> str:
    president = _word(title, "president", "president")
    if ev.after is None or _is_account(ev.after, POOL):
        return f"{ev.company} has no {president} now ({_who(ev.before)} was): {ev.reason}"
    if ev.before is None:
        swap = _word(title, "appointed", "").format(who=ev.after)
        said = f"{ev.after} is {president} of {ev.company}: {ev.reason}"
        return f"{said}; {swap}" if swap else said
    return (
        f"{ev.company} {_word(title, 'presidency', 'presidency')}: {_who(ev.before)} {MOVED} "
        f"{ev.after}, certificates exchanged: {ev.reason}"
    )


def _round_line(ev: RoundStarted) -> str:
    if ev.round_kind == "SR":
        return f"— Stock round {ev.number} begins —"
    return f"— Operating round {ev.number}.{ev.or_number} begins —"


def describe(ev: Event, currency: str = "$", title: str | None = None) -> str | None:
    """One event as a line for the banker, or ``None`` for one that needs no line
    (``title``: the game's, for its own words, :data:`WORDS`)."""
    match ev:
        case CashMoved():
            return _cash_line(ev, currency)
        case CertificateMoved():
            return _certificate_line(ev, title)
        case PriceMoved():
            return _price_line(ev, currency)
        case TrainMoved():
            return _train_line(ev, currency, title)
        case PrivateMoved():
            return _private_line(ev, title)
        case CompanyClosed():
            return f"{ev.company} closes: {ev.reason}"
        case PhaseChanged():
            return f"Phase {ev.before} {MOVED} {ev.after}: {ev.reason}"
        case RoundStarted():
            return _round_line(ev)
        case Passed():
            why = f": {ev.reason}" if ev.reason else ""
            return f"{ev.player} passes" + (" (automatic)" if ev.auto else "") + why
        case PriorityChanged():
            return f"{_word(title, 'priority', 'Priority deal')} goes to {ev.player}"
        case PresidentChanged():
            return _president_line(ev, title)
        case DividendPaid():
            return _dividend_line(ev, currency, title)
        case Noted():
            return ev.text
        case TurnStarted():
            return None
    return None  # pragma: no cover - every kind is matched above


def _folded(ev: Event, closing: set[str]) -> bool:
    """A certificate whose move another line already says.

    A certificate swapped with a presidency: the presidency's line says so.  The
    certificates of a corporation that closes: its closing line says so.  A train a
    company keeps, phased out, as it closes in the same breath (1846 9: phase III phases out
    the 2-trains and closes the Michigan Southern, whose 2-train leaves the game): the
    train's line saying it leaves is the one to mirror ("MS keeps its 2-train ... it runs
    once more" was said just before it).
    """
    if isinstance(ev, TrainMoved) and ev.source == ev.target:
        return ev.source in closing
    if not isinstance(ev, CertificateMoved):
        return False
    if ev.company in closing and _is_account(ev.target, SCRAP):
        return True
    reason = ev.reason.lower()
    return "exchanged" in reason or reason.startswith(("presidency", "directorship"))


def _run_said(ev: Event, every: Sequence[Event]) -> bool:
    """A run of nothing that the line just before already says: 1853's company without a
    train runs nothing by itself ("EIR has no train and runs nothing (4.5.1)."); its
    dividend's line, "EIR runs £0, withhold", said it a second time without a rule."""
    if not isinstance(ev, DividendPaid) or ev.revenue:
        return False
    before = _beside(ev, every, -1)
    return isinstance(before, Noted) and before.text.startswith(f"{ev.company} has no train")


def _beside(ev: Event, every: Sequence[Event], step: int) -> Event | None:
    """The event ``step`` places after ``ev`` in ``every`` (-1: just before), if any."""
    at = next((i for i, x in enumerate(every) if x is ev), None)
    near = None if at is None else at + step
    return every[near] if near is not None and 0 <= near < len(every) else None


def _said_next(ev: Event, every: Sequence[Event]) -> bool:
    """A move that the next line says again, with its rule: the priority deal at the end
    of the opening private sale of 1830, 1889 and 18Chesapeake ("Every private company is
    sold: shares are on sale, Cy first; the priority deal to Cy, left of Bob, the last to
    buy (7.0, 7.2)"), the president's certificate a private brings ("Bob receives B&O's
    president's certificate free with the B&O private (Table 1 note 5) and now announces
    its par ..."), the share a private brings ("Amy receives a B&O 10% share free with BOR
    (§3)"); "Priority deal goes to Cy", "Bob is president of BO" and, for a private won in
    its auction, the certificate's own line just before them said each move twice.  1853's
    run of nothing is said by the line before it (:func:`_run_said`)."""
    if _run_said(ev, every):
        return True
    after = _beside(ev, every, 1)
    if isinstance(ev, PriorityChanged):
        return isinstance(after, Noted) and f"the priority deal to {ev.player}," in after.text
    if isinstance(ev, PresidentChanged) and ev.before is None and ev.after:
        # 1853 3.4.1: a managed company's new director, said by the note after it ("Amy
        # holds 2 BNR shares and becomes its director; the manager Cy is replaced (3.4.1).")
        noted = after.text if isinstance(after, Noted) else ""
        if noted.startswith(ev.after) and "becomes its director" in noted:
            return True
        return _received(after, ev.after, ev.reason)
    if isinstance(ev, CertificateMoved) and ev.target:
        # a private won in its auction: its certificate, then (for a president's) the
        # presidency, then the note that says both
        if ev.president and isinstance(after, PresidentChanged):
            after = _beside(ev, every, 2)
        return _received(after, ev.target, ev.reason)
    return False


def _received(ev: Event | None, who: str, reason: str) -> bool:
    """Whether ``ev`` is the note of a certificate ``who`` receives for ``reason``
    ("Amy receives a B&O 10% share free with BOR (§3)")."""
    if not isinstance(ev, Noted) or not ev.text.startswith(f"{who} receives "):
        return False
    return f" {reason}" in ev.text


def _turn_begun(cmd: c.Command | None, events: Sequence[Event]) -> int:
    """How many events came before ``cmd`` acted, a company's line that ended the turns
    before its own (``run MS 70`` typed while IC, the round's last, still had its turn):
    those turns' ends, the round that followed and its start (the private income it
    paid), up to the company's own turn's start.  0 when the command began no turn.  A
    player is never named like a company (``Ruleset.check_player_name``), so the turn
    begun is the company's own."""
    company = getattr(cmd, "company", None)
    if not isinstance(company, str):
        return 0
    wanted = company.lower()
    for i, ev in enumerate(events):
        if isinstance(ev, TurnStarted) and ev.who.lower() == wanted:
            return i + 1
    return 0


def _own(cmd: c.Command | None, events: Sequence[Event]) -> list[bool]:
    """Per event, whether it is part of ``cmd``'s own effect (see :func:`split`)."""
    direct = DIRECT.get(type(cmd)) if cmd is not None else None
    own_round = True
    acted = False  # a command that opens a round (the first par after setup) acts in it
    bought = False  # a buy moves one private: a payment or private after it is a follow-up
    begun = _turn_begun(cmd, events)
    out: list[bool] = [False] * begun  # what the bank did before the company's turn began
    for ev in events[begun:]:
        if isinstance(ev, RoundStarted) and acted:
            own_round = False
        acted = acted or not isinstance(ev, RoundStarted | TurnStarted)
        if bought and isinstance(ev, CashMoved | PrivateMoved):  # 1830 7.2: the next one's bid
            out.append(False)
            continue
        bought = bought or (isinstance(cmd, c.Buy) and isinstance(ev, PrivateMoved))
        if isinstance(ev, Passed) and isinstance(cmd, c.Pass) and not ev.auto:
            if ev.player.lower() == cmd.player.lower():
                out.append(True)
                continue
        out.append(own_round and direct is not None and cmd is not None and direct(cmd, ev))
    return out


class Effects(c.Record):
    """A command's events split in two: its own effect, and what followed by itself.

    The *own* events are what the command's line says (the purchase's payment and
    certificate, the run's dividend and price move: :data:`DIRECT`), while the round
    it was given in lasts.  The *follow-ups* are what the bank did by itself as a
    consequence: automatic passes, the end of the round, private income, the price
    moves at the end of a stock round, a phase change, a president's contribution to
    a forced train purchase.  A dialog shows the own effect as the command's figure
    and the follow-ups as lines of their own, never netted into it (issue 18.4); the
    log prints the follow-ups (:func:`narrate`).
    """

    command: c.Command | None
    own: tuple[Event, ...]
    follows: tuple[Event, ...]
    opening: int = 0
    """How many of :attr:`follows`, at their start, opened the round the command acts in
    (the first par after 1846's setup begins stock round 1): the log says so, but they
    precede the command, so a dialog does not list them as following it."""

    def own_cash(self) -> tuple[CashMoved, ...]:
        """The payments of the command's own effect, in order."""
        return tuple(ev for ev in self.own if isinstance(ev, CashMoved))

    def paid(self, who: str) -> int:
        """What ``who`` pays (negative: receives) in the command's own effect alone."""
        net = 0
        for ev in self.own_cash():
            if ev.source.lower() == who.lower():
                net += ev.amount
            if ev.target.lower() == who.lower():
                net -= ev.amount
        return net

    def payments(self, currency: str = "$") -> list[str]:
        """The command's own payments in words, one each (``Amy pays the bank $80``)."""
        return [
            f"{_named(ev.source)} pays {_who(ev.target)} {_money(currency, ev.amount)}"
            for ev in self.own_cash()
        ]

    def lines(self, currency: str = "$", title: str | None = None) -> list[str]:
        """The follow-ups as the log words them (:func:`narrate`)."""
        return _worded(self.follows, self.own + self.follows, currency, title, self.command)

    def after_lines(self, currency: str = "$", title: str | None = None) -> list[str]:
        """What would follow the command, as a dialog lists it: :meth:`lines` without the
        round the command opens before it acts (the screen already shows that round, and
        "then, by itself: — Stock round 1 begins —" said otherwise; issue 27.7)."""
        every = self.own + self.follows
        return _worded(self.follows[self.opening :], every, currency, title, self.command)


def split(cmd: c.Command | None, events: Sequence[Event]) -> Effects:
    """Split the events of ``cmd`` into its own effect and what followed by itself.

    The own effect (:data:`DIRECT`) counts while the round the command belongs to
    lasts (the round it was given in, or the one it opened before acting); from the
    next round on every event follows by itself (a stock round's last purchase can
    end the round, and the private income then paid to the buyer is not the
    purchase's price: issue 18.4).  ``cmd`` ``None``: every event follows.
    """
    flags = _own(cmd, events)
    own = tuple(ev for ev, mine in zip(events, flags, strict=True) if mine)
    follows = tuple(ev for ev, mine in zip(events, flags, strict=True) if not mine)
    opening = _turn_begun(cmd, events)  # every one a follow-up (see _own)
    if cmd is not None and any(flags) and events and isinstance(events[0], RoundStarted):
        # the round it opened before acting: its RoundStarted, and the turn begun in it
        while opening < len(events) and isinstance(events[opening], RoundStarted | TurnStarted):
            opening += 1
    return Effects(cmd, own, follows, opening)


def _worded(
    events: Sequence[Event],
    every: Sequence[Event],
    currency: str,
    title: str | None,
    cmd: c.Command | None = None,
) -> list[str]:
    closing = {ev.company for ev in every if isinstance(ev, CompanyClosed)}
    lines: list[str] = []
    for ev in events:
        if _folded(ev, closing) or _said_next(ev, every):
            continue
        text = describe(ev, currency, title)
        if text and isinstance(ev, PriorityChanged):
            why = priority_why(ev, cmd, every, title)
            text = f"{text}: {why}" if why else text
        if text:
            lines.append(text)
    return lines


def priority_why(
    ev: PriorityChanged, cmd: c.Command | None, every: Sequence[Event], title: str | None
) -> str:
    """Why the priority deal moved, with the rule, as its line says it (``""``: unknown).

    The event holds no reason: the saves of every released moderator hold it so, and one
    of them refuses an event with a field it does not know as malformed.  The rule
    follows from the title, the command and the events around it in its entry: the
    stock round's end (1846 5.51, 1847 AE 3.3 and 8, 1853 3.1.11, 1817 facts §4, 1830
    4.0...), its price moves and the next round after it; 1853's seating by the bonds
    (2.5.3) and the Elephant sold (3.1.11); an 1846 bankrupt holder's card (the rules are
    silent); the opening private sale of 1830, 1889 and 18Chesapeake (its rules), whose
    own note says left of whom.
    """
    from rulesets import RULESETS  # the game's ruleset, already loaded: no import cost

    rules = RULESETS.get((title or "").upper())
    numbers: dict[str, str] = getattr(rules, "rule_numbers", {})
    kind = (cmd.kind if cmd is not None else "", title)
    if kind == ("bond", "1853"):  # 2.5.3: the largest bond takes the Elephant
        return "the largest Bond takes the Elephant (2.5.3)"
    if kind == ("elephant", "1853"):
        return "sold by its holder (3.1.11)"
    if kind == ("bankrupt", "1846"):  # the rules are silent
        return "its holder is bankrupt: the next player on his left (rules silent; as 5.51)"
    at = next((i for i, x in enumerate(every) if x is ev), len(every))
    after = every[at + 1 :]
    ends = next((x for x in after if isinstance(x, RoundStarted | PriorityChanged)), None)
    if isinstance(ends, RoundStarted) and "priority" in numbers:  # the stock round's end
        last = getattr(rules, "priority_last", "the last to buy or sell")
        return f"left of {last} ({numbers['priority']})"
    if "sale_first" in numbers:  # in the opening private sale: its note says left of whom
        sale = dict.fromkeys((numbers["sale_first"], numbers["sale_unsold"]))
        return f"as the private sale hands it on ({', '.join(sale)})"
    return ""


def narrate(
    cmd: c.Command | None, events: Sequence[Event], currency: str = "$", title: str | None = None
) -> list[str]:
    """The lines a banker mirrors on the table for what ``cmd`` set off by itself.

    Events of the command's own effect (:data:`DIRECT`) are left out while the
    round the command belongs to lasts (the round it was given in, or the one
    it opened before acting); from the next round on, every event is narrated
    (a stock round's last pass can pay private income to the very player who
    passed).  The split is :func:`split`'s, which the dialogs show too.

    Args:
        cmd: the accepted command (``None``: narrate every event).
        events: the events it caused, in order.
        currency: the title's currency sign.
        title: the game's title, for its own words (:data:`WORDS`; 1853: director,
            the Elephant).

    Returns:
        One line per action the program took beyond the command's own effect,
        in the order it took them (turn changes are not narrated: the screen
        shows who is to act).
    """
    return split(cmd, events).lines(currency, title)


def narrate_around(
    cmd: c.Command | None, events: Sequence[Event], currency: str = "$", title: str | None = None
) -> tuple[list[str], list[str]]:
    """:func:`narrate`'s lines in two parts: what the bank did by itself *before* the
    command's own effect (a turn the command closed by itself, the round it opened, the
    private income paid at that round's start), and what followed it.  A receipt printed
    between the two reads in the order things happened: ``run NYC 0`` typed after the
    round's last company ran opens the next round, then NYC runs in it (the round's
    heading used to come after NYC's receipt).  The two parts together are
    :func:`narrate`'s lines, in its order."""
    flags = _own(cmd, events)
    first = next((i for i, mine in enumerate(flags) if mine), len(events))
    before = [ev for ev, mine in zip(events[:first], flags[:first], strict=True) if not mine]
    after = [ev for ev, mine in zip(events[first:], flags[first:], strict=True) if not mine]
    every = tuple(events)
    return (
        _worded(before, every, currency, title, cmd),
        _worded(after, every, currency, title, cmd),
    )


__all__ = ["DIRECT", "Effects", "describe", "narrate", "narrate_around", "split"]
