"""Small modal dialogs, each a ``ModalScreen[T]`` returning through ``dismiss()``.

* :class:`ChoiceDialog` lists legal commands (with their prices) and returns
  one; typing letters or digits narrows the list (type-to-filter).
* :class:`AmountDialog` asks for an amount (and an option such as the spend
  purpose), checking legality live with ``Game.try_command``.
* :class:`RunDialog` is the amount dialog of ``run``: revenue, then the payout
  kinds the company may use, side by side, with the payout receipt
  (``Game.receipt``) live; it opens with the company's last run filled in.
* :class:`ConfirmDialog` asks yes or no.

Every figure a dialog shows is the engine's: the command's own effect from
``Session.forecast`` (``Game.preview`` on a copy, split by
``moderator.narrate.split``), and what would follow by itself (the end of the
round, private income, price moves, a phase change) as lines of its own under
it, never netted into the price (issue 18.4).  In an operating round ``d``
takes the dialog's choice and then ends the company's turn (``done``).

The dialogs never decide legality themselves: every choice they offer comes
from the game, and every command is written as a banker-script line, read
back by the script parser and checked by the game before it is returned —
one rule for the dialogs and the command bar.

No key typed is lost: a dialog takes keys only once it is drawn and focused
(until then the app holds them, see :class:`~moderator.ui.app.ModeratorApp`),
and every key it uses is a priority binding, handled as the app reads it, so
the keys of a burst act in the order typed — the Enter that closes a dialog
closes it before the next key is read, and that key goes to the screen below
(or to the next dialog of a two-step choice, opened at once).
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any, Union

from rich.text import Text
from textual import _time, events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from moderator import commands as c
from moderator.advisor import BANK_KEEPS, PayoutColumn, bank_label
from moderator.narrate import title_word
from moderator.script import ParseError, parse_line
from moderator.text import A_SHARE, escaped, ordinal
from moderator.ui.host import KeysReady, character_of, key_said, keys_refused
from moderator.ui.session import Session
from moderator.ui.widgets.commandbar import FixedInput

Step = Union[c.Command, "CommandDialog", None]
"""What a first choice leads to: a command to give, a second dialog, or nothing."""

FILTER_KEYS = tuple(string.digits) + tuple(string.ascii_lowercase)
"""Keys that narrow a choice list (type-to-filter); ``+`` too (:data:`PLUS`)."""
PLUS = "+"
"""The one sign a list's keys type (a train such as 1817's ``2+`` beside its ``2``: with
``+`` ignored, ``t 2 + Enter`` took the ``2``)."""


def typable(word: str, keep: str = "") -> str:
    """``word`` as the list's keys can type it: its letters and digits (``c&o`` -> ``co``,
    ``$80`` -> ``80``, ``3/5`` -> ``35``), and the characters of ``keep``."""
    return "".join(ch for ch in word if ch.isalnum() or ch in keep)


Field = tuple[str, ...]
"""One part of what a choice is, as the ways to type it (``("nyc", "newyorkcentral")``)."""
Keys = tuple[Field, ...]
"""What a choice's letters may spell: its parts in order (the thing, then its source)."""


def field(*words: object) -> Field:
    """The typable spellings of ``words`` (an id, a name and each of its words), lower
    case, without blanks or repeats, then without accents (:func:`fold`).  A word with a
    ``+`` is spelled with it first (:data:`PLUS`): 1817's ``2+`` train is ``2+``, and
    ``2`` spells the ``2`` train before it; ``55`` still spells 1847 AE's ``5+5``."""
    found: list[str] = []
    for word in words:
        if word is None:
            continue
        text = str(word).lower()
        plus = (typable(text, PLUS),) if PLUS in text else ()
        plain = text if text.isascii() else fold(text)
        folded = () if plain is text else (typable(plain), *map(typable, plain.split()))
        for spelling in (*plus, typable(text), *(typable(w) for w in text.split()), *folded):
            if spelling and spelling not in found:
                found.append(spelling)
    return tuple(found)


def fold(text: str) -> str:
    """``text`` without its accents (``élise`` -> ``elise``): a list's keys are ASCII, so
    a player called Élise is spelled ``elise``; Rene, if there is one, is spelled first
    (his is the exact spelling, :func:`how_spelled`)."""
    import unicodedata

    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


def thing(ident: str, names: dict[str, str] | None) -> Field:
    """A company's or a private's id and its name (from ``names``, id -> name)."""
    return field(ident, (names or {}).get(ident))


def choice_keys(cmd: c.Command, names: dict[str, str] | None = None) -> Keys:
    """What a choice's letters may spell, from the command itself (issue 37.1): the
    chosen thing's own ids and words — a company's or a private's id or name, a train
    type, the source (``ipo``, ``pool``; a train's ``bank`` or seller), a count — and a
    player's name only where the choice is a player.  Never the label's other words:
    with Bob to act, ``bo`` finds B&O, not every line that says "Bob buys".

    ``names``: company and private names by id (``Session``'s state).
    """
    if isinstance(cmd, c.Buy):
        source = {"ipo": ("ipo",), "pool": ("pool",)}.get(cmd.source or "", ())
        return (thing(cmd.corp, names), source) if source else (thing(cmd.corp, names),)
    if isinstance(cmd, c.Sell):
        return (thing(cmd.corp, names), field(cmd.count))
    if isinstance(cmd, c.Par):
        return (thing(cmd.corp, names), field(cmd.price))
    if isinstance(cmd, (c.Issue, c.Redeem)):
        return (field(cmd.kind), field(cmd.count))
    if isinstance(cmd, c.BuyTrain):
        source = ("bank",) if cmd.source is None else thing(cmd.source, names)
        keys: Keys = (field(cmd.train), source)
        return keys + ((field("trade", cmd.trade),) if cmd.trade else ())
    if isinstance(cmd, c.BuyPrivate):
        return (thing(cmd.private, names),)
    if isinstance(cmd, c.Bid):
        return (thing(cmd.private, names),)
    if isinstance(cmd, (c.Pass, c.Bond)):
        return (field(cmd.player),)  # the choice is a player
    if isinstance(cmd, c.CreditTrain):
        return (field(cmd.choice, "buy" if cmd.choice == "pay" else None),)
    # any other command: the words of its line
    return line_keys(cmd)


def line_keys(cmd: c.Command, names: dict[str, str] | None = None) -> Keys:
    """What the words of ``cmd``'s script line spell, in order: each word, a company's or
    a private's id also by its name (``names``).  The list of every legal command (``l``)
    is spelled so, whatever the command: ``l p a s s a m y Enter`` is ``pass Amy`` (the
    chosen thing's own keys, :func:`choice_keys`, spelled nothing there: ``pass`` is no
    player's name, ``train`` no train's type)."""
    from moderator.script import format_command

    known = names or {}
    return tuple(
        thing(word, known) if word in known else field(word) for word in format_command(cmd).split()
    )


def company_names(session: Session) -> dict[str, str]:
    """Every company's and private's name by its id (what :func:`choice_keys` spells)."""
    return {co["id"]: co.get("name") or co["id"] for co in session.data.get("companies", [])}


def label_keys(key: str) -> Keys:
    """A choice's keys given as text (a price, a city): the whole and each word."""
    return (field(key),)


def spelled(typed: str, keys: Keys) -> int | None:
    """How ``typed`` spells a choice of ``keys``, or ``None`` when it does not.

    ``typed`` must read as the spellings of the choice's parts in their order, starting
    at any part, the last one possibly begun only: ``nycp`` is NYC then ``pool``;
    ``pool`` alone is the source.  The rank (lower is better): 0 when typed from the
    first part and ending where a part ends (an id typed in full), 1 begun from the
    first part, 2 from a later part (``p`` finds PRR before the pool).
    """
    found = how_spelled(typed, keys)
    return None if found is None else found[0]


def how_spelled(typed: str, keys: Keys) -> tuple[int, int] | None:
    """:func:`spelled`'s rank, then which spellings of the parts read it used (the
    farthest from the id of them: 0 the id, 1 the whole name, then its words), or
    ``None`` when ``typed`` spells nothing.

    Of two choices ``typed`` spells equally well, the one it names by its id or its whole
    name comes before one it names by a word of a longer name: in 1817 ``mail`` is the
    private MAIL, not the Minor Mail Contract (MINM) listed before it, and a player ``Lee``
    is not ``Amy Lee``; in a later part of a line too (sixteenth keys round: ``l private
    cat mail`` took ``private Cat MINM 0``, the part read first being the verb).
    """
    if not typed:
        return (0, 0)

    def reads(word: str, n: int, rest: str, at: int) -> tuple[bool, int] | None:
        """Whether ``rest`` reads from ``word``, spelling ``n`` of part ``at``, on: True
        ending on a part's end, False inside one, None not at all; and the farthest
        spelling it used."""
        if word == rest:
            return True, n
        if word.startswith(rest):
            return False, n
        if rest.startswith(word):
            after = from_part(rest[len(word) :], at + 1)
            return None if after is None else (after[0], max(n, after[1]))
        return None

    def from_part(rest: str, at: int) -> tuple[bool, int] | None:
        """Whether ``rest`` reads from part ``at`` on (as :func:`reads`, by its best
        spelling: ending on a part's end first, then the nearest to the id)."""
        found = [
            ends
            for n, word in enumerate(keys[at] if at < len(keys) else ())
            if (ends := reads(word, n, rest, at)) is not None
        ]
        return min(found, key=lambda x: (not x[0], x[1])) if found else None

    for start in range(len(keys)):
        best: tuple[int, int] | None = None
        for n, word in enumerate(keys[start]):
            ends = reads(word, n, typed, start)
            if ends is None:
                continue
            found = ((0 if ends[0] else 1) if start == 0 else 2, ends[1])
            if best is None or found < best:
                best = found
        if best is not None:
            return best
    return None


def inside_word(typed: str, keys: Keys) -> bool:
    """Whether ``typed`` spells a choice of ``keys`` (:func:`how_spelled`) only with its
    last word begun, not typed whole: ``tra`` is inside ``trade``, ``4`` ends the train
    type ``4``.  A list that ends the turn with ``d`` takes a ``d`` typed there as a letter
    when it goes on spelling (:meth:`ChoiceDialog.action_filter`)."""
    if not typed:
        return False

    def ends(rest: str, at: int) -> bool | None:
        """True when ``rest`` can be read from part ``at`` on ending where a part ends,
        False when only inside one, None when not at all."""
        best: bool | None = None
        for word in keys[at] if at < len(keys) else ():
            if word == rest:
                return True
            if word.startswith(rest):
                best = False
            elif rest.startswith(word):
                after = ends(rest[len(word) :], at + 1)
                if after is True:
                    return True
                if after is False:
                    best = False
        return best

    found = [ends(typed, start) for start in range(len(keys))]
    return False in found and True not in found


SCRIPT_WORDS = frozenset(
    {"ipo", "pool", "bank", "trade", "full", "half", "withhold", "mail", "by", "from"}
    | {"tile", "token", "terrain", "fee", "noroute"}
)
"""The script's words that are no verb (``docs/script.md``): with its verbs, what a player's
name may also be (:func:`name_clashes`).  ``from`` (a train bought from another company),
a spend's purpose and ``noroute`` since the eighth keys round: with a player called From,
``l f r o m Enter`` took ``train KO 2 from AR 1``, not his forced sale."""


NOT_THINGS = frozenset({"kind", "player", "nominator", "players", "words"})
"""A command's fields that name no thing of the game (its verb, its players, a later
step's words): :func:`thing_words` reads the others."""


def thing_words(cmds: list[c.Command]) -> frozenset[str]:
    """The words, lowercased, that the lines of ``cmds`` name things by (a city, a
    company, a private, a source, a train): a player's name that is one of them names
    nobody for sure where it is read as his (:func:`name_clashes`)."""
    found: set[str] = set()
    for cmd in cmds:
        for field_name, value in cmd.model_dump().items():
            if field_name in NOT_THINGS:
                continue
            for item in value if isinstance(value, (list, tuple)) else (value,):
                if isinstance(item, str):
                    found.add(item.lower())
    return frozenset(found)


def name_clashes(
    cmd: c.Command, players: list[str], things: frozenset[str] = frozenset()
) -> frozenset[int]:
    """The words of ``cmd``'s line (as :func:`line_keys` reads them) that are a player's
    name which is also a word of the script (a verb, :data:`SCRIPT_WORDS`): a player
    called Trade, Pass or Pool; and the player's own word (after the verb) where his name
    is a thing another line names (``things``, :func:`thing_words`: 1853's first claimer
    called Bombay, fourteenth keys round: ``l b o m b a y Enter`` took ``claim Bombay
    Calcutta EIR``, where with him called Bob it is ``claim Bob Bombay BBCI``).  In the
    list of every legal command such a word typed alone names nobody for sure
    (:meth:`ChoiceDialog.clash`)."""
    from moderator.script import VERBS, format_command

    words = set(VERBS) | SCRIPT_WORDS
    named = set(players)
    line = format_command(cmd).split()
    own = 1 if len(line) > 1 and line[1] == getattr(cmd, "player", None) else None
    return frozenset(
        i
        for i, word in enumerate(line)
        if word in named and (word.lower() in words or (i == own and word.lower() in things))
    )


def read_from(typed: str, keys: Keys) -> int | None:
    """The part of ``keys`` that ``typed`` is read from (:func:`how_spelled`'s start)."""
    for start in range(len(keys)):
        found = how_spelled(typed, keys[start:])
        if found is not None and found[0] < 2:  # read from that part itself
            return start
    return None


def plain(label: str | Text) -> Text:
    """A choice's label as text shown literally: a player's name or a note is never
    markup (``[/]`` would end the app) and a control character shows as its escape
    (issue 20.8)."""
    return Text(escaped(label)) if isinstance(label, str) else label


def follow_text(lines: list[str]) -> Text:
    """What would follow a command by itself, one line each (blank when nothing would)."""
    if not lines:
        return Text("")
    text = Text("then, by itself:", style="dim")
    for line in lines:
        text.append(f"\n  · {line}", style="cyan")
    return text


def effects_text(session: Session, cmd: c.Command | None) -> Text:
    """A command's own payments, then what would follow by itself (``Session.forecast``)."""
    if cmd is None:
        return Text("")
    text = Text("\n".join(session.payments(cmd)))
    follows = follow_text(session.follow_lines(cmd))
    if follows.plain:
        if text.plain:
            text.append("\n")
        text.append_text(follows)
    return text


def script_reason(session: Session, cmd: c.Command) -> str | None:
    """Why the command bar would refuse ``cmd``: the script parser reading its line, then
    the game (``None`` when both accept it).  A dialog asks this before it closes, so a
    dialog gives nothing the bar (and so a replayed script) would refuse."""
    try:
        parsed = parse_line(session.line(cmd))
    except ParseError as exc:
        return exc.message
    return session.reason(parsed if parsed is not None else cmd)


DIGITS = "[0-9]*"
"""What an amount field holds: ASCII digits only (``١٢٠`` and ``1_0`` are refused as typed
or pasted, not read by ``int``)."""


def whole_number(text: str) -> int | None:
    """``text`` as an amount: ASCII digits only, at most 12 of them; else ``None``."""
    text = text.strip()
    if not text or len(text) > 12 or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


class AmountInput(FixedInput):
    """The amount field: every character typed is the dialog's key (its digits, ``d``),
    acted on as the app reads it, never a key the input takes for itself.

    Textual's input claims every printable key, which hides the dialog's bindings for
    them: ``d`` ("confirm and end the turn") used to be swallowed by the field (issue
    27.2).  The field itself holds ASCII digits only (:data:`DIGITS`).
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("restrict", DIGITS)
        super().__init__(*args, **kwargs)

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        """Leave every printable key to the dialog's bindings; others as Textual's input."""
        if character is not None and character.isprintable():
            return False
        return super().check_consume_key(key, character)


APP_KEYS = frozenset(("ctrl+q", "ctrl+c"))
"""The app's own ``ctrl`` keys, never refused in a dialog: quitting commits nothing."""
FOCUS_MOVES = frozenset(("app.focus_next", "app.focus_previous"))
"""The actions of every screen's Tab and shift+Tab: in a dialog they move nothing a key
types into (one field, one list), so they are no key of it (:func:`no_key_of`)."""


def no_key_of(screen: Screen[Any], key: str) -> bool:
    """Whether ``key`` does nothing in the dialog ``screen``: no binding of it takes the key
    (Tab and shift+Tab only move the focus, :data:`FOCUS_MOVES`), nor does the focused
    field as text, and it is not the app's quit (:data:`APP_KEYS`).  Such a key was
    dropped silently and the keys typed behind it went on (sixth keys round: ``b g t .
    Enter`` and ``b g t Tab Enter`` bought GT, ``e 4 Tab 0 Enter`` spent 40)."""
    if key in APP_KEYS:
        return False
    bound = screen.active_bindings.get(key)
    if bound is not None:
        return bound.binding.action in FOCUS_MOVES
    focused = screen.focused
    return focused is None or not focused.check_consume_key(key, character_of(key))


class CommandDialog(ModalScreen[c.Command | None]):
    """A dialog returning a command (or ``None``), optionally handed over before it closes.

    :attr:`take`, when set, is called with the answer while the dialog is
    still open, before it is dismissed (and before any callback given to
    ``push_screen``).  The main screen gives the command there: its panels
    are redrawn before it is back on top, so closing the dialog, the
    command and the redrawn panels make one frame (a callback of
    ``push_screen`` runs after the main screen is back, and the panels it
    redraws come a frame later).  ``take`` must not push or pop screens.

    :attr:`then`, when set, turns the answer into the next step: a command
    (given as the answer) or a second dialog, which replaces this one at once
    and inherits :attr:`take` (e.g. par: the corporation, then the price).
    """

    paste_as_keys = True
    """A paste is the keys that type it (``moderator.ui.app.PASTE_AS_KEYS``): the
    amount field takes no text of its own, and a list's letters narrow it."""

    DEFAULT_CSS = """
    CommandDialog .dialog-box {
        overflow-y: auto;
    }
    """
    """A dialog taller than the terminal (a long receipt, many follow-ups) scrolls."""

    def __init__(self, *, classes: str | None = None, id: str | None = None) -> None:
        super().__init__(classes=classes, id=id)
        self.take: Callable[[c.Command | None], object] | None = None
        """Called with the answer before the dialog is dismissed (see the class docstring);
        it returns ``None`` when the game accepted the command, else why not."""
        self.then: Callable[[c.Command], Step] | None = None
        """Turns the answer into the next step (see the class docstring)."""
        self.ready_for_keys = False
        """Whether the dialog takes keys yet (the app holds them until it is focused)."""
        self.done_after: c.Command | None = None
        """The ``done`` that ``d`` gives after the dialog's command (an operating round's
        turn: the choice and the end of the turn in one key, issue 18.6); ``None``: the
        key is not the dialog's."""
        self.say: Callable[[str], object] | None = None
        """Writes a line in the log of the screen below (a key that took nothing and
        why); set by the screen that opens the dialog, inherited by a second one."""

    def keys_ready(self) -> None:
        """The dialog is drawn and focused: the app may hand it the keys typed meanwhile."""
        self.app.post_message(KeysReady(self))

    def take_dimmed_key(self, key: str) -> str:
        """A key that is no key of the dialog (:func:`no_key_of`: a ``ctrl`` key such as
        ``ctrl+z``, ``ctrl+y``, ``ctrl+o``, the main screen's, which do nothing here; a
        sign or a space in a list; Tab; F2) is refused: a bell, a toast, and the keys
        typed behind it are not used (``"refused"``; the app calls this as it hands the
        key out).  It was ignored, so ``e 4 0 ctrl+z Enter`` (the spend typed, then an
        undo) spent 40 with the Enter typed behind the undo (fifth keys round), and ``b g
        t . Enter`` bought GT (sixth).  ``""``: a key of the dialog, of its focused field,
        or the app's quit."""
        if not no_key_of(self, key):
            return ""
        self.app.bell()
        self.notify(
            f"{key_said(key)} is no key of this dialog: nothing done, and the keys typed "
            "after it are not used; Esc closes the dialog",
            severity="warning",
            markup=False,
        )
        return "refused"

    def answer(self, cmd: c.Command | None, done: bool = False) -> None:
        """Hand ``cmd`` to :attr:`take` (once), then dismiss the dialog with it; ``done``:
        then give :attr:`done_after` too, when ``cmd`` was accepted (``d``)."""
        take, self.take = self.take, None
        if cmd is not None and self.then is not None:
            step = self.then(cmd)
            if isinstance(step, CommandDialog):
                self.dismiss(None)
                step.take = take
                step.say = self.say
                if self.done_after is not None:
                    step.done_after = self.done_after
                self.app.push_screen(step)
                return
            cmd = step
        if take is not None:
            refused = take(cmd)
            if done and cmd is not None and refused is None and self.done_after is not None:
                refused = take(self.done_after)
            if refused is not None:
                # the game refused the command (its save could not be written) or the
                # `done` after it: the keys typed behind were typed for what did not
                # happen (`e 2 0 d r 6 0 Enter` ran the same company again)
                keys_refused(self.app)
        self.dismiss(cmd)


class ChoiceDialog(CommandDialog):
    """Pick one of a list of legal commands; Enter takes it, Esc cancels.

    Letters and digits typed narrow the list to the choices they spell (``keys``, by
    default each command's own ids and words, :func:`choice_keys`, with the company
    and private names of ``names``; never the other words of a label: issue 37.1),
    Backspace widens it.
    ``details``, per choice, are the lines of what would follow it by itself
    (shown under the list for the highlighted choice); ``start`` is the choice
    highlighted first.  With :attr:`done_after` set, ``d`` takes the choice and
    ends the turn (it does not narrow the list then).

    A list with one choice opens like any other (issue 27.1: the keys typed after
    the one that opened it mean the same whatever the number of choices).  A key
    that narrows the list to nothing is not typed: a bell, and the keys line says
    which keys matched nothing; until Backspace erases them Enter (and ``d``) takes
    nothing, and the log says so (``say``).  ``refusals``, per choice, is the game's reason for
    refusing it (``None``: legal): such a choice is listed so the banker sees why it
    cannot be had (the bank's next train, issue 27.4), and Enter or ``d`` on it
    takes nothing and leaves the dialog open with the reason shown.  A key refused so
    (a letter that matches nothing, Enter or ``d`` on a refused choice or on a miss)
    drops the keys typed behind it before its refusal could be seen
    (``ModeratorApp.keys_refused``): ``t Enter Esc d`` with the bank's train refused
    closed the list and ended the company's turn without the train typed for.
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", priority=True),
        Binding("enter", "pick", "Choose", priority=True),
        Binding("up,left", "move('cursor_up')", show=False, priority=True),
        Binding("down,right", "move('cursor_down')", show=False, priority=True),
        Binding("home", "move('first')", show=False, priority=True),
        Binding("end", "move('last')", show=False, priority=True),
        Binding("pageup", "move('page_up')", show=False, priority=True),
        Binding("pagedown", "move('page_down')", show=False, priority=True),
        Binding("backspace", "unfilter", show=False, priority=True),
        *[Binding(k, f"filter('{k}')", show=False, priority=True) for k in FILTER_KEYS],
        Binding("plus", f"filter('{PLUS}')", show=False, priority=True),
        *[
            Binding(k.upper(), f"filter('{k}')", show=False, priority=True)  # either case
            for k in string.ascii_lowercase
        ],
    ]

    def __init__(
        self,
        title: str,
        choices: list[tuple[str | Text, c.Command]],
        note: str = "",
        keys: list[str] | list[Keys] | None = None,
        details: list[list[str]] | None = None,
        start: int = 0,
        refusals: list[str | None] | None = None,
        names: dict[str, str] | None = None,
        sends: list[str] | None = None,
        clashes: list[frozenset[int]] | None = None,
    ) -> None:
        super().__init__(classes="dialog")
        self.clashes = clashes
        """Per choice, its words that are a player's name and a word of the script
        (:func:`name_clashes`; the list of every legal command)."""
        self.moved = False
        """Whether ↑↓ moved the highlight since the last key that narrowed the list."""
        self.title_text = title
        self.choices = choices
        self.sends = sends
        """Per choice, the script line it gives, shown above its details (the forced
        sale's list: the exact command Enter sends)."""
        self.note = note
        self.details = details if details is not None else [[] for _ in choices]
        """Per choice, what would follow it by itself (``Session.follow_lines``)."""
        self.refusals = refusals if refusals is not None else [None for _ in choices]
        """Per choice, why the game refuses it (``None``: legal; see the class docstring)."""
        self.missed = ""
        """The keys typed since the first that matched no choice (shown in the keys line;
        Enter takes nothing while there are any)."""
        self.start = start if 0 <= start < len(choices) else 0
        self.keys: list[Keys] = (
            [label_keys(k) if isinstance(k, str) else tuple(k) for k in keys]
            if keys is not None
            else [choice_keys(cmd, names) for _, cmd in choices]
        )
        """What type-to-filter matches, per choice."""
        self.typed = ""
        """The filter typed so far."""
        self.shown: list[int] = list(range(len(choices)))
        """Indexes of the choices the filter leaves, in order."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            # names, notes and typed lines are only text, never markup (issue 20.8)
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.note:
                yield Static(self.note, classes="dialog-note", markup=False)
            options = [Option(plain(label), id=str(i)) for i, (label, _) in enumerate(self.choices)]
            yield OptionList(*options, id="choices")
            detail = Static(
                self.detail_text(self.start), id="choice-detail", classes="dialog-extra"
            )
            # no blank row when nothing ever follows and nothing is refused
            detail.display = any(self.details) or any(self.refusals) or bool(self.sends)
            yield detail
            yield Static(self.keys_line(), id="choice-keys", classes="dialog-keys")

    def detail_text(self, index: int | None) -> Text:
        """What would follow choice ``index`` by itself, or why the game refuses it."""
        if index is None or not 0 <= index < len(self.details):
            return Text("")
        refused = self.refusals[index]
        if refused is not None:
            body = Text(f"✗ refused: {refused}", style="bold red")
        else:
            body = follow_text(self.details[index])
        if self.sends is None:
            return body
        # the line Enter gives (would give, were it not refused), then the rest
        head = Text(f"{'would send' if refused else 'sends'} {self.sends[index]}")
        if body.plain:
            head.append("\n")
            head.append_text(body)
        return head

    @property
    def detail_shown(self) -> str:
        """The lines under the list as shown (what follows the highlighted choice)."""
        return str(self.query_one("#choice-detail", Static).render())

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show what would follow the highlighted choice by itself."""
        event.stop()
        index = int(event.option_id or 0) if event.option_id is not None else None
        self.query_one("#choice-detail", Static).update(self.detail_text(index))

    def keys_line(self) -> Text:
        """The line of keys under the list, with the filter typed."""
        done = " · d confirm and end the turn" if self.done_after is not None else ""
        line = Text(f"↑↓ choose · type to narrow · Enter confirm{done} · Esc cancel", style="")
        if self.typed:
            line = Text.assemble(
                ("narrowed to ", "dim"),
                (self.typed, "bold"),
                (f" ({len(self.shown)})", "dim"),
                f" · Backspace widens · Enter confirm{done} · Esc cancel",
            )
        if self.missed:
            line = Text.assemble(
                (
                    f"no choice matches {self.typed + self.missed!r}: Enter takes nothing; "
                    f"Backspace erases {self.missed!r}",
                    "bold red",
                ),
                "\n",
                line,
            )
        return line

    def on_mount(self) -> None:
        """Focus the list with the first choice highlighted; take the keys typed meanwhile."""
        options = self.query_one("#choices", OptionList)
        self.set_focus(options, scroll_visible=False)
        if self.choices:
            options.highlighted = self.start
        self.keys_ready()

    def rank(self, index: int, typed: str | None = None) -> tuple[int, int] | None:
        """How well choice ``index`` fits ``typed`` (the filter typed by default):
        ``None`` when it does not (:func:`how_spelled`); lower is better."""
        return how_spelled(self.typed if typed is None else typed, self.keys[index])

    def matches(self, index: int) -> bool:
        """Whether choice ``index`` fits the filter typed: its keys spell it (the chosen
        thing's own ids and words, :func:`choice_keys`), never the rest of its label."""
        return self.rank(index) is not None

    def narrowed(self, typed: str) -> tuple[list[int], int | None]:
        """The choices ``typed`` leaves, in the list's order, and the one highlighted then:
        the first of those it spells best (:func:`how_spelled`)."""
        ranks = {i: self.rank(i, typed) for i in range(len(self.choices))}
        shown = [i for i, r in ranks.items() if r is not None]
        if not shown:
            return [], None
        return shown, min(shown, key=lambda i: (ranks[i], i))

    def refilter(self) -> None:
        """Show the choices the filter leaves (a new list only when the filter changed),
        the one it spells best highlighted (an id typed in full before a name it begins).
        A filter that matches nothing leaves the list as it was: its keys are the missed
        ones (:attr:`missed`), and Enter takes nothing until Backspace erases them."""
        shown, best = self.narrowed(self.typed)
        if not shown:
            self.missed = self.typed[-1:] + self.missed
            self.typed = self.typed[:-1]
            self.app.bell()
            keys_refused(self.app)  # the keys typed behind it were typed for a choice
            self.query_one("#choice-keys", Static).update(self.keys_line())
            return
        self.shown = shown
        self.moved = False
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        options.add_options([Option(plain(self.choices[i][0]), id=str(i)) for i in shown])
        options.highlighted = shown.index(best) if best is not None else 0
        self.query_one("#choice-keys", Static).update(self.keys_line())

    def take_dimmed_key(self, key: str) -> str:
        """A letter with an accent (``é``, ``ë``, ``ß``) narrows the list as the ASCII ones
        bound above do (a name's own spelling holds it, :func:`field`): ``"taken"``, else
        ``""``.  It was no key of the list and was lost, so ``é l i s e`` with players
        Élise and Lise spelled ``lise`` and took Lise.  The app calls this as it hands the
        key out, in the order typed (``ModeratorApp._release_keys``: a key no binding
        takes reached the list after the letters typed next)."""
        if len(key) == 1 and not key.isascii() and key.isalnum():
            self.action_filter(key.lower())
            return "taken"
        return super().take_dimmed_key(key)

    def action_filter(self, key: str) -> None:
        """Narrow the list by one more character (``d`` with :attr:`done_after`: take the
        highlighted choice, then end the turn).  After a key that matched nothing the
        keys typed are not a choice's: they are kept as missed, and narrow nothing."""
        if key == "d" and self.done_after is not None and not self.goes_on_spelling(key):
            self.action_pick(done=True)
            return
        if self.missed:
            self.missed += key
            self.app.bell()
            keys_refused(self.app)
            self.query_one("#choice-keys", Static).update(self.keys_line())
            return
        self.typed += key
        self.refilter()

    def goes_on_spelling(self, key: str) -> bool:
        """Whether ``key`` (``d``) goes on spelling a word begun in a list that ends the
        turn with ``d``: letters typed that every choice they spell holds only begun, and
        one choice spelled with ``key`` after them.  ``t t r a d e Enter`` (1830's D with a
        4 traded in, by the word "trade") took the trade-in at the ``d`` and ended the turn,
        the ``e`` and the Enter falling on the next company; ``t d``, ``t ↓ d`` and ``t 4 d``
        (nothing begun, or a word typed whole) still take and end the turn."""
        if self.missed or not self.typed:
            return False
        spelled_now = [i for i in self.shown if inside_word(self.typed, self.keys[i])]
        if len(spelled_now) < len(self.shown):
            return False  # the letters typed end a word of some choice: d is done
        return any(self.rank(i, self.typed + key) is not None for i in self.shown)

    def action_unfilter(self) -> None:
        """Widen the list by one character (a missed one first)."""
        if self.missed:
            self.missed = self.missed[:-1]
            self.query_one("#choice-keys", Static).update(self.keys_line())
        elif self.typed:
            self.typed = self.typed[:-1]
            self.refilter()

    def action_move(self, how: str) -> None:
        """Move the highlight (the list's own action, run as the key is read)."""
        getattr(self.query_one("#choices", OptionList), f"action_{how}")()
        self.moved = True

    def clash(self, index: int) -> str | None:
        """Why the letters typed name no line for sure, or ``None``: read as a player's
        name that is also a word of the script (a player called Trade) in the highlighted
        line ``index`` or in one spelled as well.  ``l t r a d e Enter`` with Trade to
        act gave ``exchange Trade MH ipo``; the word may be meant as the verb or word of
        another line (``train NYC D trade 4``).  A line whose first word is typed (a verb)
        is spelled better and is taken (``l p a s s`` with a player called Pass); more
        letters (the next word) or ↑↓ choose."""
        if not self.clashes or not self.typed or self.moved:
            return None
        best = self.rank(index)
        for i in self.shown:
            rank = self.rank(i)
            if rank is None or best is None or rank[0] != best[0]:
                continue
            start = read_from(self.typed, self.keys[i])
            if start in self.clashes[i] and any(
                w.startswith(self.typed) for w in self.keys[i][start]
            ):
                return (
                    f"{self.typed!r} is a player's name and a word of the script (or of "
                    "a thing a line names): type on (the line's next word) or choose with ↑↓"
                )
        return None

    def action_pick(self, done: bool = False) -> None:
        """Take the highlighted choice (``done``: then end the turn); nothing while the
        keys typed match no choice (they spell nothing: the log says so, issue 37.1)."""
        if self.missed:
            self.app.bell()
            typed = self.typed + self.missed
            said = (
                f"{self.title_text}: no choice matches {typed!r}, nothing taken "
                "(Backspace erases the keys, Esc closes the list)"
            )
            if self.say is not None:
                self.say(said)
            self.query_one("#choice-keys", Static).update(self.keys_line())
            keys_refused(self.app)
            return
        options = self.query_one("#choices", OptionList)
        option = options.highlighted_option
        if option is None:
            self.app.bell()
            keys_refused(self.app)
            return
        index = int(option.id or 0)
        clash = self.clash(index)
        if clash is not None:
            self.app.bell()
            if self.say is not None:
                self.say(f"{self.title_text}: {clash}; nothing taken")
            self.app.notify(clash, severity="warning")
            keys_refused(self.app)
            return
        if self.refusals[index] is not None:
            self.app.bell()  # the reason is on screen under the list: nothing is taken
            self.query_one("#choice-detail", Static).update(self.detail_text(index))
            keys_refused(self.app)
            return
        self.answer(self.choices[index][1], done)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A choice was clicked."""
        event.stop()
        if self.is_current:
            self.action_pick()

    def action_cancel(self) -> None:
        """Close without a command."""
        self.answer(None)


class ConfirmDialog(ModalScreen[bool]):
    """Yes or no: ``y``/Enter confirms, ``n``/Esc declines."""

    paste_as_keys = True
    """A paste is the keys that type it (``moderator.ui.app.PASTE_AS_KEYS``)."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes", priority=True),
        Binding("n,escape", "answer(False)", "No", priority=True),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.question, classes="dialog-title", markup=False)  # 20.8
            if self.detail:
                yield Static(self.detail, classes="dialog-note", markup=False)
            yield Static("y / Enter: yes · n / Esc: no", classes="dialog-keys")

    def take_dimmed_key(self, key: str) -> str:
        """A key that is no answer (a letter but ``y``/``n``, a digit, an arrow): nothing
        is answered, a bell and the keys line say so, and the keys typed behind it are not
        used (``"refused"``; the app calls this as it hands the key out).  They answered:
        ``h ↑ Enter r 9 0 Enter`` (History's Enter asks to rewind; the run typed after it)
        rewound the game with the run's Enter; a ``ctrl`` key too (``h ↑ Enter ctrl+z y``
        rewound with the ``y`` typed behind the undo; fifth keys round).  ``""``: a key of
        the dialog's or the app's (quit, the palette)."""
        if not no_key_of(self, key):  # Tab too: it moves nothing here (sixth keys round)
            return ""
        self.app.bell()
        self.query_one(".dialog-keys", Static).update(
            Text(f"{key_said(key)} is no answer · y / Enter: yes · n / Esc: no", style="bold red")
        )
        return "refused"

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)


def typed_into(field: Input, digit: str) -> None:
    """A digit typed into an amount field: it replaces the selection (a filled-in
    amount), else goes in at the cursor."""
    if field.selection.is_empty:
        field.insert_text_at_cursor(digit)
    else:
        start, end = sorted(field.selection)
        field.replace(digit, start, end)


FAR_FLOOR = 1000
"""An amount at most this (in the title's currency) is never asked about (37.5)."""


def usual_amount(session: Session, cmd: c.Command) -> tuple[int, int, str] | None:
    """The amount ``cmd`` names, the most the game has seen of its kind, and what that
    is: a run's revenue against the highest run of the game so far; a price agreed for
    a train against the dearest train of the title; a private's price against the
    most its card lets it sell for (its face, or the top of its range).  ``None``: an
    amount of no such kind."""
    game = session.game
    if isinstance(cmd, c.Run):
        runs = [e.command.revenue for e in game.journal if isinstance(e.command, c.Run)]
        return cmd.revenue, max(runs, default=0), "the highest run of the game so far"
    if isinstance(cmd, c.BuyTrain) and cmd.price is not None:
        variants = getattr(game.ruleset, "train_variants", {}) or {}
        dearest = max((price for card in variants.values() for _, price in card), default=0)
        return cmd.price, dearest, "the dearest train of the game"
    if isinstance(cmd, c.BuyPrivate):
        card = session.company(cmd.private) or {}
        top = max([*(card.get("range") or []), card.get("value") or 0])
        return cmd.price, top, f"{cmd.private}'s value"
    return None


def far_outside(session: Session, cmd: c.Command) -> str | None:
    """Why ``cmd``'s amount is far outside the game, or ``None``: more than twice the
    most the game has seen of its kind (:func:`usual_amount`) and over
    :data:`FAR_FLOOR` (issue 37.5: ``r 5 0 6 0`` for a run of 60 is asked about, never
    given unseen).  Only the TUI's dialogs ask; scripts and ``play`` never do."""
    found = usual_amount(session, cmd)
    if found is None:
        return None
    amount, usual, what = found
    if amount <= FAR_FLOOR or amount <= 2 * usual:
        return None
    money = session.money
    return f"{money(amount)} is more than twice {what} ({money(usual)}) and over {money(FAR_FLOOR)}"


class FarAmountQuestion(ModalScreen[bool]):
    """ "Really?" for an amount far outside the game (:func:`far_outside`, issue 37.5).

    Only a key typed after the question is on screen answers it: ``y`` gives the
    command, ``n`` or Esc goes back to the amount.  The keys typed before it was
    drawn (the rest of a burst: ``r 5 0 6 0 Enter d x``) are not taken — neither as
    an answer nor by any screen after it — and the question says how many there were.
    Enter is no answer: a banker's habitual Enter must not confirm what he has not read.
    """

    paste_as_keys = True
    """A paste is the keys that type it, each as old as the paste (``PASTE_AS_KEYS``)."""

    def __init__(self, line: str, why: str) -> None:
        super().__init__(classes="dialog")
        self.line = line
        self.why = why
        self.shown_at: float | None = None
        """When the question was first drawn (keys older than this are not answers)."""
        self.dropped = 0
        """Keys typed before the question was shown, not taken."""
        self.refused_at: float | None = None
        """When the last key that is no answer was read (the keys typed before are not
        used)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(f"Give {self.line}?", classes="dialog-title", markup=False)
            yield Static(f"{self.why}.", classes="dialog-note", markup=False)
            yield Static("", id="dropped", classes="dialog-extra", markup=False)
            yield Static("y: yes, give it · n / Esc: no, back to the amount", classes="dialog-keys")

    def on_mount(self) -> None:
        """Answers count from the first frame that shows the question."""
        self.call_after_refresh(self.shown)

    def shown(self) -> None:
        """The question is on screen."""
        self.shown_at = _time.get_time()

    def on_key(self, event: events.Key) -> None:
        """``y`` or ``n``/Esc typed after the question was shown; any key before is
        counted and dropped.  A key that is no answer rings, and the keys typed behind it
        before its bell are not used (:attr:`refused_at`): ``Enter y`` typed at once gave
        the command with the ``y`` (fifth keys round)."""
        event.stop()
        event.prevent_default()
        if self.shown_at is None or event.time < self.shown_at:
            self.dropped += 1
            keys = "1 key" if self.dropped == 1 else f"{self.dropped} keys"
            self.query_one("#dropped", Static).update(
                f"{keys} typed before this question was shown: not taken"
            )
            return
        if self.refused_at is not None and event.time <= self.refused_at:
            self.app.bell()  # typed behind a key that is no answer, before its bell
            return
        if event.key == "y":
            self.dismiss(True)
        elif event.key in ("n", "escape"):
            self.dismiss(False)
        else:  # no answer: the keys typed behind it were typed for what it did not do
            self.app.bell()
            self.refused_at = _time.get_time()
            keys_refused(self.app)  # and those the app still holds


class AmountDialog(CommandDialog):
    """An amount plus (optionally) one of a few options, checked live by the game.

    ``build(amount, option)`` makes the command; ``options`` are the choices,
    laid out left to right and moved with ←/→ or ↑/↓ (``None`` = no option
    word).  Enter returns the command only when the script parser and the
    game accept it; otherwise the reason stays on screen.  An amount filled in
    (``initial``) is selected: the first digit typed replaces it, Enter takes
    it.  Under the amount: the command's own payments and what would follow by
    itself (:meth:`describe`, from ``Session.forecast``).
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", priority=True),
        Binding("enter", "confirm", "Confirm", priority=True),
        Binding("d", "confirm(True)", show=False, priority=True),
        Binding("up,left", "option(-1)", "Previous option", show=False, priority=True),
        Binding("down,right", "option(1)", "Next option", show=False, priority=True),
        Binding("backspace", "erase", show=False, priority=True),
        *[Binding(d, f"digit('{d}')", show=False, priority=True) for d in string.digits],
    ]

    def __init__(
        self,
        session: Session,
        title: str,
        build: Callable[[int, str | None], c.Command],
        options: list[str | None] | None = None,
        option_labels: dict[str | None, str] | None = None,
        initial: int | None = None,
        note: str = "",
        dialog_id: str | None = None,
    ) -> None:
        super().__init__(classes="dialog", id=dialog_id)
        self.session = session
        self.title_text = title
        self.build = build
        self.options = options or [None]
        self.option_labels = option_labels or {}
        self.selected = 0
        self.initial = initial
        self.note = note
        self.no_digit: str | None = None
        """A character refused as typed (:meth:`take_dimmed_key`), said under the amount
        until the next digit, Backspace or option."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title", markup=False)  # 20.8
            if self.note:
                yield Static(self.note, classes="dialog-note", markup=False)
            yield AmountInput(
                value="" if self.initial is None else str(self.initial),
                placeholder="amount",
                type="integer",
                id="amount",
            )
            if len(self.options) > 1:
                yield Static(id="options", classes="dialog-options")
            yield from self.before_extra()
            yield Static(id="extra", classes="dialog-extra")
            yield from self.after_extra()
            yield Static(id="reason", classes="dialog-reason", markup=False)
            done = " · d confirm and end the turn" if self.done_after is not None else ""
            keys = f"type the amount · ←→ option · Enter confirm{done} · Esc cancel"
            if len(self.options) == 1:
                keys = f"type the amount · Enter confirm{done} · Esc cancel"
            yield Static(keys, classes="dialog-keys")

    def on_mount(self) -> None:
        """Focus the amount, draw the first check, take the keys typed meanwhile."""
        amount = self.query_one("#amount", Input)
        self.set_focus(amount, scroll_visible=False)
        amount.cursor_position = len(amount.value)
        if amount.value:
            amount.select_all()  # filled in: typing replaces it, Enter takes it
        self.recheck()
        self.keys_ready()

    @property
    def amount(self) -> int | None:
        """The typed amount, or ``None`` while it is empty or not a number."""
        return whole_number(self.query_one("#amount", Input).value)

    @property
    def option(self) -> str | None:
        """The option now selected."""
        return self.options[self.selected]

    def command(self) -> c.Command | None:
        """The command for what is typed, or ``None`` without an amount."""
        amount = self.amount
        if amount is None:
            return None
        try:
            return self.build(amount, self.option)
        except ValueError:
            return None

    def before_extra(self) -> list[Static]:
        """Widgets above the text under the amount (none by default)."""
        return []

    def after_extra(self) -> list[Static]:
        """Widgets below the text under the amount (none by default)."""
        return []

    def describe(self, cmd: c.Command | None) -> Any:
        """Text under the amount: the command's own payments and what would follow by
        itself (``Session.forecast``; the run dialog: its receipt)."""
        return effects_text(self.session, cmd)

    def verdict(self, cmd: c.Command) -> str | None:
        """Why ``cmd`` is refused (script parser, then the game), or ``None``."""
        return script_reason(self.session, cmd)

    def recheck(self) -> None:
        """Redraw the options, the extra text and the game's verdict."""
        if len(self.options) > 1:
            line = Text()
            for i, opt in enumerate(self.options):
                label = self.option_labels.get(opt, opt or "—")
                if i:
                    line.append("  ")
                if i == self.selected:
                    line.append(f"▶ {label}", style="bold reverse")
                else:
                    line.append(f"  {label}", style="dim")
            self.query_one("#options", Static).update(line)
        cmd = self.command()
        self.query_one("#extra", Static).update(self.describe(cmd))
        reason = self.query_one("#reason", Static)
        if self.no_digit is not None:  # said until the next key of the amount
            reason.update(
                Text(
                    f"✗ {self.no_digit!r} is no digit: not typed, and the keys typed after "
                    "it are not used (type the amount's digits)",
                    style="bold red",
                )
            )
            return
        if cmd is None:
            reason.update(Text("type an amount", style="dim"))
            return
        why = self.verdict(cmd)
        if why is None:
            reason.update(Text(f"✓ {self.session.line(cmd)}", style="green"))
        else:
            reason.update(Text(f"✗ refused: {why}", style="bold red"))

    @property
    def reason_text(self) -> str:
        """The verdict line as shown."""
        return str(self.query_one("#reason", Static).render())

    def on_input_changed(self, event: Input.Changed) -> None:
        """Check again as the amount changes (typed, pasted, or clicked at)."""
        event.stop()
        self.recheck()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter reached the input some other way (a click then Enter): confirm."""
        event.stop()
        if self.is_current:
            self.action_confirm()

    def take_dimmed_key(self, key: str) -> str:
        """A character no key of the dialog takes (a letter but ``d``, ``.``, ``-``, ``,``,
        a space): nothing is typed, a bell and the line under the amount say so, and the
        keys typed behind it are not used (``"refused"``; the app calls this as it hands
        the key out, in the order typed).  It was ignored, so the digits around it made
        another amount: ``e 4 . 5 Enter`` spent 45, ``e 4 0 r 9 0 Enter`` (the run typed
        before the spend's Enter) gave the rules a spend of 4090.  ``""``: a key of the
        dialog, or no character."""
        if not no_key_of(self, key):
            return ""
        character = character_of(key)
        if character is None:
            return super().take_dimmed_key(key)  # Tab, F2, a ctrl key: a toast says so
        self.app.bell()
        self.no_digit = character
        self.recheck()
        return "refused"

    def action_digit(self, digit: str) -> None:
        """Type a digit into the amount (as the key is read: see the module docstring);
        a selected amount (one filled in) is replaced."""
        self.no_digit = None
        typed_into(self.query_one("#amount", Input), digit)
        self.recheck()

    def action_erase(self) -> None:
        """Backspace in the amount."""
        self.no_digit = None
        self.query_one("#amount", Input).action_delete_left()
        self.recheck()

    def action_confirm(self, done: bool = False) -> None:
        """Enter: return the command if the parser and the game accept it; else say why
        (``d``, ``done``: then end the turn, when the dialog has :attr:`done_after`)."""
        # refused, the dialog stays open with the reason, and the keys typed behind the
        # Enter were typed for what follows it: not used (``e 0 Enter r 4 0 Enter`` spent
        # 40, the run's digits typed into the amount)
        if done and self.done_after is None:
            # said, not only rung (sixth keys round: `n Enter 1 3 0 d` in 1853's bonds
            # rang and the banker saw no reason)
            self.app.bell()
            self.notify(
                "d ends a company's turn in an operating round: there is no turn to end "
                "here; nothing done, and the keys typed after it are not used (Enter gives "
                "the amount)",
                severity="warning",
                markup=False,
            )
            keys_refused(self.app)
            return
        cmd = self.command()
        if cmd is None:
            self.app.bell()
            keys_refused(self.app)
            return
        why = self.verdict(cmd)
        if why is not None:
            self.app.bell()
            self.recheck()
            keys_refused(self.app)
            return
        far = far_outside(self.session, cmd)
        if far is not None:  # asked once, answered only by a key typed after (37.5)

            def answered(yes: bool | None) -> None:
                if yes:
                    self.answer(cmd, done)
                else:
                    self.query_one("#amount", Input).select_all()  # typing replaces it

            self.app.push_screen(FarAmountQuestion(self.session.line(cmd), far), answered)
            return
        self.answer(cmd, done)

    def action_option(self, step: int) -> None:
        """Select the previous or next option.  Without options (a spend, a bond, a run
        with one payout kind) the arrow does nothing: it rings, says so, and the keys typed
        behind it are not used (sixth keys round: ``e 4 0 ← 5 Enter``, the 5 meant before
        the 0, spent 405)."""
        if len(self.options) > 1:
            self.no_digit = None
            self.selected = (self.selected + step) % len(self.options)
            self.recheck()
            return
        self.app.bell()
        self.notify(
            "←→ ↑↓ choose an option, and this amount has none (the cursor does not move: "
            "Backspace erases the last digit); nothing done, and the keys typed after it "
            "are not used",
            severity="warning",
            markup=False,
        )
        keys_refused(self.app)

    def action_cancel(self) -> None:
        """Close without a command."""
        self.answer(None)


PAYOUT_LABELS: dict[str | None, str] = {
    "full": "full",
    "half": "half",
    "withhold": "withhold",
    None: "split (the only payout)",
}


def payout_options(session: Session, company: str) -> list[str | None]:
    """The payout kinds ``company`` may use now, as ``run`` option words.

    The ruleset's ``payout_options`` hook says (``split`` is written as no
    option word); without the hook each kind is asked of the game with a
    trial revenue, and the kinds it accepts are offered.
    """
    game = session.game
    hook = getattr(game.ruleset, "payout_options", None)
    if hook is not None:
        kinds = [None if k == "split" else k for k in hook(game.state, company)]
        # of those, the kinds the game takes now, when it takes any (1853 3.4.2: a company
        # run by a manager withholds; "full" was offered first and `r 4 0 Enter` refused)
        trials = {k: c.Run(company=company, revenue=100, option=k) for k in kinds}  # type: ignore[arg-type]
        taken = [k for k, trial in trials.items() if session.reason(trial) is None]
        if taken or kinds:
            return taken or kinds
    offered: list[str | None] = []
    for kind in ("full", "half", "withhold"):
        if session.reason(c.Run(company=company, revenue=100, option=kind)) is None:  # type: ignore[arg-type]
            offered.append(kind)
    return offered or [None]


CELL = 13
"""The width of a payout kind's column in the advisor."""


def dividend_label(session: Session, company: str) -> str:
    """The advisor's row of the amount each share is paid, said as every receipt says it
    (``dividend a share``), with the shares the payout is divided by where they are not
    ten (1817 facts §8: ``dividend a share (of 2)`` for a 2-share corporation, whose
    $1,200 paid is $600 a share)."""
    count = getattr(session.game.ruleset, "dividend_shares", None)
    shares = count(session.game.state.company(company)) if count is not None else 10
    return f"dividend {A_SHARE}" + (f" (of {shares})" if shares != 10 else "")


def advice_text(session: Session, company: str, columns: list[PayoutColumn], selected: int) -> Text:
    """The advisor's table (see :meth:`RunDialog.payouts`): a row per figure, a column per
    payout kind; ``—`` where nothing is paid or the kind is refused (its reason under the
    table when it is the chosen one); a place that changes is marked ↑ or ↓."""
    money = session.money
    live = [col for col in columns if col.refused is None]
    if not live:
        return Text("")
    director = title_word(session.game.title, "president")
    president = next((col.president for col in live if col.president), None)
    players = [p["name"] for p in session.data.get("players", [])]
    others = sorted({k for col in live for k in col.takes} - set(players) - {company, BANK_KEEPS})
    rows: list[tuple[str, list[Text]]] = []

    def cells(fill: Callable[[PayoutColumn], str | Text]) -> list[Text]:
        out = []
        for col in columns:
            value = Text("—") if col.refused is not None else fill(col)
            out.append(value if isinstance(value, Text) else Text(value))
        return out

    def take(col: PayoutColumn, who: str) -> str:
        return money(col.takes[who]) if col.takes.get(who) else "—"

    def per_share(col: PayoutColumn) -> str:
        if col.per_share_exact is not None:  # 1817: $133 on 5 shares is $26.60, not $26
            return money(col.per_share_exact)
        return money(col.per_share) if col.per_share else "—"

    rows.append((dividend_label(session, company), cells(per_share)))
    for name in players:
        label = f"{name} ({director})" if name == president else name
        rows.append((label, cells(lambda col, name=name: take(col, name))))
    rows.append((f"{company} treasury", cells(lambda col: take(col, company))))
    for other in others:
        rows.append((other, cells(lambda col, other=other: take(col, other))))
    if any(col.takes.get(BANK_KEEPS) for col in live):
        rows.append((bank_label(live), cells(lambda col: take(col, BANK_KEEPS))))
    rows.append(("price after", cells(lambda col: money(col.price_after))))
    rows.extend(interest_rows(session, live, cells))
    blank = [Text("") for _ in columns]
    rows.append(("standings after", blank))
    for name in players:

        def standing(col: PayoutColumn, name: str = name) -> Text:
            found = next((x for x in col.standings if x.name == name), None)
            if found is None:
                return Text("—")
            cell = Text(f"{money(found.value)} {ordinal(found.place)}")
            if found.place < found.place_before:
                cell.append("↑", style="bold green")
            elif found.place > found.place_before:
                cell.append("↓", style="bold red")
            return cell

        rows.append((f"  {name}", cells(standing)))
    if president is not None:
        rows.append((f"{president}'s cash after", cells(lambda col: money(col.president_cash))))
    rows.append((f"{company} treasury after", cells(lambda col: money(col.treasury))))
    # every train the bank offers next (issue 37.7: 1846's 5 and 4/6 both), a row each
    needs = next((col.trains for col in live if col.trains), ())
    if needs:
        verb = "must buy" if needs[0].must else "may buy"
        rows.append((f"{company} {verb}, {president or 'the ' + director} adds", blank))
    for need in needs:

        def adds(col: PayoutColumn, name: str = need.train) -> Text:
            mine = next((x for x in col.trains if x.train == name), None)
            if mine is None:
                return Text("—")
            if mine.refused is not None:
                short = f"short {money(mine.short)}" if mine.short else "refused"
                return Text(f"✗ {short}", style="red")
            return Text(money(mine.president_adds))

        rows.append((f"  the {need.train}, {money(need.price)}", cells(adds)))
    width = max(len(label) for label, _ in rows) + 1
    text = Text(" " * width)
    for i, col in enumerate(columns):
        label = PAYOUT_LABELS.get(col.option, col.option or "")[: CELL - 1]
        text.append(f"{label:>{CELL}}", style="bold reverse" if i == selected else "bold")
    for label, values in rows:
        heading = all(not value.plain for value in values)
        text.append(f"\n{label:<{width}}", style="dim" if heading else "")
        for i, value in enumerate(values):
            pad = " " * max(0, CELL - value.cell_len)
            text.append(pad)
            cell = value.copy()
            if i == selected:
                cell.stylize("bold")
            text.append_text(cell)
    chosen = columns[selected] if 0 <= selected < len(columns) else None
    if chosen is not None and chosen.refused is not None:
        text.append(f"\n✗ {PAYOUT_LABELS.get(chosen.option, chosen.option or '')}: ", "red")
        text.append(chosen.refused, style="red")
    elif chosen is not None and chosen.train is not None and chosen.train.refused is not None:
        text.append(f"\nthe {chosen.train.train} then: ✗ {chosen.train.refused}", style="dim")
    return text


def interest_rows(
    session: Session,
    live: list[PayoutColumn],
    cells: Callable[[Callable[[PayoutColumn], str | Text]], list[Text]],
) -> list[tuple[str, list[Text]]]:
    """1817's rows (facts §6): the interest due after each payout kind at the rate fixed
    for the operating round, the loans taken by themselves to pay it, the price after
    them, a liquidation when even they cannot pay it (``moderator.advisor.interest_due``:
    the engine's trial of ``interest CORP``); none for other titles, or once it is paid."""
    dues = [col.interest for col in live if col.interest and col.interest.refused is None]
    if not dues:
        return []
    money = session.money
    rate = (session.data.get("interest") or {}).get("rate")

    def due(col: PayoutColumn) -> str | Text:
        found = col.interest
        if found is None or found.refused is not None:
            return "—"
        if found.liquidates:
            return Text(f"✗ {money(found.paid)}", style="red")
        return money(found.paid) if found.paid else "—"

    rows = [(f"interest due at {rate}%", cells(due))]
    if any(x.loans for x in dues):
        rows.append(
            (
                "  loans taken for it",
                cells(
                    lambda col: (
                        str(col.interest.loans) if col.interest and col.interest.loans else "—"
                    )
                ),
            )
        )
    if any(x.liquidates for x in dues):
        rows.append(
            (
                "  unpaid: liquidates",
                cells(
                    lambda col: (
                        Text("yes", style="bold red")
                        if col.interest and col.interest.liquidates
                        else "—"
                    )
                ),
            )
        )
    rows.append(
        (
            "  price after it",
            cells(lambda col: money(col.interest.price_after) if col.interest else "—"),
        )
    )
    return rows


class RunDialog(AmountDialog):
    """``run COMPANY REVENUE [full|half|withhold]`` with the payout receipt drawn live.

    Only the payout kinds the company may use are offered (an 1846 independent
    railroad splits, 6.72: no choice is shown).  The dialog opens with the
    company's last run filled in (revenue selected, so typing replaces it, and its
    payout kind chosen): Enter runs the same as last time (issue 18.8).  For the
    revenue typed every payout kind is shown side by side — per share, the
    president's take, the treasury, the price after — each from the engine's
    trial of that very command (the advisor, :func:`advice_text`: each holder's take,
    the price, the standings, the president's cash, the next train), ←/→ picking one;
    under it the chosen kind's receipt (``Game.receipt``) and what would follow by itself.
    """

    def __init__(self, session: Session, company: str, initial: int | None = None) -> None:
        def build(amount: int, option: str | None) -> c.Command:
            return c.Run(company=company, revenue=amount, option=option)  # type: ignore[arg-type]

        options = payout_options(session, company)
        words = [PAYOUT_LABELS.get(o, o or "") for o in options]
        title = f"Run {company}: revenue, then {' / '.join(words)}"
        if len(options) == 1:
            title = f"Run {company}: revenue ({words[0]})"
        self.last = session.last_run(company)
        """The company's last run (the dialog starts from it), if any."""
        note = ""
        if initial is None and self.last is not None:
            initial = self.last.revenue
            kind = PAYOUT_LABELS.get(self.last.option, self.last.option or "")
            if self.last.revenue == 0:
                kind = "— no revenue, no dividend"  # whatever kind was named (issue 18.11)
            elif self.last.option not in options:
                kind = ""  # `run NYC 370`: the title's default kind, not an independent's split
            note = (
                f"as last time: {session.money(self.last.revenue)} {kind} "
                "(Enter takes it; typing replaces it)"
            ).replace("  ", " ")
        super().__init__(
            session,
            title,
            build,
            options=options,
            option_labels=PAYOUT_LABELS,
            initial=initial,
            note=note,
            dialog_id="run-dialog",
        )
        if self.last is not None and self.last.option in options:
            self.selected = options.index(self.last.option)
        self.company = company

    def before_extra(self) -> list[Static]:
        """The payout kinds side by side, above the receipt."""
        return [Static(id="payouts", classes="dialog-extra")]

    def after_extra(self) -> list[Static]:
        """What would follow the run by itself, under the receipt."""
        return [Static(id="follows", classes="dialog-extra")]

    def recheck(self) -> None:
        """As the amount dialog, plus the payout kinds side by side and what follows."""
        super().recheck()
        cmd = self.command()
        for wid, text in (("#payouts", self.payouts(cmd)), ("#follows", self.follows(cmd))):
            for widget in self.query(wid).results(Static):
                widget.update(text)
                widget.display = bool(text.plain)  # no blank rows for nothing to show

    def advice(self, cmd: c.Run) -> list[PayoutColumn]:
        """Each payout kind offered for ``cmd``'s revenue, from the engine's trial of that
        very run (``moderator.advisor``), in the order offered."""
        from moderator.advisor import advise

        return advise(self.session.game, cmd, list(self.options))

    def payouts(self, cmd: c.Command | None) -> Text:
        """The payout advisor: every payout kind side by side for the revenue typed (the
        chosen one lit): each holder's take, the price after, the standings after, the
        president's cash and the treasury against the bank's next train (issue 27.6)."""
        if not isinstance(cmd, c.Run):
            return Text("")
        return advice_text(self.session, self.company, self.advice(cmd), self.selected)

    def follows(self, cmd: c.Command | None) -> Text:
        """What would follow the run by itself (e.g. a 1853 price move, a phase)."""
        if cmd is None:
            return Text("")
        return follow_text(self.session.follow_lines(cmd))

    def describe(self, cmd: c.Command | None) -> Any:
        """The payout receipt of ``Game.receipt`` for the typed revenue and option."""
        from moderator.errors import Refusal

        if not isinstance(cmd, c.Run):
            return Text("the receipt appears as the revenue is typed", style="dim")
        try:
            receipt = self.session.game.receipt(
                self.company, cmd.revenue, cmd.option, mail=cmd.mail
            )
        except (Refusal, NotImplementedError) as exc:
            return Text(str(exc), style="red")
        return Text(receipt.text())
