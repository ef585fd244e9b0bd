"""Text a terminal must never act on: the one definition of a control character.

Names, notes and journal lines come from people and from files someone else
may have written.  The parser refuses control characters in a line, a player's
name may not hold one, and anything printed from a save shows them as escapes
(``\\x1b``), so a hostile save can never clear the screen or retitle the
terminal.  All three use :data:`UNSAFE_CATEGORIES` from here.

Also the one wording of a count (:func:`counted`: ``1 command``, ``2 commands``), of an
amount a share to the cent (:func:`to_cents`: ``26.60``), of an amount of money as players
read it (:func:`money`: ``$1,100``), of a dividend a share (:func:`a_share`: ``$12 a share``)
and of the article before a company's id or a train's name (:func:`article`: ``an EIR share``,
``an 8-train``).
"""

from __future__ import annotations

import unicodedata

TYPE_CHECKING = False  # not `typing`'s: this module is imported at every start (issue 41)
if TYPE_CHECKING:
    from collections.abc import Iterable

UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories a terminal may act on or show misleadingly: controls (ESC, BEL),
format characters (direction overrides), lone surrogates, line and paragraph separators."""


def first_unsafe(text: str, allowed: str = "") -> str | None:
    """The first character of ``text`` in :data:`UNSAFE_CATEGORIES` (other than those in
    ``allowed``, e.g. a TAB in a script line), or ``None``."""
    if text.isprintable():  # the fast path: printable text holds none of them
        return None
    for ch in text:
        if ch not in allowed and unicodedata.category(ch) in UNSAFE_CATEGORIES:
            return ch
    return None


def escaped(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every unsafe character shown as an escape (``\\x1b``, ``\\u202e``).

    ``keep_newlines`` keeps ``\\n`` (a block of lines).  Everything else, letters of
    any script included, is kept as it is.
    """
    if text.isprintable():
        return text
    out: list[str] = []
    for ch in text:
        if (ch == "\n" and keep_newlines) or unicodedata.category(ch) not in UNSAFE_CATEGORIES:
            out.append(ch)
            continue
        code = ord(ch)
        if code < 0x100:
            out.append(f"\\x{code:02x}")
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return "".join(out)


__all__ = [
    "A_SHARE",
    "MOVED",
    "UNSAFE_CATEGORIES",
    "a_share",
    "article",
    "cited",
    "escaped",
    "figure",
    "first_unsafe",
    "money",
    "shorts_held",
    "with_article",
]

MOVED = "→"
"""The one arrow of a move a player reads, from before to after (a price ``$70 → $90``, a
presidency, a phase): receipts, narration, the history, the phones' page, the checker."""


def figure(amount: int | str) -> str:
    """An amount without its sign, thousands grouped (``1,100``; ``1,026.60`` to the cent):
    for a column of a table whose heading names the currency (the projection's 10.1 table),
    the figures as :func:`money` writes them."""
    if isinstance(amount, str):
        whole, dot, cents = amount.partition(".")
        return f"{int(whole):,}{dot}{cents}"
    return f"{amount:,}"


def money(currency: str, amount: int | str) -> str:
    """An amount as every line, panel, page and file shows it to the players: the title's
    sign in front and the thousands grouped with commas, as the rulebooks print them (1846:
    ``$7,500``; 1853: ``£17,760``): ``money("$", 1100)`` is ``$1,100``, ``money("M", 90)``
    ``M90``, ``money("$", -20)`` ``-$20``; an amount to the cent (:func:`to_cents`'
    ``"1026.60"``) keeps its cents: ``$1,026.60``.

    Only what is shown: scripts, saves and the state JSON keep plain numbers (``1100``).
    """
    if type(amount) is int:  # the common case, without the two calls below
        return f"{currency}{amount:,}" if amount >= 0 else f"-{currency}{-amount:,}"
    negative = amount.startswith("-") if isinstance(amount, str) else amount < 0
    shown = figure(amount.lstrip("-") if isinstance(amount, str) else abs(amount))
    return f"-{currency}{shown}" if negative else f"{currency}{shown}"


A_SHARE = "a share"
"""The one wording of "for each share" a player reads (receipts, narration, payment lines,
the log, the phones' page, the CLI): ``$12 a share``, as said at the table."""


def a_share(currency: str, amount: int | str) -> str:
    """A dividend a share as players read it: ``a_share("$", 12)`` is ``$12 a share``,
    ``a_share("$", "26.60")`` ``$26.60 a share`` (:func:`money`, then :data:`A_SHARE`)."""
    return f"{money(currency, amount)} {A_SHARE}"


def capital(text: str) -> str:
    """``text`` with its first letter a capital and the rest as written (``IPO`` stays
    ``IPO``, where ``str.capitalize`` writes ``Ipo``): a line's start, a column's head."""
    return text[:1].upper() + text[1:]


def because(text: str, reason: str, sep: str = ": ") -> str:
    """``text (reason)`` as players read it: a reason with a parenthesis of its own (its
    rule: ``sold (8.2)``) follows ``sep`` instead, so a line never nests one in another
    (``L share: Cora → the pool: sold (8.2)``, not ``... (sold (8.2))``)."""
    if "(" in reason:
        return f"{text}{sep}{reason}"
    return f"{text} ({reason})"


def shorts_held(cid: str, count: int) -> str:
    """A player's shorts of a corporation as every table and page shows them among his
    holdings (1817 facts §5): ``UR -1 short``, ``UR -2 shorts``: minus, as a short
    counts against him."""
    return f"{cid} -{counted(count, 'short')}"


SAME_PRICE = " to another space of the same price"
"""How a price move's reason ends when the marker goes to another space showing the same
price (1817's $0 acquisition cells, facts §7): a move to mirror, never a "stays"."""


def moving_to_same_price(reason: str, way: str) -> str:
    """``reason`` of a marker's move ``way`` to another space showing the same price, said
    as a move (never a "stays"; :func:`same_price_move` reads it back), and said once: a
    reason that says so already is kept as it is."""
    said = f"; the marker moves {way}{SAME_PRICE}"
    return reason if reason.endswith(said) else reason + said


def same_price_move(reason: str, price: str) -> str | None:
    """The words of a move between two spaces of one price, from its ``reason`` (``...;
    the marker moves left to another space of the same price``): ``marker moves left to
    another $0 space: ...``; ``None`` for any other reason."""
    head, said, tail = reason.rpartition("; the marker moves ")
    if not said or not tail.endswith(SAME_PRICE):
        return None
    return f"marker moves {tail.split()[0]} to another {price} space: {head}"


def cited(text: str) -> tuple[str, str]:
    """``text`` apart from the rule in its closing parenthesis, so a line that adds words
    after it can still cite the rule last: ``cited("no train (facts §8)")`` is ``("no
    train", "facts §8")``; ``(text, "")`` when it does not end in one."""
    if not text.endswith(")"):
        return text, ""
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            return text[:i].rstrip(), text[i + 1 : -1]
    return text, ""


def ordinal(place: int, tied: bool = False) -> str:
    """A place as players say it: ``1st``, ``2nd``, ``3rd``, ``4th``...; ``1st=`` for a
    place shared by a tie."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}{'=' if tied else ''}"


def place_move(before: int, after: int) -> str:
    """A player's move between two places as players read it: ``up 2`` (from 3rd to 1st),
    ``down 1``; ``""`` when the place is the same (a smaller place is a better one)."""
    if after == before:
        return ""
    return f"up {before - after}" if after < before else f"down {after - before}"


def counted(count: int, word: str, plural: str | None = None) -> str:
    """``count`` and the noun, singular for one: ``1 command``, ``2 commands``, ``0 commands``.

    ``plural`` for a noun that does not just add an ``s`` (``1 entry``, ``2 entries``).
    """
    return f"{count} {word if count == 1 else (plural or word + 's')}"


def counted_at(count: int, word: str, rate: str, done: str = "") -> str:
    """A payment's things, what is ``done`` with them and their ``rate`` (``2 stations at
    $50``, ``2 UR shorts closed at $40 each``); one alone is said with its article and no
    rate (``a station``, ``a UR short closed``): the payment's own amount is then its
    price, said once by the payment's line."""
    if count == 1:
        return " ".join(x for x in (article(word.split()[0]), word, done) if x)
    return " ".join(x for x in (counted(count, word), done, rate) if x)


def to_cents(amount: int, count: int) -> str | None:
    """``amount`` divided by ``count`` to the cent (``to_cents(133, 5)``: ``26.60``), the
    amount a share of a payout its shares do not divide (1817); ``None`` where it is no
    whole number of cents."""
    cents, rest = divmod(amount * 100, count)
    return None if rest else f"{cents // 100}.{cents % 100:02d}"


def cents_sum(amounts: Iterable[int | str | None]) -> str:
    """Whole amounts and amounts to the cent (:func:`to_cents`' ``26.60``) added up and said
    to the cent: ``cents_sum([26, "26.60", 100])`` is ``152.60``; ``None`` adds nothing."""
    total = 0
    for x in amounts:
        if isinstance(x, str):
            whole, _, part = x.partition(".")
            total += int(whole) * 100 + int((part + "00")[:2])
        elif x is not None:
            total += x * 100
    return f"{total // 100}.{total % 100:02d}"


_AN_LETTERS = frozenset("AEFHILMNORSX")
"""Capitals whose name, said letter by letter, begins with a vowel sound (``an NYC``: en)."""


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` as it is said at the table: an id said letter by letter
    (``EIR``, ``HLB``, ``NYC``: ``an``; ``UR``, ``PRR``, ``D``: ``a``), a train's figures as a
    number (``8``, ``8+``: ``an``; ``2``, ``3/5``: ``a``), another word by its first letter
    (``Saar``: ``a``; ``investor``: ``an``).  Never ``a EIR share`` or ``a 8-train``."""
    if not word:
        return "a"
    digits = len(word) - len(word.lstrip("0123456789"))
    if digits:  # eight, eleven, eighteen (and their thousands): said with a vowel
        lead = word[:digits]
        return "an" if lead[0] == "8" or (lead[:2] in ("11", "18") and digits % 3 == 2) else "a"
    first = word[0]
    letters = word.split("-")[0].split("/")[0]
    if letters.isupper():  # an id, said letter by letter (ERIE too: "an Erie")
        return "an" if first in _AN_LETTERS else "a"
    return "an" if first.lower() in "aeiou" else "a"


def with_article(word: str) -> str:
    """``word`` after its :func:`article`: ``an EIR``, ``a 2``, ``an 8``."""
    return f"{article(word)} {word}"
