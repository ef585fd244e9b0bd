"""Rules level 4 (moderator.fixes): the 1817, 1889 and 18Chesapeake audits' fixes that
change how an accepted command plays.  main 59e9e7d played these titles at level 3, so
saves of them may exist: a level-3 game plays each position the old way, a level-4 game
the new way, and a level-3 save whose entries today's rules settle differently opens as
recorded and names the entry and the fix (as tests/core/test_saves_upgrade.py for the
older fixes).

The old figures are main 59e9e7d's: every 1817, 1889, 18Chesapeake and 1830 script of
tests/scripts and shared/examples was played there and here at level 3, command by
command, with the same events (reasons included) wherever main accepted the command.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SCRIPTS

from moderator.fixes import FIXES, RULES_LEVEL, fixes_between
from moderator.game import Game
from moderator.script import parse_script

PHASE_3 = "game 1817 Amy Bob Cat\n" + "pass Amy\npass Bob\npass Cat\n" * 4
"""1817 with no private sold: stock round 4 in phase 3 (tests/rulesets/test_g1817_audit)."""

FORCED = (SCRIPTS / "1889-forced-train.script").read_text(encoding="utf-8").split("sell Cy KO 2")[0]
"""1889: KO (¥50, no train) must buy one in OR 2.1, Cy its president short (facts §9)."""

LEVEL_4 = (
    "1817-§8",
    "1817-§7",
    "1889-§9",
    "1889-§6",
    "1889-§5",
    "18Chesapeake-§5",
    "1889-§5-pass",
    "18Chesapeake-§5-pass",
)


def _play(text: str, level: int) -> Game:
    """Play a script at rules ``level``, every line accepted."""
    game: Game | None = None
    for line in parse_script(text):
        if game is None:
            cmd = line.command
            game = Game.new(cmd.title, list(cmd.players), rules_level=level)  # type: ignore[attr-defined]
            continue
        outcome = game.execute(line.command)
        assert outcome.ok, f"level {level}: `{line.text}` refused: {outcome.message}"
    assert game is not None
    return game


def _reopened(game: Game, tmp_path: Path) -> Game:
    """``game`` saved and opened again (read-only)."""
    path = tmp_path / "level3.json"
    game.save(path)
    game.close()
    return Game.load(path, read_only=True)


def _tells(game: Game, tmp_path: Path, line: str, ident: str) -> None:
    """Saved at level 3 and opened today: it replays as recorded at level 3, and the notice
    names ``line`` (the last entry) as the first that today's rules settle differently,
    and the fix ``ident`` under its title and facts section."""
    entries, state = len(game.journal), game.state_json()
    loaded = _reopened(game, tmp_path)
    assert loaded.rules_level == 3 and len(loaded.journal) == entries
    assert loaded.state_json() == state
    difference = loaded.rules_difference
    assert difference is not None and difference.line == line and difference.number == entries
    assert FIXES[ident] in difference.fixes
    (notice,) = loaded.notices()
    fix = FIXES[ident]
    assert f"{line}" in notice and f"{fix.rule}: {fix.summary}" in notice


def test_the_level_4_rows() -> None:
    assert RULES_LEVEL >= 4  # level 5 and later: their own tests
    assert {i for i, f in FIXES.items() if f.level == 4} == set(LEVEL_4)
    assert [f.ident for f in fixes_between("1830", 3, 8)] == []  # 1830's sale is unchanged
    assert {f.ident for f in fixes_between("1889", 3, 4)} == {i for i in LEVEL_4 if "1889" in i}
    for ident in LEVEL_4:
        assert FIXES[ident].rule.startswith("facts §"), ident


def test_1817_facts_8_treasury_shares_rounded_up_from_level_4(tmp_path: Path) -> None:
    """GT, 5 shares, runs $133: $26.60 a share; Amy's 2 shares $54 at every level; GT's
    3 treasury shares 3 x $26 = $78 at level 3 (main 59e9e7d), $80 rounded up at 4."""
    text = PHASE_3 + "ipo Amy GT 300 5\npass Bob\npass Cat\npass Amy\ntrain GT 3\ndone GT\n"
    for level, treasury in ((3, 78), (4, 80)):
        game = _play(text + "run GT 133\n", level)
        assert game.state.company("GT").cash == treasury
        assert game.state.ledger.player("Amy").cash == 420 - 300 + 54
    _tells(_play(text + "run GT 133\n", 3), tmp_path, "run GT 133", "1817-§8")


ACQUISITION = (
    PHASE_3 + "ipo Amy GT 100 5\nipo Bob UR 400 2\npass Cat\nloan GT 3\npass Bob\npass Cat\n"
    "pass Amy\ntrain UR 3\ndone UR\n"
)
"""GT, par $50, three loans: the last acquisition cell; OR 4.1: UR buys a 3 (the test of
tests/rulesets/test_g1817_audit.py)."""


def test_1817_facts_7_moves_between_the_acquisition_cells_from_level_4(tmp_path: Path) -> None:
    """GT withholds in the acquisition zone ($0 cells): at level 3 (main 59e9e7d) the
    marker stays where the price stays, and a later $40 run takes it out of the zone to
    $40; at level 4 it moves left, and the $40 run brings it back to a $0 cell."""
    after = "train GT 3\ndone GT\nrun UR 0\ndone UR\nrun GT 40\n"
    old, new = _play(ACQUISITION + after, 3), _play(ACQUISITION + after, 4)
    assert (old.state.market.position["GT"], old.state.price("GT")) == (4, 40)
    assert (new.state.market.position["GT"], new.state.price("GT")) == (3, 0)
    # the first entry settled differently: GT's withhold as it buys its train (OR 4.1)
    _tells(_play(ACQUISITION + "train GT 3\n", 3), tmp_path, "train GT 3", "1817-§7")


def test_1889_facts_9_no_train_from_another_corporation_from_level_4(tmp_path: Path) -> None:
    """Cy sells a KO share toward KO's train; KO then buys IR's 2 for ¥50: accepted at level
    3 (main 59e9e7d), refused at level 4 (facts §9)."""
    line = "train KO 2 from IR 50"
    old = _play(FORCED + "sell Cy KO 1\n" + line + "\n", 3)
    assert [t.card for t in old.state.company("KO").trains] == ["2"]
    new = _play(FORCED + "sell Cy KO 1\n", 4)
    outcome = new.execute(line)
    assert not outcome.ok and "(facts §9)" in outcome.message
    _tells(old, tmp_path, line, "1889-§9")


def test_1889_facts_6_forced_sales_of_one_corporation_one_block_from_level_4(
    tmp_path: Path,
) -> None:
    """Cy sells KO twice toward KO's train: accepted at level 3 (main 59e9e7d), where he
    then may not go bankrupt; at level 4 the second sale is refused and, KO left out of
    what he may still raise, he goes bankrupt (facts §6, §9)."""
    old = _play(FORCED + "sell Cy KO 1\nsell Cy KO 1\n", 3)
    refused = old.execute("bankrupt Cy")
    assert not refused.ok and "can still raise" in refused.message
    new = _play(FORCED + "sell Cy KO 1\n", 4)
    outcome = new.execute("sell Cy KO 1")
    assert not outcome.ok and "(facts §6, §9)" in outcome.message
    assert new.execute("bankrupt Cy").ok
    _tells(_play(FORCED + "sell Cy KO 1\nsell Cy KO 1\n", 3), tmp_path, "sell Cy KO 1", "1889-§6")


PRIORITY_AFTER_SALE = {
    # title: (script ending with the last private sold, its last line, level 3, level 4)
    "1889": (
        "game 1889 One Two Three Four Five\nbid One DR 65\nbid Two SMR 55\nbid Three MF 35\n"
        "bid Four UTF 155\nbid Five SIR 85\nbid One SMR 60\nbid Two ER 45\nbuy Three TER\n"
        "bid Two SMR 65\npass One\n",
        "pass One",
        "Five",
        "Four",
    ),
    "18Chesapeake": (
        "game 18Chesapeake Amy Bob Cy\nvanderbilt CO\nbuy Amy DR\nbid Bob CV 205\n"
        "bid Cy CV 210\nbuy Amy CP\nbuy Bob BS\nbuy Cy COC\nbuy Amy BOR\npass Bob\n",
        "pass Bob",
        "Amy",
        "Bob",
    ),
}


@pytest.mark.parametrize("title", sorted(PRIORITY_AFTER_SALE))
def test_facts_5_priority_after_the_sale_from_level_4(title: str, tmp_path: Path) -> None:
    """The last private goes by an auction after a purchase in turn: at level 3 (main
    59e9e7d, as 1830 7.0) the priority goes left of the auction's winner, at level 4 left
    of the last player who acted in turn (facts §5)."""
    text, last, old, new = PRIORITY_AFTER_SALE[title]
    assert _play(text, 3).state_json()["priority"] == old
    assert _play(text, 4).state_json()["priority"] == new
    _tells(_play(text, 3), tmp_path, last, f"{title}-§5")


ROUND_OF_PASSES = {
    "1889": "game 1889 Amy Bob Cy\nbuy Amy TER\nbid Bob SIR 85\npass Cy\npass Amy\npass Bob\n",
    "18Chesapeake": "game 18Chesapeake Amy Bob Cy\nvanderbilt CO\nbuy Amy DR\nbid Bob CV 205\n"
    "pass Cy\npass Amy\npass Bob\n",
}


@pytest.mark.parametrize("title", sorted(ROUND_OF_PASSES))
def test_facts_5_play_after_a_round_of_passes_from_level_4(title: str, tmp_path: Path) -> None:
    """Amy got a private, Bob bids, then everybody passes: at level 3 (main 59e9e7d) play
    and the priority go on left of Amy, who got a private last (Bob); at level 4 left of
    Bob, the last to pass (Cy; facts §5)."""
    text = ROUND_OF_PASSES[title]
    for level, player in ((3, "Bob"), (4, "Cy")):
        game = _play(text, level)
        assert game.state.current_player == player
        assert game.state_json()["priority"] == player
    _tells(_play(text, 3), tmp_path, "pass Bob", f"{title}-§5-pass")


def test_a_level_3_save_replaying_the_same_moves_to_level_4(tmp_path: Path) -> None:
    """A level-3 1889 save none of whose entries today's rules settle differently opens
    silently and plays on at level 4."""
    loaded = _reopened(_play("game 1889 Amy Bob Cy\nbuy Amy TER\nbuy Bob MF\n", 3), tmp_path)
    assert loaded.rules_difference is None and loaded.notices() == []
    assert loaded.rules_level == RULES_LEVEL
