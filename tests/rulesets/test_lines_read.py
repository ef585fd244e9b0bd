"""The lines a player reads say a company and a train as at the table (the "what players
read" audit): the article said aloud (``an IR``, ``an EIR share``, ``an 8``; never ``a IR
10%``), and one name for one company in one sentence (18Chesapeake's draw said ``CO's``
and ``C&O's`` at once)."""

from __future__ import annotations

from pathlib import Path

from moderator.game import Game
from moderator.narrate import narrate

DEMO = Path(__file__).resolve().parents[2] / "moderator" / "demo"


def _said(game: Game, line: str) -> list[str]:
    """``line`` executed in ``game`` and narrated with the title's words."""
    outcome = game.execute(line)
    assert outcome.ok, outcome.message
    return narrate(outcome.command, outcome.events, game.ruleset.currency, game.title)


def _demo_until(title: str, stop: str) -> Game:
    """The demo of ``title`` played up to (not including) its line ``stop`` (whole if it has
    none)."""
    text = (DEMO / f"demo-{title}.script").read_text(encoding="utf-8")
    lines = [x.split("#")[0].strip() for x in text.splitlines()]
    lines = [x for x in lines if x] + [stop]
    game = Game.new(lines[0].split()[1], lines[0].split()[2:])
    for line in lines[1 : lines.index(stop)]:
        assert game.execute(line).ok, line
    return game


def test_1889_an_exchange_reads_10_percent_of_ir() -> None:
    game = _demo_until("1889", "exchange Amy DR")
    lines = _said(game, "exchange Amy DR")
    assert "DR closes: exchanged for 10% of IR (facts §2)" in lines, lines


def test_18chesapeake_the_draw_names_c_and_o_once() -> None:
    game = Game.new("18Chesapeake", ["Amy", "Bob", "Cy"])
    lines = _said(game, "vanderbilt CO")
    assert lines == [
        "C&O's president's certificate comes with CV: its buyer announces its par, free (§7.1)"
    ]


def test_1853_a_share_bought_reads_an_eir_share() -> None:
    text = (DEMO / "demo-1853.script").read_text(encoding="utf-8")
    lines = [x.split("#")[0].strip() for x in text.splitlines()]
    lines = [x for x in lines if x]
    game = Game.new("1853", lines[0].split()[2:])
    for line in lines[1:]:
        if line.startswith("buy ") and line.split()[2] == "EIR":
            outcome = game.execute(line)  # the cash line's reason, as the history shows it
            assert outcome.ok, outcome.message
            reasons = [getattr(e, "reason", "") for e in outcome.events]
            assert any(x.startswith("buys an EIR share") for x in reasons), reasons
            return
        assert game.execute(line).ok, line
    raise AssertionError("the 1853 demo buys no EIR share")


def test_1847ae_refusals_say_director_and_an_exchange() -> None:
    """The 1847 rules' Director in a refusal (6.8.2), and the article before a verb said
    aloud: "before an `exchange`", never "a `exchange`"."""
    game = _demo_until("1847ae", "__end__")
    refused = game.execute("bankrupt Amy")
    assert not refused.ok
    assert refused.message.startswith("Amy can go bankrupt only as director of a corporation")
    refused = game.execute("exchange Amy R")
    assert not refused.ok and "has not run yet before an `exchange`" in refused.message


def test_the_banks_notes_begin_with_a_capital_as_every_line() -> None:
    """The log's lines begin with a capital ("The bank pays", "Priority deal goes to"); the
    notes of the sale's end and of 1847 AE's starting package began lower case."""
    game = _demo_until("1847ae", "__end__")
    notes = [e.text for entry in game.journal for e in entry.events if type(e).__name__ == "Noted"]
    starts = [n for n in notes if "starting package" in n]
    assert starts and all(n[0].isupper() for n in starts), starts
    game = _demo_until("1830", "__end__")
    notes = [e.text for entry in game.journal for e in entry.events if type(e).__name__ == "Noted"]
    assert any(n.startswith("Every private company is sold: shares are on sale") for n in notes)
