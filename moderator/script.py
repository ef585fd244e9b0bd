"""Banker script v1: parser and printer (``shared/spec/script.md``).

One command per line; ``#`` starts a comment; words are separated by spaces and
a name with a space is written in double quotes.  Verbs are case-insensitive.
:func:`parse_line` turns a line into a :data:`~moderator.commands.Command` (or
``None`` for a blank/comment line) and raises :class:`ParseError` with a
readable reason; :func:`format_command` prints a command back as a line that
parses to the same command.

Input is untrusted (a pasted line, a file from anywhere): a line holding a
control character (ESC, BEL, U+2028, a BIDI override...) is refused, so no
name or note can carry a terminal escape sequence into a save; a number is
refused as absurd before Python ever converts it, so no spelling of a number
(5,000 digits, thousands of leading zeros) can raise anything but
:class:`ParseError`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator

from moderator import commands as c
from moderator.errors import Refusal
from moderator.text import first_unsafe

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Literal

MAX_AMOUNT = 1_000_000
"""Larger amounts are refused as absurd: no 18xx bank holds that much."""

MAX_DIGITS = 12
"""A number written with more digits than this (leading zeros included) is refused as absurd.

``000060`` is a sloppy 60 and is accepted; thousands of leading zeros are not a
number anyone types at a table, and Python refuses to convert more than 4,300
digits (the int-string limit), so the parser refuses them itself, first.
"""


class ParseError(Refusal):
    """A line that is not banker script."""


class ScriptLine(c.Record):
    """A parsed line of a script file, with its number for messages."""

    number: int
    text: str
    command: c.Command


def is_check(text: str) -> bool:
    """Whether ``text`` is a check (:mod:`moderator.checker`): a line whose first word is
    ``check`` (any case).  Here, not in the checker: a script's every line is asked, and
    playing one must not load the checker (issue 41)."""
    words = text.split()
    return bool(words) and words[0].lower() == "check"


def tokenize(line: str) -> list[str]:
    """Split a line into words: spaces separate, double quotes group, ``#`` comments out."""
    if '"' not in line:  # most lines: no quotes, so whitespace alone separates words
        return line.split("#", 1)[0].split()
    words: list[str] = []
    cur: list[str] = []
    in_quotes = False
    had_quotes = False
    for ch in line:
        if in_quotes:
            if ch == '"':
                in_quotes = False
            else:
                cur.append(ch)
        elif ch == '"':
            in_quotes = True
            had_quotes = True
        elif ch == "#":
            break
        elif ch.isspace():
            if cur or had_quotes:
                words.append("".join(cur))
                cur = []
                had_quotes = False
        else:
            cur.append(ch)
    if in_quotes:
        raise ParseError("unclosed double quote")
    if cur or had_quotes:
        words.append("".join(cur))
    return words


def check_characters(line: str) -> None:
    """Refuse a line holding a control character, naming it (``U+001B``).

    TAB counts as a space.  The rules are silent; a banker's log must never be
    able to clear the screen or retitle the terminal when it is printed.
    """
    ch = first_unsafe(line, allowed="\t")
    if ch is not None:
        name = unicodedata.name(ch, "")
        what = "a lone surrogate" if unicodedata.category(ch) == "Cs" else "control character"
        raise ParseError(
            f"{what} U+{ord(ch):04X}" + (f" ({name})" if name else "") + " is not allowed"
        )


def _shown(word: str) -> str:
    """A word for a message, cut short when it is long (a 5,000-digit number)."""
    if len(word) <= 20:
        return word
    return f"{word[:8]}…{word[-4:]} ({len(word)} characters)"


_NUMBER = re.compile(r"[+-]?[0-9]+")
_GROUPED = r"[+-]?[$£¥]?[+-]?[0-9]{1,3}(?:,[0-9]{3})+"
"""An amount written as the screens show it, thousands grouped (``1,100``, ``$1,100``):
refused with the plain spelling to type instead (scripts and saves keep plain numbers, the
contract's spelling)."""


def other_digits(word: str, what: str = "amount") -> str | None:
    """Why ``word`` is refused as a number for its digits, or ``None``: a digit other than
    ASCII 0-9 (``٩٠``, Arabic-Indic; ``９``, fullwidth; ``²``), each named.  Python's
    ``int()`` reads most of them as 0-9, so a number typed in another script would be
    taken silently; the banker is told which characters to retype instead.  The rules are
    silent: money is written with 0-9 on every 18xx table."""
    found = list(dict.fromkeys(ch for ch in word if ch.isdigit() and not ch.isascii()))
    if not found:
        return None
    names = ", ".join(
        f"{ch} (U+{ord(ch):04X}"
        + (f" {unicodedata.name(ch)})" if unicodedata.name(ch, "") else ")")
        for ch in found
    )
    return f"{what} must be a whole number written with 0-9, not {_shown(word)!r}: it holds {names}"


def amount(word: str, what: str = "amount", *, allow_negative: bool = False) -> int:
    """A whole number of the game's currency; a leading ``$`` or ``£`` is tolerated.

    Only ASCII digits with an optional sign are numbers (no ``1_000``, no
    ``5.0``, no other scripts' digits).
    """
    if word.isdigit() and word.isascii() and len(word) <= MAX_DIGITS:
        value = int(word, 10)  # most amounts: plain digits, within bounds
        if value < MAX_AMOUNT:
            return value
    text = word
    sign = ""
    if text[:1] in ("-", "+"):
        sign, text = text[0], text[1:]
    text = text.lstrip("$£")
    if text[:1] in ("-", "+") and not sign:
        sign, text = text[0], text[1:]
    text = sign + text
    if not _NUMBER.fullmatch(text):
        foreign = other_digits(word, what)
        if foreign is not None:
            raise ParseError(foreign)
        if re.fullmatch(_GROUPED, word):  # compiled only for a refused word
            plain = "".join(ch for ch in word if ch in "+-0123456789")
            raise ParseError(
                f"{what} must be a whole number written without a separator: {plain}, "
                f"not {_shown(word)!r}"
            )
        raise ParseError(f"{what} must be a whole number, not {_shown(word)!r}")
    digits = text.lstrip("+-")
    if len(digits) > MAX_DIGITS:  # checked before int(): no int-string limit, no slow parse
        raise ParseError(
            f"{what} {_shown(word)} is absurd (at most {MAX_AMOUNT - 1}, "
            f"written with at most {MAX_DIGITS} digits)"
        )
    value = int(text, 10)
    if value < 0 and not allow_negative:
        raise ParseError(f"{what} may not be negative ({value})")
    if abs(value) >= MAX_AMOUNT:
        raise ParseError(f"{what} {value} is absurd (at most {MAX_AMOUNT - 1})")
    return value


def count(word: str, what: str = "number of shares") -> int:
    """A positive count."""
    value = amount(word, what)
    if value == 0:
        raise ParseError(f"{what} must be at least 1")
    return value


def _need(args: list[str], low: int, high: int | None, usage: str) -> None:
    if len(args) < low or (high is not None and len(args) > high):
        for word in args:  # a pasted 5,000-digit number is absurd, whatever its place
            if _NUMBER.fullmatch(word.lstrip("$£")) and len(word) > MAX_DIGITS:
                amount(word)
        raise ParseError(f"usage: {usage}")


def _p_game(a: list[str]) -> c.Command:
    _need(a, 2, None, "game TITLE PLAYER...")
    return c.GameCmd(title=a[0].upper(), players=tuple(a[1:]))


def _p_par(a: list[str]) -> c.Command:
    _need(a, 3, 3, "par PLAYER CORP PRICE")
    return c.Par(player=a[0], corp=a[1], price=amount(a[2], "price"))


def _p_buy(a: list[str]) -> c.Command:
    _need(a, 2, 3, "buy PLAYER CORP [ipo|pool]")
    src = share_source(a[2], "buy") if len(a) == 3 else None
    return c.Buy(player=a[0], corp=a[1], source=src)


def _p_sell(a: list[str]) -> c.Command:
    _need(a, 2, 3, "sell PLAYER CORP N")
    n = count(a[2]) if len(a) == 3 else 1
    return c.Sell(player=a[0], corp=a[1], count=n)


def _p_pass(a: list[str]) -> c.Command:
    _need(a, 1, 1, "pass PLAYER")
    return c.Pass(player=a[0])


def _p_spend(a: list[str]) -> c.Command:
    _need(a, 2, 4, "spend COMPANY AMOUNT [tile|token|terrain|fee] [PRIVATE]")
    purpose = None
    private = None
    if len(a) >= 3:
        purpose = a[2].lower()
        if purpose not in ("tile", "token", "terrain", "fee"):
            raise ParseError(f"spend on tile, token, terrain or fee, not {a[2]!r}")
    if len(a) == 4:
        # the private whose ability the spend uses: `spend L 40 token W` (1847 4.2)
        private = a[3]
    value = amount(a[1])
    if value == 0:
        raise ParseError("amount must be at least 1")
    return c.Spend(company=a[0], amount=value, purpose=purpose, private=private)  # type: ignore[arg-type]


def _p_run(a: list[str]) -> c.Command:
    usage = "run COMPANY REVENUE [full|half|withhold] [mail AMOUNT]"
    _need(a, 2, 5, usage)
    option = None
    mail = None
    rest = a[2:]
    i = 0
    while i < len(rest):
        word = rest[i].lower()
        chosen = None
        if word in ("full", "pay", "payout"):
            chosen = "full"
        elif word in ("half", "halfpay"):
            chosen = "half"
        elif word in ("withhold", "retain", "hold"):
            chosen = "withhold"
        elif word == "mail":
            if i + 1 >= len(rest):
                raise ParseError(f"mail needs an amount: {usage}")
            if mail is not None:
                raise ParseError("mail is given twice")
            mail = amount(rest[i + 1], "mail revenue")
            i += 1
        else:
            raise ParseError(
                f"after the revenue: full, half, withhold or mail AMOUNT, not {rest[i]!r}"
            )
        if chosen is not None:
            if option is not None:
                raise ParseError(f"two dividend options: {option} and {chosen}")
            option = chosen
        i += 1
    return c.Run(company=a[0], revenue=amount(a[1], "revenue"), option=option, mail=mail)  # type: ignore[arg-type]


def _p_train(a: list[str]) -> c.Command:
    usage = "train CORP TYPE [from CORP2 PRICE | from pool | credit | trade TYPE]"
    _need(a, 2, 5, usage)
    corp, train = a[0], a[1]
    rest = [w.lower() for w in a[2:]]
    if not rest:
        return c.BuyTrain(corp=corp, train=train)
    if rest == ["credit"]:
        return c.BuyTrain(corp=corp, train=train, credit=True)
    if rest[0] == "trade":
        if len(rest) != 2:
            raise ParseError(f"a trade-in names the train given back: train {corp} {train} trade 4")
        return c.BuyTrain(corp=corp, train=train, trade=a[3])
    if rest[0] == "from" and len(rest) == 2 and rest[1] == "pool":
        return c.BuyTrain(corp=corp, train=train, source="pool")
    if rest[0] == "from" and len(rest) == 3 and rest[1] == "pool":
        raise ParseError(
            "a train from the pool is bought at its list price: "
            f"train {corp} {train} from pool (no price)"
        )
    if rest[0] == "from" and len(rest) == 3:
        price = amount(a[4], "price")
        return c.BuyTrain(corp=corp, train=train, source=a[3], price=price)
    if rest[0] == "from" and len(rest) == 2:
        raise ParseError(
            f"a train from another company needs a price: train {corp} {train} from {a[3]} PRICE"
        )
    raise ParseError(f"usage: {usage}")


def _p_buyprivate(a: list[str]) -> c.Command:
    _need(a, 3, 3, "buyprivate CORP PRIVATE PRICE")
    return c.BuyPrivate(corp=a[0], private=a[1], price=amount(a[2], "price"))


def _p_done(a: list[str]) -> c.Command:
    _need(a, 1, 2, "done COMPANY [noroute]")
    if len(a) == 2 and a[1].lower() not in ("noroute", "no-route"):
        raise ParseError(f"done takes a company and optionally `noroute`, not {a[1]!r}")
    return c.Done(company=a[0], noroute=len(a) == 2)


def _p_bankrupt(a: list[str]) -> c.Command:
    _need(a, 1, 1, "bankrupt PLAYER")
    return c.Bankrupt(player=a[0])


def _p_discard(a: list[str]) -> c.Command:
    _need(a, 2, 2, "discard CORP TYPE")
    return c.Discard(corp=a[0], train=a[1])


def _p_adjust(a: list[str]) -> c.Command:
    _need(a, 3, None, "adjust ENTITY AMOUNT REASON...")
    value = amount(a[1], allow_negative=True)
    if value == 0:
        raise ParseError("an adjustment of 0 changes nothing")
    return c.Adjust(entity=a[0], amount=value, reason=" ".join(a[2:]))


def _p_note(a: list[str]) -> c.Command:
    """``note`` reached through its words: only a verb written in quotes (``"note" hi``)
    comes here; a note line is read by :func:`note_text`, as typed."""
    _need(a, 1, None, "note TEXT...")
    return c.Note(text=" ".join(a))


_NOTE_VERB = re.compile(r"\s*note(?=[\s#]|$)", re.IGNORECASE)


def note_text(line: str) -> str | None:
    """The text of a ``note`` line exactly as typed, or ``None`` for another line.

    The text is everything after the verb, quotes and spacing included, up to a comment
    (a ``#`` outside double quotes; a quote left open runs to the end of the line), with
    the spaces that surround it dropped.

    Raises:
        ParseError: a ``note`` line with no text.
    """
    verb = _NOTE_VERB.match(line)
    if verb is None:
        return None
    rest = line[verb.end() :]
    end, in_quotes = len(rest), False
    for i, ch in enumerate(rest):
        if ch == '"':
            in_quotes = not in_quotes
        elif ch == "#" and not in_quotes:
            end = i
            break
    text = rest[:end].strip()
    if not text:
        raise ParseError("usage: note TEXT...")
    return text


def _p_expect(a: list[str]) -> c.Command:
    usage = (
        "expect PLAYER|COMPANY|bank cash N, expect CORP price N, expect PLAYER shares CORP N, "
        "expect PLAYER value N, expect CORP president PLAYER, expect phase NAME, "
        "expect round SR|OR, expect priority PLAYER, expect CORP cell ROW COL, "
        "expect PLAYER certificates N, expect interest RATE, expect CORP loans N, "
        "expect CORP size N, expect PLAYER shorts CORP N"
    )
    if len(a) == 2 and a[0].lower() in ("phase", "round", "priority"):
        return c.Expect(subject=a[0].lower(), field=a[0].lower(), value=a[1])
    if len(a) == 2 and a[0].lower() == "interest":  # 1817: the rate in percent
        rate = amount(a[1].rstrip("%"), "interest rate")
        return c.Expect(subject="interest", field="interest", value=str(rate))
    if len(a) == 4 and a[1].lower() == "shorts":  # 1817: short certificates held
        held = amount(a[3], "number of shorts")
        return c.Expect(subject=a[0], field="shorts", corp=a[2], value=str(held))
    if len(a) == 4 and a[1].lower() == "cell":
        row, col = amount(a[2], "row"), amount(a[3], "column")
        return c.Expect(subject=a[0], field="cell", value=f"{row} {col}")
    if len(a) == 4 and a[1].lower() == "shares":
        percent = amount(a[3], "percent")
        return c.Expect(subject=a[0], field="shares", corp=a[2], value=str(percent))
    if len(a) == 3:
        fld = a[1].lower()
        if fld in ("cash", "price", "value", "certificates", "loans", "size", "stations"):
            # normalised (`$50` -> `50`) so the check compares numbers
            number = amount(a[2], fld, allow_negative=True)
            return c.Expect(subject=a[0], field=fld, value=str(number))
        if fld == "president":
            return c.Expect(subject=a[0], field=fld, value=a[2])
    raise ParseError(f"usage: {usage}")


def _p_remove(a: list[str]) -> c.Command:
    _need(a, 1, None, "remove COMPANY...")
    return c.Remove(companies=tuple(a))


def _p_private(a: list[str]) -> c.Command:
    _need(a, 2, 3, "private PLAYER PRIVATE [PRICE]")
    price = amount(a[2], "price") if len(a) == 3 else None
    return c.PrivateResult(player=a[0], private=a[1], price=price)


def _p_issue(a: list[str]) -> c.Command:
    _need(a, 1, 2, "issue CORP N")
    return c.Issue(corp=a[0], count=count(a[1]) if len(a) == 2 else 1)


def _p_redeem(a: list[str]) -> c.Command:
    _need(a, 1, 2, "redeem CORP N")
    return c.Redeem(corp=a[0], count=count(a[1]) if len(a) == 2 else 1)


def _p_assign(a: list[str]) -> c.Command:
    _need(a, 2, 2, "assign STEAMBOAT COMPANY")
    return c.Assign(private=a[0], company=a[1])


def share_source(word: str, verb: str) -> Literal["ipo", "pool"]:
    """``ipo`` or ``pool`` (with their other spellings) after ``buy`` or ``exchange``."""
    low = word.lower()
    if low in ("ipo", "treasury", "ipo.", "initial"):
        return "ipo"
    if low in ("pool", "market"):
        return "pool"
    raise ParseError(f"{verb} from 'ipo' or 'pool', not {word!r}")


def _p_exchange(a: list[str]) -> c.Command:
    _need(a, 2, 3, "exchange PLAYER PRIVATE [ipo|pool]")
    src = share_source(a[2], "exchange") if len(a) == 3 else None
    return c.Exchange(player=a[0], private=a[1], source=src)


def _p_bid(a: list[str]) -> c.Command:
    _need(a, 3, 3, "bid PLAYER PRIVATE AMOUNT")
    return c.Bid(player=a[0], private=a[1], amount=amount(a[2], "bid"))


def _p_nationalize(a: list[str]) -> c.Command:
    _need(a, 3, 4, "nationalize PLAYER CORP FROM [PERCENT]")
    pct = amount(a[3], "percent") if len(a) == 4 else 10
    if pct not in (10, 20):
        raise ParseError("nationalize takes 10 or 20 percent")
    return c.Nationalize(player=a[0], corp=a[1], source=a[2], percent=pct)


def _p_trade(a: list[str]) -> c.Command:
    _need(a, 4, 4, "trade PRIVATE FROM TO PRICE")
    return c.Trade(private=a[0], source=a[1], target=a[2], price=amount(a[3], "price"))


def _p_close(a: list[str]) -> c.Command:
    _need(a, 1, 1, "close PRIVATE")
    return c.ClosePrivate(private=a[0])


def _p_vanderbilt(a: list[str]) -> c.Command:
    _need(a, 1, 1, "vanderbilt CORP")
    return c.Vanderbilt(corp=a[0])


def _p_income(a: list[str]) -> c.Command:
    _need(a, 2, 2, "income PRIVATE AMOUNT")
    return c.Income(private=a[0], amount=amount(a[1], "income"))


def _p_box(a: list[str]) -> c.Command:
    _need(a, 1, 2, "box KEY [VALUE] | box confirm")
    if len(a) == 1 and "=" in a[0].strip("="):
        # `box SPR=170`: the spelling the new-game form once used, kept as an alias
        key, _, value = a[0].partition("=")
        return c.BoxValue(key=key, value=value)
    return c.BoxValue(key=a[0], value=a[1] if len(a) == 2 else None)


def _p_market(a: list[str]) -> c.Command:
    _need(a, 1, None, "market VALUE...")
    return c.MarketValues(values=tuple(amount(w, "market value") for w in a))


def _p_setpar(a: list[str]) -> c.Command:
    _need(a, 2, 2, "setpar CORP VALUE")
    return c.SetPar(corp=a[0], value=amount(a[1], "par value"))


def _p_bond(a: list[str]) -> c.Command:
    _need(a, 2, 2, "bond PLAYER AMOUNT")
    return c.Bond(player=a[0], amount=amount(a[1]))


def _p_claim(a: list[str]) -> c.Command:
    _need(a, 3, 3, "claim PLAYER CITY CORP")
    return c.Claim(player=a[0], city=a[1], corp=a[2])


def _p_settle(a: list[str]) -> c.Command:
    _need(a, 0, 0, "settle")
    return c.Settle()


def _p_redeemshare(a: list[str]) -> c.Command:
    _need(a, 2, 2, "redeemshare PLAYER CORP")
    return c.RedeemShare(player=a[0], corp=a[1])


def _p_fulfil(a: list[str]) -> c.Command:
    _need(a, 1, 7, "fulfil PLAYER [CITY...]")
    return c.Fulfil(player=a[0], cities=tuple(a[1:]))


def _p_frontier(a: list[str]) -> c.Command:
    _need(a, 2, 2, "frontier CORP AMOUNT")
    return c.Frontier(corp=a[0], amount=amount(a[1]))


def _p_elephant(a: list[str]) -> c.Command:
    _need(a, 3, 3, "elephant FROM TO PRICE")
    return c.Elephant(source=a[0], target=a[1], price=amount(a[2], "price"))


def _p_extra(a: list[str]) -> c.Command:
    _need(a, 0, 0, "extra")
    return c.Extra()


CREDIT_CHOICES = {
    "pay": "pay", "buy": "pay", "keep": "pay",
    "return": "return", "back": "return", "giveback": "return", "give-back": "return",
}  # fmt: skip
"""1853 4.8.10: the words for the new director's choice: buy the credit train or return it."""


def _p_credit(a: list[str]) -> c.Command:
    usage = "credit CORP pay|return"
    _need(a, 2, 2, usage)
    choice = CREDIT_CHOICES.get(a[1].lower())
    if choice is None:
        raise ParseError(f"the credit train is bought (`pay`) or returned (`return`), not {a[1]!r}")
    return c.CreditTrain(corp=a[0], choice=choice)  # type: ignore[arg-type]


def _p_ipo(a: list[str]) -> c.Command:
    usage = "ipo PLAYER CORP PRICE SIZE [PRIVATE...] [by NOMINATOR]"
    _need(a, 4, None, usage)
    rest = a[4:]
    nominator = None
    if len(rest) >= 2 and rest[-2].lower() == "by":
        nominator = rest[-1]
        rest = rest[:-2]
    if any(w.lower() == "by" for w in rest):
        raise ParseError(f"`by NOMINATOR` comes last: {usage}")
    return c.Ipo(
        player=a[0],
        corp=a[1],
        price=amount(a[2], "price"),
        size=count(a[3], "size"),
        privates=tuple(rest),
        nominator=nominator,
    )


def _p_loan(a: list[str]) -> c.Command:
    _need(a, 1, 2, "loan CORP [N]")
    return c.Loan(corp=a[0], count=count(a[1], "number of loans") if len(a) == 2 else 1)


def _p_payback(a: list[str]) -> c.Command:
    _need(a, 1, 2, "payback CORP [N]")
    return c.Payback(corp=a[0], count=count(a[1], "number of loans") if len(a) == 2 else 1)


def _p_interest(a: list[str]) -> c.Command:
    _need(a, 1, 1, "interest CORP")
    return c.Interest(corp=a[0])


def _p_bonus(a: list[str]) -> c.Command:
    _need(a, 2, 3, "bonus CORP PRIVATE [AMOUNT]")
    return c.Bonus(corp=a[0], private=a[1], amount=amount(a[2]) if len(a) == 3 else None)


def _later(verb: str) -> Callable[[list[str]], c.Command]:
    """A verb of a later step of a title (1817's shorts, mergers, acquisitions): read, so
    that the title refuses it by name."""

    def parse(a: list[str]) -> c.Command:
        return c.Later(verb=verb, words=tuple(a))

    return parse


PARSERS: dict[str, Callable[[list[str]], c.Command]] = {
    "game": _p_game,
    "par": _p_par,
    "launch": _p_par,
    "buy": _p_buy,
    "sell": _p_sell,
    "pass": _p_pass,
    "spend": _p_spend,
    "pay": _p_spend,
    "run": _p_run,
    "train": _p_train,
    "buytrain": _p_train,
    "buyprivate": _p_buyprivate,
    "done": _p_done,
    "bankrupt": _p_bankrupt,
    "discard": _p_discard,
    "adjust": _p_adjust,
    "note": _p_note,
    "expect": _p_expect,
    "remove": _p_remove,
    "private": _p_private,
    "issue": _p_issue,
    "redeem": _p_redeem,
    "assign": _p_assign,
    "exchange": _p_exchange,
    "bid": _p_bid,
    "nationalize": _p_nationalize,
    "nationalise": _p_nationalize,
    "trade": _p_trade,
    "close": _p_close,
    "vanderbilt": _p_vanderbilt,
    "income": _p_income,
    "box": _p_box,
    "market": _p_market,
    "setpar": _p_setpar,
    "bond": _p_bond,
    "claim": _p_claim,
    "settle": _p_settle,
    "redeemshare": _p_redeemshare,
    "fulfil": _p_fulfil,
    "fulfill": _p_fulfil,
    "frontier": _p_frontier,
    "elephant": _p_elephant,
    "extra": _p_extra,
    "credit": _p_credit,
    "credittrain": _p_credit,
    "ipo": _p_ipo,
    "loan": _p_loan,
    "payback": _p_payback,
    "repay": _p_payback,
    "interest": _p_interest,
    "bonus": _p_bonus,
    "short": _later("short"),
    "cover": _later("cover"),
    "convert": _later("convert"),
    "merge": _later("merge"),
    "acquire": _later("acquire"),
    "liquidate": _later("liquidate"),
}
"""Every verb and alias the parser knows, lower case."""

VERBS: tuple[str, ...] = tuple(sorted(PARSERS))


_PARSED: dict[str, c.Command | None] = {}
"""Lines already read, and what they read as (commands are frozen records, so one may
stand for every copy of its line): a game repeats its lines (``pass Amy``, ``done L``),
two in three of a 1,000-command game's are read once already (issue 41).  A refused
line is not kept: it is read, and refused, again."""
_PARSED_MAX = 4096
"""Lines :data:`_PARSED` holds at most; it starts afresh when full."""
_NOT_READ = object()


def parse_line(line: str) -> c.Command | None:
    """Parse one line; ``None`` for a blank or comment line.

    Raises:
        ParseError: the line is not banker script; the message says why.
    """
    cmd = _PARSED.get(line, _NOT_READ)
    if cmd is not _NOT_READ:
        return cmd  # type: ignore[return-value]
    cmd = _parse_line(line)
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[line] = cmd
    return cmd


def _parse_line(line: str) -> c.Command | None:
    check_characters(line)
    text = note_text(line)
    if text is not None:
        return c.Note(text=text)
    words = tokenize(line)
    if not words:
        return None
    verb = words[0].lower()
    parser = PARSERS.get(verb)
    if parser is None:
        raise ParseError(f"unknown command {words[0]!r}")
    return parser(words[1:])


def script_lines(text: str) -> list[str]:
    """A script's lines: split on ``\\n`` only, a CRLF file's trailing ``\\r`` dropped.

    Not :meth:`str.splitlines`, which also splits on form feed, U+2028, ``\\x1c``
    and the like: those stay inside their line (and are refused there as
    control characters), so a message names the line an editor shows.
    """
    lines = text.removeprefix("\ufeff").split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line does not start another
    return [line.removesuffix("\r") for line in lines]


def parse_script(text: str) -> Iterator[ScriptLine]:
    """Parse a whole script; a bad line raises :class:`ParseError` prefixed by its number."""
    for number, raw in enumerate(script_lines(text), start=1):
        try:
            cmd = parse_line(raw)
        except ParseError as exc:
            raise ParseError(f"line {number}: {exc.message}") from None
        if cmd is not None:
            yield ScriptLine(number=number, text=raw.strip(), command=cmd)


_NEEDS_QUOTES = re.compile(r'[\s#"]')


def quote(word: str) -> str:
    """Quote a name for a script line when it needs it."""
    if word == "" or _NEEDS_QUOTES.search(word):
        return '"' + word.replace('"', "'") + '"'
    return word


def free_text(text: str) -> str:
    """Words of a reason: as typed when they read back the same, else quoted."""
    try:
        if text and " ".join(tokenize(text)) == text:
            return text
    except ParseError:
        pass
    return quote(text)


def legacy_note_line(cmd: c.Note) -> str:
    """The line a moderator before issue 28.2 wrote for a note.

    It read a note's words like any others (``note say "hi"`` was the text ``say hi``)
    and quoted a text that its words did not give back (``note "a  b"`` for ``a  b``).
    Such a line now reads as a text with its quotes; a save keeps it beside its command,
    and it stands for that command (:func:`same_note`).
    """
    return f"note {free_text(cmd.text)}"


def same_note(line: str, cmd: c.Command) -> bool:
    """``line`` is a note line an older moderator wrote for ``cmd`` (:func:`legacy_note_line`)."""
    return isinstance(cmd, c.Note) and line.strip() == legacy_note_line(cmd)


_FORMATTED: dict[int, tuple[c.Command, str]] = {}
"""Commands already printed, by identity, with their line (the command is kept, so its
``id`` is not another's): :func:`parse_line` gives one command for every copy of a line,
and the game prints each command it journals (issue 41)."""


def format_command(cmd: c.Command) -> str:
    """Print a command as a script line that parses back to the same command."""
    known = _FORMATTED.get(id(cmd))
    if known is not None and known[0] is cmd:
        return known[1]
    line = _format_command(cmd)
    if len(_FORMATTED) >= _PARSED_MAX:
        _FORMATTED.clear()
    _FORMATTED[id(cmd)] = (cmd, line)
    return line


def _format_command(cmd: c.Command) -> str:  # noqa: C901 - one branch per verb
    q = quote
    match cmd:
        case c.GameCmd():
            # the title is quoted like any word: an empty one (`game "" ...`) prints as `""`,
            # never as nothing, which would read back with the first player as the title
            return " ".join(["game", q(cmd.title), *(q(p) for p in cmd.players)])
        case c.Par():
            return f"par {q(cmd.player)} {q(cmd.corp)} {cmd.price}"
        case c.Buy():
            return f"buy {q(cmd.player)} {q(cmd.corp)}" + (f" {cmd.source}" if cmd.source else "")
        case c.Sell():
            return f"sell {q(cmd.player)} {q(cmd.corp)} {cmd.count}"
        case c.Pass():
            return f"pass {q(cmd.player)}"
        case c.Spend():
            return (
                f"spend {q(cmd.company)} {cmd.amount}"
                + (f" {cmd.purpose}" if cmd.purpose else "")
                + (f" {q(cmd.private)}" if cmd.private else "")
            )
        case c.Run():
            text = f"run {q(cmd.company)} {cmd.revenue}"
            if cmd.option:
                text += f" {cmd.option}"
            if cmd.mail is not None:
                text += f" mail {cmd.mail}"
            return text
        case c.BuyTrain():
            text = f"train {q(cmd.corp)} {q(cmd.train)}"
            if cmd.credit:
                return text + " credit"
            if cmd.source == "pool":
                return text + " from pool"
            if cmd.source is not None:
                return text + f" from {q(cmd.source)} {cmd.price}"
            if cmd.trade is not None:
                return text + f" trade {q(cmd.trade)}"
            return text
        case c.BuyPrivate():
            return f"buyprivate {q(cmd.corp)} {q(cmd.private)} {cmd.price}"
        case c.Done():
            return f"done {q(cmd.company)}" + (" noroute" if cmd.noroute else "")
        case c.Bankrupt():
            return f"bankrupt {q(cmd.player)}"
        case c.Discard():
            return f"discard {q(cmd.corp)} {q(cmd.train)}"
        case c.Adjust():
            return f"adjust {q(cmd.entity)} {cmd.amount} {free_text(cmd.reason)}"
        case c.Note():
            # as typed; a text no note line gives (a `#` outside quotes, surrounding
            # spaces: only an older save's) is printed as that save printed it
            line = f"note {cmd.text}"
            try:
                if note_text(line) == cmd.text:
                    return line
            except ParseError:
                pass
            return legacy_note_line(cmd)
        case c.Expect():
            if cmd.field in ("phase", "round", "priority", "interest"):
                return f"expect {cmd.field} {q(cmd.value)}"
            if cmd.field == "shorts":
                return f"expect {q(cmd.subject)} shorts {q(cmd.corp or '')} {cmd.value}"
            if cmd.field == "shares":
                return f"expect {q(cmd.subject)} shares {q(cmd.corp or '')} {cmd.value}"
            if cmd.field == "cell":
                return f"expect {q(cmd.subject)} cell {cmd.value}"
            return f"expect {q(cmd.subject)} {cmd.field} {q(cmd.value)}"
        case c.Remove():
            return " ".join(["remove", *(q(x) for x in cmd.companies)])
        case c.PrivateResult():
            return f"private {q(cmd.player)} {q(cmd.private)}" + (
                f" {cmd.price}" if cmd.price is not None else ""
            )
        case c.Issue():
            return f"issue {q(cmd.corp)} {cmd.count}"
        case c.Redeem():
            return f"redeem {q(cmd.corp)} {cmd.count}"
        case c.Assign():
            return f"assign {q(cmd.private)} {q(cmd.company)}"
        case c.Exchange():
            source = f" {cmd.source}" if cmd.source else ""
            return f"exchange {q(cmd.player)} {q(cmd.private)}{source}"
        case c.Bid():
            return f"bid {q(cmd.player)} {q(cmd.private)} {cmd.amount}"
        case c.Nationalize():
            return f"nationalize {q(cmd.player)} {q(cmd.corp)} {q(cmd.source)} {cmd.percent}"
        case c.Trade():
            return f"trade {q(cmd.private)} {q(cmd.source)} {q(cmd.target)} {cmd.price}"
        case c.ClosePrivate():
            return f"close {q(cmd.private)}"
        case c.Vanderbilt():
            return f"vanderbilt {q(cmd.corp)}"
        case c.Income():
            return f"income {q(cmd.private)} {cmd.amount}"
        case c.BoxValue():
            return f"box {q(cmd.key)}" + (f" {q(cmd.value)}" if cmd.value is not None else "")
        case c.MarketValues():
            return " ".join(["market", *(str(v) for v in cmd.values)])
        case c.SetPar():
            return f"setpar {q(cmd.corp)} {cmd.value}"
        case c.Bond():
            return f"bond {q(cmd.player)} {cmd.amount}"
        case c.Claim():
            return f"claim {q(cmd.player)} {q(cmd.city)} {q(cmd.corp)}"
        case c.Settle():
            return "settle"
        case c.RedeemShare():
            return f"redeemshare {q(cmd.player)} {q(cmd.corp)}"
        case c.Fulfil():
            return " ".join([f"fulfil {q(cmd.player)}", *(q(x) for x in cmd.cities)])
        case c.Frontier():
            return f"frontier {q(cmd.corp)} {cmd.amount}"
        case c.Elephant():
            return f"elephant {q(cmd.source)} {q(cmd.target)} {cmd.price}"
        case c.Extra():
            return "extra"
        case c.CreditTrain():
            return f"credit {q(cmd.corp)} {cmd.choice}"
        case c.Ipo():
            words = [f"ipo {q(cmd.player)} {q(cmd.corp)} {cmd.price} {cmd.size}"]
            words += [q(x) for x in cmd.privates]
            if cmd.nominator is not None:
                words.append(f"by {q(cmd.nominator)}")
            return " ".join(words)
        case c.Loan():
            return f"loan {q(cmd.corp)} {cmd.count}"
        case c.Payback():
            return f"payback {q(cmd.corp)} {cmd.count}"
        case c.Interest():
            return f"interest {q(cmd.corp)}"
        case c.Bonus():
            amount = f" {cmd.amount}" if cmd.amount is not None else ""
            return f"bonus {q(cmd.corp)} {q(cmd.private)}{amount}"
        case c.Later():
            return " ".join([cmd.verb, *(q(x) for x in cmd.words)])
    raise TypeError(f"not a command: {cmd!r}")
