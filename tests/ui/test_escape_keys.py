"""``Esc`` is ``Esc`` in a burst (issue 37.2).

Typed fast, Esc and the key after it reach Textual's terminal parser within its escape
delay, and it read them as Alt+key: in the 1846 demo ``r 5 0 Esc r 6 0 Enter``
journaled ``run PRR 5060 full`` and ``t Esc d`` left the train list open.  moderator
binds no Alt key: ``moderator.ui.escapekey`` makes the parser read ``ESC`` and a
character that begins no sequence as Esc and the key, and the app hands out an
``alt+KEY`` no binding takes as ``escape`` then ``KEY``.

The parser is tested on raw bytes (the events it yields, and those events typed into
the app); the app with the ``alt+KEY`` events Textual's parser makes (as a terminal
that reports Alt does), in every dialog and screen a key of the main screen opens.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from test_same_keys import demo
from textual import events
from textual._xterm_parser import XTermParser
from textual.pilot import Pilot
from ui_helpers import running, saved_lines, send_burst, settle

from moderator.ui.app import ModeratorApp
from moderator.ui.escapekey import EscapeFirstParser, install, unbound_alt
from moderator.ui.screens.dialogs import ChoiceDialog, RunDialog
from moderator.ui.screens.main import MainScreen


def parsed(parser: XTermParser, *chunks: str) -> list[events.Key]:
    """The key events ``parser`` yields for ``chunks`` read one after the other, then
    after the escape delay."""
    out = [e for chunk in chunks for e in parser.feed(chunk)]
    time.sleep(0.12)  # past ESCDELAY (100 ms): what the driver's tick then yields
    out += list(parser.tick())
    return [e for e in out if isinstance(e, events.Key)]


def names(keys: list[events.Key]) -> list[str]:
    return [k.key for k in keys]


@pytest.mark.parametrize(
    ("data", "textual", "ours"),
    [
        ("r50\x1br60\r", "r 5 0 alt+r 6 0 enter", "r 5 0 escape r 6 0 enter"),
        ("t\x1bd", "t alt+d", "t escape d"),
        ("\x1b5", "infinity", "escape 5"),  # a Mac's Alt+5
        ("\x1bb", "ctrl+left", "escape b"),
        ("\x1b\r", "enter", "escape enter"),  # the Esc was lost
        ("ab\x1bc\x1bd", "a b circumflex_accent c alt+d", "a b escape c escape d"),
        ("\x1b", "escape", "escape"),
        ("\x1b\x1bx", "escape alt+x", "escape escape x"),
        ("\x1b[A\x1bOB", "up down", "up down"),  # the keys' own sequences are kept
        ("\x1b[1;5D", "ctrl+left", "ctrl+left"),
        # ``[`` and the string introducers after Esc: Textual lost the Esc (round 4)
        ("\x1b[r6", "left_square_bracket r 6", "escape left_square_bracket r 6"),
        ("\x1b[2\r", "left_square_bracket 2 enter", "escape left_square_bracket 2 enter"),
        ("\x1b]r", "right_square_bracket r", "escape right_square_bracket r"),
        ("\x1b_x", "underscore x", "escape underscore x"),
        ("\x1b^x", "circumflex_accent x", "escape circumflex_accent x"),
        ("\x1b\\x", "backslash x", "escape backslash x"),
        ("\x1bPx", "alt+shift+p x", "escape P x"),
        ("\x1b[", "left_square_bracket", "escape left_square_bracket"),
        ("\x1béx", "alt+é x", "escape é x"),  # a letter of two bytes
        # the sequences of keys, mouse and reports are Textual's
        ("\x1b[5~x", "pageup x", "pageup x"),
        ("\x1b[[A", "f1", "f1"),
        ("\x1b[Z", "shift+tab", "shift+tab"),
        ("\x1b[27u", "escape", "escape"),  # the kitty protocol's Esc
        ("\x1bOB", "down", "down"),
    ],
)
def test_the_parser_reads_esc_then_a_key_as_both(data: str, textual: str, ours: str) -> None:
    assert names(parsed(XTermParser(), data)) == textual.split()
    assert names(parsed(EscapeFirstParser(), data)) == ours.split()


def test_an_esc_at_the_end_of_one_read_and_a_key_in_the_next() -> None:
    assert names(parsed(EscapeFirstParser(), "r50\x1b", "r60\r")) == (
        "r 5 0 escape r 6 0 enter".split()
    )


@pytest.mark.parametrize(
    ("chunks", "ours"),
    [
        (("r50\x1b[", "r60\r"), "r 5 0 escape left_square_bracket r 6 0 enter"),
        (("\x1b", "[A", "x"), "up x"),
        (("\x1b[1;", "5D"), "ctrl+left"),
        (("\x1b[", "\x1b[A"), "escape left_square_bracket up"),
    ],
)
def test_a_csi_read_in_two_parts(chunks: tuple[str, ...], ours: str) -> None:
    """``ESC [`` is held until what follows tells a key's sequence from keys typed after
    an Esc, across reads too."""
    assert names(parsed(EscapeFirstParser(), *chunks)) == ours.split()


def test_esc_bracket_then_nothing_is_both_keys_after_the_delay() -> None:
    """``Esc [`` typed and nothing after: once the escape delay is over, the driver's tick
    hands out Esc and ``[`` (Textual's parser gave ``[`` alone)."""
    parser = EscapeFirstParser()
    assert list(parser.feed("\x1b[")) == []
    assert list(parser.tick()) == []  # within the delay: still waiting
    time.sleep(0.12)
    assert names([e for e in parser.tick() if isinstance(e, events.Key)]) == [
        "escape",
        "left_square_bracket",
    ]
    assert names(list(parser.feed("x"))) == ["x"]


def test_a_mouse_event_and_a_report_pass_as_before() -> None:
    for data, kind in (
        ("\x1b[<0;5;5M", events.MouseDown),
        ("\x1b[12;3R", events.CursorPosition),
        ("\x1b[I", events.AppFocus),
    ):
        out = list(EscapeFirstParser().feed(data))
        assert [type(e) for e in out] == [kind], data


@pytest.mark.parametrize(
    ("chunks", "ours"),
    [
        (("r60\n",), "r 6 0 enter"),  # the terminal's CR-to-LF before Textual set it
        (("r60\r\n",), "r 6 0 enter"),  # one Enter sent as CR LF commits once
        (("r60\r", "\nd"), "r 6 0 enter d"),  # ... across two reads too
        (("\n\n",), "enter enter"),
        (("\x1b\n",), "escape enter"),
    ],
)
def test_a_line_feed_typed_is_enter(chunks: tuple[str, ...], ours: str) -> None:
    assert names(parsed(XTermParser(), "r60\n")) == "r 6 0 ctrl+j".split()  # Textual's
    assert names(parsed(EscapeFirstParser(), *chunks)) == ours.split()


def test_a_line_feed_inside_a_paste_stays_in_the_paste() -> None:
    paste = "\x1b[200~pass Ann\npass Bob\x1b[201~\n"
    out = list(EscapeFirstParser().feed(paste))
    assert [e.text for e in out if isinstance(e, events.Paste)] == ["pass Ann\npass Bob"]
    assert names([e for e in out if isinstance(e, events.Key)]) == ["enter"]


def test_a_paste_is_read_as_textual_reads_it() -> None:
    paste = "\x1b[200~run PRR 90\x1b[201~"
    ours = [e for e in EscapeFirstParser().feed(paste) if isinstance(e, events.Paste)]
    assert [e.text for e in ours] == ["run PRR 90"]


def test_the_terminal_driver_reads_keys_with_the_parser() -> None:
    from textual.drivers import linux_driver

    install(linux_driver.LinuxDriver)
    assert linux_driver.XTermParser is EscapeFirstParser
    install(linux_driver.LinuxDriver)  # twice: the same
    assert linux_driver.XTermParser is EscapeFirstParser


def test_an_alt_key_some_binding_takes_is_kept() -> None:
    key = events.Key("alt+backspace", None)
    assert unbound_alt(key, ["alt+backspace"]) is None
    split = unbound_alt(key, [])
    assert split is not None and names(split) == ["escape", "backspace"]
    shifted = unbound_alt(events.Key("alt+shift+r", "R"), [])
    assert shifted is not None and [(k.key, k.character) for k in shifted][1] == ("R", "R")
    assert unbound_alt(events.Key("r", "r"), []) is None


async def test_r_5_0_esc_r_6_0_enter_runs_60(tmp_path: Path) -> None:
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "r", "5", "0", "alt+r", "6", "0", "enter")
        assert saved_lines(path)[len(before) :] == ["run PRR 60 full"]
        assert isinstance(app.screen, MainScreen)


async def test_the_raw_bytes_of_the_burst_run_60(tmp_path: Path) -> None:
    """The bytes a terminal sends for ``r 5 0 Esc r 6 0 Enter``, read by the parser the
    app's driver uses, then typed into the app."""
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        for key in parsed(EscapeFirstParser(), "r50\x1br60\r"):
            key.set_sender(app)
            app.post_message(key)
        await settle(pilot)
        assert saved_lines(path)[len(before) :] == ["run PRR 60 full"]


@pytest.mark.parametrize("between", ["[", "]", "_", "\\"])
async def test_esc_then_a_bracket_in_the_run_dialog(tmp_path: Path, between: str) -> None:
    """Round 4: ``r 5 0 Esc [ r 6 0 Enter`` typed fast: Textual's parser lost the Esc
    before ``[`` (and ``] _ ^ \\``: they begin a terminal's string replies, ``[`` a key's
    sequence) and the dialog, still open, asked "Give run PRR 5060 full?"; now the Esc
    closes the dialog and ``[`` is a key that does nothing on the main screen: since the
    eighth keys round it rings and the keys typed behind it are not used (it was dropped
    silently and ``r 6 0 Enter`` ran 60); typed after its toast, ``r 6 0 Enter`` runs 60."""
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        textual = names(parsed(XTermParser(), f"r50\x1b{between}r60\r"))
        assert "escape" not in textual
        for key in parsed(EscapeFirstParser(), f"r50\x1b{between}r60\r"):
            key.set_sender(app)
            app.post_message(key)
        await settle(pilot)
        assert saved_lines(path) == before  # no run of 5060, and none behind the `[`
        assert isinstance(app.screen, MainScreen)
        said = [n.message for n in app._notifications]
        assert any(f"{between!r} is no key here" in m for m in said), said
        for key in parsed(EscapeFirstParser(), "r60\r"):
            key.set_sender(app)
            app.post_message(key)
        await settle(pilot)
        assert saved_lines(path)[len(before) :] == ["run PRR 60 full"]


async def test_t_esc_d_closes_the_train_list(tmp_path: Path) -> None:
    """``t Esc d``: the list closes, and ``d`` is the main screen's (PRR's done, or the
    rules' refusal of it, said in the log); nothing is bought."""
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "t", "alt+d")
        assert isinstance(app.screen, MainScreen)
        assert saved_lines(path)[len(before) :] in ([], ["done PRR"])
        assert not any(line.startswith("train") for line in saved_lines(path)[len(before) :])


OPENERS = ["r", "e", "t", "l", "c", "h", "f", "w", "g", "question_mark", "colon", "ctrl+o"]
"""Keys of the 1846 demo's main screen that open a dialog, a screen or the bar."""
DIALOGS = {"r", "e", "t", "l", "c"}
"""Those of :data:`OPENERS` that open a dialog (every key of it a priority binding)."""
CHARS = {"question_mark": "?", "colon": ":", "escape": "\x1b", "enter": "\r"}


async def typed(pilot: Pilot[None], *keys: str) -> None:
    """The keys (Textual's names) all at once, as a terminal's burst."""
    app = pilot.app
    for key in keys:
        event = events.Key(key, CHARS.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app.post_message(event)
    await settle(pilot)


def seen(app: ModeratorApp) -> tuple[str, ...]:
    """What is open: the screens, the focused widget, a list's filter, an amount."""
    top = app.screen
    shown = [type(s).__name__ for s in app.screen_stack]
    extra = ""
    if isinstance(top, ChoiceDialog):
        extra = f"typed {top.typed!r} missed {top.missed!r}"
    if isinstance(top, RunDialog):
        extra = f"amount {top.amount}"
    return (*shown, type(app.focused).__name__, extra)


@pytest.mark.parametrize("key", OPENERS)
async def test_esc_typed_at_once_after_each_opener(tmp_path: Path, key: str) -> None:
    """``KEY Esc KEY`` with the Esc read as Alt+KEY does what ``KEY Esc KEY`` does, and
    nothing is committed; where ``KEY`` opens a dialog, that is the dialog open once,
    as ``KEY`` alone leaves it (its filter empty, its amount as filled in)."""
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await typed(pilot, key)
        alone = seen(app)
        await typed(pilot, "escape", "escape", "escape")
        await typed(pilot, key, "escape", key)
        plain = seen(app)
        await typed(pilot, "escape", "escape", "escape")
        await typed(pilot, key, f"alt+{key}")
        assert seen(app) == plain
        if key in DIALOGS:
            assert plain == alone
        await typed(pilot, "escape", "escape", "escape")
        assert saved_lines(path) == before
        assert isinstance(app.screen, MainScreen)


async def test_esc_mid_burst_in_a_list_narrowed(tmp_path: Path) -> None:
    """1846 demo, OR: ``l r u Esc l``: the list of every legal command is open again,
    narrowed by nothing."""
    path = await demo(tmp_path)
    async with running(tmp_path) as (app, pilot):
        before = saved_lines(path)
        await send_burst(pilot, "l", "r", "u", "alt+l")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.typed == "" and not dialog.missed
        await send_burst(pilot, "escape")
        assert saved_lines(path) == before


def test_the_app_has_no_alt_binding() -> None:
    """What makes Esc-then-key safe to assume everywhere: no key of the app is an Alt one
    (Textual's input's ``alt+backspace`` is kept, being bound)."""
    from moderator.ui.keys import UI_COMMANDS

    assert not any("alt+" in cmd.key for cmd in UI_COMMANDS)
    assert not any("alt+" in b.key for b in ModeratorApp.BINDINGS)  # type: ignore[union-attr]
