"""What the writer accepts the reader opens, whatever the players are called (the
hardening audit): random games of every title, seated with odd names (quotes, ``#``,
spaces inside, accents composed or not, other scripts, emoji, words of the script),
saved, then opened again by every reader (``Game.load`` with its full check, the saves
list, the table view's follower) to the same state JSON and journal; the script the save
prints plays back to the same state.

Cheap: a few derandomized examples per title (the CI profile), a game of at most 100
commands each.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from conftest import examples
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import moderator.simulate as simulate
from moderator.errors import Refusal
from moderator.follow import SaveFollower
from moderator.game import Game, check_new_players, check_player_name
from moderator.saves_index import summarize
from moderator.script import parse_script, quote
from rulesets import RULESETS

PIECES = [
    "Amy",
    "Zoë",
    "Zoe\u0301",  # the same accent, decomposed
    "O'Neil",
    "李",
    "🚂",
    "#1",
    "a b",
    "Ｂ",
    "ß",
    "phase",
    "by",
    "from",
    "interest",
    "60",
    "-5",
    "$",
    "\\",
    "{}",
    "note",
    "x",
    "\u00e9t\u00e9",
    "Ωmega",
    ":smile:",
    "[red]",
]
"""Bits of names a table might type, or a hostile one would."""

NAME = st.lists(st.sampled_from(PIECES), min_size=1, max_size=3).map("".join)

TEXT = st.one_of(
    st.lists(st.sampled_from([*PIECES, " ", '"', "#", "\u0000", "\\u0000"]), max_size=6).map(
        "".join
    ),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=20),
)
"""A note's or a reason's words: the names' pieces, quotes, comments, NUL and its escape,
or any characters (a control character is refused, and changes nothing)."""

COMMANDS = 100
"""Commands of each game (the simulation's setup counts)."""

TITLES = [RULESETS[key].title for key in RULESETS]


def _seated(title: str, names: list[str]) -> bool:
    """Whether a new game of ``title`` seats ``names`` (the checks the `game` line makes)."""
    try:
        for name in names:
            check_player_name(name)
        check_new_players(names)
        Game.new(title, names)
    except Refusal:
        return False
    return True


def _play(title: str, names: list[str], seed: int, path: Path) -> Game:
    """A random game of ``title`` with ``names`` seated, as the simulation plays it (its
    setup too), saved at ``path``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simulate, "NAMES", tuple(names))
        if title in simulate.TITLES:
            game = simulate.Simulation(
                seed=seed, players=len(names), max_commands=COMMANDS, title=title
            ).run()
        else:  # 1847 Pfalz, RRRR&B: the box values, then the rules' own commands
            game = simulate.legal_game(title, seed, COMMANDS, players=len(names))
    game.save(path)
    return game


@pytest.mark.parametrize("title", TITLES)
def test_odd_names_write_and_read_back_in_every_title(title: str) -> None:
    ruleset = RULESETS[title.upper()]
    low, high = max(3, ruleset.min_players), min(5, ruleset.max_players)

    def body(names: list[str], seed: int, texts: list[tuple[int, str]]) -> None:
        assume(_seated(title, names))
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "game.json"
            game = _play(title, names, seed, path)
            for k, text in texts:  # notes and corrections in odd words, naming odd names
                name = quote(names[k % len(names)])
                line = [f"note {text}", f"adjust {name} {k + 1} {text}", f"note {name}"][k % 3]
                game.execute(line)  # accepted, or refused (an empty text, a comment)
            state = json.dumps(game.state_json(), sort_keys=True)
            journal = list(game.journal)
            script = "\n".join(game.script_lines())
            game.close()

            reopened = Game.load(path)  # the full check, opened for writing
            assert json.dumps(reopened.state_json(), sort_keys=True) == state
            assert reopened.journal == journal
            assert not reopened.notices()
            reopened.close()

            summary = summarize(path)
            assert summary.error is None and summary.commands == len(journal)
            assert list(summary.players) == names

            follower = SaveFollower(path)
            follower.refresh()
            assert json.dumps(follower.state_json(), sort_keys=True) == state

            replayed: Game | None = None
            for line in parse_script(script):
                if replayed is None:
                    replayed = Game.from_command(line.command)
                    continue
                outcome = replayed.execute(line.command)
                assert outcome.ok, (line.number, outcome.message)
            assert replayed is not None
            assert json.dumps(replayed.state_json(), sort_keys=True) == state

    body._hypothesis_internal_add_digest = title.encode()  # type: ignore[attr-defined]
    # the title seeds the draws (as tests/test_invariants.py's run_property): each title
    # meets other names
    settings(max_examples=examples(4))(
        given(
            names=st.lists(NAME, min_size=low, max_size=high),
            seed=st.integers(0, 2**16),
            texts=st.lists(st.tuples(st.integers(0, 20), TEXT), max_size=4),
        )(body)
    )()


@pytest.mark.parametrize("name", ['A"B', '"', 'say "hi"'])
def test_a_name_with_a_double_quote_is_refused(tmp_path: Path, name: str) -> None:
    """No script line can name such a player (the script writes names in double quotes and
    has no way to write one inside): the first command naming him was refused as not
    reading back, so the game stopped at his first turn.  It is refused at the start."""
    with pytest.raises(Refusal, match="double quote"):
        Game.new("1830", [name, "Bob", "Carlos"], path=tmp_path / "g.json")
    assert not (tmp_path / "g.json").exists()


@pytest.mark.parametrize("title", TITLES)
def test_a_name_typed_with_its_accent_apart_is_the_player(tmp_path: Path, title: str) -> None:
    """A name that looks the same is the same player: ``Zoë`` typed with its accent as one
    character (as the new-game form took it) or as two (a Mac's keyboard, a pasted
    script), ``Straße`` as ``STRASSE``.  Was: "no player called 'Zoë'"."""
    path = tmp_path / "game.json"
    game = Game.new(title, ["Zoë", "Straße", "Bob"], path=path)
    box = (*simulate.TABLE_BOX_VALUES, simulate.TABLE_ROWS_3P) if title == "1847Pfalz" else ()
    for line in simulate.TABLE_BOX_VALUES if title == "1847RRRRB" else box:
        assert game.execute(line).ok  # the box's values first (11.1, 12.1)
    cash = {p.name: p.cash for p in game.state.ledger.players}
    for typed, name in (("Zoe\u0308", "Zoë"), ("ZOE\u0308", "Zoë"), ("STRASSE", "Straße")):
        assert game.execute(f"expect {typed} cash {cash[name]}").ok, typed
        outcome = game.execute(f"adjust {typed} 5 typed apart")
        assert outcome.ok, outcome.message
        cash[name] += 5
    assert {p.name: p.cash for p in game.state.ledger.players} == cash
    game.close()
    reopened = Game.load(path, read_only=True)
    assert {p.name: p.cash for p in reopened.state.ledger.players} == cash
    refused = reopened.ruleset.player_name
    with pytest.raises(Refusal) as other:  # another accent: another name
        refused(reopened.state, "Zoe\u0301")
    assert other.value.message == "no player called 'Zoe\u0301'"
