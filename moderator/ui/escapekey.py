"""``Esc`` is ``Esc`` in a burst (issue 37.2): a key typed at once after it is itself.

A terminal sends the Esc key as the byte ``ESC``, which also begins the sequences of
other keys (``ESC [ A`` is ↑) and, in most terminals, Alt+key (``ESC r``).  Textual's
parser (``textual._xterm_parser.XTermParser``) waits ``ESCDELAY`` (100 ms) after an
``ESC`` for the rest of a sequence; what comes in that time and is no sequence it knows
is reissued as Alt+key: ``ESC r`` becomes ``alt+r`` and the Esc is lost.  Some pairs it
even reads as other keys (``ESC b`` is ctrl+←, ``ESC 5`` is ``∞``, ``ESC Enter`` is
Enter, and an ``ESC`` after an unknown pair is ``^``).  Typed fast, ``r 5 0 Esc r 6 0
Enter`` in the run dialog ran PRR for 5060.

A line feed typed is Enter too: until Textual has set the terminal, the terminal's own
line discipline turns the Enter key's ``CR`` into ``LF``, which Textual reads as
``ctrl+j``, so ``: pass Enter`` typed as the app starts left the line in the bar.  The
launcher sets the terminal first (:func:`moderator.preload.keys_as_typed`), but keys
typed in the interpreter's first moments still come as ``LF``; moderator binds no
``ctrl+j``, and :class:`EscapeFirstParser` reads every ``LF`` outside a bracketed paste
as ``CR``.

moderator binds no Alt key, so it undoes this in two places:

* :class:`EscapeFirstParser`, the parser of the terminal driver (:func:`install`): an
  ``ESC`` followed by a character that begins no key's sequence (anything but ``[``
  and ``O``) is the Esc key at once — as if the escape delay had passed — and the
  character is a key of its own; ``ESC [`` and what follows is held until it is a whole
  CSI sequence: one Textual reads (a key, a mouse event, a report) is passed on, any
  other was typed after an Esc (``Esc [ r``: Textual handed out ``[`` and ``r`` and lost
  the Esc, as it did before ``] _ ^ \\``).  Outside a bracketed paste only.  ``ESC O``
  and a letter stay Textual's (``ESC O r`` is the keypad's 2; one it does not know is
  ``alt+shift+o``, split below).
* :func:`unbound_alt`: an ``alt+KEY`` event that still reaches the app (a terminal
  reporting Alt itself, the kitty protocol, a test's ``alt+r``) and that no binding
  of the screen takes is handed out as ``escape`` then ``KEY``
  (:class:`~moderator.ui.app.ModeratorApp`).

A paste is typed too where no field takes text: a terminal hands a paste over as one
event (a bracketed paste), which a dialog's amount field inserted as text after the
amount filled in (``r``, a paste of ``90``, Enter ran $290 where ``r 9 0 Enter`` runs
$90) and a list ignored (``b``, a paste of ``nyc``, Enter bought the first share
listed).  On a dialog (its ``paste_as_keys``, :data:`moderator.ui.app.PASTE_AS_KEYS`)
:func:`pasted_keys` hands a paste out as the keys that type it, in its place among the
keys typed before and after it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from textual import events
from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
from textual._time import get_time
from textual._xterm_parser import SPECIAL_SEQUENCES, XTermParser
from textual.keys import _character_to_key
from textual.message import Message

ESC = "\x1b"
SEQUENCE_STARTS = frozenset("[O" + ESC)
"""Characters after ``ESC`` that begin a key's sequence (``[`` a CSI one, ``O`` an SS3 one)
or are another ``ESC``: the parser reads these as it always did, except that a CSI no key,
mouse event or report of Textual's has is Esc and its characters (:meth:`EscapeFirstParser.
judge`).  ``] P _ \\ ^ X`` begin a terminal's string replies, which Textual asks for none of
and never reads (it hands their characters out as keys, without the ``ESC``): after ``ESC``
they are keys typed, ``Esc _`` on the projection closes it (``_`` stepped a round back)."""
CSI_PASSED = frozenset("<?M")
"""What may follow ``ESC [`` for Textual alone to read: a mouse event (SGR's ``<``, X10's
``M`` and its three raw bytes) or a mode report (``?``)."""
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"


class EscapeFirstParser(XTermParser):
    """Textual's terminal parser, except that ``ESC`` then a character that begins no
    sequence is the Esc key then that character (module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._tail = ""
        """The last characters fed (to see an ``ESC`` before the next one, and the
        bracketed paste's markers across two reads)."""
        self._pasting = False
        """Whether a bracketed paste is being read (its text is never split)."""
        self._csi: str | None = None
        """The characters of a CSI sequence read after ``ESC [`` and not yet handed to
        Textual's parser (``[`` and what followed), until :meth:`judge` knows whether
        they make a key or were typed after an Esc."""

    def feed(self, data: str) -> Iterable[Message]:
        """Feed ``data`` (see the class docstring); ``""`` is the end of input."""
        if not data:
            yield from self._typed_after_escape()
            yield from super().feed(data)
            return
        if "\n" in data:  # a line feed typed is Enter, outside a paste (module docstring)
            data = self._line_feeds_as_enter(data)
        waiting: list[str] = []  # read, for Textual's parser
        for ch in data:
            before = self._tail[-1:]
            self._tail = (self._tail + ch)[-len(PASTE_START) :]
            if self._tail.endswith(PASTE_START):
                self._pasting = True
            elif self._tail.endswith(PASTE_END):
                self._pasting = False
            if self._csi is not None:
                csi = self._csi + ch
                verdict = self.judge(csi)
                if verdict == "wait":
                    self._csi = csi
                    continue
                if verdict == "key":  # a key's (a mouse's, a report's) sequence
                    self._csi = None
                    waiting.append(csi)
                    continue
                yield from self._pass_on(waiting)
                if verdict == "typed":  # ``ESC [ r``: Esc, then ``[`` and ``r`` typed
                    self._csi = csi
                    yield from self._typed_after_escape()
                    continue
                yield from self._typed_after_escape()  # ``ch`` begins no CSI: read it anew
            if before == ESC and not self._pasting and ch == "[":
                yield from self._pass_on(waiting)
                self._csi = ch  # held until judged (the ``ESC`` waits in Textual's parser)
            elif before == ESC and ch not in SEQUENCE_STARTS and not self._pasting:
                yield from self._pass_on(waiting)
                yield from self.escape_now()
                waiting.append(ch)
            else:
                waiting.append(ch)
        yield from self._pass_on(waiting)

    def _pass_on(self, waiting: list[str]) -> Iterable[Message]:
        """Hand the characters ``waiting`` to Textual's parser (none: nothing, since ``""``
        would be the end of input), and empty the list."""
        if waiting:
            yield from super().feed("".join(waiting))
            waiting.clear()

    def tick(self) -> Iterable[Message]:
        """Textual's tick; a CSI begun after an ``ESC`` and still held when the escape
        delay ends was typed: Esc, then its characters."""
        if self._csi is not None and self._timeout_time is not None:
            if get_time() >= self._timeout_time:
                yield from self._typed_after_escape()
                return
        yield from super().tick()

    @staticmethod
    @lru_cache(maxsize=256)
    def judge(csi: str) -> str:
        """What the characters ``csi`` read after ``ESC`` (``[`` and what followed) are:
        ``wait`` (a CSI sequence not ended yet), ``key`` (a sequence Textual's parser reads:
        a key, a mouse event, a report, a paste's marker), ``typed`` (a whole CSI sequence
        it does not know: the keys ``[`` and the rest, typed after an Esc) or ``apart`` (the
        last character cannot be in a CSI sequence: the keys before it were typed, and
        it is read anew).  By ECMA-48: parameter bytes ``0-?``, intermediate bytes
        ``space-/``, then one final byte ``@-~``; Linux's console sends F1-F5 as ``ESC [ [``
        and a letter."""
        body = csi[1:]
        if not body:
            return "wait"
        if body[0] in CSI_PASSED:
            return "key"
        if body[0] == "[":  # Linux's console: ``ESC [ [ A`` is F1
            if len(body) == 1:
                return "wait"
            return "key" if f"{ESC}{csi}" in ANSI_SEQUENCES_KEYS else "typed"
        last = ord(body[-1])
        if 0x20 <= last <= 0x3F:
            return "wait"
        if not 0x40 <= last <= 0x7E:
            return "apart"
        sequence = ESC + csi
        if sequence in SPECIAL_SEQUENCES or any(XTermParser().feed(sequence)):
            return "key"
        return "typed"

    def _typed_after_escape(self) -> Iterable[Message]:
        """The held CSI's characters were typed after an Esc: the Esc key (ending the wait
        of Textual's parser), then each of them a key."""
        csi, self._csi = self._csi, None
        if csi is None:
            return
        yield from self.escape_now()
        yield from super().feed(csi)

    def _line_feeds_as_enter(self, data: str) -> str:
        """``data`` with each ``LF`` outside a bracketed paste made ``CR``, and an ``LF``
        right after a ``CR`` dropped (a terminal sending ``CR LF`` for one Enter must
        not commit twice); the paste's markers are followed on a copy of the state
        :meth:`feed` keeps."""
        tail, pasting, out = self._tail, self._pasting, []
        for ch in data:
            after_cr = tail.endswith("\r")
            tail = (tail + ch)[-len(PASTE_START) :]
            if tail.endswith(PASTE_START):
                pasting = True
            elif tail.endswith(PASTE_END):
                pasting = False
            if ch == "\n" and not pasting:
                if not after_cr:
                    out.append("\r")
            else:
                out.append(ch)
        return "".join(out)

    def escape_now(self) -> Iterable[Message]:
        """The ``ESC`` read last waits for the rest of a sequence: end the wait now (what
        the escape delay's end does), so it is the Esc key."""
        if self._awaiting.timeout is None:
            return
        self._timeout_time = 0.0
        yield from self.tick()


def install(driver: type[Any]) -> None:
    """Make the terminal driver ``driver`` read keys with :class:`EscapeFirstParser`
    (Textual's Linux driver builds its ``XTermParser`` by that module-level name; a
    driver without one, Windows' or the web's, is left as it is)."""
    module = sys.modules.get(driver.__module__)
    if module is not None and getattr(module, "XTermParser", None) is XTermParser:
        module.XTermParser = EscapeFirstParser  # type: ignore[attr-defined]


PASTED_NAMED = {"\r": "enter", "\n": "enter", "\t": "tab", ESC: "escape", "\x7f": "backspace"}
"""Characters of a paste that are named keys (``CR LF`` is one Enter)."""


def pasted_keys(event: events.Paste) -> list[events.Key]:
    """The keys that type ``event``'s text, one per character, each with the paste's
    time (a key typed before a refusal or a question was shown stays such a key): a
    line end is Enter (``CR LF`` one Enter), a tab Tab; any other character that
    prints nothing (a control character) is a key no screen binds, named after it
    (``control character U+0003``): the dialog refuses it, and the keys pasted behind
    it are not used (ninth keys round: it was left out, so ``e`` and a pasted ``4``,
    ``ctrl+c``, ``0`` spent 40)."""
    keys: list[events.Key] = []
    text = event.text.replace("\r\n", "\r")
    for ch in text:
        named = PASTED_NAMED.get(ch)
        if named is not None:
            key = events.Key(named, ch)
        elif ch.isprintable():
            key = events.Key(_character_to_key(ch), ch)
        else:
            key = events.Key(f"control character U+{ord(ch):04X}", None)
        key.time = event.time
        keys.append(key)
    return keys


def unbound_alt(event: events.Key, bound: Iterable[str]) -> list[events.Key] | None:
    """``escape`` then the key, for an ``alt+KEY`` event no binding in ``bound`` (key
    names) takes; ``None`` for any other key."""
    if not event.key.startswith("alt+") or event.key in set(bound):
        return None
    rest = event.key[len("alt+") :]
    char = event.character
    if char is not None and len(char) == 1 and char.isalnum():
        rest = char  # alt+shift+r: the key R, as Textual names it unmodified
    elif len(rest) == 1:
        char = rest
    elif char is not None and (len(char) != 1 or not char.isprintable()):
        char = None
    return [events.Key("escape", ESC), events.Key(rest, char)]
