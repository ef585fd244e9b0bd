"""Check mode: the right figures of a run or a sale, and ✓ or ✗ for what the table did.

Tables that keep paper money ask the program to check them, changing nothing::

    check run NYC 370 half paid 19 Amy 57 price 90
    check sell Bob NYC 2 price 80 gets 180

:func:`check` answers in a game (from its current state), :func:`check_main` is
``moderator check TITLE ...`` with no game at all: it builds a scratch state of
the title with one company at the price and the shares given, and answers
through the same code.  Every figure comes from the title's own rules: a run's
figures are the ruleset's receipt (``Game.receipt``), a sale is the ruleset's
``sell`` applied to a copy of the state, read back from its events.  Nothing is
applied to the game, journaled or saved.

A form that does not parse, an unknown company or player, a negative or absurd
number raise :class:`~moderator.errors.Refusal` (``moderator check`` exits 2).
A run or a sale the rules refuse (no train, 50% already in the pool, a
president's certificate that cannot be sold...) is an answer, not an error:
✗ with the refusal's reason and rule, since the table did something the rules
do not allow.

This module never imports textual.
"""

from __future__ import annotations

import argparse
import copy
import re
import shutil
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import (
    CashMoved,
    CompanyClosed,
    Event,
    Noted,
    Passed,
    PresidentChanged,
    PriceMoved,
    PriorityChanged,
    RoundStarted,
    TurnStarted,
)
from moderator.game import Game
from moderator.ledger import BANK, POOL, Certificate, Company
from moderator.market import GridMarket, LinearMarket, TrackMarket
from moderator.narrate import title_word
from moderator.script import ParseError, amount, check_characters, count, is_check, tokenize
from moderator.state import GameState
from moderator.text import A_SHARE, MOVED, a_share, because, cents_sum, counted, money
from rulesets.base import Receipt, Ruleset

__all__ = [
    "CheckAnswer",
    "Claim",
    "check",
    "check_main",
    "check_run",
    "check_sell",
    "is_check",
    "save_check_parser",
]

RUN_USAGE = (
    "check run CO REVENUE [full|half|withhold] [mail N] "
    "[paid N] [price N] [retained N] [PLAYER N] [CO N]"
)
SELL_USAGE = "check sell PLAYER CO N [price N] [gets N] [president PLAYER]"
USAGE = f"{RUN_USAGE}  or  {SELL_USAGE}"

OK = "✓"
WRONG = "✗"


# ===================================================================== the answer
@dataclass(frozen=True)
class CheckAnswer:
    """What a check says: the right figures, and ✓/✗ for every figure the table claimed."""

    lines: tuple[str, ...]
    """The receipt / sale text, then one line per claim."""
    verdict: bool | None
    """``None``: nothing claimed (info only); ``True``: all ✓; ``False``: some ✗ (or the
    rules refuse the run or sale itself)."""
    rule: str
    """The rule(s) the figures come from, e.g. ``"6.71, 6.75"``."""
    wrong: tuple[str, ...] = ()
    """One short phrase per wrong claim (or the refusal), for the summary line."""

    def summary(self) -> str:
        """The last line: ``✓ right``, ``✗ wrong: ...`` or that nothing was claimed."""
        rule = f" ({self.rule})" if self.rule else ""
        if self.verdict is None:
            return f"nothing claimed: these are the figures by the rules{rule}"
        if self.verdict:
            return f"{OK} right{rule}"
        return f"{WRONG} wrong: " + "; ".join(self.wrong)

    def text(self) -> str:
        """The lines joined, ending with the summary line."""
        return "\n".join([*self.lines, self.summary()])


@dataclass(frozen=True)
class Claim:
    """One figure the table claims, for :func:`check_run` and :func:`check_sell`.

    ``kind``: ``paid`` (a share), ``price`` (after), ``retained``, ``player`` and
    ``company`` (what ``subject`` got) for a run; ``price``, ``gets`` and ``president``
    (``value`` a player's name) for a sale.
    """

    kind: str
    value: int | str
    subject: str = ""


@dataclass(frozen=True)
class _Judged:
    line: str
    ok: bool
    wrong: str = ""


def _shares_times(receipt: Receipt, shares: int, amount: int) -> str:
    """A holder's payment worked out: ``2 shares × $13`` (the score's and the screens'
    sign); where the shares do not divide
    the payout, the exact amount a share and the rounding (1817: ``2 shares × $26.60 =
    $53.20, rounded up``), never the whole dollars no share is paid."""
    m, n = receipt.currency, counted(shares, "share")
    exact = receipt.per_share_exact
    if exact is None:
        return f"{n} × {money(m, receipt.per_share)}"
    product = cents_sum([exact] * shares)
    if product.endswith(".00"):
        return f"{n} × {money(m, exact)} = {money(m, product[:-3])}"
    way = "up" if amount > int(product.partition(".")[0]) else "down"
    return f"{n} × {money(m, exact)} = {money(m, product)}, rounded {way}"


def _judge(ruleset: Ruleset, label: str, claimed: int, right: int, why: str) -> _Judged:
    """``✓ LABEL`` or ``✗ LABEL: it is RIGHT (WHY)`` for a money figure (a ``WHY`` with its
    own rule follows a semicolon, never nested: :func:`moderator.text.because`); ``label``
    holds ``{}`` where the amount goes."""
    shown = label.format(ruleset.money(claimed))
    if claimed == right:
        return _Judged(f"{OK} {shown}", True)
    it_is = ruleset.money(right)
    said = because(f"{WRONG} {shown}: it is {it_is}", why, "; ")
    return _Judged(said, False, f"{shown} (it is {it_is})")


# ===================================================================== rule numbers
_RULE_TOKEN = r"(?:Table \d+|\d+(?:\.\d+)*(?: [A-Z](?![A-Za-z]))?(?: NOTE)?)"
_RULE_GROUP = re.compile(rf"^{_RULE_TOKEN}(?:\s*(?:,|/|-|and)\s*{_RULE_TOKEN})*$")
_PARENS = re.compile(r"\(([^()]*)\)")
_LEADING = re.compile(r"^(\d+(?:\.\d+)+):")


def _rules_in(*texts: str) -> list[str]:
    """The rule numbers cited in ruleset texts: ``(6.75)``, ``(5.11, 5.13)``, ``4.7.1: ...``."""
    found: list[str] = []
    for text in texts:
        if _RULE_GROUP.match(text.strip()):
            found.extend(re.findall(_RULE_TOKEN, text))
            continue
        lead = _LEADING.match(text)
        if lead:
            found.append(lead.group(1))
        for group in _PARENS.findall(text):
            group = group.strip()
            if _RULE_GROUP.match(group):
                found.extend(re.findall(_RULE_TOKEN, group))
            elif group.startswith(("facts §", "§")):  # 1817's, 1889's, 18Chesapeake's
                found.extend(part.strip() for part in group.split(","))
    return found


def _join_rules(rules: list[str]) -> str:
    seen: list[str] = []
    for rule in rules:
        if rule not in seen:
            seen.append(rule)
    return ", ".join(seen)


def _refused(what: str, reason: str) -> CheckAnswer:
    """The rules refuse the run or sale itself: ✗ with the reason."""
    rule = _join_rules(_rules_in(reason))
    return CheckAnswer(
        lines=(f"{WRONG} {what}: the rules refuse it: {reason}",),
        verdict=False,
        rule=rule,
        wrong=(f"the rules refuse {what}" + (f" ({rule})" if rule else ""),),
    )


# ===================================================================== the text form
def check(game: Game, text: str) -> CheckAnswer:
    """Answer a ``check run ...`` or ``check sell ...`` line from the game's current state.

    The game is never changed, journaled or saved: the figures are worked on copies.

    Raises:
        Refusal: the line is not a check of a known form, names an unknown company or
            player, or holds a negative or absurd number; the message names the form.
    """
    check_characters(text)
    words = tokenize(text)
    if not words or words[0].lower() != "check":
        raise ParseError(f"a check starts with `check`: {USAGE}")
    if len(words) < 2:
        raise ParseError(f"check what? {USAGE}")
    form, args = words[1].lower(), words[2:]
    if form == "run":
        company, revenue, option, mail, claims = _parse_run(game, args)
        return check_run(game, company, revenue, option, mail, claims)
    if form == "sell":
        player, company, n, claims = _parse_sell(game, args)
        return check_sell(game, player, company, n, claims)
    raise ParseError(f"`check {words[1]}` is not a check: {USAGE}")


def _company(game: Game, word: str, usage: str) -> str:
    try:
        return game.ruleset.company_id(game.state, word)
    except Refusal as exc:
        raise Refusal(f"{exc.message}: {usage}") from None


def _player(game: Game, word: str, usage: str) -> str:
    try:
        return game.ruleset.player_name(game.state, word)
    except Refusal as exc:
        raise Refusal(f"{exc.message}: {usage}") from None


def _value(args: list[str], i: int, what: str, usage: str) -> int:
    """The amount after the word at ``i``."""
    if i + 1 >= len(args):
        raise ParseError(f"`{args[i]}` needs an amount: {usage}")
    return amount(args[i + 1], what)


def _add(claims: list[Claim], claim: Claim, usage: str) -> None:
    if any(x.kind == claim.kind and x.subject == claim.subject for x in claims):
        what = claim.subject or claim.kind
        raise ParseError(f"{what} is claimed twice: {usage}")
    claims.append(claim)


def _parse_run(game: Game, args: list[str]) -> tuple[str, int, str | None, int | None, list[Claim]]:
    if not args:
        raise ParseError(f"check run needs a company and its revenue: {RUN_USAGE}")
    cid = _company(game, args[0], RUN_USAGE)
    if len(args) < 2:
        raise ParseError(f"the revenue is missing: {RUN_USAGE}")
    revenue = amount(args[1], "revenue")
    option: str | None = None
    mail: int | None = None
    claims: list[Claim] = []
    i = 2
    while i < len(args):
        word = args[i].lower()
        if word in ("full", "half", "withhold", "split"):
            if option is not None:
                raise ParseError(f"the payout is given twice ({option}, {word}): {RUN_USAGE}")
            option = word
            i += 1
            continue
        if word == "mail":
            if mail is not None:
                raise ParseError(f"mail is given twice: {RUN_USAGE}")
            mail = _value(args, i, "mail revenue", RUN_USAGE)
        elif word in ("paid", "price", "retained"):
            _add(claims, Claim(word, _value(args, i, word, RUN_USAGE)), RUN_USAGE)
        else:
            claims_who = _who(game, args[i])
            if claims_who is None:
                raise ParseError(
                    f"{args[i]!r} is not a payout, a claim (paid, price, retained) or a player "
                    f"or company of this game: {RUN_USAGE}"
                )
            kind, subject = claims_who
            value = _value(args, i, f"{subject}'s amount", RUN_USAGE)
            _add(claims, Claim(kind, value, subject), RUN_USAGE)
        i += 2
    return cid, revenue, option, mail, claims


def _who(game: Game, word: str) -> tuple[str, str] | None:
    """``("player", NAME)`` or ``("company", ID)`` for a claim's subject, else ``None``."""
    try:
        return "player", game.ruleset.player_name(game.state, word)
    except Refusal:
        pass
    try:
        return "company", game.ruleset.company_id(game.state, word)
    except Refusal:
        return None


def _parse_sell(game: Game, args: list[str]) -> tuple[str, str, int, list[Claim]]:
    if len(args) < 3:
        raise ParseError(
            f"check sell needs a player, a company and a number of shares: {SELL_USAGE}"
        )
    player = _player(game, args[0], SELL_USAGE)
    cid = _company(game, args[1], SELL_USAGE)
    n = count(args[2])
    if n > 10:
        raise ParseError(f"{n} shares is absurd: a company has ten (check sell ...)")
    claims: list[Claim] = []
    i = 3
    while i < len(args):
        word = args[i].lower()
        if word in ("price", "gets"):
            _add(claims, Claim(word, _value(args, i, word, SELL_USAGE)), SELL_USAGE)
        elif word in ("president", "director"):
            if i + 1 >= len(args):
                raise ParseError(f"`{args[i]}` needs a player: {SELL_USAGE}")
            who = _player(game, args[i + 1], SELL_USAGE)
            _add(claims, Claim("president", who), SELL_USAGE)
        else:
            raise ParseError(f"{args[i]!r} is not a claim of a sale: {SELL_USAGE}")
        i += 2
    return player, cid, n, claims


# ===================================================================== runs
def _option_for(game: Game, cid: str, option: str | None) -> str | None:
    """The ``run`` option for the ruleset: ``None`` lets the title choose, as ``run`` does."""
    if option != "split":
        return option
    if "split" not in game.ruleset.payout_options(game.state, cid):
        allowed = ", ".join(game.ruleset.payout_options(game.state, cid))
        raise Refusal(f"{cid} does not split its revenue; it may {allowed}: {RUN_USAGE}")
    return None


def check_run(
    game: Game,
    company: str,
    revenue: int,
    option: str | None = None,
    mail: int | None = None,
    claims: list[Claim] | tuple[Claim, ...] = (),
) -> CheckAnswer:
    """The receipt of ``company`` running ``revenue`` now, and a ✓/✗ line per claim.

    Raises:
        Refusal: the company cannot run at all (a private company, or unknown).
    """
    ruleset, state = game.ruleset, game.state
    cid = ruleset.company_id(state, company)
    co = state.company(cid)
    if co.kind not in ("corporation", "independent"):
        raise Refusal(f"{cid} is a private company: it does not run ({RUN_USAGE})")
    option = _option_for(game, cid, option)
    what = f"{cid} running {ruleset.money(revenue)}" + (f" ({option})" if option else "")
    try:  # an unlaunched corporation has no share price: the receipt refuses it (the rule)
        receipt = game.receipt(cid, revenue, option, mail)
    except Refusal as exc:
        return _refused(what, exc.message)
    lines = receipt.text().splitlines()
    if option is None and receipt.option != "split":
        lines.append(f"  (no payout named: {receipt.option}, as `run {cid} {revenue}` does)")
    judged = [_judge_run(ruleset, co, receipt, claim) for claim in claims]
    rules = _rules_in(f"({ruleset.r('dividend')})") if receipt.option != "split" else []
    rules += _rules_in(receipt.rule, *receipt.notes, *(x.note for x in receipt.lines))
    return _answer(lines, judged, rules)


def _answer(lines: list[str], judged: list[_Judged], rules: list[str]) -> CheckAnswer:
    return CheckAnswer(
        lines=(*lines, *(j.line for j in judged)),
        verdict=None if not judged else all(j.ok for j in judged),
        rule=_join_rules(rules),
        wrong=tuple(j.wrong for j in judged if not j.ok),
    )


def _judge_run(ruleset: Ruleset, co: Company, receipt: Receipt, claim: Claim) -> _Judged:
    cid, m = co.id, ruleset.money
    paid = receipt.revenue - receipt.retained if receipt.option != "split" else 0
    dividend = ruleset.r("dividend")
    assert isinstance(claim.value, int)
    if claim.kind == "paid":
        if receipt.option == "split":
            why = f"{cid} splits its revenue with its owner, no dividend {A_SHARE} ({receipt.rule})"
        elif not paid:
            why = f"{receipt.option}: nothing is paid ({dividend})"
        else:
            kept = f"{m(receipt.retained)} retained, " if receipt.retained else ""
            # the corporation's shares, not always 10 (1817: 2, 5 or 10)
            count = sum(x.shares for x in receipt.lines) or 10
            each = (
                f"{m(paid)} paid / {count} = {a_share(ruleset.currency, receipt.per_share)}"
                + (", rounded down" if paid % count else "")
                if receipt.pays_per_share()
                else receipt.per_share_text()
            )
            why = f"{receipt.option}: {kept}{each} ({dividend})"
        exact = receipt.per_share_exact
        if exact is not None and receipt.option != "split":
            # the shares do not divide the payout: no whole amount is every share's, and
            # the answer says the receipt's figure to the cent, never the whole dollars
            shown = f"paid {a_share(ruleset.currency, claim.value)}"
            it_is = money(ruleset.currency, exact)
            return _Judged(
                f"{WRONG} {shown}: it is {it_is} ({why})", False, f"{shown} (it is {it_is})"
            )
        return _judge(ruleset, "paid {} " + A_SHARE, claim.value, receipt.per_share, why)
    if claim.kind == "price":
        if receipt.price_after is None:
            return _Judged(
                f"{WRONG} price {m(claim.value)}: {cid} has no share price ({receipt.rule})",
                False,
                f"price {m(claim.value)} ({cid} has no share price)",
            )
        before = m(receipt.price_before or 0)
        why = f"{m(paid)} paid on a price of {before}: {receipt.rule}"
        return _judge(ruleset, "price {}", claim.value, receipt.price_after, why)
    if claim.kind == "retained":
        right = receipt.retained
        if receipt.option == "split":
            right = sum(x.amount for x in receipt.lines if x.who == cid)
            why = f"the treasury's half ({receipt.rule})"
        elif receipt.option == "half":
            why = f"half of {m(receipt.revenue)} rounded down to {m(10)} ({dividend})"
        elif receipt.option == "withhold":
            why = f"withhold keeps the whole revenue ({dividend})"
        else:
            why = f"full pays the whole revenue out ({dividend})"
        return _judge(ruleset, "retained {}", claim.value, right, why)
    if claim.kind == "player":
        mine = [x for x in receipt.lines if x.who == claim.subject]
        right = sum(x.amount for x in mine)
        parts = [x.note or _shares_times(receipt, x.shares, x.amount) for x in mine]
        why = "; ".join(parts) if parts else f"{claim.subject} holds no {cid} share"
        return _judge(ruleset, f"{claim.subject} gets {{}}", claim.value, right, why)
    if claim.kind == "company":
        right, parts = 0, []
        if claim.subject == cid:
            right = receipt.retained + sum(x.amount for x in receipt.lines if x.who == cid)
            if receipt.retained:
                parts.append(f"{m(receipt.retained)} retained")
            parts += [
                f"{m(x.amount)} {x.note or 'dividends'}"
                for x in receipt.lines
                if x.who == cid and x.amount
            ]
        else:
            right = sum(x.amount for x in receipt.lines if x.who == claim.subject)
        why = ", ".join(parts) if parts else f"nothing goes to {claim.subject}"
        return _judge(ruleset, f"{claim.subject} gets {{}}", claim.value, right, why)
    raise Refusal(f"a run has no claim {claim.kind!r}: {RUN_USAGE}")  # pragma: no cover


# ===================================================================== sales
_NO_MOVE: dict[str, str] = {
    "1846": "only a sale by the president moves it (5.22)",
    "1853": "a sale never moves it, only a dividend does (4.7.1)",
    "1817": "a sale does not move it when made (facts §4, RDL 2.7)",
}
"""Why a sale left the price where it was, by title (1847 AE always moves it, 8.2)."""
_LATER: dict[str, str] = {
    "1846": (
        "at the end of the stock round a corporation with shares in the Stock Market "
        "moves one more column left (5.52)"
    ),
    "1817": (
        "at the end of the stock round the price moves left 1 for each share in the market "
        "(facts §4)"
    ),
}
"""What the end of the stock round will still do after a sale, by title (a reminder)."""


def _sale_state(ruleset: Ruleset, game_state: GameState, player: str) -> GameState:
    """A copy of the state where ``player`` may sell now.

    A president raising money for a forced train purchase (1846 6.88, 1847 AE 6.8.2)
    sells where the game stands, under those rules.  Any other sale is checked as the
    player's turn of a stock round: on the copy, the round becomes a stock round with
    ``player`` to act and nothing sold yet this turn (so one check is not refused for a
    sale the table already made this turn).
    """
    state = game_state.clone()
    forced = None
    if state.round_kind == "OR":
        forced = getattr(ruleset, "_forced_purchase", lambda s: None)(state)
    if forced is None or forced.president() != player:
        state.round_kind = "SR"
        state.or_number = None
        state.operating = None
        state.current_player = player
        state.turn_sold = []
    state.ledger.events = []
    return state


def _sale_only(ruleset: Ruleset) -> Ruleset:
    """The ruleset without the end of the turn a sale may trigger.

    After a sale the engine ends the turn of a player who can neither buy nor sell
    more, which can run on to the next players and the end of the stock round (its
    price moves, 1846 5.52).  A check reports the sale alone, so a shallow copy of the
    ruleset has that step switched off; the ruleset itself is untouched.
    """
    quiet = copy.copy(ruleset)
    quiet._auto_pass_if_stuck_after_sale = lambda state, player: None  # type: ignore[attr-defined]
    return quiet


_AFTER_TURN = (TurnStarted, Passed, PriorityChanged, RoundStarted)


def _sale_events(events: list[Event]) -> list[Event]:
    """The events of the sale itself (anything after the turn moved on is dropped)."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, _AFTER_TURN):
            break
        out.append(event)
    return out


def check_sell(
    game: Game,
    player: str,
    company: str,
    n: int,
    claims: list[Claim] | tuple[Claim, ...] = (),
) -> CheckAnswer:
    """What ``player`` selling ``n`` shares of ``company`` now gets and does to the price,
    any presidency change, and a ✓/✗ line per claim.

    Raises:
        Refusal: an unknown player or company.
    """
    ruleset = game.ruleset
    player = ruleset.player_name(game.state, player)
    cid = ruleset.company_id(game.state, company)
    m = ruleset.money
    shares = game.state.company(cid).kind == "corporation"
    what = (
        f"{player} selling {n} {cid} share{'s' if n != 1 else ''}"
        if shares
        else (f"{player} selling {cid}")
    )
    state = _sale_state(ruleset, game.state, player)
    in_stock_round = state.round_kind == "SR"  # else a president's sale for a train (6.88)
    before = state.price(cid) if state.market.has(cid) else None
    try:
        _sale_only(ruleset).apply(state, c.Sell(player=player, corp=cid, count=n))
    except Refusal as exc:
        return _refused(what, exc.message)
    except Exception as exc:  # a bug must not crash the screen: nothing was changed
        raise Refusal(f"internal error, nothing checked: {type(exc).__name__}: {exc}") from None
    events = _sale_events(state.ledger.events)
    cash = [
        e for e in events if isinstance(e, CashMoved) and e.source == BANK and e.target == player
    ]
    gets = sum(e.amount for e in cash)
    moves = [e for e in events if isinstance(e, PriceMoved) and e.company == cid]
    after = moves[-1].after if moves else (state.price(cid) if state.market.has(cid) else None)
    lines = [f"{what}: gets {m(gets)}"]
    lines += [f"  {e.reason}" for e in cash]
    reasons = [e.reason for e in cash]
    for e in events:
        if isinstance(e, PriceMoved) and e.company == cid:
            lines.append(f"  price {m(e.before or 0)} {MOVED} {m(e.after)}: {e.reason}")
            reasons.append(e.reason)
        elif isinstance(e, PresidentChanged):
            old, new = e.before or "nobody", e.after or "nobody"
            said = title_word(game.title, "presidency")  # 1853, 1847: directorship
            lines.append(f"  {e.company} {said}: {old} {MOVED} {new}: {e.reason}")
            reasons.append(e.reason)
        elif isinstance(e, CompanyClosed):
            lines.append(f"  {e.company} closes: {e.reason}")
            reasons.append(e.reason)
        elif isinstance(e, Noted):
            lines.append(f"  {e.text}")
            reasons.append(e.text)
        elif isinstance(e, PriceMoved):
            lines.append(f"  {e.company} price {m(e.before or 0)} {MOVED} {m(e.after)}: {e.reason}")
            reasons.append(e.reason)
    from rulesets.grid import marker_stays  # a board's edge that keeps it says so itself

    told = any(isinstance(e, Noted) and e.text.startswith(marker_stays(cid)) for e in events)
    if not moves and not told and before is not None and after == before:
        why = _NO_MOVE.get(game.title, "")
        lines.append(f"  price stays {m(before)}" + (f": {why}" if why else ""))
        reasons.append(why)
    after_co = state.company(cid)
    if shares:
        lines.append(
            f"  the {ruleset.pool_name} holds {after_co.holder_percent(POOL)}% of {cid}; "
            f"{player} keeps {after_co.holder_percent(player)}%"
        )
    later = _LATER.get(game.title) if in_stock_round and shares else None
    if later and after_co.holder_percent(POOL) and not after_co.closed:
        lines.append(f"  later: {later}")
    judged: list[_Judged] = []
    for claim in claims:
        if claim.kind == "gets":
            assert isinstance(claim.value, int)
            each = f"{n} × {m(gets // n)}" if n and gets % n == 0 else m(gets)
            rule = _join_rules(_rules_in(*(e.reason for e in cash)))
            why = f"{each}" + (f", {rule}" if rule else "")
            judged.append(_judge(ruleset, f"{player} gets {{}}", claim.value, gets, why))
        elif claim.kind == "price":
            assert isinstance(claim.value, int)
            if after is None:
                judged.append(
                    _Judged(
                        f"{WRONG} price {m(claim.value)}: {cid} has no share price",
                        False,
                        f"price {m(claim.value)} ({cid} has no share price)",
                    )
                )
                continue
            why = moves[-1].reason if moves else (_NO_MOVE.get(game.title) or "no move")
            judged.append(_judge(ruleset, "price {} after the sale", claim.value, after, why))
        elif claim.kind == "president":
            right = after_co.president() or "nobody"
            changes = [e for e in events if isinstance(e, PresidentChanged) and e.company == cid]
            why = changes[-1].reason if changes else "no change of president"
            if str(claim.value) == right:
                judged.append(_Judged(f"{OK} {cid} president {right}", True))
            else:
                judged.append(
                    _Judged(
                        f"{WRONG} {cid} president {claim.value}: it is {right} ({why})",
                        False,
                        f"{cid} president {claim.value} (it is {right})",
                    )
                )
    return _answer(lines, judged, [r for text in reasons for r in _rules_in(text)])


# ===================================================================== no game: the calculator
TREASURY_WORDS = ("treasury", "ipo", "unsold", "offering", "offer")
"""The words of ``--shares`` for a corporation's unsold shares: the script's ``ipo`` and
the heads the state table and the panel give them (1830's offering, 1853's offer)."""
POOL_WORDS = ("pool", "market")
INVESTOR = "investor"
DEFAULT_PRESIDENT = "President"


def _scratch_1847ae(state: GameState, cid: str, players: list[str]) -> None:
    """1847 AE: the company has floated (4.6), the starting package is sold and the first
    stock round is over (3.3), so its shares sell like any (8.2)."""
    state.extra["floated"] = [cid]
    state.extra["package"] = []
    state.extra["opening"] = []
    state.extra["first_sr"] = False


def _scratch_1853(state: GameState, cid: str, players: list[str]) -> None:
    """1853: the contract bids are over (2.7) and the shareholders have held their shares
    in the order they are listed, which breaks ties for director (3.2.1, 3.2.3)."""
    state.extra["stage"] = None
    state.extra["since"] = {cid: {name: i for i, name in enumerate(players, start=1)}}
    state.extra["serial"] = len(players)


def _scratch_1830(state: GameState, cid: str, players: list[str]) -> None:
    """1830: the opening sale of the privates is over, so shares are on sale (7.0)."""
    state.extra["sale"]["unsold"] = []  # type: ignore[index]


def _scratch_pfalz(state: GameState, cid: str, players: list[str]) -> None:
    """1847 Pfalz, RRRR&B: as 1847 AE, the box's values given (:func:`_box_values`)."""
    _scratch_1847ae(state, cid, players)
    state.extra["box_open"] = False


def _scratch_18chesapeake(state: GameState, cid: str, players: list[str]) -> None:
    """18Chesapeake: the draw made (facts §0), the opening sale over (§9.1)."""
    state.extra["drawn"] = "CO" if cid != "CO" else "PRR"
    _scratch_1830(state, cid, players)


def _scratch_1817(state: GameState, cid: str, players: list[str]) -> None:
    """1817: the opening sale over (facts §1); the company dealt as a 10-share one."""
    sale = state.extra.get("sale")
    if isinstance(sale, dict):
        sale["over"] = True


SCRATCH: dict[str, Callable[[GameState, str, list[str]], None]] = {
    "1847AE": _scratch_1847ae,
    "1847PFALZ": _scratch_pfalz,
    "1847RRRRB": _scratch_pfalz,
    "1853": _scratch_1853,
    "1830": _scratch_1830,
    "1889": _scratch_1830,  # 1889: the same opening sale (facts §5)
    "18CHESAPEAKE": _scratch_18chesapeake,
    "1817": _scratch_1817,
}
"""The one per-title step of a scratch state: what a title needs beyond a launched
company at a price with its shares dealt (the rest is the same for every title)."""


def _money_arg(what: str) -> Callable[[str], int]:
    def parse(word: str) -> int:
        try:
            return amount(word, what)
        except ParseError as exc:
            raise argparse.ArgumentTypeError(exc.message) from None

    parse.__name__ = what  # argparse names the type in its messages
    return parse


def _count_arg(word: str) -> int:
    try:
        n = count(word)
    except ParseError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None
    if n > 10:
        raise argparse.ArgumentTypeError(f"{n} shares is absurd: a company has ten")
    return n


def _pairs(text: str, what: str) -> list[tuple[str, int]]:
    """``Amy=3,pool=4`` -> ``[("Amy", 3), ("pool", 4)]``."""
    out: list[tuple[str, int]] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, number = part.partition("=")
        if not sep or not name.strip():
            raise Refusal(f"{what}: {part!r} is not NAME=NUMBER (e.g. Amy=3,pool=4)")
        out.append((name.strip(), amount(number.strip(), f"{name.strip()}'s number")))
    return out


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="moderator check",
        description=(
            "Check a run or a sale with no game: a scratch game of TITLE with one company "
            "at --price and the shares where --shares puts them (the rest unsold in its "
            "treasury); every figure comes from the title's rules. Claims (--paid, "
            "--new-price, --retained, --gets) are answered with a check mark or a cross. "
            "Exit 0: every claim right or nothing claimed; 1: a claim is wrong or the rules "
            "refuse the run or sale; 2: bad input. Against a saved game: `moderator check "
            "SAVE run|sell ...` (`moderator check SAVE --help`). See docs/check.md."
        ),
        epilog=(
            "examples:\n"
            "  moderator check 1846 run --price 70 --revenue 370 --kind half "
            "--shares treasury=1,pool=4,Amy=3,Bob=2 --paid 19 --new-price 90\n"
            "  moderator check 1846 sell --price 70 --count 2 --new-price 60 --gets 140\n"
            "  moderator check 1847AE run --company Saar --price 84 --row 4 --revenue 100\n"
            "`run` may be left out when --revenue is given (and `sell` when --count is):\n"
            "  moderator check 1846 --price 70 --revenue 370 --kind half"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "title",
        help="the title, by id or by name: 1846, 1847AE (1847 AE), 1847Pfalz (1847 Pfalz), "
        "1847RRRRB (1847 RRRR&B), 1853, 1830, 1889, 18Chesapeake or 1817",
    )
    sub = parser.add_subparsers(dest="form", required=True, metavar="run|sell")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--price",
            type=_money_arg("price"),
            required=True,
            help="the company's share price now (a space of the title's market)",
        )
        p.add_argument("--company", help="the company (default: the title's first corporation)")
        p.add_argument(
            "--shares",
            help="who holds how many 10%% shares: NAME=N,... with treasury (or ipo), pool "
            "and, in 1847 AE, investor; the rest stays unsold in the treasury",
        )
        p.add_argument(
            "--president",
            help="the player holding the president's certificate (default: the player "
            "with the most shares, the first listed on a tie)",
        )
        p.add_argument(
            "--row",
            type=int,
            help="a 2-D market (1847 AE, 1830): the row of the price, numbered as on the "
            "Market sheet, 1 the top row (default: the top row that has the price)",
        )
        p.add_argument(
            "--new-price", type=_money_arg("new price"), help="claim: the price after it"
        )
        p.add_argument(
            "--box",
            help="1847 Pfalz, RRRR&B: box values KEY=VALUE,... (as `box KEY VALUE` in a "
            "game); the others as shipped, PROVISIONAL, and the few nothing ships (the "
            "SPR's price and income, the package rows) left out: a run or a sale uses none",
        )

    run = sub.add_parser("run", help="a run's dividends and price move (the receipt)")
    common(run)
    run.add_argument(
        "--revenue", type=_money_arg("revenue"), required=True, help="the run's revenue"
    )
    run.add_argument(
        "--kind",
        choices=("full", "half", "withhold"),
        help="the payout (default: the title's, as `run` without an option)",
    )
    run.add_argument("--mail", type=_money_arg("mail revenue"), help="1853: the mail run")
    run.add_argument("--paid", type=_money_arg("paid"), help="claim: the dividend a share")
    run.add_argument("--retained", type=_money_arg("retained"), help="claim: what the company kept")
    run.add_argument(
        "--gets",
        help="claims: what each got, NAME=N,... (treasury=N: the company's treasury in all)",
    )

    sell = sub.add_parser("sell", help="a sale's proceeds, price after it and presidency")
    common(sell)
    sell.add_argument("--count", type=_count_arg, required=True, help="shares sold")
    sell.add_argument(
        "--seller",
        help="the player selling (default: the president); without --shares the president "
        "holds the president's certificate and --count shares more",
    )
    sell.add_argument("--gets", type=_money_arg("gets"), help="claim: what the seller got")
    return parser


def save_check_parser() -> argparse.ArgumentParser:
    """The help of ``moderator check SAVE run|sell ...`` (a check against a save): the
    words after SAVE are a ``check`` line, read by :func:`check`, not by argparse."""
    parser = argparse.ArgumentParser(
        prog="moderator check SAVE",
        usage=(
            "moderator check SAVE run CO REVENUE [full|half|withhold] [mail N] [paid N] "
            "[price N] [retained N] [PLAYER N] [CO N]\n"
            "       moderator check SAVE sell PLAYER CO N [price N] [gets N] "
            "[president PLAYER]"
        ),
        description=(
            "Check a run or a sale against a saved game (SAVE ends in .json), from where it "
            "stands now, changing nothing: `run` prints the receipt the rules give, `sell` "
            "what the sale pays, where the price goes and who is president after it. Each "
            "claim after it (paid N a share, price N, retained N, what a player or the "
            "company gets) is answered with a check mark, or a cross with the right figure "
            "and the rule. Exit 0: every claim right or nothing claimed; 1: a claim is "
            "wrong, or the save cannot be read; 2: the check is refused (the reason on "
            "stderr). With no game: `moderator check TITLE --help`. See docs/check.md."
        ),
        epilog=(
            "examples:\n"
            "  moderator check saves/game.json run NYC 370 half paid 19 price 90\n"
            "  moderator check saves/game.json sell Bob NYC 2 price 80 gets 180"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        add_help=False,
    )
    parser.add_argument("-h", "--help", action="help", help="show this help message and exit")
    return parser


def _infer_form(argv: list[str]) -> list[str]:
    """``moderator check 1846 --price ... --revenue ...`` (the issue's form) is a run."""
    if len(argv) >= 2 and argv[1].startswith("-") and argv[1] not in ("-h", "--help"):
        if "--count" in argv or any(a.startswith("--count=") for a in argv):
            return [argv[0], "sell", *argv[1:]]
        return [argv[0], "run", *argv[1:]]
    return argv


def title_id(word: str) -> str | None:
    """The title a table names, by id or by name in any case and spacing (``1847 AE``,
    ``1847 rrrr&b``, ``1847pfalz``); ``None`` when it names none."""
    from rulesets import RULESETS, title_name

    def squeeze(text: str) -> str:
        return re.sub(r"[^0-9a-z]", "", text.lower())

    wanted = squeeze(word)
    if not wanted:
        return None
    return next(
        (t for t in RULESETS if wanted in (squeeze(t), squeeze(title_name(t)))),
        None,
    )


def _title_words(argv: list[str]) -> list[str]:
    """The title first, as one word: ``1847 AE sell ...`` typed without quotes is the
    title ``1847 AE``; an id or name becomes the id (an alias is left to the rulesets)."""
    if len(argv) >= 2 and title_id(argv[0]) is None and title_id(f"{argv[0]} {argv[1]}"):
        argv = [f"{argv[0]} {argv[1]}", *argv[2:]]
    if argv and title_id(argv[0]):
        argv = [str(title_id(argv[0])), *argv[1:]]
    return argv


def check_main(argv: list[str]) -> int:
    """``moderator check TITLE run|sell ...``: the calculator, with no game.

    ``argv`` is what follows ``check`` on the command line.  Prints the scratch setup,
    the figures and the ✓/✗ summary; returns 0 when every claim is right or nothing was
    claimed, 1 when a claim is wrong or the rules refuse the run or sale, 2 on bad input
    (the message on stderr).
    """
    parser = _parser()
    try:
        args = parser.parse_args(_infer_form(_title_words(list(argv))))
    except SystemExit as exc:  # --help (0) or a usage error (2, message printed)
        return exc.code if isinstance(exc.code, int) else 2
    try:
        game, header = scratch_game(args)
        if args.form == "run":
            answer = _calculator_run(game, args)
        else:
            answer = _calculator_sell(game, args)
    except Refusal as exc:
        width = shutil.get_terminal_size((WIDTH, 24)).columns
        print(_fit(f"moderator check: {exc.message}", width), file=sys.stderr)
        return 2
    width = shutil.get_terminal_size((WIDTH, 24)).columns
    print("\n".join(_fit(line, width) for line in [*header, *answer.text().splitlines()]))
    return 1 if answer.verdict is False else 0


WIDTH = 100
"""The widest the calculator's lines grow when the output is not a terminal (``COLUMNS``,
else the terminal's width, first)."""


def _fit(line: str, width: int) -> str:
    """``line`` wrapped to ``width`` columns, its continuation lines indented two more."""
    if len(line) <= width:
        return line
    lead = line[: len(line) - len(line.lstrip())]
    return textwrap.fill(
        line, max(width, 40), subsequent_indent=lead + "  ", break_on_hyphens=False
    )


def _calculator_run(game: Game, args: argparse.Namespace) -> CheckAnswer:
    cid = str(args.company_id)
    claims: list[Claim] = []
    if args.paid is not None:
        claims.append(Claim("paid", args.paid))
    if args.new_price is not None:
        claims.append(Claim("price", args.new_price))
    if args.retained is not None:
        claims.append(Claim("retained", args.retained))
    for name, value in _pairs(args.gets or "", "--gets"):
        if name.lower() in TREASURY_WORDS:
            _add(claims, Claim("company", value, cid), "--gets")
            continue
        who = _who(game, name)
        if who is None:
            raise Refusal(f"--gets: {name!r} holds no share in --shares (nor is it treasury)")
        _add(claims, Claim(who[0], value, who[1]), "--gets")
    return check_run(game, cid, args.revenue, args.kind, args.mail, claims)


def _calculator_sell(game: Game, args: argparse.Namespace) -> CheckAnswer:
    claims: list[Claim] = []
    if args.new_price is not None:
        claims.append(Claim("price", args.new_price))
    if args.gets is not None:
        claims.append(Claim("gets", args.gets))
    return check_sell(game, str(args.seller_name), str(args.company_id), args.count, claims)


def scratch_game(args: argparse.Namespace) -> tuple[Game, list[str]]:
    """A game of ``args.title`` with one company at ``args.price`` and the shares dealt.

    Built with the title's own ``new_state`` (through :meth:`Game.new`), then, on that
    state: the company launched, operated and holding one train from the depot; its
    marker on the market space of the price; its certificates dealt as ``--shares``
    says (the president's certificate to the president, 10% certificates for every
    other share, the rest unsold in its treasury); a later stock round (no first-round
    sale rule applies); and the title's one step from :data:`SCRATCH`.  Sets
    ``args.company_id`` and, for a sale, ``args.seller_name``.  Returns the game and
    header lines describing it.

    Raises:
        Refusal: an unknown title or company, a price not on the market, shares that do
            not add up, or names the title cannot seat.
    """
    from rulesets import ruleset_for

    ruleset = ruleset_for(args.title)
    holders = _holders(args, title_word(ruleset.title, "president").capitalize())
    names = [h for h, _ in holders if h.lower() not in (*TREASURY_WORDS, *POOL_WORDS, INVESTOR)]
    if args.form == "sell" and args.seller:
        # a name is a name in any case (``--seller president`` is the default President,
        # ``--seller amy`` the Amy of --shares), as everywhere else
        same = next((n for n in names if n.lower() == args.seller.lower()), None)
        if same is None:
            names.append(args.seller)
        else:
            args.seller = same
    if len({n.lower() for n in names}) != len(names):
        raise Refusal("a player is named twice in --shares")
    if len(names) > ruleset.max_players:
        raise Refusal(f"{ruleset.title_name} seats at most {ruleset.max_players} players")
    seated = list(names)
    k = 1
    # a title's variant for so many players (18Chesapeake: two, §13) only when they are named
    short = getattr(ruleset, "short_set_players", 0)
    fewest = ruleset.min_players if len(names) == short else max(ruleset.min_players, short + 1)
    while len(seated) < fewest:
        filler = "Other" if k == 1 else f"Other{k}"
        k += 1
        if filler.lower() not in {n.lower() for n in seated}:
            seated.append(filler)
    game = Game.new(ruleset.title, seated)
    box = _box_values(game, args)
    state = game.state
    first = next(state.ledger.corporations())
    cid = ruleset.company_id(state, args.company) if args.company else first.id
    company = state.company(cid)
    if company.kind != "corporation":
        raise Refusal(f"{cid} is not a corporation: --company names one that issues shares")
    first = next((x.percent // 10 for x in company.certificates if x.president), 1)
    investors = company.holder_percent(INVESTOR) // 10
    units = _units(holders, cid, names, investors)
    president = _president(args, units, names, first)
    _deal(company, units, president, first)
    where = _place(state, cid, args.price, args.row, ruleset.money)
    company.launched = True
    company.operated = True
    company.value = _par(state, cid, args.price)
    if state.depot:
        train = state.depot.pop(0)
        train.name = train.name or train.card
        company.trains.append(train)
    state.round_kind = "SR"
    state.round_number = 2
    state.or_number = None
    state.current_player = seated[0]
    state.priority = seated[0]
    step = SCRATCH.get(ruleset.title.upper())
    if step is not None:
        step(state, cid, names)
    state.ledger.events = []
    game.journal.clear()
    args.company_id = cid
    if args.form == "sell":
        seller = args.seller or president
        if seller is None:
            raise Refusal("nobody holds the president's certificate: name the seller (--seller)")
        args.seller_name = seller
    leader = title_word(ruleset.title, "president")  # 1853, 1847: the director (2.9, 5)
    shown = [
        f"{name} {n}" + (f" ({leader})" if name == president else "")
        for name, n in units.items()
        if n and name not in (cid, POOL, INVESTOR)
    ]
    if units.get(POOL):
        shown.append(f"{ruleset.pool_name} {units[POOL]}")
    if units.get(INVESTOR):
        shown.append(f"investor {units[INVESTOR]}")
    if units.get(cid):
        shown.append(f"{ruleset.ipo_name} {units[cid]}")
    header = [
        f"{ruleset.title_name} calculator (no game): {cid} at {ruleset.money(args.price)}",
        f"  shares: {', '.join(shown)}",
        *where,
        *box,
    ]
    return game, header


def _box_values(game: Game, args: argparse.Namespace) -> list[str]:
    """1847 Pfalz, RRRR&B: ``--box`` given as ``box`` lines (the ruleset's own checks);
    the others as shipped, PROVISIONAL; a value nothing ships (the SPR's price and
    income, the package board's rows: the package is sold in a later stock round) is
    left out, a run or a sale using none of them.  Returns the header lines saying so."""
    data = game.state_json()
    if "box" not in data:
        if args.box:
            raise Refusal(f"--box: {game.ruleset.title_name} has no box values")
        return []
    for key, value in _pairs_text(args.box or "", "--box"):
        outcome = game.execute(f"box {key} {value}")
        if not outcome.ok:
            raise Refusal(f"--box {key}={value}: {outcome.message}")
    data = game.state_json()
    box = game.state.extra["box"]
    for key in data["missing"]:  # never read by a run or a sale
        box[key] = 0  # type: ignore[index]
    lines = []
    if data["provisional"]:
        lines.append(
            f"  box values PROVISIONAL, as shipped: {len(data['provisional'])} "
            "(`--box KEY=VALUE` to give the box's own)"
        )
    if data["missing"]:
        lines.append(
            f"  box values not given: {', '.join(data['missing'])} (a run or a sale uses none)"
        )
    return lines


def _pairs_text(text: str, what: str) -> list[tuple[str, str]]:
    """``SPR=170,price.6=600,V6=6+6,6+6`` -> ``[("SPR", "170"), ("price.6", "600"),
    ("V6", "6+6,6+6")]``: a part without ``=`` goes on the value before it (a list)."""
    out: list[tuple[str, str]] = []
    for part in filter(None, (x.strip() for x in text.split(","))):
        name, sep, value = part.partition("=")
        if not sep and out:
            out[-1] = (out[-1][0], f"{out[-1][1]},{part}")
            continue
        if not sep or not name.strip() or not value.strip():
            raise Refusal(f"{what}: {part!r} is not KEY=VALUE (e.g. SPR=170)")
        out.append((name.strip(), value.strip()))
    return out


def _holders(args: argparse.Namespace, leader: str = DEFAULT_PRESIDENT) -> list[tuple[str, int]]:
    """The ``--shares`` pairs, or the default layout: a player named ``leader`` (the
    title's word: ``President``, or ``Director`` in 1853 and the 1847 titles) holds the
    president's certificate."""
    if args.shares:
        pairs = _pairs(args.shares, "--shares")
        if not pairs:
            raise Refusal("--shares is empty: NAME=N,... (e.g. Amy=3,pool=4)")
        return pairs
    if args.form == "sell":
        if not args.seller or args.seller.lower() == leader.lower():
            return [(leader, 2 + args.count)]  # the president sells, and stays
        return [(leader, 2), (args.seller, args.count)]
    return [(leader, 2)]


def _units(
    holders: list[tuple[str, int]], cid: str, players: list[str], investors: int
) -> dict[str, int]:
    """Shares by holder id (players, the pool, the treasury, investors); adds up to ten."""
    units: dict[str, int] = {}
    named_treasury = False
    for name, n in holders:
        low = name.lower()
        if low in TREASURY_WORDS:
            key, named_treasury = cid, True
        elif low in POOL_WORDS:
            key = POOL
        elif low == INVESTOR:
            if not investors:
                raise Refusal(
                    f"{cid} has no investor certificates (1847 AE 4.5.2 gives them to Saar and HLB)"
                )
            key = INVESTOR
        else:
            key = name
        if key in units:
            raise Refusal(f"--shares names {name} twice")
        units[key] = n
    if units.get(INVESTOR, 0) > investors:
        raise Refusal(
            f"{cid} has {counted(investors, 'investor certificate')}, not {units[INVESTOR]}"
        )
    total = sum(units.values())
    if total > 10:
        raise Refusal(f"--shares adds up to {counted(total, 'share')}; a company has 10")
    if named_treasury and total != 10:
        raise Refusal(
            f"--shares adds up to {total} of 10 shares: name them all, or leave the treasury "
            f"out and the rest stays unsold there"
        )
    units[cid] = units.get(cid, 0) + 10 - total
    return units


def _president(
    args: argparse.Namespace, units: dict[str, int], players: list[str], first: int
) -> str | None:
    """The president: ``--president``, else the player with the most shares (at least the
    ``first`` of the president's certificate, two or three, the first listed on a tie);
    titles with such a certificate need one."""
    held = {p: units.get(p, 0) for p in players}
    least = max(first, 2)
    words = {2: "two", 3: "three"}.get(least, str(least))
    if args.president:
        match = [p for p in players if p.lower() == args.president.lower()]
        if not match:
            raise Refusal(f"--president {args.president}: not a player of --shares")
        if held[match[0]] < least:
            raise Refusal(
                f"--president {match[0]} holds {counted(held[match[0]], 'share')}: the "
                f"president holds at least {words}"
            )
        return match[0]
    best = max(held.values(), default=0)
    if best < least:
        if first > 1:
            raise Refusal(
                f"a player must hold the president's certificate: give one at least {least} "
                f"shares (e.g. --shares Amy={least})"
            )
        return None  # 1853: nobody is director; a manager runs the company (3.4)
    return next(p for p in players if held[p] == best)


def _deal(company: Company, units: dict[str, int], president: str | None, first: int) -> None:
    """Replace the company's certificates: the president's (``first`` shares: 20% or 30%,
    10% where the title has none), then 10% shares; 100% in all."""
    certs: list[Certificate] = []
    for holder, n in units.items():
        if holder == president:
            certs.append(Certificate(10 * first, president=True, holder=holder))
            n -= first
        certs.extend(Certificate(10, holder=holder) for _ in range(n))
    company.certificates = certs


NUMBERING = "of the Market sheet (from 1 at the top left)"
"""The one numbering of market spaces: the exported workbook's Market sheet's (its rows,
columns and spaces from 1), which the players see; ``--row`` takes it too."""


def _place(
    state: GameState, cid: str, price: int, row: int | None, money: Callable[[int], str]
) -> list[str]:
    """Put the company's marker on the space of ``price``; returns where, numbered as on
    the Market sheet (:data:`NUMBERING`), as the header's lines; ``money`` says a price
    with the title's sign (``¥90``)."""
    market = state.market
    zones = getattr(market, "zones", ())
    acquisition = [i for i, zone in enumerate(zones) if zone == "acquisition"]
    if price == 0 and acquisition and isinstance(market, LinearMarket):
        # 1817's $0 acquisition cells (facts §7): a corporation there still operates and
        # pays; the marker goes on the rightmost one, where a left move from $40 lands
        market.place_at(cid, acquisition[-1])  # type: ignore[attr-defined]
        return [
            f"  market: space {acquisition[-1] + 1} of the Market sheet (from 1 at the lowest "
            "price), an acquisition cell"
        ]
    if price <= 0:
        raise Refusal(f"a price of {price} is no share price (a company at 0 has closed)")
    if isinstance(market, GridMarket):
        rows = [r for r, values in enumerate(market.rows) if price in values]
        if not rows:
            prices = sorted({v for values in market.rows for v in values if v is not None})
            raise Refusal(f"{money(price)} is not on the market; its spaces are {_list(prices)}")
        if row is not None and row - 1 not in rows:
            raise Refusal(
                f"row {row} of the market has no {money(price)}; rows with it: "
                f"{', '.join(str(r + 1) for r in rows)} (the rows {NUMBERING})"
            )
        r = rows[0] if row is None else row - 1
        col = market.rows[r].index(price)
        market.place(cid, (r, col))
        where = [f"  market: row {r + 1}, column {col + 1} {NUMBERING}"]
        if row is None and len(rows) > 1:
            on = ", ".join(str(x + 1) for x in rows)
            where.append(
                f"  ({money(price)} stands on rows {on}: the top one is taken; --row to choose)"
            )
        return where
    if row is not None:
        raise Refusal("--row is for a 2-D market (1847 AE, 1830)")
    assert isinstance(market, LinearMarket)
    if price not in market.values:
        raise Refusal(
            f"{money(price)} is not on the market; its spaces are {_list(list(market.values))}"
        )
    market.place(cid, price)
    space = market.values.index(price) + 1
    return [f"  market: space {space} of the Market sheet (from 1 at the lowest price)"]


def _list(values: list[int]) -> str:
    return ", ".join(str(v) for v in values if v)


def _par(state: GameState, cid: str, price: int) -> int:
    """The company's par: printed where the title prints one, else the price."""
    market = state.market
    if isinstance(market, TrackMarket):
        return market.par_of.get(cid, price)
    if isinstance(market, GridMarket):
        return market.pars.get(cid, price)
    return price
