"""Saves outlive rules fixes (issue 20.7): a save recorded before a fix opens as recorded,
names the first entry today's rules settle differently and the fix, and is upgraded by a
rewind to before it.

The fixtures ``tests/core/data/level0-*.json`` were written at 17:48-17:49 UTC on the day
of issue 20 by commit 16a3731 (a clone of it, run with ``python -m moderator.cli play
--save``), before the rules fixes of issue 19 landed; they have no rules level in their
header (format 2), so they are level 0:

* ``level0-1847ae-bankrupt-without-sales.json``: ``tests/scripts/1847ae-forced-bankrupt.script``
  without B's forced sale (``sell B L 1``), stopping at ``bankrupt B`` (entry 29), which
  that build accepted with B still holding his L share (1847 AE 6.8.2). Since rules level
  14 its entry 22, `spend L 400`, is the first difference: a turn pays no more than two
  tiles' terrain and a station (6.2-6.5, ``1847AE-6.2-costs``; the script was reworked).
* ``level0-1853-credit-train-auto-paid.json``: ``tests/scripts/1853-managers.script`` whole;
  entry 40, ``buy Bo NWR pool``, makes Bo NWR's director and he pays the £80 still owed on
  its credit train automatically (1853 4.8.10: today he chooses to buy it or return it).
* ``level0-1853-first-sr-pool-share-bought.json``: the managers script's setup, then in
  stock round 1 Dan sells an NWR share to the pool and Ann buys it from the pool (entry
  28; 1853 2.8.1: today it stays there until the next stock round).
* ``level0-1846-plain.json``: the first 39 commands of the rulebook example (no fix of 1846).

Verified by hand (the same day, with the rules helpers' fixes in the working tree):
``moderator state`` on each printed the warning naming entry 29 (1847 AE 6.8.2: today B's
L share goes to the pool before he is bankrupt), entry 40 (today the turn passes where the
save records Bo paying £80; 1853 4.8.10 and 2.8.1 named, both being 1853 fixes of level 1)
and entry 28 (today refused, citing 2.8.1); the 1846 save opened with no warning.  The
tests below check the same whether or not a fix has landed: each replays its entry at
today's level through another path (:meth:`Game.preview`) and expects the notice exactly
when that differs.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import SCRIPTS

from moderator.cli import main
from moderator.events import CashMoved, Noted, Passed, TurnStarted
from moderator.fixes import FIXES, RULES_LEVEL, fixes_between
from moderator.game import Game, _event_difference, _rules_view
from moderator.journal import FORMAT_VERSION
from rulesets import title_name

DATA = Path(__file__).parent / "data"

FIXTURES = {
    # name: (entries, the entry a fix changes, the fix)
    # entry 22, `spend L 400`: beyond a turn's costs from level 14 (6.2-6.5), before the
    # `bankrupt B` of entry 29 that 6.8.2 settles differently (level 1)
    "level0-1847ae-bankrupt-without-sales.json": (29, 22, "1847AE-6.2-costs"),
    "level0-1853-credit-train-auto-paid.json": (46, 40, "1853-4.8.10"),
    "level0-1853-first-sr-pool-share-bought.json": (32, 28, "1853-2.8.1"),
}


def _copy(name: str, tmp_path: Path) -> Path:
    path = tmp_path / name
    shutil.copyfile(DATA / name, path)
    return path


def _today_differs(game: Game, number: int) -> bool:
    """Whether today's rules settle entry ``number`` of ``game`` differently: a game at
    today's level plays the entries before it, then previews it (not the load's loop)."""
    today = Game.new(game.title, [*game.players, *game.options])
    for entry in game.journal[: number - 1]:
        outcome = today.execute(entry.command)
        assert outcome.ok, (entry.line, outcome.message)
    entry = game.journal[number - 1]
    preview = today.preview(entry.command)
    if isinstance(preview, str):
        return True
    return _rules_view(preview) != _rules_view(entry.events)


def _level_ok(game: Game) -> bool:
    """A level-0 save plays on at level 0 while today's rules differ from it, and at
    today's level once it is known to replay the same under them."""
    return game.rules_level == (0 if game.rules_difference is not None else RULES_LEVEL)


def _header(path: Path) -> dict[str, object]:
    return json.loads(path.read_bytes().split(b"\n", 1)[0])


def test_the_fixtures_are_level_0_saves() -> None:
    for name in [*FIXTURES, "level0-1846-plain.json"]:
        head = _header(DATA / name)
        assert head["format_version"] == 2 and "rules_level" not in head, name


def test_the_1847ae_fixture_opens_as_recorded() -> None:
    """B went bankrupt with his L share still in hand (the old reading): the game ended."""
    game = Game.load(DATA / "level0-1847ae-bankrupt-without-sales.json", read_only=True)
    assert _level_ok(game) and len(game.journal) == 29
    assert game.journal[-1].line == "bankrupt B"
    state = game.state_json()
    players = {p["name"]: p for p in state["players"]}
    assert players["B"]["cash"] == 60 and players["B"]["shares"] == {"L": 10, "Saar": 20}
    assert state["result"] is not None


def test_the_1853_credit_train_fixture_opens_as_recorded() -> None:
    """Bo became NWR's director and paid the £80 owed at once (the old reading)."""
    game = Game.load(DATA / "level0-1853-credit-train-auto-paid.json", read_only=True)
    assert _level_ok(game) and len(game.journal) == 46
    paid = [e for e in game.journal[39].events if isinstance(e, CashMoved)]
    assert [(e.source, e.amount) for e in paid] == [("Bo", 71), ("Bo", 80)]  # share, debt
    nwr = next(c for c in game.state_json()["companies"] if c["id"] == "NWR")
    assert (nwr["president"], nwr["credit_debt"]) == ("Bo", 0)


def test_the_1853_first_stock_round_fixture_opens_as_recorded() -> None:
    """Ann bought the share Dan sold to the pool in stock round 1 (the old reading)."""
    game = Game.load(DATA / "level0-1853-first-sr-pool-share-bought.json", read_only=True)
    assert _level_ok(game) and len(game.journal) == 32
    assert (game.journal[27].line, game.journal[27].round) == ("buy Ann NWR pool", "SR 1")
    ann = next(p for p in game.state_json()["players"] if p["name"] == "Ann")
    assert ann["shares"]["NWR"] == 20


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_a_level_0_save_names_the_entry_and_the_rule(name: str) -> None:
    """The notice names the entry, its line, what differs and the fix (every fix of the
    title between the save's level and today's), once the fix's code differs."""
    entries, number, ident = FIXTURES[name]
    game = Game.load(DATA / name, read_only=True)
    assert len(game.journal) == entries
    fix = FIXES[ident]
    if not _today_differs(game, number):  # the fix has not landed (or reads it the same)
        assert game.rules_difference is None and game.notices() == []
        assert game.rules_level == RULES_LEVEL, "replayed the same: today's level"
        return
    difference = game.rules_difference
    assert difference is not None and difference.number == number
    assert fix in difference.fixes
    assert set(difference.fixes) == set(fixes_between(game.title, 0))
    assert game.rules_level == 0, "played on under its own rules"
    (notice,) = game.notices()
    line = game.journal[number - 1].line
    assert f"journal entry {number} (`{line}`" in notice
    assert f"{title_name(fix.title)} {fix.rule}: {fix.summary}" in notice  # "1847 AE 6.8.2"
    assert f"rewind to entry {number - 1}" in notice


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_state_prints_the_notice(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, number, _ = FIXTURES[name]
    assert main(["state", str(DATA / name)]) == 0
    captured = capsys.readouterr()
    err = " ".join(captured.err.split())  # wrapped to the width (issue 38.4)
    game = Game.load(DATA / name, read_only=True)
    if game.rules_difference is None:
        assert "older rules" not in err
    else:
        assert f"warning: {DATA / name}: played under older rules" in err
        assert f"journal entry {number} " in err
        assert all(len(line) <= 100 for line in captured.err.splitlines())


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_a_level_0_save_plays_on_under_its_rules_until_upgraded(name: str, tmp_path: Path) -> None:
    """A command added to an old-level game keeps its level (the header too) when today's
    rules differ; the notice stays until the banker upgrades."""
    path = _copy(name, tmp_path)
    with Game.load(path) as game:
        level = game.rules_level
        assert game.execute("note played on").ok
    assert _header(path)["rules_level"] == level
    again = Game.load(path, read_only=True)
    assert again.rules_level == level
    assert (again.rules_difference is None) == (level == RULES_LEVEL)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_upgrading_rewinds_to_before_the_difference(name: str, tmp_path: Path) -> None:
    """``upgrade`` (a rewind to just before the first difference) plays on under today's
    rules: the save is rewritten at today's level, the full journal kept in a backup that
    still opens at its old level."""
    entries, number, _ = FIXTURES[name]
    path = _copy(name, tmp_path)
    original = path.read_bytes()
    with Game.load(path) as game:
        if game.rules_difference is None:  # the fix has not landed: nothing to upgrade
            assert game.upgrade() is None
            return
        backup = game.upgrade()
        assert backup is not None
        assert len(game.journal) == number - 1
        assert game.rules_level == RULES_LEVEL and game.rules_difference is None
    head = _header(path)
    assert (head["format_version"], head["rules_level"]) == (FORMAT_VERSION, RULES_LEVEL)
    upgraded = Game.load(path, read_only=True)
    assert upgraded.rules_level == RULES_LEVEL and upgraded.notices() == []
    assert len(upgraded.journal) == number - 1
    kept = Game.load(backup, read_only=True)  # in today's format, at level 0
    assert (kept.rules_level, len(kept.journal)) == (0, entries)
    assert kept.rules_difference is not None
    assert [e.line for e in kept.journal] == [
        json.loads(line)["entry"]["line"] for line in original.splitlines()[1:]
    ]


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_a_rewind_past_the_difference_stays_at_the_old_level(name: str, tmp_path: Path) -> None:
    """Only a rewind to before the first difference upgrades; one after it keeps the
    game at its level (the entries kept still settle as recorded)."""
    entries, number, _ = FIXTURES[name]
    path = _copy(name, tmp_path)
    with Game.load(path) as game:
        if game.rules_difference is None:
            return
        game.rewind(number)
        assert game.rules_level == 0 and game.rules_difference is not None
        game.rewind(number - 3)
        assert game.rules_level == RULES_LEVEL and game.rules_difference is None
        assert game.execute("note under today's rules").ok
    assert _header(path)["rules_level"] == RULES_LEVEL


def test_a_save_today_replays_the_same_moves_to_today_silently(tmp_path: Path) -> None:
    """The plain 1846 save (no fix of 1846 since level 0, or none that changes it): it opens
    with no notice at today's level, written at its next write (a whole rewrite)."""
    path = _copy("level0-1846-plain.json", tmp_path)
    original = path.read_bytes()
    with Game.load(path) as game:
        assert game.notices() == [] and game.rules_level == RULES_LEVEL
        assert path.read_bytes() == original, "opening writes nothing"
        assert game.execute("note now at today's level").ok
    head = _header(path)
    assert (head["format_version"], head["rules_level"]) == (FORMAT_VERSION, RULES_LEVEL)
    assert len(Game.load(path, read_only=True).journal) == 40


def test_wording_is_no_rules_difference() -> None:
    """Events that differ only in their ``reason`` or in notes are the same game; money,
    turns and passes are not (the reading documented in moderator.game)."""
    paid = CashMoved(source="Bo", target="bank", amount=80, reason="4.8.10")
    recorded = (paid, Noted(text="old words"), Passed(player="Ann", reason="old"))
    reworded = (
        CashMoved(source="Bo", target="bank", amount=80, reason="credit train (4.8.10)"),
        Passed(player="Ann", reason="new"),
        Noted(text="new words"),
    )
    game = Game.new("1853", ["Ann", "Bo", "Cat"])
    assert _event_difference(recorded, reworded, game) is None
    other = (CashMoved(source="Bo", target="bank", amount=70, reason="4.8.10"),)
    assert "where the save records" in (_event_difference(recorded, other, game) or "")
    turn = (TurnStarted(who="Cat"),)
    said = _event_difference(recorded, turn, game) or ""
    assert "who=Cat" in said and "Bo pays" in said


def test_a_level_1_pfalz_save_with_weidenthal_used_twice_opens_as_recorded() -> None:
    """Issue 29: ``level1-1847pfalz-weidenthal-twice.json`` (its script beside it), written
    at rules level 1 by commit 646d4a2: L places two stations at Weidenthal's half cost and
    Weidenthal stays open, paying L 10 in between.  It opens and replays as recorded at
    its level; today's rules would close Weidenthal at its first use (1847 Pfalz 4.2), and
    since rules level 13 they refuse that first use itself: the station, written after L's
    run, is more than L held before the run (6.2, 6.3).  The notice names both."""
    name = "level1-1847pfalz-weidenthal-twice.json"
    assert _header(DATA / name)["rules_level"] == 1
    game = Game.load(DATA / name, read_only=True)
    assert game.rules_level == 1 and len(game.journal) == 54
    data = game.state_json()
    companies = {co["id"]: co for co in data["companies"]}
    assert companies["W"]["owner"] == "L" and not companies["W"]["closed"]
    assert companies["L"]["cash"] == 25  # 5 + 10 + 100 - 50 + 10 - 50
    difference = game.rules_difference
    assert difference is not None and difference.line == "spend L 50 token"
    assert difference.number == 46 and difference.round == "OR 4.1"
    assert FIXES["1847Pfalz-4.2"] in difference.fixes
    (notice,) = game.notices()
    assert "1847 Pfalz 4.2" in notice and "held before the run" in notice
    assert FIXES["1847Pfalz-run-income"] in difference.fixes


def test_a_level_2_pfalz_save_with_a_bare_close_w_opens_as_recorded(tmp_path: Path) -> None:
    """Issue 38 (1847 Pfalz 4.2): a game saved at rules level 2 closed a railway-owned
    Weidenthal with a bare ``close W`` (no station, nothing paid).  It opens and replays
    as recorded at its level; today's rules refuse that line, which the notice names."""
    script = (SCRIPTS / "1847pfalz-weidenthal.script").read_text(encoding="utf-8")
    lines = script.splitlines()
    cut = next(i for i, x in enumerate(lines) if x.startswith("spend L 50 token"))
    words = next(x for x in lines if x.startswith("game ")).split()[1:]
    game = Game.new(words[0], words[1:], rules_level=2)
    for line in lines[:cut]:
        if line.strip() and not line.startswith(("#", "game ")):
            assert game.execute(line).ok, line
    assert game.execute("close W").ok  # level 2: accepted as it was
    path = tmp_path / "level2-pfalz-close-w.json"
    game.save(path)
    game.close()
    assert _header(path)["rules_level"] == 2
    loaded = Game.load(path, read_only=True)
    assert loaded.rules_level == 2 and loaded.state.company("W").closed
    difference = loaded.rules_difference
    assert difference is not None and difference.line == "close W"
    assert "spend L 50 token" in difference.what
    assert [f.ident for f in difference.fixes] == [
        "1847Pfalz-4.2-W",
        "1847Pfalz-pass-after-or",
        "1847Pfalz-11.3",
        "1847Pfalz-6.8.2-turn",
        "1847Pfalz-3.3-forced",
        "1847Pfalz-6.8.2-pool",
        "1847Pfalz-11.3-V6",
        "1847Pfalz-8.4-pass",
        "1847Pfalz-box-digits",
        "1847Pfalz-run-income",
        "1847Pfalz-11.2.6-lays",
        "1847Pfalz-6.3-tile",
    ]


@pytest.mark.parametrize(
    ("title", "idents"),
    [
        ("18Chesapeake", {"18Chesapeake-game-words"}),
        ("1889", {"1889-game-words"}),
        ("1830", {"1830-game-words"}),
        ("1853", {"1853-game-words"}),
        ("1846", {"1846-game-words", "1846-6.51"}),
        ("1847AE", {"1847AE-6.5-price"}),
        ("1847RRRRB", {"1847RRRRB-6.5-price"}),
    ],
)
def test_the_level_11_game_words_fixes(title: str, idents: set[str]) -> None:
    """Rules level 11 (helper `rules`): each row names its title and level; other helpers'
    level-11 rows may join them."""
    level_11 = {f.ident for f in fixes_between(title, 10, 11)}
    assert idents <= level_11 and all(FIXES[i].title == title for i in idents)


@pytest.mark.parametrize(
    ("title", "idents"),
    [
        ("1830", {"1830-19.0", "1830-18.0"}),
        ("1889", {"1889-§3-token", "1889-§3-terrain"}),
        ("18Chesapeake", {"18Chesapeake-§3-token", "18Chesapeake-§3-terrain"}),
        ("1817", {"1817-alias-names"}),
    ],
)
def test_the_level_12_fixes(title: str, idents: set[str]) -> None:
    """Rules level 12 (helper `hunt10`: the charter's station tokens, the map's terrain
    costs); other helpers'
    level-12 rows may join them."""
    level_12 = {f.ident for f in fixes_between(title, 11, 12)}
    assert idents <= level_12 and all(FIXES[i].title == title for i in idents)


def test_the_level_13_1817_fixes() -> None:
    """Rules level 13 (helper `short1817`: 1817's shorts, cash crisis and game end); other
    helpers' level-13 rows may join them."""
    level_13 = {f.ident for f in fixes_between("1817", 12, 13)}
    assert {"1817-§5", "1817-§12", "1817-§14", "1817-run-income"} <= level_13
    assert all(FIXES[i].title == "1817" and FIXES[i].level == 13 for i in level_13)


def test_the_level_14_1817_fixes() -> None:
    """Rules level 14 (helper `audit17`: the short squeeze's move in each corporation's
    own turn of the price order; a merger at the survivor's own price keeps its marker's
    place; a bankrupt's holdings in price order); other helpers' level-14 rows may join
    them. The games are played at both
    levels in ``tests/rulesets/test_g1817_shorts.py`` and ``test_g1817_merger.py``."""
    level_14 = {f.ident for f in fixes_between("1817", 13, 14)}
    mine = {"1817-§15-squeeze", "1817-§9-merge-cell", "1817-§12-bankrupt-order"}
    assert mine <= level_14
    assert all(FIXES[i].title == "1817" and FIXES[i].level == 14 for i in mine)


def test_the_level_13_acquisition_round_fix() -> None:
    """Rules level 13 (helper `acq1817`): 1817's acquisition round, the bank's liquidation
    at its end; other helpers' level-13 rows may join it."""
    level_13 = {f.ident for f in fixes_between("1817", 12, 13)}
    assert "1817-acquisition-round" in level_13
    assert FIXES["1817-acquisition-round"].title == "1817"


@pytest.mark.parametrize(
    ("title", "idents"),
    [
        ("1846", {"1846-6.48", "1846-run-income"}),
        ("1847AE", {"1847AE-6.3", "1847AE-run-income"}),
        ("1853", {"1853-4.1.3-once", "1853-4.1.2-minor", "1853-run-income"}),
    ],
)
def test_the_level_13_rules_fixes(title: str, idents: set[str]) -> None:
    """Rules level 13 (helper `rules14`: 1846's track costs, the slips of 1853 and 1847's
    family); other helpers' level-13 rows may join them."""
    level_13 = {f.ident for f in fixes_between(title, 12, 13)}
    assert idents <= level_13 and all(FIXES[i].title == title for i in idents)


@pytest.mark.parametrize(
    ("title", "idents"),
    [
        ("1846", {"1846-fee"}),
        ("1853", {"1853-4.1.2-major"}),
        ("1847Pfalz", {"1847Pfalz-11.2.6-lays", "1847Pfalz-6.3-tile"}),
        ("1847RRRRB", {"1847RRRRB-12.2.1-lays", "1847RRRRB-6.3-tile"}),
        ("1847AE", {"1847AE-6.2-lays", "1847AE-6.3-tile", "1847AE-6.2-costs"}),
    ],
)
def test_the_level_14_spend_fixes(title: str, idents: set[str]) -> None:
    """Rules level 14 (helper `spend`: 1846's fee, a 1853 major's costs of a turn, the
    Pfalz and RRRR&B terrain lines a turn; helper `spend47`: 1847 AE's, a turn's costs,
    and no tile cost or fee in any 1847 version); other helpers' level-14 rows may join them.  A
    level-13 save is told of them, one of level 14 is not."""
    level_14 = {f.ident for f in fixes_between(title, 13, 14)}
    assert idents <= level_14 and all(FIXES[i].title == title for i in idents)
    assert not idents & {f.ident for f in fixes_between(title, 14, 14)}


def test_the_level_15_1830_exchange_fix() -> None:
    """Rules level 15 (helper `rules15`: 1830 Table 1 note 3, M&H kept by a holder of 60% of
    NYC in every zone); other helpers' level-15 rows may join it.  A level-14 save is told
    of it, one of level 15 is not; the behaviour either side of it is asked in
    tests/rulesets/test_family1830_audit16.py."""
    fix = FIXES["1830-Table1-note3"]
    assert (fix.level, fix.title, fix.rule) == (15, "1830", "Table 1 note 3")
    assert "1830-Table1-note3" in {f.ident for f in fixes_between("1830", 14, 15)}
    assert "1830-Table1-note3" not in {f.ident for f in fixes_between("1830", 15, 15)}
    assert "1830-Table1-note3" not in {f.ident for f in fixes_between("1889", 14, 15)}


def test_the_level_15_1830_brown_zone_fix() -> None:
    """Rules level 15 (helper `audit46`: 1830 10.0, brown-zone stock outside the turn's one
    purchase); other helpers' level-15 rows may join it.  A level-14 save is told of it,
    one of level 15 is not, and a level-14 game keeps the old reading."""
    assert FIXES["1830-10.0-brown"].level == 15 and FIXES["1830-10.0-brown"].title == "1830"
    assert "1830-10.0-brown" in {f.ident for f in fixes_between("1830", 14, 15)}
    assert "1830-10.0-brown" not in {f.ident for f in fixes_between("1830", 15, 15)}
