"""The command bar: banker script typed as on paper, completed and checked live.

Completion (Tab or →) offers the next word of the commands the rules accept
now (from ``Game.legal_commands``): ``buy `` + Tab gives the acting player,
``buy Amy `` + Tab a corporation Amy may buy; where no legal command fits, a
verb, a player, a company id or an option word.  Under the bar the game's
verdict on the typed line is shown as it is typed (``Game.try_command``).
Enter hands the line to the screen, which executes it at once (before the
next key is read, so keys typed after it go to the emptied bar); ↑/↓ recall
earlier lines.  Lines pasted with newlines are given one by one, each as if
Enter was pressed; a refused line stops the rest, which wait: the bar says how
many, Enter on an empty bar takes the next, and ``Esc``, ``ctrl+u`` or another
paste drops them (saying how many), so a script the banker gave up never comes
back.  A paste is acted on as the app reads it, like the keys typed around it.

A few words are not banker script but open a screen that reads the game
(:data:`BAR_WORDS`: ``score``, ``project``, ``rounds``, ``check``, ``share``), and a
``check run ...`` / ``check sell ...`` line is answered (``moderator.checker``)
without anything being journaled: its verdict shows under the bar as it is typed.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from os.path import commonprefix
from typing import Self

from rich.text import Text
from textual import events
from textual.actions import SkipAction
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.message import Message
from textual.suggester import Suggester
from textual.widget import Widget
from textual.widgets import Input, Static

from moderator.errors import Refusal
from moderator.script import VERBS, ParseError, parse_line
from moderator.text import counted, escaped
from moderator.ui.host import keys_refused
from moderator.ui.session import Session

BAR_WORDS = {
    "score": "score",
    "project": "projection",
    "rounds": "rounds",
    "charts": "rounds",
    "check": "checker",
    "share": "sharing",
}
"""Words of the command bar that open a screen (never commands of the game)."""


def is_check(text: str) -> bool:
    """Whether ``text`` is a check line (``check ...``, see ``moderator.checker``)."""
    words = text.split()
    return len(words) > 1 and words[0].lower() == "check"


SHORT_LINE = 60
"""Characters of a line the log and a toast show; a longer one (a paste) is cut short."""


def pasted_lines(count: int) -> str:
    """``3 pasted lines`` (``1 pasted line``)."""
    return counted(count, "pasted line")


def one_row(line: str, limit: int = SHORT_LINE) -> str:
    """``line`` on one row of the log or a toast: cut short, with its length, when long
    (a pasted 5,000-digit number must not flood the log or cover the screen)."""
    line = " ".join(line.split("\n"))
    if len(line) <= limit:
        return line
    return f"{line[: limit - 16]}…{line[-4:]} ({len(line)} characters)"


OPTION_WORDS = (
    "ipo",
    "pool",
    "full",
    "half",
    "withhold",
    "tile",
    "token",
    "terrain",
    "fee",
    "from",
)


WHAT_COMES: dict[str, tuple[str, ...]] = {
    "par": ("player", "company", "amount"),
    "buy": ("player", "company", "option"),
    "sell": ("player", "company", "amount"),
    "pass": ("player",),
    "spend": ("company", "amount", "option"),
    "run": ("company", "amount", "option"),
    "buyprivate": ("company", "company", "amount"),
    "done": ("company",),
    "bankrupt": ("player",),
    "adjust": ("name", "amount", "text"),
    "note": ("text",),
}
"""What the contract (``docs/script.md``) expects after a verb, word by word, where no
legal command fits: a ``player``, a ``company`` (or a private), either (``name``), an
``amount``, an ``option`` word, or free ``text`` (the last kind goes on to the line's
end).  Tab completes only a name or an option word where one is expected: `: adjust Amy
10 a Tab Enter` completed the reason to a player's name (``adjust Amy 10 Amy``); in an
amount or in free text (an adjust's reason, a note) it completes nothing and rings.  A
verb not listed (``train``, ``expect``, a title's own) is offered every name and option
word, as before."""


class ScriptSuggester(Suggester):
    """Completes banker script word by word, from the legal commands and the game's names.

    The next word offered is the one the commands the rules accept now have at
    that place (``buy `` → the acting player, ``buy Amy `` → the corporations
    Amy may buy); where none fits, a verb, a player, a company id or an option
    word starting with what is typed.
    """

    def __init__(self, session: Callable[[], Session | None]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.session = session

    def words(self, position: int, verb: str = "") -> list[str]:
        """Candidate words for the word at ``position`` (0 = the verb) of a line begun
        with ``verb``: what the contract expects there (:data:`WHAT_COMES`)."""
        if position == 0:
            return list(VERBS)
        kinds = WHAT_COMES.get(verb)
        kind = kinds[min(position, len(kinds)) - 1] if kinds else "any"
        if kind in ("amount", "text"):
            return []  # a number or free text: no name is completed there
        session = self.session()
        if session is None or kind == "option":
            return list(OPTION_WORDS) if kind in ("option", "any") else []
        data = session.data
        names = [p["name"] for p in data["players"]]
        ids = [co["id"] for co in data["companies"]]
        if kind == "player":
            return names
        if kind == "company":
            return ids
        if kind == "name":
            return names + ids
        return names + ids + list(OPTION_WORDS)

    def candidates(self, value: str) -> tuple[list[str], bool]:
        """The words that may come at the end of ``value`` (the last word completed, or the
        next one after a space), and whether a legal command goes on after them."""
        words = value.split(" ")
        prefix = words[-1].lower()
        # the words before the last, spaces repeated read as one, as the script reads the
        # line (ninth keys round: `: par Tab Space G Tab`, the space Tab adds and the one
        # typed, completed nothing and rang)
        head = [w.lower() for w in words[:-1] if w]
        position = len(head)
        found: list[str] = []
        more = False
        session = self.session()
        if session is not None:
            for line in session.legal_lines():
                parts = line.split(" ")
                if len(parts) <= position or [p.lower() for p in parts[:position]] != head:
                    continue
                word = parts[position]
                if word.lower().startswith(prefix):
                    if word not in found:
                        found.append(word)
                    more = more or len(parts) > position + 1
        if not found and session is not None and head[:1] == ["box"]:
            return self.box_words(session, position, head, prefix)
        if not found and prefix:
            verb = head[0] if head else ""
            found = [w for w in self.words(position, verb) if w.lower().startswith(prefix)]
            more = position == 0
        return found, more

    @staticmethod
    def box_words(
        session: Session, position: int, head: list[str], prefix: str
    ) -> tuple[list[str], bool]:
        """``box`` (1847 Pfalz, RRRR&B): its keys and ``confirm``, then the value a key has
        now (the shipped one, to confirm or correct), from the state JSON's ``box``."""
        values = [b for b in session.data.get("box") or [] if b.get("status") != "reading"]
        if position == 1:
            words = [b["key"] for b in values] + ["confirm"]
            found = [w for w in words if w.lower().startswith(prefix)]
            return found, any(w != "confirm" for w in found)
        if position == 2:
            entry = next((b for b in values if b["key"].lower() == head[1]), None)
            if entry is not None and entry.get("value") is not None:
                value = str(entry["value"])
                return ([value] if value.lower().startswith(prefix) else []), False
        return [], False

    def complete(self, value: str) -> str | None:
        """The completed line for ``value`` (the first candidate), or ``None``."""
        if not value.strip():
            return None
        found, more = self.candidates(value)
        words = value.split(" ")
        typed = words[-1].lower()
        exact = [w for w in found if w.lower() == typed] if typed else []
        if exact:
            # the word typed is whole (1847 AE's N beside NDB, L beside LFK; 1830's BO
            # beside BOP): Tab keeps it and goes on, never to a longer word it begins
            # (hunt round: `: buy Amy N Tab Enter` bought NDB)
            line = " ".join([*words[:-1], exact[0]])
            line += " " if self.candidates(line + " ")[0] else ""
            return line if line != value else None
        if typed and len(found) > 1:
            # several words begin with what is typed: Tab adds what they share, and
            # picks none of them (`: buy Amy NY Tab` with NYC and NYNH is not NYC)
            shared = len(commonprefix([w.lower() for w in found]))
            if shared <= len(typed):
                return None
            return " ".join([*words[:-1], found[0][:shared]])
        for word in found:
            line = " ".join([*words[:-1], word]) + (" " if more else "")
            if len(line) > len(value):
                return line
        return None

    async def get_suggestion(self, value: str) -> str | None:
        """Textual's suggester hook."""
        return self.complete(value)


class FixedInput(Input):
    """An input whose size is set by the stylesheet, so typing never needs a new layout.

    Textual's input asks for a layout of the screen on every change of its
    value (its scrollable width follows the text), which on the main screen
    costs more than everything else a keystroke does.  The inputs here have
    a fixed width and height, so their own layout requests are dropped; the
    screen still lays them out when it is resized or rebuilt, and the
    scrollable width is kept up to date for scrolling a long line.
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs["select_on_focus"] = False  # see _on_focus
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def _on_focus(self, event: events.Focus) -> None:
        """Take the focus without touching the text (Textual's input selects it all and
        drops the completion here).

        The keys typed into these inputs are acted on as the app reads them (see
        :meth:`_forward_event`, the dialogs' digits), while this event waits
        in the input's queue: on a busy machine ``:private`` reached the bar as ``p``,
        then this event selected the ``p``, and the ``r`` typed next replaced it (the
        line came out as ``rivate``).  What should be selected when the focus comes (a
        filled-in amount) is selected by the code that moves the focus, at once.
        """
        event.prevent_default()  # not Input's own handler (it would select and clear)
        self._restart_blink()
        self.app.cursor_position = self.cursor_screen_offset
        Widget._on_focus(self, event)  # the focus styles and DescendantFocus, as usual

    def _forward_event(self, event: events.Event) -> None:
        """Act on a key as the app reads it, before it reads the next one.

        Textual posts a key to the focused widget and reads the next key at once; the
        input's own keys are bindings acted on once the key has gone round the screen,
        by which time the keys typed after them (a burst, a paste) may already be in
        (the dialogs' digits and the bar's characters are acted on at once).  Here the
        keys :meth:`_act_now` knows are acted on at once, in the order typed; Textual's
        own path is used for every other key.
        """
        if isinstance(event, events.Key) and not event.is_forwarded and self._act_now(event):
            event._set_forwarded()
            return
        super()._forward_event(event)

    def _act_now(self, event: events.Key) -> bool:
        """Act on ``event`` now if it is one of the keys handled at once (editing keys)."""
        return self._edit_now(event.key)

    def _edit_now(self, key: str) -> bool:
        """Run the input's own editing binding for ``key`` now (``ctrl+u``, ``ctrl+w``,
        ←, Home...), if it has one that acts on the input alone.

        Left to Textual, such a key waits in the input's queue while the characters
        typed after it are put in at once: in a real terminal ``ctrl+u`` then ``par Bob
        NYC 80`` typed the line first and then deleted it (issue 18.3).
        """
        for binding in self._bindings.key_to_bindings.get(key, ()):
            namespace, name, params = parse_action(binding.action)
            method = getattr(self, f"action_{name}", None)
            if namespace or method is None or inspect.iscoroutinefunction(method):
                continue
            try:
                method(*params)
            except SkipAction:  # not for the input now (a scroll it cannot make): on its way
                continue
            return True
        return False

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """Repaint (and recompose) as asked, never lay out again for the input itself."""
        return super().refresh(*regions, repaint=repaint, recompose=recompose)


class ScriptInput(FixedInput):
    """The command bar's input: Tab accepts the completion, ↑/↓ recall lines.

    The completion and the verdict are worked out as the value changes, in
    the same frame as the keystroke (Textual's suggester would run them in a
    worker, and the verdict would wait for the ``Changed`` message: two
    frames per key instead of one).
    """

    BINDINGS = [
        Binding("tab", "complete", "Complete", show=False, priority=True),
        Binding("up", "recall(-1)", "Earlier line", show=False),
        Binding("down", "recall(1)", "Later line", show=False),
        Binding("escape", "screen.leave_bar", "Leave the bar", show=False),
    ]

    def __init__(
        self, completer: ScriptSuggester, typed: Callable[[str], None], **kwargs: object
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.completer = completer
        self.typed = typed
        """Called with every new value (the bar shows the game's verdict)."""
        self.recalled: list[str] = []
        self.recall_at = 0

    SYNC_KEYS = {
        "enter": "submit",
        "escape": "leave",
    }
    """Keys acted on as the app reads them, besides the characters typed and the input's
    own editing keys (Backspace, ↑/↓ recall...: :meth:`FixedInput._edit_now`)."""

    def _act_now(self, event: events.Key) -> bool:
        """Act on ``event`` now if it is one of the keys handled here."""
        if event.is_printable and event.character:
            start, end = sorted(self.selection)
            if start != end:
                self.replace(event.character, start, end)
            else:
                self.insert_text_at_cursor(event.character)
            return True
        what = self.SYNC_KEYS.get(event.key)
        if what is None:
            return self._edit_now(event.key)
        bar = self.bar
        if what == "submit" and bar is not None:
            bar.submit(self.value)
        elif what == "leave":
            leave = getattr(self.screen, "action_leave_bar", None)
            if leave is None:
                return False
            if bar is not None:
                bar.drop_waiting()  # the banker leaves the pasted script behind
            leave()
        else:
            return False
        return True

    @property
    def bar(self) -> CommandBar | None:
        """The command bar this input is part of (``None`` on its own)."""
        bar = self.parent.parent if self.parent is not None else None
        return bar if isinstance(bar, CommandBar) else None

    def _forward_event(self, event: events.Event) -> None:
        """A paste is acted on as the app reads it, as the keys typed around it are
        (:meth:`FixedInput._forward_event`): left in the input's queue, it came after
        the keys typed after it, and after a ``ctrl+u`` typed after it had dropped the
        lines it should have dropped."""
        if isinstance(event, events.Paste) and not event.is_forwarded:
            event._set_forwarded()
            self._on_paste(event)
            return
        super()._forward_event(event)

    def action_delete_left_all(self) -> None:
        """``ctrl+u``: clear the line left of the cursor, and drop the pasted lines that
        wait (the banker starts again)."""
        super().action_delete_left_all()
        if self.bar is not None:
            self.bar.drop_waiting()

    def watch_value(self, value: str) -> None:
        """Complete and check the line now (see the class docstring)."""
        self._suggestion = (self.completer.complete(value) or "") if value else ""
        self.typed(value)

    def action_complete(self) -> None:
        """Take the suggested completion (like →)."""
        if self._suggestion:
            self.value = self._suggestion
            self.cursor_position = len(self.value)
        else:  # nothing to complete: the keys typed behind it are not used (fifth keys
            # round: `: spend MS 1 Tab 0 Enter` spent 10 with the 0 typed behind the Tab)
            self.app.bell()
            keys_refused(self.app)

    async def action_submit(self) -> None:
        """Enter: the bar hands the line over now (see the module docstring)."""
        bar = self.bar
        if bar is not None:
            bar.submit(self.value)
        else:
            await super().action_submit()

    def _on_paste(self, event: events.Paste) -> None:
        """A paste: each line ended by a newline is given as if Enter was pressed.  The
        lines of an earlier paste still waiting are dropped first (the banker pasted
        something else: they must not come back after it)."""
        bar = self.bar
        text = event.text.replace("\r\n", "\n").replace("\r", "\n")
        dropped = bar.drop_waiting(say=False) if bar is not None else 0
        if "\n" not in text or bar is None:
            super()._on_paste(event)
            if bar is not None and dropped:
                bar.say_dropped(dropped)
            return
        event.stop()
        event.prevent_default()  # not Input's own handler as well (it would paste line 1)
        *lines, tail = text.split("\n")
        start, end = sorted(self.selection)  # a selection (a refused line) is replaced
        lines[0] = self.value[:start] + lines[0] + self.value[end:]
        bar.give_lines(lines, tail, dropped)

    def remember(self, line: str) -> None:
        """Keep an accepted line for recall."""
        self.recalled.append(line)
        self.recall_at = len(self.recalled)

    def action_recall(self, step: int) -> None:
        """Show an earlier or later line.  Past the first line or the last (nothing to
        recall) it rings, and the keys typed behind it are not used (fifth keys round:
        ``↑ ↑ Enter`` with one line recalled gave that line again)."""
        at = max(0, min(len(self.recalled), self.recall_at + step))
        if at == self.recall_at:
            self.app.bell()
            keys_refused(self.app)
            return
        self.recall_at = at
        self.value = self.recalled[self.recall_at] if self.recall_at < len(self.recalled) else ""
        self.cursor_position = len(self.value)


class CommandBar(Vertical):
    """The bar at the bottom: ``›`` prompt, input, and the verdict line."""

    DEFAULT_CSS = """
    CommandBar { height: auto; }
    CommandBar #waiting { width: auto; padding: 0 1; color: $text-warning; }
    """

    class Submitted(Message):
        """The banker pressed Enter on a line."""

        def __init__(self, bar: CommandBar, line: str) -> None:
            super().__init__()
            self.bar = bar
            self.line = line

    def __init__(
        self,
        session: Callable[[], Session | None],
        give: Callable[[str], str | None] | None = None,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.session = session
        self.give = give
        """Gives a line to the game now: ``None`` when accepted, else the reason (without
        it, lines are posted as :class:`Submitted` messages)."""
        self.verdict_text = Text("")
        """What the verdict line shows now."""
        self.waiting: list[str] = []
        """Pasted lines not given yet, after a refused one (the next is put in the bar
        once the one in it is accepted).  Changed only through :meth:`set_waiting`, which
        keeps the count beside the input up to date."""

    def placeholder(self) -> str:
        """The bar's hint, with a player and a corporation of the game on screen."""
        example = "buy Amy NYC"
        try:
            session = self.session()
            assert session is not None
            data = session.data
            corp = next(co["id"] for co in data["companies"] if co["kind"] == "corporation")
            example = f"buy {data['players'][0]['name']} {corp}"
        except Exception:  # no game yet: the 1846 example
            pass
        return f"banker script, e.g. {example} — press : to type, Esc to leave"

    def compose(self) -> ComposeResult:
        with Horizontal(id="bar-row"):
            # a Static, not a Label: the same text, without parsing Label's styles (its
            # colour variants: 10 M instructions at every start, issue 21.4)
            yield Static("›", id="prompt")
            yield ScriptInput(
                ScriptSuggester(self.session),
                self.typed,
                placeholder=self.placeholder(),
                id="script",
            )
        yield Static("", id="verdict")

    @property
    def input(self) -> ScriptInput:
        """The input widget."""
        return self.query_one("#script", ScriptInput)

    def verdict(self, text: str | Text) -> None:
        """Show a verdict under the bar."""
        self.verdict_text = Text(escaped(text)) if isinstance(text, str) else text
        # the Text, never the str: a typed line in a refusal is not markup (issue 20.8)
        self.query_one("#verdict", Static).update(self.verdict_text, layout=False)

    def check(self, value: str) -> Text:
        """The game's verdict on a typed line (for a bar word, what Enter opens; for a
        ``check`` line, the check's answer)."""
        session = self.session()
        if not value.strip() or session is None:
            return Text("")
        word = value.strip().lower()
        if word in BAR_WORDS:
            return Text(
                f"Enter opens the {BAR_WORDS[word]} screen (changes nothing)", style="green"
            )
        if is_check(value):
            return self.check_answer(session, value)
        try:
            cmd = parse_line(value)
        except ParseError as exc:
            return Text(f"✗ {exc.message}", style="red")
        if cmd is None:
            return Text("a comment", style="dim")
        why = session.reason(cmd)
        if why is None:
            return Text("✓ the rules accept this — Enter to give it", style="green")
        return Text(f"✗ refused: {why}", style="bold red")

    @staticmethod
    def check_answer(session: Session, value: str) -> Text:
        """A ``check`` line's verdict (``moderator.checker``): the summary, or what form
        is expected while the line is not a check yet."""
        from moderator.checker import check

        try:
            answer = check(session.game, value.strip())
        except Refusal as exc:
            return Text(f"… {exc.message}", style="yellow")
        style = {None: "bold", True: "bold green", False: "bold red"}[answer.verdict]
        return Text(
            f"{answer.summary()} — Enter to see the figures (nothing is journaled)", style=style
        )

    def typed(self, value: str) -> None:
        """Check the line as it is typed (an emptied bar keeps the last verdict)."""
        if value.strip():
            self.verdict(self.check(value))

    def on_input_changed(self, event: Input.Changed) -> None:
        """Already checked as the value changed (:meth:`typed`)."""
        event.stop()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Hand the line to the screen."""
        event.stop()
        self.submit(event.value)

    def submit(self, value: str) -> None:
        """Enter: give the line now (or post it when no ``give`` was set).  A ``:`` that
        starts the line is the bar's own key typed again while the bar stayed open after
        the last line (``: spend MS 10 Enter : spend MS 20 Enter`` in one burst gave
        ``:spend MS 20``, refused as an unknown command): the line is what follows it."""
        if value.lstrip().startswith(":"):
            value = value.lstrip()[1:]
        if not value.strip():
            if self.waiting:
                line, *rest = self.waiting
                self.set_waiting(rest)
                self.input.value = line
                self.input.cursor_position = len(line)
            return
        if self.give is None:
            self.post_message(self.Submitted(self, value))
            return
        reason = self.give(value)
        if reason is None:
            self.accepted(value.strip())
        else:
            self.refused(reason)
            # the keys typed behind the Enter were for what follows the line: typed into
            # the bar they replaced the refused line (``: pass Zed Enter x``); not used
            keys_refused(self.app)

    def give_lines(self, lines: list[str], tail: str, dropped: int = 0) -> None:
        """Give pasted lines in order; a refusal stops them (the refused line stays in
        the bar to be corrected, the rest wait behind it); ``tail`` (text after the last
        newline) stays in the bar when all were accepted.  ``dropped``: how many lines of
        an earlier paste were dropped as these came (the verdict line says so)."""
        for i, line in enumerate(lines):
            if not line.strip():
                continue
            self.input.value = line
            self.input.cursor_position = len(line)
            reason = self.give(line) if self.give is not None else None
            if self.give is None:
                self.post_message(self.Submitted(self, line))
                self.input.value = ""
                continue
            if reason is not None:
                # an earlier paste's lines were dropped as this one came (ScriptInput._on_paste)
                self.set_waiting([x for x in [*lines[i + 1 :], tail] if x.strip()])
                self.refused(reason, dropped)
                return
            self.accepted(line.strip(), advance=False)
        self.input.value = tail
        self.input.cursor_position = len(tail)
        if dropped:
            self.say_dropped(dropped)

    def accepted(self, line: str, advance: bool = True) -> None:
        """The screen accepted the line: clear the bar (or put the next pasted line in it)
        and keep the line for recall."""
        self.input.remember(line)
        nxt = ""
        if advance and self.waiting:
            nxt, *rest = self.waiting
            self.set_waiting(rest)
        self.input.value = nxt
        self.input.cursor_position = len(nxt)
        if is_check(line):
            session = self.session()
            done = self.check_answer(session, line) if session else Text("")
            if done.plain.endswith("(nothing is journaled)"):
                done = Text(
                    done.plain.rsplit(" — ", 1)[0] + " — the figures are in the log",
                    style=done.style,
                )
            self.verdict(done)
            return
        done = Text(f"✓ {line}", style="green")
        if nxt:
            done.append(" — the next pasted line is in the bar", style="dim")
            if self.waiting:
                done.append(f"; {self.wait_note()}", style="dim")
        self.verdict(done)

    def refused(self, reason: str, dropped: int = 0) -> None:
        """The screen refused the line: keep it to be corrected, selected (what is typed
        next replaces it; ← or → keeps it to be edited), and show why (and, for a paste,
        that ``dropped`` lines of an earlier one were dropped)."""
        self.input.select_all()
        text = Text(f"✗ refused: {reason}", style="bold red")
        if dropped:
            text = self.with_dropped(text, self.earlier_dropped(dropped))
        if self.waiting:
            text.append(f" — {self.wait_note()}", style="dim")
        self.verdict(text)

    # ------------------------------------------------------------ pasted lines waiting
    def wait_note(self) -> str:
        """What waits and the keys for it: ``3 pasted lines wait: Enter on an empty bar
        takes the next, Esc drops them``."""
        count = len(self.waiting)
        if count == 1:
            return "1 pasted line waits: Enter on an empty bar takes it, Esc drops it"
        return f"{pasted_lines(count)} wait: Enter on an empty bar takes the next, Esc drops them"

    def set_waiting(self, lines: list[str]) -> None:
        """Keep ``lines`` waiting, and show their count beside the input (the verdict line
        changes as the banker types; the count stays until the lines are taken or
        dropped).  The count's widget is mounted the first time lines wait: a main
        screen that is never pasted into does not pay for it."""
        self.waiting = lines
        shown = self.query("#waiting").results(Static)
        note = next(shown, None)
        if not lines:
            if note is not None:
                note.display = False
            return
        count = len(lines)
        text = Text(f"{pasted_lines(count)} {'waits' if count == 1 else 'wait'} · Esc drops")
        if note is None:
            # after the prompt: at the right end a toast (the refusal's) would cover it
            row = self.query_one("#bar-row", Horizontal)
            row.mount(Static(text, id="waiting"), after="#prompt")
        else:
            note.update(text)
            note.display = True

    def drop_waiting(self, say: bool = True) -> int:
        """Drop the pasted lines that wait (``Esc``, ``ctrl+u``): how many were dropped;
        ``say``: the verdict line says so, after the verdict on what the bar holds."""
        count = len(self.waiting)
        if count:
            self.set_waiting([])
            if say:
                value = self.input.value
                text = self.check(value) if value.strip() else Text("")
                self.verdict(self.with_dropped(text, f"{pasted_lines(count)} dropped"))
        return count

    @staticmethod
    def earlier_dropped(count: int) -> str:
        """``3 earlier pasted lines dropped``."""
        return f"{count} earlier pasted line{'' if count == 1 else 's'} dropped"

    def say_dropped(self, count: int) -> None:
        """After a paste: the verdict line (on what was pasted) adds that ``count`` lines
        of an earlier paste were dropped."""
        self.verdict(self.with_dropped(self.verdict_text.copy(), self.earlier_dropped(count)))

    @staticmethod
    def with_dropped(text: Text, note: str) -> Text:
        """``text`` followed by ``note`` (or the note alone)."""
        if not text.plain:
            return Text(note, style="yellow")
        text.append(f" — {note}", style="yellow")
        return text
